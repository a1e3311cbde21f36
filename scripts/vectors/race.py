"""race.json: the race rule (RULES.md, "Scoring", "Variants"; docs/sessions.md, "Races").

Every expected result here is written by hand from RULES.md's words, not
computed: the generator only checks that the Python engine agrees before
it writes a vector, so a disagreement stops it instead of becoming a vector.
"""

from __future__ import annotations

from typing import Any

from mc_widget.engine import StateError
from mc_widget.sessions.race import race_rule

from .common import error_json


def side(status: str, removed: int, time: float | None = None) -> dict[str, Any]:
    return {"status": status, "removed": removed, "time": time}


def result(decided: bool, winner: int | None, reason: str) -> dict[str, Any]:
    return {"decided": decided, "winner": winner, "reason": reason}


RUNNING = result(False, None, "running")
TIE = result(True, None, "tie")

#: (id, a, b, the result by hand)
CASES: list[tuple[str, dict[str, Any], dict[str, Any], dict[str, Any]]] = [
    # Both still playing: nobody has cleared or been blocked.
    ("both-running", side("playing", 10), side("playing", 24), RUNNING),
    ("both-running-start", side("playing", 0), side("playing", 0), RUNNING),
    # The first to clear wins, whatever the other has removed.
    ("a-won-b-running", side("won", 52, 300), side("playing", 50), result(True, 0, "cleared")),
    ("b-won-a-running", side("playing", 50), side("won", 52, 300), result(True, 1, "cleared")),
    ("a-won-b-blocked", side("won", 52, 400), side("lost", 48, 100), result(True, 0, "cleared")),
    ("b-won-a-blocked", side("lost", 50, 20), side("won", 52, 900), result(True, 1, "cleared")),
    # Both cleared: the earlier finish wins; the same second is a tie.
    ("both-won-a-earlier", side("won", 52, 250), side("won", 52, 251), result(True, 0, "earlier")),
    ("both-won-b-earlier", side("won", 52, 600), side("won", 52, 90.5), result(True, 1, "earlier")),
    ("both-won-same-time", side("won", 52, 300), side("won", 52, 300), TIE),
    ("both-won-time-unknown", side("won", 52, None), side("won", 52, 120), TIE),
    # Both blocked: more cards removed wins, even when finished later.
    (
        "both-blocked-a-more",
        side("lost", 40, 500),
        side("lost", 38, 100),
        result(True, 0, "removed"),
    ),
    ("both-blocked-b-more", side("lost", 2, 10), side("lost", 44, 700), result(True, 1, "removed")),
    # … as many removed: the earlier finish; the same time or unknown: a tie.
    (
        "blocked-same-removed-a-earlier",
        side("lost", 30, 61),
        side("lost", 30, 62),
        result(True, 0, "earlier"),
    ),
    (
        "blocked-same-removed-b-earlier",
        side("lost", 30, 200),
        side("lost", 30, 0),
        result(True, 1, "earlier"),
    ),
    ("blocked-exact-tie", side("lost", 30, 200), side("lost", 30, 200), TIE),
    ("blocked-time-unknown", side("lost", 30, None), side("lost", 30, 5), TIE),
    # One blocked, the other still playing: not decided yet, even when the
    # player still playing has removed more (they may still clear: a better win).
    ("a-blocked-b-running", side("lost", 40, 300), side("playing", 12), RUNNING),
    ("b-blocked-a-running-more", side("playing", 46), side("lost", 20, 80), RUNNING),
    # Aces Square is won at 48 removed (the four aces left): "won" is the
    # engine's status, not 52 cards removed.
    ("aces-square-won-48", side("won", 48, 700), side("playing", 46), result(True, 0, "cleared")),
    (
        "aces-square-won-48-vs-blocked",
        side("lost", 47, 100),
        side("won", 48, 800),
        result(True, 1, "cleared"),
    ),
    ("aces-square-both-48", side("won", 48, 30), side("won", 48, 31), result(True, 0, "earlier")),
    # A double deck has 104 cards.
    (
        "double-blocked",
        side("lost", 104 - 9, 1000),
        side("lost", 96, 1200),
        result(True, 1, "removed"),
    ),
]

#: (id, a, b, the error by hand: the first bad part)
BAD: list[tuple[str, Any, Any, dict[str, Any]]] = [
    ("bad-a-not-object", [1], side("won", 52, 1), {"path": "a", "key": "state.type"}),
    (
        "bad-b-status",
        side("won", 52, 1),
        side("cleared", 52, 1),
        {"path": "b.status", "key": "state.choice"},
    ),
    (
        "bad-a-missing-time",
        {"status": "won", "removed": 52},
        side("won", 52, 1),
        {"path": "a.time", "key": "state.missing"},
    ),
    (
        "bad-b-unknown-key",
        side("won", 52, 1),
        {**side("won", 52, 1), "total": 52},
        {"path": "b.total", "key": "race-error.unknown"},
    ),
    (
        "bad-a-removed-bool",
        side("lost", True, 1),
        side("won", 52, 1),
        {"path": "a.removed", "key": "state.type"},
    ),
    (
        "bad-a-removed-float",
        side("lost", 4.5, 1),
        side("won", 52, 1),
        {"path": "a.removed", "key": "state.type"},
    ),
    (
        "bad-b-removed-range",
        side("won", 52, 1),
        side("lost", 105, 1),
        {"path": "b.removed", "key": "state.range"},
    ),
    (
        "bad-a-time-text",
        side("won", 52, "1"),
        side("won", 52, 1),
        {"path": "a.time", "key": "state.type"},
    ),
    (
        "bad-b-time-negative",
        side("won", 52, 1),
        side("won", 52, -1),
        {"path": "b.time", "key": "state.range"},
    ),
    (
        "bad-a-time-long",
        side("won", 52, 86401),
        side("won", 52, 1),
        {"path": "a.time", "key": "state.range"},
    ),
]


def make_race() -> dict[str, Any]:
    vectors: list[dict[str, Any]] = []
    for name, a, b, expected in CASES:
        assert race_rule(a, b).to_json() == expected, name
        vectors.append({"id": name, "kind": "race", "a": a, "b": b, "result": expected})
    for name, a, b, expected in BAD:
        try:
            race_rule(a, b)
        except StateError as error:
            got = error_json(error)
        else:
            raise AssertionError(f"{name}: accepted")
        assert got == {"type": "StateError", **expected}, name
        vectors.append({"id": name, "kind": "bad-race", "a": a, "b": b, "error": got})
    return {
        "description": "The race rule (RULES.md, Scoring and Variants; docs/sessions.md, Races): "
        "a and b: the two players' sides {status, removed, time: seconds at the finish or null}; "
        "result {decided, winner: 0, 1 or null, reason}. Expected results written by hand.",
        "vectors": vectors,
    }
