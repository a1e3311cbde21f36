"""A board on a Jupyter Book 2 / MyST page: the ``{anywidget}`` directive block.

MyST draws an anywidget from an ES module path, a ``:css:`` path and a JSON5
body that becomes the model (mystmd PR #2602). So a board there is the widget
bundle and its CSS as files next to the page, and its board model
(:func:`mc_widget.export.board_model`) as the body; the JavaScript engine
plays it with no kernel. docs/export.md, section 5; docs/jupyter-book.md.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path
from typing import Any

from .model import Board, board_model

_STATIC = Path(__file__).parent.parent / "static"
#: What ``name`` may be: one line, no space, no folder (it ends up in the block).
_NAME = re.compile(r"[A-Za-z0-9._-]+")


def _page_path(target: Path, page_folder: Path) -> str:
    """``target`` as MyST reads a path in a page in ``page_folder``: relative, ``/``-separated.

    ``./static/mc_widget.js`` below the page's folder, ``../static/mc_widget.js``
    beside it.
    """
    rel = Path(os.path.relpath(target.resolve(), page_folder.resolve())).as_posix()
    return rel if rel.startswith("../") else f"./{rel}"


def _body(model: dict[str, Any]) -> str:
    """``model`` as a JSON object, one trait a line (plain JSON is JSON5).

    No line of it can start with a backtick (every line starts with ``{``,
    ``}`` or an indented key), so nothing in it can close the code fence.
    """
    lines = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in model.items()]
    return "{\n" + ",\n".join(lines) + "\n}"


def myst_directive(
    w: Any,
    folder: str | os.PathLike[str],
    *,
    name: str = "mc_widget",
    relative_to: str | os.PathLike[str] | None = None,
) -> str:
    """Write the files a MyST page needs for board ``w``; return the block to paste.

    Copies the widget bundle and its CSS (``mc_widget/static/widget.js`` and
    ``widget.css``, byte for byte) into ``folder`` as ``<name>.js`` and
    ``<name>.css``, overwriting older copies (``folder`` is made if missing),
    and returns the ``{anywidget}`` directive block, ending in a newline::

        ```{anywidget} ./mc_widget.js
        :css: ./mc_widget.css
        {
          "state": {...},
          ...
        }
        ```

    The paths are relative to the page's folder, ``relative_to`` (``None``:
    the page is in ``folder`` itself): ``myst_directive(w, "book/static",
    relative_to="book")`` gives ``./static/mc_widget.js``. The body is
    ``board_model(w)`` as JSON, so the board starts as ``w`` is now.

    Raises ``TypeError`` naming ``w`` when it is not a ``MonteCarloWidget``,
    naming ``name`` when it is not a str, naming ``folder`` or ``relative_to``
    when it is not a path (``relative_to`` may be ``None``); ``ValueError``
    naming ``name`` when it is not made of ``A-Z a-z 0-9 . _ -`` only (a space,
    a newline or a folder would break the block) or is ``.``/``..``;
    ``FileNotFoundError`` when the bundle has not been built. Everything is
    checked before the first file is written: in each case nothing is written.
    """
    if not isinstance(w, Board):
        raise TypeError(f"myst_directive: w must be a MonteCarloWidget, not {type(w).__name__}")
    if not isinstance(name, str):
        raise TypeError(f"myst_directive: name must be a str, not {type(name).__name__}")
    if not _NAME.fullmatch(name) or name in (".", ".."):
        raise ValueError(
            "myst_directive: name must be a file name of letters, digits, '.', '_' and '-'"
            f" (no folder, no space), not {name!r}"
        )
    if not isinstance(folder, str | os.PathLike):
        raise TypeError(f"myst_directive: folder must be a path, not {type(folder).__name__}")
    if relative_to is not None and not isinstance(relative_to, str | os.PathLike):
        raise TypeError(
            f"myst_directive: relative_to must be a path or None, not {type(relative_to).__name__}"
        )
    sources = [_STATIC / "widget.js", _STATIC / "widget.css"]
    for source in sources:
        if not source.is_file():
            raise FileNotFoundError(
                f"{source} is missing: build the front end with `npm run build` (or `make setup`)"
            )
    model = board_model(w)
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    js, css = out / f"{name}.js", out / f"{name}.css"
    for source, target in zip(sources, (js, css), strict=True):
        shutil.copyfile(source, target)
    page = out if relative_to is None else Path(relative_to)
    return (
        f"```{{anywidget}} {_page_path(js, page)}\n"
        f":css: {_page_path(css, page)}\n"
        f"{_body(model)}\n"
        "```\n"
    )
