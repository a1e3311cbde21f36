"""A practice record and its check (issue 21: "a plain JSON record (seeds,
answers, times) and check_record(record) that replays it and gives the same
score or a named error for a forged one"; docs/practice.md, "Records").

A record names its set and, per exercise done, the seed and kind the set
planned, the answer and the seconds taken. ``check_record`` takes only what
a record may set (exact keys, bounded sizes), plans the set again
(:mod:`.schedule`), regenerates each exercise from its seed, checks each
answer with the engine (:mod:`.check`) and scores it again
(:mod:`.scoring`); the claimed score must be that one.
"""

from __future__ import annotations

import json
import math
from typing import Any

from ..engine.errors import excerpt, is_int, show_value
from .check import Result, check
from .errors import PracticeError, bad_type, exact_keys
from .generate import Question, generate
from .schedule import PracticeSet, plan
from .scoring import par, score, stars

__all__ = [
    "FORMAT",
    "MAX_RECORD_CHARS",
    "MAX_SECONDS",
    "VERSION",
    "PracticeSession",
    "check_record",
]

FORMAT = "mc-practice"
VERSION = 1
#: A record given as text has at most this many characters.
MAX_RECORD_CHARS = 200_000
#: One exercise's time is at most a day, in seconds.
MAX_SECONDS = 86_400

_RECORD_KEYS = ("format", "version", "set", "exercises", "score")
_EXERCISE_KEYS = ("kind", "level", "seed", "answer", "seconds")
_SCORE_KEYS = ("done", "right", "stars", "streak", "best_streak")


def _seconds(value: Any, path: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise bad_type(path, "a number of seconds", value)
    if not 0 <= value <= MAX_SECONDS:
        raise PracticeError(
            path,
            "practice-error.range",
            {"value": show_value(value), "low": 0, "high": MAX_SECONDS},
        )
    return value


class PracticeSession:
    """A set being practised: the current exercise, the answers given so far,
    the progress and the record.

    ``PracticeSession(PracticeSet(...))``; ``current`` is the
    :class:`~.generate.Question` to answer (``None`` when the set is done);
    ``answer(data, seconds)`` checks it and moves on (a ``PracticeError``
    for a malformed answer changes nothing); ``progress`` and ``record()``
    are plain JSON.
    """

    def __init__(self, practice: PracticeSet) -> None:
        self.practice = practice
        self._done: list[dict[str, Any]] = []
        self._results: list[tuple[bool, int]] = []

    @property
    def current(self) -> Question | None:
        """The exercise to answer now, or ``None`` when all ``n`` are done."""
        if len(self._done) >= self.practice.n:
            return None
        item = plan(self.practice, [right for right, _ in self._results])[-1]
        return generate(item.kind, item.level, item.seed, self.practice.rules)

    def answer(self, data: Any, seconds: float) -> Result:
        """Check ``data`` as the answer to :attr:`current`, taken in ``seconds``."""
        question = self.current
        if question is None:
            raise PracticeError("answer", "practice-error.set-done", {"n": self.practice.n})
        seconds = _seconds(seconds, "seconds")
        result = check(question, data)
        got = stars(result.right, seconds, par(question.kind, question.level))
        self._results.append((result.right, got))
        self._done.append(
            {
                "kind": question.kind,
                "level": question.level,
                "seed": question.seed,
                "answer": json.loads(json.dumps(data)),
                "seconds": seconds,
            }
        )
        return result

    @property
    def progress(self) -> dict[str, int]:
        """``{"done", "right", "stars", "streak", "best_streak"}`` so far."""
        return score(self._results)

    def record(self) -> dict[str, Any]:
        """The record: ``{"format", "version", "set", "exercises", "score"}`` (a new dict)."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "set": self.practice.to_json(),
            "exercises": [dict(item) for item in self._done],
            "score": self.progress,
        }


def check_record(record: Any) -> dict[str, int]:
    """Replay a practice record with the engine; return its score.

    ``record`` is the JSON object of :meth:`PracticeSession.record` or its
    text (at most ``MAX_RECORD_CHARS`` characters). Every exercise is planned
    again from the set and the answers before it, regenerated from its
    seed, and its answer checked by the engine; the score worked out must
    equal the one claimed. Raises ``PracticeError`` naming the bad part for
    a malformed record (``practice-error.too-long``, ``.json``, ``.type``,
    ``.unknown``, ``.missing``, ``.choice``, ``.range``), an exercise the
    set does not plan there (``.schedule``), an answer that does not parse
    (its own error, the path under ``record.exercises[k]``) or a score that
    is not the replayed one (``.score``).
    """
    if isinstance(record, str):
        if len(record) > MAX_RECORD_CHARS:
            raise PracticeError(
                "record", "practice-error.too-long", {"count": len(record), "max": MAX_RECORD_CHARS}
            )
        try:
            record = json.loads(record)
        except (ValueError, RecursionError) as bad:  # "[[[[…" 100,000 deep is a RecursionError
            raise PracticeError(
                "record", "practice-error.json", {"problem": excerpt(str(bad))}
            ) from None
    exact_keys(record, _RECORD_KEYS, "record")
    if record["format"] != FORMAT:
        raise PracticeError(
            "record.format",
            "practice-error.choice",
            {"value": show_value(record["format"]), "choices": FORMAT},
        )
    if not is_int(record["version"]) or record["version"] != VERSION:
        raise PracticeError(
            "record.version",
            "practice-error.choice",
            {"value": show_value(record["version"]), "choices": str(VERSION)},
        )
    practice = PracticeSet.from_json(record["set"], "record.set")
    # Not exact: 5.0 is the seed 5 here, as JavaScript (checkRecord) cannot tell them apart.
    replayed = replay(practice, record["exercises"], "record.exercises", exact=False).progress
    claimed = record["score"]
    exact_keys(claimed, _SCORE_KEYS, "record.score")
    if claimed != replayed or any(not is_int(claimed[key]) for key in _SCORE_KEYS):
        raise PracticeError(
            "record.score",
            "practice-error.score",
            {"claimed": show_value(claimed, 200), "actual": show_value(replayed, 200)},
        )
    return replayed


def replay_entry(session: PracticeSession, item: Any, path: str, *, exact: bool = True) -> None:
    """Take one answered exercise ``item`` (``{"kind", "level", "seed",
    "answer", "seconds"}``) into ``session``, as :func:`check_record` takes a
    record's exercises.

    Its kind, level and seed must be what the set plans next
    (``practice-error.schedule``; never a bool; with ``exact``, also an
    ``int`` level and seed, not ``5.0``); the answer must parse and the
    seconds be 0 to 86,400 (their errors, the path under ``path``).
    ``PracticeError`` leaves ``session`` unchanged.
    """
    exact_keys(item, _EXERCISE_KEYS, path)
    question = session.current
    if question is None:
        raise PracticeError(path, "practice-error.set-done", {"n": session.practice.n})
    number = session.progress["done"] + 1
    for field in ("kind", "level", "seed"):
        value, expected = item[field], getattr(question, field)
        typed = (type(value) is str if field == "kind" else is_int(value)) or not exact
        if not typed or isinstance(value, bool) or value != expected:
            raise PracticeError(
                f"{path}.{field}",
                "practice-error.schedule",
                {"number": number, "expected": show_value(expected), "value": show_value(value)},
            )
    try:
        session.answer(item["answer"], item["seconds"])
    except PracticeError as bad:
        params = {name: value for name, value in bad.params.items() if name != "path"}
        raise PracticeError(f"{path}.{bad.path}", bad.key, params) from None


def replay(
    practice: PracticeSet, answers: Any, path: str = "answers", *, exact: bool = True
) -> PracticeSession:
    """A new :class:`PracticeSession` of ``practice`` with every entry of
    ``answers`` (a record's ``exercises`` list, hostile) taken in order by
    :func:`replay_entry`. ``PracticeError`` naming the first bad part
    (``answers[2].seed``); at most ``practice.n`` entries."""
    if not isinstance(answers, list):
        raise bad_type(path, "a list", answers)
    if len(answers) > practice.n:
        raise PracticeError(
            path, "practice-error.length", {"count": len(answers), "low": 0, "high": practice.n}
        )
    session = PracticeSession(practice)
    for k, item in enumerate(answers):
        replay_entry(session, item, f"{path}[{k}]", exact=exact)
    return session
