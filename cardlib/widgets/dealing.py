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
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from cardlib import callbreak
from cardlib.draw.svg import Html, hand_svg
from cardlib.i18n import _
from cardlib.seats import seat_label
from cardlib.widgets.language import LanguagePicker


def hands_html(deal: callbreak.Deal) -> Html:
    """The four hands of a deal as an HTML table: seat, role, cards (SVG) and spade count."""
    first = (deal.dealer + deal.direction) % 4
    rows = []
    for seat, hand in enumerate(deal.hands):
        role = (
            _("dealer")
            if seat == deal.dealer
            else (_("calls and leads first") if seat == first else "")
        )
        spades = sum(card.suit == "S" for card in hand)
        picture = hand_svg(hand, label=_("hand of {seat}").format(seat=seat_label(seat)))
        rows.append(
            f'<tr><th scope="row" style="text-align:left;padding-right:8px">'
            f"{escape(seat_label(seat))}<br>"
            f'<span style="font-weight:normal;font-size:smaller">{escape(role)}</span></th>'
            f"<td>{picture}</td>"
            f'<td style="padding-left:8px">{spades} ♠</td></tr>'
        )
    return Html(
        '<table class="cardlib-deal-table" style="border-collapse:collapse">'
        + "".join(rows)
        + "</table>"
    )


def spade_counts_text(counts: tuple[int, ...]) -> str:
    """One line: 'Spades: South (0) 4 ♠, West (1) 2 ♠, North (2) 3 ♠, East (3) 4 ♠'."""
    return _("Spades: {counts}").format(
        counts=", ".join(f"{seat_label(s)} {n} ♠" for s, n in enumerate(counts))
    )


class DealWidget:
    """A seed box and a "Deal" button that redeal and redraw the four hands.

    The state a test (or a notebook cell) reads: ``deal`` (the
    :class:`~cardlib.callbreak.Deal` on screen), ``spade_counts`` (by seat),
    ``hands.value`` (the HTML drawn) and ``counts.value`` (the spade line).
    """

    def __init__(self, seed: int = 1, variant: callbreak.Variant = callbreak.STANDARD):
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
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.seed, self.deal_button, self.language.dropdown]),
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
        self.seed.description = _("Seed")
        self.deal_button.description = _("Deal")
        self.deal_button.tooltip = _("Deal the next seed")
        self.hands.value = hands_html(self.deal)
        self.counts.value = escape(spade_counts_text(self.spade_counts))

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
