"""Analysis of Monte Carlo games: the solver, hints, review and statistics
(docs/analysis.md). Pure Python; imports the engine and never the widget.

Modules: :mod:`.sequence` (the between-rounds model), :mod:`.solver`
(full-information solver), :mod:`.hint` (the fair and perfect hints),
:mod:`.review` (the first losing move).
"""

from __future__ import annotations

from .hint import Hint, fair_hint, perfect_hint
from .review import Review, review
from .solver import Solution, solve

__all__: list[str] = ["Hint", "Review", "Solution", "fair_hint", "perfect_hint", "review", "solve"]
