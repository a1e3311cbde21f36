"""The between-rounds model of a game: one sequence of ranks (docs/analysis.md, §1).

Why: at a round start the whole future of a same-rank game is the sequence of
the remaining ranks, and a round deletes one matching of its pair graph, so
the solver and the fair hint reason on ``bytes`` (ranks 1 … 13), not states.
The solver uses :func:`sequence`, :func:`is_round_start`, :func:`forward_table`;
the fair hint :func:`matchings`. :func:`round_edges`, :func:`tableau_edges`
and :func:`delete` state the model plainly for the tests, which check the
faster forms against them (tests/test_solver.py, tests/test_policies.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from ..engine.state import State

__all__ = [
    "Edge",
    "delete",
    "forward_table",
    "is_round_start",
    "matchings",
    "round_edges",
    "sequence",
    "tableau_edges",
]

#: A pair of cells ``(i, j)`` with ``i < j``.
Edge = tuple[int, int]


def sequence(state: State) -> bytes:
    """The state's cards as ranks: tableau in reading order, gaps skipped, then the stock.

    Returns a ``bytes`` of ranks 1 … 13 (ace = 1, king = 13), length the
    number of cards left. It is the whole future of the game only at a round
    start (see :func:`is_round_start`); elsewhere the tableau's gaps matter
    too. Suits are dropped: a same-rank game never looks at them
    (RULES.md, "A round", step 1).
    """
    ranks = [card.rank for card in state.tableau if card is not None]
    ranks.extend(card.rank for card in state.stock)
    return bytes(ranks)


def is_round_start(state: State) -> bool:
    """True when the state is a round start of the sequence model.

    That is phase ``remove``, no card has a gap before it in reading order
    (the tableau is consolidated) and the tableau is full unless the stock
    is empty (as after every refill): then the round's pairs are those of
    :func:`round_edges` on :func:`sequence` and the future depends on the
    sequence alone. A round where pairs were already taken, or a layout
    with gaps among its cards or with gaps and stock, is not a round start.
    """
    if state.phase != "remove":
        return False
    if state.stock and any(card is None for card in state.tableau):
        return False
    seen_gap = False
    for card in state.tableau:
        if card is None:
            seen_gap = True
        elif seen_gap:
            return False
    return True


@lru_cache(maxsize=64)
def forward_table(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """For each cell of a ``rows`` by ``cols`` tableau, its neighbours after it in reading order.

    Neighbours as in RULES.md ("Terms"): eight directions, no wrap; the
    forward ones of cell ``i`` are E, SW, S, SE (``i+1``, ``i+cols-1``,
    ``i+cols``, ``i+cols+1``) where they exist, ascending. Every pair of
    neighbour cells appears once, as ``j`` in the entry of ``i < j``.
    Raises ``ValueError`` for a side below 1.
    """
    if rows < 1 or cols < 1:
        raise ValueError(f"forward_table: rows and cols must be at least 1, not {rows} by {cols}")
    table = []
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        ahead = []
        if c + 1 < cols:
            ahead.append(cell + 1)
        if r + 1 < rows:
            if c > 0:
                ahead.append(cell + cols - 1)
            ahead.append(cell + cols)
            if c + 1 < cols:
                ahead.append(cell + cols + 1)
        table.append(tuple(ahead))
    return tuple(table)


def round_edges(seq: bytes | Sequence[int], forward: Sequence[Sequence[int]]) -> list[Edge]:
    """The pair graph of a round start: ``[(i, j), …]`` with ``i < j``, ascending.

    ``seq`` is the round's sequence and ``forward`` a :func:`forward_table`;
    entry ``i`` is cell ``i`` for ``i < len(forward)`` (the cells), the rest
    is stock. A pair is two neighbour cells holding the same rank.
    """
    n = min(len(seq), len(forward))
    edges = []
    for i in range(n):
        rank = seq[i]
        for j in forward[i]:
            if j < n and seq[j] == rank:
                edges.append((i, j))
    return edges


def tableau_edges(ranks: Sequence[int | None], forward: Sequence[Sequence[int]]) -> list[Edge]:
    """The pairs of a tableau that may hold gaps (``None``): same rank, neighbour cells.

    For a position inside phase ``remove``; a gap pairs with nothing, so two
    cards across a gap never pair (RULES.md, "A gap breaks contact").
    Ascending, ``i < j``. ``len(ranks)`` must equal ``len(forward)``.
    """
    edges = []
    for i, rank in enumerate(ranks):
        if rank is None:
            continue
        for j in forward[i]:
            if ranks[j] == rank:
                edges.append((i, j))
    return edges


def matchings(edges: Sequence[Edge], *, empty: bool = True) -> list[tuple[Edge, ...]]:
    """Every matching of ``edges``: each a tuple of edges, no cell twice, edges in input order.

    RULES.md, "A round": a card belongs to at most one pair, so the choices
    of a round are exactly the matchings of its pair graph. The empty
    matching comes first when ``empty`` is true (it is a legal choice only
    inside a round whose consolidation can start); then the others in the
    order of a depth-first walk that includes each edge before skipping it.
    The count grows fast: ``2**k`` for ``k`` edges that share no cell.
    """
    out: list[tuple[Edge, ...]] = []
    chosen: list[Edge] = []
    count = len(edges)

    def walk(k: int, used: int) -> None:
        while k < count:
            i, j = edges[k]
            if not (used >> i) & 1 and not (used >> j) & 1:
                chosen.append(edges[k])
                out.append(tuple(chosen))
                walk(k + 1, used | (1 << i) | (1 << j))
                chosen.pop()
            k += 1

    if empty:
        out.append(())
    walk(0, 0)
    return out


def delete(seq: bytes, cells: Iterable[int]) -> bytes:
    """``seq`` without the entries at positions ``cells`` (any order, no repeats needed).

    The next round's sequence after a round that removed those cards: the
    consolidation and the refill keep the order of the rest (RULES.md,
    "A round", steps 2 and 3). Raises ``IndexError`` for a position outside
    ``seq``.
    """
    gone = sorted(set(cells))
    for k in gone:
        if not 0 <= k < len(seq):
            raise IndexError(f"delete: position {k} is not in 0 … {len(seq) - 1}")
    parts = []
    start = 0
    for k in gone:
        parts.append(seq[start:k])
        start = k + 1
    parts.append(seq[start:])
    return b"".join(parts)
