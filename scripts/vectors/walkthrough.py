"""walkthrough.json: the walkthrough of a round and walk_to (docs/teaching.md, 1)."""

from __future__ import annotations

from typing import Any

from mc_widget.engine import (
    ArgumentError,
    Consolidate,
    ConsolidateStep,
    EngineError,
    Refill,
    RefillStep,
    Remove,
    State,
    Undo,
    legal_pairs,
    walk_to,
    walkthrough,
)

from .common import (
    GERMAN_CASE,
    error_json,
    lay,
    load,
    play,
    steps_until,
)
from .positions import ROUND, ZERO_MOVE, positions

#: One gap at the end and stock left: a zero-move consolidation, one deal, then lost.
LAST_GAP = lay(
    "AS 2S 3S 4S 5S",
    "6S 7S 8S 9S TS",
    "JS QS KS AH 2H",
    "3H 4H 5H 6H 7H",
    "8H 9H TH JH ..",
    stock="5D 2D 3D 4D 7D",
)


def walk_error(state: State, k: Any) -> dict[str, Any]:
    """The error of a refused ``walk_to``; for a bad ``k`` also the JS engine's (a StateError)."""
    try:
        walk_to(state, k)
    except ArgumentError as error:
        return {
            "error": {"type": "ArgumentError", "key": error.key, "function": error.function},
            "js_error": {"type": "StateError", "path": "k", "key": "state.type"},
        }
    except EngineError as error:
        return {"error": error_json(error)}
    raise AssertionError(f"walk_to({k!r}) was accepted")


def walk_states() -> dict[str, State]:
    """Named states for the walkthrough: every way a round can stand (docs/teaching.md, 1)."""
    p = positions()
    removed = p["german-removed"]
    steps = ConsolidateStep()
    small = p["small"]
    double = p["double"]
    moved = steps_until(steps_until(removed, "remove", steps), "consolidate", steps)
    return {
        "german-start": p["german"],
        "german-removed": removed,
        "german-5-steps": play(removed, *([steps] * 5)),
        "german-consolidated": play(removed, Consolidate()),
        "german-consolidated-2-deals": play(removed, Consolidate(), RefillStep(), RefillStep()),
        "german-round-done": play(removed, Consolidate(), Refill()),
        "german-moves-by-steps": moved,
        "german-round-done-by-steps": steps_until(moved, "refill", RefillStep()),
        "german-consolidation-undone": play(removed, Consolidate(), Undo()),
        "german-steps-undone": play(removed, steps, steps, Undo(), Undo()),
        # Step 0 with the last pair undone, waiting for a redo (walk_to(0) keeps it).
        "german-pair-undone": play(removed, Undo()),
        "german-next-round": play(removed, Consolidate(), Refill(), Remove(13, 14)),
        "round-stock-runs-out": load(ROUND),
        "round-stock-ran-out": play(load(ROUND), Consolidate(), Refill()),
        "zero-move": load(ZERO_MOVE),
        "zero-move-stepped": play(load(ZERO_MOVE), steps),
        "zero-move-one-deal": play(load(ZERO_MOVE), steps, RefillStep()),
        "zero-move-then-lost": play(load(LAST_GAP), Consolidate(), Refill()),
        "gaps-no-stock": p["gaps"],
        "full-tableau": p["deal7"],
        "full-after-round": p["deal7-played"],
        "gaps-at-end-no-stock": p["gaps-at-end-no-stock"],
        "won": p["won"],
        "lost": p["blocked"],
        "small": play(small, Remove(*legal_pairs(small)[0])),
        "double": play(double, Remove(*legal_pairs(double)[0])),
        "double-consolidated": play(double, Remove(*legal_pairs(double)[0]), Consolidate()),
    }


def make_walkthrough() -> dict[str, Any]:
    named = walk_states()
    vectors: list[dict[str, Any]] = []
    for name, state in named.items():
        found = walkthrough(state)
        vectors.append(
            {
                "id": f"walkthrough-{name}",
                "kind": "walkthrough",
                "state": state.to_json(),
                "walkthrough": None if found is None else found.to_json(),
            }
        )
    german = walkthrough(named["german-removed"])
    assert german is not None and (german.moves, german.deals) == (17, 6)
    assert [[s.source, s.target] for s in german.steps[:17]] == GERMAN_CASE[
        "consolidation_steps_from_to"
    ]
    walks: list[tuple[str, list[Any]]] = [
        ("german-removed", [0, 1, 5, 16, 17, 18, 23]),
        # At its current step walk_to changes nothing (the state comes back as it is).
        ("german-5-steps", [0, 4, 5, 6, 23]),
        ("german-steps-undone", [0]),
        ("german-pair-undone", [0, 1]),
        ("zero-move-stepped", [0, 1]),  # the empty consolidation in effect: 0 goes to the base
        ("german-consolidated", [0, 16, 17, 20]),
        ("german-round-done", [0, 22, 23]),
        ("german-consolidation-undone", [0, 3]),
        ("round-stock-runs-out", [0, 3, 4, 5, 6]),
        ("zero-move", [0, 1, 2]),
        ("zero-move-one-deal", [0, 1, 2]),
        ("zero-move-then-lost", [0, 1]),
        ("gaps-no-stock", [0, 2]),
        ("small", [0, 1]),
        ("double", [0, 1]),
        ("double-consolidated", [0]),
        ("german-next-round", [0, 1]),
    ]
    for name, ks in walks:
        state = named[name]
        found = walkthrough(state)
        assert found is not None, name
        for k in [*ks, found.n]:
            vector_id = f"walk-to-{name}-{k}"
            if any(v["id"] == vector_id for v in vectors):
                continue
            vectors.append(
                {
                    "id": vector_id,
                    "kind": "walk-to",
                    "state": state.to_json(),
                    "k": k,
                    "after": walk_to(state, k).to_json(),
                }
            )
    refusals: list[tuple[str, str, Any]] = [
        ("no-walkthrough-full", "full-tableau", 0),
        ("no-walkthrough-won", "won", 0),
        ("no-walkthrough-lost", "lost", 0),
        ("no-walkthrough-bad-k", "gaps-at-end-no-stock", "x"),
        ("negative", "german-removed", -1),
        ("past-the-end", "german-removed", 24),
        ("past-the-end-zero-move", "zero-move", 3),
        ("fraction", "german-removed", 1.5),
        ("string", "german-removed", "3"),
        ("bool", "german-5-steps", True),
        ("null", "german-round-done", None),
    ]
    for name, where, k in refusals:
        state = named[where]
        vectors.append(
            {
                "id": f"walk-to-refused-{name}",
                "kind": "walk-to",
                "state": state.to_json(),
                "k": k,
                **walk_error(state, k),
            }
        )
    return {
        "description": "The walkthrough of a round (docs/teaching.md, section 1) and walk_to.",
        "vectors": vectors,
    }
