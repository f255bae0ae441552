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
counts, and sets the mode of the locked ``mode`` cell (``exercise_mode("practice")`` or
``"graded"``). The result depends only on the source notebook and the mode, so releasing twice
gives identical bytes. nbgrader's ``generate_assignment`` makes the same student version (with the
mode of the source, graded) for a course that uses nbgrader.

The instructor notebooks are not part of the installed package (they hold the solutions): the
command reads them from ``exercises/`` in the current folder, else from the checkout the package
was installed from (``pip install -e .``), and says so plainly when neither exists.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat

from cardlib.exercises.feedback import MODES

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


MODE_CALL = re.compile(r'exercise_mode\("(practice|graded)"\)')


def set_mode(source: str, mode: str) -> str:
    """A mode cell's source with its mode set."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, got {mode!r}")
    return MODE_CALL.sub(f'exercise_mode("{mode}")', source)


def student_version(notebook: nbformat.NotebookNode, mode: str = "graded") -> nbformat.NotebookNode:
    """A copy of an instructor notebook for students: no solutions, no hidden tests, no outputs,
    and the ``mode`` cell set to ``mode``."""
    student = nbformat.from_dict(notebook)  # a deep copy
    for cell in student.cells:
        cell.source = student_cell_source(cell.source, cell.cell_type)
        if cell.get("id") == "mode":
            cell.source = set_mode(cell.source, mode)
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
) -> list[Path]:
    """Write the student version of each notebook in ``source`` into ``out``; return the paths
    written. With ``keep_existing``, a student version already there is left alone (it may hold
    a learner's answers)."""
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
        student = student_version(nbformat.read(path, as_version=4), mode)
        target = out / path.name
        if keep_existing and target.exists():
            continue
        nbformat.write(student, target)
        written.append(target)
    return written


def has_markers(text: str) -> bool:
    """Whether any solution or hidden-test marker is left in some text (the tests use it)."""
    return bool(re.search(r"### (BEGIN|END) (SOLUTION|HIDDEN TESTS)", text))
