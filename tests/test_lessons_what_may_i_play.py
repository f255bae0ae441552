"""Lesson 03's machinery: positions drawn, the three games compared, the rules counted."""

import pytest

from cardlib import callbreak
from cardlib.errors import CardlibError
from cardlib.lessons import what_may_i_play as lesson
from cardlib.widgets.play_explorer import Position, dealt_position


def test_call_break_is_the_strictest_and_the_ladder_holds_on_dealt_positions():
    assert all(lesson.strictest(dealt_position(seed)) for seed in range(200))
    assert all(lesson.ladder_holds(dealt_position(seed)) for seed in range(300))


def test_ladder_holds_can_fail():
    # a position whose legal cards would not be the led suit: not reachable, so forge one by
    # checking a hand that holds the led suit against a rule that allows anything
    position = Position.of("probe", "probe", "3H KH 5D", "4H")
    assert lesson.ladder_holds(position)
    original = lesson.legal_plays
    try:
        lesson.legal_plays = lambda hand, trick, *a, **k: frozenset(hand)  # type: ignore[assignment]
        assert not lesson.ladder_holds(position)
    finally:
        lesson.legal_plays = original  # type: ignore[assignment]


def test_compare_gives_each_games_legal_cards():
    assert lesson.compare("3H 2S 5D", "7C") == {
        "Call Break": "2♠",
        "Call Bridge": "2♠",
        "Judgement, ♠ trump": "2♠ 3♥ 5♦",
    }


def test_rule_counts_separate_last_cards_from_cards_the_ladder_forced():
    counts = lesson.rule_counts(deals=20, seed=3)
    assert counts.plays == 20 * 52 and counts.last_cards == 4 * 20
    assert counts.forced == counts.last_cards + counts.by_the_rules
    assert set(counts.rules) <= {
        "lead",
        "must-beat",
        "follow-any",
        "follow-trumped",
        "must-trump",
        "must-overtrump",
        "must-undertrump",
        "free",
    }
    with pytest.raises(CardlibError, match="deals"):
        lesson.rule_counts(deals=-1)


def test_show_draws_the_legal_cards_and_the_rule():
    drawn = lesson.show("3H KH 2S 5D", "4H QH")
    assert "king of hearts, legal" in drawn and "must-beat" in drawn
    assert "You lead." in lesson.show("AS 3S")
    free = lesson.show("3S 5S 4H", "7C 9S", variant=callbreak.Variant(free_discard=True))
    assert "four of hearts, legal" in free


def test_the_rule_in_every_language_keeps_its_id():
    table = lesson.in_every_language("3H KH", "QH")
    assert table.count("must-beat") == 4 and 'lang="hi"' in table


def test_the_quick_check_asks_what_the_lesson_taught():
    check = lesson.quick_check(record=False)
    right = ["AH", "4S 9S", "must-trump", "7H 3H"]
    for i, answer in enumerate(right):
        assert check.answer(i, answer).correct, (i, check.feedback[i])
    assert not check.answer(0, "7H").correct  # ducking is not allowed
    assert not check.answer(3, "7H").correct  # any heart, not only one
