"""The board's side of the analysis (docs/analysis.md, section 6): what the
Hint and Review buttons and the "can this still be won?" line show.

Kept apart from ``widget.py`` (which is about keeping Python and the views in
step) and from ``mc_widget.analysis`` (which never imports the widget): these
functions turn a hint, a review or a solver verdict into the traits a board
shows. The fair hint is also made in the browser (``js/engine/hint.js``); the
perfect hint, the review and the verdict need the solver, so only Python makes
them, and their texts reach the board finished (``feedback.text``; the
bundle's catalogue leaves their keys out, ``PYTHON_ONLY`` in
scripts/build.mjs), in the board's language; their parameters go as data
(``params_json``), so the board can have them said again in another one
(docs/i18n.md, section 2).
"""

from __future__ import annotations

from typing import Any

from .engine import format_message
from .engine.game import Game
from .engine.messages import params_json
from .engine.state import Remove

__all__ = ["HINT_KINDS", "WINNABLE_NODE_LIMIT", "hint_feedback", "review_feedback", "verdict"]

#: The ``hints`` trait's values: which hint the Hint button gives.
HINT_KINDS = ("fair", "perfect")

#: The solver's node limit for the indicator, so a hard deal answers "not
#: known" after a fraction of a second instead of holding up every move.
WINNABLE_NODE_LIMIT = 20_000


def _feedback(key: str, params: dict[str, Any], cells=(), *, python_only: bool, lang: str) -> dict:
    feedback = {"key": key, "params": params_json(params), "cells": list(cells), "tone": "info"}
    if python_only:
        feedback["text"] = format_message(key, params, lang)
    return feedback


def hint_feedback(hint: Any, lang: str = "en") -> dict[str, Any]:
    """The ``feedback`` trait for a ``Hint`` (or ``None``: the game is over).

    The hint's cells are marked on the board (``data-hint``); a perfect hint
    carries its finished text in ``lang``, as only Python makes it. Raises
    ``ValueError`` for an unknown ``lang``.
    """
    if hint is None:
        return _feedback("hint.none", {}, python_only=False, lang=lang)
    perfect = hint.kind == "perfect"
    return _feedback(hint.key, hint.params, hint.cells, python_only=perfect, lang=lang)


def review_feedback(review: Any, lang: str = "en") -> dict[str, Any]:
    """The ``feedback`` trait for a ``Review``: its whole text in ``lang`` (the
    verdict, then where the fair hint would have chosen differently:
    ``Review.words``), with the move that still wins there (when it is a
    pair) marked like a hint."""
    cells = review.instead.cells if isinstance(review.instead, Remove) else ()
    key, params = review.words()
    return _feedback(key, params, cells, python_only=True, lang=lang)


def walk_back(game: Game, cursor: int) -> None:
    """Undo ``game`` until ``cursor`` actions are in effect (``0 ≤ cursor ≤ game.cursor``)."""
    while game.cursor > cursor:
        game.undo()


def verdict(game: Game) -> bool | None:
    """Whether ``game`` can still be won: the solver's answer, or ``None`` when
    it needed more than :data:`WINNABLE_NODE_LIMIT` nodes (docs/analysis.md, 2)."""
    return game.solve(node_limit=WINNABLE_NODE_LIMIT).winnable
