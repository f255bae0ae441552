"""Lesson 08's machinery: a puzzle's position happened, and the quick check."""

from dataclasses import replace

from cardlib.cards import Card
from cardlib.lessons import puzzles as lesson
from cardlib.puzzles.legal_play import puzzle_set


def test_every_puzzle_of_a_set_happened_and_a_forged_one_did_not():
    hard = puzzle_set(4, "hard", seed=3)
    assert all(lesson.happened(p) for p in hard)
    forged = replace(hard[0], hand=tuple(hard[0].hand[1:]))
    assert not lesson.happened(forged)


def test_the_quick_check_marks_right_and_wrong():
    quick = lesson.quick_check(record=False)
    for i, answer in enumerate(["QS", "must-overtrump", "2S 3S"]):
        assert quick.answer(i, answer), i
    assert quick.passed
    assert not lesson.quick_check(record=False).answer(0, "7S QS")
    assert Card("QS")  # the cards of the prompts parse
