"""A match on a board (docs/sessions.md, "A match on a board"): each finished game
of the board is counted once; undo and redo never change the match.

The worked example of docs/record.md is a six-card game won in four moves:
7♥ 7♣, 4♠ 4♦, the round's end, then 9♠ 9♦.
"""

from __future__ import annotations

import pytest
import traitlets

from mc_widget import Match, MonteCarloWidget

SIX = "7H 7C 4S 4D ../9S .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. | 9D"
# Blocked at once: two cards of different ranks, no stock (0 of 2 removed).
BLOCKED = "7H 4S .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. |"


def win(board):
    board.remove_pair(0, 1)
    board.remove_pair(2, 3)
    board.consolidate()
    board.refill()
    board.remove_pair(0, 1)
    assert board.game.status == "won"


def test_a_won_game_is_counted_once_and_the_line_says_so():
    m = Match(3)
    w = MonteCarloWidget(layout=SIX, match=m)
    assert w.match is m
    assert w.match_line == "0\u20130, first to 3"
    win(w)
    assert m.score == (1, 0)
    assert w.match_line == "1\u20130, first to 3"


def test_undo_and_redo_never_change_the_match():
    m = Match(3)
    w = MonteCarloWidget(layout=SIX, match=m)
    win(w)
    w.undo()  # the win undone: it stays counted
    assert m.score == (1, 0)
    w.redo()  # redone: not counted twice
    assert m.score == (1, 0)
    w.undo()
    w.remove_pair(0, 1)  # the same game won again by a move: still once
    assert len(m.games) == 1


def test_a_new_game_counts_again_and_a_blocked_one_is_a_loss():
    m = Match(3)
    w = MonteCarloWidget(layout=SIX, match=m)
    win(w)
    w.load(BLOCKED)  # a load starts the next game; it is blocked at once, no move made
    assert w.game.status == "lost"
    assert m.score == (1, 0)  # finished by no move: nothing to count
    w.load(SIX)
    win(w)
    assert m.score == (2, 0)
    w.undo()  # back in the won game
    w.undo()  # the load undone
    assert m.score == (2, 0)


# Lost by a move: 7♥ 7♣ removed, then 4♠ alone after consolidation (no stock).
LOSES = "7H 7C 4S .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. |"


def lose(board):
    board.remove_pair(0, 1)
    board.consolidate()
    assert board.game.status == "lost"


def test_a_game_counted_games_ago_is_not_counted_again():
    m = Match(5)
    w = MonteCarloWidget(layout=SIX, match=m)
    win(w)
    w.load(LOSES)
    lose(w)
    assert m.score == (1, 1)
    for _ in range(8):  # consolidation, pair, load, then the won game's 5 actions
        w.undo()
    assert w.game.status == "playing" and w.game.removed == 0
    w.remove_pair(2, 3)  # the first game finished again by another line: counted once only
    w.remove_pair(0, 1)
    w.consolidate()
    w.refill()
    w.remove_pair(0, 1)
    assert w.game.status == "won"
    assert m.score == (1, 1)


def test_a_shared_match_refuses_a_game_of_other_rules_and_says_so():
    m = Match(3)
    a = MonteCarloWidget(layout=SIX, match=m)
    b = MonteCarloWidget(layout=LOSES, rules="fourteens", match=m)  # rules open: accepted
    win(a)  # the match's rules are now standard
    lose(b)  # 7 + 7 = 14: a fourteens pair
    assert m.score == (1, 0)
    assert b.feedback["key"] == "match-error.other-rules"
    assert "fourteens" in b.feedback["text"]
    assert b.match_line == "1\u20130, first to 3"


def test_a_lost_game_counts_as_a_loss():
    m = Match(3)
    w = MonteCarloWidget(
        layout="7H 7C 4S .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. |",
        match=m,
    )
    w.remove_pair(0, 1)
    assert m.score == (0, 0)  # gaps: it may still consolidate (RULES.md, End of the game)
    w.consolidate()  # 4♠ alone in cell 0, no stock: blocked
    assert w.game.status == "lost"
    assert m.score == (0, 1)
    assert w.match_line == "0\u20131, first to 3"


def test_the_line_follows_the_language_and_the_match_is_set_later():
    w = MonteCarloWidget(layout=SIX, lang="de")
    assert w.match_line == ""
    w.match = Match(1)
    assert w.match_line == "0:0, wer zuerst 1 hat"
    win(w)
    assert w.match.winner == "player"
    w.lang = "en"
    assert w.match_line == "1\u20130, first to 1: the match is won"
    w.match = None
    assert w.match_line == ""


def test_a_decided_match_takes_no_more_games_and_the_board_plays_on():
    m = Match(1)
    w = MonteCarloWidget(layout=SIX, match=m)
    win(w)
    w.load(SIX)
    win(w)  # no error: the board plays on
    assert len(m.games) == 1


def test_a_match_of_several_players_or_other_rules_is_refused():
    w = MonteCarloWidget(layout=SIX)
    with pytest.raises(traitlets.TraitError, match="one player"):
        w.match = Match(3, players=("Ann", "Ben"))
    with pytest.raises(traitlets.TraitError, match="played by small"):
        w.match = Match(3, rules="small")
    assert w.match is None
    with pytest.raises(traitlets.TraitError):
        MonteCarloWidget(layout=SIX, match="Match(3)")


def test_the_match_line_is_pythons_alone():
    w = MonteCarloWidget(layout=SIX, match=Match(3))
    before = w.match_line
    w.set_state({"match_line": "I won 10-0"})
    assert w.match_line == before
