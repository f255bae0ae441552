"""Lesson 20's helpers and quick check (cardlib.lessons.call_bridge)."""

import random
from fractions import Fraction

import pytest

from cardlib import callbreak, callbridge
from cardlib.cards import parse_cards, to_mask
from cardlib.coach.fast import sample_tricks
from cardlib.errors import CardlibError
from cardlib.lessons import call_bridge as lesson

STRONG = to_mask(parse_cards("AS KS QS JS 9S 5S AH KH 7H AD 4D 3C 2C"))


def test_direction_of_play():
    assert [lesson.first_to_act(callbridge, d) for d in range(4)] == [3, 0, 1, 2]
    assert [lesson.first_to_act(callbreak, d) for d in range(4)] == [1, 2, 3, 0]
    assert lesson.dealers(callbreak, deals=4) == ["South (0)", "West (1)", "North (2)", "East (3)"]


def test_side_by_side_and_the_share_where_the_games_differ():
    assert lesson.side_by_side("2S 4H", "5C KS") == {
        "Call Break": ("2♠", "must-undertrump"),
        "Call Bridge": ("2♠ 4♥", "free"),
    }
    assert lesson.share_where_games_differ() == Fraction(59, 400)


def test_bonus_windows():
    assert lesson.bonus_window(7) == list(range(7, 14))
    assert all(lesson.bonus_window(b) == [b, b + 1][: 14 - b] for b in range(8, 13))


def test_the_lead_goes_round_the_four_seats():
    # Review M10: the hand used to lead every simulated deal.
    rng = random.Random(20)
    options = {"rules": callbridge.RULES, "min_call": 2, "max_call": 12, "direction": -1}
    by_leader = [sample_tricks(STRONG, 25, rng, leader=leader, **options) for leader in range(4)]
    expected = [sum(column) for column in zip(*by_leader, strict=True)]
    assert lesson.spread_tricks(STRONG, 100, seed=20) == expected
    always_first = sample_tricks(STRONG, 100, 20, leader=0, **options)
    assert lesson.spread_tricks(STRONG, 100, seed=20) != always_first
    assert sum(lesson.spread_tricks(STRONG, 8, seed=1, call=9)) == 8


@pytest.mark.parametrize("samples", [0, 6, -4, True, 8.0, "8"])
def test_spread_tricks_refuses_samples_it_cannot_spread(samples):
    with pytest.raises(CardlibError, match="samples"):
        lesson.spread_tricks(STRONG, samples)


def test_expected_scores_are_exact():
    counts = [0] * 14
    counts[7], counts[8], counts[9] = 1, 2, 1
    assert lesson.expected_scores(counts, [7, 8, 9]) == {
        7: Fraction(7),
        8: Fraction(13 * 3 - 8, 4),
        9: Fraction(-9 * 3 + 13, 4),
    }


def test_deal_rows_and_the_chart():
    match = callbridge.Match(seed=2343, dealer=0, target=30)
    from cardlib.bots import SensibleBot, play_match

    play_match(match, [SensibleBot()] * 4)
    rows = lesson.deal_rows(match)
    assert len(rows) == len(match.deals) == 15
    assert rows[0].startswith("South (0) dealt · bids (2, 2, 3, 2)")
    assert lesson.plot_scores((4, 10)).count("<svg") == 2


def test_the_quick_check():
    check = lesson.quick_check(record=False)
    assert [bool(check.answer(i, a)) for i, a in enumerate(["13", "-8", "5", "9 10"])] == [True] * 4
    assert check.passed
