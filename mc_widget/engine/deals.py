"""Deal numbers: the mulberry32 PRNG and the Fisher-Yates shuffle
(architecture.md, "Deal numbers"; RULES.md, "Setup").

``deal = N`` (an int ``0 … 2**32 - 1``) always gives the same deal in Python and
in JavaScript. The unshuffled deck is, for each deck, suits ``S H D C`` and
ranks ``A … K``; it is shuffled from the end with ``j = (u·(i+1)) >> 32``
where ``u`` is the next mulberry32 output. The first ``rows·cols`` cards fill
the tableau in reading order, the rest is the stock, next card first.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from typing import Any

from .cards import Card, full_deck
from .errors import DealError
from .rules import Rules

__all__ = ["MAX_DEAL", "check_deal", "deal_position", "mulberry32", "random_deal", "shuffled_deck"]

#: The largest deal number (2**32 - 1).
MAX_DEAL = 0xFFFFFFFF
_M = 0xFFFFFFFF


def check_deal(value: Any) -> int:
    """Return ``value`` when it is a deal number, an int ``0 … 4294967295``.

    Raises ``DealError`` naming the value for anything else: negative or too
    big ints, floats (even ``7.0``), bools, strings, ``None``.
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_DEAL:
        raise DealError(value)
    return value


def mulberry32(seed: int) -> Iterator[int]:
    """Yield the mulberry32 outputs (uint32) for ``seed``, the same as the JS in architecture.md.

    Every multiply and add is taken mod 2³² so the ints match JavaScript's
    ``Math.imul`` and ``>>> 0``.
    """
    a = seed & _M
    while True:
        a = (a + 0x6D2B79F5) & _M
        t = a
        t = ((t ^ (t >> 15)) * (t | 1)) & _M
        t ^= (t + (((t ^ (t >> 7)) * (t | 61)) & _M)) & _M
        yield (t ^ (t >> 14)) & _M


def shuffled_deck(deal: int, decks: int = 1) -> list[Card]:
    """The ``decks`` decks shuffled by deal number ``deal``; raises ``DealError`` for a bad one."""
    check_deal(deal)
    deck = full_deck(decks)
    outputs = mulberry32(deal)
    for i in range(len(deck) - 1, 0, -1):
        # Exact integer form of floor(u * (i + 1) / 2**32), as in JavaScript doubles.
        j = (next(outputs) * (i + 1)) >> 32
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal_position(rules: Rules, deal: int) -> tuple[tuple[Card | None, ...], tuple[Card, ...]]:
    """The starting ``(tableau, stock)`` of deal number ``deal`` under ``rules``.

    The tableau is full (``rules.rows·rules.cols`` cards, reading order), the
    stock holds the rest, next card first. Raises ``DealError`` for a bad
    deal number.
    """
    deck = shuffled_deck(deal, rules.decks)
    n = rules.rows * rules.cols
    return tuple(deck[:n]), tuple(deck[n:])


def random_deal() -> int:
    """A random deal number (from the OS's random source), for ``Game(deal=None)``."""
    return secrets.randbelow(MAX_DEAL + 1)
