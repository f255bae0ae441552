"""Contract Bridge's scoring: a contract's score, honours, and a deal's entries on the sheet.

Also available from :mod:`cardlib.bridge`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from cardlib.bridge.calls import (
    SIDE_NAMES,
    STRAINS,
    Contract,
    seat_name,
    strain_name,
    trick_value,
)
from cardlib.cards import Card
from cardlib.errors import CardlibError, CardlibTypeError, PositionError, is_count
from cardlib.game import PointsExplained, hand_cards
from cardlib.i18n import _, ngettext

# ----- scoring -----------------------------------------------------------------

SMALL_SLAM_BONUS, GRAND_SLAM_BONUS = 500, 1000
INSULT_BONUS = (0, 50, 100)  # making a contract undoubled, doubled, redoubled
GAME_POINTS = 100  # below the line, to win


class SheetLine(NamedTuple):
    """One entry of a scoring sheet: who scores, below or above the line, points, why."""

    who: str  # "declarer" or "defenders" in a Score; "NS" or "EW" in a DealScore
    where: str  # "below" or "above"
    points: int
    reason: str


def undertrick_penalty(down: int, doubled: int) -> int:
    """Points to the defenders for ``down`` undertricks: 50 each undoubled;
    doubled 100, 300, 500, then 300 more each; redoubled twice the doubled figures.

    >>> [undertrick_penalty(n, 1) for n in range(1, 6)]
    [100, 300, 500, 800, 1100]
    """
    if down <= 0:
        return 0
    if doubled == 0:
        return 50 * down
    doubled_penalty = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return doubled_penalty * doubled  # ×1 doubled, ×2 redoubled


@dataclass(frozen=True)
class Score:
    """The score of one contract and result, in whole points.

    ``below``: below the line for the declaring side (only when it makes the
    contract); ``above_declarer``, ``above_defenders``: above the line for
    each side; ``lines``: the sheet's entries with their reasons. Honours
    depend on the hands, so they are scored apart (:func:`honours`).
    """

    below: int
    above_declarer: int
    above_defenders: int
    made: bool
    lines: tuple[SheetLine, ...] = ()

    def __repr__(self) -> str:
        return (
            f"Score(below={self.below}, above_declarer={self.above_declarer}, "
            f"above_defenders={self.above_defenders})"
        )

    def __str__(self) -> str:
        return "; ".join(
            f"{line.who} {line.points} {line.where}: {line.reason}" for line in self.lines
        )

    def _repr_html_(self) -> str:
        from cardlib.draw.bridge import score_html

        return score_html(self)


def _check_tricks(tricks_taken: object) -> int:
    """``tricks_taken`` itself if it is a whole number 0..13; otherwise the error saying so."""
    if (
        not isinstance(tricks_taken, int)
        or isinstance(tricks_taken, bool)
        or not 0 <= tricks_taken <= 13
    ):
        raise (CardlibError if is_count(tricks_taken) else CardlibTypeError)(
            _("tricks taken must be a whole number from 0 to 13, got {value!r}").format(
                value=tricks_taken
            ),
            "tricks",
        )
    return tricks_taken


def score(contract: str | Contract, tricks_taken: int) -> Score:
    """Score a contract (``"4S"``, ``"3NTX"``, a :class:`Contract`) when the declaring
    side took ``tricks_taken`` of the 13 tricks. Exact integers, per the rule book.

    >>> score("6HXX", 13).below, score("6HXX", 13).above_declarer
    (720, 800)
    """
    contract = Contract.parse(contract)
    _check_tricks(tricks_taken)
    level, strain, doubled = contract.level, contract.strain, contract.doubled
    factor = (1, 2, 4)[doubled]
    # Translators: added after a count of tricks: "2 undertricks doubled".
    state = ("", _(" doubled"), _(" redoubled"))[doubled]
    lines = []
    extra = tricks_taken - contract.tricks_needed
    if extra < 0:
        penalty = undertrick_penalty(-extra, doubled)
        reason = ngettext("{count} undertrick{state}", "{count} undertricks{state}", -extra)
        lines.append(
            SheetLine("defenders", "above", penalty, reason.format(count=-extra, state=state))
        )
        return Score(0, 0, penalty, False, tuple(lines))
    below = factor * sum(trick_value(strain, n) for n in range(1, level + 1))
    lines.append(
        SheetLine(
            "declarer",
            "below",
            below,
            ngettext(
                "{count} bid trick in {strain}{state}",
                "{count} bid tricks in {strain}{state}",
                level,
            ).format(count=level, strain=strain_name(strain), state=state),
        )
    )
    above = 0
    if extra:
        each = trick_value(strain, 2) if doubled == 0 else 100 * doubled
        lines.append(
            SheetLine(
                "declarer",
                "above",
                each * extra,
                ngettext("{count} overtrick{state}", "{count} overtricks{state}", extra).format(
                    count=extra, state=state
                ),
            )
        )
        above += each * extra
    if level >= 6:
        bonus = SMALL_SLAM_BONUS if level == 6 else GRAND_SLAM_BONUS
        lines.append(
            SheetLine(
                "declarer",
                "above",
                bonus,
                _("small slam bid and made") if level == 6 else _("grand slam bid and made"),
            )
        )
        above += bonus
    if doubled:
        lines.append(
            SheetLine(
                "declarer",
                "above",
                INSULT_BONUS[doubled],
                _("making a doubled contract (insult)")
                if doubled == 1
                else _("making a redoubled contract (insult)"),
            )
        )
        above += INSULT_BONUS[doubled]
    return Score(below, above, 0, True, tuple(lines))


HONOUR_RANKS = (14, 13, 12, 11, 10)


def honours(hand: Iterable[Card | str] | str, strain: str) -> int:
    """Honours held in one hand: four of A K Q J 10 of trumps 100, all five 150;
    at no trump all four aces 150; otherwise 0. Scored above the line for the
    holder's side, declarers or defenders, contract made or not.

    >>> honours("AS KS QS JS 2H", "S"), honours("AS AH AD AC", "NT"), honours("AS KS QS", "S")
    (100, 150, 0)
    """
    cards = hand_cards(hand)
    if len(cards) > 13:
        raise PositionError(
            _("a hand holds at most 13 cards, got {count}").format(count=len(cards))
        )
    if not isinstance(strain, str) or strain not in STRAINS:
        raise CardlibError(
            _("a strain is one of C D H S NT, got {value!r}").format(value=strain), "strain"
        )
    if strain == "NT":
        return 150 if sum(c.rank == 14 for c in cards) == 4 else 0
    held = sum(c.suit == strain and c.rank in HONOUR_RANKS for c in cards)
    return 150 if held == 5 else 100 if held == 4 else 0


@dataclass(frozen=True)
class DealScore:
    """What one deal adds to the sheet, by side (index 0 NS, 1 EW).

    ``below`` and ``above`` are pairs of whole points; ``lines`` the entries,
    with ``who`` ``"NS"`` or ``"EW"``. A passed-out deal scores nothing.
    """

    contract: Contract | None
    tricks_taken: int | None
    below: tuple[int, int]
    above: tuple[int, int]
    lines: tuple[SheetLine, ...]

    def __repr__(self) -> str:
        return (
            f"DealScore(contract={str(self.contract) if self.contract else None!r}, "
            f"tricks_taken={self.tricks_taken}, below={self.below}, above={self.above})"
        )


def deal_score(
    contract: str | Contract | None, tricks_taken: int | None, hands: Sequence = ()
) -> DealScore:
    """A deal's entries by side: the contract's :func:`score` with the declarer known,
    plus honours found in the dealt ``hands`` (four hands, indexed by seat)."""
    if contract is None:
        return DealScore(None, None, (0, 0), (0, 0), ())
    contract = Contract.parse(contract)
    if contract.declarer is None:
        raise CardlibError(
            _("a deal's score needs the declarer, got {contract!r}: write e.g. '4S by N'").format(
                contract=str(contract)
            ),
            "contract",
        )
    declaring = contract.declarer % 2
    names = {"declarer": SIDE_NAMES[declaring], "defenders": SIDE_NAMES[1 - declaring]}
    # Checked here too: None is the tricks of a deal without a contract, refused with one.
    result = score(contract, _check_tricks(tricks_taken))
    lines = [line._replace(who=names[line.who]) for line in result.lines]
    for seat, hand in enumerate(hands):
        points = honours(hand, contract.strain)
        if points:
            reason = (
                _("honours (four aces, {seat})")
                if contract.strain == "NT"
                else _("honours (trump honours, {seat})")
            )
            lines.append(
                SheetLine(
                    SIDE_NAMES[seat % 2], "above", points, reason.format(seat=seat_name(seat))
                )
            )
    below, above = [0, 0], [0, 0]
    for line in lines:
        side = SIDE_NAMES.index(line.who)
        (below if line.where == "below" else above)[side] += line.points
    return DealScore(
        contract, tricks_taken, (below[0], below[1]), (above[0], above[1]), tuple(lines)
    )


def explain_line(line: SheetLine) -> str:
    """One entry of the sheet in words: "2 bid tricks in spades: 60 below the line"."""
    if line.where == "below":
        return _("{reason}: {points} below the line").format(reason=line.reason, points=line.points)
    return _("{reason}: {points} above the line").format(reason=line.reason, points=line.points)


def explain_side(result: DealScore, side: int) -> PointsExplained:
    """What one deal gives a side (0 North–South, 1 East–West), with every entry in words.

    >>> explain_side(deal_score("2S by N", 9), 0).reason
    '2 bid tricks in spades: 60 below the line; 1 overtrick: 30 above the line'
    """
    contract = result.contract
    if contract is None:
        return PointsExplained(_("passed out"), 0, "0", _("nobody bid: no score"))
    declarer, tricks_taken = contract.declarer, result.tricks_taken
    if declarer is None or tricks_taken is None:  # deal_score never makes one so
        raise CardlibError(
            f"a deal's score with a contract needs its declarer and the tricks taken, "
            f"got {result!r}",
            "contract",
        )
    lines = [line for line in result.lines if line.who == SIDE_NAMES[side]]
    points = result.below[side] + result.above[side]
    made = tricks_taken >= contract.tricks_needed
    if declarer % 2 == side:
        word = _("made") if made else _("set")
    else:
        word = _("defended") if not made else "—"
    reason = "; ".join(explain_line(line) for line in lines) or _("nothing")
    return PointsExplained(word, points, str(points), reason)
