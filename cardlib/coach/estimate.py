"""How many tricks will this hand take? Monte Carlo estimates for calling.

The other 39 cards are dealt at random, all four seats play like
:class:`~cardlib.bots.SensibleBot`, and we count the tricks our hand takes.
From those counts :func:`cardlib.callbreak.expected_scores` gives the exact
(``Fraction``) average score of every call.

Why one simulation serves every call: the sensible bot plays to win tricks
until it has made its call, and only then ducks. So a hand that calls ``c``
plays exactly like a hand that always wants tricks until its ``c``-th trick,
and the chance of making ``c`` is the same in both. We therefore simulate the
hand "always wanting tricks" (a call of 13); only the tiny 0.1-per-overtrick
part of a made call is slightly overstated. :func:`made_counts_agree` checks
this claim on the very same random deals.

Where you sit matters (the seat on the dealer's left leads first), so the
samples are spread evenly over the four positions.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from decimal import Decimal
from fractions import Fraction

from cardlib import callbreak
from cardlib.cards import Card, parse_cards, to_mask
from cardlib.coach.fast import sample_tricks
from cardlib.errors import CardlibError, CardlibTypeError, PositionError, is_count
from cardlib.game import check_seed
from cardlib.i18n import _
from cardlib.validate import check_count, check_trick_counts

ALWAYS_WANT = 13  # a call no hand makes early: the bot plays for every trick
POSITIONS = 4


def hand_mask(hand: Iterable[Card | str] | str) -> int:
    """A 13-card hand as a mask, from cards or text like ``"AS KS 3H …"``; anything else is
    refused with the project's error (a :class:`~cardlib.errors.PositionError` for a hand of
    another size or with a card twice)."""
    cards = parse_cards(hand)  # what is not cards is refused there
    if len(cards) != 13 or len(set(cards)) != 13:
        raise PositionError(
            _("a Call Break hand holds 13 different cards, got {count}").format(count=len(cards)),
            "hand-size",
        )
    return to_mask(cards)


def _check_samples(samples: object, seed: object, variant: object) -> None:
    """Refuse a number of samples below one per position, a seed that is no seed (see
    :func:`cardlib.game.seeded_rng`) or a variant that is not a ``callbreak.Variant``."""
    callbreak.check_variant(variant)
    check_count(
        samples,
        "samples",
        POSITIONS,
        message=_("need at least {positions} samples, one per position, got {samples}").format(
            positions=POSITIONS, samples="{value!r}"
        ),
    )
    check_seed(seed)


def _rng(seed: int | str | random.Random | None) -> random.Random:
    # random.Random(seed) as ever for a number or text (stored results depend on it).
    return seed if isinstance(seed, random.Random) else random.Random(seed)


def trick_counts(
    hand: Iterable[Card | str] | str,
    samples: int = 10_000,
    seed: int | str | None = 0,
    variant: callbreak.Variant = callbreak.STANDARD,
    call: int = ALWAYS_WANT,
) -> list[int]:
    """How often ``hand`` took 0, 1, …, 13 tricks over ``samples`` random deals of the rest.

    Seeded: the same arguments give the same 14 counts. The samples are split
    evenly over the four positions at the table (who leads the first trick). ``call`` is the
    call the hand plays to (1 to 13, whatever the variant's range: 13 plays for every trick).
    """
    _check_samples(samples, seed, variant)
    check_count(call, "call", 1, ALWAYS_WANT)
    if _redeals(variant) and variant.redeals(hand_mask(hand)):
        raise CardlibError(
            _(
                "this hand is thrown in ({rule}) under the variant: it is never played, so it "
                "has no estimate"
            ).format(rule=variant.redeals(hand_mask(hand))),
            variant.redeals(hand_mask(hand)),
        )
    mask = hand_mask(hand)
    rng = _rng(seed)
    rules = callbreak.play_rules(variant)
    counts = [0] * 14
    for position in range(POSITIONS):
        share = samples // POSITIONS + (position < samples % POSITIONS)
        # Seat 0 holds the hand; ``leader`` is the seat on the dealer's left.
        part = sample_tricks(
            mask,
            share,
            seed=rng.getrandbits(64),
            rules=rules,
            seat=0,
            leader=position,
            call=call,
            min_call=variant.min_call,
            max_call=variant.max_call,
            direction=variant.direction,
            thrown_in=variant.redeals if _redeals(variant) else None,
        )
        counts = [a + b for a, b in zip(counts, part, strict=True)]
    return counts


def _redeals(variant: callbreak.Variant) -> bool:
    return variant.redeal_no_spade or variant.redeal_no_face_card


def mean_tricks(counts: list[int]) -> Fraction:
    """The average number of tricks, exactly, from how often 0 to 13 tricks were taken (as
    :func:`trick_counts` gives them: 14 whole numbers 0 or more, one sample at least)."""
    checked = check_trick_counts(counts, "counts", 13)
    return Fraction(sum(t * n for t, n in enumerate(checked)), sum(checked))


def best_calls(expected: Mapping[int, Fraction]) -> list[int]:
    """Every call with the highest expected score (usually one); ``expected`` maps calls (whole
    numbers) to expected scores (exact numbers), one call at least."""
    if (
        not isinstance(expected, Mapping)
        or not expected
        or not all(is_count(call) for call in expected)
        or not all(isinstance(v, (int, Fraction, Decimal)) for v in expected.values())
        or any(isinstance(v, bool) for v in expected.values())
    ):
        error = CardlibError if isinstance(expected, Mapping) else CardlibTypeError
        raise error(
            _("expected maps each call (a whole number) to its expected score (an exact "
              "number), one call at least, got {value!r}").format(value=expected),
            "samples",
        )  # fmt: skip
    top = max(expected.values())
    return [call for call, value in expected.items() if value == top]


def expected_scores_as_called(
    hand: Iterable[Card | str] | str,
    samples: int = 2_000,
    seed: int | str | None = 0,
    variant: callbreak.Variant = callbreak.STANDARD,
    calls: Iterable[int] | None = None,
) -> dict[int, Fraction]:
    """Expected score of each call, from a separate simulation per call, played as called.

    The one-simulation shortcut (:func:`trick_counts` with ``expected_scores``)
    is exact about *making* a call but counts the overtricks of a hand that
    never stops winning. Under old Call Bridge scoring two overtricks lose the
    whole call, so there each call must be played out as called: the hand ducks
    once its call is made. Every call uses the same seed, hence the same deals.
    """
    _check_samples(samples, seed, variant)
    if calls is None:
        calls = range(variant.min_call, variant.max_call + 1)
    else:
        if isinstance(calls, (str, bytes)) or not isinstance(calls, Iterable):
            raise CardlibTypeError(
                _("calls must be a list of calls, got {value!r}").format(value=calls), "calls"
            )
        calls = [callbreak.check_call(call, variant) for call in calls]
        if not calls:
            raise CardlibError(_("calls must list one call at least, got none"), "calls")
    expected = {}
    for call in calls:
        counts = trick_counts(hand, samples, seed, variant, call=call)
        total = sum(n * callbreak.score(call, t, variant) for t, n in enumerate(counts))
        expected[call] = Fraction(total) / samples
    return expected


def made_counts_agree(
    hand: Iterable[Card | str] | str, call: int, samples: int = 2_000, seed: int | str | None = 0
) -> bool:
    """Playing call ``call`` and playing for every trick make ``call`` on exactly the same deals."""
    callbreak.check_call(call)
    as_called = trick_counts(hand, samples, seed, call=call)
    greedy = trick_counts(hand, samples, seed, call=ALWAYS_WANT)
    return sum(as_called[call:]) == sum(greedy[call:])
