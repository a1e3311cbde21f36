"""hints.json: the fair hint (docs/analysis.md, section 3) along games and by hand."""

from __future__ import annotations

from typing import Any

from mc_widget.analysis.hint import fair_hint
from mc_widget.engine import (
    Consolidate,
    ConsolidateStep,
    RefillStep,
    Remove,
    State,
    apply,
    new_state,
    status,
)

from .common import (
    lay,
    load,
    play,
)
from .positions import positions
from .variants import variant_positions

#: Whole games that follow the fair hint (docs/analysis.md, section 3): deal 0
#: is won with no pair kept; deals 1 (won) and 4 (lost) and small deal 1 have
#: hint.remove-keep and hint.consolidate-keep in real play; small deal 2 is
#: lost; double deal 4 is a won double game with a modest number of plans.
HINT_GAMES = (
    ("standard", 0),
    ("standard", 1),
    ("standard", 4),
    ("small", 1),
    ("small", 2),
    ("double", 4),
)

#: M9 by hand, keep every pair: 7S 7H, three gaps, then 20 cards with 8 8, 9 9,
#: 10 10 split across the ends of rows 2-4. Closing up moves them back three
#: cells, so each pair lands inside a row and touches; removing the sevens
#: first moves them back five (a whole row), where they stay split. Keep:
#: 0 + 4 pairs; take the sevens: 1 + 0. So consolidate now (hint.consolidate-keep).
HINT_KEEP = lay(
    "7S 7H .. .. ..",
    "AS 2S 3S 4S 8S",
    "8H 5S 6S QS 9S",
    "9H KS AH 2H TS",
    "TH 3H 4H 5H 6H",
    stock="JS JH 8D",
)
#: M9 by hand, the best plan takes fewer than all pairs: HINT_KEEP with QH QD
#: touching at the end. Keep both 0 + 5, take the queens 1 + 4, the sevens
#: 1 + 1, both 2 + 0: the queens (a tie with keeping, won by more pairs now),
#: keeping the sevens (hint.remove-keep, kept 1 pair).
HINT_KEEP_ONE = lay(
    "7S 7H .. .. ..",
    "AS 2S 3S 4S 8S",
    "8H 5S 6S QS 9S",
    "9H KS AH 2H TS",
    "TH 3H 4H QH QD",
    stock="JS JH 8D",
)
#: Three sevens: two plans of one pair score the same; the first in order wins.
HINT_THREE = lay("7S 7H 7D .. ..", stock="KS")
#: Cannot be won; the fair hint takes 9S 9H (the perfect hint would say lost).
HINT_HOPELESS = lay("7H 8S 7S 8H ..", ".. 9S 9H .. ..")


def hint_json(state: State) -> dict[str, Any] | None:
    found = fair_hint(state)
    return None if found is None else found.to_json()


def hint_game(rules: str, deal: int) -> list[tuple[str, State]]:
    """The states of a whole game that follows the fair hint, named ``rules-deal-k``."""
    named: list[tuple[str, State]] = []
    state = new_state(rules, deal=deal)
    k = 0
    while (found := fair_hint(state)) is not None:
        named.append((f"{rules}-{deal}-{k:02d}", state))
        # One card of a consolidation or a refill: phases consolidate and refill
        # half done (the fair hint itself does each all at once).
        one = {"consolidate": (ConsolidateStep(), "step"), "refill": (RefillStep(), "deal")}
        if found.action.type in one:
            action, word = one[found.action.type]
            step = apply(state, action)
            if step.phase == found.action.type:  # still under way
                named.append((f"{rules}-{deal}-{k:02d}-one-{word}", step))
        state = apply(state, found.action)
        k += 1
    named.append((f"{rules}-{deal}-end-{status(state)}", state))
    return named


#: Issue 19: a whole fair-hint game of each variant (won and lost ones), and the
#: hand-made positions of scripts/vectors/variants.py.
VARIANT_HINT_GAMES = (
    ("thirteens", 1),
    ("thirteens", 2),
    ("fourteens", 1),
    ("fourteens-lines", 1),
    ("aces-square", 1),
)


def variant_hint_states() -> list[tuple[str, State]]:
    named: list[tuple[str, State]] = []
    for rules, deal in VARIANT_HINT_GAMES:
        named += hint_game(rules, deal)
    named += [(f"hand-{name}", state) for name, state in variant_positions().items()]
    return named


def hint_states() -> list[tuple[str, State]]:
    """Named states for hints.json: whole fair-hint games, then positions by hand."""
    named: list[tuple[str, State]] = []
    for rules, deal in HINT_GAMES:
        named += hint_game(rules, deal)
    p = positions()
    german = p["german"]
    named += [
        ("german", german),
        ("german-fours-taken", play(german, Remove(2, 8))),
        ("german-twos-taken", play(german, Remove(2, 8), Remove(6, 11))),
        ("german-removed-no-pair", p["german-removed"]),
        # Another plan's first pair taken: the hint goes on from there.
        ("german-jacks-taken", play(german, Remove(18, 22))),
        ("german-5-steps", play(p["german-removed"], *([ConsolidateStep()] * 5))),
        ("german-consolidated", play(p["german-removed"], Consolidate())),
        ("keep-every-pair", load(HINT_KEEP)),
        ("keep-one-pair", load(HINT_KEEP_ONE)),
        ("keep-one-pair-then", play(load(HINT_KEEP_ONE), Remove(23, 24))),
        ("three-sevens-tie", load(HINT_THREE)),
        ("hopeless", load(HINT_HOPELESS)),
        ("full-tableau", p["deal7"]),
        ("gaps-at-end-no-stock", p["gaps-at-end-no-stock"]),
        ("gap-before-card-no-stock", p["gap-before-card-no-stock"]),
        ("round-refill-short", p["refill"]),
        ("won", p["won"]),
        ("lost", p["blocked"]),
        ("small-start", p["small"]),
        ("double-start", p["double"]),
    ]
    return named


def make_hints() -> dict[str, Any]:
    vectors = [
        {"id": name, "kind": "hint", "state": state.to_json(), "hint": hint_json(state)}
        for name, state in hint_states() + variant_hint_states()
    ]
    by_id = {v["id"]: v["hint"] for v in vectors}
    # The hand-worked cases of tests/test_hint.py, so a generator change shows here.
    assert by_id["german"]["cells"] == [2, 8] and by_id["german"]["key"] == "hint.remove"
    assert by_id["keep-every-pair"]["key"] == "hint.consolidate-keep"
    # The sevens kept, 7♠ 7♥ in cells 0 and 1: named, as a list of pairs (issue 20).
    assert by_id["keep-one-pair"]["params"]["kept"] == {
        "list": [{"list": ["7♠", "7♥"], "type": "pair"}]
    }
    assert by_id["won"] is None and by_id["lost"] is None
    keys = {v["hint"]["key"] for v in vectors if v["hint"] is not None}
    assert keys == {
        "hint.remove",
        "hint.remove-lone",
        "hint.remove-keep",
        "hint.consolidate-keep",
        "hint.consolidate-no-pair",
        "hint.finish-consolidation",
        "hint.refill",
    }, keys
    return {
        "description": "The fair hint (docs/analysis.md, section 3) of states from whole games "
        "that follow it and of positions made by hand.",
        "vectors": vectors,
    }
