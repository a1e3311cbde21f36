"""Fair hints per second in Python (docs/analysis.md, section 3).

Each deal is played to the end by following the fair hint (the statistics'
``fair-hint`` policy does the same), and every ``fair_hint`` call is timed
on the fresh state ``apply`` made, so nothing is cached. The hints of the
remove phase are the ones that score plans; the others are a look-up.

Run:  .venv/bin/python benchmarks/hint.py [--deals 1000] [--rules PRESET]
(any preset of RULES.md, "Variants").
Prints figures; it asserts nothing (tests don't time things).
"""

from __future__ import annotations

import argparse
import platform
import time

from mc_widget.analysis.hint import fair_hint
from mc_widget.engine import PRESETS, apply, new_state, status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--rules", default="standard", choices=tuple(PRESETS))
    args = parser.parse_args()

    times: list[float] = []  # seconds per hint of phase remove with a legal pair
    other = 0.0
    others = wins = 0
    clock = time.perf_counter
    start = clock()
    for deal in range(args.deals):
        state = new_state(args.rules, deal=deal)
        while True:
            t0 = clock()
            hint = fair_hint(state)
            spent = clock() - t0
            if hint is None:
                break
            # The hints that score plans: phase remove with a legal pair.
            if hint.key.startswith(("hint.remove", "hint.consolidate-keep")):
                times.append(spent)
            else:
                other += spent
                others += 1
            state = apply(state, hint.action)
        wins += status(state) == "won"
    seconds = clock() - start
    hints = len(times) + others
    spent = sum(times) + other
    ms = sorted(t * 1000 for t in times)

    print(f"python {platform.python_version()} on {platform.machine()}")
    print(f"rules, deals:        {args.rules}, {args.deals} (deal numbers 0..{args.deals - 1})")
    print(f"fair hints:          {hints:,} ({len(times):,} scoring plans)")
    print(f"hints per second:    {hints / spent:,.0f} (all phases)")
    print(f"plan hints / second: {len(times) / sum(times):,.0f}")
    print(
        f"plan hint ms:        median {ms[(len(ms) - 1) // 2]:.3f}, "
        f"p99 {ms[int(0.99 * (len(ms) - 1))]:.3f}, max {ms[-1]:.1f}"
    )
    print(f"games per second:    {args.deals / seconds:,.1f} (hint + apply, the fair-hint policy)")
    print(f"win rate:            {wins / args.deals:.1%} ({wins} won)")


if __name__ == "__main__":
    main()
