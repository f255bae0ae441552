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
from functools import partial

from cardlib import callbreak, callbridge
from cardlib.cards import Card, parse_card, parse_cards
from cardlib.errors import CardlibError, CardlibTypeError, PositionError, check_count
from cardlib.exercises import words
from cardlib.exercises.checks import result_kind
from cardlib.exercises.feedback import (
    AnswerError,
    Examples,
    Feedback,
    checked,
    correct,
    example_of,
    not_yet,
    read_points,
    read_seat,
    read_whole_number,
    unanswered,
)
from cardlib.game import SEAT_NAMES
from cardlib.i18n import N_, _, pgettext
from cardlib.match import tied_on_top

#: The answers to "which game allows it?", as the code names them (English); a learner may
#: write each in any language (:func:`_game_answer`).
GAME_ANSWERS = ("Call Break", "Call Bridge", "both", "neither")


def _answer_word(choice: str) -> str:
    """One of :data:`GAME_ANSWERS` in the learner's language."""
    if choice == "both":
        return pgettext("which game allows it", "both")
    if choice == "neither":
        return pgettext("which game allows it", "neither")
    return _(choice)  # the game's name: "Call Break", "कॉल ब्रेक"


def _choice_words(choice: str) -> tuple[str, str]:
    return choice, _answer_word(choice)


def _game_answer(text: str) -> str | None:
    """The choice ``text`` names, in any language and case, or ``None``."""
    typed = words.normal(text)
    for choice in GAME_ANSWERS:
        if typed in words.phrases(partial(_choice_words, choice)):
            return choice
    return None


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
            _("replace None with one of {choices}.").format(
                choices=", ".join(f'"{_answer_word(c)}"' for c in GAME_ANSWERS)
            )
        )
    chosen = _game_answer(answer) if isinstance(answer, str) else None
    if chosen is None:
        return not_yet(
            _("answer one of {choices}, not {answer}.").format(
                choices=", ".join(repr(_answer_word(c)) for c in GAME_ANSWERS),
                answer=repr(answer),
            )
        )
    allowed = {
        name
        for name, e in (("Call Break", in_break), ("Call Bridge", in_bridge))
        if card in e.legal
    }
    truth = {0: "neither", 2: "both"}.get(len(allowed)) or allowed.pop()
    why = tuple(
        f"{_(name)}: {explanation.text}"
        for name, explanation in (("Call Break", in_break), ("Call Bridge", in_bridge))
    )
    if chosen == truth:
        if truth == "both":
            headline = _("both allows {card} here.")
        elif truth == "neither":
            headline = _("no game allows {card} here.")
        else:
            headline = _("{game} allows {card} here.")
        return correct(headline.format(game=_(truth), card=card), *why)
    return not_yet(_("not {answer}.").format(answer=_answer_word(chosen)), *why)


def _score_why(bid: int, tricks: int) -> str:
    points = _points(callbridge.score(bid, tricks))
    if callbridge.is_bonus_bid(bid):
        message = _(
            "Bid {bid} is a bonus bid: {bid} or {more} tricks make it and score 13; "
            "{tricks} tricks, so {points}."
        )
    elif tricks >= bid:
        message = _(
            "Bid {bid}, {tricks} tricks: made, and Call Bridge pays nothing for "
            "overtricks, so {points}."
        )
    else:
        message = _("Bid {bid}, {tricks} tricks: missed, which costs the whole bid, so {points}.")
    return message.format(bid=bid, more=bid + 1, tricks=tricks, points=points)


@checked
def check_bridge_score(answer: object, bid: int, tricks: int) -> Feedback:
    """The points of one Call Bridge deal for a ``bid`` and the ``tricks`` taken (exact)."""
    expected = Fraction(callbridge.score(bid, tricks))
    why = _score_why(bid, tricks)
    points = read_points(answer, example=("13", "-8", "4"))
    if points == expected:
        return correct(_("{points} points.").format(points=_points(expected)), why)
    return not_yet(
        _("not {answer}.").format(answer=_points(points)),
        why,
        kind=result_kind(points, expected, "bid"),
    )


def _items(answer, what: str, example: Examples) -> list:
    """The items of a list answer: a list or set, one item, or text like ``"10 11"``
    (``what``: an English phrase marked with :func:`~cardlib.i18n.N_`)."""
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
    what = N_("whole numbers of tricks")
    numbers = {read_whole_number(item, what, examples) for item in _items(answer, what, examples)}
    expected = {t for t in range(14) if callbridge.score(bid, t) > 0}
    why = (
        _("Bid {bid} is a bonus bid: exactly {bid} or {more} tricks, never more.")
        if callbridge.is_bonus_bid(bid)
        else _("Bid {bid} is made with {bid} tricks or more; overtricks do no harm.")
    ).format(bid=bid, more=bid + 1)
    listing = ", ".join(map(str, sorted(expected)))
    if numbers == expected:
        return correct(f"{listing}.", why)
    lines = []
    if expected - numbers:
        lines.append(
            _("Missing: {numbers}").format(numbers=", ".join(map(str, sorted(expected - numbers))))
        )
    if numbers - expected:
        lines.append(
            _("These fail the bid: {numbers}").format(
                numbers=", ".join(map(str, sorted(numbers - expected)))
            )
        )
    right = len(numbers & expected)
    credit = Fraction(right, len(numbers | expected))
    kinds = []
    if numbers - expected:
        kinds.append(_("some of these numbers of tricks fail the bid"))
    if expected - numbers:
        kinds.append(_("you left out a number of tricks that makes the bid"))
    return not_yet(
        _("not quite these numbers of tricks."),
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
    return [
        read_seat(item, 4, examples) for item in _items(answer, N_("a list of seats"), examples)
    ]


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
        examples = ("[0, 1]", "[3]", "[]")
        raise AnswerError(
            unanswered(
                _("replace None with a list of seats, for example {example}.").format(
                    example=example_of(examples)
                )
            ),
            examples,
        )
    seats = set(_read_seats(answer))
    totals = [Fraction(t) for t in totals]
    reached = [s for s, t in enumerate(totals) if t >= target]
    expected = set(tied_on_top(totals)) if reached else set()
    if not reached:
        why = _("Nobody has reached {target} yet, so the match goes on: nobody wins yet.").format(
            target=target
        )
    else:
        names = ", ".join(f"{_(SEAT_NAMES[s])} {_points(totals[s])}" for s in reached)
        why = _(
            "Reached {target}: {names}. The highest total wins; players tied on it share."
        ).format(target=target, names=names)
    if seats == expected:
        listing = ", ".join(_(SEAT_NAMES[s]) for s in sorted(expected)) or _("nobody yet")
        return correct(f"{listing}.", why)
    return not_yet(_("not these seats."), why)
