"""Call Break drawn: a match's scoreboard, deal by deal, with the running totals.

The card table (:mod:`cardlib.widgets.table`) plays the match; this draws what a finished
part of it scored, for a notebook cell (notebook 06).

>>> from cardlib import callbreak
>>> scoreboard_html(callbreak.Match(seed=1)).startswith('<table class="cardlib-score-table"')
True
"""

from __future__ import annotations

from html import escape

from cardlib import callbreak, seats
from cardlib.i18n import _
from cardlib.match import ZERO

YOU = 0


def _seat_label(seat: int) -> str:
    return seats.seat_label(seat, you=YOU)


def scoreboard_html(match: callbreak.Match) -> str:
    """Every finished deal (call/tricks → points), the running totals, and the winner(s)."""
    head = (
        "<tr><th>"
        + _("deal")
        + "</th>"
        + "".join(f"<th>{_seat_label(s)}</th>" for s in range(4))
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
        names = _seat_label(winners[0])
        for seat in winners[1:]:
            names = _("{cards} and {last}").format(cards=names, last=_seat_label(seat))
        if len(winners) > 1:
            said = _("Match over: {names} share the win.")
        elif winners == (YOU,):
            said = _("Match over: {names} win.")
        else:
            said = _("Match over: {names} wins.")
        table += f"<p><b>{escape(said.format(names=names))}</b></p>"
    return table
