"""The learner's progress record (cardlib/progress.py): kept in a file, across restarts, never lost.

Every test points ``CARDLIB_PROGRESS`` at a file of its own in a temporary folder.
"""

from __future__ import annotations

import json
import subprocess
import sys
import warnings
from decimal import Decimal
from pathlib import Path

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
