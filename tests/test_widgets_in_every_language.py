"""Every widget speaks the learner's language: after a switch to Hindi, Hinglish or Nepali
every sentence it shows has changed, and back in English every text is exactly as before.

A widget's text is read as a learner sees it: every description, tooltip, placeholder,
option label, and the text between the tags of its HTML (pictures' labels included).
Card codes (``K♠``), numbers and rule ids stay the same in every language.
"""

import html
import re

import ipywidgets as widgets
import pytest

import cardlib
from cardlib import RULE_IDS, callbreak, i18n, judgement
from cardlib.bots import SensibleBot, play_out
from cardlib.exercises import (
    check_best_play,
    check_legal_plays,
    check_rule,
    check_trick_winner,
    check_trick_winner_seat,
)
from cardlib.puzzles.best_play import best_puzzle
from cardlib.puzzles.legal_play import puzzle
from cardlib.widgets.bridge import AuctionPad, ContractScorer
from cardlib.widgets.callbridge import RuleComparison
from cardlib.widgets.coach import CoachWidget
from cardlib.widgets.dealing import DealWidget
from cardlib.widgets.judgement import HookExplorer, RoundStepper
from cardlib.widgets.play_explorer import PlayExplorer
from cardlib.widgets.puzzles import PuzzleStream, PuzzleWidget
from cardlib.widgets.replay import DealReplay
from cardlib.widgets.scoring import ExpectedScoreExplorer, ScoreExplorer
from cardlib.widgets.trick_builder import TrickBuilder

DEVANAGARI = re.compile(r"[\u0900-\u097F]")
#: Every language but English: a language added to cardlib.i18n is checked here too.
SHIPPED = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT]
TAG = re.compile(r"<[^>]*>")
CARD = re.compile(r"(?:10|[2-9TJQKA])[♠♥♦♣SHDC]\b|(?:10|[2-9TJQKA])[♠♥♦♣]")
#: Words that are the same in Hindi and English text: game names and abbreviations.
SAME_EVERYWHERE = {"NT"}
#: The games' names, which Hinglish writes as English does.
GAME_NAMES = {"Call Break", "Call Bridge", "Judgement", "Contract Bridge"}


def texts(widget) -> list[str]:
    """The text a learner sees in a widget and everything inside it, in order."""
    found = []
    for name in ("description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str) and value:
            found.append(value)
    if isinstance(widget, widgets.HTML | widgets.HTMLMath | widgets.Label):
        found += [html.unescape(piece) for piece in TAG.split(widget.value)]
        found += re.findall(r'aria-label="([^"]*)"', widget.value)
    if isinstance(widget, widgets.Text | widgets.Textarea) and widget.disabled:
        found.append(widget.value)
    labels = getattr(widget, "_options_labels", None)
    if labels:
        found += list(labels)
    for child in getattr(widget, "children", ()):
        found += texts(child)
    return [text.strip() for text in found if text.strip()]


#: English words Hinglish keeps as they are (docs/terms.tsv: "expected points", "expected score")
HINGLISH_KEEPS = {"expected", "points", "score"}


def english_words(text: str) -> list[str]:
    """Latin words of 3+ letters left once card codes and rule ids are taken out."""
    for rule in sorted(RULE_IDS, key=len, reverse=True):
        text = text.replace(rule, " ")
    text = CARD.sub(" ", text)
    return [w for w in re.findall(r"[A-Za-z]{3,}", text) if w not in SAME_EVERYWHERE]


def is_sentence(text: str) -> bool:
    return len(english_words(text)) >= 2


@pytest.fixture(autouse=True)
def english_around_each_test():
    cardlib.set_language("en")
    yield
    cardlib.set_language("en")


def played_deal(seed=5):
    deal = callbreak.Deal(seed=seed)
    play_out(deal, [SensibleBot()] * 4)
    return deal


def replay_at(step):
    return lambda: DealReplay(played_deal(), step=step)


def explorer(key=None, click=None, show_legal=False, seed=None):
    def make():
        widget = PlayExplorer()
        if key is not None:
            widget.load(widget.find(key))
        if seed is not None:
            widget.deal(seed)
        if click is not None:
            widget.click(click if click != "first" else sorted(widget.position.hand)[0])
        if show_legal:
            widget.show_legal.click()
        return widget

    return make


def comparison(hand=None, trick=None):
    def make():
        widget = RuleComparison()
        if hand is not None:
            widget.hand.value, widget.trick.value = hand, trick
        return widget

    return make


def auction(calls="", then=None):
    def make():
        pad = AuctionPad(dealer="N")
        pad.call_all(calls)
        if then is not None:
            pad.press(then)
        return pad

    return make


def puzzle_checked(answer, level="medium", number=1):
    """A puzzle widget after Check: ``answer`` is "none", "right" or "wrong"."""

    def make():
        widget = PuzzleWidget(puzzle(level, seed=7, number=number))
        legal = widget.puzzle.legal
        if answer == "right":
            widget.select(legal)
        elif answer == "wrong":
            widget.select(set(widget.puzzle.hand) - legal or legal)
        widget.check_button.click()
        return widget

    return make


#: A best-play puzzle (easy, seed 1) whose hand holds a card the rules do not allow.
ILLEGAL_CARD_PUZZLE = 4


def best_checked(answer, number=1, game="callbreak"):
    """A best-play puzzle widget after Check: ``answer`` is "none", "right", "wrong" (allowed
    but not best) or "illegal" (a card the rules do not allow: the puzzle is one with such a
    card)."""

    def make():
        p = best_puzzle("easy", seed=1, number=number, game=game)
        widget = PuzzleWidget(p)
        legal = {value.card for value in p.values}
        choice = {
            "none": None,
            "right": min(p.best),
            "wrong": min(legal - p.best),
            "illegal": min(set(p.hand) - legal, default=None),
        }[answer]
        assert choice is not None or answer == "none"
        if choice is not None:
            widget.select([choice])
        widget.check_button.click()
        return widget

    return make


def coach_at(tricks=None, number=None):
    """The coach on a Call Break position after ``tricks`` sensible tricks (``None``: before
    South calls), or on Judgement round ``number`` before the first bid."""

    def make():
        if number is not None:
            return CoachWidget(judgement.Round(players=4, number=number, seed=3), samples=10)
        deal = callbreak.Deal(seed=48, dealer=3)
        if tricks is not None:
            bots = [SensibleBot()] * 4
            while deal.phase == "calling":
                deal.call(bots[deal.to_act].choose_call(deal))
            while len(deal.tricks) < tricks or deal.trick:
                deal.play(bots[deal.to_act].choose_play(deal))
            deal.play(bots[deal.to_act].choose_play(deal))  # a card on the table
        else:
            while deal.to_act != 0:
                deal.call(SensibleBot().choose_call(deal))
        return CoachWidget(deal, samples=10, seed=1)

    return make


def stream_checked():
    stream = PuzzleStream("easy", seed=2)
    stream.current.select(stream.current.puzzle.legal)
    stream.current.check_button.click()
    return stream


WIDGETS = {
    "dealing": lambda: DealWidget(seed=3),
    "trick_builder": lambda: TrickBuilder("AH 2S KH 3H"),
    "trick_builder_no_trump": lambda: TrickBuilder("AH 2S KH 3H", trump=None),
    "score_explorer": lambda: ScoreExplorer(call=4, tricks=6),
    "score_explorer_short": lambda: ScoreExplorer(call=5, tricks=1),
    "expected_score_explorer": lambda: ExpectedScoreExplorer(samples=40),
    "replay_start": replay_at(0),
    "replay_first_trick_won": replay_at(4),
    "replay_end": replay_at(52),
    "play_explorer": explorer(),
    "play_explorer_illegal": explorer("seed-follow", click="3H", show_legal=True),
    "play_explorer_legal": explorer("seed-trump", click="2S"),
    "play_explorer_dealt": explorer(seed=4, click="first", show_legal=True),
    "round_stepper": lambda: RoundStepper(number=3, players=5),
    "round_stepper_blind": lambda: RoundStepper(number=8, players=4),
    "hook_explorer": lambda: HookExplorer(cards=5, bids="2 1 0"),
    "hook_explorer_forced": lambda: HookExplorer(cards=1, bids="0 0 0"),
    "hook_explorer_over": lambda: HookExplorer(cards=2, bids="2 1"),
    "hook_explorer_bad_input": lambda: HookExplorer(cards=2, bids="2 x"),
    "auction_start": auction(),
    "auction_going": auction("1H X"),
    "auction_refused": auction("1H P", then="1C"),
    "auction_over": auction("1H P 2H X XX P P P"),
    "auction_passed_out": auction("P P P P"),
    "contract_made": lambda: ContractScorer("4S", 11),
    "contract_exactly": lambda: ContractScorer("3NT", 9),
    "contract_down_doubled": lambda: ContractScorer("4HX", 7),
    "contract_slam_redoubled": lambda: ContractScorer("6NTXX", 13),
    "puzzle": lambda: PuzzleWidget(puzzle("easy", seed=7, number=0)),
    "puzzle_unanswered": puzzle_checked("none"),
    "puzzle_right": puzzle_checked("right"),
    "puzzle_wrong": puzzle_checked("wrong", level="hard"),
    "puzzle_stream": stream_checked,
    "best_play": lambda: PuzzleWidget(best_puzzle("easy", seed=1, number=1)),
    "best_play_unanswered": best_checked("none"),
    "best_play_right": best_checked("right"),
    "best_play_wrong": best_checked("wrong"),
    "best_play_not_allowed": best_checked("illegal", number=ILLEGAL_CARD_PUZZLE),
    "best_play_call_bridge": best_checked("wrong", number=0, game="callbridge"),
    "coach_playing": coach_at(tricks=6),
    "coach_calling": coach_at(),
    "coach_judgement_bidding": coach_at(number=2),
    "coach_judgement_blind": coach_at(number=8),
    "rule_comparison": comparison(),
    "rule_comparison_same": comparison("3H 5H 9D", "4H QH"),
    "rule_comparison_bad_input": comparison("", ""),
}


def shown(widget) -> list[str]:
    return texts(widget.widget)


@pytest.mark.parametrize("name", WIDGETS)
def test_every_sentence_changes_in_every_language_and_english_comes_back(name):
    widget = WIDGETS[name]()
    english = shown(widget)
    # The widget carries the language dropdown, once, and the dropdown switches the engine.
    pickers = [w for w in walk(widget.widget) if "cardlib-language" in w._dom_classes]
    assert len(pickers) == 1
    pickers[0].value = "hi-Latn"
    assert cardlib.get_language() == "hi-Latn"
    cardlib.set_language("en")
    assert shown(widget) == english
    assert any(is_sentence(text) for text in english)
    for code in SHIPPED:
        cardlib.set_language(code)
        now = shown(widget)
        assert len(now) == len(english), code
        names = i18n.LANGUAGES.values()  # the dropdown names each language in itself
        if not code.endswith("-Latn"):  # not one English word left, in a label or a sentence
            left = [t for t in now if english_words(t) and t not in names]
            assert not left, left
        else:  # Hinglish is written in the Latin script only, no Devanagari
            left = [t for t in now if DEVANAGARI.search(t) and t not in names]
            assert not left, left
        stayed = [t for t in english if is_sentence(t) and t in now and t not in GAME_NAMES]
        if code.endswith("-Latn"):  # "expected points/score": what Hinglish speakers say
            stayed = [t for t in stayed if {w.lower() for w in english_words(t)} - HINGLISH_KEEPS]
        assert not stayed, (code, stayed)
    cardlib.set_language("en")
    assert shown(widget) == english


def walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def test_the_trick_builder_keeps_its_cards_and_trump_through_a_switch():
    builder = TrickBuilder("AH 2S KH 3H", trump="H")
    before = (builder.cards, builder.trump_suit, builder.winner)
    cardlib.set_language("hi")
    assert (builder.cards, builder.trump_suit, builder.winner) == before
    assert builder.feedback.value.startswith("<b>A♥ जीता।</b> पान तुरुप है")
    builder.pickers[0].value = "KS"
    assert builder.winner == 2 and "पान" in builder.feedback.value


def test_the_replay_tells_every_step_again_in_the_new_language():
    widget = DealReplay(played_deal())
    forced = next(i for i, p in enumerate(widget.plays) if p.forced)
    widget.go_to(forced + 1)
    english = widget.text.value
    cardlib.set_language("hi")
    assert "<b>मजबूरी में</b>" in widget.text.value and widget.plays[forced].rule in widget.text.value
    assert DEVANAGARI.search(widget.plays[forced].text)
    cardlib.set_language("en")
    assert widget.text.value == english and widget.step == forced + 1


def test_the_explorer_keeps_its_position_card_and_highlights_through_a_switch():
    widget = PlayExplorer()
    widget.load(widget.find("seed-follow"))
    widget.click("3H")
    widget.show_legal.click()
    state = (widget.position, widget.chosen, widget.verdict, widget.highlighted)
    cardlib.set_language("hi-Latn")
    assert (widget.position, widget.chosen, widget.verdict, widget.highlighted) == state
    assert widget.feedback.value.startswith("<b>3♥ nahi chal sakta (must-beat).</b>")
    assert widget.picker.value == widget.positions.index(widget.position)


REFUSALS = {
    "illegal card": lambda deal: deal.play(
        sorted(set(deal.hand(deal.to_act)) - deal.legal_plays())[0]
    ),
    "not held": lambda deal: deal.play(sorted(deal.hand((deal.to_act + 1) % 4))[0]),
    "out of turn": lambda deal: deal.play(
        sorted(deal.hand((deal.to_act + 1) % 4))[0], seat=(deal.to_act + 1) % 4
    ),
    "call out of phase": lambda deal: deal.call(3),
    "scores too early": lambda deal: deal.scores(),
}


def position_with_a_refusal():
    """A Call Break deal, calls made and a trick under way, where some card is illegal."""
    for seed in range(50):
        deal = callbreak.Deal(seed=seed)
        while deal.phase == "calling":
            deal.call(3)
        deal.play(sorted(deal.legal_plays())[0])
        if set(deal.hand(deal.to_act)) - deal.legal_plays():
            return deal
    raise AssertionError("no position with an illegal card in 50 seeds")


@pytest.mark.parametrize("refusal", REFUSALS)
def test_the_engine_refuses_in_the_learners_language_with_the_same_rule(refusal):
    said = {}
    for code in i18n.LANGUAGES:
        deal = position_with_a_refusal()
        before = deal.copy()
        with i18n.language(code), pytest.raises(cardlib.CardlibError) as refused:
            REFUSALS[refusal](deal)
        said[code] = refused.value
        assert deal == before  # nothing changed
    assert len({error.rule for error in said.values()}) == 1
    assert DEVANAGARI.search(str(said["hi"])) and not DEVANAGARI.search(str(said["hi-Latn"]))
    assert DEVANAGARI.search(str(said["ne"]))
    assert len({str(error) for error in said.values()}) == len(i18n.LANGUAGES)


def test_the_auction_pad_says_a_refusal_again_and_keeps_the_auction():
    pad = AuctionPad(dealer="N")
    pad.call_all("1H P")
    pad.press("1C")
    calls = pad.auction.calls
    cardlib.set_language("hi")
    assert pad.auction.calls == calls
    assert "नहीं चलेगा" in pad.status.value and "1H" in pad.status.value
    cardlib.set_language("en")
    assert "Not allowed: 1C is not higher than 1H" in pad.status.value


def test_a_switch_does_not_count_a_puzzle_again():
    stream = stream_checked()
    score = (stream.right, stream.tried)
    cardlib.set_language("hi-Latn")
    assert (stream.right, stream.tried) == score == (1, 1)
    assert stream.score_label.value == "<b>Score: 1 mein se 1</b>"
    assert "Sahi" in stream.current.feedback.value


def insufficient_bid():
    from cardlib.bridge import Auction

    auction = Auction("N")
    auction.call("1H")
    auction.call("1C")


def hooked_dealer_bid():
    from cardlib import judgement

    round_ = judgement.Round(4, 3, seed=1, dealer=3)
    while round_.to_act != round_.dealer:
        round_.bid(0)
    round_.bid(round_.explain_bids().forbidden)


GAME_REFUSALS = {
    "call bridge bid range": lambda: __import__("cardlib.callbridge").callbridge.check_bid(14),
    "judgement bid range": lambda: __import__("cardlib.judgement").judgement.check_bid(9, 5),
    "judgement hook": lambda: hooked_dealer_bid(),
    "bridge insufficient bid": insufficient_bid,
    "call break capped call": lambda: callbreak.Deal(
        seed=1, variant=callbreak.Variant(max_call=8)
    ).call(9),
}


@pytest.mark.parametrize("refusal", GAME_REFUSALS)
def test_every_game_refuses_in_the_learners_language_with_the_same_rule(refusal):
    said = {}
    for code in i18n.LANGUAGES:
        with i18n.language(code), pytest.raises(cardlib.CardlibError) as refused:
            GAME_REFUSALS[refusal]()
        said[code] = refused.value
    assert len({error.rule for error in said.values()}) == 1
    assert DEVANAGARI.search(str(said["hi"])) and not DEVANAGARI.search(str(said["hi-Latn"]))
    assert DEVANAGARI.search(str(said["ne"]))
    assert len({str(error) for error in said.values()}) == len(i18n.LANGUAGES)


#: Best-play endings (hands by seat, trick, leader, calls, tricks won): South leads and A♥ makes
#: the call of 3; and one where South must beat 9♥ with A♥, so 5♠ is not allowed.
BEST_PLAY_GIVENS = (("AH 4H 2C", "QD 5D 3D", "QH 9C 8C", "JD 7C 6C"), "", 0, (3,) * 4, (1, 3, 3, 3))
BEST_PLAY_MUST_BEAT = (
    ("AH 4H 5S", "KS 3D", "QH 8C", "7C 6C"),
    "2H 9H JD",
    1,
    (2, 3, 3, 3),
    (1, 3, 3, 3),
)

FEEDBACK = {
    "legal plays, wrong": lambda: check_legal_plays("3H", "3H KH 2S", "QH"),
    "legal plays, right": lambda: check_legal_plays("KH", "3H KH 2S", "QH"),
    "rule id, wrong": lambda: check_rule("free", "3H KH 2S", "QH"),
    "trick winner, wrong": lambda: check_trick_winner("AH", "AH 2S KH 3H"),
    "trick winner seat": lambda: check_trick_winner_seat(0, "AH 2S KH 3H", leader=0),
    "best play, right": lambda: check_best_play("AH", *BEST_PLAY_GIVENS),
    "best play, wrong": lambda: check_best_play("4H", *BEST_PLAY_GIVENS),
    "best play, not in hand": lambda: check_best_play("KS", *BEST_PLAY_GIVENS),
    "best play, not allowed": lambda: check_best_play("5S", *BEST_PLAY_MUST_BEAT),
    "best play, a bid set": lambda: check_best_play(
        "4H", *BEST_PLAY_GIVENS[:3], (2, 3, 3, 3), (0, 3, 3, 3), game="callbridge"
    ),
}


@pytest.mark.parametrize("case", FEEDBACK)
def test_exercise_feedback_in_the_learners_language_with_the_same_verdict(case):
    said = {}
    for code in i18n.LANGUAGES:
        with i18n.language(code):
            feedback = FEEDBACK[case]()
            said[code] = (feedback.correct, feedback.credit, str(feedback))
    assert len({(correct, credit) for correct, credit, _text in said.values()}) == 1
    assert DEVANAGARI.search(said["hi"][2]) and not DEVANAGARI.search(said["hi-Latn"][2])
    assert len({text for _c, _r, text in said.values()}) == len(i18n.LANGUAGES)
    assert not [w for w in english_words(said["hi"][2]) if w not in SAME_EVERYWHERE]
    assert not [w for w in english_words(said["ne"][2]) if w not in SAME_EVERYWHERE]
