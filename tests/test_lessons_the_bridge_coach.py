"""Lesson 41's machinery: the losses sum, the lead's verdict, the quick check on this lesson."""

import pytest

from cardlib.bots import SensibleBridgeBot, play_out
from cardlib.bridge import Deal, double_dummy
from cardlib.coach.bridge_review import SIDE_POINTS
from cardlib.errors import CardlibError
from cardlib.lessons import the_bridge_coach as lesson


def test_tricks_taken_and_its_refusals():
    assert lesson.tricks_taken(9, 2, 1) == 8
    assert lesson.tricks_taken(7, 0, 0) == 7
    for bad in ((14, 0, 0), (9, -1, 0), (9, 1.0, 0), (9, 0, "1")):
        with pytest.raises(CardlibError):
            lesson.tricks_taken(*bad)  # type: ignore[arg-type]


def test_too_close_is_two_standard_errors_of_the_difference():
    assert lesson.too_close(0.45, 0.43, 0.47)  # the lesson's deal
    assert not lesson.too_close(2.0, 0.3, 0.4)  # 2 > 2 × 0.5
    assert lesson.too_close(1.0, 0.3, 0.4)  # 1 = 2 × 0.5: within


def test_the_quick_check_asks_about_this_lesson_and_marks_right_and_wrong():
    check = lesson.quick_check(record=False)
    assert [q.taught for q in check.questions] == [
        "Tricks given away add up to the result",
        "The opening lead, from what the leader saw",
        "The contract against par",
    ]
    right = ["8", str(SIDE_POINTS[4]), "320"]
    wrong = ["10", "22", "-520"]  # declarer's losses added, the 3 level, par minus score
    for i, (good, bad) in enumerate(zip(right, wrong, strict=True)):
        assert not check.answer(i, bad).correct
        assert check.answer(i, good).correct, check.feedback[i]
    assert check.passed
    assert SIDE_POINTS[4] == 24


def test_the_checks_read_answers_as_the_exercises_do():
    assert lesson.check_against_par(240, score=100, par=-140)
    assert lesson.check_against_par("240", score=100, par=-140)
    assert not lesson.check_against_par(240.5, score=100, par=-140).readable
    assert not lesson.check_tricks_taken(None, 9, 2, 1).correct
    with pytest.raises(CardlibError, match="level"):
        lesson.check_lead_model_points(24, level=8)


@pytest.mark.skipif(not double_dummy.available(), reason="double dummy needs endplay")
def test_the_lessons_deal_adds_up_and_its_lead_is_too_close_to_tell():
    from cardlib.coach.bridge_review import review_bridge

    deal = Deal(seed=6)
    play_out(deal, [SensibleBridgeBot()] * 4)
    review = review_bridge(deal, lead_samples=20, seed=1)
    said = lesson.losses_add_up(deal, review)
    assert f"the {deal.declarer_tricks} tricks declarer took" in said
    contract = deal.contract
    start = double_dummy.dd_table(deal.dealt_hands).of(contract.strain, contract.declarer)
    assert deal.declarer_tricks == start - review.declarer_lost + review.defence_lost
    assert "too close to tell apart" in lesson.lead_verdict(review)


def test_a_deal_not_played_is_refused():
    with pytest.raises(CardlibError, match="deal"):
        lesson.losses_add_up(Deal(seed=6), None)  # type: ignore[arg-type]
