"""One card table for the four games: :class:`CardTable`.

The learner sits at the bottom (seat 0, South), the bots everywhere else;
North is at the top, West on the left, East on the right (a Judgement table of
3 to 7 seats is laid out round the same circle). The table asks the game only
what the deal protocol of :mod:`cardlib.game` answers — ``phase``, ``to_act``,
``legal_actions()``, ``act()``, ``visible_to(seat)`` — so one widget serves
Call Break, Call Bridge, Judgement and Contract Bridge; what is left per game
(how a match is made, which bots play) is one small :class:`GameSpec` each, in
:data:`GAMES`. How a seat's points came about is the game's own module's to say
(``deal.points_explained(seat)``): the table only shows it.

It is an `anywidget <https://anywidget.dev>`_: Python keeps the game and sends
the browser a list of *frames*: the learner's own card on its own first, then one
per bot action, ending with the position the learner now faces. The browser shows
them one at a time (the speed setting: about half a second each by default, the
finished trick held longer with its winner, or a "Continue" button), with the hand
disabled until the last; a card moves in from its seat (the learner's from the hand
where it was clicked) and a finished trick sweeps to its winner as it leaves, none of
it at the instant speed or under ``prefers-reduced-motion``. The frames a view is
first given are shown at once (the bots acted before the page was open).
``CardTable(..., speed="instant")`` shows only the last frame (tests). In Contract
Bridge, when the learner is dummy (the bots play every card), the play stops before
the opening lead with a choice: watch it at the chosen speed, or skip to the result.

Clicking is the Python methods :meth:`CardTable.click_card`,
:meth:`~CardTable.click_call` and :meth:`~CardTable.click_next` (the browser
sends the same messages), so plain pytest plays whole deals through them. A
refused card or call changes nothing: the reason, in plain words, is shown
beside the hand and read out by the live region.

**The review after a deal** (Call Break, Call Bridge, Judgement): the table keeps
a copy of the deal before each of the learner's calls and cards; when the deal is
over, the browser asks for the review (:meth:`CardTable.request_review`, computed
then and only then, with ``review_samples`` samples a decision: a second or two
for a deal at the default) and shows it under the end-of-deal table: every
decision with the expected points it lost against the best choice there
(:mod:`cardlib.coach.review`), the costliest one marked and explained, and a "Replay
from here" button on each (:meth:`CardTable.click_replay`). A replay is
**practice**: the deal goes back to the position before that decision (the same
cards, the same earlier plays) and the learner plays on from there, but the
match keeps the deal as first played; its totals never count a replay, and "Next
deal" after a replay goes on with the match where it was. While replaying, "Back to
the match" (:meth:`CardTable.click_back_to_match`) leaves the practice wherever it
stands and shows the end of the deal as first played again, with its review. A Contract
Bridge deal is reviewed double dummy instead (:mod:`cardlib.widgets.bridge_review`: the
opening lead, the tricks each card gave away, the contract against par; where endplay is
missing the panel says so), with nothing to replay from.

**One action per turn.** Each click the browser sends carries the ``serial`` of the
position it was made in; the browser sends one click at a time (none while frames are
drawn or an earlier click is unanswered, none for the second click of a double-click or
a held key's repeats), and Python ignores a click whose serial is not the position now
shown: never played, never refused (:meth:`CardTable._on_browser_message`).

**Opponents** (``level``): ``"beginner"`` (random legal), ``"sensible"`` (the default) or
``"strong"`` (the coach's :class:`~cardlib.coach.analysis.CoachBot`), for the table or one
per seat; Contract Bridge has no coach bot, so there Strong plays as Sensible (said on the
table). **A fresh match** (``seed=None``, as the app deals) shows its seed. Every table the
learner plays at keeps its match in the browser's local storage (seed, opponents, the
learner's actions; under :attr:`CardTable.keep_key`: the game, the seats and a seeded table's
seed): when the page is loaded again (a reload; JupyterLite's kernel is new, the cell run
again) the browser sends it back and :meth:`CardTable.restore` replays it through the engine,
and the table says so. A table made again in the same page load (a cell run again) starts
afresh, as its seed promises; a table driven from code never writes. The end
of each deal shows the **score sheet** of the match so far; a finished match adds itself
once to the learner's **record** in local storage (played, won, average points a deal,
calls made), and its last review sums up the match's reviews.

**Helpers at the table.** "Last trick" (:meth:`CardTable.click_peek`, the ``peek_open``
trait) shows the last trick taken, its cards, who played each and who won it, until the next
one is taken (a language switch keeps it open). With ``auto_forced=True`` (a checkbox on the
table, off by default) the learner's only legal card is played for them and the table says
so; never a call. "Hint" (:meth:`~CardTable.click_hint`) names the coach's best card for the
learner's turn (:func:`cardlib.coach.analysis.analyse`, ``hint_samples`` samples) and its
margin over the next best, "too close to tell" within two standard errors; it never plays it,
and ``hints=False`` removes it (graded use). Contract Bridge has no coach in play: the hint
says it is not offered there. At the end of a deal "Play this deal again"
(:meth:`~CardTable.click_play_again`) deals the same cards from the start as practice, like a
replay, against the bots as they were then (played the same way, the deal comes out the same,
random and coach bots included; after a reload too), and the deal's seed is shown: the match's
seed and the deal's number name it, since a match deals every deal from its seed alone
whatever is played.

CSS classes (for the browser tests): ``cardlib-table`` (with ``data-serial``, the
learner's moves so far, set once the last frame is shown, and ``data-frame``,
"i/n"), ``cl-heading``, ``cl-speed``, ``cl-felt``, ``cl-seat`` (``cl-turn`` on the
seat to act), ``cl-played`` (``cl-winner``), ``cl-trick-note``, ``cl-prompt``,
``cl-hand`` with ``cl-card`` buttons (``cl-legal`` or ``cl-dim``), ``cl-refusal``,
``cl-calls`` with ``cl-call`` buttons, ``cl-continue-button``, ``cl-end`` (its table
and ``cl-next``), ``cl-review`` (its table ``cl-review-table``, the row
``cl-costliest``, ``cl-costliest-reason``, ``cl-replay`` buttons with ``data-number``; a
Contract Bridge review's sentences ``cl-bridge-summary`` and its note ``cl-review-note``),
``cl-practice`` with the ``cl-back`` button (only while replaying), ``cl-live``,
``cl-level`` (the opponents' menu) and ``cl-level-note``, ``cl-bot-level`` and ``cl-backs``
on a seat, ``cl-new`` on a card just played, ``cl-sheet`` (the score sheet and the record,
``cl-record``), ``cl-match-review``, ``cl-tools`` (the ``cl-peek-button``,
``cl-hint-button`` and the ``cl-auto-forced`` checkbox), ``cl-peek`` (``cl-peek-winner`` on
its winner's line), ``cl-hint``, ``cl-forced``, ``cl-again`` and ``cl-seed`` at the end of a
deal, ``cl-restored`` (a match a reload gave back), ``cl-dummy-choice`` (its ``cl-watch`` and
``cl-skip`` buttons), ``cl-swept`` (a finished trick's card on its way to the winner); the
app: ``cardlib-table-app``, ``cardlib-game-picker``, ``cardlib-players-picker``,
``cardlib-switch-question``.
"""

from __future__ import annotations

import copy
import html
import math
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from cardlib import bots as callbreak_bots
from cardlib import bridge, callbreak, callbridge, games, i18n, judgement, seats
from cardlib.bridge import bots as bridge_bots
from cardlib.bridge.calls import Contract
from cardlib.cards import Card, card_name, is_feminine, parse_card, sort_for_display, suit_name
from cardlib.coach.review import DEFAULT_SAMPLES, Review, ReviewRow, points_text, reviewable
from cardlib.coach.review import review as review_deal
from cardlib.draw.svg import SUIT_COLOURS
from cardlib.errors import CardlibError, check_count
from cardlib.game import SEAT_NAMES, TrickDeal
from cardlib.i18n import N_, _, ngettext, pgettext
from cardlib.widgets import bridge_review
from cardlib.widgets.bridge_review import TableBridgeReview
from cardlib.widgets.language import LanguagePicker

LEARNER = 0
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


def fresh_seed() -> int:
    """A new match's seed when none is given: a different deal for every visit."""
    return secrets.randbelow(1_000_000)


def seat_label(seat: int, players: int = 4) -> str:
    """A seat as the learner at this table reads it: "You (South, seat 0)", "West (1)", "Seat 3"."""
    return seats.seat_label(seat, you=LEARNER, players=players)


# ----- what differs per game ---------------------------------------------------


@dataclass(frozen=True)
class GameSpec:
    """What the table needs of a game beyond the deal protocol."""

    name: str  # the game's name, a message id
    title_message: str  # "(a match of {n} deals)", a message id with named placeholders
    title_values: dict
    make_match: Callable[[int, int], Any]  # (seed, players) -> a match
    make_bot: Callable[[str, int, int], object]  # (level, seed, strong samples) -> a bot
    call_word: str  # "call" or "bid"
    deal_word: str  # "deal" or "round"
    players: tuple[int, ...] = (4,)

    @property
    def title(self) -> str:
        """The game and how long its match is, in the learner's language."""
        return _(self.title_message).format(name=_(self.name), **self.title_values)


#: The opponents to choose from: random legal cards, today's sensible bots, the coach.
LEVELS = {
    "beginner": N_("Beginner"),
    "sensible": N_("Sensible"),
    "strong": N_("Strong"),
}
#: Imagined deals per decision of the strong bot at the table (the coach's CoachBot): its
#: calls and cards then take a fraction of a second each on this machine.
STRONG_SAMPLES = 30


def _strong_bot(seed: int, samples: int):
    from cardlib.coach.analysis import CoachBot  # the coach loads only when asked for

    return CoachBot(seed=seed, call_samples=samples, play_samples=samples)


def _callbreak_bot(level: str, seed: int, samples: int):
    if level == "beginner":
        return callbreak_bots.RandomBot(seed)
    if level == "strong":
        return _strong_bot(seed, samples)
    return callbreak_bots.SensibleBot()


def _judgement_bot(level: str, seed: int, samples: int):
    if level == "beginner":
        return judgement.RandomBot(seed)
    if level == "strong":
        return _strong_bot(seed, samples)
    return judgement.SensibleBot()


def _bridge_bot(level: str, seed: int, samples: int):
    """Contract Bridge has no coach bot: "strong" plays as "sensible" (the table says so)."""
    if level == "beginner":
        return bridge_bots.RandomBridgeBot(seed)
    return bridge_bots.SensibleBridgeBot()


#: Imagined deals behind a hint (the coach's ``analyse``): about a second on this machine.
HINT_SAMPLES = 200

#: Call Bridge is played to a target: the table plays to the one notebook 20 uses.
CALL_BRIDGE_TARGET = 30

GAMES: dict[str, GameSpec] = {
    "callbreak": GameSpec(
        N_("Call Break"),
        N_("{name} (a match of {deals} deals)"),
        {"deals": callbreak.DEALS_PER_MATCH},
        lambda seed, players: callbreak.Match(seed=seed),
        _callbreak_bot,
        "call",
        "deal",
    ),
    "callbridge": GameSpec(
        N_("Call Bridge"),
        N_("{name} (a match to {points} points)"),
        {"points": CALL_BRIDGE_TARGET},
        lambda seed, players: callbridge.Match(seed=seed, target=CALL_BRIDGE_TARGET),
        _callbreak_bot,  # Call Break's bot serves: it calls and plays by the deal's rules
        "bid",
        "deal",
    ),
    "judgement": GameSpec(
        N_("Judgement"),
        N_("{name} (a match of {rounds} rounds)"),
        {"rounds": judgement.ROUNDS},
        lambda seed, players: judgement.Match(players=players, seed=seed),
        _judgement_bot,
        "bid",
        "round",
        players=(3, 4, 5, 6, 7),
    ),
    "bridge": GameSpec(
        N_("Contract Bridge"),
        N_("{name} (a game to {points})"),
        {"points": bridge.GAME_POINTS},
        lambda seed, players: bridge.Match(seed=seed),
        _bridge_bot,
        "call",
        "deal",
    ),
}


# ----- frames: what the browser shows --------------------------------------------


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
            return f"{call[0]} {_('no trump')}"
        return f"{call[0]} {suit_name(strain, plural=call[0] != '1')}"  # one spade, two spades
    return call_text(call).lower() if isinstance(call, str) else str(call)


def plain_refusal(error: CardlibError) -> str:
    """The engine's message without its rule id: learner text never shows "(follow-suit)"."""
    text = str(error)
    if error.rule:
        text = text.replace(f" ({error.rule})", "")
    return text[:1].upper() + text[1:]


def _forced_words(card: Card) -> Callable[[], str]:
    """What the table says of a card played for the learner, in the language in use."""
    return lambda: _("Only one card could be played: {card}.").format(card=card)


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


class CardTable(anywidget.AnyWidget):
    """The card table: one learner (seat 0) against the bots, any of the four games.

    ``review_samples``: imagined deals per decision in the review after each deal
    (:meth:`request_review`); a replay from one of its decisions is practice and
    never counts in the match (see the module's docstring).

    >>> table = CardTable("callbreak", seed=1, speed="instant")
    >>> table.state["phase"]
    'calling'
    """

    _esm = Path(__file__).with_name("table.js")
    _css = Path(__file__).with_name("table.css")

    frames: traitlets.List = traitlets.List().tag(sync=True)
    speed = traitlets.Unicode("normal").tag(sync=True)
    refusal = traitlets.Unicode("").tag(sync=True)
    refusal_count = traitlets.Int(0).tag(sync=True)
    #: the language dropdown drawn in the table: its choice and the choices, each in its own name
    lang = traitlets.Unicode("en").tag(sync=True)
    languages: traitlets.List = traitlets.List().tag(sync=True)
    #: the review of the deal just finished, in words for the browser ({} until asked for)
    review = traitlets.Dict().tag(sync=True)
    #: whether the table draws its own language menu (the app shows its own instead: one a screen)
    show_language = traitlets.Bool(True).tag(sync=True)
    #: the game's key ("callbreak"): which record in the browser is this game's
    game_key = traitlets.Unicode("").tag(sync=True)
    #: a match just finished, for the learner's record in the browser ({} otherwise)
    finished_match = traitlets.Dict().tag(sync=True)
    #: what the browser keeps of this match to rebuild it after a reload ({}: nothing)
    kept_match = traitlets.Dict().tag(sync=True)
    #: the opponents' level, one for the table ("" when the seats differ): see LEVELS
    level = traitlets.Unicode("sensible").tag(sync=True)
    #: whether the last trick taken is shown beside the table (the "Last trick" toggle)
    peek_open = traitlets.Bool(False).tag(sync=True)
    #: whether the learner's only legal card is played for them (the table's checkbox)
    auto_forced = traitlets.Bool(False).tag(sync=True)

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
    ):
        if game not in GAMES:
            raise CardlibError(
                _("no game called {game!r}: choose one of {games}").format(
                    game=game, games=", ".join(GAMES)
                ),
                "game",
            )
        if speed not in SPEEDS:
            raise _speed_error(speed)
        self.spec = GAMES[game]
        if players not in self.spec.players:
            raise CardlibError(
                _("{name} is played by {counts} players, got {players!r}").format(
                    name=_(self.spec.name),
                    counts=", ".join(map(str, self.spec.players)),
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
        #: a table without a seed deals each match from a fresh seed (the app's); shown
        self.fresh_seeds = seed is None
        seed = fresh_seed() if seed is None else seed
        self.game = game
        self.seed = seed
        self.players = players
        self.review_samples = review_samples
        self.match_seed = seed  # the seed of the match now played
        self.match = self.spec.make_match(seed, players)
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
        self._restoring_level = False
        self.bots = self._make_bots()
        self.matches_played = 0
        self._kept_in_progress: object = None  # the last match written to the progress record
        self._serial = 0  # counts the learner's moves: the browser shows it on the table
        #: stale or repeated clicks from the browser, ignored (see _on_browser_message)
        self.ignored_messages = 0
        self._say_refusal = None  # the refusal shown, said again after a change of language
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
        super().__init__(
            speed=speed,
            auto_forced=bool(auto_forced),
            lang=i18n.get_language(),
            game_key=game,
            languages=[[code, name] for code, name in i18n.LANGUAGES.items()],
        )
        self.on_msg(self._on_browser_message)
        self.language = LanguagePicker(self.redraw)
        self.observe(self._lang_picked, names="lang")
        self.level = self._shared_level()
        self.observe(self._level_picked, names="level")
        self.observe(self._auto_forced_picked, names="auto_forced")
        self._advance()

    def __repr__(self) -> str:
        players = f", players={self.players}" if self.players != 4 else ""
        return f"CardTable({self.game!r}, seed={self.seed}{players})"

    # ----- a match kept in the browser ---------------------------------------------

    @property
    def keep_key(self) -> str:
        """Which match the browser keeps for this table: its game and seats, and its seed
        unless the table deals fresh ones ("callbreak:4", "callbreak:4:seed2052")."""
        key = f"{self.game}:{self.players}"
        return key if self.fresh_seeds else f"{key}:seed{self.seed}"

    def kept(self) -> dict:
        """What the browser keeps to rebuild this match after a reload (:meth:`restore`): its
        key, the match's seed, the matches played before it at this table, the opponents it
        began with and the learner's actions."""
        return {
            "key": self.keep_key,
            "game": self.game,
            "players": self.players,
            "seed": self.match_seed,
            "matches": self.matches_played,
            "levels": list(self._first_levels),
            "actions": [list(action) for action in self.match_actions],  # a copy: synced anew
        }

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
            )
            if not ok:
                return False
            levels = self._check_levels(saved["levels"])
        except (AttributeError, KeyError, TypeError, CardlibError):
            return False
        fresh = (self.match, self.match_seed, self.levels, self.bots, self.matches_played)
        self._restoring = True  # the kept actions name every card, forced ones too
        try:
            return self._restore_from(saved, levels, fresh, matches)
        finally:
            self._restoring = False

    def _restore_from(self, saved: dict, levels: list, fresh: tuple, matches: int) -> bool:
        with self.hold_sync():
            self.match_seed, self.matches_played = saved["seed"], matches
            self.match = self.spec.make_match(self.match_seed, self.players)
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
                self.match, self.match_seed, self.levels, self.bots, self.matches_played = fresh
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

    def _replay_action(self, action) -> bool:
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

    def _check_levels(self, level) -> list[str | None]:
        """``level`` for every bot, or one level per seat after the learner's: a list by seat."""
        levels = [level] * (self.players - 1) if isinstance(level, str) else level
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
            else self.spec.make_bot(level, self.match_seed * 10 + seat, self.strong_samples)
            for seat, level in enumerate(self.levels)
        ]

    def set_level(self, level: str | Sequence[str]) -> None:
        """Choose the opponents: a level for every bot, or one for each seat after yours.
        They play at it from their next call or card on."""
        self.levels = self._check_levels(level)
        self.bots = self._make_bots()
        self._deal_start_bots = None  # this deal cannot be dealt again with the same bots
        self.level = self._shared_level()
        self.match_actions.append(["level", self.levels[1:]])
        self.redraw()

    def _level_picked(self, change) -> None:
        if self._restoring_level or not change["new"]:
            return
        try:
            self.set_level(change["new"])
        except CardlibError:  # a level the browser cannot offer: the table is as it was
            self._restoring_level = True
            try:
                self.level = change["old"]
            finally:
                self._restoring_level = False

    # ----- state -----------------------------------------------------------

    @property
    def deal(self) -> TrickDeal:
        """The current deal (or round) of the match."""
        return self.match.deal

    @property
    def state(self) -> dict:
        """The frame the learner now faces (the last one sent)."""
        return self.frames[-1]

    def _learner_turn(self) -> bool:
        return self.match.phase in ("calling", "bidding", "playing") and (
            self.match.to_act == LEARNER
        )

    # ----- the learner's actions (the browser sends the same) ------------------

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

    def click_call(self, value: int | str) -> bool:
        """The learner clicks a call (a number, or a bridge call like ``"1S"`` / ``"P"``)."""
        if not self._learner_turn() or self.match.phase == "playing":
            if self.spec.call_word == "call":
                return self._refuse(lambda: _("It is not your turn to call."))
            return self._refuse(lambda: _("It is not your turn to bid."))
        return self._act(value)

    def click_next(self) -> bool:
        """Next deal (or round) once one is over; a new match once the match is over."""
        phase = self.match.phase
        if self.practising and phase not in ("calling", "bidding", "playing"):
            self._leave_practice()
            phase = self.match.phase
        if phase == "over":
            self.matches_played += 1
            if self.fresh_seeds:
                self.match_seed = fresh_seed()
            else:
                self.match_seed = self.seed + 1000 * self.matches_played
            self.match = self.spec.make_match(self.match_seed, self.players)
            self.bots = self._make_bots()
            self._first_levels = self.levels[1:]
            self._match_reviews = {}
            self.match_actions = []
            self.peek_open = False
        elif phase in ("calling", "bidding", "playing"):
            if self.spec.deal_word == "round":
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
        return self.match.phase not in ("calling", "bidding", "playing")

    def _review_offered(self) -> bool:
        if isinstance(self.deal, bridge.Deal):
            return bridge_review.offered(self.deal)
        return reviewable(self.match) and bool(self.record)

    def request_review(self) -> Review | TableBridgeReview | None:
        """The review of the deal just finished (a :class:`cardlib.coach.review.Review`), computed
        the first time it is asked for (the browser asks when it shows the deal's end);
        ``None`` before the end of the deal. A Contract Bridge deal's review is double
        dummy's (:func:`cardlib.widgets.bridge_review.review_at_table`)."""
        if not self._deal_finished() or not self._review_offered():
            return None
        if self._deal_review is None and isinstance(self.deal, bridge.Deal):
            self._deal_review = bridge_review.review_at_table(
                self.deal, seed=self.seed + len(self.match.deals)
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

    def click_replay(self, number: object) -> bool:
        """Replay the deal from before the learner's decision ``number`` (1 for the first).

        Practice: the same cards and the same earlier plays, the learner to act; the
        match keeps the deal as first played (see the module's docstring). Anything but a
        decision's number (the browser's message may carry anything) is refused.
        """
        if self.game == "bridge":
            return self._refuse(
                lambda: _("A Contract Bridge review replays nothing: play the deal again instead.")
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

    def click_play_again(self) -> bool:
        """Play the deal just finished again from its start: the same cards, as practice.

        Like "Replay from here" (:meth:`click_replay`) the match keeps the deal as first
        played; offered in every game, Contract Bridge too, once the deal is over.
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

    # ----- the last trick, the hint, the card played for the learner ----------------

    @property
    def peek(self) -> dict | None:
        """The last trick as the "Last trick" panel shows it, while it is open (else ``None``)."""
        if not self.peek_open:
            return None
        return self.state["last_trick"]

    def click_peek(self) -> bool:
        """Open or close the "Last trick" panel; ``True`` if it changed. Before any trick of
        the deal is taken there is nothing to show: refused, the panel stays closed."""
        if not self.peek_open and self.state["last_trick"] is None:
            return self._refuse(lambda: _("No trick has been taken yet in this deal."))
        self.peek_open = not self.peek_open
        return True

    def click_hint(self) -> str | None:
        """The coach's best card for the learner's turn, in words (never played for them).

        Asked twice in one position, the same answer (computed once). Refused when it is
        not the learner's turn to play a card, in the calling phase, in Contract Bridge
        (no coach plays it) and on a table made with ``hints=False``; ``None`` then.
        """
        if not self.hints:
            self._refuse(lambda: _("Hints are not offered at this table."))
            return None
        if self.game == "bridge":
            self._refuse(
                lambda: _("The hint is not offered in Contract Bridge: the coach does not play it.")
            )
            return None
        if self.match.phase in ("calling", "bidding") and self._learner_turn():
            if self.spec.call_word == "bid":
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

    def _analyse_hint(self):
        from cardlib.coach.analysis import analyse  # the coach loads only when asked for

        return analyse(self.deal, samples=self.hint_samples, seed=self.match_seed + self._serial)

    @staticmethod
    def _hint_words(analysis) -> Callable[[], str]:
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
            return lambda: ngettext(
                "Hint: the coach would play {card}, but {other} is too close to tell "
                "(within two standard errors of it).",
                "Hint: the coach would play {card}, but {other} are too close to tell "
                "(within two standard errors of it).",
                len(close),
            ).format(card=best, other=others)
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

    def _auto_forced_picked(self, change) -> None:
        if change["new"] and self._forced_card() is not None:  # turned on at a forced card
            self._advance()

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
        title = _("Review of your round") if self.spec.deal_word == "round" else None
        return {
            "title": title or _("Review of your deal"),
            "caption": _(
                "Each of your decisions against the best choice the coach found there, from "
                "what you could see ({samples} imagined deals for each)"
            ).format(samples=rated.samples),
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

    def set_speed(self, speed: str) -> None:
        """How fast the bots play (one of ``SPEEDS``); another speed is refused."""
        if speed not in SPEEDS:
            raise _speed_error(speed)
        self.speed = speed

    def _on_browser_message(self, _widget, content, _buffers) -> None:
        """A message from the browser: one of the learner's clicks, or "review".

        A click carries the ``serial`` of the position it was made in. A repeated or
        stale click (a double-click, two taps, a key held down, an old page) names a
        serial already answered: it is ignored, never played and never refused, and
        the browser is told so that it takes clicks again.
        """
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind == "review":
            self.request_review()
            return
        if kind == "restore":
            self.restore(content.get("saved"))
            return
        if kind not in BROWSER_ACTIONS:
            return
        serial = content.get("serial")
        if type(serial) is not int or serial != self._serial:  # True is not serial 1
            self.ignored_messages += 1
            self.send({"type": "ignored", "serial": self._serial})
            return
        if kind == "card":
            self.click_card(str(content.get("code", "")))
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

    def _lang_picked(self, change) -> None:
        i18n.set_language(change["new"])  # every widget switches, this one by redraw()

    def redraw(self) -> None:
        """Say the position again in the language now in use: the same game, the same
        refusal; the frames already shown become the one the learner now faces."""
        self.lang = i18n.get_language()
        if self._say_refusal is not None:
            self.refusal = self._say_refusal()
        if self._deal_review is not None:
            self.review = self._review_words(self._deal_review)
        said = self._said(*self._last_said) if self._last_said else ""
        self.frames = [self._frame(just_won=self.state["pause"], said=said)]

    def _refuse(self, say) -> bool:
        """Refuse with ``say()``: called again on a change of language."""
        self._say_refusal = say
        self.refusal = say()
        self.refusal_count += 1
        return False

    def _act(self, action) -> bool:
        tricks_before = len(self.deal.tricks)
        before = self.deal.copy()
        try:
            self.match.act(action)
        except CardlibError as error:  # the engine changed nothing
            first = [error]  # said at once; asked again after a change of language
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

    def _engine_refusal(self, action, first: list) -> str:
        """The engine's refusal of ``action``: the first time as raised, then asked again in
        the language now in use, on a copy of the match (the game itself is left alone)."""
        if first:
            return plain_refusal(first.pop())
        try:
            self.match.copy().act(action)
        except CardlibError as error:
            return plain_refusal(error)
        return ""  # not reached: the position has not changed since the refusal

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
            while match.phase in ("calling", "bidding", "playing") and match.to_act != LEARNER:
                deal = match.deal
                seat = match.to_act
                bot = self.bots[seat]
                tricks_before = len(deal.tricks)
                if match.phase == "playing":
                    action = bot.choose_play(deal)
                else:
                    choose = getattr(bot, "choose_call", None) or bot.choose_bid
                    action = choose(deal)
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
        self.finished_match = self._match_record(self.match) if over else {}
        if over and self._kept_in_progress is not self.match:
            self._kept_in_progress = self.match  # once a match, however often it is redrawn
            self._record_in_progress(self.match)

    def _record_in_progress(self, match) -> None:
        """The finished match, in the learner's progress record (:mod:`cardlib.progress`):
        every seat's (Contract Bridge: side's) total, the winners, and the learner's seat."""
        from cardlib import progress

        you = 0  # South; in Contract Bridge, North–South
        progress.record_match(self.game, tuple(match.totals()), tuple(match.winners()), you)

    # ----- frames ---------------------------------------------------------------

    def _hand_to_play(self) -> frozenset[Card]:
        deal = self.deal
        seat = getattr(deal, "hand_to_play", None)
        if seat is None:
            seat = deal.to_act
        if seat is None:
            return frozenset()
        view = deal.visible_to(LEARNER)
        return view.hands[seat] or frozenset()

    def _said(self, seat: int, action, playing: bool) -> str:
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
        if self.spec.call_word == "bid":
            return _("{seat} bids {call}.").format(seat=label, call=call_name(action))
        return _("{seat} calls {call}.").format(seat=label, call=call_name(action))

    def _learner_dummy_before_the_lead(self) -> bool:
        """Whether the learner is dummy in a Contract Bridge deal whose play is about to
        begin: the bots will play every card, and the learner chooses to watch or skip."""
        deal = self.deal
        return (
            isinstance(deal, bridge.Deal)
            and deal.phase == "playing"
            and deal.dummy == LEARNER
            and not deal.trick
            and not deal.tricks
        )

    def _dummy_choice(self) -> dict | None:
        """The words of the dummy's choice (watch the play or skip to the result), when due."""
        deal = self.deal
        if not isinstance(deal, bridge.Deal) or not self._learner_dummy_before_the_lead():
            return None
        declarer = deal.declarer
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
        match, deal, spec = self.match, self.deal, self.spec
        players = self.players
        view = deal.visible_to(LEARNER)
        phase = match.phase
        calling = phase in ("calling", "bidding")
        playing = phase == "playing"
        hand_to_play = getattr(deal, "hand_to_play", None)
        if hand_to_play is None:
            hand_to_play = view.to_act
        dummy = declarer = None
        if isinstance(deal, bridge.Deal) and game_has_dummy(deal):
            dummy, declarer = deal.dummy, deal.declarer

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
            badge = self._badge(seat, view)
            card = in_front.get(seat)
            shown_hand = None
            seen = view.hands[seat]
            if seat != LEARNER and seen is not None:
                shown_hand = " ".join(str(c) for c in sort_for_display(seen))
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
        end = self._end_of_deal() if phase not in ("calling", "bidding", "playing") else None
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
        if learner_turn:
            spoken.append(prompt)
        elif phase in ("calling", "bidding", "playing") and said == "":
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
            "calls": calls,
            "call_title": (_("Your call") if spec.call_word == "call" else _("Your bid"))
            if calls
            else "",
            "auction": self._auction_text(),
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

    def _last_trick(self, view) -> dict | None:
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
        """The deal's result as the live region reads it: its title, then each seat's points."""
        seats = [
            _("{seat}: {result}, {points} points.").format(
                seat=row["label"], result=row["result"], points=row["points"]
            )
            for row in end["rows"]
        ]
        return " ".join([end["title"], *seats])

    def _ui_words(self) -> dict:
        """The words the browser's drawing needs besides the frame's own sentences."""
        return {
            "speeds": {key: _(name) for key, name in SPEED_NAMES.items()},
            "speed_label": _("Speed of the other players:") + " ",
            "table": _("The table"),
            "played": _("{seat} played"),
            "face_down": _("{count} cards, face down until the dealer bids."),
            "calls": _("Calls"),
            "heads": [_("Seat"), _("Call"), _("Tricks"), _("Result"), _("Points"), _("Why")],
            "auction": _("Auction: {calls}"),
            "continue": _("Continue"),
            "won": _("won"),
            "to_act": _("to act"),
            "cards_left": _("cards left: {count}"),
            "level_label": _("Opponents:") + " ",
            "levels": {key: _(name) for key, name in LEVELS.items()},
            "level_note": (
                _("Contract Bridge has no coach bot yet: Strong plays as Sensible.")
                if self.game == "bridge" and "strong" in self.levels
                else ""
            ),
            "language": _("Language"),
            "reviewing": _("The coach is reviewing your decisions…"),
            "record": _("Your record at {game} in this browser"),
            "record_heads": [
                _("Matches played"),
                _("Won"),
                _("Average points a deal"),
                _("Calls made"),
            ],
            "game": _(self.spec.name),
            "peek": _("Last trick"),
            "peek_show": _("Show the last trick"),
            "peek_hide": _("Hide the last trick"),
            "played_by": _("{seat} played"),
            "winner": _("won the trick"),
            "hint": _("Hint") if self.hints else "",
            "hint_name": _("Hint: the coach's best card here (it is not played for you)"),
            "auto_forced": _("Play my only legal card for me"),
        }

    def _heading(self) -> str:
        match, deal, spec = self.match, self.deal, self.spec
        number = len(match.deals)
        of = getattr(match, "deals_to_play", None)
        if self.game == "judgement":
            of = judgement.ROUNDS
        if spec.deal_word == "round":
            head = _("Round {number} of {total}") if of else _("Round {number}")
        else:
            head = _("Deal {number} of {total}") if of else _("Deal {number}")
        head = head.format(number=number, total=of)
        dealer = _("dealer {seat}").format(seat=seat_label(deal.dealer, self.players))
        parts = [_(spec.name), head, dealer]
        if self.fresh_seeds:  # a fresh match: its seed, to play it again (CardTable(seed=…))
            parts.append(_("match seed {seed}").format(seed=self.match_seed))
        if self.practising:
            parts.append(_("replay (practice)"))
        trump = getattr(getattr(deal, "rules", None), "trump", "unset")
        if isinstance(deal, bridge.Deal):
            contract = deal.contract
            if contract is not None:
                bid = f"{call_text(contract.bid)}{'X' * contract.doubled}"
                parts.append(_("contract {contract}").format(contract=bid))
        elif trump is None:
            parts.append(_("no trump"))
        elif trump != "unset":
            parts.append(_("trump {suit}").format(suit=suit_name(trump)))
        return " · ".join(parts)

    def _badge(self, seat: int, view) -> str:
        deal = self.deal
        if isinstance(deal, bridge.Deal):
            auction = deal.auction
            calls = [c for i, c in enumerate(auction.calls) if auction.seat_of(i) == seat]
            said = call_text(calls[-1]) if calls else "—"
            won = view.tricks_won[seat]
            if view.phase != "calling":
                return _("said {call} · won {tricks}").format(call=said, tricks=won)
            return _("said {call}").format(call=said)
        call = view.calls[seat]
        said = "—" if call is None else str(call)
        won = view.tricks_won[seat]
        if self.spec.call_word == "bid":
            return _("bid {call} · won {tricks}").format(call=said, tricks=won)
        return _("call {call} · won {tricks}").format(call=said, tricks=won)

    def _auction_text(self) -> str:
        deal = self.deal
        if not isinstance(deal, bridge.Deal):
            return ""
        auction = deal.auction
        return ", ".join(
            f"{seat_label(auction.seat_of(i), 4)} {call_text(c)}"
            for i, c in enumerate(auction.calls)
        )

    def _call_buttons(self, legal_actions) -> list[dict]:
        legal = list(legal_actions)
        shown: list[Any]
        if self.game == "bridge":
            shown = list(bridge.CALLS)
        else:
            hand = self.deal.visible_to(LEARNER).hand_sizes[LEARNER]
            low = min(legal)
            shown = [n for n in range(0, hand + 1) if n >= low or self._refused_by_hook(n)]
        return [
            {
                "value": value,
                "text": call_text(value),
                "name": (
                    _("{call}, allowed") if value in legal else _("{call}, not allowed")
                ).format(call=call_name(value)),
                "legal": value in legal,
            }
            for value in shown
        ]

    def _refused_by_hook(self, n: int) -> bool:
        trial = self.match.copy()
        try:
            trial.act(n)
        except CardlibError as error:
            return error.rule is not None and "hook" in error.rule
        return False

    def _prompt(self, view, learner_turn: bool, legal: set) -> str:
        phase = self.match.phase
        players = self.players
        if phase in ("calling", "bidding"):
            bid = self.spec.call_word == "bid"
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
        deal, spec, players = self.deal, self.spec, self.players
        match = self._kept_match or self.match  # a replay is practice: the match's own totals
        rows = []
        totals = match.totals()
        for seat in range(players):
            explained = deal.points_explained(seat)  # the game's own words for its points
            if isinstance(deal, bridge.Deal):  # a side scores, below the line towards the game
                call = contract_text(deal.contract)
                tricks = deal.tricks_by_side()[seat % 2]
                total = match.below()[seat % 2]
            else:
                call = str(deal.calls[seat])
                tricks = deal.tricks_won[seat]
                total = totals[seat]
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
        if self.practising:
            if spec.deal_word == "round":
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
            if self.game == "bridge":
                side = match.winners()[0]
                sides = (_("North–South"), _("East–West"))
                title = _("Game over: {side} reach {points} and win.").format(
                    side=sides[side], points=match.target
                )
            else:
                names = _(" and ").join(seat_label(s, players) for s in match.winners())
                title = _("Match over: {seats} on top.").format(seats=names)
            next_label = _("New match")
        elif spec.deal_word == "round":
            title = _("Round {number} is over.").format(number=len(match.deals))
            next_label = _("Next round")
        else:
            title = _("Deal {number} is over.").format(number=len(match.deals))
            next_label = _("Next deal")
        if self.game == "bridge":
            total_word = _("Side's total below the line")
        else:
            total_word = _("Running total")
        return {
            "title": title,
            "rows": rows,
            "next_label": next_label,
            "total_word": total_word,
            "review_offered": self._review_offered(),
            "practice": self.practising,
            "note": "",
            "again": _("Play this round again")
            if spec.deal_word == "round"
            else _("Play this deal again"),
            "seed": (
                _("Seed of this round: match seed {seed}, round {number}.")
                if spec.deal_word == "round"
                else _("Seed of this deal: match seed {seed}, deal {number}.")
            ).format(seed=self.match_seed, number=len(match.deals)),
            "sheet": self._score_sheet(match),
        }

    def _score_sheet(self, match) -> dict:
        """The match so far, deal by deal: each seat's call, tricks and points (Contract
        Bridge: the contract and its tricks, and what each side scored), then the totals."""
        finished = [deal for deal in match.deals if deal.phase == "over"]
        word = _("Round") if self.spec.deal_word == "round" else _("Deal")
        rows = []
        if self.game == "bridge":
            heads = [word, _("Contract"), _("North–South"), _("East–West")]
            for number, deal in enumerate(finished, 1):
                score = deal.scores()
                contract = contract_text(deal.contract)
                if deal.contract is not None:
                    contract = _("{contract}: {tricks} tricks").format(
                        contract=contract, tricks=score.tricks_taken
                    )
                by_side = [score.below[side] + score.above[side] for side in (0, 1)]
                rows.append([str(number), contract, *map(str, by_side)])
            totals = [_("Total"), "", *map(str, match.totals())]
        else:
            heads = [word, *(seat_label(seat, self.players) for seat in range(self.players))]
            said = _("bid {call} · won {tricks}") if self.spec.call_word == "bid" else None
            said = said or _("call {call} · won {tricks}")
            for number, deal in enumerate(finished, 1):
                points = deal.scores()
                rows.append(
                    [
                        str(number),
                        *(
                            said.format(call=deal.calls[seat], tricks=deal.tricks_won[seat])
                            + f" · {_total_text(points[seat])}"
                            for seat in range(self.players)
                        ),
                    ]
                )
            totals = [_("Total"), *map(_total_text, match.totals())]
        return {
            "caption": _("Score sheet: the match so far"),
            "heads": heads,
            "rows": rows,
            "totals": totals,
        }

    def _match_record(self, match) -> dict:
        """The finished match for the learner's record in the browser (table.js adds it up
        once per match, by ``key``): won or not, deals, the learner's points in tenths (exact
        whole numbers to add), and how many of the learner's calls were made."""
        finished = [deal for deal in match.deals if deal.phase == "over"]
        calls = made = 0
        # the learner's seat, and in Contract Bridge their side (North–South), is 0
        won = LEARNER in match.winners()
        points = match.totals()[LEARNER]
        game = games.lookup(self.game)
        for deal in finished:
            undertaken = game.made_by(deal, LEARNER)  # the game's own rule (a bonus bid …)
            if undertaken is not None:
                calls += 1
                made += undertaken
        return {
            "key": f"{self.game}-{self.players}-{self.match_seed}",
            "game": self.game,
            "won": bool(won),
            "deals": len(finished),
            "points_tenths": int(Decimal(points) * 10),
            "calls": calls,
            "made": int(made),
        }

    def _next_label(self, match) -> str:
        if match.phase == "over":
            return _("New match")
        return _("Next round") if self.spec.deal_word == "round" else _("Next deal")


class TableApp:
    """The game picker and the table under it: what ``make app`` shows on its first screen.

    ``TableApp().widget`` is the box to display; ``pick(game, players)`` is what the
    pickers do. The speed and the opponents chosen at the table carry over to the next game;
    with no ``seed`` each table deals a fresh match and keeps it in the browser.
    """

    def __init__(
        self,
        game: str = "callbreak",
        seed: int | None = None,
        speed: str = "normal",
        review_samples: int = DEFAULT_SAMPLES,
    ):
        import ipywidgets as widgets

        self.seed = seed
        self.review_samples = review_samples
        self.game_picker = widgets.Dropdown(
            options=[(spec.title, key) for key, spec in GAMES.items()],
            value=game,
            description=_("Game"),
            layout={"width": "auto"},
        )
        self.players_picker = widgets.Dropdown(
            options=list(GAMES["judgement"].players), value=4, description=_("Players")
        )
        self.game_picker.add_class("cardlib-game-picker")
        self.players_picker.add_class("cardlib-players-picker")
        self.table = CardTable(game, seed=seed, speed=speed, review_samples=review_samples)
        self.table.show_language = False
        self.language = LanguagePicker(self.redraw)
        # Switching game mid-deal asks first: the question and its two answers.
        self.asking = widgets.HTML()
        self.switch_button = widgets.Button(description=_("Switch game"))
        self.stay_button = widgets.Button(description=_("Stay"))
        self.switch_button.on_click(lambda _button: self._answer(switch=True))
        self.stay_button.on_click(lambda _button: self._answer(switch=False))
        self.question = widgets.HBox([self.asking, self.switch_button, self.stay_button])
        self.question.add_class("cardlib-switch-question")
        self.question.layout.display = "none"
        self._asked: tuple[str, int] | None = None  # the game and seats asked for
        self.widget = widgets.VBox(
            [
                # one language menu on the screen: the app's (the table hides its own)
                widgets.HBox([self.game_picker, self.players_picker, self.language.dropdown]),
                self.question,
                self.table,
            ]
        )
        self.widget.add_class("cardlib-table-app")
        self._show_players()
        self._picking = False
        self.game_picker.observe(self._picked, names="value")
        self.players_picker.observe(self._picked, names="value")

    def redraw(self) -> None:
        """The pickers' words in the language now in use (the table redraws itself)."""
        self._picking = True
        try:
            game = self.game_picker.value
            self.game_picker.options = [(spec.title, key) for key, spec in GAMES.items()]
            self.game_picker.value = game
        finally:
            self._picking = False
        self.game_picker.description = _("Game")
        self.players_picker.description = _("Players")
        self.switch_button.description = _("Switch game")
        self.stay_button.description = _("Stay")
        if self._asked is not None:
            self.asking.value = html.escape(
                _("This deal is not finished. Switch to {game} anyway?").format(
                    game=_(GAMES[self._asked[0]].name)
                )
            )

    def _show_players(self) -> None:
        judgement = len(GAMES[self.game_picker.value].players) > 1
        self.players_picker.layout.display = None if judgement else "none"

    def _picked(self, _change=None) -> None:
        if self._picking:
            return
        wanted = (self.game_picker.value, self.players_picker.value)
        if self._mid_deal():  # ask first; the pickers show the game still played
            self._asked = wanted
            self._set_pickers(self.table.game, self.table.players)
            self.asking.value = html.escape(
                _("This deal is not finished. Switch to {game} anyway?").format(
                    game=_(GAMES[wanted[0]].name)
                )
            )
            self.question.layout.display = None
            return
        self.pick(*wanted)

    def _mid_deal(self) -> bool:
        """Whether the learner has acted in a deal that is still being played."""
        table = self.table
        return table.match.phase in ("calling", "bidding", "playing") and bool(table.record)

    def _answer(self, switch: bool) -> None:
        asked, self._asked = self._asked, None
        self.question.layout.display = "none"
        if switch and asked is not None:
            self.pick(*asked)

    def _set_pickers(self, game: str, players: int) -> None:
        self._picking = True
        try:
            self.game_picker.value = game
            self.players_picker.value = players if len(GAMES[game].players) > 1 else 4
        finally:
            self._picking = False

    def pick(self, game: str, players: int = 4) -> CardTable:
        """Start ``game`` at a new table (Judgement with ``players`` seats, 3 to 7)."""
        spec = GAMES[game]
        if players not in spec.players:
            players = 4
        self._asked = None
        self.question.layout.display = "none"
        self._picking = True
        try:
            self.game_picker.value = game
            self.players_picker.value = players if len(spec.players) > 1 else 4
        finally:
            self._picking = False
        self._show_players()
        speed, level = self.table.speed, self.table.level or "sensible"
        self.table.close()
        self.table = CardTable(
            game,
            seed=self.seed,
            players=players,
            speed=speed,
            review_samples=self.review_samples,
            level=level,
        )
        self.table.show_language = False
        self.widget.children = [self.widget.children[0], self.table]
        return self.table

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)


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


def game_has_dummy(deal: TrickDeal) -> bool:
    """Whether this deal has a dummy (Contract Bridge, once the auction has a contract)."""
    return getattr(deal, "dummy", None) is not None and getattr(deal, "dummy_exposed", False)


def _speed_error(speed) -> CardlibError:
    return CardlibError(
        _("speed is one of {speeds}, got {speed!r}").format(speeds=", ".join(SPEEDS), speed=speed),
        "speed",
    )


def _total_text(total) -> str:
    if isinstance(total, Decimal):
        exponent = total.as_tuple().exponent  # an int: totals are finite (never NaN)
        return f"{total:.1f}" if exponent < 0 else f"{total:.0f}"  # type: ignore[operator]
    return str(total)


__all__ = ["GAMES", "CardTable", "GameSpec", "TableApp", "card_json", "seat_label"]
