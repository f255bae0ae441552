"""Step forward and back through a deal that has been played (notebook 05).

:class:`DealReplay` shows one card at a time: the trick so far, who played
what, the rule that forced or narrowed the card (from :func:`cardlib.history.replay`),
the winner when a trick ends, and the running trick counts against the calls;
after the last card, the score line.

CSS classes (for the browser tests):

- ``cardlib-replay`` (the whole widget), ``cardlib-step-back``,
  ``cardlib-step-forward``, ``cardlib-step-label`` (e.g. "card 5 of 52"),
  ``cardlib-replay-trick`` (the trick drawn), ``cardlib-replay-text`` (what
  happened and why), ``cardlib-replay-counts`` (calls and tricks so far)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as widgets

from cardlib.draw.svg import card_html, trick_svg
from cardlib.history import replay
from cardlib.i18n import _
from cardlib.seats import seat_label
from cardlib.widgets.language import LanguagePicker


def counts_table(
    calls: Sequence[int | None], won: Sequence[int], scores: Sequence[object] | None = None
) -> str:
    """An HTML table: each seat's call, tricks taken so far and, at the end, its score."""
    rows = [
        "<tr><th>"
        + _("seat")
        + "</th>"
        + "".join(f"<th>{seat_label(s)}</th>" for s in range(4))
        + "</tr>",
        "<tr><td>" + _("call") + "</td>" + "".join(f"<td>{c}</td>" for c in calls) + "</tr>",
        "<tr><td>" + _("tricks") + "</td>" + "".join(f"<td>{w}</td>" for w in won) + "</tr>",
    ]
    if scores is not None:
        rows.append(
            "<tr><td>"
            + _("score")
            + "</td>"
            + "".join(f"<td>{p:.1f}</td>" for p in scores)
            + "</tr>"
        )
    return '<table class="cardlib-table">' + "".join(rows) + "</table>"


class DealReplay:
    """A played deal, card by card, with ◀ and ▶ buttons.

    ``step`` is the number of cards shown as played (0 … 52); :meth:`forward`,
    :meth:`back` and :meth:`go_to` move it, exactly as the buttons do.
    """

    def __init__(self, deal, step: int = 0):
        self.deal = deal
        self.plays = replay(deal)
        self.back_button = widgets.Button()
        self.forward_button = widgets.Button()
        self.step_label = widgets.HTML()
        self.trick_view = widgets.HTML()
        self.text = widgets.HTML()
        self.counts = widgets.HTML()
        for part, name in [
            (self.back_button, "step-back"),
            (self.forward_button, "step-forward"),
            (self.step_label, "step-label"),
            (self.trick_view, "replay-trick"),
            (self.text, "replay-text"),
            (self.counts, "replay-counts"),
        ]:
            part.add_class(f"cardlib-{name}")
        self.language = LanguagePicker(self.redraw)
        controls = widgets.HBox(
            [self.back_button, self.forward_button, self.step_label, self.language.dropdown]
        )
        self.widget = widgets.VBox([controls, self.trick_view, self.text, self.counts])
        self.widget.add_class("cardlib-replay")
        self.back_button.on_click(lambda _: self.back())
        self.forward_button.on_click(lambda _: self.forward())
        self.step = 0
        self.go_to(step)

    def redraw(self) -> None:
        """Draw every label and sentence again, in the language now in use."""
        self.plays = replay(self.deal)  # the explanations, in the new language
        self.go_to(self.step)

    def forward(self) -> None:
        """One card forward."""
        self.go_to(self.step + 1)

    def back(self) -> None:
        """One card back."""
        self.go_to(self.step - 1)

    def go_to(self, step: int) -> None:
        """Show the deal after ``step`` cards (clamped to 0 … number of cards played)."""
        self.step = max(0, min(step, len(self.plays)))
        self.back_button.disabled = self.step == 0
        self.forward_button.disabled = self.step == len(self.plays)
        self.back_button.description = _("◀ back")
        self.back_button.tooltip = _("previous card")
        self.forward_button.description = _("forward ▶")
        self.forward_button.tooltip = _("next card")
        self.step_label.value = _("card {step} of {count}").format(
            step=self.step, count=len(self.plays)
        )
        calls = self.deal.calls
        if self.step == 0:
            self.trick_view.value = ""
            first = self.deal.tricks[0].leader if self.deal.tricks else self.deal.leader
            self.text.value = _(
                "Calls are in. {seat} leads the first trick. Press ▶ to see the first card."
            ).format(seat=escape(seat_label(first)))
            self.counts.value = counts_table(calls, (0, 0, 0, 0))
            return
        play = self.plays[self.step - 1]
        start = self.step - 1 - play.position
        in_trick = self.plays[start : self.step]
        winner_position = None
        if play.winner is not None:
            winner_position = next(p.position for p in in_trick if p.seat == play.winner)
        self.trick_view.value = str(
            trick_svg(
                [p.card for p in in_trick],
                [p.seat for p in in_trick],
                winner_position,
                seat_names=[seat_label(s) for s in range(4)],
            )
        )
        self.text.value = self._narrate(play)
        over = self.step == len(self.plays) and self.deal.phase == "over"
        self.counts.value = counts_table(
            calls, play.won_after, self.deal.scores() if over else None
        )

    def _narrate(self, play) -> str:
        who = escape(seat_label(play.seat))
        if play.forced:
            line = _("Trick {number}: {seat} plays {card} — <b>forced</b> ({rule}): {text}")
        elif play.restricted:
            line = _("Trick {number}: {seat} plays {card} — <b>rule {rule}</b>: {text}")
        else:
            line = _("Trick {number}: {seat} plays {card} — free choice: {text}")
        line = line.format(
            number=play.trick_number,
            seat=who,
            card=card_html(play.card),
            rule=escape(play.rule),
            text=escape(play.text),
        )
        if play.winner is not None:
            won = _("{seat} wins trick {number}.").format(
                seat=escape(seat_label(play.winner)), number=play.trick_number
            )
            line += f"<br><b>{won}</b>"
        return line

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        return f"DealReplay(step={self.step} of {len(self.plays)})"
