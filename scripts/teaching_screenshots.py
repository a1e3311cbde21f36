"""Pictures of the teaching boards, from lessons 2 and 3 and the classroom demo
run in JupyterLab 4 with Debian's Chromium (as tests/browser does).

    .venv/bin/python scripts/teaching_screenshots.py            # docs/images/teaching/*.png
    .venv/bin/python scripts/teaching_screenshots.py OUT_DIR

They are for looking at each mistake, the walkthrough and the projector size
in light and dark (issue 5). Which pictures: docs/scripts.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(REPO / "scripts"))

from lab_helpers import (  # noqa: E402
    cell_by_id,
    open_notebook,
    run_all_cells,
    set_theme,
)
from screenshots import lessons_lab, scroll_to_top, settle  # noqa: E402

THEMES = [("JupyterLab Light", ""), ("JupyterLab Dark", "-dark")]


def board_picture(page, cell_id: str, path: Path) -> Path:
    """The board of one cell, with a margin."""
    board = cell_by_id(page, cell_id).locator(".mcw")
    scroll_to_top(page, board)
    settle(page)
    board.screenshot(path=str(path))
    return path


def lesson(context, base: str, name: str):
    page = context.new_page()
    open_notebook(page, base, name)
    set_theme(page, "JupyterLab Light")
    run_all_cells(page)
    page.wait_for_selector(".mcw [data-cell='0']")
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    page.locator("body").evaluate("() => document.activeElement?.blur()")
    return page


def take(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with lessons_lab() as (base, browser):
        context = browser.new_context(
            viewport={"width": 1280, "height": 1400}, reduced_motion="reduce"
        )
        page = lesson(context, base, "02-neighbours-and-common-mistakes.ipynb")
        for theme, suffix in THEMES:
            set_theme(page, theme)
            for k in range(1, 10):
                written.append(board_picture(page, f"m{k}-board", out / f"m{k}{suffix}.png"))
        page.close()

        page = lesson(context, base, "03-consolidation-step-by-step.ipynb")
        for theme, suffix in THEMES:
            set_theme(page, theme)
            written.append(board_picture(page, "walk-to-board", out / f"walk{suffix}.png"))
            written.append(board_picture(page, "order-board", out / f"order{suffix}.png"))
        context.close()

        for scale, name in [(1, "projector"), (1.5, "projector-150")]:
            context = browser.new_context(
                viewport={"width": round(1280 / scale), "height": round(720 / scale)},
                device_scale_factor=scale,
                reduced_motion="reduce",
            )
            page = lesson(context, base, "classroom-demo.ipynb")
            for theme, suffix in THEMES:
                set_theme(page, theme)
                scroll_to_top(page, cell_by_id(page, "demo-board").locator(".mcw"))
                path = out / f"{name}{suffix}.png"
                page.screenshot(path=str(path))
                written.append(path)
            context.close()
    return written


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else REPO / "docs" / "images" / "teaching"
    for path in take(out):
        print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
