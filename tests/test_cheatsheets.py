"""The one-page cheat-sheets (docs/cheatsheets/) are what their script writes from the engine.

The printing (one A4 page each) is checked in a real browser: tests/ui/test_cheatsheets_print.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from script_modules import ROOT, load_script

from cardlib import callbreak, callbridge

FOLDER = ROOT / "docs" / "cheatsheets"


def _script():
    return load_script(Path("docs/cheatsheets/make_cheatsheets.py"))


PAGES = _script().pages()


def test_there_is_a_page_per_game_in_english_and_hindi():
    games = ("callbreak", "callbridge", "judgement", "bridge")
    assert set(PAGES) == {f"{g}.{lang}.html" for g in games for lang in ("en", "hi")}


@pytest.mark.parametrize("name", sorted(PAGES))
def test_the_committed_page_is_the_one_the_script_writes(name):
    """One truth: run `python docs/cheatsheets/make_cheatsheets.py` after an engine change."""
    assert (FOLDER / name).read_text(encoding="utf-8") == PAGES[name]


@pytest.mark.parametrize("name", sorted(PAGES))
def test_each_page_has_the_ladder_the_scoring_the_calls_and_the_hook(name):
    page = PAGES[name]
    assert page.count("<h2>") == 3 and page.count("<table>") == 2
    assert f'<html lang="{name.split(".")[1]}">' in page
    assert "aria-label=" in page  # every card is named for screen readers


def test_the_numbers_are_the_engines():
    page = PAGES["callbreak.en.html"]
    assert f"{callbreak.score(4, 3)}".replace("-", "−") in page
    assert "1–13" in page and "2–12" in PAGES["callbridge.en.html"]
    assert str(callbridge.score(8, 9)) in PAGES["callbridge.en.html"]
    # the Hindi pages say the rules in Hindi: no English rule sentence is left in them
    for name, page in PAGES.items():
        if name.endswith(".hi.html"):
            body = re.sub(r"<[^>]+>", " ", page.split("<body>")[1])
            assert "you may play" not in body and "were led" not in body, name
