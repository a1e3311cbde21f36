"""A practice board in marimo (issue 21, item 5; test_marimo.py's pattern):
``marimo run`` of a scratch app whose first cell shows
``mo.ui.anywidget(MonteCarloWidget.practice(...))`` and whose second cell
depends on ``w.value["progress"]`` and ``w.value["answers"]``. The learner
answers exercise 1 of practice_helpers.py's verdict set with "lost" (right,
by hand there) inside the widget's shadow root; the live region gives the
engine's explanation and the dependent cell's output changes to one answer,
one right. No request leaves the server.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from host_helpers import DARK, LIGHT, abort_outside, board_luminance, serving
from layout_helpers import overflow, text_contrast
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

pytest.importorskip("marimo", reason="marimo is not installed (the test extra has it)")

SHOTS = Path("/tmp/host-shots")

APP = f"""\
import marimo

app = marimo.App(width="medium")


@app.cell
def _():
    import marimo as mo
    from mc_widget import MonteCarloWidget

    w = mo.ui.anywidget(MonteCarloWidget.practice({SET_ARGS}))
    w
    return mo, w


@app.cell
def _(mo, w):
    progress = w.value["progress"]
    statuses = [a["answer"]["status"] for a in w.value["answers"]]
    mo.md(
        f'<span id="dependent">the next cell sees done {{progress["done"]}}'
        f' right {{progress["right"]}} answers {{statuses}}</span>'
    )
    return


if __name__ == "__main__":
    app.run()
"""


@pytest.fixture(scope="module")
def practice_url(tmp_path_factory):
    folder = tmp_path_factory.mktemp("marimo-practice")
    (folder / "app.py").write_text(APP)
    home = folder / "home"
    home.mkdir()
    command = [
        sys.executable,
        "-m",
        "marimo",
        "run",
        "app.py",
        "--headless",
        "--port",
        "{port}",
        "--host",
        "127.0.0.1",
    ]
    env = {
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_STATE_HOME": str(home / ".state"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "MARIMO_SKIP_UPDATE_CHECK": "1",
    }
    with serving(command, "/", folder, env) as base:
        yield base


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_verdict_answered_in_marimo_reaches_the_dependent_cell(browser, practice_url, theme):
    context = browser.new_context(viewport={"width": 1200, "height": 950})
    outside = abort_outside(context, practice_url)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(practice_url + ("/?theme=dark" if theme == "dark" else "/"), timeout=120_000)
        # Playwright's CSS locators pierce the open shadow root.
        board = page.locator(PRACTICE)
        wait_for_exercise(board, timeout=120_000)
        assert board.count() == 1
        assert board.evaluate("(el) => el.getRootNode().host?.localName") == "marimo-anywidget"
        assert cards_in_first_row(board) == FIRST_ROW
        dependent = page.locator("#dependent")
        dependent.wait_for(timeout=60_000)
        assert "sees done 0 right 0 answers []" in dependent.inner_text()
        luminance = board_luminance(board)
        if theme == "dark":
            assert luminance < DARK, f"a light board ({luminance:.3f}) on marimo's dark theme"
        else:
            assert luminance > LIGHT, f"a dark board ({luminance:.3f}) on marimo's light theme"
        found = overflow(board)
        assert found["outside"] == [] and found["root"] <= 0, found

        answer_verdict(board, FIRST_RIGHT)
        said = wait_for_status(board, LOST_WHY)
        assert said.startswith(RIGHT_WORDS), said
        wait_for_progress(board, 1, 1)
        # Python took it: no refusal shown as a note on the board.
        assert board.locator("[data-practice-problem]").count() == 0
        page.locator("#dependent", has_text="sees done 1 right 1 answers ['lost']").wait_for(
            timeout=30_000
        )
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"practice-marimo-{theme}.png"), full_page=True)
        # Readable in marimo's theme (no --jp-* colours here): WCAG 4.5:1.
        for part in ["[data-practice-status]", "[data-practice-action='next']"]:
            ratio, fg, bg = text_contrast(board.locator(part).first)
            assert ratio >= 4.5, (part, ratio, fg, bg)
    finally:
        context.close()
    assert outside == [], f"requests that left the server: {outside}"
    assert [e for e in errors if "mcw" in e or "mc_widget" in e or "anywidget" in e] == []
