"""What each of a board's traits may hold, checked without a widget.

Why apart: the widget checks a value a view sends with these, and so does a
saved board read for an export (``export/saved.py``), which must not import
the widget (nor anywidget). Each check returns ``(path, problem)`` or ``None``.
docs/architecture.md, "The widget (sync)"; docs/teaching.md, section 2.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from .engine.errors import is_int, show_repr
from .engine.game import Game
from .engine.messages import LANGUAGES, front_end_catalogue

__all__ = [
    "HINT_KINDS",
    "MAX_TEXT",
    "NO_CLOCK",
    "SIZES",
    "TEACHING_CHECKS",
    "TONES",
    "WINNABLE_NODE_LIMIT",
    "clock_problem",
    "feedback_problem",
    "language_problem",
    "messages_for",
    "predictions_problem",
    "verdict",
]

#: The board sizes (docs/teaching.md, section 5).
SIZES = ("normal", "large", "projector")
#: The ``hints`` trait's values: which hint the Hint button gives.
HINT_KINDS = ("fair", "perfect")
#: The tones a ``feedback`` may have.
TONES = ("info", "illegal", "error", "success")
FEEDBACK_KEYS = frozenset({"key", "params", "cells", "tone", "text", "note"})
#: The clock of a game with no move yet.
NO_CLOCK: dict[str, float | None] = {"start": None, "stop": None}
#: The solver's node limit for the indicator, so a hard deal answers "not
#: known" after a fraction of a second instead of holding up every move.
WINNABLE_NODE_LIMIT = 20_000

#: The longest title, caption or teacher's line (``say``), in characters: a
#: heading or a paragraph, not a document a forged notebook puts on a page.
MAX_TEXT = 2_000

Problem = tuple[str, str] | None


def text_problem(name: str, value: Any) -> str | None:
    """Why ``value`` is not a ``name`` text (a str of at most :data:`MAX_TEXT`
    characters), or ``None``."""
    if isinstance(value, str) and len(value) <= MAX_TEXT:
        return None
    if isinstance(value, str):
        return f"{name} must be text of at most {MAX_TEXT:,} characters, not {len(value):,}."
    return f"{name} must be text."


def language_problem(value: Any) -> str | None:
    """Why ``value`` is not a ``lang`` (``None`` or one of ``LANGUAGES``), or ``None``."""
    if value is None or (isinstance(value, str) and value in LANGUAGES):
        return None
    codes = ", ".join(repr(code) for code in LANGUAGES)
    shown = show_repr(value)
    return f"lang must be one of {codes}, or None for the notebook's language, not {shown}."


def messages_for(lang: str) -> dict[str, Any]:
    """The ``_messages`` trait of a board speaking ``lang`` (docs/i18n.md, section 2).

    ``{"lang": lang, "messages": {key: template}}`` for every language,
    English too (the bundle carries only the engine's own texts):
    ``lang``'s catalogue less the keys the browser never shows
    (``messages.PYTHON_ONLY``), English where ``lang`` lacks a key, a flat
    new dict. Raises ``ValueError`` for a code not in ``LANGUAGES``.
    """
    return {"lang": lang, "messages": front_end_catalogue(lang)}


def _size_problem(value: Any) -> Problem:
    if isinstance(value, str) and value in SIZES:
        return None
    return "size", f"size must be one of {', '.join(SIZES)}."


def predictions_problem(value: Any) -> Problem:
    """``(path, problem)`` unless ``value`` is ``[right, asked]``, 0 ≤ right ≤ asked."""
    if (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(is_int(n) and n >= 0 for n in value)
        and value[0] <= value[1]
    ):
        return None
    return (
        "predictions",
        "predictions must be [right, asked]: two whole numbers from 0, right at most asked.",
    )


def _kind_problem(name: str, kind: type, words: str) -> Callable[[Any], Problem]:
    def problem(value: Any) -> Problem:
        return None if isinstance(value, kind) else (name, f"{name} must be {words}.")

    return problem


def _text_check(name: str) -> Callable[[Any], Problem]:
    def problem(value: Any) -> Problem:
        found = text_problem(name, value)
        return None if found is None else (name, found)

    return problem


#: The checks of the teaching traits a view may change (``panels`` it may not).
TEACHING_CHECKS: dict[str, Callable[[Any], Problem]] = {
    "size": _size_problem,
    "title": _text_check("title"),
    "caption": _text_check("caption"),
    "predict": _kind_problem("predict", bool, "true or false"),
    "predictions": predictions_problem,
    "show_order": _kind_problem("show_order", bool, "true or false"),
    # The analysis traits (docs/analysis.md, section 6); `winnable` is Python's alone.
    "hints": lambda v: None if v in HINT_KINDS else ("hints", "hints must be fair or perfect."),
    "show_winnable": _kind_problem("show_winnable", bool, "true or false"),
}


def feedback_problem(value: Any) -> Problem:
    """``(path, problem)`` when ``value`` is not a feedback object, else ``None``."""
    if not isinstance(value, dict):
        return "feedback", "feedback must be an object."
    if not value:
        return None
    for key in value:
        if key not in FEEDBACK_KEYS:
            return f"feedback.{key}", f"feedback.{key} is not a feedback key."
    if not isinstance(value.get("key"), str):
        return "feedback.key", "feedback.key must be text."
    if not isinstance(value.get("params", {}), dict):
        return "feedback.params", "feedback.params must be an object."
    cells = value.get("cells", [])
    if not isinstance(cells, list) or not all(is_int(c) for c in cells):
        return "feedback.cells", "feedback.cells must be a list of cells."
    if value.get("tone", "info") not in TONES:
        return "feedback.tone", f"feedback.tone must be one of {', '.join(TONES)}."
    if not isinstance(value.get("text", ""), str):
        return "feedback.text", "feedback.text must be text."
    note = value.get("note")
    if note is not None and not (
        isinstance(note, dict)
        and isinstance(note.get("key"), str)
        and isinstance(note.get("params", {}), dict)
    ):
        return "feedback.note", "feedback.note must be null or an object with key and params."
    return None


def _is_stamp(value: Any) -> bool:
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and math.isfinite(value)
        and value >= 0
    )


def clock_problem(value: Any) -> Problem:
    """``(path, problem)`` when ``value`` is not a clock object, else ``None``."""
    if not isinstance(value, dict):
        return "clock", "clock must be an object."
    for key in value:
        if key not in NO_CLOCK:
            return f"clock.{key}", f"clock.{key} is not a clock key."
    for key in NO_CLOCK:
        if key not in value:
            return f"clock.{key}", f"clock.{key} is missing."
        if value[key] is not None and not _is_stamp(value[key]):
            return f"clock.{key}", f"clock.{key} must be a time in milliseconds, or null."
    start, stop = value["start"], value["stop"]
    if stop is not None and (start is None or stop < start):
        return "clock.stop", "clock.stop must come after clock.start."
    return None


def verdict(game: Game) -> bool | None:
    """The ``winnable`` trait: whether ``game`` can still be won, the solver's answer,
    or ``None`` when it needed more than :data:`WINNABLE_NODE_LIMIT` nodes
    (docs/analysis.md, 2)."""
    return game.solve(node_limit=WINNABLE_NODE_LIMIT).winnable
