"""Lesson 21's measurements and quick check (cardlib.lessons.call_bridge_strategy)."""

from fractions import Fraction

import pytest

from cardlib import callbridge
from cardlib.errors import CardlibError
from cardlib.lessons import call_bridge_strategy as lesson
from cardlib.lessons.call_bridge import spread_tricks
from cardlib.strategy import enough_for_the_target, one_more_when_behind


def test_break_even_solves_the_expected_score():
    for bid in range(8, 13):
        for against in (0, 7):
            p = lesson.break_even(bid, against)
            assert 13 * p - bid * (1 - p) == against


def test_trick_distribution_plays_the_bid_with_the_lead_spread():
    hand = lesson.STRONG_HANDS["seven spades"]
    counts = lesson.trick_distribution(hand, 9, samples=40, seed=3)
    assert counts == spread_tricks(lesson.hand_mask(hand), 40, 3, call=9)
    assert sum(counts) == 40


def test_expected_score_and_the_best_bid():
    counts = [0] * 14
    counts[9], counts[10] = 3, 1
    assert lesson.expected_score(counts, 9) == 13
    assert lesson.expected_score(counts, 10) == Fraction(13 - 30, 4)
    values = {8: Fraction(1), 9: Fraction(2), 10: Fraction(2)}
    assert lesson.best_bid(values, [8, 9, 10]) == 9  # the lower of equal values


def test_window_chances_include_thirteen_for_a_bid_of_twelve():
    counts = [0] * 14
    counts[12], counts[13] = 1, 1
    assert lesson.window_chances(counts)[12] == 1
    assert lesson.window_chances(counts)[11] == Fraction(1, 2)


def test_top_cards_count_unbroken_runs_from_the_top():
    from cardlib.cards import parse_cards, to_mask

    mine = to_mask(parse_cards("AS KS JS AH 2D"))
    others = to_mask(parse_cards("QS 3S KH QD"))
    assert lesson.top_cards(mine, [mine, others], range(4)) == 3  # A♠ K♠, A♥
    assert lesson.top_cards(mine, [mine, others], [0]) == 2


def test_window_rates_compare_three_plays_on_the_same_deals():
    rates = lesson.window_rates(lesson.STRONG_HANDS["seven spades"], 9, deals=12, seed=5)
    assert tuple(rates) == lesson.PLAYS
    assert all(0 <= r <= 1 and (r * 12).denominator == 1 for r in rates.values())


def test_the_target_study_is_paired_and_averaged_over_the_seats():
    results = lesson.target_study(range(21_000, 21_004), 30, [enough_for_the_target])
    assert len(results) == 1 and results[0].n == 4
    same = lesson.target_study(range(3), 30, [lambda count, own, others, target: count])
    assert same[0].mean == 0 and same[0].stderr == 0
    assert one_more_when_behind(5, 0, [25, 0, 0], 30) == 6


def test_the_break_even_question():
    check = lesson.check_break_even
    assert check("8/11", bid=9, against=7)
    assert check("16/22", bid=9, against=7)
    rounded = check("0.727", bid=9, against=7)
    assert not rounded and "exactly" in str(rounded)
    percent = check("72.7", bid=9, against=7)
    assert not percent and "percentage" in str(percent)
    assert not check("1/2", bid=9, against=7)
    with pytest.raises(CardlibError):
        check("8/11", bid=7, against=7)  # not a bonus bid


def test_the_window_question():
    deals = {8: 10, 9: 30, 10: 40, 11: 20}
    assert lesson.check_best_window("9", deals=deals)
    assert not lesson.check_best_window("10", deals=deals)


def test_the_target_question():
    givens = {"count": 6, "own": 26, "others": [10, 12, 20], "target": 30}
    assert lesson.check_target_bid("4", **givens)
    assert not lesson.check_target_bid("6", **givens)
    assert lesson.check_target_bid(callbridge.BONUS_MIN, count=8, own=26, others=[0], target=30)


def test_the_quick_check():
    check = lesson.quick_check(record=False)
    assert [bool(check.answer(i, a)) for i, a in enumerate(["8/11", "9", "4"])] == [True] * 3
