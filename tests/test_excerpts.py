"""Bad input is quoted as a short excerpt (issue 17, item 9; docs/architecture.md,
"Errors"): a 5,000,000-character bad token comes back in a sentence of a few
hundred characters that still names the place, never echoed whole. The
expected texts are written out by hand from the rule: the first 40
characters, then "…"."""

import pytest

from mc_widget import Card, Game
from mc_widget.engine import (
    ArgumentError,
    CardError,
    DealError,
    IllegalMove,
    LayoutError,
    StateError,
    apply,
    new_state,
    state_from_json,
)
from mc_widget.engine.errors import excerpt, show_repr, show_value

ROWS = "9H KH 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH"
HUGE = "XQ" * 2_500_000  # 5,000,000 characters
CUT = "XQ" * 20 + "…"  # its first 40 characters, then "…"
SHORT = 300  # a refusal is a sentence, not an echo


def test_excerpt_keeps_short_text_and_cuts_long_text_after_40_characters():
    assert excerpt("XQ") == "XQ"
    assert excerpt("") == ""
    forty = "0123456789" * 4
    assert excerpt(forty) == forty
    assert excerpt(forty + "!") == forty + "…"
    assert excerpt(HUGE) == CUT
    assert excerpt("abcdef", 3) == "abc…"
    # Code points, as the JS twin counts them: a card emoji is one character.
    assert excerpt("🂡" * 50) == "🂡" * 40 + "…"
    with pytest.raises(TypeError):
        excerpt(7)


def test_show_repr_is_short_and_never_raises():
    assert show_repr("0") == "'0'"
    assert show_repr("XQ" * 30) == "'" + "XQ" * 20 + "…'"
    assert show_repr(None) == "None"
    assert show_repr(True) == "True"
    assert show_repr(10**50) == "1" + "0" * 39 + "…"
    # Python refuses to write an int of more than 4,300 digits as text.
    assert show_repr(10**5000) == "<5001-digit int>"
    assert show_repr(-(10**5000)) == "<5001-digit int>"
    nested: list = []
    for _ in range(100_000):
        nested = [nested]
    assert show_repr(nested) == "<list>"
    assert show_value(nested) == "<list>"
    assert show_value(10**5000) == "<5001-digit int>"
    assert show_value("XQ" * 30) == '"' + "XQ" * 19 + "…"


def _refused(call, error_type):
    with pytest.raises(error_type) as caught:
        call()
    return caught.value


def test_a_huge_bad_cell_in_a_layout_is_quoted_short_and_named_by_place():
    error = _refused(lambda: Game.from_layout(ROWS.replace("8C", HUGE)), LayoutError)
    assert len(str(error)) < SHORT
    assert str(error).startswith(f"In row 2, column 3, '{CUT}' is not a card")
    assert error.params["token"] == CUT
    assert (error.key, error.place) == ("layout.bad-card", "row 2, column 3")
    assert error.token == HUGE  # the attribute keeps it whole, for Python code


def test_a_huge_bad_stock_card_is_quoted_short_and_named_by_place():
    error = _refused(lambda: Game.from_layout(ROWS + " | TS " + HUGE), LayoutError)
    assert len(str(error)) < SHORT
    assert str(error).startswith(f"Stock card 2, '{CUT}', is not a card")
    assert error.place == "stock card 2"


def test_a_huge_token_with_a_comma_is_quoted_short_and_named_by_place():
    error = _refused(lambda: Game.from_layout(ROWS.replace("QC", HUGE + ",")), LayoutError)
    assert len(str(error)) < SHORT
    assert str(error).startswith(f"In row 5, '{CUT}' has a comma")


def test_a_huge_bad_card_text_is_quoted_short():
    error = _refused(lambda: Card.parse(HUGE), CardError)
    assert len(str(error)) < SHORT
    assert str(error).startswith(f"'{CUT}' is not a card")
    assert error.text == HUGE
    error = _refused(lambda: Card(7, HUGE), CardError)
    assert len(str(error)) < SHORT


def test_a_huge_deal_number_text_is_quoted_short():
    nines = "9" * 5_000_000
    error = _refused(lambda: Game(deal=nines), DealError)
    assert len(str(error)) < SHORT
    assert str(error) == (
        f"'{'9' * 40}…' is not a deal number: use a whole number from 0 to 4294967295."
    )
    assert error.value is nines
    # An int too long for Python to write is a DealError too, not int's ValueError.
    error = _refused(lambda: Game(deal=10**5000), DealError)
    assert str(error).startswith("<5001-digit int> is not a deal number")


def test_a_huge_argument_to_a_python_call_is_quoted_short():
    error = _refused(lambda: Game(deal=1).remove_pair("X" * 1_000_000, 1), ArgumentError)
    assert str(error) == f"remove_pair: cell '{'X' * 40}…' must be a whole number from 0 to 24."


def test_a_cell_of_4000_digits_sent_as_json_is_quoted_short():
    # JSON reads ints of up to 4,300 digits; the cell is out of range.
    state = new_state("standard", deal=1)
    error = _refused(lambda: apply(state, {"type": "remove", "cells": [10**4000, 1]}), IllegalMove)
    assert str(error) == f"There is no cell 1{'0' * 39}…: cells are numbered 0 to 24."


def test_a_deeply_nested_layout_is_a_layout_error_not_a_recursion_error():
    nested: list = []
    for _ in range(100_000):
        nested = [nested]
    error = _refused(lambda: Game.from_layout(nested), LayoutError)
    assert str(error) == "A layout must be text, not <list>."


def test_a_huge_rules_name_in_an_earlier_game_is_quoted_short():
    game = Game(deal=1)
    game.new_deal(2)
    data = game.state.to_json()
    earlier = data["previous_game"]
    earlier["rules"] = {**earlier["rules"], "name": HUGE}
    error = _refused(lambda: state_from_json(data), StateError)
    assert len(str(error)) < SHORT
    assert error.path == "state.previous_game.rules"
    assert f"plays the standard rules, not {CUT} (a new deal" in str(error)


@pytest.mark.parametrize(
    ("make", "path"),
    [
        (lambda s: apply(s, {"type": "undo", HUGE: 1}), "action." + CUT),
        (lambda s: state_from_json({**s.to_json(), HUGE: 1}), "state." + CUT),
        (
            lambda s: state_from_json({**s.to_json(), "rules": {**s.rules.to_json(), HUGE: 1}}),
            "state.rules." + CUT,
        ),
    ],
)
def test_a_huge_unknown_key_is_named_short(make, path):
    # The key is the bad part, and the path names it: cut as any bad input.
    error = _refused(lambda: make(new_state("standard", deal=1)), StateError)
    assert (error.key, error.path) == ("state.unknown", path)
    assert len(str(error)) < SHORT
