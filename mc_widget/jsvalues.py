"""Values from the front end with JavaScript's ``null`` as ``None``.

Why: in JupyterLite the kernel is Pyodide, and since Pyodide 0.28 (PR #5719)
a JavaScript ``null`` reaches Python as ``pyodide.ffi.jsnull``, not ``None``.
A gap in the tableau, an empty selection and an unset clock are all ``null``
in the synced JSON, so without this every move from a JupyterLite board was
refused ("state.tableau[5] must be a card like 7H"). ``MonteCarloWidget.set_state``
passes what a view sends through :func:`from_front` first (docs/export.md,
section 7). Outside Pyodide there is no ``jsnull`` and values pass unchanged.

What is known, each way, in JupyterLite:

- front end to Python: a JavaScript ``null`` arrives as ``jsnull`` (this
  module makes it ``None``), ``undefined`` as ``None`` (nothing to do);
- Python to front end: a ``None``-valued key of a synced dict is dropped on
  the way, so the front end sees the key missing. That is handled in the JS
  engine, not here (docs/export.md, section 7).
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
