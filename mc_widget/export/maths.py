"""A notebook's maths drawn on the exported page as MathML (docs/export.md, section 4).

Why: nbconvert leaves ``$…$`` and ``$$…$$`` as TeX for MathJax, which would
come from a CDN (the page's Content-Security-Policy and offline use forbid
it). latex2mathml turns the TeX into MathML at export time, which Chromium
(from 109), Firefox and Safari draw with no script and no font. The TeX is
the notebook's, so input from outside: latex2mathml copies ``\\text{…}``
raw into its output: a formula whose MathML holds any other element stays
TeX, and each formula's MathML is cleaned with an allow-list of MathML
elements and attributes (nh3) before it goes in, and it goes in
after the page's content is cleaned, at a slot (as the boards do). A formula
latex2mathml cannot convert stays TeX, in a ``<code>`` saying so.
"""

from __future__ import annotations

import html
import re
from typing import Any

import nh3
from jinja2 import pass_context
from latex2mathml.converter import convert
from nbconvert.filters.markdown_mistune import IPythonRenderer, MarkdownWithMath

#: The MathML elements a formula may use (presentation MathML, as
#: latex2mathml writes it).
MATH_TAGS = frozenset(
    {
        "math", "mrow", "mi", "mn", "mo", "ms", "mtext", "mspace", "msup", "msub",
        "msubsup", "mfrac", "msqrt", "mroot", "mover", "munder", "munderover",
        "mtable", "mtr", "mtd", "mstyle", "mpadded", "mphantom", "menclose",
        "merror", "mmultiscripts", "mprescripts", "none",
    }
)  # fmt: skip
#: Their attributes that only change how a formula is drawn.
MATH_ATTRIBUTES = frozenset(
    {
        "display", "mathvariant", "stretchy", "fence", "separator", "lspace",
        "rspace", "minsize", "maxsize", "accent", "accentunder", "columnalign",
        "rowalign", "columnspacing", "rowspacing", "columnlines", "rowlines",
        "linethickness", "width", "height", "depth", "displaystyle",
        "scriptlevel", "movablelimits", "notation", "symmetric", "largeop",
    }
)  # fmt: skip
#: The title of a formula left as TeX.
NOT_DRAWN = "This formula could not be drawn as MathML; its TeX source is shown."


def math_html(tex: str, *, display: bool) -> str:
    """The HTML of the formula ``tex``: MathML (``display="block"`` for display
    maths), cleaned to :data:`MATH_TAGS` and :data:`MATH_ATTRIBUTES`; or,
    when it cannot be converted (latex2mathml fails, braces do not balance,
    a command it does not know is left as text, ``\\text{…}`` holds markup
    that is not MathML), the TeX with its dollars in a
    ``<code>`` whose ``title`` is :data:`NOT_DRAWN`."""
    try:
        if not _balanced(tex):
            raise ValueError("unbalanced braces")
        mathml = convert(tex, display="block" if display else "inline")
        if "<mi>\\" in mathml or "<mo>\\" in mathml:  # an unknown command, kept as text
            raise ValueError("unknown command")
        if any(tag.lower() not in MATH_TAGS for tag in _TAG.findall(mathml)):
            # Markup copied raw from \text{…}: cleaning it away would show a
            # different formula from the notebook's, so the TeX is shown.
            raise ValueError("markup that is not MathML")
    except Exception:
        dollars = "$$" if display else "$"
        source = html.escape(f"{dollars}{tex}{dollars}")
        return f'<code title="{html.escape(NOT_DRAWN)}">{source}</code>'
    attributes = {tag: set(MATH_ATTRIBUTES) for tag in MATH_TAGS}
    return nh3.clean(
        mathml,
        tags=set(MATH_TAGS),
        attributes=attributes,
        clean_content_tags={"script", "style"},
        link_rel=None,
    )


#: A tag's name in converted MathML (``a < b`` in ``\\text`` is ``<&#x000A0;``, no tag).
_TAG = re.compile(r"</?\s*([A-Za-z][\w:.-]*)")


def _balanced(tex: str) -> bool:
    """Whether the unescaped braces of ``tex`` open and close in order."""
    depth, k = 0, 0
    while k < len(tex):
        if tex[k] == "\\":
            k += 2
            continue
        depth += {"{": 1, "}": -1}.get(tex[k], 0)
        if depth < 0:
            return False
        k += 1
    return depth == 0


class Maths:
    """The formulas of one export: the Markdown filter puts a slot (a text made
    with the export's ``secret``) where each goes, and ``fragments`` maps
    each slot to its HTML (:func:`math_html`) for after the cleaning."""

    def __init__(self, secret: str) -> None:
        self.secret = secret
        self.fragments: dict[str, str] = {}
        self.sources: dict[str, str] = {}

    def slot(self, tex: str, *, display: bool) -> str:
        """A new slot for the formula ``tex``."""
        # Closed by "-end": slot 1 must not be the start of slot 10.
        slot = f"mcw-math-{self.secret}-{len(self.fragments)}-end"
        self.fragments[slot] = math_html(tex, display=display)
        self.sources[slot] = tex
        return slot

    def put_in(self, content: str) -> str:
        """``content`` (cleaned HTML) with each slot replaced by its formula; a
        slot inside an attribute (a heading's ``id``, made from its text) by
        the TeX as text, escaped."""
        for slot, fragment in self.fragments.items():
            plain = html.escape(self.sources[slot].strip(), quote=True)
            inside = re.compile(r'(="[^"]*?)' + re.escape(slot))
            while inside.search(content):
                content = inside.sub(lambda m, plain=plain: m.group(1) + plain, content)
            content = content.replace(slot, fragment)
        return content

    def markdown_filter(self, exporter: Any):
        """The ``markdown2html`` filter of ``exporter`` (nbconvert's
        ``HTMLExporter.markdown2html``, its options kept) with each formula a
        slot."""
        maths = self

        class Renderer(IPythonRenderer):
            def block_math(self, body: str) -> str:
                return maths.slot(body, display=True)

            def inline_math(self, body: str) -> str:
                return maths.slot(body, display=False)

            def latex_environment(self, name: str, body: str) -> str:
                return maths.slot(f"\\begin{{{name}}}{body}\\end{{{name}}}", display=True)

        @pass_context
        def markdown2html(context: Any, source: str) -> str:
            cell = context.get("cell", {})
            path = context.get("resources", {}).get("metadata", {}).get("path", "")
            renderer = Renderer(
                escape=False,
                attachments=cell.get("attachments", {}),
                embed_images=exporter.embed_images,
                path=path,
                anchor_link_text=exporter.anchor_link_text,
                exclude_anchor_links=exporter.exclude_anchor_links,
                **exporter.lexer_options,
            )
            return MarkdownWithMath(renderer=renderer).render(source)

        return markdown2html
