"""A hostile notebook exported (``python -m mc_widget.export``) and opened from
``file://`` in Debian's Chromium (issue 17, item 1; docs/export.md, section 4).

Every way the tester found for a notebook to run script or leave the page is in
it: a Markdown ``<script>`` that sets a global and navigates to a listener, a
Markdown ``<meta http-equiv="refresh">``, an HTML output's ``<script>`` and
``onerror`` handler, a ``Javascript`` output that calls ``window.open``, a
``javascript:`` link and a ``data:`` link (both clicked), an SVG output with
``onload`` and a ``<script>``, a Markdown output's ``<script>``, a mermaid
output that closes its ``<pre>``, and a ``<form>`` aimed at the listener. Each
would set a global named ``pwned_<where>`` and reach a real listener on
127.0.0.1. Expected: no global set, no request reaches the listener, the page
stays the file and no window opens, and the board (the German worked example,
tests/cases/german-worked-example.json: 4♣ in cell 2 and 4♥ in cell 8 touch
diagonally, RULES.md) still plays.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

import pytest
from host_helpers import exported_lesson
from nbformat.v4 import new_code_cell, new_markdown_cell

ROOT = Path(__file__).resolve().parents[2]
CASE = json.loads((ROOT / "tests" / "cases" / "german-worked-example.json").read_text())
REMOVED = "Removed 4♣ and 4♥."
# The places a script was planted: each would set window.pwned_<place>.
PLACES = ("md", "meta", "html", "onerror", "js", "open", "svg", "markdown_output", "mermaid")


class _Listener(BaseHTTPRequestHandler):
    hits: ClassVar[list[str]] = []

    def do_GET(self):
        self.hits.append(self.path)
        self.send_response(204)
        self.end_headers()

    do_POST = do_GET

    def log_message(self, *args):
        pass


@pytest.fixture
def listener():
    """A local listener on 127.0.0.1 (a free port); yields (base URL, hits)."""
    hits: list[str] = []
    handler = type("Handler", (_Listener,), {"hits": hits})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", hits
    finally:
        server.shutdown()
        server.server_close()


def _hostile(folder: Path, base: str) -> Path:
    """The hostile lesson, executed and exported; returns the page."""
    go = f"location.href='{base}/{{}}?'+document.title"
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" onload="window.pwned_svg=1">'
        '<script>window.pwned_svg=1</script><rect width="10" height="10"/></svg>'
    )
    cells = [
        new_markdown_cell(
            "# Hostile\n\n"
            f"<script>window.pwned_md=1;{go.format('md')}</script>\n\n"
            f'<meta http-equiv="refresh" content="0;url={base}/meta">\n\n'
            '<a id="js-link" href="javascript:window.pwned_link=1">a javascript: link</a>\n\n'
            '<a id="data-link" href="data:text/html,<script>alert(1)</script>">a data: link</a>\n\n'
            f'<form id="form" action="{base}/form" method="post"><button>send</button></form>\n'
        ),
        new_code_cell(
            "from IPython.display import HTML, Javascript, Markdown, SVG, display\n"
            f'display(HTML("<script>window.pwned_html=1;{go.format("html")}</script>'
            f'<img src=x onerror=\\"window.pwned_onerror=1;{go.format("onerror")}\\">"))\n'
            f"display(Javascript(\"window.pwned_js=1;window.open('{base}/open')\"))\n"
            f"display(SVG({svg!r}))\n"
            "display(Markdown('<script>window.pwned_markdown_output=1</script>**bold**'))\n"
            "display({'text/vnd.mermaid': '</pre><script>window.pwned_mermaid=1</script>'},"
            " raw=True)\n"
        ),
        new_code_cell(
            "from mc_widget.widget import MonteCarloWidget\n"
            f"MonteCarloWidget.from_layout({CASE['layout']!r})"
        ),
    ]
    return exported_lesson(folder, "hostile", cells)


def test_a_hostile_notebook_runs_nothing_and_the_board_plays(browser, tmp_path, listener):
    base, hits = listener
    path = _hostile(tmp_path, base)
    own = path.resolve().as_uri()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    outside: list[str] = []  # requests for anything but the file and the bundle's blob:
    errors: list[str] = []
    opened: list[str] = []
    context.on("page", lambda p: opened.append(p.url))
    page.on("request", lambda r: r.url.startswith(("file:", "blob:")) or outside.append(r.url))
    page.on("pageerror", lambda err: errors.append(str(err)))
    try:
        page.goto(own, wait_until="commit")
        page.wait_for_timeout(1500)  # a refresh of 0 s, a timer, an onerror: time to fire
        assert hits == []
        assert outside == []
        assert page.url == own
        page.wait_for_function("document.querySelectorAll('.mcw [data-cell]').length === 25")
        # Click the two links: neither may run script or leave the page.
        for link in ("#js-link", "#data-link"):
            if page.locator(link).count():
                page.locator(link).click()
        page.wait_for_timeout(300)
        assert page.url == own
        planted = page.evaluate(
            "places => places.filter(p => window['pwned_' + p] !== undefined)",
            [*PLACES, "link"],
        )
        assert planted == []
        assert page.locator("script:not([type]), script[type='text/javascript']").count() == 0
        assert page.locator("meta[http-equiv='refresh'], form, [onerror], [onload]").count() == 0
        assert page.locator("a[href^='javascript:'], a[href^='data:']").count() == 0
        board = page.locator("[data-mcw-board] .mcw")
        board.locator("[data-cell='2']").click()
        board.locator("[data-cell='8'][data-partner]").wait_for()
        board.locator("[data-cell='8']").click()
        page.wait_for_function(
            "s => document.querySelector('.mcw [role=\"status\"]').textContent.startsWith(s)",
            arg=REMOVED,
        )
        assert errors == []
        assert opened == []
        assert outside == []
        assert hits == []
    finally:
        context.close()


def test_a_link_the_reader_clicks_opens_a_new_tab_and_the_lesson_stays(browser, tmp_path, listener):
    # A new user's trial of issue 17: a clicked link took the lesson's own tab
    # away, and the game on its board with it.
    base, _ = listener
    cells = [
        new_markdown_cell(f'# Links\n\n<a id="out" href="{base}/link" target="_top">read on</a>\n'),
        new_code_cell(
            "from mc_widget.widget import MonteCarloWidget\n"
            f"MonteCarloWidget.from_layout({CASE['layout']!r})"
        ),
    ]
    path = exported_lesson(tmp_path, "links", cells)
    own = path.resolve().as_uri()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto(own)
        board = page.locator("[data-mcw-board] .mcw")
        board.locator("[data-cell='2']").click()
        board.locator("[data-cell='8']").click()  # 4♣ 4♥: a game under way
        board.locator("[data-cell='8'][data-gap]").wait_for()
        # What the page asks the browser to open (the tab itself is the browser's).
        page.evaluate(
            "() => { window.__opened = []; const open = window.open.bind(window);"
            " window.open = (...args) => (window.__opened.push(args), open(...args)); }"
        )
        page.locator("#out").click()
        page.wait_for_timeout(300)
        assert page.url == own  # the lesson stays, and its board's game
        assert board.locator("[data-cell='8'][data-gap]").count() == 1
        opened = page.evaluate("() => window.__opened")
        assert opened == [[f"{base}/link", "_blank", "noopener,noreferrer"]]
    finally:
        context.close()
