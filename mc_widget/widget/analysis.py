"""The board's side of the analysis: a hint or a review as the ``feedback`` it shows.

Why apart: ``mc_widget.analysis`` never imports the widget. The perfect hint
and the review need the solver, so only Python makes them and their texts
reach the board finished (``feedback.text``), with their parameters as data
so they can be said again in another language. docs/analysis.md, section 6;
the ``winnable`` verdict is in ``mc_widget.board_values``.
"""

from __future__ import annotations

from typing import Any

from ..engine.game import Game
from ..engine.state import Remove
from .feedback import make_feedback

__all__ = ["hint_feedback", "looked_back", "review_feedback", "walk_back"]


def hint_feedback(hint: Any, lang: str = "en") -> dict[str, Any]:
    """The ``feedback`` trait for a ``Hint`` (or ``None``: the game is over).

    The hint's cells are marked on the board (``data-hint``); a perfect hint
    carries its finished text in ``lang``, as only Python makes it. Raises
    ``ValueError`` for an unknown ``lang``.
    """
    if hint is None:
        return make_feedback("hint.none", {}, tone="info", lang=lang)
    perfect = hint.kind == "perfect"
    return make_feedback(
        hint.key, hint.params, tone="info", cells=hint.cells, text=perfect, lang=lang
    )


def review_feedback(review: Any, lang: str = "en") -> dict[str, Any]:
    """The ``feedback`` trait for a ``Review``: its whole text in ``lang`` (the
    verdict, then where the fair hint would have chosen differently:
    ``Review.words``), with the move that still wins there (when it is a
    pair) marked like a hint."""
    cells = review.instead.cells if isinstance(review.instead, Remove) else ()
    key, params = review.words()
    return make_feedback(key, params, tone="info", cells=cells, text=True, lang=lang)


def walk_back(game: Game, cursor: int) -> None:
    """Undo ``game`` until ``cursor`` actions are in effect (``0 ≤ cursor ≤ game.cursor``)."""
    while game.cursor > cursor:
        game.undo()


def looked_back(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The ``clock`` trait after a review walked the board back: ``before``
    (the clock when the review was asked) when that clock was stopped, else
    ``after``.

    A review is a look back, not play (RULES.md, "Scoring": the time is
    the game's): walking a finished game back must not start its clock
    again, as an undo after the end does. A move made from the walked-back
    position is play again, and runs the clock as any move does
    (``next_clock``).
    """
    if before.get("start") is not None and before.get("stop") is not None:
        return dict(before)
    return after
