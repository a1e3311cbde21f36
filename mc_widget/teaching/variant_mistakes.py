"""The mistakes of the variants: M10, two kings paired in Thirteens (RULES.md,
"Variants" and "Common mistakes").

Kept apart from :mod:`.mistakes` (the standard game's M1 … M9) because its
position is played under other rules: each entry here says which preset its
layout is written for. The wrong rule it shows (two kings as a pair) lives
only here, beside the demonstration; the engines keep the right one (a king
is removed alone, and a ``lone`` rank pairs with nothing).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mc_widget.engine import Rules, lone_cells, new_state, pairs
from mc_widget.engine.cards import Card
from mc_widget.engine.rules import is_lone, touching_table

from ._check import check_tableau
from .panels import make_panel

__all__ = ["M10_LAYOUT", "VARIANT_MISTAKES", "kings_paired"]

Panel = dict[str, Any]
#: A mistake's texts in one language (as in :mod:`.mistakes`).
Say = Callable[..., str]


def kings_paired(tableau: Sequence[Card | None], rules: Rules) -> list[tuple[int, int]]:
    """WRONG (mistake M10): two touching cards of the same ``lone`` rank taken as a pair.

    In Thirteens a king is removed alone and never pairs (RULES.md,
    "Variants"); a learner used to the standard game, or who thinks
    "K + K" must make something, pairs two touching kings. Returns every
    such ``(i, j)``, ``i < j``, ascending: the cells touch under ``rules``
    (its touching rule, gaps breaking contact as the engine's table does)
    and both cards have the same rank listed in ``rules.lone``. ``[]`` for
    rules with no ``lone`` ranks. Raises ``TypeError`` / ``ValueError``
    naming the bad part for a tableau that does not fit ``rules``.
    """
    cells = check_tableau(tableau, rules)
    table = touching_table(rules)
    found = []
    for i, a in enumerate(cells):
        if a is None or not is_lone(rules, a):
            continue
        for j in table[i]:
            b = cells[j]
            if j > i and b is not None and b.rank == a.rank:
                found.append((i, j))
    return sorted(found)


THIRTEENS = Rules.preset("thirteens")

#: Two kings side by side, a 7 + 6 pair beside them, and no other pair.
M10_LAYOUT = "KS KH 7D 6C 9H/4S 2D QC 5C 3H/" + "/".join([".. .. .. .. .."] * 3) + " |"


def _m10(say: Say) -> tuple[Panel, ...]:
    state = new_state(THIRTEENS, layout=M10_LAYOUT)
    claimed = kings_paired(state.tableau, THIRTEENS)
    kings = lone_cells(state)
    wrong_panel = make_panel(
        state.tableau,
        THIRTEENS,
        title=say("wrong-title"),
        caption=say("wrong-caption"),
        verdict="wrong",
        marks=[(cell, "focus") for cell in kings],
        links=[(i, j, "no-pair") for i, j in claimed],
    )
    found = pairs(state)
    right = make_panel(
        state.tableau,
        THIRTEENS,
        title=say("right-title"),
        caption=say("right-caption"),
        verdict="right",
        marks=[
            *((cell, "focus") for cell in kings),
            *((cell, "pair") for pair in found for cell in pair),
        ],
        links=[(i, j, "pair") for i, j in found],
    )
    return wrong_panel, right


#: code → (slug, rules preset, layout, panel builder, the cards its texts name).
VARIANT_MISTAKES: dict[str, tuple[str, str, str, Callable[[Say], tuple[Panel, ...]], str]] = {
    "M10": ("kings-paired", "thirteens", M10_LAYOUT, _m10, "KS KH 7D 6C"),
}
