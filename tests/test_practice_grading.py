"""A class's practice records graded in one call (issue 21, item 3;
mc_widget/practice/grading.py). Honest records are made by answering every
exercise with the engine's right answer within par (docs/practice.md,
"Scoring": right within par is 3 stars); forged and
malformed ones are refused beside their student's name, never stopping the
others."""

from __future__ import annotations

import json

import pytest

from mc_widget.practice import (
    Grade,
    PracticeError,
    PracticeSession,
    PracticeSet,
    check_record,
    grade_records,
    right_answer,
)


def honest_record(seed: int, n: int = 3) -> dict:
    session = PracticeSession(PracticeSet("neighbours", level=1, n=n, seed=seed))
    while session.current is not None:
        session.answer(right_answer(session.current), seconds=1)
    return session.record()


ALL_RIGHT = {"done": 3, "right": 3, "stars": 9, "streak": 3, "best_streak": 3}


def test_a_class_is_graded_in_order_and_a_forged_record_is_named():
    forged = honest_record(2)
    forged["score"]["right"] = 4
    grades = grade_records(
        {
            "Ann": honest_record(1),
            "Ben": forged,
            "Cai": json.dumps(honest_record(3)),  # pasted as text
            "Dee": "not a record",
        }
    )
    assert [g.name for g in grades] == ["Ann", "Ben", "Cai", "Dee"]
    assert grades[0] == Grade("Ann", ALL_RIGHT, None)
    assert grades[1].score is None
    assert grades[1].problem.startswith('record.score: the record claims {"done": 3, "right": 4')
    assert grades[2] == Grade("Cai", ALL_RIGHT, None)
    assert grades[3].score is None and grades[3].problem.startswith("record is not valid JSON")
    assert grades[0].to_json() == {"name": "Ann", "score": ALL_RIGHT, "problem": None}


def test_a_record_nested_100000_deep_is_refused_by_name():
    with pytest.raises(PracticeError, match=r"^record is not valid JSON"):
        check_record("[" * 100_000)
    (grade,) = grade_records({"Eve": "[" * 100_000})
    assert grade.score is None and grade.problem.startswith("record is not valid JSON")


@pytest.mark.parametrize(
    ("records", "error", "says"),
    [
        ([("Ann", {})], TypeError, "records must be a dict of name to record, not list"),
        ({"": {}}, ValueError, "a student's name must be a text of 1 to 100 characters, not ''"),
        ({7: {}}, ValueError, "characters, not 7"),
        ({"x" * 5000: {}}, ValueError, "not '" + "x" * 40 + "…'"),
        ({f"s{k}": {} for k in range(1001)}, ValueError, "1,001 records; at most 1,000"),
    ],
)
def test_bad_arguments_are_refused_naming_them(records, error, says):
    with pytest.raises(error) as refused:
        grade_records(records)
    assert says in str(refused.value)
