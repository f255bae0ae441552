"""The coach's analysis: samples honest to what was seen, a playout true to the rules and the bot.

- what a play proves about a hand (:func:`forbidden_cards`) is exactly what the
  ladder can prove, checked against whole hands, and never rules out a card
  the real hand holds;
- every sample keeps the player's own hand, deals no card twice or a played
  card at all, gives each seat its hand size and respects every void;
- the sampler is uniform (checked on a small case against every layout);
- the inlined playout plays exactly by :func:`cardlib.tricks.legal_mask` and
  :func:`cardlib.bots.sensible_play_mask`, and ends deals as the fast path does;
- analyses are seeded, and their results evaluate back from their reprs;
- asked to fit the calls, the samples fit the cards seen and the calls (by the
  sensible rule of thumb, recomputed here from the hands dealt), uniformly,
  and an impossible set of calls falls back to plain samples and says so.
"""

import itertools
import math
import random
import re
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import callbreak, callbridge, judgement
from cardlib.bots import (
    RandomBot,
    SensibleBot,
    SensibleJudgementBot,
    sensible_call_mask,
    sensible_play_mask,
)
from cardlib.cards import DECK, SUIT_MASKS, SUITS, Card, to_mask
from cardlib.coach.analysis import (
    Analysis,
    CallAnalysis,
    CallEstimate,
    CallFittingHands,
    CardEstimate,
    Estimate,
    HiddenHands,
    analyse,
    analyse_calls,
    forbidden_cards,
    imagined_deals,
    policy_playout,
    view_of,
)
from cardlib.coach.fast import play_tricks, sensible_chooser
from cardlib.errors import CardlibError
from cardlib.game import deal_hands
from cardlib.tricks import PlayRules, legal_mask, winner_index

SOME = settings(max_examples=40, deadline=None)
seeds = st.integers(0, 2**32 - 1)
any_rules = st.builds(
    PlayRules,
    trump=st.sampled_from([*SUITS, None]),
    must_beat=st.booleans(),
    void_rule=st.sampled_from(["free", "trump", "overtrump"]),
    no_trump_lead_first_trick=st.booleans(),
)


@settings(max_examples=300, deadline=None)
@given(rules=any_rules, seed=seeds, size=st.integers(1, 8), played=st.integers(0, 3))
def test_a_play_proves_exactly_what_the_two_card_test_says(rules, seed, size, played):
    """c is legal from a hand H  ⇔  c is legal from {c, x} for every other x in H."""
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    trick, hand = deck[:played], deck[played : played + size]
    first = rng.random() < 0.5
    mask = to_mask(DECK[c] for c in hand)
    for c in hand:
        whole = bool(legal_mask(mask, trick, rules, first)[0] >> c & 1)
        pairwise = all(
            legal_mask(1 << c | 1 << x, trick, rules, first)[0] >> c & 1 for x in hand if x != c
        )
        assert whole == pairwise


def partway(game: str, seed: int):
    """A game of the given kind, called and played by bots to a random point of play."""
    rng = random.Random(seed)
    if game == "judgement":
        players = rng.randint(3, 7)
        deal = judgement.Round(players=players, number=rng.randint(1, 6), seed=seed)
        bots = [SensibleJudgementBot()] * players
        while deal.phase == "bidding":
            deal.bid(bots[deal.to_act].choose_call(deal))
        total = players * deal.cards
    else:
        if game == "callbridge":
            deal = callbridge.Deal(seed=seed)
        else:
            deal = callbreak.Deal(seed=seed, variant=callbreak.Variant(free_discard=seed % 3 == 0))
        bots = [SensibleBot()] * 4
        while deal.phase == "calling":
            deal.call(bots[deal.to_act].choose_call(deal))
        total = 52
    randomly = RandomBot(seed)
    for _ in range(rng.randrange(total)):
        chooser = randomly if rng.random() < 0.5 else bots[0]
        deal.play(chooser.choose_play(deal))
    return deal


games = st.sampled_from(["callbreak", "callbridge", "judgement"])


@SOME
@given(game=games, seed=seeds)
def test_what_the_plays_prove_never_rules_out_a_card_really_held(game, seed):
    deal = partway(game, seed)
    view = view_of(deal)
    assert view.to_act == deal.to_act and view.won == tuple(deal.tricks_won)
    for seat, forbidden in forbidden_cards(view).items():
        assert not forbidden & to_mask(deal.hand(seat)), seat


@SOME
@given(game=games, seed=seeds)
def test_samples_are_consistent_with_everything_seen(game, seed):
    deal = partway(game, seed)
    view = view_of(deal)
    forbidden = forbidden_cards(view)
    played = to_mask(c for _, c in view.plays)
    sampler = HiddenHands(view)
    rng = random.Random(seed)
    for _ in range(5):
        hands = sampler.sample(rng)
        assert hands[view.seat] == to_mask(deal.hand(view.seat))  # own hand exact
        union = 0
        for seat, hand in enumerate(hands):
            assert hand.bit_count() == len(deal.hand(seat))  # hand sizes right
            assert not union & hand  # no card twice
            assert not hand & played  # no played card
            if seat != view.seat:
                assert not hand & forbidden[seat]  # voids respected
            union |= hand
        # The sample can be played on: the seat to act's legal cards are its own.
        assert legal_mask(hands[view.seat], [int(c) for c in deal.trick], deal.rules)[0]


def test_a_discard_in_call_break_proves_no_spade_and_a_low_follow_proves_nothing_higher():
    deal = callbreak.Deal.from_hands(
        ["5H 2C 3C", "3H 4C 5C", "4D 2D 3D", "KH AS 6C"], dealer=3, calls=[1, 1, 1, 1]
    )
    deal.play("5H")  # South leads
    deal.play("3H")  # West follows low: it holds no heart above 5♥ (it would have to beat)
    deal.play("2D")  # North discards: no heart, and no spade (it would have to trump)
    view = view_of(deal)
    assert view.seat == 3
    forbidden = forbidden_cards(view)
    hearts_above_five = to_mask(DECK[c] for c in range(13 + 4, 26))
    assert forbidden[0] == 0
    assert forbidden[1] == hearts_above_five & view.unseen
    assert forbidden[2] == (SUIT_MASKS["H"] | SUIT_MASKS["S"]) & view.unseen


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_sampler_is_uniform_on_a_small_case(seed):
    """Late in a real deal: every layout of the unseen cards that fits is drawn equally often."""
    deal = callbreak.Deal(seed=seed, dealer=0)
    bots = [SensibleBot()] * 4
    while deal.phase == "calling":
        deal.call(bots[deal.to_act].choose_call(deal))
    while len(deal.hand(deal.to_act)) > 3 or deal.trick:
        deal.play(bots[deal.to_act].choose_play(deal))
    view = view_of(deal)
    forbidden = forbidden_cards(view)
    others = [s for s in range(4) if s != view.seat]
    unseen = [int(c) for c in DECK if view.unseen >> int(c) & 1]
    assert len(unseen) == 9
    layouts = set()
    for first in itertools.combinations(unseen, 3):
        rest = [c for c in unseen if c not in first]
        for second in itertools.combinations(rest, 3):
            third = tuple(c for c in rest if c not in second)
            layout = (first, second, third)
            if all(
                not forbidden[s] >> c & 1
                for s, cards in zip(others, layout, strict=True)
                for c in cards
            ):
                layouts.add(layout)
    sampler = HiddenHands(view)
    assert sampler.layouts == len(layouts)
    rng = random.Random(5)
    counts = Counter()
    n = 40 * len(layouts)
    for _ in range(n):
        hands = sampler.sample(rng)
        counts[tuple(tuple(c for c in unseen if hands[s] >> c & 1) for s in others)] += 1
    assert set(counts) == layouts
    expected = n / len(layouts)
    chi2 = sum((k - expected) ** 2 / expected for k in counts.values())
    # Chi-squared with len - 1 degrees of freedom: mean len - 1, far below twice that.
    assert chi2 < 2 * len(layouts) + 10


def master_trump_lead(hand: int, legal: int, others: int, trump: int, want: bool) -> int | None:
    """The playout's one rule beyond the sensible bot's, written plainly: leading for tricks
    with the highest trump in play while another hand holds a trump, lead it."""
    if trump < 0 or not want:
        return None
    mine = [c for c in range(13 * trump, 13 * trump + 13) if legal >> c & 1]
    theirs = [c for c in range(13 * trump, 13 * trump + 13) if others >> c & 1]
    return max(mine) if mine and theirs and max(mine) > max(theirs) else None


@SOME
@given(seed=seeds, rules=any_rules, direction=st.sampled_from([1, -1]), masters=st.booleans())
def test_the_playout_plays_by_the_ladder_and_the_sensible_policy(seed, rules, direction, masters):
    rng = random.Random(seed)
    hands = deal_hands(rng, 0)
    calls = [rng.randint(0, 7) for _ in range(4)]
    record: list = []
    won = [0, 0, 0, 0]
    policy_playout(
        list(hands), [], 1, won, calls, rules, direction, True, 0, record, masters, "classic"
    )
    assert sum(won) == 13 and len(record) == 52
    trump = -1 if rules.trump is None else SUITS.index(rules.trump)
    held = list(hands)
    for number, (seat, hand, trick, legal, card, want) in enumerate(record):
        first = number < 4
        assert legal == legal_mask(hand, list(trick), rules, first)[0]
        others = sum(h for s, h in enumerate(held) if s != seat)
        master = master_trump_lead(hand, legal, others, trump, want) if not trick else None
        if masters and master is not None:
            assert card == master
        else:
            assert card == sensible_play_mask(hand, list(trick), legal, trump, want)
        held[seat] ^= 1 << card
    # And without the rule it ends the deal exactly as the fast path's sensible playout does.
    if not masters and not rules.no_trump_lead_first_trick:
        expected = play_tricks(list(hands), 1, rules, sensible_chooser(calls, trump), direction)
        assert won == expected


#: Playouts of the strong policy: any rules, direction, players and where to stop.
STRONG_CASES = given(
    seed=seeds,
    rules=any_rules,
    direction=st.sampled_from([1, -1]),
    players=st.integers(3, 6),
    stop_at=st.integers(0, 3),
)


@SOME
@STRONG_CASES
def test_the_strong_playout_plays_only_legal_cards(seed, rules, direction, players, stop_at):
    """Every card of the strong policy is legal by the ladder, for every kind of rules (Call
    Break's, Call Bridge's, Judgement's with and without trumps, and the rest), any number of
    players, any tricks wanted (the calls, or more), voids shown before or not, and it stops
    where it is asked to, mid-trick included."""
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    size = rng.randint(stop_at + 1, 52 // players)
    hands = [to_mask(DECK[c] for c in deck[size * s : size * s + size]) for s in range(players)]
    wants = [rng.randint(0, size) for _ in range(players)]
    voids = [rng.randrange(16) for _ in range(players)]
    record: list = []
    won = [0] * players
    held = list(hands)
    trick: list[int] = []
    first = size == 13 and rng.random() < 0.5
    leader = policy_playout(
        held, trick, 1, won, [0] * players, rules, direction, first, stop_at, record,
        policy="strong", wants=wants, voids=voids,
    )  # fmt: skip
    assert len(record) == players * size - sum(h.bit_count() for h in held)
    assert max(h.bit_count() for h in held) == stop_at or not any(held)
    assert sum(won) == len(record) // players and len(trick) == len(record) % players
    if trick:  # a trick on the table: the leader returned is its leader
        assert record[-len(trick)][2] == () and record[-len(trick)][0] == leader
    hand_now = list(hands)
    for number, (seat, hand, on_table, legal, card, want) in enumerate(record):
        assert hand == hand_now[seat]
        assert legal == legal_mask(hand, list(on_table), rules, first and number < players)[0]
        assert legal >> card & 1
        assert want == (won_before(record, number, rules, players, direction, seat) < wants[seat])
        hand_now[seat] ^= 1 << card


@SOME
@STRONG_CASES
def test_the_strong_playout_started_mid_trick_stops_where_asked(
    seed, rules, direction, players, stop_at
):
    """Begun with a trick on the table (the card an analysis tries), the strong policy plays
    only legal cards and stops where the seat to play holds ``stop_at`` cards: at once when
    the seats still to follow hold that few, else at a later lead."""
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    size = rng.randint(1, 52 // players)
    held = [to_mask(DECK[c] for c in deck[size * s : size * s + size]) for s in range(players)]
    order = [(1 + direction * i) % players for i in range(players)]
    trick: list[int] = []
    for seat in order[: rng.randint(1, players - 1)]:  # the cards already on the table
        legal = legal_mask(held[seat], trick, rules, False)[0]
        card = rng.choice([c for c in range(52) if legal >> c & 1])
        held[seat] ^= 1 << card
        trick.append(card)
    on_table = len(trick)
    record: list = []
    won = [0] * players
    wants = [rng.randint(0, size) for _ in range(players)]
    policy_playout(
        held, trick, 1, won, [0] * players, rules, direction, False, stop_at, record,
        policy="strong", wants=wants, voids=[0] * players,
    )  # fmt: skip
    if size <= stop_at:  # the next seat to follow holds that few: nothing is played
        assert record == [] and len(trick) == on_table
    else:
        assert max(h.bit_count() for h in held) == stop_at or not any(held)
        assert len(record) == players * size - on_table - sum(h.bit_count() for h in held)
    for _seat, hand, table, legal, card, _want in record:
        assert legal == legal_mask(hand, list(table), rules, False)[0] and legal >> card & 1


def won_before(record, number, rules, players, direction, seat) -> int:
    """Tricks ``seat`` had won before turn ``number`` of a recorded playout."""
    trump = -1 if rules.trump is None else SUITS.index(rules.trump)
    won = 0
    for start in range(0, number - number % players, players):
        trick = [card for *_, card, _want in record[start : start + players]]
        won += record[start + winner_index(trick, trump)][0] == seat
    return won


@settings(max_examples=10, deadline=None)
@given(game=games, seed=seeds)
def test_analysis_covers_every_legal_card_and_is_seeded(game, seed):
    deal = partway(game, seed)
    first = analyse(deal, samples=3, seed=seed % 100)
    assert {c.card for c in first.cards} == deal.legal_plays()
    assert first == analyse(deal, samples=3, seed=seed % 100)
    means = [c.estimate.mean for c in first.cards]
    assert means == sorted(means, reverse=True)
    assert first.cards[0].loss == 0 and all(c.loss >= 0 for c in first.cards)
    assert all(c.estimate.samples == 3 for c in first.cards)


def test_a_zero_bid_ducks_under_the_king():
    """Judgement, bid 0, K♥ led: A♥ takes the trick (0 points for sure), 2♥ keeps the bid alive."""
    round_ = judgement.Round.from_hands(
        ["2C 3C", "KH 4D", "AH 2H", "5S 6S"], trump=None, dealer=0, bids=[1, 1, 0, 1]
    )
    round_.play("KH")
    analysis = analyse(round_, samples=20, seed=1)
    assert analysis.best == Card("2H")
    assert analysis.of("AH").estimate.mean == 0 and analysis.of("AH").estimate.stderr == 0
    assert analysis.margin == analysis.of("2H").estimate.mean > 0


def test_a_single_legal_card_has_no_margin():
    deal = callbreak.Deal.from_hands(["AH 2C", "3H 4C", "5C 6C", "2D 8C"], dealer=3, calls=[1] * 4)
    deal.play("2C")
    deal.play("4C")
    deal.play("6C")
    analysis = analyse(deal, samples=2, seed=0)
    assert [c.card for c in analysis.cards] == [Card("8C")] and analysis.margin == 0


def test_results_evaluate_back_and_render():
    deal = partway("callbreak", 12)
    analysis = analyse(deal, samples=4, seed=3)
    names = {
        "Analysis": Analysis,
        "CardEstimate": CardEstimate,
        "Estimate": Estimate,
        "Card": Card,
        "Fraction": Fraction,
        "inf": math.inf,
    }
    assert eval(repr(analysis), names) == analysis
    html = analysis._repr_html_()
    assert "aria-label" in html and "best" in html and "±" in html
    calls = analyse_calls(callbreak.Deal(seed=4, dealer=0), samples=3, seed=1)
    names.update(CallAnalysis=CallAnalysis, CallEstimate=CallEstimate)
    assert eval(repr(calls), names) == calls
    assert [c.call for c in calls.calls] == list(range(1, 14))
    assert "call" in calls._repr_html_()


def test_a_bolder_best_call_is_shown_against_the_highest_estimate_not_as_a_negative_loss():
    """The coach's call is the highest within ``boldness`` of the top estimate, so the top
    estimate can belong to a lower call: its row names it, and no loss shows as "−-0.41"."""
    top = Estimate(Fraction(103, 100), 0.04, 100)
    bolder = Estimate(Fraction(62, 100), 0.19, 100)
    worse = Estimate(Fraction(-21, 10), 0.22, 100)
    calls = CallAnalysis(
        0,
        (
            CallEstimate(1, top),
            CallEstimate(2, bolder, Fraction(41, 100), 0.18),
            CallEstimate(3, worse, Fraction(313, 100), 0.21),
        ),
        100,
        1,
        Fraction(1, 2),
    )
    assert (calls.top, calls.best) == (1, 2)
    cells = re.findall(r"<td>([^<]*)</td><td>[^<]*</td><td>([^<]*)</td>", calls._repr_html_())
    assert cells == [("1", "highest estimate"), ("2", "best"), ("3", "−3.13 ± 0.21")]
    assert "<th scope='col'>against the highest estimate</th>" in calls._repr_html_()
    level = replace(calls, boldness=Fraction(0))  # the top call is the best: the usual heading
    assert level.best == 1 and "<th scope='col'>against the best</th>" in level._repr_html_()


def test_judgement_bids_respect_the_hook_and_the_blind_round():
    round_ = judgement.Round(players=4, number=2, seed=3, dealer=0)
    bots = [SensibleJudgementBot()] * 4
    while round_.to_act != round_.dealer:
        round_.bid(bots[round_.to_act].choose_call(round_))
    calls = analyse_calls(round_, samples=3, seed=2)
    assert tuple(c.call for c in calls.calls) == round_.legal_bids()
    blind = judgement.Round(players=3, number=8, seed=3, dealer=0)
    blind_calls = analyse_calls(blind, samples=5, seed=2)  # own card unseen: sampled too
    assert tuple(c.call for c in blind_calls.calls) == blind.legal_bids()


def test_wrong_phase_and_bad_samples_are_refused():
    deal = callbreak.Deal(seed=1, dealer=0)
    with pytest.raises(CardlibError) as error:
        analyse(deal, samples=2)
    assert error.value.rule == "phase"
    with pytest.raises(ValueError, match="samples"):
        analyse_calls(deal, samples=0)
    before = repr(deal)
    for boldness in (-0.1, float("inf"), "0.5", None):
        with pytest.raises(ValueError, match="boldness must be a number of points 0 or more"):
            analyse_calls(deal, samples=2, boldness=boldness)
    assert repr(deal) == before


def test_the_analysis_never_looks_at_the_hidden_hands():
    """Two deals that look the same from South's seat get the same analysis, card for card."""
    hands = ["AS KH 9D 4C 2H", "QS JH 8D 5C 3H", "JS TH 7D 6C 4H", "TS 9H 6D 7C 5H"]
    swapped = [hands[0], hands[2], hands[1], hands[3]]  # West and North trade hands
    deals = [callbreak.Deal.from_hands(h, dealer=3, calls=[2, 1, 1, 1]) for h in (hands, swapped)]
    assert view_of(deals[0]) == view_of(deals[1])
    first, second = (analyse(d, samples=6, seed=2) for d in deals)
    assert first == second
    assert first.seat == 0 and {c.card for c in first.cards} == deals[0].legal_plays()


def test_calls_follow_the_variant_cap():
    capped = callbreak.Deal(seed=4, variant=callbreak.Variant(max_call=8, min_call=2))
    calls = analyse_calls(capped, samples=2, seed=1)
    assert [c.call for c in calls.calls] == list(capped.legal_calls()) == list(range(2, 9))


@SOME
@given(game=games, seed=seeds)
def test_the_view_agrees_with_the_engines_protocol(game, seed):
    """view_of reads the same facts the engine's protocol gives (visible_to, hidden_from)."""
    deal = partway(game, seed)
    view = view_of(deal)
    seen = deal.visible_to(view.seat)
    hidden = to_mask(deal.hidden_from(view.seat))
    assert hidden & view.unseen == hidden  # every hidden card is unseen to the view
    if game != "judgement":  # all 52 cards are dealt: nothing else is unseen
        assert hidden == view.unseen
    assert tuple(view.hand_size(s) for s in range(view.players)) == seen.hand_sizes
    assert view.won == seen.tricks_won and view.to_act == seen.to_act


# ----- samples that fit the calls ------------------------------------------------------------


def dealt_hands(view, hands):
    """Each seat's hand as dealt: its cards now in the sample and the cards it has played."""
    dealt = list(hands)
    for seat, card in view.plays:
        dealt[seat] |= 1 << int(card)
    return dealt


@SOME
@given(game=games, seed=seeds, tolerance=st.integers(0, 1))
def test_samples_fitting_the_calls_fit_the_cards_seen_and_the_calls(game, seed, tolerance):
    deal = partway(game, seed)
    view = view_of(deal)
    forbidden = forbidden_cards(view)
    played = to_mask(c for _, c in view.plays)
    sampler = CallFittingHands(view, "sensible", tolerance)
    # The real layout fits: every call here was made by the sensible rule of thumb.
    if game != "judgement":
        real = [to_mask(deal.hand(s)) for s in range(4)]
        assert sampler.fits(real, 0)
    rng = random.Random(seed)
    for _ in range(4):
        hands = sampler.sample(rng)
        assert hands[view.seat] == to_mask(deal.hand(view.seat))
        union = 0
        for seat, hand in enumerate(hands):
            assert hand.bit_count() == len(deal.hand(seat))
            assert not union & hand and not hand & played
            if seat != view.seat:
                assert not hand & forbidden[seat]
            union |= hand
        if sampler.level != tolerance:
            continue  # fell back (counted): nothing more is promised
        if game == "judgement":
            assert len(sampler.judged) == deal.players - 1
            continue
        low, high = (2, 12) if game == "callbridge" else (1, 13)
        for seat, dealt in enumerate(dealt_hands(view, hands)):
            if seat != view.seat:
                model = sensible_call_mask(dealt, "S", low, high)
                assert abs(model - deal.calls[seat]) <= tolerance, seat


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_samples_fitting_the_calls_are_uniform_on_a_small_case(seed):
    """Late in a real deal: every layout that fits the cards and the calls, equally often."""
    deal = callbreak.Deal(seed=seed, dealer=0)
    bots = [SensibleBot()] * 4
    while deal.phase == "calling":
        deal.call(bots[deal.to_act].choose_call(deal))
    while len(deal.hand(deal.to_act)) > 3 or deal.trick:
        deal.play(bots[deal.to_act].choose_play(deal))
    view = view_of(deal)
    others = [s for s in range(4) if s != view.seat]
    unseen = [int(c) for c in DECK if view.unseen >> int(c) & 1]
    plain = HiddenHands(view)
    rng = random.Random(9)
    layouts = set()  # every layout that fits the cards (the plain sampler draws them all)
    for _ in range(30 * plain.layouts):
        hands = plain.sample(rng)
        layouts.add(tuple(tuple(c for c in unseen if hands[s] >> c & 1) for s in others))
    assert len(layouts) == plain.layouts

    def fits(layout):
        hands = [0] * 4
        for s, cards in zip(others, layout, strict=True):
            hands[s] = sum(1 << c for c in cards)
        dealt = dealt_hands(view, hands)
        return all(sensible_call_mask(dealt[s], "S", 1, 13) == deal.calls[s] for s in others)

    fitting = {layout for layout in layouts if fits(layout)}
    assert fitting  # the real layout is one
    sampler = CallFittingHands(view, "sensible")
    counts = Counter()
    n = 60 * len(fitting)
    for _ in range(n):
        hands = sampler.sample(rng)
        counts[tuple(tuple(c for c in unseen if hands[s] >> c & 1) for s in others)] += 1
    assert set(counts) == fitting and sampler.fell_back == 0
    expected = n / len(fitting)
    chi2 = sum((k - expected) ** 2 / expected for k in counts.values())
    assert chi2 < 2 * len(fitting) + 10


def test_fitting_the_calls_is_seeded_and_opt_in():
    deal = partway("callbreak", 31)
    plain = analyse(deal, samples=4, seed=2)
    fitted = analyse(deal, samples=4, seed=2, calls_model="sensible")
    assert fitted == analyse(deal, samples=4, seed=2, calls_model="sensible")
    assert list(imagined_deals(deal, 5, 7, "sensible")) == list(
        imagined_deals(deal, 5, 7, "sensible")
    )
    assert plain.calls_model is None and "calls_model" not in repr(plain)
    assert "fit the calls" not in plain._repr_html_()
    assert fitted.calls_model == "sensible" and fitted.fell_back == 0
    names = {
        "Analysis": Analysis,
        "CardEstimate": CardEstimate,
        "Estimate": Estimate,
        "Card": Card,
        "Fraction": Fraction,
        "inf": math.inf,
    }
    assert eval(repr(fitted), names) == fitted
    assert "that fit the calls (sensible calling)" in fitted._repr_html_()
    with pytest.raises(ValueError, match="calls_model"):
        analyse(deal, samples=2, calls_model="psychic")
    with pytest.raises(ValueError, match="tolerance"):
        analyse(deal, samples=2, calls_model="sensible", tolerance=-1)


def test_calls_no_hand_can_fit_fall_back_to_plain_samples_and_say_so():
    """West calls 13 while South holds A♠: no layout gives West 13 by the rule of thumb."""
    deal = callbreak.Deal(seed=4, dealer=3)
    south = next(s for s in range(4) if Card("AS") in deal.hand(s))
    deal = callbreak.Deal(seed=4, dealer=(south - 1) % 4)  # South (holding A♠) calls first
    west = (south + 1) % 4
    while deal.phase == "calling":
        seat = deal.to_act
        deal.call(13 if seat == west else SensibleBot().choose_call(deal))
    view = view_of(deal)
    assert view.seat == south
    sampler = CallFittingHands(view, "sensible", tolerance=0, max_tries=50)
    rng = random.Random(1)
    for _ in range(3):
        sampler.sample(rng)
    assert sampler.level is None and sampler.fell_back == 3
    analysis = analyse(deal, samples=3, seed=1, calls_model="sensible")
    assert analysis.fell_back == 3 and analysis.cards[0].estimate.samples == 3
    assert "3 fell back" in analysis._repr_html_()
