"""PBN import and export of Contract Bridge deals, checked against endplay's PBN parser
(those tests skip when endplay, the ``dds`` extra, is not installed)."""

from __future__ import annotations

import importlib.util
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import CardlibError, bridge
from cardlib.bridge.pbn import PBNError, from_pbn, to_pbn

needs_endplay = pytest.mark.skipif(
    importlib.util.find_spec("endplay") is None, reason="endplay (the dds extra) not installed"
)


def played_deal(seed: int, first_caller: str, steps: int) -> bridge.Deal:
    """A deal of the given seed: a random auction (passes likelier), then ``steps`` cards."""
    rng = random.Random(seed)
    deal = bridge.Deal(seed=seed, first_caller=first_caller)
    while deal.phase == "calling":
        legal = deal.legal_calls()
        deal.call("P" if "P" in legal and rng.random() < 0.7 else rng.choice(legal))
    for _ in range(steps):
        if deal.is_over:
            break
        deal.act(rng.choice(deal.legal_actions()))
    return deal


deals = st.builds(
    played_deal, st.integers(0, 2**32 - 1), st.sampled_from(["left", "dealer"]), st.integers(0, 52)
)


@settings(max_examples=60, deadline=None)
@given(deals)
def test_pbn_round_trips(deal):
    copy = from_pbn(to_pbn(deal))
    assert copy == deal and repr(copy) == repr(deal)
    assert copy.legal_actions() == deal.legal_actions()
    assert [copy.visible_to(s) for s in range(4)] == [deal.visible_to(s) for s in range(4)]


def test_a_finished_deal_in_pbn():
    deal = next(d for d in (played_deal(s, "dealer", 52) for s in range(20)) if d.contract)
    text = to_pbn(deal, Event="Club night", Board="3")
    lines = text.splitlines()
    assert lines[:3] == ['[Event "Club night"]', '[Board "3"]', f'[Dealer "{"SWNE"[deal.dealer]}"]']
    assert f'[Result "{deal.declarer_tricks}"]' in lines
    assert sum(1 for line in lines if line.count(" ") == 3 and "-" not in line) >= 13


def _endplay_card(card) -> str:
    return {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card.suit] + card.code[0]


@needs_endplay
@settings(max_examples=40, deadline=None)
@given(deals)
def test_endplay_reads_what_we_write(deal):
    from endplay.parsers import pbn

    board = pbn.loads(to_pbn(deal))[0]
    north_first = " ".join(
        ".".join(
            "".join(c.code[0] for c in sorted(hand, key=lambda c: -c.rank) if c.suit == suit)
            for suit in "SHDC"
        )
        for hand in (deal.dealt_hands[seat] for seat in (2, 3, 0, 1))
    )
    assert board.deal.to_pbn() == "N:" + north_first
    letters = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"})
    assert [str(bid).translate(letters) for bid in board.auction] == list(deal.calls)
    contract = deal.contract
    if contract is not None:
        assert board.contract.level == contract.level
        assert board.contract.denom.name[0].upper() == contract.strain[0]
        assert "NESW"[int(board.contract.declarer)] == "SWNE"[contract.declarer]
        assert board.contract.penalty.name == ("passed", "doubled", "redoubled")[contract.doubled]
        assert int(board.dealer) == "NESW".index("SWNE"[deal.dealer])
        played = [str(card) for card in board.play if card.suit.name != "nt"]  # "-": padding
        ours = [c for t in deal.tricks for c in t.cards] + list(deal.trick)
        assert played == [_endplay_card(card) for card in ours]


@needs_endplay
@settings(max_examples=40, deadline=None)
@given(st.builds(played_deal, st.integers(0, 2**32 - 1), st.just("dealer"), st.integers(0, 52)))
def test_we_read_what_endplay_writes(deal):
    """endplay's boards have no first caller: they follow the Laws (the dealer calls first)."""
    from endplay.parsers import pbn

    assert from_pbn(pbn.dumps(pbn.loads(to_pbn(deal)))) == deal


@pytest.mark.parametrize(
    ("text", "tag"),
    [
        ('[Dealer "N"]\n', "Deal"),
        ('[Dealer "Q"]\n[Deal "N:AKQ... ... ... ..."]\n', "Dealer"),
        ('[Deal "N:AKQ... ... ..."]\n[Dealer "N"]\n', "Deal"),
        ('[Deal "N:AKX... ... ... ..."]\n[Dealer "N"]\n', "Deal"),
        ('[Deal "N:A... A... K... Q..."]\n[Dealer "N"]\n', "Deal"),
        ('[Deal "N:A... K... Q... J..."]\n[Dealer "N"]\n[Auction "N"]\n1H 1C\n', "Auction"),
        ('[Deal "N:A... K... Q... J..."]\n[Dealer "N"]\n[Auction "S"]\n', "Auction"),
        ('[Deal "N:A... K... Q... J..."]\n[Dealer "N"]\n[Auction "N"]\n1S P P P\n'
         '[Contract "2S"]\n', "Contract"),
        ('[Deal "N:A... K... Q... J..."]\n[Dealer "N"]\n[Auction "N"]\n1S P P P\n'
         '[Play "N"]\n', "Play"),
        ('[Deal "N:A... K... Q... J..."]\n[Dealer "N"]\n[Auction "N"]\n1S P P P\n'
         '[Play "E"]\nSK SQ SJ\n', "Play"),
        ('[Deal "N:A... K... Q... J..."]\n[Dealer "N"]\n[Auction "N"]\n1S P P P\n'
         '[Play "E"]\nSK SQ SJ SJ\n', "Play"),
        ('[Dealer "N"]\n[Dealer "N"]\n', "Dealer"),
    ],
)  # fmt: skip
def test_bad_pbn_is_refused_naming_the_tag(text, tag):
    with pytest.raises(CardlibError, match=f"tag {tag}") as caught:
        from_pbn(text)
    assert isinstance(caught.value, PBNError) and caught.value.tag == tag


def test_to_pbn_writes_only_bridge_deals():
    from cardlib import callbreak

    with pytest.raises(CardlibError):
        to_pbn(callbreak.Deal(seed=1))  # type: ignore[arg-type]
    with pytest.raises(CardlibError):
        from_pbn(None)  # type: ignore[arg-type]
