"""Call Break's rules: every example of seed 000 and RULES.md, the ladder, variants, scoring."""

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from points_words import read_back

from cardlib import Card, IllegalCallError, parse_cards
from cardlib.callbreak import (
    Deal,
    Variant,
    check_call,
    expected_scores,
    explain_play,
    explain_score,
    format_points,
    legal_plays,
    play_rules,
    score,
    trick_winner,
)

OLD = Variant(old_scoring=True)
MIN_2 = Variant(min_call=2)
NO_SPADE_LEAD = Variant(no_spade_lead_first_trick=True)
FREE_DISCARD = Variant(free_discard=True)


STANDARD = Variant()


def legal(hand, trick="", variant=STANDARD, first_trick=False):
    return set(legal_plays(parse_cards(hand), parse_cards(trick), variant, first_trick))


def cards(text):
    return set(parse_cards(text))


# ----- the seed's examples --------------------------------------------------------


def test_seed_hearts_led_queen_on_the_table_king_is_forced():
    assert legal("3H KH", "QH") == {Card("KH")}
    explanation = explain_play(parse_cards("3H KH"), parse_cards("QH"))
    assert explanation.rule == "must-beat"
    assert explanation.legal == {Card("KH")}
    assert explanation.text == (
        "Hearts were led and Q♥ is highest; you hold K♥, which beats it, so you must play K♥."
    )


def test_seed_clubs_led_no_clubs_only_spade_two_is_forced():
    assert legal("2S AH KD 7D", "9C") == {Card("2S")}
    assert explain_play(parse_cards("2S AH KD 7D"), parse_cards("9C")).rule == "must-trump"


def test_seed_two_of_spades_beats_ace_of_hearts():
    assert trick_winner(parse_cards("AH 2S")) == 1
    assert trick_winner(parse_cards("AH 2S KH QH")) == 1


def test_seed_over_trumped_by_the_nine_of_spades():
    assert trick_winner(parse_cards("5C 2S 2C 9S")) == 3


# The seed's "chhota example" as a whole deal: you are seat 0 and call 4; hearts are led
# with Q♥ on the table while you hold 3♥ K♥ (K♥ forced); later clubs are led, you have no
# clubs and your only spade is 2♠ (forced); 9♠ over-trumps it; you end with 5 tricks: 4.1.
CHHOTA_HANDS = [
    "KH 3H 2S AD KD QD JD TD 9D 8D 7D 6D 5D",
    "4H TH 8H 9H 6S 7S 4D 2C 3C 4C 6C 7C 8C",
    "2H JH 5H 6H 7H 9S AS KS QS JS TS 8S 2D",
    "QH AH 5C 3S 4S 5S 3D 9C TC JC QC KC AC",
]
CHHOTA_CALLS = [4, 2, 7, 1]
CHHOTA_PLAY = [
    "QH KH 4H 2H",  # seat 3 leads Q♥; you must play K♥ and win
    "3H TH JH AH",
    "5C 2S 2C 9S",  # clubs led, you must play 2♠; seat 2 over-trumps with 9♠
    "AS 3S 5D 6S",
    "KS 4S 6D 7S",
    "QS 5S 7D 4D",
    "JS 3D 8D 8H",
    "TS 9C 9D 9H",
    "8S TC TD 3C",
    "2D JC JD 4C",
    "QD 6C 5H QC",
    "KD 7C 6H KC",
    "AD 8C 7H AC",
]


def test_seed_chhota_example_as_a_whole_deal():
    deal = Deal.from_hands(CHHOTA_HANDS, dealer=2, calls=CHHOTA_CALLS)
    assert deal.leader == 3 and deal.to_act == 3
    explanations = {}
    for number, trick in enumerate(CHHOTA_PLAY):
        for card in trick.split():
            if deal.to_act == 0 and number in (0, 2):
                explanations[number] = deal.explain()
            deal.play(card)
    first, clubs = explanations[0], explanations[2]
    assert (first.rule, first.legal) == ("must-beat", {Card("KH")})
    assert first.text == (
        "Hearts were led and Q♥ is highest; you hold K♥, which beats it, so you must play K♥."
    )
    assert (clubs.rule, clubs.legal) == ("must-trump", {Card("2S")})
    over_trumped = deal.tricks[2]
    assert over_trumped.cards == tuple(parse_cards("5C 2S 2C 9S"))
    assert over_trumped.winner == 2
    assert deal.phase == "over"
    assert deal.tricks_won == (5, 0, 7, 1)
    assert deal.scores() == (Decimal("4.1"), Decimal("-2.0"), Decimal("7.0"), Decimal("1.0"))
    assert format_points(deal.scores()[0]) == "4.1"


@pytest.mark.parametrize(
    ("call", "tricks", "points"),
    [(4, 4, "4"), (4, 6, "4.2"), (3, 2, "-3"), (4, 5, "4.1")],
)
def test_seed_scoring_examples(call, tricks, points):
    assert score(call, tricks) == Decimal(points)


@pytest.mark.parametrize(
    ("tricks", "points"), [(4, "4"), (5, "4"), (6, "-4"), (3, "-4"), (0, "-4")]
)
def test_old_scoring_only_call_or_call_plus_one_succeed(tricks, points):
    assert score(4, tricks, OLD) == Decimal(points)


# ----- scoring tables ------------------------------------------------------------


def test_the_standard_scoring_table_in_full():
    for call in range(1, 14):
        for tricks in range(14):
            points = score(call, tricks)
            assert isinstance(points, Decimal)
            if tricks >= call:
                assert points == call + Fraction(tricks - call, 10)
            else:
                assert points == -call
            assert points.as_tuple().exponent == -1  # one decimal place, always


def test_the_old_scoring_table_in_full():
    for call in range(1, 14):
        for tricks in range(14):
            expected = call if tricks in (call, call + 1) else -call
            assert score(call, tricks, OLD) == expected
            assert score(call, tricks, OLD).as_tuple().exponent == -1


def test_scores_are_exact_decimals_never_floats():
    total = sum((score(4, 5) for _ in range(10)), Decimal(0))
    assert total == Decimal("41.0")
    assert score(7, 11) == Decimal("7.4") and score(7, 11) == score(7, 11)
    assert score(7, 11) + score(1, 1) - score(1, 1) == Decimal("7.4")
    assert sum([score(1, 2)] * 3, Decimal(0)) == Decimal("3.3")  # 1.1 * 3, not 3.3000000000000003
    assert not isinstance(score(1, 2), float)


@pytest.mark.parametrize(
    ("points", "text"),
    [
        (score(3, 2), "-3.0"),
        (score(4, 6), "4.2"),
        (score(4, 4), "4.0"),
        (Decimal(0), "0.0"),
        (Decimal("12.3"), "12.3"),
        (Decimal("-13"), "-13.0"),
    ],
)
def test_format_points_one_decimal_place(points, text):
    assert format_points(points) == text


@pytest.mark.parametrize(
    ("call", "tricks"),
    [(0, 0), (14, 13), (-1, 0), (True, 1), ("4", 4), (4.0, 4), (None, 3)],
)
def test_invalid_calls_raise(call, tricks):
    with pytest.raises(IllegalCallError, match="call must be a whole number") as caught:
        score(call, tricks)
    assert caught.value.rule == "call-range"


@pytest.mark.parametrize("tricks", [-1, 14, True, 4.0, "4", None])
def test_invalid_trick_counts_raise(tricks):
    with pytest.raises(ValueError, match="tricks taken"):
        score(4, tricks)


def test_minimum_call_2_refuses_a_call_of_1_in_scoring_too():
    with pytest.raises(IllegalCallError, match="from 2 to 13"):
        score(1, 1, MIN_2)
    check_call(2, MIN_2)
    check_call(1)
    with pytest.raises(IllegalCallError):
        check_call(1, MIN_2)


def test_expected_scores_are_exact_averages():
    # Taking 3 or 5 tricks equally often.
    counts = [0] * 14
    counts[3] = counts[5] = 1
    expected = expected_scores(counts)
    assert expected[3] == Fraction(31, 10)  # (3.0 + 3.2) / 2
    assert expected[4] == (Fraction(-4) + Fraction(41, 10)) / 2 == Fraction(1, 20)
    assert expected[5] == 0
    assert expected[6] == -6
    assert set(expected) == set(range(1, 14))
    assert all(isinstance(value, Fraction) for value in expected.values())
    assert expected_scores({3: 1, 5: 1}) == expected
    assert set(expected_scores(counts, MIN_2)) == set(range(2, 14))
    # 4 or 5 tricks on a call of 4: always 4 in old scoring, 4.05 on average in standard.
    assert expected_scores({4: 1, 5: 1}, OLD)[4] == 4
    assert expected_scores({4: 1, 5: 1})[4] == Fraction(81, 20)
    with pytest.raises(ValueError, match="no samples"):
        expected_scores([0] * 14)


# ----- the ladder through the Call Break API --------------------------------------


def test_leading_any_card_spades_included():
    assert legal("AS 3H KD") == cards("AS 3H KD")
    assert explain_play("AS 3H KD").rule == "lead"


def test_must_beat_only_the_led_suit_counts():
    # An off-suit ace on the table does not change what beats the led suit.
    assert legal("3H KH", "QH AC") == {Card("KH")}


def test_trumped_exception_for_a_non_spade_lead():
    assert legal("3H KH", "QH 2S") == cards("3H KH")
    assert explain_play(parse_cards("3H KH"), parse_cards("QH 2S")).rule == "follow-trumped"


def test_a_spade_lead_is_never_trumped_must_beat_the_highest_spade():
    assert legal("3S JS AH", "5S 9S") == {Card("JS")}
    assert explain_play(parse_cards("3S JS AH"), parse_cards("5S 9S")).rule == "must-beat"


def test_must_overtrump_and_must_undertrump():
    assert legal("3S JS AH", "5C 9S") == {Card("JS")}
    assert legal("3S 4S AH", "5C 9S") == cards("3S 4S")
    assert explain_play(parse_cards("3S 4S AH"), parse_cards("5C 9S")).rule == "must-undertrump"


def test_free_when_holding_neither_led_suit_nor_spades():
    assert legal("AH KD", "5C 9S") == cards("AH KD")


def test_variant_free_discard():
    assert legal("3S 4S AH", "5C 9S", FREE_DISCARD) == cards("3S 4S AH")
    assert legal("3S AH", "5C", FREE_DISCARD) == {Card("3S")}
    assert legal("3S JS AH", "5C 9S", FREE_DISCARD) == {Card("JS")}
    # Following suit is unchanged by it.
    assert legal("3H KH", "QH", FREE_DISCARD) == {Card("KH")}


def test_variant_no_spade_lead_on_the_first_trick():
    assert legal("AS 3H", "", NO_SPADE_LEAD, first_trick=True) == {Card("3H")}
    assert legal("AS 2S", "", NO_SPADE_LEAD, first_trick=True) == cards("AS 2S")
    assert legal("AS 3H", "", NO_SPADE_LEAD, first_trick=False) == cards("AS 3H")
    assert legal("AS 3H", "", STANDARD, first_trick=True) == cards("AS 3H")


def test_play_rules_of_each_variant():
    assert play_rules().trump == "S" and play_rules().must_beat
    assert play_rules().void_rule == "trump"
    assert play_rules(FREE_DISCARD).void_rule == "overtrump"
    assert play_rules(NO_SPADE_LEAD).no_trump_lead_first_trick
    assert not play_rules().no_trump_lead_first_trick


@pytest.mark.parametrize(
    ("hand", "trick", "error"),
    [
        ("3H KH", "QH 2S AH KS", "at most 3"),
        ("3H KH", "KH", "both in your hand and on the table"),
        ("3H KH", "QH QH", "twice"),
        ("3H XX", "QH", "'XX'"),
    ],
)
def test_bad_positions_are_refused(hand, trick, error):
    with pytest.raises(ValueError, match=error):
        legal_plays(hand, trick)


def test_positions_may_be_given_as_text():
    assert legal_plays("3H KH", "QH") == {Card("KH")}
    assert explain_play("3h k♥", ["QH"]).legal == {Card("KH")}


def test_variant_is_validated():
    with pytest.raises(ValueError, match="min_call"):
        Variant(min_call=3)
    with pytest.raises(ValueError, match="min_call"):
        Variant(min_call=0)
    assert Variant() == Variant(False, 1, False, False)
    with pytest.raises(TypeError, match="Variant"):
        Deal(seed=1, variant="old")


# ----- the points explained: the words a table shows, read back as arithmetic -----------

#: Every reason Call Break gives, in English, as the sum it says.
CALL_BREAK_REASONS = {
    r"call (\d+) \+ 0\.1 × (\d+)": lambda call, extra: Decimal(call) + Decimal("0.1") * int(extra),
    r"call (\d+)": lambda call: Decimal(call),
    r"short of the call: minus (\d+)": lambda call: -Decimal(call),
    r"two or more over the call under old scoring: minus (\d+)": lambda call: -Decimal(call),
}


@given(
    call=st.integers(1, 13),
    tricks=st.integers(0, 13),
    variant=st.sampled_from([STANDARD, OLD, MIN_2, Variant(max_call=8)]),
)
def test_the_reason_for_the_points_adds_up_to_the_score(call, tricks, variant):
    assume(variant.min_call <= call <= variant.max_call)
    explained = explain_score(call, tricks, variant)
    assert explained.points == score(call, tricks, variant)
    assert explained.text == format_points(explained.points)
    total, numbers = read_back(explained.reason, CALL_BREAK_REASONS)
    assert total == explained.points
    assert numbers[0] == call
    if len(numbers) == 2:  # the extra tricks over the call
        assert numbers[0] + numbers[1] == tricks
    assert explained.result == ("made" if explained.points > 0 else "set")


def test_the_points_explained_by_example():
    assert explain_score(3, 4).reason == "call 3 + 0.1 × 1"
    assert explain_score(3, 3).reason == "call 3"
    assert (explain_score(4, 3).result, explain_score(4, 3).text) == ("set", "-4.0")
    # old scoring: call or one more scores the call; two or more over is a set
    assert (explain_score(3, 4, OLD).reason, explain_score(3, 4, OLD).text) == ("call 3", "3.0")
    assert explain_score(3, 5, OLD).result == "set"
    assert explain_score(3, 5, OLD).reason == (
        "two or more over the call under old scoring: minus 3"
    )
    with pytest.raises(IllegalCallError):
        explain_score(0, 3)  # the same check as score's


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_a_finished_deal_explains_every_seats_points(seed):
    from cardlib.bots import RandomBot, play_out
    from cardlib.errors import PhaseError

    deal = Deal(seed=seed)
    with pytest.raises(PhaseError):
        deal.points_explained(0)  # not before the last trick
    play_out(deal, [RandomBot(seed)] * 4)
    for seat in range(4):
        explained = deal.points_explained(seat)
        assert explained == explain_score(deal.calls[seat], deal.tricks_won[seat])
        assert explained.points == deal.scores()[seat]
