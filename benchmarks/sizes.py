"""Sizes: the front-end bundle and the synced state, in bytes.

The bundle is what every notebook that shows a board loads; the state is
what crosses the kernel link on every action (ipywidgets sends the whole
``state`` trait), so both are kept small on purpose.

Run:  .venv/bin/python benchmarks/sizes.py   (after ``npm run build``)
Prints figures and exits with status 1 when the bundle is over its budget
(tests/test_bundle_budget.py holds the same line).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from engine_speed import play_first_pair

from mc_widget.engine import Game

STATIC = Path(__file__).resolve().parents[1] / "mc_widget" / "static"
#: The budget for everything the front end loads, JS + CSS, gzipped (issue 18:
#: the bytes the network carries; raw bytes are printed, not budgeted).
BUNDLE_BUDGET_GZIPPED = 32_000
#: The practice board's own bundle (js/practice-board.js with the practice
#: engine, issue 21), JS + CSS, gzipped: about 15 % over 20,700 measured.
PRACTICE_BUDGET_GZIPPED = 23_700


def bundle_sizes(names: tuple[str, ...] = ("widget.js", "widget.css")) -> tuple[int, int]:
    """``(raw, gzipped)`` bytes of ``names`` (widget.js + widget.css), each gzipped at level 9."""
    raw = gzipped = 0
    for name in names:
        data = (STATIC / name).read_bytes()
        raw += len(data)
        gzipped += len(gzip.compress(data, compresslevel=9))
    return raw, gzipped


PRACTICE = ("practice-board.js", "practice-board.css")


def compact(state: dict) -> int:
    """Bytes of the state as compact JSON (UTF-8)."""
    return len(json.dumps(state, separators=(",", ":"), ensure_ascii=False).encode())


def main() -> None:
    for name in ("widget.js", "widget.css"):
        data = (STATIC / name).read_bytes()
        gz = len(gzip.compress(data, compresslevel=9))
        print(f"bundle {name:<11} {len(data):>7,} bytes  ({gz:,} gzipped)")
    total, total_gz = bundle_sizes()
    verdict = "within" if total_gz <= BUNDLE_BUDGET_GZIPPED else "OVER"
    print(
        f"bundle, JS + CSS      {total:>7,} bytes  ({total_gz:,} gzipped)"
        f"  budget {BUNDLE_BUDGET_GZIPPED:,} gzipped bytes: {verdict}"
    )
    practice, practice_gz = bundle_sizes(PRACTICE)
    verdict = "within" if practice_gz <= PRACTICE_BUDGET_GZIPPED else "OVER"
    print(
        f"practice board, JS + CSS {practice:>7,} bytes  ({practice_gz:,} gzipped)"
        f"  budget {PRACTICE_BUDGET_GZIPPED:,} gzipped bytes: {verdict}"
    )

    fresh = Game(deal=7)
    print(f"state, fresh deal                    {compact(fresh.to_state()):>7,} bytes")
    whole = play_first_pair(7)
    print(
        f"state, deal 7 played to the end      {compact(whole.to_state()):>7,} bytes"
        f"  ({len(whole.history)} actions, whole-consolidation buttons)"
    )
    sizes = []
    for deal in range(200):
        game = play_first_pair(deal, by_steps=True)
        sizes.append((compact(game.to_state()), len(game.history), deal))
    sizes.sort()
    median, largest = sizes[len(sizes) // 2], sizes[-1]
    print(f"state, step by step, median of 200   {median[0]:>7,} bytes  ({median[1]} actions)")
    print(
        f"state, step by step, largest of 200  {largest[0]:>7,} bytes"
        f"  ({largest[1]} actions, deal {largest[2]})"
    )


if __name__ == "__main__":
    main()
    if bundle_sizes()[1] > BUNDLE_BUDGET_GZIPPED:
        raise SystemExit(1)
    if bundle_sizes(PRACTICE)[1] > PRACTICE_BUDGET_GZIPPED:
        raise SystemExit(1)
