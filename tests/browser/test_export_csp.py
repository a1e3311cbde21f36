"""The exported lesson's Content-Security-Policy (docs/export.md, sections 3
and 4): the cleaning of a notebook's HTML keeps an ``<img src=https://…>`` in
its Markdown or in an output (it runs nothing), so it would be a request; the
policy makes the browser refuse it before the network. Opened from ``file://`` with every
request that is not ``file:`` aborted and recorded, the page makes none at all,
and its board still plays. (Chromium reports each refused image as a request
that failed with ``csp``; it never reaches the network, so the route that
aborts outside requests never sees it.)

The board is the German worked example (tests/cases/german-worked-example.json):
cells 2 (4♣) and 8 (4♥) touch diagonally (RULES.md), so they are a pair.
"""

from __future__ import annotations

import json
from pathlib import Path

from host_helpers import exported_lesson
from nbformat.v4 import new_code_cell, new_markdown_cell

ROOT = Path(__file__).resolve().parents[2]
CASE = json.loads((ROOT / "tests" / "cases" / "german-worked-example.json").read_text())
MARKDOWN_IMG = "https://example.invalid/x.png"
OUTPUT_IMG = "https://example.invalid/y.png"
REMOVED = "Removed 4♣ and 4♥."


def _lesson(folder: Path) -> Path:
    cells = [
        new_markdown_cell(f'# Raw HTML\n\n<img src="{MARKDOWN_IMG}">\n'),
        new_code_cell(f"from IPython.display import HTML\nHTML('<img src=\"{OUTPUT_IMG}\">')"),
        new_code_cell(
            "from mc_widget.widget import MonteCarloWidget\n"
            f"MonteCarloWidget.from_layout({CASE['layout']!r})"
        ),
    ]
    return exported_lesson(folder, "raw-html", cells)


def test_raw_html_images_make_no_request_and_the_board_plays(browser, tmp_path):
    path = _lesson(tmp_path)
    text = path.read_text(encoding="utf-8")
    # The images did reach the page: only the policy stands between them and the network.
    # (nbconvert rewrites the markup, so the DOM's <img> elements are checked below.)
    assert MARKDOWN_IMG in text and OUTPUT_IMG in text
    own = path.resolve().as_uri()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    made: list[str] = []  # requests that reached the network (the route)
    asked: list[str] = []  # requests the page asked for, other than the file
    refused: dict[str, str] = {}  # url -> why it failed
    errors: list[str] = []
    violations: list[str] = []

    def route(r):
        url = r.request.url
        if not url.startswith("file:"):
            made.append(url)
            r.abort()
        else:
            r.continue_()

    context.route("**/*", route)
    page.on("request", lambda request: request.url != own and asked.append(request.url))
    page.on("requestfailed", lambda request: refused.update({request.url: request.failure}))
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.on(
        "console",
        lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None,
    )
    try:
        page.goto(own)
        page.wait_for_function("document.querySelectorAll('.mcw [data-cell]').length === 25")
        # Both images are in the DOM, refused by the policy (the console says so).
        sources = page.locator("img").evaluate_all("els => els.map(e => e.src)")
        assert sorted(sources) == [MARKDOWN_IMG, OUTPUT_IMG]
        page.wait_for_function("() => true")  # let the console messages arrive
        page.wait_for_timeout(200)
        assert any("example.invalid/x.png" in v for v in violations), violations
        assert any("example.invalid/y.png" in v for v in violations), violations
        board = page.locator("[data-mcw-board] .mcw")
        board.locator("[data-cell='2']").click()
        board.locator("[data-cell='8'][data-partner]").wait_for()
        board.locator("[data-cell='8']").click()
        page.wait_for_function(
            "s => document.querySelector('.mcw [role=\"status\"]').textContent.startsWith(s)",
            arg=REMOVED,
        )
        cards = [board.locator(f'[data-cell="{cell}"] [data-card]').count() for cell in (2, 3, 8)]
        assert cards == [0, 1, 0]  # 4♣ and 4♥ gone, 5♦ still in cell 3
        assert errors == []
        assert made == []
        # The two images and nothing else, each refused by the policy, not by the route.
        assert sorted(asked) == [MARKDOWN_IMG, OUTPUT_IMG]
        assert refused == {MARKDOWN_IMG: "csp", OUTPUT_IMG: "csp"}
    finally:
        context.close()
