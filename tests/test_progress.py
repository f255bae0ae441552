"""The learner's progress record (cardlib/progress.py): kept in a file, across restarts, never lost.

Every test points ``CARDLIB_PROGRESS`` at a file of its own in a temporary folder.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import warnings
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import fastjsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlib import progress
from cardlib.errors import CardlibError


@pytest.fixture
def record(tmp_path, monkeypatch) -> Path:
    file = tmp_path / "learner" / "cardlib-progress.json"
    monkeypatch.setenv(progress.ENVIRONMENT_VARIABLE, str(file))
    return file


def test_the_file_is_in_the_working_folder_unless_the_variable_names_another(monkeypatch, tmp_path):
    monkeypatch.delenv(progress.ENVIRONMENT_VARIABLE, raising=False)
    monkeypatch.chdir(tmp_path)
    assert progress.path() == tmp_path / "cardlib-progress.json"
    monkeypatch.setenv(progress.ENVIRONMENT_VARIABLE, str(tmp_path / "x.json"))
    assert progress.path() == tmp_path / "x.json"


def test_a_folder_below_the_tutorial_keeps_its_record_in_the_tutorials(monkeypatch, tmp_path):
    """The practice puzzle sets (notebooks/practice/, the site's puzzles/) count in the record
    notebook 00 shows; any other folder keeps its own."""
    monkeypatch.delenv(progress.ENVIRONMENT_VARIABLE, raising=False)
    tutorial, practice, elsewhere = (
        tmp_path / "notebooks",
        tmp_path / "notebooks" / "practice",
        tmp_path / "mine",
    )
    for folder in (practice, elsewhere / "deeper"):
        folder.mkdir(parents=True)
    (tutorial / progress.TUTORIAL_START).write_text("{}")
    for folder, kept in (
        (tutorial, tutorial),
        (practice, tutorial),
        (elsewhere / "deeper", elsewhere / "deeper"),
    ):
        monkeypatch.chdir(folder)
        assert progress.path() == kept / progress.FILE_NAME, folder
    (practice / progress.TUTORIAL_START).write_text("{}")  # a tutorial of its own in there
    monkeypatch.chdir(practice)
    assert progress.path() == practice / progress.FILE_NAME


def test_nothing_yet_is_an_empty_record_and_writes_no_file(record):
    assert progress.summary() == {
        "lessons passed": 0,
        "puzzles solved": 0,
        "matches played": 0,
        "matches won": 0,
        "calling drill hands": 0,
    }
    assert "nothing yet" in str(progress.table())
    assert not record.exists()


def test_lessons_puzzles_matches_and_drills_are_counted(record):
    progress.record_lesson("01")
    progress.record_lesson("01")  # twice is once
    progress.record_lesson("03")
    progress.record_puzzle("legal", "easy", "seed 1 #0", solved=True)
    progress.record_puzzle("legal", "easy", "seed 1 #0", solved=True)  # the same puzzle
    progress.record_puzzle("legal", "easy", "seed 1 #1", solved=False)
    progress.record_puzzle("best", "hard", "seed 2 #0", solved=True)
    progress.record_match("callbreak", (Decimal("16.2"), Decimal("3.1"), 1, 2), winners=(0,))
    progress.record_match("judgement", (10, 20, 5, 1), winners=(1,), you=0)
    progress.record_drill(seed=4, call=3, best=3, lost=0)
    assert progress.summary() == {
        "lessons passed": 2,
        "puzzles solved": 2,
        "matches played": 2,
        "matches won": 1,
        "calling drill hands": 1,
    }
    rows = progress.table().rows
    assert ("Lesson", "01", "quick check passed") in rows
    assert ("Puzzles", "legal · easy", "1 solved") in rows
    assert ("Matches", "Call Break", "1 played, 1 won") in rows
    html = progress.table()._repr_html_()
    assert "<caption>Your progress</caption>" in html and "<th scope='col'>What</th>" in html
    # exact totals, kept as text
    assert json.loads(record.read_text())["matches"][0]["totals"][0] == "16.2"


def test_a_puzzle_solved_after_a_miss_counts_as_solved_once(record):
    progress.record_puzzle("legal", "medium", "seed 7 #2", solved=False)
    progress.record_puzzle("legal", "medium", "seed 7 #2", solved=True)
    entry = json.loads(record.read_text())["puzzles"]["legal/medium"]
    assert entry == {"solved": ["seed 7 #2"], "tried": []}


def test_the_record_survives_a_restart(record):
    """Written by one Python process, read by a new one: what a kernel restart does."""
    progress.record_lesson("02")
    progress.record_puzzle("best", "easy", "seed 1 #2", solved=True)
    read = subprocess.run(
        [sys.executable, "-c", "from cardlib import progress; print(progress.summary())"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "'lessons passed': 1" in read.stdout and "'puzzles solved': 1" in read.stdout
    # and the other way round: the new process writes, this one reads
    subprocess.run(
        [sys.executable, "-c", "from cardlib import progress; progress.record_lesson('05')"],
        check=True,
    )
    assert progress.summary()["lessons passed"] == 2


def test_reset_empties_the_record_and_keeps_the_old_file(record):
    progress.record_lesson("01")
    before = record.read_text()
    progress.reset()
    assert progress.summary()["lessons passed"] == 0
    assert record.with_name(record.name + ".before-reset").read_text() == before


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b'{"version": 1, "lessons": []}',
        b'{"version": 99, "lessons": {}, "puzzles": {}, "matches": []}',
        b"\xff\xfe\x00garbage",
        b"",
    ],
    ids=["cut-short", "wrong-layout", "newer-version", "not-text", "empty"],
)
def test_an_unreadable_file_is_kept_aside_with_a_clear_warning_and_never_overwritten(
    record, content
):
    record.parent.mkdir(parents=True)
    record.write_bytes(content)
    with pytest.warns(progress.ProgressWarning, match="could not be read") as caught:
        progress.record_lesson("01")
    aside = record.with_name(record.name + ".unreadable-1")
    assert aside.read_bytes() == content  # nothing lost
    assert str(aside) in str(caught[0].message)
    assert progress.summary()["lessons passed"] == 1  # a new record started
    # a second unreadable file goes beside the first, not over it
    record.write_bytes(content)
    with pytest.warns(progress.ProgressWarning):
        progress.summary()
    assert record.with_name(record.name + ".unreadable-2").read_bytes() == content
    assert aside.read_bytes() == content


@pytest.mark.parametrize(
    "call",
    [
        lambda: progress.record_lesson(""),
        lambda: progress.record_lesson(3),
        lambda: progress.record_puzzle("what", "easy", "p", solved=True),
        lambda: progress.record_puzzle("legal", "easy", "p", solved="yes"),
        lambda: progress.record_puzzle("legal", " ", "p", solved=True),
        lambda: progress.record_match("poker", (1, 2, 3, 4), (0,)),
        lambda: progress.record_match("callbreak", (), (0,)),
        lambda: progress.record_match("callbreak", (1, 2, 3, 4), (7,)),
        lambda: progress.record_match("callbreak", (1, 2, 3, 4), (True,)),
        lambda: progress.record_match("callbreak", (1, 2, 3, 4), (0,), you=4),
        lambda: progress.record_drill(seed="1", call=3, best=3, lost=0),
        # a total that is no exact number (the issue: written as if valid)
        lambda: progress.record_match("callbreak", ("lots", 2, 3, 4), (0,)),
        lambda: progress.record_match("callbreak", (16.2, 2, 3, 4), (0,)),
        lambda: progress.record_match("callbreak", (Decimal("NaN"), 2, 3, 4), (0,)),
        lambda: progress.record_match("callbreak", (True, 2, 3, 4), (0,)),
        lambda: progress.record_match("callbreak", (None, 2, 3, 4), (0,)),
        lambda: progress.record_match("callbreak", (10**5000, 2, 3, 4), (0,)),
        # a call that is no Call Break call (the issue: −3 was written)
        lambda: progress.record_drill(seed=1, call=-3, best=3, lost=0),
        lambda: progress.record_drill(seed=1, call=0, best=3, lost=0),
        lambda: progress.record_drill(seed=1, call=14, best=3, lost=0),
        lambda: progress.record_drill(seed=1, call=3, best=-1, lost=0),
        lambda: progress.record_drill(seed=1, call=True, best=3, lost=0),
        lambda: progress.record_drill(seed=1, call=3.0, best=3, lost=0),
        lambda: progress.record_drill(seed=1, call=3, best=3, lost="a lot"),
        lambda: progress.record_drill(seed=1, call=3, best=3, lost=0.25),
        lambda: progress.record_drill(seed=1, call=3, best=3, lost=Decimal("Infinity")),
    ],
)
def test_bad_input_is_refused_and_the_record_is_exactly_as_before(record, call):
    progress.record_lesson("01")
    before = record.read_bytes()
    with pytest.raises(CardlibError):
        call()
    assert record.read_bytes() == before


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lessons=st.lists(st.text(min_size=1, max_size=8).filter(str.strip), max_size=6))
def test_any_lessons_written_are_read_back(record, lessons):
    progress.reset()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a file this module wrote always reads back
        for lesson in lessons:
            progress.record_lesson(lesson)
        assert progress.summary()["lessons passed"] == len({s.strip() for s in lessons})


def test_the_refusals_name_the_argument_what_it_got_and_what_is_accepted(record):
    with pytest.raises(progress.ProgressError, match=r"totals must be an exact number \(int, "):
        progress.record_match("callbreak", ("lots", 2, 3, 4), (0,))
    with pytest.raises(progress.ProgressError, match=r"from 1 to 13 in Call Break, got -3"):
        progress.record_drill(seed=1, call=-3, best=3, lost=0)
    with pytest.raises(progress.ProgressError, match=r"lost must be an exact number .*Fraction"):
        progress.record_drill(seed=1, call=3, best=3, lost=0.25)
    assert not record.exists()


def test_exact_numbers_are_kept_exactly_as_text(record):
    progress.record_match("callbreak", (Decimal("1.62E+1"), Decimal("-3.1"), 0, 2), (0,))
    progress.record_drill(seed=4, call=3, best=4, lost=Fraction(-7, 3))
    data = json.loads(record.read_text())
    assert data["matches"][0]["totals"] == ["16.2", "-3.1", "0", "2"]
    assert data["drills"][0]["lost"] == "-7/3"


# ----- several writers at once ------------------------------------------------------------

WRITER = """
import sys
from decimal import Decimal
from cardlib import progress

n = int(sys.argv[1])
print("ready", flush=True)
sys.stdin.readline()  # all start together
for i in range(int(sys.argv[2])):
    kind = i % 4
    if kind == 0:
        progress.record_match("callbreak", (Decimal(n), Decimal(i), 0, 0), (0,))
    elif kind == 1:
        progress.record_lesson(f"{n}-{i}")
    elif kind == 2:
        progress.record_puzzle("legal", "easy", f"{n}-{i}", solved=True)
    else:
        progress.record_drill(seed=1000 * n + i, call=3, best=3, lost=0)
"""


def test_several_processes_recording_at_once_keep_every_record(record):
    """The issue: two writers kept about half their records, eight crashed on the rename and
    took half-written files for corrupt ones. Four processes, 50 records each, all at once."""
    writers, each = 4, 50
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(n), str(each)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(writers)
    ]
    for process in processes:
        assert process.stdout.readline() == "ready\n"
    for process in processes:
        process.stdin.write("go\n")
        process.stdin.flush()
    for process in processes:
        _, err = process.communicate()
        assert (process.returncode, err) == (0, "")  # no crash, no warning (nothing set aside)
    data = progress.load()
    expected = [(n, i) for n in range(writers) for i in range(each)]
    assert sorted((int(m["totals"][0]), int(m["totals"][1])) for m in data["matches"]) == [
        (n, i) for n, i in expected if i % 4 == 0
    ]
    assert sorted(data["lessons"]) == sorted(f"{n}-{i}" for n, i in expected if i % 4 == 1)
    assert sorted(data["puzzles"]["legal/easy"]["solved"]) == sorted(
        f"{n}-{i}" for n, i in expected if i % 4 == 2
    )
    assert sorted(d["seed"] for d in data["drills"]) == [
        1000 * n + i for n, i in expected if i % 4 == 3
    ]
    assert (
        sum(map(len, (data["matches"], data["lessons"], data["drills"])))
        + len(data["puzzles"]["legal/easy"]["solved"])
        == writers * each
    )
    # nothing set aside, no temporary file left behind
    assert sorted(p.name for p in record.parent.iterdir()) in (
        [record.name],
        [record.name, record.name + ".lock"],
    )


def test_a_writer_waiting_too_long_for_the_lock_gives_up_with_a_warning(record, monkeypatch):
    """Another process holds the lock (and keeps it until told): the lesson goes on, the
    record is as it was."""
    progress.record_lesson("01")
    before = record.read_bytes()
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, filelock\n"
            f"with filelock.FileLock({str(record) + '.lock'!r}):\n"
            "    print('held', flush=True)\n"
            "    sys.stdin.readline()\n",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline() == "held\n"
        monkeypatch.setattr(progress, "LOCK_TIMEOUT", 0.05)
        with pytest.warns(progress.ProgressWarning, match="cannot be kept in") as caught:
            progress.record_lesson("02")
        assert f"%env {progress.ENVIRONMENT_VARIABLE}=" in str(caught[0].message)
        assert record.read_bytes() == before
    finally:
        holder.communicate("release\n")
    progress.record_lesson("02")
    assert progress.summary()["lessons passed"] == 2


def test_without_file_locks_the_record_is_kept_all_the_same(record, monkeypatch):
    """Pyodide (the classroom site): filelock is not installed there (pyproject.toml's marker),
    and there are no locks between kernels to take; recording works without it."""
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "filelock", None)  # importing it would fail
    progress.record_lesson("01")
    progress.record_match("judgement", (10, 20, 5, 1), winners=(1,))
    assert progress.summary()["lessons passed"] == 1
    assert not record.with_name(record.name + ".lock").exists()


def test_a_write_that_fails_halfway_leaves_the_old_record_and_no_temporary_file(
    record, monkeypatch
):
    progress.record_lesson("01")
    before = record.read_bytes()

    def full_disk(source, target):
        raise OSError(28, "No space left on device", str(source))

    monkeypatch.setattr(progress.os, "replace", full_disk)
    with pytest.warns(progress.ProgressWarning, match="No space left on device"):
        progress.record_lesson("02")
    assert record.read_bytes() == before
    assert [p for p in record.parent.iterdir() if p.name.endswith(".tmp")] == []


# ----- files that are no record, entries that are not valid -------------------------------


@pytest.mark.parametrize(
    "content",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"version": 1, "lessons": {"01": {"passed": ' + "[" * 9 + "]" * 9 + "}}}",
        '{"version": 1, "lessons": {}, "puzzles": {}, "matches": [], "extra": 1}',
        '{"version": true, "lessons": {}, "puzzles": {}, "matches": []}',
        "1" * 5000,
    ],
    ids=["nested-deep", "nested-past-any-record", "foreign-key", "version-true", "huge-number"],
)
def test_a_file_nested_too_deep_or_foreign_is_moved_aside_once(record, content):
    """The issue: deeply nested JSON raised RecursionError (in Pyodide it takes the kernel
    down: such a file is never parsed)."""
    record.parent.mkdir(parents=True)
    record.write_text(content)
    with pytest.warns(progress.ProgressWarning, match="could not be read") as caught:
        assert progress.summary()["lessons passed"] == 0
    assert len(caught) == 1
    aside = record.with_name(record.name + ".unreadable-1")
    assert aside.read_text() == content and not record.exists()  # moved, untouched
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # once: nothing is left to set aside
        progress.record_lesson("01")
        assert progress.summary()["lessons passed"] == 1


def test_brackets_inside_texts_are_no_nesting(record):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        progress.record_lesson("[[[[[[[[[[[[{{{{{{{{{{")
        progress.record_puzzle("best", '"]]]]]]]]]]]]]"\\', "[" * 20, solved=True)
        assert progress.summary() == {
            "lessons passed": 1,
            "puzzles solved": 1,
            "matches played": 0,
            "matches won": 0,
            "calling drill hands": 0,
        }


def _match(**change) -> dict:
    return {
        "game": "callbreak",
        "when": "2026-01-01 10:00",
        "totals": ["16.2", "3.1", "-4", "2"],
        "you": 0,
        "won": True,
        "shared": False,
    } | change


#: (part, entry that is not valid, what the warning says of it)
BAD_ENTRIES = [
    ("puzzles", ("legal/easy", {"tried": []}), "must contain ['solved']"),
    ("puzzles", ("legal/easy", {"solved": "seed 1 #0", "tried": []}), "must be array"),
    ("puzzles", ("hard/easy", {"solved": [], "tried": []}), "the name of puzzles"),
    ("lessons", (" ", {"passed": "today"}), "the name of lessons"),
    ("lessons", ("02", {}), 'lessons["02"] must contain'),
    ("matches", _match(won="no"), "matches[1].won must be boolean"),
    ("matches", _match(won=1), "matches[1].won must be boolean"),
    ("matches", _match(totals=["lots", "1", "2", "3"]), "must match pattern"),
    ("matches", _match(you=4), "matches[1].you must be a seat"),
    ("matches", _match(won=False, shared=True), "matches[1].shared must be false"),
    ("matches", _match(notes="mine"), "must not contain {'notes'}"),
    ("matches", "callbreak, won", "matches[1] must be object"),
    ("drills", {"seed": 1, "call": -3, "best": 3, "lost": "0", "when": "x"}, "call must be"),
    ("drills", {"seed": 1, "call": 3, "best": 3, "lost": "0.3e1", "when": "x"}, "lost must"),
]


@pytest.mark.parametrize("part, entry, said", BAD_ENTRIES, ids=[w for _, _, w in BAD_ENTRIES])
def test_an_entry_that_is_not_valid_is_left_out_with_a_note_and_the_rest_is_kept(
    record, part, entry, said
):
    """The issue: a puzzle level without ``solved`` made summary() and table() raise
    KeyError; a hand-edited ``"won": "no"`` counted as a win."""
    good = {
        "version": 1,
        "lessons": {"01": {"passed": "2026-01-01 10:00"}},
        "puzzles": {"best/hard": {"solved": ["seed 2 #0"], "tried": []}},
        "matches": [_match(won=False)],
        "drills": [{"seed": 4, "call": 3, "best": 3, "lost": "1/3", "when": "x"}],
    }
    data = json.loads(json.dumps(good))
    if isinstance(data[part], list):
        data[part].append(entry)
    else:
        data[part][entry[0]] = entry[1]
    record.parent.mkdir(parents=True)
    record.write_text(json.dumps(data))
    written = record.read_bytes()
    with pytest.warns(progress.ProgressWarning, match="not valid; they are left out") as caught:
        counts = progress.summary()
        rows = progress.table().rows
    assert said in str(caught[0].message) and str(record) in str(caught[0].message)
    assert counts == {
        "lessons passed": 1,
        "puzzles solved": 1,
        "matches played": 1,
        "matches won": 0,
        "calling drill hands": 1,
    }
    assert ("Matches", "Call Break", "1 played, 0 won") in rows
    assert record.read_bytes() == written  # reading changes nothing
    # the next write leaves the entry out, and keeps the file as it was beside it
    with pytest.warns(progress.ProgressWarning, match="the file as it was is kept as") as caught:
        progress.record_lesson("02")
    kept = record.with_name(record.name + ".invalid-entries-1")
    assert kept.read_bytes() == written and str(kept) in str(caught[0].message)
    good["lessons"]["02"] = json.loads(record.read_text())["lessons"]["02"]
    assert json.loads(record.read_text()) == good
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        progress.summary()  # nothing more to say


def test_every_record_written_fits_the_schema_and_the_schema_refuses_what_is_left_out(record):
    progress.record_lesson("01")
    progress.record_puzzle("legal", "easy", "seed 1 #1", solved=False)
    progress.record_match("bridge", (Decimal(120), -50), winners=(0, 1), you=1)
    progress.record_drill(seed=4, call=13, best=1, lost=Decimal("2.5"))
    schema = progress.schema()
    json.dumps(schema)  # a JSON document, to publish or check with any tool
    check = fastjsonschema.compile(schema)
    check(json.loads(record.read_text()))
    for part, entry, said in BAD_ENTRIES:
        data = json.loads(record.read_text())
        if isinstance(data[part], list):
            data[part].append(entry)
        else:
            data[part][entry[0]] = entry[1]
        if "must be a seat" in said or "shared must be" in said:
            continue  # what the schema cannot say, checked besides it (schema()'s docstring)
        with pytest.raises(fastjsonschema.JsonSchemaValueException):
            check(data)


# ----- a file or folder out of reach ------------------------------------------------------


def _all_calls() -> None:
    progress.record_lesson("01")
    progress.record_puzzle("legal", "easy", "seed 1 #0", solved=True)
    progress.record_match("callbreak", (1, 2, 3, 4), (3,))
    progress.record_drill(seed=1, call=3, best=3, lost=0)
    progress.reset()
    assert progress.summary()["lessons passed"] == 0
    assert "nothing yet" in str(progress.table())


def test_a_folder_at_the_files_path_is_named_and_the_lesson_goes_on(record):
    """The issue: IsADirectoryError tracebacks."""
    record.mkdir(parents=True)
    (record / "mine.txt").write_text("kept")
    with pytest.warns(progress.ProgressWarning) as caught:
        _all_calls()
    messages = {str(w.message) for w in caught}
    assert all(f"cannot be kept in {record} (Is a directory" in m for m in messages), messages
    assert all(f"run %env {progress.ENVIRONMENT_VARIABLE}=" in m for m in messages)
    assert [p.name for p in record.iterdir()] == ["mine.txt"]  # the folder is left alone


def test_a_file_where_the_folder_should_be_is_named_and_the_lesson_goes_on(tmp_path, monkeypatch):
    """A folder that cannot be made (root or not: a file stands in its place)."""
    (tmp_path / "notes").write_text("a file")
    file = tmp_path / "notes" / "deeper" / "cardlib-progress.json"
    monkeypatch.setenv(progress.ENVIRONMENT_VARIABLE, str(file))
    with pytest.warns(progress.ProgressWarning) as caught:
        _all_calls()
    assert any(f"Not a directory: {tmp_path / 'notes'}" in str(w.message) for w in caught)
    assert (tmp_path / "notes").read_text() == "a file"


def test_a_tilde_names_the_home_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv(progress.ENVIRONMENT_VARIABLE, "~/mine/progress.json")
    assert progress.path() == tmp_path / "mine" / "progress.json"


#: Runs the code in a process that the permission bits bind: as root, one without the
#: capabilities that let root pass them (setpriv, util-linux).
def _bound_by_permissions(code: str, file: Path) -> subprocess.CompletedProcess:
    command = [sys.executable, "-c", code]
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("root passes permission bits, and setpriv (util-linux) is missing")
        command = [setpriv, "--bounding-set", "-dac_override,-dac_read_search,-fowner", *command]
    return subprocess.run(
        command,
        env={**os.environ, progress.ENVIRONMENT_VARIABLE: str(file)},
        capture_output=True,
        text=True,
    )


RECORD_AND_READ = (
    "from cardlib import progress\n"
    "progress.record_lesson('02')\n"
    "progress.reset()\n"
    "print(progress.summary()['lessons passed'])\n"
)


@pytest.mark.parametrize(
    "locked",
    ["a read-only folder", "an unreadable file", "an unreadable folder"],
)
def test_a_folder_or_file_one_may_not_use_is_named_and_the_lesson_goes_on(record, locked):
    """The issue: PermissionError tracebacks. A file that cannot be read is never written over
    (it may hold the learner's whole record)."""
    progress.record_lesson("01")
    before = record.read_bytes()
    target = {"a read-only folder": record.parent, "an unreadable folder": record.parent}.get(
        locked, record
    )
    mode = target.stat().st_mode
    target.chmod(0o555 if locked == "a read-only folder" else 0)
    try:
        done = _bound_by_permissions(RECORD_AND_READ, record)
    finally:
        target.chmod(mode)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert f"Your progress cannot be kept in {record} (Permission denied" in done.stderr
    assert f"%env {progress.ENVIRONMENT_VARIABLE}=" in done.stderr
    # what could be read is shown; nothing was changed
    assert done.stdout == ("1\n" if locked == "a read-only folder" else "0\n")
    assert record.read_bytes() == before


# ----- each visitor's own record (make app) -----------------------------------------------

VISITOR = """
import sys
from decimal import Decimal
from cardlib import progress

progress.record_match("callbreak", (Decimal(sys.argv[1]), 0, 0, 0), (0,))
progress.record_lesson(sys.argv[1])
print(progress.summary()["matches played"], sorted(progress.load()["lessons"]))
"""


def test_in_memory_each_process_keeps_its_own_record_and_writes_no_file(monkeypatch, tmp_path):
    """``make app`` serves each visitor a kernel of their own with ``CARDLIB_PROGRESS=:memory:``:
    two visitors recording (two processes, in the same folder) each see their own record only,
    and no file is written where the record would otherwise be."""
    monkeypatch.setenv(progress.ENVIRONMENT_VARIABLE, progress.IN_MEMORY)
    seen = [
        subprocess.run(
            [sys.executable, "-c", VISITOR, name],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=True,
        )
        for name in ("7", "8")
    ]
    assert [(s.stdout, s.stderr) for s in seen] == [("1 ['7']\n", ""), ("1 ['8']\n", "")]
    assert list(tmp_path.iterdir()) == []


def test_in_memory_the_record_is_kept_checked_and_reset_in_memory(monkeypatch, tmp_path):
    monkeypatch.setenv(progress.ENVIRONMENT_VARIABLE, progress.IN_MEMORY)
    monkeypatch.setattr(progress, "_memory", None)
    monkeypatch.chdir(tmp_path)
    assert progress.load() == progress._empty()
    progress.record_match("callbreak", (Decimal("1.5"), 0, 0, 0), (0,))
    progress.record_lesson("01")
    progress.load()["lessons"].clear()  # a copy: the record is changed only by recording
    assert progress.summary() == {
        "lessons passed": 1,
        "puzzles solved": 0,
        "matches played": 1,
        "matches won": 1,
        "calling drill hands": 0,
    }
    with pytest.raises(CardlibError):
        progress.record_drill(seed=1, call=-3, best=3, lost=0)  # refused, record unchanged
    assert progress.summary()["calling drill hands"] == 0
    progress.reset()
    assert progress.load() == progress._empty()
    assert list(tmp_path.iterdir()) == []
