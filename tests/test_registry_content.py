"""Issue 35 (one registry for the games), the content's side: the position text, the puzzles, the
puzzle sets and the learner's record ask the registry, so a fifth game gets them all with nothing
changed outside its own module; and two refusals that had drifted from their translation.

The fifth game is a toy, "Hearts-trump Call Break": Call Break's deal with hearts for trump, no
duty to beat, any card when void, and its own points (a made call scores twice the call, a
missed one minus the call, whole points). It is defined here and only tried out in the registry
(``games.registered``), as a new game would be before it gets its line in ``games.GAMES``.
"""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from cardlib import bridge, callbreak, games, i18n, position, progress
from cardlib.errors import CardlibError, PhaseError
from cardlib.facts import Game
from cardlib.game import SeatView, phase_name
from cardlib.tricks import PlayRules

# ----- the toy fifth game, all of it ---------------------------------------------------------

HEARTS_RULES = PlayRules(trump="H", must_beat=False, void_rule="free")


def hearts_points(call: int, tricks: int) -> int:
    """A made call scores twice the call; a missed one, minus the call."""
    return 2 * call if tricks >= call else -call


class HeartsDeal(callbreak.Deal):
    """One deal of the toy: Call Break's deal under hearts-trump rules and points."""

    game_name = "Hearts-trump Call Break"

    def _init_options(self, variant: callbreak.Variant = callbreak.STANDARD) -> None:
        super()._init_options(variant)
        self.rules = HEARTS_RULES

    def score_for(self, call: int, tricks: int) -> Decimal:
        return Decimal(hearts_points(call, tricks))


class HeartsMatch(callbreak.Match):
    """A match of the toy: Call Break's five deals (or ``deals``), of its deals."""

    deal_class = HeartsDeal

    def __repr__(self) -> str:
        return f"<HeartsMatch deal {len(self._deals)} of {self.deals_to_play} phase={self.phase}>"


class HeartsTrump(Game):
    """The toy's facts: only what differs from a four-player trick game's defaults."""

    key = "heartstrump"
    name = "Hearts-trump Call Break"
    deal = HeartsDeal
    match = HeartsMatch

    @classmethod
    def points(cls, call: int, tricks: int, options: object = None) -> int:
        return hearts_points(call, tricks)

    @classmethod
    def rules(cls, options: object = None, trump: str | None = None) -> PlayRules:
        return HEARTS_RULES


@pytest.fixture
def toy():
    with games.registered(HeartsTrump) as game:
        yield game


@pytest.fixture
def solver_scores_the_toy(toy, monkeypatch):
    """The exact solver scores an ending by its game's key. Until it reads the registry (the
    coach's part of issue 35, not this file's), it is told the toy's points here."""
    from cardlib.coach import solver

    scorings = getattr(solver, "SCORINGS", None)
    if scorings is not None and toy.key not in scorings:
        monkeypatch.setitem(
            scorings, toy.key, lambda call, tricks, _options: toy.points(call, tricks)
        )
    return toy


def play_randomly(state, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_over:
            return
        if not state.legal_actions():
            state.next_deal()
            continue
        state.act(rng.choice(state.legal_actions()))


# ----- the registry knows it -------------------------------------------------------------------


def test_the_toy_is_its_own_game_though_its_deal_is_a_call_break_deal(toy):
    deal = HeartsDeal(seed=1)
    assert deal.facts is HeartsTrump and callbreak.Deal.facts is callbreak.CallBreak
    assert games.of(deal) is toy and games.of(HeartsMatch(seed=1)) is toy
    assert games.of(callbreak.Deal(seed=1)) is callbreak.CallBreak
    assert deal.rules == HEARTS_RULES and HeartsTrump.direction() == 1
    assert toy in games.coached()


# ----- the position text ------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_a_toy_deal_round_trips_through_its_position_text(toy, seed):
    rng = random.Random(seed)
    deal = HeartsDeal(seed=seed)
    play_randomly(deal, rng, rng.randrange(4, 56))
    text = position.to_text(deal)
    assert text.startswith("heartstrump ") and text == deal.to_text()
    copy = position.from_text(text)
    assert type(copy) is HeartsDeal and copy == deal and copy.rules == HEARTS_RULES
    assert copy.legal_actions() == deal.legal_actions()
    for seat in range(4):
        view = position.from_text(position.to_text(deal, seat=seat))
        assert isinstance(view, SeatView) and view == deal.visible_to(seat)
    play_randomly(copy, random.Random(seed), 60)
    play_randomly(deal, random.Random(seed), 60)
    assert copy == deal and position.to_text(copy) == position.to_text(deal)


def test_a_toy_match_round_trips_with_its_deals_and_totals(toy):
    match = HeartsMatch(seed=3, deals=2)
    play_randomly(match, random.Random(3), 70)
    assert len(match.deals) == 2
    text = position.to_text(match)
    assert text.startswith("heartstrump/deals=2 | heartstrump ")
    copy = position.from_text(text)
    assert type(copy) is HeartsMatch and copy.deals == match.deals
    assert copy.totals() == match.totals() and copy.phase == match.phase
    assert position.to_text(copy) == text


def test_the_toy_takes_no_options_and_is_played_by_four(toy):
    text = position.to_text(HeartsDeal(seed=2))
    with pytest.raises(CardlibError, match="field game"):
        position.from_text(text.replace("heartstrump", "heartstrump/anti", 1))
    with pytest.raises(CardlibError, match="field hands"):
        position.from_text("heartstrump 0 A.../K.../Q... - -")


def test_a_game_not_in_the_registry_is_not_read():
    text = HeartsDeal(seed=2).to_text()  # writing needs only the deal's own facts
    with pytest.raises(CardlibError, match="field game"):
        position.from_text(text)


# ----- the best-play puzzles -----------------------------------------------------------------


def toy_ending_givens(seed: int):
    """A toy deal played by the sensible bot down to three cards a hand: the givens of an
    ending as a puzzle notebook writes them."""
    from cardlib.bots import SensibleBot

    deal = HeartsDeal(seed=seed, dealer=0)
    bot = SensibleBot()
    while deal.phase == "calling":
        deal.call(bot.choose_call(deal))
    while len(deal.hand(deal.to_act)) > 3 or deal.trick:
        deal.play(bot.choose_play(deal))
    hands = [" ".join(card.code for card in deal.hand(seat)) for seat in range(4)]
    return deal, (hands, "", deal.to_act, list(deal.calls), list(deal.tricks_won))


def test_a_toy_ending_is_solved_and_checked_under_its_own_rules(solver_scores_the_toy):
    from cardlib.exercises import check_best_play
    from cardlib.puzzles import best_answer, best_play

    toy = solver_scores_the_toy
    deal, givens = toy_ending_givens(5)
    ending = best_answer.ending_from(*givens, game=toy.key)
    assert ending.rules == HEARTS_RULES and ending.direction == 1 and ending.game == toy.key
    assert ending.variant is None  # Call Break's variant is not the toy's
    with pytest.raises(ValueError, match="the trump is always hearts in heartstrump"):
        best_answer.ending_from(*givens, game=toy.key, trump="S")
    solution = best_answer.solved(ending)
    assert {value.card for value in solution.cards} == set(deal.legal_plays())
    seat = ending.to_act
    for value in solution.cards:  # the toy's own points, in whole numbers
        assert value.points[seat] == hearts_points(ending.calls[seat], value.tricks[seat])
    best = min(best_answer.best_cards(solution))
    assert check_best_play(best.code, *givens, game=toy.key).correct
    outcome = best_answer.outcome_text(solution.cards[0], ending)
    assert "your call of" in outcome and "." not in outcome.split("(")[-1]
    question = best_play.question_text(ending)
    assert "with a call of" in question and "trump" not in question
    assert best_play.seat_line(0, givens[3], givens[4], toy.key).startswith("South: call ")


@pytest.mark.xfail(
    reason="best_puzzle reads its endings with the solver's ending_of, which names a game by its "
    "deal's module (cardlib/coach: its part of issue 35)",
    strict=False,
)
def test_a_toy_best_play_puzzle_is_made(solver_scores_the_toy):
    from cardlib.puzzles.best_play import best_puzzle

    toy = solver_scores_the_toy
    puzzle = best_puzzle("easy", seed=1, game=toy.key)
    assert puzzle.game == toy.key and "Hearts-trump Call Break" in puzzle.title


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
