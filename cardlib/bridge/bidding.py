"""How the sensible Contract Bridge bot bids: the simple style that notebook 32 teaches.

Everything rests on one count and one sum:

- **points** = high-card points (A 4, K 3, Q 2, J 1) plus one for every card beyond
  the fourth in a suit (length points);
- a side with **25 points between the two hands** bids game (3NT, 4♥/4♠, 5♣/5♦);
  with less it stops in a part-score.

Each bid tells partner a range of points, so the hand that knows both ranges
adds its own points to the middle of partner's range: 25 or more, bid game; 25
reachable only at the top of partner's range, invite (bid one step short of game);
otherwise stop.

========================  ============================================================
situation                 call
========================  ============================================================
opening                   15–17 balanced 1NT; 20–21 balanced 2NT; 12+ points: one of
                          the longer major with five or more (♠ with 5–5), else the
                          longer minor (♦ with 4–4, ♣ with 3–3); less: pass
opponents opened          15–18 HCP balanced: 1NT; 19+ points: game (four of a six-card
                          major, else 3NT); 10+ points and five cards in a suit they
                          have not named: that suit at the cheapest level, if it is 1
                          or 2; else pass
partner opened 1♥/1♠      three-card support: 6–9 raise to 2, 10–12 raise to 3,
                          13+ game; without: a four-card major at the one level
                          (6+), else 1NT 6–9, 2NT 10–12, 3NT 13+
partner opened 1♣/1♦      a four-card major at the one level (6+); five-card support
                          6–9 raise to 2, 10–12 to 3; else 1NT 6–9, 2NT 10–12, 3NT 13+
partner opened 1NT        six-card major and 10+: game in it; five-card major 10+:
                          three of it; 8–9 2NT; 10–15 3NT; five-card major under 8: two
                          of it; else pass
partner opened 2NT        5+ points: 3NT (4 of a six-card major); else pass
partner overcalled        1NT: answered like a 1NT opening; a suit: three-card support
                          and 8–11 raise once, 12+ game in a major; no fit, balanced
                          and 12+: 3NT
later calls               the 25-point sum above, against the range partner showed;
                          an invitation is accepted in the top half of one's range
========================  ============================================================

The bot never doubles, never bids a slam and never makes a call that is not in
``auction.legal_calls()``: when the call the table asks for is no longer
available (the opponents bid past it), it passes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardlib.bridge.auction import Auction
from cardlib.cards import SUITS, Card, parse_cards
from cardlib.errors import PhaseError
from cardlib.i18n import _

PASS = "P"
HCP = {14: 4, 13: 3, 12: 2, 11: 1}
GAME_TOTAL = 25  # points between two hands that make game a good bet
GAME_LEVEL = {"C": 5, "D": 5, "H": 4, "S": 4, "NT": 3}
MAJORS, MINORS = ("H", "S"), ("C", "D")
RANKING = "CDHS"  # the order of the suits in the auction, lowest first
#: Points each call of the system promises: (least, most).
OPENING_RANGE = {"1NT": (15, 17), "2NT": (20, 21), "suit": (12, 21)}
OVERCALL_RANGE = (10, 16)
RAISE_RANGE = {2: (6, 9), 3: (10, 12)}
NT_RESPONSE_RANGE = {1: (6, 9), 2: (10, 12)}
NEW_SUIT_RANGE = (6, 12)  # a new suit at the one level; forcing, so the top is loose
REBID_RANGE = {"minimum": (12, 15), "jump": (16, 18)}


def _cards(hand: Iterable[Card | str] | str) -> list[Card]:
    return parse_cards(hand) if isinstance(hand, str) else [Card(c) for c in hand]


def high_card_points(hand: Iterable[Card | str] | str) -> int:
    """Ace 4, king 3, queen 2, jack 1: the usual measure of a hand's strength."""
    return sum(HCP.get(c.rank, 0) for c in _cards(hand))


def suit_lengths(hand: Iterable[Card | str] | str) -> dict[str, int]:
    """Cards held in each suit, ``{"C": n, "D": n, "H": n, "S": n}``."""
    cards = _cards(hand)
    return {s: sum(c.suit == s for c in cards) for s in SUITS}


def length_points(hand: Iterable[Card | str] | str) -> int:
    """One point for every card beyond the fourth in a suit."""
    return sum(max(0, n - 4) for n in suit_lengths(hand).values())


def hand_points(hand: Iterable[Card | str] | str) -> int:
    """High-card points plus length points: what the bot counts before it calls."""
    return high_card_points(hand) + length_points(hand)


def is_balanced(hand: Iterable[Card | str] | str) -> bool:
    """No void, no singleton, at most one doubleton (4-3-3-3, 4-4-3-2, 5-3-3-2)."""
    lengths = sorted(suit_lengths(hand).values())
    return lengths[0] >= 2 and lengths[1] >= 3


def game_bid(strain: str) -> str:
    """The lowest game in a strain: ``"3NT"``, ``"4H"``, ``"5C"`` …"""
    return f"{GAME_LEVEL[strain]}{strain}"


def _is_bid(call: str) -> bool:
    return call[:1].isdigit()


def _level(call: str) -> int:
    return int(call[0])


def _strain(call: str) -> str:
    return call[1:]


def _middle(low_high: tuple[int, int]) -> float:
    return (low_high[0] + low_high[1]) / 2


class _View:
    """The auction as the seat to act sees it: its own and the other side's bids."""

    def __init__(self, auction: Auction, hand: Iterable[Card | str] | str) -> None:
        seat = auction.to_act
        if seat is None:
            raise PhaseError(_("the auction is over: nobody calls any more"), "auction-over")
        self.seat = seat
        self.partner = (self.seat + 2) % 4
        self._auction = auction
        self._legal: dict[str, bool] = {}
        self.hand = _cards(hand)
        self.hcp = high_card_points(self.hand)
        self.lengths = suit_lengths(self.hand)
        self.points = self.hcp + sum(max(0, n - 4) for n in self.lengths.values())
        self.balanced = is_balanced(self.hand)
        bids = [(auction.seat_of(i), call) for i, call in enumerate(auction.calls) if _is_bid(call)]
        self.ours = [(s, c) for s, c in bids if s % 2 == self.seat % 2]
        self.theirs = [c for s, c in bids if s % 2 != self.seat % 2]
        #: Whether our side's first bid came before any bid of theirs (an opening).
        self.we_opened = bool(bids) and bids[0][0] % 2 == self.seat % 2
        self.last_bid = bids[-1][1] if bids else None

    def mine(self) -> list[str]:
        return [c for s, c in self.ours if s == self.seat]

    def partners(self) -> list[str]:
        return [c for s, c in self.ours if s == self.partner]

    def is_legal(self, call: str) -> bool:
        # Asked of a few calls only: the auction's full list costs forty checks.
        if call not in self._legal:
            self._legal[call] = self._auction.why_illegal(call) is None
        return self._legal[call]

    def offer(self, call: str | None) -> str:
        """The call if the auction still allows it, else pass."""
        return call if call is not None and self.is_legal(call) else PASS

    def cheapest(self, strain: str, max_level: int = 3) -> str | None:
        """The lowest legal bid in a strain, if it is no higher than ``max_level``
        (a part-score bid stays low when the opponents have bid high)."""
        for level in range(1, max_level + 1):
            if self.is_legal(f"{level}{strain}"):
                return f"{level}{strain}"
        return None

    def longest(self, suits: Sequence[str]) -> str:
        """The longest of ``suits``, the higher-ranking one of equal length."""
        return max(suits, key=lambda s: (self.lengths[s], RANKING.index(s)))

    def game_or_nt(self, strain: str) -> str:
        """Game in our fit: a major's four, else 3NT if balanced, else five of the minor."""
        if strain in MAJORS or strain == "NT" or not self.balanced:
            return game_bid(strain)
        return "3NT"


def opening(view: _View) -> str:
    """The first bid of the auction for our side, with nobody else having bid."""
    if view.balanced and 15 <= view.hcp <= 17:
        return "1NT"
    if view.balanced and 20 <= view.hcp <= 21:
        return "2NT"
    if view.points < 12:
        return PASS
    majors = [s for s in MAJORS if view.lengths[s] >= 5]
    if majors:
        return f"1{view.longest(majors)}"
    clubs, diamonds = view.lengths["C"], view.lengths["D"]
    return "1C" if clubs > diamonds or clubs == diamonds == 3 else "1D"


def overcall(view: _View) -> str:
    """The opponents opened: 1NT or game with a strong hand, a good five-card suit cheaply,
    or keep out."""
    if view.balanced and 15 <= view.hcp <= 18 and view.is_legal("1NT"):
        return "1NT"
    if view.points >= 19:
        long_majors = [s for s in MAJORS if view.lengths[s] >= 6]
        return view.offer(game_bid(view.longest(long_majors)) if long_majors else "3NT")
    if view.points < OVERCALL_RANGE[0]:
        return PASS
    suits = [
        s for s in SUITS if view.lengths[s] >= 5 and s not in {_strain(c) for c in view.theirs}
    ]
    if not suits:
        return PASS
    bid = view.cheapest(view.longest(suits))
    return bid if bid is not None and _level(bid) <= 2 else PASS


def response(view: _View, opening_bid: str) -> str:
    """Partner opened (``opening_bid``) and this is our first call."""
    points, lengths = view.points, view.lengths
    strain = _strain(opening_bid)
    if opening_bid == "1NT":
        majors = [s for s in MAJORS if lengths[s] >= 5]
        major = view.longest(majors) if majors else None
        if major and lengths[major] >= 6 and points >= 10:
            return view.offer(game_bid(major))
        if major and points >= 10:
            return view.offer(f"3{major}")
        if 8 <= points <= 9:
            return view.offer("2NT")
        if points >= 10:
            return view.offer("3NT")
        return view.offer(f"2{major}") if major else PASS
    if opening_bid == "2NT":
        if points < 5:
            return PASS
        long_major = [s for s in MAJORS if lengths[s] >= 6]
        return view.offer(game_bid(long_major[0]) if long_major else "3NT")
    if points < 6:
        return PASS
    if strain in MAJORS and lengths[strain] >= 3:
        return view.offer(_raise(strain, points))
    one_level_majors = [s for s in MAJORS if lengths[s] >= 4 and view.is_legal(f"1{s}")]
    if one_level_majors:
        # Up the line with four cards in each; the longer suit first otherwise.
        best = max(one_level_majors, key=lambda s: (lengths[s], -RANKING.index(s)))
        return f"1{best}"
    if strain in MINORS and lengths[strain] >= 5 and points <= 12:
        return view.offer(_raise(strain, points))
    if points <= 9:
        return view.offer("1NT")
    return view.offer("2NT" if points <= 12 else "3NT")


def _raise(strain: str, points: int) -> str:
    """Raise partner's suit by strength: 6–9 to two, 10–12 to three, 13+ to game."""
    if points <= 9:
        return f"2{strain}"
    if points <= 12:
        return f"3{strain}"
    return game_bid(strain) if strain in MAJORS else "3NT"


def respond_to_overcall(view: _View, overcall_bid: str) -> str:
    """Partner overcalled: answer 1NT like an opening, raise a suit with support, or leave it."""
    strain = _strain(overcall_bid)
    if overcall_bid == "1NT":
        return response(view, "1NT")
    if strain == "NT":
        return PASS
    if view.lengths[strain] < 3:
        return view.offer("3NT") if view.balanced and view.points >= 12 else PASS
    if view.points < 8:
        return PASS
    if view.points >= 12 and strain in MAJORS:
        return view.offer(game_bid(strain))
    return view.offer(view.cheapest(strain) if view.points <= 11 else None)


def place_contract(view: _View, strain: str, partner_range: tuple[int, int]) -> str:
    """The 25-point sum: game, an invitation one step below it, or pass.

    ``strain`` is where the side will play; ``partner_range`` what partner promised.
    """
    game = view.game_or_nt(strain)
    if view.points + _middle(partner_range) >= GAME_TOTAL:
        return view.offer(game) if game != view.last_bid else PASS
    if view.points + partner_range[1] >= GAME_TOTAL:
        return view.offer(invitation(strain))
    return PASS


def invitation(strain: str) -> str:
    """One step short of game: 2NT, 3♥/3♠, or 3♣/3♦ (below 3NT, the likelier game)."""
    return "2NT" if strain == "NT" else f"{min(3, GAME_LEVEL[strain] - 1)}{strain}"


def opener_rebid(view: _View, opened: str, answer: str) -> str:
    """We opened ``opened`` (a suit or NT), partner answered ``answer``: our second call."""
    own, theirs = _strain(opened), _strain(answer)
    if opened in ("1NT", "2NT"):
        if answer == "2NT":  # invitation: 8–9 opposite 15–17
            return view.offer("3NT") if view.hcp >= 16 else PASS
        if _level(answer) == 3 and theirs in MAJORS:  # five cards, game values: pick the game
            return view.offer(game_bid(theirs) if view.lengths[theirs] >= 3 else "3NT")
        return PASS
    if theirs == own:  # partner raised our suit
        if _level(answer) >= GAME_LEVEL.get(own, 3) or _level(answer) not in RAISE_RANGE:
            return PASS
        return place_contract(view, own, RAISE_RANGE[_level(answer)])
    if theirs == "NT":
        if _level(answer) not in NT_RESPONSE_RANGE:
            return PASS
        strain = own if own in MAJORS and view.lengths[own] >= 6 else "NT"
        return place_contract(view, strain, NT_RESPONSE_RANGE[_level(answer)])
    # A new suit at the one level: forcing, so we must say something.
    points = view.points
    if theirs in MAJORS and view.lengths[theirs] >= 4:
        if points >= 19:
            return view.offer(game_bid(theirs))
        level = 2 if points <= 15 else 3
        return view.offer(f"{level}{theirs}")
    if view.balanced:
        return view.offer("1NT" if points <= 15 else "2NT" if points <= 18 else "3NT")
    if points >= 19:
        return view.offer(view.game_or_nt(own))
    cheapest = view.cheapest(own)
    if cheapest is None:
        return PASS
    if points <= 15 or _level(cheapest) == 3:
        return cheapest
    return view.offer(f"{_level(cheapest) + 1}{own}")


def responder_rebid(view: _View, opened: str, answered: str, rebid: str) -> str:
    """Partner opened, we answered, partner bid again: our second call."""
    opened_strain, our_strain, rebid_strain = _strain(opened), _strain(answered), _strain(rebid)
    if opened in ("1NT", "2NT"):
        return PASS  # opener has placed the contract
    if our_strain == opened_strain or our_strain == "NT":
        # We showed a range and partner invited: accept in the top half of it.
        shown = RAISE_RANGE if our_strain == opened_strain else NT_RESPONSE_RANGE
        low_high = shown.get(_level(answered))
        invited = _level(rebid) < GAME_LEVEL[rebid_strain] and rebid_strain in (
            our_strain,
            opened_strain,
        )
        if low_high and invited and view.points >= _middle(low_high):
            return view.offer(view.game_or_nt(rebid_strain))
        return PASS
    # We bid a new suit; partner's rebid shows a minimum or a jump.
    if _level(rebid) >= GAME_LEVEL[rebid_strain]:
        return PASS
    cheapest_level = 1 if rebid_strain == "NT" else 2
    jumped = _level(rebid) > cheapest_level
    partner_range = REBID_RANGE["jump" if jumped else "minimum"]
    if rebid_strain == our_strain:
        strain = our_strain
    elif rebid_strain in MAJORS and view.lengths[rebid_strain] >= 3:
        strain = rebid_strain
    elif rebid_strain == "NT" or rebid_strain in MINORS:
        strain = "NT" if view.balanced or rebid_strain == "NT" else rebid_strain
    else:
        strain = "NT"
    return place_contract(view, strain, partner_range)


def opener_third_call(view: _View, answered: str, invite: str) -> str:
    """We opened and rebid a minimum; partner invites: accept with 14–15."""
    strain = _strain(invite)
    if _level(invite) >= GAME_LEVEL[strain] or strain not in (_strain(answered), "NT", *MAJORS):
        return PASS
    if strain != "NT" and view.lengths[strain] < 3 and strain != _strain(answered):
        return PASS
    return view.offer(view.game_or_nt(strain)) if view.points >= 14 else PASS


def choose_call(auction: Auction, hand: Iterable[Card | str] | str) -> str:
    """The sensible bot's call for the seat to act in ``auction``, holding ``hand``.

    Always one of ``auction.legal_calls()``.
    """
    view = _View(auction, hand)
    mine, partners = view.mine(), view.partners()
    if not view.ours:
        call = overcall(view) if view.theirs else opening(view)
    elif not view.we_opened:
        call = respond_to_overcall(view, partners[0]) if partners and not mine else PASS
    elif not mine and len(partners) == 1:
        call = response(view, partners[0])
    elif len(mine) == 1 and len(partners) == 1 and view.ours[0][0] == view.seat:
        call = opener_rebid(view, mine[0], partners[0])
    elif len(mine) == 1 and len(partners) == 2 and view.ours[0][0] == view.partner:
        call = responder_rebid(view, partners[0], mine[0], partners[1])
    elif len(mine) == 2 and len(partners) == 2 and view.ours[0][0] == view.seat:
        call = opener_third_call(view, partners[0], partners[1])
    else:
        call = PASS
    if call != PASS and _level(call) > GAME_LEVEL[_strain(call)]:
        return PASS  # never a slam: the simple style stops at game
    return view.offer(call)


__all__ = [
    "GAME_LEVEL",
    "GAME_TOTAL",
    "HCP",
    "choose_call",
    "game_bid",
    "hand_points",
    "high_card_points",
    "is_balanced",
    "length_points",
    "suit_lengths",
]
