"""Par, stars and streaks (issue 21: "par and 1-3 stars, a streak";
docs/practice.md, "Scoring").

Pure arithmetic on ``(right, seconds)`` results, so that a record's score
can be worked out again from its answers (:mod:`.record`), here and in
js/practice/scoring.js.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["PAR", "par", "score", "stars"]

#: Par in seconds by kind and level: the time a practised learner needs.
PAR = {
    "neighbours": (10, 15, 20),
    "pairs": (20, 30, 40),
    "consolidate": (10, 20, 30),
    "refill": (10, 20, 30),
    "choose": (30, 45, 60),
    "verdict": (10, 15, 20),
}


def par(kind: str, level: int) -> int:
    """Par of an exercise of ``kind`` at ``level`` (1-3), in seconds."""
    return PAR[kind][level - 1]


def stars(right: bool, seconds: float, par_seconds: int) -> int:
    """Stars for one exercise: 0 when wrong; when right 3 within par, 2
    within twice par, else 1."""
    if not right:
        return 0
    if seconds <= par_seconds:
        return 3
    return 2 if seconds <= 2 * par_seconds else 1


def score(results: Iterable[tuple[bool, int]]) -> dict[str, int]:
    """The score of a set from ``(right, stars)`` per exercise done, in order.

    ``{"done", "right", "stars", "streak", "best_streak"}``: exercises done,
    right, stars in all, the right answers in a row at the end, and the
    longest such run.
    """
    done = right_count = total = streak = best = 0
    for right, got in results:
        done += 1
        total += got
        if right:
            right_count += 1
            streak += 1
            best = max(best, streak)
        else:
            streak = 0
    return {
        "done": done,
        "right": right_count,
        "stars": total,
        "streak": streak,
        "best_streak": best,
    }
