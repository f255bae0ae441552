""" "What should I play here?" puzzles: Call Break endings where one card is clearly best.

The legal-play puzzles (:mod:`cardlib.puzzles.legal_play`) ask which cards the rules *allow*;
these ask which card is *best*. A puzzle is the ending of a real deal: a seeded deal is called and
played by :class:`~cardlib.bots.SensibleBot` (every puzzle starts so:
:func:`cardlib.puzzles.legal_play.called_deal`) until each hand holds the level's number of cards
(:data:`LEVELS`), and one turn of the next trick becomes the puzzle. All four hands are shown open
(a *double-dummy* ending), so the answer can be proven: :func:`cardlib.coach.solver.solve` plays
every card out under max-n (each player plays for their own score in the game, all hands known)
and gives each legal card's final tricks and points.

**The answer** is every legal card that reaches the best score for the player to act
(:func:`~cardlib.puzzles.best_answer.best_cards`; the check of a student's answer,
:func:`cardlib.exercises.check_best_play`, reads it through the same functions of
:mod:`cardlib.puzzles.best_answer`, where the conditions below are computed).

**Clearly best.** A position is kept only when

- the best cards are *one card in effect*: a single run of cards of one suit in the player's hand
  with no card still in play between them (:func:`runs`; such cards always score the same, so any
  of them is right), and
- every other legal card scores at least :data:`MARGIN` (one point) less for the player. In Call
  Break that means the best card *makes the call* and every other card is *set* (overtricks are
  worth a tenth each, so no smaller difference reaches a point);
- and the best card makes the call *whatever the others play* (:func:`sure_tricks`, a paranoid
  search). Max-n breaks the ties of a player who does not care (one whose call is already made
  or lost) by a fixed convention; this last condition makes the answer hold however they break
  them. With any other card the others can set you: max-n's line is one way to do it.

The reason in the key is worded from the solver's numbers (:func:`reason_text`): "A♠: you take
3 of the last 4 tricks, 5 in all, and make your call of 5 (+5.0) — whatever the others play.
Every other card does worse — …".

**Judgement** (``game="judgement"``): endings of its rounds for four players, each with its
round's trump, scored by its exact bids (exact 0 or 1: 10, exact k: 10k, missed: 0). A trick
too many misses as surely as one too few, so "whatever the others play" means the best card
lets you hit the bid *exactly* against every defence (:func:`forces_exact_bid`).

``best_puzzle_set(10, "medium", seed=7)`` gives the same ten puzzles every time.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from html import escape
from itertools import count
from typing import TYPE_CHECKING, Any

from cardlib import callbreak
from cardlib.bots import SensibleBot
from cardlib.cards import SUIT_SYMBOLS, Card, cards_text, sort_for_display
from cardlib.coach.solver import CardValue, Ending, ending_of
from cardlib.draw.svg import Html, hand_svg, trick_svg
from cardlib.game import SEAT_NAMES
from cardlib.i18n import _, ngettext
from cardlib.puzzles.best_answer import (
    DEFAULT_GAME,
    MARGIN,
    best_cards,
    check_game,
    ending_from,
    example_cards,
    forces_exact_bid,
    margin,
    options_for,
    outcome_text,
    points_text,
    reason_text,
    runs,
    solved,
    sure_to_make,
    sure_tricks,
    verdict,
)
from cardlib.puzzles.legal_play import STANDARD, called_deal, replay_deal

if TYPE_CHECKING:  # imported where they are used, as the other games' puzzles need neither
    from cardlib.exercises.feedback import Feedback
    from cardlib.game import CountedCallDeal

#: Cards in each hand at the puzzle's trick, by level: fewer cards, fewer lines to read.
LEVELS: dict[str, int] = {"easy": 3, "medium": 4, "hard": 5}
MAX_DEALS = 2000  # per puzzle; a clear ending turns up within a few dozen deals


def _size(level: str) -> int:
    if level not in LEVELS:
        raise ValueError(
            _("level must be one of {choices}, got {value!r}").format(
                choices=", ".join(LEVELS), value=level
            )
        )
    return LEVELS[level]


def seat_line(seat: int, calls: Sequence[int], won: Sequence[int], game: str = DEFAULT_GAME) -> str:
    """A seat's name, call and tricks so far: ``'North: call 3, 2 tricks won'`` (``'bid 3'`` in
    a game that bids)."""
    if check_game(game).call_word == "bid":
        line = ngettext(
            "{seat}: bid {call}, {count} trick won",
            "{seat}: bid {call}, {count} tricks won",
            won[seat],
        )
    else:
        line = ngettext(
            "{seat}: call {call}, {count} trick won",
            "{seat}: call {call}, {count} tricks won",
            won[seat],
        )
    return line.format(seat=_(SEAT_NAMES[seat]), call=calls[seat], count=won[seat])


def show_ending(
    hands: Sequence[Iterable[Card | str] | str],
    trick: Iterable[Card | str] | str = "",
    leader: int = 0,
    calls: Sequence[int] = (),
    won: Sequence[int] = (),
    title: str = "",
    game: str = DEFAULT_GAME,
    trump: str | None = None,
) -> Html:
    """An ending as pictures, from its givens alone (nothing about its answer): the four hands
    open around the table (North at the top, you at the bottom when you are South), the trick
    so far in the middle, each seat's call and tricks. Puzzle notebooks show their positions
    with it. Seats keep their compass places (turned so that you sit at the bottom), whichever
    way the game plays round the table. A Judgement ending (``game="judgement"``) names its
    round's ``trump`` (``None``: no trump)."""
    ending = ending_from(hands, trick, leader, calls, won, game=game, trump=trump)
    seat = ending.to_act
    names = [_(name) for name in SEAT_NAMES]
    # Grid places, turned so that the player to act sits at the bottom.
    places = {0: "3 / 2", 1: "2 / 1", 2: "1 / 2", 3: "2 / 3"}
    to_play = escape(_("you, to play"))
    cells = []
    for s in range(4):
        place = places[(s - seat) % 4]
        you = f" — <b>{to_play}</b>" if s == seat else ""
        picture = hand_svg(
            sort_for_display(ending.hands[s]),
            sort=False,
            label=_("{seat}'s hand").format(seat=names[s]),
        )
        cells.append(
            f'<div style="grid-area:{place};padding:0.3em">'
            f"<div>{escape(seat_line(s, calls, won, game))}{you}</div><div>{picture}</div></div>"
        )
    seats = tuple((leader + ending.direction * i) % 4 for i in range(len(ending.trick)))
    middle = (
        trick_svg(ending.trick, seats, None, names)
        if ending.trick
        else escape(
            _("{seat} leads trick {number}.").format(
                seat=names[seat], number=_tricks_before(ending) + 1
            )
        )
    )
    cells.append(f'<div style="grid-area:2 / 2;padding:0.3em;align-self:center">{middle}</div>')
    heading = f"<b>{escape(title)}</b> — " if title else ""
    return Html(
        f'<div class="cardlib-best-play">{heading}'
        f"{escape(question_text(ending))}"
        '<div style="display:grid;grid-template-columns:auto auto auto;gap:0.2em">'
        f"{''.join(cells)}</div></div>"
    )


def _tricks_before(ending: Ending) -> int:
    """Tricks played before the table's: a Judgement round has fewer than 13 cards, and every
    trick played has a winner (Call Break's and Call Bridge's count from the full hand, as a
    hand-made ending may leave its tricks won loose: the whole pack is dealt)."""
    if not check_game(ending.game).whole_pack:
        return sum(ending.won)
    return 13 - len(ending.hands[ending.to_act])


def trump_text(trump: str | None) -> str:
    """A Judgement round's trump in a sentence: ``'Trump this round: ♥.'``."""
    if trump is None:
        return _("No trump this round.")
    return _("Trump this round: {symbol}.").format(symbol=SUIT_SYMBOLS[trump])


def question_text(ending: Ending) -> str:
    """The question in one sentence (the same for the notebook, the widget and the key)."""
    seat = ending.to_act
    left, won = len(ending.hands[seat]), ending.won[seat]
    ending_is = ngettext(
        "A double-dummy ending: all four hands are open, {count} trick to play.",
        "A double-dummy ending: all four hands are open, {count} tricks to play.",
        left,
    ).format(count=left)
    facts = check_game(ending.game)
    if facts.call_word == "bid":
        you_are = ngettext(
            "You are {seat}, with a bid of {call} and {count} trick won so far.",
            "You are {seat}, with a bid of {call} and {count} tricks won so far.",
            won,
        )
    else:
        you_are = ngettext(
            "You are {seat}, with a call of {call} and {count} trick won so far.",
            "You are {seat}, with a call of {call} and {count} tricks won so far.",
            won,
        )
    you_are = you_are.format(seat=_(SEAT_NAMES[seat]), call=ending.calls[seat], count=won)
    parts = [ending_is, you_are, _("Which card is best for you?")]
    if facts.trump_varies:
        parts.insert(1, trump_text(ending.rules.trump))
    return " ".join(parts)


@dataclass(frozen=True)
class BestPlayPuzzle:
    """One ending and its proven answer.

    The givens: ``hands`` by seat (each sorted for display), the ``trick`` so far and its
    ``leader``, the ``calls`` and the tricks ``won`` so far, by seat. The answer: ``best`` (every
    card that is best; one card in effect), ``values`` (the solver's outcome of every legal card),
    ``reason`` in words, ``margin`` (how many points the next best card gives away). Where it
    came from: ``deal_seed``, ``dealer`` and ``history`` (every card played before this turn)
    replay it (:meth:`replay`), with ``round_number`` for Judgement (the round of its schedule,
    which gives the cards dealt and the trump; 0 for a game whose deals are all dealt alike:
    :meth:`~cardlib.facts.Game.deal_numbers`).
    """

    level: str
    seed: int
    number: int
    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[Card, ...]
    leader: int
    calls: tuple[int, ...]
    won: tuple[int, ...]
    best: frozenset[Card]
    values: tuple[CardValue, ...]
    reason: str
    margin: Fraction | None  # None when every legal card is best
    deal_seed: int
    dealer: int
    history: tuple[Card, ...]
    variant: callbreak.Variant = STANDARD
    game: str = DEFAULT_GAME
    round_number: int = 0

    @property
    def trump(self) -> str | None:
        """Judgement's trump for this round (a suit letter, ``None`` for no trump); ``None`` for
        a game whose trump never changes (Call Break's and Call Bridge's is always spades)."""
        facts = check_game(self.game)
        if not facts.trump_varies:
            return None
        deal = facts.new_deal(self.deal_seed, self.dealer, None, self.round_number or 1)
        return deal.rules.trump

    @property
    def ending(self) -> Ending:
        """The position as an ending for the exact solver."""
        return ending_from(
            self.hands,
            self.trick,
            self.leader,
            self.calls,
            self.won,
            self.variant,
            self.game,
            self.trump,
        )

    @property
    def _direction(self) -> int:
        """Which way play goes round the table in this puzzle's game."""
        facts = check_game(self.game)
        return facts.direction(options_for(facts, self.variant))

    @property
    def seat(self) -> int:
        """The seat to play."""
        return (self.leader + self._direction * len(self.trick)) % 4

    @property
    def hand(self) -> tuple[Card, ...]:
        """The hand of the seat to play."""
        return self.hands[self.seat]

    @property
    def answer(self) -> frozenset[Card]:
        """The best cards (the same as ``best``), as every puzzle names its answer."""
        return self.best

    @property
    def trick_seats(self) -> tuple[int, ...]:
        """The seats that played to the trick so far, in order."""
        direction = self._direction
        return tuple((self.leader + direction * i) % 4 for i in range(len(self.trick)))

    @property
    def tricks_played(self) -> int:
        """How many tricks were played before this one."""
        return _tricks_before(self.ending)

    @property
    def title(self) -> str:
        """The puzzle's title (number, level, seed; and the game, unless it is the default's),
        in the learner's language."""
        if self.game == DEFAULT_GAME:
            title = _("Best-play puzzle {number} ({level}, seed {seed})")
        else:
            title = _("Best-play puzzle {number} ({game}, {level}, seed {seed})")
        game = _(check_game(self.game).name)
        return title.format(number=self.number + 1, game=game, level=_(self.level), seed=self.seed)

    @property
    def question(self) -> str:
        """The question, in the learner's language."""
        return question_text(self.ending)

    @property
    def prompt(self) -> str:
        """What to do, in the learner's language."""
        return _("Click the card you would play, then Check.")

    def check(self, answer: object) -> Feedback:
        """Feedback on an answer (the card you would play), as the exercise checks give it."""
        from cardlib.exercises import check_best_play

        if check_game(self.game).trump_varies:
            return check_best_play(answer, *self.givens(), game=self.game, trump=self.trump)
        return check_best_play(answer, *self.givens(), game=self.game)

    def givens(self) -> tuple[tuple[str, ...], str, int, tuple[int, ...], tuple[int, ...]]:
        """The check's givens after the answer: hands, trick, leader, calls, won."""
        return (
            tuple(" ".join(c.code for c in hand) for hand in self.hands),
            " ".join(c.code for c in self.trick),
            self.leader,
            self.calls,
            self.won,
        )

    def replay(self) -> CountedCallDeal[Any]:
        """The real deal, replayed up to this puzzle's turn (a proof that the position happens)."""
        return replay_deal(
            self.deal_seed,
            self.dealer,
            self.variant,
            self.calls,
            self.history,
            self.game,
            self.round_number or 1,
        )

    @property
    def position_text(self) -> str:
        """The position as one line of text (:mod:`cardlib.position`) with every hand, as the
        puzzle shows them."""
        return self.replay().to_text()

    def answer_text(self) -> str:
        """Why the best cards are best, in a sentence."""
        return self.reason

    def __str__(self) -> str:
        lines = [f"{self.title}: {self.question}"]
        if self.trick:
            plays = ", ".join(
                f"{_(SEAT_NAMES[s])} {c}" for s, c in zip(self.trick_seats, self.trick, strict=True)
            )
            lines.append(
                _("Trick {number}: {plays}; your turn.").format(
                    number=self.tricks_played + 1, plays=plays
                )
            )
        for s in range(4):
            line = seat_line(s, self.calls, self.won, self.game)
            lines.append(f"{line}: {cards_text(self.hands[s])}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        game = "" if self.game == DEFAULT_GAME else f", game={self.game!r}"
        return f"best_puzzle({self.level!r}, seed={self.seed}, number={self.number}{game})"

    def _repr_html_(self) -> str:
        return show_ending(
            self.hands,
            self.trick,
            self.leader,
            self.calls,
            self.won,
            self.title,
            self.game,
            self.trump,
        )


def best_puzzle(level: str, seed: int, number: int = 0, game: str = DEFAULT_GAME) -> BestPlayPuzzle:
    """Best-play puzzle ``number`` (0-based) of a level and seed: always the same one. Call Break
    by default; ``game="callbridge"`` for Call Bridge's endings, ``game="judgement"`` for
    Judgement's (four players, a round of its schedule with at least the level's cards, so its
    trump, drawn with the deal); any game the coach knows by its key."""
    size = _size(level)
    facts = check_game(game)
    key = f"{level}/{seed}/{number}" if game == DEFAULT_GAME else f"{game}/{level}/{seed}/{number}"
    rng = random.Random(f"cardlib-best-play/{key}")
    bot = SensibleBot()  # plays Judgement as it plays the others: to its bid, then ducking
    rounds = facts.deal_numbers(size)  # Judgement's rounds with enough cards; else none
    for _attempt in range(MAX_DEALS):
        round_number = rng.choice(rounds) if rounds else 0
        deal_seed, deal = called_deal(rng, game=game, number=round_number or 1)
        history: list[Card] = []

        def play() -> None:
            # the bot plays every counted-call game alike, whatever its points are counted in
            card = bot.choose_play(deal)  # noqa: B023 - the deal of this attempt
            deal.play(card)  # noqa: B023
            history.append(card)  # noqa: B023

        # Down to ``size`` cards a hand at the start of a trick (3 to 5: never over).
        while deal.to_act is not None and (len(deal.hand(deal.to_act)) > size or deal.trick):
            play()
        found = []
        for _turn in range(4):
            ending = ending_of(deal)
            if verdict(ending) is not None:
                found.append((ending, tuple(history)))
            play()
        if found:
            ending, played = found[rng.randrange(len(found))]
            puzzle = _make(level, seed, number, ending, played, deal_seed, deal.dealer, game)
            return replace(puzzle, round_number=round_number)
    raise RuntimeError(f"no clear ending found in {MAX_DEALS} deals")  # pragma: no cover


def _make(level, seed, number, ending: Ending, history, deal_seed, dealer, game) -> BestPlayPuzzle:
    proof = verdict(ending)
    if proof is None:  # pragma: no cover - the generator chose it for its verdict
        raise AssertionError(f"best-play puzzle {level}/{seed}/{number} has no clear answer")
    solution, best = proof
    return BestPlayPuzzle(
        level=level,
        seed=seed,
        number=number,
        hands=tuple(tuple(sort_for_display(hand)) for hand in ending.hands),
        trick=ending.trick,
        leader=ending.leader,
        calls=ending.calls,
        won=ending.won,
        best=best,
        values=solution.cards,
        reason=reason_text(solution, ending),
        margin=margin(solution),
        deal_seed=deal_seed,
        dealer=dealer,
        history=history,
        game=game,
    )


def best_puzzle_stream(
    level: str = "medium", seed: int = 0, game: str = DEFAULT_GAME
) -> Iterator[BestPlayPuzzle]:
    """Best-play puzzles 0, 1, 2, … of a level and seed, without end."""
    _size(level)
    check_game(game)
    return (best_puzzle(level, seed, n, game) for n in count())


def best_puzzle_set(
    count: int = 10, level: str = "medium", seed: int = 7, game: str = DEFAULT_GAME
) -> list[BestPlayPuzzle]:
    """The first ``count`` best-play puzzles of a level and seed (of ``game``)."""
    if not isinstance(count, int) or count < 1:
        raise ValueError(
            _("count must be a whole number of puzzles, at least 1, got {value!r}").format(
                value=count
            )
        )
    _size(level)
    check_game(game)
    return [best_puzzle(level, seed, n, game) for n in range(count)]


__all__ = [
    "DEFAULT_GAME",
    "LEVELS",
    "MARGIN",
    "BestPlayPuzzle",
    "best_cards",
    "best_puzzle",
    "best_puzzle_set",
    "best_puzzle_stream",
    "ending_from",
    "example_cards",
    "forces_exact_bid",
    "margin",
    "outcome_text",
    "points_text",
    "question_text",
    "reason_text",
    "runs",
    "seat_line",
    "show_ending",
    "solved",
    "sure_to_make",
    "sure_tricks",
    "trump_text",
    "verdict",
]
