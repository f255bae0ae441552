"""Contract Bridge on screen: the auction table, a score, the sheet, the table of hands.

Rendering only, apart from the model in :mod:`cardlib.bridge`: it imports only
the game's vocabulary (:mod:`cardlib.bridge.calls`), which never imports a view,
so there is no import cycle. Every helper returns an :class:`~cardlib.draw.svg.Html`
string (deterministic, testable as text, displayed inline). Suit symbols carry
the colour-blind-safe colours of :mod:`cardlib.draw.svg` and an ``aria-label`` in words.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING

from cardlib.bridge import calls
from cardlib.bridge.double_dummy import INSTALL
from cardlib.draw.svg import SUIT_COLOURS, Html, hand_svg, trick_svg
from cardlib.i18n import N_, _, pgettext
from cardlib.seats import seat_label, seat_labels

if TYPE_CHECKING:  # what is drawn: the game draws itself through these, when shown
    from cardlib import bridge

#: Auction columns in the usual order of printed auctions: West, North, East, South.
COLUMNS = (calls.WEST, calls.NORTH, calls.EAST, calls.SOUTH)


def strain_html(strain: str) -> str:
    """A strain as a coloured symbol with its name for screen readers; NT as text."""
    if strain == "NT":
        return '<span aria-label="' + escape(_("no trump")) + '">NT</span>'
    name = escape(calls.strain_name(strain))
    return (
        f'<span role="img" aria-label="{name}" title="{name}" '
        f'style="color:{SUIT_COLOURS[strain]};font-weight:bold">{calls.STRAIN_SYMBOLS[strain]}</span>'
    )


def call_html(call: str) -> str:
    """A call for a table: ``1♥`` (symbol coloured), ``Pass``, ``X``, ``XX``."""
    if call == calls.PASS:
        return _("Pass")
    if call in (calls.DOUBLE, calls.REDOUBLE):
        return call
    return f"{call[0]}{strain_html(call[1:])}"


def contract_html(contract: bridge.Contract) -> str:
    """``4♠X by North`` with the symbol coloured."""
    doubles = ("", _(" doubled"), _(" redoubled"))[contract.doubled]
    text = f"{contract.level}{strain_html(contract.strain)}{doubles}"
    if contract.declarer is not None:
        text = _("{contract} by {seat}").format(
            contract=text, seat=calls.seat_name(contract.declarer)
        )
    return text


def auction_html(auction: bridge.Auction) -> Html:
    """The auction as a four-column table (West, North, East, South) and its outcome."""
    head = "".join(f"<th>{seat_label(s)}</th>" for s in COLUMNS)
    cells = ["<td></td>"] * COLUMNS.index(auction.first_seat)
    cells += [f"<td>{call_html(call)}</td>" for call in auction.calls]
    if not auction.is_over:
        cells.append("<td>?</td>")
    rows = "".join("<tr>" + "".join(cells[i : i + 4]) + "</tr>" for i in range(0, len(cells), 4))
    contract, to_act = auction.contract, auction.to_act
    if auction.passed_out:
        outcome = _("Passed out: no contract; the next dealer deals again.")
    elif to_act is not None:  # the auction goes on
        outcome = _("{seat} to call.").format(seat=seat_label(to_act))
    else:
        declarer = None if contract is None else contract.declarer
        assert contract is not None and declarer is not None  # over, with a bid: a contract
        outcome = _("Contract: {contract}. Dummy: {dummy}. Opening lead: {leader}.").format(
            contract=contract_html(contract),
            dummy=seat_label(calls.partner_of(declarer)),
            leader=seat_label((declarer + 1) % 4),
        )
    dealer = _("Dealer: {seat}.").format(seat=seat_label(auction.dealer))
    return Html(
        '<div class="cardlib-bridge-auction-table">'
        f'<table style="text-align:center"><tr>{head}</tr>{rows}</table>'
        f"<p>{dealer} {outcome}</p></div>"
    )


# The words of a sheet line's ``who`` and ``where`` (kept English in the model).
_SHEET_WORDS = (N_("declarer"), N_("defenders"), N_("above"), N_("below"))


def _lines_table(lines: Iterable[bridge.SheetLine], who_header: str) -> str:
    rows = "".join(
        f"<tr><td>{escape(_(line.who))}</td><td>{escape(_(line.where))}</td>"
        f'<td style="text-align:right">{line.points}</td><td>{escape(line.reason)}</td></tr>'
        for line in lines
    )
    headers = (who_header, _("line"), _("points"), _("why"))
    return (
        "<table><tr>" + "".join(f"<th>{header}</th>" for header in headers) + f"</tr>{rows}</table>"
    )


def score_html(score: bridge.Score) -> Html:
    """A :class:`~cardlib.bridge.Score` as its sheet entries and totals."""
    sentence = (
        _(
            "Contract made: below the line {below} for the declaring side; above the line "
            "{above} for the declaring side, {defenders} for the defenders."
        )
        if score.made
        else _(
            "Contract defeated: below the line {below} for the declaring side; above the line "
            "{above} for the declaring side, {defenders} for the defenders."
        )
    ).format(below=score.below, above=score.above_declarer, defenders=score.above_defenders)
    return Html(
        f'<div class="cardlib-bridge-score"><p>{sentence}</p>'
        + _lines_table(score.lines, _("who"))
        + "</div>"
    )


def sheet_html(game: bridge.Match) -> Html:
    """The scoring sheet: We (NS) and They (EW); bonuses above the line, trick scores below."""

    def row(number: int, line: bridge.SheetLine) -> str:
        cells = ["<td></td>", "<td></td>"]
        cells[calls.SIDE_NAMES.index(line.who)] = f'<td style="text-align:right">{line.points}</td>'
        entry = _("deal {number}: {reason}").format(number=number, reason=line.reason)
        return f"<tr>{''.join(cells)}<td>{escape(entry)}</td></tr>"

    sheet = game.sheet()
    above = "".join(row(n, line) for n, line in reversed(sheet) if line.where == "above")
    below = "".join(row(n, line) for n, line in sheet if line.where == "below")
    line = '<tr><td colspan="3" style="border-top:3px solid black"></td></tr>'
    b, a = game.below(), game.above()
    below_words = _("below the line (first to {target} wins)").format(target=game.target)
    totals = (
        f"<tr><th>{b[0]}</th><th>{b[1]}</th><th>{below_words}</th></tr>"
        f"<tr><th>{a[0]}</th><th>{a[1]}</th><th>" + _("above the line") + "</th></tr>"
    )
    if game.phase == "over":
        status = _("We (NS) won the game.") if game.winner == "NS" else _("They (EW) won the game.")
    else:
        status = _("Deal {number}, {phase}.").format(
            number=len(game.deals), phase=pgettext("phase", game.phase)
        )
    heads = (_("We (NS)"), _("They (EW)"), _("Entry"))
    return Html(
        '<div class="cardlib-bridge-sheet"><table>'
        "<tr>" + "".join(f"<th>{head}</th>" for head in heads) + "</tr>"
        f"{above}{line}{below}{totals}</table><p>{status}</p></div>"
    )


def deal_html(deal: bridge.Deal, face_up: Iterable[int | str] | None = None) -> Html:
    """The table: North at the top, South at the bottom, West and East at the sides,
    the current trick in the middle; declarer and dummy labelled once known.

    ``face_up``: the seats whose cards are shown (all when ``None``); the dummy is
    shown too once it is exposed, as at the table.
    """
    shown = set(range(4)) if face_up is None else {calls.parse_seat(s) for s in face_up}

    def hand_cell(seat: int) -> str:
        label = seat_label(seat)
        if deal.contract is not None and seat == deal.dummy:
            label += ", " + _("dummy")
        if deal.contract is not None and seat == deal.declarer:
            label += ", " + _("declarer")
        visible = seat in shown or (seat == deal.dummy and deal.dummy_exposed)
        cards = deal.hands[seat]
        face_down = _("{count} cards, face down").format(count=len(cards))
        picture = hand_svg(cards, label=label) if visible else face_down
        return f"<div><b>{escape(label)}</b></div><div>{picture}</div>"

    trick = (
        trick_svg(deal.trick, deal.trick_seats, seat_names=seat_labels())
        if deal.trick
        else "<i>" + _("no cards on the table") + "</i>"
    )
    return Html(
        '<div class="cardlib-bridge-table"><table>'
        f"<tr><td></td><td>{hand_cell(calls.NORTH)}</td><td></td></tr>"
        f"<tr><td>{hand_cell(calls.WEST)}</td><td>{trick}</td><td>{hand_cell(calls.EAST)}</td></tr>"
        f"<tr><td></td><td>{hand_cell(calls.SOUTH)}</td><td></td></tr>"
        "</table></div>"
    )


def _unavailable_parts() -> tuple[str, str, str]:
    """The note's sentences, in the learner's language: what is missing, what it needs (with
    ``{install}`` for the command), and where it cannot be had."""
    return (
        _("Double-dummy analysis is not available here."),
        _(
            "It needs endplay (the DDS solver), compiled code that is not installed in this "
            "kernel: {install}."
        ),
        _("In a browser kernel (JupyterLite) it cannot be installed"),
    )


def unavailable_note() -> Html:
    """A short rendered note for a notebook where endplay is missing."""
    missing, needs, browser = _unavailable_parts()
    before, _braces, after = needs.partition("{install}")
    return Html(
        f"<div class='cardlib-note' role='note'><b>{escape(missing)}</b> {escape(before)}"
        f"<code>{escape(INSTALL)}</code>{escape(after)} {escape(browser)}; "
        + escape(_("the rest of the notebook works without it."))
        + "</div>"
    )


def unavailable_text(goes_on: str) -> str:
    """The same note as plain text (the card table's), ending with ``goes_on``: what still
    works without double dummy."""
    missing, needs, browser = _unavailable_parts()
    return f"{missing} {needs.format(install=INSTALL)} {browser}. {goes_on}"
