"""The Call Break / Call Bridge side-by-side widget, driven in plain pytest."""

from __future__ import annotations

import pytest

from cardlib import callbreak, callbridge, parse_cards
from cardlib.widgets.callbridge import POSITIONS, RuleComparison, compare, comparison_html


def test_opens_on_the_first_position():
    w = RuleComparison()
    assert (w.hand.value, w.trick.value) == (POSITIONS[0].hand, POSITIONS[0].trick)
    assert w.verdict == "differ"
    assert "cardlib-compare-differ" in w.result.value


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_picking_a_position_shows_both_games_answers(index):
    w = RuleComparison()
    w.picker.value = index
    position = POSITIONS[index]
    hand, trick = parse_cards(position.hand), parse_cards(position.trick)
    assert w.call_break.legal == callbreak.legal_plays(hand, trick)
    assert w.call_bridge.legal == callbridge.legal_plays(hand, trick)
    same = w.call_break.legal == w.call_bridge.legal
    assert w.verdict == ("same" if same else "differ")
    assert w.result.value == comparison_html(position.hand, position.trick)


def test_the_positions_show_every_play_difference_and_the_agreements():
    verdicts = {}
    for position in POSITIONS:
        break_explanation, bridge_explanation = compare(position.hand, position.trick)
        verdicts[position.key] = (break_explanation.rule, bridge_explanation.rule)
    assert verdicts == {
        "follow": ("must-beat", "follow-any"),
        "spade-lead": ("must-beat", "follow-any"),
        "undertrump": ("must-undertrump", "free"),
        "overtrump": ("must-overtrump", "must-overtrump"),
        "must-trump": ("must-trump", "must-trump"),
        "lead": ("lead", "lead"),
    }


def test_typing_a_position_updates_the_verdict():
    w = RuleComparison()
    w.hand.value = "2S 4H"
    w.trick.value = "5C KS"
    assert w.verdict == "differ"
    assert sorted(w.call_break.legal) == parse_cards("2S")
    assert sorted(w.call_bridge.legal) == sorted(parse_cards("2S 4H"))
    w.hand.value = "AS 2S 4H"
    assert w.verdict == "same"
    assert "cardlib-compare-same" in w.result.value
    assert w.call_bridge.rule == "must-overtrump"


def test_the_result_shows_two_accessible_hands_with_the_legal_cards_marked():
    w = RuleComparison()
    html = w.result.value
    assert html.count("<svg") == 3  # the trick and the hand under each game
    assert "Call Break: your hand, legal cards highlighted" in html
    assert 'aria-label="king of hearts, legal"' in html
    assert 'aria-label="three of hearts, legal"' in html  # legal in Call Bridge only
    assert html.count('aria-label="three of hearts"') == 1  # faded in Call Break


@pytest.mark.parametrize(
    ("hand", "trick", "message"),
    [
        ("ZZ", "", "cannot read 'ZZ'"),
        ("2S 4H", "5C KS 4H", "both in your hand and on the table"),
        ("", "QH", "your hand is empty"),
        ("2S", "5C 6C 7C 8C", "at most 3 cards"),
    ],
)
def test_bad_input_is_reported_in_the_widget_not_raised(hand, trick, message):
    w = RuleComparison()
    w.hand.value, w.trick.value = hand, trick
    assert w.verdict == "error"
    assert message in w.error
    assert w.call_break is None and w.call_bridge is None
    assert "cardlib-compare-error" in w.result.value
    w.picker.value = 1  # picking a position recovers
    assert w.verdict == "differ" and w.error is None


def test_css_classes_for_the_browser_tests():
    w = RuleComparison()
    assert "cardlib-compare" in w.widget._dom_classes
    assert "cardlib-compare-position" in w.picker._dom_classes
    assert "cardlib-compare-hand" in w.hand._dom_classes
    assert "cardlib-compare-trick" in w.trick._dom_classes
    assert "cardlib-compare-result" in w.result._dom_classes


def test_repr_names_the_position():
    assert repr(RuleComparison()) == "RuleComparison(hand='3H KH 2S 5D', trick='4H QH')"
