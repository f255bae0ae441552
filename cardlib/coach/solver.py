"""An exact solver for endings: every hand known, at most six cards each.

Given a position in which all hands are known (an ending of a real deal, or a
puzzle), :func:`solve` plays every remaining card in every legal order and
says, for each card the player to act may play, how the deal ends for every
seat: tricks taken and each seat's score under its own game's scoring.

The search: max-n, not paranoid
-------------------------------
Call Break, Call Bridge and Judgement are not two-sided games: every player
scores on their own, and what is good for one opponent is often bad for
another (in Judgement a player who has made an exact bid *wants* to lose the
rest of the tricks). A *paranoid* search (all opponents join to minimise the
score of the player being advised) answers the question "what can I guarantee
against a coalition", and in Judgement that coalition would throw away its own
bids to hurt you: its verdicts would be wrong about real play. So the solver
uses *max-n*: at every turn the player to act chooses the card that gives
them the highest final score of their own, assuming everyone after them does
the same. That is "the best card under the game's rules and each player's own
score".

Max-n leaves ties to settle: a player whose call is already lost in Call
Break, or who can no longer hit their bid in Judgement, scores the same
whatever they play. The solver breaks every tie the same fixed way: the
highest card (in :data:`cardlib.cards.DECK` order, ♣ above ♦ above ♥ above ♠,
then rank) among the equally good ones. That keeps each answer a function of
the position alone, which is what lets a plain minimax over every play
sequence (:func:`brute_force`, the tests' reference) agree with it card for
card, and it lets a player stop looking as soon as a card reaches the best
score still possible for them. It is a convention, not a prediction: how an
indifferent opponent plays can change your result, and the values assume this
one. (A "spoiler" rule, indifferent opponents playing what hurts you most,
would be more cautious but defeats those early stops: it made the solver
several times slower on six-card endings.)

What makes it fast
------------------
- *Equivalent cards*: two cards of one suit in the same hand with no card
  between them left in play (in any hand or on the table) are worth the same,
  so only the higher one is searched (the values are copied to the lower one
  at the root).
- A *transposition table* at every trick boundary: the hands, the leader and
  the tricks won so far determine the rest, and only the order of the cards
  left in each suit matters, so hands are stored with their cards renumbered
  within each suit (which low cards have gone makes no difference).
- *Immediate cutoffs*: a player who has found a card reaching the best score
  still possible for them stops looking. Cards are tried highest first, the
  tie-break order, so a cutoff never changes which card a full search picks.

The rules come from :func:`cardlib.tricks.legal_mask` (the one definition of
what may be played) and trick winners from :func:`cardlib.tricks.winner_index`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from html import escape
from math import lcm
from typing import TYPE_CHECKING

from cardlib.cards import DECK, SUITS, Card
from cardlib.errors import CardlibError
from cardlib.i18n import _
from cardlib.match import TrickMatch
from cardlib.tricks import PlayRules, legal_mask, winner_index

if TYPE_CHECKING:
    from cardlib.callbreak import Variant
    from cardlib.game import TrickDeal

#: The largest ending the solver takes: cards in each hand.
MAX_CARDS = 6

_SUIT_OF = tuple(0x1FFF << (13 * (c // 13)) for c in range(52))
_ABOVE = tuple(_SUIT_OF[c] >> (c + 1) << (c + 1) for c in range(52))


def _cards_high_first(mask: int) -> list[int]:
    cards = []
    while mask:
        top = mask.bit_length() - 1
        cards.append(top)
        mask ^= 1 << top
    return cards


@dataclass(frozen=True)
class Ending:
    """A position with every hand known, as the solver reads it.

    ``hands`` by seat (cards, each hand the size it is now), ``trick`` the
    cards on the table in play order, ``leader`` the seat that led them,
    ``won`` the tricks each seat has taken so far in the deal, ``calls`` the
    calls or bids by seat, ``rules`` the game's :class:`PlayRules`,
    ``direction`` +1 clockwise or -1, ``first_trick`` whether the table's
    trick is the deal's first (for the first-lead house rule), and ``game``
    the name of the scoring (see :data:`SCORINGS`) with its ``variant`` (Call
    Break's :class:`~cardlib.callbreak.Variant`; ``None`` for the standard game).
    """

    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[Card, ...]
    leader: int
    won: tuple[int, ...]
    calls: tuple[int, ...]
    rules: PlayRules
    direction: int = 1
    first_trick: bool = False
    game: str = "callbreak"
    variant: Variant | None = None

    @property
    def players(self) -> int:
        """The number of players (one hand each)."""
        return len(self.hands)

    @property
    def to_act(self) -> int:
        """The seat whose turn it is."""
        return (self.leader + self.direction * len(self.trick)) % self.players

    def score(self, seat: int, tricks: int) -> Decimal | int:
        """The game's points for ``seat`` ending the deal with ``tricks`` tricks."""
        return SCORINGS[self.game](self.calls[seat], tricks, self.variant)


def _callbreak_score(call: int, tricks: int, variant: Variant | None) -> Decimal:
    from cardlib import callbreak

    return callbreak.score(call, tricks, variant or callbreak.STANDARD)


def _callbridge_score(call: int, tricks: int, variant: Variant | None) -> Decimal:
    from cardlib import callbridge

    return callbridge.score(call, tricks)


def _judgement_score(bid: int, tricks: int, variant: Variant | None) -> int:
    from cardlib import judgement

    return judgement.score(bid, tricks)


#: How each game scores one seat's deal: ``(call, tricks, variant) -> points``.
SCORINGS: dict[str, Callable[[int, int, Variant | None], Decimal | int]] = {
    "callbreak": _callbreak_score,
    "callbridge": _callbridge_score,
    "judgement": _judgement_score,
}


def ending_of(game: TrickDeal | TrickMatch) -> Ending:
    """The :class:`Ending` of a game state in play, read through its public names.

    Works for ``callbreak.Deal``, ``callbridge.Deal`` and ``judgement.Round``, and
    for their matches (the current deal or round). It reads ``to_act``, ``hand(seat)``,
    ``trick``, ``trick_seats``, ``tricks_won``, ``calls`` or ``bids``, ``rules``:
    this is the one place that knows how a game object spells those facts.
    """
    # A match: its current deal (Call Break, Call Bridge) or round (Judgement).
    game = game.deal if isinstance(game, TrickMatch) else game
    if game.phase != "playing":
        raise CardlibError(f"the solver needs a deal in play; this one is {game.phase}", "phase")
    module = type(game).__module__.rsplit(".", 1)[-1]
    if module not in SCORINGS:
        raise CardlibError(
            f"the solver scores Call Break, Call Bridge and Judgement, not {type(game).__name__}"
            " (for Contract Bridge use cardlib.bridge.double_dummy)",
            "game",
        )
    players = getattr(game, "players", 4)
    direction = getattr(game, "direction", 1)
    calls = game.bids if hasattr(game, "bids") else game.calls
    variant = getattr(game, "variant", None) if module == "callbreak" else None
    seats = game.trick_seats
    leader = seats[0] if seats else game.to_act
    assert leader is not None  # somebody is to act in a deal in play
    hands = tuple(tuple(sorted(game.hand(s), reverse=True)) for s in range(players))
    return Ending(
        hands=hands,
        trick=tuple(game.trick),
        leader=leader,
        won=tuple(game.tricks_won),
        calls=tuple(c for c in calls if c is not None),  # every call is in: the deal is in play
        rules=game.rules,
        direction=direction,
        first_trick=bool(getattr(game, "first_trick", False)),
        game=module,
        variant=variant,
    )


@dataclass(frozen=True)
class CardValue:
    """One card's outcome under best play by all: final tricks and points by seat."""

    card: Card
    tricks: tuple[int, ...]
    points: tuple[Decimal | int, ...]

    def __str__(self) -> str:
        return f"{self.card}: tricks {self.tricks}, points {tuple(map(str, self.points))}"


@dataclass(frozen=True)
class Solution:
    """The solver's answer for the seat to act: every legal card's outcome, best first.

    ``seat`` the seat to act, ``cards`` one :class:`CardValue` per legal card,
    sorted by that seat's points (best first; ties in card order), ``nodes`` the
    positions searched.
    """

    seat: int
    cards: tuple[CardValue, ...]
    nodes: int = 0

    @property
    def best(self) -> frozenset[Card]:
        """Every card that reaches the best score for the seat to act."""
        top = self.cards[0].points[self.seat]
        return frozenset(v.card for v in self.cards if v.points[self.seat] == top)

    @property
    def value(self) -> Decimal | int:
        """The seat to act's points with best play."""
        return self.cards[0].points[self.seat]

    def points_of(self, card: Card | str) -> Decimal | int:
        """The points the seat to play ends with after ``card`` (a card not legal: refused)."""
        card = Card(card)
        for v in self.cards:
            if v.card == card:
                return v.points[self.seat]
        raise CardlibError(f"{card} is not a legal card here", "not-legal")

    def _repr_html_(self) -> str:
        from cardlib.draw.svg import card_html

        rows = []
        best = self.value
        for v in self.cards:
            loss = best - v.points[self.seat]
            versus = escape(_("best")) if loss == 0 else f"−{loss}"
            rows.append(
                f"<tr><td>{card_html(v.card)}</td><td>{escape(str(v.points[self.seat]))}</td>"
                f"<td>{versus}</td><td>{escape(' '.join(map(str, v.tricks)))}</td></tr>"
            )
        head = "".join(
            f"<th scope='col'>{escape(h)}</th>"
            for h in (_("card"), _("points"), _("against the best"), _("final tricks by seat"))
        )
        caption = _(
            "Exact values for seat {seat}, every hand known (max-n: each player plays for "
            "their own score; a player to whom several cards are worth the same plays the "
            "highest of them, a convention: another choice of theirs can change these values)"
        ).format(seat=self.seat)
        return (
            f"<table class='cardlib-solution'><caption>{escape(caption)}</caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        )


def _compressed(hands: Sequence[int]) -> tuple[int, ...]:
    """The hands with each suit's cards still in play renumbered 0, 1, 2 … from the lowest.

    Only the order of the cards within a suit matters to the rest of the play,
    so two endings that differ only in which low cards have gone are one entry
    of the transposition table.
    """
    out = [0] * len(hands)
    for shift in (0, 13, 26, 39):
        parts = [hand >> shift & 0x1FFF for hand in hands]
        rest = 0
        for part in parts:
            rest |= part
        bit = 1 << shift
        while rest:
            low = rest & -rest
            rest ^= low
            for seat, part in enumerate(parts):
                if part & low:
                    out[seat] |= bit
                    break
            bit <<= 1
    return tuple(out)


def _search_for(ending: Ending) -> _Search:
    remaining = max(len(h) for h in ending.hands)
    points = [
        [ending.score(s, t) for t in range(ending.won[s] + remaining + 1)]
        for s in range(ending.players)
    ]
    return _Search(ending.rules, ending.direction, points, remaining)


class Finisher:
    """Finishes many endings of one deal exactly: the solver's max-n line, on masks.

    For simulations that end their playouts with the solver
    (:mod:`cardlib.coach.analysis`): built once for a deal's rules and points, it keeps
    one transposition table across calls (the same ending recurs across
    samples). ``points[seat][t]`` must cover every final trick count the seat
    can reach.
    """

    #: Entries kept before the table is cleared (memory stays bounded).
    TABLE_LIMIT = 200_000

    def __init__(self, rules: PlayRules, direction: int, points: Sequence[Sequence]):
        self.search = _Search(rules, direction, points, MAX_CARDS)

    def final_tricks(
        self, hands: Sequence[int], trick: Sequence[int], leader: int, won: Sequence[int]
    ) -> tuple[int, ...]:
        """Final tricks by seat when everyone plays the max-n line from here."""
        search = self.search
        if len(search.table) > self.TABLE_LIMIT:
            search.table.clear()
            search.seen.clear()
        return search.value(list(hands), list(trick), leader, list(won), False)


class _Search:
    """Max-n over one ending, on masks; see the module docstring for the rules of the search."""

    def __init__(
        self, rules: PlayRules, direction: int, points: Sequence[Sequence], remaining: int
    ):
        """``points[seat][t]``: the points for a seat ending with ``t`` tricks (exact numbers)."""
        self.players = players = len(points)
        self.direction = direction
        self.rules = rules
        self.trump = -1 if rules.trump is None else SUITS.index(rules.trump)
        # Points as exact integers (scaled by a common denominator) for fast comparisons.
        raw = [[Fraction(p) for p in row] for row in points]
        scale = lcm(*(f.denominator for row in raw for f in row))
        self.points = [[int(f * scale) for f in row] for row in raw]
        # The best points a seat can still reach, by (seat, tricks won, tricks left).
        self.ceiling = {
            (s, w, r): max(self.points[s][w : w + r + 1])
            for s in range(players)
            for w in range(len(raw[s]))
            for r in range(remaining + 1)
            if w + r < len(raw[s])
        }
        self.orders = [
            tuple((lead + self.direction * i) % players for i in range(players))
            for lead in range(players)
        ]
        self.table: dict = {}
        self.seen: dict = {}  # the same, keyed by the hands as they are (no renumbering)
        self.nodes = 0

    def candidates(self, hands, trick, seat, first) -> list[int]:
        """The legal cards worth trying, one per run of equivalent cards, highest first."""
        legal = legal_mask(hands[seat], trick, self.rules, first)[0]
        if legal & (legal - 1) == 0:
            return [legal.bit_length() - 1]
        return one_of_each_run(hands, trick, seat, legal)

    def value(self, hands: list[int], trick: list[int], leader: int, won: list[int], first):
        """Final tricks by seat under max-n play from here."""
        if not trick:
            hand = hands[leader]
            if not hand:
                return tuple(won)
            if hand & (hand - 1) == 0:  # one card each: no choice left
                return self.last_trick(hands, leader, won)
            raw = (*hands, leader, *won)
            found = self.seen.get(raw)
            if found is not None:
                return found
            entry = (_compressed(hands), leader, tuple(won))
            found = self.table.get(entry)
            if found is not None:
                self.seen[raw] = found
                return found
        self.nodes += 1
        players = self.players
        seat = self.orders[leader][len(trick)]
        points = self.points[seat]
        # The tricks still to play, this one included, are the cards in the hand to act.
        ceiling = self.ceiling[seat, won[seat], hands[seat].bit_count()]
        best_points = best = None
        for card in self.candidates(hands, trick, seat, first):
            hands[seat] ^= 1 << card
            trick.append(card)
            if len(trick) == players:
                winner = self.orders[leader][winner_index(trick, self.trump)]
                won[winner] += 1
                finished = trick[:]
                trick.clear()
                final = self.value(hands, trick, winner, won, False)
                trick.extend(finished)
                won[winner] -= 1
            else:
                final = self.value(hands, trick, leader, won, first)
            trick.pop()
            hands[seat] ^= 1 << card
            own = points[final[seat]]
            if best_points is None or own > best_points:
                best_points, best = own, final
                if own >= ceiling:
                    break
        if not trick:
            self.table[entry] = self.seen[raw] = best
        return best

    def last_trick(self, hands, leader, won) -> tuple[int, ...]:
        order = self.orders[leader]
        trick = [hands[seat].bit_length() - 1 for seat in order]
        final = list(won)
        final[order[winner_index(trick, self.trump)]] += 1
        return tuple(final)

    def after(self, hands, trick, leader, won, first, seat, card) -> tuple[int, ...]:
        """Final tricks after ``seat`` plays ``card`` (the state is restored on return)."""
        hands[seat] ^= 1 << card
        trick.append(card)
        if len(trick) == self.players:
            winner = self.orders[leader][winner_index(trick, self.trump)]
            won[winner] += 1
            finished = trick[:]
            trick.clear()
            final = self.value(hands, trick, winner, won, False)
            trick.extend(finished)
            won[winner] -= 1
        else:
            final = self.value(hands, trick, leader, won, first)
        trick.pop()
        hands[seat] ^= 1 << card
        return final


def one_of_each_run(hands: Sequence[int], trick: Sequence[int], seat: int, legal: int) -> list[int]:
    """Of the ``legal`` cards (a mask), one of each run of equivalent cards, highest first.

    Two cards of one hand are equivalent when every card of their suit still in play
    between them is the player's own: whichever is played, the same tricks follow.
    """
    in_play = 0
    for hand in hands:
        in_play |= hand
    for card in trick:
        in_play |= 1 << card
    hand, chosen = hands[seat], []
    while legal:
        card = legal.bit_length() - 1
        legal ^= 1 << card
        above = in_play & _ABOVE[card]
        if above and hand >> ((above & -above).bit_length() - 1) & 1:
            continue  # the next card up in play is ours too: the same card, in effect
        chosen.append(card)
    return chosen


def _masks(ending: Ending) -> tuple[list[int], list[int]]:
    hands = [sum(1 << int(c) for c in hand) for hand in ending.hands]
    return hands, [int(c) for c in ending.trick]


def check_ending(ending: Ending) -> None:
    """Raise a clear error unless the ending is one the solver takes."""
    sizes = [len(h) for h in ending.hands]
    to_act = ending.to_act
    if not sizes[to_act]:
        raise CardlibError("the deal is over: nothing left to solve", "phase")
    if max(sizes) > MAX_CARDS:
        raise CardlibError(
            f"the solver takes endings of at most {MAX_CARDS} cards a hand; this one has "
            f"{max(sizes)} (analyse it by sampling instead: cardlib.coach.analysis)",
            "ending-size",
        )
    played = {
        (ending.leader + ending.direction * i) % ending.players for i in range(len(ending.trick))
    }
    for seat, size in enumerate(sizes):
        expected = sizes[to_act] - (1 if seat in played else 0)
        if size != expected:
            raise CardlibError(
                f"seat {seat} holds {size} cards but should hold {expected} at this point of "
                "the trick",
                "hand-size",
            )


def solve(position: Ending | TrickDeal | TrickMatch) -> Solution:
    """Every legal card's outcome for the seat to act, under max-n play by all.

    ``position`` is an :class:`Ending` or a game in play whose hands are all
    known (``callbreak.Deal``, ``callbridge.Deal``, ``judgement.Round``), with
    at most :data:`MAX_CARDS` cards in each hand.
    """
    ending = position if isinstance(position, Ending) else ending_of(position)
    check_ending(ending)
    search = _search_for(ending)
    hands, trick = _masks(ending)
    won = list(ending.won)
    seat = ending.to_act
    legal = legal_mask(hands[seat], trick, ending.rules, ending.first_trick)[0]
    finals: dict[int, tuple[int, ...]] = {}
    for card in search.candidates(hands, trick, seat, ending.first_trick):
        finals[card] = search.after(
            hands, trick, ending.leader, won, ending.first_trick, seat, card
        )
    # An unsearched card takes the values of the equivalent card just above it.
    for card in _cards_high_first(legal):
        if card not in finals:
            above = card + 1
            while above not in finals:
                above += 1
            finals[card] = finals[above]
    values = [
        CardValue(
            DECK[card],
            final,
            tuple(ending.score(s, final[s]) for s in range(ending.players)),
        )
        for card, final in finals.items()
    ]
    values.sort(key=lambda v: (-Fraction(v.points[seat]), -int(v.card)))
    return Solution(seat, tuple(values), search.nodes)


def brute_force(position: Ending | TrickDeal | TrickMatch) -> dict[Card, tuple[int, ...]]:
    """Final tricks by seat for every legal card: plain max-n over every play sequence.

    No table, no equivalences, no cutoffs, the same preferences as :func:`solve`
    (own points, ties to the highest card): the reference
    the tests hold the solver to. Exponential; for small endings only.
    """
    ending = position if isinstance(position, Ending) else ending_of(position)
    check_ending(ending)
    search = _search_for(ending)
    hands, trick = _masks(ending)
    players = ending.players
    root = ending.to_act

    def key(seat, final):
        return Fraction(ending.score(seat, final[seat]))

    def value(leader, won, first):
        seat = (leader + ending.direction * len(trick)) % players
        if not trick and not hands[leader]:
            return tuple(won)
        best_key = best = None
        for card in _cards_high_first(legal_mask(hands[seat], trick, ending.rules, first)[0]):
            final = play(leader, won, first, seat, card)
            k = key(seat, final)
            if best_key is None or k > best_key:
                best_key, best = k, final
        return best

    def play(leader, won, first, seat, card):
        hands[seat] ^= 1 << card
        trick.append(card)
        if len(trick) == players:
            winner = search.orders[leader][winner_index(trick, search.trump)]
            done = list(trick)
            trick.clear()
            won2 = list(won)
            won2[winner] += 1
            final = value(winner, won2, False)
            trick.extend(done)
        else:
            final = value(leader, won, first)
        trick.pop()
        hands[seat] ^= 1 << card
        return final

    legal = legal_mask(hands[root], trick, ending.rules, ending.first_trick)[0]
    return {
        DECK[card]: play(ending.leader, list(ending.won), ending.first_trick, root, card)
        for card in _cards_high_first(legal)
    }


__all__ = [
    "MAX_CARDS",
    "SCORINGS",
    "CardValue",
    "Ending",
    "Finisher",
    "Solution",
    "brute_force",
    "ending_of",
    "solve",
]
