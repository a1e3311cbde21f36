"""Matches (RULES.md "Scoring"; docs/sessions.md): a win counts 1, a loss 0, the
first player to reach the target wins; played with hand-made games won or
lost in a move, and the match JSON read as hostile input."""

import copy

import pytest

import mc_widget
from mc_widget import ArgumentError, Game, Match, MatchError, StateError
from mc_widget.analysis.policies import play_state
from mc_widget.engine import new_state

# "\u2013" is the en dash of a score ("3\u20131").
GAP_ROW = ".. .. .. .. .."
# 7H 7C touch: removing them clears the tableau and the stock is empty.
WIN_IN_ONE = f"7H 7C .. .. ../{GAP_ROW}/{GAP_ROW}/{GAP_ROW}/{GAP_ROW} |"
# 7H 8C do not pair and nothing can consolidate: blocked from the start.
BLOCKED = f"7H 8C .. .. ../{GAP_ROW}/{GAP_ROW}/{GAP_ROW}/{GAP_ROW} |"


def won():
    game = Game.from_layout(WIN_IN_ONE)
    game.remove_pair(0, 1)
    assert game.status == "won"
    return game


def lost():
    game = Game.from_layout(BLOCKED)
    assert game.status == "lost"
    return game


def playing():
    return Game.from_layout(WIN_IN_ONE)


def test_match_is_exported_from_the_package():
    assert mc_widget.Match is Match
    assert "Match" in mc_widget.__all__


# --------------------------------------------------------------------------
# One player: a learner's session


def test_one_player_counts_wins_and_losses():
    m = Match(target=10)
    assert (m.target, m.players, m.rules, m.games) == (10, ("player",), None, ())
    assert m.score == (0, 0)
    assert m.score_line() == "0\u20130, first to 10"
    m.record(won())
    m.record(lost())
    m.record(won())
    m.record(won())
    assert m.score == (3, 1)
    assert m.wins == {"player": 3}
    assert m.losses == {"player": 1}
    assert m.winner is None
    assert m.score_line() == "3\u20131, first to 10"


def test_one_player_wins_the_match_at_the_target_and_then_it_is_closed():
    m = Match(target=2)
    m.record(won())
    m.record(lost())
    assert m.winner is None
    entry = m.record(won())
    assert (entry.player, entry.result, entry.removed, entry.total, entry.deal) == (
        "player",
        "won",
        2,
        2,
        None,
    )
    assert m.winner == "player"
    assert m.score_line() == "2\u20131, first to 2: the match is won"
    with pytest.raises(MatchError) as caught:
        m.record(won())
    assert str(caught.value) == (
        "The match is over: its target of 2 is reached. Start a new match for more games."
    )
    assert m.score == (2, 1)


def test_losses_never_decide_a_one_player_match():
    m = Match(target=1)
    for _ in range(5):
        m.record(lost())
    assert (m.score, m.winner) == ((0, 5), None)


def test_a_game_still_being_played_is_refused_and_changes_nothing():
    m = Match()
    with pytest.raises(MatchError) as caught:
        m.record(playing())
    assert str(caught.value) == (
        "This game is still being played (0 of 2 cards removed): "
        "a match counts only won and lost games."
    )
    assert (m.games, m.rules) == ((), None)


# --------------------------------------------------------------------------
# Several players


def test_several_players_first_to_the_target_wins():
    m = Match(3, players=("Ann", "Ben"))
    m.record(won(), player="Ann")
    m.record(won(), player="Ben")
    m.record(lost(), player="Ben")
    m.record(won(), player="Ann")
    assert m.score == (2, 1)
    assert m.losses == {"Ann": 0, "Ben": 1}
    assert m.score_line() == "Ann 2 \u2013 Ben 1, first to 3"
    m.record(won(), player="Ann")
    assert m.winner == "Ann"
    assert m.score_line() == "Ann 3 \u2013 Ben 1, first to 3: Ann wins the match"
    with pytest.raises(MatchError) as caught:
        m.record(won(), player="Ben")
    assert str(caught.value) == (
        "The match is over: Ann reached the target of 3. Start a new match for more games."
    )
    assert len(m.games) == 5


def test_several_players_need_a_player_of_the_match():
    m = Match(3, players=("Ann", "Ben"))
    with pytest.raises(ArgumentError) as caught:
        m.record(won())
    assert str(caught.value) == "record: player must be one of Ann and Ben, not None."
    with pytest.raises(ArgumentError) as caught:
        m.record(won(), player="Cy")
    assert str(caught.value) == "record: player must be one of Ann and Ben, not 'Cy'."
    assert m.games == ()


def test_a_game_record_text_counts_like_the_game():
    m = Match(3, players=("Ann", "Ben"))
    entry = m.record(won().record(), player="Ben")
    assert (entry.player, entry.result) == ("Ben", "won")
    with pytest.raises(mc_widget.RecordError):
        m.record("MC1; nonsense", player="Ann")
    with pytest.raises(ArgumentError) as caught:
        m.record(42, player="Ann")
    assert str(caught.value) == "record: game must be a Game or a game record (text), not 42."
    assert len(m.games) == 1


# --------------------------------------------------------------------------
# Rules


def test_the_first_game_fixes_the_rules():
    m = Match()
    m.record(won())
    assert m.rules == mc_widget.PRESETS["standard"]
    small = Game.from_layout(
        "7H 7C .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. |", "small"
    )
    small.remove_pair(0, 1)
    with pytest.raises(MatchError) as caught:
        m.record(small)
    assert str(caught.value) == (
        "This match is played by the standard rules; a game of small cannot count in it."
    )
    assert len(m.games) == 1


def test_rules_given_up_front_refuse_other_games():
    m = Match(rules="small")
    with pytest.raises(MatchError):
        m.record(won())
    assert m.games == ()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"target": 0}, "Match: target must be a whole number from 1 to 100, not 0."),
        ({"target": True}, "Match: target must be a whole number from 1 to 100, not True."),
        ({"target": 101}, "Match: target must be a whole number from 1 to 100, not 101."),
        ({"target": "10"}, "Match: target must be a whole number from 1 to 100, not '10'."),
    ],
)
def test_a_bad_target_is_refused(arguments, message):
    with pytest.raises(ArgumentError) as caught:
        Match(**arguments)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    "players", ["Ann", [], ("Ann", "Ann"), ("",), ("  ",), ("x" * 41,), tuple("abcdefghi"), (1,)]
)
def test_bad_players_are_refused(players):
    with pytest.raises(ArgumentError) as caught:
        Match(players=players)
    assert str(caught.value).startswith(
        "Match: players must be a list of 1 to 8 different names (each non-empty text of at "
        "most 40 characters), not "
    )


# --------------------------------------------------------------------------
# The score line in the board's languages


def test_the_score_line_in_each_language():
    m = Match(target=10)
    for game in (won(), won(), won(), lost()):
        m.record(game)
    assert [m.score_line(lang) for lang in ("en", "sv", "nl", "de", "it", "fr")] == [
        "3\u20131, first to 10",
        "3\u20131, först till 10",
        "3\u20131, wie het eerst 10 haalt",
        "3:1, wer zuerst 10 hat",
        "3\u20131, vince chi arriva prima a 10",
        "3\u20131, le premier à 10",
    ]
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        m.score_line("xx")


def test_the_score_keys_stay_in_python():
    # A board shows Python's finished `match_line` (docs/sessions.md): the
    # browser's bundle needs no match.* text.
    from mc_widget.engine.messages import python_only

    assert python_only("match.score-one")
    assert python_only("match.won")
    assert python_only("match-error.playing")
    assert python_only("record.refused")


# --------------------------------------------------------------------------
# JSON


def two_player_match():
    m = Match(3, players=("Ann", "Ben"))
    m.record(won(), player="Ann")
    m.record(lost(), player="Ben")
    return m


EXPECTED_JSON = {
    "target": 3,
    "players": ["Ann", "Ben"],
    "rules": {
        "name": "standard",
        "rows": 5,
        "cols": 5,
        "decks": 1,
        "pair": "same-rank",
        "touching": "eight",
    },
    "games": [
        {"player": "Ann", "result": "won", "removed": 2, "total": 2, "deal": None},
        {"player": "Ben", "result": "lost", "removed": 0, "total": 2, "deal": None},
    ],
}


def test_the_json_form_and_back():
    m = two_player_match()
    assert m.to_json() == EXPECTED_JSON
    again = Match.from_json(EXPECTED_JSON)
    assert again == m
    assert again.score == (1, 0)
    again.record(won(), player="Ben")
    assert again.score == (1, 1)
    fresh = Match(target=10).to_json()
    assert fresh == {"target": 10, "players": ["player"], "rules": None, "games": []}
    assert Match.from_json(fresh) == Match(target=10)


def test_a_deal_number_is_kept():
    game = Game.from_state(play_state("greedy", new_state("standard", deal=4)))
    entry = Match().record(game)
    assert (entry.deal, entry.result) == (4, game.status)
    data = {**EXPECTED_JSON, "games": [{**EXPECTED_JSON["games"][0], "deal": 7}]}
    assert Match.from_json(data).games[0].deal == 7


def test_a_match_keeps_at_most_10000_games():
    lost_game = {"player": "player", "result": "lost", "removed": 0, "total": 2, "deal": None}
    data = Match(target=10).to_json()
    data["rules"] = EXPECTED_JSON["rules"]
    data["games"] = [lost_game] * 10_000
    m = Match.from_json(data)
    with pytest.raises(MatchError) as caught:
        m.record(lost())
    assert str(caught.value) == "A match keeps at most 10000 games: start a new match."
    data["games"].append(lost_game)
    with pytest.raises(StateError) as caught:
        Match.from_json(data)
    assert caught.value.path == "match.games"


def changed(path, value):
    data = copy.deepcopy(EXPECTED_JSON)
    where = data
    for key in path[:-1]:
        where = where[key]
    if value is KeyError:
        del where[path[-1]]
    else:
        where[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("data", "path", "message"),
    [
        ([], "match", "match must be an object."),
        (changed(["extra"], 1), "match.extra", "match.extra is not part of a match."),
        (changed(["games"], KeyError), "match.games", "match.games is missing."),
        (changed(["target"], "3"), "match.target", "match.target must be a whole number."),
        (changed(["target"], 0), "match.target", "match.target must be from 1 to 100, not 0."),
        (
            changed(["players"], []),
            "match.players",
            "match.players must be a list of 1 to 8 names.",
        ),
        (
            changed(["players"], ["Ann", ""]),
            "match.players[1]",
            "match.players[1] must be a name: text, not empty, of at most 40 characters.",
        ),
        (
            changed(["players"], ["Ann", "Ann"]),
            "match.players[1]",
            'match.players[1]: "Ann" is already a player of this match; '
            "each player needs a different name.",
        ),
        (
            changed(["rules", "pair"], "same-colour"),
            "match.rules.pair",
            'match.rules.pair must be one of "same-rank", "sum-13", "sum-14", "same-suit", '
            'not "same-colour".',
        ),
        (
            changed(["rules"], None),
            "match.rules",
            "match.rules must be a rules object once a game is counted.",
        ),
        (
            changed(["games"], {}),
            "match.games",
            "match.games must be a list of at most 10000 games.",
        ),
        (changed(["games", 0], "won"), "match.games[0]", "match.games[0] must be an object."),
        (
            changed(["games", 1, "time"], 3),
            "match.games[1].time",
            "match.games[1].time is not part of a match.",
        ),
        (
            changed(["games", 1, "player"], "Cy"),
            "match.games[1].player",
            'match.games[1].player: "Cy" is not a player of this match; '
            "the players are Ann and Ben.",
        ),
        (
            changed(["games", 0, "result"], "draw"),
            "match.games[0].result",
            'match.games[0].result must be one of "won", "lost", not "draw".',
        ),
        (
            changed(["games", 0, "total"], 53),
            "match.games[0].total",
            "match.games[0].total must be from 1 to 52, not 53.",
        ),
        (
            changed(["games", 0, "removed"], -2),
            "match.games[0].removed",
            "match.games[0].removed must be at least 0, not -2.",
        ),
        (
            changed(["games", 0, "removed"], 4),
            "match.games[0].removed",
            "match.games[0].removed: 4 cards removed is more than the 2 cards of the game.",
        ),
        (
            changed(["games", 0, "deal"], -1),
            "match.games[0].deal",
            "match.games[0].deal: -1 is not a deal number "
            "(a whole number from 0 to 4294967295, or null).",
        ),
        (
            changed(["target"], 1),
            "match.games[1]",
            "match.games[1]: the game before it decided the match "
            "(Ann reached the target of 1), so no game can follow.",
        ),
    ],
)
def test_a_bad_match_json_is_refused_naming_the_first_bad_part(data, path, message):
    with pytest.raises(StateError) as caught:
        Match.from_json(data)
    assert caught.value.path == path
    assert str(caught.value) == message
