"""Hints, the review and the "can still be won" line in a real JupyterLab 4
(docs/analysis.md, section 6), in Debian's Chromium.

Expected values are worked by hand:

* The German worked example (tests/cases/german-worked-example.json) has
  three pairs, 4♣ 4♥ (cells 2, 8), 2♦ 2♣ (6, 11) and J♠ J♦ (18, 22). The fair
  hint takes all three (tests/test_hint.py works out its seven plans), the
  first in ascending order being 4♣ and 4♥; after the three are gone and the
  cards close up, the kings and the sevens touch in row 3 (RULES.md,
  "Worked example") and so do two more pairs: 3 pairs will touch.
* ``KEEP_THE_PAIR`` (tests/test_solver.py): 5♥ 5♠ 7♥ 8♥ in row 1 and 8♠ 9♥
  7♠ 9♠ in row 3. Removing the fives first loses: after consolidating,
  7 8 8 9 7 9 has only the eights, and then 7 9 7 9 is blocked. Keeping the
  fives and consolidating wins (tests/test_review.py: move 1 lost the deal,
  consolidating instead keeps it winnable).
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from lab_helpers import kernel_says, open_notebook, run_all_cells, set_theme

CASE = json.loads((Path(__file__).parents[1] / "cases" / "german-worked-example.json").read_text())
KEEP_THE_PAIR = "5H 5S 7H 8H ../.. .. .. .. ../8S 9H 7S 9S ../.. .. .. .. ../.. .. .. .. .. |"
SHOTS = Path("/tmp/analysis-shots")
HINT = "Remove 4♣ and 4♥: then 3 pairs will touch after consolidating."
LOST_AT = "Move 1, removing 5♥ and 5♠, lost the deal"


def _open(page, lab_url, lab_root, name: str, source: str, theme="JupyterLab Light"):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(nb, lab_root / name)
    open_notebook(page, lab_url, name)
    set_theme(page, theme)
    run_all_cells(page)
    page.wait_for_selector(".mcw [data-cell='0'] [data-card]")
    return page.locator(".mcw").first


def _status(board) -> str:
    return board.locator('[role="status"]').text_content()


def _wait_status(board, part: str) -> None:
    board.page.wait_for_function(
        "([el, s]) => el.textContent.includes(s)",
        arg=[board.locator('[role="status"]').element_handle(), part],
    )


def _cards(board) -> list[str | None]:
    return [
        board.locator(f'[data-cell="{i}"] [data-card]').get_attribute("data-card")
        if board.locator(f'[data-cell="{i}"] [data-card]').count()
        else None
        for i in range(25)
    ]


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_the_hint_button_and_h_outline_the_pair_and_say_why(page, lab_url, lab_root, theme):
    source = (
        "from mc_widget import MonteCarloWidget\n"
        f"w = MonteCarloWidget.from_layout({CASE['layout']!r})\nw"
    )
    board = _open(page, lab_url, lab_root, "hint-e2e.ipynb", source, theme)
    board.locator('[data-action="hint"]').click()
    _wait_status(board, HINT)
    hinted = board.locator("[data-hint]")
    assert [hinted.nth(k).get_attribute("data-cell") for k in range(hinted.count())] == ["2", "8"]
    assert board.locator('[data-cell="2"] .mcw-mark').text_content() == "hint"
    SHOTS.mkdir(exist_ok=True)
    board.screenshot(path=str(SHOTS / f"hint-{theme.split()[-1].lower()}.png"))
    # Python hears the same hint (the front end made it; no kernel needed).
    assert kernel_says(page, "print(w.feedback['key'], w.feedback['cells'])", "hint.remove [2, 8]")
    # A move clears it; H on the board gives the next one: the twos.
    board.locator('[data-cell="2"]').click()
    board.locator('[data-cell="8"]').click()
    _wait_status(board, "Removed 4♣ and 4♥.")
    assert board.locator("[data-hint]").count() == 0
    board.locator('[data-action="undo"]').focus()
    page.keyboard.press("h")
    _wait_status(board, "Remove 2♦ and 2♣")
    hinted = board.locator("[data-hint]")
    assert [hinted.nth(k).get_attribute("data-cell") for k in range(hinted.count())] == ["6", "11"]


def test_review_walks_back_to_the_move_that_lost(page, lab_url, lab_root):
    source = (
        "from mc_widget import MonteCarloWidget\n"
        f"w = MonteCarloWidget.from_layout({KEEP_THE_PAIR!r}, show_winnable=True)\nw"
    )
    board = _open(page, lab_url, lab_root, "review-e2e.ipynb", source)
    winnable = board.locator('[data-counter="winnable"] dd')
    page.wait_for_function("(el) => el.textContent === 'yes'", arg=winnable.element_handle())
    board.locator('[data-cell="0"]').click()
    board.locator('[data-cell="1"]').click()  # the fives: the deal is lost from here
    _wait_status(board, "Removed 5♥ and 5♠.")
    page.wait_for_function("(el) => el.textContent === 'no'", arg=winnable.element_handle())
    board.locator('[data-action="consolidate"]').click()
    board.locator('[data-cell="1"]').click()
    board.locator('[data-cell="2"]').click()  # the eights
    _wait_status(board, "Removed 8♥ and 8♠.")
    board.locator('[data-action="consolidate"]').click()
    page.wait_for_selector(".mcw [data-outcome='lost'], .mcw .mcw-banner")
    board.locator('[data-action="review"]').click()
    _wait_status(board, LOST_AT)
    assert "consolidating would have kept it winnable" in _status(board)
    # The board is back before move 1, with the fives in place, and winnable again.
    cards = _cards(board)
    assert cards[:4] == ["5H", "5S", "7H", "8H"]
    assert cards[10:14] == ["8S", "9H", "7S", "9S"]
    page.wait_for_function("(el) => el.textContent === 'yes'", arg=winnable.element_handle())
    assert kernel_says(page, "print(w.game.cursor, w.game.status)", "0 playing")
    SHOTS.mkdir(exist_ok=True)
    board.screenshot(path=str(SHOTS / "review.png"))
