"""Analysis of Monte Carlo games: the solver, hints, review and statistics
(docs/analysis.md). Pure Python; imports the engine and never the widget.

Modules: :mod:`.sequence` (the between-rounds model), :mod:`.solver`
(full-information solver), :mod:`.review` (the first losing move).
"""

from __future__ import annotations

__all__: list[str] = []
