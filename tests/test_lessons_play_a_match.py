"""Lesson 06's machinery (cardlib.lessons.play_a_match): the Souths it plays, its score sheet,
its places and its quick check."""

from __future__ import annotations

from decimal import Decimal

import pytest

from cardlib.cards import parse_card
from cardlib.lessons import play_a_match
from cardlib.widgets.table import CardTable

SOUTH = "You (South, seat 0)"


def table(**options) -> CardTable:
    return CardTable("callbreak", seed=play_a_match.SEED, speed="instant", **options)


@pytest.fixture(scope="module")
def careless() -> CardTable:
    played = table()
    play_a_match.finish_match(played, play_a_match.first_legal)
    return played


@pytest.fixture(scope="module")
def careful() -> CardTable:
    played = table()
    play_a_match.finish_match(played, play_a_match.like_the_bot)
    return played


def test_the_careless_south_is_last_of_four(careless):
    """Review L11: "finishes on −12.0, behind East": it is last of the four."""
    assert careless.match.totals()[0] == Decimal("-12.0")
    assert play_a_match.standings(careless.match) == {
        SOUTH: "4th",
        "West (1)": "3rd",
        "North (2)": "2nd",
        "East (3)": "1st",
    }


def test_the_careful_south_wins(careful):
    assert careful.match.totals()[0] == Decimal("16.2")
    assert play_a_match.standings(careful.match)[SOUTH] == "1st"
    assert careful.match.winners() == (0,)


def test_tied_totals_share_a_place():
    class Tied:
        @staticmethod
        def totals():
            return (Decimal("7.4"), Decimal("7.40"), Decimal("3.1"), Decimal("-2.0"))

    assert list(play_a_match.standings(Tied).values()) == ["1st (tied)", "1st (tied)", "3rd", "4th"]


def test_the_scoreboard_has_a_row_a_deal_and_the_totals(careless):
    board = play_a_match.scoreboard(careless.match)
    assert board.count("<tr>") == 1 + 5 + 1
    assert "<td>total</td><td>-12.0</td><td>11.4</td><td>12.7</td><td>14.4</td>" in board
    assert "<td>1</td><td>6/5 → -6.0</td>" in board


def test_the_souths_only_ever_press_the_buttons():
    played = table()
    play_a_match.play_deal(played, play_a_match.first_legal)
    actions = played.match_actions
    assert actions[0][0] == "call" and [a[0] for a in actions[1:]].count("card") <= 13
    assert played.state["end"] is not None and played.refusal_count == 0


def test_allowed_and_not_allowed_are_the_hand_split_by_the_rules():
    guided = table(guided=True)
    assert play_a_match.cards_allowed(guided) == []  # the call comes first
    guided.click_call(3)
    allowed = {parse_card(c) for c in play_a_match.cards_allowed(guided)}
    refused = {parse_card(c) for c in play_a_match.cards_not_allowed(guided)}
    assert allowed == guided.deal.legal_plays()
    assert allowed | refused == guided.deal.hand(0) and not allowed & refused


@pytest.mark.parametrize(
    ("question", "right", "wrong"),
    [
        (0, ["South", "You (South, seat 0)", "seat 0", "0", "S"], ["East", "East (3)", "2"]),
        (1, ["South", "South (0)", "seat 0"], ["West", "West (1)", "3"]),
        (2, ["KH AH", "K♥ A♥", "A♥, K♥"], ["10♥ K♥ A♥", "AH", "TH"]),
        (3, ["-2.9", "−2.9"], ["1.0", "9.1", "-3"]),
    ],
)
def test_the_quick_check_marks_the_lessons_own_answers(question, right, wrong):
    check = play_a_match.quick_check(record=False)
    for answer in right:
        assert check.answer(question, answer), answer
    for answer in wrong:
        assert not check.answer(question, answer), answer


def test_the_quick_check_asks_what_06_teaches():
    check = play_a_match.quick_check(record=False)
    assert {q.taught for q in check.questions} == {"How a match runs", "Your first deal, guided"}
    assert check.lesson == "06" and not check.record
