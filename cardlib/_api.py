"""The small helpers that let the four games answer one API (see :mod:`cardlib.games`).

Each game module states its own rules; these helpers only turn the several ways a caller
may give them (a :class:`~cardlib.tricks.PlayRules`, the game's own shorthand, an old
keyword) into one :class:`~cardlib.tricks.PlayRules`, and warn about the old names.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import TypeVar

from cardlib.cards import Card, parse_cards
from cardlib.errors import CardlibError, CardlibTypeError
from cardlib.tricks import MAX_PLAYERS, PlayRules
from cardlib.tricks import trick_winner as _trick_winner


class Unset:
    """The default of an old keyword: tells "not given" from ``None``."""

    def __repr__(self) -> str:
        return "UNSET"


UNSET = Unset()

#: The rules as given, and as given by an old keyword.
RulesT = TypeVar("RulesT")
OldT = TypeVar("OldT")


def warn_renamed(old: str, new: str, stacklevel: int = 3) -> None:
    """Warn that ``old`` is a deprecated name of ``new``, kept for one release (0.2 → 0.3)."""
    warnings.warn(
        f"{old} is deprecated and goes in cardlib 0.3; use {new}",
        DeprecationWarning,
        stacklevel=stacklevel,
    )


def old_keyword(
    rules: RulesT, default: object, old_name: str, old_value: OldT | Unset, function: str
) -> RulesT | OldT:
    """``rules``, or the value given by its deprecated keyword ``old_name`` (with a warning).

    Giving both is refused: the caller cannot mean two sets of rules at once.
    """
    if isinstance(old_value, Unset):  # not given: UNSET
        return rules
    warn_renamed(f"{function}(..., {old_name}=...)", f"{function}(hand, trick, rules)", 4)
    if rules is not default:
        raise CardlibError(
            f"{function}: give the rules once, as rules=..., not both rules and {old_name}",
            "rules",
        )
    return old_value


def refuse_rules(game: str, rules: object, accepted: str) -> CardlibError:
    """The error for a rules value a game does not play by (named field: ``rules``): another
    game's rules are the wrong value (a ``CardlibError``), anything else the wrong type (a
    ``CardlibTypeError``, also a ``TypeError``)."""
    error = CardlibError if isinstance(rules, PlayRules) else CardlibTypeError
    return error(f"rules: {game} takes {accepted}, got {rules!r}", "rules")


def trick_cards(trick: Sequence[Card | str] | str) -> list[Card]:
    """A trick given as cards or as text (``"AH 2S KH 3H"``), as cards."""
    if isinstance(trick, str):
        return parse_cards(trick)
    return [Card(card) for card in trick]


def trump_letter(trump: object) -> str | None:
    """A trump as every game's ``trick_winner`` takes it: a suit letter, or ``None``/``"NT"``."""
    if trump is None or trump == "NT":
        return None
    if isinstance(trump, str) and len(trump) == 1 and trump in "SHDC":
        return trump
    raise CardlibError(
        f"trump: a suit letter S, H, D or C, or None (or 'NT') for no trump, got {trump!r}",
        "trump",
    )


def winner(trick: Sequence[Card | str] | str, trump: object, players: int = MAX_PLAYERS) -> int:
    """Index, in play order, of the card that wins ``trick`` with ``trump`` (checked): a trick
    holds one to ``players`` cards, none twice."""
    return _trick_winner(trick_cards(trick), trump_letter(trump), players)


def spades_only(game: str, trump: object) -> None:
    """Refuse any trump but spades in a game where spades are always trump."""
    if trump_letter(trump) != "S":
        raise CardlibError(f"trump: spades are always trump in {game}, got {trump!r}", "trump")


def follow_any_rules(rules: PlayRules) -> bool:
    """Whether ``rules`` are "follow suit with any card, else any card" (Judgement, Bridge)."""
    return not rules.must_beat and rules.void_rule == "free" and not rules.no_trump_lead_first_trick
