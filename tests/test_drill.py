"""The quick check that ends each lesson, and the calling drill (cardlib/widgets/drill.py)."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest

import cardlib.lessons
from cardlib import callbreak, i18n, progress
from cardlib.errors import CardlibError
from cardlib.exercises.checks import check_card, check_legal_plays, check_score
from cardlib.strategy import call_by_count
from cardlib.widgets.drill import CallingDrill, Question, QuickCheck

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def record(tmp_path, monkeypatch) -> Path:
    file = tmp_path / "progress.json"
    monkeypatch.setenv(progress.ENVIRONMENT_VARIABLE, str(file))
    return file


def two_questions(record: bool = True) -> QuickCheck:
    return QuickCheck(
        "01",
        [
            Question("The queen of hearts?", check_card, {"name": "queen of hearts"}, "KD"),
            Question(
                "K♥ led, you hold A♥ 7♥ 2♠: which may you play?",
                check_legal_plays,
                {"hand": "AH 7H 2S", "trick": "KH"},
                "2S",
            ),
        ],
        record=record,
    )


def test_a_wrong_answer_is_explained_and_nothing_is_recorded(record):
    quick = two_questions()
    feedback = quick.answer(1, "7H 2S")
    assert not feedback and feedback.lines  # explained: practice, never graded
    assert "Not yet" in quick.outputs[1].value and "1 of 2" not in quick.status.value
    assert not quick.passed and not record.exists()


def test_all_right_records_the_lesson_once_however_often_check_is_pressed(record):
    quick = two_questions()
    quick.answer(0, "QH")
    assert not record.exists()
    quick.answer(1, "AH")
    quick.answer(1, "AH")  # a double tap
    quick.buttons[1].click()
    assert quick.passed and quick.recorded
    assert "Lesson 01 passed" in quick.status.value
    assert progress.summary()["lessons passed"] == 1
    assert list(json.loads(record.read_text())["lessons"]) == ["01"]


def test_right_once_stays_right_and_a_demonstration_records_nothing(record):
    quick = two_questions(record=False)
    quick.answer(0, "QH")
    quick.answer(0, "QS")  # wrong afterwards: the question was answered right once
    quick.answer(1, "AH")
    assert quick.passed and not quick.recorded and not record.exists()


@pytest.mark.parametrize("answer", ["", "   ", "Q♥♥", "QH QH", "Ｑ♥", None, 12, ["QH"]])
def test_odd_answers_get_feedback_never_an_exception(answer):
    quick = two_questions()
    feedback = quick.answer(0, answer)
    assert feedback is not None and quick.outputs[0].value


def test_example_answers_are_never_the_answer():
    """The placeholder shows the form of an answer; it must not give one away."""
    quick = two_questions()
    for i, question in enumerate(quick.questions):
        assert not question.mark(question.example), i


def test_bad_construction_and_a_bad_question_number_are_refused():
    with pytest.raises(CardlibError):
        QuickCheck("", [Question("?", check_score, {"call": 4, "tricks": 4})])
    with pytest.raises(CardlibError):
        QuickCheck("01", [])
    with pytest.raises(CardlibError):
        two_questions().answer(2, "QH")


def test_the_quick_check_speaks_the_learners_language():
    quick = two_questions()
    quick.answer(0, "QS")
    try:
        i18n.set_language("hi")
        assert quick.buttons[0].description == "जाँचें"
        assert "क्विक चेक" in quick.title.value and "0 में से" not in quick.status.value
        assert "2 में से 0 सही" in quick.status.value
    finally:
        i18n.set_language("en")
    assert quick.buttons[0].description == "Check"


TUTORIALS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))


@pytest.mark.parametrize("path", TUTORIALS, ids=[p.name for p in TUTORIALS])
def test_every_lesson_but_the_start_page_ends_with_a_quick_check(path):
    cells = nbformat.read(path, as_version=4).cells
    checks = [
        c
        for c in cells
        if c.cell_type == "code" and ("QuickCheck(" in c.source or ".quick_check(" in c.source)
    ]
    if path.name.startswith("00-"):
        assert not checks
        return
    assert len(checks) == 1, path.name
    lesson = path.name[:2]
    if ".quick_check(" in checks[0].source:  # built in the lesson's module (cardlib.lessons)
        module = cardlib.lessons.of(path.stem)
        check = module.quick_check(record=False)
        assert check.lesson == lesson, "the lesson's own number"
        assert 3 <= len(check.questions) <= 4
        return
    assert f'QuickCheck(\n    "{lesson}",' in checks[0].source, "the lesson's own number"
    assert 3 <= checks[0].source.count("Question(") <= 4


# ----- the calling drill --------------------------------------------------------------------


def test_the_drill_answers_with_the_coachs_numbers_and_the_rule_of_thumb(record):
    drill = CallingDrill(seed=3, samples=8)
    assert drill.deal.to_act == 0 and drill.deal.calls == (None,) * 4  # South calls first
    rule = call_by_count(sorted(drill.deal.hand(0)))  # lesson 09's rule
    result = drill.call(rule)
    assert result.rule == rule and result.call == rule
    best = drill.analysis.of(drill.analysis.best).estimate.mean
    assert result.lost == best - drill.analysis.of(rule).estimate.mean >= 0
    assert f"the rule of thumb calls {rule}" in drill.output.value
    assert all(button.disabled for button in drill.call_buttons)
    assert progress.summary()["calling drill hands"] == 1


def test_a_second_answer_changes_nothing_and_next_deals_the_next_seed(record):
    drill = CallingDrill(seed=3, samples=8)
    first = drill.call(2)
    assert drill.call(5) is first and len(drill.results) == 1
    drill.next_button.click()
    assert drill.seed == 4 and drill.result is None
    assert drill.deal.hands == callbreak.Deal(seed=4, dealer=3).hands
    assert not any(button.disabled for button in drill.call_buttons)


@pytest.mark.parametrize("call", [0, 14, True, "3", 2.0, None])
def test_an_illegal_call_is_refused_and_the_hand_stays_as_it_was(record, call):
    drill = CallingDrill(seed=3, samples=8)
    before = drill.deal.copy()
    with pytest.raises(CardlibError):
        drill.call(call)
    assert drill.deal == before and drill.result is None and not record.exists()


@pytest.mark.parametrize("seed, samples", [(-1, 8), (3, 0), (True, 8), (3, "8")])
def test_bad_drill_settings_are_refused(seed, samples):
    with pytest.raises(CardlibError):
        CallingDrill(seed=seed, samples=samples)


def test_a_demonstration_drill_records_nothing(record):
    CallingDrill(seed=3, samples=8, record=False).call(3)
    assert not record.exists()


def test_a_puzzle_stream_records_its_first_checks_only_when_asked(record):
    from cardlib.widgets.puzzles import PuzzleStream

    quiet = PuzzleStream(level="easy", seed=1)
    quiet.current.select(quiet.current.puzzle.legal)
    quiet.current.check_button.click()
    assert not record.exists()
    stream = PuzzleStream(level="easy", seed=1, record=True)
    stream.current.select(stream.current.puzzle.legal)
    stream.current.check_button.click()
    stream.current.check_button.click()  # a second check counts once
    stream.next_button.click()
    stream.current.select(stream.current.puzzle.hand[:1])
    stream.current.check_button.click()
    entry = json.loads(record.read_text())["puzzles"]["legal/easy"]
    assert entry["solved"] == ["seed 1 #0"]
    assert len(entry["solved"]) + len(entry["tried"]) == stream.tried == 2
