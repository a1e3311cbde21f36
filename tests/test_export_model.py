"""The board model of the exports (mc_widget/export/model.py, docs/export.md
section 1): exactly the traits the front end listens to, as JSON copies."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from mc_widget.engine import Game
from mc_widget.export import BOARD_TRAITS, board_model
from mc_widget.widget import MonteCarloWidget

ROOT = Path(__file__).resolve().parent.parent

# The controller with a model that records what it listens to and a view that
# draws nothing: the events are the ones the real front end subscribes to.
LISTENED = """
import { createController } from "./js/app/controller.js";
const heard = [];
const model = {
  get() {}, set() {}, on: (e) => heard.push(e), off() {}, save_changes() {}, send() {},
};
const view = { update() {}, destroy() {}, setCounter() {}, status: { el: { setAttribute() {} } } };
let problem = null;
try { createController(model, () => view, {}); } catch (err) { problem = String(err); }
console.log(JSON.stringify({ heard, problem }));
"""

# Written out by hand: docs/architecture.md's game traits, then docs/teaching.md's,
# the analysis traits and docs/i18n.md's (section 2).
EXPECTED = [
    "state",
    "selected",
    "_pointer",
    "feedback",
    "clock",
    "size",
    "title",
    "caption",
    "match_line",
    "panels",
    "predict",
    "predictions",
    "show_order",
    "hints",
    "show_winnable",
    "winnable",
    "lang",
    "_messages",
]


def _listened() -> list[str]:
    node = shutil.which("node")
    assert node, "node is needed to read the events js/app/controller.js listens to"
    out = subprocess.run(
        [node, "--input-type=module", "-e", LISTENED],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    result = json.loads(out.stdout)
    assert result["heard"], f"the controller listened to nothing: {result['problem']}"
    # Not board traits: js/app/sync.js hears the move protocol's `_sync` and
    # Python's `refused` custom message (docs/architecture.md, "The widget
    # (sync)"), a kernel's bookkeeping that a page with no kernel does without
    # (the board reads a missing `_sync` as revision 0, nothing acked).
    # Nor is the rules picker's `_presets` (issue 19): only a kernel can start
    # another preset's game, so a page with no kernel shows no picker.
    protocol = ("change:_sync", "msg:custom", "change:_presets")
    events = [e for e in result["heard"] if e not in protocol]
    assert all(e.startswith("change:") for e in events), events
    # js/sync.js also hears `feedback` (a new one from Python ends a refusal's
    # words), before the controller does: each trait once, in the controller's order.
    events = list(dict.fromkeys(reversed(events)))[::-1]
    return [e.removeprefix("change:") for e in events]


def test_board_traits_are_the_traits_the_controller_listens_to():
    assert list(BOARD_TRAITS) == _listened()
    assert list(BOARD_TRAITS) == EXPECTED


def test_a_german_boards_model_carries_its_catalogue_and_an_english_one_english():
    # docs/i18n.md section 2: an exported page carries exactly the catalogues
    # its boards use (German letters: D for the queen, B for the jack).
    model = board_model(MonteCarloWidget(deal=7, lang="de"))
    assert model["lang"] == "de"
    assert model["_messages"]["lang"] == "de"
    assert model["_messages"]["messages"]["letter.Q"] == "D"
    assert model["_messages"]["messages"]["letter.J"] == "B"
    assert not any(key.startswith("mistake.") for key in model["_messages"]["messages"])
    # English too (issue 19): the bundle has only the engine's own texts.
    english = board_model(MonteCarloWidget(deal=7))
    assert english["lang"] is None and english["_messages"]["lang"] == "en"
    assert english["_messages"]["messages"]["status.removed"] == "Removed {a} and {b}."
    assert not any(key.startswith("text.") for key in english["_messages"]["messages"])


def test_the_model_holds_the_board_traits_and_nothing_else():
    w = MonteCarloWidget(deal=7, title="Deal 7", caption="Find a pair")
    w.remove_pair(5, 10)
    w.select(0)
    model = board_model(w)
    assert list(model) == EXPECTED
    assert model["title"] == "Deal 7"
    assert model["caption"] == "Find a pair"
    assert model["selected"] == 0
    assert model["predictions"] == [0, 0]  # a tuple trait, as JSON
    assert model["state"]["deal"] == 7
    assert len(model["state"]["discards"]) == 1  # one pair removed
    # Plain JSON: it goes through json unchanged.
    assert json.loads(json.dumps(model)) == model
    for name in ("_esm", "_css", "layout", "tabbable", "tooltip", "_dom_classes"):
        assert name not in model


def test_the_model_is_a_copy():
    w = MonteCarloWidget(deal=7)
    model = board_model(w)
    before = json.dumps(model)
    w.remove_pair(5, 10)
    w.select(0)
    assert json.dumps(model) == before
    model["state"]["tableau"][0] = None
    assert w.state["tableau"][0] is not None


@pytest.mark.parametrize("bad", [None, "board", {"state": {}}, 7])
def test_anything_but_a_board_is_a_type_error_naming_the_argument(bad):
    with pytest.raises(TypeError, match=r"board_model: w must be a MonteCarloWidget, not "):
        board_model(bad)


def test_a_perfect_hint_board_carries_a_winning_line_for_the_page():
    # docs/analysis.md, section 6: no solver on an exported page, so the line travels.
    w = MonteCarloWidget(deal=1, hints="perfect")
    w.remove_pair(2, 3)  # deal 1's jacks, which a winning line may take first
    model = board_model(w)
    assert list(model) == [*EXPECTED, "solution"]
    line = model["solution"]
    assert line["start"] == w.game.state.start
    assert line["moves"][0] == {"type": "remove", "cells": [2, 3]}
    game = Game(deal=1)
    for move in line["moves"]:
        game.apply(move)
    assert game.status == "won"
    assert "solution" not in board_model(MonteCarloWidget(deal=1))
