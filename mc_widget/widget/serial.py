"""One change at a time: the board's lock around every way in, and the change in progress.

Why: a view's message may arrive on a comm subshell's thread (ipykernel 7)
while a cell changes the board; one re-entrant lock per board (``Game.lock``)
makes them take turns (docs/architecture.md, "The widget (sync)", threads).
What one trait assignment means depends on who makes the change under way:
that is one record, :class:`Change`, set by :meth:`Serialised._making`.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

import anywidget

__all__ = ["Change", "Serialised", "serialised"]


@dataclass(frozen=True)
class Change:
    """The change in progress: who makes it, and what that means for the traits.

    ``author``: who makes the game's change, for ``_sync.revision`` (a view's
    client id, ``"?"`` for a whole state a view sent, ``None`` for Python
    code). ``brought``: the traits a view's change brought (its clock,
    feedback, selection stand), ``None`` for Python's own change.
    ``worded``: a widget method words the feedback itself (no narration).
    The author counts for one change of the game: once it is made,
    ``Showing._game_changed`` clears it for the rest of the block, so a move
    a ``w.game.on_change`` listener makes meanwhile is Python's.
    """

    author: str | None = None
    brought: frozenset[str] | None = None
    worded: bool = False


def serialised(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` run holding the widget's lock (one change at a time, whatever the thread)."""

    @functools.wraps(method)
    def holding_the_lock(self: Any, *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            return method(self, *args, **kwargs)

    return holding_the_lock


class Serialised(anywidget.AnyWidget):
    """An anywidget whose every way in (an attribute set, ``set_trait``, a view's
    message) holds the board's lock, and which knows the change in progress."""

    _lock: Any  # the game's re-entrant lock, set before the traits are made
    _change: Change = Change()  # Python's, when nothing else is under way

    @contextlib.contextmanager
    def _making(self, **fields: Any) -> Iterator[Change]:
        """Make the change in progress ``fields`` (of :class:`Change`) for the block,
        then the one before again. Nested blocks keep the fields they do not set
        (none is nested today; an inner block's end would bring back its outer
        author even after a change used it)."""
        before = self._change
        self._change = replace(before, **fields)
        try:
            yield self._change
        finally:
            self._change = before

    @contextlib.contextmanager
    def _changing(self) -> Iterator[None]:
        """Change several traits as one: one message to the views, observers after all.

        Trait observers (``w.observe``) run when the block ends, so each one
        sees every trait and the game already new; the views get one message.
        """
        with self.hold_sync(), self.hold_trait_notifications():
            yield

    def __setattr__(self, name: str, value: Any) -> None:
        """Set an attribute holding the widget's lock: a trait set from a cell
        (``w.size = "large"``) waits for a view's move being taken on another
        thread, and its observers run in turn. ``w.selected = cell`` from
        Python code points, as ``select`` does (every view shows it)."""
        lock = self.__dict__.get("_lock")
        if lock is None:  # still being made
            super().__setattr__(name, value)
            return
        with lock:
            if name == "selected":  # the widget's own changes use set_trait
                with self._changing():
                    super().__setattr__(name, value)
                    self._point(value)
                return
            super().__setattr__(name, value)

    def set_trait(self, name: str, value: Any) -> None:
        """traitlets' ``set_trait``, holding the widget's lock."""
        with self._lock:
            super().set_trait(name, value)

    def _handle_msg(self, msg: dict[str, Any]) -> None:
        """ipywidgets' handler of every message from a view (an update, a
        custom message), holding the widget's lock: with ipykernel 7 it may
        run on a comm subshell's thread while a cell changes the board."""
        with self._lock:
            super()._handle_msg(msg)

    # ipywidgets' private parts, used here alone (the rest of the widget
    # goes through the two methods below).

    @contextlib.contextmanager
    def _lock_property(self, **properties: Any) -> Iterator[None]:
        # ipywidgets' property lock (a value a view sent is not sent back to
        # it as a change), made re-entrant: a verified whole state holds it
        # until the held notifications have fired, around ipywidgets' own
        # set_state (commits.py, _set_verified), which takes it again.
        if self._property_lock:
            yield
            return
        with super()._lock_property(**properties):
            yield

    def _send_again(self, names: list[str]) -> None:
        """Send the traits ``names`` as Python holds them with what changes in the
        ``hold_sync`` under way: ipywidgets keeps that set in ``_states_to_send``
        and has no public way to add to it (a view that set them for a move
        refused must take Python's values back in the same message as its ack)."""
        self._states_to_send.update(names)

    def _point(self, cell: int | None) -> None:
        """Python points at ``cell`` (``None``: at nothing): every view selects it.

        ``_pointer.n`` counts the pointings, so a view takes the cell when it
        changes, even to the cell already pointed at. Call inside a change.
        """
        self._pointer = {"n": self._pointer.get("n", 0) + 1, "cell": cell}
