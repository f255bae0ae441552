"""Call Break's house rules players meet: calls capped at 8, redeals, anticlockwise play.

Each is a named switch of ``callbreak.Variant``, off by default, honoured by the
deal, the match, the scoring and call checks, the bots, the estimates and the
match widget.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import CardlibError, IllegalCallError, OutOfTurnError, parse_cards
from cardlib.bots import RandomBot, SensibleBot, play_out, sensible_call_mask
from cardlib.callbreak import (
    FACE_CARDS,
    STANDARD,
    Deal,
    Match,
    Variant,
    check_call,
    expected_scores,
    score,
)
from cardlib.cards import SUIT_MASKS, to_mask
from cardlib.coach.estimate import trick_counts

CAPPED = Variant(max_call=8)
NO_SPADE = Variant(redeal_no_spade=True)
NO_FACE = Variant(redeal_no_face_card=True)
ANTI = Variant(anticlockwise=True)
seeds = st.integers(0, 2**64 - 1)
variants = st.builds(
    Variant,
    old_scoring=st.booleans(),
    min_call=st.sampled_from([1, 2]),
    no_spade_lead_first_trick=st.booleans(),
    free_discard=st.booleans(),
    max_call=st.sampled_from([8, 13]),
    redeal_no_spade=st.booleans(),
    redeal_no_face_card=st.booleans(),
    anticlockwise=st.booleans(),
)
FEW = settings(max_examples=40, deadline=None)

# A hand the sensible bot would call 10 with, were calls not capped.
ELEVEN_SPADES = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S AH AD"


# ----- the options themselves --------------------------------------------------------


def test_all_off_by_default():
    assert (
        Variant(max_call=13, redeal_no_spade=False, redeal_no_face_card=False, anticlockwise=False)
        == STANDARD
    )
    assert STANDARD.direction == 1 and ANTI.direction == -1


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"max_call": 9}, "max_call must be 13 (standard) or 8 (calls capped at 8), got 9"),
        ({"max_call": True}, "max_call"),
        ({"anticlockwise": "yes"}, "anticlockwise is a switch, True or False, got 'yes'"),
        ({"redeal_no_spade": 1}, "redeal_no_spade is a switch"),
        ({"redeal_no_face_card": None}, "redeal_no_face_card is a switch"),
    ],
)
def test_bad_values_are_refused_naming_the_option(options, named):
    with pytest.raises(ValueError, match="^" + named.replace("(", r"\(").replace(")", r"\)")):
        Variant(**options)


# ----- calls capped at 8 -----------------------------------------------------------


def test_capped_calls_run_from_the_minimum_to_8():
    assert list(Deal(seed=1, variant=CAPPED).legal_calls()) == list(range(1, 9))
    capped_min2 = Variant(min_call=2, max_call=8)
    assert list(Deal(seed=1, variant=capped_min2).legal_calls()) == list(range(2, 9))


def test_a_call_of_9_is_refused_when_capped_and_nothing_changes():
    deal = Deal(seed=1, dealer=0, variant=CAPPED)
    before = deal.copy()
    with pytest.raises(IllegalCallError, match=r"from 1 to 8 .*capped at 8.*got 9") as error:
        deal.call(9)
    assert error.value.rule == "call-range"
    assert deal == before
    deal.call(8)
    assert deal.calls[1] == 8


def test_capped_scoring_and_expected_scores():
    assert score(8, 13, CAPPED) == score(8, 13)  # a made 8 with 5 extra tricks: 8.5
    with pytest.raises(IllegalCallError, match="capped at 8"):
        score(9, 9, CAPPED)
    with pytest.raises(IllegalCallError):
        check_call(13, CAPPED)
    check_call(13)
    assert sorted(expected_scores([0] * 13 + [1], CAPPED)) == list(range(1, 9))


def test_the_sensible_bot_never_calls_above_the_cap():
    strong = to_mask(parse_cards(ELEVEN_SPADES))
    assert sensible_call_mask(strong, "S", 1, 13) > 8
    others = [c for c in range(52) if not strong >> c & 1]
    masks = [strong] + [sum(1 << c for c in others[13 * k : 13 * k + 13]) for k in range(3)]
    deal = Deal.from_hands([masks_to_text(m) for m in masks], dealer=3, variant=CAPPED)
    assert deal.to_act == 0
    assert SensibleBot().choose_call(deal) == 8


def masks_to_text(mask):
    from cardlib.cards import from_mask

    return " ".join(c.code for c in from_mask(mask))


@FEW
@given(seeds, variants)
def test_bots_keep_every_rule_of_any_variant(seed, variant):
    deal = Deal(seed=seed, variant=variant)
    play_out(deal, [SensibleBot(), RandomBot(seed), SensibleBot(), RandomBot(seed + 1)])
    assert deal.phase == "over"
    assert all(variant.min_call <= c <= variant.max_call for c in deal.calls)
    assert sum(deal.tricks_won) == 13
    deal.scores()  # every call scores under the variant


# ----- redeals -------------------------------------------------------------------------


def test_a_hand_with_no_spade_is_thrown_in():
    # Seed 0 deals a hand with no spade; under the house rule that deal is thrown
    # in and the same dealer deals again from the same stream.
    standard = Deal(seed=0)
    assert any(not hand & SUIT_MASKS["S"] for hand in standard._hands)
    redealt = Deal(seed=0, variant=NO_SPADE)
    assert redealt.dealer == standard.dealer
    assert redealt.hands != standard.hands
    assert all(hand & SUIT_MASKS["S"] for hand in redealt._hands)
    assert Deal(seed=0, variant=NO_SPADE).hands == redealt.hands  # deterministic


def test_a_hand_with_no_face_card_is_thrown_in():
    standard = Deal(seed=324)
    assert " ".join(c.code for c in standard.hands[0]) == "8S 8H 7H 6H 5H 2H TC 8C 7C 6C TD 9D 3D"
    redealt = Deal(seed=324, variant=NO_FACE)
    assert redealt.hands != standard.hands
    assert all(hand & FACE_CARDS for hand in redealt._hands)
    assert Deal(seed=324, variant=NO_SPADE).hands == standard.hands  # it has spades


def test_from_hands_refuses_a_hand_the_rule_throws_in():
    no_spade = "AH KH QH JH TH 9H 8H AD KD QD JD TD 9D"
    others = [c for c in range(52) if not to_mask(parse_cards(no_spade)) >> c & 1]
    rest = [sum(1 << c for c in others[13 * k : 13 * k + 13]) for k in range(3)]
    hands = [no_spade] + [masks_to_text(m) for m in rest]
    Deal.from_hands(hands)  # standard rules: it is played
    with pytest.raises(CardlibError, match="seat 0's hand would be thrown in") as error:
        Deal.from_hands(hands, variant=NO_SPADE)
    assert error.value.rule == "redeal-no-spade"


@FEW
@given(seeds, st.booleans(), st.booleans(), st.booleans())
def test_redeals_keep_the_stream_and_only_throw_in_what_the_rule_says(seed, spade, face, anti):
    variant = Variant(redeal_no_spade=spade, redeal_no_face_card=face, anticlockwise=anti)
    plain = Deal(seed=seed, variant=Variant(anticlockwise=anti))
    deal = Deal(seed=seed, variant=variant)
    assert not any(map(variant.redeals, deal._hands))
    if not any(map(variant.redeals, plain._hands)):
        assert deal.hands == plain.hands  # the first deal stands
    assert deal.dealer == plain.dealer
    assert Deal(seed=seed, dealer=2, variant=variant).hands == deal.hands


def test_estimates_follow_the_redeal_rule():
    thrown_in = "8S 8H 7H 6H 5H 2H TC 8C 7C 6C TD 9D 3D"  # no face card
    with pytest.raises(CardlibError, match="thrown in") as error:
        trick_counts(thrown_in, 8, variant=NO_FACE)
    assert error.value.rule == "redeal-no-face-card"
    hand = "AS KS QS 2H 3H 4H 5H 6D 7D 8D 9C TC JC"
    counts = trick_counts(hand, 40, seed=3, variant=Variant(redeal_no_spade=True))
    assert sum(counts) == 40
    assert counts == trick_counts(hand, 40, seed=3, variant=NO_SPADE)


def test_sampled_deals_throw_in_what_the_rule_says():
    from cardlib.coach.fast import sample_tricks

    seen = []

    def thrown_in(hand):
        seen.append(hand)
        return NO_SPADE.redeals(hand)

    # Eight spades leave five for the three other hands: many deals leave one without.
    hand = to_mask(parse_cards("AS KS QS JS TS 9S 8S 7S AH KH AD KD AC"))
    counts = sample_tricks(hand, 20, seed=1, thrown_in=thrown_in)
    assert sum(counts) == 20
    assert any(NO_SPADE.redeals(h) for h in seen)  # some deals were thrown in
    with pytest.raises(ValueError, match="all thrown in"):
        # Eleven spades leave two for three hands: every deal is thrown in.
        sample_tricks(to_mask(parse_cards(ELEVEN_SPADES)), 1, thrown_in=NO_SPADE.redeals)


# ----- anticlockwise play -----------------------------------------------------------------


def test_anticlockwise_the_dealers_right_calls_and_leads_first():
    deal = Deal(seed=5, dealer=0, variant=ANTI)
    order = []
    while deal.phase == "calling":
        order.append(deal.to_act)
        deal.call(2)
    assert order == [3, 2, 1, 0]
    assert deal.to_act == 3 and deal.leader == 3
    with pytest.raises(OutOfTurnError, match="counter-clockwise"):
        deal.play(sorted(deal.legal_plays())[0], seat=0)
    deal.play(sorted(deal.legal_plays())[0])
    assert deal.to_act == 2


def test_anticlockwise_trick_in_a_concrete_position():
    hands = ["AH 2S", "KH 3C", "QH 4C", "JH 5C"]
    deal = Deal.from_hands(hands, dealer=0, calls=[1, 1, 1, 1], variant=ANTI)
    assert deal.to_act == 3  # the dealer's right
    for card in ["JH", "QH", "KH", "AH"]:  # seats 3, 2, 1, 0
        deal.play(card)
    (trick,) = deal.tricks
    assert trick.seats == (3, 2, 1, 0) and trick.winner == 0
    assert deal.to_act == 0
    deal.play("2S")
    assert deal.to_act == 3


def test_anticlockwise_the_deal_passes_to_the_right():
    match = Match(seed=2, dealer=0, variant=ANTI)
    dealers = []
    while True:
        dealers.append(match.deal.dealer)
        play_out(match.deal, [SensibleBot()] * 4)
        if match.phase == "over":
            break
        match.next_deal()
    assert dealers == [0, 3, 2, 1, 0]


@FEW
@given(seeds, variants, st.randoms(use_true_random=False))
def test_play_goes_the_variants_way(seed, variant, rng):
    deal = Deal(seed=seed, variant=variant)
    d = variant.direction
    assert deal.to_act == (deal.dealer + d) % 4
    while deal.phase != "over":
        if deal.phase == "calling":
            deal.call(rng.choice(deal.legal_calls()))
        else:
            deal.play(rng.choice(sorted(deal.legal_plays())))
    for trick in deal.tricks:
        assert trick.seats == tuple((trick.leader + d * i) % 4 for i in range(4))


def test_random_bots_never_pass_the_cap():
    rng = random.Random(4)
    for _ in range(20):
        deal = Deal(seed=rng.getrandbits(32), variant=CAPPED)
        play_out(deal, [RandomBot(rng.getrandbits(32))] * 4)
        assert max(deal.calls) <= 8


def test_score_explorer_offers_only_the_capped_calls():
    from cardlib.widgets.scoring import ScoreExplorer

    explorer = ScoreExplorer(call=4, tricks=4, variant=CAPPED)
    assert (explorer.call.min, explorer.call.max) == (1, 8)
    explorer.call.value = 8
    explorer.tricks.value = 9
    assert explorer.points == score(8, 9)
