"""No answer in any text: every graded question's answer is worked out (the solution, checked
right by its own check), then searched for in the README, docs/, exercises/README.md and the
released notebooks, in every block (a paragraph, a fenced code block, a notebook cell) that also
holds the question's givens. A block that holds both gives the answer away: the README once
printed ``callbreak.score(4, 6), callbreak.score(3, 2)`` with their results, exercise 4's answers
to questions 2 and 3 (the test below shows the search finds it)."""

from __future__ import annotations

import ast
import re
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from cardlib.cards import Card, cards_text, parse_cards
from cardlib.exercises.feedback import fraction_text
from cardlib.exercises.release import student_version

sys.path.insert(0, str(Path(__file__).parent))
from test_exercises_agreement import NOTEBOOKS, _questions

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _no_mode_left_behind():
    """Running the notebooks' mode cells here sets this process's mode: leave none behind."""
    from cardlib.exercises import feedback

    yield
    feedback._mode = None


def _as_cards(text: str) -> list[Card] | None:
    try:
        return parse_cards(text) if text.strip() else None
    except ValueError:
        return None


def _forms(value) -> list[str]:
    """The ways a text could write ``value``: cards by code and by symbol, numbers exactly."""
    if isinstance(value, Card):
        return [value.code, str(value)]
    if isinstance(value, str):
        cards = _as_cards(value)
        if cards:
            return [" ".join(c.code for c in cards), cards_text(cards)]
        return [value]
    if isinstance(value, bool):
        return [str(value)]
    if isinstance(value, int | Decimal | Fraction):
        number = Fraction(value)
        forms = {fraction_text(number), str(value)}
        if number.denominator == 1:
            forms.add(str(number.numerator))
        return sorted(forms | {form.replace("-", "−") for form in forms})
    return [repr(value)]


def _word(form: str) -> str:
    return r"(?<![\w.♠♥♦♣])" + re.escape(form) + r"(?![\w♠♥♦♣]|\.\d)"


def _distinctive(value) -> bool:
    """Whether an answer, written, stands out of a text: a number with tenths, below 0 or above
    13, or two cards or more (a seat, one card or a trick count is in every paragraph)."""
    if isinstance(value, str):
        cards = _as_cards(value)
        if cards is not None:
            return len(cards) >= 2
        try:
            value = Fraction(value.replace("−", "-"))
        except ValueError:
            return False
    if isinstance(value, bool) or not isinstance(value, int | Decimal | Fraction):
        return False
    number = Fraction(value)
    return number.denominator != 1 or not 0 <= number <= 13


def _answer_patterns(solution) -> list[list[str]] | None:
    """Alternatives of sets of patterns, each set all present when the answer is written;
    ``None`` for an answer too plain to search for."""
    if isinstance(solution, list | tuple | set) and not all(isinstance(v, Card) for v in solution):
        if not any(_distinctive(item) for item in solution):
            return None
        return [[_word(_forms(item)[0]) for item in solution]]
    if isinstance(solution, list | tuple | set):  # cards
        solution = " ".join(card.code for card in sorted(solution))
    if not _distinctive(solution):
        return None
    return [[_word(form)] for form in _forms(solution)]


def _givens(check: str) -> list[str] | None:
    """Patterns for the literal givens of a check call (``None`` when computed in the notebook:
    those questions' givens are not written in any text)."""
    call = ast.parse(check).body[-1].value
    values = [
        ast.literal_eval(arg)
        for arg in [*call.args[1:], *(k.value for k in call.keywords)]
        if not isinstance(arg, ast.Name | ast.Call | ast.Attribute | ast.Starred)
    ]
    if len(values) < len(call.args) - 1 + len(call.keywords) or not values:
        return None
    patterns, numbers = [], []
    for value in values:
        if isinstance(value, str):
            cards = _as_cards(value)
            forms = (
                [value] if cards is None else [" ".join(c.code for c in cards), cards_text(cards)]
            )
            patterns.append("(?:" + "|".join(map(re.escape, forms)) + ")")
        elif isinstance(value, int):
            numbers.append(str(value))
        elif isinstance(value, list | tuple):
            numbers.extend(map(str, value))
    if numbers:
        patterns.append(r"\b" + r"\s*,\s*".join(numbers) + r"\b")
    if not any(isinstance(value, str) for value in values) and len(numbers) < 2:
        return None  # one number alone ("dealer 2") is in every text: too little to search by
    return patterns


def _blocks(text: str) -> list[str]:
    """Paragraphs and fenced code blocks."""
    blocks, current, fenced = [], [], False
    for line in text.split("\n"):
        if line.strip().startswith("```"):
            fenced = not fenced
        if not line.strip() and not fenced:
            blocks.append("\n".join(current))
            current = []
        else:
            current.append(line)
    return [*blocks, "\n".join(current)]


def shows_answer(block: str, givens: list[str], answer: list[list[str]]) -> bool:
    """Whether a block holds every given of a question and its answer."""
    if not all(re.search(given, block) for given in givens):
        return False
    for given in givens:  # the givens themselves (a trick holds its winner) give nothing away
        block = re.sub(given, " ", block)
    return any(all(re.search(p, block) for p in patterns) for patterns in answer)


def _texts() -> dict[str, list[str]]:
    import nbformat

    texts = {}
    for path in [ROOT / "README.md", ROOT / "exercises" / "README.md", *ROOT.glob("docs/**/*.md")]:
        texts[str(path.relative_to(ROOT))] = _blocks(path.read_text(encoding="utf-8"))
    for path in NOTEBOOKS:
        released = student_version(nbformat.read(path, as_version=4), "homework")
        texts[f"released {path.name}"] = [cell.source for cell in released.cells]
    return texts


def test_the_search_finds_an_answer_next_to_its_givens():
    old_readme = (
        ">>> callbreak.score(4, 6), callbreak.score(3, 2)\n(Decimal('4.2'), Decimal('-3.0'))"
    )
    assert shows_answer(
        old_readme, _givens("check_score(answer_2, call=4, tricks=6)"), _answer_patterns("4.2")
    )
    assert shows_answer(
        old_readme, _givens("check_score(answer_3, call=3, tricks=2)"), _answer_patterns(-3)
    )
    old_bridge = (
        '>>> bridge.score("3NTX", 10)\nScore(below=200, above_declarer=150, above_defenders=0)'
    )
    given = _givens('check_contract_score(answer_5, contract="3NTX", tricks=10)')
    assert shows_answer(old_bridge, given, _answer_patterns((200, 150, 0)))
    assert not shows_answer("call 4, 6 tricks", given, _answer_patterns((200, 150, 0)))


@pytest.mark.parametrize("mode", ["graded"])
def test_no_text_shows_a_graded_questions_answer(mode):
    texts = _texts()
    found, searched = [], 0
    for question in _questions(mode):
        givens = _givens(question.check)
        answer = _answer_patterns(question.solution)
        if givens is None or answer is None or not question.feedback(question.solution).correct:
            continue
        searched += 1
        for name, blocks in texts.items():
            for block in blocks:
                if shows_answer(block, givens, answer):
                    found.append((str(question), name, block[:120]))
    assert searched >= 15  # the questions with an answer that stands out of a text
    assert found == [], "\n".join(map(str, found))
