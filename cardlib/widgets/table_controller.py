"""The card table without its widget: :class:`TableController`.

Everything the card table (:class:`cardlib.widgets.table.CardTable`) does but draw: the match
and whose turn it is, the bots (at their level, at the learner's speed), the learner's clicks
and their refusals, the card played for the learner when it is the only legal one, the hint,
the review after a deal and its replays, "Play this deal again", the match kept for a reload,
the learner's record, and the *frames* the browser draws: plain dicts of words and cards, one
per bot action, ending with the position the learner now faces. It imports no widget library
(no ipywidgets, anywidget or traitlets), so plain pytest and a script play whole matches
through it; the widget is a thin shell that hands it the browser's messages
(:meth:`TableController.receive`) and, each time it says something changed (``on_change``),
sends the browser what it now shows.

What differs between games it asks the registry (:mod:`cardlib.games`, the facts of
:class:`cardlib.facts.Game`): the match (``new_match``), the opponents
(:func:`cardlib.coach.analysis.opponent`), the words (``call_word``, ``deal_word``), the table
sizes (``players``), the call buttons (``call_pad``), the dummy (``dummy``, ``declarer``,
``hand_to_play``), how long a match is (``deals_to_play``), whether the coach knows the game
(``coached``: the strong bot, the hint, the review rated decision by decision) and what the
learner undertook and made (``made_by``). A game whose calls are an auction rather than a
count of tricks a seat (``counted_calls``) is shown with its auction, its contract and its
score sheet by side.

The speed is data: ``speed`` names one of :data:`SPEEDS` (the milliseconds the browser shows
each frame), and a frame that holds a finished trick with its winner says so (``pause``);
Python never waits.

>>> table = TableController("callbreak", seed=1, speed="instant")
>>> table.state["phase"], table.state["calls"][0]["text"]
('calling', '1')
"""

from __future__ import annotations

import contextlib
import copy
import functools
import math
import re
import secrets
from collections.abc import Callable, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any, TypeVar, cast

from cardlib import bridge, games, i18n, seats
from cardlib.bridge.calls import Contract
from cardlib.cards import Card, card_name, is_feminine, parse_card, sort_for_display, suit_name
from cardlib.coach.analysis import analyse, opponent
from cardlib.coach.review import DEFAULT_SAMPLES, Review, ReviewRow, points_text
from cardlib.coach.review import review as review_deal
from cardlib.draw.svg import SUIT_COLOURS
from cardlib.errors import CardlibError, check_count
from cardlib.facts import Game
from cardlib.game import SEAT_NAMES, TrickDeal
from cardlib.i18n import N_, _, ngettext, pgettext
from cardlib.match import places
from cardlib.tricks import RULE_IDS
from cardlib.validate import check_flag
from cardlib.widgets import bridge_review
from cardlib.widgets.bridge_review import TableBridgeReview

LEARNER = 0
#: How long the browser shows each frame, in milliseconds (the finished trick three times as
#: long); ``"instant"`` shows only the last, ``"step"`` waits for "Continue" after each trick.
SPEEDS = {"instant": 0, "fast": 250, "normal": 500, "slow": 1000, "step": -1}
#: The browser's messages that are one of the learner's clicks (each carries a serial).
BROWSER_ACTIONS = ("card", "call", "next", "replay", "back", "hint", "again")
SPEED_NAMES = {
    "instant": N_("Instant"),
    "fast": N_("Fast"),
    "normal": N_("Normal (half a second a card)"),
    "slow": N_("Slow"),
    "step": N_("Pause after each trick"),
}
#: The opponents to choose from: random legal cards, today's sensible bots, the coach.
LEVELS = {
    "beginner": N_("Beginner"),
    "sensible": N_("Sensible"),
    "strong": N_("Strong"),
}
#: Imagined deals per decision of the strong bot at the table (the coach's CoachBot): its
#: calls and cards then take a fraction of a second each on this machine.
STRONG_SAMPLES = 30
#: Imagined deals behind a hint (the coach's ``analyse``): about a second on this machine.
HINT_SAMPLES = 200
ACTING = ("calling", "bidding", "playing")
#: A place at the end of a match, as players say it (Judgement seats up to seven).
PLACE_WORDS = {
    1: N_("1st"),
    2: N_("2nd"),
    3: N_("3rd"),
    4: N_("4th"),
    5: N_("5th"),
    6: N_("6th"),
    7: N_("7th"),
}
#: What a kept match's id may be: the controller's own (hex), or an older kept match's
#: "game-players-seed"; anything else is a damaged record.
MATCH_ID = re.compile(r"[A-Za-z0-9_:-]{1,64}")


def fresh_seed() -> int:
    """A new match's seed when none is given: a different deal for every visit."""
    return secrets.randbelow(1_000_000)


def seat_label(seat: int, players: int = 4) -> str:
    """A seat as the learner at this table reads it: "You (South, seat 0)", "West (1)", "Seat 3"."""
    return seats.seat_label(seat, you=LEARNER, players=players)


# ----- what the browser draws: cards, calls, seats ------------------------------------


def card_json(card: Card, legal: bool | None = None) -> dict:
    """A card for the browser: its text, its name for screen readers, its colour."""
    name = card_name(card)
    if legal is not None:
        name = _("{card}, playable") if legal else _("{card}, not playable now")
        name = name.format(card=card_name(card))
    return {
        "code": card.code,
        "text": str(card),
        "rank": card.rank_text,
        "symbol": card.symbol,
        "name": name,
        "colour": SUIT_COLOURS[card.suit],
        "legal": bool(legal),
    }


def call_text(call: int | str) -> str:
    """A call as the learner reads it: 3, "1♠", "Pass", "Double"."""
    if isinstance(call, str):
        words = {
            bridge.PASS: N_("Pass"),
            bridge.DOUBLE: N_("Double"),
            bridge.REDOUBLE: N_("Redouble"),
        }
        if call in words:
            return _(words[call])
        return call[0] + bridge.STRAIN_SYMBOLS[call[1:]]
    return str(call)


def call_name(call: int | str) -> str:
    """A call for screen readers: "1 spade", "3 no trump", "pass", "3"."""
    if isinstance(call, str) and call[:1].isdigit():
        strain = call[1:]
        if strain == "NT":
            return _("{level} no trump").format(level=call[0])
        return f"{call[0]} {suit_name(strain, plural=call[0] != '1')}"  # one spade, two spades
    return call_text(call).lower() if isinstance(call, str) else str(call)


def contract_text(contract: Contract | None) -> str:
    """A contract as the learner reads it: "2♦ by South", "3NTX by West", "passed out"
    (one that names no declarer, as a deal's always does, is the contract alone: "4♠")."""
    if contract is None:
        return _("passed out")
    bid = f"{call_text(contract.bid)}{'X' * contract.doubled}"
    if contract.declarer is None:  # a contract on its own, not one a deal reached
        return bid
    return _("{contract} by {seat}").format(
        contract=bid,
        seat=_(SEAT_NAMES[contract.declarer]),  # "South": a message of cardlib.seats
    )


def plain_refusal(error: CardlibError) -> str:
    """The engine's message without its rule id: learner text never shows "(follow-suit)"."""
    text = str(error)
    if error.rule:
        text = text.replace(f" ({error.rule})", "")
    return text[:1].upper() + text[1:]


def seat_places(players: int) -> list[dict]:
    """Which way each seat sits from the table's centre, as a unit vector (``ux``, ``uy``).

    Seat 0 is at the bottom, then clockwise (screen ``y`` points down). The style
    sheet turns the vector into a place for the seat and, nearer the centre, for the
    card it played, with distances that suit the table's width and number of seats.
    """
    places = []
    for seat in range(players):
        angle = math.pi / 2 + 2 * math.pi * seat / players
        places.append({"ux": round(math.cos(angle), 4), "uy": round(math.sin(angle), 4)})
    return places


def place_text(place: int, tied: bool = False) -> str:
    """A place as the learner reads it: "1st", or "2nd (tied)" when others share it."""
    word = _(PLACE_WORDS[place])
    return _("{place} (tied)").format(place=word) if tied else word


def _standing_rows(places_of: Sequence[int], names: Sequence[str], *columns: Sequence[str]):
    """The rows of a final table, best place first (seats in order within a place): the
    place, shared where the same place is anybody else's too, the name, then ``columns``."""
    order = sorted(range(len(places_of)), key=lambda i: (places_of[i], i))
    return [
        [
            place_text(places_of[i], tied=places_of.count(places_of[i]) > 1),
            names[i],
            *(column[i] for column in columns),
        ]
        for i in order
    ]


def _forced_words(card: Card) -> Callable[[], str]:
    """What the table says of a card played for the learner, in the language in use."""
    return lambda: _("Only one card could be played: {card}.").format(card=card)


def _sentence_end(text: str) -> str:
    """``text`` ending as a sentence does (a full stop unless it has one), to go on after it."""
    text = text.rstrip()
    return text if text.endswith((".", "!", "?", "।")) else f"{text}."


def _speed_error(speed: object) -> CardlibError:
    return CardlibError(
        _("speed is one of {speeds}, got {speed!r}").format(speeds=", ".join(SPEEDS), speed=speed),
        "speed",
    )


def _total_text(total: object) -> str:
    if isinstance(total, Decimal):
        exponent = total.as_tuple().exponent  # an int: totals are finite (never NaN)
        return f"{total:.1f}" if exponent < 0 else f"{total:.0f}"  # type: ignore[operator]
    return str(total)


def _exposed_dummy(game: type[Game], deal: Any) -> int | None:
    """The dummy's seat once its cards lie face up (from the opening lead), else ``None``."""
    dummy = game.dummy(deal)
    return dummy if dummy is not None and (deal.trick or deal.tricks) else None


# ----- how the calls and the points are shown: counted, or an auction --------------------


class _CountedCalls:
    """A game where each seat calls (bids) its own count of tricks and scores on it."""

    def __init__(self, game: type[Game]):
        self.game = game

    def badge(self, deal: Any, view: Any, seat: int) -> str:
        call = view.calls[seat]
        said = "—" if call is None else str(call)
        won = view.tricks_won[seat]
        if self.game.call_word == "bid":
            return _("bid {call} · won {tricks}").format(call=said, tricks=won)
        return _("call {call} · won {tricks}").format(call=said, tricks=won)

    def auction(self, deal: Any) -> str:
        return ""

    def heading(self, deal: Any) -> str:
        """The deal's trump, where its rules name one ("" where they do not)."""
        trump = getattr(getattr(deal, "rules", None), "trump", "unset")
        if trump is None:
            return _("no trump")
        if trump != "unset":
            return _("trump {suit}").format(suit=suit_name(trump))
        return ""

    def end_row(self, deal: Any, match: Any, seat: int) -> tuple[str, int, object]:
        """A seat's call, tricks and running total at the end of a deal."""
        return str(deal.calls[seat]), deal.tricks_won[seat], match.totals()[seat]

    def end_heads(self) -> list[str]:
        """The heads of the end-of-deal table, in the game's words (a bid or a call)."""
        said = _("Bid") if self.game.call_word == "bid" else _("Call")
        return [_("Seat"), said, _("Tricks"), _("Result"), _("Points"), _("Why")]

    def calls_word(self) -> str:
        """What the learner's call buttons are named as a group."""
        return _("Bids") if self.game.call_word == "bid" else _("Calls")

    def made_word(self) -> str:
        """The head of the record's column of calls made (by the game's own rule)."""
        return _("Bids made") if self.game.call_word == "bid" else _("Calls made")

    def running(self, match: Any) -> str:
        """The running totals said in the heading: none, each seat shows its own."""
        return ""

    def seat_total(self, match: Any, seat: int) -> tuple[str, str] | None:
        """A seat's running match total at its place during play: short, to keep the seat as
        narrow as its badge on a phone, and in full for screen readers."""
        points = _total_text(match.totals()[seat])
        return (
            _("total {points}").format(points=points),
            _("match total {points}").format(points=points),
        )

    def standings(self, match: Any, players: int) -> dict:
        """A finished match's places by total (ties share a place, compared exactly)."""
        totals = match.totals()
        return {
            "caption": _("Final places"),
            "heads": [_("Place"), _("Seat"), _("Match total")],
            "rows": _standing_rows(
                places(totals),
                [seat_label(seat, players) for seat in range(players)],
                [_total_text(total) for total in totals],
            ),
        }

    def total_word(self) -> str:
        return _("Running total")

    def over(self, match: Any, players: int) -> str:
        names = _(" and ").join(seat_label(s, players) for s in match.winners())
        return _("Match over: {seats} on top.").format(seats=names)

    def sheet(self, finished: list, match: Any, word: str, players: int) -> tuple:
        heads = [word, *(seat_label(seat, players) for seat in range(players))]
        said = _("bid {call} · won {tricks}") if self.game.call_word == "bid" else None
        said = said or _("call {call} · won {tricks}")
        rows = []
        for number, deal in enumerate(finished, 1):
            points = deal.scores()
            rows.append(
                [
                    str(number),
                    *(
                        said.format(call=deal.calls[seat], tricks=deal.tricks_won[seat])
                        + f" · {_total_text(points[seat])}"
                        for seat in range(players)
                    ),
                ]
            )
        return heads, rows, [_("Total"), *map(_total_text, match.totals())]


class _Auction(_CountedCalls):
    """A game whose auction reaches one contract that a side plays and scores by side."""

    def badge(self, deal: Any, view: Any, seat: int) -> str:
        auction = deal.auction
        calls = [c for i, c in enumerate(auction.calls) if auction.seat_of(i) == seat]
        said = call_text(calls[-1]) if calls else "—"
        won = view.tricks_won[seat]
        if view.phase != "calling":
            return _("said {call} · won {tricks}").format(call=said, tricks=won)
        return _("said {call}").format(call=said)

    def auction(self, deal: Any) -> str:
        auction = deal.auction
        return ", ".join(
            f"{seat_label(auction.seat_of(i), 4)} {call_text(c)}"
            for i, c in enumerate(auction.calls)
        )

    def heading(self, deal: Any) -> str:
        contract = deal.contract
        if contract is None:
            return ""
        bid = f"{call_text(contract.bid)}{'X' * contract.doubled}"
        return _("contract {contract}").format(contract=bid)

    def end_row(self, deal: Any, match: Any, seat: int) -> tuple[str, int, object]:
        """The contract, the seat's side's tricks and its total below the line."""
        side = seat % 2
        return contract_text(deal.contract), deal.tricks_by_side()[side], match.below()[side]

    def end_heads(self) -> list[str]:
        return [_("Seat"), _("Contract"), _("Side's tricks"), _("Result"), _("Points"), _("Why")]

    def made_word(self) -> str:
        return _("Contracts made")  # your side's contracts: made_by counts them

    def seat_total(self, match: Any, seat: int) -> tuple[str, str] | None:
        """None: a side's points are its two seats', said once in the heading (:meth:`running`),
        which keeps the seats (declarer's and dummy's taller already) as they were."""
        return None

    def running(self, match: Any) -> str:
        """The sides' points below the line so far, where the game is won: in the heading."""
        north_south, east_west = match.below()
        return _("below the line: North–South {ns}, East–West {ew}").format(
            ns=north_south, ew=east_west
        )

    def standings(self, match: Any, players: int) -> dict:
        """The sides' places: the side that reached the target below the line is first."""
        winners = match.winners()
        below, totals = match.below(), match.totals()
        return {
            "caption": _("Final places"),
            "heads": [_("Place"), _("Side"), _("Below the line"), _("Total")],
            "rows": _standing_rows(
                [1 if side in winners else 2 for side in (0, 1)],
                [_("North–South"), _("East–West")],
                [str(points) for points in below],
                [str(points) for points in totals],
            ),
        }

    def total_word(self) -> str:
        return _("Side's total below the line")

    def over(self, match: Any, players: int) -> str:
        sides = (_("North–South"), _("East–West"))
        return _("Game over: {side} reach {points} and win.").format(
            side=sides[match.winners()[0]], points=match.target
        )

    def sheet(self, finished: list, match: Any, word: str, players: int) -> tuple:
        heads = [word, _("Contract"), _("North–South"), _("East–West")]
        rows = []
        for number, deal in enumerate(finished, 1):
            score = deal.scores()
            contract = contract_text(deal.contract)
            if deal.contract is not None:
                contract = _("{contract}: {tricks} tricks").format(
                    contract=contract, tricks=score.tricks_taken
                )
            by_side = [score.below[side] + score.above[side] for side in (0, 1)]
            rows.append([str(number), contract, *map(str, by_side)])
        return heads, rows, [_("Total"), "", *map(str, match.totals())]


# ----- the controller ------------------------------------------------------------------

Method = TypeVar("Method", bound=Callable[..., Any])


def _reported(method: Method) -> Method:
    """The controller tells its listener once a public method that may change what the
    browser shows is done (once, however many such methods it called on the way)."""

    @functools.wraps(method)
    def reported(self: TableController, *args: Any, **kwargs: Any) -> Any:
        self._busy += 1
        try:
            return method(self, *args, **kwargs)
        finally:
            self._busy -= 1
            if not self._busy and self.on_change is not None:
                self.on_change()

    return cast("Method", reported)


class TableController:
    """The card table's game, bots, review and record, with no widget: one learner (seat 0)
    against the bots, any game of the registry.

    The arguments are :class:`~cardlib.widgets.table.CardTable`'s; ``on_change`` is called
    (with no argument) after each action that may change what the browser shows: the
    ``frames``, ``refusal`` (and ``refusal_count``, one more for each refusal), ``review``,
    ``finished_match``, ``kept_match``, ``level``, ``speed``, ``peek_open``, ``auto_forced``.
    ``guided=True``: the first deal of the first match is the guided deal (each frame's
    ``guide``; a wrong try explained by the rule it breaks; see :mod:`cardlib.widgets.table`).

    >>> table = TableController("judgement", seed=6, players=4, speed="instant")
    >>> table.state["heading"]
    'Judgement · Round 1 of 8 · dealer You (South, seat 0) · trump clubs'
    """

    def __init__(
        self,
        game: str = "callbreak",
        seed: int | None = 0,
        players: int = 4,
        speed: str = "normal",
        review_samples: int = DEFAULT_SAMPLES,
        level: str | Sequence[str] = "sensible",
        strong_samples: int = STRONG_SAMPLES,
        auto_forced: bool = False,
        hints: bool = True,
        hint_samples: int = HINT_SAMPLES,
        guided: bool = False,
        on_change: Callable[[], None] | None = None,
        fresh_seeds: bool | None = None,
    ):
        if game not in games.GAMES:
            raise CardlibError(
                _("no game called {game!r}: choose one of {games}").format(
                    game=game, games=", ".join(games.GAMES)
                ),
                "game",
            )
        if speed not in SPEEDS:
            raise _speed_error(speed)
        #: the game's facts (:class:`cardlib.facts.Game`): all the table asks of a game
        self.facts = games.GAMES[game]
        if players not in self.facts.players:
            raise CardlibError(
                _("{name} is played by {counts} players, got {players!r}").format(
                    name=_(self.facts.name),
                    counts=", ".join(map(str, self.facts.players)),
                    players=players,
                ),
                "players",
            )
        if (
            not isinstance(review_samples, int)
            or isinstance(review_samples, bool)
            or review_samples < 1
        ):
            raise CardlibError(
                _("review_samples is a whole number of samples, 1 or more, got {value!r}").format(
                    value=review_samples
                ),
                "review-samples",
            )
        if seed is not None and (type(seed) is not int or seed < 0):
            raise CardlibError(
                _(
                    "seed is a whole number, 0 or more, or None for a fresh one, got {value!r}"
                ).format(value=seed),
                "seed",
            )
        #: whether the match's first deal is the guided deal (see :attr:`guiding`)
        self.guided = check_flag(guided, "guided")
        self._busy = 0  # the depth of reported methods under way (see _reported)
        #: called after each action that may change what the browser shows
        self.on_change = on_change
        # how the calls and points are shown: each seat's count of tricks, or an auction
        shows = _CountedCalls if self.facts.counted_calls else _Auction
        self._shows = shows(self.facts)
        #: a table without a seed deals each match from a fresh seed (the app's); shown
        # (a page that drew its first screen before Python started gives the seed it drew with
        # and fresh_seeds=True: that match, then fresh ones, kept as a fresh table's are)
        self.fresh_seeds = (
            seed is None if fresh_seeds is None else check_flag(fresh_seeds, "fresh_seeds")
        )
        seed = fresh_seed() if seed is None else seed
        #: the game's key ("callbreak"), as the table was asked for it
        self.game = game
        self.seed = seed
        self.players = players
        self.review_samples = review_samples
        #: how fast the browser shows the bots' actions: one of SPEEDS
        self.speed = speed
        self.match_seed = seed  # the seed of the match now played
        self.match = self.facts.new_match(seed, players)
        #: this match's own name: the learner's record counts each match once by it, however
        #: often its end is shown or rebuilt (a replayed seed is another match)
        self.match_id = secrets.token_hex(8)
        #: the frames the browser shows, one at a time: the last is the learner's position
        self.frames: list[dict] = []
        #: the refusal shown beside the hand ("" for none), and how many were said so far
        self.refusal = ""
        self.refusal_count = 0
        #: the review of the deal just finished, in words for the browser ({} until asked for)
        self.review: dict = {}
        #: a match just finished, for the learner's record in the browser ({} otherwise)
        self.finished_match: dict = {}
        #: what the browser keeps of this match to rebuild it after a reload
        self.kept_match: dict = {}
        #: whether the last trick taken is shown beside the table (the "Last trick" toggle)
        self.peek_open = False
        #: whether the learner's only legal card is played for them (the table's checkbox)
        self.auto_forced = bool(auto_forced)
        #: the learner's actions in this match, to rebuild it after a reload (never practice)
        self.match_actions: list[list] = []
        #: (a copy of the deal before it, the action) for each of the learner's decisions
        self.record: list[tuple[TrickDeal, Card | int | str]] = []
        self._kept_match: Any = None  # the match itself while the learner replays (practice)
        # the finished deal's, once asked for (a Contract Bridge deal's is double dummy's)
        self._deal_review: Review | TableBridgeReview | None = None
        #: the finished deal's record and review, kept while the learner replays it
        self._kept_record: list[tuple[TrickDeal, Card | int | str]] = []
        self._kept_review: Review | TableBridgeReview | None = None
        self._kept_bots: list = []
        #: the bots as they were when the deal was dealt, for "Play this deal again"
        self._deal_start_bots: list | None = None
        self._last_said: tuple | None = None
        #: the review of each of the match's deals, by deal number, once asked for
        self._match_reviews: dict[int, Review] = {}
        self.levels = self._check_levels(level)
        self._first_levels = self.levels[1:]  # the opponents the match began with
        self.strong_samples = check_count(
            strong_samples,
            "strong_samples",
            1,
            message=_("strong_samples is a whole number of samples, 1 or more, got {value!r}"),
        )
        self.bots = self._make_bots()
        #: the one level every bot plays at, "" when the seats differ (the browser's menu)
        self.level = self._shared_level()
        self.matches_played = 0
        self._kept_in_progress: object = None  # the last match written to the progress record
        self._serial = 0  # counts the learner's moves: the browser shows it on the table
        #: stale or repeated clicks from the browser, ignored (see receive)
        self.ignored_messages = 0
        self._say_refusal: Callable[[], str] | None = None  # said again after a language switch
        #: whether the table offers the coach's hint (graded use turns it off)
        self.hints = bool(hints)
        self.hint_samples = check_count(
            hint_samples,
            "hint_samples",
            1,
            message=_("hint_samples is a whole number of samples, 1 or more, got {value!r}"),
        )
        self._hint: tuple[int, Callable[[], str]] | None = None  # (serial, the hint's words)
        self._forced_note: Callable[[], str] | None = None  # "Only one card could be played"
        self._restoring = False  # replaying kept actions: no card is played for the learner
        self._restored_at: int | None = None  # the serial of the position a reload rebuilt
        #: the deal as dealt (before anybody acted), for "Play this deal again"
        self._deal_start: TrickDeal | None = None
        self._deal_start_of: tuple = ()
        i18n.on_change(self._language_changed)  # held weakly: a table gone is not called
        self._advance()

    def __repr__(self) -> str:
        players = f", players={self.players}" if self.players != 4 else ""
        guided = ", guided=True" if self.guided else ""
        return f"TableController({self.game!r}, seed={self.seed}{players}{guided})"

    # ----- a match kept in the browser ---------------------------------------------

    @property
    def keep_key(self) -> str:
        """Which match the browser keeps for this table: its game and seats, and its seed
        unless the table deals fresh ones ("callbreak:4", "callbreak:4:seed2052")."""
        key = f"{self.game}:{self.players}"
        if self.guided:  # a guided table's match is not a plain table's of the same seed
            key += ":guided"
        return key if self.fresh_seeds else f"{key}:seed{self.seed}"

    def kept(self) -> dict:
        """What the browser keeps to rebuild this match after a reload (:meth:`restore`): its
        key, its id, the match's seed, the matches played before it at this table, the
        opponents it began with and the learner's actions; ``fresh``: the table deals fresh
        seeds, so the browser keeps the deal from the moment it is shown (a reload before the
        first action gives the same cards back)."""
        return {
            "key": self.keep_key,
            "match_id": self.match_id,
            "fresh": self.fresh_seeds,
            "game": self.game,
            "players": self.players,
            "seed": self.match_seed,
            "matches": self.matches_played,
            "levels": list(self._first_levels),
            "actions": [list(action) for action in self.match_actions],  # a copy: synced anew
        }

    @_reported
    def restore(self, saved: Any) -> bool:
        """Rebuild a kept match (:meth:`kept`) by replaying its actions through the engine:
        only on a table not played yet, and only a match of this table's own (the same key;
        a seeded table's matches are its seed's: ``seed``, ``seed + 1000``, …). Anything that
        does not replay cleanly (another game, a changed or damaged record) leaves the fresh
        match as it is; ``True`` if the match was rebuilt."""
        if self.match_actions or self.practising:
            return False
        try:
            matches = saved.get("matches", 0)
            # a match kept before matches had ids is named as its record then named it
            match_id = saved.get("match_id", f"{saved['game']}-{saved['players']}-{saved['seed']}")
            ok = (
                saved.get("key", f"{saved['game']}:{saved['players']}") == self.keep_key
                and saved["game"] == self.game
                and saved["players"] == self.players
                and type(saved["seed"]) is int
                and saved["seed"] >= 0
                and type(matches) is int
                and matches >= 0
                and (self.fresh_seeds or saved["seed"] == self.seed + 1000 * matches)
                and isinstance(saved["actions"], list)
                and isinstance(match_id, str)
                and MATCH_ID.fullmatch(match_id) is not None
            )
            if not ok:
                return False
            levels = self._check_levels(saved["levels"])
        except (AttributeError, KeyError, TypeError, CardlibError):
            return False
        fresh = (
            self.match,
            self.match_seed,
            self.levels,
            self.bots,
            self.matches_played,
            self.match_id,
        )
        self._restoring = True  # the kept actions name every card, forced ones too
        try:
            return self._restore_from(saved, levels, fresh, matches, match_id)
        finally:
            self._restoring = False

    def _restore_from(
        self, saved: dict, levels: list, fresh: tuple, matches: int, match_id: str
    ) -> bool:
        self.match_seed, self.matches_played = saved["seed"], matches
        self.match_id = match_id
        self.match = self.facts.new_match(self.match_seed, self.players)
        self.levels, self._first_levels = levels, levels[1:]
        self.bots = self._make_bots()
        self.record = []
        self._advance()  # the bots act up to the learner's first turn, as on a new table
        replayed = True
        for action in saved["actions"]:
            replayed = self._replay_action(action)
            if not replayed:
                break
        if not replayed:  # back to the fresh match, as if nothing was kept
            (
                self.match,
                self.match_seed,
                self.levels,
                self.bots,
                self.matches_played,
                self.match_id,
            ) = fresh
            self._first_levels = self.levels[1:]
            self.match_actions, self.record = [], []
            self._match_reviews = {}
            self._forget_review()
        self._say_refusal = None
        self.refusal = ""
        self.level = self._shared_level()
        self._restoring = False
        if replayed:  # said on the table until the learner's next action
            self._restored_at = self._serial + 1
        self._advance()
        return replayed

    def _replay_action(self, action: object) -> bool:
        """One kept action, played again; ``False`` if it is not one or is refused."""
        if not isinstance(action, list) or not action:
            return False
        kind, *value = action
        count = self.refusal_count
        if kind == "card" and len(value) == 1 and isinstance(value[0], str):
            try:
                done = self.click_card(value[0])
            except CardlibError:  # not a card at all
                return False
        elif kind == "call" and len(value) == 1:
            done = self.click_call(value[0])
        elif kind == "next" and not value:
            done = self.click_next()
        elif kind == "level" and len(value) == 1:
            try:
                self.set_level(value[0])
            except CardlibError:
                return False
            done = True
        else:
            return False
        return done and self.refusal_count == count

    # ----- the opponents ----------------------------------------------------------

    def _check_levels(self, level: object) -> list[str | None]:
        """``level`` for every bot, or one level per seat after the learner's: a list by seat."""
        levels: Any = [level] * (self.players - 1) if isinstance(level, str) else level
        try:
            levels = list(levels)
        except TypeError:
            levels = [level]
        if len(levels) != self.players - 1 or any(
            not isinstance(one, str) or one not in LEVELS for one in levels
        ):
            raise CardlibError(
                _(
                    "level is one of {levels}, or one of them for each of the {count} other "
                    "seats, got {value!r}"
                ).format(levels=", ".join(LEVELS), count=self.players - 1, value=level),
                "level",
            )
        return [None, *levels]

    def _shared_level(self) -> str:
        """The one level every bot plays at, or "" when the seats differ (the menu's value)."""
        levels = {level for level in self.levels if level is not None}  # None: the learner
        return levels.pop() if len(levels) == 1 else ""

    def _make_bots(self) -> list:
        """One bot a seat at its level, seeded by the match and the seat (a reload replays the
        same match with the same bots); ``None`` for the learner's seat, which has no level."""
        return [
            None
            if level is None
            else opponent(self.facts, level, self.match_seed * 10 + seat, self.strong_samples)
            for seat, level in enumerate(self.levels)
        ]

    @_reported
    def set_level(self, level: str | Sequence[str]) -> None:
        """Choose the opponents: a level for every bot, or one for each seat after yours.
        They play at it from their next call or card on."""
        self.levels = self._check_levels(level)
        self.bots = self._make_bots()
        self._deal_start_bots = None  # this deal cannot be dealt again with the same bots
        self.level = self._shared_level()
        self.match_actions.append(["level", self.levels[1:]])
        self.redraw()

    # ----- state -----------------------------------------------------------

    @property
    def deal(self) -> TrickDeal:
        """The current deal (or round) of the match."""
        return cast("TrickDeal", self.match.deal)

    @property
    def state(self) -> dict:
        """The frame the learner now faces (the last one sent)."""
        return self.frames[-1]

    def _learner_turn(self) -> bool:
        return self.match.phase in ACTING and self.match.to_act == LEARNER

    # ----- the guided deal -----------------------------------------------------------

    @property
    def guiding(self) -> bool:
        """Whether the table guides now: on a ``guided`` table, the first deal of its first
        match (and any replay of it); from the next deal on the match is the learner's own."""
        real = self._kept_match or self.match
        return self.guided and self.matches_played == 0 and len(real.deals) == 1

    def _guide(self) -> str:
        """What the rules require or allow at the learner's turn, and why, in the game's
        words: the call's range and what it scores (the game's :meth:`~cardlib.facts.Game.
        call_guide`), or the rule that decides which cards may be played (the engine's
        ``deal.explain()``: the same sentence the rule ids of :mod:`cardlib.tricks` explain).
        "" when the table does not guide, or it is not the learner's turn."""
        if not self.guiding or not self._learner_turn() or self._forced_card() is not None:
            return ""
        deal = self.deal
        if self.match.phase != "playing":
            return self.facts.call_guide(deal, LEARNER)
        try:
            why = deal.explain().text
        except CardlibError:  # pragma: no cover - explain() answers whenever a card is due
            return ""
        return _("What the rules allow here: {why}").format(why=why)

    def _guided_end(self) -> str:
        """Said at the end of the guided deal: the guidance stops, the match goes on."""
        if self.facts.deal_word == "round":
            return _(
                "That was your guided round. From the next round on the table no longer "
                "explains each turn: the rest of the match is yours to play."
            )
        return _(
            "That was your guided deal. From the next deal on the table no longer "
            "explains each turn: the rest of the match is yours to play."
        )

    def _guided_refusal(self, action: Any, first: list, rule: str | None) -> str:
        """A wrong try in the guided deal, in the game's words: what was tried, why the rules
        refuse it (for a card, the rule that decides here: ``rule``, the refusal's rule id, is
        one of the ladder's), and that nothing changed."""
        why = self._engine_refusal(action, first)
        if self.match.phase == "playing":
            if rule in RULE_IDS:  # a card the rules do not allow: the rule, as a sentence
                return _("Not {card}: {why} Nothing was played; choose again.").format(
                    card=parse_card(action), why=self.deal.explain().text
                )
            return why  # not a card of the hand: the engine's refusal says so
        said = str(action) if type(action) is int else repr(action)  # '3' is text, not 3
        if isinstance(action, str) and not self.facts.counted_calls:
            with contextlib.suppress(KeyError, IndexError):  # a bridge call as the pad shows it
                said = call_text(action)
        if self.facts.call_word == "bid":
            sentence = _("Not {call}: {why} Nothing was bid; choose again.")
        else:
            sentence = _("Not {call}: {why} Nothing was called; choose again.")
        return sentence.format(call=said, why=_sentence_end(why))

    # ----- the learner's actions (the browser sends the same) ------------------

    @_reported
    def click_card(self, code: str) -> bool:
        """The learner clicks a card of the hand in front of them; ``True`` if it was played."""
        if not self._learner_turn() or self.match.phase != "playing":
            return self._refuse(lambda: _("It is not your turn to play a card."))
        card = parse_card(code)
        if card not in self._hand_to_play():
            return self._refuse(
                lambda: _("{card} is not in the hand you play from.").format(card=card)
            )
        return self._act(card)

    @_reported
    def click_call(self, value: int | str) -> bool:
        """The learner clicks a call (a number, or a bridge call like ``"1S"`` / ``"P"``)."""
        if not self._learner_turn() or self.match.phase == "playing":
            if self.facts.call_word == "call":
                return self._refuse(lambda: _("It is not your turn to call."))
            return self._refuse(lambda: _("It is not your turn to bid."))
        return self._act(value)

    @_reported
    def click_next(self) -> bool:
        """Next deal (or round) once one is over; a new match once the match is over."""
        phase = self.match.phase
        if self.practising and phase not in ACTING:
            self._leave_practice()
            phase = self.match.phase
        if phase == "over":
            self.matches_played += 1
            if self.fresh_seeds:
                self.match_seed = fresh_seed()
            else:
                self.match_seed = self.seed + 1000 * self.matches_played
            self.match = self.facts.new_match(self.match_seed, self.players)
            self.match_id = secrets.token_hex(8)
            self.bots = self._make_bots()
            self._first_levels = self.levels[1:]
            self._match_reviews = {}
            self.match_actions = []
            self.peek_open = False
        elif phase in ACTING:
            if self.facts.deal_word == "round":
                return self._refuse(lambda: _("Finish this round first."))
            return self._refuse(lambda: _("Finish this deal first."))
        else:
            self.match.next_deal()
            self.match_actions.append(["next"])
            self.peek_open = False  # a new deal: no trick taken yet
        self.record = []
        self._forget_review()
        self._say_refusal = None
        self.refusal = ""
        self._advance()
        return True

    # ----- the review after a deal, and replaying from one of its decisions ------

    @property
    def practising(self) -> bool:
        """Whether the learner is replaying a deal from one of its decisions (practice)."""
        return self._kept_match is not None

    def _deal_finished(self) -> bool:
        return self.match.phase not in ACTING

    def _review_offered(self) -> bool:
        """Whether the deal's review is offered: the coach's, of the learner's decisions, in a
        game it knows; else, in a game played in one contract, double dummy's (not of a deal
        passed out); in any other game none."""
        if self.facts.coached:
            return bool(self.record)
        if not self.facts.counted_calls:
            return bridge_review.offered(cast("bridge.Deal", self.deal))
        return False

    def idle_step(self) -> bool:
        """One bounded piece of the coach's work done ahead of time, while the host has no
        message of the learner's to handle (the site's table worker calls it between
        messages); ``False`` when none remains. Here none is ever done ahead of time: the
        review and hints are computed when asked for, so this returns ``False`` at once."""
        return False

    @_reported
    def request_review(self) -> Review | TableBridgeReview | None:
        """The review of the deal just finished (a :class:`cardlib.coach.review.Review`), computed
        the first time it is asked for (the browser asks when it shows the deal's end);
        ``None`` before the end of the deal. A contract's review (Contract Bridge) is double
        dummy's (:func:`cardlib.widgets.bridge_review.review_at_table`)."""
        if not self._deal_finished() or not self._review_offered():
            return None
        if self._deal_review is None and not self.facts.coached:
            self._deal_review = bridge_review.review_at_table(
                cast("bridge.Deal", self.deal), seed=self.seed + len(self.match.deals)
            )
        elif self._deal_review is None:
            self._deal_review = review_deal(
                self.record, self.review_samples, seed=self.seed + len(self.match.deals)
            )
            if not self.practising:  # the match's own deals add up to its review
                self._match_reviews[len(self.match.deals)] = self._deal_review
        self.review = self._review_words(self._deal_review)
        return self._deal_review

    def _forget_review(self) -> None:
        self._deal_review = None
        self.review = {}

    @_reported
    def click_replay(self, number: object) -> bool:
        """Replay the deal from before the learner's decision ``number`` (1 for the first).

        Practice: the same cards and the same earlier plays, the learner to act; the
        match keeps the deal as first played (see :mod:`cardlib.widgets.table`). Anything but
        a decision's number (the browser's message may carry anything) is refused, and so is
        a replay in a game whose review does not rate decisions (the coach does not know it).
        """
        if not self.facts.coached:
            name = _(self.facts.name)
            return self._refuse(
                lambda: _("A {game} review replays nothing: play the deal again instead.").format(
                    game=name
                )
            )
        if not self._deal_finished() or not self._review_offered():
            return self._refuse(lambda: _("A deal is replayed from its review, once it is over."))
        if not isinstance(number, int) or not 1 <= number <= len(self.record):
            count = len(self.record)
            return self._refuse(
                lambda: _("There is no decision {number}: choose 1 to {count}.").format(
                    number=number, count=count
                )
            )
        self._practise_from(self.record[number - 1][0], self.record[: number - 1])
        return True

    @_reported
    def click_play_again(self) -> bool:
        """Play the deal just finished again from its start: the same cards, as practice.

        Like "Replay from here" (:meth:`click_replay`) the match keeps the deal as first
        played; offered in every game once the deal is over.
        """
        if not self._deal_finished() or self._deal_start is None:
            return self._refuse(lambda: _("A deal is played again once it is over."))
        self.peek_open = False
        self._practise_from(self._deal_start, [], bots=self._deal_start_bots)
        return True

    def _practise_from(self, position: TrickDeal, record: list, bots: list | None = None) -> None:
        """Practice from ``position`` (an earlier position of the deal now shown), with the
        learner's decisions before it (``record``); the match is kept to come back to.

        The practice bots are copies of ``bots`` (the deal's own at its start, for "Play this
        deal again": the same answers to the same cards), else of the match's bots now."""
        if self._kept_match is None:  # the real deal's end, to come back to
            self._kept_match = self.match
            self._kept_record, self._kept_review = self.record, self._deal_review
            self._kept_bots = self.bots
        # practice bots: the match's own keep their state, so a reload replays the match exactly
        self.bots = copy.deepcopy(self._kept_bots if bots is None else bots)
        self.match = self._kept_match.replaying(position)
        self.record = record
        self._forget_review()
        self._say_refusal = None
        self.refusal = ""
        self._advance()

    @_reported
    def click_back_to_match(self) -> bool:
        """Leave a replay: back to the end of the deal as first played, with its review.

        The practice is dropped wherever it stands (mid-trick, mid-calling or over);
        the table is then exactly as it was before the first "Replay from here", and
        "Next deal" goes on with the match.
        """
        if not self.practising:
            return self._refuse(lambda: _("You are not replaying a deal: the match goes on."))
        self._leave_practice()
        if self._deal_review is not None:
            self.review = self._review_words(self._deal_review)
        self._say_refusal = None
        self.refusal = ""
        self._advance()
        return True

    def _leave_practice(self) -> None:
        """The match itself again, with the finished deal's record and review."""
        self.match, self._kept_match = self._kept_match, None
        self.bots = self._kept_bots
        self.record, self._kept_record = self._kept_record, []
        self._deal_review, self._kept_review = self._kept_review, None
        self.review = {}

    def _review_words(self, rated: Review | TableBridgeReview) -> dict:
        """The review in words for the browser, in the language now in use."""
        if not isinstance(rated, Review):
            return bridge_review.review_words(rated, card_json, contract_text, LEARNER)
        worst = rated.costliest
        rows = []
        for row in rated.rows:
            decision = row.decision_text()
            rows.append(
                {
                    "number": row.number,
                    "decision": decision,
                    "chosen": self._choice_json(row, row.chosen),
                    "best": self._choice_json(row, row.best),
                    "loss": row.loss_text(),
                    "costliest": worst is not None and row.number == worst.number,
                    "replay_name": _("Replay from here: {decision}, {choice}").format(
                        decision=decision, choice=row.choice_text()
                    ),
                }
            )
        title = _("Review of your round") if self.facts.deal_word == "round" else None
        return {
            "title": title or _("Review of your deal"),
            "caption": rated.caption,  # with what the sizes assume
            "heads": [
                _("Decision"),
                _("You chose"),
                _("Best choice"),
                _("Expected points lost"),
                _("Replay"),
            ],
            "rows": rows,
            "costliest_word": _("Costliest"),
            "reason": (
                _("Costliest decision: {reason}").format(reason=rated.reason)
                if worst
                else rated.reason
            ),
            "replay": _("Replay from here"),
            "practice": _("A replay is practice: the match keeps what you first played."),
            "match_summary": self._match_summary(),
        }

    def _match_summary(self) -> str:
        """Once the match is over: its reviews added up (the expected points the learner's
        decisions lost, over the deals reviewed)."""
        match = self._kept_match or self.match
        if match.phase != "over" or not self._match_reviews:
            return ""
        reviews = list(self._match_reviews.values())
        lost = sum((r.total_loss for r in reviews), Fraction(0))
        return _(
            "The match in review: your decisions lost {points} expected points in all, "
            "over {decisions} decisions in {deals} deals."
        ).format(
            points=points_text(lost),
            decisions=sum(len(r.rows) for r in reviews),
            deals=len(reviews),
        )

    @staticmethod
    def _choice_json(row: ReviewRow, choice: Card | int) -> dict:
        if row.kind == "card":
            return {"card": card_json(Card(choice))}
        return {"text": row.choice_text(choice)}

    # ----- the last trick, the hint, the card played for the learner ----------------

    @property
    def peek(self) -> dict | None:
        """The last trick as the "Last trick" panel shows it, while it is open (else ``None``)."""
        if not self.peek_open:
            return None
        return cast("dict | None", self.state["last_trick"])

    @_reported
    def click_peek(self) -> bool:
        """Open or close the "Last trick" panel; ``True`` if it changed. Before any trick of
        the deal is taken there is nothing to show: refused, the panel stays closed."""
        if not self.peek_open and self.state["last_trick"] is None:
            return self._refuse(lambda: _("No trick has been taken yet in this deal."))
        self.peek_open = not self.peek_open
        return True

    @_reported
    def click_hint(self) -> str | None:
        """The coach's best card for the learner's turn, in words (never played for them).

        Asked twice in one position, the same answer (computed once). Refused when it is
        not the learner's turn to play a card, in the calling phase, in a game the coach
        does not know (Contract Bridge) and on a table made with ``hints=False``; ``None`` then.
        """
        if not self.hints:
            self._refuse(lambda: _("Hints are not offered at this table."))
            return None
        if not self.facts.coached:
            name = _(self.facts.name)
            self._refuse(
                lambda: _("The hint is not offered in {game}: the coach does not play it.").format(
                    game=name
                )
            )
            return None
        if self.match.phase in ("calling", "bidding") and self._learner_turn():
            if self.facts.call_word == "bid":
                self._refuse(lambda: _("A hint is offered for the cards you play, not for bids."))
            else:
                self._refuse(lambda: _("A hint is offered for the cards you play, not for calls."))
            return None
        if not self._learner_turn() or self.match.phase != "playing":
            self._refuse(lambda: _("A hint is offered when it is your turn to play a card."))
            return None
        if self._hint is None or self._hint[0] != self._serial:
            self._hint = (self._serial, self._hint_words(self._analyse_hint()))
        self._say_refusal = None
        self.refusal = ""
        self.redraw()
        return self._hint[1]()

    def _analyse_hint(self) -> Any:
        return analyse(self.deal, samples=self.hint_samples, seed=self.match_seed + self._serial)

    @staticmethod
    def _hint_words(analysis: Any) -> Callable[[], str]:
        """The hint, said again in the language in use after a switch."""
        best = analysis.best
        if len(analysis.cards) == 1:
            return lambda: _("Hint: {card} is the only card you can play.").format(card=best)
        second = analysis.cards[1]
        # Every card within two standard errors of the best, not only the next best: a card
        # further down with a wider error can be one of them.
        close = [c.card for c in analysis.cards[1:] if c.close and not c.same]
        if close:
            others = ", ".join(map(str, close))
            # Not "as good": these imagined deals cannot separate them, more might.
            return lambda: ngettext(
                "Hint: the coach would play {card}, but {other} is too close to tell at "
                "{samples} imagined deals (within two standard errors of it; more may "
                "separate them).",
                "Hint: the coach would play {card}, but {other} are too close to tell at "
                "{samples} imagined deals (within two standard errors of it; more may "
                "separate them).",
                len(close),
            ).format(card=best, other=others, samples=analysis.samples)
        if second.same:
            return lambda: _(
                "Hint: the coach would play {card}; {other} is as good (the same points in "
                "every imagined deal)."
            ).format(card=best, other=second.card)
        if points_text(second.loss) == "0.00":  # clearly better, by a hair
            return lambda: _(
                "Hint: the coach would play {card}: less than 0.01 expected points better "
                "than the next best, {other}."
            ).format(card=best, other=second.card)
        return lambda: _(
            "Hint: the coach would play {card}: {points} expected points better than the "
            "next best, {other}."
        ).format(card=best, points=points_text(second.loss), other=second.card)

    def _forced_card(self) -> Card | None:
        """The learner's only legal card, when it is to be played for them (else ``None``)."""
        if not self.auto_forced or self._restoring or self.match.phase != "playing":
            return None
        if not self._learner_turn():
            return None
        legal = self.match.legal_actions()
        return Card(next(iter(legal))) if len(legal) == 1 else None

    @_reported
    def set_auto_forced(self, on: bool) -> None:
        """Play the learner's only legal card for them (or not); turned on at such a card, it
        is played at once."""
        self.auto_forced = bool(on)
        if self.auto_forced and self._forced_card() is not None:
            self._advance()

    @_reported
    def set_speed(self, speed: str) -> None:
        """How fast the bots play (one of ``SPEEDS``); another speed is refused."""
        if speed not in SPEEDS:
            raise _speed_error(speed)
        self.speed = speed

    # ----- the browser's messages -------------------------------------------------

    @_reported
    def receive(self, content: object) -> dict | None:
        """A message from the browser: one of the learner's clicks, "review" or "restore";
        the answer to send back, if any.

        A click carries the ``serial`` of the position it was made in. A repeated or
        stale click (a double-click, two taps, a key held down, an old page) names a
        serial already answered: it is ignored, never played and never refused, and
        the browser is told so (``{"type": "ignored", ...}``) that it takes clicks again.
        """
        if not isinstance(content, dict):
            return None
        kind = content.get("type")
        if kind == "review":
            self.request_review()
            return None
        if kind == "restore":
            self.restore(content.get("saved"))
            return None
        if kind not in BROWSER_ACTIONS:
            return None
        serial = content.get("serial")
        if type(serial) is not int or serial != self._serial:  # True is not serial 1
            self.ignored_messages += 1
            return {"type": "ignored", "serial": self._serial}
        if kind == "card":
            code = content.get("code")
            try:
                self.click_card(code if isinstance(code, str) else "")
            except CardlibError:
                # not a card at all: no page of the table's sends that (only a hand-written
                # websocket client does), so it is ignored as a stale click is, not played
                self.ignored_messages += 1
                return {"type": "ignored", "serial": self._serial}
        elif kind == "call":
            self.click_call(content.get("value", ""))
        elif kind == "next":
            self.click_next()
        elif kind == "replay":
            self.click_replay(content.get("number"))
        elif kind == "back":
            self.click_back_to_match()
        elif kind == "hint":
            self.click_hint()
        elif kind == "again":
            self.click_play_again()
        return None

    def _language_changed(self, _code: str) -> None:
        self.redraw()

    @_reported
    def redraw(self) -> None:
        """Say the position again in the language now in use: the same game, the same
        refusal; the frames already shown become the one the learner now faces."""
        if self._say_refusal is not None:
            self.refusal = self._say_refusal()
        if self._deal_review is not None:
            self.review = self._review_words(self._deal_review)
        said = self._said(*self._last_said) if self._last_said else ""
        self.frames = [self._frame(just_won=self.state["pause"], said=said)]

    def _refuse(self, say: Callable[[], str]) -> bool:
        """Refuse with ``say()``: called again on a change of language."""
        self._say_refusal = say
        self.refusal = say()
        self.refusal_count += 1
        return False

    def _act(self, action: Any) -> bool:
        tricks_before = len(self.deal.tricks)
        before = self.deal.copy()
        try:
            self.match.act(action)
        except CardlibError as error:  # the engine changed nothing
            first = [error]  # said at once; asked again after a change of language
            if self.guiding:  # the guided deal explains the wrong try in the game's words
                rule = error.rule
                return self._refuse(lambda: self._guided_refusal(action, first, rule))
            return self._refuse(lambda: self._engine_refusal(action, first))
        if before.phase == "playing":
            action = Card(action)
        if not self.practising:
            self.match_actions.append(
                ["card", action.code] if isinstance(action, Card) else ["call", action]
            )
        self.record.append((before, action))  # the review rates it once the deal is over
        self._say_refusal = None
        self.refusal = ""
        self._advance(
            finished_trick=len(self.deal.tricks) > tricks_before, own_card=isinstance(action, Card)
        )
        return True

    def _engine_refusal(self, action: Any, first: list) -> str:
        """The engine's refusal of ``action``: the first time as raised, then asked again in
        the language now in use, on a copy of the match (the game itself is left alone)."""
        if first:
            return plain_refusal(first.pop())
        try:
            self.match.copy().act(action)
        except CardlibError as error:
            return plain_refusal(error)
        return ""  # not reached: the position has not changed since the refusal

    # ----- the flow: the bots act until it is the learner's turn -----------------------

    def _advance(self, finished_trick: bool = False, own_card: bool = False) -> None:
        """Let the bots act until it is the learner's turn, one frame per bot action.

        The learner's own card (``own_card``) comes first, on its own before the bots answer
        it, or held with its winner when it finished the trick; when the learner is dummy, the
        position before the opening lead comes first too, with the choice to watch or skip.
        """
        self._serial += 1
        match = self.match
        real = self._kept_match or match
        if not self.practising and self._deal_start_of != (id(real), len(real.deals)):
            self._deal_start_of = (id(real), len(real.deals))  # a new deal, not yet played
            self._deal_start = match.deal.copy()
            self._deal_start_bots = copy.deepcopy(self.bots)
        self._last_said = None  # the last frame's bot action, said again after a redraw
        self._forced_note = None  # said until the learner's next action
        frames = []
        if finished_trick:
            frames.append(self._frame(just_won=True))
        elif (own_card and match.to_act != LEARNER) or self._learner_dummy_before_the_lead():
            frames.append(self._frame(just_won=False, said=None))
        while True:
            while match.phase in ACTING and match.to_act != LEARNER:
                deal = match.deal
                seat = match.to_act
                bot = self.bots[seat]
                tricks_before = len(deal.tricks)
                if match.phase == "playing":
                    action = bot.choose_play(deal)
                else:
                    action = bot.choose_call(deal)
                self._last_said = (seat, action, match.phase == "playing")
                said = self._said(*self._last_said)
                match.act(action)
                frames.append(self._frame(just_won=len(deal.tricks) > tricks_before, said=said))
            forced = self._forced_card()
            if forced is None:
                break
            # the learner's only legal card, played for them (never a call): not a decision
            # the review rates, but one of the match's actions, so a reload replays it
            tricks_before = len(match.deal.tricks)
            match.act(forced)
            if not self.practising:
                self.match_actions.append(["card", forced.code])
            self._last_said = None
            self._forced_note = _forced_words(forced)
            frames.append(
                self._frame(
                    just_won=len(match.deal.tricks) > tricks_before, said=self._forced_note()
                )
            )
        if not frames:  # the bots' last action's frame is already the learner's position
            frames.append(self._frame(just_won=False))
        self.frames = frames
        self.kept_match = self.kept()
        over = self.match.phase == "over" and not self.practising
        self.finished_match = self.learner_record(self.match) if over else {}
        if over and self._kept_in_progress is not self.match:
            self._kept_in_progress = self.match  # once a match, however often it is redrawn
            self._record_in_progress(self.match)

    # ----- the learner's record -------------------------------------------------------

    def learner_record(self, match: Any) -> dict:
        """The finished ``match`` for the learner's record in the browser (table.js adds it up
        once per match, by ``key``: the match's id, kept across a reload): won or not,
        deals, the learner's points in tenths (exact whole numbers to add), and how many of
        the learner's calls were made, by the game's own rule
        (:meth:`cardlib.facts.Game.made_by`: a Call Bridge bonus bid needs the bid or one
        trick over; in Contract Bridge, the contracts North–South declared)."""
        finished = [deal for deal in match.deals if deal.phase == "over"]
        calls = made = 0
        # the learner's seat, and in a game scored by side their side (North–South), is 0
        won = LEARNER in match.winners()
        points = match.totals()[LEARNER]
        for deal in finished:
            undertaken = self.facts.made_by(deal, LEARNER)
            if undertaken is not None:
                calls += 1
                made += undertaken
        return {
            "key": self.match_id,
            "game": self.game,
            "won": bool(won),
            "deals": len(finished),
            "points_tenths": int(Decimal(points) * 10),
            "calls": calls,
            "made": int(made),
        }

    def _record_in_progress(self, match: Any) -> None:
        """The finished match, in the learner's progress record (:mod:`cardlib.progress`):
        every seat's (Contract Bridge: side's) total, the winners, and the learner's seat."""
        from cardlib import progress

        you = 0  # South; in Contract Bridge, North–South
        progress.record_match(self.game, tuple(match.totals()), tuple(match.winners()), you)

    # ----- frames ---------------------------------------------------------------

    def _hand_to_play(self) -> frozenset[Card]:
        deal = self.deal
        seat = self.facts.hand_to_play(deal)
        if seat is None:
            return frozenset()
        view = deal.visible_to(LEARNER)
        return view.hands[seat] or frozenset()

    def _said(self, seat: int, action: Any, playing: bool) -> str:
        """A bot's action as the live region reads it: "West (1) plays 9 of spades."."""
        label = seat_label(seat, self.players)
        if playing:
            # the hand it came from: dummy's cards are played by the declarer
            card = Card(action)
            if is_feminine(card):
                # Translators: the card's name is a feminine noun (पान की बेगम): "खेली"
                said = pgettext("feminine card", "{seat} plays {card}.")
            else:
                said = _("{seat} plays {card}.")
            return said.format(seat=label, card=card_name(card))
        if self.facts.call_word == "bid":
            return _("{seat} bids {call}.").format(seat=label, call=call_name(action))
        return _("{seat} calls {call}.").format(seat=label, call=call_name(action))

    def _learner_dummy_before_the_lead(self) -> bool:
        """Whether the learner is dummy in a deal whose play is about to begin: the bots will
        play every card, and the learner chooses to watch or skip."""
        deal = self.deal
        return (
            deal.phase == "playing"
            and self.facts.dummy(deal) == LEARNER
            and not deal.trick
            and not deal.tricks
        )

    def _dummy_choice(self) -> dict | None:
        """The words of the dummy's choice (watch the play or skip to the result), when due."""
        if not self._learner_dummy_before_the_lead():
            return None
        declarer = self.facts.declarer(self.deal)
        assert declarer is not None  # a dummy means a contract, and its declarer
        return {
            "question": _(
                "You are dummy: {seat} plays your cards as well as their own. Watch the play "
                "at the chosen speed, or skip to the result?"
            ).format(seat=seat_label(declarer, self.players)),
            "watch": _("Watch the play"),
            "skip": _("Skip to the result"),
        }

    def _frame(self, just_won: bool, said: str | None = "") -> dict:
        """One frame for the browser; ``said``: the bot's action it shows, or ``None`` for
        a frame that says nothing of whose turn it is (the learner's card on its own)."""
        match, deal, game = self.match, self.deal, self.facts
        players = self.players
        view = deal.visible_to(LEARNER)
        phase = match.phase
        calling = phase in ("calling", "bidding")
        playing = phase == "playing"
        hand_to_play = game.hand_to_play(deal)
        dummy = _exposed_dummy(game, deal)
        declarer = None if dummy is None else game.declarer(deal)
        real = self._kept_match or match  # a replay is practice: the match's own totals

        # the trick in front of the seats: the one being played, else the last one won
        shown_trick, shown_seats, winner = view.trick, view.trick_seats, None
        if not shown_trick and view.tricks:
            last = view.tricks[-1]
            shown_trick, shown_seats, winner = last.cards, last.seats, last.winner
        in_front = dict(zip(shown_seats, shown_trick, strict=True))

        seats = []
        for seat, place in enumerate(seat_places(players)):
            label = seat_label(seat, players)
            level = self.levels[seat]  # None: the learner's own seat
            badge = self._shows.badge(deal, view, seat)
            card = in_front.get(seat)
            shown_hand = None
            open_cards: list[dict] = []  # a hand face up at another seat (the dummy), as cards
            seen = view.hands[seat]
            if seat != LEARNER and seen is not None:
                shown_hand = " ".join(str(c) for c in sort_for_display(seen))
                open_cards = [card_json(c) for c in sort_for_display(seen)]
            role = ""
            if dummy is not None and seat == dummy:
                role = _("dummy")
            elif dummy is not None and seat == declarer:
                role = _("declarer")
            # while playing, the hand the next card comes from (dummy's, on dummy's turns)
            turn = hand_to_play == seat if playing else calling and view.to_act == seat
            seats.append(
                {
                    "seat": seat,
                    "label": label,
                    # the running match total, short and as a screen reader says it
                    **dict(
                        zip(
                            ("total", "total_name"),
                            self._shows.seat_total(real, seat) or ("", ""),
                            strict=True,
                        )
                    ),
                    "role": role,
                    "level": "" if level is None else _(LEVELS[level]),
                    # the backs of the cards still in a hidden hand, and how many
                    "cards_left": (
                        view.hand_sizes[seat] if seat != LEARNER and shown_hand is None else 0
                    ),
                    "badge": badge,
                    "card": card_json(card) if card is not None else None,
                    "winner": winner == seat,
                    "turn": bool(turn),
                    "hand": shown_hand,
                    "open_cards": open_cards,
                    **place,
                }
            )

        trick_note = ""
        if winner is not None:
            last = view.tricks[-1]
            won_with = last.cards[last.seats.index(winner)]
            # Translators: {card} is a card's symbol (A♥) here, and its name before a
            # postposition (card_name(..., oblique=True): "पान के इक्के") where it is spoken
            trick_note = _("Trick {number}: {seat} won it with {card}.").format(
                number=len(view.tricks), seat=seat_label(winner, players), card=won_with
            )

        # the hand: the learner's own, or dummy's when the declarer (you) plays from it; a
        # card about to be played for the learner is not their turn to choose
        learner_turn = self._learner_turn() and self._forced_card() is None
        hand_seat = LEARNER
        if playing and learner_turn and hand_to_play is not None:
            hand_seat = hand_to_play
        hand_cards = view.hands[hand_seat]
        legal = set(view.legal_actions) if (learner_turn and playing) else set()
        hand = []
        if hand_cards is not None:
            hand = [card_json(c, c in legal) for c in sort_for_display(hand_cards)]
        if hand_seat == LEARNER:
            hand_title = _("Your hand")
        else:
            hand_title = _("Dummy's hand ({seat}): you play it").format(
                seat=seat_label(hand_seat, players)
            )
        face_down = view.hand_sizes[LEARNER] if hand_cards is None else 0

        calls = []
        if calling and learner_turn:
            calls = self._call_buttons(view.legal_actions)

        prompt = self._prompt(view, learner_turn, legal)
        end = self._end_of_deal() if phase not in ACTING else None
        # what the live region reads: the bot's action, the trick's winner, whose turn it is
        spoken = [said]
        if just_won and winner is not None:
            spoken.append(
                _("Trick {number}: {seat} won it with {card}.").format(
                    number=len(view.tricks),
                    seat=seat_label(winner, players),
                    card=card_name(won_with, oblique=True),
                )
            )
        guide = self._guide()
        if learner_turn and guide:  # the prompt ends as a sentence before the guide's
            spoken += [_sentence_end(prompt), guide]
        elif learner_turn:
            spoken.append(prompt)
        elif phase in ACTING and said == "":
            spoken.append(prompt)  # a redraw: say whose turn it is
        dummy_choice = self._dummy_choice()
        if dummy_choice is not None:
            spoken.append(dummy_choice["question"])
        restored = ""
        if self._restored_at == self._serial:
            restored = _("Your match is back where you left it: this browser kept it.")
            spoken.insert(0, restored)
        if end is not None:
            spoken.append(self._result_said(end))
        forced = self._forced_note() if self._forced_note is not None else ""
        hint = ""
        if self._hint is not None and self._hint[0] == self._serial and learner_turn:
            hint = self._hint[1]()
            spoken.append(hint)
        live = " ".join(part for part in spoken if part)
        return {
            "serial": self._serial,
            "phase": phase,
            "heading": self._heading(),
            "seats": seats,
            "trick_note": trick_note,
            "pause": bool(just_won),
            "hand_title": hand_title,
            "hand": hand,
            "face_down": face_down,
            "hand_active": bool(learner_turn and playing),
            "prompt": prompt,
            # the guided deal: what the rules require or allow at the learner's turn, and why
            "guide": guide,
            "calls": calls,
            "call_title": (_("Your call") if game.call_word == "call" else _("Your bid"))
            if calls
            else "",
            "auction": self._shows.auction(deal),
            "end": end,
            "back": _("Back to the match") if self.practising else "",
            "last_trick": self._last_trick(view),
            "forced": forced,
            "hint": hint,
            "restored": restored,
            "dummy_choice": dummy_choice,
            "live": live,
            "ui": self._ui_words(),
        }

    def _last_trick(self, view: Any) -> dict | None:
        """The last trick taken in this deal, for the "Last trick" panel (``None`` before
        the first): its number, each card with who played it, in the order played, and
        who won it."""
        if not view.tricks:
            return None
        last, players = view.tricks[-1], self.players
        won_with = last.cards[last.seats.index(last.winner)]
        return {
            "title": _("Last trick (trick {number})").format(number=len(view.tricks)),
            "rows": [
                {
                    "label": seat_label(seat, players),
                    "card": card_json(card),
                    "winner": seat == last.winner,
                }
                for seat, card in zip(last.seats, last.cards, strict=True)
            ],
            "won": _("{seat} won it with {card}.").format(
                seat=seat_label(last.winner, players), card=won_with
            ),
        }

    def _result_said(self, end: dict) -> str:
        """The deal's result as the live region reads it: its title, then each seat's points;
        at the match's end, the places too."""
        seats = [
            _("{seat}: {result}, {points} points.").format(
                seat=row["label"], result=row["result"], points=row["points"]
            )
            for row in end["rows"]
        ]
        standings = end["standings"]
        if standings:
            seats.append(standings["caption"] + ":")
            seats += [
                _("{place}: {name}, {total}.").format(place=row[0], name=row[1], total=row[-1])
                for row in standings["rows"]
            ]
        return " ".join([end["title"], *seats])

    def _ui_words(self) -> dict:
        """The words the browser's drawing needs besides the frame's own sentences."""
        return {
            "speeds": {key: _(name) for key, name in SPEED_NAMES.items()},
            "speed_label": _("Speed of the other players:") + " ",
            "table": _("The table"),
            "played": _("{seat} played"),
            # only Judgement's blind round deals a hand face down (a game that says "bid")
            "face_down": (
                _("{count} cards, face down until the dealer bids.")
                if self.facts.call_word == "bid"
                else ""
            ),
            "calls": self._shows.calls_word(),
            "heads": self._shows.end_heads(),
            "auction": _("Auction: {calls}"),
            "continue": _("Continue"),
            "won": _("won"),
            "to_act": _("to act"),
            "cards_left": _("cards left: {count}"),
            "level_label": _("Opponents:") + " ",
            "levels": {key: _(name) for key, name in LEVELS.items()},
            "level_note": (
                _("{game} has no coach bot yet: Strong plays as Sensible.").format(
                    game=_(self.facts.name)
                )
                if not self.facts.coached and "strong" in self.levels
                else ""
            ),
            "language": _("Language"),
            "reviewing": _("The coach is reviewing your decisions…"),
            "record": _("Your record at {game} in this browser"),
            "record_heads": [
                _("Matches played"),
                _("Won"),
                _("Average points a round")
                if self.facts.deal_word == "round"
                else _("Average points a deal"),
                self._shows.made_word(),
            ],
            "game": _(self.facts.name),
            "peek": _("Last trick"),
            "peek_show": _("Show the last trick"),
            "peek_hide": _("Hide the last trick"),
            "played_by": _("{seat} played"),
            "winner": _("won the trick"),
            "hint": _("Hint") if self.hints else "",
            "hint_name": _("Hint: the coach's best card here (it is not played for you)"),
            "auto_forced": _("Play my only legal card for me"),
            # said in this tab when another tab or window of the browser opened the same match
            "taken_over": _(
                "This match is now played in another tab or window of this browser, so this "
                "tab no longer plays or saves it. Reload this page to play it here: it comes "
                "back as the other tab left it."
            ),
            # said in make app's page when a click finds its server gone (stopped, or the
            # network lost): the click was not played, and the browser has kept the match
            "server_gone": _(
                "The card table's server does not answer, so your last click was not played. "
                "This browser has kept your match: once the server is back, reload this page "
                "and the match comes back as you left it."
            ),
        }

    def _heading(self) -> str:
        match, deal, game = self.match, self.deal, self.facts
        number = len(match.deals)
        of = game.deals_to_play(match)
        if game.deal_word == "round":
            head = _("Round {number} of {total}") if of else _("Round {number}")
        else:
            head = _("Deal {number} of {total}") if of else _("Deal {number}")
        head = head.format(number=number, total=of)
        dealer = _("dealer {seat}").format(seat=seat_label(deal.dealer, self.players))
        parts = [_(game.name), head, dealer]
        if self.fresh_seeds:  # a fresh match: its seed, to play it again (CardTable(seed=…))
            parts.append(_("match seed {seed}").format(seed=self.match_seed))
        if self.practising:
            parts.append(_("replay (practice)"))
        said = self._shows.heading(deal)  # the trump, or the contract
        if said:
            parts.append(said)
        running = self._shows.running(self._kept_match or match)  # a side's points so far
        if running:
            parts.append(running)
        return " · ".join(parts)

    def _call_buttons(self, legal_actions: Sequence[Any]) -> list[dict]:
        legal = set(legal_actions)
        return [
            {
                "value": value,
                "text": call_text(value),
                "name": (
                    _("{call}, allowed") if value in legal else _("{call}, not allowed")
                ).format(call=call_name(value)),
                "legal": value in legal,
            }
            for value in self.facts.call_pad(self.deal, LEARNER)
        ]

    def _prompt(self, view: Any, learner_turn: bool, legal: set) -> str:
        phase = self.match.phase
        players = self.players
        if phase in ("calling", "bidding"):
            bid = self.facts.call_word == "bid"
            if learner_turn:
                if view.hand is None:
                    if bid:
                        return _("Your turn to bid: your cards are face down.")
                    return _("Your turn to call: your cards are face down.")
                return _("Your turn to bid.") if bid else _("Your turn to call.")
            seat = seat_label(view.to_act, players)
            return (_("{seat} to bid.") if bid else _("{seat} to call.")).format(seat=seat)
        if phase == "playing":
            if not learner_turn:
                return _("{seat} to play.").format(seat=seat_label(view.to_act, players))
            cards = " ".join(str(c) for c in sort_for_display(legal))
            if view.trick:
                led = view.trick[0].suit
                follows = any(c.suit == led for c in legal)
                if follows:
                    return _("Your turn: follow {suit} — {cards}").format(
                        suit=suit_name(led), cards=cards
                    )
                return _("Your turn: you have no {suit} — {cards}").format(
                    suit=suit_name(led), cards=cards
                )
            if len(legal) == len(self._hand_to_play()):
                return _("Your turn: lead any card — {cards}").format(cards=cards)
            return _("Your turn: lead — {cards}").format(cards=cards)
        return ""

    def _end_of_deal(self) -> dict:
        deal, game, players = self.deal, self.facts, self.players
        match = self._kept_match or self.match  # a replay is practice: the match's own totals
        rows = []
        for seat in range(players):
            explained = deal.points_explained(seat)  # the game's own words for its points
            call, tricks, total = self._shows.end_row(deal, match, seat)
            rows.append(
                {
                    "label": seat_label(seat, players),
                    "call": call,
                    "tricks": str(tricks),
                    "result": explained.result,
                    "points": explained.text,
                    "why": explained.reason,
                    "total": _total_text(total),
                }
            )
        over = match.phase == "over"
        finished = over and not self.practising
        if self.practising:
            if game.deal_word == "round":
                title = _(
                    "Replay of round {number} is over. It was practice: the match keeps the "
                    "round as you first played it."
                )
            else:
                title = _(
                    "Replay of deal {number} is over. It was practice: the match keeps the "
                    "deal as you first played it."
                )
            title = title.format(number=len(match.deals))
            next_label = self._next_label(match)
        elif over:
            title = self._shows.over(match, players)
            next_label = _("New match")
        elif game.deal_word == "round":
            title = _("Round {number} is over.").format(number=len(match.deals))
            next_label = _("Next round")
        else:
            title = _("Deal {number} is over.").format(number=len(match.deals))
            next_label = _("Next deal")
        return {
            "title": title,
            "rows": rows,
            "next_label": next_label,
            "total_word": self._shows.total_word(),
            "review_offered": self._review_offered(),
            "practice": self.practising,
            "note": self._guided_end() if self.guiding and not over else "",
            "again": _("Play this round again")
            if game.deal_word == "round"
            else _("Play this deal again"),
            "seed": (
                _("Seed of this round: match seed {seed}, round {number}.")
                if game.deal_word == "round"
                else _("Seed of this deal: match seed {seed}, deal {number}.")
            ).format(seed=self.match_seed, number=len(match.deals)),
            "sheet": self._score_sheet(match),
            # the match's end: the places, and the match for the record in the browser, in
            # the frame itself so that they arrive with the picture that shows them
            "standings": self._shows.standings(match, players) if finished else None,
            "finished": self.learner_record(match) if finished else {},
        }

    def _score_sheet(self, match: Any) -> dict:
        """The match so far, deal by deal: each seat's call, tricks and points (a contract
        game: the contract and its tricks, and what each side scored), then the totals."""
        finished = [deal for deal in match.deals if deal.phase == "over"]
        word = _("Round") if self.facts.deal_word == "round" else _("Deal")
        heads, rows, totals = self._shows.sheet(finished, match, word, self.players)
        return {
            "caption": _("Score sheet: the match so far"),
            "heads": heads,
            "rows": rows,
            "totals": totals,
        }

    def _next_label(self, match: Any) -> str:
        if match.phase == "over":
            return _("New match")
        return _("Next round") if self.facts.deal_word == "round" else _("Next deal")


__all__ = [
    "HINT_SAMPLES",
    "LEARNER",
    "LEVELS",
    "PLACE_WORDS",
    "SPEEDS",
    "STRONG_SAMPLES",
    "TableController",
    "call_name",
    "call_text",
    "card_json",
    "contract_text",
    "fresh_seed",
    "place_text",
    "plain_refusal",
    "seat_label",
    "seat_places",
]
