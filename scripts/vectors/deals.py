"""deals.json: mulberry32 outputs, each deal's starting layout, bad deal numbers."""

from __future__ import annotations

import json
from typing import Any

from mc_widget.engine import (
    mulberry32,
    new_state,
)

from .common import (
    refused,
)
from .variants import NEW_PRESETS


def deal_numbers() -> list[int]:
    picked = [0, 1, 2, 3, 7, 8, 42, 100, 255, 256, 1000, 4096, 12345, 65535, 65536, 99999]
    picked += [2**31 - 1, 2**31, 2**31 + 1, 2**32 - 2, 2**32 - 1, 3141592653, 2718281828]
    spread = mulberry32(20240601)
    while len(picked) < 44:
        value = next(spread)
        if value not in picked:
            picked.append(value)
    return picked


def make_deals() -> dict[str, Any]:
    vectors: list[dict[str, Any]] = []
    for seed in (0, 1, 7, 2**31, 2**32 - 1, 123456789):
        outputs = mulberry32(seed)
        vectors.append(
            {
                "id": f"prng-{seed}",
                "kind": "prng",
                "seed": seed,
                "outputs": [next(outputs) for _ in range(12)],
            }
        )
    numbers = deal_numbers()
    plan = [("standard", numbers), ("small", numbers[:12]), ("double", numbers[:12])]
    for rules, chosen in plan:
        for deal in chosen:
            vectors.append(
                {
                    "id": f"deal-{rules}-{deal}",
                    "kind": "deal",
                    "rules": rules,
                    "deal": deal,
                    "layout": new_state(rules, deal=deal).start,
                }
            )
    fresh = new_state("standard", deal=0)
    for value in (-1, 2**32, 2**40, 7.5, True, False, "7", None, [7]):
        vectors.append(
            {
                "id": f"bad-deal-{json.dumps(value)}",
                "kind": "bad-deal",
                "rules": "standard",
                "deal": value,
                "error": refused(fresh, {"type": "new_deal", "deal": value}),
            }
        )
    # Issue 19: a deal depends only on decks and cells, so each variant deals
    # what the standard game deals.
    for rules in NEW_PRESETS:
        for deal in numbers[:12]:
            layout = new_state(rules, deal=deal).start
            assert layout == new_state("standard", deal=deal).start
            vectors.append(
                {
                    "id": f"deal-{rules}-{deal}",
                    "kind": "deal",
                    "rules": rules,
                    "deal": deal,
                    "layout": layout,
                }
            )
    return {
        "description": "Deal numbers: mulberry32 outputs and the starting layout of each deal.",
        "vectors": vectors,
    }
