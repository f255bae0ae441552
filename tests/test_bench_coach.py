"""The coach's benchmark still runs (a tiny smoke run; figures are printed, never asserted)."""

import importlib.util
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_coach.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_coach", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
