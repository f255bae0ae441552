"""A question's givens are the release's, and only the teacher can get them wrong.

Issue 36, item 4: a check cell reads its givens from the release, never from a name a student
can rebind. In exercise 6 the checks read ``position``: a student who rebuilt it saw ✓ and got
0, one who played a card on it saw ✗ and got the point. Now every check cell states its own
givens (literals, or calls of the release's imports and functions), so the ✓/✗ a student sees
in the kernel and the grade worked out outside it agree, whatever the answer cells do to the
names the given cells bound (checked here over every exercise and both kinds of puzzle set).

Issue 43, class 6: a check whose givens cannot happen (a card twice, 20 tricks in a deal, seat
9) raises the engine's error for the teacher, whatever the answer (``None`` too), so it shows
when the exercise is written and when nbgrader validates it (tests/test_grading.py runs
``nbgrader validate`` on one), and is never a ✓ or ✗ for a student.
"""

from __future__ import annotations

import ast
import builtins
from decimal import Decimal
from pathlib import Path

import nbformat
import pytest
from nbgrader.utils import determine_grade

from cardlib import Card
from cardlib.errors import CardlibError
from cardlib.exercises import feedback as feedback_module
from cardlib.exercises.grading import ReleaseCell, judge_cells, verdict_outputs
from cardlib.exercises.puzzle_sets import instructor_notebook
from cardlib.exercises.release import student_version

ROOT = Path(__file__).resolve().parent.parent
EXERCISES = sorted((ROOT / "exercises").glob("*.ipynb"))


def _notebooks() -> list[tuple[str, nbformat.NotebookNode]]:
    """Every instructor notebook of exercises/, and a puzzle set of each kind."""
    found = [(path.stem, nbformat.read(path, as_version=4)) for path in EXERCISES]
    found.append(("puzzles-legal", instructor_notebook(4, "medium", 7)))
    found.append(("puzzles-best", instructor_notebook(3, "easy", 7, kind="best")))
    return found


NOTEBOOKS = _notebooks()


@pytest.fixture(autouse=True)
def _no_mode_left_behind():
    yield
    feedback_module._mode = None


def _meta(cell) -> dict:
    return cell.metadata.get("nbgrader", {})


def _solution(source: str) -> str:
    return "\n".join(line for line in source.split("\n") if "### " not in line)


def _release_cells(notebook) -> list[ReleaseCell]:
    return [
        ReleaseCell(
            _meta(cell)["grade_id"],
            cell.cell_type,
            bool(_meta(cell).get("locked")),
            bool(_meta(cell).get("grade")),
            bool(_meta(cell).get("solution")),
            cell.source,
        )
        for cell in notebook.cells
        if "grade_id" in _meta(cell)
    ]


def _bound(source: str) -> tuple[set[str], set[str]]:
    """The names a cell binds by assignment (givens, values), and by import or def."""
    assigned, defined = set(), set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            assigned.add(node.id)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            defined.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            defined.add(node.name)
    return assigned, defined


def _givens_bound(notebook) -> set[str]:
    """Every value name the locked, ungraded cells of a release bind: what a student can see,
    rebuild, rebind or change in an answer cell."""
    names: set[str] = set()
    for cell in notebook.cells:
        meta = _meta(cell)
        if cell.cell_type == "code" and meta.get("locked") and not meta.get("grade"):
            names |= _bound(cell.source)[0]
    return names


class Decoy:
    """What a student's answer cell left in a given's name: not the release's value."""

    def __repr__(self) -> str:
        return "Decoy()"


def _score(outputs) -> float:
    nbgrader = {"grade": True, "solution": False, "points": 1, "grade_id": "q"}
    cell = nbformat.from_dict({"cell_type": "code", "metadata": {"nbgrader": nbgrader}})
    cell.outputs = outputs
    return determine_grade(cell)[0]


def _shown_correct(outputs: list[dict]) -> bool:
    first = outputs[0]
    text = first.get("text") or first["data"]["text/plain"]
    return text.startswith("✓")


def run_in_kernel(notebook, tinker=None, answers=None) -> dict[str, list[dict]]:
    """Each check cell's outputs as the student's kernel shows them (run here, in homework
    mode): the solutions answer (or ``answers[n]``, source), then ``tinker(n, namespace)``
    does whatever a student's answer cell does to the names after answering question ``n``.
    The check runs on what is left; the next question starts from the notebook as it was."""
    namespace: dict = {}
    shown: dict[str, list[dict]] = {}
    for cell in notebook.cells:
        meta = _meta(cell)
        if cell.cell_type != "code":
            continue
        name = meta.get("grade_id", "")
        source = cell.source.replace('"graded"', '"homework"') if name == "mode" else cell.source
        if meta.get("solution"):
            number = int(name[1:].split("-")[0])
            answer = (answers or {}).get(number, _solution(source))
            exec(compile(answer, name, "exec"), namespace)
            continue
        if meta.get("grade"):
            number = int(name[1:].split("-")[0])
            tinkered = dict(namespace)
            if tinker is not None:
                tinker(number, tinkered)
            *body, last = ast.parse(source).body
            try:
                exec(compile(ast.Module(body, []), name, "exec"), tinkered)
                result = eval(compile(ast.Expression(last.value), name, "eval"), tinkered)
                shown[name] = result.grading_outputs()
            except Exception as error:  # what the student would see: a traceback
                shown[name] = [{"output_type": "error", "ename": type(error).__name__}]
            continue
        exec(compile(source, name, "exec"), namespace)
    return shown


def _disagreements(notebook, shown) -> list[str]:
    """The check cells whose ✓/✗ in the kernel is not the grade worked out outside it."""
    judged = judge_cells(_release_cells(student_version(notebook, "homework")), shown)
    wrong = []
    for name, outputs in shown.items():
        ticked = outputs[0]["output_type"] != "error" and _shown_correct(outputs)
        grade = _score(verdict_outputs(judged.shown(name)))
        if ticked != (grade == 1):
            wrong.append(f"{name}: shows {'✓' if ticked else 'no ✓'}, graded {grade}")
    return wrong


@pytest.mark.parametrize("stem, notebook", NOTEBOOKS, ids=[stem for stem, _nb in NOTEBOOKS])
def test_what_the_answer_cells_do_to_the_givens_changes_neither_the_tick_nor_the_grade(
    stem, notebook
):
    """Every name a given cell bound is rebound after each answer (as a student may): each
    check still shows ✓ for the solution, and the grade is 1."""
    names = _givens_bound(notebook)

    def rebind_every_given(_number, namespace):
        for name in names:
            namespace[name] = Decoy()

    shown = run_in_kernel(notebook, rebind_every_given)
    assert shown and all(outputs[0]["output_type"] != "error" for outputs in shown.values()), stem
    assert all(_shown_correct(outputs) for outputs in shown.values()), stem
    assert _disagreements(notebook, shown) == []


@pytest.mark.parametrize("stem, notebook", NOTEBOOKS, ids=[stem for stem, _nb in NOTEBOOKS])
def test_a_check_cell_reads_no_given_a_student_can_rebind(stem, notebook):
    """The rule behind it, read from the source: a check cell names only its answer, the
    release's imports and functions, and what it binds itself; never a value a given cell
    bound (``position``, ``counts``, ``hand_1``)."""
    imported: set[str] = set()
    for cell in notebook.cells:
        meta = _meta(cell)
        if cell.cell_type != "code":
            continue
        if meta.get("locked") and not meta.get("grade"):
            imported |= _bound(cell.source)[1]
        elif meta.get("grade"):
            assigned, _defined = _bound(cell.source)
            tree = ast.parse(cell.source)
            read = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} - assigned
            read -= set(dir(builtins))
            stray = {name for name in read if not name.startswith("answer_")} - imported
            assert stray == set(), (stem, meta["grade_id"], stray)


def test_exercise_6_rebuilt_or_played_on_position_ticks_as_it_grades():
    """The two students of issue 36: one rebuilds ``position`` (another moment of the deal) and
    answers from it; one answers rightly, then plays a card on ``position``."""
    notebook = nbformat.read(ROOT / "exercises" / "06-worked-deal.ipynb", as_version=4)
    rebuilt = {
        2: "position = deal_after(5)\nanswer_2 = position.legal_plays()",
        5: "position = deal_after(9)\nanswer_5 = position.legal_plays()",
    }
    shown = run_in_kernel(notebook, answers=rebuilt)
    assert not _shown_correct(shown["q2-check"]) and not _shown_correct(shown["q5-check"])
    assert _disagreements(notebook, shown) == []

    def play_on(number, namespace):
        position = namespace.get("position")
        if number in (2, 4, 5) and position is not None:
            position.play(sorted(position.legal_plays())[0])

    shown = run_in_kernel(notebook, play_on)
    assert all(_shown_correct(outputs) for outputs in shown.values())
    assert _disagreements(notebook, shown) == []


# ----- the teacher's givens (issue 43, class 6) ---------------------------------------------------


def _impossible() -> list[tuple]:
    from cardlib.callbridge import RULES as CALL_BRIDGE
    from cardlib.exercises import (
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
    from cardlib.exercises.bridge import (
        check_contract_score,
        check_declarer,
        check_legal_calls,
        check_side_points,
    )
    from cardlib.exercises.callbridge import (
        check_bridge_score,
        check_match_winners,
        check_which_game,
        check_winning_tricks,
    )
    from cardlib.exercises.judgement import (
        check_dealer_bids,
        check_hooked_bid,
        check_round_score,
        check_round_total,
        check_round_trump,
        check_winner_seat,
    )

    return [
        # the issue's own: a card twice, 20 tricks, leader 9, direction 2, dealer 5 or -1,
        # a deck of -52, a card twice to put in order
        (check_rule, ("3H", "2C 2C"), {}),
        (check_total, ([3, 4], [20, 3]), {}),
        (check_trick_winner_seat, ("AH 2S KH 3H",), {"leader": 9}),
        (check_trick_winner_seat, ("AH 2S KH 3H",), {"leader": 1, "direction": 2}),
        (check_first_player, (), {"dealer": 0, "direction": 2}),
        (check_dealer, (), {"first_dealer": 5, "deal_number": 2}),
        (check_dealer, (), {"first_dealer": -1, "deal_number": 2}),
        (check_hand_size, (), {"deck": -52}),
        (check_order, ("AS AS",), {}),
        # and the rest of every check's givens
        (check_card, ("queen of hurts",), {}),
        (check_order, ("AS KH",), {}),
        (check_first_player, (), {"dealer": 9}),
        (check_dealer, (), {"first_dealer": 1, "deal_number": 0}),
        (check_hand_size, (), {"players": 0}),
        (check_suit_count, (), {"seed": 1, "dealer": 0, "seat": 9, "suit": "S"}),
        (check_suit_count, (), {"seed": 1, "dealer": 0, "seat": 1, "suit": "X"}),
        (check_legal_plays, ("3H KH", "QH QH"), {}),
        (check_legal_plays, ("3H KH", "QH"), {"first_trick": "no"}),
        (check_legal_plays, ("3H KH", "QH 2C 3C 4C 5C 6C 7C"), {"rules": CALL_BRIDGE}),
        (check_rule, ("3H KH", "KH"), {}),
        (check_trick_winner, ("AH AH",), {}),
        (check_trick_winner, ("AH 2S",), {"trump": "X"}),
        (check_score, (), {"call": 20, "tricks": 1}),
        (check_score, (), {"call": 3, "tricks": 14}),
        (check_scores, ([1, 2, 3, 4], [4, 4, 4, 4]), {}),
        (check_scores, ([1, 2, 3], [4, 4, 5]), {}),
        (check_total, ([3], [3, 4]), {}),
        (check_total, ("3 4", "3 4"), {}),
        (check_expected_score, (), {"call": 14, "trick_counts": {3: 1}}),
        (check_expected_score, (), {"call": 3, "trick_counts": {3: -1, 4: 2}}),
        (check_best_call, (), {"trick_counts": {20: 1}}),
        (check_best_call, (), {"trick_counts": {}}),
        (check_best_play, (("AS", "KS", "QS", "AS"), "", 0, (1, 1, 1, 1), (3, 3, 3, 3)), {}),
        (check_round_trump, (), {"number": 0}),
        (check_round_trump, (), {"number": 9}),
        (check_hooked_bid, (), {"cards": 5, "earlier_bids": [1]}),
        (check_hooked_bid, (), {"cards": 5, "earlier_bids": [6, 1]}),
        (check_dealer_bids, (), {"cards": 8, "earlier_bids": [1, 2]}),
        (check_round_score, (), {"bid": 3, "tricks": 30}),
        (check_round_total, ([2, 3], [2]), {}),
        (check_winner_seat, ("AH 2S KH",), {"leader": 9, "trump": "S", "players": 3}),
        (check_winner_seat, ("AH 2S",), {"leader": 0, "trump": "S", "players": 3}),
        (check_which_game, (), {"card": "AS", "hand": "KH 2S", "trick": ""}),
        (check_which_game, (), {"card": "AS", "hand": "AS AS", "trick": ""}),
        (check_bridge_score, (), {"bid": 99, "tricks": 3}),
        (check_winning_tricks, (), {"bid": 1}),
        (check_match_winners, (), {"totals": (31, 28), "target": 30}),
        (check_match_winners, (), {"totals": (31, 28, 33, 12), "target": 0}),
        (check_match_winners, (), {"totals": (31, 28, 33, 1.5), "target": 30}),
        (check_legal_calls, (), {"calls": "1H", "dealer": "Q"}),
        (check_legal_calls, (), {"calls": "1H P P P", "dealer": "N"}),
        (check_legal_calls, (), {"calls": "1H", "dealer": "N", "among": "1D 9Z"}),
        (check_declarer, (), {"calls": "1H P", "dealer": "N"}),
        (check_contract_score, (), {"contract": "9NT", "tricks": 3}),
        (check_side_points, ("NE", "above", "4H by N", 8), {}),
        (check_side_points, ("NS", "beside", "4H by N", 8), {}),
    ]


IMPOSSIBLE = _impossible()
ANSWERS = [None, ..., "AS", "KH 2S", 3, "3", [0, 1], "free", "none", Decimal("1"), Card("AS")]


@pytest.mark.parametrize(
    "check, args, kwargs",
    IMPOSSIBLE,
    ids=[f"{check.__name__}-{i}" for i, (check, _a, _k) in enumerate(IMPOSSIBLE)],
)
def test_givens_that_cannot_happen_are_the_teachers_error_whatever_the_answer(check, args, kwargs):
    for answer in ANSWERS:
        with pytest.raises(CardlibError):
            check(answer, *args, **kwargs)


def test_the_grader_scores_a_question_with_impossible_givens_0_with_the_error():
    """The teacher's mistake reached the class anyway (a notebook not run before release): each
    student scores 0 for it with the engine's sentence, and the other questions are judged."""
    cells = [
        ReleaseCell("setup", "code", True, False, False, "from cardlib.exercises import *"),
        ReleaseCell("q1-answer", "code", False, False, True, "answer_1 = None"),
        ReleaseCell("q1-check", "code", True, True, False, 'check_order(answer_1, "AS AS")'),
        ReleaseCell("q2-answer", "code", False, False, True, "answer_2 = None"),
        ReleaseCell("q2-check", "code", True, True, False, "check_hand_size(answer_2)"),
    ]
    report = {"version": 1, "check": "check_hand_size", "answer": 13}
    outputs = {"q2-check": [{"output_type": "display_data", "data": {_mime(): report}}]}
    judged = judge_cells(cells, outputs)
    assert "could not be judged: PositionError: a hand holds the same card twice" in str(
        judged.verdicts["q1-check"]
    )
    assert _score(verdict_outputs(judged.verdicts["q1-check"])) == 0
    assert judged.verdicts["q2-check"].correct


def _mime() -> str:
    from cardlib.exercises.answers import MIME

    return MIME
