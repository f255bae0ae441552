"""``make tutorial``'s set-up (cardlib.tutorial), without a browser: what it trusts, what it
writes, how it starts JupyterLab. tests/ui/test_lab_first_minute.py checks what a learner sees."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import nbformat
import pytest
from nbformat.sign import NotebookNotary

from cardlib import _notebooks, tutorial

PROJECT = Path(__file__).resolve().parents[1]
#: Lesson 02 in every language it is translated into (hi, ne, …).
TRANSLATED = [f"notebooks/{code}/02-spades-are-trump.ipynb" for code in _notebooks.TRANSLATED]


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A copy of a lesson in English and in each translated language, and a practice notebook;
    a fresh trust database."""
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "data"))
    root = tmp_path / "project"
    (root / "notebooks" / "practice").mkdir(parents=True)
    for name in ("notebooks/02-spades-are-trump.ipynb", *TRANSLATED):
        (root / name).parent.mkdir(exist_ok=True)
        shutil.copy(PROJECT / name, root / name)
    # a notebook of the learner's own (the signature is of the content: make it differ)
    mine = nbformat.read(PROJECT / "notebooks/02-spades-are-trump.ipynb", as_version=4)
    mine.cells[0].source += "\nmy notes"
    nbformat.write(mine, root / "notebooks/practice/mine.ipynb")
    return root


def trusted(path: Path) -> bool:
    return NotebookNotary().check_signature(nbformat.read(path, as_version=nbformat.NO_CONVERT))


def test_trusts_the_shipped_lessons_only(project):
    lessons = tutorial.shipped_notebooks(project)
    assert [p.relative_to(project).as_posix() for p in lessons] == [
        "notebooks/02-spades-are-trump.ipynb",
        *TRANSLATED,
    ]
    assert not any(trusted(p) for p in lessons)  # a fresh database trusts nothing
    tutorial.trust(lessons)
    tutorial.trust(lessons)  # make tutorial run twice
    assert all(trusted(p) for p in lessons)
    assert not trusted(project / "notebooks/practice/mine.ipynb")


def test_an_edited_lesson_is_trusted_again_as_it_now_is(project):
    lesson = project / "notebooks/02-spades-are-trump.ipynb"
    tutorial.trust([lesson])
    notebook = nbformat.read(lesson, as_version=nbformat.NO_CONVERT)
    notebook.cells[0].source += "\nchanged"
    nbformat.write(notebook, lesson)
    assert not trusted(lesson)  # the signature is of the content, not the name
    tutorial.trust([lesson])
    assert trusted(lesson)


def test_lab_settings_leave_out_news_and_nbgrader(tmp_path):
    folder = tutorial.write_lab_settings(tmp_path / "a" / "b")
    tutorial.write_lab_settings(tmp_path / "a" / "b")  # again: same files
    page = json.loads((folder / "page_config.json").read_text())
    assert page == {
        "disabledExtensions": ["@jupyterlab/apputils-extension:announcements", "@jupyter/nbgrader"]
    }
    overrides = json.loads((folder / "overrides.json").read_text())
    assert overrides["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"
    viewers = overrides["@jupyterlab/docmanager-extension:plugin"]["defaultViewers"]
    assert viewers == {"markdown": "Markdown Preview"}


def test_lab_serves_the_project_at_00_on_loopback(tmp_path):
    argv = tutorial.lab_argv(tmp_path, 8123, tmp_path / "s")
    assert argv[1] == "lab"
    assert "--ServerApp.ip=127.0.0.1" in argv and "--ServerApp.port=8123" in argv
    assert f"--ServerApp.root_dir={tmp_path}" in argv
    assert "--LabApp.default_url=/lab/tree/notebooks/00-start-here.ipynb" in argv
    assert "--ContentsManager.preferred_dir=notebooks" in argv
    assert "--LabApp.news_url=None" in argv
    assert "--ServerApp.jpserver_extensions=nbgrader.server_extensions.formgrader=False" in argv
    assert (PROJECT / "notebooks/00-start-here.ipynb").exists()
