"""The review's benchmark still runs (a tiny smoke run; figures are printed, never asserted)."""

from script_modules import benchmark


def test_a_tiny_run_prints_a_time_for_every_game(capsys):
    bench = benchmark("bench_review")
    results = bench.main(["--deals", "1", "--samples", "2", "--leads", "1"])
    out = capsys.readouterr().out
    from cardlib.bridge.double_dummy import available

    games = {"Call Break", "Call Bridge", "Judgement (7 cards)"}
    assert set(results) == games | ({"Contract Bridge (1 leads)"} if available() else set())
    for name, (median, slowest) in results.items():
        assert name in out and 0 < median <= slowest
