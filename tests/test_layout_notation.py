"""Layout notation in and out (architecture.md "Layout notation")."""

import pytest

from mc_widget.engine import (
    PRESETS,
    Card,
    DealError,
    Game,
    LayoutError,
    Rules,
    canonical_layout,
    format_layout,
    new_state,
    parse_layout,
)

STANDARD = PRESETS["standard"]
GERMAN = (
    "9H KH 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH | "
    "TS 5C 2S AD 7S 3H QS JC 5S 8H TH AC 6C 6D 9C TD 4S 8S TC 3C 3D 9D JH 4D KC 6H 7H"
)
ROWS = "9H KH 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH"


def test_the_german_layout_reads_and_writes_back():
    tableau, stock = parse_layout(GERMAN, STANDARD)
    assert len(tableau) == 25
    assert tableau[0] == Card(9, "H")
    assert tableau[8] == Card(4, "H")
    assert tableau[24] == Card(1, "H")
    assert len(stock) == 27
    assert stock[0] == Card(10, "S")  # the next card is written first
    assert stock[-1] == Card(7, "H")
    assert format_layout(STANDARD, tableau, stock) == GERMAN


def test_loose_input_is_written_canonically():
    text = " 9h  KH 4♣ 5D 2H /8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH|10♠ 5c"
    assert canonical_layout(text, STANDARD) == ROWS + " | TS 5C"


def test_gaps_and_an_empty_stock():
    text = ".. KH 4C 5D 2H/8D .. 8C 4H 6S/QD 2C .. 5H KD/KS 3S 7D .. 7C/AS 9S JD QC .."
    tableau, stock = parse_layout(text, STANDARD)
    assert [k for k, card in enumerate(tableau) if card is None] == [0, 6, 12, 18, 24]
    assert stock == ()
    # No '|' means an empty stock; the canonical form then ends in " |".
    assert canonical_layout(text, STANDARD) == text + " |"
    assert canonical_layout(text + " |", STANDARD) == text + " |"
    assert canonical_layout(text + "|   ", STANDARD) == text + " |"


def test_a_partial_layout_is_allowed():
    text = "7H .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. 7S | KD"
    tableau, stock = parse_layout(text, STANDARD)
    assert sum(card is not None for card in tableau) == 2
    assert stock == (Card(13, "D"),)


def test_small_and_double_shapes():
    small = "AS 2S 3S 4S 5S/6S 7S 8S 9S TS/JS QS KS AH 2H/3H 4H 5H 6H 7H | 8H"
    assert canonical_layout(small, PRESETS["small"]) == small
    row = "7H 7H .. .. .. .. .."
    double = "/".join([row] + [".. .. .. .. .. .. .."] * 6) + " | 8C 8C"
    tableau, stock = parse_layout(double, PRESETS["double"])
    assert tableau[0] == tableau[1] == Card(7, "H")  # two decks: two copies
    assert stock == (Card(8, "C"), Card(8, "C"))


def _error(text, rules=STANDARD):
    with pytest.raises(LayoutError) as info:
        parse_layout(text, rules)
    return info.value


@pytest.mark.parametrize("text", ["", "   ", "\n"])
def test_empty_layout(text):
    error = _error(text)
    assert error.key == "layout.empty"
    assert error.place == "layout"
    assert str(error) == (
        "The layout is empty: write the rows of the tableau, then '|' and the stock."
    )


def test_more_than_one_bar():
    error = _error(ROWS + " | TS | 5C")
    assert (error.key, error.token, error.place) == ("layout.bars", "|", "layout")
    assert "more than one '|'" in str(error)


def test_wrong_number_of_rows():
    error = _error("9H KH 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C | TS")
    assert error.place == "layout"
    assert str(error) == "The layout has 4 rows; it needs 5 rows (rows are separated by '/')."


def test_commas_between_cells_say_to_use_spaces():
    # "9H, KH, …" (a list as a teacher would type it) was refused as a bad
    # card or "Row 1 has 1 cell", neither of which says what to change.
    tail = " has a comma: separate the cells (and the stock cards) with spaces, not commas"
    error = _error(ROWS.replace("9H KH 4C 5D 2H", "9H, KH, 4C, 5D, 2H"))
    assert (error.key, error.token, error.place) == ("layout.commas", "9H,", "row 1")
    assert str(error) == f"In row 1, '9H,'{tail}, like 9H KH 4C 5D 2H."
    error = _error("9H,KH,4C,5D,2H/8D,2D,8C,4H,6S")  # two rows as well: the comma comes first
    assert (error.token, error.place) == ("9H,KH,4C,5D,2H", "row 1")
    error = _error(ROWS + " | TS, 5C")
    assert (error.token, error.place) == ("TS,", "stock card 1")


def test_a_short_row_names_the_row():
    error = _error("9H KH 4C 5D 2H/8D 2D 8C 4H/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH")
    assert (error.token, error.place) == ("8D 2D 8C 4H", "row 2")
    assert str(error) == "Row 2 has 4 cells; it needs 5 cells (write '..' for a gap)."


def test_a_bad_card_names_row_and_column():
    error = _error("9H KH 4C 5D 2H/8D 2D XQ 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH")
    assert (error.token, error.place) == ("XQ", "row 2, column 3")
    assert str(error) == (
        "In row 2, column 3, 'XQ' is not a card "
        "(write cards like 7H, TD or 10♦, and '..' for a gap)."
    )


def test_a_bad_stock_card_names_its_place():
    error = _error(ROWS + " | TS 5C 2S 1H")
    assert (error.token, error.place) == ("1H", "stock card 4")
    assert str(error) == "Stock card 4, '1H', is not a card (write cards like 7H, TD or 10♦)."


def test_a_gap_is_not_a_stock_card():
    error = _error(ROWS + " | TS ..")
    assert (error.key, error.token, error.place) == ("layout.bad-stock-card", "..", "stock card 2")


def test_a_card_twice_names_both_places():
    error = _error(ROWS + " | TS 5C 2S AD 7S 3H QS JC KH")
    assert (error.token, error.place) == ("KH", "stock card 9")
    assert (
        str(error)
        == "KH appears twice: row 1, column 2 and stock card 9. One deck has only one KH."
    )
    error = _error(ROWS.replace("QC", "9H"))
    assert (error.token, error.place) == ("9H", "row 5, column 4")
    assert "row 1, column 1 and row 5, column 4" in str(error)


def test_two_decks_allow_two_copies_not_three():
    row = "7H 7H .. .. .. .. .."
    text = "/".join([row] + [".. .. .. .. .. .. .."] * 6) + " | 7H"
    error = _error(text, PRESETS["double"])
    assert (error.key, error.token, error.place) == ("layout.too-many", "7H", "stock card 1")
    assert "7H appears more than 2 times" in str(error)


def test_row_lengths_are_checked_before_cards():
    # Row 1 has a bad card and row 3 is short: the shape is reported first.
    error = _error("9H KH XX 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H/KS 3S 7D JS 7C/AS 9S JD QC AH")
    assert error.place == "row 3"


@pytest.mark.parametrize("value", [None, 5, ["9H"]])
def test_a_layout_must_be_text(value):
    error = _error(value)
    assert error.key == "layout.not-text"


def test_bad_layout_is_a_value_error_and_loads_nothing():
    g = Game(deal=3)
    before = g.state
    with pytest.raises(ValueError):
        g.load(ROWS + " | TS TS")
    assert g.state is before
    with pytest.raises(LayoutError):
        Game.from_layout("9H KH")


def test_from_layout_none_is_a_layout_error_not_a_missing_argument():
    # None is given, so it is a layout that is not text (architecture.md,
    # "Layout notation": key layout.not-text, place "layout"), as in the JS
    # engine; it is not "no layout given".
    with pytest.raises(LayoutError) as info:
        Game.from_layout(None)
    e = info.value
    assert (e.key, e.token, e.place) == ("layout.not-text", "None", "layout")
    assert str(e) == "A layout must be text, not None."


def test_new_state_tells_none_from_not_given():
    with pytest.raises(LayoutError):
        new_state("standard", layout=None)
    with pytest.raises(DealError):
        new_state("standard", deal=None)
    with pytest.raises(TypeError):
        new_state("standard")
    with pytest.raises(TypeError):
        new_state("standard", deal=1, layout=ROWS)


def test_counts_of_one_are_singular():
    # Catalogue one/other keys: "1 row", "1 cell", never "1 rows".
    strip = Rules("strip", 1, 5, 1)  # a one-row teaching board
    with pytest.raises(LayoutError) as info:
        parse_layout("9H KH 4C 5D 2H/8D 2D 8C 4H 6S", strip)
    assert str(info.value) == "The layout has 2 rows; it needs 1 row (rows are separated by '/')."
    with pytest.raises(LayoutError) as info:
        parse_layout("9H KH 4C 5D 2H | TS", STANDARD)
    assert str(info.value) == "The layout has 1 row; it needs 5 rows (rows are separated by '/')."
    column = Rules("column", 5, 1, 1)
    with pytest.raises(LayoutError) as info:
        parse_layout("9H/KH/4C 5D/2H/8D", column)
    assert str(info.value) == "Row 3 has 2 cells; it needs 1 cell (write '..' for a gap)."
    with pytest.raises(LayoutError) as info:
        parse_layout("9H/" + ROWS.split("/", 1)[1], STANDARD)
    assert str(info.value) == "Row 1 has 1 cell; it needs 5 cells (write '..' for a gap)."
