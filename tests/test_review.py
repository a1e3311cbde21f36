"""The review of a game (docs/analysis.md, section 4): the first losing move,
what still wins there, and where the fair hint differed. The games are built
by hand on KEEP_THE_PAIR (tests/test_solver.py), whose lines are worked out
there: after consolidating at once the round is 5 5 7 8 8 9 7 9 (cells 0-7),
where the sevens (cells 2 and 6) must go, or 7 9 7 9 is left."""

from test_solver import KEEP_THE_PAIR, LOST_IN_ONE_ROUND, replays_to_a_win

from mc_widget import Game
from mc_widget.analysis import Review, review, solve
from mc_widget.analysis.review import describe
from mc_widget.engine import Consolidate, ConsolidateStep, Refill, RefillStep, Remove


def test_the_first_move_lost_it():
    g = Game.from_layout(KEEP_THE_PAIR)
    g.remove_pair(0, 1)  # 5♥ 5♠: after it 7 8 8 9 7 9 is lost
    g.consolidate()
    g.remove_pair(1, 2)  # the eights, the only pair
    g.consolidate()  # 7 9 7 9: blocked
    assert g.status == "lost"
    found = g.review()
    assert isinstance(found, Review)
    assert found.first_losing_move == 0
    assert found.instead == Consolidate()
    assert found.never_winnable is False
    assert found.key == "review.lost-at"
    assert found.params == {
        "number": 1,
        "action": "removing 5♥ and 5♠",
        "instead": "consolidating",
    }
    assert found.reason == (
        "Move 1, removing 5♥ and 5♠, lost the deal: before it every card could still be"
        " cleared, after it no longer. Instead, consolidating would have kept it winnable."
    )
    # The fair hint keeps the fives (0 + 3 pairs touching beats 1 + 1), then
    # agrees with each move after (consolidate, the eights, consolidate).
    assert found.fair_differs == (0,)


def test_a_later_move_lost_it():
    g = Game.from_layout(KEEP_THE_PAIR)
    g.consolidate()  # 0: keeps the deal winnable
    g.remove_pair(0, 1)  # 1: the fives; the sevens and eights can still go
    g.remove_pair(3, 4)  # 2: the eights; 7♥ 7♠ (cells 2, 6) are still a pair
    g.consolidate()  # 3: leaves 7 9 7 9
    assert g.status == "lost"
    found = review(g.state)
    assert found.first_losing_move == 3
    assert found.instead == Remove(2, 6)
    assert found.params == {
        "number": 4,
        "action": "consolidating",
        "instead": "removing 7♥ and 7♠",
    }
    # The fair hint's plan at the round start takes all three pairs, fives
    # first (score 3 + 1, the most pairs now); then it goes on with the
    # sevens (cells 2 and 6), not the eights; then it removes the sevens
    # rather than consolidate.
    assert found.fair_differs == (2, 3)


def test_never_winnable():
    g = Game.from_layout(LOST_IN_ONE_ROUND)
    g.remove_pair(4, 9)
    assert g.status == "lost"
    found = g.review()
    assert found.never_winnable is True
    assert (found.first_losing_move, found.instead) == (None, None)
    assert found.key == "review.never"
    assert found.reason.startswith("This deal could not be won from the start")


def test_still_winnable():
    g = Game.from_layout(KEEP_THE_PAIR)
    g.consolidate()
    found = g.review()
    assert (found.first_losing_move, found.instead, found.never_winnable) == (None, None, False)
    assert found.key == "review.still-winnable"
    assert found.fair_differs == ()
    fresh = Game(deal=7).review()  # no move yet
    assert (fresh.key, fresh.first_losing_move) == ("review.still-winnable", None)


def test_only_the_moves_in_effect_count():
    g = Game.from_layout(KEEP_THE_PAIR)
    g.remove_pair(0, 1)
    g.consolidate()
    g.undo()
    g.undo()  # back at the start; the losing move can be redone but is not in effect
    assert g.review().key == "review.still-winnable"
    assert review(g.to_state()).key == "review.still-winnable"


def test_a_deal_played_to_a_loss():
    g = Game(deal=7)
    while g.status == "playing":  # first pair, consolidate, refill: as a beginner
        pairs = g.legal_pairs()
        if pairs:
            g.remove_pair(*pairs[0])
        elif g.can_consolidate():
            g.consolidate()
        else:
            g.refill()
    assert g.status == "lost" and solve(Game(deal=7).state).winnable
    found = g.review()
    k = found.first_losing_move
    assert k is not None
    before = Game(deal=7)
    for action in g.history[:k]:
        before.apply(action)
    after = before.copy()
    after.apply(g.history[k])
    assert solve(before.state).winnable is True
    assert solve(after.state).winnable is False
    line = solve(before.state)
    assert line.moves[0] == found.instead and replays_to_a_win(before, line)
    assert found.params["number"] == k + 1


def test_describe_words():
    g = Game.from_layout(KEEP_THE_PAIR)
    assert describe(g.state, Remove(1, 0)) == "removing 5♥ and 5♠"
    assert describe(g.state, ConsolidateStep()) == "consolidating"
    assert describe(g.state, Consolidate()) == "consolidating"
    assert describe(g.state, Refill()) == describe(g.state, RefillStep()) == "refilling"
