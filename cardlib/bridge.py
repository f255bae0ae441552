"""Contract Bridge as its original rules (in Hindi) describe it: auction, dummy, game to 100.

Everything here follows the Contract Bridge section of the rule book
(``docs/rules.md``): the simplified game of the original rules, with no
vulnerability, in which the first side to reach 100 points below the line wins.
The trick mechanics are shared with the other games (:mod:`cardlib.tricks`,
:mod:`cardlib.game`, :mod:`cardlib.match`); what is new is the auction, the dummy
and the scoring sheet.

**Seats.** North, East, South and West, clockwise, numbered like every other
seat in cardlib (``(s + 1) % 4`` sits on ``s``'s left, South is seat 0):
``SOUTH, WEST, NORTH, EAST = 0, 1, 2, 3``. Wherever a seat is asked for, its
letter (``"N"``) or name (``"north"``) works too. Partners sit opposite, so a
seat's side is ``seat % 2``: side 0 is North–South ("We"), side 1 East–West
("They").

**Calls** are written ``"1C"`` … ``"7NT"`` (level 1..7, then the strain
``C D H S NT``), ``"P"`` (pass), ``"X"`` (double) and ``"XX"`` (redouble).
:func:`parse_call` also reads ``"1♥"``, ``"2n"``, ``"pass"``, ``"dbl"`` …

**Contracts** are written one way: level, strain, ``X`` or ``XX`` when doubled
or redoubled, and, when the declarer is known, ``" by "`` and the declarer's
seat letter: ``"4S"``, ``"3NTX"``, ``"6HXX by N"``. :meth:`Contract.parse`
reads that form in any case (``N`` alone is NT too) and ``str`` prints it.

>>> score("4S", 11)
Score(below=120, above_declarer=30, above_defenders=0)
>>> score("3NTX", 7)
Score(below=0, above_declarer=0, above_defenders=300)
>>> auction = Auction.from_calls("N", "1H P 2H P P P")
>>> auction.contract
Contract.parse('2H by E')

The one rule the seed and the international Laws settle differently is a named
option: ``first_caller="left"`` (the seed: the dealer's left calls first) or
``"dealer"`` (the Laws: the dealer calls first).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from cardlib import bridge_bidding, game
from cardlib.cards import SUITS, Card, from_mask, parse_cards, sort_for_display
from cardlib.errors import IllegalCallError, OutOfTurnError, PhaseError
from cardlib.game import CALLING, OVER, PLAYING, Explanation, TrickDeal
from cardlib.match import TrickMatch
from cardlib.tricks import PlayRules
from cardlib.tricks import trick_winner as _trick_winner

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
    raise ValueError(f"a seat is N, E, S, W (or North … West, or 0..3), got {seat!r}")


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
PASS, DOUBLE, REDOUBLE = "P", "X", "XX"
#: The 35 bids in rank order, lowest first: 1C 1D 1H 1S 1NT 2C … 7NT.
BIDS = tuple(f"{level}{strain}" for level in range(1, 8) for strain in STRAINS)
#: Every call: the bids in rank order, then pass, double and redouble.
CALLS = (*BIDS, PASS, DOUBLE, REDOUBLE)
_BID_RANK = {bid: rank for rank, bid in enumerate(BIDS)}

_STRAIN_TEXT = r"(NT|N|C|D|H|S|♣|♦|♥|♠)"
_SYMBOL_STRAIN = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "N": "NT"}
_BID_RE = re.compile(rf"^([1-7])\s*{_STRAIN_TEXT}$", re.IGNORECASE)
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
CALL_FORMS = (
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
    raise IllegalCallError(f"cannot read {text!r} as a call: write {CALL_FORMS}", "call-syntax")


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
    re.IGNORECASE,
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

    def __post_init__(self):
        if (
            not isinstance(self.level, int)
            or isinstance(self.level, bool)
            or not 1 <= self.level <= 7
        ):
            raise ValueError(f"a contract's level is 1..7, got {self.level!r}")
        if self.strain not in STRAINS:
            raise ValueError(f"a contract's strain is one of C D H S NT, got {self.strain!r}")
        if self.doubled not in (0, 1, 2):
            raise ValueError(f"doubled is 0, 1 (doubled) or 2 (redoubled), got {self.doubled!r}")
        if self.declarer is not None:
            object.__setattr__(self, "declarer", parse_seat(self.declarer))

    @classmethod
    def parse(cls, text: str | Contract) -> Contract:
        """Read ``"4S"``, ``"3NTX"``, ``"6hxx by n"``, ``"2♥X"``, ``"1N"``."""
        if isinstance(text, Contract):
            return text
        match = _CONTRACT_RE.match(text.strip()) if isinstance(text, str) else None
        if not match:
            raise ValueError(
                f"cannot read {text!r} as a contract: write the level 1..7, the strain "
                "C D H S or NT, X when doubled or XX when redoubled, and optionally "
                "' by ' and the declarer's seat, e.g. 4S, 3NTX, 6HXX by N"
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
        """For reading: ``'3♠ doubled by North'``."""
        strain = STRAIN_SYMBOLS[self.strain]
        text = f"{self.level}{strain}" + ("", " doubled", " redoubled")[self.doubled]
        return text + ("" if self.declarer is None else f" by {SEAT_NAMES[self.declarer]}")

    def __str__(self) -> str:
        text = self.bid + "X" * self.doubled
        return text if self.declarer is None else f"{text} by {SEAT_LETTERS[self.declarer]}"

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"


def parse_contract(text: str | Contract) -> Contract:
    """Same as :meth:`Contract.parse`."""
    return Contract.parse(text)


# ----- the auction -----------------------------------------------------------


class Auction:
    """The auction of one deal, as a small state machine.

    ``Auction(dealer, first_caller="left")``: calls go clockwise from the
    dealer's left (``first_caller="dealer"``: from the dealer, as in the
    international Laws). ``call("1H")`` makes the next call; ``legal_calls()``
    lists the calls allowed now. The auction is over after three passes in a
    row that follow a bid (``.contract`` is then set) or after four opening
    passes (``.passed_out``). An illegal call raises
    :class:`~cardlib.errors.IllegalCallError` naming the rule and changes nothing.

    The rule ids of illegal calls: ``call-syntax``, ``insufficient-bid``,
    ``double-no-bid``, ``double-own-side``, ``double-already-doubled``,
    ``redouble-not-doubled``, ``redouble-opponents-bid``,
    ``redouble-already-redoubled``; ``out-of-turn`` (``OutOfTurnError``) and
    ``auction-over`` (``PhaseError``).
    """

    def __init__(self, dealer: int | str = NORTH, first_caller: FirstCaller = "left"):
        if first_caller not in FIRST_CALLERS:
            raise ValueError(f"first_caller is 'left' (the seed) or 'dealer', got {first_caller!r}")
        self.dealer = parse_seat(dealer)
        self.first_caller = first_caller
        self.first_seat = self.dealer if first_caller == "dealer" else (self.dealer + 1) % 4
        self._calls: list[str] = []

    @classmethod
    def from_calls(
        cls,
        dealer: int | str,
        calls: str | Iterable[str],
        first_caller: FirstCaller = "left",
    ) -> Auction:
        """An auction with ``calls`` made (a list, or text like ``"1H P 2H P P P"``)."""
        auction = cls(dealer, first_caller)
        for call in calls.split() if isinstance(calls, str) else calls:
            auction.call(call)
        return auction

    # ----- state -----------------------------------------------------------

    @property
    def calls(self) -> tuple[str, ...]:
        """The calls so far, in order, in their written form."""
        return tuple(self._calls)

    def seat_of(self, index: int) -> int:
        """The seat that made (or makes) the ``index``-th call."""
        return (self.first_seat + index) % 4

    @property
    def to_act(self) -> int | None:
        """The seat whose call it is, ``None`` once the auction is over."""
        return None if self.is_over else self.seat_of(len(self._calls))

    def _last_bid_index(self) -> int | None:
        for index in range(len(self._calls) - 1, -1, -1):
            if self._calls[index] in _BID_RANK:
                return index
        return None

    @property
    def last_bid(self) -> str | None:
        """The highest bid so far (bids only rise, so the last one), or ``None``."""
        index = self._last_bid_index()
        return None if index is None else self._calls[index]

    @property
    def last_bidder(self) -> int | None:
        """The seat that made the last bid, or ``None``."""
        index = self._last_bid_index()
        return None if index is None else self.seat_of(index)

    @property
    def doubled(self) -> int:
        """0, 1 or 2: whether the last bid stands undoubled, doubled or redoubled."""
        index = self._last_bid_index()
        if index is None:
            return 0
        after = self._calls[index + 1 :]
        return 2 if REDOUBLE in after else 1 if DOUBLE in after else 0

    def _trailing_passes(self) -> int:
        count = 0
        for call in reversed(self._calls):
            if call != PASS:
                break
            count += 1
        return count

    @property
    def passed_out(self) -> bool:
        """Four passes and no bid: no contract, the deal scores nothing."""
        return len(self._calls) == 4 and self._trailing_passes() == 4

    @property
    def is_over(self) -> bool:
        """Three passes in a row after a bid, or four opening passes."""
        if self.passed_out:
            return True
        return self.last_bid is not None and self._trailing_passes() == 3

    @property
    def declarer(self) -> int | None:
        """Once the auction is over: the first player of the winning side to name the strain."""
        if not self.is_over or self.passed_out:
            return None
        final = self.last_bid
        side = self.last_bidder % 2
        strain = final[1:]
        for index, call in enumerate(self._calls):
            seat = self.seat_of(index)
            if call in _BID_RANK and call[1:] == strain and seat % 2 == side:
                return seat
        raise AssertionError("the final bidder named the strain")  # pragma: no cover

    @property
    def contract(self) -> Contract | None:
        """The contract once the auction is over (``None`` before, and when passed out)."""
        declarer = self.declarer
        if declarer is None:
            return None
        final = self.last_bid
        return Contract(int(final[0]), final[1:], self.doubled, declarer)

    # ----- calling ---------------------------------------------------------

    def why_illegal(self, call: str) -> IllegalCallError | PhaseError | None:
        """The error a call would raise now (not raised), or ``None`` if it is legal."""
        if self.is_over:
            return PhaseError(
                "the auction is over: "
                + ("all four passed" if self.passed_out else f"the contract is {self.contract}"),
                "auction-over",
            )
        try:
            call = parse_call(call)
        except IllegalCallError as error:
            return error
        seat = self.to_act
        last, bidder = self.last_bid, self.last_bidder
        doubled = self.doubled
        if call in _BID_RANK:
            if last is not None and _BID_RANK[call] <= _BID_RANK[last]:
                return IllegalCallError(
                    f"{call} is not higher than {last}: each bid must name more tricks, or "
                    "as many in a higher strain (♣ < ♦ < ♥ < ♠ < NT)",
                    "insufficient-bid",
                )
        elif call == DOUBLE:
            if last is None:
                return IllegalCallError("there is no bid to double yet", "double-no-bid")
            if bidder % 2 == seat % 2:
                return IllegalCallError(
                    f"{last} was bid by your own side: you may double only the opponents' bid",
                    "double-own-side",
                )
            if doubled:
                return IllegalCallError(
                    f"{last} is already {'doubled' if doubled == 1 else 'redoubled'}: a bid "
                    "is doubled at most once",
                    "double-already-doubled",
                )
        elif call == REDOUBLE:
            if doubled == 0:
                return IllegalCallError(
                    "nothing to redouble: you may redouble only a double of your side's bid",
                    "redouble-not-doubled",
                )
            if bidder % 2 != seat % 2:
                return IllegalCallError(
                    f"{last} is the opponents' bid: only the side that was doubled may redouble",
                    "redouble-opponents-bid",
                )
            if doubled == 2:
                return IllegalCallError(
                    f"{last} is already redoubled", "redouble-already-redoubled"
                )
        return None

    def legal_calls(self) -> tuple[str, ...]:
        """The calls allowed now: the higher bids in rank order, then P, X, XX as allowed."""
        if self.is_over:
            return ()
        return tuple(call for call in CALLS if self.why_illegal(call) is None)

    def call(self, call: str, seat: int | str | None = None) -> None:
        """Make the next call: ``"1H"``, ``"2NT"``, ``"P"``, ``"X"``, ``"XX"`` (any form
        :func:`parse_call` reads).

        ``seat``, if given, must be the seat whose turn it is.
        """
        if seat is not None and not self.is_over and parse_seat(seat) != self.to_act:
            raise OutOfTurnError(
                f"it is {SEAT_NAMES[self.to_act]}'s call, not {SEAT_NAMES[parse_seat(seat)]}'s "
                "(calls go clockwise)",
                "out-of-turn",
            )
        error = self.why_illegal(call)
        if error is not None:
            raise error
        self._calls.append(parse_call(call))

    # ----- copying and printing ------------------------------------------------

    def copy(self) -> Auction:
        other = Auction(self.dealer, self.first_caller)
        other._calls = list(self._calls)
        return other

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and (
            other.dealer,
            other.first_caller,
            other._calls,
        ) == (self.dealer, self.first_caller, self._calls)

    __hash__ = None  # mutable

    def __repr__(self) -> str:
        option = "" if self.first_caller == "left" else ", first_caller='dealer'"
        return (
            f"Auction.from_calls({SEAT_LETTERS[self.dealer]!r}, {' '.join(self._calls)!r}{option})"
        )

    def __str__(self) -> str:
        calls = ", ".join(f"{SEAT_LETTERS[self.seat_of(i)]}:{c}" for i, c in enumerate(self._calls))
        return calls or "no calls yet"

    def _repr_html_(self) -> str:
        from cardlib.bridge_view import auction_html

        return auction_html(self)


# ----- playing: the shared ladder with the contract's trump ------------------


def play_rules(strain: str | None) -> PlayRules:
    """Follow suit with any card of it; void, any card. Trump per the strain, none at NT."""
    trump = None if strain in (None, "NT") else strain
    return PlayRules(trump=trump, must_beat=False, void_rule="free")


def legal_plays(
    hand: Iterable[Card | str] | str, trick: Sequence[Card | str] | str = (), strain=None
) -> frozenset[Card]:
    """The cards you may play from ``hand`` onto ``trick``: follow suit if you can, else any.

    >>> from cardlib import parse_cards
    >>> sorted(legal_plays("3H KH 2S", "QH", "S"))
    [Card('3H'), Card('KH')]
    """
    return game.legal_plays(hand, trick, play_rules(strain))


def explain_play(
    hand: Iterable[Card | str] | str, trick: Sequence[Card | str] | str = (), strain=None
) -> Explanation:
    """What you may play and why (``lead``, ``follow-any`` or ``free``)."""
    return game.explain_play(hand, trick, play_rules(strain))


def trick_winner(trick: Sequence[Card | str] | str, trump: str | None = None) -> int:
    """Index, in play order, of the winning card; ``trump`` a suit letter, ``"NT"`` or ``None``.

    >>> trick_winner("TD 3C KD 5D", trump="C"), trick_winner("TD 3C KD 5D", trump="NT")
    (1, 2)
    """
    cards = parse_cards(trick) if isinstance(trick, str) else trick
    return _trick_winner(cards, None if trump in (None, "NT") else trump)


# ----- scoring -----------------------------------------------------------------

SMALL_SLAM_BONUS, GRAND_SLAM_BONUS = 500, 1000
INSULT_BONUS = (0, 50, 100)  # making a contract undoubled, doubled, redoubled
GAME_POINTS = 100  # below the line, to win


class SheetLine(NamedTuple):
    """One entry of a scoring sheet: who scores, below or above the line, points, why."""

    who: str  # "declarer" or "defenders" in a Score; "NS" or "EW" in a DealScore
    where: str  # "below" or "above"
    points: int
    reason: str


def undertrick_penalty(down: int, doubled: int) -> int:
    """Points to the defenders for ``down`` undertricks: 50 each undoubled;
    doubled 100, 300, 500, then 300 more each; redoubled twice the doubled figures.

    >>> [undertrick_penalty(n, 1) for n in range(1, 6)]
    [100, 300, 500, 800, 1100]
    """
    if down <= 0:
        return 0
    if doubled == 0:
        return 50 * down
    doubled_penalty = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return doubled_penalty * doubled  # ×1 doubled, ×2 redoubled


@dataclass(frozen=True)
class Score:
    """The score of one contract and result, in whole points.

    ``below``: below the line for the declaring side (only when it makes the
    contract); ``above_declarer``, ``above_defenders``: above the line for
    each side; ``lines``: the sheet's entries with their reasons. Honours
    depend on the hands, so they are scored apart (:func:`honours`).
    """

    below: int
    above_declarer: int
    above_defenders: int
    made: bool
    lines: tuple[SheetLine, ...] = ()

    def __repr__(self) -> str:
        return (
            f"Score(below={self.below}, above_declarer={self.above_declarer}, "
            f"above_defenders={self.above_defenders})"
        )

    def __str__(self) -> str:
        return "; ".join(
            f"{line.who} {line.points} {line.where}: {line.reason}" for line in self.lines
        )

    def _repr_html_(self) -> str:
        from cardlib.bridge_view import score_html

        return score_html(self)


def _check_tricks(tricks_taken: int) -> None:
    if (
        not isinstance(tricks_taken, int)
        or isinstance(tricks_taken, bool)
        or not 0 <= tricks_taken <= 13
    ):
        raise ValueError(f"tricks taken must be a whole number from 0 to 13, got {tricks_taken!r}")


def score(contract: str | Contract, tricks_taken: int) -> Score:
    """Score a contract (``"4S"``, ``"3NTX"``, a :class:`Contract`) when the declaring
    side took ``tricks_taken`` of the 13 tricks. Exact integers, per the rule book.

    >>> score("6HXX", 13).below, score("6HXX", 13).above_declarer
    (720, 800)
    """
    contract = Contract.parse(contract)
    _check_tricks(tricks_taken)
    level, strain, doubled = contract.level, contract.strain, contract.doubled
    factor = (1, 2, 4)[doubled]
    state = ("", " doubled", " redoubled")[doubled]
    lines = []
    extra = tricks_taken - contract.tricks_needed
    if extra < 0:
        penalty = undertrick_penalty(-extra, doubled)
        plural = "s" if extra < -1 else ""
        lines.append(
            SheetLine("defenders", "above", penalty, f"{-extra} undertrick{plural}{state}")
        )
        return Score(0, 0, penalty, False, tuple(lines))
    below = factor * sum(trick_value(strain, n) for n in range(1, level + 1))
    lines.append(
        SheetLine(
            "declarer",
            "below",
            below,
            f"{level} bid trick{'s' * (level > 1)} in {STRAIN_NAMES[strain]}{state}",
        )
    )
    above = 0
    if extra:
        each = trick_value(strain, 2) if doubled == 0 else 100 * doubled
        lines.append(
            SheetLine(
                "declarer", "above", each * extra, f"{extra} overtrick{'s' * (extra > 1)}{state}"
            )
        )
        above += each * extra
    if level >= 6:
        bonus = SMALL_SLAM_BONUS if level == 6 else GRAND_SLAM_BONUS
        lines.append(
            SheetLine(
                "declarer",
                "above",
                bonus,
                f"{'small' if level == 6 else 'grand'} slam bid and made",
            )
        )
        above += bonus
    if doubled:
        lines.append(
            SheetLine(
                "declarer", "above", INSULT_BONUS[doubled], f"making a{state} contract (insult)"
            )
        )
        above += INSULT_BONUS[doubled]
    return Score(below, above, 0, True, tuple(lines))


HONOUR_RANKS = (14, 13, 12, 11, 10)


def honours(hand: Iterable[Card | str] | str, strain: str) -> int:
    """Honours held in one hand: four of A K Q J 10 of trumps 100, all five 150;
    at no trump all four aces 150; otherwise 0. Scored above the line for the
    holder's side, declarers or defenders, contract made or not.

    >>> honours("AS KS QS JS 2H", "S"), honours("AS AH AD AC", "NT"), honours("AS KS QS", "S")
    (100, 150, 0)
    """
    cards = parse_cards(hand) if isinstance(hand, str) else [Card(c) for c in hand]
    if strain not in STRAINS:
        raise ValueError(f"a strain is one of C D H S NT, got {strain!r}")
    if strain == "NT":
        return 150 if sum(c.rank == 14 for c in cards) == 4 else 0
    held = sum(c.suit == strain and c.rank in HONOUR_RANKS for c in cards)
    return 150 if held == 5 else 100 if held == 4 else 0


@dataclass(frozen=True)
class DealScore:
    """What one deal adds to the sheet, by side (index 0 NS, 1 EW).

    ``below`` and ``above`` are pairs of whole points; ``lines`` the entries,
    with ``who`` ``"NS"`` or ``"EW"``. A passed-out deal scores nothing.
    """

    contract: Contract | None
    tricks_taken: int | None
    below: tuple[int, int]
    above: tuple[int, int]
    lines: tuple[SheetLine, ...]

    def __repr__(self) -> str:
        return (
            f"DealScore(contract={str(self.contract) if self.contract else None!r}, "
            f"tricks_taken={self.tricks_taken}, below={self.below}, above={self.above})"
        )


def deal_score(
    contract: str | Contract | None, tricks_taken: int | None, hands: Sequence = ()
) -> DealScore:
    """A deal's entries by side: the contract's :func:`score` with the declarer known,
    plus honours found in the dealt ``hands`` (four hands, indexed by seat)."""
    if contract is None:
        return DealScore(None, None, (0, 0), (0, 0), ())
    contract = Contract.parse(contract)
    if contract.declarer is None:
        raise ValueError("a deal's score needs the declarer: write e.g. '4S by N'")
    declaring = contract.declarer % 2
    names = {"declarer": SIDE_NAMES[declaring], "defenders": SIDE_NAMES[1 - declaring]}
    result = score(contract, tricks_taken)
    lines = [line._replace(who=names[line.who]) for line in result.lines]
    for seat, hand in enumerate(hands):
        points = honours(hand, contract.strain)
        if points:
            what = "four aces" if contract.strain == "NT" else "trump honours"
            lines.append(
                SheetLine(
                    SIDE_NAMES[seat % 2], "above", points, f"honours ({what}, {SEAT_NAMES[seat]})"
                )
            )
    below, above = [0, 0], [0, 0]
    for line in lines:
        side = SIDE_NAMES.index(line.who)
        (below if line.where == "below" else above)[side] += line.points
    return DealScore(contract, tricks_taken, tuple(below), tuple(above), tuple(lines))


# ----- a deal: auction, then play with the dummy ---------------------------------

_NO_CONTRACT_RULES = play_rules(None)


class Deal(TrickDeal):
    """One deal: 13 cards each, the auction, then 13 tricks with the dummy.

    ``Deal(seed=7, dealer="N")`` deals the same cards every time (dealer drawn
    from the seed when not given). During the auction ``call("1H")`` and
    ``legal_calls()`` work as on an :class:`Auction`. When it ends, declarer's
    left leads. The dummy (declarer's partner) is exposed after that opening
    lead (``dummy_hand``) and **declarer plays its cards**: on dummy's turns
    ``to_act`` is the declarer (the person who acts), while ``hand_to_play``
    is the dummy (the hand the card comes from, whose cards ``legal_plays()``
    lists). ``play(card, seat=DUMMY)`` is refused: dummy never plays itself.
    """

    direction = 1  # clockwise
    game_name = "Contract Bridge"

    def __init__(
        self, seed=None, dealer: int | str | None = None, first_caller: FirstCaller = "left"
    ):
        self._init_options(first_caller=first_caller)
        super().__init__(seed, None if dealer is None else parse_seat(dealer))

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Iterable[Card | str] | str] | dict,
        dealer: int | str = NORTH,
        calls: str | Iterable[str] = (),
        first_caller: FirstCaller = "left",
    ) -> Deal:
        """A deal from given hands: four hands by seat number, or a dict by seat letter
        (``{"N": "AS KS …", "E": …}``); then ``calls`` (``"1S P 4S P P P"``) made."""
        if isinstance(hands, dict):
            by_seat = {parse_seat(seat): hand for seat, hand in hands.items()}
            if sorted(by_seat) != [0, 1, 2, 3]:
                raise ValueError("give one hand for each of N, E, S and W")
            hands = [by_seat[seat] for seat in range(4)]
        deal = super().from_hands(hands, parse_seat(dealer), None, first_caller=first_caller)
        for call in calls.split() if isinstance(calls, str) else calls:
            deal.call(call)
        return deal

    def _init_options(self, first_caller: FirstCaller = "left"):
        if first_caller not in FIRST_CALLERS:
            raise ValueError(f"first_caller is 'left' (the seed) or 'dealer', got {first_caller!r}")
        self.first_caller = first_caller
        self.rules = _NO_CONTRACT_RULES  # replaced by the contract's rules when the auction ends

    def _start(self, hands: list[int], dealer: int):
        super()._start(hands, dealer)
        self._dealt = tuple(hands)
        self._auction = Auction(dealer, self.first_caller)
        self._to_act = self._auction.to_act

    # ----- state -----------------------------------------------------------

    @property
    def auction(self) -> Auction:
        """A copy of the auction so far."""
        return self._auction.copy()

    @property
    def calls(self) -> tuple[str, ...]:
        """The calls of the auction so far, in order (not by seat, as in the other games)."""
        return self._auction.calls

    @property
    def contract(self) -> Contract | None:
        """The contract, with its declarer, once the auction is over (``None`` if passed out)."""
        return self._auction.contract

    @property
    def passed_out(self) -> bool:
        return self._auction.passed_out

    @property
    def declarer(self) -> int | None:
        return self._auction.declarer

    @property
    def dummy(self) -> int | None:
        declarer = self._auction.declarer
        return None if declarer is None else (declarer + 2) % 4

    @property
    def dealt_hands(self) -> tuple[tuple[Card, ...], ...]:
        """The four hands as dealt (for honours and for replaying)."""
        return tuple(tuple(sort_for_display(from_mask(m))) for m in self._dealt)

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is to act: on dummy's turns, the declarer."""
        if self._phase == OVER:
            return None
        if self._phase == PLAYING and self._to_act == self.dummy:
            return self.declarer
        return self._to_act

    @property
    def hand_to_play(self) -> int | None:
        """The seat whose hand the next card comes from (the dummy on dummy's turns)."""
        return self._to_act if self._phase == PLAYING else None

    @property
    def dummy_exposed(self) -> bool:
        """Whether the dummy lies face up: from the opening lead on."""
        return (
            self._phase != CALLING
            and self.contract is not None
            and (bool(self._trick) or bool(self._tricks))
        )

    @property
    def dummy_hand(self) -> tuple[Card, ...]:
        """The dummy's cards now, face up; readable only after the opening lead."""
        if not self.dummy_exposed:
            raise PhaseError(
                "the dummy is face down until the opening lead has been made", "dummy-not-exposed"
            )
        return self.hands[self.dummy]

    def tricks_by_side(self) -> tuple[int, int]:
        """Tricks taken so far by North–South and by East–West."""
        won = self._won
        return (won[0] + won[2], won[1] + won[3])

    @property
    def declarer_tricks(self) -> int | None:
        declarer = self.declarer
        return None if declarer is None else self.tricks_by_side()[declarer % 2]

    # ----- calling ---------------------------------------------------------

    def legal_calls(self) -> tuple[str, ...]:
        """The calls the seat to act may make (empty unless the auction is on)."""
        if self._phase != CALLING:
            return ()
        return self._auction.legal_calls()

    def call(self, call: str, seat: int | str | None = None) -> None:
        """The seat to act makes a call; see :meth:`Auction.call`."""
        if self._phase != CALLING:
            raise PhaseError(
                "the auction is over"
                + (
                    ": all four passed" if self.passed_out else f": the contract is {self.contract}"
                ),
                "auction-over",
            )
        self._auction.call(call, seat)
        if self._auction.passed_out:
            self._phase = OVER
        elif self._auction.is_over:
            contract = self._auction.contract
            self.rules = play_rules(contract.strain)
            self._trump_index = -1 if contract.trump is None else SUITS.index(contract.trump)
            self._leader = self._to_act = (contract.declarer + 1) % 4
            self._phase = PLAYING
            self._legal = None
        else:
            self._to_act = self._auction.to_act

    # ----- playing ---------------------------------------------------------

    def play(self, card: Card | str, seat: int | str | None = None) -> None:
        """The seat to act plays a card: on dummy's turns, declarer plays one of dummy's."""
        if self._phase == OVER and self.passed_out:
            raise PhaseError("the deal was passed out: no contract, no play", "phase")
        if seat is not None and self._phase == PLAYING:
            seat = parse_seat(seat)
            if seat != self.to_act:
                if seat == self.dummy:
                    raise OutOfTurnError(
                        f"{SEAT_NAMES[seat]} is dummy and never plays: declarer "
                        f"({SEAT_NAMES[self.declarer]}) plays dummy's cards",
                        "declarer-plays-dummy",
                    )
                raise OutOfTurnError(
                    f"it is {SEAT_NAMES[self.to_act]}'s turn, not {SEAT_NAMES[seat]}'s",
                    "out-of-turn",
                )
        super().play(card)

    # ----- scoring ---------------------------------------------------------

    def scores(self) -> DealScore:
        """What the deal adds to the sheet, by side (only once it is over)."""
        if self._phase != OVER:
            raise PhaseError(
                f"scores come after the last trick; the deal is still {self._phase}", "phase"
            )
        cached = self.__dict__.get("_final_score")
        if cached is None:  # a finished deal never changes: score it once
            if self.passed_out:
                cached = deal_score(None, None)
            else:
                cached = deal_score(self.contract, self.declarer_tricks, self.dealt_hands)
            self._final_score = cached
        return cached

    # ----- copying -----------------------------------------------------------

    def copy(self) -> Deal:
        other = super().copy()
        other._auction = self._auction.copy()
        return other

    def _state(self) -> tuple:
        return (*super()._state(), self.first_caller, tuple(self._auction.calls))

    def __repr__(self) -> str:
        contract = self.contract
        return (
            f"<bridge.Deal dealer={SEAT_LETTERS[self.dealer]} phase={self._phase} "
            f"contract={contract if contract else '-'} tricks_by_side={self.tricks_by_side()}>"
        )


# ----- the game to 100 -----------------------------------------------------------


class Game(TrickMatch):
    """Deals until a side has 100 points below the line; that side wins.

    Part-scores add up, doubled trick scores count in full, overtricks and
    every bonus go above the line and never count towards the 100. A
    passed-out deal scores nothing and the next dealer (the dealer's left)
    deals again. Drive it like a deal (``call``, ``play``); between deals the
    phase is ``"deal-over"`` until :meth:`next_deal`.
    """

    deal_class = Deal
    zero = 0

    def __init__(
        self,
        seed=None,
        dealer: int | str | None = None,
        first_caller: FirstCaller = "left",
        target: int = GAME_POINTS,
    ):
        self.target = target
        self.first_caller = first_caller
        super().__init__(
            seed, None if dealer is None else parse_seat(dealer), first_caller=first_caller
        )

    def _finished(self) -> bool:
        return self._deals[-1].phase == OVER and max(self.below()) >= self.target

    def legal_calls(self) -> tuple[str, ...]:
        return self._deals[-1].legal_calls()

    def below(self) -> tuple[int, int]:
        """Points below the line so far: (North–South, East–West)."""
        return self._sum("below")

    def above(self) -> tuple[int, int]:
        """Points above the line so far: (North–South, East–West)."""
        return self._sum("above")

    def _sum(self, where: str) -> tuple[int, int]:
        ns = ew = 0
        for deal_score_ in self.scores_by_deal():
            pair = getattr(deal_score_, where)
            ns, ew = ns + pair[0], ew + pair[1]
        return ns, ew

    def totals(self) -> tuple[int, int]:
        """Below plus above the line, by side (for interest: the winner is decided below)."""
        below, above = self.below(), self.above()
        return (below[0] + above[0], below[1] + above[1])

    def winners(self) -> tuple[int, ...]:
        """The side (0 NS, 1 EW) that reached 100 below the line, once the game is over."""
        if self.phase != "over":
            raise PhaseError(f"the game is not over yet (phase {self.phase})", "phase")
        below = self.below()
        return tuple(side for side in (0, 1) if below[side] >= self.target)

    @property
    def winner(self) -> str | None:
        """``"NS"`` or ``"EW"`` once the game is over, else ``None``."""
        return SIDE_NAMES[self.winners()[0]] if self.phase == "over" else None

    def sheet(self) -> list[tuple[int, SheetLine]]:
        """Every entry on the sheet so far, as ``(deal number from 1, line)``."""
        return [
            (number, line)
            for number, deal in enumerate(self._deals, 1)
            if deal.phase == OVER
            for line in deal.scores().lines
        ]

    def _repr_html_(self) -> str:
        from cardlib.bridge_view import sheet_html

        return sheet_html(self)

    def __repr__(self) -> str:
        return f"<bridge.Game deal {len(self._deals)} phase={self.phase} below={self.below()}>"


# ----- bots --------------------------------------------------------------------

HCP = bridge_bidding.HCP
high_card_points = bridge_bidding.high_card_points


class RandomBridgeBot:
    """A random legal call (passing half the time, so auctions end) and a random legal card."""

    def __init__(self, seed=None):
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def choose_call(self, deal) -> str:
        calls = deal.legal_calls()
        if self.rng.random() < 0.5:
            return PASS
        return self.rng.choice(calls)

    def choose_play(self, deal) -> Card:
        return self.rng.choice(sorted(deal.legal_plays()))

    def __repr__(self) -> str:
        return "RandomBridgeBot()"


class SensibleBridgeBot:
    """Bids in the simple style of notebook 32; plays to win tricks but not over its partner.

    Calling: :func:`cardlib.bridge_bidding.choose_call` (points = high cards plus
    length, 25 between the two hands for game; it never doubles). Playing: the
    cheapest card that wins the trick, unless partner is already winning it (then
    the lowest card).
    """

    def choose_call(self, deal) -> str:
        return bridge_bidding.choose_call(deal.auction, deal.hand(deal.auction.to_act))

    def choose_play(self, deal) -> Card:
        legal = sorted(deal.legal_plays(), key=lambda c: (c.rank, c.suit))
        trick = list(deal.trick)
        if not trick:
            return legal[-1] if legal[-1].rank == 14 else legal[0]
        trump = deal.contract.trump
        seats = deal.trick_seats
        winning = trick_winner(trick, trump)
        partner = (deal.hand_to_play + 2) % 4
        if seats[winning] == partner:
            return legal[0]
        for card in legal:  # the lowest card that would take the lead in the trick
            if trick_winner([*trick, card], trump) == len(trick):
                return card
        return legal[0]

    def __repr__(self) -> str:
        return "SensibleBridgeBot()"


def play_out(deal_or_game, bots: Sequence, stop_at: int | None = None) -> None:
    """Let bots (one per seat, ``None`` for a person) act until the deal is over,
    or until a person or seat ``stop_at`` is to act. On dummy's turns the
    declarer's bot acts, as in the game."""
    while deal_or_game.phase in (CALLING, PLAYING):
        seat = deal_or_game.to_act
        bot = bots[seat]
        if bot is None or seat == stop_at:
            return
        deal = deal_or_game.deal if isinstance(deal_or_game, Game) else deal_or_game
        if deal.phase == CALLING:
            deal_or_game.call(bot.choose_call(deal))
        else:
            deal_or_game.play(bot.choose_play(deal))


def play_game(game_: Game, bots: Sequence, max_deals: int = 1000) -> Game:
    """Bots play a whole game to its end (every deal); returns the game."""
    while True:
        play_out(game_, bots)
        if game_.phase == "over" or len(game_.deals) >= max_deals:
            return game_
        game_.next_deal()


__all__ = [
    "BIDS",
    "CALLS",
    "EAST",
    "NORTH",
    "SEAT_LETTERS",
    "SEAT_NAMES",
    "SOUTH",
    "STRAINS",
    "WEST",
    "Auction",
    "Contract",
    "Deal",
    "DealScore",
    "Game",
    "RandomBridgeBot",
    "Score",
    "SensibleBridgeBot",
    "SheetLine",
    "deal_score",
    "explain_play",
    "high_card_points",
    "honours",
    "legal_plays",
    "parse_call",
    "parse_contract",
    "parse_seat",
    "play_game",
    "play_out",
    "play_rules",
    "score",
    "trick_winner",
    "undertrick_penalty",
]
