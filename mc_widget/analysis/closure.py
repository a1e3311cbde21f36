"""The solver's pruning rule: which cards of a round-start sequence can ever go
(docs/analysis.md, §2).

Apart from :mod:`.solver`'s search so that the rule and its proof are one
concern read on their own, and so that :mod:`.variant_search` uses the same
tables for the variants' pair tests and touching rules: :func:`reach_counts`
(what must leave before two positions touch), :func:`stranded` (the
closure and its proof), :func:`_pair_table` and :func:`_closure` (the same as
masks, what the searches call).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .sequence import forward_table

__all__ = ["line_table", "reach_counts", "stranded"]


@lru_cache(maxsize=16)
def line_table(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """For each cell, the cells after it in its row or its column, ascending
    (RULES.md, "Variants": ``line`` touching), as :func:`~.sequence.forward_table`."""
    cells = rows * cols
    return tuple(
        tuple(j for j in range(i + 1, cells) if j // cols == i // cols or j % cols == i % cols)
        for i in range(cells)
    )


@lru_cache(maxsize=16)
def reach_counts(
    rows: int, cols: int, longest: int, touching: str = "eight"
) -> tuple[tuple[Any, ...], ...]:
    """``counts[q][p]`` for ``0 ≤ p < q < longest``: what must leave before positions
    ``p`` and ``q`` of a round-start sequence can be a pair.

    Removing ``b`` of the ``q - p - 1`` cards between them and ``a`` of the
    ``p`` cards before ``p`` moves them to positions ``p - a`` and
    ``q - a - b``; they pair when both are then in the tableau and those
    cells are neighbours (:func:`~.sequence.forward_table`, rows and columns
    as they are, no wrap). The entry is ``(k, t)``: ``k`` the fewest ``b``
    and ``t`` the fewest ``a + b`` of any such move, or ``None`` when the
    two are a pair now (``k = t = 0``). When no move works at all (never,
    in a tableau of at least two cells) both are ``longest``. For the
    standard tableau: ``counts[1][0] = None`` (neighbours),
    ``counts[2][0] = (1, 1)`` (the card between must go),
    ``counts[5][4] = (0, 1)`` (cells 4 and 5 are the end of row 1 and the
    start of row 2: a card before cell 4 must go, so that the two shift
    into one row), ``counts[25][24] = (0, 1)`` (the first stock card enters
    when one card before it goes).
    """
    forward = forward_table(rows, cols) if touching == "eight" else line_table(rows, cols)
    cells = rows * cols
    offsets = sorted({j - i for i, ahead in enumerate(forward) for j in ahead})
    counts = []
    for q in range(longest):
        row: list[Any] = []
        for p in range(q):
            k = t = longest
            for offset in offsets:
                b = q - p - offset  # the cards between that leave
                if b < 0:
                    break
                a = max(0, q - b - (cells - 1))  # so that q - a - b is in the tableau
                while a <= p and p - a + offset not in forward[p - a]:
                    a += 1
                if a <= p:
                    k = min(k, b)
                    t = min(t, a + b)
            row.append(None if k == t == 0 else (k, t))
        counts.append(tuple(row))
    return tuple(counts)


def stranded(seq: bytes, rows: int, cols: int) -> bool:
    """True when no order of removals can clear ``seq``: the round-start sequence is lost.

    ``seq`` is a sequence of ranks (:func:`~.sequence.sequence`) at a round
    start of a ``rows`` by ``cols`` tableau.

    **The rule.** Look at two cards of one rank at positions ``p < q`` of a
    round-start sequence. Between rounds the cards keep their order
    (RULES.md, "A round": consolidation and refill keep the reading order),
    so a card's position only falls, by one for each card before it that is
    removed. The two can be removed together only at the start of a round
    (inside a round a gap breaks contact) where both are in the tableau and
    in neighbour cells. So before that round, of the cards between them and
    of the cards before ``q`` other than ``p``, at least as many must
    already be gone as :func:`reach_counts` gives (``k`` between, ``t``
    before ``q``; the columns count: cards at the end of a row and the
    start of the next are not neighbours).

    Call a pair of same-rank cards *open* for a set ``R`` of cards when
    ``R`` holds that many cards between them and before ``q``. Let ``C`` be
    the closure: start from the empty set and add both cards of every pair
    that is open for the set so far, until nothing changes. In any winning
    line, take its removals in order: the cards removed before a pair form
    a set for which that pair is open, and (by induction on the line) a
    subset of ``C``; more cards removed never close a pair, so the pair is
    open for ``C`` and its cards are in ``C``. Hence a win removes only
    cards of ``C``, and if ``C`` misses a card the sequence is lost. A rank
    with an odd number of cards left is lost too (every removal takes two).

    The closure ignores that a card pairs only once and the rounds
    themselves, so it is only a necessary condition: a sequence it passes
    may still be lost. For example ``A B A B …`` (the last two of ``A`` and
    of ``B``, each pair two apart) is stranded: each pair waits for the card
    of the other rank between them.
    """
    table = _pair_table(rows, cols, max(len(seq), rows * cols))
    return _closure(seq, table) < 0


@lru_cache(maxsize=16)
def _pair_table(
    rows: int, cols: int, longest: int, touching: str = "eight"
) -> tuple[tuple[Any, ...], ...]:
    """``table[q][p]`` for ``p < q < longest``: the pair of positions ``p, q`` for
    :func:`_closure`, worked out once per shape.

    ``None`` when the pair is open from the start (neighbours in the tableau);
    else ``(both cards, mask, count, mask2, count2)``: the pair is open for a
    set ``R`` of cards when ``R`` holds at least ``count`` cards of ``mask``
    and, unless ``mask2`` is None, ``count2`` of ``mask2``. With the counts
    ``(k, t)`` of :func:`reach_counts` the two tests are ``k`` of the cards
    between and ``t`` of the cards before ``q`` but ``p``; one of them is
    enough when ``k = 0`` (the test of ``t``) or ``k = t`` (the test of
    ``k``: the cards between are among those before ``q``), so most pairs
    cost one test.
    """
    table = []
    for q, counts in enumerate(reach_counts(rows, cols, longest, touching)):
        low = (1 << q) - 1
        row: list[Any] = []
        for p, entry in enumerate(counts):
            if entry is None:
                row.append(None)
                continue
            k, t = entry
            bits = (1 << p) | (1 << q)
            between = low ^ ((2 << p) - 1)
            before = low ^ (1 << p)
            if k == 0:
                row.append((bits, before, t, None, 0))
            elif k == t:
                row.append((bits, between, k, None, 0))
            else:
                row.append((bits, between, k, before, t))
        table.append(tuple(row))
    return tuple(table)


def _closure(seq: bytes, table: tuple[tuple[Any, ...], ...]) -> int:
    """:func:`stranded` as a number: -1 when stranded, else how many cards the
    first pass of the closure (the pairs open from the empty set) left out.

    The second value orders the search (fewer left out: closer to a win);
    only the sign is a proof. ``table`` is a :func:`_pair_table` at least
    ``len(seq)`` long.
    """
    for rank in set(seq):
        if seq.count(rank) & 1:
            return -1
    return _even_closure(seq, table)


def _even_closure(seq: bytes, table: tuple[tuple[Any, ...], ...]) -> int:
    """:func:`_closure` of a sequence whose every rank has an even count.

    Inside the search every sequence has (a round removes pairs of one
    rank, and the start is checked), so the count is left out there. Each
    pair's masks and counts come from the table, so the passes to the fixed
    point are a few integer operations per pair.
    """
    spots: list[Any] = [None] * 14  # rank (1 … 13) -> its positions so far
    hard = []
    gone = 0
    for q, rank in enumerate(seq):
        before = spots[rank]
        if before is None:
            spots[rank] = [q]
            continue
        row = table[q]
        for p in before:
            item = row[p]
            if item is None:
                gone |= (1 << p) | (1 << q)
            else:
                hard.append(item)
        before.append(q)
    full = (1 << len(seq)) - 1
    loose = len(seq) - gone.bit_count()
    # Pairs are in order of their later card, so one pass mostly reaches
    # the fixed point; repeat until a pass adds nothing. A pair whose cards
    # are both gone is passed over (cheaper than a new list each pass).
    while gone != full:
        before_pass = gone
        kept = ~gone  # the cards not gone yet
        for bits, mask, count, mask2, count2 in hard:
            if (
                bits & kept
                and (gone & mask).bit_count() >= count
                and (mask2 is None or (gone & mask2).bit_count() >= count2)
            ):
                gone |= bits
                kept = ~gone
        if gone == before_pass:
            return -1
    return loose
