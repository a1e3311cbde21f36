"""A notebook's saved widget state is input from outside (issue 17, item 7;
docs/export.md, section 4).

``python -m mc_widget.export --no-execute`` reads the widget state a notebook
was saved with, and anyone can write it by hand. Each forged state here is
written by hand into a notebook's metadata; the export must refuse it by name
(status 1, the cell and the bad part on stderr, no traceback, nothing written)
or carry only what it verified. Expected words come from the issue and
docs/export.md (the limits: boxes 32 deep); the cards from RULES.md (one deck
has one A♠).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook, new_output

from mc_widget.export.notebook import NotebookExportError, export_notebook
from mc_widget.widget import MonteCarloWidget

ROOT = Path(__file__).resolve().parents[1]
BOARD_ID = "mc_widget.widget.MonteCarloWidget"
# The traits of a board model, from docs/export.md section 1.
TRAITS = (
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
)
# tests/test_widget_analysis.py's ONE_PAIR: 7♥ 7♠ pair; the other ten cards
# have ten different ranks, so the deal cannot be won.
ONE_PAIR = "7H 7S 2C 3D 4C/5D 6S 8C 9H TD/.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. |"
ACES = "/".join([" ".join(["AS"] * 5)] * 5) + " |"


def board_state(**traits) -> dict:
    """A board's saved model state as JSON (deal 7), with ``traits`` replaced."""
    w = MonteCarloWidget(deal=7)
    state = json.loads(json.dumps({name: getattr(w, name) for name in TRAITS}))
    return {**state, "_anywidget_id": BOARD_ID, **traits}


def board_entry(state: dict) -> dict:
    return {
        "model_name": "AnyModel",
        "model_module": "anywidget",
        "model_module_version": "~0.9.*",
        "state": state,
    }


def box_entry(*children: str) -> dict:
    return {
        "model_name": "HBoxModel",
        "model_module": "@jupyter-widgets/controls",
        "model_module_version": "2.0.0",
        "state": {"children": [f"IPY_MODEL_{child}" for child in children]},
    }


def saved_notebook(path: Path, shown, models: dict) -> Path:
    """A notebook whose one cell shows widget ``shown`` and whose saved widget
    state is ``models`` (model id -> entry), as a notebook saved with it."""
    view = new_output(
        "display_data",
        data={
            "application/vnd.jupyter.widget-view+json": {
                "version_major": 2,
                "version_minor": 0,
                "model_id": shown,
            },
            "text/plain": "a widget",
        },
    )
    cell = new_code_cell("w")
    cell.outputs = [view]
    nb = new_notebook(cells=[cell])
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nb.metadata["widgets"] = {
        "application/vnd.jupyter.widget-state+json": {
            "version_major": 2,
            "version_minor": 0,
            "state": models,
        }
    }
    nbformat.write(nb, path)
    return path


def export(src: Path, out: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mc_widget.export", str(src), "-o", str(out), "--no-execute"],
        cwd=src.parent,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def nested_boxes(depth: int) -> dict:
    """``depth`` boxes, each inside the one before, the last holding a board."""
    models = {f"box{k}": box_entry(f"box{k + 1}") for k in range(depth)}
    models[f"box{depth}"] = board_entry(board_state())
    return models


#: A value 33 deep as a feedback trait: the feedback object, its params, and 31 lists.
DEEP: list = []
for _ in range(30):
    DEEP = [DEEP]

ACE_STATE = {
    **board_state()["state"],
    "deal": None,
    "start": ACES,
    "tableau": ["AS"] * 25,
    "stock": [],
}


@pytest.mark.parametrize(
    ("shown", "models", "says"),
    [
        # A board of 25 A♠: one deck has one A♠ (RULES.md); the engine names the start.
        ("b", {"b": board_entry(board_state(state=ACE_STATE))}, "state.start"),
        # Deal 7's start, with a tableau of 25 A♠.
        (
            "b",
            {
                "b": board_entry(
                    board_state(state={**board_state()["state"], "tableau": ["AS"] * 25})
                )
            },
            "state.tableau",
        ),
        ("loop", {"loop": box_entry("loop")}, "box loop contains itself"),
        ("box0", nested_boxes(5000), "boxes are nested more than 32 deep"),
    ],
    ids=["25-aces", "25-aces-on-deal-7", "box-in-itself", "5000-boxes"],
)
def test_a_forged_saved_state_is_refused_by_name(tmp_path, shown, models, says):
    src = saved_notebook(tmp_path / "forged.ipynb", shown, models)
    out = tmp_path / "forged.html"
    done = export(src, out)
    assert done.returncode == 1, done.stdout
    assert "Traceback" not in done.stderr
    assert "cell 0: " in done.stderr
    assert says in done.stderr
    assert not out.exists()


@pytest.mark.parametrize(
    ("traits", "says"),
    [
        ({"selected": 30}, "selected"),
        ({"selected": True}, "selected"),
        ({"feedback": {"key": "status.removed", "tone": "shout"}}, "feedback.tone"),
        ({"clock": {"start": "noon", "stop": None}}, "clock.start"),
        ({"size": "enormous"}, "size"),
        ({"hints": "cheat"}, "hints"),
        ({"predictions": [5, 2]}, "predictions"),
        ({"show_winnable": "yes"}, "show_winnable"),
        ({"winnable": "yes"}, "winnable"),
        ({"lang": "xx"}, "lang"),
        ({"_messages": {"lang": "xx", "messages": {}}}, "_messages"),
        ({"panels": [{"title": "a panel"}]}, "panels[0]"),
        ({"panels": "a panel"}, "panels"),
        ({"title": "T" * 2001}, "title must be text of at most 2,000 characters, not 2,001."),
        ({"caption": "C" * 10**6}, "caption must be text of at most 2,000 characters"),
        ({"_pointer": {"n": 1, "cell": 30}}, "_pointer"),
        ({"_pointer": {"n": -1, "cell": None}}, "_pointer"),
        ({"_pointer": {"n": 1, "cell": 0, "evil": 1}}, "_pointer"),
        ({"feedback": {"key": "status.removed", "params": {"a": DEEP}}}, "feedback is nested"),
    ],
)
def test_a_forged_board_trait_is_refused_by_name(tmp_path, traits, says):
    src = saved_notebook(tmp_path / "forged.ipynb", "b", {"b": board_entry(board_state(**traits))})
    out = tmp_path / "forged.html"
    with pytest.raises(NotebookExportError) as refused:
        export_notebook(src, out, execute=False)
    assert refused.value.cell == 0
    assert says in str(refused.value)
    assert not out.exists()


@pytest.mark.parametrize(
    "models",
    [
        {"b": "a board"},
        {"b": {"model_name": "AnyModel", "state": ["not", "an", "object"]}},
        {"b": box_entry("c") | {"state": {"children": "IPY_MODEL_c"}}},
    ],
    ids=["entry-not-an-object", "state-not-an-object", "children-not-a-list"],
)
def test_a_malformed_saved_widget_is_refused_by_name(tmp_path, models):
    src = saved_notebook(tmp_path / "forged.ipynb", "b", models)
    with pytest.raises(NotebookExportError, match=r"cell 0: .*(widget|box) b"):
        export_notebook(src, tmp_path / "forged.html", execute=False)


def test_one_output_draws_at_most_1000_widgets(tmp_path):
    # 11 boxes of 11 boxes of 11 boards: 1 + 11 + 121 + 1331 widgets, over 1,000.
    models = {"top": box_entry(*(f"mid{i}" for i in range(11)))}
    for i in range(11):
        models[f"mid{i}"] = box_entry(*(f"low{j}" for j in range(11)))
    for j in range(11):
        models[f"low{j}"] = box_entry(*(["b"] * 11))
    models["b"] = board_entry(board_state())
    src = saved_notebook(tmp_path / "wide.ipynb", "top", models)
    with pytest.raises(NotebookExportError, match="more than 1000 widgets"):
        export_notebook(src, tmp_path / "wide.html", execute=False)


def _models(page: Path) -> list[dict]:
    text = page.read_text(encoding="utf-8")
    start = '<script type="application/json">'
    return [json.loads(part.split("</script>", 1)[0]) for part in text.split(start)[1:]]


def test_the_page_says_the_solvers_winnable_never_the_saved_one(tmp_path):
    w = MonteCarloWidget.from_layout(ONE_PAIR)
    forged = board_state(state=w.game.to_state(), show_winnable=True, winnable=True, hints="fair")
    src = saved_notebook(tmp_path / "forged.ipynb", "b", {"b": board_entry(forged)})
    (model,) = _models(export_notebook(src, tmp_path / "forged.html", execute=False))
    assert model["winnable"] is False
    # No play wins this deal: the line stored with the board says so (docs/analysis.md, 3).
    assert model["solution"] == {"start": ONE_PAIR, "moves": None}


def test_the_words_are_the_projects_catalogue_never_the_saved_one(tmp_path):
    forged = board_state(
        lang="de", _messages={"lang": "de", "messages": {"ui.winnable-true": "GEFÄLSCHT"}}
    )
    src = saved_notebook(tmp_path / "forged.ipynb", "b", {"b": board_entry(forged)})
    (model,) = _models(export_notebook(src, tmp_path / "forged.html", execute=False))
    assert model["_messages"]["lang"] == "de"
    assert "GEFÄLSCHT" not in json.dumps(model, ensure_ascii=False)
    assert model["_messages"]["messages"]["ui.winnable-true"] == "ja"


def test_a_model_id_that_is_not_text_is_refused(tmp_path):
    src = saved_notebook(tmp_path / "forged.ipynb", ["b"], {"b": board_entry(board_state())})
    with pytest.raises(NotebookExportError, match="cell 0: a widget reference"):
        export_notebook(src, tmp_path / "forged.html", execute=False)


def test_a_board_saved_before_pointer_existed_keeps_its_selection(tmp_path):
    # Saved with `selected` and no `_pointer`: the board takes `selected` once
    # (docs/architecture.md, "Selections"), so the page carries it as saved.
    old = board_state(selected=12)
    del old["_pointer"]
    src = saved_notebook(tmp_path / "old.ipynb", "b", {"b": board_entry(old)})
    (model,) = _models(export_notebook(src, tmp_path / "old.html", execute=False))
    assert model["selected"] == 12
    assert "_pointer" not in model


def test_a_saved_pointer_is_carried(tmp_path):
    pointed = board_state(selected=12, _pointer={"n": 3, "cell": 12})
    src = saved_notebook(tmp_path / "new.ipynb", "b", {"b": board_entry(pointed)})
    (model,) = _models(export_notebook(src, tmp_path / "new.html", execute=False))
    assert model["_pointer"] == {"n": 3, "cell": 12}


@pytest.mark.parametrize("lang", [None, "en"])
def test_an_english_board_saved_with_no_words_gets_the_english_catalogue(tmp_path, lang):
    # Saved before issue 19, an English board's `_messages` was {} (the bundle
    # had English); the new bundle has only the engine's texts, so the export
    # gives the board its words (en.json less python-only.json).
    old = board_state(lang=lang, _messages={})
    src = saved_notebook(tmp_path / "old.ipynb", "b", {"b": board_entry(old)})
    (model,) = _models(export_notebook(src, tmp_path / "old.html", execute=False))
    assert model["lang"] == lang
    assert model["_messages"]["lang"] == "en"
    messages = model["_messages"]["messages"]
    assert messages["status.removed"] == "Removed {a} and {b}."
    assert messages["ui.winnable-true"] == "yes"
    assert "text.board" not in messages


def test_an_english_boards_saved_words_are_never_trusted(tmp_path):
    forged = board_state(_messages={"lang": "en", "messages": {"ui.winnable-true": "FORGED"}})
    src = saved_notebook(tmp_path / "forged.ipynb", "b", {"b": board_entry(forged)})
    (model,) = _models(export_notebook(src, tmp_path / "forged.html", execute=False))
    assert model["_messages"]["messages"]["ui.winnable-true"] == "yes"
    assert "FORGED" not in json.dumps(model)
