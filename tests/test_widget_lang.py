"""The board's language from Python (docs/i18n.md, section 2; issue 8).

``lang`` (``None``: the notebook's, asked for by a view with a ``{"type":
"lang"}`` message), ``_messages`` (the catalogue the view speaks, English too), and
everything Python says made again when the language changes, while the game
stays as it was. Expected texts come from mc_widget/messages/*.json: read
from the files (the translators may still polish a sentence) and filled in
by hand here, never by ``format_message``; the German letters (D for the
queen, B for the jack) and the deal-7 cards are written out.

Deal 7 (from ``str(w.game)``): row 1 ``JH TS QC 5H 7C``, row 2 ``9S AD 4H
2C 8D``, row 3 ``9C 4D AC 3S KC``, …; cells 5 and 10 are 9♠ and 9♣, one
above the other.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
import traitlets
from message_helpers import fill

from mc_widget import ArgumentError, IllegalMove, LayoutError, MonteCarloWidget
from mc_widget.analysis.review import Review, describe
from mc_widget.engine.messages import python_only
from mc_widget.engine.state import Remove
from mc_widget.widget.analysis import review_feedback

MESSAGES = Path(__file__).resolve().parent.parent / "mc_widget" / "messages"
CODES = ("en", "sv", "nl", "de", "it", "fr")
EN, DE, FR, SV = (
    json.loads((MESSAGES / f"{lang}.json").read_text(encoding="utf-8"))
    for lang in ("en", "de", "fr", "sv")
)

#: The only pair is 7♥ 7♠ (cells 0 and 1); the eight other cards have eight
#: ranks and there is no stock: never winnable, though a move is left.
ONE_PAIR = "7H 7S 2C 3D 4C/5D 6S 8C 9H TD/.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. |"


def ask(w: MonteCarloWidget, content: object) -> None:
    """A custom message from a view, as ipywidgets delivers it."""
    w._handle_custom_msg(content, [])


# ---------------------------------------------------------------- lang


def test_lang_is_none_by_default_and_english_is_spoken():
    w = MonteCarloWidget(deal=7)
    assert w.lang is None
    assert w.language == "en"
    assert_english(w._messages)


@pytest.mark.parametrize("bad", ["xx", "EN", "de-DE", "", 3, ["de"]])
def test_a_bad_lang_is_a_trait_error_naming_the_six_codes(bad):
    with pytest.raises(traitlets.TraitError) as info:
        MonteCarloWidget(deal=7, lang=bad)
    for code in CODES:
        assert repr(code) in str(info.value)
    w = MonteCarloWidget(deal=7, lang="sv")
    before = copy.deepcopy(w.state)
    with pytest.raises(traitlets.TraitError, match="'en', 'sv', 'nl', 'de', 'it', 'fr'"):
        w.lang = bad
    assert w.lang == "sv" and w.state == before
    assert w._messages["lang"] == "sv"


def test_every_code_and_none_are_accepted():
    w = MonteCarloWidget(deal=7)
    for code in (*CODES, None):
        w.lang = code
        assert w.lang == code


def test_mistake_and_scenario_refuse_a_bad_lang_too():
    with pytest.raises(traitlets.TraitError, match="'fr'"):
        MonteCarloWidget.mistake("M3", lang="klingon")
    with pytest.raises(traitlets.TraitError, match="'fr'"):
        MonteCarloWidget.scenario("three-sevens", lang="klingon")


# ---------------------------------------------------------------- _messages


def test_a_german_board_gets_the_german_front_end_catalogue():
    w = MonteCarloWidget(deal=7, lang="de")
    assert set(w._messages) == {"lang", "messages"}
    assert w._messages["lang"] == "de"
    messages = w._messages["messages"]
    assert messages["letter.Q"] == "D" and messages["letter.J"] == "B"
    assert messages["status.removed"] == DE["status.removed"]
    assert not [key for key in messages if key.startswith(("mistake.", "scenario.", "layout."))]
    assert "hint.perfect" not in messages and "hint.remove" in messages
    # Exactly the keys the bundle has (the catalogue less PYTHON_ONLY), German texts.
    assert messages == {key: text for key, text in DE.items() if not python_only(key)}


def assert_english(said):
    """``said`` is an English board's ``_messages``: the view's words, English (issue 19)."""
    assert set(said) == {"lang", "messages"} and said["lang"] == "en"
    messages = said["messages"]
    assert messages["status.removed"] == "Removed {a} and {b}."
    assert (
        messages["letter.Q"] == "Q"
        and messages["illegal.nothing-to-undo"] == EN["illegal.nothing-to-undo"]
    )
    assert "text.board" not in messages and "layout.empty" not in messages
    assert messages == {key: text for key, text in EN.items() if not python_only(key)}


def test_an_english_board_gets_the_english_front_end_catalogue():
    # The bundle keeps only the engine's own texts (issue 19): the view's come from Python.
    assert_english(MonteCarloWidget(deal=7, lang="en")._messages)
    assert_english(MonteCarloWidget(deal=7)._messages)


def test_messages_follow_lang_english_too():
    w = MonteCarloWidget(deal=7, lang="fr")
    assert w._messages["messages"]["letter.K"] == "R"
    w.lang = "en"
    assert_english(w._messages)
    w.lang = "sv"
    assert w._messages["messages"]["letter.A"] == "E"
    w.lang = None
    assert_english(w._messages)


def test_a_view_cannot_set_messages():
    w = MonteCarloWidget(deal=7)
    w.set_state({"_messages": {"lang": "de", "messages": {"letter.Q": "X"}}})
    assert_english(w._messages)
    assert w.feedback["key"] == "error.state"
    assert w.feedback["params"]["path"] == "_messages"


def test_a_view_asks_for_a_language_but_cannot_set_lang():
    # lang is Python's choice (issue 17); a view asks with a `lang` message.
    w = MonteCarloWidget(deal=7)
    w.set_state({"lang": "nl"})
    assert w.lang is None and w._messages["lang"] == "en"
    assert w.feedback["tone"] == "error"
    assert w.feedback["params"]["path"] == "lang"
    w._handle_custom_msg({"type": "lang", "lang": "nl"}, [])
    assert w.lang is None and w.language == "nl" and w._messages["lang"] == "nl"


# ---------------------------------------------------------------- the "lang" message


def test_the_notebooks_language_from_a_view_sets_messages_and_keeps_lang_none():
    w = MonteCarloWidget(deal=7)
    ask(w, {"type": "lang", "lang": "de"})
    assert w.lang is None
    assert w.language == "de"
    assert w._messages["lang"] == "de"
    assert w._messages["messages"]["letter.Q"] == "D"


def test_lang_set_from_python_wins_over_the_notebooks():
    w = MonteCarloWidget(deal=7, lang="sv")
    ask(w, {"type": "lang", "lang": "de"})
    assert w.language == "sv" and w._messages["lang"] == "sv"
    w.lang = None  # now the notebook's language, which the view asked for
    assert w.language == "de" and w._messages["lang"] == "de"


@pytest.mark.parametrize(
    "content",
    [{"type": "lang", "lang": "xx"}, {"type": "lang"}, {"type": "lang", "lang": 7}],
)
def test_a_bad_lang_message_is_refused_and_changes_nothing(content):
    w = MonteCarloWidget(deal=7)
    w.remove_pair(5, 10)
    before = copy.deepcopy(w.state)
    ask(w, content)
    assert w.lang is None and w.language == "en"
    assert_english(w._messages)
    assert w.state == before
    assert w.feedback["key"] == "error.state"
    assert w.feedback["tone"] == "error"
    assert w.feedback["params"]["path"] == "lang"
    assert "en, sv, nl, de, it, fr" in w.feedback["params"]["problem"]


# ---------------------------------------------------------------- parameters as data


def test_a_python_moves_feedback_has_data_params():
    w = MonteCarloWidget(deal=7)
    w.remove_pair(5, 10)
    assert w.feedback == {
        "key": "status.removed",
        "params": {"a": "9♠", "b": "9♣"},
        "cells": [],
        "tone": "info",
    }
    # Consolidating: A♦ (row 2, column 2) moves into the first gap, row 2, column 1.
    w.consolidate_step()
    assert w.feedback["params"] == {
        "card": "A♦",
        "from": {"key": "cell.place", "params": {"row": 2, "col": 2}},
        "to": {"key": "cell.place", "params": {"row": 2, "col": 1}},
    }
    # The rest: cells 7, 8, 9 (one gap before each) and 11 … 24 (two): 3 + 14 cards.
    w.consolidate()
    assert w.feedback["key"] == "status.consolidated"
    assert w.feedback["params"] == {"cards": {"count": 17, "of": "count.cards"}}


def test_a_german_board_sends_the_same_data():
    w = MonteCarloWidget(deal=7, lang="de")
    w.remove_pair(5, 10)
    assert w.feedback["params"] == {"a": "9♠", "b": "9♣"}
    assert "text" not in w.feedback  # the front end says it, in its letters


# ---------------------------------------------------------------- said again


def test_switching_lang_on_a_mistake_board_says_its_texts_again():
    w = MonteCarloWidget.mistake("M3")
    assert w.title == "M3 · " + EN["mistake.M3.title"]
    state, clock = copy.deepcopy(w.state), copy.deepcopy(w.clock)
    w.lang = "de"
    assert w.title == "M3 · " + DE["mistake.M3.title"]
    assert w.caption == fill(
        DE["teacher.mistake-caption"],
        summary=DE["mistake.M3.summary"],
        rule=DE["mistake.M3.rule"],
    )
    names = ("right", "columns", "rows", "rows-columns")  # the panels, in order
    assert [p["title"] for p in w.panels] == [DE[f"mistake.M3.{n}-title"] for n in names]
    # The captions name the pair the right order makes (issue 20): 5♠ and 5♥.
    fives = {"a": "5♠", "b": "5♥"}
    assert [p["caption"] for p in w.panels] == [
        fill(DE[f"mistake.M3.{n}-caption"], **fives) for n in names
    ]
    assert w.state == state and w.clock == clock
    w.lang = None
    assert w.title == "M3 · " + EN["mistake.M3.title"]
    assert [p["title"] for p in w.panels] == [EN[f"mistake.M3.{n}-title"] for n in names]
    assert w.state == state


def test_a_mistake_board_made_in_a_language_starts_in_it():
    w = MonteCarloWidget.mistake("M3", lang="de")
    assert w.lang == "de"
    assert w.title == "M3 · " + DE["mistake.M3.title"]
    assert w._messages["lang"] == "de"


def test_the_notebooks_language_says_a_mistake_board_again():
    w = MonteCarloWidget.mistake("M3")
    ask(w, {"type": "lang", "lang": "de"})
    assert w.title == "M3 · " + DE["mistake.M3.title"]


def test_a_title_the_user_wrote_is_never_translated():
    w = MonteCarloWidget.mistake("M3")
    w.title = "Watch the gaps"
    w.lang = "de"
    assert w.title == "Watch the gaps"
    assert w.caption.startswith(DE["mistake.M3.summary"])  # still Python's: said again
    plain = MonteCarloWidget(deal=7, title="Deal 7", caption="Find a pair")
    plain.lang = "fr"
    assert (plain.title, plain.caption) == ("Deal 7", "Find a pair")


def test_switching_lang_on_a_scenario_board_says_title_and_caption_again():
    w = MonteCarloWidget.scenario("three-sevens")
    state = copy.deepcopy(w.state)
    w.lang = "sv"
    assert w.title == SV["scenario.three-sevens.title"]
    # The English caption names 7♠, 7♥ and 7♦ as a, b and c.
    assert w.caption == fill(SV["scenario.three-sevens.caption"], a="7♠", b="7♥", c="7♦")
    assert w.state == state


def test_a_python_only_feedback_text_is_said_again_in_german():
    w = MonteCarloWidget(deal=7)
    with pytest.raises(LayoutError) as info:
        w.load("junk")
    assert w.feedback["key"] == "layout.row-count"
    assert w.feedback["params"]["has"] == {"count": 1, "of": "count.rows"}
    assert w.feedback["params"]["needs"] == {"count": 5, "of": "count.rows"}
    assert w.feedback["text"] == str(info.value)
    state = copy.deepcopy(w.state)
    w.lang = "de"
    has, needs = fill(DE["count.rows.one"], count="1"), fill(DE["count.rows.other"], count="5")
    assert w.feedback["text"] == fill(DE["layout.row-count"], has=has, needs=needs)
    assert w.feedback["key"] == "layout.row-count" and w.feedback["tone"] == "illegal"
    assert w.state == state
    w.lang = "en"
    assert (
        w.feedback["text"] == "The layout has 1 row; it needs 5 rows (rows are separated by '/')."
    )


def test_a_game_error_is_shown_in_the_boards_language_and_raised_in_english():
    w = MonteCarloWidget(deal=7, lang="de")
    with pytest.raises(ArgumentError) as info:
        w.game.remove_pair("0", 1)
    assert str(info.value) == "remove_pair: cell '0' must be a whole number from 0 to 24."
    assert w.feedback["key"] == "api.cell"
    assert w.feedback["params"] == {"function": "remove_pair", "value": "'0'", "last": 24}
    assert w.feedback["text"] == fill(
        DE["api.cell"], function="remove_pair", value="'0'", last="24"
    )
    # An illegal pair: the key and data; the front end words it (no text).
    with pytest.raises(IllegalMove):
        w.game.remove_pair(0, 1)  # J♥ and 10♠
    assert w.feedback["key"] == "illegal.different-rank"
    assert w.feedback["params"] == {"a": "J♥", "b": "10♠"}
    assert "text" not in w.feedback


def test_a_refused_state_says_its_problem_in_the_boards_language():
    w = MonteCarloWidget(deal=7, lang="de")
    bad = copy.deepcopy(w.state)
    bad["tableau"][0], bad["tableau"][1] = bad["tableau"][1], bad["tableau"][0]
    w.set_state({"state": bad})
    problem = {
        "key": "state.mismatch",
        "params": {"path": "state.tableau[0]", "got": "TS", "expected": "JH"},
    }
    assert w.feedback["params"] == {"path": "state.tableau[0]", "problem": problem}
    mismatch = fill(DE["state.mismatch"], path="state.tableau[0]", got="TS", expected="JH")
    assert w.feedback["text"] == fill(DE["error.state"], problem=mismatch)


def test_the_perfect_hint_and_the_review_are_said_again():
    w = MonteCarloWidget.from_layout(ONE_PAIR, lang="de")
    w.review()
    assert w.feedback["key"] == "review.never"
    assert w.feedback["text"] == DE["review.never"]
    w.lang = "fr"
    assert w.feedback["text"] == FR["review.never"]
    w.hint(perfect=True)
    assert w.feedback["key"] == "hint.perfect-lost"
    # It names the fair hint's move, 7♥ 7♠ (nothing touches after: French 0 is "one").
    fair = fill(
        FR["hint.remove"], first="7♥", second="7♠", future=fill(FR["count.pairs.one"], count="0")
    )
    assert w.feedback["text"] == fill(FR["hint.perfect-lost"], fair=fair)
    w.lang = None
    fair = fill(EN["hint.remove"], first="7♥", second="7♠", future="0 pairs")
    assert w.feedback["text"] == fill(EN["hint.perfect-lost"], fair=fair)


def test_a_review_with_nested_moves_is_said_again_with_the_boards_letters():
    w = MonteCarloWidget(deal=7)
    state = w.game.state
    # A made-up review: move 1 lost (J♥ and 10♠ are no pair, but words are words).
    # No moves made (moves_made 0), so the verdict is said alone.
    found = Review(
        first_losing_move=0,
        instead=Remove(0, 1),
        never_winnable=False,
        fair_differs=(),
        key="review.lost-at",
        params={
            "number": 1,
            "action": describe(state, Remove(5, 10)),
            "instead": describe(state, Remove(0, 1)),
        },
    )
    w.feedback = review_feedback(found)
    assert w.feedback["params"] == {
        "number": 1,
        "action": {"key": "review.action-remove", "params": {"a": "9♠", "b": "9♣"}},
        "instead": {"key": "review.action-remove", "params": {"a": "J♥", "b": "10♠"}},
    }
    w.lang = "de"
    action = fill(DE["review.action-remove"], a="9♠", b="9♣")
    instead = fill(DE["review.action-remove"], a="B♥", b="10♠")  # German jack: Bube
    assert w.feedback["text"] == fill(
        DE["review.lost-at"], number="1", action=action, instead=instead
    )


def test_a_feedback_without_text_is_left_to_the_front_end():
    w = MonteCarloWidget(deal=7)
    w.remove_pair(5, 10)
    before = copy.deepcopy(w.feedback)
    w.lang = "de"
    assert w.feedback == before


def test_one_message_to_the_views_for_a_switch(monkeypatch):
    w = MonteCarloWidget.mistake("M3")
    sent = []

    def record(key=None):
        sent.append({key} if isinstance(key, str) else set(key or ()))

    monkeypatch.setattr(w, "send_state", record)
    w.lang = "de"
    assert len(sent) == 1
    assert {"lang", "_messages", "title", "caption", "panels"} <= sent[0]
    assert "state" not in sent[0]


def test_the_text_form_speaks_the_boards_language():
    # de.json's text.board, text.deal and summary.line, filled in by hand.
    text = repr(MonteCarloWidget(deal=1, lang="de")).splitlines()
    assert text[0] == (
        "Monte-Carlo-Spielfeld, Spiel Nr. 1. Das interaktive Spielfeld braucht das "
        "Notebook mit laufendem Kernel; seine Stellung als Text:"
    )
    assert text[1] == "QH 6C JH JS 5C"  # layout notation, the same in every language
    assert text[-1] == "Vorrat 27 · beiseite 0 Paare · abgeräumt 0/52 · Runde 1 · Paare abräumen"
    assert repr(MonteCarloWidget(deal=1)).startswith("Monte Carlo board, deal 1.")


def test_a_key_a_language_lacks_is_sent_in_english(monkeypatch):
    # Python sends the merged catalogue (docs/i18n.md, section 2): a key a
    # language's file lacks (a catalogue behind en.json) is said in English.
    from mc_widget.engine import messages

    german = {key: text for key, text in DE.items() if key != "status.removed"}
    real = messages._load
    monkeypatch.setattr(messages, "_load", lambda lang: german if lang == "de" else real(lang))
    messages._front_end.cache_clear()
    try:
        sent = MonteCarloWidget(deal=7, lang="de")._messages["messages"]
        assert sent["status.removed"] == "Removed {a} and {b}."
        assert sent["letter.Q"] == "D"
    finally:
        messages._front_end.cache_clear()
