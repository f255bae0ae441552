"""Contract Bridge on screen: the auction table, a score, the sheet, the table of hands.

Rendering only, apart from the model in :mod:`cardlib.bridge`: it imports only
the game's vocabulary (:mod:`cardlib.bridge_calls`), which never imports a view,
so there is no import cycle. Every helper returns an :class:`~cardlib.svg.Html`
string (deterministic, testable as text, displayed inline). Suit symbols carry
the colour-blind-safe colours of :mod:`cardlib.svg` and an ``aria-label`` in words.
"""

from __future__ import annotations

from html import escape

from cardlib import bridge_calls
from cardlib.seats import seat_label, seat_labels
from cardlib.svg import SUIT_COLOURS, Html, hand_svg, trick_svg

#: Auction columns in the usual order of printed auctions: West, North, East, South.
COLUMNS = (bridge_calls.WEST, bridge_calls.NORTH, bridge_calls.EAST, bridge_calls.SOUTH)


def strain_html(strain: str) -> str:
    """A strain as a coloured symbol with its name for screen readers; NT as text."""
    if strain == "NT":
        return '<span aria-label="no trump">NT</span>'
    name = bridge_calls.STRAIN_NAMES[strain]
    return (
        f'<span role="img" aria-label="{name}" title="{name}" '
        f'style="color:{SUIT_COLOURS[strain]};font-weight:bold">{bridge_calls.STRAIN_SYMBOLS[strain]}</span>'
    )


def call_html(call: str) -> str:
    """A call for a table: ``1♥`` (symbol coloured), ``Pass``, ``X``, ``XX``."""
    if call == bridge_calls.PASS:
        return "Pass"
    if call in (bridge_calls.DOUBLE, bridge_calls.REDOUBLE):
        return call
    return f"{call[0]}{strain_html(call[1:])}"


def contract_html(contract) -> str:
    """``4♠X by North`` with the symbol coloured."""
    doubles = ("", " doubled", " redoubled")[contract.doubled]
    text = f"{contract.level}{strain_html(contract.strain)}{doubles}"
    if contract.declarer is not None:
        text += f" by {bridge_calls.SEAT_NAMES[contract.declarer]}"
    return text


def auction_html(auction) -> Html:
    """The auction as a four-column table (West, North, East, South) and its outcome."""
    head = "".join(f"<th>{seat_label(s)}</th>" for s in COLUMNS)
    cells = ["<td></td>"] * COLUMNS.index(auction.first_seat)
    cells += [f"<td>{call_html(call)}</td>" for call in auction.calls]
    if not auction.is_over:
        cells.append("<td>?</td>")
    rows = "".join("<tr>" + "".join(cells[i : i + 4]) + "</tr>" for i in range(0, len(cells), 4))
    if auction.passed_out:
        outcome = "Passed out: no contract; the next dealer deals again."
    elif auction.is_over:
        contract = auction.contract
        outcome = (
            f"Contract: {contract_html(contract)}. Dummy: {seat_label(contract.dummy)}. "
            f"Opening lead: {seat_label((contract.declarer + 1) % 4)}."
        )
    else:
        outcome = f"{seat_label(auction.to_act)} to call."
    return Html(
        '<div class="cardlib-bridge-auction-table">'
        f'<table style="text-align:center"><tr>{head}</tr>{rows}</table>'
        f"<p>Dealer: {seat_label(auction.dealer)}. {outcome}</p></div>"
    )


def _lines_table(lines, who_header: str) -> str:
    rows = "".join(
        f"<tr><td>{escape(line.who)}</td><td>{line.where}</td>"
        f'<td style="text-align:right">{line.points}</td><td>{escape(line.reason)}</td></tr>'
        for line in lines
    )
    return (
        f"<table><tr><th>{who_header}</th><th>line</th><th>points</th><th>why</th></tr>"
        f"{rows}</table>"
    )


def score_html(score) -> Html:
    """A :class:`~cardlib.bridge.Score` as its sheet entries and totals."""
    verdict = "made" if score.made else "defeated"
    return Html(
        f'<div class="cardlib-bridge-score"><p>Contract {verdict}: below the line '
        f"{score.below} for the declaring side; above the line {score.above_declarer} "
        f"for the declaring side, {score.above_defenders} for the defenders.</p>"
        f"{_lines_table(score.lines, 'who')}</div>"
    )


def sheet_html(game) -> Html:
    """The scoring sheet: We (NS) and They (EW); bonuses above the line, trick scores below."""

    def row(number, line):
        cells = ["<td></td>", "<td></td>"]
        cells[bridge_calls.SIDE_NAMES.index(line.who)] = (
            f'<td style="text-align:right">{line.points}</td>'
        )
        return f"<tr>{''.join(cells)}<td>deal {number}: {escape(line.reason)}</td></tr>"

    sheet = game.sheet()
    above = "".join(row(n, line) for n, line in reversed(sheet) if line.where == "above")
    below = "".join(row(n, line) for n, line in sheet if line.where == "below")
    line = '<tr><td colspan="3" style="border-top:3px solid black"></td></tr>'
    b, a = game.below(), game.above()
    totals = (
        f"<tr><th>{b[0]}</th><th>{b[1]}</th>"
        f"<th>below the line (first to {game.target} wins)</th></tr>"
        f"<tr><th>{a[0]}</th><th>{a[1]}</th><th>above the line</th></tr>"
    )
    status = (
        f"{'We (NS)' if game.winner == 'NS' else 'They (EW)'} won the game."
        if game.phase == "over"
        else f"Deal {len(game.deals)}, {game.phase}."
    )
    return Html(
        '<div class="cardlib-bridge-sheet"><table>'
        "<tr><th>We (NS)</th><th>They (EW)</th><th>Entry</th></tr>"
        f"{above}{line}{below}{totals}</table><p>{status}</p></div>"
    )


def deal_html(deal, face_up=None) -> Html:
    """The table: North at the top, South at the bottom, West and East at the sides,
    the current trick in the middle; declarer and dummy labelled once known.

    ``face_up``: the seats whose cards are shown (all when ``None``); the dummy is
    shown too once it is exposed, as at the table.
    """
    shown = set(range(4)) if face_up is None else {bridge_calls.parse_seat(s) for s in face_up}

    def hand_cell(seat: int) -> str:
        label = seat_label(seat)
        if deal.contract is not None and seat == deal.dummy:
            label += ", dummy"
        if deal.contract is not None and seat == deal.declarer:
            label += ", declarer"
        visible = seat in shown or (seat == deal.dummy and deal.dummy_exposed)
        cards = deal.hands[seat]
        picture = hand_svg(cards, label=label) if visible else f"{len(cards)} cards, face down"
        return f"<div><b>{escape(label)}</b></div><div>{picture}</div>"

    trick = (
        trick_svg(deal.trick, deal.trick_seats, seat_names=seat_labels())
        if deal.trick
        else "<i>no cards on the table</i>"
    )
    return Html(
        '<div class="cardlib-bridge-table"><table>'
        f"<tr><td></td><td>{hand_cell(bridge_calls.NORTH)}</td><td></td></tr>"
        f"<tr><td>{hand_cell(bridge_calls.WEST)}</td><td>{trick}</td><td>{hand_cell(bridge_calls.EAST)}</td></tr>"
        f"<tr><td></td><td>{hand_cell(bridge_calls.SOUTH)}</td><td></td></tr>"
        "</table></div>"
    )
