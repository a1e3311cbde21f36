"""The named teaching positions (docs/teaching.md §4): each loads, and its caption's claims hold.

Every claim a caption makes is played here with ``Game`` (a "blocked"
position is lost, "the only pair is …" means exactly that legal pair); the
expected values come from the captions, RULES.md and the German case file.
"""

import json
from pathlib import Path

import pytest

from mc_widget import Game, IllegalMove
from mc_widget.teaching import Scenario, UnknownScenario, scenario, scenarios

ROOT = Path(__file__).resolve().parent.parent
NAMED = [
    "corner-edge-inner",
    "german-worked-example",
    "false-neighbours",
    "three-sevens",
    "diagonal-pair",
    "consolidation-brings-pairs",
    "refill-at-the-end",
    "blocked-full-tableau",
    "blocked-stock-empty",
    "won-in-one",
    "keep-a-pair",
    "last-two-of-a-rank",
    "small-tableau",
    "king-goes-alone",
    "fourteens-neighbours",
    "fourteens-in-line",
    "aces-square-won",
]


def game(name):
    s = scenario(name)
    return Game.from_layout(s.layout, s.rules)


def cards(g, cells):
    return [None if g.grid[c] is None else str(g.grid[c]) for c in cells]


def end_round(g):
    g.consolidate()
    if g.can_refill():
        g.refill()


def test_at_least_twelve_scenarios_with_unique_names_including_the_named_ones():
    names = [s.name for s in scenarios()]
    assert len(names) >= 12 and len(set(names)) == len(names)
    assert set(NAMED) <= set(names)


@pytest.mark.parametrize("item", scenarios(), ids=lambda s: s.name)
def test_every_scenario_loads_and_reads_as_plain_text(item):
    assert isinstance(item, Scenario)
    assert item.title and item.caption and "\n" not in item.caption
    assert "<" not in item.caption  # shown as text, never HTML
    Game.from_layout(item.layout, item.rules)


def test_lookup_and_its_error():
    assert scenario(" Three-Sevens ").name == "three-sevens"
    with pytest.raises(UnknownScenario) as caught:
        scenario("four-sevens")
    assert isinstance(caught.value, KeyError) and isinstance(caught.value, ValueError)
    assert "'four-sevens'" in str(caught.value)
    for name in NAMED:
        assert name in str(caught.value)
    with pytest.raises(UnknownScenario):
        scenario(None)


# --------------------------------------------------------------------------
# The captions' claims


def test_corner_edge_inner():
    g = game("corner-edge-inner")
    assert cards(g, [0, 2, 12]) == ["QH", "JH", "2C"]
    assert [len(g.neighbours(c)) for c in (0, 2, 12)] == [3, 5, 8]


def test_german_worked_example_matches_the_case_file():
    case = json.loads((ROOT / "tests" / "cases" / "german-worked-example.json").read_text())
    g = game("german-worked-example")
    assert g.to_layout() == case["layout"]
    assert g.legal_pairs() == [(2, 8), (6, 11), (18, 22)]
    assert cards(g, [10, 23]) == ["QD", "QC"] and (10, 23) not in g.pairs()
    for i, j in case["remove"]:
        g.remove_pair(i, j)
    g.consolidate()
    assert cards(g, range(10, 15)) == ["KD", "KS", "3S", "7D", "7C"]


def test_false_neighbours():
    g = game("false-neighbours")
    assert cards(g, [1, 6, 11]) == ["8D", None, "8S"]
    assert g.legal_pairs() == [] and g.status == "playing"
    assert 11 in g.false_neighbours(1)
    with pytest.raises(IllegalMove):
        g.remove_pair(1, 11)
    g.consolidate()
    assert None not in g.grid[:14]  # the gap is closed


def test_three_sevens():
    g = game("three-sevens")
    assert cards(g, [0, 1, 2]) == ["7H", "7S", "7D"]
    assert g.legal_pairs() == [(0, 1), (1, 2)]
    for pair in ((0, 1), (1, 2)):
        g = game("three-sevens")
        g.remove_pair(*pair)
        assert g.legal_pairs() == []


def test_diagonal_pair():
    g = game("diagonal-pair")
    assert g.legal_pairs() == [(0, 6)] and cards(g, [0, 6]) == ["8S", "8H"]


def test_consolidation_brings_pairs():
    g = game("consolidation-brings-pairs")
    assert g.legal_pairs() == [] and g.status == "playing"
    g.consolidate()
    assert g.legal_pairs() == [(1, 5)] and cards(g, [1, 5]) == ["6D", "6S"]


def test_refill_at_the_end():
    g = game("refill-at-the-end")
    assert cards(g, [1, 3]) == [None, None] and [str(c) for c in g.stock] == ["7H", "4C"]
    g.consolidate()
    assert g.refill() == [8, 9]
    assert cards(g, [8, 9]) == ["7H", "4C"]


def test_blocked_full_tableau():
    g = game("blocked-full-tableau")
    assert None not in g.grid and g.stock and g.pairs() == []
    assert g.status == "lost"


def test_blocked_stock_empty():
    g = game("blocked-stock-empty")
    assert not g.stock and g.pairs() == []
    first_gap = g.grid.index(None)
    assert all(card is None for card in g.grid[first_gap:])
    assert g.status == "lost"


def test_won_in_one():
    g = game("won-in-one")
    assert g.legal_pairs() == [(0, 1)] and cards(g, [0, 1]) == ["9C", "9D"]
    g.remove_pair(0, 1)
    assert g.status == "won"


def test_keep_a_pair_both_lines():
    g = game("keep-a-pair")
    assert g.legal_pairs() == [(0, 5), (3, 4)]  # the kings, the aces
    g.remove_pair(0, 5)
    g.remove_pair(3, 4)
    end_round(g)
    assert g.status == "lost"
    g = game("keep-a-pair")
    g.remove_pair(0, 5)  # keep the aces
    end_round(g)
    # 5H 9H AC AS 3S / 5S 9S 3D
    assert g.legal_pairs() == [(0, 5), (1, 6), (2, 3)]
    for pair in ((0, 5), (1, 6), (2, 3)):
        g.remove_pair(*pair)
    g.consolidate()
    g.remove_pair(0, 1)  # 3S 3D
    assert g.status == "won"


def test_last_two_of_a_rank():
    g = game("last-two-of-a-rank")
    queens = [c for c in (*g.grid, *g.stock) if c is not None and c.rank == 12]
    assert sorted(map(str, queens)) == ["QC", "QH"]
    assert cards(g, [0, 7]) == ["QH", "QC"] and (0, 7) not in g.pairs()
    assert g.legal_pairs() == [(1, 2)]
    g.remove_pair(1, 2)
    g.consolidate()
    assert cards(g, [0, 5]) == ["QH", "QC"] and (0, 5) in g.legal_pairs()


def test_no_wrap():
    g = game("no-wrap")
    assert cards(g, [5, 9]) == ["6S", "6D"] and g.legal_pairs() == []
    with pytest.raises(IllegalMove):
        g.remove_pair(5, 9)


def test_suits_do_not_matter():
    g = game("suits-do-not-matter")
    assert cards(g, [0, 1, 5, 6]) == ["9H", "4H", "4S", "JD"]
    assert g.legal_pairs() == [(1, 5)]


def test_small_tableau():
    s = scenario("small-tableau")
    g = Game.from_layout(s.layout, s.rules)
    assert s.rules == "small" and (g.rules.rows, g.rules.cols) == (4, 5)
    assert len(g.grid) == 20 and None not in g.grid and len(g.stock) == 32


# ------------------------------------------------------------------ the variants
# RULES.md, "Variants": Thirteens sums to 13 (A=1 … Q=12) and a king goes
# alone; Fourteens sums to 14 (K=13), by the 8 neighbours or anywhere in one
# row or column; Aces Square pairs one suit in a row or column, aces never pair,
# won with only the four aces left.


def test_king_goes_alone():
    s = scenario("king-goes-alone")
    g = game("king-goes-alone")
    assert s.rules == "thirteens" and cards(g, [0, 1, 2]) == ["9C", "KD", "4H"]
    assert g.legal_pairs() == [] and g.legal_lone() == [1]  # 9 + 4 = 13, but K♦ is between
    g.remove_king(1)
    g.consolidate()
    assert cards(g, [0, 1]) == ["9C", "4H"] and g.legal_pairs() == [(0, 1)]
    g.remove_pair(0, 1)
    assert g.status == "won"


def test_fourteens_neighbours():
    s = scenario("fourteens-neighbours")
    g = game("fourteens-neighbours")
    assert s.rules == "fourteens"
    assert cards(g, [3, 4, 5, 6]) == ["5S", "9D", "KH", "AD"]
    assert g.legal_pairs() == [(3, 4), (5, 6)]  # 5 + 9, 13 + 1
    assert cards(g, [0, 1, 2]) == ["QC", None, "2H"]  # 12 + 2 = 14 across the gap
    with pytest.raises(IllegalMove) as refused:
        g.remove_pair(0, 2)
    assert refused.value.reason == "across-gap"


def test_fourteens_in_line():
    s = scenario("fourteens-in-line")
    assert s.rules == "fourteens-lines"
    assert s.layout == scenario("fourteens-neighbours").layout  # "the same cards"
    g = game("fourteens-in-line")
    assert g.legal_pairs() == [(0, 2), (3, 4), (5, 6)]  # three pairs, Q♣ 2♥ across the gap
    g.remove_pair(0, 2)
    assert g.removed == 2


def test_aces_square_won():
    s = scenario("aces-square-won")
    g = game("aces-square-won")
    assert s.rules == "aces-square" and len(g.stock) == 0
    assert cards(g, [2, 7, 12]) == ["7C", None, "9C"]  # column 3, both clubs, a gap between
    assert g.legal_pairs() == [(2, 12)]
    with pytest.raises(IllegalMove):
        g.remove_pair(3, 4)  # A♦ A♣: aces never pair
    g.remove_pair(2, 12)
    assert g.status == "won"
    assert sorted(str(c) for c in g.grid if c is not None) == ["AC", "AD", "AH", "AS"]
