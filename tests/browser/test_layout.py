"""The board's layout in a real JupyterLab 4 (Debian's Chromium): a whole
board fits one screen, at 100 % and at 150 % zoom (a projector); in a narrow
notebook or on a phone the cards shrink and nothing needs scrolling sideways.

Lesson 1 is run once for the module, from a copy of its own (its own
kernel, so the lesson tests' boards are never touched). Zoom is what the
browser's zoom does to the page: at 150 % a 1280x900 window is 853x600 CSS
pixels (``device_scale_factor`` only makes the pixels finer, so the tests
change the window size instead).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from lab_helpers import cell_by_id, open_notebook, run_all_cells, set_theme
from layout_helpers import boxes, frames, open_plain_board, overflow, scroll_to_top

from mc_widget import Game

STATIC = Path(__file__).resolve().parents[2] / "mc_widget" / "static"

LESSON = "01-learn-the-rules.ipynb"
COPY = "layout-01-learn-the-rules.ipynb"
PARTS = {
    "root": ":scope",
    "status": "[role=status]",
    "tableau": "[role=grid]",
    "board": ".mcw-board",
    "side": ".mcw-side",
    "buttons": ".mcw-toolbar",
    "card": "[data-cell='0']",
}


@pytest.fixture(scope="module")
def lesson(browser, lab_url, lab_root):
    """A copy of lesson 1 open in JupyterLab at 1280x900, light theme, every cell run."""
    shutil.copy(lab_root / LESSON, lab_root / COPY)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    open_notebook(page, lab_url, COPY)
    set_theme(page, "JupyterLab Light")
    run_all_cells(page)
    page.wait_for_function("document.querySelectorAll('.mcw [data-cell]').length === 250")
    yield page
    context.close()


@pytest.fixture
def window(lesson):
    """Resize the window (and show or hide the left side bar) for one test;
    put it back as it was afterwards."""

    def resize(width: int, height: int, left_bar: bool = True) -> None:
        lesson.set_viewport_size({"width": width, "height": height})
        command = "expandLeft" if left_bar else "collapseLeft"
        lesson.evaluate(f"() => window.jupyterapp.shell.{command}()")
        frames(lesson, 3)

    yield resize
    resize(1280, 900)


def board(page, cell_id: str):
    return cell_by_id(page, cell_id).locator(".mcw")


@pytest.mark.parametrize("cell_id", ["board", "end-board", "play"])
def test_a_whole_board_fits_one_screen_at_1280x900(lesson, window, cell_id):
    # JupyterLab as it opens: the file browser shown on the left.
    window(1280, 900)
    root = board(lesson, cell_id)
    # The cell at the top of the notebook, as after running it: its code, then the board.
    scroll_to_top(lesson, cell_by_id(lesson, cell_id))
    b = boxes(root, PARTS)
    # Status line, tableau and buttons are all inside the board …
    for part in ("status", "tableau", "buttons", "side"):
        assert b["root"]["top"] <= b[part]["top"] and b[part]["bottom"] <= b["root"]["bottom"]
    # … and the whole board is on the screen, under the cell's code.
    assert b["scroller"]["top"] < b["root"]["top"], b
    assert b["root"]["bottom"] <= b["scroller"]["bottom"], b
    # The buttons are beside the tableau, not above it.
    assert b["buttons"]["left"] >= b["tableau"]["right"], b
    assert b["buttons"]["top"] < b["tableau"]["bottom"], b
    # Cards big enough to read from the back of a classroom.
    assert b["card"]["width"] >= 70, b


def test_at_150_percent_zoom_the_tableau_fits_and_the_column_stays_beside_it(lesson, window):
    # 1280x900 at 150 %, the file browser hidden (a teacher at a projector).
    window(853, 600, left_bar=False)
    root = board(lesson, "board")
    scroll_to_top(lesson, root)
    b = boxes(root, PARTS)
    # The status line and the whole tableau are on the screen …
    assert b["tableau"]["bottom"] <= b["scroller"]["bottom"], b
    assert b["status"]["top"] >= b["scroller"]["top"] - 1, b
    # … the column of buttons, piles and counters beside it, not below it …
    assert b["side"]["left"] >= b["board"]["right"], b
    assert abs(b["side"]["top"] - b["board"]["top"]) < 2, b
    # … and the cards are still 44 CSS pixels wide (66 pixels on the wall).
    assert b["card"]["width"] >= 44, b
    # Nothing sticks out sideways.
    assert b["root"]["right"] <= b["scroller"]["right"], b


@pytest.mark.parametrize("width", [400, 360])
def test_in_a_narrow_notebook_no_board_sticks_out_sideways(lesson, window, width):
    # A narrow window (a phone, a split view), the file browser hidden.
    window(width, 900, left_bar=False)
    roots = lesson.locator(".mcw")
    assert roots.count() == 10
    for k in range(roots.count()):
        root = roots.nth(k)
        root.evaluate("el => el.scrollIntoView({ block: 'start' })")
        frames(lesson)
        found = overflow(root)
        assert found["outside"] == [], (k, found)
        assert found["root"] <= 0 and found["ancestors"] <= 0, (k, found)
        b = boxes(root, PARTS)
        # The tableau takes the width, its cards still readable; the column is under it.
        assert b["card"]["width"] >= 38, (k, b)
        assert b["side"]["top"] >= b["board"]["bottom"], (k, b)
        assert b["root"]["right"] <= b["scroller"]["right"], (k, b)


@pytest.mark.parametrize("width", [360, 320])
def test_on_a_phone_the_board_needs_no_sideways_scrolling(browser, width):
    game = Game(deal=7)
    game.remove_pair(5, 10)
    context = browser.new_context(viewport={"width": width, "height": 740})
    page = context.new_page()
    try:
        open_plain_board(page, game.to_state(), STATIC)
        root = page.locator(".mcw")
        # A card selected: the outlines and the "pair" and ✕ marks are drawn too.
        root.locator("[data-cell='12']").click()
        found = overflow(root)
        assert found["outside"] == [], found
        assert found["root"] <= 0 and found["ancestors"] <= 0, found
        width_of_card = root.locator("[data-cell='0']").evaluate(
            "el => el.getBoundingClientRect().width"
        )
        assert width_of_card >= 38
    finally:
        context.close()


def test_the_board_keeps_its_width_from_game_to_game(lesson, window):
    # The counters' text changes from game to game ("own layout", a deal
    # number of 1 or 10 digits, "4 of 4"); the board must not change width.
    window(1280, 900)

    def widths(cell_id: str) -> tuple[float, float, float]:
        root = board(lesson, cell_id)
        b = boxes(root, {"main": ".mcw-main", "side": ".mcw-side", "counters": "dl"})
        return b["main"]["width"], b["side"]["width"], b["counters"]["width"]

    seen = {
        "own layout": widths("board"),
        "deal 1": widths("play"),
        "won, with the banner": widths("end-board"),
    }
    play = board(lesson, "play")
    for deal in ("4294967295", "7"):
        play.locator(".mcw-deal-input").fill(deal)
        play.locator(".mcw-deal-input").press("Enter")
        lesson.wait_for_function(
            "([root, deal]) => root.querySelector('[data-counter=deal] dd').textContent === deal",
            arg=[play.element_handle(), deal],
        )
        seen[f"deal {deal}"] = widths("play")
    assert len(set(seen.values())) == 1, seen
    # The values ("1" … "own layout") end at one place, inside the counters'
    # box (JupyterLab's output area gives dd a width of its own: it must not win).
    ends = (
        board(lesson, "board")
        .locator("dl")
        .evaluate(
            """dl => [...dl.querySelectorAll('dd')].map(dd => {
            const range = document.createRange();
            range.selectNodeContents(dd);
            const end = range.getBoundingClientRect().right;
            return Math.round(end - dl.getBoundingClientRect().right);
        })"""
        )
    )
    assert len(set(ends)) == 1 and ends[0] < 0, ends
