"""Lesson 30's machinery: bid order, the refusal rule of a call, and the quick check."""

import pytest

from cardlib import bridge
from cardlib.bridge import BIDS, Auction
from cardlib.errors import CardlibError
from cardlib.lessons import bridge_auction
from cardlib.lessons.bridge_auction import is_higher, refusal, side_name


def test_is_higher_follows_the_order_of_all_35_bids():
    for i, low in enumerate(BIDS):
        for high in BIDS[i + 1 :]:
            assert is_higher(high, low) and not is_higher(low, high)
        assert not is_higher(low, low)


def test_is_higher_reads_every_written_form():
    assert is_higher("1♥", "1d") and is_higher("2n", "2S") and not is_higher("1♣", "1C")


def test_is_higher_refuses_what_is_no_bid():
    with pytest.raises(CardlibError):
        is_higher("8C", "1C")
    with pytest.raises(ValueError):  # a pass has no rank among the bids
        is_higher("P", "1C")


@pytest.mark.parametrize(
    ("calls", "call", "rule"),
    [
        ("1D", "1C", "insufficient-bid"),
        ("", "X", "double-no-bid"),
        ("1D P", "X", "double-own-side"),
        ("1D X P", "X", "double-already-doubled"),
        ("1D", "XX", "redouble-not-doubled"),
        ("1D X P", "XX", "redouble-opponents-bid"),
        ("1D X XX P", "XX", "redouble-already-redoubled"),
        ("1D P P P", "P", "auction-over"),
        ("1D P P", "X", None),  # passes in between: the last bid is still the opponents'
        ("1D X P P", "XX", None),
        ("1D X", "2C", None),
    ],
)
def test_refusal_names_the_rule(calls, call, rule):
    assert refusal(calls, call) == rule


def test_refusal_leaves_an_auction_alone_and_agrees_with_it():
    auction = Auction.from_calls("N", "1D X")
    assert refusal("1D X", "X") == auction.why_illegal("X").rule
    assert auction.calls == ("1D", "X")


def test_sides_and_the_order_from_north():
    assert [side_name(s) for s in bridge_auction.CLOCKWISE_FROM_NORTH] == ["NS", "EW"] * 2
    assert bridge_auction.CLOCKWISE_FROM_NORTH == (bridge.NORTH, bridge.EAST, bridge.SOUTH, 1)


def test_the_quick_check_takes_the_right_answers_and_explains_a_wrong_one():
    check = bridge_auction.quick_check(record=False)
    assert [check.answer(i, a).correct for i, a in enumerate(["E", "S", "P XX", "Pass X"])] == [
        True
    ] * 4
    assert check.passed and not check.recorded
    # The notebooks' own seat labels are answers too (review M9).
    assert bridge_auction.quick_check(record=False).answer(0, "East (3)").correct
    wrong = bridge_auction.quick_check(record=False).answer(2, "P X XX")
    assert not wrong.correct and "own side" in str(wrong)


def test_no_example_gives_the_answer_away():
    check = bridge_auction.quick_check(record=False)
    for i, question in enumerate(check.questions):
        assert not question.mark(question.example).correct, i
