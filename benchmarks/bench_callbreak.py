"""How many random Call Break deals per second: cardlib's public API, its fast path, OpenSpiel.

Three contenders play the same kind of work, one full random deal each time
(deal 52 cards, four random calls, 13 tricks of random legal cards):

- ``public``: :class:`cardlib.callbreak.Deal` through its public methods,
  choosing with ``random.choice`` among ``legal_calls()`` and ``legal_plays()``;
- ``fast``: :func:`cardlib.coach.fast.random_deal`, the same game on 52-bit masks;
- ``openspiel``: OpenSpiel's ``spades`` through its Python API, chance nodes
  (the deal) and moves drawn from the same kind of Python ``random.Random``.

Then the sensible bots' game on masks, the strategy notebooks' and the coach's estimates'
work (a deal, the bots' counts as calls, 13 tricks of the sensible bot's cards), two ways:
``play_tricks`` asking :func:`cardlib.coach.fast.sensible_chooser` for each card, and
:func:`cardlib.coach.fast.sensible_playout`, the same cards with the ladder and the choice
inlined (tests/test_fast_paths.py proves them equal card for card).

Each contender runs for ``--seconds`` of CPU time at a time, in turn, ``--rounds``
times, and the best round counts: machine load then hits all three alike, and the best
round is the least disturbed one. Run ``python benchmarks/bench_callbreak.py``
(``make bench`` installs OpenSpiel first); without OpenSpiel only the two cardlib
figures are printed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

from cardlib import callbreak
from cardlib.coach import fast
from cardlib.game import deal_hands

#: The targets the project set: public/OpenSpiel ≥ 1.0, fast/OpenSpiel ≥ 1.5.
TARGETS = {"public": 1.0, "fast": 1.5}


def public_deal(rng: random.Random) -> tuple[int, ...]:
    """One random deal through the public ``Deal`` API; returns tricks won by seat."""
    deal = callbreak.Deal(seed=rng)
    choice = rng.choice
    for _ in range(4):
        deal.call(choice(deal.legal_calls()))
    for _ in range(52):
        deal.play(choice(tuple(deal.legal_plays())))
    return deal.tricks_won


_RULES = callbreak.play_rules()


def fast_deal(rng: random.Random) -> list[int]:
    """One random deal on masks (:func:`cardlib.coach.fast.random_deal`); returns tricks won."""
    return fast.random_deal(rng, _RULES)[1]


def _sensible_calls(hands: list[int]) -> list[int]:
    from cardlib.bots import sensible_call_mask

    return [sensible_call_mask(hand, "S", 1, 13) for hand in hands]


def sensible_chooser_deal(rng: random.Random) -> list[int]:
    """One deal of four sensible bots through ``play_tricks`` and ``sensible_chooser``."""
    hands = deal_hands(rng, 0)
    return fast.play_tricks(hands, 1, _RULES, fast.sensible_chooser(_sensible_calls(hands), 0))


def sensible_inlined_deal(rng: random.Random) -> list[int]:
    """The same deal through ``sensible_playout``."""
    hands = deal_hands(rng, 0)
    return fast.sensible_playout(hands, 1, _RULES, _sensible_calls(hands))


SENSIBLE = {"sensible, chooser": sensible_chooser_deal, "sensible, inlined": sensible_inlined_deal}


def openspiel_game():
    """OpenSpiel's ``spades`` game, or ``None`` when OpenSpiel is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel.load_game("spades")


def openspiel_runner(game) -> Callable[[random.Random], list[float]]:
    """A function playing one random ``spades`` deal (52 chance nodes, 4 bids, 52 cards)."""

    def openspiel_deal(rng: random.Random) -> list[float]:
        state = game.new_initial_state()
        choice = rng.choice
        while not state.is_terminal():
            # Chance outcomes of the deal are uniform, so a choice among them is the deal.
            state.apply_action(choice(state.legal_actions()))
        return state.returns()

    return openspiel_deal


def deals_per_second(run: Callable[[random.Random], object], seconds: float, seed: int) -> float:
    """Deals completed per second by ``run`` in about ``seconds`` of this process's CPU time.

    CPU time rather than wall time, so that other programs on a shared machine
    slow the figures less; all three contenders are single-threaded.
    """
    rng = random.Random(seed)
    clock = time.process_time
    start = clock()
    deadline = start + seconds
    done = 0
    while True:
        for _ in range(20):
            run(rng)
        done += 20
        now = clock()
        if now >= deadline:
            return done / (now - start)


def measure(
    seconds: float = 3.0, rounds: int = 3, seed: int = 2024, contenders: dict | None = None
) -> dict[str, float]:
    """Best-of-``rounds`` deals per second of each contender, run interleaved (by default
    the three random-deal contenders)."""
    if contenders is None:
        contenders = {"public": public_deal, "fast": fast_deal}
        game = openspiel_game()
        if game is not None:
            contenders["openspiel"] = openspiel_runner(game)
    for run in contenders.values():  # warm caches and imports before timing
        deals_per_second(run, min(seconds, 0.2), seed)
    best = dict.fromkeys(contenders, 0.0)
    for round_number in range(rounds):
        for name, run in contenders.items():
            rate = deals_per_second(run, seconds, seed + round_number)
            best[name] = max(best[name], rate)
    return best


def report(best: dict[str, float]) -> str:
    """The figures and the ratios against OpenSpiel, as printable lines."""
    lines = [
        f"{name:>10}: {rate:9.0f} deals/s  ({1e6 / rate:5.1f} µs per deal)"
        for name, rate in best.items()
    ]
    if "openspiel" in best:
        for name, target in TARGETS.items():
            ratio = best[name] / best["openspiel"]
            verdict = "meets" if ratio >= target else "misses"
            lines.append(f"{name}/openspiel: {ratio:5.2f}  ({verdict} the target ≥ {target:.1f})")
    else:
        lines.append("OpenSpiel is not installed (pip install open-spiel): no comparison.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="length of one timed run")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds; best counts")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    print(f"Random full deals per second, best of {args.rounds} interleaved rounds:", flush=True)
    best = measure(args.seconds, args.rounds, args.seed)
    print(report(best))
    print("Sensible bots' deals on masks per second:", flush=True)
    sensible = measure(args.seconds, args.rounds, args.seed, SENSIBLE)
    for name, rate in sensible.items():
        print(f"{name:>18}: {rate:9.0f} deals/s  ({1e6 / rate:5.1f} µs per deal)")
    chooser, inlined = sensible.values()
    print(f"inlined/chooser: {inlined / chooser:5.2f}")
    return best | sensible


if __name__ == "__main__":
    main(sys.argv[1:])
