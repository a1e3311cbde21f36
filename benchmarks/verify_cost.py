"""Verifying a move: milliseconds per move in Python, the commit path against the old path.

Issue 9: a view used to send the whole ``state``, which Python verified by
replaying its whole history (``verify_state``), so each move cost more than
the one before. A view now sends one ``commit`` message per move and Python
applies that one action to its own state. This plays the first ``--actions``
actions (225 by default) of a long game, one verified move at a time, both
ways, on a widget as a comm drives it (``_handle_custom_msg`` /
``set_state``, with their trait updates sent to a comm with no front end):

* commit path: ``{"type": "commit", "client", "seq", "base", "action",
  "traits": {"feedback", "clock"}}``, what js/app/sync.js sends;
* old path: ``set_state({"state", "feedback", "clock"})``, the whole state
  as the old front end sent it (made outside the timing).

A third line, ``unsent``, is the commit path with the trait updates not
handed to the comm: what is left is Python's own work on the move.

The game is the first deal from 0 whose first-pair game played one card at
a time (``engine_speed.play_first_pair(by_steps=True)``) has that many
actions. Each move is timed ``--repeats`` times (a fresh widget each time);
a move's figure is the median of those; the median and the worst are over
the moves. Also printed: move 2 against move 200, and an undo commit at
move 2 and at move 200 (the engine's undo takes the position it kept from
the move it undoes; a state read from JSON would replay).

Run:  .venv/bin/python benchmarks/verify_cost.py [--actions 225] [--repeats 5]
Prints figures; it asserts nothing (tests don't time things).
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from pathlib import Path
from typing import Any

from mc_widget import MonteCarloWidget
from mc_widget.engine.actions import perform

try:
    from engine_speed import play_first_pair
except ImportError:  # run from the repository root as `python benchmarks/verify_cost.py`
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from engine_speed import play_first_pair

CLIENT = "benchmark01"
FEEDBACK = {"key": "status.removed", "params": {"a": "4♣", "b": "4♥"}, "cells": [], "tone": "info"}
CLOCK = {"start": 1000.0, "stop": None}


def long_game(actions: int) -> tuple[int, list[dict[str, Any]]]:
    """``(deal, the first `actions` actions as JSON)`` of the first long enough game."""
    deal = 0
    while True:
        history = play_first_pair(deal, by_steps=True).history
        if len(history) >= actions:
            return deal, [action.to_json() for action in history[:actions]]
        deal += 1


def by_commit(deal: int, actions: list[dict[str, Any]], *, send: bool = True) -> list[float]:
    """Milliseconds for each move sent as a commit; ``send=False``: without the trait
    updates going to the comm (ipywidgets walks the whole state JSON it sends)."""
    w = MonteCarloWidget(deal=deal)
    if not send:
        w.send_state = lambda key=None: None
    times = []
    for seq, action in enumerate(actions, start=1):
        message = {
            "type": "commit",
            "client": CLIENT,
            "seq": seq,
            "base": w._sync["revision"],
            "action": action,
            "traits": {"feedback": FEEDBACK, "clock": CLOCK},
        }
        start = time.perf_counter()
        w._handle_custom_msg(message, [])
        times.append((time.perf_counter() - start) * 1000)
    assert w.game.cursor == len(actions), "a commit was refused"
    return times


def by_state(deal: int, actions: list[dict[str, Any]]) -> list[float]:
    """Milliseconds for each move sent as a whole state (verified by full replay)."""
    w = MonteCarloWidget(deal=deal)
    times = []
    for action in actions:
        state = perform(w.game.state, action)[0].to_json()  # what the view made
        start = time.perf_counter()
        w.set_state({"state": state, "feedback": FEEDBACK, "clock": CLOCK})
        times.append((time.perf_counter() - start) * 1000)
    assert w.game.cursor == len(actions), "a state was refused"
    return times


def undo_at(deal: int, actions: list[dict[str, Any]], move: int) -> float:
    """Milliseconds for an undo commit after ``move`` moves."""
    w = MonteCarloWidget(deal=deal)
    for seq, action in enumerate(actions[:move], start=1):
        message = {"type": "commit", "client": CLIENT, "seq": seq, "base": seq - 1}
        w._handle_custom_msg({**message, "action": action, "traits": {}}, [])
    message = {"type": "commit", "client": CLIENT, "seq": move + 1, "base": move}
    start = time.perf_counter()
    w._handle_custom_msg({**message, "action": {"type": "undo"}, "traits": {}}, [])
    return (time.perf_counter() - start) * 1000


def per_move(runs: list[list[float]]) -> list[float]:
    """Each move's median over the runs."""
    return [statistics.median(times) for times in zip(*runs, strict=True)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=225)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    deal, actions = long_game(args.actions)
    print(f"Python {platform.python_version()}; deal {deal}, {len(actions)} actions,")
    print(f"each move timed {args.repeats} times (its median); ms per verified move")
    print(f"{'path':<10} {'median':>8} {'worst':>8} {'move 2':>8} {'move 200':>9}")
    paths = (
        ("commit", by_commit),
        ("  unsent", lambda deal, actions: by_commit(deal, actions, send=False)),
        ("old state", by_state),
    )
    for name, run in paths:
        moves = per_move([run(deal, actions) for _ in range(args.repeats)])
        at_200 = f"{moves[199]:9.3f}" if len(moves) >= 200 else f"{'-':>9}"
        print(
            f"{name:<10} {statistics.median(moves):8.3f} {max(moves):8.3f} {moves[1]:8.3f} {at_200}"
        )
    for move in (2, 200):
        if len(actions) >= move:
            undo = [undo_at(deal, actions, move) for _ in range(args.repeats)]
            print(f"undo commit at move {move}: {statistics.median(undo):.3f} ms (median)")


if __name__ == "__main__":
    main()
