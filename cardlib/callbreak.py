"""Call Break: four players, spades always trump, a call of 1..13, five deals.

Everything here follows the Call Break section of the rule book (``docs/rules.md``). The
rules that differ from the other games are the few values at the top of this
module (:func:`play_rules`, :func:`score`, the call range); the trick mechanics
are shared (:mod:`cardlib.tricks`, :mod:`cardlib.game`).

>>> from cardlib import parse_cards
>>> explain_play(parse_cards("3H KH"), parse_cards("QH")).text
'Hearts were led and Q♥ is highest; you hold K♥, which beats it, so you must play K♥.'
>>> score(4, 6)
Decimal('4.2')
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any, ClassVar, Self

from cardlib import _api, game, validate
from cardlib.cards import SUIT_MASKS, Card
from cardlib.errors import CardlibError, CardlibTypeError, is_count
from cardlib.facts import Game
from cardlib.game import CountedCallDeal, Explanation, PointsExplained, Seed, deal_hands
from cardlib.i18n import N_, _
from cardlib.match import ZERO, CountedCallMatch
from cardlib.tricks import PlayRules
from cardlib.validate import check_count

TRUMP = "S"
MAX_CALL = 13
CAPPED_MAX_CALL = 8  # the house rule "calls capped at 8"
# J, Q, K and A of every suit: a hand without any of them may be thrown in.
FACE_CARDS = sum(0b1111 << (13 * suit + 9) for suit in range(4))
DEALS_PER_MATCH = 5
TENTH = Decimal("0.1")


@dataclass(frozen=True)
class Variant:
    """The house variations of Call Break; all off by default.

    - ``old_scoring``: old Call Bridge scoring; only call or call + 1 tricks
      succeed and score the call, anything else scores minus the call.
    - ``min_call``: 1 (standard) or 2 ("minimum call 2").
    - ``no_spade_lead_first_trick``: the first lead of a deal may not be a spade
      unless the hand holds only spades.
    - ``free_discard``: a player void in the led suit who cannot beat the spade
      already in the trick may play any card (the rule most apps use).
    - ``max_call``: 13 (standard) or 8 ("calls capped at 8", as many apps and
      bot contests play): calls run from ``min_call`` to ``max_call``.
    - ``redeal_no_spade``: a deal in which some hand holds no spade is thrown
      in and dealt again (from the same seed's stream, so still deterministic).
    - ``redeal_no_face_card``: the same for a hand with no J, Q, K or A.
    - ``anticlockwise``: play goes to the right: the dealer's right calls and
      leads first, and the deal passes to the right (``direction == -1``).
    """

    old_scoring: bool = False
    min_call: int = 1
    no_spade_lead_first_trick: bool = False
    free_discard: bool = False
    max_call: int = MAX_CALL
    redeal_no_spade: bool = False
    redeal_no_face_card: bool = False
    anticlockwise: bool = False

    def __post_init__(self) -> None:
        # is_count first: 1.0 == 1 would pass "in (1, 2)" and fail only later, inside a Deal.
        if not is_count(self.min_call) or self.min_call not in (1, 2):
            raise (CardlibError if is_count(self.min_call) else CardlibTypeError)(
                _("min_call must be 1 or 2, got {value!r}").format(value=self.min_call), "variant"
            )
        if not is_count(self.max_call) or self.max_call not in (CAPPED_MAX_CALL, MAX_CALL):
            raise (CardlibError if is_count(self.max_call) else CardlibTypeError)(
                _(
                    "max_call must be {standard} (standard) or {capped} (calls capped at "
                    "{capped}), got {value!r}"
                ).format(standard=MAX_CALL, capped=CAPPED_MAX_CALL, value=self.max_call),
                "variant",
            )
        for option in (
            "old_scoring",
            "no_spade_lead_first_trick",
            "free_discard",
            "redeal_no_spade",
            "redeal_no_face_card",
            "anticlockwise",
        ):
            if not isinstance(getattr(self, option), bool):
                raise CardlibTypeError(
                    _("{name} is a switch, True or False, got {value!r}").format(
                        name=option, value=getattr(self, option)
                    )
                )

    @property
    def direction(self) -> int:
        """+1 clockwise (standard), -1 anticlockwise."""
        return -1 if self.anticlockwise else 1

    def redeals(self, hand: int) -> str | None:
        """The redeal rule a hand (a card mask) falls under, or ``None`` when it stands."""
        if self.redeal_no_spade and not hand & SUIT_MASKS[TRUMP]:
            return "redeal-no-spade"
        if self.redeal_no_face_card and not hand & FACE_CARDS:
            return "redeal-no-face-card"
        return None


STANDARD = Variant()


def play_rules(variant: Variant = STANDARD) -> PlayRules:
    """The trick rules of Call Break under a variant: spades trump, must beat, must trump."""
    return PlayRules(
        trump=TRUMP,
        must_beat=True,
        void_rule="overtrump" if variant.free_discard else "trump",
        no_trump_lead_first_trick=variant.no_spade_lead_first_trick,
    )


_RULES = {
    (free, no_lead): play_rules(Variant(free_discard=free, no_spade_lead_first_trick=no_lead))
    for free in (False, True)
    for no_lead in (False, True)
}


def check_variant(variant: object) -> Variant:
    """``variant`` itself if it is a :class:`Variant`; otherwise a ``CardlibTypeError``."""
    if not isinstance(variant, Variant):
        raise CardlibTypeError(
            _(
                "variant must be a callbreak.Variant, e.g. Variant(min_call=2), got {value!r}"
            ).format(value=variant),
            "variant",
        )
    return variant


def _rules(variant: Variant) -> PlayRules:
    check_variant(variant)
    return _RULES[variant.free_discard, variant.no_spade_lead_first_trick]


def as_rules(rules: PlayRules | Variant = STANDARD) -> PlayRules:
    """Call Break's play rules from a :class:`Variant` or from its :func:`play_rules` value.

    Rules of another game are refused: Call Break's answer under them would be wrong.
    """
    if isinstance(rules, Variant):
        return _rules(rules)
    if isinstance(rules, PlayRules) and rules in _RULES.values():
        return rules
    raise _api.refuse_rules(
        "Call Break", rules, _("a callbreak.Variant or callbreak.play_rules(variant)")
    )


def legal_plays(
    hand: Iterable[Card | str] | str,
    trick: Sequence[Card | str] | str = (),
    rules: PlayRules | Variant = STANDARD,
    first_trick: bool = False,
) -> frozenset[Card]:
    """The cards you may play from ``hand`` onto ``trick`` (the cards played so far).

    ``rules`` is a :class:`Variant` or its :func:`play_rules`.

    >>> from cardlib import parse_cards
    >>> sorted(legal_plays(parse_cards("3H KH 2S"), parse_cards("QH")))
    [Card('KH')]
    """
    return game.legal_plays(hand, trick, as_rules(rules), first_trick)


def explain_play(
    hand: Iterable[Card | str] | str,
    trick: Sequence[Card | str] | str = (),
    rules: PlayRules | Variant = STANDARD,
    first_trick: bool = False,
) -> Explanation:
    """What you may play and why: ``.legal``, ``.rule`` (the step of the ladder) and ``.text``.

    The rule ids, in ladder order: ``lead``, ``lead-no-spade``, ``must-beat``,
    ``follow-any``, ``follow-trumped``, ``must-trump``, ``must-overtrump``,
    ``must-undertrump``, ``free``. ``rules`` as for :func:`legal_plays`.
    """
    return game.explain_play(hand, trick, as_rules(rules), first_trick)


def trick_winner(trick: Sequence[Card | str] | str, trump: str | None = TRUMP) -> int:
    """Index, in play order, of the card that wins a Call Break trick (spades trump).

    ``trick`` is cards or text; ``trump`` is taken as in every game, but in Call Break
    it can only be ``"S"``.

    >>> trick_winner("AH 2S KH 3H")
    1
    """
    _api.spades_only("Call Break", trump)
    return _api.winner(trick, TRUMP, players=4)


def check_call(call: int, variant: Variant = STANDARD) -> int:
    """``call`` if it is a whole number in the variant's range; else an ``IllegalCallError``
    (a :class:`~cardlib.errors.CallTypeError` for a card, ``True`` or ``1.0``)."""
    check_variant(variant)

    def refusal() -> str:
        game = (
            _("Call Break (calls capped at {cap})").format(cap=CAPPED_MAX_CALL)
            if variant.max_call == CAPPED_MAX_CALL
            else _("Call Break")
        )
        return _(
            "a call must be a whole number of tricks from {low} to {high} in {game}, got {call!r}"
        ).format(low=variant.min_call, high=variant.max_call, game=game, call=call)

    return validate.check_call(call, variant.min_call, variant.max_call, refusal)


def _capped(variant: Variant) -> str:
    return f" (calls capped at {CAPPED_MAX_CALL})" if variant.max_call == CAPPED_MAX_CALL else ""


def score(call: int, tricks: int, variant: Variant = STANDARD) -> Decimal:
    """Points for one deal, exactly, with one decimal place.

    Made (tricks ≥ call): call + 0.1 per extra trick. Missed: minus the call.
    With ``variant.old_scoring``: call or call + 1 tricks score the call,
    anything else minus the call.

    >>> score(4, 6), score(3, 2), score(4, 6, Variant(old_scoring=True))
    (Decimal('4.2'), Decimal('-3.0'), Decimal('-4.0'))
    """
    check_call(call, check_variant(variant))
    check_count(tricks, N_("tricks taken"), 0, 13)
    if variant.old_scoring:
        points = call if call <= tricks <= call + 1 else -call
        return Decimal(points).quantize(TENTH)
    if tricks >= call:
        return Decimal(call) + Decimal(tricks - call) * TENTH
    return Decimal(-call).quantize(TENTH)


def format_points(points: Decimal) -> str:
    """Points with one decimal place: ``'4.2'``, ``'-3.0'``, ``'0.0'``."""
    return f"{points:.1f}"


def explain_score(call: int, tricks: int, variant: Variant = STANDARD) -> PointsExplained:
    """The :func:`score` of one deal, with its reason in words and exact numbers.

    >>> explain_score(3, 4).reason, explain_score(3, 4).text
    ('call 3 + 0.1 × 1', '3.1')
    >>> explain_score(4, 3).result, explain_score(4, 3).reason
    ('set', 'short of the call: minus 4')
    """
    points = score(call, tricks, variant)
    text = format_points(points)
    if tricks < call:
        return PointsExplained(
            _("set"), points, text, _("short of the call: minus {call}").format(call=call)
        )
    extra = tricks - call
    if variant.old_scoring and extra > 1:
        reason = _("two or more over the call under old scoring: minus {call}")
        return PointsExplained(_("set"), points, text, reason.format(call=call))
    if extra and not variant.old_scoring:
        reason = _("call {call} + 0.1 × {extra}").format(call=call, extra=extra)
    else:
        reason = _("call {call}").format(call=call)
    return PointsExplained(_("made"), points, text, reason)


class Deal(CountedCallDeal[Decimal]):
    """One deal of Call Break: 13 cards each, four calls, thirteen tricks.

    ``Deal(seed=7)`` deals the same cards every time; ``dealer`` is drawn from
    the seed when not given, and naming one never changes the cards. The seat
    on the dealer's left (right, with ``Variant(anticlockwise=True)``) calls
    first and leads the first trick. See :meth:`from_hands` for a deal from given hands.

    >>> deal = Deal(seed=1, dealer=0)
    >>> deal.phase, deal.to_act
    ('calling', 1)
    """

    direction = 1  # clockwise, unless the variant plays anticlockwise
    game_name = "Call Break"
    max_call = MAX_CALL

    def __init__(
        self, seed: Seed = None, dealer: int | None = None, variant: Variant = STANDARD
    ) -> None:
        self._init_options(variant)
        super().__init__(seed, dealer)

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Iterable[Card | str] | str],
        dealer: int = 0,
        calls: Sequence[int] | None = None,
        **options: Variant,
    ) -> Self:
        """A deal that starts from given hands (worked examples, puzzles).

        ``hands`` are four card lists (or strings like ``"AS KS 3H"``) of equal
        size, no card twice; the hands need not hold all 52 cards. With ``calls``
        (indexed by seat) the deal starts in the playing phase. The one option is
        ``variant=`` (a :class:`Variant`).
        """
        return cls._from_hands(hands, dealer, calls, dict(options))

    def _init_options(self, variant: Variant = STANDARD) -> None:
        self.variant = check_variant(variant)
        self.rules = _rules(variant)
        self.min_call = variant.min_call
        self.max_call = variant.max_call
        # Set only when they differ from the class's, to keep a new deal quick to make.
        if variant.max_call != MAX_CALL:
            self.game_name = "Call Break" + _capped(variant)  # as the call-range error says it
        if variant.anticlockwise:
            self.direction = -1
        if variant.redeal_no_spade or variant.redeal_no_face_card:
            self._redeal = True

    def shown_game_name(self) -> str:
        if self.variant.max_call == CAPPED_MAX_CALL:
            return _("Call Break (calls capped at {cap})").format(cap=CAPPED_MAX_CALL)
        return _("Call Break")

    def _redeal_hands(self, rng: random.Random, dealer: int, hands: list[int]) -> list[int]:
        # A hand that falls under a redeal rule is thrown in: the same dealer deals
        # again from the same stream, so the seed still decides every card.
        while any(map(self.variant.redeals, hands)):
            hands = deal_hands(rng, dealer, self.direction)
        return hands

    def _check_hands_stand(self, hands: list[int]) -> None:
        for seat, hand in enumerate(hands):
            rule = self.variant.redeals(hand) if hand.bit_count() == 13 else None
            if rule is not None:
                message = (
                    _(
                        "seat {seat}'s hand would be thrown in ({rule}): under this variant "
                        "a hand with no spade is dealt again"
                    )
                    if rule == "redeal-no-spade"
                    else _(
                        "seat {seat}'s hand would be thrown in ({rule}): under this variant "
                        "a hand with no face card (J, Q, K, A) is dealt again"
                    )
                )
                raise CardlibError(
                    message.format(seat=seat, rule=rule),
                    rule,
                )

    def score_for(self, call: int, tricks: int) -> Decimal:
        """The points for a call and the tricks taken, under this deal's variant."""
        return score(call, tricks, self.variant)

    def explain_score_for(self, call: int, tricks: int) -> PointsExplained:
        """Why a call and a number of tricks score what they do, under this deal's variant."""
        return explain_score(call, tricks, self.variant)

    def _origin(self) -> tuple[object, ...]:
        return (*super()._origin(), self.variant)

    def _state(self) -> tuple[object, ...]:
        # The variant decides the calls allowed, the cards allowed and the points: two deals
        # of the same cards under two variants are two games.
        return (self.variant, *super()._state())


class Match(CountedCallMatch[Deal, Decimal]):
    """A Call Break match: five deals, the dealer moving one seat clockwise each deal.

    ``totals()`` are the running totals; ``winners()`` every seat tied on top
    once the match is over (exact arithmetic, so 7.4 == 7.4).
    """

    deal_class = Deal
    zero = ZERO  # tenths: "0.0"

    def __init__(
        self,
        seed: Seed = None,
        dealer: int | None = None,
        variant: Variant = STANDARD,
        deals: int = DEALS_PER_MATCH,
    ) -> None:
        # Without this check a match of 0 deals would never end.
        check_count(
            deals,
            "deals",
            1,
            message=N_("a match needs a whole number of deals, 1 or more, got {value!r}"),
        )
        self.variant = check_variant(variant)
        self.deals_to_play = deals
        super().__init__(seed, dealer, variant=variant)

    def _finished(self) -> bool:
        return len(self._deals) == self.deals_to_play and self._deals[-1].phase == "over"

    def _settings(self) -> tuple[object, ...]:
        return (self.deals_to_play, *super()._settings())

    def __repr__(self) -> str:
        return (
            f"<callbreak.Match deal {len(self._deals)} of {self.deals_to_play} phase={self.phase}>"
        )


def expected_scores(
    trick_counts: dict[int, int] | Sequence[int], variant: Variant = STANDARD
) -> dict[int, Fraction]:
    """Expected score of every call, given how often each number of tricks was taken.

    ``trick_counts`` maps tricks (0..13) to counts, or is a list of 14 counts.
    Returned exactly, as ``Fraction`` averages (not rounded).
    """
    check_variant(variant)
    counts = validate.check_trick_counts(trick_counts, "trick_counts", MAX_CALL)
    total = sum(counts)
    return {
        call: Fraction(sum(n * score(call, t, variant) for t, n in enumerate(counts))) / total
        for call in range(variant.min_call, variant.max_call + 1)
    }


class CallBreak(Game):
    """Call Break's facts for the registry (:mod:`cardlib.games`): calls 1..13 (its variants
    may change that), points in tenths, five deals a match."""

    key = "callbreak"
    name = N_("Call Break")
    deal = Deal
    match = Match
    places = 1
    match_title = N_("{name} (a match of {deals} deals)")

    @classmethod
    def match_values(cls) -> dict[str, object]:
        return {"deals": DEALS_PER_MATCH}

    @classmethod
    def options_of(cls, deal: Deal) -> Variant:
        return deal.variant

    @classmethod
    def check_options(cls, options: object) -> Variant:
        return STANDARD if options is None else check_variant(options)

    @classmethod
    def deal_again(cls, deal: Deal, hands: Sequence[Sequence[Card]]) -> Deal:
        calls = [call for call in deal.calls if call is not None]
        made = calls if len(calls) == len(deal.calls) else None
        return Deal.from_hands(hands, deal.dealer, made, variant=deal.variant)

    @classmethod
    def points(cls, call: int, tricks: int, options: Variant | None = None) -> Decimal:
        return score(call, tricks, options or STANDARD)

    @classmethod
    def call_range(cls, options: Variant | None = None) -> tuple[int, int]:
        variant = options or STANDARD
        return variant.min_call, variant.max_call

    @classmethod
    def direction(cls, options: Variant | None = None) -> int:
        return -1 if (options or STANDARD).anticlockwise else 1

    @classmethod
    def rules(cls, options: Variant | None = None, trump: str | None = None) -> PlayRules:
        return play_rules(options or STANDARD)

    @classmethod
    def call_guide(cls, deal: Deal, seat: int) -> str:
        """The call's range (the base class's sentence), then why a call is a promise: what
        making it and falling short score (the standard scoring; an old-scoring variant
        scores otherwise, so it is left unsaid there)."""
        said = super().call_guide(deal, seat)
        if not said or deal.variant.old_scoring:
            return said
        return " ".join(
            [
                said,
                _(
                    "Take at least that many and you score your call, plus 0.1 for each trick "
                    "over; take fewer and you lose your call."
                ),
            ]
        )

    #: The variant's options as the position text's ``game`` field writes them, in the order
    #: it writes them: word → (the ``Variant`` field, its value when the option is on).
    TEXT_OPTIONS: ClassVar[dict[str, tuple[str, object]]] = {
        "old": ("old_scoring", True),
        "min2": ("min_call", 2),
        "nolead": ("no_spade_lead_first_trick", True),
        "free": ("free_discard", True),
        "cap8": ("max_call", CAPPED_MAX_CALL),
        "redeal-spade": ("redeal_no_spade", True),
        "redeal-face": ("redeal_no_face_card", True),
        "anti": ("anticlockwise", True),
    }

    @classmethod
    def text_game(cls, deal: Deal) -> str:
        """``callbreak`` and the variant's options: ``callbreak/free/cap8``."""
        variant = deal.variant
        words = [
            word for word, (name, on) in cls.TEXT_OPTIONS.items() if getattr(variant, name) == on
        ]
        return "/".join([cls.key, *words])

    @classmethod
    def text_options(cls, words: Sequence[str]) -> dict[str, Any]:
        settings: dict[str, object] = {}
        for word in words:
            if word not in cls.TEXT_OPTIONS or cls.TEXT_OPTIONS[word][0] in settings:
                raise CardlibError(
                    _("Call Break's options are {options} (each once), got {word!r}").format(
                        options=", ".join(cls.TEXT_OPTIONS), word=word
                    ),
                    "position",
                )
            name, value = cls.TEXT_OPTIONS[word]
            settings[name] = value
        return {"options": Variant(**settings)}  # type: ignore[arg-type]

    @classmethod
    def deal_from_text(
        cls,
        hands: Sequence[Sequence[Card]],
        dealer: int,
        options: dict[str, Any],
        made_up: bool = False,
    ) -> Deal:
        variant = options.get("options", STANDARD)
        if not made_up:
            return Deal.from_hands(hands, dealer, variant=variant)
        # Made-up hidden hands may be ones a redeal rule throws in; the real ones stood.
        stands = replace(variant, redeal_no_spade=False, redeal_no_face_card=False)
        deal = Deal.from_hands(hands, dealer, variant=stands)
        deal._init_options(variant)
        return deal

    @classmethod
    def match_from_text(cls, first: Deal, settings: dict[str, int]) -> Match:
        return Match(0, first.dealer, first.variant, **settings)

    standard_options = STANDARD

    @classmethod
    def new_deal(
        cls, seed: Seed, dealer: int | None = None, options: Variant | None = None, number: int = 1
    ) -> Deal:
        return Deal(seed=seed, dealer=dealer, variant=cls.check_options(options))

    @classmethod
    def deals_to_play(cls, match: Match) -> int:
        """The deals the match was made with (:data:`DEALS_PER_MATCH` at the card table)."""
        return match.deals_to_play
