"""The full-information solver over many deals (docs/analysis.md, section 2).

Each deal is solved from its start with no limit (``solve(state)``), so
every deal is decided; the time per deal is the solver's own
``Solution.seconds`` (wall time inside ``solve``, one deal at a time in each
process), with its process (CPU) time beside it, which other load on the
machine inflates less. Prints the distribution (median, p90, p99, slowest),
the nodes (positions expanded, as ``Solution.nodes`` counts them), how
many deals can be won with full information, and the slowest deals.
Issue 7's goals for deals 0 … 9,999: median ≤ 1 ms, p99 ≤ 20 ms, slowest
≤ 1 s (met on an idle machine: docs/performance.md, "Solver").

Issue 19's goals for every preset, deals 0 … 999: every deal decided,
p99 ≤ 50 ms, slowest ≤ 2 s.

Run:  .venv/bin/python benchmarks/solver.py [--first 0] [--deals 10000]
      [--rules PRESET | --presets all|NAME,NAME] [--jobs 2] [--slowest 10]
      [--check] [--save FILE]
``--presets`` runs the same deals for each preset named (``all``: the seven
presets of RULES.md, "Variants") and ends with a table of one line each.
``--jobs N`` solves in N processes (per-deal times are still each deal's
own); ``--check`` also replays every winning line with the engine;
``--save FILE`` writes each deal's verdict, nodes and ms, one deal a line,
to compare the verdicts of two versions.
Prints figures; it asserts nothing (tests don't time things).
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from concurrent.futures import ProcessPoolExecutor

from mc_widget.analysis.solver import solve
from mc_widget.engine import PRESETS, Game


def solve_deals(
    job: tuple[int, int, str, bool],
) -> list[tuple[int, bool | None, int, float, float]]:
    """``(deal, winnable, nodes, seconds, cpu_seconds)`` for deals ``first … first + count - 1``."""
    first, count, rules, check = job
    out = []
    for deal in range(first, first + count):
        game = Game(deal=deal, rules=rules)
        cpu = time.process_time()
        found = solve(game.state)
        cpu = time.process_time() - cpu
        if check and found.winnable:
            for move in found.moves:
                game.apply(move)
            if game.status != "won":
                raise SystemExit(f"deal {deal}: the solver's line ends {game.status}")
        out.append((deal, found.winnable, found.nodes, found.seconds, cpu))
    return out


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile of sorted ``values`` (nearest rank)."""
    k = max(0, min(len(values) - 1, round(q * len(values) + 0.5) - 1))
    return values[k]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--rules", default="standard", choices=tuple(PRESETS))
    parser.add_argument(
        "--presets", help="comma-separated preset names, or 'all': one report each, then a table"
    )
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--slowest", type=int, default=10)
    parser.add_argument("--check", action="store_true")
    parser.add_argument(
        "--save", metavar="FILE", help="write 'deal verdict nodes ms' per line (to compare runs)"
    )
    args = parser.parse_args()
    if args.presets:
        names = list(PRESETS) if args.presets == "all" else args.presets.split(",")
        for name in names:
            if name not in PRESETS:
                parser.error(f"unknown preset {name!r}; choose from {', '.join(PRESETS)}")
    else:
        names = [args.rules]
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    lines = []
    for name in names:
        lines.append(report(args, name))
    if len(names) > 1:
        print()
        print("| preset | deals | winnable | undecided | median ms | p99 ms | slowest ms |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for line in lines:
            print(line)


def report(args: argparse.Namespace, rules: str) -> str:
    """Solve the deals under ``rules``, print the report, return its table line."""
    chunk = 250
    jobs = [
        (first, min(chunk, args.first + args.deals - first), rules, args.check)
        for first in range(args.first, args.first + args.deals, chunk)
    ]
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            parts = list(pool.map(solve_deals, jobs))
    else:
        parts = [solve_deals(job) for job in jobs]
    wall = time.perf_counter() - start
    rows = [row for part in parts for row in part]

    if args.save:
        with open(args.save, "a", encoding="utf-8") as out:
            for deal, winnable, count, seconds, _ in rows:
                out.write(f"{rules} {deal} {winnable} {count} {seconds * 1000:.3f}\n")
    ms = sorted(row[3] * 1000 for row in rows)
    cpu_ms = sorted(row[4] * 1000 for row in rows)
    nodes = sorted(row[2] for row in rows)
    won = sum(1 for row in rows if row[1])
    undecided = sum(1 for row in rows if row[1] is None)
    last = args.first + args.deals - 1
    print()
    if load is not None:
        print("load average before: {:.2f} {:.2f} {:.2f}".format(*load))
    print(f"rules {rules}, deals {args.first}..{last} ({len(rows)}), {args.jobs} process(es)")
    print(f"winnable:  {won} ({won / len(rows):.2%}); undecided {undecided}")
    q = {name: quantile(ms, f) for name, f in (("p50", 0.5), ("p90", 0.9), ("p99", 0.99))}
    mean = sum(ms) / len(ms)
    print(
        f"ms/deal:   median {q['p50']:.3f}  p90 {q['p90']:.3f}  p99 {q['p99']:.2f}"
        f"  max {ms[-1]:.1f}  mean {mean:.3f}"
    )
    c = {name: quantile(cpu_ms, f) for name, f in (("p50", 0.5), ("p90", 0.9), ("p99", 0.99))}
    print(
        f"cpu ms:    median {c['p50']:.3f}  p90 {c['p90']:.3f}  p99 {c['p99']:.2f}"
        f"  max {cpu_ms[-1]:.1f}  (process time: less sensitive to other load)"
    )
    n = {name: quantile(nodes, f) for name, f in (("p50", 0.5), ("p90", 0.9), ("p99", 0.99))}
    print(
        f"nodes:     median {n['p50']}  p90 {n['p90']}  p99 {n['p99']}"
        f"  max {nodes[-1]}  total {sum(nodes)}"
    )
    over = sum(1 for value in ms if value > 20)
    print(f"over 20 ms: {over} deals; over 1 s: {sum(1 for value in ms if value > 1000)}")
    print(f"wall time: {wall:.1f} s")
    print(f"slowest {args.slowest}:")
    for deal, winnable, count, seconds, cpu in sorted(rows, key=lambda row: -row[3])[
        : args.slowest
    ]:
        verdict = {True: "won", False: "lost", None: "undecided"}[winnable]
        print(
            f"  deal {deal:>6}  {verdict:<9} {count:>7} nodes  {seconds * 1000:9.1f} ms"
            f"  (cpu {cpu * 1000:.1f} ms)"
        )

    return (
        f"| {rules} | {len(rows):,} | {won / len(rows):.2%} | {undecided} | {q['p50']:.2f}"
        f" | {q['p99']:.1f} | {ms[-1]:.0f} |"
    )


if __name__ == "__main__":
    main()
