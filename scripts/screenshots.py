"""Take the README images from the real widget in JupyterLab.

    .venv/bin/python scripts/screenshots.py            # writes docs/images/*.png
    .venv/bin/python scripts/screenshots.py OUT_DIR    # writes them somewhere else

It runs lesson 1 in JupyterLab 4 with Debian's Chromium, as tests/browser
does, so the pictures show the widget as a learner sees it. Which pictures,
and of what: docs/scripts.md.
"""

from __future__ import annotations

import contextlib
import shutil
import sys
import tempfile
from collections.abc import Iterator
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


def scroll_to_top(page, node) -> None:
    """Scroll the notebook so that ``node`` (a locator) is at the top of the panel.

    Scrolls the notebook's own scroller rather than asking JupyterLab to
    scroll to the cell, which would make the cell active (a highlighted cell,
    or a markdown cell shown as source, in the picture).
    """
    # Cells off screen are drawn lazily (content-visibility), so the first jump
    # lands only near the node; repeat until it stays at the top.
    for _ in range(20):
        off = node.evaluate(
            """node => {
                let box = node.parentElement;
                while (box && !(box.scrollHeight > box.clientHeight
                        && /(auto|scroll)/.test(getComputedStyle(box).overflowY))) {
                    box = box.parentElement;
                }
                const off = node.getBoundingClientRect().top - box.getBoundingClientRect().top;
                box.scrollTop += off;
                return off;
            }"""
        )
        settle(page)
        if abs(off) < 2:
            return
    raise RuntimeError("could not scroll it to the top")


# The board of the pictures: two pairs removed, 4♣ selected.
SELECT = "board.remove_pair(6, 11); board.remove_pair(18, 22); board.select(2)"
SELECTED = "[data-mcw-cell-id='board'] [data-cell='10'][data-false-neighbour]"


def open_lesson(context, base: str):
    """A page of ``context`` with the lesson open, every cell run, the board set."""
    page = context.new_page()
    open_notebook(page, base, LESSON)
    set_theme(page, "JupyterLab Light")
    run_all_cells(page)
    page.wait_for_function("document.querySelectorAll('.mcw').length >= 10")
    kernel_says(page, SELECT, "")
    cell_by_id(page, "board")  # tags the cell for the selector below
    page.wait_for_selector(SELECTED)
    page.locator("body").evaluate("() => document.activeElement?.blur()")
    return page


def window(page, path: Path, width: int, height: int, left_bar: bool, top: str) -> Path:
    """Resize the window, show or hide the file browser, put ``top`` (the
    board's cell, or the board itself) at the top of the notebook, and take
    the whole window."""
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate(f"() => window.jupyterapp.shell.{'expandLeft' if left_bar else 'collapseLeft'}()")
    settle(page)
    cell = cell_by_id(page, "board")
    scroll_to_top(page, cell if top == "cell" else cell.locator(".mcw"))
    page.screenshot(path=str(path))
    return path


@contextlib.contextmanager
def lessons_lab() -> Iterator[tuple[str, object]]:
    """JupyterLab on a scratch copy of notebooks/, and Chromium: ``(base URL, browser)``."""
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch) / "notebooks"
        shutil.copytree(REPO / "notebooks", root)
        home = Path(scratch) / "home"
        home.mkdir()
        with running_lab(root, home) as base, sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            try:
                yield base, browser
            finally:
                browser.close()


def take(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with lessons_lab() as (base, browser):
        context = browser.new_context(
            viewport={"width": 1280, "height": 1240}, reduced_motion="reduce"
        )
        page = open_lesson(context, base)

        # The lesson as a reader sees it: section 4, false neighbours.
        page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
        scroll_to_top(page, cell_by_id(page, "s4-false"))
        page.screenshot(path=str(out / "lesson.png"))
        written.append(out / "lesson.png")

        # The first board, with a card selected: neighbours, partner, false neighbour.
        board = cell_by_id(page, "board").locator(".mcw")
        for theme, name in [
            ("JupyterLab Light", "board.png"),
            ("JupyterLab Dark", "board-dark.png"),
        ]:
            set_theme(page, theme)
            board.scroll_into_view_if_needed()
            settle(page)
            # The board's frame and a margin (the root takes the output's whole width).
            box = board.locator(".mcw-frame").bounding_box()
            clip = {
                "x": box["x"] - 8,
                "y": box["y"] - 8,
                "width": box["width"] + 16,
                "height": box["height"] + 16,
            }
            page.screenshot(path=str(out / name), clip=clip)
            written.append(out / name)

        # On a screen: 1280x900 as JupyterLab opens, and a narrow notebook.
        for theme, suffix in [("JupyterLab Light", ""), ("JupyterLab Dark", "-dark")]:
            set_theme(page, theme)
            path = out / f"lab-1280x900{suffix}.png"
            written.append(window(page, path, 1280, 900, left_bar=True, top="cell"))
            path = out / f"lab-narrow{suffix}.png"
            written.append(window(page, path, 400, 1360, left_bar=False, top="cell"))
        set_theme(page, "JupyterLab Light")
        context.close()

        # 150 % zoom: the same window in CSS pixels 1.5 times as large.
        context = browser.new_context(
            viewport={"width": 853, "height": 600},
            device_scale_factor=1.5,
            reduced_motion="reduce",
        )
        page = open_lesson(context, base)
        path = out / "lab-150-percent.png"
        written.append(window(page, path, 853, 600, left_bar=False, top="board"))
        context.close()
    return written


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else REPO / "docs" / "images"
    for path in take(out):
        print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
