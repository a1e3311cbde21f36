"""``MonteCarloWidget``: the Monte Carlo board in a notebook (anywidget).

The front end (``js/widget.js``, bundled into ``mc_widget/static/``) draws
the tableau and applies a learner's action at once with the JavaScript
engine. This class keeps the Python side in step (docs/architecture.md,
"The widget (sync)"):

* Three synced traits: ``state`` (the state JSON of architecture.md),
  ``selected`` (the selected cell, an int, or ``None``) and ``feedback``
  (what the status line says: ``{"key", "params", "cells", "tone"}`` with
  ``tone`` one of ``info``, ``illegal``, ``error``, ``success``).
* A learner's move arrives as a move: one ``{"type": "commit", "client",
  "seq", "base", "action", "traits"}`` message per action, made on the board
  of revision ``base`` (:meth:`MonteCarloWidget._take_commit`, reading with
  :mod:`mc_widget.sync`). Python applies that one action to its *current*
  state (no replay: the cost does not grow with the game), so a move made
  meanwhile elsewhere (a cell, another view) is kept; a crossed undo, redo
  or walkthrough jump, a crossed pair whose cells now hold other cards, a
  crossed step for another game, or an action no longer legal, is refused with a
  ``refused`` message to that view alone. ``_sync`` (Python's alone) says
  the revision, sent with every ``state``, and the last commit processed
  from each view (``acks``).
* A whole ``state`` a view sends (the old path, still open to other
  clients) is verified by replaying its history from its start with the
  Python engine (``verify_state``), and must have the board's rules. A
  state that does not verify, or malformed JSON, changes nothing: Python
  sends its own state back and sets ``feedback`` (tone ``error``) naming
  the bad part, e.g. ``state.tableau[3]``. A bad ``selected`` or
  ``feedback`` is refused the same way, in a commit too.
* Python calls (``w.remove_pair(2, 8)``, ``w.game.consolidate()``, …) go
  through the same engine and set ``state``, so every view shows the same
  board.
* A fourth trait, ``clock`` (``{"start", "stop"}``, milliseconds since 1970
  or ``None``), times the game (RULES.md, "Scoring"): the learner's first
  move on a board starts it, a won or lost game stops it, a new deal or load
  clears it. Python API calls never start it (they set a board up or script
  it; they are not the learner's play) but stop it when they end the game.
  Whichever side makes the move sets it in the same change as ``state``
  (:func:`next_clock`); it is not rules state and never enters the engine.
* The teaching traits (docs/teaching.md, section 2): ``size``, ``title``,
  ``caption``, ``panels`` (read-only from a view), ``predict``,
  ``predictions``, ``show_order``; each value a view sends is checked like
  ``feedback``.
* The language (docs/i18n.md, section 2): ``lang`` (``None``: the
  notebook's, which a view asks for with a ``{"type": "lang"}`` message) and
  ``_messages``, the catalogue the front end lacks. Python says its own
  texts (finished ``feedback.text``, a mistake's or scenario's title,
  caption and panels) in that language, and again when it changes;
  parameters go as data (``params_json``) so views can say them too.
* Python and the board agree at every moment: a change made through
  ``w.game``, ``w`` or a view updates ``state``, ``selected``, ``clock`` and
  ``feedback`` together, and every observer (of ``w`` or of ``w.game``) runs
  once all of them and the game are new. A refused ``w.game`` action shows
  its reason on the board (``Game.on_refusal``).

>>> w = MonteCarloWidget(deal=7)      # doctest: +SKIP
>>> w.remove_pair(5, 10)              # doctest: +SKIP
>>> w.game.legal_pairs()              # doctest: +SKIP
"""

from __future__ import annotations

import contextlib
import functools
import math
import os
import pathlib
import time
from collections.abc import Callable, Iterator
from typing import Any

import anywidget
import traitlets

from .board_analysis import HINT_KINDS, hint_feedback, review_feedback, verdict, walk_back
from .engine import (
    PRESETS,
    Card,
    IllegalMove,
    Rules,
    State,
    StateError,
    format_message,
    verify_state,
)
from .engine.actions import perform
from .engine.errors import ArgumentError, excerpt, is_int, show_repr
from .engine.game import Game
from .engine.messages import (
    LANGUAGES,
    counted,
    front_end_catalogue,
    params_from_json,
    params_json,
    phrase,
)
from .engine.state import _NOT_GIVEN, Action, _NotGiven
from .jsvalues import from_front
from .sync import BACK_ACTIONS, CommitError, Revisions, next_state, read_commit, read_sender

__all__ = ["NO_CLOCK", "MonteCarloWidget", "messages_for", "next_clock", "wall_clock_ms"]

_STATIC = pathlib.Path(__file__).parent / "static"
_BUNDLE = _STATIC / "widget.js"
_STYLES = _STATIC / "widget.css"

if not _BUNDLE.exists():  # pragma: no cover - a checkout that skipped the build
    raise ImportError(
        f"{_BUNDLE} is missing: build the front end with `npm run build` (or `make setup`)"
    )

#: The board sizes (docs/teaching.md, section 5).
SIZES = ("normal", "large", "projector")


class _Choice(traitlets.Enum):
    """An ``Enum`` trait whose error names the allowed values in plain words."""

    def validate(self, obj: Any, value: Any) -> Any:
        if isinstance(value, str) and value in self.values:
            return value
        allowed = ", ".join(repr(v) for v in self.values)
        raise traitlets.TraitError(f"{self.name} must be one of {allowed}, not {show_repr(value)}.")


def _language_problem(value: Any) -> str | None:
    """Why ``value`` is not a ``lang`` (``None`` or one of ``LANGUAGES``), or ``None``."""
    if value is None or (isinstance(value, str) and value in LANGUAGES):
        return None
    codes = ", ".join(repr(code) for code in LANGUAGES)
    shown = show_repr(value)
    return f"lang must be one of {codes}, or None for the notebook's language, not {shown}."


class _Language(traitlets.TraitType):
    """The ``lang`` trait: ``None`` or one of ``LANGUAGES``; a ``TraitError`` names the six."""

    default_value = None
    allow_none = True
    info_text = "None or one of " + ", ".join(LANGUAGES)

    def validate(self, obj: Any, value: Any) -> Any:
        problem = _language_problem(value)
        if problem is not None:
            raise traitlets.TraitError(problem)
        return value


def messages_for(lang: str) -> dict[str, Any]:
    """The ``_messages`` trait of a board speaking ``lang`` (docs/i18n.md, section 2).

    ``{}`` for English (the bundle has it); otherwise ``{"lang": lang,
    "messages": {key: template}}``: ``lang``'s catalogue less the keys the
    browser never shows (``messages.PYTHON_ONLY``), a flat new dict. Raises
    ``ValueError`` for a code not in ``LANGUAGES``.
    """
    if lang == "en":
        return {}
    return {"lang": lang, "messages": front_end_catalogue(lang)}


def _said_again(feedback: dict[str, Any], lang: str) -> dict[str, Any]:
    """``feedback`` with its finished ``text`` (if any) made again in ``lang`` from its data.

    A feedback without ``text`` is the front end's to say; one whose key or
    parameters Python cannot read (a view's) is left as it is.
    """
    if not isinstance(feedback.get("text"), str):
        return feedback
    try:
        text = format_message(feedback["key"], params_from_json(feedback.get("params")), lang)
    except (KeyError, ValueError, TypeError):
        return feedback
    return {**feedback, "text": text}


def _start_language(kwargs: dict[str, Any]) -> str:
    """The language a board made with ``kwargs`` starts in (``lang``, else English).

    Raises ``TraitError`` naming the six codes, as the trait would, before
    any text is made.
    """
    lang = kwargs.get("lang")
    problem = _language_problem(lang)
    if problem is not None:
        raise traitlets.TraitError(problem)
    return lang or "en"


def _size_problem(value: Any) -> tuple[str, str] | None:
    if isinstance(value, str) and value in SIZES:
        return None
    return "size", f"size must be one of {', '.join(SIZES)}."


def _predictions_problem(value: Any) -> tuple[str, str] | None:
    """``(path, problem)`` unless ``value`` is ``[right, asked]``, 0 ≤ right ≤ asked."""
    if (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(is_int(n) and n >= 0 for n in value)
        and value[0] <= value[1]
    ):
        return None
    return (
        "predictions",
        "predictions must be [right, asked]: two whole numbers from 0, right at most asked.",
    )


def _kind_problem(name: str, kind: type, words: str) -> Callable[[Any], tuple[str, str] | None]:
    def problem(value: Any) -> tuple[str, str] | None:
        return None if isinstance(value, kind) else (name, f"{name} must be {words}.")

    return problem


#: The checks of the teaching traits a view may change (``panels`` it may not).
_TEACHING_CHECKS: dict[str, Callable[[Any], tuple[str, str] | None]] = {
    "size": _size_problem,
    "title": _kind_problem("title", str, "text"),
    "caption": _kind_problem("caption", str, "text"),
    "predict": _kind_problem("predict", bool, "true or false"),
    "predictions": _predictions_problem,
    "show_order": _kind_problem("show_order", bool, "true or false"),
    # The analysis traits (docs/analysis.md, section 6); `winnable` is Python's alone.
    "hints": lambda v: None if v in HINT_KINDS else ("hints", "hints must be fair or perfect."),
    "show_winnable": _kind_problem("show_winnable", bool, "true or false"),
}


#: The traits a view's commit may set: what the board itself commits
#: (js/controller.js and js/walk-control.js: a selection, its words, the
#: clock, predict mode's score and the reading-order switch). Nothing else: a
#: view does not retitle a board, turn on perfect hints or change its
#: language (it asks, with a ``lang`` message), and never sets the widget's
#: code (``_esm``) or its model (``_model_name``).
_COMMIT_TRAITS = frozenset({"selected", "feedback", "clock", "predictions", "show_order"})

#: The traits Python alone sets: a view's update may hold them only unchanged.
_PYTHONS_ALONE = frozenset({"panels", "winnable", "_messages", "_sync", "_pointer"})

#: Every trait a view's ``update`` message (ipywidgets' ``set_state``) may
#: hold: a commit's, ``_seen`` (the board's one save), a whole ``state`` (the
#: old path) and Python's own traits unchanged. Anything else (the teaching
#: and analysis settings, ``lang``, the widget's code ``_esm`` and ``_css``,
#: its model and view names, ``_dom_classes``, ``tooltip``, ``layout``) is
#: refused, naming it: what a widget is never comes from a view.
_VIEW_TRAITS = frozenset({*_COMMIT_TRAITS, "state", "_seen", *_PYTHONS_ALONE})

#: How many views' acks ``_sync.acks`` keeps: the most recent to commit. A
#: view that has not committed for this many other views' commits is
#: forgotten; its next commit is taken as a new view's (a replay of an old
#: one would then not be known as one: none is sent by a live board).
ACKS_KEPT = 64

#: The traits ``MonteCarloWidget(...)`` takes as keywords besides its own
#: arguments (``deal``, ``layout`` notation, ``rules``, ``title``, ``caption``,
#: ``now``): the teaching, analysis and language traits a board's author sets,
#: and ipywidgets' ``tabbable`` and ``tooltip`` (its ``layout`` trait is
#: shadowed by the layout notation). Any other keyword is a ``TypeError``.
_KEYWORD_TRAITS = tuple(
    name
    for name in (*_TEACHING_CHECKS, "panels", "lang", "tabbable", "tooltip")
    if name not in ("title", "caption")
)


def _serialised(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` run holding the widget's lock (one change at a time, whatever the thread)."""

    @functools.wraps(method)
    def holding_the_lock(self: MonteCarloWidget, *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            return method(self, *args, **kwargs)

    return holding_the_lock


def _text_or_none(function: str, name: str, value: Any) -> str:
    """``value`` as a trait value (``None`` → ``""``); ``TypeError`` naming ``name`` otherwise."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise TypeError(
            f"{function}: {name} must be text (a str) or None,"
            f" not {type(value).__name__} {show_repr(value)}"
        )
    return value


#: The tones a ``feedback`` may have.
TONES = ("info", "illegal", "error", "success")
_FEEDBACK_KEYS = frozenset({"key", "params", "cells", "tone", "text", "note"})


#: The clock of a game with no move yet.
NO_CLOCK: dict[str, float | None] = {"start": None, "stop": None}


def wall_clock_ms() -> float:
    """Milliseconds since 1970, like JavaScript's ``Date.now()``."""
    return time.time() * 1000


def next_clock(
    clock: dict[str, Any],
    state: dict[str, Any],
    finished: bool,
    now: float,
    *,
    starts: bool = True,
) -> dict[str, float | None]:
    """The ``clock`` trait after the game changed to ``state`` (its JSON).

    The same rule as ``nextClock`` in ``js/clock.js``: a game with an empty
    history (a new deal, a load) has not started (both ``None``); otherwise
    ``start`` is kept, or set to ``now`` at the first move; a game that is
    over (``finished``) keeps or sets ``stop``; a game that is on again (an
    undo after the end) has ``stop`` ``None``.

    ``starts=False`` is a move made by a Python API call: it never starts a
    clock that has not started (setting up a board or scripting is not the
    learner's play), but it stops a running one when it ends the game.

    >>> next_clock(NO_CLOCK, {"history": [{"type": "refill"}]}, False, 5000.0)
    {'start': 5000.0, 'stop': None}
    >>> next_clock(NO_CLOCK, {"history": [{"type": "refill"}]}, False, 5000.0, starts=False)
    {'start': None, 'stop': None}
    """
    if not state["history"]:
        return dict(NO_CLOCK)
    start = clock.get("start") if _clock_problem(clock) is None else None
    if start is None and not starts:
        return dict(NO_CLOCK)
    stop = clock.get("stop") if start is not None else None
    return {
        "start": now if start is None else start,
        "stop": (now if stop is None else stop) if finished else None,
    }


def _is_stamp(value: Any) -> bool:
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and math.isfinite(value)
        and value >= 0
    )


def _clock_problem(value: Any) -> tuple[str, str] | None:
    """``(path, problem)`` when ``value`` is not a clock object, else ``None``."""
    if not isinstance(value, dict):
        return "clock", "clock must be an object."
    for key in value:
        if key not in NO_CLOCK:
            return f"clock.{key}", f"clock.{key} is not a clock key."
    for key in NO_CLOCK:
        if key not in value:
            return f"clock.{key}", f"clock.{key} is missing."
        if value[key] is not None and not _is_stamp(value[key]):
            return f"clock.{key}", f"clock.{key} must be a time in milliseconds, or null."
    start, stop = value["start"], value["stop"]
    if stop is not None and (start is None or stop < start):
        return "clock.stop", "clock.stop must come after clock.start."
    return None


def _rules_name(rules: Rules) -> str:
    """A preset's name (``standard``), or a custom shape as ``"name" (5x5, 1 deck)``."""
    if PRESETS.get(rules.name) == rules:
        return rules.name
    decks = "1 deck" if rules.decks == 1 else f"{rules.decks} decks"
    return f'"{rules.name}" ({rules.rows}x{rules.cols}, {decks})'


def _feedback(
    key: str,
    params: dict[str, Any] | None = None,
    *,
    tone: str,
    cells=(),
    text: bool = False,
    lang: str = "en",
) -> dict:
    """A ``feedback`` value, its ``params`` as JSON data (``params_json``).

    With ``text``, it also carries the finished sentence in ``lang``: for
    keys only Python makes (an engine error's own key such as ``layout.*`` or
    ``api.cell``, ``error.selected``, a refused state's ``error.state``): the
    front end's bundled catalogue leaves them out (``PYTHON_ONLY`` in
    scripts/build.mjs) and shows ``text``, formatted here from the same
    catalogue.
    """
    feedback = {"key": key, "params": params_json(params), "cells": list(cells), "tone": tone}
    if text:
        feedback["text"] = format_message(key, params, lang)
    return feedback


def _bad_message(path: str, problem: str) -> dict:
    """The ``feedback`` for a malformed part of a front-end message.

    Both are cut (:func:`excerpt`): a path or a problem may name a view's
    key or quote its value, and a 5 MB key must not come back whole.
    """
    params = {"path": excerpt(path, 80), "problem": excerpt(problem, 300)}
    return _feedback("error.state", params, tone="error")


def feedback_for(error: Exception, lang: str = "en") -> dict[str, Any]:
    """The ``feedback`` value that explains an engine error to the learner.

    ``IllegalMove`` → tone ``illegal``, key ``illegal.<key>`` and the cells to
    mark; ``StateError`` → tone ``error``, key ``error.state`` with the bad
    ``path`` and the error as a nested message ``problem``, and the finished
    ``text`` (most ``state.*`` keys are Python's alone); the other engine
    errors (``DealError``, ``LayoutError``, ``CardError``, and
    ``ArgumentError`` for a ``w.game`` call given a bad argument, e.g. key
    ``api.cell``) → tone ``illegal`` with their own catalogue key and the
    finished ``text`` (the front end does not make these keys itself).
    Parameters are JSON data; ``text`` is in ``lang`` (docs/i18n.md, 2).
    """
    if isinstance(error, IllegalMove):
        return _feedback("illegal." + error.key, error.params, tone="illegal", cells=error.cells)
    if isinstance(error, StateError):
        params = {"path": error.path, "problem": error.message}
        return _feedback("error.state", params, tone="error", text=True, lang=lang)
    key = getattr(error, "key", None)
    if isinstance(key, str):
        params = getattr(error, "params", {})
        return _feedback(key, params, tone="illegal", text=True, lang=lang)
    return _feedback("error.unexpected", {"detail": str(error)}, tone="error")


#: The action type of each widget method that makes a game action.
_ACTION_OF_METHOD = {
    "remove_pair": "remove",
    "consolidate_step": "consolidate_step",
    "consolidate": "consolidate",
    "refill_step": "refill_step",
    "refill": "refill",
}

#: The catalogue keys of each description: done, undone, redone (as ``SAID``
#: in js/controller.js).
_SAID = {
    "remove": ("status.removed", "status.undone-remove", "status.redone-remove"),
    "moved": ("status.moved", "status.undone-moved", "status.redone-moved"),
    "nothing-moved": (
        "status.nothing-moved",
        "status.undone-nothing-moved",
        "status.redone-nothing-moved",
    ),
    "consolidated": (
        "status.consolidated",
        "status.undone-consolidated",
        "status.redone-consolidated",
    ),
    "dealt": ("status.dealt", "status.undone-dealt", "status.redone-dealt"),
    "refilled": ("status.refilled", "status.undone-refilled", "status.redone-refilled"),
}


def _card_left(cell: int, before: State, after: State) -> bool:
    """Whether the card ``cell`` held in ``before`` is not there in ``after``
    (removed, moved, or another game)."""
    return (
        not 0 <= cell < len(after.tableau)
        or cell >= len(before.tableau)
        or after.tableau[cell] is None
        or before.tableau[cell] != after.tableau[cell]
    )


def _same_game(a: State, b: State) -> bool:
    return a.start == b.start and a.deal == b.deal


def _classify(before: State, after: State) -> tuple[str, Any] | None:
    """Which one widget method call made ``after`` from ``before``: ``(name, result)``
    as :meth:`MonteCarloWidget._narrate` takes them, or ``None``."""
    # A new deal or a load can be undone: the state keeps the game it replaced
    # (``previous_game``) and, once undone, the action taken back (``next_game``).
    undone = getattr(after, "next_game", None)
    if undone is not None and getattr(before, "next_game", None) is None:
        return "undo", undone
    if (
        not after.history
        and after.cursor == 0
        and (before.history or not _same_game(before, after))
    ):
        again = getattr(before, "next_game", None)
        if (
            again is not None
            and getattr(after, "previous_game", None) is not None
            and getattr(again, "deal", None) == after.deal
        ):
            return "redo", again
        return ("new_deal", None) if after.deal is not None else ("load", None)
    if not _same_game(before, after):
        return None
    c = before.cursor
    if after.history == before.history:
        if after.cursor == c + 1:
            return "redo", before.history[c]
        if after.cursor == c - 1:
            return "undo", before.history[c - 1]
        return None
    if after.cursor == c + 1 == len(after.history) and after.history[:c] == before.history[:c]:
        action: Action = after.history[c]
        name = next(m for m, t in _ACTION_OF_METHOD.items() if t == action.type)
        return name, perform(before, action)[1]
    return None


class MonteCarloWidget(anywidget.AnyWidget):
    """A Monte Carlo patience board you can play by clicking or from Python.

    Parameters
    ----------
    deal:
        Deal number, an int ``0 … 2**32 - 1`` (``None``: a random one). The
        same number always gives the same deal (docs/architecture.md, "Deal
        numbers"). Raises ``DealError`` for anything else.
    layout:
        Layout notation to start from instead of a deal (``"9H KH … | TS 5C …"``,
        rows separated by ``/``, ``..`` for a gap). Raises ``LayoutError``
        naming the bad token. Give ``deal`` or ``layout``, not both
        (``ValueError``).
    rules:
        ``"standard"`` (5 x 5, one deck), ``"small"`` (4 x 5) or ``"double"``
        (7 x 7, two decks), a rules JSON object or a ``Rules``
        (RULES.md, "Variants"). Raises ``StateError`` for bad rules.
    title, caption:
        Text shown above the board (``None``: none); ``TypeError`` naming the
        argument for anything but a str or ``None``.
    lang:
        The board's language, one of ``messages.LANGUAGES`` (``"sv"``), or
        ``None`` (the default): the notebook's, which the front end reads
        from the page and asks for. ``TraitError`` naming the six codes for
        anything else.

    Synced traits
    -------------
    state: dict
        The game state JSON (docs/architecture.md, "State"). Front-end
        changes are verified; a refused one is replaced by Python's state.
    selected: int | None
        The selected cell (``0 … rows·cols - 1``, holding a card) or ``None``.
    feedback: dict
        ``{"key", "params", "cells", "tone"}``: a message-catalogue key and its
        parameters, the cells to mark (a refused pair) and the tone; ``{}``
        for none. The status line shows it.
    clock: dict
        ``{"start", "stop"}``: when the learner's first move was made and
        when the game was won or lost, in milliseconds since 1970, or
        ``None``. The board shows the time between them (or until now) as
        m:ss. Python calls never start it; they stop it when they end the game.
    size, title, caption, panels, predict, predictions, show_order:
        The teaching traits (docs/teaching.md, section 2). ``size`` is one of
        :data:`SIZES`; ``predictions`` is ``(right, asked)``; ``panels`` are
        read-only from a view.
    lang: str | None
        The language set from Python (see above); it may change while the
        board is shown: every text changes, the game does not.
    _messages: dict
        What the front end needs to speak the board's language: ``{}`` for
        English, else ``{"lang": code, "messages": {key: template}}``
        (:func:`messages_for`). Python's alone.
    _sync: dict
        ``{"revision": int, "acks": {client: seq}}``: how many times the game
        has changed (sent with ``state``), and the last commit processed from
        each view (docs/architecture.md, "The widget (sync)"). Python's alone.

    The board's language, :attr:`language`, is ``lang``, or when it is
    ``None`` the one a view asked for (``{"type": "lang", "lang": "de"}``),
    else English. Python's own texts are made in it and made again when it
    changes; Python's tracebacks stay English (docs/i18n.md, section 2).

    ``now`` (keyword only) is the clock the widget reads when a Python call
    ends the game (or a front end sends a move without its clock), a
    function returning milliseconds since 1970; tests pass their own. The
    default is the wall clock.

    Every action method applies through the engine; a refused action sets
    ``feedback`` (so the board shows the reason), re-raises the engine's
    error (``IllegalMove``, ``DealError``, ``LayoutError``; all are
    ``ValueError``) and leaves the state unchanged.
    """

    _esm = _BUNDLE
    _css = _STYLES

    state = traitlets.Dict().tag(sync=True)
    selected = traitlets.Int(None, allow_none=True).tag(sync=True)
    feedback = traitlets.Dict().tag(sync=True)
    clock = traitlets.Dict().tag(sync=True)
    # The teaching traits (docs/teaching.md, section 2).
    size = _Choice(SIZES, default_value="normal").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)
    panels = traitlets.List(traitlets.Dict()).tag(sync=True)
    predict = traitlets.Bool(False).tag(sync=True)
    predictions = traitlets.Tuple(traitlets.Int(), traitlets.Int(), default_value=(0, 0)).tag(
        sync=True
    )
    show_order = traitlets.Bool(False).tag(sync=True)
    # The analysis traits (docs/analysis.md, section 6).
    hints = _Choice(HINT_KINDS, default_value="fair").tag(sync=True)
    show_winnable = traitlets.Bool(False).tag(sync=True)
    winnable = traitlets.Bool(None, allow_none=True).tag(sync=True)
    # The language (docs/i18n.md, section 2); `_messages` is Python's alone.
    lang = _Language().tag(sync=True)
    _messages = traitlets.Dict().tag(sync=True)
    # The move protocol (docs/architecture.md, "The widget (sync)"); Python's alone.
    _sync = traitlets.Dict().tag(sync=True)
    # Python's pointing (`w.select`): {"n": how many times, "cell": the cell
    # or None}. Every view takes the cell when `n` changes; a view's own
    # clicks select in that view alone. Python's alone.
    _pointer = traitlets.Dict().tag(sync=True)
    # A count a view bumps and saves each time Python has answered its
    # commits: a host that re-runs what depends on the board only on a view's
    # trait change (marimo's cells on `w.value`) then sees the move. Nothing
    # reads it; an update that carries it is read for it alone.
    _seen = traitlets.Int(0).tag(sync=True)

    def __init__(
        self,
        deal: int | None = None,
        *,
        layout: str | _NotGiven = _NOT_GIVEN,
        rules: Rules | str | dict = "standard",
        title: str | None = None,
        caption: str | None = None,
        now: Callable[[], float] = wall_clock_ms,
        **kwargs: Any,
    ) -> None:
        kwargs["title"] = _text_or_none("MonteCarloWidget", "title", title)
        kwargs["caption"] = _text_or_none("MonteCarloWidget", "caption", caption)
        # `layout=None` is a layout that is not text (a LayoutError), not a
        # missing one: only a layout left out means "deal a game".
        if isinstance(layout, _NotGiven):
            game = Game(deal, rules=rules)
        elif deal is not None:
            raise ValueError("give a deal number or a layout, not both")
        else:
            game = Game.from_layout(layout, rules)
        self._start(game, now, kwargs)

    def _start(self, game: Game, now: Callable[[], float], kwargs: dict[str, Any]) -> None:
        """Show ``game``: the traits, and the listener that keeps them in step.

        Raises ``TypeError`` naming a keyword that is not one of the board's
        (``dael=7``), before anything is made.
        """
        unknown = [name for name in kwargs if name not in ("title", "caption", *_KEYWORD_TRAITS)]
        if unknown:
            raise TypeError(
                f"MonteCarloWidget() got an unexpected keyword argument {show_repr(unknown[0])};"
                " it takes deal, layout, rules, title, caption, now and the traits"
                f" {', '.join(_KEYWORD_TRAITS)}."
            )
        # One lock for the widget and its game: a view's message (on a comm
        # subshell's thread under ipykernel 7), a Python call, a trait set
        # and every observer they run take their turn (docs/architecture.md).
        self._lock = game.lock
        self._game = game
        self._now = now
        # The `state` value Python itself set last (made from its game, or a
        # view's state it verified): trusted by identity, so a `w.state = …`
        # from an observer that runs meanwhile is still verified.
        self._pushed: dict[str, Any] | None = None
        self._verified: tuple[Any, State] | None = None  # the validator's, for the observer
        # While a view's change (a learner's move) is applied: the traits it
        # brought (its clock, feedback, selection stand); None otherwise.
        self._front: frozenset[str] | None = None
        self._acting = 0  # > 0 while a widget method acts: it words the feedback itself
        self._shown = game.state  # the State the traits show: what a change is narrated from
        self._asked: str | None = None  # the language a view asked for (lang None)
        # What Python made of the teaching texts: (builder, the values shown), to say again.
        self._teaching: tuple[Callable[[str], dict[str, Any]], dict[str, Any]] | None = None
        self._said = _start_language(kwargs)  # the language Python's texts are in
        # Who made each change of the game (`_sync.revision`), and what it left.
        self._revisions = Revisions(game.state)
        self._author: str | None = None  # who makes the change under way: None is Python code
        self._pushed = game.to_state()
        super().__init__(
            state=self._pushed,
            selected=None,
            feedback={},
            clock=dict(NO_CLOCK),
            _messages=messages_for(self._said),
            _sync={"revision": 0, "acks": {}},
            _pointer={"n": 0, "cell": None},
            **kwargs,
        )
        game.on_change(self._game_changed)
        game.on_refusal(self._game_refused)
        self.on_msg(self._board_message)
        self.observe(self._update_winnable, names="show_winnable")
        self.observe(self._language_changed, names="lang")
        self._update_winnable()

    @classmethod
    def from_layout(
        cls,
        text: str,
        rules: Rules | str | dict = "standard",
        *,
        title: str | None = None,
        caption: str | None = None,
        now: Callable[[], float] = wall_clock_ms,
        **kwargs: Any,
    ) -> MonteCarloWidget:
        """A board starting from layout notation ``text`` (``w.game.deal`` is ``None``).

        ``title`` and ``caption`` (str or ``None``: none) are shown above the
        board as text (docs/teaching.md, section 2); other keywords set traits
        (``size="projector"``, ``panels=[…]``). Raises ``LayoutError`` naming
        the bad token and its place (``None`` included: it is not text),
        ``TypeError`` naming ``title`` or ``caption`` when it is not text.
        """
        kwargs["title"] = _text_or_none("from_layout", "title", title)
        kwargs["caption"] = _text_or_none("from_layout", "caption", caption)
        widget = cls.__new__(cls)
        widget._start(Game.from_layout(text, rules), now, kwargs)
        return widget

    # ------------------------------------------------------------------ the game

    @property
    def game(self) -> Game:
        """The live ``Game`` the board shows: changing it changes the board.

        ``w.game.remove_pair(2, 8)`` removes the pair on every view of ``w``.
        """
        return self._game

    @property
    def rules(self) -> Rules:
        """The ``Rules`` being played."""
        return self._game.rules

    @property
    def language(self) -> str:
        """The language the board speaks: ``lang``, or when it is ``None`` the one a
        view asked for (the notebook's), else ``"en"`` (docs/i18n.md, section 2)."""
        return self.lang or self._asked or "en"

    def _language_changed(self, _change: Any = None) -> None:
        """Say everything Python made again in :attr:`language`, if it changed.

        ``_messages`` follows; the ``feedback``'s finished ``text`` is made
        again from its key and data; a mistake's or scenario's title, caption
        and panels are made again when they are still what Python made (a
        text the user wrote is theirs). The game never changes. One message
        to the views.
        """
        lang = self.language
        if lang == self._said:
            return
        self._said = lang
        with self._changing():
            self._messages = messages_for(lang)
            self.feedback = _said_again(self.feedback, lang)
            if self._teaching is not None:
                build, shown = self._teaching
                again = build(lang)
                for name, value in again.items():
                    if getattr(self, name) == shown[name]:
                        setattr(self, name, value)
                self._teaching = (build, again)

    def notify_change(self, change: Any) -> None:
        """ipywidgets sends a trait to the views before its observers run: a new
        ``lang`` goes in one message with what :meth:`_language_changed` makes
        again, so no view draws the new language without its catalogue."""
        if change["name"] != "lang":
            super().notify_change(change)
            return
        with self.hold_sync():
            super().notify_change(change)

    # ------------------------------------------------------------------ one change at a time

    def __setattr__(self, name: str, value: Any) -> None:
        """Set an attribute holding the widget's lock: a trait set from a cell
        (``w.size = "large"``) waits for a view's move being taken on another
        thread, and its observers run in turn. ``w.selected = cell`` from
        Python code points, as :meth:`select` does (every view shows it)."""
        lock = self.__dict__.get("_lock")
        if lock is None:  # still being made
            super().__setattr__(name, value)
            return
        with lock:
            if name == "selected":  # the widget's own changes use set_trait
                with self._changing():
                    super().__setattr__(name, value)
                    self._point(value)
                return
            super().__setattr__(name, value)

    def set_trait(self, name: str, value: Any) -> None:
        """traitlets' ``set_trait``, holding the widget's lock."""
        with self._lock:
            super().set_trait(name, value)

    def _handle_msg(self, msg: dict[str, Any]) -> None:
        """ipywidgets' handler of every message from a view (an update, a
        custom message), holding the widget's lock: with ipykernel 7 it may
        run on a comm subshell's thread while a cell changes the board."""
        with self._lock:
            super()._handle_msg(msg)

    def _point(self, cell: int | None) -> None:
        """Python points at ``cell`` (``None``: at nothing): every view selects it.

        ``_pointer.n`` counts the pointings, so a view takes the cell when it
        changes, even to the cell already pointed at. Call inside a change.
        """
        self._pointer = {"n": self._pointer.get("n", 0) + 1, "cell": cell}

    def _teach(
        self,
        build: Callable[[str], dict[str, Any]],
        names: tuple[str, ...] = ("title", "caption", "panels"),
    ) -> MonteCarloWidget:
        """Remember that Python made the traits ``names`` with ``build(lang)``, to say again."""
        self._teaching = (build, {name: getattr(self, name) for name in names})
        return self

    @contextlib.contextmanager
    def _changing(self) -> Iterator[None]:
        """Change several traits as one: one message to the views, observers after all.

        Trait observers (``w.observe``) run when the block ends, so each one
        sees every trait and the game already new; the views get one message.
        """
        with self.hold_sync(), self.hold_trait_notifications():
            yield

    @contextlib.contextmanager
    def _lock_property(self, **properties: Any) -> Iterator[None]:
        # ipywidgets' property lock (a value a view sent is not sent back to
        # it as a change), made re-entrant: ``_set_verified`` holds it until
        # the held notifications have fired, around ipywidgets' own set_state.
        if self._property_lock:
            yield
            return
        with super()._lock_property(**properties):
            yield

    def _game_changed(self, game: Game) -> None:
        """The game changed (from Python or a verified front-end state): show it.

        A change made from Python also moves the clock, in the same message
        as the state, but never starts it (:func:`next_clock` with
        ``starts=False``); a front-end change brings its own clock, or, sent
        without one, starts it like the learner's move it is. Unless a
        widget method words it, or a view sent its own, the status line
        narrates the change (:meth:`_narrate_change`), and a selection whose
        card left its cell is cleared.
        """
        before, self._shown = self._shown, game.state
        with self._changing():
            state = game.to_state()
            self._pushed = state
            self.state = state
            # The same message as `state`: a view sees the state and its revision together.
            self._sync = {**self._sync, "revision": self._revisions.made(self._author, game.state)}
            # A view's message makes one change; any other made meanwhile (a
            # `w.game.on_change` listener's move) is Python's.
            self._author = None
            brought = self._front or frozenset()
            if "clock" not in brought:
                finished = game.status != "playing"
                self.clock = next_clock(
                    self.clock, state, finished, self._now(), starts=self._front is not None
                )
            if not self._acting and "feedback" not in brought:
                self.feedback = self._narrate_change(before, game.state)
            self._update_winnable()
            selected = self.selected
            if selected is not None and (
                not self._holds_card(selected)
                or (
                    "selected" not in brought  # a view's own new selection stands
                    and _card_left(selected, before, game.state)
                )
            ):
                self.set_trait("selected", None)  # its card left: not Python pointing
            pointed = self._pointer.get("cell")
            if pointed is not None and _card_left(pointed, before, game.state):
                # The views drop it themselves; a view drawn later must not take it.
                self._pointer = {**self._pointer, "cell": None}

    def _game_refused(self, game: Game, error: Exception) -> None:
        """A ``w.game`` action was refused: the board says why (the caller gets the error)."""
        if not self._acting:
            self.feedback = feedback_for(error, self.language)

    # ------------------------------------------------------------------ validation

    def _holds_card(self, cell: Any, state: dict[str, Any] | None = None) -> bool:
        tableau = (state or self.state).get("tableau", [])
        return is_int(cell) and 0 <= cell < len(tableau) and tableau[cell] is not None

    def _verify(self, value: Any) -> State:
        """Check a state from outside Python's own game: the verified ``State``.

        ``verify_state`` (shape, deal, the whole history replayed), and the
        same rules as the board: a new deal or a load keeps the rules, so a
        state with other rules did not come from playing this board. Raises
        ``StateError`` (path ``state.rules`` for other rules).
        """
        state = verify_state(value)
        if state.rules != self._game.rules:
            raise StateError(
                "state.rules",
                "state.other-rules",
                {"expected": _rules_name(self._game.rules), "got": _rules_name(state.rules)},
            )
        return state

    def _check_keeps_python_moves(self, sent: State) -> None:
        """Refuse a whole state a view sent that would drop a move Python has made.

        Same game (start and deal) as Python's: its history must begin with
        the actions in effect in Python's (``history[:cursor]``); an undo or
        redo keeps the history, so it passes. A view that had not seen a
        Python move sends a history without it: ``StateError`` at
        ``state.history[k]``, the first action that differs (key
        ``state.drops-moves``). Another game (a new deal, a load) keeps
        Python's in its earlier games and passes, as a crossed new deal lands.
        """
        now = self._game.state
        if (sent.start, sent.deal) != (now.start, now.deal):
            return
        kept = now.history[: now.cursor]
        if sent.history[: len(kept)] == kept:
            return
        k = next(
            (
                i
                for i, action in enumerate(kept)
                if i >= len(sent.history) or sent.history[i] != action
            ),
            len(kept),
        )
        raise StateError(f"state.history[{k}]", "state.drops-moves")

    @traitlets.validate("state")
    def _validate_state(self, proposal: traitlets.Bunch) -> dict[str, Any]:
        # A state set from Python code (`w.state = {...}`) is verified like a
        # front-end one; the game's own pushes are trusted. The verified State
        # is kept for the observer, so the game does not verify it again.
        if proposal["value"] is not self._pushed:
            try:
                self._verified = (proposal["value"], self._verify(proposal["value"]))
            except StateError as error:
                self.feedback = feedback_for(error, self.language)
                raise traitlets.TraitError(str(error)) from error
        return proposal["value"]

    @traitlets.observe("state")
    def _state_changed(self, change: traitlets.Bunch) -> None:
        # The game follows a value the validator verified (``w.state = …``);
        # Python's own pushes were never verified there: nothing to follow.
        verified, self._verified = self._verified, None
        if verified is not None and verified[0] is change["new"]:
            self._game._set_verified(verified[1])

    @traitlets.validate("selected")
    def _validate_selected(self, proposal: traitlets.Bunch) -> int | None:
        value = proposal["value"]
        if value is not None and not self._holds_card(value):
            raise traitlets.TraitError(f"selected: {show_repr(value)} is not a cell holding a card")
        return value

    @traitlets.validate("feedback")
    def _validate_feedback(self, proposal: traitlets.Bunch) -> dict[str, Any]:
        problem = self._feedback_problem(proposal["value"])
        if problem is not None:
            raise traitlets.TraitError(problem[1])
        return proposal["value"]

    @traitlets.validate("predictions")
    def _validate_predictions(self, proposal: traitlets.Bunch) -> tuple[int, int]:
        problem = _predictions_problem(proposal["value"])
        if problem is not None:
            raise traitlets.TraitError(f"{problem[1]} Got {show_repr(proposal['value'])}.")
        return tuple(proposal["value"])

    @traitlets.validate("clock")
    def _validate_clock(self, proposal: traitlets.Bunch) -> dict[str, Any]:
        problem = _clock_problem(proposal["value"])
        if problem is not None:
            raise traitlets.TraitError(problem[1])
        return proposal["value"]

    @staticmethod
    def _feedback_problem(value: Any) -> tuple[str, str] | None:
        """``(path, problem)`` when ``value`` is not a feedback object, else ``None``."""
        if not isinstance(value, dict):
            return "feedback", "feedback must be an object."
        if not value:
            return None
        for key in value:
            if key not in _FEEDBACK_KEYS:
                return f"feedback.{key}", f"feedback.{key} is not a feedback key."
        if not isinstance(value.get("key"), str):
            return "feedback.key", "feedback.key must be text."
        if not isinstance(value.get("params", {}), dict):
            return "feedback.params", "feedback.params must be an object."
        cells = value.get("cells", [])
        if not isinstance(cells, list) or not all(is_int(c) for c in cells):
            return "feedback.cells", "feedback.cells must be a list of cells."
        if value.get("tone", "info") not in TONES:
            return "feedback.tone", f"feedback.tone must be one of {', '.join(TONES)}."
        if not isinstance(value.get("text", ""), str):
            return "feedback.text", "feedback.text must be text."
        note = value.get("note")
        if note is not None and not (
            isinstance(note, dict)
            and isinstance(note.get("key"), str)
            and isinstance(note.get("params", {}), dict)
        ):
            return "feedback.note", "feedback.note must be null or an object with key and params."
        return None

    @_serialised
    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Apply a message from the front end, refusing what does not verify.

        ipywidgets calls this for every state update a view sends. ``state``
        is verified with ``verify_state`` (shape, deal, full replay of the
        history); ``selected`` must be ``None`` or a cell holding a card;
        ``feedback`` a feedback object. Accepted values are applied (and
        echoed to the other views as usual); refused ones never reach the
        traits: Python sends its own values back and sets ``feedback`` (tone
        ``error``) naming the bad part. ``clock`` must be a clock object; it
        is refused (Python's sent back) with a refused ``state``, since the
        move it timed did not happen. The teaching traits are checked the
        same way (``size`` one of :data:`SIZES`, ``title``/``caption`` text,
        ``predict``/``show_order`` booleans, ``predictions`` ``[right,
        asked]``); ``panels`` are Python's alone: a view's change is refused.
        Any other trait must pass its own validation, so a malformed message
        never raises inside the comm handler. Pyodide's ``jsnull`` (JupyterLite)
        counts as ``None`` everywhere (:mod:`mc_widget.jsvalues`).
        """
        sync_data = from_front(sync_data)
        if "_seen" in sync_data:
            # The board's one save (js/sync.js, after Python answered a commit):
            # the other traits in it are those its commits brought, already
            # taken or refused there; only `_seen` is news.
            sync_data = {"_seen": sync_data["_seen"]}
        accepted: dict[str, Any] = {}
        refused: list[str] = []
        problem: dict[str, Any] | None = None
        effective = self.state

        verified: State | None = None
        if "state" in sync_data:
            value = sync_data["state"]
            try:
                checked = self._verify(value)
                self._check_keeps_python_moves(checked)
            except StateError as error:
                refused.append("state")
                problem = feedback_for(error, self.language)
            except Exception as error:  # a malformed message must never crash the kernel
                refused.append("state")
                problem = _bad_message("state", str(error))
            else:
                verified = checked
                accepted["state"] = value
                effective = value

        traits = {key: value for key, value in sync_data.items() if key != "state"}
        if "state" in refused and "clock" in traits:
            # The move it timed did not happen.
            del traits["clock"]
            refused.append("clock")
        good, bad = self._check_traits(traits, effective)
        accepted.update(good)
        refused.extend(bad)
        if bad and problem is None:
            name, (path, why) = next(iter(bad.items()))
            if name == "selected":
                value = show_repr(traits["selected"])
                problem = _feedback(
                    "error.selected", {"value": value}, tone="error", text=True, lang=self.language
                )
            else:
                problem = _bad_message(path, why)

        if verified is not None:
            self._pushed = accepted["state"]  # verified above
            self._set_verified(accepted, verified)
        elif accepted:
            super().set_state(accepted)

        if refused:
            # The sending view holds the refused values: give it ours again.
            resend = [k for k in refused if k != "feedback" and k in self.keys]
            if resend:
                self.send_state(resend)
            if "selected" in refused and "state" in refused:
                self.set_trait("selected", None)  # not Python pointing (``__setattr__``)
            self.feedback = problem

    def _check_traits(
        self, values: dict[str, Any], state: dict[str, Any]
    ) -> tuple[dict[str, Any], dict[str, tuple[str, str]]]:
        """A view's trait values (no ``state``) split into ``(accepted, refused)``.

        ``refused`` maps each refused name to ``(path, problem)``. ``selected``
        must be ``None`` or a cell holding a card in ``state`` (a state JSON,
        or any dict with its ``tableau``); ``feedback`` a feedback object;
        ``clock`` a clock object; the others as :meth:`_front_value_problem`
        says. Both in the order ``selected``, ``feedback``, ``clock``, then
        the rest as given, so the first refusal is the one to tell.
        Used by :meth:`set_state` and by a view's commit (:meth:`_take_commit`).
        """
        first = [name for name in ("selected", "feedback", "clock") if name in values]
        accepted: dict[str, Any] = {}
        refused: dict[str, tuple[str, str]] = {}
        for name in [*first, *(name for name in values if name not in first)]:
            value = values[name]
            if name == "selected":
                ok = value is None or self._holds_card(value, state)
                why = f"{show_repr(value)} is not a cell holding a card."
                bad = None if ok else ("selected", why)
            elif name == "feedback":
                bad = self._feedback_problem(value)
            elif name == "clock":
                bad = _clock_problem(value)
            else:
                bad = self._front_value_problem(name, value)
            if bad is None:
                accepted[name] = value
            else:
                refused[name] = bad
        return accepted, refused

    def _front_value_problem(self, key: str, value: Any) -> tuple[str, str] | None:
        """``(path, problem)`` when a view may not set trait ``key`` to ``value``.

        Only :data:`_VIEW_TRAITS` may come from a view: anything else (the
        widget's code ``_esm``, ``_model_module``, ``_dom_classes``,
        ``tooltip``, a name that is no trait) is refused, naming it.
        """
        if key not in _VIEW_TRAITS:
            return excerpt(key), "this is not a trait a view may set."
        if key in _PYTHONS_ALONE:
            if value == getattr(self, key):
                return None  # nothing changes
            return key, f"{key} is set from Python; a view cannot change it."
        if key in _TEACHING_CHECKS:
            return _TEACHING_CHECKS[key](value)
        trait = self.traits()[key]
        try:
            from_json = self.trait_metadata(key, "from_json", self._trait_from_json)
            if hasattr(trait, "validate"):
                trait.validate(self, from_json(value, self))
        except Exception as error:  # a malformed message must never crash the kernel
            # traitlets' words quote the whole value: a short excerpt of them.
            return key, f"{key}: {excerpt(str(error), 200)}"
        return None

    def _set_verified(self, accepted: dict[str, Any], state: State) -> None:
        """Apply a verified front-end state: the traits and the game, then the observers.

        ``state`` is the ``State`` that ``_verify`` made of ``accepted["state"]``.
        ipywidgets sets the traits (and sends its echo) with their
        notifications held; the game follows inside the same hold and under
        the same property lock, so every observer (of a trait or of the
        game) sees both new, and a value the view sent is not sent back to
        it. The clock the front end sent with the state is kept; a state
        sent without one (not this front end) moves the clock in Python; a
        state sent without feedback is narrated in Python.
        """
        with (
            self._front_change(accepted, "?"),  # a whole state: who made it is not known
            self.hold_sync(),
            self._lock_property(**accepted),
            self.hold_trait_notifications(),
        ):
            super().set_state(accepted)
            self._game._set_verified(state)

    @contextlib.contextmanager
    def _front_change(self, traits: dict[str, Any], author: str | None) -> Iterator[None]:
        """A change a view made, bringing ``traits``: while it is applied, the game's
        change is a learner's move (the clock starts unless ``clock`` came),
        not narrated in Python when ``feedback`` came, a ``selected`` that came
        stands, and the revision it makes is ``author``'s (a client id, or
        ``"?"`` for a state sent whole)."""
        self._front = frozenset(traits)
        self._author = author
        try:
            yield
        finally:
            self._front = None
            self._author = None

    # ------------------------------------------------------------------ a view's moves

    def _take_commit(self, content: Any) -> None:
        """A view's ``commit`` message: one move, made on the board of revision ``base``.

        The protocol's steps (docs/architecture.md, "The widget (sync)";
        :mod:`mc_widget.sync` reads the message):

        1. malformed (not an object, a bad ``client``, ``seq``, ``base``,
           ``action`` or ``traits``, ``base`` after the latest revision):
           nothing changes; a ``refused`` message to the sender names the
           bad part (``error.state``, path ``commit.<field>``), or the shared
           ``feedback`` when the sender cannot be read; acked when its
           sender could be read;
        2. a ``seq`` already acked (a replay): ignored, nothing said;
        3. crossed: a revision after ``base`` was made by someone else;
        4. crossed ``undo``, ``redo`` or ``walk_to``, or a crossed action
           that now means another move (a pair whose cells hold other cards
           than at ``base``, a step for another game than ``base``'s:
           :meth:`Revisions.still_meant`): refused
           (``sync.crossed-back``); any other action is applied, once, to
           the *current* state, and the engine may refuse it (its reason,
           with the note ``sync.crossed`` when crossed); a new deal or a
           load lands even when crossed (Undo brings the replaced game back);
        5. accepted: the state, the commit's traits (checked as
           :meth:`set_state` checks them, against the new state; when crossed
           a ``selected`` that lost its card becomes ``None``), the revision,
           made by this client, and the ack: one message to every view. The
           commit's ``feedback`` and ``clock`` stand (no narration from Python);
        6. refused: the state does not change; the sender is told with a
           ``{"type": "refused", "client", "seq", "feedback"}`` message and
           acked, and the shared ``feedback`` is left as it is;
        7. no action: only the traits, checked against the current state.
        """
        try:
            client, seq = read_sender(content)
            if seq <= self._sync["acks"].get(client, 0):
                return
            commit = read_commit(content, client, seq, self._revisions.revision)
        except CommitError as error:
            self._malformed(error.client, error.seq, error.path, error.problem)
            return
        crossed = self._revisions.crossed(commit.base, client)
        after = self._game.state
        if commit.action is not None:
            if crossed and (
                commit.action.type in BACK_ACTIONS
                # A pair whose cells hold other cards, a step for another game.
                or not self._revisions.still_meant(commit.base, commit.action, after)
            ):
                lang = self.language
                self._refuse(
                    client,
                    seq,
                    _feedback("sync.crossed-back", tone="illegal", text=True, lang=lang),
                    commit.traits,
                )
                return
            try:
                after = next_state(after, commit.action)
            except Exception as error:  # the engine's refusal; never crash the kernel
                refusal = feedback_for(error, self.language)
                if crossed:
                    refusal["note"] = {"key": "sync.crossed", "params": {}}
                self._refuse(client, seq, refusal, commit.traits)
                return
        traits, bad = self._commit_traits(commit.traits, after, crossed)
        if bad is not None:
            self._malformed(client, seq, *bad)
            return
        with self._changing(), self._front_change(traits, client):
            for name, value in traits.items():
                from_json = self.trait_metadata(name, "from_json", self._trait_from_json)
                self.set_trait(name, from_json(value, self))
            self._game._set_verified(after)  # made by the engine from Python's own state
            self._ack(client, seq)

    def _commit_traits(
        self, values: dict[str, Any], after: State, crossed: bool
    ) -> tuple[dict[str, Any], tuple[str, str] | None]:
        """A commit's traits checked against ``after``: ``(accepted, None)``, or
        ``({}, (path, problem))`` for the first bad one (path ``commit.traits.<name>``):
        a name not in ``_COMMIT_TRAITS``, or a value :meth:`_check_traits` refuses."""
        unknown = [name for name in values if name not in _COMMIT_TRAITS]
        if unknown:
            return {}, (
                f"commit.traits.{unknown[0]}",
                f"{unknown[0]} is not a trait a view's move may set.",
            )
        accepted, refused = self._check_traits(values, {"tableau": after.tableau})
        cell = values.get("selected")
        if "selected" in refused and crossed and is_int(cell) and 0 <= cell < len(after.tableau):
            # Its card went in the move it crossed: the selection no longer holds.
            del refused["selected"]
            accepted["selected"] = None
        if refused:
            path, problem = next(iter(refused.values()))
            return {}, (f"commit.traits.{path}", problem)
        return accepted, None

    def _malformed(self, client: str | None, seq: int | None, path: str, problem: str) -> None:
        """A malformed commit: say what is bad, to its sender alone when known.

        With a readable ``client``, a ``refused`` message to it (``seq``
        ``None`` when unreadable), and the ack when ``seq`` is readable: the
        other boards sent nothing wrong. Only a message whose sender cannot
        be read says it in the shared ``feedback``, on every board.
        """
        bad = _bad_message(path, problem)
        if client is None:
            with self._changing():
                self.feedback = bad
            return
        self.send({"type": "refused", "client": client, "seq": seq, "feedback": bad})
        if seq is not None:
            with self._changing():
                self._ack(client, seq)

    def _refuse(
        self, client: str, seq: int, feedback: dict[str, Any], traits: dict[str, Any]
    ) -> None:
        """Tell ``client`` its commit ``seq`` was refused, and why; ack it.

        The message goes to every view; only ``client``'s acts on it. The
        shared ``feedback`` is not changed: the other boards did nothing wrong.
        The other ``traits`` the commit brought (its clock, its selection),
        which its board set for the move that did not happen, are sent again
        as Python holds them, in one message with the ack, after the
        ``refused`` message: the board drops the move and takes Python's
        values back at once.
        """
        self.send({"type": "refused", "client": client, "seq": seq, "feedback": feedback})
        again = [name for name in traits if name != "feedback" and name in self.keys]
        with self._changing():
            # hold_sync sends these names with what changes inside it (the ack).
            self._states_to_send.update(again)
            self._ack(client, seq)

    def _ack(self, client: str, seq: int) -> None:
        """``_sync.acks[client] = seq``: Python has processed ``client``'s commits up to ``seq``.

        The acks of the :data:`ACKS_KEPT` views that committed last are kept,
        the most recent last, so neither the trait nor a commit's cost grows
        with the number of pages ever opened on the board.
        """
        acks = {view: n for view, n in self._sync["acks"].items() if view != client}
        acks[client] = seq
        while len(acks) > ACKS_KEPT:
            del acks[next(iter(acks))]
        self._sync = {**self._sync, "acks": acks}

    # ------------------------------------------------------------------ actions

    @_serialised
    def _act(self, name: str, *args: Any) -> Any:
        """Call the game's ``name``; state, clock, selection and feedback go out as one message.

        One message, so every view redraws once, with all four already new
        (not first the new state with the old selection and feedback); and
        observers run once all four are new. A step that finds nothing left
        to do (``consolidate_step`` / ``refill_step`` giving ``None`` with
        the game unchanged) changes no trait. A selection stays unless its
        card left its cell (:meth:`_game_changed`): a teacher's move does not
        take a learner's selection away.
        """
        before = self._game.state
        with self._changing():
            self._acting += 1
            try:
                result = getattr(self._game, name)(*args)
            except ValueError as error:
                self.feedback = feedback_for(error, self.language)
                raise
            finally:
                self._acting -= 1
            if self._game.state is not before:
                self.feedback = self._narrate(name, result, before)
        return result

    def _narrate_change(self, before: State, after: State) -> dict[str, Any]:
        """The status line for a change no widget method worded (``w.game.…``,
        ``w.state = …``, a view's state sent without feedback): the same
        words as :meth:`_narrate`, found from the two states.

        One action done, undone or redone (a game action, a new deal, a
        load) is told as the widget method would tell it; a jump along a
        walkthrough (``w.game.walk_to(k)``) as that step
        (:meth:`_walk_feedback`). When a redo and the same action made
        again give the same state, it is told as the redo. Anything else
        clears the status line (``{}``): the old words no longer hold.
        """
        found = _classify(before, after)
        if found is not None:
            name, result = found
            return self._narrate(name, result, before)
        if self._game.walkthrough() is not None:
            return self._walk_feedback()
        return {}

    def _narrate(self, name: str, result: Any, before: State) -> dict[str, Any]:
        """The status line after a successful action (tone ``info``), or ``{}``.

        The same words as the front end's ``narrate`` (``js/controller.js``):
        which pair was removed, which card moved or was dealt; for ``undo``
        and ``redo``, which action was taken back or made again, with its cards.
        """
        if name == "new_deal":
            return _feedback("status.new-deal", {"deal": self._game.deal}, tone="info")
        if name == "load":
            return _feedback("status.loaded", tone="info")
        if name in ("undo", "redo") and result.type in ("new_deal", "load"):
            # A new deal or a load taken back (the earlier game is back) or made again.
            if result.type == "load":
                key = "status.undone-load" if name == "undo" else "status.redone-load"
                return _feedback(key, tone="info")
            if name == "undo":
                return _feedback("status.undone-new-deal", tone="info")
            return _feedback("status.redone-new-deal", {"deal": result.deal}, tone="info")
        if name in ("undo", "redo"):
            # ``result`` is the action undone or redone; applying it again to the
            # state it was applied to gives what it did.
            pre = self._game.state if name == "undo" else before
            post, what = perform(pre, result)
            return self._describe(result.type, what, post, "undone" if name == "undo" else "redone")
        kind = _ACTION_OF_METHOD.get(name)
        if kind is None:
            return {}
        return self._describe(kind, result, self._game.state, "done")

    def _describe(self, kind: str, what: Any, post: State, mode: str) -> dict[str, Any]:
        """Words for one game action of type ``kind``: ``what`` is what ``perform``
        returned for it, ``post`` the state it made; ``mode`` is ``done``,
        ``undone`` or ``redone``."""
        column = ("done", "undone", "redone").index(mode)

        def say(said: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
            return _feedback(_SAID[said][column], params, tone="info")

        place = self._place

        if kind == "remove":
            a, b = what  # Cards: their symbols in JSON, the board's letters on the board
            return say("remove", {"a": a, "b": b})
        if kind == "consolidate_step":
            if what is None:
                return say("nothing-moved")
            src, dst = what
            card = post.tableau[dst]
            if mode == "undone":  # the card goes back, from where it went to where it was
                src, dst = dst, src
            return say("moved", {"card": card, "from": place(src), "to": place(dst)})
        if kind == "consolidate":
            return say("consolidated", {"cards": counted("count.cards", len(what))})
        if kind == "refill_step":
            return say("dealt", {"card": post.tableau[what], "place": place(what)})
        return say("refilled", {"cards": counted("count.cards", len(what))})

    def remove_pair(self, i: int, j: int) -> tuple[Card, Card]:
        """Remove the pair in cells ``i`` and ``j`` (RULES.md, "A round", step 1).

        Returns the two cards, lower cell first. Raises ``IllegalMove`` with
        ``reason`` ``out-of-range``, ``same-cell``, ``game-over``,
        ``wrong-phase``, ``empty-cell``, ``different-rank``, ``across-gap``
        (the false-neighbour mistake, M1) or ``not-adjacent``.
        """
        return self._act("remove_pair", i, j)

    def consolidate_step(self) -> tuple[int, int] | None:
        """Move one card into the first gap (RULES.md, "A round", step 2).

        Returns ``(from_cell, to_cell)``, or ``None`` when no card had to move.
        Raises ``IllegalMove`` (``game-over``, ``wrong-phase``).
        """
        return self._act("consolidate_step")

    def consolidate(self) -> list[tuple[int, int]]:
        """Consolidate to the end; returns the moves ``[(from_cell, to_cell), …]``.

        Raises ``IllegalMove`` (``game-over``, ``wrong-phase``).
        """
        return self._act("consolidate")

    def refill_step(self) -> int:
        """Deal the top stock card into the first gap; returns that cell.

        RULES.md, "A round", step 3. Raises ``IllegalMove`` (``wrong-phase``
        before consolidating: mistake M4; ``game-over``).
        """
        return self._act("refill_step")

    def refill(self) -> list[int]:
        """Refill until the tableau is full or the stock is empty; returns the cells filled.

        Raises ``IllegalMove`` (``wrong-phase``, ``game-over``).
        """
        return self._act("refill")

    def undo(self) -> Any:
        """Take back the last action (a new deal or load too); returns it.

        Raises ``IllegalMove`` (``nothing-to-undo``).
        """
        return self._act("undo")

    def redo(self) -> Any:
        """Redo the last undone action; returns it. Raises ``IllegalMove`` (``nothing-to-redo``)."""
        return self._act("redo")

    def load(self, layout: str) -> None:
        """Start from layout notation with the same rules (undo goes back to this game).

        Raises ``LayoutError`` naming the bad token and its place; nothing changes.
        """
        self._act("load", layout)

    def new_deal(self, n: int | None = None) -> None:
        """Start deal number ``n`` (``None``: random), same rules; undo goes back to this game.

        Raises ``DealError`` for anything but an int ``0 … 2**32 - 1``; nothing changes.
        """
        self._act("new_deal", n)

    @_serialised
    def select(self, cell: int | None) -> None:
        """Select the card in ``cell`` (its neighbours light up on every view); ``None`` clears.

        Python points: every view shows this selection (a learner's click
        then selects in that learner's view alone; docs/architecture.md,
        "Selections"). ``w.selected = cell`` from Python code does the same.

        Raises ``IllegalMove`` (``out-of-range``; ``empty-cell`` for a gap,
        with the key ``select-empty-cell``: "Row 2, column 1 is empty: select
        a card.") and ``ArgumentError`` for a cell that is not a whole
        number; the selection is unchanged.
        """
        if cell is not None:
            try:
                self._game.highlights(self._game.check_cell("select", cell))
            except IllegalMove as error:
                if error.reason == "empty-cell":
                    # The engine's words are about pairing; here the learner selects.
                    error = IllegalMove(
                        "empty-cell", "select-empty-cell", error.cells, error.params
                    )
                self.feedback = feedback_for(error, self.language)
                raise error from None
            except ValueError as error:
                self.feedback = feedback_for(error, self.language)
                raise
        with self._changing():
            self.selected = cell  # Python points (``__setattr__``)
            self.feedback = {}

    # ------------------------------------------------------------------ teaching

    @_serialised
    def walk_to(self, k: int) -> None:
        """Go to step ``k`` (0 … n) of this round's walkthrough (docs/teaching.md, 1 and 2).

        The state becomes the one at step ``k`` (single undo/redo-able steps:
        :meth:`Game.walk_to`) and the status line narrates that step:
        ``walk.start`` (or ``walk.start-no-deals`` / ``walk.start-no-moves``)
        at 0, ``walk.move`` / ``walk.deal`` for the step just made,
        ``walk.end-move`` / ``walk.end-deal`` at ``n``. At the step the board
        already stands at, the state is unchanged and the step is narrated
        again. A selection is cleared when its card moves. Raises, with
        the reason on the board and nothing changed: ``IllegalMove``
        (``no-walkthrough``; ``out-of-range`` with key ``walk-out-of-range``)
        and ``ArgumentError`` (``k`` not a whole number).
        """
        with self._changing():
            self._acting += 1
            try:
                self._game.walk_to(k)
            except ValueError as error:
                self.feedback = feedback_for(error, self.language)
                raise
            finally:
                self._acting -= 1
            self.feedback = self._walk_feedback()

    @property
    def walk_position(self) -> tuple[int, int]:
        """``(k, n)``: the step of this round's walkthrough the board is at, of ``n``.

        ``(0, 0)`` when no walkthrough is offered (docs/teaching.md, section 1).
        """
        walk = self._game.walkthrough()
        return (0, 0) if walk is None else (walk.position, walk.n)

    def _walk_feedback(self) -> dict[str, Any]:
        """The narration of the walkthrough's current step (docs/teaching.md, section 2)."""
        walk = self._game.walkthrough()
        if walk is None:
            return {}
        k, n = walk.position, walk.n
        if k == 0:
            # An empty stock or no card to move has words of its own, not "0 cards".
            moves = counted("count.cards", walk.moves)
            deals = counted("count.stock-cards", walk.deals)
            if walk.deals == 0:
                return _feedback("walk.start-no-deals", {"n": n, "moves": moves}, tone="info")
            if walk.moves == 0:
                return _feedback("walk.start-no-moves", {"n": n, "deals": deals}, tone="info")
            return _feedback("walk.start", {"n": n, "moves": moves, "deals": deals}, tone="info")
        step = walk.steps[k - 1]
        card = Card.parse(step.card)
        last = k == n  # the last step also says the round is over
        if step.kind == "move":
            params = {
                "card": card,
                "from": self._place(step.source),
                "to": self._place(step.target),
            }
            key = "walk.end-move" if last else "walk.move"
            return _feedback(key, {**params, "step": k, "n": n}, tone="info")
        params = {"card": card, "place": self._place(step.target), "step": k, "n": n}
        return _feedback("walk.end-deal" if last else "walk.deal", params, tone="info")

    # ------------------------------------------------------------------ analysis

    @_serialised
    def hint(self, perfect: bool | None = None) -> Any:
        """Show a hint for the next move on the board, and return it (docs/analysis.md, 3).

        ``perfect``: ``None`` follows the ``hints`` trait (``"fair"``, the
        default, or ``"perfect"``), ``False`` the fair hint, ``True`` the
        solver's. The hint's cells get ``data-hint`` and its reason goes to the
        status line. Returns the ``Hint``, or ``None`` when the game is over
        (the board says there is nothing to hint). Raises ``ArgumentError``
        (key ``api.perfect``, as ``Game.hint``: a ``ValueError`` and a
        ``TypeError``) when ``perfect`` is not a bool or None; nothing changes.
        """
        if perfect is not None and not isinstance(perfect, bool):
            raise ArgumentError("hint", perfect, "api.perfect")
        found = self._game.hint(perfect=self.hints == "perfect" if perfect is None else perfect)
        with self._changing():
            self.feedback = hint_feedback(found, self.language)
        return found

    @_serialised
    def review(self) -> Any:
        """Where did the game go wrong? Show it on the board, and return the ``Review``.

        The solver replays the game (``Game.review``, docs/analysis.md, 4).
        When a move lost a winnable deal, the board is walked back with undo
        to just before it (undoable again with redo) and the status line
        says which move it was and what still wins there (those cards
        marked as a hint); otherwise it says the deal was never winnable,
        can still be won, or was won. Then it says where the fair hint would
        have chosen differently (move numbers from 1, as the learner counts:
        a whole consolidation or refill is one move).
        """
        found = self._game.review()
        with self._changing():
            self._acting += 1
            try:
                if found.first_losing_move is not None:
                    walk_back(self._game, found.first_losing_move)
            finally:
                self._acting -= 1
            self.feedback = review_feedback(found, self.language)
        return found

    def _board_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A custom message from a view: ``{"type": "commit", …}`` (a move:
        :meth:`_take_commit`), ``{"type": "review"}``, ``{"type": "hint"}``,
        or ``{"type": "lang", "lang": code}``: the notebook's language, which the
        front end asks for when ``lang`` is ``None`` (docs/i18n.md, section 2).
        A code not in ``LANGUAGES`` is refused (feedback naming ``lang``) and
        changes nothing. Pyodide's ``jsnull`` counts as ``None`` (:func:`from_front`)."""
        content = from_front(content)
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "commit":
            self._take_commit(content)
        elif kind == "review":
            self.review()
        elif kind == "hint":
            self.hint()
        elif kind == "lang":
            code = content.get("lang")
            if code is None or _language_problem(code) is not None:
                codes = ", ".join(LANGUAGES)
                why = f"lang must be one of {codes}, not {show_repr(code)}."
                self.feedback = _bad_message("lang", why)
                return
            self._asked = code
            self._language_changed()
        else:
            self.feedback = _bad_message(
                "message", f"{show_repr(content)} is not a message this board knows."
            )

    def _update_winnable(self, _change: Any = None) -> None:
        """With ``show_winnable`` on, the solver's verdict on the position (None: not known)."""
        self.winnable = verdict(self._game) if self.show_winnable else None

    def _place(self, cell: int) -> str:
        """``cell`` as "row 2, column 3": a phrase, a nested message in JSON."""
        cols = self._game.rules.cols
        return phrase("cell.place", {"row": cell // cols + 1, "col": cell % cols + 1})

    @_serialised
    def say(self, text: str) -> None:
        """Show the teacher's ``text`` in the status line of every view (tone ``info``).

        Feedback ``{"key": "teacher.say", "params": {"text": text}, …}``; the
        views show it as text, never as HTML. Raises ``TypeError`` unless
        ``text`` is a str; nothing changes then.
        """
        if not isinstance(text, str):
            raise TypeError(f"say: text must be a str, not {type(text).__name__} {show_repr(text)}")
        self.feedback = _feedback("teacher.say", {"text": text}, tone="info")

    @classmethod
    def mistake(cls, code_or_slug: str, **kwargs: Any) -> MonteCarloWidget:
        """A live board demonstrating common mistake ``code_or_slug`` (``"M3"``, ``"diagonals"``).

        RULES.md, "Common mistakes"; docs/teaching.md, section 4. The board
        starts from the mistake's layout, titled "M3 · Consolidating in the
        wrong order", with the mistake and the rule as its caption and the
        mistake's panels beside it. Other keywords as :meth:`from_layout`.
        The texts are in the board's language (``lang="de"``) and are made
        again when it changes, each as long as it is still the one Python
        made (a title set later is the user's). Raises ``UnknownMistake`` (a
        ``KeyError`` and ``ValueError``) listing the codes and slugs,
        ``TraitError`` for a bad ``lang``.
        """
        from .teaching import mistake as find_mistake

        def texts(m: Any, lang: str) -> dict[str, Any]:
            title = format_message(
                "teacher.mistake-title", {"code": m.code, "title": m.title}, lang
            )
            caption = {"summary": m.summary, "rule": m.rule}
            return {
                "title": title,
                "caption": format_message("teacher.mistake-caption", caption, lang),
                "panels": [dict(panel) for panel in m.panels],
            }

        lang = _start_language(kwargs)
        m = find_mistake(code_or_slug, lang)
        board = cls.from_layout(m.layout, **texts(m, lang), **kwargs)
        return board._teach(lambda lang: texts(find_mistake(code_or_slug, lang), lang))

    @classmethod
    def scenario(cls, name: str, **kwargs: Any) -> MonteCarloWidget:
        """A live board of teaching position ``name``: its layout and rules, title and caption.

        docs/teaching.md, section 4. Other keywords as :meth:`from_layout`.
        The title and caption are in the board's language and are made again
        when it changes, as :meth:`mistake`'s are. Raises ``UnknownScenario``
        listing the names, ``TraitError`` for a bad ``lang``.
        """
        from .teaching import scenario as find_scenario

        lang = _start_language(kwargs)
        found = find_scenario(name, lang)

        def texts(lang: str) -> dict[str, Any]:
            again = find_scenario(name, lang)
            return {"title": again.title, "caption": again.caption}

        board = cls.from_layout(
            found.layout, found.rules, title=found.title, caption=found.caption, **kwargs
        )
        return board._teach(texts, ("title", "caption"))

    def to_html(self, path: str | os.PathLike[str], *, title: str | None = None) -> pathlib.Path:
        """Write this board as one self-contained HTML file; return the ``pathlib.Path`` written.

        The page holds the widget bundle, its CSS, a small in-page model and
        the board as it is now (docs/export.md, section 3): opened anywhere,
        also from ``file://``, it is fully playable with no kernel and makes
        no request. ``title`` (plain text) is the page's ``<title>``; ``None``:
        the board's ``title``, else "Monte Carlo". Raises ``TypeError`` for a
        ``title`` that is not a str; a missing folder is the usual
        ``FileNotFoundError``, and nothing is written then.
        """
        # Imported here: a board in a notebook never needs the page builder.
        from .export.page import write_page

        return write_page(path, (self,), title=title, caller="to_html")

    def __repr__(self) -> str:
        """The board as text, for where no front end draws it.

        A notebook saved without its widget state (on GitHub, nbviewer, in a
        terminal) shows this ``text/plain`` form instead of the board: a line
        saying the live board needs a kernel, then ``str(w.game)`` (the
        tableau, ``..`` for a gap, and the summary line), in the language of
        ``lang`` (English when it is None). It depends only on the position
        and ``lang``, so a rerun gives the same text.
        """
        # The language asked for by name (a view's own guess would make the
        # saved output depend on whose browser ran the cell).
        lang = self.lang or "en"
        deal = self._game.deal
        game = (
            format_message("ui.deal-none", lang=lang)
            if deal is None
            else format_message("text.deal", {"deal": deal}, lang)
        )
        board = format_message("text.board", {"game": game}, lang)
        return "\n".join([board, self._game.text(lang)])
