"""Crossing moves (issue 9): a view's move and a move made elsewhere both land,
or the later one is refused, in words, on the board that made it.

A view is simulated as its comm delivers its messages:
``w._handle_custom_msg({"type": "commit", …}, [])``. What Python sends back
is recorded: ``send`` (a ``refused`` message) and ``send_state`` (the names
of the traits in each update message).

The expected boards are worked by hand from the German worked example
(tests/cases/german-worked-example.json; RULES.md, "Worked example"):

    cells  0  1  2  3  4      row 1   9♥ K♥ 4♣ 5♦ 2♥
           5  6  7  8  9      row 2   8♦ 2♦ 8♣ 4♥ 6♠
          10 11 12 13 14      row 3   Q♦ 2♣ Q♥ 5♥ K♦
          15 16 17 18 19      row 4   K♠ 3♠ 7♦ J♠ 7♣
          20 21 22 23 24      row 5   A♠ 9♠ J♦ Q♣ A♥

Its pairs are 4♣-4♥ (cells 2 and 8, a diagonal), 2♦-2♣ (6 and 11, one
above the other) and J♠-J♦ (18 and 22, a diagonal); no two of them share
a card. A removed pair leaves two gaps; the stock is untouched until the
refill. The first consolidation step after all three pairs moves 5♦ from
cell 3 into the first gap, cell 2; the second moves 2♥ from 4 to 3 (the
case's ``consolidation_steps_from_to``).

``SEVENS`` is a small layout with three sevens in a row (cells 0, 1, 2):
7♥-7♠ and 7♠-7♦ are both pairs, but 7♠ can go in only one (RULES.md, M7).
No other two cards there share a rank.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mc_widget import MonteCarloWidget

CASE = json.loads((Path(__file__).parent / "cases" / "german-worked-example.json").read_text())
LAYOUT = CASE["layout"]
STOCK = "TS 5C 2S AD 7S 3H QS JC 5S 8H TH AC 6C 6D 9C TD 4S 8S TC 3C 3D 9D JH 4D KC 6H 7H"
START = "9H KH 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH | " + STOCK
FOURS_AND_TWOS_GONE = (
    "9H KH .. 5D 2H/8D .. 8C .. 6S/QD .. QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH | " + STOCK
)
ALL_PAIRS_GONE = (
    "9H KH .. 5D 2H/8D .. 8C .. 6S/QD .. QH 5H KD/KS 3S 7D .. 7C/AS 9S .. QC AH | " + STOCK
)
EMPTY_ROWS = "/.. .. .. .. ../.. .. .. .. ../.. .. .. .. .."
SEVENS = "7H 7S 7D 2C 3D/5D 6S 8C 9H TD" + EMPTY_ROWS + " |"

A = "viewAAAA01"  # one page's model
B = "viewBBBB02"  # another page's (a second tab)

REMOVED_4S = {
    "key": "status.removed",
    "params": {"a": "4♣", "b": "4♥"},
    "cells": [],
    "tone": "info",
}
CROSSED_BACK = {
    "key": "sync.crossed-back",
    "params": {},
    "cells": [],
    "tone": "illegal",
    # en.json's sentence (a Python-only key: the board shows this text).
    "text": "Not done: another move reached the board first. "
    "Look at the board again, then try once more.",
}
CROSSED = {"key": "sync.crossed", "params": {}}


def remove(i, j):
    return {"type": "remove", "cells": [i, j]}


UNDO = {"type": "undo"}


def commit(w, client, seq, base, action=None, **traits):
    """What a view's comm delivers for one commit."""
    message = {"type": "commit", "client": client, "seq": seq, "base": base, "action": action}
    w._handle_custom_msg({**message, "traits": traits}, [])


def board(w):
    return w.game.to_layout()


def everything(w):
    """All that a malformed or replayed commit must leave as it was."""
    return (
        w.game.state,
        json.dumps(w.state, sort_keys=True),
        w.selected,
        dict(w.clock),
        dict(w.feedback),
        w._sync["revision"],
    )


def after_4s_json(state):
    """``state`` (a fresh game's JSON) after 4♣ 4♥ go, as the old front end sent it whole."""
    new = json.loads(json.dumps(state))
    new["tableau"][2] = new["tableau"][8] = None
    new["discards"] = [["4C", "4H"]]
    new["history"] = [{"type": "remove", "cells": [2, 8]}]
    new["cursor"] = 1
    return new


@pytest.fixture
def w():
    return MonteCarloWidget.from_layout(LAYOUT, now=lambda: 5000.0)


@pytest.fixture
def refused(w, monkeypatch):
    """The custom messages Python sends to the views."""
    calls = []
    monkeypatch.setattr(w, "send", lambda content, buffers=None: calls.append(content))
    return calls


# ---------------------------------------------------------------- the _sync trait


def test_sync_starts_at_revision_0_with_no_acks(w):
    assert w._sync == {"revision": 0, "acks": {}}


def test_every_change_of_the_game_is_a_revision_whoever_made_it(w):
    w.remove_pair(2, 8)  # a widget method
    assert w._sync["revision"] == 1
    w.game.remove_pair(6, 11)  # the live game
    assert w._sync["revision"] == 2
    w.undo()
    assert w._sync["revision"] == 3
    with pytest.raises(ValueError):
        w.remove_pair(0, 1)  # refused: 9♥ and K♥ do not pair; no change, no revision
    assert w._sync["revision"] == 3
    w.new_deal(7)
    w.load(LAYOUT)
    assert w._sync["revision"] == 5
    w.set_state({"state": after_4s_json(w.state)})  # the old path: a whole state from a view
    assert w._sync["revision"] == 6
    w.state = after_4s_json(MonteCarloWidget.from_layout(LAYOUT).state)  # Python assigns one
    assert w._sync["revision"] == 7


def test_a_move_a_game_listener_makes_during_a_commit_is_pythons(w, refused):
    def follow(game):
        if game.cursor == 1:
            game.remove_pair(6, 11)

    w.game.on_change(follow)
    commit(w, A, 1, 0, remove(2, 8))  # revision 1, A's; the listener's pair: 2, Python's
    assert board(w) == FOURS_AND_TWOS_GONE
    assert w._sync == {"revision": 2, "acks": {A: 1}}
    commit(w, A, 2, 1, UNDO)  # A had not seen the listener's pair: crossed
    assert refused[0]["feedback"] == CROSSED_BACK


def test_the_revision_goes_in_the_same_message_as_the_state(w, sent):
    w.remove_pair(2, 8)
    assert len(sent) == 1
    assert {"state", "_sync"} <= sent[0]


def test_a_view_cannot_set_sync(w, sent):
    w.set_state({"_sync": {"revision": 9, "acks": {}}})
    assert w._sync == {"revision": 0, "acks": {}}
    assert {"_sync"} in sent
    assert w.feedback["params"]["path"] == "_sync"


def test_a_whole_state_from_a_view_counts_as_someone_elses_revision(w, refused):
    commit(w, A, 1, 0, remove(18, 22))  # revision 1, A's
    new = after_4s_json(MonteCarloWidget.from_layout(LAYOUT).state)
    new["tableau"][18] = new["tableau"][22] = None
    new["discards"] = [["JS", "JD"], ["4C", "4H"]]
    new["history"] = [remove(18, 22), remove(2, 8)]
    new["cursor"] = 2
    w.set_state({"state": new})  # revision 2, maker unknown ("?")
    commit(w, A, 2, 1, UNDO)  # built on revision 1: crossed
    assert refused[-1]["feedback"] == CROSSED_BACK
    assert w.game.cursor == 2


# ---------------------------------------------------------------- crossing kinds


def test_disjoint_pairs_cross_and_both_land(w, refused):
    w.remove_pair(6, 11)  # Python's pair: revision 1
    commit(w, A, 1, 0, remove(2, 8), feedback=REMOVED_4S)  # the view had not seen it
    assert board(w) == FOURS_AND_TWOS_GONE  # four gaps
    assert w.state["discards"] == [["2D", "2C"], ["4C", "4H"]]
    assert w.state["history"] == [remove(6, 11), remove(2, 8)]
    assert w.state == w.game.to_state()
    assert w._sync == {"revision": 2, "acks": {A: 1}}
    assert refused == []
    assert w.feedback == REMOVED_4S


def test_the_race_of_issue_9_keeps_both_pairs():
    # Deal 7: the learner removes 9♠ 9♣ (cells 5 and 10) on a board while a
    # cell runs race.remove_pair(6, 12). Cells 5, 6, 10 and 12 end empty;
    # every other cell holds what it held.
    race = MonteCarloWidget(deal=7)
    start = race.state["tableau"]
    race.remove_pair(6, 12)
    commit(race, A, 1, 0, remove(5, 10))
    expected = [None if cell in (5, 6, 10, 12) else card for cell, card in enumerate(start)]
    assert race.state["tableau"] == expected
    assert [c.type for c in race.game.history] == ["remove", "remove"]


def test_the_same_pair_twice_the_second_is_refused_on_its_board_only(w, refused, sent):
    w.remove_pair(2, 8)  # Python first: revision 1
    shared = dict(w.feedback)
    before = w.game.state
    sent.clear()
    commit(w, A, 1, 0, remove(2, 8), feedback=REMOVED_4S)
    assert w.game.state is before
    assert (
        board(w)
        == "9H KH .. 5D 2H/8D 2D 8C .. 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH | " + STOCK
    )
    assert refused == [
        {
            "type": "refused",
            "client": A,
            "seq": 1,
            "feedback": {
                "key": "illegal.empty-cell",
                "params": {"row": 1, "col": 3},  # cell 2
                "cells": [2],
                "tone": "illegal",
                "note": CROSSED,
            },
        }
    ]
    assert w.feedback == shared  # the other boards did nothing wrong
    assert w._sync == {"revision": 1, "acks": {A: 1}}
    assert sent == [{"_sync"}]  # only the ack


def test_a_refused_move_has_its_clock_and_selection_sent_again_as_python_holds_them(
    w, refused, sent
):
    # The board set a running clock and no selection for a move that did not
    # happen: Python's own (no clock yet: Python API calls never start it;
    # cell 6 still selected) go back to it with the ack, in one message
    # after the refusal.
    w.remove_pair(2, 8)
    w.selected = 6
    sent.clear()
    running = {"start": 1000.0, "stop": None}
    commit(w, A, 1, 0, remove(2, 8), feedback=REMOVED_4S, clock=running, selected=None)
    assert len(refused) == 1
    assert sent == [{"clock", "selected", "_sync"}]
    assert w.clock == {"start": None, "stop": None}
    assert w.selected == 6


def test_one_card_in_two_pairs_the_second_is_refused():
    w = MonteCarloWidget.from_layout(SEVENS)
    messages = []
    w.send = lambda content, buffers=None: messages.append(content)
    w.remove_pair(0, 1)  # 7♥ 7♠
    commit(w, A, 1, 0, remove(1, 2))  # 7♠ 7♦, on a board that still had 7♠
    assert board(w) == ".. .. 7D 2C 3D/5D 6S 8C 9H TD" + EMPTY_ROWS + " |"
    assert messages[0]["feedback"]["key"] == "illegal.empty-cell"
    assert messages[0]["feedback"]["cells"] == [1]
    assert messages[0]["feedback"]["note"] == CROSSED


def test_a_pair_after_a_consolidation_step_is_refused(w, refused):
    w.remove_pair(2, 8)  # revision 1: the view saw this
    w.consolidate_step()  # revision 2: 5♦ from cell 3 to 2; the view did not see it
    shared = dict(w.feedback)
    commit(w, A, 1, 1, remove(6, 11))
    assert (
        board(w)
        == "9H KH 5D .. 2H/8D 2D 8C .. 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH | " + STOCK
    )
    assert refused[0]["feedback"]["key"] == "illegal.remove-during-consolidation"
    assert refused[0]["feedback"]["note"] == CROSSED
    assert w.feedback == shared
    assert w._sync == {"revision": 2, "acks": {A: 1}}


def test_a_consolidation_step_after_a_pair_lands_on_the_newer_board(w, refused):
    w.remove_pair(2, 8)  # revision 1: the view saw this
    w.remove_pair(6, 11)  # revision 2: it did not
    commit(w, A, 1, 1, {"type": "consolidate_step"})
    # First gap: cell 2; the first card after it: 5♦ in cell 3.
    assert (
        board(w)
        == "9H KH 5D .. 2H/8D .. 8C .. 6S/QD .. QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH | " + STOCK
    )
    assert w.game.phase == "consolidate"
    assert refused == []
    assert w._sync == {"revision": 3, "acks": {A: 1}}


@pytest.mark.parametrize("back", [UNDO, {"type": "redo"}, {"type": "walk_to", "k": 0}])
def test_a_crossed_undo_redo_or_walk_is_refused(w, refused, back):
    commit(w, A, 1, 0, remove(2, 8))  # the view's pair: revision 1
    w.remove_pair(6, 11)  # Python's: revision 2
    shared = dict(w.feedback)
    before = w.game.state
    commit(w, A, 2, 1, back)  # on the view's board, undo would take back its own pair
    assert w.game.state is before
    assert board(w) == FOURS_AND_TWOS_GONE  # Python's pair is not taken back
    assert refused == [{"type": "refused", "client": A, "seq": 2, "feedback": CROSSED_BACK}]
    assert w.feedback == shared
    assert w._sync == {"revision": 2, "acks": {A: 2}}


def test_an_undo_made_after_seeing_the_other_move_lands(w, refused):
    commit(w, A, 1, 0, remove(2, 8))
    w.remove_pair(6, 11)
    commit(w, A, 2, 2, UNDO)  # built on revision 2: it takes back the last move, Python's
    assert (
        board(w)
        == "9H KH .. 5D 2H/8D 2D 8C .. 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH | " + STOCK
    )
    assert refused == []


def test_a_new_deal_lands_across_a_pair_and_undo_brings_the_pair_back(w, refused):
    w.remove_pair(6, 11)  # revision 1
    commit(w, A, 1, 0, {"type": "new_deal", "deal": 7})  # crossed, and it lands
    assert refused == []
    assert (w.game.deal, w.game.history, w.game.removed) == (7, (), 0)
    assert w._sync == {"revision": 2, "acks": {A: 1}}
    w.undo()
    assert (
        board(w)
        == "9H KH 4C 5D 2H/8D .. 8C 4H 6S/QD .. QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH | " + STOCK
    )
    assert w.state["history"] == [remove(6, 11)]


def test_a_load_lands_across_a_pair_and_undo_brings_the_pair_back(w, refused):
    w.remove_pair(6, 11)
    commit(w, A, 1, 0, {"type": "load", "layout": SEVENS})
    assert board(w) == SEVENS
    assert refused == []
    commit(w, A, 2, 2, UNDO)
    assert (
        board(w)
        == "9H KH 4C 5D 2H/8D .. 8C 4H 6S/QD .. QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH | " + STOCK
    )


def test_two_views_interleaved(w, refused):
    commit(w, A, 1, 0, remove(2, 8))  # revision 1, A's; not crossed
    commit(w, B, 1, 0, remove(6, 11))  # B had not seen A's pair: crossed, lands (2)
    commit(w, A, 2, 1, remove(18, 22))  # A had not seen B's: crossed, lands (3)
    commit(w, B, 2, 2, remove(18, 22))  # the same pair from B: refused to B
    assert board(w) == ALL_PAIRS_GONE
    assert [m["client"] for m in refused] == [B]
    assert refused[0]["seq"] == 2
    assert refused[0]["feedback"]["key"] == "illegal.empty-cell"
    assert w._sync == {"revision": 3, "acks": {A: 2, B: 2}}
    # B's refusal made no revision: A's consolidation on revision 3 is not crossed.
    commit(w, A, 3, 3, {"type": "consolidate"})
    assert board(w) == CASE["after_consolidation"]
    assert w._sync == {"revision": 4, "acks": {A: 3, B: 2}}


def test_a_commit_replayed_late_is_ignored(w, refused, sent):
    commit(w, A, 1, 0, remove(2, 8))
    w.undo()  # Python takes it back: revision 2
    commit(w, A, 2, 2, remove(6, 11))  # revision 3
    before = everything(w)
    sent.clear()
    commit(w, A, 1, 0, remove(2, 8))  # seq 1 again, arriving late
    commit(w, A, 2, 2, remove(6, 11))  # seq 2 again
    assert everything(w) == before
    assert (
        board(w)
        == "9H KH 4C 5D 2H/8D .. 8C 4H 6S/QD .. QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH | " + STOCK
    )
    assert sent == []
    assert refused == []
    assert w._sync["acks"] == {A: 2}


def test_five_commits_from_a_busy_kernels_view_all_land_in_order(w, refused):
    # The kernel ran a cell while the learner made five moves: every commit
    # was built on revision 0, but the revisions since are all this view's.
    moves = [remove(2, 8), remove(6, 11), remove(18, 22), {"type": "consolidate"}]
    for seq, action in enumerate([*moves, {"type": "refill"}], start=1):
        commit(w, A, seq, 0, action)
    assert refused == []
    assert board(w) == CASE["after_refill_layout"]
    assert w._sync == {"revision": 5, "acks": {A: 5}}
    assert w.game.cursor == 5


def test_observers_of_state_run_once_per_accepted_commit(w, refused):
    seen = []
    w.observe(lambda change: seen.append(change["new"]["cursor"]), names="state")
    commit(w, A, 1, 0, remove(2, 8), feedback=REMOVED_4S)
    commit(w, A, 2, 1, remove(2, 8))  # refused
    commit(w, A, 3, 1, None, selected=0)  # traits only
    commit(w, A, 4, 1, remove(6, 11))
    assert seen == [1, 2]


def test_an_accepted_commit_is_one_message_to_every_view(w, sent):
    commit(w, A, 1, 0, remove(2, 8), feedback=REMOVED_4S, clock={"start": 1000, "stop": None})
    assert len(sent) == 1
    assert {"state", "_sync", "feedback", "clock"} <= sent[0]


# ---------------------------------------------------------------- the commit's traits


def test_the_commits_feedback_and_clock_stand(w):
    theirs = {
        "key": "status.removed",
        "params": {"a": "4♣", "b": "4♥"},
        "cells": [],
        "tone": "info",
    }
    commit(w, A, 1, 0, remove(2, 8), feedback=theirs, clock={"start": 1000, "stop": None})
    assert w.feedback == theirs
    assert w.clock == {"start": 1000, "stop": None}


def test_a_commit_without_feedback_or_clock_is_narrated_and_timed_in_python(w):
    commit(w, A, 1, 0, remove(2, 8))
    assert w.feedback == REMOVED_4S
    assert w.clock == {"start": 5000.0, "stop": None}  # the learner's first move


def test_a_crossed_selection_whose_card_went_is_dropped_silently(w, refused):
    w.remove_pair(2, 8)  # 4♣ leaves cell 2
    shared = dict(w.feedback)
    commit(w, A, 1, 0, None, selected=2)  # the view selected 4♣ before it saw that
    assert w.selected is None
    assert w.feedback == shared
    assert refused == []
    assert w._sync["acks"] == {A: 1}


def test_a_crossed_pair_keeps_a_selection_that_still_holds_its_card(w):
    w.remove_pair(6, 11)
    commit(w, A, 1, 0, remove(2, 8), selected=0)
    assert w.selected == 0


def test_a_traits_only_commit_sets_the_traits(w, refused):
    commit(w, A, 1, 0, None, selected=0, show_order=True)
    assert (w.selected, w.show_order) == (0, True)
    assert w._sync == {"revision": 0, "acks": {A: 1}}


def test_a_walkthrough_jump_lands_when_not_crossed(w, refused):
    for seq, pair in enumerate(CASE["remove"], start=1):
        commit(w, A, seq, seq - 1, remove(*pair))
    commit(w, A, 4, 3, {"type": "walk_to", "k": 2})
    # Steps 1 and 2: 5♦ from cell 3 to 2, then 2♥ from 4 to 3.
    assert (
        board(w)
        == "9H KH 5D 2H ../8D .. 8C .. 6S/QD .. QH 5H KD/KS 3S 7D .. 7C/AS 9S .. QC AH | " + STOCK
    )
    assert refused == []


def test_an_engine_refusal_not_crossed_has_no_note(w, refused):
    commit(w, A, 1, 0, remove(0, 1))  # 9♥ and K♥
    assert refused[0]["feedback"]["key"] == "illegal.different-rank"
    assert "note" not in refused[0]["feedback"]
    assert w._sync == {"revision": 0, "acks": {A: 1}}


# ---------------------------------------------------------------- malformed commits

GOOD = {"type": "commit", "client": A, "seq": 1, "base": 0, "action": remove(2, 8), "traits": {}}
GONE = object()  # the key is left out


@pytest.mark.parametrize(
    ("key", "value", "path", "acked"),
    [
        ("client", "short", "commit.client", False),
        ("client", "has spaces in it", "commit.client", False),
        ("client", 12345678, "commit.client", False),
        ("client", GONE, "commit.client", False),
        ("seq", 0, "commit.seq", False),
        ("seq", "1", "commit.seq", False),
        ("seq", True, "commit.seq", False),
        ("seq", 1.5, "commit.seq", False),
        ("seq", GONE, "commit.seq", False),
        ("base", 1, "commit.base", True),  # after the latest revision (0)
        ("base", -1, "commit.base", True),
        ("base", "0", "commit.base", True),
        ("base", GONE, "commit.base", True),
        ("action", {"type": "fly"}, "commit.action.type", True),
        ("action", "remove", "commit.action", True),
        ("action", {"type": "remove", "cells": [2, 8, 9]}, "commit.action.cells", True),
        ("action", {"type": "remove", "cells": [2, "8"]}, "commit.action.cells[1]", True),
        ("action", {"type": "undo", "now": True}, "commit.action.now", True),
        ("action", {"type": "new_deal", "deal": -1}, "commit.action.deal", True),
        ("action", {"type": "walk_to", "k": "1"}, "commit.action.k", True),
        ("action", {"type": "walk_to", "k": 1, "step": 1}, "commit.action.step", True),
        ("traits", [], "commit.traits", True),
        ("traits", {"state": {}}, "commit.traits.state", True),
        ("traits", {"_sync": {}}, "commit.traits._sync", True),
        ("traits", {"selected": 2}, "commit.traits.selected", True),  # a gap after 4♣ 4♥
        ("traits", {"feedback": {"key": "x", "tone": "loud"}}, "commit.traits.feedback.tone", True),
        ("traits", {"clock": {"start": -1, "stop": None}}, "commit.traits.clock.start", True),
        ("traits", {"panels": [{"kind": "x"}]}, "commit.traits.panels", True),
        ("traits", {"score": 3}, "commit.traits.score", True),
        # Framework traits: the widget's code and model are not a view's to set.
        ("traits", {"_esm": "export default {render() {}}"}, "commit.traits._esm", True),
        ("traits", {"_model_name": "OtherModel"}, "commit.traits._model_name", True),
        ("traits", {"_view_module": "x"}, "commit.traits._view_module", True),
        ("traits", {"panels": []}, "commit.traits.panels", True),  # Python's, even unchanged
        ("extra", 1, "commit.extra", True),
    ],
)
def test_a_malformed_commit_is_named_and_changes_nothing(w, refused, key, value, path, acked):
    message = dict(GOOD)
    if value is GONE:
        del message[key]
    else:
        message[key] = value
    game, state, selected, clock, shared, revision = everything(w)
    w._handle_custom_msg(message, [])
    assert everything(w)[:4] == (game, state, selected, clock)
    assert w._sync["revision"] == revision
    if key == "client":  # no sender to tell: every board is told
        told = w.feedback
        assert refused == []
    else:  # its sender alone is told; the other boards sent nothing wrong
        assert w.feedback == shared
        assert len(refused) == 1
        told = refused[0].pop("feedback")
        assert refused == [{"type": "refused", "client": A, "seq": 1 if acked else None}]
    assert told["key"] == "error.state"
    assert told["tone"] == "error"
    assert told["params"]["path"] == path
    assert isinstance(told["params"]["problem"], str) and told["params"]["problem"]
    assert w._sync["acks"] == ({A: 1} if acked else {})


def test_a_commit_whose_client_cannot_be_read_is_said_on_every_board(w, refused):
    w._handle_custom_msg({"type": "commit", "client": 7}, [])
    assert w.feedback["params"]["path"] == "commit.client"
    assert refused == []


def test_a_malformed_commit_does_not_take_an_ack_back(w):
    commit(w, A, 1, 0, remove(2, 8))
    commit(w, A, 2, 1, {"type": "fly"})
    assert w._sync["acks"] == {A: 2}
    commit(w, A, 3, 1, remove(6, 11))
    assert board(w) == FOURS_AND_TWOS_GONE


# ---------------------------------------------------------------- JupyterLite


def test_jsnull_in_a_commit_counts_as_none(w, refused, jsnull):
    w.select(0)
    message = {"type": "commit", "client": A, "seq": 1, "base": 0, "action": jsnull}
    w._handle_custom_msg({**message, "traits": {"selected": jsnull}}, [])
    assert w.selected is None
    clock = {"start": 1000, "stop": jsnull}
    message = {"type": "commit", "client": A, "seq": 2, "base": 0, "action": remove(2, 8)}
    w._handle_custom_msg({**message, "traits": {"clock": clock}}, [])
    assert (
        board(w)
        == "9H KH .. 5D 2H/8D 2D 8C .. 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH | " + STOCK
    )
    assert w.clock == {"start": 1000, "stop": None}
    assert refused == []
    assert w._sync == {"revision": 1, "acks": {A: 2}}


# ---------------------------------------------------------------- a move meant for other cards

# Deal 2 as dealt (the engine's deal 2, written out from its layout):
#   cells  0- 4   7♠ 3♠ 2♣ 6♦ 8♥
#          5- 9   9♣ 10♣ 6♥ 5♥ Q♦
#         10-14   9♥ A♥ J♣ A♣ 5♣
#         15-19   10♦ 2♦ 7♥ 10♠ 5♦
#         20-24   8♠ J♠ 3♦ J♥ 3♥
# Cells 5 and 10 (one above the other) hold 9♣ and 9♥: a pair here too.
DEAL_2 = (
    "7S 3S 2C 6D 8H/9C TC 6H 5H QD/9H AH JC AC 5C/TD 2D 7H TS 5D/8S JS 3D JH 3H | "
    "QS KH AS JD 4S KC 8C 2S 3C KS QH 6S 7C 7D 6C 9S 8D 5S 9D QC TH 4D 4C AD 2H 4H KD"
)
REMOVED_9S = {
    "key": "status.removed",
    "params": {"a": "9♠", "b": "9♣"},
    "cells": [],
    "tone": "info",
}


def test_deal_2s_cells_5_and_10_pair():
    w = MonteCarloWidget(deal=2)
    assert board(w) == DEAL_2
    w.remove_pair(5, 10)
    assert board(w) == DEAL_2.replace("/9C ", "/.. ").replace("/9H ", "/.. ")
    assert w.state["discards"] == [["9C", "9H"]]


def test_a_pair_from_deal_7_crossing_a_new_deal_is_refused():
    # Deal 7: the learner picks 9♠ 9♣ (cells 5 and 10) while a cell deals 2.
    w = MonteCarloWidget(deal=7)
    messages = []
    w.send = lambda content, buffers=None: messages.append(content)
    w.new_deal(2)  # revision 1, Python's
    shared = dict(w.feedback)
    commit(w, A, 1, 0, remove(5, 10), feedback=REMOVED_9S)
    assert board(w) == DEAL_2  # 9♣ 9♥ stay: the learner never picked them
    assert w.state["discards"] == []
    assert messages == [{"type": "refused", "client": A, "seq": 1, "feedback": CROSSED_BACK}]
    assert w.feedback == shared
    assert w._sync == {"revision": 1, "acks": {A: 1}}


def test_a_step_from_another_game_crossing_a_load_is_refused(refused):
    w = MonteCarloWidget.from_layout(LAYOUT)
    w.send = lambda content, buffers=None: refused.append(content)
    commit(w, A, 1, 0, remove(2, 8))  # revision 1: a gap at 2, so a step can be made
    w.load(ALL_PAIRS_GONE)  # revision 2, Python's: another game, with gaps too
    commit(w, A, 2, 1, {"type": "consolidate_step"})
    assert board(w) == ALL_PAIRS_GONE
    assert refused[-1]["feedback"] == CROSSED_BACK


# Two nines and two eights below each other, and a pair of sevens to clear:
#   cells 0-4   7♥ 7♠ 8♣ 2♣ 9♣
#         5-9   3♦ 4♦ 8♦ 5♦ 9♦
# Once 7♥ 7♠ go and the row closes up, cells 2 and 7 hold 9♣ and 9♦ (and
# 0 and 5 the eights); before it closes up, cells 2 and 7 hold 8♣ and 8♦.
SHIFT = "7H 7S 8C 2C 9C/3D 4D 8D 5D 9D" + EMPTY_ROWS + " |"
SEVENS_GONE = ".. .. 8C 2C 9C/3D 4D 8D 5D 9D" + EMPTY_ROWS + " |"
CLOSED_UP = "8C 2C 9C 3D 4D/8D 5D 9D .. .." + EMPTY_ROWS + " |"


def test_a_pair_crossing_a_python_undo_whose_cells_hold_other_cards_is_refused():
    w = MonteCarloWidget.from_layout(SHIFT)
    messages = []
    w.send = lambda content, buffers=None: messages.append(content)
    w.remove_pair(0, 1)  # revision 1
    w.consolidate()  # revision 2: the view sees this board
    assert board(w) == CLOSED_UP
    w.undo()  # revision 3, Python's: the row opens again
    assert board(w) == SEVENS_GONE
    commit(w, A, 1, 2, remove(2, 7))  # the view's 9♣ 9♦; cells 2 and 7 now hold 8♣ 8♦
    assert board(w) == SEVENS_GONE
    assert messages == [{"type": "refused", "client": A, "seq": 1, "feedback": CROSSED_BACK}]
    assert w._sync == {"revision": 3, "acks": {A: 1}}


def test_a_pair_crossing_a_python_undo_whose_cells_hold_the_same_cards_lands(w, refused):
    w.remove_pair(6, 11)  # revision 1: the view sees 2♦ 2♣ gone
    w.undo()  # revision 2, Python's: 2♦ 2♣ back
    commit(w, A, 1, 1, remove(2, 8))  # cells 2 and 8 still hold 4♣ 4♥
    assert (
        board(w)
        == "9H KH .. 5D 2H/8D 2D 8C .. 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH | " + STOCK
    )
    assert refused == []
    assert w._sync == {"revision": 3, "acks": {A: 1}}


def test_a_commit_cannot_replace_the_widgets_code_or_model(w, refused):
    code, model = w._esm, w._model_name
    commit(w, A, 1, 0, remove(2, 8), _esm="export default {render() {}}")
    commit(w, A, 2, 0, None, _model_name="OtherModel")
    assert (w._esm, w._model_name) == (code, model)
    assert board(w) == START  # the pair came with a bad trait: not made


def test_a_refusal_is_the_refused_message_then_one_update_with_the_ack(w, monkeypatch):
    log = []
    monkeypatch.setattr(w, "send", lambda content, buffers=None: log.append(content["type"]))
    monkeypatch.setattr(w, "send_state", lambda key=None: log.append(set(key or ())))
    w.remove_pair(2, 8)
    w.selected = 6
    log.clear()
    commit(w, A, 1, 0, remove(2, 8), clock={"start": 1000.0, "stop": None}, selected=None)
    assert log == ["refused", {"clock", "selected", "_sync"}]


def test_a_commit_built_too_far_behind_lands_only_as_a_new_deal(monkeypatch):
    # Revisions keeps the States of its last KEEP revisions (memory stays
    # bounded): with KEEP = 1, after Python's two pairs the board of revision 0
    # is no longer kept, so which cards its pair meant cannot be told: refused,
    # though J♠ J♦ (18, 22) are still there. A new deal means no cards: it lands.
    from mc_widget.widget.sync import Revisions

    monkeypatch.setattr(Revisions, "KEEP", 1)
    w = MonteCarloWidget.from_layout(LAYOUT, now=lambda: 5000.0)
    told = []
    monkeypatch.setattr(w, "send", lambda content, buffers=None: told.append(content))
    w.remove_pair(2, 8)
    w.remove_pair(6, 11)
    commit(w, A, 1, 0, remove(18, 22))
    assert board(w) == FOURS_AND_TWOS_GONE
    assert [m["feedback"]["key"] for m in told] == ["sync.crossed-back"]
    commit(w, A, 2, 0, {"type": "new_deal", "deal": 7})
    assert w.game.deal == 7 and w._sync["revision"] == 3


def test_the_boards_seen_save_is_read_for_seen_alone(w):
    # js/app/sync.js saves `_seen` once Python has answered a commit; the save also
    # carries what the board set for its commits (a refusal's words, a refused
    # move's selection), already taken or refused: none of it lands.
    w.remove_pair(2, 8)
    before = everything(w)
    refusal = {"key": "illegal.empty-cell", "params": {"row": 1, "col": 3}, "tone": "illegal"}
    w.set_state({"_seen": 1, "feedback": refusal, "selected": 2, "clock": {"start": 1.0}})
    assert everything(w) == before
    assert w._seen == 1
