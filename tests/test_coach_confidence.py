"""The coach says how sure it is: a card it calls clearly best stays best with more samples.

A card the coach calls best by more than two standard errors
(:data:`cardlib.coach.analysis.CLEAR_SE`) should be the best card of a fresh analysis with
four times the samples in nearly every position (the rest is the chance of a two-error
fluke). The positions are late in seeded deals played by sensible bots (three cards a
hand, some partway through the trick), so the test stays cheap.
"""

from __future__ import annotations

from cardlib import callbreak
from cardlib.bots import SensibleBot
from cardlib.coach.analysis import analyse

SAMPLES = 500


def late_position(seed: int, tricks_done: int) -> callbreak.Deal:
    """A Call Break deal called and played by sensible bots until ``tricks_done`` tricks."""
    deal = callbreak.Deal(seed=seed, dealer=seed % 4)
    bot = SensibleBot()
    while deal.phase == "calling":
        deal.call(bot.choose_call(deal))
    while len(deal.tricks) < tricks_done or len(deal.trick) < seed % 4:
        deal.play(bot.choose_play(deal))
    return deal


def test_a_card_called_clearly_best_is_best_with_four_times_the_samples():
    positions = claims = agree = 0
    for seed in range(60):
        position = late_position(seed, 10)
        first = analyse(position, SAMPLES, seed=seed)
        if len(first.cards) == 1:
            continue
        positions += 1
        if not first.clear or all(c.same for c in first.cards[1:]):
            continue  # no card claimed better than another
        claims += 1
        more = analyse(position, 4 * SAMPLES, seed=10_000 + seed)  # fresh samples
        agree += more.of(first.best).loss == 0
    assert positions >= 40 and claims >= 10  # enough claims to judge
    assert agree >= 0.95 * claims, (agree, claims)
