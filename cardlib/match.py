"""A match: deals one after another, the dealer moving one seat each deal.

Shared by Call Break (five deals) and Call Bridge (to a target score). A match
is driven through the current deal: ``call``, ``play``, ``legal_calls``,
``legal_plays`` and ``explain`` act on it. When a deal ends, the match waits in
phase ``"deal-over"`` (so its last trick and scores can be shown) until
:meth:`TrickMatch.next_deal`; after the final deal the phase is ``"over"``.
"""

from __future__ import annotations

import random
from decimal import Decimal

from cardlib.errors import PhaseError
from cardlib.game import TrickDeal

DEAL_OVER, OVER = "deal-over", "over"
ZERO = Decimal("0.0")


def add_up(rows, players: int, zero=ZERO) -> tuple:
    """Running totals, by seat, of per-deal (or per-round) score rows (exact)."""
    totals = [zero] * players
    for scores in rows:
        for seat, points in enumerate(scores):
            totals[seat] += points
    return tuple(totals)


def tied_on_top(totals) -> tuple[int, ...]:
    """Every seat with the highest total: players tied on top share the win."""
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


class TrickMatch:
    """Deals of a four-player calling game, with running totals and winners."""

    deal_class: type[TrickDeal]
    # The empty total: Call Break keeps tenths ("0.0"), Call Bridge whole points ("0").
    zero: Decimal = ZERO

    def __init__(self, seed=None, dealer: int | None = None, **deal_options):
        self._rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        drawn = self._rng.randrange(4)  # always drawn: naming the dealer changes no cards
        if dealer is None:
            dealer = drawn
        TrickDeal._check_seat(dealer, "dealer")
        self.first_dealer = dealer
        self._deal_options = deal_options
        self._deals: list[TrickDeal] = []
        self._new_deal()

    def _new_deal(self) -> None:
        # The deal passes in the direction of play (a house rule may turn it round).
        direction = self._deals[0].direction if self._deals else 1
        dealer = (self.first_dealer + direction * len(self._deals)) % 4
        seed = self._rng.getrandbits(64)
        self._deals.append(self.deal_class(seed=seed, dealer=dealer, **self._deal_options))

    def _finished(self) -> bool:
        raise NotImplementedError

    # ----- state -----------------------------------------------------------

    @property
    def deal(self) -> TrickDeal:
        """The current (or last) deal."""
        return self._deals[-1]

    @property
    def deals(self) -> tuple[TrickDeal, ...]:
        """Every deal so far, the current one last."""
        return tuple(self._deals)

    @property
    def phase(self) -> str:
        """``"calling"``, ``"playing"``, ``"deal-over"`` or ``"over"``."""
        phase = self._deals[-1].phase
        if phase != "over":
            return phase
        return OVER if self._finished() else DEAL_OVER

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is in the current deal (``None`` between deals)."""
        return self._deals[-1].to_act

    def scores_by_deal(self) -> list[tuple[Decimal, ...]]:
        """The points of every finished deal, by seat."""
        return [d.scores() for d in self._deals if d.phase == "over"]

    def totals(self) -> tuple[Decimal, ...]:
        """Running totals over the finished deals, by seat (exact)."""
        return add_up(self.scores_by_deal(), 4, self.zero)

    def winners(self) -> tuple[int, ...]:
        """Every seat tied on top, once the match is over."""
        if self.phase != OVER:
            raise PhaseError(f"the match is not over yet (phase {self.phase})", "phase")
        return tied_on_top(self.totals())

    # ----- actions ---------------------------------------------------------

    def _check_running(self) -> None:
        phase = self.phase
        if phase == OVER:
            raise PhaseError("the match is over: no more calls or cards", "phase")
        if phase == DEAL_OVER:
            raise PhaseError("this deal is over: start the next one with next_deal()", "phase")

    def legal_calls(self) -> range:
        """The calls the seat to act may make in the current deal."""
        return self._deals[-1].legal_calls()

    def legal_plays(self):
        """The cards the seat to act may play in the current deal."""
        return self._deals[-1].legal_plays()

    def explain(self):
        """Why the seat to act may play what it may (see ``TrickDeal.explain``)."""
        return self._deals[-1].explain()

    def call(self, n: int, seat: int | None = None) -> None:
        """The seat to act calls ``n`` in the current deal (errors as ``TrickDeal.call``)."""
        self._check_running()
        self._deals[-1].call(n, seat)

    def play(self, card, seat: int | None = None) -> None:
        """The seat to act plays ``card`` in the current deal (errors as ``TrickDeal.play``)."""
        self._check_running()
        self._deals[-1].play(card, seat)

    def next_deal(self) -> TrickDeal:
        """Deal the next hand (only once the current deal is over)."""
        if self.phase != DEAL_OVER:
            raise PhaseError(
                f"the next deal starts only when this one is over and the match is not "
                f"(phase {self.phase})",
                "phase",
            )
        self._new_deal()
        return self._deals[-1]
