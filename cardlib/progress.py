"""What a learner has done so far: lessons whose quick check was passed, puzzles solved, matches.

The record is a small JSON file in the learner's own folder (the folder the notebook runs in,
or the tutorial's folder above it: :func:`path`), ``cardlib-progress.json``; the environment
variable ``CARDLIB_PROGRESS`` names another file (the tests use it). On the classroom site
(JupyterLite) that folder lives in the browser's own storage, so the same file survives a
reload there too. Nothing leaves the machine: the file is only ever read and written here.

Every call reads the file afresh and writes it back whole (to a temporary file, then renamed
over the old one), so two notebooks open at once both count, and a kernel restart loses
nothing. A file that cannot be read is never overwritten: it is copied aside first
(``cardlib-progress.json.unreadable-1``, ``-2`` …), a :class:`ProgressWarning` says where, and
a new record starts.

>>> import cardlib.progress as progress
>>> progress.record_lesson("01")           # doctest: +SKIP
>>> progress.summary()["lessons passed"]   # doctest: +SKIP
1
"""

from __future__ import annotations

import json
import os
import shutil
import warnings
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from cardlib.errors import CardlibError
from cardlib.i18n import _

#: The file's name in the learner's folder, and the variable that names another file.
FILE_NAME = "cardlib-progress.json"
ENVIRONMENT_VARIABLE = "CARDLIB_PROGRESS"
#: Bumped when the layout of the file changes; a newer file is refused, never overwritten.
VERSION = 1

#: The kinds of puzzle: "what may I play?" and "what should I play?".
PUZZLE_KINDS = ("legal", "best")


class ProgressError(CardlibError):
    """Bad input to the progress record (an unknown puzzle kind, a lesson id that is no text…)."""


class ProgressWarning(UserWarning):
    """The progress file could not be read: it was copied aside and a new record started."""


#: The tutorial's first lesson: a folder that holds it is the tutorial's own folder.
TUTORIAL_START = "00-start-here.ipynb"


def path() -> Path:
    """Where the record is kept: ``$CARDLIB_PROGRESS``, or ``cardlib-progress.json`` here.

    "Here" is the tutorial's folder for a notebook one folder below it (the practice puzzle
    sets in ``notebooks/practice/``, the classroom site's ``puzzles/``): a folder whose parent
    holds the tutorial's first lesson keeps its record there, so that notebook 00 shows it.
    """
    named = os.environ.get(ENVIRONMENT_VARIABLE)
    if named:
        return Path(named)
    here = Path.cwd()
    if not (here / TUTORIAL_START).exists() and (here.parent / TUTORIAL_START).exists():
        here = here.parent
    return here / FILE_NAME


def _empty() -> dict[str, Any]:
    return {"version": VERSION, "lessons": {}, "puzzles": {}, "matches": []}


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M")


def _valid(data: Any) -> bool:
    """Whether ``data`` has the layout this module writes (so every reader can trust it)."""
    return (
        isinstance(data, dict)
        and data.get("version") == VERSION
        and isinstance(data.get("lessons"), dict)
        and isinstance(data.get("puzzles"), dict)
        and isinstance(data.get("matches"), list)
        and all(isinstance(v, dict) for v in data["puzzles"].values())
        and all(isinstance(m, dict) for m in data["matches"])
        and isinstance(data.get("drills", []), list)
    )


def _set_aside(file: Path) -> Path:
    """Copy an unreadable file to the first free ``<name>.unreadable-N`` and return that path."""
    n = 1
    while (aside := file.with_name(f"{file.name}.unreadable-{n}")).exists():
        n += 1
    shutil.copy2(file, aside)
    return aside


def load() -> dict[str, Any]:
    """The record as stored (a new, empty one when there is no file yet).

    A file that is not a record this module wrote (cut short, edited by hand, from a newer
    cardlib) is copied aside and a :class:`ProgressWarning` says so; the record returned is
    then empty, and the next write starts the file again. Nothing is lost: the copy keeps it.
    """
    file = path()
    if not file.exists():
        return _empty()
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
        problem = None if _valid(data) else _("it is not a progress record this cardlib wrote")
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        problem = str(error)
    if problem is None:
        return data
    aside = _set_aside(file)
    warnings.warn(
        _(
            "Your progress file {file} could not be read ({problem}). It was copied to "
            "{aside}, untouched, and a new record starts."
        ).format(file=file, problem=problem, aside=aside),
        ProgressWarning,
        stacklevel=2,
    )
    return _empty()


def _save(data: dict[str, Any]) -> None:
    file = path()
    file.parent.mkdir(parents=True, exist_ok=True)
    temporary = file.with_name(file.name + ".tmp")
    temporary.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
    os.replace(temporary, file)  # whole or not at all: a crash never leaves half a file


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ProgressError(
            _("{what} must be a non-empty text, got {value!r}").format(what=what, value=value),
            "progress",
        )
    return value.strip()


def _choice(value: Any, choices: tuple[str, ...], what: str) -> str:
    if value not in choices:
        raise ProgressError(
            _("{what} must be one of {choices}, got {value!r}").format(
                what=what, choices=", ".join(choices), value=value
            ),
            "progress",
        )
    return value


def _not_seats(what: str, value: Any) -> ProgressError:
    return ProgressError(
        _("{what} must be a list with one entry per seat or seat numbers, got {value!r}").format(
            what=what, value=value
        ),
        "progress",
    )


def record_lesson(lesson: str) -> None:
    """Note that the quick check of ``lesson`` (its number, ``"01"``) was passed."""
    lesson = _text(lesson, "lesson")
    data = load()
    data["lessons"].setdefault(lesson, {"passed": _now()})
    _save(data)


def record_puzzle(kind: str, level: str, puzzle: str, solved: bool) -> None:
    """Note one answered puzzle: its ``kind`` (``"legal"``/``"best"``), ``level`` and id.

    ``puzzle`` identifies it (``"seed 4 #0"``), so solving the same puzzle twice counts once;
    ``solved`` is whether the first check was right (only solved puzzles count as solved).
    """
    kind = _choice(kind, PUZZLE_KINDS, "kind")
    level = _text(level, "level")
    puzzle = _text(puzzle, "puzzle")
    if not isinstance(solved, bool):
        raise ProgressError(
            _("{what} must be one of {choices}, got {value!r}").format(
                what="solved", choices="True, False", value=solved
            ),
            "progress",
        )
    data = load()
    entry = data["puzzles"].setdefault(f"{kind}/{level}", {"solved": [], "tried": []})
    bucket = entry["solved"] if solved else entry["tried"]
    if puzzle not in entry["solved"] and puzzle not in bucket:
        bucket.append(puzzle)
    if solved and puzzle in entry["tried"]:
        entry["tried"].remove(puzzle)
    _save(data)


def record_match(game: str, totals: tuple, winners: tuple, you: int = 0) -> None:
    """Note a finished match of ``game`` (its key in the registry, :mod:`cardlib.games`, as
    CardTable names it): every seat's total, the winners, and your seat."""
    from cardlib import games  # every game's module: loaded when a match is noted

    game = _choice(game, tuple(games.GAMES), "game")
    if not isinstance(totals, tuple | list) or not totals:
        raise _not_seats("totals", totals)
    seats = range(len(totals))
    if not isinstance(you, int) or isinstance(you, bool) or you not in seats:
        raise ProgressError(
            _("seat must be a seat number 0..{last}, got {seat!r}").format(
                last=len(totals) - 1, seat=you
            ),
            "progress",
        )
    if (
        not isinstance(winners, tuple | list)
        or not winners
        or not all(isinstance(w, int) and not isinstance(w, bool) and w in seats for w in winners)
    ):
        raise _not_seats("winners", winners)
    data = load()
    data["matches"].append(
        {
            "game": game,
            "when": _now(),
            "totals": [str(t) for t in totals],  # exact: Decimal tenths kept as text
            "you": you,
            "won": you in winners,
            "shared": you in winners and len(winners) > 1,
        }
    )
    _save(data)


def record_drill(seed: int, call: int, best: int, lost: Any) -> None:
    """Note one hand of the calling drill: its seed, the call made, the coach's best call, and
    the expected points the call made gave away against the best (exact, kept as text)."""
    for what, value in (("seed", seed), ("call", call), ("best", best)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise ProgressError(
                _("{what} must be one of {choices}, got {value!r}").format(
                    what=what, choices="0, 1, 2, …", value=value
                ),
                "progress",
            )
    data = load()
    data.setdefault("drills", []).append(
        {"seed": seed, "call": call, "best": best, "lost": str(lost), "when": _now()}
    )
    _save(data)


def reset() -> None:
    """Start again: the record is emptied (the old file is kept as ``<name>.before-reset``)."""
    file = path()
    if file.exists():
        shutil.copy2(file, file.with_name(file.name + ".before-reset"))
    _save(_empty())


def summary() -> dict[str, int]:
    """The counts: lessons passed, puzzles solved, matches played and won."""
    data = load()
    return {
        "lessons passed": len(data["lessons"]),
        "puzzles solved": sum(len(e["solved"]) for e in data["puzzles"].values()),
        "matches played": len(data["matches"]),
        "matches won": sum(bool(m.get("won")) for m in data["matches"]),
        "calling drill hands": len(data.get("drills", [])),
    }


@dataclass(frozen=True)
class ProgressTable:
    """The record as a table to read: one row per lesson, puzzle level and game."""

    rows: tuple[tuple[str, str, str], ...]

    def __str__(self) -> str:
        return "\n".join(f"{what}: {item} — {done}" for what, item, done in self.rows)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        from cardlib.draw.tables import progress_html

        return progress_html(self)


def table() -> ProgressTable:
    """The record as a table: what, which, and what was done (the one-line call for 00)."""
    data = load()
    rows: list[tuple[str, str, str]] = []
    for lesson in sorted(data["lessons"]):
        rows.append((_("Lesson"), lesson, _("quick check passed")))
    for key in sorted(data["puzzles"]):
        entry = data["puzzles"][key]
        rows.append(
            (
                _("Puzzles"),
                key.replace("/", " · "),
                _("{solved} solved").format(solved=len(entry["solved"])),
            )
        )
    from cardlib import games  # every game's module: loaded when the table is shown

    # The registry's games in its order, each by its name in the learner's language; a game
    # the record holds that the registry does not (a game tried out, since gone) by its key.
    recorded = {m.get("game") for m in data["matches"]} - set(games.GAMES)
    names = {key: _(game.name) for key, game in games.GAMES.items()}
    names.update((key, key) for key in sorted(k for k in recorded if isinstance(k, str)))
    for game, name in names.items():
        played = [m for m in data["matches"] if m.get("game") == game]
        if played:
            won = sum(bool(m.get("won")) for m in played)
            rows.append(
                (
                    _("Matches"),
                    name,
                    _("{played} played, {won} won").format(played=len(played), won=won),
                )
            )
    drills = data.get("drills", [])
    if drills:
        best = sum(d.get("call") == d.get("best") for d in drills)
        rows.append(
            (
                _("Calling drill"),
                _("Call Break"),
                _("{hands} hands, the coach's best call on {best}").format(
                    hands=len(drills), best=best
                ),
            )
        )
    if not rows:
        rows.append(("—", "—", _("nothing yet: pass a lesson's quick check to start")))
    return ProgressTable(tuple(rows))
