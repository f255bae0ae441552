"""The coach: which card (or call) is best here, from what one player can see.

A position is judged from the point of view of the player to act: their own
hand, the calls or bids, and the cards played so far — never the hidden hands.
For every legal card the coach estimates the player's expected score for the
deal (the game's points, not tricks):

1. **sample** the hidden hands, uniformly among all the layouts consistent with
   everything seen (:class:`HiddenHands`): the cards gone, each hand's size,
   and what the rules say each play proves about the hand it came from
   (:func:`forbidden_cards`): a player who did not follow suit has none of
   it; in Call Break one who then did not trump has no spade either; one who
   followed with a card that did not beat the trick has nothing higher in the
   suit; in Judgement the undealt cards might be anywhere;
2. **play each sample out** with every legal card in turn, all four players
   then playing by a mask-based policy (:func:`policy_playout`): by default
   ``playout="strong"`` (:mod:`cardlib.coach.policy`: it draws trumps with the
   master, cashes side masters unless a void may ruff, wins with sure winners,
   discards from short suits keeping guards, and plays on for the extra tricks
   the scoring pays for), or ``"classic"`` (the coach before it:
   :class:`~cardlib.bots.SensibleBot`'s rule, drawing trumps with the master);
   and, once the hands are down to ``exact_from`` cards, by the exact solver's
   line (:class:`cardlib.coach.solver.Finisher`), the rest of the trick on the
   table included;
3. **average** the player's points: mean, standard error, number of samples,
   the same samples for every card (so the differences between cards are
   sharper than each mean).

What sampling ignores by default: the calls. A player who called 6 probably
holds high cards and spades, and the plain samples do not know it (every
consistent layout is equally likely). Asked to (``calls_model="sensible"``),
the coach keeps only the layouts in which every other player's call is the one
the sensible rule of thumb (:func:`cardlib.bots.sensible_call_mask`) makes for
the hand they were dealt, within a ``tolerance`` (:class:`CallFittingHands`).
Nor do the playouts model a player's plan beyond their policy. Seeded:
the same position, samples and seed give the same numbers.

:func:`analyse_calls` does the same before calling: the expected score of
every call the player may make, for their hand, the other players' calls
coming from the same policy.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Final, Literal

from cardlib import games
from cardlib.bots import highest_by_rank, lowest_by_rank, sensible_call_mask
from cardlib.cards import DECK, SUITS, Card, from_mask
from cardlib.coach.policy import play_orders, shown_voids, strong_playout
from cardlib.coach.solver import MAX_CARDS, Finisher, coached_game, game_named
from cardlib.errors import CardlibError, CardlibTypeError, is_count
from cardlib.game import Seed, TrickDeal, check_seed, phase_name, seeded_rng
from cardlib.i18n import N_, _, ngettext, pgettext
from cardlib.match import TrickMatch
from cardlib.tricks import PlayRules, legal_mask, winner_index
from cardlib.validate import check_count, check_seat

if TYPE_CHECKING:
    from cardlib.facts import Game

STOCK: Final = "stock"  # Judgement's undealt cards, a pseudo-seat of the sampler
_SUIT_OF = tuple(0x1FFF << (13 * (c // 13)) for c in range(52))
_ABOVE = tuple(_SUIT_OF[c] >> (c + 1) << (c + 1) for c in range(52))
_FULL_DECK = (1 << 52) - 1


# ----- what one seat sees ------------------------------------------------------------


@dataclass(frozen=True)
class View:
    """Everything one seat can see of a deal, and nothing else.

    ``game`` is the game's key in the registry (:mod:`cardlib.games`: ``"callbreak"``,
    ``"callbridge"``, ``"judgement"`` …), which says its points and its calls;
    ``variant`` the options the deal was dealt with (``game.options_of(deal)``: Call
    Break's :class:`~cardlib.callbreak.Variant`; ``None`` for a game without), ``seat``
    the seat whose view it is, ``hand`` its cards now (empty while they are face down,
    ``face_up`` False: Judgement's blind round), ``calls`` by seat
    (``None`` not yet called), ``plays`` every card played so far in order as
    ``(seat, card)``, ``dealer`` and ``dealt`` (cards each hand started with).
    """

    game: str
    rules: PlayRules
    players: int
    direction: int
    dealer: int
    dealt: int
    seat: int
    hand: tuple[Card, ...]
    calls: tuple[int | None, ...]
    plays: tuple[tuple[int, Card], ...] = ()
    variant: object = None
    face_up: bool = True

    # ----- derived facts (all from the fields above) -----

    @property
    def tricks(self) -> list[list[tuple[int, Card]]]:
        """The plays cut into tricks, the current (unfinished) one last if any."""
        n = self.players
        return [list(self.plays[i : i + n]) for i in range(0, len(self.plays), n)]

    @property
    def current(self) -> list[tuple[int, Card]]:
        """The plays of the trick on the table (empty between tricks)."""
        done = len(self.plays) % self.players
        return list(self.plays[len(self.plays) - done :]) if done else []

    def winner(self, trick: Sequence[tuple[int, Card]]) -> int:
        """The seat that wins ``trick`` (pairs of seat and card, in play order)."""
        trump = -1 if self.rules.trump is None else SUITS.index(self.rules.trump)
        return trick[winner_index([int(c) for _, c in trick], trump)][0]

    @property
    def won(self) -> tuple[int, ...]:
        """The tricks each seat has taken so far."""
        won = [0] * self.players
        for trick in self.tricks:
            if len(trick) == self.players:
                won[self.winner(trick)] += 1
        return tuple(won)

    @property
    def leader(self) -> int:
        """The seat that leads (or led) the trick on the table."""
        current = self.current
        if current:
            return current[0][0]
        finished = [t for t in self.tricks if len(t) == self.players]
        if finished:
            return self.winner(finished[-1])
        return (self.dealer + self.direction) % self.players

    @property
    def to_act(self) -> int:
        """The seat whose turn it is."""
        return (self.leader + self.direction * len(self.current)) % self.players

    def hand_size(self, seat: int) -> int:
        """How many cards ``seat`` still holds."""
        return self.dealt - sum(1 for s, _ in self.plays if s == seat)

    @property
    def first_trick(self) -> bool:
        """Whether the trick on the table is the deal's first (for the first-lead house rule)."""
        return len(self.plays) < self.players and self.dealt == 13

    @property
    def hand_mask(self) -> int:
        """The seat's own hand as a 52-bit mask."""
        return sum(1 << int(c) for c in self.hand)

    @property
    def unseen(self) -> int:
        """The cards this seat has not seen: in other hands, or (Judgement) never dealt."""
        seen = self.hand_mask
        for _seat, card in self.plays:
            seen |= 1 << int(card)
        return _FULL_DECK & ~seen

    @cached_property
    def _call_rules(
        self,
    ) -> dict[tuple[tuple[int, ...], bool], tuple[tuple[int, ...], int, int]]:
        """:func:`model_call`'s rules by earlier calls and dealer, kept with the view: the
        model asks for the same few thousands of times an analysis (see :func:`_call_rule`)."""
        return {}

    def points(self, seat: int, call: int) -> list[Fraction]:
        """The game's points for ``seat`` calling ``call``, by tricks taken 0..dealt."""
        return list(_points(game_named(self.game), self.variant, self.dealt, call))


@lru_cache(maxsize=1024)
def _points(game: type[Game], variant: object, dealt: int, call: int) -> tuple[Fraction, ...]:
    """:meth:`View.points`, kept: the coach asks for the same few rows thousands of times."""
    return tuple(Fraction(game.points(call, t, variant)) for t in range(dealt + 1))


@lru_cache(maxsize=1024)
def _call_rule(
    game: type[Game], variant: object, dealt: int, earlier: tuple[int, ...], is_dealer: bool
) -> tuple[tuple[int, ...], int, int]:
    """The legal calls (:meth:`~cardlib.facts.Game.legal_calls`) of a seat holding ``dealt``
    cards after the ``earlier`` calls, and the lowest and highest call it might wish for
    (:meth:`~cardlib.facts.Game.call_range`, at most ``dealt``); kept: the model of the other
    players' calls asks for the same few thousands of times an analysis."""
    legal = tuple(game.legal_calls(dealt, earlier, is_dealer, variant))
    low, high = game.call_range(variant)
    return legal, low, min(high, dealt)


def view_of(game: TrickDeal | TrickMatch, seat: int | None = None) -> View:
    """What ``seat`` (default: the seat to act) sees of a game, read through its public names.

    Works for a deal or round of every game the coach knows (:func:`cardlib.games.coached`:
    ``callbreak.Deal``, ``callbridge.Deal``, ``judgement.Round`` …), and for their matches
    (the current deal or round). This is the one place that knows how a game object spells
    its facts: ``to_act``, ``phase``, ``face_up``, ``hand(seat)``, ``tricks``, ``trick``,
    ``trick_seats``, ``calls``, ``rules``, ``direction``; the registry gives the game and
    its options (:meth:`~cardlib.facts.Game.options_of`).
    """
    known = coached_game(game)  # a deal, round or match of a game the coach knows
    # A match: its current deal (Call Break, Call Bridge) or round (Judgement).
    game = game.deal if isinstance(game, TrickMatch) else game
    if game.phase not in ("calling", "bidding", "playing"):
        raise CardlibError(
            _("there is nothing to decide: the deal is {phase}").format(
                phase=phase_name(game.phase)
            ),
            "phase",
        )
    seat = game.to_act if seat is None else check_seat(seat, game.players)
    assert seat is not None  # somebody is to act while calling or playing
    face_up = game.face_up  # False while a blind deal's cards are face down
    hand = tuple(sorted(game.hand(seat), reverse=True)) if face_up else ()
    plays = [(s, c) for t in game.tricks for s, c in zip(t.seats, t.cards, strict=True)]
    plays += list(zip(game.trick_seats, game.trick, strict=True))
    played_by_seat = sum(1 for s, _ in plays if s == seat)
    held = len(hand) if face_up else game.visible_to(seat).hand_sizes[seat]
    return View(
        game=known.key,
        rules=game.rules,
        players=game.players,
        direction=game.direction,
        dealer=game.dealer,
        dealt=held + played_by_seat,
        seat=seat,
        hand=hand,
        calls=tuple(game.calls),
        plays=tuple(plays),
        variant=known.options_of(game),
        face_up=face_up,
    )


# ----- what the plays prove about the hidden hands -----------------------------------


def forbidden_cards(view: View) -> dict[int, int]:
    """For each other seat, the mask of unseen cards its hand cannot hold, from its plays.

    A card ``c`` played onto a trick proves the hand held no card ``x`` that
    would have made ``c`` illegal: ``x`` is ruled out exactly when ``c`` is
    not legal from the two-card hand ``{c, x}``. That is all the ladder of
    :func:`cardlib.tricks.legal_mask` can prove, because every step of it has the
    form "if you hold a card of this class, play one of them" (tested against
    whole hands in ``tests/test_analysis.py``). So a void in the led suit, Call
    Break's "no spade either" after a discard, "nothing higher" after a card
    that did not beat the trick, and the first-lead rule all come out of the one
    definition of the rules, for every game.
    """
    rules = view.rules
    unseen = view.unseen
    candidates = from_mask(unseen)
    forbidden = {s: 0 for s in range(view.players) if s != view.seat or not view.face_up}
    for number, trick in enumerate(view.tricks):
        before: list[int] = []
        for seat, card in trick:
            if seat in forbidden:
                first = number == 0 and view.dealt == 13
                c = 1 << int(card)
                for x in candidates:
                    if not legal_mask(c | 1 << x, before, rules, first)[0] & c:
                        forbidden[seat] |= 1 << x
            before.append(int(card))
    return forbidden


# ----- sampling the hidden hands uniformly ---------------------------------------------


class HiddenHands:
    """Uniform samples of the hidden hands consistent with a :class:`View`.

    Every layout of the unseen cards that gives each seat its hand size and no
    forbidden card is equally likely. The cards fall into a few *types* (the
    set of places each may be: a void makes a suit's cards a type of their
    own); the layouts are counted exactly by type, and a sample picks how many
    cards of each type go to each place in proportion to those counts, then
    which ones at random. Raises ``CardlibError`` when no layout fits.
    """

    def __init__(self, view: View):
        self.view = view
        seats = [s for s in range(view.players) if s != view.seat or not view.face_up]
        places: list[int | Literal["stock"]] = list(seats)
        caps = [view.hand_size(s) for s in seats]
        unseen = view.unseen
        stock = unseen.bit_count() - sum(caps)
        if stock < 0:
            raise CardlibError(_("the hands hold more cards than are unseen"), "inconsistent")
        if stock:
            places.append(STOCK)
            caps.append(stock)
        self.places = places
        self.caps = tuple(caps)
        forbidden = forbidden_cards(view)
        by_allowed: dict[tuple[int, ...], list[int]] = {}
        for card in from_mask(unseen):
            allowed = tuple(
                i
                for i, place in enumerate(places)
                if place == STOCK or not forbidden[place] >> int(card) & 1
            )
            if not allowed:
                raise CardlibError(
                    _("no hand can hold {card}: the plays contradict").format(card=card),
                    "inconsistent",
                )
            by_allowed.setdefault(allowed, []).append(int(card))
        everywhere = tuple(range(len(places)))
        # The unconstrained cards last: they fill whatever room is left, in closed form.
        self.types = sorted(by_allowed.items(), key=lambda kv: (kv[0] == everywhere, kv[0]))
        self._ways = lru_cache(maxsize=None)(self._count)
        self._choices: dict = {}
        if self._ways(0, self.caps) == 0:
            raise CardlibError(
                _("no layout of the unseen cards fits what was seen (hand sizes and voids)"),
                "inconsistent",
            )

    def _splits(self, index: int, caps: tuple[int, ...]):
        """Every way to share type ``index`` among its places, with its number of card choices."""
        allowed, cards = self.types[index]
        n = len(cards)
        if index == len(self.types) - 1:  # the last type fills exactly the room left
            if sum(caps[p] for p in allowed) == n == sum(caps):
                split = tuple(caps[p] for p in allowed)
                ways = math.factorial(n)
                for k in split:
                    ways //= math.factorial(k)
                yield split, ways, (0,) * len(caps)
            return

        def share(i: int, left: int, taken: tuple[int, ...]):
            if i == len(allowed) - 1:
                if left <= caps[allowed[i]]:
                    yield (*taken, left)
                return
            for k in range(min(left, caps[allowed[i]]) + 1):
                yield from share(i + 1, left - k, (*taken, k))

        for split in share(0, n, ()):
            ways = math.factorial(n)
            for k in split:
                ways //= math.factorial(k)
            rest = list(caps)
            for place, k in zip(allowed, split, strict=True):
                rest[place] -= k
            yield split, ways, tuple(rest)

    def _count(self, index: int, caps: tuple[int, ...]) -> int:
        if index == len(self.types):
            return 1 if not any(caps) else 0
        return sum(
            ways * self._ways(index + 1, rest) for _, ways, rest in self._splits(index, caps)
        )

    @property
    def layouts(self) -> int:
        """How many layouts of the unseen cards fit what was seen."""
        return self._ways(0, self.caps)

    def sample(self, rng: random.Random) -> list[int]:
        """Every seat's hand now, as masks (this seat's own hand exact); stock cards left out."""
        view = self.view
        hands = [0] * view.players
        if view.face_up:
            hands[view.seat] = view.hand_mask
        caps = self.caps
        for index, (allowed, cards) in enumerate(self.types):
            key = (index, caps)
            choices = self._choices.get(key)
            if choices is None:
                choices = []
                total = 0
                for split, ways, rest in self._splits(index, caps):
                    weight = ways * self._ways(index + 1, rest)
                    if weight:
                        total += weight
                        choices.append((total, split, rest))
                self._choices[key] = choices
            pick = rng.randrange(choices[-1][0])
            split, rest = next((sp, r) for bound, sp, r in choices if pick < bound)
            shuffled = list(cards)
            rng.shuffle(shuffled)
            start = 0
            for place, k in zip(allowed, split, strict=True):
                seat = self.places[place]
                if seat != STOCK:
                    for card in shuffled[start : start + k]:
                        hands[seat] |= 1 << card
                start += k
            caps = rest
        return hands


CALL_MODELS = ("sensible",)
MAX_TRIES = 2000  # draws per sample before the tolerance is widened (see CallFittingHands)


def _calling_order(view: View) -> list[int]:
    return [(view.dealer + view.direction * (i + 1)) % view.players for i in range(view.players)]


def model_call(view: View, seat: int, hand: int, earlier: Sequence[int]) -> int:
    """The call the sensible rule of thumb makes for ``hand`` (a mask) in ``seat``.

    ``earlier`` are the calls made before it (they matter only to Judgement's
    hook: the dealer may not make the bids add up to the tricks). The same rule
    fills in the calls still to come in :func:`analyse_calls` and judges the
    calls already made in :class:`CallFittingHands`.
    """
    key = (tuple(earlier), seat == view.dealer)
    rule = view._call_rules.get(key)
    if rule is None:
        rule = view._call_rules[key] = _call_rule(
            game_named(view.game), view.variant, view.dealt, *key
        )
    legal, low, high = rule
    if not view.face_up:  # a blind deal: nothing seen, the lowest call
        return min(legal)
    wish = sensible_call_mask(hand, view.rules.trump, low, high)
    # The legal call nearest the wish, the lower of two as near (Judgement's hook).
    return wish if wish in legal else min(legal, key=lambda b: (abs(b - wish), b))


class CallFittingHands:
    """Samples of the hidden hands that fit the other players' calls too, by rejection.

    A layout is drawn by :class:`HiddenHands` (uniform among those consistent
    with the cards seen); each other seat that has called gets back the hand it
    was dealt (its sampled cards and the cards it has played), and the layout
    is kept when every such seat's call is within ``tolerance`` of the call
    :func:`model_call` makes for that hand. So the kept layouts are uniform
    among those that fit both the cards and the calls. ``calls_model`` names
    the model of calling; ``"sensible"`` (the rule of thumb the sensible bots
    call by) is the one there is.

    It never hangs: when ``max_tries`` draws in a row fit no sample, the
    tolerance is widened by one, and after ``tolerance + 1`` it gives up on the
    calls and draws unconditioned (as :class:`HiddenHands`); a fallback lasts
    for the rest of the samples. ``fell_back`` counts the samples drawn under a
    wider tolerance than asked or unconditioned, ``level`` is the tolerance of
    the last sample (``None``: unconditioned). Seeded like :class:`HiddenHands`.
    """

    def __init__(
        self,
        view: View,
        calls_model: str = "sensible",
        tolerance: int = 0,
        max_tries: int = MAX_TRIES,
    ):
        if calls_model not in CALL_MODELS:
            raise CardlibError(
                _("calls_model must be one of {choices} or None, got {value!r}").format(
                    choices=CALL_MODELS, value=calls_model
                ),
                "calls-model",
            )
        check_count(
            tolerance,
            "tolerance",
            0,
            message=N_("tolerance must be a whole number ≥ 0, got {value!r}"),
        )
        self.view = view
        self.hands = HiddenHands(view)
        self.tolerance = tolerance
        self.max_tries = max_tries
        self.level: int | None = tolerance
        self.fell_back = 0
        played = [0] * view.players
        for seat, card in view.plays:
            played[seat] |= 1 << int(card)
        calls = view.calls
        earlier: list[int] = []
        # (seat, cards it played, its call, the model's call for the earlier calls)
        self.judged: list[tuple[int, int, int, tuple[int, ...]]] = []
        for seat in _calling_order(view):
            call = calls[seat]
            if call is None:
                break
            if seat != view.seat:
                self.judged.append((seat, played[seat], call, tuple(earlier)))
            earlier.append(call)

    def fits(self, hands: Sequence[int], tolerance: int) -> bool:
        """Whether every judged seat's call is within ``tolerance`` of the model's for its hand."""
        view = self.view
        for seat, played, call, earlier in self.judged:
            if abs(model_call(view, seat, hands[seat] | played, earlier) - call) > tolerance:
                return False
        return True

    def sample(self, rng: random.Random) -> list[int]:
        """Every seat's hand now, as :meth:`HiddenHands.sample`, fitting the calls if it can."""
        while self.level is not None:
            for _try in range(self.max_tries):
                hands = self.hands.sample(rng)
                if self.fits(hands, self.level):
                    self.fell_back += self.level != self.tolerance
                    return hands
            self.level = self.level + 1 if self.level <= self.tolerance else None
        self.fell_back += 1
        return self.hands.sample(rng)


# ----- playing a sample out --------------------------------------------------------------

#: The playout policies by name: ``"classic"`` (the sensible bot's, drawing trumps; the
#: coach's before issue 25) and ``"strong"`` (:mod:`cardlib.coach.policy`).
PLAYOUTS: Final = ("classic", "strong")
#: The default policy of :func:`analyse`, :func:`analyse_calls`, :class:`CoachBot` and
#: :class:`PlayoutBot` (so of the coach widget, the hint and the review): the strong one.
#: As a bot against three SensibleBots it scores +0.26 ± 0.02 points a deal more than the
#: classic one (paired, rotated deals, seeds 420000–421999, which no tuning saw; see
#: ``benchmarks/tune_playout.py``).
PLAYOUT: Final = "strong"


def check_playout(playout: object) -> str:
    """``playout`` itself if it names a playout policy; otherwise a ``CardlibError``."""
    if playout not in PLAYOUTS:
        raise CardlibError(
            _("playout must be one of {choices}, got {value!r}").format(
                choices=", ".join(map(repr, PLAYOUTS)), value=playout
            ),
            "playout",
        )
    return playout


def playout_wants(view: View, calls: Sequence[int]) -> list[int]:
    """The tricks each seat plays for in the strong policy: its call, or every trick left
    where the game's scoring pays for each trick beyond the call (Call Break's 0.1 a
    trick; not its old scoring, nor Call Bridge, nor Judgement's exact bids)."""
    from cardlib.coach import policy

    if not policy.RULES & policy.GREEDY:
        return list(calls)
    game = game_named(view.game)
    return [view.dealt if _pays_extra(game, view.variant, view.dealt, c) else c for c in calls]


@lru_cache(maxsize=1024)
def _pays_extra(game: type[Game], variant: object, dealt: int, call: int) -> bool:
    points = _points(game, variant, dealt, call)
    return call < dealt and all(points[t + 1] > points[t] for t in range(call, dealt))


def policy_playout(
    hands: list[int],
    trick: list[int],
    leader: int,
    won: list[int],
    calls: Sequence[int],
    rules: PlayRules,
    direction: int = 1,
    first_trick: bool = False,
    stop_at: int = 0,
    record: list | None = None,
    lead_master_trumps: bool = True,
    policy: str = "classic",
    wants: Sequence[int] | None = None,
    voids: Sequence[int] | None = None,
) -> int:
    """Play on like :class:`~cardlib.bots.SensibleBot`, drawing trumps, until every hand holds
    ``stop_at`` cards.

    One rule differs from the sensible bot's (``lead_master_trumps``, on by default): a
    seat that leads while short of its call, and holds the highest trump still in play
    while another hand holds a trump, leads that trump (it draws trumps, so later a
    player with long weak trumps cannot count on ruffing for free). As a bot against
    three SensibleBots, this rule alone scored +0.15 ± 0.02 points a deal over 2,000
    rotated deals (seeds 90001–92000, tried on no other deals first).

    ``hands``, ``trick`` (card indices of the trick on the table) and ``won``
    are updated in place; returns the leader of the trick left on the table (the
    next trick's, when ``trick`` is left empty). It stops as soon as the seat to
    play holds at most ``stop_at`` cards, between tricks or in the middle of one,
    so an exact finish takes over the trick on the table too. Each seat wants
    tricks while it has fewer than its call. With a ``record`` list, every turn
    appends ``(seat, hand, trick, legal, card, wants tricks)`` so tests can hold it to
    :func:`cardlib.tricks.legal_mask` and :func:`cardlib.bots.sensible_play_mask`.

    That is the ``"classic"`` policy, this low-level loop's default; the coach's default
    (:data:`PLAYOUT`) is ``policy="strong"``, :func:`cardlib.coach.policy.strong_playout`,
    where each seat plays for ``wants`` tricks (:func:`playout_wants`; ``calls`` if not
    given) and reads the ``voids`` shown.
    """
    # The hot loop of every analysis: the ladder and the policy are inlined on the
    # trick's top cards (like fast.random_playout); tests/test_analysis.py checks
    # every turn against legal_mask and sensible_play_mask.
    if policy == "strong":
        return strong_playout(
            hands,
            trick,
            leader,
            won,
            calls if wants is None else wants,
            rules,
            direction,
            first_trick,
            stop_at,
            record,
            voids,
        )
    if policy != "classic":
        check_playout(policy)
    players = len(hands)
    trump_index = -1 if rules.trump is None else SUITS.index(rules.trump)
    trump_bits = 0 if trump_index < 0 else 0x1FFF << (13 * trump_index)
    must_beat = rules.must_beat
    void_free = trump_bits == 0 or rules.void_rule == "free"
    undertrump = rules.void_rule == "trump"
    orders = play_orders(players, direction)
    side_aces = [13 * s + 12 for s in range(4) if s != trump_index]
    # The trick on the table: led suit, top card of it, top trump, and their seats.
    if trick:
        order = orders[leader]
        led_bits = _SUIT_OF[trick[0]]
        beat_with = 0 if led_bits == trump_bits else trump_bits  # trumps beat a side suit
        top_led, top_trump = trick[0], -1
        led_seat = trump_seat = leader
        for i, card in enumerate(trick[1:], 1):
            if led_bits >> card & 1:
                if card > top_led:
                    top_led, led_seat = card, order[i]
            elif trump_bits >> card & 1 and card > top_trump:
                top_trump, trump_seat = card, order[i]
    partial = bool(trick)
    while True:
        if not trick:
            partial = False
            hand = hands[leader]
            if hand.bit_count() <= stop_at:
                return leader
            legal = legal_mask(hand, (), rules, first_trick)[0] if first_trick else hand
            first_trick = False
            side = legal & ~trump_bits
            card = -1
            if won[leader] < calls[leader]:
                mine = legal & trump_bits
                if mine and lead_master_trumps:
                    # Draw trumps with the master trump while another hand still holds one.
                    theirs = 0
                    for other, held in enumerate(hands):
                        if other != leader:
                            theirs |= held
                    theirs &= trump_bits
                    if theirs and mine.bit_length() > theirs.bit_length():
                        card = mine.bit_length() - 1
                if card < 0:
                    for ace in side_aces:
                        if legal >> ace & 1:
                            card = ace
                            break
            if card < 0:
                pick = side or legal
                card = (pick & -pick).bit_length() - 1  # the first side suit's lowest
            if record is not None:
                record.append((leader, hand, (), legal, card, won[leader] < calls[leader]))
            hands[leader] = hand ^ (1 << card)
            trick.append(card)
            led_bits = _SUIT_OF[card]
            beat_with = 0 if led_bits == trump_bits else trump_bits
            top_led, top_trump = card, -1
            led_seat = trump_seat = leader
            order = orders[leader]
        for seat in order[len(trick) :]:
            hand = hands[seat]
            if partial and hand.bit_count() <= stop_at:
                # Every hand is down to stop_at cards (this seat holds the most, it has not
                # played to this trick yet): the caller finishes the trick too. The hands go
                # down together, so only the trick the playout began in can stop here.
                return leader
            legal = hand & led_bits
            if legal:
                if must_beat and top_trump < 0:
                    legal = legal & _ABOVE[top_led] or legal
            elif void_free:
                legal = hand
            else:
                legal = hand & trump_bits
                if not legal:
                    legal = hand
                elif top_trump >= 0:
                    legal = legal & _ABOVE[top_trump] or (legal if undertrump else hand)
            # The policy: win cheaply while short of the call, else duck as high as possible.
            if top_trump >= 0:
                winners = legal & _ABOVE[top_trump]
            else:
                winners = legal & (_ABOVE[top_led] | beat_with)
            # (Winners lie in one suit; a discard or a duck goes by rank across suits.)
            if won[seat] < calls[seat]:
                if winners:
                    pick = winners & ~trump_bits or winners
                    card = (pick & -pick).bit_length() - 1
                else:
                    card = lowest_by_rank(legal & ~trump_bits or legal)
            else:
                losers = legal & ~winners
                card = highest_by_rank(losers) if losers else lowest_by_rank(legal)
            if record is not None:
                record.append((seat, hand, tuple(trick), legal, card, won[seat] < calls[seat]))
            hands[seat] = hand ^ (1 << card)
            trick.append(card)
            if led_bits >> card & 1:
                if card > top_led:
                    top_led, led_seat = card, seat
            elif trump_bits >> card & 1 and card > top_trump:
                top_trump, trump_seat = card, seat
        leader = trump_seat if top_trump >= 0 else led_seat
        won[leader] += 1
        trick.clear()


def trick_bounds(
    hands: Sequence[int], trick: Sequence[int], seat: int, trumps: int
) -> tuple[int, int]:
    """How few and how many more tricks ``seat`` can take from here, whoever plays what.

    ``hands`` by seat and ``trick`` (the cards on the table) as masks and card indices,
    ``trumps`` the trump suit's mask (0: no trump). At most every trick left, one fewer
    when another hand holds a trump above all of the seat's and all on the table (the
    seat cannot win the trick it falls in); at least one trick for each trump of the
    seat's above every other trump in play, on the table included (each wins the trick
    it falls in, a different one each). The analysis skips the exact finish where the
    seat's points are the same across these bounds.
    """
    most = max(map(int.bit_count, hands))  # the tricks left, the one on the table included
    if not trumps:
        return 0, most
    theirs = on_table = 0
    for other, held in enumerate(hands):
        if other != seat:
            theirs |= held
    theirs &= trumps
    for card in trick:
        on_table |= 1 << card
    on_table &= trumps
    mine = hands[seat] & trumps
    if theirs.bit_length() > (mine | on_table).bit_length():
        most -= 1
    theirs |= on_table
    fewest = 0
    while mine.bit_length() > theirs.bit_length():
        fewest += 1
        mine ^= 1 << (mine.bit_length() - 1)
    return fewest, most


class _Playout:
    """Plays samples of one view out to the end: the policy, then the solver's line."""

    def __init__(self, view: View, exact_from: int, playout: str = PLAYOUT):
        self.view = view
        self.exact_from = min(exact_from, MAX_CARDS)
        self.policy = check_playout(playout)
        self.voids = shown_voids(view.players, [(s, int(c)) for s, c in view.plays])
        self.wants: dict[tuple[int, ...], list[int]] = {}
        self.rules = view.rules
        trump = view.rules.trump
        self.trump_bits = 0 if trump is None else 0x1FFF << (13 * SUITS.index(trump))
        self.finishers: dict[tuple[int, ...], Finisher] = {}

    def final_tricks(
        self,
        hands: list[int],
        trick: list[int],
        leader: int,
        won: list[int],
        calls: Sequence[int],
        first: bool,
        seat: int | None = None,
        points: Sequence[int] | None = None,
    ) -> list[int] | tuple[int, ...]:
        """Final tricks by seat: the policy down to ``exact_from`` cards, then the solver.

        With ``seat`` and its ``points`` by tricks taken, the exact finish is skipped
        where it cannot change that seat's points: where they are the same for every
        number of tricks the seat can still end with. Then only ``seat``'s count is
        final, or rather its points: it is one of those numbers. What the seat can still
        take is bounded by the trumps (:func:`trick_bounds`).
        """
        leader, final = self.by_policy(hands, trick, leader, won, calls, first, seat, points)
        return self.exactly(hands, trick, leader, won, calls) if final is None else final

    def by_policy(
        self,
        hands: list[int],
        trick: list[int],
        leader: int,
        won: list[int],
        calls: Sequence[int],
        first: bool,
        seat: int | None = None,
        points: Sequence[int] | None = None,
        voids: Sequence[int] | None = None,
    ) -> tuple[int, list[int] | None]:
        """The first part of :meth:`final_tricks`, the policy's: the leader of the trick left on
        the table, and the final tricks when they are known without the exact finish (else
        ``None``: :meth:`exactly` finishes from the hands, trick and tricks won as left).
        ``voids``: the suits each seat has shown void in, if not only the view's."""
        view = self.view
        if self.policy == "classic":
            leader = policy_playout(
                hands,
                trick,
                leader,
                won,
                calls,
                self.rules,
                view.direction,
                first,
                self.exact_from,
                policy="classic",
            )
        else:
            key = tuple(calls)
            wants = self.wants.get(key)
            if wants is None:
                wants = self.wants[key] = playout_wants(view, calls)
            leader = strong_playout(
                hands,
                trick,
                leader,
                won,
                wants,
                self.rules,
                view.direction,
                first,
                self.exact_from,
                None,
                self.voids if voids is None else voids,
            )
        if not trick and not hands[leader]:
            return leader, won
        if seat is not None and points is not None:
            fewest, most = trick_bounds(hands, trick, seat, self.trump_bits)
            now = won[seat]
            reachable = points[now + fewest : now + most + 1]
            if min(reachable) == max(reachable):
                final = list(won)
                final[seat] = now + fewest
                return leader, final
        return leader, None

    def exactly(
        self, hands: list[int], trick: list[int], leader: int, won: list[int], calls: Sequence[int]
    ) -> tuple[int, ...]:
        """The second part of :meth:`final_tricks`: the solver's line from here to the end."""
        key = tuple(calls)
        finisher = self.finishers.get(key)
        if finisher is None:
            view = self.view
            by_seat = [view.points(s, calls[s]) for s in range(view.players)]
            finisher = self.finishers[key] = Finisher(self.rules, view.direction, by_seat)
        return finisher.final_tricks(hands, trick, leader, won)


# ----- results -----------------------------------------------------------------------------


def _fmt(value: Fraction, places: int = 2) -> str:
    return f"{float(value):.{places}f}"


@dataclass(frozen=True)
class Estimate:
    """An expected score from samples: exact ``mean`` (a Fraction), ``stderr``, ``samples``."""

    mean: Fraction
    stderr: float
    samples: int

    @classmethod
    def of(cls, values: Sequence[Fraction]) -> Estimate:
        """The mean of ``values`` with its standard error (infinite for fewer than two)."""
        n = len(values)
        mean = sum(values, Fraction(0)) / n
        if n < 2:
            return cls(mean, math.inf, n)
        variance = sum((v - mean) ** 2 for v in values) / (n - 1)
        return cls(mean, math.sqrt(variance / n), n)

    @classmethod
    def of_scaled(cls, values: Sequence[int], scale: int) -> Estimate:
        """The estimate of ``values / scale`` (whole numbers, e.g. tenths): exactly what
        :meth:`of` gives for the Fractions, summed as integers (the analysis's inner loop)."""
        n = len(values)
        total = sum(values)
        mean = Fraction(total, n * scale)
        if n < 2:
            return cls(mean, math.inf, n)
        squares = sum(v * v for v in values)
        # sum((v - mean)²) / (n - 1) / n, over scale², exactly as a Fraction
        variance = Fraction(n * squares - total * total, n * n * (n - 1) * scale * scale)
        return cls(mean, math.sqrt(variance), n)

    def __str__(self) -> str:
        return ngettext(
            "{mean} ± {stderr} ({samples} sample)",
            "{mean} ± {stderr} ({samples} samples)",
            self.samples,
        ).format(mean=_fmt(self.mean), stderr=f"{self.stderr:.2f}", samples=self.samples)


#: How many standard errors a choice must trail the best by before the coach calls it worse:
#: within that, the two are shown as equally good ("too close to tell").
CLEAR_SE = 2


def too_close(loss: Fraction, loss_stderr: float) -> bool:
    """Whether a choice ``loss`` points behind the best (± ``loss_stderr``) is within noise of it.

    A loss of at most :data:`CLEAR_SE` standard errors could be chance: the coach
    does not call such a choice worse. A choice that scores the same as the best
    in every sample (loss 0, error 0) is within noise too (it is as good).
    """
    return loss <= CLEAR_SE * loss_stderr


@dataclass(frozen=True)
class CardEstimate:
    """One legal card: the player's expected points if they play it, and the loss against the best.

    ``loss`` is the best card's mean minus this one's (0 for the best), with
    the standard error of that difference over the same samples.
    """

    card: Card
    estimate: Estimate
    loss: Fraction
    loss_stderr: float

    @property
    def same(self) -> bool:
        """Whether it scored exactly what the best card scored, in every sample."""
        return self.loss == 0 and self.loss_stderr == 0

    @property
    def close(self) -> bool:
        """Whether it is within :data:`CLEAR_SE` standard errors of the best (:func:`too_close`)."""
        return too_close(self.loss, self.loss_stderr)

    def __str__(self) -> str:
        return f"{self.card}: {self.estimate}"


@dataclass(frozen=True)
class Analysis:
    """The coach's verdict on a play: every legal card, best first.

    ``seat`` the player to act, ``cards`` one :class:`CardEstimate` per legal
    card sorted by expected points (best first, ties by card), ``samples`` and
    ``seed`` as asked; ``calls_model`` and ``tolerance`` as asked, and
    ``fell_back`` how many samples could not fit the calls under them (see
    :class:`CallFittingHands`); shown in the repr only when a model was asked.
    """

    seat: int
    cards: tuple[CardEstimate, ...]
    samples: int
    seed: int
    calls_model: str | None = None
    tolerance: int = 0
    fell_back: int = 0

    def __repr__(self) -> str:
        shown = [f for f in fields(self) if f.name not in self._MODEL_FIELDS or self.calls_model]
        inner = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in shown)
        return f"Analysis({inner})"

    _MODEL_FIELDS = ("calls_model", "tolerance", "fell_back")

    @property
    def best(self) -> Card:
        """The card with the highest expected points (the first of ``cards``)."""
        return self.cards[0].card

    @property
    def margin(self) -> Fraction:
        """How much better the best card is than the second best (0 with one legal card)."""
        return self.cards[1].loss if len(self.cards) > 1 else Fraction(0)

    @property
    def nearest_different(self) -> CardEstimate | None:
        """The best-ranked card that is *not* equivalent to the best (it did not score the same
        in every sample), the card a margin is worth stating against; ``None`` when every legal
        card scores exactly the same (or only one is legal)."""
        return next((c for c in self.cards[1:] if not c.same), None)

    @property
    def equally_good(self) -> tuple[Card, ...]:
        """The best card and every card within :data:`CLEAR_SE` standard errors of it, best first.

        The samples cannot tell these apart: the coach shows them as equally good.
        """
        return tuple(c.card for c in self.cards if c.close)

    @property
    def clear(self) -> bool:
        """Whether the best card is clearly best: every other card is either clearly worse
        (by more than :data:`CLEAR_SE` standard errors) or scores the same in every sample."""
        return all(c.same or not c.close for c in self.cards[1:])

    def of(self, card: Card | str) -> CardEstimate:
        """The estimate for one legal card; a card that is not legal here is refused."""
        card = Card(card)
        for c in self.cards:
            if c.card == card:
                return c
        raise CardlibError(_("{card} is not a legal card here").format(card=card), "not-legal")

    def _repr_html_(self) -> str:
        from cardlib.draw.coach import analysis_html

        return analysis_html(self)

    def table_caption(self) -> str:
        """The caption of this analysis' table, in the learner's language: what it shows over
        which samples, then the verdict (the best card and by how much, or too close to tell)."""
        caption = self._caption()
        if not self.clear:
            caption += "; " + _too_close_between(
                ", ".join(str(c) for c in self.equally_good), self.samples
            )
            return caption
        # The margin is stated against the nearest card that is not equivalent to the best:
        # "0.00 ± 0.00 over J♥" says only that J♥ is the same card here.
        nearest = self.nearest_different
        if nearest is not None:
            caption += "; " + _("best {best} by {margin} ± {stderr} over {second}").format(
                best=self.best,
                margin=_fmt(nearest.loss),
                stderr=f"{nearest.loss_stderr:.2f}",
                second=nearest.card,
            )
        elif len(self.cards) > 1:
            caption += "; " + _("every legal card scores exactly the same here")
        return caption

    def _caption(self) -> str:
        """What the table shows and over which samples, in the learner's language."""
        if not self.calls_model:
            caption = _(
                "Expected points for seat {seat}, each card over the same {samples} samples "
                "of the hidden hands"
            )
        elif self.tolerance and self.fell_back:
            caption = _(
                "Expected points for seat {seat}, each card over the same {samples} samples "
                "of the hidden hands that fit the calls within {tolerance} ({model} calling; "
                "{fell_back} fell back)"
            )
        elif self.tolerance:
            caption = _(
                "Expected points for seat {seat}, each card over the same {samples} samples "
                "of the hidden hands that fit the calls within {tolerance} ({model} calling)"
            )
        elif self.fell_back:
            caption = _(
                "Expected points for seat {seat}, each card over the same {samples} samples "
                "of the hidden hands that fit the calls ({model} calling; {fell_back} fell back)"
            )
        else:
            caption = _(
                "Expected points for seat {seat}, each card over the same {samples} samples "
                "of the hidden hands that fit the calls ({model} calling)"
            )
        model = self.calls_model or ""
        # Translators: the coach's model of how the other players call (the rule of thumb
        # the sensible bots call by), in "({model} calling)".
        names = {"sensible": pgettext("model of calling", "sensible")}
        return caption.format(
            seat=self.seat,
            samples=self.samples,
            tolerance=self.tolerance,
            model=names.get(model, model),
            fell_back=self.fell_back,
        )


@dataclass(frozen=True)
class CallEstimate:
    """One call: the player's expected points for the deal if they make it.

    ``loss`` is the best call's mean minus this one's (0 for the best), with the
    standard error of that difference over the same samples (``loss_stderr``).
    """

    call: int
    estimate: Estimate
    loss: Fraction = Fraction(0)
    loss_stderr: float = 0.0

    @property
    def same(self) -> bool:
        """Whether it scored exactly what the best call scored, in every sample."""
        return self.loss == 0 and self.loss_stderr == 0

    @property
    def close(self) -> bool:
        """Whether it is within :data:`CLEAR_SE` standard errors of the best call."""
        return too_close(self.loss, self.loss_stderr)

    def __str__(self) -> str:
        return _("call {call}: {estimate}").format(call=self.call, estimate=self.estimate)


@dataclass(frozen=True)
class CallAnalysis:
    """Expected points of every legal call for the hand, in call order.

    ``top`` is the call with the highest estimate; ``best`` the call the coach (and
    :class:`CoachBot`) makes: the highest call whose estimate is within ``boldness``
    points of the top one (``boldness`` 0: the top call). Why bolder than the top
    estimate: the imagined deals play the player's own cards only by the playout
    policy, so they underrate what the player will really make (see :class:`CoachBot`).
    Each call's ``loss`` is against the top call.
    """

    seat: int
    calls: tuple[CallEstimate, ...]
    samples: int
    seed: int
    boldness: Fraction = Fraction(0)

    @property
    def top(self) -> int:
        """The call with the highest expected points (the lowest of equal ones)."""
        return max(self.calls, key=lambda c: (c.estimate.mean, -c.call)).call

    @property
    def best(self) -> int:
        """The call the coach makes: the highest within ``boldness`` points of the top."""
        top = self.top
        if not self.boldness:
            return top
        floor = self.of(top).estimate.mean - self.boldness
        return max(c.call for c in self.calls if c.estimate.mean >= floor)

    @property
    def equally_good(self) -> tuple[int, ...]:
        """The best call and every call within :data:`CLEAR_SE` errors of it, best first."""
        ranked = sorted(self.calls, key=lambda c: (-c.estimate.mean, c.call))
        return tuple(c.call for c in ranked if c.close)

    @property
    def clear(self) -> bool:
        """Whether the best call is clearly best (every other clearly worse, or the same)."""
        top = self.top  # the losses are against the top call
        return all(c.same or not c.close for c in self.calls if c.call != top)

    def of(self, call: int) -> CallEstimate:
        """The estimate for one legal call; a call that is not legal here is refused."""
        for c in self.calls:
            if c.call == call:
                return c
        raise CardlibError(_("{call} is not a legal call here").format(call=call), "not-legal")

    def losses_heading(self) -> str:
        """The heading of a table's losses: they are against the top estimate, which is the
        best call's unless the coach calls bolder than it (``boldness``)."""
        if self.best == self.top:
            return _("against the best")
        return _("against the highest estimate")

    def table_caption(self) -> str:
        """The caption of this analysis' table, in the learner's language: over how many
        samples, and the verdict when the samples cannot tell the best calls apart."""
        caption = _("Expected points of each call for seat {seat} ({samples} samples)").format(
            seat=self.seat, samples=self.samples
        )
        if not self.clear:
            caption += "; " + _too_close_between(
                ", ".join(map(str, self.equally_good)), self.samples
            )
        return caption

    def _repr_html_(self) -> str:
        from cardlib.draw.coach import call_analysis_html

        return call_analysis_html(self)


def _too_close_between(choices: str, samples: int) -> str:
    """The caption's verdict when the samples cannot tell the best choices apart: not that
    they are equal, only that this many samples cannot separate them (more may)."""
    return ngettext(
        "too close to tell between {choices} at {samples} samples (within {count} standard "
        "error; more samples may separate them)",
        "too close to tell between {choices} at {samples} samples (within {count} standard "
        "errors; more samples may separate them)",
        CLEAR_SE,
    ).format(choices=choices, samples=samples, count=CLEAR_SE)


# ----- the analyses --------------------------------------------------------------------------


def _as_view(position: TrickDeal | TrickMatch | View) -> View:
    if isinstance(position, View):
        return position
    if not all(hasattr(position, name) for name in ("phase", "to_act", "legal_actions")):
        known = ", ".join(_(game.name) for game in games.coached())
        raise CardlibTypeError(
            _(
                "the coach analyses a deal or round of a game it knows ({games}), or its match, "
                "or a View, got {position!r}"
            ).format(games=known, position=position),
            "position",
        )
    return view_of(position)


def check_boldness(boldness: object, what: str = "boldness") -> Fraction:
    """``boldness`` as a :class:`~fractions.Fraction` if it is a finite number of points ≥ 0
    (an ``int``, ``float`` or ``Fraction``); otherwise an error saying what ``what`` must be."""

    def text() -> str:
        return _("{what} must be a number of points 0 or more, got {value!r}").format(
            what=what, value=boldness
        )

    if isinstance(boldness, bool) or not isinstance(boldness, (int, float, Fraction)):
        raise CardlibTypeError(text(), "type")
    if not math.isfinite(boldness) or boldness < 0:
        raise CardlibError(text(), "range")
    return Fraction(boldness)


def _check_entry(samples: object, seed: object, exact_from: object) -> None:
    """Refuse a bad number of samples, seed or ``exact_from`` before any work is done."""
    check_count(
        samples, "samples", 1, message=N_("samples must be a whole number ≥ 1, got {value!r}")
    )
    check_seed(seed)
    check_count(exact_from, "exact_from", 0)


def _representatives(view: View, legal: int) -> dict[int, int]:
    """Each legal card → the card whose value it shares (the highest of its run in the hand).

    Two cards of a suit in the player's hand with no unplayed card of another
    hand between them are the same card in every sample.
    """
    hand = view.hand_mask
    others = view.unseen
    for _seat, card in view.current:
        others |= 1 << int(card)
    rep: dict[int, int] = {}
    for card in sorted(from_mask(legal), reverse=True):
        c = int(card)
        above = (others | hand) & _ABOVE[c]
        nxt = (above & -above).bit_length() - 1 if above else -1
        rep[c] = rep[nxt] if nxt >= 0 and hand >> nxt & 1 and nxt in rep else c
    return rep


def distinct_cards(position: TrickDeal | TrickMatch | View) -> tuple[Card, ...]:
    """The legal cards :func:`analyse` plays out for the player to act, highest first: one
    of each run of cards that are worth the same in every sample (the others share its value)."""
    view = _as_view(position)
    trick = [int(c) for _, c in view.current]
    legal = legal_mask(view.hand_mask, trick, view.rules, view.first_trick)[0]
    return tuple(DECK[c] for c in sorted(set(_representatives(view, legal).values()), reverse=True))


def _rng(seed) -> random.Random:
    return seed if isinstance(seed, random.Random) else random.Random(seed)


def _sampler(view: View, calls_model: str | None, tolerance: int):
    # The tolerance is checked even where no model of the calls reads it: "x" is never one.
    check_count(
        tolerance, "tolerance", 0, message="tolerance must be a whole number ≥ 0, got {value!r}"
    )
    if calls_model is None:
        return HiddenHands(view)
    return CallFittingHands(view, calls_model, tolerance)


def imagined_deals(
    position: TrickDeal | TrickMatch | View,
    samples: int,
    seed: Seed = 0,
    calls_model: str | None = None,
    tolerance: int = 0,
) -> Iterator[list[int]]:
    """The layouts of the hidden hands that :func:`analyse` and :func:`analyse_calls` draw
    for ``position`` with this ``samples`` and ``seed`` (and ``calls_model`` and
    ``tolerance``, :func:`analyse`'s), in the same order.

    Each is every seat's hand now as a mask (the player's own hand exact,
    Judgement's undealt cards left out), so the first few are the deals the coach
    imagined, to show a learner. The arguments are checked at the call, before the
    first layout is asked for.
    """
    check_count(samples, "samples", 1, message="samples must be a whole number ≥ 1, got {value!r}")
    check_seed(seed)
    view = _as_view(position)
    sampler = _sampler(view, calls_model, tolerance)
    return _layouts(sampler, _rng(seed), samples)


def _layouts(
    sampler: HiddenHands | CallFittingHands, rng: random.Random, samples: int
) -> Iterator[list[int]]:
    for _sample in range(samples):
        yield sampler.sample(rng)


def analyse(
    position: TrickDeal | TrickMatch | View,
    samples: int = 200,
    seed: Seed = 0,
    exact_from: int = 3,
    calls_model: str | None = None,
    tolerance: int = 0,
    playout: str = PLAYOUT,
) -> Analysis:
    """Expected points of every legal card for the player to act, from what they can see.

    ``position`` is a game in play (a deal or round of a game the coach knows:
    ``callbreak.Deal``, ``callbridge.Deal``, ``judgement.Round`` …) or a :class:`View`.
    ``samples`` layouts of the hidden hands are drawn (seeded by ``seed``); each is played
    out after every legal card, by the ``playout`` policy (:data:`PLAYOUT`, the strong one,
    unless ``"classic"`` is named) and, from ``exact_from`` cards a hand (even in the middle
    of a trick), the exact solver's line.

    ``calls_model``: ``None`` (the default) draws every layout consistent with
    the cards seen alike; ``"sensible"`` keeps only those in which the other
    players' calls are, within ``tolerance``, what the sensible rule of thumb
    calls for the hands they were dealt (:class:`CallFittingHands`, which says
    how it falls back when none fit; the count is ``Analysis.fell_back``).
    """
    work = _CardWork(position, samples, seed, exact_from, calls_model, tolerance, playout)
    work.run(samples)
    return work.result()


class _CardWork:
    """:func:`analyse`'s work, done a few samples at a time (:class:`PendingAnalysis`).

    The samples are drawn from one seeded generator in order, and each is played out for
    every card tried before the next is drawn: the first ``n`` samples of a run are those of
    a run of ``n``, however the run was cut into steps, so the result is :func:`analyse`'s."""

    def __init__(
        self,
        position: TrickDeal | TrickMatch | View,
        samples: int,
        seed: Seed,
        exact_from: int,
        calls_model: str | None,
        tolerance: int,
        playout: str,
    ):
        _check_entry(samples, seed, exact_from)
        check_playout(playout)
        view = _as_view(position)
        if any(c is None for c in view.calls) or not view.face_up:
            raise CardlibError(
                _("cards are analysed once every call is in: use analyse_calls"), "phase"
            )
        seat = view.to_act
        if seat != view.seat:
            raise CardlibError(
                _("it is seat {seat}'s turn, not seat {other}'s").format(
                    seat=seat, other=view.seat
                ),
                "out-of-turn",
            )
        self.view, self.seat, self.samples, self.seed = view, seat, samples, seed
        self.calls_model, self.tolerance = calls_model, tolerance
        self.trick = [int(c) for _, c in view.current]
        legal = legal_mask(view.hand_mask, self.trick, view.rules, view.first_trick)[0]
        self.reps = _representatives(view, legal)
        self.tried = sorted(set(self.reps.values()), reverse=True)
        self.playouts = _Playout(view, exact_from, playout)
        self.calls = [c for c in view.calls if c is not None]  # every call is in (checked above)
        # The inner loop adds whole numbers (points × scale, tenths in Call Break), not Fractions.
        self.own, self.scale = _scaled(view.points(seat, self.calls[seat]))
        self.values: dict[int, list[int]] = {c: [] for c in self.tried}
        # The suits shown void, with the card tried: a card off the led suit shows one more.
        self.voids = {c: list(self.playouts.voids) for c in self.tried}
        for card in self.tried:
            if self.trick and card // 13 != self.trick[0] // 13:
                self.voids[card][seat] |= 1 << (self.trick[0] // 13)
        self.sampler = _sampler(view, calls_model, tolerance)
        self.rng = _rng(seed)
        # The exact finishes wait until the samples asked for have been played by the policy:
        # run together, they run faster (the same values: each is a function of its ending
        # alone).
        self.waiting: list[tuple[list[int], int, list[int], list[int], int, list[int]]] = []
        self.done = 0

    def run(self, count: int) -> None:
        """Play the next ``count`` samples out by the policy (the exact finishes wait)."""
        view, seat, trick, tried = self.view, self.seat, self.trick, self.tried
        values, voids, waiting, own = self.values, self.voids, self.waiting, self.own
        playouts, sampler, rng, calls = self.playouts, self.sampler, self.rng, self.calls
        won0 = list(view.won)
        leader = view.leader
        for _sample in range(count):
            hands = sampler.sample(rng)
            for card in tried:
                h = list(hands)
                h[seat] ^= 1 << card
                t = [*trick, card]
                won = list(won0)
                lead = leader
                if len(t) == view.players:
                    trump = -1 if view.rules.trump is None else SUITS.index(view.rules.trump)
                    order = [
                        (leader + view.direction * i) % view.players for i in range(view.players)
                    ]
                    lead = order[winner_index(t, trump)]
                    won[lead] += 1
                    t = []
                lead, final = playouts.by_policy(
                    h, t, lead, won, calls, False, seat, own, voids[card]
                )
                if final is None:
                    waiting.append((values[card], len(values[card]), h, t, lead, won))
                    values[card].append(0)
                else:
                    values[card].append(own[final[seat]])
        self.done += count

    def settle(self, count: int | None = None) -> None:
        """Finish ``count`` of the waiting samples exactly (all of them by default)."""
        own, playouts, calls, seat = self.own, self.playouts, self.calls, self.seat
        waiting = self.waiting
        count = len(waiting) if count is None else min(count, len(waiting))
        for column, index, h, t, lead, won in waiting[:count]:
            column[index] = own[playouts.exactly(h, t, lead, won, calls)[seat]]
        del waiting[:count]

    def result(self, samples: int | None = None) -> Analysis:
        """The analysis of the first ``samples`` samples played (all of them by default)."""
        self.settle()
        seat = self.seat
        n = self.done if samples is None else samples
        values = self.values if n == self.done else {c: v[:n] for c, v in self.values.items()}
        analysis = _analysis(seat, self.reps, values, self.scale, n, self.seed)
        if self.calls_model is None:
            return analysis
        return replace(
            analysis,
            calls_model=self.calls_model,
            tolerance=self.tolerance,
            fell_back=self.sampler.fell_back,
        )


def _scaled(points: Sequence[Fraction]) -> tuple[list[int], int]:
    """Points as whole numbers over one common denominator: ``(numerators, scale)``."""
    scale = math.lcm(*(Fraction(p).denominator for p in points))
    return [int(p * scale) for p in points], scale


def _analysis(seat, reps, values, scale, samples, seed) -> Analysis:
    estimates = {c: Estimate.of_scaled(v, scale) for c, v in values.items()}
    best = max(estimates, key=lambda c: (estimates[c].mean, c))
    cards = []
    for card, rep in reps.items():
        diffs = [b - v for b, v in zip(values[best], values[rep], strict=True)]
        loss = Estimate.of_scaled(diffs, scale)
        cards.append(CardEstimate(DECK[card], estimates[rep], loss.mean, loss.stderr))
    cards.sort(key=lambda c: (-c.estimate.mean, -int(c.card)))
    return Analysis(seat, tuple(cards), samples, seed if isinstance(seed, int) else -1)


def _later_calls(view: View, hands: list[int], calls: list[int | None]) -> list[int]:
    """Fill in the calls not yet made, in calling order, as the sensible bots would make them."""
    filled = list(calls)
    for s in _calling_order(view):
        if filled[s] is None:
            filled[s] = model_call(view, s, hands[s], [b for b in filled if b is not None])
    return [c for c in filled if c is not None]  # every seat's call is filled in now


def legal_calls(view: View) -> tuple[int, ...]:
    """The calls the seat may make now, by the game's rules
    (:meth:`~cardlib.facts.Game.legal_calls`)."""
    earlier = tuple(b for b in view.calls if b is not None)
    game = game_named(view.game)
    return _call_rule(game, view.variant, view.dealt, earlier, view.seat == view.dealer)[0]


#: How far below the top estimate the coach's call may be, in points (see :class:`CoachBot`).
CALL_BOLDNESS = Fraction(1, 2)


def analyse_calls(
    position: TrickDeal | TrickMatch | View,
    samples: int = 200,
    seed: Seed = 0,
    exact_from: int = 0,
    boldness: Fraction | float = CALL_BOLDNESS,
    playout: str = PLAYOUT,
) -> CallAnalysis:
    """Expected points of every legal call for the seat to call, from its hand alone.

    Each sample deals the hidden hands at random, fills in the calls still to
    come as the sensible bots would make them, and plays the deal out (the
    ``playout`` policy for everyone, as in :func:`analyse`; the strong one plays
    for every trick in Call Break, where each beyond the call pays) once for
    every legal call: the same samples for every call. The
    result's ``best`` is the call :class:`CoachBot` makes with this ``boldness``
    (the highest call within that many points of the top estimate; 0: the top).
    """
    _check_entry(samples, seed, exact_from)
    check_playout(playout)
    boldness = check_boldness(boldness)  # refused before the position is looked at
    work = _CallWork(position, samples, seed, exact_from, playout)
    work.run(samples)
    return work.result(boldness=boldness)


class _CallWork:
    """:func:`analyse_calls`'s work, done a few samples at a time (:class:`PendingAnalysis`):
    as :class:`_CardWork`, the first ``n`` samples are those of a run of ``n``."""

    def __init__(
        self,
        position: TrickDeal | TrickMatch | View,
        samples: int,
        seed: Seed,
        exact_from: int,
        playout: str,
    ):
        _check_entry(samples, seed, exact_from)
        check_playout(playout)
        view = _as_view(position)
        if view.plays or view.calls[view.seat] is not None:
            raise CardlibError(_("calls are analysed before this seat has called"), "phase")
        self.view, self.samples, self.seed = view, samples, seed
        self.playouts = _Playout(view, exact_from, playout)
        self.seat = view.seat
        self.options = legal_calls(view)
        self.values: dict[int, list[int]] = {c: [] for c in self.options}
        seat = self.seat
        self.scale = math.lcm(
            *(Fraction(p).denominator for c in self.options for p in view.points(seat, c))
        )
        self.tables = {c: [int(p * self.scale) for p in view.points(seat, c)] for c in self.options}
        self.sampler = _sampler(view, None, 0)
        self.rng = _rng(seed)
        self.done = 0

    def run(self, count: int) -> None:
        """Play the next ``count`` samples out, once for every legal call."""
        view, seat, playouts, values, tables = (
            self.view,
            self.seat,
            self.playouts,
            self.values,
            self.tables,
        )
        leader = (view.dealer + view.direction) % view.players
        first = view.dealt == 13
        for hands in _layouts(self.sampler, self.rng, count):
            for call in self.options:
                asked = list(view.calls)
                asked[seat] = call
                calls = _later_calls(view, hands, asked)
                final = playouts.final_tricks(
                    list(hands), [], leader, [0] * view.players, calls, first
                )
                values[call].append(tables[call][final[seat]])
        self.done += count

    def result(
        self, samples: int | None = None, boldness: Fraction | float = CALL_BOLDNESS
    ) -> CallAnalysis:
        """The analysis of the first ``samples`` samples played (all of them by default)."""
        n = self.done if samples is None else samples
        values = self.values if n == self.done else {c: v[:n] for c, v in self.values.items()}
        estimates = _call_estimates(values, self.scale)
        seed = self.seed if isinstance(self.seed, int) else -1
        return CallAnalysis(self.seat, estimates, n, seed, check_boldness(boldness))


def _call_estimates(values: dict[int, list[int]], scale: int) -> tuple[CallEstimate, ...]:
    """Each call's estimate and its loss against the best call over the same samples."""
    estimates = {c: Estimate.of_scaled(v, scale) for c, v in values.items()}
    best = max(estimates, key=lambda c: (estimates[c].mean, -c))
    out = []
    for call, estimate in estimates.items():
        diffs = [b - v for b, v in zip(values[best], values[call], strict=True)]
        loss = Estimate.of_scaled(diffs, scale)
        out.append(CallEstimate(call, estimate, loss.mean, 0.0 if call == best else loss.stderr))
    return tuple(out)


# ----- an analysis done ahead, a few samples at a time ----------------------------------------


class PendingAnalysis:
    """An :func:`analyse` (``calls=False``) or :func:`analyse_calls` (``calls=True``) of
    ``position`` that is done a few samples at a time, when there is time for it.

    :meth:`step` plays the next samples out; :meth:`result` is the analysis of the samples
    played so far, or of the first ``n`` of them. The samples are those of one run with
    ``samples`` and ``seed``, in order, however the run is cut into steps: the result of the
    whole run is exactly :func:`analyse`'s (or :func:`analyse_calls`'s) with the same arguments,
    and that of its first ``n`` samples is the analysis with ``samples=n``.

    >>> from cardlib import callbreak
    >>> deal = callbreak.Deal(seed=2)
    >>> ahead = PendingAnalysis(deal, samples=12, seed=5, calls=True)
    >>> ahead.step(5), ahead.step(5), ahead.step(5), ahead.finished
    (True, True, False, True)
    >>> ahead.result(boldness=0) == analyse_calls(deal, 12, seed=5, boldness=0)
    True
    >>> ahead.result(5, boldness=0) == analyse_calls(deal, 5, seed=5, boldness=0)
    True
    """

    def __init__(
        self,
        position: TrickDeal | TrickMatch | View,
        samples: int,
        seed: int,
        exact_from: int | None = None,
        calls: bool = False,
    ):
        if exact_from is None:  # each analysis's own default
            exact_from = 0 if calls else 3
        self.calls = bool(calls)
        self._work: _CardWork | _CallWork = (
            _CallWork(position, samples, seed, exact_from, PLAYOUT)
            if calls
            else _CardWork(position, samples, seed, exact_from, None, 0, PLAYOUT)
        )
        #: the position as the player to act sees it
        self.view: View = self._work.view
        self.samples = samples
        self.seed = seed
        self.exact_from = exact_from

    @property
    def done(self) -> int:
        """How many samples have been played out so far."""
        return self._work.done

    @property
    def finished(self) -> bool:
        """Whether every sample has been played out (the exact finishes too)."""
        work = self._work
        return work.done >= self.samples and not (isinstance(work, _CardWork) and work.waiting)

    @property
    def choices(self) -> int:
        """How many choices each sample is played out for (the work of one sample): the
        cards tried (one of each run of equal cards), or the legal calls."""
        work = self._work
        return len(work.options) if isinstance(work, _CallWork) else len(work.tried)

    def step(self, samples: int = 1) -> bool:
        """Play out up to ``samples`` more samples (at most those left) by the policy, or once
        every sample has been, finish about as many playouts' worth of them by the exact
        solver (from ``exact_from`` cards a hand: they wait to run together, which is
        faster); whether any work is left after it."""
        count = check_count(samples, "samples", 1)
        work = self._work
        if work.done < self.samples:
            work.run(min(count, self.samples - work.done))
        elif isinstance(work, _CardWork):
            work.settle(count * len(work.tried))
        return not self.finished

    def result(
        self, samples: int | None = None, boldness: Fraction | float = CALL_BOLDNESS
    ) -> Analysis | CallAnalysis:
        """The analysis of the first ``samples`` samples (default: all played so far; at
        least one must be); ``boldness`` is a call analysis's (see :func:`analyse_calls`)."""
        done = self._work.done
        n = done if samples is None else samples
        if not is_count(n) or not 1 <= n <= done:
            raise CardlibError(
                _(
                    "samples is a whole number from 1 to {done} (the samples played so far), "
                    "got {value!r}"
                ).format(done=done, value=samples),
                "samples",
            )
        if isinstance(self._work, _CallWork):
            return self._work.result(n, boldness=boldness)
        return self._work.result(n)

    def finish(self) -> Analysis | CallAnalysis:
        """Play out every sample left; the whole analysis (a call analysis at boldness 0, the
        review's)."""
        work = self._work
        if work.done < self.samples:
            work.run(self.samples - work.done)
        return self.result(boldness=0)  # the exact finishes waiting too

    def __repr__(self) -> str:
        kind = "calls" if self.calls else "cards"
        return f"PendingAnalysis({kind}, {self.done}/{self.samples} samples, seed={self.seed})"


class AnalysesAhead:
    """Analyses kept by what they analyse: the position as the player sees it (a
    :class:`View`), the number of samples, the seed, ``exact_from`` and whether it is the
    calls'. Asked for the same again, the same :class:`PendingAnalysis` is given back, with
    the samples already played; anything else (another position, another seed) is another
    analysis: one made for an old position is never given for a new one. The review after a
    deal (:func:`cardlib.coach.review.review`) takes one, to read what was done ahead.
    """

    def __init__(self) -> None:
        self._kept: dict[tuple, PendingAnalysis] = {}

    def pending(
        self,
        position: TrickDeal | TrickMatch | View,
        samples: int,
        seed: int,
        exact_from: int | None = None,
        calls: bool = False,
    ) -> PendingAnalysis:
        """The analysis of ``position`` with these arguments, as far as it has got (a new one,
        not started, the first time)."""
        view = _as_view(position)
        if exact_from is None:
            exact_from = 0 if calls else 3
        key = (bool(calls), view, samples, seed, exact_from)
        kept = self._kept.get(key)
        if kept is None:
            kept = self._kept[key] = PendingAnalysis(view, samples, seed, exact_from, calls)
        return kept

    def __len__(self) -> int:
        return len(self._kept)

    def clear(self) -> None:
        """Forget every analysis (a new deal: none of them will be asked for again)."""
        self._kept.clear()


class PlayoutBot:
    """Plays the coach's playout policy itself (:func:`policy_playout`), to measure it.

    Calls like :class:`~cardlib.bots.SensibleBot`. Each card is the one the playouts
    would play in its place: the policy reads only the bot's own hand, the trick, the
    tricks won, the calls, the suits each seat has shown void in and which cards are
    still out (the other hands together, never one alone), which every player can
    count; so the unseen cards are handed to the other seats in any order (here: in
    card order) without changing the choice. ``playout``: as in :func:`analyse`.
    """

    def __init__(self, playout: str = PLAYOUT):
        self.playout = check_playout(playout)

    def choose_call(self, deal: TrickDeal | TrickMatch) -> int:
        """The call (or Judgement's bid) the playouts give this seat: the sensible rule's."""
        view = view_of(deal)
        earlier = [c for c in view.calls if c is not None]
        return model_call(view, view.seat, view.hand_mask, earlier)

    def choose_play(self, deal: TrickDeal | TrickMatch) -> Card:
        """The card the playout policy plays here, from what this seat can see."""
        view = view_of(deal)
        unseen = [int(c) for c in from_mask(view.unseen)]
        hands = [0] * view.players
        for seat in range(view.players):
            if seat == view.seat:
                hands[seat] = view.hand_mask
                continue
            for card in unseen[: view.hand_size(seat)]:
                hands[seat] |= 1 << card
            unseen = unseen[view.hand_size(seat) :]
        record: list = []
        trick = [int(c) for _, c in view.current]
        calls = [c for c in view.calls if c is not None]  # in play: every call is in
        policy_playout(
            hands,
            trick,
            view.leader,
            list(view.won),
            calls,
            view.rules,
            view.direction,
            view.first_trick,
            0,
            record,
            policy=self.playout,
            wants=playout_wants(view, calls),
            voids=shown_voids(view.players, [(s, int(c)) for s, c in view.plays]),
        )
        return DECK[record[0][4]]

    def __repr__(self) -> str:
        return f"PlayoutBot(playout={self.playout!r})"


class CoachBot:
    """Calls and plays what the coach's analysis rates best (this module).

    Before calling it estimates the expected score of every legal call for its
    hand (``call_samples`` random layouts of the other hands, each played out
    once per call); in play it estimates every legal card's expected score from
    what it can see (``play_samples`` layouts consistent with the play so far,
    finished exactly by the solver from ``exact_from`` cards a hand). A forced
    card is played at once. Seeded: the same seed, deal and turn give the same
    choice. Works for every game the coach knows (:func:`cardlib.games.coached`), with the one
    interface of :mod:`cardlib.bots` (``choose_call``, ``choose_play``).

    ``playout``: the playouts' policy, :data:`PLAYOUT` (the strong one) unless ``"classic"`` is
    named (the coach before issue 25). One run of ``benchmarks/bench_coach.py`` with the
    defaults, on seeds no tuning saw (a shared 2-core machine, CPU time): against three
    SensibleBots over 200 rotated deals (seeds 700000–700199) it scored +0.76 ± 0.08 points a
    deal more than a SensibleBot in its seat, top in 33.1% ± 1.1 of the deals, and made 92.4% ±
    0.9 of its calls (the sensible bots 83.4%); the classic coach on the same deals, measured
    before it: +0.79 ± 0.09, 34.5% ± 1.2, 90.2% ± 1.0, a tie. On 600 more fresh deals (seeds
    920000–920599, ``benchmarks/tune_playout.py --coach``) it scored +0.58 ± 0.05, top in 32.3%
    ± 0.6, calls made 91.2% ± 0.6 (re-measured when the sensible bots came to throw by rank,
    issue 37; +0.59 ± 0.05, 32.5% ± 0.7, 91.3% ± 0.6 before). Against the classic coach itself
    (100 deals, seeds 730000–730099) it led by +0.24 ± 0.11 a deal alone against three, and two
    against two it was a tie (−0.02 ± 0.14). Against OpenSpiel's ISMCTS given 1×, 4× and 10× its
    CPU time per card (40 deals each, seeds 710000–710039), alone it led the three at its table
    by +0.41 ± 0.19, +0.68 ± 0.15 and +0.64 ± 0.19 a deal; two against two (seeds 720000–720039)
    by +0.73 ± 0.22 and +0.83 ± 0.24, and at 10× it was a tie (+0.45 ± 0.23). Against the
    sensible bots the strong playouts do not beat the classic ones, which imitate those bots: on
    200 rotated tuning deals (seeds 350000–350199) the classic coach scored +0.13 ± 0.07 a deal
    more, and the strong one without ``GREEDY`` +0.07 ± 0.07, both ties. Nor do more samples for
    the calls: ``call_samples=400`` against the default 100, on 600 rotated tuning deals (seeds
    940000–940599), +0.025 ± 0.013 a deal, a tie. A 13-card analysis of 500 samples took a
    median 0.28 s of CPU (1.44× its floor; classic: 0.24 s).

    ``call_boldness``: the playouts play the bot's own cards by the playout policy,
    not as well as the bot will, so they underrate what it will really make; it calls
    the highest call whose expected score is within this many points of the best (0:
    the best estimate). With the strong playouts, against three SensibleBots on 200
    rotated tuning deals each: 1 and 1.5 cost 0.09 ± 0.04 and 0.23 ± 0.06 points a deal
    against 0.5 (more deals top, fewer calls made: 86.8% and 81.6%; seeds
    330000–330199); 0.25 and 0 were ties with it (+0.03 ± 0.03 and +0.00 ± 0.04), and so
    was ``play_samples=100`` (−0.02 ± 0.04; seeds 340000–340199). So 0.5 stays, as
    chosen for the earlier coach (on 30 rotated deals, seeds 5000–5029, 0.4 and 0.8
    added 0.15–0.18 points a deal against 0; 0.8 made 89% of its calls, 0.5 above 90%).

    ``calls_model`` and ``tolerance``: passed to :func:`analyse` in play, so
    the layouts it imagines fit the other players' calls (``None``: they do
    not; see :class:`CallFittingHands`). Off by default because it did not pay
    against the benchmark's sensible bots, whose calls it models exactly (measured
    with the earlier coach): on the 30 tuning deals (seeds 5000–5029) the margin over
    SensibleBot was +1.02 ± 0.27 with ``"sensible"`` against +1.04 ± 0.24 without; on
    100 fresh deals (seeds 8001–8100) +0.93 ± 0.14 against +1.00 ± 0.14, top 36.5%
    against 38.8%, calls made 93.0% against 94.0% (``tolerance=1``: +1.10 ± 0.25 and
    +0.96 ± 0.14, top 37.2%, made 93.0%). And it costs time: a 13-card analysis of
    500 samples with the strong playouts took a median 0.69 s of CPU against 0.28 s
    (up to 0.95 s; see ``benchmarks/bench_coach.py --calls-model sensible``). With the
    strong playouts it is still a tie: on 600 fresh rotated deals (seeds 920000–920599)
    ``"sensible"`` scored +0.02 ± 0.03 points a deal more than the default, paired.
    """

    def __init__(
        self,
        seed: Seed = 0,
        call_samples: int = 100,
        play_samples: int = 50,
        exact_from: int = 2,
        call_boldness: Fraction | float = CALL_BOLDNESS,
        calls_model: str | None = None,
        tolerance: int = 0,
        playout: str = PLAYOUT,
    ):
        # Every argument is checked here, so a bad one fails at once, not at the bot's
        # first turn in the middle of a match.
        self.playout = check_playout(playout)
        check_count(call_samples, "call_samples", 1)
        check_count(play_samples, "play_samples", 1)
        check_count(exact_from, "exact_from", 0)
        check_count(tolerance, "tolerance", 0)
        check_boldness(call_boldness, "call_boldness")
        if calls_model is not None and calls_model not in CALL_MODELS:
            raise CardlibError(
                _("calls_model must be one of {choices} or None, got {value!r}").format(
                    choices=CALL_MODELS, value=calls_model
                ),
                "calls-model",
            )
        self.rng = seeded_rng(seed)  # as a deal takes a seed: -7 is not 7, True is refused
        self.calls_model = calls_model
        self.tolerance = tolerance
        self.call_samples = call_samples
        self.play_samples = play_samples
        self.exact_from = exact_from
        self.call_boldness = call_boldness

    def choose_call(self, deal: TrickDeal | TrickMatch) -> int:
        """The call the coach's analysis rates best (bolder by ``call_boldness``)."""
        seed = self.rng.getrandbits(32)
        # The call the coach shows as best: the same analysis, the same boldness.
        boldness = self.call_boldness
        return analyse_calls(
            deal, self.call_samples, seed, self.exact_from, boldness, self.playout
        ).best

    def choose_play(self, deal: TrickDeal | TrickMatch) -> Card:
        """The card the coach's analysis rates best (a forced card at once)."""
        legal = deal.legal_plays()
        seed = self.rng.getrandbits(32)  # drawn even for a forced card: choices stay in step
        if len(legal) == 1:
            return next(iter(legal))
        return analyse(
            deal,
            self.play_samples,
            seed,
            self.exact_from,
            self.calls_model,
            self.tolerance,
            self.playout,
        ).best

    def __repr__(self) -> str:
        return (
            f"CoachBot(call_samples={self.call_samples}, play_samples={self.play_samples}, "
            f"exact_from={self.exact_from}, call_boldness={self.call_boldness}, "
            f"calls_model={self.calls_model!r}, tolerance={self.tolerance}, "
            f"playout={self.playout!r})"
        )


def opponent(game: type[Game], level: str, seed: Seed = None, samples: int = 30) -> object:
    """An opponent of ``level`` in ``game``: the coach itself (a :class:`CoachBot` thinking over
    ``samples`` imagined deals a decision) for ``"strong"`` in a game it knows, else the game's
    own bot (:meth:`cardlib.facts.Game.bot`)."""
    if level == "strong" and game.coached:
        return CoachBot(seed=seed, call_samples=samples, play_samples=samples)
    return game.bot(level, seed)


__all__ = [
    "CALL_BOLDNESS",
    "CALL_MODELS",
    "CLEAR_SE",
    "PLAYOUT",
    "PLAYOUTS",
    "AnalysesAhead",
    "Analysis",
    "CallAnalysis",
    "CallEstimate",
    "CallFittingHands",
    "CardEstimate",
    "CoachBot",
    "Estimate",
    "HiddenHands",
    "PendingAnalysis",
    "PlayoutBot",
    "View",
    "analyse",
    "analyse_calls",
    "check_playout",
    "distinct_cards",
    "forbidden_cards",
    "imagined_deals",
    "legal_calls",
    "model_call",
    "opponent",
    "policy_playout",
    "too_close",
    "trick_bounds",
    "view_of",
]
