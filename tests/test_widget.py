"""MonteCarloWidget: Python API, the live game, and verification of what the
front end sends (docs/architecture.md, "The widget (sync)").

Front-end messages are simulated with ``w.set_state({...})``, which is how
ipywidgets applies them. Expected values come from the case file or are
written out by hand; the tampered states are built by hand the way a broken
or hostile front end would build them.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
import traitlets

from mc_widget import (
    ArgumentError,
    DealError,
    Game,
    IllegalMove,
    LayoutError,
    MonteCarloWidget,
    StateError,
)
from mc_widget.engine import format_message
from mc_widget.engine.params import params_from_json

CASE = json.loads((Path(__file__).parent / "cases" / "german-worked-example.json").read_text())


@pytest.fixture
def w():
    """The German worked example, fresh."""
    return MonteCarloWidget.from_layout(CASE["layout"])


@pytest.fixture
def sent(w, monkeypatch):
    """Record which traits the widget pushes back to the front end with send_state."""
    calls = []

    def send_state(key=None):
        # A copy: hold_sync passes its own set of names and clears it afterwards.
        calls.append([key] if isinstance(key, str) else sorted(key) if key else key)

    monkeypatch.setattr(w, "send_state", send_state)
    return calls


def removed_all(w):
    for i, j in CASE["remove"]:
        w.remove_pair(i, j)
    return w


# ---------------------------------------------------------------- construction


def test_deal_number_gives_state_traits():
    w = MonteCarloWidget(deal=7)
    assert w.state["deal"] == 7
    assert len(w.state["tableau"]) == 25
    assert len(w.state["stock"]) == 27
    assert w.state["history"] == [] and w.state["cursor"] == 0
    assert w.selected is None
    assert w.feedback == {}
    assert w.state == w.game.to_state()


def test_same_deal_same_board():
    assert MonteCarloWidget(deal=123).state == MonteCarloWidget(deal=123).state


def test_from_layout_starts_from_the_notation(w):
    # row 1 of the case: 9H KH 4C 5D 2H; stock starts TS 5C 2S
    assert w.state["tableau"][:5] == ["9H", "KH", "4C", "5D", "2H"]
    assert w.state["stock"][:3] == ["TS", "5C", "2S"]
    assert w.state["deal"] is None
    assert w.game.deal is None


def test_deal_and_layout_together_are_refused():
    with pytest.raises(ValueError):
        MonteCarloWidget(deal=7, layout=CASE["layout"])


def test_bad_constructor_input_raises_engine_errors():
    with pytest.raises(DealError):
        MonteCarloWidget(deal=-1)
    with pytest.raises(LayoutError):
        MonteCarloWidget.from_layout("9H KH")
    with pytest.raises(StateError):
        MonteCarloWidget(deal=1, rules="huge")


def test_small_rules():
    w = MonteCarloWidget(deal=3, rules="small")
    assert len(w.state["tableau"]) == 20
    assert w.state["rules"]["rows"] == 4


def test_front_end_is_the_built_bundle():
    static = Path(__file__).parents[1] / "mc_widget" / "static"
    assert str(MonteCarloWidget._esm) == (static / "widget.js").read_text()
    assert str(MonteCarloWidget._css) == (static / "widget.css").read_text()
    assert str(MonteCarloWidget._css).startswith(".mcw")


# ---------------------------------------------------------------- Python API


def test_remove_pair_changes_state(w):
    cards = w.remove_pair(2, 8)
    assert [str(c) for c in cards] == ["4C", "4H"]
    assert w.state["tableau"][2] is None and w.state["tableau"][8] is None
    assert w.state["discards"] == [["4C", "4H"]]
    assert w.state["history"] == [{"type": "remove", "cells": [2, 8]}]
    assert w.feedback == {
        "key": "status.removed",
        "params": {"a": "4♣", "b": "4♥"},
        "cells": [],
        "tone": "info",
    }


def said(w):
    """The status-line sentence of ``w.feedback``, as the front end words it."""
    return format_message(w.feedback["key"], params_from_json(w.feedback["params"]))


def test_undo_and_redo_say_what_they_took_back_or_made_again(w):
    # The same words as the front end (js/present/narration.js, narrate); expected
    # texts from the case file: its pairs, its first consolidation steps
    # (3 -> 2, 4 -> 3), 17 moves in all, then TS and five more from the stock.
    w.remove_pair(22, 18)
    assert said(w) == "Removed J♠ and J♦."
    w.undo()
    assert said(w) == "Undone: removing J♠ and J♦."
    w.redo()
    assert said(w) == "Redone: removing J♠ and J♦."
    w.remove_pair(2, 8)
    w.remove_pair(6, 11)
    w.consolidate_step()
    w.consolidate_step()
    assert said(w) == "2♥ moved from row 1, column 5 to row 1, column 4."
    w.undo()
    assert said(w) == "Undone: 2♥ moved back from row 1, column 4 to row 1, column 5."
    w.redo()
    assert said(w) == "Redone: 2♥ moved from row 1, column 5 to row 1, column 4."
    w.consolidate()
    w.undo()
    assert said(w) == "Undone: consolidating (15 cards moved back)."
    w.redo()
    assert said(w) == "Redone: consolidating (15 cards moved)."
    w.refill_step()
    w.undo()
    assert said(w) == "Undone: 10♠ went back from row 4, column 5 to the stock."
    w.redo()
    assert said(w) == "Redone: 10♠ dealt from the stock into row 4, column 5."
    w.refill()
    w.undo()
    assert said(w) == "Undone: refilling (5 cards back in the stock)."
    w.redo()
    assert said(w) == "Redone: refilling (5 cards dealt from the stock)."


def test_a_step_that_moved_no_card_is_named_when_undone():
    # Ten cards, the gaps already at the end, two in the stock: the first step
    # moves nothing and the refill is due (RULES.md, "A round", step 2).
    rows = "7H 7S 8C 8D 9C/9D 9S KC KD QC/.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. | 2C 3C"
    w = MonteCarloWidget.from_layout(rows)
    assert w.consolidate_step() is None
    assert said(w) == "The cards were already closed up: no card had to move."
    w.undo()
    assert said(w) == "Undone: a consolidation step that moved no card."
    w.redo()
    assert said(w) == "Redone: a consolidation step that moved no card."


def test_state_changes_are_observable(w):
    seen = []
    w.observe(lambda change: seen.append(change["new"]["cursor"]), names="state")
    w.remove_pair(2, 8)
    w.undo()
    w.redo()
    assert seen == [1, 0, 1]


def test_game_is_live(w):
    assert w.game is w.game
    w.game.remove_pair(6, 11)  # 2D and 2C, one above the other
    assert w.state["tableau"][6] is None and w.state["tableau"][11] is None
    assert w.state["discards"] == [["2D", "2C"]]
    w.game.undo()
    assert w.state["tableau"][6] == "2D"


def test_consolidate_step_moves_one_card_and_says_so(w):
    removed_all(w)
    before = list(w.state["tableau"])
    assert w.consolidate_step() == (3, 2)  # first step of the case
    after = w.state["tableau"]
    assert [i for i in range(25) if after[i] != before[i]] == [2, 3]
    assert after[2] == "5D"
    assert w.state["phase"] == "consolidate"
    assert w.feedback == {
        "key": "status.moved",
        "params": {
            "card": "5♦",
            "from": {"key": "cell.place", "params": {"row": 1, "col": 4}},
            "to": {"key": "cell.place", "params": {"row": 1, "col": 3}},
        },
        "cells": [],
        "tone": "info",
    }


def test_a_whole_round_matches_the_case(w):
    removed_all(w)
    moves = w.consolidate()
    assert [list(m) for m in moves] == CASE["consolidation_steps_from_to"][:]
    assert w.game.to_layout() == CASE["after_consolidation"]
    assert w.refill() == [19, 20, 21, 22, 23, 24]
    assert w.game.to_layout() == CASE["after_refill_layout"]
    assert w.state["round"] == 2
    assert w.feedback["params"] == {"cards": {"count": 6, "of": "count.cards"}}


def test_refused_action_sets_feedback_raises_and_changes_nothing(w):
    removed_all(w)
    before = copy.deepcopy(w.state)
    with pytest.raises(IllegalMove) as info:
        w.refill_step()  # before consolidating: mistake M4
    assert info.value.reason == "wrong-phase"
    assert w.state == before
    assert w.feedback["tone"] == "illegal"
    assert w.feedback["key"] == "illegal.refill-before-consolidation"


def test_refused_pair_marks_both_cells(w):
    removed_all(w)
    before = copy.deepcopy(w.state)
    with pytest.raises(IllegalMove) as info:
        w.remove_pair(17, 19)  # 7D and 7C with the gap 18 between: false neighbours
    assert info.value.reason == "across-gap"
    assert w.state == before
    assert w.feedback == {
        "key": "illegal.across-gap",
        "params": {"a": "7♦", "b": "7♣"},
        "cells": [17, 19],
        "tone": "illegal",
    }


def test_nothing_to_undo(w):
    with pytest.raises(IllegalMove):
        w.undo()
    assert w.feedback["key"] == "illegal.nothing-to-undo"


def test_new_deal_and_load(w):
    w.new_deal(7)
    assert w.state["deal"] == 7
    assert w.game.deal == 7
    assert w.feedback["key"] == "status.new-deal"
    before = copy.deepcopy(w.state)
    with pytest.raises(DealError):
        w.new_deal(-3)
    assert w.state == before
    assert w.feedback["tone"] == "illegal"
    with pytest.raises(LayoutError) as info:
        w.load("9H KH 4C 5D 2H/8D 2D 8C 4H 6S")  # two rows, it needs five
    assert w.state == before
    # A layout key only Python makes: the board gets the finished sentence too.
    assert w.feedback["key"] == "layout.row-count"
    assert w.feedback["text"] == str(info.value) == said(w)
    w.load(CASE["layout"])
    assert w.state["tableau"][0] == "9H"
    assert w.state["deal"] is None


def test_select(w):
    w.select(2)
    assert w.selected == 2
    w.select(None)
    assert w.selected is None
    with pytest.raises(IllegalMove):
        w.select(25)
    assert w.feedback["key"] == "illegal.out-of-range"
    w.remove_pair(2, 8)
    with pytest.raises(IllegalMove) as info:
        w.select(2)  # now a gap
    assert w.selected is None
    # About selecting, not pairing (the engine's empty-cell text).
    assert info.value.reason == "empty-cell"
    assert str(info.value) == "Row 1, column 3 is empty: select a card."
    assert w.feedback["key"] == "illegal.select-empty-cell"


def test_select_names_a_cell_of_the_wrong_type_in_api_words(w):
    with pytest.raises(ArgumentError) as info:
        w.select("5")
    assert isinstance(info.value, TypeError)
    assert str(info.value) == "select: cell '5' must be a whole number from 0 to 24."
    assert w.feedback["key"] == "api.cell"
    assert w.feedback["text"] == str(info.value)
    with pytest.raises(TypeError, match=r"^remove_pair: cell '0' must be a whole number"):
        w.remove_pair("0", "1")
    assert w.selected is None


def test_an_action_clears_the_selection_only_when_its_card_leaves(w):
    # German worked example: 9♥ in cell 0, 4♣ 4♥ in cells 2 and 8.
    w.select(0)
    w.remove_pair(2, 8)
    assert w.selected == 0  # 9♥ did not move (issue 17, item 5)
    w.undo()  # 4♣ and 4♥ come back; 9♥ still in cell 0
    w.select(2)
    w.remove_pair(2, 8)
    assert w.selected is None  # 4♣ left


# ---------------------------------------------------------------- front-end states


def front_remove_2_8(state):
    """What the JS front end sends after the learner removes 4C and 4H (cells 2 and 8)."""
    new = copy.deepcopy(state)
    new["tableau"][2] = None
    new["tableau"][8] = None
    new["discards"] = [["4C", "4H"]]
    new["history"] = [{"type": "remove", "cells": [2, 8]}]
    new["cursor"] = 1
    return new


def test_front_end_legal_continuation_is_accepted(w, sent):
    new = front_remove_2_8(w.state)
    w.set_state({"state": new, "selected": None, "feedback": {}})
    assert w.state == new
    assert w.game.grid[2] is None and w.game.grid[8] is None
    assert (6, 11) in w.game.legal_pairs()
    assert (2, 8) not in w.game.legal_pairs()
    assert w.feedback == {}
    assert ["state"] not in sent
    # and Python carries on from there
    w.remove_pair(6, 11)
    assert w.state["cursor"] == 2


def test_front_end_new_deal_is_accepted(w):
    new = Game(deal=8).to_state()
    w.set_state({"state": new})
    assert w.game.deal == 8
    assert w.state["deal"] == 8


def test_front_end_selection_is_accepted(w):
    w.set_state({"selected": 12})
    assert w.selected == 12
    w.set_state({"selected": None})
    assert w.selected is None


def test_swapped_cards_are_refused(w, sent):
    before = copy.deepcopy(w.state)
    bad = copy.deepcopy(before)
    bad["tableau"][0], bad["tableau"][1] = bad["tableau"][1], bad["tableau"][0]
    w.set_state({"state": bad})
    assert w.state == before
    assert w.game.to_state() == before
    assert w.feedback["tone"] == "error"
    assert w.feedback["params"]["path"] == "state.tableau[0]"
    # The problem as data (a nested message), and the sentence Python made of it.
    assert w.feedback["params"]["problem"] == {
        "key": "state.mismatch",
        "params": {"path": "state.tableau[0]", "got": "KH", "expected": "9H"},
    }
    assert "state.tableau[0]" in w.feedback["text"]
    assert ["state"] in sent


def test_a_pair_that_does_not_touch_is_refused(w, sent):
    before = copy.deepcopy(w.state)
    bad = copy.deepcopy(before)
    # 7D (17) and 7C (19) with JS still between them: not a pair
    bad["tableau"][17] = None
    bad["tableau"][19] = None
    bad["discards"] = [["7D", "7C"]]
    bad["history"] = [{"type": "remove", "cells": [17, 19]}]
    bad["cursor"] = 1
    w.set_state({"state": bad, "selected": None, "feedback": {}})
    assert w.state == before
    assert w.feedback["tone"] == "error"
    assert w.feedback["params"]["path"] == "state.history[0]"
    assert ["state"] in sent


def test_a_state_that_skips_its_history_is_refused(w):
    before = copy.deepcopy(w.state)
    bad = front_remove_2_8(before)
    bad["history"] = []
    bad["cursor"] = 0
    w.set_state({"state": bad})
    assert w.state == before
    assert w.feedback["tone"] == "error"
    assert w.feedback["params"]["path"].startswith("state.")


@pytest.mark.parametrize(
    ("mutate", "path"),
    [
        (lambda s: s.pop("stock"), "state.stock"),
        (lambda s: s["tableau"].__setitem__(3, 5), "state.tableau[3]"),
        (lambda s: s["tableau"].__setitem__(3, "XQ"), "state.tableau[3]"),
        (lambda s: s.__setitem__("cursor", "1"), "state.cursor"),
        (lambda s: s.__setitem__("round", True), "state.round"),
        (lambda s: s.__setitem__("extra", 1), "state.extra"),
    ],
)
def test_malformed_state_is_refused_naming_the_part(w, sent, mutate, path):
    before = copy.deepcopy(w.state)
    bad = copy.deepcopy(before)
    mutate(bad)
    w.set_state({"state": bad})
    assert w.state == before
    assert w.game.to_state() == before
    assert w.feedback["tone"] == "error"
    assert w.feedback["key"] == "error.state"
    assert w.feedback["params"]["path"] == path
    assert ["state"] in sent


@pytest.mark.parametrize("bad", [[1, 2], "state", None, 7])
def test_a_state_that_is_not_an_object_is_refused(w, bad):
    before = copy.deepcopy(w.state)
    w.set_state({"state": bad})
    assert w.state == before
    assert w.feedback["tone"] == "error"
    assert w.feedback["params"]["path"] == "state"


@pytest.mark.parametrize("bad", [25, -1, "3", True, 2.0, [1]])
def test_bad_selection_is_refused(w, sent, bad):
    w.set_state({"selected": 4})
    w.set_state({"selected": bad})
    assert w.selected == 4
    assert w.feedback["key"] == "error.selected"
    assert w.feedback["tone"] == "error"
    assert w.feedback["text"] == said(w)
    assert ["selected"] in sent


def test_selecting_a_gap_is_refused(w):
    w.remove_pair(2, 8)
    w.set_state({"selected": 2})
    assert w.selected is None
    assert w.feedback["key"] == "error.selected"


@pytest.mark.parametrize(
    "bad",
    ["hello", [1], {"key": 3}, {"tone": "loud", "key": "x"}, {"key": "x", "cells": ["a"]}],
)
def test_bad_feedback_is_refused(w, bad):
    w.set_state({"feedback": bad})
    assert w.feedback["tone"] == "error"
    assert w.feedback["key"] == "error.state"
    assert w.feedback["params"]["path"].startswith("feedback")


def test_front_end_feedback_is_accepted(w):
    message = {
        "key": "illegal.across-gap",
        "params": {"a": "7♦", "b": "7♣"},
        "cells": [17, 19],
        "tone": "illegal",
    }
    w.set_state({"feedback": message})
    assert w.feedback == message
    # A view sends back a feedback Python made with its finished text.
    with_text = {"key": "api.cell", "params": {}, "cells": [], "tone": "illegal", "text": "Hi."}
    w.set_state({"feedback": with_text})
    assert w.feedback == with_text


@pytest.mark.parametrize("bad", [3, None, ["a"], {"en": "x"}])
def test_feedback_text_that_is_not_text_is_refused_and_changes_nothing(w, sent, bad):
    w.set_state({"selected": 4})
    before = copy.deepcopy(w.state)
    w.set_state({"feedback": {"key": "layout.empty", "tone": "illegal", "text": bad}})
    assert w.feedback["key"] == "error.state"
    assert w.feedback["params"]["path"] == "feedback.text"
    assert w.feedback["params"]["problem"] == "feedback.text must be text."
    assert (w.state, w.selected) == (before, 4)
    with pytest.raises(traitlets.TraitError, match=r"^feedback\.text must be text\.$"):
        w.feedback = {"key": "layout.empty", "text": bad}


def test_a_refused_state_keeps_the_good_parts_of_the_message_out(w):
    w.set_state({"selected": 0})
    bad = copy.deepcopy(w.state)
    bad["tableau"][0] = "KS"  # KS is already at cell 15: a card twice
    w.set_state({"state": bad, "selected": None, "feedback": {}})
    assert w.state["tableau"][0] == "9H"
    assert w.feedback["tone"] == "error"


def test_python_assignment_is_verified_too(w):
    before = copy.deepcopy(w.state)
    bad = copy.deepcopy(before)
    bad["tableau"][0], bad["tableau"][1] = bad["tableau"][1], bad["tableau"][0]
    with pytest.raises(traitlets.TraitError):
        w.state = bad
    assert w.state == before
    assert w.feedback["tone"] == "error"
    w.state = front_remove_2_8(before)
    assert w.game.grid[2] is None


def test_repr_is_the_board_as_text(w):
    # Where no front end draws the board (a saved notebook on GitHub), its
    # text form is what shows: a note, the tableau rows of the case, and the
    # summary line (27 stock cards, nothing removed yet).
    assert repr(w) == "\n".join(
        [
            "Monte Carlo board, own layout. The live board needs the notebook running"
            " with a kernel; its position as text:",
            "9H KH 4C 5D 2H",
            "8D 2D 8C 4H 6S",
            "QD 2C QH 5H KD",
            "KS 3S 7D JS 7C",
            "AS 9S JD QC AH",
            "stock 27 · discards 0 pairs · removed 0/52 · round 1 · remove pairs",
        ]
    )
    w.remove_pair(2, 8)
    assert "9H KH .. 5D 2H" in repr(w).splitlines()
    assert repr(MonteCarloWidget(deal=7)).startswith("Monte Carlo board, deal 7. ")


def test_the_text_form_is_what_a_saved_notebook_shows(w):
    bundle = w._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["text/plain"] == repr(w)  # whole, not cut at 110 characters


# ---------------------------------------------------------------- the clock
# RULES.md "Scoring": time from the first move. The widget reads an injected
# clock; the times are numbers chosen by hand, never the wall clock.

T0 = 1_700_000_000_000.0  # ms since 1970
TWO_PAIRS = "7H 7C 4S 4D ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. |"


class FakeTime:
    """``now`` for the widget: the time is whatever the test sets."""

    def __init__(self, ms: float) -> None:
        self.ms = ms

    def __call__(self) -> float:
        return self.ms


@pytest.fixture
def timed():
    clock = FakeTime(T0)
    return MonteCarloWidget.from_layout(CASE["layout"], now=clock), clock


@pytest.fixture
def timed_sent(timed, monkeypatch):
    """The sets of traits the timed widget sends to the front end, one per message."""
    calls = []

    def send_state(key=None):
        calls.append({key} if isinstance(key, str) else set(key or ()))

    monkeypatch.setattr(timed[0], "send_state", send_state)
    return calls


NO_TIME = {"start": None, "stop": None}


def front_move(w, state, clock=None):
    """What the front end sends for a learner's move: the state, and its clock if given."""
    w.set_state({"state": state} if clock is None else {"state": state, "clock": clock})


def test_python_moves_never_start_the_clock(timed):
    # Boards a lesson prepares from Python must show 0:00 until the learner
    # plays (RULES.md, "Scoring": time from the first move).
    w, clock = timed
    w.select(2)
    with pytest.raises(IllegalMove):
        w.remove_pair(0, 1)
    clock.ms += 3000
    w.remove_pair(2, 8)
    w.game.remove_pair(6, 11)  # not through the widget: the game it shows
    w.consolidate_step()
    w.undo()
    assert w.clock == NO_TIME


def test_a_python_move_that_ends_the_game_leaves_an_unstarted_clock_alone():
    clock = FakeTime(T0)
    w = MonteCarloWidget.from_layout(TWO_PAIRS, now=clock)
    w.remove_pair(0, 1)
    w.remove_pair(2, 3)
    assert w.game.status == "won"
    assert w.clock == NO_TIME


def test_a_front_end_move_starts_it_and_python_moves_keep_it(timed):
    w, clock = timed
    front_move(w, front_remove_2_8(w.state))  # sent without a clock: Python starts it
    assert w.clock == {"start": T0, "stop": None}
    clock.ms += 5000
    w.consolidate_step()
    assert w.clock == {"start": T0, "stop": None}


def test_a_consolidation_step_is_a_first_move(timed):
    w, clock = timed
    for i, j in CASE["remove"]:
        w.remove_pair(i, j)  # set up from Python: no time yet
    game = Game.from_state(w.state)
    game.consolidate_step()
    clock.ms += 700
    front_move(w, game.to_state())
    assert w.clock == {"start": T0 + 700, "stop": None}


def test_a_python_move_that_ends_the_game_stops_a_running_clock():
    clock = FakeTime(T0)
    w = MonteCarloWidget.from_layout(TWO_PAIRS, now=clock)
    game = Game.from_state(w.state)
    game.remove_pair(0, 1)  # the learner's first move, at T0
    front_move(w, game.to_state(), {"start": T0, "stop": None})
    clock.ms += 83_400
    w.remove_pair(2, 3)  # Python ends the game
    assert w.game.status == "won"
    assert w.clock == {"start": T0, "stop": T0 + 83_400}
    clock.ms += 10_000
    w.undo()  # on again: the learner's clock runs from the first move
    assert w.clock == {"start": T0, "stop": None}
    clock.ms += 1_000
    w.redo()
    assert w.clock == {"start": T0, "stop": T0 + 94_400}


def test_a_new_deal_or_load_clears_the_clock(timed):
    w, _ = timed
    front_move(w, front_remove_2_8(w.state), {"start": T0, "stop": None})
    w.new_deal(7)
    assert w.clock == NO_TIME
    w.remove_pair(*w.game.legal_pairs()[0])
    assert w.clock == NO_TIME
    game = Game.from_state(w.state)
    game.remove_pair(*game.legal_pairs()[0])
    front_move(w, game.to_state(), {"start": T0 + 10, "stop": None})
    w.load(TWO_PAIRS)
    assert w.clock == NO_TIME


def test_state_and_clock_go_to_the_front_end_in_one_message(monkeypatch):
    w = MonteCarloWidget.from_layout(TWO_PAIRS, now=FakeTime(T0))
    calls = []

    def send_state(key=None):
        calls.append({key} if isinstance(key, str) else set(key or ()))

    monkeypatch.setattr(w, "send_state", send_state)
    game = Game.from_state(w.state)
    game.remove_pair(0, 1)
    front_move(w, game.to_state(), {"start": T0, "stop": None})
    w.game.remove_pair(2, 3)  # Python ends the game: the clock stops with it
    assert w.clock == {"start": T0, "stop": T0}
    assert any({"state", "clock"} <= sent for sent in calls)  # with the narration too


def test_the_clock_is_not_game_state(timed):
    w, _ = timed
    w.remove_pair(2, 8)
    assert "clock" not in w.state
    assert sorted(w.state) == sorted(
        [
            "rules",
            "deal",
            "start",
            "tableau",
            "stock",
            "discards",
            "phase",
            "round",
            "consolidations",
            "history",
            "cursor",
            "previous_game",
            "next_game",
        ]
    )


def test_the_front_end_clock_comes_with_its_state(timed, timed_sent):
    w, clock = timed
    clock.ms = 1.0  # Python's clock must not be used for a front-end move
    new = front_remove_2_8(w.state)
    w.set_state({"state": new, "clock": {"start": T0 + 500, "stop": None}})
    assert w.state == new
    assert w.clock == {"start": T0 + 500, "stop": None}
    assert not any("clock" in message for message in timed_sent)


def test_a_front_end_state_without_a_clock_starts_it_in_python(timed):
    # Another front end that does not keep the clock: still the learner's move.
    w, _ = timed
    w.set_state({"state": front_remove_2_8(w.state)})
    assert w.clock == {"start": T0, "stop": None}


def test_a_refused_state_takes_its_clock_with_it(timed, timed_sent):
    w, _ = timed
    bad = front_remove_2_8(w.state)
    bad["tableau"][0] = "KS"  # KS is already at cell 15
    w.set_state({"state": bad, "clock": {"start": T0 + 500, "stop": None}})
    assert w.clock == {"start": None, "stop": None}
    assert w.feedback["params"]["path"].startswith("state")
    assert {"state", "clock"} in timed_sent


@pytest.mark.parametrize(
    ("bad", "path"),
    [
        ("soon", "clock"),
        ({"start": 5}, "clock.stop"),
        ({"start": 5, "stop": None, "lap": 1}, "clock.lap"),
        ({"start": "5", "stop": None}, "clock.start"),
        ({"start": True, "stop": None}, "clock.start"),
        ({"start": -1, "stop": None}, "clock.start"),
        ({"start": None, "stop": 5}, "clock.stop"),
        ({"start": 10, "stop": 5}, "clock.stop"),
    ],
)
def test_a_bad_clock_is_refused(timed, timed_sent, bad, path):
    w, _ = timed
    w.set_state({"clock": bad})
    assert w.clock == {"start": None, "stop": None}
    assert w.feedback["tone"] == "error"
    assert w.feedback["params"]["path"] == path
    assert {"clock"} in timed_sent
    with pytest.raises(traitlets.TraitError):
        w.clock = bad


def test_from_layout_none_is_a_layout_error_not_a_random_deal():
    # None is a layout that is not text (architecture.md, "Layout notation":
    # layout.not-text, place "layout"), as in the engine and the JS front end.
    for make in (
        lambda: MonteCarloWidget.from_layout(None),
        lambda: MonteCarloWidget(layout=None),
        lambda: MonteCarloWidget.from_layout(None, "small"),
    ):
        with pytest.raises(LayoutError) as info:
            make()
        assert (info.value.key, info.value.place) == ("layout.not-text", "layout")
    # Left out, the layout is not given: deal=None deals a random game.
    assert MonteCarloWidget().game.deal is not None


def test_from_layout_keeps_its_rules():
    small = "AS 2S 3S 4S 5S/6S 7S 8S 9S TS/JS QS KS AH 2H/3H 4H 5H 6H 7H | 8H"
    w = MonteCarloWidget.from_layout(small, "small")
    assert w.rules.name == "small"
    assert len(w.state["tableau"]) == 20
    assert w.state["stock"] == ["8H"]


# ---------------------------------------------------------------- what Python verifies


def test_a_front_end_state_with_other_rules_is_refused(w, sent):
    # A new deal or a load keeps the rules (architecture.md, "Actions"), so a
    # verified state for the small 4x5 game cannot come from this 5x5 board.
    before = copy.deepcopy(w.state)
    other = Game(deal=3, rules="small").to_state()
    w.set_state({"state": other})
    assert w.state == before
    assert w.game.rules.name == "standard"
    assert len(w.game.grid) == 25
    assert ["state"] in sent  # the sending view gets Python's state back
    assert w.feedback["tone"] == "error"
    assert w.feedback["params"]["path"] == "state.rules"
    assert w.feedback["params"]["problem"]["key"] == "state.other-rules"
    assert "standard rules, not small" in w.feedback["text"]


def test_python_assignment_with_other_rules_is_refused_too(w):
    before = copy.deepcopy(w.state)
    with pytest.raises(traitlets.TraitError):
        w.state = Game(deal=3, rules="small").to_state()
    assert w.state == before
    assert w.feedback["params"]["path"] == "state.rules"


def test_a_whole_state_made_from_an_older_one_is_refused_as_it_drops_pythons_move(w, sent):
    # A view acts on the state it holds while Python has moved on (issue 9):
    # the view's state replays from the same start, so it is legal, but taking
    # it would drop Python's 4C 4H. Refused: nothing changes, Python's state
    # goes back, and the status line says which action is missing.
    older = copy.deepcopy(w.state)
    w.remove_pair(2, 8)  # Python moves (4C 4H)
    before = copy.deepcopy(w.state)
    view = Game.from_state(older)
    view.remove_pair(6, 11)  # the view removes 2D 2C on its older copy
    w.set_state({"state": view.to_state()})
    assert w.state == before
    assert w.game.grid[2] is None and w.game.grid[6] is not None
    assert w.feedback["tone"] == "error"
    assert w.feedback["params"]["path"] == "state.history[0]"
    assert "leaves out a move already made on this board" in w.feedback["text"]
    assert ["state"] in sent


def test_a_whole_state_that_undoes_or_extends_pythons_moves_is_accepted(w):
    w.remove_pair(2, 8)  # Python: 4C 4H
    view = Game.from_state(copy.deepcopy(w.state))
    view.undo()  # the history stays for redo: nothing is dropped
    w.set_state({"state": view.to_state()})
    assert w.state["cursor"] == 0 and w.game.grid[2] is not None
    view.redo()
    view.remove_pair(6, 11)
    w.set_state({"state": view.to_state()})
    assert w.state["cursor"] == 2 and w.game.grid[6] is None


@pytest.fixture
def verifications(monkeypatch):
    """Count the calls of verify_state, wherever the widget or the game calls it."""
    import mc_widget.engine.game as game_module
    import mc_widget.widget.commits as widget_module

    calls = []
    real = widget_module.verify_state

    def counted(data):
        calls.append(data)
        return real(data)

    monkeypatch.setattr(widget_module, "verify_state", counted)
    monkeypatch.setattr(game_module, "verify_state", counted)
    return calls


def test_a_front_end_state_is_verified_once(w, verifications):
    w.set_state({"state": front_remove_2_8(w.state)})
    assert w.game.grid[2] is None
    assert len(verifications) == 1


def test_a_python_assignment_is_verified_once(w, verifications):
    w.state = front_remove_2_8(w.state)
    assert w.game.grid[2] is None
    assert len(verifications) == 1


# ---------------------------------------------------------------- one message per change


@pytest.mark.parametrize(
    "act",
    [
        lambda w: w.remove_pair(2, 8),
        lambda w: w.consolidate_step(),  # a move from the remove phase
        lambda w: w.undo(),
        lambda w: w.new_deal(7),
        lambda w: w.game.remove_pair(2, 8),  # through the game the board shows
        lambda w: w.select(13),
    ],
)
def test_a_python_action_reaches_the_views_in_one_message(w, sent, act):
    w.remove_pair(6, 11)
    w.select(12)
    sent.clear()
    act(w)
    assert len(sent) == 1, sent
    changed = set(sent[0])
    # what changed goes together: no view sees the new state with the old selection
    assert "selected" in changed or w.selected == 12


def test_a_refused_python_action_is_one_message_too(w, sent):
    with pytest.raises(IllegalMove):
        w.remove_pair(0, 1)
    assert sent == [["feedback"]]
