"""A class report from nbgrader's gradebook: which questions and rules a class gets wrong.

``python -m cardlib.exercises report`` (in the course folder) reads ``gradebook.db`` after
``nbgrader autograde`` and writes into ``reports/``:

- ``class-report.html``: per question the share of students right, as a bar chart; per rule id
  (the ladder's one vocabulary: ``follow-suit``, ``must-beat``, …) the share of mistakes on the
  questions that turn on it; per student the totals, with missing work counted as 0 of its
  points; per submission its state (graded, failed, missing), the time it was handed in (its
  ``timestamp.txt``, as nbgrader's exchange records it; a time :mod:`~cardlib.exercises.handin`
  could only take from a file is marked "(file time)") and what the
  grader noted (a repaired or restored cell, a question it could not judge, an answer flagged
  for using the engine: :func:`cardlib.exercises.grading.notes_of`);
- ``class-report-questions.csv``, ``class-report-rules.csv``, ``class-report-students.csv``,
  ``class-report-submissions.csv``: the same tables, for a spreadsheet (the companion of
  nbgrader's ``grades.csv``, which shows none of this).

A question's rule id is worked out from the release's own cells (the check's givens), as the
grading does. The shares count graded submissions only: a failed one (not run, or not a copy of
the release) is listed with its reason, and its zeros are not counted as wrong answers.
Shares are exact fractions, shown as whole percents.
"""

from __future__ import annotations

import csv
from contextlib import closing, suppress
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from pathlib import Path
from typing import Any

from cardlib.exercises.grading import ReleaseCell, judge_cells, notes_of
from cardlib.exercises.handin import FILE_TIME, time_source


@dataclass(frozen=True)
class QuestionRow:
    """One graded question: how many students handed it in and how many got it right."""

    assignment: str
    notebook: str
    question: str
    rule: str
    students: int
    right: int

    @property
    def share_right(self) -> Fraction:
        """The share of students right (0 when nobody handed the question in)."""
        return Fraction(self.right, self.students) if self.students else Fraction(0)


@dataclass(frozen=True)
class RuleRow:
    """One rule id: answers to the questions that turn on it, and how many were mistakes."""

    rule: str
    questions: int
    answers: int
    mistakes: int

    @property
    def share_mistakes(self) -> Fraction:
        """The share of answers that were mistakes."""
        return Fraction(self.mistakes, self.answers) if self.answers else Fraction(0)


@dataclass(frozen=True)
class StudentRow:
    """One student's total over every assignment of the gradebook: work not handed in (or
    not graded) counts as 0 of its points, and ``missing`` says how many assignments that is."""

    student: str
    score: Fraction
    max_score: Fraction
    missing: int = 0


#: A submission's state in the report.
GRADED, FAILED, MISSING = "graded", "failed", "missing"


@dataclass(frozen=True)
class SubmissionRow:
    """One student's hand-in of one assignment: its state, when it was handed in (``""`` when
    it was not, or no time was recorded), and the grader's notes (``kind: why``)."""

    student: str
    assignment: str
    state: str
    handed_in: str
    notes: tuple[str, ...] = ()

    @property
    def flagged(self) -> bool:
        """Whether an answer was flagged for using the engine or the checks."""
        return any(item.startswith("uses the engine:") for item in self.notes)


@dataclass(frozen=True)
class ClassReport:
    """The tables of a class report."""

    questions: tuple[QuestionRow, ...]
    rules: tuple[RuleRow, ...]
    students: tuple[StudentRow, ...]
    submissions: tuple[SubmissionRow, ...] = ()


def _rules_of(notebook) -> dict[str, str]:
    """Each check cell's rule id, from the release's cells (no answer needed)."""
    graded = {cell.name for cell in notebook.grade_cells}
    solutions = {cell.name for cell in notebook.solution_cells}
    cells = [
        ReleaseCell(
            cell.name,
            cell.cell_type,
            bool(cell.locked),
            cell.name in graded,
            cell.name in solutions,
            cell.source or "",
        )
        for cell in notebook.source_cells
    ]
    try:
        judged = judge_cells(cells, {})
    except Exception:  # a teacher's own cell that does not run here: no rules, still a report
        return {}
    return {name: verdict.rule for name, verdict in judged.verdicts.items()}


def _stamp(timestamp: Any) -> str:
    """A hand-in time as the report shows it (UTC, to the second)."""
    if timestamp is None:
        return ""
    return f"{timestamp:%Y-%m-%d %H:%M:%S} UTC"


def _submission_row(
    course: Path | None, student: str, assignment: str, submission: Any
) -> SubmissionRow:
    """What the report says of one student's hand-in of ``assignment`` (``submission``: the
    gradebook's record, ``None`` when there is none)."""
    submitted = autograded = None
    if course is not None:
        submitted = course / "submitted" / student / assignment
        autograded = course / "autograded" / student / assignment
    handed_in = _stamp(getattr(submission, "timestamp", None))
    if handed_in and submitted is not None and time_source(submitted) == FILE_TIME:
        handed_in += f" ({FILE_TIME})"  # not the hand-in's own time: the teacher should know
    if submission is None:
        if submitted is not None and submitted.is_dir():
            why = "failed: handed in, but not graded (see nbgrader's log of autograde)"
            return SubmissionRow(student, assignment, FAILED, handed_in, (why,))
        return SubmissionRow(student, assignment, MISSING, "")
    if (
        autograded is not None
        and submitted is not None
        and submitted.is_dir()
        and not (autograded.is_dir())
    ):
        why = "failed: handed in, but autograding did not finish (see nbgrader's log)"
        return SubmissionRow(student, assignment, FAILED, handed_in, (why,))
    notes: list[str] = []
    if autograded is not None and autograded.is_dir():
        import nbformat

        for path in sorted(autograded.glob("*.ipynb")):
            try:
                notebook = nbformat.read(path, as_version=4)
            except Exception as error:  # an unreadable graded notebook is itself worth a note
                notes.append(f"failed: {path.name} cannot be read ({type(error).__name__})")
                continue
            notes.extend(f"{n['kind']}: {path.stem} {n['why']}" for n in notes_of(notebook))
    state = FAILED if any(n.startswith("failed:") for n in notes) else GRADED
    return SubmissionRow(student, assignment, state, handed_in, tuple(notes))


def class_report(db_url: str, course: str | Path | None = None) -> ClassReport:
    """The report of every assignment in the gradebook at ``db_url``; with the ``course``
    folder, each submission's state and the grader's notes are read from its ``submitted/``
    and ``autograded/`` folders too."""
    from nbgrader.api import Gradebook, MissingEntry

    course = None if course is None else Path(course)
    questions: list[QuestionRow] = []
    totals: dict[str, list[Fraction]] = {}
    hand_ins: list[SubmissionRow] = []
    with Gradebook(db_url) as gradebook:
        students = sorted(student.id for student in gradebook.students)
        totals = {student: [Fraction(0), Fraction(0), Fraction(0)] for student in students}
        for assignment in gradebook.assignments:
            submissions = {}
            for student in students:
                with suppress(MissingEntry):
                    submissions[student] = gradebook.find_submission(assignment.name, student)
            worth = sum(
                (
                    Fraction(cell.max_score).limit_denominator(1000)
                    for notebook in assignment.notebooks
                    for cell in notebook.grade_cells
                ),
                Fraction(0),
            )
            failed = set()
            for student in students:
                hand_in = _submission_row(
                    course, student, assignment.name, submissions.get(student)
                )
                hand_ins.append(hand_in)
                totals[student][1] += worth
                totals[student][2] += hand_in.state != GRADED
                if hand_in.state == FAILED:
                    failed.add(student)
            for notebook in assignment.notebooks:
                rules = _rules_of(notebook)
                for cell in sorted(notebook.grade_cells, key=lambda c: _order(c.name)):
                    handed, right = 0, 0
                    for student in submissions:
                        try:
                            grade = gradebook.find_grade(
                                cell.name, notebook.name, assignment.name, student
                            )
                        except MissingEntry:
                            continue
                        score = Fraction(grade.score or 0).limit_denominator(1000)
                        best = Fraction(cell.max_score).limit_denominator(1000)
                        totals[student][0] += score
                        if student in failed:
                            continue  # its 0s say what went wrong, not what the class knows
                        handed += 1
                        right += score == best
                    questions.append(
                        QuestionRow(
                            assignment.name,
                            notebook.name,
                            cell.name.removesuffix("-check"),
                            rules.get(cell.name, ""),
                            handed,
                            right,
                        )
                    )
    by_rule: dict[str, list[int]] = {}
    for row in questions:
        if row.rule:
            counts = by_rule.setdefault(row.rule, [0, 0, 0])
            counts[0] += 1
            counts[1] += row.students
            counts[2] += row.students - row.right
    rule_rows = tuple(
        RuleRow(rule, *counts)
        for rule, counts in sorted(by_rule.items(), key=lambda item: (-item[1][2], item[0]))
    )
    student_rows = tuple(
        StudentRow(s, totals[s][0], totals[s][1], int(totals[s][2])) for s in students
    )
    return ClassReport(tuple(questions), rule_rows, student_rows, tuple(hand_ins))


def _order(name: str) -> tuple:
    """Question 2 before question 10."""
    digits = "".join(ch for ch in name.split("-")[0] if ch.isdigit())
    return (int(digits) if digits else 0, name)


def percent(share: Fraction) -> str:
    """A share as a whole percent, rounded exactly (``Fraction(2, 3)`` → ``'67%'``)."""
    return f"{round(share * 100)}%"


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(value)


def write_csv(report: ClassReport, out: Path) -> list[Path]:
    """The three tables as CSV files in ``out``."""
    tables: dict[str, tuple[list[str], list[list[object]]]] = {
        "questions": (
            ["assignment", "notebook", "question", "rule", "students", "right", "share_right"],
            [
                [r.assignment, r.notebook, r.question, r.rule, r.students, r.right, percent(share)]
                for r in report.questions
                for share in [r.share_right]
            ],
        ),
        "rules": (
            ["rule", "questions", "answers", "mistakes", "share_mistakes"],
            [
                [r.rule, r.questions, r.answers, r.mistakes, percent(r.share_mistakes)]
                for r in report.rules
            ],
        ),
        "students": (
            ["student", "score", "max_score", "missing"],
            [
                [r.student, _number(r.score), _number(r.max_score), r.missing]
                for r in report.students
            ],
        ),
        "submissions": (
            ["student", "assignment", "state", "handed_in", "flagged", "notes"],
            [
                [r.student, r.assignment, r.state, r.handed_in, r.flagged, "; ".join(r.notes)]
                for r in report.submissions
            ],
        ),
    }
    written = []
    for name, (header, rows) in tables.items():
        path = out / f"class-report-{name}.csv"
        with open(path, "w", newline="", encoding="utf-8") as file:
            writer = csv.writer(file)
            writer.writerow(header)
            writer.writerows(rows)
        written.append(path)
    return written


def _bars(rows: list[tuple[str, Fraction]], colour: str, what: str) -> str:
    """A horizontal bar chart as SVG: a label, a bar and its percent per row."""
    height, width, label = 22, 300, 220
    lines = []
    for i, (name, share) in enumerate(rows):
        y = i * height
        bar = float(share * width)  # a drawing length only; every number shown is exact
        lines.append(
            f'<text x="{label - 6}" y="{y + 15}" text-anchor="end">{escape(name)}</text>'
            f'<rect x="{label}" y="{y + 3}" width="{bar:.1f}" height="{height - 6}" '
            f'fill="{colour}"><title>{escape(name)}: {percent(share)} {what}</title></rect>'
            f'<text x="{label + bar + 4:.1f}" y="{y + 15}">{percent(share)}</text>'
        )
    total = max(1, len(rows)) * height
    return (
        f'<svg role="img" aria-label="{escape(what)}, one bar per row" '
        f'width="{label + width + 50}" '
        f'height="{total}" font-family="sans-serif" font-size="13">{"".join(lines)}</svg>'
    )


def _table(header: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def html_page(report: ClassReport) -> str:
    """The report as one HTML page (no script, no outside file)."""
    question_bars = _bars(
        [(f"{r.notebook} {r.question}", r.share_right) for r in report.questions],
        "#009E73",  # Okabe–Ito green
        "of students right",
    )
    rule_bars = _bars(
        [(r.rule, r.share_mistakes) for r in report.rules], "#D55E00", "of answers wrong"
    )
    questions = _table(
        ["notebook", "question", "rule", "students", "right", "share right"],
        [
            [r.notebook, r.question, r.rule, str(r.students), str(r.right), percent(r.share_right)]
            for r in report.questions
        ],
    )
    rules = _table(
        ["rule", "questions", "answers", "mistakes", "share of mistakes"],
        [
            [r.rule, str(r.questions), str(r.answers), str(r.mistakes), percent(r.share_mistakes)]
            for r in report.rules
        ],
    )
    students = _table(
        ["student", "score", "out of", "not handed in or not graded"],
        [
            [r.student, _number(r.score), _number(r.max_score), str(r.missing)]
            for r in report.students
        ],
    )
    submissions = _table(
        ["student", "assignment", "state", "handed in", "flagged", "the grader's notes"],
        [
            [
                r.student,
                r.assignment,
                r.state,
                r.handed_in,
                "⚑ yes" if r.flagged else "",
                "; ".join(r.notes),
            ]
            for r in report.submissions
            if r.state != GRADED or r.notes
        ],
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        "<title>Class report</title><style>body{font-family:sans-serif;margin:2em}"
        "table{border-collapse:collapse}td,th{border:1px solid #999;padding:0.2em 0.6em}"
        "</style></head><body><h1>Class report</h1>"
        f"<h2>Per question: the share of students right</h2>{question_bars}{questions}"
        f"<h2>Per rule: the share of mistakes</h2>{rule_bars}{rules}"
        f"<h2>Per student: the totals</h2>{students}"
        "<h2>Submissions that failed, were flagged or are missing</h2>"
        "<p>Hand-in times are the hand-in's own, as nbgrader recorded them. A flag means an "
        "answer used the engine or the checks; you decide whether it counts.</p>"
        f"{submissions}</body></html>\n"
    )


class NotAGradebook(ValueError):
    """A ``gradebook.db`` that is not nbgrader's gradebook (not SQLite, or without its tables)."""


def check_gradebook(database: Path) -> None:
    """Refuse a file that is not an nbgrader gradebook, reading it only: nbgrader's own
    ``Gradebook`` would make an empty file into a new gradebook, and on a file that is not
    SQLite it raises the database library's error with a link to that library's pages."""
    import sqlite3

    try:
        with closing(sqlite3.connect(f"{database.resolve().as_uri()}?mode=ro", uri=True)) as db:
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    except sqlite3.Error as error:
        raise NotAGradebook(f"{database} is not an nbgrader gradebook ({error})") from None
    missing = {"assignment", "grade", "student"} - tables
    if missing:
        raise NotAGradebook(
            f"{database} is not an nbgrader gradebook (no {', '.join(sorted(missing))} table)"
        )


def write_report(course: str | Path = ".", out: str | Path | None = None) -> list[Path]:
    """Read ``course/gradebook.db``; write the HTML page and the CSV files into ``out``
    (default ``course/reports``); return their paths."""
    course = Path(course)
    database = course / "gradebook.db"
    if not database.is_file():
        raise FileNotFoundError(
            f"no nbgrader gradebook at {database}: run this in the course folder, after "
            "nbgrader autograde (or pass --course)"
        )
    check_gradebook(database)
    report = class_report(f"sqlite:///{database.resolve()}", course)
    out = course / "reports" if out is None else Path(out)
    out.mkdir(parents=True, exist_ok=True)
    page = out / "class-report.html"
    page.write_text(html_page(report), encoding="utf-8")
    return [page, *write_csv(report, out)]


__all__ = [
    "ClassReport",
    "NotAGradebook",
    "QuestionRow",
    "RuleRow",
    "StudentRow",
    "SubmissionRow",
    "check_gradebook",
    "class_report",
    "html_page",
    "percent",
    "write_csv",
    "write_report",
]
