"""Lesson 1 in a real JupyterLab 4 (Debian's Chromium), end to end.

The lesson (a scratch copy, see ``lab_root``) is opened and run once for the
module; then each test works on one of its boards, found by the nbformat id
of the cell that shows it (``notebooks/README.md`` lists them: ``board``,
``neighbours-board``, ``pairs-board``, ``gap-board``, ``step-board``, …).

Expected values come from RULES.md, the German case file
(``tests/cases/german-worked-example.json``) and the message catalogue,
written out by hand; none is computed by the code under test.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lab_helpers import cell_by_id, kernel_says, open_notebook, run_all_cells, set_theme

CASE = json.loads((Path(__file__).parents[1] / "cases" / "german-worked-example.json").read_text())
STOCK = CASE["layout"].split(" | ")[1]
LESSON = "01-learn-the-rules.ipynb"
BOARDS = [
    "board",
    "neighbours-board",
    "pairs-board",
    "gap-board",
    "step-board",
    "round-board",
    "blocked-board",
    "end-board",
    "choice-board",
    "play",
]
# The German layout with 4♣-4♥, 2♦-2♣ and J♠-J♦ removed (RULES.md, worked example).
AFTER_REMOVAL = "9H KH .. 5D 2H/8D .. 8C .. 6S/QD .. QH 5H KD/KS 3S 7D .. 7C/AS 9S .. QC AH"


@pytest.fixture(scope="module")
def lesson(browser, lab_url):
    """Lesson 1 open in JupyterLab (light theme), every cell run."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_notebook(page, lab_url, LESSON)
    set_theme(page, "JupyterLab Light")
    run_all_cells(page)
    page.wait_for_function(
        f"document.querySelectorAll('.mcw [data-cell]').length === {25 * len(BOARDS)}"
    )
    page.errors = errors
    yield page
    context.close()


def board(page, cell_id: str):
    """The board shown by the cell with this id."""
    return cell_by_id(page, cell_id).locator(".mcw")


def cells_with(page, cell_id: str, attribute: str) -> set[int]:
    """The cells of a board that carry ``attribute`` (e.g. ``data-neighbour``)."""
    found = board(page, cell_id).locator(f"[data-cell][{attribute}]")
    return {int(found.nth(k).get_attribute("data-cell")) for k in range(found.count())}


def tableau(page, cell_id: str) -> list[str | None]:
    """The cards of a board in reading order as the DOM shows them (None: a gap)."""
    return board(page, cell_id).evaluate(
        """root => [...root.querySelectorAll('[data-cell]')].map(
            c => c.querySelector('.mcw-card').getAttribute('data-card'))"""
    )


def status(page, cell_id: str) -> str:
    return board(page, cell_id).locator("[role=status]").text_content()


def in_view(page, locator) -> None:
    """Scroll until ``locator`` stays inside the window. Cells off screen are
    drawn lazily and change size when drawn, so one jump may land only near it:
    scroll, let two frames pass, and look again."""
    for _ in range(20):
        locator.evaluate("el => el.scrollIntoView({ block: 'center' })")
        page.evaluate(
            "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )
        inside = locator.evaluate(
            """el => {
                const r = el.getBoundingClientRect();
                return r.top >= 0 && r.bottom <= window.innerHeight;
            }"""
        )
        if inside:
            return
    raise AssertionError("could not scroll the board into the window")


def click(page, cell_id: str, cell: int) -> None:
    board(page, cell_id).locator(f"[data-cell='{cell}']").click()


def test_the_lesson_opens_unchanged(page, lab_url):
    # JupyterLab writes the kernel's language_info into the notebook it opens;
    # the saved lesson holds the same (scripts/execute_notebooks.py keeps it),
    # so opening the lesson does not mark it unsaved. Runs before the module's
    # `lesson` fixture, which runs the cells (that would dirty it).
    open_notebook(page, lab_url, LESSON)
    page.evaluate(
        """async () => {
            const panel = window.jupyterapp.shell.currentWidget;
            await panel.sessionContext.session.kernel.info;
            await new Promise(resolve => setTimeout(resolve, 1000));
        }"""
    )
    state = page.evaluate(
        """() => {
            const panel = window.jupyterapp.shell.currentWidget;
            const info = panel.model.getMetadata('language_info');
            return {dirty: panel.model.dirty, version: info && info.version};
        }"""
    )
    assert state["dirty"] is False
    saved = json.loads((Path(__file__).parents[2] / "notebooks" / LESSON).read_text())
    assert state["version"] == saved["metadata"]["language_info"].get("version")


def test_every_board_is_drawn_without_errors(lesson):
    page = lesson
    for cell_id in BOARDS:
        assert board(page, cell_id).count() == 1, cell_id
        assert board(page, cell_id).locator("[data-cell]").count() == 25, cell_id
    german = [card for row in CASE["layout"].split(" | ")[0].split("/") for card in row.split()]
    assert tableau(page, "board") == german
    assert page.locator("[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    assert page.locator(".jp-OutputArea-output[data-mime-type*='error']").count() == 0
    assert page.errors == []
    # Boards set up by Python cells have not started their clocks: the time
    # counts from the learner's first move (RULES.md, "Scoring").
    for cell_id in BOARDS:
        time = board(page, cell_id).locator("[data-counter='time'] dd")
        assert time.text_content() == "0:00", cell_id
    code = "print({b.clock['start'] for b in (step_board, round_board, end_board)})"
    assert kernel_says(page, code, "{None}") == "{None}"


def test_the_boards_show_what_the_lesson_says(lesson):
    page = lesson
    # Section 2: Q♥ selected from Python; an inner cell has 8 neighbours.
    assert cells_with(page, "neighbours-board", "data-selected") == {12}
    assert cells_with(page, "neighbours-board", "data-neighbour") == {6, 7, 8, 11, 13, 16, 17, 18}
    # Section 3: the refused queens are marked and the reason is on the status line.
    assert cells_with(page, "pairs-board", "data-illegal") == {10, 23}
    assert status(page, "pairs-board") == (
        "Q♦ and Q♣ are not neighbours: a pair must touch by a side or a corner."
    )
    # Section 4: 7♦ selected; 7♣ and 8♦ beyond a gap are false neighbours, marked ✕.
    assert cells_with(page, "gap-board", "data-gap") == {2, 6, 8, 11, 18, 22}
    assert cells_with(page, "gap-board", "data-selected") == {17}
    assert cells_with(page, "gap-board", "data-false-neighbour") == {5, 19}
    for cell in (5, 19):
        mark = board(page, "gap-board").locator(f"[data-cell='{cell}'] .mcw-mark")
        assert mark.text_content() == "✕"
    # Section 5: three steps made; 14 of the 17 moves of the case are left.
    assert status(page, "step-board") == (
        "8♦ moved from row 2, column 1 to row 1, column 5. Consolidating: 14 cards still to move."
    )
    assert tableau(page, "round-board")[10:15] == ["KD", "KS", "3S", "7D", "7C"]
    # Section 6: a blocked deal and a won end game.
    assert status(page, "blocked-board").startswith("Blocked: no pair and nothing to consolidate.")
    # Played from Python, which never starts the clock: no time to announce.
    assert status(page, "end-board").endswith("Won! 4 of 4 cards removed, with 2 consolidations.")


def test_the_result_banner_covers_no_card(lesson):
    page = lesson
    # Section 6: the blocked deck in order and the won end game. The reader
    # checks row 3 of the blocked board for pairs: no card may be hidden.
    expected = {
        "blocked-board": (
            "Blocked: no pair and nothing to consolidate. 0 of 52 cards removed,"
            " with 0 consolidations."
        ),
        "end-board": "Won! 4 of 4 cards removed, with 2 consolidations.",
    }
    for cell_id, text in expected.items():
        root = board(page, cell_id)
        in_view(page, root.locator(".mcw-main"))
        banner = root.locator(".mcw-banner")
        assert banner.is_visible(), cell_id
        assert banner.text_content() == text
        assert status(page, cell_id).endswith(text)
        overlapping = root.evaluate(
            """root => {
                const b = root.querySelector('.mcw-banner').getBoundingClientRect();
                return [...root.querySelectorAll('[data-cell]')].filter(c => {
                    const r = c.getBoundingClientRect();
                    return r.left < b.right && b.left < r.right
                        && r.top < b.bottom && b.top < r.bottom;
                }).map(c => Number(c.dataset.cell));
            }"""
        )
        assert overlapping == [], cell_id
        # What is drawn at the centre of each cell is that cell, for all 25.
        covered = root.evaluate(
            """root => [...root.querySelectorAll('[data-cell]')].filter(c => {
                const r = c.getBoundingClientRect();
                const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                return !c.contains(top);
            }).map(c => Number(c.dataset.cell))"""
        )
        assert covered == [], cell_id


def test_corner_edge_and_inner_cards_have_3_5_and_8_neighbours(lesson):
    page = lesson
    expected = {
        0: ({1, 5, 6}, set()),  # 9♥, a corner: no partner
        2: ({1, 3, 6, 7, 8}, {8}),  # 4♣, an edge: 4♥ diagonally below is its partner
        12: ({6, 7, 8, 11, 13, 16, 17, 18}, set()),  # Q♥, inner
    }
    for cell, (neighbours, partners) in expected.items():
        click(page, "board", cell)
        page.wait_for_selector(f"[data-mcw-cell-id='board'] [data-cell='{cell}'][data-selected]")
        assert cells_with(page, "board", "data-neighbour") == neighbours, cell
        assert cells_with(page, "board", "data-partner") == partners, cell
        assert cells_with(page, "board", "data-false-neighbour") == set(), cell
        assert f"has {len(neighbours)} neighbours." in status(page, "board")
        click(page, "board", cell)  # the same card again clears the selection
        page.wait_for_selector(
            f"[data-mcw-cell-id='board'] [data-cell='{cell}']:not([data-selected])"
        )
    # No gap yet: consolidating cannot start, so the guidance does not mention it.
    assert status(page, "board") == "Remove pairs: click two touching cards of the same rank."
    assert kernel_says(page, "print(board.selected, board.game.cursor)", "None 0") == "None 0"


def test_a_pair_removed_by_two_clicks_reaches_python(lesson):
    page = lesson
    click(page, "pairs-board", 2)  # 4♣
    page.wait_for_selector("[data-mcw-cell-id='pairs-board'] [data-cell='8'][data-partner]")
    click(page, "pairs-board", 8)  # 4♥
    page.wait_for_selector("[data-mcw-cell-id='pairs-board'] [data-cell='8'][data-gap]")
    assert cells_with(page, "pairs-board", "data-gap") == {2, 8}
    discards = board(page, "pairs-board").locator("[data-discard]")
    assert [discards.nth(k).get_attribute("data-discard") for k in range(2)] == ["4C", "4H"]
    expected = (
        "[('4C', '4H')]\n"
        "9H KH .. 5D 2H/8D 2D 8C .. 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH | " + STOCK
    )
    code = (
        "print([(str(a), str(b)) for a, b in pairs_board.game.discards])\n"
        "print(pairs_board.game.to_layout())"
    )
    assert kernel_says(page, code, expected) == expected


def test_a_pair_across_a_gap_is_refused_with_the_reason(lesson):
    page = lesson
    # 7♦ (cell 17) is selected from Python; clicking 7♣ asks for the pair.
    click(page, "gap-board", 19)
    page.wait_for_selector("[data-mcw-cell-id='gap-board'] [data-cell='19'][data-illegal]")
    # Refused, and 7♣ is selected instead, so its own neighbours show at once.
    assert status(page, "gap-board") == (
        "7♦ and 7♣ are not neighbours: the gap between them does not count until you consolidate."
        " Now showing 7♣'s neighbours."
    )
    assert cells_with(page, "gap-board", "data-illegal") == {17, 19}
    expected = f"illegal.across-gap illegal [17, 19]\n{AFTER_REMOVAL} | {STOCK}"
    code = (
        "f = gap_board.feedback\n"
        "print(f['key'], f['tone'], f['cells'])\n"
        "print(gap_board.game.to_layout())"
    )
    assert kernel_says(page, code, expected) == expected


def test_q_hearts_has_the_four_false_neighbours_section_4_names(lesson):
    page = lesson
    # Section 4, "Try it": select Q♥ (cell 12). Gaps touch it at 6, 8, 11 and
    # 18 (2♦, 4♥, 2♣, J♠ removed); beyond them lie 9♥ (0), 2♥ (4), Q♦ (10), A♥ (24).
    assert kernel_says(page, "gap_board.select(None)\nprint(gap_board.selected)", "None") == "None"
    page.wait_for_selector("[data-mcw-cell-id='gap-board'] .mcw:not(:has([data-selected]))")
    click(page, "gap-board", 12)
    page.wait_for_selector("[data-mcw-cell-id='gap-board'] [data-cell='12'][data-selected]")
    assert cells_with(page, "gap-board", "data-false-neighbour") == {0, 4, 10, 24}
    assert cells_with(page, "gap-board", "data-partner") == set()
    assert status(page, "gap-board").endswith(
        "9♥, 2♥, Q♦, and A♥ are beyond a gap: not neighbours until you consolidate."
    )


def test_one_consolidation_step_moves_exactly_one_card(lesson):
    page = lesson
    before = tableau(page, "step-board")
    # after the case's first three steps: (3, 2), (4, 3), (5, 4)
    assert before[:10] == ["9H", "KH", "5D", "2H", "8D", None, None, "8C", None, "6S"]
    board(page, "step-board").locator("[data-action='consolidate_step']").click()
    page.wait_for_selector("[data-mcw-cell-id='step-board'] [data-cell='7'][data-gap]")
    after = tableau(page, "step-board")
    changed = {i for i in range(25) if before[i] != after[i]}
    assert changed == {5, 7}  # the case's fourth step: 8♣ from cell 7 to cell 5
    assert (after[5], after[7]) == ("8C", None)
    assert status(page, "step-board") == (
        "8♣ moved from row 2, column 3 to row 2, column 1. Consolidating: 13 cards still to move."
    )
    expected = (
        "9H KH 5D 2H 8D/8C .. .. .. 6S/QD .. QH 5H KD/KS 3S 7D .. 7C/AS 9S .. QC AH | "
        + STOCK
        + "\nconsolidate 7 {'type': 'consolidate_step'}"
    )
    code = (
        "g = step_board.game\n"
        "print(g.to_layout())\n"
        "print(g.phase, g.cursor, step_board.state['history'][-1])"
    )
    assert kernel_says(page, code, expected) == expected


def test_the_lesson_in_light_and_dark(lesson, tmp_path):
    page = lesson
    cell = cell_by_id(page, "gap-board")
    cell.scroll_into_view_if_needed()
    surface = "getComputedStyle(document.querySelector('.mcw .mcw-board')).backgroundColor"
    text = "getComputedStyle(document.querySelector('.jp-RenderedMarkdown p')).color"
    light_png = page.screenshot(path=str(tmp_path / "lesson-light.png"))
    light = (page.evaluate(surface), page.evaluate(text))
    set_theme(page, "JupyterLab Dark")
    try:
        cell.scroll_into_view_if_needed()
        dark_png = page.screenshot(path=str(tmp_path / "lesson-dark.png"))
        dark = (page.evaluate(surface), page.evaluate(text))
    finally:
        set_theme(page, "JupyterLab Light")
    assert light_png != dark_png
    # The board's surface and the lesson's text both follow the theme.
    assert brightness(light[0]) > brightness(dark[0])
    assert brightness(light[1]) < brightness(dark[1])


def brightness(css_colour: str) -> float:
    """0 (black) … 255 (white) for an ``rgb(…)`` / ``rgba(…)`` colour."""
    r, g, b = (float(v) for v in css_colour.split("(")[1].split(")")[0].split(",")[:3])
    return 0.299 * r + 0.587 * g + 0.114 * b
