"""The card table speaks the learner's language: after a switch to Hindi, Hinglish or Nepali
every sentence in its frames (prompts, headings, seat badges, refusals, the end-of-deal table,
screen-reader names, the words the browser draws) has changed; back in English every frame
is exactly as before, and the game is where it was.

Card codes (``K♠``), numbers and rule ids stay the same in every language.
"""

import copy
import re

import pytest

import cardlib
from cardlib import games, i18n
from cardlib.widgets import bridge_review
from cardlib.widgets.table import CardTable, TableApp

DEVANAGARI = re.compile(r"[\u0900-\u097F]")
CARD = re.compile(r"(?:10|[2-9TJQKA])[♠♥♦♣SHDC]\b|(?:10|[2-9TJQKA])[♠♥♦♣]")
#: Frame fields that are codes for the browser, not words for the learner.
CODES = {"code", "rank", "symbol", "colour", "phase", "value", "kind"}
#: The games' names, which Hinglish writes as English does (and NT, the bridge strain).
SAME_IN_HINGLISH = {"Call Break", "Call Bridge", "Judgement", "Contract Bridge"}


def words(value, key=None) -> list[str]:
    """Every text a learner reads or hears in a frame, in order."""
    if isinstance(value, dict):
        return [t for k, v in value.items() if k not in CODES for t in words(v, k)]
    if isinstance(value, list):
        return [t for v in value for t in words(v, key)]
    if isinstance(value, str) and value.strip():
        return [value]
    return []


def english_words(text: str) -> list[str]:
    text = CARD.sub(" ", text)
    return [w for w in re.findall(r"[A-Za-z]{3,}", text) if w != "NT"]


def shown(table: CardTable) -> list[str]:
    said = words(table.frames) + words(table.review)
    return said + ([table.refusal] if table.refusal else [])


def play_until(table: CardTable, done, steps=400) -> CardTable:
    """The learner always takes the first allowed card or call, until ``done(table)``."""
    for _ in range(steps):
        if done(table):
            return table
        state = table.state
        if state["end"]:
            table.click_next()
        elif state["hand_active"]:
            table.click_card(next(c["code"] for c in state["hand"] if c["legal"]))
        elif state["calls"]:
            table.click_call(next(c["value"] for c in state["calls"] if c["legal"]))
    raise AssertionError("the position never came")


def at(game, done, players=4, refuse=None):
    def make():
        table = play_until(CardTable(game, seed=3, players=players, speed="instant"), done)
        if refuse == "card":  # a card the learner does not hold, or not their turn
            table.click_card("2C" if table.state["hand_active"] else "AS")
        elif refuse == "next":
            table.click_next()
        elif refuse == "engine":
            illegal = [c["code"] for c in table.state["hand"] if not c["legal"]]
            table.click_card(illegal[0])
        elif refuse == "hook":  # the dealer's bid the hook forbids
            table.click_call(next(c["value"] for c in table.state["calls"] if not c["legal"]))
        return table

    return make


def start(_table):
    return True


def mid_play(table):
    return table.state["hand_active"] and bool(table.state["trick_note"])


def must_follow(table):
    state = table.state
    return state["hand_active"] and any(not c["legal"] for c in state["hand"])


def deal_over(table):
    return table.state["end"] is not None


def hooked(table):
    """Judgement: the learner deals and the hook forbids one of the bids."""
    return any(not c["legal"] for c in table.state["calls"])


def blind(table):
    """Judgement's last round: the learner bids with the card face down."""
    return bool(table.state["calls"]) and table.state["face_down"] > 0


def reviewed(game, players=4, replay=False):
    """At the deal's end with its review shown; or a replay of its last decision, over."""

    def make():
        table = CardTable(game, seed=3, players=players, speed="instant", review_samples=3)
        play_until(table, deal_over)
        with pytest.MonkeyPatch.context() as patch:  # a bridge review's opening lead: 2 layouts
            patch.setattr(bridge_review, "LEAD_SAMPLES", 2)
            table.request_review()
        if replay:
            table.click_replay(len(table.record))
            play_until(table, deal_over)
            table.request_review()
        return table

    return make


#: Every registered game, at a table of its middle size (Judgement's 3 to 7: five seats).
EVERY_GAME = [(key, game.players[len(game.players) // 2]) for key, game in games.GAMES.items()]

REVIEWED = {
    f"{game}_{where}": reviewed(game, players, replay)
    for game, players in EVERY_GAME
    for where, replay in [("reviewed", False), ("replayed", True)]
    if games.GAMES[game].coached or not replay  # Contract Bridge's review replays nothing
}

AT_EACH_GAME = {
    f"{game}_{where}": at(game, done, players, refuse)
    for game, players in EVERY_GAME
    for where, done, refuse in [
        ("start", start, None),
        ("start_refused", start, "next"),
        ("playing", mid_play, None),
        ("refused_by_rule", must_follow, "engine"),
        ("refused_card", mid_play, "card"),
        ("deal_over", deal_over, None),
    ]
}
#: Judgement's own moments: the dealer's bid the hook forbids, and a bid in the blind round.
JUDGEMENT = {
    "judgement_refused_by_the_hook": at("judgement", hooked, refuse="hook"),
    "judgement_blind": at("judgement", blind),
}
TABLES = REVIEWED | AT_EACH_GAME | JUDGEMENT


@pytest.fixture(autouse=True)
def english_around_each_test():
    cardlib.set_language("en")
    yield
    cardlib.set_language("en")


@pytest.mark.parametrize("name", TABLES)
def test_every_sentence_of_the_table_changes_and_english_comes_back(name):
    table = TABLES[name]()
    english, frame, refusal = shown(table), copy.deepcopy(table.state), table.refusal
    review = copy.deepcopy(table.review)
    moves, match = table.controller._serial, repr(table.match.deal.visible_to(0).hand)
    for code in (code for code in i18n.LANGUAGES if code != i18n.DEFAULT):
        cardlib.set_language(code)
        assert table.lang == code
        now = shown(table)
        if not code.endswith("-Latn"):  # not one English word left, in a sentence or a label
            left = [t for t in now if english_words(t) and not DEVANAGARI.search(t)]
            left = [t for t in left if t not in i18n.LANGUAGES.values()]
            assert not left, left
        stayed = [
            t
            for t in set(english)
            if len(english_words(t)) >= 2 and t in now and t not in SAME_IN_HINGLISH
        ]
        assert not stayed, (code, stayed)
        assert table.controller._serial == moves
        assert repr(table.match.deal.visible_to(0).hand) == match
    cardlib.set_language("en")
    assert table.state == frame
    assert table.refusal == refusal
    assert table.review == review


def test_the_table_draws_a_language_dropdown_that_switches_every_widget():
    table = CardTable("callbreak", seed=1, speed="instant")
    assert [code for code, _name in table.languages] == list(i18n.LANGUAGES)
    table.lang = "hi"  # what the browser's dropdown sends
    assert cardlib.get_language() == "hi"
    assert DEVANAGARI.search(table.state["prompt"])
    assert table.state["ui"]["language"] == "भाषा"


def test_a_switch_changes_nothing_in_the_game():
    table = at("callbreak", mid_play)()
    deal = table.match.deal
    before = (deal.tricks, deal.trick, deal.calls, table.refusal_count)
    cardlib.set_language("hi-Latn")
    cardlib.set_language("en")
    assert (deal.tricks, deal.trick, deal.calls, table.refusal_count) == before
    assert table.match.deal is deal


def test_the_app_pickers_speak_the_language_and_keep_the_game():
    app = TableApp(game="judgement", speed="instant")
    app.pick("judgement", 5)
    table = app.table
    english = [label for label, _key in app.game_picker.options]
    pickers = [w for w in app.widget.children[0].children if "cardlib-language" in w._dom_classes]
    assert len(pickers) == 1
    pickers[0].value = "hi"
    assert app.table is table and app.game_picker.value == "judgement"
    assert app.players_picker.value == 5
    assert all(DEVANAGARI.search(label) for label, _key in app.game_picker.options)
    assert DEVANAGARI.search(app.game_picker.description)
    pickers[0].value = "en"
    assert [label for label, _key in app.game_picker.options] == english
    assert app.game_picker.description == "Game"
