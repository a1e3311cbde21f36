"""Measuring the board on the page: scroll it into place, read boxes and
colours from the browser's computed styles, and work out WCAG contrast.

Used by the layout and legibility tests (``test_layout.py``,
``test_legibility.py``).
"""

from __future__ import annotations

import json

from mc_widget.board_values import messages_for

# The element that scrolls a notebook (JupyterLab's or Notebook 7's): the
# nearest ancestor of ``el`` that can scroll vertically.
SCROLLER_JS = """el => {
    let box = el.parentElement;
    while (box && !(box.scrollHeight > box.clientHeight
            && /(auto|scroll)/.test(getComputedStyle(box).overflowY))) {
        box = box.parentElement;
    }
    return box;
}"""


def frames(page, n: int = 2) -> None:
    """Let ``n`` animation frames pass (layout and lazy cells settle)."""
    page.evaluate(
        """n => new Promise(resolve => {
            const step = k => (k === 0 ? resolve() : requestAnimationFrame(() => step(k - 1)));
            step(n);
        })""",
        n,
    )


def scroll_to_top(page, locator) -> None:
    """Scroll the notebook until ``locator``'s top is at the top of the notebook's
    scrolling area. Cells off screen are drawn lazily and change size when
    drawn, so one jump may land only near it: repeat until it stays."""
    for _ in range(20):
        off = locator.evaluate(
            f"""el => {{
                const box = ({SCROLLER_JS})(el);
                const off = el.getBoundingClientRect().top - box.getBoundingClientRect().top;
                box.scrollTop += off;
                return off;
            }}"""
        )
        frames(page)
        if abs(off) < 2:
            return
    raise AssertionError("could not scroll the board to the top of the notebook")


def boxes(locator, selectors: dict[str, str]) -> dict[str, dict[str, float]]:
    """Bounding boxes (left, top, right, bottom, width, height) of the first
    element matching each selector inside ``locator`` (``":scope"`` is the
    element itself), plus ``"scroller"``: the visible part of the notebook."""
    return locator.evaluate(
        f"""(el, selectors) => {{
            const box = r => ({{left: r.left, top: r.top, right: r.right, bottom: r.bottom,
                                 width: r.width, height: r.height}});
            const out = {{}};
            for (const [name, sel] of Object.entries(selectors)) {{
                const found = sel === ':scope' ? el : el.querySelector(sel);
                out[name] = found ? box(found.getBoundingClientRect()) : null;
            }}
            const scroller = ({SCROLLER_JS})(el);
            const s = scroller.getBoundingClientRect();
            // The visible part: the scroller less its horizontal scroll bar, within the window.
            out.scroller = box(new DOMRect(s.left, Math.max(s.top, 0), scroller.clientWidth,
                Math.min(s.top + scroller.clientHeight, window.innerHeight) - Math.max(s.top, 0)));
            return out;
        }}""",
        selectors,
    )


# Every element of a board that reaches outside the board's root sideways,
# and how far the root itself and the notebook scroll sideways.
OVERFLOW_JS = """root => {
    const r = root.getBoundingClientRect();
    const out = [];
    for (const el of root.querySelectorAll('*')) {
        const b = el.getBoundingClientRect();
        if (b.width === 0 && b.height === 0) continue;
        if (b.right > r.right + 0.5 || b.left < r.left - 0.5) {
            out.push(`${el.tagName.toLowerCase()}.${el.className} ${b.left}..${b.right}`);
        }
    }
    // Up to the notebook's scrolling area (or the page, on a page without one).
    let sideways = 0;
    for (let box = root.parentElement; box; box = box.parentElement) {
        sideways = Math.max(sideways, box.scrollWidth - box.clientWidth);
        if (/(auto|scroll)/.test(getComputedStyle(box).overflowY)) break;
    }
    return {outside: out, root: root.scrollWidth - root.clientWidth, ancestors: sideways,
            width: r.width};
}"""


def overflow(locator) -> dict:
    """What of a board sticks out sideways (see ``OVERFLOW_JS``)."""
    return locator.evaluate(OVERFLOW_JS)


# A page with no notebook around the board: the bundle and a fake model, as
# in exported HTML (the page and the bundle are served by Playwright's router).
# No --jp-* or --vscode-* variables, and a page that turns dark in a dark
# colour scheme without declaring one (the board then follows the system:
# js/view/scheme.js).
PLAIN_PAGE = """<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="http://mcw.test/widget.css">
<style>
  body { margin: 8px; background: #ffffff; color: #202124; }
  @media (prefers-color-scheme: dark) { body { background: #1f1f1f; color: #e3e3e3; } }
</style></head>
<body><div id="out"></div>
<script type="module">
import widget from "http://mcw.test/widget.js";
const data = { state: STATE, selected: null, feedback: {}, clock: { start: null, stop: null },
  _messages: MESSAGES };
const model = { get: (k) => data[k], set: (k, v) => { data[k] = v; }, on() {}, off() {},
  save_changes() {}, send() { throw new Error("no kernel"); } };
widget.render({ model, el: document.getElementById("out") });
window.ready = true;
</script></body></html>"""


def open_plain_board(page, state: dict, static_dir) -> None:
    """Show a board of ``state`` (a state dict) on a plain page in ``page``."""
    # The board's words, as Python sends them (issue 19: the bundle has only the engine's).
    messages = json.dumps(messages_for("en"), ensure_ascii=False)
    html = PLAIN_PAGE.replace("STATE", json.dumps(state)).replace("MESSAGES", messages)

    def serve(route):
        name = route.request.url.rsplit("/", 1)[-1]
        if name == "page.html":
            route.fulfill(body=html, content_type="text/html")
        else:
            kind = "text/javascript" if name.endswith(".js") else "text/css"
            route.fulfill(path=str(static_dir / name), content_type=kind)

    page.route("http://mcw.test/**", serve)
    page.goto("http://mcw.test/page.html")
    page.wait_for_function("window.ready === true")


# The colour a reader sees: an element's colour (with its alpha and the
# opacity of it and its ancestors) over what is painted behind it (the
# backgrounds of its ancestors, composited from the first opaque one).
EFFECTIVE_JS = """
function parse(css) {
    const m = css.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const v = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1];
}
function over(top, below) {
    const a = top[3];
    return [0, 1, 2].map(k => top[k] * a + below[k] * (1 - a)).concat([1]);
}
function opacity(el) {
    let o = 1;
    for (let e = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
    return o;
}
function behind(el) {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c && c[3] > 0) layers.push([...c.slice(0, 3), c[3] * opacity(e)]);
        if (c && c[3] === 1 && opacity(e) === 1) break;
    }
    let colour = [255, 255, 255, 1];
    for (const layer of layers.reverse()) colour = over(layer, colour);
    return colour;
}
function seen(el, property, background) {
    const c = parse(getComputedStyle(el)[property]);
    return over([...c.slice(0, 3), c[3] * opacity(el)], background);
}
"""


def luminance(rgb) -> float:
    """WCAG 2 relative luminance of an ``[r, g, b, ...]`` colour (0 … 1)."""

    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """WCAG 2 contrast ratio of two ``[r, g, b, ...]`` colours (1 … 21)."""
    high, low = sorted([luminance(a), luminance(b)], reverse=True)
    return (high + 0.05) / (low + 0.05)


def text_contrast(locator) -> tuple[float, list, list]:
    """Contrast of an element's text against what is painted behind it,
    with the text colour and background as seen."""
    fg, bg = locator.evaluate(
        f"""el => {{
            {EFFECTIVE_JS}
            const bg = behind(el);
            return [seen(el, 'color', bg), bg];
        }}"""
    )
    return contrast(fg, bg), fg, bg


def outline_contrast(locator) -> tuple[float, list, list, str]:
    """Contrast of an element's focus outline against what is painted around
    it (the background of its parent: the outline is drawn outside the
    element), with the outline as seen, that background, and its style."""
    ring, bg, style = locator.evaluate(
        f"""el => {{
            {EFFECTIVE_JS}
            const bg = behind(el.parentElement);
            const s = getComputedStyle(el);
            return [seen(el, 'outlineColor', bg), bg, s.outlineStyle + ' ' + s.outlineWidth];
        }}"""
    )
    return contrast(ring, bg), ring, bg, style
