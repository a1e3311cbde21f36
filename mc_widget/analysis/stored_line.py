"""The perfect hint on a board with no kernel: a winning line stored with the board.

An exported page has no solver, so the export stores one winning line of the
deal (:func:`stored_line`) and the Hint button follows it (:func:`line_hint`;
in the browser js/engine/line-hint.js, pinned by tests/vectors/line_hints.json).
The game is compared with the line round by round, since inside a round no
card moves (docs/analysis.md, section 3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.cards import card_symbol
from ..engine.queries import status
from ..engine.state import Consolidate, Remove, State, new_state
from .hint import Hint, _cells_of, _fair_hint, _pair_params, _read
from .solver import solve

__all__ = ["LineHint", "line_hint", "stored_line"]


def stored_line(state: State | dict[str, Any]) -> dict[str, Any]:
    """A winning line of ``state``'s game, as the board stores it (JSON).

    ``{"start": <the game's start, layout notation>, "moves": [<action JSON>, …]
    or None}``. ``moves`` win from the game's start: the actions in effect
    (``history[:cursor]``) and the solver's line from here when this
    position can still be won, else the solver's line from the start; None
    when the deal cannot be won at all. Runs the solver with no limit (about a
    second at most on a standard deal, docs/performance.md "Solver"), once
    more from the start when a move has lost the deal. A JSON state that
    does not verify raises ``StateError``.
    """
    state = _read(state)
    found = solve(state)
    if found.winnable:
        played = [action.to_json() for action in state.history[: state.cursor]]
        return {"start": state.start, "moves": played + [a.to_json() for a in found.moves]}
    if state.cursor == 0:  # this is the start: it has just been solved
        return {"start": state.start, "moves": None}
    found = solve(new_state(state.rules, layout=state.start))
    moves = [a.to_json() for a in found.moves] if found.winnable else None
    return {"start": state.start, "moves": moves}


@dataclass(frozen=True)
class LineHint:
    """What :func:`line_hint` says: a hint, and a note before it (or None).

    ``note``: ``None`` when ``hint`` follows the stored line (key
    ``hint.line`` or ``hint.line-consolidate``, or the only move of a
    consolidation or refill under way); else ``(key, params)`` saying why the
    fair hint is shown instead: ``hint.line-left`` (``round``: the learner's
    round that left the line), ``hint.line-lost`` (the deal cannot be won)
    or ``hint.line-none`` (no line for this game).
    """

    hint: Hint
    note: tuple[str, dict[str, Any]] | None

    def to_json(self) -> dict[str, Any]:
        """``{"hint": Hint JSON, "note": {"key", "params"} | None}``, as ``lineHint`` returns."""
        note = None if self.note is None else {"key": self.note[0], "params": dict(self.note[1])}
        return {"hint": self.hint.to_json(), "note": note}


def _rounds(actions: list[dict[str, Any]], phase: str | None) -> list[list[tuple[int, ...]]]:
    """The removals of each round of ``actions`` (JSON), in order of play: a pair
    ``(i, j)``, a card removed alone (a Thirteens king) ``(i,)``.

    A round ends at its first action that is not a pair. ``phase``: the
    phase after ``actions``; ``"remove"`` after a finished round means the
    next round has begun (with no pair yet), so it gets an empty entry.
    """
    out: list[list[tuple[int, int]]] = [[]]
    closed = False
    for action in actions:
        if action.get("type") == "remove":
            if closed:
                out.append([])
                closed = False
            out[-1].append(tuple(action["cells"]))
        else:
            closed = True
    if closed and phase == "remove":
        out.append([])
    return out


def line_hint(state: State | dict[str, Any], line: dict[str, Any] | None) -> LineHint | None:
    """The perfect hint from a stored ``line`` (:func:`stored_line`'s JSON, or None).

    None when the game is over. When the game's rounds so far are the
    line's (each round the same set of pairs) and the current round's pairs
    are among the line's: the line's next removal (the first of the round's,
    in the line's order, not yet taken: ``hint.line`` for a pair,
    ``hint.line-lone`` with ``card`` for a card that goes alone), or ``Consolidate``
    when the round's pairs are all taken and the phase is ``remove``
    (``hint.line-consolidate``), or the fair
    hint's move, the only one, while a consolidation or refill is under way.
    Otherwise the fair hint with a note (:class:`LineHint`). A JSON state
    that does not verify raises ``StateError``; ``line`` is trusted (the
    export wrote it).
    """
    state = _read(state)
    if status(state) != "playing":
        return None
    fair = _fair_hint(state)
    if fair is None:  # not an assert, which `python -O` drops
        raise RuntimeError("line_hint: no fair hint in a game being played (a bug)")
    if not line or line.get("start") != state.start:
        return LineHint(fair, ("hint.line-none", {}))
    if line.get("moves") is None:
        return LineHint(fair, ("hint.line-lost", {}))
    mine = _rounds([a.to_json() for a in state.history[: state.cursor]], state.phase)
    plan = _rounds(line["moves"], None)
    now = len(mine) - 1
    todo = [p for p in (plan[now] if now < len(plan) else []) if p not in mine[now]]
    for k, pairs in enumerate(mine):
        # The first round that is not the line's: a pair it lacks, or (before
        # this round) fewer pairs, or (this round) its pairs left behind.
        if (
            k >= len(plan)
            or any(p not in plan[k] for p in pairs)
            or (len(pairs) < len(plan[k]) if k < now else bool(todo) and state.phase != "remove")
        ):
            return LineHint(fair, ("hint.line-left", {"round": k + 1}))
    if todo:
        action = Remove(*todo[0])
        if action.j is None:
            key, params = "hint.line-lone", {"card": card_symbol(state.tableau[action.i])}
        else:
            key, params = "hint.line", _pair_params(state, action.i, action.j)
        return LineHint(Hint(action, key, params, _cells_of(state, action), "perfect"), None)
    if state.phase == "remove":
        action = Consolidate()
        cells = _cells_of(state, action)
        return LineHint(Hint(action, "hint.line-consolidate", {}, cells, "perfect"), None)
    return LineHint(fair, None)
