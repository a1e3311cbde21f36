"""The message catalogue: every learner-facing sentence of the engine.

The catalogue is ``mc_widget/messages/en.json``, a flat JSON object of
``key -> template`` shared with the JavaScript engine. Templates use
``{name}`` placeholders. A missing key or a missing parameter is a bug in
the caller, so both raise ``KeyError`` instead of showing a half-filled
sentence to a learner.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

__all__ = ["CATALOGUE_PATH", "catalogue", "format_message", "has_message"]

CATALOGUE_PATH = Path(__file__).resolve().parent.parent / "messages" / "en.json"

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


@lru_cache(maxsize=1)
def catalogue() -> dict[str, str]:
    """Return the English catalogue as a dict ``key -> template`` (read once)."""
    with CATALOGUE_PATH.open(encoding="utf-8") as handle:
        data = json.load(handle)
    return dict(data)


def has_message(key: str) -> bool:
    """True when ``key`` is in the catalogue."""
    return key in catalogue()


def format_message(key: str, params: dict[str, Any] | None = None) -> str:
    """Fill the template ``key`` with ``params`` and return the sentence.

    ``params`` maps placeholder names to values; values are turned into text
    with ``str`` (card parameters are passed already in symbol form, ``7♥``).
    Extra parameters are ignored.

    Raises ``KeyError`` when ``key`` is not in the catalogue or a placeholder
    of its template has no parameter.
    """
    template = catalogue()[key]
    values = params or {}

    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in values:
            raise KeyError(f"message {key!r} needs the parameter {name!r}")
        return str(values[name])

    return _PLACEHOLDER.sub(fill, template)


def counted(key: str, count: int) -> str:
    """``count`` things in words, from the catalogue's ``<key>.one`` / ``<key>.other``.

    ``counted("count.rows", 1)`` is ``"1 row"``, ``counted("count.rows", 5)``
    is ``"5 rows"``.
    """
    return format_message(f"{key}.{'one' if count == 1 else 'other'}", {"count": count})
