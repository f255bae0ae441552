"""The coach's stronger playout policy (``playout="strong"``), on masks.

:func:`cardlib.coach.analysis.policy_playout` plays every sample out; with
``policy="classic"`` it plays like :class:`~cardlib.bots.SensibleBot` plus one
rule (leading for tricks, draw trumps with the master trump). This module is
``policy="strong"``: the same ladder of the rules, the same turn order and
stopping point, and a better choice of card where the sensible rule is weak.
Every rule reads only what the seat to play could know at the table: its own
hand, the trick, the tricks won, the calls, which cards are still out (the
other hands together, never one hand alone) and which suits each seat has
shown void in (during the playout, or before it: ``voids``).

The rules, each on its own bit of :data:`RULES` so the benchmark can measure
them one by one (which are kept, and why, is at the end):

- ``DRAW``: leading for tricks with the highest trump still in play while
  another hand holds a trump, lead it (the classic rule);
- ``CASH``: leading for tricks, cash the master of a side suit (the highest card
  of it still in play), not only an ace, unless a seat shown void in that suit
  may still hold a trump (it would ruff);
- ``LEAD``: leading for tricks with nothing to cash, lead low from a singleton
  side suit while holding trumps (a void to ruff in), else from the longest side
  suit, never from a king (or any card one below the master) with one guard;
- ``SURE``: following for tricks with more players to come, win with the
  lowest card of the led suit that nobody still out can beat, if any, rather
  than the cheapest card that wins for now;
- ``DISCARD``: unable to win and free to throw any card, throw the lowest card
  of the shortest side suit, keeping masters and guards (the small card of K-x);
- ``GREEDY``: a seat that has made its call keeps playing for tricks where the
  scoring pays for every extra one (Call Break's 0.1 a trick): the caller says
  so with ``wants`` (tricks each seat plays for).

All six are kept (``benchmarks/tune_playout.py``; as a bot against three SensibleBots,
the margin per deal paired against the classic policy on rotated deals, ± standard
error). On 1,000 tuning deals (seeds 310000–310999) all six scored +0.22 ± 0.03; without
``GREEDY``, ``LEAD`` or ``DISCARD`` the bot scored the same within noise (+0.22, +0.23,
+0.22), and so did ``DRAW | CASH | SURE`` alone (+0.22). What ``GREEDY`` and ``DISCARD``
change is mostly the coach's advice, where the playouts stand for the players to come:
without ``GREEDY`` the analysis sees no value in the guard of K-x, nor in ducking under a
trumped trick to keep a master; without ``DISCARD`` (or ``DRAW``) none in the duck
(``tests/test_coach_advice.py``). ``LEAD`` neither helps nor hurts either. On 2,000 fresh
deals (seeds 420000–421999) the six scored +0.26 ± 0.02 over the classic policy (+0.40 ±
0.02 over a SensibleBot in the same seat; +0.27 and +0.40 before the sensible bot came to
throw and duck by rank, issue 37). ``SHORT``, a variant of ``LEAD``, is off. (The tuning
figures above are those of the tuning, before issue 37.)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from cardlib.cards import SUITS
from cardlib.tricks import PlayRules, legal_mask

DRAW: Final = 1
CASH: Final = 2
LEAD: Final = 4
SURE: Final = 8
DISCARD: Final = 16
GREEDY: Final = 32  # read by the callers that compute ``wants`` (analysis, PlayoutBot)
SHORT: Final = 64  # LEAD from the shortest side suit rather than the longest

#: The rules the strong policy plays by (a benchmark may change it to measure one).
RULES = DRAW | CASH | LEAD | SURE | DISCARD | GREEDY

_SUIT_OF = tuple(0x1FFF << (13 * (c // 13)) for c in range(52))
_ABOVE = tuple(_SUIT_OF[c] >> (c + 1) << (c + 1) for c in range(52))
_SUITS = tuple(0x1FFF << (13 * s) for s in range(4))


@lru_cache(maxsize=32)
def play_orders(players: int, direction: int) -> tuple[tuple[int, ...], ...]:
    """The seats in play order from each leader (cached: every playout asks)."""
    return tuple(
        tuple((lead + direction * i) % players for i in range(players)) for lead in range(players)
    )


def shown_voids(players: int, plays: Sequence[tuple[int, int]]) -> list[int]:
    """For each seat, the suits (bit ``s`` for suit index ``s``) it has shown void in:
    it played a card of another suit to a trick led in that suit. ``plays`` are
    ``(seat, card index)`` in play order, from the deal's first trick."""
    voids = [0] * players
    led = -1
    for number, (seat, card) in enumerate(plays):
        if number % players == 0:
            led = card // 13
        elif card // 13 != led:
            voids[seat] |= 1 << led
    return voids


def strong_playout(
    hands: list[int],
    trick: list[int],
    leader: int,
    won: list[int],
    wants: Sequence[int],
    rules: PlayRules,
    direction: int = 1,
    first_trick: bool = False,
    stop_at: int = 0,
    record: list | None = None,
    voids: Sequence[int] | None = None,
) -> int:
    """Play on by the strong policy until every hand holds ``stop_at`` cards; the same
    arguments and result as :func:`cardlib.coach.analysis.policy_playout`, except that
    ``wants`` are the tricks each seat plays for (its call, or more: ``GREEDY``) and
    ``voids`` the suits each seat has shown void in before (:func:`shown_voids`)."""
    players = len(hands)
    on = RULES
    trump_index = -1 if rules.trump is None else SUITS.index(rules.trump)
    trump_bits = 0 if trump_index < 0 else _SUITS[trump_index]
    must_beat = rules.must_beat
    void_free = trump_bits == 0 or rules.void_rule == "free"
    undertrump = rules.void_rule == "trump"
    orders = play_orders(players, direction)
    sides = tuple(s for s in range(4) if s != trump_index)
    side_suits = tuple((_SUITS[s], 1 << s) for s in sides)
    side_aces = [13 * s + 12 for s in sides]
    void = list(voids) if voids is not None else [0] * players
    trump_void = 1 << trump_index if trump_index >= 0 else 0
    out = 0  # every card still in a hand
    for held in hands:
        out |= held
    if trick:
        order = orders[leader]
        led_bits = _SUIT_OF[trick[0]]
        led_suit = 1 << (trick[0] // 13)
        beat_with = 0 if led_bits == trump_bits else trump_bits
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
            want = won[leader] < wants[leader]
            if want:
                theirs = out & ~hand
                their_trumps = theirs & trump_bits
                mine = legal & trump_bits
                draw = on & DRAW and mine and their_trumps
                if draw and mine.bit_length() > their_trumps.bit_length():
                    card = mine.bit_length() - 1
                if card < 0 and not on & CASH:  # the classic rule: a side ace
                    for ace in side_aces:
                        if legal >> ace & 1:
                            card = ace
                            break
                if card < 0 and on & (CASH | LEAD):
                    # One pass over the side suits: the first master to cash (CASH), else the
                    # suit to lead low from (LEAD), by an integer key (higher is better).
                    best_key = lead = ruffs = -1
                    for suit_bits, suit_bit in side_suits:
                        part = legal & suit_bits
                        if not part:
                            continue
                        top = part.bit_length() - 1
                        above = theirs & _ABOVE[top]
                        if on & CASH and not above:
                            if their_trumps and ruffs < 0:
                                # The suits a seat has shown void in, not void in trumps too:
                                # it may ruff them.
                                ruffs = 0
                                for seat, v in enumerate(void):
                                    if seat != leader and not v & trump_void:
                                        ruffs |= v
                            if not their_trumps or not ruffs & suit_bit:
                                card = top
                                break
                        if on & LEAD:
                            length = part.bit_count()
                            # K-x: the top card has exactly one card still out above it.
                            guard = length == 2 and above.bit_count() == 1
                            key = (
                                (0 if guard else 64)
                                + (32 if length == 1 and mine else 0)
                                + (15 - length if on & SHORT else length)
                            )
                            if key > best_key:
                                best_key = key
                                lead = (part & -part).bit_length() - 1
                    if card < 0:
                        card = lead
            if card < 0:
                pick = side or legal
                card = (pick & -pick).bit_length() - 1
            if record is not None:
                record.append((leader, hand, (), legal, card, want))
            hands[leader] = hand ^ (1 << card)
            out ^= 1 << card
            trick.append(card)
            led_bits = _SUIT_OF[card]
            led_suit = 1 << (card // 13)
            beat_with = 0 if led_bits == trump_bits else trump_bits
            top_led, top_trump = card, -1
            led_seat = trump_seat = leader
            order = orders[leader]
        for seat in order[len(trick) :]:
            hand = hands[seat]
            # The hands go down together: a seat to follow holds what the leader held, so
            # only the trick the playout began in can stop in its middle.
            if partial and hand.bit_count() <= stop_at:
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
            if top_trump >= 0:
                winners = legal & _ABOVE[top_trump]
            else:
                winners = legal & (_ABOVE[top_led] | beat_with)
            want = won[seat] < wants[seat]
            if want:
                if winners:
                    pick = winners & ~trump_bits or winners
                    if on & SURE and len(trick) < players - 1 and pick & led_bits:
                        # A card of the led suit that no card still out can beat.
                        theirs = out & ~hand & led_bits
                        sure = pick & ~((1 << theirs.bit_length()) - 1) if theirs else pick
                        pick = sure or pick
                    card = (pick & -pick).bit_length() - 1
                else:
                    pick = legal & ~trump_bits or legal
                    card = (pick & -pick).bit_length() - 1
                    if (
                        on & DISCARD
                        and not legal & led_bits
                        and not pick & trump_bits  # side cards to choose from
                        and pick & (pick - 1)
                    ):
                        theirs = out & ~hand
                        best_key = -1
                        for suit_bits, _bit in side_suits:
                            part = pick & suit_bits
                            if not part:
                                continue
                            low = (part & -part).bit_length() - 1
                            length = part.bit_count()
                            top = part.bit_length() - 1
                            # Not a master, not the guard of K-x, the shortest suit: higher keys.
                            guard = length == 2 and (theirs & _ABOVE[top]).bit_count() == 1
                            key = (
                                (32 if theirs & _ABOVE[low] else 0)
                                + (0 if guard else 16)
                                + 15
                                - length
                            )
                            if key > best_key:
                                best_key = key
                                card = low
            else:
                losers = legal & ~winners
                card = losers.bit_length() - 1 if losers else (legal & -legal).bit_length() - 1
            if record is not None:
                record.append((seat, hand, tuple(trick), legal, card, want))
            hands[seat] = hand ^ (1 << card)
            out ^= 1 << card
            trick.append(card)
            if led_bits >> card & 1:
                if card > top_led:
                    top_led, led_seat = card, seat
            else:
                void[seat] |= led_suit
                if trump_bits >> card & 1 and card > top_trump:
                    top_trump, trump_seat = card, seat
        leader = trump_seat if top_trump >= 0 else led_seat
        won[leader] += 1
        trick.clear()
