"""Where a view's move is taken: its ``commit``, the acks and refusals, and the old
whole-``state`` update, each checked before anything changes.

Why: every view's message goes through here, so a malformed or crossed one
never reaches the traits and never crashes the kernel. The protocol is
docs/architecture.md, "The widget (sync)"; ``sync.py`` reads the messages.
"""

from __future__ import annotations

from typing import Any

import traitlets

from ..engine import PRESETS, Rules, State, StateError, verify_state
from ..engine.errors import is_int, show_repr
from ..jsvalues import from_front
from .feedback import bad_message, feedback_for, make_feedback
from .sync import BACK_ACTIONS, CommitError, next_state, read_commit, read_sender
from .values import COMMIT_TRAITS, check_view_values

__all__ = ["ACKS_KEPT", "Commits"]

#: How many views' acks ``_sync.acks`` keeps: the most recent to commit. A
#: view that has not committed for this many other views' commits is
#: forgotten; its next commit is taken as a new view's (a replay of an old
#: one would then not be known as one: none is sent by a live board).
ACKS_KEPT = 64


def _rules_name(rules: Rules) -> str:
    """A preset's name (``standard``), or a custom shape as ``"name" (5x5, 1 deck)``."""
    if PRESETS.get(rules.name) == rules:
        return rules.name
    decks = "1 deck" if rules.decks == 1 else f"{rules.decks} decks"
    return f'"{rules.name}" ({rules.rows}x{rules.cols}, {decks})'


class Commits:
    """The widget's side of a view's messages (mixed into ``MonteCarloWidget``)."""

    # ------------------------------------------------------------------ custom messages

    def _board_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A custom message from a view: ``{"type": "commit", …}`` (a move:
        :meth:`_take_commit`), ``{"type": "review"}``, ``{"type": "hint"}``,
        ``{"type": "lang", "lang": code}``: the notebook's language, which the
        front end asks for when ``lang`` is ``None`` (docs/i18n.md, section 2),
        or ``{"type": "rules", "rules": name}``: the rules picker (``picker.py``).
        Pyodide's ``jsnull`` counts as ``None`` (:func:`from_front`)."""
        content = from_front(content)
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "commit":
            self._take_commit(content)
        elif kind == "review":
            self.review()
        elif kind == "hint":
            self.hint()
        elif kind == "lang":
            self._asked_for(content.get("lang"))
        elif kind == "rules":
            self._picked_rules(content.get("rules"))
        else:
            self.feedback = bad_message(
                "message", f"{show_repr(content)} is not a message this board knows."
            )

    # ------------------------------------------------------------------ a whole state

    def _verify(self, value: Any) -> State:
        """Check a state from outside Python's own game: the verified ``State``.

        ``verify_state`` (shape, deal, the whole history replayed), and the
        same rules as the board: a new deal or a load keeps the rules, so a
        state with other rules did not come from playing this board. Raises
        ``StateError`` (path ``state.rules`` for other rules).
        """
        state = verify_state(value)
        if state.rules != self._game.rules:
            raise StateError(
                "state.rules",
                "state.other-rules",
                {"expected": _rules_name(self._game.rules), "got": _rules_name(state.rules)},
            )
        return state

    def _check_keeps_python_moves(self, sent: State) -> None:
        """Refuse a whole state a view sent that would drop a move Python has made.

        Same game (start and deal) as Python's: its history must begin with
        the actions in effect in Python's (``history[:cursor]``); an undo or
        redo keeps the history, so it passes. A view that had not seen a
        Python move sends a history without it: ``StateError`` at
        ``state.history[k]``, the first action that differs (key
        ``state.drops-moves``). Another game (a new deal, a load) keeps
        Python's in its earlier games and passes, as a crossed new deal lands.
        """
        now = self._game.state
        if (sent.start, sent.deal) != (now.start, now.deal):
            return
        kept = now.history[: now.cursor]
        if sent.history[: len(kept)] == kept:
            return
        k = next(
            (
                i
                for i, action in enumerate(kept)
                if i >= len(sent.history) or sent.history[i] != action
            ),
            len(kept),
        )
        raise StateError(f"state.history[{k}]", "state.drops-moves")

    def _state_proposed(self, proposal: Any) -> dict[str, Any]:
        # A state set from Python code (`w.state = {...}`) is verified like a
        # front-end one; the game's own pushes are trusted (by identity). The
        # verified State is kept for the observer, so the game does not verify
        # it again.
        if proposal["value"] is not self._pushed:
            try:
                self._verified = (proposal["value"], self._verify(proposal["value"]))
            except StateError as error:
                self.feedback = feedback_for(error, self.language)
                raise traitlets.TraitError(str(error)) from error
        return proposal["value"]

    def _state_followed(self, change: Any) -> None:
        # The game follows a value the validator verified (``w.state = …``);
        # Python's own pushes were never verified there: nothing to follow.
        verified, self._verified = self._verified, None
        if verified is not None and verified[0] is change["new"]:
            self._game._set_verified(verified[1])

    def _take_update(self, sync_data: dict[str, Any]) -> None:
        """A view's update (ipywidgets' ``set_state``), refusing what does not verify.

        ipywidgets calls this for every state update a view sends. ``state``
        is verified with ``verify_state`` (shape, deal, full replay of the
        history); ``selected`` must be ``None`` or a cell holding a card;
        ``feedback`` a feedback object. Accepted values are applied (and
        echoed to the other views as usual); refused ones never reach the
        traits: Python sends its own values back and sets ``feedback`` (tone
        ``error``) naming the bad part. ``clock`` must be a clock object; it
        is refused (Python's sent back) with a refused ``state``, since the
        move it timed did not happen. The teaching traits are checked the
        same way (``size`` one of ``SIZES``, ``title``/``caption`` text,
        ``predict``/``show_order`` booleans, ``predictions`` ``[right,
        asked]``); ``panels`` are Python's alone: a view's change is refused.
        Any other trait must pass its own validation, so a malformed message
        never raises inside the comm handler. Pyodide's ``jsnull`` (JupyterLite)
        counts as ``None`` everywhere (:mod:`mc_widget.jsvalues`).
        """
        sync_data = from_front(sync_data)
        if "_seen" in sync_data:
            # The board's one save (js/app/sync.js, after Python answered a commit):
            # the other traits in it are those its commits brought, already
            # taken or refused there; only `_seen` is news.
            sync_data = {"_seen": sync_data["_seen"]}
        accepted: dict[str, Any] = {}
        refused: list[str] = []
        problem: dict[str, Any] | None = None
        effective = self.state

        verified: State | None = None
        if "state" in sync_data:
            value = sync_data["state"]
            try:
                checked = self._verify(value)
                self._check_keeps_python_moves(checked)
            except StateError as error:
                refused.append("state")
                problem = feedback_for(error, self.language)
            except Exception as error:  # a malformed message must never crash the kernel
                refused.append("state")
                problem = bad_message("state", str(error))
            else:
                verified = checked
                accepted["state"] = value
                effective = value

        traits = {key: value for key, value in sync_data.items() if key != "state"}
        if "state" in refused and "clock" in traits:
            # The move it timed did not happen.
            del traits["clock"]
            refused.append("clock")
        good, bad = check_view_values(self, traits, effective)
        accepted.update(good)
        refused.extend(bad)
        if bad and problem is None:
            name, (path, why) = next(iter(bad.items()))
            if name == "selected":
                value = show_repr(traits["selected"])
                problem = make_feedback(
                    "error.selected", {"value": value}, tone="error", text=True, lang=self.language
                )
            else:
                problem = bad_message(path, why)

        if verified is not None:
            self._pushed = accepted["state"]  # verified above
            self._set_verified(accepted, verified)
        elif accepted:
            super().set_state(accepted)

        if refused:
            # The sending view holds the refused values: give it ours again.
            resend = [k for k in refused if k != "feedback" and k in self.keys]
            if resend:
                self.send_state(resend)
            if "selected" in refused and "state" in refused:
                self.set_trait("selected", None)  # not Python pointing (``__setattr__``)
            self.feedback = problem

    def _set_verified(self, accepted: dict[str, Any], state: State) -> None:
        """Apply a verified front-end state: the traits and the game, then the observers.

        ``state`` is the ``State`` that ``_verify`` made of ``accepted["state"]``.
        ipywidgets sets the traits (and sends its echo) with their
        notifications held; the game follows inside the same hold and under
        the same property lock, so every observer (of a trait or of the
        game) sees both new, and a value the view sent is not sent back to
        it. The clock the front end sent with the state is kept; a state
        sent without one (not this front end) moves the clock in Python; a
        state sent without feedback is narrated in Python.
        """
        with (
            # A whole state: who made it is not known.
            self._making(author="?", brought=frozenset(accepted)),
            self.hold_sync(),
            self._lock_property(**accepted),
            self.hold_trait_notifications(),
        ):
            super().set_state(accepted)
            self._game._set_verified(state)

    # ------------------------------------------------------------------ a view's moves

    def _take_commit(self, content: Any) -> None:
        """A view's ``commit`` message: one move, made on the board of revision ``base``.

        The protocol's steps (docs/architecture.md, "The widget (sync)";
        :mod:`mc_widget.widget.sync` reads the message):

        1. malformed (not an object, a bad ``client``, ``seq``, ``base``,
           ``action`` or ``traits``, ``base`` after the latest revision):
           nothing changes; a ``refused`` message to the sender names the
           bad part (``error.state``, path ``commit.<field>``), or the shared
           ``feedback`` when the sender cannot be read; acked when its
           sender could be read;
        2. a ``seq`` already acked (a replay): ignored, nothing said;
        3. crossed: a revision after ``base`` was made by someone else;
        4. crossed ``undo``, ``redo`` or ``walk_to``, or a crossed action
           that now means another move (a pair whose cells hold other cards
           than at ``base``, a step for another game than ``base``'s:
           :meth:`Revisions.still_meant`): refused
           (``sync.crossed-back``); any other action is applied, once, to
           the *current* state, and the engine may refuse it (its reason,
           with the note ``sync.crossed`` when crossed); a new deal or a
           load lands even when crossed (Undo brings the replaced game back);
        5. accepted: the state, the commit's traits (checked as an update's
           are, against the new state; when crossed a ``selected`` that lost
           its card becomes ``None``), the revision, made by this client,
           and the ack: one message to every view. The commit's
           ``feedback`` and ``clock`` stand (no narration from Python);
        6. refused: the state does not change; the sender is told with a
           ``{"type": "refused", "client", "seq", "feedback"}`` message and
           acked, and the shared ``feedback`` is left as it is;
        7. no action: only the traits, checked against the current state.
        """
        try:
            client, seq = read_sender(content)
            if seq <= self._sync["acks"].get(client, 0):
                return
            commit = read_commit(content, client, seq, self._revisions.revision)
        except CommitError as error:
            self._malformed(error.client, error.seq, error.path, error.problem)
            return
        crossed = self._revisions.crossed(commit.base, client)
        after = self._game.state
        if commit.action is not None:
            if crossed and (
                commit.action.type in BACK_ACTIONS
                # A pair whose cells hold other cards, a step for another game.
                or not self._revisions.still_meant(commit.base, commit.action, after)
            ):
                lang = self.language
                self._refuse(
                    client,
                    seq,
                    make_feedback("sync.crossed-back", tone="illegal", text=True, lang=lang),
                    commit.traits,
                )
                return
            try:
                after = next_state(after, commit.action)
            except Exception as error:  # the engine's refusal; never crash the kernel
                refusal = feedback_for(error, self.language)
                if crossed:
                    refusal["note"] = {"key": "sync.crossed", "params": {}}
                self._refuse(client, seq, refusal, commit.traits)
                return
        traits, bad = self._commit_traits(commit.traits, after, crossed)
        if bad is not None:
            self._malformed(client, seq, *bad)
            return
        with self._changing(), self._making(author=client, brought=frozenset(traits)):
            for name, value in traits.items():
                from_json = self.trait_metadata(name, "from_json", self._trait_from_json)
                self.set_trait(name, from_json(value, self))
            self._game._set_verified(after)  # made by the engine from Python's own state
            self._ack(client, seq)

    def _commit_traits(
        self, values: dict[str, Any], after: State, crossed: bool
    ) -> tuple[dict[str, Any], tuple[str, str] | None]:
        """A commit's traits checked against ``after``: ``(accepted, None)``, or
        ``({}, (path, problem))`` for the first bad one (path ``commit.traits.<name>``):
        a name not in ``COMMIT_TRAITS``, or a value :func:`check_view_values` refuses."""
        unknown = [name for name in values if name not in COMMIT_TRAITS]
        if unknown:
            return {}, (
                f"commit.traits.{unknown[0]}",
                f"{unknown[0]} is not a trait a view's move may set.",
            )
        accepted, refused = check_view_values(self, values, {"tableau": after.tableau})
        cell = values.get("selected")
        if "selected" in refused and crossed and is_int(cell) and 0 <= cell < len(after.tableau):
            # Its card went in the move it crossed: the selection no longer holds.
            del refused["selected"]
            accepted["selected"] = None
        if refused:
            path, problem = next(iter(refused.values()))
            return {}, (f"commit.traits.{path}", problem)
        return accepted, None

    def _malformed(self, client: str | None, seq: int | None, path: str, problem: str) -> None:
        """A malformed commit: say what is bad, to its sender alone when known.

        With a readable ``client``, a ``refused`` message to it (``seq``
        ``None`` when unreadable), and the ack when ``seq`` is readable: the
        other boards sent nothing wrong. Only a message whose sender cannot
        be read says it in the shared ``feedback``, on every board.
        """
        bad = bad_message(path, problem)
        if client is None:
            with self._changing():
                self.feedback = bad
            return
        self.send({"type": "refused", "client": client, "seq": seq, "feedback": bad})
        if seq is not None:
            with self._changing():
                self._ack(client, seq)

    def _refuse(
        self, client: str, seq: int, feedback: dict[str, Any], traits: dict[str, Any]
    ) -> None:
        """Tell ``client`` its commit ``seq`` was refused, and why; ack it.

        The message goes to every view; only ``client``'s acts on it. The
        shared ``feedback`` is not changed: the other boards did nothing wrong.
        The other ``traits`` the commit brought (its clock, its selection),
        which its board set for the move that did not happen, are sent again
        as Python holds them, in one message with the ack, after the
        ``refused`` message: the board drops the move and takes Python's
        values back at once.
        """
        self.send({"type": "refused", "client": client, "seq": seq, "feedback": feedback})
        again = [name for name in traits if name != "feedback" and name in self.keys]
        with self._changing():
            self._send_again(again)
            self._ack(client, seq)

    def _ack(self, client: str, seq: int) -> None:
        """``_sync.acks[client] = seq``: Python has processed ``client``'s commits up to ``seq``.

        The acks of the :data:`ACKS_KEPT` views that committed last are kept,
        the most recent last, so neither the trait nor a commit's cost grows
        with the number of pages ever opened on the board.
        """
        acks = {view: n for view, n in self._sync["acks"].items() if view != client}
        acks[client] = seq
        while len(acks) > ACKS_KEPT:
            del acks[next(iter(acks))]
        self._sync = {**self._sync, "acks": acks}
