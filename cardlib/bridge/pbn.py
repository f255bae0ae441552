"""PBN, the Portable Bridge Notation: a Contract Bridge deal written as bridge software writes it.

:func:`to_pbn` writes one deal, finished or not: the tags ``Dealer``, ``Vulnerable``
(always ``None``: the simplified game has no vulnerability), ``Deal`` (the hands as dealt),
``Declarer``, ``Contract`` and ``Result`` when there are, and the ``Auction`` and ``Play``
sections. :func:`read_pbn` reads every board of a PBN text, each a :class:`PBNBoard` (the
:class:`~cardlib.bridge.Deal`, played through the rules, and the other tags);
:func:`from_pbn` reads a text of one board into its deal. So
``from_pbn(to_pbn(deal)) == deal``, and ``read_pbn(to_pbn(deal, **tags))`` gives back the
deal and ``tags``. They read the same tags written by other programs, and other programs read
the same deal from what they write (``tests/test_pbn.py`` checks both directions against
endplay's parser, under both first-caller rules).

PBN's conventions, as this module keeps them:

- seats are ``N E S W``; a ``Deal`` is the first seat, a colon, then four hands clockwise
  from it, each ``spades.hearts.diamonds.clubs`` (``T`` for ten):
  ``N:AKQ.JT9.876.5432 ...``;
- under the Laws, which PBN follows, the dealer calls first: the ``Dealer`` and ``Auction``
  tags both name the first caller. The rule book's game (``first_caller="left"``, the
  default) has the dealer's left call first: then the real dealer goes in a tag of cardlib's
  own, ``[CardlibDealer "S"]`` (other programs ignore it, :func:`read_pbn` reads it back), and
  ``Dealer`` names the first caller, so that every program reads the same auction. A file
  without ``CardlibDealer`` whose ``Auction`` is the seat left of its ``Dealer`` (as cardlib
  0.3 and earlier wrote) is read under the rule book's rule too;
- calls are ``1H`` … ``7NT``, ``Pass``, ``X``, ``XX``, four a line;
- the ``Play`` tag names the opening leader; then come the tricks, written one a line, their
  cards in fixed columns (the opening leader's first, then clockwise), a card written suit
  first (``SA``, ``HT``), ``-`` for a card not played yet;
- ``Note`` tags (``[Note "1:five spades"]``, as many as there are) explain the ``=1=`` marks
  among the calls and cards: :func:`read_pbn` keeps them in the board's ``notes`` and skips
  the marks;
- a tag is ``[Name "value"]``: a name is letters, digits and ``_``, starting with a letter;
  in a value a quote is written ``\\"`` and a backslash ``\\\\``, and nothing else is
  escaped, so a value is one line of printing characters (the standard's characters are
  Latin-1: a value with others, Devanagari say, needs the text saved as UTF-8);
- comments are ``{…}`` (over as many lines as they need) or ``;`` to the end of the line; a
  line starting with ``%`` is a directive (``% PBN 2.1``), which is skipped; an empty line
  ends a board, and the next tag starts another; a tag value ``#`` repeats the previous
  board's value of that tag.

:func:`to_pbn` refuses (a :class:`PBNError` naming the tag) the tags other programs would read
differently from what was meant: a name that is not a PBN tag name; a tag it writes itself
(``Dealer``, ``Deal`` …, in any case of letters: endplay reads ``deal`` as ``Deal``), ``Note``
(notes belong to the auction and the play) and tables (names ending in ``Table``, whose rows
it does not write); a value with a character that is not a printing one (a newline, a tab),
the value ``#`` or one starting ``##`` (PBN's marks for a value copied from the board before),
one holding ``"]`` (where endplay ends the tag), and a ``Board`` that is not a number.

>>> from cardlib import bridge
>>> deal = bridge.Deal(seed=3, dealer="N")
>>> for call in ["1S", "P", "4S", "P", "P", "P"]:
...     deal.call(call)
>>> text = to_pbn(deal, Event='The "Monday" game')
>>> print(text.splitlines()[0])
[Event "The \\"Monday\\" game"]
>>> print(text.splitlines()[1:3])
['[Dealer "E"]', '[CardlibDealer "N"]']
>>> board = read_pbn(text)[0]
>>> board.deal == deal, board.tags
(True, {'Event': 'The "Monday" game'})
>>> from_pbn(text) == deal
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from cardlib.bridge import Deal
from cardlib.bridge.calls import SEAT_LETTERS, Contract, FirstCaller, parse_call
from cardlib.cards import RANK_CHARS, SUITS, Card, parse_card
from cardlib.errors import CardlibError, CardlibTypeError
from cardlib.i18n import _

__all__ = ["PBNBoard", "PBNError", "from_pbn", "read_pbn", "to_pbn"]

#: PBN's clockwise order of seats, and cardlib's seat number for each letter.
PBN_SEATS = "NESW"
_SEAT_NUMBER = {letter: SEAT_LETTERS.index(letter) for letter in PBN_SEATS}

#: cardlib's own tag: the dealer when the dealer's left calls first (the rule book's rule).
HOUSE_TAG = "CardlibDealer"
#: The tags :func:`to_pbn` writes itself, and :func:`read_pbn` reads into the deal.
DEAL_TAGS = (
    "Dealer",
    HOUSE_TAG,
    "Vulnerable",
    "Deal",
    "Declarer",
    "Contract",
    "Result",
    "Auction",
    "Play",
)
#: Tag names :func:`to_pbn` refuses as extra tags, lower-cased (endplay reads names so).
_RESERVED = {name.lower() for name in (*DEAL_TAGS, "Note")}

_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")
# A tag pair as read: a looser name than the one written (the error then names it), and a
# string in which a backslash escapes the character after it.
_TAG_PAIR = re.compile(r'\[\s*([^\s"\]\[]*)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
_WORD = re.compile(r'[^\s\[\]{};"]+')
_ESCAPE = re.compile(r'\\(["\\])')
_LINES = re.compile(r"\r\n|\r|\n")


class PBNError(CardlibError):
    """PBN text that cannot be read as a deal, or a tag that cannot be written: the message
    names the tag that is wrong (and the board, in a text of several)."""

    def __init__(self, tag: str, message: str, board: int | None = None):
        if board is None:
            text = _("PBN, tag {tag}: {message}").format(tag=tag, message=message)
        else:
            text = _("PBN, board {board}, tag {tag}: {message}").format(
                board=board, tag=tag, message=message
            )
        super().__init__(text, "pbn")
        self.tag = tag
        self.message = message
        self.board = board


class _PBNTypeError(PBNError, CardlibTypeError):
    """A tag value that is not text (a ``TypeError`` too)."""


@dataclass(frozen=True)
class PBNBoard:
    """One board of a PBN text: its ``deal``, its other ``tags`` (name → value, in the
    file's order: ``Event``, ``Board`` …, every tag but the ones of :data:`DEAL_TAGS` and
    ``Note``) and its ``notes`` (the values of its ``Note`` tags, in order)."""

    deal: Deal
    tags: dict[str, str] = field(default_factory=dict)
    notes: tuple[str, ...] = ()


# ----- writing ---------------------------------------------------------------


def _letter(seat: int) -> str:
    return SEAT_LETTERS[seat]


def _declarer(contract: Contract) -> int:
    """The declarer of a contract an auction made: it always has one."""
    if contract.declarer is None:
        raise PBNError(
            "Declarer", _("the contract {contract} has no declarer").format(contract=contract)
        )
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


def _check_tag(name: str, value: object) -> None:
    """Refuse an extra tag that PBN cannot hold, or that another program would read as
    something else than ``value`` beside the deal's own tags."""
    if not _TAG_NAME.match(name):
        raise PBNError(
            name,
            _(
                "a tag name is letters, digits and _, starting with a letter "
                "(an ASCII one), got {name!r}"
            ).format(name=name),
        )
    lowered = name.lower()
    if lowered in _RESERVED:
        raise PBNError(
            name,
            _(
                "to_pbn writes the tags {tags} itself, from the deal, and programs read tag "
                "names in any case of letters: give this one another name"
            ).format(tags=", ".join((*DEAL_TAGS, "Note"))),
        )
    if lowered.endswith("table") and lowered != "table":
        raise PBNError(
            name,
            _(
                "a tag whose name ends in Table is a PBN table, with rows after it; to_pbn "
                "writes none: give this one another name"
            ),
        )
    if not isinstance(value, str):
        raise _PBNTypeError(
            name,
            _("a tag value is text, got {value!r} ({kind})").format(
                value=value, kind=type(value).__name__
            ),
        )
    for char in value:
        if not char.isprintable():
            raise PBNError(
                name,
                _(
                    "a tag value is one line of printing characters, got {char!r} in {value!r}"
                ).format(char=char, value=value),
            )
    if value == "#" or value.startswith("##"):
        raise PBNError(
            name,
            _(
                "in PBN a value '#', or one starting '##', is copied from the board before, "
                "got {value!r}"
            ).format(value=value),
        )
    if '"]' in value:
        raise PBNError(
            name,
            _(
                "a tag value cannot hold '\"]': endplay and other programs end the tag "
                "there, got {value!r}"
            ).format(value=value),
        )
    if lowered == "board" and not (value.isascii() and value.isdigit()):
        raise PBNError(
            name,
            _("{name} is the board's number: digits, such as '7', got {value!r}").format(
                name=name, value=value
            ),
        )


def _tag(name: str, value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def to_pbn(deal: Deal, /, **tags: str) -> str:
    """One Contract Bridge deal as PBN text (the tags and sections of the module docstring).

    Extra ``tags`` (``Event="Club night"``, ``Board="7"``) are written first, in the order
    given, their values escaped as PBN says; the tags PBN cannot hold, or that other programs
    would read as something else, are refused with a :class:`PBNError` naming the tag (the
    list is in the module docstring) and nothing is written. Several boards make one file
    when their texts are joined with an empty line: ``"\\n".join(to_pbn(d) for d in deals)``.
    """
    if not isinstance(deal, Deal):
        raise CardlibTypeError(
            _("to_pbn writes a bridge.Deal, got {deal!r}").format(deal=deal), "type"
        )
    for name, value in tags.items():
        _check_tag(name, value)
    auction = deal.auction
    first = auction.first_seat  # PBN's dealer: under the Laws the dealer calls first
    lines = [_tag(name, value) for name, value in tags.items()]
    lines.append(_tag("Dealer", _letter(first)))
    if deal.first_caller == "left":
        lines.append(_tag(HOUSE_TAG, _letter(deal.dealer)))
    lines.append(_tag("Vulnerable", "None"))
    lines.append(_tag("Deal", _deal_tag(deal, first)))
    contract = deal.contract
    if contract is not None:
        lines.append(_tag("Declarer", _letter(_declarer(contract))))
        lines.append(_tag("Contract", f"{contract.bid}{'X' * contract.doubled}"))
        if deal.is_over:
            lines.append(_tag("Result", str(deal.declarer_tricks)))
    elif deal.passed_out:
        lines.append(_tag("Contract", "Pass"))
    lines.append(_tag("Auction", _letter(first)))
    calls = [_pbn_call(call) for call in auction.calls]
    lines.extend(" ".join(calls[i : i + 4]) for i in range(0, len(calls), 4))
    if contract is not None:
        leader = (_declarer(contract) + 1) % 4
        lines.append(_tag("Play", _letter(leader)))
        tricks = [(t.seats, t.cards) for t in deal.tricks]
        if deal.trick:
            tricks.append((deal.trick_seats, deal.trick))
        for seats, cards in tricks:
            by_seat = dict(zip(seats, cards, strict=True))
            row = [by_seat.get((leader + i) % 4) for i in range(4)]
            lines.append(" ".join("-" if card is None else _pbn_card(card) for card in row))
    return "\n".join(lines) + "\n"


# ----- reading ---------------------------------------------------------------


@dataclass
class _Tag:
    """A tag as read: its value (unescaped) and the tokens of its section."""

    value: str
    data: list[str] = field(default_factory=list)


def _games(text: str) -> list[tuple[dict[str, _Tag], list[str]]]:
    """Each board of ``text``: its tags by name (in the file's order) and its notes."""
    games: list[tuple[dict[str, _Tag], list[str]]] = []
    tags: dict[str, _Tag] = {}
    notes: list[str] = []
    current: _Tag | None = None
    in_comment = False
    text = text.removeprefix("\ufeff")  # the byte order mark some editors put before UTF-8

    def end_game() -> None:
        nonlocal tags, notes, current
        if tags or notes:
            games.append((tags, notes))
        tags, notes, current = {}, [], None

    for number, line in enumerate(_LINES.split(text), 1):
        at = 0
        if in_comment:
            close = line.find("}")
            if close < 0:
                continue  # the whole line is inside a {…} comment
            in_comment, at = False, close + 1
        elif not line.strip():
            end_game()
            continue
        elif line.startswith("%"):
            continue  # a directive (% PBN 2.1, % EXPORT …): nothing of the deal
        while at < len(line):
            char = line[at]
            if char.isspace():
                at += 1
            elif char == ";":
                break  # a comment to the end of the line
            elif char == "{":
                close = line.find("}", at + 1)
                if close < 0:
                    in_comment = True
                    break
                at = close + 1
            elif char == "[":
                pair = _TAG_PAIR.match(line, at)
                if pair is None:
                    raise PBNError(
                        "?",
                        _('line {number}: a tag is [Name "value"], got {line!r}').format(
                            number=number, line=line
                        ),
                    )
                name, value = pair.group(1), _ESCAPE.sub(r"\1", pair.group(2))
                if not _TAG_NAME.match(name):
                    raise PBNError(
                        name,
                        _(
                            "line {number}: a tag name is letters, digits and _, starting "
                            "with a letter, got {name!r}"
                        ).format(number=number, name=name),
                    )
                at = pair.end()
                if name == "Note":
                    notes.append(value)
                    current = _Tag(value)  # a note has no section: its tokens are dropped
                    continue
                if name in tags:
                    raise PBNError(name, _("given twice in one board"))
                if value == "#":
                    before = games[-1][0].get(name) if games else None
                    if before is None:
                        raise PBNError(
                            name,
                            _("'#' repeats the value of the board before, which has none"),
                        )
                    current = _Tag(before.value, list(before.data))
                else:
                    current = _Tag(value)
                tags[name] = current
            else:
                token = (_STRING if char == '"' else _WORD).match(line, at)
                if token is None:
                    raise PBNError(
                        "?",
                        _("line {number}: a string not closed on its line: {line!r}").format(
                            number=number, line=line
                        ),
                    )
                if current is None:
                    raise PBNError(
                        "?",
                        _("line {number}: {token!r} is outside any tag").format(
                            number=number, token=token.group(0)
                        ),
                    )
                current.data.append(token.group(0))
                at = token.end()
    if in_comment:
        raise PBNError("?", _("a {…} comment is not closed before the end of the text"))
    end_game()
    return games


def _seat(tag: str, value: str) -> int:
    letter = value.strip().upper()
    if letter not in _SEAT_NUMBER:
        raise PBNError(tag, _("a seat N, E, S or W, got {value!r}").format(value=value))
    return _SEAT_NUMBER[letter]


def _read_hands(value: str) -> list[list[Card]]:
    first_text, _colon, rest = value.partition(":")
    first = _seat("Deal", first_text)
    hands_text = rest.split()
    if len(hands_text) != 4:
        raise PBNError(
            "Deal",
            _("four hands after the first seat, got {count}").format(count=len(hands_text)),
        )
    hands: list[list[Card]] = [[] for _seat_number in range(4)]
    for i, hand in enumerate(hands_text):
        suits = hand.split(".")
        if len(suits) != 4:
            raise PBNError(
                "Deal",
                _("a hand is spades.hearts.diamonds.clubs, got {hand!r}").format(hand=hand),
            )
        for suit, ranks in zip(SUITS, suits, strict=True):
            for rank in ranks:
                try:
                    hands[(first + i) % 4].append(parse_card(rank + suit))
                except CardlibError:
                    raise PBNError(
                        "Deal",
                        _("{rank!r} is not a rank in {hand!r}").format(rank=rank, hand=hand),
                    ) from None
    return hands


def _is_note(token: str) -> bool:
    return len(token) > 1 and token.startswith("=") and token.endswith("=")


def _read_calls(tokens: list[str]) -> list[str]:
    calls = []
    for token in tokens:
        if _is_note(token):
            continue
        if token.upper() == "AP":
            calls.extend(["P"] * 3)
            continue
        if token in ("*", "+", "-"):
            break
        try:
            calls.append(parse_call(token))
        except CardlibError:
            raise PBNError("Auction", _("{token!r} is not a call").format(token=token)) from None
    return calls


def _dealer_and_rule(found: dict[str, _Tag]) -> tuple[int, FirstCaller]:
    """The dealer and the first-caller rule the tags tell."""
    auction = found["Auction"].value.strip() if "Auction" in found else ""
    first = _seat("Auction", auction) if auction else None
    if HOUSE_TAG in found:
        dealer = _seat(HOUSE_TAG, found[HOUSE_TAG].value)
        left = (dealer + 1) % 4
        for tag in ("Dealer", "Auction"):
            if tag in found and found[tag].value.strip() and _seat(tag, found[tag].value) != left:
                raise PBNError(
                    tag,
                    _(
                        "{house} says the dealer is {dealer}, whose left ({left}) calls first "
                        "and is the dealer for other programs, got {value!r}"
                    ).format(
                        house=HOUSE_TAG,
                        dealer=_letter(dealer),
                        left=_letter(left),
                        value=found[tag].value,
                    ),
                )
        return dealer, "left"
    if "Dealer" in found:
        dealer = _seat("Dealer", found["Dealer"].value)
    elif first is not None:
        dealer = first  # PBN's own convention: the dealer calls first
    else:
        raise PBNError("Dealer", _("missing, and no Auction to tell it"))
    if first is None or first == dealer:
        return dealer, "dealer"  # PBN follows the Laws unless cardlib's own tag says otherwise
    if first == (dealer + 1) % 4:
        return dealer, "left"  # as cardlib wrote before it had its own tag
    raise PBNError("Auction", _("the first caller is the dealer or the dealer's left"))


def _board(found: dict[str, _Tag], notes: list[str]) -> PBNBoard:
    if "Deal" not in found:
        raise PBNError("Deal", _("missing: the hands are needed"))
    hands = _read_hands(found["Deal"].value)
    dealer, first_caller = _dealer_and_rule(found)
    try:
        deal = Deal.from_hands(hands, dealer, (), first_caller)
    except (CardlibError, ValueError) as error:
        raise PBNError("Deal", str(error)) from None
    for call in _read_calls(found["Auction"].data if "Auction" in found else []):
        try:
            deal.call(call)
        except CardlibError as error:
            raise PBNError("Auction", str(error)) from None
    _check_contract(deal, found)
    if "Play" in found:
        _play(deal, found["Play"])
    result = found["Result"].value.strip() if "Result" in found else ""
    if deal.is_over and result not in ("", "?") and result != str(deal.declarer_tricks):
        raise PBNError(
            "Result",
            _("the play gives {tricks} tricks to declarer, the tag says {given}").format(
                tricks=deal.declarer_tricks, given=result
            ),
        )
    tags = {name: tag.value for name, tag in found.items() if name not in DEAL_TAGS}
    return PBNBoard(deal, tags, tuple(notes))


def read_pbn(text: str) -> list[PBNBoard]:
    """Every board of PBN ``text``, in order (an empty list for a text of none).

    Each board's deal is read from ``Dealer`` (and cardlib's ``CardlibDealer``), ``Deal``,
    ``Auction`` and ``Play``, played through the rules (``Contract``, ``Declarer`` and
    ``Result`` are checked against what the auction and the play give); ``Vulnerable`` is
    not read (the simplified game has none). Bad text raises a :class:`PBNError` (a
    ``CardlibError``) naming the tag, and the board in a text of several.
    """
    if not isinstance(text, str):
        raise CardlibTypeError(
            _("PBN is text (the argument text), got {text!r}").format(text=text), "type"
        )
    games = _games(text)
    boards = []
    for number, (found, notes) in enumerate(games, 1):
        try:
            boards.append(_board(found, notes))
        except PBNError as error:
            if len(games) == 1:
                raise
            raise PBNError(error.tag, error.message, number) from None
    return boards


def from_pbn(text: str) -> Deal:
    """The Contract Bridge deal of PBN ``text`` of one board, played through the rules.

    Reads as :func:`read_pbn` does (its other tags are in ``read_pbn(text)[0].tags``). A text
    of several boards is refused, naming how many, rather than read in part: read it with
    :func:`read_pbn`. Bad text raises a :class:`PBNError` (a ``CardlibError``) naming the tag.
    """
    if not isinstance(text, str):
        raise CardlibTypeError(
            _("PBN is text (the argument text), got {text!r}").format(text=text), "type"
        )
    boards = read_pbn(text)
    if not boards:
        raise PBNError("Deal", _("missing: the hands are needed"))
    if len(boards) > 1:
        raise PBNError(
            "Deal",
            _(
                "the text holds {count} boards and from_pbn reads one: "
                "read_pbn(text) reads them all"
            ).format(count=len(boards)),
        )
    return boards[0].deal


def _check_contract(deal: Deal, found: dict[str, _Tag]) -> None:
    contract = deal.contract
    given = found["Contract"].value.strip().upper() if "Contract" in found else ""
    if given not in ("", "?") and deal.auction.is_over:
        made = "PASS" if contract is None else f"{contract.bid}{'X' * contract.doubled}"
        if given != made:
            raise PBNError(
                "Contract",
                _("the auction gives {made}, the tag says {given}").format(made=made, given=given),
            )
    declarer = found["Declarer"].value.strip() if "Declarer" in found else ""
    if (
        contract is not None
        and declarer not in ("", "?")
        and _seat("Declarer", declarer) != _declarer(contract)
    ):
        raise PBNError(
            "Declarer",
            _("the auction gives {seat}, the tag says {given}").format(
                seat=_letter(_declarer(contract)), given=declarer
            ),
        )


def _play(deal: Deal, tag: _Tag) -> None:
    contract = deal.contract
    if contract is None:
        if tag.data:
            raise PBNError("Play", _("cards played without a contract"))
        return
    leader = _seat("Play", tag.value)
    if leader != (_declarer(contract) + 1) % 4:
        raise PBNError("Play", _("the opening leader is declarer's left"))
    trick: list[str] = []
    for token in tag.data:
        if _is_note(token):
            continue
        if token == "*" and not trick:
            return  # a claim: the rest is not played
        trick.append(token)
        if len(trick) == 4:
            if not _play_trick(deal, leader, trick):
                return
            trick = []
    if trick:
        raise PBNError(
            "Play",
            _("a trick is four columns, got {trick!r}").format(trick=" ".join(trick)),
        )


def _play_trick(deal: Deal, leader: int, tokens: list[str]) -> bool:
    """Play one trick's columns; False where a column says the play stops (``-`` …)."""
    by_seat = {(leader + i) % 4: token for i, token in enumerate(tokens)}
    for _card in range(4):
        seat = deal.hand_to_play
        if seat is None:
            raise PBNError(
                "Play",
                _("{trick!r}: the deal is over, no more cards are played").format(
                    trick=" ".join(tokens)
                ),
            )
        token = by_seat[seat]
        if token in ("-", "*", "+"):
            return False
        try:
            deal.play(parse_card(token[1:] + token[:1]))
        except CardlibError as error:
            raise PBNError("Play", _("{token}: {error}").format(token=token, error=error)) from None
    return True
