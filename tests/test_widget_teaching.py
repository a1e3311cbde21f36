"""The widget's teaching API (docs/teaching.md, section 2): title, caption,
say, size, walk_to / walk_position, mistake, scenario, and the teaching
traits a view may send (or may not: panels).

Expected walkthrough numbers come from the German worked example in
tests/cases/ (after its three pairs: 17 card moves, the first 3 -> 2, then 6
stock cards from 10♠; 23 steps) and the sentences from docs/teaching.md.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
import traitlets

from mc_widget import ArgumentError, IllegalMove, MonteCarloWidget
from mc_widget.engine import format_message
from mc_widget.engine.params import params_from_json

CASE = json.loads((Path(__file__).parent / "cases" / "german-worked-example.json").read_text())


@pytest.fixture
def w():
    return MonteCarloWidget.from_layout(CASE["layout"])


@pytest.fixture
def removed(w):
    for i, j in CASE["remove"]:
        w.remove_pair(i, j)
    return w


def said(w):
    return format_message(w.feedback["key"], params_from_json(w.feedback["params"]))


# ---------------------------------------------------------------- title, caption, size, say


def test_title_and_caption_from_layout_and_the_constructor():
    w = MonteCarloWidget.from_layout(CASE["layout"], title="Lesson 1", caption="Find the pairs.")
    assert (w.title, w.caption) == ("Lesson 1", "Find the pairs.")
    w = MonteCarloWidget(deal=7, title="Deal 7")
    assert (w.title, w.caption) == ("Deal 7", "")
    w = MonteCarloWidget.from_layout(CASE["layout"], title=None, caption=None)
    assert (w.title, w.caption) == ("", "")


@pytest.mark.parametrize("name", ["title", "caption"])
@pytest.mark.parametrize("bad", [3, b"bytes", ["x"]])
def test_title_or_caption_that_is_not_text_is_a_type_error_naming_it(name, bad):
    with pytest.raises(TypeError, match=f"from_layout: {name} must be text"):
        MonteCarloWidget.from_layout(CASE["layout"], **{name: bad})
    with pytest.raises(TypeError, match=f"MonteCarloWidget: {name} must be text"):
        MonteCarloWidget(deal=7, **{name: bad})


@pytest.mark.parametrize("name", ["title", "caption"])
def test_a_title_or_caption_is_at_most_2000_characters(name):
    # A heading or a paragraph, not a document (board_values.MAX_TEXT).
    w = MonteCarloWidget(deal=7, **{name: "x" * 2000})
    assert len(getattr(w, name)) == 2000
    with pytest.raises(ValueError, match=f"^from_layout: {name} must be text of at most 2,000"):
        MonteCarloWidget.from_layout(CASE["layout"], **{name: "x" * 2001})
    with pytest.raises(traitlets.TraitError, match=f"^{name} must be .* not 5,000\\.$"):
        setattr(w, name, "y" * 5000)
    assert getattr(w, name) == "x" * 2000


def test_say_refuses_a_text_over_2000_characters(w):
    before = w.feedback
    with pytest.raises(ValueError, match=r"^say: text must be text of at most 2,000 characters"):
        w.say("z" * 2001)
    assert w.feedback == before


def test_say_sets_a_teacher_feedback(w):
    w.say("Look at the sevens.")
    assert w.feedback == {
        "key": "teacher.say",
        "params": {"text": "Look at the sevens."},
        "cells": [],
        "tone": "info",
    }
    assert said(w) == "Look at the sevens."


def test_say_keeps_html_as_plain_text(w):
    text = "<b>bold</b> & <script>alert(1)</script> {deal}"
    w.say(text)
    assert w.feedback["params"]["text"] == text
    assert said(w) == text


@pytest.mark.parametrize("bad", [None, 3, ["a"]])
def test_say_takes_text_only(w, bad):
    w.say("before")
    with pytest.raises(TypeError, match="say: text must be a str"):
        w.say(bad)
    assert said(w) == "before"


def test_size_names_the_allowed_values():
    w = MonteCarloWidget(deal=7, size="projector")
    assert w.size == "projector"
    with pytest.raises(traitlets.TraitError) as raised:
        w.size = "huge"
    for allowed in ("normal", "large", "projector"):
        assert allowed in str(raised.value)
    assert "'huge'" in str(raised.value)
    assert w.size == "projector"


@pytest.mark.parametrize("bad", [(2, 1), (-1, 0), (True, 1), (1, 2, 3), "12"])
def test_python_predictions_are_checked(w, bad):
    with pytest.raises(traitlets.TraitError, match="predictions"):
        w.predictions = bad
    assert w.predictions == (0, 0)


def test_predictions_from_a_list(w):
    w.predictions = [2, 3]
    assert w.predictions == (2, 3)


# ---------------------------------------------------------------- walkthrough


def test_no_timeline_on_a_full_tableau(w):
    assert w.walk_position == (0, 0)


def test_walk_position_after_removing_the_pairs(removed):
    assert removed.walk_position == (0, 23)


def test_walk_to_step_1_narrates_the_first_move(removed):
    removed.walk_to(1)
    assert removed.walk_position == (1, 23)
    assert str(removed.game.grid[2]) == "5D"
    assert removed.feedback == {
        "key": "walk.move",
        "params": {
            "card": "5♦",
            "from": {"key": "cell.place", "params": {"row": 1, "col": 4}},
            "to": {"key": "cell.place", "params": {"row": 1, "col": 3}},
            "step": 1,
            "n": 23,
            # Step 2 (the case file): 2♥ from cell 4 into cell 3, the "next" mark's card.
            "next": {
                "key": "walk.next-move",
                "params": {
                    "card": "2♥",
                    "to": {"key": "cell.place", "params": {"row": 1, "col": 4}},
                },
            },
        },
        "cells": [],
        "tone": "info",
    }
    assert said(removed) == (
        "Step 1 of 23: 5♦ moved from row 1, column 4 to row 1, column 3, "
        "the first gap in reading order. Next: 2♥ moves to row 1, column 4."
    )


def test_walk_to_the_start_the_first_deal_and_the_end(removed):
    removed.walk_to(0)
    assert said(removed) == (
        "Step 0 of 23: 17 cards will close up, then 6 stock cards will fill the gaps at the end."
        " Next: 5♦ moves to row 1, column 3."
    )
    removed.walk_to(17)  # the last move; next, the first deal fills cell 19
    assert said(removed).endswith(
        "the first gap in reading order. Next: the top stock card fills row 4, column 5."
    )
    removed.walk_to(18)  # the first deal: 10♠ into the first gap, row 4, column 5 (cell 19)
    assert removed.feedback["key"] == "walk.deal"
    assert said(removed) == (
        "Step 18 of 23: the top stock card, 10♠, filled row 4, column 5."
        " Next: the top stock card fills row 5, column 1."
    )
    removed.walk_to(23)  # the last deal: the sixth stock card, 3♥, into cell 24
    assert removed.feedback == {
        "key": "walk.end-deal",
        "params": {
            "card": "3♥",
            "place": {"key": "cell.place", "params": {"row": 5, "col": 5}},
            "step": 23,
            "n": 23,
        },
        "cells": [],
        "tone": "info",
    }
    assert said(removed) == (
        "Step 23 of 23: the top stock card, 3♥, filled row 5, column 5. The round is over."
    )
    assert removed.game.to_layout() == CASE["after_refill_layout"]


EMPTY_ROW = ".. .. .. .. .."


# The same objects and texts as stepNarration in js/present/narration.js
# (tests/js/walk-present.test.js).
def test_walk_narration_when_the_stock_is_empty():
    w = MonteCarloWidget.from_layout("/".join(["7H .. 7S 8C 8D"] + [EMPTY_ROW] * 4) + " |")
    w.walk_to(0)
    assert w.feedback == {
        "key": "walk.start-no-deals",
        "params": {
            "n": 3,
            "moves": {"count": 3, "of": "count.cards"},
            # 7S from cell 2 into the gap, cell 1 (row 1, column 2).
            "next": {
                "key": "walk.next-move",
                "params": {
                    "card": "7♠",
                    "to": {"key": "cell.place", "params": {"row": 1, "col": 2}},
                },
            },
        },
        "cells": [],
        "tone": "info",
    }
    assert said(w) == (
        "Step 0 of 3: 3 cards will close up; the stock is empty, so nothing is dealt."
        " Next: 7♠ moves to row 1, column 2."
    )
    w.walk_to(3)
    assert w.feedback["key"] == "walk.end-move"
    assert said(w) == (
        "Step 3 of 3: 8♦ moved from row 1, column 5 to row 1, column 4, "
        "the first gap in reading order. The round is over."
    )


def test_walk_narration_when_no_card_moves():
    rows = ["7H 7S 8C 8D 9C", "9D 9S KC KD QC"] + [EMPTY_ROW] * 3
    w = MonteCarloWidget.from_layout("/".join(rows) + " | 2C 3C")
    w.walk_to(0)
    assert w.feedback == {
        "key": "walk.start-no-moves",
        "params": {
            "n": 2,
            "deals": {"count": 2, "of": "count.stock-cards"},
            # The first gap is cell 10 (row 3, column 1); the stock card stays face down.
            "next": {
                "key": "walk.next-deal",
                "params": {"place": {"key": "cell.place", "params": {"row": 3, "col": 1}}},
            },
        },
        "cells": [],
        "tone": "info",
    }
    assert said(w) == (
        "Step 0 of 2: every card is in place already; 2 stock cards will fill the gaps at the end."
        " Next: the top stock card fills row 3, column 1."
    )
    w.walk_to(2)
    assert (
        said(w) == "Step 2 of 2: the top stock card, 3♣, filled row 3, column 2. The round is over."
    )


def test_walk_to_the_current_step_narrates_it_and_changes_nothing(removed, sent):
    removed.undo()  # the third pair waits for a redo; the walkthrough is at step 0
    removed.feedback = {}
    before = copy.deepcopy(removed.state)
    sent.clear()
    removed.walk_to(0)
    assert removed.state == before
    assert removed.feedback["key"] == "walk.start"
    assert sent == [{"feedback"}]  # only the words go to the view
    assert removed.game.can_redo()


def test_walking_back_is_undo(removed):
    removed.walk_to(5)
    removed.walk_to(4)
    assert removed.walk_position == (4, 23)
    removed.undo()
    assert removed.walk_position == (3, 23)


def test_walk_through_the_game_is_narrated_too(removed):
    removed.game.walk_to(1)
    assert removed.feedback["key"] == "walk.move"
    assert removed.feedback["params"]["step"] == 1


def test_walk_clears_the_selection_only_when_its_card_moves(removed):
    # Steps 1-3 move 5♦ (cell 3 → 2), 2♥ (4 → 3) and 8♦ (5 → 4); 9♥ in cell 0 stays.
    removed.select(0)
    removed.walk_to(3)
    assert removed.selected == 0  # issue 17, item 5
    removed.walk_to(0)
    removed.select(3)
    removed.walk_to(1)
    assert removed.selected is None  # 5♦ moved to cell 2


@pytest.mark.parametrize(
    ("k", "error", "key"),
    [
        (24, IllegalMove, "illegal.walk-out-of-range"),
        (-1, IllegalMove, "illegal.walk-out-of-range"),
        (1.0, ArgumentError, "api.walk-step"),
        ("3", ArgumentError, "api.walk-step"),
        (True, ArgumentError, "api.walk-step"),
    ],
)
def test_a_refused_walk_sets_feedback_raises_and_changes_nothing(removed, k, error, key):
    before = copy.deepcopy(removed.state)
    with pytest.raises(error) as info:
        removed.walk_to(k)
    assert removed.feedback["key"] == key
    # A key only Python makes (`api.`) comes with its text; the engine's own do not need it.
    assert removed.feedback.get("text") == (str(info.value) if error is ArgumentError else None)
    assert removed.state == before


def test_walk_to_with_no_timeline(w):
    with pytest.raises(IllegalMove) as raised:
        w.walk_to(0)
    assert raised.value.reason == "no-walkthrough"
    assert w.feedback["key"] == "illegal.no-walkthrough"
    assert w.feedback["tone"] == "illegal"


# ---------------------------------------------------------------- mistakes and scenarios


def test_mistake_board_has_title_caption_and_panels():
    from mc_widget.teaching import mistake

    m3 = mistake("M3")
    w = MonteCarloWidget.mistake("M3")
    assert w.title == f"M3 · {m3.title}"
    assert w.caption == f"{m3.summary} Rule: {m3.rule}"
    assert w.panels == [dict(p) for p in m3.panels]
    assert w.game.to_layout() == MonteCarloWidget.from_layout(m3.layout).game.to_layout()
    assert MonteCarloWidget.mistake("consolidation-order").title == w.title


def test_the_thirteens_mistake_board_plays_thirteens():
    # M10 (RULES.md): two kings never pair in Thirteens; each is removed alone.
    w = MonteCarloWidget.mistake("M10", lang="de")
    assert w.rules.name == "thirteens"
    assert w.title == "M10 · Zwei Könige als Paar"
    assert [p["verdict"] for p in w.panels] == ["wrong", "right"]
    assert w.game.legal_lone() == [0, 1] and w.game.legal_pairs() == [(2, 3)]
    w.game.remove_king(1)
    assert w.game.removed == 1


def test_an_unknown_mistake_lists_the_codes():
    with pytest.raises(KeyError, match="M1"):
        MonteCarloWidget.mistake("M99")


def test_scenario_board_has_title_and_caption():
    teaching = pytest.importorskip("mc_widget.teaching")
    found = teaching.scenarios()[0]
    w = MonteCarloWidget.scenario(found.name)
    assert (w.title, w.caption) == (found.title, found.caption)


def test_a_scenario_keeps_its_rules():
    from mc_widget.teaching import scenarios

    small = next(s for s in scenarios() if s.rules == "small")
    assert MonteCarloWidget.scenario(small.name).rules.name == "small"


# ---------------------------------------------------------------- what a view may send


def test_a_view_sets_its_own_teaching_traits_only(w, sent):
    # predict mode's score and the reading-order switch are the board's own;
    # size, predict and title are Python's (issue 17: a view may not retitle it).
    w.set_state({"predictions": [1, 2], "show_order": True})
    assert (w.predictions, w.show_order) == ((1, 2), True)
    assert not any(sent)
    assert w.feedback == {}
    w.set_state({"size": "large", "predict": True, "title": "T"})
    assert (w.size, w.predict, w.title) == ("normal", False, "")
    assert w.feedback["params"]["path"] == "size"


@pytest.mark.parametrize(
    ("key", "bad"),
    [
        ("size", "huge"),
        ("size", 3),
        ("title", 3),
        ("caption", None),
        ("predict", "yes"),
        ("predict", 1),
        ("show_order", None),
        ("predictions", [2, 1]),
        ("predictions", [1]),
        ("predictions", [-1, 0]),
        ("predictions", [True, 1]),
        ("predictions", "1/2"),
        ("predictions", None),
    ],
)
def test_a_malformed_teaching_value_from_a_view_is_refused(w, sent, key, bad):
    before = getattr(w, key)
    w.set_state({key: bad})
    assert getattr(w, key) == before
    assert {key} in sent  # Python's value goes back to the view
    assert w.feedback["tone"] == "error"
    assert w.feedback["params"]["path"] == key


def test_panels_are_read_only_from_a_view(monkeypatch):
    panel = {"title": "Right", "caption": "", "verdict": "right", "rows": 1, "cols": 1}
    w = MonteCarloWidget(deal=7, panels=[panel])
    sent = []
    monkeypatch.setattr(w, "send_state", lambda key=None: sent.append(set(key or ())))
    w.set_state({"panels": []})
    assert w.panels == [panel]
    assert {"panels"} in sent
    assert w.feedback["params"]["path"] == "panels"


def test_the_same_panels_from_a_view_change_nothing(w, sent):
    w.set_state({"panels": []})
    assert not any(sent)
    assert w.feedback == {}


def test_a_bad_teaching_value_keeps_the_good_parts_of_the_message(w, sent):
    w.set_state({"show_order": True, "predictions": [3, 1]})
    assert w.show_order is True
    assert w.predictions == (0, 0)


@pytest.mark.parametrize(("key", "bad"), [("tabbable", "no"), ("tooltip", 3)])
def test_any_other_trait_of_the_wrong_type_is_refused_not_raised(w, sent, key, bad):
    w.set_state({key: bad})
    assert w.feedback["tone"] == "error"
    assert w.feedback["params"]["path"] == key


def test_in_predict_mode_the_narration_does_not_name_the_next_step(removed):
    # The next step is the question there: no mark shows it, and no word may.
    removed.predict = True
    removed.walk_to(1)
    assert removed.feedback["params"]["next"] == {"key": "walk.next-predict", "params": {}}
    assert said(removed).endswith(
        "the first gap in reading order. Next: press Step forward and predict it."
    )
    assert "2♥" not in said(removed)
