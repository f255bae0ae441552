"""Issue 36, item 3: exams that hold against a coder.

An exam of its own is drawn from a course secret (``python -m cardlib.exercises exam``), never
from the practice exercises; in the student's kernel its checks record and judge nothing, and
none of the probes a coder tries (the check behind a wrapper's ``__closure__``, the grader's
``judge_check``, reloading ``feedback``, importing the checks …) tells right from wrong; the
grader judges; a release carries its identity and a copy of another release is not graded.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from cardlib.exercises.__main__ import main
from cardlib.exercises.exam import (
    EXAMPLE_SECRETS,
    ExamError,
    check_secret,
    exam_key,
    exam_notebook,
    questions,
)
from cardlib.exercises.grading import ReleaseCell, judge_cells, other_release
from cardlib.exercises.release import release, student_cell_source, student_version

ROOT = Path(__file__).resolve().parent.parent
SECRET = "the teak cupboard, spring term"
MIME = "application/vnd.cardlib.answer+json"


def _release_cells(notebook) -> list[ReleaseCell]:
    return [
        ReleaseCell(
            cell.id,
            cell.cell_type,
            bool(cell.metadata["nbgrader"].get("locked")),
            bool(cell.metadata["nbgrader"].get("grade")),
            bool(cell.metadata["nbgrader"].get("solution")),
            student_cell_source(cell.source, cell.cell_type),
        )
        for cell in notebook.cells
        if "nbgrader" in cell.metadata
    ]


def _texts(cell) -> list[str]:
    return [o.get("text") or o.get("data", {}).get("text/plain", "") for o in cell.outputs]


@pytest.fixture(scope="module")
def instructor():
    return exam_notebook(SECRET, "exam-1")


def test_the_same_secret_and_name_give_the_same_bytes_and_another_gives_another_exam(tmp_path):
    argv = ["exam", "--secret", SECRET, "--name", "exam-1", "--count", "1"]
    assert main([*argv, "--out", str(tmp_path / "a")]) == 0
    assert main([*argv, "--out", str(tmp_path / "b")]) == 0
    for path in sorted((tmp_path / "a").rglob("*.*")):
        assert path.read_bytes() == (tmp_path / "b" / path.relative_to(tmp_path / "a")).read_bytes()
    asked = [q.check for q in questions(SECRET, "exam-1", 1)]
    assert asked != [q.check for q in questions(SECRET + "!", "exam-1", 1)]
    assert asked != [q.check for q in questions(SECRET, "exam-2", 1)]
    assert len(asked) == 5


def test_an_exam_asks_none_of_the_practice_questions(instructor):
    """No check cell of the exam is one of the exercises' (or one of its givens a practice
    check would explain: the same hand and trick)."""
    practice = set()
    for path in (ROOT / "exercises").glob("*.ipynb"):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.get("id", "").endswith("-check"):
                practice.update(re.findall(r'"([^"]{5,})"', cell.source))
    exam_givens = set()
    for cell in instructor.cells:
        if cell.get("id", "").endswith("-check"):
            exam_givens.update(re.findall(r'"([^"]{5,})"', cell.source))
    assert exam_givens and not exam_givens & practice


def test_nothing_the_student_sees_comes_from_the_secret_but_the_givens(instructor, tmp_path):
    assert main(["exam", "--secret", SECRET, "--name", "exam-1", "--out", str(tmp_path)]) == 0
    student = (tmp_path / "students" / "exam-1.ipynb").read_text(encoding="utf-8")
    assert SECRET not in student and "### BEGIN" not in student
    assert "exam-1" in student  # named by the teacher
    key = (tmp_path / "key" / "exam-1-key.md").read_text(encoding="utf-8")
    assert SECRET not in key and key == exam_key(SECRET, "exam-1")
    for question in questions(SECRET, "exam-1"):
        assert question.solution not in student or question.kind == "seat"


@pytest.mark.parametrize(
    "secret",
    [
        *sorted(EXAMPLE_SECRETS),
        "Banyan  Tree 42",  # the example, spaced and cased otherwise
        "short",
        "           x",
        "",
        None,
        42,
        ["a list of twelve"],
    ],
)
def test_a_secret_a_student_could_try_is_refused(secret, tmp_path):
    with pytest.raises(ExamError):
        check_secret(secret)
    with pytest.raises(ExamError):
        questions(secret)  # type: ignore[arg-type]
    if isinstance(secret, str):
        assert main(["exam", "--secret", secret, "--out", str(tmp_path)]) == 2
        assert not any(tmp_path.iterdir())


def test_every_secret_the_documentation_shows_is_refused():
    """The README's and the teaching page's example secrets never make a course's set or exam:
    a student reads them too."""
    shown = set()
    for page in ("README.md", "docs/teaching.md", "docs/class.md", "exercises/README.md"):
        text = (ROOT / page).read_text(encoding="utf-8")
        shown.update(re.findall(r'--secret "([^"]+)"', text))
    assert shown, "the documentation shows how --secret is written"
    for secret in shown:
        with pytest.raises(ExamError):
            check_secret(secret)
        with pytest.raises(ValueError, match="example"):
            from cardlib.exercises.puzzle_sets import course_seed

            course_seed(secret)


@pytest.mark.parametrize(
    ("name", "count"), [("../x", 2), ("a/b", 2), ("", 2), ("exam", 0), ("exam", 11), ("exam", True)]
)
def test_a_bad_name_or_count_is_refused(name, count):
    with pytest.raises(ExamError):
        questions(SECRET, name, count)


def _run(notebook, tmp_path: Path):
    NotebookClient(notebook, timeout=180, resources={"metadata": {"path": str(tmp_path)}}).execute()
    return notebook


def test_the_kernel_records_and_the_grader_judges(instructor, tmp_path):
    """The exam with its solutions and one wrong answer, run in a real kernel: each check shows
    only what it recorded; the grader judges from the release: all right but the wrong one."""
    exam = nbformat.from_dict(instructor)
    for cell in exam.cells:
        if cell.get("id") == "q5-answer":
            cell.source += (
                '\nanswer_5 = "2C"'  # never wins a trick led in another suit or with a trump
            )
    _run(exam, tmp_path)
    checks = [cell for cell in exam.cells if cell.get("id", "").endswith("-check")]
    shown = [_texts(cell)[0] for cell in checks]
    assert all(text.startswith("• Answer recorded: ") for text in shown), shown
    assert not any("✓" in text or "✗" in text for text in shown)
    judged = judge_cells(_release_cells(exam), {cell.id: cell.outputs for cell in checks})
    assert judged.mode == "exam" and judged.problems == ()
    right = [judged.verdicts[cell.id].correct for cell in checks]
    assert right == [cell.id != "q5-check" for cell in checks]
    assert str(judged.shown("q5-check")).startswith("✗ Not yet")


#: What a coder tries in an exam's kernel, after the exam's cells ran, to learn whether an answer
#: is right. Each must raise or find nothing; none may yield a verdict.
PROBES = {
    "the check behind the wrapper's __closure__": (
        "[c.cell_contents for c in (getattr(check_trick_winner, '__closure__', None) or ())]"
        " + [c.cell_contents for c in (getattr(check_trick_winner.__call__, '__closure__', None)"
        " or ())]"
    ),
    "the check's __wrapped__ or __globals__ holding a check": (
        "[v for v in getattr(check_trick_winner, '__globals__', {}).values()"
        " if getattr(v, '__module__', '') == 'cardlib.exercises.checks']"
        " + [getattr(check_trick_winner, '__wrapped__', None)]"
    ),
    "the grader's judge_check": "from cardlib.exercises.grading import judge_check",
    "reloading feedback": (
        "import importlib, cardlib.exercises.feedback as f\nimportlib.reload(f)"
    ),
    "importing the checks": "import cardlib.exercises.checks",
    "the checks through the package": "from cardlib.exercises import check_legal_plays as real",
    "another game's checks": "import cardlib.exercises.judgement",
    "the exam maker": "from cardlib.exercises.exam import exam_key",
    "any check function left in memory": (
        "import gc, cardlib.exercises.recording as r\n"
        "[o for o in gc.get_objects() if callable(o) and not isinstance(o, r.Recorder)"
        " and str(getattr(o, '__module__', '')) in r.JUDGING]"
    ),
    "the modules already loaded": (
        "import sys\n[m for m in sys.modules if m.startswith('cardlib.exercises.')"
        " and m not in ('cardlib.exercises.answers', 'cardlib.exercises.recording',"
        " 'cardlib.exercises.words')]"
    ),
    "flipping the mode": (
        'exercise_mode("homework")\nstr(check_trick_winner("2C", "3H 4H 5H 6H"))'
        ' + str(check_trick_winner("6H", "3H 4H 5H 6H"))'
    ),
}


@pytest.mark.parametrize("which", ["an exam of its own", "exercise 3 released in exam mode"])
def test_no_probe_tells_right_from_wrong_in_an_exam_kernel(instructor, tmp_path, which):
    if which == "an exam of its own":
        student = student_version(instructor, "exam")
    else:
        path = ROOT / "exercises" / "03-trick-winners.ipynb"
        student = student_version(nbformat.read(path, as_version=4), "exam")
    probes = [nbformat.v4.new_code_cell(source) for source in PROBES.values()]
    student.cells.extend(probes)
    NotebookClient(
        student,
        timeout=180,
        allow_errors=True,
        resources={"metadata": {"path": str(tmp_path)}},
    ).execute()
    for what, cell in zip(PROBES, probes, strict=True):
        errors = [o for o in cell.outputs if o.output_type == "error"]
        shown = "".join(_texts(cell))
        if what == "flipping the mode":
            assert not errors and "✓" not in shown and "✗" not in shown, shown
            assert shown.count("Answer recorded") == 2, shown
        elif errors:
            assert errors[0].ename in ("ImportError", "ModuleNotFoundError"), (what, errors)
        else:
            assert shown in ("[]", "[None]"), (what, shown)


def test_homework_and_practice_keep_their_immediate_feedback(tmp_path):
    (written,) = [p for p in release(out=tmp_path, mode="homework") if "03" in p.name]
    notebook = nbformat.read(written, as_version=4)
    for cell in notebook.cells:
        if cell.get("id") == "q1-answer":
            cell.source = 'answer_1 = "9H"'
    _run(notebook, tmp_path)
    q1 = next(cell for cell in notebook.cells if cell.get("id") == "q1-check")
    assert any(text.startswith("✗ Not yet") for text in _texts(q1))


def test_a_copy_of_another_release_is_not_the_exam(tmp_path):
    """Issue 36: a homework copy with one word of its mode cell changed is not graded as the
    exam (the old exam path, exercise 3 in exam mode, asks the homework's questions)."""
    path = ROOT / "exercises" / "03-trick-winners.ipynb"
    instructor = nbformat.read(path, as_version=4)
    exam = student_version(instructor, "exam")
    homework = student_version(instructor, "homework")
    cells = _release_cells(exam)
    assert other_release(exam, cells) is None
    assert other_release(homework, _release_cells(homework)) is None
    for cell in homework.cells:
        if cell.get("id") == "mode":
            cell.source = cell.source.replace('"homework"', '"exam"')
    assert other_release(homework, cells) is not None
    stripped = nbformat.from_dict(homework)
    del stripped.metadata["cardlib"]
    assert other_release(stripped, cells) is not None  # an exam's copy must say it is one
    old = nbformat.from_dict(homework)  # a homework release from before identities: graded
    del old.metadata["cardlib"]
    assert other_release(old, _release_cells(student_version(instructor, "homework"))) is None
    for cardlib in ("a string", {"release": 7}, {"release": "0" * 64}):
        forged = nbformat.from_dict(exam)
        forged.metadata["cardlib"] = cardlib
        assert other_release(forged, cells) is not None


def test_every_exercise_released_in_exam_mode_imports_recorders_the_grader_can_resolve(tmp_path):
    """An exercise in exam mode (the quiz path, ``release --mode exam``) judges nothing in the
    kernel either: its locked cells import their checks from the recorders, and each name is
    a check the grader finds."""
    import ast

    from cardlib.exercises.grading import real_check

    for path in release(out=tmp_path, mode="exam"):
        notebook = nbformat.read(path, as_version=4)
        for cell in notebook.cells:
            if not cell.get("metadata", {}).get("nbgrader", {}).get("locked"):
                continue
            if cell.cell_type != "code":
                continue
            for node in ast.walk(ast.parse(cell.source)):
                if isinstance(node, ast.ImportFrom) and node.module.startswith("cardlib.exercises"):
                    assert node.module == "cardlib.exercises.recording", (path.name, cell.source)
                    for alias in node.names:
                        if alias.name.startswith("check_"):
                            assert callable(real_check(alias.name))


def test_a_release_that_imports_more_than_checks_keeps_them_and_nothing_is_half_done():
    from cardlib.exercises.release import recording_imports

    assert recording_imports("from cardlib.exercises import check_card, exercise_mode") == (
        "from cardlib.exercises.recording import check_card, exercise_mode"
    )
    assert recording_imports("from cardlib.exercises import read_cards") is None
    assert recording_imports("import cardlib.exercises.checks") is None
    assert recording_imports("from cardlib import callbreak") == "from cardlib import callbreak"
    notebook = nbformat.read(ROOT / "exercises" / "03-trick-winners.ipynb", as_version=4)
    for cell in notebook.cells:
        if cell.get("id") == "setup":
            cell.source += "\nfrom cardlib.exercises.feedback import read_cards"
    exam = student_version(notebook, "exam")
    assert "cardlib.exercises.recording" not in str(exam.cells)  # all or nothing


def test_a_puzzle_set_in_exam_mode_records_only(tmp_path):
    argv = ["puzzles", "--count", "2", "--level", "easy", "--secret", SECRET, "--mode", "exam"]
    assert main([*argv, "--out", str(tmp_path)]) == 0
    (student,) = (tmp_path / "students").glob("*.ipynb")
    text = student.read_text(encoding="utf-8")
    assert "from cardlib.exercises.recording import check_legal_plays, note_solved" in text


def test_a_puzzle_sets_homework_copy_is_a_copy_of_the_release_made_from_its_source(tmp_path):
    """The students/ copy says homework, the source/ notebook graded (homework's older name):
    one mode, one identity. Its exam copy is another release."""
    argv = ["puzzles", "--count", "2", "--level", "easy", "--seed", "3", "--out", str(tmp_path)]
    assert main(argv) == 0
    (source,) = (tmp_path / "source").glob("*.ipynb")
    (student,) = (tmp_path / "students").glob("*.ipynb")
    cells = _release_cells(nbformat.read(source, as_version=4))
    assert other_release(nbformat.read(student, as_version=4), cells) is None
    assert main([*argv, "--mode", "exam"]) == 0
    assert other_release(nbformat.read(student, as_version=4), cells) is not None
