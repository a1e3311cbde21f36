"""The practice board's cost per answer (issue 21; docs/practice.md, "The practice board").

A view's update is replayed with the engine under the board's lock, so the
kernel's time per answer is what a learner waits for before Python's
``progress`` arrives. A mixed level-2 set of 100 (the largest set) is answered
right one update at a time (each the old list plus one entry, as the view
sends it); then a refused update and ``practice(record=…)`` of the whole
record (a rerun cell taking the set up) are timed.

Run:  .venv/bin/python benchmarks/practice_board.py
"""

from __future__ import annotations

import platform
import time

from mc_widget import MonteCarloWidget
from mc_widget.practice import right_answer


def main() -> None:
    w = MonteCarloWidget.practice("mixed", level=2, seed=5, n=100)
    times = []
    for _ in range(100):
        q = w.current
        entry = {"kind": q.kind, "level": q.level, "seed": q.seed, "answer": right_answer(q)}
        sent = [*w.answers, {**entry, "seconds": 5}]
        start = time.perf_counter()
        w.set_state({"answers": sent})
        times.append(time.perf_counter() - start)
        if w.problem:
            raise SystemExit(f"refused: {w.problem}")
    times.sort()
    print(f"Python {platform.python_version()}, {platform.machine()}")
    print(
        f"a view's answer taken: median {times[len(times) // 2] * 1000:.1f} ms,"
        f" slowest {times[-1] * 1000:.1f} ms (mixed, level 2, 100 answers)"
    )
    start = time.perf_counter()
    w.set_state({"answers": [], "lang": "de"})
    print(f"an update refused: {(time.perf_counter() - start) * 1000:.2f} ms")
    start = time.perf_counter()
    MonteCarloWidget.practice(record=w.record())
    print(f"practice(record=) of 100 answers: {(time.perf_counter() - start) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
