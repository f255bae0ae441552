"""Lesson 11's measurements and quick check (cardlib.lessons.judgement_strategy)."""

from fractions import Fraction

import pytest

from cardlib import judgement
from cardlib.cards import DECK, parse_cards, to_mask
from cardlib.errors import CardlibError
from cardlib.lessons import judgement_strategy as lesson
from cardlib.strategy import sensible_bid


def mask(text: str) -> int:
    return to_mask(parse_cards(text))


@pytest.mark.parametrize(
    ("share", "n"),
    [(Fraction(178, 1400), 8), (Fraction(1, 7), 7), (Fraction(11, 100), 9), (Fraction(1), 1)],
)
def test_one_in_names_the_nearest_one_in_n(share, n):
    assert lesson.one_in(share) == n


@pytest.mark.parametrize("share", [0, Fraction(-1, 2), Fraction(3, 2)])
def test_one_in_refuses_what_is_not_a_share(share):
    with pytest.raises(CardlibError, match="share"):
        lesson.one_in(share)


def test_weak_hands_hold_no_ace_and_no_trump_honour():
    assert lesson.weak(mask("QH 9H 6S 4S JD 5D 3C"), "C")
    assert not lesson.weak(mask("QH 9H 6S 4S JD 5D 3C"), "D")  # J♦ is a trump honour
    assert not lesson.weak(mask("AH 9H 6S 4S 7D 5D 3C"), "C")  # a side ace
    assert lesson.weak(mask("TC 9H 6S 4S 7D 5D 3C"), "C")  # a ten of trumps is no honour


def test_zero_versus_one_is_paired_on_the_same_rounds():
    row = lesson.zero_versus_one(3, rounds=80, seed=3)
    assert row.difference.n == 80
    assert row.difference.mean == row.zero_mean - row.one_mean
    assert row == lesson.zero_versus_one(3, rounds=80, seed=3)  # seeded


def test_the_weak_hand_study_keeps_only_weak_hands(monkeypatch):
    seen = []
    real = lesson.weak

    def spy(hand, trump):
        seen.append((hand, real(hand, trump)))
        return real(hand, trump)

    monkeypatch.setattr(lesson, "weak", spy)
    row = lesson.zero_for_weak_hands(cards=7, rounds=20, seed=1)
    assert row.difference.n == 20 == sum(kept for _, kept in seen)


def test_the_hook_study_adds_up():
    study = lesson.hook_study(seeds=8)
    assert all(len(scores) == 56 for scores in study.by_position.values())
    hooked = study.dealer_summary(True)
    free = study.dealer_summary(False)
    assert hooked[0] + free[0] == 56
    assert study.hook_share == Fraction(hooked[0], 56)
    assert study.hook_cost == study.hook_share * (free[1] - hooked[1])


def test_fresh_rounds_turn_the_seat_and_hook_the_dealer():
    rounds = lesson.fresh_rounds(range(1100, 1104))
    assert len(rounds) == 28
    positions = {(seat - dealer - 1) % 4 for seat, _h, _t, dealer, _b, _w in rounds}
    assert positions == {0, 1, 2, 3}
    for _seat, hands, _trump, _dealer, bids, won in rounds:
        cards = hands[0].bit_count()
        assert sum(bids) != cards and sum(won) == cards


def test_a_policy_that_never_changes_the_bid_gains_exactly_nothing():
    rounds = lesson.fresh_rounds(range(5))
    changed, gain = lesson.against_the_count(sensible_bid, rounds)
    assert changed == 0 and gain.mean == 0 and gain.stderr == 0


def test_the_shedding_chooser_throws_the_highest_or_lowest_losing_card_by_rank():
    # Seat 0 has its bid (0): hearts led with the K♥ by seat 3; seat 0 holds no heart.
    hand = mask("QS 3S 9D 2C")
    trick = [DECK.index(parse_cards("KH")[0])]
    high = lesson.shedding_chooser([0, 1, 1, 1], 1, 0, "highest")  # hearts trump
    low = lesson.shedding_chooser([0, 1, 1, 1], 1, 0, "lowest")
    assert DECK[high(0, hand, trick, hand, [0, 0, 0, 0])] == parse_cards("QS")[0]
    assert DECK[low(0, hand, trick, hand, [0, 0, 0, 0])] == parse_cards("2C")[0]
    # Still short of its bid, it plays like the sensible bot whichever way it sheds.
    short_high = lesson.shedding_chooser([1, 1, 1, 1], 1, 0, "highest")
    short_low = lesson.shedding_chooser([1, 1, 1, 1], 1, 0, "lowest")
    assert short_high(0, hand, trick, hand, [0] * 4) == short_low(0, hand, trick, hand, [0] * 4)
    with pytest.raises(CardlibError, match="shed"):
        lesson.shedding_chooser([0, 1, 1, 1], 1, 0, "middle")


def test_the_playing_habits_are_paired_against_their_opposites():
    rounds = lesson.fresh_rounds(range(2000, 2010))
    ducking = lesson.ducking_study(rounds)
    assert ducking.gain.n == len(rounds) == 70
    assert 0 <= ducking.opposite_exact <= 1 and 0 <= ducking.exact <= 1
    # The habit's side is the plain sensible play: its exact bids are those of the rounds.
    plain = Fraction(sum(r[5][r[0]] == r[4][r[0]] for r in rounds), len(rounds))
    assert ducking.exact == plain
    shedding = lesson.shedding_study(rounds)
    assert shedding.gain.n == 70


def test_the_spoiler_never_changes_its_own_points():
    study = lesson.spoiler_study(lesson.fresh_rounds(range(1100, 1110)))
    assert study.own_change == {0}


def test_a_broken_zero_bid_is_called_missed():
    # Review L7: the old commentary still labelled a broken 0-bid "bid 0".
    assert lesson.aim(0, 1, [], [], parse_cards("2H")[0], "S").startswith("bid already missed")
    assert lesson.aim(0, 0, [], [], parse_cards("2H")[0], "S").startswith("bid 0")
    assert lesson.aim(2, 2, [], [], parse_cards("2H")[0], "S").startswith("has its bid")
    start = judgement.Round(4, 3, seed=31, dealer=0)
    finished, moves = lesson.commentary(start)
    won = dict.fromkeys(range(4), 0)
    for move in moves:
        if finished.bids[move.seat] == 0 and won[move.seat]:
            assert move.aim.startswith("bid already missed"), move
        if move.winner is not None:
            won[move.winner] += 1
    assert tuple(won.values()) == finished.tricks_won
    assert start.phase == judgement.BIDDING  # the round given is not played


def test_a_duck_never_wins_the_trick():
    for seed in range(20):
        _round, moves = lesson.commentary(judgement.Round(4, 5, seed=seed, dealer=seed % 4))
        for move in moves:
            if move.aim.endswith(("ducks", "lets this trick go")):
                assert move.winner != move.seat


def test_the_weak_hand_question():
    check = lesson.check_weak_hand_bid
    assert check("0", hand="QS 9S 6D 4D JC 5C 3H", trump="H")
    assert not check("1", hand="QS 9S 6D 4D JC 5C 3H", trump="H")
    assert not check("nothing", hand="QS 9S 6D 4D JC 5C 3H", trump="H")  # unreadable: explained
    with pytest.raises(CardlibError, match="hand"):
        check("0", hand="AS 9S 6D 4D JC 5C 3H", trump="H")


def test_the_running_total_question():
    check = lesson.check_running_total_bid
    # 7 - 2 - 2 - 1.3 = 1.7 unclaimed: one more than the count.
    assert check(3, cards=7, earlier_bids=[1, 1], count=2, later=1)
    assert not check(2, cards=7, earlier_bids=[1, 1], count=2, later=1)
    # 7 - 3 - 2 - 1.3 = 0.7: the count.
    assert check("2", cards=7, earlier_bids=[1, 2], count=2, later=1)


def test_the_ducking_question():
    givens = {"hand": "KD 9D 4D", "trick": "TD JD", "trump": "C"}
    assert lesson.check_duck("9D", **givens)
    assert lesson.check_duck("9♦", **givens)
    wins = lesson.check_duck("KD", **givens)
    assert not wins and "one too many" in str(wins)
    low = lesson.check_duck("4D", **givens)
    assert not low and "higher card" in str(low)
    assert not lesson.check_duck("2C", **givens)
    with pytest.raises(CardlibError, match="hand"):
        lesson.check_duck("AD", hand="AD", trick="TD JD", trump="C")


def test_the_quick_check_passes_on_the_right_answers_only():
    check = lesson.quick_check(record=False)
    assert [bool(check.answer(i, a)) for i, a in enumerate(["1", "2", "4D"])] == [False] * 3
    assert [bool(check.answer(i, a)) for i, a in enumerate(["0", "3", "9D"])] == [True] * 3
    assert check.passed and not check.recorded
