"""The board in six languages, in Chromium (issue 8; docs/i18n.md, section 2).

Expected texts are each catalogue's own templates (mc_widget/messages/<lang>.json)
filled in by hand from the German worked example (tests/cases/): cells 2
(4♣) and 8 (4♥) touch diagonally, so removing them is the first pair; the
queen of hearts is in cell 12, the king of hearts in cell 1.

* On an exported page (no kernel, file://, every other request refused), a
  board of each language plays that pair and says so in its language.
* In JupyterLab, a board shown in English changes to German while shown
  (``w.lang = "de"``): every word on it changes, the cards and the game stay.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from lab_helpers import kernel_says, open_cells

from mc_widget.widget import MonteCarloWidget

ROOT = Path(__file__).resolve().parents[2]
CASE = json.loads((ROOT / "tests" / "cases" / "german-worked-example.json").read_text())
LANGUAGES = ("en", "sv", "nl", "de", "it", "fr")
SHOTS = Path("/tmp/lang-shots")


def catalogue(lang: str) -> dict[str, str]:
    return json.loads((ROOT / "mc_widget" / "messages" / f"{lang}.json").read_text("utf-8"))


def _open_file(browser, path: Path):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    own = path.resolve().as_uri()
    made: list[str] = []

    def route(r):
        if r.request.url == own:
            r.continue_()
        else:
            made.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    page.goto(own)
    page.wait_for_selector(".mcw [data-cell='0'] [data-card]")
    return page, context, made


def _label(board, action: str) -> str:
    return board.locator(f'[data-action="{action}"] .mcw-btn-label').text_content()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_board_plays_a_pair_and_says_it_in_its_language(browser, tmp_path, lang):
    words = catalogue(lang)
    w = MonteCarloWidget.from_layout(CASE["layout"], lang=lang)
    page, context, made = _open_file(browser, w.to_html(tmp_path / f"{lang}.html"))
    try:
        board = page.locator(".mcw")
        assert board.get_attribute("lang") == lang
        assert _label(board, "undo") == words["ui.button-undo"]
        assert _label(board, "hint") == words["ui.button-hint"]
        queen = words["letter.Q"] + "♥"
        assert board.locator('[data-card="QH"]').text_content() == queen
        board.locator('[data-cell="2"]').click()
        board.locator('[data-cell="8"]').click()
        removed = words["status.removed"].replace("{a}", "4♣").replace("{b}", "4♥")
        page.wait_for_function(
            "([el, s]) => el.textContent.startsWith(s)",
            arg=[board.locator('[role="status"]').element_handle(), removed],
        )
        assert made == []
    finally:
        context.close()


def _words(board) -> set[str]:
    """Every word of three or more letters the board shows or labels."""
    text = board.evaluate(
        """el => [el.innerText,
            ...[...el.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label')),
            ...[...el.querySelectorAll('[title]')].map(e => e.getAttribute('title'))
        ].join(' ')"""
    )
    return {w for w in re.findall(r"[^\W\d_]{3,}", text)}


def test_changing_lang_on_a_shown_board_changes_every_word_and_keeps_the_game(
    page, lab_url, lab_root
):
    source = (
        "from mc_widget import MonteCarloWidget\n"
        f"w = MonteCarloWidget.from_layout({CASE['layout']!r})\nw"
    )
    open_cells(page, lab_url, lab_root, "lang-switch.ipynb", {"board": source}, "JupyterLab Light")
    board = page.locator(".mcw").first
    board.locator("[data-cell='0'] [data-card]").wait_for()
    board.locator('[data-cell="2"]').click()
    board.locator('[data-cell="8"]').click()
    kernel_says(page, "print(w.game.cursor)", "1")
    cards = board.evaluate(
        "el => [...el.querySelectorAll('[data-cell]')].map(c => "
        "c.querySelector('[data-card]')?.dataset.card ?? null)"
    )
    english = _words(board)
    assert {"Undo", "Removed", "Stock"} <= english

    kernel_says(page, "w.lang = 'de'; print(w.lang)", "de")
    de = catalogue("de")
    board.locator(
        f'[data-action="undo"] .mcw-btn-label:text-is("{de["ui.button-undo"]}")'
    ).wait_for()
    removed = de["status.removed"].replace("{a}", "4♣").replace("{b}", "4♥")
    assert board.locator('[role="status"]').text_content().startswith(removed)
    assert board.get_attribute("lang") == "de"
    # The game is the same: the same cards in the same cells, one action played.
    assert (
        board.evaluate(
            "el => [...el.querySelectorAll('[data-cell]')].map(c => "
            "c.querySelector('[data-card]')?.dataset.card ?? null)"
        )
        == cards
    )
    kernel_says(page, "print(w.game.cursor)", "1")
    # Every English word is gone but the keyboard's (Shift+C: the same key in
    # every language, docs/i18n.md section 1) and the game's name.
    left = english & _words(board)
    assert left <= {"Shift", "Monte", "Carlo"}, sorted(left)
    SHOTS.mkdir(parents=True, exist_ok=True)
    board.screenshot(path=str(SHOTS / "lab-switched-to-de.png"))
