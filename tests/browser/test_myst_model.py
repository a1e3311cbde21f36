"""The board as a Jupyter Book 2 / MyST page draws it, in Chromium (no
JupyterLab; docs/export.md section 5, issue 6 item 3).

The page is written by the test: ``myst_directive`` writes the bundle and CSS
beside it and gives the ``{anywidget}`` block, whose JSON body becomes the
model. The page then does what MyST's renderer does (jupyter-book/myst-theme,
packages/anywidget/src/renderers.tsx and models.ts): a model with exactly
MystAnyModel's methods (``get``, ``set`` firing ``change:<name>`` and
``change`` on every call, ``on`` through an EventTarget; ``off``,
``save_changes`` and ``send`` throwing), an open shadow root on a host div,
a div in it as ``el`` with the CSS as a ``<link>`` inside it, the default
export's ``render``, and on unmount the cleanup awaited in an abort listener.
The files are served by Playwright's router from one made-up origin (a module
script cannot be loaded from file://); any other request is aborted and fails
the test.

Expected texts are the catalogue's (mc_widget/messages/en.json) filled in by
hand from the German worked example (tests/cases/german-worked-example.json)
and RULES.md: cells 2 (4♣) and 8 (4♥) touch diagonally; after they go, the
first gap in reading order is cell 2 and the first card after it is 5♦ in
cell 3, so one consolidation step moves it from row 1, column 4 to row 1,
column 3 (RULES.md, "Consolidate", one card at a time); a deal number and
Enter in the Deal box starts that deal ("Deal 12: a new game.").
"""

from __future__ import annotations

import json
from pathlib import Path

from mc_widget import Game
from mc_widget.export import myst_directive
from mc_widget.widget import MonteCarloWidget

CASE = json.loads(
    (Path(__file__).resolve().parents[1] / "cases" / "german-worked-example.json").read_text()
)
SHOTS = Path("/tmp/myst-shots")
ORIGIN = "http://myst.test"

START = "Remove pairs: click two touching cards of the same rank."
REMOVED = "Removed 4♣ and 4♥."
MOVED = "5♦ moved from row 1, column 4 to row 1, column 3."
NEW_DEAL = "Deal 12: a new game."

# MyST's model and renderer, as plain JavaScript (see the module docstring).
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<link rel="icon" href="data:,"><title>A MyST page</title>
<style>body { font-family: sans-serif; margin: 16px; background: #fff; color: #111; }</style>
</head><body>
<h1>A board on a MyST page</h1>
<div id="host" class="relative w-full"></div>
<script type="application/json" id="body">BODY</script>
<script type="module">
class MystAnyModel {
  #state; #target = new EventTarget();
  constructor(state) { this.#state = state; }
  get(name) { return this.#state[name]; }
  set(key, value) {
    this.#state[key] = value;
    this.#target.dispatchEvent(new CustomEvent(`change:${key}`, { detail: value }));
    this.#target.dispatchEvent(new CustomEvent("change", { detail: value }));
  }
  on(name, cb) { this.#target.addEventListener(name, cb); }
  off(_name, _cb) { throw new Error("MystAnyModel.off not implemented yet."); }
  save_changes() { throw new Error("MystAnyModel.save_changes not implemented yet."); }
  send() { throw new Error("MystAnyModel.send not implemented yet."); }
  get widget_manager() { throw new Error("MystAnyModel.widget_manager does not exist."); }
}
const controller = new AbortController();
let cleanupInitialize, cleanupRender;
controller.signal.addEventListener("abort", async () => {
  await cleanupRender?.();
  await cleanupInitialize?.();
  window.unmounted = true;
});
const mod = await import("ESM");
const widget = mod.default;
const model = new MystAnyModel(JSON.parse(document.getElementById("body").textContent));
cleanupInitialize = await widget.initialize?.({ model });
const rootEl = document.getElementById("host");
rootEl.className = "myst-anywidget";
const shadowRoot = rootEl.shadowRoot ?? rootEl.attachShadow({ mode: "open" });
const widgetRoot = document.createElement("div");
widgetRoot.className = "myst-anywidget";
widgetRoot.style.position = "relative";
shadowRoot.replaceChildren(widgetRoot);
const link = document.createElement("link");
link.rel = "stylesheet";
link.href = "CSS";
widgetRoot.appendChild(link);
await new Promise((ok) => link.addEventListener("load", ok, { once: true }));
cleanupRender = await widget.render?.({ model, el: widgetRoot });
window.mystModel = model;
window.unmount = () => controller.abort();
window.ready = true;
</script></body></html>"""


def _directive_parts(block: str) -> tuple[str, str, str]:
    """``(esm, css, body)`` of an ``{anywidget}`` block, read as MyST reads it."""
    lines = block.splitlines()
    assert lines[0].startswith("```{anywidget} ") and lines[-1] == "```", block[:200]
    esm = lines[0].removeprefix("```{anywidget} ")
    assert lines[1].startswith(":css: ")
    return esm, lines[1].removeprefix(":css: "), "\n".join(lines[2:-1])


def _write_page(tmp_path: Path, w: MonteCarloWidget) -> Path:
    esm, css, body = _directive_parts(myst_directive(w, tmp_path / "static", relative_to=tmp_path))
    body = body.replace("<", "\\u003c")  # plain JSON: JSON.parse reads what JSON5 would
    html = (
        PAGE.replace("BODY", body)
        .replace('"ESM"', json.dumps(esm))
        .replace('"CSS"', json.dumps(css))
    )
    page = tmp_path / "page.html"
    page.write_text(html, encoding="utf-8")
    return page


def _open(browser, tmp_path: Path):
    """Serve ``tmp_path`` at ORIGIN; every other request is aborted and recorded."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    stray: list[str] = []
    logged: list[str] = []
    errors: list[str] = []

    def route(r):
        url = r.request.url
        if url.startswith(ORIGIN + "/"):
            local = tmp_path / url.removeprefix(ORIGIN + "/")
            kind = {".js": "text/javascript", ".css": "text/css"}.get(local.suffix, "text/html")
            r.fulfill(path=str(local), content_type=kind)
        elif url.startswith("data:"):
            r.continue_()
        else:
            stray.append(url)
            r.abort()

    context.route("**/*", route)
    page.on(
        "console", lambda m: m.type in ("error", "warning") and logged.append(f"{m.type}: {m.text}")
    )
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(f"{ORIGIN}/page.html")
    page.wait_for_function("window.ready === true")
    return page, context, stray, logged, errors


def _status(page) -> str:
    return page.locator('#host [role="status"]').text_content()


def _wait_status(page, starts: str):
    page.wait_for_function(
        """s => document.getElementById("host").shadowRoot
                 .querySelector('[role="status"]').textContent.startsWith(s)""",
        arg=starts,
    )


def _card(page, cell: int):
    """The card in ``cell`` (``"7H"``) or None for a gap (DESIGN.md: data-card)."""
    found = page.locator(f'#host [data-cell="{cell}"] [data-card]')
    return found.get_attribute("data-card") if found.count() else None


def test_board_plays_under_mysts_model_in_a_shadow_root(browser, tmp_path):
    w = MonteCarloWidget.from_layout(CASE["layout"], title="The German example")
    _write_page(tmp_path, w)
    page, context, stray, logged, errors = _open(browser, tmp_path)
    try:
        # The board is inside the shadow root, not in the page's own DOM.
        assert page.evaluate("document.querySelector('.mcw')") is None
        inside = page.evaluate(
            """() => { const root = document.getElementById("host").shadowRoot;
                       return { board: root.querySelectorAll(".mcw").length,
                                link: root.querySelector("link[rel=stylesheet]") !== null }; }"""
        )
        assert inside == {"board": 1, "link": True}
        # The CSS reached it through the shadow root's <link>: a laid-out 5 by 5 grid.
        assert page.locator('#host [role="gridcell"]').count() == 25
        cell = page.locator('#host [data-cell="0"]').bounding_box()
        assert cell["width"] > 30 and cell["height"] > 30
        assert _status(page).startswith(START)

        page.locator('#host [data-cell="2"]').click()
        page.locator('#host [data-cell="8"]').click()
        _wait_status(page, REMOVED)
        assert [_card(page, c) for c in (2, 3, 8)] == [None, "5D", None]
        # Other pairs still touch: the first press only asks (js/app/give-up.js).
        page.locator('#host [data-action="consolidate_step"]').click()
        page.locator('#host [data-action="consolidate_step"]').click()
        _wait_status(page, MOVED)
        assert [_card(page, c) for c in (2, 3, 8)] == ["5D", None, None]
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "myst-after-step.png"), full_page=True)

        # A deal number typed into the Deal box, then Enter (keyboard.js).
        box = page.locator("#host input.mcw-deal-input")
        box.fill("12")
        box.press("Enter")
        _wait_status(page, NEW_DEAL)
        twelve = Game(deal=12).to_state()["tableau"]
        assert [_card(page, c) for c in range(25)] == twelve
        assert page.evaluate("window.mystModel.get('state').deal") == 12

        # The learner types another number; a change arriving now redraws the
        # board but must not overwrite the box: the focus is the shadow root's
        # (document.activeElement is the host div there).
        box.fill("99")
        focus = page.evaluate(
            """() => { const host = document.getElementById("host");
                       return [document.activeElement === host,
                               host.shadowRoot.activeElement?.matches(".mcw-deal-input")]; }"""
        )
        assert focus == [True, True]
        page.evaluate(
            """() => { const m = window.mystModel;
                       m.set("state", m.get("state").previous_game);
                       m.set("feedback", {}); }"""
        )
        page.wait_for_function(
            """() => document.getElementById("host").shadowRoot
                     .querySelector('[data-cell="3"]')?.hasAttribute("data-gap") === true"""
        )
        assert [_card(page, c) for c in (2, 3, 8)] == ["5D", None, None]  # German, after the step
        assert box.input_value() == "99"
        page.screenshot(path=str(SHOTS / "myst-end.png"), full_page=True)

        # Unmounting (MyST's abort listener awaits the cleanup): off throws there.
        page.evaluate("window.unmount()")
        page.wait_for_function("window.unmounted === true")
        assert (
            page.evaluate("document.getElementById('host').shadowRoot.querySelector('.mcw')")
            is None
        )

        assert errors == []
        assert logged == []
        assert stray == []
    finally:
        context.close()
