"""Undo and redo of every action, including single steps (architecture.md
"undo, redo, new_deal, load")."""

import pytest

from mc_widget.engine import Game, IllegalMove, Remove, apply, new_state

ROUND = "7H .. 8C 8D 9C/9D .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. | KC KD"


def position(game):
    """Everything but the history and cursor."""
    data = game.to_state()
    del data["history"], data["cursor"]
    return data


def check_undo_redo(game, call):
    before = game.to_state()
    result = call()
    after = game.to_state()
    undone = game.undo()
    assert position(game) == {k: v for k, v in before.items() if k not in ("history", "cursor")}
    assert game.cursor == before["cursor"]
    assert game.to_state()["history"] == after["history"]  # the history stays for redo
    assert game.can_redo()
    assert undone.to_json() == after["history"][-1]
    redone = game.redo()
    assert redone == undone
    assert game.to_state() == after
    return result


def test_undo_redo_each_action_type():
    g = Game.from_layout(ROUND)
    check_undo_redo(g, lambda: g.remove_pair(2, 3))
    g = Game.from_layout(ROUND)
    assert check_undo_redo(g, g.consolidate_step) == (2, 1)
    assert check_undo_redo(g, g.consolidate_step) == (3, 2)
    assert check_undo_redo(g, g.consolidate) == [(4, 3), (5, 4)]
    assert check_undo_redo(g, g.refill_step) == 5
    assert check_undo_redo(g, g.refill) == [6]
    assert g.round == 2
    assert g.cursor == 5


def test_undo_a_whole_round_back_to_the_start():
    g = Game.from_layout(ROUND)
    start = g.to_state()
    g.consolidate()
    g.refill()
    g.remove_pair(1, 2)
    assert g.cursor == 3
    for _ in range(3):
        g.undo()
    assert position(g) == {k: v for k, v in start.items() if k not in ("history", "cursor")}
    assert (g.cursor, len(g.history)) == (0, 3)
    assert not g.can_undo()
    with pytest.raises(IllegalMove) as info:
        g.undo()
    assert (info.value.reason, str(info.value)) == ("nothing-to-undo", "There is nothing to undo.")
    for _ in range(3):
        g.redo()
    assert (
        g.to_layout()
        == "7H .. .. 9C 9D/KC KD .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. |"
    )
    with pytest.raises(IllegalMove) as info:
        g.redo()
    assert (info.value.reason, str(info.value)) == ("nothing-to-redo", "There is nothing to redo.")


def test_a_new_action_after_undo_drops_the_redo_tail():
    g = Game.from_layout(ROUND)
    g.consolidate_step()
    g.consolidate_step()
    g.undo()
    g.undo()
    assert len(g.history) == 2
    g.remove_pair(2, 3)
    assert [a.to_json() for a in g.history] == [{"type": "remove", "cells": [2, 3]}]
    assert g.cursor == 1
    assert not g.can_redo()


def test_undo_and_redo_work_when_the_game_is_over():
    g = Game.from_layout(
        "7H 7S .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. .."
    )
    g.remove_pair(0, 1)
    assert g.status == "won"
    g.undo()
    assert g.status == "playing"
    g.redo()
    assert g.status == "won"


def test_new_deal_and_load_start_a_fresh_game_that_can_be_undone():
    g = Game(deal=7)
    g.remove_pair(5, 10)
    g.new_deal(8)
    assert (g.deal, g.cursor, g.history, g.round, g.consolidations, g.phase) == (
        8,
        0,
        (),
        1,
        0,
        "remove",
    )
    assert g.can_undo()  # back to deal 7 with 9♠ and 9♣ removed
    g.load(ROUND)
    assert g.deal is None
    assert g.to_layout() == ROUND
    g.undo()
    g.undo()
    assert (g.deal, g.cursor, g.grid[5], g.grid[10]) == (7, 1, None, None)


def test_apply_is_pure():
    state = new_state("standard", deal=7)
    frozen = state.to_json()
    after = apply(state, {"type": "remove", "cells": [10, 5]})
    assert state.to_json() == frozen
    assert after.history == (Remove(5, 10),)
    back = apply(after, {"type": "undo"})
    assert back.to_json() == {**frozen, "history": [{"type": "remove", "cells": [5, 10]}]}
    assert apply(back, {"type": "redo"}) == after


def test_undo_all_the_way_back_gives_each_earlier_position_in_turn():
    # Undo takes the position it kept from the move it undoes (docs/performance.md,
    # "Verifying a move"); every one must be the position that move was made from,
    # and after a redo and an undo again too (the kept position comes along).
    game = Game(7)
    seen = [position(game)]
    while game.status == "playing" and len(seen) < 60:
        pairs = game.legal_pairs()
        if pairs:
            game.remove_pair(*pairs[0])
        else:
            try:
                moved = game.consolidate_step()
            except IllegalMove:
                moved = None
            if moved is None:  # the gaps have closed: the stock's turn
                game.refill_step()
        assert game.cursor == len(seen)  # each of these moves is one action
        seen.append(position(game))
    assert len(seen) > 20
    for expected in reversed(seen[:-1]):
        game.undo()
        assert position(game) == expected
    game.redo()
    game.redo()
    game.undo()
    assert position(game) == seen[1]
