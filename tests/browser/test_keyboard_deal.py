"""A whole deal played by keyboard only, and the walkthrough followed by it
(issue 8, "Done means"), on an exported page in Chromium with no kernel.

The keys are the board's (docs/teaching.md; DESIGN.md "DOM hooks"): Tab
reaches the tableau's one tab stop, the arrow keys move it from cell to cell,
Enter or Space selects the card there (a second one removes the pair),
Shift+C consolidates all and Shift+R refills all. The moves come from the
page alone, by the rule written here (two touching cards of one rank, the
first in reading order), not from the engine. Deal 18 is cleared by that
way of playing (tests/browser/test_play_a_deal.py found it once with the
Python engine); its status line must say so at the end. The mouse is never
used.
"""

from __future__ import annotations

import re

from test_play_a_deal import COLS, first_pair, read_tableau

from mc_widget.widget import MonteCarloWidget

OVER = re.compile(r"(^| )(Won!|Blocked:) ")


def _focused_cell(page) -> int:
    return page.evaluate("Number(document.activeElement.closest('[data-cell]').dataset.cell)")


def _go_to(page, cell: int) -> None:
    """Move the tableau's tab stop to ``cell`` with the arrow keys."""
    here = _focused_cell(page)
    (r0, c0), (r1, c1) = divmod(here, COLS), divmod(cell, COLS)
    for _ in range(abs(r1 - r0)):
        page.keyboard.press("ArrowDown" if r1 > r0 else "ArrowUp")
    for _ in range(abs(c1 - c0)):
        page.keyboard.press("ArrowRight" if c1 > c0 else "ArrowLeft")
    assert _focused_cell(page) == cell


def _tab_to(page, selector: str, key: str) -> None:
    """Press ``key`` (Tab or Shift+Tab) until the focus is on ``selector``."""
    for _ in range(12):
        page.keyboard.press(key)
        if page.evaluate("s => !!document.activeElement.closest(s)", selector):
            return
    raise AssertionError(f"{key} never reached {selector}")


def test_a_whole_deal_and_its_walkthrough_by_keyboard_only(browser, tmp_path):
    path = MonteCarloWidget(deal=18).to_html(tmp_path / "deal18.html")
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    page = context.new_page()
    try:
        page.goto(path.resolve().as_uri())
        board = page.locator(".mcw")
        board.locator("[data-cell='0'] [data-card]").wait_for()
        status = board.locator("[role=status]")
        # Tab from the page's start reaches the tableau's tab stop first.
        page.keyboard.press("Tab")
        assert _focused_cell(page) == 0
        walked = False
        for _ in range(300):
            if OVER.search(status.text_content()):
                break
            pair = first_pair(read_tableau(board))
            if pair is not None:
                for cell in pair:
                    _go_to(page, cell)
                    page.keyboard.press("Enter")
                continue
            if not walked:
                # The first round with no pair left: walk its consolidation one
                # step with the walkthrough bar's forward button, by keyboard.
                _tab_to(page, "[data-walk='forward']", "Tab")
                page.keyboard.press("Enter")
                page.wait_for_function(
                    "el => /^Step 1 of /.test(el.textContent)",
                    arg=status.element_handle(),
                )
                walked = True
                # Back to the tableau's tab stop, then the rest of the round.
                _tab_to(page, "[data-cell]", "Shift+Tab")
            page.keyboard.press("Shift+C")
            if not OVER.search(status.text_content()):
                page.keyboard.press("Shift+R")
        assert walked
        assert "Won! 52 of 52 cards removed" in status.text_content(), status.text_content()
        assert all(card is None for card in read_tableau(board))
    finally:
        context.close()
