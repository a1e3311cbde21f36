"""The worked nbgrader example (docs/nbgrader.md,
examples/nbgrader/source/practice/practice.ipynb).

nbgrader itself is not installed here, so this file does what it would: it
checks every graded cell's metadata against nbgrader's schema version 3 (the
rules written out below from nbgrader's nbgraderformat/v3.json and its
validator), strips the solution the way ``generate_assignment`` does, pastes
a record into the answer cell as a student would, and runs the notebook with
nbclient with ``NBGRADER_EXECUTION=autograde`` in the kernel's environment
(as ``nbgrader autograde`` sets it), errors allowed, as autograde runs it.
The grading cell must pass for a good record and fail, naming the problem,
for a forged, cut-off or foreign one.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from mc_widget.engine.queries import legal_removals
from mc_widget.practice import PracticeSession, PracticeSet, check, right_answer

REPO = Path(__file__).resolve().parents[1]
SOURCE = REPO / "examples" / "nbgrader" / "source" / "practice" / "practice.ipynb"
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
#: The set the assignment gives, as its instructions and docs/nbgrader.md say.
ASSIGNED = {"kind": "mixed", "level": 1, "n": 5, "seed": 2026, "rules": "standard"}


def source() -> nbformat.NotebookNode:
    return nbformat.read(SOURCE, as_version=4)


def cell(nb: nbformat.NotebookNode, grade_id: str) -> nbformat.NotebookNode:
    return next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)


def wrong_answer(question) -> dict:
    """An answer of the right shape the engine marks wrong: another status,
    a cell short, or (choose) a removal that loses the deal."""
    ((key, right),) = right_answer(question).items()
    if key == "status":
        tries = [{key: status} for status in ("won", "lost", "playing") if status != right]
    elif key == "removal":
        tries = [{key: list(removal)} for removal in legal_removals(question.state)]
    elif key == "cells" and right:
        tries = [{key: right[:-1]}]
    else:
        raise AssertionError(f"no wrong answer made for {key}")
    return next(answer for answer in tries if not check(question, answer).right)


def record(wrong: int = 0, **score: int) -> str:
    """A record of the assigned set as the board would give it: the first
    ``wrong`` exercises answered wrong, the rest right, each in 9 seconds;
    ``score`` edits the claimed score afterwards (a forgery)."""
    session = PracticeSession(PracticeSet(**ASSIGNED))
    for number in range(ASSIGNED["n"]):
        question = session.current
        answer = wrong_answer(question) if number < wrong else right_answer(question)
        session.answer(answer, seconds=9)
    made = session.record()
    made["score"].update(score)
    return json.dumps(made)


def as_student(text: str) -> nbformat.NotebookNode:
    """The source with its solution region replaced, as ``generate_assignment``
    replaces it, and then ``text`` pasted in as the student's RECORD."""
    nb = source()
    answer = cell(nb, "record")
    before, rest = answer.source.split(BEGIN)
    _, after = rest.split(END)
    answer.source = f'{before}RECORD = """{text}"""{after}'
    return nb


def autograde(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Run every cell as ``nbgrader autograde`` does: errors allowed,
    ``NBGRADER_EXECUTION=autograde`` in the kernel's environment. A last cell
    reports the variable as the kernel saw it, and the board's ``grading``."""
    nb.cells.append(
        nbformat.v4.new_code_cell(
            "import os; print(os.environ['NBGRADER_EXECUTION'], board.grading)"
        )
    )
    client = NotebookClient(
        nb,
        kernel_name="python3",
        timeout=120,
        allow_errors=True,
        resources={"metadata": {"path": str(SOURCE.parent)}},
    )
    client.execute(env={**os.environ, "NBGRADER_EXECUTION": "autograde"})
    # the board knows it is being graded: its view says so and waits for no click
    assert nb.cells[-1].outputs[0]["text"] == "autograde True\n"
    return nb


def errors(nb: nbformat.NotebookNode, grade_id: str) -> list[dict]:
    return [o for o in cell(nb, grade_id).outputs if o["output_type"] == "error"]


# ------------------------------------------------------------------ the metadata


def test_every_nbgrader_cell_has_schema_3_metadata():
    # nbgrader's schema version 3: schema_version, grade, locked and solution
    # are required booleans (schema_version the integer 3), no other keys but
    # task, grade_id, points, checksum and cell_type; a grade_id (letters,
    # digits, "_" and "-") when any of grade, solution or locked is set,
    # unique; points (>= 0) exactly on graded cells; a markdown cell is graded
    # and a solution both or neither.
    nb = source()
    allowed = {"schema_version", "grade", "locked", "solution", "task", "grade_id", "points"}
    allowed |= {"checksum", "cell_type"}
    ids = []
    for c in nb.cells:
        meta = c.metadata.get("nbgrader")
        assert meta is not None, f"every cell of the example is an nbgrader cell: {c.source[:40]}"
        assert set(meta) <= allowed, set(meta) - allowed
        assert meta["schema_version"] == 3
        for flag in ("grade", "locked", "solution"):
            assert meta[flag] is True or meta[flag] is False, flag
        if meta["grade"] or meta["solution"] or meta["locked"]:
            assert re.fullmatch(r"[A-Za-z0-9_-]+", meta["grade_id"]), meta["grade_id"]
            ids.append(meta["grade_id"])
        assert ("points" in meta) == meta["grade"], meta["grade_id"]
        if meta["grade"]:
            assert isinstance(meta["points"], (int, float)) and meta["points"] >= 0
        if c.cell_type == "markdown":
            assert meta["grade"] == meta["solution"], meta["grade_id"]
    assert len(ids) == len(set(ids)), "grade ids repeat"


def test_the_cells_are_the_assignment_the_doc_describes():
    nb = source()
    roles = [
        (
            c.cell_type,
            c.metadata.nbgrader.grade_id,
            c.metadata.nbgrader.grade,
            c.metadata.nbgrader.solution,
            c.metadata.nbgrader.locked,
        )
        for c in nb.cells
    ]
    assert roles == [
        ("markdown", "instructions", False, False, True),
        ("code", "board", False, False, True),
        ("code", "copy-record", False, False, True),
        ("code", "record", False, True, False),  # the autograded answer cell
        ("code", "check-record", True, False, True),  # the autograder test cell
    ]
    assert cell(nb, "check-record").metadata.nbgrader.points == 5
    assert "mc_widget.check_record(RECORD)" in cell(nb, "check-record").source
    assert 'score["right"] >= 4' in cell(nb, "check-record").source
    assert 'MonteCarloWidget.practice("mixed", level=1, seed=2026, n=5)' in cell(nb, "board").source
    # A locked cell is also read-only in the notebook (JupyterLab's own keys).
    for c in nb.cells:
        if c.metadata.nbgrader.locked:
            assert c.metadata.get("editable") is False and c.metadata.get("deletable") is False


def test_solution_markers_are_only_in_the_solution_cell_once_each():
    nb = source()
    for c in nb.cells:
        lines = c.source.splitlines()
        if c.metadata.nbgrader.solution:
            assert lines.count(BEGIN) == 1 and lines.count(END) == 1
            assert lines.index(BEGIN) < lines.index(END)
            # what goes between the markers is the record, RECORD = """..."""
            inside = lines[lines.index(BEGIN) + 1 : lines.index(END)]
            assert len(inside) == 1 and inside[0].startswith('RECORD = """{')
        else:
            assert BEGIN not in c.source and END not in c.source


# ------------------------------------------------------------------ grading


def test_the_source_notebook_passes_its_own_grading_cell():
    nb = autograde(source())
    assert errors(nb, "record") == [] and errors(nb, "board") == []
    assert errors(nb, "check-record") == []
    # 5 right of 5 (the solution answers each right), and 12 stars by hand:
    # the set asks choose, verdict, neighbours, consolidate, refill, par at
    # level 1 30, 10, 10, 10, 10 s (docs/practice.md); the record's 8.5, 14,
    # 6, 22.5 and 9 seconds give 3, 2, 3, 1, 3 stars (3 within par, 2 within
    # twice par, else 1).
    printed = "".join(o.get("text", "") for o in cell(nb, "check-record").outputs)
    assert printed == "{'done': 5, 'right': 5, 'stars': 12, 'streak': 5, 'best_streak': 5}\n"


def test_a_pasted_good_record_passes():
    nb = autograde(as_student(record()))
    assert errors(nb, "check-record") == []
    printed = "".join(o.get("text", "") for o in cell(nb, "check-record").outputs)
    # five right, 9 seconds each: within par (10 or 30 s) every time, 3 stars each
    assert printed == "{'done': 5, 'right': 5, 'stars': 15, 'streak': 5, 'best_streak': 5}\n"


def test_one_wrong_of_five_still_passes():
    nb = autograde(as_student(record(wrong=1)))
    assert errors(nb, "check-record") == []


@pytest.mark.parametrize(
    ("text", "name", "words"),
    [
        # the score edited: a claim of 5 right when 2 were wrong
        (
            record(wrong=2, right=5, stars=15, streak=5, best_streak=5),
            "PracticeError",
            "record.score",
        ),
        # the paste cut off
        (record()[:120], "PracticeError", "not valid JSON"),
        # two wrong: a real record, but too few right
        (record(wrong=2), "AssertionError", "3 of 5 right: at least 4 are needed"),
    ],
    ids=["forged", "cut-off", "too-few-right"],
)
def test_a_bad_record_fails_the_grading_cell_with_its_named_error(text, name, words):
    nb = autograde(as_student(text))
    [error] = errors(nb, "check-record")
    assert error["ename"] == name
    assert words in error["evalue"]
    assert errors(nb, "board") == []  # the board's cell ran all the same


def test_a_record_of_another_set_fails():
    session = PracticeSession(PracticeSet("mixed", level=1, n=5, seed=7))
    for _ in range(5):
        session.answer(right_answer(session.current), seconds=9)
    nb = autograde(as_student(json.dumps(session.record())))
    [error] = errors(nb, "check-record")
    assert (error["ename"], error["evalue"]) == (
        "AssertionError",
        "this is the record of another set",
    )


def test_an_unanswered_assignment_fails():
    # generate_assignment's stub, left as it is: the grading cell cannot find RECORD.
    nb = source()
    answer = cell(nb, "record")
    before, rest = answer.source.split(BEGIN)
    answer.source = before + "# YOUR CODE HERE\nraise NotImplementedError()" + rest.split(END)[1]
    nb = autograde(nb)
    assert errors(nb, "record")[0]["ename"] == "NotImplementedError"
    assert errors(nb, "check-record")[0]["ename"] == "NameError"
