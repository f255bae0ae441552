"""cardlib.runtime: the note a notebook shows where a compiled package cannot be loaded."""

from __future__ import annotations

from cardlib import runtime
from cardlib.draw.svg import Html


def test_nothing_is_shown_when_the_package_is_there():
    assert runtime.missing_compiled("json", "reading JSON") is None


def test_in_the_browser_the_note_says_the_feature_is_not_there_and_the_notebook_runs_on():
    note = runtime.missing_compiled("no_such_solver", "the double-dummy solver", in_browser=True)
    assert isinstance(note, Html)
    assert 'role="note"' in note
    assert "Not available here: the double-dummy solver" in note
    assert "<b>no_such_solver</b>, compiled code that cannot run in this browser" in note
    assert "The rest of the notebook runs on" in note


def test_on_a_computer_the_note_says_how_to_install_it():
    note = runtime.missing_compiled("no_such_solver", "the solver", in_browser=False)
    assert "<code>pip install no_such_solver</code> brings it" in note
    assert "browser" not in note


def test_the_browser_is_told_by_the_platform():
    assert runtime.IN_BROWSER is False  # these tests run in CPython on Linux, not in Pyodide
