"""The statistics (docs/analysis.md §5, mc_widget/analysis/stats.py): the Wilson
interval worked by hand, the result file, resuming and extending a run, and
the command line."""

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mc_widget.analysis import stats
from mc_widget.analysis.policies import code_fingerprint, play
from mc_widget.analysis.stats import (
    load,
    main,
    missing_ranges,
    records,
    run,
    summarize,
    table,
    wilson,
)

ROOT = Path(__file__).resolve().parent.parent
FAST = ["random", "first-pair", "greedy", "one-pair"]


def count_plays(monkeypatch) -> list[tuple[str, int]]:
    """From now on, every (policy, deal) that stats plays, in a list (returned)."""
    played = []
    real = stats.play

    def counted(policy, deal, **kwargs):
        played.append((policy, deal))
        return real(policy, deal, **kwargs)

    monkeypatch.setattr(stats, "play", counted)
    return played


def test_wilson_12_of_100_worked_by_hand():
    # z = 1.959964, z² = 3.841459; n = 100, p = 0.12:
    #   1 + z²/n             = 1.0384146
    #   centre = (0.12 + z²/200) / 1.0384146 = 0.1392073 / 1.0384146 = 0.1340575
    #   p(1-p)/n + z²/4n²    = 0.001056 + 0.0000960 = 0.0011520; √ = 0.0339417
    #   half = 1.959964 · 0.0339417 / 1.0384146 = 0.0640635
    #   0.1340575 ∓ 0.0640635 = 0.0699941 … 0.1981210
    low, high = wilson(12, 100)
    assert round(low, 4) == 0.0700 and round(high, 4) == 0.1981


def test_wilson_other_values_worked_by_hand():
    # 50 of 100: centre 0.5 exactly; half = 1.959964 · √(0.0025 + 0.0000960) / 1.0384146.
    assert [round(v, 4) for v in wilson(50, 100)] == [0.4038, 0.5962]
    # 0 of 10: low 0, high z² / (n + z²) = 3.841459 / 13.841459.
    assert [round(v, 4) for v in wilson(0, 10)] == [0.0, 0.2775]
    # 10 of 10: the mirror image.
    assert [round(v, 4) for v in wilson(10, 10)] == [0.7225, 1.0]


@pytest.mark.parametrize(("won", "n"), [(0, 0), (5, 4), (-1, 10), (1.0, 10), (True, 10)])
def test_wilson_refuses_what_is_not_a_count(won, n):
    with pytest.raises(ValueError, match="wilson"):
        wilson(won, n)


def test_missing_ranges_worked_by_hand():
    assert missing_ranges([], 2500, 1000) == [(0, 1000), (1000, 2000), (2000, 2500)]
    # Extending 1,500 deals to 3,000: the partial chunk is finished first.
    done = [(0, 1000), (1000, 1500)]
    assert missing_ranges(done, 3000, 1000) == [(1500, 2000), (2000, 3000)]
    # A hole in the middle (an interrupted run finishes chunks in any order).
    assert missing_ranges([(1000, 2000)], 2500, 1000) == [(0, 1000), (2000, 2500)]
    assert missing_ranges([(0, 5000)], 3000, 1000) == []
    assert missing_ranges([], 7, 3) == [(0, 3), (3, 6), (6, 7)]


def _deals(doc):
    """Each policy's per-deal records, the part of a document that must not
    depend on how the run was cut up."""
    return {p: records(doc, p) for p in doc["policies"]}


def _figures(doc):
    return {
        p: {k: v for k, v in s.items() if k != "games_per_second"}
        for p, s in doc["summary"].items()
    }


def test_run_plays_every_deal_with_every_policy(tmp_path):
    out = tmp_path / "r.json"
    doc = run(30, FAST, jobs=1, out=out, chunk=12, progress=False)
    for policy in FAST:
        got = records(doc, policy)
        assert sorted(got) == list(range(30))
        for deal in (0, 7, 29):
            assert got[deal] == play(policy, deal)
        ranges = [(p["start"], p["stop"]) for p in doc["policies"][policy]["ranges"]]
        assert ranges == [(0, 12), (12, 24), (24, 30)]
        s = doc["summary"][policy]
        won = sum(r.won for r in got.values())
        assert (s["n"], s["won"]) == (30, won)
        assert s["mean_removed"] == sum(r.removed for r in got.values()) / 30
        assert (s["wilson_low"], s["wilson_high"]) == wilson(won, 30)
    saved = json.loads(out.read_text())
    assert saved["format"] == "mc_widget.stats" and saved["version"] == 1
    assert saved["n"] == 30 and saved["seed"] == 0 and saved["rules"]["name"] == "standard"
    assert saved["policies"]["greedy"]["version"] == 1
    assert "maximum matching" in saved["policies"]["greedy"]["definition"]
    # games, one per policy and deal: 4 policies over 30 deals
    assert saved["runs"][0]["games_played"] == 120
    assert _deals(load(out)) == _deals(doc)
    assert _figures(load(out)) == _figures(doc)


def test_extending_a_run_gives_the_same_results_as_one_run(tmp_path, monkeypatch):
    whole = run(50, ["random", "one-pair"], jobs=1, chunk=20, progress=False)
    out = tmp_path / "r.json"
    run(25, ["random"], jobs=1, out=out, chunk=20, progress=False)
    played = count_plays(monkeypatch)
    doc = run(50, ["random", "one-pair"], jobs=1, out=out, resume=True, chunk=20)
    # Only the deals not in the file were played, each once.
    assert sorted(played) == sorted(
        [("random", d) for d in range(25, 50)] + [("one-pair", d) for d in range(50)]
    )
    assert _deals(doc) == _deals(whole)
    assert _figures(doc) == _figures(whole)
    assert _deals(load(out)) == _deals(whole)
    assert [r["games_played"] for r in load(out)["runs"]] == [25, 75]


def test_an_interrupted_run_resumes_to_the_same_results(tmp_path, monkeypatch):
    whole = run(40, ["greedy"], jobs=1, chunk=10, progress=False)
    out = tmp_path / "r.json"
    real = stats._play_range
    calls = []

    def interrupted(policy, start, stop, seed, rules):
        calls.append(start)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(policy, start, stop, seed, rules)

    monkeypatch.setattr(stats, "_play_range", interrupted)
    with pytest.raises(KeyboardInterrupt):
        run(40, ["greedy"], jobs=1, out=out, chunk=10)
    kept = load(out)
    assert sorted(records(kept, "greedy")) == list(range(20))  # saved on the interrupt
    assert kept["summary"]["greedy"]["n"] == 20
    assert kept["runs"][-1]["games_played"] == 20  # played, not the 40 planned
    monkeypatch.setattr(stats, "_play_range", real)
    doc = run(40, ["greedy"], jobs=1, out=out, resume=True, chunk=10)
    assert doc["runs"][-1]["games_played"] == 20
    assert _deals(doc) == _deals(whole)
    assert _figures(doc) == _figures(whole)


def test_a_smaller_n_summarises_the_first_deals_and_keeps_the_rest(tmp_path):
    out = tmp_path / "r.json"
    run(30, ["first-pair"], jobs=1, out=out, chunk=10)
    doc = run(10, ["first-pair"], jobs=1, out=out, resume=True, chunk=10)
    assert doc["summary"]["first-pair"]["n"] == 10
    assert doc["runs"][-1]["games_played"] == 0
    assert sorted(records(load(out), "first-pair", 30)) == list(range(30))
    assert summarize(load(out), 30)["first-pair"]["n"] == 30


def test_processes_give_the_same_results_as_one(tmp_path):
    one = run(24, ["random", "greedy"], jobs=1, chunk=5, progress=False)
    two = run(24, ["random", "greedy"], jobs=2, chunk=5, progress=False)
    assert _deals(two) == _deals(one)
    assert _figures(two) == _figures(one)


def test_resume_refuses_a_file_that_does_not_fit(tmp_path):
    out = tmp_path / "r.json"
    run(5, ["random"], jobs=1, out=out)
    with pytest.raises(ValueError, match=r"made with seed 0, not 3; give --seed 0"):
        run(5, ["random"], jobs=1, out=out, resume=True, seed=3)
    with pytest.raises(ValueError, match=r"made with rules 'standard', not 'small'"):
        run(5, ["random"], jobs=1, out=out, resume=True, rules="small")
    doc = json.loads(out.read_text())
    doc["policies"]["random"]["version"] = 0
    out.write_text(json.dumps(doc))
    with pytest.raises(
        ValueError, match=r"'random' there is version 0, this code's is 1; add --redo"
    ):
        run(5, ["random"], jobs=1, out=out, resume=True)
    # Without resume the file is replaced.
    assert run(5, ["random"], jobs=1, out=out)["policies"]["random"]["version"] == 1


def test_the_code_a_policy_uses_is_fingerprinted(tmp_path):
    # SHA-256 of the sources of the modules it uses, in USES order, 16 hex digits.
    analysis = ROOT / "mc_widget" / "analysis"
    digest = hashlib.sha256()
    # The solver plays the variants with closure.py and variant_search.py (issue 19).
    for name in ("solver", "closure", "variant_search", "hint", "sequence"):
        digest.update((analysis / f"{name}.py").read_bytes())
    assert code_fingerprint("solver") == digest.hexdigest()[:16]
    assert code_fingerprint("greedy") is None
    out = tmp_path / "r.json"
    doc = run(4, ["greedy", "fair-hint"], jobs=1, out=out)
    assert doc["policies"]["greedy"]["code"] is None
    assert doc["policies"]["fair-hint"]["code"] == code_fingerprint("fair-hint")


def test_resume_refuses_results_of_other_code_unless_redone(tmp_path, monkeypatch):
    out = tmp_path / "r.json"
    run(6, ["greedy", "fair-hint"], jobs=1, out=out, chunk=3)
    doc = json.loads(out.read_text())
    doc["policies"]["fair-hint"]["code"] = "0123456789abcdef"
    out.write_text(json.dumps(doc))
    with pytest.raises(ValueError, match=r"'fair-hint' there was played by other code \(hint.py"):
        run(6, ["greedy", "fair-hint"], jobs=1, out=out, resume=True)
    # A policy not asked for is kept as it is, unchecked.
    assert run(8, ["greedy"], jobs=1, out=out, resume=True)["runs"][-1]["games_played"] == 2
    played = count_plays(monkeypatch)
    again = run(8, ["greedy", "fair-hint"], jobs=1, out=out, resume=True, redo="fair-hint")
    assert sorted(played) == [("fair-hint", d) for d in range(8)]
    assert again["policies"]["fair-hint"]["code"] == code_fingerprint("fair-hint")
    with pytest.raises(ValueError, match="redo 'solver' is not one of the policies to run"):
        run(8, ["greedy"], jobs=1, out=out, resume=True, redo=["solver"])


def test_load_names_the_bad_part(tmp_path):
    out = tmp_path / "r.json"
    run(6, ["one-pair"], jobs=1, out=out, chunk=3)
    good = json.loads(out.read_text())

    def broken(change):
        doc = json.loads(json.dumps(good))
        change(doc)
        out.write_text(json.dumps(doc))
        with pytest.raises(ValueError) as caught:
            load(out)
        return str(caught.value)

    assert "format is 'x'" in broken(lambda d: d.update(format="x"))
    assert "version is 2; this code reads version 1" in broken(lambda d: d.update(version=2))
    assert "policies.one-pair.ranges[1].won: needs 3 characters" in broken(
        lambda d: d["policies"]["one-pair"]["ranges"][1].update(won="01")
    )
    assert "policies.one-pair.ranges[0].removed: needs a list of 3" in broken(
        lambda d: d["policies"]["one-pair"]["ranges"][0].update(removed=[1])
    )
    assert "deals 0…2 and 0…2 overlap" in broken(
        lambda d: d["policies"]["one-pair"]["ranges"].append(d["policies"]["one-pair"]["ranges"][0])
    )
    assert "policies.best: unknown policy" in broken(
        lambda d: d["policies"].update(best=d["policies"]["one-pair"])
    )
    out.write_text("{")
    with pytest.raises(ValueError, match="not JSON"):
        load(out)


def _good_file(tmp_path) -> tuple[Path, dict]:
    """A result file of 6 deals of one-pair in two ranges, and its JSON."""
    out = tmp_path / "r.json"
    run(6, ["one-pair"], jobs=1, out=out, chunk=3, progress=False)
    return out, json.loads(out.read_text())


def _one_pair_ranges(doc: dict) -> list[dict]:
    return doc["policies"]["one-pair"]["ranges"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("n"), r"r\.json: n is missing"),
        (
            lambda d: d.update(n="500"),
            r"r\.json: n must be a whole number of deals from 0 to 4294967296, not '500'",
        ),
        (lambda d: d.update(n=-1), r"n must be a whole number of deals from 0 to \d+, not -1"),
        (lambda d: d.update(n=2.5), r"n must be a whole number of deals from 0 to \d+, not 2\.5"),
        (lambda d: d.update(n=True), r"n must be a whole number of deals from 0 to \d+, not True"),
        (lambda d: d.pop("runs"), r"r\.json: runs is missing"),
        (lambda d: d.update(runs={}), r"r\.json: runs must be a list, not dict"),
        (lambda d: d["runs"].append(7), r"r\.json: runs\[1\]: not an object"),
        (
            lambda d: d["runs"][0].pop("games_played"),
            r"runs\[0\]\.games_played: needs a whole number from 0 to 6, not None",
        ),
        (
            lambda d: d["runs"][0].update(games_played=-3),
            r"runs\[0\]\.games_played: needs a whole number from 0 to 6, not -3",
        ),
        (lambda d: d["runs"][0].update(n="6"), r"runs\[0\]\.n: needs a whole number from 0 to"),
        (
            lambda d: d["runs"][0].update(policies="one-pair"),
            r"runs\[0\]\.policies: needs a list of policy names",
        ),
        (
            lambda d: d["runs"][0].pop("wall_seconds"),
            r"runs\[0\]\.wall_seconds: needs a number of seconds, not None",
        ),
        (
            lambda d: _one_pair_ranges(d)[1]["removed"].__setitem__(2, 99),
            r"policies\.one-pair\.ranges\[1\]\.removed: needs whole numbers from 0 to 52",
        ),
    ],
)
def test_load_checks_n_runs_and_removed(tmp_path, change, message):
    out, good = _good_file(tmp_path)
    change(good)
    out.write_text(json.dumps(good))
    with pytest.raises(ValueError, match=message):
        load(out)


def test_removed_is_bounded_by_the_rules_deck(tmp_path):
    # 52 cards is the whole standard deck; the double deck has 104.
    out, good = _good_file(tmp_path)
    _one_pair_ranges(good)[0]["removed"][0] = 52
    out.write_text(json.dumps(good))
    assert load(out)["policies"]["one-pair"]["ranges"][0]["removed"][0] == 52
    _one_pair_ranges(good)[0]["removed"][0] = 53
    out.write_text(json.dumps(good))
    with pytest.raises(ValueError, match="from 0 to 52"):
        load(out)
    double = tmp_path / "d.json"
    run(2, ["one-pair"], jobs=1, out=double, rules="double", progress=False)
    doc = json.loads(double.read_text())
    _one_pair_ranges(doc)[0]["removed"][0] = 104
    double.write_text(json.dumps(doc))
    load(double)
    _one_pair_ranges(doc)[0]["removed"][0] = 105
    double.write_text(json.dumps(doc))
    with pytest.raises(ValueError, match="from 0 to 104"):
        load(double)


@pytest.mark.parametrize("part", ["n", "runs"])
def test_a_resume_of_a_bad_file_is_refused_before_playing(tmp_path, monkeypatch, part):
    # Without the check, the resume played every missing deal and then
    # failed (KeyError) before saving them: the work was lost.
    out, good = _good_file(tmp_path)
    del good[part]
    out.write_text(json.dumps(good))
    before = out.read_text()
    played = count_plays(monkeypatch)
    with pytest.raises(ValueError, match=f"{part} is missing"):
        run(9, ["one-pair"], jobs=1, out=out, resume=True, chunk=3)
    assert played == []
    assert out.read_text() == before
    with pytest.raises(SystemExit) as caught:
        main(["-n", "9", "--policies", "one-pair", "--jobs", "1", "--out", str(out), "--resume"])
    assert caught.value.code == 2
    assert played == []


def test_a_failure_after_playing_still_saves_the_deals(tmp_path, monkeypatch):
    # Should the summary fail once the deals are played (it cannot on a
    # checked file; a stand-in fails here), the deals are saved all the same.
    out, _ = _good_file(tmp_path)
    real = stats.summarize

    def fails_after_the_run(doc, n=None):
        if len(doc["runs"]) > 1:  # this run's entry is in: the deals were played
            raise RuntimeError("the summary failed")
        return real(doc, n)

    monkeypatch.setattr(stats, "summarize", fails_after_the_run)
    with pytest.raises(RuntimeError, match="the summary failed"):
        run(9, ["one-pair"], jobs=1, out=out, resume=True, chunk=3)
    monkeypatch.setattr(stats, "summarize", real)
    kept = load(out)
    assert sorted(records(kept, "one-pair")) == list(range(9))
    assert [r["games_played"] for r in kept["runs"]] == [6, 3]


# --------------------------------------------------------------------------
# Hostile files (issue 17, item 8): each is refused with load's ValueError
# naming the bad part, never an OverflowError, a RecursionError, or a value
# taken and written back. The good file is 6 deals of one-pair in two ranges
# of 3 (standard rules: 52 cards), so the bounds below are worked by hand.


def _range(d: dict, k: int = 0) -> dict:
    return _one_pair_ranges(d)[k]


def _policy(d: dict) -> dict:
    return d["policies"]["one-pair"]


RANGE0 = r"policies\.one-pair\.ranges\[0\]"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        # The tester's four.
        (
            lambda d: _range(d)["rounds"].__setitem__(0, 10**400),
            RANGE0 + r"\.rounds: needs whole numbers from 1 to 53",
        ),
        (
            lambda d: _range(d).update(start=True),
            RANGE0 + r": start and stop must be whole numbers, .*not True and 3",
        ),
        (
            lambda d: _range(d).update(seconds=float("nan")),
            RANGE0 + r"\.seconds: needs a number of seconds from 0 to 1000000000, not nan",
        ),
        # The other numbers: bools, infinities, huge ints, ranges.
        (
            lambda d: _range(d).update(seconds=float("inf")),
            RANGE0 + r"\.seconds: .*not inf",
        ),
        (
            lambda d: _range(d).update(seconds=10**400),
            RANGE0 + r"\.seconds: needs a number of seconds from 0 to 1000000000, not 1000",
        ),
        (lambda d: _range(d).update(seconds=True), RANGE0 + r"\.seconds: .*not True"),
        (lambda d: _range(d).update(seconds=-0.5), RANGE0 + r"\.seconds: .*not -0\.5"),
        (lambda d: _range(d).pop("seconds"), RANGE0 + r"\.seconds is missing"),
        (
            lambda d: d["runs"][0].update(wall_seconds=10**400),
            r"runs\[0\]\.wall_seconds: needs a number of seconds from 0 to 1000000000, not 1000",
        ),
        (lambda d: _range(d).update(stop=2**32 + 1), RANGE0 + r": start and stop .*<= 4294967296"),
        (lambda d: _range(d)["rounds"].__setitem__(1, 0), RANGE0 + r"\.rounds: .*from 1 to 53"),
        (lambda d: _range(d)["removed"].__setitem__(2, True), RANGE0 + r"\.removed: .*0 to 52"),
        (
            lambda d: d.update(version=True),
            r"r\.json: version is True; this code reads version 1",
        ),
        (lambda d: d.update(version=1.0), r"version is 1\.0; this code reads version 1"),
        (lambda d: d.update(n=10**400), r"r\.json: n must be a whole number of deals from 0 to"),
        (lambda d: d.update(seed=2**63), r"r\.json: seed must be a whole number from -\d+ to \d+"),
        (lambda d: d.update(seed=False), r"r\.json: seed must be a whole number .*not False"),
        (lambda d: _policy(d).update(version=True), r"one-pair\.version: .*not True"),
        (lambda d: _policy(d).update(definition=7), r"one-pair\.definition: .*not 7"),
        (
            lambda d: _policy(d).update(definition="x" * 5000),
            r"one-pair\.definition: needs a text of at most 2000 characters, not 'xxxx",
        ),
        (lambda d: _policy(d).update(code="../../etc"), r"one-pair\.code: a fingerprint of 16"),
        (
            lambda d: d["runs"][0].update(games_played=7),
            r"runs\[0\]\.games_played: .*0 to 6, not 7",
        ),
        (lambda d: d["runs"][0].update(jobs=0), r"runs\[0\]\.jobs: .*other than 0, not 0"),
        (lambda d: d["runs"][0].update(cpus=True), r"runs\[0\]\.cpus: .*not True"),
        (lambda d: d["runs"][0].update(date=["today"]), r"runs\[0\]\.date: .*not \['today'\]"),
        (lambda d: d["runs"][0].update(policies=["best"]), r"runs\[0\]\.policies: needs a list"),
        # Rules, read by the engine, named by it.
        (lambda d: d.update(rules="standard"), r"r\.json: rules must be an object, not str"),
        (lambda d: d["rules"].update(rows=10**400), r"r\.json: rules\.rows must be from 1 to"),
        # A key no part has is not kept (and written back) unchecked.
        (lambda d: _range(d).update(note=float("nan")), RANGE0 + r"\.note: not a field"),
        (lambda d: d.update(extra=[1]), r"r\.json: extra: not a field of a result file"),
        (lambda d: d["runs"][0].update(x=1), r"runs\[0\]\.x: not a field"),
        (lambda d: _policy(d).update(x=1), r"policies\.one-pair\.x: not a field"),
        (lambda d: d.update(summary=[]), r"r\.json: summary must be an object"),
    ],
)
def test_a_hostile_file_is_refused_naming_the_part(tmp_path, change, message):
    out, good = _good_file(tmp_path)
    change(good)
    out.write_text(json.dumps(good))  # NaN and infinity as Python writes them: not JSON
    with pytest.raises(ValueError, match=message) as caught:
        load(out)
    assert len(str(caught.value)) < 400  # a named part, not the file's content echoed back


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # 100,000 brackets: deeper than json.loads reads (its RecursionError).
        ("[" * 100_000 + "]" * 100_000, "nested too deeply to read"),
        ('{"n": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply to read"),
        # An int of more digits than Python converts (4,300): json.loads's ValueError.
        ('{"n": ' + "9" * 5000 + "}", r"not JSON that can be read \(Exceeds the limit"),
    ],
)
def test_json_that_cannot_be_read_is_named(tmp_path, text, message):
    out = tmp_path / "r.json"
    out.write_text(text)
    with pytest.raises(ValueError, match=message) as caught:
        load(out)
    assert str(caught.value).startswith(f"{out}: ")
    assert len(str(caught.value)) < 400


def test_a_file_with_infinity_written_as_1e400_is_refused(tmp_path):
    # JSON's grammar has no infinity, but 1e400 reads as one in Python.
    out, good = _good_file(tmp_path)
    good["runs"][0]["wall_seconds"] = "WALL"
    out.write_text(json.dumps(good).replace('"WALL"', "1e400"))
    with pytest.raises(ValueError, match=r"runs\[0\]\.wall_seconds: .*not inf"):
        load(out)


def test_a_resume_of_a_file_with_nan_stops_before_playing_and_writes_no_nan(tmp_path, monkeypatch):
    # The tester's file: NaN seconds was accepted, and a resume wrote it back.
    out, good = _good_file(tmp_path)
    _range(good)["seconds"] = float("nan")
    out.write_text(json.dumps(good))
    before = out.read_text()
    played = count_plays(monkeypatch)
    with pytest.raises(ValueError, match=r"seconds: .*not nan"):
        run(9, ["one-pair"], jobs=1, out=out, resume=True, chunk=3)
    assert played == []
    assert out.read_text() == before


def test_nan_is_never_written(tmp_path):
    # Whatever the document holds, the file is strict JSON or not written at all.
    out, good = _good_file(tmp_path)
    before = out.read_text()
    good["summary"]["one-pair"]["win_rate"] = float("nan")
    with pytest.raises(ValueError, match="not JSON compliant"):
        stats._write(good, out)
    assert out.read_text() == before
    assert not (tmp_path / "r.json.tmp").exists()


def test_a_speed_too_large_for_a_float_is_none_not_infinity(tmp_path):
    # 3 deals over the least positive float of seconds overflows to infinity.
    out, good = _good_file(tmp_path)
    for piece in _one_pair_ranges(good):
        piece["seconds"] = 5e-324
    out.write_text(json.dumps(good))
    assert load(out)["summary"]["one-pair"]["games_per_second"] is None


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"n": 2**32 + 1},
            "n must be a whole number of deals from 1 to 4294967296, not 4294967297",
        ),
        ({"n": 5, "seed": 2**63}, r"seed must be a whole number from -\d+ to \d+, not 9223372"),
    ],
)
def test_run_refuses_what_no_file_could_hold(kwargs, message, monkeypatch):
    # What run writes, load reads: a seed or an n beyond the file's ranges is
    # refused before any deal is played (before, n = 2**32 + 1 set out to play
    # them all and failed at deal 2**32).
    def refuse(policy, deal, **kwargs):
        raise AssertionError(f"deal {deal} was played")

    monkeypatch.setattr(stats, "play", refuse)
    with pytest.raises(ValueError, match=message):
        # One chunk: before, 2**32 chunks of one deal filled the memory first.
        run(**kwargs, policies=["one-pair"], jobs=1, chunk=2**32)


def test_an_old_file_with_deals_played_is_read_as_games_played(tmp_path):
    out, good = _good_file(tmp_path)
    good["runs"][0]["deals_played"] = good["runs"][0].pop("games_played")
    out.write_text(json.dumps(good))
    doc = load(out)
    assert doc["runs"][0]["games_played"] == 6 and "deals_played" not in doc["runs"][0]
    again = run(8, ["one-pair"], jobs=1, out=out, resume=True, chunk=3)
    assert [r["games_played"] for r in again["runs"]] == [6, 2]
    assert "deals_played" not in out.read_text()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"n": 0}, "n must be a whole number of deals from 1 to 4294967296, not 0"),
        ({"n": 5, "jobs": 0}, "jobs must be a whole number"),
        ({"n": 5, "chunk": 0}, "chunk must be a whole number >= 1"),
        ({"n": 5, "resume": True}, "resume needs out"),
        ({"n": 5, "policies": "greedy,best"}, "unknown policy 'best'"),
    ],
)
def test_run_refuses_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        run(**kwargs)


def test_a_policy_whose_module_is_missing_is_refused(monkeypatch):
    monkeypatch.setitem(stats.USES, "greedy", ("no_such_module",))
    with pytest.raises(ValueError, match=r"'greedy' needs mc_widget.analysis.no_such_module"):
        run(5, ["greedy"], jobs=1)


def test_the_table():
    doc = {
        "summary": {
            "greedy": {
                "n": 100,
                "won": 12,
                "win_rate": 0.12,
                "wilson_low": 0.0699941,
                "wilson_high": 0.1981210,
                "mean_removed": 36.6,
                "mean_rounds": 7.5,
                "games_per_second": 1234.4,
            }
        }
    }
    assert table(doc).splitlines() == [
        "policy    N  won  win rate     95 % Wilson  cards removed  rounds  games/s",
        "greedy  100   12   12.00 %  7.00 … 19.81 %          36.60    7.50    1,234",
    ]


def test_the_command_line(tmp_path, capsys):
    out = tmp_path / "r.json"
    assert (
        main(["-n", "12", "--policies", "first-pair,one-pair", "--jobs", "1", "--out", str(out)])
        == 0
    )
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].startswith("deals 0 … 11 (standard), seed 0; 24 games played in")
    assert printed[1].split()[:2] == ["policy", "N"]
    assert [line.split()[:2] for line in printed[2:]] == [["first-pair", "12"], ["one-pair", "12"]]
    assert load(out)["summary"]["one-pair"]["n"] == 12
    main(["-n", "20", "--policies", "one-pair", "--jobs", "1", "--out", str(out), "--resume"])
    assert "8 games played" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["-n", "0"], "-n must be at least 1"),
        (["--jobs", "0"], "--jobs must not be 0"),
        (["--resume"], "--resume needs --out"),
        (["--redo", "solver", "--out", "x.json"], "--redo needs --resume"),
        (["--policies", "gredy"], "unknown policy 'gredy'"),
        (["-n", "3", "--rules", "huge", "--jobs", "1"], "huge"),
    ],
)
def test_the_command_line_refuses_bad_usage(argv, message, capsys):
    with pytest.raises(SystemExit) as caught:
        main(argv)
    assert caught.value.code == 2
    assert message in capsys.readouterr().err


def test_python_m_mc_widget_stats_runs():
    done = subprocess.run(
        [sys.executable, "-m", "mc_widget.stats", "-n", "3", "--policies", "greedy", "--jobs", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    won = sum(play("greedy", d).won for d in range(3))
    assert done.stdout.splitlines()[2].split()[:3] == ["greedy", "3", str(won)]


def test_the_progress_bar_when_asked(capsys):
    run(5, ["greedy"], jobs=1, progress=True)
    assert "5/5" in capsys.readouterr().err
    run(5, ["greedy"], jobs=1, progress=False)
    assert capsys.readouterr().err == ""


def test_the_progress_bar_counts_games(capsys):
    # 2 policies over 3 deals: 6 games, not 3 deals.
    run(3, ["greedy", "one-pair"], jobs=1, progress=True)
    bar = capsys.readouterr().err
    assert "games: 100%" in bar and "6/6" in bar and "game/s" in bar
    assert "deal" not in bar


def test_every_option_has_help(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "--progress show a progress bar of the games played" in said
    assert "--no-progress show no progress bar" in said
    for action in stats._parser()._actions:
        assert action.help, action.option_strings


def test_the_saved_result_is_the_packages_file():
    doc = stats.saved_result()
    assert doc == load(ROOT / "mc_widget" / "data" / "stats-10000.json")
    assert stats.SAVED == ("stats-10000",)
    assert doc["n"] == 10_000 and set(doc["summary"]) == set(stats.POLICIES)
    assert doc["runs"][0]["games_played"] == 60_000  # six policies over 10,000 deals
    for bad in ("stats-100000", "../stats-10000", 10000, None):
        with pytest.raises(ValueError, match=r"no saved result .*; there is 'stats-10000'"):
            stats.saved_result(bad)


def test_the_saved_result_was_played_by_this_code():
    # So `--resume` on it plays on, and lesson 4's figures are this code's. A
    # change of solver.py, hint.py or sequence.py (a docstring too) fails
    # here until the file is played again, in the project's folder:
    #   python -m mc_widget.stats -n 10000 --out mc_widget/data/stats-10000.json \
    #       --resume --redo POLICY
    doc = stats.saved_result()
    for name, entry in doc["policies"].items():
        assert entry["code"] == code_fingerprint(name), f"--redo {name}"
    assert doc["policies"]["solver"]["code"] is not None  # the check above can fail


def test_the_saved_result_is_read_from_any_folder(tmp_path):
    # Through importlib.resources, not a path from the working folder.
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "from mc_widget.analysis import stats; print(stats.saved_result()['n'])",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.stdout.strip() == "10000"


def test_the_tracked_results_are_the_ones_docs_performance_md_shows():
    doc = stats.saved_result()
    assert doc["n"] == 10_000 and doc["seed"] == 0 and doc["rules"]["name"] == "standard"
    text = (ROOT / "docs" / "performance.md").read_text()
    section = text[text.index("## Statistics") :].split("Deals 0 … 99,999")[0]
    shown = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 7 and cells[0].startswith("`"):
            shown[cells[0].strip("`")] = (cells[1], cells[2], cells[5], cells[6])
    assert (
        set(shown)
        == set(doc["summary"])
        == {"random", "first-pair", "greedy", "one-pair", "fair-hint", "solver"}
    )
    for policy, s in doc["summary"].items():
        figures = (
            f"{s['n']:,}",
            f"{s['won']:,}",
            f"{s['mean_removed']:.2f}",
            f"{s['mean_rounds']:.2f}",
        )
        assert shown[policy] == figures, policy
    # first-pair is the engine benchmark's policy: the same 3,083 wins it reports.
    assert doc["summary"]["first-pair"]["won"] == 3083
    assert "**30.8 %** won\n(3,083 deals)" in text


def test_an_out_file_in_a_missing_folder_is_refused_before_any_deal(tmp_path, monkeypatch):
    played = []
    monkeypatch.setattr(stats, "_play_range", lambda *a, **k: played.append(a) or None)
    out = tmp_path / "no-such-folder" / "x.json"
    with pytest.raises(ValueError, match=r"the folder .*no-such-folder does not exist"):
        stats.run(10, ["first-pair"], jobs=1, out=out, progress=False)
    assert played == []
    assert not out.parent.exists()
