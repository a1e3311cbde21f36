"""The engine's error types (architecture.md, "Errors").

Every error is a ``ValueError`` so that ``except ValueError`` catches any bad
input. Each carries the catalogue ``key`` and ``params`` of its message, so a
front end can show the same sentence in another language; ``str(error)`` is
the English sentence from ``mc_widget/messages/en.json`` and
``error.message(lang)`` the sentence in another (docs/i18n.md, section 2).
"""

from __future__ import annotations

import json
import math
from typing import Any

from .messages import Phrase, format_list, format_message, phrase

__all__ = [
    "EXCERPT",
    "REASONS",
    "ArgumentError",
    "CardError",
    "DealError",
    "EngineError",
    "IllegalMove",
    "LayoutError",
    "RecordError",
    "StateError",
    "excerpt",
    "is_int",
    "show_repr",
    "show_value",
]

#: The reasons an action can be refused, as in architecture.md.
REASONS = (
    "out-of-range",
    "same-cell",
    "empty-cell",
    "different-rank",
    "not-adjacent",
    "across-gap",
    "wrong-phase",
    "game-over",
    "nothing-to-undo",
    "nothing-to-redo",
    "no-walkthrough",
    "not-lone",
    "stay-rank",
    "lone-rank",
    "not-sum",
    "different-suit",
    "not-in-line",
)


def is_int(value: Any) -> bool:
    """True for an ``int`` that is not a ``bool`` (``True`` is not a cell or a count)."""
    return isinstance(value, int) and not isinstance(value, bool)


#: How many characters of a bad input an error quotes (architecture.md, "Errors"):
#: a 5 MB token is refused in a short sentence, not echoed back whole.
EXCERPT = 40


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """``text`` as an error may quote it: whole when it has at most ``limit``
    characters, else its first ``limit`` characters and "…".

    ``excerpt("XQ")`` is ``"XQ"``; ``excerpt("XQ" * 2_500_000)`` is the
    first 40 characters and "…" (41 characters). Characters are code
    points, as in ``excerpt`` of js/engine/errors.js, so both engines cut
    a text at the same place. Raises ``TypeError`` when ``text`` is not a
    ``str`` (:func:`show_repr` shows any value).
    """
    if not isinstance(text, str):
        raise TypeError(f"excerpt: needs a str, not {type(text).__name__}")
    return text if len(text) <= limit else text[:limit] + "…"


def _int_text(value: int) -> str:
    """An int's digits, or ``<5001-digit int>`` past Python's limit on converting
    huge ints to text (a ``ValueError``, not a bad input's error)."""
    try:
        return str(value)
    except ValueError:
        digits = int(math.log10(abs(value))) + 1
        return f"<{digits}-digit int>"


def show_repr(value: Any, limit: int = EXCERPT) -> str:
    """``repr(value)`` cut as :func:`excerpt` cuts, for a message that names a bad value.

    A string is cut before it is quoted (``'XQXQ…'``, never a 5 MB ``repr``
    made first); an int too long for ``str`` is ``<5001-digit int>``; a
    value whose ``repr`` fails (nested too deeply: ``RecursionError``, or
    any other error) is ``<list>``, its type's name. Never raises.
    """
    if isinstance(value, str):
        return repr(excerpt(value, limit))
    if isinstance(value, int):
        return excerpt(_int_text(value) if not isinstance(value, bool) else repr(value), limit)
    try:
        text = repr(value)
    except Exception:  # RecursionError for a deeply nested list; a broken __repr__
        text = f"<{type(value).__name__}>"
    return excerpt(text, limit)


def show_value(value: Any, limit: int = EXCERPT) -> str:
    """A short JSON-like rendering of ``value`` for error messages (at most ``limit`` characters).

    JSON where it can (strings in double quotes), else ``repr`` (through
    :func:`show_repr`); cut to ``limit - 1`` characters and "…". A long
    string is cut before it is written, a deeply nested list or a huge int
    never raises.
    """
    if isinstance(value, str) and len(value) > limit:
        value = value[:limit]  # the quotes and escapes come after: still cut below
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = show_repr(value, limit)
    return text if len(text) <= limit else text[: limit - 1] + "…"


_LONG_INT = 10**EXCERPT


class EngineError(ValueError):
    """Base class: a catalogue ``key``, its ``params``, and the filled ``message``.

    The language rule (docs/i18n.md, section 2): ``str(error)``, what a
    Python traceback shows, is always English, the language of Python's own
    errors and of the answers a programmer will search for. ``message`` is
    that English sentence too (a ``str``, as the vectors and ``to_json``
    have it), and ``error.message(lang)`` gives it in ``lang``, one of
    ``messages.LANGUAGES`` (``ValueError`` for another code): the board
    shows every refusal in its own language. Card parameters are
    ``card_symbol`` phrases (English symbols as text, said again in the
    other language's letters).
    """

    def __init__(self, key: str, params: dict[str, Any] | None = None) -> None:
        self.key = key
        # An int of more than EXCERPT digits (a cell of 4,000 digits sent as
        # JSON) is quoted as its first digits, as any bad input is.
        self.params = {
            name: show_repr(value) if isinstance(value, int) and abs(value) >= _LONG_INT else value
            for name, value in (params or {}).items()
        }
        # A Phrase: English as a str, and message(lang) in another language.
        self.message = phrase(key, self.params)
        super().__init__(self.message)

    def __str__(self) -> str:
        return str(self.message)


class IllegalMove(EngineError):
    """An action the rules refuse; the state is left exactly as it was.

    Fields: ``reason`` (one of :data:`REASONS`), ``key`` (the catalogue entry
    under ``illegal.``: the reason itself, or a finer key for ``wrong-phase``
    such as ``remove-during-consolidation``), ``cells`` (the cells the message
    is about, a tuple of ints, possibly empty) and ``params`` (the template
    parameters). ``str(e)`` is the catalogue text, for example
    ``7♦ and 7♣ are not neighbours: the gap between them does not count until
    you consolidate.``
    """

    def __init__(
        self,
        reason: str,
        key: str | None = None,
        cells: tuple[int, ...] = (),
        params: dict[str, Any] | None = None,
    ) -> None:
        if reason not in REASONS:
            raise KeyError(f"unknown reason {reason!r}")
        self.reason = reason
        self.cells = tuple(cells)
        # The catalogue entries live under "illegal."; the error's own key is
        # the short form the contract names (e.g. "across-gap").
        super().__init__("illegal." + (key or reason), params)
        self.key = key or reason

    def to_json(self) -> dict[str, Any]:
        """The error as JSON: type, reason, key, cells, params, message.

        The params as data, as ``params.params_json`` gives them (docs/i18n.md,
        section 2): a card as its English symbol, the rank names of
        ``{ranks}`` as a nested message ``{"key", "params"}`` or a list
        ``{"list": […]}`` of them, so a front end says them in its language.
        """
        return {
            "type": "IllegalMove",
            "reason": self.reason,
            "key": self.key,
            "cells": list(self.cells),
            "params": {name: _data(value) for name, value in self.params.items()},
            "message": self.message,
        }


def _data(value: Any) -> Any:
    """A refusal's parameter as JSON data: a nested message or a list of them as data
    (the subset of ``params.param_json`` a refusal needs; ``params`` imports
    ``cards``, which imports this module), anything else as it is."""
    if isinstance(value, Phrase):
        if value.maker is format_message:
            key, params = value.args
            return {"key": key, "params": {n: _data(v) for n, v in params.items()}}
        if value.maker is format_list:
            return {"list": [_data(item) for item in value.args[0]]}
    return value


class LayoutError(EngineError):
    """Bad layout notation: ``token`` (the offending text) and ``place``.

    ``place`` is where it is, in words: ``"layout"``, ``"row 2"``,
    ``"row 2, column 3"`` or ``"stock card 4"`` (all counted from 1).
    ``token`` is the bad text whole, for Python code; the message and
    ``params["token"]`` quote only its :func:`excerpt` (the caller's
    ``params``, as layout.py makes them).
    """

    def __init__(self, key: str, token: str, place: str, params: dict[str, Any]) -> None:
        self.token = token
        self.place = place
        super().__init__(key, params)


class CardError(EngineError):
    """Bad card text; ``text`` is what was given, whole.

    The message quotes a string's :func:`excerpt` and any other value's
    :func:`show_repr`, so ``params["text"]`` is at most 41 characters.
    """

    def __init__(self, text: object) -> None:
        self.text = text
        shown = excerpt(text) if isinstance(text, str) else show_repr(text)
        super().__init__("card.bad", {"text": shown})


class DealError(EngineError):
    """A bad deal number; ``value`` is what was given.

    The message shows a string as typed, in single quotes (``'7x'``), as the
    JavaScript engine shows the text typed in the Deal box, cut to its
    :func:`excerpt`; other values with :func:`show_repr`. ``value`` is the
    value given, whole.
    """

    def __init__(self, value: object) -> None:
        self.value = value
        shown = f"'{excerpt(value)}'" if isinstance(value, str) else show_repr(value)
        super().__init__("deal.bad", {"value": shown})


class ArgumentError(EngineError, TypeError):
    """A Python API call given an argument of the wrong type, e.g. ``g.remove_pair("0", "1")``.

    Both a ``ValueError`` (like every engine error, so ``except ValueError``
    still catches all bad input) and a ``TypeError`` (what Python raises for
    a wrong argument type). The message uses the API's words, naming the
    method and the value: ``remove_pair: cell '0' must be a whole number
    from 0 to 24.`` (the value's :func:`show_repr`, so a long one is cut).
    Fields: ``function``, ``value`` (the value given, whole), ``key``,
    ``params``.
    A cell of the right type but out of range is an ``IllegalMove``
    (``out-of-range``) instead, as for the front end.
    """

    def __init__(
        self, function: str, value: object, key: str, params: dict[str, Any] | None = None
    ) -> None:
        self.function = function
        self.value = value
        super().__init__(key, {"function": function, "value": show_repr(value), **(params or {})})


class StateError(EngineError):
    """Malformed state or action JSON; ``path`` names the bad part.

    Paths look like ``state.tableau[3]``, ``state.rules.pair`` or
    ``action.cells[1]``.
    """

    def __init__(self, path: str, key: str, params: dict[str, Any] | None = None) -> None:
        self.path = path
        full = {"path": path, **(params or {})}
        super().__init__(key, full)


class RecordError(EngineError):
    """A game record (docs/record.md) that is malformed, forged or claims a false result.

    Fields: ``part``, the part of the record at fault (``"record"`` for the
    whole text, ``"version"``, ``"rules"``, ``"start"``, ``"result"``,
    ``"moves"``, ``"move"`` or ``"claim"``); ``move``, the bad move's number
    counted from 1 (``None`` unless ``part`` is ``"move"``); ``key`` and
    ``params`` as for every engine error. The message quotes at most an
    :func:`excerpt` of the bad text, e.g. ``Move 7 (3-9): 4♥ and 5♣ do not
    pair: only cards of the same rank pair (suits never matter).``
    """

    def __init__(
        self, part: str, key: str, params: dict[str, Any] | None = None, move: int | None = None
    ) -> None:
        self.part = part
        self.move = move
        super().__init__(key, params)
