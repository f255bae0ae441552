"""The Contract Bridge widgets, driven in plain pytest: click, set values, read state."""

from __future__ import annotations

import pytest

from cardlib import bridge
from cardlib.bridge import CALLS, Auction, Contract
from cardlib.widgets.bridge import AuctionPad, ContractScorer


def enabled(pad: AuctionPad) -> set[str]:
    return {call for call, button in pad.buttons.items() if not button.disabled}


def test_the_pad_starts_with_bids_and_pass_only():
    pad = AuctionPad(dealer="N")
    assert enabled(pad) == set(bridge.BIDS) | {"P"}
    assert pad.auction.to_act == bridge.EAST
    assert "East (3) to call." in pad.status.value
    assert "cardlib-bridge-auction" in pad.widget._dom_classes
    assert all("cardlib-bridge-call" in b._dom_classes for b in pad.buttons.values())


@pytest.mark.parametrize(
    "calls",
    ["1H", "1H X", "1H X XX", "1H X P", "1H X XX P", "P P P", "1NT P P X", "7NT X"],
)
def test_the_enabled_buttons_are_exactly_the_legal_calls(calls):
    pad = AuctionPad(dealer="N")
    for call in calls.split():
        pad.buttons[call].click()
    assert pad.auction == Auction.from_calls("N", calls)
    assert enabled(pad) == set(pad.auction.legal_calls())
    assert pad.auction.legal_calls() == tuple(c for c in CALLS if c in enabled(pad))


def test_clicking_a_greyed_call_changes_nothing_and_says_why():
    pad = AuctionPad(dealer="N")
    pad.buttons["2H"].click()
    before = pad.auction.copy()
    pad.buttons["1S"].click()  # only possible from code, but must be harmless
    assert pad.auction == before
    assert "Not allowed" in pad.status.value and "not higher than 2H" in pad.status.value
    pad.buttons["X"].click()  # South doubles East's 2H: fine
    pad.buttons["X"].click()  # West: his own side's bid, already doubled
    assert pad.auction.calls == ("2H", "X")
    assert "own side" in pad.status.value


def test_the_end_of_the_auction_shows_contract_declarer_dummy_and_leader():
    pad = AuctionPad(dealer="N")
    pad.call_all("1S P 2H P 4H P P P")
    assert pad.contract == Contract.parse("4H by W")
    assert enabled(pad) == set()
    assert "Declarer West (1)" in pad.status.value and "dummy East (3)" in pad.status.value
    assert "North (2) leads" in pad.status.value
    assert "Opening lead: North (2)" in pad.table.value


def test_passed_out_and_restart_with_the_laws_order():
    pad = AuctionPad(dealer="S")
    pad.call_all("P P P P")
    assert pad.auction.passed_out and "next dealer deals again" in pad.status.value
    pad.first_caller.value = "dealer"
    assert pad.auction.calls == () and pad.auction.to_act == bridge.SOUTH
    pad.dealer.value = bridge.EAST
    assert pad.auction.dealer == bridge.EAST and pad.auction.to_act == bridge.EAST
    pad.press("1C")
    pad.restart.click()
    assert pad.auction.calls == ()


def test_the_scorer_shows_the_engine_score():
    scorer = ContractScorer()
    assert scorer.contract == Contract.parse("4S") and scorer.tricks.value == 10
    assert scorer.score == bridge.score("4S", 10)
    scorer.tricks.value = 11
    assert scorer.score.above_declarer == 30 and "1 over" in scorer.result.value
    scorer.doubled.value = 1
    assert scorer.score == bridge.score("4SX", 11)
    assert scorer.score.below == 240 and scorer.score.above_declarer == 150
    scorer.set("3NTXX", 6)
    assert scorer.score.above_defenders == 1000 and "3 down" in scorer.result.value
    assert "cardlib-bridge-scorer" in scorer.widget._dom_classes
    assert repr(scorer) == "ContractScorer('3NTXX', 6)"


@pytest.mark.parametrize("contract", ["1C", "2DX", "3HXX", "6S", "7NTX"])
@pytest.mark.parametrize("tricks", [0, 7, 12, 13])
def test_the_scorer_agrees_with_score_everywhere(contract, tricks):
    scorer = ContractScorer()
    scorer.set(contract, tricks)
    assert scorer.score == bridge.score(contract, tricks)
    assert str(scorer.score.below) in scorer.result.value
