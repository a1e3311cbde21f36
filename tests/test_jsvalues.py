"""JupyterLite: Pyodide's ``jsnull`` from the front end counts as ``None``.

No Pyodide here: a stand-in ``pyodide.ffi`` module with its own ``jsnull``
object plays Pyodide's part (docs/export.md, section 7). What a JupyterLite
board sends after a pair is the same message as in JupyterLab with every
``null`` (the two new gaps, no selection, the clock's stop) as that object.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from mc_widget import MonteCarloWidget
from mc_widget.jsvalues import from_front, js_nulls

CASE = json.loads((Path(__file__).parent / "cases" / "german-worked-example.json").read_text())


def with_nulls(value, null):
    """``value`` with every ``None`` written as ``null`` (as Pyodide hands it over)."""
    if value is None:
        return null
    if isinstance(value, dict):
        return {key: with_nulls(item, null) for key, item in value.items()}
    if isinstance(value, list):
        return [with_nulls(item, null) for item in value]
    return value


def test_outside_pyodide_values_pass_unchanged():
    js_nulls.cache_clear()
    value = {"tableau": ["7H", None]}
    assert js_nulls() == ()
    assert from_front(value) is value


def test_jsnull_at_any_depth_becomes_none(jsnull):
    sent = {"a": jsnull, "b": [1, jsnull, {"c": jsnull}], "d": (jsnull, "x")}
    assert from_front(sent) == {"a": None, "b": [1, None, {"c": None}], "d": (None, "x")}


def test_a_move_from_a_jupyterlite_board_is_accepted(jsnull):
    w = MonteCarloWidget.from_layout(CASE["layout"])
    # 4♣ (cell 2) and 4♥ (cell 8) touch diagonally: the pair of the German case.
    new = copy.deepcopy(w.state)
    new["tableau"][2] = None
    new["tableau"][8] = None
    new["discards"] = [["4C", "4H"]]
    new["history"] = [{"type": "remove", "cells": [2, 8]}]
    new["cursor"] = 1
    w.set_state(with_nulls({"state": new, "selected": None}, jsnull))
    assert w.game.grid[2] is None and w.game.grid[8] is None
    assert [tuple(map(str, pair)) for pair in w.game.discards] == [("4C", "4H")]
    assert w.selected is None
    assert w.feedback.get("tone") != "error"


def test_a_selection_cleared_with_jsnull_is_accepted(jsnull):
    w = MonteCarloWidget.from_layout(CASE["layout"])
    w.selected = 2
    w.set_state({"selected": jsnull})
    assert w.selected is None
    assert w.feedback.get("tone") != "error"
