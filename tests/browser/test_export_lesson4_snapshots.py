"""An exported lesson says what the notebook said at each cell (issue 20,
items 4 and 5; docs/export.md, section 4).

Lesson 4 is exported as saved (``--no-execute``: each board output carries
its snapshot) and opened from ``file://`` with every other request aborted.
Expected texts are the notebook's own: what its cells printed beside each
board (the fair hint's reason at Out[6], the solver's move at Out[9], greedy
play blocked at Out[11]), read from the saved notebook, never from the page.
Review is shown unavailable: the page has no kernel.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import nbformat
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
LESSON_4 = ROOT / "notebooks" / "04-how-often-can-you-win.ipynb"
REASON = "The review needs a running Python kernel; this board has none."


def printed(execution_count: int) -> str:
    """What lesson 4's cell ``In[execution_count]`` printed, as saved."""
    nb = nbformat.read(LESSON_4, as_version=4)
    cell = next(c for c in nb.cells if c.get("execution_count") == execution_count)
    return "".join(o.text for o in cell.outputs if o.output_type == "stream")


def test_lesson_4_boards_show_what_the_notebook_showed(browser, tmp_path):
    out = tmp_path / "lesson4.html"
    done = subprocess.run(
        [sys.executable, "-m", "mc_widget.export", LESSON_4, "-o", out, "--no-execute"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    # The notebook's own words at those cells.
    fair = printed(6).split("Fair hint: ", 1)[1].splitlines()[0]
    # Issue 20: the hint names the pairs it keeps (deal 1, round 1, by hand:
    # J♥ J♠ and 10♦ 10♥ still touch after Q♥ and Q♣ go).
    assert fair.startswith("Remove Q♥ and Q♣, but leave J♥\u2013J♠ and 10♦\u201310♥ for later")
    solver = printed(9).split("solver: ", 1)[1].splitlines()[0]
    assert solver == "removing 10♠ and 10♣"
    assert printed(11).startswith("lost in round 9: 48 of 52 cards removed")

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    requests: list[str] = []

    def route(r):
        if r.request.url.startswith(("file:", "blob:")):
            r.continue_()
        else:
            requests.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    try:
        page.goto(out.resolve().as_uri())
        boards = page.locator("[data-mcw-board] .mcw")
        expect(boards).to_have_count(5, timeout=10000)
        out6, out9, out11 = boards.nth(0), boards.nth(1), boards.nth(2)
        status = ".mcw-status"
        # Out[6]: the fair hint's reason, its two cards (Q♥ in cell 0, Q♣ in
        # cell 6 of deal 1) outlined; not the won game the board ends as.
        expect(out6.locator(status)).to_contain_text(fair)
        expect(out6.locator('[data-cell="0"] [data-card="QH"]')).to_have_count(1)
        expect(out6.locator("[data-hint]")).to_have_count(2)
        # ... and the two pairs it keeps, marked too.
        expect(out6.locator("[data-hint-keep]")).to_have_count(4)
        expect(out6).not_to_contain_text("Won")
        # Out[9]: the solver's move 34, 10♠ and 10♣ marked.
        expect(out9.locator(status)).to_contain_text("Remove 10♠ and 10♣")
        expect(out9.locator("[data-hint]")).to_have_count(2)
        # Out[11]: blocked in round 9, four cards left in row 1.
        expect(out11.locator("[data-card]")).to_have_count(4)
        for k in range(5):
            review = boards.nth(k).locator('[data-action="review"]')
            expect(review).to_have_attribute("aria-disabled", "true")
            expect(review).to_have_attribute("title", REASON)
        assert requests == [] and errors == []
    finally:
        context.close()
