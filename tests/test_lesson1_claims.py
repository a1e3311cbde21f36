"""Claims lesson 1 makes in words that no output of it shows.

Section 7 says deal 1 can be won (after showing that always taking the first
pair loses it). The winning line below was found by a search outside the
project and is replayed here move by move, so every move must be legal.
Section 4 names the false neighbours of Q♥; the mistakes M1 … are numbered
before they are explained, so the start says so and links the table.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from mc_widget import Game

LESSON = Path(__file__).resolve().parents[1] / "notebooks" / "01-learn-the-rules.ipynb"
CELLS = json.loads(LESSON.read_text())["cells"]
GERMAN = (
    "9H KH 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH"
    " | TS 5C 2S AD 7S 3H QS JC 5S 8H TH AC 6C 6D 9C TD 4S 8S TC 3C 3D 9D JH 4D KC 6H 7H"
)


def markdown(cell_id: str) -> str:
    cell = next(c for c in CELLS if c.get("id") == cell_id)
    return "".join(cell["source"])


# Pairs (cells) to remove; "next" = consolidate, then refill when it is due.
DEAL_1_WIN = [
    (0, 6), (1, 5), (2, 3), (10, 11), (13, 18), "next",
    (4, 9), (13, 18), "next",
    (7, 12), (13, 19), "next",
    (5, 11), (8, 12), (16, 20), "next",
    (0, 6), (2, 7), (8, 12), "next",
    (3, 4), (9, 13), (16, 20), "next",
    (2, 3), (7, 12), "next",
    (1, 6), (4, 9), "next",
    (0, 5), (2, 6), (3, 7), "next",
    (0, 1),
]  # fmt: skip


def play_line(game, steps):
    """Play ``steps`` (pairs of cells, or "next": consolidate, then refill when due)."""
    for step in steps:
        assert game.status == "playing"
        if step == "next":
            game.consolidate()
            if game.can_refill():
                game.refill()
        else:
            game.remove_pair(*step)
    return game


def test_deal_1_can_be_won():
    game = play_line(Game(deal=1), DEAL_1_WIN)
    assert game.status == "won"
    assert (game.removed, game.total) == (52, 52)
    assert game.grid == (None,) * 25 and game.stock == ()


def test_section_4_names_every_false_neighbour_of_q_hearts():
    # After the three pairs, the gaps touching Q♥ (cell 12) are cells 6, 8,
    # 11 and 18; beyond them, on the same lines, lie 9♥ (0), 2♥ (4), Q♦ (10)
    # and A♥ (24). The board marks exactly these, so the text must name them.
    game = Game.from_layout(GERMAN)
    for i, j in [(2, 8), (6, 11), (18, 22)]:
        game.remove_pair(i, j)
    assert game.false_neighbours(12) == (0, 4, 10, 24)
    assert game.partners(12) == ()
    text = markdown("s4-try")
    said = text[text.index("select Q♥") :]
    named = re.findall(r"(?:10|[2-9AJQK])[♠♥♦♣]", said)
    assert sorted(set(named) - {"Q♥"}) == sorted(["9♥", "2♥", "Q♦", "A♥", "2♦", "4♥", "2♣", "J♠"])
    assert "four cards are marked ✕" in said


def test_the_mistake_numbers_are_announced_before_their_first_use():
    # The first cell that uses a code like M2 is the introduction, which says
    # they are numbered and links the table at the end.
    first = next(
        c
        for c in CELLS
        if c["cell_type"] == "markdown" and re.search(r"\bM\d", "".join(c["source"]))
    )
    assert first.get("id") == "title"
    intro = "".join(first["source"])
    assert "[table of common mistakes](#The-common-mistakes)" in intro
    # JupyterLab's anchor for a heading is its text with '-' for spaces.
    summary = markdown("summary")
    assert "\n### The common mistakes\n" in summary
    table = summary[summary.index("### The common mistakes") :]
    listed = re.findall(r"^\| (M\d+):", table, re.M)
    assert listed == [f"M{k}" for k in range(1, 10)]
    used = set(re.findall(r"\b(M\d+)\b", "".join("".join(c["source"]) for c in CELLS)))
    assert used - set(listed) == {"M10"}  # named in the introduction only, as another variant's


def test_section_5_says_what_the_consolidations_counter_counts():
    text = markdown("s5-try")
    assert "**Consolidations** counter reads 1" in text
    assert "consolidations *started*, not the cards moved" in text
