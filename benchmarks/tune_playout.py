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
and the margin paired against the first value. ``--coach`` compares any of CoachBot's
settings the same way, one variant per argument (its keywords, comma-separated; ``-`` for
the defaults).

    python benchmarks/tune_playout.py --deals 300 --seed 310000 --boldness 0.5 0 1
    python benchmarks/tune_playout.py --deals 200 --seed 340000 --coach - play_samples=100
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
from cardlib.errors import CardlibError

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


def rules_arg(text: str) -> str:
    """A rule set as ``--rules`` and ``rules=`` take it, checked."""
    try:
        parse_rules(text)
    except (KeyError, IndexError):
        raise argparse.ArgumentTypeError(
            f"{text!r}: a rule set is all, none or rule names joined by + and -, "
            f"the names {', '.join(NAMES)}"
        ) from None
    return text


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
    parser.add_argument("--rules", nargs="+", type=rules_arg, default=["all"])
    parser.add_argument("--boldness", nargs="+", type=Fraction, default=None)
    parser.add_argument("--coach", nargs="+", type=coach_options, default=None)
    args = parser.parse_args(argv)
    if args.deals < 2:
        parser.error(f"--deals must be ≥ 2 (a standard error needs two deals), got {args.deals}")
    if args.seed < 0:
        parser.error(f"--seed must be ≥ 0, got {args.seed}")
    if args.boldness:
        args.coach = [{"call_boldness": value} for value in args.boldness]
    if args.coach:
        coach_variants(args.deals, args.seed, args.coach)
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


#: The ``--coach`` keywords and how each value is read: CoachBot's own, and ``rules``.
COACH_KEYWORDS = {
    "call_samples": int,
    "play_samples": int,
    "exact_from": int,
    "call_boldness": Fraction,
    "calls_model": str,
    "tolerance": int,
    "playout": str,
    "rules": rules_arg,
}


def coach_options(text: str) -> dict:
    """``play_samples=100,call_boldness=1/4``: CoachBot's keywords (``-``: none), and
    ``rules=all-GREEDY``: the strong policy's rules while that variant plays."""
    accepted = ", ".join(COACH_KEYWORDS)
    options: dict = {}
    for part in filter(None, text.split(",")):
        if part == "-":
            continue
        name, equals, value = part.partition("=")
        if not equals or not value or name not in COACH_KEYWORDS:
            raise argparse.ArgumentTypeError(
                f"{part!r}: each variant is NAME=VALUE pairs joined by commas, or '-', "
                f"with NAME one of {accepted}"
            )
        try:
            options[name] = COACH_KEYWORDS[name](value)  # rules_arg raises its own message
        except (ValueError, ZeroDivisionError):
            raise argparse.ArgumentTypeError(f"{part!r}: not a value {name} takes") from None
    bot_options = {k: v for k, v in options.items() if k != "rules"}
    try:
        CoachBot(**bot_options)  # its own checks: playout, calls_model
    except CardlibError as error:
        raise argparse.ArgumentTypeError(f"{text!r}: {error}") from None
    return options


def coach_variants(deals: int, seed: int, variants: list[dict]) -> None:
    """CoachBot with each set of ``variants`` against three SensibleBots, rotated, paired."""
    names = [", ".join(f"{k}={v}" for k, v in o.items()) or "defaults" for o in variants]
    over: dict[str, list] = {n: [] for n in names}
    top: dict[str, list] = {n: [] for n in names}
    made: dict[str, list] = {n: [] for n in names}
    for number in range(deals):
        deal_seed = seed + number
        base = scores(deal_seed, None, None)
        for name, options in zip(names, variants, strict=True):
            mine, tops, makes = [], 0, 0
            bot_options = {k: v for k, v in options.items() if k != "rules"}
            saved = policy.RULES
            policy.RULES = parse_rules(options.get("rules", "all"))
            try:
                finished = []
                for seat in range(4):
                    deal = callbreak.Deal(seed=deal_seed)
                    bots = [SensibleBot()] * 4
                    bots[seat] = CoachBot(seed=deal_seed * 4 + seat, **bot_options)
                    play_out(deal, bots)
                    finished.append(deal)
            finally:
                policy.RULES = saved
            for seat, deal in enumerate(finished):
                points = deal.scores()
                mine.append(points[seat])
                tops += points[seat] == max(points)
                makes += deal.tricks_won[seat] >= deal.calls[seat]
            over[name].append(gain(mine, base))
            top[name].append(Fraction(tops, 4))
            made[name].append(Fraction(makes, 4))
    print(f"CoachBot vs three SensibleBots, {deals} rotated deals from seed {seed}")
    first = names[0]
    for name in names:
        m, se = mean_se(over[name])
        t, tse = mean_se(top[name])
        k, kse = mean_se(made[name])
        d, dse = mean_se([a - b for a, b in zip(over[name], over[first], strict=True)])
        print(
            f"  {name}: margin {m:+.3f} ± {se:.3f}, top {100 * t:.1f}% ± {100 * tse:.1f}, "
            f"calls made {100 * k:.1f}% ± {100 * kse:.1f}, against {first} {d:+.3f} ± {dse:.3f}"
        )


if __name__ == "__main__":
    main()
