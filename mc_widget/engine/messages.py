"""The message catalogues: every learner-facing sentence, in six languages.

Why one module: both engines say the same ``(key, params)`` the same way, so
lookup, plurals and lists (Babel, CLDR) live together; parameters as JSON
data are ``engine/params.py``'s, so this module imports nothing of the
engine. A missing key or parameter raises ``KeyError`` (a caller's bug); a
key missing from another language falls back to English, so a learner's
board never crashes on it. Contract:
docs/i18n.md and docs/architecture.md, "Message catalogue".
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

__all__ = [
    "CATALOGUE_PATH",
    "LANGUAGES",
    "MESSAGES_DIR",
    "PYTHON_ONLY",
    "Phrase",
    "catalogue",
    "check_language",
    "counted",
    "format_list",
    "format_message",
    "format_pair",
    "front_end_catalogue",
    "has_message",
    "phrase",
    "plural_category",
    "python_only",
    "read_param",
    "read_params",
]

#: The board's languages (docs/i18n.md): English first, the source.
LANGUAGES = ("en", "sv", "nl", "de", "it", "fr")

MESSAGES_DIR = Path(__file__).resolve().parent.parent / "messages"
CATALOGUE_PATH = MESSAGES_DIR / "en.json"

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def check_language(lang: object) -> str:
    """Return ``lang`` when it is one of :data:`LANGUAGES`.

    Raises ``ValueError`` naming the value and the six codes otherwise
    (non-strings included).
    """
    if isinstance(lang, str) and lang in LANGUAGES:
        return lang
    raise ValueError(f"unknown language {lang!r}: the languages are {', '.join(LANGUAGES)}")


@cache
def _load(lang: str) -> dict[str, str]:
    with (MESSAGES_DIR / f"{lang}.json").open(encoding="utf-8") as handle:
        return dict(json.load(handle))


def catalogue(lang: str = "en") -> dict[str, str]:
    """The catalogue of ``lang`` as a dict ``key -> template`` (each file read once).

    Raises ``ValueError`` for a code not in :data:`LANGUAGES`.
    """
    return _load(check_language(lang))


def has_message(key: str) -> bool:
    """True when ``key`` is in the English catalogue (every language has the same keys)."""
    return key in catalogue()


def _say(value: Any, lang: str) -> str:
    """A parameter as text in ``lang``: a value with ``localize`` says itself, a
    parameter in its JSON shape (a count, a list, a nested message, a card
    symbol, as in a ``feedback`` trait: docs/i18n.md, section 2) is read by
    :func:`read_param` first, others ``str``."""
    if (type(value) is str and _CARD_SYMBOL.fullmatch(value)) or isinstance(value, dict):
        value = read_param(value)
    elif type(value) in (str, int):
        return str(value)
    localize = getattr(value, "localize", None)
    return str(value) if localize is None else localize(lang)


class _MissingParameter(KeyError):
    pass


@lru_cache(maxsize=4096)
def _pieces(template: str) -> tuple[str, ...]:
    """``template`` split at its placeholders: text, name, text, name, …, text."""
    return tuple(_PLACEHOLDER.split(template))


def _fill(key: str, template: str, values: dict[str, Any], lang: str) -> str:
    pieces = _pieces(template)
    if len(pieces) == 1:
        return template
    out = list(pieces)
    for k in range(1, len(out), 2):
        name = out[k]
        if name not in values:
            raise _MissingParameter(f"message {key!r} needs the parameter {name!r}")
        out[k] = _say(values[name], lang)
    return "".join(out)


def format_message(key: str, params: dict[str, Any] | None = None, lang: str = "en") -> str:
    """Fill the template ``key`` of ``lang`` with ``params`` and return the sentence.

    ``params`` maps placeholder names to values. A ``Card`` is written in the
    language's letters and suit symbol (``D♥`` in German for the queen of
    hearts, docs/i18n.md section 1), a :class:`Phrase` (a counted text, a
    list, a card symbol, a nested message) is said again in ``lang``, and
    other values are turned into text with ``str``. Extra parameters are
    ignored.

    Raises ``ValueError`` for an unknown ``lang``, ``KeyError`` when ``key``
    is not in the English catalogue or a placeholder of its template has no
    parameter. A key (or a parameter of a translated template) missing in
    another language falls back to the English template.
    """
    values = params or {}
    if lang == "en":
        return _fill(key, catalogue()[key], values, lang)
    template = catalogue(lang).get(key)
    if template is None:
        return _fill(key, catalogue()[key], values, lang)
    try:
        return _fill(key, template, values, lang)
    except _MissingParameter:
        return _fill(key, catalogue()[key], values, lang)


class Phrase(str):
    """A text made from the catalogue that can be said again in another language.

    A ``str`` whose value is the text in the language it was made in
    (English unless asked otherwise), so it compares, prints and goes into
    JSON as that text (``Phrase`` params keep the conformance vectors' and
    the front end's shapes). It remembers how it was made: ``p.localize(lang)``
    (also ``p(lang)``) makes it again in ``lang``, and :func:`format_message`
    does so for a ``Phrase`` parameter. Made by :func:`phrase`,
    :func:`counted`, :func:`format_list` and ``cards.card_symbol`` /
    ``card_name``; an engine error's ``message`` is one too.
    """

    maker: Callable[..., str]
    args: tuple[Any, ...]
    lang: str

    def __new__(cls, text: str, maker: Callable[..., str], args: Iterable[Any], lang: str = "en"):
        self = super().__new__(cls, text)
        self.maker = maker
        self.args = tuple(args)
        self.lang = lang
        return self

    def localize(self, lang: str = "en") -> str:
        """The same text in ``lang`` (``ValueError`` for an unknown code)."""
        if lang == self.lang:
            return str(self)
        return str(self.maker(*self.args, lang=check_language(lang)))

    __call__ = localize

    def __reduce__(self):
        return (Phrase, (str(self), self.maker, self.args, self.lang))


def phrase(key: str, params: dict[str, Any] | None = None, lang: str = "en") -> Phrase:
    """:func:`format_message` as a :class:`Phrase`: a parameter that can be said again.

    For a sentence part given to another message as a parameter (``"row 2,
    column 3"`` as the ``place`` of a layout error), so that the whole can
    be shown in another language. Raises like :func:`format_message`.
    """
    values = dict(params or {})
    return Phrase(format_message(key, values, lang), format_message, (key, values), lang)


@cache
def _plural_rule(lang: str) -> Callable[[int], str]:
    from babel import Locale

    return Locale.parse(lang).plural_form


@lru_cache(maxsize=4096)
def _category(count: int, lang: str) -> str:
    return _plural_rule(lang)(count)


def plural_category(count: int, lang: str = "en") -> str:
    """The CLDR plural category of ``count`` in ``lang`` (``"one"``, ``"other"``, …), from Babel.

    Babel's answer for a whole number is kept (counts repeat: hints, status lines).
    """
    check_language(lang)
    if type(count) is int:
        return _category(count, lang)
    return _plural_rule(lang)(count)


def counted(key: str, count: int, lang: str = "en") -> Phrase:
    """``count`` things in words, from the catalogue's ``<key>.<category>``.

    The category is Babel's plural rule for ``lang`` (``one`` for 1 in
    English, for 0 and 1 in French); a category the catalogue lacks (French
    ``many``, for millions) falls back to ``<key>.other``.
    ``counted("count.rows", 1)`` is ``"1 row"``, ``counted("count.rows", 5)``
    is ``"5 rows"``. A :class:`Phrase`: said again with the other
    language's plural rule.
    """
    name = f"{key}.{plural_category(count, lang)}"
    if name not in catalogue(lang):
        name = f"{key}.other"
    return Phrase(format_message(name, {"count": count}, lang), counted, (key, count), lang)


def format_list(items: Iterable[Any], lang: str = "en") -> Phrase:
    """``items`` joined as a list in ``lang`` ("7♥, 7♣, and 7♠"), by Babel's ``format_list``.

    Babel's standard (conjunction) style, CLDR's, the same as JavaScript's
    ``Intl.ListFormat`` (docs/i18n.md, section 1). Items are said as
    parameters are (a ``Card`` in the language's letters). A
    :class:`Phrase`: said again in another language.
    """
    from babel.lists import format_list as babel_list

    check_language(lang)
    values = tuple(items)
    text = babel_list([_say(item, lang) for item in values], style="standard", locale=lang)
    return Phrase(text, format_list, (values,), lang)


def format_pair(items: Iterable[Any], lang: str = "en") -> Phrase:
    """Two cards as one pair in a list of pairs, joined by an en dash ("7♥\u20137♣"),
    as the front end's ``listOf([a, b], "pair")`` says them in every
    language. A :class:`Phrase`: said again in another language."""
    values = tuple(items)
    text = "\u2013".join(str(_say(item, lang)) for item in values)  # an en dash
    return Phrase(text, format_pair, (values,), lang)


# --------------------------------------------------------------------------
# What the front end gets: its catalogue, and parameters as data


#: The catalogue keys the browser never shows: a prefix ends in ``.`` or
#: ``-``, anything else is a whole key. One list, mc_widget/messages/python-only.json,
#: which scripts/build.mjs reads too (its comment says why each is there). The
#: bundle leaves them out, and so does a board's ``_messages``
#: (:func:`front_end_catalogue`); Python sends their texts finished
#: (``feedback.text``, a title, a panel).
def key_list(name: str) -> tuple[tuple[str, ...], Callable[[str], bool]]:
    """The key list mc_widget/messages/``name``.json (an entry ending in ``.``
    or ``-`` is a prefix, anything else a whole key) and whether a key is on
    it, as ``listed`` in scripts/build.mjs reads the same files."""
    entries = tuple(json.loads((MESSAGES_DIR / f"{name}.json").read_text(encoding="utf-8")))
    prefixes = tuple(p for p in entries if p.endswith((".", "-")))
    whole = frozenset(p for p in entries if not p.endswith((".", "-")))
    return entries, lambda key: key in whole or key.startswith(prefixes)


PYTHON_ONLY, _python_only = key_list("python-only")


def python_only(key: str) -> bool:
    """True when the browser never shows ``key`` (:data:`PYTHON_ONLY`), as ``pythonOnly`` in JS."""
    return _python_only(key)


@cache
def _front_end(lang: str) -> dict[str, str]:
    # English under the language's own texts: a key a catalogue lacks is said
    # in English, never missing (docs/i18n.md, section 2).
    merged = {**catalogue("en"), **catalogue(lang)} if lang != "en" else catalogue("en")
    return {key: text for key, text in merged.items() if not python_only(key)}


def front_end_catalogue(lang: str) -> dict[str, str]:
    """``lang``'s catalogue less :data:`PYTHON_ONLY`, flat, English included.

    What a board speaking ``lang`` sends its front end (the ``_messages``
    trait, docs/i18n.md section 2): every key the browser may show, a key
    ``lang``'s catalogue lacks filled in from English. A new dict each call. Raises
    ``ValueError`` for a code not in :data:`LANGUAGES`.
    """
    return dict(_front_end(check_language(lang)))


#: A string parameter that is a card symbol, as the front end recognises it.
_CARD_SYMBOL = re.compile(r"(?:[2-9AJQK]|10)[♠♥♦♣]")


def _symbol(symbol: str, lang: str = "en") -> Phrase:
    """A card symbol (``"Q♥"``) in ``lang``'s letters, as ``cards.card_symbol`` says
    it (A, J, Q, K are the catalogue's ``letter.*``), without reading the card:
    this module imports nothing else of the engine."""
    rank = symbol[:-1]
    if rank in "AJQK":
        key = "letter." + rank
        rank = catalogue(lang).get(key) or catalogue()[key]
    return Phrase(rank + symbol[-1], _symbol, (symbol,), lang)


def read_param(data: Any, path: str = "param", card: Callable[[str], Any] = _symbol) -> Any:
    """A parameter in its JSON shape (docs/i18n.md, section 2) as a value said in any language.

    A count gives :func:`counted`, a list :func:`format_list` (with
    ``"type": "pair"``, :func:`format_pair`), a nested message
    :func:`phrase`, a string that is a card symbol (``"Q♥"``, ``"10♦"``)
    ``card(symbol)``; other strings, numbers and ``None`` stay as
    they are. ``engine/params.py`` (``param_from_json``) gives ``card`` the
    card's own phrase. Raises ``ValueError`` naming ``path`` for a value of
    no shape (a dict with other keys, a list).
    """
    if data is None or type(data) in (int, float, bool):
        return data
    if isinstance(data, str):
        return card(data) if _CARD_SYMBOL.fullmatch(data) else data
    if isinstance(data, dict):
        keys = set(data)
        if keys == {"count", "of"} and type(data["count"]) is int and isinstance(data["of"], str):
            return counted(data["of"], data["count"])
        if keys == {"list"} and isinstance(data["list"], list):
            items = data["list"]
            return format_list(
                read_param(v, f"{path}.list[{k}]", card) for k, v in enumerate(items)
            )
        if keys == {"list", "type"} and data["type"] == "pair" and isinstance(data["list"], list):
            items = data["list"]
            return format_pair(
                read_param(v, f"{path}.list[{k}]", card) for k, v in enumerate(items)
            )
        if keys in ({"key"}, {"key", "params"}) and isinstance(data["key"], str):
            return phrase(data["key"], read_params(data.get("params"), f"{path}.params", card))
    raise ValueError(f"{path}: {data!r} is not a message parameter")


def read_params(
    params: dict[str, Any] | None, path: str = "params", card: Callable[[str], Any] = _symbol
) -> dict[str, Any]:
    """:func:`read_param` of each parameter (a new dict); ``ValueError`` naming the bad one."""
    if params is None:
        return {}
    if not isinstance(params, dict):
        raise ValueError(f"{path}: {params!r} is not an object of parameters")
    return {name: read_param(value, f"{path}.{name}", card) for name, value in params.items()}
