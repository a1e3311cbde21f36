"""The bundle's budget: widget.js + widget.css at most 32,000 bytes gzipped.

What every notebook that shows a board loads (docs/performance.md, "Sizes").
The budget is on gzipped bytes, what the network carries, so no code is
bent to shave raw bytes (issue 18); benchmarks/sizes.py prints both.
"""

from __future__ import annotations

import gzip
from pathlib import Path

STATIC = Path(__file__).resolve().parents[1] / "mc_widget" / "static"
BUDGET = 32_000  # written out here, not read from the benchmark


def test_the_bundle_is_within_its_gzipped_budget():
    gzipped = {
        name: len(gzip.compress((STATIC / name).read_bytes(), compresslevel=9))
        for name in ("widget.js", "widget.css")
    }
    assert sum(gzipped.values()) <= BUDGET, gzipped


PRACTICE_BUDGET = 23_700  # the practice board's own bundle, docs/performance.md "Sizes"


def test_the_practice_bundle_is_within_its_gzipped_budget():
    # js/practice-board.js carries the practice engine (js/practice/) and its
    # view; 20,700 bytes gzipped when measured (issue 21), the budget ~15 % above.
    gzipped = {
        name: len(gzip.compress((STATIC / name).read_bytes(), compresslevel=9))
        for name in ("practice-board.js", "practice-board.css")
    }
    assert sum(gzipped.values()) <= PRACTICE_BUDGET, gzipped


def test_the_widget_bundle_does_not_carry_the_practice_engine():
    widget = (STATIC / "widget.js").read_text(encoding="utf-8")
    # practice-error texts are only in the practice bundles (scripts/build.mjs).
    assert "practice-error" not in widget
    assert "mc-practice" not in widget
