"""A fifth game gets every feature the games share (issue 35): the proof.

The game is the toy of ``tests/toy_game.py``, "Hearts-trump Call Break", written as
docs/architecture.md ("Adding a game") says a game is added: one module (its deal, its match,
the one API functions, its class of facts) and one line in the registry. Here it is put in the
registry for each test (``games.registered``), and each test uses one shared feature the way a
learner, a teacher or a notebook would, and checks what comes out under the toy's own rules
(hearts trump, no duty to beat, any card when void, a bid made only exactly, points at the
deal's stake).

One test per feature, seventeen in all. Where tests/test_registry.py, test_protocol.py,
test_registry_coach.py or test_registry_content.py already check a feature for any game or for
this toy, the test here calls theirs.
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest
import test_registry
import test_registry_coach as coach_tests
import test_registry_content as content_tests
import toy_game
from test_protocol import play_a_match_through_the_protocol, play_through_the_protocol
from toy_game import RULES, Deal, HeartsTrump, Match, Stakes, score

from cardlib import games, position, progress
from cardlib.bots import RandomBot, SensibleBot
from cardlib.cards import Card
from cardlib.errors import CardlibTypeError
from cardlib.i18n import LANGUAGES, language

HIGH = Stakes(per_trick=3)


@pytest.fixture
def toy():
    with games.registered(HeartsTrump) as game:
        yield game


def called(deal: Deal) -> Deal:
    """The deal with every bid made by the sensible bot."""
    bot = SensibleBot()
    while deal.phase == "calling":
        deal.call(bot.choose_call(deal))
    return deal


def played_out(deal: Deal, bots) -> list[object]:
    """Every action of the deal to its end, each seat's by its bot; each checked legal first."""
    actions = []
    while not deal.is_over:
        bot = bots[deal.to_act]
        choice = bot.choose_call(deal) if deal.phase == "calling" else bot.choose_play(deal)
        assert choice in deal.legal_actions()
        deal.act(choice)
        actions.append(choice)
    return actions


# ----- 1. the one API of a game module ----------------------------------------------------------


def test_01_the_one_api_of_the_game_module(toy):
    module = toy.module
    assert module is toy_game and games.lookup("heartstrump") is toy
    assert games.lookup("Hearts-trump Call Break") is games.lookup("HEARTS TRUMP CALLBREAK") is toy
    assert games.of(Deal(seed=1)) is toy and games.of(Match(seed=1)) is toy
    # Its rules, which no real game has: hearts trump, no duty to beat, a void discards freely.
    assert module.play_rules() == RULES and module.as_rules(HIGH) == RULES
    assert module.legal_plays("2D AD 5S", "KD") == {Card("2D"), Card("AD")}  # need not beat
    assert module.legal_plays("AS 2C", "KD") == {Card("AS"), Card("2C")}  # void: anything
    assert module.trick_winner("2S AH 3S KS") == 1 and module.trick_winner("2D 3D AS") == 1
    explained = module.explain_play("2D AD 5S", "KD")
    assert explained.legal == {Card("2D"), Card("AD")} and explained.text
    assert (module.score(3, 3), module.score(3, 4), module.score(3, 3, HIGH)) == (30, -3, 9)
    with pytest.raises(CardlibTypeError, match="rules: Hearts-trump Call Break takes"):
        module.legal_plays("2D", "KD", "hearts")
    # The facts the shared machinery asks of every registered game, checked as for the four.
    test_registry.test_every_game_states_its_facts(toy)


# ----- 2. and 3. the deal protocol, and a match through it ------------------------------------


@pytest.mark.parametrize("seed", range(3))
def test_02_the_deal_protocol(toy, seed):
    deal = Deal(seed=seed, stakes=HIGH)
    play_through_the_protocol(deal, random.Random(seed))
    assert deal.returns() == tuple(
        score(call, won, HIGH) for call, won in zip(deal.calls, deal.tricks_won, strict=True)
    )


def test_03_a_match_through_the_protocol(toy):
    match = Match(seed=4)
    play_a_match_through_the_protocol(match, random.Random(4))
    assert match.is_over and len(match.deals) == toy_game.DEALS_PER_MATCH
    totals = [sum(deal.scores()[seat] for deal in match.deals) for seat in range(4)]
    assert list(match.returns()) == list(match.totals()) == totals


# ----- 4. the bots -----------------------------------------------------------------------------


def test_04_the_bots_play_whole_deals_legally_and_seeded_ones_repeat(toy):
    beginner, sensible = toy.bot("beginner", 5), toy.bot("sensible")
    assert isinstance(beginner, RandomBot) and isinstance(sensible, SensibleBot)

    def with_beginners(west: int, east: int) -> list[object]:
        """A deal's actions, West and East beginners seeded so, South and North sensible."""
        bots = [sensible, toy.bot("beginner", west), sensible, toy.bot("beginner", east)]
        return played_out(Deal(seed=6), bots)

    first = with_beginners(5, 6)
    assert len(first) == 4 + 52 and with_beginners(5, 6) == first
    assert with_beginners(7, 8) != first
    # The sensible bot counts the toy's trumps: a hand of every heart bids high.
    hands = [
        "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
        *(" ".join(f"{rank}{suit}" for rank in "AKQJT98765432") for suit in "SDC"),
    ]
    assert sensible.choose_call(Deal.from_hands(hands, dealer=3)) >= 8


# ----- 5. and 6. the position text, written and read back --------------------------------------


def test_05_the_position_text_is_written(toy):
    deal = called(Deal(seed=7, dealer=2, stakes=HIGH))
    deal.play(min(deal.legal_plays()))
    text = position.to_text(deal)
    game, dealer, hands, calls, play = text.split()
    assert (game, dealer, play) == ("heartstrump/stake3", "2", min(deal.trick).code)
    # The bids in the order they were made: from the dealer's left.
    assert calls == "/".join(str(deal.calls[(3 + i) % 4]) for i in range(4))
    assert len(hands.split("/")) == 4 and hands.count(".") == 12
    seen = position.to_text(deal, seat=1)
    assert seen.endswith(" @1") and seen.count("?") == 3
    assert position.to_text(Match(seed=1, dealer=0)).startswith("heartstrump | heartstrump 0 ")


@pytest.mark.parametrize("seed", [1, 4])
def test_06_the_position_text_is_read_back(toy, seed):
    content_tests.test_a_toy_deal_round_trips_through_its_position_text(toy, seed)
    content_tests.test_a_toy_match_round_trips_with_its_deals_and_totals(toy)


# ----- 7. the history ---------------------------------------------------------------------------


def test_07_the_history_makes_the_deal_again_and_replays_it(toy):
    coach_tests.test_the_toy_deal_is_made_again_and_replayed_through_the_registry(toy)


# ----- 8., 9., 10. and 11. the coach: cards, calls, as a bot, and the review -------------------


def made_in(mean: Fraction, call: int, samples: int, stakes: Stakes = HIGH) -> Fraction:
    """How many of ``samples`` imagined deals made ``call`` exactly, if ``mean`` is the mean of
    the toy's two outcomes only: ``per_trick`` × the call when made exactly, −call otherwise."""
    return (mean / call + 1) / (stakes.per_trick + 1) * samples


def test_08_the_coach_analyses_the_cards(toy):
    from cardlib.coach.analysis import analyse

    deal = called(Deal(seed=8, dealer=0, stakes=HIGH))
    bot = SensibleBot()
    for _ in range(21):  # in the middle of the sixth trick
        deal.play(bot.choose_play(deal))
    cards = analyse(deal, samples=6, seed=2, exact_from=3)
    assert {rated.card for rated in cards.cards} == set(deal.legal_plays())
    assert cards.best in deal.legal_plays()
    call = deal.calls[deal.to_act]
    for rated in cards.cards:  # each the mean of the toy's own points at the deal's stake
        made = made_in(rated.estimate.mean, call, rated.estimate.samples)
        assert made.denominator == 1 and 0 <= made <= rated.estimate.samples


def test_09_the_coach_analyses_the_calls(toy):
    from cardlib.coach.analysis import analyse_calls

    deal = Deal(seed=9, dealer=1, stakes=HIGH)
    bids = analyse_calls(deal, samples=6, seed=1)
    assert [rated.call for rated in bids.calls] == list(range(1, 14))
    for rated in bids.calls:  # each the mean of the toy's own points at the deal's stake
        made = made_in(rated.estimate.mean, rated.call, 6)
        assert made.denominator == 1 and 0 <= made <= 6
    assert bids.best in deal.legal_calls()
    assert max(bids.calls, key=lambda rated: rated.estimate.mean).call == bids.best


def test_10_the_coach_plays_as_a_bot(toy):
    coach_tests.test_the_coach_plays_a_whole_toy_deal_legally_as_a_bot(toy)


def test_11_the_review_of_a_finished_deal(toy):
    coach_tests.test_a_finished_toy_deal_is_reviewed_in_the_toy_game_s_words(toy)


# ----- 12. the exact solver ---------------------------------------------------------------------


def test_12_the_exact_solver_agrees_with_brute_force(toy):
    coach_tests.test_the_exact_solver_scores_the_toy_game_s_ending(toy)


# ----- 13. the card table -------------------------------------------------------------------------


def test_13_the_card_table_plays_a_whole_match_and_makes_its_record(toy, tmp_path, monkeypatch):
    from cardlib.widgets.table_controller import TableController

    monkeypatch.setenv(progress.ENVIRONMENT_VARIABLE, str(tmp_path / "progress.json"))
    table = TableController(toy.key, seed=3, speed="instant", review_samples=2)
    assert table.state["heading"].startswith("Hearts-trump Call Break · Deal 1 of 3 · ")
    learner = toy.bot("sensible")  # the learner's bids and cards: the sensible bot's
    reviewed = False
    while table.match.phase != "over":
        if table.state["end"] is not None:
            if not reviewed:
                table.request_review()
                reviewed = bool(table.review)
            assert table.click_next(), table.refusal
        elif table.state["calls"]:
            assert table.click_call(learner.choose_call(table.deal)), table.refusal
        else:
            assert table.click_card(learner.choose_play(table.deal).code), table.refusal
    assert reviewed and table.state["end"]["next_label"] == "New match"
    match = table.match
    record = table.finished_match
    assert record["game"] == toy.key and record["deals"] == 3 == len(match.deals)
    assert record["made"] == sum(deal.calls[0] == deal.tricks_won[0] for deal in match.deals)
    kept = progress.load()["matches"]
    assert [entry["game"] for entry in kept] == [toy.key]
    assert kept[0]["totals"] == [str(total) for total in match.totals()]


# ----- 14. the learner's record -------------------------------------------------------------------


def test_14_the_learners_record(toy, tmp_path, monkeypatch):
    content_tests.test_the_record_takes_and_names_a_toy_match(toy, tmp_path, monkeypatch)
    progress.record_match(toy.key, (-3, 9, 12, 2), winners=(2,), you=0)
    assert progress.summary()["matches played"] == 2
    assert ("Matches", "Hearts-trump Call Break", "2 played, 1 won") in progress.table().rows


# ----- 15. and 16. the best-play puzzles, one at a time and in sets ------------------------------


def test_15_a_best_play_puzzle_and_its_check(toy):
    from cardlib.exercises import check_best_play
    from cardlib.puzzles.best_play import best_puzzle

    puzzle = best_puzzle("easy", seed=2, game=toy.key)
    assert puzzle.game == toy.key and "Hearts-trump Call Break" in puzzle.title
    assert puzzle == best_puzzle("easy", seed=2, game=toy.key)  # always the same one
    replayed = puzzle.replay()
    assert type(replayed) is Deal and replayed.legal_plays() <= set(puzzle.hand)
    best = min(puzzle.answer)
    assert check_best_play(best.code, *puzzle.givens(), game=toy.key).correct
    wrong = [card for card in replayed.legal_plays() if card not in puzzle.answer]
    assert wrong, "a puzzle has a card that is not best"
    assert not check_best_play(wrong[0].code, *puzzle.givens(), game=toy.key).correct


def run_checks(notebook: nbformat.NotebookNode) -> list[bool]:
    """The notebook's code cells run in order, as a kernel would; whether each check passed."""
    namespace: dict[str, object] = {}
    passed = []
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        if cell.metadata.get("nbgrader", {}).get("grade"):  # a check cell: one expression
            passed.append(bool(eval(cell.source, namespace)))
        else:
            exec(cell.source, namespace)
    return passed


def test_16_a_puzzle_set_from_the_command_line(toy, tmp_path, capsys, monkeypatch):
    from cardlib.exercises import feedback
    from cardlib.exercises.__main__ import main

    monkeypatch.setattr(feedback, "_mode", None)  # the set's mode cell sets it for the process
    out = tmp_path / "sets"
    argv = ["puzzles", "--kind", "best", "--game", toy.key, "--count", "2", "--level", "easy"]
    assert main([*argv, "--seed", "3", "--out", str(out)]) == 0
    written = [line.removeprefix("wrote ") for line in capsys.readouterr().out.splitlines()]
    assert len(written) == 3 and all(Path(path).is_file() for path in written)
    source = nbformat.read(next(out.glob("source/*.ipynb")), as_version=4)
    assert "In Hearts-trump Call Break only the exact bid scores" in source.cells[0].source
    # The teacher's notebook passes its own checks; the students' copy, not yet answered, not.
    assert run_checks(source) == [True, True]
    assert run_checks(nbformat.read(next(out.glob("students/*.ipynb")), as_version=4)) == [
        False,
        False,
    ]
    key = next(out.glob("key/*.md")).read_text(encoding="utf-8")
    assert key.startswith("# Answer key: 2 easy best-play puzzles (Hearts-trump Call Break)")
    assert key.count("and make your bid of") == 2  # each best card makes the exact bid
    # A game the registry does not hold is refused by name.
    with pytest.raises(SystemExit):
        main(["puzzles", "--kind", "best", "--game", "hearts", "--out", str(out)])
    assert "invalid choice: 'hearts'" in capsys.readouterr().err


# ----- 17. the game in every language -------------------------------------------------------------


def test_17_the_game_in_every_language(toy):
    from cardlib.widgets.table_controller import TableController

    said = {}
    for code in LANGUAGES:
        with language(code):
            title = toy.title
            table = TableController(toy.key, seed=5, speed="instant")
            while not table.state["hand_active"]:
                value = next(c["value"] for c in table.state["calls"] if c["legal"])
                assert table.click_call(value), table.refusal
            hand = table.state["hand"]
            illegal = next((c["code"] for c in hand if not c["legal"]), None)
            while illegal is None:  # the learner leads: any card goes; wait for a trick to follow
                assert table.click_card(next(c["code"] for c in hand if c["legal"]))
                hand = table.state["hand"]
                illegal = next((c["code"] for c in hand if not c["legal"]), None)
            before = table.match.copy()
            assert not table.click_card(illegal)
            assert table.match == before  # refused, and nothing changed
            said[code] = (title, table.refusal, table.state["heading"], illegal)
    for code, (title, refusal, heading, illegal) in said.items():
        # The toy's name has no translation: it stays as written, in every language.
        assert title.startswith("Hearts-trump Call Break (") and "3" in title and "{" not in title
        assert heading.startswith("Hearts-trump Call Break · ")
        assert refusal.startswith(str(Card(illegal))) and "{" not in refusal
        if code != "en":
            assert refusal != said["en"][1] and title != said["en"][0]
