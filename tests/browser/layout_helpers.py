"""Measuring the board on the page: scroll it into place and read boxes.

Used by the layout tests (``test_layout.py``).
"""

from __future__ import annotations

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
