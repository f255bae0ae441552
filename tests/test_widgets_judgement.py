"""The Judgement widgets of notebook 10, driven in plain pytest: set values, click, read state.

A round of Judgement is played at the card table: tests/test_table_controller.py plays it."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import judgement
from cardlib.widgets.judgement import HookExplorer, RoundStepper, parse_bids


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
