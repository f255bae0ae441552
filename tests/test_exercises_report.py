"""The class report (python -m cardlib.exercises report) on a course built in a temporary folder:
a gradebook with exercise 2's release cells and four students' grades, written with nbgrader's
own API (no kernel needed), then read back as HTML and CSV."""

from __future__ import annotations

import csv
import json
import os
import sys
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

from cardlib.exercises.__main__ import main
from cardlib.exercises.release import student_version
from cardlib.exercises.report import class_report, percent

ROOT = Path(__file__).resolve().parent.parent
#: Which questions of exercise 2 each student got right.
RIGHT = {
    "asha": {1, 2, 3, 4, 5, 6, 7, 8},
    "ben": {1, 2, 5},
    "chen": {1, 2, 3, 5, 6},
    "dev": set(),
}


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Path:
    from nbgrader.api import Gradebook

    folder = tmp_path_factory.mktemp("course")
    # nbgrader creates a gradebook with alembic, which it finds on PATH (the venv's bin).
    path = os.environ.get("PATH", "")
    os.environ["PATH"] = str(Path(sys.executable).parent) + os.pathsep + path
    release = student_version(
        nbformat.read(ROOT / "exercises" / "02-legal-plays.ipynb", as_version=4), "homework"
    )
    with Gradebook(f"sqlite:///{folder / 'gradebook.db'}") as gradebook:
        gradebook.add_assignment("week-1")
        gradebook.add_notebook("02-legal-plays", "week-1")
        for cell in release.cells:
            meta = cell.metadata.get("nbgrader", {})
            if "grade_id" not in meta:
                continue
            if meta.get("grade"):
                gradebook.add_grade_cell(
                    meta["grade_id"], "02-legal-plays", "week-1", max_score=1, cell_type="code"
                )
            if meta.get("solution"):
                gradebook.add_solution_cell(meta["grade_id"], "02-legal-plays", "week-1")
            gradebook.add_source_cell(
                meta["grade_id"],
                "02-legal-plays",
                "week-1",
                cell_type=cell.cell_type,
                locked=bool(meta.get("locked")),
                source=cell.source,
            )
        for student, right in RIGHT.items():
            gradebook.add_student(student)
            gradebook.add_submission("week-1", student)
            for number in range(1, 9):
                grade = gradebook.find_grade(
                    f"q{number}-check", "02-legal-plays", "week-1", student
                )
                grade.auto_score = 1.0 if number in right else 0.0
            gradebook.db.commit()
    os.environ["PATH"] = path
    return folder


def test_the_report_counts_per_question_per_rule_per_student(course):
    report = class_report(f"sqlite:///{course / 'gradebook.db'}")
    shares = {row.question: row.share_right for row in report.questions}
    assert shares == {
        f"q{n}": Fraction(sum(n in r for r in RIGHT.values()), 4) for n in range(1, 9)
    }
    rules = {row.question: row.rule for row in report.questions}
    assert rules["q1"] == "lead" and rules["q3"] == "must-beat"  # from the release's givens
    for row in report.rules:  # a rule's mistakes are the wrong answers to its questions
        asked = [q for q in report.questions if q.rule == row.rule]
        assert row.mistakes == sum(q.students - q.right for q in asked)
        assert row.answers == 4 * len(asked)
    mistakes = [row.mistakes for row in report.rules]
    assert mistakes == sorted(mistakes, reverse=True)  # the rule most got wrong first
    assert {row.student: row.score for row in report.students} == {
        s: len(r) for s, r in RIGHT.items()
    }
    assert percent(Fraction(2, 3)) == "67%" and percent(Fraction(1, 8)) == "12%"


def test_the_command_writes_html_with_bar_charts_and_csv(course, capsys):
    assert main(["report", "--course", str(course)]) == 0
    out = course / "reports"
    page = (out / "class-report.html").read_text(encoding="utf-8")
    assert page.count('<svg role="img"') == 2 and "02-legal-plays q3" in page
    assert "<title>02-legal-plays q1: 75% of students right</title>" in page
    with open(out / "class-report-students.csv", encoding="utf-8") as file:
        rows = {row["student"]: row["score"] for row in csv.DictReader(file)}
    assert rows == {"asha": "8", "ben": "3", "chen": "5", "dev": "0"}
    with open(out / "class-report-questions.csv", encoding="utf-8") as file:
        questions = list(csv.DictReader(file))
    assert [q["question"] for q in questions] == [f"q{n}" for n in range(1, 9)]
    assert questions[0]["share_right"] == "75%"
    assert "wrote " in capsys.readouterr().out


def test_no_gradebook_gets_one_line_and_exit_2(tmp_path, capsys):
    assert main(["report", "--course", str(tmp_path)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "no nbgrader gradebook" in error


def test_site_downloads_are_handed_in_under_the_names_nbgrader_expects(tmp_path, capsys):
    from cardlib.exercises.handin import expected_name

    assert expected_name("exercises_03-trick-winners.ipynb") == "03-trick-winners.ipynb"
    assert expected_name("exercises_03-trick-winners (2).ipynb") == "03-trick-winners.ipynb"
    assert expected_name("03-trick-winners.ipynb") == "03-trick-winners.ipynb"
    downloads = tmp_path / "downloads"
    for student, names in {"ben": ["exercises_03-trick-winners.ipynb"], "asha": []}.items():
        (downloads / student).mkdir(parents=True)
        for name in names:
            (downloads / student / name).write_text("{}", encoding="utf-8")
    old = downloads / "ben" / "exercises_03-trick-winners.ipynb"
    os.utime(old, (1_700_000_000, 1_700_000_000))
    newer = downloads / "ben" / "exercises_03-trick-winners (1).ipynb"
    newer.write_text('{"newer": 1}', encoding="utf-8")
    os.utime(newer, (1_800_000_000, 1_800_000_000))
    course = tmp_path / "course"
    argv = ["handin", str(downloads), "--course", str(course), "--assignment", "ex3"]
    assert main(argv) == 0
    handed = course / "submitted" / "ben" / "ex3"
    assert sorted(p.name for p in handed.iterdir()) == [
        "03-trick-winners.ipynb",
        "timestamp-source.txt",
        "timestamp.txt",
    ]
    assert (handed / "03-trick-winners.ipynb").read_text() == '{"newer": 1}'  # the latest
    assert (handed / "timestamp.txt").read_text() == "2027-01-15 08:00:00.000000 UTC"
    assert not (course / "submitted" / "asha").exists()
    assert main(["handin", str(tmp_path / "none"), "--assignment", "ex3"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_a_download_in_another_mode_than_the_release_is_skipped_with_its_reason(tmp_path, capsys):
    def notebook(mode: str) -> str:
        cell = {"id": "mode", "source": f'exercise_mode("{mode}")'}
        return json.dumps({"cells": [cell], "metadata": {}})

    course, downloads = tmp_path / "course", tmp_path / "downloads"
    (course / "release" / "exam-1").mkdir(parents=True)
    (course / "release" / "exam-1" / "03-trick-winners.ipynb").write_text(notebook("exam"))
    (downloads / "ben").mkdir(parents=True)  # Ben took no exam: only last week's homework
    (downloads / "ben" / "homework_03-trick-winners.ipynb").write_text(notebook("graded"))
    (downloads / "asha").mkdir(parents=True)
    (downloads / "asha" / "exam_03-trick-winners.ipynb").write_text(notebook("exam"))
    argv = ["handin", str(downloads), "--course", str(course), "--assignment", "exam-1"]
    assert main(argv) == 0
    assert (course / "submitted" / "asha" / "exam-1" / "03-trick-winners.ipynb").exists()
    assert not (course / "submitted" / "ben").exists()  # nothing for nbgrader to grade
    out = capsys.readouterr().out
    assert "homework_03-trick-winners.ipynb: a homework copy, not the exam exam-1" in out


@pytest.mark.parametrize("name", ["../escape", "", " ", "a/b", "a\\b", ".hidden", "ex+3", "ex\n3"])
def test_an_assignment_name_that_is_not_one_folder_is_refused_in_one_line(tmp_path, capsys, name):
    """Issue 43: --assignment ../escape or '' exited 0 and said nothing (and ../escape wrote
    outside submitted/STUDENT/)."""
    downloads = tmp_path / "downloads"
    (downloads / "ben").mkdir(parents=True)
    (downloads / "ben" / "exercises_03-trick-winners.ipynb").write_text("{}", encoding="utf-8")
    course = tmp_path / "course"
    assert main(["handin", str(downloads), "--course", str(course), "--assignment", name]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "--assignment must name one assignment folder" in error
    assert repr(name) in error
    assert not (tmp_path / "escape").exists() and not course.exists()


def test_a_handin_that_finds_no_notebook_says_so_and_fails(tmp_path, capsys):
    downloads = tmp_path / "downloads"
    (downloads / "ben").mkdir(parents=True)
    (downloads / "ben" / "notes.txt").write_text("no notebook", encoding="utf-8")
    argv = ["handin", str(downloads), "--course", str(tmp_path), "--assignment", "ex3"]
    assert main(argv) == 1
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "nothing handed in" in error


@pytest.mark.parametrize(
    "content", [b"not a database at all", b"", b"SQLite format 3\x00" + b"\x00" * 200]
)
def test_a_gradebook_that_is_not_nbgraders_gets_one_line_and_exit_2(tmp_path, capsys, content):
    """Issue 43: a gradebook.db that is not SQLite (or not nbgrader's) printed SQLAlchemy's
    message and a link to its documentation."""
    (tmp_path / "gradebook.db").write_bytes(content)
    assert main(["report", "--course", str(tmp_path)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "gradebook.db is not an nbgrader gradebook (" in error
    assert "sqlalche.me" not in error and "Traceback" not in error
    assert not (tmp_path / "reports").exists()


def test_a_failed_submission_is_not_counted_as_wrong_answers(course, tmp_path):
    """Issue 36, item 5: Dev's hand-in failed (handed in, never graded): his zeros are no
    mistakes of the class. The shares and the rules' mistakes count Asha, Ben and Chen only;
    Dev's total still counts his 0."""
    import shutil

    folder = tmp_path / "course"
    shutil.copytree(course, folder)
    (folder / "submitted" / "dev" / "week-1").mkdir(parents=True)
    report = class_report(f"sqlite:///{folder / 'gradebook.db'}", folder)
    graded = {s: r for s, r in RIGHT.items() if s != "dev"}
    shares = {row.question: row.share_right for row in report.questions}
    assert shares == {
        f"q{n}": Fraction(sum(n in r for r in graded.values()), 3) for n in range(1, 9)
    }
    assert all(row.answers == 3 * row.questions for row in report.rules)
    rows = {row.student: row for row in report.submissions}
    assert rows["dev"].state == "failed" and rows["asha"].state == "graded"
    assert {row.student: row.score for row in report.students}["dev"] == 0


def test_a_time_taken_from_a_file_is_marked_file_time_in_the_report(course, tmp_path):
    """Issue 36, item 5: a notebook downloaded from the static site carries no time the student
    cannot set, so ``handin`` takes the file's time and says so; the report shows it as a file
    time, and a time nbgrader's exchange wrote as it is."""
    import shutil
    from datetime import datetime

    from nbgrader.api import Gradebook

    folder = tmp_path / "course"
    shutil.copytree(course, folder)
    with Gradebook(f"sqlite:///{folder / 'gradebook.db'}") as gradebook:
        for student in ("asha", "ben"):
            submission = gradebook.find_submission("week-1", student)
            submission.timestamp = datetime(2026, 12, 1, 9, 30, 15)
        gradebook.db.commit()
    downloads = tmp_path / "downloads"
    (downloads / "ben").mkdir(parents=True)
    (downloads / "ben" / "exercises_02-legal-plays.ipynb").write_text("{}", encoding="utf-8")
    argv = ["handin", str(downloads), "--course", str(folder), "--assignment", "week-1"]
    assert main(argv) == 0
    handed = folder / "submitted" / "ben" / "week-1"
    assert (handed / "timestamp-source.txt").read_text(encoding="utf-8") == "file time\n"
    (folder / "submitted" / "asha" / "week-1").mkdir(parents=True)  # by the exchange: no label
    (folder / "autograded" / "ben" / "week-1").mkdir(parents=True)
    (folder / "autograded" / "asha" / "week-1").mkdir(parents=True)
    rows = {
        r.student: r
        for r in class_report(f"sqlite:///{folder / 'gradebook.db'}", folder).submissions
    }
    assert rows["ben"].handed_in == "2026-12-01 09:30:15 UTC (file time)"
    assert rows["asha"].handed_in == "2026-12-01 09:30:15 UTC"
    (handed / "timestamp-source.txt").write_text("the exchange", encoding="utf-8")  # not ours
    rows = {
        r.student: r
        for r in class_report(f"sqlite:///{folder / 'gradebook.db'}", folder).submissions
    }
    assert rows["ben"].handed_in == "2026-12-01 09:30:15 UTC"
