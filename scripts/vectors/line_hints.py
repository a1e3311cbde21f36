"""line_hints.json: the perfect hint from a stored winning line (docs/analysis.md, 3)."""

from __future__ import annotations

from typing import Any

from mc_widget.analysis.stored_line import line_hint, stored_line
from mc_widget.engine import (
    Consolidate,
    ConsolidateStep,
    Refill,
    RefillStep,
    Remove,
    State,
    legal_pairs,
    new_state,
    parse_action,
    status,
)

from .common import (
    play,
)


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
    return named + variant_line_states()


#: Issue 19: a whole stored line of each variant with its own moves: Thirteens
#: (kings removed alone: hint.line-lone), Fourteens in lines, Aces Square
#: (won with the four aces left), Double (two identical cards).
VARIANT_LINES = (("thirteens", 1), ("fourteens-lines", 1), ("aces-square", 1), ("double", 4))


def variant_line_states() -> list[tuple[str, State, dict[str, Any] | None]]:
    """Each variant deal of :data:`VARIANT_LINES` played along its stored line to the win."""
    named: list[tuple[str, State, dict[str, Any] | None]] = []
    for rules, deal in VARIANT_LINES:
        state = new_state(rules, deal=deal)
        line = stored_line(state)
        k = 0
        while (found := line_hint(state, line)) is not None:
            named.append((f"{rules}-{deal}-{k:02d}", state, line))
            state = play(state, found.hint.action)
            k += 1
        named.append((f"{rules}-{deal}-{status(state)}", state, line))
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
    for rules, deal in VARIANT_LINES:
        assert f"{rules}-{deal}-won" in by_id, (rules, deal)
    keys = {v["hint"]["hint"]["key"] for v in vectors if v["hint"] is not None}
    assert "hint.line-lone" in keys, keys
    return {
        "description": "The perfect hint from a winning line stored with the board "
        "(docs/analysis.md, section 3): states of deal 1 on and off its line, and others.",
        "vectors": vectors,
    }
