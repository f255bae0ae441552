"""The small helpers that let the four games answer one API (see :mod:`cardlib.games`).

Each game module states its own rules; these helpers only turn the ways a caller may give
them (a :class:`~cardlib.tricks.PlayRules`, the game's own shorthand) into one
:class:`~cardlib.tricks.PlayRules`, and refuse the rest alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardlib.cards import Card, parse_cards
from cardlib.errors import CardlibError, CardlibTypeError
from cardlib.i18n import _
from cardlib.tricks import MAX_PLAYERS, PlayRules
from cardlib.tricks import trick_winner as _trick_winner


def refuse_rules(game: str, rules: object, accepted: str) -> CardlibError:
    """The error for a rules value a game does not play by (named field: ``rules``): another
    game's rules are the wrong value (a ``CardlibError``), anything else the wrong type (a
    ``CardlibTypeError``, also a ``TypeError``)."""
    error = CardlibError if isinstance(rules, PlayRules) else CardlibTypeError
    return error(
        _("rules: {game} takes {accepted}, got {rules!r}").format(
            game=_(game), accepted=accepted, rules=rules
        ),
        "rules",
    )


def trick_cards(trick: Sequence[Card | str] | str) -> list[Card]:
    """A trick given as cards or as text (``"AH 2S KH 3H"``), as cards; anything else (``None``,
    a number) is refused as :func:`~cardlib.cards.parse_cards` refuses it."""
    if isinstance(trick, (str, bytes, bytearray)) or not isinstance(trick, Iterable):
        return parse_cards(trick)
    return [Card(card) for card in trick]


def trump_letter(trump: object) -> str | None:
    """A trump as every game's ``trick_winner`` takes it: a suit letter, or ``None``/``"NT"``."""
    if trump is None or trump == "NT":
        return None
    if isinstance(trump, str) and len(trump) == 1 and trump in "SHDC":
        return trump
    raise CardlibError(
        _(
            "trump: a suit letter S, H, D or C, or None (or 'NT') for no trump, got {trump!r}"
        ).format(trump=trump),
        "trump",
    )


def winner(trick: Sequence[Card | str] | str, trump: object, players: int = MAX_PLAYERS) -> int:
    """Index, in play order, of the card that wins ``trick`` with ``trump`` (checked): a trick
    holds one to ``players`` cards, none twice."""
    return _trick_winner(trick_cards(trick), trump_letter(trump), players)


def spades_only(game: str, trump: object) -> None:
    """Refuse any trump but spades in a game where spades are always trump."""
    if trump_letter(trump) != "S":
        raise CardlibError(
            _("trump: spades are always trump in {game}, got {trump!r}").format(
                game=_(game), trump=trump
            ),
            "trump",
        )


def follow_any_rules(rules: PlayRules) -> bool:
    """Whether ``rules`` are "follow suit with any card, else any card" (Judgement, Bridge)."""
    return not rules.must_beat and rules.void_rule == "free" and not rules.no_trump_lead_first_trick
