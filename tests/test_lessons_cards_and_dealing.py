"""Lesson 01's machinery: the exact spade arithmetic, the experiment, the quick check."""

from collections import Counter
from fractions import Fraction

import pytest

from cardlib import DECK, callbreak
from cardlib.errors import CardlibError
from cardlib.lessons import cards_and_dealing as lesson


def test_the_suit_arithmetic_is_exact():
    assert sum(lesson.p_suit(k) for k in range(14)) == 1
    assert sum(k * lesson.p_suit(k) for k in range(14)) == Fraction(13, 4)
    assert round(1 / lesson.p_suit(0)) == 78  # "about one in eighty"
    six_or_more = sum(lesson.p_suit(k) for k in range(6, 14))
    assert round(1 / six_or_more) == 19  # "about one hand in twenty"
    assert lesson.p_suit(13) == Fraction(1, 635013559600)
    assert lesson.p_suit(14) == 0 and lesson.p_suit(-1) == 0


def test_some_hand_void_is_a_little_less_than_four_times_one_hand():
    some = lesson.p_some_hand_without()
    assert lesson.percent(some) == "5.1%" and round(1 / some) == 20
    assert 3 * lesson.p_suit(0) < some < 4 * lesson.p_suit(0)


def test_the_experiment_counts_every_hand_and_agrees_with_the_arithmetic():
    counts = lesson.suit_counts("S", deals=2000, seed=1)
    assert sum(counts.values()) == 8000
    assert counts == lesson.suit_counts("S", deals=2000, seed=1)  # seeded
    for k in range(9):  # within five standard errors of the exact share
        p = float(lesson.p_suit(k))
        assert abs(counts[k] / 8000 - p) <= 5 * (p * (1 - p) / 8000) ** 0.5, k


def test_hearts_change_the_counted_column_only():
    # review L16: the counted column moves with the suit, the computed one cannot
    spades, hearts = lesson.suit_counts("S", 300, 1), lesson.suit_counts("H", 300, 1)
    assert spades != hearts
    table_s, table_h = lesson.suit_table(spades), lesson.suit_table(hearts)
    computed = [lesson.percent(lesson.p_suit(k)) for k in range(9)]
    for share in computed:
        assert share in table_s and share in table_h


def test_the_table_shows_each_count_beside_its_exact_share():
    table = lesson.suit_table(Counter({0: 1, 3: 3}))
    assert "<td>0</td><td>25.0%</td><td>1.3%</td>" in table
    assert "<td>3</td><td>75.0%</td><td>28.6%</td>" in table


def test_bad_input_is_refused_naming_the_argument():
    with pytest.raises(CardlibError, match="suit"):
        lesson.suit_counts("X")
    with pytest.raises(CardlibError, match="deals"):
        lesson.suit_counts("S", deals=0)
    with pytest.raises(TypeError, match="k"):
        lesson.p_suit(1.5)  # type: ignore[arg-type]
    with pytest.raises(CardlibError, match="suit"):
        lesson.suit_high_to_low("hearts")


def test_the_deck_the_order_and_the_calling_order():
    hearts = lesson.suit_high_to_low("H")
    assert [c.rank for c in hearts] == list(range(14, 1, -1)) and len(set(hearts) & set(DECK)) == 13
    deal = callbreak.Deal(seed=2026)
    assert lesson.calling_order(deal) == ["West (1)", "North (2)", "East (3)", "South (0)"]
    assert lesson.score_line(4).split("  ")[3:5] == ["3:-4.0", "4:4.0"]


def test_the_quick_check_passes_on_right_answers_and_explains_wrong_ones():
    check = lesson.quick_check(record=False)
    right = ["QH", "KC 9C 4C", "13", "East (3)"]
    wrong = ["KH", "4C 9C KC", "12", "South"]
    for i, (good, bad) in enumerate(zip(right, wrong, strict=True)):
        assert not check.answer(i, bad).correct
        assert check.answer(i, good).correct
    assert check.passed and not check.recorded
