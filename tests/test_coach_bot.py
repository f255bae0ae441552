"""CoachBot never acts illegally, in any of the three games it plays, and is seeded."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import callbreak, callbridge, judgement
from cardlib.bots import SensibleBot, SensibleJudgementBot, play_out
from cardlib.coach.analysis import CoachBot

FEW = settings(max_examples=4, deadline=None)
seeds = st.integers(0, 2**32 - 1)


def small_coach(seed: int) -> CoachBot:
    return CoachBot(seed=seed, call_samples=2, play_samples=2, exact_from=2)


class Checked:
    """Wraps a bot: every call and card it chooses must be among the legal ones, then made."""

    def __init__(self, bot):
        self.bot = bot
        self.actions = 0

    def choose_call(self, deal):
        call = self.bot.choose_call(deal)
        assert call in deal.legal_calls()
        self.actions += 1
        return call

    def choose_play(self, deal):
        card = self.bot.choose_play(deal)
        assert card in deal.legal_plays()
        self.actions += 1
        return card


@FEW
@given(seed=seeds, seat=st.integers(0, 3), free=st.booleans())
def test_the_coach_plays_whole_call_break_deals_legally(seed, seat, free):
    deal = callbreak.Deal(seed=seed, variant=callbreak.Variant(free_discard=free))
    coach = Checked(small_coach(seed))
    bots = [SensibleBot()] * 4
    bots[seat] = coach
    play_out(deal, bots)
    assert deal.phase == "over" and coach.actions == 14


@FEW
@given(seed=seeds, seat=st.integers(0, 3))
def test_the_coach_plays_whole_call_bridge_deals_legally(seed, seat):
    deal = callbridge.Deal(seed=seed)
    coach = Checked(small_coach(seed))
    bots = [SensibleBot()] * 4
    bots[seat] = coach
    play_out(deal, bots)
    assert deal.phase == "over" and coach.actions == 14


@FEW
@given(seed=seeds, players=st.integers(3, 7), number=st.integers(1, 8))
def test_the_coach_plays_judgement_rounds_legally_even_blind(seed, players, number):
    round_ = judgement.Round(players=players, number=number, seed=seed)
    coach = Checked(small_coach(seed))
    bots = [SensibleJudgementBot()] * players
    bots[seed % players] = coach
    play_out(round_, bots)
    assert round_.phase == "over" and coach.actions >= 1


def test_the_coach_is_seeded():
    def run():
        deal = callbreak.Deal(seed=8, dealer=1)
        play_out(deal, [small_coach(3), SensibleBot(), SensibleBot(), SensibleBot()])
        return deal

    assert run() == run()


@pytest.mark.parametrize("samples", [1, 3])
def test_a_forced_card_needs_no_analysis(samples):
    deal = callbreak.Deal.from_hands(["AH 2C", "3H 4C", "5C 6C", "2D 8C"], dealer=3, calls=[1] * 4)
    for card in ("2C", "4C", "6C"):
        deal.play(card)
    assert [str(c) for c in deal.legal_plays()] == ["8♣"]
    assert str(CoachBot(play_samples=samples).choose_play(deal)) == "8♣"


def test_a_bolder_coach_calls_the_highest_call_near_the_best():
    from fractions import Fraction

    from cardlib.coach.analysis import analyse_calls

    deal = callbreak.Deal(seed=21, dealer=3)
    plain = CoachBot(seed=4, call_samples=6, call_boldness=0).choose_call(deal)
    bold = CoachBot(seed=4, call_samples=6, call_boldness=1.5).choose_call(deal)
    seed = random.Random(4).getrandbits(32)  # the seed the bots drew for this decision
    calls = analyse_calls(deal, 6, seed, 2)
    assert plain == calls.best
    top = calls.of(calls.best).estimate.mean
    near = [c.call for c in calls.calls if c.estimate.mean >= top - Fraction(3, 2)]
    assert bold == max(near) >= plain


@settings(max_examples=3, deadline=None)
@given(seed=seeds)
def test_the_coach_honours_the_house_rules_calls_capped_anticlockwise(seed):
    variant = callbreak.Variant(max_call=8, anticlockwise=True, min_call=2)
    deal = callbreak.Deal(seed=seed, variant=variant)
    coach = Checked(small_coach(seed))
    bots = [SensibleBot()] * 4
    bots[seed % 4] = coach
    play_out(deal, bots)
    assert deal.phase == "over" and coach.actions == 14


@FEW
@given(seed=seeds, seat=st.integers(0, 3), game=st.sampled_from(["callbreak", "callbridge"]))
def test_the_coach_fitting_the_calls_plays_legally(seed, seat, game):
    deal = callbreak.Deal(seed=seed) if game == "callbreak" else callbridge.Deal(seed=seed)
    coach = Checked(CoachBot(seed=seed, call_samples=2, play_samples=3, calls_model="sensible"))
    bots = [SensibleBot()] * 4
    bots[seat] = coach
    play_out(deal, bots)
    assert deal.phase == "over" and coach.actions == 14


@FEW
@given(seed=seeds, players=st.integers(3, 7), number=st.integers(1, 8))
def test_the_coach_fitting_the_bids_plays_judgement_legally(seed, players, number):
    round_ = judgement.Round(players=players, number=number, seed=seed)
    coach = Checked(CoachBot(seed=seed, call_samples=2, play_samples=2, calls_model="sensible"))
    bots = [SensibleJudgementBot()] * players
    bots[seed % players] = coach
    play_out(round_, bots)
    assert round_.phase == "over" and coach.actions >= 1


def test_the_coach_refuses_an_unknown_calls_model():
    with pytest.raises(ValueError, match="calls_model"):
        CoachBot(calls_model="telepathy")


@pytest.mark.parametrize(
    ("keywords", "named"),
    [
        ({"play_samples": 0}, "play_samples"),
        ({"call_samples": -1}, "call_samples"),
        ({"play_samples": 2.0}, "play_samples"),
        ({"exact_from": -1}, "exact_from"),
        ({"tolerance": -2}, "tolerance"),
        ({"call_boldness": -1}, "call_boldness"),
        ({"call_boldness": float("nan")}, "call_boldness"),
        ({"call_boldness": "1"}, "call_boldness"),
        ({"call_boldness": True}, "call_boldness"),
        ({"seed": 1.5}, "seed"),
        ({"playout": "telepathic"}, "playout"),
    ],
)
def test_a_bad_setting_fails_when_the_coach_is_made_not_mid_match(keywords, named):
    """Before, these were taken and failed at the bot's first turn (a negative boldness as
    a bare ``max()`` error), in the middle of somebody's match."""
    with pytest.raises(ValueError, match=named):
        CoachBot(**keywords)


@pytest.mark.parametrize("game", ["callbreak", "callbridge", "judgement"])
def test_the_playout_bot_plays_whole_deals_legally(game):
    """The playout policy as a bot (for the benchmark): every card legal, in every game."""
    from cardlib.coach.analysis import PlayoutBot

    bot = PlayoutBot()
    for seed in range(3):
        if game == "judgement":
            deal = judgement.Round(players=4, number=5, seed=seed)
            while deal.phase == "bidding":
                deal.bid(bot.choose_call(deal))
            while deal.phase == "playing":  # the engine refuses any illegal card
                deal.play(bot.choose_play(deal))
        else:
            deal = (callbreak if game == "callbreak" else callbridge).Deal(seed=seed)
            play_out(deal, [bot] * 4)  # the engine refuses any illegal card
        assert deal.phase == "over"


def test_the_playout_policy_is_chosen_by_name_and_checked():
    """``playout="strong"`` is the default; ``"classic"`` is the coach before issue 25 (the
    benchmark's earlier CoachBot), still chosen by name; any other name is refused, naming
    the two."""
    from cardlib.coach.analysis import PLAYOUT, PLAYOUTS, PlayoutBot, analyse, analyse_calls
    from cardlib.errors import CardlibError

    assert PLAYOUTS == ("classic", "strong") and PLAYOUT == "strong"
    assert CoachBot().playout == PlayoutBot().playout == "strong"
    assert CoachBot(playout="classic").playout == PlayoutBot("classic").playout == "classic"
    assert "playout='strong'" in repr(CoachBot())
    deal = callbreak.Deal(seed=1)
    refused = [
        lambda: CoachBot(playout="greedy"),
        lambda: PlayoutBot("greedy"),
        lambda: analyse_calls(deal, 2, playout="greedy"),
    ]
    while deal.phase == "calling":
        deal.call(SensibleBot().choose_call(deal))
    refused.append(lambda: analyse(deal, 2, playout="greedy"))
    for make in refused:
        with pytest.raises(CardlibError, match="playout must be one of 'classic', 'strong'"):
            make()
