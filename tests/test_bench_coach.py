"""The coach's benchmark still runs (a tiny smoke run; figures are printed, never asserted)."""

import importlib.util
import random

import pytest
from script_modules import benchmark

from cardlib import callbreak
from cardlib.bots import SensibleBot, play_out
from cardlib.cards import DECK, from_mask


@pytest.fixture(scope="module")
def bench():
    return benchmark("bench_coach")


def test_a_tiny_run_prints_every_figure(bench, capsys):
    results = bench.main(
        [
            "--deals",
            "1",
            "--positions",
            "1",
            "--samples",
            "2",
            "--call-samples",
            "2",
            "--play-samples",
            "2",
            "--puzzles",
            "1",
            "--policy-deals",
            "1",
            "--confidence-positions",
            "4",
            "--ismcts-deals",
            "1",
            "--ismcts-times",
            "1,2",
            "--calibration-deals",
            "1",
            "--classic-deals",
            "1",
        ]
    )
    out = capsys.readouterr().out
    assert "margin per deal" in out and "scores top" in out and "calls made" in out
    assert "Playout policy as a bot vs three SensibleBots" in out
    assert "13-card decision" in out and "six-card endings" in out and "the floor" in out
    assert results["speed"]["floor_ratio"] > 0
    # The floor by the policy the analysis uses: both policies timed, the default first.
    assert "(strong playouts)" in out and "(classic playouts)" in out
    assert list(results["speed"]["by playout"]) == ["strong", "classic"]
    assert "endplay" in out and "1 best-play puzzles, callbridge: easy (3 cards)" in out
    strength = results["strength"]
    assert 0 <= strength["top"][0] <= 1 and 0 <= strength["made"][0] <= 1
    assert results["speed"]["solver_median_ms"] > 0
    assert "Confidence: of 4 positions" in out and "with 8 samples agreed" in out
    assert "Deal seeds: vs SensibleBots 700000–700000" in out
    if importlib.util.find_spec("pyspiel"):
        assert "Coach vs OpenSpiel ISMCTS at 1× its time per card" in out
        assert "at 2× its time" in out and "two coaches vs two" in out
        assert set(results["ismcts"]) == {1.0, 2.0}
    else:
        assert "open_spiel is not installed" in out
    assert "earlier coach" in out.lower()


def _random_game(bench, seed):
    """A deal played by uniformly random legal moves, through cardlib and the core in step."""
    from cardlib import callbreak

    rng = random.Random(seed)
    deal = callbreak.Deal(seed=seed)
    core = bench.CallBreakCore.from_deal(deal)
    positions = []
    while deal.phase != "over":
        assert core.phase == deal.phase and core.to_act == deal.to_act
        if deal.phase == "calling":
            legal = [bench.CALL_ACTION + call - 1 for call in deal.legal_calls()]
        else:
            legal = sorted(int(card) for card in deal.legal_plays())
        assert core.legal_actions() == legal
        action = rng.choice(legal)
        core.apply(action)
        if deal.phase == "calling":
            deal.call(action - bench.CALL_ACTION + 1)
        else:
            deal.play(DECK[action])
            positions.append(deal.copy())
        assert core.information(deal.to_act or 0) == (
            bench.CallBreakCore.from_deal(deal).information(deal.to_act or 0)
            if deal.phase != "over"
            else core.information(0)
        )
    assert core.phase == "over" and core.legal_actions() == []
    assert core.returns() == [float(points) for points in deal.scores()]
    return positions


def test_the_openspiel_core_plays_cardlibs_rules(bench):
    # Legal calls and cards, whose turn it is and the points, move for move against
    # callbreak.Deal (which the OpenSpiel game wraps); no OpenSpiel needed.
    for seed in range(12):
        _random_game(bench, 40_000 + seed)
    with pytest.raises(ValueError, match="not legal"):
        bench.CallBreakCore.from_deal(callbreak.Deal(seed=1)).apply(0)


def test_the_core_deals_as_openspiel_chance_does(bench):
    deal = callbreak.Deal(seed=3)
    core = bench.CallBreakCore()
    assert core.phase == "dealing" and core.chance_outcomes() == [0, 1, 2, 3]
    core.apply(deal.dealer)
    for seat in range(4):
        for card in sorted(int(c) for c in deal.hand(seat)):
            assert card in core.chance_outcomes()
            core.apply(card)
    assert core.phase == "calling" and len(core.chance_outcomes()) == 0
    dealt = bench.CallBreakCore.from_deal(deal)
    assert core.hands == dealt.hands and core.to_act == deal.to_act
    assert core.information(2) == dealt.information(2)


def test_sampled_worlds_fit_what_the_seat_saw(bench):
    # Every world ISMCTS samples keeps the seat's information, and the cards each other
    # seat played were legal from the hand the world gives it (a void stays a void).
    positions = _random_game(bench, 41_000)
    rng = random.Random(0)
    for deal in positions[5:40:6]:
        core = bench.CallBreakCore.from_deal(deal)
        seat = deal.to_act
        for _ in range(5):
            world = core.resample(seat, rng)
            assert world.information(seat) == core.information(seat)
            assert [h.bit_count() for h in world.hands] == [h.bit_count() for h in core.hands]
            dealt = list(world.hands)
            for trick in deal.tricks:
                for s, card in zip(trick.seats, trick.cards, strict=True):
                    dealt[s] |= 1 << int(card)
            for s, card in zip(deal.trick_seats, deal.trick, strict=True):
                dealt[s] |= 1 << int(card)
            replay = callbreak.Deal.from_hands(
                [from_mask(h) for h in dealt], dealer=deal.dealer, calls=deal.calls
            )
            for trick in deal.tricks:
                for card in trick.cards:
                    replay.play(card)  # raises if the world makes a card illegal
            for card in deal.trick:
                replay.play(card)
        assert len(core.random_finish(rng)) == 4


def test_bad_flags_are_refused_clearly(bench, capsys):
    for flags, message in (
        (["--ismcts-times", "0,4"], "positive multiples"),
        (["--ismcts-times", "fast"], "positive multiples"),
        (["--classic-deals", "-1"], "--classic-deals must be ≥ 0"),
        (["--calibration-deals", "0"], "--calibration-deals must be ≥ 1"),
    ):
        with pytest.raises(SystemExit):
            bench.main(flags)
        assert message in capsys.readouterr().err


def test_the_game_through_pyspiel(bench):
    pytest.importorskip("pyspiel")
    game = bench.spiel_game()
    rng = random.Random(5)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.history()) == 1 + 52 + 4 + 52
    core = state.core
    assert state.returns() == core.returns()
    player = bench.ISMCTSPlayer(8, seed=1)
    deal = callbreak.Deal(seed=9)
    play_out(deal, [player, SensibleBot(), SensibleBot(), SensibleBot()])
    assert deal.phase == "over" and player.times
