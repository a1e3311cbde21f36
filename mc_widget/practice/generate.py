"""Generating an exercise from ``(kind, level, seed, rules)`` (issue 21;
docs/practice.md, "Kinds and levels").

Deterministic: the seed drives mulberry32 (:mod:`.rng`), the positions are
made by the engine (:mod:`.positions`), and js/practice/generate.js makes
the same exercise from the same four values, pinned by
tests/vectors/practice.json. A :class:`Question` holds no answer: checking
asks the engine again (:mod:`.check`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..engine.actions import apply, perform
from ..engine.cards import full_deck
from ..engine.deals import MAX_DEAL
from ..engine.errors import is_int, show_value
from ..engine.layout import format_layout
from ..engine.queries import (
    card_after,
    false_neighbours,
    first_gap,
    legal_removals,
    status,
)
from ..engine.rules import Rules, is_stay, neighbours, place, resolve_rules
from ..engine.state import State, new_state
from .errors import PracticeError
from .kinds import check_kind, check_level, check_preset
from .positions import MAX_GAMES, laid_out, late_cards, played, walk
from .rng import Rng
from .search import winnable

__all__ = ["CHOOSE_SIZES", "Question", "check_seed", "generate"]

_STEP = {"type": "consolidate_step"}
_CONSOLIDATE = {"type": "consolidate"}

#: choose: (removals' worth of cards, fewest removal options) by level.
CHOOSE_SIZES = {1: (3, 2), 2: (4, 2), 3: (5, 3)}
#: choose: how many card sets are tried before giving up (none needs it).
CHOOSE_ATTEMPTS = 3000

#: verdict: how many seeded games are searched for the kinds of position.
VERDICT_GAMES = 3
#: verdict: the kinds of position each level draws from.
VERDICTS = {
    1: ("won", "lost", "playing-pairs"),
    2: ("lost-stock", "playing-gaps", "playing-pairs"),
    3: ("lost-stock", "playing-gaps", "playing-end-gaps"),
}


@dataclass(frozen=True)
class Question:
    """One generated exercise.

    ``kind``, ``level`` (1-3), ``seed`` (0 … 2**32 - 1), ``rules`` (a preset
    name); the position: ``layout`` (layout notation, loaded with
    ``new_state``) then ``steps`` (engine actions applied to it, e.g. a
    consolidation under way); ``ask`` (what is asked: ``neighbours``,
    ``removals``, ``next-move``, ``destination``, ``next-cells``,
    ``cells-after-consolidating``, ``winnable-removal``, ``status``);
    ``cell`` (the marked cell, or ``None``); ``count`` (how many stock cards
    are asked about, or ``None``). ``state`` is the position as an engine
    state; ``prompt()`` the question as ``{"key", "params"}``.
    """

    kind: str
    level: int
    seed: int
    rules: str
    layout: str
    steps: tuple[dict[str, Any], ...]
    ask: str
    cell: int | None = None
    count: int | None = None

    @cached_property
    def state(self) -> State:
        """The position: ``new_state(rules, layout=layout)`` then ``steps`` applied."""
        state = new_state(self.rules, layout=self.layout)
        for step in self.steps:
            state = apply(state, step)
        return state

    def prompt(self) -> dict[str, Any]:
        """The question as message data ``{"key": "practice.ask.<ask>", "params": …}``."""
        params: dict[str, Any] = {}
        if self.cell is not None:
            card = self.state.tableau[self.cell]
            params = {"card": card.symbol, "place": _place(self.state.rules, self.cell)}
        if self.count is not None:
            params["cards"] = {"count": self.count, "of": "count.cards"}
        return {"key": _ASK_KEYS[self.ask], "params": params}

    def to_json(self) -> dict[str, Any]:
        """The exercise as plain JSON (a new dict): the fields above and ``prompt``."""
        return {
            "kind": self.kind,
            "level": self.level,
            "seed": self.seed,
            "rules": self.rules,
            "layout": self.layout,
            "steps": [dict(step) for step in self.steps],
            "ask": self.ask,
            "cell": self.cell,
            "count": self.count,
            "prompt": self.prompt(),
        }


#: The prompt of each question (written out, so the catalogue test sees the keys).
_ASK_KEYS = {
    "neighbours": "practice.ask.neighbours",
    "removals": "practice.ask.removals",
    "next-move": "practice.ask.next-move",
    "destination": "practice.ask.destination",
    "next-cells": "practice.ask.next-cells",
    "cells-after-consolidating": "practice.ask.cells-after-consolidating",
    "winnable-removal": "practice.ask.winnable-removal",
    "status": "practice.ask.status",
}


def _place(rules: Rules, cell: int) -> dict[str, Any]:
    row, col = place(rules, cell)
    return {"key": "cell.place", "params": {"row": row, "col": col}}


def check_seed(value: Any, path: str = "seed") -> int:
    """``value`` when it is a seed, an int ``0 … 4294967295``; else ``practice-error.range``."""
    if not is_int(value) or not 0 <= value <= MAX_DEAL:
        raise PracticeError(
            path, "practice-error.range", {"value": show_value(value), "low": 0, "high": MAX_DEAL}
        )
    return value


def generate(kind: str, level: int = 1, seed: int = 0, rules: str = "standard") -> Question:
    """The exercise of ``kind`` at ``level`` made from ``seed`` under the preset ``rules``.

    The same four values give the same exercise, here and in
    js/practice/generate.js. Raises ``PracticeError`` for an unknown kind
    (``practice-error.choice``, path ``kind``), a level other than 1, 2, 3
    or a seed outside ``0 … 2**32 - 1`` (``practice-error.range``), or a
    name that is not a preset (path ``rules``).
    """
    check_kind(kind)
    check_level(level)
    check_seed(seed)
    check_preset(rules)
    rng = Rng(seed)
    fields = _MAKERS[kind](rng, resolve_rules(rules), level)
    return Question(kind=kind, level=level, seed=seed, rules=rules, **fields)


def _gaps(state: State) -> int:
    return sum(1 for card in state.tableau if card is None)


def _cards(state: State) -> list[int]:
    return [cell for cell, card in enumerate(state.tableau) if card is not None]


def _neighbours(rng: Rng, rules: Rules, level: int) -> dict[str, Any]:
    def wanted(state: State) -> list[int]:
        if level == 1:
            if _gaps(state):
                return []
            # Corners and edges: fewer than eight cells around (mistakes M2, M6).
            return [c for c in _cards(state) if len(neighbours(rules, c)) < 8]
        least = 1 if level == 2 else 2
        return [c for c in _cards(state) if len(false_neighbours(state, c)) >= least]

    state, cells = played(rng, rules, wanted)
    return {"layout": state.layout(), "steps": (), "ask": "neighbours", "cell": rng.pick(cells)}


def _pairs(rng: Rng, rules: Rules, level: int) -> dict[str, Any]:
    def wanted(state: State) -> list[bool]:
        gaps = _gaps(state)
        found = len(legal_removals(state))
        if level == 1:
            return [True] if not gaps else []
        if level == 2:
            return [True] if gaps and found else []
        return [True] if gaps and status(state) == "playing" and found in (0, 3, 4, 5, 6) else []

    state, _ = played(rng, rules, wanted)
    return {"layout": state.layout(), "steps": (), "ask": "removals"}


def _moves(state: State) -> list[tuple[int, int]]:
    """The moves a whole consolidation makes from ``state`` (``perform``'s result)."""
    return perform(state, _CONSOLIDATE)[1]


def _consolidate(rng: Rng, rules: Rules, level: int) -> dict[str, Any]:
    least = (1, 2, 4)[level - 1]

    def wanted(state: State) -> list[int]:
        gap = first_gap(state.tableau)
        if status(state) != "playing" or gap < 0 or card_after(state.tableau, gap) < 0:
            return []
        moves = _moves(state)
        return [1] if len(moves) >= least else []

    state, _ = played(rng, rules, wanted)
    if level == 1:
        return {"layout": state.layout(), "steps": (), "ask": "next-move"}
    moves = _moves(state)
    done = len(moves) // 2 if level == 3 else 0
    cell = rng.pick([source for source, _ in moves[done:]])
    return {
        "layout": state.layout(),
        "steps": (_STEP,) * done,
        "ask": "destination",
        "cell": cell,
    }


def _refill(rng: Rng, rules: Rules, level: int) -> dict[str, Any]:
    def wanted(state: State) -> list[bool]:
        if status(state) != "playing" or not state.stock or not _gaps(state):
            return []
        gap = first_gap(state.tableau)
        moving = card_after(state.tableau, gap) >= 0
        if level == 3:
            return [True] if moving else []
        return [True] if level == 1 or _gaps(state) >= 2 else []

    state, _ = played(rng, rules, wanted)
    layout = state.layout()
    if level == 3:
        return {"layout": layout, "steps": (), "ask": "cells-after-consolidating", "count": None}
    ready = apply(new_state(rules, layout=layout), _CONSOLIDATE)
    count = 1 if level == 1 else min(_gaps(ready), len(ready.stock))
    return {"layout": layout, "steps": (_CONSOLIDATE,), "ask": "next-cells", "count": count}


def _verdict_test(kind: str, state: State) -> bool:
    verdict = status(state)
    removals = legal_removals(state)
    if kind == "lost":
        return verdict == "lost"
    if kind == "lost-stock":
        return verdict == "lost" and bool(state.stock)
    if verdict != "playing":
        return False
    if kind == "playing-pairs":
        return bool(removals)
    gap = first_gap(state.tableau)
    if removals or gap < 0:
        return False
    moving = card_after(state.tableau, gap) >= 0
    if kind == "playing-gaps":
        return moving
    return not moving and bool(state.stock)  # playing-end-gaps


def _verdict(rng: Rng, rules: Rules, level: int) -> dict[str, Any]:
    kinds = VERDICTS[level]
    if "won" in kinds and rng.below(len(kinds)) == 0:
        # Won: the stock is empty and only stay cards are left (RULES.md, "End of the game").
        stay = [card for card in full_deck(rules.decks) if is_stay(rules, card)]
        tableau = tuple(stay) + (None,) * (rules.cells - len(stay))
        return {"layout": format_layout(rules, tableau, ()), "steps": (), "ask": "status"}
    played_kinds = [kind for kind in kinds if kind != "won"]
    # The first position of each kind met in VERDICT_GAMES games (some
    # variants almost never block with stock left: Aces Square, the lines).
    found: dict[str, State] = {}
    for game, state in walk(rng, rules):
        # After VERDICT_GAMES games, the first kind met ends the search.
        if (game >= VERDICT_GAMES and found) or len(found) == len(played_kinds):
            break
        for kind in played_kinds:
            if kind not in found and _verdict_test(kind, state):
                found[kind] = state
    if not found:
        raise PracticeError("seed", "practice-error.no-position", {"games": MAX_GAMES})
    state = found[rng.pick([kind for kind in played_kinds if kind in found])]
    return {"layout": state.layout(), "steps": (), "ask": "status"}


def _choose(rng: Rng, rules: Rules, level: int) -> dict[str, Any]:
    if rules.touching == "line":
        # Under ``line`` a late position can never be lost by a choice: with
        # an empty stock the cards end up in one row, where all of them
        # touch (docs/practice.md, "choose").
        raise PracticeError("rules", "practice-error.choose-line", {"rules": rules.name})
    units, options = CHOOSE_SIZES[level]
    for _ in range(CHOOSE_ATTEMPTS):
        state = laid_out(rng, rules, late_cards(rng, rules, units))
        removals = legal_removals(state)
        if len(removals) < options:
            continue
        keeps = [winnable(apply(state, {"type": "remove", "cells": list(r)})) for r in removals]
        if any(keeps) and not all(keeps):
            return {"layout": state.layout(), "steps": (), "ask": "winnable-removal"}
    raise PracticeError("seed", "practice-error.no-position", {"games": CHOOSE_ATTEMPTS})


_MAKERS = {
    "neighbours": _neighbours,
    "pairs": _pairs,
    "consolidate": _consolidate,
    "refill": _refill,
    "choose": _choose,
    "verdict": _verdict,
}
