"""A whole lesson as one offline page (docs/export.md, section 4).

nbconvert's own HTML of a notebook with boards needs require.js, the widget
html-manager and anywidget from CDNs, and carries the bundle once per board.
This module executes the notebook with nbclient (saving the widget state),
replaces every widget output by what ``page.py`` writes for a board, a group
of boards or a note, drops the widget state and every CDN script the ``lab``
template would add, and puts the page runtime in once: the page needs no
network and no kernel.
"""

from __future__ import annotations

import html
import re
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

import nbformat
from jinja2 import DictLoader
from jupyter_client.kernelspec import NoSuchKernel
from nbclient import NotebookClient
from nbclient.exceptions import CellControlSignal, DeadKernelError
from nbconvert import HTMLExporter
from nbconvert.preprocessors import Preprocessor

from ..engine import LANGUAGES
from ..engine.errors import show_repr
from .clean import clean_html
from .maths import Maths
from .model import SNAPSHOT_MIME
from .page import (
    board_html,
    group_html,
    policy_meta,
    practice_html,
    practice_runtime_html,
    race_html,
    race_runtime_html,
    runtime_html,
)
from .saved import SavedStateRefused, widget_tree
from .snapshots import board_from_snapshot

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
#: Output data a page never carries: code for a browser to run.
DROPPED_OUTPUTS = ("application/javascript", "text/javascript")
#: What stands where a widget of another library was (docs/export.md, section 4).
OTHER_WIDGET = "An interactive widget of another library was here; it needs a running kernel."
#: The cell tag of a cell meant only for a live notebook ("Run the cells …",
#: "Press Review"): the export leaves such cells out (docs/export.md, section 4).
NOTEBOOK_ONLY = "notebook-only"

_TEMPLATE = "mcw_lesson.html.j2"
# The lab template with its network scripts left out: require.js (always
# there), the widget manager (only with widget state, dropped anyway), MathJax
# and mermaid (a page with maths shows the TeX source); the runtime goes in once.
# The template cleans each piece of the notebook on its own (its
# ``clean_html`` filter is ours, with ``sanitize_html`` on), so a tag a cell
# leaves open (``<script>``, ``<!--``) cannot swallow the cells after it; a
# mermaid output, written raw by the lab template, is escaped here. Three
# marks (comments with a secret of this export, so no notebook can write
# them) show where the charset and the Content-Security-Policy go (the head's
# first elements) and where the notebook's content starts and ends: all of it
# is cleaned once more as a whole (mc_widget/export/clean.py), nothing else is.
_TEMPLATE_SOURCE = """{%- extends 'index.html.j2' -%}
{%- block html_head -%}
{{ resources.mcw_marks.policy }}{{ super() }}
{%- endblock html_head -%}
{%- block html_head_js_requirejs -%}{%- endblock html_head_js_requirejs -%}
{%- block jupyter_widgets -%}{%- endblock jupyter_widgets -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
{%- block data_mermaid scoped -%}
<div class="jp-Mermaid"><pre class="mermaid">
{{ output.data['text/vnd.mermaid'].strip() | escape_html }}
</pre></div>
{%- endblock data_mermaid -%}
{%- block body_header -%}
{{ super() }}
{{ resources.mcw_marks.start }}
{%- endblock body_header -%}
{% block body_footer %}
{{ resources.mcw_marks.end }}
</main>
{{ resources.mcw_runtime }}
</body>
{% endblock body_footer %}
"""

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


class NotANotebook(ValueError):
    """The file to export is not a Jupyter notebook (not JSON, or not nbformat 4)."""


class NotebookExportError(Exception):
    """The notebook could not be exported; nothing was written.

    ``cell`` is the 0-based index of the notebook cell at fault (``None`` when
    no single cell is), ``str(error)`` says what went wrong, in plain text.
    """

    def __init__(self, message: str, cell: int | None = None) -> None:
        super().__init__(message)
        self.cell = cell


def export_notebook(
    src: str | Path,
    out: str | Path,
    *,
    execute: bool = True,
    timeout: int = 120,
    no_input: bool = False,
) -> Path:
    """Write notebook ``src`` as one offline HTML page ``out``; return ``out``.

    ``execute`` runs every cell first (nbclient, kernel ``python3``, in the
    notebook's folder, at most ``timeout`` seconds per cell) on a copy in
    memory: ``src`` is never written. With ``execute=False`` the notebook is
    exported as saved, so its widget state must be in it. Each board output
    becomes a live board, each ``HBox``/``VBox``/``GridBox`` of boards a row,
    column or grid of them, any other widget the note ``OTHER_WIDGET``.

    Raises ``NotebookExportError`` (nothing written) when a cell fails, the
    kernel dies or a cell runs longer than ``timeout``, or when a widget output
    has no saved state; ``FileNotFoundError`` when ``src`` does not exist;
    ``NotANotebook`` when ``src`` is not a notebook; ``TypeError`` when
    ``timeout`` is not an int (nbclient's timeout is whole seconds),
    ``ValueError`` when it is below 1; ``ValueError`` when ``out`` is ``src``
    itself (the notebook would be overwritten). Nothing is written then.

    The page's ``<title>`` is the text of the notebook's first ``# `` heading,
    else the file name without ``.ipynb``; its ``lang`` is the notebook's
    (:func:`notebook_language`). ``no_input`` leaves the code cells' inputs
    out (their outputs stay). Cells tagged ``notebook-only`` are left out.
    """
    src, out = Path(src), Path(out)
    page = render_notebook(src, out, execute=execute, timeout=timeout, no_input=no_input)
    out.write_text(page, encoding="utf-8")
    return out


def render_notebook(
    src: Path,
    out: Path,
    *,
    execute: bool,
    timeout: int,
    no_input: bool = False,
    links: Callable[[str], str] | None = None,
) -> str:
    """The page :func:`export_notebook` writes, as text (nothing written);
    ``links`` rewrites the content's HTML (the folder export's links between
    lessons, mc_widget/export/lessons.py). Raises as :func:`export_notebook`."""
    if isinstance(timeout, bool) or not isinstance(timeout, int):
        raise TypeError(
            f"export_notebook: timeout must be an int (seconds), not {type(timeout).__name__}"
        )
    if timeout < 1:
        raise ValueError(f"export_notebook: timeout must be at least 1 second, not {timeout}")
    if out.resolve() == src.resolve():
        raise ValueError(f"export_notebook: out {out} is the notebook itself; choose another file")
    if not isinstance(no_input, bool):
        raise TypeError(f"export_notebook: no_input must be a bool, not {type(no_input).__name__}")
    nb = read_notebook(src)
    if execute:
        _execute(nb, src.resolve().parent, timeout)
    return lesson_html(nb, title=first_heading(nb) or src.stem, no_input=no_input, links=links)


def read_notebook(src: Path) -> nbformat.NotebookNode:
    """Notebook ``src`` as nbformat 4. Raises ``FileNotFoundError`` when it is
    missing, ``NotANotebook`` naming ``src`` and the reason when it is not a
    valid notebook."""
    try:
        nb = nbformat.read(src, as_version=4)
        nbformat.validate(nb)
    except OSError:
        raise
    except Exception as bad:  # NotJSONError, ValidationError, a JSON list, ...
        reason = getattr(bad, "message", None) or str(bad)
        raise NotANotebook(f"{src} is not a valid notebook: {reason}") from bad
    return nb


def first_heading(nb: nbformat.NotebookNode) -> str | None:
    """The plain text of the first level-1 ATX heading (``# Title``) in ``nb``'s
    Markdown cells (``*`` and backticks dropped, as the page shows it), or
    ``None`` when there is none. A ``#`` line in a code block is no heading."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark")
    for cell in nb.cells:
        if cell.get("cell_type") != "markdown":
            continue
        tokens = md.parse(cell.get("source", ""))
        for k, token in enumerate(tokens[:-1]):
            if token.type == "heading_open" and token.tag == "h1" and token.markup == "#":
                inline = tokens[k + 1].children or []
                text = "".join(
                    child.content for child in inline if child.type in {"text", "code_inline"}
                ).strip()
                if text:
                    return text
    return None


def lesson_html(
    nb: nbformat.NotebookNode,
    *,
    title: str,
    no_input: bool = False,
    links: Callable[[str], str] | None = None,
) -> str:
    """The page of executed notebook ``nb`` (changed in place: its widget
    outputs replaced, its widget state dropped, its ``notebook-only`` cells
    left out). ``title`` is the page's ``<title>`` unless the notebook's
    metadata has one; ``no_input`` hides the code cells' inputs; ``links``
    rewrites the cleaned content's HTML (``None``: links stay as written).
    The page's ``lang`` is :func:`notebook_language`'s.

    nbconvert renders the notebook; its content (every cell and output) is
    then cleaned (:func:`mc_widget.export.clean.clean_html`), the boards are
    put in (they are the page's own, written from verified state), and the
    Content-Security-Policy allows the page's own inline scripts and styles
    by their hashes. Raises ``NotebookExportError`` naming the cell of a
    saved widget state or a board snapshot that is refused, or the
    notebook's ``mc_widget.lang`` metadata when it is not a board language.
    """
    _metadata_language(nb)  # a bad one is refused before anything is rendered
    secret = secrets.token_hex(16)
    marks = {name: f"<!--mcw-{name}-{secret}-->" for name in ("policy", "start", "end")}
    exporter = HTMLExporter(
        template_name="lab",
        extra_loaders=[DictLoader({_TEMPLATE: _TEMPLATE_SOURCE})],
        template_file=_TEMPLATE,
        sanitize_html=True,
        filters={"clean_html": _clean_filter},
        exclude_input=no_input,
        exclude_input_prompt=no_input,
    )
    widgets = BoardOutputs(secret=secret)
    exporter.register_preprocessor(widgets, enabled=True)
    maths = Maths(secret)
    exporter.register_filter("markdown2html", maths.markdown_filter(exporter))
    resources = {
        "metadata": {"name": title},
        "mcw_runtime": runtime_html(),
        "mcw_marks": marks,
    }
    page, _ = exporter.from_notebook_node(nb, resources=resources)
    head, content, tail = _cut(page, marks)
    content = maths.put_in(clean_html(content))
    if links is not None:
        content = links(content)
    for slot, fragment in widgets.fragments.items():
        if content.count(slot) != 1:  # a bug, never a notebook's doing (it cannot know slot)
            raise RuntimeError(f"lesson_html: the place of widget output {slot} was lost")
        content = content.replace(slot, fragment)
    if "data-mcw-race" in content:  # a race bar: its runtime, after the boards' (js/race-page.js)
        tail = tail.replace("</body>", race_runtime_html() + "</body>", 1)
    if "data-mcw-practice" in content:  # a practice board: its runtime (js/practice-page.js)
        tail = tail.replace("</body>", practice_runtime_html() + "</body>", 1)
    # page.policy_meta writes the charset first: the template's goes.
    head = re.sub(r'<meta charset="utf-8"\s*/?>\n?', "", head, count=1)
    lang = notebook_language(nb, widgets.languages)
    head = re.sub(r'<html lang="[^"]*">', f'<html lang="{lang}">', head, count=1)
    policy = policy_meta(head + tail)
    return head.replace(marks["policy"], policy) + content + tail


def notebook_language(nb: nbformat.NotebookNode, board_languages: list[str]) -> str:
    """The language of notebook ``nb``, a code of ``LANGUAGES``: its metadata's
    ``mc_widget.lang``, else the one language all its boards
    (``board_languages``) speak, else ``"en"``. Raises ``NotebookExportError``
    when the metadata names anything but a board language."""
    return _metadata_language(nb) or _shared(board_languages) or "en"


def _metadata_language(nb: nbformat.NotebookNode) -> str | None:
    """``nb``'s ``metadata.mc_widget.lang`` (``None`` when absent), checked."""
    own = nb.metadata.get("mc_widget")
    if own is None or (isinstance(own, dict) and "lang" not in own):
        return None
    if not isinstance(own, dict):
        raise NotebookExportError(
            f"the notebook's metadata mc_widget must be an object, not {show_repr(own)}"
        )
    lang = own.get("lang")
    if lang not in LANGUAGES:
        codes = ", ".join(LANGUAGES)
        raise NotebookExportError(
            f"the notebook's metadata mc_widget.lang must be one of {codes}, not {show_repr(lang)}"
        )
    return lang


def _shared(languages: list[str]) -> str | None:
    """The one language of ``languages`` when they are all the same, else ``None``."""
    return languages[0] if languages and len(set(languages)) == 1 else None


def _tags(cell: Any) -> list[str]:
    """The tags of ``cell`` (``[]`` when its metadata has none, or not a list)."""
    tags = cell.get("metadata", {}).get("tags", [])
    return [tag for tag in tags if isinstance(tag, str)] if isinstance(tags, list) else []


def _clean_filter(element: Any) -> str:
    """The template's ``clean_html`` filter: ours, given text or (an SVG) UTF-8 bytes."""
    return clean_html(element.decode("utf-8") if isinstance(element, bytes) else str(element))


def _cut(page: str, marks: dict[str, str]) -> tuple[str, str, str]:
    """``page`` as (head, the notebook's content, tail) at the template's marks."""
    if any(page.count(mark) != 1 for mark in marks.values()):
        raise RuntimeError("lesson_html: the template's marks are not each in the page once")
    head, rest = page.split(marks["start"])
    content, tail = rest.split(marks["end"])
    return head, content, tail


class BoardOutputs(Preprocessor):
    """Replace every board snapshot output (the board as its cell showed it)
    and every widget-view output by a board, a group or the note, drop the
    code for the browser (``DROPPED_OUTPUTS``) from every output (the whole
    output when all it has besides is its ``text/plain`` repr), and leave the
    ``notebook-only`` cells out (errors still number cells as the notebook does).

    The output keeps its type and execution count; its data becomes one
    ``text/html`` holding a slot, a text made with the export's ``secret``
    that :func:`lesson_html` replaces by the widget's HTML (``fragments``,
    slot to HTML) once the notebook's content is cleaned. The notebook's
    widget state is dropped afterwards, so the template adds no widget
    manager. A saved widget state or a snapshot that is refused raises
    ``NotebookExportError`` naming the cell (and the snapshot's output).
    """

    def __init__(self, *, secret: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.secret = secret
        self.fragments: dict[str, str] = {}
        #: The language of each board drawn (its ``lang``, else its catalogue's).
        self.languages: list[str] = []

    def board(self, model: dict[str, Any]) -> str:
        """``board_html(model)``, noting the board's language."""
        said = model.get("_messages") or {}
        self.languages.append(model.get("lang") or said.get("lang") or "en")
        return board_html(model)

    def preprocess(self, nb, resources):
        widgets = nb.metadata.get("widgets", {})
        saved = widgets.get(WIDGET_STATE, {}) if isinstance(widgets, dict) else None
        saved = saved.get("state", {}) if isinstance(saved, dict) else None
        for index, cell in enumerate(nb.cells):
            if NOTEBOOK_ONLY in _tags(cell):  # left out below; errors name cells as numbered
                continue
            # Numbered as the notebook numbers them, then code-only outputs go.
            numbered = [
                (number, out)
                for number, out in enumerate(cell.get("outputs", []))
                if not _only_code(out)
            ]
            if "outputs" in cell:
                cell.outputs = [out for _, out in numbered]
            for number, output in numbered:
                data = output.get("data")
                if not isinstance(data, dict):
                    continue
                for mime in DROPPED_OUTPUTS:
                    data.pop(mime, None)
                try:
                    if SNAPSHOT_MIME in data:  # the board as this cell showed it
                        where = f"output {number}"
                        fragment = self.board(board_from_snapshot(data[SNAPSHOT_MIME], where))
                    elif WIDGET_VIEW in data:
                        view = data[WIDGET_VIEW]
                        model_id = view.get("model_id") if isinstance(view, dict) else None
                        fragment = _widget_html(model_id, saved, self.board)
                    else:
                        continue
                except SavedStateRefused as refused:
                    raise NotebookExportError(f"cell {index}: {refused}", index) from None
                # Closed by "-end": slot 1 must not be the start of slot 10.
                slot = f"mcw-widget-{self.secret}-{len(self.fragments)}-end"
                self.fragments[slot] = fragment
                output["data"] = {"text/html": slot}
        nb.metadata.pop("widgets", None)
        nb.cells = [cell for cell in nb.cells if NOTEBOOK_ONLY not in _tags(cell)]
        return nb, resources


def _only_code(output: Any) -> bool:
    """Whether ``output`` is code for the browser and a text repr of it (a
    ``Javascript`` display: its ``text/plain`` only names the object)."""
    data = output.get("data") if isinstance(output, dict) else None
    if not isinstance(data, dict) or not any(mime in data for mime in DROPPED_OUTPUTS):
        return False
    return set(data) <= {*DROPPED_OUTPUTS, "text/plain"}


def _widget_html(model_id: Any, saved: Any, draw_board: Callable[[dict], str]) -> str:
    """The HTML of the widget ``model_id`` of the saved widget state (verified:
    mc_widget/export/saved.py). Raises ``SavedStateRefused``."""
    note = f'<p class="mcw-export-note">{html.escape(OTHER_WIDGET)}</p>'
    fragment, _ = widget_tree(
        model_id, saved, draw_board, group_html, note, race_html, practice_html
    )
    return fragment


def _execute(nb: nbformat.NotebookNode, folder: Path, timeout: int) -> None:
    """Run every cell of ``nb`` in ``folder``, saving the widget state in it."""
    running: list[int] = []
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        store_widget_state=True,
        resources={"metadata": {"path": str(folder)}},
        on_cell_start=lambda cell, cell_index: running.append(cell_index),
    )
    try:
        client.execute()
    except (CellControlSignal, DeadKernelError, NoSuchKernel) as failure:
        cell = running[-1] if running else None
        where = f"cell {cell}" if cell is not None else "the notebook"
        text = _ANSI.sub("", str(failure)).strip()
        raise NotebookExportError(f"{where} failed to execute:\n{text}", cell) from failure
