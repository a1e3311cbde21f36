"""The JSON codec of message parameters: a ``Card`` or a ``Phrase`` as data, and back.

Why apart: it needs ``cards`` and ``messages``, and ``messages`` imports
nothing else of the engine (issue 18: no import cycle). Data, not text, so a
view or Python can say a ``feedback`` again in another language
(docs/i18n.md, section 2).
"""

from __future__ import annotations

from typing import Any

from .cards import RANKS, Card, card_name, card_symbol, parse_card
from .messages import (
    Phrase,
    counted,
    format_list,
    format_message,
    format_pair,
    read_param,
    read_params,
)

__all__ = ["param_from_json", "param_json", "params_from_json", "params_json"]


def _card_json(value: Any) -> Any:
    """A ``Card``, or a ``card_symbol`` / ``card_name`` phrase, as JSON; ``None`` otherwise."""
    if isinstance(value, Card):
        return value.symbol
    if not isinstance(value, Phrase):
        return None
    if value.maker is card_symbol:
        return value.args[0].symbol
    if value.maker is card_name:
        card = value.args[0]
        return {
            "key": "card.name",
            "params": {
                "rank": {"key": "rank." + RANKS[card.rank - 1], "params": {}},
                "suit": {"key": "suit." + card.suit, "params": {}},
            },
        }
    return None


def param_json(value: Any) -> Any:
    """A message parameter as the front end's JSON (docs/i18n.md, section 2).

    - a :func:`counted` phrase → ``{"count": n, "of": key}``;
    - a :func:`format_list` phrase → ``{"list": [param_json(item), …]}``;
    - a :func:`format_pair` phrase → ``{"list": [a, b], "type": "pair"}``;
    - a :func:`phrase` (or an engine error's ``message``) →
      ``{"key": key, "params": params_json(params)}``;
    - a ``Card`` or a ``card_symbol`` phrase → its English symbol, ``"Q♥"``
      (the front end shows it in the board's letters);
    - a ``card_name`` phrase → ``{"key": "card.name", "params": {"rank":
      {"key": "rank.Q", "params": {}}, "suit": {"key": "suit.H", "params": {}}}}``;
    - ``None``, a bool, a number or a str as it is (a ``str`` subclass as a
      plain ``str``);
    - a ``Phrase`` of another kind (a layout error's places joined by "; ",
      only in texts Python sends finished) → its English text.

    The phrase's language does not matter: the data is the same in every
    language. Raises ``TypeError`` naming the value for anything else.
    """
    if value is None or type(value) in (str, int, float, bool):
        return value
    card = _card_json(value)
    if card is not None:
        return card
    if isinstance(value, Phrase):
        if value.maker is counted:
            key, count = value.args
            return {"count": count, "of": key}
        if value.maker is format_list:
            return {"list": [param_json(item) for item in value.args[0]]}
        if value.maker is format_pair:
            return {"list": [param_json(item) for item in value.args[0]], "type": "pair"}
        if value.maker is format_message:
            key, params = value.args
            return {"key": key, "params": params_json(params)}
        return value.localize("en")
    if isinstance(value, str):
        return str(value)
    if isinstance(value, (int, float)):
        return int(value) if isinstance(value, int) else float(value)
    raise TypeError(f"param_json: {type(value).__name__} {value!r} is not a message parameter")


def params_json(params: dict[str, Any] | None) -> dict[str, Any]:
    """A message's parameters as JSON: a new dict of :func:`param_json` values."""
    return {name: param_json(value) for name, value in (params or {}).items()}


def _card(symbol: str) -> Phrase:
    return card_symbol(parse_card(symbol))


def param_from_json(data: Any, path: str = "param") -> Any:
    """The inverse of :func:`param_json`: a JSON parameter as a value said in any language.

    A count gives :func:`counted`, a list :func:`format_list`, a nested
    message :func:`phrase`, a string that is a card symbol (``"Q♥"``,
    ``"10♦"``) a ``card_symbol`` phrase; other strings, numbers and ``None``
    stay as they are. So ``format_message(key, params_from_json(p), lang)``
    says a message from its JSON in ``lang``, as the front end does.
    Raises ``ValueError`` naming ``path`` for a value of no shape (a dict
    with other keys, a list).
    """
    return read_param(data, path, _card)


def params_from_json(params: dict[str, Any] | None, path: str = "params") -> dict[str, Any]:
    """:func:`param_from_json` of each parameter (a new dict); ``ValueError`` naming the bad one."""
    return read_params(params, path, _card)
