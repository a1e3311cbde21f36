"""The teaching data layer: the common mistakes and the teaching positions (docs/teaching.md, §4).

Pure Python, no Jupyter. ``mistakes()`` / ``mistake(code_or_slug)`` give the
demonstrations of RULES.md's common mistakes (M1 … M10); ``scenarios()`` /
``scenario(name)`` the named teaching positions. The wrong rules they show
live only here, in :mod:`mc_widget.teaching.wrong_rules` (M10's, a variant's,
in :mod:`mc_widget.teaching.variant_mistakes`); the engine never imports
this package.
"""

from .mistakes import Mistake, UnknownMistake, mistake, mistakes
from .scenarios import Scenario, UnknownScenario, scenario, scenarios

__all__ = [
    "Mistake",
    "Scenario",
    "UnknownMistake",
    "UnknownScenario",
    "mistake",
    "mistakes",
    "scenario",
    "scenarios",
]
