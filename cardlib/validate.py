"""One check at the public edge: the shared validators every public entry point calls.

Every public function and method of the engine, the matches, the position text, the puzzles
and the coach checks its arguments before it does anything, with these few validators (and
the game-specific ones on the game classes of the registry, :class:`cardlib.facts.Game`:
``check_call``, ``max_cards``, ``check_ending``), so that bad input is refused the same way
everywhere: with the project's error (:mod:`cardlib.errors`), in the learner's language,
naming the argument, what it got and what is accepted, and with the state unchanged.

============================  ==================================================================
validator                     refuses
============================  ==================================================================
:func:`check_flag`            anything but ``True`` or ``False`` for a switch (``"no"`` is not
                              false, ``1`` is not true)
:func:`check_seat`            anything but a seat number ``0 .. players - 1`` (``True`` is not
                              seat 1, ``1.0`` is not a seat)
:func:`check_count`           anything but a whole number in a range (``True``, ``1.5``, ``"3"``)
:func:`check_choice`          a word that is not one of the accepted ones
:func:`check_list`            a value that is not a list or tuple (a string is not a list of
                              calls)
:func:`check_call`            a call or bid that is a card (a ``Card`` is an ``int``), a
                              ``bool``, a ``float``, out of the game's range or above the cards
                              each hand holds
:func:`check_hand`            a hand that is not cards, holds a card twice, or holds fewer or
                              more cards than a hand can
:func:`check_trick_counts`    counts of tricks taken that are not whole numbers 0 or more, one
                              for each number of tricks, adding up to at least one
============================  ==================================================================

They run at the public edge only: the coach plays millions of cards through the engine's
``_``-prefixed internals and :mod:`cardlib.coach.fast`'s masks, which trust what the edge
let in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeGuard, TypeVar

from cardlib.cards import Card, parse_card, parse_cards
from cardlib.errors import (
    CallTypeError,
    CardlibError,
    CardlibTypeError,
    IllegalCallError,
    PositionError,
)
from cardlib.i18n import _

__all__ = [
    "check_call",
    "check_choice",
    "check_count",
    "check_flag",
    "check_hand",
    "check_list",
    "check_seat",
    "check_trick_counts",
    "is_count",
]

_T = TypeVar("_T")


def is_count(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number: an ``int``, but not a ``bool`` and not a
    :class:`~cardlib.cards.Card` (a card is an ``int``, its index, and no count of anything)."""
    return isinstance(value, int) and not isinstance(value, (bool, Card))


def check_count(
    value: object, what: str, low: int, high: int | None = None, message: str | None = None
) -> int:
    """``value`` itself if it is a whole number from ``low`` to ``high`` (no upper bound when
    ``None``; ``True`` and ``1.0`` are not whole numbers); otherwise a
    :class:`~cardlib.errors.CardlibTypeError` (not a whole number) or a
    :class:`~cardlib.errors.CardlibError` (out of range), in the learner's language, saying
    what ``what`` (the argument's name) must be, or saying ``message`` (formatted with
    ``value``).

    >>> check_count(3, "samples", 1)
    3
    """
    if is_count(value) and value >= low and (high is None or value <= high):
        return value
    # ``what`` and ``message`` come marked with N_ (or already translated): translated here.
    if message is not None:
        text = _(message).format(value=value)
    elif high is None:
        text = _("{what} must be a whole number {low} or more, got {value!r}").format(
            what=_(what), low=low, value=value
        )
    else:
        text = _("{what} must be a whole number from {low} to {high}, got {value!r}").format(
            what=_(what), low=low, high=high, value=value
        )
    if not is_count(value):
        raise CardlibTypeError(text, "type")
    raise CardlibError(text, "range")


def check_flag(value: object, name: str) -> bool:
    """``value`` itself if it is ``True`` or ``False``; anything else (``"no"``, ``1``,
    ``None``) is a :class:`~cardlib.errors.CardlibTypeError`: a string would read as true.

    >>> check_flag(False, "is_dealer")
    False
    """
    if value is True or value is False:
        return value
    raise CardlibTypeError(
        _("{name} is a switch, True or False, got {value!r}").format(name=name, value=value),
        "switch",
    )


def check_seat(value: object, players: int = 4, name: str = "seat") -> int:
    """``value`` itself if it is a seat number ``0 .. players - 1``; a ``bool``, a ``float``
    or text is a :class:`~cardlib.errors.CardlibTypeError`, a number off the table a
    :class:`~cardlib.errors.CardlibError` (rule ``seat``)."""
    if is_count(value) and 0 <= value < players:
        return value
    error = CardlibError if is_count(value) else CardlibTypeError
    if name == "dealer":
        message = _("dealer must be a seat number 0..{last}, got {seat!r}")
    elif name == "seat":
        message = _("seat must be a seat number 0..{last}, got {seat!r}")
    else:
        message = _("{name} must be a seat number 0..{last}, got {seat!r}")
    raise error(message.format(name=name, last=players - 1, seat=value), "seat")


def check_choice(value: object, name: str, choices: Iterable[_T]) -> _T:
    """``value`` itself if it is one of ``choices`` (compared by equality, so an unhashable
    value is refused like any other); otherwise a :class:`~cardlib.errors.CardlibError`
    (a :class:`~cardlib.errors.CardlibTypeError` when it is not even of their type)."""
    accepted = list(choices)
    # Of a choice's type (a str subclass is text), but True is not the choice 1.
    kinds = tuple({type(choice) for choice in accepted})
    of_a_kind = isinstance(value, kinds) and (bool in kinds or not isinstance(value, bool))
    for choice in accepted:
        if of_a_kind and value == choice:
            return choice
    error = CardlibError if of_a_kind else CardlibTypeError
    raise error(
        _("{name} must be one of {accepted}, got {value!r}").format(
            name=name, accepted=", ".join(map(str, accepted)), value=value
        ),
        "choice",
    )


def check_list(value: object, name: str) -> Sequence[object]:
    """``value`` itself if it is a list or tuple (a sequence, not text); otherwise a
    :class:`~cardlib.errors.CardlibTypeError` (a string would be read a letter at a time)."""
    if isinstance(value, Sequence) and not isinstance(value, (str, bytes, bytearray)):
        return value
    raise CardlibTypeError(
        _("{name} must be a list, got {value!r}").format(name=name, value=value), "type"
    )


def _is_card_text(value: object) -> bool:
    if not isinstance(value, str):
        return False
    try:
        parse_card(value)
    except CardlibError:
        return False
    return True


def check_call(
    value: object,
    low: int,
    high: int,
    range_refusal: Callable[[], str],
    word: str = "call",
    cards: int | None = None,
    rule: str = "call-range",
) -> int:
    """``value`` as an ``int`` if it is a whole number of tricks from ``low`` to ``high`` and no
    more than the ``cards`` each hand holds (when given); otherwise refused, the state
    unchanged:

    - a card (a :class:`~cardlib.cards.Card` is an ``int``, so it would read as a number of
      tricks; or text like ``"KH"``): a :class:`~cardlib.errors.CallTypeError` saying that
      the calls come first;
    - a ``bool``, a ``float``, anything but an ``int``: a ``CallTypeError`` with the game's
      own ``range_refusal`` (a function giving its sentence, called only to refuse);
    - a number out of the range: an :class:`~cardlib.errors.IllegalCallError` saying it;
    - more tricks than the cards held: an ``IllegalCallError`` saying how many are held.

    ``word`` is the game's word, ``"call"`` or ``"bid"``.
    """
    if type(value) is int and low <= value <= high and (cards is None or value <= cards):
        return value
    if isinstance(value, Card) or _is_card_text(value):
        card = value if isinstance(value, Card) else parse_card(value)  # type: ignore[arg-type]
        most = high if cards is None else min(high, cards)
        message = (
            _("{card} is a card, not a bid: bids come first, each a whole number of tricks from "
              "{low} to {high}")
            if word == "bid"
            else _("{card} is a card, not a call: calls come first, each a whole number of "
                   "tricks from {low} to {high}")
        )  # fmt: skip
        raise CallTypeError(message.format(card=card, low=low, high=most), rule)
    if not is_count(value):
        raise CallTypeError(range_refusal(), rule)
    if not low <= value <= high:
        raise IllegalCallError(range_refusal(), rule)
    if cards is not None and value > cards:
        message = (
            _("a bid of {call} is more tricks than the {cards} cards each hand holds: bid at "
              "most {cards}")
            if word == "bid"
            else _("a call of {call} is more tricks than the {cards} cards each hand holds: "
                   "call at most {cards}")
        )  # fmt: skip
        raise IllegalCallError(message.format(call=value, cards=cards), rule)
    return int(value)


def check_hand(hand: object, name: str = "hand", least: int = 1, most: int = 13) -> list[Card]:
    """The cards of ``hand`` (cards, or text like ``"AS KS 3H"``) if it holds ``least`` to
    ``most`` cards, none twice; else a :class:`~cardlib.errors.PositionError` (a hand of 14
    cards, or an empty one where a card is to be played, cannot be) or the card's own
    error for what is not a card."""
    cards = parse_cards(hand)  # type: ignore[arg-type]  # what is not cards is refused there
    if len(set(cards)) != len(cards):
        twice = sorted({c for c in cards if cards.count(c) > 1})
        raise PositionError(
            _("a hand holds the same card twice ({cards}): each card is in the deck once").format(
                cards=", ".join(map(str, twice))
            )
        )
    if not least <= len(cards) <= most:
        raise PositionError(
            _("{name} must hold {least} to {most} cards, got {count}").format(
                name=name, least=least, most=most, count=len(cards)
            ),
            "hand-size",
        )
    return cards


def check_trick_counts(counts: object, name: str = "trick_counts", most: int = 13) -> list[int]:
    """How often each number of tricks ``0 .. most`` was taken, as a list of ``most + 1``
    counts: from a list of the counts for 0, 1, 2 … tricks (up to ``most + 1`` of them, the
    missing ones 0), or from a dict of tricks to counts. Each count is a whole number 0 or
    more and they add up to one sample at least; anything else is refused."""
    accepted = _(
        "{name} gives how often 0 to {most} tricks were taken: a list of up to {length} whole "
        "numbers 0 or more, or a dict from tricks to such numbers, got {value!r}"
    ).format(name=name, most=most, length=most + 1, value=counts)
    if isinstance(counts, Mapping):
        if not all(is_count(t) and 0 <= t <= most for t in counts):
            raise CardlibError(accepted, "samples")
        by_tricks = [counts.get(t, 0) for t in range(most + 1)]
    elif isinstance(counts, Sequence) and not isinstance(counts, (str, bytes, bytearray)):
        if not 1 <= len(counts) <= most + 1:
            raise CardlibError(accepted, "samples")
        by_tricks = [*counts, *[0] * (most + 1 - len(counts))]
    else:
        raise CardlibTypeError(accepted, "samples")
    if not all(is_count(n) for n in by_tricks):
        raise CardlibTypeError(accepted, "samples")
    if any(n < 0 for n in by_tricks):
        raise CardlibError(accepted, "samples")
    if sum(by_tricks) == 0:
        raise CardlibError(_("no samples: the counts of tricks taken add up to 0"), "samples")
    return by_tricks
