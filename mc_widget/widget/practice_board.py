"""The practice board (issue 21; docs/practice.md, "The practice board"): a set
of generated exercises, one at a time, checked by the engine, with par,
stars, a streak and a record a teacher can collect.

Why a module and a bundle of their own (js/practice-board.js): the practice
board is not a game board. Its view generates each exercise from the set and
the answers so far with the JS twin of ``mc_widget.practice`` (pinned by
tests/vectors/practice.json), so an exported page with no kernel runs the
same set; Python replays every answer the view sends with its own engine and
keeps only what replays (mc_widget/practice/replay.py), one answer at a time,
under one lock whatever the thread (ipykernel 7 takes comm messages on
subshell threads).

Model (synced): ``practice_set`` ``{"kind", "level", "n", "seed", "rules"}``,
``texts`` (the words in the board's language), ``progress`` (``{"done",
"right", "stars", "streak", "best_streak"}``), ``problem`` and ``grading`` are
Python's; ``answers`` (``[{"kind", "level", "seed", "answer", "seconds"}, …]``,
the record's exercises) grows by one entry per answer from the view or from
:meth:`PracticeBoard.answer`; ``lang`` is the board's language.
"""

from __future__ import annotations

import contextlib
import json
import os
import pathlib
import threading
from collections.abc import Iterator
from typing import Any

import anywidget
import traitlets

from ..engine.errors import excerpt, show_value
from ..engine.messages import LANGUAGES, format_message
from ..practice import PracticeError, PracticeSession, PracticeSet, Question, Result, check_record
from ..practice.errors import bad_type
from ..practice.replay import json_problem, practice_texts, replay, replay_entry

__all__ = ["PracticeBoard"]

_STATIC = pathlib.Path(__file__).parent.parent / "static"
#: Traits only the board itself sets (a view's or a cell's value is refused).
_PYTHON_TRAITS = ("practice_set", "answers", "progress", "texts", "grading")
#: Keyword arguments a board takes besides its set.
_KEYWORDS = ("lang", "layout")


class PracticeBoard(anywidget.AnyWidget):
    """A practice set on a board: ``MonteCarloWidget.practice(kind="mixed",
    level=1, seed=0, n=10, rules="standard", lang="en", record=None)`` or
    ``PracticeBoard(PracticeSet(...), lang="en")``.

    Reading: :attr:`current` (the :class:`~mc_widget.practice.Question` to
    answer, ``None`` when the set is done), ``progress`` (synced, kept equal
    to the session's), :meth:`record` (the plain JSON record;
    ``check_record(w.record()) == w.progress``). Answering: :meth:`answer`
    from Python, or the view appending one entry to ``answers``; anything
    else a view sends is refused and ``problem`` says why in the board's
    language. ``grading`` is True when made under nbgrader
    (``NBGRADER_EXECUTION`` in the environment). Errors: ``PracticeError``
    naming a bad set argument, record or answer; ``TraitError`` for a
    ``lang`` not of the six languages. Displayable (an anywidget); its text
    fallback is one line (the set and the progress).
    """

    _esm = _STATIC / "practice-board.js"
    _css = _STATIC / "practice-board.css"

    practice_set = traitlets.Dict().tag(sync=True)
    answers = traitlets.List(traitlets.Dict()).tag(sync=True)
    progress = traitlets.Dict().tag(sync=True)
    texts = traitlets.Dict().tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    problem = traitlets.Unicode("").tag(sync=True)
    grading = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self, practice: PracticeSet, *, _session: PracticeSession | None = None, **kwargs: Any
    ) -> None:
        if not isinstance(practice, PracticeSet):
            raise bad_type("practice", "a PracticeSet", practice)
        for name in kwargs:
            if name not in _KEYWORDS:
                raise PracticeError(
                    f"practice.{excerpt(str(name))}",
                    "practice-error.unknown",
                    {"expected": "kind, level, seed, n, rules, lang, record"},
                )
        lang = kwargs.pop("lang", "en")
        if lang not in LANGUAGES:  # before any comm opens: nothing is displayed
            raise traitlets.TraitError(
                f"lang: {show_value(lang)} is not a board language ({', '.join(LANGUAGES)})"
            )
        self._lock = threading.RLock()
        self._owner: int | None = None
        self._session = _session if _session is not None else PracticeSession(practice)
        with self._own():
            super().__init__(
                practice_set=practice.to_json(),
                answers=self._session.record()["exercises"],
                progress=self._session.progress,
                texts=practice_texts(lang),
                lang=lang,
                grading="NBGRADER_EXECUTION" in os.environ,
                **kwargs,
            )

    @classmethod
    def from_record(cls, record: Any, **kwargs: Any) -> PracticeBoard:
        """A board taking up the set where ``record`` (a practice record, its
        JSON object or text) left it: its set, its answers, its progress.

        The record is checked first (:func:`~mc_widget.practice.check_record`):
        a forged or malformed one raises ``PracticeError`` naming the bad part,
        and no board is made. ``kwargs`` as for the constructor (``lang``).
        """
        check_record(record)
        if isinstance(record, str):
            record = json.loads(record)
        practice = PracticeSet.from_json(record["set"], "record.set")
        session = replay(practice, record["exercises"], "record.exercises")
        return cls(practice, _session=session, **kwargs)

    # ------------------------------------------------------------------ reading

    @property
    def current(self) -> Question | None:
        """The exercise to answer now, or ``None`` when all ``n`` are done."""
        with self._lock:
            return self._session.current

    def record(self) -> dict[str, Any]:
        """The plain JSON record of the answers so far (docs/practice.md, "Records"):
        ``{"format", "version", "set", "exercises", "score"}``, a new dict."""
        with self._lock:
            return self._session.record()

    def __repr__(self) -> str:
        s, p = self.practice_set, self.progress
        return (
            f"<PracticeBoard {s.get('kind')} level {s.get('level')}, seed {s.get('seed')},"
            f" {s.get('rules')}: {p.get('done')} of {s.get('n')} done, {p.get('right')} right,"
            f" {p.get('stars')} stars>"
        )

    # ------------------------------------------------------------------ answering

    def answer(self, data: Any, seconds: float) -> Result:
        """Answer the current exercise with ``data`` (its ask's JSON shape,
        docs/practice.md, "Kinds and levels"), taken in ``seconds`` (0 to 86,400).

        Returns the engine's :class:`~mc_widget.practice.Result`; ``answers``
        and ``progress`` grow by one. ``PracticeError`` for an answer that does
        not parse, bad seconds or a set already done: nothing changes.
        """
        with self._lock:
            if (problem := json_problem(data, "answer")) is not None:
                raise problem
            result = self._session.answer(data, seconds)
            self._show(problem="")
            return result

    def _show(self, **extra: Any) -> None:
        """Bring ``answers`` and ``progress`` to the session's (one message, one
        notification each), with ``extra`` traits."""
        record = self._session.record()
        with self._own(), self.hold_sync():
            self.answers = record["exercises"]
            self.progress = record["score"]
            for name, value in extra.items():
                setattr(self, name, value)

    # ------------------------------------------------------------------ a view's updates

    def _handle_msg(self, msg: dict[str, Any]) -> None:
        """ipywidgets' handler of every message from a view, holding the board's
        lock: with ipykernel 7 it may run on a comm subshell's thread."""
        with self._lock:
            super()._handle_msg(msg)

    def set_state(self, sync_data: Any) -> None:
        """A view's update: only ``answers``, the old list plus exactly one entry.

        The new entry is replayed with the engine (its kind, level and seed
        must be what the set plans there, its answer must parse) and kept;
        anything else (another trait, no new entry or two, a changed earlier
        entry, a value that is not plain JSON) is refused whole: Python sends
        its ``answers`` back and ``problem`` says why in the board's language
        (catalogue ``practice-board.*``); nothing else changes.
        """
        with self._lock:
            try:
                refusal = self._take(sync_data)
            except PracticeError as error:
                refusal = format_message(
                    "practice-board.refused", {"problem": error.message(self.lang)}, self.lang
                )
            except Exception as error:  # a malformed message must never crash the kernel
                refusal = format_message(
                    "practice-board.refused", {"problem": type(error).__name__}, self.lang
                )
            if refusal is None:
                self._show(problem="")
                return
            self.problem = excerpt(refusal, 300)
            self.send_state(["answers", "problem"])  # the view redraws from Python's

    def _take(self, sync_data: Any) -> str | None:
        """Take the update ``sync_data``; ``None`` when taken, else the refusal's words."""
        if not isinstance(sync_data, dict):
            raise bad_type("update", "an object", sync_data)
        others = [show_value(name) for name in sync_data if name != "answers"]
        if others or "answers" not in sync_data:
            shown = ", ".join(others[:3]) + (", …" if len(others) > 3 else "")
            return format_message("practice-board.only-answers", {"names": shown}, self.lang)
        sent, kept = sync_data["answers"], self._session.record()["exercises"]
        if not isinstance(sent, list):
            raise bad_type("answers", "a list", sent)
        if len(sent) != len(kept) + 1:
            return format_message(
                "practice-board.one-more",
                {"done": len(kept), "count": len(sent)},
                self.lang,
            )
        for k, entry in enumerate(kept):
            if json_problem(sent[k], f"answers[{k}]") is not None or sent[k] != entry:
                return format_message("practice-board.changed", {"number": k + 1}, self.lang)
        replay_entry(self._session, sent[-1], f"answers[{len(kept)}]")
        return None

    # ------------------------------------------------------------------ traits

    @contextlib.contextmanager
    def _own(self) -> Iterator[None]:
        """The board sets its own traits in the block (this thread only)."""
        with self._lock:
            before, self._owner = self._owner, threading.get_ident()
            try:
                yield
            finally:
                self._owner = before

    @traitlets.validate(*_PYTHON_TRAITS)
    def _python_only(self, proposal: traitlets.Bunch) -> Any:
        if self.__dict__.get("_owner") != threading.get_ident():
            name = proposal["trait"].name
            raise traitlets.TraitError(
                f"{name} is the practice board's own; answer with w.answer(data, seconds)"
            )
        return proposal["value"]

    @traitlets.validate("lang")
    def _valid_lang(self, proposal: traitlets.Bunch) -> str:
        lang = proposal["value"]
        if lang not in LANGUAGES:
            raise traitlets.TraitError(
                f"lang: {show_value(lang)} is not a board language ({', '.join(LANGUAGES)})"
            )
        return lang

    @traitlets.observe("lang")
    def _lang_changed(self, change: traitlets.Bunch) -> None:
        with self._own():
            self.texts = practice_texts(change["new"])

    # ------------------------------------------------------------------ export

    def practice_model(self) -> dict[str, Any]:
        """What an exported page keeps of the board: ``{"set", "answers", "texts",
        "lang"}`` (mc_widget/export/page.py, ``practice_html``)."""
        with self._lock:
            return {
                "set": dict(self.practice_set),
                "answers": self._session.record()["exercises"],
                "texts": dict(self.texts),
                "lang": self.lang,
            }

    def to_html(self, path: str | os.PathLike[str], *, title: str | None = None) -> pathlib.Path:
        """Write this board as one self-contained HTML page (no kernel: the
        page's own runtime, js/practice-page.js, keeps the learner's answers
        in the browser's storage); return the ``pathlib.Path`` written.
        ``title`` (plain text) is the page's ``<title>``. ``TypeError`` for a
        bad ``title``; a missing folder is the usual ``FileNotFoundError``."""
        from ..export.page import write_page

        return write_page(path, (self,), title=title, caller="to_html")
