"""Sessions on a board: a match, each finished game of the board counted once, and
``MonteCarloWidget.race`` (docs/sessions.md, "A match on a board", "Races";
RULES.md, "Scoring"). The race itself is mc_widget/widget/race.py.

Why here: the board knows when a game ends, the ``Match`` only counts what it
is given; this mixin joins the two without growing the widget's own module.
``match`` is Python's alone (a ``Match`` never goes to a view); the score
line the board shows, ``match_line``, is made in the board's language and
synced as plain text.

Decisions: a game counts once, at its first finish by a move (won or
blocked); undo and redo never change the match (an undone win stays
counted: the match counts what was played, and redoing it does not count
it twice, nor does finishing it again after other games: the board keeps
every game it counted); a new deal or a load starts the next game to count.
A match that is decided takes no more games: the board plays on and its
line says so. A match shared by boards of other rules fixes its rules at
its first game; a game of other rules is then refused: the board plays on,
its line is brought up to date and its feedback says why
(``match-error.other-rules``).
"""

from __future__ import annotations

import json
from typing import Any

import traitlets

from ..engine import State
from ..engine.actions import status
from ..engine.errors import show_value
from ..engine.game import Game
from ..sessions import Match, MatchError
from .feedback import feedback_for

__all__ = ["MatchBoard", "forward_finish"]


def forward_finish(before: State, after: State) -> bool:
    """Whether the change ``before`` → ``after`` finished a game by a move: ``after``
    is won or blocked, ``before`` was the same game still playing, and the change
    was a new move (the history grew past ``before``'s cursor), not undo or redo."""
    if status(after) == "playing" or status(before) != "playing":
        return False
    same_game = (
        after.start == before.start
        and after.deal == before.deal
        and after.previous_game == before.previous_game
    )
    if not same_game or after.cursor <= before.cursor:
        return False  # another game (undo of a new deal) or undo
    # Redo replays the history as it was; a new move replaces what followed the cursor.
    return after.history[: before.cursor] == before.history[: before.cursor] and (
        after.history != before.history or before.cursor == len(before.history)
    )


def _record_set(record: Any) -> dict[str, Any]:
    """The set a practice record names, read without checking the rest (the
    board checks the whole record); ``{}`` when it cannot be read so cheaply."""
    from ..practice.record import MAX_RECORD_CHARS

    try:
        if isinstance(record, str):
            record = json.loads(record) if len(record) <= MAX_RECORD_CHARS else {}
        held = record.get("set") if isinstance(record, dict) else None
    except (ValueError, RecursionError):
        return {}
    return held if isinstance(held, dict) else {}


def _game_key(state: State) -> tuple[Any, ...]:
    return (state.start, state.deal, state.previous_game)


class MatchBoard(traitlets.HasTraits):
    """The board's sessions (mixed into ``MonteCarloWidget`` before ``Showing``):
    its match, and :meth:`race`, the constructor of two boards racing.

    ``match``: a one-player :class:`~mc_widget.Match` or ``None`` (the
    default); ``MonteCarloWidget(match=Match(10))`` or ``w.match = m``. Each
    finished game of the board is recorded into it once. ``TraitError`` for
    a match of several players (a board is one learner's) or of other rules
    than the board's. ``match_line``: the match's score line in the board's
    language (``"3\u20131, first to 10"``), ``""`` without a match.
    """

    match = traitlets.Instance(Match, allow_none=True, default_value=None)
    match_line = traitlets.Unicode("").tag(sync=True)

    @classmethod
    def race(cls, deal: int | None = None, **kwargs: Any) -> Any:
        """Two players racing deal ``deal`` on two boards: a displayable ``Race``
        (``players=("Ann", "Ben")``, ``rules=``; mc_widget/widget/race.py,
        docs/sessions.md, "Races"); ``race.result`` judges it by RULES.md."""
        from .race import Race

        return Race(cls, deal, **kwargs)

    @classmethod
    def practice(
        cls,
        kind: str = "mixed",
        level: int = 1,
        seed: int = 0,
        n: int = 10,
        rules: str = "standard",
        *,
        record: Any = None,
        **kwargs: Any,
    ) -> Any:
        """A practice set of ``n`` generated exercises of ``kind`` (or ``"mixed"``)
        at ``level`` 1 to 3 from ``seed`` under the preset ``rules``: a displayable
        ``PracticeBoard`` (mc_widget/widget/practice_board.py, docs/practice.md,
        "The practice board"); ``lang="de"`` its language.

        ``record`` (a practice record, its object or text, e.g. ``w.record()``
        saved before the cell was run again): the board takes the set up where
        the record left it. The record is checked (``check_record``) as the
        board is made; its set
        is the board's, and a set argument given other than its default must
        agree with it. ``PracticeError`` naming a bad argument, a forged
        record or a disagreeing set argument (``record.set.seed``);
        ``TraitError`` for a bad ``lang``. No board is made then.
        """
        from ..practice import PracticeError, PracticeSet
        from .practice_board import PracticeBoard

        if record is None:
            return PracticeBoard(PracticeSet(kind, level, n, seed, rules), **kwargs)
        held = _record_set(record)
        asked = {"kind": kind, "level": level, "n": n, "seed": seed, "rules": rules}
        defaults = {"kind": "mixed", "level": 1, "n": 10, "seed": 0, "rules": "standard"}
        for name, value in asked.items():
            if not held or (value == defaults[name] and type(value) is type(defaults[name])):
                continue  # an unreadable record: the board's check names its fault
            if name not in held or value != held[name] or type(value) is not type(held[name]):
                raise PracticeError(
                    f"record.set.{name}",
                    "practice-board.other-set",
                    {"value": show_value(held.get(name)), "expected": show_value(value)},
                )
        return PracticeBoard.from_record(record, **kwargs)

    @traitlets.validate("match")
    def _validate_match(self, proposal: traitlets.Bunch) -> Match | None:
        match = proposal["value"]
        if match is None:
            return None
        if len(match.players) != 1:
            raise traitlets.TraitError(
                f"match: a board counts one player's games; this match has {len(match.players)}"
                " players (record their games with Match.record(game, player=…))"
            )
        if match.rules is not None and match.rules != self._game.rules:
            raise traitlets.TraitError(
                f"match: this match is played by {match.rules.name},"
                f" the board by {self._game.rules.name}"
            )
        return match

    @traitlets.observe("match")
    def _match_set(self, _change: Any = None) -> None:
        self._match_counted: set[tuple[Any, ...]] = set()
        self._show_match()

    def _show_match(self) -> None:
        match = self.match
        self.match_line = "" if match is None else match.score_line(self.language)

    def _game_changed(self, game: Game) -> None:
        before = self._shown
        super()._game_changed(game)  # type: ignore[misc]
        match, after = self.match, game.state
        if match is None or not forward_finish(before, after):
            return
        key = _game_key(after)
        counted = self.__dict__.setdefault("_match_counted", set())
        if key in counted:
            return  # this game was counted at its first finish (maybe games ago)
        try:
            match.record(game)
        except MatchError as error:
            # Decided: the line says so. Other rules (a match shared with a board
            # of other rules, which fixed them first): the board says why.
            if error.key != "match-error.decided" and error.key != "match-error.decided-one":
                self.__dict__["_match_refused"] = feedback_for(error, self.language)
            self._show_match()
            return
        counted.add(key)
        self._show_match()

    # A refusal is said after the move's own narration, which would cover it.
    def _act(self, name: str, *args: Any) -> Any:
        self.__dict__.pop("_match_refused", None)
        try:
            return super()._act(name, *args)  # type: ignore[misc]
        finally:
            self._say_match_refusal()

    def _take_update(self, sync_data: dict[str, Any]) -> None:
        self.__dict__.pop("_match_refused", None)
        try:
            super()._take_update(sync_data)  # type: ignore[misc]
        finally:
            self._say_match_refusal()

    def _say_match_refusal(self) -> None:
        refused = self.__dict__.pop("_match_refused", None)
        if refused is not None:
            self.feedback = refused

    def _language_changed(self, _change: Any = None) -> None:
        super()._language_changed(_change)  # type: ignore[misc]
        self._show_match()
