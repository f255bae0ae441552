"""Every committed notebook is valid and executed, so that strict nbval can compare it.

nbval does not compare a cell whose stored ``execution_count`` is null: an
unexecuted (or stripped) notebook would pass while testing nothing. These tests
catch that, and flag notebooks that lean on ``# NBVAL_IGNORE_OUTPUT``.
"""

from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK_DIRS = ("notebooks", "exercises")
SKIP_PARTS = {"build", "practice", ".ipynb_checkpoints"}  # practice: make tutorial's copies
#: At most this share of a notebook's code cells may skip the output comparison.
IGNORE_OUTPUT_SHARE = 0.10


def committed_notebooks() -> list[Path]:
    """The notebooks under notebooks/ and exercises/, leaving out build/ and checkpoints."""
    found = []
    for folder in NOTEBOOK_DIRS:
        for path in sorted((ROOT / folder).rglob("*.ipynb")):
            if not SKIP_PARTS & set(path.relative_to(ROOT).parts):
                found.append(path)
    return found


NOTEBOOKS = committed_notebooks()
IDS = [str(p.relative_to(ROOT)) for p in NOTEBOOKS]


def code_cells(path: Path):
    return [c for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code"]


def has_marker(cell, marker: str) -> bool:
    return any(line.strip().lstrip("#").strip() == marker for line in cell.source.splitlines())


def test_the_tutorial_notebooks_are_found():
    names = {p.name for p in NOTEBOOKS}
    assert {
        "01-cards-and-dealing.ipynb",
        "02-spades-are-trump.ipynb",
        "03-what-may-i-play.ipynb",
    } <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_notebook_is_valid_nbformat(path):
    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_every_code_cell_is_executed_top_to_bottom(path):
    cells = [c for c in code_cells(path) if c.source.strip()]
    unexecuted = [i for i, c in enumerate(cells) if c.execution_count is None]
    assert not unexecuted, (
        f"{path.name}: code cells {unexecuted} have no execution count, so nbval would not "
        "compare them; run `make notebooks` and commit the result"
    )
    counts = [c.execution_count for c in cells]
    assert counts == sorted(counts) and len(set(counts)) == len(counts), (
        f"{path.name}: execution counts {counts} are not in order: execute the notebook "
        "top to bottom in one kernel (`make notebooks`)"
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_few_cells_ignore_their_output(path):
    cells = code_cells(path)
    ignored = [i for i, c in enumerate(cells) if has_marker(c, "NBVAL_IGNORE_OUTPUT")]
    allowed = max(1, int(IGNORE_OUTPUT_SHARE * len(cells)))
    assert len(ignored) <= allowed, (
        f"{path.name}: {len(ignored)} of {len(cells)} code cells skip the output comparison "
        f"(NBVAL_IGNORE_OUTPUT in cells {ignored}); make them deterministic instead"
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_expected_errors_are_stored(path):
    """An NBVAL_RAISES_EXCEPTION cell must hold its error, or nbval has nothing to compare."""
    for i, cell in enumerate(code_cells(path)):
        if has_marker(cell, "NBVAL_RAISES_EXCEPTION"):
            errors = [o for o in cell.outputs if o.output_type == "error"]
            assert errors, f"{path.name}: code cell {i} expects an error but stores none"


TUTORIALS = [p for p in NOTEBOOKS if p.parent == ROOT / "notebooks"]


@pytest.mark.parametrize("path", TUTORIALS, ids=[p.name for p in TUTORIALS])
def test_tutorial_opens_with_what_you_will_learn_and_ends_with_try_this_next(path):
    cells = nbformat.read(path, as_version=4).cells
    markdown = [c.source for c in cells if c.cell_type == "markdown"]
    assert markdown and "what you will learn" in markdown[0].lower(), (
        f"{path.name}: the first markdown cell should say what the reader will learn"
    )
    assert cells[-1].cell_type == "markdown" and "try this next" in cells[-1].source.lower(), (
        f"{path.name}: the last cell should be a 'Try this next' section"
    )


@pytest.mark.parametrize("path", TUTORIALS, ids=[p.name for p in TUTORIALS])
def test_run_all_never_stops_at_a_refused_move(path):
    """A refused move is shown (cardlib.draw.svg.refused), not raised: JupyterLite's Run All
    stops at the first cell that raises, whatever its tags."""
    for i, cell in enumerate(code_cells(path)):
        tags = cell.metadata.get("tags", [])
        errors = [o for o in cell.outputs if o.output_type == "error"]
        assert "raises-exception" not in tags and not errors, (
            f"{path.name}: code cell {i} raises; show the refusal with "
            "cardlib.draw.svg.refused(action, *args) instead"
        )


@pytest.mark.parametrize("path", TUTORIALS, ids=[p.name for p in TUTORIALS])
def test_no_nbval_comment_where_a_tag_does_the_job(path):
    """Learners read the cells: nbval's markers go in cell tags, not in the code."""
    for i, cell in enumerate(code_cells(path)):
        assert "# NBVAL_" not in cell.source, (
            f"{path.name}: code cell {i} shows an '# NBVAL_…' comment; use the cell tag "
            "(nbval-ignore-output, nbval-skip) instead"
        )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_no_timing_metadata_is_stored(path):
    """`make notebooks` records no execution timing, so a re-run changes only real outputs."""
    timed = [
        i
        for i, cell in enumerate(nbformat.read(path, as_version=4).cells)
        if "execution" in cell.get("metadata", {})
    ]
    assert not timed, (
        f"{path.name}: cells {timed} store execution timing; regenerate with `make notebooks` "
        "(which passes --ExecutePreprocessor.record_timing=False)"
    )
