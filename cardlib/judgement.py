"""Judgement: 3 to 7 players, eight shrinking rounds, a rotating trump, exact bids.

Everything here follows the Judgement section of the rule book (``docs/rules.md``,
from the original Judgement rules, in Hinglish). What makes Judgement differ from
Call Break is a handful of values:

- the :func:`schedule` of rounds (7, 6, 5, 4, 3, 2, 1, 1 cards; trumps ♣ ♥ ♠ ♦
  twice; the last round blind);
- the play rules: follow suit with any card of it, else any card
  (:func:`play_rules`, built on the shared ladder in :mod:`cardlib.tricks`);
- the bids, 0..cards, with the dealer's hook (:func:`legal_bids`);
- exact-bid scoring (:func:`score`).

:class:`Round` is one round as a state machine and :class:`Match` the eight of
them. Seats are numbered ``0..players-1`` clockwise: seat ``(s + 1) % players``
sits on seat ``s``'s left. The seat on the dealer's left bids first and leads
the first trick; the dealer bids last.

>>> legal_bids(5, [2, 1, 0], is_dealer=True)  # 2 would make the bids total 5
(0, 1, 3, 4, 5)
>>> score(4, 4), score(0, 0), score(3, 2)
(40, 10, 0)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from cardlib import _api
from cardlib.cards import (
    DECK,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    Card,
)
from cardlib.errors import CardlibError, CardlibTypeError, IllegalCallError, PhaseError
from cardlib.facts import Game
from cardlib.game import (
    PLAYING,
    CountedCallDeal,
    Explanation,
    PointsExplained,
    Seed,
    Trick,
    cards_of,
    check_calls_given,
    deal_hands,
    hand_masks,
    phase_name,
    position_masks,
    seeded_rng,
)
from cardlib.i18n import N_, _, ngettext
from cardlib.match import CountedCallMatch
from cardlib.tricks import PlayRules, check_trump, explain_text, legal_mask
from cardlib.validate import check_call, check_count, check_flag

MIN_PLAYERS, MAX_PLAYERS = 3, 7
CARDS_PER_ROUND = (7, 6, 5, 4, 3, 2, 1, 1)
TRUMPS = "CHSDCHSD"
ROUNDS = len(CARDS_PER_ROUND)
MAX_CARDS = CARDS_PER_ROUND[0]

BIDDING, OVER = "bidding", "over"
ROUND_OVER = "round-over"


class RoundSpec(NamedTuple):
    """One line of the schedule: round number (1..8), cards per player, trump, blind."""

    number: int
    cards: int
    trump: str
    blind: bool

    def __str__(self) -> str:
        if self.blind:
            text = ngettext(
                "round {number}: {cards} card each, {symbol} trump, blind",
                "round {number}: {cards} cards each, {symbol} trump, blind",
                self.cards,
            )
        else:
            text = ngettext(
                "round {number}: {cards} card each, {symbol} trump",
                "round {number}: {cards} cards each, {symbol} trump",
                self.cards,
            )
        return text.format(number=self.number, cards=self.cards, symbol=SUIT_SYMBOLS[self.trump])


SCHEDULE: tuple[RoundSpec, ...] = tuple(
    RoundSpec(number, cards, trump, number == ROUNDS)
    for number, cards, trump in zip(range(1, ROUNDS + 1), CARDS_PER_ROUND, TRUMPS, strict=True)
)


def schedule() -> tuple[RoundSpec, ...]:
    """The eight rounds: 7, 6, 5, 4, 3, 2, 1, 1 cards; trumps ♣ ♥ ♠ ♦ ♣ ♥ ♠ ♦; the last blind.

    >>> print(schedule()[0]); print(schedule()[-1])
    round 1: 7 cards each, ♣ trump
    round 8: 1 card each, ♦ trump, blind
    """
    return SCHEDULE


def check_players(players: object) -> int:
    """Raise a ``CardlibError`` (rule ``player-count``) unless 3..7 players."""
    if (
        not isinstance(players, int)
        or isinstance(players, bool)
        or not MIN_PLAYERS <= players <= MAX_PLAYERS
    ):
        raise CardlibError(
            _("Judgement is played by {low} to {high} players, got {players!r}").format(
                low=MIN_PLAYERS, high=MAX_PLAYERS, players=players
            ),
            "player-count",
        )
    return players


def play_rules(trump: str | None) -> PlayRules:
    """The trick rules of Judgement: follow suit with any card of it; void, any card."""
    return _RULES[check_trump(trump)]


_RULES = {t: PlayRules(trump=t, must_beat=False, void_rule="free") for t in (*SUITS, None)}


# ----- bids ----------------------------------------------------------------


def _check_cards(cards: object) -> None:
    check_count(cards, N_("cards per player"), 1, MAX_CARDS)


def check_bid(bid: object, cards: int) -> int:
    """``bid`` if ``0 <= bid <= cards``; else an ``IllegalCallError`` (rule ``bid-range``), a
    :class:`~cardlib.errors.CallTypeError` for a card, ``True`` or ``1.0``."""

    def refusal() -> str:
        return _(
            "a bid must be a whole number of tricks from 0 to {cards} "
            "(the cards each player holds this round), got {bid!r}"
        ).format(cards=cards, bid=bid)

    return check_call(bid, 0, cards, refusal, "bid", rule="bid-range")


def hooked_bid(cards: int, earlier_bids: Sequence[int]) -> int | None:
    """The one bid the hook forbids the dealer, or ``None`` when there is none.

    It is the value that would make all bids total ``cards``; when the earlier
    bids already exceed ``cards`` no bid can do that, so nothing is forbidden.

    >>> hooked_bid(5, [2, 1, 0]), hooked_bid(1, [0, 0, 0]), hooked_bid(3, [2, 2])
    (2, 1, None)
    """
    earlier = _check_earlier(cards, earlier_bids, True)
    value = cards - sum(earlier)
    return value if 0 <= value <= cards else None


def _check_earlier(cards: object, earlier_bids: object, is_dealer: object = False) -> list[int]:
    """The earlier bids of a round of ``cards`` cards, checked: a list of whole numbers 0 to
    ``cards``, one for each seat that bid before: at most 6 before the dealer, who bids last
    at a table of 7, and at most 5 before anybody else."""
    _check_cards(cards)
    if isinstance(earlier_bids, str) or not isinstance(earlier_bids, Sequence):
        raise CardlibTypeError(
            _("earlier_bids is a list of bids, got {value!r}").format(value=earlier_bids), "bids"
        )
    most = MAX_PLAYERS - 1 if check_flag(is_dealer, "is_dealer") else MAX_PLAYERS - 2
    if len(earlier_bids) > most:
        raise CardlibError(
            _("at most {most} players bid before this one (Judgement is played by {low} to "
              "{high}), got {count} earlier bids").format(
                most=most, low=MIN_PLAYERS, high=MAX_PLAYERS, count=len(earlier_bids)
            ),
            "bids",
        )  # fmt: skip
    return [check_bid(bid, cards) for bid in earlier_bids]  # type: ignore[arg-type]


def legal_bids(
    cards: int, earlier_bids: Sequence[int] = (), is_dealer: bool = False
) -> tuple[int, ...]:
    """The bids allowed: 0..cards, less the hooked value for the dealer.

    >>> legal_bids(1, [0, 0, 0], is_dealer=True), legal_bids(1, [1, 0], is_dealer=True)
    ((0,), (1,))
    """
    earlier = _check_earlier(cards, earlier_bids, is_dealer)
    value = cards - sum(earlier)
    forbidden = value if is_dealer and 0 <= value <= cards else None
    return tuple(b for b in range(cards + 1) if b != forbidden)


@dataclass(frozen=True)
class BidExplanation:
    """Which bids are allowed and why: ``legal``, ``forbidden`` (or ``None``), ``text``."""

    legal: tuple[int, ...]
    forbidden: int | None
    text: str

    def __str__(self) -> str:
        return self.text


def explain_bids(
    cards: int, earlier_bids: Sequence[int] = (), is_dealer: bool = False
) -> BidExplanation:
    """The allowed bids with one plain sentence about the hook.

    >>> explain_bids(5, [2, 1, 0], is_dealer=True).legal
    (0, 1, 3, 4, 5)
    >>> explain_bids(5, [2, 1, 0], is_dealer=True).text[-46:]
    'so the hook forbids 2. Allowed: 0, 1, 3, 4, 5.'
    """
    legal = legal_bids(cards, earlier_bids, is_dealer)  # checks them all
    allowed = ", ".join(map(str, legal))
    total = sum(earlier_bids)
    if not is_dealer:
        return BidExplanation(
            legal,
            None,
            _(
                "Only the dealer is hooked: any bid from 0 to {cards} is allowed. "
                "Allowed: {allowed}."
            ).format(cards=cards, allowed=allowed),
        )
    forbidden = hooked_bid(cards, earlier_bids)
    if forbidden is None:
        text = _(
            "The earlier bids total {total}, more than the {cards} tricks there are, so no "
            "dealer's bid can make the total {cards}: every bid is allowed. Allowed: {allowed}."
        ).format(total=total, cards=cards, allowed=allowed)
    else:
        text = ngettext(
            "The earlier bids total {total} of {cards} trick; a dealer's bid of {forbidden} "
            "would make the total exactly {cards}, so the hook forbids {forbidden}. "
            "Allowed: {allowed}.",
            "The earlier bids total {total} of {cards} tricks; a dealer's bid of {forbidden} "
            "would make the total exactly {cards}, so the hook forbids {forbidden}. "
            "Allowed: {allowed}.",
            cards,
        ).format(total=total, cards=cards, forbidden=forbidden, allowed=allowed)
        if len(legal) == 1:
            text += " " + _("The hook forces the dealer's bid.")
    return BidExplanation(legal, forbidden, text)


# ----- play ----------------------------------------------------------------


def _masks(
    hand: Iterable[Card | str] | str, trick: Sequence[Card | str] | str
) -> tuple[int, list[int]]:
    # A hand of up to 13 cards, not MAX_CARDS: the lessons judge Call Break's hands by
    # Judgement's rules too, to compare the games on one position (notebook 03).
    return position_masks(hand, trick, MAX_PLAYERS, 13)


def as_rules(rules: PlayRules | str | None = None) -> PlayRules:
    """Judgement's play rules from the round's trump (a suit letter, or ``None``) or from
    :func:`play_rules`; rules of another game are refused."""
    if isinstance(rules, PlayRules):
        if _api.follow_any_rules(rules):
            return rules
    elif rules is None or (isinstance(rules, str) and len(rules) == 1 and rules in SUITS):
        return play_rules(rules)
    raise _api.refuse_rules(
        "Judgement",
        rules,
        _("the round's trump (S, H, D, C or None) or judgement.play_rules(trump)"),
    )


def legal_plays(
    hand: Iterable[Card | str] | str,
    trick: Sequence[Card | str] | str = (),
    rules: PlayRules | str | None = None,
) -> frozenset[Card]:
    """The cards you may play: any card of the led suit if you hold one, else any card.

    ``rules`` is the round's trump (``"C"``; ``None`` for none) or its :func:`play_rules`.
    The trump never changes what is legal in
    Judgement (trumping is allowed, never required), so it only matters to
    :func:`explain_play`.

    >>> sorted(legal_plays("3H KH 2S", "QH"))
    [Card('3H'), Card('KH')]
    """
    checked = as_rules(rules)
    hand_mask, played = _masks(hand, trick)
    return cards_of(legal_mask(hand_mask, played, checked)[0])


def explain_play(
    hand: Iterable[Card | str] | str,
    trick: Sequence[Card | str] | str = (),
    rules: PlayRules | str | None = None,
) -> Explanation:
    """What you may play and why (rule ids ``lead``, ``follow-any``, ``free``); ``rules`` as
    for :func:`legal_plays`."""
    checked = as_rules(rules)
    hand_mask, played = _masks(hand, trick)
    mask, rule = legal_mask(hand_mask, played, checked)
    return Explanation(cards_of(mask), rule, explain_text(hand_mask, played, checked, mask, rule))


def trick_winner(trick: Sequence[Card | str] | str, trump: str | None = None) -> int:
    """Index, in play order, of the winning card: the highest trump, else the highest of the led
    suit. ``trump`` is the round's suit letter, ``None`` (or ``"NT"``) for none.

    >>> trick_winner("KH 2C AH", trump="C")
    1
    """
    return _api.winner(trick, trump)


def score(bid: int, tricks: int) -> int:
    """Points for one round: exact 0 or 1 → 10; exact k ≥ 2 → 10 × k; missed either way → 0.

    >>> [score(4, t) for t in range(7)]
    [0, 0, 0, 0, 40, 0, 0]
    """
    check_bid(bid, MAX_CARDS)
    check_count(tricks, N_("tricks taken"), 0, MAX_CARDS)
    if tricks != bid:
        return 0
    return 10 if bid <= 1 else 10 * bid


def explain_score(bid: int, tricks: int) -> PointsExplained:
    """The :func:`score` of one round, with its reason in words and exact numbers.

    >>> explain_score(4, 4).reason, explain_score(4, 5).reason
    ('exact: 10 × 4', 'bid 4, took 5: only an exact bid scores')
    """
    points = score(bid, tricks)
    if tricks == bid:
        reason = _("exact 0 or 1: 10") if bid <= 1 else _("exact: 10 × {bid}").format(bid=bid)
        return PointsExplained(_("made"), points, str(points), reason)
    reason = _("bid {bid}, took {won}: only an exact bid scores").format(bid=bid, won=tricks)
    return PointsExplained(_("missed"), points, str(points), reason)


# ----- one round as a state machine ----------------------------------------


def deal_round(rng: random.Random, players: int, cards: int, dealer: int) -> list[int]:
    """Hands as masks: ``cards`` each, one at a time from the dealer's left; the rest stay out."""
    return deal_hands(rng, dealer, 1, players, cards)


class Round(CountedCallDeal[int]):
    """One round of Judgement: deal, bids from the dealer's left (dealer last), tricks.

    The deal engine (:class:`~cardlib.game.TrickDeal`) with ``players`` seats,
    the round's cards and trump, bids 0..cards with the dealer's hook, and
    exact-bid scoring. ``Round(players=4, number=1, seed=7)`` deals round 1 of
    the schedule (7 cards each, clubs trump) the same way every time;
    ``dealer`` is drawn from the seed when not given (naming one never changes
    the cards). In the blind round
    (number 8) every card stays face down until the dealer's bid is in:
    :meth:`hand` and :attr:`hands` refuse to show them, then the single trick
    is played at once, the dealer's left leading, and the round is over.

    >>> r = Round(players=4, number=1, seed=1, dealer=0)
    >>> r.phase, r.to_act, r.cards, r.trump
    ('bidding', 1, 7, 'C')
    """

    game_name = "Judgement"
    calling_phase = BIDDING
    call_word, deal_word = "bid", "round"
    over_text = "the round is over: every trick has been played"

    def __init__(
        self, players: int = 4, number: int = 1, seed: Seed = None, dealer: int | None = None
    ) -> None:
        check_players(players)
        check_count(number, N_("a round number"), 1, ROUNDS)
        spec = SCHEDULE[number - 1]
        rng = seeded_rng(seed)
        if dealer is not None:
            self._check_seat(dealer, "dealer", players)
        # Always drawn, and the cards dealt from the drawn dealer's left: naming
        # the dealer never changes anybody's cards.
        drawn = rng.randrange(players)
        hands = deal_round(rng, players, spec.cards, drawn)
        dealer = drawn if dealer is None else dealer
        self._begin(hands, dealer, spec.trump, spec.blind, number)

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Iterable[Card | str] | str],
        trump: str | None,
        dealer: int = 0,
        bids: Sequence[int] | None = None,
        blind: bool = False,
    ) -> Round:
        """A round from given hands (worked examples, puzzles, exercises).

        ``hands``: 3 to 7 card lists or strings of the same size (1..7), no card
        twice. With ``bids`` (indexed by seat) the round starts in play.
        """
        if isinstance(hands, Sequence) and not isinstance(hands, str):
            check_players(len(hands))
        masks = hand_masks(hands, range(MIN_PLAYERS, MAX_PLAYERS + 1), MAX_CARDS)
        players = len(masks)
        check_trump(trump)
        if not isinstance(blind, bool):
            raise CardlibTypeError(
                _("{name} is a switch, True or False, got {value!r}").format(
                    name="blind", value=blind
                )
            )
        cls._check_seat(dealer, "dealer", players)
        if bids is not None:
            check_calls_given(bids, players, masks[0].bit_count(), "bid")
        round_ = cls.__new__(cls)
        round_._begin(masks, dealer, trump, blind, None)
        if bids is not None:
            for seat in round_.bidding_order():
                round_.bid(bids[seat])
        return round_

    def _begin(
        self, hands: list[int], dealer: int, trump: str | None, blind: bool, number: int | None
    ) -> None:
        self.players = len(hands)
        self.number = number
        self.cards = hands[0].bit_count()
        self.trump = trump
        self.blind = blind
        self.rules = play_rules(trump)
        # Blind: the cards wait face down outside ``_hands`` until the dealer bids.
        self._face_down = list(hands) if blind else None
        self._start([0] * self.players if blind else list(hands), dealer)

    def bidding_order(self) -> list[int]:
        """Seats in bidding order: the dealer's left first, the dealer last."""
        return self._calling_order()

    # ----- state -----------------------------------------------------------

    @property
    def face_up(self) -> bool:
        """False only in the blind round before the dealer's bid."""
        return self._face_down is None

    def _check_face_up(self) -> None:
        if self._face_down is not None:
            raise PhaseError(
                _(
                    "this is the blind round: every card stays face down, even to its owner, "
                    "until the dealer's bid is in"
                ),
                "blind",
            )

    def hand(self, seat: int) -> frozenset[Card]:
        """The cards a seat holds now (refused while the blind round's cards are face down)."""
        self._check_seat(seat, "seat", self.players)
        self._check_face_up()
        return cards_of(self._hands[seat])

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every hand as it is now, sorted for display (refused while face down)."""
        self._check_face_up()
        return super().hands

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Bids by seat; ``None`` for a seat that has not bid yet."""
        return tuple(self._calls)

    def _held(self) -> list[int]:
        return self._hands if self._face_down is None else self._face_down

    def _seen_by(self, seat: int) -> tuple[int, ...]:
        return () if self._face_down is not None else (seat,)

    def _set_held(self, hands: list[int]) -> None:
        if self._face_down is not None:
            self._face_down = hands
        else:
            super()._set_held(hands)

    # ----- bidding ---------------------------------------------------------

    def _earlier_bids(self) -> list[int]:
        return [b for b in self._calls if b is not None]

    def legal_bids(self) -> tuple[int, ...]:
        """The bids the seat to act may make (empty unless bidding)."""
        if self._phase != BIDDING:
            return ()
        return legal_bids(self.cards, self._earlier_bids(), self._to_act == self.dealer)

    legal_calls = legal_bids

    def explain_bids(self) -> BidExplanation:
        """The allowed bids for the seat to act, and why."""
        if self._phase != BIDDING:
            raise PhaseError(
                _("nobody bids now: the round is {phase}").format(phase=phase_name(self._phase)),
                "phase",
            )
        return explain_bids(self.cards, self._earlier_bids(), self._to_act == self.dealer)

    def bid(self, n: int, seat: int | None = None) -> None:
        """The seat to act bids ``n`` tricks. ``seat``, if given, must be that seat."""
        self.call(n, seat)

    def _check_call(self, n: object) -> int:
        n = check_bid(n, self.cards)
        if self._to_act == self.dealer and n == hooked_bid(self.cards, self._earlier_bids()):
            why = explain_bids(self.cards, self._earlier_bids(), True)
            raise IllegalCallError(
                _(
                    "the dealer may not bid {bid} (the hook rule): the bids would total "
                    "{cards}, the number of tricks there are. {why}"
                ).format(bid=n, cards=self.cards, why=why),
                "hook",
            )
        return n

    def _calls_done(self) -> None:
        """Blind round: all cards turn face up together; the one trick plays itself."""
        if self._face_down is not None:
            self._hands, self._face_down = self._face_down, None
            while self._phase == PLAYING:
                self.play(DECK[self._hands[self._to_act].bit_length() - 1])

    # ----- scoring ---------------------------------------------------------

    def score_for(self, bid: int, tricks: int) -> int:
        """The points for a bid and the tricks taken (exact or nothing)."""
        return score(bid, tricks)

    def explain_score_for(self, bid: int, tricks: int) -> PointsExplained:
        """Why a bid and a number of tricks score what they do."""
        return explain_score(bid, tricks)

    # ----- copying ---------------------------------------------------------

    def copy(self) -> Round:
        """An independent copy (for trying moves out)."""
        other = super().copy()
        if self._face_down is not None:
            other._face_down = list(self._face_down)
        return other

    def _origin(self) -> tuple[object, ...]:
        # Not its number: a round of the schedule dealt again from its hands has none.
        return (*super()._origin(), self.trump, self.blind)

    def _state(self) -> tuple:
        face_down = None if self._face_down is None else tuple(self._face_down)
        return (self.players, self.number, self.trump, self.blind, face_down, *super()._state())

    def __repr__(self) -> str:
        number = "" if self.number is None else f" {self.number}"
        trump = "no trump" if self.trump is None else f"trump={self.trump}"
        return (
            f"<judgement.Round{number} players={self.players} cards={self.cards} {trump} "
            f"dealer={self.dealer} phase={self._phase} to_act={self.to_act}>"
        )


# ----- the match -------------------------------------------------------------


class Match(CountedCallMatch[Round, int]):
    """A Judgement match: the eight rounds of the schedule, the dealer moving clockwise.

    The shared match (:class:`~cardlib.match.TrickMatch`) in Judgement's words.
    Driven through the current round (``bid``, ``play``, ``legal_bids``,
    ``legal_plays``, ``explain``). When a round ends the match waits in phase
    ``"round-over"`` until :meth:`next_round`; after round 8 it is ``"over"``.
    ``totals()`` add the rounds' points; ``winners()`` are every seat tied on top.

    >>> m = Match(players=3, seed=4, dealer=0)
    >>> m.phase, m.round.number, m.round.cards, m.to_act
    ('bidding', 1, 7, 1)
    """

    deal_class = Round
    zero = 0
    between_phase = ROUND_OVER
    deal_word, call_word, next_action = "round", "bid", "next_round"

    def __init__(self, players: int = 4, seed: Seed = None, dealer: int | None = None) -> None:
        self.players = check_players(players)
        super().__init__(seed, dealer)

    def _make_deal(self, seed: int, dealer: int) -> Round:
        return Round(self.players, len(self._deals) + 1, seed=seed, dealer=dealer)

    def _finished(self) -> bool:
        return len(self._deals) == ROUNDS

    # ----- in Judgement's words ----------------------------------------------

    @property
    def round(self) -> Round:
        """The current (or last) round."""
        return self._deals[-1]

    @property
    def rounds(self) -> tuple[Round, ...]:
        """Every round so far, the current one last."""
        return tuple(self._deals)

    def scores_by_round(self) -> list[tuple[int, ...]]:
        """The points of every finished round, by seat."""
        return self.scores_by_deal()

    def hand(self, seat: int) -> frozenset[Card]:
        """``seat``'s hand in the current round."""
        return self._deals[-1].hand(seat)

    def legal_bids(self) -> tuple[int, ...]:
        """The bids allowed now in the current round."""
        return self._deals[-1].legal_bids()

    def explain_bids(self) -> BidExplanation:
        """What the seat to bid may bid in the current round, and why (the hook)."""
        return self._deals[-1].explain_bids()

    def bid(self, n: int, seat: int | None = None) -> None:
        """Bid ``n`` tricks in the current round (``seat`` checks whose turn it is)."""
        self.call(n, seat)

    def next_round(self) -> Round:
        """Deal the next round (only once the current one is over and the match is not)."""
        return self.next_deal()

    def __repr__(self) -> str:
        return (
            f"<judgement.Match players={self.players} round {len(self._deals)} of {ROUNDS} "
            f"phase={self.phase}>"
        )


def trump_name(trump: str | None) -> str:
    """``'clubs ♣'``; ``'no trump'``."""
    suit = check_trump(trump)
    return "no trump" if suit is None else f"{SUIT_NAMES[suit]} {SUIT_SYMBOLS[suit]}"


class Judgement(Game):
    """Judgement's facts for the registry (:mod:`cardlib.games`): 3 to 7 players, eight rounds
    of falling size with a rotating trump, exact bids, the dealer hooked."""

    key = "judgement"
    name = N_("Judgement")
    deal = Round
    match = Match
    players = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
    call_word = "bid"
    deal_word = "round"
    bots: ClassVar[dict[str, str]] = {"beginner": "RandomBot", "sensible": "SensibleJudgementBot"}
    match_title = N_("{name} (a match of {rounds} rounds)")

    @classmethod
    def match_values(cls) -> dict[str, object]:
        return {"rounds": ROUNDS}

    @classmethod
    def new_match(cls, seed: Seed, players: int = 4) -> Match:
        return Match(players=players, seed=seed)

    @classmethod
    def deal_again(cls, deal: Round, hands: Sequence[Sequence[Card]]) -> Round:
        bids = [bid for bid in deal.bids if bid is not None]
        made = bids if len(bids) == len(deal.bids) else None
        return Round.from_hands(hands, deal.trump, deal.dealer, made, deal.blind)

    @classmethod
    def points(cls, call: int, tricks: int, options: object = None) -> int:
        return score(call, tricks)

    @classmethod
    def legal_calls(
        cls, dealt: int, earlier: Sequence[int], is_dealer: bool, options: object = None
    ) -> tuple[int, ...]:
        return tuple(legal_bids(dealt, list(earlier), is_dealer))

    @classmethod
    def call_range(cls, options: object = None) -> tuple[int, int]:
        return 0, MAX_CARDS

    @classmethod
    def rules(cls, options: object = None, trump: str | None = None) -> PlayRules:
        return play_rules(trump)

    @classmethod
    def text_game(cls, deal: Round) -> str:
        """``judgement/r3`` for a round of the schedule, else ``judgement/<trump>[/blind]``."""
        if deal.number is not None:
            return f"{cls.key}/r{deal.number}"
        trump = "NT" if deal.trump is None else deal.trump
        return f"{cls.key}/{trump}" + ("/blind" if deal.blind else "")

    @classmethod
    def text_options(cls, words: Sequence[str]) -> dict[str, Any]:
        """Round ``number`` of the schedule (``r3``: its cards, trump and blindness), or a round
        from given hands: its ``trump`` (``NT`` for none), then ``blind`` for a blind one."""
        words = list(words)
        if len(words) == 1 and words[0][:1] == "r" and words[0][1:] in map(str, range(1, 9)):
            spec = SCHEDULE[int(words[0][1:]) - 1]
            return {"number": spec.number, "trump": spec.trump, "blind": spec.blind}
        if words and words[0] in (*SUITS, "NT") and words[1:] in ([], ["blind"]):
            trump = None if words[0] == "NT" else words[0]
            return {"number": None, "trump": trump, "blind": words[1:] == ["blind"]}
        raise CardlibError(
            _(
                "Judgement is judgement/r1 … judgement/r8 (a round of the schedule) or "
                "judgement/S, H, D, C or NT, then /blind for a blind round; got {field!r}"
            ).format(field="/".join(words)),
            "position",
        )

    @classmethod
    def deal_from_text(
        cls,
        hands: Sequence[Sequence[Card]],
        dealer: int,
        options: dict[str, Any],
        made_up: bool = False,
    ) -> Round:
        """A round of the schedule (``number``: its cards are checked) or from given hands."""
        number = options["number"]
        round_ = Round.from_hands(hands, options["trump"], dealer, None, options["blind"])
        if number is not None:
            if round_.cards != SCHEDULE[number - 1].cards:
                raise CardlibError(
                    _("round {number} deals {cards} cards each, these hands held {held}").format(
                        number=number, cards=SCHEDULE[number - 1].cards, held=round_.cards
                    ),
                    "position",
                )
            round_.number = number  # a round of the schedule, as Round(number=...) makes it
        return round_

    @classmethod
    def match_from_text(cls, first: Round, settings: dict[str, int]) -> Match:
        return Match(first.players, 0, first.dealer, **settings)

    trump_varies = True
    exact_calls = True
    whole_pack = False

    @classmethod
    def new_deal(
        cls, seed: Seed, dealer: int | None = None, options: object = None, number: int = 1
    ) -> Round:
        return Round(players=4, number=number, seed=seed, dealer=dealer)

    @classmethod
    def deal_numbers(cls, cards: int) -> tuple[int, ...]:
        return tuple(spec.number for spec in SCHEDULE if spec.cards >= cards)

    @classmethod
    def deals_to_play(cls, match: Match) -> int:
        """Every match is :data:`ROUNDS` rounds, whatever the number of players."""
        return ROUNDS

    @classmethod
    def max_cards(cls, players: int = 4) -> int:
        """The first round's :data:`MAX_CARDS`, whatever the number of players."""
        return MAX_CARDS


__all__ = [
    "CARDS_PER_ROUND",
    "ROUNDS",
    "SCHEDULE",
    "TRUMPS",
    "BidExplanation",
    "Judgement",
    "Match",
    "Round",
    "RoundSpec",
    "Trick",
    "check_bid",
    "check_players",
    "explain_bids",
    "explain_play",
    "hooked_bid",
    "legal_bids",
    "legal_plays",
    "play_rules",
    "schedule",
    "score",
    "trick_winner",
    "trump_name",
]
