"""The tuning script (benchmarks/tune_playout.py): it runs, and bad flags are refused up front
with what is accepted, before any deal is played (figures are printed, never asserted)."""

import pytest
from script_modules import benchmark


@pytest.fixture(scope="module")
def tune():
    return benchmark("tune_playout")


def test_a_tiny_coach_comparison_prints_each_variant(tune, capsys):
    tune.main(
        [
            "--deals",
            "2",
            "--seed",
            "5",
            "--coach",
            "-",
            "play_samples=2,call_samples=2,rules=all-GREEDY",
        ]
    )
    out = capsys.readouterr().out
    assert "2 rotated deals from seed 5" in out
    assert (
        "  defaults: margin " in out
        and "  play_samples=2, call_samples=2, rules=all-GREEDY: " in out
    )


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--deals", "1"], "--deals must be ≥ 2"),
        (["--seed", "-3"], "--seed must be ≥ 0"),
        (["--rules", "DRAW+FOO"], "the names DRAW, CASH, LEAD"),
        (["--rules", "+"], "the names DRAW, CASH, LEAD"),
        (["--coach", "samples=3"], "NAME one of call_samples, play_samples"),
        (["--coach", "rules="], "NAME one of call_samples"),
        (["--coach", "play_samples"], "NAME=VALUE"),
        (["--coach", "play_samples=x"], "not a value play_samples takes"),
        (["--coach", "call_boldness=1/0"], "not a value call_boldness takes"),
        (["--coach", "rules=all-X"], "the names DRAW, CASH, LEAD"),
        (["--coach", "play_samples=0"], "play_samples must be a whole number 1 or more"),
        (["--coach", "call_boldness=-1"], "call_boldness must be a number of points 0 or more"),
        (["--coach", "playout=weak"], "playout must be one of"),
        (["--coach", "calls_model=psychic"], "calls_model must be one of"),
    ],
)
def test_bad_flags_are_refused_before_any_deal(tune, capsys, flags, message):
    with pytest.raises(SystemExit) as stop:
        tune.main(flags)
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""
