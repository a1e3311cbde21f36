"""Checking an answer with the engine (issue 21: "checked by the engine, never
by a stored answer key"; docs/practice.md, "Checking").

Every right answer and every word of an explanation comes from the engine's
own rule functions at check time: ``touching`` and ``false_neighbours``
(neighbours), ``legal_removals`` and the refusal ``apply`` raises (pairs),
``perform`` of ``consolidate_step`` / ``consolidate`` / ``refill``
(consolidate, refill), the search over ``apply`` (:mod:`.search`, choose)
and ``status`` (verdict). An explanation is a list of messages as data,
``{"key", "params"}`` (docs/i18n.md, section 2), the same JSON as
js/practice/check.js gives.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.actions import apply, perform
from ..engine.errors import IllegalMove
from ..engine.messages import format_message
from ..engine.params import params_from_json, params_json
from ..engine.queries import false_neighbours, first_gap, legal_removals, status
from ..engine.rules import Rules, place, touching
from ..engine.state import State
from .answers import ANSWER_KEYS, read_answer
from .generate import Question
from .search import winnable

__all__ = ["Result", "check", "right_answer"]

Message = dict[str, Any]


@dataclass(frozen=True)
class Result:
    """What :func:`check` found: ``right`` (bool), ``answer`` (the right
    answer, in the shape an answer is given) and ``explanation`` (a tuple of
    ``{"key", "params"}`` messages, params as data)."""

    right: bool
    answer: dict[str, Any]
    explanation: tuple[Message, ...]

    def to_json(self) -> dict[str, Any]:
        """``{"right", "answer", "explanation"}`` (a new dict)."""
        return {"right": self.right, "answer": self.answer, "explanation": list(self.explanation)}

    def messages(self, lang: str = "en") -> list[str]:
        """The explanation as sentences in ``lang``."""
        return [
            format_message(m["key"], params_from_json(m["params"]), lang) for m in self.explanation
        ]


def _message(key: str, **params: Any) -> Message:
    return {"key": key, "params": params}


def _place(rules: Rules, cell: int) -> Message:
    row, col = place(rules, cell)
    return _message("cell.place", row=row, col=col)


def _symbol(state: State, cell: int) -> str:
    card = state.tableau[cell]
    assert card is not None
    return card.symbol


def _cards(state: State, cells: list[int]) -> dict[str, Any]:
    return {"list": [_symbol(state, cell) for cell in cells]}


def _removal(state: State, removal: list[int] | tuple[int, ...]) -> Any:
    if len(removal) == 1:
        return _symbol(state, removal[0])
    return {"list": [_symbol(state, cell) for cell in removal], "type": "pair"}


def _removals(state: State, removals: list) -> dict[str, Any]:
    return {"list": [_removal(state, r) for r in removals]}


def _refusal(state: State, action: dict[str, Any]) -> Message | None:
    """The engine's own words refusing ``action`` (an ``IllegalMove``), or ``None``."""
    try:
        apply(state, action)
    except IllegalMove as refused:
        return {"key": "illegal." + refused.key, "params": params_json(refused.params)}
    return None


def right_answer(question: Question) -> dict[str, Any]:
    """The right answer to ``question``, worked out by the engine now, in the answer's shape."""
    return {ANSWER_KEYS[question.ask]: _ANSWERS[question.ask](question)}


def _neighbours_answer(q: Question) -> list[int]:
    state = q.state
    return [c for c in touching(state.rules, q.cell) if state.tableau[c] is not None]


def _moves(state: State, action: str) -> list:
    return perform(state, {"type": action})[1]


def _next_cells(q: Question) -> list[int]:
    state = q.state
    if q.ask == "cells-after-consolidating":
        state = apply(state, {"type": "consolidate"})
        if state.phase != "refill":
            return []
    cells = _moves(state, "refill")
    return cells if q.count is None else cells[: q.count]


def _winners(q: Question) -> list[list[int]]:
    state = q.state
    return [
        list(r)
        for r in legal_removals(state)
        if winnable(apply(state, {"type": "remove", "cells": list(r)}))
    ]


def _destination(q: Question) -> int:
    return next(to for source, to in _moves(q.state, "consolidate") if source == q.cell)


_ANSWERS = {
    "neighbours": _neighbours_answer,
    "removals": lambda q: [list(r) for r in legal_removals(q.state)],
    "next-move": lambda q: list(_moves(q.state, "consolidate_step")),
    "destination": _destination,
    "next-cells": _next_cells,
    "cells-after-consolidating": _next_cells,
    "winnable-removal": lambda q: _winners(q)[0],
    "status": lambda q: status(q.state),
}


def check(question: Question, answer: Any) -> Result:
    """Check ``answer`` (JSON, hostile) against ``question`` with the engine.

    Returns a :class:`Result`. Raises ``PracticeError`` for an answer that
    does not parse (:func:`~.answers.read_answer`); nothing is changed.
    """
    state = question.state
    given = read_answer(question.ask, answer, state.rules)
    return _EXPLAIN[question.ask](question, given)


def _neighbours(q: Question, given: list[int]) -> Result:
    state, rules, cell = q.state, q.state.rules, q.cell
    expected = _neighbours_answer(q)
    right = sorted(given) == expected
    card, where = _symbol(state, cell), _place(rules, cell)
    said = [
        _message(
            "practice.neighbours.answer", card=card, place=where, cards=_cards(state, expected)
        )
        if expected
        else _message("practice.neighbours.answer-none", card=card, place=where)
    ]
    if not right:
        missed = [c for c in expected if c not in given]
        extra = sorted(c for c in given if c not in expected)
        gaps = [c for c in extra if state.tableau[c] is None]
        across = [c for c in extra if c in false_neighbours(state, cell) and c not in gaps]
        far = [c for c in extra if c not in gaps and c not in across]
        if missed:
            said.append(_message("practice.missed", cards=_cards(state, missed)))
        if across:
            key = "status.selected-false-one" if len(across) == 1 else "status.selected-false-many"
            said.append(_message(key, cards=_cards(state, across)))
        if far:
            said.append(_message("practice.neighbours.far", cards=_cards(state, far), card=card))
        if gaps:
            said.append(
                _message(
                    "practice.neighbours.gaps", places={"list": [_place(rules, c) for c in gaps]}
                )
            )
        rule = (
            "practice.rule.touching-line"
            if rules.touching == "line"
            else "practice.rule.touching-eight"
        )
        said.append(_message(rule))
    return Result(right, {"cells": expected}, tuple(said))


def _pairs(q: Question, given: list[list[int]]) -> Result:
    state = q.state
    expected = [list(r) for r in legal_removals(state)]
    right = given == expected
    said = [
        _message("practice.pairs.answer", pairs=_removals(state, expected))
        if expected
        else _message("practice.pairs.answer-none")
    ]
    if not right:
        missed = [r for r in expected if r not in given]
        if missed:
            said.append(_message("practice.pairs.missed", pairs=_removals(state, missed)))
        for removal in given:
            if removal not in expected:
                refusal = _refusal(state, {"type": "remove", "cells": removal})
                if refusal is not None:
                    said.append(refusal)
    return Result(right, {"removals": expected}, tuple(said))


def _next_move(q: Question, given: list[int]) -> Result:
    state = q.state
    source, to = _moves(state, "consolidate_step")
    said = _message(
        "practice.consolidate.next",
        place=_place(state.rules, to),
        card=_symbol(state, source),
        source=_place(state.rules, source),
    )
    return Result(given == [source, to], {"move": [source, to]}, (said,))


def _destination_check(q: Question, given: int) -> Result:
    state = q.state
    to = _destination(q)
    said = _message(
        "practice.consolidate.destination",
        card=_symbol(state, q.cell),
        cards={"count": to, "of": "count.cards"},
        place=_place(state.rules, to),
    )
    return Result(given == to, {"cell": to}, (said,))


def _cells_check(q: Question, given: list[int]) -> Result:
    state = q.state
    expected = _next_cells(q)
    said: list[Message] = []
    if q.ask == "cells-after-consolidating":
        refusal = _refusal(state, {"type": "refill_step"})
        if refusal is not None:
            said.append(refusal)
    stock = [card.symbol for card in state.stock[: len(expected)]]
    said.append(
        _message(
            "practice.refill.answer",
            cards={"list": stock},
            places={"list": [_place(state.rules, c) for c in expected]},
        )
    )
    return Result(given == expected, {"cells": expected}, tuple(said))


def _choose(q: Question, given: list[int]) -> Result:
    state = q.state
    winners = _winners(q)
    said: list[Message] = []
    right = given in winners
    if right:
        said.append(_message("practice.choose.keeps", removal=_removal(state, given)))
    else:
        refusal = _refusal(state, {"type": "remove", "cells": given})
        if refusal is not None:
            said.append(refusal)
        else:
            said.append(_message("practice.choose.loses", removal=_removal(state, given)))
        said.append(_message("practice.choose.winners", pairs=_removals(state, winners)))
    return Result(right, {"removal": winners[0]}, tuple(said))


def _verdict(q: Question, given: str) -> Result:
    state = q.state
    verdict = status(state)
    removals = legal_removals(state)
    stock = {"count": len(state.stock), "of": "count.cards"}
    if verdict == "won":
        said = _message("practice.verdict.won")
    elif verdict == "lost":
        said = (
            _message("practice.verdict.lost-stock", stock=stock)
            if state.stock
            else _message("status.lost")
        )
    elif removals:
        said = _message(
            "practice.verdict.playing-pairs", pairs=_removals(state, [list(r) for r in removals])
        )
    elif first_gap(state.tableau) >= 0 and any(
        card is not None for card in state.tableau[first_gap(state.tableau) :]
    ):
        said = _message("status.remove-no-pair")
    else:
        said = _message("status.remove-no-pair-refill", stock=stock)
    return Result(given == verdict, {"status": verdict}, (said,))


_EXPLAIN = {
    "neighbours": _neighbours,
    "removals": _pairs,
    "next-move": _next_move,
    "destination": _destination_check,
    "next-cells": _cells_check,
    "cells-after-consolidating": _cells_check,
    "winnable-removal": _choose,
    "status": _verdict,
}
