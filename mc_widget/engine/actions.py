"""Applying actions and asking questions of a state
(architecture.md, "Actions", "Status (derived)", "Queries"; RULES.md, "A round"
and "End of the game").

Everything here is pure: ``apply(state, action)`` returns a new ``State`` and
never changes its input; a refused action raises ``IllegalMove`` (or
``StateError`` / ``DealError`` / ``LayoutError`` for malformed input) and
returns nothing. Cells are ints in reading order, ``0 … rows·cols - 1``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .cards import Card
from .deals import deal_position
from .errors import IllegalMove, StateError
from .layout import format_layout, parse_layout
from .messages import phrase
from .queries import can_start_consolidation, pairs, status
from .queries import card_after as _card_after
from .queries import first_gap as _first_gap
from .removal import check_remove
from .rules import Rules, place
from .state import (
    MAX_PREVIOUS_GAMES,
    Action,
    Load,
    NewDeal,
    Remove,
    State,
    new_state,
    parse_action,
    state_from_json,
)

__all__ = ["apply", "perform", "verify_state"]

Move = tuple[int, int]


# --------------------------------------------------------------------------
# The game actions (they change the position; the history is handled by perform)


def _require_playing(state: State) -> None:
    if status(state) != "playing":
        raise IllegalMove("game-over")


def _position(
    state: State,
    *,
    tableau: tuple[Card | None, ...],
    stock: tuple[Card, ...],
    discards: tuple[tuple[Card, ...], ...],
    phase: str,
    round: int,
    consolidations: int,
) -> State:
    """``state`` at a new position; rules, deal, start, history, cursor and the
    earlier and next games kept."""
    return State(
        rules=state.rules,
        deal=state.deal,
        start=state.start,
        tableau=tableau,
        stock=stock,
        discards=discards,
        phase=phase,
        round=round,
        consolidations=consolidations,
        history=state.history,
        cursor=state.cursor,
        previous_game=state.previous_game,
        next_game=state.next_game,
    )


def _with_history(
    state: State,
    history: tuple[Action, ...],
    cursor: int,
    next_game: NewDeal | Load | None,
) -> State:
    """``state``'s position with a new history, cursor and ``next_game``
    (``previous_game`` kept); the cache comes along."""
    return _relinked(state, history, cursor, state.previous_game, next_game)


def _linked(state: State, previous_game: State | None, next_game: NewDeal | Load | None) -> State:
    """``state`` with other earlier and next games; the position's cache comes along."""
    return _relinked(state, state.history, state.cursor, previous_game, next_game)


def _relinked(
    state: State,
    history: tuple[Action, ...],
    cursor: int,
    previous_game: State | None,
    next_game: NewDeal | Load | None,
) -> State:
    """``state``'s position with the given history, cursor and linked games.

    Keyword arguments rather than ``dataclasses.replace``: this runs after
    every action, and ``replace`` costs twice as much. The cache holds
    values derived from the position, which is the same, and one that is
    not: ``before``, the state one action back (:func:`_after`). It stays
    right while the history up to the cursor is kept; it is dropped when
    the earlier games change (a cut chain, a new link), since ``before``
    holds the old chain: undo would reach back past ``MAX_PREVIOUS_GAMES``
    and keep every earlier game in memory.
    """
    after = State(
        rules=state.rules,
        deal=state.deal,
        start=state.start,
        tableau=state.tableau,
        stock=state.stock,
        discards=state.discards,
        phase=state.phase,
        round=state.round,
        consolidations=state.consolidations,
        history=history,
        cursor=cursor,
        previous_game=previous_game,
        next_game=next_game,
    )
    after.cache.update(state.cache)
    if previous_game is not state.previous_game:
        after.cache.pop("before", None)
    return after


def _after(before: State, after: State) -> State:
    """``after``, one action on from ``before``, remembering ``before`` so that
    undo costs the same at move 200 as at move 2 (no replay from the start).

    Kept in the cache: it is not part of the value, and every relinking keeps
    ``history[:cursor]``, the path to the position, so it stays right; a
    relinking to other earlier games drops it (:func:`_relinked`).
    """
    after.cache["before"] = before
    return after


def _cut(state: State, links: int) -> State:
    """``state`` with at most ``links`` earlier games: the oldest beyond are dropped."""
    earlier = state.previous_game
    if earlier is None:
        return state
    kept = None if links == 0 else _cut(earlier, links - 1)
    if kept is earlier:
        return state
    return _linked(state, kept, state.next_game)


def _starting_action(state: State) -> NewDeal | Load:
    """The action that starts ``state``'s game again: its deal, or its start layout."""
    if state.deal is not None:
        return NewDeal(state.deal)
    return Load(state.start)


def _new_game(state: State, action: NewDeal | Load) -> State:
    """A fresh game from ``action`` with ``state``'s rules; ``state`` becomes its
    ``previous_game``, the chain cut to ``MAX_PREVIOUS_GAMES``.

    Like a game action after an undo, the new game drops what was waiting for
    a redo: the replaced game is kept without its redoable tail
    (``history[:cursor]``) and without ``next_game``. So undo and redo stay a
    stack: after undoing the new deal, redo makes it again first.
    """
    if isinstance(action, NewDeal):
        fresh = new_state(state.rules, deal=action.deal)
    else:
        fresh = new_state(state.rules, layout=action.layout)
    kept = state.history[: state.cursor]
    replaced = _cut(_with_history(state, kept, state.cursor, None), MAX_PREVIOUS_GAMES - 1)
    return _linked(fresh, replaced, None)


def _remove(state: State, action: Remove) -> tuple[State, tuple[Card, ...]]:
    """RULES.md "A round", step 1: the cards leave, their cells become gaps; checks
    (in the order of architecture.md) in :func:`~mc_widget.engine.removal.check_remove`."""
    removed = check_remove(state, action)
    cells = list(state.tableau)
    for cell in action.cells:
        cells[cell] = None
    after = _position(
        state,
        tableau=tuple(cells),
        stock=state.stock,
        discards=(*state.discards, removed),
        phase="remove",
        round=state.round,
        consolidations=state.consolidations,
    )
    # A gap pairs with nothing and the other cells are unchanged, so the pairs
    # after are the pairs before without the removed cells (no scan needed).
    gone = action.cells
    after.cache["pairs"] = [p for p in pairs(state) if p[0] not in gone and p[1] not in gone]
    return after, removed


def _start_consolidation(state: State) -> int:
    """Check a consolidation step may happen; return the consolidation count after it."""
    _require_playing(state)
    if state.phase == "refill":
        raise IllegalMove("wrong-phase", "consolidate-during-refill")
    if state.phase == "remove":
        if not can_start_consolidation(state):
            raise IllegalMove("wrong-phase", "nothing-to-consolidate")
        return state.consolidations + 1
    return state.consolidations


def _consolidated(state: State, tableau: tuple[Card | None, ...], consolidations: int) -> State:
    """The state once a consolidation step left ``tableau`` (RULES.md, "A round").

    Still consolidating while a card has a gap before it; then refill when
    there is a gap and stock; otherwise the round ends.
    """
    gap = _first_gap(tableau)
    if gap >= 0 and _card_after(tableau, gap) >= 0:
        phase, round_ = "consolidate", state.round
    elif gap >= 0 and state.stock:
        phase, round_ = "refill", state.round
    else:
        phase, round_ = "remove", state.round + 1
    return _position(
        state,
        tableau=tableau,
        stock=state.stock,
        discards=state.discards,
        phase=phase,
        round=round_,
        consolidations=consolidations,
    )


def _consolidate_step(state: State) -> tuple[State, Move | None]:
    """One card: the first card after the first gap moves into it."""
    consolidations = _start_consolidation(state)
    cells = list(state.tableau)
    gap = _first_gap(cells)
    move = None
    if gap >= 0:
        source = _card_after(cells, gap)
        if source >= 0:
            cells[gap], cells[source] = cells[source], None
            move = (source, gap)
    return _consolidated(state, tuple(cells), consolidations), move


def _consolidate(state: State) -> tuple[State, list[Move]]:
    """All the steps at once; the same moves as repeated steps, in one pass.

    After the first gap ``g`` the k-th card moves into ``g + k``: each move
    fills the first gap, and the next first gap is the cell just after it.
    """
    consolidations = _start_consolidation(state)
    tableau = state.tableau
    gap = _first_gap(tableau)
    moves: list[Move] = []
    if gap >= 0:
        target = gap
        for source in range(gap + 1, len(tableau)):
            if tableau[source] is not None:
                moves.append((source, target))
                target += 1
        kept = [card for card in tableau if card is not None]
        tableau = tuple(kept) + (None,) * (len(tableau) - len(kept))
    return _consolidated(state, tableau, consolidations), moves


def _start_refill(state: State) -> None:
    _require_playing(state)
    if state.phase == "remove":
        # The real reason, so Refill and Consolidate never send the learner in
        # a circle: only with a gap and stock left is consolidating the way on.
        if _first_gap(state.tableau) < 0:
            raise IllegalMove("wrong-phase", "nothing-to-refill-full")
        if not state.stock:
            raise IllegalMove("wrong-phase", "nothing-to-refill-empty-stock")
        raise IllegalMove("wrong-phase", "refill-before-consolidation")
    if state.phase == "consolidate":
        raise IllegalMove("wrong-phase", "refill-during-consolidation")


def _refill_step(state: State) -> tuple[State, int]:
    """The top stock card goes into the first gap (RULES.md, "A round", step 3)."""
    _start_refill(state)
    cells = list(state.tableau)
    gap = _first_gap(cells)
    # Phase refill starts only with a gap and stock left (_consolidated)
    # and ends as soon as either runs out, so there is a cell to fill.
    assert gap >= 0 and state.stock, "phase refill without a gap or stock"
    cells[gap] = state.stock[0]
    stock = state.stock[1:]
    tableau = tuple(cells)
    if _first_gap(tableau) < 0 or not stock:
        phase, round_ = "remove", state.round + 1
    else:
        phase, round_ = "refill", state.round
    after = _position(
        state,
        tableau=tableau,
        stock=stock,
        discards=state.discards,
        phase=phase,
        round=round_,
        consolidations=state.consolidations,
    )
    return after, gap


def _refill(state: State) -> tuple[State, list[int]]:
    """Refill steps until the tableau is full or the stock is empty."""
    _start_refill(state)
    cells = list(state.tableau)
    gaps = [k for k, card in enumerate(cells) if card is None]
    filled = gaps[: len(state.stock)]
    for k, cell in enumerate(filled):
        cells[cell] = state.stock[k]
    stock = state.stock[len(filled) :]
    after = _position(
        state,
        tableau=tuple(cells),
        stock=stock,
        discards=state.discards,
        phase="remove",
        round=state.round + 1,
        consolidations=state.consolidations,
    )
    return after, filled


_STEPS = {
    "consolidate_step": _consolidate_step,
    "consolidate": _consolidate,
    "refill_step": _refill_step,
    "refill": _refill,
}


def _play(state: State, action: Action) -> tuple[State, Any]:
    """Apply a game action to the position only (history and cursor untouched)."""
    if action.type == "remove":
        assert isinstance(action, Remove)
        return _remove(state, action)
    return _STEPS[action.type](state)


@lru_cache(maxsize=256)
def _start_position(rules: Rules, start: str) -> tuple[tuple[Card | None, ...], tuple[Card, ...]]:
    return parse_layout(start, rules)


def _replay(state: State, count: int) -> State:
    """The position after ``history[:count]`` from ``start`` (history and cursor kept)."""
    tableau, stock = _start_position(state.rules, state.start)
    position = _position(
        state, tableau=tableau, stock=stock, discards=(), phase="remove", round=1, consolidations=0
    )
    for action in state.history[:count]:
        position, _ = _play(position, action)
    return position


# --------------------------------------------------------------------------
# apply / perform


def perform(state: State, action: Action | dict[str, Any]) -> tuple[State, Any]:
    """Apply ``action`` and return ``(new_state, result)``; ``state`` is not changed.

    ``action`` is an ``Action`` value or its JSON object. The result is what
    the action did: ``remove`` → the cards removed, ``(Card, Card)`` for a
    pair or ``(Card,)`` for a lone card;
    ``consolidate_step`` → ``(from_cell, to_cell)`` or ``None`` when no card
    had to move; ``consolidate`` → the list of those moves; ``refill_step``
    → the cell filled; ``refill`` → the list of cells filled; ``undo`` /
    ``redo`` → the game action undone / redone, or the ``NewDeal`` / ``Load``
    taken back / made again; ``new_deal`` / ``load`` → ``None``.

    A game action after an undo drops the redoable tail:
    ``history = history[:cursor] + [action]``, and clears ``next_game``.
    ``new_deal`` / ``load`` keep the replaced game as ``previous_game``
    (at most ``MAX_PREVIOUS_GAMES`` earlier games); ``undo`` at the start of
    a game (``cursor == 0``) goes back to it, with ``next_game`` the action
    taken back; ``redo`` at the end of the history makes ``next_game`` again.
    A new deal or load drops the replaced game's redoable tail, as a game
    action does, so redo always makes the last thing undone first.

    Raises ``IllegalMove`` when the rules refuse the action (reasons and
    their order in architecture.md), ``StateError`` for a malformed action,
    ``DealError`` / ``LayoutError`` / ``CardError`` for a bad new deal or
    layout. Nothing is changed when it raises.
    """
    action = parse_action(action)
    kind = action.type
    if action.game_action:
        after, result = _play(state, action)
        history = state.history
        if state.cursor < len(history):
            history = history[: state.cursor]
        return _after(
            state, _with_history(after, (*history, action), state.cursor + 1, None)
        ), result
    if kind == "undo":
        if state.cursor == 0:
            if state.previous_game is None:
                raise IllegalMove("nothing-to-undo")
            taken_back = _starting_action(state)
            previous = state.previous_game
            return _linked(previous, previous.previous_game, taken_back), taken_back
        cursor = state.cursor - 1
        # The position before the last action, kept when it was played here;
        # else replayed from the start (a state read from JSON).
        replayed = state.cache.get("before") or _replay(state, cursor)
        undone = state.history[cursor]
        # The earlier games are this state's: `before` may hold an older chain.
        undone_state = _relinked(
            replayed, state.history, cursor, state.previous_game, state.next_game
        )
        return undone_state, undone
    if kind == "redo":
        if state.cursor >= len(state.history):
            if state.next_game is None:
                raise IllegalMove("nothing-to-redo")
            return _new_game(state, state.next_game), state.next_game
        redone = state.history[state.cursor]
        after, _ = _play(state, redone)
        redo = _with_history(after, state.history, state.cursor + 1, state.next_game)
        return _after(state, redo), redone
    assert isinstance(action, (NewDeal, Load))
    return _new_game(state, action), None


def apply(state: State, action: Action | dict[str, Any]) -> State:
    """Apply ``action`` (an ``Action`` or its JSON) to ``state`` and return the new state.

    Pure: ``state`` is never changed. Raises like :func:`perform`.
    """
    return perform(state, action)[0]


# --------------------------------------------------------------------------
# Verifying a state sent by a front end


def _show(card: Card | None) -> str:
    return "a gap" if card is None else str(card)


def _first_difference(got: tuple, expected: tuple) -> int:
    for k, (x, y) in enumerate(zip(got, expected, strict=False)):
        if x != y:
            return k
    return -1


def verify_state(data: Any) -> State:
    """Check a state JSON object against the engine and return the ``State``.

    Reads it with ``state_from_json`` (shape), then checks that ``deal``
    (when not null) deals exactly ``start``, that every action of
    ``history`` can be replayed from ``start`` (the redoable tail too), and
    that the stored position (tableau, stock, discards, phase, round,
    consolidations) equals the replay of ``history[:cursor]``; then the same
    for each game of the ``previous_game`` chain, each once (it is read once,
    by ``state_from_json``, and never re-read).

    Raises ``StateError`` naming the first difference, e.g. ``state.start``,
    ``state.history[4]``, ``state.tableau[3]`` or
    ``state.previous_game.tableau[3]``.
    """
    state = data if isinstance(data, State) else state_from_json(data)
    game: State | None = state
    path = "state"
    while game is not None:
        _verify_game(game, path)
        game, path = game.previous_game, f"{path}.previous_game"
    return state


def _verify_game(state: State, path: str) -> None:
    """Replay one game of a chain (``path`` names it) against its start."""
    rules = state.rules
    if state.deal is not None:
        tableau, stock = deal_position(rules, state.deal)
        expected = format_layout(rules, tableau, stock)
        if expected != state.start:
            _start_mismatch(state, tableau, stock, path)
    position = _replay(state, 0)
    at_cursor = position
    for k, action in enumerate(state.history):
        try:
            position, _ = _play(position, action)
        except IllegalMove as error:
            raise StateError(
                f"{path}.history[{k}]",
                "state.replay",
                {"action": action.type, "problem": error.message},
            ) from None
        if k + 1 == state.cursor:
            at_cursor = position
    _compare(state, at_cursor, path)


def _start_mismatch(state: State, tableau: tuple, stock: tuple, path: str) -> None:
    got_tableau, got_stock = _start_position(state.rules, state.start)
    params: dict[str, Any] = {"deal": state.deal}
    k = _first_difference(got_tableau, tableau)
    if k >= 0:
        row, col = place(state.rules, k)
        params.update(
            place=phrase("cell.place", {"row": row, "col": col}),
            expected=_show(tableau[k]),
            got=_show(got_tableau[k]),
        )
    else:
        k = _first_difference(got_stock, stock)
        if k >= 0:
            params.update(
                place=phrase("stock.place", {"index": k + 1}),
                expected=str(stock[k]),
                got=str(got_stock[k]),
            )
        else:
            params.update(expected=len(stock), got=len(got_stock))
            raise StateError(f"{path}.start", "state.deal-start-count", params)
    raise StateError(f"{path}.start", "state.deal-start", params)


def _compare(state: State, replayed: State, path: str) -> None:
    """Raise ``StateError`` at the first field where ``state`` differs from ``replayed``."""
    k = _first_difference(state.tableau, replayed.tableau)
    if k >= 0:
        _mismatch(f"{path}.tableau[{k}]", _show(state.tableau[k]), _show(replayed.tableau[k]))
    for name in ("stock", "discards"):
        got, expected = getattr(state, name), getattr(replayed, name)
        if len(got) != len(expected):
            raise StateError(
                f"{path}.{name}",
                "state.mismatch-count",
                {"got": len(got), "expected": len(expected)},
            )
        k = _first_difference(got, expected)
        if k >= 0:
            show = str if name == "stock" else (lambda entry: " ".join(map(str, entry)))
            _mismatch(f"{path}.{name}[{k}]", show(got[k]), show(expected[k]))
    for name in ("phase", "round", "consolidations"):
        if getattr(state, name) != getattr(replayed, name):
            _mismatch(f"{path}.{name}", str(getattr(state, name)), str(getattr(replayed, name)))


def _mismatch(path: str, got: str, expected: str) -> None:
    raise StateError(path, "state.mismatch", {"got": got, "expected": expected})
