"""Shared by every vectors file: the German worked example, layouts by hand, and
the projections (summary, result, error) that both engines must reproduce.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from mc_widget.engine import (
    Action,
    Card,
    CardError,
    DealError,
    EngineError,
    IllegalMove,
    LayoutError,
    State,
    StateError,
    apply,
    legal_pairs,
    legal_removals,
    new_state,
    perform,
    status,
)

ROOT = Path(__file__).resolve().parents[2]
EMPTY_ROW = ".. .. .. .. .."
GERMAN_CASE = json.loads((ROOT / "tests" / "cases" / "german-worked-example.json").read_text())


def lay(*rows: str, stock: str = "", height: int = 5) -> str:
    """A layout of 5-cell rows (missing rows are gaps)."""
    filled = list(rows) + [EMPTY_ROW] * (height - len(rows))
    return "/".join(filled) + " | " + stock


def load(text: str, rules: str = "standard") -> State:
    return new_state(rules, layout=text)


def summary(state: State) -> dict[str, Any]:
    """The per-step summary recorded in games.json (defined in the README): with
    ``legal_removals`` too when the rules have lone ranks (issue 19)."""
    data = {
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
    if state.rules.lone:
        data["legal_removals"] = [list(r) for r in legal_removals(state)]
    return data


def action_json(action: Any) -> Any:
    """An Action as its JSON; a raw action (a dict, or malformed JSON for a refusal) as given."""
    return action.to_json() if isinstance(action, Action) else action


def illegal_vector(name: str, state: State, action: Any) -> dict[str, Any]:
    """One refused action: the state, the action (an Action or raw JSON), the error."""
    return {
        "id": name,
        "kind": "illegal",
        "state": state.to_json(),
        "action": action_json(action),
        "error": refused(state, action),
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


def edited(source: dict[str, Any], edit: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    """A deep copy of state JSON ``source`` with ``edit`` applied to it."""
    data = json.loads(json.dumps(source))
    edit(data)
    return data


def state_refusals(
    kind: str, prefix: str, check: Callable[[Any], Any], cases: Iterable[tuple[str, Any]]
) -> list[dict[str, Any]]:
    """One ``kind`` vector per ``(name, state JSON)`` that ``check`` refuses.

    Raises AssertionError naming a case that ``check`` accepts.
    """
    vectors = []
    for name, data in cases:
        try:
            check(data)
        except StateError as error:
            vectors.append(
                {"id": f"{prefix}-{name}", "kind": kind, "state": data, "error": error_json(error)}
            )
        else:
            raise AssertionError(name)
    return vectors


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
