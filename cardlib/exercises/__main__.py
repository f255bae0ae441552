"""Command line: ``python -m cardlib.exercises release`` and ``… puzzles``.

``release`` writes a student version of every instructor notebook in ``exercises/`` into
``build/exercises/``. ``puzzles`` writes a puzzle set as a student notebook and an answer key.
"""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardlib.exercises", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    release = commands.add_parser("release", help="write student versions of the exercises")
    release.add_argument("--source", default="exercises", help="instructor notebooks (exercises)")
    release.add_argument("--out", default="build/exercises", help="output (build/exercises)")
    puzzles = commands.add_parser("puzzles", help="write a puzzle set and its answer key")
    puzzles.add_argument("--count", type=int, default=10, help="how many puzzles (10)")
    puzzles.add_argument("--level", default="medium", help="easy, medium or hard (medium)")
    puzzles.add_argument("--seed", type=int, default=7, help="the seed of the set (7)")
    puzzles.add_argument("--out", default="build/puzzles", help="output folder (build/puzzles)")
    args = parser.parse_args(argv)
    if args.command == "release":
        from cardlib.exercises.release import release as run_release

        for path in run_release(args.source, args.out):
            print(f"wrote {path}")
    else:
        from cardlib.exercises.puzzle_sets import write_puzzle_set

        for path in write_puzzle_set(args.count, args.level, args.seed, args.out):
            print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
