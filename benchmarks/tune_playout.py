"""The strong playout policy's rules measured one by one (cardlib.coach.policy).

Each rule set plays as a bot (:class:`~cardlib.coach.analysis.PlayoutBot`) against three
SensibleBots, every deal from every seat; the margin per deal is its score minus the
classic policy's in the same seat on the same deals (paired), and beside it the margin
over a SensibleBot in that seat. Mean ± standard error over deals.

Tuning was done on seeds from 300000; the figures quoted in the docstrings for the final
policy come from seeds 400000 on, which no tuning saw.

    python benchmarks/tune_playout.py --deals 500 --seed 300000 --rules all all-GREEDY ...

With ``--boldness``, CoachBot's ``call_boldness`` instead: CoachBot (its default settings)
against three SensibleBots, each value on the same rotated deals; its margin over a
SensibleBot in its seat, the share of deals it scores top, the share of its calls made,
and the margin paired against the first value.

    python benchmarks/tune_playout.py --deals 300 --seed 310000 --boldness 0.5 0 1
"""

from __future__ import annotations

import argparse
import math
import statistics
from fractions import Fraction

from cardlib import callbreak
from cardlib.bots import SensibleBot, play_out
from cardlib.coach import policy
from cardlib.coach.analysis import CoachBot, PlayoutBot

NAMES = {"DRAW": 1, "CASH": 2, "LEAD": 4, "SURE": 8, "DISCARD": 16, "GREEDY": 32, "SHORT": 64}
ALL = sum(NAMES.values()) - NAMES["SHORT"]  # SHORT is a variant of LEAD


def parse_rules(text: str) -> int:
    """``all``, ``none``, ``all-CASH-SURE``, ``DRAW+CASH``: a mask of rules."""
    parts = text.replace("-", " -").replace("+", " +").split()
    mask = 0
    for part in parts:
        sign, name = (part[0], part[1:]) if part[0] in "+-" else ("+", part)
        bits = ALL if name == "all" else 0 if name == "none" else NAMES[name]
        mask = mask & ~bits if sign == "-" else mask | bits
    return mask


def scores(seed: int, seat: int | None, bot) -> list:
    deal = callbreak.Deal(seed=seed)
    bots = [SensibleBot()] * 4
    if seat is not None:
        bots[seat] = bot
    play_out(deal, bots)
    return deal.scores()


def gain(mine, theirs) -> Fraction:
    """The mean over the four seats of the score difference, exactly."""
    return Fraction(sum(m - t for m, t in zip(mine, theirs, strict=True))) / 4


def mean_se(values) -> tuple[float, float]:
    values = [float(v) for v in values]
    return statistics.fmean(values), statistics.stdev(values) / math.sqrt(len(values))


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=300000)
    parser.add_argument("--rules", nargs="+", default=["all"])
    parser.add_argument("--boldness", nargs="+", type=Fraction, default=None)
    args = parser.parse_args(argv)
    if args.boldness:
        boldness(args.deals, args.seed, args.boldness)
        return
    masks = [parse_rules(r) for r in args.rules]
    saved = policy.RULES
    paired = {r: [] for r in args.rules}
    over = {r: [] for r in args.rules}
    classic_over = []
    try:
        for number in range(args.deals):
            seed = args.seed + number
            base = scores(seed, None, None)
            classic = [scores(seed, s, PlayoutBot("classic"))[s] for s in range(4)]
            classic_over.append(gain(classic, base))
            for name, mask in zip(args.rules, masks, strict=True):
                policy.RULES = mask
                mine = [scores(seed, s, PlayoutBot("strong"))[s] for s in range(4)]
                paired[name].append(gain(mine, classic))
                over[name].append(gain(mine, base))
    finally:
        policy.RULES = saved
    m, se = mean_se(classic_over)
    print(
        f"{args.deals} rotated deals from seed {args.seed}; classic over SensibleBot "
        f"{m:+.3f} ± {se:.3f}"
    )
    for name in args.rules:
        pm, pse = mean_se(paired[name])
        om, ose = mean_se(over[name])
        print(
            f"  {name:24s} vs classic {pm:+.3f} ± {pse:.3f}"
            f"   over SensibleBot {om:+.3f} ± {ose:.3f}"
        )


def boldness(deals: int, seed: int, values: list[Fraction]) -> None:
    """CoachBot with each ``call_boldness`` against three SensibleBots, rotated, paired."""
    over: dict[Fraction, list] = {v: [] for v in values}
    top: dict[Fraction, list] = {v: [] for v in values}
    made: dict[Fraction, list] = {v: [] for v in values}
    for number in range(deals):
        deal_seed = seed + number
        base = scores(deal_seed, None, None)
        for value in values:
            mine, tops, makes = [], 0, 0
            for seat in range(4):
                deal = callbreak.Deal(seed=deal_seed)
                bots = [SensibleBot()] * 4
                bots[seat] = CoachBot(seed=deal_seed * 4 + seat, call_boldness=value)
                play_out(deal, bots)
                points = deal.scores()
                mine.append(points[seat])
                tops += points[seat] == max(points)
                makes += deal.tricks_won[seat] >= deal.calls[seat]
            over[value].append(gain(mine, base))
            top[value].append(Fraction(tops, 4))
            made[value].append(Fraction(makes, 4))
    print(f"CoachBot vs three SensibleBots, {deals} rotated deals from seed {seed}")
    first = values[0]
    for value in values:
        m, se = mean_se(over[value])
        t, tse = mean_se(top[value])
        k, kse = mean_se(made[value])
        d, dse = mean_se([a - b for a, b in zip(over[value], over[first], strict=True)])
        print(
            f"  boldness {float(value):.2f}: margin {m:+.3f} ± {se:.3f}, top {100 * t:.1f}% ± "
            f"{100 * tse:.1f}, calls made {100 * k:.1f}% ± {100 * kse:.1f}, against "
            f"{float(first):.2f} {d:+.3f} ± {dse:.3f}"
        )


if __name__ == "__main__":
    main()
