"""The Judgement exercise checks: honest feedback, partial credit, friendly on any answer."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import judgement
from cardlib.exercises import check_legal_plays, check_trick_winner
from cardlib.exercises.judgement import (
    check_dealer_bids,
    check_hooked_bid,
    check_round_score,
    check_round_total,
    check_round_trump,
    check_winner_seat,
    read_bids,
    read_suit,
)


def test_round_trump():
    assert check_round_trump("H", 6)
    assert check_round_trump("♥", 6) and check_round_trump("hearts", 6)
    wrong = check_round_trump("S", 6)
    assert not wrong and "rotates" in str(wrong)
    assert [bool(check_round_trump(s, n)) for n, s in enumerate("CHSDCHSD", 1)] == [True] * 8


def test_hooked_bid():
    right = check_hooked_bid(2, cards=5, earlier_bids=[1, 2, 0])
    assert right and "hook forbids 2" in str(right)
    assert not check_hooked_bid(3, cards=5, earlier_bids=[1, 2, 0])
    assert not check_hooked_bid("none", cards=5, earlier_bids=[1, 2, 0])
    assert check_hooked_bid("none", cards=3, earlier_bids=[2, 2])
    assert check_hooked_bid("None", cards=3, earlier_bids=[2, 2])
    assert not check_hooked_bid(0, cards=3, earlier_bids=[2, 2])
    assert check_hooked_bid(1, cards=1, earlier_bids=[0, 0, 0])


def test_dealer_bids_partial_credit():
    assert check_dealer_bids([0, 1, 3, 4, 5], cards=5, earlier_bids=[2, 1, 0])
    assert check_dealer_bids("0 1 3 4 5", cards=5, earlier_bids=[2, 1, 0])
    forced = check_dealer_bids([0], cards=1, earlier_bids=[0, 0, 0, 0])
    assert forced and "forces" in str(forced)
    partial = check_dealer_bids([0, 1, 2], cards=5, earlier_bids=[2, 1, 0])
    assert not partial and partial.credit == Fraction(2, 6)
    assert "Missing: 3, 4, 5" in str(partial) and "Not allowed: 2" in str(partial)


def test_scores_and_totals():
    assert check_round_score(40, bid=4, tricks=4)  # seed 004
    assert check_round_score("10", bid=0, tricks=0)
    assert check_round_score(10, bid=1, tricks=1)
    over = check_round_score(30, bid=3, tricks=4)
    assert not over and "missed (over), so 0" in str(over)
    assert check_round_score(0, bid=3, tricks=4)
    assert check_round_total(60, bids=[2, 0, 1, 3], tricks=[2, 1, 1, 3])
    wrong = check_round_total(70, bids=[2, 0, 1, 3], tricks=[2, 1, 1, 3])
    assert not wrong and "round 2" in str(wrong)


def test_winner_seat_at_any_table():
    # Five players, diamonds trump, seat 3 leads: 3♦ (the 5th card) wins for seat 2.
    right = check_winner_seat(2, "KS AS 2D QS 3D", leader=3, trump="D", players=5)
    assert right and "clockwise round 5 seats" in str(right)
    assert not check_winner_seat(0, "KS AS 2D QS 3D", leader=3, trump="D", players=5)
    with pytest.raises(ValueError):
        check_winner_seat(2, "KS AS 2D", leader=3, trump="D", players=5)


def test_shared_checks_work_with_judgements_rules():
    rules = judgement.play_rules("C")
    assert check_legal_plays("3H KH", hand="3H KH 2C 5S", trick="QH", rules=rules)
    assert not check_legal_plays("KH", hand="3H KH 2C 5S", trick="QH", rules=rules)
    assert check_trick_winner("3S", trick="KH 2C AH 3S", trump="S")


@pytest.mark.parametrize(
    "answer", [None, ..., True, 2.5, "two", [1, "x"], object(), b"1", {"a": 1}]
)
def test_no_answer_ever_raises(answer):
    for feedback in (
        check_round_trump(answer, 3),
        check_hooked_bid(answer, 5, [1, 2]),
        check_dealer_bids(answer, 5, [1, 2]),
        check_round_score(answer, 2, 2),
        check_round_total(answer, [1], [1]),
        check_winner_seat(answer, "2H 3H 4H", 0, "C", 3),
    ):
        assert not feedback
        assert feedback.status in ("not yet", "not answered yet")


def test_none_is_not_answered_yet():
    assert check_hooked_bid(None, 5, [1, 0]).status == "not answered yet"
    assert check_dealer_bids(None, 5, [1, 0]).status == "not answered yet"


def test_readers():
    assert read_suit(" Clubs ") == "C" and read_suit("spade") == "S"
    assert read_bids("0, 2 3") == {0, 2, 3} and read_bids((1,)) == {1} and read_bids(4) == {4}


@settings(max_examples=80, deadline=None)
@given(cards=st.integers(1, 7), data=st.data())
def test_dealer_bids_right_set_is_right_and_any_other_is_not(cards, data):
    earlier = data.draw(st.lists(st.integers(0, cards), min_size=2, max_size=6))
    legal = judgement.legal_bids(cards, earlier, is_dealer=True)
    assert check_dealer_bids(list(legal), cards, earlier)
    other = data.draw(st.sets(st.integers(0, cards)))
    assert bool(check_dealer_bids(sorted(other), cards, earlier)) == (other == set(legal))
