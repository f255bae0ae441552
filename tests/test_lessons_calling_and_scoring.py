"""Lesson 04's machinery: the scoring table, the chances, the table-side count, the quick check."""

import random
from fractions import Fraction

import pytest

from cardlib import callbreak, strategy
from cardlib.bots import sensible_call_mask
from cardlib.cards import from_mask
from cardlib.coach.estimate import hand_mask
from cardlib.errors import CardlibError
from cardlib.game import deal_hands
from cardlib.lessons import calling_and_scoring as lesson


def test_the_count_card_by_card_is_the_packages_count_on_every_hand():
    """The lines the lesson shows add up to strategy.table_count (the drill's count) and the
    sensible bot's count, on 2,000 random hands."""
    rng = random.Random(37)
    for _ in range(2_000):
        hand = from_mask(deal_hands(rng, 0)[0])
        count = lesson.count_of(hand)
        assert count == sum(strategy.table_count(hand).values())
        assert count == sensible_call_mask(hand_mask(hand), "S", 0, 13)


def test_each_counted_card_is_named_once_and_long_spades_are_the_lowest():
    lines = lesson.count_lines("AS KS QS JS 9S 4S 2S AH KH 7D 6D 5D 4D")
    why = {str(card): reason for card, reason in lines if card is not None}
    assert why["A♠"] == lesson.SPADE_ACE and why["K♠"] == lesson.SPADE_KING
    assert why["Q♠"] == lesson.SPADE_QUEEN and why["J♠"] == ""
    assert why["9♠"] == why["4♠"] == why["2♠"] == lesson.LONG_SPADE  # the fifth spade and below
    assert why["A♥"] == lesson.SIDE_ACE and why["K♥"] == lesson.SIDE_KING
    assert (None, lesson.SHORT_SUIT) in lines  # void in clubs, seven spades
    assert lesson.count_of("AS KS QS JS 9S 4S 2S AH KH 7D 6D 5D 4D") == 9


def test_an_unguarded_king_and_a_short_queen_count_nothing():
    lines = dict(
        (str(c), w) for c, w in lesson.count_lines("QS 2S KH 9D 8D 7D 6D 5C 4C 3C 2C JH 2H")
    )
    assert lines["Q♠"] == "" and lines["K♥"] == lesson.SIDE_KING
    assert dict((str(c), w) for c, w in lesson.count_lines("KH QD"))["K♥"] == ""
    assert lesson.count_of("3S 2S 4S KH") == 1  # three spades and a short suit: one more


@pytest.mark.parametrize(
    ("hand", "count", "call"),
    [
        ("3S 2S JH 9H 6H 4H TD 8D 5D 2D JC 7C 4C", 0, 1),
        ("QS 8S 4S KH JH 7H 2H QD 9D 6D KC 8C 3C", 3, 3),
        ("AS KS 9S 7S 5S 3S AH 8H KD 6D 4D 7C 2C", 6, 5),
    ],
)
def test_from_a_count_of_four_up_one_less(hand, count, call):
    assert lesson.count_of(hand) == count and strategy.call_by_count(hand) == call
    assert f"<td>{call}</td>" in lesson.count_table(hand)


def test_the_count_table_ends_with_the_count_and_the_call():
    html = lesson.count_table("AS KS 9S 7S 5S 3S AH 8H KD 6D 4D 7C 2C")
    assert "<td>6</td>" in html and "<td>5</td><td>from 4 up, one less</td>" in html
    assert html.count("a spade beyond the fourth") == 2


def test_the_chances_and_scores_table_is_exact():
    counts = [0, 1, 1, 2]  # 1, 2 and 3 tricks
    assert lesson.made_chance(counts, 2) == Fraction(3, 4)
    html = lesson.chances_table(counts, calls=[2])
    assert "<td>75.0%</td>" in html
    assert f"<td>{lesson.places(callbreak.expected_scores(counts)[2])}</td>" in html


def test_the_scoring_table_marks_made_calls_in_bold():
    html = lesson.scoring_table(calls=[2], tricks=[1, 2])
    assert "<td>-2.0</td><td><b>2.0</b></td>" in html


def test_the_count_check_explains_its_count_and_reads_like_a_player():
    check = lesson.check_call_by_count
    hand = "AS QS 9S 7S 4S AH KH 5H 2H QD 8D 6C 3C"
    assert check("4", hand=hand) and check(4, hand=hand)
    wrong = check("5", hand=hand)
    assert not wrong and "5 in all" in str(wrong)
    assert not check("four and a bit", hand=hand)
    with pytest.raises(CardlibError):
        check("4", hand="AS AS")  # a card twice is the teacher's mistake: raised


def test_the_quick_check_passes_only_on_right_answers():
    quick = lesson.quick_check(record=False)
    right = ["4.2", "-4", "3", "4"]
    for i, answer in enumerate(right):
        assert quick.answer(i, answer)
    assert quick.passed and not quick.recorded
    again = lesson.quick_check(record=False)
    assert not again.answer(3, "5") and not again.passed


def test_the_survey_table_uses_a_real_minus():
    survey = {"Weak": (Fraction(1, 2), [1])}
    assert "−0.50" in lesson.survey_table(survey)
