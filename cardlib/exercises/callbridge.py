"""Checks for Call Bridge exercises: which game allows a card, bonus-bid scoring, the end.

Legal plays need no check of their own: ``check_legal_plays(answer, hand, trick,
rules=callbridge.RULES)`` judges them under Call Bridge's rules. The checks here cover what
differs beyond the ladder, and like every check they work the truth out with the engine and
never raise for a student's answer.

>>> check_bridge_score(13, bid=10, tricks=11)
✓ Correct: 13 points.
Bid 10 is a bonus bid: 10 or 11 tricks make it and score 13; 11 tricks, so 13.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from fractions import Fraction

from cardlib import callbreak, callbridge
from cardlib.cards import Card, parse_card, parse_cards
from cardlib.errors import CardlibError, CardlibTypeError, PositionError, check_count
from cardlib.exercises.checks import result_kind
from cardlib.exercises.feedback import (
    AnswerError,
    Examples,
    Feedback,
    checked,
    correct,
    not_yet,
    read_points,
    read_seat,
    read_whole_number,
    unanswered,
)
from cardlib.game import SEAT_NAMES
from cardlib.i18n import _
from cardlib.match import tied_on_top

GAME_ANSWERS = ("Call Break", "Call Bridge", "both", "neither")


def _points(value) -> str:
    """Whole points as Call Bridge shows them; anything else exactly."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else str(value)


def _given(cards) -> list[Card]:
    return parse_cards(cards) if isinstance(cards, str) else [Card(c) for c in cards]


@checked
def check_which_game(
    answer: object, card: Card | str, hand: str | Iterable[Card | str], trick: str | Sequence = ()
) -> Feedback:
    """Which game lets you play ``card`` here: "Call Break", "Call Bridge", "both" or "neither"."""
    card, hand, trick = parse_card(str(card)), _given(hand), _given(trick)
    in_break = callbreak.explain_play(hand, trick)
    in_bridge = callbridge.explain_play(hand, trick)
    if card not in hand:
        raise PositionError(
            _("card {card} is not in the hand ({cards})").format(
                card=card, cards=" ".join(map(str, hand))
            )
        )
    if answer is None or answer is ...:
        return unanswered(
            'replace None with one of "Call Break", "Call Bridge", "both", "neither".'
        )
    choices = {choice.lower(): choice for choice in GAME_ANSWERS}
    if not isinstance(answer, str) or " ".join(answer.split()).lower() not in choices:
        return not_yet(f"answer one of {', '.join(map(repr, GAME_ANSWERS))}, not {answer!r}.")
    chosen = choices[" ".join(answer.split()).lower()]
    allowed = {
        name
        for name, e in (("Call Break", in_break), ("Call Bridge", in_bridge))
        if card in e.legal
    }
    truth = {0: "neither", 2: "both"}.get(len(allowed)) or allowed.pop()
    why = (f"Call Break: {in_break.text}", f"Call Bridge: {in_bridge.text}")
    if chosen == truth:
        return correct(
            f"{truth} allows {card} here."
            if truth != "neither"
            else f"no game allows {card} here.",
            *why,
        )
    return not_yet(f"not {chosen}.", *why)


def _score_why(bid: int, tricks: int) -> str:
    points = _points(callbridge.score(bid, tricks))
    if callbridge.is_bonus_bid(bid):
        return (
            f"Bid {bid} is a bonus bid: {bid} or {bid + 1} tricks make it and score 13; "
            f"{tricks} tricks, so {points}."
        )
    if tricks >= bid:
        return (
            f"Bid {bid}, {tricks} tricks: made, and Call Bridge pays nothing for "
            f"overtricks, so {points}."
        )
    return f"Bid {bid}, {tricks} tricks: missed, which costs the whole bid, so {points}."


@checked
def check_bridge_score(answer: object, bid: int, tricks: int) -> Feedback:
    """The points of one Call Bridge deal for a ``bid`` and the ``tricks`` taken (exact)."""
    expected = Fraction(callbridge.score(bid, tricks))
    why = _score_why(bid, tricks)
    points = read_points(answer, example=("13", "-8", "4"))
    if points == expected:
        return correct(f"{_points(expected)} points.", why)
    return not_yet(f"not {_points(points)}.", why, kind=result_kind(points, expected, "bid"))


def _items(answer, what: str, example: Examples) -> list:
    """The items of a list answer: a list or set, one item, or text like ``"10 11"``."""
    if answer is None or answer is ...:
        read_whole_number(None, what, example)  # raises "not answered yet"
    if isinstance(answer, bytes):
        return [answer]
    if isinstance(answer, str):
        return answer.replace(",", " ").split()
    if isinstance(answer, Iterable):
        return list(answer)
    return [answer]


@checked
def check_winning_tricks(answer: object, bid: int) -> Feedback:
    """Every number of tricks (0..13) with which a Call Bridge ``bid`` scores its points."""
    callbridge.check_bid(bid)
    examples = ("[5, 6, 7]", "[8, 9]")
    numbers = {
        read_whole_number(item, "whole numbers of tricks", examples)
        for item in _items(answer, "whole numbers of tricks", examples)
    }
    expected = {t for t in range(14) if callbridge.score(bid, t) > 0}
    why = (
        f"Bid {bid} is a bonus bid: exactly {bid} or {bid + 1} tricks, never more."
        if callbridge.is_bonus_bid(bid)
        else f"Bid {bid} is made with {bid} tricks or more; overtricks do no harm."
    )
    listing = ", ".join(map(str, sorted(expected)))
    if numbers == expected:
        return correct(f"{listing}.", why)
    lines = []
    if expected - numbers:
        lines.append(f"Missing: {', '.join(map(str, sorted(expected - numbers)))}")
    if numbers - expected:
        lines.append(f"These fail the bid: {', '.join(map(str, sorted(numbers - expected)))}")
    right = len(numbers & expected)
    credit = Fraction(right, len(numbers | expected))
    kinds = []
    if numbers - expected:
        kinds.append("some of these numbers of tricks fail the bid")
    if expected - numbers:
        kinds.append("you left out a number of tricks that makes the bid")
    return not_yet(
        "not quite these numbers of tricks.",
        *lines,
        why,
        credit=credit,
        kind="; ".join(kinds) + ".",
    )


def _read_seats(answer) -> list[int]:
    """Seats as numbers 0..3 or names ("North"), in a list, alone or as text."""
    examples = ("[0, 1]", "[3]", "[]")
    if isinstance(answer, str) and not answer.replace(",", " ").split():
        return []
    return [read_seat(item, 4, examples) for item in _items(answer, "a list of seats", examples)]


def _totals_given(totals: object) -> None:
    """Four running totals, one per seat: exact numbers (whole, Decimal or Fraction)."""
    if isinstance(totals, str | bytes) or not isinstance(totals, Sequence):
        raise CardlibTypeError(
            _("totals must be a list of four numbers, one per seat, got {totals!r}").format(
                totals=totals
            )
        )
    if len(totals) != 4:
        raise CardlibError(
            _("totals must hold four numbers, one per seat, got {count}").format(count=len(totals)),
            "givens",
        )
    for total in totals:
        exact = isinstance(total, int | Fraction | Decimal) and not isinstance(total, bool)
        if not exact or (isinstance(total, Decimal) and not total.is_finite()):
            raise CardlibTypeError(
                _("a total is an exact number (whole, Decimal or Fraction), got {total!r}").format(
                    total=total
                )
            )


@checked
def check_match_winners(answer: object, totals: Sequence, target: int) -> Feedback:
    """The seats that win a Call Bridge match after a deal ending on ``totals``; ``[]`` if it
    goes on."""
    _totals_given(totals)
    check_count(target, "target", 1)
    if answer is None or answer is ...:
        raise AnswerError(
            unanswered("replace None with a list of seats, for example {example}."),
            ("[0, 1]", "[3]", "[]"),
        )
    seats = set(_read_seats(answer))
    totals = [Fraction(t) for t in totals]
    reached = [s for s, t in enumerate(totals) if t >= target]
    expected = set(tied_on_top(totals)) if reached else set()
    if not reached:
        why = f"Nobody has reached {target} yet, so the match goes on: nobody wins yet."
    else:
        names = ", ".join(f"{SEAT_NAMES[s]} {_points(totals[s])}" for s in reached)
        why = f"Reached {target}: {names}. The highest total wins; players tied on it share."
    if seats == expected:
        listing = ", ".join(SEAT_NAMES[s] for s in sorted(expected)) or "nobody yet"
        return correct(f"{listing}.", why)
    return not_yet("not these seats.", why)
