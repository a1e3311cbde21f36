"""The slide of a moving card in a real layout (js/view/anim.js), on a page
opened from ``file://`` in Chromium: jsdom has no layout, so only here can the
distances be checked. The animator measures the cells before the board is
redrawn (docs/performance.md, "Click to neighbour highlight"); each slide must
still start exactly where the card was.

Expected places come from the German worked example
(tests/cases/german-worked-example.json) and RULES.md, "One card at a time":
with its three pairs removed, the first walkthrough step moves 5♦ from cell 3
into the gap at cell 2; after the 17 moves, the first deal puts the top stock
card into cell 19. A card's first keyframe must put it back on the centre of
the cell (or the stock pile) it came from: the difference of the two centres,
measured here with ``getBoundingClientRect``, to half a pixel.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mc_widget.widget import MonteCarloWidget

CASE = json.loads(
    (Path(__file__).resolve().parents[1] / "cases" / "german-worked-example.json").read_text()
)

# The first keyframe of the animation on the card now in `cell`, and the
# centres of that cell and of `from` (a cell number, or "stock").
SLIDE = """([cell, from]) => {
  const board = document.querySelector('.mcw');
  const centre = (el) => { const r = el.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2]; };
  const card = board.querySelector(`[data-cell="${cell}"] .mcw-card`);
  const animations = card.getAnimations();
  const source = from === 'stock' ? board.querySelector('.mcw-stock .mcw-back')
    : board.querySelector(`[data-cell="${from}"]`);
  return {
    count: animations.length,
    first: animations.length ? animations[0].effect.getKeyframes()[0].transform : null,
    to: centre(board.querySelector(`[data-cell="${cell}"]`)),
    from: centre(source),
  };
}"""


def _board(tmp_path, size: str) -> Path:
    w = MonteCarloWidget.from_layout(CASE["layout"], size=size)
    for cells in CASE["remove"]:
        w.remove_pair(*cells)
    return w.to_html(tmp_path / f"walk-{size}.html")


def _open(browser, path: Path, *, reduced: bool = False):
    context = browser.new_context(
        viewport={"width": 1280, "height": 720},
        reduced_motion="reduce" if reduced else "no-preference",
    )
    page = context.new_page()
    page.goto(path.resolve().as_uri())
    page.wait_for_selector(".mcw [data-walk='forward']")
    return context, page


def _walk_to(page, k: int):
    page.locator("[data-walk='forward']").click()
    page.wait_for_function(
        "k => document.querySelector(\".mcw [data-walk='position']\").textContent"
        ".includes(`${k} of 23`)",
        arg=k,
    )


def _translate(transform: str) -> tuple[float, float]:
    found = re.match(r"translate\((-?[\d.]+)px, (-?[\d.]+)px\)", transform)
    assert found, transform
    return float(found[1]), float(found[2])


@pytest.mark.parametrize("size", ["normal", "projector"])
def test_a_walkthrough_step_slides_from_the_cell_it_left(browser, tmp_path, size):
    context, page = _open(browser, _board(tmp_path, size))
    try:
        _walk_to(page, 1)
        slide = page.evaluate(SLIDE, [2, 3])
        assert slide["count"] == 1
        dx, dy = _translate(slide["first"])
        # 5♦ is drawn back on cell 3's centre: one cell to the right, same row.
        assert dx == pytest.approx(slide["from"][0] - slide["to"][0], abs=0.5)
        assert dy == pytest.approx(slide["from"][1] - slide["to"][1], abs=0.5)
        assert dx > 0
        assert dy == pytest.approx(0, abs=0.5)
    finally:
        context.close()


def test_a_deal_slides_in_from_the_stock_pile(browser, tmp_path):
    context, page = _open(browser, _board(tmp_path, "normal"))
    try:
        slider = page.locator("[data-walk='slider']")
        slider.evaluate(
            "(el) => { el.value = '17'; el.dispatchEvent(new Event('input', {bubbles: true})); }"
        )
        page.wait_for_function(
            "() => document.querySelector(\".mcw [data-walk='position']\").textContent"
            ".includes('17 of 23')"
        )
        page.evaluate("() => document.getAnimations().forEach((a) => a.finish())")
        _walk_to(page, 18)
        slide = page.evaluate(SLIDE, [19, "stock"])
        assert slide["count"] == 1
        dx, dy = _translate(slide["first"])
        assert dx == pytest.approx(slide["from"][0] - slide["to"][0], abs=0.5)
        assert dy == pytest.approx(slide["from"][1] - slide["to"][1], abs=0.5)
    finally:
        context.close()


def test_reduced_motion_moves_the_card_without_a_slide(browser, tmp_path):
    context, page = _open(browser, _board(tmp_path, "normal"), reduced=True)
    try:
        _walk_to(page, 1)
        slide = page.evaluate(SLIDE, [2, 3])
        assert slide["count"] == 0
        assert page.locator(".mcw [data-cell='2'] [data-card]").get_attribute("data-card") == "5D"
    finally:
        context.close()
