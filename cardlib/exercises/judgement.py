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
from cardlib.cards import SUIT_SYMBOLS, suit_name
from cardlib.errors import CardlibError, PositionError, check_count
from cardlib.exercises import words
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
from cardlib.i18n import N_, _, pgettext

#: "No bid is forbidden", as the code writes it (English); a learner may write it in any
#: language (:func:`_none_words`).
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


def _none_words() -> frozenset[str]:
    return words.phrases(
        lambda: (
            *NONE_WORDS,
            pgettext("no bid is forbidden", "none"),
            pgettext("no bid is forbidden", "no bid"),
            pgettext("no bid is forbidden", "nothing"),
        )
    )


def read_suit(answer: object, example: Examples = ('"S"', '"D"', '"C"')) -> str:
    """A suit letter from ``"H"``, ``"h"``, ``"♥"``, ``"hearts"`` or the suit's name in any
    language (``"पान"``, ``"paan"``: :func:`cardlib.exercises.words.suit_of`)."""
    if answer is None or answer is ...:
        raise _unanswered(example)
    if isinstance(answer, str):
        suit = words.suit_of(answer)
        if suit is not None:
            return suit
    raise _wrong(N_("a suit (S H D C, ♠ ♥ ♦ ♣ or its name)"), answer, example)


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
        raise _wrong(N_("a list of bids"), answer, example)
    return {read_whole_number(item, N_("whole-number bids"), example) for item in items}


@checked
def check_round_trump(answer: object, number: int) -> Feedback:
    """The trump suit of round ``number`` (1..8) of the schedule."""
    spec = judgement.schedule()[check_count(number, "number", 1, len(judgement.schedule())) - 1]
    suit = read_suit(answer)
    why = _(
        "The trump rotates ♣ ♥ ♠ ♦ and starts again at round 5, so round {number} has {suit}."
    ).format(number=number, suit=_suit_text(spec.trump))
    if suit == spec.trump:
        return correct(
            _("{suit} are trump in round {number}.").format(suit=_suit_text(suit), number=number),
            why,
        )
    return not_yet(_("not {answer}.").format(answer=_suit_text(suit)), why)


def _suit_text(suit: str) -> str:
    """``hearts ♥``, ``पान ♥``."""
    return f"{suit_name(suit)} {SUIT_SYMBOLS[suit]}"


@checked
def check_hooked_bid(answer: object, cards: int, earlier_bids: Sequence[int]) -> Feedback:
    """The one bid the hook forbids the dealer, or ``"none"`` when no bid is forbidden."""
    forbidden = judgement.hooked_bid(cards, _earlier_bids_given(earlier_bids))
    why = _("Why: {why}").format(
        why=judgement.explain_bids(cards, earlier_bids, is_dealer=True).text
    )
    if isinstance(answer, str) and words.normal(answer) in _none_words():
        if forbidden is None:
            return correct(
                _("no bid is forbidden: the others already bid more than the tricks."), why
            )
        return not_yet(
            _("one bid is forbidden here: total {total} leaves room.").format(
                total=sum(earlier_bids)
            ),
            why,
        )
    bid = read_whole_number(answer, N_('a bid, or "none"'), ("1", "3"))
    allowed = _("{bid} is allowed: it does not make the bids total {cards}.").format(
        bid=bid, cards=cards
    )
    if forbidden is None:
        return not_yet(
            _("{bid} is allowed: no bid can make the total {cards}.").format(bid=bid, cards=cards),
            why,
            kind=allowed,
        )
    if bid == forbidden:
        return correct(_("the hook forbids the dealer {bid}.").format(bid=bid), why)
    return not_yet(allowed, why)


@checked
def check_dealer_bids(answer: object, cards: int, earlier_bids: Sequence[int]) -> Feedback:
    """Every bid the dealer may make; partial credit for a partly right set."""
    wanted = set(judgement.legal_bids(cards, _earlier_bids_given(earlier_bids), is_dealer=True))
    why = _("Why: {why}").format(
        why=judgement.explain_bids(cards, earlier_bids, is_dealer=True).text
    )
    given = read_bids(answer)
    if given == wanted:
        headline = (
            _("the dealer may bid {bids} (the hook forces it).")
            if len(wanted) == 1
            else _("the dealer may bid {bids}.")
        )
        return correct(headline.format(bids=_listing(wanted)), why)
    right, missing, extra = given & wanted, wanted - given, given - wanted
    lines = []
    if right:
        lines.append(_("Right: {cards}").format(cards=_listing(right)))
    if missing:
        lines.append(_("Missing: {bids} — allowed too").format(bids=_listing(missing)))
    if extra:
        lines.append(_("Not allowed: {bids}").format(bids=_listing(extra)))
    lines.append(why)
    credit = Fraction(len(right), len(right | missing | extra))
    kinds = []
    if extra:
        kinds.append(_("you chose a bid the dealer may not make"))
    if missing:
        kinds.append(_("you left out a bid the dealer may make"))
    return not_yet(
        _("those are not quite the dealer's bids."),
        *lines,
        credit=credit,
        kind="; ".join(kinds) + ".",
    )


def _listing(bids: Iterable[int]) -> str:
    return ", ".join(map(str, sorted(bids)))


def _score_why(bid: int, tricks: int) -> str:
    points = judgement.score(bid, tricks)
    if bid != tricks:
        message = (
            _(
                "Bid {bid}, took {tricks}: missed (over), so 0. In Judgement a trick too many "
                "scores nothing, just like a trick too few."
            )
            if tricks > bid
            else _(
                "Bid {bid}, took {tricks}: missed (under), so 0. In Judgement a trick too many "
                "scores nothing, just like a trick too few."
            )
        )
    elif bid <= 1:
        message = _("Bid {bid}, took {tricks}: exact, and an exact 0 or 1 scores a flat 10.")
    else:
        message = _("Bid {bid}, took {tricks}: exact, so 10 × {bid} = {points}.")
    return message.format(bid=bid, tricks=tricks, points=points)


@checked
def check_round_score(answer: object, bid: int, tricks: int) -> Feedback:
    """The points of one Judgement round for one player (a whole number)."""
    expected = judgement.score(bid, tricks)
    points = read_whole_number(answer, N_("a whole number of points"), ("40",))
    if points == expected:
        return correct(_("{points} points.").format(points=expected), _score_why(bid, tricks))
    return not_yet(_("not {answer}.").format(answer=points), _score_why(bid, tricks))


@checked
def check_round_total(answer: object, bids: Sequence[int], tricks: Sequence[int]) -> Feedback:
    """One player's total over several rounds, given the bid and tricks of each round."""
    bids, tricks = _numbers_given(bids, "bids"), _numbers_given(tricks, "tricks")
    _same_length(bids, tricks, "bids and tricks")
    scores = [judgement.score(b, t) for b, t in zip(bids, tricks, strict=True)]
    points = read_whole_number(answer, N_("a whole number of points"), ("40",))
    sums = " + ".join(map(str, scores)) + f" = {sum(scores)}"
    if points == sum(scores):
        return correct(
            _("a total of {total}.").format(total=sum(scores)),
            _("Round by round: {sums}.").format(sums=sums),
        )
    rounds = [
        _("round {number}: {why}").format(number=i + 1, why=_score_why(b, t))
        for i, (b, t) in enumerate(zip(bids, tricks, strict=True))
    ]
    return not_yet(_("not {answer}; score each round, then add.").format(answer=points), *rounds)


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
        _winner_why(cards, trump)
        + " "
        + _(
            "It is card {number} in play order: seat {leader} led, then play goes clockwise "
            "round {players} seats, so it was seat {seat}'s."
        ).format(number=index + 1, leader=leader, players=players, seat=expected)
    )
    seat = read_seat(answer, players)
    if seat == expected:
        return correct(_("seat {seat} wins the trick.").format(seat=seat), why)
    return not_yet(_("seat {seat} does not win it.").format(seat=seat), why)


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
