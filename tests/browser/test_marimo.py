"""A board in marimo (issue 6 item 5, docs/hosts.md): ``marimo run`` of a
scratch app whose first cell shows ``mo.ui.anywidget`` of the German worked
example's board (/work/shared/cases/, tests/cases/) and whose second cell
depends on ``w.value["state"]["discards"]``. The pair 4♣/4♥ (cells 2 and 8,
RULES.md: same rank, touching) is played inside the widget's shadow root
(marimo draws it in an open one under ``<marimo-anywidget>``); the status
line says so and the dependent cell's output changes.

marimo has no --jp-* variables; it declares ``color-scheme: dark`` or
``light`` on its page (``?theme=dark`` switches it). The board's background
follows marimo's theme in every case, also when the system's scheme is the
other one: before js/view/scheme.js the board followed only the system's
``prefers-color-scheme`` and painted dark on marimo's white page. No request
leaves the server.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from host_helpers import DARK, LIGHT, abort_outside, board_luminance, serving

pytest.importorskip("marimo", reason="marimo is not installed (the test extra has it)")

CASE = json.loads(
    (Path(__file__).resolve().parents[1] / "cases" / "german-worked-example.json").read_text()
)
SHOTS = Path("/tmp/host-shots")

APP = f"""\
import marimo

app = marimo.App(width="medium")


@app.cell
def _():
    import marimo as mo
    from mc_widget import MonteCarloWidget

    w = mo.ui.anywidget(MonteCarloWidget.from_layout({CASE["layout"]!r}))
    w
    return mo, w


@app.cell
def _(mo, w):
    discards = w.value["state"]["discards"]
    mo.md(f'<span id="dependent">the next cell sees {{len(discards)}} pairs: {{discards}}</span>')
    return


if __name__ == "__main__":
    app.run()
"""


@pytest.fixture(scope="module")
def marimo_url(tmp_path_factory):
    folder = tmp_path_factory.mktemp("marimo")
    (folder / "app.py").write_text(APP)
    home = folder / "home"
    home.mkdir()
    command = [
        sys.executable,
        "-m",
        "marimo",
        "run",
        "app.py",
        "--headless",
        "--port",
        "{port}",
        "--host",
        "127.0.0.1",
    ]
    # A scratch home: no user's marimo.toml (its theme) reaches the server.
    env = {
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_STATE_HOME": str(home / ".state"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "MARIMO_SKIP_UPDATE_CHECK": "1",
    }
    with serving(command, "/", folder, env) as base:
        yield base


@pytest.mark.parametrize(
    ("theme", "system"),
    [("light", "light"), ("dark", "light"), ("light", "dark")],
)
def test_a_pair_in_marimo_follows_its_theme(browser, marimo_url, theme, system):
    context = browser.new_context(viewport={"width": 1200, "height": 950}, color_scheme=system)
    outside = abort_outside(context, marimo_url)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(marimo_url + ("/?theme=dark" if theme == "dark" else "/"), timeout=120_000)
        # Playwright's CSS locators pierce the open shadow root.
        board = page.locator(".mcw")
        board.locator("[data-cell='2'] [data-card='4C']").wait_for(timeout=120_000)
        assert board.count() == 1
        assert board.evaluate("(el) => el.getRootNode().host?.localName") == "marimo-anywidget"
        dependent = page.locator("#dependent")
        dependent.wait_for(timeout=60_000)
        assert "sees 0 pairs" in dependent.inner_text()
        declared = page.evaluate("() => getComputedStyle(document.body).colorScheme")
        assert declared == theme, f"marimo declared {declared!r}, not the {theme} theme asked for"
        luminance = board_luminance(board)
        if theme == "dark":
            assert luminance < DARK, f"a light board ({luminance:.3f}) on marimo's dark theme"
        else:
            assert luminance > LIGHT, f"a dark board ({luminance:.3f}) on marimo's light theme"

        board.locator("[data-cell='2']").click()
        board.locator("[data-cell='2'][data-selected]").wait_for()
        board.locator("[data-cell='8']").click()
        status = board.locator("[role=status]")
        page.wait_for_function(
            "(el) => el.textContent.startsWith('Removed 4♣ and 4♥.')",
            arg=status.element_handle(),
        )
        assert board.locator("[data-cell='2'][data-gap]").count() == 1
        assert board.locator("[data-cell='8'][data-gap]").count() == 1
        page.locator("#dependent", has_text="sees 1 pairs: [['4C', '4H']]").wait_for(timeout=30_000)

        # The removed pair's fading copies gone (js/view/anim.js), then the picture.
        page.wait_for_function(
            "(el) => !el.querySelector('.mcw-ghost')", arg=board.element_handle()
        )
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"marimo-{theme}-system-{system}.png"), full_page=True)
    finally:
        context.close()
    assert outside == [], f"requests that left the server: {outside}"
    assert [e for e in errors if "mcw" in e or "mc_widget" in e or "anywidget" in e] == []
