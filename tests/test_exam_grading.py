"""Issue 36, item 3, with real nbgrader: an exam of its own graded as a teacher grades it.

A course with two exams: ``exam-1``, made by ``python -m cardlib.exercises exam`` from a course
secret, and ``exam-old``, exercise 3 released in exam mode (the old way, whose questions are the
homework's). Students of exam-1: one hands in the solutions (full marks), one the same with an
import of the engine in question 1 (full marks, flagged in the notes, the feedback and the class
report), one nothing. Students of exam-old: one hands in the exam's own copy with the solutions
(full marks), one the *homework* copy of exercise 3, answered with ✓ on every check and one word
of its mode cell changed to ``exam`` (not graded as the exam: 0, with the reason).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from cardlib.exercises.exam import write_exam
from cardlib.exercises.release import release

pytestmark = [pytest.mark.grading, pytest.mark.slow]

ROOT = Path(__file__).resolve().parent.parent
SECRET = "the teak cupboard, spring term"
HANDED_IN = "2026-12-01 09:30:15.000000 UTC"
#: Both assignments of the course, exam-1 and exam-old, as one nbgrader assignment pattern.
EXAMS = "exam-*"


def _run(course: Path, *args: str) -> str:
    env = dict(os.environ)
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    result = subprocess.run(
        [str(Path(sys.executable).parent / "nbgrader"), *args],
        cwd=course,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,  # a busy machine is slow, never wrong
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout + result.stderr


def _solutions(instructor: Path) -> dict[str, str]:
    notebook = nbformat.read(instructor, as_version=4)
    return {
        cell.id: "\n".join(line for line in cell.source.split("\n") if "### " not in line)
        for cell in notebook.cells
        if cell.metadata.get("nbgrader", {}).get("solution")
    }


def _hand_in(course: Path, student: str, assignment: str, notebook, name: str) -> None:
    folder = course / "submitted" / student / assignment
    folder.mkdir(parents=True)
    nbformat.write(notebook, folder / name)
    (folder / "timestamp.txt").write_text(HANDED_IN, encoding="utf-8")


def _answered(released: Path, solutions: dict[str, str], extra: dict[str, str] | None = None):
    notebook = nbformat.read(released, as_version=4)
    for cell in notebook.cells:
        if cell.get("id") in solutions:
            cell.source = solutions[cell.id] + (extra or {}).get(cell.id, "")
    return notebook


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Path:
    made = tmp_path_factory.mktemp("made")
    write_exam(SECRET, "exam-1", made, count=1)
    course = tmp_path_factory.mktemp("course")
    shutil.copy(ROOT / "nbgrader_config.py", course)
    shutil.copytree(made / "source" / "exam-1", course / "source" / "exam-1")
    old = [p for p in release(out=made / "old", mode="exam", keep_solutions=True) if "03" in p.name]
    (course / "source" / "exam-old").mkdir(parents=True)
    shutil.copy(old[0], course / "source" / "exam-old")
    # Both exams in one nbgrader call per step (the assignment name is a glob): each call
    # costs nbgrader's start and a gradebook opened, seconds on a busy machine.
    _run(course, "generate_assignment", EXAMS)

    exam = course / "release" / "exam-1" / "exam-1.ipynb"
    solutions = _solutions(course / "source" / "exam-1" / "exam-1.ipynb")
    _hand_in(course, "honest", "exam-1", _answered(exam, solutions), "exam-1.ipynb")
    engine = {"q1-answer": "\nfrom cardlib import legal_plays  # to check my answer"}
    _hand_in(course, "engine", "exam-1", _answered(exam, solutions, engine), "exam-1.ipynb")
    _hand_in(course, "nothing", "exam-1", nbformat.read(exam, as_version=4), "exam-1.ipynb")

    name = "03-trick-winners.ipynb"
    old_solutions = _solutions(ROOT / "exercises" / name)
    old_exam = course / "release" / "exam-old" / name
    _hand_in(course, "honest", "exam-old", _answered(old_exam, old_solutions), name)
    (homework,) = [p for p in release(out=made / "homework", mode="homework") if "03" in p.name]
    copy = _answered(homework, old_solutions)
    for cell in copy.cells:
        if cell.get("id") == "mode":
            cell.source = cell.source.replace('"homework"', '"exam"')
    _hand_in(course, "homework-copy", "exam-old", copy, name)

    log = _run(course, "autograde", EXAMS)
    (course / "autograde.log").write_text(log, encoding="utf-8")
    _run(course, "generate_feedback", EXAMS)
    return course


def _score(course: Path, assignment: str, student: str) -> float:
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        return gradebook.find_submission(assignment, student).score


def test_the_exam_of_its_own_is_graded_by_the_grader(course):
    assert _score(course, "exam-1", "honest") == 5
    assert _score(course, "exam-1", "nothing") == 0
    released = (course / "release" / "exam-1" / "exam-1.ipynb").read_text(encoding="utf-8")
    assert "cardlib.exercises.recording" in released and SECRET not in released
    assert "### BEGIN" not in released


def test_an_exam_student_who_calls_the_engine_is_flagged(course):
    from cardlib.exercises.grading import notes_of
    from cardlib.exercises.report import class_report

    assert _score(course, "exam-1", "engine") == 5  # the point follows the answer; you decide
    graded = course / "autograded" / "engine" / "exam-1" / "exam-1.ipynb"
    notes = notes_of(nbformat.read(graded, as_version=4))
    assert [(n["kind"], n["cell"]) for n in notes] == [("uses the engine", "q1-answer")]
    feedback = course / "feedback" / "engine" / "exam-1" / "exam-1.html"
    assert feedback.read_text(encoding="utf-8").count("Flagged for your teacher") == 1
    report = class_report(f"sqlite:///{course / 'gradebook.db'}", course)
    rows = {(row.student, row.assignment): row for row in report.submissions}
    assert rows[("engine", "exam-1")].flagged
    assert not rows[("honest", "exam-1")].flagged


def test_a_homework_copy_is_not_graded_as_the_exam(course):
    """One word of its mode cell changed and handed in as the exam: its answers were seen
    judged (homework's ✓), so it scores nothing, and the teacher and the student read why."""
    from cardlib.exercises.grading import notes_of

    assert _score(course, "exam-old", "honest") == 6
    assert _score(course, "exam-old", "homework-copy") == 0
    graded = course / "autograded" / "homework-copy" / "exam-old" / "03-trick-winners.ipynb"
    notes = notes_of(nbformat.read(graded, as_version=4))
    assert notes and all("not a copy of this assignment's release" in n["why"] for n in notes)
    feedback = course / "feedback" / "homework-copy" / "exam-old" / "03-trick-winners.html"
    assert "not a copy of this assignment" in feedback.read_text(encoding="utf-8")
    log = (course / "autograde.log").read_text(encoding="utf-8")
    assert "homework-copy/exam-old/03-trick-winners: not graded" in log
    assert "honest/exam-old/03-trick-winners: not graded" not in log


def test_the_class_report_lists_the_copy_as_failed_and_counts_no_wrong_answer_of_it(course):
    from cardlib.exercises.report import FAILED, GRADED, class_report

    report = class_report(f"sqlite:///{course / 'gradebook.db'}", course)
    rows = {(row.student, row.assignment): row for row in report.submissions}
    assert rows[("homework-copy", "exam-old")].state == FAILED
    assert rows[("honest", "exam-old")].state == GRADED
    old = [row for row in report.questions if row.assignment == "exam-old"]
    assert old and all(row.students == row.right == 1 for row in old)  # the honest one only
