"""Contract Bridge's vocabulary: seats and sides, strains, calls and contracts.

The words every other part of :mod:`cardlib.bridge` uses (the auction, the
scoring, the deal, the view), kept in a module of their own that imports no
other part of the game and no view. Everything here is also available from
:mod:`cardlib.bridge`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from cardlib.cards import Card, suit_name
from cardlib.errors import (
    CallTypeError,
    CardlibError,
    CardlibTypeError,
    IllegalCallError,
    is_count,
)
from cardlib.i18n import N_, _

# ----- seats and sides ------------------------------------------------------

SOUTH, WEST, NORTH, EAST = 0, 1, 2, 3
#: Seat letters and names by seat number (the project's numbering: South is 0).
SEAT_LETTERS = "SWNE"
SEAT_NAMES = ("South", "West", "North", "East")
#: Side 0 is North–South ("We"), side 1 East–West ("They"): ``side_of(seat) == seat % 2``.
NS, EW = 0, 1
SIDE_NAMES = ("NS", "EW")

FirstCaller = Literal["left", "dealer"]
FIRST_CALLERS = ("left", "dealer")


def parse_seat(seat: int | str) -> int:
    """A seat number from a number 0..3, a letter ``N E S W`` or a name ``"north"``."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < 4:
        return seat
    if isinstance(seat, str):
        text = seat.strip().lower()
        for number, name in enumerate(SEAT_NAMES):
            if text in (name.lower(), name[0].lower()):
                return number
    is_seat_type = isinstance(seat, (int, str)) and not isinstance(seat, bool)
    error = CardlibError if is_seat_type else CardlibTypeError
    raise error(
        _("a seat is N, E, S, W (or North … West, or 0..3), got {seat!r}").format(seat=seat),
        "seat",
    )


def side_of(seat: int | str) -> int:
    """The side a seat plays for: 0 North–South, 1 East–West."""
    return parse_seat(seat) % 2


def partner_of(seat: int | str) -> int:
    """The seat opposite."""
    return (parse_seat(seat) + 2) % 4


# ----- strains, calls and contracts ------------------------------------------

#: Strains from lowest to highest: ♣ < ♦ < ♥ < ♠ < NT.
STRAINS = ("C", "D", "H", "S", "NT")
STRAIN_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}
STRAIN_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "no trump"}


def strain_name(strain: str) -> str:
    """A strain's name in the learner's language (``STRAIN_NAMES`` stays English)."""
    return _("no trump") if strain == "NT" else suit_name(strain)


def seat_name(seat: int) -> str:
    """A compass seat's name in the learner's language (``SEAT_NAMES`` stays English)."""
    return _(SEAT_NAMES[parse_seat(seat)])


PASS, DOUBLE, REDOUBLE = "P", "X", "XX"
#: The 35 bids in rank order, lowest first: 1C 1D 1H 1S 1NT 2C … 7NT.
BIDS = tuple(f"{level}{strain}" for level in range(1, 8) for strain in STRAINS)
#: Every call: the bids in rank order, then pass, double and redouble.
CALLS = (*BIDS, PASS, DOUBLE, REDOUBLE)
_BID_RANK = {bid: rank for rank, bid in enumerate(BIDS)}

_STRAIN_TEXT = r"(NT|N|C|D|H|S|♣|♦|♥|♠)"
_SYMBOL_STRAIN = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "N": "NT"}
# ASCII: without it IGNORECASE reads the long s (U+017F) as an S.
_BID_RE = re.compile(rf"^([1-7])\s*{_STRAIN_TEXT}$", re.IGNORECASE | re.ASCII)
_CALL_WORDS = {
    "p": PASS,
    "pass": PASS,
    "x": DOUBLE,
    "dbl": DOUBLE,
    "double": DOUBLE,
    "xx": REDOUBLE,
    "rdbl": REDOUBLE,
    "redouble": REDOUBLE,
}
#: How a call is written (English; ``_(CALL_FORMS)`` says it in the learner's language).
CALL_FORMS = N_(
    "a bid like 1C, 2NT, 3♥ (level 1..7, strain C D H S NT), P (pass), X (double) or XX (redouble)"
)


def _strain(text: str) -> str:
    text = text.upper()
    return _SYMBOL_STRAIN.get(text, text)


def parse_call(text: str) -> str:
    """A call in its one written form: ``"1h"`` → ``"1H"``, ``"2n"`` → ``"2NT"``,
    ``"pass"`` → ``"P"``.

    Raises :class:`~cardlib.errors.IllegalCallError` (rule ``call-syntax``) for
    anything else.
    """
    if isinstance(text, str):
        word = text.strip().lower()
        if word in _CALL_WORDS:
            return _CALL_WORDS[word]
        match = _BID_RE.match(word)
        if match:
            return match.group(1) + _strain(match.group(2))
        raise IllegalCallError(
            _("cannot read {text!r} as a call: write {forms}").format(
                text=text, forms=_(CALL_FORMS)
            ),
            "call-syntax",
        )
    if isinstance(text, Card):  # a Card is an int: the calls come before the first card
        raise CallTypeError(
            _("{card} is a card, not a call: the auction comes first; write {forms}").format(
                card=text, forms=_(CALL_FORMS)
            ),
            "call-syntax",
        )
    raise CallTypeError(
        _("cannot read {text!r} as a call: write {forms}").format(text=text, forms=_(CALL_FORMS)),
        "call-syntax",
    )


def call_list(calls: str | Iterable[str]) -> list[str]:
    """Calls given as text (``"1H P 2H P P P"``) or as a list of calls, as a list."""
    if isinstance(calls, str):
        return calls.split()
    if not isinstance(calls, Iterable):
        raise CardlibTypeError(
            _("give the calls as text like '1H P 2H P P P' or as a list, got {calls!r}").format(
                calls=calls
            ),
            "calls",
        )
    return list(calls)


def is_bid(call: str) -> bool:
    """Whether a call (in its written form) is a bid, not pass, double or redouble."""
    return call in _BID_RANK


def trick_value(strain: str, nth: int) -> int:
    """Undoubled points for the ``nth`` trick over six: ♣ ♦ 20, ♥ ♠ 30, NT 40 then 30."""
    if strain in ("C", "D"):
        return 20
    if strain in ("H", "S"):
        return 30
    return 40 if nth == 1 else 30


_CONTRACT_RE = re.compile(
    rf"^([1-7])\s*{_STRAIN_TEXT}\s*(XX|X|)(?:\s*(?:BY\s+)?(NORTH|EAST|SOUTH|WEST|N|E|S|W))?$",
    re.IGNORECASE | re.ASCII,
)


@dataclass(frozen=True)
class Contract:
    """A contract: ``level`` 1..7, ``strain`` (``C D H S NT``), ``doubled`` 0, 1 or 2
    (undoubled, doubled, redoubled), ``declarer`` a seat number or ``None``.

    Written ``"4S"``, ``"3NTX"``, ``"6HXX by N"``; ``Contract.parse`` reads that
    form and ``str`` prints it.

    >>> Contract.parse("3ntx by north")
    Contract.parse('3NTX by N')
    >>> Contract.parse("6HXX").tricks_needed
    12
    """

    level: int
    strain: str
    doubled: int = 0
    declarer: int | None = None

    def __post_init__(self) -> None:
        if not is_count(self.level):
            raise CardlibTypeError(
                _("a contract's level is a whole number 1..7, got {value!r}").format(
                    value=self.level
                )
            )
        if not 1 <= self.level <= 7:
            raise CardlibError(
                _("a contract's level is 1..7, got {value!r}").format(value=self.level), "contract"
            )
        if not isinstance(self.strain, str) or self.strain not in STRAINS:
            raise CardlibError(
                _("a contract's strain is one of C D H S NT, got {value!r}").format(
                    value=self.strain
                ),
                "contract",
            )
        if not is_count(self.doubled) or self.doubled not in (0, 1, 2):
            raise CardlibError(
                _("doubled is 0, 1 (doubled) or 2 (redoubled), got {value!r}").format(
                    value=self.doubled
                ),
                "contract",
            )
        if self.declarer is not None:
            object.__setattr__(self, "declarer", parse_seat(self.declarer))

    @classmethod
    def parse(cls, text: str | Contract) -> Contract:
        """Read ``"4S"``, ``"3NTX"``, ``"6hxx by n"``, ``"2♥X"``, ``"1N"``."""
        if isinstance(text, Contract):
            return text
        match = _CONTRACT_RE.match(text.strip()) if isinstance(text, str) else None
        if not match:
            raise (CardlibError if isinstance(text, str) else CardlibTypeError)(
                _(
                    "cannot read {text!r} as a contract: write the level 1..7, the strain "
                    "C D H S or NT, X when doubled or XX when redoubled, and optionally "
                    "' by ' and the declarer's seat, e.g. 4S, 3NTX, 6HXX by N"
                ).format(text=text),
                "contract",
            )
        level, strain, doubles, declarer = match.groups()
        return cls(
            int(level),
            _strain(strain),
            len(doubles),
            None if declarer is None else parse_seat(declarer),
        )

    @property
    def tricks_needed(self) -> int:
        """Tricks the declaring side must take: the level plus six."""
        return self.level + 6

    @property
    def trump(self) -> str | None:
        """The trump suit's letter, ``None`` at no trump."""
        return None if self.strain == "NT" else self.strain

    @property
    def bid(self) -> str:
        """The final bid, without doubles: ``"3NT"``."""
        return f"{self.level}{self.strain}"

    @property
    def dummy(self) -> int | None:
        """Declarer's partner, once the declarer is known."""
        return None if self.declarer is None else (self.declarer + 2) % 4

    @property
    def symbol_text(self) -> str:
        """For reading, in the learner's language: ``'3♠ doubled by North'``."""
        text = f"{self.level}{STRAIN_SYMBOLS[self.strain]}"
        if self.doubled:
            text = (
                _("{contract} doubled") if self.doubled == 1 else _("{contract} redoubled")
            ).format(contract=text)
        if self.declarer is None:
            return text
        return _("{contract} by {seat}").format(contract=text, seat=seat_name(self.declarer))

    def __str__(self) -> str:
        text = self.bid + "X" * self.doubled
        return text if self.declarer is None else f"{text} by {SEAT_LETTERS[self.declarer]}"

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"


def parse_contract(text: str | Contract) -> Contract:
    """Same as :meth:`Contract.parse`."""
    return Contract.parse(text)
