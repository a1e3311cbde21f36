"""Run the lessons in place and save them with their outputs, reproducibly.

    .venv/bin/python scripts/execute_notebooks.py            # every notebooks/*.ipynb
    .venv/bin/python scripts/execute_notebooks.py notebooks/01-learn-the-rules.ipynb

Run it after editing a lesson: nbval (``python -m pytest``) compares the
saved outputs with a fresh run, so they must be up to date.

What is saved, and why:

* Text outputs (prints, the ``text/plain`` form of each board: a note that
  the live board needs a kernel, the tableau rows and the summary line):
  deterministic, checked by nbval.
* Not the ``application/vnd.jupyter.widget-view+json`` part of a board's
  output, nor the widget state in the notebook metadata: the state holds the
  whole front-end bundle once per board (over half a megabyte for lesson 1)
  and new random model ids on every run, and a saved view whose model is gone
  shows "Error displaying widget: model not found" until the cell runs again.
  Without them an unrun lesson shows each board as text, and running the
  cell draws the live board.
* No execution timings, and no Python version in the metadata, so a rerun on
  another machine gives the same file.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

REPO = Path(__file__).resolve().parents[1]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def execute(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        kernel_name="python3",
        timeout=120,
        record_timing=False,
        store_widget_state=False,
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        cell.metadata.pop("execution", None)
        for output in cell.outputs:
            if "data" in output:
                output["data"].pop(WIDGET_VIEW, None)
    nb.metadata.pop("widgets", None)
    nb.metadata.get("language_info", {}).pop("version", None)
    nbformat.validate(nb)
    nbformat.write(nb, path)
    print(f"executed {path.relative_to(REPO)}")


def main(argv: list[str]) -> None:
    paths = [Path(a).resolve() for a in argv] or sorted((REPO / "notebooks").glob("*.ipynb"))
    for path in paths:
        execute(path)


if __name__ == "__main__":
    main(sys.argv[1:])
