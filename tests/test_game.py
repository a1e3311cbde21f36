"""The Game API of DESIGN.md ("Python API"): types, text output, listeners,
copies, set_state."""

import pytest

from mc_widget import ArgumentError, Card, Game, IllegalMove, LayoutError
from mc_widget.engine import Consolidate, Remove, Rules

ROUND = "7H .. 8C 8D 9C/9D .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. | KC KD"


def test_the_api_types():
    g = Game(deal=7)
    assert g.deal == 7
    assert g.rules == Rules.preset("standard")
    assert isinstance(g.grid, tuple)
    assert len(g.grid) == 25
    assert g.grid[0] == Card(11, "H")
    assert isinstance(g.stock, tuple)
    assert g.stock[0] == Card(2, "H")
    assert g.discards == ()
    assert (g.status, g.phase, g.round, g.consolidations, g.cursor) == (
        "playing",
        "remove",
        1,
        0,
        0,
    )
    assert (g.removed, g.total) == (0, 52)
    assert g.history == ()
    assert g.legal_pairs() == [(5, 10), (6, 12), (7, 11), (21, 22)]
    assert isinstance(g.neighbours(0), tuple)
    pair = g.remove_pair(5, 10)
    assert pair == (Card(9, "S"), Card(9, "C"))
    assert g.discards == (pair,)
    assert (g.removed, g.total) == (2, 52)
    assert g.history == (Remove(5, 10),)


def test_print_a_fresh_deal():
    assert str(Game(deal=7)) == "\n".join(
        [
            "JH TS QC 5H 7C",
            "9S AD 4H 2C 8D",
            "9C 4D AC 3S KC",
            "5C 3H QS JC TH",
            "JD KS KD 2S 8C",
            "stock 27 · discards 0 pairs · removed 0/52 · round 1 · remove pairs",
        ]
    )


def test_print_gaps_phases_and_counts():
    g = Game(deal=7)
    g.remove_pair(5, 10)
    assert str(g).splitlines()[1:3] == [".. AD 4H 2C 8D", ".. 4D AC 3S KC"]
    assert str(g).splitlines()[-1] == (
        "stock 27 · discards 1 pair · removed 2/52 · round 1 · remove pairs"
    )
    g.consolidate_step()
    assert str(g).splitlines()[-1].endswith("round 1 · consolidate")
    g.consolidate()
    assert str(g).splitlines()[-1] == "stock 27 · discards 1 pair · removed 2/52 · round 1 · refill"
    g.refill()
    assert str(g).splitlines()[-1] == (
        "stock 25 · discards 1 pair · removed 2/52 · round 2 · remove pairs"
    )


def test_print_won_and_blocked():
    won = Game.from_layout(
        "7H 7S .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. .."
    )
    won.remove_pair(0, 1)
    assert str(won) == "\n".join(
        [".. .. .. .. .."] * 5 + ["stock 0 · discards 1 pair · removed 2/2 · round 1 · won"]
    )
    lost = Game.from_layout(
        "AS 2S 3S .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. .."
    )
    assert (
        str(lost).splitlines()[-1] == "stock 0 · discards 0 pairs · removed 0/3 · round 1 · blocked"
    )


def test_repr_is_a_constructor():
    g = Game.from_layout(ROUND)
    assert repr(g) == f"Game.from_layout({ROUND!r})"
    assert eval(repr(g)).to_layout() == ROUND
    small = Game(deal=3, rules="small")
    assert repr(small).endswith(", rules='small')")
    assert eval(repr(small)).to_layout() == small.to_layout()


def test_listeners_follow_every_change():
    g = Game.from_layout(ROUND)
    seen = []

    def listener(game):
        seen.append(game.cursor)

    g.on_change(listener)
    g.on_change(listener)  # added once
    g.consolidate_step()
    g.apply({"type": "consolidate"})
    g.undo()
    g.redo()
    with pytest.raises(IllegalMove):
        g.remove_pair(0, 1)  # refused: no call
    assert seen == [1, 2, 1, 2]
    g.off_change(listener)
    g.off_change(listener)  # harmless
    g.refill()
    assert seen == [1, 2, 1, 2]


def test_listener_sees_new_deal_load_and_set_state():
    g = Game(deal=1)
    seen = []
    g.on_change(lambda game: seen.append(game.to_layout()))
    g.new_deal(2)
    g.load(ROUND)
    other = Game(deal=9)
    other.remove_pair(*other.legal_pairs()[0])
    g.set_state(other.to_state())
    g.set_state(other.state)  # the same state again is not a change
    assert seen == [Game(deal=2).to_layout(), ROUND, other.to_layout()]
    assert g.state == other.state


def test_copy_is_independent():
    g = Game.from_layout(ROUND)
    h = g.copy()
    h.consolidate()
    assert g.phase == "remove"
    assert h.phase == "refill"


def test_apply_returns_the_result():
    g = Game.from_layout(ROUND)
    assert g.apply(Consolidate()) == [(2, 1), (3, 2), (4, 3), (5, 4)]
    assert g.apply({"type": "refill_step"}) == 5
    assert g.apply({"type": "undo"}) == g.history[1]


def test_from_state_verifies():
    g = Game.from_layout(ROUND)
    g.consolidate()
    h = Game.from_state(g.to_state())
    assert h.state == g.state
    assert h.can_undo()
    assert not h.can_redo()


def test_bad_layout_and_refused_moves_change_nothing():
    g = Game(deal=7)
    before = g.state
    with pytest.raises(LayoutError):
        g.load("nonsense")
    with pytest.raises(IllegalMove):
        g.remove_pair(0, 1)
    with pytest.raises(IllegalMove):
        g.refill()
    with pytest.raises(IllegalMove):
        g.undo()
    assert g.state is before


def test_illegal_move_fields():
    g = Game(deal=7)
    with pytest.raises(IllegalMove) as info:
        g.remove_pair(0, 1)
    e = info.value
    assert isinstance(e, ValueError)
    assert (e.reason, e.key, e.cells, e.params) == (
        "different-rank",
        "different-rank",
        (0, 1),
        {"a": "J♥", "b": "10♠"},
    )
    assert e.to_json() == {
        "type": "IllegalMove",
        "reason": "different-rank",
        "key": "different-rank",
        "cells": [0, 1],
        "params": {"a": "J♥", "b": "10♠"},
        "message": "J♥ and 10♠ do not pair: only cards of the same rank pair (suits never matter).",
    }


SHORT_ROW = "9H KH 4C 5D 2H/8D 2D 8C 4H/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH"


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda g: g.load(SHORT_ROW), LayoutError, "Row 2 has 4 cells; it needs 5 cells"),
        (lambda g: g.load(SHORT_ROW.replace("8C 4H", "8C XQ 4H")), LayoutError, "'XQ'"),
        (lambda g: g.load(SHORT_ROW.replace("8C 4H", "8C 4H 4H")), LayoutError, "4H appears twice"),
        (lambda g: g.new_deal(-1), ValueError, "-1 is not a deal number"),
        (lambda g: g.new_deal(2**32), ValueError, "4294967296 is not a deal number"),
        (lambda g: g.new_deal(True), ValueError, "True is not a deal number"),
        (lambda g: g.new_deal(7.5), ValueError, "7.5 is not a deal number"),
        (lambda g: g.remove_pair(0, 25), IllegalMove, "There is no cell 25"),
        (
            lambda g: g.remove_pair(0, "1"),
            ValueError,
            "remove_pair: cell '1' must be a whole number from 0 to 24.",
        ),
        (
            lambda g: g.remove_pair("0", "1"),
            TypeError,
            "remove_pair: cell '0' must be a whole number from 0 to 24.",
        ),
        (lambda g: g.neighbours(2.0), TypeError, "neighbours: cell 2.0 must be a whole number"),
        (lambda g: g.partners(None), TypeError, "partners: cell None must be a whole number"),
        (lambda g: g.refill_step(), IllegalMove, "Consolidate first"),
        (lambda g: g.apply({"type": "remove", "cells": []}), ValueError, "action.cells must be"),
        (lambda g: g.apply({"type": "fly"}), ValueError, "action.type must be one of"),
        (lambda g: g.set_state({"rules": "standard"}), ValueError, "state.deal is missing"),
        (
            lambda g: g.set_state({**g.to_state(), "rules": "standard"}),
            ValueError,
            "state.rules must be an object",
        ),
        (lambda g: g.highlights(99), IllegalMove, "There is no cell 99"),
    ],
)
def test_bad_input_names_the_bad_part_and_changes_nothing(call, error, words):
    g = Game(deal=7)
    g.remove_pair(5, 10)
    before = g.to_state()
    seen = []
    g.on_change(seen.append)
    with pytest.raises(error) as info:
        call(g)
    assert words in str(info.value)
    assert g.to_state() == before
    assert seen == []


def test_a_cell_of_the_wrong_type_is_an_argument_error_in_api_words():
    # Not the JSON path of the action ("action.cells[0]"), which a Python
    # user never wrote: the method, the argument and the value as given.
    g = Game(deal=7)
    with pytest.raises(ArgumentError) as info:
        g.remove_pair("0", "1")
    error = info.value
    assert isinstance(error, TypeError) and isinstance(error, ValueError)
    assert (error.function, error.value, error.key) == ("remove_pair", "0", "api.cell")
    assert str(error) == "remove_pair: cell '0' must be a whole number from 0 to 24."
    small = Game(deal=7, rules="small")  # 4 rows of 5: cells 0 to 19
    with pytest.raises(ArgumentError, match=r"^highlights: cell True must be a whole number"):
        small.highlights(True)
    with pytest.raises(ArgumentError) as info:
        small.false_neighbours("3")
    assert str(info.value) == "false_neighbours: cell '3' must be a whole number from 0 to 19."


def test_a_game_copies_and_pickles_as_a_new_game_in_the_same_state():
    # Each Game holds a lock (one change at a time, issue 17); a copy or a
    # pickle is a new game with its own lock and no listeners.
    import copy
    import pickle

    g = Game(deal=7)
    g.remove_pair(5, 10)
    g.on_change(lambda game: None)
    for other in (copy.copy(g), copy.deepcopy(g), pickle.loads(pickle.dumps(g))):
        assert other.state == g.state
        assert other.lock is not g.lock
        assert other._listeners == []
        other.undo()
        assert g.cursor == 1
