"""``Game``: the friendly, mutable Python API over the pure engine, in the style of
python-chess's ``Board`` (DESIGN.md, "Python API").

It holds one immutable :class:`~mc_widget.engine.state.State` and replaces it
on every successful action, so a refused action leaves the game as it was.
Cells are ints in reading order (docs/architecture.md, "Cells and geometry").

>>> Game(deal=7).legal_pairs()[:1]
[(5, 10)]
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .actions import perform, verify_state
from .cards import Card
from .deals import check_deal, random_deal
from .errors import ArgumentError, IllegalMove, is_int
from .layout import layout_rows
from .messages import counted, format_message
from .queries import (
    can_consolidate,
    can_redo,
    can_refill,
    can_undo,
    false_neighbours,
    highlights,
    legal_lone,
    legal_pairs,
    legal_removals,
    lone_cells,
    pairs,
    partners,
    status,
)
from .record import read_record, write_record
from .rules import PRESETS, Rules, neighbours, resolve_rules, touching
from .state import (
    Action,
    Consolidate,
    ConsolidateStep,
    Load,
    NewDeal,
    Redo,
    Refill,
    RefillStep,
    Remove,
    State,
    Undo,
    new_state,
)
from .walkthrough import Walkthrough, walk_to, walkthrough

if TYPE_CHECKING:
    from ..analysis.hint import Hint
    from ..analysis.review import Review
    from ..analysis.solver import Solution

__all__ = ["Game"]

Listener = Callable[["Game"], Any]
RefusalListener = Callable[["Game", Exception], Any]

#: The refusals after which ``consolidate_step`` / ``refill_step`` give ``None``:
#: nothing is left to move / to deal (DESIGN.md, "Python API"), so that
#: ``while g.consolidate_step(): ...`` ends. Mistakes (refill before the
#: consolidation, M4) still raise.
_NOTHING_TO_MOVE = frozenset({"nothing-to-consolidate", "consolidate-during-refill", "game-over"})
_NOTHING_TO_DEAL = frozenset(
    {"nothing-to-refill-full", "nothing-to-refill-empty-stock", "game-over"}
)


class Game:
    """A game of Monte Carlo you can play from Python.

    ``Game(deal=7)`` deals deal number 7 (an int ``0 … 2**32 - 1``; ``None``
    picks a random number, kept in ``g.deal``); ``rules`` is a preset name
    (``"standard"``, ``"small"``, ``"double"``, ``"thirteens"``,
    ``"fourteens"``, ``"fourteens-lines"``, ``"aces-square"``), a rules JSON
    object or a ``Rules``. The deal depends only on the number of decks and
    cells: ``Game(deal=7, rules="thirteens")`` has the cards of ``Game(deal=7)``.
    Raises ``DealError`` for a bad deal number and ``StateError`` for bad rules.

    Every change goes through the pure ``apply`` of the engine; listeners
    added with :meth:`on_change` are called with the game after each change.
    A change (reading the state, applying, the listeners) holds :attr:`lock`,
    so changes made on two threads at once are made one after the other.
    """

    __slots__ = ("_listeners", "_lock", "_refusal_listeners", "_state")

    def __init__(self, deal: int | None = None, *, rules: Rules | str | dict = "standard") -> None:
        rules = resolve_rules(rules)
        number = random_deal() if deal is None else check_deal(deal)
        self._state = new_state(rules, deal=number)
        self._listeners: list[Listener] = []
        self._refusal_listeners: list[RefusalListener] = []
        self._lock = threading.RLock()

    # ------------------------------------------------------------------ making games

    @classmethod
    def from_layout(cls, text: str, rules: Rules | str | dict = "standard") -> Game:
        """A game starting from layout notation ``text`` (``g.deal`` is ``None``).

        Raises ``LayoutError`` naming the bad token and its place.
        """
        return cls._of(new_state(resolve_rules(rules), layout=text))

    @classmethod
    def from_state(cls, data: dict[str, Any] | State) -> Game:
        """A game from a state JSON object (or ``State``), checked with ``verify_state``.

        Raises ``StateError`` naming the first bad or inconsistent part.
        """
        return cls._of(verify_state(data))

    @classmethod
    def from_record(cls, text: str) -> Game:
        """The game a game record (docs/record.md) gives, its moves replayed.

        The history is the record's moves, so ``undo`` works. Raises
        ``RecordError`` naming the first bad part or move, or a false claim.
        """
        return cls._of(read_record(text))

    @classmethod
    def _of(cls, state: State) -> Game:
        game = cls.__new__(cls)
        game._state = state
        game._listeners = []
        game._refusal_listeners = []
        game._lock = threading.RLock()
        return game

    def copy(self) -> Game:
        """An independent game in the same state (listeners are not copied)."""
        return Game._of(self._state)

    # A copy or a pickle is a new game in the same state: its own lock, no listeners.
    __copy__ = copy

    def __deepcopy__(self, memo: dict) -> Game:
        return self.copy()

    def __reduce__(self) -> tuple[Callable[[State], Game], tuple[State]]:
        return Game._of, (self._state,)

    def new_deal(self, deal: int | None = None) -> None:
        """Start deal number ``deal`` (random when ``None``) with the same rules.

        Undoable: ``undo()`` at the start of the new game goes back to this one
        (architecture.md, "undo, redo, new_deal, load"). Raises ``DealError``
        and changes nothing for a bad number.
        """
        # Inside the report: a bad number is refused when the action is made.
        self._reported(lambda: self._apply(NewDeal(random_deal() if deal is None else deal)))

    def load(self, layout: str) -> None:
        """Start from layout notation, same rules; undoable like ``new_deal``.

        Raises ``LayoutError`` and changes nothing for bad notation.
        """
        self._reported(lambda: self._apply(Load(layout)))

    def set_state(self, state: dict[str, Any] | State) -> None:
        """Replace the game's state by ``state`` (JSON or ``State``) after verifying it.

        For the widget: it pushes a state the front end made. Raises
        ``StateError`` (and changes nothing) when the state does not verify.
        """
        checked = verify_state(state)
        with self._lock:
            self._commit(checked)

    def _set_verified(self, state: State) -> None:
        """Replace the state by one ``verify_state`` has already checked.

        For the widget, which verifies a front-end state before it accepts
        it: so each state is replayed once, not twice.
        """
        with self._lock:
            self._commit(state)

    @property
    def lock(self) -> threading.RLock:
        """The re-entrant lock each change of this game holds, from reading the
        state to the last listener. A widget showing the game holds it for
        its own changes too (ipykernel 7 may take a view's message on another
        thread than the cell's), so no change is made from a stale state."""
        return self._lock

    # ------------------------------------------------------------------ the state

    @property
    def state(self) -> State:
        """The current immutable ``State`` value."""
        return self._state

    def to_state(self) -> dict[str, Any]:
        """The state as the JSON object of architecture.md (a fresh dict)."""
        return self._state.to_json()

    @property
    def rules(self) -> Rules:
        """The ``Rules`` being played."""
        return self._state.rules

    @property
    def deal(self) -> int | None:
        """The deal number, or ``None`` for a game loaded from a layout."""
        return self._state.deal

    @property
    def grid(self) -> tuple[Card | None, ...]:
        """The tableau in reading order: a ``Card`` or ``None`` for a gap."""
        return self._state.tableau

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, next card first."""
        return self._state.stock

    @property
    def discards(self) -> tuple[tuple[Card, ...], ...]:
        """What was removed, in order: a pair ``(a, b)``, the card from the lower
        cell first, or a lone card ``(k,)`` (a Thirteens king)."""
        return self._state.discards

    @property
    def phase(self) -> str:
        """``"remove"``, ``"consolidate"`` or ``"refill"`` (RULES.md, "A round")."""
        return self._state.phase

    @property
    def status(self) -> str:
        """``"playing"``, ``"won"`` or ``"lost"`` (RULES.md, "End of the game")."""
        return status(self._state)

    @property
    def round(self) -> int:
        """The round number, from 1."""
        return self._state.round

    @property
    def consolidations(self) -> int:
        """How many consolidations have been started."""
        return self._state.consolidations

    @property
    def removed(self) -> int:
        """Cards removed so far (2 per pair, 1 per lone card)."""
        return self._state.removed

    @property
    def total(self) -> int:
        """Cards in the game (52 for a standard deal; fewer for a partial layout)."""
        return self._state.total

    @property
    def history(self) -> tuple[Action, ...]:
        """The game actions since the start, including any that were undone."""
        return self._state.history

    @property
    def cursor(self) -> int:
        """How many actions of :attr:`history` are in effect."""
        return self._state.cursor

    def to_layout(self) -> str:
        """The current position in canonical layout notation."""
        return self._state.layout()

    def record(self) -> str:
        """This game as a game record (docs/record.md): rules, start, moves in effect, result.

        ``MC1; rules standard; deal 7; lost 40/52; moves 5-10 3-8 * 0-1 *``;
        :meth:`from_record` reads it back.
        """
        return write_record(self._state)

    # ------------------------------------------------------------------ queries

    def check_cell(self, function: str, cell: Any) -> int:
        """Return ``cell`` when it is a whole number; else raise ``ArgumentError``.

        ``function`` is the API method it was given to, named in the message:
        ``remove_pair: cell '0' must be a whole number from 0 to 24.`` The
        range itself is checked by the engine (``IllegalMove``,
        ``out-of-range``), as for a learner's click.
        """
        if not is_int(cell):
            raise ArgumentError(function, cell, "api.cell", {"last": self.rules.cells - 1})
        return cell

    def neighbours(self, cell: int) -> tuple[int, ...]:
        """The neighbour cells of ``cell``, ascending (3 in a corner, 5 on an edge, 8 inside).

        Raises ``IllegalMove`` (``out-of-range``) for a cell outside the tableau
        and ``ArgumentError`` for one that is not a whole number.
        """
        return neighbours(self.rules, self.check_cell("neighbours", cell))

    def pairs(self) -> list[tuple[int, int]]:
        """All pairs on the tableau in any phase, ``(i, j)`` with ``i < j``, ascending."""
        return pairs(self._state)

    def legal_pairs(self) -> list[tuple[int, int]]:
        """The pairs that may be removed now (``[]`` outside the remove phase)."""
        return legal_pairs(self._state)

    def lone_cells(self) -> list[int]:
        """The cells holding a card that goes alone (a Thirteens king), ascending, any phase."""
        return lone_cells(self._state)

    def legal_lone(self) -> list[int]:
        """:meth:`lone_cells` in the remove phase, else ``[]``: the lone cards that may go now."""
        return legal_lone(self._state)

    def legal_removals(self) -> list[tuple[int, ...]]:
        """Every removal allowed now: ``(i,)`` for a lone card, ``(i, j)`` for a pair,
        sorted as tuples (``(3,) < (3, 7) < (4,)``); ``[]`` outside the remove phase."""
        return legal_removals(self._state)

    def touching(self, cell: int) -> tuple[int, ...]:
        """The cells touching ``cell`` under the rules, ascending: its neighbours
        (``eight``), or every other cell of its row and column (``line``).

        Raises like :meth:`neighbours`.
        """
        return touching(self.rules, self.check_cell("touching", cell))

    def partners(self, cell: int) -> tuple[int, ...]:
        """Cells touching ``cell`` (under the rules) whose card can be removed with it now.

        The other cells of its pairs in :meth:`legal_pairs`: ``()`` outside the
        remove phase, even when a card that pairs with it touches it (that pair
        waits for the next round; :meth:`pairs` lists it), and ``()`` for a
        card that goes alone or stays.
        """
        return partners(self._state, self.check_cell("partners", cell))

    def false_neighbours(self, cell: int) -> tuple[int, ...]:
        """Cards across a gap from ``cell`` on a line (they are not neighbours; mistake M1)."""
        return false_neighbours(self._state, self.check_cell("false_neighbours", cell))

    def highlights(self, cell: int) -> dict[str, tuple[int, ...] | bool]:
        """``{"neighbours", "partners", "false_neighbours", "lone"}`` for the card in ``cell``
        (docs/architecture.md, "Queries": ``neighbours`` are the touching cells).

        Raises ``IllegalMove`` (``out-of-range`` or ``empty-cell``) and
        ``ArgumentError`` for a cell that is not a whole number.
        """
        return highlights(self._state, self.check_cell("highlights", cell))

    def can_consolidate(self) -> bool:
        """True when a consolidation can start or is under way."""
        return can_consolidate(self._state)

    def can_refill(self) -> bool:
        """True when the refill is due."""
        return can_refill(self._state)

    def can_undo(self) -> bool:
        """True when there is an action to undo: a move, or a new deal or load
        that replaced an earlier game (architecture.md, "undo, redo")."""
        return can_undo(self._state)

    def can_redo(self) -> bool:
        """True when there is an undone action to redo, or an undone new deal or load."""
        return can_redo(self._state)

    # ------------------------------------------------------------------ actions

    def apply(self, action: Action | dict[str, Any]) -> Any:
        """Apply an ``Action`` (or its JSON object) and return its result (see ``perform``).

        Raises ``IllegalMove`` / ``StateError`` / ``DealError`` /
        ``LayoutError`` and changes nothing when the action is refused.
        """
        return self._reported(lambda: self._apply(action))

    def _reported(self, attempt: Callable[[], Any]) -> Any:
        """``attempt()``; an engine error it raises (a ``ValueError``: ``IllegalMove``,
        ``ArgumentError``, ``StateError``, ``DealError``, …) is told to the
        refusal listeners first, then raised."""
        # One turn under the lock: the refusal is told before another change.
        with self._lock:
            try:
                return attempt()
            except ValueError as error:
                self._refused(error)
                raise

    def _apply(self, action: Action | dict[str, Any]) -> Any:
        """:meth:`apply` without telling the refusal listeners (the step loops
        answer some refusals with ``None``; they report the others themselves)."""
        with self._lock:
            after, result = perform(self._state, action)
            # Game actions, undo and redo always change the history or cursor;
            # only a new deal or a load can give back an equal state.
            self._commit(after, compare=after.cursor == 0)
        return result

    def remove_pair(self, i: int, j: int) -> tuple[Card, Card]:
        """Remove the pair in cells ``i`` and ``j``; return the two cards (lower cell first).

        RULES.md, "A round", step 1. Raises ``IllegalMove`` whose ``reason``
        says why not (``out-of-range``, ``same-cell``, ``game-over``,
        ``wrong-phase``, ``empty-cell``, ``different-rank``, ``across-gap``,
        ``not-adjacent``, checked in that order) and changes nothing. A cell
        that is not a whole number (``"0"``, ``1.0``) is an ``ArgumentError``
        (a ``TypeError`` and a ``ValueError``) naming it. Every refusal, an
        ``ArgumentError`` too, is told to the refusal listeners first.
        """
        return self._reported(
            lambda: self._apply(
                Remove(self.check_cell("remove_pair", i), self.check_cell("remove_pair", j))
            )
        )

    def remove_lone(self, i: int) -> Card:
        """Remove the card in cell ``i`` alone and return it: a card of a ``lone`` rank
        (RULES.md, "Variants": a Thirteens king needs no neighbour).

        Action ``{"type": "remove", "cells": [i]}``. Raises ``IllegalMove``
        (``out-of-range``, ``game-over``, ``wrong-phase``, ``empty-cell``,
        ``not-lone`` in that order) or ``ArgumentError`` and changes nothing.
        """
        return self._remove_alone("remove_lone", i)

    def remove_king(self, i: int) -> Card:
        """Thirteens: remove the king in cell ``i`` alone; return it (DESIGN.md).

        The same as :meth:`remove_lone` (any lone rank is accepted: the rules
        value decides), named for the game where only kings go alone.
        """
        return self._remove_alone("remove_king", i)

    def _remove_alone(self, function: str, i: int) -> Card:
        return self._reported(lambda: self._apply(Remove(self.check_cell(function, i))))[0]

    def consolidate_step(self) -> tuple[int, int] | None:
        """Move one card: the first card after the first gap moves into it.

        Returns ``(from_cell, to_cell)``, or ``None`` when no card is left to
        move, so that ``while g.consolidate_step(): ...`` ends. ``None`` comes
        in two ways: a step that moved no card but started the refill (the
        gaps were already all at the end and stock is left; the phase
        changes), or nothing to do at all (the consolidation is over, there
        is nothing to consolidate, or the game is over; the game is left
        unchanged). The first step starts a consolidation. RULES.md,
        "A round", step 2.
        """
        with self._lock:
            try:
                return self._apply(ConsolidateStep())
            except ValueError as error:
                if isinstance(error, IllegalMove) and error.key in _NOTHING_TO_MOVE:
                    return None
                self._refused(error)
                raise

    def consolidate(self) -> list[tuple[int, int]]:
        """Consolidate to the end; return the moves ``[(from_cell, to_cell), …]``."""
        return self.apply(Consolidate())

    def refill_step(self) -> int | None:
        """Deal the top stock card into the first gap; return that cell.

        Returns ``None`` and changes nothing when nothing is left to deal
        (the tableau is full, the stock is empty, or the game is over), so
        that ``while g.refill_step() is not None: ...`` ends. RULES.md,
        "A round", step 3. Raises ``IllegalMove`` (``wrong-phase``) for a
        refill before or during the consolidation: stock cards go into the
        gaps only after the cards have closed up (mistake M4).
        """
        with self._lock:
            try:
                return self._apply(RefillStep())
            except ValueError as error:
                if isinstance(error, IllegalMove) and error.key in _NOTHING_TO_DEAL:
                    return None
                self._refused(error)
                raise

    def refill(self) -> list[int]:
        """Refill until the tableau is full or the stock is empty; return the cells filled."""
        return self.apply(Refill())

    def walkthrough(self) -> Walkthrough | None:
        """This round's consolidation and refill as single-card steps, or ``None``.

        See :func:`mc_widget.engine.walkthrough.walkthrough` (docs/teaching.md,
        section 1): ``w.n`` steps, ``w.position`` of them made, ``w.steps``.
        """
        return walkthrough(self._state)

    def hint(self, perfect: bool = False) -> Hint | None:
        """A suggested move and why, or ``None`` when the game is over (docs/analysis.md, 3).

        ``perfect=False``: the fair hint, from what a player sees (the
        tableau and the stock's size). ``perfect=True``: the solver's, which
        knows the stock's order. ``.action`` is an action :meth:`apply`
        accepts, ``.reason`` the text. See :mod:`mc_widget.analysis.hint`.
        Raises ``ArgumentError`` (key ``api.perfect``) when ``perfect`` is
        not a bool (``"no"`` would otherwise count as true); nothing changes.
        """
        if not isinstance(perfect, bool):
            raise ArgumentError("hint", perfect, "api.perfect")
        # Imported here: the engine does not need the analysis package to play.
        from ..analysis.hint import fair_hint, perfect_hint

        return perfect_hint(self._state) if perfect else fair_hint(self._state)

    def solve(self, *, node_limit: int | None = None, time_limit: float | None = None) -> Solution:
        """Can this game still be won? The full-information solver (docs/analysis.md, 2).

        It knows the stock's order. ``.winnable``: True, False, or None when
        ``node_limit`` (positions expanded, as ``.nodes`` counts them) or
        ``time_limit`` (seconds) stopped it first; ``.moves``: on True,
        actions that :meth:`apply` plays to a win from here. The game is not
        changed. See
        :func:`mc_widget.analysis.solver.solve`.
        """
        from ..analysis.solver import solve

        return solve(self._state, node_limit=node_limit, time_limit=time_limit)

    def review(self) -> Review:
        """Which move of this game lost it, and what would have kept it winnable.

        ``.first_losing_move``: the 0-based index, in the order applied, of
        the action after which the deal could no longer be won (None when it
        can still be won, was won, or never could: ``.never_winnable``);
        ``.instead``: an action that still wins there; ``.fair_moves``: the
        move numbers (from 1, a whole consolidation or refill one move) where
        the fair hint would have chosen differently; ``.reason``: the text,
        the verdict and then that list (docs/analysis.md, 4). The game is not
        changed. See :func:`mc_widget.analysis.review.review`.
        """
        from ..analysis.review import review

        return review(self._state)

    def walk_to(self, k: int) -> None:
        """Go to step ``k`` (0 … n) of :meth:`walkthrough`, by undo/redo-able single steps.

        Raises ``IllegalMove`` (``no-walkthrough``; ``out-of-range`` with key
        ``walk-out-of-range``) or ``ArgumentError`` (``k`` not a whole
        number) and changes nothing. See :func:`mc_widget.engine.walkthrough.walk_to`.
        """
        with self._lock:
            try:
                state = walk_to(self._state, k)
            except ValueError as error:
                self._refused(error)
                raise
            self._commit(state)

    def undo(self) -> Action:
        """Take back the last action in effect and return it.

        Raises ``IllegalMove`` (``nothing-to-undo``) when there is none.
        """
        return self.apply(Undo())

    def redo(self) -> Action:
        """Redo the next undone action and return it.

        Raises ``IllegalMove`` (``nothing-to-redo``) when there is none.
        """
        return self.apply(Redo())

    # ------------------------------------------------------------------ listeners

    def on_change(self, callback: Listener) -> None:
        """Call ``callback(game)`` after every change of the state (added once)."""
        if callback not in self._listeners:
            self._listeners.append(callback)

    def off_change(self, callback: Listener) -> None:
        """Stop calling ``callback``; nothing happens when it was not added."""
        if callback in self._listeners:
            self._listeners.remove(callback)

    def on_refusal(self, callback: RefusalListener) -> None:
        """Call ``callback(game, error)`` when an action is refused (added once).

        Refused means :meth:`apply` (and every action method built on it) or
        :meth:`walk_to` raised; the step methods' ``None`` for "nothing left
        to move / to deal" is not a refusal. ``error`` is the engine's error
        (``IllegalMove``, ``StateError``, ``DealError``, ``LayoutError``,
        ``ArgumentError`` for a bad argument of ``remove_pair`` or ``walk_to``,
        checked before the action; the queries' bad arguments are not
        refusals and are only raised); it is raised to the caller after
        the callbacks, and the game is unchanged. The widget uses it to show on
        the board why ``w.game.remove_pair(0, 1)`` was refused.
        """
        if callback not in self._refusal_listeners:
            self._refusal_listeners.append(callback)

    def off_refusal(self, callback: RefusalListener) -> None:
        """Stop calling ``callback`` on refusals; nothing happens when it was not added."""
        if callback in self._refusal_listeners:
            self._refusal_listeners.remove(callback)

    def _refused(self, error: Exception) -> None:
        for callback in list(self._refusal_listeners):
            callback(self, error)

    def _commit(self, state: State, compare: bool = True) -> None:
        if state is self._state or (compare and state == self._state):
            return
        self._state = state
        for callback in list(self._listeners):
            callback(self)

    # ------------------------------------------------------------------ text

    def __str__(self) -> str:
        """The tableau as rows of cards (``..`` for a gap) and a summary line.

        For example the last line of a fresh deal reads
        ``stock 27 · discards 0 pairs · removed 0/52 · round 1 · remove pairs``;
        once a card went alone (a Thirteens king) the discards count cards:
        after one pair and one king, ``discards 3 cards``.
        """
        return self.text()

    def text(self, lang: str = "en") -> str:
        """``str(game)`` with the summary line in ``lang`` (one of ``LANGUAGES``;
        ``ValueError`` otherwise). The rows stay in layout notation, which is
        the same in every language (docs/i18n.md, section 1): in German the
        last line of a fresh deal reads
        ``Vorrat 27 · beiseite 0 Paare · abgeräumt 0/52 · Runde 1 · Paare abräumen``.
        """
        state = self._state
        rows = layout_rows(state.rules, state.tableau)
        now = self.status
        phase = format_message("phase." + (state.phase if now == "playing" else now), lang=lang)
        # Pairs are counted as pairs; once a card went alone (a Thirteens
        # king), as cards, as the board's discards pile says (presentation.js).
        if any(len(entry) == 1 for entry in state.discards):
            pairs_text = counted("count.cards", state.removed, lang)
        else:
            pairs_text = counted("count.pairs", len(state.discards), lang)
        line = format_message(
            "summary.line",
            {
                "stock": len(state.stock),
                "pairs": pairs_text,
                "removed": state.removed,
                "total": state.total,
                "round": state.round,
                "phase": phase,
            },
            lang,
        )
        return "\n".join([*rows, line])

    def __repr__(self) -> str:
        rules = self._state.rules
        extra = ""
        if rules != PRESETS["standard"]:
            extra = (
                f", rules={rules.name!r}"
                if PRESETS.get(rules.name) == rules
                else f", rules={rules!r}"
            )
        return f"Game.from_layout({self.to_layout()!r}{extra})"
