"""Lesson 41, The Bridge coach: a played deal reviewed double dummy, its lead, and par.

:func:`losses_add_up` writes out the lesson's sum (double-dummy tricks, minus what declarer's
side gave away, plus what the defenders gave away, is the tricks declarer took);
:func:`lead_verdict` compares the opening lead with the best-rated one, within two standard
errors or not. The quick check asks about those three ideas: the sum, the lead's model, the
result against par; its checks are here (:func:`check_tricks_taken`,
:func:`check_lead_model_points`, :func:`check_against_par`).

>>> tricks_taken(9, declarer_lost=2, defence_lost=1)
8
>>> bool(check_against_par(240, score=100, par=-140))
True
"""

from __future__ import annotations

from math import sqrt

from cardlib.bridge import Deal, double_dummy
from cardlib.coach.bridge_review import SIDE_POINTS, BridgeReview
from cardlib.draw.svg import Html, card_html
from cardlib.errors import CardlibError, is_count
from cardlib.exercises.feedback import Feedback, checked, correct, not_yet, read_whole_number
from cardlib.i18n import _
from cardlib.seats import seat_label
from cardlib.widgets.drill import Question, QuickCheck

NOTEBOOK = "41-the-bridge-coach"


def tricks_taken(double_dummy_tricks: int, declarer_lost: int, defence_lost: int) -> int:
    """The tricks declarer takes: the double-dummy number, minus the tricks declarer's side
    gave away, plus those the defenders gave away."""
    for what, value in (
        ("double_dummy_tricks", double_dummy_tricks),
        ("declarer_lost", declarer_lost),
        ("defence_lost", defence_lost),
    ):
        if not is_count(value) or not 0 <= value <= 13:
            raise CardlibError(
                _("{what} must be a whole number from {low} to {high}, got {value!r}").format(
                    what=what, low=0, high=13, value=value
                )
            )
    return double_dummy_tricks - declarer_lost + defence_lost


def _not_played(deal: object) -> CardlibError:
    return CardlibError(
        _("{what} must be one of {choices}, got {value!r}").format(
            what="deal", choices="a deal with a contract, played to the end", value=deal
        )
    )


def losses_add_up(deal: Deal, review: BridgeReview) -> Html:
    """The lesson's sum for a played ``deal`` and its ``review``, in a sentence."""
    contract = deal.contract
    if contract is None or contract.declarer is None:
        raise _not_played(deal)
    start = double_dummy.dd_table(deal.dealt_hands).of(contract.strain, contract.declarer)
    lost, gained = review.declarer_lost, review.defence_lost
    return Html(
        "<p>"
        + _(
            "Double dummy, {declarer} takes {start} tricks. Declarer's side gave away {lost}, "
            "the defenders {gained}: {start} − {lost} + {gained} = {result}, the {taken} tricks "
            "declarer took."
        ).format(
            declarer=seat_label(contract.declarer),
            start=start,
            lost=lost,
            gained=gained,
            result=start - lost + gained,
            taken=deal.declarer_tricks,
        )
        + "</p>"
    )


def too_close(gap: float, stderr_a: float, stderr_b: float) -> bool:
    """Whether a ``gap`` between two averages is within two standard errors of their
    difference: too close to tell apart with this many samples."""
    return gap <= 2 * sqrt(stderr_a**2 + stderr_b**2)


def lead_verdict(review: BridgeReview) -> Html:
    """The lead chosen against the best-rated lead, with their standard errors, and whether
    they are too close to tell apart."""
    lead = review.lead
    if lead is None or lead.chosen is None:
        raise CardlibError(
            _("{what} must be one of {choices}, got {value!r}").format(
                what="review", choices="a review with a rated lead", value=None
            )
        )
    chosen, best = lead.of(lead.chosen), lead.of(lead.best)
    gap = float(best.mean - chosen.mean)
    word = (
        _("too close to tell apart")
        if too_close(gap, chosen.stderr, best.stderr)
        else _("clearly behind")
    )
    return Html(
        "<p>"
        + _(
            "{leader} led {card}: {mean} ± {stderr} defensive tricks, against {best_mean} ± "
            "{best_stderr} for the best-rated lead {best} over {samples} layouts: {word}."
        ).format(
            leader=seat_label(lead.leader),
            card=card_html(lead.chosen),
            mean=f"{float(chosen.mean):.2f}",
            stderr=f"{chosen.stderr:.2f}",
            best_mean=f"{float(best.mean):.2f}",
            best_stderr=f"{best.stderr:.2f}",
            best=card_html(lead.best),
            samples=lead.samples,
            word=word,
        )
        + "</p>"
    )


@checked
def check_tricks_taken(
    answer: object, double_dummy_tricks: int, declarer_lost: int, defence_lost: int
) -> Feedback:
    """How many tricks declarer took, from the double-dummy tricks and each side's losses."""
    truth = tricks_taken(double_dummy_tricks, declarer_lost, defence_lost)
    why = _(
        "{start} − {lost} + {gained} = {result}: declarer's losses take tricks away, the "
        "defenders' losses give them back."
    ).format(start=double_dummy_tricks, lost=declarer_lost, gained=defence_lost, result=truth)
    tricks = read_whole_number(answer, example=("7", "5"))
    if tricks == truth:
        return correct(_("{tricks} tricks.").format(tricks=truth), why)
    return not_yet(_("not {answer}.").format(answer=tricks), why)


@checked
def check_lead_model_points(answer: object, level: int) -> Feedback:
    """The least high-card points the coach's lead model gives declarer and dummy together for
    a contract at ``level`` (1 to 7)."""
    if not is_count(level) or level not in SIDE_POINTS:
        raise CardlibError(
            _("{what} must be one of {choices}, got {value!r}").format(
                what="level", choices="1..7", value=level
            )
        )
    truth = SIDE_POINTS[level]
    why = _(
        "The model: 18 points at the one level, two more for each level up to 26 at the five "
        "level, 30 for a small slam and 33 for a grand slam; at level {level}, {points}."
    ).format(level=level, points=truth)
    points = read_whole_number(answer, example=("7", "5"))
    if points == truth:
        return correct(_("{points} points.").format(points=truth), why)
    return not_yet(_("not {answer}.").format(answer=points), why)


@checked
def check_against_par(answer: object, score: int, par: int) -> Feedback:
    """How many points a result ``score`` is above ``par`` (both for declarer's side; below par
    is negative)."""
    truth = score - par
    why = _("The result against par is the score minus par: {score} − ({par}) = {result}.").format(
        score=score, par=par, result=truth
    )
    points = read_whole_number(answer, example=("7", "5"))
    if points == truth:
        return correct(_("{points} points.").format(points=truth), why)
    return not_yet(_("not {answer}.").format(answer=points), why)


def quick_check(record: bool = True) -> QuickCheck:
    """Lesson 41's quick check: the losses sum, the lead's model, the result against par."""
    return QuickCheck(
        "41",
        [
            Question(
                _(
                    "Double dummy, declarer takes 9 tricks. Declarer's side gives away 2 tricks "
                    "in the play, the defenders 1. How many tricks does declarer take?"
                ),
                check_tricks_taken,
                {"double_dummy_tricks": 9, "declarer_lost": 2, "defence_lost": 1},
                "7",
                taught="Tricks given away add up to the result",
            ),
            Question(
                _(
                    "The contract is 4♥. In the coach's model of the auction, at least how many "
                    "high-card points do declarer and dummy hold between them?"
                ),
                check_lead_model_points,
                {"level": 4},
                "7",
                taught="The opening lead, from what the leader saw",
            ),
            Question(
                _(
                    "A contract went two down and scored −100 for declarer's side; par for that "
                    "side was −420 (the other side's 4♠ made). How many points above par is the "
                    "result?"
                ),
                check_against_par,
                {"score": -100, "par": -420},
                "7",
                taught="The contract against par",
            ),
        ],
        record=record,
    )
