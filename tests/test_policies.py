"""The statistics' policies (docs/analysis.md §5, mc_widget/analysis/policies.py):
each plays legal moves to the end of the game, and does what its definition
says on layouts worked by hand."""

import importlib.util
import json
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from mc_widget import Game
from mc_widget.analysis import sequence, solve
from mc_widget.analysis.policies import (
    DEFINITIONS,
    POLICIES,
    POLICY_VERSIONS,
    Record,
    check_policies,
    first_maximum_matching,
    next_action,
    play,
    play_state,
)
from mc_widget.engine import (
    Consolidate,
    Refill,
    Remove,
    apply,
    can_start_consolidation,
    legal_pairs,
    mulberry32,
    new_state,
    status,
    verify_state,
)

ROOT = Path(__file__).resolve().parent.parent
GERMAN = json.loads((ROOT / "tests/cases/german-worked-example.json").read_text())["layout"]
# Four sevens in cells 0, 1, 2 and 5 (row 1 columns 1-3, row 2 column 1), no
# other pair: the pairs are 0-1, 0-5, 1-2 and 1-5 (0-5 below, 1-5 diagonal).
# Taking 0-1 first leaves 2 and 5, which do not touch: one pair. 0-5 and 1-2
# take all four: the most pairs.
CHAIN = "7S 7H 7D AS 2S/7C 3S 4S 5S 6S/8S 9S TS JS QS/KS AH 2H 3H 4H/5H 6H 8H 9H TH"


def _rounds(history):
    """The removals and consolidations (refills dropped) split into rounds,
    each ending with its Consolidate; and the unfinished last round."""
    rounds, current = [], []
    for action in history:
        if action == Refill():
            continue
        current.append(action)
        if action == Consolidate():
            rounds.append(current)
            current = []
    return rounds, current


def test_the_policies_and_their_definitions():
    assert POLICIES == ("random", "first-pair", "greedy", "one-pair", "fair-hint", "solver")
    assert set(DEFINITIONS) == set(POLICIES) == set(POLICY_VERSIONS)
    assert all(isinstance(v, int) and v >= 1 for v in POLICY_VERSIONS.values())


@pytest.mark.parametrize("policy", POLICIES)
def test_each_policy_plays_legal_moves_to_the_end(policy):
    for deal in range(25):
        final = play_state(policy, new_state("standard", deal=deal))
        assert status(final) in ("won", "lost")
        # verify_state replays every action from the deal's start: each is legal.
        replayed = verify_state(final.to_json())
        assert replayed.tableau == final.tableau and replayed.stock == final.stock
        assert {a.type for a in final.history} <= {"remove", "consolidate", "refill"}
        record = play(policy, deal)
        assert record == Record(status(final) == "won", final.removed, final.round)
        assert record.removed % 2 == 0 and record.rounds >= 1
        assert record.removed == 52 if record.won else record.removed < 52


def test_first_maximum_matching_worked_by_hand():
    assert first_maximum_matching([]) == ()
    # Three touching cards: one pair only, the first.
    assert first_maximum_matching([(0, 1), (0, 5), (1, 5)]) == ((0, 1),)
    # The chain: 0-1 blocks both others; 0-5 with 1-2 takes all four.
    assert first_maximum_matching([(0, 1), (0, 5), (1, 2), (1, 5)]) == ((0, 5), (1, 2))
    # A path 0-1-2-3: two pairs either way round, the first is 0-1 with 2-3.
    assert first_maximum_matching([(1, 2), (2, 3), (0, 1)]) == ((0, 1), (2, 3))
    # Pairs that share no cell: all of them.
    assert first_maximum_matching([(6, 11), (2, 8), (18, 22)]) == ((2, 8), (6, 11), (18, 22))


def test_first_pair_and_greedy_take_every_pair_of_the_german_example_then_consolidate():
    for policy in ("first-pair", "greedy"):
        final = play_state(policy, new_state("standard", layout=GERMAN))
        expected = (Remove(2, 8), Remove(6, 11), Remove(18, 22), Consolidate(), Refill())
        assert final.history[:5] == expected, policy


def test_greedy_takes_the_most_pairs_where_first_pair_takes_the_first():
    state = new_state("standard", layout=CHAIN)
    first = play_state("first-pair", state)
    assert first.history[:2] == (Remove(0, 1), Consolidate())
    greedy = play_state("greedy", state)
    assert greedy.history[:3] == (Remove(0, 5), Remove(1, 2), Consolidate())


def test_one_pair_takes_the_first_pair_then_consolidates():
    final = play_state("one-pair", new_state("standard", layout=GERMAN))
    assert final.history[:3] == (Remove(2, 8), Consolidate(), Refill())
    final = play_state("one-pair", new_state("standard", layout=CHAIN))
    assert final.history[:2] == (Remove(0, 1), Consolidate())


def test_one_pair_removes_exactly_one_pair_each_round():
    for deal in range(60):
        final = play_state("one-pair", new_state("standard", deal=deal))
        rounds, last = _rounds(final.history)
        for actions in rounds:
            assert [a.type for a in actions][:2] == ["remove", "consolidate"], (deal, actions)
            assert sum(a.type == "remove" for a in actions) == 1
        # The last round: one pair that empties the tableau; or none (blocked);
        # or, lost, one pair in the tableau's last two occupied cells with the
        # stock empty (then no consolidation can start, and no pair is left).
        if status(final) == "won":
            assert len(last) == 1, (deal, last)
        elif last:
            (action,) = last
            cards = [k for k, card in enumerate(final.tableau) if card is not None]
            assert not final.stock and all(k < action.i for k in cards), (deal, final.layout)


def _positions(final):
    """(state before the action, action) along a finished game."""
    state = new_state(final.rules, layout=final.start)
    for action in final.history:
        yield state, action
        state = apply(state, action)


@pytest.mark.parametrize("policy", ["first-pair", "greedy"])
def test_first_pair_and_greedy_consolidate_only_when_no_pair_is_left(policy):
    for deal in range(40):
        final = play_state(policy, new_state("standard", deal=deal))
        for state, action in _positions(final):
            if action == Consolidate():
                assert legal_pairs(state) == [], (deal, state.layout)


def test_greedy_removes_a_maximum_matching_each_round():
    # The most pairs a round allows, counted by sequence.matchings (every
    # matching of the round's pair graph), not by the policy's own code.
    forward = sequence.forward_table(5, 5)
    for deal in range(40):
        final = play_state("greedy", new_state("standard", deal=deal))
        taken = 0
        start = None
        for state, action in _positions(final):
            if start is None:
                start = state
            if action.type == "remove":
                taken += 1
            elif action == Consolidate():
                edges = sequence.round_edges(sequence.sequence(start), forward)
                most = max(len(m) for m in sequence.matchings(edges))
                assert taken == most, (deal, start.layout)
                taken, start = 0, None
            elif action == Refill():
                start = None


def test_first_pair_is_the_benchmarks_policy():
    # benchmarks/engine_speed.py's first-pair policy, whose win rate
    # docs/performance.md gives: the same moves on every deal tried.
    spec = importlib.util.spec_from_file_location(
        "engine_speed", ROOT / "benchmarks" / "engine_speed.py"
    )
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    for deal in range(40):
        game = bench.play_first_pair(deal)
        assert play_state("first-pair", new_state("standard", deal=deal)).history == game.history


def test_random_draws_its_first_choice_by_its_definition():
    # The German example's start: three pairs and no consolidation (the
    # tableau is full), so the choices are its pairs in ascending order and
    # the index is (u * 3) >> 32 of the first mulberry32 output seeded by
    # crc32("random <seed> <deal>") (a loaded layout's deal is None).
    state = new_state("standard", layout=GERMAN)
    choices = [Remove(2, 8), Remove(6, 11), Remove(18, 22)]
    assert not can_start_consolidation(state)
    for seed in range(6):
        u = next(mulberry32(zlib.crc32(f"random {seed} None".encode())))
        assert next_action("random", state, seed=seed) == choices[(u * 3) >> 32]
        assert play_state("random", state, seed=seed).history[0] == choices[(u * 3) >> 32]


def test_random_is_reproducible_and_seeded():
    games = {seed: [play("random", d, seed=seed) for d in range(20)] for seed in (0, 1)}
    assert games[0] == [play("random", d, seed=0) for d in range(20)]
    assert games[0] != games[1]
    # Consolidating while pairs are left is one of its choices.
    early = 0
    for deal in range(20):
        for state, action in _positions(play_state("random", new_state("standard", deal=deal))):
            early += action == Consolidate() and bool(legal_pairs(state))
    assert early > 0


def test_policy_names_are_checked():
    assert check_policies("random, greedy") == ("random", "greedy")
    assert check_policies(["solver"]) == ("solver",)
    with pytest.raises(ValueError, match=r"unknown policy 'gredy'; choose from random, first-pair"):
        check_policies("random,gredy")
    with pytest.raises(ValueError, match="no policy given"):
        check_policies(" , ")
    with pytest.raises(ValueError, match="policy 2 of 'greedy,,' is empty"):
        check_policies("greedy,,")
    with pytest.raises(ValueError, match="policy 1 of ',solver' is empty"):
        check_policies(",solver")
    with pytest.raises(ValueError, match="'greedy' is given twice"):
        check_policies(["greedy", "greedy"])
    with pytest.raises(ValueError, match="unknown policy"):
        play("best", 0)


def test_next_action_refuses_a_finished_game_and_the_solver():
    final = play_state("first-pair", new_state("standard", deal=0))
    with pytest.raises(ValueError, match=r"the game is over \((won|lost)\)"):
        next_action("greedy", final)
    with pytest.raises(ValueError, match="play_state"):
        next_action("solver", new_state("standard", deal=0))


def test_fair_hint_follows_the_fair_hint_at_every_move():
    from mc_widget.analysis.hint import fair_hint

    for deal in range(8):
        final = play_state("fair-hint", new_state("standard", deal=deal))
        for state, action in _positions(final):
            assert action == fair_hint(state).action, (deal, state.layout)
    # tests/test_hint.py's M9 position worked by hand: keeping the sevens
    # (and the queens' pair taken) leaves four pairs touching, so the hint takes
    # Q♥ Q♦ (cells 23-24) and consolidates; greedy takes both pairs.
    keep_one = (
        "7S 7H .. .. ../AS 2S 3S 4S 8S/8H 5S 6S QS 9S/9H KS AH 2H TS/TH 3H 4H QH QD | JS JH 8D"
    )
    state = new_state("standard", layout=keep_one)
    assert play_state("fair-hint", state).history[:2] == (Remove(23, 24), Consolidate())
    assert play_state("greedy", state).history[:3] == (Remove(0, 1), Remove(23, 24), Consolidate())


def test_solver_plays_the_winning_line_or_else_the_fair_hints():
    from mc_widget.analysis.solver import solve

    seen = set()
    for deal in range(12):
        start = new_state("standard", deal=deal)
        final = play_state("solver", start)
        solution = solve(start)
        seen.add(solution.winnable)
        if solution.winnable:
            assert final.history == solution.moves and status(final) == "won"
            assert play("solver", deal) == Record(True, 52, final.round)
        else:
            assert final.history == play_state("fair-hint", start).history
            assert play("solver", deal) == play("fair-hint", deal)
    assert seen == {True, False}, "the deals tried should hold both kinds"
    # tests/test_hint.py's hopeless position: 7 8 7 8 never pair; the fair
    # hint takes 9♠ 9♥ and the game is lost.
    hopeless = "7H 8S 7S 8H ../.. 9S 9H .. ../.. .. .. .. ../.. .. .. .. ../.. .. .. .. .. |"
    final = play_state("solver", new_state("standard", layout=hopeless))
    assert final.history[0] == Remove(6, 7) and status(final) == "lost"


def test_the_internal_checks_raise_without_assert(monkeypatch):
    # Explicit raises, not asserts, which `python -O` would drop.
    from mc_widget.analysis import hint, policies, solver

    state = new_state("standard", deal=1)
    with pytest.raises(RuntimeError, match="the random policy needs its random source"):
        policies._random(state, None)
    monkeypatch.setattr(hint, "fair_hint", lambda state: None)
    with pytest.raises(RuntimeError, match="no fair hint in a game being played"):
        policies._fair_hint(state, None)
    monkeypatch.undo()
    won_nothing = solver.Solution(True, (Remove(*legal_pairs(state)[0]),), 1, 0.0)
    monkeypatch.setattr(solver, "solve", lambda state: won_nothing)
    with pytest.raises(RuntimeError, match="the solver's moves did not win"):
        play_state("solver", state)


def test_the_internal_checks_survive_python_o():
    code = (
        "from mc_widget.analysis import policies\n"
        "from mc_widget.engine import new_state\n"
        "try:\n"
        "    policies._random(new_state('standard', deal=1), None)\n"
        "except RuntimeError as error:\n"
        "    print(error)\n"
    )
    done = subprocess.run(
        [sys.executable, "-O", "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == "the random policy needs its random source (a bug)"


# --------------------------------------------------------------------------
# Lone removals (issue 19: a Thirteens king goes alone)

#: Thirteens, a full tableau: 6♥ 7♦ (cells 0, 1, sum 13), K♠ alone in cell 3,
#: 5♣ 8♣ (cells 5, 6); the other cards are aces to sixes that touch no card
#: they would make 13 with (no queen, jack, ten or nine in the tableau; the
#: other fives and sixes away from 8♣ and 7♦).
LONE = "6H 7D 2C KS 3C/5C 8C 2D 3D 4D/AS AH 4S 2H 3H/4H 5H 6D AD 2S/3S 4C 5S 6S AC | 9S"


def test_greedy_removes_the_lone_king_first_then_the_pairs():
    state = Game.from_layout(LONE, rules="thirteens").state
    assert next_action("greedy", state) == Remove(3)
    state = apply(state, Remove(3))
    assert next_action("greedy", state) == Remove(0, 1)


def test_first_pair_and_one_pair_take_the_first_removal_as_tuples_of_cells():
    state = Game.from_layout(LONE, rules="thirteens").state
    # (0, 1) < (3,) < (5, 6): the pair of cell 0 comes first.
    assert next_action("first-pair", state) == Remove(0, 1)
    assert next_action("one-pair", state) == Remove(0, 1)
    state = apply(state, Remove(0, 1))
    assert next_action("first-pair", state) == Remove(3)


def test_random_draws_among_the_removals_a_lone_king_included():
    state = Game.from_layout(LONE, rules="thirteens").state
    # Three removals, no consolidation (a full tableau with stock): index
    # (u * 3) >> 32 of [(0, 1), (3,), (5, 6)].
    seen = {next_action("random", state, rng=iter([u])) for u in (0, 2**31, 2**32 - 1)}
    assert seen == {Remove(0, 1), Remove(3), Remove(5, 6)}


@pytest.mark.parametrize("rules", ["thirteens", "fourteens", "fourteens-lines", "aces-square"])
def test_every_policy_plays_the_variants_to_the_end(rules):
    for policy in POLICIES:
        record = play(policy, 3, rules=rules)
        assert 0 <= record.removed <= 52
        if policy == "solver":
            assert record.won is (solve(new_state(rules, deal=3)).winnable is True)
