"""A practice board in Notebook 7 (issue 21, item 5), on the same Jupyter
server as the JupyterLab tests (``/notebooks/<path>``, test_notebook7.py's
pattern: worked through the Run menu, as a reader does).

The learner answers exercise 1 of practice_helpers.py's verdict set with
"lost" (right, worked out by hand there); the live region gives the engine's
explanation, and Python sees it: an observer of ``progress`` under the board
reports one answer, one right, and the stars docs/practice.md's par rule
gives for the seconds the view sent.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from lab_helpers import TOKEN
from layout_helpers import frames, overflow
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from practice_helpers import (
    FIRST_RIGHT,
    FIRST_ROW,
    KERNEL_SOURCE,
    LOST_WHY,
    PRACTICE,
    RIGHT_WORDS,
    answer_verdict,
    cards_in_first_row,
    python_sees,
    stars_for,
    wait_for_exercise,
    wait_for_progress,
    wait_for_status,
)
from test_notebook7 import KERNEL_IDLE, menu

pytest.importorskip("notebook", minversion="7", reason="Notebook 7 is not installed")

NAME = "notebook7-practice.ipynb"
SHOTS = Path("/tmp/host-shots")


def run_the_cell(page) -> None:
    """Run the notebook's one cell as a reader does (Run, Run All Cells).

    Seen when other hosts' tests ran first: the menu click was taken while
    the page was still settling and nothing ran (the prompt stayed ``[ ]``).
    So the click is made again, at most three times, until the cell starts.
    """
    prompt = ".jp-CodeCell .jp-InputPrompt"
    for _ in range(3):
        menu(page, "Run", "Run All Cells")
        try:
            page.wait_for_function(
                f"() => /\\[(\\*|\\d+)\\]/.test(document.querySelector('{prompt}').textContent)",
                timeout=20_000,
            )
            break
        except PlaywrightTimeout:
            page.keyboard.press("Escape")
    else:
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / "practice-notebook7-not-run.png"))
        raise AssertionError(
            "Run All Cells ran nothing, three times: practice-notebook7-not-run.png"
        )
    page.wait_for_function(
        f"() => /\\[\\d+\\]/.test(document.querySelector('{prompt}').textContent)",
        timeout=120_000,
    )
    page.wait_for_selector(KERNEL_IDLE, timeout=60_000)


def test_a_verdict_answered_in_notebook_7_reaches_python(page, lab_url, lab_root):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(KERNEL_SOURCE)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(nb, lab_root / NAME)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{lab_url}/notebooks/{NAME}?token={TOKEN}")
    page.wait_for_selector("#jp-NotebookLogo")
    page.wait_for_selector(".jp-NotebookPanel")
    assert page.locator(".jp-LabShell").count() == 0
    page.wait_for_selector(KERNEL_IDLE, timeout=60_000)
    if page.evaluate("() => document.body.dataset.jpThemeName") != "JupyterLab Light":
        menu(page, "Settings", "Theme", "JupyterLab Light")
        page.wait_for_function("() => document.body.dataset.jpThemeName === 'JupyterLab Light'")
    run_the_cell(page)

    board = page.locator(PRACTICE)
    wait_for_exercise(board)
    assert board.count() == 1
    assert cards_in_first_row(board) == FIRST_ROW
    frames(page)
    found = overflow(board)
    assert found["outside"] == [] and found["root"] <= 0, found

    answer_verdict(board, FIRST_RIGHT)
    said = wait_for_status(board, LOST_WHY)
    assert said.startswith(RIGHT_WORDS), said
    wait_for_progress(board, 1, 1)
    # Python took it: no refusal shown as a note on the board.
    assert board.locator("[data-practice-problem]").count() == 0
    seen = python_sees(page, done=1)
    assert seen["right"] == 1 and seen["answers"] == 1, seen
    assert 0 <= seen["seconds"] <= 86_400, seen
    assert seen["stars"] == stars_for(True, seen["seconds"]), seen
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "practice-notebook7.png"))
    # The kernel took the answer: no refusal in the board's status line.
    assert "refused" not in board.locator("[data-practice-status]").first.inner_text()
    assert [e for e in errors if "mcw" in e or "mc_widget" in e or "anywidget" in e] == []
