"""The site's table page's Python (cardlib.widgets.table_worker): the first screens the build
stores, the worker's table made from the screen the page drew, its JSON messages, the coach's
work between them, and what it needs to import (no widget library: the worker loads only
cardlib's wheel and fastjsonschema's)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

import cardlib
from cardlib import i18n
from cardlib.errors import CardlibError
from cardlib.widgets.table_controller import TableController
from cardlib.widgets.table_page import TablePage
from cardlib.widgets.table_worker import (
    SITE_SEEDS,
    WorkerTable,
    first_screens,
    screen_json,
    write_first_screens,
)

PROJECT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def english():
    cardlib.set_language("en")
    yield
    cardlib.set_language("en")


def stored(seed: int = 11, code: str = "en", match_id: str = "0123456789abcdef") -> dict:
    """A stored first screen as the page draws it: the visit's own match id written in."""
    screen = first_screens((seed,), (code,))[code][seed]
    screen["traits"]["kept_match"]["match_id"] = match_id
    return screen


def call(table: WorkerTable, value: int, serial: int | None = None) -> list[dict]:
    serial = table.page.table.frames[-1]["serial"] if serial is None else serial
    message = {"kind": "custom", "content": {"type": "call", "value": value, "serial": serial}}
    return json.loads(table.receive(json.dumps(message)))


def test_the_worker_imports_no_widget_library_and_plays():
    """What the worker imports and runs pulls in none of the packages the site's worker does
    not load (a lazy import cut anywhere would show up here as an ImportError)."""
    script = """
import sys
class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in {'ipywidgets', 'anywidget', 'traitlets', 'IPython', 'comm',
                                  'psygnal', 'ipykernel', 'numpy', 'filelock'}:
            raise ImportError('not in the table worker: ' + name)
sys.meta_path.insert(0, Refuse())
import json, os
os.environ['CARDLIB_PROGRESS'] = ':memory:'
from cardlib.widgets.table_worker import WorkerTable, first_screens, screen_json
table = WorkerTable(screen_json(first_screens((11,), ('hi',))['hi'][11]))
serial = table.page.table.frames[-1]['serial']
out = json.loads(table.receive(json.dumps(
    {'kind': 'custom', 'content': {'type': 'call', 'value': 3, 'serial': serial}})))
print(table.first, [m['kind'] for m in out], table.page.table.match_actions)
"""
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=PROJECT
    )
    assert result.stdout.strip() == "[] ['traits'] [['call', 3]]", result.stderr[-2000:]


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_the_worker_takes_the_drawn_screen_over_without_redrawing_it(code):
    screen = stored(22, code)
    table = WorkerTable(screen_json(screen))
    assert table.first == "[]"  # the page shows this table already: nothing to send
    assert i18n.get_language() == code
    assert table.page.table.match_seed == 22 and table.page.table.fresh_seeds
    assert table.page.table.match_id == "0123456789abcdef"  # the visit's id, kept
    assert table.page.traits() == screen["traits"]


def test_a_call_is_played_once_and_kept_under_the_visits_id():
    table = WorkerTable(screen_json(stored()))
    serial = table.page.table.frames[-1]["serial"]
    out = call(table, 3, serial)
    assert out[0]["kind"] == "traits" and out[0]["changes"]["kept_match"]["actions"] == [
        ["call", 3]
    ]
    assert out[0]["changes"]["kept_match"]["match_id"] == "0123456789abcdef"
    again = call(table, 3, serial)  # the same click again (a double tap): stale, not played
    assert again == [{"kind": "custom", "content": {"type": "ignored", "serial": serial + 1}}]
    assert table.page.table.match_actions == [["call", 3]]


def test_a_match_kept_by_an_earlier_visit_comes_back_through_the_worker():
    earlier = WorkerTable(screen_json(stored(11, match_id="aaaaaaaaaaaaaaaa")))
    call(earlier, 2)
    kept = copy.deepcopy(earlier.page.table.kept_match)
    table = WorkerTable(screen_json(stored(33, match_id="bbbbbbbbbbbbbbbb")))
    table.receive(json.dumps({"kind": "custom", "content": {"type": "restore", "saved": kept}}))
    assert table.page.table.match_seed == 11 and table.page.table.match_id == "aaaaaaaaaaaaaaaa"
    assert table.page.table.match_actions == [["call", 2]]


def test_text_that_is_no_message_changes_nothing():
    table = WorkerTable(screen_json(stored()))
    before = copy.deepcopy(table.page.traits())
    for text in ("", "{", "null", "[1, 2]", '"set"', '{"kind": "set", "changes": 7}'):
        assert table.receive(text) == "[]", text
    assert table.page.traits() == before


@pytest.mark.parametrize(
    "screen",
    [
        "",
        "not json",
        "[]",
        '{"traits": {}}',
        screen_json({"page": {}}),
        "lang=xx",
        "seed=-1",
        "seed=True",
        "seed=3.0",
        "game=poker",
        "speed=warp",
    ],
)
def test_anything_but_a_stored_screen_is_refused_naming_it(screen):
    if "=" in screen:
        name, value = screen.split("=")
        good = stored()
        parsed = {"True": True, "3.0": 3.0, "-1": -1}.get(value, value)
        if name == "seed":
            good["traits"]["kept_match"]["seed"] = parsed
        else:
            good["traits"]["game_key" if name == "game" else name] = parsed
        screen = screen_json(good)
    with pytest.raises(CardlibError, match="stored first screen") as refused:
        WorkerTable(screen)
    assert refused.value.rule == "screen"
    assert i18n.get_language() == "en"  # nothing was switched


def test_catching_up_from_another_screen_sends_what_differs_and_takes_no_id():
    page = TablePage(seed=44, fresh_seeds=True)
    own_id = page.table.match_id
    other = stored(11)  # another seed's screen: another match
    out = page.catch_up(other)
    assert page.table.match_id == own_id  # not the drawn match: its id is not taken
    changes = out[0]["changes"]
    assert "frames" in changes and changes["kept_match"]["seed"] == 44
    assert "lang" not in changes and "languages" not in changes  # the same as drawn
    # a screen whose match id is none a browser keeps: the match keeps its own
    page = TablePage(seed=11, fresh_seeds=True)
    own_id = page.table.match_id
    page.catch_up(stored(11, match_id="no such id!"))
    assert page.table.match_id == own_id
    # a screen of another speed: only that is sent
    page = TablePage(seed=11, fresh_seeds=True, speed="fast")
    assert page.catch_up(stored(11)) == [{"kind": "traits", "changes": {"speed": "fast"}}]


@pytest.mark.parametrize("screen", [None, [], {"traits": 1, "page": {}}, {"page": {}}])
def test_catching_up_from_no_screen_sends_the_whole_page(screen):
    page = TablePage(seed=11, fresh_seeds=True)
    out = page.catch_up(screen)
    assert [m["kind"] for m in out] == ["traits", "page"]
    assert out[0]["changes"] == page.traits() and out[1]["page"] == page.page()


def test_a_played_table_takes_no_id_from_a_screen():
    page = TablePage(seed=11, fresh_seeds=True)
    serial = page.table.frames[-1]["serial"]
    page.receive({"kind": "custom", "content": {"type": "call", "value": 2, "serial": serial}})
    own_id = page.table.match_id
    page.catch_up(stored(11))
    assert page.table.match_id == own_id


def test_the_idle_work_is_the_controllers(monkeypatch):
    table = WorkerTable(screen_json(stored()))
    steps_done = 0
    while table.idle_step():  # the coach's analysis of the first call, ahead of time
        steps_done += 1
        assert steps_done < 10_000, "the idle work never ends"
    assert steps_done > 0 and table.idle_step() is False
    steps = iter([True, True, False])
    monkeypatch.setattr(TableController, "idle_step", lambda self: next(steps))
    assert [table.idle_step() for _ in range(3)] == [True, True, False]


def test_the_stored_screens_are_written_small_one_a_file(tmp_path):
    written = write_first_screens(tmp_path, seeds=(5, 6), languages=("en", "ne"))
    assert written["seeds"] == [5, 6] and written["languages"] == ["en", "ne"]
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["en.5.json", "en.6.json", "ne.5.json", "ne.6.json"]
    assert written["bytes"] == sum(p.stat().st_size for p in tmp_path.iterdir())
    nepali = json.loads((tmp_path / "ne.5.json").read_text("utf-8"))
    with i18n.language("ne"):
        assert nepali["words"]["not_started"] == i18n.gettext(
            "The table could not start in this page: reload the page to try again."
        )
    assert nepali["page"]["lang"] == "ne" and nepali["traits"]["kept_match"]["seed"] == 5
    assert "\\u" not in (tmp_path / "ne.5.json").read_text("utf-8")  # letters, not escapes
    assert SITE_SEEDS and len(set(SITE_SEEDS)) == len(SITE_SEEDS)


@pytest.mark.parametrize("languages", [("xx",), ("en", "HI")])
def test_a_language_with_no_catalog_is_refused(tmp_path, languages):
    with pytest.raises(CardlibError, match="unknown language") as refused:
        write_first_screens(tmp_path, seeds=(5,), languages=languages)
    assert refused.value.rule == "languages"
    assert i18n.get_language() == "en"
