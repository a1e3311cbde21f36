"""A practice set: which exercise comes next (issue 21: "mistakes come back
later in the set (spaced: a missed concept returns sooner)";
docs/practice.md, "Sets").

A function of the set and the right/wrong results so far, and nothing else,
so a record can be replayed (:mod:`.record`) and js/practice/schedule.js
plans the same set.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.errors import is_int, show_value
from ..engine.rules import resolve_rules
from .errors import PracticeError, exact_keys
from .generate import check_seed
from .kinds import KINDS, SET_KINDS, check_kind, check_level, check_preset
from .positions import shuffled
from .rng import Rng

__all__ = ["MAX_SET", "RETURN_AFTER", "Planned", "PracticeSet", "plan"]

#: A set has at most this many exercises.
MAX_SET = 100
#: A missed concept comes back this many exercises after it (a mixed set
#: otherwise meets a kind again only after all the others).
RETURN_AFTER = 3


@dataclass(frozen=True, slots=True)
class Planned:
    """One exercise of a set: ``kind``, ``level``, ``seed`` and ``review``
    (True when it is a missed concept coming back)."""

    kind: str
    level: int
    seed: int
    review: bool

    def to_json(self) -> dict[str, Any]:
        """``{"kind", "level", "seed", "review"}``."""
        return {"kind": self.kind, "level": self.level, "seed": self.seed, "review": self.review}


@dataclass(frozen=True, slots=True)
class PracticeSet:
    """A set: ``kind`` (one of the kinds, or ``"mixed"``), ``level`` (1-3),
    ``n`` exercises (1 … ``MAX_SET``), ``seed`` and ``rules`` (a preset
    name). JSON ``{"kind", "level", "n", "seed", "rules"}``, read as hostile
    by :meth:`from_json`."""

    kind: str
    level: int
    n: int
    seed: int
    rules: str = "standard"

    def __post_init__(self) -> None:
        _check_set(self.kind, self.level, self.n, self.seed, self.rules, "set")

    def kinds(self) -> tuple[str, ...]:
        """The kinds this set draws from (``choose`` needs ``eight`` touching)."""
        if self.kind != "mixed":
            return (self.kind,)
        line = resolve_rules(self.rules).touching == "line"
        return tuple(k for k in KINDS if not (line and k == "choose"))

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "level": self.level,
            "n": self.n,
            "seed": self.seed,
            "rules": self.rules,
        }

    @staticmethod
    def from_json(data: Any, path: str = "set") -> PracticeSet:
        """Read a set's JSON; ``PracticeError`` naming the bad field."""
        exact_keys(data, ("kind", "level", "n", "seed", "rules"), path)
        _check_set(data["kind"], data["level"], data["n"], data["seed"], data["rules"], path)
        return PracticeSet(data["kind"], data["level"], data["n"], data["seed"], data["rules"])


def _check_set(kind: Any, level: Any, n: Any, seed: Any, rules: Any, path: str) -> None:
    check_kind(kind, f"{path}.kind", SET_KINDS)
    check_level(level, f"{path}.level")
    if not is_int(n) or not 1 <= n <= MAX_SET:
        raise PracticeError(
            f"{path}.n", "practice-error.range", {"value": show_value(n), "low": 1, "high": MAX_SET}
        )
    check_seed(seed, f"{path}.seed")
    check_preset(rules, f"{path}.rules")
    if kind == "choose" and resolve_rules(rules).touching == "line":
        raise PracticeError(f"{path}.kind", "practice-error.choose-line", {"rules": rules})


def plan(practice: PracticeSet, results: list[bool]) -> list[Planned]:
    """The exercises of ``practice`` up to the next one: ``len(results) + 1``
    of them (at most ``n``), given whether each one done was right.

    The kinds come in a seeded order (a mixed set: the kinds shuffled by
    ``Rng(seed)``, then repeated); each exercise's seed is the next output
    of that ``Rng``. An exercise answered wrong puts its kind back
    ``RETURN_AFTER`` places later, as a review, before the planned order
    goes on.
    """
    rng = Rng(practice.seed)
    order = practice.kinds()
    if len(order) > 1:
        order = tuple(shuffled(rng, list(order)))
    planned: list[Planned] = []
    due: list[tuple[int, str]] = []
    cursor = 0
    for p in range(min(len(results) + 1, practice.n)):
        if due and due[0][0] <= p:
            kind, review = due.pop(0)[1], True
        else:
            kind, review = order[cursor % len(order)], False
            cursor += 1
        planned.append(Planned(kind, practice.level, rng.next(), review))
        if p < len(results) and not results[p]:
            due.append((p + RETURN_AFTER, kind))
    return planned
