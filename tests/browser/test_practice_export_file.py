"""An exported practice board from ``file://`` (docs/practice.md, "The practice
board"; docs/export.md, "A practice board"): the page loads with no kernel
and no request, its practice runtime runs inside the page's
Content-Security-Policy (no violation, no error), the game board beside it
is drawn, and the placeholder holds the board's model as JSON.

The answer is the one worked out by hand in tests/test_practice_board.py.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from test_export_file import _open

from mc_widget import save_page
from mc_widget.widget import MonteCarloWidget

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_practice_board import FIRST_RIGHT, FIRST_SEED

RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(e.violatedDirective + " " + e.blockedURI);
});
"""


def test_a_saved_practice_board_page_loads_with_no_kernel(browser, tmp_path):
    w = MonteCarloWidget.practice("neighbours", level=1, seed=0, n=3, lang="de")
    w.answer(FIRST_RIGHT, 5)
    path = save_page(tmp_path / "practice.html", "# Üben", w, MonteCarloWidget(deal=1))
    page, context, made = _open(browser, path)
    page.add_init_script(RECORD_VIOLATIONS)
    page.reload()
    page.wait_for_selector("[data-mcw-board] .mcw")
    page.wait_for_timeout(300)  # the practice runtime's module has run by now
    assert page.evaluate("window.__violations") == []
    assert made == []
    # The placeholder as the page holds it (the file's text, before any drawing).
    text = path.read_text(encoding="utf-8")
    start = text.index("data-mcw-practice>")
    data = text[text.index(">", text.index("<script", start)) + 1 : text.index("</script>", start)]
    model = json.loads(data)
    assert model["set"] == {
        "kind": "neighbours",
        "level": 1,
        "n": 3,
        "seed": 0,
        "rules": "standard",
    }
    assert [e["seed"] for e in model["answers"]] == [FIRST_SEED]
    assert model["lang"] == "de"
    assert page.locator("[data-mcw-practice]").count() == 1
    context.close()
