"""Lesson 09's module: its quick check asks what the lesson taught, and marks it right."""

from __future__ import annotations

import pytest

from cardlib.errors import CardlibError
from cardlib.lessons import call_break_strategy as lesson
from cardlib.strategy import call_by_count


def marks(answers) -> list[bool]:
    check = lesson.quick_check(record=False)
    return [bool(q.mark(a)) for q, a in zip(check.questions, answers, strict=True)]


def test_the_right_answers_are_right_and_the_plain_count_is_not():
    assert marks(["4", "3", "no", "yes"]) == [True] * 4
    # the plain count (5), calling the count last (4), leading the short spade, ducking
    assert marks(["5", "4", "yes", "no"]) == [False] * 4


def test_the_first_answer_is_the_package_rule_for_the_lesson_hand():
    assert call_by_count(lesson.EXAMPLE_HAND) == 4


@pytest.mark.parametrize(
    ("count", "others", "expected"),
    [(4, (4, 3, 3), 3), (4, (3, 3, 2), 4), (1, (5, 5, 5), 1), (5, (3, 2, 2), 5)],
)
def test_the_last_caller_calls_one_less_past_12_in_all(count, others, expected):
    assert lesson.check_last_call(str(expected), count, others)
    assert not lesson.check_last_call(str(expected + 1), count, others)


@pytest.mark.parametrize("answer", ["Yes", " y ", "YES"])
def test_yes_is_read_in_any_case(answer):
    assert lesson.check_yes_no(answer, True, "why")
    assert not lesson.check_yes_no(answer, False, "why")


@pytest.mark.parametrize("answer", ["maybe", "", "1", "yes no"])
def test_an_answer_that_is_neither_yes_nor_no_is_explained_not_marked(answer):
    feedback = lesson.check_yes_no(answer, True, "why")
    assert not feedback and "yes or no" in feedback.headline


def test_a_call_answer_that_is_not_a_number_is_explained():
    feedback = lesson.check_count_call("four", lesson.EXAMPLE_HAND)
    assert not feedback


def test_a_bad_hand_given_to_the_check_is_refused():
    with pytest.raises(CardlibError):
        lesson.check_count_call("4", "AS KS")


@pytest.mark.parametrize("others", [(4, 3), (4, 3, "3"), None, (4, 3, 14)])
def test_earlier_calls_that_are_not_three_calls_are_refused(others):
    with pytest.raises(CardlibError):
        lesson.check_last_call("3", 4, others)


@pytest.mark.parametrize(("expected", "why"), [("yes", "why"), (True, None)])
def test_a_yes_no_question_needs_a_flag_and_a_reason(expected, why):
    with pytest.raises(CardlibError):
        lesson.check_yes_no("yes", expected, why)
