"""The practice board in a real JupyterLab 4 (docs/practice.md): one
exercise of each of the six kinds answered by mouse and one of each by
keyboard only, checked in the DOM (right, three stars) and from the kernel
(``len(w.answers)`` grew); the N key's words for a corner card; screenshots of
the board mid-exercise and after a wrong answer, light and dark.

Every set is one kind at level 1, seed 0, so its first exercise is made from
seed 1144304738. Its layout (standard rules, cells 0 to 24 in reading order):

    row 1: QH TS 5D 7D 5C     cells  0 to  4
    row 2: 8H 7S 6D TC 8C     cells  5 to  9
    row 3: AS 9C KD 5H 4S     cells 10 to 14
    row 4: 9D JS KH TD 6H     cells 15 to 19
    row 5: 2C 9S 4D 7C JD     cells 20 to 24

(consolidate and refill: gaps at 15 and 21; choose: ``.. .. 2D 2S KD /
.. 2C KH 2H ..``, the rest gaps; verdict: every cell a gap, no stock). The
answers, worked out by hand from it:

- neighbours of 4D (22): 16, 17, 18, 21, 23;
- pairs: 9C-9D (11, 15), KD-KH (12, 17), 9D-9S (15, 21);
- next move: the first gap 15 takes the first card after it, JS (16);
- next cells (after consolidating, one card): 23 cards fill 0 to 22, so 23;
- winnable removal: 2D-2C (2, 6) leaves 2S-2H and then the kings, closed up, to pair;
- status: nothing left and no stock, won.

The notebook is written into the scratch copy of the lessons (``lab_root``).
"""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest
from lab_helpers import kernel_says, open_notebook, run_all_cells, set_theme

NAME = "practice-e2e.ipynb"
SHOTS = Path(os.environ.get("MCW_SHOTS", "/tmp"))
KINDS = ("neighbours", "pairs", "consolidate", "refill", "choose", "verdict")

SETUP = """\
from mc_widget import MonteCarloWidget
def board(kind, n=2):
    return MonteCarloWidget.practice(kind, level=1, seed=0, n=n)
"""

MOUSE = {
    "neighbours": [16, 17, 18, 21, 23],
    "pairs": [11, 15, 12, 17, 15, 21],
    "consolidate": [16, 15],
    "refill": [23],
    "choose": [2, 6],
}
# Keys from the cell holding the tab stop (the asked card, else cell 0).
KEYS = {
    "neighbours": "ArrowUp ArrowLeft Enter ArrowRight Enter ArrowRight Enter ArrowDown Enter "
    "ArrowLeft ArrowLeft Enter",
    "pairs": "ArrowDown ArrowDown ArrowRight Enter ArrowDown ArrowLeft Enter "
    "ArrowRight ArrowUp ArrowRight Enter ArrowDown Enter "
    "ArrowLeft ArrowLeft Enter ArrowDown ArrowRight Enter",
    "consolidate": "ArrowDown ArrowDown ArrowDown ArrowRight Enter ArrowLeft Enter",
    "refill": "Control+End ArrowLeft Enter",
    "choose": "ArrowRight ArrowRight Enter ArrowDown ArrowLeft Enter",
}


def notebook(lab_root, cells):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(SETUP)] + [nbformat.v4.new_code_cell(c) for c in cells]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(nb, lab_root / NAME)


@pytest.fixture
def six_boards(page, lab_url, lab_root):
    cells = [f"m_{k} = board({k!r})\nm_{k}" for k in KINDS]
    cells += [f"k_{k} = board({k!r})\nk_{k}" for k in KINDS]
    notebook(lab_root, cells)
    open_notebook(page, lab_url, NAME)
    set_theme(page, "JupyterLab Light")
    run_all_cells(page)
    page.wait_for_function(
        "document.querySelectorAll('.mcw-practice [data-practice-cell]').length === 300"
    )
    return page


def boards(page):
    return page.locator(".mcw-practice")


def answered_right(page, board, name):
    feedback = board.locator("[data-right]")
    feedback.wait_for()
    assert feedback.get_attribute("data-right") == "true", board.text_content()
    # Par is 10 s or more at level 1; a test answers well within it.
    assert feedback.locator(".mcw-practice-stars").text_content() == "★★★"
    said = kernel_says(page, f"print(len({name}.answers))", "1")
    assert said == "1"


def test_each_kind_answered_by_mouse(six_boards):
    page = six_boards
    for k, kind in enumerate(KINDS):
        board = boards(page).nth(k)
        board.scroll_into_view_if_needed()
        if kind == "verdict":
            board.locator("[data-practice-action='won']").click()
        else:
            for cell in MOUSE[kind]:
                board.locator(f"[data-practice-cell='{cell}']").click()
            board.locator("[data-practice-action='check']").click()
        answered_right(page, board, f"m_{kind}")


def test_each_kind_answered_by_keyboard_only(six_boards):
    page = six_boards
    for k, kind in enumerate(KINDS):
        board = boards(page).nth(6 + k)
        board.scroll_into_view_if_needed()
        if kind == "verdict":
            board.locator("[data-practice-action='won']").focus()
            page.keyboard.press("Enter")
        else:
            board.locator("[data-practice-cell][tabindex='0']").focus()
            for key in KEYS[kind].split():
                page.keyboard.press(key)
            board.locator("[data-practice-action='check']").focus()
            page.keyboard.press("Enter")
        answered_right(page, board, f"k_{kind}")
    # The N key on a corner card: the surroundings, read into the live region.
    board = boards(page).nth(6)
    board.locator("[data-practice-action='next']").focus()
    page.keyboard.press("Enter")
    board.locator("[data-practice-cell][tabindex='0']").focus()
    page.keyboard.press("Control+Home")
    page.keyboard.press("n")
    status = board.locator("[data-practice-status]")
    assert "Around it: above: edge of the tableau;" in status.text_content()
    assert "left: edge of the tableau; above left: edge of the tableau." in status.text_content()


@pytest.fixture
def one_board(page, lab_url, lab_root):
    notebook(lab_root, ["w = board('neighbours', n=3)\nw"])
    open_notebook(page, lab_url, NAME)
    set_theme(page, "JupyterLab Light")
    run_all_cells(page)
    page.wait_for_selector(".mcw-practice [data-practice-cell='24']")
    page.set_viewport_size({"width": 1100, "height": 1400})
    return page


def test_screenshots_mid_exercise_and_after_a_wrong_answer(one_board):
    page = one_board
    board = boards(page).first
    output = page.locator(".jp-OutputArea-output").filter(has=board)
    board.locator("[data-practice-cell='16']").click()
    board.locator("[data-practice-cell='11']").click()
    page.wait_for_timeout(300)
    output.screenshot(path=str(SHOTS / "practice-mid-light.png"))
    set_theme(page, "JupyterLab Dark")
    page.wait_for_timeout(500)
    output.screenshot(path=str(SHOTS / "practice-mid-dark.png"))
    board.locator("[data-practice-action='check']").click()
    board.locator("[data-right='false']").wait_for()
    assert board.locator("[data-practice-mark='wrong']").count() == 1  # 11
    assert board.locator("[data-practice-mark='missed']").count() == 4  # 17, 18, 21, 23
    assert board.locator("[data-practice-mark='right']").count() == 1  # 16
    page.wait_for_timeout(300)
    output.screenshot(path=str(SHOTS / "practice-wrong-dark.png"))
    set_theme(page, "JupyterLab Light")
    page.wait_for_timeout(500)
    output.screenshot(path=str(SHOTS / "practice-wrong-light.png"))
    assert kernel_says(page, "print(len(w.answers))", "1") == "1"
