"""Hand-ins downloaded from the classroom site, put where nbgrader looks for them.

A notebook a student downloads from the JupyterLite site is named after its folder too
(``exercises_03-trick-winners.ipynb``, or ``exercises_03-trick-winners (1).ipynb`` the second
time), and ``nbgrader autograde`` skips a notebook whose name it does not know ("Skipping unknown
notebook"). ``python -m cardlib.exercises handin DOWNLOADS --course COURSE --assignment NAME``
copies ``DOWNLOADS/STUDENT/*.ipynb`` to ``COURSE/submitted/STUDENT/NAME/`` under the name nbgrader
expects, with a ``timestamp.txt`` from the file's time (so a late hand-in shows as late).
"""

from __future__ import annotations

import re
import shutil
from datetime import UTC, datetime
from pathlib import Path


def expected_name(downloaded: str) -> str:
    """The notebook's own name: ``exercises_03-trick-winners (1).ipynb`` →
    ``03-trick-winners.ipynb``."""
    stem = re.sub(r"\s*\(\d+\)$", "", downloaded.removesuffix(".ipynb"))
    return stem.rsplit("_", 1)[-1] + ".ipynb"


def hand_in(downloads: str | Path, course: str | Path, assignment: str) -> list[Path]:
    """Copy each student's downloaded notebooks into the course's ``submitted/`` folder; return
    the paths written. ``downloads`` holds one folder per student."""
    downloads, course = Path(downloads), Path(course)
    if not downloads.is_dir():
        raise FileNotFoundError(f"no folder of downloads at {downloads}")
    written = []
    for student in sorted(p for p in downloads.iterdir() if p.is_dir()):
        # Oldest first, so the latest download of a notebook is the one handed in.
        notebooks = sorted(student.glob("*.ipynb"), key=lambda p: (p.stat().st_mtime, p.name))
        if not notebooks:
            continue
        target = course / "submitted" / student.name / assignment
        target.mkdir(parents=True, exist_ok=True)
        latest = 0.0
        for notebook in notebooks:
            destination = target / expected_name(notebook.name)
            shutil.copyfile(notebook, destination)
            written.append(destination)
            latest = max(latest, notebook.stat().st_mtime)
        stamp = datetime.fromtimestamp(latest, UTC).strftime("%Y-%m-%d %H:%M:%S.%f UTC")
        (target / "timestamp.txt").write_text(stamp, encoding="utf-8")
    return written


__all__ = ["expected_name", "hand_in"]
