"""Reading a view's ``commit`` message, and the log of who made each revision.

Why: a view sends one action per commit, made on the board of revision
``base``; Python applies it to its *current* state and knows from this log
whether the two changes crossed (issue 9; docs/architecture.md, "The widget
(sync)"). Pure, so it is read and tested apart from the traits; the widget
takes a commit in ``commits.py``.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from ..engine.actions import perform
from ..engine.errors import EngineError, StateError, excerpt, is_int, show_repr
from ..engine.state import Action, Remove, State, parse_action
from ..engine.walkthrough import walk_to

__all__ = [
    "BACK_ACTIONS",
    "Commit",
    "CommitError",
    "Revisions",
    "WalkTo",
    "next_state",
    "read_commit",
    "read_sender",
]

#: A client id: the random id of one page's model.
_CLIENT = re.compile(r"[A-Za-z0-9_-]{8,64}")
#: The keys a commit message may have (``action`` and ``traits`` may be left out).
_KEYS = ("type", "client", "seq", "base", "action", "traits")
#: Traits a commit may not set: the game goes by ``action``; ``_sync`` is Python's.
_NOT_TRAITS = ("state", "_sync")
#: Actions that name a place in the history: refused when the commit crossed.
BACK_ACTIONS = frozenset({"undo", "redo", "walk_to"})


@dataclass(frozen=True)
class WalkTo:
    """``{"type": "walk_to", "k": k}``: a jump to step ``k`` of the round's walkthrough."""

    k: int
    type: str = field(default="walk_to", init=False)


@dataclass(frozen=True)
class Commit:
    """One commit message, read: ``action`` is ``None`` for a traits-only commit."""

    client: str
    seq: int
    base: int
    action: Action | WalkTo | None
    traits: dict[str, Any]


class CommitError(ValueError):
    """A malformed commit: ``path`` (``commit.seq``, ``commit.action.cells[1]``) and
    ``problem`` (English words). ``client`` and ``seq`` are what could be read, or ``None``."""

    def __init__(
        self, path: str, problem: str, client: str | None = None, seq: int | None = None
    ) -> None:
        # A path or problem may name a view's key or quote its value: cut both.
        path, problem = excerpt(path, 80), excerpt(problem, 300)
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem
        self.client = client
        self.seq = seq


def read_sender(content: Any) -> tuple[str, int]:
    """``(client, seq)`` of a commit message; ``CommitError`` naming the bad one.

    ``client`` is 8 to 64 characters of ``A-Z a-z 0-9 _ -``; ``seq`` a whole
    number from 1. Read first, so that a replay is known before the rest.
    """
    if not isinstance(content, dict):
        raise CommitError("commit", "a commit must be an object.")
    client = content.get("client")
    if not isinstance(client, str) or not _CLIENT.fullmatch(client):
        shown = show_repr(client)
        raise CommitError(
            "commit.client", f"client must be 8 to 64 letters, digits, _ or -, not {shown}."
        )
    seq = content.get("seq")
    if not is_int(seq) or seq < 1:
        shown = show_repr(seq)
        raise CommitError("commit.seq", f"seq must be a whole number from 1, not {shown}.", client)
    return client, seq


def read_commit(content: dict[str, Any], client: str, seq: int, revision: int) -> Commit:
    """The commit ``content`` (its sender already read), checked against ``revision``.

    Raises ``CommitError`` for an unknown key, a ``base`` that is not a whole
    number in ``0 … revision``, an action that is not ``null``, an engine
    action (:func:`parse_action`) or ``{"type": "walk_to", "k": int}``, or
    ``traits`` that are not an object or set ``state`` or ``_sync``.
    """

    def bad(path: str, problem: str) -> CommitError:
        return CommitError(path, problem, client, seq)

    for key in content:
        if key not in _KEYS:
            raise bad(f"commit.{key}", f"{key} is not a commit key.")
    base = content.get("base")
    if not is_int(base) or not 0 <= base <= revision:
        shown = show_repr(base)
        raise bad("commit.base", f"base must be a revision from 0 to {revision}, not {shown}.")
    traits = content.get("traits", {})
    if not isinstance(traits, dict):
        raise bad("commit.traits", "traits must be an object.")
    for name in _NOT_TRAITS:
        if name in traits:
            raise bad(f"commit.traits.{name}", f"a commit cannot set {name}.")
    return Commit(client, seq, base, _read_action(content.get("action"), bad), traits)


def _read_action(data: Any, bad: Any) -> Action | WalkTo | None:
    if data is None:
        return None
    if isinstance(data, dict) and data.get("type") == "walk_to":
        for key in data:
            if key not in ("type", "k"):
                raise bad(f"commit.action.{key}", f"{key} is not a walk_to key.")
        if not is_int(data.get("k")):
            shown = show_repr(data.get("k"))
            raise bad("commit.action.k", f"k must be a whole number, not {shown}.")
        return WalkTo(data["k"])
    try:
        return parse_action(data)
    except StateError as error:
        raise bad(f"commit.{error.path}", str(error)) from None
    except EngineError as error:  # a new deal's number (DealError)
        raise bad("commit.action.deal", str(error)) from None


def next_state(state: State, action: Action | WalkTo) -> State:
    """``state`` after the one ``action`` (the engine's ``perform``, or ``walk_to``).

    Raises the engine's error (``IllegalMove``, ``LayoutError``, …) when the
    rules refuse it.
    """
    if isinstance(action, WalkTo):
        return walk_to(state, action.k)
    return perform(state, action)[0]


class Revisions:
    """Who made each revision of the game: a client id, ``None`` (Python code) or
    ``"?"`` (a ``state`` a view sent: its maker is unknown), and the ``State``
    it left. Revision 0 is ``start``, made by no one."""

    #: How many recent revisions keep their ``State``: a commit built on an
    #: older one is too far behind to tell which cards it meant.
    KEEP = 500

    def __init__(self, start: State) -> None:
        self._revision = 0
        # The authors and States of the last KEEP revisions: memory stays
        # bounded however long the session.
        self._authors: deque[str | None] = deque(maxlen=self.KEEP)
        self._states: deque[State] = deque([start], maxlen=self.KEEP + 1)

    @property
    def revision(self) -> int:
        """The latest revision: how many changes there have been."""
        return self._revision

    def made(self, author: str | None, state: State) -> int:
        """Record one more revision, made by ``author``, leaving ``state``; return its number."""
        self._revision += 1
        self._authors.append(author)
        self._states.append(state)
        return self._revision

    def state(self, revision: int) -> State | None:
        """The game as ``revision`` (0 … :attr:`revision`) left it; ``None`` when
        it is more than :attr:`KEEP` revisions old (not kept)."""
        back = self.revision - revision
        return self._states[-1 - back] if back < len(self._states) else None

    def crossed(self, base: int, client: str) -> bool:
        """True when a revision after ``base`` was made by someone other than ``client``.

        Looks only at the revisions since ``base``: as many as the sender's
        commits in flight plus the others' changes, not the game's length. A
        ``base`` more than :attr:`KEEP` revisions old counts as crossed: who
        made what since is no longer known.
        """
        since = self._revision - base
        if since > len(self._authors):
            return True
        return any(self._authors[-1 - back] != client for back in range(since))

    def still_meant(self, base: int, action: Action | WalkTo, now: State) -> bool:
        """False when ``action``, chosen on the board of ``base``, means another
        move on ``now`` (the current state): it must not land there.

        A ``remove`` names cells: it is meant for the cards they held at
        ``base``, so a cell now holding another card (after a new deal, a
        load, an undo, a step) makes it another pair. A cell now empty is
        left to the engine, whose refusal names the gap. A step, a whole
        consolidation or a refill is meant for the game of ``base`` (its
        ``start`` and ``deal``), not one dealt or loaded since. A new deal
        or a load replaces the game, so it is always meant. Undo, redo and
        walkthrough jumps are not judged here (:data:`BACK_ACTIONS`). A
        ``base`` more than :attr:`KEEP` revisions old: only a new deal or a
        load is meant (memory stays bounded however long the session).
        """
        then = self.state(base)
        if then is None:  # too far behind to tell what it meant
            return action.type in ("new_deal", "load")
        if isinstance(action, Remove):
            for cell in action.cells:
                card = now.tableau[cell] if 0 <= cell < len(now.tableau) else None
                held = then.tableau[cell] if 0 <= cell < len(then.tableau) else None
                if card is not None and card != held:
                    return False
            return True
        if action.type in ("new_deal", "load") or action.type in BACK_ACTIONS:
            return True
        return (then.start, then.deal) == (now.start, now.deal)
