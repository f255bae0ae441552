"""The checks for exercises: each takes the student's answer and the question's givens, works out
the truth with the engine (so no answer is written twice), and returns a :class:`Feedback`.

The checks on the ladder and on trick winners take a :class:`~cardlib.tricks.PlayRules` or a trump
suit, so every game can use them; the Call Break ones default to Call Break's rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from fractions import Fraction
from itertools import pairwise

from cardlib import callbreak
from cardlib.cards import DECK, SUITS, Card, card_name, parse_cards, suit_name, to_mask
from cardlib.errors import CardlibError, CardlibTypeError, PositionError, check_count, is_count
from cardlib.exercises import words
from cardlib.exercises.feedback import (
    AnswerError,
    Feedback,
    checked,
    compare_card_sets,
    correct,
    example_of,
    fraction_text,
    not_yet,
    read_card,
    read_cards,
    read_points,
    read_seat,
    read_whole_number,
    unanswered,
)
from cardlib.game import SEAT_NAMES, Seed, cards_of, explain_play, hand_cards, position_masks
from cardlib.i18n import N_, _, ngettext
from cardlib.tricks import (
    MAX_PLAYERS,
    RULE_IDS,
    PlayRules,
    explain_text,
    legal_mask,
    rule_masks,
    trick_winner,
)


def _given_cards(cards: str | Iterable[Card | str]) -> list[Card]:
    """The question's own cards (written by the teacher: errors here should raise)."""
    return parse_cards(cards) if isinstance(cards, str) else [Card(c) for c in cards]


# ----- the question's givens ---------------------------------------------------------------------
# A check works out the truth from its givens before it reads the answer, so a question that
# cannot happen (a card twice, 20 tricks in a deal, seat 9) raises for the teacher, with the
# engine's own error, whenever the check runs (writing the exercise, nbgrader validate), and is
# never a ✓ or ✗ for a student.


def _seat_given(seat: object, what: str, players: int = 4) -> int:
    return check_count(seat, what, 0, players - 1)


def _direction_given(direction: object) -> int:
    if direction not in (1, -1) or not is_count(direction):
        raise CardlibError(
            _(
                "direction must be 1 (clockwise) or -1 (counter-clockwise), got {direction!r}"
            ).format(direction=direction),
            "direction",
        )
    return direction


def _numbers_given(values: object, what: str) -> list:
    """A list of the question's numbers (calls, tricks): a list or tuple, not text."""
    if isinstance(values, str | bytes) or not isinstance(values, Sequence):
        raise CardlibTypeError(
            _("{what} must be a list of whole numbers, got {values!r}").format(
                what=what, values=values
            )
        )
    return list(values)


def _same_length(first: list, second: list, what: str) -> None:
    if len(first) != len(second) or not first:
        raise CardlibError(
            _("{what} must be two lists of the same length, one or more, got {a} and {b}").format(
                what=what, a=len(first), b=len(second)
            ),
            "givens",
        )


def _suit_given(suit: object) -> str:
    if not isinstance(suit, str) or suit not in SUITS or len(suit) != 1:
        raise CardlibError(
            _("suit must be one of S H D C, got {suit!r}").format(suit=suit), "givens"
        )
    return suit


def _rules_given(
    rules: PlayRules | None, variant: callbreak.Variant, first_trick: object
) -> PlayRules:
    if not isinstance(first_trick, bool):
        raise CardlibTypeError(
            _("first_trick is a switch, True or False, got {value!r}").format(value=first_trick)
        )
    if rules is None:
        return callbreak.play_rules(callbreak.check_variant(variant))
    if not isinstance(rules, PlayRules):
        raise CardlibTypeError(
            _("rules must be a game's PlayRules (such as callbridge.RULES), got {rules!r}").format(
                rules=rules
            )
        )
    return rules


def _trick_counts_given(trick_counts: object) -> None:
    """How often each number of tricks was taken: whole counts, 0 or more."""
    if isinstance(trick_counts, dict):
        counts = list(trick_counts.values())
    elif isinstance(trick_counts, Sequence) and not isinstance(trick_counts, str | bytes):
        counts = list(trick_counts)
    else:
        counts = []  # callbreak.expected_scores says what trick_counts may be
    for count in counts:
        check_count(count, "a count of samples", 0)


def _ladder(hand, trick, rules: PlayRules, first_trick: bool):
    hand_cards, trick_cards = _given_cards(hand), _given_cards(trick)
    hand_mask = to_mask(hand_cards)
    played = [int(c) for c in trick_cards]
    mask, rule = legal_mask(hand_mask, played, rules, first_trick)
    text = explain_text(hand_mask, played, rules, mask, rule, first_trick)
    return hand_cards, cards_of(mask), rule, text


# ----- cards and dealing ------------------------------------------------------------------------

_CARD_NAMES = frozenset(card.name for card in DECK)


@checked
def check_card(answer: object, name: str) -> Feedback:
    """The card called ``name`` in words, e.g. ``"queen of hearts"``.

    The answer is the card as a card (``"QH"``, ``"Q♥"``): its name in words, the question's
    own, is not read as one."""
    if name not in _CARD_NAMES:
        raise CardlibError(
            _(
                "name must be a card's name in words, such as 'queen of hearts', got {name!r}"
            ).format(name=name),
            "givens",
        )
    card = _card_not_in_words(answer)
    if card.name == name:
        return correct(_("{card} is the {name}.").format(card=card, name=card_name(card)))
    wanted = next((c for c in DECK if c.name == name), None)
    return not_yet(
        _("{card} is the {name}, not the {wanted}.").format(
            card=card,
            name=card_name(card),
            wanted=card_name(wanted) if wanted is not None else name,
        )
    )


def _card_not_in_words(answer: object) -> Card:
    """One card written as a card; a name in words is told to write the card instead."""
    example = ('"JD"',)
    try:
        return read_card(answer, example, in_words=False)
    except AnswerError:
        named = words.cards_in_words(answer) if isinstance(answer, str) else None
        if named is None or len(named) != 1:
            raise
    headline = _(
        "you wrote the card in words; write it as a card, its rank and then its suit letter "
        "or symbol, for example {example}."
    ).format(example=example_of(example))
    raise AnswerError(not_yet(headline), example)


@checked
def check_order(answer: object, cards: str | Iterable[Card | str]) -> Feedback:
    """The given cards of one suit, highest first (A K Q J 10 9 … 2)."""
    given = hand_cards(cards)
    if len(given) < 2 or len({card.suit for card in given}) != 1:
        raise PositionError(
            _("give two or more cards of one suit to put in order, got {cards}").format(
                cards=" ".join(map(str, given)) or "none"
            )
        )
    expected = sorted(given, key=lambda c: -c.rank)
    answer_cards = read_cards(answer, ('"KC 9C 4C"', '"AD 7D 2D"'))
    if sorted(answer_cards) != sorted(given):
        return not_yet(
            _("use exactly the cards {cards}, each once, in a new order.").format(
                cards=" ".join(map(str, given))
            )
        )
    if answer_cards == expected:
        return correct(_("{cards}, highest first.").format(cards=" ".join(map(str, expected))))
    for higher, lower in pairwise(answer_cards):
        if higher.rank < lower.rank:
            return not_yet(
                _(
                    "{lower} should come before {higher}: within a suit the ace is highest, "
                    "then K Q J 10 9 … down to 2."
                ).format(lower=lower, higher=higher),
                kind=_(
                    "not highest first yet: within a suit the ace is highest, then K Q J 10 9 "
                    "… down to 2."
                ),
            )
    raise AssertionError("unreachable")


@checked
def check_first_player(answer: object, dealer: int, direction: int = 1) -> Feedback:
    """The seat that calls first and leads the first trick: the dealer's next seat in play order."""
    _seat_given(dealer, "dealer")
    _direction_given(direction)
    seat = read_seat(answer)
    expected = (dealer + direction) % 4
    why = (
        _("The player on the dealer's left calls first and leads: seat {seat}.")
        if direction == 1
        else _("The player on the dealer's right calls first and leads: seat {seat}.")
    ).format(seat=expected)
    if seat == expected:
        return correct(_("seat {seat} ({name}).").format(seat=seat, name=_(SEAT_NAMES[seat])), why)
    return not_yet(_("seat {seat} is not the one.").format(seat=seat), why)


@checked
def check_dealer(
    answer: object, first_dealer: int, deal_number: int, direction: int = 1
) -> Feedback:
    """Who deals deal number ``deal_number`` (1, 2, …) when ``first_dealer`` dealt the first."""
    _seat_given(first_dealer, "first_dealer")
    check_count(deal_number, "deal_number", 1)
    _direction_given(direction)
    seat = read_seat(answer)
    expected = (first_dealer + direction * (deal_number - 1)) % 4
    moves = deal_number - 1
    why = (
        ngettext(
            "The deal moves one seat clockwise each deal: deal {number} is {moves} move on "
            "from seat {seat}.",
            "The deal moves one seat clockwise each deal: deal {number} is {moves} moves on "
            "from seat {seat}.",
            moves,
        )
        if direction == 1
        else ngettext(
            "The deal moves one seat counter-clockwise each deal: deal {number} is {moves} "
            "move on from seat {seat}.",
            "The deal moves one seat counter-clockwise each deal: deal {number} is {moves} "
            "moves on from seat {seat}.",
            moves,
        )
    ).format(number=deal_number, moves=moves, seat=first_dealer)
    if seat == expected:
        return correct(
            _("seat {seat} deals deal {number}.").format(seat=seat, number=deal_number), why
        )
    return not_yet(
        _("seat {seat} does not deal deal {number}.").format(seat=seat, number=deal_number), why
    )


@checked
def check_hand_size(answer: object, players: int = 4, deck: int = 52) -> Feedback:
    """Cards per player when the whole deck is dealt."""
    check_count(players, "players", 2, MAX_PLAYERS)
    check_count(deck, "deck", players, len(DECK))
    n = read_whole_number(answer, N_("a number of cards"), ("12", "10"))
    expected = deck // players
    why = _(
        "All {deck} cards are dealt to {players} players: {deck} ÷ {players} = {count}."
    ).format(deck=deck, players=players, count=expected)
    if n == expected:
        each = ngettext("{count} card each.", "{count} cards each.", n)
        return correct(each.format(count=n), why)
    return not_yet(_("not {answer}.").format(answer=n), why)


@checked
def check_suit_count(answer: object, seed: Seed, dealer: int, seat: int, suit: str) -> Feedback:
    """How many cards of ``suit`` seat ``seat`` holds in ``callbreak.Deal(seed, dealer)``."""
    hand = callbreak.Deal(seed=seed, dealer=dealer).hand(_seat_given(seat, "seat"))
    _suit_given(suit)
    n = read_whole_number(answer, N_("a number of cards"), ("7",))
    expected = sum(c.suit == suit for c in hand)
    name = suit_name(suit)
    if n == expected:
        return correct(_("seat {seat} holds {count} {suit}.").format(seat=seat, count=n, suit=name))
    return not_yet(
        _(
            "seat {seat} does not hold {count} {suit}; look at {code} and count the cards whose "
            ".suit is {letter}."
        ).format(seat=seat, count=n, suit=name, code=f"deal.hand({seat})", letter=repr(suit))
    )


# ----- the ladder -----------------------------------------------------------------------------


@checked
def check_legal_plays(
    answer: object,
    hand: str | Iterable[Card | str],
    trick: str | Sequence[Card | str] = (),
    variant: callbreak.Variant = callbreak.STANDARD,
    first_trick: bool = False,
    rules: PlayRules | None = None,
) -> Feedback:
    """Every card you may play from ``hand`` onto ``trick``: right, missing, not allowed, and why.

    Call Break's rules under ``variant`` by default; pass ``rules`` for another game. A position
    that cannot happen (a card twice, or in the hand and on the table) is refused, not graded.
    """
    position_masks(hand, trick, 4 if rules is None else MAX_PLAYERS)
    rules = _rules_given(rules, variant, first_trick)
    held, legal, rule, why = _ladder(hand, trick, rules, first_trick)
    try:
        answer_cards = read_cards(answer)
    except AnswerError as error:
        error.feedback = replace(error.feedback, rule=rule)
        raise
    return replace(compare_card_sets(answer_cards, legal, why, hand=held), rule=rule)


@checked
def check_rule(
    answer: object,
    hand: str | Iterable[Card | str],
    trick: str | Sequence[Card | str] = (),
    variant: callbreak.Variant = callbreak.STANDARD,
    first_trick: bool = False,
    rules: PlayRules | None = None,
) -> Feedback:
    """The id of the step of the ladder that decides (one of ``cardlib.RULE_IDS``).

    Every rule id that would allow exactly the same cards here is right too: in a trick that was
    trumped, ``follow-any`` and ``follow-trumped`` both say "any card of the led suit".
    """
    position_masks(hand, trick, 4 if rules is None else MAX_PLAYERS)
    rules = _rules_given(rules, variant, first_trick)
    held, _legal, rule, why = _ladder(hand, trick, rules, first_trick)
    played = [int(Card(c)) for c in _given_cards(trick)]
    same = rule_masks(to_mask(held), played, rules, first_trick)
    because = _("Why: {why}").format(why=why)
    if answer is None or answer is ...:
        examples = ('"free"', '"lead"', '"must-beat"')
        raise AnswerError(
            unanswered(
                _("replace None with a rule id, for example {example}.").format(
                    example=example_of(examples)
                )
            ),
            examples,
        )
    text = "-".join(answer.lower().replace("_", " ").split()) if isinstance(answer, str) else None
    if text not in RULE_IDS:
        return not_yet(
            _("{answer!r} is not a rule id; choose one of {ids}.").format(
                answer=answer, ids=", ".join(RULE_IDS)
            )
        )
    if text == rule or (text in same and same[text] == same[rule]):
        return replace(correct(f"{text}.", because), rule=rule)
    return replace(not_yet(_("not {answer}.").format(answer=text), because), rule=rule)


# ----- trick winners --------------------------------------------------------------------------


def _winner_why(cards: list[Card], trump: str | None) -> str:
    winner = cards[trick_winner(cards, trump)]
    led = suit_name(cards[0].suit)
    if trump is not None and winner.suit == trump:
        trump_name = suit_name(trump, plural=False)  # "spade"
        if cards[0].suit == trump:
            return _("{led} (trumps) were led; the highest {trump}, {card}, wins.").format(
                led=led[:1].upper() + led[1:], trump=trump_name, card=winner
            )
        return _("{card} is the highest {trump} (trump) in the trick, so it wins.").format(
            card=winner, trump=trump_name
        )
    return _(
        "No trump was played, so the highest of the {led} (the led suit), {card}, wins; "
        "cards of other suits never win."
    ).format(led=led, card=winner)


@checked
def check_trick_winner(
    answer: object, trick: str | Sequence[Card | str], trump: str | None = callbreak.TRUMP
) -> Feedback:
    """The card that wins a complete (or partial) trick; spades trump by default."""
    cards = _given_cards(trick)
    winner = cards[trick_winner(cards, trump)]
    why = _winner_why(cards, trump)
    card = read_card(answer)
    if card not in cards:
        return not_yet(
            _("{card} is not in this trick ({cards}).").format(
                card=card, cards=" ".join(map(str, cards))
            )
        )
    because = _("Why: {why}").format(why=why)
    if card == winner:
        return correct(_("{card} wins.").format(card=card), because)
    return not_yet(_("{card} does not win.").format(card=card), because)


@checked
def check_trick_winner_seat(
    answer: object,
    trick: str | Sequence[Card | str],
    leader: int,
    trump: str | None = callbreak.TRUMP,
    direction: int = 1,
) -> Feedback:
    """The seat that wins a trick led by ``leader``, play going clockwise (``direction`` 1)."""
    cards = _given_cards(trick)
    index = trick_winner(cards, trump, players=4)
    expected = (_seat_given(leader, "leader") + _direction_given(direction) * index) % 4
    order = (
        _(
            "It is card {number} in play order, played by seat {seat} (seat {leader} led, "
            "then play goes clockwise)."
        )
        if direction == 1
        else _(
            "It is card {number} in play order, played by seat {seat} (seat {leader} led, "
            "then play goes counter-clockwise)."
        )
    )
    why = (
        _winner_why(cards, trump)
        + " "
        + order.format(number=index + 1, seat=expected, leader=leader)
    )
    seat = read_seat(answer)
    if seat == expected:
        return correct(_("seat {seat} wins the trick.").format(seat=seat), why)
    return not_yet(_("seat {seat} does not win it.").format(seat=seat), why)


# ----- Call Break scoring and calling ----------------------------------------------------------


#: A wrong score's kinds of mistake, for a call (Call Break) and a bid (Call Bridge): made but
#: scored as lost, missed but scored as made, made for other points, missed for other points.
_RESULT_KINDS = {
    "call": (
        N_("not {points}: this call was made, so it does not lose points."),
        N_("not {points}: this call was missed, so it loses points."),
        N_("not {points}: the call was made, but not for these points."),
        N_("not {points}: the call was missed, but it does not lose these points."),
    ),
    "bid": (
        N_("not {points}: this bid was made, so it does not lose points."),
        N_("not {points}: this bid was missed, so it loses points."),
        N_("not {points}: the bid was made, but not for these points."),
        N_("not {points}: the bid was missed, but it does not lose these points."),
    ),
}


def result_kind(points: Fraction, expected: Fraction, what: str = "call") -> str:
    """A wrong score's kind of mistake in the game's terms: was the call made or missed?
    (``what``: ``"call"`` or ``"bid"``.)"""
    made_lost, missed_won, made, missed = _RESULT_KINDS[what]
    if expected >= 0 > points:
        message = made_lost
    elif expected < 0 <= points:
        message = missed_won
    else:
        message = made if expected >= 0 else missed
    return _(message).format(points=fraction_text(points))


def _score_why(call: int, tricks: int, variant: callbreak.Variant) -> str:
    points = fraction_text(Fraction(callbreak.score(call, tricks, variant)))
    if variant.old_scoring:
        message = _(
            "Call {call}, {tricks} tricks: old scoring: exactly the call or one more scores the "
            "call, anything else − call, so {points}."
        )
    elif tricks >= call:
        message = _("Call {call}, {tricks} tricks: made, so {call} + 0.1 × {over} = {points}.")
    else:
        message = _(
            "Call {call}, {tricks} tricks: fewer tricks than the call lose the whole call, "
            "so {points}."
        )
    return message.format(call=call, tricks=tricks, over=tricks - call, points=points)


@checked
def check_score(
    answer: object, call: int, tricks: int, variant: callbreak.Variant = callbreak.STANDARD
) -> Feedback:
    """The points of one Call Break deal, exactly (``Decimal('4.2')``, ``'4.2'``, ``-3``)."""
    expected = Fraction(callbreak.score(call, tricks, variant))
    why = _score_why(call, tricks, variant)
    points = read_points(answer)
    if points == expected:
        return correct(_("{points} points.").format(points=fraction_text(expected)), why)
    return not_yet(
        _("not {answer}.").format(answer=fraction_text(points)),
        why,
        kind=result_kind(points, expected, "call"),
    )


@checked
def check_total(
    answer: object,
    calls: Sequence[int],
    tricks: Sequence[int],
    variant: callbreak.Variant = callbreak.STANDARD,
) -> Feedback:
    """One player's total over several deals, given their call and tricks in each deal."""
    calls, tricks = _numbers_given(calls, "calls"), _numbers_given(tricks, "tricks")
    _same_length(calls, tricks, "calls and tricks")
    scores = [Fraction(callbreak.score(c, t, variant)) for c, t in zip(calls, tricks, strict=True)]
    points = read_points(answer)
    expected = sum(scores, Fraction(0))
    why = " + ".join(f"({fraction_text(s)})" for s in scores) + f" = {fraction_text(expected)}"
    if points == expected:
        return correct(
            _("a total of {total}.").format(total=fraction_text(expected)),
            _("Deal by deal: {sums}.").format(sums=why),
        )
    wrong = [
        _("deal {number}: call {call}, {tricks} tricks scores {points}").format(
            number=i + 1, call=c, tricks=t, points=fraction_text(s)
        )
        for i, (c, t, s) in enumerate(zip(calls, tricks, scores, strict=True))
    ]
    return not_yet(
        _("not {answer}; score each deal, then add.").format(answer=fraction_text(points)),
        *wrong,
        _("Negative totals count."),
    )


def _score_items(answer, n: int) -> list:
    """The items of a list-of-scores answer: a list or tuple, or text like ``"2.1 -3 4"``."""
    if answer is None or answer is ...:
        examples = ("['0', '0', '0', '0']",)
        raise AnswerError(
            unanswered(
                _(
                    "replace None with a list of scores, one per seat, for example {example}."
                ).format(example=example_of(examples))
            ),
            examples,
        )
    if isinstance(answer, str):
        items = answer.replace(",", " ").split()
    elif isinstance(answer, Sequence):
        items = list(answer)
    else:
        items = None
    if items is None or len(items) != n:
        raise AnswerError(
            not_yet(
                _("expected a list of {count} scores, one per seat, got {answer}.").format(
                    count=n, answer=repr(answer)
                )
            )
        )
    return items


@checked
def check_scores(
    answer: object,
    calls: Sequence[int],
    tricks_won: Sequence[int],
    variant: callbreak.Variant = callbreak.STANDARD,
) -> Feedback:
    """The four scores of a deal, by seat, as a list."""
    calls, tricks_won = _numbers_given(calls, "calls"), _numbers_given(tricks_won, "tricks_won")
    _same_length(calls, tricks_won, "calls and tricks_won")
    if len(calls) != 4:
        raise CardlibError(
            _("give one call and one number of tricks per seat (4), got {count}").format(
                count=len(calls)
            ),
            "givens",
        )
    truths = [
        Fraction(callbreak.score(c, t, variant)) for c, t in zip(calls, tricks_won, strict=True)
    ]
    if sum(tricks_won) != callbreak.MAX_CALL:  # every trick of the deal is someone's
        raise PositionError(
            _("the tricks of a deal add up to 13, got {tricks} ({total})").format(
                tricks=tricks_won, total=sum(tricks_won)
            )
        )
    answer = _score_items(answer, len(calls))
    lines, right, wrong_seats = [], 0, []
    for seat, (item, call, tricks, expected) in enumerate(
        zip(answer, calls, tricks_won, truths, strict=True)
    ):
        try:
            points = read_points(item)
        except AnswerError:
            lines.append(
                _(
                    "seat {seat}: cannot read {answer} as exact points (write '2.1', 2.1, -3 "
                    "or Decimal('2.1'); a float with more decimals is not exact)"
                ).format(seat=seat, answer=repr(item))
            )
            wrong_seats.append(seat)
            continue
        if points == expected:
            right += 1
        else:
            lines.append(
                _("seat {seat}: not {answer}. {why}").format(
                    seat=seat, answer=fraction_text(points), why=_score_why(call, tricks, variant)
                )
            )
            wrong_seats.append(seat)
    if right == len(calls):
        return correct(
            _("scores {scores} by seat.").format(
                scores=", ".join(fraction_text(read_points(a)) for a in answer)
            )
        )
    seats = ", ".join(map(str, wrong_seats))
    return not_yet(
        _("{right} of {total} scores right.").format(right=right, total=len(calls)),
        *lines,
        credit=Fraction(right, len(calls)),
        kind=_("the score of seat {seats} is not right.").format(seats=seats)
        if len(wrong_seats) == 1
        else _("the scores of seats {seats} are not right.").format(seats=seats),
    )


def _expected(trick_counts, variant) -> dict[int, Fraction]:
    return callbreak.expected_scores(trick_counts, variant)


@checked
def check_expected_score(
    answer: object,
    call: int,
    trick_counts: dict[int, int] | Sequence[int],
    variant: callbreak.Variant = callbreak.STANDARD,
) -> Feedback:
    """The exact expected score of ``call`` when tricks are taken as often as ``trick_counts``."""
    _trick_counts_given(trick_counts)
    callbreak.check_call(call, callbreak.check_variant(variant))
    expected = _expected(trick_counts, variant)[call]
    counts = trick_counts if isinstance(trick_counts, dict) else dict(enumerate(trick_counts))
    total = sum(counts.values())
    terms = " + ".join(
        f"{n}×({fraction_text(Fraction(callbreak.score(call, t, variant)))})"
        for t, n in sorted(counts.items())
        if n
    )
    why = _(
        "Average the score of call {call} over the {total} samples: ({terms}) / {total}."
    ).format(call=call, total=total, terms=terms)
    points = read_points(answer, ("Fraction(23, 10)", "Fraction(7, 4)"))
    if points == expected:
        return correct(f"{fraction_text(expected)}.", why)
    return not_yet(_("not {answer}.").format(answer=fraction_text(points)), why)


@checked
def check_best_call(
    answer: object,
    trick_counts: dict[int, int] | Sequence[int],
    variant: callbreak.Variant = callbreak.STANDARD,
) -> Feedback:
    """The call with the highest expected score (any of them when several tie)."""
    _trick_counts_given(trick_counts)
    table = _expected(trick_counts, variant)
    call = read_whole_number(answer, N_("a call"), ("7",))
    if call not in table:
        return not_yet(
            _("{call} is not a legal call: calls go from {low} to 13.").format(
                call=call, low=min(table)
            )
        )
    best = max(table.values())
    best_calls = [c for c, v in table.items() if v == best]
    if call in best_calls:
        return correct(
            _("call {call}: expected score {points}, the highest.").format(
                call=call, points=fraction_text(best)
            )
        )
    return not_yet(
        _("call {call} expects {points}; another call expects more.").format(
            call=call, points=fraction_text(table[call])
        ),
        _("Compare expected_scores(...) for every call and take the largest."),
        # Graded: the expected score of a call may be the answer to another question.
        kind=_(
            "another call expects more than {call}: compare the expected score of every call."
        ).format(call=call),
    )


__all__ = [
    "check_best_call",
    "check_card",
    "check_dealer",
    "check_expected_score",
    "check_first_player",
    "check_hand_size",
    "check_legal_plays",
    "check_order",
    "check_rule",
    "check_score",
    "check_scores",
    "check_suit_count",
    "check_total",
    "check_trick_winner",
    "check_trick_winner_seat",
]


# ----- best play ---------------------------------------------------------------------------------


def _ending_given(hands, trick, leader, calls, won) -> None:
    """An ending that can happen: four hands and the trick, no card twice among them; the
    leader a seat; a call and a count of tricks won for each seat."""
    if isinstance(hands, str | bytes) or not isinstance(hands, Sequence):
        raise CardlibTypeError(
            _("hands must be a list of four hands, by seat, got {hands!r}").format(hands=hands)
        )
    calls, won = _numbers_given(calls, "calls"), _numbers_given(won, "won")
    if not len(hands) == len(calls) == len(won) == 4:
        raise CardlibError(
            _("an ending needs four hands, four calls and four trick counts, by seat"), "givens"
        )
    cards = [card for hand in [*hands, trick] for card in _given_cards(hand)]
    if len(set(cards)) != len(cards):
        twice = sorted({card for card in cards if cards.count(card) > 1})
        raise PositionError(
            _("a card is in two places at once ({cards}): each card is in the deck once").format(
                cards=", ".join(map(str, twice))
            )
        )
    _seat_given(leader, "leader")


@checked
def check_best_play(
    answer: object,
    hands: Sequence[Iterable[Card | str] | str],
    trick: Iterable[Card | str] | str = "",
    leader: int = 0,
    calls: Sequence[int] = (),
    won: Sequence[int] = (),
    variant: callbreak.Variant = callbreak.STANDARD,
    game: str = "callbreak",
    trump: str | None = None,
) -> Feedback:
    """The best card for the player to act in an ending with every hand known (Call Break,
    Call Bridge with ``game="callbridge"``, or Judgement with ``game="judgement"`` and its
    round's ``trump``, ``None`` for no trump): any card the exact solver says reaches the best
    score for that player is right.

    ``hands`` by seat, the ``trick`` so far and its ``leader``, the ``calls`` and the tricks
    ``won`` so far, by seat (see :mod:`cardlib.puzzles.best_answer`). A wrong card is told what
    it leads to and why the best is better (practice); graded, only the kind of mistake.
    """
    from cardlib.puzzles import best_answer

    _ending_given(hands, trick, leader, calls, won)
    ending = best_answer.ending_from(hands, trick, leader, calls, won, variant, game, trump)
    solution = best_answer.solved(ending)
    best = best_answer.best_cards(solution)
    seat = ending.to_act
    hand = ending.hands[seat]
    examples = tuple(f'"{card.code}"' for card in best_answer.example_cards(ending))
    card = read_card(answer, examples)
    if card not in hand:
        return not_yet(
            _("{card} is not in your hand ({seat}: {cards}).").format(
                card=card, seat=_(SEAT_NAMES[seat]), cards=" ".join(map(str, hand))
            ),
            kind=_("you chose a card that is not in your hand") + ".",
        )
    value = next((v for v in solution.cards if v.card == card), None)
    if value is None:
        explanation = explain_play(hand, ending.trick, ending.rules)
        return not_yet(
            _("{card} is not allowed here.").format(card=card),
            _("Why: {why}").format(why=explanation.text),
            kind=_("you chose a card the rules do not allow here") + ".",
        )
    why = best_answer.reason_text(solution, ending)
    if card in best:
        return correct(
            _("{card} is the best card here.").format(card=card), _("Why: {why}").format(why=why)
        )
    return not_yet(
        _("{card} is not the best card here: {outcome}.").format(
            card=card, outcome=best_answer.outcome_text(value, ending)
        ),
        _("Best: {why}").format(why=why),
        kind=_("that card is allowed, but another card does better for you here."),
    )
