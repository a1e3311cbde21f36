"""Take the README images from the real widget in JupyterLab.

    .venv/bin/python scripts/screenshots.py            # writes docs/images/*.png
    .venv/bin/python scripts/screenshots.py OUT_DIR    # writes them somewhere else

It runs lesson 1 (a scratch copy of notebooks/) in JupyterLab 4 with
Debian's Chromium, exactly as tests/browser does, and writes:

* ``board.png`` and ``board-dark.png``: the lesson's first board (the German
  layout) with 2♦-2♣ and J♠-J♦ removed and 4♣ selected: its neighbours
  outlined, its partner 4♥ marked "pair", and Q♦ marked as a false neighbour
  beyond the gap; in the light and the dark theme.
* ``lesson.png``: the lesson as a reader sees it, at section 4 (gaps and
  false neighbours).

Animations are off (reduced motion), so a picture never catches a card
half-way.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

from lab_helpers import (  # noqa: E402
    cell_by_id,
    kernel_says,
    launch_chromium,
    open_notebook,
    run_all_cells,
    running_lab,
    set_theme,
)
from playwright.sync_api import sync_playwright  # noqa: E402

LESSON = "01-learn-the-rules.ipynb"


def settle(page) -> None:
    """Wait for fonts and two animation frames, so the picture is complete."""
    page.evaluate(
        "async () => { await document.fonts.ready;"
        " await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))); }"
    )


def scroll_to_top(page, cell_id: str) -> None:
    """Scroll the notebook so that cell ``cell_id`` is at the top of the panel.

    Scrolls the notebook's own scroller rather than asking JupyterLab to
    scroll to the cell, which would make the cell active (a highlighted cell,
    or a markdown cell shown as source, in the picture).
    """
    cell = cell_by_id(page, cell_id)
    # Cells off screen are drawn lazily (content-visibility), so the first jump
    # lands only near the cell; repeat until it stays at the top.
    for _ in range(20):
        off = cell.evaluate(
            """node => {
                let box = node.parentElement;
                while (box && !(box.scrollHeight > box.clientHeight
                        && /(auto|scroll)/.test(getComputedStyle(box).overflowY))) {
                    box = box.parentElement;
                }
                const off = node.getBoundingClientRect().top
                    - box.getBoundingClientRect().top;
                box.scrollTop += off;
                return off;
            }"""
        )
        settle(page)
        if abs(off) < 2:
            return
    raise RuntimeError(f"could not scroll cell {cell_id!r} to the top")


def take(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch) / "notebooks"
        shutil.copytree(REPO / "notebooks", root)
        home = Path(scratch) / "home"
        home.mkdir()
        with running_lab(root, home) as base, sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            context = browser.new_context(
                viewport={"width": 1280, "height": 1240}, reduced_motion="reduce"
            )
            page = context.new_page()
            open_notebook(page, base, LESSON)
            set_theme(page, "JupyterLab Light")
            run_all_cells(page)
            page.wait_for_function("document.querySelectorAll('.mcw').length >= 10")

            # The lesson as a reader sees it: section 4, false neighbours.
            page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
            scroll_to_top(page, "s4-false")
            page.screenshot(path=str(out / "lesson.png"))
            written.append(out / "lesson.png")

            # The first board, with a card selected: neighbours, partner, false neighbour.
            code = "board.remove_pair(6, 11); board.remove_pair(18, 22); board.select(2)"
            kernel_says(page, code, "")
            board = cell_by_id(page, "board").locator(".mcw")
            page.wait_for_selector(
                "[data-mcw-cell-id='board'] [data-cell='10'][data-false-neighbour]"
            )
            page.locator("body").evaluate("() => document.activeElement?.blur()")
            board.scroll_into_view_if_needed()
            settle(page)
            board.screenshot(path=str(out / "board.png"))
            written.append(out / "board.png")
            set_theme(page, "JupyterLab Dark")
            board.scroll_into_view_if_needed()
            settle(page)
            board.screenshot(path=str(out / "board-dark.png"))
            written.append(out / "board-dark.png")
            context.close()
            browser.close()
    return written


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else REPO / "docs" / "images"
    for path in take(out):
        print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
