"""Every notebook, run as a learner runs it: JupyterLab, "Run All Cells", look at the page.

nbval proves the stored outputs; this proves the page: no cell shows an error
(except the cells that show an illegal move on purpose), every cell ran, and
every widget the stored notebook has is drawn, not "Error displaying widget",
and axe-core finds no WCAG 2.1 AA violation in what the notebook draws (its
output areas; JupyterLab's own prompts excluded, see ``FRAMEWORK_CHROME``).
New notebooks are picked up by the glob, with no change here.
"""

from __future__ import annotations

import pytest
from jupyter_driver import NOTEBOOKS, accessibility_violations

pytestmark = pytest.mark.ui


@pytest.mark.parametrize("name", [path.stem for path in sorted(NOTEBOOKS.glob("*.ipynb"))])
def test_run_all_cells_without_errors_and_draw_every_widget(notebook_runs, screenshot_dir, name):
    notebook = notebook_runs.run(name)
    try:
        notebook.screenshot(screenshot_dir / "lab" / f"{name}.png")
        problems = notebook.problems(notebook.reports)
        problems += accessibility_violations(
            notebook.page, ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea"
        )
    finally:
        notebook_runs.done_checking(notebook)
    assert not problems, f"{name} in JupyterLab:\n" + "\n".join(problems)
