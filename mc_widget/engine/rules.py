"""The rules value and the tableau geometry (architecture.md, "Rules value",
"Cells and geometry"; RULES.md, "Terms" and "Variants").

A ``Rules`` value says what game is played: the tableau shape, how many decks,
what makes a pair and what "touching" means, so the variants are data and not
copies of the game. Cells are ints in reading order ``0 … rows·cols - 1``;
``row = cell // cols``, ``col = cell % cols``; people see "row r, column c"
counted from 1.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .cards import Card
from .errors import IllegalMove, StateError, excerpt, is_int, show_value

__all__ = [
    "DIRECTIONS",
    "PRESETS",
    "Rules",
    "check_cell",
    "line_between",
    "neighbour_edges",
    "neighbour_table",
    "neighbours",
    "pair_test",
    "place",
    "resolve_rules",
]

#: The pair rules and touching rules this engine plays; the others named in
#: RULES.md ("Variants") are reserved and refused with a clear error for now.
PLAYABLE_PAIR = ("same-rank",)
RESERVED_PAIR = ("sum-13", "sum-14", "same-suit")
PLAYABLE_TOUCHING = ("eight",)
RESERVED_TOUCHING = ("line",)

#: Largest tableau side and number of decks a rules value may ask for.
MAX_SIDE = 10
MAX_DECKS = 2

_FIELDS = ("name", "rows", "cols", "decks", "pair", "touching")

#: The eight directions as (row step, column step): N, NE, E, SE, S, SW, W, NW.
DIRECTIONS = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))


@dataclass(frozen=True, slots=True)
class Rules:
    """What game is played.

    Fields: ``name`` (a label; the presets are ``standard``, ``small``,
    ``double``), ``rows`` and ``cols`` (1 … 10), ``decks`` (1 or 2), ``pair``
    (only ``same-rank`` is playable) and ``touching`` (only ``eight``).
    ``rows·cols`` may not exceed ``52·decks``; a preset name must come with
    that preset's values. Build one with :meth:`preset`, :meth:`from_json` or
    :func:`resolve_rules`.

    Raises ``StateError`` (path ``rules.<field>``) for any bad field.
    """

    name: str
    rows: int
    cols: int
    decks: int
    pair: str = "same-rank"
    touching: str = "eight"

    def __post_init__(self) -> None:
        _validate(self, "rules")

    @property
    def cells(self) -> int:
        """How many cells the tableau has (``rows·cols``)."""
        return self.rows * self.cols

    @property
    def deck_size(self) -> int:
        """How many cards are dealt in all (``52·decks``)."""
        return 52 * self.decks

    @staticmethod
    def preset(name: str) -> Rules:
        """The preset called ``name`` (``standard``, ``small`` or ``double``).

        Raises ``StateError`` (path ``rules``) for any other name.
        """
        if not isinstance(name, str) or name not in PRESETS:
            raise StateError("rules", "state.choice", _choice_params(name, PRESETS))
        return PRESETS[name]

    @staticmethod
    def from_json(data: Any, path: str = "rules") -> Rules:
        """Read the rules JSON object; raises ``StateError`` naming ``path.<field>``."""
        if not isinstance(data, dict):
            raise StateError(path, "state.type", {"expected": "an object"})
        for key in data:
            if key not in _FIELDS:
                raise StateError(f"{path}.{excerpt(str(key))}", "state.unknown")
        for key in _FIELDS:
            if key not in data:
                raise StateError(f"{path}.{key}", "state.missing")
        rules = object.__new__(Rules)
        for key in _FIELDS:
            object.__setattr__(rules, key, data[key])
        _validate(rules, path)
        return rules

    def to_json(self) -> dict[str, Any]:
        """The rules as the JSON object of architecture.md."""
        return {key: getattr(self, key) for key in _FIELDS}


def _choice_params(value: Any, choices: Any) -> dict[str, str]:
    return {"choices": ", ".join(f'"{c}"' for c in choices), "value": show_value(value)}


def _validate(rules: Rules, path: str) -> None:
    if not isinstance(rules.name, str) or not rules.name:
        raise StateError(f"{path}.name", "state.type", {"expected": "a non-empty string"})
    for key, low, high in (("rows", 1, MAX_SIDE), ("cols", 1, MAX_SIDE), ("decks", 1, MAX_DECKS)):
        value = getattr(rules, key)
        if not is_int(value):
            raise StateError(f"{path}.{key}", "state.type", {"expected": "a whole number"})
        if not low <= value <= high:
            raise StateError(
                f"{path}.{key}",
                "state.range",
                {"low": low, "high": high, "value": show_value(value)},
            )
    if rules.rows * rules.cols > 52 * rules.decks:
        raise StateError(
            f"{path}.rows",
            "state.too-many-cells",
            {"cells": rules.rows * rules.cols, "cards": 52 * rules.decks},
        )
    for key, playable, reserved in (
        ("pair", PLAYABLE_PAIR, RESERVED_PAIR),
        ("touching", PLAYABLE_TOUCHING, RESERVED_TOUCHING),
    ):
        value = getattr(rules, key)
        if value in playable:
            continue
        if value in reserved:
            raise StateError(
                f"{path}.{key}", "state.reserved", {"value": value, "supported": playable[0]}
            )
        raise StateError(f"{path}.{key}", "state.choice", _choice_params(value, playable))
    preset = PRESETS.get(rules.name)
    if preset is not None:
        for key in ("rows", "cols", "decks"):
            if getattr(rules, key) != getattr(preset, key):
                raise StateError(
                    f"{path}.{key}",
                    "state.preset",
                    {"name": rules.name, "expected": getattr(preset, key)},
                )


PRESETS: dict[str, Rules] = {}
PRESETS["standard"] = Rules("standard", 5, 5, 1)
PRESETS["small"] = Rules("small", 4, 5, 1)
PRESETS["double"] = Rules("double", 7, 7, 2)


def resolve_rules(rules: Rules | str | dict[str, Any]) -> Rules:
    """Turn a preset name, a rules JSON object or a ``Rules`` into a ``Rules``.

    Raises ``StateError`` for an unknown preset name or a bad object.
    """
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return Rules.preset(rules)
    return Rules.from_json(rules)


def check_cell(rules: Rules, cell: Any) -> int:
    """Return ``cell`` when it is a cell of the tableau.

    Raises ``StateError`` (path ``cell``) when it is not an int (bools are not
    ints) and ``IllegalMove`` with reason ``out-of-range`` when it is outside
    ``0 … rows·cols - 1``.
    """
    if not is_int(cell):
        raise StateError("cell", "state.type", {"expected": "a whole number"})
    if not 0 <= cell < rules.rows * rules.cols:
        raise IllegalMove(
            "out-of-range",
            cells=(),
            params={"cell": cell, "last": rules.rows * rules.cols - 1},
        )
    return cell


def place(rules: Rules, cell: int) -> tuple[int, int]:
    """``(row, column)`` of ``cell`` counted from 1, as people see it."""
    return cell // rules.cols + 1, cell % rules.cols + 1


@lru_cache(maxsize=64)
def _geometry(
    rows: int, cols: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...]]:
    """One entry per tableau shape: the neighbour table and, from it, the edges."""
    table = []
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        around = [
            rr * cols + cc
            for rr in range(r - 1, r + 2)
            for cc in range(c - 1, c + 2)
            if (rr, cc) != (r, c) and 0 <= rr < rows and 0 <= cc < cols
        ]
        table.append(tuple(sorted(around)))
    edges = tuple((i, j) for i, around in enumerate(table) for j in around if j > i)
    return tuple(table), edges


def neighbours(rules: Rules, cell: int) -> tuple[int, ...]:
    """The neighbours of ``cell``, ascending (RULES.md, "Terms": neighbour).

    The cells whose row and column each differ by at most 1, not the cell
    itself; the grid does not wrap. A corner has 3, an edge cell 5, an inner
    cell 8 (RULES.md, "Strategy facts"). Raises like :func:`check_cell`.
    """
    check_cell(rules, cell)
    return _geometry(rules.rows, rules.cols)[0][cell]


def neighbour_table(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """For every cell, its neighbours ascending; one table per shape, cached (no range check)."""
    return _geometry(rules.rows, rules.cols)[0]


def neighbour_edges(rules: Rules) -> tuple[tuple[int, int], ...]:
    """Every pair of neighbour cells ``(i, j)`` with ``i < j``, ascending, from the same table."""
    return _geometry(rules.rows, rules.cols)[1]


def _same_rank(a: Card, b: Card) -> bool:
    return a.rank == b.rank


#: The playable pair rules (``rules.pair``) as tests on two cards.
_PAIR_TESTS: dict[str, Callable[[Card, Card], bool]] = {"same-rank": _same_rank}


def pair_test(rules: Rules) -> Callable[[Card, Card], bool]:
    """The pair rule of ``rules`` as a test on two cards (RULES.md, "A round", step 1).

    ``same-rank``: the ranks are equal; suits never matter. Every pair check
    of the engine (the pair scan, ``remove``, ``partners``) goes through it,
    as in the JavaScript engine's ``pairTest``.
    """
    return _PAIR_TESTS[rules.pair]


def line_between(rules: Rules, a: int, b: int) -> tuple[int, ...] | None:
    """The cells strictly between ``a`` and ``b`` when they lie on one line.

    One line means the same row, the same column or a diagonal
    (``|Δrow| = |Δcol|``). Returns ``None`` when they are not on one line;
    an empty tuple for neighbours on a line. Used for the across-gap check
    (RULES.md, "A round": a gap breaks contact; mistake M1).
    """
    ra, ca = divmod(a, rules.cols)
    rb, cb = divmod(b, rules.cols)
    dr, dc = rb - ra, cb - ca
    if not (dr == 0 or dc == 0 or abs(dr) == abs(dc)) or a == b:
        return None
    steps = max(abs(dr), abs(dc))
    sr, sc = (dr > 0) - (dr < 0), (dc > 0) - (dc < 0)
    return tuple((ra + k * sr) * rules.cols + (ca + k * sc) for k in range(1, steps))
