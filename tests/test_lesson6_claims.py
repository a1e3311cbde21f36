"""Claims lesson 6 (notebooks/06-practice.ipynb) makes in words.

nbval pins what the lesson's cells print (a fresh run equals the saved
outputs); this file pins what its Markdown says, and the saved outputs
against values worked out here by hand from docs/practice.md ("Scoring and
sets"): par by kind and level, 3 stars within par, 2 within twice par, else
1, 0 when wrong; a streak is right answers in a row; a missed kind comes back
3 exercises later. The class of section 5 is scored here by hand, student by
student, from which exercises each one misses and how slowly.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from mc_widget.engine.queries import false_neighbours
from mc_widget.practice import PracticeSession, PracticeSet, generate, plan, right_answer

REPO = Path(__file__).resolve().parents[1]
LESSON = REPO / "notebooks" / "06-practice.ipynb"
CELLS = json.loads(LESSON.read_text(encoding="utf-8"))["cells"]

#: Par in seconds at levels 1, 2, 3, copied from docs/practice.md.
PAR = {
    "neighbours": (10, 15, 20),
    "pairs": (20, 30, 40),
    "consolidate": (10, 20, 30),
    "refill": (10, 20, 30),
    "choose": (30, 45, 60),
    "verdict": (10, 15, 20),
}


def cell(cell_id: str) -> dict:
    return next(c for c in CELLS if c.get("id") == cell_id)


def text(cell_id: str) -> str:
    return "".join(cell(cell_id)["source"])


def said(cell_id: str) -> str:
    """A Markdown cell with its line breaks as spaces."""
    return " ".join(text(cell_id).split())


def printed(cell_id: str) -> str:
    return "".join(
        "".join(o["text"]) for o in cell(cell_id)["outputs"] if o.get("name") == "stdout"
    )


def html_rows(cell_id: str) -> list[list[str]]:
    """The body rows of the HTML table a cell shows, as text."""
    [shown] = [o for o in cell(cell_id)["outputs"] if "text/html" in o.get("data", {})]
    page = "".join(shown["data"]["text/html"])
    body = page.split("<tbody>")[1]
    return [
        [html.unescape(value) for value in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", body)
    ]


def hand_stars(right: bool, seconds: float, par: int) -> int:
    """docs/practice.md: wrong 0; right within par 3, within twice par 2, else 1."""
    if not right:
        return 0
    return 3 if seconds <= par else 2 if seconds <= 2 * par else 1


# ------------------------------------------------------------------ the order of the lesson


def test_the_sections_and_the_contents_agree():
    headings = [
        line[3:]
        for c in CELLS
        if c["cell_type"] == "markdown"
        for line in "".join(c["source"]).splitlines()
        if line.startswith("## ")
    ]
    numbered = [h for h in headings if re.match(r"\d\. ", h)]
    assert numbered == [
        "1. What practice is",
        "2. A set for each lesson",
        "3. A mixed set of ten",
        "4. Your record",
        "5. For the teacher: a class in one cell",
        "6. Homework graded by nbgrader",
    ]
    for heading in numbered:
        # JupyterLab's anchor for a heading is its text with '-' for spaces.
        assert f"[{heading[3:]}](#{heading.replace(' ', '-')})" in text("title")


def test_every_link_to_a_file_resolves():
    for c in CELLS:
        if c["cell_type"] != "markdown":
            continue
        for target in re.findall(r"\]\(([^)#:]+)\)", "".join(c["source"])):
            assert (LESSON.parent / target).exists(), (c["id"], target)


# ------------------------------------------------------------------ 1. what practice is


def test_six_kinds_with_the_pars_of_the_docs():
    assert "There are **six kinds** of exercise, each at **levels 1 to 3**" in said("s1")
    assert printed("kinds") == (
        "6 kinds: neighbours, pairs, consolidate, refill, choose, verdict\n"
    )
    rows = html_rows("kinds")
    assert [row[0] for row in rows] == list(PAR)
    for row in rows:
        assert tuple(int(value) for value in row[3:]) == PAR[row[0]], row[0]


def test_the_star_rule_and_its_example():
    words = said("s1-rules")
    assert "A right one gets **3 stars** within par, **2** within twice par, else **1**" in words
    assert "A wrong answer gets 0 stars" in words
    # "Neighbours at level 2 have a par of 15 seconds: right in 12 seconds is 3
    # stars, in 25 seconds 2, in 40 seconds 1."
    assert "Neighbours at level 2 have a par of 15 seconds" in words
    assert PAR["neighbours"][1] == 15
    example = re.search(
        r"right in (\d+) seconds is (\d) stars, in (\d+) seconds (\d), in (\d+) seconds (\d)", words
    )
    assert example is not None
    numbers = [int(n) for n in example.groups()]
    assert numbers == [12, 3, 25, 2, 40, 1]
    for seconds, stars in zip(numbers[::2], numbers[1::2], strict=True):
        assert hand_stars(True, seconds, 15) == stars
    assert "Ten exercises give at most 30 stars" in words
    assert 10 * hand_stars(True, 0, 10) == 30


def test_a_missed_kind_comes_back_three_exercises_later():
    assert "comes back **3 exercises later**" in said("s1-rules")
    assert "exercise 2 answered wrong. Its kind comes back as exercise 5" in said("s1-rules")
    lines = printed("review").splitlines()
    right = [k.strip() for k in lines[0].split(":", 1)[1].split(",")]
    missed = [k.strip() for k in lines[1].split(":", 1)[1].split(",")]
    # the first four are as planned; exercise 5 is exercise 2's kind, as a review
    assert missed[:4] == right[:4]
    assert missed[4] == f"{right[1]} (review)"
    # the engine's plan says the same (seed 21, level 2, ten exercises)
    planned = plan(PracticeSet("mixed", 2, 10, 21), [True, False, True, True, True])
    assert (planned[4].kind, planned[4].review) == (planned[1].kind, True)


# ------------------------------------------------------------------ 2. a set for each lesson

#: cell id: (kind, level, seed, rules, the lesson the sentence before it links)
SETS = {
    "l1-verdict": ("verdict", 1, 1, "standard", "01-learn-the-rules.ipynb"),
    "l1-refill": ("refill", 1, 1, "standard", "01-learn-the-rules.ipynb"),
    "l2-neighbours": ("neighbours", 2, 2, "standard", "02-neighbours-and-common-mistakes.ipynb"),
    "l2-pairs": ("pairs", 2, 2, "standard", "02-neighbours-and-common-mistakes.ipynb"),
    "l3-consolidate": ("consolidate", 3, 3, "standard", "03-consolidation-step-by-step.ipynb"),
    "l3-refill": ("refill", 3, 3, "standard", "03-consolidation-step-by-step.ipynb"),
    "l4-choose": ("choose", 3, 4, "standard", "04-how-often-can-you-win.ipynb"),
    "l4-verdict": ("verdict", 3, 4, "standard", "04-how-often-can-you-win.ipynb"),
    "l5-thirteens": ("pairs", 2, 5, "thirteens", "05-relatives-of-monte-carlo.ipynb"),
    "l5-fourteens": ("pairs", 2, 5, "fourteens", "05-relatives-of-monte-carlo.ipynb"),
    "l5-lines": ("neighbours", 2, 5, "fourteens-lines", "05-relatives-of-monte-carlo.ipynb"),
    "mixed": ("mixed", 2, 21, "standard", None),
}


@pytest.mark.parametrize("cell_id", list(SETS))
def test_each_practice_cell_is_one_call_with_a_fixed_seed(cell_id):
    kind, level, seed, rules, lesson = SETS[cell_id]
    source = text(cell_id)
    assert source.count("MonteCarloWidget.practice(") == 1
    n = 10 if kind == "mixed" else 5
    call = f'MonteCarloWidget.practice("{kind}", level={level}, seed={seed}, n={n}'
    call += ")" if rules == "standard" else f', rules="{rules}")'
    assert call in source
    assert printed(cell_id).startswith(
        f"{n} exercises: {kind}, level {level}, seed {seed}, rules {rules}\n"
    )
    index = next(i for i, c in enumerate(CELLS) if c.get("id") == cell_id)
    before = CELLS[index - 1]
    assert before["cell_type"] == "markdown"
    if lesson is not None:
        assert f"]({lesson})" in "".join(before["source"]), cell_id


def test_the_level_2_neighbours_set_has_a_false_neighbour_each_time():
    # "the marked card has a false neighbour across one" (docs/practice.md:
    # neighbours level 2, a card beyond a gap): every exercise of the set.
    assert "the marked card has a false neighbour across one" in said("s2-l2")
    session = PracticeSession(PracticeSet("neighbours", 2, 5, 2))
    while session.current is not None:
        question = session.current
        assert false_neighbours(question.state, question.cell), question.seed
        session.answer(right_answer(question), seconds=1)


def test_under_lines_a_card_beyond_a_gap_touches():
    assert "a card beyond a gap **does** touch" in said("l5-lines-text")
    session = PracticeSession(PracticeSet("neighbours", 2, 5, 5, "fourteens-lines"))
    question = session.current
    rules, cell_ = question.state.rules, question.cell
    row, col = divmod(cell_, rules.cols)
    touching = set(right_answer(question)["cells"])
    beyond = [
        c for c in touching if abs(c // rules.cols - row) > 1 or abs(c % rules.cols - col) > 1
    ]
    assert beyond, "the first exercise shows a card touching from beyond a neighbour's place"
    # ... and only in its row or column, never on a diagonal
    assert all(c // rules.cols == row or c % rules.cols == col for c in touching)


def test_the_prompts_printed_are_the_sets_first_questions():
    # lesson 2's neighbours: the card named is the question's card
    question = generate("neighbours", 2, plan(PracticeSet("neighbours", 2, 5, 2), [])[0].seed)
    row, col = divmod(question.cell, 5)
    assert f"(row {row + 1}, column {col + 1})." in printed("l2-neighbours")


# ------------------------------------------------------------------ 4. the record


def test_a_record_has_no_name():
    words = said("s4-proof")
    assert "**its answers are right for its seeds**. It does not prove **who** found them" in words
    assert "The record holds no name" in words
    shown = json.loads(printed("record").splitlines()[0])
    # docs/practice.md, "Records": exactly these keys; an unplayed board has none done
    assert list(shown) == ["format", "version", "set", "exercises", "score"]
    assert shown["set"] == {"kind": "mixed", "level": 2, "n": 10, "seed": 21, "rules": "standard"}
    assert shown["exercises"] == []


def test_answers_asked_of_mc_widget_pass():
    # Three right answers in 5 seconds each, every par at level 2 at least 15 s:
    # 3 right, 3 stars each.
    assert printed("asked").splitlines()[-1] == (
        "check_record: {'done': 3, 'right': 3, 'stars': 9, 'streak': 3, 'best_streak': 3}"
    )


# ------------------------------------------------------------------ 5. the class

#: name: (exercises answered wrong, seconds as a multiple of par, exercises done),
#: as the lesson's cell makes them; Ivy and Jon are refused.
CLASS = {
    "Ann": ((), 0.5, 10),
    "Ben": ((), 0.5, 10),
    "Cleo": ((), 0.5, 10),
    "Dev": ((4,), 0.5, 10),
    "Eli": ((2, 7), 0.5, 10),
    "Fay": ((10,), 0.5, 10),
    "Gus": ((), 3, 10),
    "Hana": ((), 1.5, 10),
    "Ivy": None,
    "Jon": None,
    "Kai": ((1, 2, 3), 0.5, 10),
    "Lea": ((), 0.5, 10),
    "Mo": ((6,), 0.5, 10),
    "Nia": ((), 0.5, 6),
    "Omar": ((3, 6, 9), 0.5, 10),
    "Pia": ((), 0.5, 10),
    "Quinn": ((8,), 0.5, 10),
    "Rosa": ((1,), 0.5, 10),
    "Sam": ((5, 6), 0.5, 10),
    "Tess": ((), 0.5, 10),
}


def hand_score(wrong: tuple[int, ...], pace: float, done: int) -> tuple[str, int, int]:
    """right/done, stars and best streak, by hand: each right answer takes
    `pace` times its par, so its stars depend on `pace` alone."""
    right = done - len(wrong)
    best = run = 0
    for number in range(1, done + 1):
        run = 0 if number in wrong else run + 1
        best = max(best, run)
    return f"{right}/{done}", right * hand_stars(True, pace, 1), best


HAND = {
    # worked out by hand, to check hand_score itself
    "Ann": ("10/10", 30, 10),
    "Dev": ("9/10", 27, 6),
    "Eli": ("8/10", 24, 4),
    "Gus": ("10/10", 10, 10),
    "Hana": ("10/10", 20, 10),
    "Kai": ("7/10", 21, 7),
    "Nia": ("6/6", 18, 6),
    "Omar": ("7/10", 21, 2),
}


def test_the_hand_scores():
    for name, score in HAND.items():
        assert hand_score(*CLASS[name]) == score, name


def test_the_class_is_made_as_the_table_of_this_file_says():
    source = text("class-grades")
    for name, plan_ in CLASS.items():
        if plan_ is None:
            continue
        wrong, pace, done = plan_
        args = []
        if wrong:
            args.append("wrong_at={" + ", ".join(str(n) for n in wrong) + "}")
        if pace != 0.5:
            args.append(f"pace={pace:g}")
        if done != 10:
            args.append(f"done={done}")
        assert f'"{name}": student({", ".join(args)}),' in source, name
    assert '"Ivy": json.dumps(forged),' in source
    assert '"Jon": student()[:150],' in source


def test_the_grades_table_is_the_hand_scores():
    rows = html_rows("class-grades")
    assert [row[0] for row in rows] == list(CLASS)
    for name, right_done, stars, best, problem in rows:
        if CLASS[name] is None:
            assert (right_done, stars, best) == ("", "", "")
            assert problem
        else:
            assert (right_done, int(stars), int(best)) == hand_score(*CLASS[name]), name
            assert problem == ""
    assert printed("class-grades") == "20 records: 18 graded, 2 refused\n"


def test_the_refusals_name_their_problem():
    problems = {row[0]: row[4] for row in html_rows("class-grades")}
    # Ivy missed exercise 5 (9 right, 27 stars, a streak of 5 at the end) and claimed 10 and 30
    assert problems["Ivy"].startswith("record.score: the record claims")
    assert '"right": 10, "stars": 30' in problems["Ivy"]
    assert problems["Ivy"].endswith(
        'its answers score {"done": 10, "right": 9, "stars": 27, "streak": 5, "best_streak": 5}.'
    )
    assert hand_score((5,), 0.5, 10) == ("9/10", 27, 5)
    assert problems["Jon"].startswith("record is not valid JSON")


def test_the_reading_of_the_table_says_what_the_table_shows():
    words = said("s5-reading")
    assert "**Ann, Ben, Cleo, Lea, Pia and Tess** answered all 10 right within par" in words
    for name in ("Ann", "Ben", "Cleo", "Lea", "Pia", "Tess"):
        assert hand_score(*CLASS[name]) == ("10/10", 30, 10)
    assert "10/10, **30 stars**, a best streak of 10" in words
    assert hand_score(*CLASS["Gus"])[1] == 10 and "only **10 stars**" in words
    assert hand_score(*CLASS["Hana"])[1] == 20 and "one and a half times par: **20 stars**" in words
    assert hand_score(*CLASS["Nia"])[:2] == ("6/6", 18) and "6/6, 18 stars" in words
    assert hand_score(*CLASS["Dev"]) == ("9/10", 27, 6)
    assert "**Dev** missed exercise 4 (9/10, 27 stars, best streak 6)" in words
    assert hand_score(*CLASS["Fay"])[2] == 9 and "**Fay** the last one (best streak 9)" in words
    assert hand_score(*CLASS["Kai"]) == ("7/10", 21, 7)
    assert "**Kai** missed the first three (7/10, 21 stars, best streak 7)" in words
    assert hand_score(*CLASS["Omar"]) == ("7/10", 21, 2)
    assert "**Omar** exercises 3, 6 and 9 (7/10, 21 stars, best streak 2)" in words
    refused = [name for name, plan_ in CLASS.items() if plan_ is None]
    assert refused == ["Ivy", "Jon"]
    assert f"**{len(refused)} of the {len(CLASS)} records are refused**" in words
    assert "the replay gives 9 right and 27 stars (`practice-error.score`)" in words
    assert "(`practice-error.json`)" in words


def test_the_chart_has_a_fixed_size_and_no_timestamp():
    source = text("class-chart")
    assert "figsize=(8, 6)" in source
    [shown] = [o for o in cell("class-chart")["outputs"] if "image/png" in o.get("data", {})]
    assert "".join(shown["data"]["text/plain"]) == "<Figure size 800x600 with 1 Axes>"


# ------------------------------------------------------------------ 6. nbgrader


def test_the_nbgrader_section_names_the_worked_example():
    words = said("s6")
    assert "[docs/nbgrader.md](../docs/nbgrader.md)" in words
    named = re.search(r"`(examples/nbgrader/[^`]+\.ipynb)`", words)
    assert named is not None and (REPO / named.group(1)).is_file()
    assert "`mc_widget.check_record(RECORD)`" in words and "`NBGRADER_EXECUTION`" in words
