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
