"""``python -m mc_widget.export NOTEBOOK -o OUT.html``: a lesson as one offline page.

The command line of ``mc_widget.export.notebook.export_notebook``
(docs/export.md, section 4). Exit status 0 when the page was written, 1 when
the notebook could not be exported (the failing cell's error on stderr,
nothing written) or nbconvert/nbclient are missing, 2 for a usage error.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

INSTALL = "pip install 'mc_widget[export]'"
#: The packages of the ``export`` extra (pyproject.toml).
EXTRA = {"nbconvert", "nbclient", "nbformat", "jupyter_client", "nh3"}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m mc_widget.export",
        description=(
            "Execute a notebook and write it as one HTML page that needs no network"
            " and no kernel: every Monte Carlo board in it stays playable."
        ),
    )
    parser.add_argument("notebook", type=Path, help="the .ipynb file to export")
    parser.add_argument("-o", "--output", type=Path, required=True, help="the HTML file to write")
    parser.add_argument(
        "--no-execute",
        action="store_true",
        help=(
            "export the notebook as saved (its widget state must be in it, and is"
            " verified); use it for a notebook you did not write: without it, the"
            " notebook's code runs on this machine first"
        ),
    )
    parser.add_argument(
        "--timeout",
        type=int,
        default=120,
        help="whole seconds a cell may run before the export fails (default: 120)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    if not args.notebook.is_file():
        parser.error(f"NOTEBOOK {args.notebook} is not a file")
    if args.timeout < 1:
        parser.error(f"--timeout must be a positive whole number of seconds, not {args.timeout}")
    out = args.output
    if out.resolve() == args.notebook.resolve():
        parser.error(f"-o {out} is the notebook itself: it would be overwritten")
    if out.is_dir():
        parser.error(f"-o {out} is a folder: name the HTML file to write")
    if not out.resolve().parent.is_dir():
        parser.error(f"-o {out}: its folder {out.parent} does not exist")
    try:
        from .notebook import NotANotebook, NotebookExportError, export_notebook
        from .page import count_boards
    except ModuleNotFoundError as missing:
        if missing.name not in EXTRA:
            raise
        print(
            f"error: exporting a notebook needs {missing.name}: {INSTALL}",
            file=sys.stderr,
        )
        return 1
    started = time.monotonic()
    try:
        out = export_notebook(
            args.notebook, args.output, execute=not args.no_execute, timeout=args.timeout
        )
    except NotANotebook as bad:
        parser.error(str(bad))
    except NotebookExportError as failure:
        print(f"error: {args.notebook}: {failure}", file=sys.stderr)
        return 1
    seconds = time.monotonic() - started
    boards = count_boards(out.read_text(encoding="utf-8"))
    print(
        f"wrote {out}: {boards} board{'' if boards == 1 else 's'}"
        f" ({out.stat().st_size:,} bytes) in {seconds:.1f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
