"""A position of any game of the registry (:mod:`cardlib.games`) as one line of text, and back.

As python-chess writes a board as FEN, a deal (or round) of any game is written as one
line: six fields separated by spaces, the parts of a field by slashes. The text holds the
hands as they are *now* and everything played so far, so it can be read back into the same
state (:func:`from_text`), which then plays on exactly as the original would::

    game dealer hands calls play [@seat]

==========  ==========================================================================
field       what it holds
==========  ==========================================================================
``game``    the game's key (its module's name), then its options, each after a slash:
            ``callbreak`` with any of ``old`` (old scoring), ``min2``, ``nolead`` (no
            spade lead to the first trick), ``free`` (free discard), ``cap8``,
            ``redeal-spade``, ``redeal-face``, ``anti`` (anticlockwise), in that order;
            ``callbridge`` (no options); ``judgement/r3`` (round 3 of the schedule) or,
            for a round from given hands, ``judgement/C`` (its trump; ``NT`` for none)
            and ``/blind`` for a blind one; ``bridge``, or ``bridge/dealer-first`` when
            the dealer calls first (the Laws)
``dealer``  the dealer's seat: a number (``0`` is South), in Bridge a letter ``N E S W``
``hands``   every hand now, seat 0 first, slash-separated; a hand is its spades,
            hearts, diamonds and clubs, high to low, separated by dots (PBN's form, ``T``
            for ten): ``AKQ.JT9.876.5432``; ``...`` is an empty hand. A hand the viewer
            cannot see is ``?`` and its number of cards: ``?13``
``calls``   the calls (bids; Bridge: the auction) made so far, in the order they were
            made from the first caller, slash-separated: ``3/4/2/5``,
            ``1H/P/2H/P/P/P``; ``-`` for none
``play``    the cards played so far, in order, one trick after another: each trick its
            cards' two-letter codes run together, tricks slash-separated:
            ``QH3HKH2H/AS2S``; ``-`` for none. Who played each card follows from the
            rules (the first caller, or declarer's left, leads; a trick's winner leads
            the next)
``@seat``   only in a position as one seat sees it (:func:`to_text` with ``seat``):
            that seat; the hands it cannot see are ``?`` and a count
==========  ==========================================================================

>>> from cardlib import callbreak
>>> deal = callbreak.Deal.from_hands(
...     ["AS KS 2H", "QS 3H 4H", "JS 5H 6H", "TS 7H 8H"], dealer=3, calls=[1, 1, 1, 1])
>>> deal.play("AS")
>>> to_text(deal)
'callbreak 3 K.2../Q.43../J.65../T.87.. 1/1/1/1 AS'
>>> from_text(to_text(deal)) == deal
True
>>> to_text(deal, seat=1)
'callbreak 3 ?2/Q.43../?3/?3 1/1/1/1 AS @1'

**A match** is written as a header, the game's name and the match's own options
(``callbreak/deals=5``, ``callbridge/target=30``, ``judgement``, ``bridge/target=100``), then
the position of every deal so far, each after a ``|`` with a space either side;
:func:`from_text` gives the match back, its totals, phase and current deal the same. The
shuffle of the deals to come is not part of a position (FEN does not hold the moves to come
either): a match read back deals its next hands from a stream seeded by the text. A match as
one seat sees it is the current deal as that seat sees it.

:func:`from_text` of a whole position gives the deal (a ``Deal``, or Judgement's
``Round``), checked by playing it through the game's rules, so a position that could not
have arisen (an illegal card, a card twice, a wrong call) is refused; of a position as one
seat sees it, it gives that seat's :class:`~cardlib.game.SeatView`. Bad text raises a
:class:`~cardlib.errors.CardlibError` that names the field (rule ``position``).

Each game writes and reads its own parts of the text, its options, dealer and calls, through
the ``text_`` facts of its class (:class:`cardlib.facts.Game`); so a new game in the registry
has a position text with nothing changed here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardlib import games
from cardlib._position_text import facts_of, write, write_match
from cardlib.cards import DECK, RANK_CHARS, SUITS, Card, parse_card
from cardlib.errors import CardlibError
from cardlib.facts import Game
from cardlib.game import PLAYING, SeatView, TrickDeal
from cardlib.i18n import _
from cardlib.match import TrickMatch
from cardlib.tricks import winner_index

__all__ = ["FIELDS", "from_text", "to_text"]

#: The fields of a position text, in order (the viewer's ``@seat`` is optional).
FIELDS = ("game", "dealer", "hands", "calls", "play", "@seat")


class PositionError(CardlibError):
    """Text that is not a position: the message names the field that is wrong."""

    def __init__(self, field: str, message: str):
        super().__init__(
            _("position text, field {field}: {message}").format(field=field, message=message),
            "position",
        )
        self.field = field


# ----- writing ---------------------------------------------------------------


def to_text(deal: TrickDeal | TrickMatch, seat: int | None = None) -> str:
    """The position of ``deal`` as one line (the grammar is in this module's docstring).

    With ``seat``, only what that seat sees: the hands it cannot see become ``?`` and their
    number of cards, and the text ends ``@seat``. A match is written as its current deal.
    """
    if isinstance(deal, TrickMatch):
        if seat is None:
            return write_match(deal)
        deal = deal.deal
    if not isinstance(deal, TrickDeal):
        raise CardlibError(
            _("to_text: a deal, round or match of a game of cardlib.games, got {value!r}").format(
                value=deal
            ),
            "position",
        )
    return write(deal, seat)


# ----- reading ---------------------------------------------------------------


def _game(key: str, field: str) -> type[Game]:
    """The registry's game whose key the text names (``field``: where, for the error)."""
    for game in games.GAMES.values():
        if game.key == key:
            return game
    raise PositionError(
        field,
        _(
            "a game of {games}, each option after a slash (callbreak/free, judgement/r3, "
            "bridge/dealer-first …), got {key!r}"
        ).format(games=", ".join(games.GAMES), key=key),
    )


def _parse_game(field: str) -> tuple[type[Game], dict[str, Any]]:
    """The game and its options (:meth:`~cardlib.facts.Game.text_options`), from the ``game``
    field."""
    key, *words = field.split("/")
    game = _game(key, "game")
    try:
        return game, game.text_options(words)
    except CardlibError as error:
        raise PositionError("game", str(error)) from None


def _parse_hand(text: str, who: int) -> int:
    """A hand's mask from ``AKQ.JT9.876.5432``; a hidden ``?13`` gives ``-13`` (its size)."""
    if text.startswith("?"):
        count = text[1:]
        if not count.isdigit() or not count.isascii():
            raise PositionError(
                "hands",
                _("a hidden hand is ? and its number of cards, got {text!r}").format(text=text),
            )
        return -int(count) - 1  # negative: hidden; -1 is an empty hidden hand
    suits = text.split(".")
    if len(suits) != 4:
        raise PositionError(
            "hands",
            _(
                "seat {seat}'s hand is four suits (spades.hearts.diamonds.clubs), got {text!r}"
            ).format(seat=who, text=text),
        )
    mask = 0
    for suit, ranks in enumerate(suits):
        for rank in ranks:
            value = RANK_CHARS.find(rank)
            if value < 0 or not rank.isascii():
                raise PositionError(
                    "hands",
                    _("seat {seat}: {rank!r} is not a rank (2-9, T, J, Q, K, A)").format(
                        seat=who, rank=rank
                    ),
                )
            bit = 1 << (13 * suit + value)
            if mask & bit:
                raise PositionError(
                    "hands",
                    _("seat {seat} holds {card} twice").format(
                        seat=who, card=DECK[13 * suit + value]
                    ),
                )
            mask |= bit
    return mask


def _parse_play(field: str) -> list[list[Card]]:
    if field == "-":
        return []
    tricks = []
    for text in field.split("/"):
        if not text or len(text) % 2:
            raise PositionError(
                "play", _("a trick is its cards' two-letter codes, got {text!r}").format(text=text)
            )
        try:
            tricks.append([parse_card(text[i : i + 2]) for i in range(0, len(text), 2)])
        except CardlibError as error:
            raise PositionError("play", str(error)) from None
    return tricks


def _seats_of_play(
    tricks: Sequence[Sequence[Card]], leader: int, players: int, direction: int, trump: str | None
) -> list[list[int]]:
    """Who played each card: seats in the direction of play from each trick's leader."""
    trump_index = -1 if trump is None else SUITS.index(trump)
    seats = []
    for number, trick in enumerate(tricks):
        if len(trick) > players or (len(trick) < players and number < len(tricks) - 1):
            raise PositionError(
                "play",
                _("trick {number} has {count} cards; a trick has {players}").format(
                    number=number + 1, count=len(trick), players=players
                ),
            )
        order = [(leader + direction * i) % players for i in range(len(trick))]
        seats.append(order)
        if len(trick) == players:
            leader = order[winner_index([int(card) for card in trick], trump_index)]
    return seats


def from_text(text: str) -> TrickDeal | TrickMatch | SeatView:
    """The deal (or round) a position text describes, or, for a text ending ``@seat``, what
    that seat sees of it (a :class:`~cardlib.game.SeatView`).

    The text is read and then played through the game's rules from the hands as dealt (the
    hands now plus the cards played), so the result is the same state that was written:
    ``from_text(to_text(deal)) == deal``. Bad text raises a ``CardlibError`` naming the field.
    Each game reads its own parts (its options, dealer, calls, first trick: the ``text_``
    facts of :class:`cardlib.facts.Game`), so every game of the registry reads back.
    """
    if not isinstance(text, str):
        raise PositionError(
            "game", _("a position is a line of text, got {text!r}").format(text=text)
        )
    if "|" in text:
        return _match_from_text(text)
    fields = text.split()
    seat = None
    if len(fields) == 6 and fields[5].startswith("@"):
        seat = fields.pop()[1:]
    if len(fields) != 5:
        raise PositionError(
            "game",
            _("a position has the fields {fields} (the last optional), got {text!r}").format(
                fields=" ".join(FIELDS), text=text
            ),
        )
    game_field, dealer_field, hands_field, calls_field, play_field = fields
    game, options = _parse_game(game_field)
    held = [_parse_hand(hand, who) for who, hand in enumerate(hands_field.split("/"))]
    players = len(held)
    if players not in game.players:
        low, high = min(game.players), max(game.players)
        message = (
            _("{game} is played by {low}, got {players} hands")
            if low == high
            else _("{game} is played by {low} to {high}, got {players} hands")
        )
        raise PositionError(
            "hands", message.format(game=_(game.name), low=low, high=high, players=players)
        )
    try:
        dealer = game.dealer_from_text(dealer_field, players)
    except CardlibError as error:
        raise PositionError("dealer", str(error)) from None
    viewer = None
    if seat is not None:
        if not seat.isdigit() or not seat.isascii() or int(seat) >= players:
            raise PositionError(
                "@seat", _("the viewer is @ and a seat 0..{last}").format(last=players - 1)
            )
        viewer = int(seat)
    calls = [] if calls_field == "-" else calls_field.split("/")
    tricks = _parse_play(play_field)
    deal = _replay(game, options, dealer, held, calls, tricks, viewer)
    if viewer is None:
        return deal
    seen = deal._seen_by(viewer)
    for who, mask in enumerate(held):
        if (mask >= 0) != (who in seen):
            message = (
                _("seat {viewer} sees seat {seat}'s hand now: write it out")
                if who in seen
                else _(
                    "seat {viewer} cannot see seat {seat}'s hand now: write it as ? and its "
                    "number of cards"
                )
            )
            raise PositionError("hands", message.format(viewer=viewer, seat=who))
    return deal.visible_to(viewer)


def _replay(
    game: type[Game],
    options: dict[str, Any],
    dealer: int,
    held: list[int],
    calls: list[str],
    tricks: list[list[Card]],
    viewer: int | None,
) -> TrickDeal:
    """The deal the fields describe, played through the rules from the hands as dealt."""
    players = len(held)
    try:
        leader, direction, trump = game.text_first_trick(options, dealer, players, calls)
    except CardlibError as error:
        raise PositionError("calls", str(error)) from None
    seats = _seats_of_play(tricks, leader, players, direction, trump)
    played = [0] * players
    everything_played = 0
    for trick, order in zip(tricks, seats, strict=True):
        for card, who in zip(trick, order, strict=True):
            if everything_played >> card & 1:
                raise PositionError("play", _("{card} is played twice").format(card=card))
            everything_played |= 1 << card
            played[who] |= 1 << card
    hidden = [who for who, mask in enumerate(held) if mask < 0]
    if viewer is None and hidden:
        raise PositionError("hands", _("a hidden hand (?) needs the viewer's @seat at the end"))
    dealt = [mask | played[who] if mask >= 0 else played[who] for who, mask in enumerate(held)]
    for who, mask in enumerate(held):
        if mask >= 0 and mask & played[who]:
            raise PositionError(
                "hands", _("seat {seat} still holds a card it has played").format(seat=who)
            )
    if hidden:
        _fill_hidden(dealt, held, hidden)
    cards_by_seat = [[DECK[i] for i in range(52) if mask >> i & 1] for mask in dealt]
    try:
        deal = game.deal_from_text(cards_by_seat, dealer, options, bool(hidden))
    except (CardlibError, ValueError) as error:
        raise PositionError("hands", str(error)) from None
    for call in calls:
        try:
            deal.call(game.call_from_text(call))
        except CardlibError as error:
            raise PositionError("calls", str(error)) from None
    cards = [card for trick in tricks for card in trick]
    already = len([c for t in deal.tricks for c in t.cards]) + len(deal.trick)  # the blind round
    if cards[:already] != [*(c for t in deal.tricks for c in t.cards), *deal.trick]:
        raise PositionError("play", _("the blind round's trick plays itself: each hand's one card"))
    for card in cards[already:]:
        if deal._phase != PLAYING:
            raise PositionError(
                "play",
                _("{card} is played when nobody plays (the calls are not in)").format(card=card),
            )
        if deal._to_act in hidden:
            # A hidden hand's cards are made up: its real plays were legal, so let them stand
            # (after the engine has read the rules, which a contract may just have set).
            deal._legal_for_turn()
            deal._legal = deal._hands[deal._to_act]
        try:
            deal.play(card)
        except CardlibError as error:
            raise PositionError("play", str(error)) from None
    return deal


def _fill_hidden(dealt: list[int], held: list[int], hidden: list[int]) -> None:
    """Give each hidden hand its number of cards from those nobody can be seen to hold.

    Which cards they are cannot be seen from the viewer's seat, so any will do: the view
    that comes out shows none of them.
    """
    taken = 0
    for mask in dealt:
        taken |= mask
    spare = [i for i in range(52) if not taken >> i & 1]
    for who in hidden:
        count = -held[who] - 1
        if count > len(spare):
            raise PositionError(
                "hands",
                _("seat {seat} cannot hold {count} more cards").format(seat=who, count=count),
            )
        for index in spare[:count]:
            dealt[who] |= 1 << index
        del spare[:count]


# ----- matches -----------------------------------------------------------------


def _match_from_text(text: str) -> TrickMatch:
    """A match from its header and its deals' positions (see the module docstring)."""
    header, *deal_texts = (part.strip() for part in text.split("|"))
    key, *options = header.split("/")
    settings: dict[str, int] = {}
    for option in options:
        name, _equals, value = option.partition("=")
        if name not in ("deals", "target") or name in settings or not value.isdigit():
            raise PositionError(
                "match",
                _("the options are deals=N and target=N, got {option!r}").format(option=option),
            )
        settings[name] = int(value)
    game = _game(key, "match")
    if not deal_texts:
        raise PositionError(
            "match",
            _("a match is its game and options, then | and each deal; got {header!r}").format(
                header=header
            ),
        )
    deals = []
    for number, deal_text in enumerate(deal_texts, 1):
        try:
            deal = from_text(deal_text)
        except PositionError as error:
            raise PositionError(
                "match", _("deal {number}: {error}").format(number=number, error=error)
            ) from None
        if not isinstance(deal, TrickDeal) or facts_of(deal) is not game:
            raise PositionError(
                "match",
                _("deal {number} is not a whole {key} position").format(number=number, key=key),
            )
        deals.append(deal)
    try:
        match = game.match_from_text(deals[0], settings)
    except (CardlibError, ValueError, TypeError) as error:
        raise PositionError("match", str(error)) from None
    direction = deals[0].direction
    for number, deal in enumerate(deals):
        # Each deal is one the match deals at its place: its players, its options (and, where
        # the deals of a match differ, Judgement's round number) as the match would deal them.
        dealer = (match.first_dealer + direction * number) % match.players
        match._deals = deals[:number]
        expected = game.text_game(match._make_deal(0, dealer))
        if deal.players != match.players or game.text_game(deal) != expected:
            raise PositionError(
                "match",
                _(
                    "deal {number} is {game} for {players}; this match deals {wanted} for "
                    "{table} there"
                ).format(
                    number=number + 1,
                    game=game.text_game(deal),
                    players=deal.players,
                    wanted=expected,
                    table=match.players,
                ),
            )
        if deal.dealer != dealer:
            raise PositionError(
                "match",
                _("deal {number}: the deal passes one seat each time").format(number=number + 1),
            )
        match._deals = deals[: number + 1]
        if number < len(deals) - 1 and (deal.phase != "over" or match._finished()):
            raise PositionError(
                "match",
                _("deal {number} is not over, or the match ended there").format(number=number + 1),
            )
    # The shuffle of the deals to come is not part of a position: it is drawn from the text.
    match._rng = random.Random(text)
    return match
