"""The card table's page without Jupyter (cardlib.widgets.table_page): a whole match played
through its plain messages, the pickers, and every message a hand-written client could send."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardlib
from cardlib import i18n
from cardlib.widgets.table import CardTable
from cardlib.widgets.table_page import SHOWN, TablePage


@pytest.fixture(autouse=True)
def english():
    cardlib.set_language("en")
    yield
    cardlib.set_language("en")


def click(page: TablePage, message: dict) -> list[dict]:
    serial = page.table.frames[-1]["serial"]
    return page.receive({"kind": "custom", "content": {**message, "serial": serial}})


def test_the_first_screen_is_what_the_anywidget_shows_for_the_same_table():
    page = TablePage("callbreak", seed=11, speed="instant")
    widget = CardTable("callbreak", seed=11, speed="instant")
    screen = page.first_screen()
    for name in SHOWN:
        if name != "kept_match":  # each table's match has its own id
            assert screen["traits"][name] == getattr(widget, name), name
    assert screen["traits"]["game_key"] == widget.game_key
    assert screen["traits"]["show_language"] is False  # the page has its own menu
    json.dumps(screen)  # it travels as JSON, and is stored as JSON by the site's build


def test_a_whole_match_is_played_through_messages_and_only_changes_are_sent():
    page = TablePage("callbreak", seed=3, speed="instant", review_samples=5)
    page.first_screen()
    out = click(page, {"type": "call", "value": 3})
    assert [m["kind"] for m in out] == ["traits"]
    assert "frames" in out[0]["changes"] and "languages" not in out[0]["changes"]
    for _ in range(5 * 15):
        state = page.table.state
        if state["phase"] == "calling":
            out = click(page, {"type": "call", "value": 3})
        elif state["end"] is not None:
            if page.traits()["finished_match"]:
                break
            out = click(page, {"type": "next"})
        else:
            legal = next(c["code"] for c in state["hand"] if c["legal"])
            out = click(page, {"type": "card", "code": legal})
        assert out and all(m["kind"] == "traits" for m in out)
    assert page.traits()["finished_match"]


def test_a_refused_card_changes_nothing_but_the_refusal():
    page = TablePage("callbreak", seed=3, speed="instant")
    page.first_screen()
    click(page, {"type": "call", "value": 2})
    before = copy.deepcopy(page.table.state)
    illegal = next(c for c in before["hand"] if not c["legal"])
    out = click(page, {"type": "card", "code": illegal["code"]})
    assert page.table.state == before
    assert out[0]["changes"]["refusal"] and set(out[0]["changes"]) <= {"refusal", "refusal_count"}


def test_a_double_tap_is_played_once_and_the_second_is_answered_as_stale():
    page = TablePage("callbreak", seed=3, speed="instant")
    page.first_screen()
    serial = page.table.frames[-1]["serial"]
    page.receive({"kind": "custom", "content": {"type": "call", "value": 2, "serial": serial}})
    again = page.receive(
        {"kind": "custom", "content": {"type": "call", "value": 2, "serial": serial}}
    )
    assert again == [
        {"kind": "custom", "content": {"type": "ignored", "serial": page.table._serial}}
    ]
    assert len(page.table.match_actions) == 1


def test_the_language_menu_switches_the_table_and_the_pickers():
    page = TablePage("callbreak", seed=3, speed="instant")
    page.first_screen()
    out = page.receive({"kind": "set", "changes": {"lang": "hi"}})
    kinds = {m["kind"]: m for m in out}
    with i18n.language("hi"):
        assert kinds["page"]["page"]["words"]["game"] == i18n.gettext("Game") != "Game"
    assert "lang" not in kinds["traits"]["changes"]  # the browser's own choice, taken
    assert page.traits()["lang"] == "hi"
    assert "frames" in kinds["traits"]["changes"]  # the position said again in Hindi


@pytest.mark.parametrize(
    "changes",
    [
        {"speed": "warp"},
        {"level": "grandmaster"},
        {"lang": "xx"},
        {"lang": 7},
        {"auto_forced": "no"},
        {"peek_open": 1},
        {"frames": []},  # not the browser's to change
    ],
)
def test_a_value_the_page_cannot_offer_is_sent_back_as_the_table_still_has_it(changes):
    page = TablePage("callbreak", seed=3, speed="instant")
    screen = page.first_screen()
    out = page.receive({"kind": "set", "changes": changes})
    name = next(iter(changes))
    assert page.traits()[name] == screen["traits"][name]
    if name != "frames":
        assert out == [{"kind": "traits", "changes": {name: screen["traits"][name]}}]


def test_switching_game_mid_deal_asks_first_and_stay_keeps_the_deal():
    page = TablePage("callbreak", seed=3, speed="instant")
    page.first_screen()
    click(page, {"type": "call", "value": 2})
    table = page.table
    out = page.receive({"kind": "pick", "game": "judgement", "players": 5})
    assert page.table is table
    assert "Judgement" in out[-1]["page"]["asking"] and out[-1]["page"]["game"] == "callbreak"
    page.receive({"kind": "answer", "switch": False})
    assert page.table is table and page.page()["asking"] == ""
    page.receive({"kind": "pick", "game": "judgement", "players": 5})
    out = page.receive({"kind": "answer", "switch": True})
    assert page.table.game == "judgement" and page.table.players == 5
    assert out[0]["changes"]["game_key"] == "judgement"  # a new table: all of it sent
    assert set(out[0]["changes"]) >= set(SHOWN)


def test_a_fresh_page_switches_at_once_and_keeps_speed_and_opponents():
    page = TablePage("callbreak", seed=3, speed="fast")
    page.receive({"kind": "set", "changes": {"level": "beginner"}})
    page.receive({"kind": "pick", "game": "callbridge"})
    assert (page.table.game, page.table.speed, page.table.level) == (
        "callbridge",
        "fast",
        "beginner",
    )
    assert page.table.fresh_seeds  # the next tables deal fresh matches


def test_a_stored_first_screen_seed_is_played_then_fresh_matches_follow():
    page = TablePage("callbreak", seed=5, fresh_seeds=True, speed="instant")
    assert page.table.match_seed == 5 and page.table.kept_match["fresh"] is True
    assert page.table.keep_key == "callbreak:4"  # restores a match kept by any visit


@settings(max_examples=150, deadline=None)
@given(
    st.one_of(
        st.none(),
        st.integers(),
        st.text(max_size=5),
        st.lists(st.integers(), max_size=3),
        st.dictionaries(
            st.sampled_from(["kind", "changes", "content", "game", "players", "switch"]),
            st.one_of(
                st.none(),
                st.booleans(),
                st.integers(),
                st.sampled_from(["set", "custom", "pick", "answer", "bridge", "callbreak"]),
                st.dictionaries(st.text(max_size=8), st.one_of(st.none(), st.integers())),
            ),
        ),
    )
)
def test_any_message_a_client_could_send_leaves_the_deal_as_it_was(message):
    page = TablePage("callbreak", seed=9, speed="instant")
    page.first_screen()
    before = repr(page.table.match.deal)
    page.receive(message)
    assert repr(page.table.match.deal) == before or page.table.game != "callbreak"
