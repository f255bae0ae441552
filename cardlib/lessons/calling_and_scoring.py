"""Lesson 04, Calling and scoring: its tables, the table-side count, and its quick check.

The lesson shows the scoring rule as a table, the chance of making each call beside its expected
score, the sample hands' best calls against their mean tricks, and the count a player makes at
the table in a few seconds, card by card:

>>> for card, why in count_lines("AS KS 9S 7S 5S 3S AH 8H KD 6D 4D 7C 2C"):
...     if why:
...         print(card, why)
A♠ the A♠
K♠ the K♠ with another spade
5♠ a spade beyond the fourth
3♠ a spade beyond the fourth
A♥ a side ace
K♦ a guarded side king
>>> count_of("AS KS 9S 7S 5S 3S AH 8H KD 6D 4D 7C 2C")
6

The count and the call are :func:`cardlib.strategy.table_count` and
:func:`cardlib.strategy.call_by_count` (the calling drill's rule of thumb); these lines only
say which card counts for what.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from cardlib import callbreak, strategy
from cardlib.cards import SUITS, Card, parse_cards, sort_for_display, suit_name
from cardlib.coach.estimate import best_calls, mean_tricks, trick_counts
from cardlib.draw.svg import Html, card_html, cards_html
from cardlib.draw.tables import percent, places, table_html
from cardlib.errors import CardlibError
from cardlib.exercises.feedback import Feedback, checked, correct, not_yet, read_whole_number
from cardlib.i18n import N_, _
from cardlib.widgets.drill import Question, QuickCheck
from cardlib.widgets.scoring import SAMPLE_HANDS

NOTEBOOK = "04-calling-and-scoring"

#: From this count up, call one less than the count (notebook 09 measures why).
THRESHOLD = strategy.COUNT_THRESHOLD

#: The headings of the lesson its quick check's questions come from (English, as the notebook).
RULE = "The rule"
WHY_BELOW = "Why the best call is below the mean"
COUNTING = "Counting at the table"


# ----- the scoring rule ------------------------------------------------------------------------


def scoring_table(calls: Iterable[int] = range(1, 9), tricks: Iterable[int] = range(14)) -> Html:
    """Every score for these calls (rows) and tricks taken (columns); made calls in bold."""
    tricks = list(tricks)
    head = "<tr><th>" + _("call \\ tricks") + "</th>"
    head += "".join(f"<th>{t}</th>" for t in tricks) + "</tr>"
    rows = []
    for call in calls:
        cells = []
        for t in tricks:
            text = callbreak.format_points(callbreak.score(call, t))
            cells.append(f"<td><b>{text}</b></td>" if t >= call else f"<td>{text}</td>")
        rows.append(f"<tr><th>{call}</th>{''.join(cells)}</tr>")
    return Html(f'<table style="font-size:smaller">{head}{"".join(rows)}</table>')


# ----- from trick counts to a call ----------------------------------------------------------


def made_chance(counts: Sequence[int], call: int) -> Fraction:
    """The share of deals in which the hand took at least ``call`` tricks (exact).

    >>> made_chance([0, 1, 2, 1], 2)
    Fraction(3, 4)
    """
    return Fraction(sum(counts[call:]), sum(counts))


def chances_table(counts: Sequence[int], calls: Iterable[int] = range(2, 8)) -> Html:
    """For each call: the chance of making it and its expected score, from the trick counts."""
    expected = callbreak.expected_scores(counts)
    return table_html(
        [_("call"), _("chance of making it"), _("expected score")],
        [[c, percent(made_chance(counts, c)), places(expected[c])] for c in calls],
    )


def best_versus_mean(hand: str, samples: int = 10_000, seed: int = 2024) -> tuple:
    """A hand's mean tricks (an exact fraction) and its best call(s), from ``samples`` deals."""
    counts = trick_counts(hand, samples, seed)
    return mean_tricks(counts), best_calls(callbreak.expected_scores(counts))


def sample_survey(samples: int = 10_000, seed: int = 2024) -> dict[str, tuple]:
    """Every sample hand of the lesson: its mean tricks and best call(s) (``best_versus_mean``)."""
    return {name: best_versus_mean(hand, samples, seed) for name, hand in SAMPLE_HANDS.items()}


def survey_table(survey: dict[str, tuple]) -> Html:
    """The survey as a table: mean tricks, best call, and how far the best call is below."""
    return table_html(
        [_("hand"), _("mean tricks"), _("best call"), _("mean − best call")],
        [
            [_(name), places(mean), calls[0], places(mean - calls[0]).replace("-", "−")]
            for name, (mean, calls) in survey.items()
        ],
    )


# ----- the count at the table ---------------------------------------------------------------

#: What a card counts for, by reason (the words are translated when shown).
SIDE_ACE = N_("a side ace")
SIDE_KING = N_("a guarded side king")
SPADE_ACE = N_("the A♠")
SPADE_KING = N_("the K♠ with another spade")
SPADE_QUEEN = N_("the Q♠ with two other spades")
LONG_SPADE = N_("a spade beyond the fourth")
SHORT_SUIT = N_("one more: a void or singleton side suit, with three or more spades")


def _cards(hand: str | Iterable[Card | str]) -> list[Card]:
    """The hand's cards; a card twice is refused (no hand holds it twice)."""
    cards = parse_cards(hand) if isinstance(hand, str) else [Card(c) for c in hand]
    if len(set(cards)) != len(cards):
        twice = sorted({c for c in cards if cards.count(c) > 1})
        raise CardlibError(
            _("{what} must hold each card once, got {value!r}").format(
                what="hand", value=" ".join(map(str, twice))
            ),
            "givens",
        )
    return cards


def count_lines(hand: str | Iterable[Card | str]) -> list[tuple[Card | None, str]]:
    """The hand card by card, spades first, each with what it counts for ('' for nothing);
    last, when it applies, the extra trick of a short side suit (card ``None``).

    The count is :func:`cardlib.strategy.table_count`'s, the sensible bot's: one trick for
    each side ace, each side king with another card of its suit, the A♠, the K♠ with another
    spade, the Q♠ with two others, each spade beyond the fourth (the lowest ones), and one more
    for a void or singleton side suit while holding three spades or more. The words are in
    English (the keys of the catalog); :func:`count_table` shows them translated.
    """
    cards = sort_for_display(_cards(hand))
    by_suit = {s: sorted((c for c in cards if c.suit == s), reverse=True) for s in SUITS}
    spades = by_suit["S"]
    long_spades = set(spades[4:])  # the fifth spade and below, from the top
    lines: list[tuple[Card | None, str]] = []
    for card in cards:
        length = len(by_suit[card.suit])
        why = ""
        if card.suit == "S":
            if card.rank == 14:
                why = SPADE_ACE
            elif card.rank == 13 and length >= 2:
                why = SPADE_KING
            elif card.rank == 12 and length >= 3:
                why = SPADE_QUEEN
            elif card in long_spades:
                why = LONG_SPADE
        elif card.rank == 14:
            why = SIDE_ACE
        elif card.rank == 13 and length >= 2:
            why = SIDE_KING
        lines.append((card, why))
    if len(spades) >= 3 and any(len(by_suit[s]) <= 1 for s in SUITS if s != "S"):
        lines.append((None, SHORT_SUIT))
    return lines


def count_of(hand: str | Iterable[Card | str]) -> int:
    """The count: how many of the hand's lines count a trick (see :func:`count_lines`); for a
    13-card hand, the sum of :func:`cardlib.strategy.table_count`."""
    return sum(1 for _card, why in count_lines(hand) if why)


def count_table(hand: str | Iterable[Card | str], threshold: int = THRESHOLD) -> Html:
    """The count of a hand card by card: each card, what it counts for; then the count and the
    call (one less from ``threshold`` up)."""
    rows: list[list] = []
    for card, why in count_lines(hand):
        if card is None:
            short = [s for s in SUITS if s != "S" and sum(c.suit == s for c in _cards(hand)) <= 1]
            shown: object = ", ".join(suit_name(s) for s in short)
        else:
            shown = Html(card_html(card))
        rows.append([shown, 1 if why else "", _(why) if why else ""])
    count = count_of(hand)
    call = strategy.call_by_count(hand, threshold)
    rule = (
        _("from {threshold} up, one less").format(threshold=threshold)
        if count >= threshold
        else _("below {threshold}: the count itself").format(threshold=threshold)
    )
    rows.append([Html("<b>" + _("count") + "</b>"), count, ""])
    rows.append([Html("<b>" + _("call") + "</b>"), call, rule])
    return table_html([_("card"), _("tricks"), _("why")], rows)


def count_survey_table(survey: dict[str, tuple]) -> Html:
    """Each sample hand: its count, the call the count gives, and the simulation's best call."""
    rows = []
    for name, (_mean, calls) in survey.items():
        hand = SAMPLE_HANDS[name]
        rows.append(
            [
                _(name),
                Html(cards_html(parse_cards(hand), sort=True)),
                count_of(hand),
                strategy.call_by_count(hand),
                calls[0],
            ]
        )
    return table_html(
        [_("hand"), _("cards"), _("count"), _("call by the count"), _("best call (simulation)")],
        rows,
    )


@checked
def check_call_by_count(answer: object, hand: str) -> Feedback:
    """The call the table count gives for ``hand``: the count, one less from 4 up."""
    count = count_of(hand)
    truth = strategy.call_by_count(hand)
    counted = [
        (str(card) if card is not None else _("short suit")) + ": " + _(why)
        for card, why in count_lines(hand)
        if why
    ]
    why = _("The count: {lines}; {count} in all. From {threshold} up, call one less.").format(
        lines="; ".join(counted) or _("nothing"), count=count, threshold=THRESHOLD
    )
    call = read_whole_number(answer, N_("a call"), ("4",))
    if call == truth:
        return correct(_("call {call}.").format(call=truth), why)
    return not_yet(_("not {answer}.").format(answer=call), why)


# ----- the quick check ------------------------------------------------------------------------


def quick_check(record: bool = True) -> QuickCheck:
    """The lesson's practice questions: scores, the best call from trick counts, the count."""
    from cardlib.exercises.checks import check_best_call, check_score

    return QuickCheck(
        "04",
        [
            Question(
                _("You call 4 and take 6 tricks. Your points?"),
                check_score,
                {"call": 4, "tricks": 6},
                "3.0",
                taught=RULE,
            ),
            Question(
                _("You call 4 and take 3 tricks. Your points?"),
                check_score,
                {"call": 4, "tricks": 3},
                "3.0",
                taught=RULE,
            ),
            Question(
                _(
                    "A hand takes 3 tricks in one deal of four and 4 in the other three. "
                    "Its best call?"
                ),
                check_best_call,
                {"trick_counts": {3: 1, 4: 3}},
                "5",
                taught=WHY_BELOW,
            ),
            Question(
                _(
                    "Count this hand at the table, and call: "
                    "A♠ Q♠ 9♠ 7♠ 4♠ · A♥ K♥ 5♥ 2♥ · Q♦ 8♦ · 6♣ 3♣. Your call?"
                ),
                check_call_by_count,
                {"hand": "AS QS 9S 7S 4S AH KH 5H 2H QD 8D 6C 3C"},
                "3",
                taught=COUNTING,
            ),
        ],
        record=record,
    )


__all__ = [
    "NOTEBOOK",
    "THRESHOLD",
    "best_versus_mean",
    "chances_table",
    "check_call_by_count",
    "count_lines",
    "count_of",
    "count_survey_table",
    "count_table",
    "made_chance",
    "quick_check",
    "sample_survey",
    "scoring_table",
    "survey_table",
]
