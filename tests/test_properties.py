"""Properties over random deals and random action sequences (legal and not,
with undo and redo), under every preset (the variants of issue 19 too): no
card is ever lost or made, undo then redo is the identity, consolidation
keeps reading order and puts every gap at the end, the JSON round-trips, a
refused action changes nothing, whole games end won or lost."""

import contextlib
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mc_widget.engine import (
    Consolidate,
    ConsolidateStep,
    EngineError,
    Redo,
    Refill,
    RefillStep,
    Remove,
    Undo,
    apply,
    can_consolidate,
    canonical_layout,
    legal_pairs,
    legal_removals,
    neighbours,
    new_state,
    pairs,
    perform,
    state_from_json,
    status,
    verify_state,
)

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

deals = st.integers(min_value=0, max_value=2**32 - 1)
presets = st.sampled_from(
    [
        "standard",
        "standard",
        "small",
        "double",
        "thirteens",
        "fourteens",
        "fourteens-lines",
        "aces-square",
    ]
)
steps = st.lists(
    st.one_of(
        st.tuples(st.just("pair"), st.integers(0, 10)),
        st.tuples(st.just("remove"), st.integers(-2, 50), st.integers(-2, 50)),
        st.tuples(st.just("lone"), st.integers(-2, 50)),
        st.sampled_from(
            [
                ("consolidate_step",),
                ("consolidate",),
                ("refill_step",),
                ("refill",),
                ("undo",),
                ("redo",),
            ]
        ),
    ),
    min_size=1,
    max_size=60,
)
SIMPLE = {
    "consolidate_step": ConsolidateStep(),
    "consolidate": Consolidate(),
    "refill_step": RefillStep(),
    "refill": Refill(),
    "undo": Undo(),
    "redo": Redo(),
}


def action_for(state, step):
    if step[0] == "pair":
        # Play on like a learner: a removal (a pair or a lone card) if there is
        # one, else consolidate, else refill, so that games reach their end.
        found = legal_removals(state)
        if found:
            return Remove(*found[step[1] % len(found)])
        return Consolidate() if can_consolidate(state) else Refill()
    if step[0] == "remove":
        return Remove(step[1], step[2])
    if step[0] == "lone":
        return Remove(step[1])
    return SIMPLE[step[0]]


def all_cards(state):
    cards = Counter(card for card in state.tableau if card is not None)
    cards.update(state.stock)
    for entry in state.discards:
        cards.update(entry)
    return cards


# An independent reading of RULES.md ("Terms", "A round", "End of the game"),
# written without the engine's helpers, to check status and pairs against.


def rules_touching(rules, a, b):
    """RULES.md "Terms": neighbours touch by a side or a corner; the grid does not
    wrap. "Variants": under ``line``, any other cell of the same row or column."""
    cols = rules.cols
    if rules.touching == "line":
        return a != b and (a // cols == b // cols or a % cols == b % cols)
    return a != b and abs(a // cols - b // cols) <= 1 and abs(a % cols - b % cols) <= 1


#: RULES.md "Variants": when two cards pair, per pair rule (A = 1 … K = 13).
PAIR_RULES = {
    "same-rank": lambda x, y: x.rank == y.rank,
    "sum-13": lambda x, y: x.rank + y.rank == 13,
    "sum-14": lambda x, y: x.rank + y.rank == 14,
    "same-suit": lambda x, y: x.suit == y.suit,
}


def letter(card):
    return "A23456789TJQK"[card.rank - 1]


def rules_pairs(state):
    """RULES.md "A round", 1 and "Variants": two touching cards that pair under the
    rule; a card that goes alone (Thirteens' kings) or stays (Aces Square's aces)
    never pairs."""
    cells, rules = state.tableau, state.rules
    apart = set(rules.lone) | set(rules.stay)
    return [
        (a, b)
        for a in range(len(cells))
        for b in range(a + 1, len(cells))
        if cells[a] is not None
        and cells[b] is not None
        and letter(cells[a]) not in apart
        and letter(cells[b]) not in apart
        and PAIR_RULES[rules.pair](cells[a], cells[b])
        and rules_touching(rules, a, b)
    ]


def rules_status(state):
    """RULES.md "End of the game".

    Won: tableau and stock both empty. Lost (blocked): in the remove phase,
    no pair and consolidating is not allowed, where it is allowed when a
    card has a gap before it in reading order, or there is a gap and stock.
    """
    cells = state.tableau
    stay = state.rules.stay
    if not state.stock and all(card is None or letter(card) in stay for card in cells):
        return "won"  # with stay ranks (Aces Square): only they are left
    card_after_gap = any(
        cells[k] is not None and any(c is None for c in cells[:k]) for k in range(len(cells))
    )
    can_consolidate = card_after_gap or (None in cells and bool(state.stock))
    lone = any(card is not None and letter(card) in state.rules.lone for card in cells)
    if state.phase == "remove" and not rules_pairs(state) and not lone and not can_consolidate:
        return "lost"
    return "playing"


def gaps_at_end(tableau):
    first = tableau.index(None) if None in tableau else len(tableau)
    return all(card is None for card in tableau[first:])


@SETTINGS
@given(deal=deals, rules=presets, plan=steps)
def test_random_play_keeps_every_invariant(deal, rules, plan):
    state = new_state(rules, deal=deal)
    deck = all_cards(state)
    assert sum(deck.values()) == 52 * state.rules.decks
    assert status(state) == rules_status(state)
    for step in plan:
        action = action_for(state, step)
        before_json = state.to_json()
        try:
            after, result = perform(state, action)
        except EngineError:
            # Refused: the state is exactly as it was.
            assert state.to_json() == before_json
            continue
        assert state.to_json() == before_json  # apply is pure

        # No card is lost or made.
        assert all_cards(after) == deck
        # The JSON round-trips, and the position equals the replay of the history.
        assert state_from_json(after.to_json()) == after
        assert verify_state(after.to_json()) == after
        # Undo then redo is the identity.
        if after.cursor > 0:
            assert apply(apply(after, Undo()), Redo()) == after
        # Outside the remove phase every gap is at the end once consolidation is done.
        if after.phase == "refill":
            assert gaps_at_end(after.tableau)
        if action == Consolidate():
            kept = [c for c in state.tableau if c is not None]
            assert [c for c in after.tableau if c is not None] == kept  # reading order kept
            assert gaps_at_end(after.tableau)
            assert after.phase != "consolidate"
            assert all(source > target for source, target in result)
        # Pairs are exactly the same-rank neighbours (RULES.md), ascending;
        # legal pairs only in the remove phase.
        assert pairs(after) == rules_pairs(after)
        for i, j in pairs(after):
            assert after.rules.touching == "line" or j in neighbours(after.rules, i)
        if after.phase != "remove":
            assert legal_pairs(after) == []
        # Won and lost as RULES.md defines them, after every action.
        assert status(after) == rules_status(after)
        assert canonical_layout(after.layout(), after.rules) == after.layout()
        state = after


@SETTINGS
@given(deal=deals, plan=steps)
def test_consolidate_is_the_same_as_repeated_steps(deal, plan):
    state = new_state("standard", deal=deal)
    for step in plan:
        with contextlib.suppress(EngineError):
            state = apply(state, action_for(state, step))
        if state.phase in ("remove", "consolidate"):
            try:
                whole, moves = perform(state, Consolidate())
            except EngineError:
                continue
            stepped, one_by_one = state, []
            while True:
                stepped, move = perform(stepped, ConsolidateStep())
                if move is not None:
                    one_by_one.append(move)
                if stepped.phase != "consolidate":
                    break
            assert moves == one_by_one
            assert (whole.tableau, whole.phase, whole.round, whole.consolidations) == (
                stepped.tableau,
                stepped.phase,
                stepped.round,
                stepped.consolidations,
            )


@SETTINGS
@given(deal=deals, plan=steps)
def test_undo_everything_returns_to_the_start(deal, plan):
    start = new_state("standard", deal=deal)
    state = start
    for step in plan:
        with contextlib.suppress(EngineError):
            state = apply(state, action_for(state, step))
    while state.cursor:
        state = apply(state, Undo())
    assert state.tableau == start.tableau
    assert state.stock == start.stock
    assert (state.discards, state.phase, state.round, state.consolidations) == ((), "remove", 1, 0)


@SETTINGS
@given(deal=deals, rules=presets, plan=steps)
def test_refill_is_the_same_as_repeated_steps(deal, rules, plan):
    state = new_state(rules, deal=deal)
    for step in plan:
        with contextlib.suppress(EngineError):
            state = apply(state, action_for(state, step))
        if state.phase == "refill":
            whole, cells = perform(state, Refill())
            stepped, one_by_one = state, []
            while stepped.phase == "refill":
                stepped, cell = perform(stepped, RefillStep())
                one_by_one.append(cell)
            assert cells == one_by_one
            assert cells == sorted(cells)
            assert (whole.tableau, whole.stock, whole.phase, whole.round) == (
                stepped.tableau,
                stepped.stock,
                stepped.phase,
                stepped.round,
            )
            assert whole.phase == "remove"
            assert None not in whole.tableau or not whole.stock


@SETTINGS
@given(deal=deals, rules=presets, choices=st.lists(st.integers(0, 10), min_size=1, max_size=20))
def test_whole_games_end_as_the_rules_say(deal, rules, choices):
    # Play to the end (a pair if any, chosen by `choices` in turn, else
    # consolidate, else refill), checking status and pairs against the
    # independent reading of RULES.md after every action.
    state = new_state(rules, deal=deal)
    for k in range(1000):
        assert status(state) == rules_status(state)
        assert pairs(state) == rules_pairs(state)
        if status(state) != "playing":
            break
        state = apply(state, action_for(state, ("pair", choices[k % len(choices)])))
    assert status(state) in ("won", "lost")
    assert sum(all_cards(state).values()) == 52 * state.rules.decks  # every card kept
