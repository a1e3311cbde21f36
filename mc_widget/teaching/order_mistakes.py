"""M3 and M4, the mistakes of the round's order, and what each wrong way costs.

Why apart: their panels show not only that a wrong way gives the cards other
neighbours but the pair it loses (issue 20): the right round makes a pair
(5♠ 5♥ in M3, 7♥ 7♠ in M4) and every wrong way keeps those two cards apart.
Positions and pairs are worked by hand in tests/test_teaching_mistakes.py
(RULES.md, "Common mistakes" and "A round").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import wrong_rules as wrong
from ._round import RULES
from ._round import round_end as _round_end
from ._round import start as _start
from .panels import make_panel

__all__ = ["M3_LAYOUT", "M4_LAYOUT", "m3_panels", "m4_panels"]

Panel = dict[str, Any]
#: A mistake's texts in one language (``mistakes.Say``).
Say = Callable[..., str]


def _empty(rows: int) -> str:
    return "/".join([".. .. .. .. .."] * rows)


#: 9♥ 5♠ K♣ 7♠ 2♣ 5♥ in reading order; the right consolidation puts 5♠ in
#: row 1 column 2 and 5♥ in row 2 column 1, diagonal neighbours: a pair that
#: every wrong way loses (issue 20: what each wrong way costs).
M3_LAYOUT = "9H .. 5S .. KC/" + _empty(1) + "/.. 7S .. 2C ../5H .. .. .. ../" + _empty(1) + " |"

#: The three wrong ways of consolidating, with the name of their panel texts.
_M3_WRONG: tuple[tuple[Callable[..., tuple], str], ...] = (
    (wrong.column_gravity, "columns"),
    (wrong.rows_on_their_own, "rows"),
    (wrong.rows_then_columns, "rows-columns"),
)


def _cells_of(tableau: tuple, *texts: str) -> tuple[int, ...]:
    """The cells holding the cards ``texts`` (notation, one deck), in that order."""
    return tuple(next(k for k, c in enumerate(tableau) if str(c) == t) for t in texts)


def _won_or_lost(tableau: tuple, cards: tuple[str, str], right: bool, extra=()) -> tuple:
    """Marks and links for the pair a way makes or loses: on the right result
    the two cards are marked ``pair`` and joined ``pair``; on a wrong one
    they are marked ``focus`` (the cards this is about), apart."""
    a, b = _cells_of(tableau, *cards)
    if right:
        return [*extra, (a, "pair"), (b, "pair")], [(a, b, "pair")]
    return [*extra, (a, "focus"), (b, "focus")], []


def m3_panels(say: Say) -> tuple[Panel, ...]:
    """M3's panels: the right order (5♠ 5♥ touch, marked ``pair``, joined
    ``pair``) and the three wrong ones (the fives marked ``focus``, apart)."""
    state = _start(M3_LAYOUT)
    after, moves, _ = _round_end(state)
    fives = ("5S", "5H")
    marks, links = _won_or_lost(after.tableau, fives, True, [(to, "moved") for _, to in moves])
    right = make_panel(
        after.tableau,
        RULES,
        title=say("right-title"),
        caption=say("right-caption"),
        verdict="right",
        marks=marks,
        links=links,
    )
    panels = [right]
    for rule, name in _M3_WRONG:
        result = rule(state.tableau, RULES)
        marks, links = _won_or_lost(result, fives, False)
        panels.append(
            make_panel(
                result,
                RULES,
                title=say(f"{name}-title"),
                caption=say(f"{name}-caption"),
                verdict="wrong",
                marks=marks,
                links=links,
            )
        )
    return tuple(panels)


#: 7♠ ends row 2; consolidated first, the stock's 7♥ is dealt beside it
#: (cells 7 and 8): a pair that refilling in place loses (7♥ in cell 1).
M4_LAYOUT = "KS .. 3D .. 9C/6H 2S JC QD 7S/" + _empty(3) + " | 7H 4C"


def m4_panels(say: Say) -> tuple[Panel, ...]:
    """M4's panels: refilled in place (7♥ far from 7♠, both ``focus``) and
    consolidated then refilled (7♠ 7♥ side by side, ``pair``, joined ``pair``)."""
    state = _start(M4_LAYOUT)
    after, moves, dealt = _round_end(state)
    result, _, filled = wrong.refill_in_place(state.tableau, state.stock, RULES)
    sevens = ("7H", "7S")
    marks, links = _won_or_lost(result, sevens, False, [(cell, "dealt") for cell in filled])
    wrong_panel = make_panel(
        result,
        RULES,
        title=say("wrong-title"),
        caption=say("wrong-caption"),
        verdict="wrong",
        marks=marks,
        links=links,
    )
    extra = [*((to, "moved") for _, to in moves), *((cell, "dealt") for cell in dealt)]
    marks, links = _won_or_lost(after.tableau, sevens, True, extra)
    right = make_panel(
        after.tableau,
        RULES,
        title=say("right-title"),
        caption=say("right-caption"),
        verdict="right",
        marks=marks,
        links=links,
    )
    return wrong_panel, right
