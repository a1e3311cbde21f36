"""Named teaching positions (docs/teaching.md, §4): a layout, a title and a caption.

A teacher opens one with ``MonteCarloWidget.scenario("three-sevens")``; the
board starts from ``.layout`` under ``.rules`` and shows ``.title`` and
``.caption``. Each caption says in plain words what the board does, and
only what it does: the tests play every claim (a "blocked" position is
lost, "three pairs" means three legal pairs). Most are partial layouts with
few cards, so one idea stands out.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Scenario", "UnknownScenario", "scenario", "scenarios"]


@dataclass(frozen=True)
class Scenario:
    """One teaching position.

    Fields: ``name`` (a slug, ``"three-sevens"``), ``title`` (a few words),
    ``caption`` (one or two plain sentences, true to the board), ``layout``
    (layout notation) and ``rules`` (the preset name the layout is written
    for: ``"standard"`` unless said otherwise, e.g. ``"small"``).
    """

    name: str
    title: str
    caption: str
    layout: str
    rules: str = "standard"


class UnknownScenario(KeyError, ValueError):
    """No scenario has that name; the message lists the valid names.

    A ``KeyError`` and a ``ValueError``, so either ``except`` catches it.
    """

    def __init__(self, value: object) -> None:
        self.value = value
        names = ", ".join(s.name for s in _SCENARIOS)
        self.message = f"no scenario is called {value!r}; the scenarios are: {names}"
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message


_E = ".. .. .. .. .."  # an empty row

_SCENARIOS = (
    Scenario(
        "corner-edge-inner",
        "Corner, edge, inner",
        "Select a card to see its neighbours: Q♥ in the corner has 3, J♥ on the top "
        "edge has 5, 2♣ in the middle has 8.",
        "QH 6C JH JS 5C/6D QC 3C 7S 4D/TD TH 2C 9D QS/4S JC 8D 9S 2H/5S 2D 7C KD 5D | "
        "8S 9H 4H KS 2S JD QD KH 9C 3S 5H AC TS 3H 6S 8H 7H 4C 6H KC 3D AH 8C TC AD AS 7D",
    ),
    Scenario(
        "german-worked-example",
        "The worked example",
        "Three pairs: 4♥ with 4♣ and J♦ with J♠ on diagonals, 2♣ above 2♦; Q♦ and "
        "Q♣ do not touch. Remove all three and consolidate: the kings and the sevens "
        "meet in row 3.",
        "9H KH 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH | "
        "TS 5C 2S AD 7S 3H QS JC 5S 8H TH AC 6C 6D 9C TD 4S 8S TC 3C 3D 9D JH 4D KC 6H 7H",
    ),
    Scenario(
        "false-neighbours",
        "False neighbours",
        "8♦ and 8♠ have a gap between them, so they are not neighbours: no pair can be "
        "removed now. Consolidate to close the gap.",
        f"KD 8D 9S 5H TC/2C .. 4H JS 3D/QC 8S 2H AD 6C/{_E}/{_E} |",
    ),
    Scenario(
        "three-sevens",
        "Three sevens",
        "7♠ touches 7♥ and 7♦, so there are two pairs to choose from, but only one can "
        "go: once 7♠ is removed, the other seven has no partner.",
        f"7H 7S 7D KC 3H/2S 9D QH 5C JS/{_E}/{_E}/{_E} |",
    ),
    Scenario(
        "diagonal-pair",
        "A diagonal pair",
        "The only pair is 8♠ and 8♥: they touch at a corner.",
        f"8S KD 5C JH 4S/3H 8H 2D 9C QD/{_E}/{_E}/{_E} |",
    ),
    Scenario(
        "consolidation-brings-pairs",
        "Consolidation brings pairs",
        "No pair can be removed, but the game is not over: consolidating brings 6♦ and "
        "6♠ together.",
        f"QS 6D .. KH 8C/.. 2H .. .. ../.. .. .. 6S ../{_E}/{_E} |",
    ),
    Scenario(
        "refill-at-the-end",
        "Refill at the end",
        "Two gaps in the top row and two cards in the stock. Consolidate, then refill: "
        "7♥ and 4♣ go into the last two cells, not into the gaps where they were.",
        f"KS .. 3D .. 9C/6H 2S JC QD 5S/{_E}/{_E}/{_E} | 7H 4C",
    ),
    Scenario(
        "blocked-full-tableau",
        "Blocked with stock left",
        "The tableau is full and no two cards of one rank touch. The stock still has "
        "cards, but nothing can change the board: the game is lost.",
        "AS 2H 3D 4C 5S/6H 7D 8C 9S TH/JD QC KS AH 2D/3C 4S 5H 6D 7C/8S 9H TD JC QS | KH AD",
    ),
    Scenario(
        "blocked-stock-empty",
        "Blocked, stock empty",
        "The stock is empty, every gap is at the end and no two cards of one rank "
        "touch: the game is lost.",
        f"AS 2H 3D 4C 5S/6H 7D 8C 9S TH/JD QC .. .. ../{_E}/{_E} |",
    ),
    Scenario(
        "won-in-one",
        "Won in one move",
        "Two cards left and they are a pair: remove 9♣ and 9♦ to win.",
        f"9C 9D .. .. ../{_E}/{_E}/{_E}/{_E} |",
    ),
    Scenario(
        "keep-a-pair",
        "Keep a pair",
        "The kings and the aces can go now. Remove both and the game is blocked after the "
        "refill; keep the aces for a round and every card can be removed.",
        f"KC 5H 9H AC AS/KH .. .. .. ../{_E}/{_E}/{_E} | 3S 5S 9S 3D",
    ),
    Scenario(
        "last-two-of-a-rank",
        "The last two queens",
        "Q♥ and Q♣ are the only queens left, so they can only pair with each other. "
        "Remove 5♠ and 5♦, then consolidate: the queens touch.",
        f"QH 5S 5D 3C 9H/JD KS QC .. ../{_E}/{_E}/{_E} |",
    ),
    Scenario(
        "no-wrap",
        "No wrap-around",
        "6♠ on the left edge and 6♦ on the right edge of the same row do not touch: "
        "the grid does not wrap round. There is no pair.",
        f"2D JC 8H QS TD/6S KH 3C 9S 6D/5C AH 7D 4S 8C/{_E}/{_E} | QD 3H",
    ),
    Scenario(
        "suits-do-not-matter",
        "Suits do not matter",
        "9♥ and 4♥ share a suit and 4♥ and J♦ a colour, but the only pair is 4♥ and 4♠.",
        f"9H 4H .. .. ../4S JD .. .. ../{_E}/{_E}/{_E} |",
    ),
    Scenario(
        "small-tableau",
        "The small tableau",
        "Four rows of five: 20 cards on the tableau and 32 in the stock.",
        "3H TD 9C QC KS/3S 6S 5S 9H 5H/7S 8H 4C KC 8D/AH AD KD AC 2H | 6C 2C 4D JS 7H 2D "
        "3C 9D AS 6D KH 4H 7C TS QH 5C 7D 5D 6H 3D TC 9S JH QS 8S 8C JC JD 4S TH 2S QD",
        rules="small",
    ),
)


def scenarios() -> list[Scenario]:
    """Every teaching position, in teaching order (a new list each call)."""
    return list(_SCENARIOS)


def scenario(name: str) -> Scenario:
    """The scenario called ``name`` (case and surrounding spaces do not matter).

    Raises :class:`UnknownScenario` (a ``KeyError`` and a ``ValueError``)
    naming the value and listing the valid names, for anything else.
    """
    if isinstance(name, str):
        wanted = name.strip().lower()
        for item in _SCENARIOS:
            if item.name == wanted:
                return item
    raise UnknownScenario(name)
