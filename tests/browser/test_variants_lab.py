"""The board of the relatives of Monte Carlo in a real JupyterLab 4 (issue 19,
item 2): a Thirteens king removed alone by a second click and by Enter, seen
by Python; a fourteens-lines pair across a gap, with its row and column marked
and a diagonal card not; the rules picker starting the same deal by other rules.

Hand-made boards (RULES.md, "Variants"): in Thirteens a king goes alone and
7 + 6 = 13; in fourteens-lines 7 + 7 = 14 anywhere in one row or column,
gaps between or not, diagonals never.
"""

from __future__ import annotations

import pytest
from lab_helpers import kernel_says, open_cells

GAPS = ".. .. .. .. .."
# Kings in cells 0 and 4; 7♥ (1) and 6♣ (2) pair.
THIRTEENS = "KD 7H 6C .. KS/" + "/".join([GAPS] * 4) + " | 5S"
# 7♥ in cell 0 and 7♣ in cell 3, two gaps between; 7♦ on the diagonal (cell 6);
# 9♠ in column 1 (cell 20): a neighbour under `line`, not a partner (7 + 9 = 16).
LINES = "7H .. .. 7C ../.. 7D .. .. ../" + "/".join([GAPS] * 2) + "/9S .. .. .. .. | 2S"

CELLS = {
    "thirteens": "from mc_widget import MonteCarloWidget\n"
    f"t = MonteCarloWidget.from_layout({THIRTEENS!r}, rules='thirteens')\nt",
    "lines": f"f = MonteCarloWidget.from_layout({LINES!r}, rules='fourteens-lines')\nf",
    "deal": "d = MonteCarloWidget(deal=7)\nd",
}


@pytest.fixture
def boards(page, lab_url, lab_root):
    open_cells(page, lab_url, lab_root, "variants-e2e.ipynb", CELLS, "JupyterLab Light")
    page.wait_for_function("document.querySelectorAll('.mcw [data-cell]').length === 75")
    return page


def test_a_thirteens_king_goes_alone_by_click_and_by_key(boards):
    page = boards
    board = page.locator(".mcw").nth(0)
    # Both kings can go alone now; no other card is marked so.
    assert board.locator("[data-lone]").evaluate_all("els => els.map(e => e.dataset.cell)") == [
        "0",
        "4",
    ]
    board.locator("[data-cell='0']").click()
    page.wait_for_selector(".mcw >> nth=0 >> [data-cell='0'][data-selected]")
    assert board.locator("[role=status]").text_content() == (
        "K♦ (row 1, column 1) goes alone: click it again, or press Enter, to remove it."
    )
    board.locator("[data-cell='0']").click()
    out = kernel_says(page, "print(t.game.grid[0], t.state['discards'])", "None [['KD']]")
    assert out == "None [['KD']]"
    assert board.locator("[role=status]").text_content().startswith("K♦ removed alone.")
    # By key: Enter selects K♠, Enter again removes it.
    board.locator("[data-cell='4']").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".mcw >> nth=0 >> [data-cell='4'][data-selected]")
    page.keyboard.press("Enter")
    out = kernel_says(page, "print(t.state['discards'])", "[['KD'], ['KS']]")
    assert out == "[['KD'], ['KS']]"
    # Two cards went alone: the discards count cards.
    assert board.locator(".mcw-discards").first.text_content().count("2 cards") == 1
    assert kernel_says(page, "print(t.game.removed)", "2") == "2"


def test_a_fourteens_lines_pair_across_a_gap(boards):
    page = boards
    board = page.locator(".mcw").nth(1)
    board.locator("[data-cell='0']").click()
    page.wait_for_selector(".mcw >> nth=1 >> [data-cell='0'][data-selected]")
    marked = "els => els.map(e => Number(e.dataset.cell))"
    # The whole row and the whole column, gaps included.
    assert board.locator("[data-neighbour]").evaluate_all(marked) == [1, 2, 3, 4, 5, 10, 15, 20]
    assert board.locator("[data-partner]").evaluate_all(marked) == [3]
    # The diagonal 7♦ touches nothing here: not marked.
    diagonal = board.locator("[data-cell='6']")
    assert diagonal.get_attribute("data-neighbour") is None
    assert diagonal.get_attribute("data-partner") is None
    assert board.locator("[data-false-neighbour]").count() == 0
    board.locator("[data-cell='3']").click()  # 7♥ and 7♣: 14, two gaps between
    out = kernel_says(page, "print(f.state['discards'])", "[['7H', '7C']]")
    assert out == "[['7H', '7C']]"


def test_the_rules_picker_starts_the_same_deal_by_other_rules(boards):
    page = boards
    board = page.locator(".mcw").nth(2)
    picker = board.get_by_label("Rules")
    assert picker.input_value() == "standard"
    picker.select_option("thirteens")
    out = kernel_says(page, "print(d.rules.name, d.game.deal)", "thirteens 7")
    assert out == "thirteens 7"
    expected = "from mc_widget import Game; print(d.game.to_layout() == Game(7).to_layout())"
    assert kernel_says(page, expected, "True") == "True"
    page.wait_for_function(
        "() => document.querySelectorAll('.mcw')[2].querySelector('.mcw-rules-input')"
        ".title === 'pairs make 13; kings go alone'"
    )
    # By keyboard: focus the list and choose with the arrow keys.
    picker.focus()
    page.keyboard.press("ArrowDown")  # thirteens → fourteens
    out = kernel_says(page, "print(d.rules.name)", "fourteens")
    assert out == "fourteens"
