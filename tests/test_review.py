"""The review after a deal (cardlib.coach.review): every decision rated by the expected
score it lost."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlib import bots, bridge, callbreak, callbridge, judgement
from cardlib.cards import Card
from cardlib.coach.analysis import CLEAR_SE, Estimate
from cardlib.coach.review import (
    Review,
    ReviewRow,
    about_points,
    assumption,
    review,
    reviewable,
)
from cardlib.errors import CardlibError

SENSIBLE = bots.SensibleBot()


def choose(deal, bot=SENSIBLE):
    if deal.phase == "playing":
        return bot.choose_play(deal)
    return bot.choose_call(deal)


def record_deal(deal, seat=0, learner=None, bot=SENSIBLE):
    """Play ``deal`` out with ``bot`` everywhere, ``learner(deal)`` choosing for ``seat``;
    return the seat's record: (a copy of the position, the choice) per decision."""
    record = []
    while not deal.is_over:
        if deal.to_act == seat:
            choice = learner(deal) if learner else choose(deal, bot)
            record.append((deal.copy(), choice))
        else:
            choice = choose(deal, bot)
        deal.act(choice)
    return record


def under_leads_the_ace(deal):
    """South leads 4♣ to the first trick from A♣ K♣ 4♣ (a bot would lead A♣); else the bot."""
    if deal.phase == "playing" and not deal.tricks and not deal.trick:
        assert {Card("AC"), Card("KC"), Card("4C")} <= deal.hand(0)
        assert SENSIBLE.choose_play(deal) == Card("AC")
        return Card("4C")
    return choose(deal)


def test_a_deliberately_bad_lead_is_the_costliest_decision():
    record = record_deal(callbreak.Deal(seed=4, dealer=3), learner=under_leads_the_ace)
    rated = review(record, samples=80)
    assert [row.kind for row in rated.rows] == ["call"] + ["card"] * 13
    assert [row.trick for row in rated.rows] == [None, *range(1, 14)]
    worst = rated.costliest
    assert (worst.number, worst.trick, worst.chosen) == (2, 1, Card("4C"))
    assert worst.best != Card("4C") and worst.loss > 1
    assert worst.loss == worst.best_estimate.mean - worst.chosen_estimate.mean
    assert rated.reason == worst.reason()
    # Plain words first, the numbers second, and what the numbers assume.
    assert rated.reason.startswith(f"Playing 4♣ at trick 1 cost you {about_points(worst.loss)}: ")
    assert rated.reason.index("In numbers: ") > rated.reason.index("was the better card")
    assert f"{worst.best} was expected to score " in rated.reason
    assert "over the same 80 imagined deals" in rated.reason
    assert rated.reason.endswith(assumption())
    assert rated.total_loss >= worst.loss
    assert worst.costly and rated.costly[0] == worst and rated.too_close_to_rank() == ()


def test_no_costliest_decision_when_the_largest_losses_are_within_noise():
    """A bad lead (2.41 ± 0.47) and a call (1.16 ± 0.45) are 1.25 apart, within two standard
    errors of the difference (1.30): neither is named the costliest."""
    call = ReviewRow(1, None, "call", 3, 2, Fraction(116, 100), 0.45, None, None, 13)
    lead = ReviewRow(2, 1, "card", Card("4C"), Card("TD"), Fraction(241, 100), 0.47, None, None, 13)
    quiet = ReviewRow(3, 2, "card", Card("4H"), Card("4H"), Fraction(0), 0.0, None, None, 9)
    rated = Review(0, "callbreak", (call, lead, quiet), 40, 0)
    assert lead.costly and call.costly and lead.loss > call.loss
    gap_stderr = math.hypot(lead.loss_stderr, call.loss_stderr)
    assert lead.loss - call.loss <= CLEAR_SE * gap_stderr
    assert rated.costliest is None
    assert rated.too_close_to_rank() == (lead, call)
    assert rated.reason == (
        "No single costly decision: Your call, Trick 1 each cost about as much, within two "
        "standard errors of each other."
    )
    separated = Review(0, "callbreak", (call, replace(lead, loss_stderr=0.2), quiet), 40, 0)
    assert separated.costliest == replace(lead, loss_stderr=0.2)


def test_a_loss_within_noise_is_too_close_to_tell():
    row = ReviewRow(5, 4, "card", Card("KH"), Card("7H"), Fraction(1, 25), 0.07, None, None, 3)
    assert row.close and not row.costly
    assert row.loss_text() == "too close to tell (0.04 ± 0.07)"
    assert row.reason() == (
        "K♥ was within two standard errors of 7♥, the best choice found: too close to tell "
        "at this many imagined deals, and more may separate them."
    )
    clear = ReviewRow(5, 4, "card", Card("KH"), Card("7H"), Fraction(1, 2), 0.07, None, None, 3)
    assert clear.costly and not clear.close
    rated = Review(0, "callbreak", (row,), 10, 0)
    assert rated.costliest is None and rated.costly == ()
    # Within the noise is not "as good as the best" (a replay against the bots found such a
    # decision costing a point): the review says the samples could not tell, and more may.
    assert rated.reason == (
        "No decision clearly cost points at 10 imagined deals: Trick 4 came too close to the "
        "best to tell, and more imagined deals may separate them. The rest were the best "
        "choice found."
    )
    assert "as good as" not in rated.reason
    best_only = Review(0, "callbreak", (replace(row, loss=Fraction(0), loss_stderr=0.0),), 10, 0)
    assert best_only.reason.startswith("No decision cost anything the coach could measure")


def test_an_absurd_call_is_the_costliest_decision():
    def calls_thirteen(deal):
        return 13 if deal.phase == "calling" else choose(deal)

    rated = review(record_deal(callbreak.Deal(seed=4, dealer=3), learner=calls_thirteen), 30)
    worst = rated.costliest
    assert (worst.number, worst.kind, worst.chosen) == (1, "call", 13)
    assert worst.best < 13 and worst.loss > 10  # a call of 13 is set: minus 13
    assert rated.reason.startswith("Calling 13 cost you about ")
    assert f"a call of {worst.best} was the better call. In numbers: call {worst.best} was " in (
        rated.reason
    )


def test_the_lower_card_of_the_suit_keeps_the_higher_one_in_the_reason():
    row = ReviewRow(
        3,
        2,
        "card",
        Card("KS"),
        Card("3S"),
        Fraction(4, 5),
        0.2,
        Estimate(Fraction(33, 10), 0.3, 50),
        Estimate(Fraction(41, 10), 0.3, 50),
        4,
    )
    assert row.reason() == (
        "Playing K♠ at trick 2 cost you about a point: 3♠ was the better card. Playing the "
        "lower 3♠ would have kept K♠ for later. In numbers: 3♠ was expected to score 4.10 "
        "against 3.30 for K♠ (a loss of 0.80 ± 0.20), over the same 50 imagined deals. "
        "These sizes assume every player plays as the coach does from there on; against the "
        "players at your table a choice can cost more or less."
    )
    assert row.loss_text() == "about a point (0.80 ± 0.20)"


def test_a_judgement_bid_is_a_bid_and_a_forced_card_costs_nothing():
    rnd = judgement.Round(4, 3, seed=2, dealer=1)
    record = record_deal(rnd, bot=bots.SensibleJudgementBot())
    rated = review(record, samples=20)
    assert rated.game == "judgement" and rated.rows[0].kind == "bid"
    last = rated.rows[-1]
    assert last.forced and last.loss == 0 and last.reason() == f"{last.chosen} was the only choice."


def test_the_review_is_deterministic_and_its_repr_evaluates_to_it():
    record = record_deal(callbridge.Deal(seed=1, dealer=3))
    first, again = review(record, 15, seed=3), review(record, 15, seed=3)
    assert first == again
    assert eval(repr(first)) == first  # the repr is the value, as in python-chess
    assert review(record, 15, seed=4) != first or all(r.forced for r in first.rows)


def test_the_review_sees_only_the_seats_own_view():
    """Other hands changed behind the learner's back (same own hand, same plays): same review."""
    deal = callbreak.Deal(seed=9, dealer=0)
    while deal.phase == "calling":
        deal.act(choose(deal))
    while deal.to_act != 0:
        deal.act(choose(deal))
    hidden = sorted(deal.hidden_from(0))
    random.Random(1).shuffle(hidden)
    sizes = [len(deal.hand(s)) for s in range(4)]
    hands = [None, hidden[: sizes[1]], hidden[sizes[1] : sizes[1] + sizes[2]]]
    hands.append(hidden[sizes[1] + sizes[2] :])
    other = deal.with_hands(hands)
    assert other != deal
    choice = SENSIBLE.choose_play(deal)
    assert review([(deal, choice)], 20) == review([(other, choice)], 20)


def test_contract_bridge_is_not_reviewed_and_says_so():
    game = bridge.Match(seed=1)
    assert not reviewable(game) and reviewable(callbreak.Match(seed=1))
    with pytest.raises(CardlibError, match="not for Contract Bridge") as error:
        review([(game.deal.copy(), game.deal.legal_actions()[0])])
    assert error.value.rule == "game"


def test_bad_records_are_refused_clearly():
    deal = callbreak.Deal(seed=1, dealer=3)
    with pytest.raises(CardlibError, match="nothing to review"):
        review([])
    with pytest.raises(CardlibError, match="was not allowed there"):
        review([(deal.copy(), 14)])
    first = deal.copy()
    deal.act(3)
    with pytest.raises(CardlibError, match="decision 2 is seat 1's, not seat 0's"):
        review([(first, 3), (deal.copy(), 3)])
    with pytest.raises(ValueError, match="samples"):
        review([(first, 3)], samples=0)


def test_a_call_that_act_refuses_is_refused_in_a_record_too():
    """3.0 and True compare equal to the calls 3 and 1, but they are not calls."""
    deal = callbreak.Deal(seed=1, dealer=3)
    for choice in (3.0, True):
        with pytest.raises(CardlibError, match="whole number"):
            deal.copy().act(choice)
        with pytest.raises(CardlibError, match="was not allowed there"):
            review([(deal.copy(), choice)], samples=5)


def test_a_match_in_play_is_reviewed_as_its_deal():
    """A position may be a match, as for the analysis: its card decisions once failed on the
    match's missing ``tricks`` (mypy's find)."""
    match = callbreak.Match(seed=1)
    while match.phase == "calling" or match.to_act != 0:
        match.act(choose(match.deal))
    choice = choose(match.deal)
    rated = review([(match.copy(), choice)], samples=5)
    assert rated == review([(match.deal.copy(), choice)], samples=5)
    assert rated.rows[0].trick == len(match.deal.tricks) + 1


GAMES = {
    "callbreak": (lambda seed: callbreak.Deal(seed=seed), SENSIBLE),
    "callbridge": (lambda seed: callbridge.Deal(seed=seed), SENSIBLE),
    "judgement": (
        lambda seed: judgement.Round(4, 1 + seed % 8, seed=seed, dealer=seed % 4),
        bots.SensibleJudgementBot(),
    ),
}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(GAMES)), st.integers(0, 10_000), st.integers(0, 3))
def test_losses_are_never_negative_and_the_best_choice_was_allowed(game, seed, seat):
    make, bot = GAMES[game]
    rng = random.Random(seed)

    def random_learner(deal):
        return rng.choice(deal.legal_actions())

    record = record_deal(make(seed), seat, random_learner, bot)
    rated = review(record, samples=4, seed=seed, exact_from=2)
    assert isinstance(rated, Review) and rated.seat == seat and len(rated.rows) == len(record)
    for row, (position, choice) in zip(rated.rows, record, strict=True):
        legal = position.legal_actions()
        assert row.chosen == choice and row.best in legal
        assert row.loss >= 0 and isinstance(row.loss, Fraction)
        assert row.forced == (len(legal) == 1)
        assert (row.loss == 0) == (row.best == row.chosen)
    worst = rated.costliest
    if worst is not None:  # named only when clearly the largest loss
        assert worst.loss == max(row.loss for row in rated.rows) and worst.costly
        assert all(
            row is worst
            or row.loss == 0
            or worst.loss - row.loss > CLEAR_SE * math.hypot(worst.loss_stderr, row.loss_stderr)
            for row in rated.rows
        )
    else:
        assert not rated.costly or len(rated.too_close_to_rank()) >= 2


def test_the_review_draws_as_a_table_with_the_costliest_row_marked_in_words():
    record = record_deal(callbreak.Deal(seed=4, dealer=3), learner=under_leads_the_ace)
    html = review(record, samples=10)._repr_html_()
    assert html.count("<tr") == 15 and html.count("<th scope='col'>") == 4
    assert html.count("★ Costliest") == 1
    assert "<th scope='row'>Trick 1 ★ Costliest</th>" in html
    assert 'aria-label="four of clubs"' in html or "aria-label='four of clubs'" in html


@pytest.mark.parametrize(
    ("loss", "words"),
    [
        (Fraction(0), "less than a quarter of a point"),
        (Fraction(24, 100), "less than a quarter of a point"),
        (Fraction(1, 4), "about half a point"),
        (Fraction(74, 100), "about half a point"),
        (Fraction(3, 4), "about a point"),
        (Fraction(125, 100), "about a point and a half"),
        (Fraction(175, 100), "about 2 points"),
        (Fraction(33, 10), "about 3 and a half points"),
    ],
)
def test_a_loss_in_plain_words_is_to_the_nearest_half_point(loss, words):
    assert about_points(loss) == words


def test_the_review_table_says_its_verdict_first_and_what_its_sizes_assume():
    row = ReviewRow(
        3,
        2,
        "card",
        Card("KS"),
        Card("3S"),
        Fraction(1, 2),
        0.1,
        Estimate(Fraction(33, 10), 0.3, 50),
        Estimate(Fraction(38, 10), 0.3, 50),
        4,
    )
    rated = Review(0, "callbreak", (row,), 50, 0)
    html = rated._repr_html_()
    assert html.startswith(
        "<p class='cardlib-review-reason'>Costliest decision: Playing K♠ at "
        "trick 2 cost you about half a point"
    )
    assert html.index("cardlib-review-reason") < html.index("<table")
    assert "every player plays as the coach does" in rated.caption
