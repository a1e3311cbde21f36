"""The board's trait types, each validating itself, and the one check of what a view sends.

Why: a value set from Python and one a view sends are checked by the same
rules (``mc_widget.board_values``); a view may set only the traits of
:data:`VIEW_TRAITS`, and a commit only :data:`COMMIT_TRAITS`
(docs/architecture.md, "The widget (sync)"; tests/test_view_traits.py).
"""

from __future__ import annotations

from typing import Any

import traitlets

from ..board_values import (
    MAX_TEXT,
    NO_CLOCK,
    TEACHING_CHECKS,
    clock_problem,
    feedback_problem,
    language_problem,
    predictions_problem,
    text_problem,
)
from ..engine.errors import excerpt, is_int, show_repr
from ..engine.messages import LANGUAGES

__all__ = [
    "COMMIT_TRAITS",
    "KEYWORD_TRAITS",
    "PYTHONS_ALONE",
    "VIEW_TRAITS",
    "Choice",
    "Clock",
    "Feedback",
    "Language",
    "Predictions",
    "check_keywords",
    "check_view_values",
    "holds_card",
    "text_or_none",
]

#: The traits a view's commit may set: what the board itself commits
#: (js/app/controller.js and js/app/walkthrough-control.js: a selection, its words, the
#: clock, predict mode's score and the reading-order switch). Nothing else: a
#: view does not retitle a board, turn on perfect hints or change its
#: language (it asks, with a ``lang`` message), and never sets the widget's
#: code (``_esm``) or its model (``_model_name``).
COMMIT_TRAITS = frozenset({"selected", "feedback", "clock", "predictions", "show_order"})

#: The traits Python alone sets: a view's update may hold them only unchanged.
PYTHONS_ALONE = frozenset(
    {"panels", "winnable", "match_line", "_messages", "_sync", "_pointer", "_presets"}
)

#: Every trait a view's ``update`` message (ipywidgets' ``set_state``) may
#: hold: a commit's, ``_seen`` (the board's one save), a whole ``state`` (the
#: old path) and Python's own traits unchanged. Anything else (the teaching
#: and analysis settings, ``lang``, the widget's code ``_esm`` and ``_css``,
#: its model and view names, ``_dom_classes``, ``tooltip``, ``layout``) is
#: refused, naming it: what a widget is never comes from a view.
VIEW_TRAITS = frozenset({*COMMIT_TRAITS, "state", "_seen", *PYTHONS_ALONE})

#: The traits ``MonteCarloWidget(...)`` takes as keywords besides its own
#: arguments (``deal``, ``layout`` notation, ``rules``, ``title``, ``caption``,
#: ``now``): the teaching, analysis and language traits a board's author sets,
#: and ipywidgets' ``tabbable`` and ``tooltip`` (its ``layout`` trait is
#: shadowed by the layout notation). Any other keyword is a ``TypeError``.
KEYWORD_TRAITS = tuple(
    name
    for name in (*TEACHING_CHECKS, "panels", "lang", "match", "tabbable", "tooltip")
    if name not in ("title", "caption")
)


class Choice(traitlets.Enum):
    """An ``Enum`` trait whose error names the allowed values in plain words."""

    def validate(self, obj: Any, value: Any) -> Any:
        if isinstance(value, str) and value in self.values:
            return value
        allowed = ", ".join(repr(v) for v in self.values)
        raise traitlets.TraitError(f"{self.name} must be one of {allowed}, not {show_repr(value)}.")


class Language(traitlets.TraitType):
    """The ``lang`` trait: ``None`` or one of ``LANGUAGES``; a ``TraitError`` names the six."""

    default_value = None
    allow_none = True
    info_text = "None or one of " + ", ".join(LANGUAGES)

    def validate(self, obj: Any, value: Any) -> Any:
        problem = language_problem(value)
        if problem is not None:
            raise traitlets.TraitError(problem)
        return value


class Feedback(traitlets.Dict):
    """The ``feedback`` trait: ``{}`` or ``{"key", "params", "cells", "tone", …}``."""

    def validate(self, obj: Any, value: Any) -> Any:
        value = super().validate(obj, value)
        problem = feedback_problem(value)
        if problem is not None:
            raise traitlets.TraitError(problem[1])
        return value


class Clock(traitlets.Dict):
    """The ``clock`` trait: ``{"start", "stop"}``, milliseconds since 1970 or ``None``."""

    def __init__(self) -> None:
        super().__init__(default_value=dict(NO_CLOCK))

    def validate(self, obj: Any, value: Any) -> Any:
        value = super().validate(obj, value)
        problem = clock_problem(value)
        if problem is not None:
            raise traitlets.TraitError(problem[1])
        return value


class Predictions(traitlets.Tuple):
    """The ``predictions`` trait: ``(right, asked)``, 0 ≤ right ≤ asked."""

    def __init__(self) -> None:
        super().__init__(traitlets.Int(), traitlets.Int(), default_value=(0, 0))

    def validate(self, obj: Any, value: Any) -> Any:
        value = super().validate(obj, value)
        problem = predictions_problem(value)
        if problem is not None:
            raise traitlets.TraitError(f"{problem[1]} Got {show_repr(value)}.")
        return tuple(value)


def check_keywords(kwargs: dict[str, Any]) -> None:
    """``TypeError`` naming a keyword of ``MonteCarloWidget(...)`` that is not one of
    the board's (``dael=7``), before anything is made."""
    unknown = [name for name in kwargs if name not in ("title", "caption", *KEYWORD_TRAITS)]
    if unknown:
        raise TypeError(
            f"MonteCarloWidget() got an unexpected keyword argument {show_repr(unknown[0])};"
            " it takes deal, layout, rules, title, caption, now and the traits"
            f" {', '.join(KEYWORD_TRAITS)}."
        )


def text_or_none(function: str, name: str, value: Any) -> str:
    """``value`` as a trait value (``None`` → ``""``); ``TypeError`` naming
    ``name`` when it is not a str, ``ValueError`` when it is longer than
    ``MAX_TEXT`` (2,000) characters."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise TypeError(
            f"{function}: {name} must be text (a str) or None,"
            f" not {type(value).__name__} {show_repr(value)}"
        )
    if len(value) > MAX_TEXT:
        raise ValueError(f"{function}: {text_problem(name, value)}")
    return value


class Text(traitlets.Unicode):
    """A ``Unicode`` trait of at most ``MAX_TEXT`` characters (title, caption)."""

    def validate(self, obj: Any, value: Any) -> str:
        value = super().validate(obj, value)
        if len(value) > MAX_TEXT:
            raise traitlets.TraitError(text_problem(self.name, value))
        return value


def holds_card(cell: Any, state: dict[str, Any]) -> bool:
    """Whether ``cell`` is a cell of ``state``'s tableau (a state JSON) holding a card."""
    tableau = state.get("tableau", [])
    return is_int(cell) and 0 <= cell < len(tableau) and tableau[cell] is not None


def check_view_values(
    w: Any, values: dict[str, Any], state: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, tuple[str, str]]]:
    """A view's trait values (no ``state``) for board ``w``, split into ``(accepted, refused)``.

    ``refused`` maps each refused name to ``(path, problem)``. ``selected``
    must be ``None`` or a cell holding a card in ``state`` (a state JSON,
    or any dict with its ``tableau``); ``feedback`` a feedback object;
    ``clock`` a clock object; the others as :func:`_view_value_problem`
    says. Both in the order ``selected``, ``feedback``, ``clock``, then
    the rest as given, so the first refusal is the one to tell.
    The one check of a view's values: an update's (``set_state``) and a commit's.
    """
    first = [name for name in ("selected", "feedback", "clock") if name in values]
    accepted: dict[str, Any] = {}
    refused: dict[str, tuple[str, str]] = {}
    for name in [*first, *(name for name in values if name not in first)]:
        value = values[name]
        if name == "selected":
            ok = value is None or holds_card(value, state)
            why = f"{show_repr(value)} is not a cell holding a card."
            bad = None if ok else ("selected", why)
        elif name == "feedback":
            bad = feedback_problem(value)
        elif name == "clock":
            bad = clock_problem(value)
        else:
            bad = _view_value_problem(w, name, value)
        if bad is None:
            accepted[name] = value
        else:
            refused[name] = bad
    return accepted, refused


def _view_value_problem(w: Any, key: str, value: Any) -> tuple[str, str] | None:
    """``(path, problem)`` when a view may not set trait ``key`` of ``w`` to ``value``.

    Only :data:`VIEW_TRAITS` may come from a view: anything else (the
    widget's code ``_esm``, ``_model_module``, ``_dom_classes``,
    ``tooltip``, a name that is no trait) is refused, naming it.
    """
    if key not in VIEW_TRAITS:
        return excerpt(key), "this is not a trait a view may set."
    if key in PYTHONS_ALONE:
        if value == getattr(w, key):
            return None  # nothing changes
        return key, f"{key} is set from Python; a view cannot change it."
    if key in TEACHING_CHECKS:
        return TEACHING_CHECKS[key](value)
    trait = w.traits()[key]
    try:
        from_json = w.trait_metadata(key, "from_json", w._trait_from_json)
        if hasattr(trait, "validate"):
            trait.validate(w, from_json(value, w))
    except Exception as error:  # a malformed message must never crash the kernel
        # traitlets' words quote the whole value: a short excerpt of them.
        return key, f"{key}: {excerpt(str(error), 200)}"
    return None
