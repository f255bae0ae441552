"""The answer to a check: :class:`Feedback`, and the readers that turn a student's answer
into cards, numbers or points without ever raising at the student.

A check never shows a traceback for a student's mistake. A wrong type (a number where cards were
expected, ``None``, a card that cannot be read) becomes a :class:`Feedback` that says what to write
instead. Only the check's own arguments (the question, written by the teacher) may raise.

**Modes.** An exercise notebook's locked first cell calls :func:`exercise_mode` with
``"practice"`` (every explanation: the rule sentence, which cards are missing, partial progress),
``"homework"`` (✓ or ✗ and the kind of mistake in the game's terms: never the answer, the missing
cards or the full legal set; ``"graded"`` is its older name) or ``"exam"`` (only what was
recorded: "answer recorded: K♥ 3♥", or why the answer cannot be read; no verdict at all). The
verdict is the same in every mode; only the words differ. The mode is fixed once set: a later
call with another mode changes nothing.

**Grading.** A check in an exercise notebook reports the answer as data (an output of the MIME
type :data:`cardlib.exercises.answers.MIME`), and judges that same data for the ✓/✗ it shows.
The grade is worked out again from the reported data, outside the student's kernel, by
:mod:`cardlib.exercises.grading` (an nbgrader preprocessor): nothing a student runs in the
notebook can change it. A right answer shows as a rich output; anything else as its sentence on
stderr, so ``nbgrader validate`` prints it. Each question is worth its point only when fully
right; partial progress is shown in practice mode ("partly right: 1/2") but never graded.

**Examples never give an answer away.** A reader that cannot read an answer names one example of
the expected form, the same for every question (the first of the reader's examples), chosen so
that it is the answer to no question of the exercises (a test checks it).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from html import escape
from typing import ParamSpec

from cardlib.cards import Card, cards_text, parse_cards, sort_for_display
from cardlib.errors import CardParseError
from cardlib.exercises import answers, words
from cardlib.game import SEAT_NAMES
from cardlib.i18n import N_, _, ngettext, pgettext
from cardlib.seats import seat_label

CORRECT, NOT_YET, NOT_ANSWERED = "correct", "not yet", "not answered yet"
#: The exam's receipt: the answer was read and recorded; no verdict.
RECORDED = "recorded"
_MARKS = {CORRECT: "✓", NOT_YET: "✗", NOT_ANSWERED: "✗", RECORDED: "•"}

PRACTICE, HOMEWORK, EXAM = "practice", "homework", "exam"
MODES = (PRACTICE, HOMEWORK, EXAM)
#: The graded modes (a point per question); "graded" is homework's older name.
GRADED_MODES = (HOMEWORK, EXAM)
GRADED = HOMEWORK
MODE_NAMES = {"graded": HOMEWORK, **{mode: mode for mode in MODES}}
_mode: str | None = None  # None outside exercise notebooks: plain values, every explanation
#: The parameters of a check (:func:`checked`): the answer, then the question's own.
P = ParamSpec("P")


def mode_named(mode: str) -> str:
    """The mode a name stands for (``"graded"`` is homework); ``ValueError`` for any other."""
    if mode not in MODE_NAMES:
        raise ValueError(f"mode must be one of {', '.join(MODE_NAMES)}, got {mode!r}")
    return MODE_NAMES[mode]


class ModeNote(str):
    """What :func:`exercise_mode` returns: a sentence that shows without quotes."""

    def __repr__(self) -> str:
        return str(self)


def exercise_mode(mode: str | None = None) -> ModeNote:
    """Set (or, with no argument, read) how checks speak: ``"practice"``, ``"homework"``
    (``"graded"``) or ``"exam"``.

    Called once in the locked first cell of an exercise notebook (the release writes it). The
    mode is fixed from then on: another mode later changes nothing (the grade never depended on
    it: the grading process reads the mode of the release).
    """
    global _mode
    if mode is not None:
        wanted = mode_named(mode)
        if _replay is not None:  # the grading process reads the release's mode cell
            _replay.mode = wanted
            return ModeNote(wanted)
        if _mode is not None and wanted != _mode:
            return ModeNote(
                _("The mode stays {mode}: it was fixed when this notebook was released.").format(
                    mode=_mode_word(_mode)
                )
            )
        _mode = wanted
    if _mode == HOMEWORK:
        return ModeNote(
            _("Homework mode: each check says ✓ or ✗ and what kind of mistake, never the answer.")
        )
    if _mode == EXAM:
        return ModeNote(
            _(
                "Exam mode: each check shows the answer it recorded, never whether it is right; "
                "the verdict comes with your feedback after grading."
            )
        )
    if _mode == PRACTICE:
        return ModeNote(_("Practice mode: each check says ✓ or ✗ and explains why."))
    return ModeNote(_("No exercise mode set: checks return plain feedback values."))


def _mode_word(mode: str) -> str:
    """A mode's name in the learner's language (the code's word is the English one)."""
    return {
        PRACTICE: pgettext("exercise mode", "practice"),
        HOMEWORK: pgettext("exercise mode", "homework"),
        EXAM: pgettext("exercise mode", "exam"),
    }[mode]


def current_mode() -> str | None:
    """The mode set in this kernel (``None`` outside exercise notebooks)."""
    return _mode


def note_solved(feedback: Feedback, kind: str, level: str, puzzle: str) -> Feedback:
    """A puzzle set's check cell: ``feedback`` (a check's) shown as it is, and, in practice mode
    only, a right answer noted in the learner's progress record as puzzle ``puzzle`` of
    ``kind`` (``"legal"``/``"best"``) and ``level`` solved (:func:`cardlib.progress.record_puzzle`:
    the same puzzle solved twice counts once).

    Graded (homework or exam), outside an exercise notebook and in the grading process nothing
    is written and nothing is kept, right answer or not: the record must not tell what the
    check does not. A wrong answer is never written either (it may be tried again).
    """
    if _replay is None and _mode == PRACTICE and feedback.practice and feedback.correct:
        from cardlib import progress

        progress.record_puzzle(kind, level, puzzle, True)
    return feedback


@dataclass(frozen=True)
class Feedback:
    """What a check says about one answer: correct or not, why, and the credit earned.

    ``status`` is ``"correct"``, ``"not yet"`` or ``"not answered yet"``; ``headline`` one
    sentence; ``lines`` the reasons, in the game's terms; ``credit`` a ``Fraction`` from 0 to 1
    (how much of a set of cards is right: shown in practice mode, never graded); ``kind`` the
    graded-mode headline. ``bool(feedback)`` is whether the answer is correct. The text is
    deterministic (nbval compares it); in Jupyter it shows as HTML, and in an exercise notebook
    as nbgrader grades it (:meth:`grading_outputs`).
    """

    status: str
    headline: str
    lines: tuple[str, ...] = ()
    credit: Fraction = Fraction(0)
    #: The graded-mode headline: the kind of mistake, in the game's terms, never the answer.
    kind: str = ""
    #: Whether it came from a check in an exercise notebook (then it displays as nbgrader grades).
    in_exercise: bool = False
    #: What the check cell reports for grading: JSON text of :func:`answers.report`.
    report: str = field(default="", compare=False)
    #: Whether the answer could be read (the exam says "recorded" only then).
    readable: bool = field(default=True, compare=False)
    #: The rule id (``cardlib.RULE_IDS``) the question turns on, if any: for the class report.
    rule: str = field(default="", compare=False)
    #: Shown in practice (not graded): every verdict in one output, the report with it.
    practice: bool = field(default=False, compare=False)

    @property
    def correct(self) -> bool:
        """Whether the answer was right."""
        return self.status == CORRECT

    def __bool__(self) -> bool:
        return self.correct

    def _title(self) -> str:
        if self.status == RECORDED:
            return f"{_MARKS[RECORDED]} {self.headline}"
        status = {
            CORRECT: pgettext("verdict", "Correct"),
            NOT_YET: pgettext("verdict", "Not yet"),
            NOT_ANSWERED: pgettext("verdict", "Not answered yet"),
        }[self.status]
        if self.status == NOT_YET and self.credit:
            status += " " + _("(partly right: {credit})").format(credit=self.credit)
        return f"{_MARKS[self.status]} {status}: {self.headline}"

    def graded(self) -> Feedback:
        """The graded-mode view: ✓, or ✗ with the kind of mistake; no reasons, no progress."""
        if self.status != NOT_YET:
            return self
        return Feedback(
            NOT_YET,
            self.kind or _("that is not the answer yet."),
            (),
            Fraction(0),
            report=self.report,
            readable=self.readable,
            rule=self.rule,
        )

    def recorded(self) -> Feedback:
        """The exam view: only what was recorded, or why the answer cannot be read; no verdict."""
        if not self.readable:
            return self.graded()
        value = answers.decode(json.loads(self.report)["answer"]) if self.report else None
        headline = _("Answer recorded: {answer}").format(answer=answers.recorded_text(value))
        return Feedback(RECORDED, headline, (), Fraction(0), report=self.report)

    def view(self, mode: str | None) -> Feedback:
        """What a student in ``mode`` is shown of this feedback."""
        if mode == HOMEWORK:
            return self.graded()
        if mode == EXAM:
            return self.recorded()
        return self

    def __getattr__(self, name: str):
        # IPython asks for _ipython_display_; only a check in an exercise notebook has one.
        if name == "_ipython_display_" and self.in_exercise:
            return self._display_for_grading
        raise AttributeError(name)

    def grading_outputs(self) -> list[dict]:
        """The cell outputs this feedback makes in an exercise notebook (nbformat dicts).

        The reported answer (:data:`answers.MIME`) rides on a display output; a right answer
        (or the exam's receipt, or any practice verdict: one output, as the classroom site shows
        it) shows in that same output, anything else as its sentence on stderr, so ``nbgrader
        validate`` prints it. The grade itself is worked out again from the
        report by :mod:`cardlib.exercises.grading`.
        """
        payload = {answers.MIME: json.loads(self.report)} if self.report else {}
        if self.status in (CORRECT, RECORDED) or (self.practice and payload):
            data = {"text/plain": str(self), "text/html": self._repr_html_(), **payload}
            return [{"output_type": "display_data", "data": data, "metadata": {}}]
        stderr = {"output_type": "stream", "name": "stderr", "text": str(self) + "\n"}
        if not payload:
            return [stderr]
        receipt = {"output_type": "display_data", "data": {**payload, "text/plain": ""}}
        return [{**receipt, "metadata": {}}, stderr]

    def _display_for_grading(self) -> None:
        for output in self.grading_outputs():
            if output["output_type"] == "display_data":
                from IPython.display import display

                display(output["data"], raw=True)
            else:
                sys.stderr.write(output["text"])

    def __str__(self) -> str:
        return "\n".join((self._title(), *self.lines))

    __repr__ = __str__

    def _repr_html_(self) -> str:
        # Okabe–Ito green / blue / vermilion: right, recorded, not yet.
        colour = {CORRECT: "#009E73", RECORDED: "#0072B2"}.get(self.status, "#D55E00")
        items = "".join(f"<li>{escape(line)}</li>" for line in self.lines)
        listing = f'<ul style="margin:0.2em 0">{items}</ul>' if items else ""
        return (
            f'<div class="cardlib-feedback cardlib-feedback-{self.status.replace(" ", "-")}" '
            f'role="status" style="border-left:4px solid {colour};padding:0.2em 0.6em">'
            f"<b>{escape(self._title())}</b>{listing}</div>"
        )


def correct(headline: str, *lines: str) -> Feedback:
    """Feedback for a right answer: full marks."""
    return Feedback(CORRECT, headline, tuple(lines), Fraction(1))


def not_yet(headline: str, *lines: str, credit: Fraction = Fraction(0), kind: str = "") -> Feedback:
    """A wrong answer: ``headline`` and ``lines`` explain (practice); ``kind`` names the kind of
    mistake without the answer (graded; the headline itself when it gives nothing away)."""
    return Feedback(NOT_YET, headline, tuple(lines), credit, kind or headline)


def unanswered(headline: str) -> Feedback:
    """Feedback for an answer not given yet: no marks, nothing given away."""
    return Feedback(NOT_ANSWERED, headline)


Examples = str | tuple[str, ...]


class AnswerError(Exception):
    """An answer that cannot be read; carries the :class:`Feedback` to show instead.

    The readers write the whole sentence in the learner's language, naming the first of their
    ``examples`` (Python literals) as the example of the expected form; ``examples`` stay for
    the record (:func:`example_of` is the one named).
    """

    def __init__(self, feedback: Feedback, examples: Examples = ()):
        super().__init__(str(feedback))
        self.feedback = feedback
        self.examples = (examples,) if isinstance(examples, str) else tuple(examples)


def example_of(examples: Examples) -> str | None:
    """The example a reader names: the first of ``examples`` (the same for every question, and
    the answer to none: a test checks it), or ``None`` when it has none."""
    examples = (examples,) if isinstance(examples, str) else tuple(examples)
    return examples[0] if examples else None


def _unanswered(example: Examples) -> AnswerError:
    chosen = example_of(example)
    headline = (
        _("replace None with your answer, for example {example}.").format(example=chosen)
        if chosen is not None
        else _("replace None with your answer.")
    )
    return AnswerError(unanswered(headline), example)


def _wrong(what: str, answer: object, example: Examples) -> AnswerError:
    """``answer`` is not ``what`` (an English noun phrase marked with :func:`~cardlib.i18n.N_`,
    translated here)."""
    chosen = example_of(example)
    if chosen is None:
        headline = _("expected {what}, but got {answer}.").format(what=_(what), answer=repr(answer))
    else:
        headline = _("expected {what}, for example {example}, but got {answer}.").format(
            what=_(what), example=chosen, answer=repr(answer)
        )
    return AnswerError(not_yet(headline, kind=headline), example)


def read_cards(
    answer: object, example: Examples = ('"9D 4C"',), in_words: bool = True
) -> list[Card]:
    """The cards of an answer: text like ``"KH 10S"``, a list/set of texts or cards, or one card.

    With ``in_words`` a card may also be written by its name, as a player says it, in any
    language (``"पान की बेगम"``, ``"queen of hearts"``: :mod:`cardlib.exercises.words`).
    """
    if answer is None or answer is ...:
        raise _unanswered(example)
    if isinstance(answer, Card):
        return [answer]
    if isinstance(answer, bytes) or not isinstance(answer, str | Iterable):
        raise _wrong(N_("cards as text or a list"), answer, example)
    try:
        return parse_cards(answer)
    except CardParseError:
        named = _cards_named(answer) if in_words else None
        if named is not None:
            return named
        # Our own sentence: the engine's names a fixed example card, which may be the answer.
        chosen = example_of(example)
        headline = (
            _(
                "cannot read {answer} as cards: write each card as a rank (A K Q J 10 … 2) "
                "and a suit (S H D C or ♠ ♥ ♦ ♣), for example {example}."
            )
            if chosen is not None
            else _(
                "cannot read {answer} as cards: write each card as a rank (A K Q J 10 … 2) "
                "and a suit (S H D C or ♠ ♥ ♦ ♣)."
            )
        )
        raise AnswerError(
            not_yet(headline.format(answer=repr(answer), example=chosen)), example
        ) from None


def _cards_named(answer: str | Iterable) -> list[Card] | None:
    """The cards of a text in words, or of a list whose every item is one card (a code, a
    :class:`Card` or a name in words); ``None`` if something is not a card."""
    if isinstance(answer, str):
        return words.cards_in_words(answer)
    cards = []
    for item in list(answer):
        if isinstance(item, Card):
            cards.append(item)
            continue
        named = words.cards_in_words(item) if isinstance(item, str) else None
        if named is None or len(named) != 1:
            return None
        cards += named
    return cards


def read_card(answer: object, example: Examples = ('"JD"',), in_words: bool = True) -> Card:
    """Exactly one card: ``"QH"``, ``Card('QH')``, a list holding one card, or (``in_words``)
    its name as a player says it."""
    cards = read_cards(answer, example, in_words)
    if len(cards) != 1:
        chosen = example_of(example)
        headline = (
            ngettext(
                "expected one card, for example {example}, but got {count} card.",
                "expected one card, for example {example}, but got {count} cards.",
                len(cards),
            )
            if chosen is not None
            else ngettext(
                "expected one card, but got {count} card.",
                "expected one card, but got {count} cards.",
                len(cards),
            )
        )
        raise AnswerError(not_yet(headline.format(example=chosen, count=len(cards))), example)
    return cards[0]


#: Seat 0..3 by name, as the engine names them (one truth: cardlib.game). A seat is read in
#: the learner's words too (:func:`cardlib.exercises.words.seat_of`).
SEAT_WORDS: tuple[str, ...] = tuple(SEAT_NAMES)


def read_seat(answer: object, players: int = 4, example: Examples = ()) -> int:
    """A seat: its number (``2``, ``"2"``, ``2.0``, ``"२"``) or, as text, its name or label in any
    language and case: ``"North"``, ``"n"``, ``"उत्तर"``, ``"Uttar"``, ``"North (2)"``,
    ``"seat 2"``, ``"सीट 2"``, ``"You (North, seat 2)"`` (at a table of four; at other tables
    the labels without a compass name, ``"Seat 2"``). A label whose name and number disagree
    (``"East (2)"``) is refused, saying which seat the name is. No example by default: every
    seat is the answer to some question, so an example seat could be one."""
    if isinstance(answer, str):
        seat = words.seat_of(answer, players)
        if seat is not None:
            return seat
        named = words.seats_named(answer, players)
        if named is not None:  # "East (2)": which seat is meant cannot be told
            said, number = named
            headline = _(
                "{answer} does not name one seat: {name} is seat {seat}, not {number}. Write a "
                "seat's name, its number or its label as the lessons print it, such as {label}."
            ).format(
                answer=repr(answer),
                name=_(SEAT_NAMES[said]),
                seat=said,
                number=number,
                label=seat_label(said),
            )
            raise AnswerError(not_yet(headline, kind=headline))
    what = (
        N_(
            "a seat: its name (South, West, North or East), its number 0..3 or its label "
            "as the lessons print it"
        )
        if players == 4
        else _("a seat number 0..{last}").format(last=players - 1)
    )
    seat = read_whole_number(answer, what, example)
    if not 0 <= seat < players:
        raise AnswerError(
            not_yet(
                _("seats are numbered 0 to {last}, so there is no seat {seat}.").format(
                    last=players - 1, seat=seat
                )
            )
        )
    return seat


def read_whole_number(
    answer: object, what: str = N_("a whole number"), example: Examples = ("7", "5")
) -> int:
    """An int; also ``3.0``, ``Decimal("3")``, ``Fraction(3)``, ``"3"``; not ``True``, ``3.5``.

    ``what`` names the expected answer in a refusal: an English phrase marked with
    :func:`~cardlib.i18n.N_` (translated when shown)."""
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
    if isinstance(answer, str):
        number = _exact_text(answer)
        if number is not None and number.denominator == 1:
            return int(number)
    raise _wrong(what, answer, example)


def read_points(answer: object, example: Examples = ("Decimal('2.5')",)) -> Fraction:
    """An exact number of points: int, ``Decimal``, ``Fraction`` or text like ``'4.2'``/``'23/10'``.

    A binary float is read as the tenth it was written as when its shortest form has at most
    one decimal (``4.2`` is exactly 21/5: :func:`cardlib.exercises.answers.exact_tenth`, which
    the grade reads with too); any other float is refused with the reason, since scores in this
    project are exact and ``0.1 + 0.2`` is not 0.3.
    """
    if answer is None or answer is ...:
        raise _unanswered(example)
    if isinstance(answer, bool):
        raise _wrong(N_("a number of points"), answer, example)
    if isinstance(answer, float):
        tenth = answers.exact_tenth(answer)  # 4.2 as written, -3.0, 13.0
        if tenth is not None:
            return tenth
        headline = _(
            "{answer} is a binary float with more than one decimal, which cannot be read as "
            "an exact number; write the points exactly, as a Decimal, a Fraction or text, for "
            "example {example}."
        ).format(answer=repr(answer), example=example_of(example))
        raise AnswerError(not_yet(headline, kind=headline), example)
    if isinstance(answer, int | Fraction):
        return Fraction(answer)
    if isinstance(answer, Decimal):
        if answer.is_finite() and abs(answer.adjusted()) < 100:
            return Fraction(answer)
        raise _wrong(N_("a finite number of points"), answer, example)
    if isinstance(answer, str):
        number = _exact_text(answer)
        if number is not None:
            return number
    raise _wrong(N_("a number of points"), answer, example)


def _exact_text(text: str) -> Fraction | None:
    """A number written as text, exactly: ``'4.2'``, ``' -3 '``, ``'−3.0'``, ``'23/10'``."""
    text = text.strip().replace("−", "-")
    # Plain decimals and fractions only: '1e999999999' would take for ever to make exact.
    if re.fullmatch(r"[+-]?[0-9]{1,30}(\.[0-9]{1,30})?|[+-]?[0-9]{1,30}/0*[1-9][0-9]{0,29}", text):
        return Fraction(text)
    return None


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
    subject: str | None = None,
    hand: Iterable[Card] | None = None,
) -> Feedback:
    """Partial credit with reasons for a set-of-cards answer.

    Says which cards were right, which are missing, which are not allowed (and which are not in
    the hand at all); ``why`` is the rule sentence; the credit is right / (right + missing + wrong).
    """
    if subject is None:
        subject = _("the cards you may play")
    given, wanted = set(answer_cards), set(expected)
    right, missing, extra = given & wanted, wanted - given, given - wanted
    because = _("Why: {why}").format(why=why)
    if not missing and not extra:
        return correct(
            _("{subject}: {cards}.").format(subject=subject, cards=_listing(wanted)), because
        )
    lines = []
    if right:
        lines.append(_("Right: {cards}").format(cards=_listing(right)))
    if missing:
        lines.append(_("Missing: {cards} — allowed too").format(cards=_listing(missing)))
    held = set(hand) if hand is not None else None
    wrong = extra if held is None else extra & held
    if wrong:
        lines.append(_("Not allowed: {cards}").format(cards=_listing(wrong)))
    if held is not None and extra - held:
        lines.append(_("Not in your hand: {cards}").format(cards=_listing(extra - held)))
    lines.append(because)
    if not given:
        return not_yet(
            _("you chose no card, but {subject} are never none.").format(subject=subject), *lines
        )
    credit = Fraction(len(right), len(right | missing | extra))
    return not_yet(
        _("{subject} are not quite these.").format(subject=subject),
        *lines,
        credit=credit,
        kind=_set_kind(bool(missing), bool(wrong), bool(held is not None and extra - held)),
    )


def _set_kind(missing: bool, wrong: bool, not_held: bool) -> str:
    """The kind of mistake in a set of cards, without naming a card."""
    parts = []
    if not_held:
        parts.append(_("you chose a card that is not in your hand"))
    if wrong:
        parts.append(_("you chose a card the rules do not allow here"))
    if missing:
        parts.append(_("you left out a card you may play"))
    return "; ".join(parts) + "."


def _safe_example(error: AnswerError) -> Feedback:
    """The error's feedback, marked unreadable. Its sentence names the reader's first example
    only: the same for every question (a test checks it is no question's answer), so it tells
    nothing."""
    return replace(error.feedback, readable=False)


class _Replay:
    """The grading process's side of a check: the reported answer to judge, the release's mode,
    and the feedback of every check made (see :func:`replaying`)."""

    def __init__(self) -> None:
        self.data: answers.JSON = None
        self.mode: str | None = None
        self.made: list[tuple[str, Feedback]] = []


_replay: _Replay | None = None


@contextmanager
def replaying() -> Iterator[_Replay]:
    """While grading: every check judges ``replay.data`` (the reported answer) instead of its
    first argument and records its plain feedback in ``replay.made``; ``exercise_mode`` records
    the release's mode in ``replay.mode`` and leaves this process's mode alone."""
    global _replay
    previous, _replay = _replay, _Replay()
    try:
        yield _replay
    finally:
        _replay = previous


def judge(function: Callable[..., Feedback], value: object, args: tuple, kwargs: dict) -> Feedback:
    """A check's plain feedback on an answer ``value``: an unreadable answer becomes its
    feedback (with a fixed example), never an exception.

    Any other exception is told apart by asking the check again with no answer: if that
    raises too, the question itself (the teacher's givens) is wrong, and the error is raised
    for the teacher; if not, it was this answer, which scores 0 with the reason.
    """
    try:
        feedback = function(value, *args, **kwargs)
    except AnswerError as error:
        return _safe_example(error)
    except Exception as error:
        with suppress(AnswerError):  # (any other exception: the givens, for the teacher)
            function(None, *args, **kwargs)
        headline = _("this answer could not be judged ({error}).").format(
            error=type(error).__name__
        )
        return replace(not_yet(headline), readable=False)
    if feedback.status == NOT_ANSWERED:
        return replace(feedback, readable=False)
    return feedback


def checked(function: Callable[P, Feedback]) -> Callable[P, Feedback]:
    """Decorate a check: the answer is judged as the data it reports (so the kernel and the
    grading process judge the same value), an unreadable answer returns its Feedback instead of
    raising (with an example that is never the answer), the mode decides the words, and the
    result knows it came from an exercise notebook."""
    import inspect
    from functools import update_wrapper

    name = function.__name__

    def check(*args: P.args, **kwargs: P.kwargs) -> Feedback:
        question = dict(kwargs)
        if args:
            answer, given = args[0], args[1:]
        elif "answer" in question:
            answer, given = question.pop("answer"), ()
        else:
            return function(*args, **kwargs)  # Python's own TypeError: no answer given
        data = _replay.data if _replay is not None else answers.encode(answer)
        try:
            value, readable = answers.decode(data), True
        except answers.BadReport:  # an answer whose own report does not read back: no answer
            value = answers.Unreadable("answer", _("an answer that cannot be read"))
            readable = False
        feedback = judge(function, value, given, question)
        if not readable:  # (the exam's receipt would read the report back)
            feedback = replace(feedback, readable=False)
        report = {"version": answers.VERSION, "check": name, "answer": data}
        feedback = replace(feedback, report=json.dumps(report, ensure_ascii=False))
        if _replay is not None:
            _replay.made.append((name, feedback))
            return feedback
        if _mode is None:
            return feedback
        return replace(feedback.view(_mode), in_exercise=True, practice=_mode == PRACTICE)

    update_wrapper(check, function)
    # No way round the mode to the raw check, but the check's own signature for help() and
    # the reference (update_wrapper gives the wrapper the check's annotations, not its
    # parameters).
    vars(check).pop("__wrapped__")
    vars(check)["__signature__"] = inspect.signature(function)
    return check
