"""Every game's bots, in one place, answering one interface.

A bot is asked about the deal it plays in, for the seat to act, and answers with what
that seat does; it chooses only from what is legal, so it never makes an illegal move:

=========================  ====================================================================
``bot.choose_call(deal)``  the call: Call Break's call, Call Bridge's and Judgement's bid,
                           Contract Bridge's call in the auction (one of
                           ``deal.legal_calls()``)
``bot.choose_play(deal)``  the card (one of ``deal.legal_plays()``; in Contract Bridge, on
                           dummy's turns, one of dummy's)
=========================  ====================================================================

:func:`play_out` asks a bot (one per seat) for each action of a deal until it is over or a
person is to act; :func:`play_match` plays a whole match. The bots of each game, by level:

===============  ==========================  =============================  ===============
game             beginner                    sensible                       strong
===============  ==========================  =============================  ===============
Call Break       :class:`RandomBot`          :class:`SensibleBot`           ``CoachBot``
Call Bridge      :class:`RandomBot`          :class:`SensibleBot`           ``CoachBot``
Judgement        :class:`RandomBot`          :class:`SensibleJudgementBot`  ``CoachBot``
Contract Bridge  :class:`RandomBridgeBot`    :class:`SensibleBridgeBot`     none yet
===============  ==========================  =============================  ===============

The strong bot is :class:`cardlib.coach.analysis.CoachBot`: the coach itself, which answers
the same two questions. A seeded bot takes its seed as a deal does
(:func:`cardlib.game.seeded_rng`). A bot reads only what the deal shows the seat to act: its
public state, and the turn as bit masks (:meth:`cardlib.game.TrickDeal.turn_masks`).

The sensible bots' card play (and their calls, in the counted-call games) is written on hand
masks (:func:`sensible_call_mask`, :func:`sensible_play_mask`) so that the fast simulations
of :mod:`cardlib.coach.fast` make exactly the same decisions. What is a game's own knowledge
stays in the game: Contract Bridge's bidding system is :mod:`cardlib.bridge.bidding`,
Judgement's hook is :func:`cardlib.judgement.legal_bids`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from cardlib.cards import DECK, SUITS, Card
from cardlib.game import PLAYING, Seed, TrickDeal, seeded_rng
from cardlib.match import TrickMatch
from cardlib.tricks import trick_winner

if TYPE_CHECKING:  # the bots read a deal; the engine never needs them
    from cardlib import bridge, judgement
    from cardlib.game import CountedCallDeal

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


# The four cards of one rank, one bit a suit (2s at 0, 13, 26, 39), shifted up by the rank.
_RANK_COLUMN = 1 | 1 << 13 | 1 << 26 | 1 << 39


def lowest_by_rank(mask: int) -> int:
    """Index of the lowest-ranked card in ``mask`` (a non-empty hand mask), whatever its suit.

    Between cards of the same rank, the suit that comes first in the order ♠ ♥ ♦ ♣ (the card
    indices' order). Within one suit this is the lowest card; across suits it compares ranks,
    so 2♦ is lower than K♥ (the lowest *bit* of the mask would be K♥, suits coming first).

    >>> from cardlib.cards import parse_cards, to_mask
    >>> DECK[lowest_by_rank(to_mask(parse_cards("KH 2D 3D 2C 4S")))]
    Card('2D')
    """
    ranks = (mask | mask >> 13 | mask >> 26 | mask >> 39) & 0x1FFF
    rank = (ranks & -ranks).bit_length() - 1
    column = (mask >> rank) & _RANK_COLUMN
    return rank + (column & -column).bit_length() - 1


def highest_by_rank(mask: int) -> int:
    """Index of the highest-ranked card in ``mask`` (non-empty), whatever its suit; between
    cards of the same rank, the suit first in the order ♠ ♥ ♦ ♣ (as :func:`lowest_by_rank`).

    >>> from cardlib.cards import parse_cards, to_mask
    >>> DECK[highest_by_rank(to_mask(parse_cards("AH KD 3C")))]
    Card('AH')
    """
    ranks = (mask | mask >> 13 | mask >> 26 | mask >> 39) & 0x1FFF
    rank = ranks.bit_length() - 1
    column = (mask >> rank) & _RANK_COLUMN
    return rank + (column & -column).bit_length() - 1


def lowest_of_first_suit(mask: int) -> int:
    """Index of the lowest card of the first suit of ``mask`` (non-empty) in the order
    ♠ ♥ ♦ ♣: the sensible bot's low lead (:func:`sensible_play_mask`).

    >>> from cardlib.cards import parse_cards, to_mask
    >>> DECK[lowest_of_first_suit(to_mask(parse_cards("KH 2D 3D 2C")))]
    Card('KH')
    """
    return (mask & -mask).bit_length() - 1


_lowest, _highest = lowest_by_rank, highest_by_rank


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

    Leading: while short of its call, a side-suit ace if it holds one; otherwise its low
    lead, the lowest card of its first side suit in the order ♥ ♦ ♣ (and only with nothing
    but trumps, its lowest trump): it leads low in one side suit until that suit is gone,
    then the next (:func:`lowest_of_first_suit`). So with K♥ 2♦ it leads the K♥, not the
    lowest card by rank: against these bots that plays better (0.03 to 0.05 points a deal
    over leading the lowest card by rank, 4 to 7 standard errors, measured on 10,000 paired
    deals, every seat in turn: ``benchmarks/sensible_leads.py``).

    Following and wanting tricks: the cheapest card that wins the trick so far (a side card
    first), else its lowest card by rank, outside trumps if it can. Following and not
    wanting: its highest card by rank that does not win, else its lowest. "By rank" goes
    across suits (:func:`highest_by_rank`, :func:`lowest_by_rank`): void in the suit led
    with A♥ K♦ 3♣ and its call made, it throws the A♥ (a tie, within noise, with throwing
    by suit order). Between two cards of the same rank it takes the suit that comes first in
    the order ♠ ♥ ♦ ♣.
    """
    trump_mask = 0 if trump_index < 0 else 0x1FFF << (13 * trump_index)
    side = legal & ~trump_mask
    if not trick:
        if want_tricks:
            for suit_index in range(4):
                if suit_index != trump_index and legal >> (13 * suit_index + ACE) & 1:
                    return 13 * suit_index + ACE
        return lowest_of_first_suit(side or legal)
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
    """What :func:`play_out` asks of a bot, in every game: a call, then a card, for the seat
    to act in ``deal`` (the deal itself, never a match)."""

    def choose_call(self, deal: Any, /) -> Any:
        """The call (or bid) the seat to act makes now: one of ``deal.legal_calls()``."""
        ...

    def choose_play(self, deal: Any, /) -> Card:
        """The card the seat to act plays now: one of ``deal.legal_plays()``."""
        ...


# ----- beginner: at random ---------------------------------------------------------------------


class RandomBot:
    """Makes a random legal call (or bid) and plays a random legal card (seeded): the beginner
    of Call Break, Call Bridge and Judgement.

    ``seed`` is taken as a deal takes it (:func:`cardlib.game.seeded_rng`): a negative seed
    is a stream of its own, ``True`` or ``1.5`` is refused.
    """

    def __init__(self, seed: Seed = None) -> None:
        self.rng = seeded_rng(seed)

    def choose_call(self, deal: CountedCallDeal[Any]) -> int:
        """Any legal call, at random."""
        return self.rng.choice(deal.legal_calls())

    def choose_play(self, deal: TrickDeal[Any, Any]) -> Card:
        """Any legal card, at random."""
        return self.rng.choice(sorted(deal.legal_plays()))

    def __repr__(self) -> str:
        return "RandomBot()"


class RandomBridgeBot:
    """Contract Bridge's beginner: a random legal call, passing half the time so that auctions
    end, and a random legal card (seeded as :class:`RandomBot`)."""

    def __init__(self, seed: Seed = None) -> None:
        self.rng = seeded_rng(seed)

    def choose_call(self, deal: bridge.Deal) -> str:
        """Pass half the time, otherwise any legal call, at random."""
        from cardlib.bridge.calls import PASS  # Contract Bridge loads only when it is played

        calls = deal.legal_calls()
        if self.rng.random() < 0.5:
            return PASS
        return self.rng.choice(calls)

    def choose_play(self, deal: bridge.Deal) -> Card:
        """Any legal card, at random."""
        return self.rng.choice(sorted(deal.legal_plays()))

    def __repr__(self) -> str:
        return "RandomBridgeBot()"


# ----- sensible ---------------------------------------------------------------------------------


def _sensible_card(deal: CountedCallDeal[Any]) -> Card:
    """The sensible bots' card in the counted-call games: :func:`sensible_play_mask`, wanting
    tricks while short of the call."""
    seat = deal.to_act
    assert seat is not None  # a bot is asked only while somebody is to play
    want = deal.tricks_won[seat] < (deal.calls[seat] or 0)
    return DECK[sensible_play_mask(*deal.turn_masks(), want)]


class SensibleBot:
    """Calls from its high cards and trumps; plays to make its call and no more than needed:
    the sensible player of Call Break and Call Bridge."""

    def choose_call(self, deal: CountedCallDeal[Any]) -> int:
        """The tricks the hand's aces, guarded kings and trumps count (``sensible_call_mask``)."""
        calls = deal.legal_calls()
        return sensible_call_mask(deal.turn_masks().hand, deal.rules.trump, calls[0], calls[-1])

    def choose_play(self, deal: CountedCallDeal[Any]) -> Card:
        """Try to win while short of the call, else duck (``sensible_play_mask``)."""
        return _sensible_card(deal)

    def __repr__(self) -> str:
        return "SensibleBot()"


class SensibleJudgementBot:
    """Judgement's sensible player: bids its sure-looking tricks (respecting the hook), then
    plays to hit the bid exactly.

    The bid counts aces, guarded kings and strong trumps (the same estimate as
    :class:`SensibleBot`, clamped to 0..cards); when the hook forbids it, the nearest allowed
    bid, lower first. In the blind round it sees nothing and bids 0 when allowed (with one card
    among ``players`` a trick is unlikely). In play it tries to win while short of its bid and
    ducks once it has it, as :class:`SensibleBot` does.
    """

    def choose_call(self, deal: judgement.Round) -> int:
        """The legal bid nearest the hand's likely tricks (the lowest when blind)."""
        legal = deal.legal_bids()
        if not deal.face_up:
            return min(legal)
        wish = sensible_call_mask(deal.turn_masks().hand, deal.trump, 0, deal.cards)
        return min(legal, key=lambda b: (abs(b - wish), b))

    def choose_play(self, deal: judgement.Round) -> Card:
        """Try to win while short of the bid, else duck (``sensible_play_mask``)."""
        return _sensible_card(deal)

    def __repr__(self) -> str:
        return "SensibleJudgementBot()"


class SensibleBridgeBot:
    """Contract Bridge's sensible player: bids in the simple style of notebook 32; plays to win
    tricks but not over its partner.

    Calling: :func:`cardlib.bridge.bidding.choose_call` (points = high cards plus
    length, 25 between the two hands for game; it never doubles). Playing: the
    cheapest card that wins the trick, unless partner is already winning it (then
    the lowest card).
    """

    def choose_call(self, deal: bridge.Deal) -> str:
        """The call the bidding system gives for this hand and auction."""
        from cardlib.bridge import bidding  # Contract Bridge loads only when it is played

        auction = deal.auction
        seat = auction.to_act
        assert seat is not None  # a bot is asked only while somebody is to call
        return bidding.choose_call(auction, deal.hand(seat))

    def choose_play(self, deal: bridge.Deal) -> Card:
        """Lead an ace, else the lowest card; then the cheapest card that takes the trick,
        unless the partner is winning it (then, as when nothing wins, the lowest)."""
        legal = sorted(deal.legal_plays(), key=lambda c: (c.rank, c.suit))
        trick = list(deal.trick)
        if not trick:
            return legal[-1] if legal[-1].rank == 14 else legal[0]
        contract, hand = deal.contract, deal.hand_to_play
        assert contract is not None and hand is not None  # a card is asked for only in play
        trump = contract.trump
        seats = deal.trick_seats
        winning = trick_winner(trick, trump)
        partner = (hand + 2) % 4
        if seats[winning] == partner:
            return legal[0]
        for card in legal:  # the lowest card that would take the lead in the trick
            if trick_winner([*trick, card], trump) == len(trick):
                return card
        return legal[0]

    def __repr__(self) -> str:
        return "SensibleBridgeBot()"


# ----- playing -----------------------------------------------------------------------------------


def play_out(
    game: TrickDeal[Any, Any] | TrickMatch[Any, Any, Any],
    bots: Sequence[Bot | None],
    stop_at: int | None = None,
) -> None:
    """Let bots act until the deal is over, or a person (or seat ``stop_at``) is to act.

    ``game`` is a deal of any of the four games, or a match (then its current deal is
    played); ``bots`` has one bot per seat, ``None`` for a seat a person plays. Each bot is
    handed the deal. In Contract Bridge the declarer's bot plays dummy's cards, as in the game.
    """
    deal = game.deal if isinstance(game, TrickMatch) else game
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None  # somebody acts until the deal is over
        bot = bots[seat]
        if bot is None or seat == stop_at:
            return
        if deal.phase == PLAYING:
            deal.play(bot.choose_play(deal))
        else:
            deal.call(bot.choose_call(deal))


MatchT = TypeVar("MatchT", bound="TrickMatch[Any, Any, Any]")


def play_match(match: MatchT, bots: Sequence[Bot | None], max_deals: int | None = None) -> MatchT:
    """Let bots play ``match`` to its end, deal after deal; returns the match.

    It stops early when a person (``None`` in ``bots``) is to act, or once ``max_deals``
    deals have been dealt (when given: a guard against a match that never ends).
    """
    while True:
        play_out(match, bots)
        if match.phase != match.between_phase:  # over, or a person is to act
            return match
        if max_deals is not None and len(match.deals) >= max_deals:
            return match
        match.next_deal()


__all__ = [
    "Bot",
    "RandomBot",
    "RandomBridgeBot",
    "SensibleBot",
    "SensibleBridgeBot",
    "SensibleJudgementBot",
    "highest_by_rank",
    "lowest_by_rank",
    "lowest_of_first_suit",
    "play_match",
    "play_out",
    "sensible_call_mask",
    "sensible_play_mask",
]
