"""Lesson 6 (notebooks/06-practice.ipynb) in a real JupyterLab, as a learner
and a teacher see it: every practice cell draws a practice board in its
output, the teacher's table has a row per student of the class (20) with the
refusals' words beside Ivy and Jon, and the chart is drawn; screenshots of
the mixed set's board and of the teacher's section (``MCW_SHOTS``, default
/tmp) to look at. Then a learner answers the mixed set's first exercise
on its board and the kernel's record holds that answer and replays.
"""

from __future__ import annotations

import os
from pathlib import Path

from lab_helpers import cell_by_id, kernel_output, open_notebook, run_all_cells

LESSON = "06-practice.ipynb"
SHOTS = Path(os.environ.get("MCW_SHOTS", "/tmp"))
PRACTICE_CELLS = (
    "l1-verdict",
    "l1-refill",
    "l2-neighbours",
    "l2-pairs",
    "l3-consolidate",
    "l3-refill",
    "l4-choose",
    "l4-verdict",
    "l5-thirteens",
    "l5-fourteens",
    "l5-lines",
    "mixed",
)


def test_lesson_6_draws_its_boards_table_and_chart(page, lab_url):
    open_notebook(page, lab_url, LESSON)
    run_all_cells(page)
    for cell_id in PRACTICE_CELLS:
        board = cell_by_id(page, cell_id).locator(".jp-OutputArea .mcw-practice")
        board.first.wait_for(state="visible", timeout=30_000)
        assert board.count() == 1, cell_id
    # no cell failed
    assert (
        page.locator(
            ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
        ).count()
        == 0
    )
    mixed = cell_by_id(page, "mixed")
    mixed.scroll_into_view_if_needed()
    mixed.screenshot(path=str(SHOTS / "lesson6-mixed.png"))

    grades = cell_by_id(page, "class-grades")
    grades.scroll_into_view_if_needed()
    rows = grades.locator(".jp-OutputArea table tbody tr")
    assert rows.count() == 20
    ivy = rows.nth(8).locator("td")
    assert ivy.nth(0).text_content() == "Ivy"
    assert ivy.nth(4).text_content().startswith("record.score: the record claims")
    assert rows.nth(9).locator("td").nth(4).text_content().startswith("record is not valid JSON")
    grades.locator(".jp-OutputArea").screenshot(path=str(SHOTS / "lesson6-grades.png"))

    chart = cell_by_id(page, "class-chart").locator(".jp-OutputArea img")
    chart.scroll_into_view_if_needed()
    # figsize 8 inches at 100 dpi, cropped to its content by the inline backend
    assert 700 < chart.evaluate("img => img.complete && img.naturalWidth") <= 800
    chart.screenshot(path=str(SHOTS / "lesson6-chart.png"))


def test_a_learner_answers_the_mixed_board_and_the_record_has_it(page, lab_url):
    # The mixed set's first exercise (seed 21, level 2): the neighbours of 8\u2666
    # in row 4, column 5 (cell 19). By hand from its layout, with gaps at 13
    # and 18: K\u2660 above it (14), 5\u2666 below left (23), 6\u2665 below (24).
    open_notebook(page, lab_url, LESSON)
    run_all_cells(page)
    board = cell_by_id(page, "mixed").locator(".mcw-practice")
    board.scroll_into_view_if_needed()
    assert "8\u2666 (row 4, column 5)" in board.text_content()
    for cell in (14, 23, 24):
        board.locator(f"[data-practice-cell='{cell}']").click()
    board.locator("[data-practice-action='check']").click()
    feedback = board.locator("[data-right]")
    feedback.wait_for()
    assert feedback.get_attribute("data-right") == "true", board.text_content()
    board.screenshot(path=str(SHOTS / "lesson6-mixed-answered.png"))
    said = kernel_output(
        page,
        "rec = mixed.record()\n"
        "print(sorted(rec['exercises'][0]['answer']['cells']), mixed.progress['right'],"
        " mc_widget.check_record(rec)['right'])",
    )
    assert said == "[14, 23, 24] 1 1\n"
