"""The common mistakes M1 … M10 as teaching data (RULES.md, "Common mistakes").

Each ``Mistake`` is a small position with panels that show the mistake beside
the right rule: the right side from the engine, the wrong side from
:mod:`.wrong_rules` (a variant's, M10: :mod:`.variant_mistakes`), so a
learner sees both drawn from real rules. The API, the texts' catalogue keys
and their card parameters (:data:`_CARDS`): docs/teaching.md, section 4.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from mc_widget.engine import (
    Remove,
    Rules,
    State,
    apply,
    false_neighbours,
    legal_pairs,
    new_state,
    pairs,
)
from mc_widget.engine.cards import card_symbol, parse_card
from mc_widget.engine.messages import catalogue, check_language, format_message

from . import wrong_rules as wrong
from ._round import round_end as _round_end
from ._round import start as _start
from .order_mistakes import M3_LAYOUT, M4_LAYOUT, m3_panels, m4_panels
from .panels import make_panel
from .variant_mistakes import VARIANT_MISTAKES

__all__ = ["Mistake", "UnknownMistake", "mistake", "mistakes"]

Panel = dict[str, Any]


@dataclass(frozen=True)
class Mistake:
    """One common mistake and its demonstration.

    Fields: ``code`` (``"M1"`` … ``"M10"``), ``slug`` (``"false-neighbours"``),
    ``title`` (a few words), ``summary`` (one line: the mistake), ``rule``
    (one line: the right rule, RULES.md), ``layout`` (layout notation of the
    position made for it; partial layouts hold fewer than 52 cards),
    ``panels`` (a tuple of panel dicts, docs/teaching.md §4), ``notes`` (a
    tuple of plain-words explanation lines) and ``rules`` (the preset name
    the layout is played under: ``"standard"``, ``"thirteens"`` for M10;
    load it with ``Game.from_layout(m.layout, m.rules)``). The texts
    (title, summary, rule, notes, the panels' titles and captions) are in
    the language the mistake was asked for.
    """

    code: str
    slug: str
    title: str
    summary: str
    rule: str
    layout: str
    panels: tuple[Panel, ...]
    notes: tuple[str, ...]
    rules: str = "standard"


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
    *((code, entry[0]) for code, entry in VARIANT_MISTAKES.items()),
)


#: The cards each mistake's texts name, as notation: the parameters ``a``,
#: ``b``, … in the order its texts first name them. Every text also gets
#: ``cards``: the cards of the position in reading order ("9♥ K♣ 4♦ …").
_CARDS: dict[str, str] = {
    "M1": "4S 4C",
    "M2": "8S 8H",
    "M3": "5S 5H",
    "M4": "7H 4C 7S",
    "M5": "9H 4H JD 4S",
    "M6": "6D 6S",
    "M7": "7S 7H 7D",
    "M8": "6D 6S",
    "M9": "5D 5C 2C 2S 8H JH 8S JS",
    **{code: entry[4] for code, entry in VARIANT_MISTAKES.items()},
}

#: A mistake's texts in one language: ``say("wrong-title")`` is
#: ``mistake.<code>.wrong-title`` filled with its cards (and any more params).
Say = Callable[..., str]


def _empty(rows: int) -> str:
    return "/".join([".. .. .. .. .."] * rows)


def _sayer(code: str, layout: str, lang: str, rules: str = "standard") -> Say:
    named = _CARDS[code].split()
    cards: dict[str, Any] = {"abcdefgh"[k]: parse_card(text) for k, text in enumerate(named)}
    tableau = new_state(Rules.preset(rules), layout=layout).tableau
    cards["cards"] = " ".join(card_symbol(card, lang) for card in tableau if card is not None)

    def say(text: str, **params: Any) -> str:
        return format_message(f"mistake.{code}.{text}", {**cards, **params}, lang)

    return say


@cache
def _note_count(code: str) -> int:
    """How many notes the mistake has: its keys ``note-1``, ``note-2`` … in English."""
    count = 0
    while f"mistake.{code}.note-{count + 1}" in catalogue():
        count += 1
    return count


# --------------------------------------------------------------------------
# Engine helpers (the right side)


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


def _m1(say: Say) -> tuple[Panel, ...]:
    state = _start(M1_LAYOUT)
    claimed = wrong.across_gap_pairs(state.tableau, RULES)
    wrong_panel = make_panel(
        state.tableau,
        RULES,
        title=say("wrong-title"),
        caption=say("wrong-caption"),
        verdict="wrong",
        marks=[(1, "focus"), *((cell, "crossed") for cell in false_neighbours(state, 1))],
        links=[(i, j, "false") for i, j in claimed],
    )
    after, _, _ = _round_end(state)
    right = _pair_panel(after, say("right-title"), say("right-caption"))
    return wrong_panel, right


M2_LAYOUT = "8S KD 5C JH 4S/3H 8H 2D 9C QD/" + _empty(3) + " |"


def _m2(say: Say) -> tuple[Panel, ...]:
    state = _start(M2_LAYOUT)
    found = wrong.orthogonal_pairs(state.tableau, RULES)
    wrong_panel = make_panel(
        state.tableau,
        RULES,
        title=say("wrong-title"),
        caption=say("wrong-caption"),
        verdict="wrong",
        marks=[(0, "focus"), *((cell, "pair") for pair in found for cell in pair)],
        links=[(i, j, "pair") for i, j in found],
    )
    right = _pair_panel(state, say("right-title"), say("right-caption"))
    return wrong_panel, right


M5_LAYOUT = "9H 4H .. .. ../4S JD .. .. ../" + _empty(3) + " |"


def _m5(say: Say) -> tuple[Panel, ...]:
    state = _start(M5_LAYOUT)
    panels = []
    for rule, name in ((wrong.suit_pairs, "suit"), (wrong.colour_pairs, "colour")):
        claimed = rule(state.tableau, RULES)
        panels.append(
            make_panel(
                state.tableau,
                RULES,
                title=say(f"{name}-title"),
                caption=say(f"{name}-caption"),
                verdict="wrong",
                links=[(i, j, "no-pair") for i, j in claimed],
            )
        )
    panels.append(_pair_panel(state, say("right-title"), say("right-caption")))
    return tuple(panels)


M6_LAYOUT = "2D JC 8H QS TD/6S KH 3C 9S 6D/5C AH 7D 4S 8C/" + _empty(2) + " | QD 3H"


def _m6(say: Say) -> tuple[Panel, ...]:
    state = _start(M6_LAYOUT)
    claimed = wrong.wrap_around_pairs(state.tableau, RULES)
    wrong_panel = make_panel(
        state.tableau,
        RULES,
        title=say("wrong-title"),
        caption=say("wrong-caption"),
        verdict="wrong",
        marks=[(9, "focus")],
        links=[(i, j, "wrap") for i, j in claimed],
    )
    right = make_panel(
        state.tableau,
        RULES,
        title=say("right-title"),
        caption=say("right-caption"),
        verdict="right",
        marks=[(9, "focus"), *((cell, "crossed") for cell in wrong.wrapped_neighbours(9, RULES))],
    )
    return wrong_panel, right


M7_LAYOUT = "7H 7S 7D KC 3H/2S 9D QH 5C JS/" + _empty(3) + " |"


def _m7(say: Say) -> tuple[Panel, ...]:
    state = _start(M7_LAYOUT)
    result = wrong.remove_all_touching(state.tableau, RULES)
    gone = [
        cell for cell, card in enumerate(result) if card is None and state.tableau[cell] is not None
    ]
    wrong_panel = make_panel(
        state.tableau,
        RULES,
        title=say("wrong-title"),
        caption=say("wrong-caption"),
        verdict="wrong",
        marks=[(cell, "focus") for cell in gone],
        links=[(i, j, "pair") for i, j in pairs(state)],
    )
    panels = [wrong_panel]
    sevens = {0, 1, 2}  # the cells of 7♥ 7♠ 7♦
    for i, j in legal_pairs(state):
        (stays,) = sevens - {i, j}
        first, second, kept = (state.tableau[k] for k in (i, j, stays))
        panels.append(
            make_panel(
                state.tableau,
                RULES,
                title=say("right-title", first=first, second=second),
                caption=say("right-caption", kept=kept),
                verdict="right",
                marks=[(i, "pair"), (j, "pair"), (stays, "focus")],
                links=[(i, j, "pair")],
            )
        )
    return tuple(panels)


M8_LAYOUT = "QS 6D .. KH 8C/.. 2H .. .. ../.. .. .. 6S ../" + _empty(2) + " |"


def _m8(say: Say) -> tuple[Panel, ...]:
    state = _start(M8_LAYOUT)
    wrong_panel = make_panel(
        state.tableau,
        RULES,
        title=say("wrong-title"),
        caption=say("wrong-caption"),
        verdict="wrong",
        marks=[(1, "focus"), (13, "focus")],
    )
    after, _, _ = _round_end(state)
    right = _pair_panel(after, say("right-title"), say("right-caption"))
    return wrong_panel, right


M9_LAYOUT = "5D 8H JH 2C 2S/5C .. .. .. ../" + _empty(3) + " | 8S JS"
#: M9's two lines: every pair at once (blocked), or keep the pair 2♣ 2♠ for one round (won).
M9_EVERY_PAIR = ((0, 5), (3, 4))
M9_KEEP_ONE = ((0, 5),)


def _m9(say: Say) -> tuple[Panel, ...]:
    state = _start(M9_LAYOUT)
    start = _pair_panel(state, say("start-title"), say("start-caption"), verdict="")
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
        title=say("wrong-title"),
        caption=say("wrong-caption"),
        verdict="wrong",
        marks=[(cell, "dealt") for cell in dealt_every],
        links=[(0, 2, "false"), (1, 3, "false")],
    )
    found = pairs(keep)
    right = make_panel(
        keep.tableau,
        RULES,
        title=say("right-title"),
        caption=say("right-caption"),
        verdict="right",
        marks=[
            *((cell, "dealt") for cell in dealt_keep),
            *((cell, "pair") for pair in found for cell in pair),
        ],
        links=[(i, j, "pair") for i, j in found],
    )
    return start, wrong_panel, right


# --------------------------------------------------------------------------
# The mistakes: position and panels (their texts are in the catalogue)


_MISTAKES: dict[str, tuple[str, Callable[[Say], tuple[Panel, ...]]]] = {
    "M1": (M1_LAYOUT, _m1),
    "M2": (M2_LAYOUT, _m2),
    "M3": (M3_LAYOUT, m3_panels),
    "M4": (M4_LAYOUT, m4_panels),
    "M5": (M5_LAYOUT, _m5),
    "M6": (M6_LAYOUT, _m6),
    "M7": (M7_LAYOUT, _m7),
    "M8": (M8_LAYOUT, _m8),
    "M9": (M9_LAYOUT, _m9),
}


def _build(code: str, slug: str, lang: str) -> Mistake:
    if code in VARIANT_MISTAKES:
        _, rules, layout, panels = VARIANT_MISTAKES[code][:4]
    else:
        (layout, panels), rules = _MISTAKES[code], "standard"
    say = _sayer(code, layout, lang, rules)
    notes = tuple(say(f"note-{k}") for k in range(1, _note_count(code) + 1))
    texts = say("title"), say("summary"), say("rule")
    return Mistake(code, slug, *texts, layout, panels(say), notes, rules)


def mistakes(lang: str = "en") -> list[Mistake]:
    """The mistakes M1 … M10 in order, with their panels computed now, texts in ``lang``.

    Raises ``ValueError`` for a language not in ``messages.LANGUAGES``.
    """
    check_language(lang)
    return [_build(code, slug, lang) for code, slug in _SLUGS]


def mistake(code_or_slug: str, lang: str = "en") -> Mistake:
    """The mistake with this code (``"M3"``, ``"m3"``) or slug (``"consolidation-order"``).

    Case and surrounding spaces do not matter. Its texts are in ``lang``
    (docs/i18n.md; ``ValueError`` for a language not in
    ``messages.LANGUAGES``). Raises :class:`UnknownMistake` (a ``KeyError``
    and a ``ValueError``) naming the value and listing the valid codes and
    slugs, for anything else (non-strings included).
    """
    check_language(lang)
    if isinstance(code_or_slug, str):
        wanted = code_or_slug.strip().lower()
        for code, slug in _SLUGS:
            if wanted in (code.lower(), slug):
                return _build(code, slug, lang)
    raise UnknownMistake(code_or_slug)
