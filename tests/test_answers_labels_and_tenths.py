"""Answers in the forms the lessons print: a seat by its label (review M9), a score as a float
with one decimal (review L18); the ✓/✗ in the kernel and the grade outside it agree on both."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cardlib import i18n
from cardlib.exercises import answers, words
from cardlib.exercises import feedback as feedback_module
from cardlib.exercises.checks import (
    check_dealer,
    check_first_player,
    check_score,
    check_scores,
    check_trick_winner_seat,
)
from cardlib.exercises.grading import judge_check
from cardlib.lessons import cards_and_dealing, spades_are_trump
from cardlib.seats import seat_label


@pytest.fixture(autouse=True)
def english_and_no_mode_around_each_test():
    mode = feedback_module._mode
    with i18n.language("en"):
        yield
    feedback_module._mode = mode


def graded(check, answer, **givens):
    """The grade of ``answer``, worked out as the grading process does, from the cell's report."""
    source = f"{check.__name__}(answer_1, **{givens!r})"
    outputs = check(answer, **givens).grading_outputs()
    verdict = judge_check(source, {check.__name__: check}, outputs)
    assert verdict is not None
    return verdict


# ----- seats, by every label the project prints ------------------------------------------------


def every_printed_label(seat: int) -> set[str]:
    """Every way the project prints ``seat`` at a table of four, in every language."""
    labels = set()
    for code in i18n.LANGUAGES:
        with i18n.language(code):
            labels |= {
                seat_label(seat),
                seat_label(seat, you=seat),
                i18n._("seat {seat}").format(seat=seat),
                i18n._(("South", "West", "North", "East")[seat]),
            }
    return labels


@pytest.mark.parametrize("mode", ["practice", "homework"])
def test_every_printed_label_is_accepted_in_the_kernel_and_by_the_grade(mode):
    feedback_module._mode = mode
    for answer in every_printed_label(3):  # North (2) deals: East (3) calls first
        assert check_first_player(answer, dealer=2).correct, answer
        assert graded(check_first_player, answer, dealer=2).correct, answer
    for answer in every_printed_label(1):
        assert not check_first_player(answer, dealer=2).correct, answer
        assert not graded(check_first_player, answer, dealer=2).correct, answer


def test_the_review_s_forms_are_accepted():
    for answer in ("East (3)", "seat 3", "east(3)", "EAST (3).", "You (East, seat 3)"):
        assert check_first_player(answer, dealer=2).correct, answer
    assert check_first_player("You (South, seat 0)", dealer=3).correct


DISAGREEING = {
    "East (2)": (3, 2),
    "East 1": (3, 1),
    "You (South, seat 2)": (0, 2),
    "पूर्व (1)": (3, 1),
    "Purab (0)": (3, 0),
    "आप (दक्षिण, सीट ३)": (0, 3),
    "तपाईं (पूर्व, सिट 2)": (3, 2),
    "North (7)": (2, 7),
}


def test_a_label_whose_name_and_number_disagree_is_seen_as_two_seats():
    for text, seats in DISAGREEING.items():
        assert words.seat_of(text) is None, text
        assert words.seats_named(text) == seats, text
    for text in ("East (3)", "seat 7", "7", "Eastern 2", "seat", "East (03)", "Seat 3"):
        assert words.seats_named(text) is None, text


@pytest.mark.parametrize("mode", ["practice", "homework", "exam"])
def test_a_disagreeing_label_is_refused_saying_what_is_accepted(mode):
    feedback_module._mode = mode
    for text, (named, number) in DISAGREEING.items():
        for check, givens in (
            (check_first_player, {"dealer": 2}),  # East (3): the name right, the number wrong
            (check_dealer, {"first_dealer": 0, "deal_number": 2}),
            (check_trick_winner_seat, {"trick": "AH 2S KH 3H", "leader": 2}),
        ):
            feedback = check(text, **givens)
            assert feedback.status == "not yet" and not feedback.readable, (text, mode)
            said = str(feedback)
            assert f"is seat {named}, not {number}" in said, said
            assert "a seat's name, its number or its label" in said, said
            assert seat_label(named) in said, said
            assert not graded(check, text, **givens).correct


def test_look_alike_labels_are_refused_not_read_as_another_seat():
    # a Cyrillic Е, a label cut short, a word that only starts like a seat
    for text in ("Еast (3)", "East (", "Eastern", "seat", "You", "E (3)", "East, 3 3"):
        feedback = check_first_player(text, dealer=2)
        assert not feedback.correct and not feedback.readable, text
        assert "its label as the lessons print it" in str(feedback), str(feedback)


def test_the_lessons_seat_questions_take_their_own_labels():
    # 01's "North (seat 2) deals" and 02's "West (1) led" quick-check questions
    first = cards_and_dealing.quick_check(record=False)
    index = next(i for i, q in enumerate(first.questions) if q.check is check_first_player)
    assert first.answer(index, "East (3)").correct
    assert not first.answer(index, "East (2)").readable
    second = spades_are_trump.quick_check(record=False)
    index = next(i for i, q in enumerate(second.questions) if q.check is check_trick_winner_seat)
    assert second.answer(index, "seat 3").correct  # K♠, the third card, played by East (3)
    assert second.answer(index, "You (East, seat 3)").correct


# ----- a score as a float with one decimal -------------------------------------------------------


def test_a_float_is_read_as_the_tenth_it_was_written_as():
    assert answers.exact_tenth(4.2) == Fraction(21, 5)
    assert answers.exact_tenth(-3.0) == -3 and answers.exact_tenth(0.1) == Fraction(1, 10)
    for noise in (4.25, 4.1 + 0.1, 0.1 + 0.2, float("nan"), float("inf")):
        assert answers.exact_tenth(noise) is None, noise
    assert answers.exact_tenth(True) is None and answers.exact_tenth("4.2") is None  # type: ignore[arg-type]


@pytest.mark.parametrize("mode", ["practice", "homework"])
def test_a_one_decimal_float_scores_in_the_kernel_and_in_the_grade(mode):
    feedback_module._mode = mode
    assert check_score(4.2, call=4, tricks=6).correct
    assert graded(check_score, 4.2, call=4, tricks=6).correct
    assert not check_score(4.3, call=4, tricks=6).correct  # read, and wrong
    assert check_score(4.3, call=4, tricks=6).readable
    assert not graded(check_score, 4.3, call=4, tricks=6).correct
    for noise in (4.25, 4.1 + 0.1):  # refused, in the kernel and by the grade alike
        feedback = check_score(noise, call=4, tricks=6)
        assert not feedback.correct and not feedback.readable
        assert "more than one decimal" in str(feedback)
        assert not graded(check_score, noise, call=4, tricks=6).correct
    assert check_scores([4.1, -3.0, 2, 1.3], calls=[4, 3, 2, 1], tricks_won=[5, 2, 2, 4]).correct
