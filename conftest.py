"""Settings for the whole test run (tests/, notebooks/ and exercises/).

``make test`` runs pytest on three workers (pytest-xdist, ``--dist loadfile``) on a
2-core machine: every test file, and every notebook's cells, stay together on one worker, in
order. A worker is often waiting (a kernel, a browser, nbgrader starting), not computing: one
test file alone keeps 0.5 to 0.9 of a core busy, so a third worker uses what two leave idle.
The files that take minutes are put first so that the workers start on them at once and the
many short files fill in around them, instead of one long file starting last and running on
alone.

Hypothesis has no deadline here: a test that is correct must not fail because
the machine is busy (speed is measured in ``make bench``, never in a test).
"""

from __future__ import annotations

import gc
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings


class ProgressRecords:
    """Progress records for a test run, each in a folder of its own, all of them in one
    temporary folder (``cardlib-progress-…``) that :meth:`remove` takes away at the run's end."""

    def __init__(self) -> None:
        self.folder: Path | None = None

    def new(self) -> str:
        """The path of a new, empty record (its folder made, the file not yet)."""
        if self.folder is None:
            self.folder = Path(tempfile.mkdtemp(prefix="cardlib-progress-"))
        return str(Path(tempfile.mkdtemp(dir=self.folder)) / "progress.json")

    def remove(self) -> None:
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None


PROGRESS_RECORDS = ProgressRecords()

# No test (nor a notebook's kernel, which inherits this) writes a learner's progress record
# (cardlib/progress.py): every run keeps its own, in a temporary folder. (pytest-xdist's
# workers inherit the controller's, and make their notebooks' in folders of their own.)
if "CARDLIB_PROGRESS" not in os.environ:
    os.environ["CARDLIB_PROGRESS"] = PROGRESS_RECORDS.new()


def pytest_unconfigure(config):
    # The last hook of every run (a worker's too), however it ended: the records go.
    PROGRESS_RECORDS.remove()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    # Every notebook's kernel starts (in its file's setup, just after this hook) with an empty
    # progress record of its own: a lesson that shows the record (00's "Your progress") must
    # not show what another notebook on the same worker passed before it.
    notebook = item.parent
    if type(notebook).__name__ == "IPyNbFile" and not hasattr(notebook, "cardlib_progress"):
        notebook.cardlib_progress = os.environ["CARDLIB_PROGRESS"] = PROGRESS_RECORDS.new()


@pytest.fixture(autouse=True)
def _close_widgets_after_each_test():
    # ipywidgets keeps every widget until it is closed, and with it every cardlib widget that
    # listens for a change of language: left open, each later switch of language redraws all
    # the widgets of every earlier test (seconds a test, by the end of a file).
    yield
    widget_module = sys.modules.get("ipywidgets.widgets.widget")
    if widget_module is not None and widget_module._instances:
        widget_module.Widget.close_all()
        gc.collect()  # the closed widgets' listeners (weak references) go with them


settings.register_profile("cardlib", deadline=None)
settings.load_profile("cardlib")

# The slowest files, slowest first, as measured (pytest --junitxml, time per file, 2 workers):
# each worker starts on two of them at once (pytest-xdist hands a worker two files to begin
# with), and the short files fill in around them. A file of minutes left out of this list
# starts wherever the alphabet puts it and may run on alone at the end: the test_sandbox and
# exam files once did (5 and 3 minutes on a loaded machine, not listed). The ONE_LAB files
# count as one, under the name of the first.
LONGEST_FIRST = (
    "tests/ui/test_lite_site.py",
    "tests/test_grading.py",
    "tests/test_sandbox.py",
    "tests/ui/test_lab_all_notebooks.py",
    "tests/ui/test_table_app.py",
    "tests/ui/test_lite_table_page.py",
    "tests/test_exam_grading.py",
    "tests/test_lite_build.py",
    "tests/test_learners_language.py",
    "tests/ui/test_app_class.py",
    "tests/test_hub_class.py",
)


def _rank(item) -> int:
    path = item.nodeid.split("::", 1)[0]
    return LONGEST_FIRST.index(path) if path in LONGEST_FIRST else len(LONGEST_FIRST)


def pytest_collection_modifyitems(config, items):
    items.sort(key=_rank)  # stable: every file keeps its own order


#: Files that share one JupyterLab, one browser and the notebooks run there (tests/ui/conftest.py,
#: ``notebook_runs``): the interaction tests take the pages that the run of every notebook left
#: open, so they run on the same worker as it, as if one file (else each worker starts its own
#: JupyterLab and runs those notebooks again).
ONE_LAB = (
    "tests/ui/test_lab_all_notebooks.py",
    "tests/ui/test_lab_first_quick_check.py",
    "tests/ui/test_lab_interactions.py",
    "tests/ui/test_puzzles_ui.py",
)


def one_lab_scheduling():
    """pytest-xdist's ``--dist loadfile`` with the :data:`ONE_LAB` files as one file, or None
    when the installed pytest-xdist has no ``_split_scope`` to override.

    That method is private: pyproject.toml pins pytest-xdist to the release this was written
    for (3.8), and a release without it falls back to plain ``loadfile`` (those files may
    then run on several workers, each with a JupyterLab of its own: slower, never wrong).
    """
    try:
        from xdist.scheduler import LoadFileScheduling

        # what this was written for: a test's file is its scope (the method reads no state)
        if LoadFileScheduling._split_scope(None, "t/a.py::Case::test") != "t/a.py":
            return None
    except Exception:  # no such method, or one that works otherwise
        return None

    class OneLabScheduling(LoadFileScheduling):
        def _split_scope(self, nodeid):
            scope = super()._split_scope(nodeid)
            return ONE_LAB[0] if scope in ONE_LAB else scope

    return OneLabScheduling


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    if config.getoption("dist") != "loadfile":
        return None
    scheduling = one_lab_scheduling()
    return None if scheduling is None else scheduling(config, log)


def pytest_collection_finish(session):
    # Everything alive now (the modules imported, the thousands of collected items) lives to
    # the end of the run: moved out of the collector's sight, it is not walked again by every
    # gc.collect() of _close_widgets_after_each_test (which took a third of the unit tests' time).
    gc.collect()
    gc.freeze()


# ----- the browser tests' click-to-update latencies (tests/ui/conftest.py: record_latency)

PROJECT = Path(__file__).parent
LATENCY_REPORT = PROJECT / "screenshots" / "ui-latency.txt"
_latency_lines: list[str] = []


def pytest_runtest_logreport(report):
    # Runs where the run is reported (the controller under pytest-xdist), so the
    # lines from every worker end up here.
    if report.when == "call":
        _latency_lines.extend(
            value for name, value in report.user_properties if name == "ui-latency"
        )


def pytest_terminal_summary(terminalreporter):
    if not _latency_lines:
        return
    terminalreporter.section("click-to-update latency in JupyterLab (Chromium, headless)")
    for line in _latency_lines:
        terminalreporter.write_line(line)
    LATENCY_REPORT.parent.mkdir(exist_ok=True)
    LATENCY_REPORT.write_text("\n".join(_latency_lines) + "\n")
    terminalreporter.write_line(
        f"(also written to {LATENCY_REPORT.relative_to(Path(__file__).parent)})"
    )
