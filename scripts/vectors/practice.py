"""practice.json: issue 21's exercises, answers, sets and records, so that the
same seed gives the same exercise, check, plan and score in both engines
(mc_widget/practice/, js/practice/; docs/practice.md).

Every kind, level and preset the engine plays (choose: the presets with
``eight`` touching; the others get the ``choose-line`` refusal), two seeds
each, and for each exercise three answers: the right one, a wrong one made
from the right one (the mistake a learner makes: a false neighbour clicked,
the stock dealt into the gaps where they are, a losing pair) and a
malformed one. Then bad kinds, levels, seeds and rules names, plans of
sets with right and wrong results, and records: honest, forged (a score
claimed, a kind the set does not plan, an answer that does not parse) and
malformed.
"""

from __future__ import annotations

from typing import Any

from mc_widget.engine.queries import false_neighbours, legal_removals, status
from mc_widget.engine.rules import PRESETS, resolve_rules
from mc_widget.practice import (
    KINDS,
    PracticeError,
    PracticeSession,
    PracticeSet,
    Question,
    check,
    generate,
    plan,
    right_answer,
)

SEEDS = (1, 2026)

#: One malformed answer per ask, each a different way of being malformed.
MALFORMED: dict[str, Any] = {
    "neighbours": {"cells": "7"},
    "removals": {"removals": [[3, 3]]},
    "next-move": {"move": [0]},
    "destination": {"cell": -1},
    "next-cells": {"cells": [0, 1], "why": "gravity"},
    "cells-after-consolidating": {"cells": [True]},
    "winnable-removal": {"removal": [0, 1, 2]},
    "status": {"status": "blocked"},
}


def error_json(error: PracticeError) -> dict[str, Any]:
    return {"type": "PracticeError", "path": error.path, "key": error.key}


def wrong_answer(q: Question, right: dict[str, Any]) -> dict[str, Any]:
    """A wrong answer a learner might give, made from the right one."""
    state = q.state
    value = next(iter(right.values()))
    if q.ask == "neighbours":
        # Mistake M1: a card beyond a gap clicked too (under ``line`` it does
        # touch, so there the wrong answer only misses a card).
        across = [c for c in false_neighbours(state, q.cell) if c not in value]
        return {"cells": value[1:] + across[:1]}
    if q.ask == "removals":
        cards = [c for c, card in enumerate(state.tableau) if card is not None]
        extra = [cards[0], cards[1]] if len(cards) > 1 else []
        made = value[1:] + ([extra] if extra and extra not in value else [])
        return {"removals": made}
    if q.ask == "next-move":
        return {"move": value[::-1]}
    if q.ask == "destination":
        return {"cell": q.cell}
    if q.ask == "next-cells":
        return {"cells": value[::-1] if len(value) > 1 else [(value[0] + 1) % state.rules.cells]}
    if q.ask == "cells-after-consolidating":
        # Mistake M4: the stock dealt into the gaps where they are now.
        gaps = [c for c, card in enumerate(state.tableau) if card is None]
        return {"cells": gaps[: max(1, len(value))]}
    if q.ask == "winnable-removal":
        # A pair that loses the deal (the generator makes sure there is one).
        return next(
            {"removal": list(r)}
            for r in legal_removals(state)
            if not check(q, {"removal": list(r)}).right
        )
    return {"status": "lost" if status(state) != "lost" else "playing"}


def _check_vector(vid: str, q: Question, answer: Any) -> dict[str, Any]:
    vector = {
        "id": vid,
        "kind": "practice-check",
        "exercise": [q.kind, q.level, q.seed, q.rules],
        "answer": answer,
    }
    try:
        vector["result"] = check(q, answer).to_json()
    except PracticeError as error:
        vector["error"] = error_json(error)
    return vector


def _exercises() -> list[dict[str, Any]]:
    vectors: list[dict[str, Any]] = []
    for rules in PRESETS:
        line = resolve_rules(rules).touching == "line"
        for kind in KINDS:
            for level in (1, 2, 3):
                for seed in SEEDS:
                    vid = f"{kind}-{level}-{rules}-{seed}"
                    if kind == "choose" and line:
                        try:
                            generate(kind, level, seed, rules)
                        except PracticeError as error:
                            vectors.append(
                                {
                                    "id": vid,
                                    "kind": "practice-bad",
                                    "args": [kind, level, seed, rules],
                                    "error": error_json(error),
                                }
                            )
                            continue
                        raise AssertionError("choose under line touching must be refused")
                    q = generate(kind, level, seed, rules)
                    vectors.append(
                        {
                            "id": vid,
                            "kind": "practice-exercise",
                            "args": [kind, level, seed, rules],
                            "exercise": q.to_json(),
                        }
                    )
                    right = right_answer(q)
                    wrong = wrong_answer(q, right)
                    found = check(q, right)
                    assert found.right, vid
                    assert not check(q, wrong).right, vid
                    vectors.append(_check_vector(f"{vid}-right", q, right))
                    vectors.append(_check_vector(f"{vid}-wrong", q, wrong))
                    vectors.append(_check_vector(f"{vid}-malformed", q, MALFORMED[q.ask]))
    return vectors


BAD_ARGS = [
    ("bad-kind", ["gravity", 1, 1, "standard"]),
    ("bad-kind-mixed", ["mixed", 1, 1, "standard"]),
    ("bad-level-0", ["pairs", 0, 1, "standard"]),
    ("bad-level-4", ["pairs", 4, 1, "standard"]),
    ("bad-level-text", ["pairs", "2", 1, "standard"]),
    ("bad-level-true", ["pairs", True, 1, "standard"]),
    ("bad-seed-negative", ["pairs", 1, -1, "standard"]),
    ("bad-seed-big", ["pairs", 1, 4294967296, "standard"]),
    ("bad-seed-fraction", ["pairs", 1, 1.5, "standard"]),
    ("bad-rules", ["pairs", 1, 1, "weddings"]),
    ("bad-rules-object", ["pairs", 1, 1, {"name": "standard"}]),
]


def _bad() -> list[dict[str, Any]]:
    vectors = []
    for vid, args in BAD_ARGS:
        try:
            generate(*args)
        except PracticeError as error:
            vectors.append(
                {"id": vid, "kind": "practice-bad", "args": args, "error": error_json(error)}
            )
        else:
            raise AssertionError(vid)
    return vectors


SETS = [
    {"kind": "mixed", "level": 1, "n": 10, "seed": 7, "rules": "standard"},
    {"kind": "mixed", "level": 3, "n": 12, "seed": 99, "rules": "aces-square"},
    {"kind": "neighbours", "level": 2, "n": 6, "seed": 5, "rules": "small"},
    {"kind": "choose", "level": 2, "n": 5, "seed": 3, "rules": "thirteens"},
]
RESULTS = [[], [True] * 9, [False, True, True, False, False, True, True, True, False]]


def _plans() -> list[dict[str, Any]]:
    vectors = []
    for k, data in enumerate(SETS):
        practice = PracticeSet(**data)
        for j, results in enumerate(RESULTS):
            results = results[: practice.n - 1]
            vectors.append(
                {
                    "id": f"plan-{k}-{j}",
                    "kind": "practice-plan",
                    "set": data,
                    "results": results,
                    "plan": [p.to_json() for p in plan(practice, results)],
                }
            )
    return vectors


def _played(data: dict[str, Any], wrong_every: int) -> dict[str, Any]:
    """A record of a set played to the end: every ``wrong_every``-th answer wrong."""
    session = PracticeSession(PracticeSet(**data))
    k = 0
    while (q := session.current) is not None:
        right = right_answer(q)
        answer = wrong_answer(q, right) if wrong_every and k % wrong_every == 1 else right
        session.answer(answer, [4, 12.5, 31, 75][k % 4])
        k += 1
    return session.record()


def _record(vid: str, record: Any) -> dict[str, Any]:
    from mc_widget.practice import check_record

    vector = {"id": vid, "kind": "practice-record", "record": record}
    try:
        vector["score"] = check_record(record)
    except PracticeError as error:
        vector["error"] = error_json(error)
    return vector


def _records() -> list[dict[str, Any]]:
    honest = _played(SETS[0], 3)
    vectors = [
        _record("record-honest-mixed", honest),
        _record("record-honest-aces", _played(SETS[1], 2)),
        _record("record-honest-all-right", _played(SETS[2], 0)),
        _record(
            "record-empty",
            {
                **honest,
                "exercises": [],
                "score": {"done": 0, "right": 0, "stars": 0, "streak": 0, "best_streak": 0},
            },
        ),
    ]

    def forged(vid: str, change) -> None:
        import copy

        record = copy.deepcopy(honest)
        change(record)
        vectors.append(_record(vid, record))

    forged("record-forged-stars", lambda r: r["score"].update(stars=r["score"]["stars"] + 1))
    forged("record-forged-right", lambda r: r["score"].update(right=r["score"]["done"]))
    forged(
        "record-forged-seed", lambda r: r["exercises"][2].update(seed=r["exercises"][2]["seed"] + 1)
    )
    forged(
        "record-forged-kind",
        lambda r: r["exercises"][0].update(
            kind="verdict" if r["exercises"][0]["kind"] != "verdict" else "pairs"
        ),
    )

    def wrong_first(r: dict[str, Any]) -> None:
        item = r["exercises"][0]
        q = generate(item["kind"], item["level"], item["seed"], r["set"]["rules"])
        item["answer"] = wrong_answer(q, right_answer(q))

    # A right answer made wrong, the score left as claimed: the replayed score differs.
    forged("record-forged-wrong-answer", wrong_first)
    forged(
        "record-forged-answer-changed",
        lambda r: r["exercises"][1].update(answer=r["exercises"][0]["answer"]),
    )
    forged("record-bad-answer", lambda r: r["exercises"][3].update(answer={"cells": "all"}))
    forged("record-bad-seconds", lambda r: r["exercises"][0].update(seconds=-3))
    forged("record-bad-seconds-text", lambda r: r["exercises"][0].update(seconds="12"))
    forged("record-unknown-key", lambda r: r.update(teacher="me"))
    forged("record-missing-score", lambda r: r.pop("score"))
    forged("record-version", lambda r: r.update(version=2))
    forged("record-format", lambda r: r.update(format="mc-record"))
    forged("record-set-n", lambda r: r["set"].update(n=1000))
    forged("record-set-kind", lambda r: r["set"].update(kind="gravity"))
    forged("record-too-many", lambda r: r["set"].update(n=2))
    forged("record-exercise-extra-key", lambda r: r["exercises"][0].update(right=True))
    vectors.append(_record("record-not-object", [1, 2, 3]))
    return vectors


def make_practice() -> dict[str, Any]:
    return {
        "description": (
            "Practice (issue 21): exercises from (kind, level, seed, rules), answers checked "
            "with the engine, plans of sets and records replayed (docs/practice.md)."
        ),
        "vectors": _exercises() + _bad() + _plans() + _records(),
    }
