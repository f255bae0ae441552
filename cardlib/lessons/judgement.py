"""Lesson 10, Judgement: the small tables and helpers the lesson shows, and its quick check.

- :func:`out_of_play`: how many cards stay undealt;
- :func:`everyone_exact` and :func:`bot_rounds`: the hook at work over many rounds;
- :func:`dealer_choices`: the dealer's allowed bids for a total bid before;
- :func:`score_lines`: Judgement's score against Call Break's, on one scale;
- :func:`lowest_legal` and :func:`play_round`: the card table driven from code, as a learner
  presses its buttons;
- :func:`quick_check`: four questions on the lesson.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from cardlib import callbreak, judgement
from cardlib.bots import SensibleJudgementBot, play_out
from cardlib.cards import parse_card
from cardlib.i18n import _

if TYPE_CHECKING:
    from cardlib.widgets.drill import QuickCheck

NOTEBOOK = "10-judgement"


def out_of_play(players: int, cards: int) -> int:
    """How many cards stay undealt when each of ``players`` gets ``cards``.

    >>> out_of_play(4, 7), out_of_play(7, 7)
    (24, 3)
    """
    return 52 - players * cards


def everyone_exact(round_: judgement.Round) -> bool:
    """Whether every player took exactly the tricks they bid."""
    return round_.bids == round_.tricks_won


def bot_rounds(players: int = 5, seeds: int = 200) -> list[judgement.Round]:
    """Rounds played out by sensible bots: seed ``s`` plays round ``1 + s % 8``."""
    bots = [SensibleJudgementBot()] * players
    rounds = []
    for seed in range(seeds):
        round_ = judgement.Round(players=players, number=1 + seed % 8, seed=seed)
        play_out(round_, bots)
        rounds.append(round_)
    return rounds


def dealer_choices(cards: int, total: int) -> tuple[int, ...]:
    """The dealer's allowed bids (four players) when the earlier bids add up to ``total``.

    >>> dealer_choices(3, 2), dealer_choices(1, 0), dealer_choices(1, 2)
    ((0, 2, 3), (0,), (0, 1))
    """
    # The total, split into earlier bids of at most `cards` each.
    earlier = [min(cards, total - k * cards) for k in range(-(-total // cards))]
    return judgement.legal_bids(cards, earlier, is_dealer=True)


def score_lines(bid: int, tricks: Iterable[int] = range(8)) -> dict[str, dict[int, Any]]:
    """Score of ``bid`` against tricks taken, in both games (Judgement's points ÷ 10)."""
    tricks = list(tricks)
    return {
        _("Call Break, call {bid}").format(bid=bid): {t: callbreak.score(bid, t) for t in tricks},
        _("Judgement, bid {bid} (points ÷ 10)").format(bid=bid): {
            t: Fraction(judgement.score(bid, t), 10) for t in tricks
        },
    }


def lowest_legal(table: Any) -> str:
    """The code of the card table's raised card of lowest rank (the first in the hand's order
    on a tie)."""
    raised = [parse_card(card["code"]) for card in table.state["hand"] if card["legal"]]
    return min(raised, key=lambda card: card.rank).code


def play_round(table: Any, bid: int) -> None:
    """Press the bid button ``bid`` on a card table, then the lowest raised card until the
    round is over."""
    table.click_call(bid)
    while table.state["end"] is None:
        table.click_card(lowest_legal(table))


def quick_check(record: bool = True) -> QuickCheck:
    """Four questions on lesson 10: the hook and exact scoring."""
    from cardlib.exercises.judgement import (
        check_dealer_bids,
        check_hooked_bid,
        check_round_score,
    )
    from cardlib.widgets.drill import Question, QuickCheck

    return QuickCheck(
        "10",
        [
            Question(
                _(
                    "Five cards each; the others bid 1, 2 and 0. Which bid may the dealer not "
                    'make? (If none, write "none".)'
                ),
                check_hooked_bid,
                {"cards": 5, "earlier_bids": [1, 2, 0]},
                "4",
                taught="Bidding, and the hook",
            ),
            Question(
                _("You bid 2 and take 2 tricks. Your points?"),
                check_round_score,
                {"bid": 2, "tricks": 2},
                "5",
                taught="Scoring: exact or nothing",
            ),
            Question(
                _("You bid 2 and take 3 tricks. Your points?"),
                check_round_score,
                {"bid": 2, "tricks": 3},
                "5",
                taught="Scoring: exact or nothing",
            ),
            Question(
                _("Three cards each; the others bid 1, 1 and 0. Which bids may the dealer make?"),
                check_dealer_bids,
                {"cards": 3, "earlier_bids": [1, 1, 0]},
                "0 3",
                taught="Bidding, and the hook",
            ),
        ],
        record=record,
    )
