"""The coach's results on screen: every table a result of the coach shows itself as.

Rendering only. Each result draws itself through one of these when a notebook shows it
(its ``_repr_html_`` hook imports this module then): the coach's analysis of the cards
(:class:`~cardlib.coach.analysis.Analysis`) and of the calls
(:class:`~cardlib.coach.analysis.CallAnalysis`), the exact solver's
:class:`~cardlib.coach.solver.Solution`, the review of a deal
(:class:`~cardlib.coach.review.Review`), and Contract Bridge's double-dummy results
(:mod:`cardlib.bridge.double_dummy`) and review
(:class:`~cardlib.coach.bridge_review.BridgeReview`). It reads only a result's public
fields and the words the result gives (its captions), and imports none of the modules it
draws, so there is no import cycle.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from html import escape
from typing import TYPE_CHECKING

from cardlib.cards import Card
from cardlib.draw.svg import card_html
from cardlib.i18n import _

if TYPE_CHECKING:  # what is drawn: each result draws itself through these, when shown
    from cardlib.bridge.double_dummy import CardTricks, DDTable, Par
    from cardlib.coach.analysis import Analysis, CallAnalysis, CallEstimate
    from cardlib.coach.bridge_review import BridgeReview
    from cardlib.coach.review import Review
    from cardlib.coach.solver import Solution


def _fmt(value: Fraction, places: int = 2) -> str:
    return f"{float(value):.{places}f}"


def _table_html(caption: str, head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    header = "".join(f"<th scope='col'>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return (
        f"<table class='cardlib-coach'><caption>{escape(caption)}</caption>"
        f"<thead><tr>{header}</tr></thead><tbody>{body}</tbody></table>"
    )


# ----- the analyses ------------------------------------------------------------------------------


def analysis_html(analysis: Analysis) -> str:
    """Every legal card ranked by expected points, with its loss against the best."""
    rows = []
    for rank, c in enumerate(analysis.cards, 1):
        versus = escape(_("best")) if rank == 1 else f"−{_fmt(c.loss)} ± {c.loss_stderr:.2f}"
        if rank > 1 and c.close and not c.same:
            versus += ", " + escape(_("too close to tell"))
        e = c.estimate
        rows.append((str(rank), card_html(c.card), f"{_fmt(e.mean)} ± {e.stderr:.2f}", versus))
    head = (_("rank"), _("card"), _("expected points"), _("against the best"))
    return _table_html(analysis.table_caption(), head, rows)


def call_versus_html(analysis: CallAnalysis, c: CallEstimate, best_html: str | None = None) -> str:
    """The losses column's cell for call ``c`` (HTML), in the call analysis' table and the
    coach widget's: ``best_html`` (the word "best") for the best call; "highest estimate"
    for the top one when the coach calls bolder than it (``boldness``: the losses are
    against the top); else the loss; and "too close to tell" after any call but the top
    whose loss is within two standard errors."""
    if c.call == analysis.best:
        versus = escape(_("best")) if best_html is None else best_html
    elif c.call == analysis.top:
        versus = escape(_("highest estimate"))
    else:
        versus = f"−{_fmt(c.loss)} ± {c.loss_stderr:.2f}"
    if c.call != analysis.top and c.close and not c.same:
        versus += ", " + escape(_("too close to tell"))
    return versus


def call_analysis_html(analysis: CallAnalysis) -> str:
    """Every legal call with its expected points and its loss against the top estimate."""
    rows = []
    for c in analysis.calls:
        e = c.estimate
        rows.append(
            (str(c.call), f"{_fmt(e.mean)} ± {e.stderr:.2f}", call_versus_html(analysis, c))
        )
    head = (_("call"), _("expected points"), analysis.losses_heading())
    return _table_html(analysis.table_caption(), head, rows)


def solution_html(solution: Solution) -> str:
    """The exact solver's table: each card's points for the seat, and every seat's tricks."""
    rows = []
    best = solution.value
    for v in solution.cards:
        loss = best - v.points[solution.seat]
        versus = escape(_("best")) if loss == 0 else f"−{loss}"
        rows.append(
            f"<tr><td>{card_html(v.card)}</td><td>{escape(str(v.points[solution.seat]))}</td>"
            f"<td>{versus}</td><td>{escape(' '.join(map(str, v.tricks)))}</td></tr>"
        )
    head = "".join(
        f"<th scope='col'>{escape(h)}</th>"
        for h in (_("card"), _("points"), _("against the best"), _("final tricks by seat"))
    )
    caption = _(
        "Exact values for seat {seat}, every hand known (max-n: each player plays for "
        "their own score; a player to whom several cards are worth the same plays the "
        "highest of them, a convention: another choice of theirs can change these values)"
    ).format(seat=solution.seat)
    return (
        f"<table class='cardlib-solution'><caption>{escape(caption)}</caption>"
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def review_html(review: Review) -> str:
    """Each decision of a reviewed deal against the best choice there; the costliest marked."""
    worst = review.costliest
    head = (_("Decision"), _("You chose"), _("Best choice"), _("Expected points lost"))
    header = "".join(f"<th scope='col'>{escape(h)}</th>" for h in head)
    body = []
    for row in review.rows:
        decision = row.decision_text()
        style = ""
        if worst is not None and row.number == worst.number:
            decision += " ★ " + _("Costliest")
            style = " style='font-weight:bold;border:3px solid #1a1a1a'"
        loss = row.loss_text()
        chosen, best = (
            (card_html(Card(row.chosen)), card_html(Card(row.best)))
            if row.kind == "card"
            else (escape(row.choice_text()), escape(row.choice_text(row.best)))
        )
        cells = f"<td>{chosen}</td><td>{best}</td><td>{escape(loss)}</td>"
        body.append(f"<tr{style}><th scope='row'>{escape(decision)}</th>{cells}</tr>")
    caption = review.caption
    # The verdict in words first (what cost most, and about how much), the table of numbers after.
    reason = (
        _("Costliest decision: {reason}").format(reason=review.reason) if worst else review.reason
    )
    return (
        f"<p class='cardlib-review-reason'>{escape(reason)}</p>"
        f"<table class='cardlib-review'><caption>{escape(caption)}</caption>"
        f"<thead><tr>{header}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )


# ----- Contract Bridge, double dummy -----------------------------------------------------------


def card_tricks_html(result: CardTricks) -> str:
    """Double dummy: the tricks the hand's side ends with after each legal card."""
    from cardlib.bridge.calls import SEAT_LETTERS  # Contract Bridge loads only when drawn

    top = result.cards[0][1]
    rows = "".join(
        f"<tr><td>{card_html(card)}</td><td>{tricks}</td>"
        f"<td>{'best' if tricks == top else f'−{top - tricks}'}</td></tr>"
        for card, tricks in result.cards
    )
    return (
        f"<table class='cardlib-coach'><caption>Double dummy: tricks for "
        f"{SEAT_LETTERS[result.seat]}'s side after each card</caption><thead><tr>"
        "<th scope='col'>card</th><th scope='col'>tricks</th><th scope='col'>against the best"
        f"</th></tr></thead><tbody>{rows}</tbody></table>"
    )


def dd_table_html(table: DDTable) -> str:
    """The double-dummy table: the tricks each seat takes as declarer in each strain."""
    from cardlib.bridge.calls import STRAINS  # Contract Bridge loads only when drawn

    head = "".join(
        f"<th scope='col'>{s if s == 'NT' else '♣♦♥♠'['CDHS'.index(s)]}</th>" for s in STRAINS
    )
    rows = "".join(
        f"<tr><th scope='row'>{('South', 'West', 'North', 'East')[seat]}</th>"
        + "".join(f"<td>{table.tricks[i][seat]}</td>" for i in range(len(STRAINS)))
        + "</tr>"
        for seat in (2, 3, 0, 1)
    )
    return (
        "<table class='cardlib-coach'><caption>Double-dummy tricks by declarer and strain"
        "</caption><thead><tr><th scope='col'>declarer</th>"
        f"{head}</tr></thead><tbody>{rows}</tbody></table>"
    )


def par_html(par: Par) -> str:
    """The par result: its contracts and North–South's score."""
    contracts = ", ".join(escape(c) for c in par.texts) or "passed out"
    return (
        f"<div class='cardlib-par'>Par: <b>{contracts}</b>, {par.score:+d} for "
        "North–South (duplicate scoring, none vulnerable)</div>"
    )


def bridge_review_html(review: BridgeReview, lead_model: str) -> str:
    """A Contract Bridge review: the contract against par, the tricks each side gave away,
    the opening lead's layouts (drawn under ``lead_model``) and every costly card."""
    from cardlib.bridge.calls import SEAT_NAMES  # Contract Bridge loads only when drawn

    declarer = SEAT_NAMES[review.declarer]
    lines = [
        f"<p>Contract: <b>{escape(review.result_text)}</b>, {review.score:+d} for North–South; "
        f"par {escape(', '.join(review.par.texts) or 'passed out')}, {review.par.score:+d} "
        f"({review.against_par:+d} against par; duplicate scoring, none vulnerable).</p>",
        # counted against the deal's 13 tricks (summed card by card they can pass 13)
        f"<p>Double dummy, {escape(declarer)}'s side could take {review.double_dummy_tricks} "
        f"tricks from the opening lead on and took {review.declarer_took}. Its cards gave "
        f"tricks away in {review.declarer_costly_tricks} of the 13 tricks, the defenders' in "
        f"{review.defence_costly_tricks}.</p>",
    ]
    if review.lead is not None:
        lead = review.lead
        rows = "".join(
            f"<tr><td>{card_html(card)}</td><td>{float(e.mean):.2f} ± {e.stderr:.2f}</td>"
            f"<td>{'chosen' if card == lead.chosen else ''}</td></tr>"
            for card, e in lead.cards
        )
        lines.append(
            "<table class='cardlib-coach'><caption>The opening lead: defenders' "
            f"double-dummy tricks over {lead.samples} layouts that fit the auction "
            f"({escape(lead_model)})</caption><thead><tr><th scope='col'>lead</th>"
            "<th scope='col'>defenders' tricks</th><th scope='col'></th></tr></thead>"
            f"<tbody>{rows}</tbody></table>"
        )
    body = []
    for row in review.rows:
        if not row.lost:
            continue
        best = " ".join(card_html(c) for c in sorted(row.best, reverse=True))
        body.append(
            f"<tr><th scope='row'>trick {row.trick}</th>"
            f"<td>{escape(SEAT_NAMES[row.seat])}</td><td>{card_html(row.card)}</td>"
            f"<td>{best}</td><td>{row.lost}</td></tr>"
        )
    lines.append(
        "<table class='cardlib-coach'><caption>Cards that gave away tricks against double "
        "dummy (every other card kept the most)</caption><thead><tr><th scope='col'>"
        "when</th><th scope='col'>hand</th><th scope='col'>played</th><th scope='col'>"
        "best</th><th scope='col'>tricks lost</th></tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>"
    )
    return "".join(lines)


__all__ = [
    "analysis_html",
    "bridge_review_html",
    "call_analysis_html",
    "call_versus_html",
    "card_tricks_html",
    "dd_table_html",
    "par_html",
    "review_html",
    "solution_html",
]
