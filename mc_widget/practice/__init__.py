"""Practice: generated exercises checked by the engine, with par, stars,
streaks, spaced sets and a record a teacher can check (issue 21; DESIGN.md,
"Variants, sessions and practice"; docs/practice.md).

Modules, one concern each: ``kinds`` (the kinds and their words),
``rng`` (mulberry32 for exercises), ``positions`` (positions made by the
engine), ``search`` (the exact search that checks *choose*), ``generate``
(an exercise from kind, level, seed and rules), ``answers`` (reading a
hostile answer), ``check`` (checking with the engine), ``scoring`` (par,
stars, streaks), ``schedule`` (what comes next in a set), ``record``
(sessions, records and ``check_record``), ``grading`` (a class's records
in one call), ``errors`` (``PracticeError``).
js/practice/ is the JavaScript twin, pinned by tests/vectors/practice.json.
No widget and no Jupyter import: the board (a later issue) stands on this.
"""

from .check import Result, check, right_answer
from .errors import PracticeError
from .generate import Question, generate
from .grading import Grade, grade_records
from .kinds import KINDS, LEVELS, SET_KINDS, Exercise, exercises
from .record import PracticeSession, check_record
from .schedule import MAX_SET, Planned, PracticeSet, plan
from .scoring import par, score, stars

__all__ = [
    "KINDS",
    "LEVELS",
    "MAX_SET",
    "SET_KINDS",
    "Exercise",
    "Grade",
    "Planned",
    "PracticeError",
    "PracticeSession",
    "PracticeSet",
    "Question",
    "Result",
    "check",
    "check_record",
    "exercises",
    "generate",
    "grade_records",
    "par",
    "plan",
    "right_answer",
    "score",
    "stars",
]
