"""Lesson 05, A worked deal: the table of every trick, the chhota example's tricks, the quick check.

>>> from cardlib import callbreak
>>> from cardlib.history import replay
>>> chhota = callbreak.Deal.from_hands(CHHOTA_HANDS, dealer=3, calls=[4, 5, 1, 2])
>>> play_to(chhota, CHHOTA_TRICKS, 52)
>>> chhota.tricks_won[0], chhota.scores()[0]
(5, Decimal('4.1'))
>>> forced_and_restricted(replay(chhota))[0] <= forced_and_restricted(replay(chhota))[1]
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from cardlib.cards import parse_cards
from cardlib.draw.svg import Html, cards_html
from cardlib.history import Play
from cardlib.i18n import _
from cardlib.seats import seat_label
from cardlib.widgets.drill import Question, QuickCheck

NOTEBOOK = "05-a-worked-deal"

#: The headings of the lesson its quick check's questions come from (English, as the notebook).
THE_DEAL = "The deal"
TRICK_8 = "A closer look: trick 8"
SCORE_LINE = "The score line"

#: The chhota example of the original rules, rebuilt as a deal (South, West, North, East).
CHHOTA_HANDS = [
    "AS KS 2S AH KH 3H KD 7D 6D 5D 4D 3D 2D",  # South (you): calls 4
    "QS JS TS 9S 8S 7S 3S TH 8H 4H 2H QD 8D",  # West
    "6S 5S 4S JH 7H 5H JD 9D AC 9C 6C 5C 4C",  # North
    "QH 9H 6H AD TD KC QC JC TC 8C 7C 3C 2C",  # East
]


#: Its thirteen tricks, each in playing order from its leader.
CHHOTA_TRICKS = [
    "AS 3S 4S 2C",  # 1  South leads the top spades...
    "KS 7S 5S 3C",  # 2  ...East has none and discards
    "AH 2H 5H 6H",  # 3
    "2D 8D 9D AD",  # 4  each must beat the diamond before, if able; East wins
    "QH KH 4H 7H",  # 5  the queen is on the table: K♥ is forced
    "3H 8H JH 9H",  # 6  North wins and will lead clubs
    "6C 7C 2S 9S",  # 7  no clubs: 2♠ forced; West over-trumps with 9♠
    "QD JD TD KD",  # 8  K♦ is forced too, and wins: South's fifth trick
    "3D 8S 6S 8C",  # 9
    "TH 4C TC 4D",  # 10
    "QS 5C JC 5D",  # 11
    "JS 9C QC 6D",  # 12
    "TS AC KC 7D",  # 13
]


def play_to(deal: Any, tricks: Sequence[str], count: int) -> None:
    """Play the cards of ``tricks`` (each trick's cards in playing order) until ``count`` cards
    of the deal are on the table or taken; the engine checks every card as it is played."""
    cards = parse_cards(" ".join(tricks))
    while 4 * len(deal.tricks) + len(deal.trick) < count:
        deal.play(cards[4 * len(deal.tricks) + len(deal.trick)])


def forced_and_restricted(plays: Iterable[Play]) -> tuple[int, int]:
    """How many cards a rule *forced* (left exactly one, the last card of a hand not counted:
    :attr:`cardlib.history.Play.forced`) and how many it *restricted* (narrowed the choice at
    all, the forced ones included)."""
    plays = list(plays)
    return sum(p.forced for p in plays), sum(p.restricted for p in plays)


def _play_cell(play: Play) -> str:
    """A seat and its card, coloured, with the rule that forced (!) or narrowed it."""
    text = f"{seat_label(play.seat)}: {cards_html([play.card])}"
    if play.forced:
        return f"{text} <b>{play.rule}!</b>"
    if play.restricted:
        return f"{text} <small>{play.rule}</small>"
    return text


def trick_table(plays: Iterable[Play]) -> Html:
    """Every trick of a deal, one row each: its cards in the order played (each with the rule
    that forced **!** or narrowed it), and the winner."""
    plays = list(plays)
    head = "".join(f"<th>{n}</th>" for n in (_("led"), _("2nd"), _("3rd"), _("4th")))
    rows = []
    for number in sorted({p.trick_number for p in plays}):
        in_order = sorted((p for p in plays if p.trick_number == number), key=lambda p: p.position)
        cells = "".join(f"<td>{_play_cell(p)}</td>" for p in in_order)
        winner = next((p.winner for p in in_order if p.winner is not None), None)
        won = "" if winner is None else seat_label(winner)
        rows.append(f"<tr><td>{number}</td>{cells}<td>{won}</td></tr>")
    trick, winner_head = _("trick"), _("winner")  # outside the f-string: pybabel reads them
    return Html(
        f"<table><tr><th>{trick}</th>{head}<th>{winner_head}</th></tr>{''.join(rows)}</table>"
    )


def quick_check(record: bool = True) -> QuickCheck:
    """The lesson's practice questions: who calls first, a trick's winner, a score, a total."""
    from cardlib.exercises.checks import (
        check_first_player,
        check_score,
        check_total,
        check_trick_winner_seat,
    )

    return QuickCheck(
        "05",
        [
            Question(
                _("South (seat 0) deals. Which seat calls first?"),
                check_first_player,
                {"dealer": 0},
                "North",
                taught=THE_DEAL,
            ),
            Question(
                _("North (2) led 10♣; then came Q♣, 4♠ and A♣. Which seat won the trick?"),
                check_trick_winner_seat,
                {"trick": "TC QC 4S AC", "leader": 2},
                "West",
                taught=TRICK_8,
            ),
            Question(
                _("You call 3 and take 5 tricks. Your points?"),
                check_score,
                {"call": 3, "tricks": 5},
                "3.0",
                taught=SCORE_LINE,
            ),
            Question(
                _("Three deals: call 2 take 2, call 5 take 4, call 3 take 5. Your total?"),
                check_total,
                {"calls": [2, 5, 3], "tricks": [2, 4, 5]},
                "1.0",
                taught=SCORE_LINE,
            ),
        ],
        record=record,
    )


__all__ = [
    "CHHOTA_HANDS",
    "CHHOTA_TRICKS",
    "NOTEBOOK",
    "forced_and_restricted",
    "play_to",
    "quick_check",
    "trick_table",
]
