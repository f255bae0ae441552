"""The bots: every seeded one takes its seed as a deal does (``cardlib.game.seeded_rng``)."""

import random

import pytest

from cardlib import bots, bridge, callbreak, judgement
from cardlib.coach.analysis import CoachBot
from cardlib.errors import CardlibTypeError
from cardlib.game import seeded_rng

# Each seeded bot, and a deal of its game for it to play out.
SEEDED = {
    "RandomBot": (bots.RandomBot, lambda: callbreak.Deal(seed=3)),
    "judgement.RandomBot": (judgement.RandomBot, lambda: judgement.Round(4, 1, seed=3)),
    "RandomBridgeBot": (bridge.RandomBridgeBot, lambda: bridge.Deal(seed=3)),
}


def actions(make_bot, make_deal, seed) -> list:
    """Every action of a deal played out by four bots made from ``seed``."""
    deal = make_deal()
    players = [make_bot(seed) for _ in range(deal.players)]
    taken = []
    while not deal.is_over:
        bot = players[deal.to_act]
        action = bot.choose_play(deal) if deal.phase == "playing" else _call(bot, deal)
        taken.append(action)
        deal.act(action)
    return taken


def _call(bot, deal):
    return bot.choose_bid(deal) if hasattr(bot, "choose_bid") else bot.choose_call(deal)


@pytest.mark.parametrize("name", SEEDED)
def test_a_seeded_bot_plays_the_same_deal_the_same_way(name):
    make_bot, make_deal = SEEDED[name]
    assert actions(make_bot, make_deal, 7) == actions(make_bot, make_deal, 7)
    assert actions(make_bot, make_deal, "7") == actions(make_bot, make_deal, "7")


@pytest.mark.parametrize("name", SEEDED)
def test_a_bots_negative_seed_is_its_own_stream_as_a_deals_is(name):
    # random.Random(-7) is random.Random(7); the deal's seeded_rng gives -7 its own stream.
    make_bot, make_deal = SEEDED[name]
    assert actions(make_bot, make_deal, -7) == actions(
        lambda _: make_bot(seeded_rng(-7)), make_deal, None
    )
    assert actions(make_bot, make_deal, -7) != actions(make_bot, make_deal, 7)


@pytest.mark.parametrize("seed", [True, False, 1.5, b"7", [7]], ids=repr)
@pytest.mark.parametrize("name", [*SEEDED, "CoachBot"])
def test_a_bot_refuses_a_seed_a_deal_refuses(name, seed):
    make_bot = CoachBot if name == "CoachBot" else SEEDED[name][0]
    with pytest.raises(CardlibTypeError) as by_deal:
        callbreak.Deal(seed=seed)
    with pytest.raises(CardlibTypeError) as by_bot:
        make_bot(seed)
    assert str(by_bot.value) == str(by_deal.value)


def test_the_coachs_negative_seed_is_its_own_stream():
    assert CoachBot(seed=-7).rng.random() == seeded_rng(-7).random()
    assert CoachBot(seed=-7).rng.random() != CoachBot(seed=7).rng.random()
    assert CoachBot(seed=7).rng.random() == random.Random(7).random()
