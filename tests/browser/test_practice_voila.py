"""A practice board in Voilà (issue 21, item 5; test_voila.py's pattern):
Voilà runs a scratch notebook as a page without code cells; the learner
answers exercise 1 of practice_helpers.py's verdict set with "lost" (right,
by hand there), the live region gives the engine's explanation, and Python
sees it through an observer of ``progress`` shown under the board. Light and
``?theme=dark``: the practice board's background follows Voilà's theme.
Voilà's own template asks cdn.jsdelivr.net for Font Awesome (not ours):
aborted; any other request leaving the server fails the test.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
import pytest
from host_helpers import DARK, LIGHT, abort_outside, board_luminance, serving
from layout_helpers import overflow
from practice_helpers import (
    FIRST_RIGHT,
    FIRST_ROW,
    KERNEL_SOURCE,
    LOST_WHY,
    PRACTICE,
    RIGHT_WORDS,
    answer_verdict,
    cards_in_first_row,
    python_sees,
    stars_for,
    wait_for_exercise,
    wait_for_progress,
    wait_for_status,
)
from test_voila import VOILA_CDN

pytest.importorskip("voila", reason="Voilà is not installed (the test extra has it)")

SHOTS = Path("/tmp/host-shots")


@pytest.fixture(scope="module")
def voila_url(tmp_path_factory):
    folder = tmp_path_factory.mktemp("voila-practice")
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(KERNEL_SOURCE)])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(notebook, folder / "practice.ipynb")
    command = [
        sys.executable,
        "-m",
        "voila",
        "practice.ipynb",
        "--no-browser",
        "--port={port}",
        "--Voila.ip=127.0.0.1",
    ]
    env = {"JUPYTER_CONFIG_DIR": str(folder / "config")}
    with serving(command, "/voila/static/voila.js", folder, env) as base:
        yield base


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_verdict_answered_in_voila_reaches_python(browser, voila_url, theme):
    context = browser.new_context(viewport={"width": 1100, "height": 850})
    outside = abort_outside(context, voila_url)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(voila_url + ("/?theme=dark" if theme == "dark" else "/"), timeout=120_000)
        board = page.locator(PRACTICE)
        wait_for_exercise(board, timeout=120_000)
        assert board.count() == 1
        assert cards_in_first_row(board) == FIRST_ROW
        luminance = board_luminance(board)
        if theme == "dark":
            assert luminance < DARK, f"a light board ({luminance:.3f}) on Voilà's dark theme"
        else:
            assert luminance > LIGHT, f"a dark board ({luminance:.3f}) on Voilà's light theme"
        found = overflow(board)
        assert found["outside"] == [] and found["root"] <= 0, found

        answer_verdict(board, FIRST_RIGHT)
        said = wait_for_status(board, LOST_WHY)
        assert said.startswith(RIGHT_WORDS), said
        wait_for_progress(board, 1, 1)
        # Python took it: no refusal shown as a note on the board.
        assert board.locator("[data-practice-problem]").count() == 0
        seen = python_sees(page, done=1)
        assert seen["right"] == 1 and seen["answers"] == 1, seen
        assert seen["stars"] == stars_for(True, seen["seconds"]), seen
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"practice-voila-{theme}.png"), full_page=True)
    finally:
        context.close()
    ours = [url for url in outside if not url.startswith(VOILA_CDN)]
    assert ours == [], f"requests that left the server: {ours}"
    assert [e for e in errors if "mcw" in e or "mc_widget" in e or "anywidget" in e] == []
