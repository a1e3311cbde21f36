"""Screenshots of boards on a plain page (no JupyterLab): sizes, containers, panels.

Why: to look at the sizes, containers, zoom and teaching panels in light and
dark without starting JupyterLab (the built bundle with a fake model, as
tests/browser/layout_helpers.py does). Prints each scene's card width and
rank height and whether a board sticks out of the window.

    .venv/bin/python scripts/plain_shots.py [OUT_DIR]   # default /tmp/mcw-shots
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "mc_widget" / "static"
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from lab_helpers import launch_chromium  # noqa: E402

from mc_widget import Game  # noqa: E402
from mc_widget.board_values import messages_for  # noqa: E402

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="http://mcw.test/widget.css">
<style>
  body { margin: 8px; background: #ffffff; color: #202124; font-family: sans-serif; }
  @media (prefers-color-scheme: dark) { body { background: #1f1f1f; color: #e3e3e3; } }
  .row { display: flex; flex-direction: row; gap: 8px; }
</style></head>
<body>BODY
<script type="module">
import widget from "http://mcw.test/widget.js";
const boards = BOARDS;
for (const [id, traits] of Object.entries(boards)) {
  const data = { selected: null, feedback: {}, clock: { start: null, stop: null },
    _messages: MESSAGES, ...traits };
  const model = { get: (k) => data[k], set: (k, v) => { data[k] = v; }, on() {}, off() {},
    save_changes() {}, send() { throw new Error("no kernel"); } };
  widget.render({ model, el: document.getElementById(id) });
}
window.ready = true;
</script></body></html>"""

MEASURE = """() => [...document.querySelectorAll('.mcw')].map(root => {
  const card = root.querySelector('.mcw-board [data-cell="0"]').getBoundingClientRect();
  const rank = root.querySelector('.mcw-board .mcw-rank').getBoundingClientRect();
  const box = root.getBoundingClientRect();
  return {card: Math.round(card.width * 10) / 10, rank: Math.round(rank.height * 10) / 10,
          width: Math.round(box.width), bottom: Math.round(box.bottom),
          right: Math.round(box.right), page: [innerWidth, innerHeight]};
})"""


def mistake_panels() -> list[dict]:
    """Four made-up panels in the format of docs/teaching.md, section 4."""
    right = ["9H", "KH", "5D", "2H", "8D", "2D", "8C", "6S", "QD", "2C"]
    right += ["QH", "5H", "KD", "KS", "3S", "7D", "7C", "AS", "9S", "JD"]
    right += ["QC", "AH", None, None, None]
    gravity = [
        *["9H", "KH", "8C", "5D", "2H"],
        *["8D", "2D", "QH", "5H", "6S"],
        *["QD", "2C", "7D", "QC", "KD"],
        *["KS", "3S", None, None, "7C"],
        *["AS", "9S", None, None, "AH"],
    ]
    wrap = [*right[:20], "QC", "AH", "TS", "5C", "2S"]
    return [
        {
            "title": "Wrong: column gravity",
            "caption": "Cards slide straight up their column, so 8♣ lands beside K♥.",
            "verdict": "wrong",
            "rows": 5,
            "cols": 5,
            "tableau": gravity,
            "marks": [
                {"cell": 2, "kind": "differs"},
                {"cell": 7, "kind": "moved"},
                {"cell": 12, "kind": "moved"},
                {"cell": 1, "kind": "focus"},
            ],
            "links": [{"cells": [1, 2], "kind": "false"}],
        },
        {
            "title": "Right: close up in reading order",
            "caption": "The first card after the first gap moves into it, one after another.",
            "verdict": "right",
            "rows": 5,
            "cols": 5,
            "tableau": right,
            "marks": [{"cell": 15, "kind": "pair"}, {"cell": 16, "kind": "pair"}],
            "links": [{"cells": [15, 16], "kind": "touch"}],
        },
        {
            "title": "Wrong: wrap-around",
            "caption": "2♥ at the end of row 1 does not touch 8♦ at the start of row 2.",
            "verdict": "wrong",
            "rows": 5,
            "cols": 5,
            "tableau": wrap,
            "marks": [{"cell": 3, "kind": "focus"}, {"cell": 4, "kind": "crossed"}],
            "links": [{"cells": [3, 4], "kind": "false"}, {"cells": [0, 1], "kind": "pair"}],
        },
        {
            "title": "Refill",
            "caption": "Stock cards fill the gaps at the end, in reading order.",
            "verdict": "",
            "rows": 5,
            "cols": 5,
            "tableau": wrap,
            "marks": [
                {"cell": 22, "kind": "dealt"},
                {"cell": 23, "kind": "dealt"},
                {"cell": 24, "kind": "dealt"},
            ],
            "links": [],
        },
    ]


def scenes() -> list[dict]:
    game = Game(deal=7)
    game.remove_pair(5, 10)
    state = game.to_state()
    plain = {"state": state}
    mistake = {
        "state": state,
        "title": "M3 · Column gravity",
        "caption": "After a pair is removed the cards close up in reading order, not up their "
        "column. <img src=x onerror=alert(1)>",
        "panels": mistake_panels(),
        "selected": 12,
    }
    one = '<div id="a"></div>'
    return [
        {
            "name": "hbox-1280",
            "viewport": (1280, 900),
            "body": '<div class="row"><div id="a"></div><div id="b"></div></div>',
            "boards": {"a": plain, "b": plain},
        },
        {"name": "normal-1280x900", "viewport": (1280, 900), "body": one, "boards": {"a": plain}},
        {
            "name": "projector-1280x720",
            "viewport": (1280, 720),
            "body": one,
            "boards": {"a": {**plain, "size": "projector", "selected": 12}},
        },
        {
            "name": "large-1600x1000",
            "viewport": (1600, 1000),
            "body": one,
            "boards": {"a": {**plain, "size": "large"}},
        },
        {
            "name": "zoom150-normal",
            "viewport": (853, 600),
            "scale": 1.5,
            "body": one,
            "boards": {"a": plain},
        },
        {
            "name": "narrow-360",
            "viewport": (1280, 900),
            "body": '<div style="width:360px"><div id="a"></div></div>',
            "boards": {"a": {**mistake, "panels": mistake_panels()[:2]}},
        },
        {"name": "small-960x540", "viewport": (960, 540), "body": one, "boards": {"a": plain}},
        {"name": "mistake-light", "viewport": (1280, 1400), "body": one, "boards": {"a": mistake}},
        {
            "name": "mistake-dark",
            "viewport": (1280, 1400),
            "dark": True,
            "body": one,
            "boards": {"a": mistake},
        },
    ]


def server(html: str):
    """A route handler: the page, and the bundle from mc_widget/static."""

    def serve(route) -> None:
        name = route.request.url.rsplit("/", 1)[-1]
        if name == "page.html":
            route.fulfill(body=html, content_type="text/html")
        else:
            kind = "text/javascript" if name.endswith(".js") else "text/css"
            route.fulfill(path=str(STATIC / name), content_type=kind)

    return serve


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = launch_chromium(p)
        for scene in scenes():
            w, h = scene["viewport"]
            context = browser.new_context(
                viewport={"width": w, "height": h},
                device_scale_factor=scene.get("scale", 1),
                color_scheme="dark" if scene.get("dark") else "light",
            )
            page = context.new_page()
            # The boards' words, as Python sends them (issue 19).
            html = (
                PAGE.replace("BODY", scene["body"])
                .replace("BOARDS", json.dumps(scene["boards"]))
                .replace("MESSAGES", json.dumps(messages_for("en"), ensure_ascii=False))
            )

            page.route("http://mcw.test/**", server(html))
            page.goto("http://mcw.test/page.html")
            page.wait_for_function("window.ready === true")
            page.wait_for_timeout(200)
            print(scene["name"], page.evaluate(MEASURE))
            page.screenshot(path=str(out / f"{scene['name']}.png"), full_page=True)
            context.close()
        browser.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/mcw-shots"))
