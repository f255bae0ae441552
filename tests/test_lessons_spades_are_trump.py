"""Lesson 02's machinery: drawing a trick, winners under every trump, the spade measurement."""

from fractions import Fraction

import pytest

from cardlib import parse_cards
from cardlib.errors import CardlibError
from cardlib.lessons import spades_are_trump as lesson


def my_winner(trick):
    """The lesson's four-line rule."""
    spades = [card for card in trick if card.suit == "S"]
    contenders = spades or [card for card in trick if card.suit == trick[0].suit]
    return trick.index(max(contenders, key=lambda card: card.rank))


def test_the_learners_rule_agrees_with_the_engine_and_a_wrong_one_does_not():
    tricks = lesson.random_tricks(10_000, seed=2)
    assert lesson.agreement(my_winner, tricks) == 10_000
    assert lesson.agreement(lambda trick: 0, tricks) < 10_000
    with_spade = Fraction(sum(any(c.suit == "S" for c in t) for t in tricks), len(tricks))
    assert with_spade > Fraction(2, 3)  # "more than two tricks out of three"


def test_place_says_the_position_from_0_in_words():
    # review L10: trick_winner counts from 0; 2 is the third card
    assert [lesson.place(i) for i in range(4)] == [
        "the card led",
        "the second card",
        "the third card",
        "the fourth card",
    ]
    for bad in (4, -1, "2", 2.0, True):
        with pytest.raises(CardlibError, match="position"):
            lesson.place(bad)  # type: ignore[arg-type]


def test_winners_by_trump_and_the_drawing():
    assert lesson.winners_by_trump("5H 2S KD 3C") == {
        "S": "2♠",
        "H": "5♥",
        "D": "K♦",
        "C": "3♣",
        "no trump": "5♥",
    }
    drawn = lesson.show("AH 2S KH 3H")
    assert "two of spades, 2nd, wins" in drawn and "ace of hearts, led" in drawn
    assert "king of diamonds, 3rd, wins" in lesson.show("5H 2S KD 3C", trump="D")


def test_more_spades_more_tricks():
    averages, share = lesson.tricks_by_spades(deals=200, seed=7)
    keys = sorted(k for k in averages if k + 1 in averages)
    assert all(averages[k] < averages[k + 1] for k in keys[:6])
    assert Fraction(1, 2) < share < Fraction(7, 10)
    with pytest.raises(CardlibError, match="deals"):
        lesson.tricks_by_spades(deals=0)


def test_the_quick_check_asks_what_the_lesson_taught():
    check = lesson.quick_check(record=False)
    right = ["2S", "KD", "KD", "East (3)"]
    for i, answer in enumerate(right):
        assert not check.answer(i, "AH").correct
        assert check.answer(i, answer).correct, (i, check.feedback[i])
    assert check.passed
    # the trick of question 4, with spades trump, is won by the spade
    assert not check.questions[2].mark("2S").correct
    assert parse_cards(check.questions[2].givens["trick"])[2] == parse_cards("KD")[0]
