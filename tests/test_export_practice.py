"""An exported practice board (docs/practice.md, "The practice board"; docs/export.md):
a page of a practice board carries its placeholder (``{set, answers, texts,
lang}`` as JSON) and the practice runtime once, inside the page's
Content-Security-Policy; a notebook's saved practice board is input from
outside, checked as hostile and refused by name.

The saved states are written by hand as a notebook saved with a practice
board holds them; the answers are the ones worked out by hand in
tests/test_practice_board.py (the set neighbours, level 1, n 3, seed 0).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from export_helpers import sha256_source
from test_export_saved import board_entry, board_state, box_entry, export, saved_notebook
from test_practice_board import FIRST_RIGHT, FIRST_SEED, entry

from mc_widget import save_page
from mc_widget.export.page import count_boards, practice_html
from mc_widget.export.saved import PRACTICE_BOARD_ID, SavedStateRefused, practice_from_saved
from mc_widget.practice.replay import practice_texts
from mc_widget.widget import MonteCarloWidget

STATIC = Path(__file__).resolve().parents[1] / "mc_widget" / "static"
SET = {"kind": "neighbours", "level": 1, "n": 3, "seed": 0, "rules": "standard"}
ANSWERS = [entry(FIRST_SEED, FIRST_RIGHT, 5)]


def practice_state(**traits) -> dict:
    """A practice board's saved state (English, one right answer), ``traits`` replaced."""
    state = {
        "practice_set": SET,
        "answers": ANSWERS,
        "progress": {"done": 1, "right": 1, "stars": 3, "streak": 1, "best_streak": 1},
        "texts": practice_texts("en"),
        "lang": "en",
        "problem": "",
        "grading": False,
    }
    return {**state, "_anywidget_id": PRACTICE_BOARD_ID, **traits}


def placeholders(page: str) -> list[dict]:
    """The JSON of each practice placeholder of ``page``."""
    found = re.findall(
        r'<div class="mcw-page-practice" data-mcw-practice>\n'
        r'<script type="application/json">(.*?)</script>\n</div>',
        page,
        flags=re.DOTALL,
    )
    return [json.loads(text) for text in found]


def test_the_saved_id_is_the_boards_anywidget_id():
    w = MonteCarloWidget.practice()
    assert w.get_state()["_anywidget_id"] == PRACTICE_BOARD_ID


def test_a_saved_practice_board_keeps_its_set_answers_and_the_projects_words():
    assert practice_from_saved(practice_state(texts=practice_texts("it"), lang="it")) == {
        "set": SET,
        "answers": ANSWERS,
        "texts": practice_texts("it"),
        "lang": "it",
    }
    # Its progress, problem and grading are not read: the page works them out.
    assert practice_from_saved(practice_state(progress={"done": 99}, problem="<b>"))["set"] == SET


@pytest.mark.parametrize(
    ("traits", "says"),
    [
        ({"practice_set": {**SET, "n": 0}}, "practice_set.n"),
        ({"practice_set": {**SET, "kind": "<script>"}}, "practice_set.kind"),
        ({"practice_set": None}, "practice_set must be an object"),
        ({"answers": [entry(FIRST_SEED + 1, FIRST_RIGHT)]}, "answers[0].seed"),
        ({"answers": [entry(float(FIRST_SEED), FIRST_RIGHT)]}, "answers[0].seed"),
        ({"answers": [entry(FIRST_SEED, {"cells": [99]})]}, "answers[0].answer.cells[0]"),
        ({"answers": [entry(FIRST_SEED, FIRST_RIGHT, -3)]}, "answers[0].seconds"),
        ({"answers": [*ANSWERS] * 4}, "answers has 4 entries"),
        ({"answers": "[]"}, "answers must be a list"),
        ({"answers": [[[[[[]]]]]] * 1}, "answers[0] must be an object"),
        ({"texts": "<b>words</b>"}, "texts must be an object"),
        ({"lang": "xx"}, "lang 'xx' is not one of"),
        ({"lang": None}, "lang None"),
    ],
)
def test_a_forged_practice_board_is_refused_by_name(traits, says):
    with pytest.raises(SavedStateRefused) as caught:
        practice_from_saved(practice_state(**traits), "pb")
    assert str(caught.value).startswith("the saved practice board pb is refused: ")
    assert says in str(caught.value)


@pytest.mark.parametrize(
    "texts",
    [
        {**practice_texts("en"), "rank.A": "<img src=x onerror=alert(1)>"},  # forged
        practice_texts("de"),  # another language's
        {k: v for k, v in practice_texts("en").items() if k != "practice-ui.again"},  # older
    ],
)
def test_saved_words_are_replaced_by_the_projects_own_never_refused(texts):
    # A notebook saved before a catalogue edit still exports; the file's words are never shown.
    model = practice_from_saved(practice_state(texts=texts), "pb")
    assert model["texts"]["practice-ui.again"].startswith("Again:")
    assert model["texts"]["practice-ui.check"] == "Check"


def test_a_saved_state_missing_a_trait_or_too_deep_is_refused():
    state = practice_state()
    del state["answers"]
    with pytest.raises(SavedStateRefused, match="answers is missing"):
        practice_from_saved(state, "pb")
    deep: list = []
    for _ in range(100):
        deep = [deep]
    with pytest.raises(SavedStateRefused, match="nested more than 32 deep"):
        practice_from_saved(practice_state(answers=deep), "pb")


def test_the_placeholder_holds_the_model_as_json_no_text_can_end():
    model = {"set": SET, "answers": ANSWERS, "texts": {"x": "</script><b>&"}, "lang": "en"}
    html = practice_html(model)
    assert "</script><b>" not in html
    assert placeholders(html) == [model]
    with pytest.raises(TypeError):
        practice_html(None)


def test_save_page_with_a_practice_board(tmp_path):
    w = MonteCarloWidget.practice("neighbours", level=1, seed=0, n=3, lang="sv")
    w.answer(FIRST_RIGHT, 5)
    plain = MonteCarloWidget(deal=1)
    page = save_page(tmp_path / "p.html", "# Practice", w, plain).read_text(encoding="utf-8")
    assert placeholders(page) == [
        {"set": SET, "answers": ANSWERS, "texts": practice_texts("sv"), "lang": "sv"}
    ]
    assert page.count("data-mcw-board>") == 1
    # `python -m mc_widget.export` says how many boards a page has: both count
    # (it said "0 boards" of lesson 6's page of twelve practice boards).
    assert count_boards(page) == 2
    # The practice runtime and its CSS, once, each allowed by its hash.
    css = (STATIC / "practice-page.css").read_text(encoding="utf-8")
    assert page.count(css) == 1
    policy = re.search(r'Content-Security-Policy" content="([^"]*)"', page).group(1)
    scripts = re.findall(r'<script type="module">(.*?)</script>', page, flags=re.DOTALL)
    assert len(scripts) == 2  # the boards' runtime, the practice runtime
    for text in scripts:
        assert sha256_source(text) in policy
    assert sha256_source("\n" + css) in policy  # a <style> element's text: a line, the CSS
    # A page without a practice board has no practice runtime.
    other = save_page(tmp_path / "o.html", plain).read_text(encoding="utf-8")
    assert "data-mcw-practice" not in other and css not in other


def test_to_html_writes_the_board_as_a_page(tmp_path):
    w = MonteCarloWidget.practice("neighbours", level=1, seed=0, n=3)
    written = w.to_html(tmp_path / "board.html", title="Neighbours")
    page = written.read_text(encoding="utf-8")
    assert "<title>Neighbours</title>" in page
    assert placeholders(page) == [
        {"set": SET, "answers": [], "texts": practice_texts("en"), "lang": "en"}
    ]
    with pytest.raises(TypeError):
        w.to_html(tmp_path / "x.html", title=3)


def test_a_notebook_saved_with_a_practice_board_exports_it(tmp_path):
    models = {
        "col": {**box_entry("pb", "b"), "model_name": "VBoxModel"},
        "pb": board_entry(practice_state(lang="nl", texts=practice_texts("nl"))),
        "b": board_entry(board_state()),
    }
    src = saved_notebook(tmp_path / "p.ipynb", "col", models)
    done = export(src, tmp_path / "p.html")
    assert done.returncode == 0, done.stderr
    page = (tmp_path / "p.html").read_text(encoding="utf-8")
    assert placeholders(page) == [
        {"set": SET, "answers": ANSWERS, "texts": practice_texts("nl"), "lang": "nl"}
    ]
    assert page.count("data-mcw-board>") == 1
    scripts = re.findall(r'<script type="module">(.*?)</script>', page, flags=re.DOTALL)
    policy = re.search(r'Content-Security-Policy" content="([^"]*)"', page).group(1)
    assert len(scripts) == 2 and all(sha256_source(text) in policy for text in scripts)


def test_a_notebook_with_a_forged_practice_board_is_refused(tmp_path):
    models = {"pb": board_entry(practice_state(answers=[entry(7, FIRST_RIGHT)]))}
    src = saved_notebook(tmp_path / "bad.ipynb", "pb", models)
    done = export(src, tmp_path / "bad.html")
    assert done.returncode == 1
    assert "the saved practice board pb is refused" in done.stderr
    assert "answers[0].seed" in done.stderr
    assert not (tmp_path / "bad.html").exists()


def test_an_executed_notebook_with_a_practice_board_exports_its_answers(tmp_path):
    import os
    import subprocess
    import sys

    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook

    code = (
        "from mc_widget import MonteCarloWidget\n"
        "w = MonteCarloWidget.practice('neighbours', seed=0, n=3, lang='sv')\n"
        "w.answer({'cells': [16, 17, 18, 21, 23]}, 5)\n"
        "w"
    )
    nb = new_notebook(cells=[new_code_cell(code)])
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, tmp_path / "run.ipynb")
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, "-m", "mc_widget.export", "run.ipynb", "-o", "run.html"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    assert done.returncode == 0, done.stderr
    page = (tmp_path / "run.html").read_text(encoding="utf-8")
    assert placeholders(page) == [
        {"set": SET, "answers": ANSWERS, "texts": practice_texts("sv"), "lang": "sv"}
    ]
