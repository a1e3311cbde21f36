"""A board that fits the front of a classroom (issue 20; docs/teaching.md,
section 5), in a real JupyterLab 4 with the file browser open as a teacher
has it: ``size="projector"`` cards at least 110 CSS px tall at 1920x1080,
the whole projector board (title, every cell, counters, every control,
status line) inside the notebook's visible part at 1280x720; each mistake's
title, rule, wrong and right panels on one screen at 1280x720, wrong and
right side by side at 150 % zoom; ``size="large"`` no smaller on the screen
at 150 %; print media shows the tableau and its marks without controls; the
dealt badge and the emphasised button's key letter readable in light and
dark. One JupyterLab notebook holds every board. And on a phone (a plain
page, touch emulated): no key hints, "tap" instead of "click".
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lab_helpers import cell_by_id, open_cells, set_theme
from layout_helpers import contrast, frames, open_plain_board, scroll_to_top, text_contrast

from mc_widget.engine import Game

STATIC = Path(__file__).resolve().parents[2] / "mc_widget" / "static"

NAME = "classroom-fit.ipynb"
MISTAKES = [f"M{k}" for k in range(1, 11)]
GERMAN = (
    "9H KH 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH"
    " | TS 5C 2S AD 7S 3H QS JC 5S 8H TH AC 6C 6D 9C TD 4S 8S TC 3C 3D 9D JH 4D KC 6H 7H"
)
CELLS = {
    "projector": "from mc_widget import MonteCarloWidget\n"
    "MonteCarloWidget(deal=7, size='projector', title='Monte Carlo: good neighbours',\n"
    "    caption='Remove two touching cards of the same rank. Suits never matter.')",
    # The classroom demo three steps into a walkthrough with predict on: the
    # tallest a projector board gets (the bar and the score in the side column).
    "demo": f"d = MonteCarloWidget.from_layout({GERMAN!r}, title='Monte Carlo: good neighbours',\n"
    "    caption='Remove two touching cards of the same rank. Suits never matter.',\n"
    "    size='projector')\n"
    "for i, j in [(2, 8), (6, 11), (18, 22)]:\n    d.remove_pair(i, j)\n"
    "d.predict = True\nd.walk_to(3)\nd",
    "large": "MonteCarloWidget(deal=7, size='large')",
    # A selected card: its neighbours outlined, its partner marked "pair".
    "selected": "s = MonteCarloWidget(deal=7)\ns.select(6)\ns",
    **{code: f"MonteCarloWidget.mistake({code!r})" for code in MISTAKES},
}
BOARDS = 4 + len(MISTAKES)
# What the class must see of a board: the first match of each, inside the root.
PARTS = {
    "root": ":scope",
    "title": ".mcw-header-title",
    "caption": ".mcw-header-caption",
    "status": "[role=status]",
    "tableau": "[role=grid]",
    "counters": ".mcw-counters",
    "card": ".mcw-board [data-cell='0']",
}

# Boxes of the parts, every cell and every control shown (not display: none),
# and the notebook's visible part (the nearest scrolling ancestor, within the window).
MEASURE = """(root, parts) => {
    const box = el => { const r = el.getBoundingClientRect();
        return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,
                width: r.width, height: r.height}; };
    const shown = el => el.getClientRects().length > 0;
    const out = {parts: {}, cells: [], controls: []};
    for (const [name, sel] of Object.entries(parts)) {
        const el = sel === ':scope' ? root : root.querySelector(sel);
        out.parts[name] = el && shown(el) ? box(el) : null;
    }
    for (const el of root.querySelectorAll('.mcw-board [data-cell]')) out.cells.push(box(el));
    for (const el of root.querySelectorAll('button, select, input, [data-walk]')) {
        if (shown(el)) out.controls.push({name: el.dataset.action || el.dataset.walk
            || el.className, ...box(el)});
    }
    const scrolls = e => e.scrollHeight > e.clientHeight
        && /(auto|scroll)/.test(getComputedStyle(e).overflowY);
    let s = root.parentElement;
    while (!scrolls(s)) s = s.parentElement;
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
    page.wait_for_function(f"document.querySelectorAll('.mcw').length === {BOARDS}")
    page.wait_for_function(
        f"document.querySelectorAll('.mcw-tpanel').length >= {len(MISTAKES) * 2}"
    )
    yield page
    context.close()


def window(page, width: int, height: int, *, file_browser: bool) -> None:
    """The window's size in CSS px, and JupyterLab's file browser open or closed."""
    page.set_viewport_size({"width": width, "height": height})
    shell = "window.jupyterapp.shell"
    page.evaluate(f"() => {shell}.{'expandLeft' if file_browser else 'collapseLeft'}()")
    frames(page, 3)


def board(page, cell_id: str):
    root = cell_by_id(page, cell_id).locator(".mcw").first
    scroll_to_top(page, root)
    return root


def inside(box: dict, view: dict) -> bool:
    return (
        box["top"] >= view["top"] - 1
        and box["bottom"] <= view["bottom"] + 0.5
        and box["left"] >= view["left"] - 1
        and box["right"] <= view["right"] + 0.5
    )


def test_projector_cards_are_110_px_tall_at_1920x1080(notebook):
    window(notebook, 1920, 1080, file_browser=True)
    for cell_id in ("projector", "demo"):
        m = board(notebook, cell_id).evaluate(MEASURE, PARTS)
        assert m["parts"]["card"]["height"] >= 110, (cell_id, m["parts"]["card"])
        # Nothing of it below the notebook's visible part either.
        assert m["parts"]["root"]["bottom"] <= m["view"]["bottom"], (cell_id, m["parts"], m["view"])


@pytest.mark.parametrize("cell_id", ["projector", "demo"])
def test_projector_board_fits_1280x720_with_the_file_browser_open(notebook, cell_id):
    window(notebook, 1280, 720, file_browser=True)
    m = board(notebook, cell_id).evaluate(MEASURE, PARTS)
    view = m["view"]
    # The file browser takes its share: the notebook is narrower than the window.
    assert view["right"] - view["left"] < 1000, view
    for name, box in m["parts"].items():
        assert box is not None and box["height"] > 0, (name, m["parts"])
        assert inside(box, view), (name, box, view)
    assert len(m["cells"]) == 25
    assert all(inside(c, view) for c in m["cells"]), (m["cells"], view)
    names = {c["name"] for c in m["controls"]}
    assert {"consolidate_step", "consolidate", "refill_step", "refill", "undo", "redo"} <= names
    if cell_id == "demo":
        assert {"forward", "play", "slider", "speed"} <= names, names
    outside = [c for c in m["controls"] if not inside(c, view)]
    assert outside == [], (outside, view)


@pytest.mark.parametrize("code", MISTAKES)
def test_mistake_title_rule_and_panels_on_one_screen_at_1280x720(notebook, code):
    window(notebook, 1280, 720, file_browser=True)
    root = board(notebook, code)
    m = root.evaluate(MEASURE, PARTS)
    view = m["view"]
    for name in ("title", "caption"):
        assert inside(m["parts"][name], view), (name, m["parts"][name], view)
    panels = root.locator(".mcw-tpanel")
    verdicts = [panels.nth(k).get_attribute("data-verdict") for k in range(panels.count())]
    assert "wrong" in verdicts and "right" in verdicts, verdicts
    for k in range(panels.count()):
        box = panels.nth(k).bounding_box()
        b = {**box, "right": box["x"] + box["width"], "bottom": box["y"] + box["height"]}
        b.update(left=box["x"], top=box["y"])
        assert inside(b, view), (k, b, view)


def test_wrong_and_right_side_by_side_at_150_percent(notebook):
    # 1280x720 at 150 % zoom: 853x480 CSS pixels.
    window(notebook, 853, 480, file_browser=False)
    for code in MISTAKES:
        root = board(notebook, code)
        panels = root.locator(".mcw-tpanel")
        found = [
            (panels.nth(k).get_attribute("data-verdict"), panels.nth(k).bounding_box())
            for k in range(panels.count())
        ]
        right = next(box for verdict, box in found if verdict == "right")
        # A wrong panel in the same row, beside it (not under it).
        beside = [
            box
            for verdict, box in found
            if verdict == "wrong"
            and abs(box["y"] - right["y"]) < 1
            and abs(box["x"] - right["x"]) >= min(box["width"], right["width"])
        ]
        assert beside, (code, found)


# Every panel's mark badges and ranks, as boxes: [{marks: [...], ranks: [...]}].
BADGES = """(root) => [...root.querySelectorAll('.mcw-tpanel')].map(panel => {
    const box = el => { const r = el.getBoundingClientRect();
        return [r.left, r.top, r.right, r.bottom]; };
    return {marks: [...panel.querySelectorAll('.mcw-tmarks')].map(box),
            ranks: [...panel.querySelectorAll('.mcw-rank')].map(box)};
})"""


def overlap(a: list[float], b: list[float]) -> bool:
    """Whether boxes ``[left, top, right, bottom]`` share more than half a pixel."""
    return min(a[2], b[2]) - max(a[0], b[0]) > 0.5 and min(a[3], b[3]) - max(a[1], b[1]) > 0.5


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (853, 480)])
def test_panel_mark_badges_cover_no_rank_and_no_other_badge(notebook, width, height):
    # At 1280x720 and at 150 % (853x480), where the panel cards are smallest:
    # M3's right panel has a card marked both "moved" and "pair".
    window(notebook, width, height, file_browser=width > 1000)
    for code in MISTAKES:
        for k, panel in enumerate(board(notebook, code).evaluate(BADGES)):
            marks, ranks = panel["marks"], panel["ranks"]
            for i, a in enumerate(marks):
                assert not any(overlap(a, b) for b in marks[i + 1 :]), (code, k, a, marks)
                assert not any(overlap(a, r) for r in ranks), (code, k, a, ranks)


def test_large_cards_are_no_smaller_on_screen_at_150_percent(notebook):
    window(notebook, 1280, 720, file_browser=False)
    at_100 = board(notebook, "large").evaluate(MEASURE, PARTS)["parts"]["card"]["width"]
    window(notebook, 853, 480, file_browser=False)
    at_150 = board(notebook, "large").evaluate(MEASURE, PARTS)["parts"]["card"]["width"] * 1.5
    assert at_100 >= 119, at_100
    assert at_150 >= at_100 - 0.5, (at_100, at_150)


def test_print_shows_the_tableau_and_its_marks_but_no_controls(notebook):
    window(notebook, 1280, 900, file_browser=False)
    notebook.emulate_media(media="print")
    try:
        frames(notebook, 3)
        for cell_id in ("selected", "demo", "M1"):
            root = board(notebook, cell_id)
            m = root.evaluate(MEASURE, PARTS)
            assert m["controls"] == [], (cell_id, m["controls"])
            for gone in (".mcw-side", ".mcw-walk", "[role=status]"):
                assert root.locator(gone).evaluate("e => e.getClientRects().length") == 0, gone
            assert m["parts"]["tableau"]["height"] > 200, (cell_id, m["parts"])
            assert len(m["cells"]) == 25 and all(c["width"] > 30 for c in m["cells"]), cell_id
            # The marks keep their colours.
            style = "e => getComputedStyle(e).printColorAdjust"
            assert root.evaluate(style) == "exact"
        selected = cell_by_id(notebook, "selected").locator(".mcw")
        assert selected.locator("[data-partner] .mcw-mark").is_visible()
        assert (
            selected.locator("[data-selected]").evaluate("e => getComputedStyle(e).outlineStyle")
            == "solid"
        )
        assert selected.locator("[data-neighbour]").count() >= 3
    finally:
        notebook.emulate_media(media="screen")


BADGE = """el => {
    const parse = css => css.match(/[\\d.]+/g).slice(0, 3).map(Number);
    const card = el.closest('.mcw-tslot').querySelector('.mcw-card');
    return {badge: parse(getComputedStyle(el).backgroundColor),
            text: parse(getComputedStyle(el).color),
            card: parse(getComputedStyle(card).backgroundColor)};
}"""


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_dealt_badge_and_emphasised_key_have_contrast(notebook, theme):
    window(notebook, 1280, 900, file_browser=False)
    set_theme(notebook, theme)
    try:
        root = board(notebook, "M4")
        badges = root.locator(".mcw-tslot .mcw-tmark[data-kind='dealt']")
        assert badges.count() >= 1
        c = badges.first.evaluate(BADGE)
        assert contrast(c["text"], c["badge"]) >= 4.5, c
        assert contrast(c["badge"], c["card"]) >= 3, c
        key = root.locator(".mcw-btn[data-emphasis] .mcw-key")
        assert key.count() == 1
        ratio, fg, bg = text_contrast(key)
        assert ratio >= 4.5, (ratio, fg, bg)
    finally:
        set_theme(notebook, "JupyterLab Light")


def test_a_phone_sees_no_key_hints_and_reads_tap(browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    try:
        page = context.new_page()
        open_plain_board(page, Game(deal=7).to_state(), STATIC)
        assert page.evaluate("matchMedia('(hover: none) and (pointer: coarse)').matches")
        keys = page.locator(".mcw-key")
        assert keys.count() >= 5
        assert all(not keys.nth(k).is_visible() for k in range(keys.count()))
        status = page.locator("[role=status]").inner_text()
        assert "tap two touching cards" in status, status
        assert "click" not in status.lower(), status
    finally:
        context.close()
