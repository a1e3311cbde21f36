"""Nothing breaks when a view's moves and a cell's calls run at once on two
threads (issue 17, item 4), in a real JupyterLab 4.6 with ipykernel 7.

JupyterLab's default ``commsOverSubshells`` sends a widget's messages to a
kernel subshell, whose own thread takes them while the main thread runs a
cell. Here a cell moves and takes back a pair for several seconds while
the learner clicks pairs and Undo on the board: the cell ends without an
error, the board's messages were taken on another thread than the cell's,
and the game Python holds verifies and is what the board shows. (The race
itself is rare with a real kernel; tests/test_widget_threads.py provokes it
in-process, where it failed within a second before the lock. This test
shows the lock holds up with real subshells: no deadlock, no lost change.)

Deal 7's tableau (cells 0-24), worked out by hand:

    JH TS QC 5H 7C
    9S AD 4H 2C 8D
    9C 4D AC 3S KC
    5C 3H QS JC TH
    JD KS KD 2S 8C
"""

from __future__ import annotations

import pytest
from lab_helpers import kernel_output, open_cells, start_in_kernel, wait_for_kernel

NAME = "two-threads.ipynb"
CELLS = {
    "board": (
        "import threading\n"
        "from mc_widget import MonteCarloWidget\n"
        "board = MonteCarloWidget(deal=7)\n"
        "threads = set()\n"
        "def seen(change):\n"
        "    threads.add(threading.current_thread().name)\n"
        "board.observe(seen, names='_sync')\n"
        "board"
    ),
}
# A♦ A♣ (cells 6 and 12) in and out from the cell, for about 8 seconds.
LOOP = """
import time, traceback
errors, made = [], 0
end = time.monotonic() + 8
while time.monotonic() < end:
    for call in (lambda: board.remove_pair(6, 12), board.undo):
        try:
            call(); made += 1
        except ValueError:
            pass
        except Exception:
            errors.append(traceback.format_exc())
"""


@pytest.fixture
def board(page, lab_url, lab_root):
    open_cells(page, lab_url, lab_root, NAME, CELLS, "JupyterLab Light")
    page.wait_for_selector(".mcw [data-cell='24']")
    return page.locator(".mcw")


def test_a_cells_moves_and_a_learners_clicks_at_once_break_nothing(page, board):
    start_in_kernel(page, LOOP)
    # The learner plays 9♠ 9♣ (5, 10) and takes it back, again and again.
    for _ in range(12):
        board.locator("[data-cell='5']").click()
        board.locator("[data-cell='10']").click()
        page.keyboard.press("u")  # Undo, enabled or not: a refusal is fine
    # The cell ends: its reply, not an idle status parented to it (ipykernel
    # 7.4 may send that under one of the board's comm_msgs; lab_helpers).
    assert wait_for_kernel(page) == "ok"
    report = kernel_output(
        page,
        "from mc_widget.engine import verify_state\n"
        "verify_state(board.state)\n"
        "import threading\n"
        "print(len(errors), made > 100, board.state == board.game.to_state(),"
        " sorted(threads - {threading.main_thread().name}) != [])",
    ).strip()
    # No exception on the main thread, the cell's calls ran, the trait is the
    # game's, and some of the board's messages came on a subshell's thread.
    assert report == "0 True True True", (
        report,
        kernel_output(page, "print(errors[:1], threads, board._sync)"),
    )
    # The board shows Python's game once all is said.
    shown = "print(' '.join(c.__str__() if c else '..' for c in board.game.grid))"
    grid = kernel_output(page, shown).split()
    page.wait_for_function(
        "(grid) => grid.every((card, i) => {"
        "  const cell = document.querySelector(`.mcw [data-cell='${i}']`);"
        "  return card === '..' ? cell.hasAttribute('data-gap')"
        "    : cell.querySelector(`[data-card='${card}']`) !== null; })",
        arg=grid,
        timeout=10_000,
    )
