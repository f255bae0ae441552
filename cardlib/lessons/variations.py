"""Lesson 07, Variations: the switches of ``callbreak.Variant``, side-by-side pictures, the
outcome of one deal under each variation, and the quick check.

>>> len(switches()), "redeal_no_spade" in switches() and "redeal_no_face_card" in switches()
(8, True)
>>> calling_order(callbreak.Variant(anticlockwise=True))
['East (3)', 'North (2)', 'West (1)', 'South (0)']
"""

from __future__ import annotations

from dataclasses import fields
from fractions import Fraction
from math import comb
from typing import Any

from cardlib import callbreak
from cardlib.bots import SensibleBot, play_out
from cardlib.draw.svg import Html, cards_html
from cardlib.errors import CardlibError
from cardlib.i18n import _
from cardlib.seats import seat_label
from cardlib.widgets.drill import Question, QuickCheck

NOTEBOOK = "07-variations"

#: The headings of the lesson its quick check's questions come from (English, as the notebook).
OLD_SCORING = "1. Old Call Bridge scoring"
NO_SPADE_LEAD = "3. No spade lead on the first trick"
FREE_DISCARD = "4. Free discard when you cannot over-trump"


def switches() -> list[str]:
    """The names of the switches of :class:`cardlib.callbreak.Variant`, in order. One house
    rule can take two switches: the redeal has one for a hand with no spade and one for a hand
    with no face card."""
    return [f.name for f in fields(callbreak.Variant)]


def side_by_side(left: object, right: object, left_title: str = "", right_title: str = "") -> Html:
    """Two HTML or SVG pieces in two columns, each under its title ("standard" and
    "variation" unless given)."""
    cell = '<td style="vertical-align:top;text-align:left;padding-right:24px">'
    return Html(
        f"<table><tr><th>{left_title or _('standard')}</th><th>{right_title or _('variation')}"
        f"</th></tr><tr>{cell}{left}</td>{cell}{right}</td></tr></table>"
    )


def explanation_block(explanation: Any) -> str:
    """The rule id, its sentence and the legal cards, as HTML."""
    legal, label = cards_html(explanation.legal, sort=True), _("Legal:")
    return f"<b>{explanation.rule}</b>: {explanation.text}<br>{label} {legal}"


def score_row(call: int, variant: callbreak.Variant, tricks: Any = range(14)) -> str:
    """One row of scores for ``call`` under ``variant``, as an HTML table."""
    head = "".join(f"<th>{t}</th>" for t in tricks)
    cells = "".join(
        f"<td>{callbreak.format_points(callbreak.score(call, t, variant))}</td>" for t in tricks
    )
    call_head, tricks_head = _("call {call}").format(call=call), _("tricks")
    return (
        f"<table><tr><th>{tricks_head}</th>{head}</tr><tr><th>{call_head}</th>{cells}</tr></table>"
    )


def first_leader_with_spades(
    variant: callbreak.Variant, seeds: range = range(1, 100)
) -> callbreak.Deal:
    """The first seeded deal, called by sensible bots, whose first leader holds a spade and
    another suit (in its playing phase)."""
    bot = SensibleBot()
    for seed in seeds:
        deal = callbreak.Deal(seed=seed, variant=variant)
        while deal.phase == "calling":
            deal.call(bot.choose_call(deal))
        leader = deal.to_act
        assert leader is not None  # called, not played: the first leader is to play
        hand = deal.hand(leader)
        if any(c.suit == "S" for c in hand) and any(c.suit != "S" for c in hand):
            return deal
    raise CardlibError(
        _("no deal among seeds {seeds} has a first leader with a spade and another suit").format(
            seeds=f"{seeds.start}..{seeds.stop - 1}"
        ),
        "seeds",
    )


def no_face_deal_chance() -> Fraction:
    """The exact chance that some hand of a deal holds no jack, queen, king or ace.

    Inclusion and exclusion over the seats: two such hands at once are possible, three are not
    (there are only 36 cards below the jack).

    >>> round(float(no_face_deal_chance()), 4)
    0.0146
    """
    one_hand = Fraction(comb(36, 13), comb(52, 13))
    two_hands = Fraction(comb(36, 13) * comb(23, 13), comb(52, 13) * comb(39, 13))
    return 4 * one_hand - 6 * two_hands


def calling_order(variant: callbreak.Variant) -> list[str]:
    """The seats that call, in turn, when four sensible bots call a deal South deals."""
    deal = callbreak.Deal(seed=1, dealer=0, variant=variant)
    order = []
    while deal.phase == "calling":
        assert deal.to_act is not None  # someone is to call while the calling lasts
        order.append(seat_label(deal.to_act))
        deal.call(SensibleBot().choose_call(deal))
    return order


def dealers(variant: callbreak.Variant) -> list[str]:
    """The dealer of each deal of a match played out by four sensible bots, South first."""
    match = callbreak.Match(seed=1, dealer=0, variant=variant)
    while match.phase != "over":
        if match.phase == "deal-over":
            match.next_deal()
        play_out(match.deal, [SensibleBot()] * 4)
    return [seat_label(deal.dealer) for deal in match.deals]


def deal_outcome(seed: int, variant: callbreak.Variant) -> tuple:
    """Calls, tricks and scores of a seeded deal played out by four sensible bots."""
    deal = callbreak.Deal(seed=seed, variant=variant)
    play_out(deal, [SensibleBot()] * 4)
    return deal.calls, deal.tricks_won, tuple(callbreak.format_points(p) for p in deal.scores())


def outcome_table(seed: int, variations: dict[str, callbreak.Variant]) -> Html:
    """One row per variation (by name): calls / tricks → score, by seat."""
    rows = []
    for name, variant in variations.items():
        calls, won, scores = deal_outcome(seed, variant)
        cells = "".join(
            f"<td>{c}/{t} → {p}</td>" for c, t, p in zip(calls, won, scores, strict=True)
        )
        rows.append(f"<tr><th>{name}</th>{cells}</tr>")
    head = "".join(f"<th>{seat_label(s)}</th>" for s in range(4))
    rules = _("rules")  # outside the f-string, where pybabel reads it
    return Html(f"<table><tr><th>{rules}</th>{head}</tr>{''.join(rows)}</table>")


def quick_check(record: bool = True) -> QuickCheck:
    """The lesson's practice questions: old scoring twice, and the first-trick spade lead."""
    from cardlib.exercises.checks import check_legal_plays, check_score

    old = callbreak.Variant(old_scoring=True)
    return QuickCheck(
        "07",
        [
            Question(
                _("Old scoring: you call 4 and take 6 tricks. Your points?"),
                check_score,
                {"call": 4, "tricks": 6, "variant": old},
                "3.0",
                taught=OLD_SCORING,
            ),
            Question(
                _("Old scoring: you call 4 and take 5 tricks. Your points?"),
                check_score,
                {"call": 4, "tricks": 5, "variant": old},
                "3.0",
                taught=OLD_SCORING,
            ),
            Question(
                _("No spade lead on trick 1: you lead it from A♠ K♠ 2♥ 5♦. Which may you lead?"),
                check_legal_plays,
                {
                    "hand": "AS KS 2H 5D",
                    "first_trick": True,
                    "variant": callbreak.Variant(no_spade_lead_first_trick=True),
                },
                "AS",
                taught=NO_SPADE_LEAD,
            ),
            Question(
                _(
                    "Free discard: clubs were led, 9♠ has trumped, and you hold 5♠ A♥ 7♥ and "
                    "no clubs. Which may you play?"
                ),
                check_legal_plays,
                {
                    "hand": "5S AH 7H",
                    "trick": "KC 9S",
                    "variant": callbreak.Variant(free_discard=True),
                },
                "5S",
                taught=FREE_DISCARD,
            ),
        ],
        record=record,
    )


__all__ = [
    "NOTEBOOK",
    "calling_order",
    "deal_outcome",
    "dealers",
    "explanation_block",
    "first_leader_with_spades",
    "no_face_deal_chance",
    "outcome_table",
    "quick_check",
    "score_row",
    "side_by_side",
    "switches",
]
