"""A learner's "Run All Cells" runs past the cells that fail on purpose.

A cell that shows an illegal move raises, and nbval accepts it for its
``# NBVAL_RAISES_EXCEPTION`` comment; but JupyterLab's Run All (and Voilà)
stop at the first error unless the cell carries the ``raises-exception`` tag,
leaving the rest of the notebook unrun. The browser tests (tests/ui) see that
too, slowly; this check names the cell in a fraction of a second.
"""

from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(ROOT.glob("notebooks/*.ipynb")) + sorted(ROOT.glob("exercises/*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[str(p.relative_to(ROOT)) for p in NOTEBOOKS])
def test_cells_meant_to_fail_carry_the_raises_exception_tag(path):
    cells = nbformat.read(path, as_version=4).cells
    untagged = [
        i
        for i, cell in enumerate(cells)
        if cell.cell_type == "code"
        and "NBVAL_RAISES_EXCEPTION" in cell.source
        and "raises-exception" not in cell.metadata.get("tags", [])
    ]
    assert not untagged, (
        f"{path.name}: cells {untagged} fail on purpose but lack the 'raises-exception' tag, "
        "so Run All in JupyterLab stops there (add the tag to each cell's metadata)"
    )
