"""The state value, the action values, and their JSON forms
(architecture.md, "State (the synced JSON)" and "Actions").

A ``State`` is an immutable value (a frozen dataclass of tuples); ``apply``
in :mod:`mc_widget.engine.actions` makes a new one for every action.
``State.to_json()`` / :func:`state_from_json` give and take exactly the JSON
of architecture.md; the action values live here too because a state's
``history`` is a list of them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .cards import Card, parse_card
from .deals import check_deal, deal_position
from .errors import CardError, DealError, LayoutError, StateError, excerpt, is_int, show_value
from .layout import format_layout, parse_layout
from .rules import Rules, is_lone, resolve_rules

__all__ = [
    "ACTION_TYPES",
    "GAME_ACTION_TYPES",
    "GAME_START_TYPES",
    "MAX_PREVIOUS_GAMES",
    "PHASES",
    "Action",
    "Consolidate",
    "ConsolidateStep",
    "Load",
    "NewDeal",
    "Redo",
    "Refill",
    "RefillStep",
    "Remove",
    "State",
    "Undo",
    "new_state",
    "parse_action",
    "state_from_json",
]

#: The phases of a round (RULES.md, "A round"): remove pairs, consolidate, refill.
PHASES = ("remove", "consolidate", "refill")

#: How many earlier games a state keeps in its ``previous_game`` chain, so that
#: a new deal or a load can be undone (architecture.md, "undo, redo, new_deal, load").
MAX_PREVIOUS_GAMES = 8


# --------------------------------------------------------------------------
# Actions


class Action:
    """Base of the action values. ``type`` is the JSON ``type`` string.

    ``game_action`` is True for the actions kept in a state's history
    (``remove``, ``consolidate_step``, ``consolidate``, ``refill_step``,
    ``refill``); ``undo``, ``redo``, ``new_deal`` and ``load`` are not.
    """

    __slots__ = ()
    type: ClassVar[str] = ""
    game_action: ClassVar[bool] = False

    def to_json(self) -> dict[str, Any]:
        """The action as its JSON object, e.g. ``{"type": "consolidate"}``."""
        return {"type": self.type}


@dataclass(frozen=True, slots=True)
class Remove(Action):
    """Remove the pair in cells ``i`` and ``j``, or with ``j`` left out the lone
    card in cell ``i`` (RULES.md, "A round", step 1; "Variants": a Thirteens king).

    The cells of a pair are stored in ascending order (``Remove(8, 2).i == 2``),
    so checks and errors use the lower cell first. Raises ``StateError`` (path
    ``action.cells[0]`` / ``[1]``) when a cell is not an int; range and
    legality are checked by ``apply``. JSON: ``{"type": "remove", "cells":
    [i, j]}`` or ``{"type": "remove", "cells": [i]}``.
    """

    i: int
    j: int | None = None
    type: ClassVar[str] = "remove"
    game_action: ClassVar[bool] = True

    def __post_init__(self) -> None:
        for k, cell in enumerate(self.cells):
            if not is_int(cell):
                raise StateError(f"action.cells[{k}]", "state.type", {"expected": "a whole number"})
        if self.j is not None and self.j < self.i:
            i, j = self.j, self.i
            object.__setattr__(self, "i", i)
            object.__setattr__(self, "j", j)

    @property
    def cells(self) -> tuple[int] | tuple[int, int]:
        """``(i,)`` for a lone card, ``(i, j)`` with ``i <= j`` for a pair."""
        return (self.i,) if self.j is None else (self.i, self.j)

    def to_json(self) -> dict[str, Any]:
        """``{"type": "remove", "cells": [i, j]}`` with ``i <= j``, or ``{…, "cells": [i]}``."""
        return {"type": "remove", "cells": list(self.cells)}


@dataclass(frozen=True, slots=True)
class ConsolidateStep(Action):
    """Move one card in the consolidation (RULES.md, "A round", step 2).
    JSON ``{"type": "consolidate_step"}``."""

    type: ClassVar[str] = "consolidate_step"
    game_action: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Consolidate(Action):
    """Consolidate until done. JSON ``{"type": "consolidate"}``."""

    type: ClassVar[str] = "consolidate"
    game_action: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class RefillStep(Action):
    """Deal one stock card into the first gap (RULES.md, "A round", step 3).
    JSON ``{"type": "refill_step"}``."""

    type: ClassVar[str] = "refill_step"
    game_action: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Refill(Action):
    """Refill until the tableau is full or the stock is empty. JSON ``{"type": "refill"}``."""

    type: ClassVar[str] = "refill"
    game_action: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Undo(Action):
    """Take back the last game action in effect. JSON ``{"type": "undo"}``."""

    type: ClassVar[str] = "undo"


@dataclass(frozen=True, slots=True)
class Redo(Action):
    """Put back the next undone game action. JSON ``{"type": "redo"}``."""

    type: ClassVar[str] = "redo"


@dataclass(frozen=True, slots=True)
class NewDeal(Action):
    """Start a fresh game from deal number ``deal`` with the same rules.

    Raises ``DealError`` when ``deal`` is not an int ``0 … 2**32 - 1``.
    JSON ``{"type": "new_deal", "deal": N}``.
    """

    deal: int
    type: ClassVar[str] = "new_deal"

    def __post_init__(self) -> None:
        check_deal(self.deal)

    def to_json(self) -> dict[str, Any]:
        """``{"type": "new_deal", "deal": N}``."""
        return {"type": "new_deal", "deal": self.deal}


@dataclass(frozen=True, slots=True)
class Load(Action):
    """Start a fresh game from layout notation ``layout`` with the same rules.

    Raises ``StateError`` (path ``action.layout``) when ``layout`` is not a
    string; the notation itself is checked by ``apply`` (``LayoutError``).
    JSON ``{"type": "load", "layout": "…"}``.
    """

    layout: str
    type: ClassVar[str] = "load"

    def __post_init__(self) -> None:
        if not isinstance(self.layout, str):
            raise StateError("action.layout", "state.type", {"expected": "a string"})

    def to_json(self) -> dict[str, Any]:
        """``{"type": "load", "layout": "…"}`` (the text as given)."""
        return {"type": "load", "layout": self.layout}


#: JSON type -> action class.
ACTION_TYPES: dict[str, type[Action]] = {
    cls.type: cls
    for cls in (Remove, ConsolidateStep, Consolidate, RefillStep, Refill, Undo, Redo, NewDeal, Load)
}
#: The types kept in a history.
GAME_ACTION_TYPES = tuple(t for t, cls in ACTION_TYPES.items() if cls.game_action)
#: The types that start a game: what a state's ``next_game`` may hold.
GAME_START_TYPES = ("new_deal", "load")
_ACTION_KEYS = {
    "remove": ("cells",),
    "new_deal": ("deal",),
    "load": ("layout",),
}
_PLAIN = {t: cls() for t, cls in ACTION_TYPES.items() if t not in _ACTION_KEYS}


def _choices(choices: Any, value: Any) -> dict[str, str]:
    return {"choices": ", ".join(f'"{c}"' for c in choices), "value": show_value(value)}


def parse_action(data: Any, path: str = "action") -> Action:
    """Read an action JSON object (or pass an ``Action`` through) and return the ``Action``.

    Raises ``StateError`` naming the bad part (``action``, ``action.type``,
    ``action.cells[1]``, ``action.foo`` for an unexpected key, …) when the
    object is malformed: not an object, unknown ``type``, missing or extra
    key, ``cells`` not a list of one or two ints (bools are not ints), ``layout``
    not a string. A ``new_deal`` with a bad number raises ``DealError``.
    """
    if isinstance(data, Action):
        return data
    if not isinstance(data, dict):
        raise StateError(path, "state.type", {"expected": "an object"})
    if "type" not in data:
        raise StateError(f"{path}.type", "state.missing")
    kind = data["type"]
    if not isinstance(kind, str) or kind not in ACTION_TYPES:
        raise StateError(f"{path}.type", "state.choice", _choices(ACTION_TYPES, kind))
    wanted = _ACTION_KEYS.get(kind, ())
    for key in data:
        if key != "type" and key not in wanted:
            raise StateError(f"{path}.{excerpt(str(key))}", "state.unknown")
    for key in wanted:
        if key not in data:
            raise StateError(f"{path}.{key}", "state.missing")
    if kind == "remove":
        cells = data["cells"]
        if not isinstance(cells, list) or len(cells) not in (1, 2):
            raise StateError(
                f"{path}.cells", "state.type", {"expected": "a list of one or two cells"}
            )
        for k, cell in enumerate(cells):
            if not is_int(cell):
                raise StateError(f"{path}.cells[{k}]", "state.type", {"expected": "a whole number"})
        return Remove(*cells)
    if kind == "new_deal":
        return NewDeal(data["deal"])
    if kind == "load":
        if not isinstance(data["layout"], str):
            raise StateError(f"{path}.layout", "state.type", {"expected": "a string"})
        return Load(data["layout"])
    return _PLAIN[kind]


# --------------------------------------------------------------------------
# State


@dataclass(frozen=True, slots=True)
class State:
    """One moment of a game; an immutable value.

    Fields (as in the JSON of architecture.md): ``rules`` (a ``Rules``),
    ``deal`` (int or ``None`` for a loaded layout), ``start`` (canonical layout
    of the starting position), ``tableau`` (``rows·cols`` entries in reading
    order, ``Card`` or ``None`` for a gap), ``stock`` (next card first),
    ``discards`` (in the order removed: a pair ``(a, b)``, the lower cell's
    card first, or a lone card ``(k,)``), ``phase`` (``remove``,
    ``consolidate`` or ``refill``), ``round`` (from 1), ``consolidations`` (how
    many were started), ``history`` (the game actions since the start) and
    ``cursor`` (how many of them are in effect). ``previous_game`` is the game
    a new deal or a load replaced (a ``State``, itself with a
    ``previous_game``: a chain of at most ``MAX_PREVIOUS_GAMES``) or ``None``;
    ``next_game`` is the ``NewDeal`` / ``Load`` an undo took back (a redo makes
    it again) or ``None``. Status, pairs and counts are derived, never stored:
    see :mod:`mc_widget.engine.actions`.
    """

    rules: Rules
    deal: int | None
    start: str
    tableau: tuple[Card | None, ...]
    stock: tuple[Card, ...]
    discards: tuple[tuple[Card, ...], ...]
    phase: str
    round: int
    consolidations: int
    history: tuple[Action, ...]
    cursor: int
    previous_game: State | None = None
    next_game: NewDeal | Load | None = None
    #: Values derived from the position (tableau, stock, phase), computed once
    #: per state (its pairs, its status); not part of the value: not an
    #: argument, ignored by ``==``, ``hash`` and ``repr``, never serialised;
    #: ``dataclasses.replace`` starts a fresh one.
    cache: dict[str, Any] = field(
        default_factory=dict, init=False, compare=False, repr=False, hash=False
    )

    @property
    def removed(self) -> int:
        """Cards removed so far: the cards of all ``discards`` entries (2 a pair, 1 a lone card)."""
        return sum(len(entry) for entry in self.discards)

    @property
    def total(self) -> int:
        """Cards in the game: on the tableau + in the stock + :attr:`removed`."""
        on_tableau = sum(1 for card in self.tableau if card is not None)
        return on_tableau + len(self.stock) + self.removed

    def layout(self) -> str:
        """The current position (tableau and stock) in canonical layout notation."""
        return format_layout(self.rules, self.tableau, self.stock)

    def to_json(self) -> dict[str, Any]:
        """The state as the plain JSON object of architecture.md (a new dict each call)."""
        return {
            "rules": self.rules.to_json(),
            "deal": self.deal,
            "start": self.start,
            "tableau": [None if card is None else str(card) for card in self.tableau],
            "stock": [str(card) for card in self.stock],
            "discards": [[str(card) for card in entry] for entry in self.discards],
            "phase": self.phase,
            "round": self.round,
            "consolidations": self.consolidations,
            "history": [action.to_json() for action in self.history],
            "cursor": self.cursor,
            "previous_game": None if self.previous_game is None else self.previous_game.to_json(),
            "next_game": None if self.next_game is None else self.next_game.to_json(),
        }

    @staticmethod
    def from_json(data: Any) -> State:
        """Same as :func:`state_from_json`."""
        return state_from_json(data)


_STATE_KEYS = (
    "rules",
    "deal",
    "start",
    "tableau",
    "stock",
    "discards",
    "phase",
    "round",
    "consolidations",
    "history",
    "cursor",
)
#: Keys always written but optional when reading: a state saved before a new
#: deal could be undone has neither, and reads as if both were null.
_OPTIONAL_STATE_KEYS = ("previous_game", "next_game")


def _card(value: Any, path: str) -> Card:
    """A card in the state JSON: canonical text only, so the JSON round-trips."""
    if not isinstance(value, str):
        raise StateError(path, "state.type", {"expected": "a card like 7H"})
    try:
        card = parse_card(value)
    except CardError:
        raise StateError(path, "state.card", {"value": show_value(value)}) from None
    if str(card) != value:
        raise StateError(path, "state.canonical", {"value": value, "canonical": str(card)})
    return card


def _list(data: Any, path: str) -> list[Any]:
    if not isinstance(data, list):
        raise StateError(path, "state.type", {"expected": "a list"})
    return data


def _count(value: Any, path: str, low: int) -> int:
    if not is_int(value):
        raise StateError(path, "state.type", {"expected": "a whole number"})
    if value < low:
        raise StateError(path, "state.at-least", {"low": low, "value": value})
    return value


def state_from_json(data: Any, path: str = "state") -> State:
    """Read and check a state JSON object; return the ``State``.

    Checks the shape of everything: an object with exactly the keys of
    architecture.md; valid rules; ``deal`` null or a deal number; ``start``
    canonical layout notation for the rules; ``tableau`` of ``rows·cols``
    canonical cards or nulls; ``stock`` and ``discards`` of canonical cards
    (each discard a list of two, or of one card of a ``lone`` rank); no card
    more often than ``rules.decks`` across tableau, stock and discards; a known
    ``phase``; ``round ≥ 1``; ``consolidations ≥ 0``; ``history`` of game
    actions; ``0 ≤ cursor ≤ len(history)``; then ``next_game`` (optional:
    missing reads as null) null or a ``new_deal`` / ``load`` action whose deal
    number or layout is good for the rules; then ``previous_game`` (optional
    too) null or a state read by these same rules, with the same rules value,
    at most ``MAX_PREVIOUS_GAMES`` deep. It does not replay the history: see
    ``verify_state``.

    Raises ``StateError`` whose ``path`` names the first bad part, e.g.
    ``state.tableau[3]``, ``state.history[2].cells[0]``,
    ``state.next_game.deal`` or ``state.previous_game.tableau[3]``; a ninth
    earlier game is ``state.previous_game.previous_game…`` (nine times),
    key ``state.too-many-games``.
    """
    return _read_state(data, path, 0)


def _read_state(data: Any, path: str, depth: int) -> State:
    """``state_from_json`` for the game ``depth`` links down a ``previous_game`` chain."""
    if not isinstance(data, dict):
        raise StateError(path, "state.type", {"expected": "an object"})
    for key in data:
        if key not in _STATE_KEYS and key not in _OPTIONAL_STATE_KEYS:
            raise StateError(f"{path}.{excerpt(str(key))}", "state.unknown")
    for key in _STATE_KEYS:
        if key not in data:
            raise StateError(f"{path}.{key}", "state.missing")

    rules = Rules.from_json(data["rules"], f"{path}.rules")

    deal = data["deal"]
    if deal is not None:
        try:
            check_deal(deal)
        except DealError:
            raise StateError(f"{path}.deal", "state.deal", {"value": show_value(deal)}) from None

    start = data["start"]
    if not isinstance(start, str):
        raise StateError(f"{path}.start", "state.type", {"expected": "a string"})
    try:
        start_tableau, start_stock = parse_layout(start, rules)
    except LayoutError as error:
        raise StateError(f"{path}.start", "state.layout", {"problem": error.message}) from None
    canonical = format_layout(rules, start_tableau, start_stock)
    if canonical != start:
        raise StateError(
            f"{path}.start", "state.canonical", {"value": show_value(start), "canonical": canonical}
        )

    cells = _list(data["tableau"], f"{path}.tableau")
    if len(cells) != rules.cells:
        raise StateError(
            f"{path}.tableau", "state.length", {"expected": rules.cells, "count": len(cells)}
        )
    tableau = tuple(
        None if value is None else _card(value, f"{path}.tableau[{k}]")
        for k, value in enumerate(cells)
    )
    stock = tuple(
        _card(value, f"{path}.stock[{k}]")
        for k, value in enumerate(_list(data["stock"], f"{path}.stock"))
    )
    discards = [
        _discard(entry, rules, f"{path}.discards[{k}]")
        for k, entry in enumerate(_list(data["discards"], f"{path}.discards"))
    ]

    phase = data["phase"]
    if phase not in PHASES:
        raise StateError(f"{path}.phase", "state.choice", _choices(PHASES, phase))
    round_ = _count(data["round"], f"{path}.round", 1)
    consolidations = _count(data["consolidations"], f"{path}.consolidations", 0)

    history = []
    for k, item in enumerate(_list(data["history"], f"{path}.history")):
        where = f"{path}.history[{k}]"
        kind = item.get("type") if isinstance(item, dict) else None
        if isinstance(kind, str) and kind in ACTION_TYPES and kind not in GAME_ACTION_TYPES:
            raise StateError(f"{where}.type", "state.choice", _choices(GAME_ACTION_TYPES, kind))
        history.append(parse_action(item, where))

    cursor = data["cursor"]
    if not is_int(cursor):
        raise StateError(f"{path}.cursor", "state.type", {"expected": "a whole number"})
    if not 0 <= cursor <= len(history):
        raise StateError(
            f"{path}.cursor",
            "state.range",
            {"low": 0, "high": len(history), "value": show_value(cursor)},
        )

    _check_copies(rules, tableau, stock, discards, path)
    next_game = _next_game(data.get("next_game"), rules, f"{path}.next_game")
    previous_game = None
    if data.get("previous_game") is not None:
        where = f"{path}.previous_game"
        if depth >= MAX_PREVIOUS_GAMES:
            raise StateError(where, "state.too-many-games", {"max": MAX_PREVIOUS_GAMES})
        previous_game = _read_state(data["previous_game"], where, depth + 1)
        if previous_game.rules != rules:
            raise StateError(
                f"{where}.rules",
                "state.other-rules",
                {"expected": excerpt(rules.name), "got": excerpt(previous_game.rules.name)},
            )
    return State(
        rules=rules,
        deal=deal,
        start=start,
        tableau=tableau,
        stock=stock,
        discards=tuple(discards),
        phase=phase,
        round=round_,
        consolidations=consolidations,
        history=tuple(history),
        cursor=cursor,
        previous_game=previous_game,
        next_game=next_game,
    )


def _discard(entry: Any, rules: Rules, where: str) -> tuple[Card, ...]:
    """One ``discards`` entry: two cards (a pair; whether they pair is not checked
    here, the replay of ``verify_state`` does) or one card of a ``lone`` rank."""
    if not isinstance(entry, list) or len(entry) not in (1, 2):
        raise StateError(where, "state.type", {"expected": "a list of one or two cards"})
    cards = tuple(_card(value, f"{where}[{k}]") for k, value in enumerate(entry))
    if len(cards) == 1 and not is_lone(rules, cards[0]):
        raise StateError(f"{where}[0]", "state.not-lone", {"card": str(cards[0])})
    return cards


def _next_game(data: Any, rules: Rules, path: str) -> NewDeal | Load | None:
    """A state's ``next_game``: null, or a ``new_deal`` / ``load`` that a redo can make."""
    if data is None:
        return None
    kind = data.get("type") if isinstance(data, dict) else None
    if isinstance(kind, str) and kind in ACTION_TYPES and kind not in GAME_START_TYPES:
        raise StateError(f"{path}.type", "state.choice", _choices(GAME_START_TYPES, kind))
    try:
        action = parse_action(data, path)
    except DealError:
        raise StateError(
            f"{path}.deal", "state.deal", {"value": show_value(data["deal"])}
        ) from None
    if isinstance(action, Load):
        try:
            parse_layout(action.layout, rules)
        except LayoutError as error:
            raise StateError(f"{path}.layout", "state.layout", {"problem": error.message}) from None
    assert isinstance(action, (NewDeal, Load))
    return action


def _check_copies(
    rules: Rules,
    tableau: tuple[Card | None, ...],
    stock: tuple[Card, ...],
    discards: list[tuple[Card, ...]],
    path: str,
) -> None:
    """No card may be in the game more often than there are decks."""
    seen: dict[Card, int] = {}
    places = [(card, f"{path}.tableau[{k}]") for k, card in enumerate(tableau) if card is not None]
    places += [(card, f"{path}.stock[{k}]") for k, card in enumerate(stock)]
    for k, entry in enumerate(discards):
        places += [(card, f"{path}.discards[{k}][{n}]") for n, card in enumerate(entry)]
    for card, where in places:
        seen[card] = seen.get(card, 0) + 1
        if seen[card] > rules.decks:
            raise StateError(where, "state.copies", {"card": str(card), "decks": rules.decks})


class _NotGiven(enum.Enum):
    """The type of ``_NOT_GIVEN``: tells an argument left out from one given as ``None``."""

    NOT_GIVEN = enum.auto()


#: The default of ``new_state``'s ``deal`` and ``layout``: ``layout=None`` is a
#: layout that is not text (a ``LayoutError``), not a missing one.
_NOT_GIVEN = _NotGiven.NOT_GIVEN


def new_state(
    rules: Rules | str | dict[str, Any] = "standard",
    deal: int | _NotGiven = _NOT_GIVEN,
    layout: str | _NotGiven = _NOT_GIVEN,
) -> State:
    """A fresh game: phase ``remove``, round 1, no consolidations, empty history.

    Give exactly one of ``deal`` (a deal number, RULES.md "Setup") or
    ``layout`` (layout notation; the state's ``deal`` is then ``None``).
    ``rules`` is a preset name, a rules JSON object or a ``Rules``.

    Raises ``DealError`` / ``LayoutError`` for a bad deal or layout (``None``
    included: ``layout=None`` is a ``LayoutError`` naming ``None``),
    ``StateError`` for bad rules, ``TypeError`` when neither or both of
    ``deal`` and ``layout`` are given.
    """
    rules = resolve_rules(rules)
    if (deal is _NOT_GIVEN) == (layout is _NOT_GIVEN):
        raise TypeError("new_state needs exactly one of deal= or layout=")
    number: int | None = None
    if not isinstance(deal, _NotGiven):
        number = check_deal(deal)
        tableau, stock = deal_position(rules, number)
    else:
        assert not isinstance(layout, _NotGiven)
        tableau, stock = parse_layout(layout, rules)
    return State(
        rules=rules,
        deal=number,
        start=format_layout(rules, tableau, stock),
        tableau=tableau,
        stock=stock,
        discards=(),
        phase="remove",
        round=1,
        consolidations=0,
        history=(),
        cursor=0,
    )
