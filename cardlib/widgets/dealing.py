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

What the widget shows for a seed is :func:`deal_view`'s; the static site's pages, whose Python
starts seconds after the lesson is on screen, get the same from :func:`deal_answer`, run by a
Python with no widget library (so ipywidgets is imported only when a widget is made).
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from cardlib import callbreak, i18n
from cardlib.draw.svg import Html, hand_svg
from cardlib.errors import CardlibError
from cardlib.i18n import _
from cardlib.seats import seat_label


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


def deal_view(deal: callbreak.Deal, spade_counts: tuple[int, ...] | None = None) -> dict[str, str]:
    """What the Deal widget shows for ``deal``, in the language in use: its labels, the four
    hands (HTML) and the line of spade counts (HTML)."""
    if spade_counts is None:
        spade_counts = tuple(sum(card.suit == "S" for card in hand) for hand in deal.hands)
    return {
        "seed_label": _("Seed"),
        "deal_label": _("Deal"),
        "deal_tooltip": _("Deal the next seed"),
        "hands": hands_html(deal),
        "counts": escape(spade_counts_text(spade_counts)),
    }


def _refused_request(what: object) -> CardlibError:
    shown = repr(what) if len(repr(what)) < 80 else f"{repr(what)[:77]}..."
    return CardlibError(
        _(
            "a deal is asked for as JSON text with a whole-number seed and a language "
            "({accepted}), got {value}"
        ).format(accepted=", ".join(map(repr, i18n.LANGUAGES)), value=shown),
        "request",
    )


def deal_answer(request: str) -> str:
    """The Deal widget's view of a seed for a page whose own Python has no widgets (the static
    site's worker): ``request`` is JSON text ``{"id": …, "seed": int, "lang": code}``, the
    answer JSON text of ``{"id": …, "seed": …}`` and :func:`deal_view`'s values in that
    language, or of ``{"id": …, "refused": message}``, in the language in use, for anything
    else.

    >>> answer = json.loads(deal_answer('{"id": 3, "seed": 2026, "lang": "en"}'))
    >>> answer["id"], answer["seed"], answer["counts"] == DealWidget(seed=2026).counts.value
    (3, 2026, True)
    >>> json.loads(deal_answer('{"id": 4, "seed": "2026", "lang": "en"}'))["refused"][:38]
    'a deal is asked for as JSON text with '
    """
    try:
        asked: Any = json.loads(request)
    except (TypeError, ValueError):
        asked = request
    ident = asked.get("id") if isinstance(asked, dict) else None
    try:
        if not isinstance(asked, dict):
            raise _refused_request(asked)
        seed, code = asked.get("seed"), asked.get("lang")
        if type(seed) is not int or not isinstance(code, str) or code not in i18n.LANGUAGES:
            raise _refused_request(asked)
        with i18n.language(code):
            view = deal_view(callbreak.Deal(seed=seed))
        answer: dict[str, Any] = {"id": ident, "seed": seed, **view}
    except CardlibError as refusal:
        answer = {"id": ident, "refused": str(refusal)}
    return json.dumps(answer, ensure_ascii=False)


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
