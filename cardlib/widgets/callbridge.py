"""Call Break or Call Bridge? The same position judged under both rule sets, side by side.

Pick a worked position or type a hand and a trick; the widget shows the legal
cards under each game's rules (highlighted in the hand, the others faded), the
rule that decided, the one-sentence reason, and whether the two games agree.

>>> from cardlib.widgets.callbridge import RuleComparison
>>> w = RuleComparison()
>>> w.hand.value, w.trick.value = "3H KH 2S", "QH"
>>> w.verdict, sorted(w.call_break.legal), sorted(w.call_bridge.legal)
('differ', [Card('KH')], [Card('3H'), Card('KH')])

CSS classes (for the browser tests):

- ``cardlib-compare``: the whole widget;
- ``cardlib-compare-position``: the worked-position picker (a ``Dropdown``);
- ``cardlib-compare-hand``: the hand box (``Text``, e.g. ``3H KH 2S``);
- ``cardlib-compare-trick``: the trick box (``Text``, cards in play order);
- ``cardlib-compare-result``: the two verdicts side by side (HTML, one ``<svg>``
  hand per game), with ``cardlib-compare-same`` or ``cardlib-compare-differ``
  on the summary line, or ``cardlib-compare-error`` when the input is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

import ipywidgets as widgets

from cardlib import callbreak, callbridge
from cardlib.cards import Card, parse_cards, sort_for_display
from cardlib.draw.svg import Html, hand_svg, trick_svg
from cardlib.errors import CardlibError
from cardlib.game import Explanation
from cardlib.i18n import N_, _
from cardlib.widgets.language import LanguagePicker

TRICK_PLACES = (N_("led"), N_("2nd"), N_("3rd"))


@dataclass(frozen=True)
class Comparison:
    """One position (``hand``, ``trick`` as text) with a title saying what it shows."""

    key: str
    title: str
    hand: str
    trick: str = ""


#: One position for each way the two games' play rules differ, and the ones where they agree.
POSITIONS: tuple[Comparison, ...] = (
    Comparison("follow", N_("Follow suit: Q♥ is high, you hold 3♥ K♥"), "3H KH 2S 5D", "4H QH"),
    Comparison("spade-lead", N_("A spade lead: 10♠ is high, you hold 3♠ A♠"), "AS 3S 5H", "TS"),
    Comparison(
        "undertrump", N_("Void in clubs, K♠ has trumped, your only spade is 2♠"), "2S 4H", "5C KS"
    ),
    Comparison("overtrump", N_("Void in clubs, 9♠ has trumped, you hold J♠"), "5S JS 4H", "7C 9S"),
    Comparison("must-trump", N_("Void in clubs, no spade in the trick yet"), "3H 2S 5D", "7C"),
    Comparison("lead", N_("You lead"), "AS 3S KH 5H 9D"),
)

GAMES = ((N_("Call Break"), "call_break"), (N_("Call Bridge"), "call_bridge"))


def compare(
    hand: str | Sequence[Card | str], trick: str | Sequence[Card | str] = ()
) -> tuple[Explanation, Explanation]:
    """The same position explained under Call Break's rules and under Call Bridge's."""
    if not parse_cards(hand):
        raise ValueError(_("your hand is empty: type the cards you hold, e.g. 3H KH 2S"))
    return callbreak.explain_play(hand, trick), callbridge.explain_play(hand, trick)


def comparison_html(
    hand: str | Sequence[Card | str], trick: str | Sequence[Card | str] = ()
) -> Html:
    """The trick, then the hand twice (legal cards highlighted), one column per game."""
    hand, trick = parse_cards(hand), parse_cards(trick)
    explanations = compare(hand, trick)
    same = explanations[0].legal == explanations[1].legal
    table: str
    if trick:
        table = trick_svg(trick, range(len(trick)), None, [_(place) for place in TRICK_PLACES])
    else:
        table = "<div>" + escape(_("You lead: the trick is empty.")) + "</div>"
    columns = []
    for (name, _key), explanation in zip(GAMES, explanations, strict=True):
        game = _(name)
        legal = explanation.legal
        picture = hand_svg(
            hand,
            highlight=legal,
            dim=[c for c in hand if c not in legal],
            label=_("{game}: your hand, legal cards highlighted").format(game=game),
        )
        legal_text = " ".join(str(c) for c in sort_for_display(legal))
        legal_line = escape(_("Legal: {cards}").format(cards=legal_text))
        columns.append(
            f'<td style="vertical-align:top;padding:4px 12px 4px 0"><b>{game}</b>'
            f"<div>{picture}</div><div>{legal_line}</div>"
            f"<div><code>{escape(explanation.rule)}</code>: {escape(explanation.text)}</div></td>"
        )
    summary = (
        '<div class="cardlib-compare-same">' + _("Both games allow the same cards here.") + "</div>"
        if same
        else '<div class="cardlib-compare-differ"><b>' + _("The games differ here.") + "</b></div>"
    )
    return Html(f"<div>{table}</div><table><tr>{''.join(columns)}</tr></table>{summary}")


class RuleComparison:
    """Type or pick a position; read the legal cards under Call Break and under Call Bridge.

    State: ``call_break`` and ``call_bridge`` (the two :class:`Explanation`\\ s,
    ``None`` after bad input), ``verdict`` (``"same"``, ``"differ"`` or
    ``"error"``), ``error`` (the message for bad input) and ``result.value``.
    """

    call_break: Explanation | None
    call_bridge: Explanation | None
    error: str | None

    def __init__(self, positions: tuple[Comparison, ...] = POSITIONS):
        self.positions = positions
        self.picker = widgets.Dropdown(
            options=self._options(), value=0, layout={"width": "max-content"}
        )
        self.picker.add_class("cardlib-compare-position")
        self.hand = widgets.Text()
        self.hand.add_class("cardlib-compare-hand")
        self.trick = widgets.Text()
        self.trick.add_class("cardlib-compare-trick")
        self.result = widgets.HTML()
        self.result.add_class("cardlib-compare-result")
        self.language = LanguagePicker(self.redraw)
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.picker, self.language.dropdown]),
                widgets.HBox([self.hand, self.trick]),
                self.result,
            ]
        )
        self.widget.add_class("cardlib-compare")
        self.picker.observe(self._pick, names="value")
        self.hand.observe(self._update, names="value")
        self.trick.observe(self._update, names="value")
        self._label()
        self._pick()

    def _options(self) -> list[tuple[str, int]]:
        return [(_(p.title), i) for i, p in enumerate(self.positions)]

    def _label(self) -> None:
        self.picker.description = _("Position")
        self.hand.description = _("Your hand")
        self.hand.placeholder = _("e.g. 3H KH 2S")
        self.trick.description = _("Trick")
        self.trick.placeholder = _("cards played, e.g. QH")

    def redraw(self) -> None:
        """Say everything again in the language now in use (the cards typed stay)."""
        self._hold = True
        try:
            value = self.picker.value
            self.picker.options = self._options()
            self.picker.value = value
        finally:
            self._hold = False
        self._label()
        self._update()

    def _pick(self, _change=None) -> None:
        if getattr(self, "_hold", False):
            return
        position = self.positions[self.picker.value]
        # Set both boxes before judging, so no half-changed position is shown.
        self._hold = True
        self.hand.value, self.trick.value = position.hand, position.trick
        self._hold = False
        self._update()

    def _update(self, _change=None) -> None:
        if getattr(self, "_hold", False):
            return
        try:
            self.call_break, self.call_bridge = compare(self.hand.value, self.trick.value)
            html = comparison_html(self.hand.value, self.trick.value)
        except (CardlibError, ValueError) as error:
            self.call_break = self.call_bridge = None
            self.error = str(error)
            self.verdict = "error"
            self.result.value = f'<div class="cardlib-compare-error">{escape(self.error)}</div>'
            return
        self.error = None
        same = self.call_break.legal == self.call_bridge.legal
        self.verdict = "same" if same else "differ"
        self.result.value = html

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        return f"RuleComparison(hand={self.hand.value!r}, trick={self.trick.value!r})"
