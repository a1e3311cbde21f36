"""One change at a time, whatever the thread (issue 17, item 4).

With JupyterLab 4.6's ``commsOverSubshells`` and ipykernel 7 a view's
message is taken on a subshell's thread while a cell runs on the main
thread. Before the widget held one lock for every change, a view's commits
on one thread and ``w.remove_pair``/``w.undo`` on another raised
``RuntimeError: Set changed size during iteration`` inside ipywidgets within
a second or two, and a move read from a stale state could overwrite another.

Here two threads drive one board for a few seconds: one plays a view (its
commits through ipywidgets' own message handler, as the comm delivers
them), the other a notebook's cells (widget methods, ``w.game`` calls and
trait sets). Nothing may raise, and at the end the game, the traits and
the revision count agree.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time

from mc_widget import MonteCarloWidget
from mc_widget.engine import verify_state

SECONDS = 3.0
VIEW = "viewAAAA1"


class Comm:
    """A comm with a kernel, so ipywidgets really collects and sends updates."""

    kernel = object()
    comm_id = "comm-1"

    def __init__(self) -> None:
        self.sent = 0

    def send(self, *args, **kwargs) -> None:
        self.sent += 1

    def close(self, *args, **kwargs) -> None:
        pass

    def on_msg(self, *args) -> None:
        pass


def _message(content: dict) -> dict:
    """What the comm hands ipywidgets for a custom message from a view."""
    return {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}


def _update(state: dict) -> dict:
    """What the comm hands ipywidgets for an update (``set_state``) from a view."""
    return {"content": {"data": {"method": "update", "state": state}}, "buffers": []}


def _drive(until: float, step, errors: list[str]) -> None:
    try:
        while time.monotonic() < until:
            step()
    except Exception as error:  # the test reports any
        errors.append(f"{type(error).__name__}: {error}")


def test_a_views_commits_and_a_cells_calls_on_two_threads_take_turns(caplog):
    # Deal 7: 9♠ 9♣ in cells 5 and 10 (the view's pair), A♦ A♣ in 6 and 12
    # and 4♥ 4♦ in 7 and 11 (the cell's pairs).
    w = MonteCarloWidget(deal=7, now=lambda: 1_000.0)
    w.comm = Comm()
    changes = []
    w.game.on_change(lambda game: changes.append(game.state))
    observed = []
    # An observer sees the game and every trait new together, on either thread.
    w.observe(lambda change: observed.append(w.state == w.game.to_state()), names="state")
    errors: list[str] = []
    seq = 0

    def view() -> None:
        nonlocal seq
        for action, traits in (
            ({"type": "remove", "cells": [5, 10]}, {"selected": None}),
            ({"type": "undo"}, {}),
            (None, {"selected": 0}),
        ):
            seq += 1
            content = {
                "type": "commit",
                "client": VIEW,
                "seq": seq,
                "base": w._sync["revision"],
                "action": action,
                "traits": traits,
            }
            w._handle_msg(_message(content))
        w._handle_msg(_update({"size": "large"}))

    def cell() -> None:
        for call in (
            lambda: w.remove_pair(6, 12),
            lambda: w.game.remove_pair(7, 11),
            w.undo,
            lambda: w.game.undo(),
            lambda: setattr(w, "size", "normal"),
            lambda: w.select(0),
        ):
            # A refusal by the rules is fine: the other thread moved first.
            with contextlib.suppress(ValueError):
                call()

    until = time.monotonic() + SECONDS
    with caplog.at_level(logging.WARNING):
        threads = [
            threading.Thread(target=_drive, args=(until, view, errors)),
            threading.Thread(target=_drive, args=(until, cell, errors)),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    assert errors == []
    # ipywidgets logs an exception in its message handler instead of raising it.
    assert [r.getMessage() for r in caplog.records if "Exception" in r.getMessage()] == []
    assert seq > 100 and len(changes) > 100, (seq, len(changes))  # both really ran
    assert w.comm.sent > 0
    # A consistent game: the state verifies, the trait is the game's, one
    # revision per change, every commit answered, every observer saw them agree.
    verify_state(w.state)
    assert w.state == w.game.to_state()
    assert w._sync["revision"] == len(changes)
    assert w._sync["acks"] == {VIEW: seq}
    assert observed and all(observed)
