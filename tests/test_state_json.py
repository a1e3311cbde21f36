"""The state JSON and the action JSON: exact form, round trips, malformed
input naming the bad part, and verification by replay (architecture.md
"State (the synced JSON)", "Actions", "Errors")."""

import copy
import json

import pytest

from mc_widget.engine import (
    DealError,
    Game,
    IllegalMove,
    State,
    StateError,
    apply,
    new_state,
    parse_action,
    state_from_json,
    verify_state,
)

DEAL_7 = (
    "JH TS QC 5H 7C/9S AD 4H 2C 8D/9C 4D AC 3S KC/5C 3H QS JC TH/JD KS KD 2S 8C"
    " | 2H 4C 3D 5S 6S 2D QD 7D TD 6H 3C AH 8S 8H 5D 7S 6C 6D QH JS 9H 7H KH 9D TC 4S AS"
)
STANDARD = {
    "name": "standard",
    "rows": 5,
    "cols": 5,
    "decks": 1,
    "pair": "same-rank",
    "touching": "eight",
}


def test_a_fresh_deal_as_json():
    data = new_state("standard", deal=7).to_json()
    assert data == {
        "rules": STANDARD,
        "deal": 7,
        "start": DEAL_7,
        "tableau": DEAL_7.split(" | ")[0].replace("/", " ").split(),
        "stock": DEAL_7.split(" | ")[1].split(),
        "discards": [],
        "phase": "remove",
        "round": 1,
        "consolidations": 0,
        "history": [],
        "cursor": 0,
        "previous_game": None,
        "next_game": None,
    }
    assert json.loads(json.dumps(data)) == data


def played():
    """Deal 7 after a pair, a consolidation, a refill, another pair and an undo."""
    g = Game(deal=7)
    g.remove_pair(5, 10)  # 9S 9C
    g.remove_pair(6, 12)  # AD AC
    g.consolidate()
    g.refill()
    g.remove_pair(*g.legal_pairs()[0])
    g.undo()
    return g


def test_the_played_state_json():
    data = played().to_state()
    assert data["discards"] == [["9S", "9C"], ["AD", "AC"]]
    assert data["history"][:4] == [
        {"type": "remove", "cells": [5, 10]},
        {"type": "remove", "cells": [6, 12]},
        {"type": "consolidate"},
        {"type": "refill"},
    ]
    assert (data["cursor"], len(data["history"])) == (4, 5)
    assert (data["phase"], data["round"], data["consolidations"]) == ("remove", 2, 1)
    assert None not in data["tableau"]
    assert len(data["stock"]) == 23


def test_round_trip():
    state = played().state
    assert state_from_json(state.to_json()) == state
    assert State.from_json(json.loads(json.dumps(state.to_json()))) == state
    assert verify_state(state.to_json()) == state
    assert Game.from_state(state.to_json()).state == state


def broken(change):
    data = played().to_state()
    change(data)
    return data


def set_path(path, value):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def delete(key):
    return lambda data: data.pop(key)


@pytest.mark.parametrize(
    ("change", "path", "words"),
    [
        (delete("cursor"), "state.cursor", "is missing"),
        (set_path(["colour"], "red"), "state.colour", "is not part of"),
        (set_path(["rules", "pair"], "sum-13"), "state.rules.pair", "standard game has same-rank"),
        (set_path(["rules", "lone"], "K"), "state.rules.lone", "a list of rank letters"),
        (set_path(["rules"], "standard"), "state.rules", "must be an object"),
        (set_path(["deal"], -1), "state.deal", "is not a deal number"),
        (set_path(["deal"], 7.5), "state.deal", "is not a deal number"),
        (set_path(["deal"], True), "state.deal", "is not a deal number"),
        (set_path(["deal"], 2**32), "state.deal", "is not a deal number"),
        (set_path(["start"], 7), "state.start", "must be a string"),
        (set_path(["start"], "7H 7H"), "state.start", "The layout has 1 row; it needs 5 rows"),
        (set_path(["start"], DEAL_7.replace("JH", "jh")), "state.start", "must be written"),
        (set_path(["tableau"], ["7H"] * 24), "state.tableau", "must have 25 entries, not 24"),
        (set_path(["tableau"], {}), "state.tableau", "must be a list"),
        (set_path(["tableau", 3], "XQ"), "state.tableau[3]", "is not a card"),
        (set_path(["tableau", 3], "7h"), "state.tableau[3]", "must be written 7H, not 7h"),
        (set_path(["tableau", 3], 7), "state.tableau[3]", "must be a card like 7H"),
        (set_path(["tableau", 3], "9C"), "state.discards[0][1]", "more often than 1 deck(s)"),
        (set_path(["stock", 1], "1H"), "state.stock[1]", "is not a card"),
        (
            set_path(["discards", 0], ["9S"]),
            "state.discards[0][0]",
            "cannot have been removed alone",
        ),
        (set_path(["discards", 0], []), "state.discards[0]", "a list of one or two cards"),
        (set_path(["discards", 0], ["9S", "9C", "AD"]), "state.discards[0]", "one or two cards"),
        (set_path(["discards", 0, 1], "Z"), "state.discards[0][1]", "is not a card"),
        (
            set_path(["phase"], "play"),
            "state.phase",
            'must be one of "remove", "consolidate", "refill"',
        ),
        (set_path(["round"], 0), "state.round", "must be at least 1, not 0"),
        (set_path(["round"], True), "state.round", "must be a whole number"),
        (set_path(["consolidations"], -1), "state.consolidations", "at least 0"),
        (set_path(["cursor"], 6), "state.cursor", "must be from 0 to 5, not 6"),
        (set_path(["cursor"], -1), "state.cursor", "must be from 0 to 5, not -1"),
        (set_path(["cursor"], "4"), "state.cursor", "must be a whole number"),
        (set_path(["history"], "none"), "state.history", "must be a list"),
        (set_path(["history", 0], {"type": "undo"}), "state.history[0].type", "must be one of"),
        (set_path(["history", 0], {"type": "fly"}), "state.history[0].type", "must be one of"),
        (set_path(["history", 0], []), "state.history[0]", "must be an object"),
        (set_path(["history", 0, "cells", 1], True), "state.history[0].cells[1]", "a whole number"),
        (set_path(["history", 0, "cells"], [5, 6, 7]), "state.history[0].cells", "two cells"),
        (set_path(["history", 2, "moves"], 3), "state.history[2].moves", "is not part of"),
    ],
)
def test_malformed_state_names_the_bad_part(change, path, words):
    data = broken(change)
    frozen = copy.deepcopy(data)
    with pytest.raises(StateError) as info:
        state_from_json(data)
    assert info.value.path == path
    assert words in str(info.value)
    assert str(info.value).startswith(path)
    assert data == frozen  # reading never changes the input


@pytest.mark.parametrize("value", [None, [], "state", 3])
def test_a_state_must_be_an_object(value):
    with pytest.raises(StateError) as info:
        state_from_json(value)
    assert (info.value.path, str(info.value)) == ("state", "state must be an object.")


@pytest.mark.parametrize(
    ("change", "path", "words"),
    [
        (set_path(["tableau", 0], None), "state.tableau[0]", "is a gap, but replaying"),
        (set_path(["phase"], "refill"), "state.phase", "is refill, but replaying the moves"),
        (set_path(["round"], 3), "state.round", "is 3, but"),
        (set_path(["consolidations"], 2), "state.consolidations", "is 2, but"),
        (set_path(["discards", 1], ["AC", "AD"]), "state.discards[1]", "is AC AD, but"),
        (lambda d: d["discards"].pop(), "state.discards", "has 1 entries"),
        (lambda d: d["stock"].pop(), "state.stock", "has 22 entries"),
        (set_path(["deal"], 8), "state.start", "is not how deal 8 starts: row 1, column 1"),
        (set_path(["history", 0, "cells"], [0, 1]), "state.history[0]", "do not pair"),
        # history[4] comes after the refill: a full tableau has nothing to refill.
        (set_path(["history", 4], {"type": "refill"}), "state.history[4]", "the tableau is full"),
        # After the consolidation (cursor 3) cells 21-24 are gaps; the refill filled them.
        (set_path(["cursor"], 3), "state.tableau[21]", "is 2H, but replaying the moves"),
    ],
)
def test_verify_names_the_first_difference(change, path, words):
    data = broken(change)
    with pytest.raises(StateError) as info:
        verify_state(data)
    assert info.value.path == path
    assert words in str(info.value)


def test_verify_checks_a_deal_start_with_a_short_stock():
    g = Game(deal=7)
    data = g.to_state()
    data["start"] = data["start"].rsplit(" ", 1)[0]
    data["stock"] = data["stock"][:-1]
    with pytest.raises(StateError) as info:
        verify_state(data)
    assert info.value.path == "state.start"
    assert str(info.value) == (
        "state.start is not how deal 7 starts: it has 26 stock cards, not 27."
    )


def test_set_state_refuses_a_bad_state_and_changes_nothing():
    g = played()
    seen = []
    g.on_change(seen.append)
    before = g.state
    data = g.to_state()
    data["tableau"][0] = None
    with pytest.raises(StateError):
        g.set_state(data)
    assert g.state is before
    assert seen == []


# ---------------------------------------------------------------- actions


@pytest.mark.parametrize(
    ("action", "path"),
    [
        (None, "action"),
        ([], "action"),
        ("remove", "action"),
        ({}, "action.type"),
        ({"type": 3}, "action.type"),
        ({"type": "jump"}, "action.type"),
        ({"type": "remove"}, "action.cells"),
        ({"type": "remove", "cells": 3}, "action.cells"),
        ({"type": "remove", "cells": []}, "action.cells"),
        ({"type": "remove", "cells": [1, 2, 3]}, "action.cells"),
        ({"type": "remove", "cells": [1, "2"]}, "action.cells[1]"),
        ({"type": "remove", "cells": [True, 2]}, "action.cells[0]"),
        ({"type": "remove", "cells": [1.0, 2]}, "action.cells[0]"),
        ({"type": "remove", "cells": [1, 2], "why": 1}, "action.why"),
        ({"type": "consolidate", "all": True}, "action.all"),
        ({"type": "undo", "steps": 2}, "action.steps"),
        ({"type": "new_deal"}, "action.deal"),
        ({"type": "load"}, "action.layout"),
        ({"type": "load", "layout": 5}, "action.layout"),
    ],
)
def test_malformed_actions_name_the_bad_part_and_change_nothing(action, path):
    g = played()
    before = g.to_state()
    with pytest.raises(StateError) as info:
        g.apply(action)
    assert info.value.path == path
    assert str(info.value).startswith(path)
    assert g.to_state() == before


@pytest.mark.parametrize("deal", [-1, 2**32, 1.5, True, "7", None])
def test_a_new_deal_action_with_a_bad_number_is_a_deal_error(deal):
    with pytest.raises(DealError):
        parse_action({"type": "new_deal", "deal": deal})


def test_actions_round_trip():
    for data in (
        {"type": "remove", "cells": [2, 8]},
        {"type": "consolidate_step"},
        {"type": "consolidate"},
        {"type": "refill_step"},
        {"type": "refill"},
        {"type": "undo"},
        {"type": "redo"},
        {"type": "new_deal", "deal": 4294967295},
        {"type": "load", "layout": "7H"},
    ):
        assert parse_action(data).to_json() == data
    # Cells are stored lower first.
    assert parse_action({"type": "remove", "cells": [8, 2]}).to_json() == {
        "type": "remove",
        "cells": [2, 8],
    }


def test_refused_actions_through_apply_leave_the_state_equal():
    state = new_state("standard", deal=7)
    frozen = state.to_json()
    with pytest.raises(IllegalMove):
        apply(state, {"type": "refill"})
    with pytest.raises(IllegalMove):
        apply(state, {"type": "remove", "cells": [0, 1]})
    assert state.to_json() == frozen


def test_the_cache_is_not_an_argument_and_replace_starts_a_fresh_one():
    import dataclasses

    from mc_widget.engine import pairs

    # 7H and 7S touch in cells 0 and 1 (one pair); nothing else is on the tableau.
    gaps = "/.. .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. .."
    state = new_state("standard", layout="7H 7S .. .. .." + gaps)
    assert pairs(state) == [(0, 1)]
    with pytest.raises(TypeError):
        State(**{f.name: getattr(state, f.name) for f in dataclasses.fields(State)})
    # Another position by replace: its pairs are its own, not the cached ones.
    moved = dataclasses.replace(
        state, tableau=(state.tableau[0], None, state.tableau[1], *state.tableau[3:])
    )
    assert pairs(moved) == []
