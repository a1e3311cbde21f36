"""Sizes: the front-end bundle and the synced state, in bytes.

The bundle is what every notebook that shows a board loads; the state is
what crosses the kernel link on every action (ipywidgets sends the whole
``state`` trait), so both are kept small on purpose.

Run:  .venv/bin/python benchmarks/sizes.py   (after ``npm run build``)
Prints figures; it asserts nothing.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from engine_speed import play_first_pair

from mc_widget.engine import Game

STATIC = Path(__file__).resolve().parents[1] / "mc_widget" / "static"
#: Issue 5's budget for everything the front end loads, minified (JS + CSS).
BUNDLE_BUDGET = 80_000


def compact(state: dict) -> int:
    """Bytes of the state as compact JSON (UTF-8)."""
    return len(json.dumps(state, separators=(",", ":"), ensure_ascii=False).encode())


def main() -> None:
    total = total_gz = 0
    for name in ("widget.js", "widget.css"):
        data = (STATIC / name).read_bytes()
        total += len(data)
        total_gz += len(gzip.compress(data))
        print(f"bundle {name:<11} {len(data):>7,} bytes  ({len(gzip.compress(data)):,} gzipped)")
    verdict = "within" if total <= BUNDLE_BUDGET else "OVER"
    print(
        f"bundle, JS + CSS      {total:>7,} bytes  ({total_gz:,} gzipped)"
        f"  budget {BUNDLE_BUDGET:,} minified bytes: {verdict}"
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
