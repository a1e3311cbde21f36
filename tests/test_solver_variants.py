"""The solver on every preset's rules (issue 19; RULES.md, "Variants").

The reference is ``brute_force``: every legal engine action (each removal of
``legal_removals``, a pair or a lone card; consolidate; refill) applied with
``Game.apply``, a table of the engine positions already seen (no sequence
model, no pruning). Positions are small: 7 to 11 cards of a few ranks or
suits, so that pairs are common. Every winning line is replayed to a win.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mc_widget import Game
from mc_widget.analysis import solve
from mc_widget.analysis.sequence import is_round_start
from mc_widget.analysis.variant_search import STAY, card_keys, model_of, stranded
from mc_widget.engine import Consolidate, Refill, Remove, Rules
from mc_widget.engine.cards import Card
from mc_widget.engine.layout import format_layout

VARIANTS = ["thirteens", "fourteens", "fourteens-lines", "aces-square", "double", "small"]


def key(game):
    state = game.state
    return (state.phase, tuple(state.tableau), tuple(state.stock))


def brute_force(game, seen=None):
    """True when some sequence of legal engine actions from ``game`` wins."""
    if seen is None:
        seen = {}
    if game.status != "playing":
        return game.status == "won"
    k = key(game)
    if k in seen:
        return seen[k]
    seen[k] = False
    actions = [Remove(*removal) for removal in game.legal_removals()]
    if game.can_consolidate():
        actions.append(Consolidate())
    if game.can_refill():
        actions.append(Refill())
    for action in actions:
        child = game.copy()
        child.apply(action)
        if brute_force(child, seen):
            seen[k] = True
            return True
    return False


def replays_to_a_win(game, solution):
    copy = game.copy()
    for move in solution.moves:
        copy.apply(move)
    return copy.status == "won"


def mates(rules):
    """Two cards that pair under the preset's rule, and the cards that go alone or stay."""
    suits = "SHDC"
    if rules == "thirteens":
        return [(r, 13 - r) for r in range(1, 13)], [13]
    if rules.startswith("fourteens"):
        return [(r, 14 - r) for r in range(1, 14)], []
    if rules == "aces-square":
        return [("suit", s) for s in suits], [1]
    return [(r, r) for r in range(1, 14)], []


def small_position(rules, rng):
    """3 to 5 pairs of the preset's rule (now and then an odd card, and in
    Thirteens and Aces Square a king or an ace or two), the two cards of a
    pair near each other, 7 to 11 cards on the first cells with a few gaps
    between, the rest in the stock."""
    preset = Rules.preset(rules)
    two, alone = mates(rules)
    deck = [Card(r, s) for r in range(1, 14) for s in "SHDC"] * preset.decks
    rng.shuffle(deck)

    def take(test):
        for k, card in enumerate(deck):
            if test(card):
                return deck.pop(k)
        return None

    cards = []
    for a, b in rng.sample(two, min(len(two), rng.randint(3, 5))):
        if a == "suit":
            first = take(lambda c, b=b: c.suit == b and c.rank != 1)
            second = take(lambda c, b=b: c.suit == b and c.rank != 1)
        else:
            first = take(lambda c, a=a: c.rank == a)
            second = take(lambda c, b=b: c.rank == b)
        cards += [c for c in (first, second) if c is not None]
    for rank in alone:
        for _ in range(rng.randint(0, 2)):
            cards.append(take(lambda c, rank=rank: c.rank == rank))
    if rng.random() < 0.2:
        cards.append(deck.pop())
    cards = cards[:11]
    for _ in range(rng.randint(0, 3 * len(cards))):
        k = rng.randrange(len(cards) - 1)
        cards[k], cards[k + 1] = cards[k + 1], cards[k]
    on_tableau = rng.randint(len(cards) // 2, len(cards))
    cells = sorted(rng.sample(range(on_tableau + 3), on_tableau))
    tableau = [None] * preset.cells
    for cell, card in zip(cells, cards, strict=False):
        tableau[cell] = card
    return Game.from_layout(format_layout(preset, tableau, cards[on_tableau:]), rules=rules)


@pytest.mark.parametrize("rules", VARIANTS)
def test_verdicts_agree_with_the_brute_force(rules):
    rng = random.Random(rules)
    verdicts = {True: 0, False: 0}
    for _ in range(40):
        g = small_position(rules, rng)
        found = solve(g.state)
        assert found.winnable is brute_force(g), format_layout(
            g.state.rules, g.state.tableau, g.state.stock
        )
        verdicts[found.winnable] += 1
        if found.winnable:
            assert replays_to_a_win(g, found)
        else:
            assert found.moves == ()
    assert verdicts[True] >= 5 and verdicts[False] >= 5, verdicts


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=st.sampled_from(VARIANTS), seed=st.integers(0, 10**9))
def test_verdicts_agree_on_more_positions(rules, seed):
    g = small_position(rules, random.Random(seed))
    found = solve(g.state)
    assert found.winnable is brute_force(g)
    if found.winnable:
        assert replays_to_a_win(g, found)


@pytest.mark.parametrize(
    "rules", ["thirteens", "fourteens", "fourteens-lines", "aces-square", "double", "small"]
)
def test_deals_solve_and_replay(rules):
    for deal in range(8):
        g = Game(deal=deal, rules=rules)
        found = solve(g.state)
        assert found.winnable is not None
        if found.winnable:
            assert replays_to_a_win(g, found)


# --------------------------------------------------------------------------
# Positions worked by hand


def layout(rules, cards, stock=()):
    preset = Rules.preset(rules)
    tableau = [None if c is None else Card(*c) for c in cards]
    tableau += [None] * (preset.cells - len(tableau))
    return Game.from_layout(format_layout(preset, tableau, [Card(*c) for c in stock]), rules=rules)


def test_thirteens_a_king_alone_wins():
    # K♠ alone, then 6♥ + 7♦ (sum 13, neighbours): the only line.
    g = layout("thirteens", [(13, "S"), (6, "H"), (7, "D")])
    found = solve(g.state)
    assert found.winnable is True
    assert Remove(0) in found.moves
    assert replays_to_a_win(g, found)


def test_thirteens_two_kings_never_pair_but_each_goes_alone():
    g = layout("thirteens", [(13, "S"), (13, "H")])
    found = solve(g.state)
    assert found.winnable is True
    assert set(found.moves) == {Remove(0), Remove(1)}


def test_fourteens_seven_and_seven_across_a_gap_wait_for_the_consolidation_but_lines_not():
    # 7 . 7 in row 1: a gap breaks contact under eight, so the line is to
    # consolidate first; under lines the same row is enough (RULES.md, "Variants").
    cards = [(7, "S"), None, (7, "H")]
    found = solve(layout("fourteens", cards).state)
    assert found.winnable is True and found.moves == (Consolidate(), Remove(0, 1))
    found = solve(layout("fourteens-lines", cards).state)
    assert found.winnable is True and found.moves == (Remove(0, 2),)


def test_fourteens_lines_diagonal_does_not_count():
    # 7♠ in cell 0, 7♥ in cell 6 (diagonal): no pair under lines, nothing to consolidate.
    g = layout(
        "fourteens-lines", [(7, "S"), (2, "C"), (3, "C"), (4, "C"), (5, "C"), (8, "C"), (7, "H")]
    )
    assert solve(g.state).winnable is False


def test_aces_square_is_won_with_the_aces_left():
    # Two spades in one column (cells 0 and 5) go; the two aces stay: won.
    cards = [(9, "S"), (1, "H"), (1, "S"), None, None, (4, "S")]
    found = solve(layout("aces-square", cards).state)
    assert found.winnable is True
    assert found.moves == (Remove(0, 5),)


def test_aces_square_aces_never_pair():
    # A♠ A♥ 2♠ 3♥: the aces do not pair, the spade and the heart do not either.
    g = layout("aces-square", [(1, "S"), (1, "H"), (2, "S"), (3, "H")])
    assert solve(g.state).winnable is False


def test_double_two_identical_cards_pair():
    g = layout("double", [(7, "H"), (7, "H")])
    found = solve(g.state)
    assert found.winnable is True and found.moves == (Remove(0, 1),)


# --------------------------------------------------------------------------
# The variants' pruning rule (variant_search.stranded)


def test_stranded_pairs_waiting_for_each_other_under_eight_but_not_in_lines():
    # 5 6 8 7 in row 1, sum 13: 5-8 wait for the 6 between, 6-7 for the 8:
    # as A B A B in the standard game (tests/test_solver.py). Sum 14 with
    # 6 9 8 5: the same under eight; in lines every card of a row touches.
    thirteens = model_of(Rules.preset("thirteens"))
    assert stranded(bytes([5, 6, 8, 7]), thirteens) is True
    g = layout("thirteens", [(5, "S"), (6, "S"), (8, "S"), (7, "S")])
    assert brute_force(g) is False
    lines = model_of(Rules.preset("fourteens-lines"))
    assert stranded(bytes([6, 9, 8, 5]), lines) is False  # 6-8 and 9-5, same row
    assert stranded(bytes([6, 9, 8, 5]), model_of(Rules.preset("fourteens"))) is True
    # A king needs no partner; a lone 6 does.
    assert stranded(bytes([13]), thirteens) is False
    assert stranded(bytes([6]), thirteens) is True


def test_stranded_counts_keys_against_their_mates():
    thirteens = model_of(Rules.preset("thirteens"))
    assert stranded(bytes([6, 7, 6]), thirteens) is True  # two sixes, one seven
    fourteens = model_of(Rules.preset("fourteens"))
    assert stranded(bytes([7, 7, 7]), fourteens) is True  # 7 + 7: an odd number of sevens
    aces = model_of(Rules.preset("aces-square"))
    assert stranded(bytes([STAY, 1, 1]), aces) is False  # an ace stays; two spades pair
    assert stranded(bytes([1, 2, 1, 2, STAY]), aces) is False


@pytest.mark.parametrize("rules", ["thirteens", "fourteens", "fourteens-lines", "aces-square"])
def test_stranded_never_rejects_a_winnable_round_start(rules):
    rng = random.Random(f"stranded {rules}")
    model = model_of(Rules.preset(rules))
    checked = 0
    for _ in range(60):
        g = small_position(rules, rng)
        if g.can_consolidate():
            g.apply(Consolidate())
        if g.can_refill():
            g.apply(Refill())
        if g.status != "playing" or not is_round_start(g.state):
            continue
        if brute_force(g):
            assert not stranded(card_keys(g.state), model), g.to_layout()
            checked += 1
    assert checked >= 10
