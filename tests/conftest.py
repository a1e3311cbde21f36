"""Fixtures several test modules share: a stand-in for Pyodide's ``jsnull``,
and a record of what a widget sends to its views with ``send_state``."""

from __future__ import annotations

import sys
import types

import pytest

from mc_widget.jsvalues import js_nulls


class JsNull:
    """Like ``pyodide.ffi.jsnull``: one object that is not ``None``."""

    def __repr__(self) -> str:
        return "jsnull"


@pytest.fixture
def jsnull(monkeypatch):
    """Pyodide's ``jsnull`` as mc_widget.jsvalues finds it (a fake ``pyodide.ffi``)."""
    null = JsNull()
    pyodide = types.ModuleType("pyodide")
    ffi = types.ModuleType("pyodide.ffi")
    ffi.jsnull = null
    pyodide.ffi = ffi
    monkeypatch.setitem(sys.modules, "pyodide", pyodide)
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    js_nulls.cache_clear()
    yield null
    js_nulls.cache_clear()


@pytest.fixture
def sent(w, monkeypatch):
    """The trait names of each update message the module's widget ``w`` sends
    to the views (``send_state``), one set per message."""
    calls = []

    def send_state(key=None):
        calls.append({key} if isinstance(key, str) else set(key or ()))

    monkeypatch.setattr(w, "send_state", send_state)
    return calls
