"""Accessibility checks on a board in the browser (issue 8 item 4, WCAG 2.2 AA;
docs/accessibility.md): axe-core scoped to a board, a counter of what the
board's live region announces, the keyboard focus ring, the animations that
run, and the boxes of the board's targets.

axe-core comes from the project's node_modules (a dev dependency) and is
injected into the page under test; it runs on one board's subtree only, never
on the host's own UI (JupyterLab's page has issues of its own).
"""

from __future__ import annotations

import json
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
# WCAG 2.0, 2.1 and 2.2, levels A and AA (axe's tags for them).
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
CASE = json.loads((REPO / "tests" / "cases" / "german-worked-example.json").read_text())


def inject_axe(page) -> None:
    """Put axe-core into ``page`` once (a page reloaded needs it again)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        if not AXE.exists():
            raise AssertionError(
                f"{AXE} is missing: run npm install (axe-core is a dev dependency)"
            )
        page.add_script_tag(path=str(AXE))


# axe on one element's subtree; the results cut down to what a report needs,
# and how many elements color-contrast looked at: axe skips what it takes for
# hidden (see `axe`), so a run that checked almost nothing proves nothing.
AXE_JS = """async (el, options) => {
    const result = await axe.run(el, {...options, elementRef: true});
    // A short name for an element: its tag and the board's own hooks.
    const name = (e) => e && e.tagName.toLowerCase() + ['data-cell', 'data-action', 'data-walk']
        .filter((a) => e.hasAttribute(a)).map((a) => `[${a}="${e.getAttribute(a)}"]`).join('')
        + (e.classList.length ? '.' + [...e.classList].join('.') : '');
    const brief = (list) => list.map((v) => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map((n) => ({
            target: name(n.element) || n.target.join(' '),
            html: n.html.slice(0, 160),
            summary: (n.failureSummary || n.any.concat(n.all, n.none)
                .map((c) => c.message).join('; ')).replace(/\\s+/g, ' ').trim(),
        })),
    }));
    const checked = [result.passes, result.violations, result.incomplete]
        .flat().filter((v) => v.id === 'color-contrast')
        .reduce((n, v) => n + v.nodes.length, 0);
    return {violations: brief(result.violations), incomplete: brief(result.incomplete),
            passes: result.passes.map((v) => v.id), checked};
}"""


def axe(locator, *, rules: list[str] | None = None) -> dict:
    """Run axe-core on the element at ``locator`` and what is inside it.

    The WCAG 2.2 A/AA rules (``AXE_TAGS``), or only the rule ids ``rules``.
    Returns ``{"violations": [...], "incomplete": [...], "passes": [ids],
    "checked": n}``, each violation ``{id, impact, help, nodes: [{target,
    html, summary}]}``, ``checked`` the number of elements whose text contrast
    axe examined.

    axe counts an element as hidden when an ancestor with ``overflow: hidden``
    is under 2 px tall; JupyterLab's ``<body>`` is such an ancestor (0 px:
    its shell is absolutely positioned), so in JupyterLab the caller gives
    the body the window's height first (``jupyterlab_body_for_axe``).
    """
    inject_axe(locator.page)
    run_only = {"type": "rule", "values": rules} if rules else {"type": "tag", "values": AXE_TAGS}
    return locator.evaluate(AXE_JS, {"runOnly": run_only})


def jupyterlab_body_for_axe(page, on: bool) -> None:
    """Give JupyterLab's 0-px ``<body>`` the window's height (``on``) or take it
    back; nothing on the page moves (its content is absolutely positioned)."""
    page.evaluate("(on) => { document.body.style.minHeight = on ? '100vh' : ''; }", on)


def describe(violations: list[dict], where: str) -> str:
    """A readable report: per rule and message, the impact and the elements."""
    lines = [f"axe found {len(violations)} violated rule(s) on {where}:"]
    for v in violations:
        by_summary: dict[str, list[str]] = {}
        for n in v["nodes"]:
            by_summary.setdefault(n["summary"], []).append(n["target"])
        for summary, targets in by_summary.items():
            lines.append(f"  {v['id']} ({v['impact']}): {summary} -- on {', '.join(targets)}")
        lines.append(f"    e.g. {v['nodes'][0]['html']}")
    return "\n".join(lines)


# Live regions: the elements a screen reader announces changes of, inside a
# board (aria-live other than off, and the roles that imply one).
LIVE_SELECTOR = (
    "[aria-live]:not([aria-live='off']), [role='status'], [role='alert'], "
    "[role='log'], [role='marquee'], [role='timer'], output"
)

# Count what the live region announces: every batch of changes to its text
# (a MutationObserver callback: what the browser tells a screen reader as one
# change) that leaves text in it. Setting the same text again is a change too
# (a new text node); clearing it is not an announcement.
WATCH_JS = """(region) => {
    window.__mcwHeard = [];
    window.__mcwWatch?.disconnect();
    window.__mcwWatch = new MutationObserver(() => {
        const text = region.textContent.trim();
        if (text !== '') window.__mcwHeard.push(text);
    });
    window.__mcwWatch.observe(region, {childList: true, characterData: true, subtree: true});
}"""


def watch_announcements(region) -> None:
    """Start counting what the live region at ``region`` (a Locator) announces."""
    region.evaluate(WATCH_JS)


def announcements(page) -> list[str]:
    """What was announced since ``watch_announcements``, in order."""
    return page.evaluate("() => window.__mcwHeard.slice()")


# The focus indicator of the focused element: its outline, its box-shadow, and
# for a cell the ring its ::before draws (js/styles/board.css), with the colour as
# seen and what is painted around it (the parent's background: outlines and
# the ring are drawn outside the element). Uses layout_helpers.EFFECTIVE_JS.
FOCUS_RING_JS = """el => {
    const bg = behind(el.parentElement);
    const s = getComputedStyle(el);
    const before = getComputedStyle(el, '::before');
    const px = (v) => parseFloat(v) || 0;
    return {
        visible: el.matches(':focus-visible'),
        outline: {style: s.outlineStyle, width: px(s.outlineWidth),
                  colour: s.outlineStyle === 'none' ? null : seen(el, 'outlineColor', bg)},
        shadow: s.boxShadow,
        ring: {content: before.content, style: before.borderTopStyle,
               width: px(before.borderTopWidth),
               colour: parse(before.borderTopColor)},
        background: bg,
    };
}"""


# Every Web Animation and CSS animation or transition that runs on the page
# from now on, sampled each frame for `ms` milliseconds (the board's slides
# last 240 ms or more, so none is missed between frames): where it runs and
# how long it lasts. `prefers-reduced-motion: reduce` must leave none with a
# duration above 0.
SAMPLE_ANIMATIONS_JS = """(ms) => new Promise((resolve) => {
    const seen = new Map();
    const end = performance.now() + ms;
    const name = (a) => a.animationName || a.transitionProperty || a.constructor.name;
    const where = (a) => {
        const t = a.effect && a.effect.target;
        if (!t) return '?';
        const cell = t.closest && t.closest('[data-cell]');
        return t.tagName.toLowerCase() + '.' + t.className
            + (cell ? ` in cell ${cell.dataset.cell}` : '');
    };
    const sample = () => {
        for (const a of document.getAnimations()) {
            const timing = a.effect ? a.effect.getComputedTiming() : {};
            if (!seen.has(a)) seen.set(a, {kind: a.constructor.name, name: name(a),
                where: where(a), duration: timing.activeDuration || 0});
        }
        if (performance.now() < end) requestAnimationFrame(sample);
        else resolve([...seen.values()]);
    };
    sample();
})"""


def start_sampling_animations(page, ms: int) -> None:
    """Begin sampling animations for ``ms`` milliseconds (read with ``sampled_animations``)."""
    page.evaluate(f"(ms) => {{ window.__mcwAnimations = ({SAMPLE_ANIMATIONS_JS})(ms); }}", ms)


def sampled_animations(page) -> list[dict]:
    """The animations seen since ``start_sampling_animations`` (waits for its end)."""
    return page.evaluate("() => window.__mcwAnimations")


# The board's targets (what a pointer can activate) with their boxes: buttons,
# inputs, selects, the cells. A checkbox or other input inside a <label>
# counts with its label's box (a click on the label works it too).
TARGETS_JS = """root => {
    const shown = (el) => el.getClientRects().length > 0
        && getComputedStyle(el).visibility !== 'hidden';
    const out = [];
    for (const el of root.querySelectorAll('button, input, select, [data-cell], a[href]')) {
        if (!shown(el)) continue;
        const label = el.closest('label');
        const box = (label && el.tagName === 'INPUT' && el.type !== 'text' ? label : el)
            .getBoundingClientRect();
        const id = el.dataset.cell !== undefined ? `cell ${el.dataset.cell}`
            : el.dataset.action || el.dataset.walk || el.className || el.tagName;
        out.push({id, tag: el.tagName.toLowerCase(), left: box.left, top: box.top,
                  width: box.width, height: box.height});
    }
    return out;
}"""


def small_targets(targets: list[dict], size: float = 24.0) -> list[str]:
    """The targets smaller than ``size`` by ``size`` CSS px that WCAG 2.5.8's
    spacing exception does not save: a circle of diameter ``size`` centred on
    the target's box must not meet another target's box, nor the circle of
    another undersized target (centres at least ``size`` apart)."""

    def centre(t):
        return t["left"] + t["width"] / 2, t["top"] + t["height"] / 2

    def distance_to_box(point, t):
        x, y = point
        dx = max(t["left"] - x, 0, x - (t["left"] + t["width"]))
        dy = max(t["top"] - y, 0, y - (t["top"] + t["height"]))
        return (dx * dx + dy * dy) ** 0.5

    small = [t for t in targets if t["width"] < size - 0.01 or t["height"] < size - 0.01]
    bad = []
    for t in small:
        c = centre(t)
        for other in targets:
            if other is t:
                continue
            if distance_to_box(c, other) < size / 2 or (
                other in small and _dist(c, centre(other)) < size
            ):
                bad.append(
                    f"{t['id']} ({t['tag']}, {t['width']:.1f} x {t['height']:.1f} px) "
                    f"too close to {other['id']}"
                )
                break
    return bad


def _dist(a, b) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
