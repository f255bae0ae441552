"""The one deal engine of the four games, and the protocol every game state answers.

:class:`TrickDeal` is a deal as a state machine: dealing from a seeded
shuffle, a calling phase, the tricks and the errors for illegal actions. A game
is a subclass that states only what differs; put two side by side to see how
two games differ:

================  ==============  ==============  ================  ===================
                  Call Break      Call Bridge     Judgement         Contract Bridge
================  ==============  ==============  ================  ===================
players           4               4               3..7              4
cards per hand    13              13              7 6 5 4 3 2 1 1   13
direction         clockwise (a    counter-        clockwise         clockwise
                  variant: anti)  clockwise
calling phase     calls 1..13     bids 2..12      bids 0..cards,    an auction
                  (variants)                      dealer hooked     (:class:`Auction`)
play rules        ♠ trump, must   ♠ trump, must   round's trump,    contract's trump,
                  beat, must      over-trump      follow suit       follow suit
                  trump           if able         only              only
what a seat sees  own hand        own hand        own hand (none    own hand; dummy
                                                  in the blind      after the
                                                  round until the   opening lead
                                                  dealer's bid)
================  ==============  ==============  ================  ===================

**The protocol.** Every deal, round and match answers the same few names, so
the analysis that samples hidden hands and the card table are written once:

========================  ===================================================================
``players``               how many seats (numbered ``0..players-1``)
``phase``                 ``"calling"`` (Judgement: ``"bidding"``), ``"playing"``, ``"over"``
``to_act``                the seat that acts now (Contract Bridge: the declarer on dummy's
                          turns); ``None`` once over
``legal_actions()``       what ``to_act`` may do now: calls or bids while calling, cards
                          (lowest index first) while playing; ``()`` once over
``act(action)``           do one: a call, a bid or a card (text like ``"KH"`` works); an
                          illegal one raises a ``CardlibError`` and changes nothing
``copy()``                an independent copy, to try actions out
``visible_to(seat)``      a :class:`SeatView`: everything that seat can see now
``hidden_from(seat)``     the cards held in hands that seat cannot see (never its own
                          hand, except face down in Judgement's blind round)
``is_over``               whether the deal is over
``returns()``             each seat's points for the deal, once it is over
``with_hands(hands)``     a copy with other hands in the seats (``None`` keeps one): what an
                          analysis deals from ``hidden_from(seat)`` to imagine the rest
``hand_to_play``          the seat whose hand the next card comes from (``to_act`` but for
                          Contract Bridge's dummy, whose cards the declarer plays)
``face_up``               whether every seat sees its own hand now (``False`` only while
                          Judgement's blind round is face down, before the dealer's bid)
``blind``                 whether the deal is dealt face down: nobody sees a card until the
                          calls are in, then the play plays itself (Judgement's blind round)
========================  ===================================================================

Seats are numbered clockwise: seat ``(s + 1) % players`` sits on seat ``s``'s
left. Hands are kept as 52-bit masks underneath (see :mod:`cardlib.cards`).
"""

from __future__ import annotations

import inspect
import operator
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Generic,
    NamedTuple,
    NoReturn,
    Self,
    SupportsIndex,
    TypeVar,
    cast,
)

from cardlib.cards import (
    DECK,
    SUIT_MASKS,
    Card,
    from_mask,
    parse_card,
    parse_cards,
    sort_for_display,
    to_mask,
)
from cardlib.errors import (
    CardlibError,
    CardlibTypeError,
    IllegalCallError,
    IllegalPlayError,
    OutOfTurnError,
    PhaseError,
    PositionError,
    is_count,
)
from cardlib.i18n import N_, _, pgettext
from cardlib.tricks import PlayRules, explain_text, legal_mask
from cardlib.validate import check_call, check_flag, check_hand, check_seat

if TYPE_CHECKING:
    from cardlib.facts import Game

CALLING, PLAYING, OVER = "calling", "playing", "over"
SEAT_NAMES = ("South", "West", "North", "East")

#: What a seat calls: a number of tricks (Call Break, Call Bridge, Judgement) or a call of
#: Contract Bridge's auction (``"1H"``, ``"P"``).
CallT = TypeVar("CallT")
#: What a finished deal scores: points by seat, or Contract Bridge's entries by side.
ScoresT = TypeVar("ScoresT")
#: A seat's points: exact tenths (Call Break), whole points as ``Decimal`` (Call Bridge) or ``int``.
PointsT = TypeVar("PointsT", Decimal, int)


#: The games' names, marked for translation here (each game module keeps its English name).
GAME_NAMES = (
    N_("trick game"),
    N_("Call Break"),
    N_("Call Bridge"),
    N_("Judgement"),
    N_("Contract Bridge"),
)
# Judgement's ``over_text`` (TrickDeal's is marked where it is defined).
N_("the round is over: every trick has been played")


def phase_name(phase: str) -> str:
    """A phase of a deal in the learner's language (``"playing"``, ``"खेल चल रहा है"`` …)."""
    return {
        "calling": pgettext("phase", "calling"),
        "bidding": pgettext("phase", "bidding"),
        "playing": pgettext("phase", "playing"),
        "over": pgettext("phase", "over"),
        "round-over": pgettext("phase", "round-over"),
        "deal-over": pgettext("phase", "deal-over"),
    }.get(phase, phase)


@dataclass(frozen=True)
class Explanation:
    """Why a set of cards is what may be played.

    ``legal`` the cards allowed, ``rule`` the id of the step of the ladder that
    decided (see :data:`cardlib.tricks.RULE_IDS`), ``text`` one plain sentence.
    """

    legal: frozenset[Card]
    rule: str
    text: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}"

    def _repr_html_(self) -> str:
        from cardlib.draw.svg import explanation_html

        return explanation_html(self)


@dataclass(frozen=True)
class PointsExplained:
    """One seat's (in Contract Bridge one side's) points for a deal, and why.

    ``points`` is exactly what the game's ``score`` gives and ``text`` that number as the
    game writes it ("4.2", "13"); ``result`` ("made", "set", "missed" …) and ``reason``,
    the points' arithmetic with its exact numbers ("call 3 + 0.1 × 1"), are in the
    learner's language. Each game's module words its own (``explain_score``); a table
    only shows them.
    """

    result: str
    points: Decimal | int
    text: str
    reason: str


@dataclass(frozen=True)
class SeatView:
    """What one seat can see of a deal: the observation the protocol gives a seat.

    ``hands`` holds, by seat, the cards of each hand that seat sees and ``None``
    for a hand it cannot see; ``hand_sizes`` how many cards every hand holds;
    ``legal_actions`` what it may do now (empty unless it is to act). The rest
    is on the table for everyone: calls (or bids, or the auction's calls), the
    trick so far and the finished tricks.
    """

    seat: int
    phase: str
    to_act: int | None
    dealer: int
    hands: tuple[frozenset[Card] | None, ...]
    hand_sizes: tuple[int, ...]
    calls: tuple
    trick: tuple[Card, ...]
    trick_seats: tuple[int, ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    legal_actions: tuple

    @property
    def hand(self) -> frozenset[Card] | None:
        """The seat's own hand (``None`` while face down in Judgement's blind round)."""
        return self.hands[self.seat]


class TurnMasks(NamedTuple):
    """The turn of the hand to act, as bit masks (see :mod:`cardlib.cards`): what the fast
    mask policies of the bots read (:func:`cardlib.bots.sensible_play_mask`), and nothing
    that hand's seat cannot see. Given by :meth:`TrickDeal.turn_masks`.

    ``hand`` the cards of the hand to act (Contract Bridge: the dummy's on dummy's turns;
    ``0`` while face down in Judgement's blind round), ``trick`` the current trick's cards
    in play order (a :class:`~cardlib.cards.Card` is its index), ``legal`` the cards that
    hand may play (``0`` unless playing), ``trump_index`` the trump suit's index in
    ``"SHDC"`` (``-1`` for no trump).
    """

    hand: int
    trick: tuple[Card, ...]
    legal: int
    trump_index: int


class Trick(NamedTuple):
    """A finished trick: who led, who played each card, and who won it."""

    leader: int
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    winner: int

    def __str__(self) -> str:
        plays = ", ".join(
            f"{seat}:{card}" for seat, card in zip(self.seats, self.cards, strict=True)
        )
        return _("{plays} → seat {seat}").format(plays=plays, seat=self.winner)


# The frozensets of the masks that lie within one suit (at most 4 × 8192 of
# them), built on first use: the same few masks recur.
_FROZEN_CACHE: dict[int, frozenset[Card]] = {}
# By card index: the mask of its suit, and of the cards of its suit that beat it.
_SUIT_BITS_OF = [0x1FFF << (13 * (i // 13)) for i in range(52)]
_ABOVE = [_SUIT_BITS_OF[i] >> (i + 1) << (i + 1) for i in range(52)]
# The cards of each 13-bit rank pattern of each suit, lowest first: four lists of
# 8192 tuples, built when first needed (a few milliseconds).
_SPADES = _HEARTS = _DIAMONDS = _CLUBS = None


def _suit_table(suit: int) -> list[tuple[Card, ...]]:
    table: list[tuple[Card, ...]] = [()]
    for pattern in range(1, 8192):
        high = pattern.bit_length() - 1
        table.append(table[pattern ^ (1 << high)] + (DECK[13 * suit + high],))
    return table


def _new_cards_of(mask: int) -> frozenset[Card]:
    """:func:`cards_of` for a mask not in the cache yet."""
    global _SPADES, _HEARTS, _DIAMONDS, _CLUBS
    if _SPADES is None:
        _SPADES, _HEARTS, _DIAMONDS, _CLUBS = (_suit_table(suit) for suit in range(4))
    cards = frozenset(
        _SPADES[mask & 0x1FFF]
        + _HEARTS[mask >> 13 & 0x1FFF]
        + _DIAMONDS[mask >> 26 & 0x1FFF]
        + _CLUBS[mask >> 39]
    )
    # Whole hands (leads) rarely recur: keep only the masks of one suit,
    # at most 4 × 8192 of them, so the cache never needs clearing.
    if mask & _SUIT_BITS_OF[mask.bit_length() - 1] == mask:  # all in the top card's suit
        _FROZEN_CACHE[mask] = cards
    return cards


def cards_of(mask: int) -> frozenset[Card]:
    """The frozenset of cards in a mask (memoised: the same few masks recur)."""
    return _FROZEN_CACHE.get(mask) or _new_cards_of(mask)


# By (players, direction): the seats of a trick in play order for each leader,
# and the next seat after each seat. Built once per table shape.
_SEAT_TABLES: dict[tuple[int, int], tuple[list[tuple[int, ...]], tuple[int, ...]]] = {}


def _seat_tables(players: int, direction: int) -> tuple[list[tuple[int, ...]], tuple[int, ...]]:
    tables = _SEAT_TABLES.get((players, direction))
    if tables is None:
        orders = [
            tuple((lead + direction * i) % players for i in range(players))
            for lead in range(players)
        ]
        after = tuple((seat + direction) % players for seat in range(players))
        tables = _SEAT_TABLES[players, direction] = (orders, after)
    return tables


_BIT = [1 << i for i in range(52)]
# Trick(...) without the keyword handling of a NamedTuple's __new__.
_new_trick = tuple.__new__


def hand_cards(hand: Iterable[Card | str] | str) -> list[Card]:
    """The cards of a hand (cards or text like ``"AS KS 3H"``), checked: no card twice."""
    return check_hand(hand, "hand", 0, 52)


def position_masks(
    hand: Iterable[Card | str] | str,
    trick: Sequence[Card | str] | str = (),
    players: int = 4,
    most: int = 13,
) -> tuple[int, list[int]]:
    """A position to judge, checked: ``(hand mask, trick card indices in play order)``.

    ``hand`` and ``trick`` are cards or text like ``"3H KH"``. The hand holds one to
    ``most`` cards (there is a card to play, and no hand is dealt more), a trick holds at
    most ``players - 1`` cards before your play, and no card is twice in the
    hand, twice in the trick, or both in the hand and on the table; anything else
    is a :class:`~cardlib.errors.PositionError`.
    """
    cards = check_hand(hand, "hand", 1, most)
    played = [int(c) for c in parse_cards(trick)]
    if len(played) >= players:
        raise PositionError(
            _("a trick has at most {most} cards before your play, got {count}").format(
                most=players - 1, count=len(played)
            )
        )
    if len(set(played)) != len(played):
        raise PositionError(_("the same card appears twice in the trick"))
    hand_mask = to_mask(cards)
    both = [DECK[c] for c in played if hand_mask >> c & 1]
    if both:
        raise PositionError(
            _("{cards} cannot be both in your hand and on the table").format(
                cards=", ".join(map(str, both))
            )
        )
    return hand_mask, played


def _check_switch(value: object, name: str) -> None:
    if not isinstance(value, bool):
        raise CardlibTypeError(
            _("{name} is a switch, True or False, got {value!r}").format(name=name, value=value),
            "switch",
        )


def legal_plays(
    hand: Iterable[Card | str] | str,
    trick: Sequence[Card | str] | str,
    rules: PlayRules,
    first_trick: bool = False,
) -> frozenset[Card]:
    """The cards you may play from ``hand`` onto ``trick`` under a game's ``rules``.

    Each game module wraps this with its own rules (``callbreak.legal_plays``,
    ``callbridge.legal_plays``): one ladder, several rule values.
    """
    check_flag(first_trick, "first_trick")
    hand_mask, played = position_masks(hand, trick)
    return cards_of(legal_mask(hand_mask, played, rules, first_trick)[0])


def explain_play(
    hand: Iterable[Card | str] | str,
    trick: Sequence[Card | str] | str,
    rules: PlayRules,
    first_trick: bool = False,
) -> Explanation:
    """What you may play under ``rules`` and why (``.legal``, ``.rule``, ``.text``)."""
    check_flag(first_trick, "first_trick")
    hand_mask, played = position_masks(hand, trick)
    mask, rule = legal_mask(hand_mask, played, rules, first_trick)
    text = explain_text(hand_mask, played, rules, mask, rule, first_trick)
    return Explanation(cards_of(mask), rule, text)


def shuffled_deck(rng: random.Random) -> list[int]:
    """The 52 card indices in a random order drawn from ``rng``.

    Sorting by 52 random keys is a uniform shuffle, and much faster in Python
    than ``rng.shuffle``; the order depends only on the generator's state.
    """
    random = rng.random
    keys = [random() for _ in _CARD_INDICES]
    return sorted(_CARD_INDICES, key=keys.__getitem__)


_CARD_INDICES = range(52)
# The seats that receive cards 0, 1, 2, 3 of each round of the deal, by direction and dealer.
_DEALT_TO = {
    d: [tuple((dealer + d * k) % 4 for k in range(1, 5)) for dealer in range(4)] for d in (1, -1)
}


def deal_hands(
    rng: random.Random, dealer: int, direction: int = 1, players: int = 4, cards: int = 13
) -> list[int]:
    """``players`` hands of ``cards`` cards as masks, dealt one card at a time from the
    dealer's next seat on in the direction of play; the rest of the deck stays out."""
    deck = shuffled_deck(rng)
    if players != 4 or cards != 13:
        hands = [0] * players
        first = dealer + direction
        for k in range(players * cards):
            hands[(first + direction * k) % players] |= 1 << deck[k]
        return hands
    bit = _BIT.__getitem__
    first, second, third, fourth = _DEALT_TO[direction][dealer]
    hands = [0, 0, 0, 0]
    # Cards k, k+4, k+8 … of the deck go to the k-th seat in the direction of play.
    hands[first] = sum(map(bit, deck[0::4]))
    hands[second] = sum(map(bit, deck[1::4]))
    hands[third] = sum(map(bit, deck[2::4]))
    hands[fourth] = sum(map(bit, deck[3::4]))
    return hands


#: What may be given as a seed: see :func:`seeded_rng`.
Seed = int | str | random.Random | None


def check_seed(seed: object) -> int | str | random.Random | None:
    """``seed`` itself (an ``int`` subclass as a plain ``int``) if :func:`seeded_rng` takes it;
    otherwise a :class:`~cardlib.errors.CardlibTypeError` saying what a seed may be."""
    if seed is None or isinstance(seed, (str, random.Random)):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, SupportsIndex):
        raise CardlibTypeError(
            _(
                "a seed is a whole number, a text or a random.Random (or None for fresh "
                "randomness), got {seed!r}"
            ).format(seed=seed),
            "seed",
        )
    return operator.index(seed)


def seeded_rng(seed: Seed) -> random.Random:
    """The random stream a ``seed`` names: the one place that says what a seed may be.

    ====================  ========================================================
    ``None``              fresh randomness: different cards every time
    an ``int`` ≥ 0        ``random.Random(seed)``: the same cards every time, in
                          every process (stored notebook outputs depend on it)
    a negative ``int``    a stream of its own, never seed ``-seed``'s cards
                          (``random.Random`` alone would use ``abs(seed)``): the
                          text seed ``"cardlib negative seed -7"`` for ``-7``
    a ``str``             ``random.Random(text)``: the same cards in every
                          process (hashed with SHA-512, not ``hash()``)
    a ``random.Random``   the generator itself, drawn from (the next deal differs)
    ====================  ========================================================

    An integer-like number (``numpy.int64(7)``, anything with ``__index__``) is its ``int``.
    Anything else (``True``, ``1.5``, ``b"x"``, a list) is refused with a
    :class:`~cardlib.errors.CardlibTypeError`: ``True`` would alias seed 1 and a
    float has no exact meaning as a seed.
    """
    if isinstance(seed, random.Random):
        return seed
    if seed is None or isinstance(seed, str):
        return random.Random(seed)
    check_seed(seed)
    number = operator.index(seed)
    if number < 0:
        # random.Random(-7) is random.Random(7): give each negative seed its own stream.
        return random.Random(f"cardlib negative seed {number}")
    return random.Random(number)


def hand_masks(
    hands: Sequence[Iterable[Card | str] | str], players: int | range, most: int = 13
) -> list[int]:
    """Hands given by seat (card lists or text like ``"AS KS 3H"``) as masks, checked: as many
    hands as ``players`` (a number, or a range of numbers), each of the same number of cards,
    one to ``most``, and no card twice in a hand or in two hands."""
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise CardlibTypeError(
            _(
                "give the hands as a list, one per seat (card lists or text like 'AS KS 3H'), "
                "got {hands!r}"
            ).format(hands=hands)
        )
    counts = players if isinstance(players, range) else range(players, players + 1)
    if len(hands) not in counts:
        message = (
            _("a deal needs {low} to {high} hands, one per seat, got {count}")
            if len(counts) > 1
            else _("a deal needs {low} hands, one per seat, got {count}")
        )
        raise CardlibError(
            message.format(low=counts.start, high=counts.stop - 1, count=len(hands)), "hands"
        )
    masks = [to_mask(hand_cards(hand)) for hand in hands]
    sizes = [m.bit_count() for m in masks]
    if len(set(sizes)) != 1 or not 1 <= sizes[0] <= most:
        raise PositionError(
            _(
                "the hands must hold the same number of cards, at least one and at most {most}, "
                "got {sizes} by seat"
            ).format(most=most, sizes=", ".join(map(str, sizes)))
        )
    union = 0
    for mask in masks:
        union |= mask
    if union.bit_count() != sum(sizes):
        raise PositionError(_("a card appears in two hands"))
    return masks


def check_calls_given(calls: object, players: int, cards: int, word: str = "call") -> None:
    """Refuse calls (or bids) given with hands (``from_hands(..., calls=...)``) that cannot
    be: not one per seat, or more tricks than the hands hold."""
    bids = word == "bid"
    if isinstance(calls, (str, bytes)) or not isinstance(calls, Sequence):
        message = (
            _("give the bids as a list, one per seat, got {calls!r}")
            if bids
            else _("give the calls as a list, one per seat, got {calls!r}")
        )
        raise CardlibTypeError(message.format(calls=calls))
    if len(calls) != players:
        message = (
            _("give one bid per seat ({players}), got {count}")
            if bids
            else _("give one call per seat ({players}), got {count}")
        )
        raise CardlibError(message.format(players=players, count=len(calls)), "calls")
    for seat, call in enumerate(calls):
        if is_count(call) and call > cards:
            message = (
                _(
                    "seat {seat}'s bid is {call}, but each hand holds only {cards} cards: "
                    "a bid is at most {cards} here"
                )
                if bids
                else _(
                    "seat {seat}'s call is {call}, but each hand holds only {cards} cards: "
                    "a call is at most {cards} here"
                )
            )
            raise IllegalCallError(message.format(seat=seat, call=call, cards=cards), "call-range")


def _check_options(cls: type[TrickDeal[Any, Any]], options: dict[str, object]) -> None:
    """Refuse options a game's deal does not take, naming those it does (``variant=`` …)."""
    parameters = inspect.signature(cls._init_options).parameters
    known = [name for name in parameters if name != "self"]
    unknown = sorted(name for name in options if name not in known)
    if unknown and not known:
        raise CardlibTypeError(
            _("{name} takes no options, got {options}").format(
                name=cls.__name__, options=", ".join(unknown)
            ),
            "options",
        )
    if unknown and not any(p.kind is p.VAR_KEYWORD for p in parameters.values()):
        raise CardlibTypeError(
            _("{name} takes the options {accepted}; got {options}").format(
                name=f"{cls.__module__.rsplit('.', 1)[-1]}.{cls.__name__}",
                accepted=", ".join(known),
                options=", ".join(unknown),
            ),
            "options",
        )


class TrickDeal(Generic[CallT, ScoresT]):
    """One deal of a calling trick game, as a state machine: the one deal engine.

    Generic in what a seat calls (``CallT``) and what a finished deal scores
    (``ScoresT``): :class:`CountedCallDeal` is the three games in which each seat
    calls a number of tricks, and Contract Bridge's deal has an auction instead.
    Subclasses set ``players`` (4 unless given), ``rules``, ``direction`` (+1
    clockwise, -1 counter-clockwise), :meth:`legal_calls`, :meth:`_check_call`
    and :meth:`scores`; the words of their messages (``call_word``,
    ``deal_word``) and the name of the calling phase. The public state:
    ``hands``, ``dealer``, ``to_act``, ``phase``, ``calls``, ``trick``,
    ``tricks``, ``tricks_won`` (and the turn as bit masks for the bots,
    :meth:`turn_masks`); actions ``call(n)`` and ``play(card)``, and the
    protocol of the module docstring. Every illegal action raises a
    :class:`~cardlib.errors.CardlibError` naming the rule and leaves the state
    exactly as it was. What a ``seed`` may be is said once, in
    :func:`seeded_rng`; ``copy.copy`` and ``copy.deepcopy`` are :meth:`copy`.
    """

    players: int = 4
    direction: int = 1
    rules: PlayRules
    game_name: str = "trick game"  # each game's name is in GAME_NAMES
    calling_phase: ClassVar[str] = CALLING
    call_word: ClassVar[str] = "call"  # Judgement: "bid"
    deal_word: ClassVar[str] = "deal"  # Judgement: "round"
    over_text: ClassVar[str] = N_("the deal is over: all 13 tricks have been played")
    #: The game's facts (:class:`cardlib.facts.Game`), set when the game's class names this
    #: deal class; ``None`` for a deal of no game (it has no position text).
    facts: ClassVar[type[Game] | None] = None

    def __init__(self, seed: Seed = None, dealer: int | None = None) -> None:
        rng = seeded_rng(seed)
        if dealer is not None:
            self._check_seat(dealer, "dealer")
        # The dealer is always drawn and the cards dealt from the drawn dealer's
        # next seat on, so that naming a dealer never changes anybody's cards.
        drawn = rng.randrange(4)
        hands = deal_hands(rng, drawn, self.direction)
        if self._redeal:
            hands = self._redeal_hands(rng, drawn, hands)
        self._start(hands, drawn if dealer is None else dealer)

    # A game with a house rule that throws some hands in sets this (Call Break's variants).
    _redeal: bool = False

    #: Whether the deal is dealt face down: no seat sees a card until the calls are in, and
    #: then the play plays itself, with no choice to make (Judgement's blind round).
    blind: bool = False

    def _redeal_hands(self, rng: random.Random, dealer: int, hands: list[int]) -> list[int]:
        """The hands that stand: dealt again from ``rng`` while the rule throws one in."""
        return hands

    def _check_hands_stand(self, hands: list[int]) -> None:
        """Refuse given hands that a redeal rule would throw in (see ``from_hands``)."""

    @classmethod
    def _from_masks(cls, masks: list[int], dealer: int, **options: object) -> Self:
        """A deal of this game from checked hands (masks by seat), before any call: what
        each game's ``from_hands`` makes, once it has read its own arguments."""
        _check_options(cls, options)
        deal = cls.__new__(cls)
        deal._init_options(**options)
        deal._check_seat(dealer, "dealer")
        if deal._redeal:
            deal._check_hands_stand(masks)
        deal._start(masks, dealer)
        return deal

    def _init_options(self) -> None:
        """Take the game's options (``variant=`` …): a game with options names them here."""

    def _start(self, hands: list[int], dealer: int) -> None:
        players = self.players
        self.dealer = dealer
        self._hands = hands
        self._cards_per_hand = hands[0].bit_count()
        self._calls: list[CallT | None] = [None] * players
        self._phase = self.calling_phase
        self._to_act = (dealer + self.direction) % players
        self._leader = self._to_act
        # The interned Card objects themselves, so finished tricks hold Cards.
        self._trick: list[Card] = []
        # Finished tricks as plain (seats, cards, winner) tuples: Trick objects are
        # made only when asked for (``tricks``), not once per trick of every playout.
        self._tricks: list[tuple[tuple[int, ...], tuple[Card, ...], int]] = []
        self._won = [0] * players
        # The mask of what the seat to act may play, worked out once per turn;
        # None when not known yet, and always when not playing.
        self._legal: int | None = None
        self._seat_orders, self._next_seat = _SEAT_TABLES.get(
            (players, self.direction)
        ) or _seat_tables(players, self.direction)
        self._trump_index = -1 if self.rules.trump is None else "SHDC".index(self.rules.trump)
        # The current trick's led suit (as a mask), highest card of that suit and
        # highest trump (-1 for none) when trumps were not led: kept by play().
        self._top: tuple[int, int, int] = (0, -1, -1)
        self._switches()

    def _switches(self) -> None:
        """The rules as play() reads them (again whenever ``rules`` may have changed)."""
        rules = self.rules
        self._must_beat = rules.must_beat
        self._discard_any = rules.void_rule == "free"
        self._undertrump = rules.void_rule == "trump"
        self._trump_bits = 0 if rules.trump is None else SUIT_MASKS[rules.trump]

    @staticmethod
    def _check_seat(seat: object, what: str = "seat", players: int = 4) -> None:
        check_seat(seat, players, what)

    def _calling_order(self) -> list[int]:
        players = self.players
        first = (self.dealer + self.direction) % players
        return [(first + self.direction * i) % players for i in range(players)]

    # ----- state -----------------------------------------------------------

    @property
    def phase(self) -> str:
        """``"calling"``, ``"playing"`` or ``"over"``."""
        return self._phase

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or ``None`` once the deal is over."""
        return None if self._phase == OVER else self._to_act

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The four hands as they are now, each sorted for display (♠ ♥ ♣ ♦, high first)."""
        return tuple(tuple(sort_for_display(from_mask(m))) for m in self._hands)

    def hand(self, seat: int) -> frozenset[Card]:
        """The cards a seat holds now."""
        self._check_seat(seat, "seat", self.players)
        return cards_of(self._hands[seat])

    @property
    def calls(self) -> tuple[CallT | None, ...]:
        """Calls by seat; ``None`` for a seat that has not called yet."""
        return tuple(self._calls)

    @property
    def hand_to_play(self) -> int | None:
        """The seat whose hand the next card comes from (``None`` unless playing): the seat to
        act, but for Contract Bridge's dummy, whose cards its declarer plays."""
        return self._to_act if self._phase == PLAYING else None

    @property
    def face_up(self) -> bool:
        """Whether every seat sees its own hand now (a :attr:`blind` deal's cards are face
        down until the calls are in)."""
        return True

    @property
    def trick(self) -> tuple[Card, ...]:
        """Cards played to the current trick so far, in order."""
        return tuple(DECK[c] for c in self._trick)

    @property
    def trick_seats(self) -> tuple[int, ...]:
        """Seats that played to the current trick, in order."""
        players = self.players
        return tuple((self._leader + self.direction * i) % players for i in range(len(self._trick)))

    @property
    def leader(self) -> int:
        """The seat that leads (or led) the current trick."""
        return self._leader

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks, in order."""
        return tuple(
            _new_trick(Trick, (seats[0], seats, cards, winner))
            for seats, cards, winner in self._tricks
        )

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks taken so far, by seat."""
        return tuple(self._won)

    @property
    def first_trick(self) -> bool:
        """Whether this is the first trick of a full 13-card deal."""
        return not self._tricks and self._cards_per_hand == 13

    # ----- calling ----------------------------------------------------------

    def legal_calls(self) -> Sequence[CallT]:
        """The calls the seat to act may make (empty unless calling): each game says."""
        raise NotImplementedError

    def _check_call(self, n: CallT) -> CallT:
        """The call ``n`` as the deal keeps it, if the seat to act may make it; else the error
        the game's call rules give (the state unchanged)."""
        raise NotImplementedError

    def shown_game_name(self) -> str:
        """The game's name as its messages say it, in the learner's language."""
        return _(self.game_name)

    def call(self, n: CallT, seat: int | None = None) -> None:
        """The seat to act calls ``n`` tricks. ``seat``, if given, must be that seat."""
        if self._phase != self.calling_phase:
            message = (
                _("no bids now: the round is {phase} (bids come before the first card)")
                if self.call_word == "bid"
                else _("no calls now: the deal is {phase} (calls come before the first card)")
            )
            raise PhaseError(message.format(phase=phase_name(self._phase)), "phase")
        to_act = self._to_act
        if seat is not None:
            check_seat(seat, self.players)  # True is not seat 1
            if seat != to_act:
                self._check_turn(seat)
        n = self._check_call(n)
        self._calls[to_act] = n
        to_act = self._to_act = self._next_seat[to_act]
        if to_act == self._leader:  # back to the first caller, who leads the first trick
            self._phase = PLAYING
            self._legal = None
            self._calls_done()

    def _calls_done(self) -> None:
        """What happens when the last call is in (Judgement's blind round plays itself)."""

    def _check_turn(self, seat: int | None) -> None:
        if seat is not None and seat != self._to_act:
            message = (
                _("it is seat {turn}'s turn, not seat {seat}'s (play goes clockwise)")
                if self.direction == 1
                else _("it is seat {turn}'s turn, not seat {seat}'s (play goes counter-clockwise)")
            )
            raise OutOfTurnError(message.format(turn=self._to_act, seat=seat), "out-of-turn")

    # ----- playing ----------------------------------------------------------

    def _legal_for_turn(self) -> tuple[int, str]:
        """``(mask, rule id)`` of what the seat to act may play, from ``tricks.legal_mask``."""
        legal = legal_mask(self._hands[self._to_act], self._trick, self.rules, self.first_trick)
        # Kept only while playing: a kept mask is what lets play() skip the phase check.
        if self._legal is None and self._phase == PLAYING:
            self._switches()
            self._legal = legal[0]
        return legal

    def legal_plays(self) -> frozenset[Card]:
        """The cards the seat to act may play (empty unless playing)."""
        # play() works out the next turn's mask as it goes: here it is usually ready.
        mask = self._legal
        if mask is None:
            if self._phase != PLAYING:
                return frozenset()
            mask = self._legal_for_turn()[0]
        return _FROZEN_CACHE.get(mask) or _new_cards_of(mask)

    def turn_masks(self) -> TurnMasks:
        """The turn of the hand to act as bit masks (a :class:`TurnMasks`): its hand, the
        trick, what it may play and the trump, all of which that seat sees. What a bot's
        mask policy reads, without the sets of cards; refused once the deal is over."""
        if self._phase == OVER:
            raise PhaseError(_(self.over_text), "phase")
        legal = self._legal
        if legal is None:
            legal = self._legal_for_turn()[0] if self._phase == PLAYING else 0
        hand = self._hands[self._to_act]
        return TurnMasks(hand, tuple(self._trick), legal, self._trump_index)

    def explain(self) -> Explanation:
        """Why the seat to act may play what it may."""
        if self._phase != PLAYING:
            message = (
                _("nobody plays now: the round is {phase}")
                if self.deal_word == "round"
                else _("nobody plays now: the deal is {phase}")
            )
            raise PhaseError(message.format(phase=phase_name(self._phase)), "phase")
        mask, rule = self._legal_for_turn()
        hand = self._hands[self._to_act]
        text = explain_text(hand, self._trick, self.rules, mask, rule, self.first_trick)
        return Explanation(cards_of(mask), rule, text)

    def play(self, card: Card | str, seat: int | None = None) -> None:
        """The seat to act plays ``card`` (a :class:`Card` or text like ``"KH"``)."""
        # The hot path of every simulation through this class, so it is written
        # for speed: ``_legal`` is set only while playing (so it stands for the
        # phase check), and the next turn's mask is worked out here, once.
        legal = self._legal
        if legal is None:
            if self._phase != PLAYING:
                self._refuse_phase()
            legal = self._legal_for_turn()[0]
        seat_to_act = self._to_act
        if seat is not None:
            check_seat(seat, self.players)  # True is not seat 1
            if seat != seat_to_act:
                self._check_turn(seat)
        if type(card) is not Card:
            card = parse_card(card)
        if not legal >> card & 1:
            self._refuse(card)
        # From here on the play is legal: the state changes, never before.
        hands = self._hands
        hands[seat_to_act] ^= _BIT[card]
        trick = self._trick
        if trick:
            led_bits, top_led, top_trump = self._top
            if led_bits >> card & 1:
                if card > top_led:
                    top_led = card
                    self._top = (led_bits, card, top_trump)
            elif self._trump_bits >> card & 1 and card > top_trump:
                top_trump = card
                self._top = (led_bits, top_led, card)
            trick.append(card)  # the interned Card itself, so finished tricks hold Cards
            seat_to_act = self._next_seat[seat_to_act]
            if seat_to_act == self._leader:  # the fourth card: the trick is over
                order = self._seat_orders[seat_to_act]
                winner = order[trick.index(DECK[top_trump if top_trump >= 0 else top_led])]
                self._tricks.append((order, tuple(trick), winner))
                self._won[winner] += 1
                trick.clear()  # the finished trick keeps its own tuple of the cards
                self._leader = self._to_act = winner
                hand = hands[winner]
                if hand:
                    self._legal = hand  # any card may lead a trick after the first
                else:
                    self._legal = None
                    self._phase = OVER
                return
        else:
            trick.append(card)
            led_bits = _SUIT_BITS_OF[card]
            top_led = card
            top_trump = -1
            self._top = (led_bits, card, -1)
            seat_to_act = self._next_seat[seat_to_act]
        # What the next seat may play: the mask tricks.legal_mask gives, worked
        # out from the trick's top cards instead of a scan of the trick, because
        # this runs for every card of every playout. legal_mask stays the one
        # definition (and gives the rule ids, for explain()); tests/test_fast_paths.py
        # checks this copy against it at every turn under every kind of PlayRules.
        self._to_act = seat_to_act
        hand = hands[seat_to_act]
        follow = hand & led_bits
        if follow:
            if self._must_beat and top_trump < 0:
                self._legal = follow & _ABOVE[top_led] or follow
            else:
                self._legal = follow
            return
        trumps = hand & self._trump_bits
        if not trumps or self._discard_any:
            self._legal = hand
        elif top_trump < 0:
            self._legal = trumps
        else:
            self._legal = trumps & _ABOVE[top_trump] or (trumps if self._undertrump else hand)

    def _refuse_phase(self) -> NoReturn:
        """Raise the error for a card played outside the playing phase."""
        if self._phase == self.calling_phase:
            message = (
                _("no cards yet: every player bids first")
                if self.call_word == "bid"
                else _("no cards yet: every player calls first")
            )
            raise PhaseError(message, "phase")
        raise PhaseError(_(self.over_text), "phase")

    def _refuse(self, card: Card) -> NoReturn:
        """Raise the error for an illegal ``card``: not held, or not allowed by the rules."""
        seat_to_act = self._to_act
        hand = self._hands[seat_to_act]
        if not hand >> card & 1:
            raise IllegalPlayError(
                _(
                    "seat {seat} does not hold {card}: you can only play a card from your own hand"
                ).format(seat=seat_to_act, card=card),
                "not-in-hand",
            )
        mask, rule = self._legal_for_turn()
        text = explain_text(hand, self._trick, self.rules, mask, rule, self.first_trick)
        raise IllegalPlayError(
            _("{card} is not allowed ({rule}): {text}").format(card=card, rule=rule, text=text),
            rule,
        )

    # ----- scoring ----------------------------------------------------------

    def _check_over(self) -> None:
        if self._phase != OVER:
            message = (
                _("scores come after the last trick; the round is still {phase}")
                if self.deal_word == "round"
                else _("scores come after the last trick; the deal is still {phase}")
            )
            raise PhaseError(message.format(phase=phase_name(self._phase)), "phase")

    def scores(self) -> ScoresT:
        """What this deal scores (each game says). Only once the deal is over."""
        raise NotImplementedError

    def points_explained(self, seat: int) -> PointsExplained:
        """A seat's points for this deal with their reason, in the game's own words
        (each game says). Only once the deal is over."""
        raise NotImplementedError

    # ----- the protocol every game state answers ---------------------------

    @property
    def is_over(self) -> bool:
        """Whether the deal is over (every trick played, or an auction passed out)."""
        return self._phase == OVER

    def legal_actions(self) -> tuple[CallT, ...] | tuple[Card, ...]:
        """What the seat to act may do now: calls while calling, cards while playing."""
        phase = self._phase
        if phase == PLAYING:
            return tuple(sorted(self.legal_plays()))
        if phase == self.calling_phase:
            return tuple(self.legal_calls())
        return ()

    def act(self, action: CallT | Card | str) -> None:
        """Make ``action`` for the seat to act: a call (or bid) while calling, else a card."""
        # The phase says which kind of action is due; play() and call() refuse any other
        # kind with a CardlibError of their own, so the kind is checked there, not here.
        if self._phase == PLAYING:
            self.play(cast("Card | str", action))
        else:
            self.call(cast(CallT, action))

    def _held(self) -> list[int]:
        """The hands as masks, by seat, whether face up or not."""
        return self._hands

    def _seen_by(self, seat: int) -> tuple[int, ...]:
        """The seats whose hands ``seat`` sees now (its own; Bridge adds the dummy)."""
        return (seat,)

    def visible_to(self, seat: int) -> SeatView:
        """What ``seat`` can see now: the hands it sees and everything on the table."""
        self._check_seat(seat, "seat", self.players)
        seen = self._seen_by(seat)
        held = self._held()
        to_act = self.to_act
        return SeatView(
            seat=seat,
            phase=self._phase,
            to_act=to_act,
            dealer=self.dealer,
            hands=tuple(cards_of(held[s]) if s in seen else None for s in range(self.players)),
            hand_sizes=tuple(m.bit_count() for m in held),
            calls=self.calls,
            trick=self.trick,
            trick_seats=self.trick_seats,
            tricks=self.tricks,
            tricks_won=self.tricks_won,
            legal_actions=self.legal_actions() if seat == to_act else (),
        )

    def hidden_from(self, seat: int) -> frozenset[Card]:
        """The cards held in the hands ``seat`` cannot see (what an analysis must sample)."""
        self._check_seat(seat, "seat", self.players)
        seen = self._seen_by(seat)
        hidden = 0
        for other, mask in enumerate(self._held()):
            if other not in seen:
                hidden |= mask
        return cards_of(hidden)

    def returns(self) -> tuple[Decimal | int, ...]:
        """Each seat's points for the deal, once it is over (each game says, from its score)."""
        raise NotImplementedError

    def with_hands(self, hands: Sequence[Iterable[Card | str] | str | None]) -> Self:
        """A copy in which the given hands (by seat; ``None`` keeps a hand) replace those held.

        What an analysis does with the cards hidden from a seat: deal them out
        again as they might lie, and play on from the copy. Each new hand holds
        as many cards as the hand it replaces, no card twice and no card already
        played; the original is left as it was.
        """
        held = self._held()
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise CardlibTypeError(
                _("give the hands as a list, one (or None) per seat, got {hands!r}").format(
                    hands=hands
                )
            )
        if len(hands) != self.players:
            raise CardlibError(
                _("give one hand (or None) per seat ({players}), got {count}").format(
                    players=self.players, count=len(hands)
                ),
                "hands",
            )
        new = list(held)
        for seat, hand in enumerate(hands):
            if hand is None:
                continue
            mask = to_mask(hand_cards(hand))
            if mask.bit_count() != held[seat].bit_count():
                raise PositionError(
                    _("seat {seat} holds {count} cards now; its new hand has {new}").format(
                        seat=seat, count=held[seat].bit_count(), new=mask.bit_count()
                    )
                )
            new[seat] = mask
        union = 0
        for mask in new:
            union |= mask
        if union.bit_count() != sum(mask.bit_count() for mask in new):
            raise PositionError(_("a card appears in two hands"))
        played = to_mask([*(card for _, cards, _ in self._tricks for card in cards), *self.trick])
        if union & played:
            raise PositionError(
                _("{cards} already played").format(
                    cards=", ".join(map(str, from_mask(union & played)))
                )
            )
        other = self.copy()
        other._set_held(new)
        return other

    def _set_held(self, hands: list[int]) -> None:
        self._hands = hands
        self._legal = None  # worked out again for the new hand on the next turn

    def to_text(self, seat: int | None = None) -> str:
        """This position as one line of text, :func:`cardlib.position.from_text` reads it back;
        with ``seat``, only what that seat sees (the grammar: :mod:`cardlib.position`)."""
        from cardlib._position_text import write  # only text: imported when first used

        return write(self, seat)

    # ----- copying ----------------------------------------------------------

    def copy(self) -> Self:
        """An independent copy (for trying moves out)."""
        other = self.__class__.__new__(self.__class__)
        other.__dict__.update(self.__dict__)
        other._hands = list(self._hands)
        other._calls = list(self._calls)
        other._trick = list(self._trick)
        other._tricks = list(self._tricks)
        other._won = list(self._won)
        return other

    def __copy__(self) -> Self:
        """``copy.copy(deal)`` is :meth:`copy`: a shallow copy would share the hands and tricks."""
        return self.copy()

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        """``copy.deepcopy(deal)`` is :meth:`copy` too (cards and rules are immutable values)."""
        other = memo[id(self)] = self.copy()
        return other

    def _origin(self) -> tuple[object, ...]:
        """What makes this deal the deal it is, in any of its positions: the hands as dealt
        (the hands now with the cards each seat played), the dealer and the options (each
        game adds its own). Two positions with the same origin are positions of one deal."""
        dealt = list(self._held())
        for seats, cards, _winner in self._tricks:
            for seat, card in zip(seats, cards, strict=True):
                dealt[seat] |= 1 << card
        for seat, card in zip(self.trick_seats, self._trick, strict=True):
            dealt[seat] |= 1 << card
        return (type(self), self.players, self.dealer, tuple(dealt))

    def _state(self) -> tuple[object, ...]:
        """Everything that defines the state; equal tuples mean equal states."""
        return (
            self.dealer,
            tuple(self._hands),
            tuple(self._calls),
            self._phase,
            self._to_act,
            self._leader,
            tuple(self._trick),
            tuple(self._tricks),
            tuple(self._won),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TrickDeal) or type(other) is not type(self):
            return False
        return other._state() == self._state()

    # Mutable, so unhashable: the data model's way, which typeshed's object.__hash__ (a method
    # returning int) does not allow for.
    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} dealer={self.dealer} phase={self._phase} "
            f"to_act={self.to_act} tricks_won={self._won}>"
        )


class CountedCallDeal(TrickDeal[int, tuple[PointsT, ...]]):
    """A deal in which each seat calls a number of tricks and scores by its call and the
    tricks it takes: Call Break, Call Bridge and Judgement (points as ``PointsT``).

    Subclasses set ``min_call``/``max_call`` (or their own :meth:`legal_calls` and
    :meth:`_check_call`), :meth:`score_for` and :meth:`explain_score_for`; ``scores()``
    and ``returns()`` are the points by seat.
    """

    min_call: int
    max_call: int

    @classmethod
    def _from_hands(
        cls,
        hands: Sequence[Iterable[Card | str] | str],
        dealer: int,
        calls: Sequence[int] | None,
        options: dict[str, object],
    ) -> Self:
        """A deal that starts from given hands, as a game's ``from_hands`` gives them.

        ``hands`` are card lists (or strings like ``"AS KS 3H"``), one per seat, of equal
        size, no card twice; the hands need not hold all 52 cards. With ``calls``
        (indexed by seat) the deal starts in the playing phase.
        """
        masks = hand_masks(hands, cls.players)
        if calls is not None:
            check_calls_given(calls, cls.players, masks[0].bit_count())
        deal = cls._from_masks(masks, dealer, **options)
        if deal._cards_per_hand < deal.min_call:
            raise PositionError(
                _(
                    "each hand holds {cards} cards, fewer than the lowest call in {game} "
                    "({low}): nobody could call"
                ).format(
                    cards=deal._cards_per_hand, game=deal.shown_game_name(), low=deal.min_call
                ),
                "hand-size",
            )
        if calls is not None:
            for seat in deal._calling_order():
                deal.call(calls[seat])
        return deal

    # ----- calling ----------------------------------------------------------

    def legal_calls(self) -> Sequence[int]:
        """The calls the seat to act may make (empty unless calling): from the game's lowest
        call to its highest, or to the cards each hand holds if fewer."""
        if self._phase != self.calling_phase:
            return range(0)
        return range(self.min_call, min(self.max_call, self._cards_per_hand) + 1)

    def _check_call(self, n: object) -> int:
        """``n`` if the seat to act may call it (the game's call rules): a whole number of
        tricks in the game's range, and no more than the cards each hand holds; a card,
        ``True`` or ``1.0`` is refused, not read as a number."""
        if type(n) is int and self.min_call <= n <= self.max_call and n <= self._cards_per_hand:
            return n  # the usual call, without building the refusal it does not need
        return check_call(n, self.min_call, self.max_call, lambda: self._range_refusal(n),
                          self.call_word, self._cards_per_hand)  # fmt: skip

    def _range_refusal(self, n: object) -> str:
        """The sentence refusing ``n`` as a call out of the game's range (or not a number)."""
        return _(
            "a call must be a whole number of tricks from {low} to {high} in {game}, got {call!r}"
        ).format(low=self.min_call, high=self.max_call, game=self.shown_game_name(), call=n)

    # ----- scoring ----------------------------------------------------------

    def score_for(self, call: int, tricks: int) -> PointsT:
        """The points for a call and the tricks taken (each game says)."""
        raise NotImplementedError

    def explain_score_for(self, call: int, tricks: int) -> PointsExplained:
        """Why a call and a number of tricks score what they do (each game says)."""
        raise NotImplementedError

    def _made_calls(self) -> list[int]:
        """Every seat's call, by seat: all are in once the deal is over."""
        calls = [call for call in self._calls if call is not None]
        if len(calls) != self.players:  # pragma: no cover - _check_over comes first
            raise PhaseError("the calls are not all in yet", "phase")
        return calls

    def scores(self) -> tuple[PointsT, ...]:
        """Points of this deal, by seat. Only once the deal is over."""
        self._check_over()
        return tuple(
            self.score_for(call, won)
            for call, won in zip(self._made_calls(), self._won, strict=True)
        )

    def points_explained(self, seat: int) -> PointsExplained:
        """A seat's points for this deal with their reason, in the game's own words.
        Only once the deal is over."""
        self._check_over()
        self._check_seat(seat, "seat", self.players)
        return self.explain_score_for(self._made_calls()[seat], self._won[seat])

    def returns(self) -> tuple[PointsT, ...]:
        """Each seat's points for the deal, once it is over (the game's own score)."""
        return self.scores()
