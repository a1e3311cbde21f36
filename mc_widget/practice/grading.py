"""A class's practice records graded in one call (issue 21, item 3: "a teacher
collects twenty students' records and grades them with one cell").

Why apart: a teacher pastes the records students copied from their boards
into one dict, name to record; every record is checked on its own by
:func:`~.record.check_record`, so one forged or mangled record is named
beside its student's name and never stops the others from being graded.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ..engine.errors import excerpt, show_value
from .errors import PracticeError
from .record import check_record

__all__ = ["MAX_NAME", "MAX_STUDENTS", "Grade", "grade_records"]

#: At most this many records in one call (a class, or a course's classes).
MAX_STUDENTS = 1_000
#: A student's name has at most this many characters.
MAX_NAME = 100


class Grade(NamedTuple):
    """One student's record, graded: ``score`` is ``check_record``'s dict
    (``done``, ``right``, ``stars``, ``streak``, ``best_streak``) when the
    record replays, else ``None`` and ``problem`` says why (English, short)."""

    name: str
    score: dict[str, int] | None
    problem: str | None

    def to_json(self) -> dict[str, Any]:
        """``{"name", "score", "problem"}``, plain JSON (a row of a table)."""
        return {"name": self.name, "score": self.score, "problem": self.problem}


def grade_records(records: Mapping[str, Any]) -> list[Grade]:
    """Grade every record of ``records`` (student name → the record, as the
    JSON object of ``PracticeSession.record()`` or its text), in the
    mapping's order.

    A record ``check_record`` refuses gives a :class:`Grade` with ``score``
    ``None`` and the refusal as ``problem`` (its path and words, at most 300
    characters). Raises ``TypeError`` when ``records`` is not a mapping and
    ``ValueError`` for more than :data:`MAX_STUDENTS` records or a name that
    is not a text of 1 to :data:`MAX_NAME` characters (quoted short).
    """
    if not isinstance(records, Mapping):
        raise TypeError(
            f"grade_records: records must be a dict of name to record, not {type(records).__name__}"
        )
    if len(records) > MAX_STUDENTS:
        raise ValueError(
            f"grade_records: {len(records):,} records; at most {MAX_STUDENTS:,} in one call"
        )
    for name in records:
        if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME:
            raise ValueError(
                f"grade_records: a student's name must be a text of 1 to {MAX_NAME} characters,"
                f" not {show_value(name) if not isinstance(name, str) else repr(excerpt(name))}"
            )
    grades = []
    for name, record in records.items():
        try:
            grades.append(Grade(name, check_record(record), None))
        except PracticeError as refused:
            grades.append(Grade(name, None, excerpt(str(refused), 300)))
    return grades
