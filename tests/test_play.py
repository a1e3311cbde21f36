"""Playing the rules: pairs, reasons and their order, phases, consolidation,
refill, rounds and status (RULES.md "A round", "End of the game";
architecture.md "Actions", "Status (derived)"). Every expected value here was
worked out by hand from the layouts written in this file.
"""

import pytest

from mc_widget.engine import Card, Game, IllegalMove

EMPTY_ROW = ".. .. .. .. .."


def lay(*rows, stock=""):
    """A standard layout from up to 5 row strings (missing rows are gaps)."""
    rows = list(rows) + [EMPTY_ROW] * (5 - len(rows))
    return "/".join(rows) + " | " + stock


# Three touching sevens, suits and colours that do not matter, far same ranks.
SEVENS = lay(
    "7H 7S 8C 9D TD",
    "7D 2C 3C 4C 5C",
    "6C JH QH KH AH",
    "2H 3H 4H 5H 6H",
    "8H 9H TH JC QC",
    stock="KC KS",
)
# Gaps between same ranks on rows, columns and both diagonals.
GAPS = lay(
    "5S .. 5H .. ..",
    EMPTY_ROW,
    "5D 5C 6S .. 6H",
    EMPTY_ROW,
    "6D .. .. .. 6C",
)
# A full tableau with no pair and stock left: blocked.
BLOCKED = lay(
    "AS 2S 3S 4S 5S",
    "6S 7S 8S 9S TS",
    "JS QS KS AH 2H",
    "3H 4H 5H 6H 7H",
    "8H 9H TH JH QH",
    stock="KH AD",
)
# A gap at cell 1, cards after it, two stock cards.
ROUND = lay("7H .. 8C 8D 9C", "9D .. .. .. ..", stock="KC KD")


def refused(game, call, *args):
    """Call ``call(*args)``, expect IllegalMove, check nothing changed; return the error."""
    before = game.state
    before_json = game.to_state()
    with pytest.raises(IllegalMove) as info:
        call(*args)
    assert game.state is before
    assert game.to_state() == before_json
    return info.value


def nothing_left(game, call):
    """``call()`` gives ``None`` (nothing left to move or deal) and changes nothing."""
    before = game.state
    before_json = game.to_state()
    assert call() is None
    assert game.state is before
    assert game.to_state() == before_json


# ---------------------------------------------------------------- pairs


def test_pairs_are_same_rank_neighbours_in_all_eight_directions():
    g = Game.from_layout(SEVENS)
    # 7H-7S side by side, 7H-7D one above the other, 7S-7D on a diagonal (M2).
    assert g.legal_pairs() == [(0, 1), (0, 5), (1, 5)]
    assert g.pairs() == [(0, 1), (0, 5), (1, 5)]


def test_removing_a_pair_leaves_two_gaps_and_discards_it():
    g = Game.from_layout(SEVENS)
    assert g.remove_pair(5, 1) == (Card(7, "S"), Card(7, "D"))  # lower cell first
    assert g.grid[1] is None
    assert g.grid[5] is None
    assert g.discards == ((Card(7, "S"), Card(7, "D")),)
    assert g.phase == "remove"
    assert g.removed == 2
    assert g.total == 27  # a partial layout: 23 on the tableau + 2 stock + 2 discarded
    assert g.history[-1].to_json() == {"type": "remove", "cells": [1, 5]}
    assert g.to_layout() == (
        "7H .. 8C 9D TD/.. 2C 3C 4C 5C/6C JH QH KH AH/2H 3H 4H 5H 6H/8H 9H TH JC QC | KC KS"
    )


def test_one_card_one_pair_of_three_sevens_only_two_go():
    # M7: after 7S-7D go, 7H is alone; it cannot pair with a removed card.
    g = Game.from_layout(SEVENS)
    g.remove_pair(1, 5)
    assert g.legal_pairs() == []
    error = refused(g, g.remove_pair, 0, 1)
    assert error.reason == "empty-cell"
    assert error.cells == (1,)
    assert str(error) == "Row 1, column 2 is empty: only cards can be paired."


def test_suits_and_colours_never_make_a_pair():
    g = Game.from_layout(SEVENS)
    error = refused(g, g.remove_pair, 8, 9)  # 4♣ and 5♣: same suit (M5)
    assert error.reason == "different-rank"
    assert error.key == "different-rank"
    assert error.cells == (8, 9)
    assert error.params == {"a": "4♣", "b": "5♣"}
    assert str(error) == (
        "4♣ and 5♣ do not pair: only cards of the same rank pair (suits never matter)."
    )


def test_far_apart_same_rank_is_not_adjacent():
    g = Game.from_layout(SEVENS)
    error = refused(g, g.remove_pair, 4, 22)  # 10♦ and 10♥, not on a line
    assert error.reason == "not-adjacent"
    assert str(error) == "10♦ and 10♥ are not neighbours: a pair must touch by a side or a corner."
    # J♥ and J♣ are on a diagonal but 4♥ lies between: a card, not a gap.
    assert refused(g, g.remove_pair, 11, 23).reason == "not-adjacent"


def test_the_grid_does_not_wrap_for_pairs():
    g = Game.from_layout(lay("2C 3C 4C 5C 9H", "9S 3D 4D 5D 6D"))
    # 9H ends row 1 and 9S starts row 2: next in reading order, not touching (M6).
    assert g.legal_pairs() == [(1, 6), (2, 7), (3, 8)]
    assert refused(g, g.remove_pair, 4, 5).reason == "not-adjacent"


@pytest.mark.parametrize(
    ("i", "j", "a", "b"),
    [
        (0, 2, "5♠", "5♥"),  # same row, gap at 1
        (0, 10, "5♠", "5♦"),  # same column, gap at 5
        (2, 10, "5♥", "5♦"),  # anti-diagonal, gap at 6
        (12, 14, "6♠", "6♥"),  # row, gap at 13
        (12, 24, "6♠", "6♣"),  # diagonal, gap at 18
        (12, 20, "6♠", "6♦"),  # anti-diagonal, gap at 16
        (20, 24, "6♦", "6♣"),  # three gaps between
    ],
)
def test_a_gap_breaks_contact(i, j, a, b):
    g = Game.from_layout(GAPS)
    error = refused(g, g.remove_pair, i, j)
    assert error.reason == "across-gap"
    assert error.cells == (i, j)
    assert str(error) == (
        f"{a} and {b} are not neighbours: "
        "the gap between them does not count until you consolidate."
    )


@pytest.mark.parametrize(("i", "j"), [(0, 11), (14, 20), (2, 11)])
def test_off_a_line_across_gaps_is_not_adjacent(i, j):
    g = Game.from_layout(GAPS)
    assert refused(g, g.remove_pair, i, j).reason == "not-adjacent"


ROUND = "7H .. 8C 8D 9C/9D .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. | KC KD"


def test_partners_only_while_pairs_can_be_removed():
    # Partners are the cards the learner can take now (consistent with
    # legal_pairs): none while the cards close up or the stock refills,
    # even when a card of the same rank touches (RULES.md, "A round", step 2).
    g = Game.from_layout(ROUND)
    assert g.partners(2) == (3,)  # 8♣ and 8♦ side by side, phase remove
    g.consolidate_step()  # 8♣ from cell 2 into the gap at 1
    g.consolidate_step()  # 8♦ from cell 3 into cell 2: it touches 8♣ again
    assert g.phase == "consolidate"
    assert (1, 2) in g.pairs()
    assert g.legal_pairs() == []
    assert g.partners(1) == () and g.partners(2) == ()
    assert g.highlights(1)["partners"] == ()
    g.consolidate()  # 7H 8C 8D 9C 9D, then the gaps: refill is due
    assert g.phase == "refill"
    assert g.pairs() == [(1, 2), (3, 4)]
    assert g.partners(3) == () and g.highlights(4)["partners"] == ()
    g.refill()  # round 2: the pairs may go now
    assert g.partners(1) == (2,) and g.partners(4) == (3,)


def test_highlights_show_neighbours_partners_and_false_neighbours():
    g = Game.from_layout(GAPS)
    assert g.legal_pairs() == [(10, 11)]
    assert g.highlights(12) == {
        "neighbours": (6, 7, 8, 11, 13, 16, 17, 18),
        "partners": (),
        "false_neighbours": (0, 2, 14, 20, 24),
        "lone": False,
    }
    assert g.highlights(0) == {
        "neighbours": (1, 5, 6),
        "partners": (),
        "false_neighbours": (2, 10, 12),
        "lone": False,
    }
    assert g.partners(10) == (11,)
    assert g.false_neighbours(10) == (0, 2, 20)
    assert g.false_neighbours(11) == ()  # every line from 11 runs through gaps off the grid
    with pytest.raises(IllegalMove) as info:
        g.highlights(1)
    assert info.value.reason == "empty-cell"
    with pytest.raises(IllegalMove) as info:
        g.highlights(25)
    assert info.value.reason == "out-of-range"


# ---------------------------------------------------------------- reasons and their order


def test_out_of_range_is_checked_first():
    g = Game.from_layout(BLOCKED)
    error = refused(g, g.remove_pair, 25, 25)
    assert (error.reason, error.key) == ("out-of-range", "out-of-range")
    assert error.params == {"cell": 25, "last": 24}
    assert str(error) == "There is no cell 25: cells are numbered 0 to 24."
    # Cells are taken in ascending order: -3 is named before 40.
    assert refused(g, g.remove_pair, 40, -3).params["cell"] == -3


def test_same_cell_comes_before_game_over():
    g = Game.from_layout(BLOCKED)
    assert g.status == "lost"
    error = refused(g, g.remove_pair, 3, 3)
    assert (error.reason, error.cells) == ("same-cell", (3,))
    assert str(error) == "That is the same card twice: a pair needs two cards."


def test_game_over_comes_before_the_cards_are_looked_at():
    g = Game.from_layout(BLOCKED)
    error = refused(g, g.remove_pair, 0, 1)  # A♠ and 2♠ would be different-rank
    assert (error.reason, error.key, error.cells, error.params) == (
        "game-over",
        "game-over",
        (),
        {},
    )
    assert str(error) == "The game is over: undo a move or start a new deal."


def test_wrong_phase_comes_before_empty_cell():
    g = Game.from_layout(ROUND)
    assert g.consolidate_step() == (2, 1)
    assert g.phase == "consolidate"
    error = refused(g, g.remove_pair, 2, 3)  # cell 2 is a gap now
    assert (error.reason, error.key) == ("wrong-phase", "remove-during-consolidation")
    assert str(error) == (
        "No pair can be removed while the cards are closing up: "
        "finish consolidating and refilling first."
    )


def test_empty_cell_comes_before_different_rank():
    g = Game.from_layout(GAPS)
    error = refused(g, g.remove_pair, 1, 12)
    assert error.reason == "empty-cell"
    assert error.params == {"row": 1, "col": 2}


def test_different_rank_comes_before_position():
    g = Game.from_layout(GAPS)
    # 5♠ and 6♠ are far apart with only gaps between, but ranks decide first.
    assert refused(g, g.remove_pair, 0, 12).reason == "different-rank"


def test_errors_are_value_errors():
    g = Game.from_layout(GAPS)
    with pytest.raises(ValueError):
        g.remove_pair(0, 2)


# ---------------------------------------------------------------- a whole round, step by step


def test_a_round_step_by_step():
    g = Game.from_layout(ROUND)
    assert g.legal_pairs() == [(2, 3)]
    assert g.can_consolidate()
    assert not g.can_refill()
    # Refill first is the mistake M4.
    error = refused(g, g.refill_step)
    assert (error.reason, error.key) == ("wrong-phase", "refill-before-consolidation")

    assert g.consolidate_step() == (2, 1)
    assert (g.phase, g.consolidations, g.round) == ("consolidate", 1, 1)
    assert g.legal_pairs() == []  # no removal during consolidation
    assert g.pairs() == []  # 8C and 8D have the gap at 2 between them now
    error = refused(g, g.refill_step)
    assert (error.reason, error.key) == ("wrong-phase", "refill-during-consolidation")
    assert g.consolidate_step() == (3, 2)
    assert g.consolidate_step() == (4, 3)
    assert g.phase == "consolidate"
    assert g.consolidate_step() == (5, 4)
    assert g.to_layout() == lay("7H 8C 8D 9C 9D", stock="KC KD")
    assert (g.phase, g.consolidations, g.round) == ("refill", 1, 1)
    assert g.can_refill()
    assert not g.can_consolidate()

    error = refused(g, g.remove_pair, 1, 2)
    assert (error.reason, error.key) == ("wrong-phase", "remove-during-refill")
    # The engine refuses a consolidation step now; Game.consolidate_step says
    # "nothing left to move" with None, so `while g.consolidate_step()` ends.
    error = refused(g, g.apply, {"type": "consolidate_step"})
    assert (error.reason, error.key) == ("wrong-phase", "consolidate-during-refill")
    nothing_left(g, g.consolidate_step)

    assert g.refill_step() == 5
    assert g.phase == "refill"
    assert g.refill_step() == 6
    assert g.to_layout() == lay("7H 8C 8D 9C 9D", "KC KD .. .. ..", stock="")[:-1]
    assert (g.phase, g.round, g.consolidations) == ("remove", 2, 1)
    assert g.stock == ()
    assert g.legal_pairs() == [(1, 2), (3, 4), (5, 6)]
    nothing_left(g, g.refill_step)  # the stock is empty


def test_the_step_loops_of_design_md_end():
    # DESIGN.md: consolidate_step gives None when no card is left to move,
    # refill_step None when nothing is left to deal.
    g = Game.from_layout(ROUND)
    moves = []
    while (move := g.consolidate_step()) is not None:
        moves.append(move)
    assert moves == [(2, 1), (3, 2), (4, 3), (5, 4)]
    cells = []
    while (cell := g.refill_step()) is not None:
        cells.append(cell)
    assert cells == [5, 6]
    assert g.to_layout() == lay("7H 8C 8D 9C 9D", "KC KD .. .. ..", stock="")[:-1]
    assert (g.phase, g.round) == ("remove", 2)


def test_pairs_during_consolidation_respect_gaps():
    g = Game.from_layout(ROUND)
    g.consolidate_step()
    # 7H 8C .. 8D 9C / 9D: 8C and 8D have the gap at 2 between them.
    assert g.to_layout() == lay("7H 8C .. 8D 9C", "9D .. .. .. ..", stock="KC KD")
    assert g.pairs() == []


def test_consolidate_all_at_once_gives_the_same_moves():
    g = Game.from_layout(ROUND)
    assert g.consolidate() == [(2, 1), (3, 2), (4, 3), (5, 4)]
    assert g.phase == "refill"
    assert g.refill() == [5, 6]
    assert (g.phase, g.round) == ("remove", 2)


def test_consolidate_after_some_steps_finishes_and_counts_once():
    g = Game.from_layout(ROUND)
    g.consolidate_step()
    assert g.consolidate() == [(3, 2), (4, 3), (5, 4)]
    assert g.consolidations == 1


def test_consolidation_keeps_reading_order_not_columns():
    # M3: column gravity would lift 8S into row 1; reading order does not.
    g = Game.from_layout(lay("AS 2S .. 4S 5S", "6S .. 8S 9S TS"))
    assert g.consolidate() == [(3, 2), (4, 3), (5, 4), (7, 5), (8, 6), (9, 7)]
    assert g.to_layout() == lay("AS 2S 4S 5S 6S", "8S 9S TS .. ..")[:-1]
    # The stock is empty, so the round ends at once.
    assert (g.phase, g.round) == ("remove", 2)


def test_cards_in_place_are_never_touched():
    g = Game.from_layout(lay("AS 2S 3S .. 5S", "6S 7S 8S 9S .."))
    moves = g.consolidate()
    assert moves == [(4, 3), (5, 4), (6, 5), (7, 6), (8, 7)]
    assert all(source > 3 for source, _ in moves)


def test_zero_move_consolidation_when_gaps_are_only_at_the_end():
    g = Game.from_layout(lay("7H 7S 8C 8D 9C", "9D 9S KC KD QC", stock="2C 3C"))
    assert g.consolidate_step() is None
    assert (g.phase, g.consolidations, g.round) == ("refill", 1, 1)
    assert g.refill() == [10, 11]
    assert (g.phase, g.round) == ("remove", 2)
    g2 = Game.from_layout(lay("7H 7S 8C 8D 9C", "9D 9S KC KD QC", stock="2C 3C"))
    assert g2.consolidate() == []
    assert g2.phase == "refill"


def test_refill_in_the_remove_phase_gives_the_real_reason():
    # A full tableau: Refill must not say "Consolidate first", since
    # Consolidate then says there is nothing to consolidate (a circle).
    full = Game(deal=7)
    error = refused(full, full.apply, {"type": "refill_step"})
    assert (error.reason, error.key) == ("wrong-phase", "nothing-to-refill-full")
    nothing_left(full, full.refill_step)  # nothing to deal: None, not an error
    assert str(error) == "Nothing to refill: the tableau is full."
    assert refused(full, full.refill).key == "nothing-to-refill-full"
    # Gaps, a card after one of them, a pair 8C-8D, and no stock.
    dry = Game.from_layout(lay("7H .. 7S 8C 8D"))
    assert dry.status == "playing" and dry.can_consolidate()
    error = refused(dry, dry.refill)
    assert (error.reason, error.key) == ("wrong-phase", "nothing-to-refill-empty-stock")
    assert str(error) == "Nothing to refill: the stock is empty."
    nothing_left(dry, dry.refill_step)
    # Gaps and stock: consolidation can start and comes first (M4).
    m4 = Game.from_layout(lay("7H .. 7S 8C 8D", stock="KC"))
    assert refused(m4, m4.refill_step).key == "refill-before-consolidation"


def test_nothing_to_consolidate():
    full = Game(deal=7)  # no gap at all
    nothing_left(full, full.consolidate_step)
    error = refused(full, full.apply, {"type": "consolidate_step"})
    assert (error.reason, error.key) == ("wrong-phase", "nothing-to-consolidate")
    assert str(error) == (
        "Nothing to consolidate: no card has a gap before it, and no stock card could fill a gap."
    )
    assert refused(full, full.consolidate).key == "nothing-to-consolidate"
    # Gaps only at the end and no stock: nothing would change (a pair is left, so not blocked).
    end = Game.from_layout(lay("7H 7S 8C 8D 9C"))
    assert end.status == "playing"
    assert refused(end, end.apply, {"type": "consolidate_step"}).key == "nothing-to-consolidate"
    nothing_left(end, end.consolidate_step)


def test_refill_stops_when_the_tableau_is_full():
    g = Game.from_layout(
        lay(
            "AS 2S 3S 4S 5S",
            "6S 7S 8S 9S TS",
            "JS QS KS AH 2H",
            "3H 4H 5H 6H 7H",
            "8H 9H TH JH ..",
            stock="5D 2D 3D 4D 7D",
        )
    )
    # One gap at the end; the stock is not empty so a (zero-move) consolidation is due.
    assert g.status == "playing"
    assert g.consolidate() == []
    assert g.refill() == [24]
    assert len(g.stock) == 4
    assert g.stock[0] == Card(2, "D")
    assert (g.phase, g.round) == ("remove", 2)
    assert g.grid[24] == Card(5, "D")
    # 5D touches 6H, 7H and JH only: no pair, a full tableau, stock left: blocked.
    assert g.status == "lost"


def test_refill_stops_when_the_stock_is_empty():
    g = Game.from_layout(lay("AS 2S .. .. ..", stock="3D"))
    assert g.consolidate() == []
    assert g.refill_step() == 2
    assert (g.phase, g.round) == ("remove", 2)
    assert g.grid[3] is None


# ---------------------------------------------------------------- won and lost


def test_won_when_tableau_and_stock_are_empty():
    g = Game.from_layout(lay("7H 7S .. .. .."))
    assert g.status == "playing"
    g.remove_pair(0, 1)
    assert g.status == "won"
    assert g.legal_pairs() == []
    assert not g.can_consolidate()
    assert not g.can_refill()
    assert refused(g, g.remove_pair, 0, 1).reason == "game-over"
    assert refused(g, g.apply, {"type": "consolidate_step"}).reason == "game-over"
    nothing_left(g, g.consolidate_step)
    nothing_left(g, g.refill_step)
    assert refused(g, g.refill).reason == "game-over"
    g.undo()  # undo is still allowed
    assert g.status == "playing"
    assert Game.from_layout(lay()).status == "won"


def test_lost_with_a_full_tableau_no_pair_and_stock_left():
    g = Game.from_layout(BLOCKED)
    assert g.status == "lost"
    assert g.pairs() == []
    assert not g.can_consolidate()
    for call in (g.consolidate, g.refill):
        assert refused(g, call).reason == "game-over"
    for kind in ("consolidate_step", "refill_step"):
        assert refused(g, g.apply, {"type": kind}).reason == "game-over"
    nothing_left(g, g.consolidate_step)
    nothing_left(g, g.refill_step)


def test_gaps_and_no_pair_is_not_lost_while_a_card_has_a_gap_before_it():
    # M8: consolidating first can make pairs.
    g = Game.from_layout(lay("AS .. AH .. 3D"))
    assert g.pairs() == []
    assert g.status == "playing"
    assert g.can_consolidate()
    g.consolidate()
    assert g.to_layout() == lay("AS AH 3D .. ..")[:-1]
    assert g.legal_pairs() == [(0, 1)]
    assert g.status == "playing"


def test_lost_with_no_stock_all_gaps_at_the_end_and_no_pair():
    g = Game.from_layout(lay("AS .. 3D .. 5C"))
    g.consolidate()
    assert (g.phase, g.round) == ("remove", 2)
    assert g.status == "lost"
    assert Game.from_layout(lay("AS 2S 3S 4S 5S")).status == "lost"


def test_gaps_at_the_end_no_pair_but_stock_left_is_playing():
    g = Game.from_layout(lay("AS 2S 3S 4S 5S", stock="9C"))
    assert g.status == "playing"
    assert g.consolidate_step() is None
    assert g.refill() == [5]


def test_an_empty_tableau_with_stock_left_is_playing():
    g = Game.from_layout(lay(stock="9C 9D"))
    assert g.status == "playing"
    assert g.consolidate() == []
    assert g.refill() == [0, 1]
    assert g.legal_pairs() == [(0, 1)]


def test_keeping_a_pair_is_allowed():
    # Removing pairs is optional: consolidation may start with a pair left.
    g = Game.from_layout(lay("7H 7S .. 8C 8D"))
    assert g.legal_pairs() == [(0, 1), (3, 4)]
    g.consolidate()
    assert g.to_layout() == lay("7H 7S 8C 8D ..")[:-1]
    assert g.legal_pairs() == [(0, 1), (2, 3)]


def test_the_benchmark_policy_ends_the_same_whole_or_by_steps():
    # architecture.md: consolidate is consolidate_step repeated, refill is
    # refill_step repeated, so the first-pair policy of benchmarks/ reaches
    # the same end either way; by steps its history is at least as long.
    from benchmarks.engine_speed import play_first_pair

    for deal in range(20):
        whole, steps = play_first_pair(deal), play_first_pair(deal, by_steps=True)
        assert whole.status in ("won", "lost")
        assert (steps.status, steps.to_layout(), steps.removed) == (
            whole.status,
            whole.to_layout(),
            whole.removed,
        )
        assert len(steps.history) >= len(whole.history)
