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
    lay,
    load,
    refused,
)
from .positions import positions


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
        vectors.append(
            {
                "id": name,
                "kind": "illegal",
                "state": state.to_json(),
                "action": action.to_json(),
                "error": refused(state, action),
            }
        )
    malformed: list[tuple[str, Any]] = [
        ("not-an-object", None),
        ("a-list", []),
        ("a-string", "remove"),
        ("no-type", {}),
        ("type-not-string", {"type": 3}),
        ("unknown-type", {"type": "jump"}),
        ("remove-no-cells", {"type": "remove"}),
        ("cells-not-list", {"type": "remove", "cells": 3}),
        ("cells-one", {"type": "remove", "cells": [1]}),
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
        vectors.append(
            {
                "id": f"malformed-{name}",
                "kind": "illegal",
                "state": state.to_json(),
                "action": action,
                "error": refused(state, action),
            }
        )
    for value in (-1, 2**32, 7.5, True, "7", None):
        action = {"type": "new_deal", "deal": value}
        vectors.append(
            {
                "id": f"bad-new-deal-{json.dumps(value)}",
                "kind": "illegal",
                "state": state.to_json(),
                "action": action,
                "error": refused(state, action),
            }
        )
    for name, text in (
        ("empty", ""),
        ("short-row", "9H KH/8D 2D/QD 2C/KS 3S/AS 9S"),
        ("duplicate", lay("7H 7H .. .. ..")),
        ("bad-card", lay("7H XX .. .. ..")),
    ):
        action = {"type": "load", "layout": text}
        vectors.append(
            {
                "id": f"bad-load-{name}",
                "kind": "illegal",
                "state": state.to_json(),
                "action": action,
                "error": refused(state, action),
            }
        )
    return {
        "description": "Refused actions: the state before, the action, and the error.",
        "vectors": vectors,
    }
