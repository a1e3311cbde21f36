"""Claims lesson 1 makes in words that no output of it shows.

Section 7 says deal 1 can be won (after showing that always taking the first
pair loses it). The winning line below was found by a search outside the
project and is replayed here move by move, so every move must be legal.
"""

from __future__ import annotations

from mc_widget import Game

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


def test_deal_1_can_be_won():
    game = Game(deal=1)
    for step in DEAL_1_WIN:
        assert game.status == "playing"
        if step == "next":
            game.consolidate()
            if game.can_refill():
                game.refill()
        else:
            game.remove_pair(*step)
    assert game.status == "won"
    assert (game.removed, game.total) == (52, 52)
    assert game.grid == (None,) * 25 and game.stock == ()
