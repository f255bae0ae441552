"""Lesson 00's machinery: the tracks (every lesson on one), honest minutes, the games compared."""

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from cardlib import _notebooks, i18n
from cardlib.draw.tables import places
from cardlib.errors import CardlibError
from cardlib.lessons import start_here

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LESSONS = sorted(p.stem for p in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))


def markdown_of(stem: str) -> str:
    cells = json.loads((NOTEBOOKS / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def test_every_lesson_is_on_exactly_one_track():
    on = start_here.on_tracks()
    assert len(on) == len(set(on)), "a lesson on two tracks"
    assert set(on) == set(LESSONS) - {start_here.NOTEBOOK}
    assert on[0] == "01-cards-and-dealing"


def test_the_bridge_coach_is_on_the_contract_bridge_track():
    tracks = dict(start_here.TRACKS)
    assert [name for name, _ in tracks["then Contract Bridge"]] == [
        "30-bridge-auction",
        "31-bridge-play-and-score",
        "32-bridge-strategy",
        "41-the-bridge-coach",
    ]


def test_the_notebooks_in_order_table_lists_every_lesson():
    listed = re.findall(r"^\| `(\d\d-[a-z-]+)` \|", markdown_of("00-start-here"), re.M)
    assert listed == [name for name in LESSONS if name != start_here.NOTEBOOK]


def test_the_prose_states_the_rates_the_minutes_use():
    text = " ".join(markdown_of("00-start-here").split())
    assert start_here.WORDS_PER_MINUTE == 150 and "its words at 150 a minute" in text
    assert start_here.CODE_LINES_PER_MINUTE == 10 and "visible code at 10 lines a minute" in text
    assert Fraction(1, 4) == start_here.MINUTES_PER_CODE_CELL
    assert "a quarter of a minute to run each code cell" in text
    assert start_here.QUICK_CHECK_MINUTES == 5 and "five minutes for its quick check" in text


def write(tmp_path: Path, cells: list[dict]) -> Path:
    path = tmp_path / "99-probe.ipynb"
    path.write_text(json.dumps({"cells": cells}), encoding="utf-8")
    return path


def code(source: str, hidden: bool = False) -> dict:
    metadata = {"jupyter": {"source_hidden": True}} if hidden else {}
    return {"cell_type": "code", "source": source, "metadata": metadata}


def test_minutes_count_visible_code_lines_not_cells_nor_collapsed_ones(tmp_path):
    words = {"cell_type": "markdown", "source": " ".join(["word"] * 300), "metadata": {}}
    long_cell = "\n".join(f"x{i} = {i}" for i in range(40)) + "\n\n"
    path = write(tmp_path, [words, code(long_cell), code("x = 1"), code(long_cell, hidden=True)])
    reading = start_here.reading(path)
    assert reading == start_here.Reading(300, 41, 2, False)
    # 300/150 + 41/10 + 2/4 = 2 + 4.1 + 0.5 minutes, exactly
    assert reading.minutes == Fraction(66, 10)
    assert start_here.minutes(path) == 10
    # two one-line cells read in less time than a 40-line cell and a one-line one (the old
    # estimate, half a minute a cell whatever its length, gave both the same time)
    one_line = write(tmp_path, [words, code("x = 1"), code("y = 2")])
    assert start_here.reading(one_line).minutes == Fraction(27, 10) < reading.minutes


def test_a_quick_check_adds_its_minutes(tmp_path):
    path = write(tmp_path, [code("from cardlib.lessons import x\n\nx.quick_check()")])
    reading = start_here.reading(path)
    assert reading.quick_check and reading.minutes == Fraction(5) + Fraction(2, 10) + Fraction(1, 4)


def test_minutes_are_whole_fives_for_every_lesson_on_a_track():
    for name in start_here.on_tracks():
        time = start_here.minutes(NOTEBOOKS / f"{name}.ipynb")
        assert time % 5 == 0 and time >= 5, name


def test_reading_refuses_what_is_not_a_path():
    with pytest.raises(CardlibError, match="path"):
        start_here.reading(3)  # type: ignore[arg-type]


def test_the_tracks_table_links_every_lesson_and_totals_each_track():
    table = start_here.tracks_table(NOTEBOOKS)
    for name in start_here.on_tracks():
        assert f'<a href="{name}.ipynb">{name}</a>' in table
    minutes = {
        track: sum(start_here.minutes(NOTEBOOKS / f"{n}.ipynb") for n, _ in lessons)
        for track, lessons in start_here.TRACKS
    }
    for track, total in minutes.items():
        assert f"{track}: about {places(Fraction(total, 60), 1)} hours" in table
    assert "Contract Bridge" in table and table.count("<tr>") == 1 + len(start_here.on_tracks())


@pytest.mark.parametrize("code", list(_notebooks.TRANSLATED))
def test_a_translated_lesson_links_its_own_notebook_else_the_english_one(code):
    table = start_here.tracks_table(_notebooks.folder(code))
    own = {name.removesuffix(".ipynb") for name in _notebooks.TRANSLATED[code]}
    for name in start_here.on_tracks():
        if name in own:  # translated
            assert f'<a href="{name}.ipynb">{name}</a>' in table
        else:  # not (yet): the English lesson, marked as English for the reader and screen readers
            assert f'<a href="../{name}.ipynb" lang="en">{name}</a> (in English)' in table
    english = [name for name in start_here.on_tracks() if name not in own]
    assert str(table).count("(in English)") == len(english) > 0
    assert str(start_here.tracks_table(NOTEBOOKS)).count("(in English)") == 0


def test_the_comparison_is_read_from_the_engine():
    rows = start_here.comparison()
    assert rows["direction"] == ("clockwise", "anticlockwise", "clockwise", "clockwise")
    assert rows["calls"][:2] == ("1..13 tricks", "2..12 tricks")
    assert rows["trump"][:2] == ("always ♠", "always ♠")
    assert rows["void in the led suit"][0] == "must trump, and over-trump if you can"
    assert rows["scoring, for example"][0] == "call 4, take 6: 4.2; call 3, take 2: -3.0"
    assert rows["end of the match"][0] == "after 5 deals"
    assert all(len(values) == len(start_here.GAMES) for values in rows.values())


def test_the_comparison_table_has_a_column_a_game_and_a_row_a_difference():
    table = start_here.comparison_table()
    assert table.count("<tr>") == 1 + len(start_here.comparison())
    for game in start_here.GAMES:
        assert f'<th scope="col">{game}</th>' in table


def test_the_comparison_speaks_the_language_in_use():
    with i18n.language("hi"):
        rows = start_here.comparison()
    assert len(rows) == len(start_here.comparison())
