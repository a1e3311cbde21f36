"""Positions for exercises, made with the engine: seeded games played by a
simple policy (most kinds), and small late-game layouts (*choose*).

Why apart: the generators of every kind stand on these two ways of making a
position, and js/practice/positions.js must make exactly the same ones, so
the PRNG calls are in one place, in one order (docs/practice.md,
"Generation").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ..engine.actions import apply
from ..engine.cards import Card, full_deck
from ..engine.layout import format_layout
from ..engine.queries import can_consolidate, legal_removals, status
from ..engine.rules import Rules, is_lone, is_stay, pair_test
from ..engine.state import State, new_state
from .errors import PracticeError
from .rng import Rng

__all__ = [
    "LATE_GAPS",
    "MAX_ACTIONS",
    "MAX_GAMES",
    "SKIP",
    "laid_out",
    "late_cards",
    "played",
    "shuffled",
    "walk",
]

#: A seeded search for a position plays at most this many games of at most
#: this many actions each, and skips a seeded number (below SKIP) of actions
#: first so that positions come from all stages of a game.
MAX_GAMES = 60
MAX_ACTIONS = 400
SKIP = 40


def _policy(rng: Rng, state: State) -> dict[str, Any]:
    """The next action of a seeded player: in phase ``remove`` a random
    removal (three times in four, when one is allowed) else a consolidation;
    a refill whole. RULES.md, "A round"."""
    if state.phase == "consolidate":
        return {"type": "consolidate"}
    if state.phase == "refill":
        return {"type": "refill"}
    removals = legal_removals(state)
    if removals and (not can_consolidate(state) or rng.below(4) > 0):
        return {"type": "remove", "cells": list(rng.pick(removals))}
    return {"type": "consolidate"}


def walk(rng: Rng, rules: Rules) -> Iterator[tuple[int, State]]:
    """The positions of seeded games in phase ``remove``, as ``(game, state)``.

    Game ``g`` (from 0, at most ``MAX_GAMES``) is the deal ``rng.next()``;
    ``rng.below(SKIP)`` actions are played before positions are given; the
    game goes on by :func:`_policy` until it is over (its last position is
    given even before the skip) or ``MAX_ACTIONS`` actions.
    """
    for game in range(MAX_GAMES):
        state = new_state(rules, deal=rng.next())
        skip = rng.below(SKIP)
        for count in range(MAX_ACTIONS):
            over = status(state) != "playing"
            if state.phase == "remove" and (count >= skip or over):
                yield game, state
            if over:
                break
            state = apply(state, _policy(rng, state))


def played(rng: Rng, rules: Rules, wanted: Callable[[State], list]) -> tuple[State, list]:
    """The first position of :func:`walk` for which ``wanted(state)`` is a
    non-empty list; returns ``(state, that list)``.

    Raises ``PracticeError`` (``practice-error.no-position``) when
    ``MAX_GAMES`` games give none (the tests show no seed does).
    """
    for _, state in walk(rng, rules):
        found = wanted(state)
        if found:
            return state, found
    raise PracticeError("seed", "practice-error.no-position", {"games": MAX_GAMES})


def shuffled(rng: Rng, items: list) -> list:
    """A copy of ``items`` shuffled by Fisher-Yates from the end with ``rng.below(i + 1)``."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def late_cards(rng: Rng, rules: Rules, units: int) -> list[Card]:
    """The cards of a late-game position: ``units`` removals' worth, drawn
    from the rules' deck(s) so that every card can go under the rules' own
    pair test: a pair (``pair_test``), or a card of a ``lone`` rank alone;
    at most one card of a ``stay`` rank (it stays, as in Aces Square).

    Draws a card ``rng.pick`` from what is left of the deck in deck order;
    a pair's partner is ``rng.pick`` of the cards left that pair with it.
    Returns the cards in the order drawn (shuffle them to lay them out).
    """
    deck: list[Card] = full_deck(rules.decks)
    test = pair_test(rules)
    cards: list[Card] = []
    stays = 0
    made = 0
    while made < units:
        card = deck.pop(rng.below(len(deck)))
        if is_lone(rules, card):
            cards.append(card)
            made += 1
        elif is_stay(rules, card):
            if stays == 0:
                cards.append(card)
                stays += 1
        else:
            partners = [k for k, other in enumerate(deck) if test(card, other)]
            if partners:
                cards += [card, deck.pop(rng.pick(partners))]
                made += 1
    return cards


#: A late position spreads its cards over the first ``len(cards) + LATE_GAPS`` cells.
LATE_GAPS = 4


def laid_out(rng: Rng, rules: Rules, cards: list[Card]) -> State:
    """A position in phase ``remove`` with an empty stock and ``cards`` in
    ``len(cards)`` of the first ``len(cards) + LATE_GAPS`` cells (the cells
    and the order of the cards seeded): late in a game, mid-round, pairs
    already removed in front of them."""
    room = min(rules.cells, len(cards) + LATE_GAPS)
    cells = sorted(shuffled(rng, list(range(room)))[: len(cards)])
    tableau: list[Card | None] = [None] * rules.cells
    for cell, card in zip(cells, shuffled(rng, cards), strict=True):
        tableau[cell] = card
    return new_state(rules, layout=format_layout(rules, tableau, ()))
