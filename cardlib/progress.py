"""What a learner has done so far: lessons whose quick check was passed, puzzles solved, matches.

The record is a small JSON file in the learner's own folder (the folder the notebook runs in,
or the tutorial's folder above it: :func:`path`), ``cardlib-progress.json``; the environment
variable ``CARDLIB_PROGRESS`` names another file (the tests use it; ``~`` is the home folder).
On the classroom site (JupyterLite) that folder lives in the browser's own storage, so the
same file survives a reload there too. Nothing leaves the machine: the file is only ever read
and written here.

``CARDLIB_PROGRESS=:memory:`` (:data:`IN_MEMORY`) keeps the record in the Python process's
memory only, no file anywhere: ``make app`` (:mod:`cardlib.app`) serves every visitor with it.
A visitor's kernel is their own, so their record is their own, not one file of the server's
that the whole class would write to; what they keep is the record the card table keeps in
their browser (matches played and won, shown at a match's end), as it keeps their match.

Every change reads the file afresh and writes it back whole, holding a lock (a file beside it,
``cardlib-progress.json.lock``, through :mod:`filelock`) from the read to the write, through a
temporary file of the writer's own renamed over the old one. So any number of notebooks
recording at once all count, a reader never sees half a file, and a kernel restart loses
nothing. Pyodide (the classroom site) has no locks between kernels: there a write is still
whole, but two notebooks recording in the same few milliseconds may keep only one record.

The file's layout is a JSON Schema (:func:`schema`), checked on every read:

- a file that is no record at all (cut short, not JSON, nested beyond reason, another
  program's, a newer cardlib's) is never overwritten: it is moved aside, untouched
  (``cardlib-progress.json.unreadable-1``, ``-2`` …), a :class:`ProgressWarning` says where,
  and a new record starts;
- an entry that is not valid (a match whose ``won`` is ``"no"``, a puzzle level without its
  ``solved`` list) is left out, with a warning naming it, and the rest is kept; the first
  write after that keeps the file as it was beside it (``….invalid-entries-1``);
- a file or folder that cannot be read or written (a folder at the file's path, a folder one
  may not write to) gives a warning naming it and how to choose another file, and the lesson
  goes on without the record.

Values are checked before anything is written: bad input raises :class:`ProgressError` and
leaves the file as it was.

>>> import cardlib.progress as progress
>>> progress.record_lesson("01")           # doctest: +SKIP
>>> progress.summary()["lessons passed"]   # doctest: +SKIP
1
"""

from __future__ import annotations

import copy
import errno
import functools
import json
import os
import re
import secrets
import shutil
import sys
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import fastjsonschema

from cardlib.errors import CardlibError
from cardlib.i18n import _

#: The file's name in the learner's folder, and the variable that names another file.
FILE_NAME = "cardlib-progress.json"
ENVIRONMENT_VARIABLE = "CARDLIB_PROGRESS"
#: ``CARDLIB_PROGRESS`` set to this: the record lives in this process's memory, never in a file.
IN_MEMORY = ":memory:"
#: Bumped when the layout of the file changes; a newer file is set aside, never overwritten.
VERSION = 1

#: The kinds of puzzle: "what may I play?" and "what should I play?".
PUZZLE_KINDS = ("legal", "best")

#: How long a writer waits for another to finish (seconds). A write holds the lock for a few
#: milliseconds; past this the record is not kept, with a warning, and the lesson goes on.
LOCK_TIMEOUT = 10.0
#: How a learner names another file for the record, shown when this one cannot be kept.
ANOTHER_FILE = f"%env {ENVIRONMENT_VARIABLE}=~/{FILE_NAME}"


class ProgressError(CardlibError):
    """Bad input to the progress record (an unknown puzzle kind, a lesson id that is no text…)."""


class ProgressWarning(UserWarning):
    """The progress file was not as it should be: set aside, entries left out, or out of reach.

    The record goes on (empty, without the bad entries, or not kept): a lesson never stops.
    """


#: The tutorial's first lesson: a folder that holds it is the tutorial's own folder.
TUTORIAL_START = "00-start-here.ipynb"


def path() -> Path:
    """Where the record is kept: ``$CARDLIB_PROGRESS``, or ``cardlib-progress.json`` here
    (``Path(":memory:")`` when it is :data:`IN_MEMORY`: no file is read or written).

    "Here" is the tutorial's folder for a notebook one folder below it (the practice puzzle
    sets in ``notebooks/practice/``, the classroom site's ``puzzles/``): a folder whose parent
    holds the tutorial's first lesson keeps its record there, so that notebook 00 shows it.
    """
    named = os.environ.get(ENVIRONMENT_VARIABLE)
    if named:
        return Path(named).expanduser()
    here = Path.cwd()
    if not (here / TUTORIAL_START).exists() and (here.parent / TUTORIAL_START).exists():
        here = here.parent
    return here / FILE_NAME


def _empty() -> dict[str, Any]:
    return {"version": VERSION, "lessons": {}, "puzzles": {}, "matches": [], "drills": []}


#: The record while ``CARDLIB_PROGRESS`` is :data:`IN_MEMORY` (None: nothing recorded yet).
_memory: dict[str, Any] | None = None


def _in_memory() -> bool:
    return os.environ.get(ENVIRONMENT_VARIABLE) == IN_MEMORY


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M")


# ----- the file's layout ------------------------------------------------------------------

#: Exact numbers as text: a match's totals (whole or Decimal tenths), a drill's points lost
#: (whole, Decimal or a Fraction). ASCII digits only, and nothing after them.
_TOTAL = r"^-?[0-9]+(\.[0-9]+)?$"
_EXACT = r"^-?[0-9]+(\.[0-9]+|/[0-9]+)?$"
_TEXT = {"type": "string", "pattern": r"\S"}


def _object(properties: dict[str, Any]) -> dict[str, Any]:
    """A JSON object with exactly these properties."""
    return {
        "type": "object",
        "properties": properties,
        "required": sorted(properties),
        "additionalProperties": False,
    }


@functools.cache
def _parts() -> dict[str, tuple[dict[str, Any], dict[str, Any] | None]]:
    """Each part of the record: the schema of one of its entries, and of an entry's name
    (``None``: the part is a list, not an object)."""
    from cardlib.callbreak import CallBreak  # the calling drill is Call Break's

    low, high = CallBreak.call_range()
    call = {"type": "integer", "minimum": low, "maximum": high}
    names = {"type": "array", "items": _TEXT, "uniqueItems": True}
    return {
        "lessons": (_object({"passed": {"type": "string"}}), _TEXT),
        "puzzles": (
            _object({"solved": names, "tried": names}),
            {"type": "string", "pattern": rf"^({'|'.join(PUZZLE_KINDS)})/\S"},
        ),
        "matches": (
            _object(
                {
                    "game": _TEXT,
                    "when": {"type": "string"},
                    "totals": {
                        "type": "array",
                        "minItems": 1,
                        "items": {"type": "string", "pattern": _TOTAL},
                    },
                    "you": {"type": "integer", "minimum": 0},
                    "won": {"type": "boolean"},
                    "shared": {"type": "boolean"},
                }
            ),
            None,
        ),
        "drills": (
            _object(
                {
                    "seed": {"type": "integer"},
                    "call": call,
                    "best": call,
                    "lost": {"type": "string", "pattern": _EXACT},
                    "when": {"type": "string"},
                }
            ),
            None,
        ),
    }


def schema() -> dict[str, Any]:
    """The progress file's layout, as a JSON Schema (draft 7): what every read checks.

    ``drills`` may be missing (a file from before the calling drill). Two things the schema
    cannot say are checked besides: a match's ``you`` is one of its seats, and a match is
    ``shared`` only if it was ``won``.
    """
    properties: dict[str, Any] = {"version": {"type": "integer", "const": VERSION}}
    for part, (entry, name) in _parts().items():
        if name is None:
            properties[part] = {"type": "array", "items": entry}
        else:
            properties[part] = {
                "type": "object",
                "propertyNames": name,
                "additionalProperties": entry,
            }
    return copy.deepcopy(
        {
            "$schema": "http://json-schema.org/draft-07/schema#",
            "title": "cardlib's progress record",
            **_object(properties),
            "required": ["lessons", "matches", "puzzles", "version"],
        }
    )


@dataclass(frozen=True)
class _Checks:
    """The schema compiled: the outline (a record at all?), every entry, and the whole."""

    outline: Callable[..., Any]
    entries: dict[str, tuple[Callable[..., Any], Callable[..., Any] | None]]
    whole: Callable[..., Any]


@functools.cache
def _checks() -> _Checks:
    whole = schema()
    outline = copy.deepcopy(whole)
    for part, (_entry, name) in _parts().items():
        outline["properties"][part] = {"type": "array" if name is None else "object"}
    return _Checks(
        outline=fastjsonschema.compile(outline),
        entries={
            part: (
                fastjsonschema.compile(entry),
                None if name is None else fastjsonschema.compile(name),
            )
            for part, (entry, name) in _parts().items()
        },
        whole=fastjsonschema.compile(whole),
    )


def _entry_problem(part: str, name: str | None, entry: Any, where: str) -> str | None:
    """Why one entry of the record is not valid (``where`` names it), or None."""
    check_entry, check_name = _checks().entries[part]
    for check, value, called in (
        (check_name, name, f"the name of {where}"),
        (check_entry, entry, where),
    ):
        try:
            if check is not None:
                check(value)
        except fastjsonschema.JsonSchemaValueException as error:
            # the checker calls the value "data": the problem, with the entry it is in
            return called + error.message.removeprefix("data")
    if part == "matches":
        if entry["you"] >= len(entry["totals"]):
            return f"{where}.you must be a seat of its totals, 0..{len(entry['totals']) - 1}"
        if entry["shared"] and not entry["won"]:
            return f"{where}.shared must be false when {where}.won is false"
    return None


def _sort_out(data: dict[str, Any]) -> list[str]:
    """Leave out of ``data`` (a record in outline) every entry that is not valid; why, each."""
    problems: list[str] = []
    for part, (_entry, name) in _parts().items():
        if part not in data:
            data[part] = [] if name is None else {}
        elif name is None:
            kept = []
            for i, entry in enumerate(data[part]):
                problem = _entry_problem(part, None, entry, f"{part}[{i}]")
                if problem is None:
                    kept.append(entry)
                else:
                    problems.append(problem)
            data[part] = kept
        else:
            for key in list(data[part]):
                problem = _entry_problem(part, key, data[part][key], f"{part}[{json.dumps(key)}]")
                if problem is not None:
                    problems.append(problem)
                    del data[part][key]
    return problems


# ----- reading and writing the file -------------------------------------------------------


class _NotARecord(Exception):
    """The file holds something that is no progress record (``args[0]``: why)."""


#: Deeper than any record nests (4: the record, its matches, a match, its totals): a file
#: nested deeper is no record, and is not parsed.
MAX_DEPTH = 8
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def _depth(text: str) -> int:
    """How deep ``text``'s arrays and objects nest (counted up to just past :data:`MAX_DEPTH`;
    brackets inside strings do not count)."""
    depth = deepest = 0
    for bracket in _BRACKET.finditer(_STRING.sub("", text)):
        depth += 1 if bracket.group() in "[{" else -1
        deepest = max(deepest, depth)
        if deepest > MAX_DEPTH:
            break
    return deepest


def _read(file: Path) -> dict[str, Any] | None:
    """The record in ``file`` as stored, in outline (None: no file yet).

    An OSError when it cannot be read (a folder, no permission); :class:`_NotARecord` when it
    holds something else.
    """
    try:
        raw = file.read_bytes()
    except FileNotFoundError:
        return None
    try:
        text = raw.decode("utf-8")
        if _depth(text) > MAX_DEPTH:
            # never handed to the parser: in Pyodide, JSON nested thousands deep overflows the
            # browser's stack and takes the kernel down (CPython stops at a RecursionError)
            raise _NotARecord(f"JSON nested more than {MAX_DEPTH} deep")
        data = json.loads(text)
    except (ValueError, RecursionError) as error:  # bad UTF-8 or JSON, too deep, too long
        raise _NotARecord(str(error)) from None
    try:
        _checks().outline(data)
    except fastjsonschema.JsonSchemaValueException as error:
        why = _("it is not a progress record this cardlib wrote")  # where pybabel reads it
        raise _NotARecord(f"{why}: {error.message}") from None
    return data


def _aside(file: Path, tag: str) -> Path:
    """The first free ``<name>.<tag>-N`` beside ``file`` (taken under the lock)."""
    n = 1
    while (aside := file.with_name(f"{file.name}.{tag}-{n}")).exists():
        n += 1
    return aside


def _warn(message: str) -> None:
    # Shown where cardlib notes it: the same warning again in a session is not repeated.
    warnings.warn(message, ProgressWarning, stacklevel=2)


def _read_or_set_aside(file: Path) -> dict[str, Any] | None:
    """Under the lock: the record in outline (None: none yet); a file that is no record is
    moved aside, untouched, with a warning, and there is none."""
    try:
        return _read(file)
    except _NotARecord as error:
        aside = _aside(file, "unreadable")
        os.replace(file, aside)
        _warn(
            _(
                "Your progress file {file} could not be read ({problem}). It was moved to "
                "{aside}, untouched, and a new record starts."
            ).format(file=file, problem=error.args[0], aside=aside)
        )
        return None


@contextmanager
def _lock(file: Path) -> Iterator[None]:
    """Hold the record's lock: one writer at a time, from its read to its write."""
    if sys.platform == "emscripten":
        # Pyodide: each kernel a Web Worker of its own, with no lock between them to take
        yield
        return
    from filelock import FileLock

    with FileLock(f"{file}.lock", timeout=LOCK_TIMEOUT):
        yield


def _write(file: Path, data: dict[str, Any]) -> None:
    """Write ``data`` whole: to a temporary file of this writer's own, renamed over the old
    one, so a reader sees the old record or the new one, never half of one."""
    text = json.dumps(data, indent=1, sort_keys=True)
    temporary = file.with_name(f".{file.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")
    try:
        with open(temporary, "x", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, file)
    except BaseException:
        with suppress(OSError):
            temporary.unlink(missing_ok=True)
        raise


def _make_folder(file: Path) -> None:
    """The folder of ``file``, made if missing (with the folders above it)."""
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # what mkdir says of a file in the folder's place
        raise NotADirectoryError(
            errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(file.parent)
        ) from None


def _out_of_reach(file: Path, error: OSError) -> None:
    """Say that the record cannot be kept in ``file``, why, and how to name another file."""
    if error.strerror and error.filename:
        problem = f"{error.strerror}: {error.filename}"
    else:
        problem = str(error) or type(error).__name__
    _warn(
        _(
            "Your progress cannot be kept in {file} ({problem}); the lesson goes on without "
            "it. To keep it in another file, in a folder you may write to, run {example} "
            "in the notebook."
        ).format(file=file, problem=problem, example=ANOTHER_FILE)
    )


def load() -> dict[str, Any]:
    """The record as stored (a new, empty one when there is no file yet), every entry valid.

    A file that is no record (cut short, edited by hand, from a newer cardlib) is moved aside
    and a :class:`ProgressWarning` says where; the record returned is then empty. An entry
    that is not valid is left out, with a warning naming it (the file is kept as it is). A
    file that cannot be read gives a warning and an empty record.
    """
    if _in_memory():
        return copy.deepcopy(_memory) if _memory is not None else _empty()
    file = path()
    try:
        try:
            data = _read(file)
        except _NotARecord:
            with _lock(file):  # read again: another notebook may have set it aside already
                data = _read_or_set_aside(file)
    except OSError as error:
        _out_of_reach(file, error)
        return _empty()
    if data is None:
        return _empty()
    left_out = _sort_out(data)
    if left_out:
        _warn(
            _(
                "Your progress file {file} has entries that are not valid; they are left out "
                "and the rest is kept: {entries}"
            ).format(file=file, entries="; ".join(left_out))
        )
    return data


def _update(change: Callable[[dict[str, Any]], None]) -> None:
    """Read the record, ``change`` it and write it back, holding the lock throughout.

    A file or folder out of reach is a warning, and nothing is written (a record that could
    not be read is never written over).
    """
    global _memory
    if _in_memory():
        kept = copy.deepcopy(_memory) if _memory is not None else _empty()
        change(kept)
        _checks().whole(kept)
        _memory = kept
        return
    file = path()
    try:
        _make_folder(file)
        with _lock(file):
            data = _read_or_set_aside(file)
            if data is None:
                data = _empty()
            elif left_out := _sort_out(data):
                aside = _aside(file, "invalid-entries")
                shutil.copy2(file, aside)
                _warn(
                    _(
                        "Your progress file {file} had entries that are not valid; they are "
                        "left out and the rest is kept (the file as it was is kept as "
                        "{aside}): {entries}"
                    ).format(file=file, aside=aside, entries="; ".join(left_out))
                )
            change(data)
            _checks().whole(data)  # a last guard: what is written always reads back
            _write(file, data)
    except OSError as error:  # filelock's Timeout is one too
        _out_of_reach(file, error)


# ----- what is recorded -------------------------------------------------------------------


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


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _exact(value: Any, what: str, kinds: tuple[type, ...]) -> str:
    """``value`` (an exact number of one of ``kinds``) as the text the record keeps."""
    try:
        if _whole(value):
            return str(value)
        if Decimal in kinds and isinstance(value, Decimal) and value.is_finite():
            return format(value, "f")  # 16.2, never 1.62E+1
        if Fraction in kinds and isinstance(value, Fraction):
            return str(value)
        shown = repr(value)
    except ValueError:  # more digits than Python writes out (sys.get_int_max_str_digits)
        shown = f"<{type(value).__name__} of more than {sys.get_int_max_str_digits()} digits>"
    raise ProgressError(
        _("{what} must be an exact number ({kinds}), got {value}").format(
            what=what, kinds=", ".join(kind.__name__ for kind in (int, *kinds)), value=shown
        ),
        "progress",
    )


def record_lesson(lesson: str) -> None:
    """Note that the quick check of ``lesson`` (its number, ``"01"``) was passed."""
    lesson = _text(lesson, "lesson")
    _update(lambda data: data["lessons"].setdefault(lesson, {"passed": _now()}))


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

    def change(data: dict[str, Any]) -> None:
        entry = data["puzzles"].setdefault(f"{kind}/{level}", {"solved": [], "tried": []})
        bucket = entry["solved"] if solved else entry["tried"]
        if puzzle not in entry["solved"] and puzzle not in bucket:
            bucket.append(puzzle)
        if solved and puzzle in entry["tried"]:
            entry["tried"].remove(puzzle)

    _update(change)


def record_match(game: str, totals: tuple, winners: tuple, you: int = 0) -> None:
    """Note a finished match of ``game`` (its key in the registry, :mod:`cardlib.games`, as
    CardTable names it): every seat's total (exact: whole numbers or Decimal tenths), the
    winners, and your seat."""
    from cardlib import games  # every game's module: loaded when a match is noted

    game = _choice(game, tuple(games.GAMES), "game")
    if not isinstance(totals, tuple | list) or not totals:
        raise _not_seats("totals", totals)
    texts = [_exact(total, "totals", (Decimal,)) for total in totals]
    seats = range(len(totals))
    if not _whole(you) or you not in seats:
        raise ProgressError(
            _("seat must be a seat number 0..{last}, got {seat!r}").format(
                last=len(totals) - 1, seat=you
            ),
            "progress",
        )
    if (
        not isinstance(winners, tuple | list)
        or not winners
        or not all(_whole(w) and w in seats for w in winners)
    ):
        raise _not_seats("winners", winners)
    entry = {
        "game": game,
        "when": _now(),
        "totals": texts,  # exact: Decimal tenths kept as text
        "you": you,
        "won": you in winners,
        "shared": you in winners and len(winners) > 1,
    }
    _update(lambda data: data["matches"].append(entry))


def record_drill(seed: int, call: int, best: int, lost: Any) -> None:
    """Note one hand of the calling drill: its seed, the call made, the coach's best call (each
    a Call Break call), and the expected points the call made gave away against the best
    (exact: a whole number, Fraction or Decimal, kept as text)."""
    from cardlib.callbreak import CallBreak

    if not _whole(seed):
        raise ProgressError(
            _("{what} must be one of {choices}, got {value!r}").format(
                what="seed", choices="0, 1, 2, …", value=seed
            ),
            "progress",
        )
    low, high = CallBreak.call_range()
    for value in (call, best):
        if not _whole(value) or not low <= value <= high:
            raise ProgressError(
                _(
                    "a call must be a whole number of tricks from {low} to {high} in {game}, "
                    "got {call!r}"
                ).format(low=low, high=high, game=_(CallBreak.name), call=value),
                "progress",
            )
    entry = {
        "seed": seed,
        "call": call,
        "best": best,
        "lost": _exact(lost, "lost", (Fraction, Decimal)),
        "when": _now(),
    }
    _update(lambda data: data["drills"].append(entry))


def reset() -> None:
    """Start again: the record is emptied (the old file is kept as ``<name>.before-reset``)."""
    global _memory
    if _in_memory():
        _memory = _empty()
        return
    file = path()
    try:
        _make_folder(file)
        with _lock(file):
            if file.exists():
                shutil.copy2(file, file.with_name(file.name + ".before-reset"))
            _write(file, _empty())
    except OSError as error:
        _out_of_reach(file, error)


def summary() -> dict[str, int]:
    """The counts: lessons passed, puzzles solved, matches played and won."""
    data = load()
    return {
        "lessons passed": len(data["lessons"]),
        "puzzles solved": sum(len(e["solved"]) for e in data["puzzles"].values()),
        "matches played": len(data["matches"]),
        "matches won": sum(m["won"] for m in data["matches"]),
        "calling drill hands": len(data["drills"]),
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
    recorded = {m["game"] for m in data["matches"]} - set(games.GAMES)
    names = {key: _(game.name) for key, game in games.GAMES.items()}
    names.update((key, key) for key in sorted(recorded))
    for game, name in names.items():
        played = [m for m in data["matches"] if m["game"] == game]
        if played:
            won = sum(m["won"] for m in played)
            rows.append(
                (
                    _("Matches"),
                    name,
                    _("{played} played, {won} won").format(played=len(played), won=won),
                )
            )
    drills = data["drills"]
    if drills:
        best = sum(d["call"] == d["best"] for d in drills)
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
