"""No move is lost (issue 9, docs/architecture.md "The widget (sync)"), in a
real JupyterLab: a learner's move and a Python move made at the same moment
both land, and moves made while the kernel is busy show at once and are all
in Python's game when it is free.

Deal 7's tableau, row by row (cells 0-24), worked out once by hand:

    JH TS QC 5H 7C
    9S AD 4H 2C 8D
    9C 4D AC 3S KC
    5C 3H QS JC TH
    JD KS KD 2S 8C

So 9♠ and 9♣ (cells 5 and 10) touch by a side, A♦ and A♣ (6 and 12) and
4♥ and 4♦ (7 and 11) by a corner, K♠ and K♦ (21 and 22) by a side.
"""

from __future__ import annotations

import pytest
from lab_helpers import kernel_says, open_cells, start_in_kernel, wait_for_kernel

NAME = "no-move-lost.ipynb"
CELLS = {
    "race": "from mc_widget import MonteCarloWidget\nrace = MonteCarloWidget(deal=7)\nrace",
    "race-again": "race  # a second view of the same widget",
}
# The gaps Python's game holds, as a cell list printed by the kernel.
GAPS = "print([i for i, c in enumerate(race.game.grid) if c is None])"


@pytest.fixture
def boards(page, lab_url, lab_root):
    open_cells(page, lab_url, lab_root, NAME, CELLS, "JupyterLab Light")
    page.wait_for_function("document.querySelectorAll('.mcw [data-cell]').length === 50")
    return page.locator(".mcw").nth(0), page.locator(".mcw").nth(1)


def _gaps(board) -> list[int]:
    return sorted(
        int(c)
        for c in board.locator("[data-cell][data-gap]").evaluate_all(
            "cells => cells.map(c => c.dataset.cell)"
        )
    )


def test_a_learners_pair_and_a_python_pair_made_at_once_both_land(page, boards):
    first, second = boards
    # Python removes A♦ and A♣ while the learner removes 9♠ and 9♣ on the first
    # view: the learner's move reaches Python after Python's own (the cell is
    # still running), from a board that had not seen it.
    start_in_kernel(page, "import time\ntime.sleep(3)\nrace.remove_pair(6, 12)")
    first.locator("[data-cell='5']").click()
    first.locator("[data-cell='10']").click()
    # The learner's pair shows at once, before Python has seen it.
    first.locator("[data-cell='10'][data-gap]").wait_for(timeout=1_000)
    assert wait_for_kernel(page) == "ok"
    expected = "[5, 6, 10, 12]"
    assert kernel_says(page, GAPS, expected) == expected
    for board in (first, second):
        page.wait_for_function(
            "(b) => b.querySelectorAll('[data-cell][data-gap]').length === 4",
            arg=board.element_handle(),
        )
        assert _gaps(board) == [5, 6, 10, 12]
    # Nothing was refused: no board says another move came first.
    assert "first" not in first.locator("[role=status]").text_content()


def test_the_same_card_used_twice_is_refused_in_words_on_the_board_that_moved(page, boards):
    first, second = boards
    # Python removes 9♠ and 9♣ while the learner picks the same two cards: the
    # learner's pair comes second and finds two gaps.
    start_in_kernel(page, "import time\ntime.sleep(3)\nrace.remove_pair(5, 10)")
    first.locator("[data-cell='10']").click()
    first.locator("[data-cell='5']").click()
    assert wait_for_kernel(page) == "ok"
    assert kernel_says(page, GAPS, "[5, 10]") == "[5, 10]"
    assert kernel_says(page, "print(race.state['cursor'])", "1") == "1"
    status = first.locator("[role=status]")
    page.wait_for_function(
        "(s) => s.textContent.includes('Another move reached the board first.')",
        arg=status.element_handle(),
    )
    for board in (first, second):
        assert _gaps(board) == [5, 10]


def test_five_moves_made_while_the_kernel_is_busy_show_at_once_and_all_land(page, boards):
    first, second = boards
    start_in_kernel(page, "import time\ntime.sleep(10)")
    for a, b in ((5, 10), (6, 12), (7, 11), (21, 22)):
        first.locator(f"[data-cell='{a}']").click()
        first.locator(f"[data-cell='{b}']").click()
    first.locator("[data-action='consolidate']").click()
    # All five on the board at once: the 17 cards left, in reading order,
    # fill cells 0-16 (RULES.md, "Consolidation"); 17-24 are gaps.
    first.locator("[data-cell='16'] [data-card='8C']").wait_for(timeout=2_000)
    assert _gaps(first) == list(range(17, 25))
    # The kernel is still busy: the board says so quietly.
    first.locator("[data-sync='waiting']").wait_for(timeout=6_000)
    assert wait_for_kernel(page) == "ok"
    cards = "print(' '.join(str(c) for c in race.game.grid[:17]), race.state['cursor'])"
    expected = "JH TS QC 5H 7C 2C 8D 3S KC 5C 3H QS JC TH JD 2S 8C 5"
    assert kernel_says(page, cards, expected) == expected
    assert kernel_says(page, GAPS, str(list(range(17, 25)))) == str(list(range(17, 25)))
    page.wait_for_function(
        "() => !document.querySelector('.mcw [data-sync=\"waiting\"]:not([hidden])')"
    )
    assert _gaps(second) == list(range(17, 25))


def test_with_the_kernel_gone_the_board_plays_on_and_says_so_once_quietly(page, boards):
    first, _ = boards
    page.evaluate(
        "async () => { await window.jupyterapp.shell.currentWidget.sessionContext"
        ".session.kernel.shutdown(); }"
    )
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    first.locator("[data-cell='5']").click()
    first.locator("[data-cell='10']").click()
    first.locator("[data-cell='6']").click()
    first.locator("[data-cell='12']").click()
    # Both pairs on the board, told as any move is, with no error.
    first.locator("[data-cell='12'][data-gap]").wait_for(timeout=2_000)
    assert _gaps(first) == [5, 6, 10, 12]
    status = first.locator("[role=status]")
    assert status.text_content().startswith("Removed A♦ and A♣.")
    assert status.get_attribute("data-tone") != "error"
    # One quiet line says the moves are not saved (not the status line).
    quiet = first.locator("[data-sync]:not([hidden])")
    quiet.wait_for(timeout=6_000)
    assert quiet.count() == 1
    # JupyterLab's comm throws on a shut-down kernel: the board knows at once.
    assert quiet.get_attribute("data-sync") == "offline"
    assert quiet.text_content() == "Playing without Python: moves are not saved."
    assert not [e for e in errors if "mcw" in e or "commit" in e], errors
