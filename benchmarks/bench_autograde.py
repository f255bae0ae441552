"""A whole class autograded, sandboxed against unsandboxed (docs/teaching.md: the sandbox).

Builds an nbgrader course in a temporary folder the way docs/teaching.md does (the shipped
``nbgrader_config.py``, exercise 3 as the assignment, ``nbgrader generate_assignment``), hands in
the same honest submission for ``--students`` students, then times
``python -m cardlib.exercises autograde`` on two identical copies of the course: each student's
notebook in the bubblewrap sandbox, and ``--unsandboxed``. Both must give every student full
marks, or the run says so. Run it on a quiet machine; the figures go in docs/benchmarks.md.

    python benchmarks/bench_autograde.py [--students 30] [--exercise 03-trick-winners]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    env.setdefault("PYTHONPATH", str(ROOT))
    return env


def _nbgrader(course: Path, *args: str) -> None:
    nbgrader = Path(sys.executable).parent / "nbgrader"
    subprocess.run([str(nbgrader), *args], cwd=course, env=_env(), check=True, capture_output=True)


def make_course(folder: Path, exercise: str, students: int) -> Path:
    """The course with ``students`` honest hand-ins of ``exercise``."""
    course = folder / "course"
    (course / "source" / exercise).mkdir(parents=True)
    shutil.copy(ROOT / "nbgrader_config.py", course)
    instructor = ROOT / "exercises" / f"{exercise}.ipynb"
    shutil.copy(instructor, course / "source" / exercise)
    _nbgrader(course, "generate_assignment", exercise)
    released = course / "release" / exercise / f"{exercise}.ipynb"
    solutions = {
        cell.id: "\n".join(line for line in cell.source.split("\n") if "### " not in line)
        for cell in nbformat.read(instructor, as_version=4).cells
        if cell.metadata.get("nbgrader", {}).get("solution")
    }
    for number in range(students):
        notebook = nbformat.read(released, as_version=4)
        for cell in notebook.cells:
            cell.source = solutions.get(cell.id, cell.source)
        handed = course / "submitted" / f"student-{number:02d}" / exercise
        handed.mkdir(parents=True)
        nbformat.write(notebook, handed / released.name)
        (handed / "timestamp.txt").write_text("2026-12-01 09:30:00.000000 UTC")
    return course


def autograde(course: Path, exercise: str, *flags: str) -> float:
    """Seconds ``python -m cardlib.exercises autograde`` takes on the whole class."""
    start = time.perf_counter()
    command = [sys.executable, "-m", "cardlib.exercises", "autograde", exercise]
    subprocess.run([*command, "--course", str(course), *flags], env=_env(), check=True)
    return time.perf_counter() - start


def full_marks(course: Path, exercise: str, students: int) -> bool:
    """Whether every student scored every point (the grades of both runs must be right)."""
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        submissions = [
            gradebook.find_submission(exercise, f"student-{n:02d}") for n in range(students)
        ]
        return all(s.score == s.max_score > 0 for s in submissions)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30, help="class size (default 30)")
    parser.add_argument("--exercise", default="03-trick-winners", help="the assignment")
    args = parser.parse_args(argv)
    if args.students < 1:
        parser.error(f"--students must be at least 1, got {args.students}")
    if not (ROOT / "exercises" / f"{args.exercise}.ipynb").is_file():
        parser.error(f"--exercise must name a notebook of exercises/, got {args.exercise!r}")
    with tempfile.TemporaryDirectory(prefix="cardlib-bench-autograde-") as folder:
        course = make_course(Path(folder), args.exercise, args.students)
        loose = Path(folder) / "unsandboxed"
        shutil.copytree(course, loose)
        sandboxed = autograde(course, args.exercise)
        unsandboxed = autograde(loose, args.exercise, "--unsandboxed")
        right = full_marks(course, args.exercise, args.students) and full_marks(
            loose, args.exercise, args.students
        )
    load = os.getloadavg()[0]
    print(f"{args.students} students, exercise {args.exercise}, load {load:.2f} after the runs")
    print(f"  sandboxed    {sandboxed:6.1f} s  ({sandboxed / args.students:.2f} s a student)")
    print(f"  unsandboxed  {unsandboxed:6.1f} s  ({unsandboxed / args.students:.2f} s a student)")
    print("  every student full marks in both" if right else "  GRADES DIFFER: see the courses")
    return 0 if right else 1


if __name__ == "__main__":
    raise SystemExit(main())
