"""The coach says how sure it is: a card it calls clearly best stays best with more samples.

A card the coach calls best by more than two standard errors
(:data:`cardlib.coach.analysis.CLEAR_SE`) should be the best card of a fresh analysis with
four times the samples in nearly every position (the rest is the chance of a two-error
fluke). The rule does not depend on the number of samples, so this test, which runs in
``make test``, asks it at 100 samples against 400 on late positions of seeded deals played
by sensible bots (three cards a hand, often partway through the trick), on seeds no other
test uses; ``benchmarks/bench_coach.py`` measures it at 500 against 2,000 on positions from
the first lead on, and prints the rate with its standard error.

A claim here is an analysis that calls every other card either clearly worse or exactly as
good (the same points in every sample); the fresh analysis agrees when its best card is the
claimed one or one of those exactly as good.
"""

from __future__ import annotations

from cardlib import callbreak
from cardlib.bots import SensibleBot
from cardlib.coach.analysis import Analysis, analyse

SAMPLES = 100
SEEDS = range(61_000, 61_240)


def late_position(seed: int, tricks_done: int) -> callbreak.Deal:
    """A Call Break deal called and played by sensible bots until ``tricks_done`` tricks and
    ``seed % 4`` cards of the next."""
    deal = callbreak.Deal(seed=seed, dealer=seed % 4)
    bot = SensibleBot()
    while deal.phase == "calling":
        deal.call(bot.choose_call(deal))
    while len(deal.tricks) < tricks_done or len(deal.trick) < seed % 4:
        deal.play(bot.choose_play(deal))
    return deal


def claims(analysis: Analysis) -> set | None:
    """The cards an analysis calls best (the best and those exactly as good), when it calls
    every other card clearly worse; ``None`` when it claims nothing."""
    if not analysis.clear or all(c.same for c in analysis.cards[1:]):
        return None
    return {c.card for c in analysis.cards if c.same or c is analysis.cards[0]}


def test_a_card_called_clearly_best_is_best_with_four_times_the_samples():
    claimed = agreed = 0
    for seed in SEEDS:
        position = late_position(seed, 10)
        best = claims(analyse(position, SAMPLES, seed=seed))
        if best is None:
            continue
        claimed += 1
        agreed += analyse(position, 4 * SAMPLES, seed=1_000_000 + seed).best in best  # fresh
    assert claimed >= 40  # enough claims to judge (51 on these seeds)
    assert agreed >= 0.95 * claimed, (agreed, claimed)
