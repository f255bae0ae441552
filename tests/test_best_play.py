"""Best-play puzzles: every answer proven by the solver (recomputed from the real deal and, on
small endings, by brute force), clearly best by the stated margin, legal, deterministic; the
check reads an answer the same way in every mode and gives nothing away when graded; the
puzzle-set files hold no answer."""

from __future__ import annotations

import re
from fractions import Fraction

import nbformat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nbclient import NotebookClient
from test_puzzles import run_here

from cardlib import Card, callbreak, judgement
from cardlib.coach.solver import brute_force, solve
from cardlib.exercises import check_best_play, exercise_mode
from cardlib.exercises import feedback as feedback_module
from cardlib.exercises.puzzle_sets import (
    answer_key,
    instructor_notebook,
    student_notebook,
    write_puzzle_set,
)
from cardlib.game import explain_play
from cardlib.puzzles.best_play import (
    LEVELS,
    MARGIN,
    best_cards,
    best_puzzle,
    best_puzzle_set,
    best_puzzle_stream,
    ending_from,
    forces_exact_bid,
    margin,
    reason_text,
    runs,
    show_ending,
    sure_to_make,
    sure_tricks,
    verdict,
)

SAMPLE = [best_puzzle(level, seed, n) for level in LEVELS for seed in (0, 7) for n in range(3)]
#: Call Bridge's endings (counter-clockwise, bids, whole points): the easier levels.
BRIDGE = [best_puzzle(level, 0, n, "callbridge") for level in ("easy", "medium") for n in range(3)]
#: Judgement's endings (a round's trump, exact bids, whole points).
JUDGEMENT = [best_puzzle(level, 0, n, "judgement") for level in LEVELS for n in range(2)]


def _ids(p):
    return f"{p.game}-{p.level}-{p.seed}-{p.number}"


@pytest.fixture(autouse=True)
def _no_mode_left_behind():
    yield
    feedback_module._mode = None


def assert_clearly_best(p) -> None:
    """The puzzle's promise, recomputed from scratch: the answer is every card the solver finds
    best, one card in effect, legal, and every other legal card scores at least MARGIN less."""
    solution = solve(p.ending)
    seat = p.seat
    legal = explain_play(p.hand, p.trick, p.ending.rules).legal
    assert p.best and p.best <= legal and p.best < legal
    assert p.best == best_cards(solution) == solution.best
    assert p.best in runs(p.ending)
    top = Fraction(solution.value)
    for value in solution.cards:
        if value.card not in p.best:
            assert top - Fraction(value.points[seat]) >= MARGIN, (value, top)
    assert p.margin == margin(solution) >= MARGIN
    # What the notebook and the README say a margin of a point means in Call Break: the answer
    # makes the call and every other card is set.
    for value in solution.cards:
        made = value.points[seat] > 0
        assert made == (value.card in p.best), value
    assert {v.card for v in solution.cards} == legal
    assert p.values == solution.cards
    assert p.reason == reason_text(solution, p.ending)
    # Even if every other player plays against you, the answer makes the call.
    assert all(sure_to_make(p.ending, card) for card in p.best)
    assert p.reason.split(". Every other")[0].endswith("— whatever the others play")


@pytest.mark.parametrize("p", SAMPLE + BRIDGE + JUDGEMENT, ids=_ids)
def test_the_solver_proves_every_answer_in_the_real_deal(p):
    assert_clearly_best(p)
    deal = p.replay()  # the position happened: the bots' own deal reaches it
    assert deal.to_act == p.seat and deal.trick == p.trick
    assert [deal.hand(s) for s in range(4)] == [set(h) for h in p.hands]
    assert deal.calls == p.calls and deal.tricks_won == p.won
    assert len(deal.hand(p.seat)) == LEVELS[p.level] - (1 if p.seat in p.trick_seats else 0)
    assert solve(deal).best == p.best


@pytest.mark.parametrize("p", [p for p in SAMPLE if p.level == "easy"], ids=_ids)
def test_brute_force_agrees_on_the_small_endings(p):
    finals = brute_force(p.ending)
    seat = p.seat
    points = {card: p.ending.score(seat, final[seat]) for card, final in finals.items()}
    top = max(points.values())
    assert {card for card, value in points.items() if value == top} == p.best


def _paranoid(ending, seat, hands, trick, leader) -> int:
    """Plain minimax, no table: tricks ``seat`` takes from here if the others play against it."""
    rules = ending.rules
    if not trick and not hands[leader]:
        return 0
    to_act = (leader + len(trick)) % 4
    outcomes = []
    for card in callbreak.legal_plays(hands[to_act], trick):
        rest = list(hands)
        rest[to_act] = hands[to_act] - {card}
        now = (*trick, card)
        if len(now) < 4:
            outcomes.append(_paranoid(ending, seat, rest, now, leader))
        else:
            winner = (leader + callbreak.trick_winner(now)) % 4
            outcomes.append((winner == seat) + _paranoid(ending, seat, rest, (), winner))
    assert rules.trump == "S"
    return max(outcomes) if to_act == seat else min(outcomes)


@pytest.mark.parametrize("p", [p for p in SAMPLE if p.level == "easy"], ids=_ids)
def test_sure_tricks_agree_with_a_plain_minimax(p):
    ending, seat = p.ending, p.seat
    hands = [frozenset(h) for h in ending.hands]
    for value in p.values:
        rest = list(hands)
        rest[seat] = hands[seat] - {value.card}
        now = (*ending.trick, value.card)
        if len(now) < 4:
            expected = _paranoid(ending, seat, rest, now, ending.leader)
        else:
            winner = (ending.leader + callbreak.trick_winner(now)) % 4
            expected = (winner == seat) + _paranoid(ending, seat, rest, (), winner)
        assert sure_tricks(ending, value.card) == expected
        # Against you, the others do at least as well as when each plays for their own score.
        assert ending.won[seat] + expected <= value.tricks[seat]


@settings(max_examples=12, deadline=None)
@given(
    st.sampled_from(["easy", "medium"]),
    st.integers(0, 10**6),
    st.integers(0, 20),
    st.sampled_from(["callbreak", "callbridge", "judgement"]),
)
def test_any_seed_gives_a_clearly_best_deterministic_puzzle(level, seed, number, game):
    p = best_puzzle(level, seed, number, game)
    assert_clearly_best(p)
    assert best_puzzle(level, seed, number, game) == p


def test_same_seed_same_set_and_the_stream_starts_with_it():
    first = best_puzzle_set(4, "easy", seed=3)
    assert best_puzzle_set(4, "easy", seed=3) == first
    assert best_puzzle_set(4, "easy", seed=4) != first
    stream = best_puzzle_stream("easy", seed=3)
    assert [next(stream) for _ in range(4)] == first


def test_bad_requests():
    with pytest.raises(ValueError, match="level must be one of easy, medium, hard"):
        best_puzzle_set(3, "expert", 1)
    with pytest.raises(ValueError, match="count"):
        best_puzzle_set(0, "easy", 1)
    with pytest.raises(ValueError, match="four hands"):
        ending_from(("AS", "KS"), "", 0, (1, 1), (0, 0))


# ----- a hand-made ending ------------------------------------------------------------------------

# South leads, needing two more tricks for a call of 3, and nobody holds a spade: A♥ wins this
# trick, and then 4♥ wins the next (North's Q♥ has gone and nobody else holds a heart). Lead 4♥
# or 2♣ first and North takes the trick and the lead.
HANDS = ("AH 4H 2C", "QD 5D 3D", "QH 9C 8C", "JD 7C 6C")
GIVENS = (HANDS, "", 0, (3, 3, 3, 3), (1, 3, 3, 3))


def test_a_hand_made_ending_and_its_reason():
    ending = ending_from(*GIVENS)
    solution, best = verdict(ending)
    assert best == {Card("AH")}
    assert reason_text(solution, ending) == (
        "A♥: you take 2 of the last 3 tricks, 3 in all, and make your call of 3 (+3.0) — whatever "
        "the others play. Every other card does worse — 4♥ or 2♣: you take 0 of the last 3 "
        "tricks, 1 in all, and are set on your call of 3 (−3.0)."
    )
    assert set(runs(ending)) == {frozenset({Card(c)}) for c in ("4H", "AH", "2C")}


def test_a_margin_of_a_tenth_is_not_a_puzzle():
    # With a call of 2, 2♣ still makes the call (+2.0): A♥ is best (+2.1) but not clearly.
    ending = ending_from(HANDS, "", 0, (2, 3, 3, 3), (1, 3, 3, 3))
    assert solve(ending).best == {Card("AH")} and margin(solve(ending)) == Fraction(1, 10)
    assert verdict(ending) is None


def test_runs_join_cards_with_nothing_in_play_between():
    hands = ("KH QH 2C", "AH 3C 4C", "9H 5C 6C", "8D 7C 8C")
    ending = ending_from(hands, "", 0, (1,) * 4, (0,) * 4)
    assert set(runs(ending)) == {frozenset({Card("2C")}), frozenset({Card("QH"), Card("KH")})}


# ----- the check ---------------------------------------------------------------------------------


def test_check_accepts_the_best_card_in_any_form_and_explains():
    right = check_best_play("ah", *GIVENS)
    assert right.correct and "A♥: you take 2 of the last 3 tricks" in str(right)
    assert check_best_play(Card("AH"), *GIVENS).correct
    assert check_best_play(["A♥"], *GIVENS).correct


def test_check_wrong_cards_in_practice_and_graded_mode():
    wrong = check_best_play("4H", *GIVENS)
    assert not wrong.correct and "4♥ is not the best card here: you take 0" in str(wrong)
    assert "A♥" in str(wrong)  # practice: the best card and why
    assert "not in your hand" in str(check_best_play("KS", *GIVENS))
    exercise_mode("graded")
    for answer in ("4H", "5S", "KS", "2C 3C", None, 7):
        text = str(check_best_play(answer, *GIVENS))
        assert text.startswith("✗") and "A♥" not in text and "AH" not in text, text
    assert str(check_best_play("4H", *GIVENS)) == (
        "✗ Not yet: that card is allowed, but another card does better for you here."
    )
    assert check_best_play("AH", *GIVENS).correct


def test_check_refuses_a_card_the_rules_do_not_allow():
    # West led 2♥, North 9♥, East J♦: South must beat 9♥ with A♥.
    givens = (("AH 4H 5S", "KS 3D", "QH 8C", "7C 6C"), "2H 9H JD", 1, (2, 3, 3, 3), (1, 3, 3, 3))
    wrong = check_best_play("5S", *givens)
    assert str(wrong) == (
        "✗ Not yet: 5♠ is not allowed here.\n"
        "Why: Hearts were led and 9♥ is highest; you hold A♥, which beats it, so you must play A♥."
    )
    assert check_best_play("AH", *givens).correct
    exercise_mode("graded")
    assert str(check_best_play("5S", *givens)) == (
        "✗ Not yet: you chose a card the rules do not allow here."
    )


def test_examples_are_never_the_players_cards():
    ending = ending_from(*GIVENS)
    text = str(check_best_play(None, *GIVENS))
    assert "for example" in text
    example = text.split('for example "')[1].split('"')[0]
    assert Card(example) not in ending.hands[ending.to_act]


def test_show_ending_draws_the_four_hands_and_the_question():
    html = show_ending(*GIVENS)
    assert "double-dummy ending" in html and "You are South" in html
    assert html.count("<svg") == 4 and 'aria-label="ace of hearts"' in html


# ----- puzzle sets of the best kind --------------------------------------------------------------


def _run(notebook, tmp_path):
    NotebookClient(
        notebook, timeout=120, allow_errors=True, resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    return [c for c in notebook.cells if c.id.endswith("-check")]


def _text(cell) -> str:
    return "".join(
        o.get("text", "") or o.get("data", {}).get("text/plain", "") for o in cell.outputs
    )


@pytest.mark.slow
def test_best_play_set_student_holds_no_answer_and_instructor_is_right(tmp_path):
    puzzles = best_puzzle_set(3, "easy", 5)
    notebook = student_notebook(3, "easy", 5, mode="graded", kind="best")
    text = nbformat.writes(notebook)
    assert "### BEGIN" not in text and "best_puzzle" not in text
    assert not re.search(r"\.best\b(?!_play)|\.reason|\.values", text)
    for p in puzzles:
        assert p.reason not in text
        for card in p.best:
            assert f'answer_{p.number + 1} = "{card.code}"' not in text
    graded = _run(notebook, tmp_path)
    assert [_text(cell)[:18] for cell in graded] == ["✗ Not answered yet"] * 3
    for cell, p in zip(graded, puzzles, strict=True):
        assert cell.metadata["nbgrader"]["points"] == 1
        assert not any(str(card) in _text(cell) or card.code in _text(cell) for card in p.hand)
    checks = run_here(instructor_notebook(3, "easy", 5, kind="best"))
    assert [str(check)[:9] for check in checks] == ["✓ Correct"] * 3


def test_best_play_set_files_and_key(tmp_path):
    first = write_puzzle_set(2, "easy", 5, tmp_path / "a", kind="best")
    second = write_puzzle_set(2, "easy", 5, tmp_path / "b", kind="best")
    assert [p.relative_to(tmp_path / "a").as_posix() for p in first] == [
        "source/puzzles-best-easy-seed5.ipynb",
        "students/puzzles-best-easy-seed5.ipynb",
        "key/puzzles-best-easy-seed5-key.md",
    ]
    for a, b in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes()
    key = answer_key(2, "easy", 5, kind="best")
    assert "--kind best --count 2 --level easy --seed 5" in key
    for p in best_puzzle_set(2, "easy", 5):
        assert f"| {p.reason} |" in key


def test_bad_kind_is_refused():
    with pytest.raises(ValueError, match="kind must be one of legal, best"):
        instructor_notebook(2, "easy", 5, kind="worst")


# ----- the click-the-card widget -----------------------------------------------------------------


def test_widget_takes_one_card_and_marks_the_verdict():
    from cardlib.widgets.puzzles import PuzzleWidget

    p = best_puzzle("easy", seed=1, number=1)
    w = PuzzleWidget(p)
    assert set(w.buttons) == set(p.hand) and "double-dummy ending" in w.position.value
    w.check_button.click()
    assert w.result is None and "click the card you would play" in w.feedback.value
    wrong = next(v.card for v in p.values if v.card not in p.best)
    right = sorted(p.best)[0]
    w.buttons[right].value = True
    w.buttons[wrong].value = True  # choosing a card lets go of the other
    assert w.selected == {wrong}
    w.check_button.click()
    assert not w.result.correct and "is not the best card here" in w.feedback.value
    assert "cardlib-card-wrong" in w.buttons[wrong]._dom_classes
    assert all("cardlib-card-missing" in w.buttons[c]._dom_classes for c in p.best)
    w.select([right])
    w.check_button.click()
    assert "✓ Correct" in w.feedback.value and not w.result.correct  # the first check stays
    for card, button in w.buttons.items():
        assert ("cardlib-card-right" in button._dom_classes) == (card == right)
        assert "cardlib-card-missing" not in button._dom_classes


# ----- Call Bridge -------------------------------------------------------------------------------


def test_call_bridge_endings_play_counter_clockwise_and_speak_of_bids():
    p = BRIDGE[0]
    assert p.ending.direction == -1 and p.ending.game == "callbridge"
    assert p.trick_seats == tuple((p.leader - i) % 4 for i in range(len(p.trick)))
    assert p.seat == (p.leader - len(p.trick)) % 4
    assert "bid of" in p.reason and "call of" not in p.reason
    assert "(Call Bridge, easy, seed 0)" in p.title and "a bid of" in p.question
    assert repr(p) == "best_puzzle('easy', seed=0, number=0, game='callbridge')"
    assert p.check(sorted(p.best)[0]).correct
    assert best_puzzle("easy", 0, 0) != p  # another game, another stream


def test_a_call_bridge_bonus_bid_is_sure_only_if_no_trick_count_can_break_it():
    # South bid 8 (a bonus bid: 8 or 9 tricks score 13, fewer or more fail) with 6 won: the two
    # top spades are sure, the low hearts lose if the others want them; but 10 tricks are
    # reachable (if the others let the hearts win), so even this is not "whatever they play".
    hands = ("AS KS 3H 2H", "AH KH 4D 5D", "QH JH 6D 7D", "TH 9H 8D 9D")
    ending = ending_from(hands, "", 0, (8, 2, 2, 2), (6, 2, 1, 0), game="callbridge")
    assert solve(ending).value == 13
    assert sure_tricks(ending, Card("AS")) == 2 and not sure_to_make(ending, Card("AS"))
    assert verdict(ending) is None
    # With 7 won and the two top spades only, 9 tricks is all there is: sure.
    two = ending_from(
        ("AS KS", "AH 4D", "QH 6D", "TH 8D"), "", 0, (8, 2, 2, 2), (7, 2, 1, 1), game="callbridge"
    )
    assert sure_to_make(two, Card("AS"))


def test_call_bridge_sets_are_written_with_their_game(tmp_path):
    written = write_puzzle_set(2, "easy", 0, tmp_path, kind="best", game="callbridge")
    assert [p.name for p in written] == [
        "puzzles-best-callbridge-easy-seed0.ipynb",
        "puzzles-best-callbridge-easy-seed0.ipynb",
        "puzzles-best-callbridge-easy-seed0-key.md",
    ]
    notebook = nbformat.read(written[0], as_version=4)
    checks = [c.source for c in notebook.cells if c.id.endswith("-check")]
    assert all("game='callbridge'" in source for source in checks)
    key = written[2].read_text(encoding="utf-8")
    assert "--kind best --game callbridge --count 2" in key and "(Call Bridge)" in key
    with pytest.raises(ValueError, match="puzzles of the legal kind are for callbreak"):
        instructor_notebook(2, "easy", 0, kind="legal", game="callbridge")


# ----- Judgement ---------------------------------------------------------------------------------


def _hits_exactly(ending, need, hands, trick, leader) -> bool:
    """Plain minimax, no table: whether the player to act at the root can end with exactly
    ``need`` more tricks if every other player plays to make them miss (Judgement's rules)."""
    seat, rules = ending.to_act, ending.rules
    if not trick and not hands[leader]:
        return need == 0
    to_act = (leader + len(trick)) % 4
    outcomes = []
    for card in judgement.legal_plays(hands[to_act], trick, rules):
        rest = list(hands)
        rest[to_act] = hands[to_act] - {card}
        now = (*trick, card)
        if len(now) < 4:
            outcomes.append(_hits_exactly(ending, need, rest, now, leader))
        else:
            winner = (leader + judgement.trick_winner(now, rules.trump)) % 4
            outcomes.append(_hits_exactly(ending, need - (winner == seat), rest, (), winner))
    return any(outcomes) if to_act == seat else all(outcomes)


def assert_exact_by_brute_force(p) -> None:
    """Every legal card's value, recomputed by plain max-n over every play sequence, and the
    claim "whatever the others play" by a plain minimax towards the exact bid."""
    ending, seat = p.ending, p.seat
    finals = brute_force(ending)
    assert {v.card: v.tricks for v in p.values} == finals
    for value in p.values:
        assert value.points == tuple(
            judgement.score(ending.calls[s], value.tricks[s]) for s in range(4)
        )
    hands = [frozenset(h) for h in ending.hands]
    for value in p.values:
        rest = list(hands)
        rest[seat] = hands[seat] - {value.card}
        need = ending.calls[seat] - ending.won[seat]
        now = (*ending.trick, value.card)
        if len(now) < 4:
            sure = _hits_exactly(ending, need, rest, now, ending.leader)
        else:
            winner = (ending.leader + judgement.trick_winner(now, ending.rules.trump)) % 4
            sure = _hits_exactly(ending, need - (winner == seat), rest, (), winner)
        assert forces_exact_bid(ending, value.card) == sure
        assert sure == (value.card in p.best)  # the best card is sure; no other card can be


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 20))
def test_every_judgement_puzzle_is_sharp_and_exact_by_brute_force(seed, number):
    p = best_puzzle("easy", seed, number, "judgement")
    assert_clearly_best(p)
    assert_exact_by_brute_force(p)
    assert p.ending.game == "judgement" and p.ending.rules == judgement.play_rules(p.trump)
    assert p.trump == judgement.SCHEDULE[p.round_number - 1].trump


@pytest.mark.parametrize("p", [p for p in JUDGEMENT if p.level != "hard"], ids=_ids)
def test_judgement_samples_agree_with_brute_force(p):
    assert_exact_by_brute_force(p)


def test_judgement_endings_are_rounds_of_its_schedule_and_speak_of_bids():
    for p in JUDGEMENT:
        spec = judgement.SCHEDULE[p.round_number - 1]
        assert spec.cards >= LEVELS[p.level] and not spec.blind
        assert p.tricks_played == sum(p.won) == spec.cards - len(p.hand)
        assert p.replay().number == p.round_number
        assert f"Trump this round: {p.ending.rules.trump and '♠♥♦♣'['SHDC'.index(p.trump)]}." in (
            p.question
        )
        assert "bid of" in p.reason and "call of" not in p.reason and "set on" not in p.reason
        assert "(Judgement, " in p.title and "a bid of" in p.question
        assert p.check(sorted(p.best)[0]).correct
        assert not p.check(next(v.card for v in p.values if v.card not in p.best)).correct
    assert repr(JUDGEMENT[0]) == "best_puzzle('easy', seed=0, number=0, game='judgement')"
    assert best_puzzle("easy", 0, 0) != JUDGEMENT[0]


# South bid 0 and leads, no trump. 2♠ loses to East's 7♠ (North's 5♠ and East's 7♠ are their
# only spades, so both must follow, and both beat it), and East's A♥ then takes the last trick:
# South takes nothing, as bid. J♠ beats both spades, and the lead it keeps sends 2♠ out alone,
# with no spade left against it: two tricks, the bid missed.
J_HANDS = ("JS 2S", "2H 6H", "9H 5S", "7S AH")
J_GIVENS = (J_HANDS, "", 0, (0, 1, 0, 1), (0, 0, 0, 0))


def test_a_hand_made_judgement_ending_and_its_reason():
    ending = ending_from(*J_GIVENS, game="judgement", trump=None)
    solution, best = verdict(ending)
    assert best == {Card("2S")}
    assert reason_text(solution, ending) == (
        "2♠: you take 0 of the last 2 tricks, 0 in all, and make your bid of 0 (+10) — whatever "
        "the others play. Every other card does worse — J♠: you take 2 of the last 2 tricks, "
        "2 in all, and miss your bid of 0 (0)."
    )
    assert brute_force(ending) == {Card("JS"): (2, 0, 0, 0), Card("2S"): (0, 0, 0, 2)}
    assert check_best_play("2S", *J_GIVENS, game="judgement").correct
    wrong = check_best_play("JS", *J_GIVENS, game="judgement")
    assert "J♠ is not the best card here: you take 2 of the last 2 tricks" in str(wrong)
    html = show_ending(*J_GIVENS, game="judgement")
    assert "No trump this round." in html and "South: bid 0, 0 tricks won" in html
    assert "South leads trick 1." in html
    # With hearts trump the round is another: West (bid 1) ruffs J♠ with 2♥ and takes the
    # lead, and every card of South's makes the bid. No sharp answer, so no puzzle.
    trumps = ending_from(*J_GIVENS, game="judgement", trump="H")
    assert solve(trumps).best == {Card("JS"), Card("2S")} and verdict(trumps) is None
    assert brute_force(trumps)[Card("JS")] == (0, 1, 0, 1)
    assert "Trump this round: ♥." in show_ending(*J_GIVENS, game="judgement", trump="H")


def test_bad_judgement_requests_are_refused():
    with pytest.raises(ValueError, match="game must be one of callbreak, callbridge, judgement"):
        best_puzzle("easy", 0, 0, "whist")
    with pytest.raises(ValueError, match="trump= is for Judgement"):
        ending_from(*J_GIVENS, trump="H")
    with pytest.raises(ValueError, match="trump must be one of"):
        ending_from(*J_GIVENS, game="judgement", trump="X")
    with pytest.raises(ValueError, match="puzzles of the legal kind are for callbreak"):
        instructor_notebook(2, "easy", 0, kind="legal", game="judgement")


def test_judgement_sets_are_written_practice_and_graded(tmp_path, capsys):
    from cardlib.exercises.__main__ import main

    for mode in ("practice", "graded"):
        argv = ["puzzles", "--kind", "best", "--game", "judgement", "--count", "2"]
        argv += ["--level", "easy", "--seed", "3", "--mode", mode, "--out", str(tmp_path / mode)]
        assert main(argv) == 0
    names = sorted(p.name for p in (tmp_path / "graded").rglob("*.*"))
    assert names == [
        "puzzles-best-judgement-easy-seed3-key.md",
        "puzzles-best-judgement-easy-seed3.ipynb",
        "puzzles-best-judgement-easy-seed3.ipynb",
    ]
    key = next((tmp_path / "graded").rglob("*.md")).read_text(encoding="utf-8")
    assert "--kind best --game judgement --count 2" in key and "(Judgement)" in key
    puzzles = best_puzzle_set(2, "easy", 3, "judgement")
    for p in puzzles:
        assert f"| {p.reason} |" in key and "forces_exact_bid" in key
    for mode in ("practice", "graded"):
        student = tmp_path / mode / "students" / "puzzles-best-judgement-easy-seed3.ipynb"
        notebook = nbformat.read(student, as_version=4)
        text = nbformat.writes(notebook)
        assert "### BEGIN" not in text and all(p.reason not in text for p in puzzles)
        checks = [c.source for c in notebook.cells if c.id.endswith("-check")]
        for source, p in zip(checks, puzzles, strict=True):
            assert f"game='judgement', trump={p.trump!r}" in source
    # The instructor's answers pass their own checks, given each round's trump.
    for p in puzzles:
        assert check_best_play(
            sorted(p.best)[0].code, *p.givens(), game="judgement", trump=p.trump
        ).correct
        exercise_mode("graded")
        wrong = next(v.card for v in p.values if v.card not in p.best)
        text = str(check_best_play(wrong, *p.givens(), game="judgement", trump=p.trump))
        assert text.startswith("✗") and not any(str(c) in text for c in p.best)
        feedback_module._mode = None


def test_widget_takes_a_judgement_puzzle():
    from cardlib.widgets.puzzles import PuzzleWidget

    p = JUDGEMENT[0]
    w = PuzzleWidget(p)
    assert set(w.buttons) == set(p.hand) and "Trump this round" in w.position.value
    w.select([sorted(p.best)[0]])
    w.check_button.click()
    assert w.result.correct and "✓ Correct" in w.feedback.value
