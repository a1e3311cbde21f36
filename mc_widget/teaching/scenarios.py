"""Named teaching positions: a layout, a title and a caption (docs/teaching.md, §4).

A teacher opens one with ``MonteCarloWidget.scenario("three-sevens")``. Most
are partial layouts with few cards, so one idea stands out, and each caption
says only what the board does: the tests play every claim.
"""

from __future__ import annotations

from dataclasses import dataclass

from mc_widget.engine.cards import parse_card
from mc_widget.engine.messages import check_language, format_message

__all__ = ["Scenario", "UnknownScenario", "scenario", "scenarios"]


@dataclass(frozen=True)
class Scenario:
    """One teaching position.

    Fields: ``name`` (a slug, ``"three-sevens"``), ``title`` (a few words),
    ``caption`` (one or two plain sentences, true to the board), ``layout``
    (layout notation) and ``rules`` (the preset name the layout is written
    for: ``"standard"`` unless said otherwise, e.g. ``"small"``). The title
    and caption are in the language the scenario was asked for.
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
        names = ", ".join(p.name for p in _POSITIONS)
        self.message = f"no scenario is called {value!r}; the scenarios are: {names}"
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class _Position:
    name: str
    layout: str
    rules: str = "standard"
    cards: str = ""

    def scenario(self, lang: str) -> Scenario:
        params = {"abcdefgh"[k]: parse_card(text) for k, text in enumerate(self.cards.split())}
        title = format_message(f"scenario.{self.name}.title", params, lang)
        caption = format_message(f"scenario.{self.name}.caption", params, lang)
        return Scenario(self.name, title, caption, self.layout, self.rules)


_E = ".. .. .. .. .."  # an empty row

#: The positions: name, layout, the cards its caption names (notation: the
#: parameters a, b, … in the order the caption first names them) and rules.
_POSITIONS: tuple[_Position, ...] = (
    _Position(
        "corner-edge-inner",
        "QH 6C JH JS 5C/6D QC 3C 7S 4D/TD TH 2C 9D QS/4S JC 8D 9S 2H/5S 2D 7C KD 5D | "
        "8S 9H 4H KS 2S JD QD KH 9C 3S 5H AC TS 3H 6S 8H 7H 4C 6H KC 3D AH 8C TC AD AS 7D",
        cards="QH JH 2C",
    ),
    _Position(
        "german-worked-example",
        "9H KH 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH | "
        "TS 5C 2S AD 7S 3H QS JC 5S 8H TH AC 6C 6D 9C TD 4S 8S TC 3C 3D 9D JH 4D KC 6H 7H",
        cards="4H 4C JD JS 2C 2D QD QC",
    ),
    _Position(
        "false-neighbours",
        f"KD 8D 9S 5H TC/2C .. 4H JS 3D/QC 8S 2H AD 6C/{_E}/{_E} |",
        cards="8D 8S",
    ),
    _Position(
        "three-sevens",
        f"7H 7S 7D KC 3H/2S 9D QH 5C JS/{_E}/{_E}/{_E} |",
        cards="7S 7H 7D",
    ),
    _Position(
        "diagonal-pair",
        f"8S KD 5C JH 4S/3H 8H 2D 9C QD/{_E}/{_E}/{_E} |",
        cards="8S 8H",
    ),
    _Position(
        "consolidation-brings-pairs",
        f"QS 6D .. KH 8C/.. 2H .. .. ../.. .. .. 6S ../{_E}/{_E} |",
        cards="6D 6S",
    ),
    _Position(
        "refill-at-the-end",
        f"KS .. 3D .. 9C/6H 2S JC QD 5S/{_E}/{_E}/{_E} | 7H 4C",
        cards="7H 4C",
    ),
    _Position(
        "blocked-full-tableau",
        "AS 2H 3D 4C 5S/6H 7D 8C 9S TH/JD QC KS AH 2D/3C 4S 5H 6D 7C/8S 9H TD JC QS | KH AD",
        cards="",
    ),
    _Position(
        "blocked-stock-empty",
        f"AS 2H 3D 4C 5S/6H 7D 8C 9S TH/JD QC .. .. ../{_E}/{_E} |",
        cards="",
    ),
    _Position(
        "won-in-one",
        f"9C 9D .. .. ../{_E}/{_E}/{_E}/{_E} |",
        cards="9C 9D",
    ),
    _Position(
        "keep-a-pair",
        f"KC 5H 9H AC AS/KH .. .. .. ../{_E}/{_E}/{_E} | 3S 5S 9S 3D",
        cards="",
    ),
    _Position(
        "last-two-of-a-rank",
        f"QH 5S 5D 3C 9H/JD KS QC .. ../{_E}/{_E}/{_E} |",
        cards="QH QC 5S 5D",
    ),
    _Position(
        "no-wrap",
        f"2D JC 8H QS TD/6S KH 3C 9S 6D/5C AH 7D 4S 8C/{_E}/{_E} | QD 3H",
        cards="6S 6D",
    ),
    _Position(
        "suits-do-not-matter",
        f"9H 4H .. .. ../4S JD .. .. ../{_E}/{_E}/{_E} |",
        cards="9H 4H JD 4S",
    ),
    _Position(
        "small-tableau",
        "3H TD 9C QC KS/3S 6S 5S 9H 5H/7S 8H 4C KC 8D/AH AD KD AC 2H | 6C 2C 4D JS 7H 2D "
        "3C 9D AS 6D KH 4H 7C TS QH 5C 7D 5D 6H 3D TC 9S JH QS 8S 8C JC JD 4S TH 2S QD",
        rules="small",
        cards="",
    ),
    # The relatives of Monte Carlo (RULES.md, "Variants"; lesson 5).
    _Position(
        "king-goes-alone",
        f"9C KD 4H .. ../{_E}/{_E}/{_E}/{_E} |",
        rules="thirteens",
        cards="KD 9C 4H",
    ),
    _Position(
        "fourteens-neighbours",
        f"QC .. 2H 5S 9D/KH AD 7S 3C 4D/{_E}/{_E}/{_E} |",
        rules="fourteens",
        cards="5S 9D KH AD QC 2H",
    ),
    _Position(
        "fourteens-in-line",
        f"QC .. 2H 5S 9D/KH AD 7S 3C 4D/{_E}/{_E}/{_E} |",
        rules="fourteens-lines",
        cards="QC 2H",
    ),
    _Position(
        "aces-square-won",
        f"AS AH 7C AD AC/{_E}/.. .. 9C .. ../{_E}/{_E} |",
        rules="aces-square",
        cards="7C 9C",
    ),
)


def scenarios(lang: str = "en") -> list[Scenario]:
    """Every teaching position, in teaching order (a new list each call), texts in ``lang``.

    Raises ``ValueError`` for a language not in ``messages.LANGUAGES``.
    """
    check_language(lang)
    return [position.scenario(lang) for position in _POSITIONS]


def scenario(name: str, lang: str = "en") -> Scenario:
    """The scenario called ``name`` (case and surrounding spaces do not matter), texts in ``lang``.

    Raises ``ValueError`` for a language not in ``messages.LANGUAGES``, and
    :class:`UnknownScenario` (a ``KeyError`` and a ``ValueError``) naming
    the value and listing the valid names, for any other name.
    """
    check_language(lang)
    if isinstance(name, str):
        wanted = name.strip().lower()
        for position in _POSITIONS:
            if position.name == wanted:
                return position.scenario(lang)
    raise UnknownScenario(name)
