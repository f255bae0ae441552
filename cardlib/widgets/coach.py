"""The coach as a widget: which card (or call) is best here, how sure, and what it imagined.

:class:`CoachWidget` takes a position of Call Break, Call Bridge or Judgement and
judges it for the player to act, exactly as :func:`cardlib.coach.analysis.analyse` (in
play) or :func:`cardlib.coach.analysis.analyse_calls` (before this player's call) does:

- the position as that player sees it: their hand (the legal cards marked), the
  trick on the table, every call and the tricks taken so far;
- every legal card ranked by expected points for the deal, each with its standard
  error, the number of samples and how much it loses against the best card; the
  margin of the best over the second in a sentence (before calling: every call,
  ranked the same way);
- a slider for the number of samples: moving it analyses again, with the same
  seed, so the same position, samples and seed always give the same table;
- a few of the imagined deals (the first layouts of the hidden hands the analysis
  played out, :func:`cardlib.coach.analysis.imagined_deals`), drawn as cards, with
  ◀ and ▶ to step through them.

Everything shown lives in widget state (``HTML.value``), so a stored notebook shows
the last analysis without a kernel. The data stay on the widget for tests:
``.analysis``, ``.deals`` (each a list of hand masks by seat) and ``.deal_index``.

CSS classes (for the browser tests):

- ``cardlib-coach-widget`` (the whole widget; ``cardlib-coach`` is the class of the
  analysis tables), ``cardlib-coach-position`` (hand, trick,
  calls), ``cardlib-coach-samples`` (the slider), ``cardlib-coach-ranking`` (the
  table, one ``tr`` per card or call, best first), ``cardlib-coach-verdict`` (the
  sentence with the margin), ``cardlib-coach-deal`` (the imagined deal shown),
  ``cardlib-coach-deal-back``, ``cardlib-coach-deal-forward``,
  ``cardlib-coach-deal-label`` ("imagined deal 1 of 3"), ``cardlib-coach-position-text``
  (the position as text, to copy: :mod:`cardlib.position`)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from html import escape

import ipywidgets as widgets

from cardlib import games
from cardlib.cards import from_mask
from cardlib.coach.analysis import (
    Analysis,
    CallAnalysis,
    CallEstimate,
    View,
    analyse,
    analyse_calls,
    imagined_deals,
    view_of,
)
from cardlib.draw.coach import call_versus_html
from cardlib.draw.svg import card_html, cards_html, hand_svg, trick_svg
from cardlib.game import TrickDeal
from cardlib.i18n import _
from cardlib.match import TrickMatch
from cardlib.seats import seat_label
from cardlib.widgets.language import LanguagePicker

#: The samples slider: from MIN_SAMPLES to the widget's ``max_samples`` in steps of SAMPLE_STEP.
MIN_SAMPLES, SAMPLE_STEP = 10, 10


def _points(value: Fraction) -> str:
    """Points to two decimals, with a true minus sign."""
    return f"{float(value):.2f}".replace("-", "−")


def _rows(rows: Iterable[Sequence[str]]) -> str:
    return "".join("<tr>" + "".join(row) + "</tr>" for row in rows)


def _position_text_field(position: object, seat: int) -> widgets.Text:
    """A text field holding the position as ``seat`` sees it (``cardlib.position``), to copy.

    Only that seat's view: the field never shows a hidden hand. Typing in it changes
    nothing (the text is put back). Empty and hidden for a ``View``, which has no text form.
    """
    to_text = getattr(position, "to_text", None)
    text = to_text(seat) if to_text is not None else ""
    field = widgets.Text(
        value=text,
        style={"description_width": "initial"},
        layout={"width": "100%", "display": "flex" if text else "none"},
    )
    field.observe(lambda change: setattr(field, "value", text), names="value")
    return field


def _says_bid(view: View) -> bool:
    # Judgement and Call Bridge bid; Call Break calls (the game's own word, from the registry).
    return games.lookup(view.game).call_word == "bid"


class CoachWidget:
    """The coach's verdict on one position, with a samples slider and imagined deals.

    ``position`` a game in play or calling (``callbreak.Deal``, ``callbridge.Deal``,
    ``judgement.Round``, or their matches; the player to act is judged) or a
    :class:`~cardlib.coach.analysis.View`. The position is read once: the game may move on
    afterwards. ``samples`` (a multiple of 10 from 10 to ``max_samples``) and ``seed``
    are passed to the analysis; ``deals_shown`` imagined deals can be stepped through;
    ``exact_from`` as in :func:`~cardlib.coach.analysis.analyse`.
    """

    def __init__(
        self,
        position: TrickDeal | TrickMatch | View,
        samples: int = 100,
        seed: int = 0,
        deals_shown: int = 3,
        exact_from: int = 3,
        max_samples: int = 500,
    ):
        self.view = position if isinstance(position, View) else view_of(position)
        if not isinstance(max_samples, int) or max_samples < MIN_SAMPLES:
            raise ValueError(
                _("max_samples must be a whole number ≥ {least}").format(least=MIN_SAMPLES)
            )
        if (
            not isinstance(samples, int)
            or isinstance(samples, bool)
            or not MIN_SAMPLES <= samples <= max_samples
            or samples % SAMPLE_STEP
        ):
            raise ValueError(
                _(
                    "samples must be a multiple of {step} from {low} to {high} (the slider's "
                    "steps), got {value!r}"
                ).format(step=SAMPLE_STEP, low=MIN_SAMPLES, high=max_samples, value=samples)
            )
        if not isinstance(deals_shown, int) or deals_shown < 1:
            raise ValueError(
                _("deals_shown must be a whole number ≥ 1, got {value!r}").format(value=deals_shown)
            )
        self.seed = seed
        self.exact_from = exact_from
        self.deals_shown = deals_shown
        self.deal_index = 0
        self.calling = self.view.calls[self.view.seat] is None
        self.heading = widgets.HTML()
        self.position_view = widgets.HTML()
        # "Copy this position": what the player to act sees, as cardlib.position writes it.
        self.position_text = _position_text_field(position, self.view.seat)
        self.samples_slider = widgets.IntSlider(
            value=samples,
            min=MIN_SAMPLES,
            max=max_samples,
            step=SAMPLE_STEP,
            continuous_update=False,  # analyse where the learner lets go, not on every step
            style={"description_width": "initial"},
            layout={"width": "32em"},  # long enough to aim at a number of samples
        )
        self.ranking = widgets.HTML()
        self.verdict = widgets.HTML()
        self.deal_back = widgets.Button(layout={"width": "auto"})
        self.deal_forward = widgets.Button(layout={"width": "auto"})
        self.deal_label = widgets.HTML()
        self.deal_view = widgets.HTML()
        for part, name in [
            (self.position_view, "position"),
            (self.position_text, "position-text"),
            (self.samples_slider, "samples"),
            (self.ranking, "ranking"),
            (self.verdict, "verdict"),
            (self.deal_back, "deal-back"),
            (self.deal_forward, "deal-forward"),
            (self.deal_label, "deal-label"),
            (self.deal_view, "deal"),
        ]:
            part.add_class(f"cardlib-coach-{name}")
        self.language = LanguagePicker(self.redraw)
        steps = widgets.HBox([self.deal_back, self.deal_forward, self.deal_label])
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.heading, self.language.dropdown]),
                self.position_view,
                self.position_text,
                self.samples_slider,
                self.verdict,
                self.ranking,
                steps,
                self.deal_view,
            ]
        )
        self.widget.add_class("cardlib-coach-widget")
        self.deal_back.on_click(lambda _: self.show_deal(self.deal_index - 1))
        self.deal_forward.on_click(lambda _: self.show_deal(self.deal_index + 1))
        self.samples_slider.observe(self._resampled, names="value")
        self.analyse()

    # ----- the analysis -----

    @property
    def samples(self) -> int:
        """The number of imagined deals the slider asks for."""
        return self.samples_slider.value

    def analyse(self) -> None:
        """Analyse the position with the slider's number of samples, and redraw everything."""
        view, samples = self.view, self.samples
        if self.calling:
            self.analysis: Analysis | CallAnalysis = analyse_calls(view, samples, self.seed)
        else:
            self.analysis = analyse(view, samples, self.seed, self.exact_from)
        count = min(self.deals_shown, samples)
        deals = imagined_deals(view, count, self.seed)
        self.deals = list(deals)
        self.deal_index = min(self.deal_index, len(self.deals) - 1)
        self.redraw()

    def _resampled(self, change) -> None:
        self.analyse()

    def set_samples(self, samples: int) -> None:
        """Move the slider to ``samples`` (as a learner does): the position is analysed again."""
        slider = self.samples_slider
        if not slider.min <= samples <= slider.max or samples % SAMPLE_STEP:
            raise ValueError(
                _(
                    "samples must be a multiple of {step} from {low} to {high}, got {value!r}"
                ).format(step=SAMPLE_STEP, low=slider.min, high=slider.max, value=samples)
            )
        slider.value = samples

    # ----- drawing -----

    def _seat(self, seat: int) -> str:
        return seat_label(seat, players=self.view.players)

    def redraw(self) -> None:
        """Draw every label and sentence again, in the language now in use (nothing is
        analysed again)."""
        view = self.view
        who = escape(self._seat(view.seat))
        if self.calling:
            heading = (
                _("The coach: {seat} to bid") if _says_bid(view) else _("The coach: {seat} to call")
            )
        else:
            heading = _("The coach: {seat} to play")
        self.heading.value = f"<h3>{heading.format(seat=who)}</h3>"
        self.samples_slider.description = _("Imagined deals (samples)")
        self.position_text.description = _("This position, to copy:")
        self.deal_back.description = _("◀ back")
        self.deal_back.tooltip = _("previous imagined deal")
        self.deal_forward.description = _("forward ▶")
        self.deal_forward.tooltip = _("next imagined deal")
        self.position_view.value = self._position_html()
        analysis = self.analysis
        if isinstance(analysis, CallAnalysis):
            self.ranking.value = self._calls_html(analysis)
        else:
            self.ranking.value = self._cards_html(analysis)
        self.verdict.value = self._verdict_html()
        self.show_deal(self.deal_index)

    def _position_html(self) -> str:
        view, analysis = self.view, self.analysis
        legal = [c.card for c in analysis.cards] if isinstance(analysis, Analysis) else []
        parts = []
        if view.face_up:
            parts.append(
                str(
                    hand_svg(
                        view.hand,
                        highlight=legal,
                        label=_("{seat}, real hand").format(seat=self._seat(view.seat)),
                    )
                )
            )
        else:
            parts.append(
                "<p>"
                + escape(_("Blind round: {seat} bids without seeing the cards.")).format(
                    seat=escape(self._seat(view.seat))
                )
                + "</p>"
            )
        current = view.current
        if current:
            seats = [s for s, _card in current]
            parts.append(
                str(
                    trick_svg(
                        [c for _seat, c in current],
                        seats,
                        seat_names=[self._seat(s) for s in range(view.players)],
                    )
                )
            )
        elif not self.calling:
            parts.append(
                "<p>"
                + escape(_("{seat} leads the next trick.")).format(
                    seat=escape(self._seat(view.seat))
                )
                + "</p>"
            )
        word = _("bid") if _says_bid(view) else _("call")
        head = "".join(f"<th scope='col'>{escape(self._seat(s))}</th>" for s in range(view.players))
        calls = "".join(f"<td>{'–' if c is None else c}</td>" for c in view.calls)
        won = "".join(f"<td>{w}</td>" for w in view.won)
        parts.append(
            "<table class='cardlib-table'><thead><tr><th scope='col'>"
            + escape(_("seat"))
            + f"</th>{head}</tr></thead><tbody><tr><th scope='row'>{escape(word)}</th>"
            + f"{calls}</tr><tr><th scope='row'>"
            + escape(_("tricks"))
            + f"</th>{won}</tr></tbody></table>"
        )
        return "".join(parts)

    def _table(
        self, caption: str, first: str, rows: Iterable[Sequence[str]], against: str = ""
    ) -> str:
        head = (
            _("rank"),
            first,
            _("expected points"),
            _("samples"),
            against or _("against the best"),
        )
        header = "".join(f"<th scope='col'>{escape(h)}</th>" for h in head)
        return (
            f"<table class='cardlib-table'><caption>{escape(caption)}</caption>"
            f"<thead><tr>{header}</tr></thead>"
            f"<tbody>{_rows(rows)}</tbody></table>"
        )

    def _cards_html(self, analysis: Analysis) -> str:
        best_word = "<b>" + escape(_("best")) + "</b>"
        rows = []
        for rank, c in enumerate(analysis.cards, 1):
            e = c.estimate
            versus = best_word if rank == 1 else f"−{_points(c.loss)} ± {c.loss_stderr:.2f}"
            if rank > 1 and c.close and not c.same:
                versus += ", " + escape(_("too close to tell"))
            rows.append(
                (
                    f"<td>{rank}</td>",
                    f"<td>{card_html(c.card)}</td>",
                    f"<td>{_points(e.mean)} ± {e.stderr:.2f}</td>",
                    f"<td>{e.samples}</td>",
                    f"<td>{versus}</td>",
                )
            )
        caption = _(
            "Expected points of the deal for {seat} after each legal card, every card tried "
            "on the same {samples} imagined deals (± standard error)"
        ).format(seat=self._seat(analysis.seat), samples=analysis.samples)
        return self._table(caption, _("card"), rows)

    @staticmethod
    def _ranked_calls(analysis: CallAnalysis) -> list[CallEstimate]:
        return sorted(analysis.calls, key=lambda c: (-c.estimate.mean, c.call))

    def _calls_html(self, analysis: CallAnalysis) -> str:
        ranked = self._ranked_calls(analysis)
        best_word = "<b>" + escape(_("best")) + "</b>"
        rows = []
        for rank, c in enumerate(ranked, 1):
            e = c.estimate
            versus = call_versus_html(analysis, c, best_word)
            rows.append(
                (
                    f"<td>{rank}</td>",
                    f"<td>{c.call}</td>",
                    f"<td>{_points(e.mean)} ± {e.stderr:.2f}</td>",
                    f"<td>{e.samples}</td>",
                    f"<td>{versus}</td>",
                )
            )
        word = _("bid") if _says_bid(self.view) else _("call")
        caption = _(
            "Expected points of the deal for {seat} after each {call}, every one tried "
            "on the same {samples} imagined deals (± standard error)"
        ).format(seat=self._seat(analysis.seat), call=word, samples=analysis.samples)
        return self._table(caption, word, rows, analysis.losses_heading())

    def _too_close_html(self) -> str:
        """The verdict when the samples cannot tell the best choices apart: all of them named."""
        analysis = self.analysis
        if isinstance(analysis, CallAnalysis):
            choices = escape(", ".join(map(str, analysis.equally_good)))
        else:
            choices = cards_html(list(analysis.equally_good))
        # Not "as good as the best": these samples cannot separate them, more may.
        text = _(
            "Too close to tell: {choices} are within two standard errors of the best, "
            "over {samples} imagined deals."
        ).format(choices="{choices}", samples=analysis.samples)
        more = _(
            "That does not make them equal: more imagined deals (the slider) may separate them."
        )
        return (
            "<p>" + escape(text).format(choices=f"<b>{choices}</b>") + " " + escape(more) + "</p>"
        )

    def _verdict_html(self) -> str:
        analysis = self.analysis
        if not analysis.clear:
            return self._too_close_html()
        if isinstance(analysis, CallAnalysis):
            return self._call_verdict_html(analysis)
        if len(analysis.cards) == 1:
            return (
                "<p>"
                + escape(_("Only one card is legal here: {card}.")).format(
                    card=card_html(analysis.best)
                )
                + "</p>"
            )
        same = [c.card for c in analysis.cards[1:] if c.same]
        # The margin against the nearest card that is not equivalent to the best: against an
        # equivalent one it would read "0.00 ± 0.00 points ahead", which says nothing.
        nearest = analysis.nearest_different
        if nearest is None:
            text = _("Every legal card scores exactly the same here: {cards}.")
            return "<p>" + escape(text).format(cards=cards_html([analysis.best, *same])) + "</p>"
        text = _(
            "Best card: {card}, {margin} ± {stderr} points ahead of {second} on average, "
            "over {samples} imagined deals."
        ).format(
            card="{card}",
            margin=_points(nearest.loss),
            stderr=f"{nearest.loss_stderr:.2f}",
            second="{second}",
            samples=analysis.samples,
        )
        html = escape(text).format(
            card=f"<b>{card_html(analysis.best)}</b>", second=card_html(nearest.card)
        )
        if same:
            html += " " + escape(_("These score exactly the same here: {cards}.")).format(
                cards=cards_html([analysis.best, *same])
            )
        return f"<p>{html}</p>"

    def _call_verdict_html(self, analysis: CallAnalysis) -> str:
        """The verdict before calling (the samples could tell the best call apart)."""
        if analysis.best != analysis.top:
            text = _(
                "Best {call}: {best}, the highest within {boldness} points of the top "
                "estimate ({top}): the imagined deals play your own cards only sensibly, "
                "so they underrate what you will make."
            )
            word = _("bid") if _says_bid(self.view) else _("call")
            return (
                "<p>"
                + escape(text).format(
                    call=escape(word),
                    best=f"<b>{analysis.best}</b>",
                    boldness=_points(analysis.boldness),
                    top=analysis.top,
                )
                + "</p>"
            )
        ranked = self._ranked_calls(analysis)
        best = ranked[0]
        if len(ranked) == 1:
            text = _("Only one {call} is allowed here: {best}.")
        else:
            text = _(
                "Best {call}: {best}, {margin} points ahead of {second} on average, "
                "over {samples} imagined deals."
            )
        word = _("bid") if _says_bid(self.view) else _("call")
        return (
            "<p>"
            + escape(text).format(
                call=escape(word),
                best=f"<b>{best.call}</b>",
                margin=_points(best.estimate.mean - ranked[1].estimate.mean)
                if len(ranked) > 1
                else "",
                second=ranked[1].call if len(ranked) > 1 else "",
                samples=analysis.samples,
            )
            + "</p>"
        )

    def show_deal(self, index: int) -> None:
        """Show imagined deal ``index`` (0-based, clamped to the deals there are)."""
        view = self.view
        self.deal_index = max(0, min(index, len(self.deals) - 1))
        self.deal_back.disabled = self.deal_index == 0
        self.deal_forward.disabled = self.deal_index == len(self.deals) - 1
        self.deal_label.value = _("imagined deal {number} of {count}").format(
            number=self.deal_index + 1, count=len(self.deals)
        )
        hands = self.deals[self.deal_index]
        pictures = []
        for seat in range(view.players):
            if seat == view.seat and view.face_up:
                label = _("{seat}, real hand").format(seat=self._seat(seat))
            else:
                label = _("{seat}, imagined").format(seat=self._seat(seat))
            # The seat named on screen too (the picture's label is for screen readers).
            pictures.append(
                f"<div style='margin-top:0.4em'><div>{escape(label)}</div>"
                f"{hand_svg(from_mask(hands[seat]), label=label)}</div>"
            )
        intro = _(
            "The coach never sees the hidden hands. It imagines layouts that fit everything "
            "{seat} has seen (the cards played, who is out of a suit), plays each one out "
            "after every choice, and averages the points. Here is one of them:"
        ).format(seat=self._seat(view.seat))
        self.deal_view.value = f"<p>{escape(intro)}</p>" + "".join(pictures)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        kind = "calls" if self.calling else "cards"
        return (
            f"CoachWidget(seat={self.view.seat}, {kind}, samples={self.samples}, "
            f"seed={self.seed}, best={self.analysis.best!s})"
        )


__all__ = ["CoachWidget"]
