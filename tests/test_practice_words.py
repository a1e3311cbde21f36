"""One word for a practice record and one for a practice set in each language.

A learner copies the record with the board's button and a teacher reads
check_record's refusals of it: both must name the same thing. The words
below were chosen by hand from the catalogues' engine errors (practice-error.*),
which came first. In German "Reihe" alone is a tableau row ("Reihe 2,
Spalte 3"), so a set is an "Übungsreihe"; in Swedish "omgång" is a round of
the game ("i den här omgången"), so a set is a "serie".
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

MESSAGES = Path(__file__).resolve().parents[1] / "mc_widget" / "messages"

#: The record's noun in each language (lower case; found inside compounds too).
RECORD = {
    "en": "record",
    "sv": "logg",
    "nl": "verslag",
    "de": "protokoll",
    "it": "registro",
    "fr": "relevé",
}
#: Keys that name the practice record.
RECORD_KEYS = (
    "practice-ui.copy",
    "practice-ui.copied",
    "practice-ui.copy-fallback",
    "practice-ui.record-label",
    "practice-error.too-long",
    "practice-error.score",
    "practice-board.other-set",
)
#: The set's noun in each language.
SET = {"en": "set", "sv": "serie", "nl": "reeks", "de": "übungsreihe", "it": "serie", "fr": "série"}
#: Keys that name the practice set.
SET_KEYS = (
    "practice-ui.summary.title",
    "practice-ui.bad-set",
    "practice-error.schedule",
    "practice-error.set-done",
    "practice-board.other-set",
)


def words(lang: str) -> dict[str, str]:
    return json.loads((MESSAGES / f"{lang}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", sorted(RECORD))
def test_the_record_has_one_name(lang):
    catalogue = words(lang)
    assert [k for k in RECORD_KEYS if RECORD[lang] not in catalogue[k].lower()] == []


@pytest.mark.parametrize("lang", sorted(SET))
def test_the_set_has_one_name(lang):
    catalogue = words(lang)
    assert [k for k in SET_KEYS if SET[lang] not in catalogue[k].lower()] == []


def test_german_never_calls_a_set_a_row():
    # "dieser Reihe" reads "of this row" on a board of rows; a row is named
    # with its column ("Reihe und Spalte"), a set never is.
    de = words("de")
    practice = {k: v for k, v in de.items() if k.startswith("practice")}
    said = {k: f" {v} ".replace(".", " ") for k, v in practice.items()}
    assert [k for k, v in said.items() if " Reihe " in v and "Spalte" not in v] == []


#: The game's own word for the stock and for the tableau in each language, as
#: the board (ui.stock, aria.grid) and lesson 1 of each language name them
#: (lower case, a stem found in compounds: "stokkaarten", "Vorratskarten").
STOCK = {
    "en": "stock",
    "sv": "talong",
    "nl": "stok",
    "de": "vorrat",
    "it": "tallone",
    "fr": "pioche",
}
TABLEAU = {
    "en": "tableau",
    "sv": "uppl",
    "nl": "raster",
    "de": "auslage",
    "it": "griglia",
    "fr": "grille",
}
#: Practice keys whose English names the stock, and the tableau.
STOCK_KEYS = (
    "practice.kind.refill.summary",
    "practice.ask.next-cells",
    "practice.ask.cells-after-consolidating",
    "practice.refill.answer",
    "practice.verdict.won",
    "practice.verdict.lost-stock",
    "practice-ui.stock",
)
TABLEAU_KEYS = ("practice.verdict.lost-stock", "practice-ui.grid", "practice-ui.edge")


@pytest.mark.parametrize("lang", sorted(STOCK))
def test_practice_says_stock_and_tableau_as_the_game_does(lang):
    # The practice board stands beside the game's boards: "Vorrat: 27 Karten"
    # under the tableau, not "Talon" there and "der Stapel" in the question.
    catalogue = words(lang)
    assert STOCK[lang] in catalogue["ui.stock"].lower()
    assert TABLEAU[lang] in catalogue["aria.grid"].lower()
    assert [k for k in STOCK_KEYS if STOCK[lang] not in catalogue[k].lower()] == []
    assert [k for k in TABLEAU_KEYS if TABLEAU[lang] not in catalogue[k].lower()] == []


def test_french_practice_says_vous_as_the_game_does():
    # The game's French says "vous" ("tant que vous n'avez pas consolidé");
    # the practice board said "Ta réponse" and "copie-le" beside "Cliquez".
    fr = words("fr")
    tu = re.compile(r"\b(tu|ta|ton|tes|toi|copie-le)\b", re.IGNORECASE)
    said_tu = [k for k, v in fr.items() if k.startswith("practice") and tu.search(v)]
    assert said_tu == []
    assert "vous" in fr["illegal.across-gap"]


#: The game's own word for a gap (a place with no card) and for a cell (a
#: place of the tableau) in each language, as its errors and statuses say them
#: (illegal.across-gap, status.selected-false-one, count.cells.one): lower case,
#: any one of the forms found inside the text ("lege plek", "plätze", "vuoti").
GAP = {
    "en": ("gap",),
    "sv": ("lucka", "luckan", "luckor"),
    "nl": ("lege plek",),
    "de": ("lücke",),
    "it": ("vuoto", "vuoti"),
    "fr": ("vide",),
}
CELL = {
    "en": ("cell",),
    "sv": ("plats",),
    "nl": ("cel",),
    "de": ("platz", "plätze"),
    "it": ("cella", "celle"),
    "fr": ("cellule",),
}
#: The words the practice keys once used instead, as whole words: nl "het gat"
#: and "het vakje", de "das Feld", it "il buco" and "la casella", fr "le trou"
#: and "la case", sv "rutan" (the game's sv says "platsen"; "rutnätet" is the grid).
OLD = {
    "en": (),
    "sv": ("ruta", "rutan", "rutor", "rutorna"),
    "nl": ("gat", "gaten", "vak", "vakje", "vakjes", "vakken"),
    "de": ("feld", "felder", "feldern", "feldes"),
    "it": ("buco", "buchi", "casella", "caselle"),
    "fr": ("trou", "trous", "case", "cases"),
}


# The practice keys, and their touch-screen variants ("tap" for "click").
PRACTICE = ("practice", "touch.practice")


def practice_keys_saying(pattern: str) -> list[str]:
    """The practice keys whose English names a gap or a cell (not as a placeholder)."""
    en = words("en")
    said = re.compile(pattern, re.IGNORECASE)
    return [
        k
        for k, v in en.items()
        if k.startswith(PRACTICE) and said.search(re.sub(r"\{[^}]*\}", "", v))
    ]


@pytest.mark.parametrize("lang", sorted(OLD))
def test_practice_says_gap_and_cell_as_the_game_does(lang):
    # The practice board asks "which cell" beside a board whose errors say
    # "cel", "Platz", "cella", "cellule": nl said "vakje", de "Feld", it
    # "casella", fr "case"; and "gat", "buco", "trou" beside "lege plek",
    # "vuoto", "vide" for a gap.
    catalogue = words(lang)
    assert any(w in catalogue["illegal.across-gap"].lower() for w in GAP[lang])
    assert any(w in catalogue["count.cells.one"].lower() for w in CELL[lang])
    gap_keys = practice_keys_saying(r"\bgaps?\b")
    cell_keys = practice_keys_saying(r"\bcells?\b")
    assert len(gap_keys) >= 8 and len(cell_keys) >= 6
    assert [k for k in gap_keys if not any(w in catalogue[k].lower() for w in GAP[lang])] == []
    assert [k for k in cell_keys if not any(w in catalogue[k].lower() for w in CELL[lang])] == []
    if OLD[lang]:
        old = re.compile(r"\b(" + "|".join(OLD[lang]) + r")\b", re.IGNORECASE)
        practice = {k: v for k, v in catalogue.items() if k.startswith(PRACTICE)}
        assert [k for k, v in practice.items() if old.search(v)] == []
