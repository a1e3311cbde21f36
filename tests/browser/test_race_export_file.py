"""An exported race from ``file://`` (docs/sessions.md, "Races"; docs/export.md):
``save_page`` of a race, then a notebook's saved race exported with
``--no-execute``, play with no kernel and no request: both boards playable,
the race line follows them by the JS race rule.

Deal 1's first pair on the solver's line is cells 0 and 6 (Q♥ and Q♣,
diagonal neighbours: docs/record.md's notation ``0-6``); the texts are the
English catalogue's ``race.*`` templates filled in by hand.
"""

from __future__ import annotations

from pathlib import Path

from test_export_file import _open

from mc_widget import save_page
from mc_widget.widget import MonteCarloWidget


def _line(page) -> list[str]:
    return page.locator(".mcw-race span").all_text_contents()


def test_a_saved_race_plays_with_no_kernel(browser, tmp_path):
    race = MonteCarloWidget.race(1, players=("Ann", "Ben"))
    path = save_page(tmp_path / "race.html", race)
    page, context, made = _open(browser, path)
    page.wait_for_selector(".mcw-race")
    assert _line(page)[:3] == [
        "Ann: 0 of 52 removed",
        "Ben: 0 of 52 removed",
        "the race is on",
    ]
    boards = page.locator("[data-mcw-board] .mcw")
    assert boards.count() == 2
    second = boards.nth(1)
    second.locator("[data-cell='0']").click()
    second.locator("[data-cell='6']").click()
    page.wait_for_function(
        "document.querySelectorAll('.mcw-race-side')[1].textContent === 'Ben: 2 of 52 removed'"
    )
    assert _line(page)[0] == "Ann: 0 of 52 removed"
    # The first move started the one clock.
    page.wait_for_function(
        "/^clock \\d+:\\d\\d$/.test(document.querySelector('.mcw-race-clock').textContent)"
    )
    first = boards.nth(0)
    first.locator("[data-cell='0']").click()
    first.locator("[data-cell='6']").click()
    page.wait_for_function(
        "document.querySelector('.mcw-race-side').textContent === 'Ann: 2 of 52 removed'"
    )
    page.screenshot(path=str(tmp_path / "race-page.png"), full_page=True)
    assert made == []
    context.close()


def test_a_notebook_saved_with_a_race_plays_with_no_kernel(browser, tmp_path):
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from test_export_saved import export, saved_notebook
    from test_export_saved_race import race_models  # the unit tests' hand-written saved race

    src = saved_notebook(tmp_path / "race.ipynb", "race", race_models())
    done = export(src, tmp_path / "race.html")
    assert done.returncode == 0, done.stderr
    page, context, made = _open(browser, tmp_path / "race.html")
    page.wait_for_selector(".mcw-race")
    assert _line(page)[:2] == ["Ann: 0 of 52 removed", "Ben: 0 of 52 removed"]
    board = page.locator("[data-mcw-board] .mcw").nth(0)
    # Deal 7's first pair: 9♠ and 9♣ in cells 5 and 10 (docs/record.md).
    board.locator("[data-cell='5']").click()
    board.locator("[data-cell='10']").click()
    page.wait_for_function(
        "document.querySelector('.mcw-race-side').textContent === 'Ann: 2 of 52 removed'"
    )
    assert made == []
    context.close()
