"""Issue 36, item 2: grading in a sandbox, with real nbgrader and real kernels.

A course of exercise 3 graded with the one documented command (``python -m cardlib.exercises
autograde``). One student's first answer cell does what the issue showed a notebook can do
while it is graded as the teacher: rewrite the check cells' givens in ``gradebook.db``, leave a
detached process behind, append code to the course's ``nbgrader_config.py``, print every
solution in ``source/`` (and the checkout's ``exercises/``), take 3 GiB, print 20 MB, write into
its folder. The honest student graded after it still gets full marks, and nothing of the course
changed.
"""

from __future__ import annotations

import hashlib
import html
import os
import select
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

from tests.test_grading import (
    _solution_sources,
    assert_holds_no_solution,
    check_scores,
    make_course,
)

pytestmark = [pytest.mark.grading, pytest.mark.slow]

ROOT = Path(__file__).resolve().parent.parent
ASSIGNMENT = "exercises"
EXERCISE = ROOT / "exercises" / "03-trick-winners.ipynb"
#: A word in the detached process's command line, to find it after grading.
MARKER = "cardlib-sandbox-test-detached"


def _attacks(course: Path) -> str:
    """The code of the hostile student's first answer cell: every attack in a try, so each
    runs whatever the one before it did."""
    return f"""
import glob, os, sqlite3, subprocess, sys
COURSE = {str(course)!r}
def attempt(what, action):
    try:
        action()
        print(what, "done")
    except BaseException as error:
        print(what, "refused:", type(error).__name__)

def givens():
    with sqlite3.connect(os.path.join(COURSE, "gradebook.db")) as db:
        db.execute("UPDATE source_cell SET source = 'check_trick_winner(answer_1, lead=None)'")
attempt("gradebook", givens)

def detach():
    subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(600)", {MARKER!r}],
        start_new_session=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
attempt("detach", detach)

def config():
    with open(os.path.join(COURSE, "nbgrader_config.py"), "a") as file:
        file.write("\\nimport os; os.system('touch /tmp/owned')\\n")
attempt("config", config)

def solutions():
    for path in glob.glob(COURSE + "/source/**/*.ipynb", recursive=True) + glob.glob(
        {str(ROOT / "exercises")!r} + "/*.ipynb"
    ):
        print(open(path).read())
attempt("solutions", solutions)

attempt("memory", lambda: bytearray(3 * 1024**3))
attempt("here", lambda: open("planted.txt", "w").write("x"))
import atexit
atexit.register(lambda: open(os.path.join(COURSE, "atexit.txt"), "w").write("x"))
print("x" * 20_000_000)
"""


def _submit(course: Path, student: str, answers) -> Path:
    folder = course / "submitted" / student / ASSIGNMENT
    folder.mkdir(parents=True)
    released = nbformat.read(course / "release" / ASSIGNMENT / EXERCISE.name, as_version=4)
    solutions = _solution_sources(EXERCISE)
    for cell in released.cells:
        if cell.id in solutions:
            cell.source = answers(cell.id, cell.source, solutions[cell.id])
    nbformat.write(released, folder / EXERCISE.name)
    return folder


def _source_cells(course: Path) -> list:
    with sqlite3.connect(course / "gradebook.db") as db:
        return db.execute("SELECT name, source, checksum FROM source_cell ORDER BY name").fetchall()


def _digest(folder: Path) -> dict[str, str]:
    return {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def _cli(course: Path, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    environ = dict(os.environ if env is None else env)
    environ["PATH"] = str(Path(sys.executable).parent) + os.pathsep + environ.get("PATH", "")
    environ.setdefault("PYTHONPATH", str(ROOT))
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "cardlib.exercises",
            "autograde",
            ASSIGNMENT,
            "--course",
            str(course),
            *list(args),
        ],
        env=environ,
        capture_output=True,
        text=True,
        timeout=1800,
    )


@pytest.fixture(scope="module")
def courses(tmp_path_factory):
    """The course graded with the hostile and the honest hand-in, and a copy of it made
    before grading with the honest hand-in alone (for the test without bubblewrap: the same
    course as a second ``make_course`` would make, without a second nbgrader run)."""
    course = make_course(tmp_path_factory.mktemp("course"), ASSIGNMENT, [EXERCISE])
    hostile = _attacks(course)
    _submit(course, "hostile", lambda cid, rel, _sol: hostile + rel if cid == "q1-answer" else rel)
    _submit(course, "honest", lambda _cid, _rel, solution: solution)
    ungraded = tmp_path_factory.mktemp("ungraded") / "course"
    shutil.copytree(course, ungraded)
    shutil.rmtree(ungraded / "submitted" / "hostile")
    before = {
        "source cells": _source_cells(course),
        "source/": _digest(course / "source"),
        "config": (course / "nbgrader_config.py").read_bytes(),
        "checkout": _digest(ROOT / "exercises"),
    }
    result = _cli(course)
    assert result.returncode == 0, result.stdout + result.stderr
    after_grading = _detached()
    feedback = subprocess.run(
        [str(Path(sys.executable).parent / "nbgrader"), "generate_feedback", ASSIGNMENT],
        cwd=course,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert feedback.returncode == 0, feedback.stdout + feedback.stderr
    return (course, before, result.stdout + result.stderr, after_grading), ungraded


@pytest.fixture(scope="module")
def graded(courses):
    return courses[0]


def _detached() -> list[str]:
    """Command lines of the processes that carry MARKER (a zombie has none)."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            text = cmdline.read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if MARKER in text and "import time" in text:
            found.append(text)
    return found


def _outputs(course: Path, student: str) -> str:
    notebook = nbformat.read(
        course / "autograded" / student / ASSIGNMENT / EXERCISE.name, as_version=4
    )
    cell = next(c for c in notebook.cells if c.id == "q1-answer")
    return "".join(o.get("text", "") for o in cell.outputs)


def test_the_attacks_were_refused_in_the_kernel(graded):
    course, _before, _log, _after = graded
    printed = _outputs(course, "hostile")
    for what in ("gradebook", "config", "memory"):
        assert f"{what} refused:" in printed, (what, printed[:2000])
    assert "here done" in printed  # the scratch copy is writable ...
    assert "solutions done" in printed  # ... and found nothing to print (next test)


def test_the_course_the_gradebook_and_the_config_are_unchanged(graded):
    course, before, _log, _after = graded
    assert _source_cells(course) == before["source cells"]
    assert _digest(course / "source") == before["source/"]
    assert (course / "nbgrader_config.py").read_bytes() == before["config"]
    assert _digest(ROOT / "exercises") == before["checkout"]
    assert not (course / "atexit.txt").exists()
    assert not (course / "autograded" / "hostile" / ASSIGNMENT / "planted.txt").exists()
    assert not (course / "submitted" / "hostile" / ASSIGNMENT / "planted.txt").exists()


def test_the_honest_student_after_gets_full_marks_and_the_hostile_one_nothing(graded):
    course = graded[0]
    assert check_scores(course, ASSIGNMENT, "honest") == {
        EXERCISE.stem: {f"q{n}-check": 1.0 for n in range(1, 7)}
    }
    assert check_scores(course, ASSIGNMENT, "hostile") == {
        EXERCISE.stem: {f"q{n}-check": 0.0 for n in range(1, 7)}
    }


def test_no_detached_process_outlives_grading(graded):
    assert graded[3] == []


def test_the_feedback_holds_no_solution_and_no_20_megabytes(graded):
    course = graded[0]
    page = course / "feedback" / "hostile" / ASSIGNMENT / f"{EXERCISE.stem}.html"
    assert page.stat().st_size < 2_000_000
    assert_holds_no_solution(html.unescape(page.read_text(encoding="utf-8")), EXERCISE)
    autograded = course / "autograded" / "hostile" / ASSIGNMENT / EXERCISE.name
    assert autograded.stat().st_size < 2_000_000
    assert "output cut at 100000 characters" in _outputs(course, "hostile")


def test_grading_refuses_where_the_sandbox_cannot_start(courses):
    """No bwrap on PATH (as on a machine without bubblewrap): nothing graded, exit 3."""
    course = courses[1]
    assert (course / "submitted" / "honest" / ASSIGNMENT / EXERCISE.name).is_file()
    assert not (course / "autograded").exists()  # the copy was made before grading
    env = {**os.environ, "PATH": str(Path(sys.executable).parent)}
    result = _cli(course, env=env)
    assert result.returncode == 3, result.stdout + result.stderr
    assert "nothing graded: bubblewrap (bwrap) is not installed" in result.stderr
    assert not (course / "autograded").exists()
    with sqlite3.connect(course / "gradebook.db") as db:
        assert db.execute("SELECT count(*) FROM submitted_assignment").fetchone() == (0,)


def test_killing_the_sandbox_kills_the_kernel(tmp_path):
    """A kernel that does not answer nbgrader's shutdown is stopped by killing the process
    jupyter_client started, bwrap: the kernel and what it started must die with it, or they
    hold nbgrader's output pipe open and grading never ends (it did, as nobody, with bwrap's
    --as-pid-1: a capability-less root cannot signal another user)."""
    from cardlib.exercises.sandbox import _private_folder, sandbox_command

    scratch, sockets = _private_folder("cardlib-test-"), _private_folder("cardlib-test-")
    marker = f"{MARKER}-kill"
    sleeper = "import subprocess, time; subprocess.Popen(['sleep', '600']); time.sleep(600)"
    command = sandbox_command([sys.executable, "-c", sleeper, marker], scratch, sockets)
    read, write = os.pipe()
    bwrap = subprocess.Popen(command, stdout=write)
    os.close(write)
    try:
        with os.fdopen(read, "rb") as pipe:
            deadline = 600  # a loaded machine; the pipe closes as soon as the kernel is dead
            while not _with(marker) and bwrap.poll() is None and deadline:
                time.sleep(0.1)
                deadline -= 1
            assert _with(marker), "the sleeper never started"
            bwrap.kill()
            bwrap.wait()
            # End of file: no process of the sandbox holds the pipe open (the bound only
            # keeps a regression from hanging the test run).
            assert select.select([pipe], [], [], 120)[0], "the sandbox's processes live on"
            assert pipe.read() == b""
        assert _with(marker) == []
    finally:
        for pid in _with(marker):
            os.kill(int(pid), 9)


def _with(marker: str) -> list[str]:
    """Process ids whose command line holds ``marker`` (not bwrap's)."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            text = cmdline.read_bytes()
        except OSError:
            continue
        if marker.encode() in text and not text.startswith(shutil.which("bwrap").encode()):
            found.append(cmdline.parent.name)
    return found
