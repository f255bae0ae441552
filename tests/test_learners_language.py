"""The learner's language in every answer (issue 38): every check's feedback, over every kind
of answer, and every refusal a learner can meet in a notebook or a widget, speak Hindi,
Hinglish and Nepali; and an answer written in the learner's own words (दक्षिण, Dakshin,
"East (3)", "आप (दक्षिण, सीट 0)", पान की बेगम, चिड़ी) is read.

English words are found as the widgets' test finds them (Latin words of three letters or more,
once card codes and rule ids are taken out), and so is code: a value in single quotes (the
learner's own text, an accepted value such as ``'left'``), a name with a dot or an underscore
(``deal.hand``, ``min_call``), a call (``Decimal('2.5')``), and the argument a refusal names
(``samples``). The learner's own answer, echoed back, is taken out too. Hinglish is written in
the Latin script, so there the English words of the English text must be gone, but for the
words Hinglish players say themselves (card, trick, call, seat …: docs/terms.tsv).
"""

from __future__ import annotations

import html
import json
import math
import re
from collections.abc import Callable, Iterable
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest
from test_widgets_in_every_language import DEVANAGARI, TAG, english_words

import cardlib
import cardlib.lessons
from cardlib import _notebooks, bridge, callbreak, callbridge, games, i18n, judgement, strategy
from cardlib.cards import DECK, Card, parse_cards
from cardlib.exercises import answers
from cardlib.exercises import feedback as feedback_module
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
from cardlib.exercises.checks import (
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
from cardlib.exercises.feedback import RECORDED, Feedback, exercise_mode, fraction_text
from cardlib.exercises.grading import judge_check, verdict_outputs
from cardlib.exercises.judgement import (
    check_dealer_bids,
    check_hooked_bid,
    check_round_score,
    check_round_total,
    check_round_trump,
    check_winner_seat,
)
from cardlib.game import explain_play
from cardlib.seats import seat_label
from cardlib.strategy import call_by_count
from cardlib.widgets.drill import Question, QuickCheck

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT]
#: The English words Hinglish writes too: docs/terms.tsv's Hinglish column ("card", "trick",
#: "call", "seat", "points", "dealer", "round", "trump", "pass", "entry", "suit follow karna",
#: "number" …), the games' words the catalogs' Hinglish keeps (contract, dummy, score, hook …),
#: Bridge's own words (honours, slam, insult), the exercise modes' names, which are the code's
#: (exercise_mode("homework")), and the classroom's (check, feedback, grading, notebook, cell).
HINGLISH_WORDS = {
    "card", "cards", "trick", "tricks", "call", "calls", "seat", "seats", "points", "dealer",
    "round", "trump", "suit", "follow", "pass", "entry", "number", "numbers", "rank",
    "declarer", "dummy", "contract", "double", "redouble", "bonus", "level", "strain", "line",
    "score", "scores", "total", "match", "game", "hook", "blind", "samples", "coach", "solver",
    "slider", "schedule", "rule", "option", "options", "position", "text", "list", "record",
    "honours", "slam", "insult",
    # the strategy lessons' words Hinglish players keep (Bridge's play and bidding, statistics)
    "honour", "duck", "drop", "finesse", "invite", "split", "par", "grand", "target", "chance",
    "minus", "standard", "error", "model",
    # "expected points", "expected score": what Hinglish speakers say (docs/terms.tsv, issue 38)
    "expected",
    "mode", "practice", "homework", "exam", "check", "feedback", "grading", "notebook", "cell",
}  # fmt: skip
#: The games' names, which Hinglish writes as English does.
GAME_NAMES = ("Call Break", "Call Bridge", "Judgement", "Contract Bridge")
#: Python's own words a sentence names as code: "replace None with …", "a Decimal".
CODE_WORDS = {"None", "True", "False", "Decimal", "Fraction", "float", "int", "View", "Deal"}
_QUOTED = re.compile(r"(?<![\w])'[^'\n]*'(?!\w)")
_CODE = re.compile(
    r"\b[\w.]+\([^()]*\)"  # a call: Variant(min_call=2), deal.hand(1)
    r"|\b[A-Za-z_]\w*(?:[._]\w+)+\b|\b[A-Za-z_]\w*\(|\b\w+=|\.\w+"  # min_call, x.y, f(, a=
    r"|<[^<>]*>"  # an object's repr: <Deal dealer=3 …>
    r"|\b[a-z0-9]+(?:/[a-z0-9-]+)+|\b[a-z]+-[a-z]+-[a-z]+\b"  # bridge/dealer-first, redeal-no-spade
    r"|\b[1-7](?:NT|[CDHS])X{0,2}\b"  # a bid or contract: 3NTX
)


@pytest.fixture(autouse=True)
def english_and_no_mode_around_each_test():
    cardlib.set_language("en")
    mode = feedback_module._mode
    yield
    feedback_module._mode = mode
    cardlib.set_language("en")


def echoes(answer: object) -> list[str]:
    """How a text echoes the learner's answer back: its repr, its items' (an object's
    ``<… object at …>`` is code), longest first."""
    found = {repr(answer)}
    if isinstance(answer, list | tuple | set | frozenset):
        for item in answer:
            found |= set(echoes(item))
    return sorted((e for e in found if e), key=len, reverse=True)


def words_of(text: str, answer: object = None, allowed: Iterable[str] = ()) -> list[str]:
    """The English words of ``text`` once code, the learner's echoed answer and the
    ``allowed`` names are taken out."""
    for echo in echoes(answer) if answer is not None else ():
        text = text.replace(echo, " ")
    text = _CODE.sub(" ", _QUOTED.sub(" ", text))
    for name in GAME_NAMES:
        text = text.replace(name, " ")
    allowed = set(allowed) | CODE_WORDS
    return [w for w in english_words(text) if w not in allowed]


def english_left(
    code: str, text: str, english: str, answer: object = None, allowed: Iterable[str] = ()
) -> list[str]:
    """The English words of ``text`` (the same as ``english`` in the learner's language
    ``code``) that should not be there."""
    if code.endswith("-Latn"):
        english_only = {w.lower() for w in words_of(english, answer, allowed)} - HINGLISH_WORDS
        if DEVANAGARI.search(text):
            return ["<Devanagari in Hinglish>"]
        left = [w for w in words_of(text, answer, allowed) if w.lower() in english_only]
        if english_only and text == english:
            left.append("<the English text itself>")
        return left
    return words_of(text, answer, allowed)


def views(feedback: Feedback) -> dict[str, str]:
    """The feedback as each mode shows it: practice, homework (graded) and exam (recorded; the
    answer it recorded, the learner's own, taken out)."""
    receipt = feedback.recorded()
    exam = str(receipt)
    if receipt.status == RECORDED:
        answer = answers.decode(json.loads(feedback.report)["answer"])
        exam = exam.removesuffix(answers.recorded_text(answer)) + "<answer>"
    return {"practice": str(feedback), "homework": str(feedback.graded()), "exam": exam}


def said_in(code: str, make: Callable[[], Feedback]) -> dict[str, str]:
    with i18n.language(code):
        return views(make())


# ----- every check, every kind of answer ---------------------------------------------------------

GIVENS = ("hands", "trick", "leader", "calls", "won")
BEST = (("AH 4H 2C", "QD 5D 3D", "QH 9C 8C", "JD 7C 6C"), "", 0, (3,) * 4, (1, 3, 3, 3))
MUST_BEAT = (("AH 4H 5S", "KS 3D", "QH 8C", "7C 6C"), "2H 9H JD", 1, (2, 3, 3, 3), (1, 3, 3, 3))
JUNK = [None, ..., True, "", "   ", [], "ZZ", "??", 3.7, -1, 99, b"KH", object(), {"a": 1}]

#: (check, its givens, answers: right, wrong in each way the check tells apart, unreadable).
CHECKS: dict[str, tuple[Callable[..., Feedback], dict, list]] = {
    "card": (check_card, {"name": "queen of hearts"}, ["QH", "KD", "queen of hearts", "QH KH"]),
    "order": (check_order, {"cards": "4C KC 9C"}, ["KC 9C 4C", "KC 4C 9C", "KC 9C", "AD"]),
    "hand size": (check_hand_size, {}, [13, 12, "13", "thirteen"]),
    "first player": (check_first_player, {"dealer": 2}, [3, 1, "East", "North"]),
    "first player, right": (check_first_player, {"dealer": 2, "direction": -1}, [1, 0]),
    "dealer": (check_dealer, {"first_dealer": 1, "deal_number": 4}, [0, 2]),
    "dealer, one move": (check_dealer, {"first_dealer": 1, "deal_number": 2}, [2, 3]),
    "dealer, the other way": (
        check_dealer,
        {"first_dealer": 1, "deal_number": 2, "direction": -1},
        [0, 3],
    ),
    "suit count": (check_suit_count, {"seed": 2026, "dealer": 0, "seat": 1, "suit": "S"}, [4, 5]),
    "legal plays": (
        check_legal_plays,
        {"hand": "3H KH 2S", "trick": "QH"},
        ["KH", "3H", "KH 3H 2S", "", "AS", "QX"],
    ),
    "legal plays, lead": (check_legal_plays, {"hand": "AS 7H 7D 2C"}, ["AS 7H 7D 2C", "AS"]),
    "rule": (
        check_rule,
        {"hand": "3H KH 2S", "trick": "QH"},
        ["must-beat", "free", "beat it", "must_beat"],
    ),
    "trick winner": (
        check_trick_winner,
        {"trick": "AH 2S KH 3H"},
        ["2S", "AH", "QD", "AH 2S"],
    ),
    "trick winner, no trump": (check_trick_winner, {"trick": "9H KH 3H 2H", "trump": None}, ["KH"]),
    "trick winner, trumps led": (check_trick_winner, {"trick": "3S AS 2H 5S"}, ["AS"]),
    "trick winner seat": (
        check_trick_winner_seat,
        {"trick": "AH 2S KH 3H", "leader": 1},
        [2, 3, "2", 7],
    ),
    "trick winner seat, the other way": (
        check_trick_winner_seat,
        {"trick": "AH 2S KH 3H", "leader": 1, "direction": -1},
        [0, 1],
    ),
    "score": (
        check_score,
        {"call": 4, "tricks": 6},
        ["4.2", Decimal("4.2"), "-4", "4.3", 4.2, "four"],
    ),
    "score, missed": (check_score, {"call": 4, "tricks": 3}, ["-4", "4", "-3", "4.1"]),
    "score, old scoring": (
        check_score,
        {"call": 4, "tricks": 6, "variant": callbreak.Variant(old_scoring=True)},
        ["-4", "4"],
    ),
    "total": (check_total, {"calls": [3, 4], "tricks": [4, 3]}, ["-0.9", "7"]),
    "scores": (
        check_scores,
        {"calls": [3, 4, 2, 1], "tricks_won": [4, 3, 2, 4]},
        [["3.1", "-4", "2", "1.3"], ["3.1", "-4", "2", "1"], ["3", "4", "2", "1"], "1 2", "x"],
    ),
    "scores, unreadable items": (
        check_scores,
        {"calls": [3, 4, 2, 1], "tricks_won": [4, 3, 2, 4]},
        [["3.1", 4.1, "two", "1.3"]],
    ),
    "expected score": (
        check_expected_score,
        {"call": 3, "trick_counts": {2: 1, 3: 3}},
        [Fraction(3, 2), "1", "x"],
    ),
    "best call": (check_best_call, {"trick_counts": {3: 1, 4: 3}}, [4, 3, 14, "a lot"]),
    "best play": (
        check_best_play,
        dict(zip(GIVENS, BEST, strict=True)),
        ["AH", "4H", "KS", "AH 4H"],
    ),
    "best play, not allowed": (
        check_best_play,
        dict(zip(GIVENS, MUST_BEAT, strict=True)),
        ["5S"],
    ),
    "which game": (
        check_which_game,
        {"card": "KH", "hand": "3H KH 2S", "trick": "QH"},
        ["both", "Call Break", "neither", "Call Bridge", "maybe"],
    ),
    "which game, one": (
        check_which_game,
        {"card": "3H", "hand": "3H KH 2S", "trick": "QH"},
        ["Call Bridge", "both"],
    ),
    "which game, neither": (
        check_which_game,
        {"card": "2S", "hand": "3H KH 2S", "trick": "QH"},
        ["neither"],
    ),
    "bridge score": (check_bridge_score, {"bid": 8, "tricks": 9}, [8, -8, 9]),
    "bridge score, bonus": (check_bridge_score, {"bid": 10, "tricks": 11}, [13, 10]),
    "bridge score, missed": (check_bridge_score, {"bid": 5, "tricks": 4}, [-5, 5, -4]),
    "winning tricks": (check_winning_tricks, {"bid": 9}, ["9 10 11 12 13", "8 9", [9, 10]]),
    "winning tricks, bonus": (check_winning_tricks, {"bid": 12}, ["12 13", "12"]),
    "match winners": (
        check_match_winners,
        {"totals": [31, 30, 12, 31], "target": 30},
        [[0, 3], [0], "[]", ["North"], "someone"],
    ),
    "match winners, nobody yet": (
        check_match_winners,
        {"totals": [21, 20, 12, 11], "target": 30},
        [[], [0]],
    ),
    "round trump": (check_round_trump, {"number": 3}, ["S", "H", "hearts", "X"]),
    "hooked bid": (
        check_hooked_bid,
        {"cards": 5, "earlier_bids": [1, 2, 0]},
        [2, 3, "none", "some"],
    ),
    "hooked bid, none": (
        check_hooked_bid,
        {"cards": 2, "earlier_bids": [2, 1]},
        ["none", 1],
    ),
    "dealer bids": (
        check_dealer_bids,
        {"cards": 3, "earlier_bids": [1, 1, 0]},
        ["0 2 3", "0 1 2 3", "0", "many"],
    ),
    "dealer bids, forced": (check_dealer_bids, {"cards": 1, "earlier_bids": [0, 0, 0]}, ["0"]),
    "round score": (check_round_score, {"bid": 2, "tricks": 2}, [20, 10]),
    "round score, over": (check_round_score, {"bid": 2, "tricks": 3}, [0, 30]),
    "round score, under": (check_round_score, {"bid": 2, "tricks": 1}, [0]),
    "round score, nil": (check_round_score, {"bid": 0, "tricks": 0}, [10]),
    "round total": (check_round_total, {"bids": [2, 0], "tricks": [2, 1]}, [20, 30]),
    "winner seat": (
        check_winner_seat,
        {"trick": "AH 2S KH 3H 4H", "leader": 1, "trump": "S", "players": 5},
        [2, 3, 9],
    ),
    "legal calls": (
        check_legal_calls,
        {"calls": "1H X", "dealer": "N", "among": "P XX 1S 1H 2H"},
        ["P XX 1S 2H", "P 1H", "P XX 1S 2H 1H", "banana", 7],
    ),
    "declarer": (
        check_declarer,
        {"calls": "1S P 2H P 4H P P P", "dealer": "N"},
        ["West", "East", "North", 7],
    ),
    "declarer, last bid": (
        check_declarer,
        {"calls": "1H P 2H P 3H P P P", "dealer": "N"},
        ["South", "North"],
    ),
    "contract score": (
        check_contract_score,
        {"contract": "4S", "tricks": 11},
        [(120, 30, 0), (120, 0, 0), (0, 0, 0), "120 30", "a lot"],
    ),
    "contract score, down": (
        check_contract_score,
        {"contract": "3NTX", "tricks": 7},
        [(0, 0, 300), (0, 0, 100)],
    ),
    "side points": (
        check_side_points,
        {"side": "NS", "where": "below", "contract": "4S by N", "tricks": 10},
        [120, 100],
    ),
    "side points, nothing above": (
        check_side_points,
        {"side": "EW", "where": "above", "contract": "4S by N", "tricks": 10},
        [0, 50],
    ),
}


def every_answer() -> list[tuple[str, object]]:
    cases = []
    for name, (_check, _givens, tried) in CHECKS.items():
        cases += [(name, answer) for answer in [*tried, *JUNK]]
    return cases


def check_texts(code: str) -> list[tuple[str, object, str, str, list[str]]]:
    """Every check, every answer, every mode's view: ``(check, answer, mode, text, English
    words left)`` for each text in ``code`` with English left in it."""
    found = []
    for name, answer in every_answer():
        check, givens, _answers = CHECKS[name]
        english = said_in("en", lambda: check(answer, **givens))  # noqa: B023
        said = said_in(code, lambda: check(answer, **givens))  # noqa: B023
        for mode, text in said.items():
            left = english_left(code, text, english[mode], answer)
            if left:
                found.append((name, answer, mode, text, left))
    return found


@pytest.mark.parametrize("code", SHIPPED)
def test_every_check_answers_every_kind_of_answer_in_the_learners_language(code):
    assert check_texts(code) == []


def test_every_check_is_tried_and_each_with_a_right_and_a_wrong_answer():
    import cardlib.exercises.bridge as bridge_checks
    import cardlib.exercises.callbridge as callbridge_checks
    import cardlib.exercises.checks as call_break_checks
    import cardlib.exercises.judgement as judgement_checks

    every = {
        name
        for module in (call_break_checks, bridge_checks, callbridge_checks, judgement_checks)
        for name in dir(module)
        if name.startswith("check_")
        and callable(getattr(module, name))
        and getattr(getattr(module, name), "__module__", None) == module.__name__  # not imported
    }
    tried = {check.__name__ for check, _givens, _answers in CHECKS.values()}
    assert every == tried
    for check_name in every:
        verdicts = {
            check(answer, **givens).correct
            for check, givens, answers in CHECKS.values()
            if check.__name__ == check_name
            for answer in answers
        }
        assert verdicts == {True, False}, check_name


# ----- the exercises' questions, every right and wrong form ---------------------------------------


def exercise_questions():
    from test_exercises_agreement import _questions

    return _questions("practice")


@pytest.mark.parametrize("code", SHIPPED)
def test_every_exercise_question_answers_in_the_learners_language(code):
    from test_exercises_agreement import JUNK as EXERCISE_JUNK
    from test_exercises_agreement import right_forms, wrong_forms

    questions = exercise_questions()
    assert len(questions) == 63
    left = []
    for question in questions:
        for answer in [*right_forms(question)[:2], *wrong_forms(question), *EXERCISE_JUNK]:
            english = said_in("en", lambda: question.feedback(answer))  # noqa: B023
            said = said_in(code, lambda: question.feedback(answer))  # noqa: B023
            for mode, text in said.items():
                words = english_left(code, text, english[mode], answer)
                if words:
                    left.append((question, answer, mode, text, words))
    assert left == []


# ----- the lessons' quick checks -----------------------------------------------------------------

#: Names a quick check's cell takes from the lesson's earlier cells.
EARLIER = {
    "Variant": callbreak.Variant,
    "example_counts": [0, 1, 3, 6, 9, 8, 6, 4, 2, 1, 0, 0, 0, 0],
}


def quick_checks(folder: Path = ROOT / "notebooks") -> dict[str, tuple[str, list[Question]]]:
    """Every lesson's quick check: ``{file: (lesson, questions)}``, read from its cell."""
    found = {}
    for path in sorted(folder.glob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "code" and ".quick_check(" in cell.source:
                # built in the lesson's module (cardlib.lessons): its questions as it makes them
                check = cardlib.lessons.of(path.stem).quick_check(record=False)
                found[path.name] = (check.lesson, list(check.questions))
            elif cell.cell_type == "code" and "QuickCheck(" in cell.source:
                made: list = []
                namespace = {
                    **EARLIER,
                    "_made": lambda lesson, questions, made=made: made.append(
                        (lesson, list(questions))
                    ),
                }
                # The cell imports QuickCheck itself: the questions are taken, no widget made.
                source = cell.source.replace("QuickCheck(", "_made(")
                exec(compile(source, str(path), "exec"), namespace)
                (found[path.name],) = made
    return found


def right_answer(question: Question) -> str:
    """The right answer to a quick check's question, worked out with the engine."""
    check, g = question.check.__name__, question.givens
    variant = g.get("variant", callbreak.STANDARD)
    if check == "check_card":
        return next(card.code for card in DECK if card.name == g["name"])
    if check == "check_count_call":
        return str(call_by_count(g["hand"]))
    if check == "check_last_call":
        too_many = g["count"] + sum(g["others"]) > 12
        return str(max(1, g["count"] - 1) if too_many else g["count"])
    if check == "check_yes_no":
        return "yes" if g["expected"] else "no"
    if check == "check_smaller_error":
        ratio = Fraction(g["more"], g["samples"])
        root = Fraction(math.isqrt(ratio.numerator), math.isqrt(ratio.denominator))
        return fraction_text(Fraction(g["stderr"]) / root)
    if check == "check_order":
        return " ".join(c.code for c in sorted(parse_cards(g["cards"]), key=lambda c: -c.rank))
    if check == "check_hand_size":
        return str(g.get("deck", 52) // g.get("players", 4))
    if check == "check_first_player":
        return str((g["dealer"] + g.get("direction", 1)) % 4)
    if check == "check_dealer":
        return str((g["first_dealer"] + g.get("direction", 1) * (g["deal_number"] - 1)) % 4)
    if check == "check_trick_winner":  # any trump (02 asks one of Judgement's too)
        from cardlib.tricks import trick_winner

        cards = parse_cards(g["trick"])
        return cards[trick_winner(cards, g.get("trump", "S"))].code
    if check == "check_trick_winner_seat":
        index = callbreak.trick_winner(parse_cards(g["trick"]), g.get("trump", "S"))
        return str((g["leader"] + g.get("direction", 1) * index) % 4)
    if check in ("check_legal_plays", "check_rule"):
        why = explain_play(
            g["hand"],
            parse_cards(g.get("trick", "")),
            g.get("rules") or callbreak.play_rules(variant),
            g.get("first_trick", False),
        )
        return why.rule if check == "check_rule" else " ".join(c.code for c in why.legal)
    if check == "check_call_by_count":
        return str(strategy.call_by_count(g["hand"]))
    if check == "check_score":
        return fraction_text(Fraction(callbreak.score(g["call"], g["tricks"], variant)))
    if check == "check_total":
        scores = [
            callbreak.score(c, t, variant) for c, t in zip(g["calls"], g["tricks"], strict=True)
        ]
        return fraction_text(sum((Fraction(s) for s in scores), Fraction(0)))
    expected = callbreak.expected_scores
    if check == "check_best_call":
        table = expected(g["trick_counts"], variant)
        return str(max(table, key=table.__getitem__))
    if check == "check_expected_score":
        return str(expected(g["trick_counts"], variant)[g["call"]])
    if check == "check_hooked_bid":
        forbidden = judgement.hooked_bid(g["cards"], g["earlier_bids"])
        return "none" if forbidden is None else str(forbidden)
    if check == "check_round_score":
        return str(judgement.score(g["bid"], g["tricks"]))
    if check == "check_dealer_bids":
        return " ".join(map(str, judgement.legal_bids(g["cards"], g["earlier_bids"], True)))
    if check == "check_bridge_score":
        return str(callbridge.score(g["bid"], g["tricks"]))
    if check == "check_tricks_taken":  # 41's, in cardlib.lessons.the_bridge_coach
        return str(g["double_dummy_tricks"] - g["declarer_lost"] + g["defence_lost"])
    if check == "check_lead_model_points":
        from cardlib.coach.bridge_review import SIDE_POINTS

        return str(SIDE_POINTS[g["level"]])
    if check == "check_against_par":
        return str(g["score"] - g["par"])
    if check == "check_winning_tricks":
        return " ".join(str(t) for t in range(14) if callbridge.score(g["bid"], t) > 0)
    if check == "check_declarer":
        return str(bridge.Auction.from_calls(g["dealer"], g["calls"]).declarer)
    if check == "check_contract_score":
        truth = bridge.score(g["contract"], g["tricks"])
        return f"{truth.below} {truth.above_declarer} {truth.above_defenders}"
    return searched_answer(question)


def searched_answer(question: Question) -> str:
    """The one answer a lesson's own check (cardlib.lessons) marks right, found among the
    answers of its form: a bid or count, a fraction of a bid's window, a card of the hand,
    a split, a word it names, a set of calls among those offered. Exactly one must be right."""
    g = question.givens
    candidates = [str(n) for n in range(0, 14)] + ["none", "yes", "no"]
    candidates += ["game", "invite", "stop", "drop", "finesse"]
    if "hand" in g:
        candidates += [card.code for card in parse_cards(g["hand"])]
    if "bid" in g:
        candidates += [
            fraction_text(Fraction(top, 13 + g["bid"])) for top in range(1, 14 + g["bid"])
        ]
    if "missing" in g:
        candidates += [f"{a}-{g['missing'] - a}" for a in range(g["missing"] + 1)]
    if "among" in g:
        offered = g["among"].split()
        candidates += [
            " ".join(c for i, c in enumerate(offered) if mask >> i & 1)
            for mask in range(1, 2 ** len(offered))
        ]
    right = list(dict.fromkeys(c for c in candidates if question.mark(c).correct))
    assert len(right) >= 1, f"no right answer found for {question.check.__name__}"
    return right[0]


def wrong_answer(right: str) -> str:
    """A wrong answer of the right form."""
    if re.fullmatch(r"-?[0-9.]+", right):
        return fraction_text(Fraction(right) + 1)
    if right == "none":
        return "1"
    try:
        cards = parse_cards(right)
    except ValueError:
        return "free" if right != "free" else "lead"
    return "2D" if Card("2D") not in cards else "3D"


def shown(quick: QuickCheck, i: int) -> str:
    """What question ``i`` shows after Check: the feedback's text, tags taken out."""
    return " ".join(html.unescape(piece) for piece in TAG.split(quick.outputs[i].value))


def quick_check_texts(code: str, folder: Path = ROOT / "notebooks") -> tuple[int, list]:
    """``(feedbacks read, those with English left)`` over every quick check of the lessons in
    ``folder``, each question answered right, wrong and unreadably, in ``code``."""
    read, left = 0, []
    for name, (lesson, questions) in quick_checks(folder).items():
        for i, question in enumerate(questions):
            right = right_answer(question)
            assert question.mark(right).correct, (name, i, right)
            # One quick check per question, its five answers checked in turn as a learner
            # types them: each Check replaces what question i shows, and the other questions
            # stay unanswered (a quick check per answer built ~1,000 widgets more per language).
            quick = QuickCheck(lesson, questions, record=False)
            for answer in (right, wrong_answer(right), "", "???", "1.5"):
                with i18n.language("en"):
                    quick.answer(i, answer)
                    english = shown(quick, i)
                with i18n.language(code):
                    quick.redraw()
                    text = shown(quick, i)
                read += 1
                words = english_left(code, text, english, answer)
                if words:
                    left.append((name, i, answer, text, words))
    return read, left


@pytest.mark.parametrize("code", SHIPPED)
def test_every_quick_check_of_the_lessons_answers_in_the_learners_language(code):
    read, left = quick_check_texts(code)
    assert read == 68 * 5  # every question of the 18 quick checks, five answers each
    assert left == []


@pytest.mark.parametrize("code", list(_notebooks.TRANSLATED))
def test_the_translated_lessons_quick_checks_answer_in_their_language(code):
    """The translated lessons' own cells (their prompts are in the language; the checks are
    the same as the English lessons')."""
    english = quick_checks()
    own = [name for name in _notebooks.TRANSLATED[code] if name in english]
    assert set(quick_checks(_notebooks.folder(code))) == set(own)  # none lost in translation
    read, left = quick_check_texts(code, _notebooks.folder(code))
    assert read == sum(len(english[name][1]) for name in own) * 5
    assert read == {"hi": 32, "ne": 24}[code] * 5  # hi: 00-06, 09, 40; ne: 00-06
    assert left == []


# ----- the mode, and what the grading process says ------------------------------------------------


@pytest.mark.parametrize("code", SHIPPED)
@pytest.mark.parametrize("mode", [None, "practice", "homework", "exam"])
def test_the_exercise_mode_is_told_in_the_learners_language(code, mode):
    feedback_module._mode = mode
    with i18n.language("en"):
        english = [exercise_mode()]
        if mode is not None:
            english.append(exercise_mode("practice" if mode != "practice" else "exam"))
    with i18n.language(code):
        said = [exercise_mode()]
        if mode is not None:
            said.append(exercise_mode("practice" if mode != "practice" else "exam"))
    assert feedback_module._mode == mode  # the mode is fixed once set
    for text, before in zip(said, english, strict=True):
        assert english_left(code, text, before) == [], text


@pytest.mark.parametrize("code", SHIPPED)
def test_the_grading_process_says_its_verdicts_in_the_learners_language(code):
    """A check cell's verdict worked out again outside the kernel: right, wrong, unreadable,
    and a cell that reported nothing."""
    namespace = {"check_first_player": check_first_player}
    source = "check_first_player(answer_1, dealer=2)"
    for answer in (3, "पूर्व", 1, "ZZ", None):
        outputs = check_first_player(answer, dealer=2).grading_outputs()
        for shown_outputs in (outputs, []):
            with i18n.language("en"):
                english = str(judge_check(source, namespace, shown_outputs))
            with i18n.language(code):
                verdict = judge_check(source, namespace, shown_outputs)
                said = str(verdict)
                text = "".join(
                    o.get("text", "") or o.get("data", {}).get("text/plain", "")
                    for o in verdict_outputs(verdict.graded())
                )
            assert english_left(code, said, english, answer) == [], said
            assert english_left(code, text, english, answer) == [] or text.strip() == "", text


# ----- answers in the learner's words -------------------------------------------------------------

#: Every way a learner may write seat 3 (East), at a table of four.
EAST = [
    "East", "east", "E", "e", " EAST ", "3", "३", 3, 3.0, Decimal(3),
    "पूर्व", "Purab", "purab", "पूर्व (3)", "Purab (3)", "East (3)", "east(3)", "East (३)",
    "seat 3", "Seat 3", "सीट 3", "सीट ३", "सिट ३", "You (East, seat 3)", "आप (पूर्व, सीट 3)",
    "Aap (Purab, seat 3)", "तपाईं (पूर्व, सिट 3)",
]  # fmt: skip
#: ... and what is not seat 3: another seat, read ...
NOT_EAST = ["West", "पश्चिम", "Paschim", "seat 2", "Uttar (2)"]
#: ... or not read at all: a name and number that disagree, half a label, another word.
NOT_A_SEAT = ["East (2)", "पूर्व (1)", "You", "Eastern", "पूर्वी", "seat"]


def test_every_label_the_notebooks_write_is_read_back_as_its_seat():
    from cardlib.exercises.feedback import read_seat

    for code in i18n.LANGUAGES:
        with i18n.language(code):
            for seat in range(4):
                for you in (None, seat, (seat + 1) % 4):
                    label = seat_label(seat, you=you)
                    for reading in i18n.LANGUAGES:  # read the same in every language
                        with i18n.language(reading):
                            assert read_seat(label) == seat, (code, label)
            for players in range(3, 8):
                for seat in range(players):
                    for you in (None, seat):
                        label = seat_label(seat, you=you, players=players)
                        assert read_seat(label, players) == seat, (code, label)


SEAT_CHECKS = {  # a check that reads a seat, with givens whose answer is seat 3 (East)
    "first player": (check_first_player, {"dealer": 2}),
    "dealer": (check_dealer, {"first_dealer": 0, "deal_number": 4}),
    "trick winner seat": (check_trick_winner_seat, {"trick": "AH 2S KH 3H", "leader": 2}),
    "declarer": (check_declarer, {"calls": "1S P 2S P P P", "dealer": "N"}),
}


@pytest.mark.parametrize("name", SEAT_CHECKS)
@pytest.mark.parametrize("mode", ["practice", "homework", "exam"])
@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_a_seat_in_the_learners_words_is_read_in_every_mode_and_language(name, mode, language):
    check, givens = SEAT_CHECKS[name]
    feedback_module._mode = mode
    namespace = {check.__name__: check}
    source = f"{check.__name__}(answer_1, **{givens!r})"
    with i18n.language(language):
        for answer in EAST:
            feedback = check(answer, **givens)
            assert feedback.status == ("recorded" if mode == "exam" else "correct"), answer
            # the grading process, in its own language, reads it the same
            for grading in ("en", "hi"):
                with i18n.language(grading):
                    verdict = judge_check(source, namespace, feedback.grading_outputs())
                assert verdict is not None and verdict.correct, (answer, grading)
        for answer in NOT_EAST:
            assert check(answer, **givens).status == ("recorded" if mode == "exam" else "not yet")
        for answer in NOT_A_SEAT:  # refused as unreadable, the exam too, with its reason
            feedback = check(answer, **givens)
            assert feedback.status == "not yet" and not feedback.readable, answer


@pytest.mark.parametrize("code", SHIPPED)
def test_a_seat_that_cannot_be_read_is_told_in_the_learners_words(code):
    with i18n.language(code):
        said = str(check_first_player("Eastern", dealer=2))
        names = [i18n.gettext(name) for name in ("South", "West", "North", "East")]
    assert all(name in said for name in names), said
    assert english_left(code, said, str(check_first_player("Eastern", dealer=2)), "Eastern") == []


def test_a_judgement_seat_is_read_from_its_label_at_every_table():
    trick = "AH 2S KH 3H 4H"  # 2♠ wins: the second card, seat 2 when seat 1 leads
    for answer in (2, "Seat 2", "सीट 2", "seat २", "सिट 2", "You (seat 2)", "आप (सीट 2)"):
        assert check_winner_seat(answer, trick, 1, "S", 5).correct, answer
    assert not check_winner_seat("North", trick, 1, "S", 5).correct  # no compass at five
    assert not check_winner_seat("Seat 7", trick, 1, "S", 5).correct


SUITS_IN_WORDS = {
    "S": ["S", "♠", "♤", "spades", "Spade", "हुकुम", "hukum", "Hukam"],
    "H": ["h", "♥", "hearts", "पान", "paan", "Paan"],
    "D": ["♦", "diamonds", "ईंट", "इँट", "eent", "ईट"],
    "C": ["♣", "clubs", "चिड़ी", "चिडी", "chidi", "Chiri", "चिड़ी "],
}


@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_a_suit_in_the_learners_words_is_read(language):
    rounds = {spec.trump: number for number, spec in enumerate(judgement.schedule(), 1)}
    with i18n.language(language):
        for suit, forms in SUITS_IN_WORDS.items():
            for form in forms:
                assert check_round_trump(form, number=rounds[suit]).correct, form
        for junk in ("पानी", "hukumat", "spadez", "♠♥"):
            assert not check_round_trump(junk, number=1).correct, junk


CARDS_IN_WORDS = {
    "QH": ["पान की बेगम", "paan ki begum", "पानकी बेगम", "Queen of Hearts", "बेगम पान", "Q पान",
           "पान की रानी", "पान बेगम", "queen hearts"],
    "AS": ["हुकुम का इक्का", "hukum ka ikka", "हुकुमको एक्का", "ace of spades", "A हुकुम"],
    "JD": ["ईंट का ग़ुलाम", "ईंट का गुलाम", "इँटको गुलाम", "eent ka ghulam", "jack of diamonds"],
    "10C": ["चिड़ी का दहला", "चिडीको दहला", "chidi ka dehla", "१० चिड़ी", "ten of clubs"],
    "2S": ["हुकुम की दुक्की", "hukum ki dukki", "two of spades"],
}  # fmt: skip


@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_a_card_in_the_learners_words_is_read(language):
    with i18n.language(language):
        for code, forms in CARDS_IN_WORDS.items():
            trick = {"QH": "JH QH 3H 2H", "AS": "KS AS 3S 2S", "JD": "JD 9D 3D 2D"}.get(
                code, f"{code} 3D 4D 5D"
            )
            for form in forms:
                assert check_trick_winner(form, trick=trick, trump=None).correct, form
        # several cards, codes and words mixed
        assert check_legal_plays("K♥, पान का इक्का", hand="3H KH AH", trick="QH").correct
        assert check_legal_plays("पान का बादशाह और पान का इक्का", "3H KH AH", "QH").correct
        assert check_legal_plays(["पान का बादशाह", "AH"], "3H KH AH", "QH").correct
        for junk in ("पान की", "बेगम बेगम", "हुकुम का पान", "paan ka", "begum of ikka"):
            assert not check_legal_plays(junk, "3H KH AH", "QH").correct, junk


def test_the_card_question_asks_for_the_card_written_as_a_card():
    """Lesson 1 asks to write the queen of hearts as a card: its name back is not the skill."""
    for language in i18n.LANGUAGES:
        with i18n.language(language):
            for answer in ("queen of hearts", "पान की बेगम", "paan ki begum"):
                feedback = check_card(answer, name="queen of hearts")
                assert not feedback.correct and not feedback.readable
                assert '"JD"' in str(feedback)
            assert check_card("Q♥", name="queen of hearts").correct


@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_the_choices_of_a_check_are_read_in_the_learners_words(language):
    with i18n.language(language):
        for answer in ("both", "दोनों", "dono", "Dono", "दुवै"):
            assert check_which_game(answer, "KH", "3H KH 2S", "QH").correct, answer
        for answer in ("neither", "कोई नहीं", "koi nahi", "कुनै पनि होइन"):
            assert check_which_game(answer, "2S", "3H KH 2S", "QH").correct, answer
        for answer in ("Call Bridge", "कॉल ब्रिज", "कल ब्रिज"):
            assert check_which_game(answer, "3H", "3H KH 2S", "QH").correct, answer
        for answer in ("none", "कोई नहीं", "koi nahi", "कुनै छैन", "कोई बोली नहीं"):
            assert check_hooked_bid(answer, cards=2, earlier_bids=[2, 1]).correct, answer
        assert check_legal_calls("पास 1S", "1H", "N", among="P 1S").correct
        assert check_legal_calls("Pass 1S", "1H", "N", among="P 1S").correct


# ----- refusals a learner can meet ----------------------------------------------------------------


def _deal_in_play(seed: int = 1) -> callbreak.Deal:
    deal = callbreak.Deal(seed=seed, dealer=3)
    for _seat in range(4):
        deal.call(3)
    deal.play(sorted(deal.legal_plays())[0])
    return deal


def _an_illegal_card(deal) -> Card:
    return min(set(deal.hand(deal.to_act)) - set(deal.legal_plays()))


def _analysis_of_an_illegal_card():
    from cardlib.coach.analysis import analyse

    for seed in range(30):
        deal = _deal_in_play(seed)
        if set(deal.hand(deal.to_act)) - set(deal.legal_plays()):
            analysis = analyse(deal, samples=2, seed=1, exact_from=0)
            return analysis.of(_an_illegal_card(deal))
    raise AssertionError("no deal with an illegal card")


def _over_deal():
    deal = callbreak.Deal(seed=2, dealer=3)
    from cardlib.bots import SensibleBot, play_out

    play_out(deal, [SensibleBot()] * 4)
    return deal


def _coach(**options):
    from cardlib.widgets.coach import CoachWidget

    return CoachWidget(_deal_in_play(), **options)


def _coach_slider():
    from cardlib.widgets.coach import CoachWidget

    CoachWidget(_deal_in_play(), samples=20).set_samples(25)


def _explorer_click():
    from cardlib.widgets.play_explorer import PlayExplorer

    explorer = PlayExplorer()
    explorer.click(next(c for c in DECK if c not in explorer.position.hand))


def _explorer_find():
    from cardlib.widgets.play_explorer import PlayExplorer

    PlayExplorer().find("no such position")


def _trick_builder():
    from cardlib.widgets.trick_builder import TrickBuilder

    TrickBuilder("AH KH")


def _refused_but_accepted():
    from cardlib.draw.svg import refused

    refused(callbreak.Deal(seed=1, dealer=3).call, 3)


def _review(record):
    from cardlib.coach.review import review

    return review(record, samples=2)


def _solve(deal):
    from cardlib.coach.solver import solve

    return solve(deal)


def _hand_thrown_in():
    from cardlib.coach.estimate import trick_counts

    trick_counts("2H 3H 4H 5H 6H 7H 8H 9H 2D 3D 4D 5D 6D", samples=4,
                 variant=callbreak.Variant(redeal_no_spade=True))  # fmt: skip


def _bridge_review_too_early():
    from cardlib.coach.bridge_review import review_bridge

    review_bridge(bridge.Deal(seed=1, dealer="N"))


def _bridge_in_play_not():
    from cardlib.bridge.double_dummy import par

    par([["AS", "KS"]] * 4)


def _draws_trumps():
    from cardlib.coach.variants import DrawsTrumps

    DrawsTrumps("sometimes")


def _judgement_blind_replay():
    from cardlib.history import replay

    round_ = judgement.Round(players=4, number=8, seed=1)
    while round_.phase == "bidding":
        round_.bid(0)
    replay(round_)


def _from_text(text):
    from cardlib.position import from_text

    return from_text(text)


def _cards_in_two_hands():
    callbreak.Deal.from_hands(["AS KS", "AS QS", "2H 3H", "4H 5H"], dealer=0)


def _a_call_too_high():
    callbreak.Deal.from_hands(["AS KS", "QS JS", "2H 3H", "4H 5H"], dealer=0, calls=[3, 1, 1, 1])


def _drill_call():
    from cardlib.widgets.drill import CallingDrill

    CallingDrill(seed=1, samples=2, record=False).call(14)


#: The registry's keys, which a refusal names as the code does.
GAME_KEYS = {"game", *games.GAMES}
#: A position text's fields and Call Break's options in it (docs of cardlib.position).
POSITION_WORDS = GAME_KEYS | {"dealer", "hands", "calls", "play", "seat", "match", "deals"}
POSITION_WORDS |= {
    "old",
    "min",
    "nolead",
    "free",
    "cap",
    "redeal",
    "spade",
    "face",
    "anti",
    "blind",
}

#: Mistakes a learner can make in a notebook or a widget, each with the names of the code its
#: refusal rightly keeps (the argument it names, the value it accepts).
REFUSALS: dict[str, tuple[Callable[[], object], set[str]]] = {
    # cards and tricks
    "a card that is not one": (lambda: parse_cards("3H QX"), set()),
    "a card number out of range": (lambda: Card(99), set()),
    "a trump that is not a suit": (lambda: callbreak.trick_winner("AH KH", "X"), {"trump"}),
    "a trump Call Break never has": (
        lambda: callbreak.legal_plays("AH", "KH", rules=judgement.play_rules("H")),
        {"rules", "PlayRules"},
    ),
    "a void rule that is none": (lambda: cardlib.PlayRules(void_rule="always"), set()),
    "a switch that is not one": (lambda: cardlib.PlayRules(must_beat="yes"), set()),
    # a Call Break deal
    "a seed that is not one": (lambda: callbreak.Deal(seed=1.5), {"seed"}),
    "a call out of range": (lambda: callbreak.Deal(seed=1).call(14), set()),
    "an illegal card": (lambda: (d := _deal_in_play()).play(_an_illegal_card(d)), set()),
    "a card out of turn": (
        lambda: (d := _deal_in_play()).play(sorted(d.hand(d.to_act))[0], seat=(d.to_act + 1) % 4),
        set(),
    ),
    "scores too early": (lambda: _deal_in_play().scores(), set()),
    "a minimum call of 3": (lambda: callbreak.Variant(min_call=3), set()),
    "a maximum call of 9": (lambda: callbreak.Variant(max_call=9), set()),
    "a variant switch that is not one": (lambda: callbreak.Variant(old_scoring="yes"), set()),
    "a variant that is not one": (lambda: callbreak.Deal(seed=1, variant="old"), {"variant"}),
    "an option a deal does not take": (
        lambda: callbreak.Deal.from_hands(["AS", "KS", "QS", "JS"], dealer=0, colour="red"),
        {"colour", "variant"},
    ),
    "hands of different sizes": (
        lambda: callbreak.Deal.from_hands(["AS KS", "QS", "2H 3H", "4H 5H"], dealer=0),
        set(),
    ),
    "hands given as text": (lambda: callbreak.Deal.from_hands("AS KS", dealer=0), set()),
    "three hands": (lambda: callbreak.Deal.from_hands(["AS", "KS", "QS"], dealer=0), set()),
    "a card in two hands": (_cards_in_two_hands, set()),
    "a call too high for the hands": (_a_call_too_high, set()),
    "calls given as text": (
        lambda: callbreak.Deal.from_hands(["AS", "KS", "QS", "JS"], dealer=0, calls="1 1 1 1"),
        set(),
    ),
    "tricks out of range": (lambda: callbreak.score(4, 14), set()),
    "no samples": (lambda: callbreak.expected_scores([0] * 14), set()),
    "trick counts that are not": (lambda: callbreak.expected_scores("many"), set()),
    "a match of no deals": (lambda: callbreak.Match(seed=1, deals=0), set()),
    # Judgement and Call Bridge
    "a Judgement bid out of range": (lambda: judgement.check_bid(9, 5), set()),
    "earlier bids that are not a list": (lambda: judgement.legal_bids(5, "1 2"), set()),
    "a blind switch that is not one": (
        lambda: judgement.Round.from_hands(["AS", "KS", "QS", "JS"], "S", 0, blind="yes"),
        {"blind"},
    ),
    "a round number out of range": (lambda: judgement.Round(players=4, number=9, seed=1), set()),
    "the blind round replayed": (_judgement_blind_replay, set()),
    "a Call Bridge bid out of range": (lambda: callbridge.check_bid(14), set()),
    "a Call Bridge match without a target": (
        lambda: callbridge.Match(seed=1, target=0),
        {"target"},
    ),
    "Call Bridge tricks out of range": (lambda: callbridge.score(4, 14), set()),
    # Contract Bridge
    "a contract at level 8": (lambda: bridge.Contract.parse("8S"), set()),
    "a contract that is not one": (lambda: bridge.Contract.parse("4Q"), set()),
    "a contract's level not a number": (lambda: bridge.Contract("4", "S"), set()),
    "a contract's strain": (lambda: bridge.Contract(4, "Q"), set()),
    "a contract doubled three times": (lambda: bridge.Contract(4, "S", 3), {"doubled"}),
    "a call that is not one": (lambda: bridge.parse_call("9S"), set()),
    "an insufficient bid": (lambda: bridge.Auction.from_calls("N", "1H 1C"), set()),
    "calls that are not text": (lambda: bridge.Auction.from_calls("N", 42), set()),
    "a seat that is not one": (lambda: bridge.parse_seat("Q"), {"North", "West"}),
    "bridge tricks out of range": (lambda: bridge.score("4S", 14), set()),
    "a deal's score without declarer": (lambda: bridge.deal_score("4S", 10), set()),
    "honours of too many cards": (
        lambda: bridge.honours(" ".join(c.code for c in DECK[:14]), "S"),
        set(),
    ),
    "honours in a strain that is none": (lambda: bridge.honours("AS", "Q"), set()),
    "a first caller that is none": (lambda: bridge.Deal(seed=1, first_caller="me"), set()),
    "hands by seat, one missing": (
        lambda: bridge.Deal.from_hands({"N": "AS", "E": "KS", "S": "QS"}, dealer="N"),
        set(),
    ),
    "a strain that is none": (lambda: bridge.play_rules("Q"), set()),
    "double dummy of hands too short": (_bridge_in_play_not, set()),
    "a bridge review too early": (_bridge_review_too_early, set()),
    # the coach
    "an illegal card's analysis": (_analysis_of_an_illegal_card, set()),
    "a call that is not legal, analysed": (
        lambda: (
            __import__("cardlib.coach.analysis")
            .coach.analysis.analyse_calls(callbreak.Deal(seed=1, dealer=3), samples=2)
            .of(14)
        ),
        set(),
    ),
    "nothing to decide": (
        lambda: __import__("cardlib.coach.analysis").coach.analysis.analyse(_over_deal()),
        set(),
    ),
    "no samples to analyse": (
        lambda: __import__("cardlib.coach.analysis").coach.analysis.analyse(
            _deal_in_play(), samples=0
        ),
        {"samples"},
    ),
    "a playout that is none": (
        lambda: __import__("cardlib.coach.analysis").coach.analysis.analyse(
            _deal_in_play(), playout="fast"
        ),
        {"playout"},
    ),
    "a calling model that is none": (
        lambda: __import__("cardlib.coach.analysis").coach.analysis.analyse(
            _deal_in_play(), calls_model="clever"
        ),
        set(),
    ),
    "a position the coach does not know": (
        lambda: __import__("cardlib.coach.analysis").coach.analysis.analyse("AS KS"),
        set(),
    ),
    "cards analysed while calling": (
        lambda: __import__("cardlib.coach.analysis").coach.analysis.analyse(
            callbreak.Deal(seed=1, dealer=3), samples=2
        ),
        set(),
    ),
    "calls analysed while playing": (
        lambda: __import__("cardlib.coach.analysis").coach.analysis.analyse_calls(
            _deal_in_play(), samples=2
        ),
        set(),
    ),
    "a boldness below 0": (
        lambda: __import__("cardlib.coach.analysis").coach.analysis.analyse_calls(
            callbreak.Deal(seed=1, dealer=3), samples=2, boldness=-1
        ),
        {"boldness"},
    ),
    "the coach's samples not a slider step": (lambda: _coach(samples=15), {"samples"}),
    "the coach's maximum too small": (lambda: _coach(max_samples=5), set()),
    "the coach's deals shown": (lambda: _coach(deals_shown=0), set()),
    "the coach's slider moved off a step": (_coach_slider, {"samples"}),
    "the solver on a whole deal": (lambda: _solve(_deal_in_play()), set()),
    "the solver on a deal that is over": (lambda: _solve(_over_deal()), set()),
    "the solver on a bridge deal": (lambda: _solve(bridge.Deal(seed=1, dealer="N")), set()),
    "a review of a deal, not a record": (lambda: _review(_deal_in_play()), {"position", "choice"}),
    "a review with a choice not allowed": (
        lambda: _review([(callbreak.Deal(seed=1, dealer=3), 14)]),
        set(),
    ),
    "a review's record of single items": (lambda: _review([1, 2]), {"position", "choice"}),
    "a hand thrown in": (_hand_thrown_in, set()),
    "a way of drawing trumps that is none": (_draws_trumps, {"way", "highest", "top", "boss"}),
    # widgets, puzzles, the registry, position texts
    "a card not in the explorer's hand": (_explorer_click, set()),
    "a position the explorer does not have": (_explorer_find, set()),
    "a trick of two cards in the builder": (_trick_builder, set()),
    "a move that was accepted, shown as refused": (_refused_but_accepted, set()),
    "a puzzle level that is none": (
        lambda: cardlib.puzzles.legal_play.puzzle("tricky", 1),
        {"level", "easy", "medium", "hard"},
    ),
    "no puzzles": (lambda: cardlib.puzzles.legal_play.puzzle_set(0), {"count"}),
    "a best-play game that is none": (
        lambda: cardlib.puzzles.best_play.best_puzzle("easy", 1, game="poker"),
        GAME_KEYS,
    ),
    "a best-play level that is none": (
        lambda: cardlib.puzzles.best_play.best_puzzle("tricky", 1),
        {"level", "easy", "medium", "hard"},
    ),
    "a game that is none": (lambda: games.lookup("poker"), GAME_KEYS),
    "a game of something else": (lambda: games.of(42), GAME_KEYS),
    "a drill's call out of range": (_drill_call, set()),
    "a position that is not text": (lambda: _from_text(42), POSITION_WORDS),
    "a position of four fields": (lambda: _from_text("callbreak 0 - -"), POSITION_WORDS),
    "a position's game": (lambda: _from_text("poker 0 ... - -"), POSITION_WORDS),
    "a position's options": (
        lambda: _from_text("callbreak/fast 0 A.../K.../Q.../J... - -"),
        POSITION_WORDS,
    ),
    "a position's hand": (lambda: _from_text("callbreak 0 A../K.../Q.../J... - -"), POSITION_WORDS),
    "a position's rank": (
        lambda: _from_text("callbreak 0 X.../K.../Q.../J... - -"),
        POSITION_WORDS,
    ),
    "a position's card twice": (
        lambda: _from_text("callbreak 0 AA.../K.../Q.../J... - -"),
        POSITION_WORDS,
    ),
    "a position's hand count": (
        lambda: _from_text("callbreak 0 A.../K.../Q... - -"),
        POSITION_WORDS,
    ),
    "a position's dealer": (
        lambda: _from_text("callbreak 7 A.../K.../Q.../J... - -"),
        POSITION_WORDS,
    ),
    "a position's viewer": (
        lambda: _from_text("callbreak 0 A.../K.../Q.../J... - - @9"),
        POSITION_WORDS,
    ),
    "a position's hidden hand": (
        lambda: _from_text("callbreak 0 A.../?1/Q.../J... - -"),
        POSITION_WORDS,
    ),
    "a position's trick": (
        lambda: _from_text("callbreak 0 A.../K.../Q.../J... 1/1/1/1 ASK"),
        POSITION_WORDS,
    ),
    "a position's call": (
        lambda: _from_text("callbreak 0 A.../K.../Q.../J... x/1/1/1 -"),
        POSITION_WORDS,
    ),
    "a position's match option": (
        lambda: _from_text("callbreak/speed=2 | callbreak 0 A.../K.../Q.../J... - -"),
        POSITION_WORDS,
    ),
    "a Judgement position's options": (
        lambda: _from_text("judgement/r9 0 A.../K.../Q.../J... - -"),
        POSITION_WORDS,
    ),
    "a Contract Bridge position's options": (
        lambda: _from_text("bridge/late N A.../K.../Q.../J... - -"),
        POSITION_WORDS,
    ),
    "a Contract Bridge position's dealer": (
        lambda: _from_text("bridge Q A.../K.../Q.../J... - -"),
        POSITION_WORDS,
    ),
    "a Call Bridge position's options": (
        lambda: _from_text("callbridge/fast 0 A.../K.../Q.../J... - -"),
        POSITION_WORDS,
    ),
    "to_text of something else": (lambda: cardlib.position.to_text("AS"), set()),
}


def refusal_of(name: str, code: str) -> BaseException:
    make, _names = REFUSALS[name]
    with i18n.language(code):
        try:
            make()
        except (ValueError, TypeError, KeyError, AssertionError) as error:
            return error
    raise AssertionError(f"{name}: nothing was refused")


def refusal_text(error: BaseException) -> str:
    return str(error.args[0]) if isinstance(error, KeyError) else str(error)


def refusal_texts(code: str) -> list[tuple[str, str, list[str]]]:
    left = []
    for name, (_make, names) in REFUSALS.items():
        english = refusal_text(refusal_of(name, "en"))
        said = refusal_text(refusal_of(name, code))
        words = english_left(code, said, english, allowed=names)
        if words:
            left.append((name, said, words))
    return left


@pytest.mark.parametrize("code", SHIPPED)
def test_every_refusal_a_learner_can_meet_is_in_the_learners_language(code):
    assert refusal_texts(code) == []


@pytest.mark.parametrize("name", REFUSALS)
def test_each_refusal_is_the_same_error_with_the_same_rule_in_every_language(name):
    errors = {code: refusal_of(name, code) for code in i18n.LANGUAGES}
    assert len({type(error) for error in errors.values()}) == 1
    assert len({getattr(error, "rule", None) for error in errors.values()}) == 1
    english = refusal_text(errors["en"])
    assert english_words(english), english  # a sentence, not just code
    assert "{" not in english and "}" not in english.replace("{'", "").replace("'}", "")
    for code in SHIPPED:
        assert refusal_text(errors[code]) != english, (code, english)


def test_the_checks_catch_english():
    """Not vacuous: the lines of the issue fail the checks."""
    assert english_left("hi", "✓ सही: Q♥ is the queen of hearts.", "")
    assert english_left("ne", "✗ अझै भएन: expected a seat: its name or number 0..3, but got "
                        "'दक्षिण'.", "")  # fmt: skip
    english = "✓ Correct: 13 cards each.\nAll 52 cards are dealt to 4 players: 52 ÷ 4 = 13."
    assert english_left("hi-Latn", "✓ Sahi: 13 cards each.\nAll 52 cards are dealt to 4 "
                        "players: 52 ÷ 4 = 13.", english)  # fmt: skip
    assert english_left("hi", "6♠ is not a legal card here", "")
    kept = "✗ अभी नहीं: सीट 0 (must-beat) 'Eastern' Q♥ min_call Decimal('2.5') deal.hand(0) 3NTX"
    assert not english_left("hi", kept, "", "Eastern")
