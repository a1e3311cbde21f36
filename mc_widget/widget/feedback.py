"""The ``feedback`` values Python makes: a catalogue key, its parameters as data, a tone.

Why apart: the move protocol, the narration, the language and the analysis
all make them, the same way (docs/i18n.md, section 2: parameters go as data
so a view can say them in its language; keys only Python says carry their
finished ``text``).
"""

from __future__ import annotations

from typing import Any

from ..engine import IllegalMove, StateError, format_message
from ..engine.errors import excerpt
from ..engine.params import params_json

__all__ = ["bad_message", "feedback_for", "make_feedback"]


def make_feedback(
    key: str,
    params: dict[str, Any] | None = None,
    *,
    tone: str,
    cells=(),
    text: bool = False,
    lang: str = "en",
) -> dict:
    """A ``feedback`` value, its ``params`` as JSON data (``params_json``).

    With ``text``, it also carries the finished sentence in ``lang``: for
    keys only Python makes (an engine error's own key such as ``layout.*`` or
    ``api.cell``, ``error.selected``, a refused state's ``error.state``): the
    front end's bundled catalogue leaves them out (``PYTHON_ONLY`` in
    scripts/build.mjs) and shows ``text``, formatted here from the same
    catalogue.
    """
    feedback = {"key": key, "params": params_json(params), "cells": list(cells), "tone": tone}
    if text:
        feedback["text"] = format_message(key, params, lang)
    return feedback


def bad_message(path: str, problem: str) -> dict:
    """The ``feedback`` for a malformed part of a front-end message.

    Both are cut (:func:`excerpt`): a path or a problem may name a view's
    key or quote its value, and a 5 MB key must not come back whole.
    """
    params = {"path": excerpt(path, 80), "problem": excerpt(problem, 300)}
    return make_feedback("error.state", params, tone="error")


def feedback_for(error: Exception, lang: str = "en") -> dict[str, Any]:
    """The ``feedback`` value that explains an engine error to the learner.

    ``IllegalMove`` → tone ``illegal``, key ``illegal.<key>`` and the cells to
    mark; ``StateError`` → tone ``error``, key ``error.state`` with the bad
    ``path`` and the error as a nested message ``problem``, and the finished
    ``text`` (most ``state.*`` keys are Python's alone); the other engine
    errors (``DealError``, ``LayoutError``, ``CardError``, and
    ``ArgumentError`` for a ``w.game`` call given a bad argument, e.g. key
    ``api.cell``) → tone ``illegal`` with their own catalogue key and the
    finished ``text`` (the front end does not make these keys itself).
    Parameters are JSON data; ``text`` is in ``lang`` (docs/i18n.md, 2).
    """
    if isinstance(error, IllegalMove):
        return make_feedback(
            "illegal." + error.key, error.params, tone="illegal", cells=error.cells
        )
    if isinstance(error, StateError):
        params = {"path": error.path, "problem": error.message}
        return make_feedback("error.state", params, tone="error", text=True, lang=lang)
    key = getattr(error, "key", None)
    if isinstance(key, str):
        params = getattr(error, "params", {})
        return make_feedback(key, params, tone="illegal", text=True, lang=lang)
    return make_feedback("error.unexpected", {"detail": str(error)}, tone="error")
