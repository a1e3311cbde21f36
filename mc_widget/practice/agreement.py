"""The agreement check of issue 21: every generated exercise's answer agrees
with the engine's own rule functions, asked another way (docs/practice.md,
"How it is tested").

Used by tests/test_practice_agreement.py (a few hundred seeds) and
benchmarks/practice_agreement.py (10,000 seeds per kind and level). The
answer ``right_answer`` gives is compared with what the engine says through
other doors: the ``Game`` API (``neighbours``, ``legal_pairs``,
``consolidate_step``, ``refill_step``, ``status``), ``highlights``, every
touching pair tried with ``apply``, and for *choose* the analysis solver
(``Game.solve``), a separate search from :mod:`.search`. Each exercise's
state must pass ``verify_state``.
"""

from __future__ import annotations

from ..engine.actions import apply, verify_state
from ..engine.errors import IllegalMove
from ..engine.game import Game
from ..engine.queries import false_neighbours, highlights, legal_removals, lone_cells
from ..engine.rules import touching_edges
from .check import check, right_answer
from .generate import Question

__all__ = ["disagreement"]


def _game(q: Question) -> Game:
    game = Game.from_layout(q.layout, q.rules)
    for step in q.steps:
        game.apply(step)
    return game


def _solved(q: Question, removal: list[int]) -> bool | None:
    game = _game(q)
    game.apply({"type": "remove", "cells": removal})
    return game.solve(node_limit=200_000).winnable


def disagreement(q: Question) -> str | None:
    """``None`` when ``q``'s right answer agrees with the engine asked another
    way; else a short text saying what differs."""
    state = q.state
    if verify_state(state.to_json()) != state:
        return "state does not verify"
    answer = right_answer(q)
    if not check(q, answer).right:
        return "the right answer is not checked right"
    value = next(iter(answer.values()))
    game = _game(q)
    if q.ask == "neighbours":
        seen = [c for c in highlights(state, q.cell)["neighbours"] if state.tableau[c] is not None]
        if state.rules.touching == "eight":
            if [c for c in game.neighbours(q.cell) if game.grid[c] is not None] != value:
                return "neighbours differ from Game.neighbours"
            if set(value) & set(false_neighbours(state, q.cell)):
                return "a false neighbour counted"
        return None if seen == value else "neighbours differ from highlights"
    if q.ask == "removals":
        tried = []
        for i, j in touching_edges(state.rules):
            try:
                apply(state, {"type": "remove", "cells": [i, j]})
            except IllegalMove:
                continue
            tried.append([i, j])
        for cell in lone_cells(state):
            tried.append([cell])
        return None if sorted(tried) == value else "removals differ from apply"
    if q.ask == "next-move":
        return None if list(game.consolidate_step()) == value else "differs from consolidate_step"
    if q.ask == "destination":
        # Follow the card step by step (two decks may hold two equal cards).
        cell = q.cell
        while game.state.phase != "refill" and (move := game.consolidate_step()) is not None:
            if move[0] == cell:
                cell = move[1]
            if game.state.phase != "consolidate":
                break
        return None if cell == value else "destination differs from consolidate_step"
    if q.ask in ("next-cells", "cells-after-consolidating"):
        if q.ask == "cells-after-consolidating":
            game.consolidate()
        cells = []
        while (cell := game.refill_step()) is not None:
            cells.append(cell)
        if q.count is not None:
            cells = cells[: q.count]
        return None if cells == value else "cells differ from refill_step"
    if q.ask == "winnable-removal":
        verdicts = {tuple(r): _solved(q, list(r)) for r in legal_removals(state)}
        if verdicts[tuple(value)] is not True:
            return "the solver does not win after the answer"
        if False not in verdicts.values():
            return "no removal loses by the solver"
        return None
    return None if game.status == value else "status differs from Game.status"
