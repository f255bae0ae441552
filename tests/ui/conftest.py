"""Fixtures for the browser tests (marker ``ui``): one JupyterLab, one Chromium per session.

JupyterLab serves a temporary copy of ``notebooks/`` (it writes checkpoint
files into the folder it serves). Debian's ``/usr/bin/chromium`` is driven by
Playwright; ``playwright install`` cannot download browsers here, and is never
called. Without Chromium the tests skip, except under ``CI=true``, where a
missing browser fails them.

Screenshots go to ``screenshots/`` (git-ignored); click-to-update latencies are
printed at the end of the run and written to ``screenshots/ui-latency.txt``
(by the project's conftest.py).
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
from pathlib import Path

import pytest
from jupyter_driver import (
    CHROMIUM,
    CHROMIUM_ARGS,
    NOTEBOOKS,
    SCREENSHOTS,
    VOILA_READY,
    LabNotebook,
    lab_server,
    voila_server,
)

LATENCY_TARGET_MS = 150
BIN = Path(sys.executable).parent  # the project's .venv/bin: jupyter, voila


def _browser_missing() -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (make test installs Debian's chromium when run as root)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is missing (pip install -e '.[test]')"
    return None


def _require_browser() -> None:
    reason = _browser_missing()
    if reason is None:
        return
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason}; under CI=true a missing browser is a failure", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def served_notebooks(tmp_path_factory) -> Path:
    """A throwaway copy of notebooks/ for JupyterLab and Voilà to serve (and scribble in)."""
    copy = tmp_path_factory.mktemp("served") / "notebooks"
    shutil.copytree(NOTEBOOKS, copy, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    return copy


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium, headless, shared by every browser test of the session."""
    _require_browser()
    from playwright.sync_api import expect, sync_playwright

    # A widget answers in tens of milliseconds, but the two cores are shared with
    # whole test suites: wait longer than Playwright's 5 s before calling it broken.
    expect.set_options(timeout=20_000)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()


def new_page(browser):
    """A page in a fresh browser context (no cookies, no local storage)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    return context.new_page()


@pytest.fixture
def page(browser):
    page = new_page(browser)
    yield page
    page.context.close()


@pytest.fixture(scope="session")
def lab(browser, served_notebooks, tmp_path_factory):
    """JupyterLab serving the notebook copy, started as ``make tutorial`` starts it."""
    server = lab_server(BIN / "jupyter", served_notebooks, tmp_path_factory.mktemp("lab"))
    server.start(ready_path=f"api/status?token={server.token}")
    yield server
    server.stop()


#: The notebooks the interaction tests use after "Run All". They stay open (page and
#: kernel) once run, so that each runs once per session: 04's Monte Carlo cells alone
#: take half a minute on two cores. Every other notebook is closed after its check.
INTERACTIVE = ("01-", "03-", "04-", "08-", "40-")


class NotebookRuns:
    """Each notebook opened in JupyterLab and run once per session, in a page of its own."""

    def __init__(self, browser, lab, folder: Path):
        self.browser, self.lab, self.folder = browser, lab, folder
        self.open: dict[Path, LabNotebook] = {}

    def path(self, pattern: str) -> Path:
        """The notebook matching ``pattern`` ("01-*"); skips the test if there is none yet."""
        matches = sorted(self.folder.glob(f"{pattern}.ipynb"))
        if not matches:
            pytest.skip(f"no notebook matches notebooks/{pattern}.ipynb yet")
        return matches[0]

    def run(self, pattern: str) -> LabNotebook:
        """The notebook, open and run ("Run All Cells"); ``.reports`` holds the cell report."""
        path = self.path(pattern)
        if path not in self.open:
            notebook = LabNotebook(new_page(self.browser), self.lab, path)
            try:
                notebook.open()
                notebook.reports = notebook.run_all()
            except BaseException:
                self.close(notebook)
                raise
            self.open[path] = notebook
        return self.open[path]

    def close(self, notebook: LabNotebook) -> None:
        """Close its page and shut its kernel down."""
        self.open.pop(notebook.path, None)
        notebook.page.context.close()
        self.lab.shut_down_kernels(notebook.path.name)

    def done_checking(self, notebook: LabNotebook) -> None:
        """Close a notebook after its check, unless an interaction test wants it next."""
        if not notebook.path.name.startswith(INTERACTIVE):
            self.close(notebook)

    def close_all(self) -> None:
        for notebook in list(self.open.values()):
            self.close(notebook)


@pytest.fixture(scope="session")
def notebook_runs(browser, lab, served_notebooks):
    runs = NotebookRuns(browser, lab, served_notebooks)
    yield runs
    runs.close_all()


@pytest.fixture
def run_notebook(notebook_runs):
    """``run_notebook("01-*")``: that notebook run in JupyterLab, closed after the test."""
    used = []

    def run(pattern: str) -> LabNotebook:
        notebook = notebook_runs.run(pattern)
        used.append(notebook)
        return notebook

    yield run
    for notebook in used:
        notebook_runs.close(notebook)


@pytest.fixture
def voila_app(served_notebooks, tmp_path_factory):
    """``voila_app("06-*")``: Voilà serving that notebook as ``make app`` does; its Server."""
    started = []

    def start(pattern: str):
        _require_browser()
        matches = sorted(served_notebooks.glob(f"{pattern}.ipynb"))
        if not matches:
            pytest.skip(f"no notebook matches notebooks/{pattern}.ipynb yet")
        # one page: a preheated kernel would only be one more to start
        server = voila_server(
            BIN / "voila", matches[0], tmp_path_factory.mktemp("voila"), preheated=0
        )
        started.append(server)
        return server.start(ready_path=VOILA_READY)

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def screenshot_dir() -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS


@pytest.fixture
def record_latency(request):
    """``record_latency("01 Deal → hands redrawn", [ms, ...])``: kept for the end-of-run report.

    The line travels as the test report's ``ui-latency`` property, so the project's
    conftest.py prints it at the end of the run even when the test ran on another
    pytest-xdist worker.
    """

    def record(label: str, samples: list[float]) -> None:
        request.node.user_properties.append(("ui-latency", latency_line(label, samples)))

    return record


def latency_line(label: str, samples: list[float]) -> str:
    return (
        f"UI latency median {statistics.median(samples):6.1f} ms  {label} "
        f"({len(samples)} clicks, min {min(samples):.1f}, max {max(samples):.1f}; "
        f"target < {LATENCY_TARGET_MS} ms)"
    )
