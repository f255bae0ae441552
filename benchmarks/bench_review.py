"""The review after a deal, timed: how long the card table's learner waits for it.

For each game the card table reviews (Call Break, Call Bridge, Judgement's first
round of seven cards), seeded deals are played by four sensible bots and seat 0's
decisions (its call and 13 or 7 cards) are reviewed with :func:`cardlib.coach.review.review`
at the table's sample count (``cardlib.coach.review.DEFAULT_SAMPLES``). Printed: the CPU time
of one deal's review, median and slowest, and the target beside it (never asserted).

Contract Bridge's review is double dummy's (:func:`cardlib.widgets.bridge_review.review_at_table`:
every card solved by endplay, then the opening lead over ``LEAD_SAMPLES`` layouts): timed on
deals bid and played by four sensible bridge bots (passed-out deals have no review), at the
table's lead samples and at a few others, so the choice of ``LEAD_SAMPLES`` can be checked.

Run ``python benchmarks/bench_review.py`` (``make bench``); ``--deals`` and
``--samples`` change the run.
"""

from __future__ import annotations

import argparse
import statistics
import time

from cardlib import callbreak, callbridge, judgement
from cardlib.bots import SensibleBot, SensibleBridgeBot, SensibleJudgementBot, play_out
from cardlib.coach.review import DEFAULT_SAMPLES, review

#: A learner should not wait longer than this for the review of a deal (CPU seconds).
TARGET_S = 2.0

GAMES = {
    "Call Break": (lambda seed: callbreak.Deal(seed=seed), SensibleBot()),
    "Call Bridge": (lambda seed: callbridge.Deal(seed=seed), SensibleBot()),
    "Judgement (7 cards)": (lambda seed: judgement.Round(4, 1, seed=seed), SensibleJudgementBot()),
}


def seat_zero_record(deal, bot) -> list:
    """Play ``deal`` out with ``bot`` in every seat; seat 0's (position, choice) list."""
    record = []
    while not deal.is_over:
        choice = bot.choose_play(deal) if deal.phase == "playing" else bot.choose_call(deal)
        if deal.to_act == 0:
            record.append((deal.copy(), choice))
        deal.act(choice)
    return record


def main(argv: list[str] | None = None) -> dict[str, tuple[float, float]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument(
        "--leads",
        default=None,
        help="Contract Bridge: lead layouts to time, comma-separated (default: 0, the "
        "table's and 20)",
    )
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
    leads = None if args.leads is None else [int(n) for n in args.leads.split(",")]
    results.update(bridge_review_times(args.deals, leads))
    return results


def bridge_review_times(
    deals: int, leads: list[int] | None = None
) -> dict[str, tuple[float, float]]:
    """The Contract Bridge review at the table, median and slowest CPU seconds a deal, for
    each number of lead layouts in ``leads`` (default: 0, the table's and 20; endplay
    needed: skipped with a note without it)."""
    from cardlib import bridge
    from cardlib.bridge.double_dummy import available
    from cardlib.widgets.bridge_review import LEAD_SAMPLES, review_at_table

    if not available():
        print("  Contract Bridge: endplay is not installed, no double-dummy review to time")
        return {}
    played = []
    seed = 0
    while len(played) < deals:
        deal = bridge.Deal(seed=seed)
        play_out(deal, [SensibleBridgeBot()] * 4)
        if deal.contract is not None:
            played.append((seed, deal))
        seed += 1
    results = {}
    for samples in sorted({0, LEAD_SAMPLES, 20} if leads is None else set(leads)):
        times = []
        for seed, deal in played:
            start = time.process_time()
            review_at_table(deal, samples, seed=seed)
            times.append(time.process_time() - start)
        median, slowest = statistics.median(times), max(times)
        name = f"Contract Bridge ({samples} leads)"
        results[name] = (median, slowest)
        table = " (the table's)" if samples == LEAD_SAMPLES else ""
        print(
            f"  {name:20} median {median:.2f} s, slowest {slowest:.2f} s CPU"
            f" (target ≤ {TARGET_S:.1f} s){table}"
        )
    return results


if __name__ == "__main__":
    main()
