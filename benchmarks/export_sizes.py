"""Sizes of the files the export writes (docs/export.md), in bytes.

What a teacher uploads: one board (``w.to_html``), a page of five boards
(``save_page``) and lesson 1 exported whole (``python -m mc_widget.export``).
Each carries the bundle once; a board adds its model as JSON.

Run:  .venv/bin/python benchmarks/export_sizes.py   (after ``npm run build``)
Prints figures; it asserts nothing.
"""

from __future__ import annotations

import gzip
import tempfile
from pathlib import Path

from mc_widget import MonteCarloWidget, save_page
from mc_widget.export.notebook import export_notebook

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "mc_widget" / "static"


def show(what: str, path: Path) -> None:
    data = path.read_bytes()
    print(f"{what:<34} {len(data):>9,} bytes  ({len(gzip.compress(data)):,} gzipped)")


def main() -> None:
    show("page runtime (static/page.js)", STATIC / "page.js")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        one = MonteCarloWidget(deal=7).to_html(out / "one.html")
        show("one board (w.to_html)", one)
        boards = [MonteCarloWidget(deal=deal) for deal in range(5)]
        five = save_page(out / "five.html", "# Five deals", *boards)
        show("a page of five boards (save_page)", five)
        lesson = export_notebook(
            ROOT / "notebooks" / "01-learn-the-rules.ipynb", out / "lesson1.html"
        )
        show("lesson 1 exported (10 boards)", lesson)


if __name__ == "__main__":
    main()
