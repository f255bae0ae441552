"""Lesson 30, the Bridge auction: how bids rank, which calls are refused, and the quick check.

>>> is_higher("1H", "1D"), is_higher("1C", "1D")
(True, False)
>>> refusal("1D X P", "X"), refusal("1D", "X")
('double-already-doubled', None)
>>> side_name(bridge.NORTH), side_name(bridge.EAST)
('NS', 'EW')
"""

from __future__ import annotations

from cardlib import bridge
from cardlib.bridge import BIDS, Auction, parse_call
from cardlib.exercises.bridge import check_declarer, check_legal_calls
from cardlib.i18n import _
from cardlib.widgets.drill import Question, QuickCheck

NOTEBOOK = "30-bridge-auction"

#: The seats in the order of play, from North, as Bridge books list them.
CLOCKWISE_FROM_NORTH = (bridge.NORTH, bridge.EAST, bridge.SOUTH, bridge.WEST)


def side_name(seat: int | str) -> str:
    """``'NS'`` or ``'EW'``: the partnership a seat plays for."""
    return bridge.SIDE_NAMES[bridge.side_of(seat)]


def is_higher(bid: str, than: str) -> bool:
    """Whether ``bid`` may follow ``than`` in an auction: more tricks, or as many in a higher
    strain (bids in any written form ``parse_call`` reads: ``"1h"``, ``"1♥"``)."""
    return BIDS.index(parse_call(bid)) > BIDS.index(parse_call(than))


def refusal(calls: str, call: str, dealer: int | str = "N") -> str | None:
    """The rule id that refuses ``call`` after ``calls`` (dealer ``dealer``), or ``None`` if the
    call is legal; the auction itself is untouched (a fresh one is built from ``calls``)."""
    error = Auction.from_calls(dealer, calls).why_illegal(call)
    return None if error is None else error.rule


def quick_check(record: bool = True) -> QuickCheck:
    """Lesson 30's quick check: who declares, and which calls the double rules allow."""
    declarer = "Declarer, dummy and the opening lead"
    return QuickCheck(
        "30",
        [
            Question(
                _("North deals. East opens 1♥, South passes, West bids 2♥, all pass. Declarer?"),
                check_declarer,
                {"calls": "1H P 2H P P P", "dealer": "N"},
                "South",
                taught=declarer,
            ),
            Question(
                _("North deals. East 1♣, South 1♥, West passes, North 2♥, all pass. Declarer?"),
                check_declarer,
                {"calls": "1C 1H P 2H P P P", "dealer": "N"},
                "North",
                taught=declarer,
            ),
            Question(
                _(
                    "North deals. East opens 1♦ and South doubles. Of pass, double and "
                    "redouble, which may West call?"
                ),
                check_legal_calls,
                {"calls": "1D X", "dealer": "N", "among": "P X XX"},
                "X",
                taught="Double and redouble",
            ),
            Question(
                _(
                    "North deals. East opens 1♦, South and West pass. Of pass, double and "
                    "redouble, which may North call?"
                ),
                check_legal_calls,
                {"calls": "1D P P", "dealer": "N", "among": "P X XX"},
                "XX",
                taught="Double and redouble",
            ),
        ],
        record=record,
    )
