"""Exact means exact: from ``exact_from`` cards a hand, the coach's playouts are the solver's.

Once every hand is down to ``exact_from`` cards, the rest of the deal, the trick on the
table included, is played by the exact solver's max-n line, not by the playout policy. So in
a small ending, the coach's expected points for a card are exactly the average, over the
layouts it drew, of the solver's value of that card in each layout; and over many samples
they approach the average over *every* layout consistent with what the player has seen,
enumerated here by brute force and solved by :func:`cardlib.coach.solver.brute_force`
(the tests' reference, written without the solver's shortcuts).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from cardlib import callbreak
from cardlib.bots import SensibleBot
from cardlib.cards import DECK, from_mask
from cardlib.coach.analysis import analyse, forbidden_cards, imagined_deals, view_of
from cardlib.coach.solver import Ending, brute_force


def mid_trick(seed: int, on_table: int) -> callbreak.Deal:
    """A sensible bots' deal after ten tricks and ``on_table`` cards of the eleventh."""
    deal = callbreak.Deal(seed=seed, dealer=seed % 4)
    bot = SensibleBot()
    while deal.phase == "calling":
        deal.call(bot.choose_call(deal))
    while len(deal.tricks) < 10 or len(deal.trick) < on_table:
        deal.play(bot.choose_play(deal))
    return deal


def every_layout(view):
    """Every layout of the unseen cards that fits the hand sizes and what the plays proved."""
    others = [s for s in range(view.players) if s != view.seat]
    forbidden = forbidden_cards(view)

    def deal(i, left):
        if i == len(others):
            yield {}
            return
        seat = others[i]
        for hand in combinations(sorted(left), view.hand_size(seat)):
            if any(forbidden[seat] >> c & 1 for c in hand):
                continue
            for rest in deal(i + 1, left - set(hand)):
                yield {seat: sum(1 << c for c in hand), **rest}

    for layout in deal(0, {int(c) for c in from_mask(view.unseen)}):
        yield [view.hand_mask if s == view.seat else layout[s] for s in range(view.players)]


def solved_points(view, hands) -> dict:
    """The player's points after each legal card, every hand as in ``hands``, by brute force."""
    ending = Ending(
        hands=tuple(tuple(from_mask(h)) for h in hands),
        trick=tuple(c for _, c in view.current),
        leader=view.leader,
        won=view.won,
        calls=tuple(view.calls),
        rules=view.rules,
        direction=view.direction,
        game=view.game,
        variant=view.variant,
    )
    own = view.points(view.seat, view.calls[view.seat])
    return {card: own[final[view.seat]] for card, final in brute_force(ending).items()}


# Endings where the policy would have finished the trick otherwise than max-n does.
@pytest.mark.parametrize("seed, on_table", [(4, 2), (12, 1), (16, 2)])
def test_the_trick_on_the_table_is_finished_exactly(seed, on_table):
    view = view_of(mid_trick(seed, on_table))
    assert view.hand_size(view.seat) == 3 and len(view.current) == on_table
    samples = 100
    analysis = analyse(view, samples, seed=seed, exact_from=3)
    # Sample by sample: the coach's value of each card is the solver's in that layout.
    drawn = [solved_points(view, hands) for hands in imagined_deals(view, samples, seed)]
    for rated in analysis.cards:
        exact = sum((d[rated.card] for d in drawn), Fraction(0)) / samples
        assert rated.estimate.mean == exact, rated.card
    # Over every layout: the sampled means are within three standard errors of the truth.
    layouts = [solved_points(view, hands) for hands in every_layout(view)]
    assert len(layouts) > 1
    for rated in analysis.cards:
        truth = sum((d[rated.card] for d in layouts), Fraction(0)) / len(layouts)
        assert abs(rated.estimate.mean - truth) <= 3 * rated.estimate.stderr + Fraction(1, 10**9)
    assert set(DECK[int(c)] for c in (r.card for r in analysis.cards)) == set(drawn[0])
