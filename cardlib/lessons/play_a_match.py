"""Lesson 06, *Play a match*: the machinery behind its demonstrations, and its quick check.

The lesson seats the learner at the card table (:class:`~cardlib.widgets.table.CardTable`)
for a match of five deals, the first of them guided (``guided=True``). Its demonstrations
drive other tables of the same seed from code, pressing the same buttons a learner presses:
a careless South who always plays the first raised card, a careful one who plays what the
sensible bot would, a whole match for each, its score sheet and its places.

>>> from cardlib.widgets.table import CardTable
>>> table = CardTable("callbreak", seed=SEED, speed="instant")
>>> finish_match(table, first_legal)[0]
Decimal('-12.0')
>>> standings(table.match)["You (South, seat 0)"]
'4th'
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from cardlib.bots import SensibleBot
from cardlib.draw.svg import Html
from cardlib.draw.tables import table_html
from cardlib.exercises.checks import (
    check_dealer,
    check_first_player,
    check_legal_plays,
    check_total,
)
from cardlib.i18n import _
from cardlib.match import places
from cardlib.widgets.drill import Question, QuickCheck
from cardlib.widgets.table_controller import place_text, seat_label

NOTEBOOK = "06-play-a-match"
#: The lesson's match: the learner's table and every table driven from code deal from it.
SEED = 2052

#: How one of the lesson's Souths chooses a card: the code of a card of the table's hand.
Chooser = Callable[[Any], str]


def cards_allowed(table: Any) -> list[str]:
    """The codes of the raised cards of the hand the table shows (the ones the rules allow),
    in the order the hand is shown (♠ ♥ ♣ ♦, high first); none when no card is due."""
    return [card["code"] for card in table.state["hand"] if card["legal"]]


def cards_not_allowed(table: Any) -> list[str]:
    """The codes of the dimmed cards of the hand the table shows, in the order shown: a wrong
    try, while it is the learner's turn to play."""
    return [card["code"] for card in table.state["hand"] if not card["legal"]]


def first_legal(table: Any) -> str:
    """The careless South's card: the first raised card, in the order the hand is shown."""
    return cards_allowed(table)[0]


def like_the_bot(table: Any) -> str:
    """The careful South's card: the one a sensible bot would play in South's seat."""
    return SensibleBot().choose_play(table.deal).code


def play_deal(table: Any, choose: Chooser) -> None:
    """Press buttons until the deal is over: the sensible bot's call, then ``choose``'s cards."""
    while table.state["end"] is None:
        if table.state["calls"]:
            table.click_call(SensibleBot().choose_call(table.deal))
        else:
            table.click_card(choose(table))


def finish_match(table: Any, choose: Chooser) -> tuple[Decimal, ...]:
    """Play every deal of the match (:func:`play_deal`), pressing Next deal in between; the
    match's totals, by seat."""
    while True:
        play_deal(table, choose)
        if table.match.phase == "over":
            return tuple(table.match.totals())
        table.click_next()


def scoreboard(match: Any) -> Html:
    """Each finished deal (call/tricks → points, by seat), then the match totals."""
    rows: list[list[Any]] = [
        [number]
        + [
            f"{call}/{won} → {points:.1f}"  # Call Break's points: tenths
            for call, won, points in zip(deal.calls, deal.tricks_won, deal.scores(), strict=True)
        ]
        for number, deal in enumerate(match.deals, start=1)
        if deal.phase == "over"
    ]
    rows.append([_("total"), *(f"{total:.1f}" for total in match.totals())])
    seats = [seat_label(seat) for seat in range(4)]
    return table_html([_("deal"), *seats], rows, caption=_("call/tricks → points"))


def standings(match: Any) -> dict[str, str]:
    """Each seat's place at the end of the match, as the table says it ("1st", "2nd (tied)"):
    by total, tied totals (compared exactly) sharing a place, the next place skipped."""
    placed = places(match.totals())
    return {
        seat_label(seat): place_text(place, tied=placed.count(place) > 1)
        for seat, place in enumerate(placed)
    }


def quick_check(record: bool = True) -> QuickCheck:
    """Lesson 06's quick check: how a match runs (the dealer, the first call, a running total)
    and what the guided deal showed (which cards the rules allow)."""
    return QuickCheck(
        "06",
        [
            Question(
                _("North (2) deals the first deal. Who deals the third?"),
                check_dealer,
                {"first_dealer": 2, "deal_number": 3},
                _("East"),
                taught="How a match runs",
            ),
            Question(
                _("East (3) deals. Which seat calls first?"),
                check_first_player,
                {"dealer": 3},
                _("West"),
                taught="How a match runs",
            ),
            Question(
                _(
                    "Hearts were led: Q♥. You hold 10♥, K♥, A♥, 3♠ and 2♦. Which cards may "
                    "you play? Name every one."
                ),
                check_legal_plays,
                {"hand": "TH KH AH 3S 2D", "trick": "QH"},
                "J♣ 4♣",
                taught="Your first deal, guided",
            ),
            Question(
                _("Deal 1: call 6, take 5. Deal 2: call 3, take 4. Your total?"),
                check_total,
                {"calls": [6, 3], "tricks": [5, 4]},
                "1.0",
                taught="How a match runs",
            ),
        ],
        record=record,
    )


__all__ = [
    "NOTEBOOK",
    "SEED",
    "cards_allowed",
    "cards_not_allowed",
    "finish_match",
    "first_legal",
    "like_the_bot",
    "play_deal",
    "quick_check",
    "scoreboard",
    "standings",
]
