"""The card table's widget (cardlib.widgets.table.CardTable) as a shell round its controller:
it hands the controller the browser's messages and choices, and sends the browser what the
controller shows; the app (TableApp) picks the game from the registry.

The game itself, its frames, the review and the record are the controller's, tested without a
widget in tests/test_table_controller.py; the browser tests (tests/ui/test_table_app.py)
click the same buttons in Voilà.
"""

from __future__ import annotations

import pytest
import traitlets
from test_table_controller import ACTING, learner_acts

import cardlib
from cardlib import games
from cardlib.widgets import table_page
from cardlib.widgets.table import CardTable, TableApp
from cardlib.widgets.table_controller import TableController

#: The traits the widget sends the browser, each the controller's attribute of that name (the
#: language is the engine's, not the controller's).
SHOWN = tuple(name for name in table_page.SHOWN if name != "lang")


def shows_its_controller(table: CardTable) -> bool:
    return all(getattr(table, name) == getattr(table.controller, name) for name in SHOWN)


@pytest.mark.parametrize("game", list(games.GAMES))
def test_the_widget_is_its_controller_shown_in_the_browser(game):
    table = CardTable(game, seed=4, speed="instant")
    assert isinstance(table.controller, TableController) and table.game_key == game
    assert repr(table) == f"CardTable({game!r}, seed=4)"
    assert table.frames is table.controller.frames and shows_its_controller(table)
    # the controller's clicks and state are the table's: a click is sent once it is done
    while table.match.phase in ACTING and not table.deal.tricks:
        learner_acts(table)
        assert table.frames is table.controller.frames and shows_its_controller(table)
    assert table.state is table.controller.state and table.match is table.controller.match
    assert not table.click_next() and table.refusal == table.controller.refusal != ""
    assert shows_its_controller(table)
    with pytest.raises(AttributeError):
        table._serial  # noqa: B018  (the controller's own, not the table's)


def test_a_refusal_sends_the_refusal_and_nothing_else():
    table = CardTable("callbreak", seed=1, speed="instant")
    sent = []
    table.observe(lambda change: sent.append(change["name"]), names=traitlets.All)
    assert not table.click_next()
    assert sorted(sent) == ["refusal", "refusal_count"]
    sent.clear()
    table.click_next()  # the same refusal again: only its count changes, so it is read again
    assert sent == ["refusal_count"]


def test_the_browsers_messages_go_to_the_controller_and_a_stale_click_is_answered(monkeypatch):
    table = CardTable("callbreak", seed=1, speed="instant")
    answers = []
    monkeypatch.setattr(table, "send", answers.append)
    serial = table.state["serial"]
    call = next(c["value"] for c in table.state["calls"] if c["legal"])
    table._on_browser_message(table, {"type": "call", "value": call, "serial": serial}, [])
    assert table.match.deal.calls[0] == call and answers == []
    before = table.match.copy()
    table._on_browser_message(table, {"type": "call", "value": call, "serial": serial}, [])
    assert answers == [{"type": "ignored", "serial": table.state["serial"]}]
    assert table.match == before and table.ignored_messages == 1
    table._on_browser_message(table, "junk", [])
    assert len(answers) == 1


def test_the_browsers_choices_reach_the_controller():
    """The opponents' menu, the speed, the "only legal card" checkbox, the "Last trick" toggle
    and the language menu are traits the browser sets: each is the controller's to act on."""
    table = CardTable(
        "callbreak", seed=2, speed="instant", level=("beginner", "sensible", "strong")
    )
    assert table.level == ""  # the seats differ
    table.level = "beginner"  # the browser's menu
    assert table.controller.levels == [None, *["beginner"] * 3]
    assert table.match_actions[-1] == ["level", ["beginner"] * 3]
    assert [s["level"] for s in table.state["seats"]] == ["", *["Beginner"] * 3]
    before = table.match.copy()
    table.level = "grandmaster"  # not a level: the table is as it was
    assert table.level == "beginner" and table.match == before
    table.speed = "slow"
    assert table.controller.speed == "slow"
    table.speed = "warp"
    assert table.speed == table.controller.speed == "slow"
    table.auto_forced = True  # the checkbox
    assert table.controller.auto_forced
    table.peek_open = True
    assert table.controller.peek_open
    try:
        table.lang = "hi"  # the table's language menu: every widget switches
        assert cardlib.get_language() == "hi" and table.state["ui"]["language"] == "भाषा"
    finally:
        cardlib.set_language("en")
    assert table.lang == "en" and table.state["ui"]["language"] == "Language"
    app = TableApp(game="callbreak", speed="instant")
    app.table.level = "strong"
    assert app.pick("judgement").level == "strong"


def test_the_widget_renders_its_frames_in_the_browser():
    table = CardTable("bridge", seed=5, speed="instant")
    view, _metadata = table._repr_mimebundle_()
    assert view["application/vnd.jupyter.widget-view+json"]["model_id"] == table.model_id
    state = table.get_state()
    assert state["_anywidget_id"] == "cardlib.widgets.table.CardTable"  # as notebooks keep it
    assert state["frames"] == table.controller.frames and state["game_key"] == "bridge"
    assert "cl-felt" in state["_esm"] and "cl-felt" in state["_css"]  # table.js draws frames


def test_the_app_offers_every_registered_game_and_its_table_sizes():
    app = TableApp(speed="instant")
    assert [key for _title, key in app.game_picker.options] == list(games.GAMES)
    assert [title for title, _key in app.game_picker.options] == [
        game.title for game in games.GAMES.values()
    ]
    sizes = sorted({n for game in games.GAMES.values() for n in game.players})
    assert list(app.players_picker.options) == sizes


def test_the_app_picks_a_game_and_keeps_the_speed():
    app = TableApp(speed="instant")
    assert app.table.game == "callbreak" and app.players_picker.layout.display == "none"
    app.game_picker.value = "judgement"  # what the learner's pick in the dropdown does
    assert app.table.game == "judgement" and app.table.players == 4
    assert app.players_picker.layout.display is None
    app.players_picker.value = 6
    assert app.table.players == 6 and len(app.table.state["seats"]) == 6
    assert app.table.speed == "instant" and app.widget.children[1] is app.table
    table = app.pick("bridge")
    assert table.game == "bridge" and app.game_picker.value == "bridge"


def test_switching_game_mid_deal_asks_first():
    app = TableApp(game="callbreak", seed=4, speed="instant")
    table = app.table
    assert app.question.layout.display == "none"
    app.game_picker.value = "judgement"  # before the learner acts: no question
    assert app.table is not table and app.table.game == "judgement"
    learner_acts(app.table)
    table = app.table
    app.game_picker.value = "bridge"
    assert app.table is table and app.game_picker.value == "judgement"  # nothing changed yet
    assert app.question.layout.display is None and "Contract Bridge" in app.asking.value
    app.stay_button.click()
    assert app.table is table and app.question.layout.display == "none"
    app.players_picker.value = 5
    assert app.table is table and app.players_picker.value == 4
    app.switch_button.click()
    assert app.table.game == "judgement" and app.table.players == 5
    assert app.question.layout.display == "none"
