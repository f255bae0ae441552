"""``make tutorial``: the lessons in JupyterLab, as a learner should find them in the first minute.

    python -m cardlib.tutorial [--port 8888] [--root .] [extra jupyter lab options]

What it does before JupyterLab starts, and why:

- **Trusts the shipped lessons** (``notebooks/*.ipynb``, and the translated ones of
  :data:`cardlib._notebooks.TRANSLATED`, ``notebooks/hi/*.ipynb``, …): JupyterLab
  strips the stored pictures (inline SVG) and draws no stored widgets of an untrusted
  notebook, so a lesson opened before it is run would show bare text and ``VBox(children=…``.
  The signatures go where Jupyter keeps them (``JUPYTER_DATA_DIR``'s ``nbsignatures.db``),
  the same place JupyterLab looks. A learner's own copies (``notebooks/practice/``) are left
  untrusted, as any other notebook.
- **Serves the project folder, opening at** ``notebooks/00-start-here.ipynb`` **with**
  ``notebooks/`` **as the file browser's start folder**, so that the lessons' links to the rule
  book, the glossary and the cheat-sheets (``../docs/…``) lead somewhere; the rule book and
  glossary open rendered (Markdown Preview), not as source.
- **Turns JupyterLab's news off** (no "official Jupyter news?" pop-up over the lessons, no
  feed fetched, no update check).
- **Hides the teacher's nbgrader tools** (menus, Create Assignment, formgrader): a learner has
  no course. Only this server is changed (its own app settings folder and command line), so
  a teacher's course setup (``make hub``, ``nbgrader`` in a course) still has them.

The browser test tests/ui/test_lab_first_minute.py starts JupyterLab through :func:`main`
too, so it checks what ``make tutorial`` gives.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

import nbformat
from nbformat.sign import NotebookNotary

from cardlib import _notebooks

#: The lessons ``make tutorial`` trusts, relative to the project folder: the English ones and
#: every language's.
SHIPPED = ("notebooks/*.ipynb", *(f"notebooks/{code}/*.ipynb" for code in _notebooks.TRANSLATED))
#: Where JupyterLab opens, relative to the project folder.
START_FOLDER = "notebooks"
START_NOTEBOOK = "notebooks/00-start-here.ipynb"
#: JupyterLab's app settings for this server alone (page_config.json, overrides.json),
#: relative to the project folder (build/ is git-ignored).
SETTINGS_DIR = "build/tutorial/lab-settings"

#: Front-end plugins a learner's JupyterLab leaves out: the news and update pop-ups, and every
#: part of nbgrader's lab extension (the teacher's menus and panels).
DISABLED_EXTENSIONS = ("@jupyterlab/apputils-extension:announcements", "@jupyter/nbgrader")
#: nbgrader's server extensions (formgrader and the assignment lists), off for the same reason.
NBGRADER_SERVER_EXTENSIONS = (
    "nbgrader.server_extensions.formgrader",
    "nbgrader.server_extensions.assignment_list",
    "nbgrader.server_extensions.course_list",
    "nbgrader.server_extensions.validate_assignment",
)
#: Defaults for settings the learner can still change in the Settings Editor.
SETTINGS_OVERRIDES = {
    # The rule book and glossary are Markdown: a link opens them rendered.
    "@jupyterlab/docmanager-extension:plugin": {"defaultViewers": {"markdown": "Markdown Preview"}},
    "@jupyterlab/apputils-extension:notification": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}


def shipped_notebooks(root: Path) -> list[Path]:
    """The lessons under ``root`` that ``make tutorial`` trusts, in order."""
    return sorted(path for pattern in SHIPPED for path in root.glob(pattern))


def trust(paths: list[Path]) -> None:
    """Sign each notebook as trusted (``jupyter trust``), in the current Jupyter data folder."""
    notary = NotebookNotary()
    for path in paths:
        notebook = nbformat.read(path, as_version=nbformat.NO_CONVERT)
        if not notary.check_signature(notebook):
            notary.sign(notebook)


def write_lab_settings(folder: Path) -> Path:
    """Write this server's JupyterLab app settings into ``folder`` (made if missing)."""
    folder.mkdir(parents=True, exist_ok=True)
    page_config = {"disabledExtensions": list(DISABLED_EXTENSIONS)}
    (folder / "page_config.json").write_text(json.dumps(page_config, indent=2) + "\n")
    (folder / "overrides.json").write_text(json.dumps(SETTINGS_OVERRIDES, indent=2) + "\n")
    return folder


def lab_argv(root: Path, port: int, settings_dir: Path) -> list[str]:
    """The ``jupyter lab`` command line for the project folder ``root`` on 127.0.0.1:``port``."""
    jupyter = Path(sys.executable).parent / "jupyter"
    argv = [
        str(jupyter),
        "lab",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        f"--ServerApp.root_dir={root}",
        f"--ContentsManager.preferred_dir={START_FOLDER}",
        f"--LabApp.default_url=/lab/tree/{START_NOTEBOOK}",
        f"--LabApp.app_settings_dir={settings_dir}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    argv += [f"--ServerApp.jpserver_extensions={name}=False" for name in NBGRADER_SERVER_EXTENSIONS]
    if os.getuid() == 0:
        argv.append("--allow-root")
    return argv


def main(argv: list[str] | None = None) -> None:
    """Trust the lessons, write the settings and replace this process with JupyterLab.

    Options this parser does not know (``--no-browser``, ``--IdentityProvider.token=…``)
    are passed on to ``jupyter lab``.
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8888)
    parser.add_argument("--root", type=Path, default=Path("."), help="the project folder")
    args, extra = parser.parse_known_args(argv)
    root = args.root.resolve()
    trust(shipped_notebooks(root))
    settings = write_lab_settings(root / SETTINGS_DIR)
    command = lab_argv(root, args.port, settings) + extra
    os.execv(command[0], command)


if __name__ == "__main__":
    main()
