"""The WRONG rules that the mistake demonstrations show (RULES.md, "Common mistakes").

Each function plays a rule the way a learner might get it wrong, so a panel
can draw it beside the real rule. None is ever used to play: the engine never
imports this module, and every public docstring starts with "WRONG (mistake
Mx):". Shapes and errors: docs/teaching.md, section 4.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mc_widget.engine.cards import Card
from mc_widget.engine.rules import Rules

from ._check import check_cell, check_tableau

__all__ = [
    "across_gap_pairs",
    "colour_pairs",
    "column_gravity",
    "orthogonal_neighbours",
    "orthogonal_pairs",
    "refill_in_place",
    "remove_all_touching",
    "rows_on_their_own",
    "rows_then_columns",
    "suit_pairs",
    "wrap_around_pairs",
    "wrapped_neighbours",
]

Tableau = tuple[Card | None, ...]

#: The eight directions as (row step, column step), as in the right rule.
_EIGHT = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
#: The four directions by a side only (the M2 mistake forgets the corners).
_FOUR = ((-1, 0), (0, 1), (1, 0), (0, -1))


# --------------------------------------------------------------------------
# Helpers


def _pairs_with(
    tableau: Tableau,
    rules: Rules,
    around: Callable[[int, Rules], tuple[int, ...]],
    match: Callable[[Card, Card], bool],
) -> list[tuple[int, int]]:
    """Every ``(i, j)``, ``i < j``, of cards in cells ``around`` calls touching that ``match``."""
    found = set()
    for i, a in enumerate(tableau):
        if a is None:
            continue
        for j in around(i, rules):
            b = tableau[j]
            if j > i and b is not None and match(a, b):
                found.add((i, j))
    return sorted(found)


def _same_rank(a: Card, b: Card) -> bool:
    return a.rank == b.rank


# --------------------------------------------------------------------------
# M3: consolidating in the wrong order


def column_gravity(tableau: Sequence[Card | None], rules: Rules) -> Tableau:
    """WRONG (mistake M3): cards slide straight up their column.

    Each column keeps its cards in top-to-bottom order and packs them at the
    top of that column; no card ever changes column. (Some programs call
    this game "Weddings"; here it is a mistake, RULES.md "Variants".) The
    right rule packs the whole tableau in one reading order.
    """
    cells = check_tableau(tableau, rules)
    rows, cols = rules.rows, rules.cols
    out: list[Card | None] = [None] * rules.cells
    for c in range(cols):
        kept = [cells[r * cols + c] for r in range(rows) if cells[r * cols + c] is not None]
        for r, card in enumerate(kept):
            out[r * cols + c] = card
    return tuple(out)


def rows_on_their_own(tableau: Sequence[Card | None], rules: Rules) -> Tableau:
    """WRONG (mistake M3): each row on its own; cards slide left within their row.

    Every row keeps its cards in order and packs them at its left end; no
    card ever changes row, so the gaps stay spread over the rows instead of
    going to the end of the tableau.
    """
    cells = check_tableau(tableau, rules)
    cols = rules.cols
    out: list[Card | None] = []
    for r in range(rules.rows):
        kept = [card for card in cells[r * cols : (r + 1) * cols] if card is not None]
        out.extend(kept + [None] * (cols - len(kept)))
    return tuple(out)


def rows_then_columns(tableau: Sequence[Card | None], rules: Rules) -> Tableau:
    """WRONG (mistake M3): slide left in rows, then up in columns.

    First :func:`rows_on_their_own`, then :func:`column_gravity` on its
    result. Two passes in two directions do not keep the reading order.
    """
    return column_gravity(rows_on_their_own(tableau, rules), rules)


# --------------------------------------------------------------------------
# M4: refilling before consolidating


def refill_in_place(
    tableau: Sequence[Card | None], stock: Sequence[Card], rules: Rules
) -> tuple[Tableau, tuple[Card, ...], tuple[int, ...]]:
    """WRONG (mistake M4): stock cards are dealt into the gaps where they are.

    The top stock card goes into the first gap in reading order, the next
    into the next gap, and so on, before (instead of after) consolidating.
    Returns ``(tableau after, stock left, cells filled ascending)``. The
    right rule consolidates first, so the refill fills the cells at the end.
    Raises ``TypeError`` naming the first stock entry that is not a ``Card``.
    """
    cells = list(check_tableau(tableau, rules))
    if not isinstance(stock, (list, tuple)):
        raise TypeError(f"stock must be a list or tuple of cards, not {type(stock).__name__}")
    for k, card in enumerate(stock):
        if not isinstance(card, Card):
            raise TypeError(f"stock[{k}] is {card!r}, not a Card")
    gaps = [k for k, card in enumerate(cells) if card is None]
    filled = gaps[: len(stock)]
    for k, cell in enumerate(filled):
        cells[cell] = stock[k]
    return tuple(cells), tuple(stock[len(filled) :]), tuple(filled)


# --------------------------------------------------------------------------
# M1, M2, M5, M6: what counts as a pair or as touching


def across_gap_pairs(tableau: Sequence[Card | None], rules: Rules) -> list[tuple[int, int]]:
    """WRONG (mistake M1): cards on either side of a gap are taken as neighbours.

    For each card and each of the 8 directions, walk over one or more gaps;
    the first card reached, when it has the same rank, is taken as a pair
    ("false neighbours"). Only such across-gap pairs are listed, not the
    real ones. The right rule: a gap breaks contact until consolidation.
    """
    cells = check_tableau(tableau, rules)
    rows, cols = rules.rows, rules.cols
    found = set()
    for i, a in enumerate(cells):
        if a is None:
            continue
        row, col = divmod(i, cols)
        for dr, dc in _EIGHT:
            r, c, crossed = row + dr, col + dc, False
            while 0 <= r < rows and 0 <= c < cols:
                b = cells[r * cols + c]
                if b is not None:
                    if crossed and _same_rank(a, b):
                        found.add(tuple(sorted((i, r * cols + c))))
                    break
                crossed = True
                r, c = r + dr, c + dc
    return sorted(found)  # type: ignore[arg-type]


def orthogonal_neighbours(cell: int, rules: Rules) -> tuple[int, ...]:
    """WRONG (mistake M2): only the cells by a side (N, E, S, W) are neighbours.

    The diagonals are forgotten: an inner cell gets 4 neighbours instead of
    8, a corner 2 instead of 3. Raises ``TypeError``/``ValueError`` for a
    cell that is not a whole number in the tableau.
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules value, not {type(rules).__name__}")
    check_cell(cell, rules)
    row, col = divmod(cell, rules.cols)
    return tuple(
        sorted(
            (row + dr) * rules.cols + col + dc
            for dr, dc in _FOUR
            if 0 <= row + dr < rules.rows and 0 <= col + dc < rules.cols
        )
    )


def orthogonal_pairs(tableau: Sequence[Card | None], rules: Rules) -> list[tuple[int, int]]:
    """WRONG (mistake M2): the pairs found when only N, E, S, W count as touching.

    Same rank, but a diagonal pair is missed. The right rule: all 8
    directions count.
    """
    cells = check_tableau(tableau, rules)
    return _pairs_with(cells, rules, orthogonal_neighbours, _same_rank)


def wrapped_neighbours(cell: int, rules: Rules) -> tuple[int, ...]:
    """WRONG (mistake M6): the grid wraps from one edge to the other.

    The 8 directions are taken round the edges (the last column touches the
    first, the bottom row touches the top), so every cell seems to have 8
    neighbours. Returned: only the *extra*, wrapped cells (not the real
    neighbours), ascending; ``()`` for an inner cell. The right rule: no wrap.
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules value, not {type(rules).__name__}")
    check_cell(cell, rules)
    rows, cols = rules.rows, rules.cols
    row, col = divmod(cell, cols)
    extra = set()
    for dr, dc in _EIGHT:
        r, c = row + dr, col + dc
        if 0 <= r < rows and 0 <= c < cols:
            continue  # a real neighbour
        other = (r % rows) * cols + (c % cols)
        if other != cell:
            extra.add(other)
    return tuple(sorted(extra))


def wrap_around_pairs(tableau: Sequence[Card | None], rules: Rules) -> list[tuple[int, int]]:
    """WRONG (mistake M6): pairs of the same rank that touch only round an edge.

    Only the wrapped pairs are listed (see :func:`wrapped_neighbours`), not
    the real ones. The right rule: the grid does not wrap.
    """
    cells = check_tableau(tableau, rules)
    return _pairs_with(cells, rules, wrapped_neighbours, _same_rank)


def _eight(cell: int, rules: Rules) -> tuple[int, ...]:
    row, col = divmod(cell, rules.cols)
    return tuple(
        (row + dr) * rules.cols + col + dc
        for dr, dc in _EIGHT
        if 0 <= row + dr < rules.rows and 0 <= col + dc < rules.cols
    )


def suit_pairs(tableau: Sequence[Card | None], rules: Rules) -> list[tuple[int, int]]:
    """WRONG (mistake M5): neighbours of the same suit are taken as a pair.

    Touching means the 8 directions, as in the right rule, but the suit is
    matched instead of the rank. The right rule (standard game): only the
    rank counts; suits never matter.
    """
    cells = check_tableau(tableau, rules)
    return _pairs_with(cells, rules, _eight, lambda a, b: a.suit == b.suit)


def colour_pairs(tableau: Sequence[Card | None], rules: Rules) -> list[tuple[int, int]]:
    """WRONG (mistake M5): neighbours of the same colour (red or black) are taken as a pair.

    Hearts and diamonds are red, spades and clubs black. The right rule
    (standard game): only the rank counts; colours never matter.
    """
    cells = check_tableau(tableau, rules)
    return _pairs_with(cells, rules, _eight, lambda a, b: a.is_red == b.is_red)


# --------------------------------------------------------------------------
# M7: one card in two pairs


def remove_all_touching(tableau: Sequence[Card | None], rules: Rules) -> Tableau:
    """WRONG (mistake M7): every card that touches a card of its rank goes at once.

    So of three sevens in a row all three go, the middle one "in two pairs".
    Returns the tableau with those cards taken out (gaps in their cells).
    The right rule: one card, one pair; of three touching sevens only two go.
    """
    cells = check_tableau(tableau, rules)
    gone = {cell for pair in _pairs_with(cells, rules, _eight, _same_rank) for cell in pair}
    return tuple(None if k in gone else card for k, card in enumerate(cells))
