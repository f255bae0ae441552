"""Lesson 31's machinery: the score tables, the double-dummy sentences, replays, deal rows and
the quick check."""

from types import SimpleNamespace

import pytest

from cardlib import bridge
from cardlib.bots import SensibleBridgeBot, play_match
from cardlib.bridge import Deal, Match
from cardlib.errors import CardlibError
from cardlib.lessons import bridge_play_and_score as lesson


def _deal_4s_by_north() -> Deal:
    deal = Deal(seed=5180, dealer="W")
    for call in ["1S", "P", "3S", "P", "4S", "P", "P", "P"]:
        deal.call(call)
    return deal


def test_trick_scores_are_the_rule_books_values():
    assert lesson.trick_scores() == {
        "C": [20, 40, 60, 80, 100, 120, 140],
        "D": [20, 40, 60, 80, 100, 120, 140],
        "H": [30, 60, 90, 120, 150, 180, 210],
        "S": [30, 60, 90, 120, 150, 180, 210],
        "NT": [40, 70, 100, 130, 160, 190, 220],
    }
    assert lesson.trick_scores("X")["NT"][0] == 80 and lesson.trick_scores("XX")["C"][6] == 560


@pytest.mark.parametrize("doubling", ["x", "D", "XXX", None, 1])
def test_trick_scores_refuse_an_unknown_doubling(doubling):
    with pytest.raises(CardlibError, match="doubling"):
        lesson.trick_scores(doubling)


def test_the_game_contracts():
    assert {s: lesson.smallest_game(s) for s in bridge.STRAINS} == {
        "C": 5, "D": 5, "H": 4, "S": 4, "NT": 3
    }  # fmt: skip


@pytest.mark.parametrize(
    ("possible", "verdict"),
    [
        (9, "more than perfect defence allows"),
        (11, "fewer than perfect play gives"),
        (10, "exactly what perfect play on both sides gives"),
    ],
)
def test_against_double_dummy_says_who_went_wrong(possible, verdict):
    deal = _deal_4s_by_north()
    bot = SensibleBridgeBot()
    while deal.phase != "over":
        deal.play(bot.choose_play(deal))
    assert deal.declarer_tricks == 10
    table = SimpleNamespace(of=lambda strain, seat: possible if (strain, seat) == ("S", 2) else 0)
    text = lesson.against_double_dummy(deal, table)
    assert f"takes {possible} tricks in spades, and 4S by N needs 10. The bots took 10" in text
    assert verdict in text


def test_par_sentence_says_is_or_is_not_and_a_passed_out_par():
    deal = _deal_4s_by_north()
    par = SimpleNamespace(score=420, contracts=("4S by N", "4S by S"))
    assert "4S by N, is a par contract. Par here: 4S by N, 4S by S, +420" in lesson.par_sentence(
        deal, par
    )
    none = SimpleNamespace(score=0, contracts=())
    assert "is not a par contract. Par here: passed out, +0" in lesson.par_sentence(deal, none)


def test_replay_plays_a_copy_and_leaves_the_deal_alone():
    deal = _deal_4s_by_north()
    position = lesson.replay(deal, tricks=2, players=[SensibleBridgeBot()] * 4)
    assert len(position.tricks) == 2 and position.calls == deal.calls
    assert position.dealt_hands == deal.dealt_hands
    assert deal.tricks == () or len(deal.tricks) == 0
    assert lesson.replay(deal, tricks=0, players=[]).phase == "playing"


@pytest.mark.parametrize("tricks", [-1, 14, 2.0, True, "2"])
def test_replay_refuses_a_trick_count_out_of_range(tricks):
    with pytest.raises(CardlibError, match="tricks"):
        lesson.replay(_deal_4s_by_north(), tricks=tricks, players=[SensibleBridgeBot()] * 4)


def test_deal_rows_one_line_a_deal():
    game = play_match(Match(seed=2031, dealer="N"), [SensibleBridgeBot()] * 4)
    rows = lesson.deal_rows(game)
    assert len(rows) == len(game.deals)
    first = game.deals[0]
    assert rows[0].startswith("North (2) dealt: " + " ".join(first.calls))
    for row, deal in zip(rows, game.deals, strict=True):
        assert row.endswith(
            f"{deal.contract}, {deal.declarer_tricks} tricks" if deal.contract else "passed out"
        )


def test_the_quick_check_takes_the_rule_books_scores():
    check = lesson.quick_check(record=False)
    answers = ["(120, 0, 0)", "(60, 30, 0)", "(0, 0, 50)", "(0, 0, 500)"]
    assert all(check.answer(i, a).correct for i, a in enumerate(answers))
    assert check.passed and not check.recorded
    assert not lesson.quick_check(record=False).answer(3, "(0, 0, 150)").correct
