"""Graded exercises: checks that give a student immediate, honest feedback.

Each check takes the student's answer first and the question's givens after it, works the truth
out with the engine, and returns a :class:`Feedback`: correct or not yet, the reason in the game's
terms (for a set of cards: which were right, which missing, which not allowed, and the rule
sentence) and partial credit. A check never raises for a student's answer, whatever its type.

>>> from cardlib.exercises import check_legal_plays
>>> check_legal_plays("3H", hand="3H KH 2S", trick="QH")
✗ Not yet: the cards you may play are not quite these.
Missing: K♥ — allowed too
Not allowed: 3♥
Why: Hearts were led and Q♥ is highest; you hold K♥, which beats it, so you must play K♥.

``exercise_mode("practice")``, ``"homework"`` (``"graded"``) or ``"exam"`` (the locked first cell
of an exercise notebook) decides how much a wrong answer is told; the verdict and the grade never
change. The grade is judged again outside the student's kernel from the answer each check
reports (:mod:`cardlib.exercises.grading`, an nbgrader preprocessor).

Instructor notebooks live in ``exercises/``; ``python -m cardlib.exercises release`` writes the
student versions (see :mod:`cardlib.exercises.release` and ``exercises/README.md``).

The names are loaded when first used (:pep:`562`), so importing a module of this package does not
load the checks: an exam's kernel (:mod:`cardlib.exercises.recording`) never holds them."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardlib.exercises.checks import (
        check_best_call,
        check_best_play,
        check_card,
        check_dealer,
        check_expected_score,
        check_first_player,
        check_hand_size,
        check_legal_plays,
        check_order,
        check_rule,
        check_score,
        check_scores,
        check_suit_count,
        check_total,
        check_trick_winner,
        check_trick_winner_seat,
    )
    from cardlib.exercises.feedback import (
        AnswerError,
        Feedback,
        checked,
        compare_card_sets,
        correct,
        current_mode,
        exercise_mode,
        fraction_text,
        not_yet,
        note_solved,
        read_card,
        read_cards,
        read_points,
        read_seat,
        read_whole_number,
    )

_CHECKS = "cardlib.exercises.checks"
_FEEDBACK = "cardlib.exercises.feedback"
#: Where each public name lives.
_HOMES = {
    "check_best_call": _CHECKS,
    "check_best_play": _CHECKS,
    "check_card": _CHECKS,
    "check_dealer": _CHECKS,
    "check_expected_score": _CHECKS,
    "check_first_player": _CHECKS,
    "check_hand_size": _CHECKS,
    "check_legal_plays": _CHECKS,
    "check_order": _CHECKS,
    "check_rule": _CHECKS,
    "check_score": _CHECKS,
    "check_scores": _CHECKS,
    "check_suit_count": _CHECKS,
    "check_total": _CHECKS,
    "check_trick_winner": _CHECKS,
    "check_trick_winner_seat": _CHECKS,
    "AnswerError": _FEEDBACK,
    "Feedback": _FEEDBACK,
    "checked": _FEEDBACK,
    "compare_card_sets": _FEEDBACK,
    "correct": _FEEDBACK,
    "current_mode": _FEEDBACK,
    "exercise_mode": _FEEDBACK,
    "fraction_text": _FEEDBACK,
    "not_yet": _FEEDBACK,
    "note_solved": _FEEDBACK,
    "read_card": _FEEDBACK,
    "read_cards": _FEEDBACK,
    "read_points": _FEEDBACK,
    "read_seat": _FEEDBACK,
    "read_whole_number": _FEEDBACK,
}


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value
    return value


__all__ = [
    "AnswerError",
    "Feedback",
    "check_best_call",
    "check_best_play",
    "check_card",
    "check_dealer",
    "check_expected_score",
    "check_first_player",
    "check_hand_size",
    "check_legal_plays",
    "check_order",
    "check_rule",
    "check_score",
    "check_scores",
    "check_suit_count",
    "check_total",
    "check_trick_winner",
    "check_trick_winner_seat",
    "checked",
    "compare_card_sets",
    "correct",
    "current_mode",
    "exercise_mode",
    "fraction_text",
    "not_yet",
    "note_solved",
    "read_card",
    "read_cards",
    "read_points",
    "read_seat",
    "read_whole_number",
]
