"""Bot variants that each follow one piece of strategic advice, so the advice can be measured.

Each variant is the sensible bot with one thing changed, and plays against sensible bots in the
strategy notebooks: a claim there holds "against these bots, played like these bots".

- **Judgement, bidding against the running total** (:class:`RunningTotalBot`,
  :func:`running_total_bid`): add the bids already made, your own count and an average count
  (:data:`EXPECTED_COUNT`) for each player still to bid; when that leaves at least
  ``unclaimed`` of the round's tricks unclaimed, bid one more than your count.
- **Judgement, playing to make another player miss** (:class:`SpoilerBot`,
  :func:`spoiler_play_mask`): once the bot's own bid can no longer be made exactly (it has
  more tricks than its bid, or needs more than are left), it stops ducking and plays against
  the others: it takes a trick another player still needs, and lets a player who already has
  the bid win one too many.
- **Call Bridge, bidding to the target** (:class:`TargetBot`, :func:`enough_for_the_target`):
  when the count would reach the match's target, bid only what reaching it needs (a lower bid
  is made more often); :func:`one_more_when_behind` is the gamble the other way.

The decisions are written on hand masks, like the sensible bot's (:mod:`cardlib.bots`), so that
the notebooks' fast simulations (:func:`judgement_bids`, :func:`judgement_playout`,
:func:`callbridge_match`, :func:`target_rule_wins`; four players, on
:mod:`cardlib.coach.fast`) make exactly the bots' decisions; tests check the bots and the
simulations against the engine, and that no bot ever acts illegally.

- **Call Break, the table-side count** (:func:`table_count`, :func:`call_by_count`,
  :class:`CountingBot`): lesson 09's count of a hand's tricks, and its call: the count, one
  less from a count of 4 up.

Call Break's habits (lesson 09) are measured the same way, by the variants of
:mod:`cardlib.coach.variants`, which also hold the paired comparison they are judged with.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from cardlib import callbreak, callbridge, judgement
from cardlib.bots import (
    SensibleBot,
    SensibleJudgementBot,
    _beating_mask,
    _highest,
    _lowest,
    sensible_call_mask,
    sensible_play_mask,
)
from cardlib.cards import DECK, SUITS, Card
from cardlib.coach.fast import play_tricks, sensible_chooser, sensible_playout
from cardlib.game import deal_hands
from cardlib.i18n import _
from cardlib.tricks import winner_index
from cardlib.validate import check_count, check_hand

if TYPE_CHECKING:
    from cardlib.coach.fast import Chooser

# ----- Call Break: the table-side count (lesson 09) ---------------------------------------------

#: The lowest count from which :func:`call_by_count` calls one less (lesson 09 chose it on 40
#: tuning hands and judged it on 10,000 fresh deals).
COUNT_THRESHOLD = 4


def table_count(hand: str | Iterable[Card | str]) -> dict[str, int]:
    """The tricks a Call Break hand counts at the table, one entry per kind of trick.

    ``hand`` is 13 cards, as cards or as text (``"AS QS 9S …"``). The kinds, in the
    learner's language (their names are the keys): each side ace; each guarded side king
    (a king with another card of its suit); the A♠; the K♠ with another spade; the Q♠
    with two others; each spade beyond the fourth; and one for a void or singleton side
    suit while holding three spades or more. The sum is the sensible bot's count
    (:func:`cardlib.bots.sensible_call_mask`); :func:`call_by_count` turns it into a call.

    >>> count = table_count("AS QS 9S 7S 4S AH KH 5H 2H QD 8D 6C 3C")
    >>> {kind: n for kind, n in count.items() if n}
    {'side aces': 1, 'guarded side kings': 1, 'A♠': 1, 'Q♠ with two others': 1, \
'spades beyond the fourth': 1}
    >>> sum(count.values())
    5
    """
    cards = check_hand(hand, "hand", 13, 13)
    by_suit = {suit: sorted(c.rank for c in cards if c.suit == suit) for suit in SUITS}
    spades = by_suit["S"]
    side = [suit for suit in SUITS if suit != "S"]
    return {
        _("side aces"): sum(14 in by_suit[suit] for suit in side),
        _("guarded side kings"): sum(
            13 in by_suit[suit] and len(by_suit[suit]) >= 2 for suit in side
        ),
        _("A♠"): int(14 in spades),
        _("guarded K♠"): int(13 in spades and len(spades) >= 2),
        _("Q♠ with two others"): int(12 in spades and len(spades) >= 3),
        _("spades beyond the fourth"): max(0, len(spades) - 4),
        _("short side suit, 3+ spades"): int(
            len(spades) >= 3 and any(len(by_suit[suit]) <= 1 for suit in side)
        ),
    }


def call_by_count(hand: str | Iterable[Card | str], threshold: int = COUNT_THRESHOLD) -> int:
    """Lesson 09's call: the :func:`table_count` of ``hand``, one less from a count of
    ``threshold`` up, and at least 1 (the smallest call). ``threshold`` is a whole number from
    1 to 14 (14: never one less, the plain count).

    >>> call_by_count("AS QS 9S 7S 4S AH KH 5H 2H QD 8D 6C 3C")  # a count of 5
    4
    >>> call_by_count("AS QS 9S 7S 4S AH KH 5H 2H QD 8D 6C 3C", threshold=14)
    5
    """
    check_count(threshold, "threshold", 1, 14)
    count = sum(table_count(hand).values())
    return max(1, count - 1 if count >= threshold else count)


class CountingBot(SensibleBot):
    """Call Break: the sensible bot, calling by lesson 09's rule (:func:`call_by_count`): the
    count, one less from 4 up. It plays as the sensible bot."""

    def __init__(self, threshold: int = COUNT_THRESHOLD) -> None:
        self.threshold = check_count(threshold, "threshold", 1, 14)

    def choose_call(self, deal: callbreak.Deal) -> int:  # type: ignore[override]
        """The call lesson 09 teaches, brought into the deal's range of calls."""
        legal = deal.legal_calls()
        seat = deal.to_act
        assert seat is not None  # a bot is asked only while somebody is to call
        call = call_by_count(deal.hand(seat), self.threshold)
        return min(max(call, legal[0]), legal[-1])

    def __repr__(self) -> str:
        return f"CountingBot(threshold={self.threshold})"


# ----- Judgement: bidding against the running total -------------------------------------------

#: The sensible count's average for a hand of 1..7 cards, to a tenth (measured on 42,000
#: random hands of each size; it does not depend on the trump suit or the number of players).
EXPECTED_COUNT = {
    1: Fraction(1, 10),
    2: Fraction(2, 10),
    3: Fraction(3, 10),
    4: Fraction(5, 10),
    5: Fraction(8, 10),
    6: Fraction(10, 10),
    7: Fraction(13, 10),
}
#: Unclaimed tricks from which :func:`running_total_bid` bids one more than the count (chosen on
#: seeded rounds that the notebook's measurement does not use).
UNCLAIMED = Fraction(1)

#: A Judgement bid policy for :func:`judgement_bids`:
#: ``(hand, trump, cards, earlier bids, players still to bid, legal bids) -> bid``.
BidPolicy = Callable[[int, "str | None", int, Sequence[int], int, Sequence[int]], int]


def nearest_bid(wish: int, legal: Sequence[int]) -> int:
    """The legal bid nearest ``wish``, the lower of two as near (the sensible bot's way)."""
    return min(legal, key=lambda bid: (abs(bid - wish), bid))


def sensible_bid(
    hand: int,
    trump: str | None,
    cards: int,
    earlier: Sequence[int],
    later: int,
    legal: Sequence[int],
) -> int:
    """:class:`~cardlib.bots.SensibleJudgementBot`'s bid: the legal bid nearest the hand's
    count."""
    return nearest_bid(sensible_call_mask(hand, trump, 0, cards), legal)


def unclaimed_tricks(count: int, cards: int, earlier: Sequence[int], later: int) -> Fraction:
    """The tricks nobody has claimed: the round's, less the bids made, your ``count`` and an
    average count for each of the ``later`` players still to bid (negative: over-claimed)."""
    return cards - sum(earlier) - count - later * EXPECTED_COUNT[cards]


def running_total_bid(
    hand: int,
    trump: str | None,
    cards: int,
    earlier: Sequence[int],
    later: int,
    legal: Sequence[int],
    unclaimed: Fraction = UNCLAIMED,
) -> int:
    """The count's bid, one more when at least ``unclaimed`` tricks are unclaimed
    (:func:`unclaimed_tricks`); the nearest legal bid to that (the hook may forbid it)."""
    count = sensible_call_mask(hand, trump, 0, cards)
    if unclaimed_tricks(count, cards, earlier, later) >= unclaimed:
        count = min(cards, count + 1)
    return nearest_bid(count, legal)


class RunningTotalBot(SensibleJudgementBot):
    """Judgement: the sensible bot, but bidding against the running total
    (:func:`running_total_bid`). Blind (round 8) it sees nothing and bids as the sensible bot."""

    def __init__(self, unclaimed: Fraction | int = UNCLAIMED) -> None:
        self.unclaimed = Fraction(unclaimed)

    def choose_call(self, round_: judgement.Round) -> int:
        """One more than the count when the bids so far leave enough tricks unclaimed."""
        legal = round_.legal_bids()
        if not round_.face_up:
            return min(legal)
        seat = round_.to_act
        assert seat is not None  # a bot is asked only while somebody is to bid
        earlier = [bid for bid in round_.bids if bid is not None]
        later = round_.players - 1 - len(earlier)
        hand = round_.turn_masks().hand
        return running_total_bid(
            hand, round_.trump, round_.cards, earlier, later, legal, self.unclaimed
        )

    def __repr__(self) -> str:
        return f"RunningTotalBot(unclaimed={self.unclaimed})"


# ----- Judgement: playing to make another player miss -----------------------------------------


def settled(bid: int, won: int, cards_left: int) -> bool:
    """Whether a bid can no longer be made exactly: more tricks than the bid already, or more
    still needed than there are tricks left (``cards_left``: the cards in the hand)."""
    return won > bid or bid - won > cards_left


def spoiler_play_mask(
    hand: int,
    trick: Sequence[int],
    legal: int,
    trump_index: int,
    seat: int,
    leader: int,
    bids: Sequence[int],
    won: Sequence[int],
) -> int:
    """The card (an index) of a player who plays to make the others miss once its own bid is
    settled (:func:`settled`); until then the sensible bot's card.

    Settled: leading, the highest card when another player still needs tricks (to take one
    from them), else the lowest (to hand one over); following, the cheapest card that beats
    the trick's winner when that player still needs tricks, else the highest card that lets
    the winner keep it (one trick too many). ``seat`` is this player's, ``leader`` the trick's
    leader; ``bids`` and ``won`` by seat, play going to the next seat (``(s + 1) % players``).
    """
    players = len(bids)
    if not settled(bids[seat], won[seat], hand.bit_count()):
        return sensible_play_mask(hand, trick, legal, trump_index, won[seat] < bids[seat])
    if not trick:
        needy = any(won[s] < bids[s] for s in range(players) if s != seat)
        return _highest(legal) if needy else _lowest(legal)
    position = winner_index(trick, trump_index)
    winner = (leader + position) % players
    beating = legal & _beating_mask(trick[position], trump_index)
    if won[winner] < bids[winner]:  # take the trick away from a player who needs it
        return _lowest(beating) if beating else _lowest(legal)
    losers = legal & ~beating  # let a player who has the bid win one too many
    return _highest(losers) if losers else _lowest(legal)


def spoiler_chooser(bids: Sequence[int], trump_index: int, spoiler: int) -> Chooser:
    """A ``choose`` for :func:`cardlib.coach.fast.play_tricks` (four seats, clockwise): seat
    ``spoiler`` plays :func:`spoiler_play_mask`, the others like the sensible bot."""
    sensible = sensible_chooser(bids, trump_index)

    def choose(seat: int, hand: int, trick: Sequence[int], legal: int, won: Sequence[int]) -> int:
        if seat != spoiler:
            return sensible(seat, hand, trick, legal, won)
        leader = (seat - len(trick)) % 4
        return spoiler_play_mask(hand, trick, legal, trump_index, seat, leader, bids, won)

    return choose


class SpoilerBot(SensibleJudgementBot):
    """Judgement: the sensible bot, but once its own bid can no longer be made it plays to make
    the others miss (:func:`spoiler_play_mask`). Its own score is never changed by it."""

    def choose_play(self, round_: judgement.Round) -> Card:
        """The sensible card, or the spoiler's once the bot's bid is settled."""
        seat = round_.to_act
        assert seat is not None  # a bot is asked only while somebody is to play
        hand, trick, legal, trump_index = round_.turn_masks()
        leader = (seat - len(trick)) % round_.players
        bids = [0 if bid is None else bid for bid in round_.bids]
        index = spoiler_play_mask(
            hand, trick, legal, trump_index, seat, leader, bids, round_.tricks_won
        )
        return DECK[index]

    def __repr__(self) -> str:
        return "SpoilerBot()"


# ----- Judgement on masks, four players ---------------------------------------------------------


def judgement_bids(
    hands: Sequence[int],
    trump: str | None,
    dealer: int,
    policies: Sequence[BidPolicy | None] = (None, None, None, None),
) -> list[int]:
    """The bids by seat of a Judgement round (four players; the dealer's left first, the dealer
    last and hooked), each seat bidding by its policy (``None``: :func:`sensible_bid`)."""
    cards = hands[0].bit_count()
    players = len(hands)
    bids = [0] * players
    earlier: list[int] = []
    for position in range(players):
        seat = (dealer + 1 + position) % players
        legal = judgement.legal_bids(cards, earlier, seat == dealer)
        policy = policies[seat] or sensible_bid
        bid = policy(hands[seat], trump, cards, earlier, players - 1 - position, legal)
        bids[seat] = bid
        earlier.append(bid)
    return bids


def judgement_playout(
    hands: Sequence[int],
    trump: str | None,
    dealer: int,
    bids: Sequence[int],
    spoiler: int | None = None,
) -> list[int]:
    """The tricks won by seat when the round is played by sensible bots (four players, the
    dealer's left leading), seat ``spoiler`` (if any) playing :func:`spoiler_play_mask`."""
    rules = judgement.play_rules(trump)
    leader = (dealer + 1) % 4
    if spoiler is None:
        return sensible_playout(list(hands), leader, rules, bids)
    trump_index = -1 if trump is None else SUITS.index(trump)
    return play_tricks(list(hands), leader, rules, spoiler_chooser(bids, trump_index, spoiler))


# ----- Call Bridge: bidding to the match's target ----------------------------------------------

#: A Call Bridge bid rule: ``(count, own total, the others' totals, target) -> bid`` (2..12).
BidRule = Callable[[int, int, Sequence[int], int], int]


def enough_for_the_target(count: int, own: int, others: Sequence[int], target: int) -> int:
    """When the count would reach the target, bid only what reaching it needs (at least 2;
    a bonus count stays as it is, its 13 points being more than a plain bid's)."""
    if count < callbridge.BONUS_MIN and own + count >= target:
        return max(callbridge.MIN_BID, target - own)
    return count


def one_more_when_behind(count: int, own: int, others: Sequence[int], target: int) -> int:
    """When another player could reach the target this deal (within 7 of it) and the count
    would not take you there, bid one more than the count: the gamble of the player behind."""
    if max(others) >= target - 7 and own + count < target:
        return min(callbridge.MAX_BID, count + 1)
    return count


class TargetBot(SensibleBot):
    """Call Bridge: the sensible bot, but its bid follows ``rule`` (a :data:`BidRule`, by default
    :func:`enough_for_the_target`) given the ``match``'s totals and target."""

    def __init__(self, match: callbridge.Match, rule: BidRule = enough_for_the_target) -> None:
        self.match = match
        self.rule = rule

    def choose_call(self, deal: callbridge.Deal) -> int:  # type: ignore[override]
        """The rule's bid for the count of the hand, the match's totals and target."""
        seat = deal.to_act
        assert seat is not None  # a bot is asked only while somebody is to bid
        count = sensible_call_mask(
            deal.turn_masks().hand, callbridge.TRUMP, callbridge.MIN_BID, callbridge.MAX_BID
        )
        totals = [int(total) for total in self.match.totals()]
        others = [total for other, total in enumerate(totals) if other != seat]
        bid = self.rule(count, totals[seat], others, self.match.target)
        legal = deal.legal_calls()
        return bid if bid in legal else nearest_bid(bid, legal)

    def __repr__(self) -> str:
        return f"TargetBot(rule={self.rule.__name__})"


def _deal_seeds(seed: int) -> tuple[int, Callable[[], int]]:
    """A :class:`callbridge.Match`'s first dealer and its deals' seeds, as the match draws them."""
    rng = random.Random(seed)
    return rng.randrange(4), lambda: rng.getrandbits(64)


def _callbridge_hands(deal_seed: int) -> list[int]:
    """The hands of ``callbridge.Deal(seed=deal_seed)`` (naming the dealer changes no card)."""
    rng = random.Random(deal_seed)
    return deal_hands(rng, rng.randrange(4), callbridge.DIRECTION)


def _win_share(totals: Sequence[int], seat: int) -> Fraction:
    top = max(totals)
    winners = [s for s, total in enumerate(totals) if total == top]
    return Fraction(1, len(winners)) if seat in winners else Fraction(0)


def _play_deal(hands: list[int], dealer: int, bids: Sequence[int]) -> list[int]:
    """One deal's points by seat, the dealer's right leading, play counter-clockwise."""
    won = sensible_playout(hands, (dealer - 1) % 4, callbridge.RULES, bids, direction=-1)
    return [int(callbridge.score(bid, tricks)) for bid, tricks in zip(bids, won, strict=True)]


def callbridge_match(
    seed: int, target: int, rules: Sequence[BidRule | None] = (None, None, None, None)
) -> tuple[int, ...]:
    """The totals of ``callbridge.Match(seed=seed, target=target)`` played by sensible bots,
    each seat bidding by its rule (``None``: the count), on masks: with no rule, the same
    deals, cards and totals as the engine's match played by four :class:`SensibleBot`."""
    dealer, next_seed = _deal_seeds(seed)
    totals = [0, 0, 0, 0]
    while max(totals) < target:
        hands = _callbridge_hands(next_seed())
        bids = []
        for seat in range(4):
            count = sensible_call_mask(hands[seat], callbridge.TRUMP, 2, 12)
            rule = rules[seat]
            others = totals[:seat] + totals[seat + 1 :]
            bids.append(count if rule is None else rule(count, totals[seat], others, target))
        for seat, points in enumerate(_play_deal(hands, dealer, bids)):
            totals[seat] += points
        dealer = (dealer - 1) % 4
    return tuple(totals)


def target_rule_wins(
    seed: int, target: int, rules: Sequence[BidRule]
) -> list[tuple[Fraction, ...]]:
    """For each rule, and each seat: its share of the match's win (ties shared) when it bids by
    the rule and the other three by the count, minus its share when all four bid by the count;
    the match of ``seed`` played both ways (paired: the same deals). The plain match is played
    once for all the rules, and only the deals from the first one in which a rule changes that
    seat's bid are played again."""
    dealer, next_seed = _deal_seeds(seed)
    deals: list[tuple[list[int], int, list[int], list[int]]] = []  # hands, dealer, totals, counts
    totals = [0, 0, 0, 0]
    while max(totals) < target:
        hands = _callbridge_hands(next_seed())
        counts = [sensible_call_mask(hand, callbridge.TRUMP, 2, 12) for hand in hands]
        deals.append((hands, dealer, list(totals), counts))
        for seat, points in enumerate(_play_deal(list(hands), dealer, counts)):
            totals[seat] += points
        dealer = (dealer - 1) % 4
    plain = tuple(totals)
    played = len(deals)  # the plain match's deals (a replay may go on past its end)

    def replayed(rule: BidRule, seat: int) -> Fraction:
        start = next(
            (
                number
                for number, (_, _, before, counts) in enumerate(deals[:played])
                if rule(counts[seat], before[seat], before[:seat] + before[seat + 1 :], target)
                != counts[seat]
            ),
            None,
        )
        if start is None:
            return Fraction(0)
        number = start
        hands, dealer, totals, counts = deals[start]
        totals = list(totals)
        while True:
            bids = list(counts)
            bids[seat] = rule(
                counts[seat], totals[seat], totals[:seat] + totals[seat + 1 :], target
            )
            for other, points in enumerate(_play_deal(list(hands), dealer, bids)):
                totals[other] += points
            if max(totals) >= target:
                return _win_share(totals, seat) - _win_share(plain, seat)
            number += 1
            if number == len(deals):  # past the end of the deals dealt so far: the next ones
                hands = _callbridge_hands(next_seed())
                counts = [sensible_call_mask(hand, callbridge.TRUMP, 2, 12) for hand in hands]
                deals.append((hands, (dealer - 1) % 4, [], counts))
            hands, dealer, _, counts = deals[number]

    return [tuple(replayed(rule, seat) for seat in range(4)) for rule in rules]


__all__ = [
    "COUNT_THRESHOLD",
    "EXPECTED_COUNT",
    "UNCLAIMED",
    "BidPolicy",
    "BidRule",
    "CountingBot",
    "RunningTotalBot",
    "SpoilerBot",
    "TargetBot",
    "call_by_count",
    "callbridge_match",
    "enough_for_the_target",
    "judgement_bids",
    "judgement_playout",
    "nearest_bid",
    "one_more_when_behind",
    "running_total_bid",
    "sensible_bid",
    "settled",
    "spoiler_chooser",
    "spoiler_play_mask",
    "table_count",
    "target_rule_wins",
    "unclaimed_tricks",
]
