"""Widgets for calling and scoring in Call Break (notebook 04).

- :class:`ScoreExplorer`: a call slider and a tricks slider; the score and why.
- :class:`ExpectedScoreExplorer`: pick a hand (a sample hand, or a random one
  from a seed) and see the Monte Carlo expected score of every call as a bar
  chart with the best call marked. The computed data stays on the widget
  (``.counts``, ``.expected``, ``.best``) so that tests can check it.

CSS classes (for the browser tests):

- ``cardlib-score-explorer``, ``cardlib-call-slider``, ``cardlib-tricks-slider``,
  ``cardlib-score``
- ``cardlib-expected-explorer``, ``cardlib-hand-picker`` (dropdown of sample
  hands), ``cardlib-hand-seed`` (seed box), ``cardlib-random-hand-button``
  (deal a random hand from the seed), ``cardlib-hand`` (the hand drawn), ``cardlib-expected-chart``
  (the chart), ``cardlib-best-call`` (the summary line)
"""

from __future__ import annotations

import random
from fractions import Fraction

import ipywidgets as widgets

from cardlib import callbreak
from cardlib.cards import DECK, Card, parse_cards, sort_for_display
from cardlib.charts import bar_chart
from cardlib.estimate import best_calls, mean_tricks, trick_counts
from cardlib.svg import cards_html, hand_svg

SAMPLE_HANDS = {
    "Long spades": "AS KS 9S 7S 5S 3S AH 8H KD 6D 4D 7C 2C",
    "Aces and kings": "AS 4S AH KH 6H AD KD 5D 3D AC 9C 5C 2C",
    "Balanced, middling": "QS 8S 4S KH JH 7H 2H QD 9D 6D KC 8C 3C",
    "Weak": "3S 2S JH 9H 6H 4H TD 8D 5D 2D JC 7C 4C",
    "Void in clubs": "KS JS 8S 6S 2S AH QH 5H AD JD 7D 4D 3D",
}


def score_sentence(call: int, tricks: int, variant: callbreak.Variant = callbreak.STANDARD) -> str:
    """The score of one deal in words, e.g. 'Call 4, took 6 tricks: made, 4 + 2 × 0.1 = 4.2.'"""
    points = callbreak.format_points(callbreak.score(call, tricks, variant))
    head = f"Call {call}, took {tricks} trick{'s' if tricks != 1 else ''}: "
    if variant.old_scoring:
        if call <= tricks <= call + 1:
            return head + f"call or one more succeeds under old scoring, {points}."
        if tricks > call + 1:
            return head + f"two or more over the call fails under old scoring, {points}."
        return head + f"short of the call, the whole call is lost, {points}."
    if tricks >= call:
        extra = tricks - call
        if extra == 0:
            return head + f"made exactly, {points}."
        return head + f"made, {call} + {extra} × 0.1 = {points}."
    short = call - tricks
    return head + f"{short} short, so the whole call is lost: {points}."


def _html_label(text: str) -> widgets.HTML:
    return widgets.HTML(value=text)


class ScoreExplorer:
    """Two sliders (call, tricks) and the score they give, in words."""

    def __init__(self, call: int = 4, tricks: int = 4, variant=callbreak.STANDARD):
        self.variant = variant
        self.call = widgets.IntSlider(
            value=call, min=variant.min_call, max=variant.max_call, description="Call"
        )
        self.tricks = widgets.IntSlider(value=tricks, min=0, max=13, description="Tricks taken")
        self.score = widgets.HTML()
        self.call.add_class("cardlib-call-slider")
        self.tricks.add_class("cardlib-tricks-slider")
        self.score.add_class("cardlib-score")
        self.widget = widgets.VBox([self.call, self.tricks, self.score])
        self.widget.add_class("cardlib-score-explorer")
        self.call.observe(self._update, names="value")
        self.tricks.observe(self._update, names="value")
        self._update()

    @property
    def points(self):
        """The score now shown, exactly (a ``Decimal``)."""
        return callbreak.score(self.call.value, self.tricks.value, self.variant)

    def _update(self, change=None) -> None:
        self.score.value = (
            f"<b>{score_sentence(self.call.value, self.tricks.value, self.variant)}</b>"
        )

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        return f"ScoreExplorer(call={self.call.value}, tricks={self.tricks.value})"


def random_hand(seed) -> tuple[Card, ...]:
    """Thirteen cards drawn from a seeded shuffle, sorted for display."""
    indices = random.Random(seed).sample(range(52), 13)
    return tuple(sort_for_display(DECK[i] for i in indices))


def two_places(value: Fraction) -> str:
    """An exact value shown to 2 decimals (rounding half away from zero)."""
    hundredths = abs(value) * 100
    whole = int(hundredths)
    if hundredths - whole >= Fraction(1, 2):
        whole += 1
    sign = "-" if value < 0 and whole else ""
    return f"{sign}{whole // 100}.{whole % 100:02d}"


def expected_chart(
    expected: dict[int, Fraction],
    title: str = "Expected score of each call",
    width: int = 640,
    height: int = 300,
):
    """The bar chart of expected score by call, the best call(s) marked."""
    return bar_chart(
        expected,
        title,
        "call",
        "expected score",
        marked=best_calls(expected),
        mark_text="best",
        value_text=two_places,
        width=width,
        height=height,
    )


class ExpectedScoreExplorer:
    """Pick a hand; see how many tricks it takes and the expected score of every call.

    ``samples`` random deals of the other 39 cards (seeded by ``seed``) are
    played by sensible bots. After every change, ``.hand``, ``.counts``
    (14 trick counts), ``.expected`` (call → ``Fraction``) and ``.best`` hold
    the new data and the chart is redrawn.
    """

    def __init__(self, samples: int = 10_000, seed: int = 0, variant=callbreak.STANDARD):
        self.samples, self.seed, self.variant = samples, seed, variant
        self.hand_picker = widgets.Dropdown(
            options=[*SAMPLE_HANDS, "Random hand"],
            value=next(iter(SAMPLE_HANDS)),
            description="Hand",
        )
        self.hand_seed = widgets.IntText(value=1, description="Seed")
        # As wide as its words: the default button width cuts them off.
        self.deal_button = widgets.Button(
            description="Deal a random hand", layout={"width": "auto"}
        )
        self.hand_view = widgets.HTML()
        self.chart = widgets.HTML()
        self.summary = widgets.HTML()
        for part, name in [
            (self.hand_picker, "hand-picker"),
            (self.hand_seed, "hand-seed"),
            (self.deal_button, "random-hand-button"),
            (self.hand_view, "hand"),
            (self.chart, "expected-chart"),
            (self.summary, "best-call"),
        ]:
            part.add_class(f"cardlib-{name}")
        controls = widgets.HBox([self.hand_picker, self.hand_seed, self.deal_button])
        self.widget = widgets.VBox([controls, self.hand_view, self.summary, self.chart])
        self.widget.add_class("cardlib-expected-explorer")
        self.hand_picker.observe(self._picked, names="value")
        self.deal_button.on_click(self._deal)
        self.show_hand(parse_cards(SAMPLE_HANDS[self.hand_picker.value]))

    def _picked(self, change) -> None:
        if change["new"] == "Random hand":
            self.show_hand(random_hand(self.hand_seed.value))
        else:
            self.show_hand(parse_cards(SAMPLE_HANDS[change["new"]]))

    def _deal(self, button=None) -> None:
        if self.hand_picker.value != "Random hand":
            self.hand_picker.value = "Random hand"  # the observer shows the hand
        else:
            self.show_hand(random_hand(self.hand_seed.value))

    def show_hand(self, cards) -> None:
        """Estimate ``cards`` (13 of them) and redraw everything."""
        self.hand = tuple(sort_for_display(cards))
        self.counts = trick_counts(self.hand, self.samples, self.seed, self.variant)
        self.expected = callbreak.expected_scores(self.counts, self.variant)
        self.best = best_calls(self.expected)
        mean = mean_tricks(self.counts)
        self.hand_view.value = str(hand_svg(self.hand, label="your hand"))
        self.chart.value = str(expected_chart(self.expected))
        best = " or ".join(str(c) for c in self.best)
        self.summary.value = (
            f"{cards_html(self.hand)}<br>Over {self.samples:,} random deals this hand took "
            f"{two_places(mean)} tricks on average. <b>Best call: {best}</b>, expected score "
            f"{two_places(self.expected[self.best[0]])}."
        )

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        return f"ExpectedScoreExplorer(hand={' '.join(c.code for c in self.hand)!r})"
