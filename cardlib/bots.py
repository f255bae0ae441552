"""Bots for the calling games: a random one, a sensible one and the coach.

Bots choose only from ``deal.legal_calls()`` and ``deal.legal_plays()``, so they
never make an illegal move. The sensible bot's policy is written on hand masks
(:func:`sensible_call_mask`, :func:`sensible_play_mask`) so that the fast
simulations in :mod:`cardlib.coach.fast` use exactly the same decisions.

A bot takes the deal it plays in: ``bot.choose_call(deal)``, ``bot.choose_play(deal)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from cardlib.cards import DECK, SUITS, Card
from cardlib.game import seeded_rng

if TYPE_CHECKING:  # the bots read a deal; the engine never needs them
    from cardlib.game import CountedCallDeal, PointsT, Seed

ACE, KING, QUEEN = 12, 11, 10  # rank offsets within a suit (rank - 2)


def sensible_call_mask(hand: int, trump: str | None, min_call: int, max_call: int) -> int:
    """A call from high cards and trumps: side aces and guarded kings, top and long trumps.

    Counts one trick for each side-suit ace, each side king with another card of
    its suit, each of the trump ace, guarded king (2+) and guarded queen (3+),
    each trump beyond the fourth, and one for a void or singleton side suit
    while holding three trumps or more. Clamped to the allowed range.
    """
    tricks = 0
    trump_index = -1 if trump is None else SUITS.index(trump)
    trumps = 0 if trump is None else (hand >> (13 * trump_index)) & 0x1FFF
    n_trumps = trumps.bit_count()
    short_suits = 0
    for suit_index in range(4):
        cards = (hand >> (13 * suit_index)) & 0x1FFF
        length = cards.bit_count()
        if suit_index == trump_index:
            tricks += (cards >> ACE) & 1
            tricks += length >= 2 and (cards >> KING) & 1
            tricks += length >= 3 and (cards >> QUEEN) & 1
            tricks += max(0, length - 4)
            continue
        tricks += (cards >> ACE) & 1
        tricks += length >= 2 and (cards >> KING) & 1
        short_suits += length <= 1
    if n_trumps >= 3 and short_suits:
        tricks += 1
    return max(min_call, min(max_call, int(tricks)))


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _highest(mask: int) -> int:
    return mask.bit_length() - 1


def _beating_mask(best: int, trump_index: int) -> int:
    """Mask of cards that would beat ``best``, the card now winning the trick."""
    suit = best // 13
    above = ((1 << (13 * suit + 13)) - 1) & ~((2 << best) - 1)  # higher cards of that suit
    if suit == trump_index or trump_index < 0:
        return above
    return above | (0x1FFF << (13 * trump_index))


def sensible_play_mask(
    hand: int, trick: Sequence[int], legal: int, trump_index: int, want_tricks: bool
) -> int:
    """Index of the card to play: try to win while the call is not yet made, else duck.

    Leading and wanting tricks: a side-suit ace if held, else the lowest card
    outside trumps, else the lowest trump. Leading and not wanting: the lowest
    card outside trumps. Following and wanting: the cheapest card that wins the
    trick so far, else the lowest. Following and not wanting: the highest card
    that does not win, else the lowest.
    """
    trump_mask = 0 if trump_index < 0 else 0x1FFF << (13 * trump_index)
    side = legal & ~trump_mask
    if not trick:
        if want_tricks:
            for suit_index in range(4):
                if suit_index != trump_index and legal >> (13 * suit_index + ACE) & 1:
                    return 13 * suit_index + ACE
        return _lowest(side) if side else _lowest(legal)
    # The card now winning, found the same way trick winners are.
    best = trick[0]
    best_is_trump = best // 13 == trump_index
    for card in trick[1:]:
        if card // 13 == trump_index:
            if not best_is_trump or card > best:
                best, best_is_trump = card, True
        elif card // 13 == best // 13 and card > best:
            best = card
    winners = legal & _beating_mask(best, trump_index)
    if want_tricks:
        if winners:
            # Prefer winning with a side card, then the lowest trump that does it.
            side_winners = winners & ~trump_mask
            return _lowest(side_winners) if side_winners else _lowest(winners)
        return _lowest(side) if side else _lowest(legal)
    losers = legal & ~winners
    if losers:
        return _highest(losers)
    return _lowest(legal)


class Bot(Protocol):
    """What :func:`play_out` asks of a bot: a call, then a card, for the seat to act."""

    def choose_call(self, deal: CountedCallDeal[PointsT], /) -> int:
        """The call the seat to act makes now."""
        ...

    def choose_play(self, deal: CountedCallDeal[PointsT], /) -> Card:
        """The card the seat to act plays now."""
        ...


class RandomBot:
    """Plays a uniformly random legal card and makes a random legal call (seeded).

    ``seed`` is taken as a deal takes it (:func:`cardlib.game.seeded_rng`): a negative seed
    is a stream of its own, ``True`` or ``1.5`` is refused.
    """

    def __init__(self, seed: Seed = None) -> None:
        self.rng = seeded_rng(seed)

    def choose_call(self, deal: CountedCallDeal[PointsT]) -> int:
        """Any legal call, at random."""
        return self.rng.choice(deal.legal_calls())

    def choose_play(self, deal: CountedCallDeal[PointsT]) -> Card:
        """Any legal card, at random."""
        return self.rng.choice(sorted(deal.legal_plays()))

    def __repr__(self) -> str:
        return "RandomBot()"


class SensibleBot:
    """Calls from its high cards and trumps; plays to make its call and no more than needed."""

    def choose_call(self, deal: CountedCallDeal[PointsT]) -> int:
        """The tricks the hand's aces, guarded kings and trumps count (``sensible_call_mask``)."""
        calls = deal.legal_calls()
        return sensible_call_mask(deal.turn_masks().hand, deal.rules.trump, calls[0], calls[-1])

    def choose_play(self, deal: CountedCallDeal[PointsT]) -> Card:
        """Try to win while short of the call, else duck (``sensible_play_mask``)."""
        seat = deal.to_act
        assert seat is not None  # a bot is asked only while somebody is to play
        want = deal.tricks_won[seat] < (deal.calls[seat] or 0)
        return DECK[sensible_play_mask(*deal.turn_masks(), want)]

    def __repr__(self) -> str:
        return "SensibleBot()"


def play_out(
    deal: CountedCallDeal[PointsT], bots: Sequence[Bot | None], stop_at: int | None = None
) -> None:
    """Let bots act until the deal is over, or until it is seat ``stop_at``'s turn.

    ``bots`` has one bot per seat (``None`` for a seat a person plays: the loop
    stops when that seat is to act).
    """
    while deal.phase in ("calling", "playing"):
        seat = deal.to_act
        assert seat is not None  # somebody acts while calling or playing
        bot = bots[seat]
        if bot is None or seat == stop_at:
            return
        if deal.phase == "calling":
            deal.call(bot.choose_call(deal))
        else:
            deal.play(bot.choose_play(deal))


__all__ = [
    "Bot",
    "RandomBot",
    "SensibleBot",
    "play_out",
    "sensible_call_mask",
    "sensible_play_mask",
]
