"""Student versions of instructor exercise notebooks, the way nbgrader makes them.

An instructor notebook marks answers with nbgrader's own markers, and each question's check
cell (locked, graded) is the visible check, whose display is the grade::

    answer_1 = None  # the placeholder the student replaces
    ### BEGIN SOLUTION
    answer_1 = "KH AH"
    ### END SOLUTION

    check_legal_plays(answer_1, hand="3H KH AH 2S", trick="QH")

The exercises have no hidden tests (the check is the grade); any ``### BEGIN HIDDEN TESTS`` …
``### END HIDDEN TESTS`` block a teacher adds is removed, as nbgrader does.

:func:`student_version` replaces each solution by a stub (``# YOUR CODE HERE``, plus ``pass`` when
indented so a function body stays valid), removes hidden tests, and clears outputs and execution
counts, and sets the mode of the locked ``mode`` cell (``exercise_mode("practice")``,
``"homework"`` or ``"exam"``) and of the notebook's metadata (``metadata.cardlib.mode``: the
mode is fixed at release; the grading process reads the release, never the student's kernel).
The result depends only on the source notebook and the mode, so releasing twice gives identical
bytes. nbgrader's ``generate_assignment`` makes the same student version for a course that uses
nbgrader; ``--keep-solutions`` writes instructor copies with the mode set, for the course's
``source/`` folder (an exam is an instructor copy in exam mode).

The instructor notebooks are not part of the installed package (they hold the solutions): the
command reads them from ``exercises/`` in the current folder, else from the checkout the package
was installed from (``pip install -e .``), and says so plainly when neither exists.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from pathlib import Path

import nbformat

from cardlib.exercises.feedback import mode_named

BEGIN_SOLUTION, END_SOLUTION = "### BEGIN SOLUTION", "### END SOLUTION"
BEGIN_HIDDEN, END_HIDDEN = "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"
CODE_STUB = "# YOUR CODE HERE"
MARKDOWN_STUB = "YOUR ANSWER HERE"


class MarkerError(ValueError):
    """A BEGIN marker without its END (or the reverse) in an instructor notebook."""


def _replace_regions(source: str, begin: str, end: str, stub) -> str:
    """Replace every line range ``begin … end`` (marker lines included) by ``stub(indent)``."""
    lines = source.split("\n")
    out: list[str] = []
    inside = None
    for line in lines:
        stripped = line.strip()
        if inside is None and stripped == begin:
            inside = line[: len(line) - len(line.lstrip())]
            out.extend(stub(inside))
        elif inside is not None and stripped == end:
            inside = None
        elif stripped in (begin, end):
            raise MarkerError(f"{stripped!r} out of place in:\n{source}")
        elif inside is None:
            out.append(line)
    if inside is not None:
        raise MarkerError(f"{begin!r} without {end!r} in:\n{source}")
    return "\n".join(out)


def _code_stub(indent: str) -> list[str]:
    return [indent + CODE_STUB] + ([indent + "pass"] if indent else [])


def student_cell_source(source: str, cell_type: str) -> str:
    """One cell's source with solutions stubbed and hidden tests removed."""
    stub = _code_stub if cell_type == "code" else lambda indent: [indent + MARKDOWN_STUB]
    source = _replace_regions(source, BEGIN_SOLUTION, END_SOLUTION, stub)
    source = _replace_regions(source, BEGIN_HIDDEN, END_HIDDEN, lambda indent: [])
    return source.strip("\n")


MODE_CALL = re.compile(r'exercise_mode\("(practice|graded|homework|exam)"\)')


def set_mode(source: str, mode: str) -> str:
    """A mode cell's source with its mode set."""
    mode_named(mode)  # ValueError for an unknown mode
    return MODE_CALL.sub(f'exercise_mode("{mode}")', source)


def _same_mode_words(source: str) -> str:
    """``exercise_mode("graded")`` as ``exercise_mode("homework")``: one mode, two names (a
    course's ``source/`` may say either)."""
    return MODE_CALL.sub(lambda found: f'exercise_mode("{mode_named(found[1])}")', source)


def release_digest(locked: Iterable[tuple[str, str, str]]) -> str:
    """A release's identity: a digest of its locked cells (grade id, cell type, source), the
    mode cell among them, so a copy of another release (homework where the exam is graded) or
    one whose mode cell says another mode has another identity. The order of the cells does not
    count (nbgrader's gradebook keeps them unordered), nor which name of homework a mode cell
    uses."""
    cells = sorted((str(n), str(t), _same_mode_words(str(s).strip())) for n, t, s in locked)
    text = json.dumps(cells, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(f"cardlib release\0{text}".encode()).hexdigest()


def locked_cells(notebook: nbformat.NotebookNode) -> list[tuple[str, str, str]]:
    """A notebook's locked nbgrader cells as (grade id, cell type, source)."""
    found = []
    for cell in notebook.cells:
        nbgrader = cell.get("metadata", {}).get("nbgrader", {})
        if nbgrader.get("locked") and nbgrader.get("grade_id"):
            found.append((nbgrader["grade_id"], cell.cell_type, cell.source))
    return found


def stamp_release(notebook: nbformat.NotebookNode, mode: str) -> nbformat.NotebookNode:
    """``notebook`` (changed in place) with ``metadata.cardlib``'s ``mode`` and ``release``
    (:func:`release_digest` of its locked cells, which the grader checks)."""
    cardlib = notebook.metadata.setdefault("cardlib", {})
    cardlib["mode"] = mode_named(mode)
    cardlib["release"] = release_digest(locked_cells(notebook))
    return notebook


#: The modules whose checks a release in exam mode imports from
#: :mod:`cardlib.exercises.recording` instead.
CHECK_MODULES = (
    "cardlib.exercises",
    "cardlib.exercises.checks",
    "cardlib.exercises.judgement",
    "cardlib.exercises.callbridge",
    "cardlib.exercises.bridge",
)
_IMPORT_OF_CHECKS = re.compile(
    r"^(\s*from\s+)(" + "|".join(re.escape(m) for m in CHECK_MODULES) + r")(\s+import\b)",
    re.MULTILINE,
)


def recording_imports(source: str) -> str | None:
    """An exam's locked cell ``source`` with its checks imported from
    :mod:`cardlib.exercises.recording` (which records and judges nothing); ``None`` when it
    imports something else of the judging modules (a reader, ``Feedback``), which a recorder
    cannot stand for. The source unchanged when it imports no check."""
    import ast

    from cardlib.exercises.recording import JUDGING, OTHERS, is_check_name

    judging = {*CHECK_MODULES, *JUDGING}
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(alias.name in judging for alias in node.names):
            return None
        if isinstance(node, ast.ImportFrom) and node.module in judging:
            names = [alias.name for alias in node.names]
            if node.module not in CHECK_MODULES or not all(
                is_check_name(name) or name in OTHERS for name in names
            ):
                return None
    return _IMPORT_OF_CHECKS.sub(r"\1cardlib.exercises.recording\3", source)


def with_mode(notebook: nbformat.NotebookNode, mode: str) -> nbformat.NotebookNode:
    """A copy of a notebook with its mode set: the mode cell, ``metadata.cardlib.mode`` and the
    release's identity (:func:`stamp_release`). In exam mode the locked cells import their
    checks from :mod:`cardlib.exercises.recording` (:func:`recording_imports`), so the
    student's kernel judges nothing; a notebook whose cells import more of the judging code
    keeps it (and its kernel can judge)."""
    copy = nbformat.from_dict(notebook)  # a deep copy
    for cell in copy.cells:
        if cell.get("id") == "mode":
            cell.source = set_mode(cell.source, mode)
    if mode_named(mode) == "exam":
        locked = [
            cell
            for cell in copy.cells
            if cell.cell_type == "code"
            and cell.get("metadata", {}).get("nbgrader", {}).get("locked")
        ]
        rewritten = [recording_imports(cell.source) for cell in locked]
        if all(source is not None for source in rewritten):
            for cell, source in zip(locked, rewritten, strict=True):
                cell.source = source
    return stamp_release(copy, mode)


def student_version(notebook: nbformat.NotebookNode, mode: str = "graded") -> nbformat.NotebookNode:
    """A copy of an instructor notebook for students: no solutions, no hidden tests, no outputs,
    and the mode set to ``mode`` (the ``mode`` cell and the notebook's metadata)."""
    student = with_mode(notebook, mode)
    for cell in student.cells:
        cell.source = student_cell_source(cell.source, cell.cell_type)
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    return student


class NoExercisesError(FileNotFoundError):
    """No instructor notebooks where the command looked; the message says where and what to do."""


def default_source() -> Path:
    """``exercises/`` here, else in the checkout the package was installed from."""
    here = Path("exercises")
    if any(here.glob("*.ipynb")):
        return here
    checkout = Path(__file__).resolve().parents[2] / "exercises"
    if any(checkout.glob("*.ipynb")):
        return checkout
    raise NoExercisesError(
        f"no instructor notebooks in {here.resolve()} or {checkout}: they are not installed with "
        "the package (they hold the solutions). Run this from the root of a cardlib checkout, "
        "or pass --source with the folder that holds them."
    )


def release(
    source: str | Path | None = None,
    out: str | Path = "build/exercises",
    mode: str = "graded",
    keep_existing: bool = False,
    keep_solutions: bool = False,
) -> list[Path]:
    """Write the student version of each notebook in ``source`` into ``out``; return the paths
    written. With ``keep_existing``, a student version already there is left alone (it may hold
    a learner's answers); with ``keep_solutions``, instructor copies with the mode set are
    written instead (for an nbgrader course's ``source/`` folder)."""
    source = default_source() if source is None else Path(source)
    out = Path(out)
    notebooks = sorted(source.glob("*.ipynb"))
    if not notebooks:
        raise NoExercisesError(
            f"no instructor notebooks (*.ipynb) in {source.resolve()}: pass --source with the "
            "folder that holds them (exercises/ in a cardlib checkout)."
        )
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for path in notebooks:
        instructor = nbformat.read(path, as_version=4)
        student = (
            with_mode(instructor, mode) if keep_solutions else student_version(instructor, mode)
        )
        target = out / path.name
        if keep_existing and target.exists():
            continue
        nbformat.write(student, target)
        written.append(target)
    return written


def has_markers(text: str) -> bool:
    """Whether any solution or hidden-test marker is left in some text (the tests use it)."""
    return bool(re.search(r"### (BEGIN|END) (SOLUTION|HIDDEN TESTS)", text))
