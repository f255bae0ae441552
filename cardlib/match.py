"""A match: deals one after another, the dealer moving one seat each deal.

Shared by Call Break (five deals), Call Bridge (to a target score), Judgement
(the eight rounds of its schedule, "rounds" in its words) and Contract Bridge
(the game to 100). A match is driven through the current deal: ``call``,
``play``, ``legal_calls``, ``legal_plays`` and ``explain`` act on it. When a
deal ends, the match waits in phase ``"deal-over"`` (so its last trick and
scores can be shown) until :meth:`TrickMatch.next_deal`; after the final deal
the phase is ``"over"``. A match answers the protocol of :mod:`cardlib.game`
too, through its current deal (between deals nobody acts: ``legal_actions()``
is empty until ``next_deal()``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any, Generic, Self, TypeVar, overload

from cardlib.cards import Card
from cardlib.errors import CardlibError, CardlibTypeError, PhaseError
from cardlib.game import (
    CallT,
    CountedCallDeal,
    Explanation,
    PointsT,
    ScoresT,
    SeatView,
    Seed,
    TrickDeal,
    phase_name,
    seeded_rng,
)
from cardlib.i18n import _

DEAL_OVER, OVER = "deal-over", "over"
ZERO = Decimal("0.0")

#: The deals a match is made of: one game's deal class.
DealT = TypeVar("DealT", bound="TrickDeal[Any, Any]")
#: The deals of a game in which each seat calls a number of tricks.
CountedDealT = TypeVar("CountedDealT", bound="CountedCallDeal[Any]")


@overload
def add_up(
    rows: Iterable[Sequence[Decimal]], players: int, zero: Decimal = ZERO
) -> tuple[Decimal, ...]: ...
@overload
def add_up(rows: Iterable[Sequence[int]], players: int, zero: int) -> tuple[int, ...]: ...
def add_up(
    rows: Iterable[Sequence[Decimal | int]], players: int, zero: Decimal | int = ZERO
) -> tuple[Decimal | int, ...]:
    """Running totals, by seat, of per-deal (or per-round) score rows (exact)."""
    totals = [zero] * players
    for scores in rows:
        for seat, points in enumerate(scores):
            totals[seat] += points
    return tuple(totals)


def tied_on_top(totals: Sequence[Decimal | int]) -> tuple[int, ...]:
    """Every seat with the highest total: players tied on top share the win."""
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


def places(totals: Sequence[Decimal | int]) -> tuple[int, ...]:
    """Each seat's place by its total, 1 for the highest: tied totals share a place, and the
    place after them is skipped as players count it (7.4, 7.4, 3.1, −2 → 1, 1, 3, 4).

    Totals compare exactly (``Decimal`` tenths, whole points), never as floats.

    >>> places((Decimal("7.4"), Decimal("7.40"), Decimal("3.1"), Decimal("-2.0")))
    (1, 1, 3, 4)
    """
    return tuple(1 + sum(other > total for other in totals) for total in totals)


class TrickMatch(Generic[DealT, CallT, ScoresT]):
    """Deals of a calling game, with running totals and winners.

    Generic in the game's deal class (``DealT``), what a seat calls in it (``CallT``) and
    what a finished deal scores (``ScoresT``), as the deal class says them.
    """

    deal_class: type[DealT]
    players: int = 4
    # The phase between deals, and the words of the messages (Judgement: rounds, bids).
    between_phase: str = DEAL_OVER
    deal_word, call_word, next_action = "deal", "call", "next_deal"

    def __init__(self, seed: Seed = None, dealer: int | None = None, **deal_options: object):
        self._rng = seeded_rng(seed)
        drawn = self._rng.randrange(
            self.players
        )  # always drawn: naming the dealer changes no cards
        if dealer is None:
            dealer = drawn
        TrickDeal._check_seat(dealer, "dealer", self.players)
        self.first_dealer = dealer
        self._deal_options = deal_options
        self._deals: list[DealT] = []
        self._new_deal()

    def _new_deal(self) -> None:
        # The deal passes in the direction of play (a house rule may turn it round).
        direction = self._deals[0].direction if self._deals else 1
        dealer = (self.first_dealer + direction * len(self._deals)) % self.players
        seed = self._rng.getrandbits(64)
        self._deals.append(self._make_deal(seed, dealer))

    def _make_deal(self, seed: int, dealer: int) -> DealT:
        return self.deal_class(seed=seed, dealer=dealer, **self._deal_options)

    def _finished(self) -> bool:
        raise NotImplementedError

    # ----- state -----------------------------------------------------------

    @property
    def deal(self) -> DealT:
        """The current (or last) deal."""
        return self._deals[-1]

    @property
    def deals(self) -> tuple[DealT, ...]:
        """Every deal so far, the current one last."""
        return tuple(self._deals)

    @property
    def phase(self) -> str:
        """``"calling"``, ``"playing"``, ``"deal-over"`` or ``"over"``."""
        phase = self._deals[-1].phase
        if phase != "over":
            return phase
        return OVER if self._finished() else self.between_phase

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is in the current deal (``None`` between deals)."""
        return self._deals[-1].to_act

    def scores_by_deal(self) -> list[ScoresT]:
        """What every finished deal scored (in three of the games, the points by seat)."""
        return [d.scores() for d in self._deals if d.phase == "over"]

    def totals(self) -> tuple[Decimal | int, ...]:
        """Running totals over the finished deals (exact): each game says how they add up."""
        raise NotImplementedError

    def winners(self) -> tuple[int, ...]:
        """Every seat tied on top, once the match is over."""
        self._check_over()
        return tied_on_top(self.totals())

    def _check_over(self) -> None:
        """Refuse what only a finished match has (its winners, its returns) before then."""
        if self.phase != OVER:
            message = _("the match is not over yet (phase {phase})")
            raise PhaseError(message.format(phase=phase_name(self.phase)), "phase")

    # ----- actions ---------------------------------------------------------

    def _check_running(self) -> None:
        phase = self.phase
        if phase == OVER:
            message = (
                _("the match is over: no more bids or cards")
                if self.call_word == "bid"
                else _("the match is over: no more calls or cards")
            )
            raise PhaseError(message, "phase")
        if phase == self.between_phase:
            message = (
                _("this round is over: start the next one with {action}()")
                if self.deal_word == "round"
                else _("this deal is over: start the next one with {action}()")
            )
            raise PhaseError(message.format(action=self.next_action), "phase")

    def legal_calls(self) -> Sequence[CallT]:
        """The calls the seat to act may make in the current deal."""
        return self._deals[-1].legal_calls()

    def legal_plays(self) -> frozenset[Card]:
        """The cards the seat to act may play in the current deal."""
        return self._deals[-1].legal_plays()

    def explain(self) -> Explanation:
        """Why the seat to act may play what it may (see ``TrickDeal.explain``)."""
        return self._deals[-1].explain()

    def call(self, n: CallT, seat: int | None = None) -> None:
        """The seat to act calls ``n`` in the current deal (errors as ``TrickDeal.call``)."""
        self._check_running()
        self._deals[-1].call(n, seat)

    def play(self, card: Card | str, seat: int | None = None) -> None:
        """The seat to act plays ``card`` in the current deal (errors as ``TrickDeal.play``)."""
        self._check_running()
        self._deals[-1].play(card, seat)

    def next_deal(self) -> DealT:
        """Deal the next hand (only once the current deal is over)."""
        if self.phase != self.between_phase:
            message = (
                _(
                    "the next round starts only when this one is over and the match is not "
                    "(phase {phase})"
                )
                if self.deal_word == "round"
                else _(
                    "the next deal starts only when this one is over and the match is not "
                    "(phase {phase})"
                )
            )
            raise PhaseError(message.format(phase=phase_name(self.phase)), "phase")
        self._new_deal()
        return self._deals[-1]

    # ----- the protocol (see cardlib.game), through the current deal ----------

    @property
    def is_over(self) -> bool:
        """Whether the whole match is over."""
        return self.phase == OVER

    def legal_actions(self) -> tuple[CallT, ...] | tuple[Card, ...]:
        """What the seat to act may do in the current deal (nothing between deals)."""
        return self._deals[-1].legal_actions()

    def act(self, action: CallT | Card | str) -> None:
        """Make ``action`` (a call, bid or card) in the current deal."""
        self._check_running()
        self._deals[-1].act(action)

    def visible_to(self, seat: int) -> SeatView:
        """What ``seat`` sees of the current deal (a :class:`~cardlib.game.SeatView`)."""
        return self._deals[-1].visible_to(seat)

    def hidden_from(self, seat: int) -> frozenset[Card]:
        """The cards of the current deal held in hands ``seat`` cannot see."""
        return self._deals[-1].hidden_from(seat)

    def returns(self) -> tuple[Decimal | int, ...]:
        """Each seat's total for the match, once it is over."""
        self._check_over()
        return self.totals()

    def to_text(self, seat: int | None = None) -> str:
        """The match as one line of text: its options and every deal so far (see
        :mod:`cardlib.position`); with ``seat``, only the current deal as that seat sees it.

        The shuffle of the deals to come is not part of a position.
        """
        if seat is not None:
            return self._deals[-1].to_text(seat)
        from cardlib._position_text import write_match  # only text: imported when first used

        return write_match(self)

    def copy(self) -> Self:
        """An independent copy: the deals so far and the stream the next deals come from."""
        other = self.__class__.__new__(self.__class__)
        other.__dict__.update(self.__dict__)
        other._deals = [deal.copy() for deal in self._deals]
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        return other

    def __copy__(self) -> Self:
        """``copy.copy(match)`` is :meth:`copy`: a shallow copy would share the deals."""
        return self.copy()

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        """``copy.deepcopy(match)`` is :meth:`copy` too."""
        other = memo[id(self)] = self.copy()
        return other

    def replaying(self, deal: DealT) -> Self:
        """A copy of this match whose current deal is ``deal`` (an earlier position of it).

        Practice that leaves this match alone: the card table's "Replay from here"
        plays on from there, and this match's totals never see the replay.

        ``deal`` is a deal of this match's game holding the cards its current deal was dealt,
        by the same dealer under the same options (any position of it: the calls and cards
        may differ from the ones played here); anything else (``None``, a deal of another
        game, another deal of cards) is refused, this match unchanged.
        """
        current = self._deals[-1]
        if type(deal) is not type(current):
            message = (
                _("replaying takes a round of this match ({game}), got {value!r}")
                if self.deal_word == "round"
                else _("replaying takes a deal of this match ({game}), got {value!r}")
            )
            raise CardlibTypeError(
                message.format(game=current.shown_game_name(), value=deal), "replay"
            )
        if deal._origin() != current._origin():
            message = (
                _(
                    "replaying takes a position of this match's current round: its cards, "
                    "dealt by the same dealer under the same rules; this round was dealt "
                    "differently"
                )
                if self.deal_word == "round"
                else _(
                    "replaying takes a position of this match's current deal: its cards, "
                    "dealt by the same dealer under the same rules; this deal was dealt "
                    "differently"
                )
            )
            raise CardlibError(message, "replay")
        other = self.copy()
        other._deals[-1] = deal.copy()
        return other

    def _settings(self) -> tuple[object, ...]:
        """What the match was made with that decides what comes (its deals' options; each
        game adds its own: the deals to play, the target …): part of its state."""
        return tuple(sorted(self._deal_options.items()))

    def _state(self) -> tuple[object, ...]:
        return (
            self._settings(),
            self.players,
            self.first_dealer,
            self._rng.getstate(),
            tuple(deal._state() for deal in self._deals),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TrickMatch) or type(other) is not type(self):
            return False
        return other._state() == self._state()

    # Mutable, so unhashable: the data model's way, which typeshed's object.__hash__ (a method
    # returning int) does not allow for.
    __hash__ = None  # type: ignore[assignment]


class CountedCallMatch(TrickMatch[CountedDealT, int, tuple[PointsT, ...]]):
    """A match of a game in which each seat calls a number of tricks (Call Break, Call Bridge,
    Judgement): every deal scores points by seat, and the totals add them up."""

    # The empty total: Call Break keeps tenths ("0.0"), Call Bridge whole points ("0").
    zero: PointsT

    def totals(self) -> tuple[PointsT, ...]:
        """Running totals over the finished deals, by seat (exact)."""
        return add_up(self.scores_by_deal(), self.players, self.zero)
