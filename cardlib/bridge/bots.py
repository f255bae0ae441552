"""Bots for Contract Bridge: a random one and a sensible one (also in :mod:`cardlib.bridge`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from cardlib.bridge import bidding
from cardlib.bridge.calls import PASS
from cardlib.cards import Card
from cardlib.game import CALLING, PLAYING, Seed, seeded_rng
from cardlib.match import TrickMatch
from cardlib.tricks import trick_winner as _trick_winner

if TYPE_CHECKING:  # the package imports the bots before its deal and match are defined
    from cardlib import bridge

# ----- bots --------------------------------------------------------------------

HCP = bidding.HCP
high_card_points = bidding.high_card_points


class BridgeBot(Protocol):
    """What :func:`play_out` asks of a bot: a call, then a card (on dummy's turns, one of
    dummy's), for the seat to act."""

    def choose_call(self, deal: bridge.Deal, /) -> str:
        """The call the seat to act makes now."""
        ...

    def choose_play(self, deal: bridge.Deal, /) -> Card:
        """The card the seat to act plays now."""
        ...


class RandomBridgeBot:
    """A random legal call (passing half the time, so auctions end) and a random legal card.

    ``seed`` is taken as a deal takes it (:func:`cardlib.game.seeded_rng`)."""

    def __init__(self, seed: Seed = None) -> None:
        self.rng = seeded_rng(seed)

    def choose_call(self, deal: bridge.Deal) -> str:
        """Pass half the time, otherwise any legal call, at random."""
        calls = deal.legal_calls()
        if self.rng.random() < 0.5:
            return PASS
        return self.rng.choice(calls)

    def choose_play(self, deal: bridge.Deal) -> Card:
        """Any legal card, at random."""
        return self.rng.choice(sorted(deal.legal_plays()))

    def __repr__(self) -> str:
        return "RandomBridgeBot()"


class SensibleBridgeBot:
    """Bids in the simple style of notebook 32; plays to win tricks but not over its partner.

    Calling: :func:`cardlib.bridge.bidding.choose_call` (points = high cards plus
    length, 25 between the two hands for game; it never doubles). Playing: the
    cheapest card that wins the trick, unless partner is already winning it (then
    the lowest card).
    """

    def choose_call(self, deal: bridge.Deal) -> str:
        """The call the bidding system gives for this hand and auction."""
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
        winning = _trick_winner(trick, trump)
        partner = (hand + 2) % 4
        if seats[winning] == partner:
            return legal[0]
        for card in legal:  # the lowest card that would take the lead in the trick
            if _trick_winner([*trick, card], trump) == len(trick):
                return card
        return legal[0]

    def __repr__(self) -> str:
        return "SensibleBridgeBot()"


def play_out(
    deal_or_game: bridge.Deal | bridge.Match,
    bots: Sequence[BridgeBot | None],
    stop_at: int | None = None,
) -> None:
    """Let bots (one per seat, ``None`` for a person) act until the deal is over,
    or until a person or seat ``stop_at`` is to act. On dummy's turns the
    declarer's bot acts, as in the game."""
    while deal_or_game.phase in (CALLING, PLAYING):
        seat = deal_or_game.to_act
        assert seat is not None  # somebody acts while calling or playing
        bot = bots[seat]
        if bot is None or seat == stop_at:
            return
        deal = deal_or_game.deal if isinstance(deal_or_game, TrickMatch) else deal_or_game
        if deal.phase == CALLING:
            deal_or_game.call(bot.choose_call(deal))
        else:
            deal_or_game.play(bot.choose_play(deal))


def play_game(
    game_: bridge.Match, bots: Sequence[BridgeBot | None], max_deals: int = 1000
) -> bridge.Match:
    """Bots play a whole game to its end (every deal); returns the game."""
    while True:
        play_out(game_, bots)
        if game_.phase == "over" or len(game_.deals) >= max_deals:
            return game_
        game_.next_deal()
