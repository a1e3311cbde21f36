"""Lesson 5, the relatives of Monte Carlo, in a real JupyterLab 4 (Debian's
Chromium): it runs top to bottom, every board it names draws with its
variant's tableau, no cell ends in an error, the page throws nothing, and
the two clicks its text asks for do what it says; section 7's match board
shows its score line and its race is two boards under one race line.

The boards are found by the nbformat ids of their cells
(``notebooks/README.md``, "The boards of lesson 5"). What each must show is
written out by hand from RULES.md ("Variants", "Common mistakes" M10).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from lab_helpers import cell_by_id, kernel_output, open_notebook, run_all_cells, set_theme

LESSON = "05-relatives-of-monte-carlo.ipynb"
#: cell id -> cells of its tableau (rows times columns of the preset).
BOARDS = {
    "thirteens-board": 25,
    "m10-board": 25,
    "fourteens-board": 25,
    "lines-board": 25,
    "aces-board": 25,
    "small-board": 20,  # 4 rows of 5
    "double-board": 49,  # 7 rows of 7
    "match-board": 25,
}
SHOTS = Path(os.environ.get("MCW_SHOTS", "/tmp"))


@pytest.fixture(scope="module")
def page(browser, lab_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_notebook(page, lab_url, LESSON)
    set_theme(page, "JupyterLab Light")
    run_all_cells(page)
    page.errors = errors
    yield page
    context.close()


def board(page, cell_id):
    found = cell_by_id(page, cell_id).locator(".mcw")
    found.locator("[data-cell='0']").wait_for()
    return found


def test_every_board_draws_its_tableau_and_no_cell_fails(page):
    for cell_id, cells in BOARDS.items():
        assert board(page, cell_id).locator("[data-cell]").count() == cells, cell_id
    stderr = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert stderr.count() == 0
    assert page.errors == []


def test_m10_two_kings_are_refused_and_the_panels_show_wrong_and_right(page):
    m10 = board(page, "m10-board")
    assert "M10" in m10.text_content()
    verdicts = m10.locator("[data-panel][data-verdict]")
    found = [verdicts.nth(i).get_attribute("data-verdict") for i in range(verdicts.count())]
    assert found == ["wrong", "right"]
    # "click K♠, then K♥: the board refuses and says why"
    m10.locator("[data-cell='0']").click()
    m10.locator("[data-cell='1']").click()
    status = m10.locator("[role=status]")
    page.wait_for_function(
        "el => el.textContent.includes('kings never pair')", arg=status.element_handle()
    )
    assert status.text_content().startswith("K♠ and K♥ do not pair: kings never pair")
    # "Then click 7♦ and 6♣: they make 13 and go."
    m10.locator("[data-cell='2']").click()
    m10.locator("[data-cell='3']").click()
    page.wait_for_function(
        "el => el.textContent.includes('7♦') && el.textContent.includes('6♣')",
        arg=status.element_handle(),
    )
    assert "Removed" in status.text_content()


def test_a_fourteens_lines_pair_across_a_gap_goes_with_two_clicks(page):
    lines = board(page, "lines-board")
    lines.locator("[data-cell='0']").click()  # Q♣, row 1 column 1
    lines.locator("[data-cell='2']").click()  # 2♥, row 1 column 3, a gap between
    status = lines.locator("[role=status]")
    page.wait_for_function(
        "el => el.textContent.includes('Removed Q♣ and 2♥')", arg=status.element_handle()
    )


def test_the_thirteens_try_it_a_king_clicked_twice_then_two_clicks_win(page):
    # Section 2's "Try it" as written: K♦ clicked twice goes alone, Consolidate all, then 9♣ and 4♥.
    thirteens = board(page, "thirteens-board")
    king = thirteens.locator("[data-cell='1']")
    assert king.locator("[data-card]").get_attribute("data-card") == "KD"
    king.click()
    king.click()
    page.wait_for_function("el => !el.querySelector('[data-card]')", arg=king.element_handle())
    assert kernel_output(page, "print(thirteens_board.game.removed)").strip() == "1"
    # The board shows a gap before a card: its Consolidate all button comes on.
    consolidate = thirteens.locator("[data-action='consolidate']")
    page.wait_for_function("el => !el.disabled", arg=consolidate.element_handle())
    consolidate.click()
    thirteens.locator("[data-cell='0']").click()  # 9♣
    thirteens.locator("[data-cell='1']").click()  # 4♥, closed up beside it
    status = thirteens.locator("[role=status]")
    page.wait_for_function("el => el.textContent.includes('Won!')", arg=status.element_handle())


def test_the_match_board_shows_its_score_line(page):
    # Deal 0 won, deal 2 lost, by the cell's `finish` (docs/sessions.md, "The score line").
    line = board(page, "match-board").locator(".mcw-match")
    page.wait_for_function("el => el.textContent.length > 0", arg=line.element_handle())
    assert line.text_content() == "1\N{EN DASH}1, first to 10"


def test_the_race_is_two_boards_of_deal_7_and_its_line_follows_a_pair(page):
    # Deal 7 for Fourteens: its first pair is 10♠ in cell 1 and 4♥ in cell 7 (10 + 4 = 14).
    cell = cell_by_id(page, "race-board")
    boards = cell.locator(".mcw")
    boards.nth(1).locator("[data-cell='0']").wait_for()
    assert boards.count() == 2
    assert [boards.nth(k).locator("[data-cell]").count() for k in (0, 1)] == [25, 25]
    bar = cell.locator(".mcw-race")
    sides = bar.locator(".mcw-race-side")
    assert sides.nth(0).text_content() == "Ann: 0 of 52 removed"
    assert sides.nth(1).text_content() == "Ben: 0 of 52 removed"
    assert bar.locator(".mcw-race-result").text_content() == "the race is on"
    boards.nth(1).locator("[data-cell='1']").click()
    boards.nth(1).locator("[data-cell='7']").click()
    page.wait_for_function(
        "el => el.textContent === 'Ben: 2 of 52 removed'", arg=sides.nth(1).element_handle()
    )
    assert sides.nth(0).text_content() == "Ann: 0 of 52 removed"
    # What a projector shows: the race section, from its words to the two boards.
    page.set_viewport_size({"width": 1280, "height": 1900})
    cell_by_id(page, "s7-race").evaluate("el => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(500)
    page.screenshot(path=str(SHOTS / "lesson5-race.png"))
    page.set_viewport_size({"width": 1280, "height": 900})
