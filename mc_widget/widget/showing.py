"""The traits follow the game: every change of it, whoever made it, shown as one message.

Why: Python and the board agree at every moment. A change made through
``w.game``, ``w`` or a view updates ``state``, its revision, ``clock``,
``feedback`` and ``selected`` together, and every observer runs once all of
them are new (docs/architecture.md, "The widget (sync)").
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..board_values import verdict
from ..engine import IllegalMove
from ..engine.game import Game
from .clock import next_clock
from .feedback import feedback_for
from .narration import card_left, narrate, narrate_change, walk_feedback
from .serial import serialised
from .values import holds_card

__all__ = ["Showing"]


class Showing:
    """The widget's side of the game's changes (mixed into ``MonteCarloWidget``)."""

    def _game_changed(self, game: Game) -> None:
        """The game changed (from Python or a verified front-end state): show it.

        A change made from Python also moves the clock, in the same message
        as the state, but never starts it (:func:`next_clock` with
        ``starts=False``); a front-end change brings its own clock, or, sent
        without one, starts it like the learner's move it is. Unless a
        widget method words it, or a view sent its own, the status line
        narrates the change (:func:`narrate_change`), and a selection whose
        card left its cell is cleared.
        """
        before, self._shown = self._shown, game.state
        change = self._change
        with self._changing():
            state = game.to_state()
            self._pushed = state
            self.state = state
            # The same message as `state`: a view sees the state and its revision together.
            made = self._revisions.made(change.author, game.state)
            self._sync = {**self._sync, "revision": made}
            # A view's message makes one change; any other made meanwhile (a
            # `w.game.on_change` listener's move) is Python's.
            self._change = replace(self._change, author=None)
            brought = change.brought or frozenset()
            if "clock" not in brought:
                finished = game.status != "playing"
                self.clock = next_clock(
                    self.clock, state, finished, self._now(), starts=change.brought is not None
                )
            if not change.worded and "feedback" not in brought:
                self.feedback = narrate_change(self._game, before, game.state, self.predict)
            self._update_winnable()
            selected = self.selected
            if selected is not None and (
                not holds_card(selected, self.state)
                or (
                    "selected" not in brought  # a view's own new selection stands
                    and card_left(selected, before, game.state)
                )
            ):
                self.set_trait("selected", None)  # its card left: not Python pointing
            pointed = self._pointer.get("cell")
            if pointed is not None and card_left(pointed, before, game.state):
                # The views drop it themselves; a view drawn later must not take it.
                self._pointer = {**self._pointer, "cell": None}

    def _game_refused(self, game: Game, error: Exception) -> None:
        """A ``w.game`` action was refused: the board says why (the caller gets the error)."""
        if not self._change.worded:
            self.feedback = feedback_for(error, self.language)

    @serialised
    def _act(self, name: str, *args: Any) -> Any:
        """Call the game's ``name``; state, clock, selection and feedback go out as one message.

        One message, so every view redraws once, with all four already new
        (not first the new state with the old selection and feedback); and
        observers run once all four are new. A step that finds nothing left
        to do (``consolidate_step`` / ``refill_step`` giving ``None`` with
        the game unchanged) changes no trait. A selection stays unless its
        card left its cell (:meth:`_game_changed`): a teacher's move does not
        take a learner's selection away.
        """
        before = self._game.state
        with self._changing():
            with self._making(worded=True):
                try:
                    result = getattr(self._game, name)(*args)
                except ValueError as error:
                    self.feedback = feedback_for(error, self.language)
                    raise
            if name == "walk_to":  # the step is narrated, even when the state is unchanged
                self.feedback = walk_feedback(self._game, self.predict)
            elif self._game.state is not before:
                self.feedback = narrate(self._game, name, result, before)
        return result

    def _check_selectable(self, cell: Any) -> None:
        """Raise, with the reason on the board, unless ``cell`` holds a card to select.

        ``IllegalMove`` (``out-of-range``; ``empty-cell`` with the key
        ``select-empty-cell``) or ``ArgumentError`` (not a whole number).
        """
        try:
            self._game.highlights(self._game.check_cell("select", cell))
        except IllegalMove as error:
            if error.reason == "empty-cell":
                # The engine's words are about pairing; here the learner selects.
                error = IllegalMove("empty-cell", "select-empty-cell", error.cells, error.params)
            self.feedback = feedback_for(error, self.language)
            raise error from None
        except ValueError as error:
            self.feedback = feedback_for(error, self.language)
            raise

    def _update_winnable(self, _change: Any = None) -> None:
        """With ``show_winnable`` on, the solver's verdict on the position (None: not known)."""
        self.winnable = verdict(self._game) if self.show_winnable else None
