"""What an exported page keeps of a notebook's HTML (docs/export.md, section 4).

A notebook is input from outside: its cells and outputs may hold scripts,
event handlers, refreshes, forms or ``javascript:`` links. :func:`clean_html`
passes nbconvert's HTML of them through nh3 (the Ammonia sanitiser, an
allow-list), leaving text, structure, tables, ``data:`` images and links,
nothing that runs, loads or submits. Why not nbconvert's own sanitiser:
docs/export.md, section 4.
"""

from __future__ import annotations

import re

import nh3

#: Elements kept (nh3's defaults, less ``map``/``area`` whose ``name``/``href``
#: would need allowing; plus ``tfoot``). Any other element is dropped and its
#: text kept, except those of :data:`DROPPED_WITH_CONTENT`.
TAGS: frozenset[str] = frozenset((nh3.ALLOWED_TAGS - {"map", "area"}) | {"tfoot"})
#: Elements dropped with everything inside them: code, styles, embedded
#: documents, drawings whose text alone would read as noise.
DROPPED_WITH_CONTENT: frozenset[str] = frozenset(
    {
        "script",
        "style",
        "template",
        "noscript",
        "iframe",
        "object",
        "embed",
        "svg",
        "math",
        "title",
        "textarea",
        "select",
    }
)
#: Attributes kept on every element (nbconvert's classes and heading anchors,
#: the lab template's ``data-mime-type``; ``style`` filtered by
#: :data:`STYLE_PROPERTIES`); per element, nh3's defaults. No ``on*``, no
#: ``name`` (it could shadow a property of ``document``), no ``target``.
ATTRIBUTES: dict[str, set[str]] = {
    **{tag: set(names) for tag, names in nh3.ALLOWED_ATTRIBUTES.items()},
    "*": {"class", "id", "title", "lang", "dir", "data-mime-type", "style"},
}
#: The CSS properties a ``style`` attribute keeps: colour, alignment, weight,
#: borders and padding (tables of results); nothing that places or moves
#: an element over another (``position``, ``margin``, ``transform``), nor
#: ``url()`` carriers (``background``).
STYLE_PROPERTIES: frozenset[str] = frozenset(
    {
        "color",
        "background-color",
        "text-align",
        "vertical-align",
        "font-weight",
        "font-style",
        "text-decoration",
        "white-space",
        "border",
        "border-collapse",
        "border-color",
        "border-style",
        "border-width",
        "padding",
        "padding-left",
        "padding-right",
        "padding-top",
        "padding-bottom",
    }
)
#: URL schemes kept in ``href``/``src``/``cite``; relative URLs (a link to
#: the next lesson, ``#a-heading``) are kept too. ``data:`` only as an image,
#: by :func:`_attribute`.
URL_SCHEMES: frozenset[str] = frozenset({"http", "https", "mailto", "data"})
#: The ``data:`` images kept (an SVG in an ``<img>`` runs no script).
DATA_IMAGE = re.compile(r"data:image/(png|jpeg|gif|webp|svg\+xml)[;,]", re.IGNORECASE)
#: The page's own names (ids and classes ``mcw…``): a notebook may not take them.
OWN_NAME = re.compile(r"mcw", re.IGNORECASE)


def _attribute(tag: str, name: str, value: str) -> str | None:
    """nh3's attribute filter: the value kept, or None to drop the attribute."""
    if name in {"href", "src", "cite"} and value.strip().lower().startswith("data:"):
        keep = tag == "img" and name == "src" and DATA_IMAGE.match(value.strip())
        return value if keep else None
    if name == "id" and OWN_NAME.match(value.strip()):
        return None
    if name == "class":
        kept = [token for token in value.split() if not OWN_NAME.match(token)]
        return " ".join(kept) or None
    return value


def clean_html(fragment: str) -> str:
    """HTML ``fragment`` (a notebook's rendered cells) with only what may not run.

    Kept: the elements of :data:`TAGS` with the attributes of
    :data:`ATTRIBUTES` (``style`` only with :data:`STYLE_PROPERTIES`), URLs
    that are relative or ``http``, ``https`` or ``mailto``, and ``data:``
    images in ``<img src>``. Gone: every ``<script>``, ``<style>``,
    ``<meta>``, ``<form>``, ``<iframe>``, ``<svg>``; every event handler;
    ``javascript:`` and ``data:`` links; ids and classes starting ``mcw``
    (the page's own). Links get ``rel="noopener noreferrer"``. Comments are
    dropped. Raises ``TypeError`` when ``fragment`` is not a str.
    """
    if not isinstance(fragment, str):
        raise TypeError(f"clean_html: fragment must be a str, not {type(fragment).__name__}")
    return nh3.clean(
        fragment,
        tags=set(TAGS),
        clean_content_tags=set(DROPPED_WITH_CONTENT),
        attributes=ATTRIBUTES,
        attribute_filter=_attribute,
        url_schemes=set(URL_SCHEMES),
        filter_style_properties=set(STYLE_PROPERTIES),
        strip_comments=True,
        link_rel="noopener noreferrer",
    )
