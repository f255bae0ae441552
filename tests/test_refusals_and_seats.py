"""Refused moves shown as notes (cardlib.draw.svg.refused); the one seat convention
(cardlib.seats)."""

import pytest

from cardlib import callbreak
from cardlib.draw.svg import Refusal, refused
from cardlib.errors import CardlibError, IllegalPlayError
from cardlib.seats import SEAT_NAMES, seat_label, seat_labels


def test_a_refused_card_is_shown_with_its_rule_and_sentence_and_nothing_changes():
    deal = callbreak.Deal(seed=1, dealer=0)
    for _ in range(4):
        deal.call(1)
    while deal.legal_plays() == set(deal.hand(deal.to_act)):
        deal.play(min(deal.legal_plays()))
    illegal = min(set(deal.hand(deal.to_act)) - set(deal.legal_plays()))
    before = (deal.trick, deal.hand(deal.to_act), deal.to_act)
    shown = refused(deal.play, illegal)
    assert isinstance(shown, Refusal)
    assert (deal.trick, deal.hand(deal.to_act), deal.to_act) == before
    assert shown.card == illegal
    assert isinstance(shown.error, IllegalPlayError)
    assert shown.rule == shown.error.rule and shown.rule
    assert repr(shown) == f"Refused: {shown.error}"  # the message names the rule already
    assert f"({shown.rule})" in str(shown.error)
    html = shown._repr_html_()
    assert f"<code>{shown.rule}</code>" in html
    assert "cardlib-card" in html  # the refused card, drawn
    assert f"play({illegal!r})" in html.replace("&#x27;", "'")


def test_a_refused_call_has_no_card():
    shown = refused(callbreak.Deal(seed=1, dealer=0).call, 14)
    assert shown.card is None and shown.rule == "call-range"
    assert repr(shown).startswith("Refused (call-range): a call must be")
    assert "call(14)" in shown._repr_html_()


def test_an_accepted_move_is_not_a_refusal():
    deal = callbreak.Deal(seed=1, dealer=0)
    with pytest.raises(AssertionError, match="accepted"):
        refused(deal.call, 3)
    assert deal.calls[(deal.dealer + 1) % 4] == 3


def test_the_engine_still_raises_on_a_refused_move():
    deal = callbreak.Deal(seed=1, dealer=0)
    with pytest.raises(CardlibError):
        deal.call(14)


def test_lambda_attempts_show_no_code():
    deal = callbreak.Deal(seed=1, dealer=0)
    shown = refused(lambda: deal.hand(7))
    assert shown.attempt is None and "<code>…" not in shown._repr_html_()


def test_seat_labels_follow_one_convention():
    assert seat_labels(you=0) == ("You (South, seat 0)", "West (1)", "North (2)", "East (3)")
    assert seat_labels() == ("South (0)", "West (1)", "North (2)", "East (3)")
    assert seat_labels(players=3, you=0) == ("You (seat 0)", "Seat 1", "Seat 2")
    assert all(label.startswith(SEAT_NAMES[s]) for s, label in enumerate(seat_labels()))


@pytest.mark.parametrize("bad", [-1, 4, "0", True, None])
def test_a_bad_seat_is_a_clear_error(bad):
    with pytest.raises(CardlibError, match="a seat is a number from 0 to 3"):
        seat_label(bad)
