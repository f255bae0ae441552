"""Lesson 21, Call Bridge strategy: the measurements behind each piece of advice, and the quick
check.

- :func:`break_even`: the chance of landing in a bonus bid's window at which it pays;
- :func:`bonus_share`: how rare a hand that counts 8 or more is;
- :func:`trick_distribution`, :func:`expected_score`, :func:`bid_values`: how often a strong hand
  takes each number of tricks, played as bid, and what every bid is worth;
- :func:`window_chances`: each bonus bid's chance of landing in its window;
- :func:`window_rates`: play that tries to avoid overshooting, against the bot's;
- :func:`target_study`: bidding to the match's target, over whole matches;
- :func:`quick_check`: three questions on what the lesson taught.

Every deal is played counter-clockwise as Call Bridge is, and the first lead goes round the
four seats (:func:`cardlib.lessons.call_bridge.spread_tricks`): the simulated hand leads a
quarter of the deals, not all of them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from cardlib import callbridge
from cardlib.bots import sensible_call_mask, sensible_play_mask
from cardlib.cards import parse_cards, to_mask
from cardlib.coach.fast import Chooser, play_tricks, sensible_chooser, sensible_playout
from cardlib.coach.variants import MeanSE
from cardlib.exercises.feedback import (
    Feedback,
    checked,
    correct,
    fraction_text,
    not_yet,
    read_points,
    read_whole_number,
)
from cardlib.i18n import N_, _
from cardlib.lessons.call_bridge import spread_tricks
from cardlib.strategy import BidRule, enough_for_the_target, target_rule_wins

if TYPE_CHECKING:
    from cardlib.widgets.drill import QuickCheck

NOTEBOOK = "21-call-bridge-strategy"
RULES = callbridge.RULES
SPADES = 0  # spades are the first suit of the masks
SUIT = 0x1FFF
#: The three strong hands of the lesson.
STRONG_HANDS = {
    "aces and kings": "AS KS 5S 4S AH KH QH 3H AD KD 2D AC KC",
    "solid spades and aces": "AS KS QS JS 9S 7S AH KH AD KD AC 5C 3C",
    "seven spades": "AS KS QS JS TS 9S 8S AH KH AD 4D 5C 3C",
}


def break_even(bid: int, against: int = 0) -> Fraction:
    """The chance of landing in bonus bid ``bid``'s window at which the bid is worth
    ``against`` on average: 13·p − bid·(1 − p) = against.

    >>> break_even(8), break_even(8, 7)
    (Fraction(8, 21), Fraction(5, 7))
    """
    return Fraction(against + bid, 13 + bid)


def bonus_share(hands: int = 20_000, seed: int = 2121) -> Fraction:
    """The share of ``hands`` seeded random hands whose count (the sensible bot's) is 8 or
    more."""
    from cardlib.game import deal_hands

    rng = random.Random(seed)
    counts = [sensible_call_mask(deal_hands(rng, 0)[0], "S", 2, 12) for _ in range(hands)]
    return Fraction(sum(c >= callbridge.BONUS_MIN for c in counts), hands)


def hand_mask(hand: str | int) -> int:
    """A hand as a mask, from text (``"AS KS …"``) or a mask."""
    return hand if isinstance(hand, int) else to_mask(parse_cards(hand))


def trick_distribution(hand: str | int, bid: int, samples: int = 600, seed: int = 21) -> list[int]:
    """How often ``hand`` took 0..13 tricks playing as ``bid``, over ``samples`` random deals
    of the other 39 cards (the others bid their count; every seat plays like the sensible bot,
    counter-clockwise; the first lead goes round the four seats)."""
    return spread_tricks(hand_mask(hand), samples, seed, call=bid)


def expected_score(counts: Sequence[int], bid: int) -> Fraction:
    """The average Call Bridge score of ``bid`` over trick counts (``counts[t]`` deals with
    ``t`` tricks), exactly.

    >>> expected_score([0] * 8 + [1, 1] + [0] * 4, 8)
    Fraction(13, 1)
    """
    total = sum(counts)
    return Fraction(sum(n * int(callbridge.score(bid, t)) for t, n in enumerate(counts)), total)


def bid_values(
    hands: Mapping[str, str] = STRONG_HANDS, bids: Sequence[int] = range(5, 13)
) -> dict[str, dict[int, Fraction]]:
    """The expected score of each bid for each hand, each bid played as bid on its own
    :func:`trick_distribution`."""
    return {
        name: {bid: expected_score(trick_distribution(text, bid), bid) for bid in bids}
        for name, text in hands.items()
    }


def best_bid(values: Mapping[int, Fraction], bids: Sequence[int]) -> int:
    """The bid of ``bids`` with the highest value (the lowest of equal ones)."""
    return max(bids, key=lambda b: (values[b], -b))


def window_chances(counts: Sequence[int]) -> dict[int, Fraction]:
    """Each bonus bid's chance of landing in its window (the bid or one more trick).

    >>> window_chances([0] * 8 + [1, 2, 1] + [0] * 3)[9]
    Fraction(3, 4)
    """
    total = sum(counts)
    return {
        b: Fraction(counts[b] + (counts[b + 1] if b < 13 else 0), total)
        for b in range(callbridge.BONUS_MIN, callbridge.MAX_BID + 1)
    }


def top_cards(hand: int, hands: Sequence[int], suits: Sequence[int]) -> int:
    """How many cards of ``hand`` would win if led now, in ``suits``: the top of each suit's
    remaining cards (in all ``hands``), and the next ones below them in an unbroken run."""
    remaining = 0
    for h in hands:
        remaining |= h
    count = 0
    for suit in suits:
        left, mine = (remaining >> (13 * suit)) & SUIT, (hand >> (13 * suit)) & SUIT
        while left and mine >> (left.bit_length() - 1) & 1:
            count += 1
            left ^= 1 << (left.bit_length() - 1)
    return count


def counting_player(
    bids: Sequence[int], hands: Sequence[int], seat: int, suits: Sequence[int]
) -> Chooser:
    """The sensible bot, except that ``seat`` stops winning once its :func:`top_cards` in
    ``suits`` cover the rest of its bid (``hands`` are the live hands, as they are played)."""
    sensible = sensible_chooser(bids, SPADES)

    def choose(who: int, hand: int, trick: Sequence[int], legal: int, won: Sequence[int]) -> int:
        need = bids[seat] - won[seat]
        if who == seat and 0 < need <= top_cards(hand, hands, suits):
            return sensible_play_mask(hand, trick, legal, SPADES, False)
        return sensible(who, hand, trick, legal, won)

    return choose


#: The three ways of playing a bonus bid compared by :func:`window_rates`.
PLAYS = ("the bot", "every top card", "top trumps only")


def window_rates(hand: str | int, bid: int, deals: int = 400, seed: int = 5) -> dict[str, Fraction]:
    """How often ``hand``, bidding ``bid``, landed in its window over ``deals`` random deals,
    played three ways (:data:`PLAYS`): as the bot (ducks once the bid is made), or stopping to
    win once its top cards in every suit, or in spades only, cover the rest of the bid
    (:func:`counting_player`). Counter-clockwise; deal ``k`` is led by seat ``k % 4``."""
    mask = hand_mask(hand)
    rng = random.Random(seed)
    rest = [i for i in range(52) if not mask >> i & 1]
    landed = dict.fromkeys(PLAYS, 0)
    for number in range(deals):
        rng.shuffle(rest)
        hands = [mask] + [sum(1 << c for c in rest[13 * k : 13 * k + 13]) for k in range(3)]
        bids = [bid] + [sensible_call_mask(h, "S", 2, 12) for h in hands[1:]]
        leader = number % 4
        plain = sensible_playout(list(hands), leader, RULES, bids, direction=-1)[0]
        landed["the bot"] += bid <= plain <= bid + 1
        for name, suits in (("every top card", range(4)), ("top trumps only", [SPADES])):
            live = list(hands)
            choose = counting_player(bids, live, 0, suits)
            taken = play_tricks(live, leader, RULES, choose, direction=-1)[0]
            landed[name] += bid <= taken <= bid + 1
    return {name: Fraction(n, deals) for name, n in landed.items()}


def target_study(seeds: Sequence[int], target: int, rules: Sequence[BidRule]) -> list[MeanSE]:
    """For each rule: a seat's share of the match's win when it bids by the rule and the
    other three by their count, less its share when all four bid their count, on the same
    deals (:func:`cardlib.strategy.target_rule_wins`), averaged over the four seats, match by
    match."""
    by_match = [target_rule_wins(seed, target, list(rules)) for seed in seeds]
    return [
        MeanSE.of([sum(seats[number], Fraction(0)) / 4 for seats in by_match])
        for number in range(len(rules))
    ]


# ----- the quick check -----------------------------------------------------------------------


def _bonus_bid_given(bid: object) -> int:
    from cardlib.errors import check_count

    return check_count(bid, "bid", callbridge.BONUS_MIN, callbridge.MAX_BID)


@checked
def check_break_even(answer: object, bid: int, against: int = 7) -> Feedback:
    """The chance of landing in bonus bid ``bid``'s window above which it beats a sure
    ``against``: (against + bid) / (13 + bid), exactly (a fraction; a decimal that rounds to
    it is close, not right)."""
    wanted = break_even(_bonus_bid_given(bid), against)
    given = read_points(answer, ("'1/2'",))
    why = _(
        "13 × p − {bid} × (1 − p) = {against} when p = ({against} + {bid}) / (13 + {bid}) = "
        "{fraction}: above that chance the bonus bid beats a sure {against}."
    ).format(bid=bid, against=against, fraction=f"{wanted.numerator}/{wanted.denominator}")
    if given == wanted:
        return correct(_("{fraction}.").format(fraction=fraction_text(given)), why)
    if given > 1 and abs(given / 100 - wanted) < Fraction(1, 100):
        return not_yet(_("close, as a percentage: write the chance as a fraction."), why)
    if abs(given - wanted) < Fraction(1, 100):
        return not_yet(_("close, but rounded: write the chance exactly, as a fraction."), why)
    return not_yet(_("not {answer}.").format(answer=fraction_text(given)), why)


@checked
def check_best_window(answer: object, deals: Mapping[int, int]) -> Feedback:
    """The bonus bid whose window (the bid or one more trick) holds the most of ``deals``
    (tricks taken: number of deals)."""
    counts = [0] * 14
    for tricks, n in dict(deals).items():
        counts[tricks] = n
    chances = window_chances(counts)
    wanted = max(chances, key=lambda b: (chances[b], -b))
    bid = read_whole_number(answer, N_("a bid"), ("5",))
    held = counts[wanted] + counts[wanted + 1] if wanted < 13 else counts[wanted]
    why = _(
        "A bonus bid scores with the bid or one more trick: {bid} and {next} tricks together "
        "came in {held} deals of {total}, more than any other pair."
    ).format(bid=wanted, next=wanted + 1, held=held, total=sum(counts))
    if bid == wanted:
        return correct(_("bid {bid}.").format(bid=bid), why)
    return not_yet(_("not {bid}.").format(bid=bid), why)


@checked
def check_target_bid(
    answer: object, count: int, own: int, others: Sequence[int], target: int
) -> Feedback:
    """The bid near the target (:func:`cardlib.strategy.enough_for_the_target`): only what
    reaching it needs, when the count would get there."""
    wanted = enough_for_the_target(count, own, list(others), target)
    bid = read_whole_number(answer, N_("a bid"), ("5",))
    why = _(
        "{own} + {count} reaches {target}, and so does {own} + {bid}: bid only what reaching the "
        "target needs, which is made more often."
    ).format(own=own, count=count, target=target, bid=wanted)
    if bid == wanted:
        return correct(_("bid {bid}.").format(bid=bid), why)
    return not_yet(_("not {bid}.").format(bid=bid), why)


def quick_check(record: bool = True) -> QuickCheck:
    """Three questions on lesson 21: break-even, the window, and bidding to the target."""
    from cardlib.widgets.drill import Question, QuickCheck

    return QuickCheck(
        "21",
        [
            Question(
                _(
                    "A bonus bid of 9 scores 13 with 9 or 10 tricks and loses 9 otherwise. Above "
                    "what chance of landing in that window does it beat a sure 7? Write a fraction."
                ),
                check_break_even,
                {"bid": 9, "against": 7},
                "1/2",
                taught="Break-even: how sure must you be?",
            ),
            Question(
                _(
                    "Over 100 deals a hand took 8 tricks 10 times, 9 tricks 30 times, 10 tricks "
                    "40 times and 11 tricks 20 times. Which bonus bid's window holds the most "
                    "deals?"
                ),
                check_best_window,
                {"deals": {8: 10, 9: 30, 10: 40, 11: 20}},
                "5",
                taught="The two-trick window",
            ),
            Question(
                _(
                    "A match to 30: you have 26 points, your count is 6, and nobody else is "
                    "within 7 of the target. What do you bid?"
                ),
                check_target_bid,
                {"count": 6, "own": 26, "others": [10, 12, 20], "target": 30},
                "5",
                taught="Bidding to the target",
            ),
        ],
        record=record,
    )
