"""``MonteCarloWidget``: the Monte Carlo board in a notebook (anywidget), its public API.

The class holds the traits, the constructors and the public methods, each a
few lines that hand over to the modules beside it: ``commits`` (a view's
moves, read by ``sync``), ``showing`` (the traits follow the game),
``narration``, ``feedback``, ``language``, ``clock``, ``values`` (trait
types), ``serial`` (one change at a time), ``analysis``, ``match_board`` (a
match counted on the board) and ``race`` (two boards racing). How Python and
the views stay in step: docs/architecture.md, "The widget (sync)".
"""

from __future__ import annotations

import json
import os
import pathlib
from collections.abc import Callable
from typing import Any

import traitlets

from ..board_values import HINT_KINDS, MAX_TEXT, NO_CLOCK, SIZES, messages_for, text_problem
from ..engine import Card, Rules, State
from ..engine.errors import ArgumentError, show_repr
from ..engine.game import Game
from ..engine.state import _NOT_GIVEN, _NotGiven
from .analysis import hint_feedback, looked_back, review_feedback, walk_back
from .clock import next_clock, wall_clock_ms
from .commits import Commits
from .feedback import make_feedback
from .language import Speaking, Speech, board_text, mistake_texts, scenario_texts, start_language
from .match_board import MatchBoard
from .picker import RulesPicking
from .serial import Serialised, serialised
from .showing import Showing
from .snapshot import Snapshots
from .sync import Revisions
from .values import (
    Choice,
    Clock,
    Feedback,
    Language,
    Predictions,
    Text,
    check_keywords,
    holds_card,
    text_or_none,
)

__all__ = ["NO_CLOCK", "MonteCarloWidget", "messages_for", "next_clock", "wall_clock_ms"]

_STATIC = pathlib.Path(__file__).parent.parent / "static"
_BUNDLE = _STATIC / "widget.js"
_STYLES = _STATIC / "widget.css"

if not _BUNDLE.exists():  # pragma: no cover - a checkout that skipped the build
    raise ImportError(
        f"{_BUNDLE} is missing: build the front end with `npm run build` (or `make setup`)"
    )


class MonteCarloWidget(Snapshots, MatchBoard, Commits, RulesPicking, Showing, Speaking, Serialised):
    """A Monte Carlo patience board you can play by clicking or from Python.

    Parameters
    ----------
    deal:
        Deal number, an int ``0 … 2**32 - 1`` (``None``: a random one). The
        same number always gives the same deal (docs/architecture.md, "Deal
        numbers"). Raises ``DealError`` for anything else.
    layout:
        Layout notation to start from instead of a deal (``"9H KH … | TS 5C …"``,
        rows separated by ``/``, ``..`` for a gap). Raises ``LayoutError``
        naming the bad token. Give ``deal`` or ``layout``, not both
        (``ValueError``).
    rules:
        ``"standard"`` (5 x 5, one deck), ``"small"`` (4 x 5) or ``"double"``
        (7 x 7, two decks), a rules JSON object or a ``Rules``
        (RULES.md, "Variants"). Raises ``StateError`` for bad rules.
    title, caption:
        Text shown above the board (``None``: none); ``TypeError`` naming the
        argument for anything but a str or ``None``.
    lang:
        The board's language, one of ``messages.LANGUAGES`` (``"sv"``), or
        ``None`` (the default): the notebook's, which the front end reads
        from the page and asks for. ``TraitError`` naming the six codes for
        anything else.

    The synced traits are below, each with what it holds; docs/architecture.md
    ("The widget (sync)"), docs/teaching.md (2), docs/analysis.md (6) and
    docs/i18n.md (2) say what each means for the board. Traits whose name
    starts with ``_`` are Python's alone.

    The board's language, :attr:`language`, is ``lang``, or when it is
    ``None`` the one a view asked for (``{"type": "lang", "lang": "de"}``),
    else English. Python's own texts are made in it and made again when it
    changes; Python's tracebacks stay English (docs/i18n.md, section 2).

    ``now`` (keyword only) is the clock the widget reads when a Python call
    ends the game (or a front end sends a move without its clock), a
    function returning milliseconds since 1970; tests pass their own. The
    default is the wall clock.

    Every action method applies through the engine; a refused action sets
    ``feedback`` (so the board shows the reason), re-raises the engine's
    error (``IllegalMove``, ``DealError``, ``LayoutError``; all are
    ``ValueError``) and leaves the state unchanged.
    """

    _esm = _BUNDLE
    _css = _STYLES

    # The game state JSON (docs/architecture.md, "State"): a view's is verified.
    state = traitlets.Dict().tag(sync=True)
    # The selected cell (``0 … rows·cols - 1``, holding a card) or None.
    selected = traitlets.Int(None, allow_none=True).tag(sync=True)
    # The status line: {"key", "params", "cells", "tone"} ({} for none).
    feedback = Feedback().tag(sync=True)
    # {"start", "stop"}: the learner's first move and the game's end, in ms
    # since 1970, or None; Python calls never start it, they stop it.
    clock = Clock().tag(sync=True)
    # The teaching traits (docs/teaching.md, section 2); `panels` are Python's alone.
    size = Choice(SIZES, default_value="normal").tag(sync=True)
    title = Text("").tag(sync=True)  # at most MAX_TEXT characters
    caption = Text("").tag(sync=True)
    panels = traitlets.List(traitlets.Dict()).tag(sync=True)
    predict = traitlets.Bool(False).tag(sync=True)
    predictions = Predictions().tag(sync=True)
    show_order = traitlets.Bool(False).tag(sync=True)
    # The analysis traits (docs/analysis.md, section 6).
    hints = Choice(HINT_KINDS, default_value="fair").tag(sync=True)
    show_winnable = traitlets.Bool(False).tag(sync=True)
    winnable = traitlets.Bool(None, allow_none=True).tag(sync=True)
    # The language (docs/i18n.md, section 2): None is the notebook's. `_messages`
    # is the catalogue the front end shows, English too (`messages_for`).
    lang = Language().tag(sync=True)
    _messages = traitlets.Dict().tag(sync=True)
    # {"revision": int, "acks": {client: seq}} (docs/architecture.md, "The widget (sync)").
    _sync = traitlets.Dict().tag(sync=True)
    # Python's pointing (`w.select`): {"n": how many times, "cell": the cell
    # or None}. Every view takes the cell when `n` changes; a view's own
    # clicks select in that view alone. Python's alone.
    _pointer = traitlets.Dict().tag(sync=True)
    # A count a view bumps and saves each time Python has answered its
    # commits: a host that re-runs what depends on the board only on a view's
    # trait change (marimo's cells on `w.value`) then sees the move. Nothing
    # reads it; an update that carries it is read for it alone.
    _seen = traitlets.Int(0).tag(sync=True)

    def __init__(
        self,
        deal: int | None = None,
        *,
        layout: str | _NotGiven = _NOT_GIVEN,
        rules: Rules | str | dict = "standard",
        title: str | None = None,
        caption: str | None = None,
        now: Callable[[], float] = wall_clock_ms,
        **kwargs: Any,
    ) -> None:
        kwargs["title"] = text_or_none("MonteCarloWidget", "title", title)
        kwargs["caption"] = text_or_none("MonteCarloWidget", "caption", caption)
        # `layout=None` is a layout that is not text (a LayoutError), not a
        # missing one: only a layout left out means "deal a game".
        if isinstance(layout, _NotGiven):
            game = Game(deal, rules=rules)
        elif deal is not None:
            raise ValueError("give a deal number or a layout, not both")
        else:
            game = Game.from_layout(layout, rules)
        self._start(game, now, kwargs)

    def _start(self, game: Game, now: Callable[[], float], kwargs: dict[str, Any]) -> None:
        """Show ``game``: the traits, and the listener that keeps them in step.

        Raises ``TypeError`` naming a keyword that is not one of the board's
        (``dael=7``), before anything is made.
        """
        check_keywords(kwargs)
        # One lock for the widget and its game: a view's message (on a comm
        # subshell's thread under ipykernel 7), a Python call, a trait set
        # and every observer they run take their turn (docs/architecture.md).
        self._lock = game.lock
        self._game = game
        self._now = now
        self._shown = game.state  # the State the traits show: what a change is narrated from
        # The `state` value Python itself set last (made from its game, or a
        # view's state it verified): trusted by identity, so a `w.state = …`
        # from an observer that runs meanwhile is still verified. It outlives
        # any one change (`w.state = w.state` stays trusted), so it is no
        # field of the change in progress (serial.Change).
        self._pushed: dict[str, Any] = game.to_state()
        # The validator's verified State, for the observer that runs after it.
        self._verified: tuple[Any, State] | None = None
        self._speech = Speech(said=start_language(kwargs))
        # Who made each change of the game (`_sync.revision`), and what it left.
        self._revisions = Revisions(game.state)
        super().__init__(
            state=self._pushed,
            selected=None,
            feedback={},
            clock=dict(NO_CLOCK),
            _messages=messages_for(self._speech.said),
            _sync={"revision": 0, "acks": {}},
            _pointer={"n": 0, "cell": None},
            **kwargs,
        )
        game.on_change(self._game_changed)
        game.on_refusal(self._game_refused)
        self.on_msg(self._board_message)
        self.observe(self._update_winnable, names="show_winnable")
        self.observe(self._language_changed, names="lang")
        self._update_winnable()

    @classmethod
    def from_layout(
        cls,
        text: str,
        rules: Rules | str | dict = "standard",
        *,
        title: str | None = None,
        caption: str | None = None,
        now: Callable[[], float] = wall_clock_ms,
        **kwargs: Any,
    ) -> MonteCarloWidget:
        """A board starting from layout notation ``text`` (``w.game.deal`` is ``None``).

        ``title`` and ``caption`` (str or ``None``: none) are shown above the
        board as text (docs/teaching.md, section 2); other keywords set traits
        (``size="projector"``, ``panels=[…]``). Raises ``LayoutError`` naming
        the bad token and its place (``None`` included: it is not text),
        ``TypeError`` naming ``title`` or ``caption`` when it is not text.
        """
        kwargs["title"] = text_or_none("from_layout", "title", title)
        kwargs["caption"] = text_or_none("from_layout", "caption", caption)
        widget = cls.__new__(cls)
        widget._start(Game.from_layout(text, rules), now, kwargs)
        return widget

    @classmethod
    def mistake(cls, code_or_slug: str, **kwargs: Any) -> MonteCarloWidget:
        """A live board demonstrating common mistake ``code_or_slug`` (``"M3"``, ``"diagonals"``).

        RULES.md, "Common mistakes"; docs/teaching.md, section 4. The board
        starts from the mistake's layout and rules (M10: Thirteens), titled
        "M3 · Consolidating in the wrong order", with the mistake and the rule
        as its caption and its panels beside it. Other keywords as :meth:`from_layout`.
        The texts are in the board's language (``lang="de"``) and are made
        again when it changes, each as long as it is still the one Python
        made (a title set later is the user's). Raises ``UnknownMistake`` (a
        ``KeyError`` and ``ValueError``) listing the codes and slugs,
        ``TraitError`` for a bad ``lang``.
        """
        from ..teaching import mistake as find_mistake

        lang = start_language(kwargs)
        found, texts = find_mistake(code_or_slug, lang), mistake_texts(code_or_slug)
        board = cls.from_layout(found.layout, found.rules, **texts(lang), **kwargs)
        return board._teach(texts)

    @classmethod
    def scenario(cls, name: str, **kwargs: Any) -> MonteCarloWidget:
        """A live board of teaching position ``name``: its layout and rules, title and caption.

        docs/teaching.md, section 4. Other keywords as :meth:`from_layout`.
        The title and caption are in the board's language and are made again
        when it changes, as :meth:`mistake`'s are. Raises ``UnknownScenario``
        listing the names, ``TraitError`` for a bad ``lang``.
        """
        from ..teaching import scenario as find_scenario

        found = find_scenario(name, start_language(kwargs))
        board = cls.from_layout(
            found.layout, found.rules, title=found.title, caption=found.caption, **kwargs
        )
        return board._teach(scenario_texts(name), ("title", "caption"))

    # ------------------------------------------------------------------ the game

    @property
    def game(self) -> Game:
        """The live ``Game`` the board shows: changing it changes the board.

        ``w.game.remove_pair(2, 8)`` removes the pair on every view of ``w``.
        """
        return self._game

    @property
    def rules(self) -> Rules:
        """The ``Rules`` being played."""
        return self._game.rules

    # ------------------------------------------------------------------ a view's changes

    @traitlets.validate("state")
    def _validate_state(self, proposal: traitlets.Bunch) -> dict[str, Any]:
        return self._state_proposed(proposal)  # commits.py: verified unless Python's own

    @traitlets.observe("state")
    def _state_changed(self, change: traitlets.Bunch) -> None:
        self._state_followed(change)  # commits.py: the game follows a verified state

    @traitlets.validate("selected")
    def _validate_selected(self, proposal: traitlets.Bunch) -> int | None:
        value = proposal["value"]
        if value is not None and not holds_card(value, self.state):
            raise traitlets.TraitError(f"selected: {show_repr(value)} is not a cell holding a card")
        return value

    @serialised
    def set_state(self, sync_data: dict[str, Any]) -> None:
        """ipywidgets' handler of a view's update: checked, and refused whole
        when it does not verify (``commits.Commits._take_update``)."""
        self._take_update(sync_data)  # commits.py

    # ------------------------------------------------------------------ actions
    def remove_pair(self, i: int, j: int) -> tuple[Card, Card]:
        """Remove the pair in cells ``i`` and ``j`` (RULES.md, "A round", step 1).

        Returns the two cards, lower cell first. Raises ``IllegalMove`` with
        ``reason`` ``out-of-range``, ``same-cell``, ``game-over``,
        ``wrong-phase``, ``empty-cell``, ``different-rank``, ``across-gap``
        (the false-neighbour mistake, M1) or ``not-adjacent``.
        """
        return self._act("remove_pair", i, j)

    def consolidate_step(self) -> tuple[int, int] | None:
        """Move one card into the first gap (RULES.md, "A round", step 2).

        Returns ``(from_cell, to_cell)``, or ``None`` when no card had to move.
        Raises ``IllegalMove`` (``game-over``, ``wrong-phase``).
        """
        return self._act("consolidate_step")

    def consolidate(self) -> list[tuple[int, int]]:
        """Consolidate to the end; returns the moves ``[(from_cell, to_cell), …]``.

        Raises ``IllegalMove`` (``game-over``, ``wrong-phase``).
        """
        return self._act("consolidate")

    def refill_step(self) -> int:
        """Deal the top stock card into the first gap; returns that cell.

        RULES.md, "A round", step 3. Raises ``IllegalMove`` (``wrong-phase``
        before consolidating: mistake M4; ``game-over``).
        """
        return self._act("refill_step")

    def refill(self) -> list[int]:
        """Refill until the tableau is full or the stock is empty; returns the cells filled.

        Raises ``IllegalMove`` (``wrong-phase``, ``game-over``).
        """
        return self._act("refill")

    def undo(self) -> Any:
        """Take back the last action (a new deal or load too); returns it.

        Raises ``IllegalMove`` (``nothing-to-undo``).
        """
        return self._act("undo")

    def redo(self) -> Any:
        """Redo the last undone action; returns it. Raises ``IllegalMove`` (``nothing-to-redo``)."""
        return self._act("redo")

    def load(self, layout: str) -> None:
        """Start from layout notation with the same rules (undo goes back to this game).

        Raises ``LayoutError`` naming the bad token and its place; nothing changes.
        """
        self._act("load", layout)

    def new_deal(self, n: int | None = None) -> None:
        """Start deal number ``n`` (``None``: random), same rules; undo goes back to this game.

        Raises ``DealError`` for anything but an int ``0 … 2**32 - 1``; nothing changes.
        """
        self._act("new_deal", n)

    @serialised
    def select(self, cell: int | None) -> None:
        """Select the card in ``cell`` (its neighbours light up on every view); ``None`` clears.

        Python points: every view shows this selection (a learner's click
        then selects in that learner's view alone; docs/architecture.md,
        "Selections"). ``w.selected = cell`` from Python code does the same.

        Raises ``IllegalMove`` (``out-of-range``; ``empty-cell`` for a gap,
        with the key ``select-empty-cell``: "Row 2, column 1 is empty: select
        a card.") and ``ArgumentError`` for a cell that is not a whole
        number; the selection is unchanged.
        """
        if cell is not None:
            self._check_selectable(cell)  # showing.py: the reason on the board, then raised
        with self._changing():
            self.selected = cell  # Python points (``__setattr__``)
            self.feedback = {}

    @serialised
    def walk_to(self, k: int) -> None:
        """Go to step ``k`` (0 … n) of this round's walkthrough (docs/teaching.md, 1 and 2).

        The state becomes the one at step ``k`` (single undo/redo-able steps:
        :meth:`Game.walk_to`) and the status line narrates that step:
        ``walk.start`` (or ``walk.start-no-deals`` / ``walk.start-no-moves``)
        at 0, ``walk.move`` / ``walk.deal`` for the step just made,
        ``walk.end-move`` / ``walk.end-deal`` at ``n``. At the step the board
        already stands at, the state is unchanged and the step is narrated
        again. A selection is cleared when its card moves. Raises, with
        the reason on the board and nothing changed: ``IllegalMove``
        (``no-walkthrough``; ``out-of-range`` with key ``walk-out-of-range``)
        and ``ArgumentError`` (``k`` not a whole number).
        """
        self._act("walk_to", k)  # showing.py: worded as the walkthrough's step

    @property
    def walk_position(self) -> tuple[int, int]:
        """``(k, n)``: the step of this round's walkthrough the board is at, of ``n``.

        ``(0, 0)`` when no walkthrough is offered (docs/teaching.md, section 1).
        """
        walk = self._game.walkthrough()
        return (0, 0) if walk is None else (walk.position, walk.n)

    # ------------------------------------------------------------------ analysis

    @serialised
    def hint(self, perfect: bool | None = None) -> Any:
        """Show a hint for the next move on the board, and return it (docs/analysis.md, 3).

        ``perfect``: ``None`` follows the ``hints`` trait (``"fair"``, the
        default, or ``"perfect"``), ``False`` the fair hint, ``True`` the
        solver's. The hint's cells get ``data-hint`` and its reason goes to the
        status line. Returns the ``Hint``, or ``None`` when the game is over
        (the board says there is nothing to hint). Raises ``ArgumentError``
        (key ``api.perfect``, as ``Game.hint``: a ``ValueError`` and a
        ``TypeError``) when ``perfect`` is not a bool or None; nothing changes.
        """
        if perfect is not None and not isinstance(perfect, bool):
            raise ArgumentError("hint", perfect, "api.perfect")
        found = self._game.hint(perfect=self.hints == "perfect" if perfect is None else perfect)
        with self._changing():
            self.feedback = hint_feedback(found, self.language)
        return found

    @serialised
    def review(self) -> Any:
        """Where did the game go wrong? Show it on the board, and return the ``Review``.

        The solver replays the game (``Game.review``, docs/analysis.md, 4).
        When a move lost a winnable deal, the board is walked back with undo
        to just before it (undoable again with redo) and the status line
        says which move it was and what still wins there (those cards
        marked as a hint); a finished game's clock stays stopped (a review
        is a look back, not play); otherwise it says the deal was never winnable,
        can still be won, or was won. Then it says where the fair hint would
        have chosen differently (move numbers from 1, as the learner counts:
        a whole consolidation or refill is one move).
        """
        found = self._game.review()
        clock = self.clock
        with self._changing():
            if found.first_losing_move is not None:
                with self._making(worded=True):
                    walk_back(self._game, found.first_losing_move)
                self.clock = looked_back(clock, self.clock)  # analysis.py: stays stopped
            self.feedback = review_feedback(found, self.language)
        return found

    # ------------------------------------------------------------------ teaching

    @serialised
    def say(self, text: str) -> None:
        """Show the teacher's ``text`` in the status line of every view (tone ``info``).

        Feedback ``{"key": "teacher.say", "params": {"text": text}, …}``; the
        views show it as text, never as HTML. Raises ``TypeError`` unless
        ``text`` is a str, ``ValueError`` when it is longer than ``MAX_TEXT``
        (2,000) characters; nothing changes then.
        """
        if not isinstance(text, str):
            raise TypeError(f"say: text must be a str, not {type(text).__name__} {show_repr(text)}")
        if len(text) > MAX_TEXT:
            raise ValueError(f"say: {text_problem('text', text)}")
        self.feedback = make_feedback("teacher.say", {"text": text}, tone="info")

    # ------------------------------------------------------------------ export

    def export_model(self) -> tuple[dict[str, Any], State]:
        """What an export reads of this board (``mc_widget.export.model.Board``): the
        values of ``BOARD_TRAITS`` as JSON copies (tuples become lists) and the
        game's ``State``, both of one moment (a view's move taken meanwhile on
        another thread waits for the lock)."""
        from ..export.model import BOARD_TRAITS  # imported when a page is written

        with self._lock:
            model = json.loads(json.dumps({name: getattr(self, name) for name in BOARD_TRAITS}))
            return model, self._game.state

    def to_html(self, path: str | os.PathLike[str], *, title: str | None = None) -> pathlib.Path:
        """Write this board as one self-contained HTML file; return the ``pathlib.Path`` written.

        The page holds the widget bundle, its CSS, a small in-page model and
        the board as it is now (docs/export.md, section 3): opened anywhere,
        also from ``file://``, it is fully playable with no kernel and makes
        no request. ``title`` (plain text) is the page's ``<title>``; ``None``:
        the board's ``title``, else "Monte Carlo". Raises ``TypeError`` for a
        ``title`` that is not a str; a missing folder is the usual
        ``FileNotFoundError``, and nothing is written then.
        """
        # Imported here: a board in a notebook never needs the page builder.
        from ..export.page import write_page

        return write_page(path, (self,), title=title, caller="to_html")

    def __repr__(self) -> str:
        """The board as text, for where no front end draws it.

        A notebook saved without its widget state (on GitHub, nbviewer, in a
        terminal) shows this ``text/plain`` form instead of the board: a line
        saying the live board needs a kernel, then ``str(w.game)`` (the
        tableau, ``..`` for a gap, and the summary line), in the language of
        ``lang`` (English when it is None). It depends only on the position
        and ``lang``, so a rerun gives the same text.
        """
        # The language asked for by name (a view's own guess would make the
        # saved output depend on whose browser ran the cell).
        return board_text(self._game, self.lang or "en")
