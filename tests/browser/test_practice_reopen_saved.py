"""A practice board run, saved and reopened after a server restart keeps its
answers and plays on with no kernel (issue 21, item 3: progress "saved with
the notebook"; docs/practice.md, "The practice board").

As tests/browser/test_reopen_saved.py does for game boards: with JupyterLab's
widget manager saving widget state (``saveState``, as ``make lab`` sets it), a
scratch notebook showing the hand-worked verdict set of
tests/browser/practice_helpers.py is run, exercise 1 answered right ("lost":
no two cards of one rank touch and nothing can consolidate, worked out there),
the notebook saved and the server stopped. A second server reopens it: the
board is drawn from the saved state, at exercise 2 with "Right: 1 of 1", and
exercise 2 ("playing": 9C and 9H touch) is answered by the view's own engine.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import nbformat
from lab_helpers import open_notebook, run_all_cells, running_lab
from practice_helpers import (
    FIRST_RIGHT,
    PRACTICE,
    RIGHT_WORDS,
    SECOND_RIGHT,
    SECOND_ROW,
    SET_ARGS,
    answer_verdict,
    next_exercise,
    wait_for_exercise,
    wait_for_first_row,
    wait_for_progress,
    wait_for_status,
)

NAME = "practice-saved.ipynb"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
SETTINGS = {
    "@jupyter-widgets/jupyterlab-manager/plugin.jupyterlab-settings": {"saveState": True},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}


def save_and_wait(page, path: Path) -> None:
    """Save the open notebook; wait until the file on disk holds the board's answer."""
    page.evaluate("async () => { await window.jupyterapp.commands.execute('docmanager:save'); }")
    deadline = time.monotonic() + 30
    while WIDGET_STATE not in json.loads(path.read_text()).get("metadata", {}).get("widgets", {}):
        assert time.monotonic() < deadline, f"{path.name} was saved without widget state"
        time.sleep(0.2)


def saved_answers(path: Path) -> list:
    """The ``answers`` of the practice board's model saved in the notebook."""
    state = json.loads(path.read_text())["metadata"]["widgets"][WIDGET_STATE]["state"]
    boards = [m["state"] for m in state.values() if "practice_set" in m.get("state", {})]
    assert len(boards) == 1, f"{len(boards)} practice boards saved"
    return boards[0]["answers"]


def test_a_saved_practice_board_reopens_with_its_answers_and_plays_on(browser, tmp_path):
    root, home = tmp_path / "root", tmp_path / "home"
    root.mkdir()
    home.mkdir()
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            f"from mc_widget import MonteCarloWidget\nMonteCarloWidget.practice({SET_ARGS})"
        )
    ]
    # A kernel named, or JupyterLab asks which one and the session never starts.
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, root / NAME)

    with running_lab(root, home, SETTINGS) as base:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        open_notebook(page, base, NAME)
        run_all_cells(page)
        board = page.locator(PRACTICE).first
        wait_for_exercise(board)
        answer_verdict(board, FIRST_RIGHT)
        assert wait_for_status(board, RIGHT_WORDS).startswith(RIGHT_WORDS)
        wait_for_progress(board, 1, 1)
        time.sleep(1)  # Python's replay answers within ms (benchmarks/practice_board.py)
        save_and_wait(page, root / NAME)
        context.close()

    answers = saved_answers(root / NAME)
    assert [a["answer"] for a in answers] == [{"status": FIRST_RIGHT}]

    with running_lab(root, home, SETTINGS) as base:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        open_notebook(page, base, NAME)
        board = page.locator(PRACTICE).first
        board.wait_for(timeout=60_000)
        text = page.locator("body").inner_text()
        assert "Error displaying widget" not in text and "model not found" not in text
        # Drawn from the saved state: exercise 2, one right of one.
        wait_for_first_row(board, SECOND_ROW)
        wait_for_progress(board, 1, 1)
        assert "Exercise 2 of 3" in board.inner_text()
        page.screenshot(path=str(tmp_path / "reopened.png"))
        # It plays on with the view's own engine (no kernel knows this model).
        answer_verdict(board, SECOND_RIGHT)
        assert wait_for_status(board, RIGHT_WORDS).startswith(RIGHT_WORDS)
        wait_for_progress(board, 2, 2)
        next_exercise(board)
        assert "Exercise 3 of 3" in board.inner_text()
        assert errors == [], errors
        context.close()
