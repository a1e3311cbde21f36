"""Where the keyboard focus goes, in a real JupyterLab 4 (Debian's Chromium):
after a new deal typed in the Deal box, the cards have it again, and the
next Tab goes on to the buttons; after a click on the board where no control
is, the board has it, and JupyterLab's command-mode keys do not fire
(issue 17, item 6; docs/accessibility.md, "Keys and the notebook")."""

from __future__ import annotations

import nbformat
import pytest
from lab_helpers import TOKEN, open_cells, open_notebook, run_all_cells

NAME = "keyboard-focus.ipynb"
FOCUSED = """() => {
    const el = document.activeElement;
    return {cell: el.getAttribute('data-cell'), action: el.getAttribute('data-action'),
            visible: el.matches(':focus-visible'), input: el.classList.contains('mcw-deal-input')};
}"""


def test_after_a_new_deal_the_first_card_has_the_focus(page, lab_url, lab_root):
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            "from mc_widget import MonteCarloWidget\nMonteCarloWidget(deal=7)"
        )
    ]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(nb, lab_root / NAME)
    open_notebook(page, lab_url, NAME)
    run_all_cells(page)
    board = page.locator(".mcw")
    board.locator("[data-cell='0']").wait_for()
    board.locator("[data-cell='0']").focus()
    page.keyboard.press("ArrowRight")  # the tab stop moves to the second card
    page.keyboard.press("n")
    assert page.evaluate(FOCUSED)["input"]
    page.keyboard.type("123")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('.mcw [data-counter=deal] dd').textContent === '123'"
    )
    assert page.evaluate(FOCUSED) == {"cell": "0", "action": None, "visible": True, "input": False}
    # One Tab on: the buttons, the first of them.
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED)["action"] == "consolidate_step"
    # A refused number keeps the focus in the box, to correct it.
    page.keyboard.press("n")
    page.keyboard.type("seven")
    page.keyboard.press("Enter")
    page.wait_for_selector(".mcw [role=status][data-tone=illegal]")
    assert page.evaluate(FOCUSED)["input"]


# Issue 17, item 6: a click inside the board that lands on no control (its
# background, the space between two cards, the status line) gives the board
# the focus, so no key the board uses reaches JupyterLab's command mode
# (`r` made the cell Raw and the board vanished; `c` then `v` copied it).

# Deal 7, read from the board (docs/images/board.png): 9♠ is at cell 5 and
# 9♣ under it at cell 10, a pair.
PAIR = (5, 10)

# Where to click, found on the page; each point must hit no control (a cell,
# a button, an input), or the test would not be about the background.
SPOTS = {
    # the tableau's panel, left of the first column
    "background": """() => {
        const b = document.querySelector('.mcw-board').getBoundingClientRect();
        const g = document.querySelector('.mcw-tableau').getBoundingClientRect();
        return [(b.left + g.left) / 2, (g.top + g.bottom) / 2];
    }""",
    # between the first two cards of the first row
    "between-cards": """() => {
        const a = document.querySelector(".mcw [data-cell='0']").getBoundingClientRect();
        const b = document.querySelector(".mcw [data-cell='1']").getBoundingClientRect();
        return [(a.right + b.left) / 2, (a.top + a.bottom) / 2];
    }""",
    "status-line": """() => {
        const s = document.querySelector('.mcw [role=status]').getBoundingClientRect();
        return [(s.left + s.right) / 2, (s.top + s.bottom) / 2];
    }""",
}
HIT = """([x, y]) => {
    const el = document.elementFromPoint(x, y);
    return {inBoard: !!el.closest('.mcw'),
            control: !!el.closest('.mcw [data-cell], .mcw button, .mcw input, .mcw select')};
}"""
NOTEBOOK = """() => ({
    types: window.jupyterapp.shell.currentWidget.content.widgets.map(c => c.model.type),
    boards: document.querySelectorAll('.mcw [data-cell]').length > 0 ? 1 : 0,
})"""
WHERE = """() => {
    const el = document.activeElement;
    return el.classList.contains('mcw') ? 'board'
        : el.closest('.mcw [data-cell]') ? 'cell ' + el.closest('[data-cell]').dataset.cell
        : el.closest('.mcw') ? 'in the board'
        : el.classList.contains('jp-Cell') ? 'notebook cell' : 'outside';
}"""
CARDS = "() => document.querySelectorAll('.mcw-tableau [data-card]').length"


def _open_board(page, lab_url, lab_root, name: str) -> None:
    open_cells(
        page,
        lab_url,
        lab_root,
        name,
        {"board": "from mc_widget import MonteCarloWidget\nw = MonteCarloWidget(deal=7)\nw"},
        "JupyterLab Light",
    )
    page.locator(".mcw [data-cell='0'] [data-card]").wait_for()


def _click_spot(page, spot: str) -> None:
    x, y = page.evaluate(SPOTS[spot])
    assert page.evaluate(HIT, [x, y]) == {"inBoard": True, "control": False}, spot
    page.mouse.click(x, y)


@pytest.mark.parametrize("spot", list(SPOTS))
def test_keys_after_a_click_on_no_control_stay_in_the_board(page, lab_url, lab_root, spot):
    _open_board(page, lab_url, lab_root, f"keys-leak-{spot}.ipynb")
    _click_spot(page, spot)
    page.keyboard.press("r")  # JupyterLab: change the cell to Raw
    assert page.evaluate(NOTEBOOK) == {"types": ["code"], "boards": 1}
    page.keyboard.press("c")  # copy the cell …
    page.keyboard.press("v")  # … and paste it below
    page.keyboard.press("d")
    page.keyboard.press("d")  # delete the cell
    assert page.evaluate(NOTEBOOK) == {"types": ["code"], "boards": 1}
    assert page.evaluate(WHERE) == "board"


def test_the_boards_keys_work_from_its_background(page, lab_url, lab_root):
    _open_board(page, lab_url, lab_root, "keys-background.ipynb")
    _click_spot(page, "background")
    # An arrow key goes into the tableau, to its tab stop (the first card).
    page.keyboard.press("ArrowRight")
    assert page.evaluate(WHERE) == "cell 0"
    assert page.evaluate("() => document.activeElement.matches(':focus-visible')")
    # u undoes and Shift+U redoes a pair clicked before.
    for cell in PAIR:
        page.locator(f".mcw [data-cell='{cell}']").click()
    page.wait_for_function(f"{CARDS} === 23")
    _click_spot(page, "status-line")
    page.keyboard.press("u")
    page.wait_for_function(f"{CARDS} === 25")
    page.keyboard.press("Shift+U")
    page.wait_for_function(f"{CARDS} === 23")
    # n puts the focus in the Deal box, which still takes typing.
    _click_spot(page, "background")
    page.keyboard.press("n")
    page.keyboard.type("45")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('.mcw [data-counter=deal] dd').textContent === '45'"
    )
    assert page.evaluate(NOTEBOOK) == {"types": ["code"], "boards": 1}


def test_tab_leaves_the_board_after_a_click_on_its_background(page, lab_url, lab_root):
    # WCAG 2.1.2: the board's focus is no trap.
    _open_board(page, lab_url, lab_root, "keys-tab.ipynb")
    _click_spot(page, "background")
    assert page.evaluate(WHERE) == "board"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(WHERE) == "outside"
    _click_spot(page, "background")
    page.keyboard.press("Tab")  # the root is no tab stop: the grid's comes next
    assert page.evaluate(WHERE) == "cell 0"
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate(WHERE) == "outside":
            break
    assert page.evaluate(WHERE) == "outside"


def test_escape_clears_then_gives_the_focus_back_to_the_notebook(page, lab_url, lab_root):
    _open_board(page, lab_url, lab_root, "keys-escape.ipynb")
    page.locator(".mcw [data-cell='0']").click()
    page.wait_for_selector(".mcw [data-cell='0'][data-selected]")
    _click_spot(page, "between-cards")
    page.keyboard.press("Escape")  # the board's: clear the selection
    page.wait_for_selector(".mcw [data-selected]", state="detached")
    assert page.evaluate(WHERE) == "board"
    page.keyboard.press("Escape")  # nothing left to clear: back to the cell
    assert page.evaluate(WHERE) == "notebook cell"
    mode = page.evaluate("() => window.jupyterapp.shell.currentWidget.content.mode")
    assert mode == "command"


def test_notebook_7_keeps_its_cell_too(page, lab_url, lab_root):
    # Notebook 7 is JupyterLab's notebook in another shell: the same keys,
    # worked through its page (no window.jupyterapp on the shared server).
    pytest.importorskip("notebook", minversion="7", reason="Notebook 7 is not installed")
    from test_notebook7 import KERNEL_IDLE
    from test_notebook7 import run_all_cells as run_in_notebook_7

    name = "keys-notebook7.ipynb"
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            "from mc_widget import MonteCarloWidget\nMonteCarloWidget(deal=7)"
        )
    ]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(nb, lab_root / name)
    page.goto(f"{lab_url}/notebooks/{name}?token={TOKEN}")
    page.wait_for_selector(KERNEL_IDLE, timeout=60_000)
    run_in_notebook_7(page)
    page.locator(".mcw [data-cell='0'] [data-card]").wait_for()
    cells = """() => ({code: document.querySelectorAll('.jp-CodeCell').length,
        other: document.querySelectorAll('.jp-Cell:not(.jp-CodeCell)').length,
        boards: document.querySelectorAll('.mcw [data-cell]').length > 0 ? 1 : 0})"""
    for spot in SPOTS:
        _click_spot(page, spot)
        for key in ["r", "c", "v"]:
            page.keyboard.press(key)
        assert page.evaluate(cells) == {"code": 1, "other": 0, "boards": 1}, spot
        assert page.evaluate(WHERE) == "board"
    page.keyboard.press("Escape")  # clears the message `c` left
    page.keyboard.press("Escape")  # back to the cell
    assert page.evaluate(WHERE) == "notebook cell"
