"""The perfect hint from a winning line stored with the board (mc_widget/analysis/stored_line.py).

Hand-worked on deal 1 (RULES.md "Setup"; its tableau, from Game(deal=1)):

    QH 6C JH JS 5C        cells  0  1  2  3  4
    6D QC 3C 7S 4D               5  6  7  8  9
    TD TH 2C 9D QS              10 11 12 13 14
    4S JC 8D 9S 2H              15 16 17 18 19
    5S 2D 7C KD 5D              20 21 22 23 24

Its touching pairs: 0-6 (queens, diagonal), 1-5 (sixes, diagonal), 2-3
(jacks), 10-11 (tens), 13-18 (nines). The lines below are made by hand (the
hint follows whatever line it is given), not by the solver.
"""

from __future__ import annotations

import pytest

from mc_widget.analysis.stored_line import line_hint, stored_line
from mc_widget.engine import Consolidate, ConsolidateStep, Game, Refill, Remove

START = (
    "QH 6C JH JS 5C/6D QC 3C 7S 4D/TD TH 2C 9D QS/4S JC 8D 9S 2H/5S 2D 7C KD 5D | "
    "8S 9H 4H KS 2S JD QD KH 9C 3S 5H AC TS 3H 6S 8H 7H 4C 6H KC 3D AH 8C TC AD AS 7D"
)
EMPTY = ".. .. .. .. ../"
R = lambda i, j: {"type": "remove", "cells": [i, j]}  # noqa: E731
# Round 1: the jacks and the tens, then consolidate and refill; round 2: cells 0 and 1.
LINE = {
    "start": START,
    "moves": [R(10, 11), R(2, 3), {"type": "consolidate"}, {"type": "refill"}, R(0, 1)],
}


def deal1(*actions):
    game = Game(deal=1)
    for action in actions:
        game.apply(action)
    return game.state


def test_deal_1_starts_as_the_docstring_says():
    assert deal1().start == START


def test_the_lines_next_pair_comes_first():
    found = line_hint(deal1(), LINE)
    assert found.note is None
    assert found.hint.action == Remove(10, 11)
    assert found.hint.key == "hint.line"
    assert found.hint.params == {"first": "10♦", "second": "10♥"}
    assert found.hint.cells == (10, 11)
    assert found.hint.kind == "perfect"


def test_the_order_of_pairs_inside_a_round_does_not_matter():
    assert line_hint(deal1(Remove(2, 3)), LINE).hint.action == Remove(10, 11)
    assert line_hint(deal1(Remove(10, 11)), LINE).hint.action == Remove(2, 3)


def test_with_the_rounds_pairs_taken_it_says_consolidate_though_pairs_touch():
    found = line_hint(deal1(Remove(2, 3), Remove(10, 11)), LINE)
    assert found.note is None
    assert found.hint.action == Consolidate()
    assert found.hint.key == "hint.line-consolidate"


def test_a_consolidation_under_way_step_by_step_is_on_the_line():
    state = deal1(Remove(2, 3), Remove(10, 11), ConsolidateStep())
    found = line_hint(state, LINE)
    assert found.note is None
    assert found.hint.key == "hint.finish-consolidation"


def test_a_pair_the_line_does_not_take_leaves_it():
    found = line_hint(deal1(Remove(0, 6)), LINE)
    assert found.note == ("hint.line-left", {"round": 1})
    assert found.hint.kind == "fair"


def test_a_round_with_a_pair_kept_is_found_in_the_next_round():
    state = deal1(Remove(2, 3), Consolidate(), Refill())
    assert state.phase == "remove" and state.round == 2
    assert line_hint(state, LINE).note == ("hint.line-left", {"round": 1})


def test_round_2_follows_on():
    state = deal1(Remove(10, 11), Remove(2, 3), Consolidate(), Refill())
    # After consolidating, QH and 6C stay in cells 0 and 1 (no gap before them).
    assert line_hint(state, LINE).hint.action == Remove(0, 1)


def test_another_deal_or_no_line_gives_the_fair_hint_with_a_note():
    assert line_hint(Game(deal=2).state, LINE).note == ("hint.line-none", {})
    assert line_hint(deal1(), None).note == ("hint.line-none", {})
    lost = {"start": START, "moves": None}
    assert line_hint(deal1(), lost).note == ("hint.line-lost", {})


def test_a_finished_game_has_no_hint():
    game = Game.from_layout("7H 7S .. .. ../" + (EMPTY * 4)[:-1] + " |")
    game.remove_pair(0, 1)
    assert game.status == "won"
    assert line_hint(game.state, {"start": game.state.start, "moves": []}) is None


def test_the_stored_line_wins_from_the_start():
    game = Game(deal=1)
    line = stored_line(game.state)
    assert line["start"] == START
    for move in line["moves"]:
        game.apply(move)
    assert game.status == "won"


def test_a_line_stored_mid_game_keeps_the_moves_played():
    state = deal1(Remove(2, 3))
    line = stored_line(state)
    assert line["moves"][0] == R(2, 3)


def test_a_deal_that_cannot_be_won_stores_no_moves():
    # 7H 8S 7S 8H in row 1: each pair two cells apart, no gap to close, no stock.
    game = Game.from_layout("7H 8S 7S 8H ../" + (EMPTY * 4)[:-1] + " |")
    assert stored_line(game.state) == {"start": game.state.start, "moves": None}


def test_no_fair_hint_in_a_game_being_played_is_an_explicit_error(monkeypatch):
    # A raise, not an assert (which `python -O` would drop).
    from mc_widget.analysis import stored_line as module

    monkeypatch.setattr(module, "_fair_hint", lambda state: None)
    with pytest.raises(RuntimeError, match="line_hint: no fair hint in a game being played"):
        line_hint(deal1(), LINE)


def test_a_lone_king_on_the_line_is_hinted_alone():
    # Thirteens: the line consolidates, refills, takes 9♦ 4♣ and 7♠ 6♦, then
    # K♦ alone (tests/test_review.py, KING_SPACER, worked by hand).
    start = "9D 7S .. 6D KD/.. .. TH .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. | 4C 3S"
    game = Game.from_layout(start, rules="thirteens")
    line = stored_line(game.state)
    assert {"type": "remove", "cells": [3]} in line["moves"]
    for action in (Consolidate(), Refill(), Remove(0, 5), Remove(1, 2)):
        game.apply(action)
    found = line_hint(game.state, line)
    assert found.note is None
    assert found.hint.action == Remove(3)
    assert found.hint.key == "hint.line-lone"
    assert found.hint.params == {"card": "K♦"}
    assert found.hint.cells == (3,)
    assert found.hint.reason == "Remove K♦ alone: the winning line stored with this board does."
