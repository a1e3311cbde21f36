"""A snapshot per display (docs/export.md, section 4; issue 20, item 4).

A board's display bundle carries the board as the cell showed it
(``application/vnd.mc-widget.board+json``), and the lesson export draws each
output from its own snapshot, verified as saved widget state is. The
positions expected here are worked out by hand from the layouts written
below, never by the exporter.
"""

from __future__ import annotations

import json

import nbformat
import pytest
from nbformat.v4 import new_output
from test_export_notebook import Page, export, write_notebook

from mc_widget import MonteCarloWidget

MIME = "application/vnd.mc-widget.board+json"
# Two pairs in row 1 (7♥ 7♣ in cells 0 and 1, 4♠ 4♦ in cells 2 and 3), the rest gaps, no stock.
TWO_PAIRS = "7H 7C 4S 4D ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. |"


def snapshot_of(w) -> dict:
    bundle = w._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    return data[MIME]


def test_the_display_bundle_carries_the_board_as_shown():
    w = MonteCarloWidget.from_layout(TWO_PAIRS, lang="de", title="Zwei Paare")
    bundle = w._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    # The live board and the text form are still there.
    assert "application/vnd.jupyter.widget-view+json" in data and "text/plain" in data
    shot = data[MIME]
    assert shot["state"]["tableau"][:4] == ["7H", "7C", "4S", "4D"]
    assert shot["title"] == "Zwei Paare" and shot["lang"] == "de"
    # No wall-clock time (a rerun would differ), no catalogue, no solution.
    assert "clock" not in shot and "solution" not in shot
    assert shot["_messages"] == {"lang": "de"}
    json.dumps(shot)  # plain JSON


def test_a_snapshot_does_not_follow_the_board():
    w = MonteCarloWidget.from_layout(TWO_PAIRS)
    before = snapshot_of(w)
    w.remove_pair(0, 1)
    assert before["state"]["tableau"][:2] == ["7H", "7C"]
    assert snapshot_of(w)["state"]["tableau"][:2] == [None, None]


def boards_of(page_path) -> list[dict]:
    return Page(page_path.read_text(encoding="utf-8")).boards


def test_each_output_is_drawn_as_its_cell_showed_it(tmp_path):
    src = write_notebook(
        tmp_path / "two.ipynb",
        "from mc_widget import MonteCarloWidget\n"
        f"w = MonteCarloWidget.from_layout({TWO_PAIRS!r})\nw",
        "w.remove_pair(0, 1)\nw",
        "w.remove_pair(2, 3)\nw.title = 'done'",
    )
    done = export(src, "-o", tmp_path / "two.html", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    first, second = boards_of(tmp_path / "two.html")
    # Cell 0 showed the deal; cell 1 the board after 7♥ 7♣; cell 2 changed it
    # again (won, titled) but showed nothing: neither output follows it.
    assert first["state"]["tableau"][:4] == ["7H", "7C", "4S", "4D"]
    assert second["state"]["tableau"][:4] == [None, None, "4S", "4D"]
    assert first["title"] == second["title"] == ""
    # A snapshot has no clock: the page's starts at the reader's first move.
    assert first["clock"] == {"start": None, "stop": None}


def saved_snapshot_notebook(tmp_path, snapshot) -> tuple:
    good = snapshot_of(MonteCarloWidget.from_layout(TWO_PAIRS))
    shot = snapshot(good)
    output = new_output("display_data", data={"text/plain": "a board", MIME: shot})
    src = write_notebook(tmp_path / "saved.ipynb", "x = 1", "board", outputs={1: [output]})
    return src, tmp_path / "saved.html"


def test_no_execute_draws_a_saved_snapshot_without_widget_state(tmp_path):
    src, out = saved_snapshot_notebook(tmp_path, lambda good: good)
    done = export(src, "-o", out, "--no-execute", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    (board,) = boards_of(out)
    assert board["state"]["tableau"][:4] == ["7H", "7C", "4S", "4D"]
    # The catalogue is the project's, named by the snapshot: English here.
    assert board["_messages"]["lang"] == "en" and board["_messages"]["messages"]


def forged_state(good):
    # 7♥ twice (7♣ written 7H): the engine refuses a card dealt twice.
    state = json.loads(json.dumps(good["state"]))
    state["start"] = state["start"].replace("7C", "7H")
    state["tableau"][1] = "7H"
    return {**good, "state": state}


@pytest.mark.parametrize(
    ("forge", "says"),
    [
        (
            lambda good: ["not", "a", "board"],
            "cell 1: output 0: the board snapshot is not an object",
        ),
        (
            lambda good: {**good, "clock": {"start": 1, "stop": None}},
            "output 0: the board snapshot holds 'clock'",
        ),
        (lambda good: {**good, "onload": "alert(1)"}, "holds 'onload', which is not a board trait"),
        (
            lambda good: {**good, "k" * 100_000: 1},
            f"holds '{'k' * 40}…', which is not a board trait",
        ),
        (
            # (the notebook file keeps its keys sorted: x0, x1, x10, …)
            lambda good: {**good, **{f"x{n}": n for n in range(1000)}},
            "holds 'x0', 'x1', 'x10' and 997 more, which are not a board trait",
        ),
        (lambda good: {k: v for k, v in good.items() if k != "state"}, "lacks state"),
        (forged_state, "cell 1: output 0: the saved board snapshot is refused: state"),
        (lambda good: {**good, "selected": 99}, "selected 99 is not a cell holding a card"),
        (
            lambda good: {**good, "_messages": {"lang": "xx"}},
            "_messages must be {} or name a language",
        ),
    ],
)
def test_a_forged_snapshot_is_refused_naming_the_output(tmp_path, forge, says):
    src, out = saved_snapshot_notebook(tmp_path, forge)
    done = export(src, "-o", out, "--no-execute", cwd=tmp_path)
    assert done.returncode == 1
    assert says in done.stderr
    assert "Traceback" not in done.stderr
    assert not out.exists()


def test_a_forged_catalogue_in_a_snapshot_is_never_written(tmp_path):
    def forge(good):
        return {
            **good,
            "lang": "de",
            "_messages": {"lang": "de", "messages": {"x": "<b>forged</b>"}},
        }

    src, out = saved_snapshot_notebook(tmp_path, forge)
    done = export(src, "-o", out, "--no-execute", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    (board,) = boards_of(out)
    assert "forged" not in json.dumps(board)
    assert board["_messages"]["lang"] == "de"


def test_a_saved_lesson_carries_snapshots_in_its_outputs():
    # scripts/execute_notebooks.py keeps them (no widget view, no widget state).
    from test_export_notebook import LESSON_1, LESSON_1_BOARDS

    nb = nbformat.read(LESSON_1, as_version=4)
    shots = [
        o for c in nb.cells if c.cell_type == "code" for o in c.outputs if MIME in o.get("data", {})
    ]
    assert len(shots) == LESSON_1_BOARDS


def test_twelve_boards_are_each_drawn_in_their_place(tmp_path):
    # Found in review: slot 1's name was the start of slot 10's, so an 11th
    # board lost its place (a traceback). Twelve saved snapshots, cell k
    # showing the board titled "board k", in order.
    good = snapshot_of(MonteCarloWidget.from_layout(TWO_PAIRS))
    shots = {
        k: [
            new_output(
                "display_data",
                data={"text/plain": "a board", MIME: {**good, "title": f"board {k}"}},
            )
        ]
        for k in range(12)
    }
    src = write_notebook(tmp_path / "twelve.ipynb", *["board"] * 12, outputs=shots)
    done = export(src, "-o", tmp_path / "twelve.html", "--no-execute", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    titles = [board["title"] for board in boards_of(tmp_path / "twelve.html")]
    assert titles == [f"board {k}" for k in range(12)]


def test_a_refused_snapshot_is_named_by_the_notebooks_own_output_number(tmp_path):
    # Output 0 is a Javascript display (left out of the page), output 1 a
    # forged snapshot: the error names output 1, as the notebook numbers it.
    good = snapshot_of(MonteCarloWidget.from_layout(TWO_PAIRS))
    script = new_output(
        "display_data",
        data={"application/javascript": "1", "text/plain": "<IPython.core.display.Javascript>"},
    )
    forged = new_output("display_data", data={MIME: {**good, "selected": 99}})
    src = write_notebook(tmp_path / "n.ipynb", "x = 1", "board", outputs={1: [script, forged]})
    done = export(src, "-o", tmp_path / "n.html", "--no-execute", cwd=tmp_path)
    assert done.returncode == 1
    assert "cell 1: output 1: " in done.stderr and "output 0" not in done.stderr
