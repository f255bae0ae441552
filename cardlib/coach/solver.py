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
from functools import cache
from math import lcm
from typing import TYPE_CHECKING

from cardlib import games
from cardlib.cards import DECK, SUITS, Card
from cardlib.errors import CardlibError, CardlibTypeError, CardTypeError, PositionError
from cardlib.game import TrickDeal, phase_name
from cardlib.i18n import _
from cardlib.match import TrickMatch
from cardlib.tricks import PlayRules, legal_mask, winner_index
from cardlib.validate import check_choice, check_count, check_flag, check_seat

if TYPE_CHECKING:
    from cardlib.facts import Game

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
    the game's key in the registry (:mod:`cardlib.games`: ``"callbreak"``,
    ``"judgement"`` …), whose points the seats score, with its ``variant``, the options
    the deal was dealt with (``game.options_of(deal)``: Call Break's
    :class:`~cardlib.callbreak.Variant`; ``None`` for the standard game or a game without).
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
    variant: object = None

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
        return game_named(self.game).points(self.calls[seat], tricks, self.variant)


def game_named(key: str) -> type[Game]:
    """The registry's game of ``key`` (:attr:`Ending.game`, the coach's ``View.game``)."""
    return games.GAMES.get(key) or games.lookup(key)


def coached_game(state: object, who: str = "coach") -> type[Game]:
    """The registry's game of a deal, round or match (:func:`cardlib.games.of`), refused
    with a ``CardlibError`` naming the games ``who`` knows unless the coach knows it
    (``game.coached``; a game it does not know says where it is analysed instead); what is
    not a deal, round or match at all (``None``, text, a list) is a ``CardlibTypeError``."""
    if not isinstance(state, (TrickDeal, TrickMatch)):
        names = ", ".join(coached.name for coached in games.coached())
        message = (
            _("the solver takes a deal, round or match of a game it knows ({games}), got "
              "{value!r}")
            if who in ("solver", "the solver")
            else _("the coach takes a deal, round or match of a game it knows ({games}), got "
                   "{value!r}")
        )  # fmt: skip
        raise CardlibTypeError(message.format(games=names, value=state), "game")
    try:
        game: type[Game] | None = games.of(state)
    except CardlibError:  # not a deal of any registered game
        game = None
    if game is not None and game.coached:
        return game
    known = [_(coached.name) for coached in games.coached()]
    listed = (
        _("{first} and {second}").format(first=", ".join(known[:-1]), second=known[-1])
        if len(known) > 1
        else "".join(known)
    )
    solver = who in ("solver", "the solver")
    if game is None:
        message = (
            _("the solver knows {games}, not {name}")
            if solver
            else _("the coach knows {games}, not {name}")
        )
        raise CardlibError(message.format(games=listed, name=type(state).__name__), "game")
    if game.analysed_by:
        message = (
            _("the solver knows {games}, not {name}: its analysis is {module}")
            if solver
            else _("the coach knows {games}, not {name}: its analysis is {module}")
        )
    else:
        message = (
            _("the solver knows {games}, not {name}")
            if solver
            else _("the coach knows {games}, not {name}")
        )
    raise CardlibError(
        message.format(games=listed, name=_(game.name), module=game.analysed_by), "game"
    )


def ending_of(state: TrickDeal | TrickMatch) -> Ending:
    """The :class:`Ending` of a game state in play, read through its public names.

    Works for a deal (or round) of every game the coach knows (:func:`cardlib.games.coached`),
    and for their matches (the current deal or round). It reads ``to_act``, ``hand(seat)``,
    ``trick``, ``trick_seats``, ``tricks_won``, ``calls``, ``rules``, ``direction``, and asks
    the registry for the game and its options (:meth:`~cardlib.facts.Game.options_of`).
    """
    known = coached_game(state, "the solver")
    # A match: its current deal (Call Break, Call Bridge) or round (Judgement).
    game = state.deal if isinstance(state, TrickMatch) else state
    if game.phase != "playing":
        raise CardlibError(
            _("the solver needs a deal in play; this one is {phase}").format(
                phase=phase_name(game.phase)
            ),
            "phase",
        )
    players = game.players
    direction = game.direction
    calls = game.calls
    variant = known.options_of(game)
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
        game=known.key,
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
        raise CardlibError(_("{card} is not a legal card here").format(card=card), "not-legal")

    def _repr_html_(self) -> str:
        from cardlib.draw.coach import solution_html

        return solution_html(self)


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
    the endings it has finished across calls (the same ending recurs across samples).
    ``points[seat][t]`` must cover every final trick count the seat can reach. Its
    answer is :func:`solve`'s recommended line: the same max-n, the same ties to the
    highest card, the same runs of equivalent cards and cutoffs. The search is its own,
    written for the coach's thousands of small endings (``benchmarks/bench_coach.py``
    times a 13-card analysis beside its floor):

    - the ladder and the trick's winner inlined on the trick's top cards (as in
      :func:`cardlib.coach.analysis.policy_playout`), a whole trick of four players in one
      call, the last trick played without a search;
    - each seat's points replaced by their rank among its own possible scores (max-n
      compares a seat's scores only with each other); a follower who cannot beat the
      trick's top card counts on one trick fewer, which stops its search sooner;
    - the tricks taken in the ending packed into one whole number (three bits a seat);
    - with four players, the cards in play renumbered into a few bits (:func:`_compact`:
      Python works faster on numbers of one machine word than on the deck's 52 bits),
      and the endings that differ only in cards no longer in play, or in scores of the
      same order, share one entry of the table.

    Tests hold it to :func:`brute_force` and to :func:`solve`.
    """

    #: Entries kept before the table is cleared (memory stays bounded).
    TABLE_LIMIT = 200_000

    def __init__(self, rules: PlayRules, direction: int, points: Sequence[Sequence]):
        players = len(points)
        # Each seat's scores by their rank among its own (the comparisons max-n makes, on
        # ints), the best rank it can still reach by [tricks won][tricks left], and its
        # ranks from w tricks on for ``left`` more as the kind of preference they are.
        rows = [_score_rows(tuple(row)) for row in points]
        self.rank = [rank for rank, _, _ in rows]
        self.ceiling = [ceiling for _, ceiling, _ in rows]
        self.kinds = [kinds for _, _, kinds in rows]
        self.players = players
        self.shifts = tuple(3 * seat for seat in range(players))
        self.bits = tuple(1 << shift for shift in self.shifts)  # one trick for a seat, packed
        self.orders = [
            tuple((lead + direction * i) % players for i in range(players))
            for lead in range(players)
        ]
        trump = -1 if rules.trump is None else SUITS.index(rules.trump)
        self.trump = trump
        self.trumps = 0 if trump < 0 else 0x1FFF << (13 * trump)  # of the ending searched
        self.must_beat = rules.must_beat
        self.void_free = self.trumps == 0 or rules.void_rule == "free"
        self.undertrump = rules.void_rule == "trump"
        # The cards' suits and the cards above each, of the ending searched: the whole
        # deck, or (four players) the cards in play renumbered (:func:`_compact`).
        self.suits_of, self.aboves = _SUIT_OF, _ABOVE
        self.same: dict[tuple[int, ...], int] = {}  # the tricks taken, by that shared key
        self.table: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._lead: Callable[[list[int], int, int], int] = (
            self._lead4 if players == 4 else self._lead_any
        )
        # The same two, of the ending being searched: by the tricks taken in it (and by the
        # tricks won before it, for the next ending).
        self.setups: dict[tuple[int, ...], tuple[list[list[int]], list[list[list[int]]]]] = {}
        self.ranks: list[list[int]] = []
        self.ceilings: list[list[list[int]]] = []

    def final_tricks(
        self, hands: Sequence[int], trick: Sequence[int], leader: int, won: Sequence[int]
    ) -> tuple[int, ...]:
        """Final tricks by seat when everyone plays the max-n line from here."""
        key = (*hands, leader, *won, *trick)
        found = self.table.get(key)
        if found is not None:
            return found
        if len(self.table) > self.TABLE_LIMIT:
            self.table.clear()
            self.same.clear()
        won = tuple(won)
        setup = self.setups.get(won)
        if setup is None:
            setup = self.setups[won] = (
                [row[w:] for row, w in zip(self.rank, won, strict=True)],
                [row[w:] for row, w in zip(self.ceiling, won, strict=True)],
            )
        self.ranks, self.ceilings = setup
        hands = list(hands)
        same: tuple[int, ...] | None = None
        if self.players == 4:
            # The cards in play renumbered into a few bits (quicker to work on) and, with
            # each seat's ranks as the kind they are, the key of every ending that plays
            # out the same (the search reads only the cards' order and the ranks' order).
            hands, trick, counts = _compact(hands, trick)
            self.suits_of, self.aboves, suit_masks = _layout(counts)
            self.trumps = suit_masks[self.trump] if self.trump >= 0 else 0
            left = max(map(int.bit_count, hands))
            kinds = self.kinds
            same = (
                *counts,
                *hands,
                leader,
                kinds[0][won[0]][left],
                kinds[1][won[1]][left],
                kinds[2][won[2]][left],
                kinds[3][won[3]][left],
                *trick,
            )
            found_taken = self.same.get(same)
            if found_taken is not None:
                final = self.table[key] = self._final(won, found_taken)
                return final
        if trick:
            in_play = 0
            for hand in hands:
                in_play |= hand
            order = self.orders[leader]
            trump_bits = self.trumps
            led_bits = self.suits_of[trick[0]]
            top_led, top_trump = trick[0], -1
            led_seat = trump_seat = leader
            for i, card in enumerate(trick):
                in_play |= 1 << card
                if led_bits >> card & 1:
                    if card > top_led:
                        top_led, led_seat = card, order[i]
                elif trump_bits >> card & 1 and card > top_trump:
                    top_trump, trump_seat = card, order[i]
            taken = self._follow(
                hands,
                0,
                order,
                len(trick),
                led_bits,
                top_led,
                led_seat,
                top_trump,
                trump_seat,
                in_play,
            )
        else:
            taken = self._lead(hands, leader, 0)
        if same is not None:
            self.same[same] = taken
        final = self.table[key] = self._final(won, taken)
        return final

    def _final(self, won: tuple[int, ...], taken: int) -> tuple[int, ...]:
        """The final tricks by seat: ``won`` before the ending and ``taken`` (packed) in it."""
        if self.players == 4:
            w0, w1, w2, w3 = won
            return (
                w0 + (taken & 7),
                w1 + (taken >> 3 & 7),
                w2 + (taken >> 6 & 7),
                w3 + (taken >> 9),
            )
        return tuple(w + (taken >> shift & 7) for w, shift in zip(won, self.shifts, strict=True))

    def _last_trick(self, hands: list[int], leader: int) -> int:
        """The seat that wins the last trick, one card in every hand, ``leader`` to lead."""
        suits_of = self.suits_of
        order = self.orders[leader]
        led_bits = suits_of[hands[leader].bit_length() - 1]
        trump_bits = self.trumps
        top_led = top_trump = -1
        winner = leader
        for seat in order:
            card = hands[seat].bit_length() - 1
            if led_bits >> card & 1:
                if card > top_led and top_trump < 0:
                    top_led, winner = card, seat
            elif trump_bits >> card & 1 and card > top_trump:
                top_trump, winner = card, seat
        return winner

    def _lead_any(self, hands: list[int], leader: int, taken: int) -> int:
        """The tricks taken in the ending (packed) from a trick boundary, ``leader`` to lead.

        ``taken`` are the ending's tricks so far, three bits a seat; the hands are restored.
        """
        suits_of, aboves = self.suits_of, self.aboves
        hand = hands[leader]
        if not hand:
            return taken
        if hand & (hand - 1) == 0:  # one card each: the last trick plays itself
            return taken + (1 << self.shifts[self._last_trick(hands, leader)])
        in_play = 0
        for held in hands:
            in_play |= held
        order = self.orders[leader]
        shift = self.shifts[leader]
        ranks = self.ranks[leader]
        ceiling = self.ceilings[leader][taken >> shift & 7][hand.bit_count()]
        best_rank = -1
        best = 0
        legal = hand
        while legal:
            card = legal.bit_length() - 1
            legal ^= 1 << card
            above = in_play & aboves[card]
            if above and hand >> ((above & -above).bit_length() - 1) & 1:
                continue  # the next card up in play is ours too: the same card, in effect
            hands[leader] = hand ^ (1 << card)
            final = self._follow(
                hands, taken, order, 1, suits_of[card], card, leader, -1, leader, in_play
            )
            own = ranks[final >> shift & 7]
            if own > best_rank:
                best_rank, best = own, final
                if own >= ceiling:
                    break
        hands[leader] = hand
        return best

    def _lead4(self, hands: list[int], leader: int, taken: int) -> int:
        """:meth:`_lead_any` for four players, a whole trick in one call (nested loops).

        The same search in the same order: each seat tries its legal cards highest
        first, one of each run, keeps the first that reaches its best rank and stops at
        its ceiling. Only the calls are saved: the coach's Call Break and Call Bridge
        endings spend most of their time here.
        """
        suits_of, aboves = self.suits_of, self.aboves
        hand0 = hands[leader]
        if not hand0:
            return taken
        if hand0 & (hand0 - 1) == 0:  # one card each: the last trick plays itself
            return taken + (1 << self.shifts[self._last_trick(hands, leader)])
        s0, s1, s2, s3 = self.orders[leader]
        hand1, hand2, hand3 = hands[s1], hands[s2], hands[s3]
        in_play = hand0 | hand1 | hand2 | hand3
        left = hand0.bit_count()
        # One card of each run of equivalent cards, by seat (the hands are fixed for the trick).
        if left == 2:  # the higher card heads a run; the lower too, unless the next card up
            low = hand0 & -hand0  # in play is the higher one
            above = in_play & aboves[low.bit_length() - 1]
            tops0 = hand0 ^ low if above & -above & hand0 else hand0
            low = hand1 & -hand1
            above = in_play & aboves[low.bit_length() - 1]
            tops1 = hand1 ^ low if above & -above & hand1 else hand1
            low = hand2 & -hand2
            above = in_play & aboves[low.bit_length() - 1]
            tops2 = hand2 ^ low if above & -above & hand2 else hand2
            low = hand3 & -hand3
            above = in_play & aboves[low.bit_length() - 1]
            tops3 = hand3 ^ low if above & -above & hand3 else hand3
        else:
            tops0 = _run_tops(hand0, in_play, aboves)
            tops1 = _run_tops(hand1, in_play, aboves)
            tops2 = _run_tops(hand2, in_play, aboves)
            tops3 = _run_tops(hand3, in_play, aboves)
        shifts, bits, ranks, ceilings = self.shifts, self.bits, self.ranks, self.ceilings
        sh0, sh1, sh2, sh3 = shifts[s0], shifts[s1], shifts[s2], shifts[s3]
        rank0, rank1, rank2, rank3 = ranks[s0], ranks[s1], ranks[s2], ranks[s3]
        ceil0 = ceilings[s0][taken >> sh0 & 7][left]
        # A follower's best reachable rank; lower when no legal card of theirs can beat the
        # trick's top card (then they cannot win this trick: one trick fewer to count on).
        row = ceilings[s1][taken >> sh1 & 7]
        ceil1, ceil1_lost = row[left], row[left - 1]
        row = ceilings[s2][taken >> sh2 & 7]
        ceil2, ceil2_lost = row[left], row[left - 1]
        row = ceilings[s3][taken >> sh3 & 7]
        ceil3, ceil3_lost = row[left], row[left - 1]
        trump_bits, must_beat = self.trumps, self.must_beat
        void_free, undertrump = self.void_free, self.undertrump
        last_two = left == 2
        best0_rank, best0 = -1, 0
        legal0 = tops0
        while legal0:
            card0 = legal0.bit_length() - 1
            legal0 ^= 1 << card0
            rest0 = hands[s0] = hand0 ^ (1 << card0)
            led = suits_of[card0]
            beat_with = 0 if led == trump_bits else trump_bits  # trumps beat a side suit
            # Seat 1: the trick holds the led card only.
            legal1 = hand1 & led
            if legal1:
                if must_beat:
                    legal1 = legal1 & aboves[card0] or legal1
            elif void_free:
                legal1 = hand1
            else:
                legal1 = hand1 & trump_bits or hand1
            legal1 = legal1 & tops1 or legal1  # a lone legal card is tried
            cut1 = ceil1 if legal1 & (aboves[card0] | beat_with) else ceil1_lost
            best1_rank, best1 = -1, 0
            while legal1:
                card1 = legal1.bit_length() - 1
                legal1 ^= 1 << card1
                rest1 = hands[s1] = hand1 ^ (1 << card1)
                rest01 = rest0 | rest1
                top_led, led_seat, top_trump, trump_seat = card0, s0, -1, s0
                if led >> card1 & 1:
                    if card1 > card0:
                        top_led, led_seat = card1, s1
                elif beat_with >> card1 & 1:
                    top_trump, trump_seat = card1, s1
                # Seat 2.
                legal2 = hand2 & led
                if legal2:
                    if must_beat and top_trump < 0:
                        legal2 = legal2 & aboves[top_led] or legal2
                elif void_free:
                    legal2 = hand2
                else:
                    legal2 = hand2 & trump_bits
                    if not legal2:
                        legal2 = hand2
                    elif top_trump >= 0:
                        legal2 = legal2 & aboves[top_trump] or (legal2 if undertrump else hand2)
                legal2 = legal2 & tops2 or legal2  # a lone legal card is tried
                if top_trump >= 0:
                    cut2 = ceil2 if legal2 & aboves[top_trump] else ceil2_lost
                else:
                    cut2 = ceil2 if legal2 & (aboves[top_led] | beat_with) else ceil2_lost
                best2_rank, best2 = -1, 0
                while legal2:
                    card2 = legal2.bit_length() - 1
                    legal2 ^= 1 << card2
                    rest2 = hands[s2] = hand2 ^ (1 << card2)
                    rest012 = rest01 | rest2
                    top_led2, led_seat2, top_trump2, trump_seat2 = (
                        top_led,
                        led_seat,
                        top_trump,
                        trump_seat,
                    )
                    if led >> card2 & 1:
                        if card2 > top_led:
                            top_led2, led_seat2 = card2, s2
                    elif beat_with >> card2 & 1 and card2 > top_trump:
                        top_trump2, trump_seat2 = card2, s2
                    # Seat 3, the last to play: each card settles the trick.
                    legal3 = hand3 & led
                    if legal3:
                        if must_beat and top_trump2 < 0:
                            legal3 = legal3 & aboves[top_led2] or legal3
                    elif void_free:
                        legal3 = hand3
                    else:
                        legal3 = hand3 & trump_bits
                        if not legal3:
                            legal3 = hand3
                        elif top_trump2 >= 0:
                            legal3 = legal3 & aboves[top_trump2] or (
                                legal3 if undertrump else hand3
                            )
                    legal3 = legal3 & tops3 or legal3  # a lone legal card is tried
                    if top_trump2 >= 0:
                        cut3 = ceil3 if legal3 & aboves[top_trump2] else ceil3_lost
                    else:
                        cut3 = ceil3 if legal3 & (aboves[top_led2] | beat_with) else ceil3_lost
                    best3_rank, best3 = -1, 0
                    while legal3:
                        card3 = legal3.bit_length() - 1
                        legal3 ^= 1 << card3
                        if led >> card3 & 1:
                            if top_trump2 >= 0:
                                winner = trump_seat2
                            else:
                                winner = s3 if card3 > top_led2 else led_seat2
                        elif beat_with >> card3 & 1 and card3 > top_trump2:
                            winner = s3
                        else:
                            winner = trump_seat2 if top_trump2 >= 0 else led_seat2
                        rest3 = hand3 ^ (1 << card3)
                        hands[s3] = rest3
                        if last_two:  # the last trick: one card each, led by the winner
                            rest = rest012 | rest3
                            top = (
                                rest & trump_bits or rest & suits_of[hands[winner].bit_length() - 1]
                            )
                            bit = 1 << (top.bit_length() - 1)  # the highest: it wins
                            if rest0 & bit:
                                last_winner = s0
                            elif rest012 & bit:
                                last_winner = s1 if hands[s1] & bit else s2
                            else:
                                last_winner = s3
                            final = taken + bits[winner] + bits[last_winner]
                        else:
                            final = self._lead4(hands, winner, taken + bits[winner])
                        own = rank3[final >> sh3 & 7]
                        if own > best3_rank:
                            best3_rank, best3 = own, final
                            if own >= cut3:
                                break
                    hands[s3] = hand3
                    own = rank2[best3 >> sh2 & 7]
                    if own > best2_rank:
                        best2_rank, best2 = own, best3
                        if own >= cut2:
                            break
                hands[s2] = hand2
                own = rank1[best2 >> sh1 & 7]
                if own > best1_rank:
                    best1_rank, best1 = own, best2
                    if own >= cut1:
                        break
            hands[s1] = hand1
            own = rank0[best1 >> sh0 & 7]
            if own > best0_rank:
                best0_rank, best0 = own, best1
                if own >= ceil0:
                    break
        hands[s0] = hand0
        return best0

    def _follow(
        self,
        hands: list[int],
        taken: int,
        order: tuple[int, ...],
        position: int,
        led_bits: int,
        top_led: int,
        led_seat: int,
        top_trump: int,
        trump_seat: int,
        in_play: int,
    ) -> int:
        """The tricks taken in the ending (packed) when the seat at ``position`` is to play.

        ``top_led`` and ``top_trump`` (-1: none) are the trick's highest card of the led
        suit and highest trump, played by ``led_seat`` and ``trump_seat``; ``in_play`` the
        cards still in the hands or on the table, for the runs of equivalent cards. The
        hands are restored.
        """
        aboves = self.aboves
        seat = order[position]
        hand = hands[seat]
        trump_bits = self.trumps
        # The ladder of tricks.legal_mask, on the trick's top cards.
        legal = hand & led_bits
        if legal:
            if self.must_beat and top_trump < 0:
                legal = legal & aboves[top_led] or legal
        elif self.void_free:
            legal = hand
        else:
            legal = hand & trump_bits
            if not legal:
                legal = hand
            elif top_trump >= 0:
                legal = legal & aboves[top_trump] or (legal if self.undertrump else hand)
        last = position == self.players - 1
        left = hand.bit_count()  # tricks left, this one included
        shift = self.shifts[seat]
        ranks = self.ranks[seat]
        ceiling = self.ceilings[seat][taken >> shift & 7][left]
        best_rank = -1
        best = 0
        choice = legal & (legal - 1)  # more than one legal card: skip the equivalent ones
        while legal:
            card = legal.bit_length() - 1
            legal ^= 1 << card
            if choice:
                above = in_play & aboves[card]
                if above and hand >> ((above & -above).bit_length() - 1) & 1:
                    continue
            hands[seat] = hand ^ (1 << card)
            if last:
                if led_bits >> card & 1:
                    winner = trump_seat if top_trump >= 0 else seat if card > top_led else led_seat
                elif trump_bits >> card & 1 and card > top_trump:
                    winner = seat
                else:
                    winner = trump_seat if top_trump >= 0 else led_seat
                won = taken + (1 << self.shifts[winner])
                if left == 1:
                    final = won
                elif left == 2:
                    final = won + (1 << self.shifts[self._last_trick(hands, winner)])
                else:
                    final = self._lead(hands, winner, won)
            elif led_bits >> card & 1:
                if card > top_led:
                    final = self._follow(
                        hands,
                        taken,
                        order,
                        position + 1,
                        led_bits,
                        card,
                        seat,
                        top_trump,
                        trump_seat,
                        in_play,
                    )
                else:
                    final = self._follow(
                        hands,
                        taken,
                        order,
                        position + 1,
                        led_bits,
                        top_led,
                        led_seat,
                        top_trump,
                        trump_seat,
                        in_play,
                    )
            elif trump_bits >> card & 1 and card > top_trump:
                final = self._follow(
                    hands,
                    taken,
                    order,
                    position + 1,
                    led_bits,
                    top_led,
                    led_seat,
                    card,
                    seat,
                    in_play,
                )
            else:
                final = self._follow(
                    hands,
                    taken,
                    order,
                    position + 1,
                    led_bits,
                    top_led,
                    led_seat,
                    top_trump,
                    trump_seat,
                    in_play,
                )
            own = ranks[final >> shift & 7]
            if own > best_rank:
                best_rank, best = own, final
                if own >= ceiling:
                    break
        hands[seat] = hand
        return best


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


_KINDS: dict[tuple[int, ...], int] = {}  # each order of outcomes met, numbered


@cache
def _score_rows(
    points: tuple[Decimal | int | Fraction, ...],
) -> tuple[list[int], list[list[int]], list[list[int]]]:
    """For one seat's points by final tricks (:class:`Finisher`): the rank of each among
    them, the best rank still reachable by [tricks won][tricks left], and the kind of
    preference (:func:`_normal`, numbered) the ranks from w tricks on for ``left`` more are.
    Kept: a deal's seats and calls repeat from one analysis (and one sample) to the next."""
    exact = [Fraction(p) for p in points]
    order = sorted(set(exact))
    rank = [order.index(p) for p in exact]
    ceiling = [
        [max(rank[w : w + left + 1]) for left in range(MAX_CARDS + 1)] for w in range(len(rank))
    ]
    kinds = [
        [
            _KINDS.setdefault(_normal(rank[w : w + left + 1]), len(_KINDS))
            for left in range(MAX_CARDS + 1)
        ]
        for w in range(len(rank))
    ]
    return rank, ceiling, kinds


def _normal(ranks: Sequence[int]) -> tuple[int, ...]:
    """Ranks renumbered 0, 1, 2 … in their order (ties kept): only their order matters."""
    order = sorted(set(ranks))
    return tuple(order.index(r) for r in ranks)


def _compact(
    hands: Sequence[int], trick: Sequence[int]
) -> tuple[list[int], list[int], tuple[int, int, int, int]]:
    """The hands and the trick with the cards in play renumbered 0, 1, 2 … from the lowest,
    suit after suit (their order, all the search reads, is kept), and how many of each suit
    are in play (:func:`_layout`). Up to 24 cards in play: every mask fits in one machine
    word, which Python works on faster than on the deck's 52 bits."""
    in_play = 0
    for hand in hands:
        in_play |= hand
    for card in trick:
        in_play |= 1 << card
    out = []
    for hand in hands:
        renumbered = 0
        while hand:
            low = hand & -hand
            hand ^= low
            renumbered |= 1 << (in_play & (low - 1)).bit_count()  # the cards in play below
        out.append(renumbered)
    on_table = [(in_play & ((1 << card) - 1)).bit_count() for card in trick]
    counts = (
        (in_play & 0x1FFF).bit_count(),
        (in_play >> 13 & 0x1FFF).bit_count(),
        (in_play >> 26 & 0x1FFF).bit_count(),
        (in_play >> 39).bit_count(),
    )
    return out, on_table, counts


@cache
def _layout(
    counts: tuple[int, int, int, int],
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, int, int, int]]:
    """For cards renumbered by :func:`_compact` with these counts by suit: each card's suit
    (a mask), the cards of its suit above it, and the four suits' masks."""
    masks = []
    start = 0
    for count in counts:
        masks.append(((1 << count) - 1) << start)
        start += count
    suits_of = tuple(mask for mask in masks for _ in range(mask.bit_count()))
    aboves = tuple(suits_of[c] >> (c + 1) << (c + 1) for c in range(len(suits_of)))
    return suits_of, aboves, (masks[0], masks[1], masks[2], masks[3])


def _run_tops(hand: int, in_play: int, aboves: Sequence[int] = _ABOVE) -> int:
    """The highest card of each run of equivalent cards in ``hand`` (a mask): a card whose
    next card up in play (``in_play``: every hand and the table) is not the hand's own.
    ``aboves``: the cards of its suit above each card."""
    tops, rest = 0, hand
    while rest:
        card = rest.bit_length() - 1
        rest ^= 1 << card
        above = in_play & aboves[card]
        if not above or not hand & (above & -above):
            tops |= 1 << card
    return tops


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
    """Raise a clear error unless the ending is one the solver takes: an :class:`Ending` of a
    game the coach knows, with a hand, a call and a count of tricks won for each of the
    game's players; cards that are cards, none twice; a leader at the table; the tricks won
    and the tricks left adding up to no more than a hand is dealt (:meth:`Game.max_cards
    <cardlib.facts.Game.max_cards>`); every call one the game allows for that many cards
    (:meth:`Game.check_call <cardlib.facts.Game.check_call>`); and each hand the size it
    must be at this point of the trick."""
    if not isinstance(ending, Ending):
        raise CardlibTypeError(
            _("the solver takes an Ending, or a deal, round or match in play, got {value!r}")
            .format(value=ending),
            "ending",
        )  # fmt: skip
    _check_ending_fields(ending)
    sizes = [len(h) for h in ending.hands]
    to_act = ending.to_act
    if not sizes[to_act]:
        raise CardlibError(_("the deal is over: nothing left to solve"), "phase")
    if max(sizes) > MAX_CARDS:
        raise CardlibError(
            _(
                "the solver takes endings of at most {most} cards a hand; this one has "
                "{count} (analyse it by sampling instead: cardlib.coach.analysis)"
            ).format(most=MAX_CARDS, count=max(sizes)),
            "ending-size",
        )
    played = {
        (ending.leader + ending.direction * i) % ending.players for i in range(len(ending.trick))
    }
    for seat, size in enumerate(sizes):
        expected = sizes[to_act] - (1 if seat in played else 0)
        if size != expected:
            raise CardlibError(
                _(
                    "seat {seat} holds {count} cards but should hold {wanted} at this point "
                    "of the trick"
                ).format(seat=seat, count=size, wanted=expected),
                "hand-size",
            )


def _check_ending_fields(ending: Ending) -> None:
    """The invariants of an ending's fields (see :func:`check_ending`), its game's own
    (players, cards a hand, calls) from the registry."""
    if not isinstance(ending.game, str) or not any(
        game.key == ending.game for game in games.coached()
    ):
        known = ", ".join(game.key for game in games.coached())
        raise CardlibError(
            _("an ending's game is one the coach knows ({games}), got {value!r}").format(
                games=known, value=ending.game
            ),
            "game",
        )
    game = game_named(ending.game)
    # Tuples, as the dataclass is frozen and hashed: the solver's answers are kept by ending.
    for name in ("hands", "trick", "won", "calls"):
        _check_tuple(getattr(ending, name), name)
    players = len(ending.hands)
    if players not in game.players or len(ending.won) != players or len(ending.calls) != players:
        raise PositionError(
            _("an ending of {game} needs one hand, one call and one count of tricks won for each "
              "seat ({players}), got {hands} hands, {calls} calls and {won} counts").format(
                game=_(game.name), players=" or ".join(map(str, game.players)),
                hands=players, calls=len(ending.calls), won=len(ending.won)
            ),
            "ending",
        )  # fmt: skip
    seen = 0
    for cards in (*ending.hands, ending.trick):
        _check_tuple(cards, "hands")
        for card in cards:
            if type(card) is not Card:
                raise CardTypeError(
                    _("an ending's hands and trick hold cards (cardlib.Card), got {value!r}")
                    .format(value=card)
                )  # fmt: skip
            if seen >> card & 1:
                raise PositionError(
                    _("{card} is twice in the ending: each card is in the deck once").format(
                        card=card
                    )
                )
            seen |= 1 << card
    if len(ending.trick) >= players:
        raise PositionError(
            _("a trick has at most {most} cards before your play, got {count}").format(
                most=players - 1, count=len(ending.trick)
            )
        )
    check_seat(ending.leader, players, "leader")
    check_choice(ending.direction, "direction", (1, -1))
    check_flag(ending.first_trick, "first_trick")
    if not isinstance(ending.rules, PlayRules):
        raise CardlibTypeError(
            _("rules must be a PlayRules, got {value!r}").format(value=ending.rules), "rules"
        )
    # A game that states its standard options checks a variant given for them (Call Break's
    # Variant); a game's own options are its own to read.
    options = ending.variant
    if game.standard_options is not None:
        options = game.check_options(options)
    for won in ending.won:
        check_count(won, "won", 0)
    tricks = sum(ending.won) + len(ending.hands[ending.to_act])
    most = game.max_cards(players)
    if tricks > most:
        raise PositionError(
            _("the tricks won ({won}) and the tricks left ({left}) make {tricks}, more than the "
              "{most} cards a hand of {game} is dealt").format(
                won=sum(ending.won), left=len(ending.hands[ending.to_act]), tricks=tricks,
                most=most, game=_(game.name)
            ),
            "ending",
        )  # fmt: skip
    for call in ending.calls:
        game.check_call(call, options, tricks)


def _check_tuple(value: object, name: str) -> None:
    if not isinstance(value, tuple):
        raise CardlibTypeError(
            _("an Ending holds tuples: its {name} is a tuple, got {value!r}").format(
                name=name, value=value
            ),
            "ending",
        )


def solve(position: Ending | TrickDeal | TrickMatch) -> Solution:
    """Every legal card's outcome for the seat to act, under max-n play by all.

    ``position`` is an :class:`Ending` or a game in play whose hands are all
    known (a deal or round of a game the coach knows: ``callbreak.Deal``,
    ``callbridge.Deal``, ``judgement.Round`` …), with at most :data:`MAX_CARDS` cards in
    each hand.
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
    "CardValue",
    "Ending",
    "Finisher",
    "Solution",
    "brute_force",
    "coached_game",
    "ending_of",
    "game_named",
    "solve",
]
