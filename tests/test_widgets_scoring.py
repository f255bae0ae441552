"""Notebook 04's widgets and helpers, driven in plain pytest: set values, click, read the state."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlib import callbreak, parse_cards
from cardlib.coach.estimate import (
    ALWAYS_WANT,
    best_calls,
    expected_scores_as_called,
    hand_mask,
    made_counts_agree,
    mean_tricks,
    trick_counts,
)
from cardlib.draw.charts import _nice_ticks, bar_chart, line_chart
from cardlib.widgets.scoring import (
    SAMPLE_HANDS,
    ExpectedScoreExplorer,
    ScoreExplorer,
    random_hand,
    score_sentence,
    two_places,
)

SAMPLES = 200  # enough to see data change; the notebook uses 10,000


def classes(widget) -> set[str]:
    return set(widget._dom_classes)


# ----- the score sliders -------------------------------------------------------


def test_score_explorer_shows_the_seed_examples():
    w = ScoreExplorer(call=4, tricks=6)
    assert "made (call 4 + 0.1 × 2), 4.2." in w.score.value
    w.call.value, w.tricks.value = 3, 2
    assert "set (short of the call: minus 3), -3.0." in w.score.value
    w.call.value, w.tricks.value = 4, 4
    assert "made (call 4), 4.0." in w.score.value
    assert w.points == callbreak.score(4, 4)


def test_score_explorer_classes_and_ranges():
    w = ScoreExplorer()
    assert "cardlib-call-slider" in classes(w.call)
    assert "cardlib-tricks-slider" in classes(w.tricks)
    assert "cardlib-score" in classes(w.score)
    assert "cardlib-score-explorer" in classes(w.widget)
    assert (w.call.min, w.call.max, w.tricks.min, w.tricks.max) == (1, 13, 0, 13)
    assert ScoreExplorer(call=2, variant=callbreak.Variant(min_call=2)).call.min == 2
    assert repr(w) == "ScoreExplorer(call=4, tricks=4)"


def test_old_scoring_sentences():
    old = callbreak.Variant(old_scoring=True)
    assert score_sentence(4, 5, old) == "Call 4, took 5 tricks: made (call 4), 4.0."
    assert score_sentence(4, 6, old).endswith(
        ": set (two or more over the call under old scoring: minus 4), -4.0."
    )
    assert score_sentence(4, 3, old).endswith(": set (short of the call: minus 4), -4.0.")


@given(st.integers(1, 13), st.integers(0, 13), st.booleans())
def test_the_sentence_says_what_the_card_table_says(call, tricks, old_scoring):
    """One wording of a deal's points: Call Break's explain_score, as the end of a deal
    at the card table shows it (result, reason, points)."""
    variant = callbreak.Variant(old_scoring=old_scoring)
    explained = callbreak.explain_score(call, tricks, variant)
    assert score_sentence(call, tricks, variant).endswith(
        f": {explained.result} ({explained.reason}), {explained.text}."
    )


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 13), st.integers(0, 13))
def test_sentence_always_ends_in_the_exact_score(call, tricks):
    points = callbreak.format_points(callbreak.score(call, tricks))
    assert score_sentence(call, tricks).endswith(f"{points}.")


# ----- the estimate ---------------------------------------------------------------


def test_trick_counts_are_seeded_and_complete():
    hand = SAMPLE_HANDS["Long spades"]
    counts = trick_counts(hand, SAMPLES, seed=3)
    assert len(counts) == 14 and sum(counts) == SAMPLES
    assert counts == trick_counts(hand, SAMPLES, seed=3)
    # Four long spades with the ace and king: never fewer than 2 tricks.
    assert sum(counts[:2]) == 0


def test_samples_are_spread_over_the_four_positions():
    with pytest.raises(ValueError, match="one per position"):
        trick_counts(SAMPLE_HANDS["Weak"], 3)
    assert sum(trick_counts(SAMPLE_HANDS["Weak"], 7)) == 7


def test_hand_must_be_thirteen_different_cards():
    with pytest.raises(ValueError, match="13 different cards"):
        hand_mask("AS KS")
    with pytest.raises(ValueError, match="13 different cards"):
        hand_mask(["AS"] * 13)


def test_greedy_play_makes_every_call_on_the_same_deals():
    # The reason one simulation serves every call (see cardlib.coach.estimate).
    for call in (2, 4, 6):
        assert made_counts_agree(SAMPLE_HANDS["Long spades"], call, samples=120, seed=5)
    assert ALWAYS_WANT == 13


def test_best_call_and_mean_exactly():
    counts = [0, 0, 0, 1, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0]  # 3, 4, 4, 5 tricks
    assert mean_tricks(counts) == 4
    expected = callbreak.expected_scores(counts)
    # Call 4 makes 3 times in 4 (4, 4.0, 4.1) and misses once: (4 + 4 + 4.1 - 4) / 4.
    assert expected[4] == Fraction("8.1") / 4
    assert expected[3] == (Fraction("3.0") + Fraction("3.1") * 2 + Fraction("3.2")) / 4
    assert best_calls(expected) == [3]
    assert best_calls({1: Fraction(1), 2: Fraction(1)}) == [1, 2]


def test_two_places_rounds_exact_values():
    assert two_places(Fraction(3043, 1000)) == "3.04"
    assert two_places(Fraction(-1, 200)) == "-0.01"
    assert two_places(Fraction(1, 300)) == "0.00"
    assert two_places(Fraction(-55, 100)) == "-0.55"
    assert two_places(Fraction(13)) == "13.00"


# ----- the hand picker and chart ----------------------------------------------------


def test_expected_explorer_recomputes_for_a_new_hand():
    w = ExpectedScoreExplorer(samples=SAMPLES, seed=1)
    first_hand, first_expected, first_chart = w.hand, w.expected, w.chart.value
    assert set(first_hand) == set(parse_cards(SAMPLE_HANDS["Long spades"]))
    assert w.counts == trick_counts(w.hand, SAMPLES, 1)
    assert w.expected == callbreak.expected_scores(w.counts)
    assert w.best == best_calls(w.expected)

    w.hand_picker.value = "Weak"
    assert set(w.hand) == set(parse_cards(SAMPLE_HANDS["Weak"]))
    assert w.expected != first_expected and w.chart.value != first_chart
    assert w.best == [1]  # a weak hand calls the minimum
    assert "Best call: 1" in w.summary.value


def test_expected_explorer_deals_random_hands_from_the_seed():
    w = ExpectedScoreExplorer(samples=SAMPLES)
    w.hand_seed.value = 5
    w.deal_button.click()
    assert w.hand_picker.value == "Random hand"
    assert w.hand == random_hand(5)
    before = w.expected
    w.hand_seed.value = 6
    w.deal_button.click()
    assert w.hand == random_hand(6) and w.expected != before
    assert w.counts == trick_counts(random_hand(6), SAMPLES, 0)


def test_expected_explorer_chart_marks_the_best_call():
    w = ExpectedScoreExplorer(samples=SAMPLES)
    chart = w.chart.value
    best = w.best[0]
    assert chart.count("<rect x=") == 13  # one bar per call 1..13
    assert f"call {best}: {two_places(w.expected[best])} (best)" in chart
    assert chart.count("(best)</title>") == len(w.best)
    assert "Date" not in chart
    for part, name in [
        (w.hand_picker, "hand-picker"),
        (w.hand_seed, "hand-seed"),
        (w.deal_button, "random-hand-button"),
        (w.chart, "expected-chart"),
        (w.summary, "best-call"),
        (w.hand_view, "hand"),
        (w.widget, "expected-explorer"),
    ]:
        assert f"cardlib-{name}" in classes(part)


def test_expected_explorer_with_minimum_call_two():
    w = ExpectedScoreExplorer(samples=SAMPLES, variant=callbreak.Variant(min_call=2))
    assert min(w.expected) == 2


# ----- the charts ------------------------------------------------------------------


def test_ticks_cover_the_data_and_include_zero():
    for low, high in [(-13, 3.04), (0, 807), (-1, 0), (2, 9)]:
        ticks = _nice_ticks(min(low, 0), max(high, 0))
        assert ticks[0] <= low and ticks[-1] >= high and 0 in ticks
        assert "-0" not in [f"{t:g}" for t in ticks]


def test_charts_are_deterministic_text():
    values = {1: Fraction(1, 3), 2: Fraction(-2), 3: Fraction(5, 2)}
    chart = bar_chart(values, "t", "call", "score", marked=[3], value_text=two_places)
    assert chart == bar_chart(values, "t", "call", "score", marked=[3], value_text=two_places)
    assert "call 3: 2.50 (best)" in chart and chart._repr_svg_() == chart
    lines = line_chart({"call 4": {t: callbreak.score(4, t) for t in range(14)}}, "t", "x", "y")
    assert lines.count("<circle") == 14 and "call 4, x 6: 4.2" in lines


def test_expected_scores_as_called_play_each_call_out():
    hand = SAMPLE_HANDS["Void in clubs"]
    old = callbreak.Variant(old_scoring=True)
    expected = expected_scores_as_called(hand, 40, seed=1, variant=old, calls=[5, 6])
    assert set(expected) == {5, 6}
    counts = trick_counts(hand, 40, 1, old, call=6)
    total = sum(n * callbreak.score(6, t, old) for t, n in enumerate(counts))
    assert expected[6] == Fraction(total) / 40
    assert set(expected_scores_as_called(hand, 8, variant=callbreak.Variant(min_call=2))) == set(
        range(2, 14)
    )
