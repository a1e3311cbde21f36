"""A practice board's model read as hostile: its answers replayed, its words checked.

Why apart (issue 21, the practice board): the board's Python side
(mc_widget/widget/practice_board.py) and the export of a saved notebook
(mc_widget/export/saved.py, which never imports the widget) both take an
``answers`` list from outside (a view, a notebook file) and must keep only
what replays with the engine, exactly as :func:`~.record.check_record`
replays a record's exercises; and both give a board the catalogue entries
that mc_widget/messages/practice-keys.json names. No widget import.
"""

from __future__ import annotations

import math
from typing import Any

from ..engine.errors import show_value
from ..engine.messages import catalogue, check_language, key_list
from .errors import PracticeError, bad_type
from .record import PracticeSession
from .record import replay as replay_all
from .record import replay_entry as take_entry
from .schedule import PracticeSet

__all__ = [
    "MAX_TEXT",
    "MAX_VALUES",
    "PRACTICE_KEYS",
    "json_problem",
    "practice_texts",
    "replay",
    "replay_entry",
]

#: A text inside an answer has at most this many characters (``"playing"`` has 7).
MAX_TEXT = 200
#: An answers list holds at most this many values (lists, objects, numbers, texts).
MAX_VALUES = 20_000

#: practice-keys.json: a practice board's catalogue keys (the notation of engine-keys.json).
PRACTICE_KEYS, _practice_key = key_list("practice-keys")


def practice_texts(lang: str) -> dict[str, str]:
    """``{key: template}``: every entry of ``lang``'s catalogue that
    practice-keys.json names (a new dict). ``ValueError`` for a code not of
    the six languages."""
    words = catalogue(check_language(lang))
    return {key: text for key, text in words.items() if _practice_key(key)}


def json_problem(value: Any, path: str) -> PracticeError | None:
    """``None`` when ``value`` is plain JSON of bounded size, else the refusal.

    Plain JSON: ``dict`` with ``str`` keys, ``list`` (subclasses too, as
    nbformat reads a notebook), ``str`` (at most
    :data:`MAX_TEXT` characters), ``int``, finite ``float``, ``bool``, ``None``;
    at most :data:`MAX_VALUES` values in all. Anything else (Pyodide's
    ``jsnull``, a tuple, a set, NaN) is ``practice-error.type`` at its path,
    the bad value quoted short. Walked without recursion.
    """
    todo: list[tuple[Any, str]] = [(value, path)]
    seen = 0
    while todo:
        item, where = todo.pop()
        seen += 1
        if seen > MAX_VALUES:
            return PracticeError(
                path,
                "practice-error.length",
                {"count": f"> {MAX_VALUES}", "low": 0, "high": MAX_VALUES},
            )
        if item is None or isinstance(item, int):  # bool is an int
            continue
        if isinstance(item, float):
            if not math.isfinite(item):
                return bad_type(where, "a finite number", item)
            continue
        if isinstance(item, str):
            if len(item) > MAX_TEXT:
                return PracticeError(
                    where,
                    "practice-error.range",
                    {"value": show_value(item), "low": 0, "high": f"{MAX_TEXT} characters"},
                )
            continue
        if isinstance(item, list):
            todo.extend((child, f"{where}[{k}]") for k, child in enumerate(item))
            continue
        if isinstance(item, dict):  # nbformat's NotebookNode is a dict too
            for key, child in item.items():
                if not isinstance(key, str):
                    return bad_type(where, "an object with text keys", item)
                todo.append((child, f"{where}.{key[:MAX_TEXT]}"))
            continue
        return bad_type(where, "JSON", item)
    return None


def replay_entry(session: PracticeSession, item: Any, path: str) -> None:
    """:func:`.record.replay_entry`, exact, of an ``item`` first checked to be
    plain JSON of bounded size (:func:`json_problem`): a view or a notebook
    file may hold any Python value. ``PracticeError`` leaves ``session`` unchanged."""
    if (problem := json_problem(item, path)) is not None:
        raise problem
    take_entry(session, item, path)


def replay(practice: PracticeSet, answers: Any, path: str = "answers") -> PracticeSession:
    """:func:`.record.replay`, exact, of ``answers`` first checked to be a list
    of plain JSON of bounded size. ``PracticeError`` naming the first bad part."""
    if not isinstance(answers, list):
        raise bad_type(path, "a list", answers)
    if (problem := json_problem(answers, path)) is not None:
        raise problem
    return replay_all(practice, answers, path)
