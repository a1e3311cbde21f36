"""Self-contained HTML pages of live boards: ``save_page`` and ``w.to_html``.

A page holds the widget bundle, its CSS and the page runtime (js/page.js)
once, and per board a placeholder with its board model as JSON
(docs/export.md, sections 2 and 3). Four functions build every page, so the
lesson export writes boards the same way as ``save_page``:
:func:`board_html`, :func:`group_html`, :func:`runtime_html` and
:func:`document_html`. Nothing in a page refers to anything outside it: no
request, no kernel.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import os
import re
from pathlib import Path
from typing import Any

from ..engine.messages import format_message
from .model import Board, board_model

_HERE = Path(__file__).parent
_STATIC = _HERE.parent / "static"

#: The row, column and grid of boards: ipywidgets HBox, VBox, GridBox.
GROUP_KINDS = ("row", "column", "grid")

_DEFAULT_TITLE = "Monte Carlo"

#: The page's Content-Security-Policy (docs/export.md, sections 3 and 4), less
#: its hashes: :func:`policy_meta` adds the sha256 of each inline script and
#: style element the page writes itself. Only the runtime (js/page.js) runs,
#: and the bundle it imports from a ``blob:`` URL; no inline script, event
#: handler or ``javascript:`` URL of anyone else's does (no
#: ``'unsafe-inline'`` for scripts). Style elements are the page's own
#: (hashed); style attributes are allowed (the notebook's are filtered by
#: mc_widget/export/clean.py; table alignment needs them). Images and fonts
#: only from ``data:``/``blob:``, nothing else loads, no form submits, no
#: ``<base>`` changes where links go.
POLICY = (
    "default-src 'none'; script-src {scripts} blob:; style-src {styles};"
    " style-src-attr 'unsafe-inline'; img-src data: blob:; font-src data:;"
    " connect-src 'none'; base-uri 'none'; form-action 'none'"
)
_INLINE = re.compile(r"<(script|style)\b([^>]*)>(.*?)</\1", flags=re.IGNORECASE | re.DOTALL)


def source_hash(text: str) -> str:
    """The CSP hash source (``'sha256-…'``) of an inline element's text.

    The text as the browser hashes it: line ends read as ``\\n`` (the HTML
    parser's newline normalisation), encoded as UTF-8.
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def policy_meta(own: str) -> str:
    """The head's first elements for a page whose own HTML is ``own``: the
    charset, the Content-Security-Policy ``<meta>``, no DNS prefetching.

    ``own`` is every part of the page the exporter wrote itself (the head, the
    runtime), never a notebook's or a caller's content: each ``<script
    type="module">`` and ``<style>`` in it is allowed by its sha256 and
    nothing else inline is. Raises ``ValueError`` when ``own`` has no module
    script (a page without its runtime).
    """
    scripts, styles = [], []
    for tag, attrs, text in _INLINE.findall(own):
        if tag.lower() == "style":
            styles.append(source_hash(text))
        elif re.search(r"""\btype\s*=\s*["']?module\b""", attrs, flags=re.IGNORECASE):
            scripts.append(source_hash(text))
    if not scripts:
        raise ValueError("policy_meta: the page's own HTML has no module script (no runtime)")
    policy = POLICY.format(
        scripts=" ".join(dict.fromkeys(scripts)),
        styles=" ".join(dict.fromkeys(styles)) or "'none'",
    )
    # The charset first (it must be in the page's first 1,024 bytes, and the
    # hashes are long); no DNS look-up for a link's host before it is followed.
    return (
        '<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{policy}">\n'
        '<meta http-equiv="x-dns-prefetch-control" content="off">\n'
    )


def _json_in_script(value: Any) -> str:
    """``value`` as JSON that no text in it can end a ``<script>`` element with.

    ``<``, ``>`` and ``&`` are written ``\\u003c``, ``\\u003e``, ``\\u0026``
    (JSON.parse reads them back as the same characters).
    """
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _script_text(source: str, name: str) -> str:
    """JavaScript ``source`` safe inside a ``<script>`` element: ``</script`` as ``<\\/script``.

    ``<\\/`` means ``</`` in a JavaScript string, template, regular
    expression or comment, where the bundle has it. A ``<!--`` (which would
    change how the HTML parser reads the element) is refused: ValueError
    naming ``name``; the bundles have none.
    """
    if "<!--" in source:
        raise ValueError(f"{name} contains '<!--' and cannot be written inside a <script>")
    return re.sub(r"</(script)", r"<\\/\1", source, flags=re.IGNORECASE)


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileNotFoundError(
            f"{path} is missing: build the front end with `npm run build` (or `make setup`)"
        ) from None


def _style(css: str, name: str) -> str:
    if re.search(r"</style", css, flags=re.IGNORECASE):
        raise ValueError(f"{name} contains '</style' and cannot be written inside a <style>")
    return f"<style>\n{css}</style>\n"


def board_html(model: dict[str, Any]) -> str:
    """One board placeholder: a ``div[data-mcw-board]`` holding ``model`` as JSON.

    ``model`` is a board model (:func:`mc_widget.export.board_model`); the
    page runtime draws it as a live board. Raises ``TypeError`` when it is
    not a dict.
    """
    if not isinstance(model, dict):
        raise TypeError(f"board_html: model must be a dict, not {type(model).__name__}")
    return (
        '<div class="mcw-page-board" data-mcw-board>\n'
        f'<script type="application/json">{_json_in_script(model)}</script>\n'
        "</div>\n"
    )


def group_html(kind: str, items: list[str]) -> str:
    """A row, column or grid of ``items`` (HTML fragments: boards or groups).

    ``kind`` is ``"row"`` (an HBox: wraps in a narrow window), ``"column"``
    (a VBox) or ``"grid"`` (a GridBox: as many columns as fit). Raises
    ``ValueError`` for another kind, ``TypeError`` when ``items`` is not a
    list of str.
    """
    if kind not in GROUP_KINDS:
        raise ValueError(f"group_html: kind must be one of {', '.join(GROUP_KINDS)}, not {kind!r}")
    if not isinstance(items, list) or not all(isinstance(item, str) for item in items):
        raise TypeError("group_html: items must be a list of str (HTML fragments)")
    return f'<div class="mcw-page-group" data-kind="{kind}">\n{"".join(items)}</div>\n'


def race_html(model: dict[str, Any]) -> str:
    """One race bar placeholder: a ``div[data-mcw-race]`` holding ``{"players",
    "texts", "layout", "rules"}`` as JSON; the page's race runtime (js/race-page.js) draws the bar
    over the next two boards of the page (docs/sessions.md, "Races")."""
    fixed = {
        "players": list(model["players"]),
        "texts": dict(model["texts"]),
        "layout": model["layout"],
        "rules": dict(model["rules"]),
    }
    return (
        '<div class="mcw-page-race" data-mcw-race>\n'
        f'<script type="application/json">{_json_in_script(fixed)}</script>\n'
        "</div>\n"
    )


def _bundle_html(name: str) -> str:
    """A page runtime of its own bundle, inline: mc_widget/static/``name``.css
    as a style and ``name``.js as a module. ``FileNotFoundError`` when not built."""
    runtime = _script_text(_read(_STATIC / f"{name}.js"), f"{name}.js")
    return (
        _style(_read(_STATIC / f"{name}.css"), f"{name}.css")
        + f'<script type="module">{runtime}</script>\n'
    )


def race_runtime_html() -> str:
    """What a page with a race needs once more: the race bar's CSS and runtime
    (js/race-page.js, its own bundle). ``FileNotFoundError`` when not built."""
    return _bundle_html("race-page")


def practice_html(model: dict[str, Any]) -> str:
    """One practice board placeholder: a ``div[data-mcw-practice]`` holding
    ``{"set", "answers", "texts", "lang"}`` as JSON (docs/practice.md, "The
    practice board"); the page's practice runtime (js/practice-page.js) draws
    it with no kernel. ``TypeError`` when ``model`` is not a dict."""
    if not isinstance(model, dict):
        raise TypeError(f"practice_html: model must be a dict, not {type(model).__name__}")
    fixed = {
        "set": dict(model["set"]),
        "answers": list(model["answers"]),
        "texts": dict(model["texts"]),
        "lang": model["lang"],
    }
    return (
        '<div class="mcw-page-practice" data-mcw-practice>\n'
        f'<script type="application/json">{_json_in_script(fixed)}</script>\n'
        "</div>\n"
    )


def practice_runtime_html() -> str:
    """What a page with a practice board needs once more: its CSS and runtime
    (js/practice-page.js, its own bundle). ``FileNotFoundError`` when not built."""
    return _bundle_html("practice-page")


def runtime_html() -> str:
    """What a page of boards needs once: the CSS, the widget bundle and page.js.

    The bundle is inline text (``#mcw-widget-esm``) that page.js imports
    through a ``blob:`` URL; the runtime's text for a board it cannot read
    (catalogue ``page.bad-board``) goes with it. Raises ``FileNotFoundError``
    when the front end was not built (mc_widget/static/).
    """
    bundle = _script_text(_read(_STATIC / "widget.js"), "widget.js")
    runtime = _script_text(_read(_STATIC / "page.js"), "page.js")
    bad = html.escape(format_message("page.bad-board"), quote=True)
    return (
        _style(_read(_STATIC / "widget.css"), "widget.css")
        + _style(_read(_HERE / "boards.css"), "boards.css")
        + f'<script type="text/plain" id="mcw-widget-esm" data-bad-board="{bad}">'
        + bundle
        + "</script>\n"
        + f'<script type="module">{runtime}</script>\n'
    )


def document_html(body: str, *, title: str) -> str:
    """A whole page (``<!doctype html>``, ``lang="en"``) around ``body``, with the runtime.

    ``body`` is HTML (boards, groups, rendered Markdown); ``title`` is plain
    text for the ``<title>``. Raises ``TypeError`` when either is not a str.
    """
    if not isinstance(body, str):
        raise TypeError(f"document_html: body must be a str, not {type(body).__name__}")
    if not isinstance(title, str):
        raise TypeError(f"document_html: title must be a str, not {type(title).__name__}")
    head = (
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title, quote=False)}</title>\n"
        + _style(_read(_HERE / "page.css"), "page.css")
    )
    runtime = runtime_html()
    if "data-mcw-race" in body:
        runtime += race_runtime_html()
    if "data-mcw-practice" in body:
        runtime += practice_runtime_html()
    return (
        "<!doctype html>\n"
        '<html lang="en">\n<head>\n'
        + policy_meta(head + runtime)
        + head
        + '</head>\n<body>\n<main class="mcw-page">\n'
        + body
        + "</main>\n"
        + runtime
        + "</body>\n</html>\n"
    )


def markdown_html(text: str) -> str:
    """Markdown ``text`` as HTML (CommonMark and tables, by markdown-it-py).

    Raw HTML in it is shown as text, never run; images are not loaded (a page
    makes no request): ``![alt](url)`` is drawn as a link ``alt`` to ``url``
    (an ``<a>``, never an ``<img>``; inside a link, just the text ``alt``).
    A ``javascript:``, ``vbscript:``, ``file:`` or ``data:`` URL is no link
    (:func:`_link_allowed`).
    """
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    md.validateLink = _link_allowed
    md.add_render_rule("image", _image_as_link)
    return f'<div class="mcw-page-text">\n{md.render(text)}</div>\n'


#: The URL schemes no link of a page may have (markdown-it's own list, with
#: every ``data:`` URL: an image is drawn as a link, and a ``data:`` link is a
#: document of its own).
_BAD_LINK = re.compile(r"(javascript|vbscript|file|data):")


def _link_allowed(url: str) -> bool:
    """markdown-it's link check (``url`` normalised, entities decoded): no bad scheme."""
    return _BAD_LINK.match(url.strip().lower()) is None


def _image_as_link(self, tokens, idx, options, env) -> str:
    """markdown-it render rule: an image token as ``<a href=src>alt</a>``.

    ``src`` was normalised and checked by the parser (:func:`_link_allowed`);
    the ``alt`` text is escaped. An image inside a link (``[![a](x)](y)``)
    gives only its text, since a link cannot hold a link.
    """
    from markdown_it.common.utils import escapeHtml

    token = tokens[idx]
    alt = escapeHtml(self.renderInlineAsText(token.children or [], options, env))
    depth = sum((t.type == "link_open") - (t.type == "link_close") for t in tokens[:idx])
    if depth > 0:
        return alt
    href = escapeHtml(str(token.attrGet("src") or ""))
    title = token.attrGet("title")
    title_attr = f' title="{escapeHtml(str(title))}"' if title else ""
    return f'<a href="{href}"{title_attr}>{alt or href}</a>'


#: The attributes of a board's placeholder (``board_html``, ``practice_html``).
_PLACEHOLDERS = ("data-mcw-board", "data-mcw-practice")


def count_boards(page: str) -> int:
    """How many board placeholders HTML ``page`` has: game boards
    (``div[data-mcw-board]``) and practice boards (``div[data-mcw-practice]``),
    as ``widget_tree`` counts a saved notebook's boards."""
    from html.parser import HTMLParser

    class _Counter(HTMLParser):
        found = 0

        def handle_starttag(self, tag, attrs):
            if tag == "div" and any(name in _PLACEHOLDERS for name, _ in attrs):
                self.found += 1

    counter = _Counter()
    counter.feed(page)
    counter.close()
    return counter.found


def _part_html(part: Any, where: str) -> str:
    """A board, a box of boards or Markdown as HTML; ``TypeError`` naming ``where``."""
    import ipywidgets

    if isinstance(part, Board):
        return board_html(board_model(part))
    race = getattr(part, "race_model", None)
    if callable(race):  # a race's bar (mc_widget/widget/race.py): its players and words
        return race_html(race())
    practice = getattr(part, "practice_model", None)
    if callable(practice):  # a practice board (mc_widget/widget/practice_board.py)
        return practice_html(practice())
    if isinstance(part, str):
        return markdown_html(part)
    kinds = {ipywidgets.HBox: "row", ipywidgets.VBox: "column", ipywidgets.GridBox: "grid"}
    kind = next((k for box, k in kinds.items() if isinstance(part, box)), None)
    if kind is not None:
        items = []
        for k, child in enumerate(part.children):
            if isinstance(child, str):
                raise TypeError(
                    f"{where}.children[{k}] must be a MonteCarloWidget or a box of them, not str"
                )
            items.append(_part_html(child, f"{where}.children[{k}]"))
        return group_html(kind, items)
    raise TypeError(
        f"{where} must be a MonteCarloWidget, an HBox, VBox or GridBox of them, or a str"
        f" of Markdown, not {type(part).__name__}"
    )


def _first_title(parts: tuple[Any, ...]) -> str | None:
    """The first non-empty board title among ``parts`` (boxes searched too)."""
    for part in parts:
        if isinstance(part, Board) and part.title:
            return part.title
        children = getattr(part, "children", None) if not isinstance(part, str) else None
        if isinstance(children, tuple) and (inner := _first_title(children)):
            return inner
    return None


def page_html(*parts: Any, title: str | None = None, caller: str = "save_page") -> str:
    """The page :func:`save_page` writes, as text (the same arguments, less ``path``).

    ``caller`` names the public function in error messages (``"to_html"``).
    Raises ``TypeError`` for a bad part or title, or for no part at all.
    """
    if title is not None and not isinstance(title, str):
        raise TypeError(f"{caller}: title must be a str or None, not {type(title).__name__}")
    if not parts:
        raise TypeError(f"{caller} needs at least one part (a board, a box of boards or Markdown)")
    body = "".join(_part_html(part, f"{caller}: parts[{i}]") for i, part in enumerate(parts))
    return document_html(body, title=title or _first_title(parts) or _DEFAULT_TITLE)


def save_page(path: str | os.PathLike[str], *parts: Any, title: str | None = None) -> Path:
    """Write one self-contained HTML page of live boards and text; return its path.

    ``parts``, in order: a ``MonteCarloWidget`` (a board), an
    ``ipywidgets.HBox``/``VBox``/``GridBox`` of boards (a row that wraps in a
    narrow window, a column, a grid; boxes may hold boxes), or a ``str`` of
    Markdown (raw HTML in it is shown as text; images are not loaded). Each
    board is written as it is now: later moves do not change the page. The
    bundle, CSS and page runtime are in the page once, whatever the number of
    boards; the page makes no request and needs no kernel (docs/export.md).

    ``title`` (plain text) is the page's ``<title>``; ``None``: the first
    board's title, else "Monte Carlo". Raises ``TypeError`` naming the
    position and type of a bad part (``parts[1]``, ``parts[0].children[2]``)
    or a bad ``title``, and ``TypeError`` "save_page needs at least one part"
    when ``parts`` is empty, and writes nothing then; the file is written only
    once the whole page is built (a missing folder is the usual
    ``FileNotFoundError``).
    """
    return write_page(path, parts, title=title, caller="save_page")


def write_page(
    path: str | os.PathLike[str], parts: tuple[Any, ...], *, title: str | None, caller: str
) -> Path:
    """:func:`save_page` with the name of the public function errors give (``caller``).

    ``w.to_html`` writes through it as ``"to_html"``, so its errors name it.
    """
    page = page_html(*parts, title=title, caller=caller)
    target = Path(path)
    target.write_text(page, encoding="utf-8")
    return target
