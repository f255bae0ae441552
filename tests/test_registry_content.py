"""Issue 35 (one registry for the games), the content's side: the position text, the puzzles, the
puzzle sets and the learner's record ask the registry, so a fifth game gets them all with nothing
changed outside its own module; and two refusals that had drifted from their translation.

The fifth game is the toy of ``tests/toy_game.py``, "Hearts-trump Call Break" (hearts for trump,
no duty to beat, any card when void, a bid made only exactly, scored by the deal's ``Stakes``),
tried out in the registry (``games.registered``) as a new game would be before it gets its line
in ``games.GAMES``.
"""

from __future__ import annotations

import random

import pytest
from toy_game import RULES, Deal, HeartsTrump, Match, Stakes, score

from cardlib import bridge, callbreak, games, i18n, position, progress
from cardlib.errors import CardlibError, PhaseError
from cardlib.game import SeatView, phase_name

HIGH = Stakes(per_trick=3)


@pytest.fixture
def toy():
    with games.registered(HeartsTrump) as game:
        yield game


def play_randomly(state, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_over:
            return
        if not state.legal_actions():
            state.next_deal()
            continue
        state.act(rng.choice(state.legal_actions()))


# ----- the registry knows it -------------------------------------------------------------------


def test_the_toy_is_its_own_game_and_leaves_call_break_alone(toy):
    deal = Deal(seed=1)
    assert deal.facts is HeartsTrump and callbreak.Deal.facts is callbreak.CallBreak
    assert games.of(deal) is toy and games.of(Match(seed=1)) is toy
    assert games.of(callbreak.Deal(seed=1)) is callbreak.CallBreak
    assert deal.rules == RULES and HeartsTrump.direction() == 1
    assert toy in games.coached()


# ----- the position text ------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_a_toy_deal_round_trips_through_its_position_text(toy, seed):
    rng = random.Random(seed)
    stakes = HIGH if seed % 2 else Stakes()
    deal = Deal(seed=seed, stakes=stakes)
    play_randomly(deal, rng, rng.randrange(4, 56))
    text = position.to_text(deal)
    written = "heartstrump/stake3 " if seed % 2 else "heartstrump "
    assert text.startswith(written) and text == deal.to_text()
    copy = position.from_text(text)
    assert type(copy) is Deal and copy == deal and copy.stakes == stakes
    assert copy.legal_actions() == deal.legal_actions()
    for seat in range(4):
        view = position.from_text(position.to_text(deal, seat=seat))
        assert isinstance(view, SeatView) and view == deal.visible_to(seat)
    play_randomly(copy, random.Random(seed), 60)
    play_randomly(deal, random.Random(seed), 60)
    assert copy == deal and position.to_text(copy) == position.to_text(deal)
    assert copy.returns() == deal.returns()  # scored by the stake read back


def test_a_toy_match_round_trips_with_its_deals_and_totals(toy):
    match = Match(seed=3, stakes=HIGH)
    play_randomly(match, random.Random(3), 70)
    assert len(match.deals) == 2
    text = position.to_text(match)
    assert text.startswith("heartstrump | heartstrump/stake3 ")
    copy = position.from_text(text)
    assert type(copy) is Match and copy.deals == match.deals
    assert copy.totals() == match.totals() and copy.phase == match.phase
    assert position.to_text(copy) == text
    # A deal of another stake is not one this match deals.
    header, first, second = text.split(" | ")
    mixed = " | ".join([header, first, second.replace("heartstrump/stake3", "heartstrump")])
    with pytest.raises(CardlibError, match="deal 2 is heartstrump for 4; this match deals heartst"):
        position.from_text(mixed)


@pytest.mark.parametrize(
    "field",
    [
        "heartstrump/anti",
        "heartstrump/stake",
        "heartstrump/stake0",
        "heartstrump/stake٣",
        "heartstrump/stake3/stake3",
        "heartstrump/Stake3",
    ],
)
def test_the_toy_reads_only_its_own_option(toy, field):
    text = position.to_text(Deal(seed=2))
    with pytest.raises(CardlibError, match="field game"):
        position.from_text(text.replace("heartstrump", field, 1))


def test_the_toy_is_played_by_four(toy):
    with pytest.raises(CardlibError, match="field hands: Hearts-trump Call Break is played by 4"):
        position.from_text("heartstrump 0 A.../K.../Q... - -")


def test_a_game_not_in_the_registry_is_not_read():
    text = Deal(seed=2).to_text()  # writing needs only the deal's own facts
    with pytest.raises(CardlibError, match="field game"):
        position.from_text(text)


# ----- the best-play puzzles -----------------------------------------------------------------


def toy_ending_givens(seed: int, stakes: Stakes = HIGH):
    """A toy deal played by the sensible bot down to three cards a hand: the givens of an
    ending as a puzzle notebook writes them."""
    from cardlib.bots import SensibleBot

    deal = Deal(seed=seed, dealer=0, stakes=stakes)
    bot = SensibleBot()
    while deal.phase == "calling":
        deal.call(bot.choose_call(deal))
    while len(deal.hand(deal.to_act)) > 3 or deal.trick:
        deal.play(bot.choose_play(deal))
    hands = [" ".join(card.code for card in deal.hand(seat)) for seat in range(4)]
    return deal, (hands, "", deal.to_act, list(deal.calls), list(deal.tricks_won))


def test_a_toy_ending_is_solved_and_checked_under_its_own_rules_and_stake(toy):
    from cardlib.exercises import check_best_play
    from cardlib.puzzles import best_answer, best_play

    deal, givens = toy_ending_givens(5)
    ending = best_answer.ending_from(*givens, variant=HIGH, game=toy.key)
    assert ending.rules == RULES and ending.direction == 1 and ending.game == toy.key
    assert ending.variant == HIGH
    # Without a stake, the standard one (not the Call Break variant the signature defaults to).
    assert best_answer.ending_from(*givens, game=toy.key).variant == Stakes()
    with pytest.raises(TypeError, match="options: a Stakes, got Variant"):
        best_answer.ending_from(*givens, variant=callbreak.Variant(free_discard=True), game=toy.key)
    with pytest.raises(ValueError, match="the trump is always hearts in heartstrump"):
        best_answer.ending_from(*givens, game=toy.key, trump="S")
    solution = best_answer.solved(ending)
    assert {value.card for value in solution.cards} == set(deal.legal_plays())
    seat = ending.to_act
    for value in solution.cards:  # the toy's own points at the stake, in whole numbers
        assert value.points[seat] == score(ending.calls[seat], value.tricks[seat], HIGH)
    best = min(best_answer.best_cards(solution))
    assert check_best_play(best.code, *givens, variant=HIGH, game=toy.key).correct
    outcome = best_answer.outcome_text(solution.cards[0], ending)
    assert "your bid of" in outcome and "." not in outcome.split("(")[-1]
    question = best_play.question_text(ending)
    assert "with a bid of" in question and "trump" not in question
    assert best_play.seat_line(0, givens[3], givens[4], toy.key).startswith("South: bid ")


def test_a_toy_best_play_puzzle_is_made(toy):
    from cardlib.puzzles.best_play import best_puzzle

    puzzle = best_puzzle("easy", seed=1, game=toy.key)
    assert puzzle.game == toy.key and "Hearts-trump Call Break" in puzzle.title
    replayed = puzzle.replay()
    assert type(replayed) is Deal and replayed.rules == RULES
    assert puzzle.check(min(puzzle.answer).code).correct


def test_the_puzzle_sets_offer_the_toy_for_best_play_only(toy):
    from cardlib.exercises.__main__ import parser
    from cardlib.exercises.puzzle_sets import instructor_notebook, kind_games

    assert toy.key in kind_games("best") and kind_games("legal") == ("callbreak",)
    arguments = parser().parse_args(["puzzles", "--kind", "best", "--game", toy.key])
    assert arguments.game == toy.key
    with pytest.raises(ValueError, match="puzzles of the legal kind are for callbreak"):
        instructor_notebook(2, "easy", 0, kind="legal", game=toy.key)


# ----- the learner's record -----------------------------------------------------------------


def test_the_record_takes_and_names_a_toy_match(toy, tmp_path, monkeypatch):
    monkeypatch.setenv(progress.ENVIRONMENT_VARIABLE, str(tmp_path / "record.json"))
    progress.record_match(toy.key, (8, -3, 2, 4), winners=(0,), you=0)
    assert progress.summary()["matches played"] == 1
    assert ("Matches", "Hearts-trump Call Break", "1 played, 1 won") in progress.table().rows
    with pytest.raises(CardlibError):
        progress.record_match("hearts", (8, -3, 2, 4), winners=(0,))


def test_a_recorded_game_the_registry_no_longer_holds_is_named_by_its_key(tmp_path, monkeypatch):
    monkeypatch.setenv(progress.ENVIRONMENT_VARIABLE, str(tmp_path / "record.json"))
    with games.registered(HeartsTrump):
        progress.record_match(HeartsTrump.key, (8, -3, 2, 4), winners=(1,), you=0)
    progress.record_match("callbreak", (1, 2, 3, 4), winners=(3,), you=3)
    rows = progress.table().rows
    assert rows[-2:] == (
        ("Matches", "Call Break", "1 played, 1 won"),
        ("Matches", "heartstrump", "1 played, 0 won"),
    )


# ----- refusals that keep the learner's language ---------------------------------------------


def test_contract_bridge_refusals_keep_the_learners_language():
    passed = bridge.Deal(seed=1, dealer="N")
    for _ in range(4):
        passed.call("P")
    played = bridge.Deal(seed=1, dealer="N")
    for call in ["1S", "P", "P", "P"]:
        played.call(call)
    with i18n.language("hi"):
        with pytest.raises(PhaseError) as after_passes:
            passed.call("1C")
        with pytest.raises(PhaseError) as after_contract:
            played.call("2C")
        with pytest.raises(PhaseError) as too_soon:
            played.scores()
        match = bridge.Match(seed=1)
        with pytest.raises(PhaseError) as not_over:
            match.winners()
        still = phase_name("playing")
    # The auction's own refusal, and the engine's, in Hindi: Bridge's deal wrote them again in
    # English.
    assert str(after_passes.value) == "बोली ख़त्म हो गई: चारों ने पास किया"
    assert after_passes.value.rule == "auction-over"
    assert str(after_contract.value).startswith("बोली ख़त्म हो गई: कॉन्ट्रैक्ट ")
    assert str(too_soon.value) == f"स्कोर आख़िरी चाल के बाद आता है; अभी {still}"
    assert not_over.value.rule == "phase" and "calling" not in str(not_over.value)


def test_a_match_not_over_is_refused_in_the_learners_language():
    with i18n.language("hi"):
        with pytest.raises(PhaseError) as caught:
            callbreak.Match(seed=1).winners()
        expected = i18n.gettext("the match is not over yet (phase {phase})").format(
            phase=phase_name("calling")
        )
    assert str(caught.value) == expected
    assert "calling" not in expected  # the phase at least is Hindi before any catalog has more
