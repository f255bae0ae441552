"""The coach serves a game it has never heard of: a toy fifth game, registered for the test.

Issue 35: every consumer asks the registry (:mod:`cardlib.games`) for a game's facts, so a new
game is its module and its registry entry, and nothing else changes. The toy game
(``tests/toy_game.py``) is written as a game module would be: its deal (a
:class:`~cardlib.game.CountedCallDeal` with its own play rules and points), its match, its
options and its :class:`Game` class. Registered with :func:`cardlib.games.registered`, it gets
the coach's view of a seat, the analysis of cards and of calls, the coach as a bot for a whole
deal, the review of a finished deal, the exact solver, and the replay, with no line of the
coach, the solver, the review or the history changed for it. Its rules differ from every real
game's where the coach could have assumed one: hearts are trump, a card need not beat the trick,
a void may discard anything, it says *bid*, and a bid scores only when made exactly, by a
multiple the deal's options set.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from toy_game import RULES, Deal, HeartsTrump, Stakes, score

from cardlib import games
from cardlib.bots import SensibleBot
from cardlib.coach.analysis import (
    CoachBot,
    analyse,
    analyse_calls,
    imagined_deals,
    legal_calls,
    opponent,
    view_of,
)
from cardlib.coach.review import review, reviewable
from cardlib.coach.solver import brute_force, ending_of, solve
from cardlib.errors import CardlibError
from cardlib.history import fresh_copy, replay, starting_hands

# ----- the toy game: what its module would hold ---------------------------------------


class Untaught(HeartsTrump):
    """The same game, but one the coach is told it does not know."""

    key = "untaught"
    name = "Untaught Call Break"
    coached = False
    analysed_by = "somewhere.else"


HIGH = Stakes(per_trick=3)


@pytest.fixture
def toy():
    with games.registered(HeartsTrump) as game:
        yield game


def played(deal: Deal, cards: int) -> Deal:
    """The deal bid and played by sensible bots until ``cards`` cards are down."""
    bots = [SensibleBot()] * 4
    while deal.phase == "calling":
        deal.call(bots[0].choose_call(deal))
    for _ in range(cards):
        deal.play(bots[0].choose_play(deal))
    return deal


# ----- what the coach does with it -----------------------------------------------------


def test_the_coach_sees_the_toy_game_through_the_registry(toy):
    deal = Deal(seed=3, dealer=0, stakes=HIGH)
    assert games.of(deal) is toy
    view = view_of(deal)
    assert (view.game, view.variant, view.seat, view.dealt) == ("heartstrump", HIGH, 1, 13)
    assert view.rules == RULES and view.face_up and len(view.hand) == 13
    assert legal_calls(view) == tuple(range(1, 14))
    # Its points, with the deal's options: exact bids only, 3 a trick here.
    assert view.points(1, 4) == [Fraction(12 if t == 4 else -4) for t in range(14)]
    # Mid-deal: the plays, the trick on the table and the tricks won, read the same way.
    played(deal, 22)
    view = view_of(deal)
    assert len(view.plays) == 22 and view.won == deal.tricks_won
    assert view.to_act == deal.to_act and view.leader == deal.leader


def test_the_coach_rates_the_toy_game_s_bids_and_cards(toy):
    deal = Deal(seed=4, dealer=2)
    bids = analyse_calls(deal, samples=6, seed=1)
    assert [c.call for c in bids.calls] == list(range(1, 14))
    for rated in bids.calls:  # every estimate is a mean of the toy game's own points
        possible = {score(rated.call, t) for t in range(14)}
        assert min(possible) <= rated.estimate.mean <= max(possible)
    assert bids.best in deal.legal_calls()
    played(deal, 17)  # in the middle of a trick
    cards = analyse(deal, samples=6, seed=2, exact_from=3)
    assert {c.card for c in cards.cards} == set(deal.legal_plays())
    assert cards.best in deal.legal_plays()
    assert len(list(imagined_deals(deal, 3, seed=2))) == 3


def test_the_coach_plays_a_whole_toy_deal_legally_as_a_bot(toy):
    deal = Deal(seed=5, dealer=1, stakes=HIGH)
    coach = opponent(toy, "strong", seed=7, samples=3)
    assert isinstance(coach, CoachBot)
    bots = [coach, SensibleBot(), CoachBot(seed=8, call_samples=3, play_samples=3), SensibleBot()]
    while not deal.is_over:
        bot = bots[deal.to_act]
        choice = bot.choose_call(deal) if deal.phase == "calling" else bot.choose_play(deal)
        assert choice in deal.legal_actions()
        deal.act(choice)
    assert deal.returns() == tuple(
        score(call, won, HIGH) for call, won in zip(deal.calls, deal.tricks_won, strict=True)
    )


def test_a_finished_toy_deal_is_reviewed_in_the_toy_game_s_words(toy):
    deal, record, bot = Deal(seed=6, dealer=3), [], SensibleBot()
    while not deal.is_over:
        choice = bot.choose_call(deal) if deal.phase == "calling" else bot.choose_play(deal)
        if deal.to_act == 0:
            record.append((deal.copy(), choice))
        deal.act(choice)
    assert reviewable(deal)
    rated = review(record, samples=4, exact_from=2)
    assert rated.game == "heartstrump" and len(rated.rows) == 14
    assert rated.rows[0].kind == "bid" and rated.rows[0].choice_text() == f"bid {deal.calls[0]}"
    assert all(row.loss >= 0 for row in rated.rows)


def test_the_exact_solver_scores_the_toy_game_s_ending(toy):
    deal = played(Deal(seed=7, dealer=0, stakes=HIGH), 41)  # three cards left, one on the table
    ending = ending_of(deal)
    assert (ending.game, ending.variant, ending.rules) == ("heartstrump", HIGH, RULES)
    solution = solve(deal)
    reference = brute_force(deal)
    assert {value.card for value in solution.cards} == set(deal.legal_plays())
    for value in solution.cards:
        assert value.tricks == reference[value.card]
        assert value.points == tuple(
            score(call, tricks, HIGH) for call, tricks in zip(deal.calls, value.tricks, strict=True)
        )


def test_the_toy_deal_is_made_again_and_replayed_through_the_registry(toy):
    deal = played(Deal(seed=8, dealer=1, stakes=HIGH), 30)
    again = fresh_copy(deal)
    assert type(again) is Deal and again.stakes == HIGH
    assert again.calls == deal.calls and again.phase == "playing"
    assert [sorted(h) for h in starting_hands(again)] == [sorted(h) for h in starting_hands(deal)]
    plays = replay(deal)
    assert [p.card for p in plays] == [c for t in deal.tricks for c in t.cards] + list(deal.trick)
    assert [p.seat for p in plays][:4] == list(deal.tricks[0].seats)


def test_a_game_the_coach_does_not_know_is_refused_and_sent_where_it_is_analysed():
    deal = played(Deal(seed=9, dealer=0), 41)
    with games.registered(Untaught):
        assert not reviewable(deal)
        sent = r"not Untaught Call Break: its analysis is somewhere\.else"
        for coach in (view_of, ending_of, solve, analyse):
            with pytest.raises(CardlibError, match=sent) as error:
                coach(deal)
            assert error.value.rule == "game"
        with pytest.raises(CardlibError, match="not for Untaught Call Break") as error:
            review([(deal.copy(), deal.legal_actions()[0])])
        assert error.value.rule == "game"
        assert fresh_copy(deal) == Deal.from_hands(starting_hands(deal), 0, deal.calls)
    # Out of the registry, the coach knows nothing of it.
    assert not reviewable(deal)
    with pytest.raises(CardlibError, match="not Deal") as error:
        view_of(deal)
    assert error.value.rule == "game"
