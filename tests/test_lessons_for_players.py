"""A lesson reads like a card teacher's: short code about the game, no self-checks in the flow.

A learner reads prose and widgets; the machinery (tables, comparisons, Monte Carlo
harnesses, self-checks) lives in the package or in collapsed cells. These tests hold every
lesson to that, in English and in every translated language: a visible code cell is at most
``MAX_VISIBLE_LINES`` lines, and no visible cell asserts (a self-check stays under nbval in a
collapsed cell, where it still fails the notebook if a figure drifts).
"""

import ast
from pathlib import Path

import nbformat
import pytest

import cardlib.lessons
from cardlib import _notebooks

ROOT = Path(__file__).resolve().parent.parent
#: The English lessons, then every translated language's (cardlib._notebooks.TRANSLATED).
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb")) + _notebooks.translated_paths()
IDS = [str(p.relative_to(ROOT / "notebooks")) for p in LESSONS]
MAX_VISIBLE_LINES = 15


def visible_code_cells(path: Path) -> list[tuple[int, str]]:
    """(index, source) of each code cell whose source a learner sees (not collapsed)."""
    notebook = nbformat.read(path, as_version=4)
    return [
        (index, cell.source)
        for index, cell in enumerate(notebook.cells)
        if cell.cell_type == "code"
        and cell.source.strip()
        and not cell.metadata.get("jupyter", {}).get("source_hidden", False)
    ]


def asserts(source: str) -> bool:
    """Whether the cell holds an ``assert`` statement (a cell that does not parse, by its lines)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return any(line.lstrip().startswith("assert ") for line in source.splitlines())
    return any(isinstance(node, ast.Assert) for node in ast.walk(tree))


def test_the_lessons_are_found_in_every_language():
    assert {"00-start-here.ipynb", "06-play-a-match.ipynb", "41-the-bridge-coach.ipynb"} <= {
        p.name for p in LESSONS
    }
    assert {p.parent.name for p in LESSONS} == {"notebooks", *_notebooks.TRANSLATED}
    assert all(p.exists() for p in LESSONS)


@pytest.mark.parametrize("path", LESSONS, ids=IDS)
def test_every_visible_code_cell_is_short(path):
    long = {
        index: len(source.rstrip().splitlines())
        for index, source in visible_code_cells(path)
        if len(source.rstrip().splitlines()) > MAX_VISIBLE_LINES
    }
    assert not long, f"visible code cells over {MAX_VISIBLE_LINES} lines (cell: lines): {long}"


@pytest.mark.parametrize("path", LESSONS, ids=IDS)
def test_no_visible_cell_asserts(path):
    found = [index for index, source in visible_code_cells(path) if asserts(source)]
    assert not found, f"visible cells with an assert (move them to a collapsed cell): {found}"


def test_the_checks_can_fail(tmp_path):
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_code_cell("\n".join(f"x{i} = {i}" for i in range(16))),
        nbformat.v4.new_code_cell("assert 1 + 1 == 2"),
        nbformat.v4.new_code_cell("assert True", metadata={"jupyter": {"source_hidden": True}}),
    ]
    path = tmp_path / "99-probe.ipynb"
    nbformat.write(notebook, path)
    assert [i for i, s in visible_code_cells(path) if len(s.splitlines()) > 15] == [0]
    assert [i for i, s in visible_code_cells(path) if asserts(s)] == [1]


def headings(notebook_stem: str) -> set[str]:
    """The markdown headings of an English lesson, without their ``#`` marks."""
    notebook = nbformat.read(ROOT / "notebooks" / f"{notebook_stem}.ipynb", as_version=4)
    return {
        line.lstrip("#").strip()
        for cell in notebook.cells
        if cell.cell_type == "markdown"
        for line in cell.source.splitlines()
        if line.startswith("#")
    }


MODULES = cardlib.lessons.modules()
#: The strategy lessons, whose quick checks used to test earlier lessons instead of their own.
STRATEGY_LESSONS = {
    "09-call-break-strategy",
    "11-judgement-strategy",
    "21-call-bridge-strategy",
    "32-bridge-strategy",
    "40-the-coach",
}


def test_every_strategy_lesson_has_its_quick_check_in_the_package():
    with_checks = {m.NOTEBOOK for m in MODULES if hasattr(m, "quick_check")}
    assert with_checks >= STRATEGY_LESSONS


@pytest.mark.parametrize(
    "module", cardlib.lessons.modules(), ids=lambda m: m.__name__.rsplit(".", 1)[1]
)
def test_each_quick_check_asks_what_its_own_lesson_taught(module):
    assert (ROOT / "notebooks" / f"{module.NOTEBOOK}.ipynb").exists()
    if not hasattr(module, "quick_check"):
        pytest.skip("this lesson ends in no quick check")
    check = module.quick_check(record=False)
    taught_here = headings(module.NOTEBOOK)
    off_lesson = [q.prompt for q in check.questions if q.taught not in taught_here]
    assert not off_lesson, f"questions whose point {module.NOTEBOOK} does not teach: {off_lesson}"
