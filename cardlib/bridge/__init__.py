"""Contract Bridge as its original rules (in Hindi) describe it: auction, dummy, game to 100.

Everything here follows the Contract Bridge section of the rule book
(``docs/rules.md``): the simplified game of the original rules, with no
vulnerability, in which the first side to reach 100 points below the line wins.
The trick mechanics are shared with the other games (:mod:`cardlib.tricks`,
:mod:`cardlib.game`, :mod:`cardlib.match`); what is new is the auction, the dummy
and the scoring sheet.

**Seats.** North, East, South and West, clockwise, numbered like every other
seat in cardlib (``(s + 1) % 4`` sits on ``s``'s left, South is seat 0):
``SOUTH, WEST, NORTH, EAST = 0, 1, 2, 3``. Wherever a seat is asked for, its
letter (``"N"``) or name (``"north"``) works too. Partners sit opposite, so a
seat's side is ``seat % 2``: side 0 is North–South ("We"), side 1 East–West
("They").

**Calls** are written ``"1C"`` … ``"7NT"`` (level 1..7, then the strain
``C D H S NT``), ``"P"`` (pass), ``"X"`` (double) and ``"XX"`` (redouble).
:func:`parse_call` also reads ``"1♥"``, ``"2n"``, ``"pass"``, ``"dbl"`` …

**Contracts** are written one way: level, strain, ``X`` or ``XX`` when doubled
or redoubled, and, when the declarer is known, ``" by "`` and the declarer's
seat letter: ``"4S"``, ``"3NTX"``, ``"6HXX by N"``. :meth:`Contract.parse`
reads that form in any case (``N`` alone is NT too) and ``str`` prints it.

>>> score("4S", 11)
Score(below=120, above_declarer=30, above_defenders=0)
>>> score("3NTX", 7)
Score(below=0, above_declarer=0, above_defenders=300)
>>> auction = Auction.from_calls("N", "1H P 2H P P P")
>>> auction.contract
Contract.parse('2H by E')

The one rule the seed and the international Laws settle differently is a named
option: ``first_caller="left"`` (the seed: the dealer's left calls first) or
``"dealer"`` (the Laws: the dealer calls first).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Literal, Self

from cardlib import _api, facts, game
from cardlib.bridge.auction import Auction
from cardlib.bridge.bidding import HCP, high_card_points
from cardlib.bridge.calls import (
    BIDS,
    CALL_FORMS,
    CALLS,
    DOUBLE,
    EAST,
    EW,
    FIRST_CALLERS,
    NORTH,
    NS,
    PASS,
    REDOUBLE,
    SEAT_LETTERS,
    SEAT_NAMES,
    SIDE_NAMES,
    SOUTH,
    STRAIN_NAMES,
    STRAIN_SYMBOLS,
    STRAINS,
    WEST,
    Contract,
    FirstCaller,
    call_list,
    is_bid,
    parse_call,
    parse_contract,
    parse_seat,
    partner_of,
    seat_name,
    side_of,
    trick_value,
)
from cardlib.bridge.scoring import (
    GAME_POINTS,
    GRAND_SLAM_BONUS,
    HONOUR_RANKS,
    INSULT_BONUS,
    SMALL_SLAM_BONUS,
    DealScore,
    Score,
    SheetLine,
    deal_score,
    explain_line,
    explain_side,
    honours,
    score,
    undertrick_penalty,
)
from cardlib.cards import SUITS, Card, from_mask, sort_for_display
from cardlib.errors import (
    CardlibError,
    CardlibTypeError,
    IllegalCallError,
    OutOfTurnError,
    PhaseError,
)
from cardlib.game import (
    CALLING,
    OVER,
    PLAYING,
    Explanation,
    PointsExplained,
    Seed,
    TrickDeal,
    hand_masks,
)
from cardlib.i18n import N_, _
from cardlib.match import TrickMatch
from cardlib.tricks import PlayRules
from cardlib.validate import check_count

# ----- playing: the shared ladder with the contract's trump ------------------


def play_rules(strain: str | None) -> PlayRules:
    """Follow suit with any card of it; void, any card. Trump per the strain, none at NT."""
    if strain is not None and (not isinstance(strain, str) or strain not in STRAINS):
        raise (CardlibError if isinstance(strain, str) else CardlibTypeError)(
            _(
                "a strain is one of C D H S NT, or None before the auction ends, got {value!r}"
            ).format(value=strain),
            "strain",
        )
    trump = None if strain in (None, "NT") else strain
    return PlayRules(trump=trump, must_beat=False, void_rule="free")


def as_rules(rules: PlayRules | Contract | str | None = None) -> PlayRules:
    """The play rules of a contract: from its strain (``"S"`` … ``"C"``, ``"NT"``; ``None``
    before there is one), a :class:`Contract`, or :func:`play_rules`."""
    if isinstance(rules, Contract):
        return play_rules(rules.strain)
    if isinstance(rules, PlayRules):
        if _api.follow_any_rules(rules):
            return rules
    elif rules is None or rules in STRAINS:
        return play_rules(rules)
    raise _api.refuse_rules(
        "Contract Bridge", rules, _("a strain (S, H, D, C, NT), a Contract or bridge.play_rules()")
    )


def legal_plays(
    hand: Iterable[Card | str] | str,
    trick: Sequence[Card | str] | str = (),
    rules: PlayRules | Contract | str | None = None,
) -> frozenset[Card]:
    """The cards you may play from ``hand`` onto ``trick``: follow suit if you can, else any.

    ``rules`` is the contract's strain, the :class:`Contract` or its :func:`play_rules`.

    >>> sorted(legal_plays("3H KH 2S", "QH", "S"))
    [Card('3H'), Card('KH')]
    """
    return game.legal_plays(hand, trick, as_rules(rules))


def explain_play(
    hand: Iterable[Card | str] | str,
    trick: Sequence[Card | str] | str = (),
    rules: PlayRules | Contract | str | None = None,
) -> Explanation:
    """What you may play and why (``lead``, ``follow-any`` or ``free``); ``rules`` as for
    :func:`legal_plays`."""
    return game.explain_play(hand, trick, as_rules(rules))


def trick_winner(trick: Sequence[Card | str] | str, trump: str | None = None) -> int:
    """Index, in play order, of the winning card; ``trump`` a suit letter, ``"NT"`` or ``None``.

    >>> trick_winner("TD 3C KD 5D", trump="C"), trick_winner("TD 3C KD 5D", trump="NT")
    (1, 2)
    """
    return _api.winner(trick, trump, players=4)


# ----- a deal: auction, then play with the dummy ---------------------------------

_NO_CONTRACT_RULES = play_rules(None)


class Deal(TrickDeal[str, DealScore]):
    """One deal: 13 cards each, the auction, then 13 tricks with the dummy.

    ``Deal(seed=7, dealer="N")`` deals the same cards every time (dealer drawn
    from the seed when not given; naming one never changes the cards). During
    the auction ``call("1H")`` and ``legal_calls()`` work as on an
    :class:`Auction`. When it ends, declarer's left leads. The dummy
    (declarer's partner) is exposed after that opening lead (``dummy_hand``)
    and **declarer plays its cards**: on dummy's turns ``to_act`` is the
    declarer (the person who acts), while ``hand_to_play`` is the dummy (the
    hand the card comes from, whose cards ``legal_plays()`` lists).
    ``play(card, seat=DUMMY)`` is refused: dummy never plays itself.
    """

    direction = 1  # clockwise
    game_name = "Contract Bridge"

    def __init__(
        self, seed: Seed = None, dealer: int | str | None = None, first_caller: FirstCaller = "left"
    ) -> None:
        self._init_options(first_caller=first_caller)
        super().__init__(seed, None if dealer is None else parse_seat(dealer))

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Iterable[Card | str] | str] | dict[int | str, Iterable[Card | str] | str],
        dealer: int | str = NORTH,
        calls: str | Iterable[str] = (),
        first_caller: FirstCaller = "left",
    ) -> Self:
        """A deal from given hands: four hands by seat number, or a dict by seat letter
        (``{"N": "AS KS …", "E": …}``); then ``calls`` (``"1S P 4S P P P"``) made."""
        if isinstance(hands, dict):
            by_seat = {parse_seat(seat): hand for seat, hand in hands.items()}
            if sorted(by_seat) != [0, 1, 2, 3]:
                raise CardlibError(
                    _("give one hand for each of N, E, S and W, got {seats}").format(
                        seats=list(hands)
                    ),
                    "hands",
                )
            hands = [by_seat[seat] for seat in range(4)]
        dealer_seat = parse_seat(dealer)
        deal = cls._from_masks(
            hand_masks(hands, cls.players), dealer_seat, first_caller=first_caller
        )
        for call in call_list(calls):
            deal.call(call)
        return deal

    def _init_options(self, first_caller: FirstCaller = "left") -> None:
        if first_caller not in FIRST_CALLERS:
            raise CardlibError(
                _(
                    "first_caller is 'left' (the dealer's left calls first) or 'dealer', "
                    "got {value!r}"
                ).format(value=first_caller),
                "first-caller",
            )
        self.first_caller = first_caller
        self.rules = _NO_CONTRACT_RULES  # replaced by the contract's rules when the auction ends

    def _start(self, hands: list[int], dealer: int) -> None:
        super()._start(hands, dealer)
        self._dealt = tuple(hands)
        self._auction = Auction(dealer, self.first_caller)
        self._to_act = self._auction.first_seat

    # ----- state -----------------------------------------------------------

    @property
    def auction(self) -> Auction:
        """A copy of the auction so far."""
        return self._auction.copy()

    @property
    def calls(self) -> tuple[str, ...]:
        """The calls of the auction so far, in order (not by seat, as in the other games)."""
        return self._auction.calls

    @property
    def contract(self) -> Contract | None:
        """The contract, with its declarer, once the auction is over (``None`` if passed out)."""
        return self._auction.contract

    @property
    def passed_out(self) -> bool:
        """Whether all four passed, so there is no contract."""
        return self._auction.passed_out

    @property
    def declarer(self) -> int | None:
        """The declarer's seat, ``None`` until the auction has a contract."""
        return self._auction.declarer

    @property
    def dummy(self) -> int | None:
        """The dummy's seat (the declarer's partner), ``None`` without a contract."""
        declarer = self._auction.declarer
        return None if declarer is None else (declarer + 2) % 4

    @property
    def dealt_hands(self) -> tuple[tuple[Card, ...], ...]:
        """The four hands as dealt (for honours and for replaying)."""
        return tuple(tuple(sort_for_display(from_mask(m))) for m in self._dealt)

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is to act: on dummy's turns, the declarer."""
        if self._phase == OVER:
            return None
        return self._acting()

    def _acting(self) -> int:
        """The seat that acts now, the deal not being over: on dummy's turns, the declarer."""
        declarer = self.declarer
        if self._phase == PLAYING and declarer is not None and self._to_act == (declarer + 2) % 4:
            return declarer
        return self._to_act

    @property
    def hand_to_play(self) -> int | None:
        """The seat whose hand the next card comes from (the dummy on dummy's turns)."""
        return self._to_act if self._phase == PLAYING else None

    @property
    def dummy_exposed(self) -> bool:
        """Whether the dummy lies face up: from the opening lead on."""
        return (
            self._phase != CALLING
            and self.contract is not None
            and (bool(self._trick) or bool(self._tricks))
        )

    @property
    def dummy_hand(self) -> tuple[Card, ...]:
        """The dummy's cards now, face up; readable only after the opening lead."""
        dummy = self.dummy
        if not self.dummy_exposed or dummy is None:  # exposed means there is a dummy
            raise PhaseError(
                _("the dummy is face down until the opening lead has been made"),
                "dummy-not-exposed",
            )
        return self.hands[dummy]

    def _seen_by(self, seat: int) -> tuple[int, ...]:
        # Everybody sees the dummy from the opening lead on.
        dummy = self.dummy
        if dummy is not None and seat != dummy and self.dummy_exposed:
            return (seat, dummy)
        return (seat,)

    def _set_held(self, hands: list[int]) -> None:
        super()._set_held(hands)
        # Honours are scored from the hands as dealt: each new hand plus what its seat played.
        dealt = list(hands)
        for seats, cards, _winner in self._tricks:
            for seat, card in zip(seats, cards, strict=True):
                dealt[seat] |= 1 << card
        for seat, card in zip(self.trick_seats, self._trick, strict=True):
            dealt[seat] |= 1 << card
        self._dealt = tuple(dealt)

    def returns(self) -> tuple[int, ...]:
        """Each seat's points for the deal: its side's points, below and above the line."""
        result = self.scores()
        return tuple(result.below[seat % 2] + result.above[seat % 2] for seat in range(4))

    def tricks_by_side(self) -> tuple[int, int]:
        """Tricks taken so far by North–South and by East–West."""
        won = self._won
        return (won[0] + won[2], won[1] + won[3])

    @property
    def declarer_tricks(self) -> int | None:
        """The tricks the declarer's side has taken, ``None`` without a contract."""
        declarer = self.declarer
        return None if declarer is None else self.tricks_by_side()[declarer % 2]

    # ----- calling ---------------------------------------------------------

    def legal_calls(self) -> tuple[str, ...]:
        """The calls the seat to act may make (empty unless the auction is on)."""
        if self._phase != CALLING:
            return ()
        return self._auction.legal_calls()

    def call(self, call: str, seat: int | str | None = None) -> None:
        """The seat to act makes a call; see :meth:`Auction.call` (whose refusals it gives, the
        one after the auction too)."""
        auction = self._auction
        auction.call(call, seat)
        contract, declarer = auction.contract, auction.declarer
        if auction.passed_out:
            self._phase = OVER
        elif contract is not None and declarer is not None:  # over: a contract and its declarer
            self.rules = play_rules(contract.strain)
            self._trump_index = -1 if contract.trump is None else SUITS.index(contract.trump)
            self._leader = self._to_act = (declarer + 1) % 4
            self._phase = PLAYING
            self._legal = None
        else:  # the auction goes on: the next seat calls
            self._to_act = auction.seat_of(len(auction.calls))

    # ----- playing ---------------------------------------------------------

    def play(self, card: Card | str, seat: int | str | None = None) -> None:
        """The seat to act plays a card: on dummy's turns, declarer plays one of dummy's."""
        if self._phase == OVER and self.passed_out:
            raise PhaseError(_("the deal was passed out: no contract, no play"), "phase")
        declarer = self.declarer  # there is one while playing
        if seat is not None and self._phase == PLAYING and declarer is not None:
            seat = parse_seat(seat)
            turn = self._acting()
            if seat != turn:
                if seat == (declarer + 2) % 4:
                    raise OutOfTurnError(
                        _(
                            "{dummy} is dummy and never plays: declarer ({declarer}) plays "
                            "dummy's cards"
                        ).format(dummy=seat_name(seat), declarer=seat_name(declarer)),
                        "declarer-plays-dummy",
                    )
                raise OutOfTurnError(
                    _("it is {turn}'s turn, not {seat}'s").format(
                        turn=seat_name(turn), seat=seat_name(seat)
                    ),
                    "out-of-turn",
                )
        super().play(card)

    # ----- scoring ---------------------------------------------------------

    def scores(self) -> DealScore:
        """What the deal adds to the sheet, by side (only once it is over)."""
        self._check_over()
        cached = self.__dict__.get("_final_score")
        if cached is None:  # a finished deal never changes: score it once
            if self.passed_out:
                cached = deal_score(None, None)
            else:
                cached = deal_score(self.contract, self.declarer_tricks, self.dealt_hands)
            self._final_score = cached
        return cached

    def points_explained(self, seat: int) -> PointsExplained:
        """What the deal gives the seat's side, every entry in words (once it is over)."""
        result = self.scores()
        return explain_side(result, parse_seat(seat) % 2)

    # ----- copying -----------------------------------------------------------

    def copy(self) -> Self:
        other = super().copy()
        other._auction = self._auction.copy()
        return other

    def _origin(self) -> tuple[object, ...]:
        return (*super()._origin(), self.first_caller)

    def _state(self) -> tuple[object, ...]:
        return (*super()._state(), self.first_caller, tuple(self._auction.calls))

    def __repr__(self) -> str:
        contract = self.contract
        return (
            f"<bridge.Deal dealer={SEAT_LETTERS[self.dealer]} phase={self._phase} "
            f"contract={contract if contract else '-'} tricks_by_side={self.tricks_by_side()}>"
        )


# ----- the game to 100 -----------------------------------------------------------


class Match(TrickMatch[Deal, str, DealScore]):
    """The game to 100: deals until a side has 100 points below the line; that side wins.

    ``Match``, as in every game (its 0.1 name ``Game`` was removed in 0.3).

    Part-scores add up, doubled trick scores count in full, overtricks and
    every bonus go above the line and never count towards the 100. A
    passed-out deal scores nothing and the next dealer (the dealer's left)
    deals again. Drive it like a deal (``call``, ``play``); between deals the
    phase is ``"deal-over"`` until :meth:`next_deal`.
    """

    deal_class = Deal

    def __init__(
        self,
        seed: Seed = None,
        dealer: int | str | None = None,
        first_caller: FirstCaller = "left",
        target: int = GAME_POINTS,
    ) -> None:
        # Without this a target of 0 would let both sides "win" with nothing.
        self.target = check_count(target, N_("the target"), 1)
        self.first_caller = first_caller
        super().__init__(
            seed, None if dealer is None else parse_seat(dealer), first_caller=first_caller
        )

    def _finished(self) -> bool:
        return self._deals[-1].phase == OVER and max(self.below()) >= self.target

    def _settings(self) -> tuple[object, ...]:
        return (self.target, *super()._settings())

    def legal_calls(self) -> tuple[str, ...]:
        """The calls the seat to act may make in the current deal's auction."""
        return self._deals[-1].legal_calls()

    def below(self) -> tuple[int, int]:
        """Points below the line so far: (North–South, East–West)."""
        return self._sum("below")

    def above(self) -> tuple[int, int]:
        """Points above the line so far: (North–South, East–West)."""
        return self._sum("above")

    def _sum(self, where: Literal["below", "above"]) -> tuple[int, int]:
        ns = ew = 0
        for deal_score_ in self.scores_by_deal():
            pair = deal_score_.below if where == "below" else deal_score_.above
            ns, ew = ns + pair[0], ew + pair[1]
        return ns, ew

    def totals(self) -> tuple[int, int]:
        """Below plus above the line, by side (for interest: the winner is decided below)."""
        below, above = self.below(), self.above()
        return (below[0] + above[0], below[1] + above[1])

    def returns(self) -> tuple[int, ...]:
        """Each seat's side's points, below and above the line, once the game is over."""
        self._check_over()
        by_side = self.totals()
        return tuple(by_side[seat % 2] for seat in range(4))

    def winners(self) -> tuple[int, ...]:
        """The side (0 NS, 1 EW) that reached 100 below the line, once the game is over."""
        self._check_over()
        below = self.below()
        return tuple(side for side in (0, 1) if below[side] >= self.target)

    @property
    def winner(self) -> str | None:
        """``"NS"`` or ``"EW"`` once the game is over, else ``None``."""
        return SIDE_NAMES[self.winners()[0]] if self.phase == "over" else None

    def sheet(self) -> list[tuple[int, SheetLine]]:
        """Every entry on the sheet so far, as ``(deal number from 1, line)``."""
        return [
            (number, line)
            for number, deal in enumerate(self._deals, 1)
            if deal.phase == OVER
            for line in deal.scores().lines
        ]

    def _repr_html_(self) -> str:
        from cardlib.draw.bridge import sheet_html

        return sheet_html(self)

    def __repr__(self) -> str:
        return f"<bridge.Match deal {len(self._deals)} phase={self.phase} below={self.below()}>"


class ContractBridge(facts.Game):
    """Contract Bridge's facts for the registry (:mod:`cardlib.games`): an auction instead of
    counted calls, a dummy, a score sheet by side, the game to 100; the coach does not know it
    (double dummy analysis does: :mod:`cardlib.bridge.double_dummy`)."""

    key = "bridge"
    name = N_("Contract Bridge")
    deal = Deal
    match = Match
    coached = False
    bots: ClassVar[dict[str, str]] = {
        "beginner": "RandomBridgeBot",
        "sensible": "SensibleBridgeBot",
    }
    match_title = N_("{name} (a game to {points})")

    @classmethod
    def match_values(cls) -> dict[str, object]:
        return {"points": GAME_POINTS}

    @classmethod
    def deal_again(cls, deal: Deal, hands: Sequence[Sequence[Card]]) -> Deal:
        return Deal.from_hands(hands, deal.dealer, deal.calls, deal.first_caller)

    @classmethod
    def made_by(cls, deal: Deal, seat: int) -> bool | None:
        """Whether ``seat``'s side made its contract; ``None`` when the other side declared
        (or the deal was passed out)."""
        contract = deal.contract
        if contract is None or contract.declarer is None or contract.declarer % 2 != seat % 2:
            return None
        taken = deal.scores().tricks_taken
        return taken is not None and taken >= contract.level + 6

    @classmethod
    def rules(cls, options: object = None, trump: str | None = None) -> PlayRules:
        return play_rules(trump)

    analysed_by = "cardlib.bridge.double_dummy"

    @classmethod
    def text_game(cls, deal: Deal) -> str:
        """``bridge``, or ``bridge/dealer-first`` under the Laws' first caller."""
        return f"{cls.key}/dealer-first" if deal.first_caller == "dealer" else cls.key

    @classmethod
    def text_dealer(cls, deal: Deal) -> str:
        """The dealer as a bridge player writes it: ``N``, ``E``, ``S`` or ``W``."""
        return SEAT_LETTERS[deal.dealer]

    @classmethod
    def dealer_from_text(cls, text: str, players: int) -> int:
        try:
            return parse_seat(text)
        except (CardlibError, ValueError):
            raise CardlibError(
                _("a seat N, E, S or W, got {text!r}").format(text=text), "position"
            ) from None

    @classmethod
    def text_options(cls, words: Sequence[str]) -> dict[str, Any]:
        """``dealer-first`` when the dealer calls first (the Laws); else the dealer's left."""
        if list(words) not in ([], ["dealer-first"]):
            raise CardlibError(
                _("Contract Bridge is bridge or bridge/dealer-first, got {field!r}").format(
                    field="/".join(words)
                ),
                "position",
            )
        return {"first_caller": "dealer" if words else "left"}

    @classmethod
    def text_first_trick(
        cls, options: dict[str, Any], dealer: int, players: int, calls: Sequence[str]
    ) -> tuple[int, int, str | None]:
        """Declarer's left leads, under the contract's trump (the auction decides both)."""
        auction = Auction.from_calls(dealer, calls, options["first_caller"])
        contract, declarer = auction.contract, auction.declarer
        if contract is None or declarer is None:
            return dealer, 1, None
        return (declarer + 1) % 4, 1, contract.trump

    @classmethod
    def deal_from_text(
        cls,
        hands: Sequence[Sequence[Card]],
        dealer: int,
        options: dict[str, Any],
        made_up: bool = False,
    ) -> Deal:
        return Deal.from_hands(hands, dealer, (), options["first_caller"])

    @classmethod
    def call_from_text(cls, text: str) -> str:
        return text

    @classmethod
    def match_from_text(cls, first: Deal, settings: dict[str, int]) -> Match:
        return Match(0, first.dealer, first.first_caller, **settings)

    trump_varies = True

    #: an auction, one contract a side plays, a score sheet by side
    counted_calls = False

    @classmethod
    def call_pad(cls, deal: Deal, seat: int) -> tuple[str, ...]:
        """Every call of the auction (:data:`CALLS`): the table dims those not allowed now."""
        return CALLS

    @classmethod
    def dummy(cls, deal: Deal) -> int | None:
        """The declarer's partner, once the auction has a contract."""
        return deal.dummy

    @classmethod
    def declarer(cls, deal: Deal) -> int | None:
        """The declarer, once the auction has a contract."""
        return deal.declarer

    @classmethod
    def hand_to_play(cls, deal: Deal) -> int | None:
        """The dummy's seat on the dummy's turns (the declarer acts for it)."""
        return deal.hand_to_play if deal.phase == "playing" else deal.to_act

    @classmethod
    def check_call(cls, call: object, options: object = None, cards: int | None = None) -> str:
        """A call of the auction in its written form (:func:`parse_call`), whatever the
        cards held; a card or anything but text is refused."""
        return parse_call(call)  # type: ignore[arg-type]


__all__ = [
    "BIDS",
    "CALLS",
    "CALL_FORMS",
    "DOUBLE",
    "EAST",
    "EW",
    "FIRST_CALLERS",
    "GAME_POINTS",
    "GRAND_SLAM_BONUS",
    "HCP",
    "HONOUR_RANKS",
    "INSULT_BONUS",
    "NORTH",
    "NS",
    "PASS",
    "REDOUBLE",
    "SEAT_LETTERS",
    "SEAT_NAMES",
    "SIDE_NAMES",
    "SMALL_SLAM_BONUS",
    "SOUTH",
    "STRAINS",
    "STRAIN_NAMES",
    "STRAIN_SYMBOLS",
    "WEST",
    "Auction",
    "Contract",
    "ContractBridge",
    "Deal",
    "DealScore",
    "FirstCaller",
    "IllegalCallError",
    "Match",
    "Score",
    "SheetLine",
    "deal_score",
    "explain_line",
    "explain_play",
    "explain_side",
    "high_card_points",
    "honours",
    "is_bid",
    "legal_plays",
    "parse_call",
    "parse_contract",
    "parse_seat",
    "partner_of",
    "play_rules",
    "score",
    "side_of",
    "trick_value",
    "trick_winner",
    "undertrick_penalty",
]
