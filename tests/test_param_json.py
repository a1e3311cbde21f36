"""Message parameters as the front end's JSON, and back (docs/i18n.md, section 2).

``param_json`` turns the engine's ``Phrase`` parameters into data (a count, a
list, a nested message, a card symbol), so that a board can say the same
feedback again in another language; ``param_from_json`` reads that data back
for Python's own texts. The expected JSON is written by hand from the
contract; the expected sentences from mc_widget/messages/en.json and de.json.
Also: the keys the front end never shows, as scripts/build.mjs lists them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mc_widget.engine import PRESETS, IllegalMove, LayoutError, parse_layout
from mc_widget.engine.cards import Card, card_name, card_symbol, parse_card
from mc_widget.engine.messages import (
    PYTHON_ONLY,
    counted,
    format_list,
    format_message,
    front_end_catalogue,
    phrase,
    python_only,
)
from mc_widget.engine.params import (
    param_from_json,
    param_json,
    params_from_json,
    params_json,
)

ROOT = Path(__file__).resolve().parent.parent
QH = Card(12, "H")
TS = Card(10, "S")


def test_a_count_is_its_number_and_its_key():
    assert param_json(counted("count.pairs", 3)) == {"count": 3, "of": "count.pairs"}
    # The same data whichever language the phrase was made in.
    assert param_json(counted("count.cards", 1, "fr")) == {"count": 1, "of": "count.cards"}


def test_a_list_is_its_items_as_data():
    items = [QH, card_symbol(TS), counted("count.cards", 2)]
    assert param_json(format_list(items)) == {
        "list": ["Q♥", "10♠", {"count": 2, "of": "count.cards"}]
    }


def test_a_phrase_is_a_nested_message_with_its_params_as_data():
    assert param_json(phrase("cell.place", {"row": 2, "col": 3})) == {
        "key": "cell.place",
        "params": {"row": 2, "col": 3},
    }
    inner = phrase("review.action-remove", {"a": Card(9, "S"), "b": Card(9, "C")}, "de")
    assert param_json(inner) == {
        "key": "review.action-remove",
        "params": {"a": "9♠", "b": "9♣"},
    }


def test_a_card_and_its_symbol_are_the_english_symbol():
    assert param_json(QH) == "Q♥"
    assert param_json(card_symbol(QH, "de")) == "Q♥"  # not "D♥": the board writes its letters
    assert param_json(card_symbol(TS)) == "10♠"


def test_a_card_name_is_card_name_with_rank_and_suit_messages():
    assert param_json(card_name(QH, "fr")) == {
        "key": "card.name",
        "params": {
            "rank": {"key": "rank.Q", "params": {}},
            "suit": {"key": "suit.H", "params": {}},
        },
    }
    assert param_json(card_name(TS))["params"]["rank"] == {"key": "rank.T", "params": {}}


def test_plain_values_stay_as_they_are():
    assert params_json({"n": 3, "x": 0.5, "t": "text", "none": None, "yes": True}) == {
        "n": 3,
        "x": 0.5,
        "t": "text",
        "none": None,
        "yes": True,
    }
    assert params_json(None) == {}


def test_an_engine_error_message_is_a_nested_message():
    with pytest.raises(LayoutError) as info:
        parse_layout("9H ZZ 4C 5D 2H/" + "/".join(["8D 2D 8C 4H 6S"] * 4), PRESETS["standard"])
    # `place` is a phrase too: row 1, column 2 as a nested message.
    assert params_json(info.value.params) == {
        "place": {"key": "cell.place", "params": {"row": 1, "col": 2}},
        "token": "ZZ",
    }
    cards = {"a": card_symbol(QH), "b": TS}
    error = IllegalMove("different-rank", cells=(0, 1), params=cards)
    assert param_json(error.message) == {
        "key": "illegal.different-rank",
        "params": {"a": "Q♥", "b": "10♠"},
    }


def test_anything_else_is_a_type_error_naming_it():
    with pytest.raises(TypeError, match="object"):
        param_json(object())
    with pytest.raises(TypeError, match=r"\[1, 2\]"):
        param_json([1, 2])


def test_json_reads_back_into_values_said_in_any_language():
    # German from de.json: cell.place "Reihe {row}, Spalte {col}", status.moved
    # "{card} ist von {from} nach {to} gerückt.", count.cards "{count} Karte(n)".
    params = params_from_json(
        {
            "card": "Q♥",
            "from": {"key": "cell.place", "params": {"row": 1, "col": 5}},
            "to": {"key": "cell.place", "params": {"row": 1, "col": 4}},
        }
    )
    assert format_message("status.moved", params, "de") == (
        "D♥ ist von Reihe 1, Spalte 5 nach Reihe 1, Spalte 4 gerückt."
    )
    assert format_message("status.moved", params) == (
        "Q♥ moved from row 1, column 5 to row 1, column 4."
    )
    one = param_from_json({"count": 1, "of": "count.cards"})
    assert (one.localize("de"), one.localize("en")) == ("1 Karte", "1 card")
    cards = param_from_json({"list": ["K♠", "10♦", "J♣"]})
    assert cards.localize("de") == "K♠, 10♦ und B♣"
    assert cards.localize("en") == "K♠, 10♦, and J♣"


def test_only_a_whole_card_symbol_is_a_card():
    assert param_from_json("QH") == "QH"  # notation stays notation
    assert param_from_json("Q♥ and Q♣") == "Q♥ and Q♣"
    assert param_from_json("1♥") == "1♥"
    assert param_from_json("10♦").localize("de") == "10♦"
    assert param_from_json("A♠").localize("sv") == "E♠"  # Swedish: ess


def test_a_round_trip_says_the_same_sentence():
    original = {"a": QH, "b": parse_card("QC")}
    again = params_from_json(params_json(original))
    for lang in ("en", "de", "fr"):
        assert format_message("status.removed", again, lang) == format_message(
            "status.removed", original, lang
        )


@pytest.mark.parametrize(
    "bad, path",
    [
        ({"x": {"counts": 3}}, "params.x"),
        ({"x": {"count": "3", "of": "count.cards"}}, "params.x"),
        ({"x": [1, 2]}, "params.x"),
        ({"x": {"list": ["7♥", {"nope": 1}]}}, r"params.x.list\[1\]"),
        (
            {"x": {"key": "cell.place", "params": {"row": {"bad": 1}, "col": 1}}},
            "params.x.params.row",
        ),
    ],
)
def test_data_of_no_shape_is_refused_naming_its_path(bad, path):
    with pytest.raises(ValueError, match=path):
        params_from_json(bad)


# ---------------------------------------------------------------- the front end's keys


def test_the_build_and_python_read_one_list_of_python_only_keys():
    # scripts/build.mjs reads the file Python reads (no second copy to drift).
    source = (ROOT / "scripts" / "build.mjs").read_text(encoding="utf-8")
    assert '"mc_widget", "messages", "python-only.json"' in source
    listed = json.loads((ROOT / "mc_widget/messages/python-only.json").read_text(encoding="utf-8"))
    assert len(listed) > 30
    assert list(PYTHON_ONLY) == listed


def test_python_only_names_whole_keys_and_prefixes():
    english = json.loads((ROOT / "mc_widget/messages/en.json").read_text(encoding="utf-8"))
    for entry in PYTHON_ONLY:
        if entry.endswith((".", "-")):
            assert any(key.startswith(entry) for key in english), entry
        else:
            assert entry in english, entry
    assert python_only("mistake.M3.title") and python_only("count.rows.one")
    assert python_only("state.range") and not python_only("state.type")
    assert not python_only("count.cards.one") and not python_only("hint.remove")


def test_the_front_end_catalogue_is_the_catalogue_less_python_only():
    german = json.loads((ROOT / "mc_widget/messages/de.json").read_text(encoding="utf-8"))
    board = front_end_catalogue("de")
    assert board["letter.Q"] == "D" and board["cell.place"] == german["cell.place"]
    kept = ("state.type", "error.state", "hint.remove", "count.cards.one", "ui.button-hint")
    assert all(key in board for key in kept)
    gone = ("mistake.M3.title", "scenario.three-sevens.title", "layout.empty", "state.range")
    gone += ("count.rows.one", "hint.perfect", "review.action-remove", "error.selected")
    assert not any(key in board for key in gone)
    assert not any(key.startswith(("mistake.", "scenario.", "page.", "text.")) for key in board)
    with pytest.raises(ValueError, match="en, sv, nl, de, it, fr"):
        front_end_catalogue("xx")


def test_format_message_says_a_feedbacks_json_params_as_the_front_end_does():
    # A feedback trait as a lesson reads it: params in their JSON shapes.
    params = {
        "card": "5♦",
        "from": {"key": "cell.place", "params": {"row": 1, "col": 4}},
        "to": {"key": "cell.place", "params": {"row": 1, "col": 3}},
        "step": 1,
        "n": 23,
        "next": {
            "key": "walk.next-move",
            "params": {"card": "2♥", "to": {"key": "cell.place", "params": {"row": 1, "col": 4}}},
        },
    }
    assert format_message("walk.move", params) == (
        "Step 1 of 23: 5♦ moved from row 1, column 4 to row 1, column 3, "
        "the first gap in reading order. Next: 2♥ moves to row 1, column 4."
    )
    count = {"count": 17, "of": "count.cards"}
    assert format_message("status.consolidated", {"cards": count}) == (
        "Consolidated: 17 cards moved."
    )


def test_format_message_says_a_german_feedbacks_cards_in_german_letters():
    # de.json status.removed "{a} und {b} abgeräumt."; the queen is D (letter.Q).
    assert format_message("status.removed", {"a": "Q♥", "b": "Q♣"}, "de") == "D♥ und D♣ abgeräumt."
    assert format_message("status.removed", {"a": "Q♥", "b": "Q♣"}) == "Removed Q♥ and Q♣."


def test_a_list_of_pairs_from_the_front_end_is_said_as_it_says_it():
    # js/app/give-up.js: listOf([listOf(["7♥", "7♣"], "pair"), …]) (issue 20, item 5).
    params = {
        "count": {"count": 2, "of": "count.pairs"},
        "pairs": {
            "list": [
                {"list": ["7♥", "7♣"], "type": "pair"},
                {"list": ["Q♠", "Q♦"], "type": "pair"},
            ]
        },
        "action": "consolidate_step",
    }
    said = params_from_json(params)
    assert format_message("status.consolidate-gives-up", said) == (
        "Still touching: 7♥\u20137♣ and Q♠\u2013Q♦."
        " Consolidating now gives up 2 pairs for this round: press again"
        " to consolidate (Undo takes it back), or remove a pair first."
    )
    # German letters: Q is D (Dame); the en dash (U+2013) stays.
    assert format_message("status.consolidate-gives-up", said, "de").startswith(
        "Noch berühren sich: 7♥\u20137♣ und D♠\u2013D♦."
    )
    assert params_json(said) == params
    with pytest.raises(ValueError, match=r"pairs\.list\[0\]"):
        params_from_json({"pairs": {"list": [{"list": ["7♥"], "type": "trio"}]}})
