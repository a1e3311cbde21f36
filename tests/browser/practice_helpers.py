"""What the practice board's host tests share (issue 21, item 5): one small
verdict set whose answers are worked out by hand, and how a learner answers
it through the board's DOM hooks (docs/practice.md, "The board's DOM hooks").

The set: ``MonteCarloWidget.practice("verdict", level=1, seed=2, n=3)``.
A verdict exercise asks ``{"status": "won" | "lost" | "playing"}`` with three
buttons (``data-practice-action="won|lost|playing"``), the simplest answer in
a host test. Its exercises (layouts from
``mc_widget.practice.generate("verdict", 1, seed).to_json()``; the seeds are
the set's plan) and the right answers, by hand from RULES.md:

1. Exercise 1 (exercise seed 3153583793, the set's first): layout
   ``KH 6C 9H 2H 3S/7C 8S JH 4H 7H/2D 9D 6D 8H KS/3H 4D QH JS QS/.. .. .. .. .. |``:
   20 cards in rows 1 to 4, row 5 all gaps, the stock empty. Each rank held
   twice, with its cells (row, column): K (1,1) (3,5); 6 (1,2) (3,3);
   9 (1,3) (3,2); 2 (1,4) (3,1); 3 (1,5) (4,1); 7 (2,1) (2,5); 8 (2,2) (3,4);
   J (2,3) (4,4); 4 (2,4) (4,2); Q (4,3) (4,5). In every pair of cells the
   rows or the columns are two or more apart, so no two cards of one rank
   touch: no pair. Consolidating changes nothing: no card has a gap before
   it in reading order and the stock is empty (RULES.md, "Consolidate").
   So **lost** (RULES.md, "End of the game", Lost (blocked)); the
   explanation is the engine's ``status.lost``, "Blocked: no pair and
   nothing to consolidate."
2. Exercise 2: layout ``5C 2C KH 2S TH/9C 3D 4C JH QD/7H 9H 3S 4D JS/
   TD 6S AH 6C 2D/3C 8H JD 6H JC | 5D 5H ...`` (a full tableau, stock left):
   9C (row 2, column 1, cell 5) and 9H (row 3, column 2, cell 11) touch by a
   corner and have the same rank, a pair: **playing**.

Par for verdict level 1 is 10 seconds (docs/practice.md, "Scoring and
sets"): a right answer within par gets 3 stars, within twice par 2, else 1;
a wrong one 0. A host test reads the seconds the view sent and expects the
stars by that rule.
"""

from __future__ import annotations

import re

SET_KWARGS = {"kind": "verdict", "level": 1, "seed": 2, "n": 3}
# The same as a call's arguments in a notebook cell's source.
SET_ARGS = ", ".join(f"{name}={value!r}" for name, value in SET_KWARGS.items())
PRACTICE_SET = {"kind": "verdict", "level": 1, "n": 3, "seed": 2, "rules": "standard"}
# Exercise 1's right answer and the one a test gives wrongly (see the module doc).
FIRST_RIGHT = "lost"
FIRST_WRONG = "playing"
SECOND_RIGHT = "playing"
# The explanation of exercise 1, the English catalogue's ``status.lost``.
LOST_WHY = "Blocked: no pair and nothing to consolidate."
# Exercise 1's first row, KH 6C 9H 2H 3S, as a board draws it (rank and suit
# symbols) in cells 0 to 4; exercise 2's, 5C 2C KH 2S TH.
FIRST_ROW = ["K\u2665", "6\u2663", "9\u2665", "2\u2665", "3\u2660"]
SECOND_ROW = ["5\u2663", "2\u2663", "K\u2665", "2\u2660", "10\u2665"]
PAR = 10.0
# The English catalogue's words (mc_widget/messages/en.json, practice-ui.*),
# filled in by hand: the verdict's first words and the header's progress line.
RIGHT_WORDS = "Right."
WRONG_WORDS = "Not right."
YOURS = "Your answer:"


def progress_words(right: int, done: int) -> str:
    """The header's progress line, "practice-ui.progress": "Right: {right} of {done}"."""
    return f"Right: {right} of {done}"


PRACTICE = ".mcw-practice"
STATUS = "[data-practice-status]"


def stars_for(right: bool, seconds: float, par: float = PAR) -> int:
    """Stars of one answer by docs/practice.md's rule (0 wrong; 3, 2 or 1 by par)."""
    if not right:
        return 0
    if seconds <= par:
        return 3
    return 2 if seconds <= 2 * par else 1


def wait_for_exercise(board, timeout: float = 60_000) -> None:
    """Wait until ``board`` (a Locator of the practice board) shows an exercise:
    its tableau cells and the three verdict buttons."""
    board.locator("[data-practice-cell='0']").first.wait_for(timeout=timeout)
    board.locator("[data-practice-action='lost']").first.wait_for(timeout=timeout)


def answer_verdict(board, status: str) -> None:
    """Answer the verdict shown on ``board`` with ``status``, as a learner does:
    its button, then Check when the view asks for one (a view may submit on the
    verdict button itself: then no enabled Check button is left)."""
    board.locator(f"[data-practice-action='{status}']").first.click()
    check = board.locator("[data-practice-action='check']")
    if check.count() and check.first.is_visible() and check.first.is_enabled():
        check.first.click()


def wait_for_status(board, text: str, timeout: float = 30_000) -> str:
    """Wait until the board's live region holds ``text``; return its whole text."""
    region = board.locator(STATUS).first
    board.page.wait_for_function(
        "([el, text]) => el.textContent.includes(text)",
        arg=[region.element_handle(), text],
        timeout=timeout,
    )
    return region.text_content()


def next_exercise(board) -> None:
    """Go on to the next exercise (the Next button)."""
    board.locator("[data-practice-action='next']").first.click()


# The rank and suit a practice cell shows ("" for a gap), e.g. "10\u2665".
CELL_CARD_JS = """(el) => [...el.querySelectorAll('.mcw-rank, .mcw-suit')]
    .map((s) => s.textContent.trim()).join('')"""


def cards_in_first_row(board) -> list[str]:
    """The cards of cells 0 to 4 as the board draws them ("K\u2665"), "" for a gap."""
    return [
        board.locator(f"[data-practice-cell='{cell}']").first.evaluate(CELL_CARD_JS)
        for cell in range(5)
    ]


def wait_for_first_row(board, row: list[str], timeout: float = 30_000) -> None:
    """Wait until cells 0 to 4 of ``board`` show ``row`` (an exercise drawn)."""
    board.page.wait_for_function(
        f"""([el, row]) => row.every((card, k) => {{
            const cell = el.querySelector(`[data-practice-cell='${{k}}']`);
            return cell && ({CELL_CARD_JS})(cell) === card;
        }})""",
        arg=[board.element_handle(), row],
        timeout=timeout,
    )


def wait_for_progress(board, right: int, done: int, timeout: float = 30_000) -> None:
    """Wait until the board's header says ``right`` of ``done`` (its own replay)."""
    board.page.wait_for_function(
        "([el, text]) => el.textContent.includes(text)",
        arg=[board.element_handle(), progress_words(right, done)],
        timeout=timeout,
    )


# A practice board and what Python sees of it, for hosts with a kernel
# (Notebook 7, Voila): an observer of ``progress`` writes Python's numbers,
# the answers' count and the last answer's seconds into an ipywidgets.HTML
# shown under the board.
KERNEL_SOURCE = f"""\
import ipywidgets as widgets
from mc_widget import MonteCarloWidget

w = MonteCarloWidget.practice({SET_ARGS})
seen = widgets.HTML('<span id="python-sees">python sees done 0 right 0</span>')

def _seen(change):
    p = change["new"]
    last = w.answers[-1]["seconds"] if w.answers else 0
    seen.value = (
        f'<span id="python-sees">python sees done {{p["done"]}} right {{p["right"]}}'
        f' stars {{p["stars"]}} answers {{len(w.answers)}} seconds {{last}}</span>'
    )

w.observe(_seen, "progress")
widgets.VBox([w, seen])
"""

SEES = re.compile(r"python sees done (\d+) right (\d+) stars (\d+) answers (\d+) seconds ([\d.]+)")


def python_sees(page, done: int, timeout: float = 30_000) -> dict:
    """Wait until the observer reports ``done`` answers; return what Python saw."""
    page.locator("#python-sees", has_text=f"python sees done {done} ").wait_for(timeout=timeout)
    found = SEES.search(page.locator("#python-sees").inner_text())
    assert found, page.locator("#python-sees").inner_text()
    names = ("done", "right", "stars", "answers")
    seen = {name: int(found.group(k + 1)) for k, name in enumerate(names)}
    seen["seconds"] = float(found.group(5))
    return seen
