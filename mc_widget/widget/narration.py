"""The status line's words for a change of the game: which pair went, which card moved.

Why apart: a change is narrated the same whoever made it (a widget method,
``w.game.…``, ``w.state = …``, a view's state sent without words), found
from the states before and after, with the same keys as the front end's
``narrate`` (js/present/narration.js). docs/architecture.md, "The widget (sync)".
"""

from __future__ import annotations

from typing import Any

from ..engine import Card, State
from ..engine.actions import perform
from ..engine.game import Game
from ..engine.messages import Phrase, counted, phrase
from ..engine.state import Action
from .feedback import make_feedback

__all__ = ["card_left", "narrate", "narrate_change", "walk_feedback"]

#: The action type of each widget method that makes a game action.
ACTION_OF_METHOD = {
    "remove_pair": "remove",
    "consolidate_step": "consolidate_step",
    "consolidate": "consolidate",
    "refill_step": "refill_step",
    "refill": "refill",
}

#: The catalogue keys of each description: done, undone, redone (as ``NARRATION``
#: in js/present/narration.js).
_SAID = {
    "remove": ("status.removed", "status.undone-remove", "status.redone-remove"),
    "alone": ("status.removed-alone", "status.undone-remove-alone", "status.redone-remove-alone"),
    "moved": ("status.moved", "status.undone-moved", "status.redone-moved"),
    "nothing-moved": (
        "status.nothing-moved",
        "status.undone-nothing-moved",
        "status.redone-nothing-moved",
    ),
    "consolidated": (
        "status.consolidated",
        "status.undone-consolidated",
        "status.redone-consolidated",
    ),
    "dealt": ("status.dealt", "status.undone-dealt", "status.redone-dealt"),
    "refilled": ("status.refilled", "status.undone-refilled", "status.redone-refilled"),
}


def card_left(cell: int, before: State, after: State) -> bool:
    """Whether the card ``cell`` held in ``before`` is not there in ``after``
    (removed, moved, or another game)."""
    return (
        not 0 <= cell < len(after.tableau)
        or cell >= len(before.tableau)
        or after.tableau[cell] is None
        or before.tableau[cell] != after.tableau[cell]
    )


def _same_game(a: State, b: State) -> bool:
    return a.start == b.start and a.deal == b.deal


def _classify(before: State, after: State) -> tuple[str, Any] | None:
    """Which one widget method call made ``after`` from ``before``: ``(name, result)``
    as :func:`narrate` takes them, or ``None``."""
    # A new deal or a load can be undone: the state keeps the game it replaced
    # (``previous_game``) and, once undone, the action taken back (``next_game``).
    undone = getattr(after, "next_game", None)
    if undone is not None and getattr(before, "next_game", None) is None:
        return "undo", undone
    if (
        not after.history
        and after.cursor == 0
        and (before.history or not _same_game(before, after))
    ):
        again = getattr(before, "next_game", None)
        if (
            again is not None
            and getattr(after, "previous_game", None) is not None
            and getattr(again, "deal", None) == after.deal
        ):
            return "redo", again
        return ("new_deal", None) if after.deal is not None else ("load", None)
    if not _same_game(before, after):
        return None
    c = before.cursor
    if after.history == before.history:
        if after.cursor == c + 1:
            return "redo", before.history[c]
        if after.cursor == c - 1:
            return "undo", before.history[c - 1]
        return None
    if after.cursor == c + 1 == len(after.history) and after.history[:c] == before.history[:c]:
        action: Action = after.history[c]
        name = next(m for m, t in ACTION_OF_METHOD.items() if t == action.type)
        return name, perform(before, action)[1]
    return None


def narrate_change(
    game: Game, before: State, after: State, predict: bool = False
) -> dict[str, Any]:
    """The status line for a change no widget method worded (``w.game.…``,
    ``w.state = …``, a view's state sent without feedback): the same
    words as :func:`narrate`, found from the two states.

    One action done, undone or redone (a game action, a new deal, a
    load) is told as the widget method would tell it; a jump along a
    walkthrough (``w.game.walk_to(k)``) as that step
    (:func:`walk_feedback`, ``predict`` as there). When a redo and the same action made
    again give the same state, it is told as the redo. Anything else
    clears the status line (``{}``): the old words no longer hold.
    """
    found = _classify(before, after)
    if found is not None:
        name, result = found
        return narrate(game, name, result, before)
    if game.walkthrough() is not None:
        return walk_feedback(game, predict)
    return {}


def narrate(game: Game, name: str, result: Any, before: State) -> dict[str, Any]:
    """The status line after widget method ``name`` succeeded (tone ``info``), or ``{}``.

    The same words as the front end's ``narrate`` (``js/present/narration.js``):
    which pair was removed, which card moved or was dealt; for ``undo``
    and ``redo``, which action was taken back or made again, with its cards.
    """
    if name == "new_deal":
        return make_feedback("status.new-deal", {"deal": game.deal}, tone="info")
    if name == "load":
        return make_feedback("status.loaded", tone="info")
    if name in ("undo", "redo") and result.type in ("new_deal", "load"):
        # A new deal or a load taken back (the earlier game is back) or made again.
        if result.type == "load":
            key = "status.undone-load" if name == "undo" else "status.redone-load"
            return make_feedback(key, tone="info")
        if name == "undo":
            return make_feedback("status.undone-new-deal", tone="info")
        return make_feedback("status.redone-new-deal", {"deal": result.deal}, tone="info")
    if name in ("undo", "redo"):
        # ``result`` is the action undone or redone; applying it again to the
        # state it was applied to gives what it did.
        pre = game.state if name == "undo" else before
        post, what = perform(pre, result)
        mode = "undone" if name == "undo" else "redone"
        return _describe(game, result.type, what, post, mode)
    kind = ACTION_OF_METHOD.get(name)
    if kind is None:
        return {}
    return _describe(game, kind, result, game.state, "done")


def _describe(game: Game, kind: str, what: Any, post: State, mode: str) -> dict[str, Any]:
    """Words for one game action of type ``kind``: ``what`` is what ``perform``
    returned for it, ``post`` the state it made; ``mode`` is ``done``,
    ``undone`` or ``redone``."""
    column = ("done", "undone", "redone").index(mode)

    def say(said: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        return make_feedback(_SAID[said][column], params, tone="info")

    def place(cell: int) -> str:
        return _place(game, cell)

    if kind == "remove":
        if len(what) == 1:  # a card removed alone (a Thirteens king): "K♠ removed alone."
            return say("alone", {"card": what[0]})
        a, b = what  # Cards: their symbols in JSON, the board's letters on the board
        return say("remove", {"a": a, "b": b})
    if kind == "consolidate_step":
        if what is None:
            return say("nothing-moved")
        src, dst = what
        card = post.tableau[dst]
        if mode == "undone":  # the card goes back, from where it went to where it was
            src, dst = dst, src
        return say("moved", {"card": card, "from": place(src), "to": place(dst)})
    if kind == "consolidate":
        return say("consolidated", {"cards": counted("count.cards", len(what))})
    if kind == "refill_step":
        return say("dealt", {"card": post.tableau[what], "place": place(what)})
    return say("refilled", {"cards": counted("count.cards", len(what))})


def walk_feedback(game: Game, predict: bool = False) -> dict[str, Any]:
    """The narration of the walkthrough's current step (docs/teaching.md, section 2).

    The same objects as ``stepNarration`` (js/present/narration.js): the
    step just made, in the past, and under ``next`` the step after it, the
    one the board's "next" marks show (``walk.next-move`` ``{card, to}``,
    ``walk.next-deal`` ``{place}``; ``walk.next-predict`` when ``predict``
    mode hides the marks); the last step has no ``next``.
    """
    walk = game.walkthrough()
    if walk is None:
        return {}
    k, n = walk.position, walk.n
    after = {"next": _next_step(game, walk.steps[k], predict)} if k < n else {}
    if k == 0:
        # An empty stock or no card to move has words of its own, not "0 cards".
        moves = counted("count.cards", walk.moves)
        deals = counted("count.stock-cards", walk.deals)
        if walk.deals == 0:
            params = {"n": n, "moves": moves, **after}
            return make_feedback("walk.start-no-deals", params, tone="info")
        if walk.moves == 0:
            params = {"n": n, "deals": deals, **after}
            return make_feedback("walk.start-no-moves", params, tone="info")
        params = {"n": n, "moves": moves, "deals": deals, **after}
        return make_feedback("walk.start", params, tone="info")
    step = walk.steps[k - 1]
    card = Card.parse(step.card)
    last = k == n  # the last step also says the round is over
    if step.kind == "move":
        params = {
            "card": card,
            "from": _place(game, step.source),
            "to": _place(game, step.target),
        }
        key = "walk.end-move" if last else "walk.move"
        return make_feedback(key, {**params, "step": k, "n": n, **after}, tone="info")
    params = {"card": card, "place": _place(game, step.target), "step": k, "n": n, **after}
    return make_feedback("walk.end-deal" if last else "walk.deal", params, tone="info")


def _next_step(game: Game, step: Any, predict: bool) -> Phrase:
    """The next step in words, a nested message: the card that moves and
    where, or the gap the (face-down) stock card fills."""
    if predict:
        return phrase("walk.next-predict")
    to = _place(game, step.target)
    if step.kind == "move":
        return phrase("walk.next-move", {"card": Card.parse(step.card), "to": to})
    return phrase("walk.next-deal", {"place": to})


def _place(game: Game, cell: int) -> str:
    """``cell`` as "row 2, column 3": a phrase, a nested message in JSON."""
    cols = game.rules.cols
    return phrase("cell.place", {"row": cell // cols + 1, "col": cell % cols + 1})
