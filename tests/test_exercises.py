"""The exercise checks (honest feedback, partial credit, friendly on any input) and the release
of student versions (deterministic, nothing given away, every check fails until answered)."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nbclient import NotebookClient

from cardlib import DECK, RULE_IDS, Card, callbreak
from cardlib.exercises import (
    Feedback,
    check_best_call,
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
    exercise_mode,
    fraction_text,
)
from cardlib.exercises.__main__ import main
from cardlib.exercises.release import (
    MarkerError,
    has_markers,
    release,
    student_cell_source,
    student_version,
)
from cardlib.tricks import PlayRules

EXERCISES = Path(__file__).resolve().parent.parent / "exercises"
INSTRUCTOR_NOTEBOOKS = sorted(EXERCISES.glob("*.ipynb"))


# ----- Feedback ---------------------------------------------------------------------------------


def test_feedback_text_is_deterministic_and_bool_is_correctness():
    right = check_legal_plays("KH", hand="3H KH 2S", trick="QH")
    assert right and right.correct and right.credit == 1
    assert (
        repr(right)
        == str(right)
        == (
            "✓ Correct: the cards you may play: K♥.\n"
            "Why: Hearts were led and Q♥ is highest; you hold K♥, which beats it, "
            "so you must play K♥."
        )
    )
    wrong = check_legal_plays("3H", hand="3H KH 2S", trick="QH")
    assert not wrong and wrong.status == "not yet"


def test_feedback_html_has_class_status_and_escapes():
    html = check_legal_plays("3H", hand="3H KH 2S", trick="QH")._repr_html_()
    assert 'class="cardlib-feedback cardlib-feedback-not-yet"' in html
    assert 'role="status"' in html and "✗ Not yet" in html
    assert "<li>Missing: K♥ — allowed too</li>" in html
    odd = Feedback("not yet", "<script>")._repr_html_()
    assert "<script>" not in odd and "&lt;script&gt;" in odd


# ----- legal plays: partial credit with reasons -----------------------------------------------


def test_seed_example_must_beat_partial_credit():
    feedback = check_legal_plays("3H KH", hand="3H KH 2S", trick="QH")
    assert feedback.lines == (
        "Right: K♥",
        "Not allowed: 3♥",
        "Why: Hearts were led and Q♥ is highest; you hold K♥, which beats it, so you must play K♥.",
    )
    assert feedback.credit == Fraction(1, 2)
    assert str(feedback).startswith("✗ Not yet (partly right: 1/2):")


def test_missing_and_not_in_hand_are_named():
    feedback = check_legal_plays(["KH", "5C"], hand="3H KH AH 2S", trick="QH")
    assert "Missing: A♥ — allowed too" in feedback.lines
    assert "Not in your hand: 5♣" in feedback.lines
    assert feedback.credit == Fraction(1, 3)


def test_seed_example_must_trump_with_only_spade():
    assert check_legal_plays("2S", hand="2S 9H 4D", trick="KC")
    feedback = check_legal_plays("9H", hand="2S 9H 4D", trick="KC")
    assert feedback.lines[-1] == (
        "Why: Clubs were led and you have none; you hold spades, so you must play one: 2♠."
    )


@pytest.mark.parametrize(
    "answer",
    ["KH", "kh", "K♥", ["KH"], ("KH",), {"KH"}, [Card("KH")], Card("KH"), " KH ", "KH,"],
)
def test_many_spellings_of_the_same_answer(answer):
    assert check_legal_plays(answer, hand="3H KH 2S", trick="QH").correct


@pytest.mark.parametrize(
    ("answer", "says"),
    [
        (None, "✗ Not answered yet: replace None with your answer"),
        (..., "✗ Not answered yet"),
        (5, "expected cards as text or a list"),
        (b"KH", "expected cards as text or a list"),
        ("ZZ", "cannot read 'ZZ' as cards"),
        (["KH", 3], "cannot read ['KH', 3] as cards"),
        ("", "you chose no card"),
        ([], "you chose no card"),
    ],
)
def test_wrong_types_get_a_sentence_not_a_traceback(answer, says):
    feedback = check_legal_plays(answer, hand="3H KH 2S", trick="QH")
    assert not feedback
    assert says in str(feedback)


def test_the_question_itself_may_raise():
    # A teacher's typo must not pass silently as "not yet".
    with pytest.raises(ValueError):
        check_legal_plays("KH", hand="3H ZZ", trick="QH")


def test_variants_and_other_games_rules():
    variant = callbreak.Variant(free_discard=True)
    assert check_legal_plays("3S 5S 7H", hand="3S 5S 7H", trick="AD 9S", variant=variant)
    assert not check_legal_plays("3S 5S 7H", hand="3S 5S 7H", trick="AD 9S")
    no_lead = callbreak.Variant(no_spade_lead_first_trick=True)
    assert check_legal_plays("7H", hand="AS 7H", variant=no_lead, first_trick=True)
    follow_any = PlayRules("S", must_beat=False, void_rule="overtrump")  # Call Bridge's switches
    assert check_legal_plays("3H KH", hand="3H KH 2S", trick="QH", rules=follow_any)


hands_and_tricks = st.lists(st.sampled_from(DECK), min_size=2, max_size=13, unique=True).flatmap(
    lambda cards: st.tuples(st.just(cards), st.integers(0, min(3, len(cards) - 1)))
)


@settings(max_examples=150, deadline=None)
@given(hands_and_tricks, st.booleans(), st.booleans())
def test_the_legal_set_is_correct_and_every_other_set_is_not(position, free, no_lead):
    cards, n_trick = position
    trick, hand = cards[:n_trick], cards[n_trick:]
    variant = callbreak.Variant(free_discard=free, no_spade_lead_first_trick=no_lead)
    legal = callbreak.legal_plays(hand, trick, variant, first_trick=not trick)
    feedback = check_legal_plays(sorted(legal), hand, trick, variant, first_trick=not trick)
    assert feedback.correct and feedback.credit == 1
    for card in hand:
        other = set(legal) ^ {card}
        assert not check_legal_plays(sorted(other), hand, trick, variant, first_trick=not trick)


@settings(max_examples=100, deadline=None)
@given(
    st.one_of(
        st.none(),
        st.integers(),
        st.floats(allow_nan=True),
        st.text(max_size=12),
        st.lists(st.one_of(st.text(max_size=4), st.integers(), st.none()), max_size=4),
        st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
        st.booleans(),
    )
)
def test_no_answer_ever_raises(answer):
    checks = [
        lambda: check_legal_plays(answer, hand="3H KH 2S", trick="QH"),
        lambda: check_rule(answer, hand="3H KH 2S", trick="QH"),
        lambda: check_trick_winner(answer, trick="AH 2S KH 3H"),
        lambda: check_trick_winner_seat(answer, trick="AH 2S KH 3H", leader=1),
        lambda: check_score(answer, call=4, tricks=6),
        lambda: check_total(answer, calls=[4, 3], tricks=[5, 2]),
        lambda: check_scores(answer, calls=[4, 3, 2, 1], tricks_won=[5, 2, 2, 4]),
        lambda: check_expected_score(answer, call=3, trick_counts=[0, 0, 1, 5, 3, 1]),
        lambda: check_best_call(answer, trick_counts=[0, 0, 1, 5, 3, 1]),
        lambda: check_card(answer, name="queen of hearts"),
        lambda: check_order(answer, cards="3H AH QH"),
        lambda: check_first_player(answer, dealer=2),
        lambda: check_dealer(answer, first_dealer=1, deal_number=3),
        lambda: check_hand_size(answer),
    ]
    for check in checks:
        assert isinstance(check(), Feedback)


# ----- the other checks ------------------------------------------------------------------------


def test_rule_ids():
    assert check_rule("must-beat", hand="3H KH 2S", trick="QH")
    assert check_rule("follow-trumped", hand="3H KH 4C", trick="QH 5S")
    assert "choose one of lead, lead-no-spade" in str(check_rule("beat", hand="3H", trick="QH"))
    assert set(RULE_IDS) >= {"must-undertrump", "free"}


def test_trick_winners():
    assert check_trick_winner("2S", trick="AH 2S KH 3H")
    assert "2♠ is the highest spade (trump)" in str(check_trick_winner("AH", trick="AH 2S KH 3H"))
    assert "not in this trick" in str(check_trick_winner("QD", trick="AH 2S KH 3H"))
    assert check_trick_winner("KH", trick="2H KH AD 3H")  # an off-suit ace never wins
    assert check_trick_winner("AD", trick="2H KH AD 3H", trump="D")
    assert check_trick_winner("KH", trick="2H KH AD 3S", trump=None)
    assert check_trick_winner_seat(2, trick="AH 2S KH 3H", leader=1)
    assert check_trick_winner_seat(0, trick="AH 2S KH 3H", leader=1, direction=-1)
    assert not check_trick_winner_seat(1, trick="AH 2S KH 3H", leader=1)


@pytest.mark.parametrize(
    ("call", "tricks", "old", "points"),
    [
        (4, 6, False, "4.2"),
        (3, 2, False, "-3"),
        (4, 4, False, "4"),
        (4, 5, False, "4.1"),
        (4, 4, True, "4"),
        (4, 5, True, "4"),
        (4, 6, True, "-4"),
        (4, 3, True, "-4"),
    ],
)
def test_scores_from_the_rule_book(call, tricks, old, points):
    variant = callbreak.Variant(old_scoring=old)
    for answer in (points, Decimal(points), Fraction(points)):
        assert check_score(answer, call, tricks, variant)


def test_scores_are_exact_a_float_read_only_as_the_tenth_it_was_written_as():
    assert check_score(4.2, call=4, tricks=6)  # 4.2 as typed: exactly 21/5
    feedback = check_score(4.25, call=4, tricks=6)
    assert not feedback and "binary float" in feedback.headline
    assert not check_score(4.1 + 0.1, call=4, tricks=6)  # 4.199999999999999: float noise
    assert check_score(-3, 3, 2) and check_score("−3.0", 3, 2)
    assert "0.1 × 2 = 4.2" in str(check_score("4.2", 4, 6))


def test_totals_and_seat_scores_with_partial_credit():
    assert check_total("1.1", calls=[4, 3], tricks=[5, 2])
    assert "deal 2: call 3, 2 tricks scores -3.0" in str(check_total("7.1", [4, 3], [5, 2]))
    feedback = check_scores(["4.1", -3, "2", None], calls=[4, 3, 2, 1], tricks_won=[5, 2, 2, 4])
    assert feedback.credit == Fraction(3, 4)
    assert feedback.lines == (
        "seat 3: cannot read None as exact points (write '2.1', 2.1, -3 or Decimal('2.1'); "
        "a float with more decimals is not exact)",
    )
    assert check_scores(["4.1", -3, "2", "1.3"], calls=[4, 3, 2, 1], tricks_won=[5, 2, 2, 4])


def test_expected_score_and_best_call():
    counts = [0, 0, 1, 5, 3, 1]  # tricks 2, 3, 4, 5 taken 1, 5, 3, 1 times out of 10
    assert check_expected_score(Fraction(49, 20), call=3, trick_counts=counts)
    assert check_expected_score("2.45", call=3, trick_counts=counts)
    assert not check_expected_score("2.4", call=3, trick_counts=counts)
    assert check_best_call(3, trick_counts=counts)
    assert not check_best_call(4, trick_counts=counts)
    assert "not a legal call" in str(check_best_call(14, trick_counts=counts))
    tie = {2: 1, 3: 1}  # call 2: (2.1 + 2) / 2 = 2.05; call 3: (-3 + 3) / 2 = 0
    assert check_best_call(2, trick_counts=tie)


def test_cards_and_dealing_checks():
    assert check_card("QH", name="queen of hearts")
    assert "10♥ is the ten of hearts" in str(check_card("10H", name="queen of hearts"))
    assert check_order("AH QH 3H", cards="3H AH QH")
    assert "Q♥ should come before 3♥" in str(check_order("AH 3H QH", cards="3H AH QH"))
    assert "use exactly the cards" in str(check_order("AH", cards="3H AH QH"))
    assert check_first_player(3, dealer=2) and check_first_player(0, dealer=3)
    assert check_first_player(1, dealer=2, direction=-1)
    assert check_dealer(3, first_dealer=1, deal_number=3)
    assert check_hand_size(13) and not check_hand_size(12)
    deal = callbreak.Deal(seed=5, dealer=0)
    spades = sum(c.suit == "S" for c in deal.hand(2))
    assert check_suit_count(spades, seed=5, dealer=0, seat=2, suit="S")
    assert not check_suit_count(spades + 1, seed=5, dealer=0, seat=2, suit="S")


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(21, 5), "4.2"),
        (Fraction(-3), "-3.0"),
        (Fraction(49, 20), "2.45"),
        (Fraction(1, 3), "1/3"),
        (Fraction(0), "0.0"),
    ],
)
def test_fraction_text(value, text):
    assert fraction_text(value) == text


# ----- release ----------------------------------------------------------------------------------


def test_solution_becomes_a_stub_and_hidden_tests_vanish():
    source = 'answer = None\n### BEGIN SOLUTION\nanswer = "KH"\n### END SOLUTION'
    assert student_cell_source(source, "code") == "answer = None\n# YOUR CODE HERE"
    indented = "def f():\n    ### BEGIN SOLUTION\n    return 1\n    ### END SOLUTION"
    assert student_cell_source(indented, "code") == "def f():\n    # YOUR CODE HERE\n    pass"
    hidden = "### BEGIN HIDDEN TESTS\nassert answer\n### END HIDDEN TESTS\ncheck(answer)"
    assert student_cell_source(hidden, "code") == "check(answer)"
    text = "Why?\n### BEGIN SOLUTION\nBecause.\n### END SOLUTION"
    assert student_cell_source(text, "markdown") == "Why?\nYOUR ANSWER HERE"


@pytest.mark.parametrize(
    "source",
    [
        "### BEGIN SOLUTION\nx = 1",
        "x = 1\n### END SOLUTION",
        "### BEGIN HIDDEN TESTS\n### BEGIN HIDDEN TESTS\n### END HIDDEN TESTS",
    ],
)
def test_unbalanced_markers_are_refused(source):
    with pytest.raises(MarkerError):
        student_cell_source(source, "code")


def _solution_lines(notebook) -> set[str]:
    lines = set()
    for cell in notebook.cells:
        for block in re.findall(
            r"### BEGIN (?:SOLUTION|HIDDEN TESTS)\n(.*?)### END", cell.source, re.S
        ):
            lines |= {line.strip() for line in block.splitlines() if len(line.strip()) > 8}
    return lines


def test_release_is_deterministic_and_gives_nothing_away(tmp_path):
    first = release(EXERCISES, tmp_path / "one")
    second = release(EXERCISES, tmp_path / "two")
    assert [p.name for p in first] == [p.name for p in INSTRUCTOR_NOTEBOOKS]
    for a, b, source in zip(first, second, INSTRUCTOR_NOTEBOOKS, strict=True):
        assert a.read_bytes() == b.read_bytes()
        text = a.read_text(encoding="utf-8")
        assert not has_markers(text)
        for line in _solution_lines(nbformat.read(source, as_version=4)):
            assert line not in text, f"{source.name} gives away {line!r}"
        student = nbformat.read(a, as_version=4)
        for cell in student.cells:
            if cell.cell_type == "code":
                assert cell.outputs == [] and cell.execution_count is None


def test_release_command(tmp_path, capsys):
    assert main(["release", "--source", str(EXERCISES), "--out", str(tmp_path)]) == 0
    assert f"wrote {tmp_path / INSTRUCTOR_NOTEBOOKS[0].name}" in capsys.readouterr().out
    with pytest.raises(FileNotFoundError):
        release(tmp_path / "empty", tmp_path / "out")


def _is_check_cell(cell) -> bool:
    return cell.cell_type == "code" and cell.metadata.get("nbgrader", {}).get("grade", False)


def _text(cell) -> str:
    parts = []
    for output in cell.get("outputs", []):
        if output.output_type == "error":
            parts.append(f"{output.ename}: {output.evalue}")
        parts.append(output.get("data", {}).get("text/plain", ""))
        parts.append(output.get("text", ""))
    return "".join(parts)


@pytest.mark.parametrize("path", INSTRUCTOR_NOTEBOOKS, ids=lambda p: p.name)
def test_instructor_version_format_and_every_check_correct(path):
    notebook = nbformat.read(path, as_version=4)
    checks = [cell for cell in notebook.cells if _is_check_cell(cell)]
    assert 4 <= len(checks) <= 8, "4 to 8 questions"
    for cell in checks:
        assert cell.execution_count is not None, "commit the instructor notebook executed"
        assert _text(cell).startswith("✓ Correct"), (cell.id, _text(cell))
    sources = [cell.source for cell in notebook.cells if cell.cell_type == "markdown"]
    assert "What you will practise" in sources[0] and "Try this next" in sources[-1]


@pytest.mark.parametrize("path", INSTRUCTOR_NOTEBOOKS, ids=lambda p: p.name)
def test_student_version_executed_as_is_fails_every_check(path, tmp_path):
    student = student_version(nbformat.read(path, as_version=4))
    NotebookClient(
        student, timeout=120, allow_errors=True, resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    checks = [cell for cell in student.cells if _is_check_cell(cell)]
    assert checks
    for cell in checks:
        text = _text(cell)
        assert text.startswith("✗"), f"{path.name} {cell.id} gives its check away: {text!r}"
        assert "Error" not in text and "Traceback" not in text


# ----- modes, the graded display, the command line ------------------------------------------------


@pytest.fixture
def graded():
    from cardlib.exercises import feedback

    exercise_mode("graded")
    yield
    feedback._mode = None


def test_graded_mode_says_the_kind_of_mistake_never_the_cards(graded):
    wrong = check_legal_plays("3H", hand="3H KH 2S", trick="QH")
    assert str(wrong) == (
        "✗ Not yet: you chose a card the rules do not allow here; you left out a card you may play."
    )
    assert wrong.lines == () and wrong.credit == 0 and "K♥" not in str(wrong)
    right = check_legal_plays("KH", hand="3H KH 2S", trick="QH")
    assert right.correct and right.in_exercise


def test_practice_mode_explains_and_the_verdict_is_the_same():
    from cardlib.exercises import feedback

    try:
        exercise_mode("practice")
        practice = check_legal_plays("3H", hand="3H KH 2S", trick="QH")
        feedback._mode = None  # a new notebook
        exercise_mode("graded")
        graded_view = check_legal_plays("3H", hand="3H KH 2S", trick="QH")
    finally:
        feedback._mode = None
    assert "Missing: K♥ — allowed too" in practice.lines
    assert practice.correct == graded_view.correct is False
    with pytest.raises(ValueError, match="mode must be one of graded, practice, homework, exam"):
        exercise_mode("strict")


def test_the_mode_is_fixed_once_set(graded):
    """A student who flips the mode in the kernel changes nothing (and the grade never read the
    kernel's mode anyway: see test_grading.py)."""
    assert "stays homework" in exercise_mode("practice")
    wrong = check_legal_plays("3H", hand="3H KH 2S", trick="QH")
    assert wrong.lines == () and "K♥" not in str(wrong)
    assert not hasattr(check_legal_plays, "__wrapped__")


def test_exam_mode_records_and_never_judges():
    from cardlib.exercises import feedback

    try:
        exercise_mode("exam")
        right = check_legal_plays("KH", hand="3H KH 2S", trick="QH")
        wrong = check_legal_plays(["3h", Card("2S")], hand="3H KH 2S", trick="QH")
        unread = check_legal_plays("ZZ", hand="3H KH 2S", trick="QH")
    finally:
        feedback._mode = None
    assert str(right) == "• Answer recorded: K♥"
    assert str(wrong) == "• Answer recorded: 3♥ 2♠"
    assert not right.correct and not wrong.correct and right.status == wrong.status
    assert str(unread).startswith("✗ Not yet: cannot read 'ZZ' as cards")
    outputs = right.grading_outputs()
    assert outputs[0]["data"]["application/vnd.cardlib.answer+json"] == {
        "version": 1,
        "check": "check_legal_plays",
        "answer": "KH",
    }


def test_outputs_are_what_nbgrader_grades(graded):
    right = check_hand_size(13).grading_outputs()
    assert [o["output_type"] for o in right] == ["display_data"]
    assert right[0]["data"]["text/plain"].startswith("✓ Correct")
    wrong = check_hand_size(12).grading_outputs()
    assert wrong[1:] == [
        {"output_type": "stream", "name": "stderr", "text": "✗ Not yet: not 12.\n"}
    ]
    report = {"version": 1, "check": "check_hand_size", "answer": 12}
    assert wrong[0]["data"] == {"application/vnd.cardlib.answer+json": report, "text/plain": ""}


def test_outside_an_exercise_a_feedback_is_a_plain_value():
    feedback = check_hand_size(12)
    assert not feedback.in_exercise
    with pytest.raises(AttributeError):
        feedback._ipython_display_  # noqa: B018


def test_seats_by_name_or_number():
    for answer in (3, "3", 3.0, Decimal(3), " East ", "east", "E", "e"):
        assert check_first_player(answer, dealer=2), answer
    assert "no seat 7" in str(check_first_player(7, dealer=2))


def test_release_sets_the_mode_and_keeps_a_learners_work(tmp_path):
    written = release(EXERCISES, tmp_path, mode="practice")
    student = nbformat.read(written[0], as_version=4)
    mode_cell = next(cell for cell in student.cells if cell.id == "mode")
    assert 'exercise_mode("practice")' in mode_cell.source
    assert mode_cell.metadata["nbgrader"]["locked"]
    written[0].write_text("my answers", encoding="utf-8")
    assert release(EXERCISES, tmp_path, mode="practice", keep_existing=True) == []
    assert written[0].read_text(encoding="utf-8") == "my answers"


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["puzzles", "--level", "expert"], "invalid choice: 'expert'"),
        (["puzzles", "--count", "0"], "must be from 1 to 500, got 0"),
        (["puzzles", "--count", "100000000"], "must be from 1 to 500, got 100000000"),
        (["puzzles", "--count", "ten"], "expected a whole number, got 'ten'"),
        (["puzzles", "--seed", "-1"], "must be 0 or more"),
        (["puzzles", "--kind", "worst"], "invalid choice: 'worst' (choose from 'legal', 'best')"),
        (["puzzles", "--kind", "best", "--level", "expert"], "invalid choice: 'expert'"),
        (["puzzles", "--game", "callbridge"], "callbridge needs --kind best"),
        (["puzzles", "--kind", "best", "--game", "bridge"], "invalid choice: 'bridge'"),
        (["puzzles", "--game", "judgement"], "judgement needs --kind best"),
        (["puzzles", "--kind", "best", "--game", "whist"], "invalid choice: 'whist'"),
        (["release", "--mode", "strict"], "invalid choice: 'strict'"),
    ],
)
def test_bad_arguments_get_a_sentence_not_a_traceback(argv, says, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    error = capsys.readouterr().err
    assert says in error and "Traceback" not in error


@pytest.mark.parametrize("command", [["release"], ["puzzles", "--count", "1"]])
@pytest.mark.parametrize("where", ["a-file", "a-file/inside"])
def test_an_out_that_cannot_be_written_gets_one_line_and_exit_2(command, where, tmp_path, capsys):
    (tmp_path / "a-file").write_text("not a folder", encoding="utf-8")
    assert main([*command, "--out", str(tmp_path / where)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "Traceback" not in error
    assert error.startswith(f"python -m cardlib.exercises {command[0]}: cannot write into --out ")


def test_a_long_puzzle_set_prints_its_progress(tmp_path, capsys, monkeypatch):
    from cardlib.exercises import __main__ as command_line
    from cardlib.exercises import puzzle_sets

    monkeypatch.setattr(command_line, "PROGRESS_FROM", 4)
    monkeypatch.setattr(puzzle_sets, "write_puzzle_set", _fake_write)
    assert main(["puzzles", "--count", "5", "--out", str(tmp_path)]) == 0
    err = capsys.readouterr().err
    assert err.splitlines() == [f"made {n} of 5 puzzles" for n in range(1, 6)]
    assert puzzle_sets.progress is None  # told only while the command runs


def _fake_write(count, *_args):
    from cardlib.exercises import puzzle_sets

    for done in range(1, count + 1):
        puzzle_sets.progress(done, count)
    return []


def test_release_says_where_it_looked(tmp_path, capsys):
    assert main(["release", "--source", str(tmp_path), "--out", str(tmp_path / "out")]) == 2
    assert f"no instructor notebooks (*.ipynb) in {tmp_path}" in capsys.readouterr().err


def test_help_documents_every_option(capsys):
    for command in ("release", "puzzles"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = capsys.readouterr().out
        options = {"release": ["--source", "--out", "--mode", "--keep-existing"]}.get(
            command, ["--kind", "--game", "--count", "--level", "--seed", "--out", "--mode"]
        )
        for option in options:
            assert option in text
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "not installed with the package" in capsys.readouterr().out


@pytest.mark.parametrize("path", INSTRUCTOR_NOTEBOOKS, ids=lambda p: p.name)
def test_every_cell_a_student_must_not_change_is_locked(path):
    notebook = nbformat.read(path, as_version=4)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert code[0].id == "mode" and code[0].source.endswith('exercise_mode("graded")')
    for cell in code:
        meta = cell.metadata.get("nbgrader", {})
        assert meta.get("solution") or meta.get("locked"), f"{path.name} {cell.id} is not locked"
        if meta.get("grade"):
            # The check's display is the grade: all or nothing, so one point per question.
            assert meta["points"] == 1 and cell.id.endswith("-check")
            assert "### BEGIN HIDDEN TESTS" not in cell.source


def test_a_graded_puzzle_set_from_a_course_secret_names_no_seed(tmp_path):
    from cardlib.exercises.puzzle_sets import course_seed

    secret = "our class, spring 2027"
    argv = ["puzzles", "--count", "2", "--level", "easy", "--secret", secret, "--mode", "exam"]
    assert main([*argv, "--out", str(tmp_path / "a")]) == 0
    assert main([*argv, "--out", str(tmp_path / "b")]) == 0
    seed = course_seed(secret)
    (student,) = (tmp_path / "a" / "students").glob("*.ipynb")
    assert student.name == f"puzzles-easy-set-{seed.tag}.ipynb"
    text = student.read_text(encoding="utf-8")
    assert "seed" not in text.lower() and str(int(seed)) not in text and secret not in text
    assert 'exercise_mode(\\"exam\\")' in text
    (key,) = (tmp_path / "a" / "key").glob("*.md")
    words = key.read_text(encoding="utf-8")
    assert "--secret YOUR-COURSE-SECRET" in words and secret not in words
    assert "--seed" not in words
    for folder in ("source", "students", "key"):  # the same secret makes the same set
        for path in (tmp_path / "a" / folder).iterdir():
            assert path.read_bytes() == (tmp_path / "b" / folder / path.name).read_bytes()
    assert course_seed("another class") != seed
    with pytest.raises(SystemExit):
        main(["puzzles", "--seed", "3", "--secret", secret, "--out", str(tmp_path)])


def test_an_exam_shows_no_verdict_before_grading_and_the_grading_gives_it(tmp_path):
    """Exercise 3 in exam mode, with its solutions and one wrong answer, run in a real kernel:
    every check only shows what it recorded; the judge outside the kernel then grades it."""
    from cardlib.exercises.grading import ReleaseCell, judge_cells

    assert main(["release", "--mode", "exam", "--keep-solutions", "--out", str(tmp_path)]) == 0
    exam = nbformat.read(tmp_path / "03-trick-winners.ipynb", as_version=4)
    assert exam.metadata["cardlib"]["mode"] == "exam" and "### BEGIN SOLUTION" in str(exam)
    for cell in exam.cells:
        if cell.get("id") == "q1-answer":
            cell.source += '\nanswer_1 = "9H"'  # wrong
    NotebookClient(exam, timeout=120, resources={"metadata": {"path": str(tmp_path)}}).execute()
    checks = [cell for cell in exam.cells if _is_check_cell(cell)]
    shown = [_text(cell) for cell in checks]
    assert shown[0] == "• Answer recorded: 9♥"
    assert all(text.startswith("• Answer recorded: ") for text in shown), shown
    assert not any("✓" in text or "✗" in text for text in shown)
    cells = [
        ReleaseCell(
            cell.id,
            cell.cell_type,
            bool(cell.metadata["nbgrader"].get("locked")),
            bool(cell.metadata["nbgrader"].get("grade")),
            bool(cell.metadata["nbgrader"].get("solution")),
            student_cell_source(cell.source, cell.cell_type),
        )
        for cell in exam.cells
        if "nbgrader" in cell.metadata
    ]
    judged = judge_cells(cells, {cell.id: cell.outputs for cell in checks})
    assert judged.mode == "exam"
    assert [judged.verdicts[cell.id].correct for cell in checks] == [False] + [True] * 5
    assert str(judged.shown("q1-check")) == "✗ Not yet: 9♥ does not win."
