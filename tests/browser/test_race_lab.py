"""A race in a real JupyterLab 4 (docs/sessions.md, "Races"): two boards of one
deal under the race bar; a pair removed on one board changes the race line,
and the kernel's ``race.sides`` agrees.

Deal 1's first pair on the solver's line is cells 0 and 6 (docs/record.md's
notation: ``0-6``). The notebook is written into the scratch copy of the
lessons (``lab_root``), never into the repository.
"""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest
from lab_helpers import kernel_says, open_notebook, run_all_cells, set_theme

NAME = "race-e2e.ipynb"
SHOTS = Path(os.environ.get("MCW_SHOTS", "/tmp"))


@pytest.fixture
def race_page(page, lab_url, lab_root):
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            "from mc_widget import MonteCarloWidget\n"
            "race = MonteCarloWidget.race(1, players=('Ann', 'Ben'))\n"
            "race"
        ),
    ]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(nb, lab_root / NAME)
    open_notebook(page, lab_url, NAME)
    set_theme(page, "JupyterLab Light")
    run_all_cells(page)
    page.wait_for_function("document.querySelectorAll('.mcw [data-cell]').length === 50")
    page.wait_for_selector(".mcw-race")
    return page


def test_two_boards_and_the_race_line_follows_a_pair(race_page):
    page = race_page
    bar = page.locator(".mcw-race")
    sides = bar.locator(".mcw-race-side")
    assert sides.nth(0).text_content() == "Ann: 0 of 52 removed"
    assert sides.nth(1).text_content() == "Ben: 0 of 52 removed"
    assert bar.locator(".mcw-race-result").text_content() == "the race is on"
    boards = page.locator(".mcw")
    assert boards.count() == 2
    # Both boards show deal 1: the same card in cell 0.
    first_card = boards.nth(0).locator("[data-cell='0'] [data-card]").get_attribute("data-card")
    second = boards.nth(1).locator("[data-cell='0'] [data-card]").get_attribute("data-card")
    assert first_card == second
    boards.nth(0).locator("[data-cell='0']").click()
    boards.nth(0).locator("[data-cell='6']").click()
    page.wait_for_function(
        "document.querySelector('.mcw-race-side').textContent === 'Ann: 2 of 52 removed'"
    )
    assert sides.nth(1).text_content() == "Ben: 0 of 52 removed"
    # The first move started the one clock.
    page.wait_for_function(
        "/clock \\d+:\\d\\d/.test(document.querySelector('.mcw-race-clock').textContent)"
    )
    said = kernel_says(page, "print(race.sides[0].removed, race.start is not None)", "2 True")
    assert said == "2 True"
    # The picture of docs/sessions.md (docs/images/race.png): the race's output.
    page.set_viewport_size({"width": 1280, "height": 1500})
    page.wait_for_timeout(300)
    page.locator(".jp-OutputArea-output").filter(has=bar).screenshot(
        path=str(SHOTS / "race-lab.png")
    )
