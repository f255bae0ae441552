"""The fast internal path: whole deals played on 52-bit masks, no objects.

Used for Monte Carlo estimates (how many tricks a hand takes) and measured by
the benchmark beside the public :class:`~cardlib.callbreak.Deal`. Bot playouts
call the same :func:`~cardlib.tricks.legal_mask` and the same bot policies;
uniform random playouts (:func:`random_playout`) and the sensible bots' playouts
(:func:`sensible_playout`) run specialised loops whose copies of the ladder (and
of :func:`~cardlib.bots.sensible_play_mask`) tests prove equal to ``legal_mask``
at every turn. Tests check them against ``Deal`` move for move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cardlib.bots import highest_by_rank, lowest_by_rank, sensible_call_mask, sensible_play_mask
from cardlib.cards import SUIT_MASKS, SUITS
from cardlib.errors import CardlibError
from cardlib.game import deal_hands
from cardlib.i18n import _
from cardlib.tricks import PlayRules, legal_mask, winner_index

#: A card chooser for :func:`play_tricks`: ``(seat, hand, trick, legal, tricks won) -> card``,
#: the hand and the legal cards as masks, the trick's cards and the card chosen as indices.
Chooser = Callable[[int, int, Sequence[int], int, Sequence[int]], int]

# The seats of a trick in play order, by direction and leader.
_SEAT_ORDERS = {
    d: tuple(tuple((lead + d * i) % 4 for i in range(4)) for lead in range(4)) for d in (1, -1)
}


def play_tricks(
    hands: list[int],
    leader: int,
    rules: PlayRules,
    choose: Chooser | None = None,
    direction: int = 1,
    first_trick: bool = True,
    rng: random.Random | None = None,
) -> list[int]:
    """Play every remaining card; returns tricks won by seat. ``hands`` is consumed.

    ``choose(seat, hand, trick, legal_mask, tricks_won)`` returns a card index.
    Without ``choose``, every card is drawn uniformly from the legal ones with
    ``rng`` (see :func:`random_playout`, the quickest way to play random deals); with
    :func:`sensible_chooser`'s for the rules' trump, the deal is played by
    :func:`sensible_playout` (the same cards, quicker).
    """
    if choose is None:
        return random_playout(hands, leader, rules, rng or random.Random(), direction, first_trick)
    trump_index = -1 if rules.trump is None else SUITS.index(rules.trump)
    if isinstance(choose, SensibleChooser) and choose.trump_index == trump_index:
        return sensible_playout(hands, leader, rules, choose.calls, direction, first_trick)
    seat_orders = _SEAT_ORDERS[direction]
    won = [0, 0, 0, 0]
    while hands[leader]:
        trick: list[int] = []
        order = seat_orders[leader]
        for seat in order:
            hand = hands[seat]
            legal = legal_mask(hand, trick, rules, first_trick)[0]
            card = choose(seat, hand, trick, legal, won)
            hands[seat] = hand ^ (1 << card)
            trick.append(card)
        first_trick = False
        leader = order[winner_index(trick, trump_index)]
        won[leader] += 1
    return won


# Card indices of each mask that lies within one suit, filled as they are met
# (at most 4 × 8192), and the suit mask of each card.
_SUIT_TUPLES: dict[int, tuple[int, ...]] = {}
_SUIT_OF_CARD = tuple(0x1FFF << (13 * (card // 13)) for card in range(52))
_SUIT0, _SUIT1, _SUIT2, _SUIT3 = (0x1FFF << (13 * suit) for suit in range(4))
_FOLLOWERS = {
    d: tuple(tuple((lead + d * i) % 4 for i in range(1, 4)) for lead in range(4)) for d in (1, -1)
}


def _cards_in(mask: int) -> tuple[int, ...]:
    """The card indices in ``mask``, lowest first, adding its suits' parts to the table."""
    parts = [mask & suit_mask for suit_mask in (_SUIT0, _SUIT1, _SUIT2, _SUIT3)]
    for part in parts:
        if part not in _SUIT_TUPLES:
            _SUIT_TUPLES[part] = tuple(i for i in range(52) if part >> i & 1)
    return sum((_SUIT_TUPLES[part] for part in parts), ())


def random_playout(
    hands: list[int],
    leader: int,
    rules: PlayRules,
    rng: random.Random,
    direction: int = 1,
    first_trick: bool = True,
    record: list | None = None,
) -> list[int]:
    """Play every remaining card, each drawn uniformly from the legal ones; tricks won by seat.

    ``hands`` (masks) is consumed. Each card takes one ``rng.random()`` and is
    the legal card at that fraction of the legal cards listed lowest index
    first. With a ``record`` list, every turn appends ``(hand, legal mask,
    card)`` in the order played, so tests can check it against the rules.
    """
    # This loop inlines the ladder of tricks.legal_mask and the winner of
    # tricks.winner_index, keeping the trick's top cards as they are played
    # instead of scanning the trick: twice as fast as calling them, and the
    # benchmark's "fast" figure. legal_mask stays the one definition of the
    # rules; tests/test_fast_paths.py proves this copy gives the same mask at
    # every turn for every kind of PlayRules, and that its games replay through Deal.
    trump_bits = 0 if rules.trump is None else SUIT_MASKS[rules.trump]
    must_beat = rules.must_beat
    void_rule = rules.void_rule
    void_free = trump_bits == 0 or void_rule == "free"
    undertrump = void_rule == "trump"
    no_trump_lead = rules.no_trump_lead_first_trick and first_trick and trump_bits != 0
    uniform = rng.random
    suit_tuples = _SUIT_TUPLES
    suit_of_card = _SUIT_OF_CARD
    followers = _FOLLOWERS[direction]
    won = [0, 0, 0, 0]
    while True:
        hand = hands[leader]
        if not hand:
            return won
        legal = hand
        if no_trump_lead:
            no_trump_lead = False
            legal = hand & ~trump_bits or hand
        try:
            cards = (
                suit_tuples[legal & _SUIT0]
                + suit_tuples[legal & _SUIT1]
                + suit_tuples[legal & _SUIT2]
                + suit_tuples[legal & _SUIT3]
            )
        except KeyError:  # a suit pattern not met before
            cards = _cards_in(legal)
        card = cards[int(uniform() * len(cards))]
        if record is not None:
            record.append((hand, legal, card))
        hands[leader] = hand ^ (1 << card)
        led_bits = suit_of_card[card]
        top_led = card
        top_trump = -1
        led_winner = trump_winner = leader
        for seat in followers[leader]:
            hand = hands[seat]
            legal = hand & led_bits
            if legal:  # follow suit
                if must_beat and top_trump < 0:
                    higher = legal >> (top_led + 1) << (top_led + 1)
                    if higher:
                        legal = higher
            elif void_free:
                legal = hand
            else:
                legal = hand & trump_bits
                if not legal:
                    legal = hand
                elif top_trump >= 0:
                    higher = legal >> (top_trump + 1) << (top_trump + 1)
                    if higher:
                        legal = higher
                    elif not undertrump:
                        legal = hand
            cards = suit_tuples.get(legal)  # type: ignore[assignment]  # None: see below
            if cards is None:  # more than one suit (a free discard), or a pattern not met before
                try:
                    cards = (
                        suit_tuples[legal & _SUIT0]
                        + suit_tuples[legal & _SUIT1]
                        + suit_tuples[legal & _SUIT2]
                        + suit_tuples[legal & _SUIT3]
                    )
                except KeyError:
                    cards = _cards_in(legal)
            card = cards[int(uniform() * len(cards))]
            if record is not None:
                record.append((hand, legal, card))
            hands[seat] = hand ^ (1 << card)
            if led_bits >> card & 1:
                if card > top_led:
                    top_led = card
                    led_winner = seat
            elif trump_bits >> card & 1 and card > top_trump:
                top_trump = card
                trump_winner = seat
        leader = trump_winner if top_trump >= 0 else led_winner
        won[leader] += 1


def random_deal(
    rng: random.Random, rules: PlayRules, min_call: int = 1, max_call: int = 13
) -> tuple[list[int], list[int]]:
    """One full random deal (deal, four random calls, 13 random legal tricks) on masks.

    Returns ``(calls, tricks won)`` by seat. It draws what :class:`~cardlib.callbreak.Deal`
    draws from a generator (dealer, hands), then the four calls and the cards as
    :func:`random_playout` does.
    """
    dealer = rng.randrange(4)
    hands = deal_hands(rng, dealer)
    uniform = rng.random
    calls = [min_call + int(uniform() * (max_call - min_call + 1)) for _ in range(4)]
    return calls, random_playout(hands, (dealer + 1) % 4, rules, rng)


class SensibleChooser:
    """A ``choose`` function for :func:`play_tricks` that plays like ``SensibleBot``.

    Called, it is :func:`cardlib.bots.sensible_play_mask` for the seat (wanting tricks
    while short of its call). :func:`play_tricks` knows it: for the same trump it plays
    the deal with :func:`sensible_playout` instead, the same cards without a call a card.
    """

    def __init__(self, calls: Sequence[int], trump_index: int):
        self.calls = tuple(calls)
        self.trump_index = trump_index

    def __call__(
        self, seat: int, hand: int, trick: Sequence[int], legal: int, won: Sequence[int]
    ) -> int:
        """The sensible bot's card for ``seat``: its ``hand``, the ``trick``, the ``legal``
        cards (masks and indices as :data:`Chooser`) and the tricks ``won`` by seat."""
        return sensible_play_mask(
            hand, trick, legal, self.trump_index, won[seat] < self.calls[seat]
        )

    def __repr__(self) -> str:
        return f"SensibleChooser({list(self.calls)!r}, {self.trump_index!r})"


def sensible_chooser(calls: Sequence[int], trump_index: int) -> Chooser:
    """A ``choose`` function for :func:`play_tricks` that plays like ``SensibleBot``
    (:class:`SensibleChooser`)."""
    return SensibleChooser(calls, trump_index)


_ABOVE = tuple(_SUIT_OF_CARD[c] >> (c + 1) << (c + 1) for c in range(52))


def sensible_playout(
    hands: list[int],
    leader: int,
    rules: PlayRules,
    calls: Sequence[int],
    direction: int = 1,
    first_trick: bool = True,
    record: list | None = None,
) -> list[int]:
    """Play every remaining card as four :class:`~cardlib.bots.SensibleBot` players would;
    tricks won by seat.

    ``hands`` (masks) is consumed; each seat wants tricks while it has fewer than its
    call. The same cards as :func:`play_tricks` with :func:`sensible_chooser`, about
    twice as fast (a whole deal): the ladder of :func:`cardlib.tricks.legal_mask` and the policy of
    :func:`cardlib.bots.sensible_play_mask` inlined on the trick's top cards (as
    :func:`random_playout` does). With a ``record`` list, every turn appends ``(seat,
    hand, trick, legal, card)`` so tests can hold it to both, move for move.
    """
    trump_index = -1 if rules.trump is None else SUITS.index(rules.trump)
    trump_bits = 0 if trump_index < 0 else 0x1FFF << (13 * trump_index)
    must_beat = rules.must_beat
    void_free = trump_bits == 0 or rules.void_rule == "free"
    undertrump = rules.void_rule == "trump"
    side_aces = [13 * s + 12 for s in range(4) if s != trump_index]
    followers = _FOLLOWERS[direction]
    above, suit_of = _ABOVE, _SUIT_OF_CARD
    lowest, highest = lowest_by_rank, highest_by_rank
    won = [0, 0, 0, 0]
    while True:
        hand = hands[leader]
        if not hand:
            return won
        legal = legal_mask(hand, (), rules, first_trick)[0] if first_trick else hand
        first_trick = False
        card = -1
        if won[leader] < calls[leader]:
            for ace in side_aces:
                if legal >> ace & 1:
                    card = ace
                    break
        if card < 0:
            pick = legal & ~trump_bits or legal
            card = (pick & -pick).bit_length() - 1  # the first side suit's lowest
        if record is not None:
            record.append((leader, hand, (), legal, card))
        hands[leader] = hand ^ (1 << card)
        played = [card]  # the trick, for the record
        led_bits = suit_of[card]
        beat_with = 0 if led_bits == trump_bits else trump_bits  # trumps beat a side suit
        top_led, top_trump = card, -1
        led_seat = trump_seat = leader
        for seat in followers[leader]:
            hand = hands[seat]
            legal = hand & led_bits
            if legal:
                if must_beat and top_trump < 0:
                    legal = legal & above[top_led] or legal
            elif void_free:
                legal = hand
            else:
                legal = hand & trump_bits
                if not legal:
                    legal = hand
                elif top_trump >= 0:
                    legal = legal & above[top_trump] or (legal if undertrump else hand)
            # Win cheaply (a side card first) while short of the call, else duck as high
            # as possible.
            if top_trump >= 0:
                winners = legal & above[top_trump]
            else:
                winners = legal & (above[top_led] | beat_with)
            # (Winners lie in one suit, so their lowest bit is their lowest card; a discard
            # or a duck goes by rank across suits.)
            if won[seat] < calls[seat]:
                if winners:
                    pick = winners & ~trump_bits or winners
                    card = (pick & -pick).bit_length() - 1
                else:
                    card = lowest(legal & ~trump_bits or legal)
            else:
                losers = legal & ~winners
                card = highest(losers) if losers else lowest(legal)
            if record is not None:
                record.append((seat, hand, tuple(played), legal, card))
                played.append(card)
            hands[seat] = hand ^ (1 << card)
            if led_bits >> card & 1:
                if card > top_led:
                    top_led, led_seat = card, seat
            elif trump_bits >> card & 1 and card > top_trump:
                top_trump, trump_seat = card, seat
        leader = trump_seat if top_trump >= 0 else led_seat
        won[leader] += 1


# Deals of the other hands tried for one sample before giving up: with a hand that
# leaves too few spades (or face cards) for the others, no deal would ever stand.
MAX_REDEALS = 1000


def sample_tricks(
    hand: int,
    samples: int,
    seed: int | str | random.Random | None = 0,
    rules: PlayRules | None = None,
    seat: int = 0,
    leader: int = 0,
    call: int | None = None,
    min_call: int = 1,
    max_call: int = 13,
    direction: int = 1,
    thrown_in: Callable[[int], object] | None = None,
) -> list[int]:
    """How often ``hand`` (a mask, 13 cards) takes 0..13 tricks, over random deals of the rest.

    The other 39 cards are dealt at random to the other seats; all four seats
    call and play like ``SensibleBot`` (seat ``seat`` with ``call`` if given),
    in ``direction`` (+1 clockwise, -1 anticlockwise). With ``thrown_in`` (a
    function of a hand mask, true for a hand a redeal rule throws in), deals in
    which another hand is thrown in are dealt again, as at the table.
    Seeded: the same arguments give the same counts. Returns 14 counts.
    """
    if hand.bit_count() != 13:
        raise CardlibError(
            _("the hand must hold 13 cards, got {count}").format(count=hand.bit_count())
        )
    rules = rules or PlayRules("S", must_beat=True, void_rule="trump")
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    rest = [i for i in range(52) if not hand >> i & 1]
    others = [s for s in range(4) if s != seat]
    counts = [0] * 14
    own_call = call
    if thrown_in is not None and thrown_in(hand):
        raise CardlibError(_("this hand would be thrown in under the variant's redeal rule"))
    for _sample in range(samples):
        hands = [0, 0, 0, 0]
        for _attempt in range(MAX_REDEALS):
            rng.shuffle(rest)
            hands[seat] = hand
            for k, other in enumerate(others):
                mask = 0
                for card in rest[13 * k : 13 * k + 13]:
                    mask |= 1 << card
                hands[other] = mask
            if thrown_in is None or not any(thrown_in(hands[other]) for other in others):
                break
        else:
            raise CardlibError(
                _(
                    "{count} deals in a row of the other hands were all thrown in: with this "
                    "hand the redeal rule (almost) never lets a deal stand"
                ).format(count=MAX_REDEALS)
            )
        calls = [sensible_call_mask(h, rules.trump, min_call, max_call) for h in hands]
        if own_call is not None:
            calls[seat] = own_call
        won = sensible_playout(hands, leader, rules, calls, direction=direction)
        counts[won[seat]] += 1
    return counts
