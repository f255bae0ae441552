"""Which card is best in an ending, how clearly, and why, in words: the answer of a
"what should I play here?" puzzle (:mod:`cardlib.puzzles.best_play`) and of its check
(:func:`cardlib.exercises.check_best_play`), one reading for both.

The exact solver (:func:`cardlib.coach.solver.solve`, max-n) gives each legal card's final tricks
and points. From it:

- :func:`best_cards`: every legal card reaching the best score for the player to act: the answer;
- :func:`runs`: the player's cards that are one card in effect (one suit, no card still in play
  between them: the solver gives them one value);
- :func:`margin`: how much less the best of the other cards scores;
- :func:`sure_tricks`: what a card is sure of even if every other player plays against you (a
  paranoid search), so that a claim does not rest on max-n's tie-break convention;
- :func:`verdict`: whether the ending makes a puzzle (one run best, every other card at least
  :data:`MARGIN` worse, the best card making the call whatever the others play);
- :func:`reason_text`: the reason in plain words, from those numbers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Any

from cardlib import callbreak, games
from cardlib.cards import SUIT_NAMES, SUITS, Card, parse_cards, sort_for_display
from cardlib.coach.solver import CardValue, Ending, Solution, one_of_each_run, solve
from cardlib.facts import Game
from cardlib.i18n import _, ngettext
from cardlib.tricks import legal_mask, winner_index

STANDARD = callbreak.STANDARD
#: How much less (in the game's points) every other card must score for the player.
MARGIN = Fraction(1)
#: The game of a puzzle that names none, the one the puzzles were first made for: its puzzles'
#: names (titles, files, seeds, the learner's record) leave the game out.
DEFAULT_GAME = "callbreak"


def _given_cards(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    return tuple(parse_cards(cards) if isinstance(cards, str) else (Card(c) for c in cards))


def check_game(game: str) -> type[Game]:
    """A game whose endings make best-play puzzles, by its key: one the coach knows
    (:func:`cardlib.games.coached`: ``callbreak``, ``callbridge``, ``judgement`` …); another is
    refused. Its class holds what an ending needs beyond the solver: its direction of play
    and rules, its word for a call, how its points are written."""
    known = games.coached()
    for facts in known:
        if facts.key == game:
            return facts
    keys = ", ".join(facts.key for facts in known)
    raise ValueError(
        _("game must be one of {choices}, got {value!r}").format(choices=keys, value=game)
    )


def options_for(facts: type[Game], variant: callbreak.Variant | None) -> Any:
    """The options an ending of ``facts`` is played under: ``variant`` in a game with options
    (Call Break's), else none (a Call Break ``variant`` is ignored there, as it always was)."""
    return variant if facts.standard_options is not None else None


def ending_from(
    hands: Sequence[Iterable[Card | str] | str],
    trick: Iterable[Card | str] | str = "",
    leader: int = 0,
    calls: Sequence[int] = (),
    won: Sequence[int] = (),
    variant: callbreak.Variant = STANDARD,
    game: str = DEFAULT_GAME,
    trump: str | None = None,
) -> Ending:
    """The ending from its givens, as a puzzle notebook writes them: ``hands`` by seat (text like
    ``"AS KH 3D"`` or cards), the ``trick`` so far, its ``leader``, the ``calls`` (or bids) and
    the tricks ``won`` so far, by seat; Call Break (under ``variant``), Call Bridge, or
    Judgement with its round's ``trump`` (a suit letter, ``None`` for no trump: Judgement's
    trump changes from round to round, Call Break's and Call Bridge's is always spades), or
    any game the coach knows by its key (:func:`check_game`)."""
    facts = check_game(game)
    if len(hands) != 4 or len(calls) != 4 or len(won) != 4:
        raise ValueError("an ending needs four hands, four calls and four trick counts, by seat")
    options = options_for(facts, variant)
    if trump is not None and not facts.trump_varies:
        fixed = facts.rules(options).trump
        always = "no trump" if fixed is None else f"the trump is always {SUIT_NAMES[fixed]}"
        varies = " or ".join(g.name for g in games.coached() if g.trump_varies)
        raise ValueError(f"{always} in {game}; trump= is for {varies}")
    rules = facts.rules(options, trump)
    return Ending(
        hands=tuple(tuple(sorted(_given_cards(hand), reverse=True)) for hand in hands),
        trick=_given_cards(trick),
        leader=leader,
        won=tuple(won),
        calls=tuple(calls),
        rules=rules,
        direction=facts.direction(options),
        game=game,
        variant=options,  # as solver.ending_of reads a deal
    )


@lru_cache(maxsize=256)
def solved(ending: Ending) -> Solution:
    """The solver's answer for an ending (kept: a check is asked again and again)."""
    return solve(ending)


def best_cards(solution: Solution) -> frozenset[Card]:
    """The answer: every legal card that reaches the best score for the player to act."""
    return solution.best


def runs(ending: Ending) -> list[frozenset[Card]]:
    """The player to act's cards in runs that are one card in effect: same suit, and no card
    still in play (in any hand or on the table) between them. The solver gives each run one
    value; a puzzle whose best cards are one run has one answer."""
    seat = ending.to_act
    in_play = sorted({c for hand in ending.hands for c in hand} | set(ending.trick))
    mine = set(ending.hands[seat])
    found: list[set[Card]] = []
    previous: Card | None = None
    for card in in_play:
        if card in mine:
            if previous in mine and previous.suit == card.suit:
                found[-1].add(card)
            else:
                found.append({card})
        previous = card
    return [frozenset(run) for run in found]


def sure_tricks(ending: Ending, card: Card) -> int:
    """The tricks the player to act takes from here after playing ``card``, at least, whatever
    the others play: a *paranoid* search (every other player plays to keep those tricks down).

    Max-n (the solver) says what happens when each player plays for their own score, breaking
    ties between equally good cards by a fixed convention; this says what the player can be
    sure of. A puzzle's answer makes the call even then, so its claim holds however the others
    break their ties (and since the others can always do at least as well against you as
    max-n's line does, every other card lets them set you)."""
    me, players, direction = ending.to_act, ending.players, ending.direction
    rules = ending.rules
    trump = -1 if rules.trump is None else SUITS.index(rules.trump)
    table: dict = {}

    def value(hands: tuple[int, ...], trick: tuple[int, ...], leader: int) -> int:
        if not trick:
            if not hands[leader]:
                return 0
            found = table.get((hands, leader))
            if found is not None:
                return found
        seat = (leader + direction * len(trick)) % players
        # Every lead after the given card comes after the first trick: no first-lead rule.
        legal = legal_mask(hands[seat], list(trick), rules, False)[0]
        # The most a player can hope for: every trick left for me, or none.
        target = hands[me].bit_count() if seat == me else 0
        best = None
        for card_index in one_of_each_run(hands, trick, seat, legal):
            outcome = after(hands, trick, leader, seat, card_index)
            if best is None or (outcome > best if seat == me else outcome < best):
                best = outcome
                if best == target:
                    break
        if not trick:
            table[hands, leader] = best
        assert best is not None  # a legal card always gives one
        return best

    def after(hands, trick, leader, seat, card_index) -> int:
        played = list(hands)
        played[seat] ^= 1 << card_index
        rest, now = tuple(played), (*trick, card_index)
        if len(now) < players:
            return value(rest, now, leader)
        winner = (leader + direction * winner_index(list(now), trump)) % players
        return (winner == me) + value(rest, (), winner)

    hands = tuple(sum(1 << int(c) for c in hand) for hand in ending.hands)
    return after(hands, tuple(int(c) for c in ending.trick), ending.leader, me, int(Card(card)))


def margin(solution: Solution) -> Fraction | None:
    """How much less the best of the other legal cards scores for the player than the answer
    (``None`` when every legal card is best)."""
    seat, best = solution.seat, best_cards(solution)
    others = [Fraction(v.points[seat]) for v in solution.cards if v.card not in best]
    if not others:
        return None
    return Fraction(solution.value) - max(others)


def forces_exact_bid(ending: Ending, card: Card) -> bool:
    """Whether, after ``card``, the player to act can end with exactly their bid whatever the
    others play (Judgement's exact bid). A paranoid search, as :func:`sure_tricks`, but the
    goal is one trick count, not "at least": the player plays to hit it, every other player
    plays to make them miss, by taking a trick from them or by giving them one too many."""
    me, players, direction = ending.to_act, ending.players, ending.direction
    rules = ending.rules
    trump = -1 if rules.trump is None else SUITS.index(rules.trump)
    need = ending.calls[me] - ending.won[me]
    table: dict = {}

    def value(hands: tuple[int, ...], trick: tuple[int, ...], leader: int, taken: int) -> bool:
        left = hands[leader].bit_count()
        if not trick:
            if taken > need or taken + left < need:
                return False  # too many already, or too few tricks left to reach the bid
            if not left:
                return True
            found = table.get((hands, leader, taken))
            if found is not None:
                return found
        seat = (leader + direction * len(trick)) % players
        legal = legal_mask(hands[seat], list(trick), rules, False)[0]
        outcomes = (
            after(hands, trick, leader, taken, seat, c)
            for c in one_of_each_run(hands, trick, seat, legal)
        )
        result = any(outcomes) if seat == me else all(outcomes)
        if not trick:
            table[hands, leader, taken] = result
        return result

    def after(hands, trick, leader, taken, seat, card_index) -> bool:
        played = list(hands)
        played[seat] ^= 1 << card_index
        rest, now = tuple(played), (*trick, card_index)
        if len(now) < players:
            return value(rest, now, leader, taken)
        winner = (leader + direction * winner_index(list(now), trump)) % players
        return value(rest, (), winner, taken + (winner == me))

    hands = tuple(sum(1 << int(c) for c in hand) for hand in ending.hands)
    return after(hands, tuple(int(c) for c in ending.trick), ending.leader, 0, me, int(Card(card)))


def sure_to_make(ending: Ending, card: Card) -> bool:
    """Whether ``card`` makes the call of the player to act whatever the others play: every
    final trick count from the tricks it is sure of up to all that are left scores above 0
    (so a Call Bridge bonus bid, which fails with too many tricks, is sure only when no number
    of tricks the others could let you take breaks it). In Judgement, where only the exact bid
    scores, the player must be able to hit it exactly against every defence
    (:func:`forces_exact_bid`)."""
    seat = ending.to_act
    if check_game(ending.game).exact_calls:
        return forces_exact_bid(ending, card)
    won, left = ending.won[seat], len(ending.hands[seat])
    sure = won + sure_tricks(ending, card)
    return all(ending.score(seat, tricks) > 0 for tricks in range(sure, won + left + 1))


def verdict(ending: Ending) -> tuple[Solution, frozenset[Card]] | None:
    """The solution and its answer when the ending makes a puzzle (one card clearly best: a
    single run, every other card at least :data:`MARGIN` worse, and the best card makes the
    call whatever the others play), else ``None``."""
    solution = solved(ending)
    best = best_cards(solution)
    gap = margin(solution)
    if gap is None or gap < MARGIN or best not in runs(ending):
        return None
    if not sure_to_make(ending, next(iter(best))):
        return None  # the claim would rest on how indifferent players break their ties
    return solution, best


def points_text(points: Decimal | Fraction | int, places: int = 1) -> str:
    """Points signed, with ``places`` decimal places and a true minus: ``'+5.0'``, ``'−3.0'``
    (Call Break's tenths), ``'+4'`` (Call Bridge's whole points); nothing at all is ``'0'``
    (a missed Judgement bid)."""
    exact = Fraction(points)
    if exact == 0:
        return f"{0:.{places}f}"
    number = Decimal(exact.numerator) / Decimal(exact.denominator)
    return f"{number:+.{places}f}".replace("-", "−")


def _outcome_message(game: str, made: bool, left: int) -> str:
    # One whole sentence per kind of call and outcome, so a translation can word each its own
    # way.
    facts = check_game(game)
    if facts.exact_calls and not made:  # exact bids: too many tricks miss as surely as too few
        return ngettext(
            "you take {taken} of the last {left} trick, {total} in all, and miss your bid of "
            "{call} ({points})",
            "you take {taken} of the last {left} tricks, {total} in all, and miss your bid of "
            "{call} ({points})",
            left,
        )
    if facts.call_word == "bid":
        if made:
            return ngettext(
                "you take {taken} of the last {left} trick, {total} in all, and make your bid "
                "of {call} ({points})",
                "you take {taken} of the last {left} tricks, {total} in all, and make your bid "
                "of {call} ({points})",
                left,
            )
        return ngettext(
            "you take {taken} of the last {left} trick, {total} in all, and are set on your "
            "bid of {call} ({points})",
            "you take {taken} of the last {left} tricks, {total} in all, and are set on your "
            "bid of {call} ({points})",
            left,
        )
    if made:
        return ngettext(
            "you take {taken} of the last {left} trick, {total} in all, and make your call "
            "of {call} ({points})",
            "you take {taken} of the last {left} tricks, {total} in all, and make your call "
            "of {call} ({points})",
            left,
        )
    return ngettext(
        "you take {taken} of the last {left} trick, {total} in all, and are set on your call "
        "of {call} ({points})",
        "you take {taken} of the last {left} tricks, {total} in all, and are set on your call "
        "of {call} ({points})",
        left,
    )


def outcome_text(value: CardValue, ending: Ending) -> str:
    """What a card leads to for the player to act, in words: tricks taken from now and in all,
    the call made or set, and the points."""
    seat = ending.to_act
    left = len(ending.hands[seat])
    total = value.tricks[seat]
    made = value.points[seat] > 0
    return _outcome_message(ending.game, made, left).format(
        taken=total - ending.won[seat],
        left=left,
        total=total,
        call=ending.calls[seat],
        points=points_text(value.points[seat], check_game(ending.game).places),
    )


def _either(cards: Iterable[Card]) -> str:
    """``'A♠ or K♠ or Q♠'``."""
    names = [str(card) for card in sort_for_display(cards)]
    text = names[0]
    for name in names[1:]:
        text = _("{cards} or {last}").format(cards=text, last=name)
    return text


def reason_text(solution: Solution, ending: Ending) -> str:
    """Why the answer is best, in plain words from the solver's numbers: what the best card
    gives, then what every other legal card gives (grouped by outcome, best first)."""
    seat, best = solution.seat, best_cards(solution)
    outcomes: dict[tuple, list[CardValue]] = {}
    for value in solution.cards:  # best first
        key = (value.card in best, value.tricks[seat], value.points[seat])
        outcomes.setdefault(key, []).append(value)
    parts: dict[bool, list[str]] = {True: [], False: []}
    for (is_best, _tricks_taken, _points), values in outcomes.items():
        parts[is_best].append(
            f"{_either(v.card for v in values)}: {outcome_text(values[0], ending)}"
        )
    best_text = "; ".join(parts[True])
    if all(sure_to_make(ending, card) for card in best):
        text = _("{best} — whatever the others play.").format(best=best_text)
    else:
        # Translators: only the sentence's full stop (Hindi ends it with "।").
        text = _("{best}.").format(best=best_text)
    if parts[False]:
        others = _("Every other card does worse — {others}.").format(others="; ".join(parts[False]))
        text += " " + others
    return text


def example_cards(ending: Ending, how_many: int = 3) -> tuple[Card, ...]:
    """Cards to name as examples of the answer's form: never the player's own, so an example
    is never the answer and choosing one tells nothing."""
    seat = ending.to_act
    others: Iterable[Card] = (
        c for s in range(4) if s != seat for c in sorted(ending.hands[s], reverse=True)
    )
    return tuple(others)[:how_many]


__all__ = [
    "DEFAULT_GAME",
    "MARGIN",
    "best_cards",
    "check_game",
    "ending_from",
    "example_cards",
    "forces_exact_bid",
    "margin",
    "options_for",
    "outcome_text",
    "points_text",
    "reason_text",
    "runs",
    "solved",
    "sure_to_make",
    "sure_tricks",
    "verdict",
]
