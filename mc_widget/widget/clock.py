"""The ``clock`` trait: when the learner's first move was made and when the game ended.

Why apart: the same rule runs in the browser (``nextClock`` in js/app/clock.js);
it is not rules state and never enters the engine (RULES.md, "Scoring";
docs/architecture.md, "The widget (sync)").
"""

from __future__ import annotations

import time
from typing import Any

from ..board_values import NO_CLOCK, clock_problem

__all__ = ["NO_CLOCK", "next_clock", "wall_clock_ms"]


def wall_clock_ms() -> float:
    """Milliseconds since 1970, like JavaScript's ``Date.now()``."""
    return time.time() * 1000


def next_clock(
    clock: dict[str, Any],
    state: dict[str, Any],
    finished: bool,
    now: float,
    *,
    starts: bool = True,
) -> dict[str, float | None]:
    """The ``clock`` trait after the game changed to ``state`` (its JSON).

    The same rule as ``nextClock`` in ``js/app/clock.js``: a game with an empty
    history (a new deal, a load) has not started (both ``None``); otherwise
    ``start`` is kept, or set to ``now`` at the first move; a game that is
    over (``finished``) keeps or sets ``stop``; a game that is on again (an
    undo after the end) has ``stop`` ``None``.

    ``starts=False`` is a move made by a Python API call: it never starts a
    clock that has not started (setting up a board or scripting is not the
    learner's play), but it stops a running one when it ends the game.

    >>> next_clock(NO_CLOCK, {"history": [{"type": "refill"}]}, False, 5000.0)
    {'start': 5000.0, 'stop': None}
    >>> next_clock(NO_CLOCK, {"history": [{"type": "refill"}]}, False, 5000.0, starts=False)
    {'start': None, 'stop': None}
    """
    if not state["history"]:
        return dict(NO_CLOCK)
    start = clock.get("start") if clock_problem(clock) is None else None
    if start is None and not starts:
        return dict(NO_CLOCK)
    stop = clock.get("stop") if start is not None else None
    return {
        "start": now if start is None else start,
        "stop": (now if stop is None else stop) if finished else None,
    }
