"""Student versions of the exercises, and puzzle sets, for a class or for practice on your own.

  release   write a student version of every instructor notebook (solutions removed)
  puzzles   write a puzzle set: instructor notebook, student version and answer key
            (--kind legal: which cards you may play; --kind best: which card you should play)
  handin    put notebooks downloaded from the classroom site where nbgrader looks for them
  autograde nbgrader's autograde with each student's notebook in a sandbox (bubblewrap): no
            course folder, gradebook, checkout or network, limits on memory, CPU and output
  report    a class report from nbgrader's gradebook: per question the share right, per rule
            id the share of mistakes, per student the totals (HTML with a bar chart, and CSV)

The instructor notebooks are not installed with the package (they hold the solutions): release
reads exercises/ in the current folder, else the checkout the package was installed from
(pip install -e .), or the folder given with --source. Modes: "practice" explains everything;
"homework" (the older name "graded" still works) says only ✓ or ✗ and the kind of mistake;
"exam" only confirms what it recorded, and the verdict comes with the feedback after grading.
Homework and exam are graded by nbgrader with the course's nbgrader_config.py, which works each
grade out again outside the student's notebook. Both commands are deterministic: the same
command writes the same bytes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cardlib.exercises.feedback import MODE_NAMES

#: The most puzzles one set may hold: more is a typo, and would take hours to generate.
MAX_COUNT = 500
#: From this many puzzles on, generation prints its progress.
PROGRESS_FROM = 50


def _whole_number(minimum: int, words: str, maximum: int | None = None):
    """An argparse type: a whole number of at least ``minimum`` (and at most ``maximum``);
    ``words`` says the range in the error."""

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if value < minimum or (maximum is not None and value > maximum):
            raise argparse.ArgumentTypeError(f"must be {words}, got {value}")
        return value

    return read


_count = _whole_number(1, f"from 1 to {MAX_COUNT}", MAX_COUNT)
_seed = _whole_number(0, "0 or more")


def _progress(done: int, count: int) -> None:
    """A line on stderr every tenth of a long set, so a teacher sees it is working."""
    step = max(1, count // 10)
    if count >= PROGRESS_FROM and (done % step == 0 or done == count):
        print(f"made {done} of {count} puzzles", file=sys.stderr, flush=True)


def parser() -> argparse.ArgumentParser:
    from cardlib.exercises.puzzle_sets import KINDS, kind_games
    from cardlib.puzzles.legal_play import LEVELS

    best_games = kind_games("best")  # the registry's games the coach knows

    main = argparse.ArgumentParser(
        prog="python -m cardlib.exercises",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = main.add_subparsers(
        dest="command", required=True, metavar="{release,puzzles,handin,autograde,report}"
    )
    release = commands.add_parser(
        "release",
        help="write student versions of the exercises",
        description="Write a student version of every instructor notebook: solutions replaced "
        "by a stub, outputs cleared, the mode cell set.",
    )
    release.add_argument(
        "--source",
        default=None,
        help="folder of instructor notebooks (default: exercises/ here, else in the checkout "
        "the package was installed from)",
    )
    release.add_argument(
        "--out", default="build/exercises", help="output folder (default: build/exercises)"
    )
    release.add_argument(
        "--mode",
        choices=list(MODE_NAMES),
        default="homework",
        help="how checks speak: practice, homework (graded) or exam (default: homework)",
    )
    release.add_argument(
        "--keep-solutions",
        action="store_true",
        help="write instructor copies with the mode set (solutions kept), for the source/ "
        "folder of an nbgrader course: how an exam is made",
    )
    release.add_argument(
        "--keep-existing",
        action="store_true",
        help="leave a student version that is already there (it may hold a learner's answers)",
    )
    puzzles = commands.add_parser(
        "puzzles",
        help="write a puzzle set: instructor notebook, student version, answer key",
        description="Write a set of puzzles into OUT/source (the instructor notebook, for "
        "nbgrader), OUT/students (to hand out) and OUT/key (the answer key, for the teacher "
        "only). Two kinds: 'legal' asks which cards you may play; 'best' asks which card you "
        "should play in an ending with every hand open (Call Break, or --game "
        f"{' or '.join(game for game in best_games if game not in kind_games('legal'))}), "
        "proven by the exact solver (levels: 3, 4 or 5 cards a hand).",
    )
    puzzles.add_argument(
        "--kind",
        choices=KINDS,
        default="legal",
        help="legal: which cards may you play; best: which card should you play (default: legal)",
    )
    puzzles.add_argument(
        "--game",
        choices=best_games,
        default="callbreak",
        help="the game of a best-play set (default: callbreak; the legal-play puzzles are "
        "Call Break's)",
    )
    puzzles.add_argument(
        "--count",
        type=_count,
        default=10,
        help=f"how many puzzles, 1 to {MAX_COUNT} (default: 10; from {PROGRESS_FROM} on, "
        "progress is printed)",
    )
    puzzles.add_argument(
        "--level", choices=list(LEVELS), default="medium", help="difficulty (default: medium)"
    )
    chosen = puzzles.add_mutually_exclusive_group()
    chosen.add_argument(
        "--seed", type=_seed, default=7, help="the set's seed, 0 or more (default: 7)"
    )
    chosen.add_argument(
        "--secret",
        default=None,
        help="make the set from a course secret instead of a seed, for grading: the student's "
        "copy names no seed, and only the same secret makes the set (or its key) again",
    )
    puzzles.add_argument(
        "--out", default="build/puzzles", help="output folder (default: build/puzzles)"
    )
    puzzles.add_argument(
        "--mode",
        choices=list(MODE_NAMES),
        default="homework",
        help="how the student version's checks speak (default: homework)",
    )
    exam = commands.add_parser(
        "exam",
        help="write an exam of its own, drawn from a course secret",
        description="Write an exam whose questions (hands, tricks, seats, calls) are drawn "
        "from a course secret, never the practice exercises' questions: OUT/source/NAME/NAME.ipynb "
        "(the instructor notebook: copy the folder into the course's source/), "
        "OUT/students/NAME.ipynb and OUT/key/NAME-key.md (for the teacher only). In the "
        "student's kernel its checks only record the answers; the grader judges them.",
    )
    exam.add_argument(
        "--secret",
        required=True,
        help="text only you know, at least 12 characters (keep it: it is written nowhere)",
    )
    exam.add_argument(
        "--name", default="exam", help="the exam's name, its assignment in nbgrader (default: exam)"
    )
    exam.add_argument(
        "--count",
        type=int,
        default=2,
        help="questions of each of the five kinds, 1 to 10 (default: 2)",
    )
    exam.add_argument("--out", default="build/exam", help="output folder (default: build/exam)")
    handin = commands.add_parser(
        "handin",
        help="put notebooks downloaded from the classroom site into the course's submitted/",
        description="Copy DOWNLOADS/STUDENT/*.ipynb (notebooks downloaded from the JupyterLite "
        "site, named like exercises_03-trick-winners.ipynb) to "
        "COURSE/submitted/STUDENT/ASSIGNMENT/ under the names nbgrader expects, with a "
        "timestamp.txt from the time of the latest file.",
    )
    handin.add_argument("downloads", help="a folder with one folder of downloads per student")
    handin.add_argument("--assignment", required=True, help="the nbgrader assignment's name")
    handin.add_argument(
        "--course", default=".", help="the nbgrader course folder (default: the current folder)"
    )
    autograde = commands.add_parser(
        "autograde",
        help="nbgrader autograde with each student's notebook in a sandbox",
        description="Run nbgrader autograde ASSIGNMENT in the course folder with the course's "
        "nbgrader_config.py, each student's notebook in a bubblewrap sandbox: it cannot read "
        "or write the course folder, the gradebook or the checkout, has no network, and has "
        "limits on memory, CPU time, processes, file and output size. Where the sandbox "
        "cannot start, nothing is graded (unless --unsandboxed).",
    )
    autograde.add_argument("assignment", help="the nbgrader assignment's name")
    autograde.add_argument(
        "--course", default=".", help="the nbgrader course folder (default: the current folder)"
    )
    autograde.add_argument(
        "--student", default=None, help="grade this student only (default: every student)"
    )
    autograde.add_argument(
        "--force", action="store_true", help="grade again submissions graded before"
    )
    autograde.add_argument(
        "--unsandboxed",
        action="store_true",
        help="grade even where the sandbox cannot start, the student's code running as you "
        "with your files (not for work you do not trust)",
    )
    report = commands.add_parser(
        "report",
        help="a class report from nbgrader's gradebook (HTML and CSV)",
        description="Read the course's gradebook.db (after nbgrader autograde) and write "
        "class-report.html (bar charts and tables) and three CSV files: per question the share "
        "of students right, per rule id the share of mistakes, per student the totals.",
    )
    report.add_argument(
        "--course", default=".", help="the nbgrader course folder (default: the current folder)"
    )
    report.add_argument(
        "--out", default=None, help="output folder (default: reports/ in the course folder)"
    )
    return main


def main(argv: list[str] | None = None) -> int:
    """Run the command line; the exit status (2 for a folder that cannot be written)."""
    commands = parser()
    args = commands.parse_args(argv)
    try:
        return _run(commands, args)
    except OSError as error:  # --out is a file, inside a file, or not writable
        reason = error.strerror or str(error)
        out = getattr(args, "out", None)
        folder = f"--out {out}" if out is not None else f"the course {args.course}"
        print(
            f"python -m cardlib.exercises {args.command}: cannot write into {folder}: "
            f"{error.filename or out}: {reason}",
            file=sys.stderr,
        )
        return 2


def _database_errors() -> tuple[type[Exception], ...]:
    """What reading a file that is not nbgrader's gradebook raises (SQLAlchemy's errors carry
    a link to its own documentation: the teacher gets one sentence instead)."""
    import sqlite3

    try:
        from sqlalchemy.exc import SQLAlchemyError
    except ImportError:  # pragma: no cover - nbgrader brings SQLAlchemy
        return (sqlite3.Error,)
    return (sqlite3.Error, SQLAlchemyError)


_DATABASE_ERRORS = _database_errors()


def _run(commands: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.command == "handin":
        from cardlib.exercises.handin import BadAssignmentName, check_assignment_name, hand_in

        try:
            check_assignment_name(args.assignment)
        except BadAssignmentName as error:
            print(f"python -m cardlib.exercises handin: {error}", file=sys.stderr)
            return 2
        if not Path(args.downloads).is_dir():
            print(
                f"python -m cardlib.exercises handin: no folder of downloads at {args.downloads}",
                file=sys.stderr,
            )
            return 2
        skipped: list[tuple[Path, str]] = []
        written = hand_in(args.downloads, args.course, args.assignment, skipped)
        for path in written:
            print(f"wrote {path}")
        for path, why in skipped:
            print(f"skipped {path}: {why}")
        if not written and not skipped:
            print(
                f"python -m cardlib.exercises handin: no downloaded notebook (*.ipynb) in a "
                f"student's folder of {args.downloads}: nothing handed in",
                file=sys.stderr,
            )
            return 1
        return 0
    if args.command == "autograde":
        return _autograde(args)
    if args.command == "report":
        from cardlib.exercises.report import NotAGradebook, write_report

        course = Path(args.course)
        if not (course / "gradebook.db").is_file():
            print(
                f"python -m cardlib.exercises report: no nbgrader gradebook in {course}: run it "
                "in the course folder after nbgrader autograde, or pass --course",
                file=sys.stderr,
            )
            return 2
        refused: tuple[type[Exception], ...] = (NotAGradebook, *_DATABASE_ERRORS)
        try:
            written = write_report(course, args.out)
        except refused as error:
            reason = str(getattr(error, "orig", None) or error).split("\n")[0]
            print(
                f"python -m cardlib.exercises report: {reason}: run the report in the course "
                "folder after nbgrader autograde, or pass --course",
                file=sys.stderr,
            )
            return 2
        for path in written:
            print(f"wrote {path}")
        return 0
    if args.command == "exam":
        from cardlib.exercises.exam import ExamError, write_exam

        try:
            written = write_exam(args.secret, args.name, args.out, args.count)
        except ExamError as error:
            print(f"python -m cardlib.exercises exam: {error}", file=sys.stderr)
            return 2
        for path in written:
            print(f"wrote {path}")
        return 0
    if args.command == "release":
        from cardlib.exercises.release import NoExercisesError, release

        try:
            written = release(
                args.source, args.out, args.mode, args.keep_existing, args.keep_solutions
            )
        except NoExercisesError as error:
            print(f"python -m cardlib.exercises release: {error}", file=sys.stderr)
            return 2
        if args.keep_existing:
            from cardlib.exercises.release import default_source

            source = default_source() if args.source is None else Path(args.source)
            for name in sorted(p.name for p in source.glob("*.ipynb")):
                if Path(args.out) / name not in written:
                    print(f"kept {Path(args.out) / name} (already there, with any answers in it)")
    else:
        from cardlib.exercises.puzzle_sets import kind_games, write_puzzle_set

        if args.kind == "legal" and args.game not in kind_games("legal"):
            commands.error(
                f"argument --game: {args.game} needs --kind best (the legal-play puzzles are "
                "Call Break's)"
            )
        from cardlib.exercises import puzzle_sets

        puzzle_sets.progress = _progress
        try:
            try:
                seed = args.seed if args.secret is None else puzzle_sets.course_seed(args.secret)
            except ValueError as error:
                print(f"python -m cardlib.exercises puzzles: {error}", file=sys.stderr)
                return 2
            written = write_puzzle_set(
                args.count, args.level, seed, args.out, args.mode, args.kind, args.game
            )
        finally:
            puzzle_sets.progress = None
    for path in written:
        print(f"wrote {path}")
    return 0


def _autograde(args: argparse.Namespace) -> int:
    import os
    import subprocess

    from cardlib.exercises.handin import BadAssignmentName, check_assignment_name
    from cardlib.exercises.sandbox import UNSANDBOXED, SandboxUnavailable, check_sandbox

    name = "python -m cardlib.exercises autograde"
    try:
        check_assignment_name(args.assignment)
    except BadAssignmentName as error:
        print(f"{name}: {error}", file=sys.stderr)
        return 2
    course = Path(args.course)
    config = course / "nbgrader_config.py"
    if not config.is_file():
        print(f"{name}: no nbgrader_config.py in {course}: pass --course", file=sys.stderr)
        return 2
    if "cardlib.exercises.sandbox.SandboxedKernelManager" not in config.read_text("utf-8"):
        print(
            f"{name}: {config} does not run the kernel in the sandbox: copy the project's "
            "nbgrader_config.py into the course folder again",
            file=sys.stderr,
        )
        return 2
    env = dict(os.environ)
    env.pop(UNSANDBOXED, None)
    try:
        check_sandbox()
    except SandboxUnavailable as error:
        if not args.unsandboxed:
            print(
                f"{name}: nothing graded: {error}. --unsandboxed grades anyway, the student's "
                "code running as you with your files",
                file=sys.stderr,
            )
            return 3
        print(f"{name}: WARNING: grading without a sandbox: {error}", file=sys.stderr)
        env[UNSANDBOXED] = "1"
    nbgrader = Path(sys.executable).parent / "nbgrader"
    command = [str(nbgrader if nbgrader.exists() else "nbgrader"), "autograde", args.assignment]
    if args.student is not None:
        command.append(f"--student={args.student}")
    if args.force:
        command.append("--force")
    return subprocess.run(command, cwd=course, env=env).returncode


if __name__ == "__main__":
    sys.exit(main())
