"""One truth per question: what a student sees and the grade nbgrader gives come from the same
check reading the answer the same way, for every question and many ways of writing an answer;
the grade goes the way nbgrader's goes, the reported answer judged again outside the kernel.

Each instructor notebook is run in this process (its mode, import and given cells, and each
solution); then every question's check cell is evaluated with many right forms of the answer
(str, int, float where exact, Decimal, Fraction, Card, lists and tuples, seat names and numbers,
case and spacing) and many wrong ones. For each, the verdict the student reads (✓/✗) and the grade
nbgrader computes from the cell's outputs (``nbgrader.utils.determine_grade``) must agree: the
disagreement count is 0. Right forms must be accepted, junk refused; in graded mode no feedback
names the answer; and no example or hint, fed back as an answer, is ever right.
"""

from __future__ import annotations

import ast
import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest
from nbgrader.utils import determine_grade

from cardlib import RULE_IDS, Card
from cardlib.cards import parse_cards
from cardlib.exercises import feedback as feedback_module
from cardlib.exercises.feedback import SEAT_WORDS, Feedback, fraction_text
from cardlib.exercises.grading import judge_check, verdict_outputs
from cardlib.exercises.puzzle_sets import instructor_notebook
from cardlib.puzzles.best_play import ending_from

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "exercises").glob("*.ipynb"))
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
JUNK = [None, ..., True, False, "", "   ", [], (), {}, "ZZ", "??", 3.7, -1, 99, b"KH", object()]


class Question:
    def __init__(self, notebook: str, number: int, check: str, solution, namespace, hints):
        self.notebook, self.number, self.check = notebook, number, check
        self.solution, self.namespace, self.hints = solution, namespace, hints

    def __repr__(self) -> str:
        return f"{self.notebook} q{self.number}"

    def feedback(self, answer) -> Feedback:
        namespace = dict(self.namespace)
        namespace[f"answer_{self.number}"] = answer
        *body, last = ast.parse(self.check).body
        exec(compile(ast.Module(body, []), "<check>", "exec"), namespace)
        return eval(compile(ast.Expression(last.value), "<check>", "eval"), namespace)


def _load(path: Path, mode: str) -> list[Question]:
    notebook = nbformat.read(path, as_version=4)
    namespace: dict = {}
    questions, hints = [], {}
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            found = re.search(r"\*Example:\*.*`([^`]+)`\.?\s*$", cell.source, re.S)
            if found and cell.get("id", "").startswith("q"):
                hints[cell.id] = [found.group(1)]
            continue
        source = cell.source
        if cell.get("id") == "mode":
            source = source.replace('"graded"', f'"{mode}"')
        if cell.get("id", "").endswith("-answer"):
            placeholder = source.split("\n")[0]
            example = re.search(r"e\.g\. (.+?)(?:,? or |$)", placeholder)
            number = int(cell.id[1:].split("-")[0])
            hints.setdefault(f"q{number}", []).extend([example.group(1)] if example else [])
            source = "\n".join(line for line in source.split("\n") if "### " not in line)
        if cell.get("id", "").endswith("-check"):
            number = int(cell.id[1:].split("-")[0])
            questions.append(
                Question(
                    path.stem,
                    number,
                    source,
                    namespace[f"answer_{number}"],
                    dict(namespace),
                    hints.get(f"q{number}", []),
                )
            )
            continue
        exec(compile(source, f"{path.name}:{cell.get('id')}", "exec"), namespace)
    return questions


@pytest.fixture(autouse=True)
def _no_mode_left_behind():
    yield
    feedback_module._mode = None


def _grade(question: Question, feedback: Feedback) -> float:
    """The grade nbgrader saves: the check cell's reported answer judged again outside the
    kernel (cardlib.exercises.grading), then scored from the outputs the judge writes."""
    outputs = [nbformat.from_dict(o) for o in feedback.grading_outputs()]
    verdict = judge_check(question.check, question.namespace, outputs)
    assert verdict is not None, question
    cell = nbformat.v4.new_code_cell("check")
    cell.metadata["nbgrader"] = {"grade": True, "solution": False, "points": 1, "grade_id": "q"}
    cell.outputs = verdict_outputs(verdict.graded())
    score, _max = determine_grade(cell)
    return score


def _shown_correct(feedback: Feedback) -> bool:
    outputs = feedback.grading_outputs()
    text = outputs[0].get("text") or outputs[0]["data"]["text/plain"]
    return text.startswith("✓")


# ----- the forms of an answer ------------------------------------------------------------------


def _cards(value) -> list[Card] | None:
    if isinstance(value, Card):
        return [value]
    if isinstance(value, set | frozenset) and all(isinstance(c, Card) for c in value):
        return sorted(value)
    if isinstance(value, str):
        try:
            return parse_cards(value)
        except ValueError:
            return None
    return None


def _card_forms(cards: list[Card]) -> list:
    codes = [c.code for c in cards]
    forms = [
        " ".join(codes),
        " ".join(codes).lower(),
        "  " + "   ".join(codes) + " ",
        ", ".join(codes),
        " ".join(str(c) for c in cards),
        " ".join(c.code.replace("T", "10") for c in cards),
        codes,
        tuple(codes),
        list(cards),
        tuple(cards),
    ]
    if len(cards) == 1:
        forms += [cards[0], {cards[0]}, frozenset(cards), codes[0].lower()]
    return forms


def _number_forms(value: Fraction) -> list:
    forms = [Fraction(value), Decimal(value.numerator) / Decimal(value.denominator)]
    forms += [str(value), f" {fraction_text(value)} ", fraction_text(value).replace("-", "−")]
    if value.denominator == 1:
        forms += [int(value), str(int(value)), float(value), Decimal(int(value))]
    elif Fraction(float(value)) == value:
        forms.append(float(value))
    return forms


def right_forms(question: Question) -> list:
    value, check = question.solution, question.check
    if isinstance(value, list | tuple) and all(isinstance(v, Card) for v in value) and value:
        return _card_forms(list(value))
    if isinstance(value, set | frozenset):
        return _card_forms(sorted(value))
    if isinstance(value, str) and value in RULE_IDS:
        return [
            value,
            value.upper(),
            f"  {value} ",
            value.replace("-", " "),
            value.replace("-", "_"),
        ]
    if isinstance(value, str) and value in SUITS:
        name = SUITS[value]
        return [
            value,
            value.lower(),
            SYMBOLS[value],
            name,
            name.capitalize(),
            name[:-1],
            f" {value.lower()} ",
        ]
    if isinstance(value, str) and value.title() in SEAT_WORDS:
        seat = SEAT_WORDS.index(value.title())
        return [value, value.lower(), value.upper(), value[0], value[0].lower(), seat, str(seat)]
    if isinstance(value, str) and value.lower() in ("call break", "call bridge", "both", "neither"):
        return [value, value.lower(), value.upper(), "  " + value.replace(" ", "   ") + " "]
    if "check_legal_calls" in check:
        calls = value.split()
        return [value, value.lower(), calls, tuple(calls), ", ".join(calls), list(reversed(calls))]
    if isinstance(value, list | tuple) and ("check_scores" in check or len(value) == 3):
        numbers = [Fraction(str(v)) for v in value]
        return [
            list(value),
            tuple(value),
            [fraction_text(n) for n in numbers],
            [Decimal(fraction_text(n)) for n in numbers],
            tuple(numbers),
            " ".join(fraction_text(n) for n in numbers),
            ", ".join(fraction_text(n) for n in numbers),
        ]
    if isinstance(value, list | tuple):  # whole numbers: bids, tricks, seats
        forms = [list(value), tuple(value), set(value), [str(v) for v in value]]
        forms += [" ".join(map(str, value)), ", ".join(map(str, value)), list(reversed(value))]
        if "match_winners" in check:
            forms += [[SEAT_WORDS[v] for v in value], [SEAT_WORDS[v][0].lower() for v in value]]
        return forms
    cards = _cards(value)
    if cards is not None and not isinstance(value, int):
        return _card_forms(cards)
    number = Fraction(str(value)) if not isinstance(value, Fraction) else value
    forms = _number_forms(number)
    seat_checks = ("check_first_player(", "check_dealer(", "check_trick_winner_seat(")
    if check.startswith(seat_checks):
        seat = int(number)
        name = SEAT_WORDS[seat]
        forms += [name, name.lower(), name.upper(), name[0], name[0].lower(), f" {name} "]
    return forms


def wrong_forms(question: Question) -> list:
    value = question.solution
    forms = list(JUNK)
    if isinstance(value, str) and value in RULE_IDS:
        forms += ["beat", "must beat it"]
    if "check_legal_calls" in question.check:
        return [*forms, value.split()[1:], value + " 7NT"]
    cards = _cards(value) if not isinstance(value, int | Fraction | Decimal) else None
    if (
        isinstance(value, set | frozenset | list | tuple)
        and value
        and isinstance(next(iter(value)), Card)
    ):
        cards = sorted(value)
    if cards and "check_order" not in question.check:
        if len(cards) > 1:
            forms += [[c.code for c in cards[1:]], cards[:1]]
        forms.append([c.code for c in cards] + ["2C" if Card("2C") not in cards else "3C"])
    if isinstance(value, int) and not isinstance(value, bool):
        forms += [value + 1, str(value - 1)]
    if isinstance(value, Fraction | Decimal) or (
        isinstance(value, str) and re.fullmatch(r"-?[0-9.]+", value)
    ):
        number = Fraction(str(value))
        forms += [str(number + Fraction(1, 10)), number - 1]
    return forms


# ----- the tests ---------------------------------------------------------------------------------


def _questions(mode: str) -> list[Question]:
    questions = []
    for path in NOTEBOOKS:
        questions += _load(path, mode)
    return questions


def _agreement(questions: list[Question]) -> tuple[int, list, list]:
    """Every right and wrong form through every question: (answers tried, disagreements between
    the verdict shown and nbgrader's grade, right forms refused)."""
    tried, disagreements, refused = 0, [], []
    for question in questions:
        for form in right_forms(question):
            feedback = question.feedback(form)
            tried += 1
            if _shown_correct(feedback) != (_grade(question, feedback) == 1):
                disagreements.append((question, form))
            if not feedback.correct:
                refused.append((question, form, str(feedback)))
        for form in wrong_forms(question):
            feedback = question.feedback(form)
            tried += 1
            if _shown_correct(feedback) != (_grade(question, feedback) == 1):
                disagreements.append((question, form))
            if form in JUNK[:-1] or form is JUNK[-1]:
                assert not feedback.correct, (question, form)
    return tried, disagreements, refused


@pytest.mark.parametrize("mode", ["graded", "practice"])
def test_the_grade_and_the_verdict_never_disagree(mode):
    questions = _questions(mode)
    assert len(questions) == 63
    tried, disagreements, refused = _agreement(questions)
    print(
        f"{mode}: {tried} answers over {len(questions)} questions, "
        f"{len(disagreements)} disagreements"
    )
    assert disagreements == []
    assert refused == [], refused
    assert tried > 63 * 20


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_puzzle_sets_agree_too(level, tmp_path):
    path = tmp_path / f"puzzles-{level}-seed11.ipynb"
    nbformat.write(instructor_notebook(6, level, 11), path)
    for mode in ("graded", "practice"):
        questions = _load(path, mode)
        tried, disagreements, refused = _agreement(questions)
        assert len(questions) == 6 and tried > 6 * 20
        assert disagreements == [] and refused == []


@pytest.mark.parametrize("game", ["callbreak", "callbridge"])
def test_best_play_puzzle_sets_agree_too(game, tmp_path):
    path = tmp_path / f"puzzles-best-{game}-easy-seed11.ipynb"
    nbformat.write(instructor_notebook(4, "easy", 11, kind="best", game=game), path)
    for mode in ("graded", "practice"):
        questions = _load(path, mode)
        tried, disagreements, refused = _agreement(questions)
        assert len(questions) == 4 and tried > 4 * 20
        assert disagreements == [] and refused == []
        for question in questions:
            n = question.number
            givens = (question.namespace[f"{given}_{n}"] for given in GIVENS)
            ending = ending_from(*givens, game=game)
            hand = ending.hands[ending.to_act]
            for answer in [*JUNK, *wrong_forms(question)]:
                text = str(question.feedback(answer))
                for hint in _example_values(text):  # an example is never right
                    assert not question.feedback(hint).correct, (question, hint)
                if mode == "graded":  # graded feedback names no card of the hand (but the
                    text = text.replace(repr(answer), "")  # answer it echoes, if any)
                    assert not any(c.code in text or str(c) in text for c in hand), text


GIVENS = ("hands", "trick", "leader", "calls", "won")


def _example_values(text: str) -> list:
    values = []
    for literal in re.findall(r"for example (.+?)(?:, or |\.$|$)", text, re.M):
        try:
            values.append(
                eval(literal, {"__builtins__": {}, "Decimal": Decimal, "Fraction": Fraction})
            )
        except Exception:
            values.append(literal)
    return values


@pytest.mark.parametrize("mode", ["graded", "practice"])
def test_no_hint_or_example_is_an_answer(mode):
    for question in _questions(mode):
        hints = []
        for answer in JUNK:
            hints += _example_values(str(question.feedback(answer)))
        for literal in question.hints:
            try:
                hints.append(
                    eval(literal, {"__builtins__": {}, "Decimal": Decimal, "Fraction": Fraction})
                )
            except Exception:
                hints.append(literal)
        for hint in hints:
            assert not question.feedback(hint).correct, f"{question}: the hint {hint!r} is right"


def _renderings(value) -> set[str]:
    cards = None
    if (
        isinstance(value, set | frozenset | list | tuple)
        and value
        and isinstance(next(iter(value)), Card)
    ):
        cards = list(value)
    elif isinstance(value, str) and not isinstance(value, bool):
        cards = _cards(value)
    if cards:
        return {str(c) for c in cards} | {c.code for c in cards}
    if isinstance(value, list | tuple):
        return set().union(*(_renderings(v) for v in value)) if value else set()
    if isinstance(value, int | Fraction | Decimal) or (
        isinstance(value, str) and re.fullmatch(r"-?[0-9.]+", value)
    ):
        number = Fraction(str(value))
        return {fraction_text(number), str(number)}
    return {str(value)}


def _fractional_answers(questions: list[Question]) -> dict[str, set[str]]:
    """Per notebook, the renderings of its answers that are not whole numbers (4.2, 2.45): a
    graded sentence must not name them in any question, lest one question answer another."""
    found: dict[str, set[str]] = {}
    for question in questions:
        value = question.solution
        if isinstance(value, Fraction | Decimal) or (
            isinstance(value, str) and re.fullmatch(r"-?[0-9]+\.[0-9]+", value)
        ):
            number = Fraction(str(value))
            if number.denominator != 1:
                found.setdefault(question.notebook, set()).update(_renderings(value))
    return found


def _near_misses(question: Question) -> list:
    """Plausible wrong answers of the right type: every call 0..13 for a question about calls."""
    if question.check.startswith("check_best_call("):
        return list(range(14))
    return []


def test_graded_feedback_never_names_the_answer():
    questions = _questions("graded")
    fractional = _fractional_answers(questions)
    for question in questions:
        if question.check.startswith("check_order("):
            continue  # its cards are the question's givens; the answer is their order
        truth = _renderings(question.solution) | fractional.get(question.notebook, set())
        for form in [*wrong_forms(question), *_near_misses(question)]:
            feedback = question.feedback(form)
            if feedback.correct:
                continue
            text = str(feedback)
            assert "\n" not in text, (question, form, text)  # no reasons, no listing
            try:
                written = " ".join(map(str, _renderings(form)))
            except (ValueError, TypeError):
                written = repr(form)
            sentence = re.sub(r"\b0 to \d+|0\.\.\d+", "", text.split(": ", 1)[1])  # ranges
            sentence = sentence.split("one of ")[0]  # the list of every choice
            sentence = re.sub(r"\([^)]*\)", "", sentence)  # the form of an answer: (S H D C …)
            words = set(re.findall(r"[\w♠♥♦♣.−/-]+", sentence))
            leaked = {t for t in truth if t in words and t not in written}
            assert not leaked, (question, form, text)
