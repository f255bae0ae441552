"""Lesson 08, Puzzles: whether a puzzle's position happened, and the lesson's quick check.

>>> from cardlib.puzzles.legal_play import puzzle
>>> happened(puzzle("medium", seed=4, number=0))
True
"""

from __future__ import annotations

from typing import Any

from cardlib.i18n import _
from cardlib.widgets.drill import Question, QuickCheck

NOTEBOOK = "08-puzzles"

#: The headings of the lesson its quick check's questions come from (English, as the notebook).
ITS_ANSWER = "Its answer"
LEVELS = "Levels follow the ladder"


def happened(puzzle: Any) -> bool:
    """Whether replaying the puzzle's deal (its calls and every card before the puzzle's turn)
    reaches exactly the puzzle's position: the same seat to play, hand and trick."""
    deal = puzzle.replay()
    return (
        deal.to_act == puzzle.seat
        and deal.hand(puzzle.seat) == set(puzzle.hand)
        and deal.trick == puzzle.trick
    )


def quick_check(record: bool = True) -> QuickCheck:
    """The lesson's practice questions: the cards a position allows, and the rule that decides."""
    from cardlib.exercises.checks import check_legal_plays, check_rule

    return QuickCheck(
        "08",
        [
            Question(
                _("You hold 7♠ Q♠ 3♦; the trick is K♥ 9♠. Which cards may you play?"),
                check_legal_plays,
                {"hand": "7S QS 3D", "trick": "KH 9S"},
                "3D",
                taught=ITS_ANSWER,
            ),
            Question(
                _("Same hand and trick: which step of the ladder decides? (a rule id)"),
                check_rule,
                {"hand": "7S QS 3D", "trick": "KH 9S"},
                "lead",
                taught=LEVELS,
            ),
            Question(
                _("You hold 2♠ 3♠ 7♦; the trick is K♥ 9♠. Which cards may you play?"),
                check_legal_plays,
                {"hand": "2S 3S 7D", "trick": "KH 9S"},
                "QS",
                taught=ITS_ANSWER,
            ),
        ],
        record=record,
    )


__all__ = ["NOTEBOOK", "happened", "quick_check"]
