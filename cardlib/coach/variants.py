"""Bot variants for strategy experiments: the sensible bot with one habit changed.

A strong player's advice ("cash your side aces early", "do not lead away from a king") is a
claim about play, and the cheap way to test it is to play: the same deal twice, once by four
sensible bots and once with one seat playing the variant, everything else the same, and the
difference in that seat's points, deal by deal (a *paired* difference), with its standard
error. :func:`compare` does that; lesson 09 measures its advice with it. What it measures is
the habit against the sensible bots, played by a seat that otherwise plays like them: it says
nothing about stronger opponents. Judgement's and Call Bridge's advice (lessons 11 and 21)
is measured by the variants of :mod:`cardlib.strategy`.

Each variant is a :class:`~cardlib.bots.SensibleBot`, so it plays a real
:class:`~cardlib.callbreak.Deal` through :func:`~cardlib.bots.play_out`, and it plays the fast
mask playouts of :mod:`cardlib.coach.fast` through :func:`play_deal` with the same decisions:
both paths hand it the same :class:`PlayView`, what its seat may know at its turn (its hand,
the calls, every card played and by whom, the suits each seat is known to hold none of).
Tests check that the two paths agree card for card and that no variant plays an illegal card.

The variants (each changes one behaviour of the sensible bot, the rest is the bot's):

==========================  ===============================================================
:class:`HoldsAcesBack`      never cashes a side ace on lead (the habit "cash aces early"
                            argues against)
:class:`SparesKings`        does not lead a low card from a side suit headed by a king
                            whose ace is still out
:class:`DrivesOutAces`      with the K-Q of a side suit whose ace is out, leads the king:
                            under must-beat the ace must cover it
:class:`ForcesTrumps`       leads a suit an opponent has shown out of while that opponent may
                            still hold spades: under must-trump it must spend one
:class:`CountsRanks`        leads any side card that is the highest left of its suit, not
                            only aces (it counts the cards by rank)
:class:`CountsVoids`        as :class:`CountsRanks`, but never leads a winner (an ace
                            included) into a suit an opponent can trump (it notes voids and
                            counts spades)
:class:`PlaysToBreak`       after making its call, keeps playing to win tricks while an
                            opponent is short of theirs (it reads the others' calls)
:class:`DrawsTrumps`        with five spades or more, leads spades while the others hold any,
                            in one of three ways (:data:`DRAW_WAYS`)
:class:`LeadsShortSpade`    with one or two spades, leads one at its first lead
==========================  ===============================================================
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Literal, NamedTuple

from cardlib.bots import SensibleBot, sensible_call_mask, sensible_play_mask
from cardlib.cards import DECK, SUITS, Card
from cardlib.coach.fast import Chooser, play_tricks, sensible_chooser
from cardlib.errors import CardlibError
from cardlib.game import CountedCallDeal, PointsT, deal_hands, phase_name
from cardlib.i18n import _
from cardlib.tricks import PlayRules

#: Call Break's play rules (spades trump, must beat, must trump), the experiments' default.
CALL_BREAK = PlayRules("S", must_beat=True, void_rule="trump")
#: Differences within this many standard errors of zero are ties.
CLEAR_SE = 2

_SUIT = tuple(0x1FFF << (13 * suit) for suit in range(4))
_ACE, _KING, _QUEEN = 12, 11, 10  # rank offsets within a suit (rank - 2)
_ACES = sum(1 << (13 * suit + _ACE) for suit in range(4))


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _highest(mask: int) -> int:
    return mask.bit_length() - 1


class PlayView(NamedTuple):
    """What a seat may know when it is to play a card, as masks and card indices.

    ``trick`` holds the cards played to the current trick (indices, in order), ``legal`` the
    cards the seat may play, ``won`` and ``calls`` every seat's tricks and call,
    ``played_by`` every card each seat has played so far (this trick's included), and
    ``voids`` for each seat the suits it is known to hold none of, as bits by suit index:
    a seat that did not follow suit has none of the led suit, and under must-trump one that
    then played no spade has no spades either.
    """

    seat: int
    hand: int
    trick: tuple[int, ...]
    legal: int
    won: tuple[int, ...]
    calls: tuple[int, ...]
    played_by: tuple[int, ...]
    voids: tuple[int, ...]
    trump_index: int

    @property
    def wants(self) -> bool:
        """Whether the seat is still short of its call (the sensible bot then plays to win)."""
        return self.won[self.seat] < self.calls[self.seat]

    @property
    def played(self) -> int:
        """Every card played so far, as a mask."""
        return self.played_by[0] | self.played_by[1] | self.played_by[2] | self.played_by[3]

    @property
    def trumps(self) -> int:
        """The mask of the trump suit (0 without trumps)."""
        return 0 if self.trump_index < 0 else _SUIT[self.trump_index]

    @property
    def dealt(self) -> int:
        """The seat's hand as it was dealt: what it holds and what it has played."""
        return self.hand | self.played_by[self.seat]

    def is_top(self, card: int) -> bool:
        """Whether ``card`` is the highest card of its suit not yet played."""
        suit = _SUIT[card // 13]
        return _highest(suit & ~self.played) == card

    def trumps_out(self) -> int:
        """How many trumps the other seats still hold (13 less the seat's and those played)."""
        return (self.trumps & ~self.played & ~self.hand).bit_count()

    def can_trump(self, other: int, suit: int) -> bool:
        """Whether seat ``other`` may trump a lead of ``suit``: it has shown out of the suit,
        is not known to be out of trumps, and the other seats still hold a trump."""
        if self.trump_index < 0 or suit == self.trump_index:
            return False
        voids = self.voids[other]
        return (
            bool(voids >> suit & 1) and not voids >> self.trump_index & 1 and self.trumps_out() > 0
        )

    def others_can_trump(self, suit: int) -> bool:
        """Whether any other seat may trump a lead of ``suit`` (see :meth:`can_trump`)."""
        return any(self.can_trump(other, suit) for other in range(4) if other != self.seat)


def note_card(
    voids: list[int], seat: int, card: int, trick: Sequence[int], rules: PlayRules
) -> None:
    """Add to ``voids`` what ``seat`` playing ``card`` to ``trick`` (the cards before it) shows.

    Not following suit shows a void in the led suit. Then playing no trump shows no trumps
    under must-trump (``void_rule="trump"``), and under ``"overtrump"`` when no trump was in
    the trick yet (it must trump then if it can); under ``"free"`` it shows nothing more.
    """
    if not trick:
        return
    led = trick[0] // 13
    suit = card // 13
    if suit == led:
        return
    voids[seat] |= 1 << led
    if rules.trump is None:
        return
    trump_index = SUITS.index(rules.trump)
    if suit == trump_index:
        return
    trump_in_trick = any(c // 13 == trump_index for c in trick)
    if rules.void_rule == "trump" or (rules.void_rule == "overtrump" and not trump_in_trick):
        voids[seat] |= 1 << trump_index


class VariantBot(SensibleBot):
    """The sensible bot, deciding through a :class:`PlayView`: the base of every variant.

    A variant overrides :meth:`lead` (the card to lead, or ``None`` for the bot's) or
    :meth:`wants` (whether to play for the trick); plain ``VariantBot()`` plays exactly like
    :class:`~cardlib.bots.SensibleBot`. Calls are the sensible bot's.
    """

    def play_mask(self, view: PlayView) -> int:
        """The index of the card to play: the variant's lead if it has one, else the bot's."""
        if not view.trick:
            card = self.lead(view)
            if card is not None:
                return card
        return sensible_play_mask(
            view.hand, view.trick, view.legal, view.trump_index, self.wants(view)
        )

    def lead(self, view: PlayView) -> int | None:
        """The card to lead, or ``None`` to lead as the sensible bot does."""
        return None

    def wants(self, view: PlayView) -> bool:
        """Whether to play for the trick: while short of the call, as the sensible bot."""
        return view.wants

    def choose_play(self, deal: CountedCallDeal[PointsT]) -> Card:
        """The card :meth:`play_mask` picks, from what the seat to act may know of ``deal``."""
        return DECK[self.play_mask(view_of(deal))]

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def sensible_lead(view: PlayView) -> int:
    """The card the sensible bot leads from ``view``: a side ace while short of its call, else
    its low lead, the lowest card of its first side suit in the order ♥ ♦ ♣, else its lowest
    spade (:func:`cardlib.bots.sensible_play_mask`)."""
    return sensible_play_mask(view.hand, (), view.legal, view.trump_index, view.wants)


class HoldsAcesBack(VariantBot):
    """Never cashes a side ace on lead: makes the bot's low lead from its other side cards
    instead (the lowest card of the first such suit in the order ♥ ♦ ♣).

    The habit the advice "cash side aces early" argues against: the ace is kept for later,
    and may be trumped once another player is void in its suit.
    """

    def lead(self, view: PlayView) -> int | None:
        """The bot's low lead among the side cards that are not aces, when it would lead an
        ace."""
        card = sensible_lead(view)
        if not _ACES >> card & 1 or card // 13 == view.trump_index:
            return None
        others = view.legal & ~view.trumps & ~_ACES
        return _lowest(others) if others else None


def _exposed_king_suits(view: PlayView) -> int:
    """Side suits (as a card mask) in which the seat holds the king but not the ace, and the
    ace is still out."""
    exposed = 0
    played = view.played
    for suit in range(4):
        if suit == view.trump_index:
            continue
        king, ace = 13 * suit + _KING, 13 * suit + _ACE
        if view.hand >> king & 1 and not (view.hand | played) >> ace & 1:
            exposed |= _SUIT[suit]
    return exposed


class SparesKings(VariantBot):
    """Does not lead away from a king: a low side lead comes from a suit without a king whose
    ace is still out, when the hand has such a suit."""

    def lead(self, view: PlayView) -> int | None:
        """The bot's low lead among the suits with no exposed king, instead of one that has
        it."""
        card = sensible_lead(view)
        exposed = _exposed_king_suits(view)
        if card // 13 == view.trump_index or not exposed >> card & 1 or card % 13 == _KING:
            return None
        safer = view.legal & ~view.trumps & ~exposed
        return _lowest(safer) if safer else None


class DrivesOutAces(VariantBot):
    """Uses must-beat: while short of its call, with no side ace to cash and the K-Q of a side
    suit whose ace is out, leads the king. Whoever holds the ace must cover it (it is their
    only card that beats the king), and the queen is then the top card of the suit."""

    def lead(self, view: PlayView) -> int | None:
        """The king of a side suit headed by K-Q with the ace out, if the bot would lead low."""
        card = sensible_lead(view)
        if not view.wants or _ACES >> card & 1:
            return None
        exposed = _exposed_king_suits(view) & view.legal
        for suit in range(4):
            queen = 13 * suit + _QUEEN
            if exposed >> queen & 1:
                return 13 * suit + _KING
        return None


class ForcesTrumps(VariantBot):
    """Uses must-trump: instead of a low lead, leads its lowest card of a side suit that an
    opponent has shown out of while it may still hold spades, so that it must spend one."""

    def lead(self, view: PlayView) -> int | None:
        """The lowest card of a suit an opponent may trump, if the bot would lead low."""
        card = sensible_lead(view)
        if _ACES >> card & 1 and view.wants:
            return None
        for suit in range(4):
            mine = view.legal & _SUIT[suit]
            if mine and view.others_can_trump(suit):
                return _lowest(mine)
        return None


class CountsRanks(VariantBot):
    """Counts the cards by rank: while short of its call, leads a side card that is the highest
    left of its suit (a king once the ace has gone, …), not only an ace."""

    def winners(self, view: PlayView) -> int:
        """The side cards it holds that are the highest left of their suits."""
        side = view.legal & ~view.trumps
        found = 0
        for suit in range(4):
            mine = side & _SUIT[suit]
            if mine and view.is_top(_highest(mine)):
                found |= 1 << _highest(mine)
        return found

    def lead(self, view: PlayView) -> int | None:
        """A side ace as the bot would, else a side card that is the top one left (of the first
        such suit in the order ♥ ♦ ♣)."""
        if not view.wants:
            return None
        card = sensible_lead(view)
        if _ACES >> card & 1:
            return None
        winners = self.winners(view)
        return _lowest(winners) if winners else None


class CountsVoids(CountsRanks):
    """Counts ranks and notes voids: as :class:`CountsRanks`, but leads no winner (an ace
    included) into a suit another seat may trump; it then makes the bot's low lead among the
    suits nobody can trump, if it has one, else leads as the bot."""

    def winners(self, view: PlayView) -> int:
        """The top cards left of their suits, in suits no other seat may trump."""
        found = super().winners(view)
        for suit in range(4):
            if found & _SUIT[suit] and view.others_can_trump(suit):
                found &= ~_SUIT[suit]
        return found

    def lead(self, view: PlayView) -> int | None:
        """A safe winner; else a low card of a suit nobody can trump; else the bot's lead."""
        if not view.wants:
            return None
        winners = self.winners(view)
        if winners:
            aces = winners & _ACES
            return _lowest(aces) if aces else _lowest(winners)
        safe = 0
        for suit in range(4):
            if suit != view.trump_index and not view.others_can_trump(suit):
                safe |= view.legal & _SUIT[suit]
        return _lowest(safe) if safe else None


class PlaysToBreak(VariantBot):
    """Reads the other players' calls: after making its own call it keeps playing to win
    tricks (instead of ducking) while an opponent is still short of their call."""

    def wants(self, view: PlayView) -> bool:
        """Short of its own call, or some other seat still short of theirs."""
        return any(view.won[s] < view.calls[s] for s in range(4))


#: How :class:`DrawsTrumps` leads its spades: ``"highest"`` its highest spade every time;
#: ``"top"`` the same, but only when it was dealt the A♠ and K♠; ``"boss"`` its highest
#: spade when that is the highest spade left, else its lowest.
DRAW_WAYS = ("highest", "top", "boss")
DrawWay = Literal["highest", "top", "boss"]


class DrawsTrumps(VariantBot):
    """With five or more spades dealt, leads a spade whenever on lead while the others still
    hold any (it counts them), in one of the :data:`DRAW_WAYS`."""

    def __init__(self, way: DrawWay = "boss") -> None:
        if way not in DRAW_WAYS:
            raise CardlibError(
                _("way must be one of {choices}, got {value!r}").format(
                    choices=", ".join(DRAW_WAYS), value=way
                )
            )
        self.way = way

    def lead(self, view: PlayView) -> int | None:
        """A spade as the way says, while the others hold spades; else the bot's lead."""
        trumps = view.trumps
        spades = view.legal & trumps
        dealt = view.dealt & trumps
        if not spades or dealt.bit_count() < 5 or not view.trumps_out():
            return None
        if self.way == "top":
            top_two = 3 << (13 * view.trump_index + _KING)
            return _highest(spades) if dealt & top_two == top_two else None
        if self.way == "boss" and not view.is_top(_highest(spades)):
            return _lowest(spades)
        return _highest(spades)

    def __repr__(self) -> str:
        return f"DrawsTrumps({self.way!r})"


class LeadsShortSpade(VariantBot):
    """With one or two spades dealt, leads its lowest spade if it leads the first trick."""

    def lead(self, view: PlayView) -> int | None:
        """The lowest spade at the first trick, from a short holding."""
        spades = view.legal & view.trumps
        if spades and view.hand == view.dealt and (view.dealt & view.trumps).bit_count() <= 2:
            return _lowest(spades)
        return None


def view_of(deal: CountedCallDeal[PointsT]) -> PlayView:
    """The :class:`PlayView` of the seat to play in ``deal``, from its tricks so far."""
    seat = deal.to_act
    if seat is None or deal.phase != "playing":
        raise CardlibError(
            _("nobody is to play a card: the deal is {phase}").format(phase=phase_name(deal.phase))
        )
    played_by = [0, 0, 0, 0]
    voids = [0, 0, 0, 0]
    rules = deal.rules
    tricks: list[tuple[tuple[int, ...], tuple[Card, ...]]] = [
        (trick.seats, trick.cards) for trick in deal.tricks
    ]
    tricks.append((deal.trick_seats, deal.trick))
    for seats, cards in tricks:
        for position, (who, card) in enumerate(zip(seats, cards, strict=True)):
            note_card(voids, who, int(card), [int(c) for c in cards[:position]], rules)
            played_by[who] |= 1 << int(card)
    calls = tuple(call or 0 for call in deal.calls)
    trump_index = -1 if rules.trump is None else SUITS.index(rules.trump)
    turn = deal.turn_masks()
    return PlayView(
        seat,
        turn.hand,
        tuple(int(c) for c in turn.trick),
        turn.legal,
        deal.tricks_won,
        calls,
        tuple(played_by),
        tuple(voids),
        trump_index,
    )


def table_chooser(
    calls: Sequence[int],
    players: Sequence[VariantBot | None],
    rules: PlayRules = CALL_BREAK,
    record: list[tuple[int, int]] | None = None,
) -> Chooser:
    """A chooser for ``play_tricks``: seat ``s`` plays as ``players[s]`` (``None``: the sensible
    bot), each variant seeing its :class:`PlayView`. With ``record``, every card is appended
    as ``(seat, card index)``. A variant's illegal card raises a ``CardlibError`` (a
    ``ValueError``)."""
    trump_index = -1 if rules.trump is None else SUITS.index(rules.trump)
    # What a discard shows (note_card, inlined: every card of every playout passes here).
    no_trumps_shown = 0 if trump_index < 0 or rules.void_rule == "free" else 1 << trump_index
    any_trump_in_trick = rules.void_rule == "overtrump"
    played_by = [0, 0, 0, 0]
    voids = [0, 0, 0, 0]
    calls = tuple(calls)

    def choose(seat: int, hand: int, trick: Sequence[int], legal: int, won: Sequence[int]) -> int:
        player = players[seat]
        if player is None:
            card = sensible_play_mask(hand, trick, legal, trump_index, won[seat] < calls[seat])
        else:
            view = PlayView(
                seat,
                hand,
                tuple(trick),
                legal,
                tuple(won),
                calls,
                tuple(played_by),
                tuple(voids),
                trump_index,
            )
            card = player.play_mask(view)
            if not legal >> card & 1:
                allowed = " ".join(str(DECK[c]) for c in range(52) if legal >> c & 1)
                raise CardlibError(
                    _(
                        "{player} chose {card}, which it may not play here; it may play {legal}"
                    ).format(player=repr(player), card=DECK[card], legal=allowed)
                )
        if trick:
            led = trick[0] // 13
            suit = card // 13
            if suit != led:
                voids[seat] |= 1 << led
                if suit != trump_index and not (
                    any_trump_in_trick and any(c // 13 == trump_index for c in trick)
                ):
                    voids[seat] |= no_trumps_shown
        played_by[seat] |= 1 << card
        if record is not None:
            record.append((seat, card))
        return card

    return choose


def play_deal(
    hands: Sequence[int],
    dealer: int,
    calls: Sequence[int],
    players: Sequence[VariantBot | None] = (None, None, None, None),
    rules: PlayRules = CALL_BREAK,
    record: list[tuple[int, int]] | None = None,
) -> list[int]:
    """Play a whole deal from ``hands`` (masks, not changed) with these ``calls``; the tricks
    won by seat. Seat ``s`` plays as ``players[s]``, ``None`` for the sensible bot; the seat
    on the dealer's left leads. ``record`` collects ``(seat, card index)`` in play order."""
    leader = (dealer + 1) % 4
    if record is None and all(player is None for player in players):
        trump_index = -1 if rules.trump is None else SUITS.index(rules.trump)
        return play_tricks(list(hands), leader, rules, sensible_chooser(calls, trump_index))
    return play_tricks(list(hands), leader, rules, table_chooser(calls, players, rules, record))


def sensible_calls(hands: Sequence[int]) -> list[int]:
    """The sensible bot's call (1 to 13) for each hand (masks)."""
    return [sensible_call_mask(hand, "S", 1, 13) for hand in hands]


def seeded_deals(seed: int, count: int) -> list[tuple[list[int], int]]:
    """``count`` deals as ``(hands, dealer)``: the dealer drawn, then the cards, from ``seed``."""
    rng = random.Random(seed)
    deals = []
    for _deal in range(count):
        dealer = rng.randrange(4)
        deals.append((deal_hands(rng, dealer), dealer))
    return deals


def tenths(call: int, tricks: int) -> int:
    """A deal's Call Break points in tenths: ``10 × call + overtricks`` made, ``-10 × call``
    missed (``callbreak.score`` as an int, for sums over many deals)."""
    return 10 * call + tricks - call if tricks >= call else -10 * call


class MeanSE(NamedTuple):
    """A mean (exact) over ``n`` values and its standard error (sample SD / √n)."""

    mean: Fraction
    stderr: float
    n: int

    @classmethod
    def of(cls, values: Sequence[int | Fraction]) -> MeanSE:
        """The mean and standard error of at least two values."""
        if len(values) < 2:
            raise CardlibError(
                _("a standard error needs two values or more, got {count}").format(
                    count=len(values)
                )
            )
        exact = [Fraction(v) for v in values]
        mean = sum(exact, Fraction(0)) / len(exact)
        variance = sum((v - mean) ** 2 for v in exact) / (len(exact) - 1)
        return cls(mean, float(variance / len(exact)) ** 0.5, len(exact))

    @property
    def verdict(self) -> Literal["tie", "more", "less"]:
        """For a difference: ``"tie"`` within :data:`CLEAR_SE` standard errors of 0, else
        ``"more"`` or ``"less"``. (A difference of exactly 0 with no spread is a tie.)"""
        if abs(self.mean) <= CLEAR_SE * self.stderr:
            return "tie"
        return "more" if self.mean > 0 else "less"


class Comparison(NamedTuple):
    """A variant against a baseline on the same deals, deal by deal (variant less baseline):
    the seat's points (``point_diffs``), its margin over the others (its points less the
    mean of the other three's, ``margin_diffs``) and its tricks (``trick_diffs``); and
    ``changed``, the deals in which the seat played at least one card differently (``None``
    when not known: see :meth:`minus`)."""

    point_diffs: tuple[Fraction, ...]
    margin_diffs: tuple[Fraction, ...]
    trick_diffs: tuple[int, ...]
    changed: int | None

    @property
    def points(self) -> MeanSE:
        """The seat's points per deal gained (variant less baseline), paired."""
        return MeanSE.of(self.point_diffs)

    @property
    def margin(self) -> MeanSE:
        """The seat's margin over the other three per deal gained, paired."""
        return MeanSE.of(self.margin_diffs)

    @property
    def tricks(self) -> MeanSE:
        """The seat's tricks per deal gained, paired."""
        return MeanSE.of(self.trick_diffs)

    @property
    def deals(self) -> int:
        """How many deals were played."""
        return len(self.point_diffs)

    def flipped(self) -> Comparison:
        """The baseline against the variant: every difference the other way round."""
        return Comparison(
            tuple(-x for x in self.point_diffs),
            tuple(-x for x in self.margin_diffs),
            tuple(-x for x in self.trick_diffs),
            self.changed,
        )

    def minus(self, other: Comparison) -> Comparison:
        """This variant against ``other``, on the same deals (both against the same baseline);
        ``changed`` is ``None``: the two variants' cards are not kept, only their results."""
        if other.deals != self.deals:
            raise CardlibError(
                _("not the same deals: {deals} and {other}").format(
                    deals=self.deals, other=other.deals
                )
            )

        def less(a: Sequence, b: Sequence) -> tuple:
            return tuple(x - y for x, y in zip(a, b, strict=True))

        return Comparison(
            less(self.point_diffs, other.point_diffs),
            less(self.margin_diffs, other.margin_diffs),
            less(self.trick_diffs, other.trick_diffs),
            None,
        )


def _margin(points: Sequence[int], seat: int) -> Fraction:
    """A seat's points less the mean of the other three's, from points in tenths."""
    others = sum(points) - points[seat]
    return Fraction(3 * points[seat] - others, 30)


class PlayedDeal(NamedTuple):
    """A deal played out: the ``hands`` (masks), the ``dealer``, the ``calls`` and the
    tricks ``won``, by seat."""

    hands: tuple[int, ...]
    dealer: int
    calls: tuple[int, ...]
    won: tuple[int, ...]

    @property
    def points(self) -> tuple[int, ...]:
        """Each seat's points for the deal, in tenths (see :func:`tenths`)."""
        return tuple(tenths(c, w) for c, w in zip(self.calls, self.won, strict=True))


class PairedDeals:
    """Deals on which to measure variants in one ``seat``, paired against ``baseline`` there
    (``None``: the sensible bot), the other seats sensible and every seat calling as the
    sensible bot. The baseline's play of each deal is worked out once, when first needed,
    and shared by every :meth:`compare`."""

    def __init__(
        self,
        deals: Sequence[tuple[Sequence[int], int]],
        seat: int = 0,
        baseline: VariantBot | None = None,
        rules: PlayRules = CALL_BREAK,
    ) -> None:
        self.deals = [(tuple(hands), dealer) for hands, dealer in deals]
        self.seat, self.baseline, self.rules = seat, baseline, rules
        self._baseline: list[tuple[PlayedDeal, list[int]]] | None = None

    def _play(
        self, player: VariantBot | None, hands: tuple[int, ...], dealer: int, calls: list[int]
    ) -> tuple[PlayedDeal, list[int]]:
        players: list[VariantBot | None] = [None] * 4
        players[self.seat] = player
        record: list[tuple[int, int]] = []
        won = play_deal(hands, dealer, calls, players, self.rules, record)
        mine = [card for who, card in record if who == self.seat]
        return PlayedDeal(hands, dealer, tuple(calls), tuple(won)), mine

    def played(self) -> list[PlayedDeal]:
        """Every deal as the baseline played it."""
        return [deal for deal, _ in self._played_baseline()]

    def _played_baseline(self) -> list[tuple[PlayedDeal, list[int]]]:
        if self._baseline is None:
            self._baseline = [
                self._play(self.baseline, hands, dealer, sensible_calls(hands))
                for hands, dealer in self.deals
            ]
        return self._baseline

    def compare(self, variants: Mapping[str, VariantBot]) -> dict[str, Comparison]:
        """Each variant in the seat against the baseline, on every deal."""
        seat = self.seat
        found = {}
        for name, variant in variants.items():
            points, margins, tricks, changed = [], [], [], 0
            for base, base_cards in self._played_baseline():
                new, new_cards = self._play(variant, base.hands, base.dealer, list(base.calls))
                before, after = base.points, new.points
                points.append(Fraction(after[seat] - before[seat], 10))
                margins.append(_margin(after, seat) - _margin(before, seat))
                tricks.append(new.won[seat] - base.won[seat])
                changed += new_cards != base_cards
            found[name] = Comparison(tuple(points), tuple(margins), tuple(tricks), changed)
        return found


def compare(
    deals: Sequence[tuple[Sequence[int], int]],
    variants: Mapping[str, VariantBot],
    seat: int = 0,
    baseline: VariantBot | None = None,
    rules: PlayRules = CALL_BREAK,
) -> dict[str, Comparison]:
    """Each of ``variants`` in ``seat`` against ``baseline`` on the same ``deals``
    (``(hands, dealer)``, as :func:`seeded_deals` makes them): see :class:`PairedDeals`."""
    return PairedDeals(deals, seat, baseline, rules).compare(variants)


def standings_before_last(
    pool: Sequence[tuple[Sequence[int], int, Sequence[int], Sequence[int]]],
    deals_per_match: int = 5,
) -> list[tuple[tuple[int, ...], int]]:
    """Matches made of played deals: for each, the totals by seat (tenths) before its last
    deal, and the dealer of that last deal.

    ``pool`` holds played deals as ``(hands, dealer, calls, won)`` (a :class:`PlayedDeal`
    or a plain tuple). Each match takes the next ``deals_per_match - 1`` deals of the pool
    (no deal twice; a short remainder is left out), its seats turned so that the dealer
    moves one seat clockwise each deal from the first deal's dealer (the seats are alike, so
    turning a deal round changes nothing else).
    """
    before = deals_per_match - 1
    if before < 1:
        raise CardlibError(
            _("a match needs two deals or more here, got {count}").format(count=deals_per_match)
        )
    matches = []
    for start in range(0, len(pool) - before + 1, before):
        first = pool[start][1]
        totals = [0, 0, 0, 0]
        for k, (_hands, dealer, calls, won) in enumerate(pool[start : start + before]):
            turn = (first + k - dealer) % 4  # seat s of that deal sits at s + turn
            for seat in range(4):
                totals[(seat + turn) % 4] += tenths(calls[seat], won[seat])
        matches.append((tuple(totals), (first + before) % 4))
    return matches


def win_share(totals: Sequence[int | Fraction], seat: int) -> Fraction:
    """``seat``'s share of a match win: 1 alone on top, 1/k tied on top with k seats, else 0."""
    top = max(totals)
    leaders = [s for s, total in enumerate(totals) if total == top]
    return Fraction(1, len(leaders)) if seat in leaders else Fraction(0)


__all__ = [
    "CALL_BREAK",
    "CLEAR_SE",
    "DRAW_WAYS",
    "Comparison",
    "CountsRanks",
    "CountsVoids",
    "DrawsTrumps",
    "DrivesOutAces",
    "ForcesTrumps",
    "HoldsAcesBack",
    "LeadsShortSpade",
    "MeanSE",
    "PairedDeals",
    "PlayView",
    "PlayedDeal",
    "PlaysToBreak",
    "SparesKings",
    "VariantBot",
    "compare",
    "note_card",
    "play_deal",
    "seeded_deals",
    "sensible_calls",
    "sensible_lead",
    "standings_before_last",
    "table_chooser",
    "tenths",
    "view_of",
    "win_share",
]
