"""Call Bridge (RULES.md, "Call Bridge (seed 002)").

Every rule difference from Call Break is tested twice on the same input: the
Call Bridge answer is asserted, and so is Call Break's different answer, so a
test fails if either game borrowed the other's rule. Where the two games agree
(a void player with no spade in the trick must play a spade in both), the test
says so.
"""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from points_words import read_back

from cardlib import callbreak, callbridge, parse_cards
from cardlib.bots import RandomBot, SensibleBot, play_out
from cardlib.cards import DECK, Card
from cardlib.errors import IllegalCallError, IllegalPlayError, OutOfTurnError, PhaseError
from cardlib.game import deal_hands
from cardlib.tricks import PlayRules


def cards(text: str) -> frozenset[Card]:
    return frozenset(parse_cards(text))


def bridge(hand: str, trick: str = ""):
    return callbridge.explain_play(parse_cards(hand), parse_cards(trick))


def brk(hand: str, trick: str = ""):
    return callbreak.explain_play(parse_cards(hand), parse_cards(trick))


def finish_deal(deal, bots=None) -> None:
    play_out(deal, bots or [SensibleBot()] * 4)


def play_match(match, bots=None, max_deals: int = 200):
    """Bots play every deal until the match is over (guarded against endless matches)."""
    while match.phase != "over":
        if match.phase == "deal-over":
            assert len(match.deals) < max_deals, "match did not end"
            match.next_deal()
        finish_deal(match.deal, bots)
    return match


# ----- the rule values ---------------------------------------------------------


def test_rules_are_spades_trump_follow_any_overtrump():
    assert PlayRules(trump="S", must_beat=False, void_rule="overtrump") == callbridge.RULES
    assert callbridge.play_rules() is callbridge.RULES
    assert callbreak.play_rules() != callbridge.RULES


def test_void_rule_is_the_one_of_call_breaks_free_discard_variant():
    free = callbreak.play_rules(callbreak.Variant(free_discard=True))
    assert free.void_rule == callbridge.RULES.void_rule
    assert free.must_beat != callbridge.RULES.must_beat


# ----- direction of play --------------------------------------------------------


@pytest.mark.parametrize("dealer", range(4))
def test_dealers_right_bids_first(dealer):
    assert callbridge.Deal(seed=3, dealer=dealer).to_act == (dealer - 1) % 4
    assert callbreak.Deal(seed=3, dealer=dealer).to_act == (dealer + 1) % 4


def test_bidding_goes_counter_clockwise():
    deal = callbridge.Deal(seed=3, dealer=0)
    order = []
    for bid in (2, 3, 4, 5):
        order.append(deal.to_act)
        deal.call(bid)
    assert order == [3, 2, 1, 0]
    assert deal.calls == (5, 4, 3, 2)
    other = callbreak.Deal(seed=3, dealer=0)
    other_order = []
    for call in (2, 3, 4, 5):
        other_order.append(other.to_act)
        other.call(call)
    assert other_order == [1, 2, 3, 0]


def test_dealers_right_leads_first_and_play_goes_to_the_right():
    deal = callbridge.Deal(seed=8, dealer=2)
    for _ in range(4):
        deal.call(2)
    assert deal.phase == "playing" and deal.leader == 1 and deal.to_act == 1
    seats = []
    for _ in range(4):
        seats.append(deal.to_act)
        deal.play(min(deal.legal_plays()))
    assert seats == [1, 0, 3, 2]
    assert deal.tricks[0].seats == (1, 0, 3, 2)
    assert callbreak.Deal(seed=8, dealer=2).to_act == 3


def test_winner_leads_the_next_trick():
    deal = callbridge.Deal(seed=8, dealer=2)
    finish_deal(deal)
    for before, after in zip(deal.tricks, deal.tricks[1:], strict=False):
        assert after.leader == before.winner
        assert after.seats == tuple((before.winner - i) % 4 for i in range(4))


def test_cards_are_dealt_one_at_a_time_counter_clockwise():
    # The deck's first card goes to the dealer's right, the next to that seat's right.
    bridge_hands = deal_hands(random.Random(5), 0, direction=-1)
    break_hands = deal_hands(random.Random(5), 0, direction=1)
    for k in range(4):
        assert bridge_hands[(0 - 1 - k) % 4] == break_hands[(0 + 1 + k) % 4]
    assert bridge_hands != break_hands
    deal = callbridge.Deal(seed=5, dealer=0)
    assert [len(h) for h in deal.hands] == [13] * 4
    rng = random.Random(5)
    drawn = rng.randrange(4)  # the dealer is always drawn, and deals, whoever is named
    assert deal._hands == deal_hands(rng, drawn, direction=-1)


def test_the_deal_passes_to_the_right():
    bridge_match = callbridge.Match(seed=1, dealer=0, target=1000)
    break_match = callbreak.Match(seed=1, dealer=0)
    for _ in range(4):
        finish_deal(bridge_match.deal)
        finish_deal(break_match.deal)
        bridge_match.next_deal()
        break_match.next_deal()
    assert [d.dealer for d in bridge_match.deals] == [0, 3, 2, 1, 0]
    assert [d.dealer for d in break_match.deals] == [0, 1, 2, 3, 0]


def test_out_of_turn_names_the_direction_and_changes_nothing():
    deal = callbridge.Deal(seed=2, dealer=0)
    before = deal.copy()
    with pytest.raises(OutOfTurnError, match="counter-clockwise") as error:
        deal.call(3, seat=1)
    assert error.value.rule == "out-of-turn"
    assert deal == before


def test_dealer_is_random_but_reproducible_when_not_given():
    assert callbridge.Deal(seed=11) == callbridge.Deal(seed=11)
    assert {callbridge.Deal(seed=s).dealer for s in range(40)} == {0, 1, 2, 3}


# ----- bids ---------------------------------------------------------------------


def test_bids_run_from_2_to_12():
    deal = callbridge.Deal(seed=4, dealer=0)
    assert deal.legal_calls() == range(2, 13)
    assert callbreak.Deal(seed=4, dealer=0).legal_calls() == range(1, 14)


@pytest.mark.parametrize("bid", [1, 13, 0, -2, 2.0, True, "5"])
def test_bids_out_of_range_are_refused_state_unchanged(bid):
    deal = callbridge.Deal(seed=4, dealer=0)
    before = deal.copy()
    with pytest.raises(IllegalCallError, match="from 2 to 12 in Call Bridge") as error:
        deal.call(bid)
    assert error.value.rule == "call-range"
    assert deal == before


@pytest.mark.parametrize("bid", [1, 13])
def test_call_break_accepts_the_calls_call_bridge_refuses(bid):
    deal = callbreak.Deal(seed=4, dealer=0)
    deal.call(bid)
    assert deal.calls[1] == bid


@pytest.mark.parametrize("bid", [2, 12])
def test_bids_are_independent_all_four_may_bid_the_same(bid):
    deal = callbridge.Deal(seed=4, dealer=0)
    for _ in range(4):
        deal.call(bid)
    assert deal.calls == (bid,) * 4 and deal.phase == "playing"


# ----- following suit: no duty to beat ---------------------------------------------


def test_follow_suit_with_any_card_seed_position():
    # RULES.md's Call Break example: hearts led, Q♥ on the table, you hold 3♥ K♥.
    assert bridge("3H KH", "QH").legal == cards("3H KH")
    assert bridge("3H KH", "QH").rule == "follow-any"
    assert brk("3H KH", "QH").legal == cards("KH")
    assert brk("3H KH", "QH").rule == "must-beat"


def test_follow_suit_on_a_spade_lead_needs_no_higher_spade():
    assert bridge("5S JS 4D", "9S").legal == cards("5S JS")
    assert brk("5S JS 4D", "9S").legal == cards("JS")


def test_must_follow_suit_when_able():
    explanation = bridge("3H KH 2S AD", "QH 4C")
    assert explanation.legal == cards("3H KH")
    assert explanation.text == (
        "Hearts were led and you hold hearts, so you must follow suit with any of them."
    )


def test_playing_low_in_a_deal_is_legal_in_bridge_and_refused_in_break():
    hands = ["QH 2C", "3H KH", "4H 3C", "5H 4C"]
    # Seat 0 leads in both: dealer 1 in Call Bridge (dealer's right), 3 in Call Break.
    bridge_deal = callbridge.Deal.from_hands(hands, dealer=1, calls=[2, 2, 2, 2])
    break_deal = callbreak.Deal.from_hands(hands, dealer=3, calls=[2, 2, 2, 2])
    for seat, card in [(0, "QH"), (3, "5H"), (2, "4H"), (1, "3H")]:
        bridge_deal.play(card, seat=seat)
    assert bridge_deal.tricks[0].winner == 0
    break_deal.play("QH", seat=0)
    before = break_deal.copy()
    with pytest.raises(IllegalPlayError, match="must play K♥") as error:
        break_deal.play("3H", seat=1)
    assert error.value.rule == "must-beat"
    assert break_deal == before


# ----- void in the led suit -----------------------------------------------------


def test_void_cannot_beat_the_spade_any_card_in_bridge_losing_spade_in_break():
    assert bridge("2S 4H", "5C KS").legal == cards("2S 4H")
    assert bridge("2S 4H", "5C KS").rule == "free"
    assert bridge("2S 4H", "5C KS").text == (
        "Clubs were led and you have none; K♠ has trumped and you cannot beat it, "
        "so you may play any card."
    )
    assert brk("2S 4H", "5C KS").legal == cards("2S")
    assert brk("2S 4H", "5C KS").rule == "must-undertrump"


def test_void_can_beat_the_spade_must_overtrump_in_both():
    assert bridge("2S AS 4H", "5C KS").legal == cards("AS")
    assert bridge("2S AS 4H", "5C KS").rule == "must-overtrump"
    assert brk("2S AS 4H", "5C KS").legal == cards("AS")


def test_void_with_no_spade_in_the_trick_must_play_a_spade_in_both():
    # Seed 000's example holds in Call Bridge too: clubs led, only spade 2♠ → 2♠.
    assert bridge("2S 4H 9D", "5C").legal == cards("2S")
    assert bridge("2S 4H 9D", "5C").rule == "must-trump"
    assert brk("2S 4H 9D", "5C").legal == cards("2S")


def test_void_in_the_led_suit_and_in_spades_any_card():
    assert bridge("4H 9D", "5C 3S").legal == cards("4H 9D")
    assert bridge("4H 9D", "5C 3S").rule == "free"


def test_void_under_an_overtrumped_trick_must_beat_the_highest_spade():
    assert bridge("TS 4H", "5C 9S JS").legal == cards("4H TS")
    assert bridge("QS TS 4H", "5C 9S JS").legal == cards("QS")


def test_a_lead_may_be_any_card_spades_included():
    assert bridge("AS 2H").legal == cards("AS 2H")
    assert bridge("AS 2H").rule == "lead"


def test_void_rule_in_a_deal_undertrump_refused_only_in_break():
    # Seat 0 leads 5♣, the next seat trumps with K♠, seat 2 has no club and only 2♠ to trump.
    bridge_deal = callbridge.Deal.from_hands(
        ["5C 2D", "6C 5D", "2S 4H", "KS 3D"], dealer=1, calls=[2, 2, 2, 2]
    )
    bridge_deal.play("5C", seat=0)
    bridge_deal.play("KS", seat=3)
    bridge_deal.play("4H", seat=2)
    bridge_deal.play("6C", seat=1)
    assert bridge_deal.tricks[0].winner == 3
    break_deal = callbreak.Deal.from_hands(
        ["5C 2D", "KS 3D", "2S 4H", "6C 5D"], dealer=3, calls=[2, 2, 2, 2]
    )
    break_deal.play("5C", seat=0)
    break_deal.play("KS", seat=1)
    before = break_deal.copy()
    with pytest.raises(IllegalPlayError) as error:
        break_deal.play("4H", seat=2)
    assert error.value.rule == "must-undertrump"
    assert break_deal == before


# ----- trick winners (shared) ---------------------------------------------------


def test_trick_goes_to_highest_spade_else_highest_of_led_suit():
    assert callbridge.trick_winner(parse_cards("AH 2S KH 3H")) == 1
    assert callbridge.trick_winner(parse_cards("TH AD 3S 4S")) == 3
    assert callbridge.trick_winner(parse_cards("TH AD KH 3C")) == 2


# ----- scoring --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "tricks", "points"),
    [
        (2, 2, 2),
        (4, 4, 4),
        (4, 6, 4),  # no overtricks
        (7, 13, 7),
        (3, 2, -3),
        (7, 0, -7),
        (10, 10, 13),  # RULES.md: bid 10, 10 or 11 tricks → 13; 12 tricks → −10
        (10, 11, 13),
        (10, 12, -10),
        (10, 9, -10),
        (8, 8, 13),
        (8, 9, 13),
        (8, 10, -8),
        (8, 7, -8),
        (12, 12, 13),
        (12, 13, 13),
        (12, 11, -12),
    ],
)
def test_score(bid, tricks, points):
    assert callbridge.score(bid, tricks) == Decimal(points)
    assert type(callbridge.score(bid, tricks)) is Decimal


def test_overtricks_score_nothing_in_bridge_but_a_tenth_each_in_break():
    assert callbridge.score(4, 6) == 4
    assert callbreak.score(4, 6) == Decimal("4.2")


def test_bonus_bids_score_13_in_bridge_but_the_call_in_break():
    for bid in range(8, 13):
        assert callbridge.is_bonus_bid(bid)
        assert callbridge.score(bid, bid) == 13 != callbreak.score(bid, bid)
        assert callbridge.score(bid, bid + 1) == 13 != callbreak.score(bid, bid + 1)
    assert not any(callbridge.is_bonus_bid(bid) for bid in range(2, 8))


def test_too_many_tricks_fail_a_bonus_bid_in_bridge_only():
    assert callbridge.score(10, 12) == -10
    assert callbreak.score(10, 12) == Decimal("10.2")


def test_calls_below_eight_are_not_the_old_call_bridge_scoring_variant_of_call_break():
    # Call Break's "old Call Bridge scoring" variant fails call 4 with 6 tricks;
    # seed 002's Call Bridge does not (only bonus bids fail with too many tricks).
    old = callbreak.Variant(old_scoring=True)
    assert callbreak.score(4, 6, old) == -4
    assert callbridge.score(4, 6) == 4


@pytest.mark.parametrize(("bid", "tricks"), [(1, 3), (13, 13), (5, 14), (5, -1), (5, 2.0)])
def test_score_refuses_impossible_input(bid, tricks):
    with pytest.raises(ValueError):
        callbridge.score(bid, tricks)


def test_points_print_as_whole_numbers():
    assert callbridge.format_points(callbridge.score(10, 11)) == "13"
    assert callbridge.format_points(callbridge.score(3, 1)) == "-3"


@given(st.integers(2, 12), st.integers(0, 13))
@settings(max_examples=150, deadline=None)
def test_score_property(bid, tricks):
    points = callbridge.score(bid, tricks)
    assert points == int(points)
    if bid >= 8:
        assert points == (13 if tricks in (bid, bid + 1) else -bid)
    else:
        assert points == (bid if tricks >= bid else -bid)


def test_deal_scores_use_bridge_scoring():
    deal = callbridge.Deal(seed=6, dealer=0)
    finish_deal(deal)
    assert deal.scores() == tuple(
        callbridge.score(c, t) for c, t in zip(deal.calls, deal.tricks_won, strict=True)
    )
    assert sum(deal.tricks_won) == 13


# ----- the end: a target score ----------------------------------------------------


def test_target_is_required():
    with pytest.raises(TypeError):
        callbridge.Match(seed=1)


@pytest.mark.parametrize("target", [0, -5, 2.5, True, "30"])
def test_target_must_be_a_positive_whole_number(target):
    with pytest.raises(ValueError, match="target"):
        callbridge.Match(seed=1, target=target)


def test_match_ends_after_the_first_deal_reaching_the_target_unlike_call_break():
    bridge_match = callbridge.Match(seed=1, dealer=0, target=2)
    break_match = callbreak.Match(seed=1, dealer=0)
    finish_deal(bridge_match.deal)
    finish_deal(break_match.deal)
    assert max(bridge_match.totals()) >= 2
    assert bridge_match.phase == "over"
    assert max(break_match.totals()) >= 2
    assert break_match.phase == "deal-over"  # Call Break plays five deals whatever the totals


def test_match_goes_on_past_five_deals_until_the_target_unlike_call_break():
    bridge_match = play_match(callbridge.Match(seed=1, dealer=0, target=30))
    break_match = play_match(callbreak.Match(seed=1, dealer=0))
    assert len(bridge_match.deals) > 5
    assert len(break_match.deals) == 5
    assert max(bridge_match.totals()) >= 30
    before_last = [sum(d.scores()[s] for d in bridge_match.deals[:-1]) for s in range(4)]
    assert max(before_last) < 30


def test_nothing_after_the_match_is_over():
    match = play_match(callbridge.Match(seed=1, dealer=0, target=5))
    with pytest.raises(PhaseError):
        match.next_deal()
    with pytest.raises(PhaseError):
        match.call(3)
    with pytest.raises(PhaseError):
        match.play("AS")


def _first_match(condition, target=10, seeds=range(300)):
    for seed in seeds:
        match = play_match(callbridge.Match(seed=seed, dealer=0, target=target))
        if condition(match):
            return match
    pytest.fail("no seed gave the wanted ending")


def test_several_reach_the_target_the_higher_total_wins():
    match = _first_match(lambda m: sum(t >= 10 for t in m.totals()) >= 2 and len(m.winners()) == 1)
    totals = match.totals()
    (winner,) = match.winners()
    assert all(totals[winner] > t for s, t in enumerate(totals) if s != winner)
    assert sum(t >= 10 for t in totals) >= 2


def test_tied_totals_on_top_share_the_win():
    match = _first_match(lambda m: len(m.winners()) >= 2)
    totals = match.totals()
    best = max(totals)
    assert best >= 10
    assert match.winners() == tuple(s for s in range(4) if totals[s] == best)


def test_totals_are_whole_numbers():
    match = callbridge.Match(seed=1, dealer=0, target=30)
    assert match.totals() == (Decimal(0),) * 4
    assert str(match.totals()[0]) == "0"
    assert str(callbreak.Match(seed=1, dealer=0).totals()[0]) == "0.0"


# ----- properties -------------------------------------------------------------------


@st.composite
def positions(draw):
    """A hand of 1..13 cards and a trick of 0..3 other cards."""
    deck = draw(st.permutations(range(52)))
    size = draw(st.integers(1, 13))
    played = draw(st.integers(0, 3))
    hand = [DECK[i] for i in deck[:size]]
    trick = [DECK[i] for i in deck[size : size + played]]
    return hand, trick


@given(positions())
@settings(max_examples=200, deadline=None)
def test_call_bridge_never_forbids_what_call_break_allows(position):
    hand, trick = position
    bridge_legal = callbridge.legal_plays(hand, trick)
    break_legal = callbreak.legal_plays(hand, trick)
    assert break_legal <= bridge_legal <= frozenset(hand)
    assert bridge_legal
    if trick:
        led = trick[0].suit
        follow = frozenset(c for c in hand if c.suit == led)
        if follow:
            assert bridge_legal == follow
        else:
            # Void: exactly Call Break's free-discard variant.
            free = callbreak.Variant(free_discard=True)
            assert bridge_legal == callbreak.legal_plays(hand, trick, free)


@given(st.integers(0, 2**32), st.integers(0, 3), st.sampled_from(["random", "sensible", "mixed"]))
@settings(max_examples=30, deadline=None)
def test_bots_play_only_legal_moves(seed, dealer, kind):
    bots = {
        "random": [RandomBot(seed + s) for s in range(4)],
        "sensible": [SensibleBot()] * 4,
        "mixed": [RandomBot(seed), SensibleBot(), RandomBot(seed + 1), SensibleBot()],
    }[kind]
    deal = callbridge.Deal(seed=seed, dealer=dealer)
    while deal.phase != "over":
        seat = deal.to_act
        bot = bots[seat]
        if deal.phase == "calling":
            bid = bot.choose_call(deal)
            assert 2 <= bid <= 12
            deal.call(bid, seat=seat)
        else:
            card = bot.choose_play(deal)
            hand = deal.hand(seat)
            assert card in callbridge.legal_plays(hand, deal.trick) == deal.legal_plays()
            deal.play(card, seat=seat)
    assert sum(deal.tricks_won) == 13
    assert all(len(h) == 0 for h in deal.hands)


@given(st.integers(0, 2**32), st.integers(0, 3), st.integers(1, 40))
@settings(max_examples=25, deadline=None)
def test_full_matches_to_a_target(seed, dealer, target):
    match = play_match(callbridge.Match(seed=seed, dealer=dealer, target=target))
    running = [Decimal(0)] * 4
    for number, scores in enumerate(match.scores_by_deal(), start=1):
        running = [a + b for a, b in zip(running, scores, strict=True)]
        reached = max(running) >= target
        assert reached == (number == len(match.deals))
    assert tuple(running) == match.totals()
    assert [d.dealer for d in match.deals] == [(dealer - k) % 4 for k in range(len(match.deals))]
    best = max(running)
    assert match.winners() == tuple(s for s in range(4) if running[s] == best)


# ----- the points explained: the words a table shows, read back as arithmetic -----------

#: Every reason Call Bridge gives, in English, as the sum it says.
CALL_BRIDGE_REASONS = {
    r"bonus bid (\d+) made: (\d+)": lambda bid, points: Decimal(points),
    r"bonus bid (\d+) needs (\d+) or (\d+) tricks: minus (\d+)": lambda *n: -Decimal(n[-1]),
    r"bid (\d+) \(nothing for extra tricks\)": lambda bid: Decimal(bid),
    r"short of the bid: minus (\d+)": lambda bid: -Decimal(bid),
}


@given(bid=st.integers(callbridge.MIN_BID, callbridge.MAX_BID), tricks=st.integers(0, 13))
def test_the_reason_for_the_points_adds_up_to_the_score(bid, tricks):
    explained = callbridge.explain_score(bid, tricks)
    assert explained.points == callbridge.score(bid, tricks)
    assert explained.text == callbridge.format_points(explained.points)
    total, numbers = read_back(explained.reason, CALL_BRIDGE_REASONS)
    assert total == explained.points
    assert numbers[0] == bid
    if callbridge.is_bonus_bid(bid) and explained.points > 0:
        assert numbers[1] == callbridge.BONUS_POINTS  # the message's 13 is the game's
    if len(numbers) == 4:  # the two trick counts a bonus bid needs, then what it loses
        assert numbers == [bid, bid, bid + 1, bid]
    assert explained.result == ("made" if explained.points > 0 else "set")


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_a_finished_deal_explains_every_seats_points(seed):
    deal = callbridge.Deal(seed=seed)
    with pytest.raises(PhaseError):
        deal.points_explained(0)  # not before the last trick
    finish_deal(deal, [RandomBot(seed)] * 4)
    for seat in range(4):
        explained = deal.points_explained(seat)
        assert explained == callbridge.explain_score(deal.calls[seat], deal.tricks_won[seat])
        assert explained.points == deal.scores()[seat]
