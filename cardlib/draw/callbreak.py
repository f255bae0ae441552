"""Call Break drawn: a match's scoreboard, deal by deal, with the running totals.

The card table (:mod:`cardlib.widgets.table`) plays the match; this draws what a finished
part of it scored, for a notebook cell (notebook 06).

>>> from cardlib import callbreak
>>> scoreboard_html(callbreak.Match(seed=1)).startswith('<table class="cardlib-score-table"')
True
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from cardlib import callbreak, i18n, seats
from cardlib.draw.svg import Html, hand_svg
from cardlib.errors import CardlibError
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


def hands_html(deal: callbreak.Deal) -> Html:
    """The four hands of a deal as an HTML table: seat, role, cards (SVG) and spade count."""
    first = (deal.dealer + deal.direction) % 4
    rows = []
    for seat, hand in enumerate(deal.hands):
        role = (
            _("dealer")
            if seat == deal.dealer
            else (_("calls and leads first") if seat == first else "")
        )
        spades = sum(card.suit == "S" for card in hand)
        picture = hand_svg(hand, label=_("hand of {seat}").format(seat=seats.seat_label(seat)))
        rows.append(
            f'<tr><th scope="row" style="text-align:left;padding-right:8px">'
            f"{escape(seats.seat_label(seat))}<br>"
            f'<span style="font-weight:normal;font-size:smaller">{escape(role)}</span></th>'
            f"<td>{picture}</td>"
            f'<td style="padding-left:8px">{spades} ♠</td></tr>'
        )
    return Html(
        '<table class="cardlib-deal-table" style="border-collapse:collapse">'
        + "".join(rows)
        + "</table>"
    )


def spade_counts_text(counts: tuple[int, ...]) -> str:
    """One line: 'Spades: South (0) 4 ♠, West (1) 2 ♠, North (2) 3 ♠, East (3) 4 ♠'."""
    return _("Spades: {counts}").format(
        counts=", ".join(f"{seats.seat_label(s)} {n} ♠" for s, n in enumerate(counts))
    )


def deal_view(deal: callbreak.Deal, spade_counts: tuple[int, ...] | None = None) -> dict[str, str]:
    """What the Deal widget shows for ``deal``, in the language in use: its labels, the four
    hands (HTML) and the line of spade counts (HTML)."""
    if spade_counts is None:
        spade_counts = tuple(sum(card.suit == "S" for card in hand) for hand in deal.hands)
    return {
        "seed_label": _("Seed"),
        "deal_label": _("Deal"),
        "deal_tooltip": _("Deal the next seed"),
        "hands": hands_html(deal),
        "counts": escape(spade_counts_text(spade_counts)),
    }


def _refused_request(what: object) -> CardlibError:
    shown = repr(what) if len(repr(what)) < 80 else f"{repr(what)[:77]}..."
    return CardlibError(
        _(
            "a deal is asked for as JSON text with a whole-number seed and a language "
            "({accepted}), got {value}"
        ).format(accepted=", ".join(map(repr, i18n.LANGUAGES)), value=shown),
        "request",
    )


def deal_answer(request: str) -> str:
    """The Deal widget's view of a seed for a page whose own Python has no widgets (the static
    site's worker): ``request`` is JSON text ``{"id": …, "seed": int, "lang": code}``, the
    answer JSON text of ``{"id": …, "seed": …}`` and :func:`deal_view`'s values in that
    language, or of ``{"id": …, "refused": message}``, in the language in use, for anything
    else.

    >>> answer = json.loads(deal_answer('{"id": 3, "seed": 2026, "lang": "en"}'))
    >>> answer["id"], answer["seed"], answer["hands"] == hands_html(callbreak.Deal(seed=2026))
    (3, 2026, True)
    >>> json.loads(deal_answer('{"id": 4, "seed": "2026", "lang": "en"}'))["refused"][:38]
    'a deal is asked for as JSON text with '
    """
    try:
        asked: Any = json.loads(request)
    except (TypeError, ValueError):
        asked = request
    ident = asked.get("id") if isinstance(asked, dict) else None
    try:
        if not isinstance(asked, dict):
            raise _refused_request(asked)
        seed, code = asked.get("seed"), asked.get("lang")
        if type(seed) is not int or not isinstance(code, str) or code not in i18n.LANGUAGES:
            raise _refused_request(asked)
        with i18n.language(code):
            view = deal_view(callbreak.Deal(seed=seed))
        answer: dict[str, Any] = {"id": ident, "seed": seed, **view}
    except CardlibError as refusal:
        answer = {"id": ident, "refused": str(refusal)}
    return json.dumps(answer, ensure_ascii=False)
