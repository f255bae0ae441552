"""The match as players keep it at the card table (TableController, no browser): each seat's
running match total during play, the places at the match's end (ties share a place, totals
compared exactly), the match named once for the learner's record, the deal kept from the
moment it is shown, and the game's own word for a call everywhere the table speaks.

The browser's side (the record counted once at every speed and after a reload, a reload
before the first action, two tabs) is tests/ui/test_table_app.py's.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from cardlib.games import GAMES
from cardlib.match import places
from cardlib.widgets.table_controller import LEARNER, TableController, seat_label

ACTING = ("calling", "bidding", "playing")


def learner_acts(table: TableController) -> None:
    """A scripted learner: the first allowed call, the first playable card."""
    state = table.state
    if state["calls"]:
        assert table.click_call(next(c["value"] for c in state["calls"] if c["legal"]))
    else:
        assert table.click_card(next(c["code"] for c in state["hand"] if c["legal"]))


def play_deal(table: TableController) -> None:
    while table.match.phase in ACTING:
        learner_acts(table)


def finish_match(table: TableController) -> None:
    while table.match.phase != "over":
        if table.match.phase in ACTING:
            learner_acts(table)
        else:
            assert table.click_next()


def rebuilt(table: TableController) -> TableController:
    """What a reload does: a fresh table of the same kind, given what the browser kept."""
    again = TableController(
        table.game,
        seed=None if table.fresh_seeds else table.seed,
        players=table.players,
        speed="instant",
        review_samples=2,
    )
    assert again.restore(table.kept_match)
    return again


def expected_totals(table: TableController) -> list[str]:
    """Each seat's running total as a screen reader reads it, computed here from the match;
    in Contract Bridge the sides' points below the line, said once in the heading."""
    match = table._kept_match or table.match
    if not GAMES[table.game].counted_calls:  # by side, below the line, where the game is won
        ns, ew = match.below()
        return [f"below the line: North–South {ns}, East–West {ew}"]
    if table.game == "callbreak":  # tenths, always shown
        return [f"match total {total:.1f}" for total in match.totals()]
    return [f"match total {total}" for total in match.totals()]


def totals_shown(frame: dict) -> list[str]:
    """The running totals in a frame, as read out; the short ones drawn at the seats agree."""
    if frame["seats"][0]["total_name"] == "":  # by side: the heading's last part
        assert all(seat["total"] == seat["total_name"] == "" for seat in frame["seats"])
        return [frame["heading"].rsplit(" · ", 1)[1]]
    for seat in frame["seats"]:
        assert seat["total"] == f"total {seat['total_name'].split()[-1]}"
    return [seat["total_name"] for seat in frame["seats"]]


# ----- the running match total at each seat --------------------------------------------


@pytest.mark.parametrize("game", list(GAMES))
def test_each_seat_shows_its_running_match_total_in_every_frame_of_play(game):
    table = TableController(game, seed=8, speed="instant", review_samples=2)
    zero = "0.0" if game == "callbreak" else "0"
    shown = totals_shown(table.state)
    if GAMES[game].counted_calls:
        assert shown == [f"match total {zero}"] * 4
    else:
        assert shown == ["below the line: North–South 0, East–West 0"]
    play_deal(table)
    assert table.click_next()
    after_one = expected_totals(table)
    assert after_one != totals_shown(TableController(game, seed=8).state)
    while table.match.phase in ACTING:  # the second deal: the first one's totals, every frame
        for frame in table.frames:
            assert totals_shown(frame) == after_one
        learner_acts(table)
    assert totals_shown(table.state) == expected_totals(table)
    # the end table's running total says the same
    ends = [row["total"] for row in table.state["end"]["rows"]]
    if GAMES[game].counted_calls:
        assert ends == [text.split()[-1] for text in expected_totals(table)]
    else:
        below = table.match.below()
        assert ends == [str(below[seat % 2]) for seat in range(4)]


def test_a_replay_is_practice_and_the_seats_keep_the_matchs_totals():
    table = TableController("callbreak", seed=2, speed="instant", review_samples=2)
    play_deal(table)
    totals = expected_totals(table)
    assert table.click_play_again() and table.practising
    while table.match.phase in ACTING:
        for frame in table.frames:
            assert totals_shown(frame) == totals
        learner_acts(table)
    assert totals_shown(table.state) == totals


# ----- places at the match's end -----------------------------------------------------


def test_places_share_a_place_for_a_tie_and_skip_the_next_one():
    tenth = Decimal("0.1")
    assert places((Decimal("7.4"), Decimal("7.40"), Decimal("3.1"), Decimal("-2.0"))) == (
        1,
        1,
        3,
        4,
    )
    # exact: three tenths added up are three tenths (as floats 0.1 * 3 > 0.3 would split them)
    assert places((tenth + tenth + tenth, Decimal("0.3"), Decimal("0.2"))) == (1, 1, 3)
    assert places((Decimal("-1.1"), Decimal("-1.0"))) == (2, 1)
    assert places((30, 20, 30, 30)) == (1, 4, 1, 1)
    assert places((0, 0, 0)) == (1, 1, 1)
    assert places((5, 4, 3, 2, 1, 0, -1)) == tuple(range(1, 8))


def test_a_judgement_match_ends_with_its_places_a_three_way_tie_sharing_first():
    table = TableController("judgement", seed=3, speed="instant", level="beginner")
    finish_match(table)
    totals = table.match.totals()
    assert totals == (30, 20, 30, 30)  # the deal this test needs: three tied on top
    end = table.state["end"]
    assert end["standings"] == {
        "caption": "Final places",
        "heads": ["Place", "Seat", "Match total"],
        "rows": [
            ["1st (tied)", "You (South, seat 0)", "30"],
            ["1st (tied)", "North (2)", "30"],
            ["1st (tied)", "East (3)", "30"],
            ["4th", "West (1)", "20"],
        ],
    }
    assert end["title"] == "Match over: You (South, seat 0) and North (2) and East (3) on top."
    said = table.state["live"]
    assert said.endswith(
        "Final places: 1st (tied): You (South, seat 0), 30. 1st (tied): North (2), 30. "
        "1st (tied): East (3), 30. 4th: West (1), 20."
    )


def test_call_break_places_compare_tenths_exactly(monkeypatch):
    table = TableController("callbreak", seed=3, speed="instant")
    finish_match(table)
    tenth = Decimal("0.1")
    shares = (Decimal("7.4"), Decimal("7.3") + tenth, Decimal("7.3"), Decimal("-2.0"))
    monkeypatch.setattr(table.match, "totals", lambda: shares)
    table.redraw()
    assert table.state["end"]["standings"]["rows"] == [
        ["1st (tied)", "You (South, seat 0)", "7.4"],
        ["1st (tied)", "West (1)", "7.4"],
        ["3rd", "North (2)", "7.3"],
        ["4th", "East (3)", "-2.0"],
    ]


def test_call_break_places_follow_the_real_totals_and_appear_only_at_the_end():
    table = TableController("callbreak", seed=3, speed="instant", review_samples=2)
    while table.match.phase != "over":
        if table.match.phase in ACTING:
            for frame in table.frames:
                assert frame["end"] is None or frame["end"]["standings"] is None
            learner_acts(table)
        else:
            assert table.state["end"]["standings"] is None  # a deal's end, not the match's
            assert table.click_next()
    totals = table.match.totals()
    rows = table.state["end"]["standings"]["rows"]
    order = sorted(range(4), key=lambda seat: (-totals[seat], seat))
    assert [row[1] for row in rows] == [seat_label(seat) for seat in order]
    assert [Decimal(row[2]) for row in rows] == [totals[seat] for seat in order]
    assert [row[0] for row in rows] == ["1st", "2nd", "3rd", "4th"]  # no tie in this match
    assert rows[0][1] == seat_label(table.match.winners()[0])
    # replaying the last deal is practice: its end is no match's end
    assert table.click_play_again()
    play_deal(table)
    assert table.state["end"]["standings"] is None and table.state["end"]["finished"] == {}
    assert table.click_back_to_match()
    assert table.state["end"]["standings"]["rows"] == rows


def test_contract_bridge_places_the_side_that_reached_the_target_first():
    table = TableController("bridge", seed=3, speed="instant", level="beginner")
    finish_match(table)
    match = table.match
    winner = match.winners()[0]
    sides = ["North–South", "East–West"]
    standings = table.state["end"]["standings"]
    assert standings["heads"] == ["Place", "Side", "Below the line", "Total"]
    assert standings["rows"] == [
        ["1st", sides[winner], str(match.below()[winner]), str(match.totals()[winner])],
        ["2nd", sides[1 - winner], str(match.below()[1 - winner]), str(match.totals()[1 - winner])],
    ]
    assert match.below()[winner] >= match.target > match.below()[1 - winner]


# ----- the match named once, for the record ----------------------------------------------


def test_a_finished_match_travels_with_the_frame_that_shows_its_end_named_by_its_own_id():
    table = TableController("callbreak", seed=4, speed="instant")
    assert re.fullmatch(r"[0-9a-f]{16}", table.match_id)
    first_id = table.match_id
    while table.match.phase != "over":
        if table.match.phase in ACTING:
            learner_acts(table)
            if table.match.phase != "over":  # a deal's end is not the match's
                assert all(f["end"] is None or f["end"]["finished"] == {} for f in table.frames)
        else:
            assert table.click_next()
    finished = table.frames[-1]["end"]["finished"]  # in the last frame: it arrives with it
    assert finished == table.finished_match and finished["key"] == first_id
    assert finished["won"] == (LEARNER in table.match.winners())
    assert Decimal(finished["points_tenths"]) / 10 == table.match.totals()[LEARNER]
    table.redraw()  # a change of language draws the end again: the same match, the same id
    assert table.state["end"]["finished"]["key"] == first_id
    # a reload rebuilds it, the id with it: the browser counts the match once
    again = rebuilt(table)
    assert again.state["end"]["finished"] == finished
    # the next match is another one, and so is the same seed played again at a new table
    assert table.click_next() and table.match_id != first_id
    replayed = TableController("callbreak", seed=4, speed="instant")
    assert replayed.match == TableController("callbreak", seed=4).match
    assert replayed.match_id not in (first_id, table.match_id)


def test_a_match_kept_before_ids_is_named_as_its_record_was_and_a_damaged_id_is_refused():
    played = TableController("callbreak", seed=None, speed="instant")
    learner_acts(played)
    old = {key: value for key, value in played.kept_match.items() if key != "match_id"}
    again = TableController("callbreak", seed=None, speed="instant")
    assert again.restore(old) and again.match == played.match
    assert again.match_id == f"callbreak-4-{played.match_seed}"
    for bad in ("", 7, None, "a b", "<x>", "é", "x" * 65, ["ab"]):
        table = TableController("callbreak", seed=None, speed="instant")
        fresh = (table.match.copy(), table.match_id)
        assert not table.restore({**played.kept_match, "match_id": bad}), bad
        assert (table.match, table.match_id) == fresh


# ----- the deal locked once shown --------------------------------------------------------


@pytest.mark.parametrize("game", list(GAMES))
def test_a_fresh_deal_is_kept_as_shown_and_a_reload_before_any_action_gives_it_back(game):
    table = TableController(game, seed=None, speed="instant")
    kept = table.kept_match
    assert kept["fresh"] is True and kept["actions"] == [] and kept["match_id"] == table.match_id
    for _ in range(3):  # three reloads, three fresh kernels: never another deal
        again = rebuilt(table)
        assert again.match == table.match and again.match_seed == table.match_seed
        assert again.state["hand"] == table.state["hand"]
        assert again.state["heading"] == table.state["heading"]
        assert again.match_id == table.match_id
        assert again.state["restored"].startswith("Your match is back")
    assert TableController(game, seed=5).kept_match["fresh"] is False  # a seed is its own lock


# ----- the game's word for a call ------------------------------------------------------


def shown_strings(value: object):
    """Every string of a frame or review the learner may see (not codes or call values)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in ("code", "value", "colour", "key", "game"):
                yield from shown_strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from shown_strings(item)
    elif isinstance(value, str):
        yield value


@pytest.mark.parametrize("game", list(GAMES))
def test_every_word_of_the_table_for_a_call_is_the_games_own(game):
    """Call Bridge and Judgement say "bid" (Call Break and Contract Bridge "call") in every
    table, heading and sentence of two deals, their ends and reviews: never the other word."""
    facts = GAMES[game]
    other = "bid" if facts.call_word == "call" else "call"
    table = TableController(game, seed=5, speed="instant", review_samples=2)
    seen: set[str] = set()
    for _ in range(2):
        while table.match.phase in ACTING:
            for frame in table.frames:
                seen.update(shown_strings(frame))
            learner_acts(table)
        table.request_review()
        seen.update(shown_strings(table.frames))
        seen.update(shown_strings(table.review))
        assert table.click_next()
    names = ("Call Bridge", "Call Break")  # the games' names are not the word for a call
    wrong = {
        text
        for text in seen
        if re.search(
            rf"\b{other}(s|ding)?\b",
            re.sub(r"\{\w+\}", "", re.sub("|".join(names), "", text)),
            re.IGNORECASE,
        )
    }
    assert not wrong, wrong
    ui = table.state["ui"]
    word = {"callbreak": "Call", "callbridge": "Bid", "judgement": "Bid", "bridge": "Contract"}
    assert ui["heads"][1] == word[game]
    assert ui["calls"] == ("Bids" if facts.call_word == "bid" else "Calls")
    made = {"callbreak": "Calls", "callbridge": "Bids", "judgement": "Bids", "bridge": "Contracts"}
    assert ui["record_heads"][3] == f"{made[game]} made"
