"""The grade, worked out outside the student's kernel: nbgrader preprocessors for autograde.

A student's notebook runs in the student's kernel, where anything can be rebound: a check, the
``Feedback`` class, ``sys.stderr``, IPython's display settings. So the kernel only *reports*
each answer (as data, :mod:`cardlib.exercises.answers`), and the grade is computed here, in the
grading process, by the same check functions, from the release's own cells:

- :class:`RepairSubmission` (sanitizing, before nbgrader's ``DeduplicateIds``) makes a
  submission's nbgrader metadata the release's again: a cell pasted twice keeps its grade id
  once (the last copy, as nbgrader keeps it), a release cell whose metadata was edited gets the
  release's back, and a cell the release does not know (an extra cell, a made-up grade id) is
  an ordinary cell. Each repair is logged for that submission alone; without it, nbgrader
  stops the whole class at the first pasted cell ("old metadata format").
- :class:`RestoreLockedCells` (sanitizing, after nbgrader's ``OverwriteCells``) puts back every
  locked cell a student deleted (the mode, imports and givens, and the check cells) from the
  gradebook's copy of the release, so a deleted cell costs nothing;
- :class:`JudgeAnswers` (after ``Execute``, before ``SaveAutoGrades``) runs the release's locked
  cells (mode, imports, givens: the teacher's code, never the student's) in a child process of
  its own, judges each check cell's reported answer with its check, and writes a verdict as the
  outputs of **every** graded cell, whatever the kernel printed there: a right answer as a rich
  output (nbgrader: full marks), anything else as its sentence on stderr (0). An answer that
  cannot be read, a judging that raises, a graded cell that makes no check, and a judging that
  takes longer than :attr:`JudgeAnswers.timeout` all score 0 with a sentence that says why.

The feedback a student gets after grading speaks in the release's mode (the exam's verdict
comes only now, with the kind of mistake, as in homework); the mode is read from the release's
mode cell, never from the student's kernel. :func:`judge_cells` does the work without nbgrader
(the tests and :mod:`cardlib.exercises.report` use it); :func:`judge_bounded` does it in a
child process with a time limit.
"""

from __future__ import annotations

import ast
import os
import pickle
import select
import signal
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field, replace
from importlib import import_module
from typing import Any

from nbformat import NotebookNode, from_dict
from traitlets import Float

from cardlib.exercises import answers, recording
from cardlib.exercises.feedback import EXAM, HOMEWORK, Feedback, not_yet, replaying
from cardlib.exercises.release import release_digest
from cardlib.i18n import _

#: How long judging one notebook may take, in seconds, unless configured
#: (``c.JudgeAnswers.timeout``): every exercise and puzzle set is judged in well under a second.
TIMEOUT = 60.0
#: How much memory judging one notebook may take beyond what the grading process holds.
MEMORY = 2 * 1024**3


@dataclass(frozen=True)
class ReleaseCell:
    """One cell of the release as the gradebook keeps it."""

    name: str
    cell_type: str
    locked: bool
    graded: bool
    solution: bool
    source: str


def reports_in(outputs: Iterable[Any]) -> list[Any]:
    """The answers a cell's outputs report (the data of every output of the answers' MIME type)."""
    found = []
    for output in outputs:
        if not isinstance(output, dict):
            continue
        data = output.get("data")
        if (
            isinstance(data, dict)
            and output.get("output_type") in ("display_data", "execute_result")
            and answers.MIME in data
        ):
            found.append(data[answers.MIME])
    return found


def _error_in(outputs: Iterable[Any]) -> str | None:
    for output in outputs:
        if isinstance(output, dict) and output.get("output_type") == "error":
            name, value = str(output.get("ename", "an error"))[:80], str(output.get("evalue", ""))
            return f"{name}: {value[:200]}".strip(": ")
    return None


def _unreadable(headline: str) -> Feedback:
    return replace(not_yet(headline), readable=False)


def _reported(outputs: Sequence[Any]) -> tuple[Any, Feedback | None]:
    """The one answer a check cell reported, or why there is none to judge."""
    if not isinstance(outputs, list | tuple):
        return None, _unreadable(_cannot_read())
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


def _not_judged(error: str) -> Feedback:
    return _unreadable(_("this question could not be judged: {error}.").format(error=error))


def _no_check() -> Feedback:
    return _unreadable(
        _(
            "this graded cell makes no check, so its grade cannot be worked out outside the "
            "notebook: it scores 0 (the teacher may grade it by hand)."
        )
    )


def _error_text(error: BaseException) -> str:
    try:
        message = str(error)
    except Exception:
        message = ""
    text = f"{type(error).__name__}: {message}" if message else type(error).__name__
    return text if len(text) <= 200 else text[:199] + "…"


def _free_names(source: str) -> set[str]:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}


@dataclass(frozen=True)
class Judged:
    """What the grading process made of one notebook: the release's mode and each graded code
    cell's plain feedback (not yet in the mode's words), by the cell's name; ``problems``, for
    the teacher's log, say what could not be judged and why."""

    mode: str | None
    verdicts: dict[str, Feedback]
    problems: tuple[str, ...] = field(default=())

    def shown(self, name: str) -> Feedback:
        """Cell ``name``'s feedback as the student reads it after grading: every explanation in
        practice, else ✓ or ✗ and the kind of mistake (the exam's verdict comes only now)."""
        verdict = self.verdicts[name]
        return verdict.graded() if self.mode in (HOMEWORK, EXAM) else verdict


def _graded_code(cells: Sequence[ReleaseCell]) -> list[str]:
    return [cell.name for cell in cells if cell.graded and cell.cell_type == "code"]


def judge_cells(cells: Sequence[ReleaseCell], outputs: Mapping[str, Sequence[Any]]) -> Judged:
    """Judge each graded code cell of a release from the outputs of the submission's cell of
    the same name (``outputs``; a missing name has none), running the release's locked cells
    here. Every graded code cell gets a verdict, and nothing raises:

    - a check cell: its check's verdict on the one answer it reported; 0 when there is none,
      when it cannot be read, or when judging it raised;
    - a graded cell that makes no check (a teacher's own test cell, a graded answer cell): 0,
      with a sentence, since what the student's kernel printed there is never scored;
    - every graded cell after a locked release cell that failed here: 0, with the failure.
    """
    namespace: dict[str, Any] = {"__name__": "__cardlib_grading__"}
    verdicts: dict[str, Feedback] = {}
    problems: list[str] = []
    broken: str | None = None
    with replaying() as replay, _grading_an_exam():
        for cell in cells:
            if cell.cell_type != "code":
                continue
            if cell.solution and not cell.graded:
                continue  # the student's cells never run here
            if cell.graded:
                if broken is not None:
                    verdicts[cell.name] = _not_judged(broken)
                elif cell.solution:
                    verdicts[cell.name] = _no_check()
                    problems.append(f"{cell.name}: a graded answer cell, not a check")
                else:
                    verdict, problem = _judge_graded_cell(cell, namespace, outputs, replay)
                    verdicts[cell.name] = verdict
                    if problem:
                        problems.append(f"{cell.name}: {problem}")
            elif cell.locked and broken is None:
                try:
                    exec(compile(cell.source, f"<{cell.name}>", "exec"), namespace)
                    _real_checks(namespace)
                except Exception as error:
                    broken = _("the release's cell {cell} failed while grading ({error})").format(
                        cell=cell.name, error=_error_text(error)
                    )
                    problems.append(f"{cell.name}: {_error_text(error)}")
        mode = replay.mode
    return Judged(mode, verdicts, tuple(problems))


@contextmanager
def _grading_an_exam() -> Iterator[None]:
    """An exam's mode cell, run here, tells the release's mode and blocks nothing."""
    previous, recording.grading = recording.grading, True
    try:
        yield
    finally:
        recording.grading = previous


def _real_checks(namespace: dict[str, Any]) -> None:
    """Each of an exam's recorders (:mod:`cardlib.exercises.recording`) replaced by the check it
    names: the kernel only recorded, the grade is judged here."""
    for name, value in list(namespace.items()):
        if isinstance(value, recording.Recorder):
            namespace[name] = real_check(value.name)


def real_check(name: str) -> Callable[..., Feedback]:
    """The check a recorder of ``name`` stands for, from :data:`recording.HOMES`;
    ``LookupError`` for a name no home has (the release's cell fails while grading)."""
    for home in recording.HOMES:
        found = getattr(import_module(home), name, None)
        if callable(found) and "__signature__" in vars(found):  # a @checked check
            return found
    raise LookupError(f"no check named {name!r} in {', '.join(recording.HOMES)}")


def _judge_graded_cell(
    cell: ReleaseCell, namespace: dict, outputs: Mapping[str, Sequence[Any]], replay: Any
) -> tuple[Feedback, str | None]:
    """One graded cell's verdict, and what the teacher's log should hear of it."""
    source, name = cell.source, cell.name
    report, problem = _reported(outputs.get(name, ()))
    for free in _free_names(source) - namespace.keys():
        if free.startswith("answer"):
            namespace[free] = None  # the answer cell never runs here
    replay.data = None if report is None else report["answer"]
    replay.made = []
    failure: Exception | None = None
    try:
        exec(compile(source, f"<{name}>", "exec"), namespace)
    except Exception as error:  # the givens (the teacher's), or a check that broke
        failure = error
    if not replay.made:
        if failure is not None:
            return _not_judged(_error_text(failure)), _error_text(failure)
        return _no_check(), "a graded cell that makes no check"
    check, feedback = replay.made[-1]
    if problem is None and (len(replay.made) != 1 or check != report["check"]):
        problem = _unreadable(_cannot_read())
    verdict = replace(problem, rule=feedback.rule) if problem is not None else feedback
    return verdict, None if failure is None else _error_text(failure)


def judge_check(source: str, namespace: dict, outputs: Sequence[dict]) -> Feedback | None:
    """One check cell's plain verdict from its ``outputs``, its givens taken from ``namespace``
    (the release's cells already run); ``None`` if the cell makes no check."""
    with replaying() as replay:
        cell = ReleaseCell("check", "code", True, True, False, source)
        verdict, _problem = _judge_graded_cell(cell, dict(namespace), {"check": outputs}, replay)
        return verdict if replay.made else None


def _failed(cells: Sequence[ReleaseCell], why: str) -> Judged:
    """Every graded code cell 0, with ``why``: the judging itself did not finish."""
    return Judged(None, dict.fromkeys(_graded_code(cells), _not_judged(why)), (why,))


def judge_bounded(
    cells: Sequence[ReleaseCell],
    outputs: Mapping[str, Sequence[Any]],
    timeout: float = TIMEOUT,
    memory: int | None = MEMORY,
) -> Judged:
    """:func:`judge_cells` in a child process that may take ``timeout`` seconds and ``memory``
    bytes more than this process: a judging that runs longer, runs out of memory or dies gives
    every graded cell 0 with the reason, and the grading process goes on to the next
    submission. A limit inside this process could not stop one long step in C (an ``int`` of a
    million digits); a child process can always be stopped.

    Where there is no ``os.fork`` (Windows) the judging runs here, without a time limit.
    """
    if not hasattr(os, "fork"):  # pragma: no cover - POSIX everywhere nbgrader is used
        return judge_cells(cells, outputs)
    return _in_child(lambda: judge_cells(cells, outputs), timeout, memory, cells)


def _in_child(
    work: Callable[[], Judged], timeout: float, memory: int | None, cells: Sequence[ReleaseCell]
) -> Judged:
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: judge, send the result, and leave without any clean-up of ours
        status = 0
        try:
            os.close(read_end)
            _limit_memory(memory)
            try:
                result: object = work()
            except BaseException as error:
                result = _failed(cells, _error_text(error))
            data = pickle.dumps(result)
            view = memoryview(data)
            while view:
                view = view[os.write(write_end, view) :]
        except BaseException:
            status = 1
        finally:
            os._exit(status)
    os.close(write_end)
    chunks: list[bytes] = []
    deadline = time.monotonic() + timeout
    finished = False
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([read_end], [], [], left)[0]:
                why = _("judging took longer than {seconds} seconds").format(seconds=f"{timeout:g}")
                return _failed(cells, why)
            chunk = os.read(read_end, 1 << 16)
            if not chunk:
                finished = True
                break
            chunks.append(chunk)
    finally:  # out of time, or this process interrupted: the child never outlives the wait
        os.close(read_end)
        if not finished:
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    try:
        judged = pickle.loads(b"".join(chunks))
    except Exception:
        judged = None
    if not isinstance(judged, Judged):
        return _failed(cells, _("judging stopped before it could finish"))
    return judged


def _limit_memory(extra: int | None) -> None:
    """Let this (child) process use ``extra`` bytes of address space beyond what it holds."""
    if extra is None:
        return
    try:
        import resource

        with open("/proc/self/statm", encoding="ascii") as statm:
            held = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        limit = held + extra
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (OSError, ValueError, ImportError):  # no /proc or no limits here: time still bounds it
        pass


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


def _grade_id(cell: Any) -> str | None:
    """A cell's grade id, whatever a student did to its metadata (``None`` if it has none)."""
    metadata = cell.get("metadata") if isinstance(cell, dict) else None
    nbgrader = metadata.get("nbgrader") if isinstance(metadata, dict) else None
    grade_id = nbgrader.get("grade_id") if isinstance(nbgrader, dict) else None
    return grade_id if isinstance(grade_id, str) else None


def release_metadata(
    cell: ReleaseCell, points: float | None, checksum: str | None
) -> dict[str, Any]:
    """The nbgrader metadata of a release cell, as the release wrote it."""
    nbgrader: dict[str, Any] = {
        "grade": cell.graded,
        "grade_id": cell.name,
        "locked": cell.locked,
        "schema_version": 3,
        "solution": cell.solution,
        "task": False,
    }
    if cell.graded:
        nbgrader["points"] = float(points or 0)
    if checksum:
        nbgrader["checksum"] = checksum
    return nbgrader


@dataclass(frozen=True)
class Release:
    """What a submission is repaired against: the release's cells, points and checksums."""

    cells: list[ReleaseCell]
    points: dict[str, float]
    checksums: dict[str, str]

    @classmethod
    def from_gradebook(cls, gradebook: Any, notebook_id: str, assignment_id: str) -> Release:
        """The release of one notebook of an assignment, from nbgrader's gradebook."""
        notebook = gradebook.find_notebook(notebook_id, assignment_id)
        return cls(
            _release_cells(gradebook, notebook_id, assignment_id),
            {cell.name: float(cell.max_score) for cell in notebook.grade_cells},
            {cell.name: cell.checksum for cell in notebook.source_cells if cell.checksum},
        )

    def metadata(self, name: str) -> dict[str, Any]:
        """Release cell ``name``'s nbgrader metadata."""
        cell = next(cell for cell in self.cells if cell.name == name)
        return release_metadata(cell, self.points.get(name), self.checksums.get(name))


def repair_cells(nb: NotebookNode, release: Release) -> list[str]:
    """Make ``nb``'s nbgrader metadata the release's, in place; return what was repaired.

    A grade id of the release keeps its metadata on one cell only, the last that carries it (a
    check cell pasted twice), with the release's metadata (points, locks, schema: whatever a
    student edited); every other cell's nbgrader metadata goes (a pasted copy, a cell with a
    grade id the release does not have, metadata that is not nbgrader's shape), so it is an
    ordinary cell. A cell of the wrong type for its grade id gets the release's type.
    """
    types = {cell.name: cell.cell_type for cell in release.cells}
    repairs: list[str] = []
    seen: set[str] = set()
    for index in reversed(range(len(nb.cells))):
        cell = nb.cells[index]
        if not isinstance(cell, dict):
            continue
        if not isinstance(cell.get("metadata"), dict):
            cell["metadata"] = NotebookNode()
            repairs.append(f"cell {index + 1}: metadata that is not a mapping, cleared")
        metadata = cell["metadata"]
        if "nbgrader" not in metadata:
            continue
        grade_id = _grade_id(cell)
        if grade_id is None or grade_id not in types:
            del metadata["nbgrader"]
            what = f"grade id {grade_id!r}" if grade_id is not None else "nbgrader metadata"
            repairs.append(f"cell {index + 1}: {what} not in the release, made an ordinary cell")
            continue
        if grade_id in seen:
            del metadata["nbgrader"]
            repairs.append(f"cell {index + 1}: a second copy of {grade_id}, made an ordinary cell")
            continue
        seen.add(grade_id)
        # nbgrader's own release also writes the cell's type into its metadata
        wanted = {**release.metadata(grade_id), "cell_type": types[grade_id]}
        current = metadata["nbgrader"]
        if not isinstance(current, dict):
            current = {}
        if (
            {k: current.get(k) for k in wanted if k not in ("checksum", "cell_type")}
            != {k: v for k, v in wanted.items() if k not in ("checksum", "cell_type")}
            or set(current) - set(wanted)
            or current.get("cell_type", types[grade_id]) != (types[grade_id])
        ):
            repairs.append(f"cell {index + 1}: the metadata of {grade_id} put back as released")
        metadata["nbgrader"] = from_dict(wanted)
        if cell.get("cell_type") != types[grade_id]:
            _set_type(cell, types[grade_id])
            repairs.append(f"cell {index + 1}: {grade_id} made a {types[grade_id]} cell again")
    return repairs[::-1]


def _set_type(cell: dict, cell_type: str) -> None:
    cell["cell_type"] = cell_type
    cell.pop("attachments", None)
    if cell_type == "code":
        cell["outputs"], cell["execution_count"] = [], None
    else:
        cell.pop("outputs", None)
        cell.pop("execution_count", None)


try:  # nbgrader is needed only by a teacher who grades with it
    from nbgrader.api import Gradebook
    from nbgrader.preprocessors import NbGraderPreprocessor
except ImportError:  # pragma: no cover - the package works without nbgrader
    NbGraderPreprocessor = object


#: Where the grading process keeps, in the autograded notebook, what the teacher should know of
#: the submission (``metadata.cardlib.grading``: a list of notes ``{"kind", "cell", "why"}``),
#: for the class report (:mod:`cardlib.exercises.report`). The kinds:
NOTE_KINDS = ("repaired", "restored", "not judged", "uses the engine", "failed")


def note(nb: NotebookNode, kind: str, cell: str, why: str) -> None:
    """Add a note of ``kind`` on cell ``cell`` (``""``: the notebook) to ``nb``'s notes."""
    if kind not in NOTE_KINDS:
        raise ValueError(f"kind must be one of {NOTE_KINDS}, got {kind!r}")
    cardlib = nb.metadata.setdefault("cardlib", NotebookNode())
    if not isinstance(cardlib, dict):
        cardlib = nb.metadata["cardlib"] = NotebookNode()
    notes = cardlib.setdefault("grading", [])
    notes.append(NotebookNode(kind=kind, cell=cell, why=why))


def notes_of(nb: Any) -> list[dict[str, str]]:
    """The grading notes of an autograded notebook (``[]`` when it has none or they are not
    the grader's shape)."""
    try:
        notes = nb["metadata"]["cardlib"]["grading"]
    except (KeyError, TypeError):
        return []
    if not isinstance(notes, list):
        return []
    return [
        {key: str(item.get(key, "")) for key in ("kind", "cell", "why")}
        for item in notes
        if isinstance(item, dict) and item.get("kind") in NOTE_KINDS
    ]


#: Built-ins that reach any module or name by its text, so a cell using them may reach the engine.
_REACHING = {
    "__import__",
    "__builtins__",
    "compile",
    "eval",
    "exec",
    "get_ipython",
    "getattr",
    "globals",
    "locals",
    "vars",
}


def release_names(cells: Sequence[ReleaseCell]) -> set[str]:
    """The names the release's locked, ungraded code cells import: the engine and the checks
    (``callbreak``, ``check_trick_winner``, ``parse_cards`` …). A given the teacher computed
    (``position``, ``sampled``) is the question's data, not flagged."""
    names: set[str] = set()
    for cell in cells:
        if cell.cell_type != "code" or not cell.locked or cell.graded or cell.solution:
            continue
        try:
            tree = ast.parse(cell.source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    names.discard("exercise_mode")
    return names


def engine_uses(source: str, engine: set[str]) -> list[str]:
    """What in a student's cell ``source`` reaches the engine or the checks: an import, a name
    the release bound (``engine``), a built-in that reaches names by their text, or a magic or
    shell line. Any other cell that does not parse reaches nothing (it answers nothing either)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        magics = [line.strip() for line in source.splitlines() if line.lstrip()[:1] in ("%", "!")]
        return [magic if len(magic) <= 40 else magic[:39] + "…" for magic in magics[:3]]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            module = node.module if isinstance(node, ast.ImportFrom) else None
            found.add(f"import {module or ', '.join(alias.name for alias in node.names)}")
        elif isinstance(node, ast.Name) and (node.id in engine or node.id in _REACHING):
            found.add(node.id)
        elif isinstance(node, ast.Attribute) and node.attr.startswith("__"):
            found.add(f".{node.attr}")
    return sorted(found)


def flag_engine_uses(nb: NotebookNode, cells: Sequence[ReleaseCell]) -> dict[str, list[str]]:
    """Note every cell of the submission that is not the release's locked code and reaches the
    engine or the checks; return what each reaches, by its grade id (``""`` for a cell of the
    student's own). The teacher decides what a flag means: homework may allow it, an exam not."""
    engine = release_names(cells)
    locked = {cell.name for cell in cells if cell.locked}
    copies = {cell.source.strip() for cell in cells if cell.locked}  # a pasted check cell
    flags: dict[str, list[str]] = {}
    for index, cell in enumerate(nb.cells):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        name = _grade_id(cell)
        if name in locked or str(cell.get("source", "")).strip() in copies:
            continue  # the release's own cells (OverwriteCells put their source back)
        uses = engine_uses(str(cell.get("source", "")), engine)
        if uses:
            key = name or ""
            flags.setdefault(key, []).extend(uses)
            where = name or f"cell {index + 1}"
            note(nb, "uses the engine", key, f"{where}: {', '.join(uses)}")
    return flags


def other_release(nb: Any, cells: Sequence[ReleaseCell]) -> str | None:
    """Why ``nb`` is not a copy of this release (``None`` if it is): the identity it carries
    (``metadata.cardlib.release``, :func:`~cardlib.exercises.release.release_digest`) is
    another release's, or it carries none where the release is an exam. A homework copy, or
    one whose mode cell was made to say exam, is never graded as the exam: its answers were
    seen judged."""
    expected = release_digest((c.name, c.cell_type, c.source) for c in cells if c.locked)
    metadata = nb.get("metadata") if isinstance(nb, dict) else None
    cardlib = metadata.get("cardlib") if isinstance(metadata, dict) else None
    claimed = cardlib.get("release") if isinstance(cardlib, dict) else None
    exam = any(cell.name == "mode" and 'exercise_mode("exam")' in cell.source for cell in cells)
    if claimed is None and not exam:
        return None  # a release made before releases carried their identity
    if claimed == expected:
        return None
    return _(
        "this notebook is not a copy of this assignment's release (another release, or one "
        "whose locked cells or mode were changed): it is not graded."
    )


def _question(cell_name: str) -> str:
    """``q3-answer`` → ``q3``: the question a cell belongs to."""
    return cell_name.split("-", 1)[0]


def _flag_output(uses: list[str]) -> NotebookNode:
    text = _(
        "⚑ Flagged for your teacher: the answer uses the engine or the checks ({uses}); "
        "your teacher decides whether it counts."
    ).format(uses=", ".join(uses))
    return from_dict({"output_type": "stream", "name": "stdout", "text": text + "\n"})


def _where(resources: dict) -> str:
    info = resources["nbgrader"]
    return f"{info.get('student', '?')}/{info['assignment']}/{info['notebook']}"


class RepairSubmission(NbGraderPreprocessor):
    """Sanitizing, before nbgrader's ``DeduplicateIds``: the submission's nbgrader metadata
    made the release's again (:func:`repair_cells`), each repair logged for this submission."""

    def preprocess(self, nb: NotebookNode, resources: dict) -> tuple[NotebookNode, dict]:
        """Repair ``nb`` against the release in the gradebook."""
        info = resources["nbgrader"]
        with Gradebook(info["db_url"]) as gradebook:
            release = Release.from_gradebook(gradebook, info["notebook"], info["assignment"])
        cardlib = nb.metadata.get("cardlib")
        if isinstance(cardlib, dict):
            cardlib.pop("grading", None)  # notes are the grader's, never the student's
        for repair in repair_cells(nb, release):
            self.log.warning("%s: %s", _where(resources), repair)
            note(nb, "repaired", "", repair)
        return nb, resources


class JudgeAnswers(NbGraderPreprocessor):
    """Autograde: judge each check cell's reported answer here, and write a verdict as the
    outputs of every graded code cell (nbgrader's ``SaveAutoGrades`` then gives full marks or
    0): whatever the student's kernel printed there is never scored."""

    timeout = Float(
        TIMEOUT,
        help="Seconds judging one notebook may take (in a child process); after that, every "
        "graded cell of the notebook scores 0 with the reason, and grading goes on.",
    ).tag(config=True)

    def preprocess(self, nb: NotebookNode, resources: dict) -> tuple[NotebookNode, dict]:
        """Judge every graded cell of ``nb`` against the release in the gradebook."""
        info = resources["nbgrader"]
        with Gradebook(info["db_url"]) as gradebook:
            cells = _release_cells(gradebook, info["notebook"], info["assignment"])
        by_name: dict[str, NotebookNode] = {}
        for cell in nb.cells:
            name = _grade_id(cell)
            if name is not None and cell.get("cell_type") == "code" and name not in by_name:
                by_name[name] = cell
        outputs = {name: list(cell.get("outputs") or []) for name, cell in by_name.items()}
        other = other_release(nb, cells)
        if other is not None:
            judged = _failed(cells, other)
            self.log.warning("%s: not graded: %s", _where(resources), other)
            note(nb, "failed", "", other)
        else:
            judged = judge_bounded(cells, outputs, self.timeout)
            for problem in judged.problems:
                self.log.warning("%s: not judged: %s", _where(resources), problem)
                note(nb, "not judged", problem.split(":", 1)[0], problem)
        flags = flag_engine_uses(nb, cells)
        for name, uses in flags.items():
            self.log.warning("%s: %s uses the engine: %s", _where(resources), name, uses)
        flagged = {_question(name): uses for name, uses in flags.items() if name}
        for name in judged.verdicts:
            if name in by_name:
                by_name[name].outputs = verdict_outputs(judged.shown(name))
                if _question(name) in flagged:
                    by_name[name].outputs.append(_flag_output(flagged[_question(name)]))
        resources.setdefault("cardlib", {})["mode"] = judged.mode
        return nb, resources


class RestoreLockedCells(NbGraderPreprocessor):
    """Sanitizing: put back every locked cell (mode, imports, givens, checks) a student deleted,
    from the gradebook's copy of the release, where it was in the release."""

    def preprocess(self, nb: NotebookNode, resources: dict) -> tuple[NotebookNode, dict]:
        """Insert each missing locked cell after the release cell before it."""
        info = resources["nbgrader"]
        with Gradebook(info["db_url"]) as gradebook:
            release = Release.from_gradebook(gradebook, info["notebook"], info["assignment"])
        cells = release.cells
        present = {_grade_id(cell) for cell in nb.cells}
        for number, cell in enumerate(cells):
            if cell.name in present or not cell.locked:
                continue
            restored = _restored_cell(cell, release.metadata(cell.name))
            nb.cells.insert(_position_after(nb, [c.name for c in cells[:number]]), restored)
            present.add(cell.name)
            self.log.warning(
                "%s: locked cell %s was missing; restored from the release",
                _where(resources),
                cell.name,
            )
            note(nb, "restored", cell.name, f"locked cell {cell.name} was missing; restored")
        return nb, resources


def _position_after(nb: NotebookNode, earlier: list[str]) -> int:
    """Where a restored cell goes: just after the last of the ``earlier`` release cells."""
    index = {_grade_id(cell): i for i, cell in enumerate(nb.cells)}
    for name in reversed(earlier):
        if name in index:
            return index[name] + 1
    return 0


def _restored_cell(cell: ReleaseCell, nbgrader: dict[str, Any]) -> NotebookNode:
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
    "NOTE_KINDS",
    "JudgeAnswers",
    "Judged",
    "Release",
    "ReleaseCell",
    "RepairSubmission",
    "RestoreLockedCells",
    "engine_uses",
    "flag_engine_uses",
    "judge_bounded",
    "judge_cells",
    "judge_check",
    "mode_of",
    "note",
    "notes_of",
    "other_release",
    "real_check",
    "release_metadata",
    "release_names",
    "repair_cells",
    "reports_in",
    "verdict_outputs",
]
