"""Exact means exact: from ``exact_from`` cards a hand, the coach's playouts are max-n's.

Once every hand is down to ``exact_from`` cards, the rest of the deal, the trick on the
table included, is played by the exact solver's max-n line, not by the playout policy. So in
a small ending the coach's expected points for a card are exactly the average, over the
layouts it drew, of that card's max-n value in each layout; and over many samples they
approach the average over *every* layout of the hidden cards that fits what the player has
seen.

The reference here is written from the rule book alone, sharing nothing with the coach or
its solver (no masks, no ``legal_mask``, no ``forbidden_cards``): Call Break's ladder, its
trick winner and its scoring, a plain max-n over every play (each player picks the card
best for their own score; among equally good cards the highest, clubs above diamonds above
hearts above spades and then by rank: the solver's stated convention), and "fits what was
seen" as "every card each player played was legal from the cards they held then".
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations

import pytest

from cardlib import callbreak
from cardlib.bots import SensibleBot
from cardlib.cards import from_mask
from cardlib.coach.analysis import analyse, imagined_deals, view_of

# ----- the rule book, on (suit, rank) pairs ---------------------------------------------

SUIT_ORDER = {"S": 0, "H": 1, "D": 2, "C": 3}  # the tie convention's order of suits


def legal(hand: frozenset, trick: tuple, free_discard: bool) -> list:
    """The Call Break ladder: what a player holding ``hand`` may play onto ``trick``."""
    if not trick:
        return sorted(hand)
    led = trick[0][0]
    follow = [c for c in hand if c[0] == led]
    spades_on_table = [rank for suit, rank in trick if suit == "S"]
    if follow:
        if led != "S" and spades_on_table:  # a side suit trumped: any card of it
            return follow
        top = max(rank for suit, rank in trick if suit == led)
        return [c for c in follow if c[1] > top] or follow
    spades = [c for c in hand if c[0] == "S"]
    if not spades:
        return sorted(hand)
    if spades_on_table:
        higher = [c for c in spades if c[1] > max(spades_on_table)]
        if higher:
            return higher
        return sorted(hand) if free_discard else spades
    return spades


def trick_winner(trick: tuple) -> int:
    """The position in the trick of its winning card: the highest spade, else of the led suit."""
    spades = [i for i, (suit, _) in enumerate(trick) if suit == "S"]
    candidates = spades or [i for i, (suit, _) in enumerate(trick) if suit == trick[0][0]]
    return max(candidates, key=lambda i: trick[i][1])


def score(call: int, tricks: int) -> Fraction:
    """Call Break's points: the call and a tenth a trick over it when made, minus the call."""
    return call + Fraction(tricks - call, 10) if tricks >= call else Fraction(-call)


def pair(card) -> tuple[str, int]:
    """A card as the rule book's (suit letter, rank 2..14)."""
    return card.suit, card.rank


class RuleBook:
    """Max-n over every play of an ending, by the rule book (memoised on the position)."""

    def __init__(self, calls: tuple[int, ...], free_discard: bool):
        self.calls = calls
        self.free_discard = free_discard
        self.final = cache(self._final)

    def _final(self, hands: tuple, trick: tuple, leader: int, won: tuple) -> tuple:
        """Final tricks by seat when every player plays max-n from here (seats clockwise)."""
        seat = (leader + len(trick)) % 4
        if not trick and not hands[seat]:
            return won
        best = None
        for card in legal(hands[seat], trick, self.free_discard):
            final = self.after(hands, trick, leader, won, card)
            key = (score(self.calls[seat], final[seat]), SUIT_ORDER[card[0]], card[1])
            if best is None or key > best[0]:
                best = (key, final)
        assert best is not None
        return best[1]

    def after(self, hands: tuple, trick: tuple, leader: int, won: tuple, card) -> tuple:
        """Final tricks after the seat to play plays ``card``, max-n for everyone after."""
        seat = (leader + len(trick)) % 4
        hands = tuple(h - {card} if s == seat else h for s, h in enumerate(hands))
        trick = (*trick, card)
        if len(trick) < 4:
            return self.final(hands, trick, leader, won)
        winner = (leader + trick_winner(trick)) % 4
        return self.final(hands, (), winner, tuple(w + (s == winner) for s, w in enumerate(won)))


# ----- the ending, what the player saw, and every layout that fits it -------------------


def mid_trick(seed: int, on_table: int) -> callbreak.Deal:
    """A sensible bots' deal after ten tricks and ``on_table`` cards of the eleventh."""
    deal = callbreak.Deal(seed=seed, dealer=seed % 4)
    bot = SensibleBot()
    while deal.phase == "calling":
        deal.call(bot.choose_call(deal))
    while len(deal.tricks) < 10 or len(deal.trick) < on_table:
        deal.play(bot.choose_play(deal))
    return deal


def plays_of(deal) -> list[tuple[int, tuple[str, int]]]:
    """Every card played so far as (seat, card), in order, the trick on the table last."""
    plays = [(s, pair(c)) for t in deal.tricks for s, c in zip(t.seats, t.cards, strict=True)]
    return plays + [(s, pair(c)) for s, c in zip(deal.trick_seats, deal.trick, strict=True)]


def fits(layout: dict, plays: list, free_discard: bool) -> bool:
    """Whether every card played was legal from what its player held then (the hand now,
    ``layout`` by seat, and every card they played from then on)."""
    held = {seat: set(hand) for seat, hand in layout.items()}
    for seat, card in plays:
        held[seat].add(card)
    for start in range(0, len(plays), 4):
        trick: tuple = ()
        for seat, card in plays[start : start + 4]:
            if card not in legal(frozenset(held[seat]), trick, free_discard):
                return False
            held[seat].discard(card)
            trick = (*trick, card)
    return True


def every_layout(deal, seat: int):
    """Every split of the cards the seat has not seen among the other hands, by their sizes,
    that fits the play so far; as each seat's hand now."""
    plays = plays_of(deal)
    seen = {card for _, card in plays} | {pair(c) for c in deal.hand(seat)}
    deck = {(s, r) for s in SUIT_ORDER for r in range(2, 15)}
    unseen = sorted(deck - seen)
    others = [s for s in range(4) if s != seat]
    sizes = [len(deal.hand(s)) for s in others]
    mine = frozenset(pair(c) for c in deal.hand(seat))
    free_discard = deal.variant.free_discard

    def split(i: int, left: list):
        if i == len(others):
            yield {}
            return
        for hand in combinations(left, sizes[i]):
            rest = [c for c in left if c not in hand]
            for more in split(i + 1, rest):
                yield {others[i]: frozenset(hand), **more}

    for layout in split(0, unseen):
        if fits({**layout, seat: mine}, plays, free_discard):
            yield tuple(mine if s == seat else layout[s] for s in range(4))


def card_values(deal, hands: tuple, book: RuleBook) -> dict:
    """The player's max-n points after each legal card, the hands as in ``hands``."""
    seat = deal.to_act
    leader = deal.trick_seats[0] if deal.trick_seats else seat
    trick = tuple(pair(c) for c in deal.trick)
    won = tuple(deal.tricks_won)
    return {
        card: score(book.calls[seat], book.after(hands, trick, leader, won, card)[seat])
        for card in legal(hands[seat], trick, book.free_discard)
    }


def as_pairs(hands_masks) -> tuple:
    """Hands given as masks (the coach's samples), as sets of (suit, rank) pairs."""
    return tuple(frozenset(pair(c) for c in from_mask(mask)) for mask in hands_masks)


# Endings where the policy would have finished the trick otherwise than max-n does (the
# coach failed the sample-by-sample check while it left the trick on the table to it).
@pytest.mark.parametrize("seed, on_table", [(4, 2), (12, 1), (16, 2)])
def test_the_trick_on_the_table_is_finished_exactly(seed, on_table):
    deal = mid_trick(seed, on_table)
    view = view_of(deal)
    assert view.hand_size(view.seat) == 3 and len(view.current) == on_table
    book = RuleBook(tuple(deal.calls), deal.variant.free_discard)
    samples = 100
    analysis = analyse(view, samples, seed=seed, exact_from=3)
    rated = {pair(c.card): c.estimate for c in analysis.cards}
    # Sample by sample: the coach's value of each card is max-n's in the layout it drew,
    # and every layout it drew fits the play.
    imagined = [as_pairs(h) for h in imagined_deals(view, samples, seed)]
    plays = plays_of(deal)
    assert all(fits(dict(enumerate(hands)), plays, book.free_discard) for hands in imagined)
    drawn = [card_values(deal, hands, book) for hands in imagined]
    assert set(drawn[0]) == set(rated)  # the same legal cards
    for card, estimate in rated.items():
        assert estimate.mean == sum(d[card] for d in drawn) / samples, card
    # Over every layout that fits: the sampled means within three standard errors of the truth.
    layouts = [card_values(deal, hands, book) for hands in every_layout(deal, view.seat)]
    assert len(layouts) > 1
    for card, estimate in rated.items():
        truth = sum(d[card] for d in layouts) / len(layouts)
        assert abs(estimate.mean - truth) <= 3 * estimate.stderr + Fraction(1, 10**9), card
