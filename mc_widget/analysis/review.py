"""The review of a game: which move lost it (docs/analysis.md, section 4).

A learner who lost wants to know where: the review replays the game's
actions and asks the full-information solver (:mod:`.solver`) at each
position whether the deal could still be won. Winnable is monotone along a
game (an action from a lost position leads to a lost one, or there would be
a win from it), so a binary search over the actions needs few solves. It
also lists where the fair hint (:mod:`.hint`) would have played otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.actions import apply, status, verify_state
from ..engine.messages import Phrase, format_message, phrase
from ..engine.state import Action, Remove, State, new_state
from .hint import fair_hint
from .solver import Solution, solve

__all__ = ["Review", "describe", "review"]


@dataclass(frozen=True)
class Review:
    """What :func:`review` found.

    ``first_losing_move``: the index (0-based, in the order applied) of the
    action after which the deal could no longer be won, or None (it never
    could: ``never_winnable``; or it still can). ``instead``: the first move
    of a winning line from just before that action (an ``Action``), else
    None. ``fair_differs``: the indices of the actions, made in phase
    ``remove``, where the fair hint would have done something else.
    ``key`` and ``params``: the catalogue entry (``review.never``,
    ``review.still-winnable``, ``review.lost-at``) and its parameters
    (``action`` and ``instead`` are :func:`describe` phrases: English text
    that :meth:`message` says again in another language).
    """

    first_losing_move: int | None
    instead: Action | None
    never_winnable: bool
    fair_differs: tuple[int, ...]
    key: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def reason(self) -> str:
        """The catalogue's English text for ``key`` and ``params``."""
        return format_message(self.key, self.params)

    def message(self, lang: str = "en") -> str:
        """The review's text in ``lang`` (``ValueError`` for an unknown code)."""
        return format_message(self.key, self.params, lang)


def describe(state: State, action: Action, lang: str = "en") -> Phrase:
    """``action``, made from ``state``, in words: "removing 9♠ and 9♣", "consolidating".

    A pair names its two cards, the lower cell first; a single step of a
    consolidation or refill is worded as the whole of it. In ``lang``
    (``ValueError`` for an unknown code), as a ``Phrase``: a parameter that
    is said again in the language of the sentence it goes into.
    """
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
    otherwise the first losing move is the least ``k`` whose
    ``position(k + 1)`` is lost (found by binary search), None when the
    position now can still be won. ``instead`` is the first of the solver's
    moves from ``position(k)``. Every solve is exact (no limit), so a review
    takes a few solves of at most about a second each on the standard game.
    """
    if not isinstance(state, State):
        state = verify_state(state)
    actions = state.history[: state.cursor]
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
    fair_differs = tuple(differs)

    if not winnable(0):
        return Review(None, None, True, fair_differs, "review.never", {})
    last = len(actions)
    if winnable(last):
        return Review(None, None, False, fair_differs, "review.still-winnable", {})
    won, lost = 0, last  # winnable(won) and not winnable(lost)
    while lost - won > 1:
        middle = (won + lost) // 2
        if winnable(middle):
            won = middle
        else:
            lost = middle
    instead = solved[won].moves[0]
    params = {
        "number": won + 1,
        "action": describe(positions[won], actions[won]),
        "instead": describe(positions[won], instead),
    }
    return Review(won, instead, False, fair_differs, "review.lost-at", params)
