"""A race in a notebook (docs/sessions.md, "Races"): two boards of one deal, one
clock, a race bar fed by Python and judged by the race rule.

Deal 1 is won by the solver's line below (40 moves, docs/record.md's
notation); the clocks are set by hand as a view's would be, in ms.
"""

from __future__ import annotations

import ipywidgets
import pytest

from mc_widget import ArgumentError, Game, MonteCarloWidget
from mc_widget.sessions import RaceResult, RaceSide
from mc_widget.widget.race import Race, RaceBar

WON_1 = (
    "MC1; rules standard; deal 1; won 52/52; moves 0-6 1-5 2-3 10-11 13-18 * 4-9 13-18 *"
    " 7-12 13-19 * 5-11 8-12 16-20 * 0-6 2-7 8-12 * 3-4 9-13 16-20 * 2-3 7-12 * 1-6 4-9 *"
    " 0-5 2-6 3-7 * 0-1"
)

LOST_32_2 = (
    "MC1; rules standard; deal 2; lost 32/52; moves 3-7 5-10 8-14 * 17-22 4-9 * 2-8 * 12-13"
    " 5-11 18-22 * 0-6 9-14 * 15-16 4-9 7-13 * 18-22 10-11 *"
)
LOST_10_2 = "MC1; rules standard; deal 2; lost 10/52; moves 14-19 5-10 3-7 * 17-22 * 16-17 *"


class Clock:
    """A kernel clock set by hand (ms since 1970)."""

    def __init__(self, ms: float) -> None:
        self.ms = ms

    def __call__(self) -> float:
        return self.ms


def play(board, record):
    """Play a record's actions on a board, each as a Python call."""
    for action in Game.from_record(record).history:
        board._act("apply", action)


def test_two_boards_of_the_same_deal_titled_with_the_players():
    race = MonteCarloWidget.race(1, players=("Ann", "Ben"))
    assert isinstance(race, Race)
    a, b = race.boards
    assert a.game.deal == b.game.deal == 1
    assert a.state == b.state
    assert (a.title, b.title) == ("Ann", "Ben")
    assert race.children[0] is race.bar and isinstance(race.bar, RaceBar)
    assert list(race.children[1].children) == [a, b]
    assert race.bar.players == ["Ann", "Ben"]
    assert (
        race.bar.start_layout == Game(1).state.start
    )  # an exported page checks the boards by these
    # Every ipywidget's `layout` is its Layout widget: a string there broke the view in JupyterLab.
    assert isinstance(race.bar.layout, ipywidgets.Layout)
    assert race.bar.rules == {
        "name": "standard",
        **{k: v for k, v in Game(1).rules.to_json().items() if k != "name"},
    }
    assert race.bar.texts["race.side"] == "{player}: {removed} of {total} removed"
    assert race.result == RaceResult(False, None, "running")


def test_a_random_deal_is_the_same_on_both_boards():
    race = MonteCarloWidget.race(players=("Ann", "Ben"))
    assert race.boards[0].game.deal == race.boards[1].game.deal is not None


def test_the_bar_follows_each_board():
    race = MonteCarloWidget.race(1)
    a, _ = race.boards
    a.remove_pair(0, 6)
    assert race.bar.sides == [
        {"status": "playing", "removed": 2, "total": 52, "time": None},
        {"status": "playing", "removed": 0, "total": 52, "time": None},
    ]


def test_the_first_to_clear_wins_on_one_clock():
    now = Clock(1_130_000)
    race = MonteCarloWidget.race(1, players=("Ann", "Ben"), now=now)
    a, b = race.boards
    # Ben moves first at t = 1,000 s (ms since 1970), Ann at 1,010 s: one clock from 1,000 s.
    b.clock = {"start": 1_000_000, "stop": None}
    a.clock = {"start": 1_010_000, "stop": None}
    play(a, WON_1)  # the race sees Ann's finish at the kernel's 1,130 s
    assert race.start == 1_000_000
    assert race.sides == (RaceSide("won", 52, 130.0), RaceSide("playing", 0, None))
    assert race.result == RaceResult(True, 0, "cleared")
    assert race.winner == "Ann"
    assert race.bar.start == 1_000_000
    assert race.bar.sides[0] == {"status": "won", "removed": 52, "total": 52, "time": 130.0}


def test_the_finish_time_is_the_kernels_not_the_views():
    now = Clock(1_130_000)
    race = MonteCarloWidget.race(1, now=now)
    a, _ = race.boards
    a.clock = {"start": 1_000_000, "stop": None}
    play(a, WON_1)
    now.ms = 1_500_000
    a.clock = {"start": 1_000_000, "stop": 1_001_000}  # a view claiming a 1 s finish
    assert race.sides[0] == RaceSide("won", 52, 130.0)


def test_a_decided_race_stays_decided_after_undo_and_new_deal():
    now = Clock(1_100_000)
    race = MonteCarloWidget.race(2, players=("Ann", "Ben"), now=now)
    a, b = race.boards
    a.clock = {"start": 1_000_000, "stop": None}
    play(a, LOST_32_2)  # Ann blocked with 32 removed at 100 s: Ben may still beat her
    assert race.result == RaceResult(False, None, "running")
    now.ms = 1_200_000
    play(b, LOST_10_2)  # Ben blocked with 10 removed at 200 s: Ann wins on cards removed
    decided = RaceResult(True, 0, "removed")
    assert race.result == decided
    a.undo()
    assert race.result == decided
    a.new_deal(3)
    b.new_deal(4)
    assert race.result == decided
    assert race.sides == (RaceSide("lost", 32, 100.0), RaceSide("lost", 10, 200.0))
    assert [side["removed"] for side in race.bar.sides] == [32, 10]


def test_a_finished_side_is_kept_while_the_race_runs():
    race = MonteCarloWidget.race(2, now=Clock(1_100_000))
    a, _ = race.boards
    a.clock = {"start": 1_000_000, "stop": None}
    play(a, LOST_32_2)
    a.undo()  # Ann's finish stands: undo does not reopen it
    a.new_deal(3)
    assert race.sides[0] == RaceSide("lost", 32, 100.0)
    assert race.result == RaceResult(False, None, "running")


def test_the_bar_speaks_the_boards_language():
    race = MonteCarloWidget.race(1, lang="de")
    assert race.bar.texts["race.tie"] == "unentschieden"
    race.boards[0].lang = "fr"
    assert race.bar.texts["race.tie"] == "égalité"


@pytest.mark.parametrize("players", [("Ann",), ("Ann", "Ann"), ("Ann", ""), "AB", ("A", "B", "C")])
def test_players_must_be_two_different_names(players):
    with pytest.raises(ArgumentError) as caught:
        MonteCarloWidget.race(1, players=players)
    assert caught.value.key == "api.race-players"


def test_a_view_cannot_set_the_bar():
    race = MonteCarloWidget.race(1)
    race.bar.set_state({"sides": [], "players": ["Eve", "Mallory"]})
    assert race.bar.players == ["Ann", "Ben"]
    assert len(race.bar.sides) == 2


def test_a_new_deal_on_a_race_board_leaves_the_race_until_undone():
    race = MonteCarloWidget.race(1)
    a, _ = race.boards
    a.remove_pair(0, 6)
    a.new_deal(5)  # deal 5: another game, it cannot win this race
    assert race.sides[0] == RaceSide("playing", 0, None)
    a.undo()  # back to deal 1, the pair still removed
    assert race.sides[0] == RaceSide("playing", 2, None)
