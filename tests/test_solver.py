"""The full-information solver and the sequence model (docs/analysis.md, sections 1-2).

Expected verdicts are worked out by hand (the positions below say how), or
come from an independent reference: ``brute_force``, which plays every legal
action sequence with ``Game.apply`` (no table, no pruning, no sequence
model) on small positions. Every winning line the solver gives is replayed
with the engine to a win.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mc_widget import Game, StateError
from mc_widget.analysis import Solution, solve
from mc_widget.analysis.sequence import (
    delete,
    forward_table,
    is_round_start,
    matchings,
    round_edges,
    sequence,
    tableau_edges,
)
from mc_widget.analysis.solver import reach_counts, stranded
from mc_widget.engine import Consolidate, ConsolidateStep, Refill, Remove, Rules
from mc_widget.engine.cards import full_deck
from mc_widget.engine.layout import format_layout
from mc_widget.engine.queries import legal_pairs


def board(*rows, stock=""):
    """A 5x5 layout from up to five rows of cards; missing cells are gaps."""
    cells = [list(row.split()) for row in rows]
    lines = []
    for r in range(5):
        row = cells[r] if r < len(cells) else []
        lines.append(" ".join(row + [".."] * (5 - len(row))))
    return "/".join(lines) + (f" | {stock}" if stock else " |")


def brute_force(game):
    """True when some sequence of legal actions from ``game`` wins: every legal
    pair, ``Consolidate()`` when it can start or is under way, ``Refill()`` in
    phase refill, each applied to a copy with ``Game.apply``; nothing else."""
    if game.status != "playing":
        return game.status == "won"
    actions = [Remove(i, j) for i, j in game.legal_pairs()]
    if game.can_consolidate():
        actions.append(Consolidate())
    if game.can_refill():
        actions.append(Refill())
    for action in actions:
        child = game.copy()
        child.apply(action)
        if brute_force(child):
            return True
    return False


def replays_to_a_win(game, solution):
    """Apply ``solution.moves`` to a copy of ``game``; True when it ends won."""
    copy = game.copy()
    for move in solution.moves:
        copy.apply(move)
    return copy.status == "won"


# --------------------------------------------------------------------------
# The sequence model (section 1)


def test_sequence_is_the_tableau_in_reading_order_then_the_stock():
    g = Game.from_layout(board("7H .. 8C", ".. KD", stock="AS 2S"))
    assert sequence(g.state) == bytes([7, 8, 13, 1, 2])
    assert not is_round_start(g.state)  # gaps among the cards
    assert is_round_start(Game.from_layout(board("7H 8C KD")).state)
    assert not is_round_start(Game.from_layout(board("7H 8C KD", stock="AS")).state)
    assert is_round_start(Game(deal=7).state)


def test_forward_neighbours_of_the_standard_tableau():
    table = forward_table(5, 5)
    assert table[0] == (1, 5, 6)  # E, S, SE (no SW from column 1)
    assert table[4] == (8, 9)  # SW, S (no E, no SE from column 5)
    assert table[12] == (13, 16, 17, 18)
    assert table[20] == (21,)  # last row: only E
    assert table[24] == ()
    assert forward_table(1, 3) == ((1,), (2,), ())
    with pytest.raises(ValueError):
        forward_table(0, 5)


def test_round_edges_and_tableau_edges():
    # Worked by hand: 7 7 at cells 0-1 (E); 4 at 3 and 9 (SE); 9 at 5 and 10
    # (S); 9 at 4 and 9 at 5 are not neighbours (the grid does not wrap), nor
    # 9 at 4 and 10. The two 4s after cell 24 are stock: never an edge.
    tableau = [7, 7, 3, 4, 9, 9, 1, 2, 6, 4, 9, 13, 12, 11, 10, 8, 6, 5, 8, 6, 3, 2, 1, 3, 5]
    seq = bytes([*tableau, 4, 4])
    assert round_edges(seq, forward_table(5, 5)) == [(0, 1), (3, 9), (5, 10)]
    ranks = [7, None, 7, 8, 8] + [None] * 20
    assert tableau_edges(ranks, forward_table(5, 5)) == [(3, 4)]  # 7 . 7: a gap breaks contact


def test_matchings_of_a_path():
    # (0,1) and (1,2) share cell 1; (3,4) is apart: 1 + 3 + 2 = 6 matchings.
    found = matchings([(0, 1), (1, 2), (3, 4)])
    assert found == [(), ((0, 1),), ((0, 1), (3, 4)), ((1, 2),), ((1, 2), (3, 4)), ((3, 4),)]
    assert matchings([(0, 1)], empty=False) == [((0, 1),)]
    assert matchings([]) == [()]


def test_delete_keeps_the_order_of_the_rest():
    assert delete(b"abcdef", [4, 0]) == b"bcdf"
    assert delete(b"abc", []) == b"abc"
    with pytest.raises(IndexError):
        delete(b"abc", [3])


# --------------------------------------------------------------------------
# Positions worked by hand


def test_won_in_one_round():
    g = Game.from_layout(board("7H 7S"))
    found = solve(g.state)
    assert isinstance(found, Solution)
    assert found.winnable is True
    assert found.moves == (Remove(0, 1),)
    assert replays_to_a_win(g, found)


#: The only pair is 9♥ 9♠ (cells 4 and 9, one above the other). 7 8 7 8 in row
#: 1 never pair (each two apart, nothing between them can go). Removing the
#: nines leaves 7 8 7 8 blocked; keeping them and consolidating puts the
#: nines in cells 4 and 5, the end of row 1 and the start of row 2: not
#: neighbours, blocked too.
LOST_IN_ONE_ROUND = board("7H 8S 7D 8C 9H", ".. .. .. .. 9S")


def test_lost_in_one_round():
    g = Game.from_layout(LOST_IN_ONE_ROUND)
    assert g.legal_pairs() == [(4, 9)]
    found = solve(g.state)
    assert (found.winnable, found.moves) == (False, ())
    assert brute_force(g) is False


#: Round 1 has one pair, 5♥ 5♠ (cells 0-1); the other cards are split by gaps.
#: Removing the fives and closing up gives 7 8 8 9 7 9: the eights are the only
#: pair, and after them 7 9 7 9 is blocked (the sevens at cells 0 and 4 are
#: not neighbours either: no south-west from column 1). Keeping the fives and
#: consolidating gives 5 5 7 8 8 9 7 9: the sevens are now cells 2 and 6,
#: south-west neighbours, so the fives, eights and sevens go, and 9 9 touch.
KEEP_THE_PAIR = board("5H 5S 7H 8H ..", ".. .. .. .. ..", "8S 9H 7S 9S")


def test_only_keeping_a_pair_wins():
    g = Game.from_layout(KEEP_THE_PAIR)
    assert g.legal_pairs() == [(0, 1)]
    # Not a round start: the empty choice (consolidate now) is open, and it is
    # the only first move that wins.
    assert not is_round_start(g.state) and g.can_consolidate()
    found = solve(g.state)
    assert found.winnable is True
    assert found.moves[0] == Consolidate()
    assert replays_to_a_win(g, found)
    taken = g.copy()
    taken.remove_pair(0, 1)
    assert solve(taken.state).winnable is False
    assert brute_force(taken) is False
    assert brute_force(g) is True


def test_already_won_and_already_lost():
    g = Game.from_layout(board("7H 7S"))
    g.remove_pair(0, 1)
    assert g.status == "won"
    found = solve(g.state)
    assert (found.winnable, found.moves, found.nodes) == (True, (), 0)
    blocked = Game.from_layout(board("7H 8S 7D 8C"))
    assert blocked.status == "lost"
    found = solve(blocked.state)
    assert (found.winnable, found.moves, found.nodes) == (False, (), 0)


# --------------------------------------------------------------------------
# Starting anywhere


def test_mid_round_start_goes_on_with_the_round():
    g = Game(deal=7)
    first = solve(g.state)
    assert first.winnable is True
    g.apply(first.moves[0])  # one pair of the solver's first round
    assert g.phase == "remove" and not is_round_start(g.state)
    rest = solve(g.state)
    assert rest.winnable is True
    assert replays_to_a_win(g, rest)


def test_consolidate_and_refill_phases_finish_the_round_first():
    g = Game(deal=7)
    line = solve(g.state).moves
    for move in line[: line.index(Consolidate())]:  # the solver's first round's pairs
        g.apply(move)
    g.consolidate_step()
    assert g.phase == "consolidate"
    found = solve(g.state)
    assert found.winnable is True
    assert found.moves[:2] == (Consolidate(), Refill())
    assert replays_to_a_win(g, found)
    g.consolidate()
    assert g.phase == "refill"
    found = solve(g.state)
    assert found.moves[0] == Refill()
    assert replays_to_a_win(g, found)
    g.refill_step()
    assert g.phase == "refill"
    assert solve(g.state).moves[0] == Refill()


def test_state_json_is_verified():
    g = Game(deal=3)
    assert solve(g.to_state()).winnable == solve(g.state).winnable
    bad = g.to_state()
    bad["tableau"][0] = "XX"
    with pytest.raises(StateError):
        solve(bad)


def test_limits_give_none():
    g = Game(deal=20)  # a lost deal that needs many nodes
    stopped = solve(g.state, node_limit=3)
    assert (stopped.winnable, stopped.moves) == (None, ())
    assert stopped.nodes <= 4
    assert solve(g.state, time_limit=0).winnable is None
    with pytest.raises(ValueError):
        solve(g.state, node_limit=-1)
    with pytest.raises(ValueError):
        solve(g.state, time_limit="1")
    with pytest.raises(ValueError):
        solve(g.state, node_limit=True)


@pytest.mark.parametrize(
    ("limits", "key", "words"),
    [
        (
            {"node_limit": -1},
            "api.node-limit",
            "solve: node_limit must be a whole number ≥ 0 or None, not -1.",
        ),
        (
            {"node_limit": 1.5},
            "api.node-limit",
            "solve: node_limit must be a whole number ≥ 0 or None, not 1.5.",
        ),
        (
            {"time_limit": "1"},
            "api.time-limit",
            "solve: time_limit must be a number of seconds ≥ 0 or None, not '1'.",
        ),
        (
            {"time_limit": -0.5},
            "api.time-limit",
            "solve: time_limit must be a number of seconds ≥ 0 or None, not -0.5.",
        ),
    ],
)
def test_a_bad_limit_is_an_argument_error_as_in_game_and_changes_nothing(limits, key, words):
    # The house error for a bad argument (a ValueError and a TypeError), worded
    # from the catalogue, the same through Game.solve; the game is untouched.
    from mc_widget import ArgumentError

    g = Game(deal=20)
    before = g.to_state()
    for call in (lambda: solve(g.state, **limits), lambda: g.solve(**limits)):
        with pytest.raises(ArgumentError) as caught:
            call()
        assert (caught.value.key, str(caught.value)) == (key, words)
        assert isinstance(caught.value, ValueError) and isinstance(caught.value, TypeError)
    assert caught.value.message("de").startswith("solve: ")
    assert "muss" in caught.value.message("de") and "moet" in caught.value.message("nl")
    assert g.to_state() == before


@pytest.mark.parametrize("deal", [1, 20, 1523])  # won; lost; the slowest of 0 … 1,999
def test_nodes_is_what_a_node_limit_counts(deal):
    # Solution.nodes: positions counted before the limit is checked, so a
    # limit of the nodes a search needs lets it decide, and one fewer stops
    # it with nodes = limit + 1 (the position that went over is counted).
    state = Game(deal=deal).state
    whole = solve(state)
    assert whole.winnable is not None and whole.nodes > 3
    exact = solve(state, node_limit=whole.nodes)
    assert (exact.winnable, exact.moves, exact.nodes) == (whole.winnable, whole.moves, whole.nodes)
    short = solve(state, node_limit=whole.nodes - 1)
    assert (short.winnable, short.moves, short.nodes) == (None, (), whole.nodes)
    for limit in (0, 1, 3):
        assert solve(state, node_limit=limit).nodes == limit + 1


def test_nodes_counts_a_mid_round_position_too():
    g = Game(deal=20)
    g.apply(Remove(*legal_pairs(g.state)[0]))
    assert g.phase == "remove" and not is_round_start(g.state)
    assert solve(g.state, node_limit=0).nodes == 1  # the position itself, not expanded
    whole = solve(g.state)
    assert solve(g.state, node_limit=whole.nodes).winnable == whole.winnable


def test_time_limit_nan_is_refused_and_inf_is_no_limit():
    g = Game(deal=11)
    with pytest.raises(ValueError, match="time_limit"):
        solve(g.state, time_limit=float("nan"))
    assert solve(g.state, time_limit=float("inf")).winnable is solve(g.state).winnable is True


def test_game_solve_is_the_solver():
    g = Game(deal=11)
    assert g.solve().moves == solve(g.state).moves
    assert g.solve(node_limit=0).winnable is None
    assert g.cursor == 0  # the game is not changed


# --------------------------------------------------------------------------
# Winning lines replay with the engine


def test_solutions_replay_to_a_win_on_many_deals():
    verdicts = {True: 0, False: 0}
    for deal in range(150):
        g = Game(deal=deal)
        found = solve(g.state)
        verdicts[found.winnable] += 1
        if found.winnable:
            assert replays_to_a_win(g, found), deal
        else:
            assert found.moves == ()
    assert verdicts[True] > 100 and verdicts[False] > 5


@pytest.mark.parametrize("rules", ["small", "double"])
def test_other_presets(rules):
    for deal in range(6):
        g = Game(deal=deal, rules=rules)
        found = solve(g.state)
        assert found.winnable is not None
        if found.winnable:
            assert replays_to_a_win(g, found)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=st.integers(0, 2**32 - 1), steps=st.integers(0, 60), seed=st.integers(0, 99))
def test_any_reachable_position_solves_and_replays(deal, steps, seed):
    rng = random.Random(seed)
    g = Game(deal=deal)
    for _ in range(steps):
        if g.status != "playing":
            break
        options = [("pair", pair) for pair in g.legal_pairs()]
        if g.can_consolidate():
            options.append(("step", ConsolidateStep()))
        if g.can_refill():
            options.append(("refill", Refill()))
        kind, choice = rng.choice(options)
        if kind == "pair":
            g.remove_pair(*choice)
        else:
            g.apply(choice)
    found = solve(g.state)
    if found.winnable:
        assert replays_to_a_win(g, found)
        if found.moves:
            # the solver's first move keeps the deal winnable
            g.apply(found.moves[0])
            assert solve(g.state).winnable is True
    else:
        assert found.moves == ()


# --------------------------------------------------------------------------
# Against the brute force, on small positions


def small_position(rng):
    """8 to 12 cards, two or four of each rank chosen (now and then three: an
    odd rank), the copies of a rank near each other, on the first cells of
    the tableau with a few gaps between, the rest in the stock."""
    cards = []
    while len(cards) < 8:
        for rank in rng.sample(range(1, 14), rng.randint(4, 6)):
            copies = [card for card in full_deck() if card.rank == rank]
            cards += rng.sample(copies, rng.choice((2, 2, 4, 3 if rng.random() < 0.15 else 2)))
    cards = cards[: rng.randint(8, 12)]
    for _ in range(rng.randint(0, 3 * len(cards))):  # copies of a rank start together
        k = rng.randrange(len(cards) - 1)
        cards[k], cards[k + 1] = cards[k + 1], cards[k]
    on_tableau = rng.randint(len(cards) // 2, len(cards))
    cells = sorted(rng.sample(range(on_tableau + 3), on_tableau))
    tableau = [None] * 25
    for cell, card in zip(cells, cards, strict=False):
        tableau[cell] = card
    stock = cards[on_tableau:]
    return Game.from_layout(format_layout(Rules.preset("standard"), tableau, stock))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9))
def test_verdict_agrees_with_the_brute_force(seed):
    g = small_position(random.Random(seed))
    found = solve(g.state)
    assert found.winnable is brute_force(g)
    if found.winnable:
        assert replays_to_a_win(g, found)


def test_lost_verdicts_checked_by_the_brute_force():
    """Enough small positions that many are lost (each checked both ways)."""
    rng = random.Random(7)
    lost = won = 0
    for _ in range(80):
        g = small_position(rng)
        verdict = solve(g.state).winnable
        assert verdict is brute_force(g)
        lost += verdict is False
        won += verdict is True
    assert lost >= 20 and won >= 20


# --------------------------------------------------------------------------
# The pruning rule (solver.stranded)


def test_reach_counts_of_the_standard_tableau():
    counts = reach_counts(5, 5, 52)
    # (k, t): fewest cards between that must go, fewest before the later card
    # (the first one not counted) that must go; None: a pair now.
    assert counts[1][0] is None  # cells 0, 1: E
    assert counts[5][0] is None and counts[6][0] is None  # S, SE
    assert counts[4][0] == (3, 3)  # cell 4 is not SW of cell 0: only E after 3 go
    assert counts[8][4] is None  # cell 8 is SW of cell 4
    assert counts[2][0] == (1, 1)  # the card between goes, then E
    assert counts[3][0] == (2, 2)
    # End of row 1 and start of row 2: nothing between, but a card before
    # cell 4 must go so that both shift into one row.
    assert counts[5][4] == (0, 1)
    # Cells 4 and 6: two apart across the row end. With the card between
    # gone they are 4 and 5 (not neighbours), so one before must go too.
    assert counts[6][4] == (1, 2)
    # The first stock card enters the tableau when one card before it goes:
    # with cell 24 it pairs once any card before cell 24 goes (both shift
    # by one, into cells 23 and 24); with cell 23, once the card between
    # (cell 24) goes.
    assert counts[25][24] == (0, 1)
    assert counts[25][23] == (1, 1)
    assert counts[30][0] == (24, 24)  # the closest move: cell 0 and cell 6 (SE)
    # A 1 x 3 row: only E, so every card between must go.
    assert reach_counts(1, 3, 6)[5][0] == (4, 4)


def row_of_three(*ranks):
    """A 1x3 tableau's sequence and shape: cells 0-2 in one row, the rest stock."""
    return bytes(ranks), 1, 3


def test_stranded_two_ranks_waiting_for_each_other():
    # A B A B, the last two of each: each pair waits for a card of the other.
    seq, rows, cols = row_of_three(1, 2, 1, 2)
    assert stranded(seq, rows, cols)
    assert stranded(bytes([7, 8, 7, 8]), 5, 5)


def test_stranded_odd_rank():
    assert stranded(bytes([7, 7, 7]), 5, 5)
    assert not stranded(bytes([7, 7]), 5, 5)


def test_stranded_by_the_tableau_limit():
    # 1x3: tableau 1 2 3, stock 3 2 1. No pair in the tableau, so nothing can
    # ever go. Without the limit (a stock card enters only as cards before it
    # go) the closure would clear everything: 3 3 first, then 2 2 around
    # them, then 1 1; so it does on a 1x6 row, where all six are in the tableau.
    seq, rows, cols = row_of_three(1, 2, 3, 3, 2, 1)
    assert stranded(seq, rows, cols)
    assert not stranded(seq, 1, 6)
    g = Game.from_layout("AS 2S 3S | 3H 2H AH", Rules("row", 1, 3, 1))
    assert solve(g.state).winnable is False


def test_stranded_across_the_end_of_a_row():
    # Rows A 2 3 4 7 / 7 4 A 2 3. The sevens (cells 4 and 5) are next in
    # reading order but not neighbours (end of row 1, start of row 2), and
    # no other two cards of one rank touch: the A's (cells 0, 7), 2's (1, 8)
    # and 3's (2, 9) are seven apart, the 4's (3, 6) three apart. Counting
    # distances only, as the rule did before the columns counted, the
    # sevens are a pair, and with them gone every other pair has the cards
    # between it needs (4's: the sevens; the others: one of cells 1-6), so
    # everything goes. Counting columns, each pair needs a card gone first
    # (sevens: one before cell 4; A's, 2's, 3's: one between; 4's: two
    # between) and none has one, so nothing goes: stranded. The game agrees:
    # no pair, so the deal is blocked.
    seq = bytes([1, 2, 3, 4, 7, 7, 4, 1, 2, 3])
    assert stranded(seq, 5, 5)
    g = Game.from_layout(board("AS 2S 3S 4S 7S", "7H 4H AH 2H 3H"))
    assert solve(g.state).winnable is False
    assert brute_force(g) is False


def test_not_stranded_when_a_row_end_closes():
    # Rows 5 5 3 4 7 / 7 4 3: the sevens (cells 4, 5) are across the end of
    # row 1, but the fives (cells 0, 1) and the threes (cells 2, 7, one
    # above the other) are pairs now; with them gone the sevens are cells 1
    # and 2 of one row, then the fours are cells 0 and 1. Not stranded, and won.
    seq = bytes([5, 5, 3, 4, 7, 7, 4, 3])
    assert not stranded(seq, 5, 5)
    g = Game.from_layout(board("5S 5H 3S 4S 7S", "7H 4H 3H"))
    found = solve(g.state)
    assert found.winnable is True
    assert replays_to_a_win(g, found)


def test_not_stranded_when_a_line_exists():
    # tableau 3 3 1, stock 2 2 1: 3 3, then 1 2 2 | 1, then 1 1.
    seq, rows, cols = row_of_three(3, 3, 1, 2, 2, 1)
    assert not stranded(seq, rows, cols)
    g = Game.from_layout("3S 3H AS | 2S 2H AH", Rules("row", 1, 3, 1))
    found = solve(g.state)
    assert found.winnable is True
    assert replays_to_a_win(g, found)


def test_stranded_although_other_cards_can_go():
    # 5 5 7 8 7 8 on the standard tableau: the fives go, then 7 8 7 8 wait
    # for each other (each pair two apart in one row, the card between them
    # the other rank's last).
    seq = bytes([5, 5, 7, 8, 7, 8])
    assert stranded(seq, 5, 5)
    g = Game.from_layout(board("5H 5S 7H 8H 7S", "8S"))
    assert solve(g.state).winnable is False
    assert brute_force(g) is False


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9))
def test_stranded_never_rejects_a_winnable_round_start(seed):
    rng = random.Random(seed)
    ranks = rng.sample(range(1, 14), rng.randint(3, 6))
    deck = [card for card in full_deck() if card.rank in ranks]
    rng.shuffle(deck)
    cards = deck[: rng.randint(6, 14)]
    g = Game.from_layout(
        format_layout(Rules.preset("standard"), cards + [None] * (25 - len(cards)), [])
    )
    assert is_round_start(g.state)
    if stranded(sequence(g.state), 5, 5):
        assert brute_force(g) is False


def counts_by_definition(rows, cols, p, q):
    """``reach_counts``'s entry worked from its docstring's words: try every
    ``a`` cards gone before ``p`` and ``b`` between, and keep the moves that
    leave ``p - a`` and ``q - a - b`` in neighbour cells of the tableau (row
    and column each differ by at most one, no wrap); (fewest b, fewest a + b),
    None when that is (0, 0), both ``q + 1`` when nothing works."""
    moves = []
    for a in range(p + 1):
        for b in range(q - p):
            first, second = p - a, q - a - b
            if second >= rows * cols:
                continue
            (r1, c1), (r2, c2) = divmod(first, cols), divmod(second, cols)
            if max(abs(r1 - r2), abs(c1 - c2)) == 1:
                moves.append((a, b))
    if not moves:
        return (q + 1, q + 1)
    k, t = min(b for a, b in moves), min(a + b for a, b in moves)
    return None if k == t == 0 else (k, t)


def closure_by_definition(seq, rows, cols):
    """``stranded`` worked from its docstring's words, card by card (no masks):
    grow the set of cards that can go by every same-rank pair whose counts
    (between them, before the later one other than the first) the set
    meets; True when a card is left out or a rank has an odd count."""
    if any(seq.count(rank) % 2 for rank in set(seq)):
        return True
    gone = set()
    grew = True
    while grew:
        grew = False
        for q in range(len(seq)):
            for p in range(q):
                if seq[p] != seq[q] or (p in gone and q in gone):
                    continue
                counts = counts_by_definition(rows, cols, p, q)
                k, t = counts or (0, 0)
                between = sum(1 for i in gone if p < i < q)
                before = sum(1 for i in gone if i < q and i != p)
                if between >= k and before >= t:
                    gone |= {p, q}
                    grew = True
    return len(gone) < len(seq)


def test_reach_counts_are_their_definition():
    for rows, cols in ((5, 5), (1, 3), (2, 4), (7, 7)):
        longest = 2 * rows * cols + 2
        counts = reach_counts(rows, cols, longest)
        for q in range(longest):
            for p in range(q):
                expected = counts_by_definition(rows, cols, p, q)
                if expected is not None and expected[0] > q:  # never: the table's "never"
                    expected = (longest, longest)
                assert counts[q][p] == expected, (rows, cols, p, q)


def test_the_pair_tables_one_test_is_the_rule_of_both_counts():
    # A pair of the closure is open for a set R when R holds k of the cards
    # between and t of the cards before the later one but the earlier
    # (stranded's docstring); the table keeps one test when the other
    # follows from it. Checked on random sets against the two counts.
    from mc_widget.analysis.solver import _pair_table

    rng = random.Random(7)
    for rows, cols in ((5, 5), (2, 4)):
        longest = 2 * rows * cols + 2
        counts = reach_counts(rows, cols, longest)
        table = _pair_table(rows, cols, longest)
        for q in range(longest):
            for p in range(q):
                item = table[q][p]
                if counts[q][p] is None:
                    assert item is None
                    continue
                k, t = counts[q][p]
                bits, mask, count, mask2, count2 = item
                assert bits == (1 << p) | (1 << q)
                for _ in range(20):
                    gone = rng.getrandbits(q) & ~(1 << p)
                    between = sum(1 for c in range(p + 1, q) if gone >> c & 1)
                    before = sum(1 for c in range(q) if c != p and gone >> c & 1)
                    expected = between >= k and before >= t
                    found = (gone & mask).bit_count() >= count and (
                        mask2 is None or (gone & mask2).bit_count() >= count2
                    )
                    assert found == expected, (rows, cols, p, q, bin(gone))


@settings(max_examples=300, deadline=None)
@given(
    pairs=st.lists(st.integers(1, 6), min_size=1, max_size=14),
    seed=st.integers(0, 10**9),
    shape=st.sampled_from([(5, 5), (1, 3), (2, 4), (7, 7)]),
)
def test_stranded_is_the_closure_of_its_definition(pairs, seed, shape):
    # The mask tables of the fast closure give the same answer as the rule
    # worked card by card, on sequences with every rank even (the only
    # ones the fixed point decides) and a few odd ones.
    ranks = pairs * 2
    random.Random(seed).shuffle(ranks)
    rows, cols = shape
    for seq in (bytes(ranks), bytes(ranks[:-1])):
        assert stranded(seq, rows, cols) == closure_by_definition(seq, rows, cols)


def test_the_searchs_matchings_leave_every_sequence_most_cards_first():
    from mc_widget.analysis.solver import _Search

    search = _Search(5, 5, 52, None, None)
    # Rows 7 7 7 3 3 / 7 7 A 2 4: a cluster of one rank with many matchings,
    # some with the same cells (the square of sevens, cells 0, 1, 5, 6, pairs
    # two ways), and the threes apart from it.
    seq = bytes([7, 7, 7, 3, 3, 7, 7, 1, 2, 4])
    edges = round_edges(seq, forward_table(5, 5))
    found = search.matchings(seq)
    sizes = [len(cut) for _, cut in found]
    assert sizes == sorted(sizes, reverse=True)
    for mask, cut in found:
        assert mask == sum(1 << cell for cell in cut)
        pairs = [tuple(cut[k : k + 2]) for k in range(0, len(cut), 2)]
        assert all(pair in edges for pair in pairs) and len(set(cut)) == len(cut)
    every = matchings(edges, empty=False)
    left = {delete(seq, [cell for edge in m for cell in edge]) for m in every}
    assert {delete(seq, cut) for _, cut in found} == left
    # Left out, by hand: the pair (1, 2) alone (cell 0 free, also a seven:
    # (0, 1) leaves the same 7 3 3 7 7 A 2 4), (1, 6) alone (twin (0, 6))
    # and (2, 6) alone (twin (1, 6), and so (0, 6)); kept: (0, 1), (0, 6),
    # and (0, 5) with (1, 6), where cell 0 is taken.
    cells = {frozenset(cut) for _, cut in found}
    assert {frozenset({1, 2}), frozenset({1, 6}), frozenset({2, 6})}.isdisjoint(cells)
    assert {frozenset({0, 1}), frozenset({0, 6}), frozenset({0, 5, 1, 6})} <= cells
    assert len(found) < len(every)


def children_from_every_matching(seq, rows, cols):
    """The search's children as :meth:`_Search.children`'s docstring describes
    them, from every matching: made pair by pair in the order of the pairs
    (each joins every matching so far without its cells), sorted by size with
    a stable sort, the first matching kept for each sequence left."""
    made = [()]
    for edge in round_edges(seq, forward_table(rows, cols)):
        made += [(*m, edge) for m in made if not set(edge) & {c for e in m for c in e}]
    made = sorted(made[1:], key=len, reverse=True)
    kids = {}
    for m in made:
        cells = [c for e in m for c in e]
        kids.setdefault(delete(seq, cells), sum(1 << c for c in cells))
    return kids


@settings(max_examples=200, deadline=None)
@given(ranks=st.lists(st.integers(1, 3), min_size=2, max_size=16))
def test_the_searchs_children_are_those_of_every_matching_in_order(ranks):
    # Few ranks, so that runs of one rank and clusters are common.
    from mc_widget.analysis.solver import _Search

    seq = bytes(ranks)
    for rows, cols in ((5, 5), (4, 5)):
        search = _Search(rows, cols, 52, None, None)
        assert list(search.children(seq).items()) == list(
            children_from_every_matching(seq, rows, cols).items()
        )
