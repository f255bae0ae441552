"""Practice that ends a lesson: the quick check, and the calling drill.

:class:`QuickCheck` asks three or four questions on what a lesson taught. Each question is one
of the exercise checks of :mod:`cardlib.exercises` with its givens, so the truth is worked out
by the engine and the explanation is the exercises' own. It is never graded: a wrong answer is
explained (practice), and nothing is collected. When every answer has been right, the lesson is
recorded in the learner's progress (:mod:`cardlib.progress`), once.

:class:`CallingDrill` deals a Call Break hand, asks for a call, and answers with the coach's
expected score of every call (:func:`cardlib.coach.analysis.analyse_calls`, a modest number of
imagined deals), the rule of thumb's call (lesson 09's: the count, one less from a count of 4
up; :func:`cardlib.strategy.call_by_count`), and what the learner's
call gave away; then the next hand. Each answer goes into the progress record.

Both keep their state in plain attributes (``feedback``, ``passed``, ``result``) and can be
driven from code (``answer``, ``call``), as the browser does, so notebooks and tests can show
and check them. ``record=False`` keeps a demonstration out of the learner's record.

CSS classes (for the browser tests): ``cardlib-quick-check``, ``cardlib-quick-answer``,
``cardlib-check-answer``, ``cardlib-feedback``, ``cardlib-quick-status``;
``cardlib-calling-drill``, ``cardlib-drill-call``, ``cardlib-drill-next``,
``cardlib-drill-result``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlib import callbreak, progress
from cardlib.draw.svg import hand_svg
from cardlib.errors import CardlibError
from cardlib.i18n import _
from cardlib.strategy import CountingBot
from cardlib.widgets.language import LanguagePicker


@dataclass(frozen=True)
class Question:
    """One question: the ``prompt`` a learner reads, and the exercise ``check`` that marks it.

    ``givens`` are the check's arguments after the answer (``check(answer, **givens)``);
    ``example`` shows the form of an answer (``"QH"``, ``"3"``), never the answer itself.
    ``taught`` is the heading of the lesson's section that teaches the question's point (in
    English, as the lesson's notebook spells it), so a test can hold every quick check to its
    own lesson.
    """

    prompt: str
    check: Callable[..., Any]
    givens: dict[str, Any] = field(default_factory=dict)
    example: str = ""
    taught: str = ""

    def mark(self, answer: Any) -> Any:
        """The check's Feedback for ``answer`` (an unreadable answer is explained, not raised)."""
        return self.check(answer, **self.givens)


class QuickCheck:
    """A few practice questions at the end of lesson ``lesson`` (its number, ``"03"``).

    State: ``feedback`` (the last Feedback of each question, ``None`` before its first check),
    ``passed`` (every question right at least once), ``recorded`` (the lesson went into the
    progress record). ``answer(i, text)`` types an answer and presses Check, as a learner does.
    """

    def __init__(self, lesson: str, questions: Sequence[Question], record: bool = True):
        if not isinstance(lesson, str) or not lesson.strip():
            raise CardlibError(
                _("{what} must be a non-empty text, got {value!r}").format(
                    what="lesson", value=lesson
                ),
                "progress",
            )
        if not questions or not all(isinstance(q, Question) for q in questions):
            raise CardlibError(
                _("{what} must be one of {choices}, got {value!r}").format(
                    what="questions", choices="Question", value=questions
                ),
                "progress",
            )
        self.lesson = lesson
        self.questions = tuple(questions)
        self.record = record
        self.feedback: list[Any] = [None] * len(self.questions)
        self.right = [False] * len(self.questions)  # right at least once
        self.recorded = False
        self.title = widgets.HTML()
        self.prompts = [widgets.HTML() for _q in self.questions]
        self.inputs = [widgets.Text(placeholder=q.example) for q in self.questions]
        self.buttons = [widgets.Button(button_style="primary") for _q in self.questions]
        self.outputs = [widgets.HTML() for _q in self.questions]
        rows = []
        for i, (text, button, output) in enumerate(
            zip(self.inputs, self.buttons, self.outputs, strict=True)
        ):
            text.add_class("cardlib-quick-answer")
            button.add_class("cardlib-check-answer")
            output.add_class("cardlib-feedback")
            button.on_click(lambda _button, i=i: self._check(i))
            rows.append(widgets.VBox([self.prompts[i], widgets.HBox([text, button]), output]))
        self.status = widgets.HTML()
        self.status.add_class("cardlib-quick-status")
        self.language = LanguagePicker(self.redraw)
        self.widget = widgets.VBox([self.language.dropdown, self.title, *rows, self.status])
        self.widget.add_class("cardlib-quick-check")
        self.redraw()

    @property
    def passed(self) -> bool:
        """Whether every question has been answered right (at least once)."""
        return all(self.right)

    def answer(self, question: int, text: Any) -> Any:
        """Type ``text`` as the answer to question ``question`` (0-based), press Check."""
        if not isinstance(question, int) or not 0 <= question < len(self.questions):
            raise CardlibError(
                _("{what} must be one of {choices}, got {value!r}").format(
                    what="question",
                    choices=", ".join(map(str, range(len(self.questions)))),
                    value=question,
                ),
                "progress",
            )
        self.inputs[question].value = text if isinstance(text, str) else str(text)
        return self._check(question)

    def _check(self, i: int) -> Any:
        feedback = self.questions[i].mark(self.inputs[i].value)
        self.feedback[i] = feedback
        self.right[i] = self.right[i] or bool(feedback)
        self.outputs[i].value = feedback._repr_html_()
        if self.passed and self.record and not self.recorded:
            progress.record_lesson(self.lesson)  # once, however often Check is pressed
            self.recorded = True
        self._status()
        return feedback

    def _status(self) -> None:
        done = sum(self.right)
        text = _("{right} of {total} right.").format(right=done, total=len(self.questions))
        if self.passed:
            text += " " + _("Lesson {lesson} passed.").format(lesson=self.lesson)
            if self.recorded:
                text += " " + _("It is in your progress record.")
        self.status.value = f'<p role="status">{escape(text)}</p>'

    def redraw(self) -> None:
        """Say everything again in the language now in use."""
        heading = _("Quick check")
        practice = _("Practice only: nothing here is graded, and every answer is explained.")
        self.title.value = f"<b>{escape(heading)}</b> — {escape(practice)}"
        for i, question in enumerate(self.questions):
            self.prompts[i].value = f"<p>{i + 1}. {escape(question.prompt)}</p>"
            self.buttons[i].description = _("Check")
            if self.feedback[i] is not None:
                self.outputs[i].value = question.mark(self.inputs[i].value)._repr_html_()
        self._status()

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


@dataclass(frozen=True)
class DrillResult:
    """One answered hand: the call made, the coach's best, the rule of thumb's, what was lost.

    ``lost`` is the coach's expected points of its best call minus those of the call made (0
    when the call made is the best), with ``stderr`` the larger standard error of the two.
    """

    seed: int
    call: int
    best: int
    rule: int
    lost: Any
    stderr: float

    @property
    def close(self) -> bool:
        """Whether the call made is within two standard errors of the best: too close to tell."""
        return float(self.lost) <= 2 * self.stderr


class CallingDrill:
    """Deal a hand, ask for a call, show the coach's expected score of every call; next hand.

    ``seed`` is the first hand's seed (each next hand the next seed); ``samples`` the imagined
    deals per analysis (modest: the answer comes in a second or two). South calls first (the
    dealer is East), so the hand alone decides. State: ``deal``, ``analysis`` (after a call),
    ``result`` (a :class:`DrillResult`), ``results`` (every hand so far).
    """

    def __init__(self, seed: int = 1, samples: int = 60, record: bool = True):
        for what, value, least in (("seed", seed, 0), ("samples", samples, 1)):
            if not isinstance(value, int) or isinstance(value, bool) or value < least:
                raise CardlibError(
                    _("{what} must be one of {choices}, got {value!r}").format(
                        what=what, choices=f"{least}, {least + 1}, …", value=value
                    ),
                    "progress",
                )
        self.seed = seed
        self.samples = samples
        self.record = record
        self.results: list[DrillResult] = []
        self.hand_view = widgets.HTML()
        self.prompt = widgets.HTML()
        self.call_buttons: list[widgets.Button] = []
        for call in range(1, 14):
            button = widgets.Button(description=str(call), layout=widgets.Layout(width="3.2em"))
            button.add_class("cardlib-drill-call")
            button.on_click(lambda _button, call=call: self.call(call))
            self.call_buttons.append(button)
        self.next_button = widgets.Button(button_style="primary")
        self.next_button.add_class("cardlib-drill-next")
        self.next_button.on_click(lambda _button: self.next_hand())
        self.output = widgets.HTML()
        self.output.add_class("cardlib-drill-result")
        self.language = LanguagePicker(self.redraw)
        self.widget = widgets.VBox(
            [
                self.language.dropdown,
                self.prompt,
                self.hand_view,
                widgets.HBox(self.call_buttons, layout=widgets.Layout(flex_flow="row wrap")),
                self.output,
                self.next_button,
            ]
        )
        self.widget.add_class("cardlib-calling-drill")
        self._deal()

    def _deal(self) -> None:
        self.deal = callbreak.Deal(seed=self.seed, dealer=3)  # South (0) calls first
        self.analysis: Any = None
        self.result: DrillResult | None = None
        self.redraw()

    def call(self, call: int) -> DrillResult:
        """Answer this hand with ``call``; a second answer to the same hand changes nothing."""
        if self.result is not None:
            return self.result
        if (
            not isinstance(call, int)
            or isinstance(call, bool)
            or call not in self.deal.legal_calls()
        ):
            # Refused with the engine's own message, on a copy: this hand stays as it was.
            self.deal.copy().call(call)
            raise CardlibError(
                _("{what} must be one of {choices}, got {value!r}").format(
                    what="call",
                    choices=", ".join(map(str, self.deal.legal_calls())),
                    value=call,
                ),
                "call-range",
            )
        self.analysis = analysis = _analyse_calls(self.deal, self.samples, self.seed)
        best = analysis.of(analysis.best).estimate
        mine = analysis.of(call).estimate
        rule = CountingBot().choose_call(self.deal)  # the rule lesson 09 teaches
        self.result = DrillResult(
            self.seed,
            call,
            analysis.best,
            rule,
            best.mean - mine.mean,
            max(best.stderr, mine.stderr),
        )
        self.results.append(self.result)
        if self.record:
            progress.record_drill(self.seed, call, analysis.best, self.result.lost)
        self.redraw()
        return self.result

    def next_hand(self) -> None:
        """Deal the next hand (the next seed)."""
        self.seed += 1
        self._deal()

    def redraw(self) -> None:
        """Say everything again in the language now in use."""
        self.hand_view.value = hand_svg(self.deal.hand(0), label=_("Your hand"))
        ask = _("You call first. How many tricks do you call?")
        self.prompt.value = f"<p><b>{escape(ask)}</b></p>"
        self.next_button.description = _("Next hand")
        for button in self.call_buttons:
            button.disabled = self.result is not None
        if self.result is None:
            self.output.value = ""
            return
        r = self.result
        best = self.analysis.of(r.best).estimate
        mine = self.analysis.of(r.call).estimate
        line = _(
            "You called {call}: {yours} expected points. The coach's best call is {best} "
            "({points}); the rule of thumb calls {rule}."
        ).format(
            call=r.call,
            yours=f"{float(mine.mean):.2f}",
            best=r.best,
            points=f"{float(best.mean):.2f}",
            rule=r.rule,
        )
        verdict = (
            _("That is the coach's best call.")
            if r.call == r.best
            else _("Too close to tell apart with this many imagined deals.")
            if r.close
            else _("The coach's call is clearly better here.")
        )
        self.output.value = (
            f"<p role='status'>{escape(line)} {escape(verdict)}</p>{self.analysis._repr_html_()}"
        )

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


def _analyse_calls(deal: callbreak.Deal, samples: int, seed: int) -> Any:
    """The coach's expected score of every call (imported here: the coach loads only when asked)."""
    from cardlib.coach.analysis import analyse_calls

    return analyse_calls(deal, samples=samples, seed=seed)
