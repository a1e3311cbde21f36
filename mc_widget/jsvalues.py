"""Values from the front end with JavaScript's ``null`` as ``None``.

Why: in JupyterLite the kernel is Pyodide, where (since 0.28, PR #5719) a
JavaScript ``null`` arrives as ``pyodide.ffi.jsnull``, not ``None``; a gap, an
empty selection or an unset clock would then be refused. ``set_state`` passes
what a view sends through :func:`from_front` first. Outside Pyodide values
pass unchanged. The other way, a ``None``-valued key of a synced dict is
dropped on the way; the JS engine handles that (docs/export.md, section 7).
"""

from __future__ import annotations

import functools
from typing import Any


@functools.cache
def js_nulls() -> tuple[object, ...]:
    """The objects that stand for JavaScript ``null`` here: ``(jsnull,)`` in Pyodide, else ``()``.

    Looked up once, on first use, so importing mc_widget never imports Pyodide.
    """
    try:
        from pyodide.ffi import jsnull  # type: ignore[import-not-found]
    except ImportError:
        return ()
    return (jsnull,)


def from_front(value: Any) -> Any:
    """``value`` with every JavaScript ``null`` (at any depth) as ``None``.

    Dicts and lists are copied where they hold one (their other items are
    the same objects); anything else is returned as it is. JavaScript's
    ``undefined`` arrives as ``None`` and needs nothing (see the module).

    >>> from_front({"selected": None, "tableau": ["7H", None]})
    {'selected': None, 'tableau': ['7H', None]}
    """
    nulls = js_nulls()
    if not nulls:
        return value
    return _replace(value, nulls)


def _replace(value: Any, nulls: tuple[object, ...]) -> Any:
    if any(value is null for null in nulls):
        return None
    if isinstance(value, dict):
        return {key: _replace(item, nulls) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_replace(item, nulls) for item in value)
    return value
