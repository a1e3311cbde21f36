"""Practice (issue 21): generation speed, and the agreement of every generated
exercise's answer with the engine's own rule functions on many seeds.

For each kind and level, ``--seeds`` seeds (10,000 by default, as issue 21
asks), the preset turning with the seed (seed mod 7 over PRESETS; *choose*
over the presets with ``eight`` touching): each exercise is generated, then
checked by :func:`mc_widget.practice.agreement.disagreement` (the Game API,
highlights, apply on every touching pair, the analysis solver for *choose*,
verify_state). Prints a table of counts and seconds; exits 1 on any
disagreement. Also times ``check_record`` on a 10-exercise mixed record.

Run:  .venv/bin/python benchmarks/practice_agreement.py [--seeds 10000]
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mc_widget.engine.rules import PRESETS, resolve_rules
from mc_widget.practice import (
    KINDS,
    PracticeSession,
    PracticeSet,
    check_record,
    generate,
    right_answer,
)
from mc_widget.practice.agreement import disagreement


def presets_for(kind: str) -> list[str]:
    names = list(PRESETS)
    if kind == "choose":
        names = [n for n in names if resolve_rules(n).touching == "eight"]
    return names


def record_time(repeats: int = 20) -> float:
    """Mean seconds of check_record on a 10-exercise mixed level-2 record."""
    session = PracticeSession(PracticeSet("mixed", 2, 10, 2026))
    while (q := session.current) is not None:
        session.answer(right_answer(q), 12)
    record = session.record()
    start = time.perf_counter()
    for _ in range(repeats):
        check_record(record)
    return (time.perf_counter() - start) / repeats


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=10_000)
    args = parser.parse_args()
    where = f"Python {platform.python_version()} on {platform.machine()}"
    print(f"{where}; {args.seeds} seeds per kind and level")
    print(f"{'kind':12} {'level':>5} {'agree':>7} {'differ':>6} {'gen/s':>8} {'check s':>8}")
    bad = 0
    for kind in KINDS:
        names = presets_for(kind)
        for level in (1, 2, 3):
            made = spent = checking = 0.0
            agree = differ = 0
            for seed in range(args.seeds):
                start = time.perf_counter()
                q = generate(kind, level, seed, names[seed % len(names)])
                made += 1
                spent += time.perf_counter() - start
                start = time.perf_counter()
                found = disagreement(q)
                checking += time.perf_counter() - start
                if found is None:
                    agree += 1
                else:
                    differ += 1
                    print(f"  DIFFER {kind} {level} {q.rules} seed {seed}: {found}")
            bad += differ
            print(
                f"{kind:12} {level:5} {agree:7} {differ:6} {made / spent:8.0f} {checking:8.1f}",
                flush=True,
            )
    print(f"check_record, 10 exercises (mixed, level 2): {record_time() * 1000:.0f} ms")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
