"""Graded exercises: checks that give a student immediate, honest feedback.

Each check takes the student's answer first and the question's givens after it, works the truth
out with the engine, and returns a :class:`Feedback`: correct or not yet, the reason in the game's
terms (for a set of cards: which were right, which missing, which not allowed, and the rule
sentence) and partial credit. A check never raises for a student's answer, whatever its type.

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
"""

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
