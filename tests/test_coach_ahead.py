"""The coach's analyses done ahead, a few samples at a time (cardlib.coach.analysis:
PendingAnalysis, AnalysesAhead) and read by the review (cardlib.coach.review.review(ahead=))."""

from __future__ import annotations

import random

import pytest

from cardlib import callbreak, callbridge, judgement
from cardlib.bots import SensibleBot, SensibleJudgementBot
from cardlib.coach.analysis import (
    AnalysesAhead,
    PendingAnalysis,
    analyse,
    analyse_calls,
    view_of,
)
from cardlib.coach.review import review
from cardlib.errors import CardlibError

DEALS = {
    "callbreak": (lambda seed: callbreak.Deal(seed=seed), SensibleBot()),
    "callbridge": (lambda seed: callbridge.Deal(seed=seed), SensibleBot()),
    "judgement": (lambda seed: judgement.Round(4, 1, seed=seed), SensibleJudgementBot()),
}


def seat_zero_record(game: str, seed: int) -> list:
    """A deal of ``game`` played out by sensible bots; seat 0's (position, choice) pairs."""
    make, bot = DEALS[game]
    deal, record = make(seed), []
    while not deal.is_over:
        choice = bot.choose_play(deal) if deal.phase == "playing" else bot.choose_call(deal)
        if deal.to_act == 0:
            record.append((deal.copy(), choice))
        deal.act(choice)
    return record


@pytest.mark.parametrize("game", list(DEALS))
def test_cut_into_any_steps_an_analysis_is_the_one_made_at_once(game):
    record = seat_zero_record(game, 3)
    cuts = random.Random(game)
    for number, (position, _choice) in enumerate(record[:6], 1):
        calls = position.phase != "playing"
        pending = PendingAnalysis(position, 24, seed=number, calls=calls)
        while pending.step(cuts.randint(1, 9)):
            pass
        assert pending.finished and pending.done == 24
        if calls:
            assert pending.result(boldness=0) == analyse_calls(position, 24, number, boldness=0)
            assert pending.result() == analyse_calls(position, 24, number)  # its boldness
            assert pending.result(7, boldness=0) == analyse_calls(position, 7, number, boldness=0)
        else:
            assert pending.result() == analyse(position, 24, number)
            # its first samples are the analysis of that many: the hint's on the spot
            assert pending.result(7) == analyse(position, 7, number)


def test_a_partial_analysis_is_the_analysis_of_its_samples_and_the_rest_follows():
    record = seat_zero_record("callbreak", 5)
    position = next(p for p, _ in record if p.phase == "playing" and len(p.legal_actions()) > 3)
    pending = PendingAnalysis(position, 30, seed=2)
    assert pending.choices > 1 and pending.done == 0 and not pending.finished
    pending.step(11)
    assert pending.done == 11 and pending.result() == analyse(position, 11, 2)
    assert pending.finish() == analyse(position, 30, 2)
    assert pending.step(5) is False and pending.done == 30  # nothing is played twice


def test_a_late_position_finishes_exactly_in_steps_too():
    """From three cards a hand the samples are finished by the exact solver after the policy:
    that work is cut into steps as well, and the analysis is finished only once it is done."""
    record = seat_zero_record("callbreak", 1)
    position = next(p for p, _ in record if p.phase == "playing" and len(p.hand(0)) == 3)
    pending = PendingAnalysis(position, 40, seed=9)
    steps = 0
    while pending.step(1):
        steps += 1
    assert steps >= 40 and pending.result() == analyse(position, 40, 9)


def test_bad_arguments_are_refused_and_nothing_changes():
    position = seat_zero_record("callbreak", 2)[1][0]
    with pytest.raises(CardlibError):
        PendingAnalysis(position, 0, seed=1)
    with pytest.raises(CardlibError):
        PendingAnalysis(position, 10, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(CardlibError):  # a card position is not a call's
        PendingAnalysis(position, 10, seed=1, calls=True)
    pending = PendingAnalysis(position, 10, seed=1)
    for bad in (0, -1, 2.5, True, "3"):
        with pytest.raises(CardlibError):
            pending.step(bad)
    assert pending.done == 0
    with pytest.raises(CardlibError, match="from 1 to 0"):
        pending.result()  # nothing played yet
    pending.step(4)
    for bad in (0, 5, 2.0, True):
        with pytest.raises(CardlibError, match="from 1 to 4"):
            pending.result(bad)


def test_kept_analyses_are_found_by_what_they_analyse_never_for_another_position():
    record = seat_zero_record("callbreak", 4)
    (first, _), (second, _) = record[1], record[2]
    ahead = AnalysesAhead()
    pending = ahead.pending(first, 20, 5)
    assert ahead.pending(first.copy(), 20, 5) is pending  # the same position, seen again
    assert ahead.pending(view_of(first), 20, 5) is pending
    others = [
        ahead.pending(second, 20, 5),  # another position
        ahead.pending(first, 20, 6),  # another seed
        ahead.pending(first, 21, 5),  # another number of samples
        ahead.pending(first, 20, 5, exact_from=0),
    ]
    assert all(other is not pending for other in others)
    assert len({id(other) for other in others}) == 4 and len(ahead) == 5
    ahead.clear()
    assert len(ahead) == 0 and ahead.pending(first, 20, 5) is not pending


@pytest.mark.parametrize("game", list(DEALS))
@pytest.mark.parametrize("seed", [0, 1])
def test_a_review_reading_analyses_done_ahead_is_the_review_made_at_the_end(game, seed):
    record = seat_zero_record(game, seed)
    made_at_the_end = review(record, 20, seed=seed)
    ahead = AnalysesAhead()
    cuts = random.Random(seed)
    for number, (position, _choice) in enumerate(record, 1):
        if len(position.legal_actions()) > 1 and cuts.random() < 0.7:  # some done, some not
            pending = ahead.pending(position, 20, seed + number, calls=position.phase != "playing")
            pending.step(cuts.randint(1, 25))
    read = review(record, 20, seed=seed, ahead=ahead)
    assert read == made_at_the_end
    assert read.reason == made_at_the_end.reason and read.caption == made_at_the_end.caption
    # what was not done ahead was done for the review, and is kept: read again, no work
    assert review(record, 20, seed=seed, ahead=ahead) == made_at_the_end


def test_a_review_refuses_a_store_that_is_not_one():
    record = seat_zero_record("callbreak", 0)
    with pytest.raises(CardlibError, match="ahead"):
        review(record, 5, ahead={})  # type: ignore[arg-type]
