"""The coach's advice on hands where it used to go wrong (issue 25).

The call the coach shows as best is the call its bot makes: the same analysis, the same
boldness (:data:`cardlib.coach.analysis.CALL_BOLDNESS`).
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from html import unescape

from cardlib import callbreak
from cardlib.cards import parse_cards
from cardlib.coach.analysis import CALL_BOLDNESS, CoachBot, View, analyse_calls
from cardlib.widgets.coach import CoachWidget

TIMID = "AS KS 7S 4S AH QH 6H KD 8D 3D 9C 6C 2C"  # most players, and CoachBot, call 4


def first_to_call(hand: str) -> View:
    """Seat 0 about to call first (the dealer is seat 3), holding ``hand``."""
    return View(
        game="callbreak",
        rules=callbreak.play_rules(callbreak.STANDARD),
        players=4,
        direction=1,
        dealer=3,
        dealt=13,
        seat=0,
        hand=tuple(sorted(parse_cards(hand), reverse=True)),
        calls=(None,) * 4,
        variant=callbreak.STANDARD,
    )


def test_the_best_call_shown_is_the_call_the_coach_bot_makes():
    view = first_to_call(TIMID)
    for seed in range(3):
        bot = CoachBot(seed=seed, call_samples=100)
        analysis_seed = random.Random(seed).getrandbits(32)  # the seed the bot draws first
        called = bot.choose_call(view)
        shown = CoachWidget(view, samples=100, seed=analysis_seed)
        assert shown.analysis == analyse_calls(view, 100, analysis_seed)
        assert shown.analysis.best == called == 4
        rows = unescape(shown.ranking.value).split("<tr>")[2:]  # after the header row
        best_rows = [re.match(r"<td>\d+</td><td>(\d+)</td>", r)[1] for r in rows if "<b>best" in r]
        assert best_rows == ["4"]


def test_a_bolder_call_is_explained_and_boldness_zero_is_the_top_estimate():
    view = first_to_call(TIMID)
    analysis = analyse_calls(view, 100, seed=0)
    plain = analyse_calls(view, 100, seed=0, boldness=0)
    assert analysis.boldness == CALL_BOLDNESS == Fraction(1, 2)
    assert plain.best == plain.top == analysis.top == 3 and analysis.best == 4
    top = analysis.of(analysis.top).estimate.mean
    assert analysis.of(4).estimate.mean >= top - CALL_BOLDNESS
    assert all(c.estimate.mean < top - CALL_BOLDNESS for c in analysis.calls if c.call > 4)
