"""games-undo.json: undoing and redoing a new deal or a load; bad game links."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mc_widget.engine import (
    MAX_PREVIOUS_GAMES,
    Action,
    Load,
    NewDeal,
    Redo,
    Remove,
    State,
    Undo,
    apply,
    legal_pairs,
    new_state,
    perform,
    state_from_json,
    verify_state,
    walk_to,
)

from .common import (
    EMPTY_ROW,
    GERMAN_CASE,
    edited,
    illegal_vector,
    play,
    result_json,
    state_refusals,
    summary,
)
from .positions import ROUND, positions

#: The fields an engine writes that a state saved before new deals could be undone lacks.
GAME_LINKS = ("previous_game", "next_game")


def chain(top: int) -> State:
    """Deal ``top`` after new deals 0, 1, …, ``top - 1`` (no moves): a chain of earlier games."""
    state = new_state("standard", deal=0)
    for deal in range(1, top + 1):
        state = apply(state, NewDeal(deal))
    return state


def undo_games() -> dict[str, State]:
    """Named states for undoing new deals and loads.

    architecture.md, "undo, redo, new_deal, load".
    """
    p = positions()
    played = p["deal7-played"]
    dealt = apply(played, NewDeal(8))
    loaded = apply(played, Load(GERMAN_CASE["layout"]))
    with_tail = play(played, Remove(*legal_pairs(played)[0]), Undo())
    two = play(p["deal7"], NewDeal(8), NewDeal(9))
    # Step 5 of the German round's walkthrough: the walk's other 18 steps wait for a redo.
    walk_5 = walk_to(p["german-removed"], 5)
    tail_back = play(with_tail, NewDeal(8), Undo())
    return {
        "played": played,
        "dealt": dealt,
        "dealt-played": play(dealt, Remove(*legal_pairs(dealt)[0])),
        "dealt-played-undone": play(dealt, Remove(*legal_pairs(dealt)[0]), Undo()),
        "dealt-undone": apply(dealt, Undo()),
        "dealt-redone": play(dealt, Undo(), Redo()),
        "loaded": loaded,
        "loaded-undone": apply(loaded, Undo()),
        "loose-loaded": apply(p["deal7"], Load("7h 10♠ .. .. ../" + "/".join([EMPTY_ROW] * 4))),
        "with-tail": with_tail,
        "tail-replaced-undone": tail_back,
        "tail-replaced-undone-twice": apply(tail_back, Undo()),
        "tail-replaced-undone-twice-redone": play(tail_back, Undo(), Redo()),
        "walk-5": walk_5,
        "walk-5-replaced-undone": play(walk_5, NewDeal(3), Undo()),
        "two": two,
        "two-undone": apply(two, Undo()),
        "won-replaced": apply(p["won"], NewDeal(3)),
        "small-dealt": apply(p["small"], NewDeal(4)),
        "chain-8": chain(8),
        "chain-8-undone": apply(chain(8), Undo()),
        "chain-2": chain(2),
        "chain-2-undone": apply(chain(2), Undo()),
    }


def without_links(state: State) -> dict[str, Any]:
    """``state``'s JSON as saved before new deals could be undone: no chain keys."""
    data = state.to_json()
    for key in GAME_LINKS:
        del data[key]
    return data


def make_games_undo() -> dict[str, Any]:
    g = undo_games()
    vectors: list[dict[str, Any]] = []
    steps_of: list[tuple[str, str, Any]] = [
        ("new-deal-keeps-the-game", "played", NewDeal(8)),
        ("load-keeps-the-game", "played", Load(GERMAN_CASE["layout"])),
        ("undo-new-deal", "dealt", Undo()),
        ("undo-load", "loaded", Undo()),
        ("undo-load-gives-canonical-layout", "loose-loaded", Undo()),
        ("redo-new-deal", "dealt-undone", Redo()),
        ("redo-load", "loaded-undone", Redo()),
        ("undo-in-new-game-keeps-previous", "dealt-played", Undo()),
        ("undo-new-deal-drops-its-undone-moves", "dealt-played-undone", Undo()),
        ("redo-in-new-game-keeps-previous", "dealt-played-undone", Redo()),
        ("undo-move-keeps-next-game", "dealt-undone", Undo()),
        # Undo and redo are a stack: the last thing undone is the first redone.
        ("new-deal-drops-the-redo-tail", "with-tail", NewDeal(8)),
        ("new-deal-drops-the-walk-tail", "walk-5", NewDeal(3)),
        ("load-drops-the-walk-tail", "walk-5", Load(ROUND)),
        ("redo-makes-the-undone-new-deal-again", "tail-replaced-undone", Redo()),
        ("redo-after-walk-and-undone-new-deal", "walk-5-replaced-undone", Redo()),
        ("redo-move-undone-after-the-new-deal-first", "tail-replaced-undone-twice", Redo()),
        ("then-redo-the-new-deal", "tail-replaced-undone-twice-redone", Redo()),
        ("game-action-clears-next-game", "two-undone", None),
        ("undo-through-two-new-deals", "two-undone", Undo()),
        ("new-deal-after-undone-new-deal", "dealt-undone", NewDeal(9)),
        ("undo-new-deal-back-to-won-game", "won-replaced", Undo()),
        ("undo-new-deal-small", "small-dealt", Undo()),
        ("new-deal-drops-the-oldest-game", "chain-8", NewDeal(9)),
        ("load-drops-the-oldest-game", "chain-8", Load(ROUND)),
        ("undo-new-deal-in-full-chain", "chain-8", Undo()),
        ("redo-new-deal-in-full-chain", "chain-8-undone", Redo()),
        ("undo-chain-2", "chain-2-undone", Undo()),
    ]
    for name, where, action in steps_of:
        state = g[where]
        if name == "game-action-clears-next-game":
            action = Remove(*legal_pairs(state)[0])
        after, result = perform(state, action)
        vectors.append(
            {
                "id": name,
                "kind": "action",
                "state": state.to_json(),
                "action": action.to_json(),
                "after": after.to_json(),
                "result": result_json(result),
            }
        )
    dropped = apply(g["chain-8"], NewDeal(9))
    oldest = dropped
    for _ in range(MAX_PREVIOUS_GAMES):
        assert oldest.previous_game is not None
        oldest = oldest.previous_game
    assert oldest.deal == 1 and oldest.previous_game is None  # deal 0 was dropped
    refusals: list[tuple[str, str, Any]] = [
        ("nothing-to-undo-after-undoing-the-new-deal", "dealt-undone", None),
        ("nothing-to-redo-after-redoing-the-new-deal", "dealt-redone", Redo()),
        ("nothing-to-undo-at-the-oldest-game", "chain-8", None),
        ("bad-new-deal-keeps-the-chain", "chain-2-undone", {"type": "new_deal", "deal": -1}),
        ("bad-load-keeps-the-chain", "chain-2-undone", {"type": "load", "layout": "7H 7H"}),
    ]
    for name, where, action in refusals:
        state = g[where]
        if name == "nothing-to-undo-after-undoing-the-new-deal":
            state = steps_until_start(state)
            action = Undo()
        if name == "nothing-to-undo-at-the-oldest-game":
            for _ in range(MAX_PREVIOUS_GAMES):
                state = apply(state, Undo())
            action = Undo()
        vectors.append(illegal_vector(name, state, action))
    for name in ("dealt", "dealt-undone", "loaded-undone", "tail-replaced-undone", "chain-8"):
        vectors.append({"id": f"state-ok-{name}", "kind": "state-ok", "state": g[name].to_json()})
    for name, source, action in [
        ("remove", g["played"], None),
        ("undo", g["played"], Undo()),
        ("new-deal", g["played"], NewDeal(8)),
        ("loaded", positions()["undone"], Redo()),
    ]:
        if action is None:
            action = Remove(*legal_pairs(source)[0])
        vectors.append(
            {
                "id": f"old-state-{name}",
                "kind": "old-state",
                "state": without_links(source),
                "action": action.to_json(),
                "after": apply(source, action).to_json(),
            }
        )
    vectors += bad_linked_states(g)
    vectors.append(undo_new_deal_game())
    return {
        "description": "Undoing and redoing a new deal or a load: the previous_game chain "
        "and next_game; states with bad links.",
        "vectors": vectors,
    }


def steps_until_start(state: State) -> State:
    """Undo the game actions of ``state`` until its cursor is 0."""
    while state.cursor > 0:
        state = apply(state, Undo())
    return state


def bad_linked_states(g: dict[str, State]) -> list[dict[str, Any]]:
    """``bad-state`` and ``verify-fail`` vectors for ``previous_game`` and ``next_game``."""
    dealt = g["dealt"].to_json()  # deal 8, its previous game deal 7 played
    undone = g["dealt-undone"].to_json()  # deal 7 played, next game deal 8
    two = g["two"].to_json()  # deal 9 ← deal 8 ← deal 7
    small = positions()["small"].to_json()
    nine_deep = g["chain-8"].to_json()
    link = nine_deep
    for _ in range(MAX_PREVIOUS_GAMES):
        link = link["previous_game"]
    link["previous_game"] = new_state("standard", deal=100).to_json()
    played_deep = play(g["played"], NewDeal(8), NewDeal(9)).to_json()

    def prev(data: dict[str, Any]) -> dict[str, Any]:
        return data["previous_game"]

    bad: list[tuple[str, dict[str, Any], Callable[[dict[str, Any]], Any] | None]] = [
        ("previous-game-text", dealt, lambda d: d.update(previous_game="deal 7")),
        ("previous-game-list", dealt, lambda d: d.update(previous_game=[])),
        ("previous-game-missing-key", dealt, lambda d: prev(d).pop("cursor")),
        ("previous-game-unknown-key", dealt, lambda d: prev(d).update(colour="red")),
        ("previous-game-bad-card", dealt, lambda d: prev(d)["tableau"].__setitem__(3, "XQ")),
        ("previous-game-other-rules", dealt, lambda d: d.update(previous_game=small)),
        (
            "previous-game-bad-next-game",
            dealt,
            lambda d: prev(d).update(next_game={"type": "undo"}),
        ),
        ("second-previous-game-bad-phase", two, lambda d: prev(prev(d)).update(phase="play")),
        ("nine-earlier-games", nine_deep, None),
        (
            "next-game-remove",
            undone,
            lambda d: d.update(next_game={"type": "remove", "cells": [0, 1]}),
        ),
        ("next-game-unknown-type", undone, lambda d: d.update(next_game={"type": "fly"})),
        ("next-game-text", undone, lambda d: d.update(next_game="new_deal")),
        ("next-game-extra-key", undone, lambda d: d["next_game"].update(layout="7H")),
        ("next-game-missing-deal", undone, lambda d: d["next_game"].pop("deal")),
        ("next-game-negative-deal", undone, lambda d: d["next_game"].update(deal=-1)),
        ("next-game-deal-text", undone, lambda d: d["next_game"].update(deal="8")),
        (
            "next-game-layout-number",
            undone,
            lambda d: d.update(next_game={"type": "load", "layout": 7}),
        ),
        (
            "next-game-bad-layout",
            undone,
            lambda d: d.update(next_game={"type": "load", "layout": "7H 7H"}),
        ),
        ("outer-state-first", dealt, lambda d: (d.update(round=0), prev(d).update(round=0))),
    ]
    vectors = state_refusals(
        "bad-state",
        "bad-state",
        state_from_json,
        ((name, source if edit is None else edited(source, edit)) for name, source, edit in bad),
    )
    assert vectors[8]["error"]["path"] == "state" + ".previous_game" * (MAX_PREVIOUS_GAMES + 1)
    wrong: list[tuple[str, dict[str, Any], Callable[[dict[str, Any]], Any]]] = [
        ("previous-game-tableau", dealt, lambda d: prev(d)["tableau"].__setitem__(0, None)),
        ("previous-game-deal-start", dealt, lambda d: prev(d).update(deal=9)),
        ("previous-game-history", dealt, lambda d: prev(d)["history"][0].update(cells=[0, 1])),
        ("previous-game-cursor", dealt, lambda d: prev(d).update(cursor=3)),
        ("second-previous-game-cursor", played_deep, lambda d: prev(prev(d)).update(cursor=3)),
        ("outer-state-first", dealt, lambda d: (d.update(round=2), prev(d).update(round=1))),
    ]
    vectors += state_refusals(
        "verify-fail",
        "verify",
        verify_state,
        ((name, edited(source, edit)) for name, source, edit in wrong),
    )
    return vectors


def undo_new_deal_game() -> dict[str, Any]:
    """A short game: play, new deal, load, and undo and redo back and forth across them."""
    state = new_state("standard", deal=7)
    start = summary(state)
    steps = []

    def step(action: Action) -> None:
        nonlocal state
        state, result = perform(state, action)
        steps.append(
            {"action": action.to_json(), "result": result_json(result), "summary": summary(state)}
        )

    step(Remove(*legal_pairs(state)[0]))
    step(NewDeal(8))
    step(Remove(*legal_pairs(state)[0]))
    for action in (Undo(), Undo(), Undo(), Redo(), Redo(), Undo(), Redo()):
        step(action)
    step(Load(GERMAN_CASE["layout"]))
    for cells in GERMAN_CASE["remove"]:
        step(Remove(*cells))
    for action in (Undo(), Undo(), Undo(), Undo(), Redo(), Remove(2, 8), Undo(), Undo()):
        step(action)
    assert state.deal == 8 and isinstance(state.next_game, Load) and state.previous_game
    return {
        "id": "game-standard-7-new-deal-undo",
        "kind": "game",
        "rules": "standard",
        "deal": 7,
        "policy": "new-deal-undo",
        "start": start,
        "steps": steps,
        "final_state": state.to_json(),
    }
