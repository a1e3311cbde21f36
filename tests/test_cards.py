"""Cards: text in and out, symbols, names (architecture.md "Cards"; RULES.md "Terms")."""

import dataclasses

import pytest

from mc_widget.engine import Card, CardError, parse_card


@pytest.mark.parametrize("rank_letter", list("A23456789TJQK"))
@pytest.mark.parametrize("suit", list("SHDC"))
def test_every_canonical_card_reads_and_writes_back(rank_letter, suit):
    card = Card.parse(rank_letter + suit)
    assert str(card) == rank_letter + suit
    assert card.text == rank_letter + suit
    assert card.suit == suit


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("AS", 1, "S"),
        ("9D", 9, "D"),
        ("TH", 10, "H"),
        ("JC", 11, "C"),
        ("QS", 12, "S"),
        ("KH", 13, "H"),
    ],
)
def test_rank_values_run_from_ace_1_to_king_13(text, rank, suit):
    assert Card.parse(text) == Card(rank, suit)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("10D", "TD"),
        ("10♦", "TD"),
        ("10h", "TH"),
        ("7h", "7H"),
        ("td", "TD"),
        ("as", "AS"),
        ("kc", "KC"),
        ("Q♠", "QS"),
        ("7♥", "7H"),
        ("j♣", "JC"),
        ("A♦", "AD"),
    ],
)
def test_parsers_accept_ten_lower_case_and_suit_symbols(text, canonical):
    assert str(parse_card(text)) == canonical


@pytest.mark.parametrize(
    ("text", "symbol", "name"),
    [
        ("7H", "7♥", "7 of hearts"),
        ("TD", "10♦", "10 of diamonds"),
        ("AS", "A♠", "ace of spades"),
        ("KC", "K♣", "king of clubs"),
        ("QH", "Q♥", "queen of hearts"),
        ("JD", "J♦", "jack of diamonds"),
        ("2C", "2♣", "2 of clubs"),
    ],
)
def test_symbol_and_name_forms(text, symbol, name):
    card = Card.parse(text)
    assert card.symbol == symbol
    assert card.name == name


@pytest.mark.parametrize(
    ("text", "red"), [("7H", True), ("TD", True), ("AS", False), ("KC", False)]
)
def test_hearts_and_diamonds_are_red(text, red):
    assert Card.parse(text).is_red is red


def test_card_is_a_frozen_hashable_value():
    card = Card(7, "H")
    assert card == Card.parse("7h")
    assert len({card, Card.parse("7H"), Card(7, "S")}) == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.rank = 8  # type: ignore[misc]


@pytest.mark.parametrize(
    "text", ["XQ", "1H", "11H", "7X", "", "7", "H7", " 7H", "7H ", "10", "0H", "7♡", "77H", "T10"]
)
def test_bad_card_text_is_a_card_error_naming_the_text(text):
    with pytest.raises(CardError) as info:
        Card.parse(text)
    assert info.value.text == text
    assert f"'{text}' is not a card" in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("value", [7, None, 7.0, ["7H"]])
def test_non_text_is_a_card_error(value):
    with pytest.raises(CardError):
        parse_card(value)


@pytest.mark.parametrize(
    ("rank", "suit"),
    [
        (0, "H"),
        (14, "H"),
        (True, "H"),
        (7, "X"),
        (7, "h"),
        ("7", "H"),
        # Unhashable suits and ranks: a CardError too, not "TypeError: unhashable".
        (1, ["S"]),
        (1, {"S": 1}),
        ([1], "S"),
    ],
)
def test_bad_card_values_are_refused(rank, suit):
    with pytest.raises(CardError):
        Card(rank, suit)


def test_card_error_message_is_the_catalogue_text():
    with pytest.raises(CardError) as info:
        Card.parse("XQ")
    assert str(info.value) == (
        "'XQ' is not a card: write a rank (A 2 3 4 5 6 7 8 9 T J Q K, or 10) and then a suit "
        "(S H D C, or ♠ ♥ ♦ ♣), like 7H or 10♦."
    )
    assert info.value.key == "card.bad"
