"""No shared module switches on a game (issue 35): the lines outside the game modules that name a
game are counted, file by file, and may not grow.

A *site* is a line of code that names a game of the registry (``cardlib.games.GAMES``) by its
key: the module as an identifier (``callbreak.score``, ``from cardlib import judgement``) or the
key as a string (``game == "judgement"``). The game modules (``callbreak.py`` …, the
``bridge/`` package) name their own game, and so do the modules of one game's views and
exercises, named after it (``draw/bridge.py``, ``widgets/judgement.py``,
``exercises/callbridge.py``, ``coach/bridge_review.py`` …). Every other module serves every
game: what differs between games is a fact of ``cardlib.facts.Game``, asked through the
registry, so that a new game is one module and one registry line (docs/architecture.md, "Adding
a game"; tests/test_new_game.py is the proof).

:data:`ALLOWED` holds the sites each shared module has today, each with why they are truly one
game's. A new site in a shared module fails here: state the fact on ``facts.Game`` instead (or,
for a module that really is one game's, say why here). A module that loses sites fails too, so
that its number is lowered and the count only ever goes down.
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

from cardlib import games

PACKAGE = Path(__file__).resolve().parent.parent / "cardlib"
KEYS = tuple(games.GAMES)

#: Each shared module's sites today, and why they are one game's.
ALLOWED: dict[str, tuple[int, str]] = {
    "games.py": (5, "the registry: it imports every game's module and lists its class"),
    "bots.py": (9, "Judgement's and Contract Bridge's own bots, typed by their deals"),
    "strategy.py": (
        18,
        "bot variants measuring Judgement's and Call Bridge's advice (11, 21); Call Break's count "
        "at the table (04, 09)",
    ),
    "coach/estimate.py": (9, "the Monte Carlo estimates of Call Break's calls, under its Variant"),
    "coach/solver.py": (1, "an ending given without its game is Call Break's, as it always was"),
    "draw/coach.py": (4, "drawing Contract Bridge's double-dummy table and par"),
    "draw/cheatsheet.py": (
        16,
        "one printed sheet per game: each sheet's score table and worked refusals are that "
        "game's own (a new game's sheet is a new section, not a switch in a shared one)",
    ),
    "exercises/__main__.py": (1, "--game defaults to callbreak, the puzzles' first game"),
    "exercises/exam.py": (3, "an exam of its own asks Call Break's questions (its lessons' game)"),
    "exercises/checks.py": (23, "the checks of Call Break's lessons: its scores and variants"),
    "exercises/puzzle_sets.py": (1, "the legal-play puzzle sets are Call Break's"),
    "progress.py": (2, "the calling drill it records is Call Break's: its call range"),
    "puzzles/best_answer.py": (
        5,
        "Call Break is the default game; its Variant the default (and checked)",
    ),
    "puzzles/best_play.py": (2, "a best-play puzzle's variant defaults to Call Break's standard"),
    "puzzles/legal_play.py": (
        26,
        "the legal-play puzzles are Call Break's, its variants among them",
    ),
    "widgets/dealing.py": (4, "the dealing widget of Call Break's first lesson"),
    "widgets/drill.py": (3, "the calling drill of Call Break's lessons"),
    "widgets/play_explorer.py": (8, "the play explorer of Call Break's rules and its variants"),
    "widgets/scoring.py": (7, "the scoring widgets of Call Break's lessons"),
    "widgets/table.py": (2, "the card table's default game, Call Break"),
    "widgets/table_page.py": (1, "the table page's default game, Call Break"),
    "widgets/table_controller.py": (
        7,
        "an auction's words (Pass, Double, the strains) are Contract Bridge's, the one game with "
        "an auction (chosen by the counted_calls fact); the default game",
    ),
}


def sites(source: str, keys: tuple[str, ...] = KEYS) -> set[int]:
    """The lines of ``source`` that name a game by its key: as an identifier, or as a string
    that is the key alone (comments, and docstrings that merely mention a game, do not count)."""
    named = "|".join(map(re.escape, keys))
    naming = {
        tokenize.NAME: re.compile(rf"(?:{named})"),
        tokenize.STRING: re.compile(rf"[rbufRBUF]*(['\"])(?:{named})\1"),
    }
    found = set()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        pattern = naming.get(token.type)
        if pattern is not None and pattern.fullmatch(token.string):
            found.add(token.start[0])
    return found


def one_games_module(relative: Path) -> bool:
    """Whether a module is one game's: the game modules, the ``bridge/`` package, the
    modules named after a game (``draw/bridge.py``, ``coach/bridge_review.py`` …), and a
    lesson's own module (``lessons/…``: the machinery of one notebook, which teaches its game as
    the notebook does; a new game brings lessons of its own, it changes none of these)."""
    if relative.parts[0] in KEYS:  # a game's package (Contract Bridge's)
        return True
    if relative.parts[0] == "lessons":
        return True
    return re.fullmatch(rf"(?:{'|'.join(KEYS)})(?:_\w+)?", relative.stem) is not None


def shared_sites() -> dict[str, int]:
    """The sites of every shared module that has any, by its path in the package."""
    counted = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        if one_games_module(relative):
            continue
        found = sites(path.read_text(encoding="utf-8"))
        if found:
            counted[relative.as_posix()] = len(found)
    return counted


def test_the_counter_finds_a_game_named_in_code_and_nowhere_else():
    source = '''"""Judgement and callbreak are named here, in prose only."""
from cardlib import callbreak  # one
if game == "judgement":  # two
    points = callbreak.score(3, 4)  # three
key = 'bridge'  # four
label = "judgement rounds"
name = f"{game} is not callbreak"
callbreakish = judgement_round = 1
'''
    assert sites(source) == {2, 3, 4, 5}
    assert sites(source, keys=("heartstrump",)) == set()


def test_the_modules_of_one_game_are_known_by_their_names():
    for name in (
        "callbreak.py",
        "bridge/auction.py",
        "draw/bridge.py",
        "coach/bridge_review.py",
        "lessons/judgement_strategy.py",
    ):
        assert one_games_module(Path(name)), name
    for name in ("games.py", "bots.py", "widgets/table.py", "coach/solver.py", "bridgework.py"):
        assert not one_games_module(Path(name)), name


def test_no_shared_module_names_a_game_more_than_it_did():
    counted = shared_sites()
    new = {path: n for path, n in counted.items() if path not in ALLOWED}
    assert not new, (
        f"shared modules that name a game: {new}. Ask the registry for a fact of "
        "cardlib.facts.Game instead (docs/architecture.md, 'Adding a game')"
    )
    for path, (allowed, _why) in ALLOWED.items():
        now = counted.get(path, 0)
        assert now <= allowed, (
            f"{path} names a game on {now} lines, {allowed} allowed: ask the registry for a fact "
            "of cardlib.facts.Game instead of naming a game"
        )
        assert now == allowed, f"{path} names a game on {now} lines now: lower ALLOWED to {now}"


@pytest.mark.parametrize("path", sorted(ALLOWED))
def test_each_allowance_is_a_shared_module_with_its_reason(path):
    assert (PACKAGE / path).is_file() and not one_games_module(Path(path))
    assert ALLOWED[path][1].strip()
