"""The card table coach's benchmark still runs (a tiny smoke run; figures are printed, never
asserted), and leaves the analyses as it found them."""

from script_modules import benchmark

from cardlib.coach import analysis


def test_a_tiny_run_prints_the_hints_and_the_review_for_every_game(capsys):
    runs = analysis._CardWork.run, analysis._CallWork.run
    bench = benchmark("bench_table_coach")
    results = bench.main(["--deals", "1", "--others", "1", "--samples", "3", "--steps", "2"])
    out = capsys.readouterr().out
    assert set(results) == {"callbreak", "judgement", "callbridge"}
    for game, timings in results.items():
        assert game in out
        assert len(timings["old_review"]) == len(timings["idle_review"]) == 1
        assert len(timings["old_hint"]) == len(timings["spot_hint"]) == len(timings["idle_hint"])
    assert "last card's click → review ready" in out and "one idle step" in out
    assert (analysis._CardWork.run, analysis._CallWork.run) == runs  # the counting is undone
