"""A match: won and lost games counted until a player reaches the target
(RULES.md, "Scoring"; the contract is docs/sessions.md).

A board keeps a match across deals and a notebook saves one, so a match is a
plain value with a JSON form that is read as hostile input, field by field,
like the state JSON; its score line comes from the catalogue, in the
board's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.actions import status
from ..engine.deals import check_deal
from ..engine.errors import (
    ArgumentError,
    DealError,
    EngineError,
    StateError,
    excerpt,
    is_int,
    show_value,
)
from ..engine.game import Game
from ..engine.messages import check_language, format_list, format_message
from ..engine.rules import Rules, resolve_rules

__all__ = ["MAX_GAMES", "MAX_NAME", "MAX_PLAYERS", "MAX_TARGET", "Match", "MatchError", "MatchGame"]

#: The player of a one-player match when no name is given.
DEFAULT_PLAYER = "player"
#: Bounds on a match, so that a match JSON from anywhere stays small.
MAX_TARGET = 100
MAX_PLAYERS = 8
MAX_NAME = 40
MAX_GAMES = 10_000

_RESULTS = ("won", "lost")
#: Between the players' scores: an en dash with spaces, the same in every language.
_BETWEEN = " \u2013 "
_MATCH_KEYS = ("target", "players", "rules", "games")
_GAME_KEYS = ("player", "result", "removed", "total", "deal")


class MatchError(EngineError):
    """A game a match refuses to count: still being played, after the match was
    decided, or played by other rules than the match's (keys ``match-error.*``).
    The match is unchanged."""


@dataclass(frozen=True, slots=True)
class MatchGame:
    """One counted game: ``player``, ``result`` (``"won"`` or ``"lost"``),
    ``removed`` and ``total`` cards, and ``deal`` (``None`` for a game loaded
    from a layout). JSON: ``{"player", "result", "removed", "total", "deal"}``."""

    player: str
    result: str
    removed: int
    total: int
    deal: int | None

    def to_json(self) -> dict[str, Any]:
        """The game as its JSON object (a new dict)."""
        return {
            "player": self.player,
            "result": self.result,
            "removed": self.removed,
            "total": self.total,
            "deal": self.deal,
        }


def _good_name(name: Any) -> bool:
    return isinstance(name, str) and bool(name.strip()) and len(name) <= MAX_NAME


def _check_target(target: Any, function: str) -> int:
    if not is_int(target) or not 1 <= target <= MAX_TARGET:
        raise ArgumentError(function, target, "api.match-target", {"max": MAX_TARGET})
    return target


def _check_players(players: Any, function: str) -> tuple[str, ...]:
    if players is None:
        return (DEFAULT_PLAYER,)
    names = tuple(players) if isinstance(players, (list, tuple)) else ()
    if (
        not 1 <= len(names) <= MAX_PLAYERS
        or not all(_good_name(name) for name in names)
        or len(set(names)) != len(names)
    ):
        params = {"max": MAX_PLAYERS, "length": MAX_NAME}
        raise ArgumentError(function, players, "api.match-players", params)
    return names


class Match:
    """A match (RULES.md, "Scoring"): a won game counts 1, a lost game 0, and the
    first player whose wins reach ``target`` wins the match.

    ``Match(target=10)`` is a session of one learner (``players`` defaults to
    one player, ``"player"``); ``Match(10, players=("Ann", "Ben"))`` a match
    between players, each game recorded with ``player=``. ``rules`` (a preset
    name, a rules JSON object or a ``Rules``) fixes the rules; left ``None``,
    the first recorded game fixes them. Raises ``ArgumentError`` for a target
    outside 1 … 100, players that are not a list of 1 … 8 different
    non-empty names of at most 40 characters, and ``StateError`` for bad
    rules. See docs/sessions.md.
    """

    __slots__ = ("_games", "_players", "_rules", "_target")

    def __init__(
        self,
        target: int = 10,
        players: Sequence[str] | None = None,
        *,
        rules: Rules | str | dict[str, Any] | None = None,
    ) -> None:
        self._target = _check_target(target, "Match")
        self._players = _check_players(players, "Match")
        self._rules = None if rules is None else resolve_rules(rules)
        self._games: list[MatchGame] = []

    # ------------------------------------------------------------------ reading

    @property
    def target(self) -> int:
        """The number of wins that wins the match."""
        return self._target

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, in the order given."""
        return self._players

    @property
    def rules(self) -> Rules | None:
        """The rules every game of the match is played by (``None`` until fixed)."""
        return self._rules

    @property
    def games(self) -> tuple[MatchGame, ...]:
        """The counted games, in the order recorded."""
        return tuple(self._games)

    @property
    def wins(self) -> dict[str, int]:
        """``{player: games won}`` for every player (a new dict)."""
        return {
            p: sum(g.player == p and g.result == "won" for g in self._games) for p in self._players
        }

    @property
    def losses(self) -> dict[str, int]:
        """``{player: games lost}`` for every player (a new dict)."""
        return {
            p: sum(g.player == p and g.result == "lost" for g in self._games) for p in self._players
        }

    @property
    def score(self) -> tuple[int, ...]:
        """The score as the score line shows it: one player ``(wins, losses)``;
        several players each one's wins, in the order of :attr:`players`."""
        wins = self.wins
        if len(self._players) == 1:
            return (wins[self._players[0]], self.losses[self._players[0]])
        return tuple(wins[p] for p in self._players)

    @property
    def winner(self) -> str | None:
        """The player whose wins reached the target, or ``None`` while undecided."""
        wins = self.wins
        return next((p for p in self._players if wins[p] >= self._target), None)

    def score_line(self, lang: str = "en") -> str:
        """The score in words, in ``lang`` (one of the board's six languages):
        ``"3\u20131, first to 10"`` for one player, ``"Ann 3 \u2013 Ben 1, first
        to 10"`` for several (``\u2013``: an en dash), and who won once the match
        is decided. ``ValueError``
        for an unknown language."""
        check_language(lang)
        winner = self.winner
        if len(self._players) == 1:
            wins, losses = self.score
            params = {"wins": wins, "losses": losses, "target": self._target}
            key = "match.won-one" if winner else "match.score-one"
            return format_message(key, params, lang)
        wins_of = self.wins
        scores = _BETWEEN.join(
            format_message("match.player-score", {"player": p, "wins": wins_of[p]}, lang)
            for p in self._players
        )
        if winner is None:
            return format_message("match.score", {"scores": scores, "target": self._target}, lang)
        params = {"scores": scores, "target": self._target, "player": winner}
        return format_message("match.won", params, lang)

    def __repr__(self) -> str:
        return f"<Match {self.score_line()}; {len(self._games)} games>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Match):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # a match changes

    # ------------------------------------------------------------------ recording

    def record(self, game: Game | str, player: str | None = None) -> MatchGame:
        """Count a finished game for ``player`` and return its :class:`MatchGame`.

        ``game`` is a ``Game`` or a game record's text (read with
        ``Game.from_record``, which raises ``RecordError`` for a bad one).
        ``player`` may be left out in a one-player match. Raises, in this
        order and changing nothing: ``ArgumentError`` for a ``game`` of
        another type or a ``player`` not of the match; ``MatchError`` when the
        match is already decided (``match-error.decided``), when it already
        holds 10,000 games, when the game is still being played
        (``match-error.playing``), or when its rules differ from the match's
        (``match-error.other-rules``: a match fixes its rules at its first
        game, so Thirteens and Monte Carlo are never mixed).
        """
        if isinstance(game, str):
            game = Game.from_record(game)
        elif not isinstance(game, Game):
            raise ArgumentError("record", game, "api.match-game")
        if player is None and len(self._players) == 1:
            player = self._players[0]
        if not isinstance(player, str) or player not in self._players:
            players = format_list(self._players)
            raise ArgumentError("record", player, "api.match-player", {"players": players})
        self._check_open()
        state = game.state
        result = status(state)
        if result == "playing":
            raise MatchError(
                "match-error.playing", {"removed": state.removed, "total": state.total}
            )
        if self._rules is not None and state.rules != self._rules:
            names = {"expected": excerpt(self._rules.name), "got": excerpt(state.rules.name)}
            raise MatchError("match-error.other-rules", names)
        self._rules = state.rules
        entry = MatchGame(player, result, state.removed, state.total, state.deal)
        self._games.append(entry)
        return entry

    def _check_open(self) -> None:
        winner = self.winner
        if winner is not None:
            if len(self._players) == 1:
                raise MatchError("match-error.decided-one", {"target": self._target})
            raise MatchError("match-error.decided", {"player": winner, "target": self._target})
        if len(self._games) >= MAX_GAMES:
            raise MatchError("match-error.too-many-games", {"max": MAX_GAMES})

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        """``{"target", "players", "rules", "games"}``: rules JSON or null, the
        games as :meth:`MatchGame.to_json` (a new dict)."""
        return {
            "target": self._target,
            "players": list(self._players),
            "rules": None if self._rules is None else self._rules.to_json(),
            "games": [game.to_json() for game in self._games],
        }

    @classmethod
    def from_json(cls, data: Any) -> Match:
        """Read a match JSON object, checked field by field like the state JSON.

        Raises ``StateError`` whose ``path`` names the first bad part
        (``match.target``, ``match.players[1]``, ``match.rules.pair``,
        ``match.games[3].removed``, …): a missing or unknown key, a value of
        the wrong type or range, a player named twice, a game of no player
        of the match, more cards removed than the game has, games without
        rules, or a game after the one that decided the match.
        """
        if not isinstance(data, dict):
            raise StateError("match", "state.type", {"expected": "an object"})
        _keys(data, _MATCH_KEYS, "match")
        target = data["target"]
        if not is_int(target):
            raise StateError("match.target", "state.type", {"expected": "a whole number"})
        if not 1 <= target <= MAX_TARGET:
            params = {"low": 1, "high": MAX_TARGET, "value": show_value(target)}
            raise StateError("match.target", "state.range", params)
        match = cls(target, _read_players(data["players"]))
        if data["rules"] is not None:
            match._rules = Rules.from_json(data["rules"], "match.rules")
        games = data["games"]
        if not isinstance(games, list) or len(games) > MAX_GAMES:
            expected = f"a list of at most {MAX_GAMES} games"
            raise StateError("match.games", "state.type", {"expected": expected})
        if games and match._rules is None:
            expected = "a rules object once a game is counted"
            raise StateError("match.rules", "state.type", {"expected": expected})
        wins = dict.fromkeys(match.players, 0)
        winner = None
        for k, item in enumerate(games):
            path = f"match.games[{k}]"
            if winner is not None:
                params = {"player": winner, "target": target}
                raise StateError(path, "match-error.after-decided", params)
            game = _read_game(item, match, path)
            match._games.append(game)
            wins[game.player] += game.result == "won"
            if wins[game.player] >= target:
                winner = game.player
        return match


def _keys(data: dict[str, Any], keys: tuple[str, ...], path: str) -> None:
    for key in data:
        if key not in keys:
            raise StateError(f"{path}.{excerpt(str(key))}", "match-error.unknown")
    for key in keys:
        if key not in data:
            raise StateError(f"{path}.{key}", "state.missing")


def _read_players(data: Any) -> tuple[str, ...]:
    if not isinstance(data, list) or not 1 <= len(data) <= MAX_PLAYERS:
        expected = f"a list of 1 to {MAX_PLAYERS} names"
        raise StateError("match.players", "state.type", {"expected": expected})
    for k, name in enumerate(data):
        path = f"match.players[{k}]"
        if not _good_name(name):
            expected = f"a name: text, not empty, of at most {MAX_NAME} characters"
            raise StateError(path, "state.type", {"expected": expected})
        if name in data[:k]:
            raise StateError(path, "match-error.duplicate", {"value": show_value(name)})
    return tuple(data)


def _whole(value: Any, path: str) -> int:
    if not is_int(value):
        raise StateError(path, "state.type", {"expected": "a whole number"})
    return value


def _read_game(data: Any, match: Match, path: str) -> MatchGame:
    if not isinstance(data, dict):
        raise StateError(path, "state.type", {"expected": "an object"})
    _keys(data, _GAME_KEYS, path)
    player = data["player"]
    if not isinstance(player, str) or player not in match.players:
        params = {"value": show_value(player), "players": format_list(match.players)}
        raise StateError(f"{path}.player", "match-error.player", params)
    result = data["result"]
    if result not in _RESULTS:
        params = {"choices": '"won", "lost"', "value": show_value(result)}
        raise StateError(f"{path}.result", "state.choice", params)
    assert match.rules is not None
    total = _whole(data["total"], f"{path}.total")
    if not 1 <= total <= match.rules.deck_size:
        params = {"low": 1, "high": match.rules.deck_size, "value": show_value(total)}
        raise StateError(f"{path}.total", "state.range", params)
    removed = _whole(data["removed"], f"{path}.removed")
    if removed < 0:
        raise StateError(f"{path}.removed", "state.at-least", {"low": 0, "value": removed})
    if removed > total:
        params = {"removed": removed, "total": total}
        raise StateError(f"{path}.removed", "match-error.removed", params)
    deal = data["deal"]
    if deal is not None:
        try:
            check_deal(deal)
        except DealError:
            raise StateError(f"{path}.deal", "state.deal", {"value": show_value(deal)}) from None
    return MatchGame(player, result, removed, total, deal)
