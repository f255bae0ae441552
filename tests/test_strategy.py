"""The strategy notebooks' bot variants (cardlib.strategy): they never act illegally, the fast
simulations on masks make exactly the bots' decisions, and each variant does what it says."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import callbridge, judgement, strategy
from cardlib.bots import SensibleBot, SensibleJudgementBot, play_out, sensible_call_mask
from cardlib.game import deal_hands

seeds = st.integers(0, 2**32 - 1)
JUDGEMENT_BOTS = (SensibleJudgementBot, strategy.RunningTotalBot, strategy.SpoilerBot)


def act_checked(game, bots) -> None:
    """Play ``game`` (a round or a deal) out with ``bots``, each action checked legal first."""
    while game.phase in ("bidding", "calling", "playing"):
        bot = bots[game.to_act]
        if game.phase == "playing":
            card = bot.choose_play(game)
            assert card in game.legal_plays(), (bot, card)
            game.play(card)
        else:
            call = bot.choose_call(game)
            assert call in game.legal_calls(), (bot, call)
            game.call(call)


@settings(max_examples=25, deadline=None)
@given(seeds, st.integers(3, 7))
def test_the_judgement_variants_never_act_illegally(seed, players):
    """A whole match (every round size, the hook, the blind round) with the variants mixed."""
    rng = random.Random(seed)
    bots = [rng.choice(JUDGEMENT_BOTS)() for _ in range(players)]
    match = judgement.Match(players, seed=seed)
    while True:
        act_checked(match.round, bots)
        if match.phase == judgement.OVER:
            break
        match.next_round()


@settings(max_examples=6, deadline=None)
@given(seeds, st.sampled_from([strategy.enough_for_the_target, strategy.one_more_when_behind]))
def test_the_target_bot_never_bids_illegally_to_the_end_of_a_match(seed, rule):
    match = callbridge.Match(seed=seed, target=30)
    bots = [strategy.TargetBot(match, rule) if s % 2 else SensibleBot() for s in range(4)]
    while True:
        act_checked(match.deal, bots)
        if match.phase == "over":
            break
        match.next_deal()


def round_by_bots(seed: int, number: int, bots) -> judgement.Round:
    round_ = judgement.Round(4, number, seed=seed, dealer=seed % 4)
    play_out(round_, bots)
    return round_


@settings(max_examples=40, deadline=None)
@given(seeds, st.integers(1, 7), st.integers(0, 3))
def test_the_judgement_simulation_on_masks_is_the_bots_round(seed, number, seat):
    """Same bids and tricks as the engine's round played by the bots, the variant at ``seat``."""
    start = judgement.Round(4, number, seed=seed, dealer=seed % 4)
    hands, trump, dealer = list(start._hands), start.trump, start.dealer
    plain = round_by_bots(seed, number, [SensibleJudgementBot()] * 4)
    assert strategy.judgement_bids(hands, trump, dealer) == list(plain.bids)
    assert strategy.judgement_playout(hands, trump, dealer, plain.bids) == list(plain.tricks_won)
    bots = [SensibleJudgementBot()] * 4
    bots[seat] = strategy.RunningTotalBot()
    counted = round_by_bots(seed, number, bots)
    policies = [None] * 4
    policies[seat] = strategy.running_total_bid
    assert strategy.judgement_bids(hands, trump, dealer, policies) == list(counted.bids)
    bots[seat] = strategy.SpoilerBot()
    spoiled = round_by_bots(seed, number, bots)
    won = strategy.judgement_playout(hands, trump, dealer, plain.bids, spoiler=seat)
    assert won == list(spoiled.tricks_won)
    # the spoiler plays against the others only once its own score is settled: never its own
    assert spoiled.scores()[seat] == plain.scores()[seat]


def test_the_running_total_bids_one_more_only_when_tricks_are_left_unclaimed():
    hand = 1 << 12  # the ace of spades alone, seven cards a round: a count of 1 with ♣ trump
    hand |= sum(1 << card for card in (13, 14, 15, 26, 27, 40))  # low hearts, diamonds, clubs
    assert sensible_call_mask(hand, "C", 0, 7) == 1
    legal = tuple(range(8))
    # first to bid: 7 − 1 − 3 × 1.3 = 2.1 unclaimed: one more
    assert strategy.unclaimed_tricks(1, 7, [], 3) == Fraction(21, 10)
    assert strategy.running_total_bid(hand, "C", 7, [], 3, legal) == 2
    # the others have bid 6 already: over-claimed, the count stands
    assert strategy.running_total_bid(hand, "C", 7, [2, 2, 2], 0, legal) == 1
    # 7 − 5 − 1 = 1 unclaimed, just enough; but the hook forbids 2 to the dealer: 1 it is
    assert strategy.running_total_bid(hand, "C", 7, [2, 2, 1], 0, legal) == 2
    hooked = judgement.legal_bids(7, [2, 2, 1], is_dealer=True)
    assert strategy.running_total_bid(hand, "C", 7, [2, 2, 1], 0, hooked) == 1
    assert strategy.running_total_bid(hand, "C", 7, [2, 2, 1], 0, legal, Fraction(2)) == 1


def test_the_expected_count_is_the_sensible_counts_average():
    """Each size's table value is within 0.06 of the average over fresh random hands."""
    rng = random.Random(97)
    for cards, expected in strategy.EXPECTED_COUNT.items():
        counts = [
            sensible_call_mask(hand, "H", 0, cards)
            for _ in range(500)
            for hand in deal_hands(rng, 0, 1, 7, cards)
        ]
        assert abs(Fraction(sum(counts), len(counts)) - expected) < Fraction(6, 100), cards


def test_the_spoiler_takes_a_needed_trick_and_feeds_one_too_many():
    # Seat 0 bid 0 and took a trick: settled. Seat 1 (bid 1, none yet) leads K♥ and seat 0 holds
    # A♥ 2♥: it takes the trick from seat 1, who needs it.
    ace, two, king = 12 + 13, 0 + 13, 11 + 13
    hand = 1 << ace | 1 << two
    bids, won = [0, 1, 0, 0], [1, 0, 0, 0]
    assert strategy.spoiler_play_mask(hand, [king], hand, 0, 0, 1, bids, won) == ace
    # Seat 1 has its trick already: seat 0 lets the king win, one trick too many.
    assert strategy.spoiler_play_mask(hand, [king], hand, 0, 0, 1, bids, [1, 1, 0, 0]) == two
    # Not settled (seat 0 bid 1 and has it): the sensible duck, whoever needs the trick.
    assert strategy.spoiler_play_mask(hand, [king], hand, 0, 0, 1, [1, 1, 0, 0], won) == two


def test_the_call_bridge_match_on_masks_is_the_engines():
    for seed in range(6):
        match = callbridge.Match(seed=seed, target=30)
        target_bots = [SensibleBot()] * 4
        target_bots[seed % 4] = strategy.TargetBot(match)
        while True:
            play_out(match.deal, target_bots)
            if match.phase == "over":
                break
            match.next_deal()
        rules = [None] * 4
        rules[seed % 4] = strategy.enough_for_the_target
        assert strategy.callbridge_match(seed, 30, rules) == tuple(map(int, match.totals()))
        plain = callbridge.Match(seed=seed, target=30)
        while True:
            play_out(plain.deal, [SensibleBot()] * 4)
            if plain.phase == "over":
                break
            plain.next_deal()
        assert strategy.callbridge_match(seed, 30) == tuple(map(int, plain.totals()))


def _share(totals, seat):
    top = max(totals)
    winners = [s for s, t in enumerate(totals) if t == top]
    return Fraction(1, len(winners)) if seat in winners else Fraction(0)


def test_target_rule_wins_is_the_difference_of_the_two_whole_matches():
    rules = [strategy.enough_for_the_target, strategy.one_more_when_behind]
    for seed in range(12):
        got = strategy.target_rule_wins(seed, 30, rules)
        plain = strategy.callbridge_match(seed, 30)
        for rule, differences in zip(rules, got, strict=True):
            for seat in range(4):
                by_rule = [None] * 4
                by_rule[seat] = rule
                totals = strategy.callbridge_match(seed, 30, by_rule)
                assert differences[seat] == _share(totals, seat) - _share(plain, seat)


def test_the_target_rules():
    assert strategy.enough_for_the_target(5, 27, [10, 12, 20], 30) == 3
    assert strategy.enough_for_the_target(5, 29, [10, 12, 20], 30) == 2  # never below 2
    assert strategy.enough_for_the_target(5, 20, [10, 12, 20], 30) == 5  # not in reach
    assert strategy.enough_for_the_target(9, 27, [10, 12, 20], 30) == 9  # a bonus stays
    assert strategy.one_more_when_behind(4, 10, [24, 12, 20], 30) == 5
    assert strategy.one_more_when_behind(4, 10, [22, 12, 20], 30) == 4  # nobody within 7
    assert strategy.one_more_when_behind(12, 10, [24, 12, 20], 30) == 12  # 12 at most
