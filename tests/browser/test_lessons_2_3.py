"""Lessons 2 and 3 and the classroom demo in a real JupyterLab 4 (Debian's
Chromium): each runs top to bottom, every board it names draws, no cell
ends in an error, and the page throws nothing.

The boards are found by the nbformat ids of their cells
(``notebooks/README.md``). What each board must show is written out by hand
from RULES.md and the German case file
(``tests/cases/german-worked-example.json``).
"""

from __future__ import annotations

import pytest
from lab_helpers import cell_by_id, kernel_says, open_notebook, run_all_cells, set_theme

LESSONS = {
    "02-neighbours-and-common-mistakes.ipynb": [
        "neighbours-board",
        *(f"m{k}-board" for k in range(1, 10)),
    ],
    "03-consolidation-step-by-step.ipynb": [
        "walk-board",
        "walk-to-board",
        "order-board",
        "refill-board",
        "replay-board",
        "predict-board",
        "m3-board",
    ],
    "classroom-demo.ipynb": ["demo-board", "mistake-board"],
}


def _run(browser, lab_url, name):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_notebook(page, lab_url, name)
    set_theme(page, "JupyterLab Light")
    run_all_cells(page)
    page.errors = errors
    return context, page


@pytest.fixture(scope="module", params=list(LESSONS))
def lesson(request, browser, lab_url):
    context, page = _run(browser, lab_url, request.param)
    yield request.param, page
    context.close()


def test_every_board_draws_and_no_cell_fails(lesson):
    name, page = lesson
    for cell_id in LESSONS[name]:
        board = cell_by_id(page, cell_id).locator(".mcw")
        board.locator("[data-cell='0']").wait_for()
        assert board.locator("[data-cell]").count() == 25, cell_id
        # The live board only: panels use data-panel-cell, not data-cell.
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0
    assert page.errors == []
    if name == "02-neighbours-and-common-mistakes.ipynb":
        _mistake_boards_show_their_panels(page)
    elif name == "03-consolidation-step-by-step.ipynb":
        _walk_board_offers_the_round_of_the_german_example(page)
    else:
        _demo_board_is_projector_sized(page)


def _mistake_boards_show_their_panels(page):
    for k in range(1, 10):
        board = cell_by_id(page, f"m{k}-board").locator(".mcw")
        assert f"M{k}" in board.text_content()
        verdicts = board.locator("[data-panel][data-verdict]")
        found = {verdicts.nth(i).get_attribute("data-verdict") for i in range(verdicts.count())}
        # Every demonstration shows the wrong idea and the right rule side by side.
        assert {"wrong", "right"} <= found, (k, found)


def _walk_board_offers_the_round_of_the_german_example(page):
    board = cell_by_id(page, "walk-board").locator(".mcw")
    position = board.locator("[data-walk='position']")
    # 17 cards close up, then 6 stock cards are dealt (the German case).
    assert position.text_content().strip().lower().endswith("of 23")
    refill = cell_by_id(page, "refill-board").locator(".mcw")
    assert refill.locator("[data-cell='19'] [data-card='TS']").count() == 1


def _demo_board_is_projector_sized(page):
    board = cell_by_id(page, "demo-board").locator(".mcw")
    assert board.get_attribute("data-size") == "projector"
    assert kernel_says(page, "print(demo.size)", "projector") == "projector"
