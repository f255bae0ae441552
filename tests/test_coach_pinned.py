"""The coach's numbers, pinned: a faster analysis must give exactly the same values.

Each case is an analysis (or a call analysis, or a coach bot's choices over a deal)
whose whole result — every card's exact mean, standard error, loss and the loss's
error — is reduced to a digest of its repr. The classic policy's digests were taken
from the coach before its inner loop and exact finish were made faster, and before the
strong playout policy came: they hold with ``playout="classic"``, proof that the old
policy is intact. The strong policy's, the default's since issue 25, are pinned beside
them (asked with no ``playout`` given, so they pin the default too). A
change to any value of any card changes the digest. One case is also pinned in plain
numbers, to read.
"""

from __future__ import annotations

import hashlib
import random
from fractions import Fraction

import pytest

from cardlib import callbreak, callbridge, judgement
from cardlib.bots import RandomBot, SensibleBot, SensibleJudgementBot, play_out
from cardlib.coach.analysis import CoachBot, analyse, analyse_calls


def called(deal, bot_of):
    """The deal after every seat has called (or bid) as its bot would."""
    while deal.phase == "calling":
        deal.call(bot_of(deal.to_act).choose_call(deal))
    while deal.phase == "bidding":
        deal.bid(bot_of(deal.to_act).choose_call(deal))
    return deal


def played_to(deal, bot_of, cards_played: int):
    """The deal called and played by sensible bots until ``cards_played`` cards are down."""
    called(deal, bot_of)
    rng = random.Random(cards_played)
    for _ in range(cards_played):
        bot = bot_of(deal.to_act) if rng.random() < 0.7 else RandomBot(rng.getrandbits(16))
        deal.play(bot.choose_play(deal))
    return deal


def sensible(_seat):
    return SensibleBot()


def judgement_sensible(_seat):
    return SensibleJudgementBot()


def coach_bot_deal(deal, **playout):
    """A whole deal with a small CoachBot in seat 0: its calls and every trick."""
    coach = CoachBot(seed=3, call_samples=6, play_samples=8, **playout)
    play_out(deal, [coach, *[SensibleBot()] * 3])
    return [deal.tricks, deal.calls]


def digest(result) -> str:
    return hashlib.sha256(repr(result).encode()).hexdigest()[:16]


CASES = {  # each a function of the playout policy: playout="classic", "strong" or none given
    # a 13-card first lead: policy to three cards a hand, then the exact finish
    "first lead": lambda **p: analyse(called(callbreak.Deal(seed=7101), sensible), 40, 3, 3, **p),
    # mid-deal and mid-trick, a longer exact finish
    "mid trick": lambda **p: analyse(
        played_to(callbreak.Deal(seed=7102), sensible, 37), 60, 1, 5, **p
    ),
    "six cards": lambda **p: analyse(
        played_to(callbreak.Deal(seed=7102), sensible, 28), 60, 1, 3, **p
    ),
    "free discard": lambda **p: analyse(
        played_to(
            callbreak.Deal(seed=7103, variant=callbreak.Variant(free_discard=True)), sensible, 34
        ),
        60,
        2,
        4,
        **p,
    ),
    "call bridge": lambda **p: analyse(
        played_to(callbridge.Deal(seed=7104), sensible, 27), 50, 4, 3, **p
    ),
    "judgement": lambda **p: analyse(
        played_to(judgement.Round(players=5, number=2, seed=7105), judgement_sensible, 11),
        50,
        5,
        3,
        **p,
    ),
    "calls": lambda **p: analyse_calls(callbreak.Deal(seed=7106, dealer=1), 12, 6, 2, **p),
    "coach bot": lambda **p: coach_bot_deal(callbreak.Deal(seed=7107), **p),
}

# The classic policy's: the coach's numbers before issue 25's policy. Three moved when the
# sensible bot (which the classic policy plays like) came to throw its highest card by rank,
# not by suit order (issue 37): "first lead" 4afa373b4bae9a3a, "six cards" 16beb5cecbd72621,
# "calls" 4caa48ae1f284a4b before.
PINNED = {
    "first lead": "8da0156166548a72",
    "mid trick": "483926b8a8bbddf1",
    "six cards": "0ca206765f168449",
    "free discard": "c56d88539843d1f9",
    "call bridge": "066f596baf4241d2",
    "judgement": "d4be8ba2d8c077df",
    "calls": "0c1b77535f46ef41",
    "coach bot": "40f91e52fecdb19b",
}


STRONG = {  # the strong policy's, pinned when it was written
    "call bridge": "066f596baf4241d2",
    "calls": "9fd1c6492fb0cd2e",
    "coach bot": "16a4ebe023530937",
    "first lead": "e454974d7c978d2f",
    "free discard": "c56d88539843d1f9",
    "judgement": "d4be8ba2d8c077df",
    "mid trick": "483926b8a8bbddf1",
    "six cards": "d6bf07d8b51ff162",
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_coach_gives_exactly_the_pinned_values(case):
    """The classic policy is intact: the numbers it gave before the strong one came."""
    assert digest(CASES[case](playout="classic")) == PINNED[case]


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_strong_playouts_give_exactly_the_pinned_values(case):
    """The strong policy, the coach's default: the numbers it gave when it was pinned."""
    assert digest(CASES[case]()) == STRONG[case]


def test_one_analysis_in_plain_numbers():
    analysis = CASES["mid trick"](playout="classic")
    shown = [(str(c.card), c.estimate.mean, c.loss) for c in analysis.cards]
    assert shown == [
        ("J♠", Fraction(349, 150), 0),
        ("10♠", Fraction(349, 150), 0),
        ("A♠", Fraction(277, 120), Fraction(11, 600)),
        ("8♠", Fraction(229, 100), Fraction(11, 300)),
    ]
    assert [c.loss_stderr for c in analysis.cards] == [
        0.0,
        0.0,
        0.007322925331102075,
        0.006273730842308473,
    ]
    assert analysis.cards[0].estimate.stderr == 0.005757170261178304
