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
from cardlib.cards import SUIT_NAMES, Card, parse_cards, suit_name, to_mask
from cardlib.exercises.feedback import (
    AnswerError,
    Feedback,
    checked,
    compare_card_sets,
    correct,
    fraction_text,
    not_yet,
    read_card,
    read_cards,
    read_points,
    read_seat,
    read_whole_number,
    unanswered,
)
from cardlib.game import SEAT_NAMES, Seed, cards_of, explain_play, position_masks
from cardlib.i18n import _
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


def _ladder(hand, trick, rules: PlayRules, first_trick: bool):
    hand_cards, trick_cards = _given_cards(hand), _given_cards(trick)
    hand_mask = to_mask(hand_cards)
    played = [int(c) for c in trick_cards]
    mask, rule = legal_mask(hand_mask, played, rules, first_trick)
    text = explain_text(hand_mask, played, rules, mask, rule, first_trick)
    return hand_cards, cards_of(mask), rule, text


def _rules_for(rules: PlayRules | None, variant: callbreak.Variant) -> PlayRules:
    return rules if rules is not None else callbreak.play_rules(variant)


# ----- cards and dealing ------------------------------------------------------------------------


@checked
def check_card(answer: object, name: str) -> Feedback:
    """The card called ``name`` in words, e.g. ``"queen of hearts"``."""
    card = read_card(answer)
    if card.name == name:
        return correct(f"{card} is the {name}.")
    return not_yet(f"{card} is the {card.name}, not the {name}.")


@checked
def check_order(answer: object, cards: str | Iterable[Card | str]) -> Feedback:
    """The given cards of one suit, highest first (A K Q J 10 9 … 2)."""
    given = _given_cards(cards)
    expected = sorted(given, key=lambda c: -c.rank)
    answer_cards = read_cards(answer, ('"KC 9C 4C"', '"AD 7D 2D"'))
    if sorted(answer_cards) != sorted(given):
        return not_yet(
            f"use exactly the cards {' '.join(map(str, given))}, each once, in a new order."
        )
    if answer_cards == expected:
        return correct(f"{' '.join(map(str, expected))}, highest first.")
    for higher, lower in pairwise(answer_cards):
        if higher.rank < lower.rank:
            return not_yet(
                f"{lower} should come before {higher}: within a suit the ace is highest, "
                "then K Q J 10 9 … down to 2.",
                kind="not highest first yet: within a suit the ace is highest, then K Q J 10 9 "
                "… down to 2.",
            )
    raise AssertionError("unreachable")


@checked
def check_first_player(answer: object, dealer: int, direction: int = 1) -> Feedback:
    """The seat that calls first and leads the first trick: the dealer's next seat in play order."""
    seat = read_seat(answer)
    expected = (dealer + direction) % 4
    side = "left" if direction == 1 else "right"
    why = f"The player on the dealer's {side} calls first and leads: seat {expected}."
    if seat == expected:
        return correct(f"seat {seat} ({SEAT_NAMES[seat]}).", why)
    return not_yet(f"seat {seat} is not the one.", why)


@checked
def check_dealer(
    answer: object, first_dealer: int, deal_number: int, direction: int = 1
) -> Feedback:
    """Who deals deal number ``deal_number`` (1, 2, …) when ``first_dealer`` dealt the first."""
    seat = read_seat(answer)
    expected = (first_dealer + direction * (deal_number - 1)) % 4
    why = (
        f"The deal moves one seat {'clockwise' if direction == 1 else 'counter-clockwise'} each "
        f"deal: deal {deal_number} is {deal_number - 1} moves on from seat {first_dealer}."
    )
    if seat == expected:
        return correct(f"seat {seat} deals deal {deal_number}.", why)
    return not_yet(f"seat {seat} does not deal deal {deal_number}.", why)


@checked
def check_hand_size(answer: object, players: int = 4, deck: int = 52) -> Feedback:
    """Cards per player when the whole deck is dealt."""
    n = read_whole_number(answer, "a number of cards", ("12", "10"))
    expected = deck // players
    why = f"All {deck} cards are dealt to {players} players: {deck} ÷ {players} = {expected}."
    if n == expected:
        return correct(f"{n} cards each.", why)
    return not_yet(f"not {n}.", why)


@checked
def check_suit_count(answer: object, seed: Seed, dealer: int, seat: int, suit: str) -> Feedback:
    """How many cards of ``suit`` seat ``seat`` holds in ``callbreak.Deal(seed, dealer)``."""
    n = read_whole_number(answer, "a number of cards", ("7",))
    hand = callbreak.Deal(seed=seed, dealer=dealer).hand(seat)
    expected = sum(c.suit == suit for c in hand)
    name = SUIT_NAMES[suit]
    if n == expected:
        return correct(f"seat {seat} holds {n} {name}.")
    return not_yet(
        f"seat {seat} does not hold {n} {name}; look at deal.hand({seat}) and count "
        f"the cards whose .suit is {suit!r}."
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
    hand_cards, legal, rule, why = _ladder(hand, trick, _rules_for(rules, variant), first_trick)
    try:
        answer_cards = read_cards(answer)
    except AnswerError as error:
        error.feedback = replace(error.feedback, rule=rule)
        raise
    return replace(compare_card_sets(answer_cards, legal, why, hand=hand_cards), rule=rule)


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
    if answer is None or answer is ...:
        raise AnswerError(
            unanswered("replace None with a rule id, for example {example}."),
            ('"free"', '"lead"', '"must-beat"'),
        )
    text = "-".join(answer.lower().replace("_", " ").split()) if isinstance(answer, str) else None
    if text not in RULE_IDS:
        return not_yet(
            _("{answer!r} is not a rule id; choose one of {ids}.").format(
                answer=answer, ids=", ".join(RULE_IDS)
            )
        )
    rules = _rules_for(rules, variant)
    hand_cards, _legal, rule, why = _ladder(hand, trick, rules, first_trick)
    played = [int(Card(c)) for c in _given_cards(trick)]
    same = rule_masks(to_mask(hand_cards), played, rules, first_trick)
    because = _("Why: {why}").format(why=why)
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
    card = read_card(answer)
    why = _winner_why(cards, trump)
    winner = cards[trick_winner(cards, trump)]
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
    seat = read_seat(answer)
    index = trick_winner(cards, trump)
    expected = (leader + direction * index) % 4
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
    if seat == expected:
        return correct(_("seat {seat} wins the trick.").format(seat=seat), why)
    return not_yet(_("seat {seat} does not win it.").format(seat=seat), why)


# ----- Call Break scoring and calling ----------------------------------------------------------


def result_kind(points: Fraction, expected: Fraction, what: str = "call") -> str:
    """A wrong score's kind of mistake in the game's terms: was the call made or missed?"""
    if expected >= 0 > points:
        return f"not {fraction_text(points)}: this {what} was made, so it does not lose points."
    if expected < 0 <= points:
        return f"not {fraction_text(points)}: this {what} was missed, so it loses points."
    if expected >= 0:
        return f"not {fraction_text(points)}: the {what} was made, but not for these points."
    return f"not {fraction_text(points)}: the {what} was missed, but it does not lose these points."


def _score_why(call: int, tricks: int, variant: callbreak.Variant) -> str:
    points = fraction_text(Fraction(callbreak.score(call, tricks, variant)))
    if variant.old_scoring:
        rule = "old scoring: exactly the call or one more scores the call, anything else − call"
    elif tricks >= call:
        return f"Call {call}, {tricks} tricks: made, so {call} + 0.1 × {tricks - call} = {points}."
    else:
        rule = "fewer tricks than the call lose the whole call"
    return f"Call {call}, {tricks} tricks: {rule}, so {points}."


@checked
def check_score(
    answer: object, call: int, tricks: int, variant: callbreak.Variant = callbreak.STANDARD
) -> Feedback:
    """The points of one Call Break deal, exactly (``Decimal('4.2')``, ``'4.2'``, ``-3``)."""
    points = read_points(answer)
    expected = Fraction(callbreak.score(call, tricks, variant))
    why = _score_why(call, tricks, variant)
    if points == expected:
        return correct(f"{fraction_text(expected)} points.", why)
    return not_yet(f"not {fraction_text(points)}.", why, kind=result_kind(points, expected, "call"))


@checked
def check_total(
    answer: object,
    calls: Sequence[int],
    tricks: Sequence[int],
    variant: callbreak.Variant = callbreak.STANDARD,
) -> Feedback:
    """One player's total over several deals, given their call and tricks in each deal."""
    points = read_points(answer)
    scores = [Fraction(callbreak.score(c, t, variant)) for c, t in zip(calls, tricks, strict=True)]
    expected = sum(scores, Fraction(0))
    why = " + ".join(f"({fraction_text(s)})" for s in scores) + f" = {fraction_text(expected)}"
    if points == expected:
        return correct(f"a total of {fraction_text(expected)}.", f"Deal by deal: {why}.")
    wrong = [
        f"deal {i + 1}: call {c}, {t} tricks scores {fraction_text(s)}"
        for i, (c, t, s) in enumerate(zip(calls, tricks, scores, strict=True))
    ]
    return not_yet(
        f"not {fraction_text(points)}; score each deal, then add.", *wrong, "Negative totals count."
    )


def _score_items(answer, n: int) -> list:
    """The items of a list-of-scores answer: a list or tuple, or text like ``"2.1 -3 4"``."""
    if answer is None or answer is ...:
        raise AnswerError(
            unanswered("replace None with a list of scores, one per seat, for example {example}."),
            ("['0', '0', '0', '0']",),
        )
    if isinstance(answer, str):
        items = answer.replace(",", " ").split()
    elif isinstance(answer, Sequence):
        items = list(answer)
    else:
        items = None
    if items is None or len(items) != n:
        raise AnswerError(not_yet(f"expected a list of {n} scores, one per seat, got {answer!r}."))
    return items


@checked
def check_scores(
    answer: object,
    calls: Sequence[int],
    tricks_won: Sequence[int],
    variant: callbreak.Variant = callbreak.STANDARD,
) -> Feedback:
    """The four scores of a deal, by seat, as a list."""
    answer = _score_items(answer, len(calls))
    lines, right, wrong_seats = [], 0, []
    for seat, (item, call, tricks) in enumerate(zip(answer, calls, tricks_won, strict=True)):
        expected = Fraction(callbreak.score(call, tricks, variant))
        try:
            points = read_points(item)
        except AnswerError:
            lines.append(
                f"seat {seat}: cannot read {item!r} as exact points (write '2.1', -3 or "
                "Decimal('2.1'); a float such as 2.1 is not exact)"
            )
            wrong_seats.append(seat)
            continue
        if points == expected:
            right += 1
        else:
            lines.append(
                f"seat {seat}: not {fraction_text(points)}. {_score_why(call, tricks, variant)}"
            )
            wrong_seats.append(seat)
    if right == len(calls):
        return correct(
            "scores " + ", ".join(fraction_text(read_points(a)) for a in answer) + " by seat."
        )
    seats = ", ".join(map(str, wrong_seats))
    return not_yet(
        f"{right} of {len(calls)} scores right.",
        *lines,
        credit=Fraction(right, len(calls)),
        kind=f"the score of seat {seats} is not right."
        if len(wrong_seats) == 1
        else f"the scores of seats {seats} are not right.",
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
    points = read_points(answer, ("Fraction(23, 10)", "Fraction(7, 4)"))
    expected = _expected(trick_counts, variant)[call]
    counts = trick_counts if isinstance(trick_counts, dict) else dict(enumerate(trick_counts))
    total = sum(counts.values())
    terms = " + ".join(
        f"{n}×({fraction_text(Fraction(callbreak.score(call, t, variant)))})"
        for t, n in sorted(counts.items())
        if n
    )
    why = f"Average the score of call {call} over the {total} samples: ({terms}) / {total}."
    if points == expected:
        return correct(f"{fraction_text(expected)}.", why)
    return not_yet(f"not {fraction_text(points)}.", why)


@checked
def check_best_call(
    answer: object,
    trick_counts: dict[int, int] | Sequence[int],
    variant: callbreak.Variant = callbreak.STANDARD,
) -> Feedback:
    """The call with the highest expected score (any of them when several tie)."""
    call = read_whole_number(answer, "a call", ("7",))
    table = _expected(trick_counts, variant)
    if call not in table:
        return not_yet(f"{call} is not a legal call: calls go from {min(table)} to 13.")
    best = max(table.values())
    best_calls = [c for c, v in table.items() if v == best]
    if call in best_calls:
        return correct(f"call {call}: expected score {fraction_text(best)}, the highest.")
    return not_yet(
        f"call {call} expects {fraction_text(table[call])}; another call expects more.",
        "Compare expected_scores(...) for every call and take the largest.",
        # Graded: the expected score of a call may be the answer to another question.
        kind=f"another call expects more than {call}: compare the expected score of every call.",
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
