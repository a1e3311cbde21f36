"""The walkthrough: a round's consolidation and refill as a timeline of single-card steps
(docs/teaching.md, section 1; RULES.md, "A round", "One card at a time").

The teaching views show a round one card at a time and let the learner walk
back and forth. The rules stay in :mod:`mc_widget.engine.actions`: the
timeline is found by replaying single ``consolidate_step`` / ``refill_step``
actions, and walking is plain undo/redo over a history of such steps.
The JavaScript mirror is ``js/engine/walkthrough.js``, pinned by
``tests/vectors/walkthrough.json``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .actions import _play, _replay
from .errors import ArgumentError, IllegalMove, is_int
from .queries import can_start_consolidation, status
from .state import Action, ConsolidateStep, RefillStep, State

__all__ = ["Step", "Walkthrough", "walk_to", "walkthrough"]

#: The actions of a round's consolidation and refill (docs/teaching.md, section 1).
ROUND_ACTIONS = frozenset({"consolidate_step", "consolidate", "refill_step", "refill"})


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a walkthrough.

    ``kind`` is ``"move"`` (the first card after the first gap moves into
    it: ``source`` and ``target`` are cells) or ``"deal"`` (the top stock
    card fills ``target``; ``source`` is ``None``). ``card`` is the card
    text, e.g. ``"5D"``. JSON: ``{"kind", "from", "to", "card"}``.
    """

    kind: str
    source: int | None
    target: int
    card: str

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "move", "from": 3, "to": 2, "card": "5D"}`` (``from`` null for a deal)."""
        return {"kind": self.kind, "from": self.source, "to": self.target, "card": self.card}


@dataclass(frozen=True, slots=True)
class Walkthrough:
    """The timeline of one round's consolidation and refill.

    ``base``: how many history actions come before the round (the timeline
    starts from the position after ``history[:base]``); ``position``: how
    many steps of it the state has made (0 … ``n``); ``moves`` / ``deals``:
    the ``move`` and ``deal`` steps in ``steps`` (moves first).
    """

    base: int
    position: int
    moves: int
    deals: int
    steps: tuple[Step, ...]

    @property
    def n(self) -> int:
        """The number of steps: ``moves + deals`` (23 in the German worked example)."""
        return self.moves + self.deals

    def to_json(self) -> dict[str, Any]:
        """The JSON form of docs/teaching.md, identical to the JavaScript engine's."""
        return {
            "base": self.base,
            "position": self.position,
            "moves": self.moves,
            "deals": self.deals,
            "steps": [step.to_json() for step in self.steps],
        }


def _round_start(state: State) -> int:
    """``cursor`` moved back over the trailing consolidation and refill actions."""
    j = state.cursor
    while j > 0 and state.history[j - 1].type in ROUND_ACTIONS:
        j -= 1
    return j


def _timeline(base: State) -> tuple[Step, ...]:
    """Every single-card step from ``base`` (phase ``remove``) to the round's end."""
    steps: list[Step] = []
    position = base
    while True:
        before = position
        position, move = _play(position, ConsolidateStep())
        if move is not None:
            source, target = move
            steps.append(Step("move", source, target, str(before.tableau[source])))
        if position.phase != "consolidate":
            break
    while position.phase == "refill":
        card = str(position.stock[0])
        position, cell = _play(position, RefillStep())
        steps.append(Step("deal", None, cell, card))
    return tuple(steps)


def _steps_made(base: State, actions: tuple[Action, ...]) -> int:
    """How many timeline steps ``actions`` make from ``base`` (docs/teaching.md, "position")."""
    made = 0
    position = base
    for action in actions:
        position, result = _play(position, action)
        if action.type == "consolidate_step":
            made += result is not None
        elif action.type == "refill_step":
            made += 1
        else:  # consolidate: its moves; refill: its cells
            made += len(result)
    return made


def _base(state: State) -> tuple[int, State] | None:
    j = _round_start(state)
    if j < state.cursor:
        return j, _replay(state, j)
    if state.phase == "remove" and status(state) == "playing" and can_start_consolidation(state):
        return j, state
    return None


def walkthrough(state: State) -> Walkthrough | None:
    """The walkthrough offered in ``state``, or ``None`` (docs/teaching.md, section 1).

    When the last actions in effect are the round's consolidation and refill
    (``consolidate_step``, ``consolidate``, ``refill_step``, ``refill``), the
    timeline is that round's, from the position before them, and
    ``position`` counts the steps they made. Otherwise one is offered only
    in phase ``remove`` of a game being played when a consolidation can
    start; it starts at the state itself, at step 0. ``None`` otherwise
    (a full tableau, a game that is over, …). Pure: ``state`` is not changed.
    """
    found = _base(state)
    if found is None:
        return None
    j, base = found
    steps = _timeline(base)
    moves = sum(1 for step in steps if step.kind == "move")
    position = _steps_made(base, state.history[j : state.cursor])
    return Walkthrough(
        base=j, position=position, moves=moves, deals=len(steps) - moves, steps=steps
    )


def walk_to(state: State, k: int) -> State:
    """The state at step ``k`` (0 … n) of the walkthrough offered in ``state``.

    The history becomes ``history[:base]`` followed by one ``consolidate_step``
    per move and one ``refill_step`` per deal (with one ``consolidate_step``
    that moves nothing first when there are deals but no moves), and the
    cursor stands after the first ``k`` steps' actions: walking back one step
    is the engine's undo, walking on is redo. Pure: ``state`` is not changed.

    When ``state`` already stands at step ``k`` it is returned as it is (its
    history, a redoable tail and ``next_game`` kept): at ``k == position``,
    except at step 0 of a round with no moves when its empty
    ``consolidate_step`` is in effect (phase ``refill``, ``cursor > base``):
    ``walk_to(0)`` from there goes back to the round's base (docs/teaching.md,
    section 1).

    Raises, in this order and changing nothing: ``IllegalMove``
    (``no-walkthrough``) when :func:`walkthrough` gives ``None``;
    ``ArgumentError`` when ``k`` is not a whole number (a bool is not);
    ``IllegalMove`` (reason ``out-of-range``, key ``walk-out-of-range``,
    params ``{"k", "n"}``) when ``k`` is outside 0 … n.
    """
    walk = walkthrough(state)
    if walk is None:
        raise IllegalMove("no-walkthrough")
    if not is_int(k):
        raise ArgumentError("walk_to", k, "api.walk-step", {"n": walk.n})
    if not 0 <= k <= walk.n:
        raise IllegalMove("out-of-range", "walk-out-of-range", params={"k": k, "n": walk.n})
    if k == walk.position and (k > 0 or state.cursor == walk.base):
        return state
    lead: tuple[Action, ...] = (ConsolidateStep(),) if walk.moves == 0 else ()
    actions = (
        *lead,
        *(ConsolidateStep() for _ in range(walk.moves)),
        *(RefillStep() for _ in range(walk.deals)),
    )
    done = k + len(lead) if k > 0 else 0
    position = _replay(state, walk.base)
    for action in actions[:done]:
        position, _ = _play(position, action)
    history = (*state.history[: walk.base], *actions)
    changes: dict[str, Any] = {"history": history, "cursor": walk.base + done}
    if history != state.history and getattr(state, "next_game", None) is not None:
        # A new tail, as after a game action: the undone new deal or load goes.
        changes["next_game"] = None
    after = replace(position, **changes)
    after.cache.update(position.cache)
    return after
