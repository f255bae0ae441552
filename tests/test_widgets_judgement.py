"""The Judgement widgets of notebook 10, driven in plain pytest: set values, click, read state."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import judgement
from cardlib.seats import seat_labels
from cardlib.widgets.judgement import (
    HookExplorer,
    JudgementTable,
    RoundStepper,
    parse_bids,
)


def classes(widget) -> set[str]:
    return set(widget._dom_classes)


# ----- the round stepper -----------------------------------------------------


def test_stepper_walks_through_the_eight_rounds():
    w = RoundStepper()
    seen = []
    for _ in range(10):  # two clicks too many: Next stops at round 8
        seen.append((w.spec.number, w.spec.cards, w.spec.trump))
        w.next.click()
    assert seen[:8] == [(s.number, s.cards, s.trump) for s in judgement.schedule()]
    assert seen[8:] == [(8, 1, "D")] * 2
    assert w.next.disabled and not w.previous.disabled
    w.previous.click()
    assert w.spec.number == 7 and "Round 7 of 8" in w.info.value


def test_stepper_counts_cards_in_and_out_of_play():
    w = RoundStepper(number=1, players=7)
    assert "7 players hold 49 cards; 3 stay out of play" in w.info.value
    w.players.value = 3
    assert "3 players hold 21 cards; 31 stay out of play" in w.info.value
    w.round_slider.value = 6
    assert "3 players hold 6 cards; 46 stay out of play" in w.info.value
    assert "♥ hearts" in w.info.value


def test_stepper_sample_hand_marks_trumps_and_hides_the_blind_card():
    w = RoundStepper(number=3, players=4, seed=1)
    assert w.hand.value.count('role="img" aria-label="') == 1 + 5  # the hand and its 5 cards
    trumps = [c for c in w.sample.hand(0) if c.suit == "S"]
    assert w.hand.value.count(', trump"') == len(trumps)  # each trump's aria-label
    w.round_slider.value = 8
    assert "face down" in w.hand.value and "<svg" not in w.hand.value
    assert "Blind" in w.info.value


def test_stepper_css_classes():
    w = RoundStepper()
    assert "cardlib-round-stepper" in classes(w.widget)
    assert "cardlib-round-slider" in classes(w.round_slider)
    assert "cardlib-players-slider" in classes(w.players)
    assert "cardlib-prev-round" in classes(w.previous)
    assert "cardlib-next-round" in classes(w.next)
    assert "cardlib-round-info" in classes(w.info)
    assert "cardlib-sample-hand" in classes(w.hand)


# ----- the hook explorer -----------------------------------------------------


def test_hook_explorer_strikes_out_the_hooked_bid():
    w = HookExplorer(cards=5, bids="2 1 0")
    assert w.explanation.forbidden == 2
    assert w.explanation.legal == (0, 1, 3, 4, 5)
    assert 'aria-label="2: forbidden by the hook"' in w.result.value
    assert w.result.value.count(": allowed") == 5
    assert "hook forbids 2" in w.why.value


def test_hook_explorer_updates_on_every_change():
    w = HookExplorer(cards=5, bids="2 1 0")
    w.bids.value = "3, 3"
    assert w.explanation.forbidden is None
    assert w.result.value.count(": allowed") == 6
    w.cards.value = 1
    w.bids.value = "0 0 0"
    assert w.explanation.legal == (0,) and "forces" in w.why.value
    w.bids.value = "1 0"
    assert w.explanation.legal == (1,)


def test_hook_explorer_reports_bad_bids_instead_of_failing():
    w = HookExplorer(cards=3, bids="1")
    w.bids.value = "two"
    assert w.explanation is None and "cannot read 'two'" in w.error
    assert "⚠" in w.why.value and w.result.value == ""
    w.bids.value = "4"
    assert w.explanation is None and "from 0 to 3" in w.error
    w.bids.value = "1 1 1 1 1 1 1"
    assert "at most 6" in w.error
    w.bids.value = ""
    assert w.explanation.forbidden == 3  # nobody before the dealer: 3 alone would total 3


def test_parse_bids():
    assert parse_bids(" 2 1,0 ") == [2, 1, 0]
    assert parse_bids("") == []
    with pytest.raises(ValueError):
        parse_bids("-1")


@settings(max_examples=60, deadline=None)
@given(cards=st.integers(1, 7), data=st.data())
def test_hook_explorer_agrees_with_the_engine(cards, data):
    earlier = data.draw(st.lists(st.integers(0, cards), max_size=6))
    w = HookExplorer(cards=cards, bids=" ".join(map(str, earlier)))
    assert w.explanation.legal == judgement.legal_bids(cards, earlier, is_dealer=True)
    assert w.result.value.count(": allowed") == len(w.explanation.legal)


def test_hook_explorer_css_classes():
    w = HookExplorer()
    assert "cardlib-hook-explorer" in classes(w.widget)
    assert "cardlib-hook-cards" in classes(w.cards)
    assert "cardlib-hook-bids" in classes(w.bids)
    assert "cardlib-hook-result" in classes(w.result)
    assert "cardlib-hook-why" in classes(w.why)


# ----- the table -------------------------------------------------------------


def test_table_stops_at_your_bid_as_dealer_with_the_hooked_bid_disabled():
    w = JudgementTable(players=4, number=1, seed=1)
    r = w.round
    assert r.phase == "bidding" and r.to_act == 0 == r.dealer
    assert all(b is not None for b in r.bids[1:])
    hooked = judgement.hooked_bid(7, r.bids[1:])
    for n, button in w.bid_buttons.items():
        assert button.disabled == (n == hooked)
    assert "Your bid." in w.status.value and "hook forbids" in w.status.value


def test_table_plays_a_whole_round_by_clicks():
    w = JudgementTable(players=4, number=2, seed=3)
    w.bid(w.round.legal_bids()[0])
    assert w.round.phase == "playing"
    while w.round.phase == "playing":
        assert w.round.to_act == 0
        legal = w.round.legal_plays()
        for card, button in w.card_buttons.items():
            assert button.disabled == (card not in legal)
        w.play(sorted(legal)[0])
    assert len(w.round.tricks) == 6
    assert "Round over." in w.status.value
    names = seat_labels(4, you=0)  # the one convention: "You (South, seat 0)", "West (1)" …
    assert names[1] == "West (1)"
    assert all(f"{names[s]}: {p}" in w.status.value for s, p in enumerate(w.round.scores()))


def test_table_refuses_illegal_clicks_without_changing_the_round():
    w = JudgementTable(players=4, number=1, seed=1)
    hooked = judgement.hooked_bid(7, w.round.bids[1:])
    before = w.round.copy()
    w.bid_buttons[hooked].disabled = False  # a forced click on a disabled button
    w.bid(hooked)
    assert w.round == before
    assert "⚠" in w.status.value and "hook" in w.status.value
    w.bid(w.round.legal_bids()[0])
    # Not your turn (a bot leads) or a card you may not play: refused, round unchanged.
    illegal = [c for c in w.round.hand(0) if c not in w.round.legal_plays()]
    if illegal:
        before = w.round.copy()
        w._play(illegal[0])
        assert w.round == before and "not allowed" in w.status.value


def test_table_blind_round_shows_no_card_until_the_bid():
    w = JudgementTable(players=5, number=8, seed=2)
    assert not w.round.face_up
    assert w.card_buttons == {} and w.hand.children[0].description == "🂠"
    assert "bid without looking" in w.status.value
    w.bid(w.round.legal_bids()[0])
    assert w.round.phase == "over" and len(w.round.tricks) == 1
    assert w.round.tricks[0].leader == 1  # the dealer's left
    assert "Round over." in w.status.value


def test_table_deals_again_and_picks_rounds():
    w = JudgementTable(players=3, number=1, seed=1)
    w.new_round.click()
    assert w.seed == 2 and w.round.number == 1
    w.picker.value = 5
    assert w.round.number == 5 and w.round.cards == 3 and w.round.trump == "C"


def test_table_css_classes():
    w = JudgementTable()
    assert "cardlib-judgement-table" in classes(w.widget)
    assert "cardlib-round-picker" in classes(w.picker)
    assert "cardlib-new-round" in classes(w.new_round)
    assert "cardlib-table" in classes(w.table)
    assert "cardlib-bids" in classes(w.bid_box)
    assert "cardlib-hand" in classes(w.hand)
    assert "cardlib-status" in classes(w.status)
    for n, button in w.bid_buttons.items():
        assert {"cardlib-bid-button", f"cardlib-bid-{n}"} <= classes(button)
    w.bid(w.round.legal_bids()[0])
    for card, button in w.card_buttons.items():
        assert {"cardlib-card-button", f"cardlib-card-{card.code}"} <= classes(button)
