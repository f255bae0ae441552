"""The answer to a check: :class:`Feedback`, and the readers that turn a student's answer
into cards, numbers or points without ever raising at the student.

A check never shows a traceback for a student's mistake. A wrong type (a number where cards were
expected, ``None``, a card that cannot be read) becomes a :class:`Feedback` that says what to write
instead. Only the check's own arguments (the question, written by the teacher) may raise.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from html import escape

from cardlib.cards import Card, cards_text, parse_cards, sort_for_display
from cardlib.errors import CardParseError

CORRECT, NOT_YET, NOT_ANSWERED = "correct", "not yet", "not answered yet"
_MARKS = {CORRECT: "✓", NOT_YET: "✗", NOT_ANSWERED: "✗"}


@dataclass(frozen=True)
class Feedback:
    """What a check says about one answer: correct or not, why, and the credit earned.

    ``status`` is ``"correct"``, ``"not yet"`` or ``"not answered yet"``; ``headline`` one
    sentence; ``lines`` the reasons, in the game's terms; ``credit`` a ``Fraction`` from 0 to 1
    (partial credit for a set of cards that is partly right). ``bool(feedback)`` is whether the
    answer is correct, so a hidden test can say ``assert check_…(answer, …)``.
    The text is deterministic (nbval compares it); in Jupyter it shows as HTML.
    """

    status: str
    headline: str
    lines: tuple[str, ...] = ()
    credit: Fraction = Fraction(0)

    @property
    def correct(self) -> bool:
        return self.status == CORRECT

    def __bool__(self) -> bool:
        return self.correct

    def _title(self) -> str:
        partial = f" (credit {self.credit})" if self.status == NOT_YET and self.credit else ""
        return f"{_MARKS[self.status]} {self.status.capitalize()}{partial}: {self.headline}"

    def __str__(self) -> str:
        return "\n".join((self._title(), *self.lines))

    __repr__ = __str__

    def _repr_html_(self) -> str:
        colour = "#009E73" if self.correct else "#D55E00"  # Okabe–Ito green / vermilion
        items = "".join(f"<li>{escape(line)}</li>" for line in self.lines)
        listing = f'<ul style="margin:0.2em 0">{items}</ul>' if items else ""
        return (
            f'<div class="cardlib-feedback cardlib-feedback-{self.status.replace(" ", "-")}" '
            f'role="status" style="border-left:4px solid {colour};padding:0.2em 0.6em">'
            f"<b>{escape(self._title())}</b>{listing}</div>"
        )


def correct(headline: str, *lines: str) -> Feedback:
    return Feedback(CORRECT, headline, tuple(lines), Fraction(1))


def not_yet(headline: str, *lines: str, credit: Fraction = Fraction(0)) -> Feedback:
    return Feedback(NOT_YET, headline, tuple(lines), credit)


class AnswerError(Exception):
    """An answer that cannot be read; carries the :class:`Feedback` to show instead."""

    def __init__(self, feedback: Feedback):
        super().__init__(str(feedback))
        self.feedback = feedback


def _unanswered(example: str) -> AnswerError:
    return AnswerError(
        Feedback(NOT_ANSWERED, f"replace None with your answer, for example {example}.")
    )


def _wrong(what: str, answer, example: str) -> AnswerError:
    return AnswerError(not_yet(f"expected {what}, for example {example}, but got {answer!r}."))


def read_cards(answer, example: str = '"KH AH"') -> list[Card]:
    """The cards of an answer: text like ``"KH 10S"``, a list/set of texts or cards, or one card."""
    if answer is None or answer is ...:
        raise _unanswered(example)
    if isinstance(answer, Card):
        return [answer]
    if isinstance(answer, bytes) or not isinstance(answer, str | Iterable):
        raise _wrong("cards as text or a list", answer, example)
    try:
        return parse_cards(answer)
    except CardParseError as error:
        raise AnswerError(not_yet(f"{error}.")) from None


def read_card(answer, example: str = '"QH"') -> Card:
    """Exactly one card: ``"QH"``, ``Card('QH')`` or a list holding one card."""
    cards = read_cards(answer, example)
    if len(cards) != 1:
        raise AnswerError(
            not_yet(f"expected one card, for example {example}, but got {len(cards)} cards.")
        )
    return cards[0]


def read_whole_number(answer, what: str = "a whole number", example: str = "3") -> int:
    """An int; also ``3.0`` or ``"3"``, but not ``True`` or ``3.5``."""
    if answer is None or answer is ...:
        raise _unanswered(example)
    if isinstance(answer, bool):
        raise _wrong(what, answer, example)
    if isinstance(answer, int):
        return int(answer)
    if isinstance(answer, float | Fraction | Decimal):
        try:
            if answer == int(answer):
                return int(answer)
        except (OverflowError, ValueError, InvalidOperation):  # inf, nan
            pass
    if isinstance(answer, str) and re.fullmatch(r"[+-]?[0-9]+", answer.strip()):
        return int(answer.strip())
    raise _wrong(what, answer, example)


def read_points(answer, example: str = "Decimal('4.2')") -> Fraction:
    """An exact number of points: int, ``Decimal``, ``Fraction`` or text like ``'4.2'``/``'23/10'``.

    A binary float is refused with the reason: ``4.2`` as a float is not exactly 4.2, and scores
    in this project are exact.
    """
    if answer is None or answer is ...:
        raise _unanswered(example)
    if isinstance(answer, bool):
        raise _wrong("a number of points", answer, example)
    if isinstance(answer, float):
        raise AnswerError(
            not_yet(
                f"{answer!r} is a binary float, which cannot hold most tenths exactly; "
                f"write the points exactly, e.g. {example}, Fraction(21, 5) or the text '4.2'."
            )
        )
    if isinstance(answer, int | Fraction):
        return Fraction(answer)
    if isinstance(answer, Decimal):
        if answer.is_finite() and abs(answer.adjusted()) < 100:
            return Fraction(answer)
        raise _wrong("a finite number of points", answer, example)
    if isinstance(answer, str):
        text = answer.strip().replace("−", "-")
        # Plain decimals and fractions only: '1e999999999' would take for ever to make exact.
        if re.fullmatch(
            r"[+-]?[0-9]{1,30}(\.[0-9]{1,30})?|[+-]?[0-9]{1,30}/0*[1-9][0-9]{0,29}", text
        ):
            return Fraction(text)
    raise _wrong("a number of points", answer, example)


def fraction_text(value: Fraction) -> str:
    """A number for a sentence: exact decimals if they end (``'2.45'``), else ``'23/7'``.

    At least one decimal place, as scores are shown: ``'-3.0'``.
    """
    value = Fraction(value)
    denominator = value.denominator
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    if denominator != 1:
        return str(value)
    text = str(Decimal(value.numerator) / Decimal(value.denominator))
    return text if "." in text else text + ".0"


def _listing(cards: Iterable[Card]) -> str:
    return cards_text(sort_for_display(cards))


def compare_card_sets(
    answer_cards: Iterable[Card],
    expected: Iterable[Card],
    why: str,
    subject: str = "the cards you may play",
    hand: Iterable[Card] | None = None,
) -> Feedback:
    """Partial credit with reasons for a set-of-cards answer.

    Says which cards were right, which are missing, which are not allowed (and which are not in
    the hand at all); ``why`` is the rule sentence; the credit is right / (right + missing + wrong).
    """
    given, wanted = set(answer_cards), set(expected)
    right, missing, extra = given & wanted, wanted - given, given - wanted
    if not missing and not extra:
        return correct(f"{subject}: {_listing(wanted)}.", f"Why: {why}")
    lines = []
    if right:
        lines.append(f"Right: {_listing(right)}")
    if missing:
        lines.append(f"Missing: {_listing(missing)} — allowed too")
    held = set(hand) if hand is not None else None
    wrong = extra if held is None else extra & held
    if wrong:
        lines.append(f"Not allowed: {_listing(wrong)}")
    if held is not None and extra - held:
        lines.append(f"Not in your hand: {_listing(extra - held)}")
    lines.append(f"Why: {why}")
    if not given:
        return not_yet(f"you chose no card, but {subject} are never none.", *lines)
    credit = Fraction(len(right), len(right | missing | extra))
    return not_yet(f"{subject} are not quite these.", *lines, credit=credit)


def checked(function):
    """Decorate a check so that an unreadable answer returns its Feedback instead of raising."""
    from functools import wraps

    @wraps(function)
    def check(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except AnswerError as error:
            return error.feedback

    return check
