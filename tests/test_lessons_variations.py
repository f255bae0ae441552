"""Lesson 07's machinery: the switches, the pictures side by side, one deal under each rule."""

from dataclasses import fields
from fractions import Fraction
from math import comb

from cardlib import callbreak
from cardlib.lessons import variations as lesson


def test_the_switches_are_the_fields_of_variant():
    """Review L4: the lesson said "seven switches" where Variant has eight."""
    assert lesson.switches() == [f.name for f in fields(callbreak.Variant)]
    assert len(lesson.switches()) == 8


def test_the_no_face_card_chance_is_exact():
    chance = lesson.no_face_deal_chance()
    one = Fraction(comb(36, 13), comb(52, 13))
    assert 4 * one - chance > 0  # two such hands at once are possible: subtracted
    assert round(1 / chance) == 69


def test_calling_order_and_dealers_follow_the_direction_of_play():
    anti = callbreak.Variant(anticlockwise=True)
    assert lesson.calling_order(callbreak.STANDARD)[0] == "West (1)"
    assert lesson.calling_order(anti) == ["East (3)", "North (2)", "West (1)", "South (0)"]
    assert lesson.dealers(anti) == ["South (0)", "East (3)", "North (2)", "West (1)", "South (0)"]


def test_old_scoring_keeps_the_play_and_changes_the_scores():
    old = callbreak.Variant(old_scoring=True)
    standard, changed = lesson.deal_outcome(40, callbreak.STANDARD), lesson.deal_outcome(40, old)
    assert standard[:2] == changed[:2] and standard[2] != changed[2]
    table = lesson.outcome_table(40, {"standard": callbreak.STANDARD, "old scoring": old})
    assert table.count("<tr><th>") == 3 and "4/6 → -4.0" in table  # heading + two rules


def test_the_pictures_name_their_columns():
    html = lesson.side_by_side("a", "b", right_title="old scoring")
    assert "<th>standard</th><th>old scoring</th>" in html
    row = lesson.score_row(4, callbreak.Variant(old_scoring=True), range(5, 7))
    assert "<td>4.0</td><td>-4.0</td>" in row


def test_a_first_leader_with_spades_is_found():
    deal = lesson.first_leader_with_spades(callbreak.Variant(no_spade_lead_first_trick=True))
    hand = deal.hand(deal.to_act)
    assert deal.phase == "playing" and not deal.tricks
    assert {c.suit for c in hand} - {"S"} and any(c.suit == "S" for c in hand)


def test_the_quick_check_asks_each_house_rule_it_teaches():
    quick = lesson.quick_check(record=False)
    for i, answer in enumerate(["-4", "4", "2H 5D", "5S AH 7H"]):
        assert quick.answer(i, answer), i
    assert quick.passed
    assert not lesson.quick_check(record=False).answer(3, "5S")  # free discard: any card
