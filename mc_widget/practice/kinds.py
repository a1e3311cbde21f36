"""The exercise kinds: their stable names, levels and words (DESIGN.md,
"Variants, sessions and practice"; issue 21).

A table, not code per kind, so that ``mc_widget.exercises()``, the checks of
a kind given from outside and the JavaScript twin (js/practice/kinds.js)
read one list in one order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.errors import is_int, show_value
from ..engine.messages import check_language, format_message
from ..engine.rules import PRESETS
from .errors import PracticeError

__all__ = ["KINDS", "LEVELS", "SET_KINDS", "Exercise", "check_kind", "check_level", "exercises"]

#: The kinds, in the order of docs/practice.md (pickers, errors, mixed sets).
KINDS = ("neighbours", "pairs", "consolidate", "refill", "choose", "verdict")
#: A set is one kind or all of them, mixed.
SET_KINDS = (*KINDS, "mixed")
LEVELS = (1, 2, 3)

#: Each kind's title and summary keys (written out, so the catalogue test sees them).
_WORDS = {
    "neighbours": ("practice.kind.neighbours.title", "practice.kind.neighbours.summary"),
    "pairs": ("practice.kind.pairs.title", "practice.kind.pairs.summary"),
    "consolidate": ("practice.kind.consolidate.title", "practice.kind.consolidate.summary"),
    "refill": ("practice.kind.refill.title", "practice.kind.refill.summary"),
    "choose": ("practice.kind.choose.title", "practice.kind.choose.summary"),
    "verdict": ("practice.kind.verdict.title", "practice.kind.verdict.summary"),
}


@dataclass(frozen=True, slots=True)
class Exercise:
    """One kind of exercise: ``kind`` (its stable name), ``title`` (a few
    words) and ``summary`` (one line: what the learner does), in the language
    asked for."""

    kind: str
    title: str
    summary: str


def exercises(lang: str = "en") -> list[Exercise]:
    """``[Exercise(kind, title, summary), …]``, one per kind in :data:`KINDS` order.

    Raises ``ValueError`` for a language that has no catalogue.
    """
    lang = check_language(lang)
    return [
        Exercise(kind, format_message(title, lang=lang), format_message(summary, lang=lang))
        for kind, (title, summary) in _WORDS.items()
    ]


def check_kind(value: Any, path: str = "kind", choices: tuple[str, ...] = KINDS) -> str:
    """``value`` when it is one of ``choices``; else ``PracticeError`` ``practice-error.choice``."""
    if not isinstance(value, str) or value not in choices:
        raise PracticeError(
            path,
            "practice-error.choice",
            {"value": show_value(value), "choices": ", ".join(choices)},
        )
    return value


def check_level(value: Any, path: str = "level") -> int:
    """``value`` when it is 1, 2 or 3 (an int, not a bool); else ``practice-error.range``."""
    if not is_int(value) or value not in LEVELS:
        raise PracticeError(
            path, "practice-error.range", {"value": show_value(value), "low": 1, "high": 3}
        )
    return value


def check_preset(value: Any, path: str = "rules") -> str:
    """``value`` when it names a preset (``PRESETS``); else ``practice-error.choice``."""
    return check_kind(value, path, tuple(PRESETS))
