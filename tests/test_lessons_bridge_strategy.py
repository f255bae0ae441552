"""Lesson 32's machinery: exact hand counts, splits and the missing queen, the 25-point rule,
the game and lead measurements, and a quick check on what 32 taught."""

from fractions import Fraction
from math import comb

import pytest

from cardlib.bots import SensibleBridgeBot
from cardlib.bridge import Deal
from cardlib.errors import CardlibError, PhaseError
from cardlib.lessons import bridge_strategy as lesson


def test_the_hcp_distribution_is_exact():
    chance = lesson.hcp_distribution()
    assert sum(chance.values()) == 1 and lesson.mean_hcp() == 10
    assert min(chance) == 0 and max(chance) == 37  # A K Q of every suit and a jack
    assert chance[37] == Fraction(4, comb(52, 13))  # which jack
    assert chance[0] == Fraction(comb(36, 13), comb(52, 13))
    assert lesson.chance_at_least(0) == 1 and lesson.chance_at_least(38) == 0


def test_splits_from_the_ways_of_dealing_the_26_unknown_cards():
    deals = comb(26, 13)
    # 3-2: West holds 3 of the 5 and 10 of the other 21, or 2 and 11; each way counted once.
    three_two = Fraction(comb(5, 3) * comb(21, 10) + comb(5, 2) * comb(21, 11), deals)
    five_nil = Fraction(2 * comb(21, 8), deals)
    assert lesson.split_chances(5) == {
        "3-2": three_two,
        "4-1": 1 - three_two - five_nil,
        "5-0": five_nil,
    }
    assert three_two == Fraction(78, 115)
    for missing in range(14):
        assert sum(lesson.split_chances(missing).values()) == 1
    assert list(lesson.split_chances(6))[:2] == ["4-2", "3-3"]  # an even split is not likeliest


def test_the_missing_queen_eight_ever_nine_never():
    drop8, finesse8 = lesson.queen_odds(8)
    drop9, finesse9 = lesson.queen_odds(9)
    assert finesse8 > drop8 and drop9 > finesse9
    assert (lesson.queen_line(8), lesson.queen_line(9)) == ("finesse", "drop")
    # With nine cards the drop wins whenever the four missing split 2-2, or the queen is
    # singleton, or East shows out (4-0 with West): the split table's own figures.
    splits = lesson.split_chances(4)
    singleton_queen = splits["3-1"] / 4
    east_void = splits["4-0"] / 2
    assert drop9 == splits["2-2"] + singleton_queen + east_void


@pytest.mark.parametrize("bad", [-1, 14, 2.5, "5", True, None])
def test_split_chances_refuse_a_count_that_is_no_count(bad):
    with pytest.raises(CardlibError, match="missing"):
        lesson.split_chances(bad)


@pytest.mark.parametrize(
    ("points", "partner", "decision"),
    [
        (17, (6, 9), "invite"),  # 24.5 in the middle, 26 at the top
        (18, (6, 9), "game"),  # 25.5
        (15, (6, 9), "stop"),  # 24 at the top
        (16, (6, 9), "invite"),  # exactly 25 at the top: invite
        (10, (15, 17), "game"),  # 26 with the middle of 1NT
        (8, (15, 17), "invite"),
    ],
)
def test_the_25_point_rule(points, partner, decision):
    assert lesson.game_decision(points, partner) == decision


@pytest.mark.parametrize(("points", "partner"), [(41, (6, 9)), ("17", (6, 9)), (17, (9, 6))])
def test_the_25_point_rule_refuses_nonsense(points, partner):
    with pytest.raises(CardlibError):
        lesson.game_decision(points, partner)


def test_sure_winners_stop_at_a_gap_and_at_the_longer_hand():
    assert lesson.sure_winners("AS KS QS 2S", "3S 4S", "S") == 3
    assert lesson.sure_winners("AS KS", "QS", "S") == 2  # the longer hand holds two
    assert lesson.sure_winners("AS QS JS", "2S", "S") == 1
    assert lesson.sure_winners("KS QS", "JS", "S") == 0


def test_the_lead_rules_on_a_hand():
    hand = "KH 7H 3H QD JD TD 4D 9S 6S 2S 8C 5C 3C"
    assert str(lesson.fourth_best_card(hand, "S")) == "4♦"
    assert str(lesson.top_of_sequence_card(hand, "S")) == "Q♦"
    assert str(lesson.partners_suit_card(hand, "S", "H")) == "3♥"
    assert str(lesson.partners_suit_card("KH 7H QD", "S", "H")) == "K♥"  # the top of two
    assert str(lesson.partners_suit_card(hand, "S", None)) == "Q♦"


def test_the_lead_comparison_is_paired_and_exact():
    defence = lesson.compare_leads(12, SensibleBridgeBot())
    lengths = {len(rows) for rows in defence.values()}
    assert len(lengths) == 1 and set(defence) == set(lesson.LEAD_NAMES)
    results = lesson.lead_results(defence)
    assert all(isinstance(t, Fraction) and 0 <= s <= 1 for t, s in results.values())
    difference, error = lesson.paired_difference(defence, "the bot's way")
    assert difference == 0 and error == 0


def test_the_lead_rules_refuse_a_deal_still_in_the_auction():
    with pytest.raises(PhaseError):
        lesson.lead_rules()["fourth best"](Deal(seed=1, dealer="N"))


def test_the_games_and_their_table():
    games = lesson.play_games(6, SensibleBridgeBot())
    records = lesson.game_records(games)
    deals = sum(len(g.deals) for g in games)
    assert sum(records.values()) == 2 * deals
    assert f"{deals} deals of 6 seeded games to 100" in lesson.game_table(records, 6)
    assert {lesson.how_won(g) for g in games} <= {"one game contract", "part-scores added up"}
    assert lesson.band(19) == "under 20" and lesson.band(25) == "23–25" and lesson.band(26) == "26+"


QUICK_RIGHT = ["3-2", "drop", "invite", "3H"]


def test_the_quick_check_asks_what_32_taught_and_takes_the_right_answers():
    check = lesson.quick_check(record=False)
    assert [check.answer(i, a).correct for i, a in enumerate(QUICK_RIGHT)] == [True] * 4
    assert check.passed and not check.recorded
    assert {q.taught for q in check.questions} == {
        "Drawing trumps: how the missing trumps lie",
        "The finesse",
        "Adding up to 25: game, invitation or stop",
        "Opening leads (measured)",
    }


@pytest.mark.parametrize(
    ("question", "answer"),
    [(0, "4-1"), (0, "2-3-0"), (0, "6-1"), (1, "finesse"), (2, "game"), (3, "KH"), (3, "")],
)
def test_the_quick_check_explains_a_wrong_or_unreadable_answer(question, answer):
    feedback = lesson.quick_check(record=False).answer(question, answer)
    assert not feedback.correct and feedback.headline


def test_the_quick_check_reads_look_alike_forms():
    check = lesson.quick_check(record=False)
    assert check.answer(0, "2–3").correct  # an en dash, the order reversed
    assert check.answer(1, " DROP ").correct
    assert check.answer(3, "3♥").correct


def test_no_example_gives_the_answer_away():
    for question in lesson.quick_check(record=False).questions:
        assert not question.mark(question.example).correct
