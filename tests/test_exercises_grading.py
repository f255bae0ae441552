"""The grade is judged outside the student's kernel (cardlib.exercises.grading), checked cheaply
here without nbgrader: the release's cells are replayed in this process against the outputs a
student's kernel could leave in each check cell, honest or not. The end-to-end run through
nbgrader, with real students who try tricks, is tests/test_grading.py."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import nbformat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nbgrader.utils import determine_grade

from cardlib import Card
from cardlib.exercises import answers, feedback
from cardlib.exercises.grading import ReleaseCell, judge_cells, verdict_outputs
from cardlib.exercises.release import with_mode

RELEASE = [
    ReleaseCell("mode", "code", True, False, False, 'exercise_mode("exam")'),
    ReleaseCell(
        "setup",
        "code",
        True,
        False,
        False,
        "from cardlib.exercises import check_legal_plays, exercise_mode\nhand = '3H KH 2S'",
    ),
    ReleaseCell("q1-answer", "code", False, False, True, "answer_1 = None  # YOUR CODE HERE"),
    ReleaseCell("q1-check", "code", True, True, False, 'check_legal_plays(answer_1, hand, "QH")'),
    ReleaseCell("q2-check", "code", True, True, False, "assert 1 + 1 == 2"),  # the teacher's own
]
MODE_FIRST = [RELEASE[1], RELEASE[0], *RELEASE[2:]]  # exercise_mode must be imported first


def _report(answer, check="check_legal_plays") -> dict:
    data = {"version": 1, "check": check, "answer": answers.encode(answer)}
    return {"output_type": "display_data", "data": {answers.MIME: data, "text/plain": ""}}


def _points(outputs) -> float:
    cell = nbformat.v4.new_code_cell("check")
    cell.metadata["nbgrader"] = {"grade": True, "solution": False, "points": 1, "grade_id": "q"}
    cell.outputs = outputs
    return determine_grade(cell)[0]


def _judge(*outputs) -> tuple[float, str]:
    judged = judge_cells(MODE_FIRST, {"q1-check": list(outputs)})
    assert judged.mode == "exam" and set(judged.verdicts) == {"q1-check"}
    shown = judged.shown("q1-check")
    return _points(verdict_outputs(shown)), str(shown)


def test_a_reported_answer_is_judged_by_the_check_here():
    points, text = _judge(_report("KH"))
    assert points == 1 and text.startswith("✓ Correct: the cards you may play: K♥.")
    points, text = _judge(_report("3H"))
    assert points == 0 and text.startswith("✗ Not yet: you chose a card the rules do not allow")


def test_what_the_kernel_shows_does_not_count():
    """A kernel whose check was rebound, whose stderr was silenced, or whose Feedback was
    patched can show anything: only the reported answer is judged."""
    fake = {"output_type": "display_data", "data": {"text/plain": "✓ Correct"}}
    assert _judge(fake)[0] == 0  # nothing reported
    assert _judge(fake, _report("3H"))[0] == 0  # a wrong answer, whatever else is shown
    assert _judge(_report("KH"), fake)[0] == 1


@pytest.mark.parametrize(
    "outputs, why",
    [
        ([], "no answer was reported: the check cell showed no result."),
        (
            [{"output_type": "error", "ename": "NameError", "evalue": "x", "traceback": []}],
            "no answer was reported: the check cell stopped with NameError: x.",
        ),
        ([_report("3H"), _report("KH")], "the answer reported cannot be read"),
        ([_report("KH", check="check_card")], "the answer reported cannot be read"),
        (
            [{"output_type": "display_data", "data": {answers.MIME: {"answer": "KH"}}}],
            "the answer reported cannot be read",
        ),
        (
            [
                _report("KH")
                | {
                    "data": {
                        answers.MIME: {
                            **_report("KH")["data"][answers.MIME],
                            "answer": {"list": [{"set": 1}]},
                        }
                    }
                }
            ],
            "the answer reported cannot be read",
        ),
    ],
)
def test_an_answer_that_cannot_be_read_scores_0_with_a_sentence(outputs, why):
    points, text = _judge(*outputs)
    assert points == 0 and why in text


def test_the_mode_is_the_releases():
    """The release's mode cell decides how the feedback speaks; the kernel's mode is ignored."""
    feedback._mode = "practice"  # what a student might set in the kernel
    try:
        practice = [ReleaseCell("mode", "code", True, False, False, 'exercise_mode("practice")')]
        judged = judge_cells([RELEASE[1], *practice, *RELEASE[2:4]], {"q1-check": [_report("3H")]})
        assert "Missing: K♥ — allowed too" in judged.shown("q1-check").lines
        judged = judge_cells(MODE_FIRST, {"q1-check": [_report("3H")]})
        assert judged.shown("q1-check").lines == ()
    finally:
        feedback._mode = None


def test_the_release_writes_its_mode_into_the_metadata():
    notebook = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell('exercise_mode("graded")')
    cell.id = "mode"
    notebook.cells.append(cell)
    exam = with_mode(notebook, "exam")
    assert exam.metadata["cardlib"]["mode"] == "exam" and exam.cells[0].source.endswith('("exam")')


# ----- the answer as data -----------------------------------------------------------------------


class Sneaky(str):
    def __eq__(self, other):
        return True

    __hash__ = str.__hash__


class AlwaysEqual:
    def __eq__(self, other):
        return True

    def __repr__(self):
        return "✓ Correct"


def test_an_answer_travels_as_plain_data():
    forms = ["KH AH", 13, -3, None, True, 2.5, Decimal("4.2"), Fraction(21, 5), Card("QH"), ...]
    forms += [["KH", Card("AH")], ("1S", "P"), {Card("KH"), Card("AH")}, b"KH", {"a": 1}]
    for form in forms:
        assert answers.decode(answers.encode(form)) == form
    assert answers.decode(answers.encode(Sneaky("KH"))) == "KH"
    assert type(answers.decode(answers.encode(Sneaky("KH")))) is str
    odd = answers.decode(answers.encode(AlwaysEqual()))
    assert isinstance(odd, answers.Unreadable) and odd != "KH"
    deep: list = []
    for _ in range(10):
        deep = [deep]
    assert isinstance(answers.decode(answers.encode(deep)), answers.Unreadable)


def test_an_object_that_equals_everything_is_not_right():
    from cardlib.exercises import check_legal_plays

    assert not check_legal_plays(AlwaysEqual(), hand="3H KH 2S", trick="QH").correct
    assert not check_legal_plays(Sneaky("3H"), hand="3H KH 2S", trick="QH").correct


values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**29), 10**29)  # longer numbers are reported as unreadable, by design
    | st.text(max_size=8)
    | st.fractions(-(10**9), 10**9, max_denominator=10**9)
    | st.decimals(allow_nan=False, allow_infinity=False)
    | st.sampled_from(list(map(Card, range(52)))),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(values)
def test_encoding_round_trips_and_is_json(value):
    import json

    data = answers.encode(value)
    assert json.loads(json.dumps(data)) == data
    assert answers.decode(data) == value


def _release_cells(notebook) -> list[ReleaseCell]:
    cells = []
    for cell in notebook.cells:
        meta = cell.metadata.get("nbgrader", {})
        if "grade_id" in meta:
            cells.append(
                ReleaseCell(
                    meta["grade_id"],
                    cell.cell_type,
                    bool(meta.get("locked")),
                    bool(meta.get("grade")),
                    bool(meta.get("solution")),
                    cell.source,
                )
            )
    return cells


def test_every_executed_instructor_notebook_grades_full_marks_through_the_judge():
    """The stored outputs of exercises/ (the solutions, run) report answers the judge accepts,
    judged from the release's own cells: a second reading of the same truth."""
    from pathlib import Path

    from cardlib.exercises.release import student_version

    for path in sorted((Path(__file__).parent.parent / "exercises").glob("*.ipynb")):
        instructor = nbformat.read(path, as_version=4)
        outputs = {
            cell.metadata["nbgrader"]["grade_id"]: cell.outputs
            for cell in instructor.cells
            if cell.cell_type == "code" and "grade_id" in cell.metadata.get("nbgrader", {})
        }
        judged = judge_cells(_release_cells(student_version(instructor, "exam")), outputs)
        assert judged.mode == "exam", path.name
        assert judged.verdicts and all(v.correct for v in judged.verdicts.values()), path.name
        empty = judge_cells(_release_cells(student_version(instructor, "exam")), {})
        assert not any(v.correct for v in empty.verdicts.values())  # nothing reported: 0
