""" "Can still be won?" on an exported lesson, with no kernel (issue 17, item 10;
docs/export.md, section 4).

The board is tests/test_solver.py's KEEP_THE_PAIR with ``show_winnable``:
5♥ 5♠ 7♥ 8♥ on row 1, 8♠ 9♥ 7♠ 9♠ on row 3. The fives (cells 0 and 1) are
the only pair, and taking them loses the deal; consolidating first keeps it
winnable (tests/test_review.py, tests/browser/test_analysis_lab.py). So every
winning line starts by consolidating with no pair taken, and the line the
export stores with the board does too.

Opened from ``file://``: "yes" as exported; after the fives "not known" (no
solver on the page, and the game left the stored line), never the frozen
"yes"; after an undo "yes" again (the position the export judged); after
consolidating with no pair "yes" (still on the stored line); and a game played
to its end after the fives says "no".
"""

from __future__ import annotations

from pathlib import Path

from host_helpers import exported_lesson
from nbformat.v4 import new_code_cell
from playwright.sync_api import expect

KEEP_THE_PAIR = "5H 5S 7H 8H ../.. .. .. .. ../8S 9H 7S 9S ../.. .. .. .. ../.. .. .. .. .. |"


def _lesson(folder: Path) -> Path:
    cells = [
        new_code_cell(
            "from mc_widget import MonteCarloWidget\n"
            f"MonteCarloWidget.from_layout({KEEP_THE_PAIR!r}, show_winnable=True)"
        )
    ]
    return exported_lesson(folder, "winnable", cells)


def test_an_exported_board_does_not_say_a_stale_winnable(browser, tmp_path):
    path = _lesson(tmp_path)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.route(
        "**/*",
        lambda r: r.continue_() if r.request.url.startswith(("file:", "blob:")) else r.abort(),
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    try:
        page.goto(path.resolve().as_uri())
        board = page.locator("[data-mcw-board] .mcw")
        answer = board.locator('[data-counter="winnable"] dd')

        def says(text: str) -> None:
            expect(answer).to_have_text(text, timeout=5000)

        says("yes")
        board.locator('[data-cell="0"]').click()
        board.locator('[data-cell="1"]').click()  # the fives: the deal is lost from here
        board.locator('[data-cell="0"]:not(:has([data-card]))').wait_for()
        says("not known")
        board.locator('[data-action="undo"]').click()
        says("yes")
        board.locator('[data-action="consolidate"]').click()  # no pair taken: the winning way
        board.locator('[data-cell="4"] [data-card="8S"]').wait_for()
        says("yes")
        board.locator('[data-action="undo"]').click()
        says("yes")
        # The fives, then play on to the end: lost, and the board says so.
        board.locator('[data-cell="0"]').click()
        board.locator('[data-cell="1"]').click()
        says("not known")
        board.locator('[data-action="consolidate"]').click()
        board.locator('[data-cell="1"]').click()
        board.locator('[data-cell="2"]').click()  # the eights
        board.locator('[data-action="consolidate"]').click()
        page.wait_for_selector(".mcw [data-outcome='lost'], .mcw .mcw-banner")
        says("no")
        assert errors == []
    finally:
        context.close()
