"""Lesson 40's module: its quick check asks how to read the coach's figures."""

from __future__ import annotations

import pytest

from cardlib.errors import CardlibError
from cardlib.lessons import the_coach as lesson


def marks(answers) -> list[bool]:
    check = lesson.quick_check(record=False)
    return [bool(q.mark(a)) for q, a in zip(check.questions, answers, strict=True)]


def test_the_right_answers_are_right_and_the_wrong_ones_not():
    assert marks(["no", "0.1", "yes", "no"]) == [True] * 4
    assert marks(["yes", "0.05", "no", "yes"]) == [False] * 4


@pytest.mark.parametrize(
    ("stderr", "samples", "more", "expected"),
    [("0.2", 100, 400, "0.1"), ("0.3", 100, 900, "0.1"), ("0.1", 400, 100, "0.2")],
)
def test_the_error_shrinks_with_the_square_root_of_the_samples(stderr, samples, more, expected):
    assert lesson.check_smaller_error(expected, stderr, samples, more)


def test_a_float_answer_is_read_as_the_other_checks_read_it():
    # one decimal is that exact tenth (exercises.answers.exact_tenth); more is explained
    assert lesson.check_smaller_error(0.1, "0.2", 100, 400)
    assert not lesson.check_smaller_error(0.15, "0.2", 100, 400)


@pytest.mark.parametrize(("samples", "more"), [(100, 200), (0, 400), (100, True)])
def test_a_question_without_an_exact_answer_is_refused(samples, more):
    with pytest.raises(CardlibError):
        lesson.check_smaller_error("0.1", "0.2", samples, more)
