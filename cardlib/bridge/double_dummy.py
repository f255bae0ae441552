"""Double-dummy analysis for Contract Bridge, through endplay (the DDS solver).

*Double dummy* means every hand is known, as in the exact solver for the
other games (:mod:`cardlib.coach.solver`); for Contract Bridge we use Bo Haglund's
DDS through its Python bindings, `endplay <https://pypi.org/project/endplay/>`_
(MIT licence), rather than a solver of our own:

- :func:`solve_position`: for the hand to play in a deal in play, the tricks its
  side ends the deal with after each legal card (``solve_board``);
- :func:`dd_table`: the tricks each seat would take as declarer in each strain;
- :func:`par`: the par result of a deal (best contract for both sides), by the
  standard duplicate scoring table with nobody vulnerable — the simplified game
  of this package has no vulnerability, and its game-to-100 sheet scores
  differently, so par is a guide to the right contract, not a sheet entry.

endplay is compiled code: an optional extra (``pip install 'cardlib[dds]'``)
that cannot run in a browser kernel such as JupyterLite. Without it every
function here raises :class:`EndplayMissing`, whose message (and
:func:`cardlib.draw.bridge.unavailable_note`, for a notebook) says so plainly.

Seats are cardlib's (South 0, West 1, North 2, East 3); endplay numbers North
0, East 1, South 2, West 3, and the conversion lives here alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardlib.cards import DECK, SUITS, Card
from cardlib.errors import CardlibError
from cardlib.game import phase_name
from cardlib.i18n import _

if TYPE_CHECKING:  # only the type: the solver itself needs no part of the game
    from cardlib import bridge

STRAINS = ("C", "D", "H", "S", "NT")
SEAT_LETTERS = "SWNE"
INSTALL = "pip install 'cardlib[dds]'  (or: pip install endplay)"


class EndplayMissing(CardlibError):
    """endplay (DDS) is not installed, or cannot be here (a browser kernel)."""

    def __init__(self):
        super().__init__(
            "double-dummy analysis needs endplay (the DDS solver), which is not installed: "
            f"{INSTALL}. It is compiled code, so it cannot run in a browser kernel "
            "such as JupyterLite.",
            "endplay-missing",
        )


def available() -> bool:
    """Whether endplay can be imported here."""
    try:
        import endplay.dds  # noqa: F401
    except ImportError:
        return False
    return True


def _endplay():
    try:
        from endplay import dds, types
    except ImportError:
        raise EndplayMissing() from None
    return dds, types


def _player(types, seat: int):
    return types.Player((seat + 2) % 4)  # cardlib S W N E = 0 1 2 3; endplay N E S W = 0 1 2 3


def _seat(player) -> int:
    return (int(player) + 2) % 4


def _denom(types, trump: str | None):
    if trump in (None, "N", "NT"):
        return types.Denom.nt
    return types.Denom(SUITS.index(trump))


def _card(types, card: int):
    return types.Card(f"{SUITS[card // 13]}{'23456789TJQKA'[card % 13]}")


def _cardlib_card(card) -> Card:
    return DECK[13 * int(card.suit) + int(card.rank).bit_length() - 3]


def _pbn(hands: Sequence[Iterable[int]]) -> str:
    """PBN of four hands given by cardlib seat: 'N:spades.hearts.diamonds.clubs …' from North."""
    parts = []
    for seat in (2, 3, 0, 1):  # North, East, South, West
        cards = sorted(hands[seat], reverse=True)
        suits = ["".join("23456789TJQKA"[c % 13] for c in cards if c // 13 == s) for s in range(4)]
        parts.append(".".join(suits))
    return "N:" + " ".join(parts)


def _indices(hand) -> list[int]:
    return [int(Card(c)) for c in hand]


def solve_cards(
    hands: Sequence[Iterable[Card | str | int]],
    trick: Sequence[Card | str | int] = (),
    leader: int = 0,
    trump: str | None = None,
) -> dict[Card, int]:
    """Double-dummy tricks, from now on, for the side to play after each of its legal cards.

    ``hands`` by cardlib seat hold the cards not yet played (the trick's cards
    excluded), ``trick`` the cards on the table led by ``leader``, ``trump`` a
    suit letter or ``None``/``"NT"``.
    """
    dds, types = _endplay()
    hand_lists = [_indices(h) for h in hands]
    on_table = _indices(trick)
    # endplay wants the trick's cards back in their hands, then played in order.
    full = [list(h) for h in hand_lists]
    for i, card in enumerate(on_table):
        full[(leader + i) % 4].append(card)
    deal = types.Deal(_pbn(full), first=_player(types, leader), trump=_denom(types, trump))
    for card in on_table:
        deal.play(_card(types, card))
    return {_cardlib_card(card): tricks for card, tricks in dds.solve_board(deal)}


@dataclass(frozen=True)
class CardTricks:
    """Double-dummy values of every legal card for the hand to play in a deal in play.

    ``seat`` the hand the card comes from (dummy's seat on dummy's turns),
    ``cards`` pairs of a card and the tricks the seat's side ends the deal with
    after it, best first.
    """

    seat: int
    cards: tuple[tuple[Card, int], ...]

    @property
    def best(self) -> frozenset[Card]:
        """The cards that take the most tricks."""
        top = self.cards[0][1]
        return frozenset(card for card, tricks in self.cards if tricks == top)

    def _repr_html_(self) -> str:
        from cardlib.draw.coach import card_tricks_html

        return card_tricks_html(self)


def solve_position(deal: bridge.Deal) -> CardTricks:
    """Double-dummy tricks after each legal card of the hand to play in a ``bridge.Deal``."""
    seat, contract = deal.hand_to_play, deal.contract
    if deal.phase != "playing" or seat is None or contract is None:  # in play means both
        raise CardlibError(
            _("double-dummy play needs a deal in play; it is {phase}").format(
                phase=phase_name(deal.phase)
            ),
            "phase",
        )
    seats = deal.trick_seats
    leader = seats[0] if seats else seat
    values = solve_cards([deal.hand(s) for s in range(4)], deal.trick, leader, contract.trump)
    won = deal.tricks_won
    side_won = won[seat] + won[(seat + 2) % 4]
    cards = sorted(
        ((card, side_won + tricks) for card, tricks in values.items()),
        key=lambda pair: (-pair[1], -int(pair[0])),
    )
    return CardTricks(seat, tuple(cards))


@dataclass(frozen=True)
class DDTable:
    """Tricks each seat takes as declarer in each strain, double dummy: ``tricks[strain][seat]``."""

    tricks: tuple[tuple[int, ...], ...]  # by STRAINS order C D H S NT, then cardlib seat

    def of(self, strain: str, seat: int) -> int:
        """The tricks ``seat`` takes as declarer in ``strain``."""
        return self.tricks[STRAINS.index(strain)][seat]

    def _repr_html_(self) -> str:
        from cardlib.draw.coach import dd_table_html

        return dd_table_html(self)


def _full_hands(hands) -> list[list[int]]:
    lists = [_indices(h) for h in hands]
    if sorted(len(h) for h in lists) != [13, 13, 13, 13]:
        raise CardlibError(_("a double-dummy table needs four hands of 13 cards"), "hand-size")
    return lists


def dd_table(hands: Sequence[Iterable[Card | str | int]]) -> DDTable:
    """The double-dummy table of a deal (four 13-card hands by cardlib seat)."""
    dds, types = _endplay()
    table = dds.calc_dd_table(types.Deal(_pbn(_full_hands(hands)))).to_list()
    # endplay's rows: S H D C NT, each by endplay player N E S W.
    order = {"S": 0, "H": 1, "D": 2, "C": 3, "NT": 4}
    return DDTable(
        tuple(
            tuple(table[order[strain]][(seat + 2) % 4] for seat in range(4)) for strain in STRAINS
        )
    )


def result_text(contract: str, result: int) -> str:
    """A contract and its result as a player reads it: ``"2♣ by South +2"``,
    ``"5♥ doubled by South −1"``, ``"4♠ by North ="`` (made exactly)."""
    from cardlib.bridge.calls import Contract

    made = "=" if result == 0 else f"+{result}" if result > 0 else f"−{-result}"
    return f"{Contract.parse(contract).symbol_text} {made}"


@dataclass(frozen=True)
class Par:
    """The par result: ``score`` for North–South (duplicate scoring, none vulnerable) and the
    par contracts, written as cardlib writes contracts (``"4S by N"``, ``"5DX by E"``), with
    ``results`` the tricks over (+) or under (−) the contract each makes double dummy."""

    score: int
    contracts: tuple[str, ...]
    results: tuple[int, ...] = ()

    @property
    def texts(self) -> tuple[str, ...]:
        """Each par contract with its result: ``"2♣ by South +2"``, ``"5♥ doubled by South −1"``."""
        if len(self.results) != len(self.contracts):
            return self.contracts
        return tuple(result_text(c, r) for c, r in zip(self.contracts, self.results, strict=True))

    def _repr_html_(self) -> str:
        from cardlib.draw.coach import par_html

        return par_html(self)


def par(hands: Sequence[Iterable[Card | str | int]], dealer: int = 2) -> Par:
    """The par result of a deal (four 13-card hands by cardlib seat; ``dealer`` a cardlib seat)."""
    dds, types = _endplay()
    table = dds.calc_dd_table(types.Deal(_pbn(_full_hands(hands))))
    result = dds.par(table, types.Vul.none, _player(types, dealer))
    contracts, results = [], []
    for contract in result:
        strain = ("S", "H", "D", "C", "NT")[int(contract.denom)]  # endplay's Denom order
        doubled = {1: "", 2: "X", 4: "XX"}[int(contract.penalty)]  # endplay's Penalty values
        seat = SEAT_LETTERS[_seat(contract.declarer)]
        contracts.append(f"{contract.level}{strain}{doubled} by {seat}")
        results.append(int(contract.result))
    return Par(int(result.score), tuple(contracts), tuple(results))


__all__ = [
    "STRAINS",
    "CardTricks",
    "DDTable",
    "EndplayMissing",
    "Par",
    "available",
    "dd_table",
    "par",
    "result_text",
    "solve_cards",
    "solve_position",
]
