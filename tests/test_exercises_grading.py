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
from cardlib.exercises.grading import (
    Release,
    ReleaseCell,
    judge_bounded,
    judge_cells,
    release_metadata,
    repair_cells,
    verdict_outputs,
)
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
    """What nbgrader scores a graded cell with these outputs (1 point at most)."""
    nbgrader = {"grade": True, "solution": False, "points": 1, "grade_id": "q"}
    cell = nbformat.from_dict(
        {"cell_type": "code", "metadata": {"nbgrader": nbgrader}, "source": "check"}
    )
    cell.outputs = outputs
    return determine_grade(cell)[0]


def _judge(*outputs) -> tuple[float, str]:
    judged = judge_cells(MODE_FIRST, {"q1-check": list(outputs)})
    assert judged.mode == "exam" and set(judged.verdicts) == {"q1-check", "q2-check"}
    shown = judged.shown("q1-check")
    return _points(verdict_outputs(shown)), str(shown)


def test_a_graded_cell_that_makes_no_check_scores_0_with_a_sentence_whatever_the_kernel_shows():
    """The teacher's own test cell (an assert) cannot be judged outside the kernel: what the
    kernel printed there (nothing, which nbgrader would score full) is never scored."""
    for outputs in ([], [{"output_type": "display_data", "data": {"text/plain": "ok"}}]):
        judged = judge_cells(MODE_FIRST, {"q2-check": outputs})
        verdict = judged.shown("q2-check")
        assert _points(verdict_outputs(verdict)) == 0
        assert "makes no check" in str(verdict) and "grade it by hand" in str(verdict)
        assert judged.problems == ("q2-check: a graded cell that makes no check",)


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


def _short_decimals():
    """Decimals within the bounds a report carries (longer ones are "a very long number")."""
    digits = st.integers(0, 10**answers.MAX_DIGITS - 1)
    exponents = st.integers(-answers.MAX_EXPONENT, answers.MAX_EXPONENT)
    return st.builds(
        lambda sign, n, e: Decimal((sign, tuple(map(int, str(n))), e)),
        st.integers(0, 1),
        digits,
        exponents,
    )


values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**29), 10**29)  # longer numbers are reported as unreadable, by design
    | st.text(max_size=8)
    | st.fractions(-(10**9), 10**9, max_denominator=10**9)
    | _short_decimals()
    | st.sampled_from(list(map(Card, range(52)))),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.frozensets(st.text(max_size=3) | st.integers(-5, 5), max_size=3)
    ),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(values)
def test_encoding_round_trips_and_is_json(value):
    import json

    data = answers.encode(value)
    assert json.loads(json.dumps(data)) == data
    assert answers.decode(data) == value
    assert answers.encode(answers.decode(data)) == data  # one report, one value


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


# ----- a forged report: every decoding bounded and total, every graded cell a verdict -----------

#: Forged answers a student's kernel could report (issue 36): numbers whose exact value takes
#: minutes or gigabytes (or whose printing raises), nesting deeper than the recursion limit,
#: wrong types, and shapes encode never writes.
DEEP: dict = {"list": []}
for _depth in range(3000):
    DEEP = {"list": [DEEP]}
FORGED = [
    {"Fraction": "1e5000"},
    {"Fraction": "1e99999999"},
    {"Fraction": "9" * 5000},
    {"Decimal": "1e999999999999999999"},
    {"Decimal": "1E+999999"},
    {"Decimal": "9" * 100_000},
    {"Decimal": "sNaN"},
    {"float": "1e999999"},
    {"float": "9" * 100_000},
    10**4000,
    -(10**40),
    1.5,
    float("nan"),
    "x" * 100_000,
    DEEP,
    {"list": list(range(100_000))},
    {"set": [{"list": []}]},
    {"set": ["a", "a"]},
    {"dict": [[{"list": []}, 1]]},
    {"dict": [[1]]},
    {"list": "KH"},
    {"Card": "KH "},
    {"Card": 12},
    {"bytes": "zz"},
    {"Ellipsis": 1},
    {"other": "x" * 10_000, "repr": "✓ Correct"},
    {"other": 1, "repr": 2},
    {"Card": "KH", "float": "1.0"},
    {"Fraction": "2/4"},
    {"Fraction": "1/0"},
    [{"Card": "KH"}],
    {},
]


@settings(max_examples=300, deadline=None)
@given(
    st.recursive(
        st.none()
        | st.booleans()
        | st.integers()
        | st.integers(10**25, 10**40)
        | st.floats()
        | st.text(max_size=6),
        lambda inner: (
            st.lists(inner, max_size=3)
            | st.dictionaries(
                st.sampled_from(
                    [
                        "Card",
                        "float",
                        "Decimal",
                        "Fraction",
                        "Ellipsis",
                        "bytes",
                        "list",
                        "tuple",
                        "set",
                        "dict",
                        "other",
                        "repr",
                        "x",
                    ]
                ),
                inner,
                max_size=2,
            )
        ),
        max_leaves=10,
    )
)
def test_decoding_any_data_gives_a_value_encode_writes_or_refuses_it(data):
    try:
        value = answers.decode(data)
    except answers.BadReport:
        return
    assert answers.encode(value) == data


@pytest.mark.parametrize("data", FORGED, ids=range(len(FORGED)))
def test_a_forged_answer_is_refused_before_any_value_is_made(data):
    with pytest.raises(answers.BadReport):
        answers.decode(data)


def test_a_number_too_long_to_judge_is_reported_as_one_and_read_as_none():
    """Decimal("1e999999") took 213 s to grade (its exact int has a million digits): it is
    now "a very long number", which every reader refuses at once, in the kernel and here."""
    from cardlib.exercises import check_score, check_trick_winner_seat

    for number in (Decimal("1e999999"), Decimal("1e999999999999999999"), 10**5000):
        data = answers.encode(number)
        assert data["repr"] == "a very long number"
        assert isinstance(answers.decode(data), answers.Unreadable)
        assert not check_score(number, call=3, tricks=4)
        assert not check_trick_winner_seat(number, trick="AH 2S KH 3H", leader=1)
    assert answers.encode(Fraction(10**40, 3))["repr"] == "a very long number"


def _course_notebooks() -> list:
    """Every instructor notebook of exercises/, and two puzzle sets of ten (one of each kind)."""
    from pathlib import Path

    from cardlib.exercises.puzzle_sets import instructor_notebook

    notebooks = [
        nbformat.read(path, as_version=4)
        for path in sorted((Path(__file__).parent.parent / "exercises").glob("*.ipynb"))
    ]
    return [
        *notebooks,
        instructor_notebook(10, "medium", 7),
        instructor_notebook(10, "easy", 7, kind="best"),
    ]


def _forged(name: str, data) -> dict:
    report = {"version": 1, "check": name, "answer": data}
    return {"output_type": "display_data", "data": {answers.MIME: report, "text/plain": "✓"}}


def _check_name(source: str) -> str:
    import re

    return re.search(r"\bcheck_\w+", source).group(0)


def test_every_check_cell_gives_a_verdict_of_0_for_every_forged_report(monkeypatch):
    """Issue 36: every one of the 63 exercise check cells and 20 puzzle-set check cells, given
    each forged form (reported by the cell's own check, so it passes every other test), and
    given many reports, or only a kernel's "✓ Correct": a verdict for every graded cell, and 0
    for a student who answers nothing."""
    from functools import cache

    from cardlib.coach import fast
    from cardlib.exercises.release import student_version

    # Exercise 5's given samples 1000 deals, the same ones every time: once is enough here.
    monkeypatch.setattr(fast, "sample_tricks", cache(fast.sample_tricks))
    cells_judged = 0
    for instructor in _course_notebooks():
        cells = _release_cells(student_version(instructor, "homework"))
        graded = [cell for cell in cells if cell.graded]
        forms = [
            {cell.name: [_forged(_check_name(cell.source), data)] for cell in graded}
            for data in FORGED
        ]
        forms.append(
            {cell.name: [_report(None, _check_name(cell.source))] * 1000 for cell in graded}
        )
        forms.append(
            {
                cell.name: [{"output_type": "display_data", "data": {"text/plain": "✓ Correct"}}]
                for cell in graded
            }
        )
        forms.append({})
        for outputs in forms:
            judged = judge_cells(cells, outputs)
            assert set(judged.verdicts) == {cell.name for cell in graded}
            for name in judged.verdicts:
                assert _points(verdict_outputs(judged.shown(name))) == 0, (name, outputs[name])
        cells_judged += len(graded)
    assert cells_judged == 63 + 20


def test_judging_that_raises_scores_0_with_the_reason_and_the_next_cell_is_judged():
    raising = ReleaseCell(
        "q1-check",
        "code",
        True,
        True,
        False,
        "check_legal_plays(answer_1, hand, 'QH')\nraise RuntimeError('boom')",
    )
    cells = [RELEASE[1], RELEASE[0], RELEASE[2], raising, *_later_question()]
    judged = judge_cells(cells, {"q1-check": [_report("KH")], "q3-check": [_report("KH")]})
    assert judged.verdicts["q1-check"].correct  # the check was made before the cell raised
    teacher = ReleaseCell(
        "q1-check", "code", True, True, False, "check_legal_plays(answer_1, 'AS AS', 'QH')"
    )
    cells = [RELEASE[1], RELEASE[0], RELEASE[2], teacher, *_later_question()]
    judged = judge_cells(cells, {"q1-check": [_report("KH")], "q3-check": [_report("KH")]})
    shown = judged.shown("q1-check")
    assert _points(verdict_outputs(shown)) == 0
    assert "could not be judged: PositionError: a hand holds the same card twice" in str(shown)
    assert judged.verdicts["q3-check"].correct
    assert judged.problems[0].startswith("q1-check: PositionError")


def _later_question() -> list[ReleaseCell]:
    return [
        ReleaseCell("q3-answer", "code", False, False, True, "answer_3 = None"),
        ReleaseCell(
            "q3-check", "code", True, True, False, "check_legal_plays(answer_3, hand, 'QH')"
        ),
    ]


def test_a_release_cell_that_fails_here_gives_every_later_graded_cell_0_with_the_failure():
    broken = ReleaseCell("q2-given", "code", True, False, False, "hand = undefined_name")
    cells = [*MODE_FIRST[:4], broken, *_later_question()]
    judged = judge_cells(cells, {"q1-check": [_report("KH")], "q3-check": [_report("KH")]})
    assert judged.verdicts["q1-check"].correct
    later = str(judged.shown("q3-check"))
    assert "the release's cell q2-given failed while grading (NameError" in later
    assert _points(verdict_outputs(judged.shown("q3-check"))) == 0


def test_judging_in_a_child_process_gives_the_same_verdicts():
    outputs = {"q1-check": [_report("KH")], "q2-check": []}
    assert judge_bounded(MODE_FIRST, outputs) == judge_cells(MODE_FIRST, outputs)


@pytest.mark.parametrize(
    "source, why",
    [
        ("while True:\n    pass", "judging took longer than 0.5 seconds"),
        ("import os\nos._exit(3)", "judging stopped before it could finish"),
    ],
)
def test_judging_that_never_ends_or_dies_costs_that_notebook_alone(source, why):
    """The judging has its own time limit: a release cell that loops (or a judging that dies)
    gives every graded cell 0 with the reason, and this process goes on."""
    cells = [
        *MODE_FIRST[:2],
        ReleaseCell("slow", "code", True, False, False, source),
        *MODE_FIRST[2:],
    ]
    judged = judge_bounded(cells, {"q1-check": [_report("KH")]}, timeout=0.5)
    assert set(judged.verdicts) == {"q1-check", "q2-check"}
    for verdict in judged.verdicts.values():
        assert _points(verdict_outputs(verdict)) == 0 and why in str(verdict)
    assert judged.problems == (why,)


# ----- a submission's metadata, repaired per submission --------------------------------------


def _release() -> Release:
    return Release(list(MODE_FIRST), {"q1-check": 1.0, "q2-check": 1.0}, {"q1-check": "0" * 32})


def _submitted() -> nbformat.NotebookNode:
    """A submission as the release wrote it: each release cell with its nbgrader metadata."""
    notebook = nbformat.v4.new_notebook()
    for cell in MODE_FIRST:
        made = nbformat.v4.new_code_cell(cell.source)
        made.metadata["nbgrader"] = release_metadata(cell, 1.0 if cell.graded else None, None)
        notebook.cells.append(made)
    return notebook


def _nbgrader_accepts(notebook) -> None:
    """nbgrader's own sanitizing after ours: no duplicate left, metadata valid."""
    from nbgrader.nbgraderformat import MetadataValidator
    from nbgrader.preprocessors import DeduplicateIds

    notebook, _resources = DeduplicateIds().preprocess(notebook, {})
    MetadataValidator().validate_nb(notebook)


def test_a_pasted_check_cell_stops_nbgraders_whole_class_and_is_repaired_here():
    from nbgrader.nbgraderformat import MetadataValidator, SchemaTooOldError
    from nbgrader.preprocessors import DeduplicateIds

    pasted = _submitted()
    pasted.cells.insert(4, nbformat.from_dict(dict(pasted.cells[3])))  # JupyterLab's copy
    before = nbformat.from_dict(pasted)
    with pytest.raises(SchemaTooOldError):  # what stopped every later student (issue 36)
        MetadataValidator().validate_nb(DeduplicateIds().preprocess(before, {})[0])
    repairs = repair_cells(pasted, _release())
    assert repairs == ["cell 4: a second copy of q1-check, made an ordinary cell"]
    assert "nbgrader" not in pasted.cells[3].metadata  # the last copy keeps the grade id
    assert pasted.cells[4].metadata["nbgrader"]["grade_id"] == "q1-check"
    _nbgrader_accepts(pasted)


def test_edited_metadata_and_extra_cells_are_put_back_as_released():
    notebook = _submitted()
    check = notebook.cells[3].metadata["nbgrader"]
    check.update(points=100.0, schema_version=1, locked=False, extra="x")
    notebook.cells[4].metadata["nbgrader"]["grade"] = False
    made_up = nbformat.v4.new_code_cell("print('✓ Correct')")
    made_up.metadata["nbgrader"] = {"grade": True, "grade_id": "q9-check", "points": 9}
    junk = nbformat.v4.new_code_cell("1")
    junk.metadata["nbgrader"] = "not a mapping"
    as_markdown = nbformat.v4.new_markdown_cell("x")
    as_markdown.metadata["nbgrader"] = {"grade_id": ["q1-check"]}
    notebook.cells += [made_up, junk, as_markdown]
    notebook.cells[0].metadata = "not a mapping"
    notebook.cells[1].cell_type = "markdown"
    repairs = repair_cells(notebook, _release())
    assert repairs == [
        "cell 1: metadata that is not a mapping, cleared",  # (a locked cell: restored later)
        "cell 2: mode made a code cell again",
        "cell 4: the metadata of q1-check put back as released",
        "cell 5: the metadata of q2-check put back as released",
        "cell 6: grade id 'q9-check' not in the release, made an ordinary cell",
        "cell 7: nbgrader metadata not in the release, made an ordinary cell",
        "cell 8: nbgrader metadata not in the release, made an ordinary cell",
    ]
    assert notebook.cells[3].metadata["nbgrader"] == {
        "grade": True,
        "grade_id": "q1-check",
        "locked": True,
        "schema_version": 3,
        "solution": False,
        "task": False,
        "points": 1.0,
        "checksum": "0" * 32,
        "cell_type": "code",
    }
    assert notebook.cells[4].metadata["nbgrader"]["grade"] is True
    assert all("nbgrader" not in cell.metadata for cell in notebook.cells[5:])
    assert notebook.cells[1].cell_type == "code" and notebook.cells[1].outputs == []
    _nbgrader_accepts(notebook)
    assert repair_cells(notebook, _release()) == []  # repaired once, nothing left to repair


def test_nbgraders_own_release_metadata_is_not_a_repair():
    """nbgrader's release writes the cell's type into each cell's metadata: an honest
    submission carries it, and must not read as repaired (it filled the teacher's log)."""
    notebook = _submitted()
    for cell in notebook.cells:
        if "nbgrader" in cell.metadata:
            cell.metadata["nbgrader"]["cell_type"] = cell.cell_type
    assert repair_cells(notebook, _release()) == []
    notebook.cells[3].metadata["nbgrader"]["cell_type"] = "markdown"
    assert repair_cells(notebook, _release()) == [
        "cell 4: the metadata of q1-check put back as released"
    ]


def test_what_reaches_the_engine_is_flagged_and_nothing_else():
    from cardlib.exercises.grading import engine_uses, flag_engine_uses, notes_of

    engine = {"callbreak", "check_trick_winner", "parse_cards"}
    assert engine_uses('answer_1 = "KH"  # the king wins', engine) == []
    assert engine_uses("answer_1 = sorted(['KH', 'AH'])[0]", engine) == []
    assert engine_uses("from cardlib.tricks import winner_index", engine) == [
        "import cardlib.tricks"
    ]
    assert engine_uses("import os, sys", engine) == ["import os, sys"]
    assert engine_uses('answer_1 = str(parse_cards("KH")[0])', engine) == ["parse_cards"]
    assert engine_uses("f = getattr(__builtins__, '__imp' + 'ort__')", engine) == [
        "__builtins__",
        "getattr",
    ]
    assert engine_uses("answer_1 = ().__class__.__base__", engine) == [".__base__", ".__class__"]
    assert engine_uses("%run helper.py", engine) == ["%run helper.py"]
    assert engine_uses("answer_1 = (", engine) == []  # does not parse, answers nothing

    notebook = _submitted()
    answer = next(c for c in notebook.cells if c.metadata.get("nbgrader", {}).get("solution"))
    answer.source += "\nimport cardlib"
    pasted = nbformat.from_dict(dict(notebook.cells[3]))  # a check cell copied: no flag
    del pasted.metadata["nbgrader"]
    own = nbformat.v4.new_code_cell("x = check_legal_plays(hand)")  # hand: a given, not flagged
    notebook.cells += [pasted, own]
    flags = flag_engine_uses(notebook, _release().cells)
    name = answer.metadata["nbgrader"]["grade_id"]
    assert flags == {name: ["import cardlib"], "": ["check_legal_plays"]}
    assert [n["kind"] for n in notes_of(notebook)] == ["uses the engine"] * 2
