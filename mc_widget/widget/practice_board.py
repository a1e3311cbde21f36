"""The practice board (issue 21; docs/practice.md): a set of generated
exercises, one at a time, checked by the engine, with par, stars, a streak
and a record a teacher can collect.

Why a module and a bundle of their own (js/practice-board.js): the practice
board is not a game board. Its view generates each exercise from the set and
the answers so far with the JS twin of ``mc_widget.practice`` (pinned by
tests/vectors/practice.json), so an exported page with no kernel runs the
same set; Python replays every answer the view sends with its own engine and
keeps only what replays.

Model (synced): ``practice_set`` ``{"kind", "level", "n", "seed", "rules"}``
and ``texts`` (the words in the board's language) are Python's;
``answers`` (``[{"kind", "level", "seed", "answer", "seconds"}, …]``, the
record's exercises) grows by one entry per answer from the view or from
:meth:`PracticeBoard.answer`; ``progress`` (``{"done", "right", "stars",
"streak", "best_streak"}``) is worked out by Python from ``answers``.
"""

from __future__ import annotations

import pathlib
from typing import Any

import anywidget
import traitlets

from ..practice import PracticeSession, PracticeSet

__all__ = ["PracticeBoard"]

_STATIC = pathlib.Path(__file__).parent.parent / "static"


class PracticeBoard(anywidget.AnyWidget):
    """A practice set on a board (skeleton: issue 21 fills it in)."""

    _esm = _STATIC / "practice-board.js"
    _css = _STATIC / "practice-board.css"

    practice_set = traitlets.Dict().tag(sync=True)
    answers = traitlets.List(traitlets.Dict()).tag(sync=True)
    progress = traitlets.Dict().tag(sync=True)
    texts = traitlets.Dict().tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)

    def __init__(self, practice: PracticeSet, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._session = PracticeSession(practice)
        self.practice_set = practice.to_json()
        self.progress = self._session.progress

    def record(self) -> dict[str, Any]:
        """The plain JSON record of the answers so far (docs/practice.md)."""
        return self._session.record()
