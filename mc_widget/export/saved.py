"""A notebook's saved widget state, read as input from outside.

Why: ``--no-execute`` exports a notebook as saved, and anyone can write its
widget-state metadata by hand (a board of 25 A♠, a box inside itself). So a
board's state is verified by the engine, its other traits get the checks a
view's values get (``mc_widget.board_values``), boxes are bounded, and
anything else is a named :class:`SavedStateRefused`. docs/export.md, section 4.
"""

from __future__ import annotations

import re
from typing import Any

from ..analysis.stored_line import stored_line
from ..board_values import (
    TEACHING_CHECKS,
    clock_problem,
    feedback_problem,
    language_problem,
    messages_for,
    verdict,
)
from ..engine import LANGUAGES, StateError, parse_card, verify_state
from ..engine.errors import excerpt, is_int, show_repr
from ..engine.game import Game
from ..engine.rules import MAX_SIDE, Rules
from ..practice import PracticeError, PracticeSet
from ..practice.replay import practice_texts, replay
from ..sessions.race import race_texts
from ..teaching.panels import LINK_KINDS, MARK_KINDS, VERDICTS
from .model import BOARD_TRAITS

#: Boxes inside boxes followed from one output (a box in a box is depth 2).
MAX_DEPTH = 32
#: Widgets (boards, boxes, others) drawn for one output.
MAX_WIDGETS = 1000
#: How deep a trait's value (lists and objects inside each other) may go.
MAX_VALUE_DEPTH = 32
#: ``_anywidget_id`` of a board's model in the saved widget state.
BOARD_ID = "mc_widget.widget.MonteCarloWidget"
#: ``_anywidget_id`` of a race bar's model (mc_widget/widget/race.py).
RACE_BAR_ID = "mc_widget.widget.race.RaceBar"
#: ``_anywidget_id`` of a practice board's model (mc_widget/widget/practice_board.py).
PRACTICE_BOARD_ID = "mc_widget.widget.practice_board.PracticeBoard"
#: ipywidgets' box models and the group ``group_html`` draws for each.
GROUPS = {"HBoxModel": "row", "VBoxModel": "column", "GridBoxModel": "grid"}
#: Board traits newer than the first saved boards: a saved board may lack them.
NEWER = ("_pointer", "match_line")
#: The longest match line a saved board may show (a score line is far shorter).
MAX_MATCH_LINE = 200
#: The keys of a teaching panel (mc_widget.teaching.panels.make_panel).
PANEL_KEYS = frozenset({"title", "caption", "verdict", "rows", "cols", "tableau", "marks", "links"})


class SavedStateRefused(ValueError):
    """A saved widget state the export will not draw; ``str()`` names the widget and why."""


def widget_name(ref: Any) -> str:
    """How an error names a widget: its id as written when it is a short id
    (letters, digits, ``-``, ``_``), else an excerpt of it."""
    if isinstance(ref, str) and re.fullmatch(r"[\w-]{1,64}", ref, flags=re.ASCII):
        return ref
    return show_repr(ref)


def value_depth(value: Any) -> int:
    """How many lists and objects deep ``value`` goes (0 for a number or text), counted
    without recursion, so no value is too deep to measure."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, (list, tuple)):
            deepest = max(deepest, depth)
            if depth <= MAX_VALUE_DEPTH:  # deeper is refused anyway: stop counting
                todo.extend((child, depth + 1) for child in item)
    return deepest


def widget_tree(
    model_id: Any, saved: Any, draw_board, draw_group, note: str, draw_race=None, draw_practice=None
):
    """The HTML of the widget ``model_id`` of the saved widget state ``saved``.

    ``draw_board(model: dict) -> str`` draws a verified board model,
    ``draw_group(kind, items) -> str`` a row, column or grid; ``note`` is
    what stands for a widget of another library (and for a box without a
    board); ``draw_race(model: dict) -> str`` draws a verified race bar
    (:func:`race_from_saved`; ``None``: a race bar is a note too);
    ``draw_practice(model: dict) -> str`` a checked practice board
    (:func:`practice_from_saved`; ``None``: a note). Returns ``(html,
    boards)``, a practice board counted as a board. Raises
    :class:`SavedStateRefused`.
    """
    if not isinstance(saved, dict):
        raise SavedStateRefused("the notebook's saved widget state is not an object")
    count = 0

    def walk(ref: Any, inside: tuple[str, ...]) -> tuple[str, int]:
        nonlocal count
        if not isinstance(ref, str):
            raise SavedStateRefused(f"a widget reference {show_repr(ref)} is not text")
        if ref in inside:
            raise SavedStateRefused(f"box {widget_name(ref)} contains itself")
        if len(inside) >= MAX_DEPTH:
            raise SavedStateRefused(
                f"boxes are nested more than {MAX_DEPTH} deep (at widget {widget_name(ref)})"
            )
        count += 1
        if count > MAX_WIDGETS:
            raise SavedStateRefused(f"one output shows more than {MAX_WIDGETS} widgets")
        entry = saved.get(ref)
        if entry is None:
            raise SavedStateRefused(
                f"widget {widget_name(ref)} has no saved state"
                " (execute the notebook, or save it with its widget state)"
            )
        state = entry.get("state") if isinstance(entry, dict) else None
        if not isinstance(state, dict):
            raise SavedStateRefused(
                f"the saved state of widget {widget_name(ref)} is not an object"
            )
        if state.get("_anywidget_id") == BOARD_ID:
            return draw_board(board_from_saved(state, ref)), 1
        if state.get("_anywidget_id") == RACE_BAR_ID and draw_race is not None:
            return draw_race(race_from_saved(state, ref)), 0
        if state.get("_anywidget_id") == PRACTICE_BOARD_ID and draw_practice is not None:
            return draw_practice(practice_from_saved(state, ref)), 1
        kind = GROUPS.get(entry.get("model_name"))
        if kind is None:
            return note, 0
        children = state.get("children", [])
        if not isinstance(children, list):
            raise SavedStateRefused(f"the children of box {widget_name(ref)} are not a list")
        items, boards = [], 0
        for child in children:
            if not isinstance(child, str):
                raise SavedStateRefused(
                    f"a child of box {widget_name(ref)} is not a widget reference"
                )
            html, found = walk(child.removeprefix("IPY_MODEL_"), (*inside, ref))
            items.append(html)
            boards += found
        if boards == 0:
            return note, 0
        return draw_group(kind, items), boards

    return walk(model_id, ())


def board_from_saved(saved: dict[str, Any], model_id: str = "?") -> dict[str, Any]:
    """The board model (docs/export.md, section 1) of a board's saved state, verified.

    ``saved`` is the ``state`` of a saved ``MonteCarloWidget`` model. Returns
    the values of ``BOARD_TRAITS``: ``state`` as the engine writes the
    verified game; ``winnable`` the solver's verdict on it when
    ``show_winnable`` is on (else None), never the saved one; ``_messages``
    the project's catalogue of the saved language; and ``solution`` (a
    winning line, :func:`mc_widget.analysis.stored_line.stored_line`) when
    ``hints`` is ``"perfect"`` or ``show_winnable`` is on. Raises
    :class:`SavedStateRefused` naming ``model_id`` and the bad trait (a
    missing one, a state that does not verify, a value the widget would
    refuse from a view).
    """

    def refuse(problem: str) -> SavedStateRefused:
        # An engine message may quote a long bad value: an excerpt of it.
        return SavedStateRefused(
            f"the saved board {widget_name(model_id)} is refused: {excerpt(problem, 300)}"
        )

    # `_pointer` is newer than the first saved boards: without it the board
    # takes its `selected` once, when drawn (docs/architecture.md, "Selections").
    # `match_line` (a match on the board, docs/sessions.md) is newer still: "" without it.
    missing = [name for name in BOARD_TRAITS if name not in saved and name not in NEWER]
    if missing:
        raise SavedStateRefused(
            f"the saved board {widget_name(model_id)} lacks {', '.join(missing)}"
        )
    for name in BOARD_TRAITS:
        if name in saved and value_depth(saved[name]) > MAX_VALUE_DEPTH:
            raise refuse(f"{name} is nested more than {MAX_VALUE_DEPTH} deep.")
    try:
        game = verify_state(saved["state"])
    except StateError as error:
        raise refuse(str(error)) from None
    except Exception as error:  # a value the engine's reader did not expect: still a refusal
        raise refuse(f"state cannot be read ({type(error).__name__}).") from None
    model: dict[str, Any] = {"state": game.to_json()}

    selected = saved["selected"]
    cells = len(game.tableau)
    if selected is not None and not (
        is_int(selected) and 0 <= selected < cells and game.tableau[selected] is not None
    ):
        raise refuse(f"selected {show_repr(selected)} is not a cell holding a card.")
    model["selected"] = selected
    if "_pointer" in saved:
        pointer = saved["_pointer"]
        cell = pointer.get("cell") if isinstance(pointer, dict) else None
        if not (
            isinstance(pointer, dict)
            and set(pointer) == {"n", "cell"}
            and is_int(pointer["n"])
            and pointer["n"] >= 0
            and (cell is None or (is_int(cell) and 0 <= cell < cells and game.tableau[cell]))
        ):
            raise refuse(f"_pointer {show_repr(pointer)} is not {{n, cell}} with a card's cell.")
        model["_pointer"] = {"n": pointer["n"], "cell": cell}
    match_line = saved.get("match_line", "")
    if not isinstance(match_line, str) or len(match_line) > MAX_MATCH_LINE:
        raise refuse(f"match_line must be text of at most {MAX_MATCH_LINE} characters.")
    model["match_line"] = match_line
    checks = {
        "feedback": feedback_problem,
        "clock": clock_problem,
        **TEACHING_CHECKS,
        "panels": _panels_problem,
    }
    for name, check in checks.items():
        problem = check(saved[name])
        if problem is not None:
            raise refuse(problem[1])
        model[name] = saved[name]
    winnable = saved["winnable"]
    if winnable is not None and not isinstance(winnable, bool):
        raise refuse("winnable must be true, false or null.")
    lang = saved["lang"]
    if (problem := language_problem(lang)) is not None:
        raise refuse(problem)
    model["lang"] = lang
    said = saved["_messages"]
    if not isinstance(said, dict) or (said and said.get("lang") not in LANGUAGES):
        raise refuse("_messages must be {} or name a language of the board.")
    # The words are the project's own catalogue, never the notebook's, for
    # the language the board spoke. `{}` (saved before every board got its
    # words from Python, issue 19): `lang`'s, English when `lang` is None.
    model["_messages"] = messages_for(said["lang"] if said else lang or "en")
    # The verdict is the solver's on the verified game, not what the file says.
    played = Game.from_state(game)
    model["winnable"] = verdict(played) if model["show_winnable"] else None
    if model["hints"] == "perfect" or model["show_winnable"]:
        model["solution"] = stored_line(game)
    return {name: model[name] for name in (*BOARD_TRAITS, "solution") if name in model}


def race_from_saved(saved: dict[str, Any], model_id: str = "?") -> dict[str, Any]:
    """The race bar model ``{"players", "texts", "layout", "rules"}`` of a race
    bar's saved state, checked.

    ``players`` must be two different names (text, not blank, at most 40
    characters) and ``texts`` exactly the project's ``race.*`` templates of
    one of the six languages (the page shows the project's words, never the
    file's), ``rules`` a board's rules JSON and ``start_layout`` a start layout
    of those rules (layout notation; the page checks both boards against
    them); its sides and clock are not read (the page takes them from the
    boards). Raises :class:`SavedStateRefused` naming ``model_id``.
    """

    def refuse(problem: str) -> SavedStateRefused:
        return SavedStateRefused(
            f"the saved race bar {widget_name(model_id)} is refused: {problem}"
        )

    players = saved.get("players")
    if not (
        isinstance(players, list)
        and len(players) == 2
        and all(isinstance(p, str) and p.strip() and len(p) <= 40 for p in players)
        and players[0] != players[1]
    ):
        raise refuse("players must be two different names of at most 40 characters.")
    texts = saved.get("texts")
    lang = next((code for code in LANGUAGES if texts == race_texts(code)), None)
    if lang is None:
        raise refuse("texts must be the race words of one of the board's languages.")
    layout, rules = saved.get("start_layout"), saved.get("rules")
    try:
        read = Rules.from_json(rules)
    except (ValueError, TypeError):
        raise refuse("rules must be the rules of a board (their JSON).") from None
    try:
        if not isinstance(layout, str):
            raise TypeError
        Game.from_layout(layout, read)
    except (ValueError, TypeError):
        raise refuse("layout must be the race's start layout, in layout notation.") from None
    return {
        "players": list(players),
        "texts": race_texts(lang),
        "layout": layout,
        "rules": read.to_json(),
    }


def practice_from_saved(saved: dict[str, Any], model_id: str = "?") -> dict[str, Any]:
    """The practice model ``{"set", "answers", "texts", "lang"}`` of a practice
    board's saved state, checked as hostile (docs/practice.md, "The practice board").

    ``practice_set`` is read by ``PracticeSet.from_json``; ``answers`` are
    replayed with the engine as ``check_record`` replays a record's exercises
    (each planned there, each answer parsed and checked; at most the set's
    ``n``); ``lang`` must be one of the six languages; ``texts`` must be an
    object but is not used: the page shows the project's words for ``lang``,
    never the file's, so a notebook saved before a catalogue edit still
    exports. ``progress``, ``problem`` and ``grading`` are not read (the
    page works its progress out from the answers). Raises
    :class:`SavedStateRefused` naming ``model_id`` and the bad part.
    """

    def refuse(problem: str) -> SavedStateRefused:
        return SavedStateRefused(
            f"the saved practice board {widget_name(model_id)} is refused: {excerpt(problem, 300)}"
        )

    for name in ("practice_set", "answers", "texts", "lang"):
        if name not in saved:
            raise refuse(f"{name} is missing.")
        if value_depth(saved[name]) > MAX_VALUE_DEPTH:
            raise refuse(f"{name} is nested more than {MAX_VALUE_DEPTH} deep.")
    try:
        practice = PracticeSet.from_json(saved["practice_set"], "practice_set")
        session = replay(practice, saved["answers"], "answers")
    except PracticeError as error:
        raise refuse(str(error)) from None
    except Exception as error:  # a value the readers did not expect: still a refusal
        raise refuse(f"answers cannot be read ({type(error).__name__}).") from None
    lang = saved["lang"]
    if lang not in LANGUAGES:
        raise refuse(f"lang {show_repr(lang)} is not one of {', '.join(LANGUAGES)}.")
    # The saved words are never shown (the page gets the project's own for
    # ``lang``), so words saved by an older version, or forged, refuse nothing.
    if not isinstance(saved["texts"], dict):
        raise refuse("texts must be an object.")
    return {
        "set": practice.to_json(),
        "answers": session.record()["exercises"],
        "texts": practice_texts(lang),
        "lang": lang,
    }


def _panels_problem(value: Any) -> tuple[str, str] | None:
    """``(path, problem)`` unless ``value`` is a list of teaching panels
    (mc_widget.teaching.panels.make_panel's shape), else ``None``."""
    if not isinstance(value, list):
        return "panels", "panels must be a list."
    for k, panel in enumerate(value):
        where = f"panels[{k}]"
        if not isinstance(panel, dict) or set(panel) != PANEL_KEYS:
            return where, f"{where} must be a panel with {', '.join(sorted(PANEL_KEYS))}."
        if not all(isinstance(panel[key], str) for key in ("title", "caption")):
            return where, f"{where}: title and caption must be text."
        if panel["verdict"] not in VERDICTS:
            return f"{where}.verdict", f"{where}.verdict must be wrong, right or empty."
        rows, cols = panel["rows"], panel["cols"]
        if not all(is_int(n) and 1 <= n <= MAX_SIDE for n in (rows, cols)):
            return where, f"{where}: rows and cols must be whole numbers from 1 to {MAX_SIDE}."
        cells = rows * cols
        tableau = panel["tableau"]
        if not isinstance(tableau, list) or len(tableau) != cells:
            return f"{where}.tableau", f"{where}.tableau must list {cells} cells."
        for i, card in enumerate(tableau):
            try:
                card is None or parse_card(card)
            except Exception:
                return f"{where}.tableau[{i}]", f"{where}.tableau[{i}] is not a card or null."
        marks, links = panel["marks"], panel["links"]
        if not isinstance(marks, list) or not all(
            isinstance(m, dict)
            and set(m) == {"cell", "kind"}
            and is_int(m["cell"])
            and 0 <= m["cell"] < cells
            and m["kind"] in MARK_KINDS
            for m in marks
        ):
            return f"{where}.marks", f"{where}.marks must be marks of its cells."
        if not isinstance(links, list) or not all(
            isinstance(link, dict)
            and set(link) == {"cells", "kind"}
            and isinstance(link["cells"], list)
            and len(link["cells"]) == 2
            and all(is_int(c) and 0 <= c < cells for c in link["cells"])
            and link["cells"][0] != link["cells"][1]
            and link["kind"] in LINK_KINDS
            for link in links
        ):
            return f"{where}.links", f"{where}.links must be links between two of its cells."
    return None
