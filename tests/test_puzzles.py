"""Puzzles: answers agree with the engine, every position happens in a real deal, same seed same
set, every rule of a level shows up; the puzzle-set files; the click-the-cards widget."""

from __future__ import annotations

import re

import nbformat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nbclient import NotebookClient

from cardlib import RULE_IDS, Card, callbreak
from cardlib.cards import parse_cards, sort_for_display, to_mask
from cardlib.exercises import check_rule
from cardlib.exercises.puzzle_sets import (
    answer_key,
    instructor_notebook,
    student_notebook,
    write_puzzle_set,
)
from cardlib.puzzles.legal_play import (
    LEVELS,
    RIVALS,
    kind_of,
    narrows,
    puzzle,
    puzzle_set,
    puzzle_stream,
    rule_masks,
)
from cardlib.tricks import trick_winner
from cardlib.widgets.puzzles import PuzzleStream, PuzzleWidget

SAMPLE = [puzzle(level, seed, n) for level in LEVELS for seed in (0, 7) for n in range(8)]


def _ids(p):
    return f"{p.level}-{p.seed}-{p.number}"


@pytest.mark.parametrize("p", SAMPLE, ids=_ids)
def test_answer_agrees_with_legal_plays(p):
    assert p.legal == callbreak.legal_plays(p.hand, p.trick, p.variant, p.first_trick)
    explanation = callbreak.explain_play(p.hand, p.trick, p.variant, p.first_trick)
    assert (p.rule, p.explanation) == (explanation.rule, explanation.text)
    assert p.rule == kind_of(p.level, p.seed, p.number).rule
    assert p.check(sorted(p.legal)).correct


def _seats_of_history(p) -> tuple[list[int], int]:
    """Who played each card before the puzzle's turn, and who leads the current trick, from the
    rules alone (not the Deal class): the dealer's left leads first, each winner leads next."""
    seats, leader = [], (p.dealer + 1) % 4
    history = list(p.history)
    for start in range(0, len(history), 4):
        trick = history[start : start + 4]
        seats += [(leader + i) % 4 for i in range(len(trick))]
        if len(trick) == 4:
            leader = (leader + trick_winner(trick, "S")) % 4
    return seats, leader


def assert_reachable(p):
    # Cards unique: the hand, the trick and every card played before.
    everything = list(p.hand) + list(p.history)
    assert len(set(everything)) == len(everything)
    assert set(p.trick) <= set(p.history)
    # Counts consistent with the tricks so far and the seats that played to this trick.
    assert len(p.history) == 4 * p.tricks_played + len(p.trick)
    assert len(p.hand) == 13 - p.tricks_played
    assert p.trick == tuple(p.history[len(p.history) - len(p.trick) :])
    seats, leader = _seats_of_history(p)
    assert p.trick_seats == tuple(seats[len(seats) - len(p.trick) :])
    assert p.seat == (leader + len(p.trick)) % 4  # clockwise from the trick's leader
    assert p.seat not in p.trick_seats
    assert p.first_trick == (p.tricks_played == 0)
    # Nobody shown void in a suit holds or plays it afterwards.
    void: dict[int, set[str]] = {s: set() for s in range(4)}
    for start in range(0, len(p.history), 4):
        trick = p.history[start : start + 4]
        for card, seat in zip(trick, seats[start : start + 4], strict=True):
            assert card.suit not in void[seat], f"seat {seat} played {card} after showing void"
            if card.suit != trick[0].suit:
                void[seat].add(trick[0].suit)
    assert not {c.suit for c in p.hand} & void[p.seat]
    # And the real deal, replayed, reaches exactly this position.
    deal = p.replay()
    assert deal.to_act == p.seat and deal.hand(p.seat) == set(p.hand) and deal.trick == p.trick
    assert deal.calls == p.calls and len(deal.tricks) == p.tricks_played


@pytest.mark.parametrize("p", SAMPLE, ids=_ids)
def test_every_position_is_reachable(p):
    assert_reachable(p)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(LEVELS)), st.integers(0, 10**6), st.integers(0, 30))
def test_any_seed_gives_a_valid_reachable_puzzle(level, seed, number):
    p = puzzle(level, seed, number)
    assert p.legal == callbreak.legal_plays(p.hand, p.trick, p.variant, p.first_trick)
    assert p.rule in {kind.rule for kind in LEVELS[level]}
    assert len(p.hand) >= 3
    assert_reachable(p)


def _tests_its_rule(p) -> None:
    """The puzzle's rule matters: two legal cards at least, and every rival rule allows other
    cards (a player who forgot the rule would answer wrong)."""
    assert len(p.legal) >= 2, f"{_ids(p)} is a singleton"
    rivals = dict(p.rivals)
    assert set(rivals) == set(RIVALS[p.rule])
    rules = callbreak.play_rules(p.variant)
    masks = rule_masks(to_mask(p.hand), [int(c) for c in p.trick], rules, p.first_trick)
    for rule, cards in rivals.items():
        assert cards != p.legal
        if not (p.rule == "free" and not p.variant.free_discard):
            assert to_mask(cards) == masks[rule]
    if p.rule == "must-beat":  # some card of the led suit does not beat
        assert {c for c in p.hand if c.suit == p.trick[0].suit} != p.legal
    if p.rule == "follow-trumped":  # some card of the led suit could beat: "must beat" is wrong
        top = max((c for c in p.trick if c.suit == p.trick[0].suit), key=lambda c: c.rank)
        assert any(c.suit == top.suit and c.rank > top.rank for c in p.hand)
    if p.rule == "must-overtrump":  # a spade too low to over-trump
        assert any(c.suit == "S" for c in p.hand if c not in p.legal)
    if p.rule == "free" and p.variant.free_discard:
        assert any(c.suit == "S" for c in p.hand)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_puzzle_tests_its_rule_over_many_seeds(level):
    count = 0
    for seed in range(25):
        for p in puzzle_set(8, level, seed):
            _tests_its_rule(p)
            count += 1
    assert count == 200


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(LEVELS)), st.integers(0, 10**6), st.integers(0, 40))
def test_any_puzzle_tests_its_rule(level, seed, number):
    _tests_its_rule(puzzle(level, seed, number))


def test_the_showcase_puzzle_of_notebook_08_is_no_singleton():
    p = puzzle("medium", seed=4, number=0)
    assert len(p.legal) >= 2 and p.legal != set(p.hand)


def test_narrows_refuses_positions_that_do_not_test_the_rule():
    rules = callbreak.play_rules(callbreak.STANDARD)
    every_heart_beats = narrows(
        "must-beat", to_mask(parse_cards("KH AH 2C")), [int(Card("QH"))], rules
    )
    assert every_heart_beats is None
    singleton = narrows("must-beat", to_mask(parse_cards("KH 3H 2C")), [int(Card("QH"))], rules)
    assert singleton is None
    assert (
        narrows("must-beat", to_mask(parse_cards("KH AH 3H")), [int(Card("QH"))], rules) is not None
    )
    nothing_beats_anyway = [int(Card(c)) for c in ("AH", "2S")]
    assert (
        narrows("follow-trumped", to_mask(parse_cards("3H 4H 2C")), nothing_beats_anyway, rules)
        is None
    )
    trumped = [int(Card(c)) for c in ("QH", "2S")]
    assert narrows("follow-trumped", to_mask(parse_cards("KH 4H 2C")), trumped, rules) is not None


@pytest.mark.parametrize("p", SAMPLE, ids=_ids)
def test_rule_answers_accept_every_rule_with_the_same_legal_set(p):
    rules = callbreak.play_rules(p.variant)
    masks = rule_masks(to_mask(p.hand), [int(c) for c in p.trick], rules, p.first_trick)
    for rule in RULE_IDS:
        same = rule == p.rule or masks.get(rule) == to_mask(p.legal)
        verdict = check_rule(rule, p.hand, p.trick, p.variant, p.first_trick)
        assert verdict.correct == same, (rule, str(verdict))


def test_exercise_06_accepts_follow_any_where_it_means_follow_trumped():
    assert check_rule("follow-any", hand="3H KH 4C", trick="QH 5S")
    assert check_rule("follow-trumped", hand="3H KH 4C", trick="QH 5S")
    assert not check_rule("must-beat", hand="3H KH 4C", trick="QH 5S")


def test_same_seed_same_set_and_the_stream_starts_with_it():
    assert puzzle_set(10, "medium", seed=7) == puzzle_set(10, "medium", seed=7)
    assert puzzle_set(10, "medium", seed=7) != puzzle_set(10, "medium", seed=8)
    stream = puzzle_stream("medium", seed=7)
    assert [next(stream) for _ in range(10)] == puzzle_set(10, "medium", seed=7)


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("seed", [0, 7, 123])
def test_every_rule_of_the_level_is_represented(level, seed):
    kinds = LEVELS[level]
    puzzles = puzzle_set(len(kinds), level, seed)
    assert {(p.rule, p.variant) for p in puzzles} == {(k.rule, k.variant) for k in kinds}


def test_levels_follow_the_ladder():
    rules = {level: {kind.rule for kind in kinds} for level, kinds in LEVELS.items()}
    assert rules["easy"] == {"lead", "follow-any", "free"}
    assert rules["medium"] == {"must-beat", "follow-trumped", "must-trump"}
    assert rules["hard"] == {"must-overtrump", "must-undertrump", "lead-no-spade", "free"}


def test_hard_free_discard_puzzles_turn_on_the_variant():
    for p in puzzle_set(12, "hard", seed=2):
        if p.rule == "free":
            assert p.variant.free_discard and any(c.suit == "S" for c in p.hand)
            # Under the standard rules the same position forces a losing spade.
            assert callbreak.explain_play(p.hand, p.trick).rule == "must-undertrump"


def test_bad_requests():
    with pytest.raises(ValueError, match="level must be one of easy, medium, hard"):
        puzzle_set(3, "expert", 1)
    with pytest.raises(ValueError, match="count"):
        puzzle_set(0, "easy", 1)


def test_text_and_html():
    p = puzzle("medium", seed=4, number=0)
    assert repr(p) == "puzzle('medium', seed=4, number=0)"
    assert str(p) == (
        "Puzzle 1 (medium, seed 4): standard rules\n"
        "Trick 9: South J♥, West 2♣, North 8♠; your turn.\n"
        "Your hand (East): 3♠ A♥ 8♥ 4♥ 10♣"
    )
    html = p._repr_html_()
    assert 'aria-label="eight of hearts"' in html and "<title>" in html


# ----- the puzzle-set command --------------------------------------------------------------------


def test_puzzle_set_files_are_deterministic(tmp_path):
    first = write_puzzle_set(10, "medium", 7, tmp_path / "a")
    second = write_puzzle_set(10, "medium", 7, tmp_path / "b")
    assert [p.relative_to(tmp_path / "a").as_posix() for p in first] == [
        "source/puzzles-medium-seed7.ipynb",
        "students/puzzles-medium-seed7.ipynb",
        "key/puzzles-medium-seed7-key.md",
    ]
    for a, b in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes()


def test_answer_key_lists_every_answer():
    key = answer_key(6, "hard", 3)
    for p in puzzle_set(6, "hard", 3):
        assert f"`{p.rule}` | {p.explanation} |" in key


def _run(notebook, tmp_path):
    NotebookClient(
        notebook, timeout=120, allow_errors=True, resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    return [c for c in notebook.cells if c.id.endswith("-check")]


def _text(cell) -> str:
    return "".join(
        o.get("text", "") or o.get("data", {}).get("text/plain", "") for o in cell.outputs
    )


def test_student_puzzle_notebook_holds_no_answer_and_grades_like_the_exercises(tmp_path):
    puzzles = puzzle_set(4, "medium", 5)
    notebook = student_notebook(4, "medium", 5, mode="practice")
    text = nbformat.writes(notebook)
    assert "### BEGIN" not in text and "puzzle_set" not in text
    assert not re.search(
        r"\.legal\b", text
    )  # no puzzle's answer attribute (legal_play is the module)
    for p in puzzles:
        assert p.explanation not in text
        assert '"' + " ".join(c.code for c in sorted(p.legal, key=p.hand.index)) + '"' not in text
    checks = _run(notebook, tmp_path)
    assert len(checks) == 4
    for cell in checks:
        assert cell.metadata["nbgrader"]["points"] == 1
        assert _text(cell).startswith("✗ Not answered yet"), _text(cell)


def run_here(notebook) -> list:
    """A notebook's code cells run in this process, in order, in one namespace, as a kernel
    would run them (without starting one): what each check cell returns."""
    from cardlib.exercises import feedback

    namespace: dict = {}
    checks = []
    try:
        for cell in notebook.cells:
            if cell.cell_type != "code":
                continue
            if cell.id.endswith("-check"):
                checks.append(eval(compile(cell.source, cell.id, "eval"), namespace))
            else:
                exec(compile(cell.source, cell.id, "exec"), namespace)
    finally:
        feedback._mode = None  # the mode cell set it: the next notebook starts afresh
    return checks


def test_instructor_puzzle_notebook_solutions_are_right():
    checks = run_here(instructor_notebook(4, "hard", 5))
    assert [str(check)[:9] for check in checks] == ["✓ Correct"] * 4


# ----- the widget --------------------------------------------------------------------------------


def test_widget_right_answer_marks_cards():
    p = puzzle("medium", seed=7, number=2)
    w = PuzzleWidget(p)
    assert w.result is None and w.feedback.value == ""
    assert set(w.buttons) == set(p.hand)
    for card, button in w.buttons.items():
        assert {"cardlib-card-button", f"cardlib-card-{card.code}"} <= set(button._dom_classes)
        assert button.tooltip == card.name and button.description == str(card)
    w.select(p.legal)
    assert w.selected == p.legal
    w.check_button.click()
    assert w.result.correct and "✓ Correct" in w.feedback.value
    for card in p.hand:
        marked = "cardlib-card-right" in w.buttons[card]._dom_classes
        assert marked == (card in p.legal)


def test_widget_with_nothing_chosen_asks_for_cards_and_lists_none():
    p = puzzle("medium", seed=4, number=0)
    w = PuzzleWidget(p)
    w.check_button.click()
    assert w.result is None and "Not answered yet" in w.feedback.value
    assert not any(str(card) in w.feedback.value for card in p.hand)


def test_widget_wrong_answer_says_why_and_marks_missing_and_wrong():
    p = puzzle("medium", seed=4, number=0)  # follow-trumped: any card of the led suit
    wrong = next(card for card in p.hand if card not in p.legal)
    w = PuzzleWidget(p)
    w.select([wrong])
    w.check_button.click()
    assert not w.result.correct
    missing = " ".join(str(c) for c in sort_for_display(p.legal))
    assert f"Missing: {missing}" in w.feedback.value
    assert f"Not allowed: {wrong}" in w.feedback.value
    for card in p.legal:
        assert "cardlib-card-missing" in w.buttons[card]._dom_classes
    assert "cardlib-card-wrong" in w.buttons[wrong]._dom_classes
    assert w.buttons[wrong].icon == "times"
    w.select(p.legal)  # a second try is judged, but the first result stays
    w.check_button.click()
    assert "✓ Correct" in w.feedback.value and not w.result.correct
    assert "cardlib-card-wrong" not in w.buttons[wrong]._dom_classes


def test_stream_counts_only_first_checks_and_goes_on():
    stream = PuzzleStream(level="easy", seed=1)
    assert "cardlib-puzzle-stream" in stream.widget._dom_classes
    assert "cardlib-score" in stream.score_label._dom_classes
    assert "cardlib-next-puzzle" in stream.next_button._dom_classes
    assert stream.score == "Score: 0 of 0"
    first = stream.current
    first.select(first.puzzle.legal)
    first.check_button.click()
    first.check_button.click()
    assert stream.score == "Score: 1 of 1" and "Score: 1 of 1" in stream.score_label.value
    stream.next_button.click()
    assert stream.number == 1 and stream.current.puzzle == puzzle("easy", 1, 1)
    stream.current.check_button.click()  # nothing chosen: not a try
    assert stream.score == "Score: 1 of 1"
    stream.current.select(stream.current.puzzle.hand[:1])
    stream.current.check_button.click()
    assert stream.score == "Score: 1 of 2"
    stream.level.value = "hard"
    assert stream.number == 0 and stream.current.puzzle == puzzle("hard", 1, 0)
    assert stream.holder.children == (stream.current.widget,)
