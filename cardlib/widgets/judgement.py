"""Widgets that teach Judgement (notebook 10): the eight rounds, and the hook.

- :class:`RoundStepper`: step through the eight rounds; see the cards each
  player holds, the trump, how many cards stay out of play, and a sample hand
  with its trumps marked (face down in the blind round).
- :class:`HookExplorer`: type the earlier bids; see which dealer's bid the hook
  forbids, and why (or that it forces the bid).

Both teach; neither plays. A round of Judgement is played at the card table,
:class:`cardlib.widgets.table.CardTable` (``CardTable("judgement")``), which plays
all four games. All results live in widget state (``HTML.value``, button
``disabled``) and in plain attributes (``.spec``, ``.sample``, ``.explanation``),
never in prints.

CSS classes (for the browser tests):

- ``cardlib-round-stepper``, ``cardlib-round-slider``, ``cardlib-players-slider``,
  ``cardlib-prev-round``, ``cardlib-next-round``, ``cardlib-round-info``,
  ``cardlib-schedule-table``, ``cardlib-sample-hand``;
- ``cardlib-hook-explorer``, ``cardlib-hook-cards`` (slider), ``cardlib-hook-bids``
  (text box), ``cardlib-hook-result`` (the bids, the forbidden one struck out),
  ``cardlib-hook-why`` (the sentence).
"""

from __future__ import annotations

import re
from html import escape

import ipywidgets as widgets

from cardlib import judgement
from cardlib.cards import sort_for_display
from cardlib.draw.judgement import schedule_html, trump_html
from cardlib.draw.svg import hand_svg
from cardlib.errors import CardlibError
from cardlib.i18n import _, ngettext
from cardlib.widgets.language import LanguagePicker

FACE_DOWN = "🂠"


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
