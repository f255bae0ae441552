"""Checks for the Judgement exercises, built from the same pieces as the Call Break ones.

Legal plays and the winning card need no new check: ``check_legal_plays(...,
rules=judgement.play_rules(trump))`` and ``check_trick_winner(..., trump=...)`` work for any
game. The checks here are for what only Judgement has: the schedule's trumps, the hook, exact
scoring, and tables of 3 to 7 players.

>>> check_hooked_bid(2, cards=5, earlier_bids=[1, 2, 0])
✓ Correct: the hook forbids the dealer 2.
Why: The earlier bids total 3 of 5 tricks; a dealer's bid of 2 would make the total exactly 5, so the hook forbids 2. Allowed: 0, 1, 3, 4, 5.
"""  # noqa: E501

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from fractions import Fraction

from cardlib import judgement
from cardlib.cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS
from cardlib.errors import CardlibError, PositionError, check_count
from cardlib.exercises.checks import _given_cards, _numbers_given, _same_length, _winner_why
from cardlib.exercises.feedback import (
    AnswerError,
    Examples,
    Feedback,
    _unanswered,
    _wrong,
    checked,
    correct,
    not_yet,
    read_seat,
    read_whole_number,
)
from cardlib.i18n import _

NONE_WORDS = ("none", "no bid", "nothing")


def _earlier_bids_given(earlier_bids: object) -> list:
    """The bids before the dealer's: one per other player, 2 to 6 of them (3 to 7 players)."""
    bids = _numbers_given(earlier_bids, "earlier_bids")
    low, high = judgement.MIN_PLAYERS - 1, judgement.MAX_PLAYERS - 1
    if not low <= len(bids) <= high:
        raise CardlibError(
            _(
                "earlier_bids holds one bid per player before the dealer, {low} to {high} of "
                "them, got {count}"
            ).format(low=low, high=high, count=len(bids)),
            "givens",
        )
    return bids


def read_suit(answer: object, example: Examples = ('"S"', '"D"', '"C"')) -> str:
    """A suit letter from ``"H"``, ``"h"``, ``"♥"`` or ``"hearts"``."""
    if answer is None or answer is ...:
        raise _unanswered(example)
    if isinstance(answer, str):
        text = answer.strip().lower()
        if text in ("spade", "heart", "diamond", "club"):
            text += "s"
        for suit in SUITS:
            if text in (suit.lower(), SUIT_SYMBOLS[suit], SUIT_NAMES[suit], SUIT_NAMES[suit][:-1]):
                return suit
    raise _wrong("a suit (S H D C, ♠ ♥ ♦ ♣ or its name)", answer, example)


def read_bids(answer: object, example: Examples = ("[1, 2]",)) -> set[int]:
    """Several bids: a list/tuple/set of whole numbers, or text like ``"0 1 3"``."""
    if answer is None or answer is ...:
        raise _unanswered(example)
    items: list[object]
    if isinstance(answer, str):
        items = [t for t in re.split(r"[\s,]+", answer.strip()) if t]
    elif not isinstance(answer, bool | bytes | Iterable):
        items = [answer]  # one bid: 0, 2.0, Decimal('1')
    elif isinstance(answer, Iterable) and not isinstance(answer, bytes):
        items = list(answer)
    else:
        raise _wrong("a list of bids", answer, example)
    return {read_whole_number(item, "whole-number bids", example) for item in items}


@checked
def check_round_trump(answer: object, number: int) -> Feedback:
    """The trump suit of round ``number`` (1..8) of the schedule."""
    spec = judgement.schedule()[check_count(number, "number", 1, len(judgement.schedule())) - 1]
    suit = read_suit(answer)
    why = (
        f"The trump rotates ♣ ♥ ♠ ♦ and starts again at round 5, so round {number} "
        f"has {SUIT_NAMES[spec.trump]} {SUIT_SYMBOLS[spec.trump]}."
    )
    if suit == spec.trump:
        return correct(f"{SUIT_NAMES[suit]} {SUIT_SYMBOLS[suit]} are trump in round {number}.", why)
    return not_yet(f"not {SUIT_NAMES[suit]} {SUIT_SYMBOLS[suit]}.", why)


@checked
def check_hooked_bid(answer: object, cards: int, earlier_bids: Sequence[int]) -> Feedback:
    """The one bid the hook forbids the dealer, or ``"none"`` when no bid is forbidden."""
    forbidden = judgement.hooked_bid(cards, _earlier_bids_given(earlier_bids))
    why = "Why: " + judgement.explain_bids(cards, earlier_bids, is_dealer=True).text
    if isinstance(answer, str) and answer.strip().lower() in NONE_WORDS:
        if forbidden is None:
            return correct("no bid is forbidden: the others already bid more than the tricks.", why)
        return not_yet(f"one bid is forbidden here: total {sum(earlier_bids)} leaves room.", why)
    bid = read_whole_number(answer, 'a bid, or "none"', ("1", "3"))
    if forbidden is None:
        return not_yet(
            f"{bid} is allowed: no bid can make the total {cards}.",
            why,
            kind=f"{bid} is allowed: it does not make the bids total {cards}.",
        )
    if bid == forbidden:
        return correct(f"the hook forbids the dealer {bid}.", why)
    return not_yet(f"{bid} is allowed: it does not make the bids total {cards}.", why)


@checked
def check_dealer_bids(answer: object, cards: int, earlier_bids: Sequence[int]) -> Feedback:
    """Every bid the dealer may make; partial credit for a partly right set."""
    wanted = set(judgement.legal_bids(cards, _earlier_bids_given(earlier_bids), is_dealer=True))
    why = "Why: " + judgement.explain_bids(cards, earlier_bids, is_dealer=True).text
    given = read_bids(answer)
    if given == wanted:
        forced = " (the hook forces it)" if len(wanted) == 1 else ""
        return correct(f"the dealer may bid {_listing(wanted)}{forced}.", why)
    right, missing, extra = given & wanted, wanted - given, given - wanted
    lines = []
    if right:
        lines.append(f"Right: {_listing(right)}")
    if missing:
        lines.append(f"Missing: {_listing(missing)} — allowed too")
    if extra:
        lines.append(f"Not allowed: {_listing(extra)}")
    lines.append(why)
    credit = Fraction(len(right), len(right | missing | extra))
    kinds = []
    if extra:
        kinds.append("you chose a bid the dealer may not make")
    if missing:
        kinds.append("you left out a bid the dealer may make")
    return not_yet(
        "those are not quite the dealer's bids.", *lines, credit=credit, kind="; ".join(kinds) + "."
    )


def _listing(bids: Iterable[int]) -> str:
    return ", ".join(map(str, sorted(bids)))


def _score_why(bid: int, tricks: int) -> str:
    points = judgement.score(bid, tricks)
    if bid != tricks:
        way = "over" if tricks > bid else "under"
        return (
            f"Bid {bid}, took {tricks}: missed ({way}), so 0. In Judgement a trick too many "
            "scores nothing, just like a trick too few."
        )
    if bid <= 1:
        return f"Bid {bid}, took {tricks}: exact, and an exact 0 or 1 scores a flat 10."
    return f"Bid {bid}, took {tricks}: exact, so 10 × {bid} = {points}."


@checked
def check_round_score(answer: object, bid: int, tricks: int) -> Feedback:
    """The points of one Judgement round for one player (a whole number)."""
    expected = judgement.score(bid, tricks)
    points = read_whole_number(answer, "a whole number of points", ("40",))
    if points == expected:
        return correct(f"{expected} points.", _score_why(bid, tricks))
    return not_yet(f"not {points}.", _score_why(bid, tricks))


@checked
def check_round_total(answer: object, bids: Sequence[int], tricks: Sequence[int]) -> Feedback:
    """One player's total over several rounds, given the bid and tricks of each round."""
    bids, tricks = _numbers_given(bids, "bids"), _numbers_given(tricks, "tricks")
    _same_length(bids, tricks, "bids and tricks")
    scores = [judgement.score(b, t) for b, t in zip(bids, tricks, strict=True)]
    points = read_whole_number(answer, "a whole number of points", ("40",))
    sums = " + ".join(map(str, scores)) + f" = {sum(scores)}"
    if points == sum(scores):
        return correct(f"a total of {sum(scores)}.", f"Round by round: {sums}.")
    rounds = [
        f"round {i + 1}: {_score_why(b, t)}"
        for i, (b, t) in enumerate(zip(bids, tricks, strict=True))
    ]
    return not_yet(f"not {points}; score each round, then add.", *rounds)


@checked
def check_winner_seat(
    answer: object, trick: str | Sequence, leader: int, trump: str | None, players: int
) -> Feedback:
    """The seat that wins a trick at a table of ``players``, ``leader`` first, play clockwise."""
    cards = _given_cards(trick)
    judgement.check_players(players)
    if len(cards) != players:
        raise PositionError(
            _("a complete trick at {players} players has {players} cards, got {count}").format(
                players=players, count=len(cards)
            )
        )
    index = judgement.trick_winner(cards, trump)
    expected = (check_count(leader, "leader", 0, players - 1) + index) % players
    why = (
        f"{_winner_why(cards, trump)} It is card {index + 1} in play order: seat {leader} led, "
        f"then play goes clockwise round {players} seats, so it was seat {expected}'s."
    )
    seat = read_seat(answer, players)
    if seat == expected:
        return correct(f"seat {seat} wins the trick.", why)
    return not_yet(f"seat {seat} does not win it.", why)


__all__ = [
    "AnswerError",
    "check_dealer_bids",
    "check_hooked_bid",
    "check_round_score",
    "check_round_total",
    "check_round_trump",
    "check_winner_seat",
    "read_bids",
    "read_suit",
]
