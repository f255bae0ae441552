"""nbgrader end to end, as a teacher runs it: a course built in a temporary folder from
``exercises/`` and the shipped ``nbgrader_config.py``; ``generate_assignment``; four synthetic
students autograded; feedback generated; grades exported.

The course holds the exercises and two puzzle sets, one of each kind (which cards may you play,
which card should you play). The students: one hands the released notebooks in unchanged
(0 points), one the solutions (full marks), one the solutions with question 1 of every notebook
answered wrongly (exactly those points lost), and one the solutions written in other accepted
forms (full marks: whatever a check accepts, the grade accepts). The feedback a student reads
carries the check's own sentences.

Then the students who try (on one notebook, to keep the run short): each trick of issue 21 in
the first answer cell (rebinding the checks, silencing stderr, patching ``Feedback.correct``,
turning IPython's display of results off), one who flips the mode, one who deletes the imports
cell, one who deletes a check cell. Each earns exactly what the answers the notebook reported
deserve: the grade is judged outside the kernel (``cardlib.exercises.grading``).
"""

from __future__ import annotations

import csv
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from cardlib.exercises.puzzle_sets import instructor_notebook
from cardlib.puzzles.best_play import best_puzzle

pytestmark = [pytest.mark.grading, pytest.mark.slow]

ROOT = Path(__file__).resolve().parent.parent
ASSIGNMENT = "exercises"
#: Every instructor notebook of exercises/, and two puzzle sets' (a point per puzzle); filled in
#: by the course fixture, which writes the puzzle sets.
NOTEBOOKS: list[Path] = []

# One wrong answer per notebook, for question 1 (a plausible mistake, not a wrong type).
WRONG_FIRST_ANSWER = {
    "01-cards-and-dealing": '"KH"',
    "02-legal-plays": '"AS"',
    "03-trick-winners": '"9H"',
    "04-scoring": '"4.1"',
    "05-choosing-a-call": '"3.2"',
    "06-worked-deal": "(start.to_act + 1) % 4",
    "10-judgement": '"S"',
    "20-call-bridge": '"KH"',
    "30-bridge": '"1S 2H"',
    "puzzles-medium-seed7": "hand_1.split()[:1]",  # one card: every puzzle allows two at least
}


def _wrong_best_card(level: str, seed: int) -> str:
    """A legal card of best-play puzzle 1 that is not best (worked out here, not in the
    student's kernel)."""
    p = best_puzzle(level, seed, 0)
    return repr(next(v.card.code for v in p.values if v.card not in p.best))


BEST_SET = ("easy", 7)  # a best-play puzzle set of the course: level and seed
WRONG_FIRST_ANSWER[f"puzzles-best-{BEST_SET[0]}-seed{BEST_SET[1]}"] = _wrong_best_card(*BEST_SET)

# Another way of writing a right answer, as a student might: run after the solution.
ALTERNATIVE = """
def _alternative(value):
    from decimal import Decimal
    from fractions import Fraction

    from cardlib import Card, RULE_IDS

    if isinstance(value, (set, frozenset)) or (
        isinstance(value, (list, tuple)) and value and isinstance(value[0], Card)
    ):
        return [card.code.lower() for card in sorted(value)]
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return f" {value} "
    if isinstance(value, Decimal):
        return Fraction(value)
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, (list, tuple)):
        return tuple(_alternative(item) if not isinstance(item, str) else item for item in value)
    if isinstance(value, str):
        if value in RULE_IDS:
            return value.upper().replace("-", " ")
        try:
            return Decimal(value)
        except Exception:
            pass
        if value.lower() in ("north", "south", "east", "west"):
            return value[0].lower()
        return "  " + "  ".join(value.split()).swapcase() + " "
    return value
"""


def _points() -> dict[str, float]:
    totals = {}
    for path in NOTEBOOKS:
        notebook = nbformat.read(path, as_version=4)
        totals[path.stem] = sum(
            cell.metadata["nbgrader"].get("points", 0)
            for cell in notebook.cells
            if cell.metadata.get("nbgrader", {}).get("grade")
        )
    return totals


def _run(course: Path, *args: str, check: bool = True) -> str:
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
    assert result.returncode == 0 or not check, result.stdout + result.stderr
    return result.stdout + result.stderr


def _solution_sources(path: Path) -> dict[str, str]:
    """Each answer cell of an instructor notebook with its solution in place (markers removed)."""
    notebook = nbformat.read(path, as_version=4)
    return {
        cell.id: "\n".join(line for line in cell.source.split("\n") if "### " not in line)
        for cell in notebook.cells
        if cell.metadata.get("nbgrader", {}).get("solution")
    }


def _handed_in(student: str) -> list[Path]:
    """The notebooks a student hands in: all, or for a student who tries, exercise 3 (or,
    for one who tinkers with exercise 6's position, exercise 6)."""
    if student in TINKERS:
        return [path for path in NOTEBOOKS if path.stem == "06-worked-deal"]
    if student in TRICKS or student in DELETES or student in TROUBLE:
        return [path for path in NOTEBOOKS if path.stem in TRIED]
    return NOTEBOOKS


def _submit(course: Path, student: str, answers) -> None:
    """A student's submission: the released notebooks with answer cells from ``answers``."""
    folder = course / "submitted" / student / ASSIGNMENT
    folder.mkdir(parents=True)
    for path in _handed_in(student):
        released = nbformat.read(course / "release" / ASSIGNMENT / path.name, as_version=4)
        solutions = _solution_sources(path)
        for cell in released.cells:
            if cell.id in solutions:
                cell.source = answers(path.stem, cell.id, cell.source, solutions[cell.id])
        released.cells = [cell for cell in released.cells if cell.id != DELETES.get(student)]
        if student in REWORKED:
            REWORKED[student](released)
        nbformat.write(released, folder / path.name)
    # As nbgrader's exchange writes it at hand-in; the class report shows this time.
    (folder / "timestamp.txt").write_text(HANDED_IN, encoding="utf-8")


HANDED_IN = "2026-12-01 09:30:15.000000 UTC"


def _unchanged(_stem, _cell_id, released, _solution):
    return released


def _solutions(_stem, _cell_id, _released, solution):
    return solution


def _one_wrong(stem, cell_id, _released, solution):
    if cell_id == "q1-answer":
        return solution + f"\nanswer_1 = {WRONG_FIRST_ANSWER[stem]}"
    return solution


def _alternative_forms(_stem, cell_id, _released, solution):
    number = cell_id.split("-")[0][1:]
    return solution + "\n" + ALTERNATIVE + f"\nanswer_{number} = _alternative(answer_{number})"


STUDENTS = {
    "unchanged": _unchanged,
    "solutions": _solutions,
    "one-wrong": _one_wrong,
    "alternatives": _alternative_forms,
}

# The tricks, each put at the top of the first answer cell of a student who answers question 1
# wrongly and the rest rightly. What the reported answers deserve: all but question 1's point,
# or 0 where the trick stops the notebook reporting answers at all.
TRICKS = {
    "rebinds-checks": (
        "for _name in [n for n in globals() if n.startswith('check_')]:\n"
        "    globals()[_name] = lambda *a, **k: None",
        "none reported",
    ),
    "silences-stderr": ("import io, sys\nsys.stderr = io.StringIO()", "all but q1"),
    "patches-feedback": (
        "from cardlib.exercises import Feedback\n"
        "Feedback.correct = property(lambda self: True)\n"
        "Feedback.__bool__ = lambda self: True",
        "all but q1",
    ),
    "hides-results": ('get_ipython().ast_node_interactivity = "none"', "none reported"),
    "flips-mode": (
        "from cardlib.exercises import exercise_mode, feedback as _f\n"
        'exercise_mode("practice")\n_f._mode = "practice"\n_mode = "practice"',
        "all but q1",
    ),
}
#: The notebook the students who try hand in (one short one keeps the run short; every
#: notebook is judged the same way, by the same preprocessor).
TRIED = ("03-trick-winners",)


def _trick(code: str):
    def answers(stem, cell_id, released, solution):
        if cell_id == "q1-answer":
            return code + "\n" + _one_wrong(stem, cell_id, released, solution)
        return solution

    return answers


STUDENTS.update({name: _trick(code) for name, (code, _deserved) in TRICKS.items()})
#: Students who delete a locked cell (and answer everything rightly): it is restored.
DELETES = {"deletes-imports": "setup", "deletes-check": "q2-check"}
STUDENTS.update(dict.fromkeys(DELETES, _solutions))


# ----- issue 36: submissions that stopped or stalled the whole class, or scored by silence ----

MIME = "application/vnd.cardlib.answer+json"


def _forging(forms: dict[str, dict]) -> str:
    """An answer cell's code that rebinds each check to show a forged report of its own name
    (and a "✓ Correct"), ``forms`` by check name (``"*"``: every other check)."""
    return (
        "from IPython.display import display\n"
        f"_forms = {forms!r}\n"
        "def _forger(name):\n"
        "    report = {'version': 1, 'check': name, 'answer': _forms.get(name, _forms.get('*'))}\n"
        f"    data = {{{MIME!r}: report, 'text/plain': '✓ Correct'}}\n"
        "    return lambda *a, **k: display(data, raw=True)\n"
        "for _name in [n for n in globals() if n.startswith('check_')]:\n"
        "    if _name in _forms or '*' in _forms:\n"
        "        globals()[_name] = _forger(_name)\n"
    )


# Forged forms as JSON text (the report carries the decoded value): a Fraction whose exact
# value prints more than 4300 digits, a Decimal whose exact value fills memory, and one (40
# characters as a report) whose exact value takes for ever to compute.
FRACTION_1E5000 = {"Fraction": "1e5000"}
DECIMAL_HUGE = {"Decimal": "1e999999999999999999"}
ENDLESS = {"Fraction": "1e99999999"}


def _answers_nothing_but_forges(stem, cell_id, released, _solution):
    if cell_id == "q1-answer":
        forms = {"check_trick_winner": FRACTION_1E5000, "*": DECIMAL_HUGE}
        return _forging(forms) + "\n" + released
    return released


def _endless_report_in_q1(stem, cell_id, released, solution):
    if cell_id == "q1-answer":
        return _forging({"check_trick_winner": ENDLESS}) + "\n" + solution
    if cell_id == "q2-answer":  # and the honest check back for the other questions
        return "from cardlib.exercises import check_trick_winner\n" + solution
    return solution


def _slow_decimal_in_q5(stem, cell_id, released, solution):
    if cell_id == "q5-answer":
        return solution + '\nfrom decimal import Decimal\nanswer_5 = Decimal("1e999999")'
    return solution


def _paste_check(notebook) -> None:
    """JupyterLab's copy and paste of check cell q2: the same grade id twice."""
    index = next(i for i, cell in enumerate(notebook.cells) if cell.get("id") == "q2-check")
    copy = nbformat.from_dict(dict(notebook.cells[index]))
    copy["id"] = "pasted"
    notebook.cells.insert(index + 1, copy)


def _edit_metadata(notebook) -> None:
    """A student who edits the nbgrader metadata (points, schema, locks, grade) and adds a
    graded cell of their own."""
    by_id = {cell.get("id"): cell for cell in notebook.cells}
    by_id["q3-check"].metadata["nbgrader"].update(points=5, schema_version=1, locked=False)
    by_id["q4-check"].metadata["nbgrader"]["grade"] = False
    extra = nbformat.v4.new_code_cell("print('✓ Correct')")
    extra.metadata["nbgrader"] = {
        "grade": True,
        "grade_id": "q9-check",
        "points": 10,
        "solution": False,
        "locked": False,
        "schema_version": 3,
        "task": False,
    }
    notebook.cells.append(extra)


#: Issue 36: each of these hands in exercise 3, and each costs its own submission at most.
TROUBLE = {
    "forges-reports": (_answers_nothing_but_forges, "nothing"),
    "endless-report": (_endless_report_in_q1, "all but q1"),
    "slow-decimal": (_slow_decimal_in_q5, "all but q5"),
    "pastes-check": (_solutions, "all"),
    "edits-metadata": (_solutions, "all"),
}


def _forge_notes(notebook) -> None:
    """A student who writes the grader's notes into the notebook, to blame another cell or
    hide a flag: the grader starts the notes afresh."""
    notebook.metadata["cardlib"] = {
        "grading": [{"kind": "not judged", "cell": "q1-check", "why": "the grader broke"}]
    }


REWORKED = {
    "pastes-check": _paste_check,
    "edits-metadata": _edit_metadata,
    "forges-notes": _forge_notes,
}


def _tinker_with_position(stem, cell_id, released, solution):
    """Exercise 6, issue 36: rebuild position before answering question 2 (another moment
    of the deal: a wrong answer here), and play a card on it after answering 4 and 5."""
    if cell_id == "q2-answer":
        return "position = deal_after(5)\nanswer_2 = position.legal_plays()"
    if cell_id in ("q4-answer", "q5-answer"):
        return solution + "\nposition.play(sorted(position.legal_plays())[0])"
    return solution


TINKERS = {"tinkers-with-position": _tinker_with_position}


def make_course(course: Path, assignment: str, notebooks) -> Path:
    """An nbgrader course as docs/teaching.md makes one, in the folder ``course``: the
    shipped ``nbgrader_config.py``, the instructor ``notebooks`` in ``source/ASSIGNMENT/``, and
    ``generate_assignment`` run (the student versions in ``release/ASSIGNMENT/``)."""
    course.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "nbgrader_config.py", course)
    source = course / "source" / assignment
    source.mkdir(parents=True)
    for path in notebooks:
        shutil.copy(path, source)
    _run(course, "generate_assignment", assignment)
    return course


def assert_holds_no_solution(released: str, instructor: Path) -> None:
    """A released notebook's text (``released``) holds none of the instructor notebook's
    solutions: no marker, no nbgrader stub that stops Run All, no solution line."""
    assert "### BEGIN" not in released and "NotImplementedError" not in released
    for source in _solution_sources(instructor).values():
        for line in source.split("\n")[1:]:  # below the placeholder line
            if len(line.strip()) > 12:
                assert line.strip() not in released, (instructor.name, line)


def check_scores(course: Path, assignment: str, student: str) -> dict[str, dict[str, float]]:
    """Per notebook of a student's autograded submission, each graded cell's score."""
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        submission = gradebook.find_submission(assignment, student)
        return {nb.name: {g.name: g.score for g in nb.grades} for nb in submission.notebooks}


def _uses_the_engine(stem, cell_id, released, solution):
    """Issue 36: a right answer, and an import of the engine beside it (flagged, not marked)."""
    if cell_id == "q1-answer":
        return solution + "\nfrom cardlib import callbreak  # to check my answer"
    return solution


TROUBLE["uses-engine"] = (_uses_the_engine, "all")
TROUBLE["forges-notes"] = (_solutions, "all")
STUDENTS.update({name: answers for name, (answers, _deserved) in TROUBLE.items()})
STUDENTS.update(TINKERS)


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("puzzles")
    puzzles = folder / "puzzles-medium-seed7.ipynb"
    nbformat.write(instructor_notebook(4, "medium", 7), puzzles)
    level, seed = BEST_SET
    best = folder / f"puzzles-best-{level}-seed{seed}.ipynb"
    nbformat.write(instructor_notebook(3, level, seed, kind="best"), best)
    NOTEBOOKS[:] = [*sorted((ROOT / "exercises").glob("*.ipynb")), puzzles, best]
    course = make_course(tmp_path_factory.mktemp("course"), ASSIGNMENT, NOTEBOOKS)
    for student, answers in STUDENTS.items():
        _submit(course, student, answers)
    log = _run(course, "autograde", ASSIGNMENT)
    course.joinpath("autograde.log").write_text(log, encoding="utf-8")
    _run(course, "generate_feedback", ASSIGNMENT)
    _run(course, "export")
    return course


def _grades(course: Path, students=STUDENTS) -> dict[str, dict]:
    """Score per student per notebook handed in, from the gradebook."""
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        submission = {}
        for student in students:
            assignment = gradebook.find_submission(ASSIGNMENT, student)
            handed_in = {path.stem for path in _handed_in(student)}
            submission[student] = {
                nb.name: nb.score for nb in assignment.notebooks if nb.name in handed_in
            }
            submission[student]["q1"] = {
                nb.name: next(g.score for g in nb.grades if g.name == "q1-check")
                for nb in assignment.notebooks
                if nb.name in handed_in
            }
            needs_manual = [g for nb in assignment.notebooks for g in nb.grades]
            submission[student]["needs manual grade"] = sum(
                bool(g.needs_manual_grade) for g in needs_manual
            )
    return submission


def test_released_notebooks_hold_no_solution(course):
    for path in NOTEBOOKS:
        released = (course / "release" / ASSIGNMENT / path.name).read_text(encoding="utf-8")
        assert_holds_no_solution(released, path)


def _scores(grades: dict) -> dict:
    return {k: v for k, v in grades.items() if k not in ("q1", "needs manual grade")}


def test_the_four_students_get_exactly_their_grades(course):
    points = _points()
    grades = _grades(course, ("unchanged", "solutions", "one-wrong", "alternatives"))
    assert grades["unchanged"] == {
        **dict.fromkeys(points, 0),
        "q1": dict.fromkeys(points, 0),
        "needs manual grade": 0,
    }
    assert _scores(grades["solutions"]) == points
    assert _scores(grades["one-wrong"]) == {name: total - 1 for name, total in points.items()}
    assert grades["one-wrong"]["q1"] == dict.fromkeys(points, 0)
    assert _scores(grades["alternatives"]) == points
    assert all(grade["needs manual grade"] == 0 for grade in grades.values())


def test_a_student_who_tries_earns_what_the_reported_answers_deserve(course):
    points = {name: total for name, total in _points().items() if name in TRIED}
    grades = _grades(course, [*TRICKS, *DELETES])
    for student, (_code, deserved) in TRICKS.items():
        expected = {
            name: 0 if deserved == "none reported" else total - 1 for name, total in points.items()
        }
        assert _scores(grades[student]) == expected, student
        assert grades[student]["q1"] == dict.fromkeys(points, 0), student
    for student in DELETES:  # the deleted locked cell was put back: nothing lost
        assert _scores(grades[student]) == points, student
    assert all(grade["needs manual grade"] == 0 for grade in grades.values())


def _check_outputs(path: Path) -> dict[str, list]:
    notebook = nbformat.read(path, as_version=4)
    return {cell.id: cell.get("outputs") for cell in notebook.cells if cell.id.endswith("-check")}


def test_flipping_the_mode_changes_nothing_in_the_grade_or_the_feedback(course):
    for stem in TRIED:
        flipped = course / "autograded" / "flips-mode" / ASSIGNMENT / f"{stem}.ipynb"
        honest = course / "autograded" / "one-wrong" / ASSIGNMENT / f"{stem}.ipynb"
        # the flip reached the checks (an import of cardlib.exercises): flagged for the
        # teacher under question 1, and nothing else differs
        outputs = _check_outputs(flipped)
        flag = outputs["q1-check"].pop()
        assert "Flagged for your teacher" in flag["text"] and "cardlib.exercises" in flag["text"]
        assert outputs == _check_outputs(honest), stem
    html = (course / "feedback" / "flips-mode" / ASSIGNMENT / "03-trick-winners.html").read_text()
    # Homework's words for question 1, not practice's (whose reason names the winner, K♥).
    assert "9♥ does not win." in html and "K♥, wins" not in html


def test_grades_csv_is_exported(course):
    with open(course / "grades.csv", encoding="utf-8") as file:
        rows = {row["student_id"]: float(row["score"]) for row in csv.DictReader(file)}
    total = sum(_points().values())
    assert {k: v for k, v in rows.items() if k in ("unchanged", "solutions", "one-wrong")} == {
        "unchanged": 0,
        "solutions": total,
        "one-wrong": total - len(NOTEBOOKS),
    }
    assert rows["alternatives"] == total


def test_no_warning_of_ours_while_grading(course):
    log = course.joinpath("autograde.log").read_text(encoding="utf-8")
    assert "cannot be converted" not in log and "converted to" not in log
    assert "partial credit" not in log.lower()
    assert "not judged" not in log  # every check of every submission was judged
    assert "exists multiple times" not in log  # repaired before nbgrader's DeduplicateIds
    assert "error processing assignment" not in log


def test_feedback_carries_the_checks_sentences(course):
    for path in NOTEBOOKS:
        name = path.stem + ".html"
        wrong = (course / "feedback" / "one-wrong" / ASSIGNMENT / name).read_text(encoding="utf-8")
        assert "✗ Not yet: " in wrong, path.name
        assert "AssertionError:" not in wrong and "most recent call last" not in wrong
        blank = (course / "feedback" / "unchanged" / ASSIGNMENT / name).read_text(encoding="utf-8")
        assert len(re.findall("✗ Not answered yet", blank)) == _points()[path.stem], path.name
        right = (course / "feedback" / "solutions" / ASSIGNMENT / name).read_text(encoding="utf-8")
        assert "✗ Not yet:" not in right and "✗ Not answered" not in right and "✓ Correct" in right


def test_validate_fails_with_the_checks_sentences(course):
    released = course / "release" / ASSIGNMENT / "03-trick-winners.ipynb"
    report = _run(course, "validate", str(released), check=False)
    assert "VALIDATION FAILED ON 6 CELL(S)" in report
    assert report.count("✗ Not answered yet: replace None with your answer") == 6
    assert "NotImplementedError" not in report and "AssertionError" not in report


# ----- issue 36: what stopped or stalled the class costs its own submission at most ------------


def test_a_forged_report_a_pasted_cell_an_endless_report_and_a_slow_decimal_cost_their_own(
    course,
):
    """Each of these stopped the class, stalled it, or scored full marks for nothing: a student
    who answers nothing and forges every report (Fraction 1e5000, Decimal 1e999999999999999999)
    scores 0; an endless report costs its question; Decimal("1e999999") costs its question
    (it took 213 s); a pasted check cell and edited metadata cost nothing. The whole class
    was graded (the fixture's autograde exits 0) and everyone after them too (the other tests)."""
    (total,) = (points for name, points in _points().items() if name in TRIED)
    deserved = {"nothing": 0, "all": total, "all but q1": total - 1, "all but q5": total - 1}
    grades = _grades(course, TROUBLE)
    for student, (_answers, what) in TROUBLE.items():
        assert _scores(grades[student]) == {"03-trick-winners": deserved[what]}, student
        assert grades[student]["needs manual grade"] == 0, student
    scores = check_scores(course, ASSIGNMENT, "slow-decimal")["03-trick-winners"]
    assert [name for name, score in sorted(scores.items()) if score == 0] == ["q5-check"]
    scores = check_scores(course, ASSIGNMENT, "endless-report")["03-trick-winners"]
    assert [name for name, score in sorted(scores.items()) if score == 0] == ["q1-check"]
    assert set(check_scores(course, ASSIGNMENT, "edits-metadata")["03-trick-winners"]) == {
        f"q{n}-check" for n in range(1, 7)
    }  # no q9-check of the student's own, and each question worth its released point
    log = course.joinpath("autograde.log").read_text(encoding="utf-8")
    assert "a second copy of q2-check, made an ordinary cell" in log
    assert "the metadata of q3-check put back as released" in log
    assert "grade id 'q9-check' not in the release, made an ordinary cell" in log
    html = course / "feedback" / "forges-reports" / ASSIGNMENT / "03-trick-winners.html"
    assert html.read_text(encoding="utf-8").count("the answer reported cannot be read") == total


def test_exercise_6_shows_the_tick_it_grades_whatever_is_done_to_position(course, tmp_path):
    """Issue 36, item 4, in a real kernel: the student of TINKERS rebuilt position before
    question 2 (a wrong answer: ✗ and 0) and played a card on it after questions 4 and 5
    (still ✓ and the point). What the kernel shows is what the grade gives, check by check."""
    from nbclient import NotebookClient

    scores = check_scores(course, ASSIGNMENT, "tinkers-with-position")["06-worked-deal"]
    assert [name for name, score in sorted(scores.items()) if score == 0] == ["q2-check"]
    submitted = course / "submitted" / "tinkers-with-position" / ASSIGNMENT / "06-worked-deal.ipynb"
    notebook = nbformat.read(submitted, as_version=4)
    NotebookClient(notebook, timeout=300, resources={"metadata": {"path": str(tmp_path)}}).execute()
    ticks = {}
    for cell in notebook.cells:
        if cell.get("id", "").endswith("-check"):
            texts = [o.get("text") or o.get("data", {}).get("text/plain", "") for o in cell.outputs]
            ticks[cell.id] = any(text.startswith("✓") for text in texts)
    assert ticks == {name: score == 1 for name, score in scores.items()}


def test_validate_fails_on_a_question_whose_givens_cannot_happen(course, tmp_path):
    """Issue 43, class 6: the teacher's mistake (a card twice) is an error when nbgrader
    validates the notebook, never a ✓ for the solution."""
    notebook = nbformat.read(ROOT / "exercises" / "01-cards-and-dealing.ipynb", as_version=4)
    for cell in notebook.cells:
        if cell.get("id") == "q2-check":
            cell.source = 'check_order(answer_2, cards="3H AH 10H JH 9H 9H")'
    path = tmp_path / "01-cards-and-dealing.ipynb"
    nbformat.write(notebook, path)
    report = _run(course, "validate", str(path), check=False)
    assert "PositionError" in report and "a hand holds the same card twice (9♥)" in report
    assert "✓ Correct: 3♥" not in report


def test_the_teacher_sees_what_failed_was_flagged_or_is_missing(course):
    """Issue 36, item 5: the grader's notes stay in the autograded notebook; the feedback of a
    flagged answer says so; the class report marks repaired, restored and flagged submissions
    with the reason, counts work not handed in, and shows the hand-in's own time."""
    from nbgrader.api import Gradebook

    from cardlib.exercises.grading import notes_of
    from cardlib.exercises.report import GRADED, MISSING, class_report

    def notes(student: str) -> list[dict[str, str]]:
        path = course / "autograded" / student / ASSIGNMENT / "03-trick-winners.ipynb"
        return notes_of(nbformat.read(path, as_version=4))

    assert [(n["kind"], n["cell"]) for n in notes("uses-engine")] == [
        ("uses the engine", "q1-answer")
    ]
    assert "import cardlib" in notes("uses-engine")[0]["why"]
    assert {n["kind"] for n in notes("pastes-check")} == {"repaired"}
    assert ("restored", "q2-check") in {(n["kind"], n["cell"]) for n in notes("deletes-check")}
    assert notes("solutions") == []
    assert notes("forges-notes") == []  # what the student wrote there is gone
    log = course.joinpath("autograde.log").read_text(encoding="utf-8")
    put_back = [line for line in log.splitlines() if "put back as released" in line]
    assert put_back and all("edits-metadata/" in line for line in put_back)  # honest: none
    feedback = course / "feedback" / "{}" / ASSIGNMENT / "03-trick-winners.html"
    flagged = feedback.as_posix().format("uses-engine")
    assert Path(flagged).read_text(encoding="utf-8").count("Flagged for your teacher") == 1
    honest = Path(feedback.as_posix().format("solutions")).read_text(encoding="utf-8")
    assert "Flagged for your teacher" not in honest

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        gradebook.add_student("hands-in-nothing")
    report = class_report(f"sqlite:///{course / 'gradebook.db'}", course)
    rows = {row.student: row for row in report.submissions}
    assert rows["uses-engine"].flagged and rows["uses-engine"].state == GRADED
    assert not [n for n in rows["solutions"].notes if "03-trick-winners" in n]
    # the teacher's own answers are flagged exactly where they call the engine (exercise 6)
    assert set(rows["solutions"].notes) == _engine_in_reference_answers()
    assert any("a second copy of q2-check" in n for n in rows["pastes-check"].notes)
    assert rows["solutions"].handed_in == "2026-12-01 09:30:15 UTC"
    assert rows["hands-in-nothing"].state == MISSING and rows["hands-in-nothing"].handed_in == ""
    totals = {row.student: row for row in report.students}
    assert totals["hands-in-nothing"].missing == 1 and totals["hands-in-nothing"].score == 0
    assert totals["hands-in-nothing"].max_score == totals["solutions"].max_score > 0


def _engine_in_reference_answers() -> set[str]:
    """The report's notes for a student who hands in the instructor's answers, worked out
    from the instructor notebooks themselves."""
    from cardlib.exercises.grading import ReleaseCell, engine_uses, release_names

    expected = set()
    for path in NOTEBOOKS:
        notebook = nbformat.read(path, as_version=4)
        cells = [
            ReleaseCell(
                meta["grade_id"], c.cell_type, bool(meta.get("locked")), False, False, c.source
            )
            for c in notebook.cells
            for meta in [c.metadata.get("nbgrader", {})]
            if "grade_id" in meta and meta.get("locked") and not meta.get("grade")
        ]
        for name, source in _solution_sources(path).items():
            uses = engine_uses(source, release_names(cells))
            if uses:
                expected.add(f"uses the engine: {path.stem} {name}: {', '.join(uses)}")
    return expected
