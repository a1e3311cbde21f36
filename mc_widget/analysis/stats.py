"""Statistics over many deals: how often each policy wins (docs/analysis.md, §5).

Lesson 4 needs win rates it can trust: deals 0 … n - 1 with each policy of
:mod:`.policies`, 95 % Wilson intervals, run in chunks on a joblib pool, each
chunk written as it comes so a run resumes and extends without playing a deal
twice. ``python -m mc_widget.stats`` is :func:`main`; the shipped 10,000-deal
run is :func:`saved_result`.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.resources
import json
import math
import os
import platform
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ..engine.errors import show_repr
from ..engine.rules import Rules, resolve_rules
from .policies import (
    DEFINITIONS,
    POLICIES,
    POLICY_VERSIONS,
    USES,
    Record,
    check_policies,
    code_fingerprint,
    play,
)
from .stats_file import (
    FORMAT,
    FORMAT_VERSION,
    MAX_N,
    MAX_SEED,
    MIN_SEED,
    check_document,
    read_json,
    whole,
)

__all__ = [
    "DEFAULT_CHUNK",
    "FORMAT",
    "FORMAT_VERSION",
    "SAVED",
    "Z95",
    "load",
    "main",
    "records",
    "run",
    "saved_result",
    "summarize",
    "table",
    "wilson",
]

#: Deals per task given to a worker (and the boundaries the missing deals are cut at).
DEFAULT_CHUNK = 1000
#: The normal quantile of 0.975, for a two-sided 95 % interval.
Z95 = 1.959963984540054
#: What to install for the process pool and the progress bar (pyproject.toml).
INSTALL = "pip install 'mc_widget[analysis]'"
#: Seconds between saves of the result file while a run goes on.
SAVE_EVERY = 10.0
#: The package folder of the result files shipped with it (:func:`saved_result`).
SAVED_FOLDER = "data"
#: The names of those files (``mc_widget/data/<name>.json``): ``python -m
#: mc_widget.stats -n 10000 --out mc_widget/data/stats-10000.json`` made the one.
SAVED = ("stats-10000",)


def wilson(won: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval ``(low, high)`` for ``won`` successes in ``n`` trials.

    With ``p = won / n``: centre ``(p + z²/2n) / (1 + z²/n)``, half-width
    ``z·√(p(1-p)/n + z²/4n²) / (1 + z²/n)``; ``z`` = 1.96 (``Z95``) gives
    95 %. Fractions, not percentages. Raises ``ValueError`` unless
    ``0 ≤ won ≤ n`` and ``n ≥ 1`` are whole numbers.
    """
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (won, n)):
        raise ValueError(f"wilson: won and n must be whole numbers, not {won!r} and {n!r}")
    if n < 1 or not 0 <= won <= n:
        raise ValueError(f"wilson: needs 0 <= won <= n and n >= 1, not won={won}, n={n}")
    p = won / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


# --------------------------------------------------------------------------
# The worker: one policy over one range of deals


def _play_range(policy: str, start: int, stop: int, seed: int, rules: dict) -> dict[str, Any]:
    """Deals ``start … stop - 1`` with ``policy``: one range entry of a result file."""
    began = time.perf_counter()
    outcomes = [play(policy, deal, seed=seed, rules=rules) for deal in range(start, stop)]
    return {
        "start": start,
        "stop": stop,
        "won": "".join("1" if r.won else "0" for r in outcomes),
        "removed": [r.removed for r in outcomes],
        "rounds": [r.rounds for r in outcomes],
        "seconds": round(time.perf_counter() - began, 4),
    }


# --------------------------------------------------------------------------
# Result documents


def _fresh(rules: Rules, seed: int) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "rules": rules.to_json(),
        "seed": seed,
        "n": 0,
        "policies": {},
        "summary": {},
        "runs": [],
    }


def _policy_entry(name: str) -> dict[str, Any]:
    return {
        "version": POLICY_VERSIONS[name],
        "code": code_fingerprint(name),
        "definition": DEFINITIONS[name],
        "ranges": [],
    }


def load(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read a result file written by :func:`run` (or the CLI) and check it.

    Returns the document (see docs/analysis.md §5 for its fields) with its
    ``summary`` worked out again from the per-deal results, over the deals
    ``0 … n - 1`` that it holds. A file written before ``runs[].games_played``
    had its name (``deals_played``) is read, with the new name. Raises
    ``OSError`` when it cannot be read, ``ValueError`` naming the bad part
    (``n``, ``runs[2].games_played``, ``policies.greedy.ranges[0].removed``,
    …) when it is not a result file of this format version: every field is
    checked for its type and range (a bool is not a number, NaN and
    infinity are refused, a huge int by its range before any float is
    made, a key no part has is refused), and JSON that ``json.loads``
    cannot read (nested too deeply, an int of more than 4,300 digits) is a
    ``ValueError`` too, never a ``RecursionError``. Messages quote at most
    about 40 characters of a bad value.
    """
    return _parse(Path(path).read_text(encoding="utf-8"), str(path))


def saved_result(name: str = "stats-10000") -> dict[str, Any]:
    """A result document shipped with the package, ``mc_widget/data/<name>.json``.

    ``name`` is one of :data:`SAVED`; the default, ``"stats-10000"``, is
    every policy over deals 0 … 9,999 with the standard rules and seed 0
    (lesson 4 and docs/performance.md, "Statistics", show it). Read through
    ``importlib.resources``, so it works wherever the package is installed
    (a wheel, an editable install, JupyterLite) and whatever folder a
    notebook runs in. Returns what :func:`load` returns: the checked
    document, a ``dict`` with ``n``, ``rules``, ``seed``, ``policies``,
    ``runs`` and the ``summary`` worked out again (per policy
    :func:`summarize`'s figures; :func:`records` gives the deals). Raises
    ``ValueError`` for a name not in :data:`SAVED`, ``OSError`` when the
    installation lacks the file.
    """
    if not isinstance(name, str) or name not in SAVED:
        known = ", ".join(repr(saved) for saved in SAVED)
        raise ValueError(f"saved_result: no saved result {name!r}; there is {known}")
    package = __package__.rpartition(".")[0]  # mc_widget
    text = (importlib.resources.files(package) / SAVED_FOLDER / f"{name}.json").read_text(
        encoding="utf-8"
    )
    return _parse(text, f"{package}/{SAVED_FOLDER}/{name}.json")


def _parse(text: str, where: str) -> dict[str, Any]:
    """The checked document in ``text`` (:mod:`.stats_file`), with its summary;
    ``where`` names it in errors."""
    doc = check_document(read_json(text, where), where)
    doc["summary"] = summarize(doc)
    return doc


def _save(doc: dict[str, Any], path: Path) -> None:
    """Work out ``doc``'s summary again and :func:`_write` it to ``path``."""
    doc["summary"] = summarize(doc)
    _write(doc, path)


def _write(doc: dict[str, Any], path: Path) -> None:
    """Write ``doc`` to ``path`` atomically (a half-written file never replaces a good one).

    Strict JSON: ``allow_nan=False`` raises ``ValueError`` rather than write
    NaN or infinity, which JSON has no words for (a checked document has
    none, and :func:`summarize` makes none).
    """
    text = json.dumps(doc, separators=(",", ":"), allow_nan=False)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(text + "\n", encoding="utf-8")
    os.replace(temporary, path)


def records(doc: dict[str, Any], policy: str, n: int | None = None) -> dict[int, Record]:
    """The per-deal records of ``policy`` in a result document: ``{deal: Record}``, by deal.

    Only the deals below ``n`` (default the document's ``n``). Raises
    ``KeyError`` naming the policy when the document has none of it.
    """
    limit = doc["n"] if n is None else n
    if policy not in doc["policies"]:
        raise KeyError(f"no results for policy {policy!r} (it has {', '.join(doc['policies'])})")
    out: dict[int, Record] = {}
    for piece in sorted(doc["policies"][policy]["ranges"], key=lambda p: p["start"]):
        for k in range(piece["stop"] - piece["start"]):
            deal = piece["start"] + k
            if deal < limit:
                out[deal] = Record(piece["won"][k] == "1", piece["removed"][k], piece["rounds"][k])
    return out


def summarize(doc: dict[str, Any], n: int | None = None) -> dict[str, dict[str, Any]]:
    """Each policy's figures over its deals below ``n`` (default the document's ``n``).

    ``{policy: {"n", "won", "win_rate", "wilson_low", "wilson_high",
    "mean_removed", "mean_rounds", "games_per_second"}}``: ``n`` the deals
    played (fewer than asked when a run was interrupted), rates as
    fractions, ``games_per_second`` per worker (deals over the workers'
    seconds). A policy with no deal yet is left out.
    """
    out: dict[str, dict[str, Any]] = {}
    for policy, entry in doc["policies"].items():
        played = records(doc, policy, n)
        count = len(played)
        if not count:
            continue
        won = sum(r.won for r in played.values())
        low, high = wilson(won, count)
        seconds = sum(p["seconds"] for p in entry["ranges"])
        deals = sum(p["stop"] - p["start"] for p in entry["ranges"])
        # Deals over a denormal number of seconds overflow to infinity: no speed.
        speed = deals / seconds if seconds > 0 else None
        out[policy] = {
            "n": count,
            "won": won,
            "win_rate": won / count,
            "wilson_low": low,
            "wilson_high": high,
            "mean_removed": sum(r.removed for r in played.values()) / count,
            "mean_rounds": sum(r.rounds for r in played.values()) / count,
            "games_per_second": speed if speed is not None and math.isfinite(speed) else None,
        }
    return out


# --------------------------------------------------------------------------
# Running


def _covered(entry: dict[str, Any]) -> list[tuple[int, int]]:
    return sorted((p["start"], p["stop"]) for p in entry["ranges"])


def missing_ranges(
    done: Iterable[tuple[int, int]], n: int, chunk: int = DEFAULT_CHUNK
) -> list[tuple[int, int]]:
    """The ranges ``(start, stop)`` of deals ``0 … n - 1`` not in ``done``.

    Cut at the multiples of ``chunk``, so each is one worker's task.
    """
    out = []
    position = 0
    for start, stop in [*sorted(done), (n, n)]:
        gap_stop = min(start, n)
        while position < gap_stop:
            end = min(gap_stop, (position // chunk + 1) * chunk)
            out.append((position, end))
            position = end
        position = max(position, stop)
        if position >= n:
            break
    return out


def _check_available(policies: Sequence[str]) -> None:
    import importlib.util

    for name in policies:
        for module in USES.get(name, ()):
            if importlib.util.find_spec(f"{__package__}.{module}") is None:
                raise ValueError(
                    f"policy {name!r} needs mc_widget.analysis.{module}, which is not there"
                )


def _open(
    out: Path | None,
    resume: bool,
    rules: Rules,
    seed: int,
    names: Sequence[str],
    redo: Sequence[str],
) -> dict[str, Any]:
    if not resume or out is None or not out.exists():
        return _fresh(rules, seed)
    doc = load(out)
    for name in redo:
        doc["policies"].pop(name, None)
    if doc["rules"] != rules.to_json():
        raise ValueError(
            f"{out}: made with rules {show_repr(doc['rules']['name'])},"
            f" not {show_repr(rules.name)};"
            " give its rules or run without --resume to start again"
        )
    if doc["seed"] != seed:
        raise ValueError(
            f"{out}: made with seed {doc['seed']}, not {seed}; give --seed {doc['seed']}"
            " or run without --resume to start again"
        )
    for name in names:
        entry = doc["policies"].get(name)
        if entry is None:
            continue
        if entry.get("version") != POLICY_VERSIONS[name]:
            raise ValueError(
                f"{out}: policy {name!r} there is version {entry['version']}, this code's"
                f" is {POLICY_VERSIONS[name]}; add --redo {name} to play it again"
            )
        if entry.get("code") != code_fingerprint(name):
            modules = ", ".join(f"{m}.py" for m in USES[name])
            raise ValueError(
                f"{out}: policy {name!r} there was played by other code ({modules} changed"
                f" since); add --redo {name} to play it again"
            )
    return doc


def _progress_bar(enabled: bool | None, total: int):
    if enabled is None:
        enabled = sys.stderr.isatty()
    if not enabled:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        raise ImportError(f"the progress bar needs tqdm: {INSTALL}") from None
    # It counts games, one per policy and deal: 2 policies over 300 deals are 600.
    return tqdm(total=total, unit="game", desc="games", smoothing=0.05)


def _results(tasks: list[tuple[str, int, int]], seed: int, rules: dict, jobs: int):
    """Each task's range entry, as the workers finish them (any order)."""
    if jobs == 1:
        for policy, start, stop in tasks:
            yield _named_range(policy, start, stop, seed, rules)
        return
    try:
        from joblib import Parallel, delayed
    except ImportError:
        raise ImportError(f"a process pool (jobs != 1) needs joblib: {INSTALL}") from None

    parallel = Parallel(n_jobs=jobs, return_as="generator_unordered")
    yield from parallel(delayed(_named_range)(p, a, b, seed, rules) for p, a, b in tasks)


def _named_range(
    policy: str, start: int, stop: int, seed: int, rules: dict
) -> tuple[str, dict[str, Any]]:
    """A worker's task: ``(policy, range entry)``."""
    return policy, _play_range(policy, start, stop, seed, rules)


def run(
    n: int,
    policies: Sequence[str] | str = POLICIES,
    *,
    jobs: int = -1,
    out: str | os.PathLike[str] | None = None,
    resume: bool = False,
    progress: bool | None = None,
    seed: int = 0,
    rules: Rules | str | dict[str, Any] = "standard",
    chunk: int = DEFAULT_CHUNK,
    redo: Sequence[str] | str = (),
) -> dict[str, Any]:
    """Play deals ``0 … n - 1`` with each of ``policies``; return the result document.

    - ``policies``: names of :data:`~.policies.POLICIES` (a list or
      ``"random,greedy"``). ``seed`` seeds the ``random`` policy.
    - ``jobs``: worker processes (joblib's ``n_jobs``; ``-1`` all cores, ``1``
      in this process without joblib). Inside
      ``with joblib.parallel_config(backend="dask"):`` (and a
      ``dask.distributed.Client``) the chunks run on Dask.
    - ``out``: the JSON file to save to, written every few seconds and at the
      end (atomically), and on an interrupt. Without ``resume`` an existing
      file is replaced; with ``resume`` its deals are kept and only the
      missing ones played (an interrupted run, a larger ``n``, another
      policy), after checking that its rules and seed are these, and for
      each policy to run its version and the fingerprint of the code it
      uses (:func:`~.policies.code_fingerprint`).
    - ``redo``: policies whose results in the file to resume are dropped
      and played again (after a change of their code).
    - ``progress``: a tqdm bar (``tqdm.auto``: a widget in a notebook) of
      the games played, one per policy and deal; ``None`` shows it only
      when stderr is a terminal.
    - ``chunk``: deals per task.

    The document: ``format``, ``version``, ``rules``, ``seed``, ``n``,
    ``policies`` (per policy its ``version``, ``definition`` and ``ranges``,
    each ``{start, stop, won, removed, rounds, seconds}`` with ``won`` a
    string of ``0``/``1`` per deal), ``summary`` (see :func:`summarize`) and
    ``runs`` (one entry per call: ``date``, ``n``, ``policies``,
    ``games_played``, the games this call played, one per policy and deal,
    ``jobs``, ``wall_seconds``, ``python``, ``machine``, ``cpus``).

    Raises ``ValueError`` for a bad argument, an unknown policy, a policy
    whose module is missing, or a file to resume that does not fit;
    ``ImportError`` when joblib (``jobs != 1``) or tqdm (a progress bar)
    is missing.
    """
    if not whole(n) or not 1 <= n <= MAX_N:
        raise ValueError(
            f"run: n must be a whole number of deals from 1 to {MAX_N}, not {show_repr(n)}"
        )
    if not isinstance(chunk, int) or isinstance(chunk, bool) or chunk < 1:
        raise ValueError(f"run: chunk must be a whole number >= 1, not {show_repr(chunk)}")
    if not isinstance(jobs, int) or isinstance(jobs, bool) or jobs == 0:
        raise ValueError(
            f"run: jobs must be a whole number, -1 for all cores, not {show_repr(jobs)}"
        )
    if not whole(seed) or not MIN_SEED <= seed <= MAX_SEED:
        raise ValueError(
            f"run: seed must be a whole number from {MIN_SEED} to {MAX_SEED}, not {show_repr(seed)}"
        )
    if resume and out is None:
        raise ValueError("run: resume needs out, the file to resume")
    names = check_policies(policies)
    again = check_policies(redo) if redo else ()
    for name in again:
        if name not in names:
            raise ValueError(f"run: redo {name!r} is not one of the policies to run")
    _check_available(names)
    rules_value = resolve_rules(rules)
    path = None if out is None else Path(out)
    if path is not None and path.is_dir():
        raise ValueError(f"run: out {path} is a folder; name the JSON file to write")
    if path is not None and not path.parent.is_dir():
        # Checked now, not at the first save after the deals have been played.
        raise ValueError(f"run: out {path}: the folder {path.parent} does not exist")
    doc = _open(path, resume, rules_value, seed, names, again)
    doc["n"] = n  # the summary's deals; a file's deals beyond n are kept
    for name in names:
        doc["policies"].setdefault(name, _policy_entry(name))
    tasks = [
        (name, start, stop)
        for name in names
        for start, stop in missing_ranges(_covered(doc["policies"][name]), n, chunk)
    ]
    began = time.perf_counter()
    bar = _progress_bar(progress, sum(stop - start for _, start, stop in tasks))
    saved = time.monotonic()
    played = 0  # the games whose results arrived (fewer than planned after an interrupt)
    try:
        for name, piece in _results(tasks, seed, rules_value.to_json(), jobs):
            doc["policies"][name]["ranges"].append(piece)
            played += piece["stop"] - piece["start"]
            if bar is not None:
                bar.update(piece["stop"] - piece["start"])
            if path is not None and time.monotonic() - saved > SAVE_EVERY:
                _save(doc, path)
                saved = time.monotonic()
    finally:
        # The deals played are written whatever happens: the ranges and
        # runs of a checked document sort and append, and should the
        # summary fail the file keeps the last one (load works it out again).
        for entry in doc["policies"].values():
            entry["ranges"].sort(key=lambda p: p["start"])
        doc["runs"].append(
            {
                "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                "n": n,
                "policies": list(names),
                "games_played": played,
                "jobs": jobs,
                "wall_seconds": round(time.perf_counter() - began, 2),
                "python": platform.python_version(),
                "machine": platform.machine(),
                "cpus": os.cpu_count(),
            }
        )
        try:
            doc["summary"] = summarize(doc)
        finally:
            if path is not None:
                _write(doc, path)
            if bar is not None:
                bar.close()
    return doc


# --------------------------------------------------------------------------
# The table and the command line


def table(doc: dict[str, Any], policies: Sequence[str] | None = None) -> str:
    """The summary as a plain-text table, one line per policy (in :data:`POLICIES` order)."""
    summary = doc["summary"]
    names = [p for p in (policies or POLICIES) if p in summary]
    header = (
        "policy",
        "N",
        "won",
        "win rate",
        "95 % Wilson",
        "cards removed",
        "rounds",
        "games/s",
    )
    rows = [header]
    for name in names:
        s = summary[name]
        speed = s["games_per_second"]
        rows.append(
            (
                name,
                f"{s['n']:,}",
                f"{s['won']:,}",
                f"{100 * s['win_rate']:.2f} %",
                f"{100 * s['wilson_low']:.2f} … {100 * s['wilson_high']:.2f} %",
                f"{s['mean_removed']:.2f}",
                f"{s['mean_rounds']:.2f}",
                "" if speed is None else f"{speed:,.0f}",
            )
        )
    widths = [max(len(row[k]) for row in rows) for k in range(len(header))]
    lines = []
    for row in rows:
        cells = [row[0].ljust(widths[0])] + [
            v.rjust(w) for v, w in zip(row[1:], widths[1:], strict=True)
        ]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m mc_widget.stats",
        description=(
            "Play deals 0 … n-1 with each policy and print its win rate (95 % Wilson"
            " interval), mean cards removed and mean rounds (docs/analysis.md, section 5)."
        ),
    )
    parser.add_argument("-n", type=int, default=100_000, help="deals to play (default: 100000)")
    parser.add_argument(
        "--policies",
        default=",".join(POLICIES),
        help=f"comma-separated, from {','.join(POLICIES)} (default: all)",
    )
    parser.add_argument(
        "--jobs", type=int, default=-1, help="worker processes; -1 all cores (default), 1 none"
    )
    parser.add_argument("--out", type=Path, help="the JSON file to save the results to")
    parser.add_argument(
        "--resume",
        action="store_true",
        help="keep the deals already in --out and play only the missing ones",
    )
    parser.add_argument(
        "--redo",
        default="",
        help="with --resume: comma-separated policies to play again (their code changed)",
    )
    parser.add_argument("--seed", type=int, default=0, help="the random policy's seed (default 0)")
    parser.add_argument("--rules", default="standard", help="standard, small or double")
    parser.add_argument(
        "--chunk", type=int, default=DEFAULT_CHUNK, help=f"deals per task ({DEFAULT_CHUNK})"
    )
    bar = parser.add_mutually_exclusive_group()
    bar.add_argument(
        "--progress",
        dest="progress",
        action="store_true",
        default=None,
        help="show a progress bar of the games played (default: only when stderr is a terminal)",
    )
    bar.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help="show no progress bar, not even in a terminal",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command with ``argv`` (default ``sys.argv[1:]``); return the exit status.

    0 after printing the table, 1 when a needed package is missing, 2 for a
    usage error (bad option, unknown policy, a file that cannot be resumed),
    130 after an interrupt (the deals done are saved in ``--out``).
    """
    parser = _parser()
    args = parser.parse_args(argv)
    if args.n < 1:
        parser.error(f"-n must be at least 1, not {args.n}")
    if args.jobs == 0:
        parser.error("--jobs must not be 0 (-1 for all cores)")
    if args.chunk < 1:
        parser.error(f"--chunk must be at least 1, not {args.chunk}")
    if args.resume and args.out is None:
        parser.error("--resume needs --out, the file to resume")
    if args.redo and not args.resume:
        parser.error("--redo needs --resume (without it every policy is played anew)")
    try:
        names = check_policies(args.policies)
        doc = run(
            args.n,
            names,
            jobs=args.jobs,
            out=args.out,
            resume=args.resume,
            progress=args.progress,
            seed=args.seed,
            rules=args.rules,
            chunk=args.chunk,
            redo=args.redo,
        )
    except KeyboardInterrupt:
        saved = f"; the deals done are in {args.out}: add --resume to go on" if args.out else ""
        print(f"interrupted{saved}", file=sys.stderr)
        return 130
    except ImportError as error:
        print(f"python -m mc_widget.stats: {error}", file=sys.stderr)
        return 1
    except (ValueError, OSError) as error:
        parser.error(str(error))
    last = doc["runs"][-1]
    rules_name = doc["rules"]["name"]
    print(
        f"deals 0 … {args.n - 1:,} ({rules_name}), seed {doc['seed']};"
        f" {last['games_played']:,} games played in {last['wall_seconds']:,.1f} s"
    )
    print(table(doc, names))
    return 0
