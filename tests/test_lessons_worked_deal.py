"""Lesson 05's machinery: the trick table, the forced and restricted counts, the chhota example."""

import pytest

from cardlib import callbreak
from cardlib.bots import SensibleBot, play_out
from cardlib.history import replay
from cardlib.lessons import worked_deal as lesson


@pytest.fixture(scope="module")
def deal_366():
    deal = callbreak.Deal(seed=366)
    play_out(deal, [SensibleBot()] * 4)
    return deal


def test_forced_cards_are_counted_among_the_restricted_ones(deal_366):
    """Review L1: "chose outright 11 times, narrowed 31 times" counted the 11 inside the 31."""
    plays = replay(deal_366)
    forced, restricted = lesson.forced_and_restricted(plays)
    assert (forced, restricted) == (11, 31)
    assert all(p.restricted for p in plays if p.forced)
    # A last card has no choice, but no rule chose it: it is not "forced" here.
    last_cards = [p for p in plays if p.hand_size == 1]
    assert len(last_cards) == 4 and not any(p.forced for p in last_cards)


def test_the_trick_table_has_a_row_per_trick_and_marks_forced_cards(deal_366):
    plays = replay(deal_366)
    html = lesson.trick_table(plays)
    assert html.count("<tr><td>") == 13
    assert html.count("!</b>") == 11  # each forced card, once
    assert "must-overtrump!</b>" in html  # South's A♠ in trick 8


def test_an_unfinished_deal_has_a_table_too():
    deal = callbreak.Deal(seed=366)
    play_out(deal, [SensibleBot()] * 4)
    plays = replay(deal)[:6]  # a trick and a half
    html = lesson.trick_table(plays)
    assert html.count("<tr><td>") == 2 and html.endswith("<td></td></tr></table>")


def test_the_chhota_example_is_the_original_rules_example():
    chhota = callbreak.Deal.from_hands(lesson.CHHOTA_HANDS, dealer=3, calls=[4, 5, 1, 2])
    lesson.play_to(chhota, lesson.CHHOTA_TRICKS, 4 * 4 + 1)
    assert chhota.explain().rule == "must-beat"  # K♥ over the queen
    lesson.play_to(chhota, lesson.CHHOTA_TRICKS, 52)
    assert (chhota.calls[0], chhota.tricks_won[0], str(chhota.scores()[0])) == (4, 5, "4.1")
    forced = {str(p.card): p.rule for p in replay(chhota) if p.seat == 0 and p.forced}
    assert forced["K♥"] == "must-beat" and forced["2♠"] == "must-trump"


def test_play_to_refuses_a_card_the_rules_do_not_allow():
    chhota = callbreak.Deal.from_hands(lesson.CHHOTA_HANDS, dealer=3, calls=[4, 5, 1, 2])
    wrong = ["AS 3S 4S 2C", "KS 7S 5S 3C", "AH 2H 5H 6H", "2D 8D 9D AD", "QH 3H 4H 7H"]
    with pytest.raises(ValueError):
        lesson.play_to(chhota, wrong, 18)  # 3♥ under the queen, holding K♥
    assert len(chhota.trick) == 1  # refused: the deal is as it was


def test_the_quick_check_marks_right_and_wrong():
    quick = lesson.quick_check(record=False)
    for i, answer in enumerate(["West", "South", "3.2", "0.2"]):
        assert quick.answer(i, answer), i
    assert quick.passed and not quick.recorded
    assert not lesson.quick_check(record=False).answer(0, "North")
