"""Bots for Contract Bridge: a random one and a sensible one (also in :mod:`cardlib.bridge`)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from cardlib.bridge_calls import PASS, STRAINS, is_bid
from cardlib.cards import SUITS, Card, parse_cards
from cardlib.game import CALLING, PLAYING
from cardlib.match import TrickMatch
from cardlib.tricks import trick_winner as _trick_winner

# ----- bots --------------------------------------------------------------------

HCP = {14: 4, 13: 3, 12: 2, 11: 1}


def high_card_points(hand: Iterable[Card | str] | str) -> int:
    """Ace 4, king 3, queen 2, jack 1: the usual measure of a hand's strength."""
    cards = parse_cards(hand) if isinstance(hand, str) else [Card(c) for c in hand]
    return sum(HCP.get(c.rank, 0) for c in cards)


class RandomBridgeBot:
    """A random legal call (passing half the time, so auctions end) and a random legal card."""

    def __init__(self, seed=None):
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def choose_call(self, deal) -> str:
        calls = deal.legal_calls()
        if self.rng.random() < 0.5:
            return PASS
        return self.rng.choice(calls)

    def choose_play(self, deal) -> Card:
        return self.rng.choice(sorted(deal.legal_plays()))

    def __repr__(self) -> str:
        return "RandomBridgeBot()"


class SensibleBridgeBot:
    """Opens with values, passes otherwise; plays to win tricks but not over its partner.

    Calling: with 12+ high-card points, when its side has not bid yet, it bids
    its longest suit that the opponents have not named (the higher of equal
    lengths; 1NT with 15–17 and no suit shorter than two) at the lowest legal
    level, if that is at most 2; with
    10+ points and three cards in the suit its partner bid, it raises once.
    Otherwise it passes; it never doubles. Playing: the cheapest card that wins
    the trick, unless partner is already winning it (then the lowest card).
    """

    def choose_call(self, deal) -> str:
        auction = deal.auction
        seat = auction.to_act
        hand = deal.hand(seat)
        points = high_card_points(hand)
        lengths = {s: sum(c.suit == s for c in hand) for s in SUITS}
        own_bids = [
            call
            for i, call in enumerate(auction.calls)
            if is_bid(call) and auction.seat_of(i) % 2 == seat % 2
        ]
        legal = deal.legal_calls()

        def cheapest(strain: str) -> str | None:
            for call in legal:
                if is_bid(call) and call[1:] == strain:
                    return call
            return None

        if not own_bids and points >= 12:
            balanced = min(lengths.values()) >= 2
            if balanced and 15 <= points <= 17:
                strain = "NT"
            else:
                theirs = {
                    call[1:]
                    for i, call in enumerate(auction.calls)
                    if is_bid(call) and auction.seat_of(i) % 2 != seat % 2
                }
                suits = [s for s in "CDHS" if s not in theirs] or ["NT"]
                strain = max(suits, key=lambda s: (lengths.get(s, 0), STRAINS.index(s)))
            bid = cheapest(strain)
            if bid is not None and int(bid[0]) <= 2:
                return bid
        partner_bids = [
            call
            for i, call in enumerate(auction.calls)
            if is_bid(call) and auction.seat_of(i) == (seat + 2) % 4
        ]
        if (
            partner_bids
            and len(own_bids) == len(partner_bids)
            and auction.last_bidder == (seat + 2) % 4
            and partner_bids[-1][1:] != "NT"
            and lengths[partner_bids[-1][1:]] >= 3
            and points >= 10
        ):
            bid = cheapest(partner_bids[-1][1:])
            if bid is not None and int(bid[0]) <= 3:
                return bid
        return PASS

    def choose_play(self, deal) -> Card:
        legal = sorted(deal.legal_plays(), key=lambda c: (c.rank, c.suit))
        trick = list(deal.trick)
        if not trick:
            return legal[-1] if legal[-1].rank == 14 else legal[0]
        trump = deal.contract.trump
        seats = deal.trick_seats
        winning = _trick_winner(trick, trump)
        partner = (deal.hand_to_play + 2) % 4
        if seats[winning] == partner:
            return legal[0]
        for card in legal:  # the lowest card that would take the lead in the trick
            if _trick_winner([*trick, card], trump) == len(trick):
                return card
        return legal[0]

    def __repr__(self) -> str:
        return "SensibleBridgeBot()"


def play_out(deal_or_game, bots: Sequence, stop_at: int | None = None) -> None:
    """Let bots (one per seat, ``None`` for a person) act until the deal is over,
    or until a person or seat ``stop_at`` is to act. On dummy's turns the
    declarer's bot acts, as in the game."""
    while deal_or_game.phase in (CALLING, PLAYING):
        seat = deal_or_game.to_act
        bot = bots[seat]
        if bot is None or seat == stop_at:
            return
        deal = deal_or_game.deal if isinstance(deal_or_game, TrickMatch) else deal_or_game
        if deal.phase == CALLING:
            deal_or_game.call(bot.choose_call(deal))
        else:
            deal_or_game.play(bot.choose_play(deal))


def play_game(game_: TrickMatch, bots: Sequence, max_deals: int = 1000) -> TrickMatch:
    """Bots play a whole game to its end (every deal); returns the game."""
    while True:
        play_out(game_, bots)
        if game_.phase == "over" or len(game_.deals) >= max_deals:
            return game_
        game_.next_deal()
