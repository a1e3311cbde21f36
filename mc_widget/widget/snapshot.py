"""A board's display carries a snapshot of the board as the cell showed it.

Why: a notebook saves each board's widget state once, at the end, so an
export drew every output of a board in its last position (lesson 4's hint
board said "Won!" beside the text about its first hint). Besides the widget
view, the display bundle now holds the board's values at display time under
a private mime type (``SNAPSHOT_MIME``) that JupyterLab, Notebook 7, Voilà
and VS Code do not know and so never draw; the lesson export draws each
output from its own snapshot (docs/export.md, section 4, "A snapshot per
display").
"""

from __future__ import annotations

from typing import Any

from ..export.model import SNAPSHOT_MIME, board_snapshot

__all__ = ["SNAPSHOT_MIME", "Snapshots"]


class Snapshots:
    """Mixin of ``MonteCarloWidget``: its IPython display bundle gains
    ``SNAPSHOT_MIME`` (``board_snapshot(self)``, a JSON object) next to the
    widget view and the ``text/plain`` form."""

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            data[SNAPSHOT_MIME] = board_snapshot(self)
        return bundle
