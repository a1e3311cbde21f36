"""The board's side of the analysis (docs/analysis.md, section 6): what the
Hint and Review buttons and the "can this still be won?" line show.

Kept apart from ``widget.py`` (which is about keeping Python and the views in
step) and from ``mc_widget.analysis`` (which never imports the widget): these
functions turn a hint, a review or a solver verdict into the traits a board
shows. The fair hint is also made in the browser (``js/engine/hint.js``); the
perfect hint, the review and the verdict need the solver, so only Python makes
them, and their texts reach the board finished (``feedback.text``; the
bundle's catalogue leaves their keys out, ``PYTHON_ONLY`` in
scripts/build.mjs).
"""

from __future__ import annotations

from typing import Any

from .engine import format_message
from .engine.game import Game
from .engine.state import Remove

__all__ = ["HINT_KINDS", "WINNABLE_NODE_LIMIT", "hint_feedback", "review_feedback", "verdict"]

#: The ``hints`` trait's values: which hint the Hint button gives.
HINT_KINDS = ("fair", "perfect")

#: The solver's node limit for the indicator, so a hard deal answers "not
#: known" after a fraction of a second instead of holding up every move.
WINNABLE_NODE_LIMIT = 20_000


def _feedback(key: str, params: dict[str, Any], cells=(), *, python_only: bool) -> dict:
    feedback = {"key": key, "params": dict(params), "cells": list(cells), "tone": "info"}
    if python_only:
        feedback["text"] = format_message(key, feedback["params"])
    return feedback


def hint_feedback(hint: Any) -> dict[str, Any]:
    """The ``feedback`` trait for a ``Hint`` (or ``None``: the game is over).

    The hint's cells are marked on the board (``data-hint``); a perfect hint
    carries its finished text, as only Python makes it.
    """
    if hint is None:
        return _feedback("hint.none", {}, python_only=False)
    return _feedback(hint.key, hint.params, hint.cells, python_only=hint.kind == "perfect")


def review_feedback(review: Any) -> dict[str, Any]:
    """The ``feedback`` trait for a ``Review``: its text, with the move that
    still wins there (when it is a pair) marked like a hint."""
    cells = review.instead.cells if isinstance(review.instead, Remove) else ()
    return _feedback(review.key, review.params, cells, python_only=True)


def walk_back(game: Game, cursor: int) -> None:
    """Undo ``game`` until ``cursor`` actions are in effect (``0 ≤ cursor ≤ game.cursor``)."""
    while game.cursor > cursor:
        game.undo()


def verdict(game: Game) -> bool | None:
    """Whether ``game`` can still be won: the solver's answer, or ``None`` when
    it needed more than :data:`WINNABLE_NODE_LIMIT` nodes (docs/analysis.md, 2)."""
    return game.solve(node_limit=WINNABLE_NODE_LIMIT).winnable
