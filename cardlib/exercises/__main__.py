"""Student versions of the exercises, and puzzle sets, for a class or for practice on your own.

  release   write a student version of every instructor notebook (solutions removed)
  puzzles   write a puzzle set: instructor notebook, student version and answer key
            (--kind legal: which cards you may play; --kind best: which card you should play)

The instructor notebooks are not installed with the package (they hold the solutions): release
reads exercises/ in the current folder, else the checkout the package was installed from
(pip install -e .), or the folder given with --source. In "graded" mode a check says only ✓ or ✗
and the kind of mistake; in "practice" mode it explains everything. Both commands are
deterministic: the same command writes the same bytes.
"""

from __future__ import annotations

import argparse
import sys

from cardlib.exercises.feedback import MODES


def _whole_number(minimum: int, words: str):
    """An argparse type: a whole number of at least ``minimum`` (``words`` says it in the error)."""

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be {words}, got {value}")
        return value

    return read


_positive = _whole_number(1, "at least 1")
_seed = _whole_number(0, "0 or more")


def parser() -> argparse.ArgumentParser:
    from cardlib.exercises.puzzle_sets import KINDS
    from cardlib.puzzles.legal_play import LEVELS

    main = argparse.ArgumentParser(
        prog="python -m cardlib.exercises",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = main.add_subparsers(dest="command", required=True, metavar="{release,puzzles}")
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
        "--mode", choices=MODES, default="graded", help="how checks speak (default: graded)"
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
        "should play in a Call Break ending with every hand open, proven by the exact solver "
        "(levels: 3, 4 or 5 cards a hand).",
    )
    puzzles.add_argument(
        "--kind",
        choices=KINDS,
        default="legal",
        help="legal: which cards may you play; best: which card should you play (default: legal)",
    )
    puzzles.add_argument(
        "--game",
        choices=("callbreak", "callbridge"),
        default="callbreak",
        help="the game of a best-play set (default: callbreak; the legal-play puzzles are "
        "Call Break's)",
    )
    puzzles.add_argument(
        "--count", type=_positive, default=10, help="how many puzzles, 1 or more (default: 10)"
    )
    puzzles.add_argument(
        "--level", choices=list(LEVELS), default="medium", help="difficulty (default: medium)"
    )
    puzzles.add_argument(
        "--seed", type=_seed, default=7, help="the set's seed, 0 or more (default: 7)"
    )
    puzzles.add_argument(
        "--out", default="build/puzzles", help="output folder (default: build/puzzles)"
    )
    puzzles.add_argument(
        "--mode",
        choices=MODES,
        default="graded",
        help="how the student version's checks speak (default: graded)",
    )
    return main


def main(argv: list[str] | None = None) -> int:
    commands = parser()
    args = commands.parse_args(argv)
    if args.command == "release":
        from cardlib.exercises.release import NoExercisesError, release

        try:
            written = release(args.source, args.out, args.mode, args.keep_existing)
        except NoExercisesError as error:
            print(f"python -m cardlib.exercises release: {error}", file=sys.stderr)
            return 2
        if args.keep_existing:
            from pathlib import Path

            from cardlib.exercises.release import default_source

            source = default_source() if args.source is None else Path(args.source)
            for name in sorted(p.name for p in source.glob("*.ipynb")):
                if Path(args.out) / name not in written:
                    print(f"kept {Path(args.out) / name} (already there, with any answers in it)")
    else:
        from cardlib.exercises.puzzle_sets import write_puzzle_set

        if args.kind == "legal" and args.game != "callbreak":
            commands.error(
                f"argument --game: {args.game} needs --kind best (the legal-play puzzles are "
                "Call Break's)"
            )
        written = write_puzzle_set(
            args.count, args.level, args.seed, args.out, args.mode, args.kind, args.game
        )
    for path in written:
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
