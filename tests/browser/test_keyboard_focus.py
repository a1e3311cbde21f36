"""Where the keyboard focus goes, in a real JupyterLab 4 (Debian's Chromium):
after a new deal typed in the Deal box, the cards have it again, and the
next Tab goes on to the buttons."""

from __future__ import annotations

import nbformat
from lab_helpers import open_notebook, run_all_cells

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
