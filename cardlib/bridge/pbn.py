"""PBN, the Portable Bridge Notation: a Contract Bridge deal written as bridge software writes it.

:func:`to_pbn` writes one deal, finished or not: the tags ``Dealer``, ``Vulnerable``
(always ``None``: the simplified game has no vulnerability), ``Deal`` (the hands as dealt),
``Declarer``, ``Contract`` and ``Result`` when there are, and the ``Auction`` and ``Play``
sections. :func:`from_pbn` reads that back into a :class:`~cardlib.bridge.Deal`, played
through the rules, so ``from_pbn(to_pbn(deal)) == deal``; it reads the same tags written by
other programs (``tests/test_pbn.py`` checks both directions against endplay's parser).

PBN's conventions, as this module keeps them:

- seats are ``N E S W``; a ``Deal`` is the first seat, a colon, then four hands clockwise
  from it, each ``spades.hearts.diamonds.clubs`` (``T`` for ten):
  ``N:AKQ.JT9.876.5432 ...``;
- the ``Auction`` tag names the first caller: the dealer under the Laws
  (``first_caller="dealer"``), the dealer's left in the rule book's game (the default,
  ``first_caller="left"``). Calls are ``1H`` … ``7NT``, ``Pass``, ``X``, ``XX``, four a line;
- the ``Play`` tag names the opening leader; each line is one trick, its cards in fixed
  columns (the opening leader's first, then clockwise), a card written suit first (``SA``,
  ``HT``), ``-`` for a card not played yet.

>>> from cardlib import bridge
>>> deal = bridge.Deal(seed=3, dealer="N")
>>> for call in ["1S", "P", "4S", "P", "P", "P"]:
...     deal.call(call)
>>> print(to_pbn(deal).splitlines()[4])
[Contract "4S"]
>>> from_pbn(to_pbn(deal)) == deal
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from cardlib.bridge import Deal
from cardlib.bridge.calls import SEAT_LETTERS, Contract, FirstCaller, parse_call
from cardlib.cards import RANK_CHARS, SUITS, Card, parse_card
from cardlib.errors import CardlibError

__all__ = ["PBNError", "from_pbn", "to_pbn"]

#: PBN's clockwise order of seats, and cardlib's seat number for each letter.
PBN_SEATS = "NESW"
_SEAT_NUMBER = {letter: SEAT_LETTERS.index(letter) for letter in PBN_SEATS}
_TAG = re.compile(r'^\[(\w+)\s+"([^"]*)"\]\s*$')


class PBNError(CardlibError):
    """PBN text that cannot be read as a deal: the message names the tag that is wrong."""

    def __init__(self, tag: str, message: str):
        super().__init__(f"PBN, tag {tag}: {message}", "pbn")
        self.tag = tag


# ----- writing ---------------------------------------------------------------


def _letter(seat: int) -> str:
    return SEAT_LETTERS[seat]


def _declarer(contract: Contract) -> int:
    """The declarer of a contract an auction made: it always has one."""
    if contract.declarer is None:
        raise PBNError("Declarer", f"the contract {contract} has no declarer")
    return contract.declarer


def _hand(cards: Sequence[Card]) -> str:
    by_suit = {suit: "" for suit in SUITS}
    for card in sorted(cards, key=lambda c: -c.rank):
        by_suit[card.suit] += RANK_CHARS[card.rank - 2]
    return ".".join(by_suit[suit] for suit in SUITS)


def _deal_tag(deal: Deal, first: int) -> str:
    dealt = deal.dealt_hands
    hands = [_hand(dealt[(first + i) % 4]) for i in range(4)]
    return f"{_letter(first)}:{' '.join(hands)}"


def _pbn_call(call: str) -> str:
    return "Pass" if call == "P" else call


def _pbn_card(card: Card) -> str:
    return card.suit + RANK_CHARS[card.rank - 2]


def to_pbn(deal: Deal, **tags: str) -> str:
    """One Contract Bridge deal as PBN text (the tags and sections of the module docstring).

    Extra ``tags`` (``Event="Club night"``, ``Board="7"``) are written first, in the order
    given.
    """
    if not isinstance(deal, Deal):
        raise CardlibError(f"to_pbn writes a bridge.Deal, got {deal!r}", "pbn")
    lines = [f'[{name} "{value}"]' for name, value in tags.items()]
    lines.append(f'[Dealer "{_letter(deal.dealer)}"]')
    lines.append('[Vulnerable "None"]')
    lines.append(f'[Deal "{_deal_tag(deal, deal.dealer)}"]')
    contract = deal.contract
    if contract is not None:
        lines.append(f'[Declarer "{_letter(_declarer(contract))}"]')
        lines.append(f'[Contract "{contract.bid}{"X" * contract.doubled}"]')
        if deal.is_over:
            lines.append(f'[Result "{deal.declarer_tricks}"]')
    elif deal.passed_out:
        lines.append('[Contract "Pass"]')
    auction = deal.auction
    lines.append(f'[Auction "{_letter(auction.first_seat)}"]')
    calls = [_pbn_call(call) for call in auction.calls]
    lines.extend(" ".join(calls[i : i + 4]) for i in range(0, len(calls), 4))
    if contract is not None:
        leader = (_declarer(contract) + 1) % 4
        lines.append(f'[Play "{_letter(leader)}"]')
        tricks = [(t.seats, t.cards) for t in deal.tricks]
        if deal.trick:
            tricks.append((deal.trick_seats, deal.trick))
        for seats, cards in tricks:
            by_seat = dict(zip(seats, cards, strict=True))
            row = [by_seat.get((leader + i) % 4) for i in range(4)]
            lines.append(" ".join("-" if card is None else _pbn_card(card) for card in row))
    return "\n".join(lines) + "\n"


# ----- reading ---------------------------------------------------------------


def _sections(text: str) -> dict[str, tuple[str, list[str]]]:
    """Tag name → (value, the section's lines), for the first deal in ``text``."""
    found: dict[str, tuple[str, list[str]]] = {}
    current: list[str] | None = None
    for raw in text.splitlines():
        line = raw.split(";", 1)[0].strip()  # PBN comments run from ';' to the line's end
        if not line or line.startswith("%"):
            if not line and found:
                break  # a blank line ends the deal
            continue
        if line.startswith("{"):
            continue
        tag = _TAG.match(line)
        if tag:
            name, value = tag.groups()
            if name in found:
                raise PBNError(name, "given twice in one deal")
            current = []
            found[name] = (value, current)
        elif current is not None:
            current.append(line)
        else:
            raise PBNError("?", f"a line outside any tag: {line!r}")
    return found


def _seat(tag: str, value: str) -> int:
    letter = value.strip().upper()[:1]
    if letter not in _SEAT_NUMBER or len(value.strip()) != 1:
        raise PBNError(tag, f"a seat N, E, S or W, got {value!r}")
    return _SEAT_NUMBER[letter]


def _read_hands(value: str) -> list[list[Card]]:
    first_text, _, rest = value.partition(":")
    first = _seat("Deal", first_text)
    hands_text = rest.split()
    if len(hands_text) != 4:
        raise PBNError("Deal", f"four hands after the first seat, got {len(hands_text)}")
    hands: list[list[Card]] = [[] for _ in range(4)]
    for i, hand in enumerate(hands_text):
        suits = hand.split(".")
        if len(suits) != 4:
            raise PBNError("Deal", f"a hand is spades.hearts.diamonds.clubs, got {hand!r}")
        for suit, ranks in zip(SUITS, suits, strict=True):
            for rank in ranks:
                try:
                    hands[(first + i) % 4].append(parse_card(rank + suit))
                except CardlibError:
                    raise PBNError("Deal", f"{rank!r} is not a rank in {hand!r}") from None
    return hands


def _read_calls(lines: list[str]) -> list[str]:
    calls = []
    for token in " ".join(lines).split():
        if token.startswith("=") and token.endswith("="):
            continue  # a note reference
        if token.upper() == "AP":
            calls.extend(["P"] * 3)
            continue
        if token in ("*", "+", "-"):
            break
        try:
            calls.append(parse_call(token))
        except CardlibError:
            raise PBNError("Auction", f"{token!r} is not a call") from None
    return calls


def from_pbn(text: str) -> Deal:
    """The Contract Bridge deal of the first deal in PBN ``text``, played through the rules.

    Reads ``Dealer``, ``Deal``, ``Auction`` and ``Play`` (``Contract``, ``Declarer`` and
    ``Result`` are checked against what the auction and the play give). Bad text raises a
    :class:`PBNError` (a ``CardlibError``) naming the tag.
    """
    if not isinstance(text, str):
        raise PBNError("?", f"PBN is text, got {text!r}")
    found = _sections(text)
    if "Deal" not in found:
        raise PBNError("Deal", "missing: the hands are needed")
    hands = _read_hands(found["Deal"][0])
    auction_value, auction_lines = found.get("Auction", ("", []))
    dealer = _seat("Dealer", found["Dealer"][0]) if "Dealer" in found else None
    first_caller: FirstCaller = "left"
    if auction_value:
        first = _seat("Auction", auction_value)
        if dealer is None:
            dealer = first  # PBN's own convention: the dealer calls first
        first_caller = "dealer" if first == dealer else "left"
        if first not in (dealer, (dealer + 1) % 4):
            raise PBNError("Auction", "the first caller is the dealer or the dealer's left")
    if dealer is None:
        raise PBNError("Dealer", "missing, and no Auction to tell it")
    try:
        deal = Deal.from_hands(hands, dealer, (), first_caller)
    except (CardlibError, ValueError) as error:
        raise PBNError("Deal", str(error)) from None
    for call in _read_calls(auction_lines):
        try:
            deal.call(call)
        except CardlibError as error:
            raise PBNError("Auction", str(error)) from None
    _check_contract(deal, found)
    if "Play" in found:
        _play(deal, *found["Play"])
    result = found.get("Result", ("?", []))[0].strip()
    if deal.is_over and result not in ("", "?") and result != str(deal.declarer_tricks):
        raise PBNError("Result", f"the play gives {deal.declarer_tricks} tricks to declarer")
    return deal


def _check_contract(deal: Deal, found: dict[str, tuple[str, list[str]]]) -> None:
    contract = deal.contract
    if "Contract" in found and found["Contract"][0] not in ("", "?") and deal.auction.is_over:
        given = found["Contract"][0].strip().upper()
        made = "PASS" if contract is None else f"{contract.bid}{'X' * contract.doubled}"
        if given != made:
            raise PBNError("Contract", f"the auction gives {made}, the tag says {given}")
    declarer = found.get("Declarer", ("?", []))[0].strip()
    if (
        contract is not None
        and declarer not in ("", "?")
        and _seat("Declarer", declarer) != _declarer(contract)
    ):
        raise PBNError("Declarer", f"the auction gives {_letter(_declarer(contract))}")


def _play(deal: Deal, value: str, lines: list[str]) -> None:
    contract = deal.contract
    if contract is None:
        if lines:
            raise PBNError("Play", "cards played without a contract")
        return
    leader = _seat("Play", value)
    if leader != (_declarer(contract) + 1) % 4:
        raise PBNError("Play", "the opening leader is declarer's left")
    for line in lines:
        tokens = [t for t in line.split() if not (t.startswith("=") and t.endswith("="))]
        if tokens == ["*"]:
            return  # a claim: the rest is not played
        if len(tokens) != 4:
            raise PBNError("Play", f"a trick is four columns, got {line!r}")
        by_seat = {(leader + i) % 4: token for i, token in enumerate(tokens)}
        for _ in range(4):
            seat = deal.hand_to_play
            if seat is None:
                raise PBNError("Play", f"{line!r}: the deal is over, no more cards are played")
            token = by_seat[seat]
            if token in ("-", "*", "+"):
                return
            try:
                deal.play(parse_card(token[1:] + token[:1]))
            except CardlibError as error:
                raise PBNError("Play", f"{token}: {error}") from None
