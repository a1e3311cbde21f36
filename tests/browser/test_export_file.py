"""Exported pages in Chromium from ``file://`` (docs/export.md, sections 3 and
8): ``w.to_html`` and ``save_page`` write files that make no request (every
request that is not ``file:`` is aborted and recorded, and none may be
made), and the boards on them play with no kernel: a pair, a consolidation
step, an undo, a new deal by number with the same deal as Python's, and on a
page of three boards each board on its own. No JupyterLab is started.

Expected texts are the catalogue's (mc_widget/messages/en.json) filled in by
hand from the German worked example (tests/cases/german-worked-example.json)
and RULES.md: cells 2 (4♣) and 8 (4♥) touch diagonally; after they go, the
first gap in reading order is cell 2 and the first card after it is 5♦ in
cell 3, so one consolidation step moves 5♦ from row 1, column 4 to row 1,
column 3 (RULES.md, "Consolidate", one card at a time).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mc_widget import Game, save_page
from mc_widget.engine.cards import card_symbol
from mc_widget.export import board_model
from mc_widget.widget import MonteCarloWidget

CASE = json.loads(
    (Path(__file__).resolve().parents[1] / "cases" / "german-worked-example.json").read_text()
)
SHOTS = Path("/tmp/export-shots")

START = "Remove pairs: click two touching cards of the same rank."
REMOVED = "Removed 4♣ and 4♥."
MOVED = "5♦ moved from row 1, column 4 to row 1, column 3."
UNDONE = "Undone: 5♦ moved back from row 1, column 3 to row 1, column 4."


def _german(**kwargs) -> MonteCarloWidget:
    return MonteCarloWidget.from_layout(CASE["layout"], **kwargs)


def _open(browser, path: Path, *, width=1280, scheme="light"):
    """Open ``path`` from file:// in a fresh context; every other request is aborted.

    Returns ``(page, context, made)``: ``made`` lists every request the page
    asked for other than the file itself (routed or seen).
    """
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    own = path.resolve().as_uri()
    made: list[str] = []
    errors: list[str] = []

    def route(r):
        url = r.request.url
        if url.startswith("file:"):
            if url != own:
                made.append(url)
            r.continue_()
        else:
            made.append(url)
            r.abort()

    context.route("**/*", route)
    page.on("request", lambda request: request.url != own and made.append(request.url))
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(own)
    page.wait_for_function(
        "n => document.querySelectorAll('[data-mcw-board] .mcw').length === n",
        arg=path.read_text(encoding="utf-8").count("data-mcw-board>"),
    )
    assert errors == []
    return page, context, made


def _status(board) -> str:
    return board.locator('[role="status"]').text_content()


def _card(board, cell: int):
    """The card in ``cell`` (``"7H"``) or None for a gap (DESIGN.md: data-card)."""
    found = board.locator(f'[data-cell="{cell}"] [data-card]')
    return found.get_attribute("data-card") if found.count() else None


def _cards(board, cells) -> list:
    return [_card(board, cell) for cell in cells]


def _wait_status(board, starts: str):
    board.page.wait_for_function(
        "([el, s]) => el.textContent.startsWith(s)",
        arg=[board.locator('[role="status"]').element_handle(), starts],
    )


def _click(board, cell: int):
    board.locator(f'[data-cell="{cell}"]').click()


def _pair(board):
    _click(board, 2)
    _click(board, 8)
    _wait_status(board, REMOVED)


def test_one_board_page_plays_with_no_request(browser, tmp_path):
    path = _german(title="The German example").to_html(tmp_path / "board.html")
    page, context, made = _open(browser, path)
    try:
        board = page.locator("[data-mcw-board]")
        assert page.title() == "The German example"
        assert _status(board).startswith(START)
        assert _cards(board, [2, 3, 8]) == ["4C", "5D", "4H"]
        _pair(board)
        assert _cards(board, [2, 3, 8]) == [None, "5D", None]
        # Other pairs still touch: the first press only asks (js/app/give-up.js).
        board.locator('[data-action="consolidate_step"]').click()
        board.locator('[data-action="consolidate_step"]').click()
        _wait_status(board, MOVED)
        assert _cards(board, [2, 3, 8]) == ["5D", None, None]
        board.locator('[data-action="undo"]').click()
        _wait_status(board, UNDONE)
        assert _cards(board, [2, 3, 8]) == [None, "5D", None]
        # A new deal by number: the same deal as Game(deal=N) in Python.
        board.locator("input.mcw-deal-input").fill("20260")
        board.locator('[data-action="new_deal"]').click()
        first_row = Game(deal=20260).to_state()["tableau"][:5]
        page.wait_for_function(
            "row => [0,1,2,3,4].every(i => document.querySelector("
            '`[data-cell="${i}"] [data-card]`)?.dataset.card === row[i])',
            arg=first_row,
        )
        assert _cards(board, range(5)) == first_row
        assert _cards(board, [2, 8]) != ["4C", "4H"]  # a different deal is shown
        assert made == []
    finally:
        context.close()


def _three_board_page(tmp_path: Path) -> Path:
    return save_page(
        tmp_path / "three.html",
        "# Three boards\n\nEach board plays *on its own*. A caption "
        "`<img src=x onerror=alert(1)>` is text.",
        _german(title="First"),
        _german(title="Second"),
        "Some text between the boards, long enough to wrap in a narrow window.",
        MonteCarloWidget(deal=7, title="Deal 7"),
        title="Three boards",
    )


def test_three_boards_play_independently_with_no_request(browser, tmp_path):
    path = _three_board_page(tmp_path)
    page, context, made = _open(browser, path)
    try:
        first, second, third = (page.locator("[data-mcw-board]").nth(k) for k in range(3))
        assert page.locator("h1").text_content() == "Three boards"
        assert page.locator("img").count() == 0
        seven = Game(deal=7).to_state()["tableau"]
        assert _cards(third, range(25)) == seven
        _pair(first)
        assert _cards(first, [2, 8]) == [None, None]
        # The second board, the same layout, is untouched.
        assert _cards(second, [2, 8]) == ["4C", "4H"]
        assert _status(second).startswith(START)
        # Cells 6 (2D) and 11 (2C) touch: a pair of the case file, on the second board only.
        _click(second, 6)
        _click(second, 11)
        _wait_status(second, "Removed 2♦ and 2♣.")
        assert _cards(first, [6, 11]) == ["2D", "2C"]
        assert _cards(second, [2, 8]) == ["4C", "4H"]
        first.locator('[data-action="consolidate_step"]').click()  # asks: pairs still touch
        first.locator('[data-action="consolidate_step"]').click()
        _wait_status(first, MOVED)
        assert _cards(second, [2, 3]) == ["4C", "5D"]
        assert _cards(third, range(25)) == seven
        assert _status(third).startswith(START)
        assert made == []
    finally:
        context.close()


@pytest.mark.parametrize(
    ("name", "width", "scheme"),
    [("light", 1280, "light"), ("dark", 1280, "dark"), ("narrow", 360, "light")],
)
def test_the_page_looks_right(browser, tmp_path, name, width, scheme):
    path = _three_board_page(tmp_path)
    page, context, made = _open(browser, path, width=width, scheme=scheme)
    try:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"page-{name}.png"), full_page=True)
        # No horizontal scroll, and every board within the window.
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        for box in page.locator(".mcw").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().right)"
        ):
            assert box <= width
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background == ("rgb(30, 31, 33)" if scheme == "dark" else "rgb(255, 255, 255)")
        text = page.locator(".mcw-page-text").first
        assert text.evaluate("e => e.getBoundingClientRect().width") <= 48 * 16
        assert made == []
    finally:
        context.close()


def _hint(board, starts: str):
    board.locator('[data-action="hint"]').click()
    _wait_status(board, starts)
    return _status(board)


def _hinted(board) -> list[int]:
    cells = board.locator("[data-cell][data-hint]")
    return sorted(int(cells.nth(k).get_attribute("data-cell")) for k in range(cells.count()))


def test_a_perfect_hint_board_follows_its_stored_line_with_no_kernel(browser, tmp_path):
    # docs/analysis.md, section 6: the page has no solver, so the export stores a
    # winning line (its first pairs are the jacks and tens of deal 1, by hand:
    # tests/test_stored_line.py) and the Hint button follows it.
    w = MonteCarloWidget(deal=1, hints="perfect")
    line = board_model(w)["solution"]["moves"]
    i, j = line[0]["cells"]
    path = w.to_html(tmp_path / "perfect.html")
    page, context, made = _open(browser, path)
    try:
        board = page.locator("[data-mcw-board]")
        symbol = {k: card_symbol(Game(deal=1).state.tableau[k]) for k in (i, j)}
        text = _hint(board, f"Remove {symbol[i]} and {symbol[j]}")
        assert text.endswith("the winning line stored with this board does.")
        assert _hinted(board) == [i, j]
        # Take that pair, then consolidate with the round's other pairs kept:
        # round 1 has left the line, and the fair hint comes with a note.
        _click(board, i)
        _click(board, j)
        _wait_status(board, "Removed")
        board.locator('[data-action="consolidate"]').click()
        _wait_status(board, "Consolidated")
        text = _hint(board, "Round 1 left the stored winning line; undo to there to follow it.")
        assert "Fair hint: " in text
        assert made == []
    finally:
        context.close()
