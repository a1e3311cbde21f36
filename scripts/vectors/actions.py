"""actions.json: accepted actions, the state before and after."""

from __future__ import annotations

from typing import Any

from mc_widget.engine import (
    Consolidate,
    ConsolidateStep,
    Redo,
    Refill,
    RefillStep,
    Remove,
    Undo,
    apply,
    legal_pairs,
    perform,
)

from .common import (
    EMPTY_ROW,
    GERMAN_CASE,
    action_json,
    play,
    result_json,
)
from .positions import LAST_PAIR, ROUND, positions
from .variants import variant_positions


def _action_vector(name: str, state: Any, action: Any) -> dict[str, Any]:
    """One accepted action: the state before, the action, the state after, the result."""
    after, result = perform(state, action)
    return {
        "id": name,
        "kind": "action",
        "state": state.to_json(),
        "action": action_json(action),
        "after": after.to_json(),
        "result": result_json(result),
    }


def variant_actions() -> list[dict[str, Any]]:
    """Issue 19: a lone removal (and its undo and redo), pairs under each rule, a
    line pair across a gap and across cards, the moves that win Thirteens and Aces Square."""
    v = variant_positions()
    king_gone = v["thirteens-king-gone"]
    cases: list[tuple[str, Any, Any]] = [
        ("thirteens-remove-king-alone", v["thirteens"], Remove(2)),
        ("thirteens-remove-king-json", v["thirteens"], {"type": "remove", "cells": [3]}),
        ("thirteens-remove-7-6", v["thirteens"], Remove(0, 1)),
        ("thirteens-remove-6-7-vertical", v["thirteens"], Remove(6, 1)),
        ("thirteens-remove-2-jack", v["thirteens"], Remove(10, 11)),
        ("thirteens-remove-queen-ace", v["thirteens-refill"], None),
        ("thirteens-undo-king", king_gone, Undo()),
        ("thirteens-redo-king", play(king_gone, Undo()), Redo()),
        ("thirteens-second-king-after-first", king_gone, Remove(3)),
        ("thirteens-last-king-wins", v["thirteens-last-king"], Remove(1)),
        ("thirteens-consolidate-after-king", king_gone, Consolidate()),
        ("fourteens-remove-7-7", v["fourteens"], Remove(0, 1)),
        ("fourteens-remove-king-ace", v["fourteens"], Remove(2, 3)),
        ("fourteens-remove-queen-2", v["fourteens"], Remove(5, 6)),
        ("fourteens-lines-across-a-card-and-gap", v["fourteens-lines"], Remove(0, 3)),
        ("fourteens-lines-across-an-empty-row", v["fourteens-lines"], Remove(15, 5)),
        ("aces-square-same-suit-row", v["aces-square"], Remove(1, 4)),
        ("aces-square-same-suit-spades", v["aces-square"], Remove(11, 14)),
        ("aces-square-last-pair-wins", v["aces-square-last-pair"], Remove(2, 3)),
    ]
    vectors = []
    for name, state, action in cases:
        if name == "thirteens-remove-queen-ace":
            state = apply(state, Refill())
            action = Remove(3, 4)
        vectors.append(_action_vector(name, state, action))
    return vectors


def make_actions() -> dict[str, Any]:
    p = positions()
    cases: list[tuple[str, str, Any]] = [
        ("remove", "deal7", Remove(5, 10)),
        ("remove-reversed-cells", "deal7", {"type": "remove", "cells": [22, 21]}),
        ("remove-diagonal", "sevens", Remove(1, 5)),
        ("remove-last-pair-wins", "last-pair", Remove(0, 1)),
        ("remove-german-first", "german", Remove(2, 8)),
        ("remove-double-deck", "double", None),
        ("remove-after-undo-drops-tail", "undone", Remove(2, 3)),
        ("consolidate-step-starts", "round", ConsolidateStep()),
        ("consolidate-step-middle", "consolidating", ConsolidateStep()),
        ("consolidate-step-zero-move", "zero-move", ConsolidateStep()),
        ("consolidate-step-german", "german-removed", ConsolidateStep()),
        ("consolidate-all", "round", Consolidate()),
        ("consolidate-all-from-middle", "consolidating", Consolidate()),
        ("consolidate-zero-move", "zero-move", Consolidate()),
        ("consolidate-german", "german-removed", Consolidate()),
        ("consolidate-empty-stock-ends-round", "gaps", None),
        ("refill-step", "refill", RefillStep()),
        ("refill-step-last", "refill-mid", RefillStep()),
        ("refill-all", "refill", Refill()),
        ("refill-german", "german-removed", None),
        ("undo-remove", "deal7-played", None),
        ("undo-consolidate", "undone", None),
        ("undo-after-win", "won", Undo()),
        ("undo-refill", "deal7-played", Undo()),
        ("redo-consolidate", "undone", Redo()),
        ("redo-after-two-undos", "deal7-played", None),
        ("new-deal", "deal7-played", {"type": "new_deal", "deal": 8}),
        ("new-deal-zero", "refill", {"type": "new_deal", "deal": 0}),
        ("new-deal-max", "blocked", {"type": "new_deal", "deal": 4294967295}),
        ("new-deal-small", "small", {"type": "new_deal", "deal": 7}),
        ("new-deal-double", "double", {"type": "new_deal", "deal": 7}),
        ("load-german", "deal7-played", {"type": "load", "layout": GERMAN_CASE["layout"]}),
        ("load-partial", "won", {"type": "load", "layout": ROUND}),
        ("load-loose-notation", "deal7", {"type": "load", "layout": "7h 10♠ .. .. ..|"}),
        ("load-no-bar", "deal7", {"type": "load", "layout": LAST_PAIR.split(" | ")[0]}),
    ]
    vectors = []
    for name, where, action in cases:
        state = p[where]
        if name == "remove-double-deck":
            action = Remove(*legal_pairs(state)[0])
        if name == "consolidate-empty-stock-ends-round":
            state = apply(state, Remove(10, 11))
            action = Consolidate()
        if name == "refill-german":
            state = apply(state, Consolidate())
            action = Refill()
        if name == "undo-remove":
            state = play(p["deal7"], Remove(5, 10))
            action = Undo()
        if name == "undo-consolidate":
            state = play(p["round"], Consolidate())
            action = Undo()
        if name == "redo-after-two-undos":
            state = play(state, Undo(), Undo())
            action = Redo()
        if name == "load-loose-notation":
            action = {"type": "load", "layout": "7h 10♠ .. .. ../" + "/".join([EMPTY_ROW] * 4)}
        vectors.append(_action_vector(name, state, action))
    vectors += variant_actions()
    return {
        "description": "Accepted actions: the state before, the action, the state after.",
        "vectors": vectors,
    }
