"""Call Break deals and matches as state machines: order of play, phases, errors, totals."""

from decimal import Decimal

import pytest

from cardlib import (
    Card,
    CardlibError,
    CardParseError,
    IllegalCallError,
    IllegalPlayError,
    OutOfTurnError,
    PhaseError,
    parse_cards,
)
from cardlib.bots import RandomBot, play_out
from cardlib.callbreak import Deal, Match, Variant
from cardlib.cards import DECK


def lowest(deal):
    """A play policy that ignores the calls: the lowest legal card by index."""
    return min(deal.legal_plays())


def finish_calls(deal, call=3):
    while deal.phase == "calling":
        deal.call(call)


def finish_deal(deal):
    finish_calls(deal)
    while deal.phase == "playing":
        deal.play(lowest(deal))


def assert_refused(deal, action, error, rule, match):
    """``action(deal)`` raises ``error`` with ``rule`` and ``match``; the deal is unchanged."""
    before = deal.copy()
    state = deal._state()
    with pytest.raises(error, match=match) as caught:
        action(deal)
    assert isinstance(caught.value, CardlibError)
    assert caught.value.rule == rule
    assert deal._state() == state
    assert deal == before


# ----- dealing ----------------------------------------------------------------------


def test_same_seed_same_deal_and_dealer():
    for seed in (0, 1, 7, "seven", 2**70):
        first, second = Deal(seed=seed), Deal(seed=seed)
        assert first.hands == second.hands
        assert first.dealer == second.dealer
        assert first == second


def test_different_seeds_give_different_deals():
    assert len({Deal(seed=seed, dealer=0).hands for seed in range(20)}) == 20


def test_dealer_is_drawn_from_the_seed_when_not_given():
    dealers = {Deal(seed=seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert Deal(seed=5, dealer=2).dealer == 2


def test_thirteen_cards_each_all_52_dealt():
    for seed in range(10):
        deal = Deal(seed=seed)
        assert [len(hand) for hand in deal.hands] == [13, 13, 13, 13]
        assert sorted(card for hand in deal.hands for card in hand) == list(DECK)
        assert all(deal.hand(seat) == set(deal.hands[seat]) for seat in range(4))


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_dealers_left_calls_first_and_leads_the_first_trick_clockwise(dealer):
    deal = Deal(seed=3, dealer=dealer)
    assert deal.phase == "calling"
    order = []
    while deal.phase == "calling":
        order.append(deal.to_act)
        deal.call(2)
    assert order == [(dealer + 1 + i) % 4 for i in range(4)]
    assert deal.phase == "playing"
    assert deal.leader == deal.to_act == (dealer + 1) % 4
    plays = []
    for _ in range(4):
        plays.append(deal.to_act)
        deal.play(lowest(deal))
    assert plays == [(dealer + 1 + i) % 4 for i in range(4)]
    assert deal.tricks[0].seats == tuple(plays)


@pytest.mark.parametrize("dealer", [-1, 4, True, "0", 1.0])
def test_dealer_must_be_a_seat(dealer):
    with pytest.raises(ValueError, match="dealer must be a seat"):
        Deal(seed=1, dealer=dealer)


# ----- a deal from start to end -------------------------------------------------------


def test_a_whole_deal_phases_tricks_and_scores():
    deal = Deal(seed=11, dealer=3)
    assert deal.legal_calls() == range(1, 14)
    assert deal.legal_plays() == frozenset()
    for seat, call in zip((0, 1, 2, 3), (3, 4, 2, 5), strict=True):
        assert deal.calls[seat] is None
        deal.call(call, seat=seat)
    assert deal.calls == (3, 4, 2, 5)
    assert deal.legal_calls() == range(0)
    winners = []
    while deal.phase == "playing":
        if not deal.trick:
            assert deal.to_act == deal.leader
        seats_before = deal.trick_seats
        assert len(seats_before) == len(deal.trick)
        deal.play(lowest(deal))
        if not deal.trick:  # a trick just ended: its winner leads next
            winners.append(deal.tricks[-1].winner)
            if deal.phase == "playing":
                assert deal.leader == deal.to_act == winners[-1]
    assert deal.phase == "over" and deal.to_act is None
    assert len(deal.tricks) == 13 and sum(deal.tricks_won) == 13
    assert deal.tricks_won == tuple(winners.count(seat) for seat in range(4))
    for trick in deal.tricks:
        assert trick.seats == tuple((trick.leader + i) % 4 for i in range(4))
        assert len(set(trick.cards)) == 4
    scores = deal.scores()
    assert all(isinstance(points, Decimal) for points in scores)
    assert deal.legal_plays() == frozenset() and deal.legal_calls() == range(0)


def test_trick_str_and_fields():
    deal = Deal.from_hands(["AS", "2S", "3S", "4S"], dealer=3, calls=[1, 1, 1, 1])
    for card in ("AS", "2S", "3S", "4S"):
        deal.play(card)
    (trick,) = deal.tricks
    assert (trick.leader, trick.seats, trick.winner) == (0, (0, 1, 2, 3), 0)
    assert trick.cards == tuple(parse_cards("AS 2S 3S 4S"))
    assert str(trick) == "0:A♠, 1:2♠, 2:3♠, 3:4♠ → seat 0"
    assert deal.phase == "over" and deal.tricks_won == (1, 0, 0, 0)


def test_copy_is_independent():
    deal = Deal(seed=2, dealer=0)
    finish_calls(deal)
    trial = deal.copy()
    assert trial == deal and trial is not deal
    trial.play(lowest(trial))
    assert trial != deal
    assert len(deal.trick) == 0 and len(trial.trick) == 1
    assert sum(len(h) for h in deal.hands) == 52


def test_repr_shows_no_memory_address():
    assert repr(Deal(seed=1, dealer=0)) == (
        "<Deal dealer=0 phase=calling to_act=1 tricks_won=[0, 0, 0, 0]>"
    )


# ----- every illegal action: the right error, the rule named, the state unchanged ----------


@pytest.fixture
def calling():
    deal = Deal(seed=21, dealer=0)
    deal.call(3)  # seat 1 has called; seat 2 is to act
    return deal


@pytest.fixture
def playing():
    deal = Deal.from_hands(
        [
            "3H KH 2S AD KD QD JD TD 9D 8D 7D 6D 5D",
            "4H TH 8H 9H 6S 7S 4D 2C 3C 4C 6C 7C 8C",
            "2H JH 5H 6H 7H 9S AS KS QS JS TS 8S 2D",
            "QH AH 5C 3S 4S 5S 3D 9C TC JC QC KC AC",
        ],
        dealer=2,
        calls=[4, 2, 7, 1],
    )
    deal.play("QH")  # seat 0 to act, holding 3♥ K♥: K♥ is forced
    return deal


@pytest.mark.parametrize("n", [0, 14, -1, True, False, "3", 3.0, None])
def test_call_out_of_range_or_not_a_whole_number(calling, n):
    assert_refused(calling, lambda d: d.call(n), IllegalCallError, "call-range", "from 1 to 13")


def test_call_out_of_turn(calling):
    assert calling.to_act == 2
    assert_refused(calling, lambda d: d.call(3, seat=1), OutOfTurnError, "out-of-turn", "seat 2")
    assert_refused(calling, lambda d: d.call(3, seat=0), OutOfTurnError, "out-of-turn", "seat 2")
    calling.call(3, seat=2)
    assert calling.to_act == 3


def test_play_while_calling(calling):
    card = next(iter(calling.hand(2)))
    assert_refused(calling, lambda d: d.play(card), PhaseError, "phase", "calls first")
    assert_refused(calling, lambda d: d.explain(), PhaseError, "phase", "calling")
    assert_refused(calling, lambda d: d.scores(), PhaseError, "phase", "after the last trick")


def test_call_while_playing(playing):
    assert_refused(playing, lambda d: d.call(3), PhaseError, "phase", "playing")


def test_play_out_of_turn(playing):
    assert_refused(playing, lambda d: d.play("KH", seat=1), OutOfTurnError, "out-of-turn", "seat 0")


def test_card_not_held(playing):
    assert_refused(
        playing, lambda d: d.play("AC"), IllegalPlayError, "not-in-hand", "does not hold A♣"
    )


def test_card_not_allowed_names_the_rule_and_the_cards(playing):
    assert_refused(
        playing,
        lambda d: d.play("3H"),
        IllegalPlayError,
        "must-beat",
        r"3♥ is not allowed \(must-beat\): Hearts were led and Q♥ is highest; you hold K♥, "
        r"which beats it, so you must play K♥\.",
    )
    assert_refused(playing, lambda d: d.play("2S"), IllegalPlayError, "must-beat", "must play K♥")
    playing.play("KH", seat=0)


@pytest.mark.parametrize("bad", ["XX", "", "KHH", 23, None])
def test_unreadable_card(playing, bad):
    assert_refused(playing, lambda d: d.play(bad), CardParseError, "card-syntax", "card")


def test_everything_after_the_end():
    deal = Deal(seed=4, dealer=1)
    finish_deal(deal)
    card = Card("AS")
    assert_refused(deal, lambda d: d.play(card), PhaseError, "phase", "over")
    assert_refused(deal, lambda d: d.call(3), PhaseError, "phase", "over")
    assert_refused(deal, lambda d: d.explain(), PhaseError, "phase", "over")
    assert deal.scores() == deal.scores()


def test_an_illegal_play_keeps_the_cached_legal_cards_right(playing):
    with pytest.raises(IllegalPlayError):
        playing.play("3H")
    assert playing.legal_plays() == {Card("KH")}
    assert playing.explain().rule == "must-beat"


# ----- from_hands ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (["AS", "KS", "QS"], "4 hands"),
        (["AS", "KS", "QS", "JS 2S"], "same number"),
        (["AS", "KS", "QS", "AS"], "two hands"),
        (["AS AS", "KS 2S", "QS 3S", "JS 4S"], "same card twice"),
        (["", "", "", ""], "at least one"),
        (["AS", "KS", "QS", "ZZ"], "'ZZ'"),
    ],
)
def test_from_hands_refuses_bad_hands(hands, message):
    with pytest.raises(ValueError, match=message):
        Deal.from_hands(hands)


def test_from_hands_accepts_card_lists_and_options():
    deal = Deal.from_hands(
        [parse_cards("AS KH"), ["2S", "3S"], "QS 4S", (Card("JS"), Card("5S"))],
        dealer=1,
        variant=Variant(min_call=2),
    )
    assert deal.to_act == 2 and deal.phase == "calling"
    assert deal.legal_calls() == range(2, 3)  # two cards a hand: no call above 2 (issue 43)
    with pytest.raises(TypeError):
        Deal.from_hands(["AS", "KS", "QS", "JS"], colour="red")


# ----- the variants in a deal -----------------------------------------------------------


def test_minimum_call_2_in_legal_calls_and_call():
    deal = Deal(seed=8, dealer=0, variant=Variant(min_call=2))
    assert deal.legal_calls() == range(2, 14)
    assert_refused(deal, lambda d: d.call(1), IllegalCallError, "call-range", "from 2 to 13")
    deal.call(2)
    assert deal.calls[1] == 2


def test_standard_minimum_call_is_1():
    deal = Deal(seed=8, dealer=0)
    deal.call(1)
    assert deal.calls[1] == 1


SPADE_LEAD_HANDS = ["AS KS 3H 4H", "2S 5H 6H 7H", "3S 8H 9H TH", "4S JH QH 2D"]


def test_no_spade_lead_applies_only_to_the_first_trick():
    # 13-card hands make a deal whose first trick is trick 1 of a real deal.
    hands = [
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2H",
        "2S 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    ]
    variant = Variant(no_spade_lead_first_trick=True)
    deal = Deal.from_hands(hands, dealer=3, calls=[1, 1, 1, 1], variant=variant)
    assert deal.first_trick
    assert deal.legal_plays() == {Card("2H")}
    assert deal.explain().rule == "lead-no-spade"
    assert_refused(deal, lambda d: d.play("AS"), IllegalPlayError, "lead-no-spade", "first trick")
    for card in ("2H", "AH", "2D", "2C"):
        deal.play(card)
    assert deal.leader == 1 and not deal.first_trick
    deal.play("2S")  # trick 2: spades may be led
    assert deal.trick == (Card("2S"),)
    standard = Deal.from_hands(hands, dealer=3, calls=[1, 1, 1, 1])
    assert Card("AS") in standard.legal_plays()


def test_no_spade_lead_unless_the_hand_holds_only_spades():
    hands = [
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    ]
    variant = Variant(no_spade_lead_first_trick=True)
    deal = Deal.from_hands(hands, dealer=3, calls=[13, 1, 1, 1], variant=variant)
    assert deal.legal_plays() == deal.hand(0)
    assert deal.explain().rule == "lead"
    deal.play("2S")


def test_free_discard_in_a_deal():
    hands = ["5C 3D", "9S 4D", "2S AH", "6C 7C"]
    standard = Deal.from_hands(hands, dealer=3, calls=[1, 1, 1, 1])
    free = Deal.from_hands(hands, dealer=3, calls=[1, 1, 1, 1], variant=Variant(free_discard=True))
    for deal in (standard, free):
        deal.play("5C")
        deal.play("9S")  # seat 1, void in clubs, must trump
    assert standard.legal_plays() == {Card("2S")}
    assert standard.explain().rule == "must-undertrump"
    assert free.legal_plays() == {Card("2S"), Card("AH")}
    assert free.explain().rule == "free"
    free.play("AH")


def test_old_scoring_in_a_deal():
    # Seat 0 calls 1 and takes 2: 1.1 in standard scoring, 1.0 in old (call + 1 succeeds).
    hands = ["AS KS", "2H 3H", "2D 3D", "2C 3C"]
    for variant, expected in ((Variant(), "1.1"), (Variant(old_scoring=True), "1.0")):
        deal = Deal.from_hands(hands, dealer=3, calls=[1, 1, 1, 1], variant=variant)
        finish_deal(deal)
        assert deal.tricks_won == (2, 0, 0, 0)
        assert deal.scores() == (Decimal(expected),) + (Decimal("-1.0"),) * 3


def test_old_scoring_two_extra_tricks_fail_in_a_deal():
    hands = ["AS KS QS", "2H 3H 4H", "2D 3D 4D", "2C 3C 4C"]
    deal = Deal.from_hands(hands, dealer=3, calls=[1, 1, 1, 1], variant=Variant(old_scoring=True))
    finish_deal(deal)
    assert deal.tricks_won == (3, 0, 0, 0)
    assert deal.scores()[0] == Decimal("-1.0")


# ----- a match ------------------------------------------------------------------------


# Calls by deal, by seat, for Match(seed=0, dealer=0) played with the lowest legal card
# (a policy that ignores the calls). Seats 0 and 3 both end on exactly 7.4.
TIE_CALLS = [(1, 1, 13, 1), (2, 1, 13, 1), (6, 1, 13, 7), (4, 1, 13, 2), (6, 1, 13, 4)]


def play_tie_match():
    match = Match(seed=0, dealer=0)
    for number, calls in enumerate(TIE_CALLS):
        assert match.deal.dealer == number % 4  # the dealer moves one seat clockwise
        for seat in [(match.deal.dealer + 1 + i) % 4 for i in range(4)]:
            match.call(calls[seat], seat=seat)
        while match.phase == "playing":
            match.play(lowest(match))
        if number < 4:
            assert match.phase == "deal-over"
            match.next_deal()
    return match


def test_a_five_deal_match_with_a_tie_on_top():
    match = play_tie_match()
    assert match.phase == "over" and len(match.deals) == 5
    assert match.totals() == (Decimal("7.4"), Decimal("5.7"), Decimal("-65.0"), Decimal("7.4"))
    assert match.winners() == (0, 3)
    by_deal = match.scores_by_deal()
    assert len(by_deal) == 5
    assert tuple(sum(deal[s] for deal in by_deal) for s in range(4)) == match.totals()
    assert [d.dealer for d in match.deals] == [0, 1, 2, 3, 0]


def test_match_totals_are_exact_and_may_be_negative():
    match = play_tie_match()
    assert all(isinstance(total, Decimal) for total in match.totals())
    assert min(match.totals()) < 0
    assert sum(match.totals()) == sum(sum(scores) for scores in match.scores_by_deal())


def test_errors_after_the_match_and_before_next_deal():
    match = Match(seed=3, dealer=2, deals=2)
    assert match.totals() == (Decimal("0.0"),) * 4
    with pytest.raises(PhaseError, match="next deal"):
        match.next_deal()
    with pytest.raises(PhaseError, match="not over"):
        match.winners()
    play_out(match.deal, [RandomBot(1)] * 4)
    assert match.phase == "deal-over" and match.to_act is None
    with pytest.raises(PhaseError, match="next_deal"):
        match.call(3)
    with pytest.raises(PhaseError, match="next_deal"):
        match.play(Card("AS"))
    with pytest.raises(PhaseError, match="not over"):
        match.winners()
    deal = match.next_deal()
    assert deal is match.deal and deal.dealer == 3
    assert match.phase == "calling" and match.to_act == 0
    play_out(match.deal, [RandomBot(2)] * 4)
    assert match.phase == "over"
    for action in (lambda: match.call(3), lambda: match.play(Card("AS")), match.next_deal):
        with pytest.raises(PhaseError):
            action()
    assert len(match.winners()) >= 1


def test_match_is_reproducible_and_the_first_dealer_comes_from_the_seed():
    assert {Match(seed=seed).first_dealer for seed in range(40)} == {0, 1, 2, 3}
    assert Match(seed=9).deal == Match(seed=9).deal
    first, second = play_tie_match(), play_tie_match()
    assert first.scores_by_deal() == second.scores_by_deal()


def test_match_passes_its_variant_to_every_deal():
    match = Match(seed=5, dealer=0, variant=Variant(min_call=2))
    assert match.legal_calls() == range(2, 14)
    with pytest.raises(IllegalCallError):
        match.call(1)
    assert match.deal.variant == Variant(min_call=2)
    match.call(2)
    assert match.explain is not None and match.legal_plays() == frozenset()


@pytest.mark.parametrize("deals", [0, -1, True, 2.0, "5"])
def test_a_match_needs_at_least_one_deal(deals):
    with pytest.raises(ValueError, match="whole number of deals"):
        Match(seed=1, deals=deals)


def test_a_one_deal_match_ends_after_its_deal():
    match = Match(seed=1, dealer=0, deals=1)
    play_out(match.deal, [RandomBot(3)] * 4)
    assert match.phase == "over"
    assert match.totals() == match.deal.scores()


def test_a_seat_outside_0_to_3_is_a_cardlib_error():
    deal = Deal(seed=3, dealer=0)
    with pytest.raises(CardlibError, match=r"seat number 0\.\.3") as error:
        deal.hand(4)
    assert error.value.rule == "seat"
