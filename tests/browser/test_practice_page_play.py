"""A practice board on an exported page opened from ``file://`` (issue 21,
item 5; docs/practice.md, docs/export.md): ``save_page`` / ``to_html`` of a
practice board, and a notebook with one exported by ``python -m
mc_widget.export``, play with no kernel and no request (every request that
is not the file itself is aborted and recorded, and none may be made).

An answer given on the page is kept in the page's own localStorage: after a
reload the board still counts it. A forged placeholder (answers that do not
replay, JSON that does not parse) and forged stored answers show a message
or the set from its start, never a blank board or a script error, and a good
board on the same page still plays.

The set and its right answers are practice_helpers.py's, worked out by hand
from the layouts and RULES.md.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
from host_helpers import DARK, board_luminance, exported_lesson
from layout_helpers import text_contrast
from practice_helpers import (
    FIRST_RIGHT,
    FIRST_ROW,
    FIRST_WRONG,
    LOST_WHY,
    PRACTICE,
    PRACTICE_SET,
    RIGHT_WORDS,
    SECOND_RIGHT,
    SECOND_ROW,
    SET_ARGS,
    SET_KWARGS,
    STATUS,
    WRONG_WORDS,
    YOURS,
    answer_verdict,
    cards_in_first_row,
    wait_for_exercise,
    wait_for_first_row,
    wait_for_progress,
    wait_for_status,
)

from mc_widget import save_page
from mc_widget.widget import MonteCarloWidget

SHOTS = Path("/tmp/host-shots")
PLACEHOLDER = "[data-mcw-practice]"
# Exercise 1's seed in this set is 3153583793 (practice_helpers.py); 12345 is
# no seed this set plans: a forged answer.
FORGED_ANSWER = {
    "kind": "verdict",
    "level": 1,
    "seed": 12345,
    "answer": {"status": "lost"},
    "seconds": 2.0,
}


def _practice() -> MonteCarloWidget:
    return MonteCarloWidget.practice(**SET_KWARGS)  # the set every host test plays


def _open(context, path: Path):
    """Open ``path`` from file:// in ``context``; every other request is aborted.

    Returns ``(page, made, errors)``: the requests other than the file, and
    the page's script errors.
    """
    page = context.new_page()
    own = path.resolve().as_uri()
    made: list[str] = []
    errors: list[str] = []

    def route(r):
        url = r.request.url
        if url.startswith("file:") and url == own:
            r.continue_()
        else:
            made.append(url)
            r.abort()

    context.route("**/*", route)
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(own)
    page.wait_for_selector(PLACEHOLDER)
    return page, made, errors


def _stored(page) -> dict[str, str]:
    """The page's own localStorage entries of practice boards (key -> value)."""
    return page.evaluate(
        """() => Object.fromEntries(Object.keys(localStorage)
            .filter((k) => k.startsWith('mc-practice:'))
            .map((k) => [k, localStorage.getItem(k)]))"""
    )


def _placeholder_json(html: str) -> list[dict]:
    """The JSON of every practice placeholder of a page, in order."""
    found = re.findall(
        r'data-mcw-practice[^>]*>\s*<script type="application/json"[^>]*>(.*?)</script>',
        html,
        flags=re.S,
    )
    return [json.loads(text) for text in found]


def test_a_saved_practice_page_plays_and_keeps_its_answer_on_reload(browser, tmp_path):
    path = save_page(tmp_path / "practice.html", _practice())
    # The placeholder carries the set and no answer yet (the contract's JSON).
    (data,) = _placeholder_json(path.read_text(encoding="utf-8"))
    assert data["set"] == PRACTICE_SET and data["answers"] == [] and data["lang"] == "en"

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page, made, errors = _open(context, path)
    board = page.locator(PLACEHOLDER)
    wait_for_exercise(board)
    assert cards_in_first_row(board) == FIRST_ROW
    wait_for_progress(board, 0, 0)
    answer_verdict(board, FIRST_RIGHT)
    said = wait_for_status(board, LOST_WHY)
    assert said.startswith(RIGHT_WORDS), said
    wait_for_progress(board, 1, 1)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "practice-page-answered.png"), full_page=True)

    # The page's own storage holds the one answer, as the record's exercise entry.
    stored = _stored(page)
    assert len(stored) == 1, stored
    (value,) = stored.values()
    kept = json.loads(value)
    answers = kept["answers"] if isinstance(kept, dict) else kept
    assert [a["answer"] for a in answers] == [{"status": FIRST_RIGHT}], kept
    assert answers[0]["seed"] == 3153583793  # exercise 1's seed (practice_helpers.py)

    # Reload: the answer is still counted (the header says so) and the board
    # goes on with exercise 2 (after Next, or at once if the view shows the
    # next exercise on load).
    page.reload()
    board = page.locator(PLACEHOLDER)
    board.locator("[data-practice-cell='0']").first.wait_for()
    next_button = board.locator("[data-practice-action='next']")
    if next_button.count() and next_button.first.is_visible():
        next_button.first.click()
    wait_for_first_row(board, SECOND_ROW)
    wait_for_progress(board, 1, 1)
    assert "Exercise 2 of 3" in board.text_content()
    answer_verdict(board, SECOND_RIGHT)
    wait_for_progress(board, 2, 2)
    page.wait_for_function(
        """() => Object.keys(localStorage).some((k) => k.startsWith('mc-practice:')
            && localStorage.getItem(k).includes('"playing"'))"""
    )
    page.screenshot(path=str(SHOTS / "practice-page-reloaded.png"), full_page=True)
    assert made == [], made
    assert errors == [], errors
    context.close()


def test_to_html_writes_a_practice_page_that_plays_with_no_request(browser, tmp_path):
    w = _practice()
    path = w.to_html(tmp_path / "alone.html")
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="dark")
    page, made, errors = _open(context, path)
    board = page.locator(PLACEHOLDER)
    wait_for_exercise(board)
    answer_verdict(board, FIRST_WRONG)
    said = wait_for_status(board, LOST_WHY)
    # A wrong verdict: said in words, and the learner's answer shown beside the board.
    assert said.startswith(WRONG_WORDS), said
    assert YOURS in board.text_content()
    wait_for_progress(board, 0, 1)
    # The page follows the dark scheme: the words and every button readable (WCAG 4.5:1).
    assert board_luminance(board.locator(PRACTICE)) < DARK
    for part in [STATUS] + [f"[data-practice-action='{a}']" for a in ("next", "copy")]:
        ratio, fg, bg = text_contrast(board.locator(part).first)
        assert ratio >= 4.5, (part, ratio, fg, bg)
    page.screenshot(path=str(SHOTS / "practice-page-wrong-dark.png"), full_page=True)
    assert made == [] and errors == [], (made, errors)
    context.close()


def test_a_notebook_with_a_practice_board_exports_and_plays(browser, tmp_path):
    # The kernel answers exercise 1 before the export: the page starts at exercise 2.
    cells = [
        nbformat.v4.new_code_cell(
            "from mc_widget import MonteCarloWidget\n"
            f"w = MonteCarloWidget.practice({SET_ARGS})\n"
            f"w.answer({{'status': {FIRST_RIGHT!r}}}, 4.0)\n"
            "w"
        )
    ]
    path = exported_lesson(tmp_path, "practice-lesson", cells)
    (data,) = _placeholder_json(path.read_text(encoding="utf-8"))
    assert [a["answer"] for a in data["answers"]] == [{"status": FIRST_RIGHT}]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page, made, errors = _open(context, path)
    board = page.locator(PLACEHOLDER)
    board.locator("[data-practice-cell='0']").first.wait_for()
    next_button = board.locator("[data-practice-action='next']")
    if next_button.count() and next_button.first.is_visible():
        next_button.first.click()
    wait_for_first_row(board, SECOND_ROW)
    wait_for_progress(board, 1, 1)  # the kernel's answer, counted by the page
    answer_verdict(board, SECOND_RIGHT)
    wait_for_progress(board, 2, 2)
    page.wait_for_function(
        """() => Object.keys(localStorage).some((k) => k.startsWith('mc-practice:')
            && localStorage.getItem(k).includes('"playing"'))"""
    )
    page.reload()
    board = page.locator(PLACEHOLDER)
    board.locator("[data-practice-cell='0']").first.wait_for()
    wait_for_progress(board, 2, 2)
    # Both answers counted after the reload: the kernel's and the page's.
    stored = json.loads(next(iter(_stored(page).values())))
    answers = stored["answers"] if isinstance(stored, dict) else stored
    assert [a["answer"]["status"] for a in answers] == [FIRST_RIGHT, SECOND_RIGHT]
    page.screenshot(path=str(SHOTS / "practice-notebook-export.png"), full_page=True)
    assert made == [] and errors == [], (made, errors)
    context.close()


def test_a_forged_placeholder_shows_a_message_and_the_good_board_still_plays(browser, tmp_path):
    good = _practice()
    other = MonteCarloWidget.practice(kind="verdict", level=1, seed=3, n=3)
    path = save_page(tmp_path / "forged.html", good, other, other)
    html = path.read_text(encoding="utf-8")
    _, second, _ = _placeholder_json(html)
    # Board 2: an answer whose seed the set never plans. Board 3: not JSON at all.
    forged = json.dumps({**second, "answers": [FORGED_ANSWER]})
    scripts = list(
        re.finditer(
            r'(data-mcw-practice[^>]*>\s*<script type="application/json"[^>]*>)(.*?)(</script>)',
            html,
            flags=re.S,
        )
    )
    assert len(scripts) == 3
    s2, s3 = scripts[1], scripts[2]
    html = (
        html[: s2.start(2)] + forged + html[s2.end(2) : s3.start(2)] + "{oops" + html[s3.end(2) :]
    )
    path.write_text(html, encoding="utf-8")

    context = browser.new_context(viewport={"width": 1280, "height": 1400})
    page, made, errors = _open(context, path)
    boards = page.locator(PLACEHOLDER)
    assert boards.count() == 3
    # The good board plays.
    wait_for_exercise(boards.nth(0))
    answer_verdict(boards.nth(0), FIRST_RIGHT)
    wait_for_status(boards.nth(0), LOST_WHY)
    # The forged ones say so in words (not blank) and play none of the forged answer.
    for k in (1, 2):
        note = boards.nth(k).locator("[data-practice-problem]")
        note.first.wait_for()
        assert note.first.inner_text().strip(), k
    assert "Answer 1 of this board does not replay" in boards.nth(1).inner_text()
    assert boards.nth(1).locator("[data-practice-mark]").count() == 0
    assert boards.nth(1).locator("[data-practice-action='lost']").count() == 0
    assert "cannot be drawn" in boards.nth(2).inner_text()
    assert boards.nth(2).locator("[data-practice-cell]").count() == 0
    page.screenshot(path=str(SHOTS / "practice-page-forged.png"), full_page=True)
    assert made == [] and errors == [], (made, errors)
    context.close()


def test_forged_stored_answers_never_blank_the_board(browser, tmp_path):
    path = save_page(tmp_path / "stored.html", _practice())
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page, made, errors = _open(context, path)
    board = page.locator(PLACEHOLDER)
    wait_for_exercise(board)
    answer_verdict(board, FIRST_RIGHT)
    wait_for_status(board, LOST_WHY)
    (key,) = _stored(page)
    # Someone edits the page's storage: an answer the set never plans, then garbage.
    for value in (json.dumps([FORGED_ANSWER]), "{not json"):
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])
        page.reload()
        board = page.locator(PLACEHOLDER)
        # The stored answers do not replay: the page's own (none) stand, so
        # the set from its start (exercise 1 again), never the forged answer.
        wait_for_exercise(board)
        wait_for_first_row(board, FIRST_ROW)
        wait_for_progress(board, 0, 0)
        assert board.locator("[data-practice-mark]").count() == 0
    assert made == [] and errors == [], (made, errors)
    context.close()
