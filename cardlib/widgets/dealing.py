"""A seeded Call Break deal on screen: a seed box, a "Deal" button and the four hands.

>>> from cardlib.widgets.dealing import DealWidget
>>> w = DealWidget(seed=7)
>>> w.deal_button.click()  # the next seed, a new deal
>>> w.seed.value, sum(w.spade_counts)
(8, 13)

Typing a seed redeals that seed; "Deal" moves on to the next seed, so the seed
box always names the deal on screen and any deal can be brought back.

CSS classes (for the browser tests):

- ``cardlib-dealing``: the whole widget;
- ``cardlib-seed``: the seed box (an ``IntText``);
- ``cardlib-deal-button``: the "Deal" button;
- ``cardlib-hands``: the four hands, drawn as SVG (one ``<svg>`` per seat);
- ``cardlib-spade-counts``: the line saying how many spades each seat holds.

What the widget shows for a deal is :func:`cardlib.draw.callbreak.deal_view`'s; the static
site's pages, whose Python starts seconds after the lesson is on screen, get the same from
:func:`cardlib.draw.callbreak.deal_answer`, run by a Python with no widget library (so
ipywidgets is imported only when a widget is made).
"""

from __future__ import annotations

from cardlib import callbreak
from cardlib.draw.callbreak import (  # drawn there; the lessons import them from here
    deal_answer,
    deal_view,
    hands_html,
    spade_counts_text,
)


class DealWidget:
    """A seed box and a "Deal" button that redeal and redraw the four hands.

    The state a test (or a notebook cell) reads: ``deal`` (the
    :class:`~cardlib.callbreak.Deal` on screen), ``spade_counts`` (by seat),
    ``hands.value`` (the HTML drawn) and ``counts.value`` (the spade line).
    """

    def __init__(self, seed: int = 1, variant: callbreak.Variant = callbreak.STANDARD):
        import ipywidgets as widgets

        from cardlib.widgets.language import LanguagePicker

        self.variant = variant
        self.seed = widgets.IntText(value=seed, layout={"width": "160px"})
        self.seed.add_class("cardlib-seed")
        self.deal_button = widgets.Button()
        self.deal_button.add_class("cardlib-deal-button")
        self.hands = widgets.HTML()
        self.hands.add_class("cardlib-hands")
        self.counts = widgets.HTML()
        self.counts.add_class("cardlib-spade-counts")
        self.language = LanguagePicker(self.redraw)
        # On a phone's width the row wraps (the Deal button was cut off at the edge) and the
        # hands, a card's width each, scroll sideways within the widget.
        self.hands.layout.overflow = "auto"
        self.widget = widgets.VBox(
            [
                widgets.HBox(
                    [self.seed, self.deal_button, self.language.dropdown],
                    layout={"flex_flow": "row wrap"},
                ),
                self.hands,
                self.counts,
            ]
        )
        self.widget.add_class("cardlib-dealing")
        self.deal_button.on_click(self._next_seed)
        self.seed.observe(self._redeal, names="value")
        self._redeal()

    def redraw(self) -> None:
        """Draw every label and sentence again, in the language now in use."""
        view = deal_view(self.deal, self.spade_counts)
        self.seed.description = view["seed_label"]
        self.deal_button.description = view["deal_label"]
        self.deal_button.tooltip = view["deal_tooltip"]
        self.hands.value = view["hands"]
        self.counts.value = view["counts"]

    def _next_seed(self, _button=None) -> None:
        # Changing the seed fires _redeal, so the box and the hands never disagree.
        self.seed.value += 1

    def _redeal(self, _change=None) -> None:
        self.deal = callbreak.Deal(seed=self.seed.value, variant=self.variant)
        self.spade_counts = tuple(
            sum(card.suit == "S" for card in hand) for hand in self.deal.hands
        )
        self.redraw()

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        return f"DealWidget(seed={self.seed.value})"


__all__ = ["DealWidget", "deal_answer", "deal_view", "hands_html", "spade_counts_text"]
