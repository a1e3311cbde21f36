"""Run the lessons in place and save them with their outputs, reproducibly.

    .venv/bin/python scripts/execute_notebooks.py    # NN-*.ipynb and classroom-demo.ipynb
    .venv/bin/python scripts/execute_notebooks.py notebooks/01-learn-the-rules.ipynb

Run it after editing a lesson: nbval compares the saved outputs with a fresh
run. What is saved and why (text outputs, no widget state, no timings, the
kernel's metadata): docs/scripts.md.
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
    nbformat.validate(nb)
    nbformat.write(nb, path)
    print(f"executed {path.relative_to(REPO)}")


def main(argv: list[str]) -> None:
    # The notebooks pytest's testpaths name: the numbered lessons and the
    # classroom demo, not a scratch Untitled.ipynb.
    lessons = sorted((REPO / "notebooks").glob("[0-9][0-9]-*.ipynb"))
    lessons += [p for p in [REPO / "notebooks" / "classroom-demo.ipynb"] if p.exists()]
    paths = [Path(a).resolve() for a in argv] or lessons
    for path in paths:
        execute(path)


if __name__ == "__main__":
    main(sys.argv[1:])
