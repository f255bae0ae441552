"""Judgement drawn: the trump suit as coloured text and the eight rounds' schedule.

>>> trump_html("C")
'<span style="color:#008562;font-weight:bold">♣ clubs</span>'
"""

from __future__ import annotations

from cardlib import judgement
from cardlib.cards import SUIT_SYMBOLS, suit_name
from cardlib.draw.svg import HIGHLIGHT, SUIT_COLOURS, Html
from cardlib.i18n import _


def trump_html(trump: str) -> str:
    """The trump suit as coloured text: '♣ clubs'."""
    return (
        f'<span style="color:{SUIT_COLOURS[trump]};font-weight:bold">'
        f"{SUIT_SYMBOLS[trump]} {suit_name(trump)}</span>"
    )


def schedule_html(current: int | None = None, players: int | None = None) -> Html:
    """The schedule as an HTML table; the ``current`` round's row is marked (bold, ▶)."""
    titles = [_("Round"), _("Cards each"), _("Trump")]
    titles += [_("Cards in play")] if players else []
    titles.append(_("Blind"))
    rows = ["<tr>" + "".join(f"<th>{title}</th>" for title in titles) + "</tr>"]
    for spec in judgement.schedule():
        here = spec.number == current
        style = f' style="font-weight:bold;outline:2px solid {HIGHLIGHT}"' if here else ""
        cells = [
            f"{'▶ ' if here else ''}{spec.number}",
            str(spec.cards),
            trump_html(spec.trump),
        ]
        if players:
            cells.append(_("{count} of 52").format(count=players * spec.cards))
        cells.append(_("blind") if spec.blind else "")
        rows.append(f"<tr{style}>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    return Html('<table class="cardlib-schedule-table">' + "".join(rows) + "</table>")
