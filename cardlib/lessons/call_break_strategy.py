"""Lesson 09, Call Break strategy: its quick check, on what the lesson taught.

The lesson's count is :func:`cardlib.strategy.table_count` and its call
:func:`cardlib.strategy.call_by_count`; its measurements use :mod:`cardlib.coach.variants`.
The questions here ask for the lesson's own advice: the corrected count, the last caller's
call, leading spades from length, and playing on to break a call.
"""

from __future__ import annotations

from cardlib.errors import CardlibTypeError
from cardlib.exercises.feedback import Feedback, checked, correct, not_yet, read_whole_number
from cardlib.i18n import N_, _
from cardlib.strategy import call_by_count, table_count
from cardlib.validate import check_count, check_flag
from cardlib.widgets.drill import Question, QuickCheck

NOTEBOOK = "09-call-break-strategy"

#: The last caller calls one less when the four calls would add up to more than this (lesson
#: 09 chose it on 4,000 tuning deals and judged it on 8,000 fresh ones).
LAST_CALLER_TOTAL = 12

EXAMPLE_HAND = "AS QS 9S 7S 4S AH KH 5H 2H QD 8D 6C 3C"


@checked
def check_count_call(answer: object, hand: str) -> Feedback:
    """The call lesson 09's rule makes for ``hand``: the count, one less from a count of 4 up."""
    kinds = table_count(hand)  # the hand is checked before the answer is read
    count = sum(kinds.values())
    expected = call_by_count(hand)
    call = read_whole_number(answer, N_("a call"), ("3",))
    why = _("The count is {count}: {items}. From a count of 4 up, call one less: {call}.").format(
        count=count,
        items=", ".join(f"{kind} {n}" for kind, n in kinds.items() if n),
        call=expected,
    )
    if call == expected:
        return correct(_("Right: call {call}.").format(call=call), why)
    return not_yet(_("not {answer}.").format(answer=call), why)


@checked
def check_last_call(answer: object, count: int, others: tuple[int, int, int]) -> Feedback:
    """The last caller's call: ``count``, one less when the four calls would add up to more
    than :data:`LAST_CALLER_TOTAL`."""
    check_count(count, "count", 1, 13)
    if not isinstance(others, (tuple, list)) or len(others) != 3:
        raise CardlibTypeError(
            _("others must be the three earlier calls, got {value!r}").format(value=others)
        )
    for other in others:
        check_count(other, "others", 1, 13)
    call = read_whole_number(answer, N_("a call"), ("3",))
    total = sum(others) + count
    expected = max(1, count - 1) if total > LAST_CALLER_TOTAL else count
    why = _(
        "With your count the four calls would add up to {total}; more than {limit} means "
        "somebody is likely to fail, so the last caller calls one less."
    ).format(total=total, limit=LAST_CALLER_TOTAL)
    if total <= LAST_CALLER_TOTAL:
        why = _(
            "The four calls would add up to {total}, not more than {limit}: call your count."
        ).format(total=total, limit=LAST_CALLER_TOTAL)
    if call == expected:
        return correct(_("Right: call {call}.").format(call=call), why)
    return not_yet(_("not {answer}.").format(answer=call), why)


def _yes_no(answer: object) -> bool | None:
    """``True`` for yes, ``False`` for no, ``None`` for anything else (text, any case)."""
    if isinstance(answer, str):
        word = answer.strip().lower()
        if word in {"yes", "y", _("yes").lower()}:
            return True
        if word in {"no", "n", _("no").lower()}:
            return False
    return None


@checked
def check_yes_no(answer: object, expected: bool, why: str) -> Feedback:
    """A yes-or-no question: ``why`` (an English sentence marked with ``N_``) explains it."""
    check_flag(expected, "expected")
    if not isinstance(why, str):
        raise CardlibTypeError(_("why must be a sentence, got {value!r}").format(value=why))
    said = _yes_no(answer)
    reason = _(why)
    if said is None:
        headline = _("Answer yes or no, got {answer!r}.").format(answer=answer)
        return not_yet(headline, reason, kind=headline)
    if said == expected:
        return correct(_("Right: yes.") if said else _("Right: no."), reason)
    return not_yet(_("Not yes.") if said else _("Not no."), reason)


def quick_check(record: bool = True) -> QuickCheck:
    """Lesson 09's quick check: its count, the last caller, leading spades, breaking calls."""
    return QuickCheck(
        "09",
        [
            Question(
                _("Your hand: A♠ Q♠ 9♠ 7♠ 4♠ A♥ K♥ 5♥ 2♥ Q♦ 8♦ 6♣ 3♣. What do you call?"),
                check_count_call,
                {"hand": EXAMPLE_HAND},
                "3",
                taught="Checked against the simulation",
            ),
            Question(
                _("You call last with a count of 4; the others called 4, 3 and 3. Your call?"),
                check_last_call,
                {"count": 4, "others": (4, 3, 3)},
                "3",
                taught="Calling position: the last caller has heard the others",
            ),
            Question(
                _("You hold two spades. Lead one of them at your first lead? (yes or no)"),
                check_yes_no,
                {
                    "expected": False,
                    "why": N_(
                        "Lead spades from length, not from shortness: a short spade led is "
                        "spent for nothing, and it could have trumped a side suit later."
                    ),
                },
                "yes",
                taught="When to lead spades",
            ),
            Question(
                _(
                    "Your call is made; East called 5 and has 4 tricks. Keep playing for "
                    "tricks? (yes or no)"
                ),
                check_yes_no,
                {
                    "expected": True,
                    "why": N_(
                        "A trick you take now may be the one that breaks East's call, and it "
                        "costs you nothing: your own call is made."
                    ),
                },
                "no",
                taught="Breaking calls: the game's name",
            ),
        ],
        record=record,
    )


__all__ = [
    "EXAMPLE_HAND",
    "LAST_CALLER_TOTAL",
    "NOTEBOOK",
    "check_count_call",
    "check_last_call",
    "check_yes_no",
    "quick_check",
]
