"""The checks of a ``remove`` action, one cell or two, and the reasons for a refusal
(architecture.md, "remove"; RULES.md, "A round", step 1, and "Variants").

Apart from ``actions.py`` because the variants made the checks many: each
pair rule and touching rule has its own reason and plain-language key, and the
first failing check (in the contract's order) is the one the learner hears.
"""

from __future__ import annotations

from typing import Any

from .cards import Card, card_symbol
from .errors import IllegalMove
from .messages import Phrase, format_list, phrase
from .queries import status
from .rules import (
    SUMS,
    Rules,
    check_cell,
    is_lone,
    is_stay,
    line_between,
    neighbour_table,
    pair_test,
    place,
    touching_table,
)
from .state import Remove, State

__all__ = ["check_remove", "rank_names"]

#: The finer wrong-phase keys for a removal, per phase.
_REMOVE_PHASE_KEYS = {
    "consolidate": "remove-during-consolidation",
    "refill": "remove-during-refill",
}


def rank_names(letters: tuple[str, ...]) -> Phrase:
    """The plural names of ranks (``("K",)`` → "kings", ``("Q", "K")`` → "queens and kings"),
    from the catalogue's ``rank-plural.*`` keys and its list rule; said again in any language."""
    names = [phrase("rank-plural." + letter) for letter in letters]
    return names[0] if len(names) == 1 else format_list(names)


def check_remove(state: State, action: Remove) -> tuple[Card, ...]:
    """The cards ``action`` would remove from ``state``: ``(k,)`` or ``(a, b)``, lower cell first.

    Raises ``IllegalMove`` with the first failing check of architecture.md
    ("remove"): one cell — ``out-of-range``, ``game-over``, ``wrong-phase``,
    ``empty-cell``, ``not-lone`` (key ``not-lone`` or ``needs-partner``); two
    cells — ``out-of-range``, ``same-cell``, ``game-over``, ``wrong-phase``,
    ``empty-cell``, ``stay-rank``, ``lone-rank``, the pair rule's reason
    (``different-rank``, ``not-sum``, ``different-suit``), then the touching
    rule's (``across-gap`` / ``not-adjacent`` for ``eight``, ``not-in-line``
    for ``line``). ``state`` is never changed.
    """
    rules = state.rules
    cells = action.cells
    for cell in cells:
        check_cell(rules, cell)
    if len(cells) == 2 and cells[0] == cells[1]:
        raise IllegalMove("same-cell", cells=(cells[0],))
    if status(state) != "playing":
        raise IllegalMove("game-over")
    if state.phase != "remove":
        raise IllegalMove("wrong-phase", _REMOVE_PHASE_KEYS[state.phase])
    tableau = state.tableau
    for cell in cells:
        if tableau[cell] is None:
            row, col = place(rules, cell)
            raise IllegalMove("empty-cell", cells=(cell,), params={"row": row, "col": col})
    if len(cells) == 1:
        card = tableau[cells[0]]
        assert card is not None
        _check_lone(rules, cells[0], card)
        return (card,)
    i, j = cells
    a, b = tableau[i], tableau[j]
    assert a is not None and b is not None
    _check_pair(rules, tableau, i, j, a, b)
    return (a, b)


def _check_lone(rules: Rules, cell: int, card: Card) -> None:
    if is_lone(rules, card):
        return
    if rules.lone:
        params: dict[str, Any] = {"a": card_symbol(card), "ranks": rank_names(rules.lone)}
        raise IllegalMove("not-lone", "not-lone", cells=(cell,), params=params)
    raise IllegalMove("not-lone", "needs-partner", cells=(cell,), params={"a": card_symbol(card)})


def _check_pair(
    rules: Rules, tableau: tuple[Card | None, ...], i: int, j: int, a: Card, b: Card
) -> None:
    cards: dict[str, Any] = {"a": card_symbol(a), "b": card_symbol(b)}
    if is_stay(rules, a) or is_stay(rules, b):
        raise IllegalMove(
            "stay-rank", cells=(i, j), params={**cards, "ranks": rank_names(rules.stay)}
        )
    if is_lone(rules, a) or is_lone(rules, b):
        raise IllegalMove(
            "lone-rank", cells=(i, j), params={**cards, "ranks": rank_names(rules.lone)}
        )
    if not pair_test(rules)(a, b):
        if rules.pair in SUMS:
            params = {**cards, "sum": SUMS[rules.pair], "total": a.rank + b.rank}
            raise IllegalMove("not-sum", cells=(i, j), params=params)
        reason = "different-suit" if rules.pair == "same-suit" else "different-rank"
        raise IllegalMove(reason, cells=(i, j), params=cards)
    if j in touching_table(rules)[i]:
        return
    if rules.touching == "line":
        raise IllegalMove("not-in-line", cells=(i, j), params=cards)
    assert j not in neighbour_table(rules)[i]
    between = line_between(rules, i, j)
    if between is not None and all(tableau[k] is None for k in between):
        raise IllegalMove("across-gap", cells=(i, j), params=cards)
    raise IllegalMove("not-adjacent", cells=(i, j), params=cards)
