"""The Contract Bridge review, double dummy: the play card by card, the lead, the contract."""

from __future__ import annotations

import dataclasses
import re
import sys
from pathlib import Path

import pytest
from test_double_dummy import run_code_cells

from cardlib import bridge
from cardlib.bots import RandomBridgeBot, SensibleBridgeBot, play_out
from cardlib.bridge import double_dummy
from cardlib.bridge.double_dummy import EndplayMissing
from cardlib.coach import bridge_review
from cardlib.coach.bridge_review import SIDE_POINTS, review_bridge
from cardlib.draw.bridge import unavailable_note
from cardlib.errors import CardlibError

needs_endplay = pytest.mark.skipif(not double_dummy.available(), reason="endplay not installed")
#: A deal whose random play gives tricks away and back until a side's losses sum past 13.
SUMS_PAST_13 = 34


def played(seed: int) -> bridge.Deal:
    deal = bridge.Deal(seed=seed)
    play_out(deal, [SensibleBridgeBot()] * 4)
    assert deal.contract is not None
    return deal


@pytest.fixture(scope="module")
def reviewed():
    deal = played(6)
    return deal, review_bridge(deal, lead_samples=4, seed=1)


@needs_endplay
def test_every_card_is_rated_and_the_losses_add_up_to_the_result(reviewed):
    deal, review = reviewed
    assert len(review.rows) == 52 and [r.number for r in review.rows] == list(range(1, 53))
    assert all(r.lost >= 0 and (r.lost == 0) == (r.card in r.best) for r in review.rows)
    contract = deal.contract
    start = double_dummy.dd_table(deal.dealt_hands).of(contract.strain, contract.declarer)
    assert review.rows[0].tricks == 13 - start  # the defenders' best after the best lead
    # Double dummy, declarer's tricks move only by the tricks each side's cards give away.
    assert deal.declarer_tricks == start - review.declarer_lost + review.defence_lost


@needs_endplay
def test_the_contract_is_scored_against_par(reviewed):
    deal, review = reviewed
    assert review.result == deal.declarer_tricks - deal.contract.tricks_needed
    assert review.result_text == double_dummy.result_text(str(deal.contract), review.result)
    assert review.par == double_dummy.par(deal.dealt_hands, dealer=deal.dealer)
    assert review.against_par == review.score - review.par.score
    html = review._repr_html_()
    assert review.result_text in html and "against par" in html and "aria-label" in html


@needs_endplay
def test_the_lead_is_rated_over_layouts_that_fit_the_auction(reviewed):
    deal, review = reviewed
    lead = review.lead
    leader = (deal.contract.declarer + 1) % 4
    assert lead.leader == leader == deal.tricks[0].seats[0]
    assert lead.chosen == deal.tricks[0].cards[0]
    assert {card for card, _ in lead.cards} == set(deal.dealt_hands[leader])
    assert all(0 <= e.mean <= 13 and e.samples == 4 for _, e in lead.cards)
    assert lead.of(lead.best).mean == max(e.mean for _, e in lead.cards)
    assert lead.fell_back == 0 and SIDE_POINTS[deal.contract.level] >= 18


@needs_endplay
def test_the_lead_is_rated_before_it_is_made_with_none_chosen():
    deal = bridge.Deal(seed=6)
    bot = SensibleBridgeBot()
    while deal.phase == "calling":
        deal.act(bot.choose_call(deal))
    assert deal.contract is not None and not deal.tricks and not deal.trick
    lead = bridge_review.rate_lead(deal, samples=2, seed=1)
    assert lead.chosen is None and len(lead.cards) == 13


def played_at_random(seed: int) -> bridge.Deal:
    """Sensible calls, then random cards all round: tricks given away and back again."""
    deal = bridge.Deal(seed=seed)
    caller, player = SensibleBridgeBot(), RandomBridgeBot(seed)
    while deal.phase == "calling":
        deal.act(caller.choose_call(deal))
    assert deal.contract is not None
    while deal.phase == "playing":
        deal.act(player.choose_play(deal))
    return deal


@needs_endplay
def test_what_the_review_says_is_counted_against_the_deals_13_tricks():
    """Card by card, the tricks given away and given back can sum past 13 (they did here:
    a review said 15 tricks were given away in a 13-trick deal): the review's words count the
    tricks of the deal in which each side gave some away, and double dummy's tricks against
    the tricks taken, every number between 0 and 13."""
    from cardlib.widgets.bridge_review import review_words
    from cardlib.widgets.table_controller import card_json, contract_text

    deal = played_at_random(SUMS_PAST_13)
    review = review_bridge(deal, lead_samples=0)
    assert max(review.declarer_lost, review.defence_lost) > 13  # the case the words must meet
    start = double_dummy.dd_table(deal.dealt_hands).of(deal.contract.strain, deal.contract.declarer)
    assert review.double_dummy_tricks == start and review.declarer_took == deal.declarer_tricks
    assert review.declarer_costly_tricks == len(
        {row.trick for row in review.rows if row.declaring and row.lost}
    )
    assert 0 < review.declarer_costly_tricks <= 13 and 0 < review.defence_costly_tricks <= 13
    said = review_words(review, card_json, contract_text)["summary"][1]
    numbers = [int(n) for n in re.findall(r"\d+", said)]
    assert numbers == [
        start,
        deal.declarer_tricks,
        review.declarer_costly_tricks,
        13,
        review.defence_costly_tricks,
    ]
    assert max(numbers) <= 13, said
    shown = re.search(r"<p>Double dummy.*?</p>", review._repr_html_()).group()  # notebook 41's
    assert max(int(n) for n in re.findall(r"\d+", shown)) <= 13, shown


@needs_endplay
def test_a_review_that_does_not_add_up_to_the_deal_is_never_shown(reviewed):
    deal, review = reviewed
    broken = [
        dataclasses.replace(review, rows=review.rows[:-4]),  # a trick short
        dataclasses.replace(review, result=review.result + 1),  # another number of tricks
        dataclasses.replace(  # a loss the result does not show
            review, rows=(dataclasses.replace(review.rows[0], lost=1), *review.rows[1:])
        ),
    ]
    bridge_review._check_against_the_deal(review, deal)  # the real one adds up
    for wrong in broken:
        with pytest.raises(AssertionError, match="does not add up"):
            bridge_review._check_against_the_deal(wrong, deal)


def test_a_deal_not_over_is_refused_and_without_endplay_it_says_so(monkeypatch):
    with pytest.raises(CardlibError, match="once it is over"):
        review_bridge(bridge.Deal(seed=6))
    deal = played(6)
    monkeypatch.setattr(bridge_review, "available", lambda: False)
    with pytest.raises(EndplayMissing, match="endplay"):
        review_bridge(deal)


NOTEBOOK_41 = Path(__file__).resolve().parent.parent / "notebooks" / "41-the-bridge-coach.ipynb"


def test_notebook_41_without_endplay_shows_the_note_once_and_runs_on(monkeypatch):
    # As in the browser (JupyterLite): endplay cannot be imported at all.
    for name in ("endplay", "endplay.dds", "endplay.types"):
        monkeypatch.setitem(sys.modules, name, None)
    cells = run_code_cells(NOTEBOOK_41)
    double_dummy_cells = [value for source, value in cells if "DOUBLE_DUMMY" in source]
    assert len(double_dummy_cells) >= 4  # the review, the sum, the lead, par, ...
    assert double_dummy_cells[0] == unavailable_note()  # said once, rendered
    assert all(value is None for value in double_dummy_cells[1:-1])  # then nothing, no error
    assert cells[-1][1] == "all self-checks pass"  # and the notebook went on to its end
