"""Properties of whole Call Break deals over random seeds, variants and legal play."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import (
    Card,
    IllegalPlayError,
    OutOfTurnError,
    PhaseError,
)
from cardlib.bots import RandomBot, SensibleBot, sensible_call_mask
from cardlib.callbreak import Deal, Match, Variant, play_rules, trick_winner
from cardlib.cards import DECK, from_mask, to_mask
from cardlib.coach.fast import play_tricks, random_deal, sensible_chooser

seeds = st.integers(0, 2**32 - 1)
variants = st.builds(
    Variant,
    old_scoring=st.booleans(),
    min_call=st.sampled_from([1, 2]),
    no_spade_lead_first_trick=st.booleans(),
    free_discard=st.booleans(),
)
FEW = settings(max_examples=60, deadline=None)


def rules_md(hand, trick, variant, first_trick):
    """'What you may play', read straight from RULES.md, on plain card sets."""
    if not trick:
        others = {c for c in hand if c.suit != "S"}
        if first_trick and variant.no_spade_lead_first_trick and others:
            return others
        return set(hand)
    led = trick[0].suit
    follow = {c for c in hand if c.suit == led}
    spades_on_table = [c.rank for c in trick if c.suit == "S"]
    if follow:
        if led != "S" and spades_on_table:
            return follow
        top = max(c.rank for c in trick if c.suit == led)
        return {c for c in follow if c.rank > top} or follow
    spades = {c for c in hand if c.suit == "S"}
    if not spades:
        return set(hand)
    if not spades_on_table:
        return spades
    higher = {c for c in spades if c.rank > max(spades_on_table)}
    if higher:
        return higher
    return set(hand) if variant.free_discard else spades


def try_illegal_actions(deal, rng):
    """Every kind of illegal action at this point raises and leaves the deal as it was."""
    state = deal._state()
    seat = deal.to_act
    others = [c for s in range(4) if s != seat for c in deal.hand(s)]
    attempts = [
        (lambda: deal.call(3), PhaseError),
        (lambda: deal.play(next(iter(deal.legal_plays())), seat=(seat + 1) % 4), OutOfTurnError),
    ]
    if others:
        attempts.append((lambda: deal.play(rng.choice(others)), IllegalPlayError))
    not_allowed = sorted(deal.hand(seat) - deal.legal_plays())
    if not_allowed:
        attempts.append((lambda: deal.play(rng.choice(not_allowed)), IllegalPlayError))
    for action, error in attempts:
        try:
            action()
        except error as caught:
            assert caught.rule and str(caught)
        else:
            raise AssertionError(f"{error.__name__} expected")
        assert deal._state() == state


@FEW
@given(seeds, variants)
def test_random_legal_play_keeps_every_rule(seed, variant):
    rng = random.Random(seed)
    deal = Deal(seed=seed, variant=variant)
    assert deal.legal_calls() == range(variant.min_call, 14)
    while deal.phase == "calling":
        deal.call(rng.choice(deal.legal_calls()))
    played = []
    while deal.phase == "playing":
        seat = deal.to_act
        legal = deal.legal_plays()
        hand = deal.hand(seat)
        assert legal and legal <= hand
        assert legal == rules_md(hand, deal.trick, variant, deal.first_trick)
        assert deal.explain().legal == legal
        if rng.random() < 0.1:
            try_illegal_actions(deal, rng)
        card = rng.choice(sorted(legal))
        played.append(card)
        deal.play(card)
    assert len(deal.tricks) == 13 and sum(deal.tricks_won) == 13
    assert sorted(played) == list(DECK)
    assert all(not hand for hand in deal.hands)
    for trick in deal.tricks:
        assert trick.winner == trick.seats[trick_winner(trick.cards)]
    assert [c for trick in deal.tricks for c in trick.cards] == played
    scores = deal.scores()
    assert all(points == round(points, 1) for points in scores)


@FEW
@given(seeds, variants, st.sampled_from(["random", "sensible"]))
def test_bots_only_choose_legal_calls_and_plays(seed, variant, kind):
    bots = [RandomBot(seed + seat) if kind == "random" else SensibleBot() for seat in range(4)]
    deal = Deal(seed=seed, variant=variant)
    while deal.phase == "calling":
        call = bots[deal.to_act].choose_call(deal)
        assert call in deal.legal_calls()
        deal.call(call)
    while deal.phase == "playing":
        card = bots[deal.to_act].choose_play(deal)
        assert type(card) is Card and card in deal.legal_plays()
        deal.play(card)
    assert deal.phase == "over"


@FEW
@given(seeds, variants)
def test_fast_path_plays_the_same_game_as_deal_with_sensible_bots(seed, variant):
    deal = Deal(seed=seed, variant=variant)
    hands = [to_mask(hand) for hand in deal.hands]
    bot = SensibleBot()
    while deal.phase == "calling":
        deal.call(bot.choose_call(deal))
    calls = list(deal.calls)
    assert calls == [sensible_call_mask(hand, "S", variant.min_call, 13) for hand in hands]
    while deal.phase == "playing":
        deal.play(bot.choose_play(deal))
    rules = play_rules(variant)
    won = play_tricks(list(hands), deal.tricks[0].leader, rules, sensible_chooser(calls, 0))
    assert tuple(won) == deal.tricks_won


@FEW
@given(seeds, variants)
def test_fast_path_and_deal_agree_move_for_move_on_random_choices(seed, variant):
    deal = Deal(seed=seed, variant=variant)
    hands = [to_mask(hand) for hand in deal.hands]
    leader = (deal.dealer + 1) % 4
    while deal.phase == "calling":
        deal.call(variant.min_call)
    rng = random.Random(seed)
    through_deal = []
    while deal.phase == "playing":
        card = rng.choice(sorted(deal.legal_plays()))
        through_deal.append(card)
        deal.play(card)

    rng = random.Random(seed)
    through_fast = []

    def choose(seat, hand, trick, legal, won):
        card = int(rng.choice(from_mask(legal)))
        through_fast.append(DECK[card])
        return card

    won = play_tricks(list(hands), leader, play_rules(variant), choose)
    assert through_fast == through_deal
    assert tuple(won) == deal.tricks_won


@FEW
@given(seeds, variants)
def test_fast_random_deal_is_the_same_deal_played_through_deal(seed, variant):
    # random_deal draws, from one generator: the dealer, the hands, four calls and
    # then each card uniformly among the legal ones, lowest index first.
    rules = play_rules(variant)
    calls, won = random_deal(random.Random(seed), rules, variant.min_call)
    rng = random.Random(seed)
    deal = Deal(seed=rng, variant=variant)
    drawn = []
    while deal.phase == "calling":
        drawn.append(variant.min_call + int(rng.random() * (14 - variant.min_call)))
        deal.call(drawn[-1])
    while deal.phase == "playing":
        legal = sorted(deal.legal_plays())
        deal.play(legal[int(rng.random() * len(legal))])
    assert drawn == calls
    assert tuple(won) == deal.tricks_won


@settings(max_examples=30, deadline=None)
@given(seeds)
def test_fast_random_deal_is_a_whole_legal_deal(seed):
    calls, won = random_deal(random.Random(seed), play_rules())
    assert all(1 <= call <= 13 for call in calls)
    assert sum(won) == 13 and len(won) == 4
    assert random_deal(random.Random(seed), play_rules()) == (calls, won)


@settings(max_examples=15, deadline=None)
@given(seeds, variants)
def test_a_match_of_random_bots_adds_up(seed, variant):
    match = Match(seed=seed, variant=variant)
    bots = [RandomBot(seed + seat) for seat in range(4)]
    dealers = []
    while True:
        dealers.append(match.deal.dealer)
        while match.phase in ("calling", "playing"):
            bot = bots[match.to_act]
            if match.phase == "calling":
                match.call(bot.choose_call(match.deal))
            else:
                match.play(bot.choose_play(match.deal))
        if match.phase == "over":
            break
        match.next_deal()
    assert dealers == [(match.first_dealer + i) % 4 for i in range(5)]
    by_deal = match.scores_by_deal()
    assert len(by_deal) == 5
    totals = match.totals()
    assert totals == tuple(sum((d[s] for d in by_deal), start=totals[s] * 0) for s in range(4))
    best = max(totals)
    assert match.winners() == tuple(s for s in range(4) if totals[s] == best)
