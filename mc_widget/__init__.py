"""mc_widget: a Jupyter teaching widget for Monte Carlo patience (Good Neighbours).

``from mc_widget import Game`` gives the pure rules engine and never imports
Jupyter packages; ``MonteCarloWidget`` is imported from ``mc_widget.widget``
only when it is first asked for (so anywidget loads only when a board is
wanted).
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
    Rules,
    State,
    StateError,
    apply,
    new_state,
    verify_state,
)
from .engine.game import Game

if TYPE_CHECKING:  # pragma: no cover
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
    "MonteCarloWidget",
    "Rules",
    "State",
    "StateError",
    "apply",
    "new_state",
    "verify_state",
]


def __getattr__(name: str) -> Any:
    # Lazy: importing anywidget costs time and needs Jupyter packages, and
    # the engine must stay usable without them.
    if name == "MonteCarloWidget":
        from .widget import MonteCarloWidget

        return MonteCarloWidget
    raise AttributeError(f"module 'mc_widget' has no attribute {name!r}")
