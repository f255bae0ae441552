"""The card table's review of a finished Contract Bridge deal, double dummy.

The review itself is :func:`cardlib.coach.bridge_review.review_bridge` (the one notebook 41
shows): the opening lead rated over layouts that fit the auction, every card's tricks lost
against double dummy, and the contract against par. This module asks for it at the table's
size (:data:`LEAD_SAMPLES` layouts for the lead, so that the review appears in about a second)
and puts it into words for the browser (:func:`review_words`), in the learner's language.

Without endplay (the classroom site's kernel) there is no double dummy: :func:`review_at_table`
returns :data:`NO_DOUBLE_DUMMY`, whose words are the note of
:func:`cardlib.draw.bridge.unavailable_text`, and the table goes on as before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, TypeAlias

from cardlib.bridge import calls
from cardlib.cards import Card
from cardlib.i18n import _
from cardlib.seats import seat_label

if TYPE_CHECKING:  # the coach loads only when a review is asked for
    from cardlib import bridge
    from cardlib.coach.bridge_review import BridgeReview

#: Layouts that rate the opening lead at the table: about 0.06 s each (endplay on one core),
#: so the whole review (52 cards solved double dummy, then the lead) takes about a second
#: (benchmarks/bench_review.py measures it).
LEAD_SAMPLES = 10


@dataclass(frozen=True)
class NoDoubleDummy:
    """What the review of a bridge deal is where endplay is missing: only a note."""


#: The one review there is without endplay.
NO_DOUBLE_DUMMY = NoDoubleDummy()

#: What the table may hold as a bridge deal's review.
TableBridgeReview: TypeAlias = "BridgeReview | NoDoubleDummy"


def offered(deal: bridge.Deal) -> bool:
    """Whether the table offers a review of ``deal``: once it is over and was not passed out."""
    return deal.phase == "over" and deal.contract is not None


def review_at_table(
    deal: bridge.Deal, lead_samples: int | None = None, seed: int = 0
) -> TableBridgeReview:
    """The review of a finished, played ``deal`` (see :func:`offered`), or
    :data:`NO_DOUBLE_DUMMY` where endplay is missing. ``lead_samples`` defaults to
    :data:`LEAD_SAMPLES`."""
    from cardlib.bridge.double_dummy import EndplayMissing
    from cardlib.coach.bridge_review import review_bridge

    samples = LEAD_SAMPLES if lead_samples is None else lead_samples
    try:
        return review_bridge(deal, lead_samples=samples, seed=seed)
    except EndplayMissing:
        return NO_DOUBLE_DUMMY


def _side(seat: int) -> str:
    return _("North–South") if seat % 2 == 0 else _("East–West")


def _hundredths(value: Fraction | float) -> str:
    return f"{float(value):.2f}"


def _signed(points: int) -> str:
    """``+450``, ``−250`` (a minus sign, as results are written), ``0``."""
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "0"


def review_words(
    rated: TableBridgeReview,
    card_json: Callable[[Card], dict],
    contract_text: Callable[[calls.Contract], str],
    you: int = 0,
) -> dict:
    """The review in words for the browser, in the language now in use.

    ``kind`` is ``"bridge"``; ``reason`` the sentence read out when it arrives; ``summary``
    the paragraphs (the contract against par, the tricks each side gave away, the lead);
    ``lead`` and ``play`` two tables (``None`` when there is nothing to show); ``note`` the
    note where endplay is missing. ``rows`` is empty: a bridge review replays nothing.
    ``card_json`` and ``contract_text`` put a card and a contract as the table does.
    """
    from cardlib.cards import sort_for_display
    from cardlib.draw.bridge import unavailable_text

    title = _("Review of the deal, double dummy")
    if isinstance(rated, NoDoubleDummy):
        note = unavailable_text(_("The rest of the table works without it."))
        return {
            "kind": "bridge",
            "title": title,
            "rows": [],
            "reason": note,
            "summary": [],
            "note": note,
            "lead": None,
            "play": None,
        }
    contract = rated.contract
    declarer = contract.declarer
    assert declarer is not None  # a played deal's contract names its declarer
    made = (
        _("made exactly")
        if rated.result == 0
        else _("made with {tricks} over").format(tricks=rated.result)
        if rated.result > 0
        else _("down {tricks}").format(tricks=-rated.result)
    )
    par_text = ", ".join(rated.par.texts) or _("passed out")
    against = _(
        "{contract}, {made}: {score} for North–South; par is {par}, {par_score}, so the "
        "deal ended {against} against par (duplicate scoring, nobody vulnerable)."
    ).format(
        contract=contract_text(contract),
        made=made,
        score=_signed(rated.score),
        par=par_text,
        par_score=_signed(rated.par.score),
        against=_signed(rated.against_par),
    )
    # Counted against the deal's 13 tricks: summed card by card, the tricks given away can
    # pass 13 when they go back and forth, which no player would believe.
    lost = _(
        "Double dummy, {declaring} could take {best} tricks from the opening lead on and took "
        "{taken}. Their cards (declarer's and dummy's) gave tricks away in {declarer_tricks} "
        "of the 13 tricks, the defenders' cards in {defence_tricks}."
    ).format(
        declaring=_side(declarer),
        best=rated.double_dummy_tricks,
        taken=rated.declarer_took,
        declarer_tricks=rated.declarer_costly_tricks,
        defence_tricks=rated.defence_costly_tricks,
    )
    summary = [against, lost]
    lead_table = None
    lead = rated.lead
    if lead is not None and lead.chosen is not None:
        chosen, best = lead.of(lead.chosen), lead.of(lead.best)
        gap = best.mean - chosen.mean
        close = gap <= 2 * (chosen.stderr**2 + best.stderr**2) ** 0.5
        if lead.chosen == lead.best:
            verdict = _("the best-rated lead")
        elif close:
            verdict = _("too close to tell from the best-rated lead, {card}").format(card=lead.best)
        else:
            verdict = _("clearly behind the best-rated lead, {card} ({best} ± {stderr})").format(
                card=lead.best, best=_hundredths(best.mean), stderr=_hundredths(best.stderr)
            )
        summary.append(
            _(
                "{seat} led {card}: {mean} ± {stderr} defensive tricks over {samples} layouts "
                "that fit the auction, {verdict}."
            ).format(
                seat=seat_label(lead.leader, you),
                card=lead.chosen,
                mean=_hundredths(chosen.mean),
                stderr=_hundredths(chosen.stderr),
                samples=lead.samples,
                verdict=verdict,
            )
        )
        lead_table = {
            "caption": _(
                "The opening lead: the defenders' double-dummy tricks after each card, "
                "averaged over {samples} layouts of the hidden hands that fit the auction"
            ).format(samples=lead.samples),
            "heads": [_("Lead"), _("Defenders' tricks"), _("Played")],
            "rows": [
                {
                    "card": card_json(card),
                    "value": f"{_hundredths(estimate.mean)} ± {_hundredths(estimate.stderr)}",
                    "chosen": _("played") if card == lead.chosen else "",
                }
                for card, estimate in lead.cards
            ],
        }
    losing = [row for row in rated.rows if row.lost]
    play_table = None
    if losing:
        play_table = {
            "caption": _(
                "Cards that gave away tricks against double dummy (every other card kept the "
                "most tricks for its side)"
            ),
            "heads": [_("Trick"), _("Hand"), _("Played"), _("Best"), _("Tricks lost")],
            "rows": [
                {
                    "trick": str(row.trick),
                    "hand": seat_label(row.seat, you),
                    "played": card_json(row.card),
                    "best": [card_json(c) for c in sort_for_display(row.best)],
                    "lost": str(row.lost),
                }
                for row in losing
            ],
        }
    else:
        summary.append(_("Every card of the play kept the most tricks for its side."))
    return {
        "kind": "bridge",
        "title": title,
        "rows": [],
        "reason": against,
        "summary": summary,
        "note": "",
        "lead": lead_table,
        "play": play_table,
    }


__all__ = [
    "LEAD_SAMPLES",
    "NO_DOUBLE_DUMMY",
    "NoDoubleDummy",
    "TableBridgeReview",
    "offered",
    "review_at_table",
    "review_words",
]
