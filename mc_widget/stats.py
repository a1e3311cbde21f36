"""``python -m mc_widget.stats``: compare ways of playing over many deals.

A thin entry point: the work is :mod:`mc_widget.analysis.stats` (``run``,
``load``, ``main``; docs/analysis.md, section 5).
"""

from __future__ import annotations

from .analysis.stats import load, main, run

__all__ = ["load", "main", "run"]

if __name__ == "__main__":
    raise SystemExit(main())
