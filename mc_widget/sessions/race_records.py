"""A race on two machines: two pasted game records judged by the race rule
(docs/sessions.md, "Two machines"; docs/record.md; RULES.md, "Scoring").

Why: two players race the same deal number in their own notebooks; each
pastes the other's ``Game.record()``. A record is untrusted text, so each is
replayed and checked by the engine (a forged one raises the ``RecordError``
naming its first bad move) before the race rule looks at it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.errors import EngineError, StateError, excerpt
from ..engine.game import Game
from ..engine.state import State
from .race import RaceResult, RaceSide, race_rule

__all__ = ["RaceError", "race_result", "race_side"]


class RaceError(EngineError):
    """Two games that cannot race each other (keys ``race-error.*``): one loaded
    from a layout, other deal numbers, or other rules."""


def race_side(state: State, time: float | None = None) -> RaceSide:
    """The race side of a game's ``state``: its status, cards removed, and ``time``
    (seconds on the race clock at its finish) when it is finished, else ``None``."""
    from ..engine.actions import status

    result = status(state)
    return RaceSide(result, state.removed, None if result == "playing" else time)


def _read(record: str, number: int) -> State:
    try:
        return Game.from_record(record).state
    except EngineError as error:
        error.add_note(f"(the record of game {number})")
        raise


def race_result(
    record_a: str, record_b: str, times: Sequence[float | None] | None = None
) -> RaceResult:
    """Judge a race played on two machines from the two players' game records.

    ``record_a`` and ``record_b`` are ``Game.record()`` texts (docs/record.md);
    ``times`` (optional) the two finish times in seconds, ``(time_a,
    time_b)``, each a number or ``None``: a record holds moves, not times,
    so without times two cleared games, or two blocked with as many cards
    removed, are a tie. Returns the :class:`RaceResult` by RULES.md's race
    rule (``winner`` 0 is the first record's player).

    Raises, in this order: ``StateError`` for bad ``times``, checked before
    the records (path ``times`` when it is not a list or tuple of two
    values, a text included; ``a.time`` or ``b.time`` for a value not
    ``None`` or a finite number of seconds 0 … 86,400, ``True`` included);
    ``RecordError`` for a record that is not a good game record (a forged
    one names its first bad move: "Move 2 (2-5): …"; the first record is
    read first); ``RaceError`` when a game was loaded from a layout
    (``race-error.no-deal``), the two deal numbers differ
    (``race-error.other-deal``) or the rules differ
    (``race-error.other-rules``). ``StateError`` and ``RaceError`` are
    ``ValueError``.
    """
    time_a, time_b = _check_times(times)
    a, b = _read(record_a, 1), _read(record_b, 2)
    for number, state in ((1, a), (2, b)):
        if state.deal is None:
            raise RaceError("race-error.no-deal", {"number": number})
    if a.deal != b.deal:
        raise RaceError("race-error.other-deal", {"a": a.deal, "b": b.deal})
    if a.rules != b.rules:
        names = {"a": excerpt(a.rules.name), "b": excerpt(b.rules.name)}
        raise RaceError("race-error.other-rules", names)
    return race_rule(_with_time(a, time_a), _with_time(b, time_b))


def _check_times(times: object) -> tuple[float | None, float | None]:
    if times is None:
        return None, None
    if not isinstance(times, (list, tuple)) or len(times) != 2:
        expected = "two finish times, (time_a, time_b), each seconds or None"
        raise StateError("times", "state.type", {"expected": expected})
    for name, time in zip("ab", times, strict=True):
        # A side's checks (RaceSide.from_json): None, or a finite number 0 … 86,400, not a bool.
        RaceSide.from_json({"status": "won", "removed": 0, "time": time}, name)
    return times[0], times[1]


def _with_time(state: State, time: float | None) -> dict[str, object]:
    side = race_side(state).to_json()
    if side["status"] != "playing":
        side["time"] = time
    return side
