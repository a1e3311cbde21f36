"""Rules values and geometry: cells, neighbours, no wrap (architecture.md
"Rules value", "Cells and geometry"; RULES.md "Terms", "Strategy facts")."""

import pytest

from mc_widget.engine import (
    PRESETS,
    Game,
    IllegalMove,
    Rules,
    StateError,
    neighbours,
    resolve_rules,
)

STANDARD = PRESETS["standard"]


def test_presets_match_the_rule_book():
    assert STANDARD.to_json() == {
        "name": "standard",
        "rows": 5,
        "cols": 5,
        "decks": 1,
        "pair": "same-rank",
        "touching": "eight",
    }
    small, double = PRESETS["small"], PRESETS["double"]
    assert (small.rows, small.cols, small.decks) == (4, 5, 1)  # 5 columns x 4 rows, 20 cells
    assert (double.rows, double.cols, double.decks) == (7, 7, 2)  # 49 cells, two decks
    assert small.cells == 20
    assert double.cells == 49
    assert double.deck_size == 104


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        (0, (1, 5, 6)),
        (4, (3, 8, 9)),
        (20, (15, 16, 21)),
        (24, (18, 19, 23)),
        (2, (1, 3, 6, 7, 8)),
        (10, (5, 6, 11, 15, 16)),
        (14, (8, 9, 13, 18, 19)),
        (22, (16, 17, 18, 21, 23)),
        (12, (6, 7, 8, 11, 13, 16, 17, 18)),
        (6, (0, 1, 2, 5, 7, 10, 11, 12)),
    ],
)
def test_standard_neighbours_by_hand(cell, expected):
    assert neighbours(STANDARD, cell) == expected


def test_corners_have_3_edges_5_inner_cells_8():
    corners = {0, 4, 20, 24}
    edges = {1, 2, 3, 5, 10, 15, 9, 14, 19, 21, 22, 23}
    for cell in range(25):
        want = 3 if cell in corners else 5 if cell in edges else 8
        assert len(neighbours(STANDARD, cell)) == want, cell


def test_the_grid_does_not_wrap():
    # End of row 1 and start of row 2 are next to each other in reading
    # order but not on the table (mistake M6).
    assert 5 not in neighbours(STANDARD, 4)
    assert 10 not in neighbours(STANDARD, 9)
    assert 20 not in neighbours(STANDARD, 0)
    assert 9 not in neighbours(STANDARD, 5)


def test_small_and_double_geometry():
    small, double = PRESETS["small"], PRESETS["double"]
    assert neighbours(small, 19) == (13, 14, 18)
    assert neighbours(small, 15) == (10, 11, 16)
    assert neighbours(double, 6) == (5, 12, 13)
    assert neighbours(double, 24) == (16, 17, 18, 23, 25, 30, 31, 32)
    assert neighbours(double, 48) == (40, 41, 47)


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        (25, "There is no cell 25: cells are numbered 0 to 24."),
        (-1, "There is no cell -1: cells are numbered 0 to 24."),
    ],
)
def test_out_of_range_cell(cell, message):
    with pytest.raises(IllegalMove) as info:
        neighbours(STANDARD, cell)
    assert info.value.reason == "out-of-range"
    assert str(info.value) == message


@pytest.mark.parametrize("cell", [True, 1.0, "3", None])
def test_a_cell_must_be_an_int(cell):
    with pytest.raises(StateError) as info:
        neighbours(STANDARD, cell)
    assert info.value.path == "cell"


def test_game_neighbours_is_the_same_geometry():
    g = Game(deal=1)
    assert g.neighbours(0) == (1, 5, 6)
    assert g.neighbours(12) == (6, 7, 8, 11, 13, 16, 17, 18)


#: A 5 by 5 tableau, for the preset names.
FIVE = {"rows": 5, "cols": 5}


def _rules(**changes):
    data = {
        "name": "mini",
        "rows": 3,
        "cols": 3,
        "decks": 1,
        "pair": "same-rank",
        "touching": "eight",
    }
    data.update(changes)
    return data


def test_a_custom_shape_is_data():
    rules = Rules.from_json(_rules())
    assert neighbours(rules, 4) == (0, 1, 2, 3, 5, 6, 7, 8)
    assert resolve_rules("small") is PRESETS["small"]
    assert resolve_rules(rules) is rules


@pytest.mark.parametrize(
    ("changes", "path", "words"),
    [
        (
            FIVE | {"name": "standard", "pair": "sum-13"},
            "rules.pair",
            "standard game has same-rank",
        ),
        (FIVE | {"name": "standard", "touching": "line"}, "rules.touching", "has eight here"),
        (FIVE | {"name": "standard", "lone": ["K"]}, "rules.lone", "standard game has [] here"),
        (FIVE | {"name": "thirteens", "pair": "sum-14"}, "rules.pair", "thirteens game has sum-13"),
        (FIVE | {"name": "thirteens", "pair": "sum-13"}, "rules.lone", 'game has ["K"] here'),
        (
            FIVE | {"name": "aces-square", "pair": "same-suit", "touching": "line", "lone": ["A"]},
            "rules.lone",
            "the aces-square game has [] here",
        ),
        ({"name": "a", "lone": "K"}, "rules.lone", "must be a list of rank letters"),
        ({"name": "a", "lone": ["K", "k"]}, "rules.lone[1]", 'must be one of "A", "2"'),
        ({"name": "a", "lone": ["K", "10"]}, "rules.lone[1]", 'not "10"'),
        ({"name": "a", "lone": ["AK"]}, "rules.lone[0]", 'not "AK"'),
        ({"name": "a", "stay": ["A", "A"]}, "rules.stay[1]", "A is listed twice"),
        (
            {"name": "a", "lone": ["K"], "stay": ["A", "K"]},
            "rules.stay[1]",
            "both go alone and stay",
        ),
        ({"name": "a", "pair": "sum-15"}, "rules.pair", 'not "sum-15"'),
        ({"pair": "colour"}, "rules.pair", 'must be one of "same-rank"'),
        ({"rows": 0}, "rules.rows", "must be from 1 to 10, not 0"),
        ({"cols": 11}, "rules.cols", "must be from 1 to 10, not 11"),
        ({"decks": 3}, "rules.decks", "must be from 1 to 2, not 3"),
        ({"rows": "5"}, "rules.rows", "must be a whole number"),
        ({"rows": True}, "rules.rows", "must be a whole number"),
        ({"name": ""}, "rules.name", "non-empty string"),
        ({"rows": 8, "cols": 7}, "rules.rows", "56 cells"),
        ({"name": "standard", "rows": 4}, "rules.rows", "the standard game has 5 here"),
        ({"name": "double", "rows": 7, "cols": 7}, "rules.decks", "the double game has 2 here"),
        ({"extra": 1}, "rules.extra", "is not part of"),
    ],
)
def test_bad_rules_are_refused_naming_the_field(changes, path, words):
    with pytest.raises(StateError) as info:
        Rules.from_json(_rules(**changes))
    assert info.value.path == path
    assert words in str(info.value)
    assert str(info.value).startswith(path)


def test_missing_rules_field():
    data = _rules()
    del data["touching"]
    with pytest.raises(StateError) as info:
        Rules.from_json(data)
    assert info.value.path == "rules.touching"
    assert str(info.value) == "rules.touching is missing."


def test_unknown_preset_name():
    with pytest.raises(StateError) as info:
        Game(deal=1, rules="huge")
    assert info.value.path == "rules"
    assert str(info.value) == (
        'rules must be one of "standard", "small", "double", "thirteens", "fourteens", '
        '"fourteens-lines", "aces-square", not "huge".'
    )


def test_one_neighbour_table_per_shape_and_its_edges():
    from mc_widget.engine.rules import neighbour_edges, neighbour_table

    custom = Rules("my 5x5", 5, 5, 1)
    assert neighbour_table(custom) is neighbour_table(STANDARD)
    assert neighbour_table(STANDARD)[12] == (6, 7, 8, 11, 13, 16, 17, 18)
    assert neighbour_table(STANDARD)[0] == (1, 5, 6)
    # 5x5: 4 edges per row (20), 4 per column pair of rows (20), 2x16 diagonals (32).
    edges = neighbour_edges(STANDARD)
    assert len(edges) == 72
    assert edges[:4] == ((0, 1), (0, 5), (0, 6), (1, 2))
    assert all(i < j for i, j in edges)


def test_pair_test_is_the_same_rank_rule():
    from mc_widget.engine import Card
    from mc_widget.engine.rules import pair_test

    test = pair_test(STANDARD)
    assert test(Card(7, "H"), Card(7, "S"))
    assert test(Card(10, "D"), Card(10, "C"))
    assert not test(Card(7, "H"), Card(8, "H"))  # same suit is not a pair (M5)
    assert not test(Card(13, "S"), Card(12, "S"))


def test_pairs_after_a_removal_are_the_pairs_before_without_its_cells():
    # 7H 7S 7D in a row, 9C 9S below the first two: the sevens in 0-1 and
    # 1-2 touch (0 and 2 do not), and so do the nines in 5-6.
    gaps = "/.. .. .. .. ../.. .. .. .. ../.. .. .. .. .."
    g = Game.from_layout("7H 7S 7D .. ../9C 9S .. .. .." + gaps)
    assert g.pairs() == [(0, 1), (1, 2), (5, 6)]
    g.remove_pair(1, 2)
    assert g.pairs() == [(5, 6)]
    g.remove_pair(5, 6)
    assert g.pairs() == []
    # 7H alone in cell 0, no card after a gap and no stock: blocked (RULES.md).
    assert g.status == "lost"
