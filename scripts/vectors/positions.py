"""Named positions in each phase, shared by several vectors files."""

from __future__ import annotations

from mc_widget.engine import (
    Consolidate,
    ConsolidateStep,
    Redo,
    Refill,
    RefillStep,
    Remove,
    State,
    Undo,
    new_state,
)

from .common import (
    EMPTY_ROW,
    GERMAN_CASE,
    lay,
    load,
    play,
)

SEVENS = lay(
    "7H 7S 8C 9D TD",
    "7D 2C 3C 4C 5C",
    "6C JH QH KH AH",
    "2H 3H 4H 5H 6H",
    "8H 9H TH JC QC",
    stock="KC KS",
)
GAPS = lay("5S .. 5H .. ..", EMPTY_ROW, "5D 5C 6S .. 6H", EMPTY_ROW, "6D .. .. .. 6C")
BLOCKED = lay(
    "AS 2S 3S 4S 5S",
    "6S 7S 8S 9S TS",
    "JS QS KS AH 2H",
    "3H 4H 5H 6H 7H",
    "8H 9H TH JH QH",
    stock="KH AD",
)
ROUND = lay("7H .. 8C 8D 9C", "9D .. .. .. ..", stock="KC KD")
LAST_PAIR = lay("7H 7S .. .. ..")
ZERO_MOVE = lay("7H 7S 8C 8D 9C", "9D 9S KC KD QC", stock="2C 3C")


def positions() -> dict[str, State]:
    """Named states in each phase, shared by the vectors files (illegal, actions, …)."""
    german = load(GERMAN_CASE["layout"])
    german_removed = play(german, *(Remove(*p) for p in GERMAN_CASE["remove"]))
    round_ = load(ROUND)
    mid = play(round_, ConsolidateStep())
    refill = play(round_, Consolidate())
    refill_mid = play(refill, RefillStep())
    won = play(load(LAST_PAIR), Remove(0, 1))
    deal7 = new_state("standard", deal=7)
    return {
        "deal7": deal7,
        "deal7-played": play(deal7, Remove(5, 10), Remove(6, 12), Consolidate(), Refill()),
        "sevens": load(SEVENS),
        "gaps": load(GAPS),
        "blocked": load(BLOCKED),
        "round": round_,
        "consolidating": mid,
        "refill": refill,
        "refill-mid": refill_mid,
        "won": won,
        "last-pair": load(LAST_PAIR),
        "zero-move": load(ZERO_MOVE),
        "gaps-at-end-no-stock": load(lay("7H 7S 8C 8D 9C")),
        "gap-before-card-no-stock": load(lay("7H .. 7S 8C 8D")),
        "german": german,
        "german-removed": german_removed,
        "small": new_state("small", deal=3),
        "double": new_state("double", deal=3),
        "undone": play(round_, Consolidate(), Undo()),
        "redone": play(round_, Consolidate(), Undo(), Redo()),
    }
