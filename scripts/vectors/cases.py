"""cases.json: the German worked example (tests/cases/) as vectors."""

from __future__ import annotations

from typing import Any

from mc_widget.engine import (
    Action,
    ConsolidateStep,
    Refill,
    Remove,
    highlights,
    perform,
)

from .common import (
    GERMAN_CASE,
    illegal_vector,
    load,
    play,
    result_json,
    summary,
)


def make_cases() -> dict[str, Any]:
    case = GERMAN_CASE
    state = load(case["layout"])
    start = summary(state)
    steps = []
    actions: list[Action] = [Remove(*p) for p in case["remove"]]
    for action in actions:
        state, result = perform(state, action)
        steps.append(
            {"action": action.to_json(), "result": result_json(result), "summary": summary(state)}
        )
    while True:
        state, result = perform(state, ConsolidateStep())
        steps.append(
            {
                "action": ConsolidateStep().to_json(),
                "result": result_json(result),
                "summary": summary(state),
            }
        )
        if state.phase != "consolidate":
            break
    assert [s["result"] for s in steps[3:]] == case["consolidation_steps_from_to"]
    assert state.layout() == case["after_consolidation"]
    state, result = perform(state, Refill())
    steps.append(
        {"action": Refill().to_json(), "result": result_json(result), "summary": summary(state)}
    )
    assert state.layout() == case["after_refill_layout"]
    assert len(result) == case["cards_refilled"]
    game = {
        "id": "case-german-worked-example",
        "kind": "game",
        "rules": case["rules"],
        "layout": case["layout"],
        "source": "tests/cases/german-worked-example.json",
        "start": start,
        "steps": steps,
        "final_state": state.to_json(),
    }
    german = load(case["layout"])
    removed = play(german, *actions)
    vectors: list[dict[str, Any]] = [game]
    for i, j in case["not_neighbours"]:
        vectors.append(illegal_vector(f"case-german-not-neighbours-{i}-{j}", german, Remove(i, j)))
    for i, j in case["after_removal_across_gap"]:
        vectors.append(illegal_vector(f"case-german-across-gap-{i}-{j}", removed, Remove(i, j)))
        lit = highlights(removed, i)
        vectors.append(
            {
                "id": f"case-german-false-neighbours-{i}",
                "kind": "highlights",
                "state": removed.to_json(),
                "cell": i,
                "neighbours": list(lit["neighbours"]),
                "partners": list(lit["partners"]),
                "false_neighbours": list(lit["false_neighbours"]),
            }
        )
    vectors.append(
        {
            "id": "case-german-status-start",
            "kind": "status",
            "state": german.to_json(),
            "status": "playing",
            "pairs": case["legal_pairs"],
            "legal_pairs": case["legal_pairs"],
            "can_consolidate": False,
            "can_refill": False,
            "removed": 0,
            "total": 52,
        }
    )
    return {
        "description": "The worked example of the German seed, as vectors.",
        "vectors": vectors,
    }
