"""Build a trick from four cards and see who wins it, and why.

>>> from cardlib.widgets.trick_builder import TrickBuilder
>>> b = TrickBuilder("AH 2S KH 3H")
>>> b.winner, b.feedback.value[:40]
(1, '<b>2♠ wins.</b> Spades are trump and 2♠ ')

The trump picker compares the games: ♠ for Call Break and Call Bridge, any suit
for Judgement's rotating trump (♣ ♥ ♠ ♦ by round) or a Bridge contract, and "no
trump" for a Bridge NT contract. The winner always comes from
:func:`cardlib.tricks.trick_winner`, the one rule for every game.

CSS classes (for the browser tests):

- ``cardlib-trick-builder``: the whole widget;
- ``cardlib-trick-card`` on each of the four card pickers (``Dropdown``), and
  ``cardlib-trick-card-0`` … ``cardlib-trick-card-3`` in play order;
- ``cardlib-trump``: the trump picker;
- ``cardlib-trick``: the trick drawn as SVG, the winner highlighted;
- ``cardlib-feedback``: who wins and why.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as widgets

from cardlib.cards import DECK, Card, card_name, parse_cards, sort_for_display, suit_name
from cardlib.draw.svg import Html, trick_svg
from cardlib.i18n import N_, _
from cardlib.tricks import trick_winner
from cardlib.widgets.language import LanguagePicker

NO_TRUMP = "NT"
TRUMP_CHOICES = (
    (N_("♠ spades (Call Break, Call Bridge)"), "S"),
    (N_("♥ hearts"), "H"),
    (N_("♦ diamonds"), "D"),
    (N_("♣ clubs"), "C"),
    (N_("no trump (a Bridge NT contract)"), NO_TRUMP),
)
POSITIONS = (N_("led"), N_("2nd"), N_("3rd"), N_("4th"))


def _and(cards: Sequence[Card]) -> str:
    """'A♥', 'A♥ and K♥', 'A♥ and K♥ and 3♥', in play order."""
    text = str(cards[0])
    for card in cards[1:]:
        text = _("{cards} and {last}").format(cards=text, last=card)
    return text


def winner_and_reason(trick: Sequence[Card | str], trump: str | None = "S") -> tuple[str, str]:
    """Who wins the trick (``'2♠ wins.'``) and the rule that makes it win, in the
    learner's language."""
    cards = [Card(c) for c in trick]
    win = cards[trick_winner(cards, trump)]
    head = _("{card} wins.").format(card=win)
    led = cards[0].suit
    trumps = [c for c in cards if trump is not None and c.suit == trump]
    if trump is not None and trumps:
        names = suit_name(trump)
        best_other = max((c for c in cards if c.suit != trump), key=lambda c: c.rank, default=None)
        if len(trumps) > 1:
            reason = _(
                "{suits} are trump and {card} is the highest of the {count} {suits_lower} played."
            )
        elif best_other is not None and best_other.rank > win.rank:
            reason = _(
                "{suits} are trump and {card} is the only {suit}, so it beats every other "
                "card, even {best}."
            )
        else:
            reason = _(
                "{suits} are trump and {card} is the only {suit}, so it beats every other card."
            )
        return head, reason.format(
            suits=names[:1].upper() + names[1:],
            suits_lower=names,
            card=win,
            suit=suit_name(trump, plural=False),
            count=len(trumps),
            best=best_other,
        )
    off_suit = [c for c in cards if c.suit != led]
    if trump is not None and off_suit:
        reason = _(
            "No trump was played, so the highest {suit} (the led suit) wins; {cards} did not "
            "follow suit and cannot win."
        )
    elif trump is not None:
        reason = _("No trump was played, so the highest {suit} (the led suit) wins.")
    elif off_suit:
        reason = _(
            "There is no trump, so the highest {suit} (the led suit) wins; {cards} did not "
            "follow suit and cannot win."
        )
    else:
        reason = _("There is no trump, so the highest {suit} (the led suit) wins.")
    return head, reason.format(
        suit=suit_name(led, plural=False), cards=_and(off_suit) if off_suit else ""
    )


def why_it_wins(trick: Sequence[Card | str], trump: str | None = "S") -> str:
    """One sentence: which card wins the trick and the rule that makes it win.

    >>> why_it_wins(parse_cards("AH 2S KH 3H"))
    '2♠ wins. Spades are trump and 2♠ is the only spade, so it beats every other card, even A♥.'
    """
    return " ".join(winner_and_reason(trick, trump))


def _card_options() -> list[tuple[str, str]]:
    return [(f"{c} {card_name(c)}", c.code) for c in sort_for_display(DECK)]


def _trump_options() -> list[tuple[str, str]]:
    return [(_(label), value) for label, value in TRUMP_CHOICES]


def _positions() -> tuple[str, ...]:
    return tuple(_(position) for position in POSITIONS)


class TrickBuilder:
    """Four card pickers and a trump picker; shows the trick, its winner and why.

    State: ``cards`` (the four cards picked, in play order), ``winner`` (index
    in play order, or ``None`` while a card is picked twice), ``picture.value``
    (the SVG) and ``feedback.value`` (the sentence).
    """

    def __init__(self, cards: str | Sequence[Card | str] = "AH 2S KH 3H", trump: str | None = "S"):
        start = parse_cards(cards) if isinstance(cards, str) else [Card(c) for c in cards]
        if len(start) != 4:
            raise ValueError(_("a trick has four cards, got {count}").format(count=len(start)))
        self.pickers = []
        for i, card in enumerate(start):
            picker = widgets.Dropdown(options=_card_options(), value=card.code)
            picker.add_class("cardlib-trick-card")
            picker.add_class(f"cardlib-trick-card-{i}")
            picker.observe(self._update, names="value")
            self.pickers.append(picker)
        self.trump = widgets.Dropdown(
            options=_trump_options(), value=NO_TRUMP if trump is None else trump
        )
        self.trump.add_class("cardlib-trump")
        self.trump.observe(self._update, names="value")
        self.picture = widgets.HTML()
        self.picture.add_class("cardlib-trick")
        self.feedback = widgets.HTML()
        self.feedback.add_class("cardlib-feedback")
        self.language = LanguagePicker(self.redraw)
        self.widget = widgets.VBox(
            [
                self.language.dropdown,
                widgets.VBox([*self.pickers, self.trump]),
                self.picture,
                self.feedback,
            ]
        )
        self.widget.add_class("cardlib-trick-builder")
        self._label()
        self._update()

    def _label(self) -> None:
        for position, picker in zip(POSITIONS, self.pickers, strict=True):
            picker.description = _(position).capitalize()
        self.trump.description = _("Trump")

    def redraw(self) -> None:
        """Draw every label and sentence again, in the language now in use.

        The options are replaced with the same values, so nothing picked changes."""
        self._updating = True
        try:
            for picker in self.pickers:
                value = picker.value
                picker.options = _card_options()
                picker.value = value
            value = self.trump.value
            self.trump.options = _trump_options()
            self.trump.value = value
        finally:
            self._updating = False
        self._label()
        self._update()

    @property
    def trump_suit(self) -> str | None:
        """The trump suit letter, or ``None`` for no trump."""
        return None if self.trump.value == NO_TRUMP else self.trump.value

    def set_cards(self, cards: str | Sequence[Card | str]) -> None:
        """Pick four cards at once (as a learner would, one picker after another)."""
        cards = parse_cards(cards) if isinstance(cards, str) else [Card(c) for c in cards]
        if len(cards) != 4:
            raise ValueError(_("a trick has four cards, got {count}").format(count=len(cards)))
        for picker, card in zip(self.pickers, cards, strict=True):
            picker.value = card.code

    def _update(self, _change=None) -> None:
        if getattr(self, "_updating", False):
            return
        self.cards = tuple(Card(p.value) for p in self.pickers)
        seats = tuple(range(4))
        twice = sorted({c for c in self.cards if self.cards.count(c) > 1})
        if twice:
            self.winner = None
            self.picture.value = Html(trick_svg(self.cards, seats, None, _positions()))
            self.feedback.value = escape(
                _(
                    "Each card is in the deck once: {cards} is picked twice. Pick another card."
                ).format(cards=_and(twice))
            )
            return
        self.winner = trick_winner(self.cards, self.trump_suit)
        self.picture.value = Html(trick_svg(self.cards, seats, self.winner, _positions()))
        head, reason = winner_and_reason(self.cards, self.trump_suit)
        self.feedback.value = f"<b>{escape(head)}</b> {escape(reason)}"

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        return f"TrickBuilder({' '.join(c.code for c in self.cards)!r}, trump={self.trump_suit!r})"
