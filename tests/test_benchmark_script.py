"""The speed benchmark still runs (a tiny smoke run; timings are never asserted)."""

import random
import subprocess
import sys
from pathlib import Path

import pytest
from script_modules import benchmark

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_callbreak.py"


@pytest.fixture(scope="module")
def bench():
    return benchmark("bench_callbreak")


def test_each_contender_plays_whole_deals(bench):
    won = bench.public_deal(random.Random(1))
    assert len(won) == 4 and sum(won) == 13
    assert sum(bench.fast_deal(random.Random(1))) == 13
    game = bench.openspiel_game()
    if game is not None:
        assert len(bench.openspiel_runner(game)(random.Random(1))) == 4


def test_a_tiny_run_prints_every_figure(bench, capsys):
    best = bench.main(["--seconds", "0.02", "--rounds", "1"])
    out = capsys.readouterr().out
    assert {"public", "fast"} <= set(best)
    assert all(rate > 0 for rate in best.values())
    assert "public:" in out and "fast:" in out
    if "openspiel" in best:
        assert "public/openspiel" in out and "fast/openspiel" in out
    else:
        assert "OpenSpiel is not installed" in out


def test_the_report_without_openspiel(bench):
    text = bench.report({"public": 100.0, "fast": 200.0})
    assert "OpenSpiel is not installed" in text
    assert "public/openspiel" not in text


def test_the_report_with_openspiel_gives_the_ratios(bench):
    text = bench.report({"public": 120.0, "fast": 150.0, "openspiel": 100.0})
    assert "public/openspiel:  1.20  (meets the target ≥ 1.0)" in text
    assert "fast/openspiel:  1.50  (meets the target ≥ 1.5)" in text


def test_the_script_runs_from_the_command_line():
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--seconds", "0.01", "--rounds", "1"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert "deals/s" in result.stdout


@pytest.mark.parametrize(
    "args", [["--students", "0"], ["--students", "x"], ["--exercise", "99-nothing"]]
)
def test_the_autograde_benchmark_refuses_what_it_cannot_run(args, capsys):
    with pytest.raises(SystemExit) as stopped:
        benchmark("bench_autograde").main(args)
    assert stopped.value.code == 2
    assert args[0] in capsys.readouterr().err  # the message names the argument
