"""The common mistakes M1 … M9 as teaching data (RULES.md, "Common mistakes"; docs/teaching.md, §4).

Each ``Mistake`` has a small position made for it (layout notation, often a
partial layout with few cards) and panels that show the mistake beside the
right rule: the right side is computed by the engine (``mc_widget.engine``),
the wrong side by :mod:`mc_widget.teaching.wrong_rules`. ``mistake("M3")`` or
``mistake("consolidation-order")`` finds one; the widget builds a live
board from ``.layout`` and shows ``.title``, ``.summary``, ``.rule`` and
``.panels``. M10 (kings in Thirteens) comes with the Thirteens variant.

The panels are computed afresh on every call, so a caller may change the
dicts it gets without changing anyone else's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mc_widget.engine import (
    Consolidate,
    Refill,
    Remove,
    Rules,
    State,
    apply,
    false_neighbours,
    legal_pairs,
    new_state,
    pairs,
)

from . import wrong_rules as wrong
from .panels import differing_cells, make_panel

__all__ = ["Mistake", "UnknownMistake", "mistake", "mistakes"]

Panel = dict[str, Any]


@dataclass(frozen=True)
class Mistake:
    """One common mistake and its demonstration.

    Fields: ``code`` (``"M1"`` … ``"M9"``), ``slug`` (``"false-neighbours"``),
    ``title`` (a few words), ``summary`` (one line: the mistake), ``rule``
    (one line: the right rule, RULES.md), ``layout`` (layout notation of the
    position made for it, the standard rules; partial layouts hold fewer
    than 52 cards), ``panels`` (a tuple of panel dicts, docs/teaching.md
    §4) and ``notes`` (a tuple of plain-words explanation lines).
    """

    code: str
    slug: str
    title: str
    summary: str
    rule: str
    layout: str
    panels: tuple[Panel, ...]
    notes: tuple[str, ...]


class UnknownMistake(KeyError, ValueError):
    """No mistake has that code or slug; the message lists the valid ones.

    A ``KeyError`` (a look-up that failed) and a ``ValueError`` (bad input),
    so either ``except`` catches it.
    """

    def __init__(self, value: object) -> None:
        self.value = value
        codes = ", ".join(f"{code} {slug}" for code, slug in _SLUGS)
        self.message = f"no mistake is called {value!r}; the mistakes are: {codes}"
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message


RULES = Rules.preset("standard")

#: (code, slug) in order: the look-up table.
_SLUGS = (
    ("M1", "false-neighbours"),
    ("M2", "diagonals"),
    ("M3", "consolidation-order"),
    ("M4", "refill-before-consolidating"),
    ("M5", "suits-or-colours"),
    ("M6", "wrap-around"),
    ("M7", "one-card-two-pairs"),
    ("M8", "giving-up-with-gaps"),
    ("M9", "mechanical-pairing"),
)


def _empty(rows: int) -> str:
    return "/".join([".. .. .. .. .."] * rows)


# --------------------------------------------------------------------------
# Engine helpers (the right side)


def _start(layout: str) -> State:
    return new_state(RULES, layout=layout)


def _round_end(state: State) -> tuple[State, list[tuple[int, int]], list[int]]:
    """Consolidate, then refill when the rules ask for it: (state, moves, cells dealt)."""
    after = apply(state, Consolidate())
    moves = _moves(state.tableau)
    dealt: list[int] = []
    if after.phase == "refill":
        gaps = [k for k, card in enumerate(after.tableau) if card is None]
        dealt = gaps[: len(after.stock)]
        after = apply(after, Refill())
    return after, moves, dealt


def _moves(tableau: tuple) -> list[tuple[int, int]]:
    """The (from, to) cells of the cards a consolidation moves (reading order kept)."""
    moves, target = [], 0
    for source, card in enumerate(tableau):
        if card is None:
            continue
        if source != target:
            moves.append((source, target))
        target += 1
    return moves


def _pair_panel(state: State, title: str, caption: str, verdict: str = "right") -> Panel:
    found = pairs(state)
    return make_panel(
        state.tableau,
        RULES,
        title=title,
        caption=caption,
        verdict=verdict,
        marks=[(cell, "pair") for pair in found for cell in pair],
        links=[(i, j, "pair") for i, j in found],
    )


# --------------------------------------------------------------------------
# The nine positions and their panels


M1_LAYOUT = "QH 4S .. 4C 9D/2H 8C JS 6D KH/" + _empty(3) + " |"


def _m1() -> tuple[Panel, ...]:
    state = _start(M1_LAYOUT)
    claimed = wrong.across_gap_pairs(state.tableau, RULES)
    wrong_panel = make_panel(
        state.tableau,
        RULES,
        title="A pair across the gap",
        caption="4♠ and 4♣ have a gap between them: they are not neighbours now.",
        verdict="wrong",
        marks=[(1, "focus"), *((cell, "crossed") for cell in false_neighbours(state, 1))],
        links=[(i, j, "false") for i, j in claimed],
    )
    after, _, _ = _round_end(state)
    right = _pair_panel(
        after, "After consolidating", "The gap closes: 4♠ and 4♣ touch and make a pair."
    )
    return wrong_panel, right


M2_LAYOUT = "8S KD 5C JH 4S/3H 8H 2D 9C QD/" + _empty(3) + " |"


def _m2() -> tuple[Panel, ...]:
    state = _start(M2_LAYOUT)
    found = wrong.orthogonal_pairs(state.tableau, RULES)
    wrong_panel = make_panel(
        state.tableau,
        RULES,
        title="Only by the sides",
        caption="Looking only up, down, left and right finds no pair here.",
        verdict="wrong",
        marks=[(0, "focus"), *((cell, "pair") for pair in found for cell in pair)],
        links=[(i, j, "pair") for i, j in found],
    )
    right = _pair_panel(state, "Corners count too", "8♠ and 8♥ touch at a corner: they are a pair.")
    return wrong_panel, right


M3_LAYOUT = "9H .. KC .. 4D/" + _empty(1) + "/.. 7S .. 2C ../JD .. .. .. ../" + _empty(1) + " |"

#: The three wrong ways of consolidating, with their panel texts.
_M3_WRONG: tuple[tuple[Callable[..., tuple], str, str], ...] = (
    (wrong.column_gravity, "Column gravity", "Cards slide straight up their column."),
    (wrong.rows_on_their_own, "Each row on its own", "Cards slide left within their row."),
    (
        wrong.rows_then_columns,
        "Rows, then columns",
        "Cards slide left in their row, then up their column.",
    ),
)


def _m3() -> tuple[Panel, ...]:
    state = _start(M3_LAYOUT)
    after, moves, _ = _round_end(state)
    right = make_panel(
        after.tableau,
        RULES,
        title="One reading order",
        caption="The cards keep their reading order; the gaps go to the end.",
        verdict="right",
        marks=[(to, "moved") for _, to in moves],
    )
    panels = [right]
    for rule, title, caption in _M3_WRONG:
        result = rule(state.tableau, RULES)
        cells = differing_cells(result, after.tableau, RULES)
        panels.append(
            make_panel(
                result,
                RULES,
                title=title,
                caption=caption,
                verdict="wrong",
                marks=[(cell, "differs") for cell in cells],
            )
        )
    return tuple(panels)


M4_LAYOUT = "KS .. 3D .. 9C/6H 2S JC QD 5S/" + _empty(3) + " | 7H 4C"


def _m4() -> tuple[Panel, ...]:
    state = _start(M4_LAYOUT)
    after, moves, dealt = _round_end(state)
    result, _, filled = wrong.refill_in_place(state.tableau, state.stock, RULES)
    cells = differing_cells(result, after.tableau, RULES)
    wrong_panel = make_panel(
        result,
        RULES,
        title="Refill in place",
        caption="7♥ and 4♣ are dealt into the gaps where they are, before consolidating.",
        verdict="wrong",
        marks=[*((cell, "dealt") for cell in filled), *((cell, "differs") for cell in cells)],
    )
    right = make_panel(
        after.tableau,
        RULES,
        title="Consolidate, then refill",
        caption="The cards close up first; 7♥ and 4♣ fill the last two cells.",
        verdict="right",
        marks=[*((to, "moved") for _, to in moves), *((cell, "dealt") for cell in dealt)],
    )
    return wrong_panel, right


M5_LAYOUT = "9H 4H .. .. ../4S JD .. .. ../" + _empty(3) + " |"


def _m5() -> tuple[Panel, ...]:
    state = _start(M5_LAYOUT)
    panels = []
    for rule, title, caption in (
        (wrong.suit_pairs, "Same suit", "9♥ and 4♥ are both hearts, but not a pair."),
        (wrong.colour_pairs, "Same colour", "Red next to red is not a pair."),
    ):
        claimed = rule(state.tableau, RULES)
        panels.append(
            make_panel(
                state.tableau,
                RULES,
                title=title,
                caption=caption,
                verdict="wrong",
                links=[(i, j, "no-pair") for i, j in claimed],
            )
        )
    panels.append(
        _pair_panel(state, "Same rank", "4♥ and 4♠ have the same rank: the only pair here.")
    )
    return tuple(panels)


M6_LAYOUT = "2D JC 8H QS TD/6S KH 3C 9S 6D/5C AH 7D 4S 8C/" + _empty(2) + " | QD 3H"


def _m6() -> tuple[Panel, ...]:
    state = _start(M6_LAYOUT)
    claimed = wrong.wrap_around_pairs(state.tableau, RULES)
    wrong_panel = make_panel(
        state.tableau,
        RULES,
        title="The grid wraps round",
        caption="6♦ on the right edge is taken to touch 6♠ on the far left edge.",
        verdict="wrong",
        marks=[(9, "focus")],
        links=[(i, j, "wrap") for i, j in claimed],
    )
    right = make_panel(
        state.tableau,
        RULES,
        title="The grid has edges",
        caption="6♦ has 5 neighbours; the crossed cells on the far edge are not among them.",
        verdict="right",
        marks=[(9, "focus"), *((cell, "crossed") for cell in wrong.wrapped_neighbours(9, RULES))],
    )
    return wrong_panel, right


M7_LAYOUT = "7H 7S 7D KC 3H/2S 9D QH 5C JS/" + _empty(3) + " |"


def _m7() -> tuple[Panel, ...]:
    state = _start(M7_LAYOUT)
    result = wrong.remove_all_touching(state.tableau, RULES)
    gone = [
        cell for cell, card in enumerate(result) if card is None and state.tableau[cell] is not None
    ]
    wrong_panel = make_panel(
        state.tableau,
        RULES,
        title="All three sevens go",
        caption="7♠ would be used in two pairs; a card can be in only one.",
        verdict="wrong",
        marks=[(cell, "focus") for cell in gone],
        links=[(i, j, "pair") for i, j in pairs(state)],
    )
    panels = [wrong_panel]
    names = {0: "7♥", 1: "7♠", 2: "7♦"}
    for i, j in legal_pairs(state):
        (stays,) = set(names) - {i, j}
        panels.append(
            make_panel(
                state.tableau,
                RULES,
                title=f"{names[i]} and {names[j]} go",
                caption=f"{names[stays]} stays for a later round.",
                verdict="right",
                marks=[(i, "pair"), (j, "pair"), (stays, "focus")],
                links=[(i, j, "pair")],
            )
        )
    return tuple(panels)


M8_LAYOUT = "QS 6D .. KH 8C/.. 2H .. .. ../.. .. .. 6S ../" + _empty(2) + " |"


def _m8() -> tuple[Panel, ...]:
    state = _start(M8_LAYOUT)
    wrong_panel = make_panel(
        state.tableau,
        RULES,
        title="No pair, so give up",
        caption="No two cards of one rank touch now, but gaps remain.",
        verdict="wrong",
        marks=[(1, "focus"), (13, "focus")],
    )
    after, _, _ = _round_end(state)
    right = _pair_panel(
        after, "Consolidate first", "Consolidating brings 6♦ and 6♠ together: a pair."
    )
    return wrong_panel, right


M9_LAYOUT = "5D 8H JH 2C 2S/5C .. .. .. ../" + _empty(3) + " | 8S JS"
#: M9's two lines: every pair at once (blocked), or keep the pair 2♣ 2♠ for one round (won).
M9_EVERY_PAIR = ((0, 5), (3, 4))
M9_KEEP_ONE = ((0, 5),)


def _m9() -> tuple[Panel, ...]:
    state = _start(M9_LAYOUT)
    start = _pair_panel(
        state,
        "The position: two pairs",
        "Two pairs can be removed now: 5♦ with 5♣, 2♣ with 2♠.",
        verdict="",
    )
    lines = []
    for removals in (M9_EVERY_PAIR, M9_KEEP_ONE):
        line = state
        for i, j in removals:
            line = apply(line, Remove(i, j))
        lines.append(_round_end(line))
    (every, _, dealt_every), (keep, _, dealt_keep) = lines
    wrong_panel = make_panel(
        every.tableau,
        RULES,
        title="Every pair at once",
        caption="After the refill 8♥ J♥ 8♠ J♠ touch only cards of other ranks: blocked.",
        verdict="wrong",
        marks=[(cell, "dealt") for cell in dealt_every],
        links=[(0, 2, "false"), (1, 3, "false")],
    )
    found = pairs(keep)
    right = make_panel(
        keep.tableau,
        RULES,
        title="Keep the twos for a round",
        caption="Now J♠ lands next to J♥; the game can be won.",
        verdict="right",
        marks=[
            *((cell, "dealt") for cell in dealt_keep),
            *((cell, "pair") for pair in found for cell in pair),
        ],
        links=[(i, j, "pair") for i, j in found],
    )
    return start, wrong_panel, right


# --------------------------------------------------------------------------
# The texts


_TEXTS: dict[str, tuple[str, str, str, str, Callable[[], tuple[Panel, ...]], tuple[str, ...]]] = {
    "M1": (
        "False neighbours",
        "Treating two cards with a gap between them as neighbours.",
        "A gap breaks contact until the cards are consolidated.",
        M1_LAYOUT,
        _m1,
        (
            "4♠ and 4♣ sit in the same row with an empty cell between them.",
            "They are not neighbours now, so they cannot be removed as a pair.",
            "Consolidating moves 4♣ into the gap; then they touch and make a pair.",
        ),
    ),
    "M2": (
        "Forgetting the diagonals",
        "Looking for pairs only up, down, left and right.",
        "All 8 directions count, corners included.",
        M2_LAYOUT,
        _m2,
        (
            "8♠ and 8♥ touch only at a corner.",
            "A card has up to 8 neighbours: 4 by the sides and 4 by the corners.",
        ),
    ),
    "M3": (
        "Consolidating in the wrong order",
        "Closing the gaps by columns, by rows on their own, or by rows and then columns.",
        "One reading order: the cards keep their order and all the gaps go to the end.",
        M3_LAYOUT,
        _m3,
        (
            "Read the cards left to right, top to bottom: 9♥ K♣ 4♦ 7♠ 2♣ J♦.",
            "Consolidating puts them in the first six cells in that same order.",
            "Each wrong way leaves the cards with other neighbours (marked).",
        ),
    ),
    "M4": (
        "Refilling before consolidating",
        "Dealing stock cards into the gaps where they are, before the cards close up.",
        "Consolidate first, then refill the gaps at the end.",
        M4_LAYOUT,
        _m4,
        (
            "There are two gaps in the first row and two cards in the stock.",
            "The cards on the board close up first; the stock cards go into the last cells.",
            "Dealing into the gaps where they are gives the cards other neighbours.",
        ),
    ),
    "M5": (
        "Matching suits or colours",
        "Pairing cards because they share a suit or a colour.",
        "Only the rank counts; suits and colours never matter.",
        M5_LAYOUT,
        _m5,
        (
            "9♥ and 4♥ are both hearts; 9♥, 4♥ and J♦ are all red.",
            "None of those is a pair: only 4♥ and 4♠, two fours, are.",
        ),
    ),
    "M6": (
        "Wrapping round the edges",
        "Letting the grid wrap from one edge to the other.",
        "The grid has edges: a card on an edge has fewer neighbours.",
        M6_LAYOUT,
        _m6,
        (
            "6♦ is on the right edge, 6♠ on the left edge of the same row.",
            "They do not touch: the grid does not wrap round.",
            "An edge card has 5 neighbours and a corner card 3.",
        ),
    ),
    "M7": (
        "One card in two pairs",
        "Removing three touching cards of one rank at once.",
        "One card, one pair: of three touching sevens only two go.",
        M7_LAYOUT,
        _m7,
        (
            "7♠ touches both 7♥ and 7♦, but 7♥ and 7♦ do not touch each other.",
            "Remove 7♠ with one of them; the other seven stays for a later round.",
        ),
    ),
    "M8": (
        "Giving up with gaps left",
        "Stopping when no pair is visible although there are gaps.",
        "Consolidate first: closing the gaps can bring cards together.",
        M8_LAYOUT,
        _m8,
        (
            "No pair can be removed now, but the game is not over.",
            "Consolidating moves 6♠ up next to 6♦.",
        ),
    ),
    "M9": (
        "Pairing mechanically",
        "Removing every pair at once without looking ahead.",
        "The choice of pairs decides what touches after consolidating.",
        M9_LAYOUT,
        _m9,
        (
            "Remove both pairs and 8♠ and J♠ are dealt in the wrong places: blocked.",
            "Remove only 5♦ and 5♣ and keep the twos: after the refill J♠ touches J♥.",
            "Then the jacks and the twos go, and the eights meet: every card is removed.",
        ),
    ),
}


def _build(code: str, slug: str) -> Mistake:
    title, summary, rule, layout, panels, notes = _TEXTS[code]
    return Mistake(code, slug, title, summary, rule, layout, panels(), notes)


def mistakes() -> list[Mistake]:
    """The mistakes M1 … M9 in order, with their panels computed now."""
    return [_build(code, slug) for code, slug in _SLUGS]


def mistake(code_or_slug: str) -> Mistake:
    """The mistake with this code (``"M3"``, ``"m3"``) or slug (``"consolidation-order"``).

    Case and surrounding spaces do not matter. Raises :class:`UnknownMistake`
    (a ``KeyError`` and a ``ValueError``) naming the value and listing the
    valid codes and slugs, for anything else (non-strings included).
    """
    if isinstance(code_or_slug, str):
        wanted = code_or_slug.strip().lower()
        for code, slug in _SLUGS:
            if wanted in (code.lower(), slug):
                return _build(code, slug)
    raise UnknownMistake(code_or_slug)
