"""Drawing cards as SVG and HTML, apart from the model.

Every helper returns a plain string subclass (:class:`Svg` or :class:`Html`)
that displays inline in Jupyter (``_repr_svg_`` / ``_repr_html_``) and can be
tested as text. Output is deterministic: no ids, dates or random numbers.

Cards are accessible: each shows its rank text and suit symbol, has a
``<title>`` and an ``aria-label`` ("queen of hearts"), and the suit colours are
safe for colour-blind readers (Okabe–Ito): ♥ vermilion, ♦ blue, ♣ bluish
green, ♠ black, the vermilion and green darkened (same hues) so that text in them
has the 4.5:1 contrast on white that WCAG AA asks of text. Colour is never the
only cue: the symbol is always there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from cardlib.cards import Card, card_name, is_feminine, sort_for_display
from cardlib.errors import CardlibError, IllegalPlayError
from cardlib.i18n import _, pgettext

if TYPE_CHECKING:  # an explanation draws itself through this, when shown
    from cardlib.game import Explanation

#: Contrast on white: ♥ #C05000 4.78:1, ♦ #0072B2 5.19:1, ♣ #008562 4.63:1, ♠ 21:1.
SUIT_COLOURS = {"S": "#000000", "H": "#C05000", "D": "#0072B2", "C": "#008562"}
#: Text that says right or wrong (the same two hues as ♣ and ♥).
GOOD_TEXT, BAD_TEXT = SUIT_COLOURS["C"], SUIT_COLOURS["H"]
CARD_WIDTH, CARD_HEIGHT = 44, 62
GAP = 4
HIGHLIGHT = "#E69F00"  # Okabe–Ito orange: the legal cards, the winner
DIM_OPACITY = "0.35"


class Svg(str):
    """An SVG document as a string that Jupyter displays as a picture.

    It also offers itself as HTML (the SVG inline): JupyterLab draws a bare
    ``image/svg+xml`` output as an ``<img>`` without alt text, which loses the
    SVG's own ``<title>`` and ``aria-label``; inline, screen readers read them.
    """

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        return str(self)


class Html(str):
    """An HTML fragment as a string that Jupyter displays as HTML."""

    def _repr_html_(self) -> str:
        return str(self)


def _card_group(
    card: Card, x: int, y: int, highlight: bool = False, dim: bool = False, label: str = ""
) -> str:
    colour = SUIT_COLOURS[card.suit]
    name = card_name(card) + (f", {label}" if label else "")
    border = HIGHLIGHT if highlight else "#555555"
    width = 3 if highlight else 1
    opacity = f' opacity="{DIM_OPACITY}"' if dim else ""
    return (
        f'<g role="img" aria-label="{escape(name)}" transform="translate({x},{y})"{opacity}>'
        f"<title>{escape(name)}</title>"
        f'<rect x="1" y="1" width="{CARD_WIDTH - 2}" height="{CARD_HEIGHT - 2}" rx="5" '
        f'fill="#FFFFFF" stroke="{border}" stroke-width="{width}"/>'
        f'<text x="6" y="20" font-family="sans-serif" font-size="16" font-weight="bold" '
        f'fill="{colour}">{escape(card.rank_text)}</text>'
        f'<text x="{CARD_WIDTH // 2}" y="48" font-family="sans-serif" font-size="24" '
        f'text-anchor="middle" fill="{colour}">{card.symbol}</text>'
        "</g>"
    )


def _document(width: int, height: int, body: str, label: str) -> Svg:
    return Svg(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(label)}">'
        f"<title>{escape(label)}</title>{body}</svg>"
    )


def card_svg(card: Card | str, highlight: bool = False) -> Svg:
    """One card."""
    card = Card(card)
    return _document(CARD_WIDTH, CARD_HEIGHT, _card_group(card, 0, 0, highlight), card_name(card))


def hand_svg(
    cards: Iterable[Card | str],
    highlight: Iterable[Card | str] = (),
    dim: Iterable[Card | str] = (),
    sort: bool = True,
    label: str | None = None,
    highlight_label: str | None = None,
) -> Svg:
    """A row of cards (sorted by suit, high first, unless ``sort=False``).

    ``highlight`` cards get an orange border (e.g. the legal plays) and their
    label says ``highlight_label`` ("legal", "trump" …); ``dim`` cards are faded.
    """
    label = _("hand") if label is None else label
    highlight_label = _("legal") if highlight_label is None else highlight_label
    shown = [Card(c) for c in cards]
    if sort:
        shown = sort_for_display(shown)
    marked = {Card(c) for c in highlight}
    faded = {Card(c) for c in dim}
    body = "".join(
        _card_group(
            card,
            i * (CARD_WIDTH + GAP),
            0,
            card in marked,
            card in faded,
            highlight_label if card in marked else "",
        )
        for i, card in enumerate(shown)
    )
    width = max(1, len(shown) * (CARD_WIDTH + GAP) - GAP)
    names = ", ".join(str(c) for c in shown) or _("no cards")
    return _document(width, CARD_HEIGHT, body, f"{label}: {names}")


def trick_svg(
    cards: Sequence[Card | str],
    seats: Sequence[int] | None = None,
    winner: int | None = None,
    seat_names: Sequence[str] | None = None,
) -> Svg:
    """The cards of a trick in play order, each captioned with its seat.

    ``winner`` is the index in play order of the winning card, if known; it is
    highlighted and captioned "wins".
    """
    played = [Card(c) for c in cards]
    caption_height = 16
    parts = []
    for i, card in enumerate(played):
        x = i * (CARD_WIDTH + 2 * GAP)
        seat = seats[i] if seats is not None else None
        who = (
            ""
            if seat is None
            else (seat_names[seat] if seat_names else _("seat {seat}").format(seat=seat))
        )
        wins = winner == i
        # the word agrees with the card's name in the label ("पान की बेगम, सीट 1, जीती")
        won = pgettext("feminine card", "wins") if is_feminine(card) else _("wins")
        label = ", ".join(p for p in (who, won if wins else "") if p)
        parts.append(_card_group(card, x, 0, wins, False, label))
        caption = who + (" ✓" if wins else "")
        if caption:
            parts.append(
                f'<text x="{x + CARD_WIDTH // 2}" y="{CARD_HEIGHT + 12}" font-family="sans-serif" '
                f'font-size="11" text-anchor="middle" fill="#000000">{escape(caption)}</text>'
            )
    width = max(1, len(played) * (CARD_WIDTH + 2 * GAP) - 2 * GAP)
    names = ", ".join(str(c) for c in played) or _("no cards yet")
    return _document(
        width, CARD_HEIGHT + caption_height, "".join(parts), _("trick: {cards}").format(cards=names)
    )


def card_html(card: Card | str) -> Html:
    """A card as inline text, coloured, with an aria-label: for tables and sentences."""
    card = Card(card)
    return Html(
        f'<span class="cardlib-card" role="img" aria-label="{escape(card_name(card))}" '
        f'title="{escape(card_name(card))}" style="color:{SUIT_COLOURS[card.suit]};'
        f'font-weight:bold;white-space:nowrap">{escape(str(card))}</span>'
    )


def cards_html(cards: Iterable[Card | str], sort: bool = False) -> Html:
    """Several cards as inline coloured text."""
    shown = [Card(c) for c in cards]
    if sort:
        shown = sort_for_display(shown)
    return Html(" ".join(card_html(c) for c in shown))


def explanation_html(explanation: Explanation) -> Html:
    """An :class:`~cardlib.game.Explanation` as a short HTML block."""
    legal = cards_html(explanation.legal, sort=True)
    return Html(
        f'<div class="cardlib-explanation"><b>{escape(explanation.rule)}</b>: '
        f"{escape(explanation.text)}<br>" + escape(_("Legal:")) + f" {legal}</div>"
    )


class Refusal:
    """A move the engine refused, shown as a note rather than a traceback.

    It holds the attempt (``"play('3H')"``), the error, its rule id and its
    sentence, and, for a refused card, the card. In a notebook it renders as a
    short note, so "Run All" goes on past it (a JupyterLite page stops at any
    cell that raises).
    """

    def __init__(self, attempt: str | None, error: CardlibError, card: Card | None = None):
        self.attempt = attempt
        self.error = error
        self.rule = error.rule
        self.message = str(error)
        self.card = card

    def __repr__(self) -> str:
        named = not self.rule or f"({self.rule})" in self.message
        if named:
            return _("Refused: {message}").format(message=self.message)
        return _("Refused ({rule}): {message}").format(rule=self.rule, message=self.message)

    def _repr_html_(self) -> str:
        card = f" {card_html(self.card)}" if self.card is not None else ""
        rule = (
            " · " + _("rule {rule}").format(rule=f"<code>{escape(self.rule)}</code>")
            if self.rule
            else ""
        )
        tried = f" · <code>{escape(self.attempt)}</code>" if self.attempt else ""
        return (
            '<div class="cardlib-refusal" role="note" style="border-left:4px solid '
            f'{SUIT_COLOURS["H"]};padding:2px 8px">'
            "<b>" + _("Refused") + f"</b>{card}{rule}{tried}<br>"
            f"{escape(self.message)}</div>"
        )


def refused(action: Callable[..., object], *args: Any, **kwargs: Any) -> Refusal:
    """Try ``action(*args, **kwargs)``, which the rules must refuse, and show the refusal.

    The engine's error (a :class:`~cardlib.errors.CardlibError`, state unchanged)
    becomes a :class:`Refusal` to display. If the action is accepted after all,
    that is a bug in the lesson or in the engine, and this raises ``AssertionError``.

    >>> from cardlib import callbreak
    >>> refused(callbreak.Deal(seed=1, dealer=0).call, 14)
    Refused (call-range): a call must be a whole number of tricks from 1 to 13 in Call Break, got 14
    """
    name = getattr(action, "__name__", "action")
    shown = [repr(a) for a in args] + [f"{k}={v!r}" for k, v in kwargs.items()]
    attempt = None if name == "<lambda>" else f"{name}({', '.join(shown)})"
    try:
        action(*args, **kwargs)
    except CardlibError as error:
        card = None
        if isinstance(error, IllegalPlayError) and args:
            try:
                card = Card(args[0])
            except (CardlibError, TypeError):
                card = None
        return Refusal(attempt, error, card)
    message = (
        _("expected the rules to refuse {attempt}, but it was accepted")
        if attempt
        else _("expected the rules to refuse this, but it was accepted")
    )
    raise AssertionError(message.format(attempt=attempt))
