"""Python and the board agree at every moment (issue 5, item 6).

Whichever way the board changes (``w.game``, a widget method, a view's
message), the status line, the selection and the observers agree with the
game. Front-end messages are simulated with ``w.set_state({...})``, as
ipywidgets applies them; expected sentences come from the catalogue text
and the German worked example (tests/cases/).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from mc_widget import ArgumentError, Game, IllegalMove, MonteCarloWidget
from mc_widget.engine import format_message
from mc_widget.engine.params import params_from_json

CASE = json.loads((Path(__file__).parent / "cases" / "german-worked-example.json").read_text())


@pytest.fixture
def w():
    return MonteCarloWidget.from_layout(CASE["layout"])


def said(w):
    return format_message(w.feedback["key"], params_from_json(w.feedback["params"]))


def front_remove_2_8(state):
    """What the JS front end sends after the learner removes 4♣ and 4♥ (cells 2 and 8)."""
    new = copy.deepcopy(state)
    new["tableau"][2] = None
    new["tableau"][8] = None
    new["discards"] = [["4C", "4H"]]
    new["history"] = [{"type": "remove", "cells": [2, 8]}]
    new["cursor"] = 1
    return new


# ---------------------------------------------------------------- w.game narrates


def test_a_pair_removed_through_the_game_is_narrated(w):
    w.load(CASE["layout"])
    assert said(w) == "A new layout is loaded."
    w.game.remove_pair(2, 8)
    assert w.feedback == {
        "key": "status.removed",
        "params": {"a": "4♣", "b": "4♥"},
        "cells": [],
        "tone": "info",
    }
    assert said(w) == "Removed 4♣ and 4♥."


def test_every_kind_of_game_change_is_narrated_like_the_widget_methods(w):
    w.game.remove_pair(22, 18)
    assert said(w) == "Removed J♠ and J♦."
    w.game.undo()
    assert said(w) == "Undone: removing J♠ and J♦."
    w.game.redo()
    assert said(w) == "Redone: removing J♠ and J♦."
    w.game.remove_pair(2, 8)
    w.game.remove_pair(6, 11)
    w.game.consolidate_step()  # 5♦: row 1, column 4 -> column 3 (case step 1: 3 -> 2)
    assert said(w) == "5♦ moved from row 1, column 4 to row 1, column 3."
    w.game.consolidate()
    assert said(w) == "Consolidated: 16 cards moved."
    w.game.refill_step()
    assert said(w) == "10♠ dealt from the stock into row 4, column 5."
    w.game.refill()
    assert said(w) == "Refilled: 5 cards dealt from the stock."
    w.game.new_deal(7)
    assert said(w) == "Deal 7: a new game."
    w.game.load(CASE["layout"])
    assert said(w) == "A new layout is loaded."


def test_a_game_change_gives_the_same_feedback_as_the_widget_method():
    by_game = MonteCarloWidget.from_layout(CASE["layout"])
    by_widget = MonteCarloWidget.from_layout(CASE["layout"])
    for i, j in CASE["remove"]:
        by_game.game.remove_pair(i, j)
        by_widget.remove_pair(i, j)
        assert by_game.feedback == by_widget.feedback
    for name in ("consolidate_step", "undo", "redo", "consolidate", "refill_step", "refill"):
        getattr(by_game.game, name)()
        getattr(by_widget, name)()
        assert by_game.feedback == by_widget.feedback, name


def test_a_python_assignment_of_state_is_narrated(w):
    w.state = front_remove_2_8(w.state)
    assert said(w) == "Removed 4♣ and 4♥."


def test_a_view_state_without_feedback_is_narrated_in_python(w):
    w.set_state({"state": front_remove_2_8(w.state)})
    assert said(w) == "Removed 4♣ and 4♥."


def test_a_view_feedback_sent_with_its_state_is_kept(w):
    theirs = {
        "key": "status.removed",
        "params": {"a": "4♣", "b": "4♥"},
        "cells": [],
        "tone": "info",
    }
    w.set_state({"state": front_remove_2_8(w.state), "feedback": theirs})
    assert w.feedback == theirs


def test_a_selection_whose_card_is_gone_is_cleared(w):
    w.select(2)  # 4♣
    w.game.remove_pair(2, 8)
    assert w.selected is None


def test_a_selection_whose_card_moved_away_is_cleared(w):
    for i, j in CASE["remove"]:
        w.game.remove_pair(i, j)
    w.select(3)  # 5♦, which consolidating moves to cell 2 (case: step 3 -> 2)
    w.game.consolidate()
    assert str(w.game.grid[3]) == "2H"  # 2♥ has come into cell 3 (case: 4 -> 3) ...
    assert w.selected is None  # ... but the selected card was 5♦


def test_a_selection_that_stays_is_kept(w):
    w.select(0)  # 9♥, untouched by removing 4♣ and 4♥
    w.game.remove_pair(2, 8)
    assert w.selected == 0


# ---------------------------------------------------------------- refusals through w.game


def test_a_refused_game_action_is_shown_on_the_board(w):
    before = copy.deepcopy(w.state)
    with pytest.raises(IllegalMove) as raised:
        w.game.remove_pair(0, 1)  # 9♥ and K♥: different ranks
    assert raised.value.reason == "different-rank"
    assert w.feedback["tone"] == "illegal"
    assert w.feedback["key"] == "illegal.different-rank"
    assert w.feedback["cells"] == [0, 1]
    assert w.feedback["params"] == {"a": "9♥", "b": "K♥"}
    assert w.state == before


def test_a_game_call_with_a_bad_cell_is_shown_on_the_board(w):
    before = copy.deepcopy(w.state)
    with pytest.raises(ArgumentError):
        w.game.remove_pair("0", 1)  # a str, not a whole number
    assert w.feedback["tone"] == "illegal"
    assert w.feedback["key"] == "api.cell"
    assert w.feedback["params"] == {"function": "remove_pair", "value": "'0'", "last": 24}
    assert said(w) == "remove_pair: cell '0' must be a whole number from 0 to 24."
    assert w.feedback["text"] == said(w)  # for the board, whose catalogue lacks `api.`
    assert w.state == before


def test_a_refused_game_action_is_one_feedback_message(w, sent):
    with pytest.raises(IllegalMove):
        w.game.undo()
    assert sent == [{"feedback"}]
    assert w.feedback["key"] == "illegal.nothing-to-undo"


# ---------------------------------------------------------------- observers see it all new


def test_an_observer_of_state_sees_the_game_already_moved_after_a_view_move(w):
    seen = []

    def observer(change):
        seen.append(
            (change["new"]["cursor"], w.game.cursor, w.game.grid[2], w.state == w.game.to_state())
        )

    w.observe(observer, names="state")
    w.set_state({"state": front_remove_2_8(w.state), "selected": None, "feedback": {}})
    assert seen == [(1, 1, None, True)]


def test_an_observer_of_state_sees_the_game_and_feedback_after_a_python_move(w):
    seen = []
    w.observe(lambda change: seen.append((w.game.cursor, w.feedback.get("key"))), names="state")
    w.game.remove_pair(2, 8)
    w.remove_pair(6, 11)
    assert seen == [(1, "status.removed"), (2, "status.removed")]


def test_a_game_listener_sees_the_traits_already_new_after_a_view_move(w):
    seen = []
    w.game.on_change(lambda game: seen.append(w.state["cursor"]))
    w.set_state({"state": front_remove_2_8(w.state)})
    assert seen == [1]


def test_the_view_values_are_not_sent_back_to_it(w, sent):
    w.set_state(
        {"state": front_remove_2_8(w.state), "selected": None, "feedback": {}, "clock": None}
    )
    assert not any("state" in message for message in sent)


def test_a_view_move_without_clock_or_feedback_gets_both_from_python_in_one_message(w, sent):
    w.set_state({"state": front_remove_2_8(w.state)})
    # And its revision (`_sync`, issue 9), in the same message.
    assert sent == [{"clock", "feedback", "_sync"}]


def test_a_state_python_writes_differently_is_sent_back(w, sent):
    # The front end may list a pair's cells descending; Python stores them ascending.
    new = front_remove_2_8(w.state)
    new["history"] = [{"type": "remove", "cells": [8, 2]}]
    w.set_state({"state": new, "feedback": {}})
    assert w.state["history"] == [{"type": "remove", "cells": [2, 8]}]
    assert w.state == w.game.to_state()
    assert any("state" in message for message in sent)


def test_a_refused_view_state_still_changes_nothing(w, sent):
    before = copy.deepcopy(w.state)
    bad = front_remove_2_8(w.state)
    bad["tableau"][3] = None  # 5♦ vanished
    w.set_state({"state": bad})
    assert w.state == before == w.game.to_state()
    assert w.feedback["tone"] == "error"
    assert {"state"} in sent


def test_a_step_with_nothing_left_changes_nothing(w, sent):
    w.remove_pair(2, 8)
    w.consolidate()
    w.refill()
    feedback = w.feedback
    sent.clear()
    assert w.consolidate_step() is None  # the round is over: nothing to move
    assert w.feedback == feedback
    assert not any(sent)  # hold_sync may call send_state with no names: nothing goes out


def test_game_copy_is_independent_of_the_board(w):
    other = Game.from_state(w.state)
    other.remove_pair(2, 8)
    assert w.feedback == {}
