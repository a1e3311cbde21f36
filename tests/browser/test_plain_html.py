"""The board on a plain HTML page with no --jp-* or --vscode-* variables (as
in Colab or exported HTML) that declares no colour scheme of its own: its
text stays readable on a dark page in a dark system colour scheme, and on a
light one in a light scheme (the page of ``layout_helpers.open_plain_board``:
the bundle and a fake model). A host that declares its scheme (marimo):
tests/browser/test_marimo.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from layout_helpers import contrast, luminance, open_plain_board

from mc_widget import Game

STATIC = Path(__file__).resolve().parents[2] / "mc_widget" / "static"


def _rgb(css: str) -> list[float]:
    return [float(x) for x in re.findall(r"[\d.]+", css)[:3]]


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_text_is_readable_without_theme_variables(browser, scheme):
    game = Game(deal=7)
    game.remove_pair(5, 10)
    context = browser.new_context(viewport={"width": 900, "height": 700}, color_scheme=scheme)
    page = context.new_page()
    try:
        open_plain_board(page, game.to_state(), STATIC)
        colours = page.evaluate(
            """() => {
              const style = (sel) => getComputedStyle(document.querySelector(sel));
              return {
                background: style(".mcw").backgroundColor,
                deal: style(".mcw-deal-label").color,
                caption: style(".mcw-caption-value").color,
                muted: style(".mcw-caption-title").color,
              };
            }"""
        )
    finally:
        context.close()
    # The root paints its own background, dark in a dark scheme.
    if scheme == "dark":
        assert luminance(_rgb(colours["background"])) < 0.05, colours
    else:
        assert luminance(_rgb(colours["background"])) > 0.9, colours
    # The texts that sit on that background (the Deal label, the stock and
    # discards captions) reach WCAG AA, 4.5:1.
    for name in ("deal", "caption", "muted"):
        assert contrast(_rgb(colours[name]), _rgb(colours["background"])) >= 4.5, (name, colours)
