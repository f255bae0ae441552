"""The Call Bridge exercise checks: right answers, honest reasons, never a traceback."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import callbridge
from cardlib.exercises import check_legal_plays
from cardlib.exercises.callbridge import (
    check_bridge_score,
    check_match_winners,
    check_which_game,
    check_winning_tricks,
)


@pytest.mark.parametrize(
    ("card", "hand", "trick", "truth"),
    [
        ("3H", "3H KH 2S", "QH", "Call Bridge"),  # no duty to beat
        ("KH", "3H KH 2S", "QH", "both"),
        ("2S", "3H KH 2S", "QH", "neither"),  # must follow suit in both
        ("4H", "2S 4H", "5C KS", "Call Bridge"),  # void, cannot over-trump
        ("2S", "2S 4H", "5C KS", "both"),
        ("4H", "2S 4H 9D", "5C", "neither"),  # void, no spade yet: a spade in both
    ],
)
def test_which_game(card, hand, trick, truth):
    assert check_which_game(truth, card, hand, trick)
    for other in {"Call Break", "Call Bridge", "both", "neither"} - {truth}:
        feedback = check_which_game(other, card, hand, trick)
        assert not feedback and feedback.status == "not yet"
        assert "Call Bridge: " in str(feedback) and "Call Break: " in str(feedback)


def test_which_game_spellings_and_wrong_types():
    assert check_which_game("  call   bridge ", "3H", "3H KH", "QH")
    assert check_which_game(None, "3H", "3H KH", "QH").status == "not answered yet"
    assert "answer one of" in str(check_which_game(3, "3H", "3H KH", "QH"))


@pytest.mark.parametrize(
    ("bid", "tricks", "points"),
    [(5, 7, 5), (3, 2, -3), (10, 10, 13), (10, 11, 13), (10, 12, -10), (9, 11, -9), (8, 7, -8)],
)
def test_bridge_score(bid, tricks, points):
    for spelling in (points, str(points), Decimal(points), Fraction(points)):
        assert check_bridge_score(spelling, bid, tricks)
    wrong = check_bridge_score(points + 1, bid, tricks)
    assert not wrong and f"so {points}." in str(wrong)


def test_bridge_score_reasons():
    assert "bonus bid" in str(check_bridge_score(-10, 10, 12))
    assert "nothing for overtricks" in str(check_bridge_score(4, 4, 6))
    assert not check_bridge_score(4.5, 4, 6)  # read as exactly 4.5 (one decimal), and wrong
    assert "binary float" in str(check_bridge_score(4.25, 4, 6))
    assert check_bridge_score(4.0, 4, 6)  # a whole float is exact
    assert check_bridge_score(None, 4, 6).status == "not answered yet"


@pytest.mark.parametrize(
    ("bid", "window"), [(10, [10, 11]), (8, [8, 9]), (12, [12, 13]), (7, list(range(7, 14)))]
)
def test_winning_tricks(bid, window):
    assert check_winning_tricks(window, bid)
    assert check_winning_tricks(" ".join(map(str, window)), bid)
    assert check_winning_tricks(set(window), bid)


def test_winning_tricks_partial_credit_and_reasons():
    feedback = check_winning_tricks([10, 11, 12], 10)
    assert not feedback and feedback.credit == Fraction(2, 3)
    assert "These fail the bid: 12" in str(feedback)
    assert "Missing: 11" in str(check_winning_tricks([10], 10))
    assert check_winning_tricks(None, 10).status == "not answered yet"
    assert not check_winning_tricks(True, 10)


@pytest.mark.parametrize(
    ("answer", "totals", "target", "right"),
    [
        ([2], (31, 28, 33, 12), 30, True),  # several reach it: the higher total wins
        ("North", (31, 28, 33, 12), 30, True),
        ([0, 2], (31, 28, 33, 12), 30, False),
        ([0, 2], (31, 28, 31, 12), 30, True),  # tied on top: they share
        ([], (21, 28, 23, 12), 30, True),  # nobody yet: the match goes on
        ([1], (21, 28, 23, 12), 30, False),
        ([1], (30, 30, 29, 12), 30, False),
        ("South West", (30, 30, 29, 12), 30, True),
    ],
)
def test_match_winners(answer, totals, target, right):
    assert bool(check_match_winners(answer, totals, target)) is right


def test_match_winners_wrong_types():
    assert check_match_winners(None, (1, 2, 3, 4), 30).status == "not answered yet"
    assert "0 to 3" in str(check_match_winners([7], (31, 2, 3, 4), 30))
    assert not check_match_winners(2.5, (31, 2, 3, 4), 30)


def test_legal_plays_check_takes_call_bridge_rules():
    assert check_legal_plays("3H KH", hand="3H KH 2S", trick="QH", rules=callbridge.RULES)
    assert not check_legal_plays("KH", hand="3H KH 2S", trick="QH", rules=callbridge.RULES)


ANSWERS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-20, 20),
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.lists(st.one_of(st.integers(-3, 15), st.text(max_size=4)), max_size=4),
)


@given(ANSWERS)
@settings(max_examples=100, deadline=None)
def test_no_answer_ever_raises(answer):
    for feedback in (
        check_which_game(answer, "3H", "3H KH 2S", "QH"),
        check_bridge_score(answer, 10, 11),
        check_winning_tricks(answer, 9),
        check_match_winners(answer, (31, 28, 33, 12), 30),
    ):
        assert feedback.status in ("correct", "not yet", "not answered yet")
        assert str(feedback)
