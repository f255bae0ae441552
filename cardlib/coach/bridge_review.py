"""The review of a Contract Bridge deal, double dummy: the lead, the play and the contract.

Contract Bridge is scored by side and contract, not by each player's call, so its review
is not the Monte Carlo review of the other games (:mod:`cardlib.coach.review`) but the
standard of bridge software: every card against *double dummy* (all four hands known,
Bo Haglund's DDS through :mod:`cardlib.bridge.double_dummy`):

- **the play, card by card**: before each card, the tricks the side to play would end the
  deal with after each legal card, every hand then playing perfectly; a card's **loss**
  is the best card's tricks minus the chosen card's (0: as good as the best). Declarer
  plays declarer's and dummy's cards, so declarer's losses and the defenders' add up
  separately (:attr:`BridgeReview.declarer_lost`, :attr:`BridgeReview.defence_lost`). Those
  sums can pass 13 when tricks go back and forth (a trick given away, given back, given away
  again), so what the review *says* of each side is counted against the deal's 13 tricks:
  in how many of them the side's cards gave tricks away
  (:attr:`BridgeReview.declarer_costly_tricks`, :attr:`BridgeReview.defence_costly_tricks`),
  and the tricks declarer could take double dummy against those taken;
- **the opening lead**, from what the leader could see: their own hand and the auction.
  The other three hands are drawn at random and kept when they fit :data:`LEAD_MODEL`,
  a simple model of what the auction shows: the declaring side holds at least
  :data:`SIDE_POINTS` high-card points for its level (18 at the one level, two more a
  level, 30 for a small slam and 33 for a grand), and in a suit contract at least eight
  trumps between declarer and dummy. Each legal lead is rated by the defenders' double-
  dummy tricks averaged over those layouts (mean ± standard error; the same layouts for
  every card);
- **the contract against par**: the deal's result scored as duplicate bridge scores it
  (none vulnerable, the scale :func:`cardlib.bridge.double_dummy.par` uses; this
  package's game-to-100 sheet scores differently) beside the par score.

Without endplay (a browser kernel such as JupyterLite) :func:`review_bridge` raises
:class:`~cardlib.bridge.double_dummy.EndplayMissing`, which says so; a notebook shows
:func:`cardlib.draw.bridge.unavailable_note` and goes on.

This is the API the card table calls for a bridge deal: ``review_bridge(deal)`` on a
finished :class:`cardlib.bridge.Deal`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardlib.bridge.calls import Contract
from cardlib.bridge.double_dummy import (
    EndplayMissing,
    Par,
    available,
    par,
    result_text,
    solve_cards,
    solve_position,
)
from cardlib.cards import SUITS, Card
from cardlib.coach.analysis import Estimate
from cardlib.errors import CardlibError
from cardlib.game import phase_name
from cardlib.i18n import _

#: Least high-card points of the declaring side for a contract at each level (the model).
SIDE_POINTS = {1: 18, 2: 20, 3: 22, 4: 24, 5: 26, 6: 30, 7: 33}
#: Least trumps the declaring side holds in a suit contract (the model).
SIDE_TRUMPS = 8
LEAD_MODEL = (
    "declarer and dummy hold at least 18 high-card points at the one level, two more for "
    "each level up to 26 at the five level, 30 for a small slam and 33 for a grand slam, "
    "and at least 8 trumps in a suit contract; every layout that fits is equally likely"
)

if TYPE_CHECKING:
    from cardlib import bridge
#: Layouts drawn for one kept sample before the model is given up (never hangs).
MAX_DRAWS = 20_000
#: The tricks of a deal: every count the review states of them is checked against it.
TRICKS = 13
_POINTS = {12: 4, 11: 3, 10: 2, 9: 1}  # A K Q J by rank index


def _hcp(cards: Iterable[int]) -> int:
    return sum(_POINTS.get(int(c) % 13, 0) for c in cards)


def _declarer(contract: Contract) -> int:
    """The seat that declares ``contract``: a contract an auction reached always names it."""
    if contract.declarer is None:
        raise CardlibError(
            _("the contract {contract} names no declarer").format(contract=contract), "contract"
        )
    return contract.declarer


@dataclass(frozen=True)
class PlayRow:
    """One card of the play: ``number`` 1..52, ``trick`` 1..13, ``seat`` the hand it came
    from, ``declaring`` whether that hand is declarer's or dummy's, ``card`` the card
    played, ``best`` the cards that keep the most tricks, ``tricks`` the side's final tricks
    after the best card and ``lost`` the tricks the chosen card gave away (0: as good)."""

    number: int
    trick: int
    seat: int
    declaring: bool
    card: Card
    best: frozenset[Card]
    tricks: int
    lost: int


@dataclass(frozen=True)
class LeadRating:
    """The opening lead: each legal card's defensive tricks over layouts that fit the
    auction (``cards``: card and :class:`~cardlib.coach.analysis.Estimate`, best first),
    the card ``chosen`` (``None`` before the lead), ``samples`` layouts and ``fell_back``
    (how many were drawn without the model because none fitted within :data:`MAX_DRAWS`)."""

    leader: int
    chosen: Card | None
    cards: tuple[tuple[Card, Estimate], ...]
    samples: int
    fell_back: int = 0

    @property
    def best(self) -> Card:
        """The lead with the fewest defensive tricks lost (the first of the ranked leads)."""
        return self.cards[0][0]

    def of(self, card: Card | str) -> Estimate:
        """The estimate for one legal lead; a card that was not a legal lead is refused."""
        card = Card(card)
        for c, estimate in self.cards:
            if c == card:
                return estimate
        raise CardlibError(_("{card} was not a legal lead").format(card=card), "not-legal")


@dataclass(frozen=True)
class BridgeReview:
    """A finished Contract Bridge deal reviewed double dummy (see the module docstring).

    ``contract`` as played, ``result`` its over (+) or under (−) tricks, ``score`` the
    duplicate score for North–South (none vulnerable), ``par`` the deal's
    :class:`~cardlib.bridge.double_dummy.Par`, ``rows`` one :class:`PlayRow` per card,
    ``lead`` the :class:`LeadRating` (``None`` when asked for none).
    """

    contract: Contract
    result: int
    score: int
    par: Par
    rows: tuple[PlayRow, ...]
    lead: LeadRating | None

    @property
    def result_text(self) -> str:
        """``"3♥ by West +1"``."""
        return result_text(str(self.contract), self.result)

    @property
    def declarer(self) -> int:
        """The seat that declared the contract."""
        return _declarer(self.contract)

    @property
    def against_par(self) -> int:
        """North–South's score minus par's (positive: better than par for North–South)."""
        return self.score - self.par.score

    @property
    def declarer_lost(self) -> int:
        """Tricks declarer's cards (and dummy's) gave away against double dummy, card by card.

        With :attr:`defence_lost` it accounts for the result exactly (double dummy's tricks,
        minus declarer's losses, plus the defenders'); each can pass 13 when tricks go back
        and forth, so the review's words count :attr:`declarer_costly_tricks` instead."""
        return sum(row.lost for row in self.rows if row.declaring)

    @property
    def defence_lost(self) -> int:
        """Tricks the defenders' cards gave away against double dummy, card by card."""
        return sum(row.lost for row in self.rows if not row.declaring)

    @property
    def declarer_costly_tricks(self) -> int:
        """In how many of the deal's tricks (0 to 13) a card of declarer's or dummy's gave
        tricks away against double dummy."""
        return len({row.trick for row in self.rows if row.declaring and row.lost})

    @property
    def defence_costly_tricks(self) -> int:
        """In how many of the deal's tricks (0 to 13) a defender's card gave tricks away."""
        return len({row.trick for row in self.rows if not row.declaring and row.lost})

    @property
    def double_dummy_tricks(self) -> int:
        """The tricks declarer could take double dummy from the opening lead on: 13 less the
        defenders' after their best lead (the first row: the lead is a defender's)."""
        return TRICKS - self.rows[0].tricks

    @property
    def declarer_took(self) -> int:
        """The tricks declarer took."""
        return self.contract.tricks_needed + self.result

    def _repr_html_(self) -> str:
        from cardlib.draw.coach import bridge_review_html

        return bridge_review_html(self, LEAD_MODEL)


def _duplicate_score(contract: Contract, result: int) -> int:
    """North–South's duplicate score (none vulnerable) of ``contract`` making ``result``."""
    from endplay import types

    endplay_contract = types.Contract(
        level=contract.level,
        denom=types.Denom(("S", "H", "D", "C", "NT").index(contract.strain)),
        declarer=types.Player((_declarer(contract) + 2) % 4),
        penalty=(types.Penalty.passed, types.Penalty.doubled, types.Penalty.redoubled)[
            contract.doubled
        ],
        result=result,
    )
    score = endplay_contract.score(types.Vul.none)
    return score if _declarer(contract) % 2 == 0 else -score  # South 0, North 2: North–South


def _fits(hands: Sequence[Iterable[int]], contract: Contract) -> bool:
    declarer = _declarer(contract)
    dummy = (declarer + 2) % 4
    side = list(hands[declarer]) + list(hands[dummy])
    if _hcp(side) < SIDE_POINTS[contract.level]:
        return False
    if contract.trump is not None:
        return sum(1 for c in side if SUITS[int(c) // 13] == contract.trump) >= SIDE_TRUMPS
    return True


def rate_lead(deal: bridge.Deal, samples: int = 20, seed: int = 0) -> LeadRating:
    """Rate the opening lead of a ``bridge.Deal`` whose auction is over: each legal lead's
    defensive double-dummy tricks, over ``samples`` layouts of the other hands that fit the
    auction's model (:data:`LEAD_MODEL`). Seeded; raises ``EndplayMissing`` without endplay."""
    if not available():
        raise EndplayMissing()
    contract = deal.contract
    if contract is None:
        raise CardlibError(_("the deal was passed out: there is no lead to rate"), "phase")
    leader = (_declarer(contract) + 1) % 4
    own = [int(c) for c in deal.dealt_hands[leader]]
    rest = [c for c in range(52) if c not in set(own)]
    rng = random.Random(seed)
    values: dict[Card, list[int]] = {}
    fell_back = 0
    for _sample in range(samples):
        for _attempt in range(MAX_DRAWS):
            rng.shuffle(rest)
            hands = [own if s == leader else [] for s in range(4)]  # the others dealt below
            others = [s for s in range(4) if s != leader]
            for k, s in enumerate(others):
                hands[s] = rest[13 * k : 13 * k + 13]
            if _fits(hands, contract):
                break
        else:
            fell_back += 1
        for card, tricks in solve_cards(hands, (), leader, contract.trump).items():
            values.setdefault(card, []).append(tricks)
    estimates = {card: Estimate.of_scaled(v, 1) for card, v in values.items()}
    ranked = sorted(estimates.items(), key=lambda kv: (-kv[1].mean, -int(kv[0])))
    first = deal.tricks[0].cards[0] if deal.tricks else None
    return LeadRating(leader, first, tuple(ranked), samples, fell_back)


def review_bridge(deal: bridge.Deal, lead_samples: int = 20, seed: int = 0) -> BridgeReview:
    """Review a finished ``bridge.Deal`` double dummy: every card, the lead, the contract.

    ``lead_samples`` layouts rate the opening lead (0: not rated). Raises
    :class:`~cardlib.bridge.double_dummy.EndplayMissing` without endplay, and a
    ``CardlibError`` for a deal not yet over or passed out.
    """
    if deal.phase != "over":
        raise CardlibError(
            _("a deal is reviewed once it is over; it is {phase}").format(
                phase=phase_name(deal.phase)
            ),
            "phase",
        )
    contract = deal.contract
    if contract is None:
        raise CardlibError(_("the deal was passed out: there is no play to review"), "phase")
    if not available():
        raise EndplayMissing()
    from cardlib import bridge

    replay = bridge.Deal.from_hands(deal.dealt_hands, dealer=deal.dealer, calls=deal.calls)
    declarer = _declarer(contract)
    declaring_side = {declarer, (declarer + 2) % 4}
    rows = []
    number = 0
    for trick_number, trick in enumerate(deal.tricks, 1):
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            number += 1
            values = solve_position(replay)
            top = values.cards[0][1]
            chosen = dict(values.cards)[card]
            rows.append(
                PlayRow(
                    number,
                    trick_number,
                    seat,
                    seat in declaring_side,
                    card,
                    values.best,
                    top,
                    top - chosen,
                )
            )
            replay.play(card)
    taken = deal.declarer_tricks
    assert taken is not None  # the deal has a contract, hence a declarer
    result = taken - contract.tricks_needed
    lead = rate_lead(deal, lead_samples, seed) if lead_samples else None
    reviewed = BridgeReview(
        contract,
        result,
        _duplicate_score(contract, result),
        par(deal.dealt_hands, dealer=deal.dealer),
        tuple(rows),
        lead,
    )
    _check_against_the_deal(reviewed, deal)
    return reviewed


def _check_against_the_deal(reviewed: BridgeReview, deal: bridge.Deal) -> None:
    """The review's counts agree with the deal it reviews: 52 cards in 13 tricks, every
    count of tricks it states between 0 and 13, and the losses card by card accounting for
    the tricks declarer took. A solver answer that breaks one is a bug: said, never shown."""
    counts = {
        "double-dummy tricks": reviewed.double_dummy_tricks,
        "tricks taken": reviewed.declarer_took,
        "declarer's costly tricks": reviewed.declarer_costly_tricks,
        "defenders' costly tricks": reviewed.defence_costly_tricks,
    }
    wrong = [f"{name} {count}" for name, count in counts.items() if not 0 <= count <= TRICKS]
    if len(reviewed.rows) != 4 * TRICKS or {row.trick for row in reviewed.rows} != set(
        range(1, TRICKS + 1)
    ):
        wrong.append(f"{len(reviewed.rows)} cards reviewed")
    if reviewed.declarer_took != deal.declarer_tricks or (
        reviewed.double_dummy_tricks - reviewed.declarer_lost + reviewed.defence_lost
        != reviewed.declarer_took
    ):
        wrong.append("the losses do not account for the tricks taken")
    if wrong:
        raise AssertionError(f"the review of a 13-trick deal does not add up: {', '.join(wrong)}")


__all__ = [
    "LEAD_MODEL",
    "SIDE_POINTS",
    "SIDE_TRUMPS",
    "TRICKS",
    "BridgeReview",
    "LeadRating",
    "PlayRow",
    "rate_lead",
    "review_bridge",
]
