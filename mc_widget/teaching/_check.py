"""Input checks shared by the teaching modules: a tableau that fits the rules.

The wrong rules and the panel builder take tableaux from callers (lessons,
tests); a bad one must fail with a message naming the bad part, not draw a
broken board.
"""

from __future__ import annotations

from collections.abc import Sequence

from mc_widget.engine.cards import Card
from mc_widget.engine.rules import Rules

__all__ = ["check_cell", "check_tableau"]

Tableau = tuple[Card | None, ...]


def check_tableau(tableau: Sequence[Card | None], rules: Rules) -> Tableau:
    """Return ``tableau`` as a tuple after checking it fits ``rules``.

    Raises ``TypeError`` when ``rules`` is not a ``Rules`` or ``tableau`` is
    not a list/tuple, ``ValueError`` when it has the wrong length, and
    ``TypeError`` naming the first entry (``tableau[k]``) that is neither a
    ``Card`` nor ``None``.
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules value, not {type(rules).__name__}")
    if not isinstance(tableau, (list, tuple)):
        raise TypeError(f"tableau must be a list or tuple of cards, not {type(tableau).__name__}")
    if len(tableau) != rules.cells:
        raise ValueError(
            f"tableau has {len(tableau)} cells; the {rules.name} rules need "
            f"{rules.cells} ({rules.rows} rows of {rules.cols})"
        )
    for k, card in enumerate(tableau):
        if card is not None and not isinstance(card, Card):
            raise TypeError(f"tableau[{k}] is {card!r}, not a Card or None (a gap)")
    return tuple(tableau)


def check_cell(cell: object, rules: Rules, what: str = "cell") -> int:
    """Return ``cell`` when it is a whole number in ``0 … rules.cells - 1``.

    Raises ``TypeError`` (not a whole number; bools refused) or
    ``ValueError`` (outside the tableau), naming ``what``.
    """
    if not isinstance(cell, int) or isinstance(cell, bool):
        raise TypeError(f"{what} must be a whole number, not {cell!r}")
    if not 0 <= cell < rules.cells:
        raise ValueError(f"{what} {cell} is outside the tableau (0 to {rules.cells - 1})")
    return cell
