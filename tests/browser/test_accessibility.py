"""WCAG 2.2 AA on the board (issue 8 item 4; docs/accessibility.md), in
Debian's Chromium: axe-core finds no violation in any state the board reaches
(light and dark, on an exported page and in JupyterLab); every move, refusal,
walkthrough step and hint is announced once by the one live region; every
control is reached by Tab, pressed by Enter and Space, and shows a focus ring
of at least 3:1; with ``forced-colors: active`` every mark stays visible; with
``prefers-reduced-motion: reduce`` nothing animates; every target is at least
24 by 24 CSS px or spaced as WCAG 2.5.8 allows.

The positions come from the German worked example
(tests/cases/german-worked-example.json) and RULES.md: 4♣ (cell 2) pairs with
4♥ (cell 8), 9♥ (cell 0) does not pair with it; with 2♦-2♣ (6, 11) and J♠-J♦
(18, 22) gone, Q♦ (cell 10) lies beyond the gap at cell 6, a false neighbour
of 4♣; with all three pairs gone the round has 23 walkthrough steps, the
first 5♦ from cell 3 to cell 2, the fourth 8♣ from cell 7 to cell 5 (so at
step 3 cell 7 moves next and cell 5 is filled next), and after the 17 moves
the first deal fills cell 19; after the round K♦ (now cell 14) touches K♠.
The fair hint of the fresh board is 4♣ and 4♥, then 2♦ and 2♣
(tests/browser/test_analysis_lab.py). ``WON`` has one pair
and nothing else (removing it wins), ``LOST`` two cards that do not pair and
an empty stock (blocked at once).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from a11y_helpers import (
    CASE,
    FOCUS_RING_JS,
    LIVE_SELECTOR,
    TARGETS_JS,
    announcements,
    axe,
    describe,
    jupyterlab_body_for_axe,
    sampled_animations,
    small_targets,
    start_sampling_animations,
    watch_announcements,
)
from lab_helpers import cell_by_id, open_cells, set_theme
from layout_helpers import EFFECTIVE_JS, contrast, scroll_to_top

from mc_widget.widget import MonteCarloWidget

EMPTY_ROW = ".. .. .. .. .."
WON = "AS AH .. .. ../" + "/".join([EMPTY_ROW] * 4) + " |"
LOST = "AS 2H .. .. ../" + "/".join([EMPTY_ROW] * 4) + " |"
PAIRS = CASE["remove"]  # [[2, 8], [6, 11], [18, 22]]
HINT = "Remove 4♣ and 4♥: then 3 pairs will touch after consolidating."
SCHEMES = ["light", "dark"]
# axe must have looked at the board's text: a board shows at least this many
# elements with text (the lost board: its 2 cards' ranks and suits, the
# buttons' labels and keys, the counters).
MIN_CHECKED = 20


def _german(pairs=(), **kwargs) -> MonteCarloWidget:
    w = MonteCarloWidget.from_layout(CASE["layout"], **kwargs)
    for i, j in pairs:
        w.remove_pair(i, j)
    return w


# The boards the exported pages show, by name.
BOARDS = {
    "german": lambda: _german(),
    # Two pairs gone: 4♣'s false neighbour Q♦ (cell 10) beyond the gap at cell 6.
    "two-pairs": lambda: _german(PAIRS[1:]),
    # All three gone: the walkthrough of the round is offered.
    "cleared": lambda: _german(PAIRS),
    "predict": lambda: _german(PAIRS, predict=True),
    "projector": lambda: _german(PAIRS, predict=True, size="projector"),
    "won": lambda: MonteCarloWidget.from_layout(WON),
    "lost": lambda: MonteCarloWidget.from_layout(LOST),
    "mistake": lambda: MonteCarloWidget.mistake("M3"),
}


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> dict[str, Path]:
    """Each board of ``BOARDS`` written with ``w.to_html`` (docs/export.md, section 3)."""
    folder = tmp_path_factory.mktemp("a11y")
    return {name: make().to_html(folder / f"{name}.html") for name, make in BOARDS.items()}


def _open(browser, path: Path, *, scheme="light", reduced=False, height=900):
    """Open an exported page from file:// in a fresh context, the board drawn."""
    context = browser.new_context(
        viewport={"width": 1280, "height": height},
        color_scheme=scheme,
        reduced_motion="reduce" if reduced else "no-preference",
        # axe is put in by the test as an inline script, which the page's own
        # policy refuses (docs/export.md, section 3: only its runtime runs).
        bypass_csp=True,
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(path.resolve().as_uri())
    page.wait_for_selector(".mcw [data-cell='0']")
    assert errors == []
    return context, page


def _cell(page, cell: int):
    return page.locator(f".mcw [data-cell='{cell}']")


def _click(page, *cells: int) -> None:
    for cell in cells:
        _cell(page, cell).click()


def _press(page, selector: str) -> None:
    # force: Playwright takes aria-disabled for disabled, but a dimmed button
    # of the board is meant to be pressed (js/view/controls.js: it says why not).
    page.locator(f".mcw {selector}").click(force=True)


def _wait(page, selector: str) -> None:
    page.wait_for_selector(f".mcw {selector}")


def _wait_status(page, part: str) -> None:
    page.wait_for_function(
        "s => document.querySelector('.mcw [role=status]').textContent.includes(s)", arg=part
    )


def _walk(page, k: int) -> None:
    """Press the walkthrough's forward button until step ``k`` is shown."""
    for _ in range(k):
        _press(page, "[data-walk='forward']")
    page.wait_for_function(
        "k => document.querySelector(\".mcw [data-walk='position']\").textContent"
        ".includes(`${k} of 23`)",
        arg=k,
    )


def _slide_to(page, k: int) -> None:
    page.locator(".mcw [data-walk='slider']").fill(str(k))
    page.wait_for_function(
        "k => document.querySelector(\".mcw [data-walk='position']\").textContent"
        ".includes(`${k} of 23`)",
        arg=k,
    )


def _pick_pairs(page) -> None:
    """Predict mode at step 0: Predict pairs, then 9♥ marked as a guess."""
    _press(page, "[data-walk='pairs']")
    _click(page, 0)
    _wait(page, "[data-cell='0'][data-predicted]")


# How each state is reached: the board, then what the learner does.
STATES = {
    "fresh": ("german", lambda page: None),
    "selected": (
        "german",
        lambda page: (_click(page, 2), _wait(page, "[data-cell='8'][data-partner]")),
    ),
    "refused-pair": ("german", lambda page: (_click(page, 2, 0), _wait(page, "[data-illegal]"))),
    "false-neighbour": (
        "two-pairs",
        lambda page: (_click(page, 2), _wait(page, "[data-cell='10'][data-false-neighbour]")),
    ),
    "walkthrough-mid-way": ("cleared", lambda page: _walk(page, 3)),
    "walkthrough-deal-next": ("cleared", lambda page: _slide_to(page, 17)),
    "predict-asking": (
        "predict",
        lambda page: (
            _press(page, "[data-walk='forward']"),
            _wait_status(page, "Which card moves next?"),
        ),
    ),
    "predict-pairs": ("predict", _pick_pairs),
    "predict-revealed": (
        "predict",
        lambda page: (
            _pick_pairs(page),
            _press(page, "[data-walk='reveal']"),
            _wait(page, "[data-will-touch]"),
        ),
    ),
    "hint": (
        "german",
        lambda page: (_press(page, "[data-action='hint']"), _wait(page, "[data-hint]")),
    ),
    "won": (
        "won",
        lambda page: (_click(page, 0, 1), _wait(page, ".mcw-banner[data-outcome='won']")),
    ),
    "lost": ("lost", lambda page: _wait(page, ".mcw-banner[data-outcome='lost']")),
    "mistake-with-panels": ("mistake", lambda page: _wait(page, ".mcw-tpanel")),
}


def _reach(browser, exported, state: str, **options):
    board, act = STATES[state]
    context, page = _open(browser, exported[board], **options)
    act(page)
    # Settled: a removed card's fading copy (js/view/anim.js) is gone. On an
    # idle machine axe can run inside the fade, and the copy's rank and suit
    # are then text in an empty cell (label-content-name-mismatch).
    page.wait_for_function("() => !document.querySelector('.mcw .mcw-ghost')")
    return context, page


# ---- 1. axe on an exported page -------------------------------------------


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("state", list(STATES))
def test_axe_finds_no_violation_on_an_exported_board(browser, exported, state, scheme):
    context, page = _reach(browser, exported, state, scheme=scheme)
    try:
        result = axe(page.locator(".mcw"))
        assert result["violations"] == [], describe(
            result["violations"], f"the exported board, {state}, {scheme}"
        )
        assert result["checked"] >= MIN_CHECKED, result["checked"]
    finally:
        context.close()


# ---- 2. axe in JupyterLab ----------------------------------------------------

LAB_NAME = "accessibility.ipynb"
LAB_BOARDS = {
    "a11y-fresh": f"w = MonteCarloWidget.from_layout({CASE['layout']!r})\nw",
    "a11y-selected": f"w = MonteCarloWidget.from_layout({CASE['layout']!r})\nw.select(2)\nw",
    "a11y-hint": f"w = MonteCarloWidget.from_layout({CASE['layout']!r})\nw.hint()\nw",
    "a11y-walkthrough": f"w = MonteCarloWidget.from_layout({CASE['layout']!r})\n"
    f"for i, j in {PAIRS!r}:\n    w.remove_pair(i, j)\nw.walk_to(3)\nw",
    # Played in the live-region test below, after the axe runs.
    "a11y-live": f"live = MonteCarloWidget.from_layout({CASE['layout']!r})\nlive",
}
# What each board shows once drawn (so axe sees the state, not a board half-drawn).
LAB_READY = {
    "a11y-fresh": "[data-cell='0'] [data-card='9H']",
    "a11y-selected": "[data-cell='8'][data-partner]",
    "a11y-hint": "[data-cell='8'][data-hint]",
    "a11y-walkthrough": "[data-cell='7'][data-next-from]",
    "a11y-live": "[data-cell='0'] [data-card='9H']",
}


@pytest.fixture(scope="module")
def lab_page(browser, lab_url, lab_root):
    """One notebook of five boards in one JupyterLab (the session's server)."""
    cells = {"a11y-import": "from mc_widget import MonteCarloWidget", **LAB_BOARDS}
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    open_cells(page, lab_url, lab_root, LAB_NAME, cells, "JupyterLab Light")
    yield page
    # The theme is a user setting of the shared server: put it back.
    set_theme(page, "JupyterLab Light")
    context.close()


def _lab_board(page, cell_id: str):
    cell = cell_by_id(page, cell_id)
    board = cell.locator(".mcw")
    scroll_to_top(page, cell)
    board.locator(LAB_READY[cell_id]).wait_for()
    return board


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_axe_finds_no_violation_in_jupyterlab(lab_page, theme):
    set_theme(lab_page, theme)
    found = []
    for cell_id in LAB_BOARDS:
        if cell_id == "a11y-live":
            continue
        board = _lab_board(lab_page, cell_id)
        jupyterlab_body_for_axe(lab_page, True)
        try:
            result = axe(board)
        finally:
            jupyterlab_body_for_axe(lab_page, False)
        if result["violations"]:
            found.append(describe(result["violations"], f"JupyterLab, {cell_id}, {theme}"))
        assert result["checked"] >= MIN_CHECKED, (cell_id, result["checked"])
    assert found == [], "\n".join(found)


def test_jupyterlab_announces_a_pair_a_hint_and_a_step_once(lab_page):
    # With a kernel, Python answers the front end's move with its own
    # narration (docs/architecture.md, "The widget (sync)"): the status line
    # must still change once, not once for the front end and again for Python.
    # Step 4 of the walkthrough board (at step 3) moves 8♣ from cell 7 to cell 5.
    set_theme(lab_page, "JupyterLab Light")
    heard = {}
    for name, cell_id, before, act, expected in [
        ("pair", "a11y-live", "[data-cell='2']", "[data-cell='8']", "Removed 4♣ and 4♥."),
        ("hint", "a11y-live", None, "[data-action='hint']", "Remove 2♦ and 2♣"),
        (
            "walkthrough step",
            "a11y-walkthrough",
            None,
            "[data-walk='forward']",
            "Step 4 of 23: 8♣ moved from row 2, column 3 to row 2, column 1",
        ),
    ]:
        board = _lab_board(lab_page, cell_id)
        if before:  # selecting 4♣ is announced on its own, before the pair
            board.locator(before).click()
            lab_page.wait_for_timeout(1500)
        watch_announcements(board.locator("[role=status]"))
        board.locator(act).click()
        lab_page.wait_for_timeout(2500)  # the kernel's answer comes back meanwhile
        heard[name] = (expected, announcements(lab_page))
    # Each once, and the one announcement is the event's own sentence.
    assert {name: len(said) for name, (_, said) in heard.items()} == dict.fromkeys(heard, 1), heard
    for name, (expected, said) in heard.items():
        assert said[0].startswith(expected), (name, said)


# ---- 3. the live region ----------------------------------------------------


@pytest.mark.parametrize(
    "state", ["fresh", "walkthrough-mid-way", "predict-asking", "mistake-with-panels", "won"]
)
def test_the_board_has_exactly_one_live_region(browser, exported, state):
    context, page = _reach(browser, exported, state)
    try:
        live = page.locator(".mcw").evaluate(
            """(root, selector) => [...root.querySelectorAll(selector)]
                .filter((el) => el.getClientRects().length > 0 && !el.closest('[aria-hidden=true]'))
                .map((el) => el.outerHTML.slice(0, 120))""",
            LIVE_SELECTOR,
        )
        assert len(live) == 1, live
        region = page.locator(f".mcw :is({LIVE_SELECTOR})")
        assert region.get_attribute("role") == "status"
        assert region.get_attribute("aria-live") in (None, "polite")
    finally:
        context.close()


# Each event: the board, what happens before it (not counted), the event, and
# how the one announcement starts (the catalogue's text, filled in by hand).
EVENTS = {
    "pair-removed": (
        "german",
        lambda p: _click(p, 2),
        lambda p: _click(p, 8),
        "Removed 4♣ and 4♥.",
    ),
    "refused-pair": (
        "german",
        lambda p: _click(p, 2),
        lambda p: _click(p, 0),
        "9♥ and 4♣ do not pair",
    ),
    # Refill before the round is consolidated: refused, with its reason, each time.
    "the-same-refusal-again": (
        "german",
        lambda p: (
            _press(p, "[data-action='refill_step']"),
            _wait(p, "[role=status][data-tone=illegal]"),
        ),
        lambda p: _press(p, "[data-action='refill_step']"),
        "",
    ),
    "walkthrough-step-button": (
        "cleared",
        None,
        lambda p: _press(p, "[data-walk='forward']"),
        "Step 1 of 23: 5♦ moved from row 1, column 4 to row 1, column 3",
    ),
    "walkthrough-step-key": (
        "cleared",
        lambda p: p.locator(".mcw [data-walk='forward']").focus(),
        lambda p: p.keyboard.press("ArrowRight"),
        "Step 1 of 23: 5♦ moved from row 1, column 4 to row 1, column 3",
    ),
    "walkthrough-step-slider": (
        "cleared",
        lambda p: p.locator(".mcw [data-walk='slider']").focus(),
        lambda p: p.keyboard.press("ArrowRight"),
        "Step 1 of 23: 5♦ moved from row 1, column 4 to row 1, column 3",
    ),
    "hint": ("german", None, lambda p: _press(p, "[data-action='hint']"), HINT),
    "the-same-hint-again": (
        "german",
        lambda p: (_press(p, "[data-action='hint']"), _wait(p, "[data-hint]")),
        lambda p: _press(p, "[data-action='hint']"),
        HINT,
    ),
}


@pytest.mark.parametrize("event", list(EVENTS))
def test_each_event_is_announced_exactly_once(browser, exported, event):
    board, before, act, expected = EVENTS[event]
    context, page = _open(browser, exported[board])
    try:
        if before:
            before(page)
        page.wait_for_timeout(300)
        region = page.locator(".mcw [role=status]")
        said_before = region.text_content()
        watch_announcements(region)
        act(page)
        page.wait_for_timeout(1000)
        heard = announcements(page)
        # Once: not silent, not twice.
        assert len(heard) == 1, (event, said_before, heard)
        # The same refusal again is announced with its reason again.
        assert heard[0].startswith(expected or said_before[:40]), (event, heard)
    finally:
        context.close()


def test_a_step_on_the_focused_slider_is_said_once(browser, exported):
    # A screen reader says the new aria-valuetext of the focused slider, and
    # then the live region: the step's sentence must be in only one of them.
    context, page = _open(browser, exported["cleared"])
    try:
        slider = page.locator(".mcw [data-walk='slider']")
        slider.focus()
        watch_announcements(page.locator(".mcw [role=status]"))
        page.keyboard.press("ArrowRight")
        page.wait_for_timeout(500)
        heard = announcements(page)
        valuetext = slider.get_attribute("aria-valuetext")
    finally:
        context.close()
    step = "5♦ moved from row 1, column 4 to row 1, column 3"
    assert len(heard) == 1 and step in heard[0], heard
    assert step not in valuetext, ("said twice: by the slider and by the live region", valuetext)


# ---- 4. keyboard ----------------------------------------------------------

# The controls of a board that are shown, in DOM order, each with a name.
CONTROLS_JS = """root => [...root.querySelectorAll('button, input, select, summary, [tabindex]')]
    .filter((el) => el.getClientRects().length > 0 && !el.disabled
                    && !(el.matches('[data-cell]') && el.tabIndex < 0))
    .map((el) => el.dataset.action || el.dataset.walk
                 || (el.dataset.cell !== undefined ? 'cells' : el.className))"""
ACTIVE_JS = """() => { const el = document.activeElement;
    if (!el || !el.closest('.mcw')) return null;
    return el.dataset.action || el.dataset.walk
        || (el.dataset.cell !== undefined ? 'cells' : el.className); }"""


@pytest.mark.parametrize("scheme", SCHEMES)
def test_tab_reaches_every_control_with_a_visible_focus_ring(browser, exported, scheme):
    # Predict mode while picking pairs: every control of the bar is shown
    # (Predict pairs and Reveal too), besides the grid and the toolbar.
    context, page = _reach(browser, exported, "predict-pairs", scheme=scheme)
    try:
        root = page.locator(".mcw")
        controls = root.evaluate(CONTROLS_JS)
        # Start from a button just before the board, as a page's own would be.
        root.evaluate(
            """root => { const b = document.createElement('button');
                b.id = 'before-board'; b.textContent = 'before'; root.before(b); b.focus(); }"""
        )
        reached, rings = [], {}
        for _ in range(len(controls) + 5):
            page.keyboard.press("Tab")
            name = page.evaluate(ACTIVE_JS)
            if name is None:
                break
            reached.append(name)
            ring = page.evaluate(
                f"() => {{ {EFFECTIVE_JS} return ({FOCUS_RING_JS})(document.activeElement); }}"
            )
            rings[name] = ring
        assert reached == controls
        weak = {}
        for name, ring in rings.items():
            shown = []
            if ring["outline"]["style"] != "none" and ring["outline"]["width"] >= 2:
                shown.append(contrast(ring["outline"]["colour"], ring["background"]))
            if (
                ring["ring"]["content"] not in ("none", "normal")
                and ring["ring"]["style"] != "none"
            ):
                shown.append(contrast(ring["ring"]["colour"], ring["background"]))
            if not ring["visible"] or not shown or max(shown) < 3:
                weak[name] = ring
        assert weak == {}, weak
    finally:
        context.close()


# Count the clicks a key makes on the focused control, and keep them from the
# board (so that pressing every button changes nothing: only the key's effect
# on the control is under test here, the commands are tested elsewhere).
TRAP_CLICKS_JS = """root => {
    window.__mcwClicks = [];
    root.addEventListener('click', (event) => {
        const el = event.target.closest('button, input');
        window.__mcwClicks.push(el && (el.dataset.action || el.dataset.walk));
        event.stopPropagation();
        event.preventDefault();
    }, true);
}"""


@pytest.mark.parametrize("key", ["Enter", " "])
def test_enter_and_space_press_every_button(browser, exported, key):
    context, page = _reach(browser, exported, "predict-pairs")
    try:
        root = page.locator(".mcw")
        root.evaluate(TRAP_CLICKS_JS)
        names = root.evaluate(
            """root => [...root.querySelectorAll('button')]
                .filter((el) => el.getClientRects().length > 0)
                .map((el) => el.dataset.action || el.dataset.walk)"""
        )
        pressed = {}
        for name in names:
            page.locator(f".mcw button:is([data-action='{name}'], [data-walk='{name}'])").focus()
            page.evaluate("() => { window.__mcwClicks = []; }")
            page.keyboard.press(key)
            pressed[name] = page.evaluate("() => window.__mcwClicks")
        assert pressed == {name: [name] for name in names}
    finally:
        context.close()


def test_the_checkbox_and_the_speed_list_work_by_keyboard(browser, exported):
    context, page = _reach(browser, exported, "walkthrough-mid-way")
    try:
        order = page.locator(".mcw [data-walk='order']")
        order.focus()
        page.keyboard.press(" ")
        page.wait_for_selector(".mcw .mcw-order:not([hidden])")
        assert order.is_checked()
        speed = page.locator(".mcw [data-walk='speed']")
        before = speed.input_value()
        speed.focus()
        page.keyboard.press("ArrowDown" if before != "fast" else "ArrowUp")
        assert speed.input_value() != before
        # Escape clears a selection made by keyboard.
        _cell(page, 0).focus()
        page.keyboard.press("Enter")
        _wait(page, "[data-cell='0'][data-selected]")
        page.keyboard.press("Escape")
        _wait(page, "[data-cell='0']:not([data-selected])")
    finally:
        context.close()


# ---- 5. forced colours ------------------------------------------------------

# A mark as drawn: the cell's (or the stock's) outline and border, and its
# badge (shown, its text, its colour as seen on its own background).
MARK_JS = """el => {
    const s = getComputedStyle(el);
    const badge = el.querySelector(':scope > .mcw-mark, :scope > .mcw-back > .mcw-mark');
    const b = badge && getComputedStyle(badge);
    const bg = behind(el.parentElement);
    const shown = badge && badge.getClientRects().length > 0 && b.visibility !== 'hidden';
    const badgeBg = shown ? behind(badge) : null;
    return {
        outline: `${s.outlineStyle} ${s.outlineWidth}`,
        outlineColour: s.outlineStyle === 'none' || parseFloat(s.outlineWidth) === 0 ? null
            : seen(el, 'outlineColor', bg),
        border: `${s.borderTopStyle} ${s.borderTopWidth}`,
        background: bg,
        badge: shown ? badge.textContent : null,
        lifted: getComputedStyle(el.querySelector(':scope > .mcw-card') || el).transform !== 'none',
        badgeColours: shown ? [seen(badge, 'color', badgeBg), badgeBg] : null,
    };
}"""


def _mark(page, selector: str) -> dict:
    return page.locator(f".mcw {selector}").first.evaluate(
        f"el => {{ {EFFECTIVE_JS} return ({MARK_JS})(el); }}"
    )


# Each mark: the state that shows it, the marked element, and whether a badge
# goes with it (docs/teaching.md; js/view/highlights.js).
MARKS = {
    "selected": ("selected", "[data-cell='2'][data-selected]", False),
    "neighbour": ("selected", "[data-cell='3'][data-neighbour]", False),
    "partner": ("selected", "[data-cell='8'][data-partner]", True),
    "false-neighbour": ("false-neighbour", "[data-cell='10'][data-false-neighbour]", True),
    "illegal": ("refused-pair", "[data-cell='2'][data-illegal]", True),
    "hint": ("hint", "[data-cell='2'][data-hint]", True),
    "next-from": ("walkthrough-mid-way", "[data-cell='7'][data-next-from]", True),
    "next-to": ("walkthrough-mid-way", "[data-cell='5'][data-next-to]", True),
    "stock-next-from": ("walkthrough-deal-next", ".mcw-stock[data-next-from] > .mcw-back", True),
    "predicted": ("predict-pairs", "[data-cell='0'][data-predicted]", True),
    # K♦ (cell 14) will touch K♠ after the consolidation (RULES.md, "Worked example").
    "will-touch": ("predict-revealed", "[data-cell='14'][data-will-touch]", False),
}
# The same kind of element unmarked: a card (cell 24), a gap (cell 22, empty
# all through the first steps), the stock pile.
PLAIN = {"next-to": "[data-cell='22']", "stock-next-from": ".mcw-stock > .mcw-back"}


@pytest.mark.parametrize("mark", list(MARKS))
def test_forced_colours_keep_every_mark_visible(browser, exported, mark):
    state, selector, badge = MARKS[mark]
    board, _ = STATES[state]
    # The unmarked look, first: the same element with nothing on it.
    context, page = _open(browser, exported[board])
    try:
        page.emulate_media(forced_colors="active")
        assert page.evaluate("matchMedia('(forced-colors: active)').matches")
        plain = _mark(page, PLAIN.get(mark, "[data-cell='24']"))
        STATES[state][1](page)
        marked = _mark(page, selector)
    finally:
        context.close()
    seen = (mark, plain, marked)
    assert marked["outline"] != plain["outline"] or marked["border"] != plain["border"], seen
    assert marked["outlineColour"] is not None, seen
    assert contrast(marked["outlineColour"], marked["background"]) >= 3, seen
    if badge:
        assert marked["badge"], seen
        assert contrast(*marked["badgeColours"]) >= 4.5, seen


def test_forced_colours_keep_the_panels_marks_visible(browser, exported):
    context, page = _reach(browser, exported, "mistake-with-panels")
    try:
        page.emulate_media(forced_colors="active")
        slots = page.locator(".mcw").evaluate(
            f"""root => {{ {EFFECTIVE_JS}
                return [...root.querySelectorAll('.mcw-tcell')].map((cell) => {{
                    const slot = cell.querySelector('.mcw-tslot');
                    const s = getComputedStyle(slot);
                    const kinds = [...cell.attributes].map((a) => a.name)
                        .filter((n) => n.startsWith('data-mark-'));
                    return {{kinds, outline: `${{s.outlineStyle}} ${{s.outlineWidth}}`,
                             colour: s.outlineStyle === 'none' || parseFloat(s.outlineWidth) === 0
                                 ? null : seen(slot, 'outlineColor', behind(cell))}};
                }});
            }}"""
        )
    finally:
        context.close()
    marked = [s for s in slots if s["kinds"]]
    plain = {s["outline"] for s in slots if not s["kinds"]}
    assert marked, "M3 has no marked cell in its panels"
    bad = [s for s in marked if s["colour"] is None or s["outline"] in plain]
    assert bad == [], bad


def test_no_two_marks_differ_by_colour_alone(browser, exported):
    # With the colours forced to one, each mark of a card's cell must still
    # look unlike every other: its outline's style and width, its badge, or
    # the lift of the selected card.
    looks = {}
    for mark, (state, selector, _) in MARKS.items():
        if mark == "stock-next-from":
            continue  # the stock pile, not a cell: nothing to mix it up with
        board, act = STATES[state]
        context, page = _open(browser, exported[board])
        try:
            page.emulate_media(forced_colors="active")
            act(page)
            found = _mark(page, selector)
        finally:
            context.close()
        looks[mark] = (found["outline"], found["badge"], found["lifted"])
    alike = {(a, b): looks[a] for a in looks for b in looks if a < b and looks[a] == looks[b]}
    assert alike == {}, looks


# ---- 6. reduced motion -----------------------------------------------------

# Each event: the board, what comes before it, the event, and how long to watch.
MOTION = {
    "select": ("german", None, lambda p: _click(p, 2), 600),
    "refused-pair": ("german", lambda p: _click(p, 2), lambda p: _click(p, 0), 600),
    "pair-removed": ("german", None, lambda p: _click(p, 2, 8), 600),
    "consolidation-step": ("cleared", None, lambda p: _press(p, "[data-walk='forward']"), 600),
    "refill-step": (
        "cleared",
        lambda p: (_press(p, "[data-action='consolidate']"), _wait_status(p, "Consolidated")),
        lambda p: _press(p, "[data-action='refill_step']"),
        800,
    ),
    "play": (
        "cleared",
        lambda p: p.locator(".mcw [data-walk='speed']").select_option("fast"),
        lambda p: _press(p, "[data-walk='play']"),
        2200,
    ),
}


def _animations_after(browser, exported, event: str, reduced: bool):
    board, before, act, ms = MOTION[event]
    context, page = _open(browser, exported[board], reduced=reduced)
    try:
        if before:
            before(page)
        page.wait_for_timeout(700)  # what came before has finished moving
        position = page.locator(".mcw [data-walk='position']").text_content()
        start_sampling_animations(page, ms)
        act(page)
        running = [a for a in sampled_animations(page) if a["duration"] > 0]
        moved = page.locator(".mcw [data-walk='position']").text_content() != position
        return running, moved
    finally:
        context.close()


@pytest.mark.parametrize("event", list(MOTION))
def test_reduced_motion_stops_every_animation(browser, exported, event):
    running, moved = _animations_after(browser, exported, event, reduced=True)
    assert running == [], running
    if event == "play":
        assert moved, "Play did not step under reduced motion (docs/teaching.md: it still steps)"


@pytest.mark.parametrize("event", list(MOTION))
def test_without_reduced_motion_the_same_events_animate(browser, exported, event):
    # The control of the test above: the sampler sees the board's animations.
    running, _ = _animations_after(browser, exported, event, reduced=False)
    assert running != []


# ---- 7. target size --------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "height"), [("predict", 900), ("projector", 720)], ids=["normal", "projector"]
)
def test_every_target_is_24_px_or_spaced(browser, exported, board, height):
    context, page = _open(browser, exported[board], height=height)
    try:
        _pick_pairs(page)  # every control of the bar shown, Reveal too
        root = page.locator(".mcw")
        targets = root.evaluate(TARGETS_JS)
        assert len(targets) > 25 + 10, targets  # the cells, the toolbar, the bar
        assert small_targets(targets) == [], [
            t for t in targets if min(t["width"], t["height"]) < 24
        ]
        result = axe(root, rules=["target-size"])
        assert result["violations"] == [], describe(result["violations"], f"the {board} board")
    finally:
        context.close()
