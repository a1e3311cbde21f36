"""Contrast on the board, from the colours the browser computes (WCAG 2):
text at least 4.5:1 against what is painted behind it, the keyboard focus
ring at least 3:1, in JupyterLab's light and dark themes and on a plain
page (exported HTML, Colab, marimo) in a light and a dark colour scheme.

The colours are read with ``getComputedStyle`` and composited as the reader
sees them: a colour's alpha and the opacity of the element and its
ancestors, over the backgrounds behind it (``layout_helpers.EFFECTIVE_JS``).
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from lab_helpers import open_notebook, run_all_cells, set_theme
from layout_helpers import open_plain_board, outline_contrast, text_contrast

from mc_widget import Game

STATIC = Path(__file__).resolve().parents[2] / "mc_widget" / "static"
NAME = "legibility.ipynb"


@pytest.fixture(scope="module")
def lab_board(browser, lab_url, lab_root):
    """A notebook showing ``MonteCarloWidget(deal=7)`` in JupyterLab."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            "from mc_widget import MonteCarloWidget\nMonteCarloWidget(deal=7)"
        )
    ]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(nb, lab_root / NAME)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    open_notebook(page, lab_url, NAME)
    run_all_cells(page)
    page.wait_for_selector(".mcw [data-cell='24']")
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
    # A new deal: nothing to consolidate yet, so "Consolidate one card" is
    # dimmed (aria-disabled) and is the first tab stop after the tableau.
    button = page.locator(".mcw [data-action='consolidate_step']")
    assert button.get_attribute("aria-disabled") == "true"
    page.locator(".mcw [data-cell='0']").focus()
    page.keyboard.press("Tab")
    assert button.evaluate("el => el === document.activeElement && el.matches(':focus-visible')")
    ratio, ring, bg, style = outline_contrast(button)
    assert style.startswith("solid") and float(style.split()[1][:-2]) >= 2, style
    assert ratio >= 3, (ratio, ring, bg)
    # Dimmed it is, all the same: its label is fainter than an available button's.
    label, _, _ = text_contrast(button.locator(".mcw-btn-label"))
    available, _, _ = text_contrast(page.locator(".mcw [data-action='random_deal'] .mcw-btn-label"))
    assert label < available, (label, available)


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_counter_labels_are_readable_in_jupyterlab(lab_board, theme):
    set_theme(lab_board, theme)
    check_counter_labels(lab_board)


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_the_focus_ring_of_a_dimmed_button_is_not_dimmed_in_jupyterlab(lab_board, theme):
    set_theme(lab_board, theme)
    check_focus_ring_on_a_dimmed_button(lab_board)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_on_a_plain_page_too(browser, scheme):
    context = browser.new_context(viewport={"width": 1000, "height": 800}, color_scheme=scheme)
    page = context.new_page()
    try:
        open_plain_board(page, Game(deal=7).to_state(), STATIC)
        check_counter_labels(page)
        check_focus_ring_on_a_dimmed_button(page)
    finally:
        context.close()
