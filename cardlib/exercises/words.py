"""An answer in the learner's own words: seats, suits and cards as players write them, in
English, Hindi, Hinglish or Nepali, whatever the language in use.

A learner who reads "दक्षिण (0)" answers "दक्षिण"; one who reads "You (South, seat 0)" may copy
it whole. So a seat is read from its number, its compass name in any language (``दक्षिण``,
``Dakshin``, ``South``, ``S``), and every label :func:`cardlib.seats.seat_label` writes
(``East (3)``, ``seat 3``, ``सीट 3``, ``You (South, seat 0)``, ``आप (दक्षिण, सीट 0)``); a suit
from its letter, symbol or name (``हुकुम``, ``paan``, ``इँट``, ``clubs``); a card from its code
or its name as a player says it (``पान की बेगम``, ``paan ki begum``, ``पानकी बेगम``,
``queen of hearts``, ``बेगम पान``, ``Q पान``).

The words are the catalogs' own (the names cardlib writes in each language), and a few
spellings players use that cardlib does not write (``गुलाम`` beside ``ग़ुलाम``, ``रानी`` for the
queen in Nepal, ``hukam``). Reading never depends on the language in use: the grading process,
in whatever language it runs, reads a Hindi answer exactly as the learner's kernel did.
Devanagari digits (``सीट ३``) read as digits; case, spacing, the nukta and a chandrabindu for an
anusvara (``ईंट``, ``इँट``) make no difference.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from functools import cache, partial

from cardlib import i18n
from cardlib.cards import DECK, SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card, card_name, suit_name
from cardlib.errors import CardParseError
from cardlib.game import SEAT_NAMES
from cardlib.i18n import _
from cardlib.seats import seat_label

__all__ = ["cards_in_words", "normal", "phrases", "seat_of", "seats_named", "suit_of"]

# The genitive or "of" that joins a suit and a rank in a card's name, in every language.
_JOINERS = frozenset({"of", "का", "की", "के", "को", "ka", "ki", "ke", "ko"})
# Words between cards in a list: "K♥ और पान की बेगम".
_AND = frozenset({"and", "और", "aur", "र", "+", "&"})
# Spellings players write that the catalogs do not (the catalogs write one per language).
_SUIT_SPELLINGS = {
    "S": ("hukam", "hukm", "हुकम", "spade"),
    "H": ("pan",),
    "D": ("ईट", "इंट", "int", "eet", "iint", "eent"),
    "C": ("चिड़िया", "chiri", "chidiya", "chiddi"),
}
_RANK_SPELLINGS = {
    2: ("दुग्गी", "duggi"),
    3: ("तिग्गी", "tiggi"),
    4: ("चौक्का", "chouka", "chowka"),
    5: ("पन्जा", "पंजा", "panja"),
    6: ("chakka",),
    7: ("sattaa",),
    8: ("अठ्ठा", "atha", "aththa"),
    9: ("nahla", "nehla"),
    10: ("dahla", "dehla"),
    11: ("गुलाम", "gulam", "ghulam"),
    12: ("रानी", "rani", "begam"),
    13: ("बादशा", "baadshah", "badsha"),
    14: ("इक्का", "एक्का", "ekka", "ikka"),
}
_RANK_CHARACTERS = {str(n): n for n in range(2, 11)} | {"t": 10, "j": 11, "q": 12, "k": 13, "a": 14}
_DEVANAGARI_DIGITS = str.maketrans("०१२३४५६७८९", "0123456789")


def normal(text: str) -> str:
    """``text`` as answers are compared: case folded, Devanagari digits as digits, no nukta, a
    chandrabindu as an anusvara, brackets and commas as words of their own, single spaces."""
    text = unicodedata.normalize("NFD", text).translate(_DEVANAGARI_DIGITS)
    text = text.replace("\u093c", "").replace("\u0901", "\u0902")  # nukta; chandrabindu
    text = text.replace("\u200c", "").replace("\u200d", "")  # zero-width (non-)joiners
    text = unicodedata.normalize("NFC", text).casefold()
    text = re.sub(r"([(),;:।])", r" \1 ", text)
    return " ".join(text.replace("–", "-").split()).strip(" .।")


def phrases(make: Callable[[], Iterable[str]]) -> frozenset[str]:
    """Every text ``make()`` gives in any language, as :func:`normal` writes it: the forms a
    choice may be answered with (``make`` calls :func:`~cardlib.i18n._` for its words)."""
    found: set[str] = set()
    for code in i18n.LANGUAGES:
        with i18n.language(code):
            found.update(normal(text) for text in make())
    return frozenset(found)


@cache
def _seat_table(players: int) -> dict[str, int]:
    """Every way of writing a seat at a table of ``players``, as :func:`normal` writes it."""
    table: dict[str, int] = {}
    for code in i18n.LANGUAGES:
        with i18n.language(code):
            for seat in range(players):
                forms = [
                    str(seat),
                    _("seat {seat}").format(seat=seat),
                    _("Seat {seat}").format(seat=seat),
                    seat_label(seat, players=players),
                    seat_label(seat, you=seat, players=players),
                ]
                if players == 4:
                    name = _(SEAT_NAMES[seat])
                    forms += [name, f"{name} {seat}"]
                    if code == i18n.DEFAULT:
                        forms.append(name[0])  # N E S W
                for form in forms:
                    table[normal(form)] = seat
    return table


def seat_of(text: str, players: int = 4) -> int | None:
    """The seat ``text`` names at a table of ``players`` (see the module), or ``None``."""
    return _seat_table(players).get(normal(text))


def seats_named(text: str, players: int = 4) -> tuple[int, int] | None:
    """The two seats a label names when its name and its number disagree (``"East (2)"``:
    ``(3, 2)``, the seat its name says, then its number), else ``None``.

    A label is read as one of the forms :func:`seat_of` reads with its number changed: so every
    label form in every language is covered (``"आप (पूर्व, सीट 1)"``, ``"Purab (7)"``), and a
    text that is no label at all (``"Eastern 2"``) names no seats.
    """
    found = re.fullmatch(r"(\D*?)(\d+)(\D*)", normal(text))
    if found is None:
        return None
    before, number, after = found.groups()
    # The seats whose label this is, but for its number: one when a name pins it ("east (N)"),
    # every seat when only the number does ("seat N", "N"): then no name disagrees.
    fits = [s for s in range(players) if _seat_table(players).get(f"{before}{s}{after}") == s]
    if len(fits) != 1 or fits[0] == int(number):
        return None
    return fits[0], int(number)


@cache
def _suit_table() -> dict[str, str]:
    table: dict[str, str] = {}
    for suit in SUITS:
        forms = [suit, SUIT_SYMBOLS[suit], SUIT_NAMES[suit], SUIT_NAMES[suit][:-1]]
        forms += ["♤♡♢♧"[SUITS.index(suit)], *_SUIT_SPELLINGS[suit]]
        forms += phrases(partial(_suit_names, suit))
        for form in forms:
            table[normal(form)] = suit
    return table


def _suit_names(suit: str) -> tuple[str, str]:
    return suit_name(suit), suit_name(suit, plural=False)


def suit_of(text: str) -> str | None:
    """The suit letter ``text`` names (``"H"`` for ``"पान"``, ``"paan"``, ``"♥"``), or ``None``."""
    return _suit_table().get(normal(text))


@cache
def _rank_table() -> dict[str, int]:
    """Each rank's word in every language: the card's name without its suit and joiner."""
    table = {normal(word): rank for rank, words in _RANK_SPELLINGS.items() for word in words}
    for code in i18n.LANGUAGES:
        with i18n.language(code):
            for card in DECK[:13]:  # the spades: the suit's word is taken out again
                name = normal(card_name(card)).replace(normal(suit_name("S")), " ")
                word = " ".join(w for w in name.split() if w not in _JOINERS)
                table[word] = card.rank
    return table


def _suit_word(token: str) -> str | None:
    """A suit read from one word, its genitive perhaps written on (Nepali ``पानकी``)."""
    suit = suit_of(token)
    if suit is None:
        for joiner in ("का", "की", "के", "को"):
            if token.endswith(joiner) and len(token) > len(joiner):
                return suit_of(token[: -len(joiner)])
    return suit


def _rank_word(token: str) -> int | None:
    return _rank_table().get(token, _RANK_CHARACTERS.get(token))


def _card_at(tokens: list[str], i: int) -> tuple[Card, int] | None:
    """The card that starts at ``tokens[i]`` and the index after it: a code (``QH``), a suit
    then a rank (``पान की बेगम``), or a rank then a suit (``queen of hearts``, ``Q पान``)."""
    from cardlib.cards import parse_card

    try:
        return parse_card(tokens[i]), i + 1
    except CardParseError:
        pass
    first, rank, suit = tokens[i], None, None
    j = i + 1
    while j < len(tokens) and tokens[j] in _JOINERS:
        j += 1
    if j >= len(tokens):
        return None
    suit, rank = _suit_word(first), _rank_word(tokens[j])
    if suit is None or rank is None:
        rank, suit = _rank_word(first), _suit_word(tokens[j])
    if suit is None or rank is None:
        return None
    return DECK[SUITS.index(suit) * 13 + rank - 2], j + 1


def cards_in_words(text: str) -> list[Card] | None:
    """The cards ``text`` names, codes and names in words mixed (``"K♥, पान की बेगम"``), or
    ``None`` when any part of it is not a card."""
    tokens = [t for t in re.split(r"[\s,;।]+", normal(text)) if t and t not in _AND]
    cards, i = [], 0
    while i < len(tokens):
        found = _card_at(tokens, i)
        if found is None:
            return None
        card, i = found
        cards.append(card)
    return cards
