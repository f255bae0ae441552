"""The "what must I play here?" explorer for Call Break.

Pick a worked position (one per step of the ladder, the seed's two examples
among them) or deal one from a seed; click a card of the hand to hear whether
it is legal and why (the :func:`cardlib.callbreak.explain_play` sentence);
"Show legal cards" highlights the whole legal set in the hand.

>>> from cardlib.widgets.play_explorer import PlayExplorer
>>> x = PlayExplorer()            # the first worked position: you lead
>>> x.load(x.find("seed-follow"))  # hearts led, Q♥ on the table, you hold 3♥ K♥ …
>>> x.click("3H"); x.verdict
'illegal'

CSS classes (for the browser tests):

- ``cardlib-play-explorer``: the whole widget;
- ``cardlib-position``: the position picker (a ``Dropdown``: the worked
  positions, then "a position dealt from the seed");
- ``cardlib-seed``: the seed box, and ``cardlib-deal-button``: "Deal a position";
- ``cardlib-table``: the position (who plays, the trick so far as SVG);
- ``cardlib-hand``: the box of card buttons;
- ``cardlib-card-button`` on every card button, plus ``cardlib-card-QH`` (the
  card's code) to click one card, and ``cardlib-legal`` once it is highlighted;
- ``cardlib-show-legal``: the "Show legal cards" button;
- ``cardlib-legal-set``: the line naming the legal cards, once shown;
- ``cardlib-feedback``: the verdict on the card clicked.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as widgets

from cardlib import callbreak
from cardlib.bots import SensibleBot
from cardlib.cards import Card, card_name, is_feminine, parse_cards, sort_for_display
from cardlib.draw.svg import HIGHLIGHT, SUIT_COLOURS, Html, cards_html, trick_svg
from cardlib.game import Explanation
from cardlib.i18n import N_, _, pgettext
from cardlib.seats import seat_label, seat_labels
from cardlib.widgets.language import LanguagePicker

POSITION_NAMES = (N_("led"), N_("2nd"), N_("3rd"))
DEALT, DEALT_INDEX = N_("A position dealt from the seed"), -1
DEALT_TITLE = N_("Seed {seed}: trick {number} of 13, {seat} to play")


@dataclass(frozen=True)
class Position:
    """A moment in a deal: your hand, the cards already in the trick, and the rules.

    ``key`` names the position, ``title`` describes it; ``seats`` (optional)
    says who played each card of the trick and ``seat`` who you are.
    """

    key: str
    title: str
    hand: tuple[Card, ...]
    trick: tuple[Card, ...] = ()
    variant: callbreak.Variant = callbreak.STANDARD
    first_trick: bool = False
    seat: int | None = None
    seats: tuple[int, ...] | None = None
    #: For a dealt position, the seed and trick number its title names (it is
    #: told again in the learner's language); empty for a worked position.
    title_fields: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, key: str, title: str, hand: str, trick: str = "", **options: Any) -> Position:
        """A position from card text: ``Position.of("k", "title", "3H KH", "QH")``."""
        return cls(key, title, tuple(parse_cards(hand)), tuple(parse_cards(trick)), **options)

    def explain(self) -> Explanation:
        """What may be played here, and why."""
        return callbreak.explain_play(self.hand, self.trick, self.variant, self.first_trick)

    def shown_title(self) -> str:
        """The title in the learner's language (``title`` stays English)."""
        if self.title_fields and self.seat is not None:
            return _(DEALT_TITLE).format(**dict(self.title_fields), seat=seat_label(self.seat))
        return _(self.title)


#: One worked position per step of the ladder, in ladder order; the seed's own
#: two examples (``seed-follow``, ``seed-trump``) follow one hand through a deal.
WORKED_POSITIONS: tuple[Position, ...] = (
    Position.of("lead", N_("1. You lead: any card, spades too"), "AS 3S KH 5H 9D"),
    Position.of(
        "seed-follow",
        N_("2. Seed example: hearts led, Q♥ high, you hold 3♥ K♥: you must beat"),
        "3H KH 2S 5D",
        "4H QH",
    ),
    Position.of(
        "follow-any", N_("2. Follow suit; you cannot beat Q♥: any heart"), "3H 5H 9D", "4H QH"
    ),
    Position.of(
        "spade-lead", N_("2. A spade is led: beat the highest spade if you can"), "AS 3S 5H", "10S"
    ),
    Position.of(
        "trumped", N_("2. Exception: the heart lead was trumped: any heart"), "3H KH 5D", "4H 6S"
    ),
    Position.of(
        "seed-trump",
        N_("3. Seed example: clubs led, no clubs, your only spade is 2♠: you must trump"),
        "3H 2S 5D",
        "7C",
    ),
    Position.of(
        "overtrump", N_("3. 9♠ has trumped; you hold J♠: you must over-trump"), "5S JS 4H", "7C 9S"
    ),
    Position.of(
        "undertrump",
        N_("3. 9♠ has trumped; your spades are lower: still a spade"),
        "3S 5S 4H",
        "7C 9S",
    ),
    Position.of("free", N_("4. Neither clubs nor spades: any card"), "4H 6D 9D", "7C"),
    Position.of(
        "free-discard",
        N_("Variant free discard: cannot over-trump 9♠, so any card"),
        "3S 5S 4H",
        "7C 9S",
        variant=callbreak.Variant(free_discard=True),
    ),
    Position.of(
        "no-spade-lead",
        N_("Variant no spade lead on trick 1: lead anything but a spade"),
        "AS 3S KH 5H 9D",
        first_trick=True,
        variant=callbreak.Variant(no_spade_lead_first_trick=True),
    ),
)


def dealt_position(seed: int, variant: callbreak.Variant = callbreak.STANDARD) -> Position:
    """A reachable position: a seeded deal, sensible calls and a random number of plays.

    The seed fixes everything: the deal, and how many cards (0..39) sensible
    bots have played before it is your turn, so that you still hold 3 cards or more.
    """
    rng = random.Random(seed)
    deal = callbreak.Deal(seed=rng.getrandbits(64), variant=variant)
    bot = SensibleBot()
    while deal.phase == "calling":
        deal.call(bot.choose_call(deal))
    for _turn in range(rng.randrange(40)):
        deal.play(bot.choose_play(deal))
    seat = deal.to_act
    assert seat is not None  # fewer than 40 of the 52 cards are played
    number = len(deal.tricks) + 1
    return Position(
        key=f"seed-{seed}",
        title=DEALT_TITLE.format(seed=seed, number=number, seat=seat_label(seat)),
        hand=tuple(sort_for_display(deal.hand(seat))),
        trick=deal.trick,
        variant=variant,
        first_trick=deal.first_trick,
        seat=seat,
        seats=deal.trick_seats,
        title_fields=(("seed", seed), ("number", number)),
    )


def position_html(position: Position) -> Html:
    """Who plays, and the trick so far as SVG (or a line saying you lead)."""
    you = None if position.seat is None else seat_label(position.seat, you=position.seat)
    picture: str
    if position.trick:
        if position.seats is not None:
            picture = trick_svg(position.trick, position.seats, seat_names=seat_labels())
        else:
            names = [_(name) for name in POSITION_NAMES]
            picture = trick_svg(position.trick, range(len(position.trick)), None, names)
        where = _("The trick so far:") if you is None else _("{you}; the trick so far:")
    else:
        picture = ""
        if position.first_trick:
            where = (
                _("You lead the first trick of the deal.")
                if you is None
                else _("{you}: you lead the first trick of the deal.")
            )
        else:
            where = _("You lead this trick.") if you is None else _("{you}: you lead this trick.")
    where = where.format(you=you)
    title = escape(position.shown_title())
    return Html(f"<div><b>{title}</b></div><div>{escape(where)}</div>{picture}")


class PlayExplorer:
    """Choose or deal a position, click a card, read the verdict; reveal the legal set.

    State: ``position``, ``explanation`` (what :func:`~cardlib.callbreak.explain_play`
    says), ``chosen`` (the card clicked last), ``verdict`` (``"legal"``,
    ``"illegal"`` or ``None``), ``highlighted`` (the cards shown as legal),
    ``card_buttons`` (card → button) and the ``feedback``/``legal_set`` HTML.
    """

    def __init__(
        self,
        positions: tuple[Position, ...] = WORKED_POSITIONS,
        seed: int = 1,
        variant: callbreak.Variant = callbreak.STANDARD,
    ):
        self.positions = positions
        self.variant = variant
        self._syncing = False
        self.picker = widgets.Dropdown(
            options=self._position_options(), value=0, layout={"width": "max-content"}
        )
        self.picker.add_class("cardlib-position")
        self.seed = widgets.IntText(value=seed, layout={"width": "160px"})
        self.seed.add_class("cardlib-seed")
        self.deal_button = widgets.Button()
        self.deal_button.add_class("cardlib-deal-button")
        self.table = widgets.HTML()
        self.table.add_class("cardlib-table")
        self.hand = widgets.HBox(layout={"flex_flow": "row wrap"})
        self.hand.add_class("cardlib-hand")
        self.show_legal = widgets.Button(layout={"width": "auto"})
        self.show_legal.add_class("cardlib-show-legal")
        self.legal_set = widgets.HTML()
        self.legal_set.add_class("cardlib-legal-set")
        self.feedback = widgets.HTML()
        self.feedback.add_class("cardlib-feedback")
        self.language = LanguagePicker(self.redraw)
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.picker, self.language.dropdown]),
                widgets.HBox([self.seed, self.deal_button]),
                self.table,
                self.hand,
                widgets.HBox([self.show_legal, self.legal_set]),
                self.feedback,
            ]
        )
        self.widget.add_class("cardlib-play-explorer")
        self.picker.observe(self._pick, names="value")
        self.deal_button.on_click(self._deal)
        self.show_legal.on_click(self._show_legal)
        self._label()
        self.load(positions[0])

    def _position_options(self) -> list[tuple[str, int]]:
        return [(p.shown_title(), i) for i, p in enumerate(self.positions)] + [
            (_(DEALT), DEALT_INDEX)
        ]

    def _label(self) -> None:
        self.picker.description = _("Position")
        self.seed.description = _("Seed")
        self.deal_button.description = _("Deal a position")
        self.show_legal.description = _("Show legal cards")

    def redraw(self) -> None:
        """Say everything again in the language now in use: the same position, the same
        card clicked, the same cards highlighted."""
        self._syncing = True
        try:
            value = self.picker.value
            self.picker.options = self._position_options()
            self.picker.value = value
        finally:
            self._syncing = False
        self._label()
        self.explanation = self.position.explain()
        self.table.value = position_html(self.position)
        for card, button in self.card_buttons.items():
            button.tooltip = self._tooltip(card)
        if self.chosen is None:
            self.feedback.value = _("Click the card you would play.")
        else:
            self._judge(self.chosen)
        if self.highlighted:
            self._show_legal()

    # ----- actions (what the buttons do; also handy from a notebook or a test) -----

    def find(self, key: str) -> Position:
        """The worked position with this key."""
        for position in self.positions:
            if position.key == key:
                return position
        raise KeyError(
            _("no position {key!r}; the keys are {keys}").format(
                key=key, keys=[p.key for p in self.positions]
            )
        )

    def load(self, position: Position) -> None:
        """Show a position: its trick, a button per card of the hand; forget the last verdict."""
        self.position = position
        self.explanation = position.explain()
        # Keep the picker naming what is shown, without its observer reloading it.
        index = self.positions.index(position) if position in self.positions else DEALT_INDEX
        self._syncing = True
        try:
            self.picker.value = index
        finally:
            self._syncing = False
        self.chosen: Card | None = None
        self.verdict: str | None = None
        self.highlighted: frozenset[Card] = frozenset()
        self.card_buttons = {
            card: self._card_button(card) for card in sort_for_display(position.hand)
        }
        self.hand.children = tuple(self.card_buttons.values())
        self.table.value = position_html(position)
        self.legal_set.value = ""
        self.feedback.value = _("Click the card you would play.")

    def click(self, card: Card | str) -> None:
        """Click the button of a card in the hand."""
        card = Card(card)
        if card not in self.card_buttons:
            raise ValueError(
                _("{card} is not in this hand: {cards}").format(
                    card=card, cards=" ".join(map(str, self.position.hand))
                )
            )
        self.card_buttons[card].click()

    def deal(self, seed: int | None = None) -> None:
        """Deal a fresh position from the seed box (or from ``seed``, which goes into the box)."""
        if seed is not None:
            self.seed.value = seed
        self.load(dealt_position(self.seed.value, self.variant))

    # ----- callbacks -----

    def _card_button(self, card: Card) -> widgets.Button:
        button = widgets.Button(
            description=str(card),
            tooltip=card_name(card),
            # No side padding: at 15px, "10♣" needs the whole 52px (seen cut to "1…" in Lab).
            layout={
                "width": "52px",
                "height": "40px",
                "padding": "0px",
                "border": "1px solid #555555",
            },
            style={
                "text_color": SUIT_COLOURS[card.suit],
                "font_weight": "bold",
                "font_size": "15px",
                "button_color": "#FFFFFF",
            },
        )
        button.add_class("cardlib-card-button")
        button.add_class(f"cardlib-card-{card.code}")
        button.on_click(lambda _button, card=card: self._judge(card))
        return button

    def _judge(self, card: Card) -> None:
        self.chosen = card
        explanation = self.explanation
        if card in explanation.legal:
            self.verdict = "legal"
            head = _("{card} is legal.").format(card=card)
        else:
            self.verdict = "illegal"
            # The same words as the IllegalPlayError a deal raises for this card.
            head = _("{card} is not allowed ({rule}).").format(card=card, rule=explanation.rule)
        self.feedback.value = f"<b>{escape(head)}</b> {escape(explanation.text)}"

    def _show_legal(self, _button=None) -> None:
        legal = self.explanation.legal
        self.highlighted = legal
        for card, button in self.card_buttons.items():
            if card in legal:
                button.add_class("cardlib-legal")
                button.layout.border = f"3px solid {HIGHLIGHT}"
                button.tooltip = self._tooltip(card)
        self.legal_set.value = _("Legal here ({rule}): {cards}").format(
            rule=escape(self.explanation.rule), cards=cards_html(legal, sort=True)
        )

    def _tooltip(self, card: Card) -> str:
        if card in self.highlighted:
            if is_feminine(card):  # the words agree with the card's name ("चल सकती है")
                return pgettext("feminine card", "{card} (legal)").format(card=card_name(card))
            return _("{card} (legal)").format(card=card_name(card))
        return card_name(card)

    def _pick(self, change) -> None:
        if self._syncing:
            return
        if change["new"] == DEALT_INDEX:
            self.deal()
        else:
            self.load(self.positions[change["new"]])

    def _deal(self, _button=None) -> None:
        self.deal()

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        return f"PlayExplorer(position={self.position.key!r})"
