"""mc_widget: a Jupyter teaching widget for Monte Carlo patience (Good Neighbours).

``from mc_widget import Game`` gives the pure rules engine and never imports
Jupyter packages; ``MonteCarloWidget`` is imported from ``mc_widget.widget``
only when it is first asked for (so anywidget loads only when a board is
wanted). ``mistakes``, ``mistake``, ``scenarios``, ``scenario``, ``Mistake`` and
``Scenario`` (the teaching data, ``mc_widget.teaching``) are imported the same
way, on first use, so ``mc_widget.engine`` never loads the teaching layer.
``save_page`` (pages of live boards, ``mc_widget.export``) is loaded on first
use too. ``Match`` (``mc_widget.sessions``) counts the games of a match;
``race_rule`` and ``race_result`` judge a race (docs/sessions.md).
``exercises`` and ``check_record`` (``mc_widget.practice``, docs/practice.md)
are loaded on first use too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .engine import (
    PRESETS,
    ArgumentError,
    Card,
    CardError,
    DealError,
    IllegalMove,
    LayoutError,
    RecordError,
    Rules,
    State,
    StateError,
    apply,
    new_state,
    verify_state,
)
from .engine.game import Game
from .sessions import Match, MatchError, RaceError, RaceResult, race_result, race_rule

if TYPE_CHECKING:  # pragma: no cover
    from .export.page import save_page
    from .practice import check_record, exercises
    from .teaching import Mistake, Scenario, mistake, mistakes, scenario, scenarios
    from .widget import MonteCarloWidget

__version__ = "0.1.0"

__all__ = [
    "PRESETS",
    "ArgumentError",
    "Card",
    "CardError",
    "DealError",
    "Game",
    "IllegalMove",
    "LayoutError",
    "Match",
    "MatchError",
    "Mistake",
    "MonteCarloWidget",
    "RaceError",
    "RaceResult",
    "RecordError",
    "Rules",
    "Scenario",
    "State",
    "StateError",
    "apply",
    "check_record",
    "exercises",
    "mistake",
    "mistakes",
    "new_state",
    "race_result",
    "race_rule",
    "save_page",
    "scenario",
    "scenarios",
    "verify_state",
]

#: The teaching names, loaded from mc_widget.teaching on first use.
_TEACHING = ("Mistake", "Scenario", "mistake", "mistakes", "scenario", "scenarios")


def __getattr__(name: str) -> Any:
    # Lazy: importing anywidget costs time and needs Jupyter packages, and
    # the engine must stay usable without them.
    if name == "MonteCarloWidget":
        from .widget import MonteCarloWidget

        return MonteCarloWidget
    if name == "save_page":
        from .export.page import save_page

        return save_page
    if name in ("exercises", "check_record"):
        from . import practice

        return getattr(practice, name)
    if name in _TEACHING:
        from . import teaching

        return getattr(teaching, name)
    raise AttributeError(f"module 'mc_widget' has no attribute {name!r}")
