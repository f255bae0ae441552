"""The hot paths that inline the ladder play exactly by tricks.legal_mask.

``tricks.legal_mask`` is the one definition of "what may I play". For speed,
``TrickDeal.play`` works out the next turn's mask from the trick's top cards as
they fall, and ``fast.random_playout`` and ``fast.sensible_playout`` (which also
inlines the sensible bot's choice) do the same in their own loops. These
tests replay random games under every kind of :class:`PlayRules` (trump suit or
none, must beat or not, each void rule, with or without the first-lead rule,
both directions, full and short hands) and check, at every turn, that the mask
used equals ``legal_mask`` and that every trick goes where ``winner_index`` says.
"""

import random
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import callbreak, callbridge
from cardlib.bots import sensible_play_mask
from cardlib.cards import DECK, SUITS, from_mask
from cardlib.coach.fast import (
    SensibleChooser,
    play_tricks,
    random_deal,
    random_playout,
    sensible_chooser,
    sensible_playout,
)
from cardlib.errors import IllegalPlayError, PhaseError
from cardlib.game import CountedCallDeal, deal_hands
from cardlib.tricks import PlayRules, legal_mask, winner_index

SOME = settings(max_examples=150, deadline=None)
seeds = st.integers(0, 2**32 - 1)
any_rules = st.builds(
    PlayRules,
    trump=st.sampled_from([*SUITS, None]),
    must_beat=st.booleans(),
    void_rule=st.sampled_from(["free", "trump", "overtrump"]),
    no_trump_lead_first_trick=st.booleans(),
)
directions = st.sampled_from([1, -1])
hand_sizes = st.sampled_from([13, 13, 13, 1, 2, 5, 9])


def random_hands(seed: int, size: int) -> list[int]:
    """Four hands of ``size`` cards from a shuffled deck (13 each: a whole deal)."""
    if size == 13:
        return deal_hands(random.Random(seed), 0)
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    return [sum(1 << c for c in deck[size * s : size * (s + 1)]) for s in range(4)]


def trump_index(rules: PlayRules) -> int:
    return -1 if rules.trump is None else SUITS.index(rules.trump)


def rules_deal_class(rules: PlayRules, direction: int):
    """A TrickDeal game with any play rules: the engine's state machine, nothing else."""
    return type(
        "AnyRulesDeal",
        (CountedCallDeal,),
        {
            "rules": rules,
            "direction": direction,
            "min_call": 0,
            "max_call": 13,
            "score_for": lambda self, call, tricks: Decimal(tricks),
        },
    )


# ----- fast.random_playout -----------------------------------------------------


@SOME
@given(seeds, any_rules, directions, hand_sizes, st.integers(0, 3))
def test_random_playout_uses_legal_mask_at_every_turn(seed, rules, direction, size, leader):
    hands = random_hands(seed, size)
    first_trick = size == 13
    record = []
    won = random_playout(
        list(hands), leader, rules, random.Random(seed), direction, first_trick, record
    )
    assert len(record) == 4 * size
    held = list(hands)
    won_by_seat = [0, 0, 0, 0]
    for start in range(0, len(record), 4):
        trick = []
        seat = leader
        for hand, legal, card in record[start : start + 4]:
            assert hand == held[seat]
            assert legal == legal_mask(hand, trick, rules, first_trick and start == 0)[0]
            assert legal >> card & 1
            held[seat] ^= 1 << card
            trick.append(card)
            seat = (seat + direction) % 4
        leader = (leader + direction * winner_index(trick, trump_index(rules))) % 4
        won_by_seat[leader] += 1
    assert won == won_by_seat
    assert held == [0, 0, 0, 0]


@SOME
@given(seeds, st.sampled_from(sorted(callbreak._RULES)))
def test_random_playout_games_replay_through_call_break_deal(seed, switches):
    free_discard, no_spade_lead = switches
    variant = callbreak.Variant(free_discard=free_discard, no_spade_lead_first_trick=no_spade_lead)
    deal = callbreak.Deal(seed=seed, variant=variant)
    hands = [sum(c.mask for c in hand) for hand in deal.hands]
    for _ in range(4):
        deal.call(1)
    record = []
    won = random_playout(
        list(hands), deal.to_act, callbreak.play_rules(variant), random.Random(seed), record=record
    )
    for _hand, legal, card in record:
        assert deal.legal_plays() == frozenset(from_mask(legal))
        deal.play(DECK[card])
    assert deal.phase == "over"
    assert deal.tricks_won == tuple(won)


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_random_playout_games_replay_through_call_bridge_deal(seed):
    deal = callbridge.Deal(seed=seed)
    hands = [sum(c.mask for c in hand) for hand in deal.hands]
    while deal.phase == "calling":
        deal.call(deal.legal_calls()[0])
    record = []
    won = random_playout(
        list(hands), deal.to_act, callbridge.play_rules(), random.Random(seed), -1, record=record
    )
    assert deal.direction == -1  # Call Bridge goes counter-clockwise
    for _hand, _legal, card in record:
        deal.play(DECK[card])
    assert deal.tricks_won == tuple(won)


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_play_tricks_without_a_chooser_is_the_random_playout(seed):
    rules = callbreak.play_rules()
    hands = deal_hands(random.Random(seed), 3)
    by_play_tricks = play_tricks(list(hands), 0, rules, rng=random.Random(seed))
    assert by_play_tricks == random_playout(list(hands), 0, rules, random.Random(seed))


@SOME
@given(seeds, any_rules, directions, hand_sizes, st.integers(0, 3), st.booleans())
def test_sensible_playout_is_the_sensible_bot_card_for_card(
    seed, rules, direction, size, leader, first_trick
):
    """The inlined sensible playout plays exactly what play_tricks with the sensible chooser
    plays, card for card, under every kind of rules, calls from 0 (ducking at once) to all."""
    hands = random_hands(seed, size)
    calls = [random.Random(seed + seat).randint(0, size) for seat in range(4)]
    chooser, chosen = sensible_chooser(calls, trump_index(rules)), []

    def recorded(seat, hand, trick, legal, won):
        card = chooser(seat, hand, trick, legal, won)
        chosen.append((seat, card))
        return card

    expected = play_tricks(list(hands), leader, rules, recorded, direction, first_trick)
    played: list = []
    won = sensible_playout(list(hands), leader, rules, calls, direction, first_trick, played)
    assert [(turn[0], turn[-1]) for turn in played] == chosen
    assert won == expected and sum(won) == size


# ----- fast.sensible_playout -------------------------------------------------------


@SOME
@given(seeds, any_rules, directions, hand_sizes, st.integers(0, 3))
def test_sensible_playout_plays_the_ladder_and_the_sensible_bot_at_every_turn(
    seed, rules, direction, size, leader
):
    hands = random_hands(seed, size)
    calls = [random.Random(seed + s).randint(0, size) for s in range(4)]
    first_trick = size == 13
    record = []
    won = sensible_playout(list(hands), leader, rules, calls, direction, first_trick, record)
    assert len(record) == 4 * size
    held = list(hands)
    won_by_seat = [0, 0, 0, 0]
    for start in range(0, len(record), 4):
        trick = []
        for position, (seat, hand, on_table, legal, card) in enumerate(record[start : start + 4]):
            assert seat == (leader + direction * position) % 4 and hand == held[seat]
            assert on_table == tuple(trick)
            assert legal == legal_mask(hand, trick, rules, first_trick and start == 0)[0]
            want = won_by_seat[seat] < calls[seat]
            assert card == sensible_play_mask(hand, trick, legal, trump_index(rules), want)
            held[seat] ^= 1 << card
            trick.append(card)
        leader = (leader + direction * winner_index(trick, trump_index(rules))) % 4
        won_by_seat[leader] += 1
    assert won == won_by_seat
    assert held == [0, 0, 0, 0]


@settings(max_examples=60, deadline=None)
@given(seeds, any_rules, directions, st.integers(0, 3))
def test_play_tricks_with_the_sensible_chooser_is_the_sensible_playout(
    seed, rules, direction, leader
):
    """The same tricks as a chooser that calls the sensible bot card by card (the slow path
    play_tricks takes for any other chooser), and a chooser for another trump is not sent
    down the fast path."""
    hands = random_hands(seed, 13)
    calls = [random.Random(seed + s).randint(1, 13) for s in range(4)]
    chooser = sensible_chooser(calls, trump_index(rules))
    assert isinstance(chooser, SensibleChooser)
    assert eval(repr(chooser)).calls == chooser.calls

    def card_by_card(seat, hand, trick, legal, won):
        return sensible_play_mask(hand, trick, legal, trump_index(rules), won[seat] < calls[seat])

    slow = play_tricks(list(hands), leader, rules, card_by_card, direction)
    assert play_tricks(list(hands), leader, rules, chooser, direction) == slow
    other = sensible_chooser(calls, (trump_index(rules) + 2) % 4)
    expected = play_tricks(
        list(hands),
        leader,
        rules,
        lambda *turn: sensible_play_mask(
            turn[1], turn[2], turn[3], other.trump_index, turn[4][turn[0]] < calls[turn[0]]
        ),
        direction,
    )
    assert play_tricks(list(hands), leader, rules, other, direction) == expected


def test_random_deal_is_seeded():
    rules = callbreak.play_rules()
    assert random_deal(random.Random(5), rules) == random_deal(random.Random(5), rules)


# ----- TrickDeal.play --------------------------------------------------------------


def play_and_check(deal, rules: PlayRules, rng: random.Random, size: int, ask_first: bool):
    """Play ``deal`` out with random legal cards, checking every turn against legal_mask."""
    while deal.phase == "playing":
        seat = deal.to_act
        hand = sum(c.mask for c in deal.hand(seat))
        trick = [int(c) for c in deal.trick]
        first_trick = size == 13 and not deal.tricks
        mask, rule = legal_mask(hand, trick, rules, first_trick)
        if ask_first or rng.random() < 0.5:
            # Asked before playing: the mask play() worked out is what is shown.
            assert deal.legal_plays() == frozenset(from_mask(mask))
            assert deal.explain().rule == rule
        refused = from_mask(hand & ~mask)
        if refused:
            # A card the ladder forbids is refused, by the ladder's rule, and nothing changes.
            before = deal._state()
            with pytest.raises(IllegalPlayError) as error:
                deal.play(refused[int(rng.random() * len(refused))])
            assert error.value.rule == rule
            assert deal._state() == before
        cards = from_mask(mask)
        card = cards[int(rng.random() * len(cards))]
        deal.play(card if rng.random() < 0.8 else card.code, seat=seat)
        if not deal.trick:  # that card finished a trick
            finished = deal.tricks[-1]
            position = winner_index([int(c) for c in finished.cards], trump_index(rules))
            assert finished.winner == finished.seats[position]
            assert finished.leader == finished.seats[0]
            assert finished.cards[-1] is card and all(type(c) is type(card) for c in finished.cards)


@SOME
@given(seeds, any_rules, directions, hand_sizes, st.booleans())
def test_trick_deal_play_uses_legal_mask_at_every_turn(seed, rules, direction, size, ask_first):
    hands = [from_mask(hand) for hand in random_hands(seed, size)]
    deal = rules_deal_class(rules, direction)._from_hands(hands, seed % 4, [0, 0, 0, 0], {})
    rng = random.Random(seed)
    play_and_check(deal, rules, rng, size, ask_first)
    assert sum(deal.tricks_won) == size
    assert all(hand == frozenset() for hand in map(deal.hand, range(4)))


@settings(max_examples=60, deadline=None)
@given(seeds, any_rules)
def test_a_copy_mid_deal_plays_on_by_the_same_rules(seed, rules):
    deal = rules_deal_class(rules, 1)(seed=seed)
    for _ in range(4):
        deal.call(1)
    rng = random.Random(seed)
    for _ in range(rng.randrange(52)):
        deal.play(min(deal.legal_plays()))
    other = deal.copy()
    play_and_check(other, rules, rng, 13, ask_first=False)
    assert other.phase == "over" and deal.phase == "playing"


def test_the_first_lead_keeps_its_own_rule():
    # Later masks come from play(); the first lead's comes from legal_mask itself.
    variant = callbreak.Variant(no_spade_lead_first_trick=True)
    deal = callbreak.Deal(seed=11, dealer=0, variant=variant)
    for _ in range(4):
        deal.call(1)
    hand = deal.hand(1)
    spades = {c for c in hand if c.suit == "S"}
    assert spades and spades != hand
    with pytest.raises(IllegalPlayError) as refused:
        deal.play(min(spades))
    assert refused.value.rule == "lead-no-spade"
    assert deal.legal_plays() == hand - spades
    deal.play(min(hand - spades))
    assert deal.explain().rule != "lead-no-spade"


def test_no_play_outside_the_playing_phase_even_after_asking_a_bot():
    deal = callbreak.Deal(seed=3)
    deal._legal_for_turn()  # what a bot may ask while the calls are still going on
    with pytest.raises(PhaseError):
        deal.play(next(iter(deal.hand(deal.to_act))))
    assert deal.legal_plays() == frozenset()
