"""The teaching layer in a real JupyterLab 4 (Debian's Chromium): the
consolidation walkthrough (buttons, slider, keys, play), a mistake
demonstration, and text from Python that must stay text.

Expected values come from the German worked example
(tests/cases/german-worked-example.json): after its three pairs, the round
has 17 consolidation moves and 6 refill deals, 23 steps; the first move is
5♦ from cell 3 to cell 2, the last deal puts 3♥ into cell 24.
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from lab_helpers import kernel_output, kernel_says, open_notebook, run_all_cells, set_theme

CASE = json.loads((Path(__file__).parents[1] / "cases" / "german-worked-example.json").read_text())
NAME = "teaching-e2e.ipynb"
XSS = "<img src=x onerror=alert(1)>"


def _notebook(lab_root: Path, name: str, sources: list[str]) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in sources]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(nb, lab_root / name)


@pytest.fixture
def walk_page(page, lab_url, lab_root):
    _notebook(
        lab_root,
        NAME,
        [
            "from mc_widget import MonteCarloWidget\n"
            f"w = MonteCarloWidget.from_layout({CASE['layout']!r})\n"
            "for i, j in [(2, 8), (6, 11), (18, 22)]:\n"
            "    w.remove_pair(i, j)\n"
            "w"
        ],
    )
    open_notebook(page, lab_url, NAME)
    set_theme(page, "JupyterLab Light")
    run_all_cells(page)
    page.wait_for_selector(".mcw [data-walk='position']")
    return page


def _position(page) -> str:
    return page.locator(".mcw [data-walk='position']").first.text_content().strip()


def _step(page) -> int:
    return int(_position(page).split()[1])


def _wait_position(page, k: int) -> None:
    page.wait_for_function(
        "(k) => document.querySelector(\".mcw [data-walk='position']\")"
        ".textContent.trim().toLowerCase().startsWith(`step ${k} of`)",
        arg=k,
    )


def _board_has(page, cell: int, card: str | None) -> None:
    if card is None:
        page.wait_for_selector(f".mcw [data-cell='{cell}'][data-gap]")
    else:
        page.wait_for_selector(f".mcw [data-cell='{cell}'] [data-card='{card}']")


def test_walkthrough_steps_back_and_forward(walk_page):
    page = walk_page
    assert _position(page).lower() == "step 0 of 23"

    page.locator(".mcw [data-walk='forward']").click()
    _board_has(page, 2, "5D")
    _board_has(page, 3, None)
    assert _position(page).lower() == "step 1 of 23"
    status = page.locator(".mcw [role=status]").text_content()
    assert "5♦" in status and "row 1, column 4" in status and "row 1, column 3" in status
    assert kernel_says(page, "print(w.walk_position)", "(1, 23)") == "(1, 23)"
    # Marked before it moves: 2♥ (cell 4) goes next, into the new first gap, cell 3.
    assert page.locator(".mcw [data-cell='4'][data-next-from]").count() == 1
    assert page.locator(".mcw [data-cell='3'][data-next-to]").count() == 1

    page.locator(".mcw [data-walk='back']").click()
    _board_has(page, 2, None)
    _board_has(page, 3, "5D")
    assert _position(page).lower() == "step 0 of 23"
    # Back is the engine's undo of one step: the step stays in the history, to redo.
    assert kernel_says(page, "print(w.game.cursor, w.game.can_redo())", "3 True") == "3 True"
    # Back at the start the first move is marked: 5♦ (cell 3) into the gap at cell 2.
    page.wait_for_selector(".mcw [data-cell='3'][data-next-from]")
    assert page.locator(".mcw [data-cell='2'][data-next-to]").count() == 1

    page.locator(".mcw [data-walk='last']").click()
    assert _position(page).lower() == "step 23 of 23"
    done = f"print(w.game.to_layout() == {CASE['after_refill_layout']!r})"
    assert kernel_says(page, done, "True") == "True"

    page.locator(".mcw [data-walk='first']").click()
    assert _position(page).lower() == "step 0 of 23"
    assert kernel_says(page, "print(w.walk_position)", "(0, 23)") == "(0, 23)"


def test_slider_moves_in_cards(walk_page):
    page = walk_page
    slider = page.locator(".mcw input[type=range][data-walk='slider']")
    assert slider.get_attribute("max") == "23"
    slider.fill("17")  # the whole consolidation, before the first deal
    _wait_position(page, 17)
    after = CASE["after_consolidation"].split(" | ")[0].replace("/", " ").split()
    for cell, card in enumerate(after):
        _board_has(page, cell, None if card == ".." else card)
    # The top stock card, T♠, fills the first gap, cell 19 (row 4, column 5), next.
    assert page.locator(".mcw [data-cell='19'][data-next-to]").count() == 1
    assert kernel_says(page, "print(w.walk_position)", "(17, 23)") == "(17, 23)"


def test_keys_step_the_walkthrough(walk_page):
    page = walk_page
    slider = page.locator(".mcw input[type=range][data-walk='slider']")
    slider.focus()
    page.keyboard.press("ArrowRight")
    _wait_position(page, 1)
    page.keyboard.press("ArrowRight")
    _wait_position(page, 2)
    page.keyboard.press("ArrowLeft")
    _wait_position(page, 1)
    page.keyboard.press("End")
    _wait_position(page, 23)
    page.keyboard.press("Home")
    _wait_position(page, 0)
    assert kernel_says(page, "print(w.walk_position)", "(0, 23)") == "(0, 23)"
    page.keyboard.press(" ")  # play
    page.wait_for_selector(".mcw [data-walk='play'][data-playing]")
    _wait_position(page, 1)
    page.keyboard.press(" ")  # pause
    page.wait_for_selector(".mcw [data-walk='play']:not([data-playing])")


def test_python_walk_to_reaches_the_board(walk_page):
    page = walk_page
    kernel_output(page, "w.walk_to(18)")
    _board_has(page, 19, "TS")
    assert _position(page).lower() == "step 18 of 23"
    status = page.locator(".mcw [role=status]").text_content()
    assert "10♠" in status and "row 4, column 5" in status


def test_play_twice_never_doubles_the_speed(walk_page):
    page = walk_page
    play = page.locator(".mcw [data-walk='play']")
    play.click()  # play, at the normal speed: one step every 1.2 s
    _wait_position(page, 1)
    play.click()  # pause
    play.click()  # play again
    page.wait_for_selector(".mcw [data-walk='play'][data-playing]")
    k0 = _step(page)
    page.wait_for_timeout(6000)
    k1 = _step(page)
    play.click()  # pause
    # One timer gives 5 steps in 6 s (at most 6 with the timing of the clicks);
    # two timers would give about 10.
    assert 3 <= k1 - k0 <= 6, (k0, k1)


def test_caption_and_title_are_text(page, lab_url, lab_root):
    _notebook(
        lab_root,
        "xss-e2e.ipynb",
        [
            "from mc_widget import MonteCarloWidget\n"
            f"w = MonteCarloWidget.from_layout({CASE['layout']!r},\n"
            f"    title={XSS!r}, caption={XSS!r})\n"
            "w",
            f"w.say({XSS!r})",
        ],
    )
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    open_notebook(page, lab_url, "xss-e2e.ipynb")
    run_all_cells(page)
    page.wait_for_selector(".mcw [data-cell='0']")
    root = page.locator(".mcw").first
    assert root.locator("img").count() == 0
    assert XSS in root.text_content()
    page.wait_for_function(
        "(x) => document.querySelector('.mcw [role=status]').textContent.includes(x)", arg=XSS
    )
    page.wait_for_timeout(500)
    assert dialogs == []


def test_a_mistake_demonstration_draws_its_panels(page, lab_url, lab_root):
    _notebook(
        lab_root,
        "mistake-e2e.ipynb",
        ["from mc_widget import MonteCarloWidget\nMonteCarloWidget.mistake('M3')"],
    )
    open_notebook(page, lab_url, "mistake-e2e.ipynb")
    run_all_cells(page)
    page.wait_for_selector(".mcw [data-cell='0']")
    root = page.locator(".mcw").first
    text = root.text_content()
    assert "M3" in text
    panels = root.locator("[data-panel]")
    assert panels.count() == 4  # the right way and the three wrong ones
    verdicts = [panels.nth(k).get_attribute("data-verdict") for k in range(4)]
    assert sorted(verdicts) == ["right", "wrong", "wrong", "wrong"]
    # Issue 20: the right result marks the pair it makes (5♠ 5♥), each wrong
    # one the same two cards, apart ("the card this is about").
    for k in range(4):
        marks = "[data-mark-pair]" if verdicts[k] == "right" else "[data-mark-focus]"
        cards = (
            panels.nth(k)
            .locator(f"{marks} [data-card]")
            .evaluate_all("els => els.map(e => e.dataset.card)")
        )
        assert cards == ["5S", "5H"], (k, cards)


def test_predict_first_judges_the_click_then_moves(walk_page):
    page = walk_page
    kernel_output(page, "w.predict = True")
    page.wait_for_selector(".mcw [data-walk='score']:not([hidden])")
    forward = page.locator(".mcw [data-walk='forward']")
    status = page.locator(".mcw [role=status]")

    forward.click()  # asks first; nothing moves yet
    page.wait_for_function(
        "() => document.querySelector('.mcw [role=status]').textContent"
        ".includes('Which card moves next?')"
    )
    _board_has(page, 3, "5D")
    page.locator(".mcw [data-cell='3']").click()  # 5♦: the first card after the first gap
    _board_has(page, 2, "5D")
    assert status.text_content().startswith("Right: 5♦ was next")
    assert kernel_says(page, "print(w.predictions)", "(1, 1)") == "(1, 1)"

    forward.click()
    page.wait_for_function(
        "() => document.querySelector('.mcw [role=status]').textContent"
        ".includes('Which card moves next?')"
    )
    page.locator(".mcw [data-cell='0']").click()  # 9♥ never moves: it is before the first gap
    _board_has(page, 3, "2H")  # the step is shown all the same: 2♥ into the gap at cell 3
    assert status.text_content().startswith("Not quite: 2♥ was next")
    assert kernel_says(page, "print(w.predictions)", "(1, 2)") == "(1, 2)"
    assert "1 of 2" in page.locator(".mcw [data-walk='score']").text_content()
