"""The board's rules picker: start a game of another preset (RULES.md, "Variants").

Why apart: the picker is the one way a board changes its rules. A new deal
or a load keeps the rules (docs/architecture.md, "undo, redo, new_deal,
load"), so changing them starts a fresh game outside the undo chain, from
Python or from a view's ``{"type": "rules", "rules": name}`` message. That
message is hostile input like any other: only a preset's name is taken.
Python changes the rules, so Python sends the picker its presets' names in
the board's language (``_presets``): a board with no kernel shows no picker.
"""

from __future__ import annotations

from typing import Any

import traitlets

from ..engine import PRESETS, format_message, new_state
from ..engine.deals import check_deal, random_deal
from ..engine.errors import ArgumentError, show_repr
from .feedback import bad_message, make_feedback
from .serial import serialised

__all__ = ["RulesPicking", "preset_options"]


def preset_options(lang: str) -> list[list[str]]:
    """The picker's options, ``[[name, label], …]`` in the order of ``PRESETS``,
    labelled in ``lang`` (catalogue ``ui.rules.<name>``: "Thirteens")."""
    return [[name, format_message(f"ui.rules.{name}", {}, lang)] for name in PRESETS]


def _preset_problem(value: Any) -> str | None:
    """Why ``value`` is not a preset's name, or ``None`` when it is one."""
    if isinstance(value, str) and value in PRESETS:
        return None
    names = ", ".join(PRESETS)
    return f"rules must be one of {names}, not {show_repr(value)}."


class RulesPicking(traitlets.HasTraits):
    """The picker's half of ``MonteCarloWidget`` (mixed in)."""

    #: The presets the picker offers, ``[[name, label], …]`` in the board's
    #: language (made again when it changes: ``language.py``); Python's alone.
    _presets = traitlets.List().tag(sync=True)

    @traitlets.default("_presets")
    def _presets_default(self) -> list[list[str]]:
        return preset_options(self.language)

    @serialised
    def use_rules(self, rules: str, deal: int | None = None) -> None:
        """Start deal ``deal`` under the preset ``rules`` (``"thirteens"``, …).

        ``deal`` ``None``: this game's deal number, so the same deal is played
        by other rules (a board loaded from a layout gets a random one). The
        new game has no earlier game to undo back to (earlier games share the
        rules of the game they precede). Afterwards ``w.rules.name == rules``.
        Raises ``ArgumentError`` (key ``api.rules``) for a name that is not a
        preset, ``DealError`` for a bad deal number; nothing changes then.
        """
        if _preset_problem(rules) is not None:
            raise ArgumentError("use_rules", rules, "api.rules", {"names": ", ".join(PRESETS)})
        if deal is None:
            deal = self._game.deal if self._game.deal is not None else random_deal()
        check_deal(deal)
        fresh = new_state(rules, deal=deal)
        with self._changing():
            with self._making(worded=True):
                self._game._set_verified(fresh)
            self.feedback = make_feedback("status.new-deal", {"deal": deal}, tone="info")

    def _picked_rules(self, value: Any) -> None:
        """A view's ``{"type": "rules", "rules": name}``: the same deal under preset
        ``name``. Anything but a preset's name is refused (feedback ``error.state``
        naming ``rules``) and changes nothing."""
        problem = _preset_problem(value)
        if problem is not None:
            self.feedback = bad_message("rules", problem)
            return
        self.use_rules(value)
