"""Undoing a new deal or a load like any move (architecture.md, "undo, redo,
new_deal, load"): the replaced game is kept in ``previous_game`` (at most 8
earlier games), undo at the start of a game goes back to it, redo makes the
new game again (``next_game``). Expected values are worked out by hand from
the case file and the deal numbers, never by the code under test."""

import json
from pathlib import Path

import pytest

from mc_widget import Game, MonteCarloWidget
from mc_widget.engine import (
    MAX_PREVIOUS_GAMES,
    IllegalMove,
    Load,
    NewDeal,
    Redo,
    Remove,
    StateError,
    Undo,
    apply,
    can_redo,
    can_undo,
    new_state,
    perform,
    state_from_json,
    verify_state,
)
from mc_widget.engine.messages import format_message

CASE = json.loads((Path(__file__).parent / "cases" / "german-worked-example.json").read_text())
GERMAN = CASE["layout"]  # canonical notation already


def german_played():
    """The case after its first pair, cells 2 and 8 (4♣ 4♥)."""
    return apply(new_state("standard", layout=GERMAN), Remove(2, 8))


def test_undo_of_a_new_deal_gives_back_the_game_as_it_was():
    played = german_played()
    dealt, result = perform(played, NewDeal(8))
    assert result is None
    assert (dealt.deal, dealt.cursor, dealt.history, dealt.next_game) == (8, 0, (), None)
    assert dealt.previous_game == played
    back, taken = perform(dealt, Undo())
    assert taken == NewDeal(8)
    data = back.to_json()
    assert data["next_game"] == {"type": "new_deal", "deal": 8}
    assert {**data, "next_game": None} == played.to_json()
    assert data["discards"] == [["4C", "4H"]] and data["cursor"] == 1


def test_redo_deals_the_new_game_again():
    played = german_played()
    back = play(played, NewDeal(8), Undo())
    again, made = perform(back, Redo())
    assert made == NewDeal(8)
    assert again == apply(played, NewDeal(8))
    assert again.previous_game.next_game is None


def play(state, *actions):
    for action in actions:
        state = apply(state, action)
    return state


def test_undo_of_a_load_names_the_canonical_start():
    # "7h 10♠ …" is written 7H TS in canonical notation (architecture.md, "Cards").
    loose = "7h 10♠ .. .. ../" + "/".join([".. .. .. .. .."] * 4)
    loaded = apply(new_state("standard", deal=7), Load(loose))
    back, taken = perform(loaded, Undo())
    canonical = "7H TS .. .. ../" + "/".join([".. .. .. .. .."] * 4) + " |"
    assert taken == Load(canonical)
    assert back.to_json()["next_game"] == {"type": "load", "layout": canonical}
    assert back.deal == 7 and back.previous_game is None
    again, made = perform(back, Redo())
    assert made == Load(canonical) and again.start == canonical and again.deal is None


def test_game_actions_clear_next_game_and_keep_previous_game():
    played = german_played()
    back = play(played, NewDeal(8), Undo())
    # Undo and redo inside the old game keep the way back to deal 8.
    assert play(back, Undo()).next_game == NewDeal(8)
    assert play(back, Undo(), Redo()).next_game == NewDeal(8)
    # A move drops it, as it drops the redoable tail.
    moved = apply(back, Remove(6, 11))  # 2D 2C, the case's second pair
    assert moved.next_game is None
    with pytest.raises(IllegalMove) as info:
        apply(moved, Redo())
    assert info.value.reason == "nothing-to-redo"
    # In the new game the earlier one is kept through moves, undo and redo.
    dealt = apply(played, NewDeal(8))
    moves = play(dealt, Remove(2, 7), Undo(), Redo())  # deal 8 has JH and JD in cells 2 and 7
    assert moves.previous_game == played


def test_redo_after_undoing_a_new_deal_in_a_walkthrough_deals_it_again():
    # Reviewer's case: step 5 of the German round's walkthrough (18 steps wait
    # for a redo), a new deal, its undo, then redo: deal 3 comes back, not step 6.
    game = Game.from_layout(GERMAN)
    for i, j in CASE["remove"]:
        game.remove_pair(i, j)
    game.walk_to(5)
    assert game.cursor == 3 + 5 and len(game.history) == 3 + 23
    game.new_deal(3)
    assert game.undo() == NewDeal(3)
    # Back at step 5; the new deal dropped the walk's tail, as a move would.
    assert (game.walkthrough().position, game.walkthrough().n) == (5, 23)
    assert len(game.history) == 3 + 5
    assert game.redo() == NewDeal(3)
    assert game.deal == 3 and game.cursor == 0


def test_undo_and_redo_are_a_stack_across_a_new_deal():
    played = german_played()  # history [remove 2 8], cursor 1
    back = play(played, NewDeal(8), Undo(), Undo())  # the deal, then the pair taken back
    assert (back.cursor, back.next_game) == (0, NewDeal(8))
    after, redone = perform(back, Redo())
    assert redone == Remove(2, 8)  # the last thing undone comes back first
    after, redone = perform(after, Redo())
    assert redone == NewDeal(8)
    assert after.deal == 8 and after.previous_game == played
    # An undone pair waiting for a redo when the deal is made is dropped with it.
    undone = apply(played, Undo())
    dealt_back = play(undone, NewDeal(8), Undo())
    assert (dealt_back.history, dealt_back.next_game) == ((), NewDeal(8))
    assert perform(dealt_back, Redo())[1] == NewDeal(8)


def test_undo_at_the_start_of_the_oldest_game_is_refused():
    fresh = new_state("standard", deal=7)
    assert not can_undo(fresh) and not can_redo(fresh)
    dealt = apply(fresh, NewDeal(8))
    assert can_undo(dealt) and not can_redo(dealt)
    back = apply(dealt, Undo())
    assert not can_undo(back) and can_redo(back)
    with pytest.raises(IllegalMove) as info:
        apply(back, Undo())
    assert (info.value.reason, str(info.value)) == ("nothing-to-undo", "There is nothing to undo.")


def test_at_most_eight_earlier_games_are_kept():
    assert MAX_PREVIOUS_GAMES == 8
    state = new_state("standard", deal=0)
    for deal in range(1, 11):
        state = apply(state, NewDeal(deal))
    deals = []
    link = state.previous_game
    while link is not None:
        deals.append(link.deal)
        link = link.previous_game
    assert deals == [9, 8, 7, 6, 5, 4, 3, 2]  # deals 0 and 1 were dropped
    for _ in range(8):
        state = apply(state, Undo())
    assert state.deal == 2 and not can_undo(state)


def test_a_state_without_the_two_keys_still_reads():
    data = german_played().to_json()
    del data["previous_game"], data["next_game"]
    state = verify_state(data)
    assert state.to_json() == {**data, "previous_game": None, "next_game": None}


@pytest.mark.parametrize(
    ("edit", "path", "key"),
    [
        (lambda d: d.update(next_game={"type": "undo"}), "state.next_game.type", "state.choice"),
        (
            lambda d: d.update(next_game={"type": "new_deal", "deal": -1}),
            "state.next_game.deal",
            "state.deal",
        ),
        (
            lambda d: d.update(next_game={"type": "load", "layout": "7H"}),
            "state.next_game.layout",
            "state.layout",
        ),
        (lambda d: d.update(previous_game="deal 7"), "state.previous_game", "state.type"),
        (
            lambda d: d["previous_game"]["tableau"].__setitem__(3, "7h"),
            "state.previous_game.tableau[3]",
            "state.canonical",
        ),
        (
            lambda d: d.update(previous_game=new_state("small", deal=1).to_json()),
            "state.previous_game.rules",
            "state.other-rules",
        ),
    ],
)
def test_bad_links_are_named_by_path(edit, path, key):
    data = apply(german_played(), NewDeal(8)).to_json()
    edit(data)
    with pytest.raises(StateError) as info:
        state_from_json(data)
    assert (info.value.path, info.value.key) == (path, key)


def test_a_ninth_earlier_game_is_refused_with_its_path():
    data = new_state("standard", deal=0).to_json()
    for deal in range(1, 10):  # nine earlier games, built by hand
        data = {**new_state("standard", deal=deal).to_json(), "previous_game": data}
    with pytest.raises(StateError) as info:
        state_from_json(data)
    assert info.value.path == "state" + ".previous_game" * 9
    assert info.value.key == "state.too-many-games"
    assert "at most 8 earlier games" in str(info.value)


def test_an_earlier_game_that_does_not_replay_is_named():
    data = apply(german_played(), NewDeal(8)).to_json()
    data["previous_game"]["cursor"] = 0  # the removal of 4♣ 4♥ is still on the tableau
    with pytest.raises(StateError) as info:
        verify_state(data)
    assert (info.value.path, info.value.key) == ("state.previous_game.tableau[2]", "state.mismatch")


def said(w):
    return format_message(w.feedback["key"], w.feedback["params"])


def test_the_widget_says_what_undo_and_redo_did_to_a_new_deal():
    w = MonteCarloWidget.from_layout(GERMAN)
    w.remove_pair(2, 8)
    w.new_deal(8)
    assert w.undo() == NewDeal(8)
    assert said(w) == "Undone: the new deal; back to the game you were playing."
    assert w.state["discards"] == [["4C", "4H"]]
    assert w.redo() == NewDeal(8)
    assert said(w) == "Redone: deal 8, a new game."
    assert w.state["deal"] == 8 and w.state["previous_game"]["discards"] == [["4C", "4H"]]


def test_the_widget_says_what_undo_and_redo_did_to_a_load():
    w = MonteCarloWidget(deal=7)
    w.load(GERMAN)
    assert w.undo() == Load(GERMAN)
    assert said(w) == "Undone: loading the layout; back to the game you were playing."
    assert w.state["deal"] == 7
    w.redo()
    assert said(w) == "Redone: the layout is loaded again, a new game."
    assert w.state["start"] == GERMAN


def test_game_can_undo_and_redo_count_the_earlier_and_next_games():
    from mc_widget import Game

    g = Game(deal=7)
    assert (g.can_undo(), g.can_redo()) == (False, False)  # a fresh deal, nothing before it
    g.new_deal(8)  # cursor 0 of deal 8, deal 7 kept as the earlier game
    assert (g.can_undo(), g.can_redo()) == (True, False)
    g.undo()  # back to deal 7 at cursor 0; the new deal can be made again
    assert g.deal == 7
    assert (g.can_undo(), g.can_redo()) == (False, True)
    g.redo()
    assert g.deal == 8


def first_pair(state):
    """The first two cells, in reading order, that the rules let go as a pair."""
    for i in range(25):
        for j in range(i + 1, 25):
            try:
                return apply(state, Remove(i, j))
            except IllegalMove:
                pass
    raise AssertionError(f"deal {state.deal} has no pair")


def undos(state):
    """How many undos in a row are accepted from ``state``, and the deal they end in."""
    count = 0
    while True:
        try:
            state = apply(state, Undo())
        except IllegalMove:
            return count, state.deal
        count += 1


def test_undo_after_many_new_deals_stops_at_the_eighth_earlier_game():
    # Deal 1, then 13 new deals (2 … 14), one pair in each game before its
    # next deal. Deal 14 keeps 8 earlier games (MAX_PREVIOUS_GAMES,
    # architecture.md): deals 13 down to 6, each at cursor 1. Each takes two
    # undos (back into it, then its pair): 16, ending on deal 6 at its start.
    state = new_state("standard", deal=1)
    for deal in range(2, 15):
        state = apply(first_pair(state), NewDeal(deal))
    assert undos(state) == (16, 6)
    assert undos(verify_state(state.to_json())) == (16, 6)
