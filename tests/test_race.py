"""The race rule and a race on two machines (RULES.md, "Scoring" and "Variants";
docs/sessions.md, "Races", "Two machines").

Expected results are written by hand from RULES.md's words; the records of
deal 1 are a won game (the solver's line, written out below) and games
stopped or blocked by hand-picked moves.
"""

from __future__ import annotations

import pytest

from mc_widget import Game, RaceError, RecordError, race_result, race_rule
from mc_widget.engine import StateError
from mc_widget.sessions import RaceResult, RaceSide

# Deal 1 won (52/52), 40 moves: a game record as a player would paste it.
WON_1 = (
    "MC1; rules standard; deal 1; won 52/52; moves 0-6 1-5 2-3 10-11 13-18 * 4-9 13-18 *"
    " 7-12 13-19 * 5-11 8-12 16-20 * 0-6 2-7 8-12 * 3-4 9-13 16-20 * 2-3 7-12 * 1-6 4-9 *"
    " 0-5 2-6 3-7 * 0-1"
)


def side(status, removed, time=None):
    return {"status": status, "removed": removed, "time": time}


# ---------------------------------------------------------------- the rule by hand


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (side("playing", 20), side("playing", 30), (False, None, "running")),
        (side("won", 52, 400), side("playing", 51), (True, 0, "cleared")),
        (side("lost", 50, 10), side("won", 52, 999), (True, 1, "cleared")),
        (side("won", 52, 300), side("won", 52, 200), (True, 1, "earlier")),
        (side("lost", 40, 900), side("lost", 39, 5), (True, 0, "removed")),
        (side("lost", 40, 90), side("lost", 40, 91), (True, 0, "earlier")),
        (side("lost", 40, 90), side("lost", 40, 90), (True, None, "tie")),
        (side("won", 52, 90), side("won", 52, 90), (True, None, "tie")),
        (side("lost", 40, 90), side("playing", 44), (False, None, "running")),
        # Aces Square: won with 48 removed, the four aces left.
        (side("won", 48, 500), side("lost", 47, 20), (True, 0, "cleared")),
    ],
)
def test_the_race_rule_by_hand(a, b, expected):
    found = race_rule(a, b)
    assert (found.decided, found.winner, found.reason) == expected
    # The rule is symmetric: swapped players, swapped winner.
    swapped = race_rule(b, a)
    winner = None if expected[1] is None else 1 - expected[1]
    assert (swapped.decided, swapped.winner, swapped.reason) == (expected[0], winner, expected[2])


def test_a_side_and_a_result_are_values_with_json():
    s = RaceSide("won", 52, 12.5)
    assert RaceSide.from_json(s.to_json()) == s
    assert race_rule(s, RaceSide("lost", 3, 1)) == RaceResult(True, 0, "cleared")
    assert RaceResult(False, None, "running").to_json() == {
        "decided": False,
        "winner": None,
        "reason": "running",
    }


@pytest.mark.parametrize(
    ("b", "path", "key"),
    [
        ("won", "b", "state.type"),
        ({"status": "won", "removed": 52}, "b.time", "state.missing"),
        ({**side("won", 52), "player": "Ann"}, "b.player", "race-error.unknown"),
        (side("done", 52), "b.status", "state.choice"),
        (side("won", -1), "b.removed", "state.range"),
        (side("won", 52, float("nan")), "b.time", "state.type"),
        (side("won", 52, True), "b.time", "state.type"),
    ],
)
def test_a_bad_side_is_refused_naming_its_part(b, path, key):
    with pytest.raises(StateError) as caught:
        race_rule(side("won", 52, 1), b)
    assert (caught.value.path, caught.value.key) == (path, key)


# ---------------------------------------------------------------- two machines


def test_two_records_of_one_deal_are_judged_by_the_rule():
    start = Game(1).record()  # 'MC1; rules standard; deal 1; playing 0/52; moves'
    assert race_result(WON_1, start) == RaceResult(True, 0, "cleared")
    assert race_result(start, WON_1) == RaceResult(True, 1, "cleared")
    assert race_result(start, start) == RaceResult(False, None, "running")
    # Both cleared: the earlier finish, when the times are given; else a tie.
    assert race_result(WON_1, WON_1, times=(300, 250.5)) == RaceResult(True, 1, "earlier")
    assert race_result(WON_1, WON_1) == RaceResult(True, None, "tie")


def play(game, pick):
    """Play ``game`` to its end: the pair ``pick`` chooses, else consolidate and refill."""
    while game.status == "playing":
        found = game.legal_removals()
        if found:
            game.apply({"type": "remove", "cells": list(pick(found))})
        elif game.can_consolidate():
            game.consolidate()
        if game.can_refill():
            game.refill()
    return game


def test_two_blocked_records_more_removed_wins_then_the_earlier_finish():
    # Deal 2 taking the first pair found each time ends blocked with 34
    # removed; taking the last, blocked with 10 (both checked here).
    first, last = play(Game(2), lambda p: p[0]), play(Game(2), lambda p: p[-1])
    assert (first.status, first.removed, last.status, last.removed) == ("lost", 34, "lost", 10)
    assert race_result(last.record(), first.record()) == RaceResult(True, 1, "removed")
    assert race_result(first.record(), last.record(), times=(900, 5)) == RaceResult(
        True, 0, "removed"
    )
    # As many removed: the earlier finish; no times: a tie.
    same = first.record()
    assert race_result(same, same, times=(61, 60)) == RaceResult(True, 1, "earlier")
    assert race_result(same, same) == RaceResult(True, None, "tie")


def test_a_forged_record_is_the_record_error_naming_its_first_bad_move():
    forged = WON_1.replace("moves 0-6 1-5", "moves 0-6 1-7")
    with pytest.raises(RecordError) as caught:
        race_result(WON_1, forged)
    assert str(caught.value).startswith("Move 2 (1-7):")
    assert "(the record of game 2)" in caught.value.__notes__


def test_a_false_claim_is_refused():
    claim = WON_1.replace("won 52/52", "lost 52/52")
    with pytest.raises(RecordError):
        race_result(claim, WON_1)


@pytest.mark.parametrize(
    ("b", "key"),
    [
        (Game(2).record(), "race-error.other-deal"),
        (Game(1, rules="small").record(), "race-error.other-rules"),
    ],
)
def test_records_of_another_deal_or_rules_cannot_race(b, key):
    with pytest.raises(RaceError) as caught:
        race_result(WON_1, b)
    assert caught.value.key == key


def test_a_game_from_a_layout_cannot_race():
    layout = Game(1).to_layout()
    with pytest.raises(RaceError) as caught:
        race_result(Game.from_layout(layout).record(), WON_1)
    assert caught.value.key == "race-error.no-deal"
    assert str(caught.value) == (
        "Game 1 was loaded from a layout: a race is played from a deal number."
    )


def test_bad_times_are_refused():
    with pytest.raises(StateError) as caught:
        race_result(WON_1, WON_1, times=(1, -5))
    assert caught.value.path == "b.time"
    with pytest.raises(StateError) as caught:
        race_result(WON_1, WON_1, times=(1,))
    assert caught.value.path == "times"


PLAYING_1 = "MC1; rules standard; deal 1; playing 2/52; moves 0-6"


@pytest.mark.parametrize(
    ("times", "path"),
    [
        ("ab", "times"),  # a text of two characters is not two times
        ((1, 2, 3), "times"),
        (5, "times"),
        ((float("inf"), 1), "a.time"),
        ((float("nan"), 1), "a.time"),
        ((True, 2), "a.time"),
        ((1, "2"), "b.time"),
        ((1, 86_401), "b.time"),
    ],
)
def test_times_are_checked_first_even_for_games_still_playing(times, path):
    # Both games still playing: no time would be used, and bad times are still refused.
    with pytest.raises(StateError) as caught:
        race_result(PLAYING_1, PLAYING_1, times=times)
    assert caught.value.path == path
    assert path in str(caught.value)
    # Checked before the records: a bad record does not hide bad times.
    with pytest.raises(StateError):
        race_result("not a record", PLAYING_1, times=times)
