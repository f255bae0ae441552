"""Every notebook, run as a learner runs it: "Run All Cells", look at the page.

Here in JupyterLab, but for the few run in the classroom site instead
(``jupyter_driver.IN_THE_SITE``, tests/ui/test_lite_site.py): each notebook once, in one of
the two.

nbval proves the stored outputs; this proves the page: no cell shows an error
(except the cells that show an illegal move on purpose), every cell ran, and
every widget the stored notebook has is drawn, not "Error displaying widget",
and axe-core finds no WCAG 2.1 AA violation in what the notebook draws (its
output areas; JupyterLab's own prompts excluded, see ``FRAMEWORK_CHROME``).
New notebooks are picked up by the glob (and run here), with no change here.
"""

from __future__ import annotations

import jupyter_driver
import pytest
from jupyter_driver import (
    NOTEBOOKS,
    accessibility_violations,
    notebooks_in_lab,
    notebooks_in_the_site,
)

pytestmark = pytest.mark.ui


def test_every_notebook_runs_in_lab_or_in_the_site_and_only_one():
    lab = {path.stem for path in notebooks_in_lab()}
    site = {path.stem for path in notebooks_in_the_site()}
    assert lab | site == {path.stem for path in NOTEBOOKS.glob("*.ipynb")}
    assert not lab & site
    assert len(site) == len(jupyter_driver.IN_THE_SITE), "a notebook of IN_THE_SITE is gone"


@pytest.mark.parametrize("name", [path.stem for path in notebooks_in_lab()])
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
