"""Whose selection is it (issue 17, items 3 and 5; docs/architecture.md, "Selections").

A learner's click selects in that learner's view alone (js/app/controller.js;
tests/js/view.test.js and tests/browser/test_two_pages.py check it there).
Python's pointing, ``w.select`` or ``w.selected = …`` from a cell, shows on
every view: it goes out as ``_pointer`` ``{"n", "cell"}``, ``n`` counting the
pointings. A move, whoever makes it, clears a selection only when the
selected card leaves its cell or moves.

Deal 7, worked out by hand (cells 0-24, row by row):

    JH TS QC 5H 7C
    9S AD 4H 2C 8D
    9C 4D AC 3S KC
    5C 3H QS JC TH
    JD KS KD 2S 8C
"""

from __future__ import annotations

import pytest

from mc_widget import MonteCarloWidget

VIEW = "viewAAAA1"


@pytest.fixture
def w():
    return MonteCarloWidget(deal=7)


def commit(w, seq, action=None, **traits):
    content = {
        "type": "commit",
        "client": VIEW,
        "seq": seq,
        "base": w._sync["revision"],
        "action": action,
        "traits": traits,
    }
    w._handle_custom_msg(content, [])


def test_a_new_board_points_at_nothing(w):
    assert w._pointer == {"n": 0, "cell": None}


def test_select_points_for_every_view_and_counts_each_pointing(w):
    w.select(12)  # A♣
    assert (w.selected, w._pointer) == (12, {"n": 1, "cell": 12})
    w.select(12)  # the same card again: pointed again, so a view that moved on takes it back
    assert w._pointer == {"n": 2, "cell": 12}
    w.select(None)
    assert (w.selected, w._pointer) == (None, {"n": 3, "cell": None})


def test_setting_selected_from_a_cell_points_too(w):
    w.selected = 6
    assert w._pointer == {"n": 1, "cell": 6}


def test_pointing_goes_out_in_one_message_with_the_selection(w, monkeypatch):
    sent = []
    monkeypatch.setattr(w, "send_state", lambda key=None: sent.append(set(key or ())))
    w.select(12)
    assert sent == [{"selected", "_pointer"}]  # the feedback was {} already


def test_a_views_selection_is_not_pythons_pointing(w):
    commit(w, 1, selected=5)  # a learner clicks 9♠
    assert w.selected == 5  # Python knows the last selection made …
    assert w._pointer == {"n": 0, "cell": None}  # … but points at nothing


def test_a_view_cannot_point(w):
    w.set_state({"_pointer": {"n": 9, "cell": 5}})
    assert w._pointer == {"n": 0, "cell": None}
    assert w.feedback["params"]["path"] == "_pointer"


@pytest.mark.parametrize(
    "move",
    [
        lambda w: w.remove_pair(6, 12),  # A♦ A♣
        lambda w: w.game.remove_pair(6, 12),
        lambda w: w.hint(),
        lambda w: commit(w, 1, {"type": "remove", "cells": [6, 12]}),  # a view's pair
    ],
    ids=["w.remove_pair", "w.game.remove_pair", "w.hint", "a view's pair"],
)
def test_a_move_that_leaves_the_selected_card_keeps_the_selection(w, move):
    # 9♠ (cell 5) selected; the move takes A♦ and A♣ (6 and 12), or nothing.
    w.select(5)
    move(w)
    assert w.selected == 5
    assert w._pointer == {"n": 1, "cell": 5}


def test_a_move_that_takes_the_selected_card_clears_it_and_the_pointer_but_not_its_count(w):
    w.select(5)  # 9♠
    w.remove_pair(5, 10)  # 9♠ 9♣
    assert w.selected is None
    assert w._pointer == {"n": 1, "cell": None}  # views drop it themselves: no new pointing


def test_a_card_that_moves_is_no_longer_selected(w):
    w.remove_pair(5, 10)  # gaps at 5 and 10
    w.select(6)  # A♦
    assert w.consolidate_step() == (6, 5)  # the first card after the first gap: A♦
    assert w.selected is None
    assert w._pointer == {"n": 1, "cell": None}


def test_pythons_undo_keeps_a_selection_whose_card_stays(w):
    w.remove_pair(6, 12)
    w.select(0)  # J♥
    w.undo()  # A♦ and A♣ come back; J♥ stays in cell 0
    assert w.selected == 0
    assert w._pointer == {"n": 1, "cell": 0}


def test_selecting_from_an_observer_points_too(w):
    # An observer runs inside the widget's change; what it sets is still
    # Python code pointing (review of issue 17: it was taken for the widget's own).
    def point(change):
        if w.selected != 0:
            w.selected = 0  # J♥

    w.observe(point, names="feedback")
    w.remove_pair(5, 10)
    assert w._pointer == {"n": 1, "cell": 0}
