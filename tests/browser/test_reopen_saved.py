"""A lesson run, saved and reopened after a server restart shows its boards.

docs/export.md, section 6 (issue 6, item 4). With JupyterLab's widget manager
saving widget state (``saveState``, what ``make lab`` turns on), lesson 1 (a
scratch copy) is run, a pair is played on its first board, the notebook is
saved and the server stopped. A second server on the same folder reopens it:
every board is drawn from the state saved in the notebook (no "model not
found"), the first board still shows the pair removed, and it plays on with
the front end's own engine (saving to the new kernel, which knows none of
these models, fails quietly).

Expected values are the German worked example's (RULES.md,
tests/cases/german-worked-example.json), written out by hand: 4♣ (cell 2) and
4♥ (cell 8) are a pair, so are 2♦ (cell 6) and 2♣ (cell 11); cell 6 is an
inner cell with 8 neighbours.
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

from lab_helpers import cell_by_id, open_notebook, run_all_cells, running_lab

LESSON = Path(__file__).parents[2] / "notebooks" / "01-learn-the-rules.ipynb"
COPY = "lesson1-saved.ipynb"
# Lesson 1 shows ten boards (notebooks/README.md, "The boards of lesson 1").
BOARDS = 10
ONE_PAIR = "Discards: 1 pair; last pair 4 of clubs and 4 of hearts"
# What a board's output shows when its widget cannot be drawn (its text/plain).
STAND_IN = "The live board needs the notebook running with a kernel"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
# This test's servers only: the widget manager saves widget state (as with
# `make lab`), and every cell is drawn at once (JupyterLab otherwise draws a
# cell when it scrolls into view, and the board count would depend on that).
SETTINGS = {
    "@jupyter-widgets/jupyterlab-manager/plugin.jupyterlab-settings": {"saveState": True},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}


def first_board(page):
    return cell_by_id(page, "board").locator(".mcw")


def play_pair(page, first: int, second: int) -> None:
    board = first_board(page)
    board.locator(f"[data-cell='{first}']").click()
    board.locator(f"[data-cell='{second}'][data-partner]").wait_for()
    board.locator(f"[data-cell='{second}']").click()
    board.locator(f"[data-cell='{second}'][data-gap]").wait_for()


def gaps(page) -> set[int]:
    found = first_board(page).locator("[data-cell][data-gap]")
    return {int(found.nth(k).get_attribute("data-cell")) for k in range(found.count())}


def discards(page) -> str:
    """The discard pile's label: how many pairs, and the last one (en.json, aria.discards)."""
    return first_board(page).locator(".mcw-discards").get_attribute("aria-label")


def watch_console(page) -> list[str]:
    """Collect the page's errors: console errors and uncaught exceptions."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def save_and_wait(page, path: Path) -> None:
    """Save the open notebook; wait until the file on disk holds widget state."""
    page.evaluate("async () => { await window.jupyterapp.commands.execute('docmanager:save'); }")
    deadline = time.monotonic() + 30
    while WIDGET_STATE not in json.loads(path.read_text()).get("metadata", {}).get("widgets", {}):
        assert time.monotonic() < deadline, f"{path.name} was saved without widget state"
        time.sleep(0.2)


def test_a_saved_lesson_reopens_with_its_boards_and_plays(browser, tmp_path):
    root, home = tmp_path / "root", tmp_path / "home"
    root.mkdir()
    home.mkdir()
    shutil.copy(LESSON, root / COPY)

    with running_lab(root, home, SETTINGS) as base:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        open_notebook(page, base, COPY)
        run_all_cells(page)
        page.wait_for_function(f"document.querySelectorAll('.mcw').length === {BOARDS}")
        play_pair(page, 2, 8)
        assert gaps(page) == {2, 8}
        assert discards(page) == ONE_PAIR
        save_and_wait(page, root / COPY)
        context.close()

    saved = json.loads((root / COPY).read_text())
    models = saved["metadata"]["widgets"][WIDGET_STATE]["state"].values()
    assert sum(m["model_name"] == "AnyModel" for m in models) == BOARDS

    with running_lab(root, home, SETTINGS) as base:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        errors = watch_console(page)
        open_notebook(page, base, COPY)
        # Every board drawn, or an output saying why not: the widget manager's
        # error, or the board's text stand-in (its model was not restored).
        page.wait_for_function(
            f"""(stand_in) => document.querySelectorAll('.mcw [data-cell]').length === {25 * BOARDS}
                || document.body.innerText.includes('Error displaying widget')
                || document.body.innerText.includes(stand_in)""",
            arg=STAND_IN,
            timeout=60_000,
        )
        text = page.locator("body").inner_text()
        assert "Error displaying widget" not in text
        assert "model not found" not in text
        assert STAND_IN not in text
        assert page.locator(".mcw").count() == BOARDS

        # The first board as it was saved: the pair removed, in the discards.
        assert gaps(page) == {2, 8}
        assert discards(page) == ONE_PAIR
        first_board(page).scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / "reopened.png"))

        # It still plays: a click answers in the status line, a pair is removed.
        first_board(page).locator("[data-cell='6']").click()
        assert "has 8 neighbours." in first_board(page).locator("[role=status]").inner_text()
        first_board(page).locator("[data-cell='11'][data-partner]").wait_for()
        first_board(page).locator("[data-cell='11']").click()
        first_board(page).locator("[data-cell='11'][data-gap]").wait_for()
        assert gaps(page) == {2, 6, 8, 11}
        assert discards(page) == "Discards: 2 pairs; last pair 2 of diamonds and 2 of clubs"
        # No kernel hears the moves (the widget manager's send, with no comm,
        # does nothing): after about 3 s with no answer the quiet line says so.
        quiet = first_board(page).locator("[data-sync]:not([hidden])")
        quiet.wait_for(timeout=10_000)
        assert quiet.get_attribute("data-sync") == "waiting"
        assert quiet.text_content() == "Waiting for Python to save your moves…"

        ours = [e for e in errors if "mc_widget" in e or "mcw" in e]
        assert ours == [], ours
        context.close()
