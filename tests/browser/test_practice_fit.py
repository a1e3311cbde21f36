"""The practice board's fit in a real JupyterLab 4 (issue 21, item 5): at
1280x720 with the file browser open, at 150 % zoom (1280x720 at 150 % is
853x480 CSS pixels: test_layout.py changes the window, as the browser's zoom
does), in a narrow column (an ``ipywidgets.HBox`` beside a normal board), and
in JupyterLab's dark theme. Nothing of the practice board sticks out or is
cut, its text is at least 12 CSS px, its words have 4.5:1 contrast, and every
exercise cell and verdict button is on the screen (after the board is
scrolled to the top of the notebook).

Screenshots in /tmp/host-shots (practice-fit-*.png), to be looked at.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from host_helpers import DARK, LIGHT, board_luminance
from lab_helpers import cell_by_id, open_cells, set_theme
from layout_helpers import frames, overflow, scroll_to_top, text_contrast
from practice_helpers import (
    FIRST_WRONG,
    LOST_WHY,
    PRACTICE,
    SET_ARGS,
    STATUS,
    answer_verdict,
    wait_for_exercise,
    wait_for_status,
)

NAME = "practice-fit.ipynb"
SHOTS = Path("/tmp/host-shots")
CELLS = {
    "practice": f"from mc_widget import MonteCarloWidget\nMonteCarloWidget.practice({SET_ARGS})",
    # The narrow column: a normal board and a practice board side by side.
    "beside": "import ipywidgets as widgets\n"
    "widgets.HBox([MonteCarloWidget(deal=7),\n"
    "              MonteCarloWidget.practice(kind='verdict', level=1, seed=3, n=3)])",
}
# Small print a class can still read (CSS px).
MIN_FONT = 12
# What of a practice board a learner must see, measured in the page: its box,
# the notebook's visible part, every exercise cell and action button shown,
# the smallest text, and any element whose text is cut (overflow hidden with
# more content than room) or that reaches outside the board sideways.
MEASURE = """(root) => {
    const box = el => { const r = el.getBoundingClientRect();
        return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,
                width: r.width, height: r.height}; };
    const shown = el => el.getClientRects().length > 0
        && getComputedStyle(el).visibility !== 'hidden';
    const out = {root: box(root), cells: [], actions: [], fonts: [], cut: []};
    for (const el of root.querySelectorAll('[data-practice-cell]')) {
        if (shown(el)) out.cells.push({cell: el.dataset.practiceCell, ...box(el)});
    }
    for (const el of root.querySelectorAll('[data-practice-action]')) {
        if (shown(el)) out.actions.push({name: el.dataset.practiceAction, ...box(el)});
    }
    for (const el of [root, ...root.querySelectorAll('*')]) {
        if (!shown(el)) continue;
        const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
        const s = getComputedStyle(el);
        if (own) {
            out.fonts.push({tag: el.tagName.toLowerCase(), cls: String(el.className),
                text: el.textContent.trim().slice(0, 30), size: parseFloat(s.fontSize)});
        }
        const clips = /(hidden|clip)/.test(s.overflowX + ' ' + s.overflowY)
            || s.textOverflow === 'ellipsis';
        if (own && clips && (el.scrollWidth > el.clientWidth + 1
                || el.scrollHeight > el.clientHeight + 1)) {
            const what = el.textContent.trim().slice(0, 40);
            out.cut.push(`${el.tagName.toLowerCase()}.${el.className}: ${what}`);
        }
    }
    let s = root.parentElement;
    const scrolls = e => e.scrollHeight > e.clientHeight
        && /(auto|scroll)/.test(getComputedStyle(e).overflowY);
    while (s && !scrolls(s)) s = s.parentElement;
    s = s || document.documentElement;
    const r = s.getBoundingClientRect();
    out.view = {left: r.left, top: Math.max(r.top, 0), right: r.left + s.clientWidth,
                bottom: Math.min(r.top + s.clientHeight, window.innerHeight)};
    return out;
}"""


@pytest.fixture(scope="module")
def notebook(browser, lab_url, lab_root):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    open_cells(page, lab_url, lab_root, NAME, CELLS, "JupyterLab Light")
    page.wait_for_function(f"document.querySelectorAll('{PRACTICE}').length === 2")
    for k in range(2):
        wait_for_exercise(page.locator(PRACTICE).nth(k))
    yield page
    set_theme(page, "JupyterLab Light")  # a user setting of the shared server: put it back
    context.close()


def window(page, width: int, height: int, *, file_browser: bool) -> None:
    page.set_viewport_size({"width": width, "height": height})
    shell = "window.jupyterapp.shell"
    page.evaluate(f"() => {shell}.{'expandLeft' if file_browser else 'collapseLeft'}()")
    frames(page, 3)


def practice(page, cell_id: str):
    root = cell_by_id(page, cell_id).locator(PRACTICE).first
    scroll_to_top(page, cell_by_id(page, cell_id).locator(".jp-OutputArea").first)
    return root


def inside(box: dict, view: dict) -> bool:
    return (
        box["top"] >= view["top"] - 1
        and box["bottom"] <= view["bottom"] + 0.5
        and box["left"] >= view["left"] - 1
        and box["right"] <= view["right"] + 0.5
    )


def check_drawn_whole(root, *, whole_on_screen: bool) -> dict:
    """Assert nothing of the board is cut, sticks out or is too small; return the measure."""
    m = root.evaluate(MEASURE)
    view = m["view"]
    assert len(m["cells"]) == 25, m["cells"]  # the standard 5x5 tableau
    assert {"won", "lost", "playing"} <= {a["name"] for a in m["actions"]}, m["actions"]
    for part in m["cells"] + m["actions"]:
        # Inside the board, and on the screen sideways at least.
        assert inside(part, m["root"]), (part, m["root"])
        assert part["left"] >= view["left"] - 1 and part["right"] <= view["right"] + 0.5, (
            part,
            view,
        )
        if whole_on_screen:
            assert inside(part, view), (part, view)
    assert m["cut"] == [], m["cut"]
    small = [f for f in m["fonts"] if f["size"] < MIN_FONT]
    assert small == [], small
    found = overflow(root)
    assert found["outside"] == [] and found["root"] <= 0, found
    return m


def test_at_1280x720_with_the_file_browser_open_the_board_is_whole(notebook):
    # The board's output at the top of the notebook, as after running its cell:
    # the prompt, every cell of the tableau and the three verdict buttons on
    # one screen, so a learner answers without scrolling.
    window(notebook, 1280, 720, file_browser=True)
    root = practice(notebook, "practice")
    SHOTS.mkdir(exist_ok=True)
    notebook.screenshot(path=str(SHOTS / "practice-fit-1280x720-light.png"))
    check_drawn_whole(root, whole_on_screen=True)
    assert board_luminance(root) > LIGHT


@pytest.mark.parametrize(("width", "height"), [(853, 600), (853, 480)])
def test_at_150_percent_zoom_nothing_is_cut_or_sideways(notebook, width, height):
    # 1280x900 and 1280x720 at 150 %, the file browser hidden (a projector).
    window(notebook, width, height, file_browser=False)
    try:
        root = practice(notebook, "practice")
        SHOTS.mkdir(exist_ok=True)
        notebook.screenshot(path=str(SHOTS / f"practice-fit-150-percent-{height}.png"))
        m = check_drawn_whole(root, whole_on_screen=False)
        # Cards a class can read: at least 30 CSS px wide (45 on the wall).
        assert min(c["width"] for c in m["cells"]) >= 30, m["cells"]
        if height == 600:
            # As the game board's tableau (test_layout.py): the whole tableau on the screen.
            top = min(c["top"] for c in m["cells"])
            bottom = max(c["bottom"] for c in m["cells"])
            assert bottom - top <= m["view"]["bottom"] - m["view"]["top"], (top, bottom, m)
    finally:
        window(notebook, 1280, 720, file_browser=True)


def test_in_a_narrow_column_beside_a_board_nothing_overlaps(notebook):
    window(notebook, 1280, 720, file_browser=True)
    cell = cell_by_id(notebook, "beside")
    scroll_to_top(notebook, cell.locator(".jp-OutputArea").first)
    root = cell.locator(PRACTICE).first
    game = cell.locator(".mcw").first
    m = check_drawn_whole(root, whole_on_screen=False)
    g = game.bounding_box()
    p = m["root"]
    # Side by side, not on top of each other.
    assert g["x"] + g["width"] <= p["left"] + 0.5 or p["right"] <= g["x"] + 0.5, (g, p)
    notebook.screenshot(path=str(SHOTS / "practice-fit-narrow.png"))


def test_dark_theme_paints_a_dark_board_with_readable_words(notebook):
    window(notebook, 1280, 720, file_browser=True)
    set_theme(notebook, "JupyterLab Dark")
    try:
        root = practice(notebook, "practice")
        notebook.wait_for_function(
            "(el) => { const b = getComputedStyle(el.closest('.mcw') || el).backgroundColor;"
            " const m = b.match(/\\d+/g); return m && Number(m[0]) < 80; }",
            arg=root.element_handle(),
        )
        assert board_luminance(root) < DARK
        check_drawn_whole(root, whole_on_screen=False)
        # A wrong answer, so the explanation and the Next button are drawn too.
        answer_verdict(root, FIRST_WRONG)
        wait_for_status(root, LOST_WHY)
        root.locator("[data-practice-action='next']").wait_for()
        SHOTS.mkdir(exist_ok=True)
        notebook.screenshot(path=str(SHOTS / "practice-fit-dark-wrong.png"))
        parts = [STATUS, ".mcw-practice-prompt", "[data-practice-action='next']"]
        for part in parts:
            ratio, fg, bg = text_contrast(root.locator(part).first)
            assert ratio >= 4.5, (part, ratio, fg, bg)
    finally:
        set_theme(notebook, "JupyterLab Light")
    # Light again: the board follows the theme back.
    root = practice(notebook, "practice")
    notebook.wait_for_function(
        "(el) => { const b = getComputedStyle(el.closest('.mcw') || el).backgroundColor;"
        " const m = b.match(/\\d+/g); return m && Number(m[0]) > 180; }",
        arg=root.element_handle(),
    )
    assert board_luminance(root) > LIGHT
