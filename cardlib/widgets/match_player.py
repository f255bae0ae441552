"""Play a Call Break match against three bots (notebook 06, and ``make app`` with Voilà).

You are seat 0 (South); West, North and East are :class:`~cardlib.bots.SensibleBot`\\ s.
Call with the selector and the "Call" button, then play by clicking a card:
an illegal card is refused with the rule's sentence and nothing changes; a
legal one is played and the bots play on until it is your turn again. Each
finished trick is shown with its winner; between deals "Next deal" deals the
next hand; the scoreboard keeps every deal's score, the running totals and,
after the fifth deal, the winner(s). Everything is seeded: the same seed gives
the same deals and the same bot moves.

>>> from cardlib.widgets.match_player import MatchPlayer
>>> player = MatchPlayer(seed=1)
>>> player.call(3)
>>> player.match.phase
'playing'

CSS classes (for the browser tests):

- ``cardlib-match-player``: the whole widget;
- ``cardlib-call-select`` (a ``Dropdown`` of the legal calls) and
  ``cardlib-call-button`` ("Call");
- ``cardlib-status``: deal number, dealer, each seat's call and tricks so far;
- ``cardlib-trick``: the trick being played (SVG), ``cardlib-last-trick``: the
  last finished trick and its winner;
- ``cardlib-hand``: the box of your card buttons; ``cardlib-card-button`` on each
  card, plus ``cardlib-card-QH`` (the card's code), plus ``cardlib-legal`` on the
  cards you may play now;
- ``cardlib-feedback``: what just happened (a refusal names the rule);
- ``cardlib-next-deal``: the "Next deal" button (enabled only between deals);
- ``cardlib-scoreboard``: the scores of every finished deal with the running
  totals, the totals and, at the end, the winner(s).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from cardlib import callbreak, seats
from cardlib.bots import SensibleBot, play_out, sensible_call_mask
from cardlib.cards import DECK, Card, card_name, sort_for_display
from cardlib.draw.svg import HIGHLIGHT, SUIT_COLOURS, cards_html, trick_svg
from cardlib.errors import CardlibError
from cardlib.i18n import _
from cardlib.match import ZERO
from cardlib.widgets.language import LanguagePicker

YOU = 0
NORMAL_BORDER = "1px solid #555555"
LEGAL_BORDER = f"3px solid {HIGHLIGHT}"


def seat_label(seat: int) -> str:
    """A seat at the match table: 'You (South, seat 0)' for you, 'West (1)' for a bot."""
    return seats.seat_label(seat, you=YOU)


def scoreboard_html(match: callbreak.Match) -> str:
    """Every finished deal (call/tricks → points), the running totals, and the winner(s)."""
    head = (
        "<tr><th>"
        + _("deal")
        + "</th>"
        + "".join(f"<th>{seat_label(s)}</th>" for s in range(4))
        + "</tr>"
    )
    rows = []
    running = [ZERO] * 4
    for number, deal in enumerate(match.deals, start=1):
        if deal.phase != "over":
            continue
        cells = []
        for seat, points in enumerate(deal.scores()):
            running[seat] += points
            cells.append(
                f"<td>{deal.calls[seat]}/{deal.tricks_won[seat]} → "
                f"{callbreak.format_points(points)}"
                "<br><small>"
                + _("so far {points}").format(points=callbreak.format_points(running[seat]))
                + "</small></td>"
            )
        rows.append(f"<tr><td>{number}</td>{''.join(cells)}</tr>")
    totals = "".join(f"<td><b>{callbreak.format_points(t)}</b></td>" for t in match.totals())
    rows.append("<tr><td><b>" + _("total") + f"</b></td>{totals}</tr>")
    caption = _("Scoreboard (call/tricks → points, and the running total)")
    table = (
        '<table class="cardlib-score-table" style="border-collapse:collapse" cellpadding="4">'
        f"<caption>{caption}</caption>"
        f"{head}{''.join(rows)}</table>"
    )
    if match.phase == "over":
        winners = match.winners()
        names = seat_label(winners[0])
        for seat in winners[1:]:
            names = _("{cards} and {last}").format(cards=names, last=seat_label(seat))
        if len(winners) > 1:
            said = _("Match over: {names} share the win.")
        elif winners == (YOU,):
            said = _("Match over: {names} win.")
        else:
            said = _("Match over: {names} wins.")
        table += f"<p><b>{escape(said.format(names=names))}</b></p>"
    return table


def house_rules_text(variant: callbreak.Variant) -> str:
    """The house rules of the match that change what the table looks like, for the status line."""
    rules = []
    if variant.anticlockwise:
        rules.append(_("play goes anticlockwise (to the right)"))
    if variant.max_call != callbreak.MAX_CALL:
        rules.append(_("calls {low} to {high}").format(low=variant.min_call, high=variant.max_call))
    if variant.redeal_no_spade and variant.redeal_no_face_card:
        rules.append(_("a hand with no spade or no face card is dealt again"))
    elif variant.redeal_no_spade:
        rules.append(_("a hand with no spade is dealt again"))
    elif variant.redeal_no_face_card:
        rules.append(_("a hand with no face card is dealt again"))
    return f" ({'; '.join(rules)})" if rules else ""


def status_html(match: callbreak.Match) -> str:
    """Which deal, who dealt, and every seat's call and tricks so far."""
    deal = match.deal
    number = len(match.deals)
    calls = "".join(f"<td>{'—' if c is None else c}</td>" for c in deal.calls)
    won = "".join(f"<td>{w}</td>" for w in deal.tricks_won)
    head = "".join(f"<th>{seat_label(s)}</th>" for s in range(4))
    title = _("<b>Deal {number} of {count}</b>, dealer {dealer}").format(
        number=number, count=match.deals_to_play, dealer=escape(seat_label(deal.dealer))
    )
    return (
        f"{title}{house_rules_text(match.variant)}"
        '<table style="border-collapse:collapse" cellpadding="4">'
        + '<tr><th scope="col">'
        + _("Seat")
        + f"</th>{head}</tr><tr><td>"
        + _("call")
        + f"</td>{calls}</tr><tr><td>"
        + _("tricks")
        + f"</td>{won}</tr></table>"
    )


class MatchPlayer:
    """A five-deal Call Break match: you (seat 0) against three sensible bots.

    State a test (or a notebook cell) reads: ``match`` (the
    :class:`~cardlib.callbreak.Match`), ``legal`` (the cards you may play now),
    ``highlighted`` (the card buttons marked legal), ``finished_tricks`` (the
    tricks completed by your last action), ``card_buttons`` (card → button)
    and the HTML of ``feedback``, ``status``, ``trick_view``, ``last_trick``
    and ``scoreboard``. Actions: :meth:`call`, :meth:`click`, :meth:`next_deal`,
    which press the same buttons a learner presses.
    """

    def __init__(
        self,
        seed=1,
        dealer: int | None = None,
        variant: callbreak.Variant = callbreak.STANDARD,
        deals: int = callbreak.DEALS_PER_MATCH,
    ):
        self.seed = seed
        self.match = callbreak.Match(seed, dealer, variant, deals)
        self.bots = (None, SensibleBot(), SensibleBot(), SensibleBot())
        self.call_select = widgets.Dropdown(layout={"width": "180px"})
        self.call_select.add_class("cardlib-call-select")
        self.call_button = widgets.Button(button_style="primary")
        self.call_button.add_class("cardlib-call-button")
        self.status = widgets.HTML()
        self.status.add_class("cardlib-status")
        self.trick_view = widgets.HTML()
        self.trick_view.add_class("cardlib-trick")
        self.last_trick = widgets.HTML(layout={"margin": "0 0 0 32px"})
        self.last_trick.add_class("cardlib-last-trick")
        self.hand = widgets.HBox(layout={"flex_flow": "row wrap"})
        self.hand.add_class("cardlib-hand")
        self.feedback = widgets.HTML()
        self.feedback.add_class("cardlib-feedback")
        self.next_button = widgets.Button()
        self.next_button.add_class("cardlib-next-deal")
        self.scoreboard = widgets.HTML()
        self.scoreboard.add_class("cardlib-scoreboard")
        self.card_buttons = {card: self._card_button(card) for card in DECK}
        self.language = LanguagePicker(self.redraw)
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.status, self.language.dropdown]),
                widgets.HBox([self.trick_view, self.last_trick]),
                self.hand,
                widgets.HBox([self.call_select, self.call_button, self.next_button]),
                self.feedback,
                self.scoreboard,
            ]
        )
        self.widget.add_class("cardlib-match-player")
        self.call_button.on_click(self._call_clicked)
        self.next_button.on_click(self._next_clicked)
        self.highlighted: frozenset[Card] = frozenset()
        self.finished_tricks: tuple = ()
        self._bots_act()
        self._refresh(self._your_turn_text)

    def redraw(self) -> None:
        """Draw every label and sentence again, in the language now in use: the same
        deal, the same last message, said again."""
        self._refresh(self._say)

    # ----- actions (the buttons; also handy from a notebook or a test) -----

    def call(self, n: int) -> None:
        """Choose ``n`` in the call selector and press "Call"."""
        self.call_select.value = n
        self.call_button.click()

    def click(self, card: Card | str) -> None:
        """Click the button of a card (any card: a card not in your hand is refused)."""
        self.card_buttons[Card(card)].click()

    def next_deal(self) -> None:
        """Press "Next deal"."""
        self.next_button.click()

    @property
    def legal(self) -> frozenset[Card]:
        """The cards you may play now (empty unless it is your turn to play)."""
        if self.match.phase == "playing" and self.match.to_act == YOU:
            return self.match.legal_plays()
        return frozenset()

    # ----- callbacks -----

    def _card_button(self, card: Card) -> widgets.Button:
        button = widgets.Button(
            description=str(card),
            tooltip=card_name(card),
            # No side padding: a bold "10♠" needs the whole button (seen cut off in Lab).
            layout={"width": "52px", "height": "40px", "padding": "0px", "border": NORMAL_BORDER},
            style={
                "text_color": SUIT_COLOURS[card.suit],
                "font_weight": "bold",
                "button_color": "#FFFFFF",
            },
        )
        button.add_class("cardlib-card-button")
        button.add_class(f"cardlib-card-{card.code}")
        button.on_click(lambda _button, card=card: self._card_clicked(card))
        return button

    def _call_clicked(self, _button=None) -> None:
        n = self.call_select.value
        try:
            self.match.call(n, seat=YOU)
        except CardlibError as error:

            def say(error=error) -> str:
                error = self._refusal(lambda match: match.call(n, seat=YOU)) or error
                return _("<b>That call is refused</b> ({rule}): {reason}").format(
                    rule=escape(error.rule), reason=escape(str(error))
                )

            self._refresh(say)
            return
        self._bots_act()
        self._refresh(lambda: _("You called {call}.").format(call=n) + " " + self._your_turn_text())

    def _card_clicked(self, card: Card) -> None:
        before = len(self.match.deal.tricks)
        try:
            self.match.play(card, seat=YOU)
        except CardlibError as error:
            # The engine refused and changed nothing; say why, in its words.
            self._say = lambda error=error: self._refused(
                self._refusal(lambda match: match.play(card, seat=YOU)) or error
            )
            self.feedback.value = self._say()
            return
        self._bots_act()
        deal = self.match.deal
        self.finished_tricks = finished = deal.tricks[before:]

        def say() -> str:
            won = "; ".join(
                _("trick {number} goes to {seat}").format(
                    number=before + i + 1, seat=seat_label(t.winner)
                )
                for i, t in enumerate(finished)
            )
            if won:
                text = _("You played {card}: {tricks}.").format(
                    card=cards_html([card]), tricks=escape(won)
                )
            else:
                text = _("You played {card}.").format(card=cards_html([card]))
            return text + " " + self._your_turn_text()

        self._refresh(say)

    def _refusal(self, attempt) -> CardlibError | None:
        """The error the engine gives for ``attempt(match)`` now, in the language in use
        (tried on a copy: the match on screen never changes)."""
        try:
            attempt(self.match.copy())
        except CardlibError as error:
            return error
        return None

    @staticmethod
    def _refused(error: CardlibError) -> str:
        return _("<b>Refused:</b> {reason}").format(reason=escape(str(error)))

    def _next_clicked(self, _button=None) -> None:
        try:
            self.match.next_deal()
        except CardlibError as error:
            self._say = lambda error=error: self._refused(
                self._refusal(lambda match: match.next_deal()) or error
            )
            self.feedback.value = self._say()
            return
        self.finished_tricks = ()
        self._bots_act()
        number = len(self.match.deals)
        self._refresh(
            lambda: _("Deal {number}.").format(number=number) + " " + self._your_turn_text()
        )

    # ----- drawing -----

    def _bots_act(self) -> None:
        play_out(self.match.deal, self.bots)

    def _your_turn_text(self) -> str:
        match = self.match
        phase = match.phase
        if phase == "calling":
            deal = match.deal
            hint = sensible_call_mask(
                deal._hands[YOU], deal.rules.trump, deal.min_call, deal.max_call
            )
            return _(
                "Your call: how many tricks will you take? (A sensible bot would call {hint}.)"
            ).format(hint=hint)
        if phase == "playing":
            explanation = match.explain()
            return _("Your turn ({rule}): {text} Legal: {cards}").format(
                rule=escape(explanation.rule),
                text=escape(explanation.text),
                cards=cards_html(explanation.legal, sort=True),
            )
        scores = match.deal.scores()
        line = ", ".join(
            f"{seat_label(s)} {callbreak.format_points(p)}" for s, p in enumerate(scores)
        )
        if phase == "deal-over":
            return _("Deal over: {scores}. Press “Next deal”.").format(scores=escape(line))
        return _("Deal over: {scores}. The match is over.").format(scores=escape(line))

    def _refresh(self, say: Callable[[], str]) -> None:
        """Redraw the table; ``say()`` gives the feedback (called again after a
        change of language)."""
        self._say = say
        self.call_select.description = _("Your call")
        self.call_button.description = _("Call")
        self.next_button.description = _("Next deal")
        match = self.match
        deal = match.deal
        phase = match.phase
        calling = phase == "calling"
        self.call_select.options = list(deal.legal_calls()) if calling else []
        if calling:
            self.call_select.value = sensible_call_mask(
                deal._hands[YOU], deal.rules.trump, deal.min_call, deal.max_call
            )
        self.call_select.disabled = self.call_button.disabled = not calling
        self.next_button.disabled = phase != "deal-over"
        legal = self.legal
        self.highlighted = legal
        for card, button in self.card_buttons.items():
            if card in legal:
                button.add_class("cardlib-legal")
                button.layout.border = LEGAL_BORDER
                button.tooltip = _("{card} (legal)").format(card=card_name(card))
            else:
                button.remove_class("cardlib-legal")
                button.layout.border = NORMAL_BORDER
                button.tooltip = card_name(card)
        held = sort_for_display(deal.hand(YOU))
        self.hand.children = tuple(self.card_buttons[c] for c in held)
        names = [seat_label(s) for s in range(4)]
        if deal.trick:
            so_far = _("Trick {number} so far").format(number=len(deal.tricks) + 1)
            self.trick_view.value = f"<div>{so_far}</div>" + str(
                trick_svg(deal.trick, deal.trick_seats, seat_names=names)
            )
        elif phase == "playing":
            self.trick_view.value = "<i>" + _("You lead this trick.") + "</i>"
        else:
            self.trick_view.value = ""
        if deal.tricks:
            last = deal.tricks[-1]
            won = _("Trick {number}: {seat} won").format(
                number=len(deal.tricks), seat=escape(seat_label(last.winner))
            )
            self.last_trick.value = f"<div>{won}</div>" + str(
                trick_svg(last.cards, last.seats, last.seats.index(last.winner), names)
            )
        else:
            self.last_trick.value = ""
        self.status.value = status_html(match)
        self.scoreboard.value = scoreboard_html(match)
        self.feedback.value = say()

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        return (
            f"MatchPlayer(seed={self.seed!r}, deal {len(self.match.deals)} of "
            f"{self.match.deals_to_play}, {self.match.phase})"
        )
