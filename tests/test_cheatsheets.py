"""The one-page cheat-sheets (docs/cheatsheets/) are what their script writes from the engine.

Every fact on a sheet comes from the game's registry facts or the engine, every sentence from
the catalogs (so each language's sheet is translated where the engine is, and the term test,
tests/test_terms.py, reads it). The printing (one A4 page each) is checked in a real browser:
tests/ui/test_cheatsheets_print.py.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from script_modules import ROOT, load_script

from cardlib import bridge, callbreak, callbridge, games, i18n, judgement

FOLDER = ROOT / "docs" / "cheatsheets"
SCRIPT = Path("docs/cheatsheets/make_cheatsheets.py")
GAME_KEYS = ("callbreak", "callbridge", "judgement", "bridge")


def _script():
    return load_script(SCRIPT)


PAGES = _script().pages()


def text(page: str) -> str:
    """The words of a page's body, tags and entities gone."""
    body = page.split("<body>")[1]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def test_there_is_a_page_per_game_in_english_and_every_catalogs_language():
    languages = ("en", *i18n.CATALOGS)
    assert set(PAGES) == {f"{g}.{lang}.html" for g in GAME_KEYS for lang in languages}
    assert {"hi", "hi-Latn", "ne"} <= set(languages)


@pytest.mark.parametrize("name", sorted(PAGES))
def test_the_committed_page_is_the_one_the_script_writes(name):
    """One truth: run `python docs/cheatsheets/make_cheatsheets.py` after an engine or a
    catalog change."""
    assert (FOLDER / name).read_text(encoding="utf-8") == PAGES[name]


@pytest.mark.parametrize("name", sorted(PAGES))
def test_each_page_has_the_basics_the_ladder_the_scoring_and_the_hook_or_auction(name):
    page = PAGES[name]
    assert page.count("<h2>") == 4
    assert page.count("<table>") == (3 if name.startswith("bridge.") else 2)
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
            assert "so you may play" not in body and "were led" not in body, name


def test_the_basics_a_beginner_needs_first():
    """Review M8: spades always trump, who calls and leads first, the match's length; the
    rounds, their trumps and the blind round of Judgement."""
    call_break = text(PAGES["callbreak.en.html"])
    assert "Spades are always trump." in call_break
    assert "The player on the dealer's left calls first and leads the first trick." in call_break
    assert "A match is 5 deals; the highest total wins." in call_break
    call_bridge = text(PAGES["callbridge.en.html"])
    assert "Spades are always trump." in call_bridge
    assert "The player on the dealer's right bids first and leads the first trick." in call_bridge
    assert "the card table plays to 30" in call_bridge
    judgement_page = text(PAGES["judgement.en.html"])
    for spec in judgement.schedule():
        assert str(spec) in judgement_page
    assert "round 8: 1 card each, ♦ trump, blind" in judgement_page
    assert "In the blind round nobody sees their card" in judgement_page
    assert "A match is 8 rounds" in judgement_page and "3 to 7 players" in judgement_page
    assert "Spades are always trump." not in judgement_page
    contract = text(PAGES["bridge.en.html"])
    assert "The auction names the trump suit, or no trump." in contract
    assert "The player on declarer's left leads" in contract
    assert "The first side to 100 points below the line wins the game." in contract


def test_the_basics_come_from_the_registry_not_from_the_script(monkeypatch):
    # Change the facts the registry gives, and the sheets say the new facts.
    monkeypatch.setattr(callbreak.Match, "__init__", _with_deals(callbreak.Match.__init__, 7))
    page = text(_script().sheet(_game("callbreak"), "en"))
    assert "A match is 7 deals" in page
    monkeypatch.setattr(games.lookup("judgement"), "players", (3, 4, 5))
    assert "3 to 5 players" in text(_script().sheet(_game("judgement"), "en"))


def _with_deals(init, deals):
    def patched(self, *args, **kwargs):
        kwargs["deals"] = deals
        init(self, *args, **kwargs)

    return patched


def _game(key):
    return next(game for game in _script().GAMES if game.slug == key)


def test_the_bridge_sheet_says_how_the_auction_limits_calls():
    """Review M1: the sheet once said "every call in the range is allowed" for Contract Bridge,
    Call Break's line; its auction refuses lower bids and doubles of one's own side."""
    page = text(PAGES["bridge.en.html"])
    assert "every call in the range is allowed" not in page
    assert "The hook" not in page and "The auction" in page
    refusal = bridge.Auction.from_calls("N", "1D").why_illegal("1C")
    assert str(refusal) in page
    own_side = bridge.Auction.from_calls("N", "1D P").why_illegal("X")
    assert own_side.rule == "double-own-side" and str(own_side) in page
    assert "Three passes in a row after a bid end the auction" in page
    for key in ("callbreak", "callbridge"):  # there the line is right: no call is refused
        assert "every call in the range is allowed" in text(PAGES[f"{key}.en.html"])


class _Marked:
    """A catalog that marks every message it gives (⟦…⟧), to tell catalog text from the rest."""

    def gettext(self, message):
        return f"⟦{message}⟧"

    def ngettext(self, singular, plural, n):
        return f"⟦{singular if n == 1 else plural}⟧"

    def pgettext(self, context, message):
        return f"⟦{message}⟧"


#: What a sheet may show outside the catalogs: cards, calls, numbers and signs.
NOT_WORDS = re.compile(
    r"(?:10|[2-9AKQJ])[♠♥♦♣]|[1-7](?:NT|[CDHS])|\b(?:P|X|XX)\b|[1-7][♠♥♦♣]|[1-7]NT|NT"
)


@pytest.mark.parametrize("key", GAME_KEYS)
def test_every_sentence_of_a_sheet_comes_from_the_catalogs(key, monkeypatch):
    """Issue 38: the sheets' text was typed in the script, outside the catalogs and the term
    test. With a catalog that marks what it gives, nothing but cards, calls, numbers and
    signs may be left unmarked on a page."""
    monkeypatch.setitem(i18n._loaded, "hi", _Marked())
    page = text(_script().sheet(_game(key), "hi"))
    while re.search(r"⟦[^⟦⟧]*⟧", page):  # a message may hold another (a game's name)
        page = re.sub(r"⟦[^⟦⟧]*⟧", " ", page)
    outside = NOT_WORDS.sub(" ", page)
    assert not re.search(r"[^\W\d_]", outside), outside


def test_the_sheets_type_no_sentence_in_another_language():
    for path in (ROOT / SCRIPT, ROOT / "cardlib" / "draw" / "cheatsheet.py"):
        source = path.read_text(encoding="utf-8")
        assert not re.search(r"[\u0900-\u097F]", source), f"{path.name}: typed, not a message"
