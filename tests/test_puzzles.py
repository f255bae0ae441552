"""Puzzles: answers agree with the engine, every position happens in a real deal, same seed same
set, every rule of a level shows up; the puzzle-set files; the click-the-cards widget."""

from __future__ import annotations

import nbformat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nbclient import NotebookClient

from cardlib import Card, callbreak
from cardlib.exercises.puzzle_sets import answer_key, student_notebook, write_puzzle_set
from cardlib.puzzles import LEVELS, kind_of, puzzle, puzzle_set, puzzle_stream
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
    p = puzzle("medium", seed=29, number=0)
    assert repr(p) == "puzzle('medium', seed=29, number=0)"
    assert str(p) == (
        "Puzzle 1 (medium, seed 29): standard rules\n"
        "Trick 11: South Q♣, West 9♦, North J♠; your turn.\n"
        "Your hand (East): 10♠ 3♥ 5♣"
    )
    html = p._repr_html_()
    assert 'aria-label="five of clubs"' in html and "<title>" in html


# ----- the puzzle-set command --------------------------------------------------------------------


def test_puzzle_set_files_are_deterministic(tmp_path):
    first = write_puzzle_set(10, "medium", 7, tmp_path / "a")
    second = write_puzzle_set(10, "medium", 7, tmp_path / "b")
    assert [p.name for p in first] == ["puzzles-medium-seed7.ipynb", "puzzles-medium-seed7-key.md"]
    for a, b in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes()


def test_answer_key_lists_every_answer():
    key = answer_key(6, "hard", 3)
    for p in puzzle_set(6, "hard", 3):
        assert f"`{p.rule}` | {p.explanation} |" in key


def test_student_puzzle_notebook_runs_and_hides_the_key(tmp_path):
    notebook = student_notebook(3, "easy", 5)
    text = nbformat.writes(notebook)
    for p in puzzle_set(3, "easy", 5):
        assert p.explanation not in text
    NotebookClient(notebook, timeout=120, resources={"metadata": {"path": str(tmp_path)}}).execute()
    widgets = [c for c in notebook.cells if c.id.endswith("-widget")]
    assert len(widgets) == 3
    for cell in widgets:
        assert "application/vnd.jupyter.widget-view+json" in cell.outputs[0]["data"]


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


def test_widget_wrong_answer_says_why_and_marks_missing_and_wrong():
    p = puzzle("medium", seed=29, number=0)  # follow-trumped: 5♣ only, from 10♠ 3♥ 5♣
    w = PuzzleWidget(p)
    w.select("3H")
    w.check_button.click()
    assert not w.result.correct
    assert "Missing: 5♣" in w.feedback.value and "Not allowed: 3♥" in w.feedback.value
    assert "cardlib-card-missing" in w.buttons[Card("5C")]._dom_classes
    assert "cardlib-card-wrong" in w.buttons[Card("3H")]._dom_classes
    assert w.buttons[Card("3H")].icon == "times"
    w.select("5C")  # a second try is judged, but the first result stays
    w.check_button.click()
    assert "✓ Correct" in w.feedback.value and not w.result.correct
    assert "cardlib-card-wrong" not in w.buttons[Card("3H")]._dom_classes


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
    stream.current.select([])
    stream.current.check_button.click()
    assert stream.score == "Score: 1 of 2"
    stream.level.value = "hard"
    assert stream.number == 0 and stream.current.puzzle == puzzle("hard", 1, 0)
    assert stream.holder.children == (stream.current.widget,)
