"""The race rule: who wins a race of two players on the same deal (RULES.md,
"Scoring" and "Variants"; the contract is docs/sessions.md, "Races").

The rule is a pure function of each player's status, cards removed and
finish time, so the board's race line, an exported page (js/engine/race.js,
the same rule) and two pasted game records all judge a race the same way;
tests/vectors/race.json pins both engines to it. A side may come from a
saved widget state, so its JSON is read as hostile input, field by field.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..engine.errors import StateError, excerpt, is_int, show_value
from ..engine.messages import catalogue, check_language

__all__ = ["RACE_KEYS", "REASONS", "STATUSES", "RaceResult", "RaceSide", "race_rule", "race_texts"]

#: A player's status in a race: the engine's status of their game.
STATUSES = ("playing", "won", "lost")
#: Why a race is (not yet) decided: ``running`` (not decided), ``cleared``
#: (one player cleared, the other did not), ``earlier`` (both cleared, or both
#: blocked with as many cards removed: the earlier finish), ``removed`` (both
#: blocked: more cards removed), ``tie`` (decided, nobody wins).
REASONS = ("running", "cleared", "earlier", "removed", "tie")
_SIDE_KEYS = ("status", "removed", "time")
#: The longest finish time a side may claim: a day, in seconds.
MAX_TIME = 86_400


#: The catalogue keys of a race line (the race bar's words, js/race-bar.js): sent
#: to it as templates, as the board's bundle lacks them (python-only.json).
RACE_KEYS = (
    "race.label",
    "race.clock",
    "race.side",
    "race.running",
    "race.cleared",
    "race.earlier",
    "race.removed",
    "race.tie",
)


def race_texts(lang: str) -> dict[str, str]:
    """The race line's templates in ``lang``, ``{key: template}`` (a new dict);
    ``ValueError`` for a code not of the six languages."""
    words = catalogue(check_language(lang))
    return {key: words[key] for key in RACE_KEYS}


@dataclass(frozen=True, slots=True)
class RaceSide:
    """One player in a race: ``status`` (``"playing"``, ``"won"`` or ``"lost"``,
    the engine's status: an Aces Square game is won at 48 cards removed),
    ``removed`` cards, and ``time``: the seconds on the race clock at this
    player's finish (a number, ``None`` while playing or when unknown).
    JSON: ``{"status", "removed", "time"}``."""

    status: str
    removed: int
    time: float | None = None

    def to_json(self) -> dict[str, Any]:
        """The side as its JSON object (a new dict)."""
        return {"status": self.status, "removed": self.removed, "time": self.time}

    @classmethod
    def from_json(cls, data: Any, path: str = "side") -> RaceSide:
        """Read a side's JSON object, checked field by field (hostile input).

        Raises ``StateError`` whose ``path`` names the first bad part
        (``side.status``, ``side.removed``, ``side.time``): a missing or
        unknown key, a status not in :data:`STATUSES`, removed not a whole
        number 0 … 104, a time not ``null`` or a number 0 … 86,400.
        """
        if isinstance(data, RaceSide):
            return data
        if not isinstance(data, dict):
            raise StateError(path, "state.type", {"expected": "an object"})
        for key in data:
            if key not in _SIDE_KEYS:
                raise StateError(f"{path}.{excerpt(str(key))}", "race-error.unknown")
        for key in _SIDE_KEYS:
            if key not in data:
                raise StateError(f"{path}.{key}", "state.missing")
        status = data["status"]
        if status not in STATUSES:
            params = {"choices": '"playing", "won", "lost"', "value": show_value(status)}
            raise StateError(f"{path}.status", "state.choice", params)
        removed = data["removed"]
        if not is_int(removed):
            raise StateError(f"{path}.removed", "state.type", {"expected": "a whole number"})
        if not 0 <= removed <= 104:
            params = {"low": 0, "high": 104, "value": show_value(removed)}
            raise StateError(f"{path}.removed", "state.range", params)
        time = data["time"]
        if time is not None:
            number = isinstance(time, (int, float)) and not isinstance(time, bool)
            if not number or not math.isfinite(time):
                expected = "null or a number of seconds"
                raise StateError(f"{path}.time", "state.type", {"expected": expected})
            if not 0 <= time <= MAX_TIME:
                params = {"low": 0, "high": MAX_TIME, "value": show_value(time)}
                raise StateError(f"{path}.time", "state.range", params)
        return cls(status, removed, time)


@dataclass(frozen=True, slots=True)
class RaceResult:
    """A race's result: ``decided`` (nothing can change it any more), ``winner``
    (``0`` for the first player, ``1`` for the second, ``None`` while running
    and for a tie) and ``reason`` (one of :data:`REASONS`).
    JSON: ``{"decided", "winner", "reason"}``."""

    decided: bool
    winner: int | None
    reason: str

    def to_json(self) -> dict[str, Any]:
        """The result as its JSON object (a new dict)."""
        return {"decided": self.decided, "winner": self.winner, "reason": self.reason}


def _earlier(a: RaceSide, b: RaceSide) -> RaceResult:
    if a.time is None or b.time is None or a.time == b.time:
        return RaceResult(True, None, "tie")
    return RaceResult(True, 0 if a.time < b.time else 1, "earlier")


def race_rule(a: RaceSide | dict[str, Any], b: RaceSide | dict[str, Any]) -> RaceResult:
    """Judge a race of two players by RULES.md's race rule.

    ``a`` and ``b`` are :class:`RaceSide` values or their JSON (read with
    :meth:`RaceSide.from_json`, paths ``a.…`` and ``b.…``). In order:

    1. The first to clear wins: one side won, the other did not (still
       playing or blocked): that side, ``cleared``. Both won: the earlier
       ``time``, ``earlier``; the same time, or a time unknown: a ``tie``.
    2. Both blocked (``lost``): more cards removed wins, ``removed``; as
       many: the earlier finish, ``earlier``; the same time or unknown:
       ``tie``.
    3. Otherwise the race is running (``decided`` false, ``running``): a
       blocked player beside one still playing has not won or lost yet,
       because the other may clear, or be blocked with fewer cards removed.

    Raises ``StateError`` for a bad side's JSON.
    """
    a = RaceSide.from_json(a, "a")
    b = RaceSide.from_json(b, "b")
    if a.status == "won" or b.status == "won":
        if a.status == b.status:
            return _earlier(a, b)
        return RaceResult(True, 0 if a.status == "won" else 1, "cleared")
    if a.status == "lost" and b.status == "lost":
        if a.removed != b.removed:
            return RaceResult(True, 0 if a.removed > b.removed else 1, "removed")
        return _earlier(a, b)
    return RaceResult(False, None, "running")
