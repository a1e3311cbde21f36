"""The fair hint and the perfect hint (docs/analysis.md, section 3).

A learner who asks "what now?" should get a move and a reason a player could
have found. The **fair hint** sees only what a player sees (the tableau and
the stock's size) and weighs each plan of the round by the pairs it takes now
plus those it leaves touching (RULES.md, "Strategy facts"), so it can say when
keeping a pair is right (M9); ``js/engine/hint.js`` gives the same hints,
pinned by tests/vectors/hints.json. The **perfect hint** asks the solver
(:mod:`.solver`): the first move of a winning line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..engine.actions import verify_state
from ..engine.cards import card_symbol
from ..engine.messages import counted, format_list, format_message, format_pair, phrase
from ..engine.params import params_json
from ..engine.queries import can_start_consolidation, legal_lone, legal_pairs, status
from ..engine.rules import pair_test
from ..engine.state import Action, Consolidate, Refill, Remove, State
from .sequence import Edge

__all__ = ["Hint", "fair_hint", "maximum_matching_size", "perfect_hint"]


@dataclass(frozen=True)
class Hint:
    """A suggested move and why (docs/analysis.md, section 3).

    ``action``: an engine action (``Remove``, ``Consolidate`` or ``Refill``)
    that ``apply`` accepts in the state it was made for. ``key`` and
    ``params``: the catalogue entry (``hint.*``) and its parameters, cards in
    symbol form (``"9♠"``) and counts as counted text (``"3 pairs"``), as the
    front end formats them: English text that :meth:`message` says again in
    another language (they are ``Phrase`` values, docs/i18n.md). ``cells``:
    the cells to mark, ascending for a pair or a refill, ``[from, to]`` of
    the next step in a consolidation. ``kind``: ``"fair"`` or ``"perfect"``.
    """

    action: Action
    key: str
    params: dict[str, str]
    cells: tuple[int, ...]
    kind: str

    def __hash__(self) -> int:
        # Frozen, but ``params`` is a dict: hash its items, so hints go in sets.
        return hash((self.action, self.key, tuple(sorted(self.params.items())), self.cells))

    @property
    def reason(self) -> str:
        """The catalogue's English text for ``key`` and ``params``."""
        return format_message(self.key, self.params)

    def message(self, lang: str = "en") -> str:
        """The hint's text in ``lang``, cards in its letters (``ValueError``: unknown code)."""
        return format_message(self.key, self.params, lang)

    def to_json(self) -> dict[str, Any]:
        """``{"action", "key", "params", "cells", "kind"}``: what ``fairHint`` returns in JS,
        the params as data (``params_json``: a count ``{"count", "of"}``, docs/i18n.md §2)."""
        return {
            "action": self.action.to_json(),
            "key": self.key,
            "params": params_json(self.params),
            "cells": list(self.cells),
            "kind": self.kind,
        }


def _read(state: State | dict[str, Any]) -> State:
    """A ``State`` as it is; a state JSON object verified (``StateError`` if it is bad)."""
    return state if isinstance(state, State) else verify_state(state)


# --------------------------------------------------------------------------
# Matchings of a small graph


def maximum_matching_size(edges: Sequence[Edge]) -> int:
    """The number of edges in a maximum matching of the graph ``edges`` (no vertex twice).

    ``edges``: ``(i, j)`` with ``i < j``, ascending. For the small pair
    graphs of a tableau (RULES.md, "A round": a card belongs to at most one
    pair). Exact: when no two edges share a vertex it is their number;
    otherwise it branches on the least vertex ``a`` (the first edge's
    first): some maximum matching covers ``a`` (if one leaves it free,
    swapping in ``a`` for the partner of one of its neighbours keeps the
    size), so only "``a`` with each neighbour" is tried. Fast while each
    card touches few cards of its own rank (at most 3 in one deck, 7 in two).
    """
    ends = [v for edge in edges for v in edge]
    if len(set(ends)) == len(ends):
        return len(edges)
    a = edges[0][0]
    rest = [edge for edge in edges if edge[0] != a]  # ascending: a is never a second
    best = 0
    for i, b in edges:
        if i != a:
            break
        size = 1 + maximum_matching_size([edge for edge in rest if b not in edge])
        if size > best:
            best = size
    return best


# --------------------------------------------------------------------------
# The fair hint


@dataclass(frozen=True)
class _Plan:
    """A round's best plan: its pairs (ascending), its ``future``, the most pairs a plan takes."""

    pairs: tuple[Edge, ...]
    future: int
    most: int


@lru_cache(maxsize=16)
def _near(cols: int) -> tuple[frozenset[int], ...]:
    """For each column ``c``, the steps ``d > 0`` in reading order from a cell of that column
    to a neighbour (RULES.md, "Terms": eight directions, no wrap)."""
    return tuple(
        frozenset(
            d for d in range(1, cols + 2) if (c + d) // cols <= 1 and abs((c + d) % cols - c) <= 1
        )
        for c in range(cols)
    )


class _Futures:
    """``future(M)`` of each plan of one position (docs/analysis.md, section 3).

    Delete the plan's cards and close up the rest in reading order (RULES.md,
    "A round", step 2): the cells after them will hold stock cards the player
    cannot see, which pair with nothing here. ``future`` is the size of a
    maximum matching of that tableau's pairs.

    Only two cards that pair under the rules (the same rank in the standard
    game) and can come to touch are looked at: closing up brings two cards
    nearer by the cards removed between them, so under the 8-neighbour rule
    two cards more than ``cols + 1`` apart, counting only the cards that no
    legal pair holds, never touch. A card's new cell is its place among the
    cards less the plan's cards before it; under the ``line`` rule two cards
    touch when their new cells share a row or a column.
    """

    def __init__(self, state: State, pairs: Sequence[Edge]) -> None:
        cols = state.rules.cols
        cells = [k for k, card in enumerate(state.tableau) if card is not None]
        cards = [state.tableau[k] for k in cells]
        test = pair_test(state.rules)
        self.line = state.rules.touching == "line"
        #: cell -> its place among the cards, 0 … n-1
        self.place = {cell: t for t, cell in enumerate(cells)}
        held = 0
        for i, j in pairs:
            held |= (1 << self.place[i]) | (1 << self.place[j])
        #: Per pair of cards of one rank that may come to touch: both their bits,
        #: the bits before the first, the bits between them, the first, their distance.
        self.candidates = []
        count = len(cells)
        for a in range(count):
            between = 0  # cards between a and b that no legal pair holds
            for b in range(a + 1, count):
                if between > cols and not self.line:
                    break
                if test(cards[a], cards[b]):
                    bits = (1 << a) | (1 << b), (1 << a) - 1, (1 << b) - (1 << (a + 1))
                    self.candidates.append((*bits, a, b - a, (a, b)))
                between += not (held >> b) & 1
        self.cols = cols
        self.near = _near(cols)

    def __call__(self, plan: Sequence[Edge]) -> int:
        place = self.place
        gone = 0
        for i, j in plan:
            gone |= (1 << place[i]) | (1 << place[j])
        cols, near = self.cols, self.near
        if self.line:
            return maximum_matching_size(
                [
                    edge
                    for both, before, between, a, apart, edge in self.candidates
                    if not gone & both
                    and _in_line(
                        a - (gone & before).bit_count(),
                        a + apart - (gone & (before | between | (1 << a))).bit_count(),
                        cols,
                    )
                ]
            )
        edges = [
            edge
            for both, before, between, a, apart, edge in self.candidates
            if not gone & both
            and apart - (gone & between).bit_count()
            in near[(a - (gone & before).bit_count()) % cols]
        ]
        return maximum_matching_size(edges)


def _in_line(p: int, q: int, cols: int) -> bool:
    """True when places ``p`` and ``q`` of the closed-up tableau share a row or a column."""
    return p // cols == q // cols or p % cols == q % cols


def _pair_bound(state: State) -> int:
    """The most pairs the tableau's cards could ever make among themselves under
    the rules' pair rule, wherever they lie: per rank (``same-rank``) or suit
    (``same-suit``) half its cards; per ``sum-13``/``sum-14`` couple of ranks
    the fewer of the two (a seven with a seven for 14: half the sevens).
    ``lone`` and ``stay`` cards pair with nothing. A plan's pairs now and the
    pairs it leaves touching are one such set of pairs, so no plan scores
    more (RULES.md, "A round": one card, one pair)."""
    rules = state.rules
    test = pair_test(rules)
    counts: dict[Any, int] = {}
    for card in state.tableau:
        if card is None or (not test(card, card) and rules.pair in ("same-rank", "same-suit")):
            continue
        key = card.suit if rules.pair == "same-suit" else card.rank
        counts[key] = counts.get(key, 0) + 1
    if rules.pair in ("same-rank", "same-suit"):
        return sum(count // 2 for count in counts.values())
    total = 13 if rules.pair == "sum-13" else 14
    low = sum(
        min(counts.get(r, 0), counts.get(total - r, 0)) for r in range(1, 14) if r < total - r
    )
    return low + (counts.get(7, 0) // 2 if total == 14 else 0)


def _best_plan(state: State) -> _Plan:
    """The plan of docs/analysis.md, section 3, for a state in phase ``remove`` with legal pairs.

    Every matching of the legal pairs is a plan (the empty one only when a
    consolidation can start); score ``|M| + future(M)``. Highest score; then
    more pairs now; then the first in lexicographic order of its pairs,
    ascending. :func:`~.sequence.matchings` lists plans in that order
    (empty first, then a depth-first walk over the ascending pairs), so the
    first plan with the best (score, size) is the one. No plan scores more
    than :func:`_pair_bound`, so the walk (the same order) stops at a plan
    that scores it with the most pairs a plan takes
    (:func:`maximum_matching_size`), and once the best scores it, skips the
    plans that cannot take more pairs than the best: the answer is the
    same. ``future`` is remembered by the cards it leaves (an Aces Square
    round has up to some 80,000 plans and a tenth as many futures).
    """
    pairs = legal_pairs(state)
    future_of = _Futures(state, pairs)
    most = maximum_matching_size(pairs)
    bound = _pair_bound(state)
    # future(M) depends only on the cards left, in reading order, as the
    # pair rule sees them: remember it by that key (plans that leave the
    # same key sequence are common when many cards pair).
    rules = state.rules
    test = pair_test(rules)
    places = future_of.place
    keys = {
        cell: (card.suit if rules.pair == "same-suit" else card.rank)
        if test(card, card) or rules.pair.startswith("sum")
        else 0
        for cell, card in enumerate(state.tableau)
        if card is not None
    }
    order = sorted(places)
    futures: dict[tuple[Any, ...], int] = {}
    best: list[Any] = [None, (), 0]  # (score, size), plan, future

    def consider(plan: tuple[Edge, ...]) -> bool:
        """Score ``plan``; True when nothing after it can beat the best."""
        gone = {cell for edge in plan for cell in edge}
        key = tuple(keys[cell] for cell in order if cell not in gone)
        future = futures.get(key)
        if future is None:
            future = futures[key] = future_of(plan)
        size = len(plan)
        score = (size + future, size)
        if best[0] is None or score > best[0]:
            best[:] = [score, plan, future]
        return best[0] == (bound, most)

    count = len(pairs)
    chosen: list[Edge] = []

    def room(k: int, used: int) -> int:
        """At most how many more pairs of ``pairs[k:]`` fit beside the ``used`` cells."""
        free = set()
        for i, j in pairs[k:]:
            if not (used >> i) & 1 and not (used >> j) & 1:
                free.add(i)
                free.add(j)
        return len(free) // 2

    def walk(k: int, used: int) -> bool:
        # matchings()'s order: each pair taken (and scored) before it is skipped.
        while k < count:
            i, j = pairs[k]
            if not (used >> i) & 1 and not (used >> j) & 1:
                chosen.append(pairs[k])
                if consider(tuple(chosen)):
                    return True
                now = used | (1 << i) | (1 << j)
                # Below, every plan scores at most the bound; once the best
                # scores it, only a plan with more pairs can beat it.
                if not (
                    best[0][0] == bound and len(chosen) + room(k + 1, now) <= best[0][1]
                ) and walk(k + 1, now):
                    return True
                chosen.pop()
            k += 1
        return False

    if not (can_start_consolidation(state) and consider(())):
        walk(0, 0)
    return _Plan(best[1], best[2], most)


def _next_move(state: State) -> tuple[int, int]:
    """``(from, to)`` of the next consolidation step: the first card after the first gap."""
    tableau = state.tableau
    gap = next(k for k, card in enumerate(tableau) if card is None)
    source = next(k for k in range(gap + 1, len(tableau)) if tableau[k] is not None)
    return source, gap


def _refill_cells(state: State) -> tuple[int, ...]:
    """The gaps a refill fills, ascending: as many as the stock has cards."""
    gaps = [k for k, card in enumerate(state.tableau) if card is None]
    return tuple(gaps[: len(state.stock)])


def _pair_params(state: State, i: int, j: int) -> dict[str, str]:
    return {"first": card_symbol(state.tableau[i]), "second": card_symbol(state.tableau[j])}


def fair_hint(state: State | dict[str, Any]) -> Hint | None:
    """The fair hint for ``state`` (a ``State`` or its JSON), or ``None`` when the game is over.

    Uses only the tableau and the stock's size (docs/analysis.md, section 3;
    RULES.md, "Strategy facts"):

    - phase ``consolidate``: ``Consolidate()``, ``hint.finish-consolidation``,
      cells ``(from, to)`` of the next step;
    - phase ``refill``: ``Refill()``, ``hint.refill`` with ``count`` (stock
      cards dealt), cells the gaps filled;
    - phase ``remove`` with a card that goes alone (a Thirteens king): the
      first, ``Remove(i)``, ``hint.remove-lone`` with ``card``: it needs no
      partner and only takes room (docs/analysis.md, section 3);
    - phase ``remove`` with no legal pair: ``Consolidate()``,
      ``hint.consolidate-no-pair``;
    - otherwise the best plan (see ``_best_plan``): its first pair,
      ``hint.remove`` with ``first``, ``second``, ``future``, or
      ``hint.remove-keep`` with ``kept`` too when another plan takes more
      pairs now and the plan leaves pairs that still touch (``kept``: those
      pairs, :func:`kept_pairs`, as a list of pairs, each joined by an en
      dash; mistake M9); or,
      when the best plan is empty, ``Consolidate()``,
      ``hint.consolidate-keep`` with ``future``.

    The hint's action is always accepted by ``apply``. A JSON state that
    does not verify raises ``StateError``.
    """
    state = _read(state)
    cached = state.cache.get("fair_hint", False)
    if cached is not False:
        return cached
    hint = _fair_hint(state)
    state.cache["fair_hint"] = hint
    return hint


def _fair_hint(state: State) -> Hint | None:
    if status(state) != "playing":
        return None
    if state.phase == "consolidate":
        return Hint(Consolidate(), "hint.finish-consolidation", {}, _next_move(state), "fair")
    if state.phase == "refill":
        cells = _refill_cells(state)
        count = counted("count.stock-cards", len(cells))
        return Hint(Refill(), "hint.refill", {"count": count}, cells, "fair")
    lone = legal_lone(state)
    if lone:
        card = {"card": card_symbol(state.tableau[lone[0]])}
        return Hint(Remove(lone[0]), "hint.remove-lone", card, (lone[0],), "fair")
    if not legal_pairs(state):
        return Hint(Consolidate(), "hint.consolidate-no-pair", {}, (), "fair")
    plan = _best_plan(state)
    future = counted("count.pairs", plan.future)
    if not plan.pairs:
        return Hint(Consolidate(), "hint.consolidate-keep", {"future": future}, (), "fair")
    i, j = plan.pairs[0]
    params = {**_pair_params(state, i, j), "future": future}
    key = "hint.remove"
    kept = kept_pairs(state, plan.pairs) if plan.most > len(plan.pairs) else ()
    if kept:
        key = "hint.remove-keep"
        params["kept"] = format_list(
            format_pair((card_symbol(state.tableau[a]), card_symbol(state.tableau[b])))
            for a, b in kept
        )
    return Hint(Remove(i, j), key, params, (i, j), "fair")


def kept_pairs(state: State, plan: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """The pairs a plan leaves for later: the legal pairs (ascending) with no
    card in ``plan``'s pairs, each card in one of them at most (the first
    that takes it). ``hint.remove-keep`` names them and the board marks them
    (``data-hint-keep``; mistake M9). The same as ``keptPairs`` in
    js/engine/hint.js."""
    used = {cell for pair in plan for cell in pair}
    kept = []
    for a, b in legal_pairs(state):
        if a not in used and b not in used:
            kept.append((a, b))
            used.update((a, b))
    return tuple(kept)


# --------------------------------------------------------------------------
# The perfect hint


def _cells_of(state: State, action: Action) -> tuple[int, ...]:
    """The cells the fair hint would mark for ``action`` in ``state``."""
    if isinstance(action, Remove):
        return action.cells
    if isinstance(action, Refill):
        return _refill_cells(state)
    if state.phase == "consolidate":
        return _next_move(state)
    return ()


def _perfect_words(state: State, action: Action) -> tuple[str, dict[str, Any]]:
    """The ``hint.perfect*`` key and params that name the solver's ``action`` in ``state``."""
    if isinstance(action, Remove) and action.j is None:
        return "hint.remove-lone", {"card": card_symbol(state.tableau[action.i])}
    if isinstance(action, Remove):
        return "hint.perfect", _pair_params(state, action.i, action.j)
    if isinstance(action, Refill):
        return "hint.perfect-refill", {
            "count": counted("count.stock-cards", len(_refill_cells(state)))
        }
    if state.phase == "consolidate":
        return "hint.perfect-finish", {}
    if legal_pairs(state):
        return "hint.perfect-keep", {}
    return "hint.perfect-consolidate", {}


def perfect_hint(state: State | dict[str, Any]) -> Hint | None:
    """The solver's hint for ``state`` (a ``State`` or its JSON), or ``None`` when the game is over.

    It knows the order of the stock (docs/analysis.md, section 3): the first
    move of ``solve(state).moves``, cells as the fair hint marks that
    action, its key naming the move:

    - a pair: ``hint.perfect`` with ``first``, ``second`` (as ``hint.remove``);
    - ``Consolidate()`` in phase ``remove`` with legal pairs (keep them):
      ``hint.perfect-keep``; with none: ``hint.perfect-consolidate``;
    - ``Consolidate()`` in phase ``consolidate``: ``hint.perfect-finish``;
    - ``Refill()``: ``hint.perfect-refill`` with ``count`` (stock cards dealt).

    When the deal can no longer be won it is the fair hint's action and cells
    with key ``hint.perfect-lost`` and ``fair``, the fair hint's own sentence
    (a nested message, said again in another language). ``kind`` is
    ``"perfect"``. Runs the solver with no limit (issue 7's goal: under a
    second on every deal). A JSON state that does not verify raises
    ``StateError``.
    """
    from .solver import solve  # the solver is only needed here

    state = _read(state)
    if status(state) != "playing":
        return None
    solution = solve(state)
    if solution.winnable is None:  # pragma: no cover - no limit was given
        raise RuntimeError("perfect_hint: the solver stopped without an answer")
    if solution.winnable:
        action = solution.moves[0]
        key, params = _perfect_words(state, action)
        return Hint(action, key, params, _cells_of(state, action), "perfect")
    fair = _fair_hint(state)
    if fair is None:  # pragma: no cover - status is "playing", so there is a move
        raise RuntimeError("perfect_hint: no fair hint in a game being played")
    said = phrase(fair.key, fair.params)
    return Hint(fair.action, "hint.perfect-lost", {"fair": said}, fair.cells, "perfect")
