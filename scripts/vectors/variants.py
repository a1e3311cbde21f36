"""Hand-made positions of the variants (RULES.md, "Variants"), shared by the vectors
files: one per pair rule and touching rule, with the refusals each one teaches.

Each position is ``(rules, layout)``; the comments name the cells (reading
order, 5 columns) so a reader can check every expected value by hand.
"""

from __future__ import annotations

from mc_widget.engine import Consolidate, ConsolidateStep, Remove, State

from .common import lay, load, play

#: The four presets issue 19 adds, in the order of architecture.md.
NEW_PRESETS = ("thirteens", "fourteens", "fourteens-lines", "aces-square")

# Thirteens: 0 7H, 1 6C, 2 KD, 3 KS, 4 QH / 5 AS, 6 7C, 7 gap, 8 6D, 9 8C /
# 10 2H, 11 JD, 12-14 gaps. Pairs: 7H-6C (0, 1), 6C-7C (1, 6), 2H-JD (10, 11);
# 7C and 6D make 13 across the gap in 7; kings go alone.
THIRTEENS = lay("7H 6C KD KS QH", "AS 7C .. 6D 8C", "2H JD .. .. ..", stock="3C 4D")
# Thirteens, lost: four aces and a two, no gap before a card, no stock.
THIRTEENS_LOST = lay("AS AH AD AC 2S")
# Thirteens, a king alone left: removing it wins.
THIRTEENS_LAST_KING = lay(".. KH .. .. ..")

# Fourteens (8 neighbours): 0 7H, 1 7C, 2 KD, 3 AS, 4 gap / 5 QH, 6 2C, 7 gap,
# 8 9S, 9 5D / 10 6H, 11 gap, 12 8D, 13 gap, 14 7D. Pairs: 7-7 (0, 1), K-A (2, 3),
# Q-2 (5, 6), 9-5 (8, 9); 6H and 8D make 14 across the gap in 11; 7H and 7D
# make 14 but do not touch.
FOURTEENS = lay("7H 7C KD AS ..", "QH 2C .. 9S 5D", "6H .. 8D .. 7D", stock="3C")

# Fourteens in lines: 0 7H, 2 3C, 3 7C / 5 QH, 6 9S / 15 2D, 18 5D. Pairs:
# 7H-7C in row 1 across a gap and 3C, QH-2D in column 1 across the empty row 3;
# 9S and 5D make 14 on a diagonal: not in line.
FOURTEENS_LINES = lay(
    "7H .. 3C 7C ..", "QH 9S .. .. ..", ".. .. .. .. ..", "2D .. .. 5D ..", stock="KC AD"
)

# Aces Square: 0 AH, 1 7H, 3 2C, 4 KH / 5 5C / 10 AS, 11 9S, 14 3S / 15 QD /
# 20 2H, 24 4C. Pairs: 7H-KH (1, 4) in row 1 across a gap and 2C, 9S-3S
# (11, 14) in row 3; aces stay; 5C and 4C are of one suit but not in line.
ACES_SQUARE = lay(
    "AH 7H .. 2C KH",
    "5C .. .. .. ..",
    "AS 9S .. .. 3S",
    "QD .. .. .. ..",
    "2H .. .. .. 4C",
    stock="AC",
)
# Aces Square, won: only aces left, the stock empty.
ACES_SQUARE_WON = lay("AH AS AD AC ..")
# Aces Square, one pair from the win.
ACES_SQUARE_LAST_PAIR = lay("AH AS 7C 9C ..", "AD AC .. .. ..")
# Aces Square, lost: an ace, 7♠ and 5♥, no gap before a card, no stock.
ACES_SQUARE_LOST = lay("AH 7S 5H .. ..")


def variant_positions() -> dict[str, State]:
    """Named states of the variants, in each phase that has a rule to show."""
    thirteens = load(THIRTEENS, "thirteens")
    return {
        "thirteens": thirteens,
        "thirteens-king-gone": play(thirteens, Remove(2)),
        "thirteens-consolidating": play(thirteens, Remove(2), ConsolidateStep()),
        "thirteens-refill": play(thirteens, Remove(2), Consolidate()),
        "thirteens-lost": load(THIRTEENS_LOST, "thirteens"),
        "thirteens-last-king": load(THIRTEENS_LAST_KING, "thirteens"),
        "thirteens-won": play(load(THIRTEENS_LAST_KING, "thirteens"), Remove(1)),
        "fourteens": load(FOURTEENS, "fourteens"),
        "fourteens-lines": load(FOURTEENS_LINES, "fourteens-lines"),
        "aces-square": load(ACES_SQUARE, "aces-square"),
        "aces-square-won": load(ACES_SQUARE_WON, "aces-square"),
        "aces-square-last-pair": load(ACES_SQUARE_LAST_PAIR, "aces-square"),
        "aces-square-lost": load(ACES_SQUARE_LOST, "aces-square"),
    }
