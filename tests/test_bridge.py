"""Contract Bridge (seed 003 as RULES.md settles it): auction, play with the dummy,
scoring, the game to 100, bots."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from points_words import read_back

from cardlib import bridge
from cardlib.bots import RandomBridgeBot, SensibleBridgeBot, play_match, play_out
from cardlib.bridge import (
    BIDS,
    CALLS,
    EAST,
    NORTH,
    SOUTH,
    WEST,
    Auction,
    Contract,
    Deal,
    Match,
    honours,
    parse_call,
    score,
    trick_winner,
    undertrick_penalty,
)
from cardlib.cards import DECK, parse_cards
from cardlib.errors import (
    CardlibError,
    IllegalCallError,
    IllegalPlayError,
    OutOfTurnError,
    PhaseError,
)

# ----- seats, calls, contracts ------------------------------------------------


def test_seats_follow_the_project_numbering_clockwise():
    assert (SOUTH, WEST, NORTH, EAST) == (0, 1, 2, 3)
    # N, E, S, W clockwise: each seat's left is the next one.
    for seat, left in [(NORTH, EAST), (EAST, SOUTH), (SOUTH, WEST), (WEST, NORTH)]:
        assert (seat + 1) % 4 == left
    assert [bridge.parse_seat(s) for s in "NESW"] == [NORTH, EAST, SOUTH, WEST]
    assert bridge.parse_seat("north") == bridge.parse_seat(2) == NORTH
    assert bridge.side_of(NORTH) == bridge.side_of(SOUTH) == bridge.NS
    assert bridge.side_of(EAST) == bridge.side_of(WEST) == bridge.EW
    assert bridge.partner_of("N") == SOUTH
    with pytest.raises(ValueError, match="seat"):
        bridge.parse_seat("Q")


@pytest.mark.parametrize(
    "text, call",
    [
        ("1h", "1H"),
        ("1♥", "1H"),
        ("2nt", "2NT"),
        ("2n", "2NT"),
        ("7 NT", "7NT"),
        ("3♣", "3C"),
        ("pass", "P"),
        ("p", "P"),
        ("x", "X"),
        ("Double", "X"),
        ("dbl", "X"),
        ("xx", "XX"),
        ("rdbl", "XX"),
        ("redouble", "XX"),
    ],
)
def test_parse_call_reads_each_form(text, call):
    assert parse_call(text) == call


@pytest.mark.parametrize("text", ["8H", "0S", "1Z", "", "passs", "XXX", 3, None])
def test_parse_call_refuses_nonsense(text):
    with pytest.raises(IllegalCallError) as error:
        parse_call(text)
    assert error.value.rule == "call-syntax"


def test_bids_rank_by_level_then_strain():
    assert BIDS[:6] == ("1C", "1D", "1H", "1S", "1NT", "2C")
    assert BIDS[-1] == "7NT" and len(BIDS) == 35
    assert CALLS[-3:] == ("P", "X", "XX")


@pytest.mark.parametrize("bid", BIDS)
@pytest.mark.parametrize("doubles", ["", "X", "XX"])
@pytest.mark.parametrize("by", ["", " by N", " by E", " by S", " by W"])
def test_contract_notation_round_trips(bid, doubles, by):
    text = bid + doubles + by
    contract = Contract.parse(text.lower())
    assert str(contract) == text
    assert eval(repr(contract), {"Contract": Contract}) == contract
    assert Contract.parse(str(contract)) == contract


def test_contract_notation_details():
    contract = Contract.parse("3ntx by north")
    assert (contract.level, contract.strain, contract.doubled, contract.declarer) == (
        3,
        "NT",
        1,
        NORTH,
    )
    assert contract.tricks_needed == 9 and contract.trump is None and contract.dummy == SOUTH
    assert Contract.parse("1N") == Contract.parse("1NT") == Contract(1, "NT")
    assert Contract.parse("2♥X").symbol_text == "2♥ doubled"
    assert Contract.parse("6SXX by W").symbol_text == "6♠ redoubled by West"
    for bad in ["8S", "4Z", "4SXXX", "4S by Q", "", "NT"]:
        with pytest.raises(ValueError, match="contract"):
            Contract.parse(bad)
    with pytest.raises(ValueError):
        Contract(0, "S")
    with pytest.raises(ValueError):
        Contract(1, "NT", 3)


# ----- the auction ------------------------------------------------------------


def snapshot(auction: Auction):
    return (auction.calls, auction.to_act, auction.is_over, auction.contract, repr(auction))


def assert_refused(auction: Auction, call: str, rule: str, error=IllegalCallError, seat=None):
    before = snapshot(auction)
    if error is IllegalCallError:
        assert call not in auction.legal_calls()
    with pytest.raises(error) as caught:
        auction.call(call, seat)
    assert caught.value.rule == rule
    assert snapshot(auction) == before


def test_the_dealers_left_calls_first_by_default_and_the_dealer_with_the_laws_option():
    assert Auction("N").to_act == EAST
    assert Auction("N", first_caller="dealer").to_act == NORTH
    auction = Auction.from_calls("W", "P P")
    assert auction.to_act == SOUTH  # North and East have passed: clockwise from West's left
    with pytest.raises(ValueError, match="first_caller"):
        Auction("N", first_caller="right")


def test_the_seed_example_higher_bids_only():
    # "If one player bids 1♦, the next may bid 2♦, 3♦ … or 1♥ or 1♠."
    auction = Auction.from_calls("N", "1D")
    legal = auction.legal_calls()
    for call in ["2D", "3D", "1H", "1S", "1NT", "7NT"]:
        assert call in legal
    for call in ["1C", "1D"]:
        assert_refused(auction, call, "insufficient-bid")


def test_a_bid_must_be_higher_than_the_last_bid_not_only_than_the_callers_own():
    auction = Auction.from_calls("N", "1S 2C P")
    assert_refused(auction, "1NT", "insufficient-bid")  # higher than 1S but not than 2C
    assert_refused(auction, "2C", "insufficient-bid")
    auction.call("2D")


def test_double_only_the_opponents_undoubled_last_bid():
    assert_refused(Auction("N"), "X", "double-no-bid")
    assert_refused(Auction.from_calls("N", "P"), "X", "double-no-bid")
    assert_refused(Auction.from_calls("N", "1H P"), "X", "double-own-side")  # West, partner
    assert_refused(Auction.from_calls("N", "P 1H P"), "X", "double-own-side")  # North, partner
    auction = Auction.from_calls("N", "1H")  # East bid 1H
    auction.call("X")  # South: an opponent
    assert_refused(Auction.from_calls("N", "1H X P"), "X", "double-already-doubled")  # North
    auction.call("XX")  # West redoubles: his side was doubled
    assert_refused(auction, "X", "double-already-doubled")  # North


def test_double_of_the_last_bid_after_passes():
    # East bids, South and West pass: North, an opponent, may still double it.
    auction = Auction.from_calls("N", "1H P P")
    assert auction.to_act == NORTH and "X" in auction.legal_calls()
    auction.call("X")
    assert auction.doubled == 1


def test_redouble_only_by_the_doubled_side_while_the_double_stands():
    assert_refused(Auction("N"), "XX", "redouble-not-doubled")
    assert_refused(Auction.from_calls("N", "1H"), "XX", "redouble-not-doubled")
    doubled = Auction.from_calls("N", "1H X")  # East bid, South doubled; West to call
    assert "XX" in doubled.legal_calls()
    after_pass = Auction.from_calls("N", "1H X P")  # North: the doubling side
    assert_refused(after_pass, "XX", "redouble-opponents-bid")
    assert "XX" in Auction.from_calls("N", "1H X P P").legal_calls()  # East, the bidder
    redoubled = Auction.from_calls("N", "1H X XX")
    assert_refused(redoubled, "XX", "redouble-opponents-bid")
    assert_refused(Auction.from_calls("N", "1H X XX P"), "XX", "redouble-already-redoubled")
    # A new bid wipes the double out: nothing stands to redouble.
    assert_refused(Auction.from_calls("N", "1H X 1S P"), "XX", "redouble-not-doubled")


def test_a_new_bid_ends_the_double_and_can_be_doubled_again():
    auction = Auction.from_calls("N", "1H X 2H")
    assert auction.doubled == 0
    auction.call("X")
    assert auction.doubled == 1


def test_three_passes_after_a_bid_end_the_auction():
    auction = Auction.from_calls("N", "1H P P")
    assert not auction.is_over and auction.contract is None
    auction.call("P")
    assert auction.is_over and not auction.passed_out
    assert auction.contract == Contract(1, "H", 0, EAST)
    assert auction.to_act is None and auction.legal_calls() == ()
    assert_refused(auction, "P", "auction-over", PhaseError)
    assert_refused(auction, "2H", "auction-over", PhaseError)


def test_three_passes_after_a_double_or_redouble_end_it_too():
    assert Auction.from_calls("N", "1H X P P P").contract == Contract(1, "H", 1, EAST)
    assert Auction.from_calls("N", "4S X XX P P P").contract == Contract(4, "S", 2, EAST)


def test_four_opening_passes_pass_the_deal_out_and_three_do_not():
    auction = Auction.from_calls("N", "P P P")
    assert not auction.is_over
    auction.call("1C")  # fourth seat may still open
    assert Auction.from_calls("N", "P P P 1C P P P").contract == Contract(1, "C", 0, NORTH)
    out = Auction.from_calls("N", "P P P P")
    assert out.passed_out and out.is_over and out.contract is None and out.declarer is None
    assert_refused(out, "1C", "auction-over", PhaseError)


def test_calls_out_of_turn_are_refused():
    auction = Auction.from_calls("N", "1H")
    assert_refused(auction, "P", "out-of-turn", OutOfTurnError, seat="N")
    auction.call("P", seat="S")


def test_declarer_is_the_first_of_the_winning_side_to_name_the_strain():
    # East 1H, South P, West 4H: East named hearts first, so East declares, West is dummy.
    assert Auction.from_calls("N", "1H P 4H P P P").contract == Contract.parse("4H by E")
    # East opens 1S, West bids 2H, East raises to 4H: West named hearts first.
    contract = Auction.from_calls("N", "1S P 2H P 4H P P P").contract
    assert contract == Contract.parse("4H by W") and contract.dummy == EAST
    # A redouble or a double in between changes nothing.
    assert Auction.from_calls("N", "1S X 2H P 4H X XX P P P").contract == Contract.parse(
        "4HXX by W"
    )


def test_declarer_ignores_the_opponents_naming_the_strain_first():
    # East opens 1S; South overcalls 2S (legal, if odd) and North raises to 3S:
    # North–South win in spades, and South named spades first for them.
    auction = Auction.from_calls("N", "1S 2S P 3S P P P")
    assert auction.last_bidder == NORTH
    assert auction.contract == Contract.parse("3S by S")


def test_auction_repr_is_evaluable_and_copy_is_independent():
    auction = Auction.from_calls("W", "1NT X", first_caller="dealer")
    assert eval(repr(auction), {"Auction": Auction}) == auction
    other = auction.copy()
    other.call("P")
    assert auction.calls == ("1NT", "X") and other != auction
    assert str(auction) == "W:1NT, N:X"


def _legal_and_illegal(auction: Auction):
    legal = set(auction.legal_calls())
    return legal, [c for c in CALLS if c not in legal]


@settings(max_examples=100, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(["left", "dealer"]))
def test_random_auctions_accept_exactly_the_legal_calls(rng, first_caller):
    auction = Auction(rng.randrange(4), first_caller)
    while not auction.is_over:
        legal, illegal = _legal_and_illegal(auction)
        assert "P" in legal
        for call in rng.sample(illegal, min(3, len(illegal))):
            before = snapshot(auction)
            with pytest.raises(IllegalCallError):
                auction.call(call)
            assert snapshot(auction) == before
        # Passing often keeps auctions of every length likely.
        auction.call("P" if rng.random() < 0.6 else rng.choice(sorted(legal)))
    assert len(auction.calls) >= 4
    if auction.passed_out:
        assert auction.calls == ("P",) * 4
    else:
        contract = auction.contract
        assert contract.bid == auction.last_bid
        assert contract.declarer % 2 == auction.last_bidder % 2
        assert auction.calls[-3:] == ("P", "P", "P")


# ----- play ------------------------------------------------------------------------


def test_the_seeds_trick_examples():
    # Spades trump: 8♥ 4♥ 7♠ J♥ → 7♠ wins.
    assert trick_winner("8H 4H 7S JH", "S") == 2
    # 10♦ 3♣ K♦ 5♦: K♦ wins, unless clubs are trump.
    assert trick_winner("TD 3C KD 5D", "NT") == 2
    assert trick_winner("TD 3C KD 5D", None) == 2
    assert trick_winner("TD 3C KD 5D", "H") == 2
    assert trick_winner("TD 3C KD 5D", "C") == 1


def test_follow_suit_with_any_card_else_anything():
    # "If 10♦ is led, everyone with diamonds must play a diamond."
    assert bridge.legal_plays("2D KD AS", "TD", "S") == frozenset(parse_cards("2D KD"))
    assert bridge.legal_plays("AS 3H", "TD", "S") == frozenset(parse_cards("AS 3H"))
    assert bridge.legal_plays("AS 3H", "TD", "NT") == frozenset(parse_cards("AS 3H"))
    assert bridge.explain_play("AS 3H", "TD", "S").rule == "free"
    assert bridge.explain_play("2D KD", "TD", "S").rule == "follow-any"
    assert bridge.play_rules("NT").trump is None and bridge.play_rules("H").trump == "H"


HANDS = {
    "N": "AS KS QS JS 2H 3H 4H 2D 3D 4D 2C 3C 4C",
    "E": "TS 9S 8S 7S 5H 6H 7H 5D 6D 7D 5C 6C 7C",
    "S": "6S 5S 4S 3S 8H 9H TH 8D 9D TD 8C 9C TC",
    "W": "2S JH QH KH AH JD QD KD AD JC QC KC AC",
}


def bridge_deal(calls="1S P 4S P P P", dealer="W"):
    return Deal.from_hands(HANDS, dealer=dealer, calls=calls)


def deal_snapshot(deal: Deal):
    return (deal._state(), deal.to_act, deal.hand_to_play, deal.phase)


def test_opening_lead_by_declarers_left_then_dummy_face_up_and_played_by_declarer():
    deal = bridge_deal()  # West deals, North opens 1S, South raises: North declares
    assert deal.contract == Contract.parse("4S by N")
    assert deal.declarer == NORTH and deal.dummy == SOUTH
    assert deal.phase == "playing" and deal.to_act == EAST == deal.hand_to_play
    assert not deal.dummy_exposed
    with pytest.raises(PhaseError) as error:
        _ = deal.dummy_hand
    assert error.value.rule == "dummy-not-exposed"
    deal.play("5H", seat="E")
    assert deal.dummy_exposed and deal.dummy_hand == deal.hands[SOUTH]
    # South's turn: declarer (North) acts, with dummy's (South's) cards.
    assert deal.to_act == NORTH and deal.hand_to_play == SOUTH
    assert deal.legal_plays() == frozenset(parse_cards("8H 9H TH"))
    before = deal_snapshot(deal)
    with pytest.raises(OutOfTurnError) as error:
        deal.play("8H", seat="S")
    assert error.value.rule == "declarer-plays-dummy"
    assert deal_snapshot(deal) == before
    deal.play("TH", seat="N")
    assert deal.to_act == WEST


def test_a_revoke_is_refused_and_changes_nothing():
    deal = bridge_deal()
    deal.play("5H")
    before = deal_snapshot(deal)
    with pytest.raises(IllegalPlayError) as error:
        deal.play("8D")  # dummy holds hearts
    assert error.value.rule == "follow-any"
    with pytest.raises(IllegalPlayError) as error:
        deal.play("AS")  # North's card, not dummy's
    assert error.value.rule == "not-in-hand"
    with pytest.raises(OutOfTurnError):
        deal.play("8H", seat="W")
    assert deal_snapshot(deal) == before


def test_no_play_during_the_auction_and_no_calls_after_it():
    deal = Deal.from_hands(HANDS, dealer="W")
    assert deal.phase == "calling" and deal.to_act == NORTH
    with pytest.raises(PhaseError):
        deal.play("AS")
    for call in ["1S", "P", "4S", "P", "P", "P"]:
        deal.call(call)
    with pytest.raises(PhaseError) as error:
        deal.call("P")
    assert error.value.rule == "auction-over"
    assert deal.legal_calls() == ()


def test_trumps_win_in_play_and_the_deal_scores_by_side():
    deal = bridge_deal()
    bots = [SensibleBridgeBot()] * 4
    play_out(deal, bots)
    assert deal.phase == "over" and len(deal.tricks) == 13
    for trick in deal.tricks:
        led = trick.cards[0].suit
        best = max(trick.cards, key=lambda c: (c.suit == "S", c.suit == led, c.rank))
        index = trick.cards.index(best)
        assert trick.winner == trick.seats[index]
    tricks = deal.declarer_tricks
    assert tricks == deal.tricks_by_side()[0]
    result = deal.scores()
    expected = score("4S", tricks)
    assert result.below == (expected.below, 0)
    # North holds A K Q J of spades: 100 honours to North–South, made or not.
    assert result.above == (expected.above_declarer + 100, expected.above_defenders)
    assert any("honours" in line.reason and line.who == "NS" for line in result.lines)


def test_honours_go_to_the_defenders_when_they_hold_them():
    # West holds A K Q J of hearts; North–South play in hearts.
    deal = Deal.from_hands(HANDS, dealer="W", calls="1H P P P")
    assert deal.contract == Contract.parse("1H by N")
    assert deal.hand_to_play == EAST
    play_out(deal, [RandomBridgeBot(1)] * 4)
    result = deal.scores()
    honours_lines = [line for line in result.lines if "honours" in line.reason]
    assert [(line.who, line.points) for line in honours_lines] == [("EW", 100)]


def test_a_passed_out_deal_scores_nothing():
    deal = Deal.from_hands(HANDS, dealer="W", calls="P P P P")
    assert deal.phase == "over" and deal.passed_out and deal.contract is None
    result = deal.scores()
    assert (result.below, result.above, result.lines) == ((0, 0), (0, 0), ())
    with pytest.raises(PhaseError, match="passed out"):
        deal.play("AS")


def test_deals_are_reproducible_and_copies_independent():
    assert Deal(seed=5, dealer="N") == Deal(seed=5, dealer="N")
    assert Deal(seed=5, dealer="N").hands != Deal(seed=6, dealer="N").hands
    deal = Deal(seed=5, dealer="N", first_caller="dealer")
    assert deal.to_act == NORTH
    other = deal.copy()
    other.call("1C")
    assert deal.calls == () and other.calls == ("1C",)


# ----- scoring: every row of RULES.md ------------------------------------------------

TRICK_VALUES = {"C": 20, "D": 20, "H": 30, "S": 30}


def below_expected(level, strain, doubled):
    base = 40 + 30 * (level - 1) if strain == "NT" else TRICK_VALUES[strain] * level
    return base * (1, 2, 4)[doubled]


@pytest.mark.parametrize("level", range(1, 8))
@pytest.mark.parametrize("strain", bridge.STRAINS)
@pytest.mark.parametrize("doubled", [0, 1, 2])
def test_made_exactly_scores_the_bid_tricks_below_and_bonuses_above(level, strain, doubled):
    contract = Contract(level, strain, doubled)
    result = score(contract, level + 6)
    assert result.made
    assert result.below == below_expected(level, strain, doubled)
    slam = {6: 500, 7: 1000}.get(level, 0)
    insult = (0, 50, 100)[doubled]
    assert result.above_declarer == slam + insult
    assert result.above_defenders == 0
    assert all(isinstance(v, int) for v in (result.below, result.above_declarer))


def test_trick_score_examples():
    assert score("2D", 8).below == 40  # the seed: 2♦ bid, 8 tricks → the 2 bid tricks
    assert score("1NT", 7).below == 40
    assert score("3NT", 9).below == 100
    assert score("4S", 10).below == 120
    assert score("5C", 11).below == 100
    assert score("2HX", 8).below == 120
    assert score("1NTXX", 7).below == 160


@pytest.mark.parametrize("strain, each", [("C", 20), ("D", 20), ("H", 30), ("S", 30), ("NT", 30)])
def test_overtricks_undoubled_at_trick_value(strain, each):
    result = score(f"1{strain}", 10)  # three over
    assert result.below == below_expected(1, strain, 0)
    assert result.above_declarer == 3 * each


@pytest.mark.parametrize("strain", bridge.STRAINS)
def test_overtricks_doubled_100_redoubled_200_each_whatever_the_strain(strain):
    assert score(f"2{strain}X", 10).above_declarer == 2 * 100 + 50
    assert score(f"2{strain}XX", 10).above_declarer == 2 * 200 + 100


def test_slam_bonuses_only_when_bid():
    assert score("6S", 12).above_declarer == 500
    assert score("7NT", 13).above_declarer == 1000
    assert score("6S", 13).above_declarer == 500 + 30
    assert score("4S", 12).above_declarer == 60  # twelve tricks, but no slam bid
    assert score("5NT", 13).above_declarer == 60
    assert score("7S", 12).above_declarer == 0  # a grand slam one down is no small slam
    assert score("6HXX", 13) == bridge.Score(720, 200 + 500 + 100, 0, True, score("6HXX", 13).lines)


def test_insult_bonus_for_making_doubled_or_redoubled():
    assert score("3C", 9).above_declarer == 0
    assert score("3CX", 9).above_declarer == 50
    assert score("3CXX", 9).above_declarer == 100


UNDOUBLED = [50, 100, 150, 200, 250, 300, 350]
DOUBLED = [100, 300, 500, 800, 1100, 1400, 1700]
REDOUBLED = [200, 600, 1000, 1600, 2200, 2800, 3400]


@pytest.mark.parametrize("down", range(1, 8))
@pytest.mark.parametrize("doubled, table", [(0, UNDOUBLED), (1, DOUBLED), (2, REDOUBLED)])
def test_undertricks_to_the_defenders(down, doubled, table):
    contract = Contract(7, "H", doubled)
    result = score(contract, 13 - down)
    assert not result.made
    assert (result.below, result.above_declarer) == (0, 0)
    assert result.above_defenders == table[down - 1] == undertrick_penalty(down, doubled)


def test_undertricks_do_not_depend_on_the_strain_and_go_on_past_seven():
    assert {score(f"3{s}X", 6).above_defenders for s in bridge.STRAINS} == {500}
    assert score("7NTX", 0).above_defenders == 100 + 200 + 200 + 300 * 10
    assert score("7NTXX", 0).above_defenders == 2 * (100 + 200 + 200 + 300 * 10)
    assert score("7NT", 0).above_defenders == 13 * 50


def test_score_rejects_bad_input():
    with pytest.raises(ValueError):
        score("4S", 14)
    with pytest.raises(ValueError):
        score("4S", -1)
    with pytest.raises(ValueError):
        score("9S", 10)


@pytest.mark.parametrize(
    "hand, strain, points",
    [
        ("AS KS QS JS", "S", 100),
        ("KS QS JS TS 2H", "S", 100),  # any four of the five
        ("AS KS QS JS TS", "S", 150),
        ("AS KS QS 9S", "S", 0),
        ("AH KH QH JH", "S", 0),  # honours of a side suit count nothing
        ("AD KD QD JD TD", "D", 150),
        ("AS AH AD AC", "NT", 150),
        ("AS AH AD KC", "NT", 0),
        ("AS KS QS JS", "NT", 0),
        ("AS AH AD AC", "S", 0),
    ],
)
def test_honours(hand, strain, points):
    assert honours(hand, strain) == points


def test_deal_score_puts_honours_with_their_holders_made_or_not():
    hands = [parse_cards(HANDS[s]) for s in "SWNE"]  # by seat number
    # West holds A K Q J of hearts; East–West defend 4H by North and it goes 2 down.
    result = bridge.deal_score("4H by N", 8, hands)
    assert result.below == (0, 0)
    assert result.above == (0, 100 + 100)  # two undertricks and West's honours
    result = bridge.deal_score("4H by E", 10, hands)
    assert result.below == (0, 120)
    assert result.above == (0, 100)


# ----- the game to 100 ----------------------------------------------------------------


def test_part_scores_add_up_to_game_and_overtricks_never_count():
    scores = [
        bridge.deal_score("1NT by N", 10, ()),  # 40 below, 90 above
        bridge.deal_score("2C by S", 8, ()),  # 40 below
    ]
    assert sum(s.below[0] for s in scores) == 80  # not yet game, whatever the overtricks
    third = bridge.deal_score("1S by N", 7, ())
    assert sum(s.below[0] for s in [*scores, third]) == 110


def play_scripted(game: Match, calls: str) -> None:
    """Make ``calls`` in the current deal, then let sensible bots play the cards."""
    for call in calls.split():
        game.call(call)
    play_out(game, [SensibleBridgeBot()] * 4)


def test_a_game_ends_when_a_side_reaches_100_below_and_passed_out_deals_are_redealt():
    game = Match(seed=3, dealer="N")
    assert game.deal.dealer == NORTH and game.to_act == EAST
    play_scripted(game, "P P P P")
    assert game.phase == "deal-over" and game.below() == (0, 0)
    game.next_deal()
    assert game.deal.dealer == EAST  # the dealer's left deals again
    assert game.deal.hands != game.deals[0].hands
    with pytest.raises(PhaseError):
        game.winners()
    while game.phase != "over":
        deal = game.deal
        first = deal.to_act
        # The first caller's side bids 1NT and both sides then pass.
        play_scripted(game, "1NT P P P")
        made = deal.scores().below[first % 2] > 0
        below = game.below()
        if game.phase != "over":
            assert max(below) < 100
            game.next_deal()
        else:
            assert made and max(below) >= 100
    assert len(game.winners()) == 1 and game.winner in ("NS", "EW")
    with pytest.raises(PhaseError):
        game.next_deal()
    with pytest.raises(PhaseError):
        game.call("P")


def test_a_doubled_part_score_counts_in_full_towards_game():
    game = Match(seed=11, dealer="W")
    # North opens 2H, East doubles; if it makes, 120 below wins the game at once.
    for call in ["2H", "X", "P", "P", "P"]:
        game.call(call)
    deal = game.deal
    while deal.phase == "playing":  # North–South take every trick they can: play high
        legal = sorted(deal.legal_plays(), key=lambda c: c.rank)
        game.play(legal[-1])
    result = deal.scores()
    if deal.declarer_tricks >= 8:
        assert result.below == (60 * 2, 0) and game.phase == "over" and game.winner == "NS"
    else:
        assert result.below == (0, 0) and game.phase == "deal-over"


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["left", "dealer"]), st.booleans())
def test_games_to_100_between_bots(seed, first_caller, sensible):
    rng = random.Random(seed)
    bots = (
        [SensibleBridgeBot()] * 4
        if sensible
        else [RandomBridgeBot(rng.getrandbits(32)) for _ in range(4)]
    )
    game = play_match(Match(seed=seed, first_caller=first_caller), bots)
    assert game.phase == "over"
    below_ns = below_ew = 0
    for number, deal in enumerate(game.deals):
        assert deal.dealer == (game.first_dealer + number) % 4
        result = deal.scores()
        assert min(result.below) == 0  # only the declaring side scores below
        if deal.contract is None:
            assert deal.passed_out and result.lines == ()
            continue
        tricks = deal.declarer_tricks
        assert 0 <= tricks <= 13 and sum(deal.tricks_by_side()) == 13
        made = tricks >= deal.contract.tricks_needed
        side = deal.declarer % 2
        assert (result.below[side] > 0) == made
        if number < len(game.deals) - 1:
            assert max(below_ns, below_ew) < 100
        below_ns += result.below[0]
        below_ew += result.below[1]
    assert game.below() == (below_ns, below_ew)
    winner = game.winners()
    assert len(winner) == 1 and game.below()[winner[0]] >= 100 > game.below()[1 - winner[0]]
    assert game.totals() == tuple(b + a for b, a in zip(game.below(), game.above(), strict=True))
    assert sum(n for _, line in game.sheet() for n in [line.points]) == sum(game.totals())


def test_bots_never_call_or_play_illegally():
    for seed in range(20):
        deal = Deal(seed=seed)
        bots = [RandomBridgeBot(seed), SensibleBridgeBot()] * 2
        while deal.phase != "over":
            bot = bots[deal.to_act]
            if deal.phase == "calling":
                call = bot.choose_call(deal)
                assert call in deal.legal_calls()
                deal.call(call)
            else:
                card = bot.choose_play(deal)
                assert card in deal.legal_plays()
                deal.play(card)


def test_the_sensible_bot_opens_with_values_and_passes_otherwise():
    north = parse_cards("AS KS QS 5S 4S AH KH 2H 3H 4D 2C 3C 4C")  # 16 points, ♦ singleton
    east = parse_cards("TS 9S 8S 7S 5H 6H 7H 5D 6D 7D 5C 6C 7C")  # no points
    rest = [c for c in DECK if c not in north + east]
    hands = {"N": north, "E": east, "S": rest[:13], "W": rest[13:]}
    deal = Deal.from_hands(hands, dealer="W")
    bot = SensibleBridgeBot()
    assert bot.choose_call(deal) == "1S"  # North: 16 points, five spades
    deal.call("1S")
    assert bot.choose_call(deal) == "P"  # East: no points


# ----- the points explained: the words a table shows, read back as arithmetic -----------

#: Every entry of a side's reason, in English, as the points it says.
SHEET_ENTRY = {
    r"(?:.+): (\d+) below the line": int,
    r"(?:.+): (\d+) above the line": int,
}


@given(
    level=st.integers(1, 7),
    strain=st.sampled_from(["C", "D", "H", "S", "NT"]),
    doubles=st.sampled_from(["", "X", "XX"]),
    declarer=st.sampled_from("NESW"),
    tricks=st.integers(0, 13),
    deck=st.permutations(DECK),
    side=st.integers(0, 1),
)
def test_the_reason_for_a_sides_points_adds_up_to_its_score(
    level, strain, doubles, declarer, tricks, deck, side
):
    contract = Contract.parse(f"{level}{strain}{doubles} by {declarer}")
    hands = [deck[13 * seat : 13 * seat + 13] for seat in range(4)]
    result = bridge.deal_score(contract, tricks, hands)
    explained = bridge.explain_side(result, side)
    assert explained.points == result.below[side] + result.above[side]
    assert explained.text == str(explained.points)
    entries = explained.reason.split("; ")
    if explained.reason == "nothing":
        total = 0
    else:
        total = sum(read_back(entry, SHEET_ENTRY)[0] for entry in entries)
    assert total == explained.points
    made = tricks >= contract.tricks_needed
    declaring = contract.declarer % 2 == side
    assert explained.result == (
        ("made" if made else "set") if declaring else ("—" if made else "defended")
    )


def test_a_sheet_entry_with_a_contract_but_no_result_is_refused():
    # deal_score never makes one; by hand it once failed comparing None with a number.
    made_up = bridge.DealScore(Contract.parse("4S by N"), None, (0, 0), (0, 0), ())
    with pytest.raises(CardlibError, match="needs its declarer and the tricks taken"):
        bridge.explain_side(made_up, 0)
    with pytest.raises(TypeError, match="tricks taken must be a whole number"):
        bridge.deal_score("4S by N", None)


def test_a_passed_out_deal_explains_its_nothing():
    explained = bridge.explain_side(bridge.deal_score(None, None), 0)
    assert (explained.result, explained.points, explained.reason) == (
        "passed out",
        0,
        "nobody bid: no score",
    )


def test_a_finished_deal_explains_each_sides_points():
    deal = bridge_deal()
    with pytest.raises(PhaseError):
        deal.points_explained(NORTH)  # not before the last trick
    play_out(deal, [SensibleBridgeBot()] * 4)
    for seat in range(4):
        explained = deal.points_explained(seat)
        assert explained == bridge.explain_side(deal.scores(), seat % 2)
    assert deal.points_explained(NORTH) == deal.points_explained(SOUTH)
    assert "honours (trump honours, North)" in deal.points_explained(NORTH).reason
