"""A result file of ``python -m mc_widget.stats``, read as input from outside.

Anyone can write the JSON a run resumes from or lesson 4 reads, so every
field is checked for type and range before any of it is used or written
back (docs/analysis.md, section 5, "File"): a bool is not a number, NaN and
infinity are refused, a huge int by its range before any float is made, a
key no part has is refused. Each refusal is a ``ValueError`` naming the
part and quoting at most an excerpt of the bad value (issue 17, item 8).
"""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

from ..engine.deals import MAX_DEAL
from ..engine.errors import excerpt, show_repr
from ..engine.rules import resolve_rules
from .policies import DEFINITIONS, POLICIES

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MAX_N",
    "MAX_SEED",
    "MIN_SEED",
    "bad",
    "check_document",
    "read_json",
    "whole",
]

#: The ``format`` field of a result file, and the version of its layout.
FORMAT = "mc_widget.stats"
FORMAT_VERSION = 1

# The ranges of a result file's fields (docs/analysis.md §5, "File"), checked
# on whole numbers as ints, so a huge one is refused before any float is made.
#: The most deals a run or a file can cover: deal numbers are 0 … 4294967295.
MAX_N = MAX_DEAL + 1
#: The seeds of the ``random`` policy: 64-bit whole numbers.
MIN_SEED, MAX_SEED = -(2**63), 2**63 - 1
#: The most seconds a range or a run may record (about 31.7 years).
MAX_SECONDS = 10**9
#: The longest text a descriptive field holds (a policy's definition, ``date``, …).
MAX_TEXT = 2000
#: The highest policy version a file may give (each is raised by hand, one at a time).
MAX_VERSION = 10**6
# The fields of each part; any other key is refused, so nothing unchecked is
# kept and written back.
_DOCUMENT_KEYS = ("format", "version", "rules", "seed", "n", "policies", "summary", "runs")
_POLICY_KEYS = ("version", "code", "definition", "ranges")
_RANGE_KEYS = ("start", "stop", "won", "removed", "rounds", "seconds")
_RUN_KEYS = (
    "date",
    "n",
    "policies",
    "games_played",
    "jobs",
    "wall_seconds",
    "python",
    "machine",
    "cpus",
)
#: A policy's ``code``: :func:`~.policies.code_fingerprint`, 16 hex digits.
_FINGERPRINT = re.compile("[0-9a-f]{16}")


def bad(where: str, what: str) -> ValueError:
    return ValueError(f"{where}: {what}")


def whole(value: Any) -> bool:
    """True for an ``int`` that is not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


def _keys(entry: dict[str, Any], allowed: tuple[str, ...], needed: tuple[str, ...], at: str):
    """Refuse a key that is not ``allowed`` (so nothing unchecked is kept and
    written back), then a ``needed`` one that is missing; ``at`` is the path
    before a key (``"r.json: "``, ``"r.json: runs[0]."``)."""
    for key in entry:
        if key not in allowed:
            raise ValueError(f"{at}{excerpt(str(key))}: not a field of a result file")
    for key in needed:
        if key not in entry:
            raise ValueError(f"{at}{key} is missing")


def _count(value: Any, place: str, low: int, high: int) -> None:
    """A whole number from ``low`` to ``high`` (a bool is not one; a huge int is
    compared as an int, never made a float)."""
    if not whole(value) or not low <= value <= high:
        raise ValueError(
            f"{place}: needs a whole number from {low} to {high}, not {show_repr(value)}"
        )


def _seconds(value: Any, place: str) -> None:
    """A number of seconds from 0 to :data:`MAX_SECONDS`: NaN and infinity are
    refused (``0 <= nan`` is false), a huge int by the comparison before any float."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{place}: needs a number of seconds, not {show_repr(value)}")
    if not 0 <= value <= MAX_SECONDS:
        raise ValueError(
            f"{place}: needs a number of seconds from 0 to {MAX_SECONDS}, not {show_repr(value)}"
        )


def _text(value: Any, place: str) -> None:
    """A text of at most :data:`MAX_TEXT` characters (a description, not read)."""
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise ValueError(
            f"{place}: needs a text of at most {MAX_TEXT} characters, not {show_repr(value)}"
        )


def check_document(doc: Any, where: str) -> dict[str, Any]:
    """Check every field of a result document, type and range; raises
    ``ValueError`` naming the bad part.

    A file that passes can be summarised, resumed and written back as valid
    JSON: no unknown key, no bool for a number, no NaN or infinity, no int
    beyond its field's range. ``summary`` need only be an object (:func:`load`
    works it out again). A run entry of an older file, with ``deals_played``
    for ``games_played``, is renamed in ``doc``.
    """
    if not isinstance(doc, dict):
        raise bad(where, "not a JSON object")
    if doc.get("format") != FORMAT:
        raise bad(
            where, f"format is {show_repr(doc.get('format'))}, not {FORMAT!r}: not a stats file"
        )
    version = doc.get("version")
    if not whole(version) or version != FORMAT_VERSION:
        raise bad(
            where, f"version is {show_repr(version)}; this code reads version {FORMAT_VERSION}"
        )
    _keys(doc, _DOCUMENT_KEYS, ("rules", "seed", "n", "policies", "runs"), f"{where}: ")
    if not isinstance(doc["rules"], dict):
        raise bad(where, f"rules must be an object, not {type(doc['rules']).__name__}")
    try:
        deck = resolve_rules(doc["rules"]).deck_size
    except ValueError as error:  # a StateError naming rules.<field>
        raise bad(where, str(error)) from None
    if not whole(doc["seed"]) or not MIN_SEED <= doc["seed"] <= MAX_SEED:
        raise bad(
            where,
            f"seed must be a whole number from {MIN_SEED} to {MAX_SEED},"
            f" not {show_repr(doc['seed'])}",
        )
    if not whole(doc["n"]) or not 0 <= doc["n"] <= MAX_N:
        raise bad(
            where, f"n must be a whole number of deals from 0 to {MAX_N}, not {show_repr(doc['n'])}"
        )
    if not isinstance(doc.get("summary", {}), dict):
        raise bad(where, "summary must be an object")
    if not isinstance(doc["runs"], list):
        raise bad(where, f"runs must be a list, not {type(doc['runs']).__name__}")
    for k, entry in enumerate(doc["runs"]):
        _check_run(entry, f"{where}: runs[{k}]")
    if not isinstance(doc["policies"], dict):
        raise bad(where, "policies must be an object")
    for name, entry in doc["policies"].items():
        place = f"{where}: policies.{excerpt(name)}"
        if name not in DEFINITIONS:
            raise ValueError(f"{place}: unknown policy; known: {', '.join(POLICIES)}")
        _check_policy(entry, place, deck)
    return doc


def _check_policy(entry: Any, place: str, deck: int) -> None:
    """A policy's entry: ``version``, ``code`` (a fingerprint, null or absent in
    files older than it), ``definition`` and its ``ranges``, none overlapping."""
    if not isinstance(entry, dict):
        raise ValueError(f"{place}: needs version, definition and a list of ranges")
    _keys(entry, _POLICY_KEYS, ("version", "definition", "ranges"), f"{place}.")
    _count(entry["version"], f"{place}.version", 0, MAX_VERSION)
    code = entry.get("code")
    if not (code is None or (isinstance(code, str) and _FINGERPRINT.fullmatch(code))):
        raise ValueError(
            f"{place}.code: a fingerprint of 16 hex digits or null, not {show_repr(code)}"
        )
    _text(entry["definition"], f"{place}.definition")
    if not isinstance(entry["ranges"], list):
        raise ValueError(f"{place}.ranges: needs a list of ranges")
    done: list[tuple[int, int]] = []
    for k, piece in enumerate(entry["ranges"]):
        _check_range(piece, f"{place}.ranges[{k}]", deck)
        done.append((piece["start"], piece["stop"]))
    done.sort()
    for (a0, a1), (b0, b1) in itertools.pairwise(done):
        if b0 < a1:
            raise ValueError(f"{place}: deals {a0}…{a1 - 1} and {b0}…{b1 - 1} overlap")


def _check_run(entry: Any, place: str) -> None:
    """A ``runs`` entry: ``n``, ``policies``, ``games_played`` and ``wall_seconds``,
    and, when there, ``date``, ``jobs``, ``python``, ``machine`` and ``cpus``.

    The second group only describes the run and is not read, but it is
    written back, so it is checked too. An old entry's ``deals_played`` (the
    same count under its first, wrong, name) becomes ``games_played``.
    """
    if not isinstance(entry, dict):
        raise ValueError(f"{place}: not an object")
    if "games_played" not in entry and "deals_played" in entry:
        entry["games_played"] = entry.pop("deals_played")
    _keys(entry, _RUN_KEYS, (), f"{place}.")
    _count(entry.get("n"), f"{place}.n", 0, MAX_N)
    names = entry.get("policies")
    if not isinstance(names, list) or not all(
        isinstance(name, str) and name in DEFINITIONS for name in names
    ):
        raise ValueError(f"{place}.policies: needs a list of policy names ({', '.join(POLICIES)})")
    # One game per policy and deal, of the deals below n.
    _count(entry.get("games_played"), f"{place}.games_played", 0, entry["n"] * len(names))
    _seconds(entry.get("wall_seconds"), f"{place}.wall_seconds")
    for key in ("date", "python", "machine"):
        if key in entry:
            _text(entry[key], f"{place}.{key}")
    if "jobs" in entry:
        jobs = entry["jobs"]
        if not whole(jobs) or jobs == 0 or not -MAX_N <= jobs <= MAX_N:
            raise ValueError(
                f"{place}.jobs: needs a whole number other than 0, not {show_repr(jobs)}"
            )
    if entry.get("cpus") is not None:  # os.cpu_count() may not know
        _count(entry["cpus"], f"{place}.cpus", 1, MAX_N)


def _check_range(piece: Any, place: str, deck: int) -> None:
    """A range entry: deals ``start … stop - 1`` (``0 <= start < stop <= MAX_N``),
    one ``won`` character, ``removed`` (0 … the deck) and ``rounds`` (1 … the
    deck + 1: every round but the last removes a card) per deal, and ``seconds``."""
    if not isinstance(piece, dict):
        raise ValueError(f"{place}: not an object")
    _keys(piece, _RANGE_KEYS, _RANGE_KEYS, f"{place}.")
    start, stop = piece["start"], piece["stop"]
    if not (whole(start) and whole(stop) and 0 <= start < stop <= MAX_N):
        raise ValueError(
            f"{place}: start and stop must be whole numbers, 0 <= start < stop <= {MAX_N},"
            f" not {show_repr(start)} and {show_repr(stop)}"
        )
    count = stop - start
    won = piece["won"]
    if not isinstance(won, str) or len(won) != count or set(won) - {"0", "1"}:
        raise ValueError(f"{place}.won: needs {count} characters 0 or 1")
    for key, low, high, what in (
        ("removed", 0, deck, "the cards of the rules' deck"),
        ("rounds", 1, deck + 1, "the rules' deck + 1: every round but the last removes a card"),
    ):
        values = piece[key]
        if not isinstance(values, list) or len(values) != count:
            raise ValueError(f"{place}.{key}: needs a list of {count} whole numbers")
        if not all(whole(v) and low <= v <= high for v in values):
            raise ValueError(f"{place}.{key}: needs whole numbers from {low} to {high}, {what}")
    _seconds(piece["seconds"], f"{place}.seconds")


def read_json(text: str, where: str) -> Any:
    """``json.loads(text)``, with what it raises itself named: JSON that does not
    parse, nesting deeper than it can read (its ``RecursionError``) and an int
    of more digits than Python converts (its ``ValueError``); ``where`` names
    the file. NaN and infinity read as floats and are refused by the field
    that holds them (:func:`check_document`)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise bad(where, f"not JSON ({error})") from None
    except RecursionError:
        raise bad(where, "not a result file: its JSON is nested too deeply to read") from None
    except ValueError as error:  # an int of more than sys.get_int_max_str_digits() digits
        raise bad(where, f"not JSON that can be read ({str(error).partition(';')[0]})") from None
