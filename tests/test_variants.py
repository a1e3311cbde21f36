"""The variants of RULES.md ("Variants" and the decisions under it) on hand-made
layouts: each pair rule, each touching rule, lone and stay ranks, won and blocked.

Expected values are worked out by hand from RULES.md and the layout written
beside them (cells in reading order, 5 columns), never asked of the engine.
"""

import json
from pathlib import Path

import pytest

from mc_widget import Game, IllegalMove
from mc_widget.engine import (
    PRESETS,
    Remove,
    Rules,
    StateError,
    new_state,
    touching,
    verify_state,
)

EMPTY = ".. .. .. .. .."
VECTORS = Path(__file__).parent / "vectors"


def lay(*rows, stock=""):
    """A 5 by 5 layout from its first rows (the rest are gaps)."""
    return "/".join([*rows] + [EMPTY] * (5 - len(rows))) + " | " + stock


def refusal(game, *cells):
    """The IllegalMove for removing ``cells``; the game must be unchanged by it."""
    before = json.dumps(game.to_state())
    with pytest.raises(IllegalMove) as info:
        game.apply(Remove(*cells))
    assert json.dumps(game.to_state()) == before
    return info.value


# ---------------------------------------------------------------- presets and rules values


def test_every_preset_deals_the_standard_deal():
    # RULES.md "Setup": the deal depends on the deck and the cells, not the pair rule.
    standard = Game(deal=7)
    for name in ("thirteens", "fourteens", "fourteens-lines", "aces-square"):
        game = Game(deal=7, rules=name)
        assert (game.grid, game.stock) == (standard.grid, standard.stock)
        assert game.rules.name == name


def test_the_presets_hold_the_table_of_the_spec():
    assert list(PRESETS) == [
        "standard",
        "small",
        "double",
        "thirteens",
        "fourteens",
        "fourteens-lines",
        "aces-square",
    ]
    assert PRESETS["thirteens"].to_json() == {
        "name": "thirteens",
        "rows": 5,
        "cols": 5,
        "decks": 1,
        "pair": "sum-13",
        "touching": "eight",
        "lone": ["K"],
    }
    assert PRESETS["aces-square"].to_json() == {
        "name": "aces-square",
        "rows": 5,
        "cols": 5,
        "decks": 1,
        "pair": "same-suit",
        "touching": "line",
        "stay": ["A"],
    }
    # Empty lone and stay are left out: the standard JSON is as it always was.
    assert PRESETS["standard"].to_json() == {
        "name": "standard",
        "rows": 5,
        "cols": 5,
        "decks": 1,
        "pair": "same-rank",
        "touching": "eight",
    }


def test_lone_and_stay_are_stored_in_rank_order():
    rules = Rules.from_json(
        {
            "name": "mine",
            "rows": 3,
            "cols": 3,
            "decks": 1,
            "pair": "sum-14",
            "touching": "line",
            "lone": ["K", "T", "A"],
            "stay": ["Q", "2"],
        }
    )
    assert rules.lone == ("A", "T", "K") and rules.stay == ("2", "Q")
    assert rules.to_json()["lone"] == ["A", "T", "K"]
    assert Rules("mine", 3, 3, 1, lone=["K", "Q"]).lone == ("Q", "K")


def test_a_preset_name_needs_all_its_values():
    data = {**PRESETS["thirteens"].to_json(), "lone": []}
    with pytest.raises(StateError) as info:
        Rules.from_json(data)
    assert info.value.path == "rules.lone" and info.value.key == "state.preset"


def test_touching_is_the_eight_neighbours_or_the_row_and_column():
    assert touching(PRESETS["fourteens"], 0) == (1, 5, 6)
    assert touching(PRESETS["fourteens"], 12) == (6, 7, 8, 11, 13, 16, 17, 18)
    # Row 3 and column 3 of a 5 by 5 tableau, not the cell itself.
    assert touching(PRESETS["fourteens-lines"], 12) == (2, 7, 10, 11, 13, 14, 17, 22)
    assert touching(PRESETS["aces-square"], 0) == (1, 2, 3, 4, 5, 10, 15, 20)


# ---------------------------------------------------------------- Thirteens


def test_thirteens_seven_and_six_pair():
    game = Game.from_layout(lay("7H 6C .. .. .."), rules="thirteens")
    assert game.legal_pairs() == [(0, 1)]
    assert [str(c) for c in game.remove_pair(0, 1)] == ["7H", "6C"]
    assert game.status == "won"


def test_thirteens_two_sevens_do_not_make_13():
    game = Game.from_layout(lay("7H 7C .. .. ..", stock="2C"), rules="thirteens")
    error = refusal(game, 0, 1)
    assert (error.reason, error.key) == ("not-sum", "not-sum")
    assert str(error) == (
        "7♥ and 7♣ do not make 13: their ranks add up to 14 (A = 1, J = 11, Q = 12, K = 13)."
    )
    assert error.params["sum"] == 13 and error.params["total"] == 14


def test_thirteens_queen_and_ace_pair():
    game = Game.from_layout(lay("QD .. .. .. ..", "AS .. .. .. .."), rules="thirteens")
    assert game.legal_pairs() == [(0, 5)]


def test_thirteens_a_king_goes_alone():
    game = Game.from_layout(lay("7H KD .. .. ..", stock="2C"), rules="thirteens")
    assert game.lone_cells() == [1] and game.legal_removals() == [(1,)]
    assert str(game.remove_king(1)) == "KD"
    assert game.grid[1] is None
    assert game.discards == ((game.state.discards[0][0],),)
    assert str(game.discards[0][0]) == "KD"
    assert game.removed == 1 and game.total == 3
    assert game.to_state()["discards"] == [["KD"]]
    assert game.to_state()["history"] == [{"type": "remove", "cells": [1]}]


def test_thirteens_two_kings_never_pair_m10():
    game = Game.from_layout(lay("KH KS .. .. .."), rules="thirteens")
    error = refusal(game, 0, 1)
    assert (error.reason, error.key) == ("lone-rank", "lone-rank")
    assert str(error) == "K♥ and K♠ do not pair: kings never pair; each goes alone."
    assert error.message("de") == (
        "K♥ und K♠ sind kein Paar: Könige bilden nie ein Paar; "
        "jede dieser Karten wird allein abgelegt."
    )


def test_thirteens_a_king_and_a_card_never_pair():
    game = Game.from_layout(lay("QH KS .. .. .."), rules="thirteens")
    assert refusal(game, 0, 1).reason == "lone-rank"


def test_thirteens_other_cards_need_a_partner():
    game = Game.from_layout(lay("7H KS .. .. .."), rules="thirteens")
    error = refusal(game, 0)
    assert (error.reason, error.key, error.cells) == ("not-lone", "not-lone", (0,))
    assert str(error) == "7♥ cannot be removed alone: only kings go alone; it needs a partner."


def test_a_lone_remove_in_the_standard_game_needs_a_partner():
    game = Game.from_layout(lay("KH .. .. .. ..", stock="2C"))
    error = refusal(game, 0)
    assert (error.reason, error.key) == ("not-lone", "needs-partner")
    assert str(error) == "K♥ cannot be removed alone: a card leaves only with a partner."


def test_the_one_cell_checks_come_in_order():
    # Out of range first, then the game being over, the phase, the gap.
    lost = Game.from_layout(lay("AS AH AD AC 2S"), rules="thirteens")
    assert lost.status == "lost"  # no pair, no king, no gap before a card, no stock
    assert refusal(lost, 25).reason == "out-of-range"
    assert refusal(lost, 0).reason == "game-over"
    playing = Game.from_layout(lay("KH .. KS .. 5D", stock="2C"), rules="thirteens")
    assert refusal(playing, 1).reason == "empty-cell"
    playing.consolidate_step()
    assert refusal(playing, 0).key == "remove-during-consolidation"


def test_thirteens_a_king_keeps_the_game_going():
    # No pair and no card with a gap before it, but a king: not blocked.
    game = Game.from_layout(lay("AS AH KD AC 2S"), rules="thirteens")
    assert game.status == "playing"
    game.remove_king(2)
    assert game.status == "playing"  # now a gap before AC: consolidate
    game.consolidate()
    assert game.status == "lost"


def test_undo_and_redo_of_a_lone_removal():
    game = Game.from_layout(lay("7H KD .. .. ..", stock="2C"), rules="thirteens")
    start = game.to_state()
    game.remove_lone(1)
    after = game.to_state()
    assert game.undo() == Remove(1)
    assert game.to_state()["tableau"] == start["tableau"] and game.discards == ()
    assert game.redo() == Remove(1)
    assert game.to_state() == after


def test_a_state_with_lone_discards_round_trips():
    game = Game(deal=7, rules="thirteens")
    for cell in game.lone_cells():
        game.remove_king(cell)
    pair = game.legal_pairs()[0]
    game.remove_pair(*pair)
    data = game.to_state()
    assert [len(entry) for entry in data["discards"]] == [1, 1, 1, 2]  # KC, KS, KD, a pair
    text = json.dumps(data)
    again = Game.from_state(json.loads(text))
    assert json.dumps(again.to_state()) == text
    assert again.removed == 5 and again.total == 52


def test_a_saved_standard_state_is_byte_identical():
    line = next(
        line.rstrip(",")
        for line in (VECTORS / "states.json").read_text(encoding="utf-8").splitlines()
        if line.startswith('{"id":"state-ok-deal7-played"')
    )
    saved = json.loads(line)["state"]
    text = json.dumps(saved, ensure_ascii=False, separators=(",", ":"))
    assert text in line
    again = verify_state(saved).to_json()
    assert json.dumps(again, ensure_ascii=False, separators=(",", ":")) == text


def test_a_one_card_discard_must_be_of_a_lone_rank():
    game = Game.from_layout(lay("7H KD .. .. ..", stock="2C"), rules="thirteens")
    game.remove_king(1)
    data = game.to_state()
    data["discards"] = [["7H"]]
    data["tableau"][0] = None
    with pytest.raises(StateError) as info:
        Game.from_state(data)
    assert (info.value.path, info.value.key) == ("state.discards[0][0]", "state.not-lone")


# ---------------------------------------------------------------- Fourteens


def test_fourteens_two_sevens_and_king_ace_pair():
    game = Game.from_layout(lay("7H 7C KD AS .."), rules="fourteens")
    assert game.legal_pairs() == [(0, 1), (2, 3)]
    assert game.legal_removals() == [(0, 1), (2, 3)]
    assert game.lone_cells() == []


def test_fourteens_a_gap_breaks_contact():
    game = Game.from_layout(lay("6H .. 8D .. ..", stock="2C"), rules="fourteens")
    assert game.legal_pairs() == []
    error = refusal(game, 0, 2)
    assert error.reason == "across-gap"
    assert game.highlights(0)["false_neighbours"] == (2,)


def test_fourteens_not_sum_comes_before_position():
    game = Game.from_layout(lay("7H .. .. .. ..", EMPTY, ".. .. .. .. QH"), rules="fourteens")
    error = refusal(game, 0, 14)
    assert error.reason == "not-sum"
    assert str(error).startswith("7♥ and Q♥ do not make 14: their ranks add up to 19")


# ---------------------------------------------------------------- Fourteens in lines


def test_fourteens_lines_across_a_gap_and_across_cards():
    # Row 1: 7H, a gap, 3C, 7C. Column 1: QH in row 2, 2D in row 4, a gap between.
    game = Game.from_layout(
        lay("7H .. 3C 7C ..", "QH .. .. .. ..", EMPTY, "2D .. .. .. .."),
        rules="fourteens-lines",
    )
    assert game.legal_pairs() == [(0, 3), (5, 15)]
    assert game.partners(0) == (3,)
    assert game.highlights(0) == {
        "neighbours": (1, 2, 3, 4, 5, 10, 15, 20),
        "partners": (3,),
        "false_neighbours": (),
        "lone": False,
    }
    game.remove_pair(0, 3)
    game.remove_pair(15, 5)
    assert [str(c) for entry in game.discards for c in entry] == ["7H", "7C", "QH", "2D"]


def test_fourteens_lines_refuses_a_diagonal():
    game = Game.from_layout(lay("9S .. .. .. ..", ".. 5D .. .. .."), rules="fourteens-lines")
    error = refusal(game, 0, 6)
    assert (error.reason, error.key) == ("not-in-line", "not-in-line")
    assert str(error) == "9♠ and 5♦ do not pair: a pair must be in the same row or the same column."


# ---------------------------------------------------------------- Aces Square


def test_aces_square_same_suit_anywhere_in_a_row_or_column():
    game = Game.from_layout(
        lay("7H .. 2C .. KH", EMPTY, EMPTY, EMPTY, "3H .. .. .. .."), rules="aces-square"
    )
    # 7H-KH across a gap and 2C in row 1; 7H-3H down column 1; KH and 3H not in line.
    assert game.legal_pairs() == [(0, 4), (0, 20)]
    error = refusal(game, 4, 20)
    assert error.reason == "not-in-line"
    error = refusal(game, 0, 2)
    assert (error.reason, str(error)) == (
        "different-suit",
        "7♥ and 2♣ do not pair: only two cards of the same suit pair.",
    )


def test_aces_never_pair_in_aces_square():
    game = Game.from_layout(lay("AH AS 7H .. ..", stock="2C"), rules="aces-square")
    assert game.legal_pairs() == []
    error = refusal(game, 0, 1)
    assert (error.reason, error.key) == ("stay-rank", "stay-rank")
    assert str(error) == (
        "A♥ and A♠ do not pair: aces never pair in this game; they stay on the tableau."
    )
    assert refusal(game, 0, 2).reason == "stay-rank"  # A♥ and 7♥: the same suit, but an ace
    assert refusal(game, 0).key == "needs-partner"


def test_aces_square_is_won_with_only_the_aces_left_and_no_stock():
    game = Game.from_layout(lay("AH AS 7C 9C ..", "AD AC .. .. .."), rules="aces-square")
    assert game.status == "playing"
    game.remove_pair(2, 3)
    assert game.status == "won"
    assert game.removed == 2 and game.total == 6
    # The same aces with a stock card left: not won yet.
    assert Game.from_layout(lay("AH AS AD AC ..", stock="2C"), rules="aces-square").status == (
        "playing"
    )


def test_aces_square_blocked():
    game = Game.from_layout(lay("AH 7S 5H .. .."), rules="aces-square")
    assert game.status == "lost"


# ---------------------------------------------------------------- highlights and removals


def test_highlights_say_whether_the_card_goes_alone():
    game = Game.from_layout(lay("7H KD 6C .. .."), rules="thirteens")
    assert game.highlights(1) == {
        "neighbours": (0, 2, 5, 6, 7),
        "partners": (),
        "false_neighbours": (),
        "lone": True,
    }
    # 7H and 6C make 13 but KD lies between them: not neighbours.
    assert game.highlights(0) == {
        "neighbours": (1, 5, 6),
        "partners": (),
        "false_neighbours": (),
        "lone": False,
    }


def test_legal_removals_merge_lone_cards_and_pairs_in_tuple_order():
    game = Game.from_layout(lay("7H 6C KD KS QH", "AS .. .. .. .."), rules="thirteens")
    # 7H-6C (0, 1); QH-AS are not neighbours (4 and 5); kings in 2 and 3.
    assert game.legal_removals() == [(0, 1), (2,), (3,)]
    assert game.legal_lone() == [2, 3] and game.legal_pairs() == [(0, 1)]


def test_new_state_with_a_one_cell_remove_in_the_history_verifies():
    state = new_state("thirteens", layout=lay("7H KD .. .. ..", stock="2C"))
    data = {**state.to_json(), "history": [{"type": "remove", "cells": [1]}], "cursor": 0}
    assert verify_state(data).cursor == 0


def test_str_counts_cards_once_a_king_went_alone():
    # One pair (6♥ 7♦, sum 13) and one king alone: 3 cards, not "2 pairs".
    g = Game.from_layout(
        "KS 6H 7D 2C 3C/.. .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. |",
        rules="thirteens",
    )
    g.apply(Remove(1, 2))
    assert "discards 1 pair ·" in str(g)
    g.apply(Remove(0))
    assert "discards 3 cards ·" in str(g)
    assert "pairs" not in str(g).splitlines()[-1].split("·")[1]
