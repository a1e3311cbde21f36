"""The board's analysis features from Python (docs/analysis.md, section 6):
``w.hint()``, ``w.review()``, the ``hints``, ``show_winnable`` and
``winnable`` traits, and the custom messages a view sends for them.

Expected values are worked by hand from RULES.md:

* ``ONE_PAIR``: the only pair is 7♥ and 7♠ in cells 0 and 1 (side by side); the
  eight other cards have eight different ranks, there is no stock, and with a
  full first row no card has a gap before it, so consolidating cannot start.
  The fair hint can only be that pair, and afterwards nothing touches.
* ``LOST``: 7♥ 8♣ 7♠ 8♦ in cells 0 to 3 and nothing else: the 7s are a cell
  apart in a row, so not neighbours, nor are the 8s; no stock, and no card
  has a gap before it: blocked from the start (RULES.md, "End of the
  game"), so never winnable.
* ``LOST`` is also where the review says the deal was never winnable.
"""

from __future__ import annotations

import pytest
import traitlets

from mc_widget import MonteCarloWidget
from mc_widget.engine.state import Remove

ONE_PAIR = "7H 7S 2C 3D 4C/5D 6S 8C 9H TD/.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. |"
EMPTY_ROWS = "/.. .. .. .. ../.. .. .. .. ../.. .. .. .. .."
LOST = "7H 8C 7S 8D .." + "/.. .. .. .. .." + EMPTY_ROWS + " |"


@pytest.fixture
def sent(monkeypatch):
    """Install a recorder of what Python sends back to the views, per widget."""

    def install(w):
        calls = []
        monkeypatch.setattr(w, "send_state", lambda key=None: calls.append(set(key or ())))
        return calls

    return install


def test_hint_shows_the_fair_hint_on_the_board():
    w = MonteCarloWidget.from_layout(ONE_PAIR)
    w.select(5)
    found = w.hint()
    assert found.action == Remove(0, 1)
    assert found.kind == "fair"
    assert w.selected == 5  # a hint moves nothing: the selection stays (issue 17, item 5)
    assert w.feedback["key"] == "hint.remove"
    assert w.feedback["cells"] == [0, 1]
    assert w.feedback["tone"] == "info"
    assert found.reason.startswith("Remove 7♥ and 7♠")
    # Made in the browser too: the fair hint's text is not sent finished.
    assert "text" not in w.feedback


def test_hint_when_the_game_is_over_says_so():
    w = MonteCarloWidget.from_layout(LOST)
    assert w.game.status == "lost"
    assert w.hint() is None
    assert w.feedback["key"] == "hint.none"
    assert w.feedback["cells"] == []


@pytest.mark.parametrize("bad", ["no", "yes", 1, 0.0])
def test_hint_refuses_a_perfect_that_is_not_a_bool_and_changes_nothing(bad):
    # The same error as Game.hint (a ValueError and a TypeError), not a bare TypeError.
    from mc_widget import ArgumentError

    w = MonteCarloWidget.from_layout(ONE_PAIR)
    before = w.get_state()
    with pytest.raises(ArgumentError, match="perfect must be True or False") as caught:
        w.hint(perfect=bad)
    assert caught.value.key == "api.perfect"
    assert caught.value.params == {"function": "hint", "value": repr(bad)}
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, TypeError)
    assert w.feedback == {}
    assert w.get_state() == before


def test_hints_trait_takes_fair_or_perfect_only():
    w = MonteCarloWidget.from_layout(ONE_PAIR)
    assert w.hints == "fair"
    w.hints = "perfect"
    with pytest.raises(traitlets.TraitError):
        w.hints = "clever"
    assert w.hints == "perfect"


@pytest.mark.parametrize(
    ("key", "bad"), [("hints", "clever"), ("hints", None), ("show_winnable", "yes")]
)
def test_a_bad_analysis_value_from_a_view_is_refused(sent, key, bad):
    w = MonteCarloWidget.from_layout(ONE_PAIR)
    calls = sent(w)
    before = getattr(w, key)
    w.set_state({key: bad})
    assert getattr(w, key) == before
    assert {key} in calls
    assert w.feedback["tone"] == "error"
    assert w.feedback["params"]["path"] == key


def test_winnable_is_pythons_alone(sent):
    w = MonteCarloWidget.from_layout(ONE_PAIR)
    calls = sent(w)
    w.set_state({"winnable": True})
    assert w.winnable is None
    assert {"winnable"} in calls
    assert w.feedback["params"]["path"] == "winnable"


def test_an_unknown_custom_message_is_named_and_changes_nothing():
    w = MonteCarloWidget.from_layout(ONE_PAIR)
    state = w.state
    w._handle_custom_msg({"type": "solve-everything"}, [])
    assert w.state == state
    assert w.feedback["tone"] == "error"
    assert w.feedback["params"]["path"] == "message"
    assert "solve-everything" in w.feedback["params"]["problem"]
    w._handle_custom_msg("review", [])
    assert w.feedback["params"]["path"] == "message"


def test_a_hint_message_from_a_view_gives_the_hint_of_the_hints_trait():
    w = MonteCarloWidget.from_layout(ONE_PAIR)
    w._handle_custom_msg({"type": "hint"}, [])
    assert w.feedback["key"] == "hint.remove"
    assert w.feedback["cells"] == [0, 1]


@pytest.mark.parametrize("bad", ["no", "false", 1, None])
def test_game_hint_refuses_a_perfect_that_is_not_a_bool(bad):
    from mc_widget import ArgumentError

    w = MonteCarloWidget.from_layout(ONE_PAIR)
    before = w.game.to_state()
    with pytest.raises(ArgumentError, match="perfect must be True or False"):
        w.game.hint(perfect=bad)
    assert w.game.to_state() == before


def test_an_exported_board_carries_the_winnable_of_its_position_and_a_line():
    # The page says Python's answer for the position written, and after a move
    # only what the stored line or the game's end proves (docs/export.md, 4).
    from mc_widget.export import board_model

    w = MonteCarloWidget.from_layout(ONE_PAIR, show_winnable=True)
    # The eight cards besides 7♥ 7♠ have eight different ranks: they never pair.
    assert w.winnable is False
    model = board_model(w)
    assert model["show_winnable"] is True
    assert model["winnable"] is False
    assert model["solution"] == {"start": ONE_PAIR, "moves": None}


def test_a_feedback_note_from_a_view_must_be_a_key_and_params():
    # docs/architecture.md, feedback: the stored-line hint's note (docs/analysis.md, 3).
    w = MonteCarloWidget(deal=1)
    good = {"key": "hint.remove", "params": {}, "cells": [], "tone": "info"}
    note = {"key": "hint.line-none", "params": {}}
    w.set_state({"feedback": {**good, "note": note}})
    assert w.feedback["note"] == note
    before = w.get_state()
    w.set_state({"feedback": {**good, "note": "why"}})
    assert w.feedback["params"]["path"] == "feedback.note"
    assert w.state == before["state"]


#: tests/test_solver.py's KEEP_THE_PAIR: removing the fives first loses (tests/test_review.py).
KEEP_THE_PAIR = "5H 5S 7H 8H ../.. .. .. .. ../8S 9H 7S 9S ../.. .. .. .. ../.. .. .. .. .. |"


def test_the_review_feedback_lists_where_the_fair_hint_differed():
    w = MonteCarloWidget.from_layout(KEEP_THE_PAIR)
    w.remove_pair(0, 1)  # move 1: the fives, which lose; the fair hint keeps them
    w.consolidate()  # move 2
    w.remove_pair(1, 2)  # move 3: the eights
    w.consolidate()  # move 4: 7 9 7 9, blocked
    found = w.review()
    assert found.fair_differs == (0,) and found.fair_moves == (1,)
    assert w.game.cursor == 0  # walked back to before move 1
    assert w.feedback["key"] == "review.and-fair"
    assert w.feedback["text"] == found.reason
    assert w.feedback["text"].startswith("Move 1, removing 5♥ and 5♠, lost the deal")
    assert w.feedback["text"].endswith("The fair hint would have chosen differently at move 1.")
    assert w.feedback["params"]["fair"] == {"key": "review.fair-one", "params": {"moves": 1}}
    w.lang = "de"  # said again from its data, in German
    assert w.feedback["text"] == found.message("de")
    assert w.feedback["text"].endswith("Der faire Tipp hätte bei Zug 1 anders gewählt.")


def test_the_review_of_a_won_board_says_it_was_won():
    w = MonteCarloWidget.from_layout(
        ONE_PAIR.replace("2C 3D 4C/5D 6S 8C 9H TD", ".. .. ../.. .. .. .. ..")
    )
    w.remove_pair(0, 1)
    assert w.game.status == "won"
    w.review()
    assert w.game.cursor == 1  # nothing to walk back
    assert w.feedback["text"] == (
        "You won: every card has been cleared."
        " The fair hint would have chosen every move as you did."
    )


def test_the_review_of_a_finished_game_leaves_its_clock_stopped():
    # Issue 20: a review is a look back; walking back must not run the clock again.
    # KEEP_THE_PAIR played as above is blocked after move 4 (tests/test_review.py).
    t0 = 1_700_000_000_000.0
    now = [t0]
    w = MonteCarloWidget.from_layout(KEEP_THE_PAIR, now=lambda: now[0])
    w.set_state({"clock": {"start": t0, "stop": None}})  # the learner's first move at t0
    w.remove_pair(0, 1)
    w.consolidate()
    w.remove_pair(1, 2)
    now[0] = t0 + 61_000
    w.consolidate()  # blocked: the clock stops at 1:01
    assert w.game.status == "lost"
    assert w.clock == {"start": t0, "stop": t0 + 61_000}
    now[0] = t0 + 90_000
    w.review()
    assert w.game.cursor == 0  # walked back to before move 1 ...
    assert w.clock == {"start": t0, "stop": t0 + 61_000}  # ... and the clock still stopped
    w.redo()  # a move from the walked-back position is play again: the clock runs
    assert w.clock["stop"] is None
    assert w.clock["start"] == t0


def test_the_review_of_a_game_in_play_leaves_its_clock_running():
    t0 = 1_700_000_000_000.0
    w = MonteCarloWidget.from_layout(KEEP_THE_PAIR, now=lambda: t0 + 5_000)
    w.set_state({"clock": {"start": t0, "stop": None}})
    w.remove_pair(0, 1)  # the fives: the deal is lost, the game goes on
    w.review()
    assert w.game.cursor == 0
    assert w.clock == {"start": t0, "stop": None}
