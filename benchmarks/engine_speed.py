"""Engine speed: whole games per second under a simple policy.

Policy ("first pair"): remove the first legal pair in reading order until none
is left, then consolidate all, then refill all; repeat until the game is won
or lost. It also prints the policy's win rate, for comparison with the
published estimate of about one game in eight (RULES.md, strategy facts).

Run:  .venv/bin/python benchmarks/engine_speed.py [--deals 10000]
Prints figures; it asserts nothing (tests don't time things).
"""

from __future__ import annotations

import argparse
import platform
import time

from mc_widget.engine import Game


def play_first_pair(deal: int, *, by_steps: bool = False) -> Game:
    """Play deal ``deal`` to the end with the first-pair policy.

    ``by_steps``: consolidate and refill one card at a time (the longest
    histories, as a learner stepping through); otherwise all at once.
    Also used by ``sizes.py``.
    """
    game = Game(deal=deal)
    consolidate = game.consolidate_step if by_steps else game.consolidate
    refill = game.refill_step if by_steps else game.refill
    while game.status == "playing":
        pairs = game.legal_pairs()
        if pairs:
            game.remove_pair(*pairs[0])
        elif game.can_consolidate():
            consolidate()
        else:
            refill()
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000)
    args = parser.parse_args()

    start = time.perf_counter()
    wins = removed = actions = 0
    for deal in range(args.deals):
        game = play_first_pair(deal)
        wins += game.status == "won"
        removed += game.removed
        actions += len(game.history)
    seconds = time.perf_counter() - start

    print(f"python {platform.python_version()} on {platform.machine()}")
    print(f"deals played:        {args.deals} (deal numbers 0..{args.deals - 1})")
    print(f"games per second:    {args.deals / seconds:,.0f}")
    print(f"actions per second:  {actions / seconds:,.0f}")
    print(f"win rate:            {wins / args.deals:.1%} ({wins} won)")
    print(f"mean cards removed:  {removed / args.deals:.1f} of 52")


if __name__ == "__main__":
    main()
