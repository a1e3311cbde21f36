"""The practice board's Python side (issue 21; docs/practice.md, "The practice board").

Expected values are worked out by hand from the layouts the engine shows
(RULES.md: corners have 3 neighbours, edges 5, inner cells 8; reading order
numbers the cells) and from docs/practice.md's scoring (par of neighbours
level 1 is 10 s: right within par 3 stars, within twice par 2, wrong 0).
A view's update is fed through ipywidgets' own message handler, as the comm
delivers it; what the board sends back is read from a recording comm.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
import traitlets

from mc_widget import MonteCarloWidget, check_record
from mc_widget.practice import PracticeError, PracticeSet
from mc_widget.widget.practice_board import PracticeBoard

# PracticeSet("neighbours", level=1, n=3, seed=0): its first exercise (seed
# 1144304738) is this full tableau, asking the neighbours of cell 22.
FIRST_SEED = 1144304738
FIRST_LAYOUT = (
    "QH TS 5D 7D 5C/8H 7S 6D TC 8C/AS 9C KD 5H 4S/9D JS KH TD 6H/2C 9S 4D 7C JD"
    " | QD AD 3S AC QC 7H 3H 3D 9H JH 4H KS 6S TH 2S 4C 2H JC KC 5S QS 8S 3C 8D 6C AH 2D"
)
# Cell 22 is row 5, column 3 (4D), on the bottom edge: its five neighbours are
# row 4, columns 2 to 4 (cells 16, 17, 18) and row 5, columns 2 and 4 (21, 23).
FIRST_RIGHT = {"cells": [16, 17, 18, 21, 23]}
# After a right first answer the second exercise (seed 1416247) asks about
# cell 14, row 3, column 5 (JD), on the right edge: cells 8, 9, 13, 18, 19.
SECOND_SEED = 1416247
SECOND_RIGHT = {"cells": [8, 9, 13, 18, 19]}


def entry(seed: int, answer, seconds=5) -> dict:
    return {"kind": "neighbours", "level": 1, "seed": seed, "answer": answer, "seconds": seconds}


class Comm:
    """A comm with a kernel that records what the board sends its views."""

    kernel = object()
    comm_id = "comm-practice"

    def __init__(self) -> None:
        self.sent: list[dict] = []

    def send(self, data=None, buffers=None, **kwargs) -> None:
        self.sent.append(data)

    def close(self, *args, **kwargs) -> None:
        pass

    def on_msg(self, *args) -> None:
        pass


def update(w, state) -> None:
    """A view's update as ipywidgets receives it (``set_state`` through the comm)."""
    w._handle_msg({"content": {"data": {"method": "update", "state": state}}, "buffers": []})


def board(**kwargs) -> PracticeBoard:
    w = MonteCarloWidget.practice("neighbours", level=1, seed=0, n=3, **kwargs)
    w.comm = Comm()
    return w


def snapshot(w) -> tuple:
    return (list(w.answers), dict(w.progress), w.record(), w.current.seed)


def test_the_first_exercise_is_the_layout_worked_by_hand():
    w = board()
    q = w.current
    assert (q.kind, q.level, q.seed, q.cell) == ("neighbours", 1, FIRST_SEED, 22)
    assert q.to_json()["layout"] == FIRST_LAYOUT
    assert w.practice_set == {
        "kind": "neighbours",
        "level": 1,
        "n": 3,
        "seed": 0,
        "rules": "standard",
    }
    assert w.answers == [] and w.problem == "" and w.grading is False
    made = PracticeBoard(PracticeSet("neighbours", 1, 3, 0))
    assert made.practice_set == w.practice_set and made.current.seed == FIRST_SEED
    assert w.progress == {"done": 0, "right": 0, "stars": 0, "streak": 0, "best_streak": 0}


def test_the_view_appending_a_right_then_a_wrong_answer():
    w = board()
    update(w, {"answers": [entry(FIRST_SEED, FIRST_RIGHT, 5)]})
    assert w.problem == ""
    assert w.progress == {"done": 1, "right": 1, "stars": 3, "streak": 1, "best_streak": 1}
    assert w.answers == [entry(FIRST_SEED, FIRST_RIGHT, 5)]
    assert w.current.seed == SECOND_SEED and w.current.cell == 14
    # Cell 8 alone is not all five neighbours of cell 14: wrong, 0 stars.
    update(w, {"answers": [entry(FIRST_SEED, FIRST_RIGHT, 5), entry(SECOND_SEED, {"cells": [8]})]})
    assert w.problem == ""
    assert w.progress == {"done": 2, "right": 1, "stars": 3, "streak": 0, "best_streak": 1}
    # The views are told Python's answers and progress.
    sent = [m["state"] for m in w.comm.sent if m.get("method") == "update"]
    assert any(s.get("progress", {}).get("done") == 2 for s in sent)


def test_python_answers_the_same_way_and_stars_follow_par():
    w = board()
    result = w.answer(FIRST_RIGHT, 15)  # right, within twice par (10 s): 2 stars
    assert result.right is True
    assert w.progress == {"done": 1, "right": 1, "stars": 2, "streak": 1, "best_streak": 1}
    result = w.answer(SECOND_RIGHT, 30)  # right, beyond twice par: 1 star
    assert result.right is True
    assert w.progress == {"done": 2, "right": 2, "stars": 3, "streak": 2, "best_streak": 2}
    assert [e["seed"] for e in w.answers] == [FIRST_SEED, SECOND_SEED]


@pytest.mark.parametrize(
    ("data", "seconds", "path"),
    [
        ({"cells": "x"}, 3, "answer.cells"),
        ({"cells": [99]}, 3, "answer.cells[0]"),
        (None, 3, "answer"),
        ({"cells": [1]}, -1, "seconds"),
        ({"cells": [1]}, float("nan"), "seconds"),
        ({"cells": (1, 2)}, 3, "answer.cells"),
    ],
)
def test_a_bad_answer_from_python_changes_nothing(data, seconds, path):
    w = board()
    before = snapshot(w)
    with pytest.raises(PracticeError) as caught:
        w.answer(data, seconds)
    assert caught.value.path == path
    assert snapshot(w) == before


def test_a_set_done_takes_no_more_answers():
    w = MonteCarloWidget.practice("neighbours", level=1, seed=0, n=1)
    w.answer(FIRST_RIGHT, 5)
    assert w.current is None
    with pytest.raises(PracticeError) as caught:
        w.answer(FIRST_RIGHT, 5)
    assert caught.value.key == "practice-error.set-done"
    assert w.progress["done"] == 1


FIRST = entry(FIRST_SEED, FIRST_RIGHT)


class JsNull:
    """Stands for Pyodide's ``jsnull``: not plain JSON."""

    def __repr__(self) -> str:
        return "jsnull"


@pytest.mark.parametrize(
    ("state", "says"),
    [
        ({"answers": [FIRST, entry(SECOND_SEED, {"cells": [8]})], "lang": "de"}, '"lang"'),
        (
            {"progress": {"done": 9, "right": 9, "stars": 27, "streak": 9, "best_streak": 9}},
            "progress",
        ),
        (
            {"answers": [FIRST, entry(SECOND_SEED, SECOND_RIGHT), entry(1, {"cells": []})]},
            "sent: 3",
        ),
        ({"answers": []}, "sent: 0"),
        (
            {"answers": [entry(FIRST_SEED, {"cells": [16]}), entry(SECOND_SEED, SECOND_RIGHT)]},
            "answer 1 ",
        ),
        (
            {"answers": [entry(FIRST_SEED, FIRST_RIGHT, 6), entry(SECOND_SEED, SECOND_RIGHT)]},
            "answer 1 ",
        ),
        ({"answers": [FIRST, entry(SECOND_SEED + 1, SECOND_RIGHT)]}, "answers[1].seed"),
        ({"answers": [FIRST, entry(float(SECOND_SEED), SECOND_RIGHT)]}, "answers[1].seed"),
        ({"answers": [FIRST, entry(True, SECOND_RIGHT)]}, "answers[1].seed"),
        (
            {"answers": [FIRST, {**entry(SECOND_SEED, SECOND_RIGHT), "kind": "pairs"}]},
            "answers[1].kind",
        ),
        (
            {"answers": [FIRST, {**entry(SECOND_SEED, SECOND_RIGHT), "extra": 1}]},
            "answers[1].extra",
        ),
        ({"answers": [FIRST, entry(SECOND_SEED, None)]}, "answers[1].answer"),
        ({"answers": [FIRST, entry(SECOND_SEED, JsNull())]}, "answers[1].answer"),
        (
            {"answers": [FIRST, entry(SECOND_SEED, {"cells": [JsNull()]})]},
            "answers[1].answer.cells[0]",
        ),
        (
            {"answers": [FIRST, entry(SECOND_SEED, {"cells": ["7" * 1_000_000]})]},
            "answers[1].answer",
        ),
        ({"answers": [FIRST, entry(SECOND_SEED, SECOND_RIGHT, "5")]}, "answers[1].seconds"),
        ({"answers": [FIRST, entry(SECOND_SEED, SECOND_RIGHT, 10**6)]}, "answers[1].seconds"),
        ({"answers": "[]"}, "answers must be a list"),
        ({"answers": {"0": FIRST}}, "answers must be a list"),
        ({"answers": [FIRST, "x" * 1_000_000]}, "answers[1]"),
    ],
)
def test_a_hostile_update_is_refused_and_changes_nothing(state, says):
    w = board()
    w.answer(FIRST_RIGHT, 5)
    before = snapshot(w)
    w.comm.sent.clear()
    update(w, state)
    assert snapshot(w) == before
    assert w.problem.startswith("Not taken: ")
    assert says in w.problem
    assert len(w.problem) <= 300
    # A huge value is quoted short: never more than about 60 characters of it.
    assert "7" * 61 not in w.problem and "x" * 61 not in w.problem
    # The view is sent Python's answers back, and the problem.
    sent = [m["state"] for m in w.comm.sent if m.get("method") == "update"]
    assert any(s.get("answers") == before[0] for s in sent)
    assert any("problem" in s for s in sent)
    # A good answer after a refusal is taken and clears the problem.
    update(w, {"answers": [FIRST, entry(SECOND_SEED, SECOND_RIGHT)]})
    assert w.problem == "" and w.progress["right"] == 2


def test_the_same_answers_sent_again_change_nothing_and_refuse_nothing():
    # marimo hands each update of a view to set_state twice (its comm and its UI
    # element's value: tests/browser/test_practice_marimo.py), so the list just
    # taken comes back at once; refusing it showed "Not taken" after every answer.
    w = board()
    update(w, {"answers": [FIRST]})
    before = snapshot(w)
    w.comm.sent.clear()
    update(w, {"answers": [FIRST]})
    assert snapshot(w) == before and w.problem == ""
    assert not any("answers" in m.get("state", {}) for m in w.comm.sent)
    # Not plain JSON is still refused, also when it compares equal.
    update(w, {"answers": (FIRST,)})
    assert w.problem.startswith("Not taken: ") and snapshot(w) == before


def test_the_problem_is_in_the_boards_language():
    w = board(lang="de")
    update(w, {"answers": [FIRST, FIRST]})
    assert w.problem.startswith("Nicht übernommen: ")
    w.lang = "fr"
    update(w, {"answers": [FIRST], "lang": "sv"})
    assert w.problem.startswith("Non pris en compte : ")
    assert w.lang == "fr"


def test_texts_are_the_practice_keys_of_the_language_and_follow_lang():
    w = board()
    messages = Path(__file__).resolve().parents[1] / "mc_widget" / "messages"
    de = json.loads((messages / "de.json").read_text(encoding="utf-8"))
    assert w.texts["practice-error.set-done"] == "{path}: all {n} exercises of this set are done."
    assert w.texts["rank.A"] == "ace"
    assert "race.tie" not in w.texts and "match.won" not in w.texts
    assert "practice-board.refused" not in w.texts  # Python's words, not the view's
    w.lang = "de"
    assert (
        w.texts["practice-error.set-done"]
        == "{path}: Alle {n} Übungen der Übungsreihe sind erledigt."
    )
    # Every key of the language whose name practice-keys.json matches, nothing else.
    prefixes = ("practice.", "practice-ui.", "practice-error.", "illegal.", "status.", "count.")
    prefixes += ("cell.", "letter.", "suit.", "rank.", "rank-plural.", "touch.")
    assert w.texts == {k: v for k, v in de.items() if k.startswith(prefixes)}


def test_only_the_board_sets_its_own_traits():
    w = board()
    for name, value in [("answers", []), ("progress", {}), ("practice_set", {}), ("texts", {})]:
        with pytest.raises(traitlets.TraitError):
            setattr(w, name, value)
    with pytest.raises(traitlets.TraitError):
        w.lang = "xx"
    assert w.lang == "en"


def test_progress_observers_fire_once_per_answer_and_never_for_a_refusal():
    w = board()
    seen = []
    w.observe(lambda change: seen.append(change["new"]["done"]), names="progress")
    w.answer(FIRST_RIGHT, 5)
    update(w, {"answers": [FIRST, FIRST]})  # refused
    update(w, {"answers": [FIRST, entry(SECOND_SEED, SECOND_RIGHT)]})
    assert seen == [1, 2]


def test_the_record_is_checked_by_check_record():
    w = board()
    w.answer(FIRST_RIGHT, 5)
    w.answer({"cells": [8]}, 12)
    record = w.record()
    assert record["exercises"] == [
        entry(FIRST_SEED, FIRST_RIGHT, 5),
        entry(SECOND_SEED, {"cells": [8]}, 12),
    ]
    assert (
        check_record(record)
        == w.progress
        == {
            "done": 2,
            "right": 1,
            "stars": 3,
            "streak": 0,
            "best_streak": 1,
        }
    )


def test_a_record_takes_the_set_up_where_it_was_left():
    w = board()
    w.answer(FIRST_RIGHT, 5)
    for record in (w.record(), json.dumps(w.record())):
        again = MonteCarloWidget.practice("neighbours", level=1, seed=0, n=3, record=record)
        assert again.answers == w.answers and again.progress == w.progress
        assert again.current.seed == SECOND_SEED
        assert PracticeBoard.from_record(record).record() == w.record()
    # The set comes from the record when the cell gives no other.
    assert MonteCarloWidget.practice(record=w.record()).practice_set == w.practice_set


@pytest.mark.parametrize(
    ("forge", "path"),
    [
        (lambda r: r["exercises"][0].update(seed=FIRST_SEED + 1), "record.exercises[0].seed"),
        (lambda r: r["exercises"][0].update(answer={"cells": [16]}), "record.score"),
        (lambda r: r["score"].update(stars=9), "record.score"),
        (lambda r: r["set"].update(n=0), "record.set.n"),
    ],
)
def test_a_forged_record_is_refused(forge, path):
    w = board()
    w.answer(FIRST_RIGHT, 5)
    record = w.record()
    forge(record)
    with pytest.raises(PracticeError) as caught:
        MonteCarloWidget.practice(record=record)
    assert caught.value.path == path
    with pytest.raises(PracticeError):
        PracticeBoard.from_record(record)


def test_a_record_of_another_set_than_the_cell_asks_is_refused():
    w = board()
    with pytest.raises(PracticeError) as caught:
        MonteCarloWidget.practice("neighbours", level=1, seed=4, n=3, record=w.record())
    assert caught.value.path == "record.set.seed"
    assert "not 4" in str(caught.value)
    # A record whose set cannot be read is refused for its own fault.
    with pytest.raises(PracticeError) as caught:
        MonteCarloWidget.practice(seed=4, record="{")
    assert caught.value.path == "record" and caught.value.key == "practice-error.json"
    with pytest.raises(PracticeError) as caught:
        MonteCarloWidget.practice(seed=4, record={**w.record(), "set": None})
    assert caught.value.path == "record.set"


@pytest.mark.parametrize(
    ("kwargs", "error", "says"),
    [
        ({"kind": "juggling"}, PracticeError, "set.kind"),
        ({"level": 4}, PracticeError, "set.level"),
        ({"level": 2.0}, PracticeError, "set.level"),
        ({"n": 0}, PracticeError, "set.n"),
        ({"seed": -1}, PracticeError, "set.seed"),
        ({"rules": "bridge"}, PracticeError, "set.rules"),
        ({"size": "large"}, PracticeError, "practice.size"),
        ({"answers": []}, PracticeError, "practice.answers"),
        ({"lang": "xx"}, traitlets.TraitError, "lang"),
        ({"record": "{"}, PracticeError, "record"),
    ],
)
def test_bad_arguments_are_named_and_make_no_board(kwargs, error, says, monkeypatch):
    made = []
    monkeypatch.setattr(PracticeBoard, "open", lambda self: made.append(self))
    with pytest.raises(error) as caught:
        MonteCarloWidget.practice(**kwargs)
    assert says in str(caught.value)
    assert made == []  # no comm opened: nothing to display


def test_grading_under_nbgrader(monkeypatch):
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    assert MonteCarloWidget.practice().grading is False
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    w = MonteCarloWidget.practice("neighbours", seed=0, n=3)
    assert w.grading is True
    # Nothing waits: answering and recording return at once.
    w.answer(FIRST_RIGHT, 5)
    assert check_record(w.record())["right"] == 1


def test_the_text_fallback_is_one_short_line():
    w = board()
    w.answer(FIRST_RIGHT, 5)
    line = "<PracticeBoard neighbours level 1, seed 0, standard: 1 of 3 done, 1 right, 3 stars>"
    assert repr(w) == line
    bundle = w._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["text/plain"] == line


def test_two_views_appending_at_once_never_both_land_at_one_index():
    for _ in range(20):
        w = board()
        barrier = threading.Barrier(2)
        sends = [entry(FIRST_SEED, FIRST_RIGHT, 5), entry(FIRST_SEED, {"cells": [16]}, 7)]

        def send(item, w=w, barrier=barrier):
            barrier.wait()
            update(w, {"answers": [item]})

        threads = [threading.Thread(target=send, args=(item,)) for item in sends]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(w.answers) == 1 and w.answers[0] in sends
        assert w.progress["done"] == 1
        assert check_record(w.record()) == w.progress
        assert "sent: 1" in w.problem  # the other one was refused


def test_a_view_and_a_cell_answering_on_two_threads_lose_nothing():
    w = MonteCarloWidget.practice("neighbours", level=1, seed=0, n=40)
    w.comm = Comm()
    errors: list[str] = []
    python_kept: list[float] = []
    barrier = threading.Barrier(2)

    def view():
        barrier.wait()
        for k in range(40):
            old = list(w.answers)
            q = w.current
            if q is None:
                return
            seed = q.seed if len(old) == w.progress["done"] else 0
            update(w, {"answers": [*old, entry(seed, {"cells": [0]}, 1000 + k)]})

    def cell():
        barrier.wait()
        for k in range(40):
            try:
                w.answer({"cells": [0]}, 2000 + k)
            except PracticeError as error:
                if error.key != "practice-error.set-done":
                    errors.append(str(error))
                return
            python_kept.append(2000 + k)

    threads = [threading.Thread(target=view), threading.Thread(target=cell)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    seconds = [e["seconds"] for e in w.answers]
    assert len(seconds) == len(set(seconds)) == w.progress["done"]
    assert all(s in seconds for s in python_kept)  # never lost
    assert check_record(w.record()) == w.progress
    assert w.answers == w.record()["exercises"]
