"""The rules value and the tableau geometry (architecture.md, "Rules value",
"Cells and geometry"; RULES.md, "Terms" and "Variants").

A ``Rules`` value says what game is played: the tableau shape, how many decks,
what makes a pair, what "touching" means and which ranks go alone or stay, so
the variants are data and not copies of the game. Cells are ints in reading
order ``0 … rows·cols - 1``; ``row = cell // cols``, ``col = cell % cols``;
people see "row r, column c" counted from 1.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .cards import RANKS, Card
from .errors import IllegalMove, StateError, excerpt, is_int, show_value

__all__ = [
    "DIRECTIONS",
    "PAIR_RULES",
    "PRESETS",
    "SUMS",
    "TOUCHING_RULES",
    "Rules",
    "check_cell",
    "is_lone",
    "is_stay",
    "line_between",
    "neighbour_edges",
    "neighbour_table",
    "neighbours",
    "pair_test",
    "place",
    "rank_value",
    "resolve_rules",
    "touching",
    "touching_edges",
    "touching_table",
]

#: The pair rules and touching rules of RULES.md ("Variants"), all playable.
PAIR_RULES = ("same-rank", "sum-13", "sum-14", "same-suit")
TOUCHING_RULES = ("eight", "line")

#: Largest tableau side and number of decks a rules value may ask for.
MAX_SIDE = 10
MAX_DECKS = 2

_FIELDS = ("name", "rows", "cols", "decks", "pair", "touching")
#: Optional fields: lists of rank letters, ``[]`` when left out, and left out
#: of the JSON when empty (so every state saved before them is unchanged).
_RANK_FIELDS = ("lone", "stay")

#: The rank letters, A (value 1) … K (13): what ``lone`` and ``stay`` list.
_RANK_LETTERS = tuple(RANKS)

#: The eight directions as (row step, column step): N, NE, E, SE, S, SW, W, NW.
DIRECTIONS = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))


@dataclass(frozen=True, slots=True)
class Rules:
    """What game is played.

    Fields: ``name`` (a label; the presets are ``standard``, ``small``,
    ``double``, ``thirteens``, ``fourteens``, ``fourteens-lines``,
    ``aces-square``), ``rows`` and ``cols`` (1 … 10), ``decks`` (1 or 2),
    ``pair`` (``same-rank``, ``sum-13``, ``sum-14`` or ``same-suit``),
    ``touching`` (``eight`` or ``line``), ``lone`` (rank letters whose cards
    are removed alone, e.g. ``("K",)`` in Thirteens) and ``stay`` (rank
    letters whose cards never pair and stay, ``("A",)`` in Aces Square).
    ``lone`` and ``stay`` are stored as tuples in ascending rank value,
    whatever order was given. ``rows·cols`` may not exceed ``52·decks``; a
    preset name must come with all of that preset's values. Build one with
    :meth:`preset`, :meth:`from_json` or :func:`resolve_rules`.

    Raises ``StateError`` (path ``rules.<field>``, ``rules.lone[k]``) for any
    bad field.
    """

    name: str
    rows: int
    cols: int
    decks: int
    pair: str = "same-rank"
    touching: str = "eight"
    lone: tuple[str, ...] = ()
    stay: tuple[str, ...] = ()

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
        """The preset called ``name`` (one of :data:`PRESETS`, in the order of architecture.md).

        Raises ``StateError`` (path ``rules``) for any other name.
        """
        if not isinstance(name, str) or name not in PRESETS:
            raise StateError("rules", "state.choice", _choice_params(name, PRESETS))
        return PRESETS[name]

    @staticmethod
    def from_json(data: Any, path: str = "rules") -> Rules:
        """Read the rules JSON object; raises ``StateError`` naming ``path.<field>``.

        ``lone`` and ``stay`` may be left out (``[]``).
        """
        if not isinstance(data, dict):
            raise StateError(path, "state.type", {"expected": "an object"})
        for key in data:
            if key not in _FIELDS and key not in _RANK_FIELDS:
                raise StateError(f"{path}.{excerpt(str(key))}", "state.unknown")
        for key in _FIELDS:
            if key not in data:
                raise StateError(f"{path}.{key}", "state.missing")
        rules = object.__new__(Rules)
        for key in _FIELDS:
            object.__setattr__(rules, key, data[key])
        for key in _RANK_FIELDS:
            object.__setattr__(rules, key, data.get(key, []))
        _validate(rules, path)
        return rules

    def to_json(self) -> dict[str, Any]:
        """The rules as architecture.md's JSON object (``lone``, ``stay`` only when not empty)."""
        data: dict[str, Any] = {key: getattr(self, key) for key in _FIELDS}
        for key in _RANK_FIELDS:
            if getattr(self, key):
                data[key] = list(getattr(self, key))
        return data


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
    for key, choices in (("pair", PAIR_RULES), ("touching", TOUCHING_RULES)):
        value = getattr(rules, key)
        if not isinstance(value, str) or value not in choices:
            raise StateError(f"{path}.{key}", "state.choice", _choice_params(value, choices))
    lone = _rank_list(rules.lone, f"{path}.lone", ())
    stay = _rank_list(rules.stay, f"{path}.stay", lone)
    object.__setattr__(rules, "lone", lone)
    object.__setattr__(rules, "stay", stay)
    preset = PRESETS.get(rules.name)
    if preset is not None:
        for key in ("rows", "cols", "decks", "pair", "touching", "lone", "stay"):
            expected = getattr(preset, key)
            if getattr(rules, key) != expected:
                shown = show_value(list(expected)) if key in _RANK_FIELDS else expected
                raise StateError(
                    f"{path}.{key}", "state.preset", {"name": rules.name, "expected": shown}
                )


def _rank_list(value: Any, path: str, other: tuple[str, ...]) -> tuple[str, ...]:
    """``lone`` / ``stay``: distinct rank letters, none in ``other``, sorted by rank value."""
    if not isinstance(value, (list, tuple)):
        raise StateError(path, "state.type", {"expected": "a list of rank letters"})
    seen: list[str] = []
    for k, letter in enumerate(value):
        where = f"{path}[{k}]"
        if not isinstance(letter, str) or letter not in _RANK_LETTERS:
            raise StateError(where, "state.choice", _choice_params(letter, RANKS))
        if letter in seen:
            raise StateError(where, "state.duplicate", {"value": letter})
        if letter in other:
            raise StateError(where, "state.lone-and-stay", {"value": letter})
        seen.append(letter)
    return tuple(sorted(seen, key=RANKS.index))


PRESETS: dict[str, Rules] = {}
PRESETS["standard"] = Rules("standard", 5, 5, 1)
PRESETS["small"] = Rules("small", 4, 5, 1)
PRESETS["double"] = Rules("double", 7, 7, 2)
PRESETS["thirteens"] = Rules("thirteens", 5, 5, 1, "sum-13", "eight", ("K",))
PRESETS["fourteens"] = Rules("fourteens", 5, 5, 1, "sum-14", "eight")
PRESETS["fourteens-lines"] = Rules("fourteens-lines", 5, 5, 1, "sum-14", "line")
PRESETS["aces-square"] = Rules("aces-square", 5, 5, 1, "same-suit", "line", (), ("A",))


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


#: Whether two cells touch, per touching rule, from their row and column steps.
_TOUCHES: dict[str, Callable[[int, int], bool]] = {
    "eight": lambda dr, dc: abs(dr) <= 1 and abs(dc) <= 1,
    "line": lambda dr, dc: dr == 0 or dc == 0,
}


@lru_cache(maxsize=64)
def _geometry(
    rows: int, cols: int, touching: str = "eight"
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...]]:
    """One entry per tableau shape and touching rule: for every cell the other
    cells touching it, ascending, and from them the edges ``(i, j)``, ``i < j``."""
    touches = _TOUCHES[touching]
    table = tuple(
        tuple(
            k
            for k in range(rows * cols)
            if k != cell and touches(k // cols - cell // cols, k % cols - cell % cols)
        )
        for cell in range(rows * cols)
    )
    edges = tuple((i, j) for i, around in enumerate(table) for j in around if j > i)
    return table, edges


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


def touching_table(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """For every cell, the cells touching it under ``rules.touching``, ascending (cached per shape).

    ``eight``: the neighbours (:func:`neighbour_table`); ``line``: every other
    cell of its row and its column, at any distance (RULES.md, "Variants").
    """
    return _geometry(rules.rows, rules.cols, rules.touching)[0]


def touching_edges(rules: Rules) -> tuple[tuple[int, int], ...]:
    """Every ``(i, j)``, ``i < j``, ascending, of cells touching under the rules."""
    return _geometry(rules.rows, rules.cols, rules.touching)[1]


def touching(rules: Rules, cell: int) -> tuple[int, ...]:
    """The cells that touch ``cell`` under the rules, ascending (architecture.md, "Queries").

    ``eight``: :func:`neighbours` (the geometric fact, unchanged); ``line``:
    every other cell of its row and its column, gaps and cards between not
    mattering, diagonals not counting. Raises like :func:`check_cell`.
    """
    check_cell(rules, cell)
    return touching_table(rules)[cell]


def rank_value(card: Card) -> int:
    """The card's value for the sum rules: A = 1 … J = 11, Q = 12, K = 13."""
    return card.rank


@lru_cache(maxsize=64)
def _ranks(letters: tuple[str, ...]) -> frozenset[int]:
    return frozenset(RANKS.index(letter) + 1 for letter in letters)


def is_lone(rules: Rules, card: Card) -> bool:
    """True when ``card``'s rank is in ``rules.lone``: it is removed alone and never pairs."""
    return card.rank in _ranks(rules.lone)


def is_stay(rules: Rules, card: Card) -> bool:
    """True when ``card``'s rank is in ``rules.stay``: it never pairs and stays."""
    return card.rank in _ranks(rules.stay)


def _same_rank(a: Card, b: Card) -> bool:
    return a.rank == b.rank


def _sum_13(a: Card, b: Card) -> bool:
    return a.rank + b.rank == 13


def _sum_14(a: Card, b: Card) -> bool:
    return a.rank + b.rank == 14


def _same_suit(a: Card, b: Card) -> bool:
    return a.suit == b.suit


#: The pair rules (``rules.pair``) as tests on two cards.
_PAIR_TESTS: dict[str, Callable[[Card, Card], bool]] = {
    "same-rank": _same_rank,
    "sum-13": _sum_13,
    "sum-14": _sum_14,
    "same-suit": _same_suit,
}

#: The total a sum rule asks for (``illegal.not-sum``'s ``sum``).
SUMS = {"sum-13": 13, "sum-14": 14}


@lru_cache(maxsize=64)
def _pair_test(pair: str, excluded: frozenset[int]) -> Callable[[Card, Card], bool]:
    test = _PAIR_TESTS[pair]
    if not excluded:
        return test

    def paired(a: Card, b: Card) -> bool:
        return a.rank not in excluded and b.rank not in excluded and test(a, b)

    return paired


def pair_test(rules: Rules) -> Callable[[Card, Card], bool]:
    """The pair rule of ``rules`` as a test on two cards (RULES.md, "A round", step 1, and
    "Variants").

    ``same-rank``: the ranks are equal, suits never matter; ``sum-13`` /
    ``sum-14``: the rank values add up to 13 / 14 (A = 1 … K = 13);
    ``same-suit``: the suits are equal. A card whose rank is in ``lone`` or
    ``stay`` pairs with nothing. Every pair check of the engine (the pair
    scan, ``remove``, ``partners``) goes through it, as in the JavaScript
    engine's ``pairTest``.
    """
    return _pair_test(rules.pair, _ranks(rules.lone) | _ranks(rules.stay))


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
