"""Writing a position as text: the half of :mod:`cardlib.position` the deal engine needs.

``TrickDeal.to_text`` comes here, and this module knows no game: each game's facts
(:class:`cardlib.facts.Game`, the deal's ``facts``) write its ``game`` field
(:meth:`~cardlib.facts.Game.text_game`) and dealer (:meth:`~cardlib.facts.Game.text_dealer`).
Reading needs the registry of every game, so it stays in :mod:`cardlib.position`, which the
engine never imports: the package keeps no import cycle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from cardlib.cards import RANK_CHARS, Card
from cardlib.errors import CardlibError
from cardlib.i18n import _

if TYPE_CHECKING:
    from cardlib.facts import Game


class TrickDeal(Protocol):
    """What writing needs of a deal (``cardlib.game.TrickDeal`` answers it; importing that
    here would be an import cycle)."""

    players: int
    dealer: int
    facts: ClassVar[type[Game] | None]

    @property
    def calls(self) -> Sequence[object]: ...

    @property
    def trick(self) -> tuple[Card, ...]: ...

    @property
    def tricks(self) -> Sequence[Any]: ...  # cardlib.game.Trick, with its .cards

    def _held(self) -> list[int]: ...

    def _seen_by(self, seat: int) -> tuple[int, ...]: ...

    def _check_seat(self, seat: int, what: str = ..., players: int = ...) -> None: ...

    def _calling_order(self) -> list[int]: ...


class TrickMatch(Protocol):
    """What writing needs of a match (``cardlib.match.TrickMatch`` answers it): its deals."""

    @property
    def _deals(self) -> Sequence[TrickDeal]: ...


def facts_of(deal: TrickDeal) -> type[Game]:
    """The facts of the game ``deal`` is of; a deal of no game has no position text."""
    facts = deal.facts
    if facts is None:
        raise CardlibError(
            _("{name} has no position text").format(name=type(deal).__name__), "position"
        )
    return facts


def hand_text(mask: int) -> str:
    """A hand mask as ``AKQ.JT9.876.5432`` (spades, hearts, diamonds, clubs; high first)."""
    suits = []
    for suit in range(4):
        ranks = [RANK_CHARS[r] for r in range(12, -1, -1) if mask >> (13 * suit + r) & 1]
        suits.append("".join(ranks))
    return ".".join(suits)


def calls_in_order(deal: TrickDeal) -> list[str]:
    """The calls made so far, in the order they were made."""
    calls = deal.calls
    if len(calls) != deal.players or any(isinstance(call, str) for call in calls):
        return [str(call) for call in calls]  # Bridge: the auction, already in order
    return [str(calls[seat]) for seat in deal._calling_order() if calls[seat] is not None]


def play_text(deal: TrickDeal) -> str:
    """The cards played so far: each trick's codes run together, tricks slash-separated."""
    tricks = ["".join(card.code for card in trick.cards) for trick in deal.tricks]
    if deal.trick:
        tricks.append("".join(card.code for card in deal.trick))
    return "/".join(tricks) or "-"


def write(deal: TrickDeal, seat: int | None = None) -> str:
    """The position of ``deal`` as one line; with ``seat``, only what that seat sees."""
    facts = facts_of(deal)
    if seat is not None:
        deal._check_seat(seat, "seat", deal.players)
        seen = deal._seen_by(seat)
    hands = [
        hand_text(mask) if seat is None or who in seen else f"?{mask.bit_count()}"
        for who, mask in enumerate(deal._held())
    ]
    fields = [facts.text_game(deal), facts.text_dealer(deal), "/".join(hands)]
    fields.append("/".join(calls_in_order(deal)) or "-")
    fields.append(play_text(deal))
    if seat is not None:
        fields.append(f"@{seat}")
    return " ".join(fields)


def write_match(match: TrickMatch) -> str:
    """A match as its header and the position of every deal so far, joined by `` | ``.

    The header is the game's name and the match's own options: ``callbreak/deals=5``,
    ``callbridge/target=30``, ``judgement``, ``bridge/target=100``.
    """
    deals = match._deals
    header = [facts_of(deals[0]).key]
    for option, name in (("deals", "deals_to_play"), ("target", "target")):
        if hasattr(match, name):
            header.append(f"{option}={getattr(match, name)}")
    return " | ".join(["/".join(header), *(write(deal) for deal in deals)])
