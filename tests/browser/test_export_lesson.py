"""Lesson 1 exported as one page (``python -m mc_widget.export``), opened from
``file://`` in Debian's Chromium with no JupyterLab and no kernel.

Every request that is not ``file:`` is aborted and recorded, and the test
fails if there was one (docs/export.md, section 8). On the page: one live
board per board output of the lesson (ten, counted by hand in
tests/test_export_notebook.py), and on the first (the German worked example,
tests/cases/german-worked-example.json) a pair, a consolidation step and an
undo, with the cards expected from RULES.md worked out by hand.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from mc_widget.export.notebook import export_notebook

ROOT = Path(__file__).resolve().parents[2]
LESSON_1 = ROOT / "notebooks" / "01-learn-the-rules.ipynb"
CASE = json.loads((ROOT / "tests" / "cases" / "german-worked-example.json").read_text())
GERMAN = [card for row in CASE["layout"].split(" | ")[0].split("/") for card in row.split()]
BOARDS = 10  # board, neighbours_board, …, play: see tests/test_export_notebook.py
SHOTS = Path("/tmp/export-shots")


@pytest.fixture(scope="module")
def lesson_page(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("export-lesson")
    src = folder / LESSON_1.name
    shutil.copy(LESSON_1, src)
    return export_notebook(src, folder / "lesson1.html")


def tableau(root) -> list[str | None]:
    """A board's cards in reading order as the DOM shows them (None: a gap)."""
    return root.evaluate(
        """root => [...root.querySelectorAll('[data-cell]')].map(
            c => c.querySelector('.mcw-card')?.getAttribute('data-card') ?? null)"""
    )


def test_the_exported_lesson_plays_offline(browser, lesson_page):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    requests: list[str] = []
    errors: list[str] = []

    def only_files(route):
        if route.request.url.startswith("file:"):
            route.continue_()
        else:
            requests.append(route.request.url)
            route.abort()

    context.route("**/*", only_files)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        page.goto(lesson_page.as_uri())
        page.wait_for_function(
            f"document.querySelectorAll('.mcw [data-cell]').length === {25 * BOARDS}"
        )
        live = page.evaluate(
            "() => [...document.querySelectorAll('.mcw')]"
            ".filter(root => root.querySelector('[data-cell]')).length"
        )
        assert live == BOARDS
        assert page.locator("[data-mcw-board] .mcw").count() == BOARDS

        root = page.locator("[data-mcw-board] .mcw").first
        assert tableau(root) == GERMAN
        root.scroll_into_view_if_needed()
        # A pair: 4♣ (cell 2) and 4♥ (cell 8) touch diagonally (RULES.md, worked example).
        root.locator("[data-cell='2']").click()
        root.locator("[data-cell='8'][data-partner]").wait_for()
        root.locator("[data-cell='8']").click()
        root.locator("[data-cell='8'][data-gap]").wait_for()
        after_pair = GERMAN.copy()
        after_pair[2] = after_pair[8] = None
        assert tableau(root) == after_pair
        discards = root.locator("[data-discard]")
        assert [discards.nth(k).get_attribute("data-discard") for k in range(2)] == ["4C", "4H"]

        # One consolidation step: the first card after the first gap (5♦,
        # cell 3) moves up into it (cell 2). Other pairs still touch: the
        # first press only asks (issue 20).
        root.locator("[data-action='consolidate_step']").click()
        root.locator("[data-action='consolidate_step']").click()
        root.locator("[data-cell='3'][data-gap]").wait_for()
        stepped = after_pair.copy()
        stepped[2], stepped[3] = "5D", None
        assert tableau(root) == stepped

        # Undo takes the step back.
        root.locator("[data-action='undo']").click()
        root.locator("[data-cell='2'][data-gap]").wait_for()
        assert tableau(root) == after_pair

        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "lesson.png"))
    finally:
        context.close()
    assert requests == []
    assert errors == []
