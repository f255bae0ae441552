"""The Contract Bridge exercise checks: right answers, honest reasons, never a traceback."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import bridge
from cardlib.exercises.bridge import (
    check_contract_score,
    check_declarer,
    check_legal_calls,
    check_side_points,
)


def test_legal_calls_right_in_any_spelling():
    for answer in ["1S 2H P X", "x, p, 2h, 1♠", ["1S", "2H", "pass", "double"]]:
        assert check_legal_calls(answer, calls="1H", dealer="N", among="1D 1S 2H P X XX")
    everything = bridge.Auction.from_calls("N", "1H X").legal_calls()
    assert check_legal_calls(" ".join(everything), calls="1H X", dealer="N")


def test_legal_calls_partial_credit_with_the_rule_for_each_wrong_call():
    feedback = check_legal_calls("1S X XX", calls="1H", dealer="N", among="1D 1S 2H P X XX")
    assert not feedback and feedback.credit == Fraction(2, 5)
    text = str(feedback)
    assert "Missing: 2♥ Pass — legal too" in text
    assert "Not allowed: XX, because nothing to redouble" in text


def test_legal_calls_the_laws_order_changes_the_caller():
    # Under the Laws the dealer, North, bid 1H, so East calls next; under the seed, South.
    laws = check_legal_calls(
        "P X 1S", calls="1H", dealer="N", among="P X 1S", first_caller="dealer"
    )
    seed = check_legal_calls("P X 1S", calls="1H", dealer="N", among="P X 1S")
    assert laws and seed
    assert laws.headline.startswith("East may call") and seed.headline.startswith("South may")


def test_legal_calls_after_a_finished_auction_is_a_wrong_question():
    # It once failed indexing the seat names with None: nobody calls after the last pass.
    with pytest.raises(ValueError, match="the auction must still be on"):
        check_legal_calls("P", calls="1H P P P", dealer="N")


def test_declarer_names_the_rule_and_the_last_bidder_trap():
    calls = "1D 1H 2D 2S P 3H P 4H P P P"
    assert check_declarer("West", calls=calls, dealer="E")
    assert check_declarer("w", calls=calls, dealer="E")
    assert check_declarer(bridge.WEST, calls=calls, dealer="E")
    trap = check_declarer("East", calls=calls, dealer="E")
    assert not trap and "made the last bid" in str(trap)
    assert "first of them to name hearts was West (1♥)" in str(trap)
    with pytest.raises(ValueError):
        check_declarer("N", calls="1H P P", dealer="N")  # the question itself is wrong


@pytest.mark.parametrize(
    ("contract", "tricks"),
    [("3NTX", 10), ("4HXX", 7), ("6S", 13), ("4S", 12), ("7NT", 0), ("2CX", 8), ("1NTXX", 7)],
)
def test_contract_score_agrees_with_the_engine(contract, tricks):
    truth = bridge.score(contract, tricks)
    triple = (truth.below, truth.above_declarer, truth.above_defenders)
    assert check_contract_score(triple, contract, tricks)
    assert check_contract_score(list(map(str, triple)), contract, tricks)
    wrong = check_contract_score((truth.below + 10, *triple[1:]), contract, tricks)
    assert not wrong and wrong.credit == Fraction(2, 3)
    assert f"below the line: not {truth.below + 10}" in str(wrong)


def test_side_points_with_honours_for_the_defenders():
    hands = {"W": "AH KH QH JH"}
    assert check_side_points(200, "EW", "above", "4H by N", 8, hands=hands)
    assert check_side_points(0, "NS", "above", "4H by N", 8, hands=hands)
    assert check_side_points(120, "NS", "below", "4H by N", 10, hands=hands)
    wrong = check_side_points(100, "EW", "above", "4H by N", 8, hands=hands)
    assert not wrong and "honours (trump honours, West)" in str(wrong)


@settings(max_examples=100, deadline=None)
@given(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(),
        st.text(max_size=12),
        st.lists(st.one_of(st.integers(), st.text(max_size=4)), max_size=4),
        st.binary(max_size=4),
        st.just(...),
    )
)
def test_no_answer_ever_raises(answer):
    for feedback in (
        check_legal_calls(answer, calls="1H", dealer="N", among="1D 1S 2H P X XX"),
        check_declarer(answer, calls="1S P 2H P 4H P P P", dealer="N"),
        check_contract_score(answer, "3NTX", 10),
        check_side_points(answer, "EW", "above", "4H by N", 8, hands={"W": "AH KH QH JH"}),
    ):
        assert feedback.status in ("correct", "not yet", "not answered yet")
        assert str(feedback)


def test_none_is_not_answered_yet():
    assert check_legal_calls(None, calls="1H", dealer="N").status == "not answered yet"
    assert check_declarer(None, calls="1H P P P", dealer="N").status == "not answered yet"
    assert check_contract_score(None, "4S", 10).status == "not answered yet"
    assert check_side_points(None, "NS", "below", "4S by N", 10).status == "not answered yet"
