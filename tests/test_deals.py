"""Deal numbers: mulberry32 and the Fisher-Yates shuffle (architecture.md "Deal numbers").

The expected values were produced by running the JavaScript in
architecture.md under Node.js, not by the Python engine.
"""

import itertools
from collections import Counter

import pytest

from mc_widget.engine import (
    PRESETS,
    DealError,
    Game,
    check_deal,
    deal_position,
    format_layout,
    mulberry32,
    shuffled_deck,
)

MULBERRY = {
    0: [1144304738, 1416247, 958946056, 627933444, 2007157716],
    1: [2693262067, 11749833, 2265367787, 4213581821, 4159151403],
    7: [50271532, 266108690, 4195786334, 3002305430, 2239590375],
    4294967295: [3850105811, 813802916, 3073704848, 4054706436, 3630262831],
}

DEALS = {
    ("standard", 0): "5C QC KD 2S KC/5D 6D JH 7S 3C/KS TD 9D 6H 4S/5H 8D 6S QD 7D/AD 4H 7C 9S JC"
    " | 2H AC 9C 3S TS 8C TC 2C 7H 9H 6C 4C 2D 3H JD 5S JS QH 8H 4D 3D KH TH 8S QS AS AH",
    ("standard", 1): "QH 6C JH JS 5C/6D QC 3C 7S 4D/TD TH 2C 9D QS/4S JC 8D 9S 2H/5S 2D 7C KD 5D"
    " | 8S 9H 4H KS 2S JD QD KH 9C 3S 5H AC TS 3H 6S 8H 7H 4C 6H KC 3D AH 8C TC AD AS 7D",
    ("standard", 7): "JH TS QC 5H 7C/9S AD 4H 2C 8D/9C 4D AC 3S KC/5C 3H QS JC TH/JD KS KD 2S 8C"
    " | 2H 4C 3D 5S 6S 2D QD 7D TD 6H 3C AH 8S 8H 5D 7S 6C 6D QH JS 9H 7H KH 9D TC 4S AS",
    ("standard", 4294967295): "8D 2S 7C 2H 4H/JC 8H QS TC TH/3H 7H 5H AD QC/QD 5D 3C 9S 6C"
    "/5C JS AS 9C 7S | AC 3S 9D QH JH KD 4D KS 5S 4S 7D 2D 6H 3D AH 8S JD 4C 6S 9H 6D KH 2C KC"
    " TD TS 8C",
    ("small", 7): "JH TS QC 5H 7C/9S AD 4H 2C 8D/9C 4D AC 3S KC/5C 3H QS JC TH | JD KS KD 2S 8C"
    " 2H 4C 3D 5S 6S 2D QD 7D TD 6H 3C AH 8S 8H 5D 7S 6C 6D QH JS 9H 7H KH 9D TC 4S AS",
    ("double", 7): "6C QC 2C QH 2H 9H 9H/TS KD KD JC KH 4S 3S/3C 9D JS KC 3D AH 7D"
    "/4H 2D 3H 9S AH AS 8S/JC 4C 9S JD 6S JD 6D/3C 7H 5S TD AD 8D KS/4S 5D JS 7H 4D TS 4D"
    " | 5D QC 8S 6H QD QD AC 5C AC 8D AD 9D JH KC 2D 6C 3D 3S 5S QS 5C TH TC 7C 8C 4H 6S 7S 4C"
    " TH KS QS 3H 8H 8H 6D TD 8C KH 7D 5H 9C TC 2H QH 5H 2S JH 7C 2C AS 6H 9C 7S 2S",
}


@pytest.mark.parametrize("seed", sorted(MULBERRY))
def test_mulberry32_matches_the_javascript(seed):
    assert list(itertools.islice(mulberry32(seed), 5)) == MULBERRY[seed]


@pytest.mark.parametrize(("rules", "deal"), sorted(DEALS))
def test_deal_layouts_match_the_javascript(rules, deal):
    preset = PRESETS[rules]
    assert format_layout(preset, *deal_position(preset, deal)) == DEALS[(rules, deal)]
    assert Game(deal=deal, rules=rules).to_layout() == DEALS[(rules, deal)]


def test_the_tableau_is_the_first_cards_of_the_shuffled_deck():
    deck = shuffled_deck(7)
    tableau, stock = deal_position(PRESETS["standard"], 7)
    assert tableau == tuple(deck[:25])
    assert stock == tuple(deck[25:])
    assert len(stock) == 27


@pytest.mark.parametrize("deal", [0, 12, 99999, 2**31, 2**32 - 1])
def test_a_deal_is_a_permutation_of_the_deck(deal):
    one = shuffled_deck(deal)
    assert len(one) == 52
    assert len(set(one)) == 52
    two = Counter(shuffled_deck(deal, decks=2))
    assert len(two) == 52
    assert set(two.values()) == {2}


def test_same_number_same_deal_and_different_numbers_differ():
    assert Game(deal=123).to_layout() == Game(deal=123).to_layout()
    assert Game(deal=123).to_layout() != Game(deal=124).to_layout()


@pytest.mark.parametrize("value", [-1, 2**32, 2**40, 7.5, 7.0, True, False, "7", None, [7]])
def test_bad_deal_numbers_are_deal_errors_naming_the_value(value):
    with pytest.raises(DealError) as info:
        check_deal(value)
    assert info.value.value is value
    assert str(info.value) == (
        f"{value!r} is not a deal number: use a whole number from 0 to 4294967295."
    )
    if value is not None:  # Game(deal=None) means "pick a random deal"
        with pytest.raises(DealError):
            Game(deal=value)


def test_a_string_is_quoted_exactly_as_given():
    # The same form as the JavaScript Deal box (dealFromText): single quotes, no escapes.
    for text in ["99999999999999999999", "it's", "12 34"]:
        with pytest.raises(DealError) as info:
            check_deal(text)
        assert str(info.value) == (
            f"'{text}' is not a deal number: use a whole number from 0 to 4294967295."
        )
    assert str(DealError("it's")).startswith("'it's' is not")


def test_bad_new_deal_changes_nothing():
    g = Game(deal=5)
    g.remove_pair(*g.legal_pairs()[0])
    before = g.state
    for value in (-1, 2**32, 1.5, True, "8"):
        with pytest.raises(DealError):
            g.new_deal(value)
        assert g.state is before


def test_a_random_deal_is_kept():
    g = Game()
    assert isinstance(g.deal, int)
    assert 0 <= g.deal <= 2**32 - 1
    assert g.to_layout() == Game(deal=g.deal).to_layout()
