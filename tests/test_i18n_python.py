"""The Python side of the languages (docs/i18n.md; issue 8).

Plurals and lists come from Babel, cards are written in a language's letters,
a key missing in a language falls back to English, and an engine error says
itself in another language while ``str(err)`` stays English. The other
languages' catalogues here are small dicts made for the test (so a
translator's change does not move them); every expected text was written by
hand from them and from CLDR's rules (French counts 0 as one; English
writes the serial comma, German does not).
"""

import importlib
import json

import pytest

import mc_widget.engine.messages as messages
from mc_widget import Game, IllegalMove
from mc_widget.analysis.review import describe
from mc_widget.engine import LayoutError, Rules, new_state, parse_layout
from mc_widget.engine.cards import Card, card_name, card_symbol
from mc_widget.engine.messages import (
    LANGUAGES,
    Phrase,
    counted,
    format_list,
    format_message,
    phrase,
    plural_category,
)
from mc_widget.engine.state import Remove
from mc_widget.teaching import mistake, mistakes, scenario, scenarios

# (import_module: the package's names mistakes and scenarios are functions.)
mistakes_module = importlib.import_module("mc_widget.teaching.mistakes")
scenarios_module = importlib.import_module("mc_widget.teaching.scenarios")

ENGLISH = messages._load("en")

#: A German catalogue made for the test: the keys it lacks fall back to English.
GERMAN = {
    "letter.A": "A",
    "letter.J": "B",
    "letter.Q": "D",
    "letter.K": "K",
    "rank.Q": "Dame",
    "suit.H": "Herz",
    "card.name": "{suit}-{rank}",
    "cell.place": "Reihe {row}, Spalte {col}",
    "illegal.different-rank": "{a} und {b} sind kein Paar.",
    "layout.bad-card": "In {place} ist '{token}' keine Karte.",
    "count.cards.one": "{count} Karte",
    "count.cards.other": "{count} Karten",
    "review.lost-at": "Zug {number}, {action}, verlor das Spiel; {instead} hätte es gehalten.",
    "review.action-remove": "{a} und {b} entfernen",
    "scenario.corner-edge-inner.caption": "{a} in der Ecke, {b} am Rand, {c} in der Mitte.",
    "mistake.M7.right-title": "{first} und {second} gehen",
}
#: A French one: counts only.
FRENCH = {"count.cards.one": "{count} carte", "count.cards.other": "{count} cartes"}


@pytest.fixture
def made_up(monkeypatch):
    """The test catalogues for de and fr, the real one for en."""
    made = {"en": ENGLISH, "de": GERMAN, "fr": FRENCH}
    monkeypatch.setattr(messages, "_load", lambda lang: made.get(lang, {}))


# --------------------------------------------------------------------------
# Plurals: Babel's rule, the catalogue's forms


def test_english_counts_one_only_for_1():
    assert [counted("count.cards", n) for n in (0, 1, 2, 21)] == [
        "0 cards",
        "1 card",
        "2 cards",
        "21 cards",
    ]


def test_french_counts_0_and_1_as_one(made_up):
    assert [plural_category(n, "fr") for n in (0, 1, 2)] == ["one", "one", "other"]
    assert [counted("count.cards", n, "fr") for n in (0, 1, 2, 10)] == [
        "0 carte",
        "1 carte",
        "2 cartes",
        "10 cartes",
    ]


def test_a_category_the_catalogue_lacks_falls_back_to_other(made_up):
    # CLDR gives French "many" for a million; no catalogue has .many.
    assert plural_category(1_000_000, "fr") == "many"
    assert counted("count.cards", 1_000_000, "fr") == "1000000 cartes"


def test_a_counted_text_is_counted_again_in_another_language(made_up):
    # 0 is "other" in English and in German, "one" in French.
    nothing = counted("count.cards", 0)
    assert nothing == "0 cards"
    assert format_message("status.consolidated", {"cards": nothing}, "fr") == (
        "Consolidated: 0 carte moved."  # the template falls back; the count does not
    )
    assert nothing.localize("de") == "0 Karten"


# --------------------------------------------------------------------------
# Lists: Babel's format_list


def test_lists_in_english_and_german(made_up):
    sevens = [Card(7, "H"), Card(7, "C"), Card(7, "S")]
    assert format_list(sevens) == "7♥, 7♣, and 7♠"
    assert format_list(sevens, "de") == "7♥, 7♣ und 7♠"
    assert format_list(["J♥", "K♣"]) == "J♥ and K♣"
    assert format_list([Card(11, "H"), Card(13, "C")], "de") == "B♥ und K♣"
    assert format_list([Card(12, "S")], "de") == "D♠"
    assert format_list([Card(12, "S"), Card(1, "D")]).localize("de") == "D♠ und A♦"


# --------------------------------------------------------------------------
# Cards in a language's letters


def test_a_card_parameter_is_written_in_the_languages_letters(made_up):
    params = {"a": Card(12, "H"), "b": Card(10, "S")}
    assert format_message("illegal.different-rank", params, "de") == "D♥ und 10♠ sind kein Paar."
    assert format_message("illegal.different-rank", params).startswith("Q♥ and 10♠ do not pair")
    assert [card_symbol(Card(r, "C"), "de") for r in (1, 7, 10, 11, 12, 13)] == [
        "A♣",
        "7♣",
        "10♣",
        "B♣",
        "D♣",
        "K♣",
    ]
    assert card_symbol(Card(11, "D")) == "J♦" == Card(11, "D").symbol


def test_card_names_follow_the_languages_order(made_up):
    assert card_name(Card(12, "H")) == "queen of hearts" == Card(12, "H").name
    assert card_name(Card(12, "H"), "de") == "Herz-Dame"
    assert card_name(Card(12, "H")).localize("de") == "Herz-Dame"


# --------------------------------------------------------------------------
# Fallbacks and bad codes


def test_a_key_missing_in_a_language_falls_back_to_english(made_up):
    assert "illegal.same-cell" not in GERMAN
    assert format_message("illegal.same-cell", lang="de") == (
        "That is the same card twice: a pair needs two cards."
    )
    with pytest.raises(KeyError):
        format_message("illegal.no-such-key", lang="de")


def test_an_unknown_language_is_a_value_error_naming_the_six():
    calls = [
        lambda: format_message("illegal.same-cell", lang="xx"),
        lambda: counted("count.cards", 2, "xx"),
        lambda: format_list(["a", "b"], "xx"),
        lambda: messages.catalogue("xx"),
        lambda: card_symbol(Card(1, "S"), "xx"),
        lambda: phrase("cell.place", {"row": 1, "col": 1}).localize("xx"),
        lambda: mistake("M1", lang="xx"),
        lambda: mistakes(lang="EN"),
        lambda: scenario("three-sevens", lang="xx"),
        lambda: scenarios(lang=None),
    ]
    for call in calls:
        with pytest.raises(ValueError) as caught:
            call()
        assert "en, sv, nl, de, it, fr" in str(caught.value)
    assert LANGUAGES == ("en", "sv", "nl", "de", "it", "fr")


# --------------------------------------------------------------------------
# Errors: str() English, message(lang) in the language


def test_an_engine_error_says_itself_in_another_language(made_up):
    game = Game.from_layout("JH TS 5C 5D ../" + "/".join([".. .. .. .. .."] * 4) + " |")
    with pytest.raises(IllegalMove) as caught:
        game.remove_pair(0, 1)
    err = caught.value
    english = "J♥ and 10♠ do not pair: only cards of the same rank pair (suits never matter)."
    assert str(err) == english and err.message == english
    assert err.message("en") == english
    assert err.message("de") == "B♥ und 10♠ sind kein Paar."
    # The JSON is what it was: the English symbols and sentence.
    assert json.loads(json.dumps(err.to_json(), ensure_ascii=False)) == {
        "type": "IllegalMove",
        "reason": "different-rank",
        "key": "different-rank",
        "cells": [0, 1],
        "params": {"a": "J♥", "b": "10♠"},
        "message": english,
    }


def test_a_layout_errors_place_is_said_again_too(made_up):
    with pytest.raises(LayoutError) as caught:
        parse_layout(
            ".. .. .. .. ../.. .. ZZ .. ../" + "/".join([".. .. .. .. .."] * 3) + " |",
            Rules.preset("standard"),
        )
    err = caught.value
    assert str(err).startswith("In row 2, column 3, 'ZZ' is not a card")
    assert err.place == "row 2, column 3"
    assert err.message("de") == "In Reihe 2, Spalte 3 ist 'ZZ' keine Karte."


def test_a_review_sentence_is_said_again_with_its_described_moves(made_up):
    state = new_state(
        "standard", layout="QH QS .. .. ../" + "/".join([".. .. .. .. .."] * 4) + " |"
    )
    removing = describe(state, Remove(0, 1))
    assert removing == "removing Q♥ and Q♠"
    assert describe(state, Remove(0, 1), "de") == "D♥ und D♠ entfernen"
    params = {"number": 3, "action": removing, "instead": removing}
    assert format_message("review.lost-at", params, "de") == (
        "Zug 3, D♥ und D♠ entfernen, verlor das Spiel; D♥ und D♠ entfernen hätte es gehalten."
    )


def test_a_phrase_is_a_str_that_pickles():
    import pickle

    place = phrase("cell.place", {"row": 2, "col": 3})
    assert isinstance(place, str) and isinstance(place, Phrase)
    assert place == "row 2, column 3" and json.dumps(place) == '"row 2, column 3"'
    again = pickle.loads(pickle.dumps(place))
    assert again == place and again.args == place.args


# --------------------------------------------------------------------------
# The teaching texts


def test_teaching_texts_are_made_in_the_language_asked_for(made_up):
    assert scenario("corner-edge-inner", "de").caption == (
        "D♥ in der Ecke, B♥ am Rand, 2♣ in der Mitte."
    )
    assert scenario("corner-edge-inner").caption.startswith(
        "Select a card to see its neighbours: Q♥ in the corner has 3, J♥ on the top edge"
    )
    m7 = mistake("M7", lang="de")
    assert [p["title"] for p in m7.panels[1:]] == ["7♥ und 7♠ gehen", "7♠ und 7♦ gehen"]
    assert m7.title == "One card in two pairs"  # not in the test's German: English


def test_english_teaching_texts_are_as_before():
    # Texts the teaching data had before they moved into the catalogue.
    m3 = mistake("M3")
    # Issue 20 gave M3 a pair the right order makes: 5♠ and 5♥ (layout 9H .. 5S .. KC/…).
    assert m3.notes[0] == "Read the cards left to right, top to bottom: 9♥ 5♠ K♣ 7♠ 2♣ 5♥."
    m7 = mistake("M7")
    assert [(p["title"], p["caption"]) for p in m7.panels[1:]] == [
        ("7♥ and 7♠ go", "7♦ stays for a later round."),
        ("7♠ and 7♦ go", "7♥ stays for a later round."),
    ]
    m9 = mistake("M9")
    assert m9.panels[1]["caption"] == (
        "After the refill 8♥ J♥ 8♠ J♠ touch only cards of other ranks: blocked."
    )
    assert scenario("german-worked-example").caption.startswith(
        "Three pairs: 4♥ with 4♣ and J♦ with J♠ on diagonals, 2♣ below 2♦; Q♦ and Q♣ do not touch."
    )


def test_the_teaching_keys_are_exactly_those_the_teaching_data_uses(monkeypatch):
    used = set()

    def recording(key, params=None, lang="en"):
        used.add(key)
        return format_message(key, params, lang)

    monkeypatch.setattr(mistakes_module, "format_message", recording)
    monkeypatch.setattr(scenarios_module, "format_message", recording)
    mistakes()
    scenarios()
    teaching = {key for key in ENGLISH if key.startswith(("mistake.", "scenario."))}
    assert used == teaching
    assert len(teaching) == 143  # 124 for M1 … M9 and 15 scenarios, 11 for M10, 8 for 4 more


def test_a_game_says_its_summary_in_a_language():
    # de.json's summary.line, phase.remove and count.pairs.other, filled by hand.
    game = Game(deal=1)
    assert game.text("de").splitlines()[-1] == (
        "Vorrat 27 · beiseite 0 Paare · abgeräumt 0/52 · Runde 1 · Paare abräumen"
    )
    assert game.text().splitlines()[:5] == str(game).splitlines()[:5]
    assert game.text() == str(game)
    with pytest.raises(ValueError, match="xx"):
        game.text("xx")
