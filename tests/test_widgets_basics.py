"""The widgets of notebooks 01-03, driven in plain pytest: set values, click, read the state."""

import html
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import callbreak, i18n, parse_cards
from cardlib.cards import Card
from cardlib.draw.svg import SUIT_COLOURS
from cardlib.errors import IllegalPlayError
from cardlib.tricks import RULE_IDS, trick_winner
from cardlib.widgets.dealing import DealWidget, deal_answer
from cardlib.widgets.play_explorer import (
    DEALT_INDEX,
    WORKED_POSITIONS,
    PlayExplorer,
    Position,
    dealt_position,
)
from cardlib.widgets.trick_builder import TrickBuilder, why_it_wins


def classes(widget) -> set[str]:
    return set(widget._dom_classes)


# ----- dealing ---------------------------------------------------------------


def test_deal_widget_draws_the_seeded_deal():
    w = DealWidget(seed=7)
    deal = callbreak.Deal(seed=7)
    assert w.deal == deal
    assert w.spade_counts == tuple(sum(c.suit == "S" for c in hand) for hand in deal.hands)
    assert sum(w.spade_counts) == 13
    # Four hands, each an accessible SVG with every card labelled.
    assert w.hands.value.count("<svg") == 4
    assert w.hands.value.count('aria-label="') == 52 + 4
    assert "ace of spades" in w.hands.value
    assert w.counts.value.startswith("Spades: South ")


def test_deal_button_moves_to_the_next_seed_and_redraws():
    w = DealWidget(seed=7)
    before = w.hands.value
    w.deal_button.click()
    assert w.seed.value == 8
    assert w.deal == callbreak.Deal(seed=8)
    assert w.hands.value != before


def test_typing_a_seed_brings_its_deal_back():
    w = DealWidget(seed=7)
    first = w.hands.value, w.counts.value
    w.deal_button.click()
    w.seed.value = 7
    assert (w.hands.value, w.counts.value) == first


def test_deal_widget_css_classes():
    w = DealWidget()
    assert "cardlib-seed" in classes(w.seed)
    assert "cardlib-deal-button" in classes(w.deal_button)
    assert "cardlib-hands" in classes(w.hands)
    assert "cardlib-spade-counts" in classes(w.counts)
    assert "cardlib-dealing" in classes(w.widget)


def test_deal_widget_marks_dealer_and_first_caller():
    w = DealWidget(seed=3)
    assert w.hands.value.count("dealer") >= 1
    assert "calls and leads first" in w.hands.value


# ----- trick builder ---------------------------------------------------------


@settings(max_examples=30)
@given(seed=st.integers(-(2**53), 2**53), code=st.sampled_from(sorted(i18n.LANGUAGES)))
def test_the_sites_deal_answer_is_what_the_widget_shows(seed, code):
    """The site's page draws a lesson's Deal widget from deal_answer before the lesson's Python
    is ready: the same labels, hands and spade line as the widget of that seed, in the
    language asked for, whatever the language in use."""
    answer = json.loads(deal_answer(json.dumps({"id": 9, "seed": seed, "lang": code})))
    with i18n.language(code):
        widget = DealWidget(seed=seed)
        shown = {
            "id": 9,
            "seed": seed,
            "seed_label": widget.seed.description,
            "deal_label": widget.deal_button.description,
            "deal_tooltip": widget.deal_button.tooltip,
            "hands": widget.hands.value,
            "counts": widget.counts.value,
        }
    assert answer == shown


@pytest.mark.parametrize(
    "request_text",
    [
        "not json",
        "[2026]",
        "null",
        '{"id": 1, "seed": "2026", "lang": "en"}',  # a seed as text
        '{"id": 1, "seed": 2026.0, "lang": "en"}',  # a float
        '{"id": 1, "seed": true, "lang": "en"}',  # JSON's true is no seed
        '{"id": 1, "seed": 2026, "lang": "hi_Latn"}',  # the code is hi-Latn
        '{"id": 1, "seed": 2026, "lang": "EN"}',
        '{"id": 1, "seed": 2026}',
        '{"id": 1, "seed": ' + "9" * 5000 + ', "lang": "en"}',  # past Python's digit limit
    ],
)
def test_the_sites_deal_answer_refuses_what_is_not_a_deal(request_text):
    with i18n.language("hi"):
        answer = json.loads(deal_answer(request_text))
    assert set(answer) == {"id", "refused"}
    readable = request_text.startswith('{"id": 1') and len(request_text) < 100
    assert answer["id"] == (1 if readable else None)  # the page knows which ask it answers
    with i18n.language("hi"):  # in the language in use, naming what is accepted
        assert answer["refused"] == str(_refusal(request_text))
    assert "'hi-Latn'" in answer["refused"]


def _refusal(request_text):
    from cardlib.draw.callbreak import _refused_request

    try:
        asked = json.loads(request_text)
    except ValueError:
        asked = request_text
    return _refused_request(asked)


def test_trick_builder_two_of_spades_beats_ace_of_hearts():
    b = TrickBuilder("AH 2S KH 3H")
    assert b.winner == 1
    assert "2♠ wins" in b.feedback.value
    assert "even A♥" in b.feedback.value
    assert "seat 1" not in b.picture.value  # positions are captioned, not seats
    assert "2nd ✓" in b.picture.value


def test_trick_builder_picking_a_card_updates_winner():
    b = TrickBuilder("AH 2S KH 3H")
    b.pickers[1].value = "5D"  # no spade any more: the ace of the led suit wins
    assert b.winner == 0
    assert "A♥ wins" in b.feedback.value
    assert "5♦ did not follow suit" in b.feedback.value


def test_trick_builder_trump_picker_compares_games():
    b = TrickBuilder("AH 2S KH 3D")
    b.trump.value = "D"  # Judgement's diamond round
    assert (b.trump_suit, b.winner) == ("D", 3)
    b.trump.value = "NT"  # a Bridge no-trump contract
    assert (b.trump_suit, b.winner) == (None, 0)
    assert "There is no trump" in b.feedback.value


def test_trick_builder_refuses_a_card_picked_twice():
    b = TrickBuilder("AH 2S KH 3H")
    b.pickers[3].value = "AH"
    assert b.winner is None
    assert "picked twice" in b.feedback.value
    b.set_cards("AH 2S KS 3H")
    assert b.winner == 2
    assert "highest of the 2 spades" in b.feedback.value


def test_trick_builder_css_classes():
    b = TrickBuilder()
    for i, picker in enumerate(b.pickers):
        assert {"cardlib-trick-card", f"cardlib-trick-card-{i}"} <= classes(picker)
    assert "cardlib-trump" in classes(b.trump)
    assert "cardlib-trick" in classes(b.picture)
    assert "cardlib-feedback" in classes(b.feedback)


def test_trick_builder_needs_four_cards():
    with pytest.raises(ValueError, match="four cards"):
        TrickBuilder("AH 2S")


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True),
    st.sampled_from(["S", "H", "D", "C", None]),
)
def test_why_it_wins_names_the_winner(indices, trump):
    cards = [Card(i) for i in indices]
    winner = cards[trick_winner(cards, trump)]
    assert why_it_wins(cards, trump).startswith(f"{winner} wins.")


# ----- play explorer -----------------------------------------------------------


def test_worked_positions_cover_every_step_of_the_ladder():
    rules = {p.explain().rule for p in WORKED_POSITIONS}
    assert rules == set(RULE_IDS)


def test_worked_positions_agree_with_legal_plays():
    for p in WORKED_POSITIONS:
        assert p.explain().legal == callbreak.legal_plays(p.hand, p.trick, p.variant, p.first_trick)


def test_explorer_seed_example_king_is_forced():
    x = PlayExplorer()
    x.load(x.find("seed-follow"))
    x.click("3H")
    assert (x.chosen, x.verdict) == (Card("3H"), "illegal")
    assert "3♥ is not allowed (must-beat)." in x.feedback.value
    assert "you must play K♥" in x.feedback.value
    x.click("KH")
    assert (x.chosen, x.verdict) == (Card("KH"), "legal")
    assert x.feedback.value.startswith("<b>K♥ is legal.</b>")


def test_explorer_illegal_verdict_matches_the_engine_error():
    """The explorer's verdict uses the same words as the error a real deal raises."""
    x = PlayExplorer()
    x.load(x.find("seed-trump"))
    x.click("5D")
    hands = ["7C 8C 9C", "3H 2S 5D", "TC JC QC", "KC AC 4C"]
    deal = callbreak.Deal.from_hands(hands, dealer=3, calls=[1, 1, 1, 1])
    deal.play("7C")
    with pytest.raises(IllegalPlayError) as error:
        deal.play("5D")
    head, _, text = str(error.value).partition(": ")
    assert html.unescape(x.feedback.value) == f"<b>{head}.</b> {text}"


def test_show_legal_highlights_the_legal_set():
    x = PlayExplorer()
    x.load(x.find("undertrump"))
    assert x.highlighted == frozenset()
    x.show_legal.click()
    assert x.highlighted == frozenset(parse_cards("3S 5S"))
    for card, button in x.card_buttons.items():
        assert ("cardlib-legal" in classes(button)) == (card in x.highlighted)
        assert ("3px solid" in button.layout.border) == (card in x.highlighted)
    assert "must-undertrump" in x.legal_set.value
    assert "three of spades" in x.legal_set.value


def test_picking_a_position_resets_the_hand():
    x = PlayExplorer()
    x.show_legal.click()
    x.click("AS")
    index = [p.key for p in x.positions].index("overtrump")
    x.picker.value = index
    assert x.position.key == "overtrump"
    assert (x.chosen, x.verdict, x.highlighted, x.legal_set.value) == (None, None, frozenset(), "")
    assert set(x.card_buttons) == set(parse_cards("5S JS 4H"))
    assert "9♠" in x.table.value


def test_card_buttons_are_accessible_and_findable():
    x = PlayExplorer()
    for card, button in x.card_buttons.items():
        assert button.description == str(card)  # rank text and suit symbol
        assert button.tooltip == card.name
        assert {"cardlib-card-button", f"cardlib-card-{card.code}"} <= classes(button)
    assert x.card_buttons[Card("KH")].style.text_color == SUIT_COLOURS["H"] == "#C05000"


def test_explorer_css_classes():
    x = PlayExplorer()
    assert "cardlib-position" in classes(x.picker)
    assert "cardlib-seed" in classes(x.seed)
    assert "cardlib-deal-button" in classes(x.deal_button)
    assert "cardlib-table" in classes(x.table)
    assert "cardlib-hand" in classes(x.hand)
    assert "cardlib-show-legal" in classes(x.show_legal)
    assert "cardlib-legal-set" in classes(x.legal_set)
    assert "cardlib-feedback" in classes(x.feedback)
    assert "cardlib-play-explorer" in classes(x.widget)


def test_deal_button_deals_the_seeded_position():
    x = PlayExplorer(seed=5)
    x.deal_button.click()
    assert x.position == dealt_position(5)
    assert x.position.key == "seed-5"
    assert set(x.card_buttons) == set(x.position.hand)
    x.seed.value = 6
    x.deal_button.click()
    assert x.position == dealt_position(6)


def test_clicking_a_card_not_in_the_hand_is_refused():
    x = PlayExplorer()
    with pytest.raises(ValueError, match="not in this hand"):
        x.click("2C")
    assert x.verdict is None


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6))
def test_dealt_positions_are_reachable_and_judged_like_the_deal(seed):
    """A dealt position is a real moment of a deal; the explorer judges it as the deal would."""
    p = dealt_position(seed)
    assert p == dealt_position(seed)  # the seed fixes it
    assert len(p.hand) >= 3 and len(p.trick) < 4
    assert p.seats is not None and len(p.seats) == len(p.trick)
    legal = callbreak.legal_plays(p.hand, p.trick, p.variant, p.first_trick)
    x = PlayExplorer()
    x.load(p)
    for card in p.hand:
        x.click(card)
        assert x.verdict == ("legal" if card in legal else "illegal")


def test_position_of_reads_card_text():
    p = Position.of("k", "title", "3H KH", "QH")
    assert p.hand == tuple(parse_cards("3H KH")) and p.trick == (Card("QH"),)


def test_picker_names_what_is_shown():
    x = PlayExplorer(seed=9)
    x.load(x.find("overtrump"))
    assert x.picker.value == [p.key for p in x.positions].index("overtrump")
    x.deal_button.click()
    assert x.picker.value == DEALT_INDEX and x.position == dealt_position(9)
    x.picker.value = 0  # back to a worked position
    assert x.position.key == "lead"
    x.picker.value = DEALT_INDEX  # choosing "dealt from the seed" deals one
    assert x.position == dealt_position(9)
