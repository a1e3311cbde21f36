"""Reading an answer from outside: a learner's click list, a front end's
message, a pasted record. Hostile until read (docs/practice.md, "Answers").

Each ask has one answer shape (a JSON object with one key); anything else is
a ``PracticeError`` naming the bad part (``answer.cells[3]``) and quoting at
most a short excerpt of it. Reading never changes the exercise.
"""

from __future__ import annotations

from typing import Any

from ..engine.errors import excerpt, is_int, show_value
from ..engine.rules import Rules, touching_edges
from .errors import PracticeError, bad_type

__all__ = ["ANSWER_KEYS", "read_answer"]

#: The one key of each ask's answer object.
ANSWER_KEYS = {
    "neighbours": "cells",
    "removals": "removals",
    "next-move": "move",
    "destination": "cell",
    "next-cells": "cells",
    "cells-after-consolidating": "cells",
    "winnable-removal": "removal",
    "status": "status",
}

STATUSES = ("won", "lost", "playing")


def _cell(value: Any, path: str, cells: int) -> int:
    if not is_int(value):
        raise bad_type(path, "a whole number", value)
    if not 0 <= value < cells:
        raise PracticeError(
            path, "practice-error.range", {"value": show_value(value), "low": 0, "high": cells - 1}
        )
    return value


def _cell_list(value: Any, path: str, cells: int, least: int, most: int) -> list[int]:
    if not isinstance(value, list):
        raise bad_type(path, "a list", value)
    if not least <= len(value) <= most:
        raise PracticeError(
            path, "practice-error.length", {"count": len(value), "low": least, "high": most}
        )
    read = [_cell(item, f"{path}[{k}]", cells) for k, item in enumerate(value)]
    for k, cell in enumerate(read):
        if cell in read[:k]:
            raise PracticeError(f"{path}[{k}]", "practice-error.duplicate", {"value": cell})
    return read


def read_answer(ask: str, data: Any, rules: Rules) -> Any:
    """The answer to an ``ask`` read from JSON ``data`` under ``rules``.

    Shapes: ``{"cells": [c, …]}`` (neighbours: any order; next-cells and
    cells-after-consolidating: in the order dealt), ``{"removals": [[i, j],
    [k], …]}`` (every removal; ``[]`` says there is none), ``{"move":
    [from, to]}``, ``{"cell": c}``, ``{"removal": [i, j]}`` or ``[k]``,
    ``{"status": "won" | "lost" | "playing"}``. Returns the value of the
    one key: a list of cells, a sorted list of sorted cell lists (removals),
    a cell, or a status. Raises ``PracticeError`` (``practice-error.type``,
    ``.unknown``, ``.missing``, ``.range``, ``.length``, ``.duplicate``,
    ``.choice``) for anything else; a list of cells holds at most
    ``rows·cols`` entries, a list of removals at most one per touching pair
    and per cell.
    """
    cells = rules.cells
    key = ANSWER_KEYS[ask]
    if not isinstance(data, dict):
        raise bad_type("answer", "an object", data)
    for name in data:
        if name != key:
            shown = excerpt(name) if isinstance(name, str) else show_value(name)
            raise PracticeError(f"answer.{shown}", "practice-error.unknown", {"expected": key})
    if key not in data:
        raise PracticeError(f"answer.{key}", "practice-error.missing")
    value = data[key]
    path = f"answer.{key}"
    if key == "cells":
        return _cell_list(value, path, cells, 0, cells)
    if key == "cell":
        return _cell(value, path, cells)
    if key == "move":
        return _cell_list(value, path, cells, 2, 2)
    if key == "removal":
        return sorted(_cell_list(value, path, cells, 1, 2))
    if key == "removals":
        if not isinstance(value, list):
            raise bad_type(path, "a list", value)
        most = len(touching_edges(rules)) + cells
        if len(value) > most:
            raise PracticeError(
                path, "practice-error.length", {"count": len(value), "low": 0, "high": most}
            )
        read = [
            sorted(_cell_list(item, f"{path}[{k}]", cells, 1, 2)) for k, item in enumerate(value)
        ]
        for k, removal in enumerate(read):
            if removal in read[:k]:
                raise PracticeError(
                    f"{path}[{k}]", "practice-error.duplicate", {"value": show_value(removal)}
                )
        return sorted(read)
    if not isinstance(value, str) or value not in STATUSES:
        raise PracticeError(
            path,
            "practice-error.choice",
            {"value": show_value(value), "choices": ", ".join(STATUSES)},
        )
    return value
