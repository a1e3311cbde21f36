"""The board model: the traits a board's front end reads, as plain JSON.

Every export (a one-board page, ``save_page``, the lesson export, MyST) writes
a board as this dict, so the list of traits lives here once
(``BOARD_TRAITS``). tests/test_export_model.py checks it against the
``change:<name>`` events ``js/app/controller.js`` listens to, so a trait the front
end gains cannot be left out of an export. docs/export.md, section 1.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from ..engine.state import State

#: The synced traits the front end reads, in js/app/controller.js's order: the
#: game's (docs/architecture.md, "The widget (sync)"), then the teaching
#: layer's (docs/teaching.md, section 2), the analysis traits, and the
#: language's (docs/i18n.md, section 2: ``_messages`` is how an exported page
#: carries the catalogue of each language its boards speak). No
#: ``_esm``/``_css`` (a page carries the bundle once) and no ipywidgets base
#: traits.
BOARD_TRAITS: tuple[str, ...] = (
    "state",
    "selected",
    "_pointer",
    "feedback",
    "clock",
    "size",
    "title",
    "caption",
    "match_line",
    "panels",
    "predict",
    "predictions",
    "show_order",
    "hints",
    "show_winnable",
    "winnable",
    "lang",
    "_messages",
)


@runtime_checkable
class Board(Protocol):
    """What an export reads of a board (``MonteCarloWidget`` is one), so that
    ``export/`` never imports the widget: its ``title``, and
    ``export_model()``: the values of :data:`BOARD_TRAITS` as JSON copies and
    the game's ``State``, both of one moment."""

    title: str

    def export_model(self) -> tuple[dict[str, Any], State]: ...


#: The private mime type of a board's snapshot in a notebook output (what the
#: board was when the cell showed it); hosts ignore it, the lesson export
#: draws it (docs/export.md, section 4).
SNAPSHOT_MIME = "application/vnd.mc-widget.board+json"
#: Board traits a snapshot leaves out: the clock (wall-clock times, new on every
#: run: a saved lesson would differ each time it is executed).
SNAPSHOT_LEAVES_OUT = ("clock",)


def board_snapshot(w: Any) -> dict[str, Any]:
    """Board ``w`` as its display's snapshot: ``BOARD_TRAITS`` as JSON copies,
    without ``clock`` (``SNAPSHOT_LEAVES_OUT``) and with ``_messages`` only
    naming its language (``{"lang": code}``; the export writes the project's
    catalogue, never a file's words) or ``{}``. No ``solution``: the export
    works it out on the verified state. Raises ``TypeError`` naming ``w``
    when it is not a ``MonteCarloWidget``."""
    if not isinstance(w, Board):
        raise TypeError(f"board_snapshot: w must be a MonteCarloWidget, not {type(w).__name__}")
    model, _ = w.export_model()
    said = model.get("_messages")
    lang = said.get("lang") if isinstance(said, dict) else None
    model["_messages"] = {"lang": lang} if lang else {}
    for name in SNAPSHOT_LEAVES_OUT:
        model.pop(name, None)
    return model


def board_model(w: Any) -> dict[str, Any]:
    """The values of ``BOARD_TRAITS`` of board ``w`` as plain JSON (a new dict).

    ``{"state": {...}, "selected": int | None, "_pointer": {"n": int, "cell":
    int | None}, "feedback": {...}, "clock":
    {"start", "stop"}, "size": str, "title": str, "caption": str, "match_line": str, "panels":
    [...], "predict": bool, "predictions": [right, asked], "show_order": bool,
    "hints": "fair" | "perfect", "show_winnable": bool, "winnable": bool | None,
    "lang": str | None, "_messages": {"lang": str, "messages": {key: template}}}``
    (``_messages`` for English too, issue 19).
    With ``hints == "perfect"`` or ``show_winnable`` on, the model also has
    ``"solution"``, a winning line for the page's Hint button to follow
    without a kernel (``mc_widget.analysis.stored_line.stored_line``;
    docs/analysis.md, 6), by which the board also knows, after a move, that
    it can still be won (docs/export.md, section 4). ``winnable`` is the
    widget's, for the position written; the page says "not known" once the
    position changes, unless the line or the game's end answers.
    The values are copies (through JSON: tuples become lists), so a page
    written now does not change when ``w`` does later. Raises ``TypeError``
    naming ``w`` when it is not a ``MonteCarloWidget``.
    """
    if not isinstance(w, Board):
        raise TypeError(f"board_model: w must be a MonteCarloWidget, not {type(w).__name__}")
    # One snapshot: the traits and the state are of one moment.
    model, state = w.export_model()
    if model["hints"] == "perfect" or model["show_winnable"]:
        # No solver on the page: a winning line for its Hint button to follow,
        # and to tell "can still be won" after a move (js/present/presentation.js, offlineWinnable).
        from ..analysis.stored_line import stored_line

        model["solution"] = stored_line(state)
    return model
