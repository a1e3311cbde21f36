"""The walkthrough (docs/teaching.md, section 1): a round as single-card steps.

Expected values come from tests/cases/german-worked-example.json and from
RULES.md "One card at a time", simulated here on plain lists (not with the
engine), so a wrong timeline or a wrong walk fails.
"""

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mc_widget.engine import (
    PRESETS,
    ArgumentError,
    Game,
    IllegalMove,
    apply,
    legal_pairs,
    new_state,
    parse_layout,
    walk_to,
    walkthrough,
)

CASE = json.loads(
    (Path(__file__).parent / "cases" / "german-worked-example.json").read_text(encoding="utf-8")
)


def german_removed():
    state = new_state("standard", layout=CASE["layout"])
    for i, j in CASE["remove"]:
        state = apply(state, {"type": "remove", "cells": [i, j]})
    return state


def play(state, *types):
    for kind in types:
        state = apply(state, {"type": kind})
    return state


def position(state):
    """The position of a state (what the board shows), without history and cursor."""
    data = state.to_json()
    return {key: data[key] for key in ("tableau", "stock", "discards", "phase", "round")} | {
        "consolidations": data["consolidations"]
    }


def lay(*rows, stock=""):
    return "/".join(list(rows) + [".. .. .. .. .."] * (5 - len(rows))) + " | " + stock


ROUND = lay("7H .. 8C 8D 9C", "9D .. .. .. ..", stock="KC KD")
ZERO_MOVE = lay("7H 7S 8C 8D 9C", "9D 9S KC KD QC", stock="2C 3C")


# ---------------------------------------------------------------- the German worked example


def test_the_german_example_has_17_moves_then_6_deals():
    found = walkthrough(german_removed())
    assert (found.base, found.position, found.moves, found.deals, found.n) == (3, 0, 17, 6, 23)
    moves = [[s.source, s.target] for s in found.steps if s.kind == "move"]
    assert moves == CASE["consolidation_steps_from_to"]
    assert [s.kind for s in found.steps] == ["move"] * 17 + ["deal"] * 6
    # Every card keeps its place once it has moved: the card moving into a cell
    # is the one the case file has there after the consolidation.
    after, _ = parse_layout(CASE["after_consolidation"], PRESETS["standard"])
    assert [s.card for s in found.steps[:17]] == [str(after[s.target]) for s in found.steps[:17]]
    # The six deals: the top six stock cards into the gaps at the end, 19 … 24.
    deals = [(s.source, s.target, s.card) for s in found.steps[17:]]
    assert deals == [
        (None, 19, "TS"),
        (None, 20, "5C"),
        (None, 21, "2S"),
        (None, 22, "AD"),
        (None, 23, "7S"),
        (None, 24, "3H"),
    ]
    assert found.steps[0].to_json() == {"kind": "move", "from": 3, "to": 2, "card": "5D"}
    assert found.to_json()["steps"][17] == {"kind": "deal", "from": None, "to": 19, "card": "TS"}


def test_every_step_is_one_card_at_a_time():
    # RULES.md: take the first gap in reading order; the first card after it moves into it.
    state = german_removed()
    cells = [None if c is None else str(c) for c in state.tableau]
    stock = [str(c) for c in state.stock]
    for step in walkthrough(state).steps:
        gap = cells.index(None)
        if step.kind == "move":
            source = next(k for k in range(gap + 1, len(cells)) if cells[k] is not None)
            assert (step.source, step.target, step.card) == (source, gap, cells[source])
            cells[gap], cells[source] = cells[source], None
        else:
            assert all(c is None for c in cells[gap:]), "a deal only once the gaps are at the end"
            assert (step.source, step.target, step.card) == (None, gap, stock[0])
            cells[gap] = stock.pop(0)
    assert " ".join(c or ".." for c in cells) + " | " + " ".join(stock) == CASE[
        "after_refill_layout"
    ].replace("/", " ")


def test_the_position_counts_the_steps_made_so_far():
    removed = german_removed()
    assert walkthrough(play(removed, *["consolidate_step"] * 5)).position == 5
    assert walkthrough(play(removed, "consolidate")).position == 17
    assert walkthrough(play(removed, "consolidate", "refill_step", "refill_step")).position == 19
    done = play(removed, "consolidate", "refill")
    assert (walkthrough(done).base, walkthrough(done).position) == (3, 23)
    # Undo of a whole consolidation: back at step 0 of the same timeline.
    undone = play(removed, "consolidate", "undo")
    assert walkthrough(undone) == walkthrough(removed)


def test_walk_to_n_is_consolidate_then_refill():
    removed = german_removed()
    end = walk_to(removed, 23)
    assert position(end) == position(play(removed, "consolidate", "refill"))
    assert end.layout() == CASE["after_refill_layout"]
    assert [a.type for a in end.history[3:]] == ["consolidate_step"] * 17 + ["refill_step"] * 6
    assert end.cursor == len(end.history) == 26
    assert walk_to(removed, 17).layout() == CASE["after_consolidation"]


def test_walking_back_one_step_is_the_engines_undo():
    removed = german_removed()
    for k in range(1, 24):
        here = walk_to(removed, k)
        assert walk_to(here, k - 1) == apply(here, {"type": "undo"}), k
        # …and back then forward is the identity, with redo too.
        assert walk_to(walk_to(here, k - 1), k) == here, k
        assert apply(apply(here, {"type": "undo"}), {"type": "redo"}) == here, k


def test_walk_to_from_a_whole_consolidate_keeps_the_steps_before():
    consolidated = play(german_removed(), "consolidate")
    back = walk_to(consolidated, 4)
    assert [a.type for a in back.history[:3]] == ["remove"] * 3
    assert back.cursor == 7 and len(back.history) == 26
    assert walkthrough(back).position == 4
    # A game action after it drops the redoable tail, as after any undo.
    on = apply(back, {"type": "consolidate"})
    assert len(on.history) == 8 and walkthrough(on).position == 17


def test_walk_to_the_current_step_changes_nothing():
    # Step 0 with the third pair (cells 13, 14: the case's last removal) undone:
    # the undone pair still waits for a redo after walk_to(0).
    undone = apply(german_removed(), {"type": "undo"})
    assert walkthrough(undone).position == 0
    assert walk_to(undone, 0) is undone
    assert (undone.cursor, len(undone.history)) == (2, 3)
    # Part way: the same state back, its redoable tail of steps kept.
    five = walk_to(german_removed(), 5)
    assert walk_to(five, 5) is five
    # After a whole consolidate (one action, 17 moves): kept as one action.
    consolidated = play(german_removed(), "consolidate")
    assert walk_to(consolidated, 17) is consolidated
    assert walk_to(consolidated, 16).cursor == 3 + 16


def test_game_walk_to_the_current_step_tells_no_observer():
    g = Game.from_layout(CASE["layout"])
    for i, j in CASE["remove"]:
        g.remove_pair(i, j)
    g.undo()  # the third pair waits for a redo
    seen = []
    g.on_change(lambda game: seen.append(game.cursor))
    before = g.state
    g.walk_to(0)
    assert g.state is before and seen == [] and g.can_redo()
    assert g.redo().type == "remove"


# ---------------------------------------------------------------- other rounds


def test_a_zero_move_consolidation_comes_first_when_nothing_moves():
    state = new_state("standard", layout=ZERO_MOVE)
    found = walkthrough(state)
    assert (found.moves, found.deals) == (0, 2)
    assert [s.to_json() for s in found.steps] == [
        {"kind": "deal", "from": None, "to": 10, "card": "2C"},
        {"kind": "deal", "from": None, "to": 11, "card": "3C"},
    ]
    one = walk_to(state, 1)
    assert [a.type for a in one.history] == ["consolidate_step", "refill_step", "refill_step"]
    assert one.cursor == 2 and one.phase == "refill"
    assert walk_to(state, 0).cursor == 0
    # After the zero-move step alone the timeline stands at step 0, in phase
    # refill (one undo from step 1 lands there); walk_to(0) from there goes
    # back to the start of the round, where pairs can be removed.
    between = play(state, "consolidate_step")
    assert walkthrough(between).position == 0 and between.phase == "refill"
    back = apply(one, {"type": "undo"})
    assert back.cursor == 1 and position(back) == position(between)
    assert walkthrough(back).position == 0
    assert walk_to(one, 0).cursor == 0  # the bar's Back from step 1: the base at once
    base = walk_to(between, 0)
    assert (base.cursor, base.phase) == (0, "remove")
    assert position(base) == position(state)


def test_the_stock_runs_out_during_the_refill():
    state = new_state("standard", layout=ROUND)
    found = walkthrough(state)
    assert (found.moves, found.deals) == (4, 2)
    assert [(s.source, s.target) for s in found.steps] == [
        (2, 1),
        (3, 2),
        (4, 3),
        (5, 4),
        (None, 5),
        (None, 6),
    ]
    end = walk_to(state, 6)
    assert end.stock == () and end.tableau[7] is None and end.phase == "remove"


@pytest.mark.parametrize(
    "state",
    [
        new_state("standard", deal=7),  # a full tableau
        new_state("standard", layout=lay("7H 7S 8C 8D 9C")),  # gaps only at the end, no stock
        new_state("standard", layout=CASE["layout"]),  # full, before the pairs are removed
        apply(
            new_state("standard", layout=lay("7H 7S .. .. ..")), {"type": "remove", "cells": [0, 1]}
        ),
    ],
    ids=["full", "gaps-at-end-no-stock", "german-start", "won"],
)
def test_no_walkthrough(state):
    assert walkthrough(state) is None
    with pytest.raises(IllegalMove) as info:
        walk_to(state, 0)
    assert (info.value.reason, info.value.key) == ("no-walkthrough", "no-walkthrough")
    assert str(info.value).startswith("There is nothing to walk through now")


def test_a_round_that_ended_the_game_can_still_be_walked():
    last_gap = lay(
        "AS 2S 3S 4S 5S",
        "6S 7S 8S 9S TS",
        "JS QS KS AH 2H",
        "3H 4H 5H 6H 7H",
        "8H 9H TH JH ..",
        stock="5D 2D 3D 4D 7D",
    )
    lost = play(new_state("standard", layout=last_gap), "consolidate", "refill")
    found = walkthrough(lost)
    assert (found.position, found.moves, found.deals) == (1, 0, 1)
    assert walk_to(lost, 0).phase == "remove" and walk_to(lost, 0).cursor == 0


@pytest.mark.parametrize("rules", ["small", "double"])
def test_the_small_and_double_rules(rules):
    state = new_state(rules, deal=3)
    state = apply(state, {"type": "remove", "cells": list(legal_pairs(state)[0])})
    found = walkthrough(state)
    cells = 20 if rules == "small" else 49
    # Two gaps: every card after the first gap closes up, then two stock cards.
    assert found.deals == 2 and found.steps[-1].target == cells - 1
    assert position(walk_to(state, found.n)) == position(play(state, "consolidate", "refill"))


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize("k", [-1, 24, 100])
def test_a_step_outside_the_timeline_is_refused(k):
    state = german_removed()
    before = state.to_json()
    with pytest.raises(IllegalMove) as info:
        walk_to(state, k)
    error = info.value
    assert (error.reason, error.key, error.params) == (
        "out-of-range",
        "walk-out-of-range",
        {"k": k, "n": 23},
    )
    assert str(error) == f"There is no step {k}: this walkthrough has steps 0 to 23."
    assert state.to_json() == before


@pytest.mark.parametrize("k", [1.0, 1.5, "3", True, None])
def test_a_step_that_is_not_a_whole_number_is_refused(k):
    state = german_removed()
    before = state.to_json()
    with pytest.raises(ArgumentError) as info:
        walk_to(state, k)
    assert info.value.function == "walk_to"
    assert "must be a whole number from 0 to 23" in str(info.value)
    assert state.to_json() == before


# ---------------------------------------------------------------- Game


def test_game_walkthrough_and_walk_to():
    g = Game.from_layout(CASE["layout"])
    assert g.walkthrough() is None
    for i, j in CASE["remove"]:
        g.remove_pair(i, j)
    assert g.walkthrough().n == 23
    seen = []
    g.on_change(lambda game: seen.append(game.cursor))
    g.walk_to(17)
    assert g.to_layout() == CASE["after_consolidation"] and seen == [20]
    g.undo()
    assert g.walkthrough().position == 16
    with pytest.raises(IllegalMove):
        g.walk_to(99)
    assert g.cursor == 19


# ---------------------------------------------------------------- any deal


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    deal=st.integers(0, 2**32 - 1),
    choices=st.lists(st.integers(0, 1000), min_size=1, max_size=6),
    k_pick=st.integers(0, 1000),
)
def test_any_round_walks_like_consolidate_then_refill(deal, choices, k_pick):
    state = new_state("standard", deal=deal)
    for choice in choices:
        found = legal_pairs(state)
        if not found:
            break
        state = apply(state, {"type": "remove", "cells": list(found[choice % len(found)])})
    found = walkthrough(state)
    if state.cursor == 0:
        assert found is None  # a full tableau
        return
    assert found is not None and found.position == 0 and found.base == state.cursor
    gaps = sum(1 for c in state.tableau if c is None)
    assert found.deals == min(gaps, len(state.stock))
    assert all(s.kind == "move" for s in found.steps[: found.moves])
    assert position(walk_to(state, found.n)) == position(play(state, "consolidate", "refill"))
    k = k_pick % (found.n + 1)
    here = walk_to(state, k)
    assert walkthrough(here).position == k
    if k > 0:
        # Back is the previous step exactly, and the engine's undo of one step,
        # except in a round whose consolidation moves no card (the pair was at
        # the end): its first deal follows a consolidation that moved nothing,
        # so undo stops after that consolidation (the same cards, phase refill,
        # one more consolidation counted) while Back returns to step 0 as the
        # learner saw it (docs/teaching.md, "Walkthrough"). Deal 3240 with its
        # pair at cells 23 and 24 is such a round.
        assert position(walk_to(here, k - 1)) == position(walk_to(state, k - 1))
        undone = apply(here, {"type": "undo"})
        if k > 1 or found.moves > 0:
            assert walk_to(here, k - 1) == undone
        else:
            cards = ("tableau", "stock", "discards")
            before = position(walk_to(here, 0))
            assert {key: position(undone)[key] for key in cards} == {
                key: before[key] for key in cards
            }
            assert (before["phase"], position(undone)["phase"]) == ("remove", "refill")
    assert walk_to(walk_to(here, 0), k) == here


def test_back_from_the_first_deal_of_a_round_with_no_move_is_step_0():
    # Deal 3240: the only pair, at cells 23 and 24 (the end of reading order),
    # leaves nothing to move; the round is two deals. Found by hypothesis.
    state = apply(new_state("standard", deal=3240), {"type": "remove", "cells": [23, 24]})
    found = walkthrough(state)
    assert (found.n, found.moves, found.deals) == (2, 0, 2)
    here = walk_to(state, 1)
    assert position(walk_to(here, 0)) == position(state)
    assert position(walk_to(here, 0))["phase"] == "remove"
