"""The board for the relatives of Monte Carlo (issue 19, item 2), Python's side.

A view's one-cell remove (a Thirteens king going alone) travels as a commit
like a pair and is checked by the engine; the rules picker's message takes a
preset's name and nothing else; ``w.use_rules`` starts the same deal by other
rules. Expected sentences are the catalogue's English, written out by hand;
the boards are hand-made layouts (RULES.md, "Variants": a king goes alone in
Thirteens, 7 + 6 = 13).
"""

from __future__ import annotations

import json

import pytest

from mc_widget import ArgumentError, Game, MonteCarloWidget
from mc_widget.engine import DealError, format_message
from mc_widget.engine.params import params_from_json

GAPS = ".. .. .. .. .."
# K♦ alone in cell 0; 7♥ (1) and 6♣ (2) pair; 5♠ in the stock.
THIRTEENS = "KD 7H 6C .. ../" + "/".join([GAPS] * 4) + " | 5S"
CLIENT = "viewAAAA01"
PRESETS = [
    "standard",
    "small",
    "double",
    "thirteens",
    "fourteens",
    "fourteens-lines",
    "aces-square",
]


def said(w):
    return format_message(w.feedback["key"], params_from_json(w.feedback["params"]))


def commit(w, seq, action, base=0, **traits):
    """What a view's comm delivers for one commit."""
    message = {"type": "commit", "client": CLIENT, "seq": seq, "base": base, "action": action}
    w._handle_custom_msg({**message, "traits": traits}, [])


def everything(w):
    return (w.game.state, json.dumps(w.state, sort_keys=True), w.selected, w._sync["revision"])


@pytest.fixture
def w():
    return MonteCarloWidget.from_layout(THIRTEENS, rules="thirteens")


@pytest.fixture
def sent(w, monkeypatch):
    """The custom messages Python sends (a refusal goes to its view this way)."""
    out = []
    monkeypatch.setattr(w, "send", lambda content, buffers=None: out.append(content))
    return out


# ---------------------------------------------------------------- a king removed alone


def test_a_views_one_cell_remove_of_a_king_is_taken_and_narrated(w):
    commit(w, 1, {"type": "remove", "cells": [0]})
    assert w.game.grid[0] is None
    assert [[str(c) for c in d] for d in w.game.discards] == [["KD"]]
    assert w.state["history"] == [{"type": "remove", "cells": [0]}]
    assert w._sync == {"revision": 1, "acks": {CLIENT: 1}}
    assert said(w) == "K♦ removed alone."


def test_a_views_one_cell_remove_of_a_card_that_needs_a_partner_is_refused(w, sent):
    before = everything(w)
    commit(w, 1, {"type": "remove", "cells": [1]})
    assert everything(w) == before
    assert sent[-1]["type"] == "refused"
    assert sent[-1]["feedback"]["key"] == "illegal.not-lone"
    assert w._sync["acks"] == {CLIENT: 1}


@pytest.mark.parametrize(
    ("cells", "path"),
    [
        ([], "commit.action.cells"),
        ([0, 1, 2], "commit.action.cells"),
        (["0"], "commit.action.cells[0]"),
        ([True], "commit.action.cells[0]"),
        ([0.0], "commit.action.cells[0]"),
        (0, "commit.action.cells"),
    ],
)
def test_a_malformed_one_cell_remove_changes_nothing_and_names_the_bad_part(w, sent, cells, path):
    before = everything(w)
    commit(w, 1, {"type": "remove", "cells": cells})
    assert everything(w) == before
    assert sent[-1]["type"] == "refused"
    assert sent[-1]["feedback"]["key"] == "error.state"
    assert sent[-1]["feedback"]["params"]["path"] == path


def test_a_king_removed_from_python_is_narrated_done_undone_and_redone(w):
    w.game.remove_king(0)
    assert said(w) == "K♦ removed alone."
    w.undo()
    assert said(w) == "Undone: removing K♦ alone."
    w.redo()
    assert said(w) == "Redone: removing K♦ alone."


# ---------------------------------------------------------------- the rules picker


@pytest.mark.parametrize("name", PRESETS)
def test_the_picker_starts_the_same_deal_by_the_chosen_rules(name):
    w = MonteCarloWidget(deal=7)
    w._handle_custom_msg({"type": "rules", "rules": name}, [])
    assert w.rules.name == name
    assert w.state["rules"]["name"] == name
    assert w.state["deal"] == 7
    assert w.game.to_layout() == Game(7, rules=name).to_layout()
    assert said(w) == "Deal 7: a new game."


def test_use_rules_from_python_and_its_deal():
    w = MonteCarloWidget(deal=7)
    w.use_rules("fourteens-lines", 12)
    assert (w.rules.name, w.game.deal, w.rules.touching) == ("fourteens-lines", 12, "line")
    assert w.game.to_layout() == Game(12, rules="fourteens-lines").to_layout()


def test_a_board_from_a_layout_gets_a_deal_number_when_it_changes_rules(w):
    w.use_rules("standard")
    assert w.rules.name == "standard"
    assert isinstance(w.game.deal, int)


@pytest.mark.parametrize(
    "value",
    ["Thirteens", "thirteens ", "", "custom", None, 3, ["thirteens"], {"name": "thirteens"}],
)
def test_the_picker_message_takes_only_a_preset_name(value):
    w = MonteCarloWidget(deal=7)
    before = everything(w)
    w._handle_custom_msg({"type": "rules", "rules": value}, [])
    assert everything(w) == before
    assert w.rules.name == "standard"
    assert w.feedback["key"] == "error.state"
    assert w.feedback["params"]["path"] == "rules"
    assert "must be one of standard, small, double, thirteens" in w.feedback["params"]["problem"]


def test_use_rules_refuses_a_name_that_is_no_preset_and_a_bad_deal():
    w = MonteCarloWidget(deal=7)
    before = everything(w)
    with pytest.raises(ArgumentError) as info:
        w.use_rules("thirteen")
    assert info.value.key == "api.rules"
    assert str(info.value) == (
        "use_rules: rules must be one of standard, small, double, thirteens, fourteens, "
        "fourteens-lines, aces-square, not 'thirteen'."
    )
    with pytest.raises(DealError):
        w.use_rules("thirteens", -1)
    assert everything(w) == before


def test_the_picker_gets_its_presets_from_python_in_the_boards_language():
    w = MonteCarloWidget(deal=7)
    assert w._presets == [
        ["standard", "Monte Carlo (standard)"],
        ["small", "Small tableau"],
        ["double", "Double Monte Carlo"],
        ["thirteens", "Thirteens"],
        ["fourteens", "Fourteens"],
        ["fourteens-lines", "Fourteens, rows and columns"],
        ["aces-square", "Aces Square"],
    ]
    w.lang = "de"
    assert w._presets[3] == ["thirteens", "Dreizehn"]
    assert w._presets[6] == ["aces-square", "Asse im Quadrat"]


def test_a_view_cannot_change_the_presets():
    w = MonteCarloWidget(deal=7)
    before = list(w._presets)
    w.set_state({"_presets": [["custom", "Mine"]]})
    assert w._presets == before
    assert w.feedback["key"] == "error.state"
    assert w.feedback["params"]["path"] == "_presets"
