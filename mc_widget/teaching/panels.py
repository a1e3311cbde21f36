"""Teaching panels: the read-only boards drawn beside the live one.

A panel is the plain JSON dict the ``panels`` trait syncs and the view draws
as text (its shape: docs/teaching.md, section 4). This module builds them and
compares two tableaux' neighbour relations, so a wrong result can mark the
cells where it differs from the right one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from mc_widget.engine.cards import Card
from mc_widget.engine.rules import Rules, neighbour_table

from ._check import check_cell, check_tableau

__all__ = [
    "LINK_KINDS",
    "MARK_KINDS",
    "VERDICTS",
    "differing_cells",
    "make_panel",
    "neighbour_cards",
]

#: A panel's verdict: drawn as a labelled badge (✗ Wrong, ✓ Right) or none.
VERDICTS = ("wrong", "right", "")
#: What a mark on a cell says (docs/teaching.md, section 4).
MARK_KINDS = ("differs", "crossed", "focus", "pair", "moved", "dealt")
#: What a line between two cells says: ``false`` not neighbours (a gap or a
#: card between), ``no-pair`` neighbours claimed as a pair that is not one,
#: ``wrap`` not neighbours (opposite edges: the grid does not wrap round),
#: ``pair`` a real pair, ``touch`` cards that touch after consolidating.
LINK_KINDS = ("false", "no-pair", "wrap", "pair", "touch")


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"panel {what} must be a string, not {value!r}")
    return value


def make_panel(
    tableau: Sequence[Card | None],
    rules: Rules,
    *,
    title: str,
    caption: str = "",
    verdict: str = "",
    marks: Iterable[tuple[int, str]] = (),
    links: Iterable[tuple[int, int, str]] = (),
) -> dict[str, Any]:
    """One panel dict for ``tableau`` (reading order, ``Card`` or ``None``) under ``rules``.

    ``marks`` are ``(cell, kind)`` with ``kind`` in :data:`MARK_KINDS`;
    ``links`` are ``(cell, cell, kind)`` with ``kind`` in :data:`LINK_KINDS`
    (the two cells are written ascending). Repeated marks or links are kept
    once, in the order first given. Cards are written as canonical card
    text (``"7H"``), gaps as ``None``.

    Raises ``TypeError``/``ValueError`` naming the bad part: a tableau that
    does not fit ``rules``, a title or caption that is not a string, a
    verdict not in :data:`VERDICTS`, a mark or link kind not allowed, a cell
    outside the tableau, or a link from a cell to itself.
    """
    cells = check_tableau(tableau, rules)
    if verdict not in VERDICTS:
        raise ValueError(f"panel verdict must be one of {VERDICTS}, not {verdict!r}")
    mark_list: list[dict[str, Any]] = []
    for cell, kind in marks:
        check_cell(cell, rules, "mark cell")
        if kind not in MARK_KINDS:
            raise ValueError(f"mark kind must be one of {MARK_KINDS}, not {kind!r}")
        entry = {"cell": cell, "kind": kind}
        if entry not in mark_list:
            mark_list.append(entry)
    link_list: list[dict[str, Any]] = []
    for a, b, kind in links:
        check_cell(a, rules, "link cell")
        check_cell(b, rules, "link cell")
        if a == b:
            raise ValueError(f"a link joins two different cells, not cell {a} to itself")
        if kind not in LINK_KINDS:
            raise ValueError(f"link kind must be one of {LINK_KINDS}, not {kind!r}")
        entry = {"cells": sorted((a, b)), "kind": kind}
        if entry not in link_list:
            link_list.append(entry)
    return {
        "title": _text(title, "title"),
        "caption": _text(caption, "caption"),
        "verdict": verdict,
        "rows": rules.rows,
        "cols": rules.cols,
        "tableau": [None if card is None else str(card) for card in cells],
        "marks": mark_list,
        "links": link_list,
    }


def _keys(cells: tuple[Card | None, ...]) -> list[tuple[str, int] | None]:
    """Each card as (text, copy number): with two decks the two 7♥ are told apart in order."""
    seen: dict[str, int] = {}
    out: list[tuple[str, int] | None] = []
    for card in cells:
        if card is None:
            out.append(None)
            continue
        text = str(card)
        seen[text] = seen.get(text, 0) + 1
        out.append((text, seen[text]))
    return out


def neighbour_cards(
    tableau: Sequence[Card | None], rules: Rules
) -> dict[tuple[str, int], frozenset[tuple[str, int]]]:
    """Who touches whom: for each card, the cards in its neighbour cells (the right rule).

    Cards are keyed ``(text, copy)``: ``("7H", 1)``, and with two decks
    ``("7H", 2)`` for the second 7♥ in reading order. Neighbours are the 8
    directions, no wrap (RULES.md, "Terms"); gaps are left out.
    """
    cells = check_tableau(tableau, rules)
    keys = _keys(cells)
    table = neighbour_table(rules)
    return {
        key: frozenset(k for n in table[cell] if (k := keys[n]) is not None)
        for cell, key in enumerate(keys)
        if key is not None
    }


def differing_cells(
    tableau: Sequence[Card | None], right: Sequence[Card | None], rules: Rules
) -> tuple[int, ...]:
    """The cells of ``tableau`` whose card has other neighbours than in ``right``, ascending.

    For each card of ``tableau``: the set of cards touching it there is
    compared with the set touching the same card in ``right`` (a card
    missing from ``right`` differs too). Used to mark a wrong result
    (``"differs"``) against the right one. Raises like :func:`make_panel`
    for a tableau that does not fit ``rules``.
    """
    mine = neighbour_cards(tableau, rules)
    theirs = neighbour_cards(right, rules)
    keys = _keys(check_tableau(tableau, rules))
    return tuple(
        cell for cell, key in enumerate(keys) if key is not None and mine[key] != theirs.get(key)
    )
