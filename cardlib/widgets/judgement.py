"""Widgets for Judgement (notebook 10).

- :class:`RoundStepper`: step through the eight rounds; see the cards each
  player holds, the trump, how many cards stay out of play, and a sample hand
  with its trumps marked (face down in the blind round).
- :class:`HookExplorer`: type the earlier bids; see which dealer's bid the hook
  forbids, and why (or that it forces the bid).
- :class:`JudgementTable`: play one round against bots: bid with the bid
  buttons (the hooked bid is disabled), then play with the card buttons (only
  legal cards are enabled).

All results live in widget state (``HTML.value``, button ``disabled``) and in
plain attributes (``.spec``, ``.explanation``, ``.round``), never in prints.

CSS classes (for the browser tests):

- ``cardlib-round-stepper``, ``cardlib-round-slider``, ``cardlib-players-slider``,
  ``cardlib-prev-round``, ``cardlib-next-round``, ``cardlib-round-info``,
  ``cardlib-schedule-table``, ``cardlib-sample-hand``;
- ``cardlib-hook-explorer``, ``cardlib-hook-cards`` (slider), ``cardlib-hook-bids``
  (text box), ``cardlib-hook-result`` (the bids, the forbidden one struck out),
  ``cardlib-hook-why`` (the sentence);
- ``cardlib-judgement-table``, ``cardlib-round-picker``, ``cardlib-new-round``,
  ``cardlib-table`` (bids, tricks, the trick on the table), ``cardlib-bids`` (the box of
  bid buttons: ``cardlib-bid-button`` plus ``cardlib-bid-N`` on each), ``cardlib-hand``
  (the card buttons: ``cardlib-card-button`` plus ``cardlib-card-QH``),
  ``cardlib-status`` (whose turn, what just happened, the scores at the end).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from cardlib import judgement
from cardlib.cards import Card, card_name, sort_for_display
from cardlib.draw.judgement import schedule_html, trump_html
from cardlib.draw.svg import SUIT_COLOURS, card_html, hand_svg, trick_svg
from cardlib.errors import CardlibError
from cardlib.i18n import _, ngettext
from cardlib.seats import seat_labels
from cardlib.widgets.language import LanguagePicker

FACE_DOWN = "🂠"


def _round_options() -> list[tuple[str, int]]:
    return [(str(spec), spec.number) for spec in judgement.schedule()]


class RoundStepper:
    """Two sliders (round, players) and Previous/Next buttons; the round described.

    State: ``spec`` (the :class:`~cardlib.judgement.RoundSpec` shown),
    ``sample`` (a seeded :class:`~cardlib.judgement.Round` of that number),
    ``info.value`` (the description), ``table.value`` and ``hand.value``.
    """

    def __init__(self, number: int = 1, players: int = 4, seed: int = 1):
        self.seed = seed
        self.round_slider = widgets.IntSlider(value=number, min=1, max=judgement.ROUNDS)
        self.round_slider.add_class("cardlib-round-slider")
        self.players = widgets.IntSlider(
            value=players,
            min=judgement.MIN_PLAYERS,
            max=judgement.MAX_PLAYERS,
        )
        self.players.add_class("cardlib-players-slider")
        self.previous = widgets.Button()
        self.previous.add_class("cardlib-prev-round")
        self.next = widgets.Button()
        self.next.add_class("cardlib-next-round")
        self.info = widgets.HTML()
        self.info.add_class("cardlib-round-info")
        self.hand = widgets.HTML()
        self.hand.add_class("cardlib-sample-hand")
        self.table = widgets.HTML()
        self.language = LanguagePicker(self._update)
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.round_slider, self.previous, self.next, self.language.dropdown]),
                self.players,
                self.info,
                self.hand,
                self.table,
            ]
        )
        self.widget.add_class("cardlib-round-stepper")
        self.round_slider.observe(self._update, names="value")
        self.players.observe(self._update, names="value")
        self.previous.on_click(lambda _b: self._step(-1))
        self.next.on_click(lambda _b: self._step(+1))
        self._update()

    def _step(self, by: int) -> None:
        # Clamped by the slider's own min/max: Previous on round 1 stays on round 1.
        self.round_slider.value = max(1, min(judgement.ROUNDS, self.round_slider.value + by))

    def _update(self, change=None) -> None:
        spec = self.spec = judgement.schedule()[self.round_slider.value - 1]
        players = self.players.value
        in_play = players * spec.cards
        self.sample = judgement.Round(players, spec.number, seed=self.seed, dealer=players - 1)
        self.previous.disabled = spec.number == 1
        self.next.disabled = spec.number == judgement.ROUNDS
        self.round_slider.description = _("Round")
        self.players.description = _("Players")
        self.previous.description = _("Previous round")
        self.next.description = _("Next round")
        blind = (
            " "
            + _(
                "<b>Blind:</b> every card is dealt face down and nobody, its owner included, "
                "may look until the dealer has bid; then the one trick is played at once."
            )
            if spec.blind
            else ""
        )
        self.info.value = (
            ngettext(
                "<b>Round {number} of {rounds}</b>: {cards} card each, trump {trump}. "
                "{players} players hold {in_play} cards; {out} stay out of play. "
                "Bids are 0 to {cards}.",
                "<b>Round {number} of {rounds}</b>: {cards} cards each, trump {trump}. "
                "{players} players hold {in_play} cards; {out} stay out of play. "
                "Bids are 0 to {cards}.",
                spec.cards,
            ).format(
                number=spec.number,
                rounds=judgement.ROUNDS,
                cards=spec.cards,
                trump=trump_html(spec.trump),
                players=players,
                in_play=in_play,
                out=52 - in_play,
            )
            + blind
        )
        if spec.blind:
            self.hand.value = _("Your card (seat 0): {card} face down").format(card=FACE_DOWN)
        else:
            cards = sort_for_display(self.sample.hand(0))
            trumps = [c for c in cards if c.suit == spec.trump]
            self.hand.value = _("A sample hand for seat 0 (seed {seed}), trumps marked: ").format(
                seed=self.seed
            ) + hand_svg(
                cards, highlight=trumps, label=_("sample hand"), highlight_label=_("trump")
            )
        self.table.value = schedule_html(spec.number, players)

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        return f"RoundStepper(round={self.spec.number}, players={self.players.value})"


def parse_bids(text: str) -> list[int]:
    """Bids typed as whole numbers separated by spaces or commas: ``'2 1, 0'`` → ``[2, 1, 0]``."""
    tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    bids = []
    for token in tokens:
        if not token.isdigit():
            raise ValueError(
                _("cannot read {token!r} as a bid: type whole numbers like 2 1 0").format(
                    token=token
                )
            )
        bids.append(int(token))
    return bids


class HookExplorer:
    """A cards slider and the earlier bids; every dealer's bid shown allowed or hooked.

    State: ``explanation`` (a :class:`~cardlib.judgement.BidExplanation`, or
    ``None`` when the bids cannot be read), ``error`` (the message then),
    ``result.value`` (one chip per bid, the forbidden one struck out) and
    ``why.value`` (the sentence).
    """

    explanation: judgement.BidExplanation | None
    error: str | None

    def __init__(self, cards: int = 5, bids: str = "2 1 0"):
        self.cards = widgets.IntSlider(value=cards, min=1, max=judgement.MAX_CARDS)
        self.cards.add_class("cardlib-hook-cards")
        self.bids = widgets.Text(value=bids)
        self.bids.add_class("cardlib-hook-bids")
        self.result = widgets.HTML()
        self.result.add_class("cardlib-hook-result")
        self.why = widgets.HTML()
        self.why.add_class("cardlib-hook-why")
        self.language = LanguagePicker(self._update)
        self.widget = widgets.VBox(
            [self.language.dropdown, self.cards, self.bids, self.result, self.why]
        )
        self.widget.add_class("cardlib-hook-explorer")
        self.cards.observe(self._update, names="value")
        self.bids.observe(self._update, names="value")
        self._update()

    def _update(self, change=None) -> None:
        self.cards.description = _("Cards each")
        self.bids.description = _("Earlier bids")
        self.bids.placeholder = _("e.g. 2 1 0")
        cards = self.cards.value
        try:
            earlier = parse_bids(self.bids.value)
            if len(earlier) > judgement.MAX_PLAYERS - 1:
                raise ValueError(
                    _("at most {count} players bid before the dealer").format(
                        count=judgement.MAX_PLAYERS - 1
                    )
                )
            self.explanation = judgement.explain_bids(cards, earlier, is_dealer=True)
        except (CardlibError, ValueError) as error:
            self.explanation, self.error = None, str(error)
            self.result.value = ""
            self.why.value = f'<span style="color:#D55E00">⚠ {escape(self.error)}</span>'
            return
        self.error = None
        chips = []
        for bid in range(cards + 1):
            if bid == self.explanation.forbidden:
                title = _("hooked")
                label = _("{bid}: forbidden by the hook").format(bid=bid)
                chips.append(
                    f'<span title="{title}" aria-label="{label}" '
                    f'style="text-decoration:line-through;border:2px dashed #D55E00;'
                    f'padding:2px 6px;margin:2px">{bid} ✗</span>'
                )
            else:
                title = _("allowed")
                label = _("{bid}: allowed").format(bid=bid)
                chips.append(
                    f'<span title="{title}" aria-label="{label}" '
                    f'style="border:1px solid #555555;padding:2px 6px;margin:2px">{bid}</span>'
                )
        self.result.value = _("Dealer may bid: ") + "".join(chips)
        self.why.value = escape(self.explanation.text)

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        return f"HookExplorer(cards={self.cards.value}, bids={self.bids.value!r})"


class JudgementTable:
    """Play one round of Judgement as seat 0 against bots.

    You deal by default (``dealer=0``), so you bid last and meet the hook.
    Bots act whenever it is their turn; the widget stops when it is yours.
    State: ``round`` (the :class:`~cardlib.judgement.Round`), ``bid_buttons``
    (bid → button), ``card_buttons`` (card → button), ``table.value`` and
    ``status.value``; ``bid(n)`` and ``play(card)`` click for you.
    """

    _say: Callable[[], str]

    def __init__(
        self,
        players: int = 4,
        number: int = 1,
        seed: int = 1,
        dealer: int | None = None,
        bots=None,
    ):
        judgement.check_players(players)
        self.players = players
        self.seed = seed
        self.dealer = 0 if dealer is None else dealer
        self.bots = bots or [None] + [judgement.SensibleBot()] * (players - 1)
        self.picker = widgets.Dropdown(
            options=_round_options(), value=number, layout={"width": "max-content"}
        )
        self.picker.add_class("cardlib-round-picker")
        self.new_round = widgets.Button()
        self.new_round.add_class("cardlib-new-round")
        self.table = widgets.HTML()
        self.table.add_class("cardlib-table")
        self.bid_box = widgets.HBox()
        self.bid_box.add_class("cardlib-bids")
        self.hand = widgets.HBox(layout={"flex_flow": "row wrap"})
        self.hand.add_class("cardlib-hand")
        self.status = widgets.HTML()
        self.status.add_class("cardlib-status")
        self.language = LanguagePicker(self.redraw)
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.picker, self.new_round, self.language.dropdown]),
                self.table,
                self.bid_box,
                self.hand,
                self.status,
            ]
        )
        self.widget.add_class("cardlib-judgement-table")
        self.picker.observe(self._picked, names="value")
        self.new_round.on_click(lambda _b: self.deal(self.seed + 1))
        self.deal()

    def _picked(self, _change=None) -> None:
        if not getattr(self, "_relabelling", False):
            self.deal()

    def redraw(self) -> None:
        """Say everything again in the language now in use (the same round, the same cards)."""
        self._relabelling = True
        try:
            value = self.picker.value
            self.picker.options = _round_options()
            self.picker.value = value
        finally:
            self._relabelling = False
        self._draw()

    # ----- actions -----

    def deal(self, seed: int | None = None) -> None:
        """Deal the picked round again (from ``seed`` if given) and let bots act up to you."""
        if seed is not None:
            self.seed = seed
        self.round = judgement.Round(
            self.players, self.picker.value, seed=self.seed, dealer=self.dealer
        )
        number, seed = self.round.number, self.seed
        self._say = lambda: _("Round {number} dealt (seed {seed}).").format(
            number=number, seed=seed
        )
        self._advance()

    def bid(self, n: int) -> None:
        """Click the bid button ``n``."""
        if n not in self.bid_buttons:
            raise ValueError(f"no bid button {n!r}: bids are 0 to {self.round.cards}")
        self.bid_buttons[n].click()

    def play(self, card: Card | str) -> None:
        """Click the button of a card in your hand."""
        card = Card(card)
        if card not in self.card_buttons:
            raise ValueError(f"{card} is not in your hand")
        self.card_buttons[card].click()

    # ----- callbacks -----

    def _bid(self, n: int) -> None:
        try:
            self.round.bid(n, seat=0)
        except CardlibError as error:
            refused = error  # ``error`` is unbound after the except block
            self._say = lambda: "⚠ " + str(self._refusal(lambda r: r.bid(n, seat=0)) or refused)
            self._draw()
            return
        self._say = lambda: _("You bid {bid}.").format(bid=n)
        self._advance()

    def _play(self, card: Card) -> None:
        try:
            self.round.play(card, seat=0)
        except CardlibError as error:
            refused = error  # ``error`` is unbound after the except block
            self._say = lambda: "⚠ " + str(self._refusal(lambda r: r.play(card, seat=0)) or refused)
            self._draw()
            return
        self._say = lambda: _("You played {card}.").format(card=card)
        self._advance()

    def _refusal(self, attempt) -> CardlibError | None:
        """The engine's error for ``attempt(round)`` now, in the language in use (tried on
        a copy: the round on screen never changes)."""
        try:
            attempt(self.round.copy())
        except CardlibError as error:
            return error
        return None

    def _advance(self) -> None:
        judgement.play_out(self.round, self.bots)
        self._draw()

    # ----- drawing -----

    def _draw(self) -> None:
        r = self.round
        self.new_round.description = _("Deal again")
        self.picker.description = _("Round")
        names = seat_labels(r.players, you=0)
        bids = " · ".join(
            f"{names[s]}: {'–' if b is None else b}"
            + (
                " " + _("({count} won)").format(count=r.tricks_won[s])
                if r.phase != "bidding"
                else ""
            )
            + (" " + _("(dealer)") if s == r.dealer else "")
            for s, b in enumerate(r.bids)
        )
        assert r.trump is not None  # the rounds here are the schedule's: each has a trump
        heading = ngettext(
            "<b>Round {number}</b>: {cards} card each, trump {trump}.",
            "<b>Round {number}</b>: {cards} cards each, trump {trump}.",
            r.cards,
        ).format(number=r.number, cards=r.cards, trump=trump_html(r.trump))
        bid_line = _("Bids: {bids}").format(bids=bids)
        parts = [f"<div>{heading}</div><div>{bid_line}</div>"]
        if r.tricks:
            last = r.tricks[-1]
            won = _("Trick {number} (won by {seat}):").format(
                number=len(r.tricks), seat=names[last.winner]
            )
            parts.append(
                f"<div>{won}</div>"
                + trick_svg(
                    last.cards,
                    last.seats,
                    last.seats.index(last.winner),
                    seat_names=names,
                )
            )
        if r.trick:
            parts.append(
                "<div>"
                + _("On the table:")
                + "</div>"
                + trick_svg(r.trick, r.trick_seats, None, names)
            )
        self.table.value = "".join(parts)
        self._draw_bids()
        self._draw_hand()
        self.status.value = self._status()

    def _draw_bids(self) -> None:
        r = self.round
        yours = r.phase == "bidding" and r.to_act == 0
        legal = r.legal_bids() if yours else ()
        self.bid_buttons = {}
        for n in range(r.cards + 1):
            button = widgets.Button(
                description=str(n), layout={"width": "44px"}, disabled=n not in legal
            )
            if yours and n not in legal:
                button.tooltip = _("forbidden by the hook")
            button.add_class("cardlib-bid-button")
            button.add_class(f"cardlib-bid-{n}")
            button.on_click(lambda _b, n=n: self._bid(n))
            self.bid_buttons[n] = button
        self.bid_box.children = tuple(self.bid_buttons.values()) if yours else ()

    def _draw_hand(self) -> None:
        r = self.round
        self.card_buttons = {}
        if not r.face_up:
            face_down = widgets.Button(
                description=FACE_DOWN, disabled=True, tooltip=_("face down: nobody may look")
            )
            self.hand.children = (face_down,)
            return
        legal = r.legal_plays() if r.to_act == 0 else frozenset()
        for card in sort_for_display(r.hand(0)):
            button = widgets.Button(
                description=str(card),
                tooltip=card_name(card),
                disabled=card not in legal,
                layout={"width": "52px", "height": "40px", "border": "1px solid #555555"},
                style={
                    "text_color": SUIT_COLOURS[card.suit],
                    "font_weight": "bold",
                    "button_color": "#FFFFFF",
                },
            )
            button.add_class("cardlib-card-button")
            button.add_class(f"cardlib-card-{card.code}")
            button.on_click(lambda _b, card=card: self._play(card))
            self.card_buttons[card] = button
        self.hand.children = tuple(self.card_buttons.values())

    def _status(self) -> str:
        r = self.round
        message = escape(self._say())
        if r.phase == "over":
            names = seat_labels(r.players, you=0)
            scores = ", ".join(f"{names[s]}: {points}" for s, points in enumerate(r.scores()))
            return f"{message} " + _("<b>Round over.</b> Points: {scores}.").format(scores=scores)
        if r.phase == "bidding":
            why = r.explain_bids().text if r.to_act == r.dealer else ""
            blind = " " + _("Your card is face down: bid without looking.") if not r.face_up else ""
            return f"{message} " + _("<b>Your bid.</b>") + f"{blind} {escape(why)}".rstrip()
        legal = " ".join(card_html(c) for c in sort_for_display(r.legal_plays()))
        return f"{message} " + _("<b>Your turn to play.</b> Legal: {cards}").format(cards=legal)

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        return f"JudgementTable(round={self.round.number}, phase={self.round.phase!r})"
