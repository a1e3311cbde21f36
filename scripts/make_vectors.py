"""Write the conformance vectors in tests/vectors/ from the Python engine.

Run from the repository root:  .venv/bin/python scripts/make_vectors.py

The output is deterministic (no clocks, no OS randomness): running it twice
gives the same files, so a change in the files is a change in the rules.
The format of every file is described in tests/vectors/README.md. Both
engines replay the vectors (tests/test_vectors.py and the vitest suite).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mc_widget.analysis.hint import fair_hint  # noqa: E402
from mc_widget.analysis.stored_line import line_hint, stored_line  # noqa: E402
from mc_widget.engine import (  # noqa: E402  (the path is set just above)
    MAX_PREVIOUS_GAMES,
    PRESETS,
    Action,
    ArgumentError,
    Card,
    CardError,
    Consolidate,
    ConsolidateStep,
    DealError,
    EngineError,
    IllegalMove,
    LayoutError,
    Load,
    NewDeal,
    Redo,
    Refill,
    RefillStep,
    Remove,
    State,
    StateError,
    Undo,
    apply,
    can_consolidate,
    can_refill,
    canonical_layout,
    false_neighbours,
    highlights,
    legal_pairs,
    mulberry32,
    neighbours,
    new_state,
    pairs,
    parse_action,
    parse_card,
    partners,
    perform,
    state_from_json,
    status,
    verify_state,
    walk_to,
    walkthrough,
)

OUT = ROOT / "tests" / "vectors"
EMPTY_ROW = ".. .. .. .. .."
GERMAN_CASE = json.loads((ROOT / "tests" / "cases" / "german-worked-example.json").read_text())


def lay(*rows: str, stock: str = "", height: int = 5) -> str:
    """A layout of 5-cell rows (missing rows are gaps)."""
    filled = list(rows) + [EMPTY_ROW] * (height - len(rows))
    return "/".join(filled) + " | " + stock


# ---------------------------------------------------------------- shared helpers


def summary(state: State) -> dict[str, Any]:
    """The per-step summary recorded in games.json (defined in the README)."""
    return {
        "layout": state.layout(),
        "phase": state.phase,
        "status": status(state),
        "round": state.round,
        "consolidations": state.consolidations,
        "cursor": state.cursor,
        "history_length": len(state.history),
        "discards": len(state.discards),
        "legal_pairs": [list(p) for p in legal_pairs(state)],
    }


def result_json(result: Any) -> Any:
    """An action's result as JSON (cards as text, tuples as lists, actions as objects)."""
    if isinstance(result, Action):
        return result.to_json()
    if isinstance(result, Card):
        return str(result)
    if isinstance(result, (tuple, list)):
        return [result_json(item) for item in result]
    return result


def error_json(error: EngineError) -> dict[str, Any]:
    """The fields of an error that both engines must reproduce."""
    if isinstance(error, IllegalMove):
        return error.to_json()
    if isinstance(error, LayoutError):
        data = {"type": "LayoutError", "key": error.key, "token": error.token, "place": error.place}
        if error.key != "layout.not-text":  # shows a language-specific rendering of the value
            data["message"] = error.message
        return data
    if isinstance(error, StateError):
        return {"type": "StateError", "path": error.path, "key": error.key}
    if isinstance(error, DealError):
        return {"type": "DealError"}
    if isinstance(error, CardError):
        return {"type": "CardError"}
    raise TypeError(error)


def refused(state: State, action: Any) -> dict[str, Any]:
    try:
        perform(state, action)
    except EngineError as error:
        return error_json(error)
    raise AssertionError(f"{action!r} was accepted")


def play(state: State, *actions: Any) -> State:
    for action in actions:
        state = apply(state, action)
    return state


def steps_until(state: State, phase: str, step: Action) -> State:
    while state.phase == phase:
        state = apply(state, step)
    return state


# ---------------------------------------------------------------- deals.json


def deal_numbers() -> list[int]:
    picked = [0, 1, 2, 3, 7, 8, 42, 100, 255, 256, 1000, 4096, 12345, 65535, 65536, 99999]
    picked += [2**31 - 1, 2**31, 2**31 + 1, 2**32 - 2, 2**32 - 1, 3141592653, 2718281828]
    spread = mulberry32(20240601)
    while len(picked) < 44:
        value = next(spread)
        if value not in picked:
            picked.append(value)
    return picked


def make_deals() -> dict[str, Any]:
    vectors: list[dict[str, Any]] = []
    for seed in (0, 1, 7, 2**31, 2**32 - 1, 123456789):
        outputs = mulberry32(seed)
        vectors.append(
            {
                "id": f"prng-{seed}",
                "kind": "prng",
                "seed": seed,
                "outputs": [next(outputs) for _ in range(12)],
            }
        )
    numbers = deal_numbers()
    plan = [("standard", numbers), ("small", numbers[:12]), ("double", numbers[:12])]
    for rules, chosen in plan:
        for deal in chosen:
            vectors.append(
                {
                    "id": f"deal-{rules}-{deal}",
                    "kind": "deal",
                    "rules": rules,
                    "deal": deal,
                    "layout": new_state(rules, deal=deal).start,
                }
            )
    fresh = new_state("standard", deal=0)
    for value in (-1, 2**32, 2**40, 7.5, True, False, "7", None, [7]):
        vectors.append(
            {
                "id": f"bad-deal-{json.dumps(value)}",
                "kind": "bad-deal",
                "rules": "standard",
                "deal": value,
                "error": refused(fresh, {"type": "new_deal", "deal": value}),
            }
        )
    return {
        "description": "Deal numbers: mulberry32 outputs and the starting layout of each deal.",
        "vectors": vectors,
    }


# ---------------------------------------------------------------- games.json


def choose(policy: str, state: State, count: int, rng: Any) -> list[Action]:
    """The next action(s) of a policy (a list so undo/redo can come in pairs)."""
    found = legal_pairs(state)
    if policy == "random":
        options: list[Action] = [Remove(*p) for p in found]
        if can_consolidate(state):
            options += [Consolidate(), ConsolidateStep()]
        if can_refill(state):
            options += [Refill(), RefillStep()]
        return [options[next(rng) % len(options)]]
    step_wise = policy == "steps"
    if found:
        pick = found[-1] if policy == "last" else found[0]
        if policy == "undo" and count % 5 == 4 and len(found) > 1:
            # Take back the last action and play another pair: the redo tail is dropped.
            return [Undo(), Remove(*found[-1])] if state.cursor else [Remove(*found[-1])]
        chosen: Action = Remove(*pick)
    elif can_consolidate(state):
        chosen = ConsolidateStep() if step_wise else Consolidate()
    else:
        chosen = RefillStep() if step_wise else Refill()
    if policy == "undo" and count % 3 == 2:
        return [chosen, Undo(), Redo()]
    return [chosen]


def record_game(rules: str, deal: int, policy: str) -> dict[str, Any]:
    state = new_state(rules, deal=deal)
    start = summary(state)
    steps = []
    rng = mulberry32(deal ^ 0x5BD1E995)
    count = 0
    while status(state) == "playing" and len(steps) < 1000:
        for action in choose(policy, state, count, rng):
            try:
                state, result = perform(state, action)
            except IllegalMove:
                # The undo policy's alternative pair may be gone after the undo.
                continue
            steps.append(
                {
                    "action": action.to_json(),
                    "result": result_json(result),
                    "summary": summary(state),
                }
            )
        count += 1
    assert status(state) != "playing"
    return {
        "id": f"game-{rules}-{deal}-{policy}",
        "kind": "game",
        "rules": rules,
        "deal": deal,
        "policy": policy,
        "start": start,
        "steps": steps,
        "final_state": state.to_json(),
    }


def winning_deals(count: int, skip: list[int]) -> list[int]:
    """The first deals the first-pair policy wins (so some games end in "won")."""
    found: list[int] = []
    deal = 0
    while len(found) < count:
        final = state_from_json(record_game("standard", deal, "first")["final_state"])
        if status(final) == "won" and deal not in skip:
            found.append(deal)
        deal += 1
    return found


def make_games() -> dict[str, Any]:
    vectors = []
    standard = [0, 1, 2, 7, 42, 1000, 2**31, 2**32 - 1]
    standard += winning_deals(4, standard)
    for policy in ("first", "last", "steps", "undo"):
        # Step-by-step games are long (one entry per card moved): fewer of them.
        chosen = standard[:4] + standard[-2:] if policy == "steps" else standard
        for deal in chosen:
            vectors.append(record_game("standard", deal, policy))
        for rules in ("small", "double"):
            for deal in (3, 2**32 - 1):
                vectors.append(record_game(rules, deal, policy))
    for deal in (5, 6, 11, 13, 17, 19, 23, 29):
        vectors.append(record_game("standard", deal, "random"))
    return {
        "description": "Whole recorded games: every action and the summary after it.",
        "vectors": vectors,
    }


# ---------------------------------------------------------------- shared positions

SEVENS = lay(
    "7H 7S 8C 9D TD",
    "7D 2C 3C 4C 5C",
    "6C JH QH KH AH",
    "2H 3H 4H 5H 6H",
    "8H 9H TH JC QC",
    stock="KC KS",
)
GAPS = lay("5S .. 5H .. ..", EMPTY_ROW, "5D 5C 6S .. 6H", EMPTY_ROW, "6D .. .. .. 6C")
BLOCKED = lay(
    "AS 2S 3S 4S 5S",
    "6S 7S 8S 9S TS",
    "JS QS KS AH 2H",
    "3H 4H 5H 6H 7H",
    "8H 9H TH JH QH",
    stock="KH AD",
)
ROUND = lay("7H .. 8C 8D 9C", "9D .. .. .. ..", stock="KC KD")
LAST_PAIR = lay("7H 7S .. .. ..")
ZERO_MOVE = lay("7H 7S 8C 8D 9C", "9D 9S KC KD QC", stock="2C 3C")


def load(text: str, rules: str = "standard") -> State:
    return new_state(rules, layout=text)


def positions() -> dict[str, State]:
    """Named states in each phase, used by illegal.json and actions.json."""
    german = load(GERMAN_CASE["layout"])
    german_removed = play(german, *(Remove(*p) for p in GERMAN_CASE["remove"]))
    round_ = load(ROUND)
    mid = play(round_, ConsolidateStep())
    refill = play(round_, Consolidate())
    refill_mid = play(refill, RefillStep())
    won = play(load(LAST_PAIR), Remove(0, 1))
    deal7 = new_state("standard", deal=7)
    return {
        "deal7": deal7,
        "deal7-played": play(deal7, Remove(5, 10), Remove(6, 12), Consolidate(), Refill()),
        "sevens": load(SEVENS),
        "gaps": load(GAPS),
        "blocked": load(BLOCKED),
        "round": round_,
        "consolidating": mid,
        "refill": refill,
        "refill-mid": refill_mid,
        "won": won,
        "last-pair": load(LAST_PAIR),
        "zero-move": load(ZERO_MOVE),
        "gaps-at-end-no-stock": load(lay("7H 7S 8C 8D 9C")),
        "gap-before-card-no-stock": load(lay("7H .. 7S 8C 8D")),
        "german": german,
        "german-removed": german_removed,
        "small": new_state("small", deal=3),
        "double": new_state("double", deal=3),
        "undone": play(round_, Consolidate(), Undo()),
        "redone": play(round_, Consolidate(), Undo(), Redo()),
    }


# ---------------------------------------------------------------- illegal.json


def make_illegal() -> dict[str, Any]:
    p = positions()
    cases: list[tuple[str, str, Any]] = [
        ("out-of-range-high", "sevens", Remove(25, 3)),
        ("out-of-range-negative", "sevens", Remove(-1, 3)),
        ("out-of-range-both", "sevens", Remove(40, -3)),
        ("out-of-range-same", "blocked", Remove(25, 25)),
        ("out-of-range-small", "small", Remove(0, 20)),
        ("out-of-range-double", "double", Remove(49, 0)),
        ("out-of-range-in-refill", "refill", Remove(1, 30)),
        ("same-cell", "sevens", Remove(3, 3)),
        ("same-cell-before-game-over", "blocked", Remove(0, 0)),
        ("same-cell-before-wrong-phase", "consolidating", Remove(12, 12)),
        ("game-over-lost-remove", "blocked", Remove(0, 1)),
        ("game-over-lost-pair-cells", "blocked", Remove(13, 24)),
        ("game-over-won-remove", "won", Remove(0, 1)),
        ("game-over-lost-consolidate-step", "blocked", ConsolidateStep()),
        ("game-over-won-consolidate", "won", Consolidate()),
        ("game-over-lost-refill-step", "blocked", RefillStep()),
        ("game-over-won-refill", "won", Refill()),
        ("remove-during-consolidation", "consolidating", Remove(2, 3)),
        ("remove-during-consolidation-pair", "consolidating", Remove(3, 4)),
        ("remove-during-refill", "refill", Remove(1, 2)),
        ("remove-during-refill-mid", "refill-mid", Remove(3, 4)),
        ("nothing-to-consolidate-full", "deal7", ConsolidateStep()),
        ("nothing-to-consolidate-full-all", "deal7", Consolidate()),
        ("nothing-to-consolidate-gaps-at-end", "gaps-at-end-no-stock", ConsolidateStep()),
        ("consolidate-during-refill-step", "refill", ConsolidateStep()),
        ("consolidate-during-refill-all", "refill-mid", Consolidate()),
        ("nothing-to-refill-full-step", "deal7", RefillStep()),
        ("nothing-to-refill-full-all", "german", Refill()),
        ("nothing-to-refill-empty-stock-step", "gaps-at-end-no-stock", RefillStep()),
        ("nothing-to-refill-empty-stock-all", "gap-before-card-no-stock", Refill()),
        ("nothing-to-refill-empty-stock-gaps", "gaps", Refill()),
        ("refill-before-consolidation-all", "german-removed", Refill()),
        ("refill-before-consolidation-gaps-at-end", "zero-move", RefillStep()),
        ("refill-before-consolidation-german", "german-removed", RefillStep()),
        ("refill-during-consolidation-step", "consolidating", RefillStep()),
        ("refill-during-consolidation-all", "consolidating", Refill()),
        ("empty-cell-first", "gaps", Remove(1, 12)),
        ("empty-cell-second", "gaps", Remove(0, 1)),
        ("empty-cell-both", "gaps", Remove(3, 1)),
        ("empty-cell-german", "german-removed", Remove(2, 3)),
        ("different-rank-adjacent", "deal7", Remove(0, 1)),
        ("different-rank-same-suit", "sevens", Remove(8, 9)),
        ("different-rank-far", "gaps", Remove(0, 12)),
        ("different-rank-reversed", "sevens", Remove(9, 8)),
        ("across-gap-row", "gaps", Remove(0, 2)),
        ("across-gap-column", "gaps", Remove(0, 10)),
        ("across-gap-anti-diagonal", "gaps", Remove(2, 10)),
        ("across-gap-diagonal", "gaps", Remove(12, 24)),
        ("across-gap-long-row", "gaps", Remove(20, 24)),
        ("across-gap-german", "german-removed", Remove(17, 19)),
        ("not-adjacent-off-line", "gaps", Remove(0, 11)),
        ("not-adjacent-card-between", "sevens", Remove(11, 23)),
        ("not-adjacent-far", "sevens", Remove(4, 22)),
        ("not-adjacent-german-queens", "german", Remove(10, 23)),
        ("not-adjacent-no-wrap", "deal7-played", None),
        ("nothing-to-undo-fresh", "deal7", Undo()),
        ("nothing-to-undo-loaded", "german", Undo()),
        ("nothing-to-undo-after-all-undone", "undone", Undo()),
        ("nothing-to-redo-fresh", "deal7", Redo()),
        ("nothing-to-redo-after-move", "deal7-played", Redo()),
        ("nothing-to-redo-redone", "redone", Redo()),
    ]
    vectors = []
    for name, where, action in cases:
        state = p[where]
        if name == "not-adjacent-no-wrap":
            state = load(lay("2C 3C 4C 5C 9H", "9S 3D 4D 5D 6D"))
            action = Remove(4, 5)
        vectors.append(
            {
                "id": name,
                "kind": "illegal",
                "state": state.to_json(),
                "action": action.to_json(),
                "error": refused(state, action),
            }
        )
    malformed: list[tuple[str, Any]] = [
        ("not-an-object", None),
        ("a-list", []),
        ("a-string", "remove"),
        ("no-type", {}),
        ("type-not-string", {"type": 3}),
        ("unknown-type", {"type": "jump"}),
        ("remove-no-cells", {"type": "remove"}),
        ("cells-not-list", {"type": "remove", "cells": 3}),
        ("cells-one", {"type": "remove", "cells": [1]}),
        ("cells-three", {"type": "remove", "cells": [1, 2, 3]}),
        ("cell-string", {"type": "remove", "cells": [1, "2"]}),
        ("cell-bool", {"type": "remove", "cells": [True, 2]}),
        ("cell-fraction", {"type": "remove", "cells": [1.5, 2]}),
        ("remove-extra-key", {"type": "remove", "cells": [1, 2], "why": 1}),
        ("consolidate-extra-key", {"type": "consolidate", "all": True}),
        ("undo-extra-key", {"type": "undo", "steps": 2}),
        ("new-deal-no-deal", {"type": "new_deal"}),
        ("load-no-layout", {"type": "load"}),
        ("load-layout-number", {"type": "load", "layout": 5}),
    ]
    state = p["deal7-played"]
    for name, action in malformed:
        vectors.append(
            {
                "id": f"malformed-{name}",
                "kind": "illegal",
                "state": state.to_json(),
                "action": action,
                "error": refused(state, action),
            }
        )
    for value in (-1, 2**32, 7.5, True, "7", None):
        action = {"type": "new_deal", "deal": value}
        vectors.append(
            {
                "id": f"bad-new-deal-{json.dumps(value)}",
                "kind": "illegal",
                "state": state.to_json(),
                "action": action,
                "error": refused(state, action),
            }
        )
    for name, text in (
        ("empty", ""),
        ("short-row", "9H KH/8D 2D/QD 2C/KS 3S/AS 9S"),
        ("duplicate", lay("7H 7H .. .. ..")),
        ("bad-card", lay("7H XX .. .. ..")),
    ):
        action = {"type": "load", "layout": text}
        vectors.append(
            {
                "id": f"bad-load-{name}",
                "kind": "illegal",
                "state": state.to_json(),
                "action": action,
                "error": refused(state, action),
            }
        )
    return {
        "description": "Refused actions: the state before, the action, and the error.",
        "vectors": vectors,
    }


# ---------------------------------------------------------------- actions.json


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
        after, result = perform(state, action)
        vectors.append(
            {
                "id": name,
                "kind": "action",
                "state": state.to_json(),
                "action": action if isinstance(action, dict) else action.to_json(),
                "after": after.to_json(),
                "result": result_json(result),
            }
        )
    return {
        "description": "Accepted actions: the state before, the action, the state after.",
        "vectors": vectors,
    }


# ---------------------------------------------------------------- layouts.json


def make_layouts() -> dict[str, Any]:
    vectors: list[dict[str, Any]] = []
    for text in [
        "7H",
        "TD",
        "AS",
        "KC",
        "10D",
        "10♦",
        "7h",
        "td",
        "as",
        "Q♠",
        "j♣",
        "A♥",
        "2c",
        "9♦",
    ]:
        card = parse_card(text)
        vectors.append(
            {
                "id": f"card-{text}",
                "kind": "card",
                "text": text,
                "canonical": str(card),
                "symbol": card.symbol,
                "name": card.name,
                "red": card.is_red,
            }
        )
    for text in ["XQ", "1H", "11H", "7X", "", "7", "H7", " 7H", "7H ", "10", "0H", "7♡", "77H"]:
        vectors.append(
            {
                "id": f"bad-card-{text!r}",
                "kind": "bad-card",
                "text": text,
                "error": {"type": "CardError"},
            }
        )
    rows = "9H KH 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH"
    good = [
        ("german", "standard", GERMAN_CASE["layout"]),
        ("loose-spacing", "standard", " 9h  KH 4♣ 5D 2H /" + rows.split("/", 1)[1] + "|10♠ 5c"),
        ("no-bar", "standard", rows),
        ("bar-at-end", "standard", rows + " |"),
        ("bar-then-spaces", "standard", rows + "|   "),
        ("gaps", "standard", lay("7H .. .. .. ..", EMPTY_ROW, ".. .. 7S .. ..") + "KD"),
        ("all-gaps", "standard", "/".join([EMPTY_ROW] * 5)),
        ("only-stock", "standard", "/".join([EMPTY_ROW] * 5) + " | 9C 9D"),
        ("tabs-and-newlines", "standard", rows.replace(" ", "\t").replace("/", "/\n") + "\n| TS"),
        ("small", "small", "AS 2S 3S 4S 5S/6S 7S 8S 9S TS/JS QS KS AH 2H/3H 4H 5H 6H 7H | 8H"),
        (
            "double-two-copies",
            "double",
            "/".join(["7H 7H .. .. .. .. .."] + [".. .. .. .. .. .. .."] * 6) + " | 8C 8C",
        ),
        ("lower-and-symbols", "standard", lay("10♥ t♣ td qs ..")),
    ]
    for name, rules, text in good:
        vectors.append(
            {
                "id": f"layout-{name}",
                "kind": "layout",
                "rules": rules,
                "text": text,
                "canonical": canonical_layout(text, PRESETS[rules]),
            }
        )
    bad = [
        ("empty", "standard", ""),
        ("spaces", "standard", "   "),
        ("two-bars", "standard", rows + " | TS | 5C"),
        (
            "four-rows",
            "standard",
            "9H KH 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C | TS",
        ),
        ("six-rows", "standard", rows + "/" + EMPTY_ROW),
        ("commas-and-spaces", "standard", rows.replace("8D 2D 8C", "8D, 2D, 8C")),
        ("commas-no-spaces", "standard", rows.replace("9H KH 4C 5D 2H", "9H,KH,4C,5D,2H")),
        ("commas-before-row-count", "standard", "9H, KH, 4C, 5D, 2H | TS"),
        ("commas-in-stock", "standard", rows + " | TS 5C,2S"),
        ("one-row", "standard", "9H KH 4C 5D 2H | TS"),
        ("one-cell-row", "standard", "9H/" + rows.split("/", 1)[1]),
        ("trailing-slash", "standard", rows + "/"),
        (
            "short-row",
            "standard",
            "9H KH 4C 5D 2H/8D 2D 8C 4H/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH",
        ),
        ("long-row", "standard", rows.replace("AH", "AH TS")),
        ("bad-card", "standard", rows.replace("8C", "XQ")),
        ("bad-card-ten-one", "standard", rows.replace("9H", "1H")),
        ("bad-stock-card", "standard", rows + " | TS 5C 2S 1H"),
        # A long bad token is quoted as its first 40 characters and "…" (code
        # points: 45 card emoji are 90 UTF-16 units in JS), the same in both engines.
        ("long-bad-card", "standard", rows.replace("8C", "XQ" * 30)),
        ("long-bad-stock-card", "standard", rows + " | TS " + "🂡" * 45),
        ("long-token-with-comma", "standard", rows.replace("QC", "QC," + "7H" * 30)),
        ("gap-in-stock", "standard", rows + " | TS .."),
        ("duplicate-stock", "standard", rows + " | TS 5C 2S AD 7S 3H QS JC KH"),
        ("duplicate-tableau", "standard", rows.replace("QC", "9H")),
        ("duplicate-spelled-differently", "standard", rows + " | 9h"),
        (
            "row-length-before-card",
            "standard",
            "9H KH XX 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H/KS 3S 7D JS 7C/AS 9S JD QC AH",
        ),
        ("small-five-rows", "small", rows),
        (
            "double-three-copies",
            "double",
            "/".join(["7H 7H .. .. .. .. .."] + [".. .. .. .. .. .. .."] * 6) + " | 7H",
        ),
    ]
    for name, rules, text in bad:
        try:
            canonical_layout(text, PRESETS[rules])
        except LayoutError as error:
            vectors.append(
                {
                    "id": f"bad-layout-{name}",
                    "kind": "bad-layout",
                    "rules": rules,
                    "text": text,
                    "error": error_json(error),
                }
            )
        else:
            raise AssertionError(name)
    return {
        "description": "Card text and layout notation: parse, write canonically, errors.",
        "vectors": vectors,
    }


# ---------------------------------------------------------------- highlights.json


def make_highlights() -> dict[str, Any]:
    vectors: list[dict[str, Any]] = []
    cells = {
        "standard": [0, 4, 20, 24, 2, 10, 14, 22, 6, 12, 18],
        "small": [0, 4, 15, 19, 2, 5, 9, 17, 6, 13],
        "double": [0, 6, 42, 48, 3, 21, 27, 45, 8, 24, 40],
    }
    for rules, chosen in cells.items():
        for cell in chosen:
            vectors.append(
                {
                    "id": f"neighbours-{rules}-{cell}",
                    "kind": "neighbours",
                    "rules": rules,
                    "cell": cell,
                    "neighbours": list(neighbours(PRESETS[rules], cell)),
                }
            )
    german_removed = play(load(GERMAN_CASE["layout"]), *(Remove(*p) for p in GERMAN_CASE["remove"]))
    boards = [
        ("gaps", load(GAPS), [0, 2, 10, 11, 12, 14, 20, 24]),
        ("sevens", load(SEVENS), [0, 1, 5, 6, 12, 24]),
        ("german", load(GERMAN_CASE["layout"]), [2, 8, 10, 23]),
        ("german-removed", german_removed, [7, 17, 19, 13, 3, 12]),
        ("round-consolidating", play(load(ROUND), ConsolidateStep()), [1, 3, 4, 5]),
        # 8♣-8♦ and 9♣-9♦ touch mid-consolidation and in the refill: no partner yet.
        ("round-closed-up", play(load(ROUND), ConsolidateStep(), ConsolidateStep()), [1, 2]),
        ("round-refill", play(load(ROUND), Consolidate()), [1, 2, 3, 4]),
        ("round-2", play(load(ROUND), Consolidate(), Refill()), [1, 2, 3, 4]),
        ("small", new_state("small", deal=3), [0, 7, 19]),
        ("double", new_state("double", deal=3), [0, 24, 48]),
    ]
    for name, state, chosen in boards:
        for cell in chosen:
            lit = highlights(state, cell)
            assert lit["partners"] == partners(state, cell)
            assert lit["false_neighbours"] == false_neighbours(state, cell)
            vectors.append(
                {
                    "id": f"highlights-{name}-{cell}",
                    "kind": "highlights",
                    "state": state.to_json(),
                    "cell": cell,
                    "neighbours": list(lit["neighbours"]),
                    "partners": list(lit["partners"]),
                    "false_neighbours": list(lit["false_neighbours"]),
                }
            )
    for name, state, cell in (
        ("gap", load(GAPS), 1),
        ("gap-after-removal", german_removed, 8),
        ("out-of-range", load(GAPS), 25),
        ("negative", load(GAPS), -1),
    ):
        try:
            highlights(state, cell)
        except IllegalMove as error:
            vectors.append(
                {
                    "id": f"bad-highlights-{name}",
                    "kind": "bad-highlights",
                    "state": state.to_json(),
                    "cell": cell,
                    "error": error_json(error),
                }
            )
    p = positions()
    statuses = [
        "deal7",
        "sevens",
        "gaps",
        "blocked",
        "round",
        "consolidating",
        "refill",
        "refill-mid",
        "won",
        "zero-move",
        "gaps-at-end-no-stock",
        "german-removed",
    ]
    extra = {
        "not-lost-gap-before-card": load(lay("AS .. AH .. 3D")),
        "lost-no-stock-gaps-at-end": load(lay("AS 2S 3S 4S 5S")),
        "playing-gaps-at-end-stock-left": load(lay("AS 2S 3S 4S 5S", stock="9C")),
        "playing-empty-tableau-stock-left": load(lay(stock="9C 9D")),
        "won-empty-layout": load(lay()),
        "lost-after-consolidation": play(load(lay("AS .. 3D .. 5C")), Consolidate()),
        "lost-after-refill": play(
            load(
                lay(
                    "AS 2S 3S 4S 5S",
                    "6S 7S 8S 9S TS",
                    "JS QS KS AH 2H",
                    "3H 4H 5H 6H 7H",
                    "8H 9H TH JH ..",
                    stock="5D 2D",
                )
            ),
            Consolidate(),
            Refill(),
        ),
    }
    named = [(name, p[name]) for name in statuses] + list(extra.items())
    for name, state in named:
        vectors.append(
            {
                "id": f"status-{name}",
                "kind": "status",
                "state": state.to_json(),
                "status": status(state),
                "pairs": [list(x) for x in pairs(state)],
                "legal_pairs": [list(x) for x in legal_pairs(state)],
                "can_consolidate": can_consolidate(state),
                "can_refill": can_refill(state),
                "removed": state.removed,
                "total": state.total,
            }
        )
    return {
        "description": "Queries: neighbours, highlights (partners, false neighbours), status.",
        "vectors": vectors,
    }


# ---------------------------------------------------------------- states.json


def make_states() -> dict[str, Any]:
    p = positions()
    vectors: list[dict[str, Any]] = []
    for name in ("deal7", "deal7-played", "consolidating", "refill-mid", "won", "undone", "double"):
        vectors.append({"id": f"state-ok-{name}", "kind": "state-ok", "state": p[name].to_json()})
    base = p["undone"].to_json()  # a loaded layout with a redoable tail
    played = play(p["deal7-played"], Remove(*legal_pairs(p["deal7-played"])[0]), Undo()).to_json()

    def changed(source: dict[str, Any], edit: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
        data = json.loads(json.dumps(source))
        edit(data)
        return data

    def setter(*path_and_value: Any) -> Callable[[dict[str, Any]], None]:
        *path, value = path_and_value

        def edit(data: dict[str, Any]) -> None:
            target = data
            for key in path[:-1]:
                target = target[key]
            target[path[-1]] = value

        return edit

    bad: list[tuple[str, dict[str, Any], Callable[[dict[str, Any]], Any]]] = [
        ("missing-cursor", played, lambda d: d.pop("cursor")),
        ("unknown-key", played, setter("colour", "red")),
        ("rules-not-object", played, setter("rules", "standard")),
        ("rules-reserved-pair", played, setter("rules", "pair", "sum-13")),
        ("rules-reserved-touching", played, setter("rules", "touching", "line")),
        ("rules-rows-zero", played, setter("rules", "rows", 0)),
        ("rules-preset-shape", played, setter("rules", "rows", 4)),
        ("deal-negative", played, setter("deal", -1)),
        ("deal-too-big", played, setter("deal", 2**32)),
        ("deal-fraction", played, setter("deal", 7.5)),
        ("deal-bool", played, setter("deal", True)),
        ("start-not-string", played, setter("start", 7)),
        ("start-bad-layout", played, setter("start", "7H 7H")),
        ("start-not-canonical", played, lambda d: d.update(start=d["start"].replace("JH", "jh"))),
        ("tableau-short", played, lambda d: d["tableau"].pop()),
        ("tableau-not-list", played, setter("tableau", {})),
        ("tableau-bad-card", played, setter("tableau", 3, "XQ")),
        ("tableau-lower-case", played, setter("tableau", 3, "7h")),
        ("tableau-number", played, setter("tableau", 3, 7)),
        ("stock-bad-card", played, setter("stock", 1, "1H")),
        ("discard-one-card", played, setter("discards", 0, ["9S"])),
        ("discard-bad-card", played, setter("discards", 0, 1, "Z")),
        ("card-twice", played, setter("tableau", 3, "9C")),
        ("phase-unknown", played, setter("phase", "play")),
        ("round-zero", played, setter("round", 0)),
        ("round-bool", played, setter("round", True)),
        ("consolidations-negative", played, setter("consolidations", -1)),
        ("cursor-too-big", played, setter("cursor", 99)),
        ("cursor-negative", played, setter("cursor", -1)),
        ("history-not-list", played, setter("history", "none")),
        ("history-undo", played, setter("history", 0, {"type": "undo"})),
        ("history-unknown", played, setter("history", 0, {"type": "fly"})),
        ("history-not-object", played, setter("history", 0, [])),
        ("history-cell-bool", played, setter("history", 0, "cells", 1, True)),
        ("history-cells-short", played, setter("history", 0, "cells", [5])),
        ("history-extra-key", played, setter("history", 2, "moves", 3)),
        ("not-an-object", played, None),
    ]
    for name, source, edit in bad:
        data: Any = [] if edit is None else changed(source, edit)
        try:
            state_from_json(data)
        except StateError as error:
            vectors.append(
                {
                    "id": f"bad-state-{name}",
                    "kind": "bad-state",
                    "state": data,
                    "error": error_json(error),
                }
            )
        else:
            raise AssertionError(name)
    wrong: list[tuple[str, dict[str, Any], Callable[[dict[str, Any]], Any]]] = [
        ("tableau-cell", played, setter("tableau", 0, None)),
        ("phase", played, setter("phase", "refill")),
        ("round", played, setter("round", 3)),
        ("consolidations", played, setter("consolidations", 2)),
        ("discard-order", played, setter("discards", 1, ["AC", "AD"])),
        ("discards-count", played, lambda d: d["discards"].pop()),
        ("stock-count", played, lambda d: d["stock"].pop()),
        ("stock-card", played, lambda d: d["stock"].reverse()),
        ("deal-start", played, setter("deal", 8)),
        (
            "deal-start-short-stock",
            p["deal7"].to_json(),
            lambda d: (d.update(start=d["start"].rsplit(" ", 1)[0]), d["stock"].pop()),
        ),
        ("history-illegal", played, setter("history", 0, "cells", [0, 1])),
        ("history-tail-illegal", played, setter("history", 4, {"type": "refill"})),
        ("cursor-moved", played, setter("cursor", 3)),
        ("loaded-tail", base, setter("history", 0, {"type": "refill"})),
    ]
    for name, source, edit in wrong:
        data = changed(source, edit)
        try:
            verify_state(data)
        except StateError as error:
            vectors.append(
                {
                    "id": f"verify-{name}",
                    "kind": "verify-fail",
                    "state": data,
                    "error": error_json(error),
                }
            )
        else:
            raise AssertionError(name)
    return {
        "description": "State JSON: valid states, malformed ones, and ones that do not verify.",
        "vectors": vectors,
    }


# ---------------------------------------------------------------- cases.json


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
        vectors.append(
            {
                "id": f"case-german-not-neighbours-{i}-{j}",
                "kind": "illegal",
                "state": german.to_json(),
                "action": Remove(i, j).to_json(),
                "error": refused(german, Remove(i, j)),
            }
        )
    for i, j in case["after_removal_across_gap"]:
        vectors.append(
            {
                "id": f"case-german-across-gap-{i}-{j}",
                "kind": "illegal",
                "state": removed.to_json(),
                "action": Remove(i, j).to_json(),
                "error": refused(removed, Remove(i, j)),
            }
        )
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


# ---------------------------------------------------------------- walkthrough.json

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


# ---------------------------------------------------------------- games-undo.json

#: The fields an engine writes that a state saved before new deals could be undone lacks.
GAME_LINKS = ("previous_game", "next_game")


def chain(top: int) -> State:
    """Deal ``top`` after new deals 0, 1, …, ``top - 1`` (no moves): a chain of earlier games."""
    state = new_state("standard", deal=0)
    for deal in range(1, top + 1):
        state = apply(state, NewDeal(deal))
    return state


def undo_games() -> dict[str, State]:
    """Named states for undoing new deals and loads.

    architecture.md, "undo, redo, new_deal, load".
    """
    p = positions()
    played = p["deal7-played"]
    dealt = apply(played, NewDeal(8))
    loaded = apply(played, Load(GERMAN_CASE["layout"]))
    with_tail = play(played, Remove(*legal_pairs(played)[0]), Undo())
    two = play(p["deal7"], NewDeal(8), NewDeal(9))
    # Step 5 of the German round's walkthrough: the walk's other 18 steps wait for a redo.
    walk_5 = walk_to(p["german-removed"], 5)
    tail_back = play(with_tail, NewDeal(8), Undo())
    return {
        "played": played,
        "dealt": dealt,
        "dealt-played": play(dealt, Remove(*legal_pairs(dealt)[0])),
        "dealt-played-undone": play(dealt, Remove(*legal_pairs(dealt)[0]), Undo()),
        "dealt-undone": apply(dealt, Undo()),
        "dealt-redone": play(dealt, Undo(), Redo()),
        "loaded": loaded,
        "loaded-undone": apply(loaded, Undo()),
        "loose-loaded": apply(p["deal7"], Load("7h 10♠ .. .. ../" + "/".join([EMPTY_ROW] * 4))),
        "with-tail": with_tail,
        "tail-replaced-undone": tail_back,
        "tail-replaced-undone-twice": apply(tail_back, Undo()),
        "tail-replaced-undone-twice-redone": play(tail_back, Undo(), Redo()),
        "walk-5": walk_5,
        "walk-5-replaced-undone": play(walk_5, NewDeal(3), Undo()),
        "two": two,
        "two-undone": apply(two, Undo()),
        "won-replaced": apply(p["won"], NewDeal(3)),
        "small-dealt": apply(p["small"], NewDeal(4)),
        "chain-8": chain(8),
        "chain-8-undone": apply(chain(8), Undo()),
        "chain-2": chain(2),
        "chain-2-undone": apply(chain(2), Undo()),
    }


def without_links(state: State) -> dict[str, Any]:
    """``state``'s JSON as saved before new deals could be undone: no chain keys."""
    data = state.to_json()
    for key in GAME_LINKS:
        del data[key]
    return data


def make_games_undo() -> dict[str, Any]:
    g = undo_games()
    vectors: list[dict[str, Any]] = []
    steps_of: list[tuple[str, str, Any]] = [
        ("new-deal-keeps-the-game", "played", NewDeal(8)),
        ("load-keeps-the-game", "played", Load(GERMAN_CASE["layout"])),
        ("undo-new-deal", "dealt", Undo()),
        ("undo-load", "loaded", Undo()),
        ("undo-load-gives-canonical-layout", "loose-loaded", Undo()),
        ("redo-new-deal", "dealt-undone", Redo()),
        ("redo-load", "loaded-undone", Redo()),
        ("undo-in-new-game-keeps-previous", "dealt-played", Undo()),
        ("undo-new-deal-drops-its-undone-moves", "dealt-played-undone", Undo()),
        ("redo-in-new-game-keeps-previous", "dealt-played-undone", Redo()),
        ("undo-move-keeps-next-game", "dealt-undone", Undo()),
        # Undo and redo are a stack: the last thing undone is the first redone.
        ("new-deal-drops-the-redo-tail", "with-tail", NewDeal(8)),
        ("new-deal-drops-the-walk-tail", "walk-5", NewDeal(3)),
        ("load-drops-the-walk-tail", "walk-5", Load(ROUND)),
        ("redo-makes-the-undone-new-deal-again", "tail-replaced-undone", Redo()),
        ("redo-after-walk-and-undone-new-deal", "walk-5-replaced-undone", Redo()),
        ("redo-move-undone-after-the-new-deal-first", "tail-replaced-undone-twice", Redo()),
        ("then-redo-the-new-deal", "tail-replaced-undone-twice-redone", Redo()),
        ("game-action-clears-next-game", "two-undone", None),
        ("undo-through-two-new-deals", "two-undone", Undo()),
        ("new-deal-after-undone-new-deal", "dealt-undone", NewDeal(9)),
        ("undo-new-deal-back-to-won-game", "won-replaced", Undo()),
        ("undo-new-deal-small", "small-dealt", Undo()),
        ("new-deal-drops-the-oldest-game", "chain-8", NewDeal(9)),
        ("load-drops-the-oldest-game", "chain-8", Load(ROUND)),
        ("undo-new-deal-in-full-chain", "chain-8", Undo()),
        ("redo-new-deal-in-full-chain", "chain-8-undone", Redo()),
        ("undo-chain-2", "chain-2-undone", Undo()),
    ]
    for name, where, action in steps_of:
        state = g[where]
        if name == "game-action-clears-next-game":
            action = Remove(*legal_pairs(state)[0])
        after, result = perform(state, action)
        vectors.append(
            {
                "id": name,
                "kind": "action",
                "state": state.to_json(),
                "action": action.to_json(),
                "after": after.to_json(),
                "result": result_json(result),
            }
        )
    dropped = apply(g["chain-8"], NewDeal(9))
    oldest = dropped
    for _ in range(MAX_PREVIOUS_GAMES):
        assert oldest.previous_game is not None
        oldest = oldest.previous_game
    assert oldest.deal == 1 and oldest.previous_game is None  # deal 0 was dropped
    refusals: list[tuple[str, str, Any]] = [
        ("nothing-to-undo-after-undoing-the-new-deal", "dealt-undone", None),
        ("nothing-to-redo-after-redoing-the-new-deal", "dealt-redone", Redo()),
        ("nothing-to-undo-at-the-oldest-game", "chain-8", None),
        ("bad-new-deal-keeps-the-chain", "chain-2-undone", {"type": "new_deal", "deal": -1}),
        ("bad-load-keeps-the-chain", "chain-2-undone", {"type": "load", "layout": "7H 7H"}),
    ]
    for name, where, action in refusals:
        state = g[where]
        if name == "nothing-to-undo-after-undoing-the-new-deal":
            state = steps_until_start(state)
            action = Undo()
        if name == "nothing-to-undo-at-the-oldest-game":
            for _ in range(MAX_PREVIOUS_GAMES):
                state = apply(state, Undo())
            action = Undo()
        vectors.append(
            {
                "id": name,
                "kind": "illegal",
                "state": state.to_json(),
                "action": action if isinstance(action, dict) else action.to_json(),
                "error": refused(state, action),
            }
        )
    for name in ("dealt", "dealt-undone", "loaded-undone", "tail-replaced-undone", "chain-8"):
        vectors.append({"id": f"state-ok-{name}", "kind": "state-ok", "state": g[name].to_json()})
    for name, source, action in [
        ("remove", g["played"], None),
        ("undo", g["played"], Undo()),
        ("new-deal", g["played"], NewDeal(8)),
        ("loaded", positions()["undone"], Redo()),
    ]:
        if action is None:
            action = Remove(*legal_pairs(source)[0])
        vectors.append(
            {
                "id": f"old-state-{name}",
                "kind": "old-state",
                "state": without_links(source),
                "action": action.to_json(),
                "after": apply(source, action).to_json(),
            }
        )
    vectors += bad_linked_states(g)
    vectors.append(undo_new_deal_game())
    return {
        "description": "Undoing and redoing a new deal or a load: the previous_game chain "
        "and next_game; states with bad links.",
        "vectors": vectors,
    }


def steps_until_start(state: State) -> State:
    """Undo the game actions of ``state`` until its cursor is 0."""
    while state.cursor > 0:
        state = apply(state, Undo())
    return state


def bad_linked_states(g: dict[str, State]) -> list[dict[str, Any]]:
    """``bad-state`` and ``verify-fail`` vectors for ``previous_game`` and ``next_game``."""
    dealt = g["dealt"].to_json()  # deal 8, its previous game deal 7 played
    undone = g["dealt-undone"].to_json()  # deal 7 played, next game deal 8
    two = g["two"].to_json()  # deal 9 ← deal 8 ← deal 7
    small = positions()["small"].to_json()
    nine_deep = g["chain-8"].to_json()
    link = nine_deep
    for _ in range(MAX_PREVIOUS_GAMES):
        link = link["previous_game"]
    link["previous_game"] = new_state("standard", deal=100).to_json()
    played_deep = play(g["played"], NewDeal(8), NewDeal(9)).to_json()

    def edited(source: dict[str, Any], edit: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
        data = json.loads(json.dumps(source))
        edit(data)
        return data

    def prev(data: dict[str, Any]) -> dict[str, Any]:
        return data["previous_game"]

    bad: list[tuple[str, dict[str, Any], Callable[[dict[str, Any]], Any] | None]] = [
        ("previous-game-text", dealt, lambda d: d.update(previous_game="deal 7")),
        ("previous-game-list", dealt, lambda d: d.update(previous_game=[])),
        ("previous-game-missing-key", dealt, lambda d: prev(d).pop("cursor")),
        ("previous-game-unknown-key", dealt, lambda d: prev(d).update(colour="red")),
        ("previous-game-bad-card", dealt, lambda d: prev(d)["tableau"].__setitem__(3, "XQ")),
        ("previous-game-other-rules", dealt, lambda d: d.update(previous_game=small)),
        (
            "previous-game-bad-next-game",
            dealt,
            lambda d: prev(d).update(next_game={"type": "undo"}),
        ),
        ("second-previous-game-bad-phase", two, lambda d: prev(prev(d)).update(phase="play")),
        ("nine-earlier-games", nine_deep, None),
        (
            "next-game-remove",
            undone,
            lambda d: d.update(next_game={"type": "remove", "cells": [0, 1]}),
        ),
        ("next-game-unknown-type", undone, lambda d: d.update(next_game={"type": "fly"})),
        ("next-game-text", undone, lambda d: d.update(next_game="new_deal")),
        ("next-game-extra-key", undone, lambda d: d["next_game"].update(layout="7H")),
        ("next-game-missing-deal", undone, lambda d: d["next_game"].pop("deal")),
        ("next-game-negative-deal", undone, lambda d: d["next_game"].update(deal=-1)),
        ("next-game-deal-text", undone, lambda d: d["next_game"].update(deal="8")),
        (
            "next-game-layout-number",
            undone,
            lambda d: d.update(next_game={"type": "load", "layout": 7}),
        ),
        (
            "next-game-bad-layout",
            undone,
            lambda d: d.update(next_game={"type": "load", "layout": "7H 7H"}),
        ),
        ("outer-state-first", dealt, lambda d: (d.update(round=0), prev(d).update(round=0))),
    ]
    vectors = []
    for name, source, edit in bad:
        data = source if edit is None else edited(source, edit)
        try:
            state_from_json(data)
        except StateError as error:
            vectors.append(
                {
                    "id": f"bad-state-{name}",
                    "kind": "bad-state",
                    "state": data,
                    "error": error_json(error),
                }
            )
        else:
            raise AssertionError(name)
    assert vectors[8]["error"]["path"] == "state" + ".previous_game" * (MAX_PREVIOUS_GAMES + 1)
    wrong: list[tuple[str, dict[str, Any], Callable[[dict[str, Any]], Any]]] = [
        ("previous-game-tableau", dealt, lambda d: prev(d)["tableau"].__setitem__(0, None)),
        ("previous-game-deal-start", dealt, lambda d: prev(d).update(deal=9)),
        ("previous-game-history", dealt, lambda d: prev(d)["history"][0].update(cells=[0, 1])),
        ("previous-game-cursor", dealt, lambda d: prev(d).update(cursor=3)),
        ("second-previous-game-cursor", played_deep, lambda d: prev(prev(d)).update(cursor=3)),
        ("outer-state-first", dealt, lambda d: (d.update(round=2), prev(d).update(round=1))),
    ]
    for name, source, edit in wrong:
        data = edited(source, edit)
        try:
            verify_state(data)
        except StateError as error:
            vectors.append(
                {
                    "id": f"verify-{name}",
                    "kind": "verify-fail",
                    "state": data,
                    "error": error_json(error),
                }
            )
        else:
            raise AssertionError(name)
    return vectors


def undo_new_deal_game() -> dict[str, Any]:
    """A short game: play, new deal, load, and undo and redo back and forth across them."""
    state = new_state("standard", deal=7)
    start = summary(state)
    steps = []

    def step(action: Action) -> None:
        nonlocal state
        state, result = perform(state, action)
        steps.append(
            {"action": action.to_json(), "result": result_json(result), "summary": summary(state)}
        )

    step(Remove(*legal_pairs(state)[0]))
    step(NewDeal(8))
    step(Remove(*legal_pairs(state)[0]))
    for action in (Undo(), Undo(), Undo(), Redo(), Redo(), Undo(), Redo()):
        step(action)
    step(Load(GERMAN_CASE["layout"]))
    for cells in GERMAN_CASE["remove"]:
        step(Remove(*cells))
    for action in (Undo(), Undo(), Undo(), Undo(), Redo(), Remove(2, 8), Undo(), Undo()):
        step(action)
    assert state.deal == 8 and isinstance(state.next_game, Load) and state.previous_game
    return {
        "id": "game-standard-7-new-deal-undo",
        "kind": "game",
        "rules": "standard",
        "deal": 7,
        "policy": "new-deal-undo",
        "start": start,
        "steps": steps,
        "final_state": state.to_json(),
    }


# ---------------------------------------------------------------- hints.json

#: Whole games that follow the fair hint (docs/analysis.md, section 3): deal 0
#: is won with no pair kept; deals 1 (won) and 4 (lost) and small deal 1 have
#: hint.remove-keep and hint.consolidate-keep in real play; small deal 2 is
#: lost; double deal 4 is a won double game with a modest number of plans.
HINT_GAMES = (
    ("standard", 0),
    ("standard", 1),
    ("standard", 4),
    ("small", 1),
    ("small", 2),
    ("double", 4),
)

#: M9 by hand, keep every pair: 7S 7H, three gaps, then 20 cards with 8 8, 9 9,
#: 10 10 split across the ends of rows 2-4. Closing up moves them back three
#: cells, so each pair lands inside a row and touches; removing the sevens
#: first moves them back five (a whole row), where they stay split. Keep:
#: 0 + 4 pairs; take the sevens: 1 + 0. So consolidate now (hint.consolidate-keep).
HINT_KEEP = lay(
    "7S 7H .. .. ..",
    "AS 2S 3S 4S 8S",
    "8H 5S 6S QS 9S",
    "9H KS AH 2H TS",
    "TH 3H 4H 5H 6H",
    stock="JS JH 8D",
)
#: M9 by hand, the best plan takes fewer than all pairs: HINT_KEEP with QH QD
#: touching at the end. Keep both 0 + 5, take the queens 1 + 4, the sevens
#: 1 + 1, both 2 + 0: the queens (a tie with keeping, won by more pairs now),
#: keeping the sevens (hint.remove-keep, kept 1 pair).
HINT_KEEP_ONE = lay(
    "7S 7H .. .. ..",
    "AS 2S 3S 4S 8S",
    "8H 5S 6S QS 9S",
    "9H KS AH 2H TS",
    "TH 3H 4H QH QD",
    stock="JS JH 8D",
)
#: Three sevens: two plans of one pair score the same; the first in order wins.
HINT_THREE = lay("7S 7H 7D .. ..", stock="KS")
#: Cannot be won; the fair hint takes 9S 9H (the perfect hint would say lost).
HINT_HOPELESS = lay("7H 8S 7S 8H ..", ".. 9S 9H .. ..")


def hint_json(state: State) -> dict[str, Any] | None:
    found = fair_hint(state)
    return None if found is None else found.to_json()


def hint_states() -> list[tuple[str, State]]:
    """Named states for hints.json: whole fair-hint games, then positions by hand."""
    named: list[tuple[str, State]] = []
    for rules, deal in HINT_GAMES:
        state = new_state(rules, deal=deal)
        k = 0
        while (found := fair_hint(state)) is not None:
            named.append((f"{rules}-{deal}-{k:02d}", state))
            # One card of a consolidation or a refill: phases consolidate and refill
            # half done (the fair hint itself does each all at once).
            one = {"consolidate": (ConsolidateStep(), "step"), "refill": (RefillStep(), "deal")}
            if found.action.type in one:
                action, word = one[found.action.type]
                step = apply(state, action)
                if step.phase == found.action.type:  # still under way
                    named.append((f"{rules}-{deal}-{k:02d}-one-{word}", step))
            state = apply(state, found.action)
            k += 1
        named.append((f"{rules}-{deal}-end-{status(state)}", state))
    p = positions()
    german = p["german"]
    named += [
        ("german", german),
        ("german-fours-taken", play(german, Remove(2, 8))),
        ("german-twos-taken", play(german, Remove(2, 8), Remove(6, 11))),
        ("german-removed-no-pair", p["german-removed"]),
        # Another plan's first pair taken: the hint goes on from there.
        ("german-jacks-taken", play(german, Remove(18, 22))),
        ("german-5-steps", play(p["german-removed"], *([ConsolidateStep()] * 5))),
        ("german-consolidated", play(p["german-removed"], Consolidate())),
        ("keep-every-pair", load(HINT_KEEP)),
        ("keep-one-pair", load(HINT_KEEP_ONE)),
        ("keep-one-pair-then", play(load(HINT_KEEP_ONE), Remove(23, 24))),
        ("three-sevens-tie", load(HINT_THREE)),
        ("hopeless", load(HINT_HOPELESS)),
        ("full-tableau", p["deal7"]),
        ("gaps-at-end-no-stock", p["gaps-at-end-no-stock"]),
        ("gap-before-card-no-stock", p["gap-before-card-no-stock"]),
        ("round-refill-short", p["refill"]),
        ("won", p["won"]),
        ("lost", p["blocked"]),
        ("small-start", p["small"]),
        ("double-start", p["double"]),
    ]
    return named


def make_hints() -> dict[str, Any]:
    vectors = [
        {"id": name, "kind": "hint", "state": state.to_json(), "hint": hint_json(state)}
        for name, state in hint_states()
    ]
    by_id = {v["id"]: v["hint"] for v in vectors}
    # The hand-worked cases of tests/test_hint.py, so a generator change shows here.
    assert by_id["german"]["cells"] == [2, 8] and by_id["german"]["key"] == "hint.remove"
    assert by_id["keep-every-pair"]["key"] == "hint.consolidate-keep"
    assert by_id["keep-one-pair"]["params"]["kept"] == {"count": 1, "of": "count.pairs"}
    assert by_id["won"] is None and by_id["lost"] is None
    keys = {v["hint"]["key"] for v in vectors if v["hint"] is not None}
    assert keys == {
        "hint.remove",
        "hint.remove-keep",
        "hint.consolidate-keep",
        "hint.consolidate-no-pair",
        "hint.finish-consolidation",
        "hint.refill",
    }, keys
    return {
        "description": "The fair hint (docs/analysis.md, section 3) of states from whole games "
        "that follow it and of positions made by hand.",
        "vectors": vectors,
    }


# ----------------------------------------------------------- line_hints.json


def line_hint_states() -> list[tuple[str, State, dict[str, Any] | None]]:
    """Named (state, stored line) pairs for line_hints.json (docs/analysis.md, section 3).

    Deal 1 played by its stored line, with one round's pairs taken in
    another order and one consolidation and refill done step by step; the
    line left in round 1 (at once and a round later); deal 9, which cannot
    be won; a line of another deal, and none.
    """
    named: list[tuple[str, State, dict[str, Any] | None]] = []
    start = new_state("standard", deal=1)
    line = stored_line(start)
    state, k = start, 0
    while (found := line_hint(state, line)) is not None:
        named.append((f"deal1-{k:02d}", state, line))
        action = found.hint.action
        if k == 0:  # round 1's second pair first: still on the line
            second = line["moves"][1]["cells"]
            state = play(state, Remove(*second))
            named.append(("deal1-second-pair-first", state, line))
        elif action.type == "consolidate" and k < 10:  # one card at a time, in round 1
            state = play(state, ConsolidateStep())
            named.append((f"deal1-{k:02d}-one-step", state, line))
        elif action.type == "refill":
            state = play(state, RefillStep())
            named.append((f"deal1-{k:02d}-one-deal", state, line))
        if status(state) == "playing" and line_hint(state, line).note is None:
            state = play(state, line_hint(state, line).hint.action)
        k += 1
    named.append(("deal1-won", state, line))
    # Round 1 with one of the line's pairs kept, then the next round begun;
    # and the first round where a pair the line does not take is played.
    moves = [parse_action(m) for m in line["moves"]]
    ends = [n for n, m in enumerate(moves) if m.type != "remove"]
    kept = play(start, *moves[: ends[0] - 1], Consolidate())
    named.append(("deal1-kept-a-pair", kept, line))
    named.append(("deal1-kept-a-pair-round-2", play(kept, Refill()), line))
    begins = [0] + [n + 1 for n in ends if n + 1 < len(moves) and moves[n + 1].type == "remove"]
    for r, begin in enumerate(begins):
        here = play(start, *moves[:begin])
        end = next((n for n in ends if n > begin), len(moves))
        plan = {m.cells for m in moves[begin:end]}
        other = [p for p in legal_pairs(here) if tuple(p) not in plan]
        if other:
            named.append((f"deal1-left-in-round-{r + 1}", play(here, Remove(*other[0])), line))
            break
    lost = new_state("standard", deal=9)
    named += [
        ("deal9-cannot-be-won", lost, stored_line(lost)),
        ("other-deal", new_state("standard", deal=2), line),
        ("no-line", start, None),
    ]
    return named


def make_line_hints() -> dict[str, Any]:
    vectors = []
    for name, state, line in line_hint_states():
        found = line_hint(state, line)
        vectors.append(
            {
                "id": name,
                "kind": "line-hint",
                "state": state.to_json(),
                "line": line,
                "hint": None if found is None else found.to_json(),
            }
        )
    by_id = {v["id"]: v["hint"] for v in vectors}
    # Worked by hand from deal 1's line (tests/test_stored_line.py has the same).
    assert by_id["deal1-second-pair-first"]["hint"]["cells"] == [0, 6]
    assert by_id["deal1-kept-a-pair"]["note"] == {"key": "hint.line-left", "params": {"round": 1}}
    left = [v["hint"]["note"]["key"] for v in vectors if "-left-in-" in v["id"]]
    assert left == ["hint.line-left"]
    assert by_id["deal9-cannot-be-won"]["note"]["key"] == "hint.line-lost"
    assert by_id["deal1-won"] is None
    return {
        "description": "The perfect hint from a winning line stored with the board "
        "(docs/analysis.md, section 3): states of deal 1 on and off its line, and others.",
        "vectors": vectors,
    }


FILES = {
    "deals.json": make_deals,
    "games.json": make_games,
    "illegal.json": make_illegal,
    "actions.json": make_actions,
    "layouts.json": make_layouts,
    "highlights.json": make_highlights,
    "states.json": make_states,
    "cases.json": make_cases,
    "games-undo.json": make_games_undo,
    "walkthrough.json": make_walkthrough,
    "hints.json": make_hints,
    "line_hints.json": make_line_hints,
}


def dump(data: dict[str, Any]) -> str:
    """JSON with one vector per line: small diffs, still easy to read."""
    head = json.dumps({k: v for k, v in data.items() if k != "vectors"}, ensure_ascii=False)[:-1]
    lines = [json.dumps(v, ensure_ascii=False, separators=(",", ":")) for v in data["vectors"]]
    return head + ', "vectors": [\n' + ",\n".join(lines) + "\n]}\n"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    total = 0
    ids: set[str] = set()
    for name, make in FILES.items():
        data = {"format": 1, **make()}
        for vector in data["vectors"]:
            key = f"{name}:{vector['id']}"
            assert key not in ids, key
            ids.add(key)
        text = dump(data)
        assert json.loads(text) == json.loads(json.dumps(data))
        (OUT / name).write_text(text, encoding="utf-8")
        total += len(data["vectors"])
        print(f"{name:16} {len(data['vectors']):4} vectors")
    print(f"{'total':16} {total:4} vectors")


if __name__ == "__main__":
    main()
