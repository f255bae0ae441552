"""A deal told card by card: who played what, and which rule, if any, chose for them.

:func:`replay` walks through a deal that has been played (finished or not) and
returns one :class:`Play` per card, with the ladder's verdict at that moment:
the legal cards, the rule id and its sentence. A card was *forced* when it was
the only legal one while the hand held more, and *restricted* when a rule
narrowed the choice. Works for any :class:`~cardlib.game.TrickDeal` game.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from cardlib.cards import Card
from cardlib.errors import CardlibError
from cardlib.game import TrickDeal
from cardlib.i18n import _


class Play(NamedTuple):
    """One card of a deal, with the situation it was played in.

    ``trick_number`` counts from 1; ``position`` is 0 for the lead .. 3.
    ``won_after`` is the tricks taken by seat once this card's trick (if it
    finished with this card) was settled; ``winner`` is set on a trick's last card.
    """

    trick_number: int
    position: int
    seat: int
    card: Card
    hand_size: int
    legal: frozenset[Card]
    rule: str
    text: str
    winner: int | None
    won_after: tuple[int, ...]

    @property
    def forced(self) -> bool:
        """A rule left exactly one card (a last card in hand is not "forced" by a rule)."""
        return len(self.legal) == 1 and self.restricted

    @property
    def restricted(self) -> bool:
        """A rule narrowed the choice (not every card in hand was legal)."""
        return len(self.legal) < self.hand_size

    def __str__(self) -> str:
        if self.forced:
            template = _("trick {number}: seat {seat} plays {card} (forced)")
        elif self.restricted:
            template = _("trick {number}: seat {seat} plays {card} (restricted)")
        else:
            template = _("trick {number}: seat {seat} plays {card}")
        return template.format(number=self.trick_number, seat=self.seat, card=self.card)


def starting_hands(deal: TrickDeal[Any, Any]) -> list[list[Card]]:
    """The hands as dealt: what each seat holds now plus every card it has played."""
    hands = [list(deal.hand(seat)) for seat in range(deal.players)]
    for trick in deal.tricks:
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            hands[seat].append(card)
    for seat, card in zip(deal.trick_seats, deal.trick, strict=True):
        hands[seat].append(card)
    return hands


def fresh_copy(deal: TrickDeal[Any, Any]) -> TrickDeal[Any, Any]:
    """The same deal back at its first card, calls made (same game, same options).

    While the calls are not all in, the deal as dealt, before any call (Contract
    Bridge: with the auction's calls so far). Each game says how it makes a deal from
    given hands (:meth:`cardlib.facts.Game.deal_again`).
    """
    # The registry: imported here, as the games import this module's neighbours, not it.
    from cardlib import games

    game = games.of(deal)  # a deal of no registered game is refused there
    return game.deal_again(deal, starting_hands(deal))


def replay(deal: TrickDeal[Any, Any]) -> list[Play]:
    """Every card played so far in ``deal``, in order, with the rule that governed it.

    A :attr:`~cardlib.game.TrickDeal.blind` deal (Judgement's blind round) is refused: its
    play plays itself, with no choice to tell.
    """
    if deal.phase == deal.calling_phase:
        return []
    if deal.blind:
        raise CardlibError(
            _("the blind round plays itself once the bids are in: there is no card to replay"),
            "blind",
        )
    again = fresh_copy(deal)
    cards = [c for trick in deal.tricks for c in trick.cards] + list(deal.trick)
    plays = []
    for card in cards:
        acting = again.to_act
        assert acting is not None  # a deal with cards still to play is not over
        # A play is credited to the hand it came from: in Contract Bridge declarer plays
        # dummy's cards, the card is dummy's, the act declarer's.
        seat = again.hand_to_play
        assert seat is not None  # the deal is in play
        explanation = again.explain()
        hand_size = len(again.hand(seat))
        position = len(again.trick)
        trick_number = len(again.tricks) + 1
        again.play(card, seat=acting)
        finished = len(again.tricks) == trick_number
        plays.append(
            Play(
                trick_number,
                position,
                seat,
                card,
                hand_size,
                explanation.legal,
                explanation.rule,
                explanation.text,
                again.tricks[-1].winner if finished else None,
                again.tricks_won,
            )
        )
    return plays
