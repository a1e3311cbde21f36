"""illegal.json: refused actions and the error each engine must raise."""

from __future__ import annotations

import json
from typing import Any

from mc_widget.engine import (
    Consolidate,
    ConsolidateStep,
    Redo,
    Refill,
    RefillStep,
    Remove,
    Undo,
)

from .common import (
    illegal_vector,
    lay,
    load,
)
from .positions import positions
from .variants import variant_positions


def variant_refusals(p: dict[str, Any]) -> list[dict[str, Any]]:
    """Issue 19: every new reason and key, and the one-cell remove's checks in order."""
    v = variant_positions()
    cases: list[tuple[str, Any, Any]] = [
        # Thirteens (variants.THIRTEENS names the cells).
        ("thirteens-not-sum-7-7", v["thirteens"], Remove(0, 6)),
        ("thirteens-not-sum-reversed", v["thirteens"], Remove(9, 4)),
        ("thirteens-lone-rank-two-kings", v["thirteens"], Remove(2, 3)),  # M10
        ("thirteens-lone-rank-king-and-six", v["thirteens"], Remove(1, 2)),
        ("thirteens-lone-rank-queen-and-king", v["thirteens"], Remove(3, 4)),
        ("thirteens-across-gap", v["thirteens"], Remove(6, 8)),
        ("thirteens-not-adjacent", v["thirteens"], Remove(0, 8)),
        ("thirteens-not-lone", v["thirteens"], Remove(0)),
        ("thirteens-not-lone-queen", v["thirteens"], Remove(4)),
        ("thirteens-lone-out-of-range", v["thirteens"], Remove(25)),
        ("thirteens-lone-out-of-range-negative", v["thirteens"], Remove(-1)),
        ("thirteens-lone-empty-cell", v["thirteens"], Remove(7)),
        ("thirteens-lone-empty-cell-after-removal", v["thirteens-king-gone"], Remove(2)),
        ("thirteens-lone-wrong-phase-consolidation", v["thirteens-consolidating"], Remove(3)),
        ("thirteens-lone-wrong-phase-refill", v["thirteens-refill"], Remove(2)),
        ("thirteens-lone-game-over-lost", v["thirteens-lost"], Remove(0)),
        ("thirteens-lone-game-over-won", v["thirteens-won"], Remove(1)),
        ("thirteens-same-cell", v["thirteens"], Remove(2, 2)),
        ("thirteens-empty-cell-before-lone-rank", v["thirteens"], Remove(2, 7)),
        # Fourteens, 8 neighbours (variants.FOURTEENS).
        ("fourteens-not-sum", v["fourteens"], Remove(0, 5)),
        ("fourteens-not-sum-king-king-like", v["fourteens"], Remove(1, 2)),
        ("fourteens-across-gap", v["fourteens"], Remove(10, 12)),
        ("fourteens-not-adjacent", v["fourteens"], Remove(0, 14)),
        ("fourteens-needs-partner", v["fourteens"], Remove(2)),
        # Fourteens in lines (variants.FOURTEENS_LINES).
        ("fourteens-lines-not-in-line-diagonal", v["fourteens-lines"], Remove(6, 18)),
        ("fourteens-lines-not-sum", v["fourteens-lines"], Remove(0, 5)),
        ("fourteens-lines-not-sum-before-line", v["fourteens-lines"], Remove(2, 18)),
        ("fourteens-lines-needs-partner", v["fourteens-lines"], Remove(0)),
        # Aces Square (variants.ACES_SQUARE).
        ("aces-square-stay-rank-ace-first", v["aces-square"], Remove(0, 1)),
        ("aces-square-stay-rank-two-aces", v["aces-square"], Remove(0, 10)),
        ("aces-square-stay-rank-ace-second", v["aces-square"], Remove(5, 10)),
        ("aces-square-different-suit", v["aces-square"], Remove(1, 11)),
        ("aces-square-not-in-line", v["aces-square"], Remove(5, 24)),
        ("aces-square-needs-partner-ace", v["aces-square"], Remove(0)),
        ("aces-square-game-over-won", v["aces-square-won"], Remove(0, 1)),
        ("aces-square-game-over-lost", v["aces-square-lost"], Remove(1, 2)),
        # The standard game: a one-cell remove needs a partner.
        ("standard-needs-partner", p["deal7"], Remove(0)),
        ("standard-needs-partner-out-of-range", p["deal7"], Remove(30)),
    ]
    vectors = []
    for name, state, action in cases:
        vectors.append(illegal_vector(name, state, action))
    for name, action in (
        ("malformed-one-cell-string", {"type": "remove", "cells": ["2"]}),
        ("malformed-one-cell-bool", {"type": "remove", "cells": [True]}),
    ):
        state = v["thirteens"]
        vectors.append(illegal_vector(name, state, action))
    return vectors


def make_illegal() -> dict[str, Any]:
    p = positions()
    cases: list[tuple[str, str, Any]] = [
        ("out-of-range-high", "sevens", Remove(25, 3)),
        ("out-of-range-negative", "sevens", Remove(-1, 3)),
        ("out-of-range-both", "sevens", Remove(40, -3)),
        ("out-of-range-same", "blocked", Remove(25, 25)),
        ("out-of-range-small", "small", Remove(0, 20)),
        ("out-of-range-double", "double", Remove(49, 0)),
        ("out-of-range-in-refill", "refill", Remove(1, 30)),
        ("same-cell", "sevens", Remove(3, 3)),
        ("same-cell-before-game-over", "blocked", Remove(0, 0)),
        ("same-cell-before-wrong-phase", "consolidating", Remove(12, 12)),
        ("game-over-lost-remove", "blocked", Remove(0, 1)),
        ("game-over-lost-pair-cells", "blocked", Remove(13, 24)),
        ("game-over-won-remove", "won", Remove(0, 1)),
        ("game-over-lost-consolidate-step", "blocked", ConsolidateStep()),
        ("game-over-won-consolidate", "won", Consolidate()),
        ("game-over-lost-refill-step", "blocked", RefillStep()),
        ("game-over-won-refill", "won", Refill()),
        ("remove-during-consolidation", "consolidating", Remove(2, 3)),
        ("remove-during-consolidation-pair", "consolidating", Remove(3, 4)),
        ("remove-during-refill", "refill", Remove(1, 2)),
        ("remove-during-refill-mid", "refill-mid", Remove(3, 4)),
        ("nothing-to-consolidate-full", "deal7", ConsolidateStep()),
        ("nothing-to-consolidate-full-all", "deal7", Consolidate()),
        ("nothing-to-consolidate-gaps-at-end", "gaps-at-end-no-stock", ConsolidateStep()),
        ("consolidate-during-refill-step", "refill", ConsolidateStep()),
        ("consolidate-during-refill-all", "refill-mid", Consolidate()),
        ("nothing-to-refill-full-step", "deal7", RefillStep()),
        ("nothing-to-refill-full-all", "german", Refill()),
        ("nothing-to-refill-empty-stock-step", "gaps-at-end-no-stock", RefillStep()),
        ("nothing-to-refill-empty-stock-all", "gap-before-card-no-stock", Refill()),
        ("nothing-to-refill-empty-stock-gaps", "gaps", Refill()),
        ("refill-before-consolidation-all", "german-removed", Refill()),
        ("refill-before-consolidation-gaps-at-end", "zero-move", RefillStep()),
        ("refill-before-consolidation-german", "german-removed", RefillStep()),
        ("refill-during-consolidation-step", "consolidating", RefillStep()),
        ("refill-during-consolidation-all", "consolidating", Refill()),
        ("empty-cell-first", "gaps", Remove(1, 12)),
        ("empty-cell-second", "gaps", Remove(0, 1)),
        ("empty-cell-both", "gaps", Remove(3, 1)),
        ("empty-cell-german", "german-removed", Remove(2, 3)),
        ("different-rank-adjacent", "deal7", Remove(0, 1)),
        ("different-rank-same-suit", "sevens", Remove(8, 9)),
        ("different-rank-far", "gaps", Remove(0, 12)),
        ("different-rank-reversed", "sevens", Remove(9, 8)),
        ("across-gap-row", "gaps", Remove(0, 2)),
        ("across-gap-column", "gaps", Remove(0, 10)),
        ("across-gap-anti-diagonal", "gaps", Remove(2, 10)),
        ("across-gap-diagonal", "gaps", Remove(12, 24)),
        ("across-gap-long-row", "gaps", Remove(20, 24)),
        ("across-gap-german", "german-removed", Remove(17, 19)),
        ("not-adjacent-off-line", "gaps", Remove(0, 11)),
        ("not-adjacent-card-between", "sevens", Remove(11, 23)),
        ("not-adjacent-far", "sevens", Remove(4, 22)),
        ("not-adjacent-german-queens", "german", Remove(10, 23)),
        ("not-adjacent-no-wrap", "deal7-played", None),
        ("nothing-to-undo-fresh", "deal7", Undo()),
        ("nothing-to-undo-loaded", "german", Undo()),
        ("nothing-to-undo-after-all-undone", "undone", Undo()),
        ("nothing-to-redo-fresh", "deal7", Redo()),
        ("nothing-to-redo-after-move", "deal7-played", Redo()),
        ("nothing-to-redo-redone", "redone", Redo()),
    ]
    vectors = []
    for name, where, action in cases:
        state = p[where]
        if name == "not-adjacent-no-wrap":
            state = load(lay("2C 3C 4C 5C 9H", "9S 3D 4D 5D 6D"))
            action = Remove(4, 5)
        vectors.append(illegal_vector(name, state, action))
    malformed: list[tuple[str, Any]] = [
        ("not-an-object", None),
        ("a-list", []),
        ("a-string", "remove"),
        ("no-type", {}),
        ("type-not-string", {"type": 3}),
        ("unknown-type", {"type": "jump"}),
        ("remove-no-cells", {"type": "remove"}),
        ("cells-not-list", {"type": "remove", "cells": 3}),
        ("cells-empty", {"type": "remove", "cells": []}),
        ("cells-three", {"type": "remove", "cells": [1, 2, 3]}),
        ("cell-string", {"type": "remove", "cells": [1, "2"]}),
        ("cell-bool", {"type": "remove", "cells": [True, 2]}),
        ("cell-fraction", {"type": "remove", "cells": [1.5, 2]}),
        ("remove-extra-key", {"type": "remove", "cells": [1, 2], "why": 1}),
        ("consolidate-extra-key", {"type": "consolidate", "all": True}),
        ("undo-extra-key", {"type": "undo", "steps": 2}),
        ("new-deal-no-deal", {"type": "new_deal"}),
        ("load-no-layout", {"type": "load"}),
        ("load-layout-number", {"type": "load", "layout": 5}),
    ]
    state = p["deal7-played"]
    for name, action in malformed:
        vectors.append(illegal_vector(f"malformed-{name}", state, action))
    for value in (-1, 2**32, 7.5, True, "7", None):
        action = {"type": "new_deal", "deal": value}
        vectors.append(illegal_vector(f"bad-new-deal-{json.dumps(value)}", state, action))
    for name, text in (
        ("empty", ""),
        ("short-row", "9H KH/8D 2D/QD 2C/KS 3S/AS 9S"),
        ("duplicate", lay("7H 7H .. .. ..")),
        ("bad-card", lay("7H XX .. .. ..")),
    ):
        action = {"type": "load", "layout": text}
        vectors.append(illegal_vector(f"bad-load-{name}", state, action))
    vectors += variant_refusals(p)
    return {
        "description": "Refused actions: the state before, the action, and the error.",
        "vectors": vectors,
    }
