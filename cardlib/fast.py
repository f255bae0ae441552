"""The fast internal path: whole deals played on 52-bit masks, no objects.

Used for Monte Carlo estimates (how many tricks a hand takes) and measured by
the benchmark beside the public :class:`~cardlib.callbreak.Deal`. It calls the
same :func:`~cardlib.tricks.legal_mask` and the same bot policies, so it plays
by exactly the same rules; tests check it against ``Deal`` move for move.
"""

from __future__ import annotations

import random

from cardlib.bots import sensible_call_mask, sensible_play_mask
from cardlib.cards import SUITS
from cardlib.game import deal_hands
from cardlib.tricks import PlayRules, legal_mask, winner_index

# The card indices of each 13-bit rank pattern, by suit, filled as they are met.
_SUIT_CARDS: tuple[dict[int, tuple[int, ...]], ...] = ({}, {}, {}, {})
_BITS_CACHE: dict[int, tuple[int, ...]] = {}


def _suit_cards(suit: int, ranks: int) -> tuple[int, ...]:
    cards = _SUIT_CARDS[suit].get(ranks)
    if cards is None:
        base = 13 * suit
        cards = _SUIT_CARDS[suit][ranks] = tuple(base + r for r in range(13) if ranks >> r & 1)
    return cards


def _bits(mask: int) -> tuple[int, ...]:
    """The card indices in a mask, lowest first (memoised)."""
    bits = _BITS_CACHE.get(mask)
    if bits is None:
        # Leads are whole hands and rarely recur; building them from the four
        # suits' tables is several times quicker than walking the bits.
        if len(_BITS_CACHE) > 200_000:
            _BITS_CACHE.clear()
        bits = _BITS_CACHE[mask] = (
            _suit_cards(0, mask & 0x1FFF)
            + _suit_cards(1, mask >> 13 & 0x1FFF)
            + _suit_cards(2, mask >> 26 & 0x1FFF)
            + _suit_cards(3, mask >> 39)
        )
    return bits


# The seats of a trick in play order, by direction and leader.
_SEAT_ORDERS = {
    d: tuple(tuple((lead + d * i) % 4 for i in range(4)) for lead in range(4)) for d in (1, -1)
}


def play_tricks(
    hands: list[int],
    leader: int,
    rules: PlayRules,
    choose=None,
    direction: int = 1,
    first_trick: bool = True,
    rng: random.Random | None = None,
) -> list[int]:
    """Play every remaining card; returns tricks won by seat. ``hands`` is consumed.

    ``choose(seat, hand, trick, legal_mask, tricks_won)`` returns a card index.
    Without ``choose``, every card is drawn uniformly from the legal ones with
    ``rng`` (the quickest way to play random deals).
    """
    trump_index = -1 if rules.trump is None else SUITS.index(rules.trump)
    seat_orders = _SEAT_ORDERS[direction]
    if choose is None:
        uniform = (rng or random.Random()).random
        bits_cache = _BITS_CACHE
    won = [0, 0, 0, 0]
    while hands[leader]:
        trick: list[int] = []
        order = seat_orders[leader]
        for seat in order:
            hand = hands[seat]
            legal = legal_mask(hand, trick, rules, first_trick)[0]
            if choose is None:
                cards = bits_cache.get(legal) or _bits(legal)
                card = cards[int(uniform() * len(cards))]
            else:
                card = choose(seat, hand, trick, legal, won)
            hands[seat] = hand ^ (1 << card)
            trick.append(card)
        first_trick = False
        leader = order[winner_index(trick, trump_index)]
        won[leader] += 1
    return won


def random_deal(rng: random.Random, rules: PlayRules, min_call: int = 1, max_call: int = 13):
    """One full random deal (deal, four random calls, 13 random legal tricks) on masks.

    Returns ``(calls, tricks won)`` by seat.
    """
    dealer = rng.randrange(4)
    hands = deal_hands(rng, dealer)
    uniform = rng.random
    calls = [min_call + int(uniform() * (max_call - min_call + 1)) for _ in range(4)]
    return calls, play_tricks(hands, (dealer + 1) % 4, rules, rng=rng)


def sensible_chooser(calls: list[int], trump_index: int):
    """A ``choose`` function for :func:`play_tricks` that plays like ``SensibleBot``."""

    def choose(seat, hand, trick, legal, won):
        return sensible_play_mask(hand, trick, legal, trump_index, won[seat] < calls[seat])

    return choose


def sample_tricks(
    hand: int,
    samples: int,
    seed=0,
    rules: PlayRules | None = None,
    seat: int = 0,
    leader: int = 0,
    call: int | None = None,
    min_call: int = 1,
    max_call: int = 13,
) -> list[int]:
    """How often ``hand`` (a mask, 13 cards) takes 0..13 tricks, over random deals of the rest.

    The other 39 cards are dealt at random to the other seats; all four seats
    call and play like ``SensibleBot`` (seat ``seat`` with ``call`` if given).
    Seeded: the same arguments give the same counts. Returns 14 counts.
    """
    if hand.bit_count() != 13:
        raise ValueError(f"the hand must hold 13 cards, got {hand.bit_count()}")
    rules = rules or PlayRules("S", must_beat=True, void_rule="trump")
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    trump_index = -1 if rules.trump is None else SUITS.index(rules.trump)
    rest = [i for i in range(52) if not hand >> i & 1]
    others = [s for s in range(4) if s != seat]
    counts = [0] * 14
    own_call = call
    for _ in range(samples):
        rng.shuffle(rest)
        hands = [0, 0, 0, 0]
        hands[seat] = hand
        for k, other in enumerate(others):
            mask = 0
            for card in rest[13 * k : 13 * k + 13]:
                mask |= 1 << card
            hands[other] = mask
        calls = [sensible_call_mask(h, rules.trump, min_call, max_call) for h in hands]
        if own_call is not None:
            calls[seat] = own_call
        won = play_tricks(hands, leader, rules, sensible_chooser(calls, trump_index))
        counts[won[seat]] += 1
    return counts
