"""The review of a game: which move lost it (docs/analysis.md, section 4).

A learner who lost wants to know where. Winnable is monotone along a game, so
a binary search over the actions needs few solves of the solver
(:mod:`.solver`); the review also lists where the fair hint (:mod:`.hint`)
would have played otherwise. Moves are counted as a learner counts them
(:func:`move_numbers`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.actions import apply, verify_state
from ..engine.messages import Phrase, counted, format_list, format_message, phrase
from ..engine.queries import status
from ..engine.state import Action, Remove, State, new_state
from .hint import fair_hint
from .solver import Solution, solve

__all__ = ["FAIR_SHOWN", "Review", "describe", "move_number", "move_numbers", "review"]

#: The most move numbers the review's fair-hint sentence lists; past it, the
#: first ``FAIR_SHOWN - 1`` and "N more" (so N is at least 2).
FAIR_SHOWN = 5


def move_numbers(actions: Sequence[Action]) -> tuple[int, ...]:
    """The move number, counted from 1 as a learner counts, of each of ``actions``.

    ``actions``: a game's history in the order applied (``history[:cursor]``).
    A pair removed is one move; a whole consolidation is one move, whether it
    was made with ``consolidate()`` or with its one-card steps (or steps and
    then ``consolidate()`` for the rest); a refill likewise. So an action
    starts a new move unless the action before it was a ``consolidate_step``
    (a ``refill_step``) and it consolidates (refills) too: it goes on with
    that consolidation (refill). A round never has two consolidations or two
    refills without a pair removed between them (a consolidation leaves no
    card after a gap, and a refill comes after it), so the history alone
    tells where a move ends. With whole actions the move number of index
    ``k`` is ``k + 1``.
    """
    numbers: list[int] = []
    number = 0
    before: Action | None = None
    for action in actions:
        kind = action.type.removesuffix("_step")
        goes_on = (
            before is not None
            and before.type.endswith("_step")
            and before.type.removesuffix("_step") == kind
        )
        if not goes_on:
            number += 1
        numbers.append(number)
        before = action
    return tuple(numbers)


def move_number(actions: Sequence[Action], k: int) -> int:
    """The move number (from 1) of ``actions[k]``, as :func:`move_numbers` counts.

    ``k``: an index of ``actions`` (0 … ``len(actions) - 1``); another value
    raises ``ValueError`` naming it.
    """
    if not (isinstance(k, int) and not isinstance(k, bool) and 0 <= k < len(actions)):
        raise ValueError(f"move_number: {k!r} is not an index of the {len(actions)} actions")
    return move_numbers(actions[: k + 1])[k]


def _fair_sentence(numbers: Sequence[int]) -> Phrase:
    """Where the fair hint would have chosen differently, in words (move numbers from 1)."""
    if not numbers:
        return phrase("review.fair-same")
    if len(numbers) == 1:
        return phrase("review.fair-one", {"moves": numbers[0]})
    items: list[Any] = list(numbers)
    if len(numbers) > FAIR_SHOWN:
        items = [
            *numbers[: FAIR_SHOWN - 1],
            counted("count.more-moves", len(numbers) - FAIR_SHOWN + 1),
        ]
    return phrase("review.fair-several", {"moves": format_list(items)})


@dataclass(frozen=True)
class Review:
    """What :func:`review` found.

    ``first_losing_move``: the index (0-based, in the order applied) of the
    action after which the deal could no longer be won, or None (it never
    could: ``never_winnable``; or it still can, or was won). ``instead``:
    the first move of a winning line from just before that action (an
    ``Action``), else None. ``fair_differs``: the indices (0-based, into
    ``history``) of the actions, made in phase ``remove``, where the fair
    hint would have done something else; ``fair_moves``: their move numbers
    as the learner counts them (:func:`move_numbers`, from 1). ``moves_made``:
    how many moves the game had (0: none yet). ``key`` and ``params``: the
    verdict's catalogue entry (``review.never``, ``review.still-winnable``,
    ``review.won``, ``review.lost-at``) and its parameters (``number`` a
    move number; ``action`` and ``instead`` :func:`describe` phrases:
    English text that :meth:`message` says again in another language).
    """

    first_losing_move: int | None
    instead: Action | None
    never_winnable: bool
    fair_differs: tuple[int, ...]
    key: str
    params: dict[str, Any] = field(default_factory=dict)
    fair_moves: tuple[int, ...] = ()
    moves_made: int = 0

    @property
    def fair(self) -> Phrase | None:
        """The sentence on the fair hint: where it would have chosen differently
        (the first few move numbers, then "and N more"), or that it would have
        made every move the same; None when no move was made."""
        return _fair_sentence(self.fair_moves) if self.moves_made else None

    def words(self) -> tuple[str, dict[str, Any]]:
        """The key and params of the whole text: the verdict, then :attr:`fair`
        (``review.and-fair`` with ``verdict`` and ``fair``, nested messages),
        or the verdict alone when no move was made."""
        fair = self.fair
        if fair is None:
            return self.key, self.params
        return "review.and-fair", {"verdict": phrase(self.key, self.params), "fair": fair}

    @property
    def reason(self) -> str:
        """The review's English text: the verdict, then the fair hint's sentence."""
        return self.message()

    def message(self, lang: str = "en") -> str:
        """The review's text in ``lang`` (``ValueError`` for an unknown code)."""
        key, params = self.words()
        return format_message(key, params, lang)


def describe(state: State, action: Action, lang: str = "en") -> Phrase:
    """``action``, made from ``state``, in words: "removing 9♠ and 9♣", "consolidating".

    A pair names its two cards, the lower cell first; a card removed alone
    (a Thirteens king) is "removing K♠ alone"; a single step of a
    consolidation or refill is worded as the whole of it. In ``lang``
    (``ValueError`` for an unknown code), as a ``Phrase``: a parameter that
    is said again in the language of the sentence it goes into.
    """
    if isinstance(action, Remove) and action.j is None:
        card = state.tableau[action.i]
        if card is None:
            raise ValueError(f"describe: cell {action.i} is a gap")
        return phrase("review.action-remove-lone", {"card": card}, lang)
    if isinstance(action, Remove):
        a, b = state.tableau[action.i], state.tableau[action.j]
        if a is None or b is None:
            raise ValueError(f"describe: cell {action.i if a is None else action.j} is a gap")
        return phrase("review.action-remove", {"a": a, "b": b}, lang)
    if action.type in ("consolidate", "consolidate_step"):
        return phrase("review.action-consolidate", lang=lang)
    if action.type in ("refill", "refill_step"):
        return phrase("review.action-refill", lang=lang)
    raise ValueError(f"describe: {action.type!r} is not a game action")


def _same(hinted: Action, played: Action) -> bool:
    """True when the played action does what the hint said (a pair as a set of
    cells; a single step as the whole consolidation or refill)."""
    if isinstance(hinted, Remove) or isinstance(played, Remove):
        return (
            isinstance(hinted, Remove)
            and isinstance(played, Remove)
            and {hinted.i, hinted.j} == {played.i, played.j}
        )
    return hinted.type.removesuffix("_step") == played.type.removesuffix("_step")


def review(state: State | dict[str, Any]) -> Review:
    """Review the game of ``state``: its actions ``history[:cursor]``.

    ``state``: a ``State`` or its JSON object (verified; ``StateError`` when
    it does not verify). With ``position(k)`` the state after the first
    ``k`` actions: never winnable when the solver loses ``position(0)``;
    won (``review.won``) when the game is; otherwise the first losing move
    is the least ``k`` whose ``position(k + 1)`` is lost (found by binary
    search), None when the position now can still be won. ``instead`` is
    the first of the solver's moves from ``position(k)``; the text names the
    move by its number as the learner counts (:func:`move_numbers`). Every
    solve is exact (no limit), so a review takes a few solves of at most
    about a second each on the standard game.
    """
    if not isinstance(state, State):
        state = verify_state(state)
    actions = state.history[: state.cursor]
    numbers = move_numbers(actions)
    positions = [new_state(state.rules, layout=state.start)]
    for action in actions:
        positions.append(apply(positions[-1], action))
    solved: dict[int, Solution] = {}

    def winnable(k: int) -> bool:
        if k not in solved:
            solved[k] = solve(positions[k])
        return bool(solved[k].winnable)

    differs = []
    for k, action in enumerate(actions):
        here = positions[k]
        if here.phase == "remove" and status(here) == "playing":
            hint = fair_hint(here)
            if hint is not None and not _same(hint.action, action):
                differs.append(k)
    found = {
        "fair_differs": tuple(differs),
        "fair_moves": tuple(numbers[k] for k in differs),
        "moves_made": numbers[-1] if numbers else 0,
    }

    if not winnable(0):
        return Review(None, None, True, key="review.never", **found)
    last = len(actions)
    if status(positions[last]) == "won":
        return Review(None, None, False, key="review.won", **found)
    if winnable(last):
        return Review(None, None, False, key="review.still-winnable", **found)
    won, lost = 0, last  # winnable(won) and not winnable(lost)
    while lost - won > 1:
        middle = (won + lost) // 2
        if winnable(middle):
            won = middle
        else:
            lost = middle
    instead = solved[won].moves[0]
    params = {
        "number": numbers[won],
        "action": describe(positions[won], actions[won]),
        "instead": describe(positions[won], instead),
    }
    return Review(won, instead, False, key="review.lost-at", params=params, **found)
