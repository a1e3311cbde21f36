"""A folder of lessons: one page per notebook, with the links between them
rewritten to the pages.

Why: a course is several lessons that link to each other
(``[lesson 1](01-learn-the-rules.ipynb)``); exported one by one, those links
point at notebooks the reader of the pages does not have. Exported together
into a folder, each link to a notebook of the same export points at its page
instead (relative, its ``#anchor`` kept), and a link to a notebook not
exported stays as written. docs/export.md, section 4, "A folder of lessons".
"""

from __future__ import annotations

import html
import os
import re
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

from .notebook import NotebookExportError, render_notebook

_HREF = re.compile(r'href="([^"]*)"')


def page_paths(srcs: list[Path], out: Path) -> dict[Path, Path]:
    """Where each notebook's page goes in folder ``out``: its path relative to
    the notebooks' common folder, ``.ipynb`` made ``.html`` (``de/01-….ipynb``
    becomes ``out/de/01-….html``), so links between lessons keep their shape.
    Keys are the notebooks' resolved paths. Raises ``ValueError`` naming the
    second of two notebooks given twice, the two notebooks whose pages would
    have one name (``a.ipynb`` and ``a.json``, or ``A.ipynb`` and ``a.ipynb``
    on a case-blind disk), or a notebook a page would overwrite."""
    resolved = [src.resolve() for src in srcs]
    seen: set[Path] = set()
    for path in resolved:
        if path in seen:
            raise ValueError(f"{path} is given twice")
        seen.add(path)
    common = Path(os.path.commonpath([path.parent for path in resolved]))
    pages = {path: out / path.relative_to(common).with_suffix(".html") for path in resolved}
    owners: dict[str, Path] = {}
    for path, page in pages.items():
        key = os.path.normcase(str(page.resolve())).casefold()
        if key in owners:
            raise ValueError(f"{owners[key]} and {path} would both be written as {page}")
        owners[key] = path
    for path, page in pages.items():
        if page.resolve() in seen:
            raise ValueError(f"the page of {path}, {page}, is a notebook being exported")
    return pages


def rewrite_links(content: str, src: Path, pages: dict[Path, Path]) -> str:
    """``content`` (the cleaned HTML of notebook ``src``'s page) with each
    relative ``href`` to a notebook of ``pages`` (resolved notebook path →
    page path) made a relative link to that notebook's page, its ``#anchor``
    kept. Other links (to the web, to a notebook not exported, to a heading of
    the page) stay as written."""
    here = pages[src.resolve()].parent

    def one(match: re.Match[str]) -> str:
        href = html.unescape(match.group(1))
        parts = urlsplit(href)
        if parts.scheme or parts.netloc or not parts.path.endswith(".ipynb"):
            return match.group(0)
        target = pages.get((src.resolve().parent / unquote(parts.path)).resolve())
        if target is None:
            return match.group(0)
        new = quote(Path(os.path.relpath(target, here)).as_posix())
        if parts.fragment:
            new += "#" + parts.fragment
        return f'href="{html.escape(new, quote=True)}"'

    return _HREF.sub(one, content)


def export_folder(
    srcs: list[str | Path],
    out: str | Path,
    *,
    execute: bool = True,
    timeout: int = 120,
    no_input: bool = False,
) -> list[Path]:
    """Export each notebook of ``srcs`` as a page in folder ``out`` (made if
    missing, with the subfolders :func:`page_paths` names) and return the pages
    written, in the order of ``srcs``.

    Links between the exported notebooks point at their pages
    (:func:`rewrite_links`). Every page is made before any is written: when
    one notebook fails (``NotebookExportError``, ``NotANotebook``, as
    :func:`mc_widget.export.notebook.export_notebook`), nothing is written.
    Raises ``ValueError`` when ``srcs`` is empty, names a notebook twice, or
    when ``out`` is a file.
    """
    sources = [Path(src) for src in srcs]
    if not sources:
        raise ValueError("export_folder needs at least one notebook")
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise ValueError(f"export_folder: out {out} is a file, not a folder")
    pages = page_paths(sources, out)
    written: dict[Path, str] = {}
    for src in sources:
        page = pages[src.resolve()]

        def links(content: str, src: Path = src) -> str:
            return rewrite_links(content, src, pages)

        try:
            written[page] = render_notebook(
                src, page, execute=execute, timeout=timeout, no_input=no_input, links=links
            )
        except NotebookExportError as failure:
            raise NotebookExportError(f"{src}: {failure}", failure.cell) from None
    for page, text in written.items():
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(text, encoding="utf-8")
    return list(written)
