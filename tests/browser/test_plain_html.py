"""The board on a plain HTML page with no --jp-* or --vscode-* variables (as
in Colab or marimo): its text stays readable on a dark page in a dark colour
scheme, and on a light one in a light scheme. The widget is rendered with a
fake model; the page and the bundle are served by Playwright's router."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mc_widget import Game

STATIC = Path(__file__).resolve().parents[2] / "mc_widget" / "static"
PAGE = """<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="http://mcw.test/widget.css">
<style>
  body { margin: 20px; background: #ffffff; color: #202124; }
  @media (prefers-color-scheme: dark) { body { background: #1f1f1f; color: #e3e3e3; } }
</style></head>
<body><div id="out"></div>
<script type="module">
import widget from "http://mcw.test/widget.js";
const data = { state: STATE, selected: null, feedback: {}, clock: { start: null, stop: null } };
const model = { get: (k) => data[k], set: (k, v) => { data[k] = v; }, on() {}, off() {},
  save_changes() {}, send() {} };
widget.render({ model, el: document.getElementById("out") });
window.ready = true;
</script></body></html>"""


def _rgb(css: str) -> tuple[float, ...]:
    return tuple(float(x) for x in re.findall(r"[\d.]+", css)[:3])


def _luminance(css: str) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in _rgb(css))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: str, b: str) -> float:
    high, low = sorted([_luminance(a), _luminance(b)], reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_text_is_readable_without_theme_variables(browser, scheme):
    game = Game(deal=7)
    game.remove_pair(5, 10)
    html = PAGE.replace("STATE", json.dumps(game.to_state()))
    context = browser.new_context(viewport={"width": 900, "height": 700}, color_scheme=scheme)
    page = context.new_page()

    def serve(route):
        name = route.request.url.rsplit("/", 1)[-1]
        if name == "page.html":
            route.fulfill(body=html, content_type="text/html")
        else:
            kind = "text/javascript" if name.endswith(".js") else "text/css"
            route.fulfill(path=str(STATIC / name), content_type=kind)

    try:
        page.route("http://mcw.test/**", serve)
        page.goto("http://mcw.test/page.html")
        page.wait_for_function("window.ready === true")
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
        assert _luminance(colours["background"]) < 0.05, colours
    else:
        assert _luminance(colours["background"]) > 0.9, colours
    # The texts that sit on that background (the Deal label, the stock and
    # discards captions) reach WCAG AA, 4.5:1.
    for name in ("deal", "caption", "muted"):
        assert _contrast(colours[name], colours["background"]) >= 4.5, (name, colours)
