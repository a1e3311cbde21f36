"""An exact search for small positions: can this game still be won?
(RULES.md, "A round" and "End of the game".)

The *choose* exercise is checked by search, not by a stored key. Its
positions are small (an empty stock and at most ten cards), so a plain
depth-first search over the engine's own ``apply`` decides them in
milliseconds in both engines (js/practice/search.js is the twin). Each round
it tries every removal allowed now (``legal_removals``) and, when it can,
consolidating (and refilling) without removing more; positions already seen
(tableau, stock and phase) are not searched again. The analysis solver
(mc_widget/analysis/solver.py) is faster on whole deals but has no
JavaScript twin; this one is the same in both engines by construction.
"""

from __future__ import annotations

from ..engine.actions import apply
from ..engine.queries import can_consolidate, legal_removals, status
from ..engine.state import State

__all__ = ["MAX_SEARCH_CARDS", "winnable"]

#: The search is meant for positions of at most this many cards (and an empty stock).
MAX_SEARCH_CARDS = 12

_CONSOLIDATE = {"type": "consolidate"}
_REFILL = {"type": "refill"}


def winnable(state: State) -> bool:
    """True when some sequence of legal actions from ``state`` wins the game.

    ``state`` is in phase ``remove`` (the phase every round starts and a
    choice is made in). Exhaustive: each position (tableau and stock) is
    expanded once. Meant for small positions (see :data:`MAX_SEARCH_CARDS`);
    the work grows with the number of pairs.
    """
    return _winnable(state, set())


def _after_round(state: State) -> State:
    state = apply(state, _CONSOLIDATE)
    if state.phase == "refill":
        state = apply(state, _REFILL)
    return state


def _winnable(state: State, seen: set[str]) -> bool:
    verdict = status(state)
    if verdict != "playing":
        return verdict == "won"
    key = state.layout()
    if key in seen:
        return False
    seen.add(key)
    for removal in legal_removals(state):
        if _winnable(apply(state, {"type": "remove", "cells": list(removal)}), seen):
            return True
    return can_consolidate(state) and _winnable(_after_round(state), seen)
