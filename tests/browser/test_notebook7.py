"""Lesson 1 in Notebook 7 (Debian's Chromium), on the same Jupyter server
as the JupyterLab tests: ``/notebooks/<path>`` is Notebook 7's page when the
``notebook`` package is installed (a test extra).

Notebook 7 is JupyterLab's front end with another shell. It exposes
``window.jupyterapp`` only when its own ``expose_app_in_browser`` is set,
which the shared server does not do for it; then the test works the page
as a reader does, through the Run menu.
"""

from __future__ import annotations

import json
import shutil

import pytest
from lab_helpers import TOKEN
from layout_helpers import frames, overflow
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytest.importorskip("notebook", minversion="7", reason="Notebook 7 is not installed")

LESSON = "01-learn-the-rules.ipynb"
COPY = "notebook7-01-learn-the-rules.ipynb"
BOARDS = 10
KERNEL_IDLE = "[data-jp-item-name=executionProgress]:has-text('Idle')"


def cell_index(path, cell_id: str) -> int:
    """Where the cell with this nbformat id is in the notebook (0-based)."""
    cells = json.loads(path.read_text())["cells"]
    return next(k for k, cell in enumerate(cells) if cell.get("id") == cell_id)


def menu(page, *labels: str) -> None:
    """Click through the menu bar: ``menu(page, "Run", "Run All Cells")``."""
    page.locator(".lm-MenuBar-itemLabel", has_text=labels[0]).click()
    for label in labels[1:]:
        page.locator(".lm-Menu-itemLabel").get_by_text(label, exact=True).click()


def run_all_cells(page) -> None:
    if page.evaluate("() => Boolean(window.jupyterapp)"):
        page.evaluate(
            "async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }"
        )
    else:
        menu(page, "Run", "Run All Cells")
    # Every code cell has its execution count, and the kernel is idle again.
    page.wait_for_function(
        """() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
            .every(p => /\\[\\d+\\]/.test(p.textContent))""",
        timeout=120_000,
    )
    page.wait_for_selector(KERNEL_IDLE, timeout=60_000)


def test_lesson_1_runs_and_plays_in_notebook_7(page, lab_url, lab_root, tmp_path):
    shutil.copy(lab_root / LESSON, lab_root / COPY)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{lab_url}/notebooks/{COPY}?token={TOKEN}")
    # Notebook 7's own page: its header and the notebook, no JupyterLab shell.
    page.wait_for_selector("#jp-NotebookLogo")
    page.wait_for_selector(".jp-NotebookPanel")
    assert page.locator(".jp-LabShell").count() == 0
    page.wait_for_selector(KERNEL_IDLE, timeout=60_000)
    if page.evaluate("() => document.body.dataset.jpThemeName") != "JupyterLab Light":
        menu(page, "Settings", "Theme", "JupyterLab Light")
        page.wait_for_function("() => document.body.dataset.jpThemeName === 'JupyterLab Light'")

    run_all_cells(page)
    page.wait_for_function(
        f"document.querySelectorAll('.mcw [data-cell]').length === {25 * BOARDS}",
        timeout=60_000,
    )

    # The lesson's first board (cell id "board"): a corner card has 3 neighbours.
    index = cell_index(lab_root / COPY, "board")
    board = page.locator(f"[data-windowed-list-index='{index}'] .mcw")
    board.scroll_into_view_if_needed()
    board.locator("[data-cell='0']").click()  # 9♥, top left
    try:
        page.wait_for_selector(
            f"[data-windowed-list-index='{index}'] [data-cell='0'][data-selected]"
        )
    except PlaywrightTimeout as timeout:  # once in CI: say what the board showed instead
        page.screenshot(path=str(tmp_path / "no-selection.png"))
        shown = board.evaluate(
            "b => ({status: b.querySelector('[role=status]')?.textContent,"
            " quiet: b.querySelector('[data-sync]')?.textContent,"
            " cell0: b.querySelector(\"[data-cell='0']\")?.outerHTML.slice(0, 300)})"
        )
        said = f"cell 0 not selected after a click: {shown}, errors {errors}"
        raise AssertionError(said) from timeout
    neighbours = board.locator("[data-cell][data-neighbour]")
    assert sorted(int(neighbours.nth(k).get_attribute("data-cell")) for k in range(3)) == [1, 5, 6]
    assert neighbours.count() == 3
    assert "has 3 neighbours." in board.locator("[role=status]").text_content()

    # Drawn whole: the buttons beside the tableau, nothing out of the board.
    frames(page)
    tableau = board.locator("[role=grid]").bounding_box()
    buttons = board.locator(".mcw-toolbar").bounding_box()
    assert buttons["x"] >= tableau["x"] + tableau["width"]
    found = overflow(board)
    assert found["outside"] == [] and found["root"] <= 0, found
    page.screenshot(path=str(tmp_path / "notebook7.png"))

    # A pair played: 4♣ (cell 2) and 4♥ (cell 8) touch diagonally and are
    # still on this board when the lesson has run (its cells remove others).
    board.locator("[data-cell='0']").click()  # 9♥ again: deselected
    page.wait_for_selector(
        f"[data-windowed-list-index='{index}'] [data-selected]", state="detached"
    )
    board.locator("[data-cell='2']").click()
    board.locator("[data-cell='8']").click()
    page.wait_for_selector(f"[data-windowed-list-index='{index}'] [data-cell='8'][data-gap]")
    assert board.locator("[data-cell='2'][data-gap]").count() == 1
    assert "Removed 4♣ and 4♥." in board.locator("[role=status]").text_content()
    assert [e for e in errors if "mcw" in e or "mc_widget" in e or "anywidget" in e] == []
