"""A whole deal played to the end in JupyterLab, through the board only.

A new learner's way: open a notebook with ``MonteCarloWidget(deal=n)``,
look at the cards, click two touching cards of the same rank; when no pair
touches, press Shift+C (consolidate all) and, unless that ended the game,
Shift+R (refill all); stop when the status line says won or blocked. The moves are
worked out from the page alone: the ``data-card`` of every ``[data-cell]``
and a neighbour check written here, not the engine's. Then Python's side
must hold the same game, have accepted every state the board sent, and the
board must announce the result with the progress score.

The deal numbers were found once with the Python engine and this policy
(the first pair in reading order): deal 18 is cleared, deal 1 ends blocked
with 48 of 52 cards removed (lesson 1 says the same of deal 1).
Animations are off (reduced motion), so each click sees a settled board.
"""

from __future__ import annotations

import json
import re

import nbformat
import pytest
from lab_helpers import kernel_output, kernel_says, open_notebook, run_all_cells

RANKS = "A23456789TJQK"
ROWS = COLS = 5
OVER = re.compile(r"(^| )(Won!|Blocked:) ")


def touching(a: int, b: int) -> bool:
    """Two different cells that meet by a side or a corner (no wrap)."""
    (ra, ca), (rb, cb) = divmod(a, COLS), divmod(b, COLS)
    return a != b and abs(ra - rb) <= 1 and abs(ca - cb) <= 1


def first_pair(tableau: list[str | None]) -> tuple[int, int] | None:
    """The first two touching cards of one rank, in reading order, or None."""
    for i, a in enumerate(tableau):
        for j in range(i + 1, len(tableau)):
            b = tableau[j]
            if a is not None and b is not None and a[0] == b[0] and touching(i, j):
                return i, j
    return None


def read_tableau(board) -> list[str | None]:
    """The cards in reading order as the page shows them (None: a gap)."""
    cells = board.evaluate(
        """root => [...root.querySelectorAll('[data-cell]')].map(c => [
            Number(c.dataset.cell),
            c.querySelector('.mcw-card').getAttribute('data-card'),
        ])"""
    )
    assert [cell for cell, _ in cells] == list(range(ROWS * COLS))
    return [card for _, card in cells]


def mmss(ms: float) -> str:
    seconds = int(ms // 1000)
    return f"{seconds // 60}:{seconds % 60:02d}"


@pytest.fixture
def deal_board(page, lab_url, lab_root):
    """Open a scratch notebook showing ``MonteCarloWidget(deal=n)``; return its board."""

    def open_deal(n: int):
        nb = nbformat.v4.new_notebook()
        nb.cells = [
            nbformat.v4.new_code_cell(
                "from mc_widget import MonteCarloWidget\n"
                f"w = MonteCarloWidget(deal={n})\n"
                "tones = []  # the tone of every feedback, from Python or the board\n"
                "w.observe(lambda change: tones.append(change['new'].get('tone')), 'feedback')\n"
                "w"
            )
        ]
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
        name = f"play-deal-{n}.ipynb"
        nbformat.write(nb, lab_root / name)
        page.emulate_media(reduced_motion="reduce")
        open_notebook(page, lab_url, name)
        run_all_cells(page)
        page.wait_for_function("document.querySelectorAll('.mcw [data-cell]').length === 25")
        return page.locator(".mcw")

    return open_deal


def play_to_the_end(page, board) -> tuple[list[tuple[int, int]], int]:
    """Play as a learner until the status line says won or blocked.

    Returns the pairs clicked, in order, and how many times Shift+C was pressed.
    """
    status = board.locator("[role=status]")
    pairs: list[tuple[int, int]] = []
    consolidations = 0
    for _ in range(200):
        if OVER.search(status.text_content()):
            return pairs, consolidations
        pair = first_pair(read_tableau(board))
        if pair is not None:
            for cell in pair:
                board.locator(f"[data-cell='{cell}']").click()
            pairs.append(pair)
        else:
            # The keys go to the focused card (the last one clicked).
            assert board.evaluate("root => root.contains(document.activeElement)")
            page.keyboard.press("Shift+C")
            consolidations += 1
            if not OVER.search(status.text_content()):
                page.keyboard.press("Shift+R")
    raise AssertionError(f"no end after 200 steps: {status.text_content()!r}")


@pytest.mark.parametrize(
    ("deal", "result", "announcement", "removed", "consolidations"),
    [
        # {time}: the time of play, m:ss, read from the clock Python holds.
        (18, "won", "Won! 52 of 52 cards removed in {time}, with 6 consolidations.", 52, 6),
        (
            1,
            "lost",
            "Blocked: no pair and nothing to consolidate. 48 of 52 cards removed in {time},"
            " with 8 consolidations.",
            48,
            8,
        ),
    ],
)
def test_a_whole_deal_played_by_clicks_and_keys(
    deal_board, deal, result, announcement, removed, consolidations
):
    board = deal_board(deal)
    page = board.page
    pairs, presses = play_to_the_end(page, board)
    assert (2 * len(pairs), presses) == (removed, consolidations)

    counter = board.locator("[data-counter='removed'] dd").text_content()
    assert counter == f"{removed} of 52"

    # Python holds the same game: it accepted and replayed every state sent.
    assert kernel_says(page, "print(w.game.status)", result) == result
    shown = read_tableau(board)
    stock = int(board.locator(".mcw-back-count").text_content())
    python = json.loads(
        kernel_output(
            page,
            "import json\n"
            "s = w.game.to_state()\n"
            "print(json.dumps({'grid': [str(c) if c else None for c in w.game.grid],"
            " 'stock': len(w.game.stock), 'removed': w.game.removed,"
            " 'history': s['history'], 'cursor': s['cursor'],"
            " 'errors': tones.count('error'), 'tones': len(tones), 'clock': w.clock}))",
        )
    )
    assert python["grid"] == shown
    assert python["stock"] == stock
    assert python["removed"] == removed
    assert python["cursor"] == len(python["history"])
    removes = [tuple(a["cells"]) for a in python["history"] if a["type"] == "remove"]
    assert removes == pairs
    assert [a["type"] for a in python["history"]].count("consolidate") == presses
    assert python["errors"] == 0
    assert python["tones"] > 0  # the observer saw the board's feedback

    # The time ran from the first move and stopped at the end.
    start, stop = python["clock"]["start"], python["clock"]["stop"]
    assert start is not None and stop is not None and stop >= start
    assert board.locator("[data-counter='time'] dd").text_content() == mmss(stop - start)

    # The board announces the result with the score: cards, time, consolidations.
    announcement = announcement.format(time=mmss(stop - start))
    status = board.locator("[role=status]").text_content()
    assert status.endswith(announcement), status
    banner = board.locator(".mcw-banner")
    assert banner.is_visible()
    assert banner.text_content() == announcement
