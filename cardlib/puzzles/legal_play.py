""" "What must I play here?" puzzles for Call Break, generated from a seed.

A puzzle is a position taken from a real deal: a seeded :class:`~cardlib.callbreak.Deal` is called
by :class:`~cardlib.bots.SensibleBot` and played with random legal cards, and one turn of it
becomes the puzzle. So every position can happen (it did happen), and the deal, the calls and the
cards played before it are kept for anyone who wants to replay it (:meth:`Puzzle.replay`).

The answer is the set of legal cards and the rule id that decided, from
:func:`cardlib.callbreak.explain_play`. Levels follow the ladder:

- ``easy``: ``lead``, ``follow-any`` (you cannot beat), ``free`` (neither the suit nor spades);
- ``medium``: ``must-beat``, ``follow-trumped``, ``must-trump``;
- ``hard``: ``must-overtrump``, ``must-undertrump``, and two house variations:
  ``lead-no-spade`` (no spade lead on the first trick) and ``free`` under free discard while
  holding spades that cannot over-trump.

**Every puzzle tests its rule.** A position is used only when its rule matters: the legal set
has at least two cards, and it differs from what each *rival* rule would allow there — the rule a
player who forgot this one would apply (:data:`RIVALS`): a ``must-beat`` puzzle holds a card of the
led suit that does not beat, a ``follow-trumped`` one a card that could beat (so "must beat"
would be wrong), a ``must-overtrump`` one a spade too low, and so on. :func:`narrows` is that
proof; the generator checks it for every puzzle it emits (``Puzzle.rivals`` keeps the evidence).

``puzzle_set(10, "medium", seed=7)`` gives the same ten puzzles every time; each block of
consecutive puzzles as long as the level's list of rules holds each rule once, so a set at least
that long shows every rule of its level. ``puzzle_stream`` goes on for ever, with the same start.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from html import escape
from itertools import count
from typing import TYPE_CHECKING, Any, Literal, cast, overload

from cardlib import callbreak
from cardlib.cards import (
    Card,
    cards_text,
    from_mask,
    parse_cards,
    sort_for_display,
    to_mask,
)
from cardlib.draw.svg import Html, hand_svg, trick_svg
from cardlib.game import SEAT_NAMES, Explanation
from cardlib.i18n import N_, _
from cardlib.puzzles.best_answer import check_game, options_for
from cardlib.tricks import (
    FOLLOW_ANY,
    FOLLOW_TRUMPED,
    FREE,
    LEAD,
    LEAD_NO_TRUMP,
    MUST_BEAT,
    MUST_OVERTRUMP,
    MUST_TRUMP,
    MUST_UNDERTRUMP,
    PlayRules,
    rule_masks,
)

if TYPE_CHECKING:  # imported where they are used: Call Break's puzzles need neither
    from cardlib.exercises.feedback import Feedback
    from cardlib.game import CountedCallDeal

STANDARD = callbreak.STANDARD
NO_SPADE_LEAD = callbreak.Variant(no_spade_lead_first_trick=True)
FREE_DISCARD = callbreak.Variant(free_discard=True)


#: For each rule: the rules a player who forgot it would apply instead. A puzzle of that rule is
#: set only where each rival allows different cards than the rule does.
RIVALS: dict[str, tuple[str, ...]] = {
    LEAD: (LEAD_NO_TRUMP,),  # standard rules: a spade may be led, even on the first trick
    LEAD_NO_TRUMP: (LEAD,),
    MUST_BEAT: (FOLLOW_ANY,),
    FOLLOW_ANY: (FREE,),  # you hold the suit, so other suits are not allowed
    FOLLOW_TRUMPED: (MUST_BEAT,),
    MUST_TRUMP: (FREE,),
    MUST_OVERTRUMP: (MUST_UNDERTRUMP, FREE),
    MUST_UNDERTRUMP: (FREE,),
    FREE: (MUST_UNDERTRUMP,),  # free discard: the spades you hold are not forced
}


def narrows(
    rule: str,
    hand: int,
    trick: list[int],
    rules: PlayRules,
    first_trick: bool = False,
    free_discard: bool = True,
) -> dict[str, int] | None:
    """The proof that a position tests ``rule``: each rival's mask, every one different from the
    rule's, or ``None`` when the legal set is a single card or a rival cannot apply here or would
    allow the same cards.

    One exception: ``free`` under standard rules (``free_discard=False``) means you hold neither
    the led suit nor a spade, so its rival ("play a spade") cannot apply; there the proof asks for
    a hand of two suits at least.
    """
    masks = rule_masks(hand, trick, rules, first_trick)
    legal = masks.get(rule) if rule != FREE or trick else None
    if legal is None or legal.bit_count() < 2:
        return None
    rivals = {rival: masks.get(rival) for rival in RIVALS[rule]}
    if rule == FREE and not free_discard:
        suits = {card // 13 for card in range(52) if hand >> card & 1}
        return {MUST_UNDERTRUMP: 0} if rivals[MUST_UNDERTRUMP] is None and len(suits) > 1 else None
    if any(mask is None or mask == legal for mask in rivals.values()):
        return None
    return {rival: mask for rival, mask in rivals.items() if mask is not None}


@dataclass(frozen=True)
class Kind:
    """One kind of puzzle: the rule id that must decide, under which variant."""

    rule: str
    variant: callbreak.Variant = STANDARD

    @property
    def name(self) -> str:
        """The rule the puzzle is about, with its house rules if not the standard game."""
        return (
            self.rule if self.variant == STANDARD else f"{self.rule} ({variant_text(self.variant)})"
        )


LEVELS: dict[str, tuple[Kind, ...]] = {
    "easy": (Kind("lead"), Kind("follow-any"), Kind("free")),
    "medium": (Kind("must-beat"), Kind("follow-trumped"), Kind("must-trump")),
    "hard": (
        Kind("must-overtrump"),
        Kind("must-undertrump"),
        Kind("lead-no-spade", NO_SPADE_LEAD),
        Kind("free", FREE_DISCARD),
    ),
}
MAX_DEALS = 2000  # per puzzle; every kind turns up within a few deals


# The levels' names, as a learner reads them (the keys of LEVELS stay English).
_LEVEL_NAMES = (N_("easy"), N_("medium"), N_("hard"))


def variant_text(variant: callbreak.Variant) -> str:
    """The play variations of a variant in words (scoring variations do not change play)."""
    parts = []
    if variant.no_spade_lead_first_trick:
        parts.append(_("house rule: no spade lead on the first trick"))
    if variant.free_discard:
        parts.append(_("house rule: free discard when you cannot over-trump"))
    return "; ".join(parts) or _("standard rules")


@dataclass(frozen=True)
class Puzzle:
    """One position: your ``hand``, the ``trick`` so far, the ``variant``; and its answer.

    ``legal`` and ``rule`` are the answer; ``explanation`` the rule sentence. Where it came from:
    ``deal_seed``, ``dealer``, ``calls`` and ``history`` (every card played before this turn, in
    order) replay it in a real deal; ``seat`` is the player to act, ``trick_seats`` who played
    the trick's cards, ``tricks_played`` the finished tricks.
    """

    level: str
    seed: int
    number: int
    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    variant: callbreak.Variant
    first_trick: bool
    legal: frozenset[Card]
    rule: str
    explanation: str
    seat: int
    trick_seats: tuple[int, ...]
    tricks_played: int
    deal_seed: int
    dealer: int
    calls: tuple[int, ...]
    history: tuple[Card, ...]
    #: The proof that the position tests its rule: what each rival rule would allow instead.
    rivals: tuple[tuple[str, frozenset[Card]], ...] = ()

    @property
    def title(self) -> str:
        """The puzzle's title (number, level, seed), in the learner's language."""
        return _("Puzzle {number} ({level}, seed {seed})").format(
            number=self.number + 1, level=_(self.level), seed=self.seed
        )

    @property
    def situation(self) -> str:
        """The position in one sentence."""
        return situation_text(self.trick, self.trick_seats, self.tricks_played)

    @property
    def answer(self) -> frozenset[Card]:
        """The cards a right answer holds (all of them): the legal set."""
        return self.legal

    def explain(self) -> Explanation:
        """The answer as an :class:`~cardlib.game.Explanation`."""
        return Explanation(self.legal, self.rule, self.explanation)

    def check(self, answer: object) -> Feedback:
        """Feedback on an answer (the cards you may play), as the exercise checks give it."""
        from cardlib.exercises import check_legal_plays

        return check_legal_plays(
            answer, self.hand, self.trick, variant=self.variant, first_trick=self.first_trick
        )

    def replay(self) -> callbreak.Deal:
        """The real deal, replayed up to this puzzle's turn (a proof that the position happens)."""
        return replay_deal(self.deal_seed, self.dealer, self.variant, self.calls, self.history)

    @property
    def position_text(self) -> str:
        """The position as one line of text (:mod:`cardlib.position`), as the player to act
        sees it: the other hands are hidden there as they are here."""
        return self.replay().to_text(seat=self.seat)

    def answer_text(self) -> str:
        """The answer in a line: ``'K♥ A♥ — must-beat: Hearts were led …'``."""
        return f"{cards_text(sort_for_display(self.legal))} — {self.rule}: {self.explanation}"

    def __str__(self) -> str:
        return "\n".join(
            (
                f"{self.title}: {variant_text(self.variant)}",
                self.situation,
                f"Your hand ({SEAT_NAMES[self.seat]}): {cards_text(self.hand)}",
            )
        )

    def __repr__(self) -> str:
        return f"puzzle({self.level!r}, seed={self.seed}, number={self.number})"

    def _repr_html_(self) -> str:
        return puzzle_html(self)


def _new_deal(
    deal_seed: int, dealer: int, variant: callbreak.Variant, game: str, number: int = 1
) -> CountedCallDeal[Any]:
    """Deal ``number`` of a match of ``game`` (Call Break's under ``variant``), as the registry's
    game deals it (:meth:`cardlib.facts.Game.new_deal`)."""
    facts = check_game(game)
    return cast(
        "CountedCallDeal[Any]",
        facts.new_deal(deal_seed, dealer, options_for(facts, variant), number),
    )


@overload
def called_deal(
    rng: random.Random,
    variant: callbreak.Variant = STANDARD,
    game: Literal["callbreak"] = "callbreak",
) -> tuple[int, callbreak.Deal]: ...
@overload
def called_deal(
    rng: random.Random,
    variant: callbreak.Variant = STANDARD,
    game: str = "callbreak",
    number: int = 1,
) -> tuple[int, CountedCallDeal[Any]]: ...
def called_deal(
    rng: random.Random,
    variant: callbreak.Variant = STANDARD,
    game: str = "callbreak",
    number: int = 1,
) -> tuple[int, CountedCallDeal[Any]]:
    """A deal drawn from ``rng`` (its seed and dealer), called by the game's sensible bot: where
    every puzzle's position starts. Returns the deal's seed (with its ``dealer`` it replays the
    deal) and the deal. Call Break's (under ``variant``), with ``game="callbridge"`` Call
    Bridge's, with ``game="judgement"`` round ``number`` of Judgement's schedule for four
    players (its own bot knows the hook); any game the coach knows by its key."""
    deal_seed, dealer = rng.getrandbits(32), rng.randrange(4)
    deal = _new_deal(deal_seed, dealer, variant, game, number)
    choose = check_game(game).bot("sensible").choose_call
    while deal.phase == deal.calling_phase:
        deal.call(choose(deal))
    return deal_seed, deal


@overload
def replay_deal(
    deal_seed: int,
    dealer: int,
    variant: callbreak.Variant,
    calls: Sequence[int],
    history: Iterable[Card | str],
    game: Literal["callbreak"] = "callbreak",
    number: int = 1,
) -> callbreak.Deal: ...
@overload
def replay_deal(
    deal_seed: int,
    dealer: int,
    variant: callbreak.Variant,
    calls: Sequence[int],
    history: Iterable[Card | str],
    game: str,
    number: int = 1,
) -> CountedCallDeal[Any]: ...
def replay_deal(
    deal_seed: int,
    dealer: int,
    variant: callbreak.Variant,
    calls: Sequence[int],
    history: Iterable[Card | str],
    game: str = "callbreak",
    number: int = 1,
) -> CountedCallDeal[Any]:
    """A real deal replayed: dealt from its seed, the ``calls`` (by seat) made in turn from the
    dealer's next seat in play, then every card of ``history`` played in order (``number``: a
    Judgement round's number in the schedule)."""
    deal = _new_deal(deal_seed, dealer, variant, game, number)
    for i in range(4):
        deal.call(calls[(dealer + deal.direction * (1 + i)) % 4])
    for card in history:
        deal.play(card)
    return deal


def puzzle_html(puzzle: Puzzle) -> Html:
    """The position as pictures: the trick so far, then the hand."""
    return show_position(
        puzzle.hand,
        puzzle.trick,
        puzzle.trick_seats,
        puzzle.seat,
        puzzle.variant,
        puzzle.tricks_played,
        puzzle.title,
    )


def situation_text(trick: Sequence[Card], trick_seats: Sequence[int], tricks_played: int) -> str:
    """The position in one sentence: who played what to this trick, or who leads."""
    if not trick:
        if tricks_played == 0:
            return _("You lead the first trick.")
        return _("You lead trick {number}.").format(number=tricks_played + 1)
    plays = ", ".join(f"{_(SEAT_NAMES[s])} {c}" for s, c in zip(trick_seats, trick, strict=True))
    return _("Trick {number}: {plays}; your turn.").format(number=tricks_played + 1, plays=plays)


def show_position(
    hand: Iterable[Card | str] | str,
    trick: Iterable[Card | str] | str = (),
    trick_seats: Sequence[int] = (),
    seat: int = 0,
    variant: callbreak.Variant = STANDARD,
    tricks_played: int = 0,
    title: str = "",
) -> Html:
    """A position as pictures, from its givens alone (nothing about its answer): the rules, the
    trick so far and the hand. Puzzle notebooks for students show their positions with it."""
    hand = parse_cards(hand) if isinstance(hand, str) else [Card(c) for c in hand]
    trick = parse_cards(trick) if isinstance(trick, str) else [Card(c) for c in trick]
    situation = situation_text(trick, trick_seats, tricks_played)
    names = [_(name) for name in SEAT_NAMES]
    table = trick_svg(trick, tuple(trick_seats), None, names) if trick else ""
    heading = f"<b>{escape(title)}</b> — " if title else ""
    yours = escape(_("Your hand ({seat}):").format(seat=names[seat]))
    picture = hand_svg(hand, sort=False, label=_("your hand"))
    return Html(
        f'<div class="cardlib-puzzle">{heading}{escape(variant_text(variant))}'
        f"<div>{escape(situation)}</div><div>{table}</div>"
        f"<div>{yours}</div>"
        f"<div>{picture}</div></div>"
    )


def kind_of(level: str, seed: int, number: int) -> Kind:
    """The kind of puzzle ``number`` (0-based): each block of ``len(kinds)`` has every kind."""
    kinds = _kinds(level)
    block = list(kinds)
    random.Random(f"cardlib-puzzle-order/{level}/{seed}/{number // len(kinds)}").shuffle(block)
    return block[number % len(kinds)]


def _kinds(level: str) -> tuple[Kind, ...]:
    if level not in LEVELS:
        raise ValueError(
            _("level must be one of {choices}, got {value!r}").format(
                choices=", ".join(LEVELS), value=level
            )
        )
    return LEVELS[level]


def _fits(kind: Kind, deal: callbreak.Deal, explanation: Explanation) -> bool:
    """Whether the turn makes a puzzle of this kind: the right rule, and a rule that matters."""
    if explanation.rule != kind.rule:
        return False
    if deal.to_act is None:
        return False
    hand = deal.hand(deal.to_act)
    if len(hand) < 3:
        return False
    return _proof(kind, hand, deal.trick, deal.first_trick) is not None


def _proof(kind: Kind, hand, trick, first_trick: bool) -> dict[str, int] | None:
    rules = callbreak.play_rules(kind.variant)
    return narrows(
        kind.rule,
        to_mask(hand),
        [int(c) for c in trick],
        rules,
        first_trick,
        kind.variant.free_discard,
    )


def puzzle(level: str, seed: int, number: int = 0) -> Puzzle:
    """Puzzle ``number`` (0-based) of a level and seed: always the same one."""
    kind = kind_of(level, seed, number)
    rng = random.Random(f"cardlib-puzzle/{level}/{seed}/{number}")
    for _attempt in range(MAX_DEALS):
        deal_seed, deal = called_deal(rng, kind.variant)
        history: list[Card] = []
        found: list[tuple[callbreak.Deal, tuple[Card, ...], Explanation]] = []
        while deal.phase == "playing":
            explanation = deal.explain()
            if _fits(kind, deal, explanation):
                found.append((deal.copy(), tuple(history), explanation))
            card = rng.choice(sorted(deal.legal_plays()))
            deal.play(card)
            history.append(card)
        if found:
            position, played, explanation = found[rng.randrange(len(found))]
            return _make(level, seed, number, kind, position, played, explanation, deal_seed)
    raise RuntimeError(f"no {kind.name} position found in {MAX_DEALS} deals")  # pragma: no cover


def _make(level, seed, number, kind, deal, history, explanation, deal_seed) -> Puzzle:
    seat = deal.to_act
    proof = _proof(kind, deal.hand(seat), deal.trick, deal.first_trick)
    if proof is None:  # pragma: no cover - _fits chose it; this is the generator's own proof
        raise AssertionError(f"puzzle {level}/{seed}/{number} does not test {kind.rule}")
    return Puzzle(
        level=level,
        seed=seed,
        number=number,
        hand=tuple(sort_for_display(deal.hand(seat))),
        trick=deal.trick,
        variant=kind.variant,
        first_trick=deal.first_trick,
        legal=explanation.legal,
        rule=explanation.rule,
        explanation=explanation.text,
        seat=seat,
        trick_seats=deal.trick_seats,
        tricks_played=len(deal.tricks),
        deal_seed=deal_seed,
        dealer=deal.dealer,
        calls=deal.calls,
        history=history,
        rivals=tuple((rule, frozenset(from_mask(mask))) for rule, mask in proof.items()),
    )


def puzzle_stream(level: str = "easy", seed: int = 0) -> Iterator[Puzzle]:
    """Puzzles 0, 1, 2, … of a level and seed, without end."""
    _kinds(level)
    return (puzzle(level, seed, n) for n in count())


def puzzle_set(count: int = 10, level: str = "medium", seed: int = 7) -> list[Puzzle]:
    """The first ``count`` puzzles of a level and seed: "10 puzzles, medium, seed 7"."""
    if not isinstance(count, int) or count < 1:
        raise ValueError(
            _("count must be a whole number of puzzles, at least 1, got {value!r}").format(
                value=count
            )
        )
    _kinds(level)
    return [puzzle(level, seed, n) for n in range(count)]


__all__ = [
    "LEVELS",
    "RIVALS",
    "Kind",
    "Puzzle",
    "called_deal",
    "kind_of",
    "narrows",
    "puzzle",
    "puzzle_set",
    "puzzle_stream",
    "replay_deal",
    "rule_masks",
    "show_position",
    "situation_text",
    "variant_text",
]
