"""The full-information solver: can this game still be won? (docs/analysis.md, §2)

It knows the stock's order, so a game is a puzzle on the sequence of ranks
(:mod:`.sequence`): a depth-first search over rounds with a table of sequences
proved lost. It is exact: its one pruning rule, :func:`~.closure.stranded`
(:mod:`.closure`), is proved in its docstring, and only a caller's limit
stops it early (``winnable is None``). The variants' rules (sum 13 and 14,
lines, same suit, lone and stay cards) are searched by :mod:`.variant_search`.
The order of the children and the phases of the search
(:meth:`_Search.options`, :meth:`_Search.decide`): docs/analysis.md, §2;
figures: docs/performance.md, "Solver".
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from typing import Any

from ..engine.actions import can_start_consolidation, pairs, status, verify_state
from ..engine.errors import ArgumentError
from ..engine.state import Action, Consolidate, Refill, Remove, State
from .closure import _closure, _even_closure, _pair_table, reach_counts, stranded
from .sequence import forward_table, is_round_start, sequence

__all__ = ["Solution", "reach_counts", "solve", "stranded"]

#: The first field of a tuple, the sort key of :meth:`_Search.options`.
_first = itemgetter(0)


@dataclass(frozen=True, slots=True)
class Solution:
    """What :func:`solve` found.

    ``winnable``: True (a win was found), False (proved lost) or None (the
    caller's ``node_limit`` or ``time_limit`` stopped the search first).
    ``moves``: when ``winnable`` is True, engine actions that, applied in
    order with ``Game.apply`` from the state solved, end in ``status ==
    "won"`` (empty when the game was already won); empty otherwise.
    ``seconds``: wall time.

    ``nodes``: the search's work, the positions it reached to expand: each
    round-start sequence, and from the middle of phase ``remove`` the
    position solved too; a position a later phase of the search reaches
    again (:meth:`_Search.decide`) counts again. 0 when the game was
    already over, or when :func:`stranded` proves a round start lost
    before any expansion. A position is counted before the limits are
    checked, so when ``node_limit`` stops the search ``nodes`` is
    ``node_limit + 1``: the position that went over the limit is counted,
    not expanded. A search that decides within the limit has ``nodes <=
    node_limit``.
    """

    winnable: bool | None
    moves: tuple[Action, ...]
    nodes: int
    seconds: float


class _Stop(Exception):
    """Raised inside the search when the caller's limit is reached."""


# --------------------------------------------------------------------------
# The search over round-start sequences


#: The closure is checked inside the search only on sequences with at most
#: this many stock cards (see :meth:`_Search.closure`).
_CHECKED_STOCK = 14


#: Position k -> byte k, for :meth:`_Search.children`.
_POSITIONS = bytes(range(256))


@lru_cache(maxsize=16)
def _offset_masks(rows: int, cols: int) -> tuple[tuple[int, int], ...]:
    """The forward neighbour offsets of the tableau, each with the cells that have one.

    ``((d, mask), …)`` ascending by ``d``: bit ``8·i`` of ``mask`` is set when
    cell ``i + d`` is a forward neighbour of cell ``i`` (:func:`forward_table`),
    the layout :meth:`_Search.edges` compares the tableau's bytes in.
    """
    masks: dict[int, int] = {}
    for i, ahead in enumerate(forward_table(rows, cols)):
        for j in ahead:
            masks[j - i] = masks.get(j - i, 0) | (1 << (8 * i))
    return tuple(sorted(masks.items()))


def _mask(cells: bytes) -> int:
    """The cells of a matching (bytes of cell numbers) as a mask."""
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


#: Bit 0 of every byte, for the zero-byte test of :meth:`_Search.edges`.
_LOW_BITS = int.from_bytes(b"\x01" * 64, "little")


class _Budget(Exception):
    """Raised inside one phase of the search when its own node budget is spent."""


class _Search:
    """One search: the tables of the shape, the table of lost sequences and the
    closure values already worked out (``loose``: sequence -> value ≥ 0)."""

    __slots__ = (
        "budget",
        "cells",
        "deadline",
        "forward",
        "loose",
        "lost",
        "node_limit",
        "nodes",
        "offsets",
        "table",
    )

    def __init__(self, rows: int, cols: int, longest: int, node_limit, deadline) -> None:
        self.forward = forward_table(rows, cols)
        self.offsets = _offset_masks(rows, cols)
        self.cells = rows * cols
        self.table = _pair_table(rows, cols, longest)
        self.lost: set[bytes] = set()
        self.loose: dict[bytes, int] = {}
        self.nodes = 0
        self.budget = None
        self.node_limit = node_limit
        self.deadline = deadline

    def closure(self, seq: bytes) -> int:
        """``_closure`` of ``seq``, remembered; a stranded sequence goes to the lost table.

        Not worked out (0) while more than ``_CHECKED_STOCK`` cards are in the
        stock: there it seldom proves a loss and costs most (measured on the
        standard tableau: with 15 to 18 stock cards a closure takes about
        30 µs, twice one with 7, and proves a loss for a fifth to a third of
        the sequences; checking only up to 14 makes 2 to 5 % more nodes and
        is about 9 % faster). Leaving a check out is always safe.
        """
        if len(seq) - self.cells > _CHECKED_STOCK:
            return 0
        value = self.loose.get(seq)
        if value is None:
            value = _even_closure(seq, self.table)
            if value < 0:
                self.lost.add(seq)
            else:
                self.loose[seq] = value
        return value

    def hopeless(self, seq: bytes) -> bool:
        """True when ``seq`` is known lost or :func:`stranded` (checked whatever its length)."""
        if seq in self.lost:
            return True
        if _closure(seq, self.table) < 0:
            self.lost.add(seq)
            return True
        return False

    def edges(self, seq: bytes) -> list[int]:
        """The round's pairs as ``i << 8 | j`` (cells ``i < j``), ascending.

        The tableau's ranks as one integer, a byte per cell: for each
        neighbour offset ``d`` a byte of ``x ^ (x >> 8·d)`` is zero where
        cells ``i`` and ``i + d`` hold one rank (ranks are 1 … 13, so the
        xor of two is below 16 and its four low bits tell zero); the offset's
        mask keeps the cells that have that neighbour. The same pairs as
        :func:`~.sequence.round_edges`, in its order.
        """
        n = min(len(seq), self.cells)
        x = int.from_bytes(seq[:n], "little")
        found = []
        for d, mask in self.offsets:
            if d >= n:
                break
            z = x ^ (x >> (d << 3))
            same = mask & ((1 << ((n - d) << 3)) - 1) & ~(z | z >> 1 | z >> 2 | z >> 3)
            while same:
                low = same & -same
                i = low.bit_length() >> 3
                found.append((i << 8) | (i + d))
                same ^= low
        found.sort()
        return found

    def options(self, seq: bytes) -> list[bytes]:
        """The round's matchings, most cards first, each as the bytes of its
        cells: at least one for each sequence they can leave.

        Made pair by pair in the order of :meth:`edges` (each pair joins
        every matching so far that has neither of its cells), then sorted by
        size with a stable sort. So of two matchings of one size, the one
        whose last pair not in the other comes first in that order is first.

        **Left out**, when pair ``(i, j)`` joins a matching: those in which
        cell ``i - 1`` is free and holds the rank of ``i``, when ``(i - 1, j)``
        is a pair too, or ``j = i + 1`` and ``(i - 1, i)`` is a pair. Each has a
        twin with that pair instead of ``(i, j)``: it removes ``i - 1``
        instead of ``i`` (or ``i - 1, i`` instead of ``i, i + 1``), another
        card of one run of equal ranks next to each other in the sequence,
        so it leaves the same sequence, and it is first (the pair in which
        they differ comes before ``(i, j)``). The same holds for every
        matching grown from a left-out one: no pair with cell ``i - 1`` comes
        after ``(i, j)``, so ``i - 1`` stays free and the twin grows the
        same way. A twin left out in turn has its own, earlier one; so
        :meth:`children` (the first matching for each sequence) is the same
        as with every matching. Other matchings that leave one sequence may
        still both appear; :meth:`children` tells them apart.
        """
        edges = self.edges(seq)
        made = [b""]
        for key in edges:
            i = key >> 8
            j = key & 255
            cut = bytes((i, j))
            if (
                i
                and seq[i - 1] == seq[i]
                and (key - 256 in edges or (j == i + 1 and key - 257 in edges))
            ):
                h = i - 1  # a matching where h is free has an earlier twin
                made += [c + cut for c in made if i not in c and j not in c and h in c]
            else:
                made += [c + cut for c in made if i not in c and j not in c]
        del made[0]
        made.sort(key=len, reverse=True)  # stable: ties keep the order made
        return made

    def matchings(self, seq: bytes) -> list[tuple[int, bytes]]:
        """:meth:`options` as ``(mask of its cells, bytes of its cells)``."""
        return [(_mask(c), c) for c in self.options(seq)]

    def children(self, seq: bytes) -> dict[bytes, int]:
        """The round's outcomes in the order of :meth:`options`: next sequence -> mask.

        One entry per sequence (different matchings often leave the same
        one), with the mask of the first matching that leaves it; a child is
        one ``translate`` call: the positions less the matching's cells (the
        deletion comes first), each mapped to its rank.
        """
        return {child: _mask(cut) for child, cut in self.cuts(seq).items()}

    def cuts(self, seq: bytes) -> dict[bytes, bytes]:
        """:meth:`children` with each matching's cells as bytes (what the search reads)."""
        ranks = seq.ljust(256, b"\0")  # position -> rank
        keep = _POSITIONS[: len(seq)].translate
        kids: dict[bytes, bytes] = {}
        for cut in self.options(seq):
            child = keep(ranks, cut)
            if child not in kids:
                kids[child] = cut
        return kids

    def tick(self) -> None:
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise _Budget
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise _Stop
        if (
            self.deadline is not None
            and self.nodes & 63 == 1
            and time.perf_counter() > self.deadline
        ):
            raise _Stop

    def win(self, seq: bytes, path: list[tuple[bytes, int]], test: bool) -> bool:
        """True when the round-start ``seq`` (not empty) can be won; children in
        the order of :meth:`children`, each checked when it is reached (``test``:
        with :func:`stranded` too). On True, ``path`` gets ``(sequence, mask)``
        for each round, last round first."""
        self.tick()
        lost = self.lost
        for child, cut in self.cuts(seq).items():
            if not child or (
                child not in lost
                and (not test or self.closure(child) >= 0)
                and self.win(child, path, test)
            ):
                path.append((seq, _mask(cut)))
                return True
        lost.add(seq)
        return False

    def win_informed(self, seq: bytes, path: list[tuple[bytes, int]]) -> bool:
        """:meth:`win` with every child checked first and tried in the order of
        its closure value (fewest cards left out by the first pass), then most
        cards removed."""
        self.tick()
        lost = self.lost
        kids = self.cuts(seq)
        if b"" in kids:
            path.append((seq, _mask(kids[b""])))
            return True
        scored = []
        for child in kids:
            if child in lost:
                continue
            value = self.closure(child)
            if value >= 0:
                scored.append((value, len(child), child))
        scored.sort()
        for _, _, child in scored:
            if child not in lost and self.win_informed(child, path):
                path.append((seq, _mask(kids[child])))
                return True
        lost.add(seq)
        return False

    def decide(self, seq: bytes, path: list[tuple[bytes, int]]) -> bool:
        """Win or lose from the round-start ``seq`` (not empty), exactly.

        Phases with their own node budgets, each keeping the lost table of
        the ones before (every entry is proved): first a short plain dive
        with no closure checks (many deals are won in its 16 rounds, at the
        cost of making the children), then, with doubling budgets, the plain
        order and the informed order in turn, the last phase unbounded.
        Restarting with another order helps when one order sinks early into
        a large lost subtree; a lost deal loses little, since the earlier
        phases' lost sequences are known.
        """
        for order, extra in _PLAN:
            self.budget = None if extra is None else self.nodes + extra
            del path[:]
            try:
                if order == "informed":
                    return self.win_informed(seq, path)
                return self.win(seq, path, test=order == "plain")
            except _Budget:
                continue
        raise AssertionError("the last phase of _PLAN has no budget")


#: The phases of :meth:`_Search.decide`: (order, node budget or None).
#: ``dive``: :meth:`_Search.win` with no closure checks; ``plain``: with them;
#: ``informed``: :meth:`_Search.win_informed`.
_PLAN: list[tuple[str, int | None]] = [("dive", 16)]
for _budget in (256, 512, 1024, 2048, 4096, 8192, 16384):
    _PLAN += [("plain", _budget), ("informed", _budget)]
_PLAN.append(("plain", None))


# --------------------------------------------------------------------------
# From an engine state


def _matching(edges: list[tuple[int, int]], mask: int) -> list[tuple[int, int]]:
    """A perfect matching of the cells in ``mask`` using ``edges``, ascending (it exists)."""

    def pick(rest: int, chosen: list[tuple[int, int]]) -> list[tuple[int, int]] | None:
        if not rest:
            return chosen
        low = (rest & -rest).bit_length() - 1
        for i, j in edges:
            if i == low and (rest >> j) & 1:
                found = pick(rest & ~((1 << i) | (1 << j)), [*chosen, (i, j)])
                if found is not None:
                    return found
        return None

    found = pick(mask, [])
    if found is None:  # an explicit check: `python -O` would drop an assert
        raise RuntimeError("solver: a mask the search made is not a matching (a bug)")
    return sorted(found)


def _round_moves(
    pairs_now: list[tuple[int, int]], mask: int, left: int, stock: int, gapped: bool, cells: int
) -> list[Action]:
    """The engine actions of one round: its pairs, then consolidate and refill when due.

    ``left``: cards left on the tableau after the round's pairs, ``stock``:
    stock cards, ``gapped``: some card has a gap before it after the pairs.
    The game is won when nothing is left; otherwise a consolidation is due
    when it can start (RULES.md, "A round", step 2) and the refill when it
    leaves a gap and stock.
    """
    moves: list[Action] = [Remove(i, j) for i, j in _matching(pairs_now, mask)]
    if left == 0 and stock == 0:
        return moves
    if gapped or (left < cells and stock):
        moves.append(Consolidate())
        if left < cells and stock:
            moves.append(Refill())
    return moves


def _seq_round(seq: bytes, mask: int, search: _Search) -> list[Action]:
    """The actions of a round that starts from the sequence ``seq`` and removes ``mask``."""
    cells = search.cells
    n = min(len(seq), cells)
    edges = [(i, j) for i in range(n) for j in search.forward[i] if j < n and seq[i] == seq[j]]
    removed = mask.bit_count()
    left = n - removed
    stock = len(seq) - n
    # Some card has a gap before it unless the removed cells are exactly the
    # last ones of the tableau, i.e. none is among the first ``left``.
    gapped = left > 0 and (mask & ((1 << left) - 1)) != 0
    return _round_moves(edges, mask, left, stock, gapped, cells)


def solve(
    state: State | dict[str, Any],
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
) -> Solution:
    """Solve the game from ``state`` with full information (docs/analysis.md, §2).

    ``state``: a ``State`` or its JSON object (checked with ``verify_state``;
    a state that does not verify raises ``StateError``), in any phase: a
    round start, the middle of phase ``remove`` (the empty choice, keeping
    every pair, is allowed when the consolidation can start), phase
    ``consolidate`` or ``refill`` (the round is finished first), won or lost.
    ``node_limit`` (positions expanded: :attr:`Solution.nodes`) and
    ``time_limit`` (seconds) stop the search early with ``winnable=None``;
    without them it always decides. A limit that is not a whole number
    (seconds: a number, ``inf`` allowed) ≥ 0, or a ``time_limit`` of NaN,
    raises ``ArgumentError`` (a ``ValueError`` and a ``TypeError``; keys
    ``api.node-limit``, ``api.time-limit``), as ``Game``'s methods do.

    Returns a :class:`Solution`. Its ``moves`` apply with ``Game.apply`` from
    ``state`` to a win: ``Remove`` for each pair (ascending cells, the pairs
    of a round ascending), then ``Consolidate()`` when it can start, then
    ``Refill()`` when the phase is ``refill``. Every preset is solved
    (RULES.md, "Variants"): same-rank pairs of neighbours (standard, small,
    double) by this module's search, the other rules (sum 13 with kings
    alone, sum 14, lines, same suit with the aces staying and winning) by
    :mod:`.variant_search`, whose moves include ``Remove(i)`` for a lone card
    and which stops at the win (Aces Square: only the aces left).
    """
    started = time.perf_counter()
    if not isinstance(state, State):
        state = verify_state(state)
    if node_limit is not None and (
        isinstance(node_limit, bool) or not isinstance(node_limit, int) or node_limit < 0
    ):
        raise ArgumentError("solve", node_limit, "api.node-limit")
    if time_limit is not None and (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, (int, float))
        or not time_limit >= 0  # also NaN, which compares false with everything
    ):
        raise ArgumentError("solve", time_limit, "api.time-limit")
    deadline = None if time_limit is None else started + time_limit

    def done(winnable: bool | None, moves: list[Action], nodes: int) -> Solution:
        return Solution(winnable, tuple(moves), nodes, time.perf_counter() - started)

    now = status(state)
    if now == "won":
        return done(True, [], 0)
    if now == "lost":
        return done(False, [], 0)
    rules = state.rules
    if (rules.pair, rules.touching, rules.lone, rules.stay) != ("same-rank", "eight", (), ()):
        return _solve_variant(state, node_limit, deadline, done)
    search = _Search(rules.rows, rules.cols, rules.deck_size, node_limit, deadline)
    cells = search.cells

    prefix: list[Action] = []
    if state.phase == "consolidate":
        prefix.append(Consolidate())
        tableau_cards = sum(1 for card in state.tableau if card is not None)
        if tableau_cards < cells and state.stock:
            prefix.append(Refill())
    elif state.phase == "refill":
        prefix.append(Refill())

    try:
        path: list[tuple[bytes, int]] = []
        if prefix or is_round_start(state):
            seq = sequence(state)
            if search.hopeless(seq) or not search.decide(seq, path):
                return done(False, [], search.nodes)
            moves = prefix
        else:
            found = _first_round(state, search)
            if found is None:
                return done(False, [], search.nodes)
            moves, path = found
    except _Stop:
        return done(None, [], search.nodes)
    for seq, mask in reversed(path):
        moves.extend(_seq_round(seq, mask, search))
    return done(True, moves, search.nodes)


def _first_round(state: State, search: _Search) -> tuple[list[Action], list] | None:
    """Search from a position in phase ``remove``, whose tableau may hold gaps.

    Its pairs are the engine's (a gap breaks contact); every matching of
    them is a choice, the empty one too when the consolidation can start.
    Returns the first round's actions and the rest of the path, or None
    when it is lost.
    """
    tableau = state.tableau
    cells = search.cells
    edges = pairs(state)
    masks = {0}
    for i, j in edges:
        bits = (1 << i) | (1 << j)
        masks |= {m | bits for m in masks if not m & bits}
    if not can_start_consolidation(state):
        masks.discard(0)
    stock = bytes(card.rank for card in state.stock)
    options: dict[bytes, int] = {}
    for mask in masks:
        kept = bytes(
            card.rank for k, card in enumerate(tableau) if card is not None and not (mask >> k) & 1
        )
        child = kept + stock
        if child not in options:
            options[child] = mask
    search.tick()
    order = sorted(options, key=len)
    for child in order:
        path: list[tuple[bytes, int]] = []
        if child and (search.hopeless(child) or not search.decide(child, path)):
            continue
        mask = options[child]
        cards = [k for k, card in enumerate(tableau) if card is not None and not (mask >> k) & 1]
        gapped = any(k != place for place, k in enumerate(cards))
        moves = _round_moves(edges, mask, len(cards), len(state.stock), gapped, cells)
        return moves, path
    return None


def _solve_variant(state: State, node_limit, deadline, done) -> Solution:
    """:func:`solve` for the rules :mod:`.variant_search` models (not same-rank
    pairs of neighbours): the same limits, counted the same way."""
    from .variant_search import Stop, solve_variant

    nodes = 0

    def tick() -> None:
        nonlocal nodes
        nodes += 1
        if node_limit is not None and nodes > node_limit:
            raise Stop
        if deadline is not None and nodes & 63 == 1 and time.perf_counter() > deadline:
            raise Stop

    try:
        moves = solve_variant(state, tick)
    except Stop:
        return done(None, [], nodes)
    if moves is None:
        return done(False, [], nodes)
    return done(True, moves, nodes)
