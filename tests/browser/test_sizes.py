"""Classroom sizes and containers in a real JupyterLab 4 (docs/teaching.md,
section 5): two boards in an ``ipywidgets.HBox`` each keep a readable width
(they collapsed to 8 px before), a ``GridBox`` too; ``size="projector"``
fits the whole board in 1280x720 with ranks at least 40 CSS pixels tall;
zooming in (150 %: a 1280x900 window becomes 853x600 CSS pixels) never
makes a card smaller on the screen. The classroom demo's board (a title, a
caption, the walkthrough bar and predict mode's score) fits too: at this
size the bar sits in the side column, under the buttons.
"""

from __future__ import annotations

import pytest
from lab_helpers import cell_by_id, open_cells
from layout_helpers import boxes, frames, scroll_to_top

NAME = "sizes.ipynb"
PARTS = {
    "root": ":scope",
    "status": "[role=status]",
    "tableau": "[role=grid]",
    "side": ".mcw-side",
    "card": ".mcw-board [data-cell='0']",
    "rank": ".mcw-board .mcw-rank",
}
# What must be seen of the demo's board (notebooks/classroom-demo.ipynb).
DEMO_PARTS = {
    **PARTS,
    "title": ".mcw-header-title",
    "caption": ".mcw-header-caption",
    "toolbar": ".mcw-toolbar",
    "counters": ".mcw-counters",
    "walk": ".mcw-walk",
    "slider": "[data-walk='slider']",
    "score": "[data-walk='score']",
    "forward": "[data-walk='forward']",
}
# The worked example of the German rule page, as in the demo notebook.
GERMAN = (
    "9H KH 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH"
    " | TS 5C 2S AD 7S 3H QS JC 5S 8H TH AC 6C 6D 9C TD 4S 8S TC 3C 3D 9D JH 4D KC 6H 7H"
)
DEMO = (
    f"G = {GERMAN!r}\n"
    "d = MonteCarloWidget.from_layout(G, title='Monte Carlo: good neighbours',\n"
    "    caption='Remove two touching cards of the same rank. Suits never matter.',\n"
    "    size='projector')\n"
)

CELLS = {
    "hbox": "import ipywidgets as W\n"
    "from mc_widget import MonteCarloWidget\n"
    "W.HBox([MonteCarloWidget(deal=7), MonteCarloWidget(deal=8)])",
    "grid": "W.GridBox([MonteCarloWidget(deal=7), MonteCarloWidget(deal=8)],\n"
    "          layout=W.Layout(grid_template_columns='1fr 1fr'))",
    "projector": "MonteCarloWidget(deal=7, size='projector')",
    "projector-walk": "p = MonteCarloWidget(deal=7, size='projector')\np.remove_pair(5, 10)\np",
    "normal": "MonteCarloWidget(deal=7)",
    "demo-fresh": DEMO + "d",
    # All pairs removed, three steps into the walkthrough, predict on: the
    # bar and the score are shown (the tallest the demo's board gets).
    "demo": DEMO + "for i, j in [(2, 8), (6, 11), (18, 22)]:\n    d.remove_pair(i, j)\n"
    "d.predict = True\nd.walk_to(3)\nd",
}


@pytest.fixture(scope="module")
def notebook(browser, lab_url, lab_root):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    open_cells(page, lab_url, lab_root, NAME, CELLS, "JupyterLab Light")
    page.wait_for_function("document.querySelectorAll('.mcw [data-cell]').length === 225")
    yield page
    context.close()


def resize(page, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    frames(page, 3)


def roots(page, cell_id: str):
    return cell_by_id(page, cell_id).locator(".mcw")


@pytest.mark.parametrize("cell_id", ["hbox", "grid"])
def test_two_boards_side_by_side_each_keep_a_readable_width(notebook, cell_id):
    resize(notebook, 1280, 900)
    found = roots(notebook, cell_id)
    assert found.count() == 2
    first, second = (boxes(found.nth(k), PARTS) for k in range(2))
    for b in (first, second):
        assert b["root"]["width"] >= 300, b
        assert b["card"]["width"] >= 38, b
    # Side by side, not overlapping.
    assert first["root"]["right"] <= second["root"]["left"] + 1, (first, second)


@pytest.mark.parametrize(
    "cell_id",
    # projector-walk: the walkthrough bar is compact at this size (js/styles/walkthrough.css).
    ["projector", "projector-walk"],
)
def test_projector_fits_1280x720_with_ranks_40_pixels_tall(notebook, cell_id):
    resize(notebook, 1280, 720)
    root = roots(notebook, cell_id).first
    assert root.get_attribute("data-size") == "projector"
    scroll_to_top(notebook, root)
    b = boxes(root, PARTS)
    assert b["rank"]["height"] >= 40, b
    # The whole board (status, tableau, buttons) is inside the notebook's
    # visible part (under JupyterLab's bars, above its status bar).
    assert b["root"]["top"] >= b["scroller"]["top"] - 1, b
    assert b["root"]["bottom"] <= b["scroller"]["bottom"], b
    assert b["root"]["right"] <= 1280, b


@pytest.mark.parametrize("cell_id", ["demo-fresh", "demo"])
def test_the_demo_board_with_title_caption_and_walkthrough_fits_1280x720(notebook, cell_id):
    resize(notebook, 1280, 720)
    root = roots(notebook, cell_id).first
    scroll_to_top(notebook, root)
    b = boxes(root, DEMO_PARTS)
    assert b["rank"]["height"] >= 40, b
    shown = ["title", "caption", "status", "tableau", "toolbar", "counters"]
    if cell_id == "demo":
        shown += ["walk", "slider", "score", "forward"]
    else:
        assert b["walk"]["height"] == 0, b  # no walkthrough offered: hidden
    view = b["scroller"]
    for part in shown:
        box = b[part]
        assert box["height"] > 0, (part, b)
        assert box["top"] >= view["top"] - 1 and box["bottom"] <= view["bottom"], (part, b)
        assert box["right"] <= view["right"], (part, b)
    assert b["root"]["bottom"] <= view["bottom"], b
    # The bar is in the side column at this size, under the buttons (its
    # controls follow them in the Tab order).
    if cell_id == "demo":
        assert b["walk"]["left"] >= b["tableau"]["right"], b
        assert b["walk"]["top"] >= b["toolbar"]["bottom"], b


@pytest.mark.parametrize("cell_id", ["normal", "projector", "projector-walk", "demo"])
def test_zooming_in_never_makes_a_card_smaller_on_screen(notebook, cell_id):
    root = roots(notebook, cell_id).first
    resize(notebook, 1280, 900)
    at_100 = boxes(root, PARTS)["card"]["width"]
    # 150 %: 853x600 CSS pixels, each 1.5 screen pixels.
    resize(notebook, 853, 600)
    at_150 = boxes(root, PARTS)["card"]["width"] * 1.5
    resize(notebook, 1280, 900)
    assert at_150 >= at_100 - 0.5, (at_100, at_150)
