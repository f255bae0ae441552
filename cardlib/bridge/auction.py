"""Contract Bridge's auction, as a small state machine.

Also available from :mod:`cardlib.bridge`.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardlib.bridge.calls import (
    _BID_RANK,
    CALLS,
    DOUBLE,
    FIRST_CALLERS,
    NORTH,
    PASS,
    REDOUBLE,
    SEAT_LETTERS,
    SEAT_NAMES,
    Contract,
    FirstCaller,
    call_list,
    parse_call,
    parse_seat,
)
from cardlib.errors import CardlibError, IllegalCallError, OutOfTurnError, PhaseError
from cardlib.i18n import _

# ----- the auction -----------------------------------------------------------


class Auction:
    """The auction of one deal, as a small state machine.

    ``Auction(dealer, first_caller="left")``: calls go clockwise from the
    dealer's left (``first_caller="dealer"``: from the dealer, as in the
    international Laws). ``call("1H")`` makes the next call; ``legal_calls()``
    lists the calls allowed now. The auction is over after three passes in a
    row that follow a bid (``.contract`` is then set) or after four opening
    passes (``.passed_out``). An illegal call raises
    :class:`~cardlib.errors.IllegalCallError` naming the rule and changes nothing.

    The rule ids of illegal calls: ``call-syntax``, ``insufficient-bid``,
    ``double-no-bid``, ``double-own-side``, ``double-already-doubled``,
    ``redouble-not-doubled``, ``redouble-opponents-bid``,
    ``redouble-already-redoubled``; ``out-of-turn`` (``OutOfTurnError``) and
    ``auction-over`` (``PhaseError``).
    """

    def __init__(self, dealer: int | str = NORTH, first_caller: FirstCaller = "left"):
        if first_caller not in FIRST_CALLERS:
            raise CardlibError(
                _(
                    "first_caller is 'left' (the dealer's left calls first) or 'dealer', "
                    "got {value!r}"
                ).format(value=first_caller),
                "first-caller",
            )
        self.dealer = parse_seat(dealer)
        self.first_caller = first_caller
        self.first_seat = self.dealer if first_caller == "dealer" else (self.dealer + 1) % 4
        self._calls: list[str] = []

    @classmethod
    def from_calls(
        cls,
        dealer: int | str,
        calls: str | Iterable[str],
        first_caller: FirstCaller = "left",
    ) -> Auction:
        """An auction with ``calls`` made (a list, or text like ``"1H P 2H P P P"``)."""
        auction = cls(dealer, first_caller)
        for call in call_list(calls):
            auction.call(call)
        return auction

    # ----- state -----------------------------------------------------------

    @property
    def calls(self) -> tuple[str, ...]:
        """The calls so far, in order, in their written form."""
        return tuple(self._calls)

    def seat_of(self, index: int) -> int:
        """The seat that made (or makes) the ``index``-th call."""
        return (self.first_seat + index) % 4

    @property
    def to_act(self) -> int | None:
        """The seat whose call it is, ``None`` once the auction is over."""
        return None if self.is_over else self.seat_of(len(self._calls))

    def _last_bid_index(self) -> int | None:
        for index in range(len(self._calls) - 1, -1, -1):
            if self._calls[index] in _BID_RANK:
                return index
        return None

    @property
    def last_bid(self) -> str | None:
        """The highest bid so far (bids only rise, so the last one), or ``None``."""
        index = self._last_bid_index()
        return None if index is None else self._calls[index]

    @property
    def last_bidder(self) -> int | None:
        """The seat that made the last bid, or ``None``."""
        index = self._last_bid_index()
        return None if index is None else self.seat_of(index)

    @property
    def doubled(self) -> int:
        """0, 1 or 2: whether the last bid stands undoubled, doubled or redoubled."""
        index = self._last_bid_index()
        if index is None:
            return 0
        after = self._calls[index + 1 :]
        return 2 if REDOUBLE in after else 1 if DOUBLE in after else 0

    def _trailing_passes(self) -> int:
        count = 0
        for call in reversed(self._calls):
            if call != PASS:
                break
            count += 1
        return count

    @property
    def passed_out(self) -> bool:
        """Four passes and no bid: no contract, the deal scores nothing."""
        return len(self._calls) == 4 and self._trailing_passes() == 4

    @property
    def is_over(self) -> bool:
        """Three passes in a row after a bid, or four opening passes."""
        if self.passed_out:
            return True
        return self.last_bid is not None and self._trailing_passes() == 3

    @property
    def declarer(self) -> int | None:
        """Once the auction is over: the first player of the winning side to name the strain."""
        index = self._last_bid_index()
        if not self.is_over or index is None:  # still on, or passed out: no bid
            return None
        side = self.seat_of(index) % 2
        strain = self._calls[index][1:]
        for index, call in enumerate(self._calls):
            seat = self.seat_of(index)
            if call in _BID_RANK and call[1:] == strain and seat % 2 == side:
                return seat
        raise AssertionError("the final bidder named the strain")  # pragma: no cover

    @property
    def contract(self) -> Contract | None:
        """The contract once the auction is over (``None`` before, and when passed out)."""
        declarer = self.declarer
        final = self.last_bid
        if declarer is None or final is None:  # both or neither: a declarer means a bid
            return None
        return Contract(int(final[0]), final[1:], self.doubled, declarer)

    # ----- calling ---------------------------------------------------------

    def why_illegal(self, call: str) -> IllegalCallError | PhaseError | None:
        """The error a call would raise now (not raised), or ``None`` if it is legal."""
        if self.is_over:
            if self.passed_out:
                message = _("the auction is over: all four passed")
            else:
                message = _("the auction is over: the contract is {contract}").format(
                    contract=self.contract
                )
            return PhaseError(message, "auction-over")
        try:
            call = parse_call(call)
        except IllegalCallError as error:
            return error
        seat = self.seat_of(len(self._calls))  # the auction is on: somebody is to call
        index = self._last_bid_index()
        last = None if index is None else self._calls[index]
        doubled = self.doubled
        if call in _BID_RANK:
            if last is not None and _BID_RANK[call] <= _BID_RANK[last]:
                return IllegalCallError(
                    _(
                        "{call} is not higher than {last}: each bid must name more tricks, or "
                        "as many in a higher strain (♣ < ♦ < ♥ < ♠ < NT)"
                    ).format(call=call, last=last),
                    "insufficient-bid",
                )
        elif call == DOUBLE:
            if index is None:
                return IllegalCallError(_("there is no bid to double yet"), "double-no-bid")
            if self.seat_of(index) % 2 == seat % 2:
                return IllegalCallError(
                    _(
                        "{last} was bid by your own side: you may double only the opponents' bid"
                    ).format(last=last),
                    "double-own-side",
                )
            if doubled:
                message = (
                    _("{last} is already doubled: a bid is doubled at most once")
                    if doubled == 1
                    else _("{last} is already redoubled: a bid is doubled at most once")
                )
                return IllegalCallError(
                    message.format(last=last),
                    "double-already-doubled",
                )
        elif call == REDOUBLE:
            if index is None or doubled == 0:  # no bid is never doubled
                return IllegalCallError(
                    _("nothing to redouble: you may redouble only a double of your side's bid"),
                    "redouble-not-doubled",
                )
            if self.seat_of(index) % 2 != seat % 2:
                return IllegalCallError(
                    _(
                        "{last} is the opponents' bid: only the side that was doubled may redouble"
                    ).format(last=last),
                    "redouble-opponents-bid",
                )
            if doubled == 2:
                return IllegalCallError(
                    _("{last} is already redoubled").format(last=last),
                    "redouble-already-redoubled",
                )
        return None

    def legal_calls(self) -> tuple[str, ...]:
        """The calls allowed now: the higher bids in rank order, then P, X, XX as allowed."""
        if self.is_over:
            return ()
        return tuple(call for call in CALLS if self.why_illegal(call) is None)

    def call(self, call: str, seat: int | str | None = None) -> None:
        """Make the next call: ``"1H"``, ``"2NT"``, ``"P"``, ``"X"``, ``"XX"`` (any form
        :func:`parse_call` reads).

        ``seat``, if given, must be the seat whose turn it is.
        """
        turn = self.to_act  # None once the auction is over
        if seat is not None and turn is not None and parse_seat(seat) != turn:
            raise OutOfTurnError(
                _("it is {turn}'s call, not {seat}'s (calls go clockwise)").format(
                    turn=_(SEAT_NAMES[turn]), seat=_(SEAT_NAMES[parse_seat(seat)])
                ),
                "out-of-turn",
            )
        error = self.why_illegal(call)
        if error is not None:
            raise error
        self._calls.append(parse_call(call))

    # ----- copying and printing ------------------------------------------------

    def copy(self) -> Auction:
        """An independent auction with the same calls so far."""
        other = Auction(self.dealer, self.first_caller)
        other._calls = list(self._calls)
        return other

    def __copy__(self) -> Auction:
        """``copy.copy(auction)`` is :meth:`copy`: a shallow copy would share the calls."""
        return self.copy()

    def __deepcopy__(self, memo: dict) -> Auction:
        """``copy.deepcopy(auction)`` is :meth:`copy` too."""
        other = memo[id(self)] = self.copy()
        return other

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and (
            other.dealer,
            other.first_caller,
            other._calls,
        ) == (self.dealer, self.first_caller, self._calls)

    # Mutable, so unhashable: the data model's way, which typeshed's object.__hash__ (a method
    # returning int) does not allow for.
    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        option = "" if self.first_caller == "left" else ", first_caller='dealer'"
        return (
            f"Auction.from_calls({SEAT_LETTERS[self.dealer]!r}, {' '.join(self._calls)!r}{option})"
        )

    def __str__(self) -> str:
        calls = ", ".join(f"{SEAT_LETTERS[self.seat_of(i)]}:{c}" for i, c in enumerate(self._calls))
        return calls or "no calls yet"

    def _repr_html_(self) -> str:
        from cardlib.draw.bridge import auction_html

        return auction_html(self)
