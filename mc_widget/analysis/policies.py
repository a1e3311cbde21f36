"""The ways of playing that the statistics compare (docs/analysis.md, §5).

Lesson 4 asks how much the way one plays matters, so each policy is a short,
exact rule that plays a whole game through the engine's ``apply``: the same
deal and policy always give the same game. The rules' text
(:data:`DEFINITIONS`) and :data:`POLICY_VERSIONS` are saved with every result
file, so results of a changed policy are never mixed with old ones.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.actions import apply
from ..engine.deals import mulberry32
from ..engine.queries import (
    can_start_consolidation,
    legal_lone,
    legal_pairs,
    legal_removals,
    status,
)
from ..engine.rules import Rules, resolve_rules
from ..engine.state import Action, Consolidate, Refill, Remove, State, new_state

__all__ = [
    "DEFINITIONS",
    "POLICIES",
    "POLICY_VERSIONS",
    "USES",
    "Record",
    "check_policies",
    "code_fingerprint",
    "first_maximum_matching",
    "next_action",
    "play",
    "play_state",
    "random_source",
]

Edge = tuple[int, int]

#: The policies, in the order the statistics table lists them.
POLICIES = ("random", "first-pair", "greedy", "one-pair", "fair-hint", "solver")

#: Each policy's rule, as saved in a result file and shown in docs/analysis.md §5.
DEFINITIONS = {
    "random": (
        "Each time, one choice drawn uniformly from the legal ones: each legal removal (a "
        "pair, or a card that goes alone such as a Thirteens king), and consolidate when a "
        "consolidation can start; refill in phase refill. Drawn with mulberry32 seeded by "
        "crc32 of 'random <seed> <deal>': index (u * count) >> 32 of the choices, removals "
        "ascending as tuples of cells, consolidate last."
    ),
    "first-pair": (
        "Each time, the first legal removal (removals ascending as tuples of cells: a lone "
        "card (i,) before a pair (i, j)), until none is left; then consolidate, then refill. "
        "The mechanical scan of benchmarks/engine_speed.py."
    ),
    "greedy": (
        "Each round, the most cards the round allows: first every card that goes alone (a "
        "Thirteens king), ascending; then the maximum matching of the round's legal pairs "
        "that comes first (its pairs ascending, compared as a list), removed in ascending "
        "order; then consolidate, then refill. It differs from first-pair only when taking "
        "the first pair would block two others (four cards of a rank in a chain)."
    ),
    "one-pair": (
        "One removal a round: the first legal removal (as first-pair orders them), then "
        "consolidate, then refill. (It "
        "consolidates as soon as a consolidation can start, which is right after the first "
        "pair unless that pair held the tableau's last two occupied cells and the stock is "
        "empty: then no card has a gap before it and nothing is refilled, so it takes the "
        "next legal pair, and with none the game is blocked.)"
    ),
    "fair-hint": "Each time, the fair hint's action (docs/analysis.md §3).",
    "solver": (
        "Full information: when solve() says the deal is winnable, its winning moves; "
        "otherwise the fair hint's line (what the perfect hint does when the deal cannot be "
        "won). A won deal counts all its cards removed and the solution's rounds; a lost "
        "deal the fair-hint line's cards removed and rounds."
    ),
}

#: Bumped when a policy's moves change, so a result file can tell old results from new.
POLICY_VERSIONS = {name: 1 for name in POLICIES}

#: The other analysis modules a policy's moves come from. Their code can change
#: the moves without a new policy version (the solver may find another winning
#: line, with other rounds), so a result file keeps their fingerprint too.
USES = {
    "fair-hint": ("hint", "sequence"),
    "solver": ("solver", "closure", "variant_search", "hint", "sequence"),
}


def code_fingerprint(policy: str) -> str | None:
    """The first 16 hex digits of the SHA-256 of the sources of ``USES[policy]``
    (in that order), or ``None`` for a policy that uses none. Raises
    ``ValueError`` for an unknown policy, ``ImportError`` when a module is missing."""
    import hashlib
    import importlib.util

    check_policies([policy])
    modules = USES.get(policy)
    if not modules:
        return None
    digest = hashlib.sha256()
    for module in modules:
        spec = importlib.util.find_spec(f"{__package__}.{module}")
        if spec is None or spec.origin is None:
            raise ImportError(f"policy {policy!r} needs mc_widget.analysis.{module}")
        with open(spec.origin, "rb") as source:
            digest.update(source.read())
    return digest.hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class Record:
    """One game's outcome: ``won``; ``removed``, the cards removed (0 … the deck's
    size); ``rounds``, the round the game ended in (``State.round`` at the end:
    1 + the rounds completed, RULES.md "A round")."""

    won: bool
    removed: int
    rounds: int

    @staticmethod
    def of(state: State) -> Record:
        """The record of a finished game's final state."""
        return Record(status(state) == "won", state.removed, state.round)


def check_policies(names: Sequence[str] | str) -> tuple[str, ...]:
    """``names`` (a sequence or a comma-separated string) as a tuple of known policy names.

    Raises ``ValueError`` naming the first unknown name and the known ones,
    or for an empty list, an empty name in the string (``"greedy,,"``) or a
    name given twice.
    """
    if isinstance(names, str):
        parts = [part.strip() for part in names.split(",")]
        if any(parts) and "" in parts:
            raise ValueError(
                f"policy {parts.index('') + 1} of {names!r} is empty; "
                f"write names separated by single commas, from {', '.join(POLICIES)}"
            )
        names = [part for part in parts if part]
    names = tuple(names)
    if not names:
        raise ValueError(f"no policy given; choose from {', '.join(POLICIES)}")
    for name in names:
        if name not in DEFINITIONS:
            raise ValueError(f"unknown policy {name!r}; choose from {', '.join(POLICIES)}")
    for k, name in enumerate(names):
        if name in names[:k]:
            raise ValueError(f"policy {name!r} is given twice")
    return names


def random_source(seed: int, deal: int | None) -> Iterator[int]:
    """The ``random`` policy's uint32 stream for one deal: mulberry32 seeded by
    ``crc32("random <seed> <deal>")`` (a loaded layout's deal is ``None``)."""
    return mulberry32(zlib.crc32(f"random {seed} {deal}".encode()))


def first_maximum_matching(edges: Sequence[Edge]) -> tuple[Edge, ...]:
    """The maximum matching of ``edges`` that comes first, its edges ascending.

    A matching is a set of pairs with no cell twice (RULES.md, "A round":
    one card, one pair). Of those with the most pairs, the one whose
    ascending list of edges is least in lexicographic order: built by
    taking, in ascending order, each edge that still leaves a maximum
    matching possible. Returns ``()`` for no edges.
    """
    edges = sorted(set(edges))
    count = len(edges)
    # later[k]: the cells of edges[k:], so that the memo key only holds the
    # used cells that can still matter (disjoint pairs stay linear).
    later = [0] * (count + 1)
    for k in range(count - 1, -1, -1):
        i, j = edges[k]
        later[k] = later[k + 1] | (1 << i) | (1 << j)
    memo: dict[tuple[int, int], int] = {}

    def best(k: int, used: int) -> int:
        """The size of a maximum matching of edges[k:] that avoids the ``used`` cells."""
        if k == count:
            return 0
        used &= later[k]
        key = (k, used)
        known = memo.get(key)
        if known is None:
            i, j = edges[k]
            known = best(k + 1, used)
            bits = (1 << i) | (1 << j)
            if not used & bits:
                known = max(known, 1 + best(k + 1, used | bits))
            memo[key] = known
        return known

    target = best(0, 0) if count else 0
    chosen: list[Edge] = []
    used = 0
    for k, (i, j) in enumerate(edges):
        bits = (1 << i) | (1 << j)
        if not used & bits and len(chosen) + 1 + best(k + 1, used | bits) == target:
            chosen.append((i, j))
            used |= bits
    return tuple(chosen)


# --------------------------------------------------------------------------
# One decision per policy (the policies that decide move by move)


def _finish(state: State) -> Action:
    """Consolidate when it can start or is under way, else refill (phase refill)."""
    if state.phase == "refill":
        return Refill()
    return Consolidate()


def _first_pair(state: State, _rng: Iterator[int] | None) -> Action:
    removals = legal_removals(state)
    if removals:
        return Remove(*removals[0])
    return _finish(state)


def _greedy(state: State, _rng: Iterator[int] | None) -> Action:
    # The first pair of the first maximum matching of the pairs left: the
    # round's first maximum matching less the pairs taken (the rest of a
    # first maximum matching is one of those left, and the first of them).
    # A lone card pairs with nothing, so taking it first blocks no pair.
    lone = legal_lone(state)
    if lone:
        return Remove(lone[0])
    pairs = legal_pairs(state)
    if pairs:
        return Remove(*first_maximum_matching(pairs)[0])
    return _finish(state)


def _one_pair(state: State, _rng: Iterator[int] | None) -> Action:
    if state.phase != "remove" or can_start_consolidation(state):
        return _finish(state)
    return Remove(*legal_removals(state)[0])


def _random(state: State, rng: Iterator[int] | None) -> Action:
    if state.phase != "remove":
        return _finish(state)
    choices: list[Action] = [Remove(*removal) for removal in legal_removals(state)]
    if can_start_consolidation(state):
        choices.append(Consolidate())
    if rng is None:  # explicit checks here and below: `python -O` drops an assert
        raise RuntimeError("the random policy needs its random source (a bug)")
    return choices[(next(rng) * len(choices)) >> 32]


def _fair_hint(state: State, _rng: Iterator[int] | None) -> Action:
    from .hint import fair_hint  # another module of issue 7; loaded when used

    hint = fair_hint(state)
    if hint is None:
        raise RuntimeError("no fair hint in a game being played (a bug)")
    return hint.action


_DECIDE: dict[str, Callable[[State, Iterator[int] | None], Action]] = {
    "random": _random,
    "first-pair": _first_pair,
    "greedy": _greedy,
    "one-pair": _one_pair,
    "fair-hint": _fair_hint,
}


def next_action(
    policy: str, state: State, *, seed: int = 0, rng: Iterator[int] | None = None
) -> Action:
    """The action ``policy`` plays next in ``state`` (being played: status ``playing``).

    ``policy`` is one of :data:`POLICIES` except ``solver`` (which plays a
    whole line; see :func:`play_state`). ``rng`` is the ``random`` policy's
    stream (by default a fresh :func:`random_source` for ``seed`` and the
    state's deal: the deal's first draw). Raises ``ValueError`` for an
    unknown policy or a game that is over.
    """
    check_policies([policy])
    if policy == "solver":
        raise ValueError("the solver policy plays whole lines: use play_state")
    if status(state) != "playing":
        raise ValueError(f"next_action: the game is over ({status(state)})")
    if policy == "random" and rng is None:
        rng = random_source(seed, state.deal)
    return _DECIDE[policy](state, rng)


def play_state(policy: str, state: State, *, seed: int = 0) -> State:
    """Play ``state`` to its end (won or lost) with ``policy``; returns the final state.

    Every move goes through the engine's ``apply`` (so each is checked by
    the rules; an illegal one would raise ``IllegalMove``); the moves made
    are the final state's ``history`` after the given state's. ``seed``
    seeds the ``random`` policy (with the state's deal number). Raises
    ``ValueError`` for an unknown policy.
    """
    check_policies([policy])
    if policy == "solver":
        return _play_solver(state)
    decide = _DECIDE[policy]
    rng = random_source(seed, state.deal) if policy == "random" else None
    while status(state) == "playing":
        state = apply(state, decide(state, rng))
    return state


def _play_solver(state: State) -> State:
    from .solver import solve  # another module of issue 7; loaded when used

    if status(state) != "playing":
        return state
    solution = solve(state)
    if solution.winnable:
        for action in solution.moves:
            state = apply(state, action)
        if status(state) != "won":
            raise RuntimeError("the solver's moves did not win (a bug)")
        return state
    return play_state("fair-hint", state)


def play(
    policy: str, deal: int, *, seed: int = 0, rules: Rules | str | dict[str, Any] = "standard"
) -> Record:
    """Play deal number ``deal`` (as ``Game(deal=deal)``) to its end with ``policy``.

    Returns its :class:`Record`. ``rules`` is a preset name, a rules JSON
    object or a ``Rules``. Raises ``ValueError`` for an unknown policy,
    ``DealError`` for a bad deal number.
    """
    return Record.of(play_state(policy, new_state(resolve_rules(rules), deal=deal), seed=seed))
