"""Lesson 01, Cards and dealing: the deck, the deal, who calls first, how many spades a hand holds.

The lesson's arithmetic is exact (``Fraction``): :func:`p_suit` is the chance that a hand of
13 holds exactly ``k`` cards of a suit, :func:`p_some_hand_without` the chance that some hand of
the four holds none. :func:`suit_counts` counts the same by experiment over seeded deals, and
:func:`suit_table` puts the two side by side.

>>> p_suit(0), percent(p_suit(0)), round(1 / p_suit(0))
(Fraction(17063919, 1334062100), '1.3%', 78)
>>> sum(p_suit(k) for k in range(14)), sum(k * p_suit(k) for k in range(14))
(Fraction(1, 1), Fraction(13, 4))
>>> score_line(4).split("  ")[3:6]
['3:-4.0', '4:4.0', '5:4.1']
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from math import comb

from cardlib import DECK, callbreak
from cardlib.cards import SUITS, Card
from cardlib.draw.svg import Html
from cardlib.draw.tables import percent as _percent
from cardlib.draw.tables import table_html
from cardlib.errors import CardlibError, CardlibTypeError, is_count
from cardlib.exercises.checks import check_card, check_first_player, check_hand_size, check_order
from cardlib.i18n import _
from cardlib.seats import seat_label
from cardlib.widgets.drill import Question, QuickCheck

NOTEBOOK = "01-cards-and-dealing"


def _suit_given(suit: object) -> str:
    if not isinstance(suit, str) or suit not in SUITS:
        raise (CardlibError if isinstance(suit, str) else CardlibTypeError)(
            _("{what} must be one of {choices}, got {value!r}").format(
                what="suit", choices=", ".join(SUITS), value=suit
            ),
            "suit",
        )
    return suit


def suit_high_to_low(suit: str) -> list[Card]:
    """The 13 cards of ``suit`` (``"S"``, ``"H"``, ``"D"``, ``"C"``), highest rank first."""
    suit = _suit_given(suit)
    return sorted((card for card in DECK if card.suit == suit), key=lambda card: -card.rank)


def calling_order(deal: callbreak.Deal) -> list[str]:
    """The seats' labels in the order they call: the dealer's left first, the dealer last."""
    first = (deal.dealer + 1) % 4
    return [seat_label((first + i) % 4) for i in range(4)]


def p_suit(k: int) -> Fraction:
    """The exact probability that a hand of 13 holds exactly ``k`` cards of a given suit: of the
    C(52, 13) equally likely hands, C(13, k) × C(39, 13 − k) do. The same for every suit."""
    if not is_count(k):
        raise CardlibTypeError(
            _("{what} must be a whole number {low} or more, got {value!r}").format(
                what="k", low=0, value=k
            )
        )
    if not 0 <= k <= 13:
        return Fraction(0)
    return Fraction(comb(13, k) * comb(39, 13 - k), comb(52, 13))


def p_some_hand_without() -> Fraction:
    """The exact chance that at least one of the four hands holds no card of a given suit.

    Counting the deals in which a given set of ``j`` hands is void (all 13 cards of the suit
    among the other 52 − 13j) and adding and subtracting in turn (inclusion–exclusion)."""
    return sum(
        (
            (-1) ** (j + 1) * comb(4, j) * Fraction(comb(52 - 13 * j, 13), comb(52, 13))
            for j in range(1, 4)
        ),
        Fraction(0),
    )


def suit_counts(suit: str = "S", deals: int = 2000, seed: int = 1) -> Counter[int]:
    """How many hands held ``k`` cards of ``suit``, over ``deals`` seeded deals (4 hands each)."""
    suit = _suit_given(suit)
    if not is_count(deals) or deals < 1:
        raise CardlibError(
            _("{what} must be a whole number {low} or more, got {value!r}").format(
                what="deals", low=1, value=deals
            )
        )
    rng = random.Random(seed)
    counts: Counter[int] = Counter()
    for _deal in range(deals):
        hands = callbreak.Deal(seed=rng.getrandbits(64)).hands
        counts.update(sum(card.suit == suit for card in hand) for hand in hands)
    return counts


def percent(x: Fraction) -> str:
    """A fraction as a percentage with one decimal: ``'1.3%'`` (rounded half up)."""
    return _percent(x, 1)


def suit_table(counts: Counter[int], up_to: int = 8) -> Html:
    """Counted against computed: the share of hands holding ``k`` cards of the suit, for ``k``
    from 0 to ``up_to``, as the experiment ``counts`` found it and as :func:`p_suit` gives it."""
    hands = sum(counts.values())
    rows = [(k, percent(Fraction(counts[k], hands)), percent(p_suit(k))) for k in range(up_to + 1)]
    return table_html([_("cards of the suit"), _("counted"), _("computed")], rows)


def score_line(call: int) -> str:
    """The points for ``call``, for every number of tricks taken from 0 to 13."""
    return "  ".join(
        f"{tricks}:{callbreak.format_points(callbreak.score(call, tricks))}" for tricks in range(14)
    )


def quick_check(record: bool = True) -> QuickCheck:
    """Lesson 01's quick check: writing a card, the order of ranks, the deal, who calls first."""
    return QuickCheck(
        "01",
        [
            Question(
                _("Type the queen of hearts as a card (rank, then suit letter)."),
                check_card,
                {"name": "queen of hearts"},
                "KD",
                taught="The deck",
            ),
            Question(
                _("Put these clubs in order, highest first: 4♣ K♣ 9♣."),
                check_order,
                {"cards": "4C KC 9C"},
                "AD 7D 2D",
                taught="Ranks: ace high, two low",
            ),
            Question(
                _("Four players share the 52 cards. How many does each get?"),
                check_hand_size,
                {"players": 4},
                "7",
                taught="Dealing",
            ),
            Question(
                _("North (seat 2) deals. Which seat calls first and leads the first trick?"),
                check_first_player,
                {"dealer": 2},
                "South",
                taught="Who calls first",
            ),
        ],
        record=record,
    )
