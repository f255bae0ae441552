"""Lesson 10's helpers and quick check (cardlib.lessons.judgement)."""

from fractions import Fraction

from cardlib import judgement
from cardlib.lessons import judgement as lesson
from cardlib.widgets.table import CardTable


def test_small_tables():
    assert {p: lesson.out_of_play(p, 7) for p in range(3, 8)} == {3: 31, 4: 24, 5: 17, 6: 10, 7: 3}
    assert lesson.dealer_choices(1, 0) == (0,) and lesson.dealer_choices(1, 1) == (1,)
    assert lesson.dealer_choices(3, 5) == (0, 1, 2, 3)
    lines = list(lesson.score_lines(3).values())
    assert lines[1][3] == 3 and lines[1][4] == 0 and lines[0][4] == Fraction(31, 10)


def test_bots_never_all_hit_their_bids():
    rounds = lesson.bot_rounds(players=5, seeds=24)
    assert len(rounds) == 24 and all(r.phase == judgement.OVER for r in rounds)
    assert not any(lesson.everyone_exact(r) for r in rounds)


def test_play_round_presses_the_lowest_raised_card_to_the_end():
    table = CardTable("judgement", seed=6, players=4, speed="instant")
    lesson.play_round(table, 0)
    assert table.state["end"] is not None
    assert table.deal.bids[0] == 0 and table.deal.tricks_won[0] == 0


def test_the_quick_check_says_none_is_an_answer():
    check = lesson.quick_check(record=False)
    assert "none" in check.questions[0].prompt
    assert [bool(check.answer(i, a)) for i, a in enumerate(["2", "20", "0", "0 2 3"])] == [True] * 4
