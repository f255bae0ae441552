"""An exam's checks in the student's kernel: they record the answer and judge nothing.

An exam notebook (:mod:`cardlib.exercises.exam`) imports its checks from here, under the checks'
own names (``check_legal_plays`` …). Each is a :class:`Recorder`: it reports the answer as data
(:mod:`cardlib.exercises.answers`, as every check cell does) and shows what it recorded, never
whether it is right. It holds no check, not even through a closure: only the check's name, as
text. The grade is worked out by :mod:`cardlib.exercises.grading`, which runs the release's cells
in its own process with each recorder replaced by the real check it names.

The exam's mode cell (:func:`exercise_mode`) also makes the judging modules unimportable in the
kernel (:data:`JUDGING`: the checks, their feedback, the grader, the set and exam makers) and
drops any already loaded, so ``import cardlib.exercises.checks``, the grader's ``judge_check``
or reloading ``feedback`` all end in an ``ImportError``. This keeps honest curiosity out of the
judging code; it is no wall against a coder, who holds the engine in the same kernel (and can
undo any import hook): every way round it needs an import or a name of the engine in an answer
cell, which the grader flags for the teacher (:func:`cardlib.exercises.grading.flag_engine_uses`).

>>> check_trick_winner = Recorder("check_trick_winner")
>>> check_trick_winner("KH", "QH KH 2S 3S")
• Answer recorded: K♥
"""

from __future__ import annotations

import importlib.abc
import json
import sys
from html import escape
from typing import Any

from cardlib.exercises import answers
from cardlib.i18n import _, pgettext

#: The modules that can tell a right answer from a wrong one (or make an exam again): none may be
#: imported in an exam's kernel once its mode cell ran.
JUDGING = (
    "cardlib.exercises.checks",
    "cardlib.exercises.feedback",
    "cardlib.exercises.grading",
    "cardlib.exercises.judgement",
    "cardlib.exercises.callbridge",
    "cardlib.exercises.bridge",
    "cardlib.exercises.puzzle_sets",
    "cardlib.exercises.exam",
    "cardlib.exercises.report",
    "cardlib.exercises.handin",
    "cardlib.exercises.release",
    "cardlib.exercises.__main__",
)
#: The checks an exam made by :mod:`cardlib.exercises.exam` names. Any other ``check_…`` name
#: imported from here is a recorder too (a release in exam mode imports its checks from here,
#: :func:`cardlib.exercises.release.with_mode`); the grader finds the check of that name in
#: :data:`HOMES`.
CHECKS = (
    "check_legal_plays",
    "check_rule",
    "check_trick_winner",
    "check_trick_winner_seat",
    "check_score",
)
#: Where the checks a recorder stands for live (the grader looks its name up there, in order).
HOMES = (
    "cardlib.exercises.checks",
    "cardlib.exercises.judgement",
    "cardlib.exercises.callbridge",
    "cardlib.exercises.bridge",
)
#: What an exam imports from here besides the checks.
OTHERS = ("exercise_mode", "note_solved")
EXAM = "exam"
#: Set by the grading process while it runs an exam's cells: the mode cell then tells the grader
#: the release's mode and blocks nothing.
grading = False


class Receipt:
    """What an exam's check cell shows: the answer recorded (or that there is none yet), with
    the report the grader reads."""

    def __init__(self, check: str, answer: object) -> None:
        self.report = answers.report(check, answer)
        self.answered = answer is not None
        try:
            value = answers.decode(self.report["answer"])
        except answers.BadReport:
            value = answers.Unreadable("answer", _("an answer that cannot be read"))
        self.text = (
            "• " + _("Answer recorded: {answer}").format(answer=answers.recorded_text(value))
            if self.answered
            else "✗ " + _("Not answered yet: replace None with your answer.")
        )

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        colour = "#0072B2" if self.answered else "#D55E00"  # Okabe–Ito blue, vermilion
        return (
            f'<div class="cardlib-feedback cardlib-feedback-recorded" role="status" '
            f'style="border-left:4px solid {colour};padding:0.2em 0.6em">'
            f"<b>{escape(self.text)}</b></div>"
        )

    def _ipython_display_(self) -> None:
        from IPython.display import display

        data = {"text/plain": self.text, "text/html": self._repr_html_()}
        display({**data, answers.MIME: json.loads(json.dumps(self.report))}, raw=True)


class Recorder:
    """An exam's check in the kernel: called like the check ``name`` (the answer first, then the
    givens, which it ignores: the grader reads them from the release), it returns a
    :class:`Receipt`."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self, answer: object = None, *givens: Any, **named: Any) -> Receipt:
        return Receipt(self.name, answer)

    def __repr__(self) -> str:
        return f"<{self.name}: records the answer for grading>"


class _NoJudging(importlib.abc.MetaPathFinder):
    """Refuses every module of :data:`JUDGING`."""

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> None:
        if fullname in JUDGING:
            raise ImportError(
                _("This is an exam: its answers are judged only after grading."), name=fullname
            )
        return None


def block_judging() -> None:
    """Make the judging modules unimportable in this process and drop any loaded."""
    if not any(isinstance(finder, _NoJudging) for finder in sys.meta_path):
        sys.meta_path.insert(0, _NoJudging())
    package = sys.modules.get("cardlib.exercises")
    for name in JUDGING:
        sys.modules.pop(name, None)
        if package is not None:
            vars(package).pop(name.rsplit(".", 1)[1], None)
    if package is not None:  # the checks the package loaded on demand
        homes = getattr(package, "_HOMES", {})
        for name in homes:
            vars(package).pop(name, None)


class _Note(str):
    """A sentence that shows without quotes."""

    def __repr__(self) -> str:
        return str(self)


def exercise_mode(mode: str = EXAM) -> str:
    """The exam's mode cell: the kernel records answers only, from now on, whatever ``mode``
    says (an exam's checks cannot judge in any mode)."""
    if grading:
        from cardlib.exercises import feedback

        feedback.exercise_mode(mode)  # the grading process notes the release's mode
        return mode
    block_judging()
    if mode != EXAM:
        return _Note(
            _("The mode stays {mode}: it was fixed when this notebook was released.").format(
                mode=pgettext("exercise mode", "exam")
            )
        )
    return _Note(
        _(
            "Exam mode: each check shows the answer it recorded, never whether it is right; "
            "the verdict comes with your feedback after grading."
        )
    )


def note_solved(receipt: Receipt, kind: str = "", level: str = "", puzzle: str = "") -> Receipt:
    """A puzzle set's check cell in exam mode: the receipt as it is (an exam notes nothing)."""
    return receipt


def is_check_name(name: str) -> bool:
    """Whether ``name`` can be a check's (``check_`` and an identifier)."""
    return name.startswith("check_") and name.isidentifier()


def __getattr__(name: str) -> Recorder:
    if is_check_name(name):
        return Recorder(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def recorders(*names: str) -> tuple[Recorder, ...]:
    """A recorder for each check ``names``."""
    for name in names:
        if not isinstance(name, str) or not is_check_name(name):
            raise ValueError(f"a check's name starts with check_, got {name!r}")
    return tuple(Recorder(name) for name in names)


check_legal_plays, check_rule, check_trick_winner, check_trick_winner_seat, check_score = recorders(
    *CHECKS
)

__all__ = [
    "CHECKS",
    "JUDGING",
    "Receipt",
    "Recorder",
    "block_judging",
    "check_legal_plays",
    "check_rule",
    "check_score",
    "check_trick_winner",
    "check_trick_winner_seat",
    "exercise_mode",
    "is_check_name",
    "note_solved",
]
