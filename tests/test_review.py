"""The review of a game (docs/analysis.md, section 4): the first losing move,
what still wins there, and where the fair hint differed. The games are built
by hand on KEEP_THE_PAIR (tests/test_solver.py), whose lines are worked out
there: after consolidating at once the round is 5 5 7 8 8 9 7 9 (cells 0-7),
where the sevens (cells 2 and 6) must go, or 7 9 7 9 is left."""

import json
from pathlib import Path

import pytest
from message_helpers import fill
from test_solver import KEEP_THE_PAIR, LOST_IN_ONE_ROUND, replays_to_a_win

from mc_widget import Game, MonteCarloWidget
from mc_widget.analysis import Review, review, solve
from mc_widget.analysis.review import describe, move_number, move_numbers
from mc_widget.engine import Consolidate, ConsolidateStep, Refill, RefillStep, Remove
from mc_widget.engine.messages import catalogue

CASE = json.loads((Path(__file__).parent / "cases" / "german-worked-example.json").read_text())
#: The German worked example's round: three pairs, 17 consolidation steps, 6 stock cards dealt.
STEPS = len(CASE["consolidation_steps_from_to"])


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
    # The fair hint keeps the fives (0 + 3 pairs touching beats 1 + 1), then
    # agrees with each move after (consolidate, the eights, consolidate).
    assert found.fair_differs == (0,)
    assert (found.fair_moves, found.moves_made) == ((1,), 4)
    assert found.reason == (
        "Move 1, removing 5♥ and 5♠, lost the deal: before it every card could still be"
        " cleared, after it no longer. Instead, consolidating would have kept it winnable."
        " The fair hint would have chosen differently at move 1."
    )


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
    assert found.fair_moves == (3, 4)
    assert found.reason.endswith(
        "removing 7♥ and 7♠ would have kept it winnable."
        " The fair hint would have chosen differently at moves 3 and 4."
    )


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
    assert found.fair_differs == found.fair_moves == ()
    assert found.reason == (
        "No move so far has lost this deal: the solver, which knows the order of the stock,"
        " can still clear every card from here."
        " The fair hint would have chosen every move as you did."
    )
    fresh = Game(deal=7).review()  # no move yet: nothing to say about the fair hint
    assert (fresh.key, fresh.first_losing_move, fresh.moves_made) == (
        "review.still-winnable",
        None,
        0,
    )
    assert fresh.fair is None and fresh.reason == found.reason.rsplit(" The fair", 1)[0]


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


def test_a_won_game_has_its_own_sentence():
    # KEEP_THE_PAIR's winning line (see the module docstring): consolidate, the fives,
    # the sevens (cells 2 and 6), the eights; consolidate (9♥ 9♠ into cells 0-1); the nines.
    g = Game.from_layout(KEEP_THE_PAIR)
    g.consolidate()
    g.remove_pair(0, 1)
    g.remove_pair(2, 6)
    g.remove_pair(3, 4)
    g.consolidate()
    g.remove_pair(0, 1)
    assert g.status == "won"
    found = g.review()
    assert (found.key, found.params, found.first_losing_move) == ("review.won", {}, None)
    # The fair hint keeps the fives, takes the sevens before the eights, then
    # consolidates (no pair left) and takes the nines: every move as played.
    assert found.fair_differs == ()
    assert found.reason == (
        "You won: every card has been cleared."
        " The fair hint would have chosen every move as you did."
    )
    assert "from here" not in found.reason


# ------------------------------------------------------------------ move numbers


def test_move_numbers_count_a_consolidation_or_refill_as_one_move():
    # The German worked example by hand, each way: 3 pairs (moves 1-3), the
    # consolidation (move 4), the refill (move 5), then a pair of round 2 (move 6).
    pairs = [Remove(*p) for p in CASE["remove"]]
    whole = [*pairs, Consolidate(), Refill(), Remove(0, 1)]
    assert move_numbers(whole) == (1, 2, 3, 4, 5, 6)
    steps = [*pairs, *[ConsolidateStep()] * STEPS, *[RefillStep()] * 6, Remove(0, 1)]
    assert move_numbers(steps) == (1, 2, 3, *[4] * STEPS, *[5] * 6, 6)
    # Steps, then the rest at once: still one move each.
    mixed = [*pairs, ConsolidateStep(), ConsolidateStep(), Consolidate(), RefillStep(), Refill()]
    assert move_numbers(mixed) == (1, 2, 3, 4, 4, 4, 5, 5)
    # The last consolidation step, then the first refill step: two moves.
    assert move_numbers([ConsolidateStep(), RefillStep()]) == (1, 2)
    assert move_numbers([]) == ()
    assert move_number(steps, 3 + STEPS) == 5  # the first refill step
    assert [move_number(steps, k) for k in range(len(steps))] == list(move_numbers(steps))


@pytest.mark.parametrize("bad", [-1, 5, "0", 1.0, True, None])
def test_move_number_refuses_an_index_that_is_not_one(bad):
    actions = [Remove(0, 1), Consolidate(), Refill(), Remove(0, 1), Consolidate()]
    with pytest.raises(ValueError, match="is not an index of the 5 actions"):
        move_number(actions, bad)


def test_the_german_round_played_by_steps_is_numbered_as_played_whole():
    # A game built by hand both ways: the same moves, the same numbers.
    whole, steps = Game.from_layout(CASE["layout"]), Game.from_layout(CASE["layout"])
    for g in (whole, steps):
        for pair in CASE["remove"]:
            g.remove_pair(*pair)
    whole.consolidate()
    whole.refill()
    for _ in range(STEPS):
        steps.consolidate_step()
    while steps.state.phase == "refill":
        steps.refill_step()
    assert whole.state.layout() == steps.state.layout() == CASE["after_refill_layout"]
    assert move_numbers(whole.history) == (1, 2, 3, 4, 5)
    assert move_numbers(steps.history) == (1, 2, 3, *[4] * STEPS, *[5] * 6)
    assert whole.review().moves_made == steps.review().moves_made == 5


def at(game, k):
    """The layout of ``game`` after its first ``k`` actions, replayed from its start."""
    again = Game.from_layout(game.state.start)
    for action in game.history[:k]:
        again.apply(action)
    return again.state.layout()


def test_a_game_played_by_steps_is_reviewed_with_the_learners_move_numbers():
    # test_a_later_move_lost_it again, each consolidation made card by card:
    # consolidating (4 steps: 8♠ 9♥ 7♠ 9♠ close up, hand-counted below), the
    # fives, the eights, then the consolidation that leaves 7 9 7 9.
    whole = Game.from_layout(KEEP_THE_PAIR)
    whole.consolidate()
    whole.remove_pair(0, 1)
    whole.remove_pair(3, 4)
    whole.consolidate()
    g = Game.from_layout(KEEP_THE_PAIR)
    # Gaps at 4-9 and 14-24: 8♠ (10) → 4, 9♥ (11) → 5, 7♠ (12) → 6, 9♠ (13) → 7.
    for _ in range(4):
        g.consolidate_step()
    assert g.state.phase == "remove" and g.state.layout() == at(whole, 1)
    g.remove_pair(0, 1)
    g.remove_pair(3, 4)
    first = len(g.history)  # 6: the losing consolidation starts here
    while g.status == "playing":
        g.consolidate_step()
    assert g.status == "lost" and len(g.history) > first + 1
    found = g.review()
    assert found.first_losing_move == first  # a history index, where the board walks back to
    assert found.params["number"] == 4  # as whole play numbers it
    assert found.params == whole.review().params
    assert found.fair_differs == (5, 6) and found.fair_moves == (3, 4)
    assert found.reason == whole.review().reason
    assert "Move 4, consolidating, lost the deal" in found.reason
    # On the board: walked back to just before the first step of that consolidation.
    w = MonteCarloWidget.from_layout(KEEP_THE_PAIR)
    for action in g.history:
        w.game.apply(action)
    w.review()
    assert w.game.cursor == first
    assert w.game.state.layout() == at(g, first)
    assert w.feedback["cells"] == [2, 6]  # the sevens still win there


def test_a_long_list_of_moves_is_cut_short_with_how_many_more():
    def said(moves, lang="en"):
        found = Review(
            None, None, False, (), "review.still-winnable", fair_moves=moves, moves_made=40
        )
        return found.message(lang).split(". ")[-1]

    assert (
        said((2, 4, 6, 8, 10))
        == "The fair hint would have chosen differently at moves 2, 4, 6, 8, and 10."
    )
    assert said((2, 4, 6, 8, 10, 12)) == (
        "The fair hint would have chosen differently at moves 2, 4, 6, 8, and 2 more."
    )
    assert said(tuple(range(1, 31))).endswith("at moves 1, 2, 3, 4, and 26 more.")
    # Babel's lists and the catalogue's counts in another language.
    assert said((2, 4, 6, 8, 10, 12, 14), "de") == (
        "Der faire Tipp hätte bei den Zügen 2, 4, 6, 8 und 3 weiteren anders gewählt."
    )
    assert said((2, 4, 6, 8, 10, 12, 14), "fr").endswith("aux coups 2, 4, 6, 8 et 3\u00a0autres.")


@pytest.mark.parametrize("lang", ["en", "sv", "nl", "de", "it", "fr"])
def test_each_review_sentence_is_said_in_each_language(lang):
    # Compared with the language's own templates filled by hand (format_message
    # would fall back to English on a missing parameter).
    said = catalogue(lang)
    g = Game.from_layout(KEEP_THE_PAIR)
    g.remove_pair(0, 1)
    g.consolidate()
    g.remove_pair(1, 2)
    g.consolidate()
    lost = g.review()
    verdict = fill(
        said["review.lost-at"],
        number="1",
        action=fill(said["review.action-remove"], a="5♥", b="5♠"),
        instead=said["review.action-consolidate"],
    )
    fair = fill(said["review.fair-one"], moves="1")
    assert lost.message(lang) == fill(said["review.and-fair"], verdict=verdict, fair=fair)
    won = Game.from_layout("QH QS .. .. ../" + "/".join([".. .. .. .. .."] * 4) + " |")
    won.remove_pair(0, 1)
    assert won.review().message(lang) == fill(
        said["review.and-fair"], verdict=said["review.won"], fair=said["review.fair-same"]
    )
    many = Review(None, None, True, (), "review.never", fair_moves=(1, 2, 3, 4, 5, 6), moves_made=6)
    assert many.message(lang).startswith(said["review.never"])
    assert "{" not in many.message(lang)
    if lang != "en":
        assert lost.message(lang) != lost.message("en")


#: Thirteens (sum 13, kings alone): 9♦ 7♠ . 6♦ K♦ / . . 10♥, stock 4♣ 3♠.
#: The only removal now is K♦ alone. Taken, the round closes up to
#: 9 7 6 10 4 / 3: only 7-6 pairs, after which 9 10 4 3 in a row never pair
#: (9 and 4 two apart, 10 and 3 too): lost. Consolidating first keeps K♦ as a
#: spacer: 9 7 6 K 10 / 4 3, and 9-4 (a column), 7-6, K♦ alone, then 10 3 close
#: up and pair: won.
KING_SPACER = "9D 7S .. 6D KD/.. .. TH .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. | 4C 3S"


def test_a_king_removed_alone_named_in_the_review():
    g = Game.from_layout(KING_SPACER, rules="thirteens")
    g.apply(Remove(4))
    g.apply(Consolidate())
    g.apply(Refill())
    g.apply(Remove(1, 2))
    g.apply(Consolidate())  # 9 10 4 3: blocked
    assert g.status == "lost"
    found = g.review()
    assert found.first_losing_move == 0
    assert found.instead == Consolidate()
    assert found.params == {
        "number": 1,
        "action": "removing K♦ alone",
        "instead": "consolidating",
    }
    assert found.reason.startswith("Move 1, removing K♦ alone, lost the deal")
    start = Game.from_layout(KING_SPACER, rules="thirteens").state
    assert describe(start, Remove(4)) == "removing K♦ alone"
    assert str(describe(start, Remove(4), "de")) == "Abräumen von K♦ allein"
