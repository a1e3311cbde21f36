"""Layout notation in and out: a position written like chess FEN, so a teacher can
type one and both engines read it the same way.

    9H KH 4C 5D 2H/8D 2D 8C 4H 6S/… | TS 5C 2S …

The grammar, the canonical form and the errors in their order:
docs/architecture.md, "Layout notation".
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card, parse_card
from .errors import CardError, LayoutError, excerpt, show_repr
from .messages import Phrase, counted, phrase
from .rules import Rules

__all__ = ["GAP", "canonical_layout", "format_layout", "layout_rows", "parse_layout"]

#: How a gap is written.
GAP = ".."

Tableau = tuple[Card | None, ...]
Stock = tuple[Card, ...]


# Places are phrases, so that a layout error can be said in another language.
def _cell_place(row: int, col: int) -> Phrase:
    return phrase("cell.place", {"row": row, "col": col})


def _stock_place(index: int) -> Phrase:
    return phrase("stock.place", {"index": index})


def _row_place(row: int) -> Phrase:
    return phrase("row.place", {"row": row})


def parse_layout(text: str, rules: Rules) -> tuple[Tableau, Stock]:
    """Read layout notation for ``rules`` and return ``(tableau, stock)``.

    ``tableau`` has ``rules.rows·rules.cols`` entries in reading order, a
    ``Card`` or ``None`` for a gap; ``stock`` is a tuple of cards, next card
    first. A layout need not hold the whole deck, but no card may appear
    more than ``rules.decks`` times across tableau and stock.

    Raises ``LayoutError`` (with ``token`` and ``place``; its message quotes
    at most an ``excerpt`` of the token, 40 characters) for, in this order
    of checks: text that is not a string or is empty, more than one ``|``,
    a comma in a token (cells are separated by spaces), the wrong number of
    rows, a row with the wrong number of cells (first such row), a cell that
    is not a card or ``..`` (reading order), a stock token that is not a
    card, and a card that appears too often (at its first extra copy).
    Nothing is half-loaded: the result is all or nothing.
    """
    if not isinstance(text, str):
        shown = show_repr(text)
        raise LayoutError("layout.not-text", shown, "layout", {"value": shown})
    if not text.strip():
        raise LayoutError("layout.empty", "", "layout", {})
    if text.count("|") > 1:
        raise LayoutError("layout.bars", "|", "layout", {"count": text.count("|")})
    grid_text, _, stock_text = text.partition("|")
    rows = grid_text.split("/")
    _check_commas(rows, stock_text)
    if len(rows) != rules.rows:
        raise LayoutError(
            "layout.row-count",
            grid_text.strip(),
            "layout",
            {
                "count": len(rows),
                "rows": rules.rows,
                "has": counted("count.rows", len(rows)),
                "needs": counted("count.rows", rules.rows),
            },
        )
    split_rows = [row.split() for row in rows]
    for r, tokens in enumerate(split_rows, start=1):
        if len(tokens) != rules.cols:
            raise LayoutError(
                "layout.row-length",
                rows[r - 1].strip(),
                _row_place(r),
                {
                    "row": r,
                    "count": len(tokens),
                    "cols": rules.cols,
                    "has": counted("count.cells", len(tokens)),
                    "needs": counted("count.cells", rules.cols),
                },
            )
    tableau: list[Card | None] = []
    for r, tokens in enumerate(split_rows, start=1):
        for c, token in enumerate(tokens, start=1):
            if token == GAP:
                tableau.append(None)
                continue
            try:
                tableau.append(parse_card(token))
            except CardError:
                where = _cell_place(r, c)
                raise LayoutError(
                    "layout.bad-card", token, where, {"place": where, "token": excerpt(token)}
                ) from None
    stock: list[Card] = []
    for k, token in enumerate(stock_text.split(), start=1):
        try:
            stock.append(parse_card(token))
        except CardError:
            where = _stock_place(k)
            raise LayoutError(
                "layout.bad-stock-card", token, where, {"index": k, "token": excerpt(token)}
            ) from None
    _check_copies(rules, tableau, stock)
    return tuple(tableau), tuple(stock)


def _check_commas(rows: list[str], stock_text: str) -> None:
    """Raise ``LayoutError`` at the first token with a comma (rows in order, then the stock).

    Cells are separated by spaces; "9H, KH, 4C" or "9H,KH,4C" would otherwise
    be refused as a row of the wrong length or a bad card, which does not
    say what to change.
    """
    places = [
        (_row_place, r, token) for r, row in enumerate(rows, start=1) for token in row.split()
    ]
    places += [(_stock_place, k, token) for k, token in enumerate(stock_text.split(), start=1)]
    for place, number, token in places:
        if "," in token:
            where = place(number)
            params = {"place": where, "token": excerpt(token)}
            raise LayoutError("layout.commas", token, where, params)


def _joined(places: list[Phrase], lang: str = "en") -> Phrase:
    """Places joined by "; ", said in ``lang`` (a layout error's list of places)."""
    text = "; ".join(place.localize(lang) for place in places)
    return Phrase(text, _joined, (places,), lang)


def _check_copies(rules: Rules, tableau: list[Card | None], stock: list[Card]) -> None:
    """Raise ``LayoutError`` at the first copy of a card beyond ``rules.decks``."""
    cols = rules.cols
    located = [(card, i) for i, card in enumerate(tableau) if card is not None]
    # Stock places are numbered after the cells so one list keeps reading order.
    located += [(card, rules.cells + k) for k, card in enumerate(stock)]
    seen: dict[Card, list[int]] = {}
    for card, spot in located:
        earlier = seen.setdefault(card, [])
        earlier.append(spot)
        if len(earlier) <= rules.decks:
            continue
        names = [
            _cell_place(s // cols + 1, s % cols + 1)
            if s < rules.cells
            else _stock_place(s - rules.cells + 1)
            for s in earlier
        ]
        if rules.decks == 1:
            params = {"card": str(card), "first": names[0], "second": names[1]}
            raise LayoutError("layout.duplicate", str(card), names[-1], params)
        params = {"card": str(card), "decks": rules.decks, "places": _joined(names)}
        raise LayoutError("layout.too-many", str(card), names[-1], params)


def format_layout(rules: Rules, tableau: Sequence[Card | None], stock: Sequence[Card]) -> str:
    """Write ``tableau`` and ``stock`` in canonical layout notation.

    ``tableau`` must have ``rules.rows·rules.cols`` entries (``None`` for a
    gap). Cells are joined by one space, rows by ``/``, then `` | `` and the
    stock; with an empty stock the text ends in `` |``.
    """
    grid = "/".join(layout_rows(rules, tableau))
    if not stock:
        return grid + " |"
    return grid + " | " + " ".join(map(str, stock))


def layout_rows(rules: Rules, tableau: Sequence[Card | None]) -> list[str]:
    """The rows of ``tableau`` as layout notation: cards joined by one space, ``..`` for a gap."""
    cells = [GAP if card is None else str(card) for card in tableau]
    cols = rules.cols
    return [" ".join(cells[r * cols : (r + 1) * cols]) for r in range(rules.rows)]


def canonical_layout(text: str, rules: Rules) -> str:
    """Parse ``text`` and write it back canonically; raises like :func:`parse_layout`."""
    tableau, stock = parse_layout(text, rules)
    return format_layout(rules, tableau, stock)
