"""The guided deal: ``CardTable(..., guided=True)`` (issue 37, item 3).

At each of the learner's turns in the first deal the table says what the rules require or
allow and why (the call's range and what it scores; the rule that decides the cards); a wrong
try is explained in the game's words, the position unchanged, and the right card is then
played. Driven through the controller's click handlers and through the widget's message
handler, as the browser sends them (tests/ui/test_table_guided.py clicks the same in a browser).
"""

from __future__ import annotations

import pytest

import cardlib
from cardlib.cards import parse_card
from cardlib.errors import CardlibError, CardlibTypeError
from cardlib.games import GAMES
from cardlib.widgets.table import CardTable
from cardlib.widgets.table_controller import TableController

SEED = 2052  # lesson 06's table: East leads A♥ to the first trick, South holds only 2♥


def guided(seed: int = SEED, game: str = "callbreak") -> TableController:
    return TableController(game, seed=seed, speed="instant", guided=True)


def at_first_card(table: TableController, call: int = 3) -> TableController:
    assert table.click_call(call)
    assert table.match.phase == "playing" and table.match.to_act == 0
    return table


def snapshot(table: TableController) -> tuple:
    """Everything a wrong try must leave as it was."""
    return (
        table.match.copy(),
        table._serial,
        list(table.frames),
        list(table.match_actions),
        len(table.record),
    )


def same(table: TableController, before: tuple) -> bool:
    match, serial, frames, actions, decisions = before
    return (
        table.match == match
        and table._serial == serial
        and table.frames == frames
        and table.match_actions == actions
        and len(table.record) == decisions
    )


def wrong_and_right(table: TableController) -> tuple[str, str]:
    hand = table.state["hand"]
    wrong = next(card["code"] for card in hand if not card["legal"])
    right = next(card["code"] for card in hand if card["legal"])
    return wrong, right


# ----- what the table says at each turn ------------------------------------------------


def test_at_the_call_the_table_says_the_range_and_what_a_call_scores():
    table = guided()
    guide = table.state["guide"]
    assert guide == (
        "You call the number of tricks you expect to take: the rules allow any whole number "
        "from 1 to 13. Take at least that many and you score your call, plus 0.1 for each "
        "trick over; take fewer and you lose your call."
    )
    assert guide in table.state["live"]  # read out with the prompt
    assert TableController("callbreak", seed=SEED, speed="instant").state["guide"] == ""


def test_at_a_card_the_table_says_the_rule_that_decides():
    table = at_first_card(guided())
    explained = table.deal.explain()
    assert table.state["guide"] == f"What the rules allow here: {explained.text}"
    assert explained.rule == "follow-any" and "Hearts were led" in explained.text
    # read out after the prompt, which ends as a sentence first ("— 2♥. What the rules …")
    assert f"— 2♥. {table.state['guide']}" in table.state["live"]
    # at every one of the learner's turns of the deal, the rule of that turn
    seen = 0
    while table.state["end"] is None:
        assert table.state["guide"] == f"What the rules allow here: {table.deal.explain().text}"
        seen += 1
        table.click_card(next(c["code"] for c in table.state["hand"] if c["legal"]))
    assert seen == 13


def test_a_judgement_bid_the_hook_forbids_is_named_with_its_reason():
    table = guided(seed=2, game="judgement")  # the learner deals, and the hook forbids 1
    assert 1 not in table.deal.legal_calls()
    assert table.state["guide"].startswith(
        "You bid the number of tricks you expect to take, but not 1: the dealer may not bid 1"
    )
    before = snapshot(table)
    assert not table.click_call(1)
    assert table.refusal.startswith("Not 1: The dealer may not bid 1")
    assert table.refusal.endswith("Nothing was bid; choose again.")
    assert same(table, before)


def test_contract_bridge_guides_its_play_not_its_auction():
    table = guided(seed=3, game="bridge")
    assert table.match.phase == "calling" and table.state["guide"] == ""


# ----- a wrong try, then the right card ------------------------------------------------


def test_a_wrong_card_is_explained_by_its_rule_and_changes_nothing():
    table = at_first_card(guided())
    wrong, _right = wrong_and_right(table)
    before, count = snapshot(table), table.refusal_count
    assert table.click_card(wrong) is False
    card = parse_card(wrong)
    assert table.refusal == (
        f"Not {card}: {table.deal.explain().text} Nothing was played; choose again."
    )
    assert "(follow-any)" not in table.refusal  # the game's words, not the rule id
    assert table.refusal_count == count + 1
    assert same(table, before)


def test_the_right_card_is_then_played():
    table = at_first_card(guided())
    wrong, right = wrong_and_right(table)
    table.click_card(wrong)
    assert table.click_card(right) is True
    assert table.refusal == ""
    assert table.match_actions[-1] == ["card", right]
    assert table.deal.tricks[0].cards[1] == parse_card(right)  # South played second


def test_a_plain_table_refuses_the_same_card_with_the_engines_sentence():
    plain = TableController("callbreak", seed=SEED, speed="instant")
    at_first_card(plain)
    wrong, _right = wrong_and_right(plain)
    plain.click_card(wrong)
    assert plain.refusal.startswith(f"{parse_card(wrong)} is not allowed: ")


def test_a_wrong_try_is_said_again_in_the_learners_language():
    table = at_first_card(guided())
    wrong, _right = wrong_and_right(table)
    table.click_card(wrong)
    english, before = table.refusal, snapshot(table)
    try:
        cardlib.set_language("hi")
        assert table.refusal != english and str(parse_card(wrong)) in table.refusal
        assert table.deal.explain().text in table.refusal
    finally:
        cardlib.set_language("en")
    assert table.refusal == english
    assert table.match == before[0]


def test_a_card_not_in_the_hand_is_said_as_such():
    table = at_first_card(guided())
    held = {card["code"] for card in table.state["hand"]}
    stranger = next(code for code in ("AS", "KS", "QS", "JS", "AC") if code not in held)
    before = snapshot(table)
    assert not table.click_card(stranger)
    assert table.refusal == f"{parse_card(stranger)} is not in the hand you play from."
    assert same(table, before)


# ----- the browser's messages: a double tap, a wrong type ---------------------------------


def test_a_double_tap_on_a_wrong_card_is_explained_twice_and_plays_nothing():
    table = at_first_card(guided())
    wrong, _right = wrong_and_right(table)
    before, count = snapshot(table), table.refusal_count
    message = {"type": "card", "code": wrong, "serial": table._serial}
    assert table.receive(message) is None
    assert table.receive(dict(message)) is None  # the same position: refused again
    assert table.refusal_count == count + 2 and table.refusal.startswith("Not ")
    assert same(table, before)


def test_a_double_tap_on_the_right_card_plays_it_once():
    table = at_first_card(guided())
    _wrong, right = wrong_and_right(table)
    message = {"type": "card", "code": right, "serial": table._serial}
    ignored = table.ignored_messages
    table.receive(message)
    answer = table.receive(dict(message))  # the second tap names a position gone
    assert answer == {"type": "ignored", "serial": table._serial}
    assert table.ignored_messages == ignored + 1
    assert [a for a in table.match_actions if a[0] == "card"] == [["card", right]]


@pytest.mark.parametrize("code", [5, None, ["AS"], {"code": "AS"}, True])
def test_a_card_of_the_wrong_type_over_the_widget_message_is_ignored(code):
    table = at_first_card(guided())
    before = snapshot(table)
    answer = table.receive({"type": "card", "code": code, "serial": table._serial})
    assert answer == {"type": "ignored", "serial": table._serial}
    assert same(table, before) and table.refusal == ""


@pytest.mark.parametrize("value", ["3", 3.0, True, None, [3], "3️⃣", 14, 0])
def test_a_call_of_the_wrong_type_or_range_is_explained_and_changes_nothing(value):
    table = guided()
    before = snapshot(table)
    assert table.receive({"type": "call", "value": value, "serial": table._serial}) is None
    assert table.refusal.startswith(f"Not {value if type(value) is int else repr(value)}: ")
    assert "from 1 to 13" in table.refusal
    assert table.refusal.endswith("Nothing was called; choose again.")
    assert same(table, before)
    assert table.receive({"type": "call", "value": 3, "serial": table._serial}) is None
    assert table.deal.calls[0] == 3  # the right call is then made


def test_the_widget_hands_the_browsers_messages_to_the_guided_table():
    table = CardTable("callbreak", seed=SEED, speed="instant", guided=True)
    assert repr(table) == "CardTable('callbreak', seed=2052, guided=True)"
    assert table.frames[-1]["guide"].startswith("You call the number of tricks")
    table._on_browser_message(
        table, {"type": "call", "value": 3, "serial": table.frames[-1]["serial"]}, []
    )
    wrong, right = wrong_and_right(table.controller)
    before = snapshot(table.controller)
    table._on_browser_message(
        table, {"type": "card", "code": wrong, "serial": table.frames[-1]["serial"]}, []
    )
    assert table.refusal.startswith(f"Not {parse_card(wrong)}: Hearts were led")
    assert same(table.controller, before)
    sent = []
    table.send = sent.append  # what the widget answers the browser (nothing but "ignored")
    table._on_browser_message(
        table, {"type": "card", "code": 7, "serial": table.frames[-1]["serial"]}, []
    )
    assert sent == [{"type": "ignored", "serial": table.frames[-1]["serial"]}]
    table._on_browser_message(
        table, {"type": "card", "code": right, "serial": table.frames[-1]["serial"]}, []
    )
    assert table.refusal == "" and table.controller.match_actions[-1] == ["card", right]


# ----- one deal, then the free match ------------------------------------------------------


def play_out_the_deal(table: TableController) -> None:
    while table.state["end"] is None:
        if table.state["calls"]:
            table.click_call(3)
        else:
            table.click_card(next(c["code"] for c in table.state["hand"] if c["legal"]))


def test_one_guided_deal_then_the_free_match():
    table = guided()
    play_out_the_deal(table)
    assert table.guiding and table.state["end"]["note"].startswith("That was your guided deal.")
    table.click_next()
    assert not table.guiding and table.state["guide"] == ""
    play_out_the_deal(table)  # the second deal: no guide at any turn, the plain refusals
    assert table.state["end"]["note"] == ""
    table.click_next()
    table.click_call(3)
    wrong = next((c["code"] for c in table.state["hand"] if not c["legal"]), None)
    if wrong is not None:
        table.click_card(wrong)
        assert " is not allowed: " in table.refusal and not table.refusal.startswith("Not ")


def test_a_replay_of_the_guided_deal_is_guided_too():
    table = guided()
    play_out_the_deal(table)
    table.click_play_again()
    assert table.practising and table.state["guide"].startswith("You call")


def test_a_judgement_round_ends_in_the_rounds_words():
    table = guided(seed=5, game="judgement")
    play_out_the_deal(table)
    assert table.state["end"]["note"].startswith("That was your guided round.")


def test_a_guided_match_is_kept_apart_and_comes_back_guided():
    table = at_first_card(guided())
    assert table.keep_key == "callbreak:4:guided:seed2052"
    assert TableController("callbreak", seed=SEED).keep_key == "callbreak:4:seed2052"
    again = guided()
    assert again.restore(table.kept())
    assert again.match == table.match and again.state["guide"] == table.state["guide"]
    plain = TableController("callbreak", seed=SEED, speed="instant")
    assert not plain.restore(table.kept())  # another table's match


@pytest.mark.parametrize("value", ["yes", 1, None, "True"])
def test_guided_is_a_switch(value):
    with pytest.raises(CardlibTypeError, match="guided is a switch, True or False, got"):
        TableController("callbreak", seed=SEED, guided=value)
    with pytest.raises(CardlibError, match="guided"):
        CardTable("callbreak", seed=SEED, guided=value)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_game_plays_a_guided_deal_to_its_end(key):
    table = TableController(key, seed=11, speed="instant", guided=True)
    turns = 0
    while table.state["end"] is None:
        turns += bool(table.state["guide"])
        if table.state["calls"]:
            table.click_call(next(c["value"] for c in table.state["calls"] if c["legal"]))
        elif table.state["hand_active"]:
            table.click_card(next(c["code"] for c in table.state["hand"] if c["legal"]))
        else:  # the learner is dummy (Contract Bridge): the bots play every card
            break
    assert turns > 0
