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

from cardlib.cards import DECK, SUIT_NAMES, Card, parse_cards, sort_for_display
from cardlib.svg import Html, trick_svg
from cardlib.tricks import trick_winner

NO_TRUMP = "NT"
TRUMP_CHOICES = (
    ("♠ spades (Call Break, Call Bridge)", "S"),
    ("♥ hearts", "H"),
    ("♦ diamonds", "D"),
    ("♣ clubs", "C"),
    ("no trump (a Bridge NT contract)", NO_TRUMP),
)
POSITIONS = ("led", "2nd", "3rd", "4th")


def why_it_wins(trick: Sequence[Card | str], trump: str | None = "S") -> str:
    """One sentence: which card wins the trick and the rule that makes it win.

    >>> why_it_wins(parse_cards("AH 2S KH 3H"))
    '2♠ wins. Spades are trump and 2♠ is the only spade, so it beats every other card, even A♥.'
    """
    cards = [Card(c) for c in trick]
    win = cards[trick_winner(cards, trump)]
    led = cards[0].suit
    trumps = [c for c in cards if trump is not None and c.suit == trump]
    if trumps:
        trump_name = SUIT_NAMES[trump].capitalize()
        best_other = max((c for c in cards if c.suit != trump), key=lambda c: c.rank, default=None)
        beaten = (
            f", even {best_other}" if best_other is not None and best_other.rank > win.rank else ""
        )
        if len(trumps) == 1:
            return (
                f"{win} wins. {trump_name} are trump and {win} is the only "
                f"{SUIT_NAMES[trump][:-1]}, so it beats every other card{beaten}."
            )
        return (
            f"{win} wins. {trump_name} are trump and {win} is the highest of the "
            f"{len(trumps)} {SUIT_NAMES[trump]} played."
        )
    off_suit = [c for c in cards if c.suit != led]
    no_trump = "No trump was played" if trump is not None else "There is no trump"
    text = f"{win} wins. {no_trump}, so the highest {SUIT_NAMES[led][:-1]} (the led suit) wins"
    if off_suit:
        return text + f"; {' and '.join(map(str, off_suit))} did not follow suit and cannot win."
    return text + "."


class TrickBuilder:
    """Four card pickers and a trump picker; shows the trick, its winner and why.

    State: ``cards`` (the four cards picked, in play order), ``winner`` (index
    in play order, or ``None`` while a card is picked twice), ``picture.value``
    (the SVG) and ``feedback.value`` (the sentence).
    """

    def __init__(self, cards: str | Sequence[Card | str] = "AH 2S KH 3H", trump: str | None = "S"):
        start = parse_cards(cards) if isinstance(cards, str) else [Card(c) for c in cards]
        if len(start) != 4:
            raise ValueError(f"a trick has four cards, got {len(start)}")
        options = [(f"{c} {c.name}", c.code) for c in sort_for_display(DECK)]
        self.pickers = []
        for i, card in enumerate(start):
            picker = widgets.Dropdown(
                options=options, value=card.code, description=POSITIONS[i].capitalize()
            )
            picker.add_class("cardlib-trick-card")
            picker.add_class(f"cardlib-trick-card-{i}")
            picker.observe(self._update, names="value")
            self.pickers.append(picker)
        self.trump = widgets.Dropdown(
            options=TRUMP_CHOICES, value=NO_TRUMP if trump is None else trump, description="Trump"
        )
        self.trump.add_class("cardlib-trump")
        self.trump.observe(self._update, names="value")
        self.picture = widgets.HTML()
        self.picture.add_class("cardlib-trick")
        self.feedback = widgets.HTML()
        self.feedback.add_class("cardlib-feedback")
        self.widget = widgets.VBox(
            [widgets.VBox([*self.pickers, self.trump]), self.picture, self.feedback]
        )
        self.widget.add_class("cardlib-trick-builder")
        self._update()

    @property
    def trump_suit(self) -> str | None:
        """The trump suit letter, or ``None`` for no trump."""
        return None if self.trump.value == NO_TRUMP else self.trump.value

    def set_cards(self, cards: str | Sequence[Card | str]) -> None:
        """Pick four cards at once (as a learner would, one picker after another)."""
        cards = parse_cards(cards) if isinstance(cards, str) else [Card(c) for c in cards]
        if len(cards) != 4:
            raise ValueError(f"a trick has four cards, got {len(cards)}")
        for picker, card in zip(self.pickers, cards, strict=True):
            picker.value = card.code

    def _update(self, _change=None) -> None:
        self.cards = tuple(Card(p.value) for p in self.pickers)
        seats = tuple(range(4))
        twice = sorted({c for c in self.cards if self.cards.count(c) > 1})
        if twice:
            self.winner = None
            self.picture.value = Html(trick_svg(self.cards, seats, None, POSITIONS))
            self.feedback.value = escape(
                f"Each card is in the deck once: {' and '.join(map(str, twice))} "
                "is picked twice. Pick another card."
            )
            return
        self.winner = trick_winner(self.cards, self.trump_suit)
        self.picture.value = Html(trick_svg(self.cards, seats, self.winner, POSITIONS))
        sentence = why_it_wins(self.cards, self.trump_suit)
        head, _, rest = sentence.partition(" wins. ")
        self.feedback.value = f"<b>{escape(head)} wins.</b> {escape(rest)}"

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        return f"TrickBuilder({' '.join(c.code for c in self.cards)!r}, trump={self.trump_suit!r})"
