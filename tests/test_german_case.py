"""The worked example of the German seed (RULES.md "Worked example";
tests/cases/german-worked-example.json): every field of the case file."""

import json
from pathlib import Path

import pytest

from mc_widget.engine import Game, IllegalMove

CASE = json.loads((Path(__file__).parent / "cases" / "german-worked-example.json").read_text())


def pairs(items):
    return [tuple(item) for item in items]


@pytest.fixture
def game():
    assert CASE["rules"] == "standard"
    return Game.from_layout(CASE["layout"], rules=CASE["rules"])


def test_the_layout_is_canonical(game):
    assert game.to_layout() == CASE["layout"]
    assert game.deal is None


def test_exactly_three_legal_pairs(game):
    assert game.legal_pairs() == pairs(CASE["legal_pairs"])


def test_the_queens_are_not_neighbours(game):
    for i, j in CASE["not_neighbours"]:
        assert j not in game.neighbours(i)
        with pytest.raises(IllegalMove) as info:
            game.remove_pair(i, j)
        # Q♦ (row 3, column 1) and Q♣ (row 5, column 4) are not on one line.
        assert info.value.reason == "not-adjacent"
        assert str(info.value) == (
            "Q♦ and Q♣ are not neighbours: a pair must touch by a side or a corner."
        )


def test_removing_the_three_pairs(game):
    for i, j in CASE["remove"]:
        game.remove_pair(i, j)
    assert [(str(a), str(b)) for a, b in game.discards] == [
        ("4C", "4H"),
        ("2D", "2C"),
        ("JS", "JD"),
    ]
    assert game.legal_pairs() == []
    assert game.removed == 6
    assert game.phase == "remove"


def test_across_the_gap_after_removal(game):
    for i, j in CASE["remove"]:
        game.remove_pair(i, j)
    for i, j in CASE["after_removal_across_gap"]:
        with pytest.raises(IllegalMove) as info:
            game.remove_pair(i, j)
        assert info.value.reason == "across-gap"
        assert str(info.value) == (
            "7♦ and 7♣ are not neighbours: "
            "the gap between them does not count until you consolidate."
        )
        assert j in game.false_neighbours(i)


def test_consolidation_step_by_step(game):
    for i, j in CASE["remove"]:
        game.remove_pair(i, j)
    steps = []
    while game.phase in ("remove", "consolidate") and len(steps) < 100:
        steps.append(game.consolidate_step())
        if game.phase != "consolidate":
            break
    assert steps == pairs(CASE["consolidation_steps_from_to"])
    assert game.to_layout() == CASE["after_consolidation"]
    assert game.phase == "refill"
    assert game.consolidations == 1


def test_consolidate_all_gives_the_same_steps(game):
    for i, j in CASE["remove"]:
        game.remove_pair(i, j)
    assert game.consolidate() == pairs(CASE["consolidation_steps_from_to"])
    assert game.to_layout() == CASE["after_consolidation"]


def test_refill_and_row_3(game):
    for i, j in CASE["remove"]:
        game.remove_pair(i, j)
    game.consolidate()
    stock_before = len(game.stock)
    cells = game.refill()
    assert len(cells) == CASE["cards_refilled"]
    assert cells == [19, 20, 21, 22, 23, 24]
    assert stock_before - len(game.stock) == CASE["cards_refilled"]
    assert game.to_layout() == CASE["after_refill_layout"]
    row3 = " ".join(str(card) for card in game.grid[10:15])
    assert row3 == CASE["row3_after_round"]
    # The kings and the sevens touch now.
    assert (10, 11) in game.legal_pairs()
    assert (13, 14) in game.legal_pairs()
    assert (game.round, game.phase, game.status) == (2, "remove", "playing")
