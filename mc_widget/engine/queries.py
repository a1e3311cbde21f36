"""Questions asked of a state: pairs, lone cards, removals, status, highlights
(architecture.md, "Status (derived)" and "Queries"; RULES.md, "A round",
"End of the game" and "Variants").

Apart from ``actions.py`` (which re-exports them) so that applying actions and
asking about a position each stay one small module. Everything is pure; the
answers that every redraw asks for are kept in the state's ``cache``.
"""

from __future__ import annotations

from .cards import Card
from .errors import IllegalMove
from .rules import (
    DIRECTIONS,
    check_cell,
    is_lone,
    is_stay,
    pair_test,
    place,
    touching,
    touching_edges,
    touching_table,
)
from .state import State

__all__ = [
    "can_consolidate",
    "can_redo",
    "can_refill",
    "can_start_consolidation",
    "can_undo",
    "card_after",
    "false_neighbours",
    "first_gap",
    "highlights",
    "legal_lone",
    "legal_pairs",
    "legal_removals",
    "lone_cells",
    "pairs",
    "partners",
    "status",
]

Move = tuple[int, int]


def first_gap(tableau: tuple[Card | None, ...] | list[Card | None], start: int = 0) -> int:
    """The first gap at or after ``start`` in reading order, or -1."""
    # Not tableau.index(None): that calls Card.__eq__ on every card before the gap.
    for cell in range(start, len(tableau)):
        if tableau[cell] is None:
            return cell
    return -1


def card_after(tableau: tuple[Card | None, ...] | list[Card | None], cell: int) -> int:
    """The first cell after ``cell`` that holds a card, or -1."""
    for k in range(cell + 1, len(tableau)):
        if tableau[k] is not None:
            return k
    return -1


def pairs(state: State) -> list[Move]:
    """All pairs on the tableau, in any phase: ``[(i, j), …]`` with ``i < j``, ascending.

    A pair is two cards in cells that touch under the rules (``eight``: the
    neighbours, a gap breaking contact; ``line``: the same row or column) and
    that pair under the rules' pair rule (:func:`~mc_widget.engine.rules.pair_test`;
    a ``lone`` or ``stay`` card pairs with nothing). RULES.md, "A round",
    step 1, and "Variants".
    """
    cache = state.cache
    found = cache.get("pairs")
    if found is None:
        found = cache["pairs"] = _pairs(state)
    return list(found)


def _pairs(state: State) -> list[Move]:
    tableau = state.tableau
    test = pair_test(state.rules)
    return [
        (i, j)
        for i, j in touching_edges(state.rules)
        if (a := tableau[i]) is not None and (b := tableau[j]) is not None and test(a, b)
    ]


def lone_cells(state: State) -> list[int]:
    """The cells holding a card of a ``lone`` rank (a Thirteens king), ascending, any phase.

    ``[]`` when the rules have no ``lone`` ranks (RULES.md, "Variants").
    """
    rules = state.rules
    if not rules.lone:
        return []
    cache = state.cache
    found = cache.get("lone")
    if found is None:
        found = cache["lone"] = [
            cell
            for cell, card in enumerate(state.tableau)
            if card is not None and is_lone(rules, card)
        ]
    return list(found)


def can_start_consolidation(state: State) -> bool:
    """True when a consolidation would change something (RULES.md, "A round", step 2).

    That is: some card has a gap before it in reading order, or there is a
    gap and the stock is not empty. The phase is not looked at.
    """
    tableau = state.tableau
    gap = first_gap(tableau)
    if gap < 0:
        return False
    return bool(state.stock) or card_after(tableau, gap) >= 0


def status(state: State) -> str:
    """``"won"``, ``"lost"`` or ``"playing"`` (RULES.md, "End of the game" and "Variants").

    Won: the stock is empty and every card left on the tableau has a
    ``stay`` rank (with no ``stay`` ranks: the tableau is empty too; Aces
    Square is won with only the aces left). Lost (blocked): the phase is
    ``remove``, there is no pair and no lone card, and consolidation cannot
    start — this includes a full tableau with no pair while the stock still
    has cards. Playing otherwise.
    """
    cache = state.cache
    known = cache.get("status")
    if known is None:
        if not state.stock and _only_stay_left(state):
            known = "won"
        elif (
            state.phase == "remove"
            and not pairs(state)
            and not lone_cells(state)
            and not can_start_consolidation(state)
        ):
            known = "lost"
        else:
            known = "playing"
        cache["status"] = known
    return known


def _only_stay_left(state: State) -> bool:
    rules = state.rules
    if not rules.stay:
        return not any(card is not None for card in state.tableau)
    return all(card is None or is_stay(rules, card) for card in state.tableau)


def legal_pairs(state: State) -> list[Move]:
    """The pairs that may be removed now: :func:`pairs` in phase ``remove``, else ``[]``."""
    if state.phase != "remove":
        return []
    return pairs(state)


def legal_lone(state: State) -> list[int]:
    """The lone cards that may go now: :func:`lone_cells` in phase ``remove``, else ``[]``."""
    if state.phase != "remove":
        return []
    return lone_cells(state)


def legal_removals(state: State) -> list[tuple[int, ...]]:
    """Every removal allowed now, each a tuple of cells: ``(i,)`` for a lone card,
    ``(i, j)`` for a pair; sorted as tuples (``(3,) < (3, 7) < (4,)``).

    ``[]`` outside phase ``remove``. A position that is over has none
    (a won game has no card left that could go; a lost one has none by
    definition).
    """
    removals: list[tuple[int, ...]] = [(cell,) for cell in legal_lone(state)]
    if not removals:
        return list(legal_pairs(state))
    return sorted(removals + list(legal_pairs(state)))


def can_consolidate(state: State) -> bool:
    """True when a consolidation can start (phase ``remove``) or is under way."""
    if state.phase == "consolidate":
        return True
    return state.phase == "remove" and can_start_consolidation(state)


def can_refill(state: State) -> bool:
    """True when the phase is ``refill`` and the game is being played."""
    return state.phase == "refill" and status(state) == "playing"


def can_undo(state: State) -> bool:
    """True when ``undo`` would be accepted: a game action is in effect
    (``cursor > 0``), or at the start of a game a new deal or a load replaced
    an earlier one (``previous_game``)."""
    return state.cursor > 0 or state.previous_game is not None


def can_redo(state: State) -> bool:
    """True when ``redo`` would be accepted: an undone game action is left
    (``cursor < len(history)``), or an undone new deal or load (``next_game``)."""
    return state.cursor < len(state.history) or state.next_game is not None


def partners(state: State, cell: int) -> tuple[int, ...]:
    """The cells whose card the learner can take now with the card in ``cell``, ascending.

    The cells touching it under the rules holding a card that pairs with it,
    while pairs may be removed (phase ``remove``, game being played): exactly
    the other cells of its pairs in :func:`legal_pairs`. ``()`` in the other
    phases (a pair that touches there waits for the next round: see
    :func:`pairs`), for a gap, and for a ``lone`` or ``stay`` card. Raises
    ``IllegalMove`` (``out-of-range``) or ``StateError`` for a bad cell.
    """
    check_cell(state.rules, cell)
    card = state.tableau[cell]
    if card is None or state.phase != "remove" or status(state) != "playing":
        return ()
    test = pair_test(state.rules)
    tableau = state.tableau
    return tuple(
        n
        for n in touching_table(state.rules)[cell]
        if tableau[n] is not None and test(card, tableau[n])
    )


def false_neighbours(state: State, cell: int) -> tuple[int, ...]:
    """Cards that look close to ``cell`` but have only gaps between (mistake M1), ascending.

    For each of the 8 directions, if the adjacent cell is a gap, walk on
    through gaps; the first card reached is a false neighbour (RULES.md,
    "A round": a gap breaks contact). The geometry only, whatever the
    touching rule (:func:`highlights` shows it for ``eight`` alone). Works
    for any cell in range. Raises ``IllegalMove`` (``out-of-range``) or
    ``StateError`` for a bad cell.
    """
    rules = state.rules
    check_cell(rules, cell)
    tableau = state.tableau
    row, col = divmod(cell, rules.cols)
    found = []
    for dr, dc in DIRECTIONS:
        r, c = row + dr, col + dc
        crossed = False
        while 0 <= r < rules.rows and 0 <= c < rules.cols:
            other = tableau[r * rules.cols + c]
            if other is not None:
                if crossed:
                    found.append(r * rules.cols + c)
                break
            crossed = True
            r, c = r + dr, c + dc
    return tuple(sorted(found))


def highlights(state: State, cell: int) -> dict[str, tuple[int, ...] | bool]:
    """What to outline when the card in ``cell`` is selected.

    Returns ``{"neighbours": …, "partners": …, "false_neighbours": …,
    "lone": …}``: the cells touching it under the rules, gaps included
    (:func:`~mc_widget.engine.rules.touching`: for ``line`` its whole row and
    column), the ones it can be removed with now (:func:`partners`), the
    cards across a gap (:func:`false_neighbours`; ``()`` under ``line``,
    where a gap breaks nothing), each a tuple of cells ascending; and
    ``lone``, True when the card's rank is in ``rules.lone`` (it goes alone,
    in any phase). Raises ``IllegalMove`` with reason ``out-of-range`` for a
    cell outside the tableau and ``empty-cell`` for a gap.
    """
    rules = state.rules
    check_cell(rules, cell)
    card = state.tableau[cell]
    if card is None:
        row, col = place(rules, cell)
        raise IllegalMove("empty-cell", cells=(cell,), params={"row": row, "col": col})
    across = false_neighbours(state, cell) if rules.touching == "eight" else ()
    return {
        "neighbours": touching(rules, cell),
        "partners": partners(state, cell),
        "false_neighbours": across,
        "lone": is_lone(rules, card),
    }
