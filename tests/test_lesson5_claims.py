"""Claims lesson 5 (notebooks/05-relatives-of-monte-carlo.ipynb) makes in words.

nbval pins what the lesson's cells print; this file pins what its Markdown
says. Every expected value is written out here by hand from RULES.md
("Variants", "Common mistakes"): the rank values A = 1 … Q = 12, K = 13; a
Thirteens king goes alone; Fourteens by the 8 neighbours or anywhere in one
row or column; Aces Square pairs one suit in a row or column, won with the
four aces left; the small tableau 4 rows of 5, the double 7 by 7 with two
decks. The engine is only asked to play the positions the text describes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mc_widget import Game, IllegalMove, Match, MonteCarloWidget, RecordError, Rules, race_result
from mc_widget.teaching import mistake, mistakes, scenario

REPO = Path(__file__).resolve().parents[1]
LESSON = REPO / "notebooks" / "05-relatives-of-monte-carlo.ipynb"
CELLS = json.loads(LESSON.read_text(encoding="utf-8"))["cells"]
CATALOGUE = json.loads((REPO / "mc_widget" / "messages" / "en.json").read_text(encoding="utf-8"))

#: The rank values of the sum rules, by hand (RULES.md, "Variants").
VALUE = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13} | {str(n): n for n in range(2, 10)}


def text(cell_id: str) -> str:
    cell = next(c for c in CELLS if c.get("id") == cell_id)
    return "".join(cell["source"])


def said(cell_id: str) -> str:
    """A Markdown cell with its line breaks as spaces."""
    return " ".join(text(cell_id).split())


def empty(rows: int) -> str:
    return "/".join([".. .. .. .. .."] * rows)


def side_by_side(rules: str, first: str, second: str) -> Game:
    """The two cards in cells 1 and 2 of row 1, a gap before them and 3♦ in cell 4."""
    return Game.from_layout(f".. {first} {second} .. 3D/{empty(4)} |", rules)


def pairs_side_by_side(rules: str, first: str, second: str) -> bool:
    return (1, 2) in side_by_side(rules, first, second).legal_pairs()


# ------------------------------------------------------------------ the order of the lesson


def test_the_sections_and_the_contents_agree():
    headings = [line[3:] for c in CELLS if c["cell_type"] == "markdown" for line in text_lines(c)]
    numbered = [h for h in headings if re.match(r"\d\. ", h)]
    assert numbered == [
        "1. Seven presets",
        "2. Thirteens",
        "3. M10: two kings are not a pair",
        "4. Fourteens, two readings",
        "5. Aces Square",
        "6. The small and double tableaux",
        "7. Matches and races",
        "8. How often can each be won",
        "9. Questions",
    ]
    contents = text("title")
    for heading in numbered:
        # JupyterLab's anchor for a heading is its text with '-' for spaces.
        assert f"[{heading[3:]}](#{heading.replace(' ', '-')})" in contents


def text_lines(cell):
    return [line for line in "".join(cell["source"]).splitlines() if line.startswith("## ")]


# ------------------------------------------------------------------ 1. the presets


#: The table of section 1, as RULES.md gives it.
PRESET_TABLE = {
    "standard": ((5, 5), 1, "same-rank", "eight", (), ()),
    "small": ((4, 5), 1, "same-rank", "eight", (), ()),
    "double": ((7, 7), 2, "same-rank", "eight", (), ()),
    "thirteens": ((5, 5), 1, "sum-13", "eight", ("K",), ()),
    "fourteens": ((5, 5), 1, "sum-14", "eight", (), ()),
    "fourteens-lines": ((5, 5), 1, "sum-14", "line", (), ()),
    "aces-square": ((5, 5), 1, "same-suit", "line", (), ("A",)),
}


def test_the_preset_table_names_seven_presets_as_the_rules_are():
    table = text("s1")
    rows = re.findall(r"^\| `([a-z-]+)` \| ([^|]+) \| (\d) \| ([^|]+) \| ([^|]+) \|$", table, re.M)
    assert [row[0] for row in rows] == list(PRESET_TABLE)
    shapes = {"5 \u00d7 5": (5, 5), "4 rows of 5": (4, 5), "7 \u00d7 7": (7, 7)}
    touching = {"the 8 neighbours": "eight", "anywhere in the same row or column": "line"}
    for name, shape, decks, pair, touch in rows:
        (rows_cols, want_decks, want_pair, want_touch, lone, stay) = PRESET_TABLE[name]
        rules = Rules.preset(name)
        assert shapes[shape] == rows_cols == (rules.rows, rules.cols), name
        assert int(decks) == want_decks == rules.decks, name
        assert touching[touch] == want_touch == rules.touching, name
        assert (rules.pair, rules.lone, rules.stay) == (want_pair, lone, stay), name
        assert ("king goes alone" in pair) == (lone == ("K",)), name
        assert ("aces never pair" in pair) == (stay == ("A",)), name
        assert ("13" in pair) == (want_pair == "sum-13"), name
        assert ("14" in pair) == (want_pair == "sum-14"), name
        assert ("suit" in pair) == (want_pair == "same-suit"), name


def test_a_deal_for_thirteens_and_a_layout_for_fourteens():
    assert '`MonteCarloWidget(deal=7, rules="thirteens")` deals deal 7 for Thirteens' in said("s1")
    board = MonteCarloWidget(deal=7, rules="thirteens")
    assert board.game.deal == 7 and board.rules.name == "thirteens"
    board = MonteCarloWidget.from_layout(f"QC 2H .. .. ../{empty(4)} |", "fourteens")
    assert board.game.legal_pairs() == [(0, 1)]  # 12 + 2


# ------------------------------------------------------------------ 2. Thirteens


def test_the_thirteens_sums_of_the_text():
    words = said("s2")
    assert "An ace counts 1, a number card its number, a jack 11 and a queen 12." in words
    assert (
        "So **7♥ and 6♣ make 13**, and so do 8 and 5, 9 and 4, 10 and 3, J and 2, Q and A." in words
    )
    for first, second in [
        ("7H", "6C"),
        ("8S", "5D"),
        ("9C", "4H"),
        ("TD", "3S"),
        ("JC", "2D"),
        ("QH", "AS"),
    ]:
        assert VALUE[first[0]] + VALUE[second[0]] == 13
        assert pairs_side_by_side("thirteens", first, second), (first, second)
    assert "Two sevens are no longer a pair: 7 + 7 is 14." in words
    assert not pairs_side_by_side("thirteens", "7H", "7C")


def test_a_king_goes_alone_with_no_neighbour():
    assert "a king is **removed alone**, whenever it is on the tableau" in said("s2")
    corner = Game.from_layout(f"KC .. .. .. ../{empty(4)} |", "thirteens")
    assert corner.legal_lone() == [0] and corner.neighbours(0) == (1, 5, 6)
    corner.remove_king(0)
    assert corner.status == "won"  # all of the (one-card) layout gone


def test_the_thirteens_board():
    assert "9♣ and 4♥ make 13, but K♦ stands between them, so they do not touch." in said(
        "s2-board"
    )
    game = Game.from_layout(scenario("king-goes-alone").layout, "thirteens")
    assert [str(game.grid[c]) for c in (0, 1, 2)] == ["9C", "KD", "4H"]
    assert 2 not in game.neighbours(0) and game.legal_pairs() == []
    # "the king goes, the consolidation brings 9♣ and 4♥ together, and their pair wins"
    game.remove_king(1)
    assert len(game.consolidate()) == 1
    assert game.legal_pairs() == [(0, 1)]
    game.remove_pair(0, 1)
    assert game.status == "won"


def test_the_try_it_of_thirteens_says_what_the_board_does():
    words = said("s2-try")
    # The board's own advice for a card that goes alone (status.remove-lone).
    assert "click K♦ twice (or select it and press Enter twice)" in words
    assert "click it twice, or press Enter twice" in CATALOGUE["status.remove-lone"]
    assert f"**{CATALOGUE['ui.button-consolidate']}** (Shift+C)" in words


# ------------------------------------------------------------------ 3. M10


def test_m10_the_text_and_the_board():
    words = said("s3")
    assert "**M10**" in words and "K + K is 26, not 13" in words
    assert VALUE["K"] + VALUE["K"] == 26
    # "the one mistake of the rule book that belongs to a relative"
    assert "the one mistake of the rule book that belongs to a relative" in words
    assert [m.code for m in mistakes() if m.rules != "standard"] == ["M10"]
    m = mistake("M10")
    assert (m.code, m.rules) == ("M10", "thirteens")
    game = Game.from_layout(m.layout, m.rules)
    # "it refuses the two kings as a pair, removes each alone, and 7♦ with 6♣ is the one pair"
    assert "7♦ with 6♣ is the one pair" in said("m10-check")
    assert [str(game.grid[c]) for c in range(4)] == ["KS", "KH", "7D", "6C"]
    assert game.legal_pairs() == [(2, 3)] and VALUE["7"] + VALUE["6"] == 13
    with pytest.raises(IllegalMove) as refused:
        game.remove_pair(0, 1)
    assert refused.value.reason == "lone-rank"
    game.remove_king(0)
    game.remove_king(1)
    assert game.legal_lone() == []
    assert "click K♠, then K♥: the board refuses and says why" in said("m10-try")


# ------------------------------------------------------------------ 4. Fourteens


def test_the_fourteens_sums_of_the_text():
    words = said("s4")
    assert "K and A, Q and 2, J and 3, 10 and 4, 9 and 5, 8 and 6, and **two sevens**" in words
    for first, second in [
        ("KH", "AD"),
        ("QC", "2H"),
        ("JS", "3H"),
        ("TC", "4S"),
        ("9H", "5C"),
        ("8D", "6S"),
        ("7H", "7C"),
    ]:
        assert VALUE[first[0]] + VALUE[second[0]] == 14
        for rules in ("fourteens", "fourteens-lines"):
            assert pairs_side_by_side(rules, first, second), (rules, first, second)
    assert "No card goes alone." in words
    assert Rules.preset("fourteens").lone == () == Rules.preset("fourteens-lines").lone


def test_the_two_readings_on_the_same_cards():
    words = said("s4-readings")
    assert "The two boards below hold the same cards." in words
    assert "Q♣ and 2♥ make 14 with a gap between them in row 1." in words
    eight, line = scenario("fourteens-neighbours"), scenario("fourteens-in-line")
    assert eight.layout == line.layout
    game = Game.from_layout(eight.layout, "fourteens")
    assert [None if c is None else str(c) for c in game.grid[:3]] == ["QC", None, "2H"]
    assert (0, 2) not in game.legal_pairs()  # "Under the 8 neighbours they do not touch"
    lines = Game.from_layout(line.layout, "fourteens-lines")
    assert (0, 2) in lines.legal_pairs()  # "a pair across the gap"
    # "Then find the two other pairs of the second board."
    assert "the two other pairs of the second board" in said("s4-try")
    assert len(lines.legal_pairs()) == 3


def test_in_lines_diagonals_do_not_count_and_cards_between_do_not_matter():
    words = said("s4-readings")
    assert "Gaps and cards between them do not matter; diagonals do not count." in words
    diagonal = Game.from_layout(f"7H .. .. .. ../.. 7C .. .. ../{empty(3)} |", "fourteens-lines")
    assert diagonal.legal_pairs() == []
    between = Game.from_layout(f"QC 5D 2H .. ../{empty(4)} |", "fourteens-lines")
    assert (0, 2) in between.legal_pairs()


# ------------------------------------------------------------------ 5. Aces Square


def test_aces_square_the_text():
    words = said("s5")
    assert "the **same suit**" in words and "**Aces never pair.**" in words
    assert "so 48 cards can go and the **four aces are left**" in words
    assert 4 * (13 - 1) == 48
    assert pairs_side_by_side("aces-square", "7C", "9C")
    assert not pairs_side_by_side("aces-square", "7C", "7H")
    assert not pairs_side_by_side("aces-square", "AS", "AH")
    assert not pairs_side_by_side("aces-square", "AC", "9C")


def test_aces_square_one_move_to_win():
    assert "click 7♣, then 9♣ two rows below it: the board says you won" in said("s5-try")
    game = Game.from_layout(scenario("aces-square-won").layout, "aces-square")
    assert [str(game.grid[c]) for c in (2, 12)] == ["7C", "9C"]  # row 1 and row 3, column 3
    assert game.stock == () or len(game.stock) == 0
    game.remove_pair(2, 12)
    assert game.status == "won"
    assert sorted(str(c) for c in game.grid if c is not None) == ["AC", "AD", "AH", "AS"]
    assert "they stay" in CATALOGUE["illegal.stay-rank"]  # "the board says why they stay"


# ------------------------------------------------------------------ 6. small and double


def test_the_small_and_double_tableaux():
    words = said("s6")
    assert (
        "The **small** tableau has 4 rows of 5: 20 cards are dealt and 32 stay in the stock."
        in words
    )
    small = Game(deal=7, rules="small")
    assert (small.rules.rows, small.rules.cols, len(small.stock)) == (4, 5, 52 - 20)
    assert "rows of 7 (49 cells) from **two decks**, 104 cards, so 55 stay in the stock" in words
    double = Game(deal=7, rules="double")
    assert (double.rules.rows, double.rules.cols) == (7, 7)
    assert len(double.stock) == 104 - 49 == 55
    # "two cards may be identical, two 7♥ ... they pair like any two sevens"
    twins = Game.from_layout(
        "7H 7H .. .. .. .. ../" + "/".join([".. .. .. .. .. .. .."] * 6) + " |", "double"
    )
    assert twins.legal_pairs() == [(0, 1)]


# ------------------------------------------------------------------ 7. questions and summary


def test_the_answers():
    answers = said("questions")
    assert "An 8 (5 + 8 = 13); a 2 (11 + 2 = 13)." in answers
    assert pairs_side_by_side("thirteens", "5S", "8D") and pairs_side_by_side(
        "thirteens", "JH", "2C"
    )
    assert "Yes: a king needs no neighbour; it goes alone." in answers
    assert "In Fourteens, yes (7 + 7 = 14). In Thirteens, no (14 is not 13)." in answers
    assert pairs_side_by_side("fourteens", "7H", "7C")
    assert not pairs_side_by_side("thirteens", "7H", "7C")
    column = f"QC .. .. .. ../5D .. .. .. ../2H .. .. .. ../{empty(2)} |"
    assert (0, 10) in Game.from_layout(column, "fourteens-lines").legal_pairs()
    assert (0, 10) not in Game.from_layout(column, "fourteens").legal_pairs()
    assert "Four: the four aces." in answers


def test_the_summary_table():
    table = text("summary")
    won = dict(re.findall(r"^\| `([a-z-]+)`[^|]* \|[^|]+\|[^|]+\| ([^|]+) \|$", table, re.M))
    assert won == {
        "thirteens": "all 52 cards are gone",
        "fourteens": "all 52 cards are gone",
        "fourteens-lines": "all 52 cards are gone",
        "aces-square": "only the four aces are left",
        "small": "every card is gone (52 or 104)",
    }
    assert Rules.preset("double").deck_size == 104 and Rules.preset("small").deck_size == 52
    for name in ("king-goes-alone", "fourteens-neighbours", "fourteens-in-line", "aces-square-won"):
        assert f"`{name}`" in table
        scenario(name)


@pytest.mark.parametrize(
    ("path", "link"),
    [
        (
            "notebooks/README.md",
            "[05-relatives-of-monte-carlo.ipynb](05-relatives-of-monte-carlo.ipynb)",
        ),
        ("README.md", "(notebooks/05-relatives-of-monte-carlo.ipynb)"),
    ],
)
def test_the_lesson_is_listed(path, link):
    assert link in (REPO / path).read_text(encoding="utf-8")


def test_the_note_on_the_boards_words_is_still_true():
    # The board's status line names each variant's rules and a king goes by a
    # second click or key (issue 19, item 2): the note and the catalogue agree.
    words = said("s1-note")
    assert '("pairs make 13; kings go alone")' in words
    assert CATALOGUE["rule.sum-13"] == "pairs make 13"
    assert CATALOGUE["rule.lone"] == "{ranks} go alone"
    assert "click it twice, or press Enter twice" in words
    assert "click it twice, or press Enter twice" in CATALOGUE["status.remove-lone"]
    assert "The **Rules** list beside Random deal" in words


# ------------------------------------------------------------------ 7. matches and races


def first_pair(game: Game, last: bool = False) -> Game:
    """The lesson's `finish`: the first (or last) pair listed, else the round's end."""
    while game.status == "playing":
        pairs = game.legal_pairs()
        if pairs:
            game.remove_pair(*(pairs[-1] if last else pairs[0]))
        elif game.can_consolidate():
            game.consolidate()
        else:
            game.refill()
    return game


def test_a_match_on_a_board_counts_a_win_and_a_loss_and_undo_changes_nothing():
    words = said("s7")
    assert "a won game counts 1, a lost game 0" in words and "10 is usual" in words
    assert "Deal 0 played that way is won; deal 2 is lost." in words
    assert first_pair(Game(deal=0)).status == "won"
    assert first_pair(Game(deal=2)).status == "lost"
    # The score line, by hand from the catalogue's match.score-one.
    assert CATALOGUE["match.score-one"] == "{wins}\N{EN DASH}{losses}, first to {target}"
    match = Match(target=10)
    board = MonteCarloWidget(deal=0, match=match)
    first_pair(board.game)
    assert board.match_line == "1\N{EN DASH}0, first to 10"
    board.new_deal(2)
    first_pair(board.game)
    assert board.match_line == "1\N{EN DASH}1, first to 10"
    board.game.undo()
    assert match.score == (1, 1)
    assert "MonteCarloWidget(deal=0, match=match)" in text("match-board")


def test_the_race_rule_as_the_lesson_states_it():
    words = said("s7-race")
    assert "the **first to clear** the tableau wins" in words
    assert "if **both are blocked**, the one with **more cards removed** wins" in words
    assert "with as many removed, the **earlier** finish" in words
    # The race-rule cell's four pairs of sides, judged by hand.
    outputs = "".join("".join(o.get("text", "")) for o in cell("race-rule")["outputs"])
    assert outputs.splitlines() == [
        "RaceResult(decided=True, winner=0, reason='cleared')",  # won beside lost 50
        "RaceResult(decided=True, winner=0, reason='removed')",  # 40 removed beats 38, later
        "RaceResult(decided=True, winner=0, reason='earlier')",  # 30 each, 61 s before 62 s
        "RaceResult(decided=False, winner=None, reason='running')",  # blocked beside playing
    ]


def test_the_race_board_is_two_boards_of_one_deal_and_leaving_it_does_not_count():
    assert 'MonteCarloWidget.race(deal=7, players=("Ann", "Ben"), rules="fourteens")' in text(
        "race-board"
    )
    race = MonteCarloWidget.race(deal=7, players=("Ann", "Ben"), rules="fourteens")
    assert [b.game.deal for b in race.boards] == [7, 7]
    assert [b.game.rules.name for b in race.boards] == ["fourteens", "fourteens"]
    words = said("s7-race")
    assert "one projector, two students" in words
    assert (
        "A board that leaves the race's deal (New deal) counts as not started until undo"
        " brings the deal back" in words
    )
    assert "take turns, one move each" in words and "a pair adds up to 14" in words
    board = race.boards[0]
    board.game.remove_pair(*board.game.legal_pairs()[0])
    board.new_deal(8)
    assert (race.sides[0].status, race.sides[0].removed) == ("playing", 0)
    board.game.undo()
    assert race.sides[0].removed == 2


def test_two_machines_records_and_the_forged_one():
    words = said("s7-machines")
    assert "Ann takes the first pair the engine lists, Ben the last one" in words
    ann = first_pair(Game(deal=1)).record()
    ben = first_pair(Game(deal=1), last=True).record()
    # What the lesson says of them: Ann blocked at 48, Ben cleared, so Ben wins (cleared).
    assert "; lost 48/52; moves 0-6 1-5 " in ann
    assert "; won 52/52; " in ben
    assert "Ann, who was blocked with 48 cards removed" in said("s7-forged")
    assert race_result(ann, ben).to_json() == {"decided": True, "winner": 1, "reason": "cleared"}
    assert "the pair in cells 1 and 5, to cells 1 and 7" in said("s7-forged")
    forged = ann.replace("lost 48/52", "won 52/52").replace("0-6 1-5", "0-6 1-7")
    with pytest.raises(RecordError, match=r"^Move 2 \(1-7\): "):
        race_result(forged, ben)
    # Deal 5 cleared both ways: a tie without times, the earlier finish with them.
    both = [first_pair(Game(deal=5)).record(), first_pair(Game(deal=5), last=True).record()]
    assert all("; won 52/52; " in r for r in both)
    assert race_result(*both).reason == "tie"
    assert race_result(*both, times=(250, 312)).to_json() == {
        "decided": True,
        "winner": 0,
        "reason": "earlier",
    }


def cell(cell_id: str) -> dict:
    return next(c for c in CELLS if c.get("id") == cell_id)


# ------------------------------------------------------------------ 8. how often each can be won

PERFORMANCE = (REPO / "docs" / "performance.md").read_text(encoding="utf-8")
#: A table row: `policy` (a note), then N, won, rate, interval.
ROW = re.compile(
    r"^\| `([a-z-]+)`[^|]* \| ([\d,]+) \| ([\d,]+) \| ([\d.]+ %) \| ([\d.]+ … [\d.]+ %) \|", re.M
)


def wilson(won: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson's 95 % interval, written out here (lesson 4; not the package's code)."""
    p = won / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5)
    return centre - half, centre + half


def test_a_handful_of_games_cannot_say():
    words = said("s8")
    assert "3 wins in 10 games is anything from about 11 % to 60 %" in words
    low, high = wilson(3, 10)
    assert round(100 * low) == 11 and round(100 * high) == 60


def test_the_standard_rates_are_copied_from_docs_performance_with_their_command():
    words = text("s8")
    command = ".venv/bin/python -m mc_widget.stats -n 10000 --out mc_widget/data/stats-10000.json"
    assert command in words and command in PERFORMANCE
    lesson = ROW.findall(words)
    assert [row[0] for row in lesson] == [
        "random",
        "first-pair",
        "greedy",
        "one-pair",
        "fair-hint",
        "solver",
    ]
    # The docs' first table (deals 0 … 9,999) holds the same rows, figure for figure.
    section = PERFORMANCE.split("## Statistics: the policies over many deals")[1]
    docs_rows = ROW.findall(section.split("Deals 0 … 99,999")[0])
    assert lesson == docs_rows
    # And the file the figures come from, with the interval checked by hand.
    summary = json.loads(
        (REPO / "mc_widget" / "data" / "stats-10000.json").read_text(encoding="utf-8")
    )["summary"]
    for policy, n, won, rate, interval in lesson:
        n, won = int(n.replace(",", "")), int(won.replace(",", ""))
        assert (summary[policy]["n"], summary[policy]["won"]) == (n, won), policy
        assert rate == f"{100 * won / n:.2f} %"
        low, high = wilson(won, n)
        assert interval == f"{100 * low:.2f} … {100 * high:.2f} %", policy
    assert "`solver` (winnable)" in words


def test_no_rate_is_played_at_run_time():
    # The lesson reads the saved results; no cell of section 8 plays games.
    for cell_id in ("standard-rates",):
        source = text(cell_id)
        assert "saved_result()" in source
        assert "stats.run" not in source and "finish(" not in source and "Game(" not in source


#: The docs' table of every preset: `| preset | policy | N | won | win rate | 95 % Wilson | …`.
COUNT, RATE, INTERVAL = r"([\d,]+)", r"([\d.]+ ?%)", r"([\d.]+ ?%? … [\d.]+ ?%)"
PRESET_ROW = re.compile(
    rf"^\| ([a-z-]+) \| `([a-z-]+)` \| {COUNT} \| {COUNT} \| {RATE} \| {INTERVAL} \|", re.M
)
#: The lesson's tables, one per preset: `| policy | N | won | win rate | 95 % Wilson |`.
LESSON_ROW = re.compile(
    rf"^\| `([a-z-]+)`(?: \(winnable\))? \| {COUNT} \| {COUNT} \| {RATE} \| {INTERVAL} \|$", re.M
)


def percent(value: str) -> float:
    return float(value.replace("%", "").strip())


def lesson_preset_tables() -> dict[str, list[tuple[str, ...]]]:
    """Cell s8-presets: a line `` `preset` `` then its table."""
    tables: dict[str, list[tuple[str, ...]]] = {}
    for part in re.split(r"^`([a-z-]+)`$", text("s8-presets"), flags=re.M)[1:]:
        if part in PRESETS_NAMES:
            preset = part
            tables[preset] = []
        else:
            tables[preset] = LESSON_ROW.findall(part)
    return tables


PRESETS_NAMES = ("small", "double", "thirteens", "fourteens", "fourteens-lines", "aces-square")


def test_the_relatives_rates_are_copied_from_docs_performance_or_said_missing():
    docs_rows = PRESET_ROW.findall(PERFORMANCE)
    words = text("s8-presets")
    if not docs_rows:
        # Not measured yet: the lesson says so and shows no rate of its own.
        assert "not in docs/performance.md yet" in words
        assert "%" not in words
        return
    from mc_widget.analysis.stats import load, summarize

    tables = lesson_preset_tables()
    assert list(tables) == [p for p in dict.fromkeys(r[0] for r in docs_rows) if p != "standard"]
    assert "copied from docs/performance.md" in words
    for preset, rows in tables.items():
        expected = [r[1:] for r in docs_rows if r[0] == preset]
        assert rows == expected, preset
        assert [r[0] for r in rows][-1] == "solver" and "`solver` (winnable)" in words
        files = {}
        for group in ("fast", "fair"):
            path = REPO / "benchmarks" / "winrates" / f"{preset}-{group}.json"
            if path.exists():
                files.update(summarize(load(path)))
        for policy, n, won, rate, interval in rows:
            n, won = int(n.replace(",", "")), int(won.replace(",", ""))
            assert (files[policy]["n"], files[policy]["won"]) == (n, won), (preset, policy)
            assert percent(rate) == round(100 * won / n, 2), (preset, policy)
            low, high = wilson(won, n)
            shown = [percent(x) for x in interval.split("…")]
            assert shown == [round(100 * low, 2), round(100 * high, 2)], (preset, policy)
    # The commands that measured them are the docs' own.
    for command in re.findall(r"```sh\n(.*?)```", words, re.S):
        for line in command.splitlines():
            assert line.strip() in PERFORMANCE


def test_the_race_answers():
    answers = said("questions")
    assert "Ann is blocked with 40 cards removed; Ben is still playing with 30 removed" in answers
    assert "Nobody yet: Ben may still clear, or be blocked with more cards removed." in answers
    assert "Both are blocked with 44 cards removed, Ann after 300 seconds, Ben after 240" in answers
    assert "Ben: as many cards removed, and he finished earlier." in answers
    # By hand from RULES.md's race rule: blocked beside playing is not decided; as many
    # removed, the earlier finish (Ben, the second side) wins.
    output = "".join("".join(o.get("text", "")) for o in cell("answers")["outputs"])
    assert output.splitlines()[-2:] == [
        "RaceResult(decided=False, winner=None, reason='running')",
        "RaceResult(decided=True, winner=1, reason='earlier')",
    ]


def test_the_summary_names_the_match_and_race_calls():
    summary = said("summary")
    for call in (
        "Match(target=10)",
        "MonteCarloWidget(deal=0, match=match)",
        'MonteCarloWidget.race(deal=7, players=("Ann", "Ben"), rules="fourteens")',
        "race_result(a, b)",
    ):
        assert call in summary
    assert "the first to clear wins; both blocked, more cards removed, then the earlier finish" in (
        summary
    )
