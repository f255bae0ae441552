"""The position text of cardlib.position: concrete examples, round trips of random play in all
four games, and bad text refused with a CardlibError naming the field."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import CardlibError, bridge, callbreak, callbridge, judgement
from cardlib.game import SeatView
from cardlib.position import PositionError, from_text, to_text

seeds = st.integers(0, 2**32 - 1)
variants = st.builds(
    callbreak.Variant,
    old_scoring=st.booleans(),
    min_call=st.sampled_from([1, 2]),
    no_spade_lead_first_trick=st.booleans(),
    free_discard=st.booleans(),
    max_call=st.sampled_from([8, 13]),
    redeal_no_spade=st.booleans(),
    redeal_no_face_card=st.booleans(),
    anticlockwise=st.booleans(),
)


@st.composite
def deals(draw):
    """A fresh deal or round of any of the four games, with any of its options."""
    game = draw(st.sampled_from(["callbreak", "callbridge", "judgement", "bridge"]))
    seed = draw(seeds)
    if game == "callbreak":
        return callbreak.Deal(seed=seed, variant=draw(variants))
    if game == "callbridge":
        return callbridge.Deal(seed=seed)
    if game == "judgement":
        return judgement.Round(
            players=draw(st.integers(3, 7)), number=draw(st.integers(1, 8)), seed=seed
        )
    return bridge.Deal(seed=seed, first_caller=draw(st.sampled_from(["left", "dealer"])))


def random_action(deal, rng: random.Random):
    legal = deal.legal_actions()
    if isinstance(deal, bridge.Deal) and "P" in legal and rng.random() < 0.7:
        return "P"  # random bids climb to 7NT; passes end the auction
    return rng.choice(legal)


def play_randomly(deal, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if deal.is_over:
            return
        deal.act(random_action(deal, rng))


def assert_same_observably(copy, deal) -> None:
    assert type(copy) is type(deal)
    assert copy == deal
    assert repr(copy) == repr(deal)
    assert copy.legal_actions() == deal.legal_actions()
    assert copy.phase == deal.phase and copy.to_act == deal.to_act
    for seat in range(deal.players):
        assert copy.visible_to(seat) == deal.visible_to(seat)
        assert copy.hidden_from(seat) == deal.hidden_from(seat)
    if deal.is_over:
        assert copy.returns() == deal.returns()
    assert to_text(copy) == to_text(deal)


@settings(max_examples=120, deadline=None)
@given(deals(), st.integers(0, 70), st.randoms(use_true_random=False))
def test_text_round_trips_after_random_legal_play(deal, steps, rng):
    play_randomly(deal, rng, steps)
    text = to_text(deal)
    assert "\n" not in text
    copy = from_text(text)
    assert_same_observably(copy, deal)
    for seat in range(deal.players):
        view = from_text(to_text(deal, seat=seat))
        assert isinstance(view, SeatView)
        assert view == deal.visible_to(seat)
    # Playing on from the copy gives what playing on from the original gives.
    seed = rng.getrandbits(32)
    play_randomly(deal, random.Random(seed), 200)
    play_randomly(copy, random.Random(seed), 200)
    assert_same_observably(copy, deal)


def test_call_break_position_in_words():
    deal = callbreak.Deal.from_hands(
        ["AS KS 2H", "QS 3H 4H", "JS 5H 6H", "TS 7H 8H"],
        dealer=3,
        calls=[1, 2, 1, 1],
        variant=callbreak.Variant(free_discard=True, max_call=8),
    )
    deal.play("2H")
    deal.play("4H")
    assert to_text(deal) == "callbreak/free/cap8 3 AK.../Q.3../J.65../T.87.. 1/2/1/1 2H4H"
    assert to_text(deal, seat=2) == "callbreak/free/cap8 3 ?2/?2/J.65../?3 1/2/1/1 2H4H @2"
    assert from_text(to_text(deal)).variant == deal.variant


def test_judgement_blind_round_and_a_round_from_given_hands():
    blind = judgement.Round(players=3, number=8, seed=5, dealer=0)
    assert to_text(blind).startswith("judgement/r8 0 ")
    assert to_text(blind, seat=1).split()[2] == "?1/?1/?1"  # face down, even to its owner
    for bid in blind.legal_bids()[:1] * 2:
        blind.bid(bid)
    blind.bid(blind.legal_bids()[0])
    assert blind.is_over
    assert_same_observably(from_text(to_text(blind)), blind)
    small = judgement.Round.from_hands(["3H 2C", "AH 9D", "2H 5S"], trump=None, dealer=0)
    assert to_text(small) == "judgement/NT 0 .3..2/.A.9./5.2.. - -"
    assert from_text(to_text(small)) == small


def test_bridge_position_names_seats_by_letter_and_keeps_the_auction():
    deal = bridge.Deal(seed=7, dealer="N")
    for call in ["1S", "P", "4S", "P", "P", "P"]:
        deal.call(call)
    deal.play(deal.legal_actions()[0])
    text = to_text(deal)
    game, dealer, _hands, calls, play = text.split()
    assert (game, dealer, calls) == ("bridge", "N", "1S/P/4S/P/P/P")
    assert len(play) == 2
    copy = from_text(text)
    assert copy.contract == deal.contract and copy.dealt_hands == deal.dealt_hands
    # Dummy is face up after the opening lead: every seat's view shows it.
    view_text = to_text(deal, seat=deal.declarer)
    assert view_text.split()[2].count("?") == 2


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("chess 0 ... - -", "game"),
        ("callbreak/fast 0 A.../K.../Q.../J... - -", "game"),
        ("callbreak/free/free 0 A.../K.../Q.../J... - -", "game"),
        ("judgement/r9 0 A.../K.../Q... - -", "game"),
        ("callbreak 4 A.../K.../Q.../J... - -", "dealer"),
        ("callbreak x A.../K.../Q.../J... - -", "dealer"),
        ("bridge Q A.../K.../Q.../J... - -", "dealer"),
        ("callbreak 0 A.../K.../Q... - -", "hands"),
        ("callbreak 0 A.../K.../Q.../J.. - -", "hands"),
        ("callbreak 0 A.../K.../Q.../AX... - -", "hands"),
        ("callbreak 0 AA.../K.../Q.../J... - -", "hands"),
        ("callbreak 0 A.../A.../Q.../J... - -", "hands"),
        ("callbreak 0 AK.../Q.../J.../T... - -", "hands"),
        ("callbreak 0 ?1/K.../Q.../J... - -", "hands"),
        ("callbreak 0 \u0410.../K.../Q.../J... - -", "hands"),  # a Cyrillic А
        ("callbreak 0 A.../K.../Q.../J... 0/1/1/1 -", "calls"),
        ("callbreak 0 A.../K.../Q.../J... one -", "calls"),
        ("callbreak 0 A.../K.../Q.../J... 1/1/1/1/1 -", "calls"),
        ("bridge N A.../K.../Q.../J... 1H/1C -", "calls"),
        ("callbreak 3 A.../.3../Q.4../J.5.. 1/1/1/1 2HKS", "play"),  # K♠ on 2♥ holding 3♥
        ("callbreak 3 .2../K.3../Q.4../J.5.. - AS", "play"),  # a card before the calls
        ("callbreak 3 .2../K.3../Q.4../J.5.. 1/1/1/1 ASAS", "play"),
        ("callbreak 3 A.2../K.3../Q.4../J.5.. 1/1/1/1 2HX", "play"),
        ("callbreak 3 A.2../K.3../Q.4../J.5.. 1/1/1/1 2H3H/", "play"),
        ("callbreak 3 A.../K.../Q.../J... 1/1/1/1 2H3H4H/5H", "play"),
        ("callbreak 0 A.../K.../Q.../J... - - @4", "@seat"),
        ("callbreak 0 ?1/K.../Q.../J... - - @0", "hands"),  # the viewer's own hand hidden
        ("callbreak 0 A.../K.../?1/?1 - - @0", "hands"),  # a hand the viewer cannot see
        ("callbreak 0 A.../K.../Q.../J...", "game"),
        ("", "game"),
    ],
)
def test_bad_text_is_refused_naming_the_field(text, field):
    with pytest.raises(CardlibError, match=f"field {field}") as caught:
        from_text(text)
    assert isinstance(caught.value, PositionError) and caught.value.field == field
    assert caught.value.rule == "position"


def test_to_text_refuses_what_is_not_a_deal():
    with pytest.raises(CardlibError):
        to_text("callbreak")  # type: ignore[arg-type]
    with pytest.raises(CardlibError):
        to_text(callbreak.Deal(seed=1), seat=4)
    with pytest.raises(CardlibError):
        from_text(None)  # type: ignore[arg-type]


def test_every_deal_round_and_match_has_to_text():
    states = [
        callbreak.Deal(seed=1),
        callbridge.Deal(seed=1),
        judgement.Round(players=5, number=2, seed=1),
        bridge.Deal(seed=1),
        callbreak.Match(seed=1),
        callbridge.Match(seed=1, target=20),
        judgement.Match(players=3, seed=1),
        bridge.Match(seed=1),
    ]
    for state in states:
        assert state.to_text() == to_text(state)
        assert state.to_text(seat=1).endswith(" @1")
        copy = from_text(state.to_text())
        assert getattr(copy, "deals", copy) == getattr(state, "deals", state)


def test_the_coach_widget_shows_the_position_to_copy():
    from cardlib.widgets.coach import CoachWidget

    deal = callbreak.Deal(seed=4, dealer=0)
    for _ in range(4):
        deal.act(3)
    deal.act(deal.legal_actions()[0])
    coach = CoachWidget(deal, samples=10, deals_shown=1)
    field = coach.position_text
    seat = deal.to_act
    assert field.value == deal.to_text(seat=seat) and field.value.endswith(f" @{seat}")
    assert "cardlib-coach-position-text" in field._dom_classes
    assert from_text(field.value) == deal.visible_to(seat)  # what the player sees, no more
    field.value = "typed over"  # the field is for copying: the text comes back
    assert field.value == deal.to_text(seat=seat)
    assert field.description


def test_puzzles_give_their_position_text():
    from cardlib.puzzles.best_play import best_puzzle
    from cardlib.puzzles.legal_play import puzzle

    legal = puzzle("easy", seed=3)
    view = from_text(legal.position_text)
    assert isinstance(view, SeatView) and view.seat == legal.seat
    assert view.hand == set(legal.hand) and view.trick == legal.trick
    assert sum(hand is not None for hand in view.hands) == 1  # only the player's own hand
    for game in ("callbreak", "callbridge"):
        best = best_puzzle("easy", seed=2, game=game)
        deal = from_text(best.position_text)
        assert deal == best.replay() and deal.hands == best.hands
        assert deal.to_act == best.seat and deal.trick == best.trick


@st.composite
def matches(draw):
    game = draw(st.sampled_from(["callbreak", "callbridge", "judgement", "bridge"]))
    seed = draw(seeds)
    if game == "callbreak":
        return callbreak.Match(seed=seed, variant=draw(variants), deals=draw(st.integers(1, 3)))
    if game == "callbridge":
        return callbridge.Match(seed=seed, target=draw(st.integers(1, 15)))
    if game == "judgement":
        return judgement.Match(players=draw(st.integers(3, 7)), seed=seed)
    first_caller = draw(st.sampled_from(["left", "dealer"]))
    return bridge.Match(seed=seed, first_caller=first_caller, target=draw(st.integers(1, 60)))


@settings(max_examples=25, deadline=None)
@given(matches(), st.integers(0, 150), st.randoms(use_true_random=False))
def test_a_match_round_trips_with_its_deals_and_totals(match, steps, rng):
    for _ in range(steps):
        if match.is_over:
            break
        if not match.legal_actions():
            match.next_deal()
        else:
            match.act(random_action(match.deal, rng))
    copy = from_text(to_text(match))
    assert type(copy) is type(match) and repr(copy) == repr(match)
    assert copy.deals == match.deals and copy.phase == match.phase
    assert copy.totals() == match.totals() and copy.scores_by_deal() == match.scores_by_deal()
    assert copy.legal_actions() == match.legal_actions() and copy.to_act == match.to_act
    assert to_text(copy) == to_text(match)
    if match.is_over:
        assert copy.winners() == match.winners() and copy.returns() == match.returns()


@pytest.mark.parametrize(
    "text",
    [
        "callbreak/deals=0 | callbreak 0 A.../K.../Q.../J... - -",
        "callbreak/turns=3 | callbreak 0 A.../K.../Q.../J... - -",
        "callbridge | callbridge 0 A.../K.../Q.../J... - -",  # no target
        "chess | callbreak 0 A.../K.../Q.../J... - -",
        "callbreak |",
        "callbreak | callbridge 0 A.../K.../Q.../J... - -",
        "callbreak | callbreak 0 A.../K.../Q.../J... - - | callbreak 1 A.../K.../Q.../J... - -",
        "callbreak | callbreak 0 A.../K.../Q.../J... - - @0",
        "callbreak | callbreak 0 A.../K.../Q.../J.. - -",
    ],
)
def test_bad_match_text_is_refused(text):
    with pytest.raises(CardlibError, match="field match"):
        from_text(text)


def test_the_position_benchmark_runs(capsys):
    """A tiny run of benchmarks/bench_position.py (its timings are never asserted)."""
    from script_modules import benchmark

    bench = benchmark("bench_position")
    results = bench.main(["--positions", "2"])
    assert set(results) == set(bench.GAMES)
    assert "Contract Bridge: write" in capsys.readouterr().out
