"""games.json: whole games played by simple policies, step by step."""

from __future__ import annotations

from typing import Any

from mc_widget.engine import (
    Action,
    Consolidate,
    ConsolidateStep,
    IllegalMove,
    Redo,
    Refill,
    RefillStep,
    Remove,
    State,
    Undo,
    can_consolidate,
    can_refill,
    legal_removals,
    mulberry32,
    new_state,
    perform,
    state_from_json,
    status,
)

from .common import (
    result_json,
    summary,
)
from .variants import NEW_PRESETS


def choose(policy: str, state: State, count: int, rng: Any) -> list[Action]:
    """The next action(s) of a policy (a list so undo/redo can come in pairs)."""
    found = legal_removals(state)  # legal_pairs, and lone cards in Thirteens
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
    assert state.total == state.rules.deck_size  # every card kept
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


def winning_deals(count: int, skip: list[int], rules: str = "standard") -> list[int]:
    """The first deals the first-pair policy wins (so some games end in "won")."""
    found: list[int] = []
    deal = 0
    while len(found) < count:
        final = state_from_json(record_game(rules, deal, "first")["final_state"])
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
    # Issue 19: every variant, won and lost, every card kept (tableau + stock + discards).
    for rules in NEW_PRESETS:
        for deal, policy in ((3, "first"), (7, "last"), (2**32 - 1, "undo"), (5, "random")):
            vectors.append(record_game(rules, deal, policy))
        for deal in winning_deals(1, [], rules):
            vectors.append(record_game(rules, deal, "first"))
    return {
        "description": "Whole recorded games: every action and the summary after it.",
        "vectors": vectors,
    }
