"""The coach at the card table, timed: the hint, and the review after the last card.

Seeded matches' first deals are played at :class:`~cardlib.widgets.table_controller.
TableController` tables (the learner's calls and cards chosen by a sensible bot, sensible
opponents, the table's own samples), three tables alike at once:

* **before**: the table as it was before the coach worked ahead (issue 42, item 5): a hint
  was :func:`~cardlib.coach.analysis.analyse` with 200 imagined deals on the spot (twice the
  review's; what
  ``_analyse_hint`` called then); the review, made at the deal's end, analysed every
  decision then;
* **after, on the spot**: the table now, its host never idle (plain Python, or a learner
  quicker than the coach): the hint reads the review's analysis of the decision, as far as
  :data:`~cardlib.widgets.table_controller.HINT_PLAYOUTS` allows; the review makes the rest;
* **after, idle time**: the table now, its host calling ``idle_step()`` between clicks
  until it has nothing left (the learner thinking, the browser showing the bots' cards), or
  only ``--steps`` of them (a quick learner): the hint and the review read what was done.

Printed for each: the CPU time of each hint (median and slowest) and from the last card's
click to the review ready, with the work done in that time in **playouts** (one imagined
deal played out after one choice: the unit of the coach's work), and the time on a phone
(``--phone`` times slower: Pyodide in a browser worker held to a quarter of a core is about
8× slower than CPython here); for the idle time, the slowest single step (what a click
arriving meanwhile waits for). The targets (a phone-class browser): the review ≤ 1 s after
the last card, each hint ≤ 500 ms. Nothing is asserted.

Run ``python benchmarks/bench_table_coach.py [--deals N] [--others N] [--steps K] [--phone F]
[--samples N]`` (``make bench`` runs it with the defaults: 20 Call Break deals, one each of
Judgement and Call Bridge, idle until nothing is left, 100 samples).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from cardlib.cards import Card
from cardlib.coach import analysis
from cardlib.coach.analysis import analyse, opponent
from cardlib.coach.review import DEFAULT_SAMPLES, review
from cardlib.widgets.table_controller import ACTING, TableController

REVIEW_TARGET_S = 1.0
HINT_TARGET_S = 0.5


class Counted:
    """The playouts the coach's analyses play out, counted while it is on (a sample is
    played out once for every choice tried)."""

    def __init__(self) -> None:
        self.playouts = 0
        self.answer: Any = None

    def __enter__(self) -> Counted:
        self.runs = card_run, call_run = analysis._CardWork.run, analysis._CallWork.run

        def card(work: Any, count: int) -> None:
            self.playouts += count * len(work.tried)
            card_run(work, count)

        def call(work: Any, count: int) -> None:
            self.playouts += count * len(work.options)
            call_run(work, count)

        analysis._CardWork.run = card  # type: ignore[method-assign]
        analysis._CallWork.run = call  # type: ignore[method-assign]
        return self

    def __exit__(self, *_exc: object) -> None:
        analysis._CardWork.run, analysis._CallWork.run = self.runs  # type: ignore[method-assign]

    def timed(self, action: Callable[..., Any], *args: Any) -> tuple[float, int]:
        """CPU seconds and playouts of ``action(*args)`` (its answer: :attr:`answer`)."""
        before = self.playouts
        start = time.process_time()
        self.answer = action(*args)
        return time.process_time() - start, self.playouts - before


def play_deal(game: str, seed: int, steps: int | None, samples: int, counted: Counted) -> dict:
    """One deal at the three tables; the timings and playouts of each."""
    old, spot, idle = (
        TableController(game, seed=seed, speed="instant", review_samples=samples) for _ in range(3)
    )
    learner = opponent(old.facts, "sensible", seed * 10)
    out: dict[str, list] = {key: [] for key in ("old_hint", "spot_hint", "idle_hint", "step")}
    while old.match.phase in ACTING:
        more, work_steps = True, 0
        while more and (steps is None or work_steps < steps):
            out["step"].append(counted.timed(idle.idle_step)[0])
            more, work_steps = counted.answer, work_steps + 1
        deal = old.deal
        playing = old.match.phase == "playing"
        if playing:
            # the hint as it was: 200 imagined deals, seeded by the match and the position
            seed_then = old.match_seed + old._serial
            out["old_hint"].append(counted.timed(analyse, deal, 2 * samples, seed_then))
            out["spot_hint"].append(counted.timed(spot.click_hint))
            out["idle_hint"].append(counted.timed(idle.click_hint))
            card = Card(learner.choose_play(deal)).code
            clicks = [counted.timed(table.click_card, card) for table in (old, spot, idle)]
        else:
            call = learner.choose_call(deal)
            clicks = [counted.timed(table.click_call, call) for table in (old, spot, idle)]
        if old.match.phase not in ACTING:  # that was the last card: the review now
            old_review = counted.timed(review, old.record, old.review_samples, old._review_seed())
            out["old_review"] = [add(clicks[0], old_review)]
            out["spot_review"] = [add(clicks[1], counted.timed(spot.request_review))]
            out["idle_review"] = [add(clicks[2], counted.timed(idle.request_review))]
            assert spot.request_review() == idle.request_review()  # the same review
    return out


def add(first: tuple[float, int], second: tuple[float, int]) -> tuple[float, int]:
    return first[0] + second[0], first[1] + second[1]


def line(name: str, timings: list[tuple[float, int]], target: float, phone: float) -> str:
    seconds = [t for t, _ in timings]
    playouts = [p for _, p in timings]
    median, slowest = statistics.median(seconds), max(seconds)
    return (
        f"    {name:28} median {median * 1000:7.1f} ms, slowest {slowest * 1000:7.1f} ms "
        f"CPU; playouts median {statistics.median(playouts):6.0f}, most {max(playouts):6}; "
        f"phone ≈ {median * phone * 1000:5.0f} / {slowest * phone * 1000:5.0f} ms "
        f"(target ≤ {target * 1000:.0f} ms)"
    )


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="Call Break deals (seeds 0..)")
    parser.add_argument("--others", type=int, default=1, help="Judgement and Call Bridge deals")
    parser.add_argument(
        "--steps",
        type=int,
        default=None,
        help="idle steps between clicks (default: until there is nothing left)",
    )
    parser.add_argument("--phone", type=float, default=8.0, help="a phone's slowness, ×")
    parser.add_argument(
        "--samples",
        type=int,
        default=DEFAULT_SAMPLES,
        help="the review's imagined deals a decision (the hint before: twice as many)",
    )
    args = parser.parse_args(argv)
    with Counted() as counted:
        return run(args, counted)


def run(args: argparse.Namespace, counted: Counted) -> dict:
    results = {}
    idle_words = "until none left" if args.steps is None else f"{args.steps} a click"
    print(f"the coach at the card table: CPU time, and ×{args.phone:g} for a phone-class browser")
    for game, deals in (
        ("callbreak", args.deals),
        ("judgement", args.others),
        ("callbridge", args.others),
    ):
        if deals < 1:
            continue
        runs = [play_deal(game, seed, args.steps, args.samples, counted) for seed in range(deals)]

        def every(key: str, runs: list[dict] = runs) -> list:
            return [timing for run in runs for timing in run[key]]

        results[game] = {key: every(key) for key in runs[0]}
        print(f"  {game}, {deals} deal(s); idle steps {idle_words}")
        print("   each hint")
        before = f"before ({2 * args.samples} on the spot)"
        print(line(before, every("old_hint"), HINT_TARGET_S, args.phone))
        print(line("after, on the spot", every("spot_hint"), HINT_TARGET_S, args.phone))
        print(line("after, idle time", every("idle_hint"), HINT_TARGET_S, args.phone))
        print("   last card's click → review ready")
        print(line("before (all at the end)", every("old_review"), REVIEW_TARGET_S, args.phone))
        print(line("after, on the spot", every("spot_review"), REVIEW_TARGET_S, args.phone))
        print(line("after, idle time", every("idle_review"), REVIEW_TARGET_S, args.phone))
        steps = every("step")
        print(
            f"   one idle step: median {statistics.median(steps) * 1000:.1f} ms, slowest "
            f"{max(steps) * 1000:.1f} ms CPU (phone ≈ {max(steps) * args.phone * 1000:.0f} ms); "
            f"{len(steps)} steps"
        )
    return results


if __name__ == "__main__":
    main()
