"""The review after a deal, timed: how long the card table's learner waits for it.

For each game the card table reviews (Call Break, Call Bridge, Judgement's first
round of seven cards), seeded deals are played by four sensible bots and seat 0's
decisions (its call and 13 or 7 cards) are reviewed with :func:`cardlib.coach.review.review`
at the table's sample count (``cardlib.coach.review.DEFAULT_SAMPLES``). Printed: the CPU time
of one deal's review, median and slowest, and the target beside it (never asserted).

Run ``python benchmarks/bench_review.py`` (``make bench``); ``--deals`` and
``--samples`` change the run.
"""

from __future__ import annotations

import argparse
import statistics
import time

from cardlib import callbreak, callbridge, judgement
from cardlib.bots import SensibleBot
from cardlib.coach.review import DEFAULT_SAMPLES, review

#: A learner should not wait longer than this for the review of a deal (CPU seconds).
TARGET_S = 2.0

GAMES = {
    "Call Break": (lambda seed: callbreak.Deal(seed=seed), SensibleBot()),
    "Call Bridge": (lambda seed: callbridge.Deal(seed=seed), SensibleBot()),
    "Judgement (7 cards)": (lambda seed: judgement.Round(4, 1, seed=seed), judgement.SensibleBot()),
}


def seat_zero_record(deal, bot) -> list:
    """Play ``deal`` out with ``bot`` in every seat; seat 0's (position, choice) list."""
    record = []
    while not deal.is_over:
        if deal.phase == "playing":
            choice = bot.choose_play(deal)
        else:
            choice = (getattr(bot, "choose_call", None) or bot.choose_bid)(deal)
        if deal.to_act == 0:
            record.append((deal.copy(), choice))
        deal.act(choice)
    return record


def main(argv: list[str] | None = None) -> dict[str, tuple[float, float]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    args = parser.parse_args(argv)
    print(f"review of one deal, {args.samples} samples a decision, {args.deals} deals each")
    results = {}
    for name, (make, bot) in GAMES.items():
        times = []
        for seed in range(args.deals):
            record = seat_zero_record(make(seed), bot)
            start = time.process_time()
            review(record, args.samples, seed=seed)
            times.append(time.process_time() - start)
        median, slowest = statistics.median(times), max(times)
        results[name] = (median, slowest)
        print(
            f"  {name:20} median {median:.2f} s, slowest {slowest:.2f} s CPU"
            f" (target ≤ {TARGET_S:.1f} s)"
        )
    return results


if __name__ == "__main__":
    main()
