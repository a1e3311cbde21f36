"""``python -m mc_widget.export NOTEBOOK -o OUT.html``: a lesson as one offline page.

``python -m mc_widget.export A.ipynb B.ipynb … -o FOLDER``: a page per lesson in
FOLDER, links between them rewritten to the pages. The command line of
``mc_widget.export.notebook.export_notebook`` and
``mc_widget.export.lessons.export_folder`` (docs/export.md, section 4).
Exit status 0 when the pages were written, 1 when a notebook could not be
exported (the failing cell's error on stderr,
nothing written) or nbconvert/nbclient are missing, 2 for a usage error.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

INSTALL = "pip install 'mc_widget[export]'"
#: The packages of the ``export`` extra (pyproject.toml).
EXTRA = {"nbconvert", "nbclient", "nbformat", "jupyter_client", "nh3", "latex2mathml"}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m mc_widget.export",
        description=(
            "Execute a notebook and write it as one HTML page that needs no network"
            " and no kernel: every Monte Carlo board in it stays playable."
        ),
    )
    parser.add_argument(
        "notebook",
        type=Path,
        nargs="+",
        help="the .ipynb file to export (several: a page each, in the folder -o)",
    )
    parser.add_argument(
        "-o",
        "--output",
        type=Path,
        required=True,
        help="the HTML file to write; with several notebooks, the folder to write the pages in",
    )
    parser.add_argument(
        "--no-input",
        action="store_true",
        help="leave the code cells' inputs out of the page (their outputs stay)",
    )
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
    for notebook in args.notebook:
        if not notebook.is_file():
            parser.error(f"NOTEBOOK {notebook} is not a file")
    if args.timeout < 1:
        parser.error(f"--timeout must be a positive whole number of seconds, not {args.timeout}")
    out = args.output
    if any(out.resolve() == notebook.resolve() for notebook in args.notebook):
        parser.error(f"-o {out} is the notebook itself: it would be overwritten")
    several = len(args.notebook) > 1
    if several and out.exists() and not out.is_dir():
        parser.error(f"-o {out} is a file: with several notebooks, name a folder")
    if not several and out.is_dir():
        parser.error(f"-o {out} is a folder: name the HTML file to write")
    if not several and out.suffix.lower() not in (".html", ".htm"):
        # A browser opens a page named without it from file:// as plain text.
        parser.error(f"-o {out}: name the HTML file to write, ending in .html")
    if not out.resolve().parent.is_dir():
        parser.error(f"-o {out}: its folder {out.parent} does not exist")
    if several and len({notebook.resolve() for notebook in args.notebook}) < len(args.notebook):
        parser.error("a notebook is given twice")
    try:
        from .lessons import export_folder
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
    options = {"execute": not args.no_execute, "timeout": args.timeout, "no_input": args.no_input}
    try:
        if several:
            pages = export_folder(args.notebook, out, **options)
        else:
            pages = [export_notebook(args.notebook[0], out, **options)]
    except (NotANotebook, ValueError) as bad:  # ValueError: two pages of one name
        parser.error(str(bad))
    except NotebookExportError as failure:
        # Which notebook failed: the error's own text names it for several.
        where = "" if several else f"{args.notebook[0]}: "
        print(f"error: {where}{failure}", file=sys.stderr)
        return 1
    seconds = time.monotonic() - started
    for page in pages:
        boards = count_boards(page.read_text(encoding="utf-8"))
        print(
            f"wrote {page}: {boards} board{'' if boards == 1 else 's'}"
            f" ({page.stat().st_size:,} bytes)" + ("" if several else f" in {seconds:.1f} s")
        )
    if several:
        print(f"{len(pages)} pages in {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
