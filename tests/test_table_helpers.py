"""The card table's helpers (issue 23 item 5): the last-trick peek, the card played for the
learner when it is the only legal one, the coach's hint and "Play this deal again".

Driven through the table's controller in plain pytest, like tests/test_table_controller.py;
the browser test (tests/ui/test_table_app.py) presses the same buttons by keyboard in Voilà.
A helper every game has is tested in every game of the registry (cardlib.games.GAMES).
"""

from __future__ import annotations

import pytest
from test_table_controller import ACTING, english_and_a_private_record, learner_acts  # noqa: F401 (a fixture)

import cardlib
from cardlib import i18n
from cardlib.cards import Card
from cardlib.games import GAMES
from cardlib.widgets import table_controller as table_module
from cardlib.widgets.table_controller import LEARNER, TableController


def to_first_card(table: TableController) -> None:
    while table.match.phase != "playing":
        learner_acts(table)


def play_to_end_of_deal(table: TableController) -> None:
    while table.match.phase in ACTING:
        learner_acts(table)


def until_a_trick_is_taken(table: TableController) -> None:
    to_first_card(table)
    while not table.deal.tricks:
        learner_acts(table)


#: Each test in English, with a progress record of its own.
pytestmark = pytest.mark.usefixtures("english_and_a_private_record")


# ----- the last trick --------------------------------------------------------


def test_the_peek_before_any_trick_is_refused_and_stays_closed():
    table = TableController("callbreak", seed=1, speed="instant")
    assert table.state["last_trick"] is None
    assert not table.click_peek()
    assert table.refusal == "No trick has been taken yet in this deal."
    assert not table.peek_open and table.peek is None
    to_first_card(table)
    if not table.deal.tricks:
        assert not table.click_peek() and table.peek is None


def test_the_peek_shows_the_last_trick_until_the_next_one_is_taken():
    table = TableController("callbreak", seed=1, speed="instant")
    until_a_trick_is_taken(table)
    assert table.click_peek() and table.peek_open
    peek = table.peek
    last = table.deal.tricks[-1]
    assert peek["title"] == f"Last trick (trick {len(table.deal.tricks)})"
    assert [row["card"]["code"] for row in peek["rows"]] == [c.code for c in last.cards]
    assert [row["winner"] for row in peek["rows"]].count(True) == 1
    assert (
        peek["won"].startswith(table_module.seat_label(last.winner))
        and "won it with" in peek["won"]
    )
    # the learner plays on: the peek stays open and shows the trick taken last, whichever
    taken = len(table.deal.tricks)
    while len(table.deal.tricks) == taken and table.match.phase == "playing":
        learner_acts(table)
        assert table.peek_open
    assert table.peek["title"] == f"Last trick (trick {len(table.deal.tricks)})"
    assert table.click_peek() and not table.peek_open and table.peek is None


@pytest.mark.parametrize("game", list(GAMES))
def test_the_peek_is_the_same_in_every_game(game):
    table = TableController(game, seed=2, speed="instant")
    until_a_trick_is_taken(table)
    assert table.click_peek(), (game, table.refusal)
    assert len(table.peek["rows"]) == table.players


def test_a_language_switch_keeps_the_peek_open_and_translated():
    table = TableController("callbreak", seed=1, speed="instant")
    until_a_trick_is_taken(table)
    table.click_peek()
    english = table.peek["title"]
    try:
        for lang in ("hi", "hi-Latn", "ne"):
            cardlib.set_language(lang)  # the table redraws itself
            assert table.peek_open
            assert table.peek["title"] != english
            assert table.peek["title"] == i18n._("Last trick (trick {number})").format(
                number=len(table.deal.tricks)
            )
            assert table.state["ui"]["peek"] != "Last trick"
    finally:
        cardlib.set_language("en")
    assert table.peek["title"] == english


def test_the_next_deal_closes_the_peek():
    table = TableController("callbreak", seed=1, speed="instant")
    until_a_trick_is_taken(table)
    table.click_peek()
    play_to_end_of_deal(table)
    assert table.peek is not None  # the deal's last trick, at its end too
    assert table.click_next()
    assert not table.peek_open and table.state["last_trick"] is None


# ----- the only legal card, played for the learner ------------------------------


def forced_plays(table: TableController) -> list[tuple[str, str]]:
    """Play the deal out; (the forced note, the live words) of each card played for the
    learner. The learner is never left to face exactly one legal card."""
    notes = []
    while table.match.phase in ACTING:
        if table.match.phase == "playing":
            assert len(table.match.legal_actions()) > 1
        for frame in table.frames:
            if frame["forced"] and frame["forced"] in frame["live"]:
                notes.append((frame["forced"], frame["live"]))
        learner_acts(table)
    return notes


def test_auto_play_is_off_by_default():
    table = TableController("judgement", seed=0, speed="instant")
    assert not table.auto_forced
    # round 1 has 7 cards: play the whole match to the one-card rounds, card by card
    while len(table.match.deals) < 7:
        play_to_end_of_deal(table)
        table.click_next()
    to_first_card(table)
    assert table.match.to_act == LEARNER and len(table.match.legal_actions()) == 1
    assert table.state["forced"] == ""


def test_call_break_must_trump_card_is_played_for_the_learner_and_said():
    seen_trump = False
    for seed in range(20):
        table = TableController("callbreak", seed=seed, speed="instant", auto_forced=True)
        before = len(table.match_actions)
        notes = forced_plays(table)
        assert len(table.match_actions) > before
        for note, live in notes:
            assert note.startswith("Only one card could be played: ") and note in live
        for trick in table.deal.tricks:
            mine = trick.cards[trick.seats.index(LEARNER)]
            led = trick.cards[0].suit
            if mine.suit == "S" and led != "S" and f"{mine}." in " ".join(n for n, _ in notes):
                seen_trump = True
        if seen_trump:
            break
    assert seen_trump, "no must-trump card was forced in 20 deals"


def test_judgement_plays_the_one_card_but_never_a_bid():
    """A whole Judgement match: every bid is the learner's to make; in round 7 (one card
    each) the card goes by itself, said in the live region. (Round 8, the blind one-card
    round, the engine plays out by itself once the bids are in.)"""
    table = TableController("judgement", seed=0, speed="instant", auto_forced=True)
    one_card_rounds = 0
    while True:
        while table.match.phase in ACTING:
            if table.match.phase == "bidding":
                assert table.match.to_act == LEARNER and table.state["calls"]
            else:
                assert len(table.match.legal_actions()) > 1
            learner_acts(table)
        if len(table.match.deals) == 7:  # a one-card round: the learner never chose a card
            assert any("Only one card could be played" in f["live"] for f in table.frames)
            one_card_rounds += 1
        if table.match.phase == "over":
            break
        table.click_next()
    assert one_card_rounds == 1 and len(table.match.deals) == 8


def test_a_hooked_single_bid_waits_for_the_learner():
    """The dealer in a one-card round whose hook leaves one bid: the bid is not made."""
    for seed in range(40):
        table = TableController("judgement", seed=seed, speed="instant", auto_forced=True)
        while len(table.match.deals) < 7:
            play_to_end_of_deal(table)
            table.click_next()
        while table.match.phase == "bidding":
            legal = [c for c in table.state["calls"] if c["legal"]]
            if len(legal) == 1 and any(not c["legal"] for c in table.state["calls"]):
                assert table.match.to_act == LEARNER  # left to the learner
                assert table.state["forced"] == ""
                return
            learner_acts(table)
    pytest.skip("no hooked single bid in 40 matches")


def test_turning_auto_play_on_at_a_forced_card_plays_it_and_a_reload_replays_it(monkeypatch):
    for seed in range(30):
        monkeypatch.setattr(table_module, "fresh_seed", lambda seed=seed: seed)
        table = TableController("callbreak", seed=None, speed="instant")
        to_first_card(table)
        while table.match.phase == "playing" and len(table.match.legal_actions()) > 1:
            learner_acts(table)
        if table.match.phase == "playing":
            break
    else:
        pytest.fail("no forced card in 30 deals")
    (card,) = table.match.legal_actions()
    table.set_auto_forced(True)  # the checkbox
    assert ["card", Card(card).code] in table.match_actions
    assert table.state["forced"] == f"Only one card could be played: {Card(card)}."
    kept = table.kept()
    again = TableController("callbreak", seed=None, speed="instant", auto_forced=True)
    assert again.restore(kept)
    assert again.match == table.match


# ----- the hint -------------------------------------------------------------


def test_the_hint_names_a_legal_card_and_never_plays_it(monkeypatch):
    table = TableController("callbreak", seed=3, speed="instant", hint_samples=30)
    to_first_card(table)
    calls = []
    real = table._analyse_hint
    monkeypatch.setattr(table, "_analyse_hint", lambda: calls.append(1) or real())
    serial, hand = table.state["serial"], table.state["hand"]
    hint = table.click_hint()
    assert hint and hint.startswith("Hint: ")
    legal = {str(Card(c)) for c in table.match.legal_actions()}
    assert any(f" {card}" in hint for card in legal)
    assert table.state["hint"] == hint and hint in table.state["live"]
    assert table.state["serial"] == serial and table.state["hand"] == hand
    assert table.match.to_act == LEARNER and table.refusal == ""
    assert table.click_hint() == hint and len(calls) == 1  # twice: the same, computed once
    learner_acts(table)
    assert table.state["hint"] == ""  # a new position: the old hint is gone


def test_the_hint_says_too_close_to_tell_within_two_standard_errors():
    from fractions import Fraction

    from cardlib.coach.analysis import CardEstimate, Estimate

    def analysis(loss, stderr):
        best = CardEstimate(Card("AS"), Estimate(1, 0.1, 10), 0, 0.0)
        other = CardEstimate(Card("KS"), Estimate(1, 0.1, 10), loss, stderr)
        return type("A", (), {"best": Card("AS"), "cards": (best, other), "samples": 10})()

    close = TableController._hint_words(analysis(Fraction(3, 10), 0.2))()
    assert "too close to tell at 10 imagined deals" in close and "K♠" in close
    assert "more may separate them" in close and "as good" not in close  # not "equal"
    clear = TableController._hint_words(analysis(Fraction(1, 2), 0.2))()
    assert "0.50 expected points better" in clear and "K♠" in clear
    # A card further down with a wider error is within two of them: named too, not hidden
    # behind the clearly worse next best.
    wide = CardEstimate(Card("2S"), Estimate(1, 0.5, 10), Fraction(6, 10), 0.4)
    three = analysis(Fraction(1, 2), 0.2)
    three.cards = (*three.cards, wide)
    hint = TableController._hint_words(three)()
    assert "2♠ is too close to tell" in hint and "K♠" not in hint
    both = analysis(Fraction(3, 10), 0.2)
    both.cards = (*both.cards, wide)
    assert "K♠, 2♠ are too close to tell" in TableController._hint_words(both)()


def test_the_hint_is_refused_out_of_turn_in_the_calling_phase_and_at_the_end():
    table = TableController("callbreak", seed=3, speed="instant")
    assert table.click_hint() is None
    assert table.refusal == "A hint is offered for the cards you play, not for calls."
    assert table.state["phase"] == "calling" and table.state["hint"] == ""
    assert table.click_hint() is None and table.refusal_count == 2  # twice: said twice
    judgement_table = TableController("judgement", seed=3, speed="instant")
    judgement_table.click_hint()
    assert judgement_table.refusal.endswith("not for bids.")
    play_to_end_of_deal(table)
    assert table.click_hint() is None
    assert table.refusal == "A hint is offered when it is your turn to play a card."


def test_no_hint_button_with_hints_off_and_none_in_a_game_the_coach_does_not_know():
    table = TableController("callbreak", seed=3, speed="instant", hints=False)
    to_first_card(table)
    assert table.state["ui"]["hint"] == ""
    assert table.click_hint() is None and table.refusal == "Hints are not offered at this table."
    for game in (game for game in GAMES.values() if not game.coached):  # Contract Bridge
        uncoached = TableController(game.key, seed=3, speed="instant")
        assert uncoached.click_hint() is None
        assert uncoached.refusal == (
            f"The hint is not offered in {game.name}: the coach does not play it."
        )
    with pytest.raises(cardlib.CardlibError):
        TableController("callbreak", hint_samples=0)


def test_the_hint_from_the_browser_and_in_the_learners_language():
    table = TableController("callbreak", seed=3, speed="instant", hint_samples=30)
    to_first_card(table)
    table.receive({"type": "hint", "serial": table.state["serial"] - 1})
    assert table.state["hint"] == "" and table.ignored_messages == 1  # a stale click
    table.receive({"type": "hint", "serial": table.state["serial"]})
    english = table.state["hint"]
    assert english.startswith("Hint: ")
    try:
        cardlib.set_language("hi")
        assert table.state["hint"] and table.state["hint"] != english
    finally:
        cardlib.set_language("en")


def test_a_hint_takes_about_a_second_at_most():
    import time

    table = TableController("callbreak", seed=5, speed="instant")
    to_first_card(table)
    start = time.perf_counter()
    table.click_hint()
    assert time.perf_counter() - start < 3


# ----- play this deal again ------------------------------------------------------


@pytest.mark.parametrize("game", list(GAMES))
def test_play_this_deal_again_is_practice_from_the_deal_as_dealt(game):
    table = TableController(game, seed=4, speed="instant")
    dealt = table.match.deal.copy()
    assert not table.click_play_again()  # not before its end
    assert table.refusal == "A deal is played again once it is over."
    play_to_end_of_deal(table)
    end = table.state["end"]
    word = GAMES[game].deal_word
    assert end["seed"] == f"Seed of this {word}: match seed 4, {word} 1."
    assert end["again"] == f"Play this {word} again"
    totals, played = table.match.totals(), table.match.deal
    assert table.click_play_again()
    assert table.practising
    assert table.deal.visible_to(LEARNER).hand == dealt.visible_to(LEARNER).hand
    assert table.deal.dealer == dealt.dealer
    play_to_end_of_deal(table)
    assert table.click_back_to_match()
    assert table.match.totals() == totals and table.match.deal is played
    assert table.click_next() and len(table.match.deals) == 2


def test_play_this_deal_again_meets_the_same_bots_after_a_reload_too():
    """The same cards and the same bots' dice: played the same way, the deal comes out the same
    (random and coach bots included), on the table that dealt it and on one a reload rebuilt."""
    levels = ("beginner", "strong", "beginner")
    table = TableController("callbreak", seed=None, speed="instant", level=levels, strong_samples=2)
    play_to_end_of_deal(table)
    first = table.match.deal
    again = TableController("callbreak", seed=None, speed="instant", strong_samples=2)
    assert again.restore(table.kept_match)
    for played in (table, again):
        assert played.click_play_again()
        play_to_end_of_deal(played)
        assert played.deal == first, "the bots answered the same cards otherwise"
        assert played.click_back_to_match() and played.match.deal == first


def test_a_deal_is_named_by_its_match_seed_and_number_whatever_was_played():
    """The words "Seed of this deal: match seed S, deal N" name the cards: two matches of one
    seed, played by different learners against different bots, deal their next deal the same."""
    for game in GAMES:
        first = TableController(game, seed=11, speed="instant", level="beginner")
        other = TableController(game, seed=11, speed="instant", level="strong", strong_samples=2)
        play_to_end_of_deal(first)
        while other.match.phase in ACTING:  # the last legal call or card, not the first
            if other.state["calls"]:
                other.click_call([c["value"] for c in other.state["calls"] if c["legal"]][-1])
            else:
                other.click_card([c["code"] for c in other.state["hand"] if c["legal"]][-1])
        assert first.match.deal != other.match.deal
        assert first.click_next() and other.click_next()
        assert first.deal.dealer == other.deal.dealer
        assert [first.deal.hand(s) for s in range(4)] == [other.deal.hand(s) for s in range(4)]


def test_play_again_from_the_browser():
    table = TableController("callbreak", seed=4, speed="instant")
    play_to_end_of_deal(table)
    table.receive({"type": "again", "serial": table.state["serial"]})
    assert table.practising and table.match.phase == "calling"
