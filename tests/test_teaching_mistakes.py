"""The common-mistake demonstrations M1 … M9 (docs/teaching.md §4; RULES.md "Common mistakes").

Expected panels (key cells, links, marks) were worked out by hand from each
mistake's layout; M9's two lines are played to the end with ``Game`` and
their outcomes stated here, not taken from the teaching code.
"""

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

import mc_widget
from mc_widget import Game, IllegalMove, Rules
from mc_widget.engine import parse_layout
from mc_widget.teaching import Mistake, UnknownMistake, mistake, mistakes
from mc_widget.teaching.panels import differing_cells, make_panel

ROOT = Path(__file__).resolve().parent.parent
SLUGS = [
    ("M1", "false-neighbours"),
    ("M2", "diagonals"),
    ("M3", "consolidation-order"),
    ("M4", "refill-before-consolidating"),
    ("M5", "suits-or-colours"),
    ("M6", "wrap-around"),
    ("M7", "one-card-two-pairs"),
    ("M8", "giving-up-with-gaps"),
    ("M9", "mechanical-pairing"),
    ("M10", "kings-paired"),
]
PANEL_KEYS = {"title", "caption", "verdict", "rows", "cols", "tableau", "marks", "links"}


def rows(text):
    """Layout rows -> the panel's tableau list (card text or None), 5 columns."""
    cells = []
    for row in text.split("/"):
        cells += [None if t == ".." else t for t in row.split()]
    return cells + [None] * (25 - len(cells))


def links(panel):
    return [(tuple(link["cells"]), link["kind"]) for link in panel["links"]]


def marks(panel, kind):
    return sorted(m["cell"] for m in panel["marks"] if m["kind"] == kind)


# --------------------------------------------------------------------------
# The list and the look-up


def test_mistakes_are_m1_to_m10_in_order_with_their_slugs():
    assert [(m.code, m.slug) for m in mistakes()] == SLUGS


@pytest.mark.parametrize("code,slug", SLUGS)
def test_each_mistake_loads_and_its_panels_are_panel_json(code, slug):
    m = mistake(code)
    # RULES.md: M10 is the Thirteens mistake; the others are the standard game's.
    assert m.rules == ("thirteens" if code == "M10" else "standard")
    game = Game.from_layout(m.layout, m.rules)
    assert game.status == "playing"
    for text in (m.title, m.summary, m.rule):
        assert text and "\n" not in text
    assert m.notes and all(isinstance(line, str) and line for line in m.notes)
    assert m.panels
    for panel in m.panels:
        assert set(panel) == PANEL_KEYS
        assert json.loads(json.dumps(panel)) == panel
        assert (panel["rows"], panel["cols"]) == (5, 5) and len(panel["tableau"]) == 25
        assert panel["verdict"] in ("wrong", "right", "")
        assert panel["title"] and isinstance(panel["caption"], str)
        # The badge (and the aria-label) say the verdict: the title never does.
        assert not panel["title"].lower().startswith(("wrong", "right")), panel["title"]
    verdicts = {panel["verdict"] for panel in m.panels}
    assert {"wrong", "right"} <= verdicts


def test_lookup_by_code_or_slug_ignores_case():
    assert mistake("m3").slug == "consolidation-order"
    assert mistake(" Consolidation-Order ").code == "M3"
    assert mistake("MECHANICAL-PAIRING").code == "M9"


@pytest.mark.parametrize("bad", ["M11", "M0", "diagonal", "", 3, None])
def test_an_unknown_mistake_names_the_value_and_lists_the_slugs(bad):
    with pytest.raises(UnknownMistake) as caught:
        mistake(bad)
    assert isinstance(caught.value, KeyError) and isinstance(caught.value, ValueError)
    text = str(caught.value)
    assert repr(bad) in text
    for code, slug in SLUGS:
        assert code in text and slug in text


def test_a_mistake_is_frozen_and_each_call_gives_fresh_panels():
    m = mistake("M1")
    with pytest.raises(dataclasses.FrozenInstanceError):
        m.layout = ""  # type: ignore[misc]
    m.panels[0]["tableau"][0] = "XX"
    assert mistake("M1").panels[0]["tableau"][0] == "QH"
    assert isinstance(m, Mistake)


# --------------------------------------------------------------------------
# Each mistake's verdicts (hand-checked)


def test_m1_false_neighbours_then_touching_after_consolidation():
    m = mistake("false-neighbours")
    game = Game.from_layout(m.layout)
    assert game.legal_pairs() == []
    with pytest.raises(IllegalMove) as refused:
        game.remove_pair(1, 3)
    assert refused.value.reason == "across-gap"
    wrong, right = m.panels
    assert wrong["verdict"] == "wrong"
    assert wrong["tableau"][1:4] == ["4S", None, "4C"]
    assert links(wrong) == [((1, 3), "false")]
    assert marks(wrong, "crossed") == [3] and marks(wrong, "focus") == [1]
    # consolidating: 4C moves into the gap, the rest follow in reading order
    assert right["verdict"] == "right"
    assert right["tableau"] == rows("QH 4S 4C 9D 2H/8C JS 6D KH ..")
    assert links(right) == [((1, 2), "pair")]


def test_m2_diagonal_pair_missed_by_the_sides_only():
    wrong, right = mistake("M2").panels
    assert wrong["tableau"][0] == "8S" and wrong["tableau"][6] == "8H"
    assert links(wrong) == []
    assert links(right) == [((0, 6), "pair")]
    assert marks(right, "pair") == [0, 6]


def test_m3_the_right_order_and_three_wrong_ones():
    right, gravity, own_rows, rows_cols = mistake("M3").panels
    assert [p["verdict"] for p in (right, gravity, own_rows, rows_cols)] == [
        "right",
        "wrong",
        "wrong",
        "wrong",
    ]
    # layout 9H .. 5S .. KC / - / .. 7S .. 2C .. / 5H ..: reading order 9H 5S KC 7S 2C 5H
    assert right["tableau"] == rows("9H 5S KC 7S 2C/5H")
    assert gravity["title"] == "Column gravity"
    # Column 1: 9H, 5H; column 2: 7S; column 3: 5S; column 4: 2C; column 5: KC.
    assert gravity["tableau"] == rows("9H 7S 5S 2C KC/5H")
    assert own_rows["tableau"] == rows("9H 5S KC .. ../.. .. .. .. ../7S 2C .. .. ../5H")
    assert rows_cols["tableau"] == rows("9H 5S KC .. ../7S 2C .. .. ../5H")


def test_m3_shows_the_pair_the_right_order_makes_and_every_wrong_one_loses():
    # Issue 20: what each wrong way costs. Right: 5♠ in cell 1 (row 1, column 2)
    # and 5♥ in cell 5 (row 2, column 1) touch by a corner. Wrong: 5♠ cell 2,
    # 5♥ cell 5 (columns 3 and 1); 5♠ cell 1, 5♥ cell 15 (rows 1 and 4);
    # 5♠ cell 1, 5♥ cell 10 (rows 1 and 3): never neighbours.
    m = mistake("M3")
    right, gravity, own_rows, rows_cols = m.panels
    assert marks(right, "pair") == [1, 5]
    assert links(right) == [((1, 5), "pair")]
    assert right["caption"].endswith("5♠ and 5♥ now touch: a pair.")
    for panel, cells in ((gravity, [2, 5]), (own_rows, [1, 15]), (rows_cols, [1, 10])):
        assert marks(panel, "focus") == cells
        assert [panel["tableau"][c] for c in cells] == ["5S", "5H"]
        assert marks(panel, "differs") == [] and links(panel) == []
        assert panel["caption"].endswith("5♠ and 5♥ do not touch: the pair is lost.")
    assert m.notes[2].startswith("Only the reading order brings 5♠ and 5♥ together")
    # The engine agrees: after the round the fives are the only pair.
    game = Game.from_layout(m.layout)
    assert game.legal_pairs() == []
    game.consolidate()
    assert game.legal_pairs() == [(1, 5)]


def test_m4_refill_in_place_against_consolidate_then_refill():
    m = mistake("M4")
    wrong, right = m.panels
    assert wrong["tableau"] == rows("KS 7H 3D 4C 9C/6H 2S JC QD 7S")
    assert marks(wrong, "dealt") == [1, 3]
    assert right["tableau"] == rows("KS 3D 9C 6H 2S/JC QD 7S 7H 4C")
    assert marks(right, "dealt") == [8, 9]
    game = Game.from_layout(m.layout)
    game.consolidate()
    assert game.refill() == [8, 9]


def test_m4_shows_the_pair_consolidating_first_makes_and_refilling_in_place_loses():
    # Issue 20. Right: 7♠ closes up to cell 7, 7♥ is dealt into cell 8: side by
    # side in row 2. Wrong: 7♥ in cell 1 (row 1, column 2), 7♠ in cell 9 (row 2,
    # column 5): apart.
    m = mistake("M4")
    wrong, right = m.panels
    assert marks(wrong, "focus") == [1, 9] and links(wrong) == []
    assert wrong["caption"].endswith("7♥ does not touch 7♠: the pair is lost.")
    assert marks(right, "pair") == [7, 8]
    assert links(right) == [((7, 8), "pair")]
    assert right["caption"].endswith("7♥ now touches 7♠: a pair.")
    game = Game.from_layout(m.layout)
    game.consolidate()
    game.refill()
    assert game.legal_pairs() == [(7, 8)]


def test_m5_suits_and_colours_are_not_pairs_ranks_are():
    suit, colour, right = mistake("M5").panels
    assert rows("9H 4H .. .. ../4S JD") == right["tableau"]
    # Neighbours claimed as pairs: "no-pair", not "false" (they do touch).
    assert links(suit) == [((0, 1), "no-pair")]  # 9H and 4H, hearts
    assert links(colour) == [((0, 1), "no-pair"), ((0, 6), "no-pair"), ((1, 6), "no-pair")]
    assert links(right) == [((1, 5), "pair")]  # 4H and 4S on a diagonal


def test_m6_the_far_edge_is_crossed_out():
    m = mistake("wrap-around")
    wrong, right = m.panels
    assert wrong["tableau"][5] == "6S" and wrong["tableau"][9] == "6D"
    assert links(wrong) == [((5, 9), "wrap")]  # opposite edges of row 2
    assert marks(right, "focus") == [9]
    assert marks(right, "crossed") == [0, 5, 10]  # column 1 of rows 1-3
    game = Game.from_layout(m.layout)
    assert game.legal_pairs() == []
    with pytest.raises(IllegalMove):
        game.remove_pair(5, 9)


def test_m7_one_pair_of_three_sevens_and_the_wrong_all_three():
    m = mistake("M7")
    wrong, first, second = m.panels
    assert wrong["verdict"] == "wrong" and wrong["tableau"][:3] == ["7H", "7S", "7D"]
    assert marks(wrong, "focus") == [0, 1, 2]
    assert links(first) == [((0, 1), "pair")] and marks(first, "focus") == [2]
    assert links(second) == [((1, 2), "pair")] and marks(second, "focus") == [0]
    for i, j in ((0, 1), (1, 2)):
        game = Game.from_layout(m.layout)
        game.remove_pair(i, j)
        assert game.legal_pairs() == []  # the third seven has no partner left


def test_m8_no_pair_now_but_consolidating_brings_one():
    m = mistake("M8")
    game = Game.from_layout(m.layout)
    assert game.legal_pairs() == [] and game.status == "playing"
    wrong, right = m.panels
    assert wrong["verdict"] == "wrong" and links(wrong) == []
    assert right["tableau"] == rows("QS 6D KH 8C 2H/6S")
    assert links(right) == [((1, 5), "pair")]
    game.consolidate()
    assert game.legal_pairs() == [(1, 5)]


def test_m9_every_pair_at_once_loses_keeping_the_twos_wins():
    m = mistake("mechanical-pairing")
    assert m.layout.startswith("5D 8H JH 2C 2S/5C ")
    # Line 1, mechanical: both pairs, consolidate, refill -> 8H JH 8S JS: blocked.
    every = Game.from_layout(m.layout)
    assert every.legal_pairs() == [(0, 5), (3, 4)]
    every.remove_pair(0, 5)
    every.remove_pair(3, 4)
    every.consolidate()
    every.refill()
    assert [str(card) for card in every.grid[:4]] == ["8H", "JH", "8S", "JS"]
    assert every.status == "lost" and every.removed == 4
    # Line 2: keep 2C 2S; J♠ is dealt next to J♥, then the eights meet.
    keep = Game.from_layout(m.layout)
    keep.remove_pair(0, 5)
    keep.consolidate()
    keep.refill()
    assert keep.legal_pairs() == [(1, 5), (2, 3)]
    keep.remove_pair(1, 5)
    keep.remove_pair(2, 3)
    keep.consolidate()
    assert keep.legal_pairs() == [(0, 1)]
    keep.remove_pair(0, 1)
    assert keep.status == "won" and keep.removed == 8
    start, wrong, right = m.panels
    assert links(start) == [((0, 5), "pair"), ((3, 4), "pair")]
    assert wrong["tableau"] == rows("8H JH 8S JS ..") and marks(wrong, "dealt") == [2, 3]
    assert right["tableau"] == rows("8H JH 2C 2S 8S/JS")
    assert links(right) == [((1, 5), "pair"), ((2, 3), "pair")]


def test_m10_two_kings_touch_but_each_goes_alone_in_thirteens():
    m = mistake("kings-paired")
    assert (m.code, m.rules) == ("M10", "thirteens")
    game = Game.from_layout(m.layout, m.rules)
    # K♠ K♥ in cells 0-1; 7♦ 6♣ in cells 2-3 make 13 (7 + 6); no other sum of 13 touches.
    assert game.legal_lone() == [0, 1]
    assert game.legal_pairs() == [(2, 3)]
    with pytest.raises(IllegalMove) as refused:
        game.remove_pair(0, 1)
    assert refused.value.reason == "lone-rank"
    wrong, right = m.panels
    assert wrong["verdict"] == "wrong" and links(wrong) == [((0, 1), "no-pair")]
    assert marks(wrong, "focus") == [0, 1]
    assert wrong["tableau"][:4] == ["KS", "KH", "7D", "6C"]
    assert right["verdict"] == "right" and links(right) == [((2, 3), "pair")]
    assert marks(right, "focus") == [0, 1] and marks(right, "pair") == [2, 3]
    assert m.notes[-1] == "7♦ and 6♣ are a pair: 7 + 6 = 13."
    # The right way, played: each king alone, then the pair; 6 cards left, none pairing.
    game.remove_king(0)
    game.remove_king(1)
    game.remove_pair(2, 3)
    assert game.removed == 4 and game.legal_pairs() == []


def test_the_wrong_kings_rule_pairs_touching_kings_only():
    from mc_widget.teaching.variant_mistakes import kings_paired

    thirteens = Rules.preset("thirteens")
    tableau = parse_layout(
        "KS KH .. KD ../KC 6C 7D .. ../" + "/".join([".. .. .. .. .."] * 3), thirteens
    )[0]
    # K♠-K♥ side by side, K♠-K♣ and K♥-K♣ (diagonal) touch; K♦ has a gap to its left
    # and touches K♥ only across it: not neighbours.
    assert kings_paired(tableau, thirteens) == [(0, 1), (0, 5), (1, 5)]
    assert kings_paired(tableau, Rules.preset("standard")) == []  # no lone rank
    with pytest.raises(ValueError, match="25"):
        kings_paired(tableau[:5], thirteens)


def test_every_link_kind_says_what_its_two_cards_are():
    # RULES.md "Terms": neighbours touch in the 8 directions, no wrap. A
    # "false" link joins two cards that do not touch (a gap or a card between),
    # "wrap" two on opposite edges of one row or column, "no-pair" two that
    # touch but differ in rank, "pair" two touching cards of one rank.
    # Thirteens (M10): a pair is two ranks adding up to 13 (A=1 … Q=12), and
    # a king pairs with nothing (RULES.md, "Variants").
    def touch(a, b):
        return a != b and max(abs(a // 5 - b // 5), abs(a % 5 - b % 5)) == 1

    values = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13} | {str(n): n for n in range(2, 10)}

    def paired(rules, first, second):
        if rules == "thirteens":
            return "K" not in (first, second) and values[first] + values[second] == 13
        return first == second

    seen = set()
    for m in mistakes():
        for panel in m.panels:
            tableau = panel["tableau"]
            for (a, b), kind in links(panel):
                seen.add(kind)
                rank = [tableau[c][:-1] for c in (a, b)]
                where = f"{m.code} {panel['title']!r} {kind} {a}-{b}"
                if kind == "false":
                    assert not touch(a, b), where
                elif kind == "wrap":
                    assert a // 5 == b // 5 and {a % 5, b % 5} == {0, 4}, where
                elif kind == "no-pair":
                    assert touch(a, b) and not paired(m.rules, *rank), where
                else:
                    assert kind == "pair" and touch(a, b) and paired(m.rules, *rank), where
    assert seen == {"false", "wrap", "no-pair", "pair"}


# --------------------------------------------------------------------------
# The panel builder


GRID = Rules("grid", 3, 3, 1)


def test_make_panel_writes_the_exact_json():
    tableau = parse_layout("AS .. 2H/.. .. ../.. .. ..", GRID)[0]
    panel = make_panel(
        tableau,
        GRID,
        title="T",
        caption="C",
        verdict="wrong",
        marks=[(2, "crossed"), (0, "focus"), (2, "crossed")],
        links=[(2, 0, "false")],
    )
    assert panel == {
        "title": "T",
        "caption": "C",
        "verdict": "wrong",
        "rows": 3,
        "cols": 3,
        "tableau": ["AS", None, "2H", None, None, None, None, None, None],
        "marks": [{"cell": 2, "kind": "crossed"}, {"cell": 0, "kind": "focus"}],
        "links": [{"cells": [0, 2], "kind": "false"}],
    }


@pytest.mark.parametrize(
    "change,message",
    [
        ({"verdict": "maybe"}, "verdict"),
        ({"marks": [(0, "glow")]}, "mark kind"),
        ({"marks": [(9, "focus")]}, "mark cell 9 is outside"),
        ({"links": [(1, 1, "pair")]}, "to itself"),
        ({"links": [(0, 1, "wedding")]}, "link kind"),
        ({"title": 3}, "title"),
    ],
)
def test_make_panel_refuses_bad_parts(change, message):
    tableau = (None,) * 9
    args = {"title": "T", **change}
    with pytest.raises((TypeError, ValueError), match=message):
        make_panel(tableau, GRID, **args)


def test_differing_cells_compare_who_touches_whom():
    right = parse_layout("AS 2H 3D/.. .. ../.. .. ..", GRID)[0]
    swapped = parse_layout("AS 3D 2H/.. .. ../.. .. ..", GRID)[0]
    mirrored = parse_layout("3D 2H AS/.. .. ../.. .. ..", GRID)[0]
    missing = parse_layout("AS 2H ../.. .. ../.. .. 4C", GRID)[0]
    assert differing_cells(swapped, right, GRID) == (0, 1, 2)
    assert differing_cells(mirrored, right, GRID) == ()  # same neighbours, other cells
    # 2H loses 3D (differs), AS keeps {2H}, 4C is not in the right result
    assert differing_cells(missing, right, GRID) == (1, 8)


# --------------------------------------------------------------------------
# Imports


def test_the_package_exports_the_teaching_names():
    for name in ("mistakes", "mistake", "scenarios", "scenario", "Mistake", "Scenario"):
        assert name in mc_widget.__all__
    from mc_widget import Mistake as Exported
    from mc_widget import mistakes as exported

    assert Exported is Mistake and exported is mistakes


def test_the_engine_never_imports_teaching_and_teaching_needs_no_jupyter():
    code = (
        "import sys\n"
        "import mc_widget.engine\n"
        "from mc_widget import Game\n"
        "Game(deal=1).legal_pairs()\n"
        "engine_only = 'mc_widget.teaching' in sys.modules\n"
        "from mc_widget import mistakes, scenarios\n"
        "mistakes(); scenarios()\n"
        "jupyter = [m for m in ('anywidget', 'ipywidgets', 'traitlets', 'IPython') "
        "if m in sys.modules]\n"
        "print(engine_only, ','.join(jupyter) or 'clean')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["False", "clean"]


def test_engine_sources_never_name_teaching():
    for path in (ROOT / "mc_widget" / "engine").glob("*.py"):
        text = path.read_text()
        assert "teaching" not in "\n".join(
            line for line in text.splitlines() if "import" in line
        ), path
