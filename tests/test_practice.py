"""Practice (issue 21; docs/practice.md): exercises checked by the engine.

Every expected value here is written by hand, from RULES.md and from the
German worked example in tests/cases/ (whose facts come from the seed's
text), never computed by mc_widget.practice: hand-made exercises with known
answers, hand-scored stars and streaks, hand-planned sets and forged
records.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import mc_widget
from mc_widget.practice import (
    KINDS,
    PracticeError,
    PracticeSession,
    PracticeSet,
    Question,
    check,
    check_record,
    exercises,
    generate,
    plan,
    right_answer,
    score,
    stars,
)

GERMAN = json.loads(
    (Path(__file__).parent / "cases" / "german-worked-example.json").read_text(encoding="utf-8")
)
EMPTY = ".. .. .. .. .."


def lay(*rows: str, stock: str = "") -> str:
    """A 5 x 5 layout: short rows end in gaps, missing rows are gaps."""
    full = [" ".join((row.split() + [".."] * 5)[:5]) for row in rows]
    return "/".join(full + [EMPTY] * (5 - len(rows))) + " | " + stock


def question(layout, ask, cell=None, count=None, steps=(), rules="standard", kind="pairs"):
    return Question(kind, 1, 0, rules, layout, tuple(steps), ask, cell, count)


def keys(result):
    return [m["key"] for m in result.explanation]


# --- The kinds --------------------------------------------------------------


def test_exercises_lists_the_six_kinds_in_order_with_words():
    found = mc_widget.exercises()
    assert [e.kind for e in found] == [
        "neighbours",
        "pairs",
        "consolidate",
        "refill",
        "choose",
        "verdict",
    ]
    assert found[0].title == "Neighbours"
    assert all(e.title and e.summary for e in found)
    assert exercises("de")[1].title == "Paare"
    assert mc_widget.check_record is check_record


# --- Neighbours (RULES.md: corners 3, edges 5, inner 8; a gap breaks contact) ---


FULL = lay(
    "AS 2S 3S 4S 5S",
    "6S 7S 8S 9S TS",
    "JS QS KS AH 2H",
    "3H 4H 5H 6H 7H",
    "8H 9H TH JH QH",
    stock="KH",
)


@pytest.mark.parametrize(
    ("cell", "expected"),
    [(0, [1, 5, 6]), (4, [3, 8, 9]), (2, [1, 3, 6, 7, 8]), (12, [6, 7, 8, 11, 13, 16, 17, 18])],
)
def test_neighbours_of_corners_edges_and_inner_cells(cell, expected):
    q = question(FULL, "neighbours", cell, kind="neighbours")
    assert right_answer(q) == {"cells": expected}
    assert check(q, {"cells": expected[::-1]}).right  # any order
    assert not check(q, {"cells": expected[:-1]}).right


def test_a_card_beyond_a_gap_is_a_false_neighbour_and_is_named_so():
    # Cell 6 (row 2, column 2) is a gap: 12 (row 3, column 3) lies beyond it from 0.
    text = lay("AS 2S 3S 4S 5S", "6S .. 8S 9S TS", "JS QS KS AH 2H")
    q = question(text, "neighbours", 0, kind="neighbours")
    assert right_answer(q) == {"cells": [1, 5]}
    result = check(q, {"cells": [1, 5, 12]})
    assert not result.right
    assert "status.selected-false-one" in keys(result)
    said = result.messages()
    assert said[0] == "A♠ (row 1, column 1) touches 2♠ and 6♠."
    assert "K♠ is beyond a gap: not a neighbour until you consolidate." in said


def test_under_line_touching_a_gap_breaks_nothing():
    text = lay("AS .. 3S .. 5S", "6S 7S 8S 9S TS")
    q = question(text, "neighbours", 0, rules="aces-square", kind="neighbours")
    # Row 1 and column 1: 3♠, 5♠ (across gaps) and 6♠; nothing else in column 1.
    assert right_answer(q) == {"cells": [2, 4, 5]}
    result = check(q, {"cells": [5]})
    assert keys(result)[-1] == "practice.rule.touching-line"


# --- Pairs: the German worked example (three pairs) --------------------------


def test_pairs_of_the_german_example():
    q = question(GERMAN["layout"], "removals")
    assert right_answer(q) == {"removals": GERMAN["legal_pairs"]}
    assert check(q, {"removals": [[22, 18], [8, 2], [11, 6]]}).right  # any order, either way
    # Q♦ (10) and Q♣ (23) are not neighbours: the engine's own refusal explains it.
    result = check(q, {"removals": [[2, 8], [6, 11], [10, 23]]})
    assert not result.right
    assert keys(result) == [
        "practice.pairs.answer",
        "practice.pairs.missed",
        "illegal.not-adjacent",
    ]
    assert result.messages()[1] == "Missed: J♠\u2013J♦."  # cells 18 and 22, the lower first


def test_saying_there_is_no_pair():
    q = question(lay("AS 2S", stock="3S"), "removals")
    assert right_answer(q) == {"removals": []}
    assert check(q, {"removals": []}).right
    assert keys(check(q, {"removals": []})) == ["practice.pairs.answer-none"]


# --- Consolidate and refill: the German example after its three pairs --------

AFTER_PAIRS = [{"type": "remove", "cells": pair} for pair in GERMAN["remove"]]


def test_the_next_card_to_move_is_the_first_after_the_first_gap():
    q = question(GERMAN["layout"], "next-move", steps=AFTER_PAIRS)
    assert right_answer(q) == {"move": GERMAN["consolidation_steps_from_to"][0]}  # [3, 2]
    assert not check(q, {"move": [24, 2]}).right


def test_where_a_card_ends_up():
    # The last card (cell 24) goes to 18: 18 cards are before it in reading order.
    q = question(GERMAN["layout"], "destination", cell=24, steps=AFTER_PAIRS)
    assert right_answer(q) == {"cell": 18}
    result = check(q, {"cell": 18})
    assert result.right
    assert result.messages() == [
        "A♥ has 18 cards before it in reading order, so it ends up in row 4, column 4."
    ]


def test_the_stock_fills_the_gaps_at_the_end_after_consolidating():
    # Six cards refilled (the case file), into the six gaps 19 … 24; mistake M4
    # would deal them into the gaps where they are now.
    q = question(GERMAN["layout"], "cells-after-consolidating", steps=AFTER_PAIRS)
    assert right_answer(q) == {"cells": [19, 20, 21, 22, 23, 24]}
    wrong = check(q, {"cells": [2, 6, 8, 11, 18, 22]})
    assert not wrong.right
    assert keys(wrong)[0] == "illegal.refill-before-consolidation"
    steps = [*AFTER_PAIRS, {"type": "consolidate"}]
    q1 = question(GERMAN["layout"], "next-cells", count=1, steps=steps)
    assert right_answer(q1) == {"cells": [19]}
    assert check(q1, {"cells": [19]}).messages() == [
        "The stock deals 10♠ into the first gaps in reading order: row 4, column 5."
    ]


# --- Verdict (RULES.md, "End of the game") -----------------------------------


@pytest.mark.parametrize(
    ("layout", "rules", "expected", "key"),
    [
        # Full tableau, no pair, stock left: lost (the Decision in RULES.md).
        (FULL, "standard", "lost", "practice.verdict.lost-stock"),
        # Gaps and no pair, but a card has a gap before it: still playing (M8).
        (lay("AS .. 2S"), "standard", "playing", "status.remove-no-pair"),
        # Gaps only at the end, stock left: consolidating refills: playing.
        (lay("AS 2S", stock="3S"), "standard", "playing", "status.remove-no-pair-refill"),
        # Gaps only at the end, no stock, no pair: lost.
        (lay("AS 2S"), "standard", "lost", "status.lost"),
        # Empty tableau and stock: won; Aces Square: only the aces left, won.
        (lay(), "standard", "won", "practice.verdict.won"),
        (lay("AS AH AD AC"), "aces-square", "won", "practice.verdict.won"),
        (lay("7S 7H"), "standard", "playing", "practice.verdict.playing-pairs"),
    ],
)
def test_verdicts(layout, rules, expected, key):
    q = question(layout, "status", rules=rules, kind="verdict")
    assert right_answer(q) == {"status": expected}
    result = check(q, {"status": expected})
    assert result.right and keys(result) == [key]


# --- Choose: a position worked out by hand -----------------------------------

CHOOSE = lay("2H 5S 5H 2S 5D", "5C .. .. .. ..")


def test_choose_the_pair_that_keeps_the_deal_winnable():
    # Removing 5♠ and 5♥ (1, 2): 2♥ 2♠ 5♦ 5♣ close up side by side: two pairs, won.
    # Removing 5♠ and 5♣ (1, 5): 2♥ 5♥ 2♠ 5♦ close up with no two alike touching: lost.
    q = question(CHOOSE, "winnable-removal", kind="choose")
    assert right_answer(q) == {"removal": [1, 2]}
    assert check(q, {"removal": [2, 1]}).right
    lost = check(q, {"removal": [1, 5]})
    assert not lost.right
    assert keys(lost) == ["practice.choose.loses", "practice.choose.winners"]
    assert lost.messages()[0] == "After removing 5♠\u20135♣ the deal can no longer be won."
    # Not touching (two cards between): the engine's refusal.
    assert keys(check(q, {"removal": [0, 3]}))[0] == "illegal.not-adjacent"


def test_choose_is_refused_under_line_touching():
    with pytest.raises(PracticeError) as refused:
        generate("choose", 1, 1, "fourteens-lines")
    assert refused.value.key == "practice-error.choose-line"


# --- Hostile answers ---------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "path", "key"),
    [
        (None, "answer", "practice-error.type"),
        ([1, 5, 6], "answer", "practice-error.type"),
        ({}, "answer.cells", "practice-error.missing"),
        ({"cells": [1], "why": 1}, "answer.why", "practice-error.unknown"),
        ({"cells": "1 5 6"}, "answer.cells", "practice-error.type"),
        ({"cells": [1, 1]}, "answer.cells[1]", "practice-error.duplicate"),
        ({"cells": [1, 25]}, "answer.cells[1]", "practice-error.range"),
        ({"cells": [1.0]}, "answer.cells[0]", "practice-error.type"),
        ({"cells": [True]}, "answer.cells[0]", "practice-error.type"),
        ({"cells": list(range(26))}, "answer.cells", "practice-error.length"),
        ({"X" * 5_000_000: 1}, "answer." + "X" * 40 + "…", "practice-error.unknown"),
    ],
)
def test_a_malformed_answer_is_a_named_error(answer, path, key):
    q = question(FULL, "neighbours", 0, kind="neighbours")
    with pytest.raises(PracticeError) as refused:
        check(q, answer)
    assert (refused.value.path, refused.value.key) == (path, key)
    assert len(str(refused.value)) < 300


# --- Stars, streaks, sets ----------------------------------------------------


def test_stars_by_hand():
    assert stars(True, 10, 10) == 3
    assert stars(True, 10.5, 10) == 2
    assert stars(True, 20, 10) == 2
    assert stars(True, 21, 10) == 1
    assert stars(False, 1, 10) == 0


def test_a_hand_scored_session():
    # right 3★, right 2★, wrong, right 1★, right 3★: streak 2, best 2.
    found = score([(True, 3), (True, 2), (False, 0), (True, 1), (True, 3)])
    assert found == {"done": 5, "right": 4, "stars": 9, "streak": 2, "best_streak": 2}
    assert score([]) == {"done": 0, "right": 0, "stars": 0, "streak": 0, "best_streak": 0}


def test_a_missed_kind_comes_back_three_exercises_later():
    practice = PracticeSet("mixed", 1, 10, 7)
    first = plan(practice, [True] * 9)
    kinds = [p.kind for p in first]
    assert sorted(kinds[:6]) == sorted(KINDS)  # every kind once before any repeats
    assert kinds[6:] == kinds[:4]
    missed = plan(practice, [False, True, True, True])
    assert [p.review for p in missed] == [False, False, False, True, False]
    assert missed[3].kind == kinds[0]
    assert [p.seed for p in missed] == [p.seed for p in first[:5]]


def test_a_session_record_replays_to_the_same_score():
    session = PracticeSession(PracticeSet("mixed", 2, 4, 11))
    seconds = [5, 50, 9, 200]
    k = 0
    while (q := session.current) is not None:
        answer = right_answer(q) if k != 1 else {"status": "won"} if q.ask == "status" else None
        if answer is None:  # a wrong answer of the right shape
            answer = {"status": "won"} if q.ask == "status" else _wrong_shape(q)
        session.answer(answer, seconds[k])
        k += 1
    record = session.record()
    assert check_record(record) == session.progress
    assert check_record(json.dumps(record)) == session.progress
    assert session.progress["done"] == 4


def _wrong_shape(q):
    key = next(iter(right_answer(q)))
    return {key: {"cells": [], "removals": [], "cell": q.cell, "move": [0, 1]}.get(key, [0])}


def test_forged_records_are_refused():
    session = PracticeSession(PracticeSet("pairs", 1, 3, 5))
    while (q := session.current) is not None:
        session.answer(right_answer(q), 10)
    record = session.record()
    assert check_record(record) == {
        "done": 3,
        "right": 3,
        "stars": 9,
        "streak": 3,
        "best_streak": 3,
    }

    def refused(change, path, key):
        forged = json.loads(json.dumps(record))
        change(forged)
        with pytest.raises(PracticeError) as error:
            check_record(forged)
        assert (error.value.path, error.value.key) == (path, key)

    refused(lambda r: r["score"].update(stars=10), "record.score", "practice-error.score")
    refused(
        lambda r: r["exercises"][1].update(seed=1),
        "record.exercises[1].seed",
        "practice-error.schedule",
    )
    refused(
        lambda r: r["exercises"][0].update(kind="verdict"),
        "record.exercises[0].kind",
        "practice-error.schedule",
    )
    refused(
        lambda r: r["exercises"][0].update(answer={"removals": []}),
        "record.score",
        "practice-error.score",
    )
    refused(
        lambda r: r["exercises"][2].update(answer="7-8"),
        "record.exercises[2].answer",
        "practice-error.type",
    )
    refused(lambda r: r.update(extra=1), "record.extra", "practice-error.unknown")
    refused(lambda r: r["set"].update(n=2), "record.exercises", "practice-error.length")
    with pytest.raises(PracticeError) as error:
        check_record("{" * 200_001)
    assert error.value.key == "practice-error.too-long"
    with pytest.raises(PracticeError) as error:
        check_record("{not json")
    assert error.value.key == "practice-error.json"


def test_a_refused_answer_changes_nothing_in_a_session():
    session = PracticeSession(PracticeSet("neighbours", 1, 2, 3))
    before = session.current
    with pytest.raises(PracticeError):
        session.answer({"cells": "all"}, 3)
    with pytest.raises(PracticeError):
        session.answer(right_answer(before), float("nan"))
    assert session.progress["done"] == 0
    assert session.current == before
