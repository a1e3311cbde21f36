"""Win rates of every policy on every preset, with 95 % Wilson intervals (issue 19).

The runs themselves are ``python -m mc_widget.stats`` (docs/analysis.md, §5),
one result file per preset and group of policies in benchmarks/winrates/:
``<preset>-fast.json`` (random, first-pair, greedy, one-pair, solver) and
``<preset>-fair.json`` (fair-hint, the slow one). Each file resumes: the
same command with a larger ``-n`` and ``--resume`` plays only the missing
deals, so a later session can take N from 5,000 to 100,000:

    .venv/bin/python -m mc_widget.stats -n 100000 --rules thirteens \\
        --policies random,first-pair,greedy,one-pair,solver \\
        --out benchmarks/winrates/thirteens-fast.json --resume --jobs 1

This script only reads the files and prints one markdown table (the deals
each policy has so far, which may be fewer than the file's ``n`` while a
run is under way), and names every entry whose code fingerprint is not the
current code's (played again with ``--resume --redo POLICY``).

Run:  .venv/bin/python benchmarks/winrates.py [--dir benchmarks/winrates]
Prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from mc_widget.analysis.policies import POLICIES, code_fingerprint
from mc_widget.analysis.stats import load, summarize
from mc_widget.engine import PRESETS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=Path(__file__).parent / "winrates")
    args = parser.parse_args()
    print("| preset | policy | N | won | win rate | 95 % Wilson | cards removed | rounds |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    stale = []
    for preset in PRESETS:
        rows = {}
        for group in ("fast", "fair"):
            path = args.dir / f"{preset}-{group}.json"
            if not path.exists():
                continue
            doc = load(path)
            for policy, entry in doc["policies"].items():
                if entry.get("code") != code_fingerprint(policy):
                    stale.append(f"{path.name}: {policy}")
            rows.update(summarize(doc))
        for policy in POLICIES:
            row = rows.get(policy)
            if row is None:
                continue
            print(
                f"| {preset} | `{policy}` | {row['n']:,} | {row['won']:,}"
                f" | {row['win_rate']:.2%} | {row['wilson_low']:.2%} … {row['wilson_high']:.2%}"
                f" | {row['mean_removed']:.2f} | {row['mean_rounds']:.2f} |"
            )
    if stale:
        print("\nplayed by other code than this (add --resume --redo POLICY):")
        for name in stale:
            print(f"  {name}")


if __name__ == "__main__":
    main()
