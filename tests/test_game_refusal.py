"""Game.on_refusal / off_refusal: who hears about a refused action.

The widget listens so that a refused ``w.game.remove_pair(0, 1)`` shows its
reason on the board (issue 5, item 6). Expected reasons come from
docs/architecture.md ("remove(i, j)") and the German worked example in
tests/cases/ (9H KH in cells 0 and 1: different ranks).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mc_widget import ArgumentError, Game, IllegalMove, LayoutError

CASE = json.loads((Path(__file__).parent / "cases" / "german-worked-example.json").read_text())


@pytest.fixture
def game():
    return Game.from_layout(CASE["layout"])


@pytest.fixture
def heard(game):
    calls = []
    game.on_refusal(lambda g, error: calls.append((g, error)))
    return calls


def test_a_refused_pair_is_reported_then_raised(game, heard):
    before = game.state
    with pytest.raises(IllegalMove) as raised:
        game.remove_pair(0, 1)
    assert len(heard) == 1
    reported_game, error = heard[0]
    assert reported_game is game
    assert error is raised.value
    assert error.reason == "different-rank"
    assert game.state is before


def test_other_refusals_are_reported_too(game, heard):
    with pytest.raises(IllegalMove):
        game.undo()  # nothing to undo yet
    with pytest.raises(LayoutError):
        game.load("9H KH")  # one row of two cards, not five rows
    game.remove_pair(2, 8)
    with pytest.raises(IllegalMove):
        game.refill_step()  # gaps and stock before consolidating: mistake M4
    keys = [getattr(error, "key", None) for _, error in heard]
    assert keys == ["nothing-to-undo", "layout.row-count", "refill-before-consolidation"]


def test_a_refused_walk_is_reported(game, heard):
    with pytest.raises(IllegalMove) as raised:
        game.walk_to(1)  # a full tableau: nothing to walk through
    assert heard == [(game, raised.value)]
    assert raised.value.reason == "no-walkthrough"


def test_a_step_loop_ending_with_none_is_not_a_refusal(game, heard):
    for i, j in CASE["remove"]:
        game.remove_pair(i, j)
    game.consolidate()
    game.refill()
    # The round is over and the tableau full: nothing left to move or deal.
    assert game.consolidate_step() is None
    assert game.refill_step() is None
    assert heard == []


def test_a_successful_action_is_not_reported(game, heard):
    game.remove_pair(2, 8)
    assert heard == []


def test_added_once_and_removed(game):
    calls = []

    def listener(g, error):
        calls.append(error)

    game.on_refusal(listener)
    game.on_refusal(listener)
    with pytest.raises(IllegalMove):
        game.remove_pair(0, 1)
    assert len(calls) == 1
    game.off_refusal(listener)
    game.off_refusal(listener)  # not added any more: nothing happens
    with pytest.raises(IllegalMove):
        game.remove_pair(0, 1)
    assert len(calls) == 1


def test_a_copy_does_not_take_the_listeners(game, heard):
    other = game.copy()
    with pytest.raises(IllegalMove):
        other.remove_pair(0, 1)
    assert heard == []


def test_a_cell_of_the_wrong_type_is_reported_then_raised(game, heard):
    # README: a refused w.game move shows its reason on the board, a bad
    # argument too (it is checked before the action, outside the engine).
    before = game.state
    with pytest.raises(ArgumentError) as raised:
        game.remove_pair("0", 1)
    assert heard == [(game, raised.value)]
    assert raised.value.key == "api.cell"
    assert raised.value.params == {"function": "remove_pair", "value": "'0'", "last": 24}
    assert game.state is before


def test_a_bad_deal_number_is_reported_then_raised(game, heard):
    from mc_widget import DealError

    before = game.state
    with pytest.raises(DealError) as raised:
        game.new_deal(-1)  # deal numbers are 0 … 2**32 - 1
    assert heard == [(game, raised.value)]
    assert game.state is before


def test_a_bad_query_argument_is_not_a_refusal(game, heard):
    # Asking is not a move: nothing to show on the board.
    with pytest.raises(ArgumentError):
        game.highlights("0")
    assert heard == []
