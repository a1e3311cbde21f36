"""Click to neighbour highlight, in milliseconds, in JupyterLab in Chromium.

Starts a real JupyterLab 4 (the same set-up as the end-to-end tests), shows
``MonteCarloWidget(deal=7)``, and clicks cards with Playwright's mouse (real
input events). For each click it takes the browser's own timestamp of the
``click`` event and

* **DOM**: the moment the clicked cell carries ``data-selected`` and its
  neighbours ``data-neighbour`` (a MutationObserver sees it), and
* **frame**: the first animation frame after that, i.e. when the browser
  can paint the outlines (an upper bound on what the learner waits for).

Also times a legal pair removal (second click → both cells are gaps), and
one step of the consolidation walkthrough (docs/teaching.md): on the German
worked example with its three pairs removed, a click on the walkthrough's
forward button until the bar reads the next step (the card has moved and
the narration is written), over the round's 23 steps, several times.

Run:  .venv/bin/python benchmarks/click_latency.py [--clicks 60]
Prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

import nbformat
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from lab_helpers import (
    kernel_output,
    launch_chromium,
    open_notebook,
    run_all_cells,
    running_lab,
)

# Installed in the page: remembers the next click's timestamp, then resolves
# when `done()` holds, giving [dom ms, frame ms] after the click event. The
# promise is parked in window.__mcwPending so the click can happen meanwhile.
PROBE = """() => {
window.__mcwMeasure = (root, done) => new Promise((resolve) => {
  let clickedAt = null;
  const onClick = (event) => { clickedAt = event.timeStamp; };
  window.addEventListener('click', onClick, { capture: true, once: true });
  const observer = new MutationObserver(() => {
    if (clickedAt === null || !done()) return;
    observer.disconnect();
    const dom = performance.now() - clickedAt;
    requestAnimationFrame(() => resolve([dom, performance.now() - clickedAt]));
  });
  observer.observe(root, { attributes: true, subtree: true, childList: true });
});
}"""


# The German worked example with its three pairs removed: 23 walkthrough steps.
WALK_BOARD = """from mc_widget import MonteCarloWidget
w = MonteCarloWidget.from_layout(
    "9H KH 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH"
    " | TS 5C 2S AD 7S 3H QS JC 5S 8H TH AC 6C 6D 9C TD 4S 8S TC 3C 3D 9D JH 4D KC 6H 7H"
)
for i, j in [(2, 8), (6, 11), (18, 22)]:
    w.remove_pair(i, j)
w"""


def walk_steps(page, base: str, rounds: int) -> tuple[list[float], list[float]]:
    """Click the walkthrough's forward button through the round, ``rounds`` times."""
    open_notebook(page, base, "walk.ipynb")
    run_all_cells(page)
    page.wait_for_selector(".mcw [data-walk='position']")
    page.evaluate(PROBE)
    board = page.locator(".mcw").first
    forward = board.locator("[data-walk='forward']")
    dom, frame = [], []
    for _ in range(rounds):
        for k in range(1, 24):
            page.evaluate(
                """(k) => { window.__mcwPending = window.__mcwMeasure(
                    document.querySelector('.mcw'), () => document.querySelector(
                    ".mcw [data-walk='position']").textContent.includes(`${k} of 23`)); }""",
                k,
            )
            forward.click()
            d, f = page.evaluate("() => window.__mcwPending")
            dom.append(d)
            frame.append(f)
        board.locator("[data-walk='first']").click()
        page.wait_for_function(
            "() => document.querySelector(\".mcw [data-walk='position']\")"
            ".textContent.includes('0 of 23')"
        )
    return dom, frame


def summary(name: str, values: list[float]) -> str:
    values = sorted(values)
    p90 = values[int(0.9 * (len(values) - 1))]
    return (
        f"{name:<34} median {statistics.median(values):6.2f} ms"
        f"   p90 {p90:6.2f} ms   max {values[-1]:6.2f} ms   (n={len(values)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=60)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        root, home = Path(scratch) / "root", Path(scratch) / "home"
        root.mkdir()
        home.mkdir()
        nb = nbformat.v4.new_notebook()
        nb.cells = [
            nbformat.v4.new_code_cell(
                "from mc_widget import MonteCarloWidget\nw = MonteCarloWidget(deal=7)\nw"
            )
        ]
        walk_nb = nbformat.v4.new_notebook()
        walk_nb.cells = [nbformat.v4.new_code_cell(WALK_BOARD)]
        walk_nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
        nbformat.write(walk_nb, root / "walk.ipynb")
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
        nbformat.write(nb, root / "latency.ipynb")

        with running_lab(root, home) as base, sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            open_notebook(page, base, "latency.ipynb")
            run_all_cells(page)
            page.wait_for_selector(".mcw [data-cell='24'] [data-card]")
            page.evaluate(PROBE)
            board = page.locator(".mcw").first

            highlight_dom, highlight_frame = [], []
            for k in range(args.clicks):
                cell = k % 25
                page.evaluate(
                    """(cell) => { window.__mcwPending = window.__mcwMeasure(
                        document.querySelector('.mcw'), () =>
                        document.querySelector(`.mcw [data-cell="${cell}"][data-selected]`)
                        && document.querySelector('.mcw [data-neighbour]')); }""",
                    cell,
                )
                board.locator(f"[data-cell='{cell}']").click()
                dom, frame = page.evaluate("() => window.__mcwPending")
                highlight_dom.append(dom)
                highlight_frame.append(frame)
                board.locator(f"[data-cell='{cell}']").click()  # deselect
                page.wait_for_function("!document.querySelector('.mcw [data-selected]')")

            # The same legal pair, removed by two clicks and put back by
            # Python's undo, `--clicks / 4` times.
            removal = []
            a, b = (int(x) for x in kernel_output(page, "print(*w.game.legal_pairs()[0])").split())
            for _ in range(max(1, args.clicks // 4)):
                board.locator(f"[data-cell='{a}']").click()
                page.evaluate(
                    """([a, b]) => { window.__mcwPending = window.__mcwMeasure(
                        document.querySelector('.mcw'), () =>
                        document.querySelector(`.mcw [data-cell="${a}"][data-gap]`)
                        && document.querySelector(`.mcw [data-cell="${b}"][data-gap]`)); }""",
                    [a, b],
                )
                board.locator(f"[data-cell='{b}']").click()
                removal.append(page.evaluate("() => window.__mcwPending")[0])
                kernel_output(page, "w.undo()")
                page.wait_for_selector(f".mcw [data-cell='{a}'] [data-card]")
                page.wait_for_selector(f".mcw [data-cell='{b}'] [data-card]")
            walk_dom, walk_frame = walk_steps(page, base, rounds=max(1, args.clicks // 20))
            version = browser.version
            browser.close()

    print(f"Chromium {version}, JupyterLab 4, MonteCarloWidget(deal=7), headless")
    print(summary("click → highlight in the DOM", highlight_dom))
    print(summary("click → next frame (paintable)", highlight_frame))
    print(summary("click → pair removed in the DOM", removal))
    print(summary("walkthrough step in the DOM", walk_dom))
    print(summary("walkthrough step → next frame", walk_frame))


if __name__ == "__main__":
    main()
