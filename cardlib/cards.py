"""Cards, suits, ranks and parsing.

A :class:`Card` is one of 52 interned values. Underneath it is a small int,
its *index* ``suit * 13 + (rank - 2)``, so a hand is cheaply stored as a
52-bit mask (bit ``index`` set = card held) and sets of cards hash
deterministically. Within a suit a higher index is a higher card, which makes
"the cards that beat X" a single mask operation (see :mod:`cardlib.ladder`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import ClassVar

from cardlib.errors import CardParseError, CardTypeError
from cardlib.i18n import N_, _, get_language, pgettext

#: Suit letters in index order: spades, hearts, diamonds, clubs.
SUITS = "SHDC"
SPADES, HEARTS, DIAMONDS, CLUBS = tuple(SUITS)
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
#: English suit names, fixed (answers are read against them); :func:`suit_name` translates.
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
#: Rank letters from low (2) to high (A); ``T`` is the ten.
RANK_CHARS = "23456789TJQKA"
RANK_NAMES = {
    2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace",
}  # fmt: skip

#: Bit mask of each suit's 13 cards, by suit letter.
SUIT_MASKS = {suit: ((1 << 13) - 1) << (13 * i) for i, suit in enumerate(SUITS)}
FULL_DECK_MASK = (1 << 52) - 1

_SYMBOL_TO_SUIT = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
# ASCII: without it IGNORECASE matches the Kelvin sign K (U+212A) as a "k".
_TOKEN = re.compile(r"^(10|[2-9TJQKA])([SHDC♠♥♦♣♤♡♢♧])$", re.IGNORECASE | re.ASCII)
# The characters that only look like those of a card: the letter O for the 0 of 10, and
# anything outside ASCII but the suit symbols (Cyrillic К, fullwidth Ｋ, the Kelvin sign K …).
_SUIT_SYMBOL_CHARACTERS = frozenset("♠♥♦♣♤♡♢♧")


def _look_alikes(token: str) -> list[str]:
    return [
        c
        for c in token
        if c in "Oo" or (ord(c) > 127 and c not in _SUIT_SYMBOL_CHARACTERS and c.isprintable())
    ]


def suit_name(suit: str, plural: bool = True) -> str:
    """A suit's name in the learner's language: ``'hearts'`` (``'heart'``), ``'पान'``, ``'paan'``.

    The players' words: हुकुम ♠, पान ♥, ईंट ♦, चिड़ी ♣ (hukum, paan, eent, chidi).
    """
    if not isinstance(suit, str) or len(suit) != 1 or suit not in SUITS:
        raise (CardParseError if isinstance(suit, str) else CardTypeError)(
            _("a suit is one of S H D C, got {suit!r}").format(suit=suit), "suit"
        )
    # The literal calls let Babel extract every name.
    if plural:
        return {
            "S": pgettext("suits", "spades"),
            "H": pgettext("suits", "hearts"),
            "D": pgettext("suits", "diamonds"),
            "C": pgettext("suits", "clubs"),
        }[suit]
    return {
        "S": pgettext("suit", "spade"),
        "H": pgettext("suit", "heart"),
        "D": pgettext("suit", "diamond"),
        "C": pgettext("suit", "club"),
    }[suit]


def accepted_forms() -> str:
    """How to write a card, for error messages."""
    return _(
        "a rank (A K Q J T or 10, 9 … 2, any case) followed by a suit "
        "(S H D C or ♠ ♥ ♦ ♣), e.g. QH, qh, 10H, TH, Q♥"
    )


class Card(int):
    """One playing card. Immutable, hashable, ordered by suit then rank.

    >>> Card("QH")
    Card('QH')
    >>> str(Card("10h"))
    '10♥'
    >>> Card("2S") < Card("AS")
    True

    ``Card(text)`` accepts every form :func:`parse_card` accepts; ``Card(i)``
    takes an index 0..51. The 52 cards are interned: ``Card("QH") is Card("qh")``.
    """

    __slots__ = ()
    _interned: ClassVar[list[Card]] = []

    def __new__(cls, value: int | str | Card) -> Card:
        if isinstance(value, Card):
            return value
        if isinstance(value, str):
            return parse_card(value)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 52:
            return cls._interned[value]
        error = (
            CardParseError
            if isinstance(value, int) and not isinstance(value, bool)
            else CardTypeError
        )
        raise error(
            _("a card index must be an int from 0 to 51, got {value!r}").format(value=value)
        )

    # int's own reduction would bypass the intern table.
    def __reduce__(self):
        return (Card, (int(self),))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @property
    def index(self) -> int:
        """Position 0..51 in the deck order 2♠ … A♠, 2♥ … A♥, 2♦ … A♦, 2♣ … A♣."""
        return int(self)

    @property
    def suit(self) -> str:
        """Suit letter: ``'S'``, ``'H'``, ``'D'`` or ``'C'``."""
        return SUITS[int(self) // 13]

    @property
    def rank(self) -> int:
        """Rank as a number, 2 … 14 (J=11, Q=12, K=13, A=14)."""
        return int(self) % 13 + 2

    @property
    def rank_text(self) -> str:
        """Rank as printed on the card: ``'2'`` … ``'10'``, ``'J'``, ``'Q'``, ``'K'``, ``'A'``."""
        return "10" if self.rank == 10 else RANK_CHARS[self.rank - 2]

    @property
    def symbol(self) -> str:
        """The suit symbol, ``'♠'``, ``'♥'``, ``'♦'`` or ``'♣'``."""
        return SUIT_SYMBOLS[self.suit]

    @property
    def code(self) -> str:
        """Two ASCII letters, rank then suit: ``'QH'``, ``'TS'``."""
        return RANK_CHARS[self.rank - 2] + self.suit

    @property
    def mask(self) -> int:
        """This card's bit in a 52-bit hand mask."""
        return 1 << int(self)

    @property
    def name(self) -> str:
        """English words: ``'queen of hearts'`` (:func:`card_name` is the learner's language)."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __str__(self) -> str:
        return self.rank_text + self.symbol

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


Card._interned = [int.__new__(Card, i) for i in range(52)]
#: All 52 cards in index order.
DECK: tuple[Card, ...] = tuple(Card._interned)


# Marked with N_ for extraction, translated when used.
_CARD_NAMES = {
    2: N_("two of {suit}"),
    3: N_("three of {suit}"),
    4: N_("four of {suit}"),
    5: N_("five of {suit}"),
    6: N_("six of {suit}"),
    7: N_("seven of {suit}"),
    8: N_("eight of {suit}"),
    9: N_("nine of {suit}"),
    10: N_("ten of {suit}"),
    11: N_("jack of {suit}"),
    12: N_("queen of {suit}"),
    13: N_("king of {suit}"),
    14: N_("ace of {suit}"),
}


def _oblique_name(rank: int) -> str:
    # The literal calls let Babel extract every name.
    return {
        # Translators: a card's name before a postposition (से, को, ने …), the oblique
        # case: Hindi "पान के इक्के से", Hinglish "paan ke ikke se". Where a language
        # does not inflect there, the same words as the card's name.
        2: pgettext("card before a postposition", "two of {suit}"),
        3: pgettext("card before a postposition", "three of {suit}"),
        4: pgettext("card before a postposition", "four of {suit}"),
        5: pgettext("card before a postposition", "five of {suit}"),
        6: pgettext("card before a postposition", "six of {suit}"),
        7: pgettext("card before a postposition", "seven of {suit}"),
        8: pgettext("card before a postposition", "eight of {suit}"),
        9: pgettext("card before a postposition", "nine of {suit}"),
        10: pgettext("card before a postposition", "ten of {suit}"),
        11: pgettext("card before a postposition", "jack of {suit}"),
        12: pgettext("card before a postposition", "queen of {suit}"),
        13: pgettext("card before a postposition", "king of {suit}"),
        14: pgettext("card before a postposition", "ace of {suit}"),
    }[rank]


#: The ranks whose name is a feminine noun, by language, beside the names above: a
#: sentence whose verb agrees with the card picks its feminine form for these (Hindi
#: "पान की बेगम खेली", but "पान का इक्का खेला"; see :func:`is_feminine`). The names'
#: own genitive shows it (की बेगम, का इक्का), and a test holds this table to the
#: catalogs (``tests/test_engine_text_in_every_language.py``). A language not listed
#: (English) has no agreement to make.
FEMININE_RANKS = {
    "hi": frozenset({2, 3, 12}),  # दुक्की, तिक्की, बेगम
    "hi-Latn": frozenset({2, 3, 12}),  # dukki, tikki, begum
    "ne": frozenset({12}),  # बेगम
}


def is_feminine(card: Card | str) -> bool:
    """Whether the card's name (:func:`card_name`) is a feminine noun in the learner's language.

    A sentence whose verb agrees with the card has two messages, the feminine one in a
    gettext context (``pgettext("feminine card", ...)``), and this picks between them.
    """
    return Card(card).rank in FEMININE_RANKS.get(get_language(), frozenset())


def card_name(card: Card | str, oblique: bool = False) -> str:
    """A card in words, in the learner's language, for screen readers and sentences.

    ``'queen of hearts'``, ``'पान की बेगम'``, ``'paan ki begum'``. (:attr:`Card.name`
    stays English.) Each rank is its own message, because in Hindi the word joining
    suit and rank agrees with the rank (``का इक्का``, ``की बेगम``).

    ``oblique=True`` gives the form that goes before a postposition, in a language
    that inflects there: ``'पान के इक्के'`` (as in "पान के इक्के से जीती"); in English
    the same words.
    """
    card = Card(card)
    message = _oblique_name(card.rank) if oblique else _(_CARD_NAMES[card.rank])
    return message.format(suit=suit_name(card.suit))


def parse_card(token: Card | str) -> Card:
    """Read one card such as ``'QH'``, ``'qh'``, ``'10H'``, ``'TH'`` or ``'Q♥'``.

    Raises :class:`~cardlib.errors.CardParseError` (a ``ValueError``) naming the
    token and the accepted forms.
    """
    if isinstance(token, Card):
        return token
    if not isinstance(token, str):
        raise CardTypeError(
            _("expected a card as text, got {token!r}; write {forms}").format(
                token=token, forms=accepted_forms()
            )
        )
    match = _TOKEN.match(token.strip())
    if not match:
        strange = _look_alikes(token)
        if strange:
            raise CardParseError(
                _(
                    "cannot read {token!r} as a card: {char!r} (U+{codepoint:04X}) only looks like "
                    "a rank or suit; write {forms}"
                ).format(
                    token=token, char=strange[0], codepoint=ord(strange[0]), forms=accepted_forms()
                )
            )
        raise CardParseError(
            _("cannot read {token!r} as a card: write {forms}").format(
                token=token, forms=accepted_forms()
            )
        )
    rank_text, suit_text = match.groups()
    rank = 10 if rank_text == "10" else RANK_CHARS.index(rank_text.upper()) + 2
    suit = _SYMBOL_TO_SUIT.get(suit_text, suit_text.upper())
    return Card._interned[SUITS.index(suit) * 13 + rank - 2]


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Read several cards: ``parse_cards("3H KH 10d T♠ q♣")``.

    Tokens are separated by spaces and/or commas. A list of strings or cards is
    accepted too. Raises ``CardParseError`` (a ``ValueError``) naming the first
    bad token and showing the accepted forms.
    """
    if isinstance(text, str):
        tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    elif isinstance(text, (bytes, bytearray)):  # iterating would give numbers, not cards
        raise CardTypeError(
            _("expected cards as text like 'QH 10S', got {text!r}; write {forms}").format(
                text=text, forms=accepted_forms()
            )
        )
    else:
        try:
            tokens = list(text)
        except TypeError:
            raise CardTypeError(
                _("expected cards as text like 'QH 10S', got {text!r}; write {forms}").format(
                    text=text, forms=accepted_forms()
                )
            ) from None
    return [parse_card(t) for t in tokens]


def to_mask(cards: Iterable[Card | str]) -> int:
    """The 52-bit mask of some cards."""
    mask = 0
    for card in cards:
        mask |= 1 << int(Card(card))
    return mask


def from_mask(mask: int) -> list[Card]:
    """The cards in a mask, in index order (lowest first)."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(DECK[low.bit_length() - 1])
        mask ^= low
    return cards


def sort_for_display(cards: Iterable[Card]) -> list[Card]:
    """Cards grouped by suit (♠ ♥ ♣ ♦, so colours alternate), highest rank first."""
    order = {"S": 0, "H": 1, "C": 2, "D": 3}
    return sorted(cards, key=lambda c: (order[c.suit], -c.rank))


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as a short readable string, e.g. ``'A♠ K♠ 3♥'``, in the order given."""
    return " ".join(str(c) for c in cards)
