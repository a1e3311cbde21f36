"""states.json: state JSON that loads, that is malformed, that does not verify."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mc_widget.engine import (
    Remove,
    Undo,
    legal_pairs,
    legal_removals,
    new_state,
    state_from_json,
    verify_state,
)

from .common import (
    edited,
    play,
    state_refusals,
)
from .positions import positions
from .variants import variant_positions


def variant_states(setter: Callable[..., Callable[[dict[str, Any]], None]]) -> list[dict[str, Any]]:
    """Issue 19: states of each variant (1-card discards, lone and stay in the rules),
    bad ``lone`` / ``stay`` values, preset names with a wrong field, and states that
    do not verify."""
    v = variant_positions()
    vectors: list[dict[str, Any]] = []
    for name in (
        "thirteens",
        "thirteens-king-gone",
        "thirteens-won",
        "fourteens",
        "fourteens-lines",
        "aces-square",
        "aces-square-won",
    ):
        vectors.append({"id": f"state-ok-{name}", "kind": "state-ok", "state": v[name].to_json()})
    for rules in ("thirteens", "aces-square"):
        played = play(
            new_state(rules, deal=7),
            *(Remove(*r) for r in legal_removals(new_state(rules, deal=7))[:2]),
        )
        vectors.append(
            {"id": f"state-ok-{rules}-deal7-played", "kind": "state-ok", "state": played.to_json()}
        )
    king = v["thirteens-king-gone"].to_json()
    aces = v["aces-square"].to_json()
    custom = edited(v["fourteens"].to_json(), lambda d: d["rules"].update(name="mine"))
    bad: list[tuple[str, dict[str, Any], Callable[[dict[str, Any]], Any]]] = [
        ("rules-lone-not-list", custom, setter("rules", "lone", "K")),
        ("rules-lone-lower-case", custom, setter("rules", "lone", ["k"])),
        ("rules-lone-ten-as-10", custom, setter("rules", "lone", ["Q", "10"])),
        ("rules-lone-number", custom, setter("rules", "lone", [13])),
        ("rules-lone-duplicate", custom, setter("rules", "lone", ["K", "Q", "K"])),
        ("rules-stay-not-list", custom, setter("rules", "stay", None)),
        ("rules-stay-duplicate", custom, setter("rules", "stay", ["A", "A"])),
        ("rules-stay-also-lone", custom, lambda d: d["rules"].update(lone=["K"], stay=["A", "K"])),
        ("rules-pair-unknown", custom, setter("rules", "pair", "sum-15")),
        ("rules-touching-unknown", custom, setter("rules", "touching", "knight")),
        ("rules-thirteens-wrong-pair", king, setter("rules", "pair", "sum-14")),
        ("rules-thirteens-without-lone", king, lambda d: d["rules"].pop("lone")),
        ("rules-thirteens-lone-queen", king, setter("rules", "lone", ["Q"])),
        ("rules-thirteens-wrong-rows", king, setter("rules", "rows", 4)),
        (
            "rules-fourteens-lines-eight",
            v["fourteens-lines"].to_json(),
            setter("rules", "touching", "eight"),
        ),
        ("rules-aces-square-no-stay", aces, lambda d: d["rules"].pop("stay")),
        ("rules-aces-square-stay-as-lone", aces, lambda d: d["rules"].update(lone=["A"])),
        ("rules-standard-with-lone", played_standard(), setter("rules", "lone", ["K"])),
        ("discard-lone-not-lone-rank", king, setter("discards", 0, ["QH"])),
        ("discard-empty", king, setter("discards", 0, [])),
        ("discard-three", king, setter("discards", 0, ["KD", "QH", "AS"])),
        ("discard-lone-twice", king, setter("tableau", 3, "KD")),
    ]
    vectors += state_refusals(
        "bad-state",
        "bad-state",
        state_from_json,
        ((name, edited(source, edit)) for name, source, edit in bad),
    )
    wrong: list[tuple[str, dict[str, Any], Callable[[dict[str, Any]], Any]]] = [
        ("thirteens-discard-other-king", king, setter("discards", 0, ["KH"])),
        ("thirteens-history-not-lone", king, setter("history", 0, "cells", [0])),
        ("thirteens-history-two-kings", king, setter("history", 0, "cells", [2, 3])),
        (
            "aces-square-history-ace-pair",
            aces,
            lambda d: d.update(history=[{"type": "remove", "cells": [0, 10]}], cursor=1),
        ),
    ]
    vectors += state_refusals(
        "verify-fail",
        "verify",
        verify_state,
        ((name, edited(source, edit)) for name, source, edit in wrong),
    )
    return vectors


def played_standard() -> dict[str, Any]:
    return positions()["deal7-played"].to_json()


def make_states() -> dict[str, Any]:
    p = positions()
    vectors: list[dict[str, Any]] = []
    for name in ("deal7", "deal7-played", "consolidating", "refill-mid", "won", "undone", "double"):
        vectors.append({"id": f"state-ok-{name}", "kind": "state-ok", "state": p[name].to_json()})
    base = p["undone"].to_json()  # a loaded layout with a redoable tail
    played = play(p["deal7-played"], Remove(*legal_pairs(p["deal7-played"])[0]), Undo()).to_json()

    def setter(*path_and_value: Any) -> Callable[[dict[str, Any]], None]:
        *path, value = path_and_value

        def edit(data: dict[str, Any]) -> None:
            target = data
            for key in path[:-1]:
                target = target[key]
            target[path[-1]] = value

        return edit

    bad: list[tuple[str, dict[str, Any], Callable[[dict[str, Any]], Any]]] = [
        ("missing-cursor", played, lambda d: d.pop("cursor")),
        ("unknown-key", played, setter("colour", "red")),
        ("rules-not-object", played, setter("rules", "standard")),
        ("rules-preset-pair", played, setter("rules", "pair", "sum-13")),
        ("rules-preset-touching", played, setter("rules", "touching", "line")),
        ("rules-rows-zero", played, setter("rules", "rows", 0)),
        ("rules-preset-shape", played, setter("rules", "rows", 4)),
        ("deal-negative", played, setter("deal", -1)),
        ("deal-too-big", played, setter("deal", 2**32)),
        ("deal-fraction", played, setter("deal", 7.5)),
        ("deal-bool", played, setter("deal", True)),
        ("start-not-string", played, setter("start", 7)),
        ("start-bad-layout", played, setter("start", "7H 7H")),
        ("start-not-canonical", played, lambda d: d.update(start=d["start"].replace("JH", "jh"))),
        ("tableau-short", played, lambda d: d["tableau"].pop()),
        ("tableau-not-list", played, setter("tableau", {})),
        ("tableau-bad-card", played, setter("tableau", 3, "XQ")),
        ("tableau-lower-case", played, setter("tableau", 3, "7h")),
        ("tableau-number", played, setter("tableau", 3, 7)),
        ("stock-bad-card", played, setter("stock", 1, "1H")),
        ("discard-one-card", played, setter("discards", 0, ["9S"])),
        ("discard-bad-card", played, setter("discards", 0, 1, "Z")),
        ("card-twice", played, setter("tableau", 3, "9C")),
        ("phase-unknown", played, setter("phase", "play")),
        ("round-zero", played, setter("round", 0)),
        ("round-bool", played, setter("round", True)),
        ("consolidations-negative", played, setter("consolidations", -1)),
        ("cursor-too-big", played, setter("cursor", 99)),
        ("cursor-negative", played, setter("cursor", -1)),
        ("history-not-list", played, setter("history", "none")),
        ("history-undo", played, setter("history", 0, {"type": "undo"})),
        ("history-unknown", played, setter("history", 0, {"type": "fly"})),
        ("history-not-object", played, setter("history", 0, [])),
        ("history-cell-bool", played, setter("history", 0, "cells", 1, True)),
        ("history-cells-short", played, setter("history", 0, "cells", [])),
        ("history-extra-key", played, setter("history", 2, "moves", 3)),
        ("not-an-object", played, None),
    ]
    vectors += state_refusals(
        "bad-state",
        "bad-state",
        state_from_json,
        ((name, [] if edit is None else edited(source, edit)) for name, source, edit in bad),
    )
    wrong: list[tuple[str, dict[str, Any], Callable[[dict[str, Any]], Any]]] = [
        ("tableau-cell", played, setter("tableau", 0, None)),
        ("phase", played, setter("phase", "refill")),
        ("round", played, setter("round", 3)),
        ("consolidations", played, setter("consolidations", 2)),
        ("discard-order", played, setter("discards", 1, ["AC", "AD"])),
        ("discards-count", played, lambda d: d["discards"].pop()),
        ("stock-count", played, lambda d: d["stock"].pop()),
        ("stock-card", played, lambda d: d["stock"].reverse()),
        ("deal-start", played, setter("deal", 8)),
        (
            "deal-start-short-stock",
            p["deal7"].to_json(),
            lambda d: (d.update(start=d["start"].rsplit(" ", 1)[0]), d["stock"].pop()),
        ),
        ("history-illegal", played, setter("history", 0, "cells", [0, 1])),
        ("history-tail-illegal", played, setter("history", 4, {"type": "refill"})),
        ("cursor-moved", played, setter("cursor", 3)),
        ("loaded-tail", base, setter("history", 0, {"type": "refill"})),
    ]
    vectors += state_refusals(
        "verify-fail",
        "verify",
        verify_state,
        ((name, edited(source, edit)) for name, source, edit in wrong),
    )
    vectors += variant_states(setter)
    return {
        "description": "State JSON: valid states, malformed ones, and ones that do not verify.",
        "vectors": vectors,
    }
