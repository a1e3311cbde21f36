"""Two learners on one widget never complete each other's pairs (issue 17, item 3).

Two JupyterLab pages (two tabs, each with its own model of the same widget)
show one board of deal 7. Before selections belonged to the view that made
them, tab A's first click was tab B's selection too: A picks 7♥, B picks 7♠
meaning to select it, and A's 7♥ and B's 7♠ were removed as a pair; two
disjoint pairs made at once both failed ("4♦ and K♦ do not pair").

Deal 7's tableau, row by row (cells 0-24), worked out once by hand:

    JH TS QC 5H 7C
    9S AD 4H 2C 8D
    9C 4D AC 3S KC
    5C 3H QS JC TH
    JD KS KD 2S 8C

9♠ 9♣ (cells 5 and 10) touch by a side, A♦ A♣ (6 and 12) and 4♥ 4♦ (7 and
11) by a corner, K♠ K♦ (21 and 22) by a side. The three-sevens case is a
layout of its own, ``SEVENS``: 7♥ 7♠ 7♦ side by side in row 1, no other
pair on the tableau.
"""

from __future__ import annotations

import pytest
from lab_helpers import TOKEN, kernel_says, open_cells

NAME = "two-pages.ipynb"
DEAL_7 = "MonteCarloWidget(deal=7)"
SEVENS = (
    'MonteCarloWidget.from_layout("7H 7S 7D 2C 3C/4C 5C 6C 8C 9C/TC JC QC KC AC'
    '/2D 3D 4D 5D 6D/8D 9D TD JD QD | KD AD")'
)
GAPS = "print([i for i, c in enumerate(shared.game.grid) if c is None])"


def _cells(board: str) -> dict[str, str]:
    return {"board": f"from mc_widget import MonteCarloWidget\nshared = {board}\nshared"}


@pytest.fixture
def pages(request, browser, page, lab_url, lab_root):
    """Page A runs the notebook and saves it; page B (a second tab, another
    browser context) opens the saved notebook on the same kernel: its widget
    manager takes the board's model from the kernel."""
    board = getattr(request, "param", DEAL_7)
    open_cells(page, lab_url, lab_root, NAME, _cells(board), "JupyterLab Light")
    page.wait_for_selector(".mcw [data-cell='24']")
    page.evaluate("async () => { await window.jupyterapp.commands.execute('docmanager:save'); }")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    other = context.new_page()
    other.goto(f"{lab_url}/lab/tree/{NAME}?token={TOKEN}&reset")
    other.wait_for_selector(".mcw [data-cell='24']", timeout=60_000)
    yield page.locator(".mcw"), other.locator(".mcw"), page
    context.close()


def _selected(board) -> list[int]:
    return [
        int(c)
        for c in board.locator("[data-cell][data-selected]").evaluate_all(
            "cells => cells.map(c => c.dataset.cell)"
        )
    ]


def _gaps(board) -> list[int]:
    return sorted(
        int(c)
        for c in board.locator("[data-cell][data-gap]").evaluate_all(
            "cells => cells.map(c => c.dataset.cell)"
        )
    )


def test_alternate_clicks_on_two_pages_make_each_pages_own_pairs(pages):
    a, b, page = pages
    a.locator("[data-cell='5']").click()  # 9♠ on A
    b.locator("[data-cell='10']").click()  # 9♣ on B: selected there, no pair
    assert _selected(a) == [5]
    assert _selected(b) == [10]
    assert kernel_says(page, GAPS, "[]") == "[]"
    a.locator("[data-cell='6']").click()  # A♦ on A: 9♠ with A♦ is refused, A♦ selected on A
    b.locator("[data-cell='12']").click()  # A♣ on B: 9♣ with A♣ refused, A♣ selected on B
    assert kernel_says(page, GAPS, "[]") == "[]"
    a.locator("[data-cell='12']").click()  # A♦ with A♣ on A: A's own two clicks
    expected = "[6, 12]"
    assert kernel_says(page, GAPS, expected) == expected
    for board in (a, b):
        board.locator("[data-cell='12'][data-gap]").wait_for(timeout=5_000)
    # B's A♣ left the board: its selection went with it.
    assert _selected(b) == []


@pytest.mark.parametrize("pages", [SEVENS], indirect=True)
def test_three_sevens_a_second_pages_click_selects_there_and_pairs_with_its_own(pages):
    a, b, page = pages
    a.locator("[data-cell='0']").click()  # 7♥ on A
    b.locator("[data-cell='1']").click()  # 7♠ on B, meant to select it: no pair
    assert _selected(a) == [0]
    assert _selected(b) == [1]
    assert kernel_says(page, GAPS, "[]") == "[]"
    b.locator("[data-cell='2']").click()  # 7♦ on B: B's pair 7♠ with 7♦
    expected = "[1, 2]"
    assert kernel_says(page, GAPS, expected) == expected
    for board in (a, b):
        board.locator("[data-cell='2'][data-gap]").wait_for(timeout=5_000)
    assert _selected(a) == [0]  # A's 7♥ is still A's selection


def test_disjoint_pairs_made_at_once_on_an_idle_kernel_both_land(pages):
    a, b, page = pages
    # A takes 4♥ 4♦ while B takes K♠ K♦, the clicks interleaved.
    a.locator("[data-cell='7']").click()
    b.locator("[data-cell='21']").click()
    a.locator("[data-cell='11']").click()
    b.locator("[data-cell='22']").click()
    expected = "[7, 11, 21, 22]"
    assert kernel_says(page, GAPS, expected) == expected
    for board in (a, b):
        board.locator("[data-cell='22'][data-gap]").wait_for(timeout=5_000)
        assert _gaps(board) == [7, 11, 21, 22]
        assert "do not pair" not in board.locator("[role=status]").text_content()


def test_pythons_select_shows_on_both_pages(pages):
    a, b, page = pages
    b.locator("[data-cell='0']").click()  # B's own selection, J♥
    assert kernel_says(page, "shared.select(12); print(shared.selected)", "12") == "12"
    for board in (a, b):
        board.locator("[data-cell='12'][data-selected]").wait_for(timeout=5_000)
    # A teacher's move that leaves A♣ where it is keeps it selected everywhere.
    kernel_says(page, "shared.remove_pair(5, 10); print('ok')", "ok")
    for board in (a, b):
        board.locator("[data-cell='10'][data-gap]").wait_for(timeout=5_000)
        assert _selected(board) == [12]
