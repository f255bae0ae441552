"""Errors: one family for every refusal.

Every error cardlib raises on bad input is a :class:`CardlibError`, and so also a
``ValueError``; one given a value of the wrong type (``None`` as a hand, a string
as a variant) is a :class:`CardlibTypeError`, which is a ``TypeError`` too. So
``except CardlibError`` catches every refusal, and ``except ValueError`` or
``except TypeError`` catch the ones they name. Each message says what was given
and what is accepted.

==========================  ==================  ==============================================
error                       also a              raised for
==========================  ==================  ==============================================
:class:`CardlibError`       ``ValueError``      any bad input (the base of the family)
:class:`CardlibTypeError`   ``TypeError``       a value of the wrong type
:class:`CardParseError`     ``ValueError``      text that is not a card
:class:`CardTypeError`      ``TypeError``       a card given as something other than text
:class:`PositionError`      ``ValueError``      a position that cannot happen: a card twice,
                                                a trick too long, a card in hand and on table
:class:`IllegalPlayError`   ``ValueError``      a card the rules do not allow, or not held
:class:`IllegalCallError`   ``ValueError``      a call or bid out of range or forbidden
:class:`CallTypeError`      ``TypeError``       a call or bid that is not a whole number: a
                                                card (a ``Card`` is an ``int``), ``True``,
                                                ``1.0`` (an ``IllegalCallError`` too)
:class:`OutOfTurnError`     ``ValueError``      an action by a seat whose turn it is not
:class:`PhaseError`         ``ValueError``      an action in the wrong phase
==========================  ==================  ==============================================

When an action raises one of these the game state is exactly as it was before
the action: every check runs before anything changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeGuard

#: Says an English message in the learner's language. cardlib.i18n, which raises these errors
#: itself (so this module cannot import it), sets it to its ``gettext`` when it is loaded.
translate: Callable[[str], str] = str


class CardlibError(ValueError):
    """Base class of every error cardlib raises on bad input.

    ``rule`` is a short id of the rule broken (``"must-beat"``,
    ``"call-range"``, ``"out-of-turn"`` …); the message says it in words.
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


class CardlibTypeError(CardlibError, TypeError):
    """A value of the wrong type: ``None`` as a hand, a string as a variant, a float as a count."""

    def __init__(self, message: str, rule: str | None = "type") -> None:
        super().__init__(message, rule)


class CardParseError(CardlibError):
    """Text that is not a card."""

    def __init__(self, message: str, rule: str | None = "card-syntax") -> None:
        super().__init__(message, rule)


class CardTypeError(CardParseError, CardlibTypeError):
    """A card given as something other than text, a :class:`~cardlib.cards.Card` or an index."""


class PositionError(CardlibError):
    """A position that cannot happen: a card twice, too many cards in a trick, a card both in
    the hand and on the table."""

    def __init__(self, message: str, rule: str | None = "position") -> None:
        super().__init__(message, rule)


class IllegalPlayError(CardlibError):
    """A card the rules do not allow here, or one the player does not hold."""


class IllegalCallError(CardlibError):
    """A call or bid outside the allowed range, or forbidden by a rule such as the hook."""


class CallTypeError(IllegalCallError, CardlibTypeError):
    """A call or bid given as something other than a whole number of tricks: a card (a
    :class:`~cardlib.cards.Card` is an ``int``, so it would read as a number), ``True``,
    ``1.0``. An ``IllegalCallError`` (and so a ``ValueError``) and a ``TypeError``."""

    def __init__(self, message: str, rule: str | None = "call-range") -> None:
        super().__init__(message, rule)


class OutOfTurnError(CardlibError):
    """An action by a seat whose turn it is not."""


class PhaseError(CardlibError):
    """An action in the wrong phase: playing while calling, anything after the end."""


def is_count(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number (an ``int`` but not a ``bool``)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_count(
    value: object, what: str, low: int, high: int | None = None, message: str | None = None
) -> int:
    """``value`` itself if it is a whole number from ``low`` to ``high`` (no upper bound when
    ``None``); otherwise a :class:`CardlibTypeError` (not a whole number) or a
    :class:`CardlibError` (out of range) saying what ``what`` must be (or saying
    ``message``, formatted with ``value``), in the learner's language: ``what`` is a name of
    the code (``exact_from``) or words marked with :func:`~cardlib.i18n.N_`, and ``message``
    an English sentence marked so too (both are translated only when refused)."""
    if not is_count(value):
        raise CardlibTypeError(_count_text(value, what, low, high, message), "type")
    if value < low or (high is not None and value > high):
        raise CardlibError(_count_text(value, what, low, high, message), "range")
    return value


def _count_text(value: object, what: str, low: int, high: int | None, message: str | None) -> str:
    _ = translate  # the messages below are extracted for the catalogs as _() calls
    if message is not None:
        return _(message).format(value=value)
    if high is not None:
        text = _("{what} must be a whole number from {low} to {high}, got {value!r}")
    else:
        text = _("{what} must be a whole number {low} or more, got {value!r}")
    return text.format(what=_(what), low=low, high=high, value=value)
