"""A puzzle set's check cells note a solved puzzle in the learner's progress record, in practice
mode only: graded (homework, exam) and in the grading process nothing is written.

The cells of a generated student notebook are run here as the kernel runs them (their sources,
in order, in one namespace), without a kernel; the answer cells are filled in by the test.
"""

from __future__ import annotations

import sys

import pytest

from cardlib import progress
from cardlib.exercises import feedback
from cardlib.exercises.grading import ReleaseCell, judge_cells
from cardlib.exercises.puzzle_sets import instructor_notebook, student_notebook
from cardlib.puzzles.best_play import best_puzzle
from cardlib.puzzles.legal_play import puzzle


@pytest.fixture
def record(tmp_path, monkeypatch):
    """A fresh progress record for the test, and a kernel with no mode set before or after.
    An exam's mode cell, run here as a kernel runs it, makes the judging modules unimportable
    in this process (:mod:`cardlib.exercises.recording`): they are put back after the test."""
    file = tmp_path / "progress.json"
    monkeypatch.setenv(progress.ENVIRONMENT_VARIABLE, str(file))
    feedback._mode = None
    meta_path = sys.meta_path[:]
    modules = {k: v for k, v in sys.modules.items() if k.startswith("cardlib.exercises")}
    package = dict(vars(sys.modules["cardlib.exercises"]))
    yield file
    sys.meta_path[:] = meta_path
    sys.modules.update(modules)
    vars(sys.modules["cardlib.exercises"]).update(package)
    feedback._mode = None


class Kernel:
    """The student notebook's cells, run one by one in one namespace as a kernel would."""

    def __init__(self, notebook):
        self.cells = {cell.id: cell for cell in notebook.cells if cell.cell_type == "code"}
        self.namespace: dict = {}
        for name, cell in self.cells.items():
            if not name.endswith(("-answer", "-check")):  # the mode, imports and givens
                exec(cell.source, self.namespace)

    def check(self, number: int, answer: str):
        """Answer puzzle ``number`` and run its check cell; what the cell shows."""
        self.namespace[f"answer_{number}"] = answer
        source = self.cells[f"q{number}-check"].source
        return eval(compile(source, f"<q{number}-check>", "eval"), self.namespace)


def _legal_answer(level: str, seed: int, number: int) -> str:
    return " ".join(card.code for card in puzzle(level, seed, number).legal)


def _wrong_legal_answer(level: str, seed: int, number: int) -> str:
    """One card of those the puzzle allows: each puzzle allows two at least, so it is wrong."""
    legal = puzzle(level, seed, number).legal
    assert len(legal) >= 2
    return min(legal).code


def test_practice_notes_each_right_answer_once_and_never_a_wrong_one(record):
    kernel = Kernel(student_notebook(3, "medium", 7, mode="practice"))
    assert not kernel.check(2, _wrong_legal_answer("medium", 7, 1)).correct
    assert not record.exists()  # a wrong answer writes nothing, not even "tried"
    assert kernel.check(1, _legal_answer("medium", 7, 0)).correct
    assert kernel.check(1, _legal_answer("medium", 7, 0)).correct  # right twice: counted once
    assert not kernel.check(1, "").correct  # and a wrong answer after it takes nothing away
    puzzles = progress.load()["puzzles"]
    assert puzzles == {"legal/medium": {"solved": ["seed 7 #0"], "tried": []}}
    assert progress.summary()["puzzles solved"] == 1


def test_practice_notes_the_same_puzzle_as_notebook_08s_stream_does(record):
    """Puzzle 1 of the set of seed 7 is the stream's ``seed 7 #0``: solved in both, it counts
    once."""
    progress.record_puzzle("legal", "medium", "seed 7 #0", True)  # as PuzzleStream(record=True)
    kernel = Kernel(student_notebook(1, "medium", 7, mode="practice"))
    assert kernel.check(1, _legal_answer("medium", 7, 0)).correct
    assert progress.summary()["puzzles solved"] == 1


def test_a_best_play_set_notes_its_kind_level_and_game(record):
    kernel = Kernel(student_notebook(1, "easy", 5, mode="practice", kind="best", game="judgement"))
    best = best_puzzle("easy", 5, 0, "judgement").best
    assert kernel.check(1, next(iter(best)).code).correct
    assert progress.load()["puzzles"] == {
        "best/easy": {"solved": ["judgement seed 5 #0"], "tried": []}
    }


@pytest.mark.parametrize("mode", ["graded", "homework", "exam"])
def test_graded_checks_write_no_progress_file_and_keep_nothing(record, mode):
    kernel = Kernel(student_notebook(2, "medium", 7, mode=mode))
    before = set(kernel.namespace)
    shown = kernel.check(1, _legal_answer("medium", 7, 0))
    kernel.check(2, _wrong_legal_answer("medium", 7, 1))
    assert not record.exists() and not list(record.parent.iterdir())  # no file at all
    assert set(kernel.namespace) - before == {"answer_1", "answer_2"}  # no variable but answers
    if mode == "exam":  # the exam says nothing: its check only recorded
        assert str(shown).startswith("• Answer recorded: ") and not hasattr(shown, "correct")
    else:
        assert shown.correct  # homework says ✓ only


def test_the_grading_process_writes_nothing(record):
    """The grader runs the release's locked cells and judges each reported answer: a right one
    in a practice release is not a learner solving a puzzle on this machine."""
    notebook = instructor_notebook(2, "medium", 7)  # its solutions are right
    kernel = Kernel(student_notebook(2, "medium", 7, mode="practice"))
    outputs = {}
    for number in (1, 2):
        shown = kernel.check(number, _legal_answer("medium", 7, number - 1))
        outputs[f"q{number}-check"] = shown.grading_outputs()
    record.unlink()  # what the practice kernel wrote; the grader must write nothing
    cells = [
        ReleaseCell(
            cell.id,
            cell.cell_type,
            cell.metadata["nbgrader"].get("locked", False),
            cell.metadata["nbgrader"].get("grade", False),
            cell.metadata["nbgrader"].get("solution", False),
            cell.source,
        )
        for cell in notebook.cells
        if "nbgrader" in cell.metadata
    ]
    judged = judge_cells(cells, outputs)
    assert [v.correct for v in judged.verdicts.values()] == [True, True]
    assert not record.exists()


def test_note_solved_outside_a_puzzle_set_writes_nothing(record):
    from cardlib.exercises import check_trick_winner, note_solved

    right = check_trick_winner("AH", "KH AH 2C", "S")  # no mode: a plain value
    assert note_solved(right, "legal", "easy", "seed 0 #0") is right and right.correct
    assert not record.exists()
