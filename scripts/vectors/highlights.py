"""highlights.json: neighbours, partners, false neighbours and status."""

from __future__ import annotations

from typing import Any

from mc_widget.engine import (
    PRESETS,
    Consolidate,
    ConsolidateStep,
    IllegalMove,
    Refill,
    Remove,
    can_consolidate,
    can_refill,
    false_neighbours,
    highlights,
    legal_lone,
    legal_pairs,
    legal_removals,
    lone_cells,
    neighbours,
    new_state,
    pairs,
    partners,
    status,
    touching,
)

from .common import (
    GERMAN_CASE,
    error_json,
    lay,
    load,
    play,
)
from .positions import GAPS, ROUND, SEVENS, positions
from .variants import NEW_PRESETS, variant_positions


def _status(name: str, state: Any) -> dict[str, Any]:
    return {
        "id": f"status-{name}",
        "kind": "status",
        "state": state.to_json(),
        "status": status(state),
        "pairs": [list(x) for x in pairs(state)],
        "legal_pairs": [list(x) for x in legal_pairs(state)],
        "can_consolidate": can_consolidate(state),
        "can_refill": can_refill(state),
        "removed": state.removed,
        "total": state.total,
    }


def variant_queries() -> list[dict[str, Any]]:
    """Issue 19: ``touching`` of each variant, highlights of a line card's row and column
    and of a lone card (with ``lone``), status with stay ranks and lone cards, and the
    removals (``lone_cells``, ``legal_lone``, ``legal_removals``)."""
    vectors: list[dict[str, Any]] = []
    for rules in NEW_PRESETS:
        for cell in (0, 4, 7, 12, 20, 24):
            vectors.append(
                {
                    "id": f"touching-{rules}-{cell}",
                    "kind": "touching",
                    "rules": rules,
                    "cell": cell,
                    "touching": list(touching(PRESETS[rules], cell)),
                }
            )
    v = variant_positions()
    boards = [
        ("thirteens", [0, 1, 2, 3, 6, 8, 10]),
        ("thirteens-consolidating", [0, 2]),
        ("fourteens", [0, 2, 10, 12, 14]),
        ("fourteens-lines", [0, 3, 5, 6, 15, 18]),
        ("aces-square", [0, 1, 4, 5, 11, 24]),
        ("aces-square-won", [0]),
    ]
    for name, chosen in boards:
        state = v[name]
        for cell in chosen:
            lit = highlights(state, cell)
            vectors.append(
                {
                    "id": f"highlights-{name}-{cell}",
                    "kind": "highlights",
                    "state": state.to_json(),
                    "cell": cell,
                    "neighbours": list(lit["neighbours"]),
                    "partners": list(lit["partners"]),
                    "false_neighbours": list(lit["false_neighbours"]),
                    "lone": lit["lone"],
                }
            )
    for name, state in v.items():
        vectors.append(_status(name, state))
        vectors.append(
            {
                "id": f"removals-{name}",
                "kind": "removals",
                "state": state.to_json(),
                "lone_cells": lone_cells(state),
                "legal_lone": legal_lone(state),
                "legal_removals": [list(r) for r in legal_removals(state)],
            }
        )
    for name, state in (("standard-deal7", positions()["deal7"]),):
        vectors.append(
            {
                "id": f"removals-{name}",
                "kind": "removals",
                "state": state.to_json(),
                "lone_cells": lone_cells(state),
                "legal_lone": legal_lone(state),
                "legal_removals": [list(r) for r in legal_removals(state)],
            }
        )
    return vectors


def make_highlights() -> dict[str, Any]:
    vectors: list[dict[str, Any]] = []
    cells = {
        "standard": [0, 4, 20, 24, 2, 10, 14, 22, 6, 12, 18],
        "small": [0, 4, 15, 19, 2, 5, 9, 17, 6, 13],
        "double": [0, 6, 42, 48, 3, 21, 27, 45, 8, 24, 40],
    }
    for rules, chosen in cells.items():
        for cell in chosen:
            vectors.append(
                {
                    "id": f"neighbours-{rules}-{cell}",
                    "kind": "neighbours",
                    "rules": rules,
                    "cell": cell,
                    "neighbours": list(neighbours(PRESETS[rules], cell)),
                }
            )
    german_removed = play(load(GERMAN_CASE["layout"]), *(Remove(*p) for p in GERMAN_CASE["remove"]))
    boards = [
        ("gaps", load(GAPS), [0, 2, 10, 11, 12, 14, 20, 24]),
        ("sevens", load(SEVENS), [0, 1, 5, 6, 12, 24]),
        ("german", load(GERMAN_CASE["layout"]), [2, 8, 10, 23]),
        ("german-removed", german_removed, [7, 17, 19, 13, 3, 12]),
        ("round-consolidating", play(load(ROUND), ConsolidateStep()), [1, 3, 4, 5]),
        # 8♣-8♦ and 9♣-9♦ touch mid-consolidation and in the refill: no partner yet.
        ("round-closed-up", play(load(ROUND), ConsolidateStep(), ConsolidateStep()), [1, 2]),
        ("round-refill", play(load(ROUND), Consolidate()), [1, 2, 3, 4]),
        ("round-2", play(load(ROUND), Consolidate(), Refill()), [1, 2, 3, 4]),
        ("small", new_state("small", deal=3), [0, 7, 19]),
        ("double", new_state("double", deal=3), [0, 24, 48]),
    ]
    for name, state, chosen in boards:
        for cell in chosen:
            lit = highlights(state, cell)
            assert lit["partners"] == partners(state, cell)
            assert lit["false_neighbours"] == false_neighbours(state, cell)
            vectors.append(
                {
                    "id": f"highlights-{name}-{cell}",
                    "kind": "highlights",
                    "state": state.to_json(),
                    "cell": cell,
                    "neighbours": list(lit["neighbours"]),
                    "partners": list(lit["partners"]),
                    "false_neighbours": list(lit["false_neighbours"]),
                }
            )
    for name, state, cell in (
        ("gap", load(GAPS), 1),
        ("gap-after-removal", german_removed, 8),
        ("out-of-range", load(GAPS), 25),
        ("negative", load(GAPS), -1),
    ):
        try:
            highlights(state, cell)
        except IllegalMove as error:
            vectors.append(
                {
                    "id": f"bad-highlights-{name}",
                    "kind": "bad-highlights",
                    "state": state.to_json(),
                    "cell": cell,
                    "error": error_json(error),
                }
            )
    p = positions()
    statuses = [
        "deal7",
        "sevens",
        "gaps",
        "blocked",
        "round",
        "consolidating",
        "refill",
        "refill-mid",
        "won",
        "zero-move",
        "gaps-at-end-no-stock",
        "german-removed",
    ]
    extra = {
        "not-lost-gap-before-card": load(lay("AS .. AH .. 3D")),
        "lost-no-stock-gaps-at-end": load(lay("AS 2S 3S 4S 5S")),
        "playing-gaps-at-end-stock-left": load(lay("AS 2S 3S 4S 5S", stock="9C")),
        "playing-empty-tableau-stock-left": load(lay(stock="9C 9D")),
        "won-empty-layout": load(lay()),
        "lost-after-consolidation": play(load(lay("AS .. 3D .. 5C")), Consolidate()),
        "lost-after-refill": play(
            load(
                lay(
                    "AS 2S 3S 4S 5S",
                    "6S 7S 8S 9S TS",
                    "JS QS KS AH 2H",
                    "3H 4H 5H 6H 7H",
                    "8H 9H TH JH ..",
                    stock="5D 2D",
                )
            ),
            Consolidate(),
            Refill(),
        ),
    }
    named = [(name, p[name]) for name in statuses] + list(extra.items())
    vectors += [_status(name, state) for name, state in named]
    vectors += variant_queries()
    return {
        "description": "Queries: neighbours, highlights (partners, false neighbours), status.",
        "vectors": vectors,
    }
