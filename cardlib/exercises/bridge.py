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
from cardlib.bridge import CALLS, Auction, Contract
from cardlib.bridge.calls import seat_name, strain_name
from cardlib.cards import Card, parse_cards
from cardlib.errors import CardlibError, IllegalCallError
from cardlib.exercises import words
from cardlib.exercises.feedback import (
    AnswerError,
    Examples,
    Feedback,
    _unanswered,
    checked,
    correct,
    example_of,
    not_yet,
    read_seat,
    read_whole_number,
)
from cardlib.i18n import N_, _

#: The sides' names (English; :func:`_side` says them in the learner's language).
SIDE_WORDS = {"NS": "North–South", "EW": "East–West"}


def _side(side: str) -> str:
    return _(SIDE_WORDS[side])


def _call_text(call: str) -> str:
    """``1♥``, ``2NT``, ``Pass``, ``X``, ``XX``: a call as people write it."""
    if call == bridge.PASS:
        return _("Pass")
    if bridge.is_bid(call):
        return call[0] + bridge.STRAIN_SYMBOLS[call[1:]]
    return call


def _calls_listing(calls: Iterable[str]) -> str:
    ordered = sorted(set(calls), key=CALLS.index)
    return " ".join(_call_text(c) for c in ordered) or _("none")


def _call_words() -> frozenset[str]:
    return words.phrases(lambda: (_("Pass"),))


def read_calls(answer: object, example: Examples = ('"1C"',)) -> list[str]:
    """Calls from text like ``"P X 2H"`` or a list; each in its written form (a pass also as the
    learner's word for it, ``"पास"``)."""
    if answer is None or answer is ...:
        raise _unanswered(example)
    if isinstance(answer, str):
        items = answer.replace(",", " ").split()
    elif isinstance(answer, Iterable) and not isinstance(answer, bytes):
        items = list(answer)
    else:
        raise AnswerError(
            not_yet(
                _("expected calls as text or a list, for example {example}, got {answer}.").format(
                    example=example_of(example), answer=repr(answer)
                )
            ),
            example,
        )
    calls = []
    for item in items:
        if isinstance(item, str) and words.normal(item) in _call_words():
            calls.append(bridge.PASS)
            continue
        try:
            calls.append(bridge.parse_call(item))
        except IllegalCallError:
            raise AnswerError(
                not_yet(
                    _("cannot read {answer} as a call: write {forms}.").format(
                        answer=repr(item), forms=_call_forms()
                    )
                )
            ) from None
    return calls


def _calls_given(calls: str | Iterable[str]) -> list[str]:
    """The question's own calls (the teacher's): a call that cannot be read raises."""
    items = calls.replace(",", " ").split() if isinstance(calls, str) else list(calls)
    return [bridge.parse_call(item) for item in items]


def _call_forms() -> str:
    return _(bridge.CALL_FORMS)


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
    seat = seat_name(auction.to_act)
    if given == expected:
        return correct(
            _("{seat} may call {calls}.").format(seat=seat, calls=_calls_listing(expected))
        )
    right, missing, extra = given & expected, expected - given, given - expected
    lines = []
    if right:
        lines.append(_("Right: {cards}").format(cards=_calls_listing(right)))
    if missing:
        lines.append(_("Missing: {calls} — legal too").format(calls=_calls_listing(missing)))
    for call in sorted(extra, key=CALLS.index):
        lines.append(
            _("Not allowed: {call}, because {reason}").format(
                call=_call_text(call), reason=auction.why_illegal(call)
            )
        )
    credit = Fraction(len(right), len(right | missing | extra)) if given else Fraction(0)
    kinds = []
    if extra:
        kinds.append(_("you chose a call that is not allowed here"))
    if missing:
        kinds.append(_("you left out a call that is legal"))
    return not_yet(
        _("{seat}'s legal calls are not quite these.").format(seat=seat),
        *lines,
        credit=credit,
        kind="; ".join(kinds) + ".",
    )


def _declarer_why(auction: Auction, contract: Contract, declarer: int) -> str:
    """Why ``declarer`` declares the ``contract`` the finished ``auction`` ended in."""
    strain = contract.strain
    side = _side(bridge.SIDE_NAMES[declarer % 2])
    first = next(
        call
        for index, call in enumerate(auction.calls)
        if auction.seat_of(index) == declarer and bridge.is_bid(call) and call[1:] == strain
    )
    return _(
        "The contract is {contract}. {side} won the auction in {strain}, and the first of them "
        "to name {strain} was {declarer} ({call}). {declarer}'s partner {dummy} is dummy; "
        "{leader}, on declarer's left, leads."
    ).format(
        contract=contract.symbol_text,
        side=side,
        strain=strain_name(strain),
        declarer=seat_name(declarer),
        call=_call_text(first),
        dummy=seat_name(bridge.partner_of(declarer)),
        leader=seat_name((declarer + 1) % 4),
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
    # The example seat in the learner's words (any language's name is read).
    seat = read_seat(answer, 4, tuple(f'"{seat_name(s)}"' for s in (3, 0, 2)))
    why = _declarer_why(auction, contract, declarer)
    name = seat_name(seat)
    if seat == declarer:
        return correct(_("{seat} is declarer.").format(seat=name), why)
    if seat == auction.last_bidder:
        return not_yet(_("{seat} made the last bid, but is not declarer.").format(seat=name), why)
    return not_yet(_("{seat} is not declarer.").format(seat=name), why)


def _read_triple(answer) -> tuple[int, int, int]:
    example = ("(120, 30, 0)", "(0, 0, 50)")
    if answer is None or answer is ...:
        raise _unanswered(example)
    if isinstance(answer, str):
        answer = answer.replace(",", " ").replace("(", " ").replace(")", " ").split()
    if isinstance(answer, bytes) or not isinstance(answer, Iterable):
        raise AnswerError(
            not_yet(
                _(
                    "expected three numbers (below, above for declarer's side, above for the "
                    "defenders), for example {example}, not {answer}."
                ).format(example=example_of(example), answer=repr(answer))
            ),
            example,
        )
    items = list(answer)
    if len(items) != 3:
        raise AnswerError(
            not_yet(
                _("expected three numbers, for example {example}, got {count}.").format(
                    example=example_of(example), count=len(items)
                )
            ),
            example,
        )
    below, above_declarer, above_defenders = (
        read_whole_number(item, N_("whole points"), example) for item in items
    )
    return below, above_declarer, above_defenders


def _result_line(contract: Contract, tricks: int) -> str:
    needed = contract.tricks_needed
    text = contract.symbol_text
    if tricks >= needed:
        return _("{contract} needs {needed} tricks and took {tricks}.").format(
            contract=text, needed=needed, tricks=tricks
        )
    return _("{contract} needs {needed} tricks and took {tricks}: {down} down.").format(
        contract=text, needed=needed, tricks=tricks, down=needed - tricks
    )


def _sheet_line(line: bridge.SheetLine) -> str:
    """A score's entry: "declarer 120 below: 4 bid tricks in spades"."""
    return _("{who} {points} {where}: {reason}").format(
        who=_(line.who), points=line.points, where=_(line.where), reason=line.reason
    )


def _and(parts: list[str]) -> str:
    """``a and b and c``, in the learner's language."""
    text = parts[0]
    for part in parts[1:]:
        text = _("{first} and {second}").format(first=text, second=part)
    return text


@checked
def check_contract_score(answer: object, contract: str | bridge.Contract, tricks: int) -> Feedback:
    """The score of a contract and result as ``(below, above for declarer's side, above for the
    defenders)``: exact whole points."""
    contract = Contract.parse(contract)
    truth = bridge.score(contract, tricks)
    given = _read_triple(answer)
    expected = (truth.below, truth.above_declarer, truth.above_defenders)
    lines = [_result_line(contract, tricks)]
    lines += [_sheet_line(line) for line in truth.lines]
    headline = _(
        "below {below}, above {above} for declarer's side, above {defenders} for the defenders."
    ).format(below=expected[0], above=expected[1], defenders=expected[2])
    if given == expected:
        return correct(headline, *lines)
    names = (
        _("below the line"),
        _("above for declarer's side"),
        _("above for the defenders"),
    )
    wrong = [
        _("{part}: not {answer}").format(part=name, answer=g)
        for name, g, e in zip(names, given, expected, strict=True)
        if g != e
    ]
    right = sum(g == e for g, e in zip(given, expected, strict=True))
    wrong_parts = [n for n, g, e in zip(names, given, expected, strict=True) if g != e]
    return not_yet(
        _("not quite these points."),
        *wrong,
        *lines,
        credit=Fraction(right, 3),
        kind=_("not right yet: the points {parts}.").format(parts=_and(wrong_parts)),
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
    points = read_whole_number(answer, N_("whole points"), ("150", "50"))
    contract = Contract.parse(contract)
    lines = [_result_line(contract, tricks)]
    entries = [line for line in result.lines if line.who == side and line.where == where]
    nothing = (
        _("{side} has no entry below the line in this deal.")
        if where == "below"
        else _("{side} has no entry above the line in this deal.")
    )
    lines += [f"{line.points}: {line.reason}" for line in entries] or [
        nothing.format(side=_side(side))
    ]
    headline = (
        _("{side} scores {points} below the line.")
        if where == "below"
        else _("{side} scores {points} above the line.")
    ).format(side=_side(side), points=expected)
    if points == expected:
        return correct(headline, *lines)
    return not_yet(_("not {answer}.").format(answer=points), *lines)
