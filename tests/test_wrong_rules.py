"""The WRONG rules of the mistake demonstrations (mc_widget/teaching/wrong_rules.py).

Every expected tableau below was worked out by hand from the rule each
function claims to play wrongly (RULES.md, "Common mistakes"), on small
tableaux so the working is easy to follow.
"""

import ast
import inspect
from pathlib import Path

import pytest

from mc_widget.engine import Card, Rules, parse_layout
from mc_widget.teaching import wrong_rules as w

ROOT = Path(__file__).resolve().parent.parent
GRID = Rules("grid", 3, 3, 1)  # a 3 by 3 teaching board: cells 0 1 2 / 3 4 5 / 6 7 8
STANDARD = Rules.preset("standard")


def grid(text, rules=GRID):
    """A tableau from layout rows (``/`` between rows, ``..`` for a gap)."""
    return parse_layout(text, rules)[0]


def test_every_public_function_is_labelled_wrong():
    for name in w.__all__:
        doc = inspect.getdoc(getattr(w, name))
        assert doc.startswith("WRONG (mistake M"), name


def test_wrong_rules_read_only_card_and_rules_from_the_engine():
    tree = ast.parse((ROOT / "mc_widget" / "teaching" / "wrong_rules.py").read_text())
    imported = {
        (node.module, alias.name)
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    engine = {(m, n) for m, n in imported if m and m.startswith("mc_widget")}
    assert engine == {("mc_widget.engine.cards", "Card"), ("mc_widget.engine.rules", "Rules")}


# --------------------------------------------------------------------------
# M3: the wrong consolidations


def test_column_gravity_slides_cards_straight_up_their_column():
    before = grid(".. AS ../2H .. 3D/.. 4C 5S")
    # column 1: 2H -> top; column 2: AS, 4C; column 3: 3D, 5S
    assert w.column_gravity(before, GRID) == grid("2H AS 3D/.. 4C 5S/.. .. ..")


def test_each_row_on_its_own_slides_cards_left_within_their_row():
    before = grid(".. AS ../2H .. 3D/.. 4C 5S")
    assert w.rows_on_their_own(before, GRID) == grid("AS .. ../2H 3D ../4C 5S ..")


def test_rows_then_columns_differs_from_both_and_from_the_right_rule():
    before = grid("AS .. 2H/.. .. ../.. 3D ..")
    # rows first: AS 2H . / . . . / 3D . . ; then up the columns: 3D rises to row 2
    assert w.rows_then_columns(before, GRID) == grid("AS 2H ../3D .. ../.. .. ..")
    assert w.rows_on_their_own(before, GRID) == grid("AS 2H ../.. .. ../3D .. ..")
    assert w.column_gravity(before, GRID) == grid("AS 3D 2H/.. .. ../.. .. ..")
    # the right rule (one reading order) would give AS 2H 3D / . . . / . . .


def test_a_full_tableau_is_left_alone_by_every_wrong_consolidation():
    full = grid("AS 2H 3D/4C 5S 6H/7D 8C 9S")
    for rule in (w.column_gravity, w.rows_on_their_own, w.rows_then_columns):
        assert rule(full, GRID) == full


# --------------------------------------------------------------------------
# M4: refill in place


def test_refill_in_place_deals_into_the_gaps_where_they_are():
    before = grid("AS .. 2H/.. 3D 4C/5S 6H 7D")
    stock = (Card.parse("KC"), Card.parse("QD"), Card.parse("JH"))
    after, left, filled = w.refill_in_place(before, stock, GRID)
    assert after == grid("AS KC 2H/QD 3D 4C/5S 6H 7D")
    assert left == (Card.parse("JH"),)
    assert filled == (1, 3)


def test_refill_in_place_stops_when_the_stock_runs_out():
    before = grid("AS .. ../.. .. ../.. .. ..")
    after, left, filled = w.refill_in_place(before, (Card.parse("KC"),), GRID)
    assert after == grid("AS KC ../.. .. ../.. .. ..")
    assert left == () and filled == (1,)


# --------------------------------------------------------------------------
# M1, M2, M5, M6: what touches, what pairs


def test_across_gap_pairs_are_the_false_neighbours_of_the_same_rank():
    tableau = grid("AS .. AH/.. .. ../AD .. KC")
    # AS-AH across cell 1, AS-AD across cell 3, AH-AD across the centre (a diagonal)
    assert w.across_gap_pairs(tableau, GRID) == [(0, 2), (0, 6), (2, 6)]
    assert w.across_gap_pairs(grid("AS AH ../.. .. ../.. .. .."), GRID) == []  # a real pair


def test_orthogonal_neighbours_forget_the_corners():
    assert w.orthogonal_neighbours(4, GRID) == (1, 3, 5, 7)
    assert w.orthogonal_neighbours(0, GRID) == (1, 3)
    assert w.orthogonal_neighbours(12, STANDARD) == (7, 11, 13, 17)


def test_orthogonal_pairs_miss_a_diagonal_pair():
    assert w.orthogonal_pairs(grid("AS .. ../.. AH ../.. .. .."), GRID) == []
    assert w.orthogonal_pairs(grid("AS .. ../AH .. ../.. .. .."), GRID) == [(0, 3)]


def test_wrapped_neighbours_are_the_extra_cells_round_the_edges():
    # 5 by 5, cell 9 is row 2, column 5: wrapping east reaches column 1 of rows 1-3
    assert w.wrapped_neighbours(9, STANDARD) == (0, 5, 10)
    assert w.wrapped_neighbours(12, STANDARD) == ()  # an inner cell
    # corner 0: the bottom row (20, 21, 24) and the right column (4, 9)
    assert w.wrapped_neighbours(0, STANDARD) == (4, 9, 20, 21, 24)
    assert w.wrapped_neighbours(0, GRID) == (2, 5, 6, 7, 8)


def test_wrap_around_pairs_lists_only_the_wrapped_ones():
    assert w.wrap_around_pairs(grid("AS .. AH/.. .. ../.. .. .."), GRID) == [(0, 2)]
    assert w.wrap_around_pairs(grid("AS AH ../.. .. ../.. .. .."), GRID) == []


def test_suit_and_colour_pairs_match_the_wrong_thing():
    assert w.suit_pairs(grid("AS 2S ../3H .. ../.. .. 4S"), GRID) == [(0, 1)]
    # black AS-2C, red 3H-4D; AS-3H and 2C-4D differ in colour
    assert w.colour_pairs(grid("AS 2C ../3H 4D ../.. .. .."), GRID) == [(0, 1), (3, 4)]


# --------------------------------------------------------------------------
# M7: one card in two pairs


def test_remove_all_touching_takes_all_three_sevens():
    assert w.remove_all_touching(grid("7H 7S 7D/.. .. ../.. .. .."), GRID) == (None,) * 9
    assert w.remove_all_touching(grid("7H 7S KC/.. .. ../.. .. .."), GRID) == grid(
        ".. .. KC/.. .. ../.. .. .."
    )


# --------------------------------------------------------------------------
# Bad input


def test_bad_input_is_named_and_changes_nothing():
    tableau = list(grid("AS .. ../.. .. ../.. .. .."))
    kept = list(tableau)
    with pytest.raises(ValueError, match="tableau has 8 cells"):
        w.column_gravity(tableau[:8], GRID)
    with pytest.raises(TypeError, match=r"tableau\[2\] is 'KC'"):
        w.rows_on_their_own([tableau[0], None, "KC", *tableau[3:]], GRID)
    with pytest.raises(TypeError, match="rules must be a Rules"):
        w.suit_pairs(tableau, "standard")
    with pytest.raises(TypeError, match="tableau must be a list or tuple"):
        w.orthogonal_pairs("AS", GRID)
    with pytest.raises(TypeError, match=r"stock\[0\] is 'KC'"):
        w.refill_in_place(tableau, ["KC"], GRID)
    with pytest.raises(ValueError, match="cell 9 is outside"):
        w.wrapped_neighbours(9, GRID)
    with pytest.raises(TypeError, match="whole number"):
        w.orthogonal_neighbours(True, GRID)
    assert tableau == kept
