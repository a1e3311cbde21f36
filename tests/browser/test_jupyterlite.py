"""A board plays in a JupyterLite site built from registry packages, with no outside request.

docs/export.md, section 7 (issue 6, item 5). ``scripts/lite_site.py`` builds
the site once per session (Pyodide from npm, wheels from PyPI, this
checkout's wheel) with one notebook; a tiny threaded server serves it on
127.0.0.1, and Chromium opens it with every request elsewhere aborted and
recorded (and, in case a service worker's request escapes the route, no
host but 127.0.0.1 resolves). In the Pyodide kernel a board from the German
worked example (tests/cases/german-worked-example.json) plays a pair: 4♣
(cell 2) and 4♥ (cell 8), written out here by hand, and Python sees one pair
in its discards. Clicking a selected card again deselects it: the front end
sends ``selected = null``, which Pyodide turns into ``jsnull``; before
mc_widget/jsvalues.py that was refused ("jsnull is not a cell with a card").

The same site holds a second notebook with a practice board (issue 21, item
5; practice_helpers.py's verdict set): exercise 1 answered "lost" (right, by
hand there) in the page reaches the Pyodide kernel, whose ``w.progress``
counts it. The view's answer crosses into Pyodide as JavaScript values (a
JsProxy, ``jsnull`` for null): Python must keep plain dicts, lists and
numbers.

Slow: starting the kernel takes 25-70 s, so the timeouts are generous. One
site is built for the module (both notebooks), not one per notebook.
"""

from __future__ import annotations

import functools
import http.server
import json
import subprocess
import sys
import threading
import urllib.parse
from pathlib import Path
from typing import ClassVar

import nbformat
import pytest
from practice_helpers import (
    FIRST_RIGHT,
    FIRST_ROW,
    LOST_WHY,
    PRACTICE,
    RIGHT_WORDS,
    SET_ARGS,
    answer_verdict,
    cards_in_first_row,
    wait_for_exercise,
    wait_for_progress,
    wait_for_status,
)

REPO = Path(__file__).resolve().parents[2]
CASE = json.loads((REPO / "tests" / "cases" / "german-worked-example.json").read_text())
NOTEBOOK = "board.ipynb"
PRACTICE_NOTEBOOK = "practice.ipynb"
PRACTICE_CELL = (
    f"from mc_widget import MonteCarloWidget\nw = MonteCarloWidget.practice({SET_ARGS})\nw"
)
# What Python knows of the practice board, on one line; and whether every
# answer it kept is plain Python (a JsProxy or jsnull would print False).
PRACTICE_REPORT = (
    "import json\n"
    "p = w.progress\n"
    "plain = json.loads(json.dumps(w.answers)) == w.answers"
    " and all(type(a) is dict and type(a['answer']) is dict for a in w.answers)\n"
    "print('done', p['done'], 'right', p['right'],"
    " 'answers', [a['answer']['status'] for a in w.answers], 'plain', plain)"
)
BOARD_CELL = (
    "from mc_widget import MonteCarloWidget\n"
    f"w = MonteCarloWidget.from_layout({CASE['layout']!r})\n"
    "w"
)
# What Python knows of the board, on one line: the test reads it after a move.
REPORT_CELL = 'print("discards", len(w.game.discards), "selected", w.selected)'
KERNEL_IDLE = ".jp-StatusBar-TextItem:has-text('Python (Pyodide) | Idle')"
STATUS = ".mcw [role=status]"
MIME_TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript"}


def board_notebook(path: Path, cells: tuple[str, str] = (BOARD_CELL, REPORT_CELL)) -> Path:
    """A notebook of the site: a board's cell, then its report cell; Pyodide's kernel named."""
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in cells]
    notebook.metadata["kernelspec"] = {
        "name": "python",
        "display_name": "Python (Pyodide)",
        "language": "python",
    }
    nbformat.write(notebook, path)
    return path


@pytest.fixture(scope="module")
def lite_site(tmp_path_factory) -> Path:
    """The site, built by the teacher's command (scripts/lite_site.py OUT --contents ...)."""
    scratch = tmp_path_factory.mktemp("lite")
    notebook = board_notebook(scratch / NOTEBOOK)
    practice = board_notebook(scratch / PRACTICE_NOTEBOOK, (PRACTICE_CELL, PRACTICE_REPORT))
    site = scratch / "site"
    done = subprocess.run(
        [
            sys.executable,
            str(REPO / "scripts" / "lite_site.py"),
            str(site),
            "--contents",
            str(notebook),
            "--contents",
            str(practice),
        ],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, f"lite_site.py failed:\n{done.stdout}\n{done.stderr}"
    return site


class _SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }

    def log_message(self, format, *args):  # the test's output stays readable
        pass


@pytest.fixture(scope="module")
def lite_url(lite_site):
    """The site served on 127.0.0.1 (a free port) by a threaded http.server."""
    handler = functools.partial(_SiteHandler, directory=str(lite_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def outside() -> list[str]:
    """Every request to a host other than 127.0.0.1, aborted (filled by the page's route)."""
    return []


def _abort_outside(context, outside: list[str]) -> None:
    def route(route):
        url = route.request.url
        if urllib.parse.urlsplit(url).hostname == "127.0.0.1" or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    context.route("**/*", route)


@pytest.fixture(scope="module")
def lite_page(lite_url, outside, browser):
    """The notebook open in JupyterLite, its board cell run and the board drawn.

    On the session's Chromium (tests/browser/conftest.py): a second Playwright
    in the same process would refuse to start inside the first one's loop.
    """

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    _abort_outside(context, outside)
    page = context.new_page()
    page.goto(f"{lite_url}/lab/index.html?path={NOTEBOOK}")
    page.wait_for_selector(".jp-Notebook .jp-Cell .cm-content", timeout=120_000)
    page.wait_for_selector(KERNEL_IDLE, timeout=300_000)
    run_cell(page, 0)
    page.wait_for_selector(".mcw [data-cell='2'] [data-card='4C']", timeout=180_000)
    yield page
    context.close()


def run_cell(page, index: int) -> None:
    """Run code cell ``index`` in place (Ctrl+Enter), as a reader does."""
    page.locator(".jp-Notebook .jp-Cell").nth(index).locator(".cm-content").click()
    page.keyboard.press("Control+Enter")


def python_report(page) -> str:
    """Run the report cell and return its new output line (what Python sees now)."""
    cell = page.locator(".jp-Notebook .jp-Cell").nth(1)
    cell.scroll_into_view_if_needed()
    before = cell.locator(".jp-InputPrompt").text_content()
    run_cell(page, 1)
    # A finished run gets a new execution count ("[*]" while it runs); its
    # output replaces the earlier one.
    page.wait_for_function(
        "([el, before]) => /\\[\\d+\\]/.test(el.textContent) && el.textContent !== before",
        arg=[cell.locator(".jp-InputPrompt").element_handle(), before],
        timeout=120_000,
    )
    page.wait_for_selector(KERNEL_IDLE, timeout=120_000)
    return cell.locator(".jp-OutputArea").inner_text().strip()


def test_a_pair_is_removed_and_python_sees_it(lite_page):
    page = lite_page
    assert python_report(page) == "discards 0 selected None"
    page.locator(".mcw [data-cell='2']").click()
    page.wait_for_selector(".mcw [data-cell='2'][data-selected]", timeout=30_000)
    page.locator(".mcw [data-cell='8']").click()
    page.wait_for_selector(".mcw [data-cell='8'][data-gap]", timeout=30_000)
    assert page.locator(".mcw [data-cell='2'][data-gap]").count() == 1
    assert "Removed 4♣ and 4♥" in page.locator(STATUS).inner_text()
    assert python_report(page) == "discards 1 selected None"
    # The kernel answered the move without refusing it.
    assert "refused" not in page.locator(STATUS).inner_text()


def test_a_selected_card_clicked_again_is_deselected(lite_page):
    page = lite_page
    page.locator(".mcw [data-cell='0']").click()  # 9♥, not in the pair
    page.wait_for_selector(".mcw [data-cell='0'][data-selected]", timeout=30_000)
    # (The discards are the pair test's business: only the selection here.)
    assert python_report(page).endswith(" selected 0")
    page.locator(".mcw [data-cell='0']").click()
    page.wait_for_selector(".mcw [data-selected]", state="detached", timeout=30_000)
    # Python got the null (as jsnull) and took it for None, refusing nothing:
    # by the time the report's output is back, any refusal would be shown.
    assert python_report(page).endswith(" selected None")
    status = page.locator(STATUS).inner_text()
    assert "refused" not in status and "jsnull" not in status, status
    assert page.locator(".mcw [data-selected]").count() == 0


def test_a_practice_answer_reaches_the_pyodide_kernel(lite_url, outside, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    _abort_outside(context, outside)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(f"{lite_url}/lab/index.html?path={PRACTICE_NOTEBOOK}")
        page.wait_for_selector(".jp-Notebook .jp-Cell .cm-content", timeout=120_000)
        page.wait_for_selector(KERNEL_IDLE, timeout=300_000)
        run_cell(page, 0)
        board = page.locator(PRACTICE)
        wait_for_exercise(board, timeout=180_000)
        assert cards_in_first_row(board) == FIRST_ROW
        assert python_report(page) == "done 0 right 0 answers [] plain True"
        answer_verdict(board, FIRST_RIGHT)
        said = wait_for_status(board, LOST_WHY)
        assert said.startswith(RIGHT_WORDS), said
        wait_for_progress(board, 1, 1)
        # Python took it: no refusal shown as a note on the board.
        assert board.locator("[data-practice-problem]").count() == 0
        # The kernel took the view's answer (as JsProxy values) and counts it.
        said = python_report(page)
        for _ in range(10):  # the update may still be on its way when the cell runs
            if said.startswith("done 1"):
                break
            page.wait_for_timeout(1_000)
            said = python_report(page)
        assert said == "done 1 right 1 answers ['lost'] plain True", said
        status = board.locator("[data-practice-status]").first.inner_text()
        assert "jsnull" not in status and "JsProxy" not in status, status
        page.screenshot(path="/tmp/host-shots/practice-jupyterlite.png")
    finally:
        context.close()
    assert [e for e in errors if "mcw" in e or "mc_widget" in e or "anywidget" in e] == []


def test_no_request_leaves_127_0_0_1(lite_page, outside):
    assert outside == []
