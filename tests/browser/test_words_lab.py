"""Words that agree with the board, in a real JupyterLab 4 (issue 20, items 1,
2 and 5): the walkthrough's status line names the card that carries the
"next" mark, the move list numbers the moves the review counts, and the first
press of "Consolidate one card" with pairs left only asks.

Expected values by hand from the German case file (tests/cases): the pairs
4♣ 4♥ (cells 2, 8), 2♦ 2♣ (6, 11) and J♠ J♦ (18, 22); once they are gone the
walkthrough's step 4 moves 8♣ from cell 7 (row 2, column 3) to cell 5 (row 2,
column 1), and step 5 moves 6♠ from cell 9 into cell 6 (row 2, column 2).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lab_helpers import kernel_says, open_cells

CASE = json.loads(
    (Path(__file__).resolve().parents[1] / "cases" / "german-worked-example.json").read_text(
        encoding="utf-8"
    )
)
LAYOUT = CASE["layout"]

CELLS = {
    "walked": "from mc_widget import MonteCarloWidget\n"
    f"w = MonteCarloWidget.from_layout({LAYOUT!r})\n"
    "for i, j in [(2, 8), (6, 11), (18, 22)]:\n    w.remove_pair(i, j)\nw",
    "fours": f"g = MonteCarloWidget.from_layout({LAYOUT!r})\ng.remove_pair(2, 8)\ng",
}


@pytest.fixture
def boards(page, lab_url, lab_root):
    open_cells(page, lab_url, lab_root, "words-e2e.ipynb", CELLS, "JupyterLab Light")
    page.wait_for_function("document.querySelectorAll('.mcw [data-cell]').length === 50")
    return page


def test_the_walkthrough_names_the_card_with_the_next_mark(boards):
    page = boards
    board = page.locator(".mcw").nth(0)
    forward = board.locator("[data-walk='forward']")
    for _ in range(4):
        forward.click()
    status = board.locator("[role=status]")
    page.wait_for_function(
        "el => el.textContent.startsWith('Step 4 of 23')", arg=status.element_handle()
    )
    assert status.text_content().startswith(
        "Step 4 of 23: 8♣ moved from row 2, column 3 to row 2, column 1,"
        " the first gap in reading order. Next: 6♠ moves to row 2, column 2."
    )
    nxt = board.locator("[data-next-from]")
    assert nxt.evaluate_all("els => els.map(e => Number(e.dataset.cell))") == [9]
    assert nxt.locator("[data-card]").get_attribute("data-card") == "6S"
    here = board.locator("[data-next-to]")
    assert here.evaluate_all("els => els.map(e => Number(e.dataset.cell))") == [6]
    assert kernel_says(page, "print(w.walk_position)", "(4, 23)") == "(4, 23)"


def test_the_move_list_numbers_the_moves(boards):
    page = boards
    board = page.locator(".mcw").nth(0)
    board.locator("[data-walk='forward']").click()  # one card moved: the consolidation began
    moves = board.locator("details.mcw-moves")
    summary = moves.locator("summary")
    page.wait_for_function("el => el.textContent === 'Moves (4)'", arg=summary.element_handle())
    summary.focus()
    page.keyboard.press("Enter")  # opened from the keyboard
    assert moves.evaluate("el => el.open") is True
    items = moves.locator("ol > li").evaluate_all(
        "els => els.slice(0, 4).map(e => [e.value, e.textContent])"
    )
    assert items == [[1, "4♣ 4♥"], [2, "2♦ 2♣"], [3, "J♠ J♦"], [4, "consolidate"]]


def test_the_first_consolidate_press_with_pairs_left_only_asks(boards):
    page = boards
    board = page.locator(".mcw").nth(1)
    status = board.locator("[role=status]")
    board.locator("[data-action='consolidate_step']").click()
    page.wait_for_function(
        "el => el.textContent.startsWith('Still touching')", arg=status.element_handle()
    )
    assert status.text_content() == (
        "Still touching: 2♦\u20132♣ and J♠\u2013J♦. Consolidating now gives up 2 pairs for this"
        " round: press again to consolidate (Undo takes it back), or remove a pair first."
    )
    marked = board.locator("[data-partner]").evaluate_all(
        "els => els.map(e => Number(e.dataset.cell))"
    )
    assert marked == [6, 11, 18, 22]
    # Nothing consolidated: Python still has the one pair removed, in phase remove.
    said = kernel_says(page, "print(g.game.cursor, g.state['phase'])", "1 remove")
    assert said == "1 remove"
    board.locator("[data-action='consolidate_step']").click()
    said = kernel_says(page, "print(g.game.cursor, g.state['phase'])", "2 consolidate")
    assert said == "2 consolidate"
    # 5♦ (cell 3) moved into the first gap, cell 2.
    assert kernel_says(page, "print(g.game.grid[2])", "5D") == "5D"
