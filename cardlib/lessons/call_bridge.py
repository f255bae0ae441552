"""Lesson 20, Call Bridge: the comparisons with Call Break, the simulation of a strong hand, and
the quick check.

- :func:`first_to_act` and :func:`dealers`: the direction of play;
- :func:`side_by_side` and :func:`share_where_games_differ`: what each game lets you play;
- :func:`bonus_window`, :func:`score_lines` and :func:`plot_scores`: the scoring;
- :func:`spread_tricks` and :func:`expected_scores`: a hand played many times, the first lead
  going round the four seats, and every bid's expected score;
- :func:`deal_rows`: a match, deal by deal;
- :func:`quick_check`: four questions on the lesson.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from fractions import Fraction
from types import ModuleType
from typing import TYPE_CHECKING, Any

from cardlib import callbreak, callbridge
from cardlib.cards import DECK, Card, cards_text, parse_cards
from cardlib.coach.fast import sample_tricks
from cardlib.errors import CardlibError
from cardlib.i18n import _
from cardlib.seats import seat_label

if TYPE_CHECKING:
    from cardlib.widgets.drill import QuickCheck

NOTEBOOK = "20-call-bridge"
GAMES: dict[str, ModuleType] = {"Call Break": callbreak, "Call Bridge": callbridge}


def first_to_act(game: ModuleType, dealer: int) -> int:
    """The seat that bids first and leads the first trick in ``game`` when ``dealer`` deals.

    >>> first_to_act(callbreak, 0), first_to_act(callbridge, 0)
    (1, 3)
    """
    return game.Deal(seed=1, dealer=dealer).to_act


def dealers(game: ModuleType, first_dealer: int = 0, deals: int = 5) -> list[str]:
    """The dealer of each deal, one seat further in the game's direction each time.

    >>> dealers(callbridge, deals=3)
    ['South (0)', 'East (3)', 'North (2)']
    """
    step = game.Deal.direction
    return [seat_label((first_dealer + step * k) % 4) for k in range(deals)]


def side_by_side(
    hand: str | Iterable[Card], trick: str | Iterable[Card] = ""
) -> dict[str, tuple[str, str]]:
    """The legal cards and the deciding rule's id under each game, for one position.

    >>> side_by_side("3H KH 2S 5D", "4H QH")
    {'Call Break': ('K♥', 'must-beat'), 'Call Bridge': ('3♥ K♥', 'follow-any')}
    """
    hand, trick = parse_cards(hand), parse_cards(trick)
    results = {}
    for name, game in GAMES.items():
        explanation = game.explain_play(hand, trick)
        results[name] = (cards_text(sorted(explanation.legal)), explanation.rule)
    return results


def share_where_games_differ(positions: int = 2000, seed: int = 20) -> Fraction:
    """The exact share of random positions (a hand of 1..13 cards, a trick of 0..3 other
    cards) whose legal cards differ between the games. Call Bridge never forbids a card that
    Call Break allows: a position where it does raises :class:`CardlibError`."""
    rng = random.Random(seed)
    differ = 0
    for _position in range(positions):
        deck = list(DECK)
        rng.shuffle(deck)
        size = rng.randint(1, 13)
        hand, trick = deck[:size], deck[size : size + rng.randint(0, 3)]
        in_break = callbreak.legal_plays(hand, trick)
        in_bridge = callbridge.legal_plays(hand, trick)
        if not in_break <= in_bridge:
            raise CardlibError(f"Call Bridge forbids a card Call Break allows: {hand} {trick}")
        differ += in_break != in_bridge
    return Fraction(differ, positions)


def bonus_window(bid: int) -> list[int]:
    """The numbers of tricks with which a Call Bridge bid scores its points.

    >>> bonus_window(8), bonus_window(12)
    ([8, 9], [12, 13])
    """
    return [t for t in range(14) if callbridge.score(bid, t) > 0]


def score_lines(call: int, tricks: Iterable[int] = range(14)) -> dict[str, dict[int, object]]:
    """Points against tricks taken for one call, in both games."""
    tricks = list(tricks)
    return {name: {t: game.score(call, t) for t in tricks} for name, game in GAMES.items()}


def plot_scores(calls: Sequence[int] = (4, 10)) -> str:
    """One chart per call, side by side: points against tricks taken, both games in each."""
    from cardlib.draw.charts import line_chart
    from cardlib.draw.charts import side_by_side as charts_side_by_side

    return charts_side_by_side(
        *(
            line_chart(
                score_lines(call),
                _("call {call}").format(call=call),
                _("tricks taken"),
                _("points"),
                width=440,
            )
            for call in calls
        )
    )


def spread_tricks(hand: int, samples: int, seed: int = 0, **options: Any) -> list[int]:
    """How often ``hand`` (a mask) took 0..13 tricks in Call Bridge over ``samples`` random
    deals of the rest, the first lead going round the four seats (a quarter of the deals led
    by each; ``samples`` a multiple of 4), played counter-clockwise; ``options`` go to
    :func:`cardlib.coach.fast.sample_tricks` (``call=…`` for the hand's own bid)."""
    if not isinstance(samples, int) or isinstance(samples, bool) or samples <= 0 or samples % 4:
        raise CardlibError(
            _("{what} must be one of {choices}, got {value!r}").format(
                what="samples", choices="4, 8, 12, …", value=samples
            )
        )
    rng = random.Random(seed)
    counts = [0] * 14
    for leader in range(4):
        spread = sample_tricks(
            hand,
            samples // 4,
            rng,
            rules=callbridge.RULES,
            leader=leader,
            min_call=callbridge.MIN_BID,
            max_call=callbridge.MAX_BID,
            direction=-1,
            **options,
        )
        counts = [a + b for a, b in zip(counts, spread, strict=True)]
    return counts


def expected_scores(
    trick_counts: Sequence[int], bids: Iterable[int] = range(2, 13)
) -> dict[int, Fraction]:
    """The average Call Bridge score of each bid over trick counts (``trick_counts[t]`` deals
    with ``t`` tricks), exactly.

    >>> expected_scores([0] * 7 + [1, 1] + [0] * 5, [7, 8])
    {7: Fraction(7, 1), 8: Fraction(5, 2)}
    """
    total = sum(trick_counts)
    return {
        bid: Fraction(
            sum(n * int(callbridge.score(bid, t)) for t, n in enumerate(trick_counts)), total
        )
        for bid in bids
    }


def deal_rows(match: callbridge.Match) -> list[str]:
    """One line per deal: who dealt, the bids, the tricks taken and the points."""
    return [
        _("{dealer} dealt · bids {bids} · tricks {tricks} · points {points}").format(
            dealer=f"{seat_label(deal.dealer):>9}",
            bids=deal.calls,
            tricks=deal.tricks_won,
            points=tuple(callbridge.format_points(p) for p in deal.scores()),
        )
        for deal in match.deals
    ]


def quick_check(record: bool = True) -> QuickCheck:
    """Four questions on lesson 20: scoring, bonus bids and their window."""
    from cardlib.exercises.callbridge import check_bridge_score, check_winning_tricks
    from cardlib.widgets.drill import Question, QuickCheck

    return QuickCheck(
        "20",
        [
            Question(
                _("You bid 8 and take 9 tricks. Your points?"),
                check_bridge_score,
                {"bid": 8, "tricks": 9},
                "5",
                taught="Scoring",
            ),
            Question(
                _("You bid 8 and take 10 tricks. Your points?"),
                check_bridge_score,
                {"bid": 8, "tricks": 10},
                "5",
                taught="Scoring",
            ),
            Question(
                _("You bid 5 and take 7 tricks. Your points?"),
                check_bridge_score,
                {"bid": 5, "tricks": 7},
                "1",
                taught="Scoring",
            ),
            Question(
                _("With a bid of 9, which numbers of tricks score the bonus?"),
                check_winning_tricks,
                {"bid": 9},
                "1 2",
                taught="Is a bonus bid worth it?",
            ),
        ],
        record=record,
    )
