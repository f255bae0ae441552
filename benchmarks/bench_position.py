"""Position text, timed: writing a position and reading it back, in each of the four games.

For each game, seeded deals are played a random number of random legal actions (the same
positions every run) and each position is written (:func:`cardlib.position.to_text`) and
read back (:func:`cardlib.position.from_text`, which replays the deal through the rules).
Printed: the CPU time of one write and one read, median over the positions, and the
target beside it (never asserted): a coach widget or a puzzle writes one when it is drawn,
so a read or a write should stay well under a frame's worth of time.

Run ``python benchmarks/bench_position.py`` (``make bench``); ``--positions`` changes the run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from cardlib import bridge, callbreak, callbridge, judgement
from cardlib.game import TrickDeal
from cardlib.position import from_text, to_text

#: A learner should never notice a position being written or read (CPU milliseconds).
TARGET_MS = 5.0

GAMES: dict[str, Callable[[int], TrickDeal]] = {
    "Call Break": lambda seed: callbreak.Deal(seed=seed),
    "Call Bridge": lambda seed: callbridge.Deal(seed=seed),
    "Judgement (round 1, 4 players)": lambda seed: judgement.Round(4, 1, seed=seed),
    "Contract Bridge": lambda seed: bridge.Deal(seed=seed),
}


def position(make: Callable[[int], TrickDeal], seed: int) -> TrickDeal:
    """The deal of ``seed`` after a seeded random number of random legal actions."""
    rng = random.Random(seed)
    deal = make(seed)
    for _ in range(rng.randrange(60)):
        if deal.is_over:
            break
        legal = deal.legal_actions()
        deal.act("P" if "P" in legal and rng.random() < 0.7 else rng.choice(legal))
    return deal


def main(argv: list[str] | None = None) -> dict[str, tuple[float, float]]:
    """Time every game's writes and reads; ``{game: (write ms, read ms)}``, medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    args = parser.parse_args(argv)
    print(f"position text, {args.positions} positions each (median CPU time of one)")
    results = {}
    for name, make in GAMES.items():
        writes, reads = [], []
        for seed in range(args.positions):
            deal = position(make, seed)
            start = time.process_time()
            text = to_text(deal)
            middle = time.process_time()
            copy = from_text(text)
            writes.append(middle - start)
            reads.append(time.process_time() - middle)
            assert copy == deal  # a benchmark of a wrong answer measures nothing
        write_ms = 1000 * statistics.median(writes)
        read_ms = 1000 * statistics.median(reads)
        results[name] = (write_ms, read_ms)
        print(
            f"  {name}: write {write_ms:.3f} ms, read {read_ms:.3f} ms "
            f"(target under {TARGET_MS:.0f} ms each)"
        )
    return results


if __name__ == "__main__":
    main()
