"""A board's snapshot in a notebook output, read as input from outside.

Why: each board output carries the board as its cell showed it
(``SNAPSHOT_MIME``, mc_widget/widget/snapshot.py), and the lesson export
draws that output from it rather than from the widget state saved at the
end. A notebook's outputs are whatever its file says, so a snapshot gets
exactly the verification a saved board gets (``board_from_saved``:
the engine replays its state, every other trait is checked) and may hold
nothing else; a bad one is refused by name (docs/export.md, section 4).
"""

from __future__ import annotations

from typing import Any

from ..board_values import NO_CLOCK
from ..engine.errors import excerpt
from .model import BOARD_TRAITS, SNAPSHOT_LEAVES_OUT
from .saved import SavedStateRefused, board_from_saved

#: The keys a snapshot may hold: the board's traits but the left-out ones.
SNAPSHOT_KEYS = frozenset(BOARD_TRAITS) - frozenset(SNAPSHOT_LEAVES_OUT)


def board_from_snapshot(snapshot: Any, where: str) -> dict[str, Any]:
    """The verified board model (docs/export.md, section 1) of ``snapshot``,
    the ``SNAPSHOT_MIME`` data of one output; ``where`` names the output in
    errors (``"cell 6, output 1"``).

    The board's clock is unset (``NO_CLOCK``: a snapshot holds no wall-clock
    time, so the page's clock starts at the reader's first move); ``winnable``
    and ``solution`` are worked out again on the verified game and
    ``_messages`` is the project's catalogue of the named language. Raises
    :class:`SavedStateRefused` naming ``where`` when it is not an object, holds
    a key that is not a board trait (``clock`` included), lacks one, or a value
    the saved-board checks refuse.
    """
    if not isinstance(snapshot, dict):
        raise SavedStateRefused(f"{where}: the board snapshot is not an object")
    extra = [key for key in snapshot if key not in SNAPSHOT_KEYS]
    if extra:
        # Each key quoted short, at most three of them: a forged output may
        # hold a thousand keys of a megabyte each.
        named = ", ".join(repr(excerpt(str(key))) for key in extra[:3])
        more = f" and {len(extra) - 3} more" if len(extra) > 3 else ""
        raise SavedStateRefused(
            f"{where}: the board snapshot holds {named}{more}, which "
            f"{'is' if len(extra) == 1 else 'are'} not a board trait it may set"
        )
    saved = {**snapshot, "clock": dict(NO_CLOCK)}
    try:
        return board_from_saved(saved, "snapshot")
    except SavedStateRefused as refused:
        raise SavedStateRefused(f"{where}: {refused}") from None
