"""An exam of its own: questions whose givens are drawn from a course secret, never the practice
notebooks' questions.

``python -m cardlib.exercises exam --secret TEXT --name exam-1`` calls :func:`write_exam`,
which writes into ``build/exam/``:

- ``source/exam-1/exam-1.ipynb``: the instructor notebook (solutions between nbgrader's markers,
  a locked check cell worth a point per question, exam mode): the course's ``source/`` folder;
- ``students/exam-1.ipynb``: the student version (no solutions), to hand out without nbgrader;
- ``key/exam-1-key.md``: the answer key, for the teacher only.

The questions are of the kinds the exercises teach (which cards you may play and the rule that
decides it, which card and which seat win a trick, a deal's score), asked with the same checks,
on hands, tricks, seats and calls drawn from the secret. The practice exercises explain every
answer of *their* questions; none of them is an exam question. The secret is stretched
(PBKDF2, :data:`ROUNDS` rounds) into a 256-bit seed, and nothing a student sees is made from it
but the givens: the exam is named by the teacher (``--name``), not by the secret. A secret shorter
than :data:`MIN_SECRET` characters, or one of the documentation's examples, is refused: a student
could try it.

In the student's kernel the exam's checks only record the answer
(:mod:`cardlib.exercises.recording`); the grader judges them with the real checks. The release
carries its identity (:func:`cardlib.exercises.release.release_digest`), which the grader checks.
The same secret, name and count always give the same bytes.
"""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from cardlib import callbreak
from cardlib.cards import DECK, SUIT_SYMBOLS, Card, cards_text
from cardlib.exercises.puzzle_sets import EXAMPLE_SECRETS, is_example_secret
from cardlib.exercises.release import stamp_release, student_version
from cardlib.puzzles.legal_play import STANDARD, puzzle, variant_text
from cardlib.tricks import trick_winner

#: PBKDF2 rounds that stretch the secret: trying a guessed secret costs a student this much.
ROUNDS = 400_000
#: The shortest secret accepted.
MIN_SECRET = 12
#: The questions of an exam, in order, by kind (each kind asked with its check).
KINDS = ("legal", "rule", "winner", "seat", "score")
DEFAULT_COUNT = 2  # questions of each kind
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
#: ``metadata.cardlib.made_by`` of an exam of its own (an exam site is built only from these).
MADE_BY = "cardlib.exercises.exam"


class ExamError(ValueError):
    """An exam the command cannot make: a weak secret, a bad name or count."""


def check_secret(secret: object) -> str:
    """The secret, if it is one a student cannot guess from the documentation or by trying short
    texts; else :class:`ExamError` saying why."""
    if not isinstance(secret, str):
        raise ExamError(f"the course secret must be text, got {type(secret).__name__}")
    if is_example_secret(secret):
        raise ExamError(
            "this secret is an example printed in cardlib's documentation: a student can try it. "
            "Choose text only you know."
        )
    if len(secret.strip()) < MIN_SECRET:
        raise ExamError(
            f"the course secret must be at least {MIN_SECRET} characters (got "
            f"{len(secret.strip())}): a short one can be found by trying"
        )
    return secret


def exam_seed(secret: str, name: str) -> int:
    """The exam's seed: 256 bits stretched from the secret and the exam's name (so ``exam-1``
    and ``exam-2`` of one course differ)."""
    check_secret(secret)
    key = hashlib.pbkdf2_hmac("sha256", secret.encode(), f"cardlib exam\0{name}".encode(), ROUNDS)
    return int.from_bytes(key, "big")


@dataclass(frozen=True)
class Question:
    """One exam question: the markdown asking it, the locked given cell (or ``""``), the answer's
    placeholder, the solution (Python source), the check call, and the key's line."""

    kind: str
    ask: str
    given: str
    placeholder: str
    solution: str
    check: str
    key: str


def _codes(cards) -> str:
    return " ".join(card.code for card in cards)


def _legal_question(rng: random.Random, kind: str) -> Question:
    level = rng.choice(("medium", "hard"))
    p = puzzle(level, rng.getrandbits(62), 0)
    given = (
        f'show_position("{_codes(p.hand)}", "{_codes(p.trick)}", {p.trick_seats}, seat={p.seat}, '
        f"variant={_variant_source(p.variant)}, tricks_played={p.tricks_played})"
    )
    givens = (
        f'"{_codes(p.hand)}", "{_codes(p.trick)}", {_variant_source(p.variant)}, '
        f"first_trick={p.first_trick}"
    )
    situation = f"{variant_text(p.variant).capitalize()}. {p.situation}"
    if kind == "legal":
        legal = _codes(sorted(p.legal, key=p.hand.index))
        return Question(
            kind,
            f"{situation} Which cards may you play? Give **every** one.",
            given,
            'the cards you may play, e.g. "JC AC"',
            f'"{legal}"',
            f"check_legal_plays(answer_{{i}}, {givens})",
            f"{cards_text(sorted(p.legal, key=p.hand.index))} ({p.rule})",
        )
    return Question(
        kind,
        f"{situation} Which rule decides what you may play here? Answer with its id "
        "(`follow-suit`, `must-beat`, `must-trump`, …).",
        given,
        'a rule id, e.g. "any-card"',
        f'"{p.rule}"',
        f"check_rule(answer_{{i}}, {givens})",
        p.rule,
    )


def _variant_source(variant: callbreak.Variant) -> str:
    if variant == STANDARD:
        return "STANDARD"
    return (
        f"Variant(no_spade_lead_first_trick={variant.no_spade_lead_first_trick}, "
        f"free_discard={variant.free_discard})"
    )


def _trick(rng: random.Random) -> tuple[Card, ...]:
    """Four cards of a trick where following, trumping and discarding all happen."""
    deck = [card for card in DECK]
    led_suit = rng.choice("HDC")
    led = rng.choice([card for card in deck if card.suit == led_suit])
    cards = [led]
    for _seat in range(3):
        roll = rng.random()
        if roll < 0.5:
            pool = [c for c in deck if c.suit == led_suit]
        elif roll < 0.75:
            pool = [c for c in deck if c.suit == "S"]
        else:
            pool = [c for c in deck if c.suit not in (led_suit, "S")]
        cards.append(rng.choice([c for c in pool if c not in cards]))
    return tuple(cards)


def _winner_question(rng: random.Random) -> Question:
    trick = _trick(rng)
    winner = trick[trick_winner(trick, "S", players=4)]
    return Question(
        "winner",
        f"A trick of Call Break (spades {SUIT_SYMBOLS['S']} are trump): "
        f"{cards_text(trick)}, in the order played. Which card wins it?",
        "",
        'the winning card, e.g. "JD"',
        f'"{winner.code}"',
        f'check_trick_winner(answer_{{i}}, "{_codes(trick)}")',
        str(winner),
    )


def _seat_question(rng: random.Random) -> Question:
    trick = _trick(rng)
    leader = rng.randrange(4)
    seat = (leader + trick_winner(trick, "S", players=4)) % 4
    return Question(
        "seat",
        f"Seat {leader} leads a trick of Call Break (spades are trump; play goes clockwise, "
        f"seats 0 to 3). The cards, in the order played: {cards_text(trick)}. Which seat wins "
        "the trick? Answer with its number.",
        "",
        "a seat number, e.g. 0",
        str(seat),
        f'check_trick_winner_seat(answer_{{i}}, "{_codes(trick)}", leader={leader})',
        f"seat {seat}",
    )


def _score_question(rng: random.Random) -> Question:
    call = rng.randint(1, 8)
    tricks = rng.randint(0, 13)
    points = Fraction(callbreak.score(call, tricks))
    text = str(points.numerator) if points.denominator == 1 else str(float(points))
    return Question(
        "score",
        f"A player called {call} and took {tricks} tricks, with modern scoring. What do they "
        'score for the deal? Answer exactly, as text such as `"1.5"` or a whole number.',
        "",
        'the points, e.g. "1.5"',
        f'"{text}"',
        f"check_score(answer_{{i}}, call={call}, tricks={tricks})",
        text,
    )


def questions(secret: str, name: str = "exam", count: int = DEFAULT_COUNT) -> list[Question]:
    """The exam's questions: ``count`` of each kind (:data:`KINDS`), drawn from the secret."""
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 10:
        raise ExamError(
            f"count must be a whole number of questions per kind, 1 to 10, got {count!r}"
        )
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise ExamError(
            f"the exam's name must be letters, digits, '-' or '_' (a folder name), got {name!r}"
        )
    check_secret(secret)
    return list(_questions(secret, name, count))


@lru_cache(maxsize=4)  # the notebook and the key ask for the same exam: stretch the secret once
def _questions(secret: str, name: str, count: int) -> tuple[Question, ...]:
    rng = random.Random(exam_seed(secret, name))
    made: list[Question] = []
    for kind in KINDS:
        for _number in range(count):
            if kind in ("legal", "rule"):
                made.append(_legal_question(rng, kind))
            elif kind == "winner":
                made.append(_winner_question(rng))
            elif kind == "seat":
                made.append(_seat_question(rng))
            else:
                made.append(_score_question(rng))
    return tuple(made)


def _nbgrader(grade_id: str, *, grade: bool = False, locked: bool = True, solution: bool = False):
    meta = {
        "grade": grade,
        "grade_id": grade_id,
        "locked": locked,
        "schema_version": 3,
        "solution": solution,
        "task": False,
    }
    if grade:
        meta["points"] = 1
    return meta


def _cell(make, cell_id: str, source: str, nbgrader: dict | None = None):
    cell = make(source)
    cell.id = cell_id  # fixed ids: the same exam gives the same bytes
    if nbgrader is not None:
        cell.metadata["nbgrader"] = nbgrader
    return cell


def exam_notebook(
    secret: str, name: str = "exam", count: int = DEFAULT_COUNT
) -> nbformat.NotebookNode:
    """The instructor notebook of an exam (solutions between nbgrader's markers, exam mode)."""
    asked = questions(secret, name, count)
    cells = [
        _cell(
            new_markdown_cell,
            "title",
            f"# Exam: {name}\n\n{len(asked)} questions on Call Break's rules: what you may play, "
            "who wins a trick, what a deal scores. Each is worth a point when fully right.",
        ),
        _cell(
            new_markdown_cell,
            "how",
            "## How to answer\n\nRun the notebook from the top. For each question, replace the "
            "`None` after `answer_N =` with your answer and run the check cell under it: it "
            "shows the answer it **recorded**, never whether it is right. Your verdict comes "
            'with your feedback after grading. Cards are text like `"KH 10S 2C"` (rank, then '
            "suit letter S H D C or symbol ♠ ♥ ♦ ♣).",
        ),
        _cell(
            new_code_cell,
            "mode",
            'from cardlib.exercises.recording import exercise_mode\n\nexercise_mode("exam")',
            _nbgrader("mode"),
        ),
        _cell(
            new_code_cell,
            "setup",
            "from cardlib.callbreak import STANDARD, Variant\n"
            "from cardlib.exercises.recording import (\n"
            "    check_legal_plays,\n    check_rule,\n    check_score,\n"
            "    check_trick_winner,\n    check_trick_winner_seat,\n)\n"
            "from cardlib.puzzles.legal_play import show_position",
            _nbgrader("setup"),
        ),
    ]
    for i, question in enumerate(asked, start=1):
        cells.append(_cell(new_markdown_cell, f"q{i}", f"## Question {i}\n\n{question.ask}"))
        if question.given:
            cells.append(
                _cell(new_code_cell, f"q{i}-given", question.given, _nbgrader(f"q{i}-given"))
            )
        cells.append(
            _cell(
                new_code_cell,
                f"q{i}-answer",
                f"answer_{i} = None  # {question.placeholder}\n### BEGIN SOLUTION\n"
                f"answer_{i} = {question.solution}\n### END SOLUTION",
                _nbgrader(f"q{i}-answer", locked=False, solution=True),
            )
        )
        cells.append(
            _cell(
                new_code_cell,
                f"q{i}-check",
                question.check.replace("{i}", str(i)),
                _nbgrader(f"q{i}-check", grade=True),
            )
        )
    notebook = new_notebook(cells=cells)
    notebook.metadata.update(
        {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        }
    )
    notebook.metadata["cardlib"] = {"made_by": MADE_BY}  # an exam of its own (the site checks)
    return stamp_release(notebook, "exam")


def exam_key(secret: str, name: str = "exam", count: int = DEFAULT_COUNT) -> str:
    """The exam's answer key, as Markdown (for the teacher only)."""
    lines = [f"# Answer key: {name}", "", "For the teacher only.", ""]
    for i, question in enumerate(questions(secret, name, count), start=1):
        lines.append(f"{i}. ({question.kind}) {question.key}")
    return "\n".join(lines) + "\n"


def write_exam(
    secret: str, name: str = "exam", out: str | Path = "build/exam", count: int = DEFAULT_COUNT
) -> list[Path]:
    """Write the exam's instructor notebook, student version and key under ``out``; return the
    paths written."""
    instructor = exam_notebook(secret, name, count)
    out = Path(out)
    source = out / "source" / name / f"{name}.ipynb"
    student = out / "students" / f"{name}.ipynb"
    key = out / "key" / f"{name}-key.md"
    for path in (source, student, key):
        path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(instructor, source)
    nbformat.write(student_version(instructor, "exam"), student)
    key.write_text(exam_key(secret, name, count), encoding="utf-8")
    return [source, student, key]


__all__ = [
    "EXAMPLE_SECRETS",
    "KINDS",
    "MIN_SECRET",
    "ROUNDS",
    "ExamError",
    "Question",
    "check_secret",
    "exam_key",
    "exam_notebook",
    "exam_seed",
    "questions",
    "write_exam",
]
