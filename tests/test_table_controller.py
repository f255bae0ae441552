"""The card table's controller (cardlib.widgets.table_controller) on its own, no widget:
driven through its click handlers in plain pytest.

The browser sends exactly these messages ({"type": "card" | "call" | "next"}) to the widget,
which hands them to the controller (tests/test_widget_table.py tests that shell); the
browser tests (tests/ui/test_table_app.py) click the same buttons in Voilà. A test of a
feature every game shares is parametrized over the registry (cardlib.games.GAMES), so a game
registered there is tested at the table too.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlib import i18n, judgement, progress
from cardlib.bridge.calls import Contract
from cardlib.cards import DECK, parse_card, sort_for_display
from cardlib.errors import CardlibError
from cardlib.games import GAMES
from cardlib.tricks import RULE_IDS
from cardlib.widgets.table_controller import (
    LEARNER,
    TableController,
    contract_text,
    seat_label,
    seat_places,
)

ACTING = ("calling", "bidding", "playing")
RAW_RULE_ID = re.compile(r"\(({})\)".format("|".join(map(re.escape, RULE_IDS))))


@pytest.fixture
def english_and_a_private_record(tmp_path, monkeypatch):
    """English, and a progress record of the test's own (the table files that import it)."""
    monkeypatch.setenv("CARDLIB_PROGRESS", str(tmp_path / "p.json"))
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def learner_acts(table: TableController) -> None:
    """A scripted learner: the first allowed call, the first playable card."""
    state = table.state
    if state["calls"]:
        value = next(c["value"] for c in state["calls"] if c["legal"])
        assert table.click_call(value), table.refusal
    else:
        assert state["hand_active"], state["prompt"]
        code = next(c["code"] for c in state["hand"] if c["legal"])
        assert table.click_card(code), table.refusal


def play_deal(table: TableController) -> int:
    """Play the current deal to its end by clicks; check every frame on the way."""
    number = len(table.match.deals)
    clicks = 0
    while table.match.phase in ACTING:
        assert table.match.to_act == LEARNER  # the bots acted up to the learner's turn
        check_learner_frame(table)
        learner_acts(table)
        clicks += 1
        assert all(not f["hand_active"] and not f["calls"] for f in table.frames[:-1])
    assert len(table.match.deals) == number
    return clicks


def check_learner_frame(table: TableController) -> None:
    """What the learner sees at their turn is what the engine says."""
    state, match = table.state, table.match
    legal = set(match.legal_actions())
    if match.phase == "playing":
        marked = {parse_card(c["code"]) for c in state["hand"] if c["legal"]}
        assert marked == legal
        for card in state["hand"]:
            suffix = ", playable" if card["legal"] else ", not playable now"
            assert card["name"] == parse_card(card["code"]).name + suffix
        shown = " ".join(str(c) for c in sorted(legal, key=lambda c: (c.suit, -c.rank)))
        assert state["prompt"].startswith("Your turn: ")
        assert set(state["prompt"].split(" — ")[1].split()) == set(shown.split())
        assert not state["calls"], "no call controls outside the calling phase"
    else:
        assert {c["value"] for c in state["calls"] if c["legal"]} == legal
        assert state["prompt"].startswith("Your turn to ")
    turn = [s["seat"] for s in state["seats"] if s["turn"]]
    assert turn == [getattr(table.deal, "hand_to_play", None) or LEARNER]


def check_end(table: TableController) -> None:
    end = table.state["end"]
    assert end is not None and not table.state["calls"] and not table.state["hand_active"]
    assert len(end["rows"]) == table.players
    assert end["rows"][LEARNER]["label"] == seat_label(LEARNER, table.players)
    assert end["next_label"] in ("Next deal", "Next round", "New match")
    for row in end["rows"]:
        assert row["why"] and row["points"] and row["result"]


@pytest.mark.parametrize(
    ("game", "players"), [(key, players) for key, game in GAMES.items() for players in game.players]
)
def test_a_whole_deal_by_clicks(game, players):
    table = TableController(game, seed=5, players=players, speed="instant")
    play_deal(table)
    check_end(table)
    assert table.click_next()
    assert len(table.match.deals) == 2 and table.state["end"] is None


def test_call_break_end_of_deal_explains_the_points():
    table = TableController("callbreak", seed=2, speed="instant")
    play_deal(table)
    deal = table.deal
    for seat, row in enumerate(table.state["end"]["rows"]):
        call, won = deal.calls[seat], deal.tricks_won[seat]
        if won > call:
            assert row["why"] == f"call {call} + 0.1 × {won - call}" and row["result"] == "made"
        elif won == call:
            assert row["why"] == f"call {call}"
        else:
            assert row["result"] == "set" and row["points"] == f"-{call}.0"
        assert row["total"] == f"{table.match.totals()[seat]:.1f}"


def test_whole_matches_end_with_a_new_match_button_and_go_into_the_progress_record(
    tmp_path, monkeypatch
):
    monkeypatch.setenv(progress.ENVIRONMENT_VARIABLE, str(tmp_path / "progress.json"))
    for number, game in enumerate(GAMES, 1):
        table = TableController(game, seed=11, speed="instant")
        while table.match.phase != "over":
            if table.match.phase in ACTING:
                learner_acts(table)
            else:
                table.click_next()
        assert table.state["end"]["next_label"] == "New match"
        finished = table.match
        # written once, whatever happens to the finished match: a redraw, a practice replay
        table.redraw()
        if GAMES[game].coached:  # a Contract Bridge deal has no review to replay from
            assert table.click_replay(1) and table.click_back_to_match()
        matches = progress.load()["matches"]
        assert len(matches) == number, game
        record = matches[-1]
        assert record["game"] == game and record["you"] == 0
        assert record["totals"] == [str(total) for total in finished.totals()]
        assert record["won"] == (0 in finished.winners())
        assert table.click_next() and table.match.phase in ACTING
        assert table.matches_played == 1
    assert progress.summary()["matches played"] == len(GAMES)


def test_bots_act_one_frame_at_a_time_and_pause_on_each_finished_trick():
    table = TableController("callbreak", seed=3, speed="instant")
    while table.match.phase == "calling":
        learner_acts(table)
    while table.match.phase == "playing":
        before = table.deal.copy()
        learner_acts(table)
        deal = table.deal
        played = sum(len(t.cards) for t in deal.tricks) + len(deal.trick)
        played_before = sum(len(t.cards) for t in before.tricks) + len(before.trick)
        bot_cards = played - played_before - 1
        # the learner's card first, on its own (held with its winner if it finished the
        # trick), then one frame per bot card
        assert len(table.frames) == 1 + bot_cards
        own = table.frames[0]
        assert sum(s["card"] is not None for s in own["seats"]) == len(before.trick) + 1
        assert own["seats"][LEARNER]["card"] is not None and not own["hand_active"]
        if bot_cards and not own["pause"]:  # the bots answer it in the frames after
            assert own["live"] == "" and "plays" in table.frames[1]["live"]
        pauses = [f for f in table.frames if f["pause"]]
        assert len(pauses) == len(deal.tricks) - len(before.tricks)
        for frame in pauses:
            winner = [s for s in frame["seats"] if s["winner"]]
            assert len(winner) == 1 and winner[0]["card"] is not None
            assert frame["trick_note"].startswith("Trick ") and " won it with " in frame["live"]
        assert all(not f["hand_active"] for f in table.frames[:-1])


def test_the_finished_trick_stays_on_the_table_with_its_winner():
    table = TableController("callbreak", seed=3, speed="instant")
    while not table.deal.tricks:
        learner_acts(table)
    state = table.state
    if not table.deal.trick:  # the learner leads: last trick still shown, winner marked
        assert sum(s["winner"] for s in state["seats"]) == 1
        assert all(s["card"] for s in state["seats"])


@pytest.mark.parametrize("game", list(GAMES))
def test_an_illegal_card_is_explained_and_changes_nothing(game):
    table = TableController(game, seed=7, speed="instant")
    tried = 0
    while table.match.phase in ACTING and tried < 3:
        state = table.state
        illegal = [c["code"] for c in state["hand"] if not c["legal"]]
        if state["hand_active"] and illegal:
            before, frames = table.match.copy(), table.frames
            assert not table.click_card(illegal[0])
            assert table.match == before and table.frames == frames
            text = table.refusal
            assert text.startswith(str(parse_card(illegal[0])))  # "K♦ is not allowed: …"
            assert not RAW_RULE_ID.search(text)
            assert "not allowed" in text
            tried += 1
        learner_acts(table)
        assert table.refusal == ""
    assert tried, f"{game}: no illegal card met"


def test_calls_out_of_range_are_shown_and_explained():
    table = TableController("callbridge", seed=1, speed="instant")
    values = [c["value"] for c in table.state["calls"]]
    assert values == list(range(2, 14))
    assert [c["value"] for c in table.state["calls"] if not c["legal"]] == [13]
    before = table.match.copy()
    assert not table.click_call(13)
    assert table.match == before and "12" in table.refusal


def test_judgement_shows_the_hooked_bid_and_explains_it():
    for seed in range(40):
        table = TableController("judgement", seed=seed, players=4, speed="instant")
        if table.deal.dealer != LEARNER:
            continue
        hooked = [c["value"] for c in table.state["calls"] if not c["legal"]]
        if hooked:
            # the bots before the dealer have all bid; the one button refused is the hook's
            deal = table.deal
            assert all(bid is not None for bid in deal.bids[1:])
            assert hooked == [judgement.hooked_bid(deal.cards, deal.bids[1:])]
            names = {c["value"]: c["name"] for c in table.state["calls"]}
            assert names[hooked[0]] == f"{hooked[0]}, not allowed"
            before = table.match.copy()
            assert not table.click_call(hooked[0])
            assert table.match == before
            assert table.refusal.startswith(f"The dealer may not bid {hooked[0]}")
            assert "hook" in table.refusal and "Allowed: " in table.refusal
            return
    pytest.fail("no hooked bid met")


def test_bridge_learner_declares_and_plays_dummy():
    for seed in range(60):
        table = TableController("bridge", seed=seed, speed="instant")
        while table.match.phase == "calling":
            learner_acts(table)
        deal = table.deal
        if deal.contract is None or deal.declarer != LEARNER:
            continue
        while table.match.phase == "playing":
            state = table.state
            if deal.hand_to_play == deal.dummy:
                assert state["hand_title"].startswith("Dummy's hand (North")
                assert {c["code"] for c in state["hand"]} == {c.code for c in deal.hand(2)}
                assert [s["role"] for s in state["seats"]][2] == "dummy"
                learner_acts(table)
                return
            learner_acts(table)
    pytest.fail("no deal where the learner declares")


def test_bridge_dummys_hand_is_sent_as_cards_once_face_up():
    """Seed 4, the learner bidding 1♣ and then passing: East is dummy. Its hand reaches the
    browser as cards (code, rank, suit symbol, colour, name), the cards it holds, in the
    order shown; no other seat's hand is sent, nor dummy's before the opening lead."""
    table = TableController("bridge", seed=4, speed="instant")
    table.click_call("1C")
    while table.match.phase == "calling":
        table.click_call("P")
    deal = table.deal
    assert deal.dummy == 3 and deal.declarer == 1
    state = table.state
    dummy = state["seats"][deal.dummy]
    held = {card.code for card in deal.hand(deal.dummy)}
    assert [c["code"] for c in dummy["open_cards"]] == [
        c.code for c in sort_for_display(deal.hand(deal.dummy))
    ]
    assert {c["code"] for c in dummy["open_cards"]} == held
    assert dummy["hand"] == " ".join(c["text"] for c in dummy["open_cards"])
    for card in dummy["open_cards"]:
        assert card["text"] == card["rank"] + card["symbol"]
        assert re.fullmatch(r"\w+ of \w+", card["name"]) and card["colour"].startswith("#")
    assert [s["open_cards"] for i, s in enumerate(state["seats"]) if i != deal.dummy] == [[]] * 3
    before_lead = TableController("bridge", seed=4, speed="instant")
    assert all(not s["open_cards"] for s in before_lead.state["seats"])


def test_bridge_asks_the_learner_as_dummy_to_watch_the_play_or_skip_it():
    """When North declares, the bots play all 13 tricks: the first frame of the play asks the
    learner to watch it or skip to the result (the browser waits on it); no other does."""
    asked = 0
    for seed in range(12):
        table = TableController("bridge", seed=seed, speed="instant")
        while table.match.phase == "calling":
            assert table.click_call("P")  # North or East–West may declare, or nobody
        choices = [i for i, frame in enumerate(table.frames) if frame["dummy_choice"]]
        if table.deal.dummy != LEARNER:
            assert choices == [], seed
            continue
        asked += 1
        # once, before the opening lead: then every card of the deal, to its end
        assert len(choices) == 1 and len(table.frames) - choices[0] == 1 + 52, seed
        first = table.frames[choices[0]]
        assert not any(s["card"] for s in first["seats"]) and first["phase"] == "playing"
        words = first["dummy_choice"]
        assert words["watch"] == "Watch the play" and words["skip"] == "Skip to the result"
        assert words["question"].startswith("You are dummy: North (2) plays your cards")
        assert words["question"] in first["live"]
        assert table.state["end"] is not None
    assert asked >= 2


def test_the_auction_pad_offers_every_call():
    table = TableController("bridge", seed=4, speed="instant")
    assert len(table.state["calls"]) == 38
    names = {c["text"]: c["name"] for c in table.state["calls"]}
    assert names["1♠"] in ("1 spade, allowed", "1 spade, not allowed")
    assert names["3NT"].startswith("3 no trump, ") and names["2♥"].startswith("2 hearts, ")
    assert names["Pass"] == "pass, allowed"


def test_out_of_turn_and_wrong_phase_clicks_are_refused():
    table = TableController("callbreak", seed=1, speed="instant")
    before = table.match.copy()
    assert not table.click_card(next(iter(table.deal.hand(LEARNER))).code)
    assert not table.click_next()
    assert table.match == before and table.refusal


def test_seats_sit_round_the_table():
    four = [(p["ux"], p["uy"]) for p in seat_places(4)]
    assert four == [(0, 1), (-1, 0), (0, -1), (1, 0)]  # you at the bottom, West left, North, East
    for n in range(3, 8):
        places = seat_places(n)
        assert len(places) == n and (places[0]["ux"], places[0]["uy"]) == (0, 1)
        assert all(abs(p["ux"] ** 2 + p["uy"] ** 2 - 1) < 1e-3 for p in places)
        assert places[1]["ux"] < 0  # the next seat clockwise sits on your left


def test_bad_options_are_clear_errors():
    with pytest.raises(CardlibError, match="choose one of"):
        TableController("poker")
    with pytest.raises(CardlibError, match="speed is one of"):
        TableController("callbreak", speed="warp")
    with pytest.raises(CardlibError, match="3, 4, 5, 6, 7 players"):
        TableController("judgement", players=9)
    table = TableController("callbreak", speed="instant")
    with pytest.raises(CardlibError):
        table.set_speed("warp")
    assert table.speed == "instant"


def browser_says(table: TableController, message: dict) -> None:
    """The browser's message, as table.js sends it: with the serial of the position shown."""
    assert table.receive({**message, "serial": table.state["serial"]}) is None


def test_browser_messages_reach_the_same_handlers():
    table = TableController("callbreak", seed=1, speed="instant")
    legal = next(c["value"] for c in table.state["calls"] if c["legal"])
    browser_says(table, {"type": "call", "value": legal})
    assert table.match.phase == "playing" or table.deal.calls[LEARNER] == legal


def first_legal_card(table: TableController) -> str:
    return next(c["code"] for c in table.state["hand"] if c["legal"])


def test_a_repeated_or_stale_click_is_ignored_not_played_and_not_refused():
    """A double-click sends the same message twice from the same position: the second is
    ignored. So is a click from a position already answered, or with no serial at all."""
    table = TableController("callbreak", seed=1, speed="instant")
    learner_acts(table)  # the call: now the learner's first card
    while not table.state["hand_active"]:
        learner_acts(table)
    shown = table.state["serial"]
    card = {"type": "card", "code": first_legal_card(table), "serial": shown}
    assert table.receive(card) is None
    after = table.match.copy()
    count, frames = table.refusal_count, table.frames
    for stale in (
        card,  # the second click of a double-click
        {**card, "code": first_legal_card(table)} if table.state["hand_active"] else card,
        {"type": "card", "code": card["code"]},  # no serial
        {**card, "serial": True},  # a look-alike of 1
        {**card, "serial": str(shown + 1)},
        {**card, "serial": shown + 1.0},
        {"type": "next", "serial": shown},
    ):
        assert table.receive(stale) == {"type": "ignored", "serial": table.state["serial"]}
        assert table.match == after, stale  # nothing played
        assert table.refusal_count == count and table.refusal == ""  # and no error shown
        assert table.frames is frames
    assert table.ignored_messages == 7
    # the click made in the position now shown is played as usual
    if table.state["hand_active"]:
        browser_says(table, {"type": "card", "code": first_legal_card(table)})
        assert table.match != after


def test_only_a_message_of_a_known_kind_with_a_dict_is_read():
    table = TableController("callbreak", seed=1, speed="instant")
    before = table.match.copy()
    for junk in (None, [], "card", {"type": "shuffle", "serial": table.state["serial"]}):
        assert table.receive(junk) is None
    assert table.match == before and table.refusal == "" and table.ignored_messages == 0


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), repeats=st.lists(st.integers(1, 3), min_size=1, max_size=30))
def test_each_click_sent_again_plays_once(seed, repeats):
    """However often each click arrives (repeats), the table plays what one click each plays."""
    once, many = (TableController("callbridge", seed=seed, speed="instant") for _ in range(2))
    extra = 0
    for times in repeats:
        if once.match.phase not in ACTING:
            break
        state = once.state
        if state["calls"]:
            message = {
                "type": "call",
                "value": next(c["value"] for c in state["calls"] if c["legal"]),
            }
        else:
            message = {"type": "card", "code": first_legal_card(once)}
        browser_says(once, message)
        sent = {**message, "serial": many.state["serial"]}
        for _ in range(times):
            many.receive(sent)
        extra += times - 1
        assert many.match == once.match and many.refusal == ""
        assert many.ignored_messages == extra


actions = st.one_of(
    st.tuples(st.just("card"), st.sampled_from([c.code for c in DECK])),
    st.tuples(st.just("call"), st.one_of(st.integers(-1, 14), st.sampled_from(["1S", "P", "X"]))),
    st.tuples(st.just("next"), st.none()),
    st.tuples(st.just("legal"), st.integers(0, 12)),
    st.tuples(st.just("replay"), st.integers(-1, 15)),
    st.tuples(st.just("back"), st.none()),
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(sorted(GAMES)),
    seed=st.integers(0, 10_000),
    clicks=st.lists(actions, max_size=40),
)
def test_the_table_never_lets_an_illegal_action_through(game, seed, clicks):
    table = TableController(game, seed=seed, speed="instant")
    for kind, value in clicks:
        match = table.match
        before = match.copy()
        phase = match.phase
        legal = set(match.legal_actions()) if match.to_act == LEARNER else set()
        if kind == "legal":  # mostly random clicks, sometimes a legal one to move on
            if phase == "playing" and table.state["hand_active"]:
                codes = [c["code"] for c in table.state["hand"] if c["legal"]]
                kind, value = "card", codes[value % len(codes)]
            elif table.state["calls"]:
                calls = [c["value"] for c in table.state["calls"] if c["legal"]]
                kind, value = "call", calls[value % len(calls)]
            else:
                kind = "next"
        if kind == "card":
            accepted = table.click_card(value)
            action = parse_card(value)
        elif kind == "call":
            accepted = table.click_call(value)
            action = value
        elif kind == "replay":
            record = list(table.record)
            accepted = table.click_replay(value)
            if accepted:  # only once a deal is over, from one of the learner's decisions
                assert phase not in ACTING and table.practising and GAMES[game].coached
                assert table.deal == record[value - 1][0] and table.match.to_act == LEARNER
                assert table.record == record[: value - 1]
            action = None
        elif kind == "back":
            practising, kept = table.practising, table._kept_match
            accepted = table.click_back_to_match()
            assert accepted == practising
            if accepted:  # the match itself again, the practice dropped
                assert table.match is kept and not table.practising
            action = None
        else:
            accepted = table.click_next()
            action = None
        if not accepted:
            assert table.match is match and match == before and table.refusal
        elif kind == "back":
            assert table.match.phase not in ACTING  # the end of the deal as first played
        elif kind not in ("next", "replay"):
            assert phase in ACTING and action in legal
        else:
            assert phase not in ACTING


def test_judgement_blind_round_hides_the_learners_cards_until_the_dealer_bids():
    for seed in range(30):
        table = TableController("judgement", seed=seed, speed="instant")
        while len(table.match.deals) < 8 or table.match.phase not in ACTING:
            if table.match.phase in ACTING:
                learner_acts(table)
            else:
                table.click_next()
        if table.deal.dealer == LEARNER or table.match.phase != "bidding":
            continue
        state = table.state
        assert state["hand"] == [] and state["face_down"] == 1
        assert state["prompt"] == "Your turn to bid: your cards are face down."
        learner_acts(table)
        # the dealer's bid turns every card up and the one trick is played at once,
        # led from the dealer's left: the round, and the match, are over
        deal = table.deal
        assert deal.phase == "over" and table.match.phase == "over"
        assert len(deal.tricks) == 1 and deal.tricks[0].leader == (deal.dealer + 1) % 4
        assert table.state["end"]["next_label"] == "New match"
        return
    pytest.fail("no blind round where the learner bids before the dealer")


def test_bridge_end_of_deal_names_the_contract_in_words():
    table = TableController("bridge", seed=4, speed="instant")
    play_deal(table)
    contract = table.deal.contract
    rows = table.state["end"]["rows"]
    if contract is None:
        assert {r["call"] for r in rows} == {"passed out"}
    else:
        assert rows[0]["call"] == contract_text(contract) and " by " in rows[0]["call"]
        side_tricks = table.deal.tricks_by_side()
        assert [r["tricks"] for r in rows] == [str(side_tricks[s % 2]) for s in range(4)]
        assert [r["total"] for r in rows] == [str(table.match.below()[s % 2]) for s in range(4)]


def test_a_contract_without_a_declarer_is_written_without_one():
    """Only a deal's contract names its declarer; one on its own once raised a TypeError."""
    assert contract_text(Contract.parse("3NTX")) == "3NTX"
    assert contract_text(Contract.parse("2D by W")) == "2♦ by West"
    assert contract_text(None) == "passed out"


# ----- the review after a deal, and "Replay from here" ------------------------------------


def test_the_review_rates_every_decision_and_the_replay_is_practice():
    table = TableController("callbreak", seed=5, speed="instant", review_samples=8)
    clicks = play_deal(table)
    end = table.state["end"]
    assert end["review_offered"] and not end["practice"] and end["note"] == ""
    assert table.review == {}  # computed only when asked for (the browser asks at the end)
    rated = table.request_review()
    assert len(rated.rows) == clicks == len(table.record) == 14
    assert table.request_review() is rated  # once per deal
    words = table.review
    assert [row["number"] for row in words["rows"]] == list(range(1, 15))
    assert words["rows"][0]["decision"] == "Your call"
    assert [row["decision"] for row in words["rows"][1:]] == [f"Trick {n}" for n in range(1, 14)]
    for row, shown in zip(rated.rows, words["rows"], strict=True):
        if row.kind == "card":
            assert shown["chosen"]["card"]["code"] == row.chosen.code
        assert shown["replay_name"].startswith("Replay from here: ")
    marked = [row["number"] for row in words["rows"] if row["costliest"]]
    worst = rated.costliest
    assert marked == ([worst.number] if worst else [])
    if worst:
        assert words["reason"] == "Costliest decision: " + worst.reason()
        assert words["rows"][worst.number - 1]["loss"].startswith(f"{float(worst.loss):.2f} ± ")

    # Replay from a decision in the middle: the same position, the learner to act.
    number = worst.number if worst and worst.number > 1 else 6
    position = table.record[number - 1][0]
    totals, deals = table.match.totals(), len(table.match.deals)
    assert table.click_replay(number)
    assert table.deal == position and table.deal is not position and table.practising
    assert table.match.to_act == LEARNER and table.review == {}
    assert table.state["heading"].endswith(" · replay (practice) · trump spades")
    assert len(table.record) == number - 1
    play_deal(table)  # the game goes on legally (every frame checked) to the deal's end
    end = table.state["end"]
    assert end["practice"] and end["title"] == (
        "Replay of deal 1 is over. It was practice: the match keeps the deal as you first "
        "played it."
    )
    assert [row["total"] for row in end["rows"]] == [f"{t:.1f}" for t in totals]  # not twice
    assert end["next_label"] == "Next deal"
    assert len(table.request_review().rows) == 14  # the replayed deal has its review too
    assert table.click_next()  # back to the match: deal 2, the first result kept
    assert not table.practising and len(table.match.deals) == deals + 1
    assert table.match.totals() == totals and table.record == [] and table.review == {}


def shown(table: TableController) -> dict:
    """The frame the learner faces, less what only says how it came (a new serial, the
    pause and the announcement of a trick just won)."""
    return {k: v for k, v in table.state.items() if k not in ("serial", "pause", "live")}


def test_back_to_the_match_mid_trick_returns_to_the_deal_as_first_played():
    table = TableController("callbreak", seed=5, speed="instant", review_samples=4)
    play_deal(table)
    rated = table.request_review()
    before, words, record = shown(table), table.review, list(table.record)
    totals, match = table.match.totals(), table.match
    assert before["back"] == ""  # offered only while replaying
    # a card the learner did not lead: the replay starts mid-trick
    number = next(n for n, (deal, _) in enumerate(record, 1) if deal.trick)
    assert table.click_replay(number)
    assert table.deal.trick and table.state["back"] == "Back to the match"
    learner_acts(table)  # the practice goes on a card, then the learner leaves it
    assert table.click_back_to_match()
    assert not table.practising and table.match is match and table.match.totals() == totals
    assert shown(table) == before and table.review == words and table.record == record
    assert table.request_review() is rated and table.refusal == ""
    assert table.state["end"]["title"] == "Deal 1 is over." and not table.state["end"]["practice"]
    assert table.click_next()  # the match goes on: deal 2, deal 1 as first played
    assert len(table.match.deals) == 2 and table.match.totals() == totals


def test_back_to_the_match_mid_bidding_and_after_a_finished_replay():
    table = TableController("judgement", seed=2, speed="instant", review_samples=4)
    play_deal(table)
    before, record, totals = shown(table), list(table.record), table.match.totals()
    assert table.click_replay(1)  # before the learner's bid
    assert table.match.phase == "bidding" and table.state["back"]
    assert table.click_back_to_match()
    assert shown(table) == before and table.record == record and table.review == {}
    # a replay played to its end, its own review asked for, a replay of the replay: back
    # still goes to the round as first played, not to the replay's end
    assert table.click_replay(3)
    play_deal(table)
    assert table.state["end"]["practice"] and table.state["back"]
    table.request_review()
    assert table.click_replay(2) and table.click_back_to_match()
    assert shown(table) == before and table.record == record
    assert table.match.totals() == totals and table.request_review().rows[0].kind == "bid"


def test_back_to_the_match_is_refused_outside_a_replay():
    table = TableController("callbreak", seed=1, speed="instant", review_samples=4)
    before = table.match.copy()
    assert not table.click_back_to_match()
    assert table.refusal == "You are not replaying a deal: the match goes on."
    assert table.match == before and table.state["back"] == ""


def test_back_to_the_match_in_the_learners_language():
    import cardlib

    table = TableController("callbridge", seed=3, speed="instant", review_samples=4)
    play_deal(table)
    browser_says(table, {"type": "replay", "number": 2})
    try:
        for lang, words in (("hi", "मैच पर वापस जाएँ"), ("hi-Latn", "Match par wapas jao")):
            cardlib.set_language(lang)  # the table redraws itself
            assert table.state["back"] == words
    finally:
        cardlib.set_language("en")
    assert table.state["back"] == "Back to the match"
    browser_says(table, {"type": "back"})  # the browser's message
    assert not table.practising and table.state["end"]["title"] == "Deal 1 is over."


def test_replay_from_the_call_and_in_judgement():
    table = TableController("judgement", seed=2, speed="instant", review_samples=4)
    play_deal(table)
    before_the_bid = table.record[0][0]
    assert table.click_replay(1)
    assert table.match.phase == "bidding" and table.match.to_act == LEARNER
    assert table.deal == before_the_bid and table.record == []
    assert table.state["calls"] and table.state["call_title"] == "Your bid"
    play_deal(table)
    assert table.state["end"]["title"].startswith("Replay of round 1 is over.")
    assert table.review == {} and table.request_review().rows[0].kind == "bid"
    assert table.review["title"] == "Review of your round"


def test_replay_is_refused_before_the_end_and_for_a_decision_that_was_not_made():
    table = TableController("callbreak", seed=1, speed="instant", review_samples=4)
    learner_acts(table)
    before = table.match.copy()
    assert not table.click_replay(1)
    assert table.refusal == "A deal is replayed from its review, once it is over."
    assert table.request_review() is None and table.review == {}
    play_deal(table)
    for number in (0, 15, "3"):
        assert not table.click_replay(number)
        assert table.refusal.startswith(f"There is no decision {number}: choose 1 to 14")
    assert table.match.deals[0] != before.deals[0] and not table.practising


def test_a_replay_of_the_last_deal_leaves_the_match_over():
    table = TableController("callbreak", seed=11, speed="instant", review_samples=4)
    while table.match.phase != "over":
        if table.match.phase in ACTING:
            learner_acts(table)
        else:
            table.click_next()
    title, totals = table.state["end"]["title"], table.match.totals()
    assert title.startswith("Match over: ")
    assert table.click_replay(len(table.record))  # the last card again
    play_deal(table)
    end = table.state["end"]
    assert end["next_label"] == "New match" and end["practice"]
    assert [row["total"] for row in end["rows"]] == [f"{t:.1f}" for t in totals]
    assert table.click_next() and table.matches_played == 1
    assert table.match.phase in ACTING and len(table.match.deals) == 1


def signed(points: int) -> str:
    """Points as a bridge result is written: +450, −250 (a minus sign), 0."""
    return f"+{points}" if points > 0 else f"−{-points}" if points else "0"


def _bridge_deal_played(seed: int = 4) -> TableController:
    table = TableController("bridge", seed=seed, speed="instant")
    play_deal(table)
    assert table.deal.contract is not None  # a deal played, not passed out
    return table


def test_contract_bridge_end_of_deal_shows_the_double_dummy_review(monkeypatch):
    from cardlib.coach.bridge_review import BridgeReview
    from cardlib.widgets import bridge_review

    monkeypatch.setattr(bridge_review, "LEAD_SAMPLES", 2)
    table = _bridge_deal_played()
    end = table.state["end"]
    assert end["review_offered"] and not end["note"]
    assert table.review == {}  # computed only when the browser asks for it
    browser_says(table, {"type": "review"})
    words = table.review
    deal = table.deal
    rated = table.request_review()
    assert isinstance(rated, BridgeReview) and rated.lead.samples == 2
    assert table.request_review() is rated  # asked for twice: computed once
    assert words["kind"] == "bridge" and words["rows"] == [] and not words["note"]
    # the contract against par, in the sentence that is read out
    assert words["reason"] == words["summary"][0]
    assert contract_text(deal.contract) in words["reason"]
    assert f"par is {', '.join(rated.par.texts)}, {signed(rated.par.score)}" in words["reason"]
    assert f"{signed(rated.against_par)} against par" in words["reason"]
    side = "North–South" if deal.contract.declarer % 2 == 0 else "East–West"
    assert words["summary"][1] == (
        f"Double dummy, {side} could take {rated.double_dummy_tricks} tricks from the opening "
        f"lead on and took {deal.declarer_tricks}. Their cards (declarer's and dummy's) gave "
        f"tricks away in {rated.declarer_costly_tricks} of the 13 tricks, the defenders' cards "
        f"in {rated.defence_costly_tricks}."
    )
    # the lead: every legal lead rated, the one played marked
    lead = words["lead"]
    assert [row["card"]["code"] for row in lead["rows"]] == [c.code for c, _ in rated.lead.cards]
    played = [row["card"]["code"] for row in lead["rows"] if row["chosen"]]
    assert played == [deal.tricks[0].cards[0].code] and "2 layouts" in lead["caption"]
    # the cards that gave tricks away, and only those
    losing = [row for row in rated.rows if row.lost]
    shown = words["play"]["rows"] if words["play"] else []
    assert [(r["played"]["code"], r["lost"]) for r in shown] == [
        (row.card.code, str(row.lost)) for row in losing
    ]
    assert bool(words["play"]) == bool(losing)
    # nothing to replay from, and nothing else changed
    before = table.match.copy()
    assert not table.click_replay(1) and "replays nothing" in table.refusal
    assert table.match == before and table.click_next()
    assert table.review == {} and table.state["end"] is None


def test_contract_bridge_review_without_endplay_says_so_and_the_table_goes_on(monkeypatch):
    from cardlib.coach import bridge_review as coach_review
    from cardlib.draw.bridge import unavailable_text

    monkeypatch.setattr(coach_review, "available", lambda: False)
    table = _bridge_deal_played()
    assert table.state["end"]["review_offered"]
    browser_says(table, {"type": "review"})
    words = table.review
    assert words["kind"] == "bridge" and words["note"].startswith(
        "Double-dummy analysis is not available here. It needs endplay"
    )
    assert words["note"] == unavailable_text("The rest of the table works without it.")
    assert words["reason"] == words["note"] and words["lead"] is None is words["play"]
    assert table.click_play_again() and table.practising  # the table goes on
    assert table.click_back_to_match() and table.click_next()
    assert table.match.phase in ACTING


def test_a_passed_out_bridge_deal_offers_no_review():
    for seed in range(200):
        table = TableController("bridge", seed=seed, speed="instant")
        while table.match.phase == "calling":
            assert table.click_call("P") or table.match.phase != "calling"
        if table.deal.contract is None:
            break
    else:
        pytest.fail("no deal passed out")
    assert not table.state["end"]["review_offered"] and table.request_review() is None


def test_review_samples_must_be_a_positive_whole_number():
    for bad in (0, -3, 2.5, True, "100"):
        with pytest.raises(CardlibError, match="review_samples is a whole number"):
            TableController("callbreak", review_samples=bad)


def test_the_browser_asks_for_the_review_and_a_replay_with_messages():
    table = TableController("callbridge", seed=3, speed="instant", review_samples=4)
    play_deal(table)
    assert table.receive({"type": "review"}) is None
    assert table.review["rows"]
    browser_says(table, {"type": "replay", "number": 2})
    assert table.practising and table.deal == table.match.deal and len(table.record) == 1


def test_a_replaying_match_leaves_the_match_itself_alone():
    from cardlib import callbreak, judgement

    for match in (callbreak.Match(seed=3), judgement.Match(players=5, seed=3)):
        earlier = match.deal.copy()
        match.act(match.legal_actions()[0])
        before = match.copy()
        practice = match.replaying(earlier)
        assert practice.deal == earlier and practice.deal is not earlier
        assert practice.deals[:-1] == match.deals[:-1] and match == before
        practice.act(practice.legal_actions()[-1])
        assert match == before and earlier != practice.deal


def test_the_live_region_reads_each_bots_card_and_call_each_trick_and_the_result():
    """A screen reader hears the whole deal: what the frames' live texts say, in order."""
    table = TableController("callbreak", seed=4, speed="instant")
    heard = [f["live"] for f in table.frames]
    while table.match.phase in ACTING:
        assert table.state["live"].endswith(table.state["prompt"])  # whose turn: yours
        learner_acts(table)
        heard += [f["live"] for f in table.frames]
    said = " ".join(heard)
    assert len(re.findall(r"\bcalls \d+\.", said)) == 3  # the three bots' calls
    assert len(re.findall(r" plays \w+ of \w+\.", said)) == 39  # every bot's card, by name
    for number in range(1, 14):
        assert said.count(f"Trick {number}: ") == 1
    last = table.state["live"]  # the last trick is not lost under the result
    assert "Trick 13: " in last and "Deal 1 is over." in last
    assert last.index("Trick 13: ") < last.index("Deal 1 is over.")
    for row in table.state["end"]["rows"]:
        assert f"{row['label']}: {row['result']}, {row['points']} points." in last


def test_judgement_and_bridge_read_bids_and_calls_and_whose_turn_in_the_learners_language():
    import cardlib

    bridge_table = TableController("bridge", seed=2, speed="instant")
    spoken = " ".join(f["live"] for f in bridge_table.frames)
    assert re.search(r"(West|North|East) \(\d\) calls (pass|\d \w+)", spoken), spoken
    try:
        # the verb agrees with the card: "हुकुम की दुक्की खेली", "पान का इक्का खेला"
        for lang, plays, to_act in (
            ("hi", r" खे(ला|ली)।", "की बारी"),
            ("hi-Latn", r" khe(la|li)\.", "ki baari"),
        ):
            cardlib.set_language(lang)
            table = TableController("judgement", seed=3, speed="instant")
            assert table.state["ui"]["to_act"] == to_act
            while table.match.phase != "playing" or table.match.to_act != LEARNER:
                learner_acts(table)
            spoken = " ".join(f["live"] for f in table.frames)
            assert re.search(plays, spoken), spoken
            assert " plays " not in spoken and "Your turn" not in spoken
    finally:
        cardlib.set_language("en")


@pytest.mark.parametrize("game", list(GAMES))
def test_the_end_of_each_deal_shows_the_score_sheet_of_the_match_so_far(game):
    table = TableController(game, seed=8, speed="instant", review_samples=2)
    for number in (1, 2):
        play_deal(table)
        sheet = table.state["end"]["sheet"]
        assert [row[0] for row in sheet["rows"]] == [str(n) for n in range(1, number + 1)]
        for row, deal in zip(sheet["rows"], table.match.deals, strict=True):
            if not GAMES[game].counted_calls:  # a contract, scored by side
                score = deal.scores()
                assert row[2:] == [str(score.below[s] + score.above[s]) for s in (0, 1)]
                assert row[1].startswith(contract_text(deal.contract))
            else:
                for seat, cell in enumerate(row[1:]):
                    call, won = deal.calls[seat], deal.tricks_won[seat]
                    assert cell.startswith(f"{GAMES[game].call_word} {call} ")
                    assert f" · won {won} · " in cell
                    assert Decimal(cell.rsplit(" · ", 1)[1]) == deal.scores()[seat]
        totals = table.match.totals()
        assert [Decimal(t) for t in sheet["totals"][-len(totals) :]] == list(totals)
        assert table.finished_match == {}  # the match is not over
        table.click_next()


def test_a_finished_match_gives_its_record_and_its_review_summary():
    table = TableController("callbridge", seed=11, speed="instant", review_samples=2)
    while table.match.phase != "over":
        if table.match.phase in ACTING:
            play_deal(table)
            table.request_review()
        else:
            table.click_next()
    record = table.finished_match
    deals = table.match.deals
    assert record["key"] == table.match_id and record["deals"] == len(deals)
    assert table.state["end"]["finished"] == record  # in the frame that shows the match's end
    assert record["won"] == (LEARNER in table.match.winners())
    assert Decimal(record["points_tenths"]) / 10 == table.match.totals()[LEARNER]
    assert record["calls"] == len(deals)
    assert record["made"] == sum(d.scores()[LEARNER] > 0 for d in deals)  # the game's rule
    summary = table.review["match_summary"]
    assert summary.startswith("The match in review: your decisions lost ")
    assert f"in {len(deals)} deals." in summary
    # a replay of the last deal is practice: no record to count twice
    table.click_replay(1)
    while table.match.phase in ACTING:
        learner_acts(table)
    assert table.finished_match == {}
    assert table.click_next() and table.match_seed == 11 + 1000
    assert table.review == {} and table._match_reviews == {}


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("level", ["beginner", "sensible", "strong"])
def test_a_deal_of_each_game_at_every_level_of_opponents(game, level):
    from cardlib.coach.analysis import CoachBot

    table = TableController(game, seed=6, speed="instant", level=level, strong_samples=2)
    play_deal(table)  # the engine refuses an illegal action: every bot action was legal
    check_end(table)
    kinds = {type(bot).__name__ for bot in table.bots[1:]}
    if level == "beginner":
        assert all(name.startswith("Random") for name in kinds)
    elif level == "strong" and GAMES[game].coached:
        assert all(isinstance(bot, CoachBot) for bot in table.bots[1:])
    else:
        assert all(name.startswith("Sensible") for name in kinds)
    seats = table.state["seats"]
    assert seats[LEARNER]["level"] == "" and {s["level"] for s in seats[1:]} == {level.title()}
    note = table.state["ui"]["level_note"]
    assert bool(note) == (not GAMES[game].coached and level == "strong")


def test_opponents_per_seat_and_chosen_later():
    table = TableController(
        "callbreak", seed=2, speed="instant", level=("beginner", "sensible", "strong")
    )
    assert [s["level"] for s in table.state["seats"]] == ["", "Beginner", "Sensible", "Strong"]
    assert table.level == ""  # the seats differ
    table.set_level("beginner")
    assert table.level == "beginner" and table.match_actions[-1] == ["level", ["beginner"] * 3]
    assert [s["level"] for s in table.state["seats"]] == ["", *["Beginner"] * 3]
    before, actions = table.match.copy(), list(table.match_actions)
    with pytest.raises(CardlibError, match="level is one of"):
        table.set_level("grandmaster")  # not a level: the table is as it was
    assert table.level == "beginner" and table.match == before
    assert table.match_actions == actions
    for bad in ("Strong", ("beginner",), 3, None, ("beginner", "sensible", 1)):
        with pytest.raises(CardlibError, match="level is one of"):
            TableController("callbreak", level=bad)
    for bad in (0, True, 2.5):
        with pytest.raises(CardlibError, match="strong_samples is a whole number"):
            TableController("callbreak", strong_samples=bad)


def rebuilt(table: TableController) -> TableController:
    """What a reload does: a fresh table of the same game, given what the browser kept."""
    again = TableController(
        table.game, seed=None, players=table.players, speed="instant", review_samples=2
    )
    assert again.receive({"type": "restore", "saved": table.kept_match}) is None
    return again


@pytest.mark.parametrize("game", list(GAMES))
def test_a_fresh_match_is_rebuilt_exactly_from_what_the_browser_keeps(game):
    table = TableController(game, seed=None, speed="instant", review_samples=2, level="beginner")
    assert table.fresh_seeds and f"match seed {table.match_seed}" in table.state["heading"]
    play_deal(table)
    if GAMES[game].coached:  # Contract Bridge has no review to replay from
        table.request_review()
        assert table.click_replay(1)  # practice is not kept, and leaves the bots' dice alone
        learner_acts(table)
        assert table.click_back_to_match()
    assert table.click_next()
    table.set_level(["strong", "beginner", "sensible"])
    table.strong_samples = 2
    for _ in range(3):
        if table.match.phase in ACTING:
            learner_acts(table)
    again = rebuilt(table)
    again.strong_samples = 2
    assert again.match == table.match and again.match_seed == table.match_seed
    assert again.state["seats"] == table.state["seats"]
    assert again.state["hand"] == table.state["hand"]
    assert again.kept_match == table.kept_match and again.levels == table.levels
    if table.match.phase in ACTING:
        learner_acts(table)
        learner_acts(again)  # and the match goes on the same way, bots and all
        assert again.match == table.match


def test_two_fresh_tables_deal_different_matches():
    seeds = {TableController("callbreak", seed=None, speed="instant").match_seed for _ in range(5)}
    assert len(seeds) > 1
    for bad in (-1, True, "7", 2.0):
        with pytest.raises(CardlibError, match="seed is a whole number"):
            TableController("callbreak", seed=bad)


def test_a_seeded_table_keeps_its_own_matches_and_no_other_tables():
    """A notebook's table (a seed of its own) is kept too, under its seed: a reload rebuilds
    it, its next match included, and never from another table's match."""
    seeded = TableController("callbreak", seed=3, speed="instant")
    assert seeded.keep_key == "callbreak:4:seed3" and "match seed" not in seeded.state["heading"]
    learner_acts(seeded)
    fresh = TableController("callbreak", seed=None, speed="instant")
    learner_acts(fresh)
    other_seed = TableController("callbreak", seed=4, speed="instant")
    learner_acts(other_seed)
    for saved in (fresh.kept_match, other_seed.kept_match):  # another table's match
        table = TableController("callbreak", seed=3, speed="instant")
        assert (
            not table.restore(saved) and table.match == TableController("callbreak", seed=3).match
        )
    assert not TableController("callbreak", seed=None).restore(seeded.kept_match)
    forged = {**seeded.kept_match, "seed": 99}  # not one of this table's matches
    assert not TableController("callbreak", seed=3).restore(forged)
    again = TableController("callbreak", seed=3, speed="instant")
    assert again.restore(seeded.kept_match) and again.match == seeded.match

    while seeded.match.phase != "over":  # the whole match, and the next one begun
        if seeded.match.phase in ACTING:
            learner_acts(seeded)
        else:
            assert seeded.click_next()
    assert seeded.click_next() and seeded.match_seed == 1003
    learner_acts(seeded)
    again = TableController("callbreak", seed=3, speed="instant")
    assert again.restore(seeded.kept_match) and again.match == seeded.match
    assert again.kept_match == seeded.kept_match and again.matches_played == 1


def test_a_rebuilt_match_says_so_until_the_learners_next_action():
    table = TableController("judgement", seed=None, speed="instant")
    for _ in range(2):
        learner_acts(table)
    assert table.state["restored"] == ""
    again = rebuilt(table)
    said = "Your match is back where you left it: this browser kept it."
    assert again.state["restored"] == said and again.state["live"].startswith(said)
    again.redraw()  # a change of language says it again
    assert again.state["restored"] == said
    learner_acts(again)
    assert all(frame["restored"] == "" for frame in again.frames)


def test_a_damaged_or_foreign_kept_match_leaves_the_fresh_table_as_it_is():
    played = TableController("judgement", seed=None, speed="instant")
    for _ in range(3):
        learner_acts(played)
    good = played.kept_match
    damaged = [
        None,
        "x",
        {},
        {**good, "game": "callbreak"},
        {**good, "players": 5},
        {**good, "seed": -1},
        {**good, "seed": True},
        {**good, "levels": ["grandmaster"] * 3},
        {**good, "actions": "card"},
        {**good, "actions": [*good["actions"], ["card", "ZZ"]]},
        {**good, "actions": [*good["actions"], ["card", "AS", "AS"]]},
        {**good, "actions": [["next"], *good["actions"]]},  # refused: the deal is not over
        {**good, "actions": [*good["actions"], ["shuffle"]]},
    ]
    for saved in damaged:
        table = TableController("judgement", seed=None, speed="instant")
        fresh = (table.match.copy(), table.match_seed)
        assert not table.restore(saved), saved
        assert (table.match, table.match_seed) == fresh and table.refusal == ""
        assert table.match_actions == [] and table.kept_match["actions"] == []
    table = TableController("judgement", seed=None, speed="instant")
    assert table.restore(good) and table.match == played.match
    assert not table.restore(good)  # only a table not played yet is rebuilt


def test_each_hidden_hand_shows_how_many_cards_are_left():
    table = TableController("bridge", seed=5, speed="instant")
    for seat in table.state["seats"]:
        view = table.deal.visible_to(LEARNER)
        expected = 0 if seat["seat"] == LEARNER or seat["hand"] else view.hand_sizes[seat["seat"]]
        assert seat["cards_left"] == expected
    play_deal(table)
    assert all(seat["cards_left"] == 0 for seat in table.state["seats"])
    assert table.state["ui"]["cards_left"] == "cards left: {count}"


def call_bridge_match_with_a_bonus_bid_overshot() -> object:
    """A finished Call Bridge match whose first deal the learner bid 8 in and took all 13
    tricks (all thirteen spades, the trump): more than bid + 1, so the bonus bid is set
    (callbridge.score: minus 8). The rest of the match is played by sensible bots."""
    from cardlib import callbridge
    from cardlib.bots import SensibleBot
    from cardlib.position import from_text

    spades = [card for card in DECK if card.suit == "S"]
    others = [card for card in DECK if card.suit != "S"]
    deal = callbridge.Deal.from_hands([spades, others[:13], others[13:26], others[26:]], 1)
    bot = SensibleBot()
    while deal.phase != "over":
        if deal.phase == "calling":
            deal.act(8 if deal.to_act == LEARNER else bot.choose_call(deal))
        else:
            deal.act(bot.choose_play(deal))
    assert (deal.calls[LEARNER], deal.tricks_won[LEARNER]) == (8, 13)
    # The match of that first deal: its position text, read back (replaying takes only a
    # position of a match's own deal).
    match = from_text(f"callbridge/target=30 | {deal.to_text()}")
    while match.phase != "over":
        if match.phase == "deal-over":
            match.next_deal()
        elif match.phase == "calling":
            match.act(bot.choose_call(match.deal))
        else:
            match.act(bot.choose_play(match.deal))
    return match


def test_the_learners_record_counts_a_call_bridge_bonus_bid_as_the_game_scores_it():
    """A bonus bid (8 or more) is made only with the bid or one trick over: 8 bid and 13
    taken is set, and the record's count of calls made says so (it once counted it made)."""
    match = call_bridge_match_with_a_bonus_bid_overshot()
    first = match.deals[0]
    assert first.scores()[LEARNER] == -8
    table = TableController("callbridge", seed=1, speed="instant")
    record = table.learner_record(match)
    made = [deal.scores()[LEARNER] > 0 for deal in match.deals]
    assert not made[0] and record["calls"] == len(match.deals)
    assert record["made"] == sum(made)


# ----- the controller alone, and the facts it asks of each game ---------------------------

WITHOUT_WIDGETS = r"""
import sys

for name in ("ipywidgets", "anywidget", "traitlets"):
    sys.modules[name] = None  # importing any of them now raises ImportError

from cardlib import games
from cardlib.widgets.table_controller import TableController

for key, game in games.GAMES.items():
    table = TableController(key, seed=3, speed="instant", review_samples=2)
    learner = game.bot("sensible")  # the learner's calls and cards: the sensible bot's
    while table.match.phase != "over":
        deal = table.deal
        if table.state["end"] is not None:
            if len(table.match.deals) == 1:  # the review, once, without a widget too
                table.request_review()
                assert table.review, key
            assert table.click_next(), table.refusal
        elif table.state["calls"]:
            assert table.click_call(learner.choose_call(deal)), table.refusal
        else:
            assert table.click_card(learner.choose_play(deal).code), table.refusal
    record = table.finished_match
    assert record["game"] == key and record["deals"] == len(table.match.deals), record
    assert table.state["end"]["next_label"] == "New match"
    print(key, record["deals"], record["made"], "of", record["calls"])

loaded = {name.split(".")[0] for name, module in sys.modules.items() if module is not None}
assert not loaded & {"ipywidgets", "anywidget", "traitlets"}, loaded
"""


def test_the_controller_plays_a_whole_match_of_each_game_without_a_widget_library(
    tmp_path, monkeypatch
):
    """The table's controller needs no widget library: in a Python where ipywidgets, anywidget
    and traitlets cannot be imported, it plays a whole match of every registered game (the
    learner's moves chosen by the sensible bot, at the instant speed) and makes its record."""
    import os
    import subprocess
    import sys

    monkeypatch.setenv(progress.ENVIRONMENT_VARIABLE, str(tmp_path / "progress.json"))
    environment = dict(os.environ)
    run = subprocess.run(
        [sys.executable, "-c", WITHOUT_WIDGETS],
        capture_output=True,
        text=True,
        env=environment,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr
    assert [line.split()[0] for line in run.stdout.splitlines()] == list(GAMES)
    assert [match["game"] for match in progress.load()["matches"]] == list(GAMES)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_call_buttons_and_the_hand_played_are_the_games_facts(game):
    """What the table shows comes from the game's facts: the call buttons are its call pad,
    every allowed call among them; the hand the learner plays from is its hand to play (the
    dummy's on the dummy's turns), and a dummy has a declarer."""
    facts = GAMES[game]
    for seed in range(3):
        table = TableController(game, seed=seed, speed="instant")
        while table.match.phase in ACTING:
            deal, state = table.deal, table.state
            if state["calls"]:
                pad = facts.call_pad(deal, LEARNER)
                assert [c["value"] for c in state["calls"]] == list(pad)
                assert set(table.match.legal_actions()) <= set(pad)
            else:
                seat = facts.hand_to_play(deal)
                assert seat in (LEARNER, facts.dummy(deal))
                assert {c["code"] for c in state["hand"]} == {c.code for c in deal.hand(seat)}
            dummy = facts.dummy(deal)
            assert (dummy is None) == (facts.declarer(deal) is None)
            learner_acts(table)


def test_the_controller_says_once_when_an_action_is_done():
    """``on_change`` is called once an action is done, however many actions it made on the
    way (a reload's replay of a whole match is one), and a refusal is one too."""
    told = []
    table = TableController("callbreak", seed=2, speed="instant", on_change=lambda: told.append(1))
    assert told == []  # being made is not an action
    learner_acts(table)
    assert len(told) == 1
    assert not table.click_next() and len(told) == 2  # refused: said
    again = TableController("callbreak", seed=2, speed="instant")
    again.on_change = lambda: told.append(2)
    assert again.restore(table.kept_match) and told.count(2) == 1


def test_a_game_registered_later_is_played_at_the_table():
    """A new game is one class in the registry: the table plays it with no change, and what
    the coach does not know (the hint, the review, the strong bot) it says it does not offer."""
    from cardlib import callbreak, games

    class QuickBreak(callbreak.CallBreak):
        key = "quickbreak"
        name = "Quick Break"
        coached = False
        match_title = "{name} (a match of two deals)"

        @classmethod
        def new_match(cls, seed, players=4):
            return callbreak.Match(seed=seed, deals=2)

    with games.registered(QuickBreak):
        table = TableController("quickbreak", seed=4, speed="instant", level="strong")
        assert table.state["heading"].startswith("Quick Break · Deal 1 of 2 · ")
        assert table.state["ui"]["level_note"] == (
            "Quick Break has no coach bot yet: Strong plays as Sensible."
        )
        assert all(type(bot).__name__ == "SensibleBot" for bot in table.bots[1:])
        while table.match.phase != "playing" or table.match.to_act != LEARNER:
            learner_acts(table)
        assert table.click_hint() is None
        assert (
            table.refusal == "The hint is not offered in Quick Break: the coach does not play it."
        )
        play_deal(table)
        check_end(table)
        assert not table.state["end"]["review_offered"] and table.request_review() is None
        assert not table.click_replay(1) and "Quick Break review replays nothing" in table.refusal
        assert table.click_next() and table.state["heading"].startswith("Quick Break · Deal 2 of 2")
