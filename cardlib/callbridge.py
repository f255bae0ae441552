"""Call Bridge, Call Break's ancestor: bids 2..12, bonus bids, play to a target score.

Everything here follows the Call Bridge section of the rule book (``docs/rules.md``,
from the original Call Bridge rules, in Hindi). The game shares every trick mechanic with Call Break
(:mod:`cardlib.tricks`, :mod:`cardlib.game`, :mod:`cardlib.match`); it differs
only in the values at the top of this module, which is the point:

==================  ==================================  ===================================
                    Call Break                          Call Bridge
==================  ==================================  ===================================
direction           clockwise (dealer's left first)     counter-clockwise (dealer's right)
calls               1..13                               2..12
following suit      must beat the highest if able       any card of the led suit
void, ♠ to beat     over-trump if able, else a losing   over-trump if able, else any card
                    spade
scoring             call + 0.1 per extra trick          bid, no extra; bids 8..12 score 13
                                                        with bid or bid + 1 tricks only
end                 after five deals                    when somebody reaches the target
==================  ==================================  ===================================

Points are exact whole numbers, kept as ``Decimal`` like Call Break's (so the
two games' totals add and compare the same way), shown without decimals.

>>> from cardlib import parse_cards
>>> sorted(legal_plays(parse_cards("3H KH"), parse_cards("QH")))
[Card('3H'), Card('KH')]
>>> score(10, 11), score(10, 12), score(4, 6)
(Decimal('13'), Decimal('-10'), Decimal('4'))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Self

from cardlib import _api, game, validate
from cardlib.cards import Card
from cardlib.errors import CardlibError
from cardlib.facts import Game
from cardlib.game import CountedCallDeal, Explanation, PointsExplained, Seed
from cardlib.i18n import N_, _
from cardlib.match import CountedCallMatch
from cardlib.tricks import PlayRules
from cardlib.validate import check_count

TRUMP = "S"
MIN_BID, MAX_BID = 2, 12
BONUS_MIN = 8  # bids of 8 or more are bonus bids
BONUS_POINTS = 13
DIRECTION = -1  # counter-clockwise: the dealer's right bids and leads first

#: Spades trump; follow suit with any card of it; void: over-trump if you can, else anything.
RULES = PlayRules(trump=TRUMP, must_beat=False, void_rule="overtrump")


def play_rules() -> PlayRules:
    """The trick rules of Call Bridge (no variants): see :data:`RULES`."""
    return RULES


def as_rules(rules: PlayRules | None = RULES) -> PlayRules:
    """Call Bridge's play rules: it has no variants, so only :data:`RULES` (or ``None``)."""
    if rules is None or rules == RULES:
        return RULES
    raise _api.refuse_rules("Call Bridge", rules, _("callbridge.RULES (it has no variants)"))


def legal_plays(
    hand: Iterable[Card | str] | str,
    trick: Sequence[Card | str] | str = (),
    rules: PlayRules | None = RULES,
    first_trick: bool = False,
) -> frozenset[Card]:
    """The cards you may play from ``hand`` onto ``trick`` (the cards played so far).

    ``rules`` is there so that every game's ``legal_plays`` reads the same; Call Bridge has
    one set, :data:`RULES`.

    >>> from cardlib import parse_cards
    >>> sorted(legal_plays(parse_cards("2S 4H"), parse_cards("5C KS")))
    [Card('2S'), Card('4H')]
    """
    return game.legal_plays(hand, trick, as_rules(rules), first_trick)


def explain_play(
    hand: Iterable[Card | str] | str,
    trick: Sequence[Card | str] | str = (),
    rules: PlayRules | None = RULES,
    first_trick: bool = False,
) -> Explanation:
    """What you may play and why: ``.legal``, ``.rule`` and ``.text``.

    The rule ids that occur in Call Bridge: ``lead``, ``follow-any``,
    ``must-trump`` (void, no spade in the trick yet), ``must-overtrump`` and
    ``free``.
    """
    return game.explain_play(hand, trick, as_rules(rules), first_trick)


def trick_winner(trick: Sequence[Card | str] | str, trump: str | None = TRUMP) -> int:
    """Index, in play order, of the card that wins a Call Bridge trick (spades trump).

    >>> trick_winner("AH 2S KH 3H")
    1
    """
    _api.spades_only("Call Bridge", trump)
    return _api.winner(trick, TRUMP, players=4)


def check_bid(bid: int) -> int:
    """``bid`` if it is a whole number from 2 to 12; else an ``IllegalCallError`` (a
    :class:`~cardlib.errors.CallTypeError` for a card, ``True`` or ``1.0``)."""

    def refusal() -> str:
        return _(
            "a bid must be a whole number of tricks from {low} to {high} in {game}, got {bid!r}"
        ).format(low=MIN_BID, high=MAX_BID, game=_("Call Bridge"), bid=bid)

    return validate.check_call(bid, MIN_BID, MAX_BID, refusal, "bid")


def is_bonus_bid(bid: int) -> bool:
    """Bids of 8..12 are bonus bids: worth 13, but only with bid or bid + 1 tricks."""
    check_bid(bid)
    return bid >= BONUS_MIN


def score(bid: int, tricks: int) -> Decimal:
    """Points for one deal, exactly (whole numbers).

    Bids 2..7: made (tricks ≥ bid) scores the bid, with nothing for overtricks;
    missed scores minus the bid. Bonus bids 8..12: exactly bid or bid + 1
    tricks score 13; anything else, fewer or more, scores minus the bid.

    >>> score(4, 6), score(3, 2), score(10, 10), score(10, 12)
    (Decimal('4'), Decimal('-3'), Decimal('13'), Decimal('-10'))
    """
    check_bid(bid)
    check_count(tricks, N_("tricks taken"), 0, 13)
    if bid >= BONUS_MIN:
        made = bid <= tricks <= bid + 1
        return Decimal(BONUS_POINTS if made else -bid)
    return Decimal(bid if tricks >= bid else -bid)


def format_points(points: Decimal) -> str:
    """Points as a whole number: ``'13'``, ``'-10'``, ``'0'``."""
    return f"{points:.0f}"


def explain_score(bid: int, tricks: int) -> PointsExplained:
    """The :func:`score` of one deal, with its reason in words and exact numbers.

    >>> explain_score(10, 11).reason, explain_score(10, 12).reason
    ('bonus bid 10 made: 13', 'bonus bid 10 needs 10 or 11 tricks: minus 10')
    """
    points = score(bid, tricks)
    text = format_points(points)
    if is_bonus_bid(bid):
        if bid <= tricks <= bid + 1:
            # the 13 is BONUS_POINTS: the message id the translations know (tests pin it)
            reason = _("bonus bid {bid} made: 13").format(bid=bid)
            return PointsExplained(_("made"), points, text, reason)
        reason = _("bonus bid {bid} needs {bid} or {more} tricks: minus {bid}")
        return PointsExplained(_("set"), points, text, reason.format(bid=bid, more=bid + 1))
    if tricks >= bid:
        reason = _("bid {bid} (nothing for extra tricks)").format(bid=bid)
        return PointsExplained(_("made"), points, text, reason)
    reason = _("short of the bid: minus {bid}").format(bid=bid)
    return PointsExplained(_("set"), points, text, reason)


class Deal(CountedCallDeal[Decimal]):
    """One deal of Call Bridge: 13 cards each, four bids, thirteen tricks, counter-clockwise.

    ``Deal(seed=7)`` deals the same cards every time; ``dealer`` is drawn from
    the seed when not given, and naming one never changes the cards. The seat
    on the dealer's right, ``(dealer - 1) % 4``,
    bids first and leads the first trick; play goes on to that seat's right.

    >>> deal = Deal(seed=1, dealer=0)
    >>> deal.phase, deal.to_act, list(deal.legal_calls())[::10]
    ('calling', 3, [2, 12])
    """

    direction = DIRECTION
    game_name = "Call Bridge"
    rules = RULES
    min_call = MIN_BID
    max_call = MAX_BID

    def __init__(self, seed: Seed = None, dealer: int | None = None) -> None:
        super().__init__(seed, dealer)

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Iterable[Card | str] | str],
        dealer: int = 0,
        calls: Sequence[int] | None = None,
        **options: object,
    ) -> Self:
        """A deal that starts from given hands (worked examples, puzzles).

        ``hands`` are four card lists (or strings like ``"AS KS 3H"``) of equal
        size, no card twice; the hands need not hold all 52 cards. With ``calls``
        (the bids, indexed by seat) the deal starts in the playing phase. Call Bridge
        has no options: any is refused.
        """
        return cls._from_hands(hands, dealer, calls, options)

    # Call Bridge says "bid": its words for the engine's calls.
    def bid(self, n: int, seat: int | None = None) -> None:
        """The seat to act bids ``n`` tricks (2..12); the same as :meth:`call`."""
        self.call(n, seat)

    def legal_bids(self) -> Sequence[int]:
        """The bids the seat to act may make (empty unless bidding); as :meth:`legal_calls`."""
        return self.legal_calls()

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Bids by seat; ``None`` for a seat that has not bid yet (as :attr:`calls`)."""
        return self.calls

    def score_for(self, call: int, tricks: int) -> Decimal:
        """The points for a bid and the tricks taken."""
        return score(call, tricks)

    def explain_score_for(self, call: int, tricks: int) -> PointsExplained:
        """Why a bid and a number of tricks score what they do."""
        return explain_score(call, tricks)


class Match(CountedCallMatch[Deal, Decimal]):
    """A Call Bridge match: deals until somebody reaches ``target`` points (required).

    The deal passes to the right (counter-clockwise) each time. After a deal in
    which one or more seats reach the target, the match is over: the highest
    total wins, and seats tied on it share the win.
    """

    deal_class = Deal
    zero = Decimal(0)

    def __init__(self, seed: Seed = None, dealer: int | None = None, *, target: int) -> None:
        self.target = check_count(
            target,
            "target",
            1,
            message=N_("the target must be a whole number of points ≥ 1, got {value!r}"),
        )
        super().__init__(seed, dealer)

    def _finished(self) -> bool:
        return self._deals[-1].phase == "over" and max(self.totals()) >= self.target

    def _settings(self) -> tuple[object, ...]:
        return (self.target, *super()._settings())

    def bid(self, n: int, seat: int | None = None) -> None:
        """The seat to act bids ``n`` in the current deal; the same as :meth:`call`."""
        self.call(n, seat)

    def legal_bids(self) -> Sequence[int]:
        """The bids the seat to act may make in the current deal."""
        return self.legal_calls()

    def __repr__(self) -> str:
        return f"<callbridge.Match deal {len(self._deals)} target={self.target} phase={self.phase}>"


class CallBridge(Game):
    """Call Bridge's facts for the registry (:mod:`cardlib.games`): bids 2..12, played
    counter-clockwise to a target of points."""

    key = "callbridge"
    name = N_("Call Bridge")
    deal = Deal
    match = Match
    call_word = "bid"
    match_title = N_("{name} (a match to {points} points)")
    #: The card table plays to the target notebook 20 uses.
    TABLE_TARGET = 30

    @classmethod
    def match_values(cls) -> dict[str, object]:
        return {"points": cls.TABLE_TARGET}

    @classmethod
    def new_match(cls, seed: Seed, players: int = 4) -> Match:
        return Match(seed=seed, target=cls.TABLE_TARGET)

    @classmethod
    def points(cls, call: int, tricks: int, options: object = None) -> Decimal:
        return score(call, tricks)

    @classmethod
    def call_range(cls, options: object = None) -> tuple[int, int]:
        return MIN_BID, MAX_BID

    @classmethod
    def match_from_text(cls, first: Deal, settings: dict[str, int]) -> Match:
        """A Call Bridge match has no default target: the header names it (``target=30``)."""
        if "target" not in settings:
            raise CardlibError(_("a Call Bridge match needs its target=N"), "position")
        return Match(0, first.dealer, **settings)
