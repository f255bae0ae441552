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
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction

import ipywidgets as widgets

from cardlib import callbreak
from cardlib.cards import DECK, Card, parse_cards, sort_for_display
from cardlib.coach.estimate import best_calls, mean_tricks, trick_counts
from cardlib.draw.charts import bar_chart
from cardlib.draw.svg import Svg, cards_html, hand_svg
from cardlib.i18n import N_, _, ngettext
from cardlib.widgets.language import LanguagePicker

#: The sample hands by name (the names are the dropdown's values; its labels translate them).
SAMPLE_HANDS = {
    "Long spades": "AS KS 9S 7S 5S 3S AH 8H KD 6D 4D 7C 2C",
    "Aces and kings": "AS 4S AH KH 6H AD KD 5D 3D AC 9C 5C 2C",
    "Balanced, middling": "QS 8S 4S KH JH 7H 2H QD 9D 6D KC 8C 3C",
    "Weak": "3S 2S JH 9H 6H 4H TD 8D 5D 2D JC 7C 4C",
    "Void in clubs": "KS JS 8S 6S 2S AH QH 5H AD JD 7D 4D 3D",
}
RANDOM_HAND = "Random hand"
_HAND_LABELS = {
    "Long spades": N_("Long spades"),
    "Aces and kings": N_("Aces and kings"),
    "Balanced, middling": N_("Balanced, middling"),
    "Weak": N_("Weak"),
    "Void in clubs": N_("Void in clubs"),
    RANDOM_HAND: N_("Random hand"),
}


def score_sentence(call: int, tricks: int, variant: callbreak.Variant = callbreak.STANDARD) -> str:
    """The score of one deal in words: 'Call 4, took 6 tricks: made (call 4 + 0.1 × 2), 4.2.'

    The result and its reason are Call Break's own (:func:`cardlib.callbreak.explain_score`),
    the words the card table's end of a deal shows too.
    """
    explained = callbreak.explain_score(call, tricks, variant)
    head = ngettext(
        "Call {call}, took {tricks} trick: ", "Call {call}, took {tricks} tricks: ", tricks
    ).format(call=call, tricks=tricks)
    # Translators: "made (call 4 + 0.1 × 2), 4.2": result, its arithmetic, the score.
    tail = _("{result} ({reason}), {points}.")
    return head + tail.format(
        result=explained.result, reason=explained.reason, points=explained.text
    )


def _html_label(text: str) -> widgets.HTML:
    return widgets.HTML(value=text)


def _hand_options() -> list[tuple[str, str]]:
    return [(_(label), name) for name, label in _HAND_LABELS.items()]


class ScoreExplorer:
    """Two sliders (call, tricks) and the score they give, in words."""

    def __init__(self, call: int = 4, tricks: int = 4, variant=callbreak.STANDARD):
        self.variant = variant
        self.call = widgets.IntSlider(value=call, min=variant.min_call, max=variant.max_call)
        self.tricks = widgets.IntSlider(value=tricks, min=0, max=13)
        self.score = widgets.HTML()
        self.call.add_class("cardlib-call-slider")
        self.tricks.add_class("cardlib-tricks-slider")
        self.score.add_class("cardlib-score")
        self.language = LanguagePicker(self.redraw)
        self.widget = widgets.VBox([self.language.dropdown, self.call, self.tricks, self.score])
        self.widget.add_class("cardlib-score-explorer")
        self.call.observe(self._update, names="value")
        self.tricks.observe(self._update, names="value")
        self.redraw()

    def redraw(self) -> None:
        """Draw every label and sentence again, in the language now in use."""
        self.call.description = _("Call")
        self.tricks.description = _("Tricks taken")
        self._update()

    @property
    def points(self) -> Decimal:
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


def random_hand(seed: int | str) -> tuple[Card, ...]:
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
    title: str | None = None,
    width: int = 640,
    height: int = 300,
) -> Svg:
    """The bar chart of expected score by call, the best call(s) marked."""
    return bar_chart(
        expected,
        _("Expected score of each call") if title is None else title,
        _("call"),
        _("expected score"),
        marked=best_calls(expected),
        mark_text=_("best"),
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
        self.hand_picker = widgets.Dropdown(options=_hand_options(), value=next(iter(SAMPLE_HANDS)))
        self.hand_seed = widgets.IntText(value=1)
        # As wide as its words: the default button width cuts them off.
        self.deal_button = widgets.Button(layout={"width": "auto", "flex": "0 0 auto"})
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
        self.language = LanguagePicker(self.redraw)
        # Wrap rather than squeeze: a squeezed button cuts its label off.
        controls = widgets.HBox(
            [self.hand_picker, self.hand_seed, self.deal_button, self.language.dropdown],
            layout={"flex_flow": "row wrap"},
        )
        self.widget = widgets.VBox([controls, self.hand_view, self.summary, self.chart])
        self.widget.add_class("cardlib-expected-explorer")
        self.hand_picker.observe(self._picked, names="value")
        self.deal_button.on_click(self._deal)
        self._label()
        self.show_hand(parse_cards(SAMPLE_HANDS[self.hand_picker.value]))

    def _label(self) -> None:
        self.hand_picker.description = _("Hand")
        self.hand_seed.description = _("Seed")
        self.deal_button.description = _("Deal a random hand")

    def redraw(self) -> None:
        """Draw every label and sentence again, in the language now in use (the
        estimate is kept: nothing is sampled again)."""
        self._relabelling = True
        try:
            value = self.hand_picker.value
            self.hand_picker.options = _hand_options()
            self.hand_picker.value = value
        finally:
            self._relabelling = False
        self._label()
        self._draw()

    def _picked(self, change) -> None:
        if getattr(self, "_relabelling", False):
            return
        if change["new"] == RANDOM_HAND:
            self.show_hand(random_hand(self.hand_seed.value))
        else:
            self.show_hand(parse_cards(SAMPLE_HANDS[change["new"]]))

    def _deal(self, button=None) -> None:
        if self.hand_picker.value != RANDOM_HAND:
            self.hand_picker.value = RANDOM_HAND  # the observer shows the hand
        else:
            self.show_hand(random_hand(self.hand_seed.value))

    def show_hand(self, cards: Iterable[Card]) -> None:
        """Estimate ``cards`` (13 of them) and redraw everything."""
        self.hand = tuple(sort_for_display(cards))
        self.counts = trick_counts(self.hand, self.samples, self.seed, self.variant)
        self.expected = callbreak.expected_scores(self.counts, self.variant)
        self.best = best_calls(self.expected)
        self._draw()

    def _draw(self) -> None:
        self.hand_view.value = str(hand_svg(self.hand, label=_("your hand")))
        self.chart.value = str(expected_chart(self.expected))
        best = str(self.best[0])
        for call in self.best[1:]:
            best = _("{calls} or {call}").format(calls=best, call=call)
        sentence = _(
            "Over {samples:,} random deals this hand took {mean} tricks on average. "
            "<b>Best call: {best}</b>, expected score {score}."
        ).format(
            samples=self.samples,
            mean=two_places(mean_tricks(self.counts)),
            best=best,
            score=two_places(self.expected[self.best[0]]),
        )
        self.summary.value = f"{cards_html(self.hand)}<br>{sentence}"

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        return f"ExpectedScoreExplorer(hand={' '.join(c.code for c in self.hand)!r})"
