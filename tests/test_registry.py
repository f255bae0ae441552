"""The registry of games (cardlib.games) and each game's facts (cardlib.facts.Game).

The facts of every registered game are checked the same way, so a new game that registers
gets these tests; the concrete values are checked against each game's own rules.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import CardlibError, bridge, callbreak, callbridge, games, judgement
from cardlib.facts import LEVELS, Game
from cardlib.i18n import LANGUAGES, language

GAMES = list(games.GAMES.values())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_every_game_states_its_facts(game):
    assert issubclass(game, Game) and games.lookup(game.key) is game
    assert game.match.deal_class is game.deal
    assert game.module.Match is game.match
    assert game.call_word in ("call", "bid") and game.deal_word in ("deal", "round")
    assert game.places in (0, 1) and game.players and all(n >= 2 for n in game.players)
    assert eval(repr(game), {"games": games}) is game
    for players in game.players:
        match = game.new_match(7, players)
        assert isinstance(match, game.match) and match.players == players
        assert games.of(match) is game is games.of(match.deal) is games.of(game.key)
    for code in LANGUAGES:
        with language(code):
            assert game.title.strip() and "{" not in game.title
    for level in LEVELS[:2]:
        bot = game.bot(level, 3)
        assert callable(getattr(bot, "choose_play", None) or getattr(bot, "act", None))


def test_the_registry_holds_the_four_games_in_the_order_they_are_taught():
    assert list(games.GAMES) == ["callbreak", "callbridge", "judgement", "bridge"]
    assert games.coached() == (callbreak.CallBreak, callbridge.CallBridge, judgement.Judgement)
    assert judgement.Judgement.players == (3, 4, 5, 6, 7)
    assert callbreak.CallBreak.places == 1 and callbridge.CallBridge.direction() == -1
    assert callbreak.CallBreak.direction(callbreak.Variant(anticlockwise=True)) == -1
    assert callbreak.CallBreak.call_range(callbreak.Variant(max_call=8, min_call=2)) == (2, 8)
    assert judgement.Judgement.legal_calls(5, [1, 1, 1], is_dealer=True) == (0, 1, 3, 4, 5)


@pytest.mark.parametrize("bad", [None, 3, "chess", callbreak.Deal, object(), b"callbreak"])
def test_of_refuses_what_is_no_game_state(bad):
    with pytest.raises(CardlibError, match="game"):
        games.of(bad)


def test_a_game_is_registered_for_a_block_only_and_never_twice():
    class Toy(callbreak.CallBreak):
        key = "toy"
        name = "Toy"

    with games.registered(Toy) as toy:
        assert games.lookup("toy") is toy and list(games.GAMES)[-1] == "toy"
        with pytest.raises(CardlibError, match="already"), games.registered(Toy):
            pass
    assert "toy" not in games.GAMES
    for bad in (callbreak.Deal, "toy", None):
        with pytest.raises(CardlibError, match="game"), games.registered(bad):
            pass
    assert list(games.GAMES) == ["callbreak", "callbridge", "judgement", "bridge"]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(games.coached()), st.data())
def test_made_is_what_the_points_say(game, data):
    low, high = game.call_range()
    call = data.draw(st.integers(max(low, 0), high))
    tricks = data.draw(st.integers(0, 13 if game is not judgement.Judgement else 7))
    points = game.points(call, tricks)
    assert isinstance(points, int | Decimal)
    assert game.made(call, tricks) == (points > 0)


def test_a_call_bridge_bonus_bid_with_too_many_tricks_is_not_made():
    # Bids of 8 or more make only with the bid or one more trick (callbridge.score).
    assert not callbridge.CallBridge.made(8, 10) and callbridge.CallBridge.made(8, 9)
    assert callbridge.CallBridge.made(4, 12) and not judgement.Judgement.made(4, 5)


def test_contract_bridge_made_by_is_the_declaring_sides():
    deal = bridge.Deal.from_hands(
        {
            "N": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
            "E": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
            "S": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
            "W": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
        },
        dealer="N",
        calls="P 7D P P P",  # South declares a grand slam in diamonds
    )
    while not deal.is_over:
        deal.act(deal.legal_actions()[0])
    made = deal.scores().tricks_taken >= 13
    assert bridge.ContractBridge.made_by(deal, bridge.SOUTH) is made
    assert bridge.ContractBridge.made_by(deal, bridge.NORTH) is made
    assert bridge.ContractBridge.made_by(deal, bridge.EAST) is None
    with pytest.raises(CardlibError):
        bridge.ContractBridge.points(3, 9)


def test_of_finds_the_most_specific_game():
    class Deal(callbreak.Deal):
        pass

    class Extended(callbreak.CallBreak):
        key = "extended"
        name = "Extended"
        deal = Deal

    with games.registered(Extended):
        assert games.of(Deal(seed=1)) is Extended
        assert games.of(callbreak.Deal(seed=1)) is callbreak.CallBreak
