"""A board in Voilà (issue 6 item 5, docs/hosts.md): Voilà runs a scratch
notebook as a page without code cells; the board from the German worked
example (/work/shared/cases/, tests/cases/) plays its pair 4♣/4♥ (cells 2 and
8, RULES.md: same rank, touching), the status line says so, and Python sees
the move (an observer of ``state`` writes into an ``ipywidgets.HTML`` shown
under the board). Light and ``?theme=dark``: the board's own background is
light or dark with Voilà's theme (Voilà sets JupyterLab's --jp-* variables),
also when the system's scheme is the other one. Voilà's own template asks
cdn.jsdelivr.net for two Font Awesome stylesheets (not ours): aborted; any
other request leaving the server fails the test.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
import pytest
from host_helpers import DARK, LIGHT, abort_outside, board_luminance, serving

pytest.importorskip("voila", reason="Voilà is not installed (the test extra has it)")

CASE = json.loads(
    (Path(__file__).resolve().parents[1] / "cases" / "german-worked-example.json").read_text()
)
SHOTS = Path("/tmp/host-shots")
# Voilà 0.5's lab template: Font Awesome 5 and its v4 shims from jsDelivr.
VOILA_CDN = "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@"

SOURCE = f"""\
import ipywidgets as widgets
from mc_widget import MonteCarloWidget

w = MonteCarloWidget.from_layout({CASE["layout"]!r})
seen = widgets.HTML('<span id="python-sees">python sees 0 pairs</span>')

def _seen(change):
    pairs = change["new"]["discards"]
    last = " ".join(pairs[-1]) if pairs else "none"
    seen.value = f'<span id="python-sees">python sees {{len(pairs)}} pairs, last {{last}}</span>'

w.observe(_seen, "state")
widgets.VBox([w, seen])
"""


@pytest.fixture(scope="module")
def voila_url(tmp_path_factory):
    folder = tmp_path_factory.mktemp("voila")
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(SOURCE)])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(notebook, folder / "board.ipynb")
    command = [
        sys.executable,
        "-m",
        "voila",
        "board.ipynb",
        "--no-browser",
        "--port={port}",
        "--Voila.ip=127.0.0.1",
    ]
    env = {"JUPYTER_CONFIG_DIR": str(folder / "config")}
    with serving(command, "/voila/static/voila.js", folder, env) as base:
        yield base


@pytest.mark.parametrize(
    ("theme", "system"),
    [("light", "light"), ("dark", "light"), ("light", "dark"), ("dark", "dark")],
)
def test_a_pair_in_voila_follows_its_theme(browser, voila_url, theme, system):
    context = browser.new_context(viewport={"width": 1100, "height": 850}, color_scheme=system)
    outside = abort_outside(context, voila_url)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(voila_url + ("/?theme=dark" if theme == "dark" else "/"), timeout=120_000)
        board = page.locator(".mcw")
        board.locator("[data-cell='2'] [data-card='4C']").wait_for(timeout=120_000)
        assert board.count() == 1
        luminance = board_luminance(board)
        if theme == "dark":
            assert luminance < DARK, f"a light board ({luminance:.3f}) on Voilà's dark theme"
        else:
            assert luminance > LIGHT, f"a dark board ({luminance:.3f}) on Voilà's light theme"

        board.locator("[data-cell='2']").click()
        board.locator("[data-cell='2'][data-selected]").wait_for()
        board.locator("[data-cell='8']").click()
        status = board.locator("[role=status]")
        page.wait_for_function(
            "() => document.querySelector('.mcw [role=status]').textContent"
            ".startsWith('Removed 4♣ and 4♥.')"
        )
        assert board.locator("[data-cell='2'][data-gap]").count() == 1
        assert board.locator("[data-cell='8'][data-gap]").count() == 1
        page.locator("#python-sees", has_text="python sees 1 pairs, last 4C 4H").wait_for(
            timeout=15_000
        )
        assert status.inner_text().startswith("Removed 4♣ and 4♥.")

        # The removed pair's fading copies gone (js/view/anim.js), then the picture.
        page.wait_for_function("() => !document.querySelector('.mcw .mcw-ghost')")
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"voila-{theme}-system-{system}.png"), full_page=True)
    finally:
        context.close()
    ours = [url for url in outside if not url.startswith(VOILA_CDN)]
    assert ours == [], f"requests that left the server: {ours}"
    assert [e for e in errors if "mcw" in e or "mc_widget" in e or "anywidget" in e] == []
