"""Game records: a short ASCII text that proves a result (docs/record.md).

Two players on two machines prove a race by pasting records; a record is
untrusted text, so reading one checks its shape part by part, replays its
moves with the engine and checks the result it claims, refusing with a
``RecordError`` that names the first bad part or move. Consolidation and
refill are deterministic, so a round's end is one mark, however it was played.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .actions import perform, status
from .deals import check_deal
from .errors import DealError, EngineError, RecordError, excerpt, show_repr
from .messages import counted, phrase
from .rules import PRESETS, Rules
from .state import (
    Action,
    Consolidate,
    ConsolidateStep,
    Refill,
    RefillStep,
    State,
    new_state,
)

__all__ = ["MAX_RECORD", "RECORD_VERSION", "read_record", "write_record"]

#: The format version a record starts with (``MC1;``).
RECORD_VERSION = 1
_MAGIC = f"MC{RECORD_VERSION}"

#: The longest record read, in characters. The longest real one (a
#: two-deck 7 by 7 game loaded from a layout) is under 1,000; this leaves room
#: for a custom rules value and refuses a pasted novel at once.
MAX_RECORD = 4000

#: The round's actions, which a record writes as one mark.
_ROUND = frozenset({"consolidate_step", "consolidate", "refill_step", "refill"})
_STATUSES = ("won", "lost", "playing")
_STATUS_WORDS = {
    "won": "record.status-won",
    "lost": "record.status-lost",
    "playing": "record.status-playing",
}
_PAIR = re.compile(r"(\d{1,9})-(\d{1,9})")
_LONE = re.compile(r"\d{1,9}")
_ROUND_MARK = re.compile(r"\*(\d{1,9})?")
_RESULT = re.compile(r"(won|lost|playing) (\d{1,9})/(\d{1,9})", re.IGNORECASE)


# --------------------------------------------------------------------------
# Writing


def _rules_text(rules: Rules) -> str:
    """A preset's name, or the compact rules JSON (ASCII, no spaces outside strings)."""
    if PRESETS.get(rules.name) == rules:
        return rules.name
    return json.dumps(rules.to_json(), separators=(",", ":"), ensure_ascii=True)


def _round_steps(action: Action, result: Any) -> int:
    """How many single steps (``consolidate_step`` / ``refill_step``) ``action`` made.

    A consolidation that moved no card counts 1: the empty step that starts
    the refill (docs/teaching.md, section 1).
    """
    if action.type in ("consolidate_step", "refill_step"):
        return 1
    return max(len(result), 1) if action.type == "consolidate" else len(result)


def _start_state(state: State) -> State:
    """The state's game at its start: no moves, no earlier or undone games."""
    if state.deal is not None:
        return new_state(state.rules, deal=state.deal)
    return new_state(state.rules, layout=state.start)


def write_record(state: State) -> str:
    """The game record of ``state``: its rules, start, moves in effect and result.

    ``MC1; rules standard; deal 7; lost 40/52; moves 5-10 3-8 * 0-1 *``. The
    moves are ``history[:cursor]`` (undone moves are left out): a pair as
    ``i-j`` (``i < j``), a lone card as ``i``, a round's consolidation and
    refill (whole or step by step) as ``*``; a round cut short, only as the
    last move, as ``*k``: its first ``k`` single steps. Grammar:
    docs/record.md.
    """
    position = _start_state(state)
    moves: list[str] = []
    steps = 0
    for action in state.history[: state.cursor]:
        position, result = perform(position, action)
        if action.type not in _ROUND:
            moves.append("-".join(str(cell) for cell in action.cells))  # type: ignore[attr-defined]
            continue
        steps += _round_steps(action, result)
        if position.phase == "remove":
            moves.append("*")
            steps = 0
    if steps:
        moves.append(f"*{steps}")
    start = f"deal {state.deal}" if state.deal is not None else f"layout {state.start}"
    result = f"{status(state)} {state.removed}/{state.total}"
    parts = [_MAGIC, f"rules {_rules_text(state.rules)}", start, result, "moves"]
    return "; ".join(parts) + "".join(f" {move}" for move in moves)


# --------------------------------------------------------------------------
# Reading: the shape of each part


def _check_text(text: Any) -> str:
    if not isinstance(text, str):
        raise RecordError("record", "record.not-text", {"value": show_repr(text)})
    if len(text) > MAX_RECORD:
        raise RecordError("record", "record.too-long", {"count": len(text), "max": MAX_RECORD})
    if not text.strip():
        raise RecordError("record", "record.empty")
    for index, char in enumerate(text, start=1):
        if not " " <= char <= "~" and not char.isspace():
            raise RecordError(
                "record",
                "record.not-ascii",
                {"index": index, "char": char, "code": f"{ord(char):04X}"},
            )
    return text.strip()


def _split_word(text: str) -> tuple[str, str]:
    """The first word of ``text`` and the rest, stripped (``""`` when there is none)."""
    words = text.split(None, 1)
    return (words[0] if words else ""), (words[1].strip() if len(words) > 1 else "")


def _parts(text: str) -> tuple[str, str, str, str, str]:
    """The five parts (version, rules, start, result, moves), the rules JSON kept whole."""
    version, sep, rest = text.partition(";")
    if version.strip().upper() != _MAGIC:
        raise RecordError("version", "record.version", {"text": excerpt(version.strip())})
    if not sep:
        raise RecordError("record", "record.parts", {"count": 1})
    label, value = _split_word(rest)
    if label.lower() != "rules":
        raise RecordError(
            "rules",
            "record.label",
            {"part": 2, "label": "rules", "text": excerpt(rest.split(";")[0].strip())},
        )
    if value.startswith("{"):
        try:
            _, end = json.JSONDecoder().raw_decode(value)
        except (ValueError, RecursionError):  # RecursionError: nested thousands deep
            end = -1
        rules, rest = value[:end], value[end:].lstrip()
        if end < 0 or not rest.startswith(";"):
            # Not JSON, or JSON with more text before the next ";".
            raise RecordError("rules", "record.rules-json", {"text": excerpt(value)})
        rest = rest[1:]
    else:
        rules, _, rest = value.partition(";")
    others = rest.split(";")
    if len(others) != 3:
        raise RecordError("record", "record.parts", {"count": 2 + len(others)})
    start, result, moves = (part.strip() for part in others)
    return version, rules.strip(), start, result, moves


def _read_rules(text: str) -> Rules:
    try:
        if text.startswith("{"):
            return Rules.from_json(json.loads(text))
        return Rules.preset(text)
    except EngineError as error:
        raise RecordError("rules", "record.rules", {"problem": error.message}) from None


def _read_start(text: str, rules: Rules) -> State:
    word, value = _split_word(text)
    try:
        if word.lower() == "deal":
            if not value.isdigit() or not value.isascii():
                raise DealError(value)
            return new_state(rules, deal=check_deal(int(value)))
        if word.lower() == "layout":
            return new_state(rules, layout=value)
    except EngineError as error:
        raise RecordError("start", "record.start", {"problem": error.message}) from None
    raise RecordError("start", "record.start-word", {"text": excerpt(text)})


def _read_result(text: str) -> tuple[str, int, int]:
    found = _RESULT.fullmatch(" ".join(text.split()))
    if found is None:
        raise RecordError("result", "record.result", {"text": excerpt(text)})
    return found[1].lower(), int(found[2]), int(found[3])


def _read_moves(text: str) -> list[str]:
    label, *moves = text.split() or [""]
    if label.lower() != "moves":
        raise RecordError(
            "moves", "record.label", {"part": 5, "label": "moves", "text": excerpt(text)}
        )
    for number, move in enumerate(moves, start=1):
        params = {"number": number, "move": excerpt(move)}
        if not (_PAIR.fullmatch(move) or _LONE.fullmatch(move) or _ROUND_MARK.fullmatch(move)):
            raise RecordError("move", "record.move-text", params, move=number)
        if move.startswith("*") and len(move) > 1 and number < len(moves):
            raise RecordError("move", "record.partial-last", params, move=number)
    return moves


# --------------------------------------------------------------------------
# Reading: replaying the moves


def _play(state: State, action: Action | dict[str, Any], number: int, move: str) -> State:
    try:
        return perform(state, action)[0]
    except EngineError as error:
        params = {"number": number, "move": excerpt(move), "problem": error.message}
        raise RecordError("move", "record.refused", params, move=number) from None


def _partial_round(state: State, count: int, number: int, move: str) -> State:
    """The first ``count`` single steps of the round's end (``*k``, the last move)."""
    steps: list[State] = []
    position = _play(state, ConsolidateStep(), number, move)
    steps.append(position)
    while position.phase == "consolidate":
        position = _play(position, ConsolidateStep(), number, move)
        steps.append(position)
    while position.phase == "refill":
        position = _play(position, RefillStep(), number, move)
        steps.append(position)
    if not 1 <= count < len(steps):
        params = {"number": number, "move": excerpt(move), "steps": len(steps)}
        raise RecordError("move", "record.partial-steps", params, move=number)
    return steps[count - 1]


def _replay(state: State, moves: list[str]) -> State:
    for number, move in enumerate(moves, start=1):
        now = status(state)
        if now != "playing":
            params = {"number": number, "move": excerpt(move), "status": phrase(_STATUS_WORDS[now])}
            raise RecordError("move", "record.after-end", params, move=number)
        if move == "*":
            state = _play(state, Consolidate(), number, move)
            if state.phase == "refill":
                state = _play(state, Refill(), number, move)
        elif move.startswith("*"):
            state = _partial_round(state, int(move[1:]), number, move)
        else:
            cells = [int(cell) for cell in move.split("-")]
            state = _play(state, {"type": "remove", "cells": cells}, number, move)
    return state


def _check_claim(state: State, claimed: str, removed: int, total: int) -> None:
    now = status(state)
    if claimed != now:
        left = state.total - state.removed
        params = {
            "claimed": claimed,
            "actual": phrase(_STATUS_WORDS[now]),
            "left": counted("count.cards", left),
        }
        raise RecordError("claim", "record.claim-status", params)
    if total != state.total:
        raise RecordError("claim", "record.claim-total", {"claimed": total, "total": state.total})
    if removed != state.removed:
        params = {"claimed": removed, "removed": state.removed}
        raise RecordError("claim", "record.claim-removed", params)


def read_record(text: Any) -> State:
    """Read a game record (docs/record.md) and return the game's ``State`` at its end.

    The state's ``history`` is the record's moves as actions (a ``*`` is a
    ``consolidate`` and, when due, a ``refill``; ``*k`` is ``k`` single
    steps), its ``cursor`` after the last, so undo works.

    Raises ``RecordError`` and nothing else for bad input, in this order:
    not text, longer than :data:`MAX_RECORD`, empty, a character that is not
    printable ASCII (whitespace aside); a bad version, rules, start (with the engine's
    reason for a bad deal number or layout) or result; a move that is not a
    move, or ``*k`` before the last move; then, replaying, the first move
    after the end of the game or refused by the engine (its number, text and
    the engine's reason); then a claimed result the moves do not give.
    """
    _, rules_text, start_text, result_text, moves_text = _parts(_check_text(text))
    rules = _read_rules(rules_text)
    start = _read_start(start_text, rules)
    claimed, removed, total = _read_result(result_text)
    moves = _read_moves(moves_text)
    end = _replay(start, moves)
    _check_claim(end, claimed, removed, total)
    return end
