"""What a visitor of ``make app`` can send: only widget messages reach the kernel (Voilà
passes nothing else), so the card table's message handler is the whole of what a page, or a
hand-written websocket client, can ask of it. Malformed or forged messages are refused, with
the table exactly as it was.
"""

from __future__ import annotations

import copy

import pytest

from cardlib.widgets.table import CardTable


def table_at_the_first_card() -> CardTable:
    """A Call Break table past the calls, the learner to lead or follow."""
    table = CardTable("callbreak", seed=5, speed="instant")
    table.send = lambda _message: None  # no browser: "ignored" answers go nowhere
    while table.state["calls"]:
        call = next(c["value"] for c in table.state["calls"] if c["legal"])
        table._on_browser_message(
            table, {"type": "call", "value": call, "serial": table.state["serial"]}, []
        )
    assert table.state["hand"]
    return table


def whole_state(table: CardTable) -> tuple:
    """Everything the table shows and keeps: its synced traits and its match."""
    return copy.deepcopy(table.get_state()), table.match.copy(), list(table.match_actions)


def shown_position(table: CardTable) -> tuple:
    """:func:`whole_state` but the frames' serial and spoken summary and the refusal count: a
    kept match that fails to replay puts the fresh match back by dealing it again (the same
    cards, the same bots' calls), which numbers its frames anew and says the bots' calls again
    only in part; the refusal its replay met is counted, though never shown."""
    state, match, actions = whole_state(table)
    state.pop("refusal_count")
    state["frames"] = [
        {k: v for k, v in frame.items() if k not in ("serial", "live")} for frame in state["frames"]
    ]
    return state, match, actions


def message(table: CardTable, **fields) -> dict:
    return {"serial": table.state["serial"], **fields}


GARBAGE = [
    None,
    "card",
    42,
    [],
    ["card", "AS"],
    {},
    {"type": None},
    {"type": "play"},  # not an action
    {"type": ["card"]},
    {"type": "CARD", "code": "AS"},  # a look-alike of "card"
    {"type": "card"},  # no serial
    {"type": "card", "code": "AS", "serial": "0"},
    {"type": "card", "code": "AS", "serial": 1.0},
    {"type": "card", "code": "AS", "serial": True},
    {"type": "card", "code": "AS", "serial": 10**30},
    {"type": "card", "code": "AS", "serial": -1},
    {"type": "restore"},
    {"type": "restore", "saved": None},
    {"type": "restore", "saved": "callbreak"},
    {"type": "restore", "saved": []},
    {"type": "restore", "saved": {}},
]


@pytest.mark.parametrize("junk", GARBAGE, ids=repr)
def test_garbage_changes_nothing(junk):
    table = table_at_the_first_card()
    before = whole_state(table)
    table._on_browser_message(table, junk, [])
    assert whole_state(table) == before


@pytest.mark.parametrize(
    "code",
    ["", "ZZ", "A♠", "1S", "AS AS", "as", "ＡS", None, 14, ["AS"], {"code": "AS"}, "A" * 10_000],
    ids=repr,
)
def test_a_card_of_the_wrong_kind_is_refused_and_the_position_kept(code):
    table = table_at_the_first_card()
    match, actions = table.match.copy(), list(table.match_actions)
    hand = table.state["hand"]
    table._on_browser_message(table, message(table, type="card", code=code), [])
    assert table.match == match and table.match_actions == actions
    assert table.state["hand"] == hand


def test_a_card_not_held_is_refused_with_the_table_unchanged():
    table = table_at_the_first_card()
    held = {card["code"] for card in table.state["hand"]}
    not_held = next(
        f"{rank}{suit}"
        for suit in "SHDC"
        for rank in "AKQJT98765432"
        if f"{rank}{suit}" not in held
    )
    match, actions, hand = table.match.copy(), list(table.match_actions), table.state["hand"]
    count = table.refusal_count
    table._on_browser_message(table, message(table, type="card", code=not_held), [])
    assert table.match == match and table.match_actions == actions and table.state["hand"] == hand
    assert table.refusal_count == count + 1 and table.refusal  # said, in the learner's words


@pytest.mark.parametrize(
    "value", ["13", 14, -1, 1.5, True, None, [3], {"value": 3}, "three"], ids=repr
)
def test_a_call_of_the_wrong_kind_is_refused(value):
    table = CardTable("callbreak", seed=5, speed="instant")
    table.send = lambda _message: None
    match, actions = table.match.copy(), list(table.match_actions)
    table._on_browser_message(table, message(table, type="call", value=value), [])
    assert table.match == match and table.match_actions == actions


def forgeries(kept: dict) -> list[dict]:
    """A kept match changed as a hostile visitor would: another seed, an action not taken,
    a wrong type here and there, another game."""
    changed = []
    for field, value in [
        ("seed", kept["seed"] + 1),  # a seeded table: another deal of its choosing
        ("seed", -1),
        ("seed", str(kept["seed"])),
        ("seed", True),
        ("game", "bridge"),
        ("players", 3),
        ("matches", -1),
        ("levels", ["godlike"] * 3),
        ("levels", "strong; import os"),
        ("actions", "card AS"),
        ("actions", [["card", "XX"]]),
        ("actions", [["call", 99]]),
        ("actions", [["eval", "1"]]),
        ("match_id", "../../etc/passwd"),
        ("key", "bridge:4"),
    ]:
        forged = copy.deepcopy(kept)
        forged[field] = value
        changed.append(forged)
    bigger = copy.deepcopy(kept)
    bigger["actions"] = kept["actions"] + [["card", "AS"]] * 60  # more plays than a deal has
    changed.append(bigger)
    return changed


def test_a_forged_restore_is_refused_with_the_table_unchanged():
    played = table_at_the_first_card()
    kept = played.kept_match
    assert kept["actions"], "the learner's calls are kept"
    for forged in forgeries(kept):
        table = CardTable("callbreak", seed=5, speed="instant")
        table.send = lambda _message: None
        before = shown_position(table)
        table._on_browser_message(table, {"type": "restore", "saved": forged}, [])
        assert shown_position(table) == before, forged
    # the genuine record, for contrast, is rebuilt
    table = CardTable("callbreak", seed=5, speed="instant")
    table._on_browser_message(table, {"type": "restore", "saved": kept}, [])
    assert table.match == played.match


def test_a_restore_on_a_table_already_played_changes_nothing():
    table = table_at_the_first_card()
    before = whole_state(table)
    table._on_browser_message(table, {"type": "restore", "saved": table.kept_match}, [])
    assert whole_state(table) == before
