"""Cards: the ``Card`` value type, card text in and out (architecture.md, "Cards").

A card is a rank (1 = ace … 13 = king) and a suit (``S H D C``). Its
canonical text is ASCII, two characters: ``7H``, ``TD``, ``AS``. People see
the symbol form (``7♥``, ``10♦``), screen readers the name form
(``7 of hearts``). RULES.md, "Terms": only the rank matters for pairing in the
standard game; suits and colours never do. Boards show a card in their
language's letters (``D♥`` on a German board, docs/i18n.md section 1):
:func:`card_symbol` and :func:`card_name`; the notation stays English.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import CardError, is_int, show_repr
from .messages import Phrase, catalogue, format_message

__all__ = [
    "RANKS",
    "SUITS",
    "SUIT_SYMBOLS",
    "Card",
    "card_name",
    "card_symbol",
    "full_deck",
    "parse_card",
]

#: Rank letters in order; the value of a rank is its index + 1 (A = 1 … K = 13).
RANKS = "A23456789TJQK"
#: Suit letters in deck order.
SUITS = "SHDC"
#: Suit letter -> symbol.
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

_RANK_OF_TEXT = {letter: value for value, letter in enumerate(RANKS, start=1)}
_RANK_OF_TEXT.update({letter.lower(): value for letter, value in list(_RANK_OF_TEXT.items())})
_RANK_OF_TEXT["10"] = 10
_SUIT_OF_TEXT = {s: s for s in SUITS}
_SUIT_OF_TEXT.update({s.lower(): s for s in SUITS})
_SUIT_OF_TEXT.update({symbol: s for s, symbol in SUIT_SYMBOLS.items()})


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card: ``rank`` 1 … 13 (ace … king) and ``suit`` one of ``S H D C``.

    ``str(card)`` is the canonical text (``"7H"``), ``card.symbol`` what
    people see (``"7♥"``, ``"10♦"``), ``card.name`` what a screen reader says
    (``"7 of hearts"``), both English; :func:`card_symbol` and
    :func:`card_name` give them in another language, and a ``Card`` given
    to ``format_message`` as a parameter is written as its symbol in the
    sentence's language. With two decks two equal ``Card`` values are the two
    copies of that card.

    Raises ``CardError`` when the rank is not an int in 1 … 13 (bools are not
    ints here) or the suit is not one of the strings ``S H D C`` (a list, a
    dict or any other value included).
    """

    rank: int
    suit: str

    def __post_init__(self) -> None:
        rank_ok = is_int(self.rank) and 1 <= self.rank <= 13
        # isinstance first: `["S"] in a set` would be a TypeError (unhashable).
        suit_ok = isinstance(self.suit, str) and self.suit in _SUITS_SET
        if not (rank_ok and suit_ok):
            raise CardError(f"Card(rank={show_repr(self.rank)}, suit={show_repr(self.suit)})")

    @staticmethod
    def parse(text: str) -> Card:
        """Read card text and return the ``Card``.

        Accepts the canonical form (``7H``, ``TD``), ``10`` for ``T``, lower
        case (``7h``, ``td``) and the suit symbols ``♠ ♥ ♦ ♣`` (``10♦``).
        Raises ``CardError`` naming the text for anything else (including
        surrounding spaces and non-strings).
        """
        return parse_card(text)

    @property
    def text(self) -> str:
        """The canonical ASCII text, e.g. ``"7H"`` (same as ``str(card)``)."""
        return RANKS[self.rank - 1] + self.suit

    @property
    def symbol(self) -> str:
        """What people see: rank letter (``T`` shown as ``10``) and suit symbol, e.g. ``"10♦"``."""
        letter = "10" if self.rank == 10 else RANKS[self.rank - 1]
        return letter + SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """The spoken name from the English catalogue, e.g. ``"ace of spades"``."""
        return card_name(self)

    def localize(self, lang: str = "en") -> str:
        """The symbol in ``lang``'s letters (:func:`card_symbol`): how a parameter is said."""
        return card_symbol(self, lang)

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self.suit in ("H", "D")

    def __str__(self) -> str:
        return self.text


_SUITS_SET = frozenset(SUITS)

#: The ranks whose letter is a word's initial, so each language has its own.
_LETTERED = frozenset("AJQK")


def card_symbol(card: Card, lang: str = "en") -> Phrase:
    """What people see in ``lang``: the rank letter and the suit symbol, e.g. ``"D♥"`` in German.

    The letters of A, J, Q, K are the catalogue's ``letter.A`` … ``letter.K``;
    the number cards are digits, ten is ``10``, in every language
    (docs/i18n.md, section 1). English gives ``card.symbol``. A ``Phrase``,
    so a parameter made from it can be said again in another language.
    Raises ``ValueError`` for an unknown ``lang``.
    """
    letter = RANKS[card.rank - 1]
    if letter in _LETTERED:
        key = "letter." + letter
        letter = catalogue(lang).get(key) or catalogue()[key]
    elif letter == "T":
        letter = "10"
    return Phrase(letter + SUIT_SYMBOLS[card.suit], card_symbol, (card,), lang)


def card_name(card: Card, lang: str = "en") -> Phrase:
    """The card in words in ``lang``, from ``card.name``, ``rank.*`` and ``suit.*``.

    ``"queen of hearts"``; each language orders the words its own way
    ("Herz-Dame", "dame de cœur"). A ``Phrase``; raises ``ValueError`` for
    an unknown ``lang``.
    """
    params = {
        "rank": format_message("rank." + RANKS[card.rank - 1], lang=lang),
        "suit": format_message("suit." + card.suit, lang=lang),
    }
    return Phrase(format_message("card.name", params, lang), card_name, (card,), lang)


#: Canonical text -> the one shared Card value (parsing is a dict look-up).
_BY_TEXT: dict[str, Card] = {r + s: Card(v, s) for s in SUITS for v, r in enumerate(RANKS, 1)}


def parse_card(text: str) -> Card:
    """Read card text (see :meth:`Card.parse`); raises ``CardError`` naming the text."""
    card = _BY_TEXT.get(text) if isinstance(text, str) else None
    if card is not None:
        return card
    if not isinstance(text, str) or len(text) < 2:
        raise CardError(text)
    rank = _RANK_OF_TEXT.get(text[:-1])
    suit = _SUIT_OF_TEXT.get(text[-1])
    if rank is None or suit is None:
        raise CardError(text)
    return _BY_TEXT[RANKS[rank - 1] + suit]


def full_deck(decks: int = 1) -> list[Card]:
    """The unshuffled deck(s): for each deck, suits ``S H D C``, ranks ``A … K``.

    So ``AS 2S … KS AH … KC``, repeated ``decks`` times (architecture.md,
    "Deal numbers").
    """
    one = [_BY_TEXT[r + s] for s in SUITS for r in RANKS]
    return one * decks
