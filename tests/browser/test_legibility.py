"""Contrast on the board, from the colours the browser computes (WCAG 2):
text at least 4.5:1 against what is painted behind it, the keyboard focus
ring at least 3:1, in JupyterLab's light and dark themes and on a plain
page (exported HTML, Colab, marimo) in a light and a dark colour scheme.

The board is the German case with two pairs removed (as in the README's
picture): Refill is dimmed; 4♣ has a partner, marked "pair", and a false
neighbour, marked ✕; once that last pair is removed too, "Consolidate one
card" is the emphasised next step.

The colours are read with ``getComputedStyle`` and composited as the reader
sees them: a colour's alpha and the opacity of the element and its
ancestors, over the backgrounds behind it (``layout_helpers.EFFECTIVE_JS``).
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from lab_helpers import open_notebook, run_all_cells, set_theme
from layout_helpers import open_plain_board, outline_contrast, text_contrast

from mc_widget import Game

STATIC = Path(__file__).resolve().parents[2] / "mc_widget" / "static"
NAME = "legibility.ipynb"
CASE = json.loads((Path(__file__).parents[1] / "cases" / "german-worked-example.json").read_text())
REMOVE = [(6, 11), (18, 22)]  # 2♦-2♣ and J♠-J♦


@pytest.fixture(scope="module")
def lab_board(browser, lab_url, lab_root):
    """A notebook showing the German case, two pairs removed, in JupyterLab."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            "from mc_widget import MonteCarloWidget\n"
            f"w = MonteCarloWidget.from_layout({CASE['layout']!r})\n"
            + "".join(f"w.remove_pair{pair}\n" for pair in REMOVE)
            + "w"
        )
    ]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(nb, lab_root / NAME)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    open_notebook(page, lab_url, NAME)
    run_all_cells(page)
    page.wait_for_selector(".mcw [data-cell='6'][data-gap]")
    yield page
    # The theme is a user setting of the shared server (Notebook 7's too): put it back.
    set_theme(page, "JupyterLab Light")
    context.close()


def check_counter_labels(page) -> None:
    labels = page.locator(".mcw dl dt")
    assert labels.count() == 5
    for k in range(labels.count()):
        ratio, fg, bg = text_contrast(labels.nth(k))
        assert ratio >= 4.5, (labels.nth(k).text_content(), ratio, fg, bg)


def check_focus_ring_on_a_dimmed_button(page) -> None:
    # Nothing to refill before consolidating: "Refill one card" is dimmed
    # (aria-disabled); Tab from the tableau to it, as a keyboard user does.
    button = page.locator(".mcw [data-action='refill_step']")
    assert button.get_attribute("aria-disabled") == "true"
    page.locator(".mcw [data-cell='0']").focus()
    # The walkthrough bar's controls come between the tableau and the buttons.
    for _ in range(30):
        page.keyboard.press("Tab")
        if button.evaluate("el => el === document.activeElement"):
            break
    assert button.evaluate("el => el === document.activeElement && el.matches(':focus-visible')")
    ratio, ring, bg, style = outline_contrast(button)
    assert style.startswith("solid") and float(style.split()[1][:-2]) >= 2, style
    assert ratio >= 3, (ratio, ring, bg)
    # Dimmed it is, all the same: its label is fainter than an available button's.
    label, _, _ = text_contrast(button.locator(".mcw-btn-label"))
    available, _, _ = text_contrast(page.locator(".mcw [data-action='random_deal'] .mcw-btn-label"))
    assert label < available, (label, available)


def check_mark(page, cell: int, text: str) -> None:
    mark = page.locator(f".mcw [data-cell='{cell}'] .mcw-mark")
    assert mark.text_content() == text
    ratio, fg, bg = text_contrast(mark)
    assert ratio >= 4.5, (text, ratio, fg, bg)


def check_emphasis_and_marks(page) -> None:
    # While 4♣-4♥ can still go, no button urges the learner to consolidate.
    assert page.locator(".mcw [data-emphasis]").count() == 0
    # 4♣ selected: 4♥ can pair with it, Q♦ lies beyond a gap.
    if page.locator(".mcw [data-cell='2'][data-selected]").count() == 0:
        page.locator(".mcw [data-cell='2']").click()
    page.wait_for_selector(".mcw [data-cell='10'][data-false-neighbour]")
    check_mark(page, 8, "pair")
    check_mark(page, 10, "✕")
    # 9♥ with it: refused, both marked (and 9♥ is selected now).
    page.locator(".mcw [data-cell='0']").click()
    page.wait_for_selector(".mcw [data-cell='0'][data-illegal]")
    check_mark(page, 0, "!")
    page.keyboard.press("Escape")
    page.wait_for_selector(".mcw [data-cell='0']:not([data-illegal])")
    # The last pair removed: now "Consolidate one card" is the emphasised next step.
    page.locator(".mcw [data-cell='2']").click()
    page.locator(".mcw [data-cell='8']").click()
    page.wait_for_selector(".mcw [data-cell='8'][data-gap]")
    emphasised = page.locator(".mcw [data-emphasis]")
    assert emphasised.get_attribute("data-action") == "consolidate_step"
    ratio, fg, bg = text_contrast(emphasised.locator(".mcw-btn-label"))
    assert ratio >= 4.5, ("emphasised button", ratio, fg, bg)
    page.locator(".mcw [data-action='undo']").click()  # as it was, for the next theme
    page.wait_for_selector(".mcw [data-cell='8'] [data-card='4H']")


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_counter_labels_are_readable_in_jupyterlab(lab_board, theme):
    set_theme(lab_board, theme)
    check_counter_labels(lab_board)


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_the_focus_ring_of_a_dimmed_button_is_not_dimmed_in_jupyterlab(lab_board, theme):
    set_theme(lab_board, theme)
    check_focus_ring_on_a_dimmed_button(lab_board)


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_the_next_step_and_the_marks_are_readable_in_jupyterlab(lab_board, theme):
    set_theme(lab_board, theme)
    check_emphasis_and_marks(lab_board)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_on_a_plain_page_too(browser, scheme):
    game = Game.from_layout(CASE["layout"])
    for pair in REMOVE:
        game.remove_pair(*pair)
    context = browser.new_context(viewport={"width": 1000, "height": 800}, color_scheme=scheme)
    page = context.new_page()
    try:
        open_plain_board(page, game.to_state(), STATIC)
        check_counter_labels(page)
        check_focus_ring_on_a_dimmed_button(page)
        check_emphasis_and_marks(page)
    finally:
        context.close()
