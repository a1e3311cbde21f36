"""A race in a notebook: two boards of the same deal side by side, one clock and a
race line (RULES.md, "Scoring" and "Variants"; docs/sessions.md, "Races").

Why a module of its own: the race is two ``MonteCarloWidget`` boards and a
small race bar (its own anywidget and bundle, js/race-bar.js), kept in step by
Python; the widget's own module only gains ``MonteCarloWidget.race``. The bar
judges with the JS race rule from the sides Python sends, so an exported page
judges the same way; ``Race.result`` judges with the Python rule.

A board that leaves the race's deal (its New deal button, a load) counts as
not started (playing, 0 removed) until undo brings the deal back: another
deal cannot win the race.

The one clock: the race starts at the first move on either board (each
board's ``clock`` starts at its learner's first move). A player's finish time
is stamped by the race itself, with the kernel's clock (``now``, by default
``wall_clock_ms``), when it first sees that board's game end: never taken from
a view's ``clock["stop"]``.

A side is kept as it was at its first finish (status, cards removed, time):
undo or New deal after it does not reopen it. Once the race rule decides the
race, both sides are frozen: nothing can change the result any more
(RULES.md, "first to clear wins"; ``RaceResult.decided``).
"""

from __future__ import annotations

import pathlib
import threading
from collections.abc import Sequence
from typing import Any

import anywidget
import ipywidgets
import traitlets

from ..engine.errors import ArgumentError
from ..engine.queries import status as game_status
from ..sessions.match import MAX_NAME
from ..sessions.race import MAX_TIME, RaceResult, RaceSide, race_rule, race_texts
from .clock import wall_clock_ms

__all__ = ["Race", "RaceBar"]

_STATIC = pathlib.Path(__file__).parent.parent / "static"


class RaceBar(anywidget.AnyWidget):
    """The race line over two boards: ``players`` (two names), ``sides`` (two
    ``{"status", "removed", "total", "time"}``, time in seconds on the race
    clock at the finish or ``None``), ``start`` (the race clock's start, ms
    since 1970, or ``None``) and ``texts`` (the ``race.*`` templates in the
    board's language), ``start_layout`` and ``rules`` (the race's start layout
    and rules JSON; not ``layout``, which is every ipywidget's Layout widget).
    Python sets every trait; a view sets none."""

    _esm = _STATIC / "race-bar.js"
    _css = _STATIC / "race-bar.css"

    players = traitlets.List(traitlets.Unicode()).tag(sync=True)
    sides = traitlets.List(traitlets.Dict()).tag(sync=True)
    start = traitlets.Float(None, allow_none=True).tag(sync=True)
    texts = traitlets.Dict().tag(sync=True)
    #: The race's start layout (layout notation) and rules (their JSON): an
    #: exported page checks both boards against them.
    start_layout = traitlets.Unicode("").tag(sync=True)
    rules = traitlets.Dict().tag(sync=True)

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """A view's update is refused whole: the bar shows what Python judged."""

    def race_model(self) -> dict[str, Any]:
        """What an exported page keeps of the bar: ``{"players", "texts", "layout",
        "rules"}`` (the race's start layout and rules, which both boards after
        it must have; its sides and clock it takes from those boards)."""
        return {
            "players": list(self.players),
            "texts": dict(self.texts),
            "layout": self.start_layout,
            "rules": dict(self.rules),
        }


def _check_players(players: Any) -> tuple[str, str]:
    names = tuple(players) if isinstance(players, (list, tuple)) else ()
    good = (
        len(names) == 2
        and all(isinstance(n, str) and n.strip() and len(n) <= MAX_NAME for n in names)
        and names[0] != names[1]
    )
    if not good:
        raise ArgumentError("race", players, "api.race-players", {"length": MAX_NAME})
    return names  # type: ignore[return-value]


class Race(ipywidgets.VBox):
    """Two players racing the same deal: the race bar over two boards side by side.

    Made by ``MonteCarloWidget.race(deal=7, players=("Ann", "Ben"),
    rules="standard")`` (``board`` is then ``MonteCarloWidget``): ``deal``
    an int ``0 … 2**32 - 1`` or ``None`` (a random deal, the same on both
    boards), ``rules`` as for a
    board, ``players`` two different names (non-empty text of at most 40
    characters: ``ArgumentError``, key ``api.race-players``); other keywords
    go to both boards (``lang="de"``, ``size="large"``). Each board is
    titled with its player's name. Displayable (an ipywidgets ``VBox``).

    ``boards``: the two ``MonteCarloWidget``; ``bar``: the :class:`RaceBar`;
    ``sides``: the two :class:`RaceSide`; ``result``: the
    :class:`RaceResult` by RULES.md's race rule (``winner`` 0 is the first
    player). ``now`` (keyword, also given to both boards): the clock that
    stamps each finish, ms since 1970 (default ``wall_clock_ms``). A side is
    kept from its first finish, and the result once decided never changes.
    """

    def __init__(
        self,
        board: type,
        deal: int | None = None,
        *,
        players: Sequence[str] = ("Ann", "Ben"),
        rules: Any = "standard",
        **kwargs: Any,
    ) -> None:
        from ..engine.game import Game

        names = _check_players(players)
        game = Game(deal, rules=rules)  # a bad deal or rules raises before any board
        number, self._layout = game.deal, game.state.start
        self.players: tuple[str, str] = names
        self._now = kwargs.setdefault("now", wall_clock_ms)
        # Each side as it was at its first finish; both sides once decided.
        self._finished: list[dict[str, Any] | None] = [None, None]
        self._decided: tuple[float | None, list[dict[str, Any]]] | None = None
        self.boards = tuple(board(number, rules=rules, title=name, **kwargs) for name in names)
        self._lock = threading.RLock()
        self.bar = RaceBar(
            players=list(names),
            texts=race_texts(self.boards[0].language),
            start_layout=self._layout,
            rules=game.rules.to_json(),
        )
        row = ipywidgets.HBox(list(self.boards), layout=ipywidgets.Layout(flex_flow="row wrap"))
        row.add_class("mcw-race-row")  # race-bar.css: the two tableaux stay level
        super().__init__([self.bar, row])
        for shown in self.boards:
            shown.observe(self._follow, names=["state", "clock"])
        self.boards[0].observe(self._follow_language, names=["lang", "_messages"])
        self._follow()

    # ------------------------------------------------------------------ reading

    @property
    def start(self) -> float | None:
        """The race clock's start: the first move on either board (ms since 1970), or ``None``."""
        starts = [b.clock.get("start") for b in self.boards]
        known = [s for s in starts if isinstance(s, (int, float))]
        return min(known) if known else None

    def _live(self, board: Any) -> dict[str, Any]:
        state = board.game.state  # read once: a view's thread may change the board
        total = state.total
        if state.start != self._layout:
            # A new deal or a load on a race board leaves the race's deal: that
            # board counts as not started until undo brings the deal back.
            return {"status": "playing", "removed": 0, "total": total, "time": None}
        removed = state.removed
        return {"status": game_status(state), "removed": removed, "total": total, "time": None}

    def _current(self) -> tuple[float | None, list[dict[str, Any]]]:
        """The race clock's start and the two sides (as the bar's dicts): a side
        from its first finish, both frozen once the race is decided."""
        with self._lock:
            if self._decided is not None:
                return self._decided[0], [dict(side) for side in self._decided[1]]
            start = self.start
            sides = []
            for k, board in enumerate(self.boards):
                side = self._finished[k]
                if side is None:
                    side = self._live(board)
                    if side["status"] != "playing":
                        if start is not None:
                            side["time"] = min(max((self._now() - start) / 1000, 0.0), MAX_TIME)
                        self._finished[k] = side
                sides.append(dict(side))
            if race_rule(*(_race_side(side) for side in sides)).decided:
                self._decided = (start, [dict(side) for side in sides])
            return start, sides

    @property
    def sides(self) -> tuple[RaceSide, RaceSide]:
        """Each player's :class:`RaceSide`: status, cards removed, finish time (s)."""
        _, (a, b) = self._current()
        return _race_side(a), _race_side(b)

    @property
    def result(self) -> RaceResult:
        """The race's :class:`RaceResult` by RULES.md's race rule (Python's engine)."""
        return race_rule(*self.sides)

    @property
    def winner(self) -> str | None:
        """The winner's name once decided, else ``None`` (also for a tie)."""
        found = self.result
        return None if found.winner is None else self.players[found.winner]

    def __repr__(self) -> str:
        a, b = self.sides
        return (
            f"<Race {self.players[0]} {a.removed}/{self.boards[0].game.total} {a.status},"
            f" {self.players[1]} {b.removed}/{self.boards[1].game.total} {b.status}:"
            f" {self.result.reason}>"
        )

    # ------------------------------------------------------------------ following the boards

    def _follow(self, _change: Any = None) -> None:
        with self._lock:
            start, sides = self._current()
            with self.bar.hold_sync():
                self.bar.start = start
                self.bar.sides = sides

    def _follow_language(self, _change: Any = None) -> None:
        with self._lock:
            self.bar.texts = race_texts(self.boards[0].language)


def _race_side(side: dict[str, Any]) -> RaceSide:
    return RaceSide(side["status"], side["removed"], side["time"])
