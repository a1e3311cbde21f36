"""One standard round played by the engine, for the mistakes' right side.

Why apart: mc_widget/teaching/mistakes.py and order_mistakes.py (M3, M4)
both draw the right result of a round from the engine; one copy of the
helpers keeps them the same (RULES.md, "A round").
"""

from __future__ import annotations

from mc_widget.engine import Consolidate, Refill, Rules, State, apply, new_state

__all__ = ["RULES", "moves", "round_end", "start"]

#: The rules every standard mistake is played under.
RULES = Rules.preset("standard")


def start(layout: str) -> State:
    """The state of ``layout`` (notation) under the standard rules."""
    return new_state(RULES, layout=layout)


def round_end(state: State) -> tuple[State, list[tuple[int, int]], list[int]]:
    """Consolidate, then refill when the rules ask for it: (state, moves, cells dealt)."""
    after = apply(state, Consolidate())
    made = moves(state.tableau)
    dealt: list[int] = []
    if after.phase == "refill":
        gaps = [k for k, card in enumerate(after.tableau) if card is None]
        dealt = gaps[: len(after.stock)]
        after = apply(after, Refill())
    return after, made, dealt


def moves(tableau: tuple) -> list[tuple[int, int]]:
    """The (from, to) cells of the cards a consolidation moves (reading order kept)."""
    made, target = [], 0
    for source, card in enumerate(tableau):
        if card is None:
            continue
        if source != target:
            made.append((source, target))
        target += 1
    return made
