"""The board in a real JupyterLab 4 (Debian's Chromium): clicks reach the
kernel, Python calls reach the board, two views stay in step, keys stay out
of JupyterLab's notebook shortcuts, and both themes draw.

The notebook is written into the scratch copy of the lessons (``lab_root``),
never into the repository.
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from lab_helpers import kernel_output, kernel_says, open_notebook, run_all_cells, set_theme

CASE = json.loads((Path(__file__).parents[1] / "cases" / "german-worked-example.json").read_text())
NAME = "widget-e2e.ipynb"


@pytest.fixture
def board_page(page, lab_url, lab_root):
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            "from mc_widget import MonteCarloWidget\n"
            f"w = MonteCarloWidget.from_layout({CASE['layout']!r})\n"
            "w"
        ),
        nbformat.v4.new_code_cell("w  # a second view of the same widget"),
    ]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(nb, lab_root / NAME)
    open_notebook(page, lab_url, NAME)
    set_theme(page, "JupyterLab Light")
    run_all_cells(page)
    page.wait_for_function("document.querySelectorAll('.mcw [data-cell]').length === 50")
    return page


def test_clicks_reach_the_kernel_and_both_views(board_page):
    page = board_page
    first, second = page.locator(".mcw").nth(0), page.locator(".mcw").nth(1)
    first.locator("[data-cell='2']").click()
    page.wait_for_selector(".mcw >> nth=0 >> [data-cell='2'][data-selected]")
    assert first.locator("[data-cell='8'][data-partner]").count() == 1
    # A click selects in its own view (issue 17): the second shows no selection.
    assert second.locator("[data-selected]").count() == 0
    first.locator("[data-cell='8']").click()  # 4C and 4H: a pair
    assert kernel_says(page, "print(w.state['cursor'], w.game.grid[2])", "1 None") == "1 None"
    page.wait_for_selector(".mcw >> nth=1 >> [data-cell='8'][data-gap]")
    # a refused pair: 9H and KH are different ranks
    second.locator("[data-cell='0']").click()
    second.locator("[data-cell='1']").click()
    page.wait_for_function("() => document.querySelectorAll('.mcw [data-illegal]').length === 4")
    refusal = "9♥ and K♥ do not pair: only cards of the same rank pair (suits never matter)."
    # Both views say why; the one that clicked shows K♥ selected too.
    assert first.locator("[role=status]").text_content() == refusal
    assert second.locator("[role=status]").text_content() == (
        f"{refusal} Now showing K♥'s neighbours."
    )
    assert kernel_says(page, "print(w.feedback['tone'])", "illegal") == "illegal"


def test_python_calls_reach_the_board(board_page):
    page = board_page
    kernel_output(page, "w.remove_pair(6, 11); w.consolidate_step()")
    page.wait_for_selector(".mcw >> nth=0 >> [data-cell='7'][data-gap]")
    assert page.locator(".mcw").nth(0).locator("[data-cell='6'] [data-card='8C']").count() == 1
    # gaps at 6 and 11: 8C (cell 7) moves into 6; 17 cards were after the
    # first gap (cells 7 to 24 less the gap 11), so 16 are left to move
    status = page.locator(".mcw").nth(0).locator("[role=status]")
    assert status.text_content() == (
        "8♣ moved from row 2, column 3 to row 2, column 2. Consolidating: 16 cards still to move."
    )
    kernel_output(page, "w.undo(); w.undo()")
    page.wait_for_selector(".mcw >> nth=1 >> [data-cell='6'] [data-card='2D']")


def test_new_deal_with_an_empty_box_explains_and_changes_nothing(board_page):
    page = board_page
    board = page.locator(".mcw").nth(0)
    # A board loaded from a layout has no deal number: the box is empty.
    assert board.locator(".mcw-deal-input").input_value() == ""
    board.locator("[data-action='new_deal']").click()
    expected = (
        "Type a deal number in the Deal box first: a whole number from 0 to 4294967295 "
        "(the same number always gives the same cards). Or press Random deal."
    )
    assert board.locator("[role=status]").text_content() == expected
    # the learner can type at once
    assert page.evaluate(
        "document.activeElement === document.querySelector('.mcw .mcw-deal-input')"
    )
    code = "print(w.feedback['key'], w.feedback['tone'], w.game.deal, w.game.to_layout() == L)"
    out = kernel_says(page, f"L = {CASE['layout']!r}\n{code}", "deal.empty illegal None True")
    assert out == "deal.empty illegal None True"


def test_keys_stay_in_the_widget(board_page):
    page = board_page
    cells_before = page.evaluate("window.jupyterapp.shell.currentWidget.content.widgets.length")
    board = page.locator(".mcw").nth(0)
    board.locator("[data-cell='0']").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")  # cell 2: 4C
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")  # cell 8: 4H
    page.keyboard.press("Enter")
    for key in ["d", "d", "a", "b", "x", "m"]:
        page.keyboard.press(key)
    cells_after = page.evaluate("window.jupyterapp.shell.currentWidget.content.widgets.length")
    assert cells_after == cells_before
    assert kernel_says(page, "print(w.state['discards'])", "[['4C', '4H']]") == "[['4C', '4H']]"
    page.keyboard.press("c")  # J♦ J♠ and 2♣ 2♦ still touch: the first C only asks (issue 20)
    page.keyboard.press("c")  # consolidate one card
    assert kernel_says(page, "print(w.state['phase'])", "consolidate") == "consolidate"


NOTEBOOK = "window.jupyterapp.shell.currentWidget"


def test_host_keys_reach_jupyterlab_from_the_board(board_page):
    # Keys with Ctrl/Cmd/Alt that the board does not use, and Shift+Enter,
    # are JupyterLab's: with a card focused, Ctrl+S saves and Shift+Enter
    # runs the cell. Ctrl+Z stays the board's undo; plain letters stay out.
    page = board_page
    board = page.locator(".mcw").nth(0)
    cells_before = page.evaluate(f"{NOTEBOOK}.content.widgets.length")
    board.locator("[data-cell='2']").click()
    board.locator("[data-cell='8']").click()  # 4C and 4H: a pair
    assert kernel_says(page, "print(w.state['cursor'])", "1") == "1"
    board.locator("[data-cell='0']").focus()
    page.keyboard.press("Control+z")  # the board's undo, not the notebook's
    assert kernel_says(page, "print(w.state['cursor'])", "0") == "0"
    for key in ["d", "d", "a", "b", "x"]:
        page.keyboard.press(key)
    assert page.evaluate(f"{NOTEBOOK}.content.widgets.length") == cells_before

    page.evaluate(f"{NOTEBOOK}.context.model.dirty = true")
    board.locator("[data-cell='0']").focus()
    page.keyboard.press("Control+s")
    page.wait_for_function(f"() => !{NOTEBOOK}.context.model.dirty", timeout=15_000)

    runs = page.evaluate(f"{NOTEBOOK}.content.widgets[0].model.executionCount")
    board.locator("[data-cell='0']").focus()
    page.keyboard.press("Shift+Enter")
    page.wait_for_function(
        f"(n) => {NOTEBOOK}.content.widgets[0].model.executionCount > n", arg=runs, timeout=30_000
    )
    assert page.evaluate(f"{NOTEBOOK}.content.widgets.length") == cells_before


def test_both_themes_draw(board_page, tmp_path):
    page = board_page
    board = page.locator(".mcw").nth(0)
    light = board.screenshot(path=str(tmp_path / "light.png"))
    colour = page.evaluate("getComputedStyle(document.querySelector('.mcw .mcw-status')).color")
    set_theme(page, "JupyterLab Dark")
    dark = board.screenshot(path=str(tmp_path / "dark.png"))
    assert light != dark
    assert (
        page.evaluate("getComputedStyle(document.querySelector('.mcw .mcw-status')).color")
        != colour
    )
    # card faces stay light in the dark theme; rank text is large
    size = page.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('.mcw .mcw-rank')).fontSize)"
    )
    assert size >= 20
