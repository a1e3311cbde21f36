"""The full-information search for the variants' rules (issue 19; docs/analysis.md, §2).

Why a second search: :mod:`.solver`'s fast search and its pruning rule
(:func:`~.closure.stranded`) are proved for same-rank pairs of neighbours
only. Thirteens (sum 13, kings alone), Fourteens (sum 14, neighbours or
lines) and Aces Square (same suit in a line, aces stay, won with only the
aces left) need the same round model with another pair test, lone removals
and another end. This module is that model, exact and plain:

- **Keys.** At a round start the future depends on each card only through
  what it can pair with, so each card becomes one byte (:func:`card_keys`):
  its rank for the rank rules, its suit (1 … 4) for ``same-suit``, with the
  ``stay`` ranks (Aces Square's aces) all one key, ``_STAY``: they never
  pair and never leave.
- **A round** removes any set of disjoint removals of the round-start
  tableau: pairs of touching cells whose keys pair, and lone cards (a
  Thirteens king) by themselves (RULES.md, "Variants"). Inside a round no
  new pair appears: under ``eight`` a gap breaks contact, under ``line``
  the rows and columns do not move. So the next round's sequence is the
  sequence less the removed positions (:func:`~.sequence.delete`).
- **Children** are made lazily (:func:`choices`), a depth-first walk over
  the cells that takes each removal before leaving it out, so the first
  children remove the most: most winnable deals are won on the first dive
  before the round's other choices are listed. One entry per child
  sequence; the table of lost sequences is shared by the whole search.
- **Won** when nothing but ``stay`` cards is left (and they fit in the
  tableau, so the stock is empty); a round with no choice is lost.
- **Pruning**: :func:`stranded`, the closure of :func:`~.closure.stranded`
  with this model's pair test and touching rule, proves a child lost before
  its subtree is searched (without it a few lost Thirteens deals take
  seconds).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from ..engine.queries import can_start_consolidation, lone_cells, pairs
from ..engine.rules import Rules, touching_edges
from ..engine.state import Action, Consolidate, Refill, Remove, State
from .closure import _pair_table
from .sequence import is_round_start

__all__ = [
    "STAY",
    "Model",
    "Search",
    "Stop",
    "card_keys",
    "child_of",
    "choices",
    "is_won",
    "model_of",
    "round_moves",
    "solve_variant",
]

#: The key of every ``stay`` card (they never pair, so they are all alike).
STAY = 15
#: The key of every ``lone`` card is its rank; a bit in :attr:`Model.lone`.
_SUITS = {"S": 1, "H": 2, "D": 3, "C": 4}
_LETTERS = "A23456789TJQK"


class Model:
    """The round model of one rules value: keys, who pairs with whom, geometry.

    ``mates[k]``: the keys a card of key ``k`` pairs with (a set, empty for
    lone and stay keys); ``lone``: keys removed alone; ``touch[i]``: the
    cells after ``i`` touching it (under ``eight`` the neighbours, under
    ``line`` its row and column), ascending; ``cells``: the tableau's size.
    """

    __slots__ = ("cells", "lone", "mates", "pair", "rules", "table", "touch")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.cells = rules.rows * rules.cols
        ahead: list[list[int]] = [[] for _ in range(self.cells)]
        for i, j in touching_edges(rules):
            ahead[i].append(j)
        self.touch = tuple(tuple(sorted(row)) for row in ahead)
        lone = {_LETTERS.index(letter) + 1 for letter in rules.lone}
        stay = {_LETTERS.index(letter) + 1 for letter in rules.stay}
        mates: list[frozenset[int]] = [frozenset()] * 16
        if rules.pair == "same-suit":
            for k in _SUITS.values():
                mates[k] = frozenset({k})
            self.lone = frozenset()  # no preset has lone cards with suits; see card_keys
        else:
            total = {"same-rank": None, "sum-13": 13, "sum-14": 14}[rules.pair]
            for r in range(1, 14):
                if r in lone or r in stay:
                    continue
                other = r if total is None else total - r
                if 1 <= other <= 13 and other not in lone and other not in stay:
                    mates[r] = frozenset({other})
            self.lone = frozenset(lone)
        self.mates = tuple(mates)
        self.table = _pair_table(rules.rows, rules.cols, rules.deck_size, rules.touching)
        #: pair[a][b]: True when keys a and b pair, for the inner loops
        self.pair = tuple(tuple(b in mates[a] for b in range(16)) for a in range(16))


@lru_cache(maxsize=16)
def model_of(rules: Rules) -> Model:
    """The :class:`Model` of ``rules``, made once per rules value."""
    return Model(rules)


def card_keys(state: State) -> bytes:
    """The state's cards as keys: tableau in reading order (gaps skipped), then the stock.

    A ``stay`` card is :data:`STAY`; under ``same-suit`` any other card is
    its suit (``S H D C`` → 1 … 4), under the rank rules its rank. Raises
    ``NotImplementedError`` for ``same-suit`` rules with lone ranks (no
    preset has them).
    """
    rules = state.rules
    stay = {_LETTERS.index(letter) + 1 for letter in rules.stay}
    suits = rules.pair == "same-suit"
    if suits and rules.lone:
        raise NotImplementedError("solve: lone cards under the same-suit rule")
    cards = [card for card in state.tableau if card is not None]
    cards.extend(state.stock)
    return bytes(
        STAY if card.rank in stay else (_SUITS[card.suit] if suits else card.rank) for card in cards
    )


def choices(seq: bytes, model: Model) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every non-empty choice of a round start ``seq``: its removals, each ``(i,)``
    (a lone card) or ``(i, j)`` (a pair, ``i < j``), in the order of their first cell.

    A choice is a set of removals that share no card: pairs of touching
    cells whose keys pair, and lone cards alone. The walk goes through the
    cells in order and, at each card not used yet, first removes it alone
    (a lone card) or with each later partner, ascending, then keeps it; so
    the first choice removes as much as that greedy order allows, and every
    choice comes exactly once.
    """
    n = min(len(seq), model.cells)
    pair = model.pair
    lone = model.lone
    touch = model.touch
    partners: list[tuple[int, ...]] = []
    for i in range(n):
        row = pair[seq[i]]
        partners.append(tuple(j for j in touch[i] if j < n and row[seq[j]]))
    active = [i for i in range(n) if partners[i] or seq[i] in lone]
    if not active:
        return
    count = len(active)
    cut: list[tuple[int, ...]] = []
    used = [False] * n

    def walk(k: int) -> Iterator[tuple[tuple[int, ...], ...]]:
        while k < count and used[active[k]]:
            k += 1
        if k == count:
            if cut:
                yield tuple(cut)
            return
        i = active[k]
        if seq[i] in lone:
            cut.append((i,))
            yield from walk(k + 1)
            cut.pop()
        else:
            for j in partners[i]:
                if not used[j]:
                    used[j] = True
                    cut.append((i, j))
                    yield from walk(k + 1)
                    cut.pop()
                    used[j] = False
        yield from walk(k + 1)

    yield from walk(0)


def is_won(seq: bytes, model: Model) -> bool:
    """True when ``seq`` is a won position: nothing left but ``stay`` cards, in the tableau."""
    return len(seq) <= model.cells and all(key == STAY for key in seq)


def stranded(seq: bytes, model: Model) -> bool:
    """True when no order of removals can clear the round start ``seq`` of all
    but its ``stay`` cards: it is lost (:func:`closure` is negative)."""
    return closure(seq, model) < 0


def closure(seq: bytes, model: Model) -> int:
    """-1 when the round start ``seq`` is proved lost, else how many of its cards
    that must go the first pass of the closure (the lone cards and the pairs
    touching now) left out: fewer is closer to a win (the order of
    :meth:`Search.win_informed`); only the sign is a proof.

    The proof is :func:`~.closure.stranded`'s, with "two cards that pair under
    the rules" for "two cards of one rank" and the rules' touching (under
    ``line`` "those cells share a row or a column", which a removal never
    changes inside a round either): a pair can only go at a round start
    where both are in the tableau and touch, so before it at least ``k`` of
    the cards between them and ``t`` of the cards before the later one are
    gone (:func:`~.closure.reach_counts`). The closure ``C`` starts with the
    lone cards (each may go alone; taking them all is only generous) and
    adds both cards of every pair open for it; a win removes only cards of
    ``C``, so when ``C`` misses a card that is not ``stay`` the sequence is
    lost. Also lost: a key whose count its mates cannot match (each pair
    takes one card of each, or two of a key that pairs with itself).
    """
    mates = model.mates
    lone = model.lone
    counts = [0] * 16
    for key in seq:
        counts[key] += 1
    for key in range(16):
        if counts[key] and key not in lone and key != STAY:
            others = mates[key]
            if not others:
                return -1  # a card that can never leave
            (other,) = others
            if (counts[key] & 1) if other == key else counts[key] != counts[other]:
                return -1
    table = model.table
    spots: list[list[int]] = [[] for _ in range(16)]
    gone = 0
    need = 0
    hard = []
    for q, key in enumerate(seq):
        if key == STAY:
            continue
        need |= 1 << q
        if key in lone:
            gone |= 1 << q
            continue
        row = table[q]
        for other in mates[key]:
            for p in spots[other]:
                item = row[p]
                if item is None:
                    gone |= (1 << p) | (1 << q)
                else:
                    hard.append(item)
        spots[key].append(q)
    loose = (need & ~gone).bit_count()
    while gone & need != need:
        before_pass = gone
        kept = ~gone
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


#: Position k -> byte k, for :func:`child_of`.
_POSITIONS = bytes(range(256))


def child_of(seq: bytes, choice: tuple[tuple[int, ...], ...]) -> bytes:
    """The next round's sequence: ``seq`` less the positions of ``choice``'s removals."""
    cut = bytes(cell for removal in choice for cell in removal)
    return _POSITIONS[: len(seq)].translate(seq.ljust(256, b"\0"), cut)


class Stop(Exception):
    """Raised inside the search when the caller's limit is reached."""


class _Budget(Exception):
    """Raised inside one phase of :meth:`Search.decide` when its node budget is spent."""


class Search:
    """One depth-first search over round starts with a table of lost sequences.

    ``tick`` (called once per position expanded) raises :class:`Stop` when
    the caller's limit is reached; ``nodes`` counts the positions expanded
    in :meth:`decide`'s phases.
    """

    __slots__ = ("budget", "lost", "model", "nodes", "tick")

    def __init__(self, model: Model, tick) -> None:
        self.model = model
        self.lost: set[bytes] = set()
        self.nodes = 0
        self.budget: int | None = None
        self.tick = tick

    def _count(self) -> None:
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise _Budget
        self.tick()

    def decide(self, seq: bytes, path: list[tuple[bytes, tuple[tuple[int, ...], ...]]]) -> bool:
        """Win or lose from the round start ``seq``, exactly: :meth:`win` and
        :meth:`win_informed` in turn with doubling node budgets (as
        :meth:`~.solver._Search.decide`: restarting in another order helps when
        one order sinks early into a large lost subtree; the table of lost
        sequences, every entry proved, is kept), the last phase unbounded."""
        for informed, extra in _PLAN:
            self.budget = None if extra is None else self.nodes + extra
            del path[:]
            try:
                if informed:
                    return self.win_informed(seq, path)
                return self.win(seq, path)
            except _Budget:
                continue
        raise AssertionError("the last phase of _PLAN has no budget")

    def win(self, seq: bytes, path: list[tuple[bytes, tuple[tuple[int, ...], ...]]]) -> bool:
        """True when the round start ``seq`` can be won; then ``path`` gets
        ``(sequence, choice)`` for each round, last round first. Children in
        the order of :func:`choices`."""
        model = self.model
        if is_won(seq, model):
            return True
        if seq in self.lost or stranded(seq, model):
            self.lost.add(seq)
            return False
        self._count()
        seen: set[bytes] = set()
        lost = self.lost
        for choice in choices(seq, model):
            child = child_of(seq, choice)
            if child in seen or child in lost:
                continue
            seen.add(child)
            if self.win(child, path):
                path.append((seq, choice))
                return True
        lost.add(seq)
        return False

    def win_informed(
        self, seq: bytes, path: list[tuple[bytes, tuple[tuple[int, ...], ...]]]
    ) -> bool:
        """:meth:`win` with every child made first and tried in the order of
        its :func:`closure` value (fewest cards left out), then most removed."""
        model = self.model
        if is_won(seq, model):
            return True
        if seq in self.lost or stranded(seq, model):
            self.lost.add(seq)
            return False
        self._count()
        lost = self.lost
        kids: dict[bytes, tuple[tuple[int, ...], ...]] = {}
        for choice in choices(seq, model):
            child = child_of(seq, choice)
            if child not in kids and child not in lost:
                kids[child] = choice
        scored = []
        for child in kids:
            if is_won(child, model):
                path.append((seq, kids[child]))
                return True
            value = closure(child, model)
            if value >= 0:
                scored.append((value, len(child), child))
            else:
                lost.add(child)
        scored.sort()
        for _, _, child in scored:
            if child not in lost and self.win_informed(child, path):
                path.append((seq, kids[child]))
                return True
        lost.add(seq)
        return False


#: The phases of :meth:`Search.decide`: (informed order?, node budget or None).
_PLAN: list[tuple[bool, int | None]] = []
for _budget in (64, 256, 1024, 4096, 16384, 65536):
    _PLAN += [(False, _budget), (True, _budget)]
_PLAN.append((False, None))


def round_moves(seq: bytes, choice: tuple[tuple[int, ...], ...], cells: int) -> list[Action]:
    """The engine actions of a round from the round start ``seq`` that makes ``choice``.

    Its removals (``Remove(i)`` for a lone card, ``Remove(i, j)`` for a
    pair), then, unless that wins the game (the stock empty and only
    ``stay`` cards left), ``Consolidate()`` when it can start and
    ``Refill()`` when it leaves a gap and stock (RULES.md, "A round").
    """
    moves: list[Action] = [Remove(*removal) for removal in choice]
    n = min(len(seq), cells)
    stock = len(seq) - n
    gone = {cell for removal in choice for cell in removal}
    left = [seq[k] for k in range(n) if k not in gone]
    if not stock and all(key == STAY for key in left):
        return moves
    gapped = any(k < len(left) for k in gone)
    if gapped or (len(left) < cells and stock):
        moves.append(Consolidate())
        if len(left) < cells and stock:
            moves.append(Refill())
    return moves


def _state_choices(state: State) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every choice of a position inside phase ``remove`` (gaps allowed): sets of
    disjoint legal removals (the engine's pairs and lone cards), the empty set
    only when a consolidation can start."""
    removals = [(cell,) for cell in lone_cells(state)] + list(pairs(state))
    count = len(removals)
    chosen: list[tuple[int, ...]] = []

    def walk(k: int, used: int) -> Iterator[tuple[tuple[int, ...], ...]]:
        while k < count:
            removal = removals[k]
            bits = sum(1 << cell for cell in removal)
            if not used & bits:
                chosen.append(removal)
                yield tuple(chosen)
                yield from walk(k + 1, used | bits)
                chosen.pop()
            k += 1

    yield from walk(0, 0)
    if can_start_consolidation(state):
        yield ()


def solve_variant(state: State, tick) -> list[Action] | None:
    """Winning engine actions from ``state`` (phase ``remove``, ``consolidate`` or
    ``refill``, being played) under its rules, or ``None`` when it is lost.

    ``tick()`` is called once per position expanded and may raise
    :class:`Stop`. A round start (:func:`~.sequence.is_round_start`) or a
    position after the removals is searched from its key sequence; a
    position in the middle of phase ``remove`` tries each choice of its
    tableau (with gaps: the engine's pairs) first.
    """
    model = model_of(state.rules)
    search = Search(model, tick)
    cells = model.cells
    path: list[tuple[bytes, tuple[tuple[int, ...], ...]]] = []
    moves: list[Action] = []
    if state.phase != "remove" or is_round_start(state):
        if state.phase == "consolidate":
            moves.append(Consolidate())
            held = sum(1 for card in state.tableau if card is not None)
            if held < cells and state.stock:
                moves.append(Refill())
        elif state.phase == "refill":
            moves.append(Refill())
        if not search.decide(card_keys(state), path):
            return None
    else:
        tick()
        tableau = state.tableau
        stock = card_keys(state)[-len(state.stock) :] if state.stock else b""
        held = [k for k, card in enumerate(tableau) if card is not None]
        keys = card_keys(state)[: len(held)]
        tried: set[bytes] = set()
        for choice in _state_choices(state):
            gone = {cell for removal in choice for cell in removal}
            child = bytes(key for k, key in zip(held, keys, strict=True) if k not in gone) + stock
            if child in tried:
                continue
            tried.add(child)
            del path[:]
            if not search.decide(child, path):
                continue
            moves = [Remove(*removal) for removal in choice]
            kept = [k for k in held if k not in gone]
            if not state.stock and all(key == STAY for key in child):
                return moves
            gapped = any(k != place for place, k in enumerate(kept))
            if gapped or (len(kept) < cells and state.stock):
                moves.append(Consolidate())
                if len(kept) < cells and state.stock:
                    moves.append(Refill())
            break
        else:
            return None
    for seq, choice in reversed(path):
        moves.extend(round_moves(seq, choice, cells))
    return moves
