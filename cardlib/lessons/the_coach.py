"""Lesson 40, the coach: its quick check, on what the coach's figures mean.

The lesson's analyses are :func:`cardlib.coach.analysis.analyse` and
:func:`cardlib.coach.analysis.analyse_calls`, its widget :class:`cardlib.widgets.coach.CoachWidget`.
The questions ask how to read them: a margin against two standard errors, how the standard error
shrinks with more samples, and what the coach and the exact solver each know.
"""

from __future__ import annotations

import math
from fractions import Fraction

from cardlib.errors import CardlibError
from cardlib.exercises.feedback import Feedback, checked, correct, not_yet, read_points
from cardlib.i18n import N_, _
from cardlib.lessons.call_break_strategy import check_yes_no
from cardlib.validate import check_count
from cardlib.widgets.drill import Question, QuickCheck

NOTEBOOK = "40-the-coach"


@checked
def check_smaller_error(answer: object, stderr: str, samples: int, more: int) -> Feedback:
    """The standard error ``stderr`` (text, exact) at ``samples`` samples, taken at ``more``:
    it shrinks like one over the square root of the samples. ``more / samples`` must be a
    square (4, 9, 1/4 …) so that the answer is exact."""
    check_count(samples, "samples", 1)
    check_count(more, "more", 1)
    ratio = Fraction(more, samples)
    root = Fraction(math.isqrt(ratio.numerator), math.isqrt(ratio.denominator))
    if root * root != ratio:
        raise CardlibError(
            _("more / samples must be the square of a fraction, got {more} / {samples}").format(
                more=more, samples=samples
            ),
            "samples",
        )
    value = read_points(answer, ("'0.3'",))
    expected = Fraction(stderr) / root
    why = _(
        "{more} samples are {times} times {samples}: the standard error shrinks by the square "
        "root of that, {root}, to {expected}."
    ).format(more=more, times=ratio, samples=samples, root=root, expected=float(expected))
    if value == expected:
        return correct(_("Right: {value}.").format(value=float(value)), why)
    return not_yet(_("not {answer}.").format(answer=float(value)), why)


def quick_check(record: bool = True) -> QuickCheck:
    """Lesson 40's quick check: reading the coach's margin, samples and errors, and what the
    coach and the exact solver know."""
    return QuickCheck(
        "40",
        [
            Question(
                _(
                    "The coach puts a card 0.10 ± 0.08 points below the best. Is it clearly "
                    "worse? (yes or no)"
                ),
                check_yes_no,
                {
                    "expected": False,
                    "why": N_(
                        "0.10 is within two standard errors (0.16) of nothing: too close to "
                        "tell at this many samples. More samples may separate the two cards."
                    ),
                },
                "yes",
                taught="The coach's answer",
            ),
            Question(
                _(
                    "At 100 samples a card's standard error is 0.2 points. What is it at 400 "
                    "samples?"
                ),
                check_smaller_error,
                {"stderr": "0.2", "samples": 100, "more": 400},
                "0.3",
                taught="More samples, smaller errors",
            ),
            Question(
                _("Does the exact solver see the other players' hands? (yes or no)"),
                check_yes_no,
                {
                    "expected": True,
                    "why": N_(
                        "The solver looks at every hand and works out this one layout exactly; "
                        "the coach sees only your hand and imagines the others."
                    ),
                },
                "no",
                taught="When every card is known: the exact solver",
            ),
            Question(
                _(
                    "By default, does the coach use what the other players' calls say about "
                    "their hands? (yes or no)"
                ),
                check_yes_no,
                {
                    "expected": False,
                    "why": N_(
                        "It treats every layout that fits the cards seen as equally likely, "
                        "whatever the calls were."
                    ),
                },
                "yes",
                taught="What the coach does not know",
            ),
        ],
        record=record,
    )


__all__ = ["NOTEBOOK", "check_smaller_error", "quick_check"]
