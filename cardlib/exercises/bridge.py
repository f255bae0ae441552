"""Checks for Contract Bridge exercises: legal calls, the declarer, contract scores, honours.

Trick winners need no check of their own: ``check_trick_winner(answer, trick, trump="H")``
judges them with the contract's trump (``trump=None`` at no trump). Like every check, these
work the truth out with the engine (:mod:`cardlib.bridge`) and never raise for a student's
answer.

>>> feedback = check_declarer("West", calls="1S P 2H P 4H P P P", dealer="N")
>>> feedback.headline, feedback.lines[0][:47]
('West is declarer.', 'The contract is 4♥ by West. East–West won the a')
>>> check_contract_score((120, 30, 0), "4S", 11)
✓ Correct: below 120, above 30 for declarer's side, above 0 for the defenders.
4♠ needs 10 tricks and took 11.
declarer 120 below: 4 bid tricks in spades
declarer 30 above: 1 overtrick
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction

from cardlib import bridge
from cardlib.bridge import CALLS, SEAT_NAMES, STRAIN_NAMES, Auction, Contract
from cardlib.cards import Card, parse_cards
from cardlib.errors import CardlibError, IllegalCallError
from cardlib.exercises.feedback import (
    AnswerError,
    Examples,
    Feedback,
    checked,
    correct,
    not_yet,
    read_seat,
    read_whole_number,
    unanswered,
)
from cardlib.i18n import _

SIDE_WORDS = {"NS": "North–South", "EW": "East–West"}


def _call_text(call: str) -> str:
    """``1♥``, ``2NT``, ``Pass``, ``X``, ``XX``: a call as people write it."""
    if call == bridge.PASS:
        return "Pass"
    if bridge.is_bid(call):
        return call[0] + bridge.STRAIN_SYMBOLS[call[1:]]
    return call


def _calls_listing(calls: Iterable[str]) -> str:
    ordered = sorted(set(calls), key=CALLS.index)
    return " ".join(_call_text(c) for c in ordered) or "none"


def read_calls(answer: object, example: Examples = ('"1C"',)) -> list[str]:
    """Calls from text like ``"P X 2H"`` or a list; each in its written form."""
    if answer is None or answer is ...:
        raise AnswerError(
            unanswered("replace None with your answer, for example {example}."), example
        )
    if isinstance(answer, str):
        items = answer.replace(",", " ").split()
    elif isinstance(answer, Iterable) and not isinstance(answer, bytes):
        items = list(answer)
    else:
        raise AnswerError(
            not_yet(
                "expected calls as text or a list, for example {example}, got "
                + repr(answer).replace("{", "{{").replace("}", "}}")
                + "."
            ),
            example,
        )
    calls = []
    for item in items:
        try:
            calls.append(bridge.parse_call(item))
        except IllegalCallError:
            raise AnswerError(
                not_yet(f"cannot read {item!r} as a call: write {bridge.CALL_FORMS}.")
            ) from None
    return calls


def _calls_given(calls: str | Iterable[str]) -> list[str]:
    """The question's own calls (the teacher's): a call that cannot be read raises."""
    items = calls.replace(",", " ").split() if isinstance(calls, str) else list(calls)
    return [bridge.parse_call(item) for item in items]


@checked
def check_legal_calls(
    answer: object,
    calls: str | Iterable[str],
    dealer: int | str,
    among: str | Iterable[str] | None = None,
    first_caller: bridge.FirstCaller = "left",
) -> Feedback:
    """The calls the next player may make after ``calls`` (``among`` a few given calls, or all)."""
    auction = Auction.from_calls(dealer, calls, first_caller)
    if auction.to_act is None:
        raise IllegalCallError(
            _("the auction must still be on: nobody calls after it is over"), "givens"
        )
    pool = set(CALLS) if among is None else set(_calls_given(among))
    expected = set(auction.legal_calls()) & pool
    given = set(read_calls(answer))
    seat = SEAT_NAMES[auction.to_act]
    if given == expected:
        return correct(f"{seat} may call {_calls_listing(expected)}.")
    right, missing, extra = given & expected, expected - given, given - expected
    lines = []
    if right:
        lines.append(f"Right: {_calls_listing(right)}")
    if missing:
        lines.append(f"Missing: {_calls_listing(missing)} — legal too")
    for call in sorted(extra, key=CALLS.index):
        lines.append(f"Not allowed: {_call_text(call)}, because {auction.why_illegal(call)}")
    credit = Fraction(len(right), len(right | missing | extra)) if given else Fraction(0)
    kinds = []
    if extra:
        kinds.append("you chose a call that is not allowed here")
    if missing:
        kinds.append("you left out a call that is legal")
    return not_yet(
        f"{seat}'s legal calls are not quite these.",
        *lines,
        credit=credit,
        kind="; ".join(kinds) + ".",
    )


def _declarer_why(auction: Auction, contract: Contract, declarer: int) -> str:
    """Why ``declarer`` declares the ``contract`` the finished ``auction`` ended in."""
    strain = contract.strain
    side = SIDE_WORDS[bridge.SIDE_NAMES[declarer % 2]]
    first = next(
        call
        for index, call in enumerate(auction.calls)
        if auction.seat_of(index) == declarer and bridge.is_bid(call) and call[1:] == strain
    )
    return (
        f"The contract is {contract.symbol_text}. {side} won the auction in "
        f"{STRAIN_NAMES[strain]}, and the first of them to name {STRAIN_NAMES[strain]} was "
        f"{SEAT_NAMES[declarer]} ({_call_text(first)}). {SEAT_NAMES[declarer]}'s partner "
        f"{SEAT_NAMES[bridge.partner_of(declarer)]} is dummy; {SEAT_NAMES[(declarer + 1) % 4]}, on "
        "declarer's left, leads."
    )


@checked
def check_declarer(
    answer: object,
    calls: str | Iterable[str],
    dealer: int | str,
    first_caller: bridge.FirstCaller = "left",
) -> Feedback:
    """Who declares the contract of a finished auction."""
    auction = Auction.from_calls(dealer, calls, first_caller)
    contract, declarer = auction.contract, auction.declarer
    if contract is None or declarer is None:  # a finished auction has both or neither
        raise IllegalCallError(_("the auction must end in a contract"), "givens")
    seat = read_seat(answer, 4, ('"East"', '"South"', '"North"'))
    why = _declarer_why(auction, contract, declarer)
    if seat == declarer:
        return correct(f"{SEAT_NAMES[seat]} is declarer.", why)
    if seat == auction.last_bidder:
        return not_yet(f"{SEAT_NAMES[seat]} made the last bid, but is not declarer.", why)
    return not_yet(f"{SEAT_NAMES[seat]} is not declarer.", why)


def _read_triple(answer) -> tuple[int, int, int]:
    example = ("(120, 30, 0)", "(0, 0, 50)")
    if answer is None or answer is ...:
        raise AnswerError(
            unanswered("replace None with your answer, for example {example}."), example
        )
    if isinstance(answer, str):
        answer = answer.replace(",", " ").replace("(", " ").replace(")", " ").split()
    if isinstance(answer, bytes) or not isinstance(answer, Iterable):
        raise AnswerError(
            not_yet(
                "expected three numbers (below, above for declarer's side, above for the "
                "defenders), for example {example}, not "
                + repr(answer).replace("{", "{{").replace("}", "}}")
                + "."
            ),
            example,
        )
    items = list(answer)
    if len(items) != 3:
        raise AnswerError(
            not_yet(f"expected three numbers, for example {{example}}, got {len(items)}."), example
        )
    below, above_declarer, above_defenders = (
        read_whole_number(item, "whole points", example) for item in items
    )
    return below, above_declarer, above_defenders


def _result_line(contract: Contract, tricks: int) -> str:
    needed = contract.tricks_needed
    text = contract.symbol_text
    if tricks >= needed:
        return f"{text} needs {needed} tricks and took {tricks}."
    return f"{text} needs {needed} tricks and took {tricks}: {needed - tricks} down."


@checked
def check_contract_score(answer: object, contract: str | bridge.Contract, tricks: int) -> Feedback:
    """The score of a contract and result as ``(below, above for declarer's side, above for the
    defenders)``: exact whole points."""
    contract = Contract.parse(contract)
    truth = bridge.score(contract, tricks)
    given = _read_triple(answer)
    expected = (truth.below, truth.above_declarer, truth.above_defenders)
    lines = [_result_line(contract, tricks)]
    lines += [f"{line.who} {line.points} {line.where}: {line.reason}" for line in truth.lines]
    headline = (
        f"below {expected[0]}, above {expected[1]} for declarer's side, above {expected[2]} for "
        "the defenders."
    )
    if given == expected:
        return correct(headline, *lines)
    names = ("below the line", "above for declarer's side", "above for the defenders")
    wrong = [
        f"{name}: not {g}" for name, g, e in zip(names, given, expected, strict=True) if g != e
    ]
    right = sum(g == e for g, e in zip(given, expected, strict=True))
    wrong_parts = [n for n, g, e in zip(names, given, expected, strict=True) if g != e]
    return not_yet(
        "not quite these points.",
        *wrong,
        *lines,
        credit=Fraction(right, 3),
        kind="not right yet: the points " + " and ".join(wrong_parts) + ".",
    )


def _hands(hands: Mapping | Iterable) -> list[list[Card]]:
    if isinstance(hands, Mapping):
        by_seat = {bridge.parse_seat(seat): hand for seat, hand in hands.items()}
        hands = [by_seat.get(seat, ()) for seat in range(4)]
    return [parse_cards(h) if isinstance(h, str) else [Card(c) for c in h] for h in hands]


@checked
def check_side_points(
    answer: object,
    side: str,
    where: str,
    contract: str | bridge.Contract,
    tricks: int,
    hands: Mapping | Iterable = (),
) -> Feedback:
    """What one side (``"NS"`` or ``"EW"``) scores ``where`` (``"below"`` or ``"above"`` the
    line) in a deal: the contract's score plus honours found in ``hands`` (by seat)."""
    if side not in bridge.SIDE_NAMES or where not in ("below", "above"):
        raise CardlibError(
            _(
                "side must be 'NS' or 'EW' and where 'below' or 'above', got {side!r} and {where!r}"
            ).format(side=side, where=where),
            "givens",
        )
    result = bridge.deal_score(contract, tricks, _hands(hands))
    index = bridge.SIDE_NAMES.index(side)
    expected = (result.below if where == "below" else result.above)[index]
    points = read_whole_number(answer, "whole points", ("150", "50"))
    contract = Contract.parse(contract)
    lines = [_result_line(contract, tricks)]
    entries = [line for line in result.lines if line.who == side and line.where == where]
    lines += [f"{line.points}: {line.reason}" for line in entries] or [
        f"{SIDE_WORDS[side]} has no entry {where} the line in this deal."
    ]
    headline = f"{SIDE_WORDS[side]} scores {expected} {where} the line."
    if points == expected:
        return correct(headline, *lines)
    return not_yet(f"not {points}.", *lines)
