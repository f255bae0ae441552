"""Hand-ins downloaded from the classroom site, put where nbgrader looks for them.

A notebook a student downloads from the JupyterLite site is named after its folder too
(``exercises_03-trick-winners.ipynb``, or ``exercises_03-trick-winners (1).ipynb`` the second
time), and ``nbgrader autograde`` skips a notebook whose name it does not know ("Skipping unknown
notebook"). ``python -m cardlib.exercises handin DOWNLOADS --course COURSE --assignment NAME``
copies ``DOWNLOADS/STUDENT/*.ipynb`` to ``COURSE/submitted/STUDENT/NAME/`` under the name nbgrader
expects, with a ``timestamp.txt`` from the file's time, labelled as such (below).
A download released in another mode than the course's release of that notebook (homework left
in a student's folder when the exam is handed in) is skipped, so it is never graded as the exam.

**The time is the file's, and says so.** A notebook downloaded from a static site carries no
time the student cannot set: anything the site or the kernel wrote into it (a save time, a
check's clock) is in a file the student edits, from a clock the student sets. The only time
of a hand-in that the student does not control is the receiving system's: nbgrader's exchange
(``submit`` writes ``timestamp.txt`` with the server's clock) or the time your mail or learning
platform received the file. So ``timestamp.txt`` is the file's modification time (for a file
saved from a mail or a platform, usually when *you* downloaded it; a copy that keeps times,
such as an unzipped platform archive, may keep the platform's), and ``timestamp-source.txt``
beside it says ``file time``: the class report shows such times as "(file time)". Overwrite
``timestamp.txt`` with the platform's time where you have it.
"""

from __future__ import annotations

import json
import re
import shutil
from datetime import UTC, datetime
from pathlib import Path

from cardlib.exercises.feedback import MODE_NAMES

#: Beside ``timestamp.txt``: where its time came from (:data:`FILE_TIME`, when it is a file's).
TIME_SOURCE = "timestamp-source.txt"
FILE_TIME = "file time"


def time_source(folder: Path) -> str:
    """Where the ``timestamp.txt`` of a submission folder came from: :data:`FILE_TIME` when
    :func:`hand_in` took it from a file, ``""`` otherwise (nbgrader's exchange, or the teacher)."""
    try:
        said = (folder / TIME_SOURCE).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return ""
    return FILE_TIME if said == FILE_TIME else ""


def expected_name(downloaded: str) -> str:
    """The notebook's own name: ``exercises_03-trick-winners (1).ipynb`` →
    ``03-trick-winners.ipynb``."""
    stem = re.sub(r"\s*\(\d+\)$", "", downloaded.removesuffix(".ipynb"))
    return stem.rsplit("_", 1)[-1] + ".ipynb"


class BadAssignmentName(ValueError):
    """An assignment name that is not the name of one folder inside the course."""


def check_assignment_name(name: str) -> str:
    """``name`` itself if it names one assignment folder: not empty, no path (``/``, ``\\``,
    ``..``), no ``+`` (nbgrader refuses it), no hidden or blank name; else
    :class:`BadAssignmentName` saying so."""
    plain = (
        name
        and name == name.strip()
        and not name.startswith(".")
        and "+" not in name
        and not any(ch in name for ch in "/\\")
        and name.isprintable()
    )
    if not plain:
        raise BadAssignmentName(
            f"--assignment must name one assignment folder of the course (such as "
            f"03-trick-winners: no /, \\, + or leading dot, not empty), got {name!r}"
        )
    return name


def _mode(notebook: Path) -> str | None:
    """The mode a notebook was released in, from its locked ``mode`` cell
    (``exercise_mode("exam")``: nbgrader's own release of an instructor notebook keeps no
    ``metadata.cardlib``), with ``graded`` read as homework; ``None`` when it says none or the
    file cannot be read."""
    try:
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        source = next("".join(c["source"]) for c in cells if c.get("id") == "mode")
    except (OSError, ValueError, KeyError, TypeError, StopIteration):
        return None
    found = re.search(r"""exercise_mode\(\s*["'](\w+)["']""", source)
    return MODE_NAMES.get(found.group(1)) if found else None


def hand_in(
    downloads: str | Path,
    course: str | Path,
    assignment: str,
    skipped: list[tuple[Path, str]] | None = None,
) -> list[Path]:
    """Copy each student's downloaded notebooks into the course's ``submitted/`` folder; return
    the paths written. ``downloads`` holds one folder per student. A download whose mode differs
    from the course's release of that notebook is left out and, with the reason, appended to
    ``skipped``."""
    check_assignment_name(assignment)
    downloads, course = Path(downloads), Path(course)
    release = course / "release" / assignment
    if not downloads.is_dir():
        raise FileNotFoundError(f"no folder of downloads at {downloads}")
    written = []
    for student in sorted(p for p in downloads.iterdir() if p.is_dir()):
        # Oldest first, so the latest download of a notebook is the one handed in.
        notebooks = sorted(student.glob("*.ipynb"), key=lambda p: (p.stat().st_mtime, p.name))
        if not notebooks:
            continue
        target = course / "submitted" / student.name / assignment
        latest = 0.0
        for notebook in notebooks:
            name = expected_name(notebook.name)
            released, mode = _mode(release / name), _mode(notebook)
            if released and mode and mode != released:
                if skipped is not None:
                    skipped.append((notebook, f"a {mode} copy, not the {released} {assignment}"))
                continue
            target.mkdir(parents=True, exist_ok=True)
            destination = target / name
            shutil.copyfile(notebook, destination)
            written.append(destination)
            latest = max(latest, notebook.stat().st_mtime)
        if not latest:
            continue
        stamp = datetime.fromtimestamp(latest, UTC).strftime("%Y-%m-%d %H:%M:%S.%f UTC")
        (target / "timestamp.txt").write_text(stamp, encoding="utf-8")
        (target / TIME_SOURCE).write_text(FILE_TIME + "\n", encoding="utf-8")
    return written


__all__ = [
    "FILE_TIME",
    "TIME_SOURCE",
    "BadAssignmentName",
    "check_assignment_name",
    "expected_name",
    "hand_in",
    "time_source",
]
