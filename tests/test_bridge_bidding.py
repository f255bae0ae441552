"""The sensible Contract Bridge bot bids what notebook 32 teaches, and only legal calls."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib.bots import SensibleBridgeBot
from cardlib.bridge import Auction, Deal
from cardlib.bridge.bidding import (
    GAME_LEVEL,
    choose_call,
    game_bid,
    hand_points,
    high_card_points,
    is_balanced,
    length_points,
)
from cardlib.cards import DECK
from cardlib.errors import PhaseError


def call_after(calls: str, hand: str, dealer: str = "N") -> str:
    """The bot's call for the seat to act after ``calls`` (East calls first when North deals)."""
    return choose_call(Auction.from_calls(dealer, calls), hand)


# ----- counting --------------------------------------------------------------


def test_points_are_high_cards_plus_length():
    hand = "AS KS QS 7S 5S 3S KH 4H QD 5D 3D 6C 4C"
    assert high_card_points(hand) == 4 + 3 + 2 + 3 + 2
    assert length_points(hand) == 2  # six spades
    assert hand_points(hand) == 16


def test_balanced_means_no_void_no_singleton_one_doubleton_at_most():
    assert is_balanced("AS KS QS 7S KH 4H 3H QD 5D 3D 6C 4C 2C")  # 4-3-3-3
    assert is_balanced("AS KS QS 7S 5S KH 4H QD 5D 3D 6C 4C 2C")  # 5-2-3-3
    assert is_balanced("AS KS QS 7S KH 4H QD 5D 3D 6C 4C 2C 3C")  # 4-2-3-4
    assert not is_balanced("AS KS QS 7S 5S KH 4H 3H 2H QD 5D 6C 4C")  # 5-4-2-2
    assert not is_balanced("AS KS QS 7S 5S 3S KH QD 5D 3D 6C 4C 2C")  # singleton


def test_games():
    assert [game_bid(s) for s in ("C", "D", "H", "S", "NT")] == ["5C", "5D", "4H", "4S", "3NT"]


# ----- opening ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "opening"),
    [
        ("AS KS 7S 5S 3S KH 4H 2H QD 5D 3D 6C 4C", "1S"),  # 12 points, five spades
        ("AS KS 7S 5S 3S AH KH 7H 4H 2H 3D 6C 4C", "1S"),  # 5-5 in the majors: spades
        ("AS 7S 5S AH KH 7H 4H 2H 3D 6C 4C 3C 2C", "1H"),  # five hearts, four clubs
        ("AS KS 7S 5S KH 4H 2H QD 5D 3D 6C 4C 2C", "1C"),  # 3-3 minors: clubs
        ("AS KS 7S KH 4H 2H QD 5D 3D 2D 6C 4C 2C", "1D"),  # longer minor
        ("AS KS 7S 5S KH QH JH QD 5D 3D 6C 4C 2C", "1NT"),  # 15, balanced
        ("AS KS 6S 5S AH QH 2H KD JD 3D AC 4C 2C", "2NT"),  # 21, balanced
        ("KS 7S 5S 3S KH 4H 2H QD 5D 3D 6C 4C 2C", "P"),  # 8 points
    ],
)
def test_opening(hand, opening):
    assert call_after("", hand) == opening


# ----- responding -------------------------------------------------------------

THREE_SPADES_NINE_POINTS = "KS 7S 3S KH 8H 4H 2H QD 5D 3D JC 6C 4C"


def test_three_spades_and_nine_points_raise_one_spade_to_two_not_three():
    assert hand_points(THREE_SPADES_NINE_POINTS) == 9
    assert call_after("1S P", THREE_SPADES_NINE_POINTS) == "2S"


@pytest.mark.parametrize(
    ("hand", "answer"),
    [
        ("KS 7S 3S KH 8H 4H 2H QD 5D 3D JC 6C 4C", "2S"),  # 9, three trumps
        ("KS 7S 3S KH 8H 4H 2H QD JD 3D JC 6C 4C", "3S"),  # 10: a limit raise
        ("KS 7S 3S KH AH 4H 2H QD JD 3D JC 6C 4C", "4S"),  # 14: game
        ("KS 7S KH 9H 8H 4H QD 5D 3D JC 6C 4C 2C", "1NT"),  # 9, two spades
        ("KS 7S KH QH 8H 4H QD JD 3D JC 6C 4C 2C", "2NT"),  # 11, no fit, no four-card major
        ("KS 7S KH QH 8H 4H QD JD 3D AC 6C 4C 2C", "3NT"),  # 14
        ("8S 7S 5H 3H 2H 9D 8D 7D 5D 4D 2C 4C 3C", "P"),  # nothing
    ],
)
def test_responses_to_one_spade(hand, answer):
    assert call_after("1S P", hand) == answer


def test_a_four_card_major_is_shown_at_the_one_level_over_a_minor():
    assert call_after("1C P", "KS 7S 5S 3S 8H 4H 2H QD 5D 3D JC 6C 4C") == "1S"
    assert call_after("1D P", "KS 7S 5S 3S KH 8H 4H 2H 5D 3D JC 6C 4C") == "1H"  # up the line


@pytest.mark.parametrize(
    ("hand", "answer"),
    [
        ("KS 7S 5S KH 8H 4H QD 5D 3D JC 6C 4C 2C", "2NT"),  # 9 points: invite
        ("KS 7S 5S KH 8H 4H QD JD 3D AC 6C 4C 2C", "3NT"),  # 13 points
        ("KS QS 9S 7S 5S 3S 8H 4H QD 5D 3D AC 4C", "4S"),  # six spades, 13 points
        ("KS QS 9S 7S 5S 8H 4H 2H 9D 5D 3D 6C 4C", "2S"),  # five spades, 5 + 1 points
        ("8S 7S 5S 8H 4H 2H 9D 5D 3D 7C 6C 4C 2C", "P"),
    ],
)
def test_responses_to_one_no_trump(hand, answer):
    assert call_after("1NT P", hand) == answer


# ----- reaching game ----------------------------------------------------------


def test_opener_bids_game_over_a_raise_with_a_strong_hand_and_passes_with_a_minimum():
    strong = "AS KS QS 7S 5S AH KH 4H QD 5D 3D 6C 4C"  # 19 + 1
    minimum = "AS KS 7S 5S 3S KH 4H 2H QD 5D 3D 6C 4C"  # 12 + 1
    invite = "AS KS QS 7S 5S KH 4H 2H QD 5D 3D JC 4C"  # 15 + 1: only 16 + 9 reaches 25
    assert call_after("1S P 2S P", strong) == "4S"
    assert call_after("1S P 2S P", minimum) == "P"
    assert call_after("1S P 2S P", invite) == "3S"


def test_responder_accepts_an_invitation_in_the_top_half_of_the_raise():
    assert call_after("1S P 2S P 3S P", THREE_SPADES_NINE_POINTS) == "4S"
    six = "KS 7S 3S 8H 7H 4H 2H QD 5D 3D JC 6C 4C"
    assert hand_points(six) == 6
    assert call_after("1S P 2S P 3S P", six) == "P"


def test_a_limit_raise_goes_to_game_with_fourteen():
    assert call_after("1S P 3S P", "AS KS 7S 5S 3S KH 4H 2H QD JD 3D 6C 4C") == "4S"  # 14
    assert call_after("1S P 3S P", "AS KS 7S 5S 3S KH 4H 2H QD 5D 3D 6C 4C") == "P"  # 13


def test_the_one_no_trump_opener_chooses_the_game():
    opener = "AS KS 7S KH QH 2H QD 5D 3D QC 6C 4C 2C"  # 16, three spades
    assert call_after("1NT P 3S P", opener) == "4S"
    assert call_after("1NT P 3H P", opener) == "4H"
    assert call_after("1NT P 2NT P", opener) == "3NT"


def test_overcalls_need_five_cards_and_ten_points():
    five_spades = "AS KS 7S 5S 3S KH 4H 2H 5D 3D 6C 4C 2C"
    assert call_after("1H", five_spades) == "1S"
    assert call_after("1S", five_spades) == "P"  # their suit
    assert call_after("1H", "KS 8S 7S 5S 3S 8H 4H 2H 5D 3D 6C 4C 2C") == "P"  # 4 points


def test_a_strong_balanced_hand_overcalls_one_no_trump_and_partner_answers_as_to_an_opening():
    sixteen = "AS KS 7S 5S KH QH JH QD 5D 3D 6C 4C 2C"
    assert call_after("1D", sixteen) == "1NT"
    assert call_after("1D 1NT P", "KS 7S 5S KH 8H 4H QD JD 3D AC 6C 4C 2C") == "3NT"


def test_game_values_alone_bid_game_over_an_opening():
    assert call_after("1C", "AS KS QS 7S 5S 3S AH KH 4H AD 5D 6C 4C") == "4S"
    assert call_after("1C", "AS KS QS 7S AH KH 4H AD KD 5D 6C 4C 3C") == "3NT"


def test_no_fit_for_partners_overcall_but_values_bid_three_no_trump():
    assert call_after("1D 1H P", "AS KS 7S 5S 8H 4H KD QD 3D AC 6C 4C 2C") == "3NT"
    assert call_after("1D 1H P", "8S 7S 5S 3S 8H 4H KD 9D 3D 7C 6C 4C 2C") == "P"


def test_it_never_doubles_and_passes_when_the_opponents_bid_past_its_raise():
    assert call_after("1S 3H", THREE_SPADES_NINE_POINTS) == "P"  # 2♠ is no longer there


def test_the_bridge_bot_calls_through_the_bidding_module():
    deal = Deal(seed=5, dealer="N")
    seat = deal.to_act
    assert SensibleBridgeBot().choose_call(deal) == choose_call(deal.auction, deal.hand(seat))


# ----- only legal calls -------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 3), st.floats(0, 1))
def test_every_call_is_legal_whatever_the_others_do(seed, dealer, randomness):
    """Sensible bots at some seats, random ones elsewhere: every bot call is legal."""
    rng = random.Random(seed)
    deal = Deal(seed=seed, dealer=dealer)
    sensible = SensibleBridgeBot()
    while deal.phase == "calling":
        legal = deal.legal_calls()
        if rng.random() < randomness:
            call = "P" if rng.random() < 0.5 else rng.choice(legal)
        else:
            call = sensible.choose_call(deal)
            assert call in legal
            assert call not in ("X", "XX") and (call == "P" or int(call[0]) <= 5)  # no slams
        deal.call(call)


@settings(max_examples=40, deadline=None)
@given(st.permutations(range(52)))
def test_any_hand_in_any_auction_prefix_gets_a_legal_call(order):
    hands = [[DECK[i] for i in order[13 * s : 13 * s + 13]] for s in range(4)]
    auction = Auction("N")
    sensible = [choose_call] * 4
    while not auction.is_over:
        seat = auction.to_act
        call = sensible[seat](auction, hands[seat])
        assert call in auction.legal_calls()
        auction.call(call)
    assert auction.is_over


def test_bots_reach_game_with_the_values_most_of_the_time():
    """Over seeded deals: a side with 26+ points ends in game at least three times in four."""
    with_values = reached = 0
    bot = SensibleBridgeBot()
    for seed in range(120):
        deal = Deal(seed=seed, dealer=seed % 4)
        while deal.phase == "calling":
            deal.call(bot.choose_call(deal))
        points = [hand_points(h) for h in deal.dealt_hands]
        for side in (0, 1):
            if points[side] + points[side + 2] >= 26:
                with_values += 1
                contract = deal.contract
                reached += (
                    contract is not None
                    and contract.declarer % 2 == side
                    and contract.level >= GAME_LEVEL[contract.strain]
                )
    assert with_values > 20
    assert reached >= 0.75 * with_values


def test_no_call_is_chosen_once_the_auction_is_over():
    # It once failed adding 2 to the seat to act, None, instead of saying why.
    auction = Auction.from_calls("N", "1H P P P")
    with pytest.raises(PhaseError, match="the auction is over"):
        choose_call(auction, DECK[:13])
