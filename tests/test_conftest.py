"""The test run's own settings (conftest.py): safe to repeat on a fresh machine.

Its scheduler overrides a private method of pytest-xdist's, so pyproject.toml pins the release
it was written for, and a release without that method falls back to plain ``loadfile``; the
progress records it makes for the run (one per notebook) are all removed when the run ends.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

PROJECT = Path(__file__).resolve().parents[1]


@pytest.fixture
def conftest(pytestconfig):
    """The project's conftest.py, as this run loaded it."""
    (module,) = (
        plugin
        for plugin in pytestconfig.pluginmanager.get_plugins()
        if getattr(plugin, "__file__", None) == str(PROJECT / "conftest.py")
    )
    return module


def test_pytest_xdist_is_pinned_to_a_release_the_scheduler_was_written_for():
    test = tomllib.loads((PROJECT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]["test"]
    (pin,) = (Requirement(r) for r in test if Requirement(r).name == "pytest-xdist")
    assert pin.specifier.contains(importlib.metadata.version("pytest-xdist"))
    # a range of one minor release: a new one (which may drop the private method) is not taken
    assert not pin.specifier.contains("3.9.0") and not pin.specifier.contains("4.0.0")


def test_the_one_lab_files_are_one_file_to_the_scheduler(conftest):
    scheduling = conftest.one_lab_scheduling()
    assert scheduling is not None
    scheduler = scheduling.__new__(scheduling)  # _split_scope reads no state
    for file in conftest.ONE_LAB:
        assert scheduler._split_scope(f"{file}::test_something[1]") == conftest.ONE_LAB[0]
    assert scheduler._split_scope("tests/test_cards.py::test_a") == "tests/test_cards.py"
    assert scheduler._split_scope("notebooks/03-a.ipynb::Cell 4") == "notebooks/03-a.ipynb"


def test_the_longest_files_are_files_of_the_suite_and_go_first(conftest):
    """A renamed or removed file would silently drop out of the order (nothing fails, the run
    is only slower): each listed file exists, once, and sorts before every other file."""
    listed = conftest.LONGEST_FIRST
    assert len(set(listed)) == len(listed)
    assert all((PROJECT / path).is_file() for path in listed), listed
    assert not set(listed[1:]) & set(conftest.ONE_LAB[1:])  # those go with ONE_LAB[0]

    class Item:
        def __init__(self, nodeid):
            self.nodeid = nodeid

    items = [
        Item(nodeid) for nodeid in ("tests/test_cards.py::test_a", "notebooks/01.ipynb::Cell 0")
    ]
    items += [Item(f"{path}::test_{n}") for path in reversed(listed) for n in (1, 2)]
    conftest.pytest_collection_modifyitems(None, items)
    assert [item.nodeid for item in items] == [
        *(f"{path}::test_{n}" for path in listed for n in (1, 2)),
        "tests/test_cards.py::test_a",
        "notebooks/01.ipynb::Cell 0",
    ]


def test_a_pytest_xdist_without_the_private_method_falls_back_to_plain_loadfile(
    conftest, monkeypatch
):
    from xdist.scheduler import LoadFileScheduling

    monkeypatch.delattr(LoadFileScheduling, "_split_scope")  # LoadScopeScheduling's is left
    assert conftest.one_lab_scheduling() is None
    monkeypatch.setattr(LoadFileScheduling, "_split_scope", lambda self: "no nodeid")
    assert conftest.one_lab_scheduling() is None


def test_the_progress_records_go_with_the_run_that_made_them(conftest):
    records = conftest.ProgressRecords()
    first, second = Path(records.new()), Path(records.new())
    assert first.parent != second.parent and first.parent.parent == second.parent.parent
    folder = records.folder
    assert folder is not None and folder.name.startswith("cardlib-progress-")
    first.write_text("{}")
    records.remove()
    assert not folder.exists()
    records.remove()  # twice is once


SUITE_TEST = """
import os
from pathlib import Path

from cardlib import progress


def test_a_record_in_the_runs_folder():
    progress.record_lesson("01")
    folders = progress.path().parents
    assert Path(os.environ["TMPDIR"]) in folders
    assert any(folder.name.startswith("cardlib-progress-") for folder in folders)
"""
NOTEBOOK_CELL = """
import os
from pathlib import Path
from cardlib import progress
progress.record_lesson("02")
folders = progress.path().parents
assert Path(os.environ["TMPDIR"]) in folders
assert any(folder.name.startswith("cardlib-progress-") for folder in folders)
assert progress.summary()["lessons passed"] == 1  # a record of its own
"""


@pytest.mark.parametrize(
    "workers",
    [[], pytest.param(["-p", "xdist", "-n", "2"], marks=pytest.mark.slow)],
    ids=["one-process", "xdist"],
)
def test_a_test_run_leaves_no_progress_folder_behind(tmp_path, workers):
    """The issue: `make test` left 46 ``cardlib-progress-*`` folders in the temporary folder on
    every run (one per notebook). A run of a test and a notebook, with the project's conftest.py,
    in a temporary folder of its own: both write a record, and nothing is left."""
    temporary, suite = tmp_path / "tmp", tmp_path / "suite"
    temporary.mkdir()
    suite.mkdir()
    (suite / "test_record.py").write_text(SUITE_TEST)
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": "record",
                "metadata": {},
                "outputs": [],
                "source": NOTEBOOK_CELL,
            }
        ],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (suite / "record.ipynb").write_text(json.dumps(notebook))
    env = {**os.environ, "TMPDIR": str(temporary), "PYTHONPATH": str(PROJECT)}
    env.pop("CARDLIB_PROGRESS", None)  # as on a fresh shell: the run makes its own
    done = subprocess.run(
        [
            sys.executable, "-m", "pytest", "-p", "conftest", "-p", "no:cacheprovider",
            "--nbval-lax", "--nbval-current-env", "-q", *workers, ".",
        ],
        cwd=suite,
        env=env,
        capture_output=True,
        text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 passed" in done.stdout
    assert sorted(p.name for p in temporary.iterdir() if "cardlib-progress" in p.name) == []
