"""Lesson 02, Spades are trump: who wins a trick, and why long spades are worth so much.

:func:`show` draws a trick with its cards captioned by their order of play and the winner
marked; :func:`winners_by_trump` gives one trick's winner under every trump; :func:`agreement`
compares a rule written by the learner with the engine's on random tricks;
:func:`tricks_by_spades` measures, over seeded bot deals, the tricks taken by a hand according
to the spades it was dealt.

>>> winners_by_trump("5H 2S KD 3C")
{'S': '2♠', 'H': '5♥', 'D': 'K♦', 'C': '3♣', 'no trump': '5♥'}
>>> place(2)
'the third card'
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from fractions import Fraction

from cardlib import DECK, callbreak, parse_cards
from cardlib.bots import SensibleBot, play_out
from cardlib.cards import Card
from cardlib.draw.svg import Svg, trick_svg
from cardlib.errors import CardlibError, is_count
from cardlib.exercises.checks import check_trick_winner, check_trick_winner_seat
from cardlib.i18n import N_, _
from cardlib.tricks import trick_winner
from cardlib.widgets.drill import Question, QuickCheck

NOTEBOOK = "02-spades-are-trump"

#: The captions of a trick's cards, in order of play.
ORDER = (N_("led"), N_("2nd"), N_("3rd"), N_("4th"))
_PLACES = (N_("the card led"), N_("the second card"), N_("the third card"), N_("the fourth card"))


def place(position: int) -> str:
    """A card's position in a trick, as :func:`cardlib.tricks.trick_winner` counts it (from 0),
    in words: 0 is the card led, 2 the third card."""
    if not is_count(position) or not 0 <= position < len(_PLACES):
        raise CardlibError(
            _("{what} must be one of {choices}, got {value!r}").format(
                what="position", choices="0, 1, 2, 3", value=position
            ),
            "position",
        )
    return _(_PLACES[position])


def show(text: str, trump: str | None = "S") -> Svg:
    """The trick ``text`` (cards in order of play) drawn, each card captioned by its place and
    the winner marked; spades trump unless ``trump`` says otherwise (``None``: no trump)."""
    cards = parse_cards(text)
    return trick_svg(
        cards, range(len(cards)), trick_winner(cards, trump), tuple(_(o) for o in ORDER)
    )


def winners_by_trump(text: str) -> dict[str, str]:
    """The winning card of the trick ``text`` under each trump, and with no trump."""
    cards = parse_cards(text)
    return {
        trump or "no trump": str(cards[trick_winner(cards, trump)])
        for trump in ("S", "H", "D", "C", None)
    }


def random_tricks(count: int = 10_000, seed: int = 2) -> list[list[Card]]:
    """``count`` tricks of four different cards drawn at random (seeded: the same every time)."""
    rng = random.Random(seed)
    return [rng.sample(DECK, 4) for _trick in range(count)]


def agreement(rule: Callable[[Sequence[Card]], int], tricks: Sequence[Sequence[Card]]) -> int:
    """On how many of ``tricks`` ``rule`` (a trick → the position of its winner) agrees with
    the engine's :func:`cardlib.callbreak.trick_winner`."""
    return sum(rule(list(trick)) == callbreak.trick_winner(list(trick)) for trick in tricks)


def tricks_by_spades(deals: int = 1000, seed: int = 7) -> tuple[dict[int, Fraction], Fraction]:
    """Over ``deals`` seeded deals played by four sensible bots: the average tricks taken by
    the hands dealt ``k`` spades (exact), and the share of all tricks a spade won."""
    if not is_count(deals) or deals < 1:
        raise CardlibError(
            _("{what} must be a whole number {low} or more, got {value!r}").format(
                what="deals", low=1, value=deals
            )
        )
    rng = random.Random(seed)
    bots = [SensibleBot()] * 4
    taken: defaultdict[int, list[int]] = defaultdict(list)
    spade_wins = 0
    for _deal in range(deals):
        deal = callbreak.Deal(seed=rng.getrandbits(64))
        spades = [sum(card.suit == "S" for card in hand) for hand in deal.hands]
        play_out(deal, bots)
        for seat in range(4):
            taken[spades[seat]].append(deal.tricks_won[seat])
        for trick in deal.tricks:
            spade_wins += trick.cards[trick.seats.index(trick.winner)].suit == "S"
    averages = {k: Fraction(sum(won), len(won)) for k, won in sorted(taken.items())}
    return averages, Fraction(spade_wins, 13 * deals)


def quick_check(record: bool = True) -> QuickCheck:
    """Lesson 02's quick check: the led suit, a spade on a side suit, another trump, the seat
    that won."""
    return QuickCheck(
        "02",
        [
            Question(
                _("The trick is K♥ A♥ 2♠ 3♥. Which card wins it?"),
                check_trick_winner,
                {"trick": "KH AH 2S 3H"},
                "QD",
                taught="Any spade beats every card of the other suits",
            ),
            Question(
                _("The trick is 9♦ K♦ 3♣ A♣. Which card wins it?"),
                check_trick_winner,
                {"trick": "9D KD 3C AC"},
                "QH",
                taught="With no spade in the trick, the highest card of the led suit wins",
            ),
            Question(
                _(
                    "A round of Judgement with diamonds trump: the trick is 5♥ 2♠ K♦ 3♣. "
                    "Which card wins it?"
                ),
                check_trick_winner,
                {"trick": "5H 2S KD 3C", "trump": "D"},
                "QH",
                taught="Other games, other trumps",
            ),
            Question(
                _("West (1) led A♥; then came 5♠, K♠ and 2♥. Which seat won the trick?"),
                check_trick_winner_seat,
                {"trick": "AH 5S KS 2H", "leader": 1},
                "South",
                taught="A trick",
            ),
        ],
        record=record,
    )
