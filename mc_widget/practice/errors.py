"""The one error of the practice layer: ``PracticeError`` (docs/practice.md, "Errors").

Apart so that every module (generation, answers, records) raises the same
named error, with a ``path`` to the bad part, a catalogue ``key`` under
``practice-error.`` and ``params`` that quote at most a short excerpt of a
hostile value (``show_value``), as the engine's errors do.
"""

from __future__ import annotations

from typing import Any

from ..engine.errors import EngineError, excerpt, show_value

__all__ = ["PracticeError", "bad_type", "exact_keys"]


class PracticeError(EngineError):
    """A practice value refused: an unknown kind, a bad level or seed, a
    malformed answer, a forged or malformed record.

    Fields: ``path`` (the bad part: ``"answer.cells[3]"``,
    ``"record.exercises[2].seed"``), ``key`` (``practice-error.*``) and
    ``params`` (``path`` among them; a bad value as a short excerpt).
    Nothing is changed by a refused value. A ``ValueError``, as every
    engine error.
    """

    def __init__(self, path: str, key: str, params: dict[str, Any] | None = None) -> None:
        self.path = path
        super().__init__(key, {"path": path, **(params or {})})


def bad_type(path: str, expected: str, value: Any) -> PracticeError:
    """``practice-error.type``: ``path`` must be ``expected`` (English words), not ``value``."""
    return PracticeError(
        path, "practice-error.type", {"expected": expected, "value": show_value(value)}
    )


def exact_keys(data: Any, keys: tuple[str, ...], path: str) -> None:
    """``data`` must be an object with exactly ``keys``: ``practice-error.type``,
    ``.unknown`` (the first unknown key, quoted short) or ``.missing``."""
    if not isinstance(data, dict):
        raise bad_type(path, "an object", data)
    for key in data:
        if key not in keys:
            shown = excerpt(key) if isinstance(key, str) else show_value(key)
            raise PracticeError(
                f"{path}.{shown}", "practice-error.unknown", {"expected": ", ".join(keys)}
            )
    for key in keys:
        if key not in data:
            raise PracticeError(f"{path}.{key}", "practice-error.missing")
