"""The grade, worked out outside the student's kernel: nbgrader preprocessors for autograde.

A student's notebook runs in the student's kernel, where anything can be rebound: a check, the
``Feedback`` class, ``sys.stderr``, IPython's display settings. So the kernel only *reports*
each answer (as data, :mod:`cardlib.exercises.answers`), and the grade is computed here, in the
grading process, by the same check functions, from the release's own cells:

- :class:`RestoreLockedCells` (sanitizing, after nbgrader's ``OverwriteCells``) puts back every
  locked cell a student deleted (the mode, imports and givens, and the check cells) from the
  gradebook's copy of the release, so a deleted cell costs nothing;
- :class:`JudgeAnswers` (after ``Execute``, before ``SaveAutoGrades``) runs the release's locked
  cells (mode, imports, givens: the teacher's code, never the student's) in this process, judges
  each check cell's reported answer with its check, and writes the verdict as the cell's outputs:
  a right answer as a rich output (nbgrader: full marks), anything else as its sentence on
  stderr (0). A question whose answer cannot be read scores 0 with a sentence that says why.

The feedback a student gets after grading speaks in the release's mode (the exam's verdict
comes only now, with the kind of mistake, as in homework); the mode is read from the release's
mode cell, never from the student's kernel. :func:`judge_cells` does the work without nbgrader
(the tests and :mod:`cardlib.exercises.report` use it).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from nbformat import NotebookNode, from_dict

from cardlib.exercises import answers
from cardlib.exercises.feedback import EXAM, HOMEWORK, Feedback, not_yet, replaying
from cardlib.i18n import _


@dataclass(frozen=True)
class ReleaseCell:
    """One cell of the release as the gradebook keeps it."""

    name: str
    cell_type: str
    locked: bool
    graded: bool
    solution: bool
    source: str


def reports_in(outputs: Iterable[dict]) -> list[Any]:
    """The answers a cell's outputs report (the data of every output of the answers' MIME type)."""
    found = []
    for output in outputs:
        data = output.get("data") or {}
        if output.get("output_type") in ("display_data", "execute_result") and answers.MIME in data:
            found.append(data[answers.MIME])
    return found


def _error_in(outputs: Iterable[dict]) -> str | None:
    for output in outputs:
        if output.get("output_type") == "error":
            return f"{output.get('ename', 'an error')}: {output.get('evalue', '')}".strip(": ")
    return None


def _unreadable(headline: str) -> Feedback:
    return replace(not_yet(headline), readable=False)


def _reported(outputs: Sequence[dict]) -> tuple[Any, Feedback | None]:
    """The one answer a check cell reported, or why there is none to judge."""
    found = reports_in(outputs)
    if not found:
        error = _error_in(outputs)
        if error is not None:
            return None, _unreadable(
                _("no answer was reported: the check cell stopped with {error}.").format(
                    error=error
                )
            )
        return None, _unreadable(_("no answer was reported: the check cell showed no result."))
    report = found[0]
    if (
        len(found) != 1
        or not isinstance(report, dict)
        or report.get("version") != answers.VERSION
        or not isinstance(report.get("check"), str)
        or "answer" not in report
    ):
        return None, _unreadable(_cannot_read())
    try:
        answers.decode(report["answer"])
    except answers.BadReport:
        return None, _unreadable(_cannot_read())
    return report, None


def _cannot_read() -> str:
    return _(
        "the answer reported cannot be read; only one answer, reported by this question's own "
        "check, counts."
    )


def _free_names(source: str) -> set[str]:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}


@dataclass(frozen=True)
class Judged:
    """What the grading process made of one notebook: the release's mode and each check cell's
    plain feedback (not yet in the mode's words), by the cell's name."""

    mode: str | None
    verdicts: dict[str, Feedback]

    def shown(self, name: str) -> Feedback:
        """Cell ``name``'s feedback as the student reads it after grading: every explanation in
        practice, else ✓ or ✗ and the kind of mistake (the exam's verdict comes only now)."""
        verdict = self.verdicts[name]
        return verdict.graded() if self.mode in (HOMEWORK, EXAM) else verdict


def judge_cells(cells: Sequence[ReleaseCell], outputs: dict[str, Sequence[dict]]) -> Judged:
    """Judge each check cell of a release from the outputs of the submission's cell of the same
    name (``outputs``; a missing name has none), running the release's locked cells here.

    A graded cell that makes no check (a teacher's own test cell) is left out: nbgrader grades it
    its own way.
    """
    namespace: dict[str, Any] = {"__name__": "__cardlib_grading__"}
    verdicts: dict[str, Feedback] = {}
    with replaying() as replay:
        for cell in cells:
            if cell.cell_type != "code" or cell.solution:
                continue  # the student's cells never run here
            if not cell.graded:
                if cell.locked:
                    exec(compile(cell.source, f"<{cell.name}>", "exec"), namespace)
                continue
            verdict = _judge_check_cell(cell.source, cell.name, namespace, outputs, replay)
            if verdict is not None:
                verdicts[cell.name] = verdict
        mode = replay.mode
    return Judged(mode, verdicts)


def _judge_check_cell(
    source: str, name: str, namespace: dict, outputs: dict[str, Sequence[dict]], replay: Any
) -> Feedback | None:
    report, problem = _reported(outputs.get(name, ()))
    for free in _free_names(source) - namespace.keys():
        if free.startswith("answer"):
            namespace[free] = None  # the answer cell never runs here
    replay.data = None if report is None else report["answer"]
    replay.made = []
    try:
        exec(compile(source, f"<{name}>", "exec"), namespace)
    except Exception:
        if not replay.made:
            return None  # not a check cell of ours
    if not replay.made:
        return None
    check, feedback = replay.made[-1]
    if problem is None and (len(replay.made) != 1 or check != report["check"]):
        problem = _unreadable(_cannot_read())
    return replace(problem, rule=feedback.rule) if problem is not None else feedback


def judge_check(source: str, namespace: dict, outputs: Sequence[dict]) -> Feedback | None:
    """One check cell's plain verdict from its ``outputs``, its givens taken from ``namespace``
    (the release's cells already run); ``None`` if the cell makes no check."""
    with replaying() as replay:
        return _judge_check_cell(source, "check", dict(namespace), {"check": outputs}, replay)


def verdict_outputs(feedback: Feedback) -> list[NotebookNode]:
    """A judged check cell's outputs: what nbgrader grades and the feedback shows."""
    return [from_dict(output) for output in replace(feedback, report="").grading_outputs()]


def _release_cells(gradebook, notebook_id: str, assignment_id: str) -> list[ReleaseCell]:
    notebook = gradebook.find_notebook(notebook_id, assignment_id)
    graded = {cell.name for cell in notebook.grade_cells}
    solutions = {cell.name for cell in notebook.solution_cells}
    return [
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


def _grade_id(cell: NotebookNode) -> str | None:
    return cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")


try:  # nbgrader is needed only by a teacher who grades with it
    from nbgrader.api import Gradebook
    from nbgrader.preprocessors import NbGraderPreprocessor
except ImportError:  # pragma: no cover - the package works without nbgrader
    NbGraderPreprocessor = object


class JudgeAnswers(NbGraderPreprocessor):
    """Autograde: judge each check cell's reported answer here, and write the verdict as its
    outputs (nbgrader's ``SaveAutoGrades`` then gives full marks or 0)."""

    def preprocess(self, nb: NotebookNode, resources: dict) -> tuple[NotebookNode, dict]:
        """Judge every check cell of ``nb`` against the release in the gradebook."""
        info = resources["nbgrader"]
        with Gradebook(info["db_url"]) as gradebook:
            cells = _release_cells(gradebook, info["notebook"], info["assignment"])
        by_name = {}
        for cell in nb.cells:
            name = _grade_id(cell)
            if name is not None and cell.cell_type == "code" and name not in by_name:
                by_name[name] = cell
        judged = judge_cells(cells, {name: cell.outputs for name, cell in by_name.items()})
        for name in judged.verdicts:
            if name in by_name:
                by_name[name].outputs = verdict_outputs(judged.shown(name))
        resources.setdefault("cardlib", {})["mode"] = judged.mode
        return nb, resources


class RestoreLockedCells(NbGraderPreprocessor):
    """Sanitizing: put back every locked cell (mode, imports, givens, checks) a student deleted,
    from the gradebook's copy of the release, where it was in the release."""

    def preprocess(self, nb: NotebookNode, resources: dict) -> tuple[NotebookNode, dict]:
        """Insert each missing locked cell after the release cell before it."""
        info = resources["nbgrader"]
        with Gradebook(info["db_url"]) as gradebook:
            notebook = gradebook.find_notebook(info["notebook"], info["assignment"])
            points = {cell.name: cell.max_score for cell in notebook.grade_cells}
            cells = _release_cells(gradebook, info["notebook"], info["assignment"])
            checksums = {cell.name: cell.checksum for cell in notebook.source_cells}
        present = {_grade_id(cell) for cell in nb.cells}
        for number, cell in enumerate(cells):
            if cell.name in present or not cell.locked:
                continue
            restored = _restored_cell(cell, points.get(cell.name), checksums.get(cell.name))
            nb.cells.insert(_position_after(nb, [c.name for c in cells[:number]]), restored)
            present.add(cell.name)
            self.log.warning("Locked cell %s was missing; restored from the release", cell.name)
        return nb, resources


def _position_after(nb: NotebookNode, earlier: list[str]) -> int:
    """Where a restored cell goes: just after the last of the ``earlier`` release cells."""
    index = {_grade_id(cell): i for i, cell in enumerate(nb.cells)}
    for name in reversed(earlier):
        if name in index:
            return index[name] + 1
    return 0


def _restored_cell(cell: ReleaseCell, points: float | None, checksum: str | None) -> NotebookNode:
    nbgrader: dict[str, Any] = {
        "grade": cell.graded,
        "grade_id": cell.name,
        "locked": True,
        "schema_version": 3,
        "solution": cell.solution,
        "task": False,
    }
    if cell.graded:
        nbgrader["points"] = float(points or 0)
    if checksum:
        nbgrader["checksum"] = checksum
    restored: dict[str, Any] = {
        "cell_type": cell.cell_type,
        "metadata": {"deletable": False, "editable": False, "nbgrader": nbgrader},
        "source": cell.source,
    }
    if cell.cell_type == "code":
        restored.update(outputs=[], execution_count=None)
    return from_dict(restored)


def mode_of(notebook: NotebookNode) -> str | None:
    """The mode written into a released notebook's metadata (``None`` if none)."""
    return notebook.get("metadata", {}).get("cardlib", {}).get("mode")


__all__ = [
    "JudgeAnswers",
    "Judged",
    "ReleaseCell",
    "RestoreLockedCells",
    "judge_cells",
    "judge_check",
    "mode_of",
    "reports_in",
    "verdict_outputs",
]
