"""One card table for the four games: :class:`CardTable`.

The learner sits at the bottom (seat 0, South), the bots everywhere else;
North is at the top, West on the left, East on the right (a Judgement table of
3 to 7 seats is laid out round the same circle). The table asks the game only
what the deal protocol of :mod:`cardlib.game` answers — ``phase``, ``to_act``,
``legal_actions()``, ``act()``, ``visible_to(seat)`` — and the game's facts in the
registry (:mod:`cardlib.games`: its match, its bots, its words, its call buttons, its
dummy), so one widget serves every registered game: Call Break, Call Bridge, Judgement
and Contract Bridge. How a seat's points came about is the game's own module's to say
(``deal.points_explained(seat)``): the table only shows it.

The table is two parts: :class:`~cardlib.widgets.table_controller.TableController` plays
(the match, the bots, the learner's clicks, the review, the record, the frames as plain
dicts) and imports no widget library; :class:`CardTable` is the anywidget around it, which
hands it the browser's messages and sends the browser what it shows. Everything of the
controller's is the table's too: ``table.click_card(...)``, ``table.match``,
``table.state`` are the controller's (``table.controller``).

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

Clicking is the Python methods :meth:`TableController.click_card`,
:meth:`TableController.click_call` and :meth:`TableController.click_next` (the browser
sends the same messages), so plain pytest plays whole deals through them. A
refused card or call changes nothing: the reason, in plain words, is shown
beside the hand and read out by the live region.

**The guided deal** (``guided=True``, a learner's first deal, as the Callbreak apps and ACBL's
Learn to Play lessons begin): in the first deal of the table's first match, at each of the
learner's turns, the table says under the prompt what the rules require or allow and why, in
the game's words: at the call, its range and what it scores (the game's
:meth:`~cardlib.facts.Game.call_guide`); at each card, the rule that decides which cards may be
played (the engine's ``deal.explain()``, the sentence behind the ladder's rule ids of
:mod:`cardlib.tricks`). The browser sends a click on a dimmed card or call like any other, and
Python answers it: a wrong try is explained with that rule ("Not 10♠: Clubs were led … Nothing
was played; choose again."), the position unchanged; a card the rules allow is then played as
usual. The deal's end says the guidance stops; from the next deal on the match is the
learner's own, played as on any table (``TableController.guiding`` says which). A guided table
keeps its match in the browser apart from a plain table of the same seed.

**The review after a deal** (Call Break, Call Bridge, Judgement): the table keeps
a copy of the deal before each of the learner's calls and cards; when the deal is
over, the browser asks for the review (:meth:`TableController.request_review`, with
``review_samples`` samples a decision) and shows it under the end-of-deal table: every
decision with the expected points it lost against the best choice there
(:mod:`cardlib.coach.review`), the costliest one marked and explained, and a "Replay
from here" button on each (:meth:`TableController.click_replay`). A replay is
**practice**: the deal goes back to the position before that decision (the same
cards, the same earlier plays) and the learner plays on from there, but the
match keeps the deal as first played; its totals never count a replay, and "Next
deal" after a replay goes on with the match where it was. While replaying, "Back to
the match" (:meth:`TableController.click_back_to_match`) leaves the practice wherever it
stands and shows the end of the deal as first played again, with its review. A Contract
Bridge deal is reviewed double dummy instead (:mod:`cardlib.widgets.bridge_review`: the
opening lead, the tricks each card gave away, the contract against par; where endplay is
missing the panel says so), with nothing to replay from.

**The coach works ahead while the kernel is idle.** Once a browser plays at the table (its
first message), the table has the kernel's event loop do the coach's work in small steps
between messages (:meth:`TableController.idle_step`, one step a callback, a few milliseconds
each, so a click waits for one step at most): the analysis the review makes of the learner's
decision now, while they think and while the browser shows the bots' cards. The hint then
reads it at once, and at the deal's end the review finds its analyses done: the same numbers
as made at the end, ready as the last trick is shown. Without a running event loop (plain
Python, tests) nothing is done ahead and both are computed when asked for.

**One action per turn.** Each click the browser sends carries the ``serial`` of the
position it was made in; the browser sends one click at a time (none while frames are
drawn or an earlier click is unanswered, none for the second click of a double-click or
a held key's repeats), and Python ignores a click whose serial is not the position now
shown: never played, never refused (:meth:`TableController.receive`).

**Opponents** (``level``): ``"beginner"`` (random legal), ``"sensible"`` (the default) or
``"strong"`` (the coach's :class:`~cardlib.coach.analysis.CoachBot`), for the table or one
per seat; in a game the coach does not know (Contract Bridge) Strong plays as Sensible
(said on the table). **A fresh match** (``seed=None``, as the app deals) shows its seed.
Every table the learner plays at keeps its match in the browser's local storage (seed,
opponents, the learner's actions; under :attr:`TableController.keep_key`: the game, the seats
and a seeded table's seed): when the page is loaded again (a reload; JupyterLite's kernel is
new, the cell run again) the browser sends it back and :meth:`TableController.restore`
replays it through the engine, and the table says so. A table made again in the same page
load (a cell run again) starts afresh, as its seed promises; a table driven from code never
writes. A table of fresh seeds (the app's) keeps its deal from the moment it is shown: a
reload, or the same game picked again, before the first action gives the same cards back,
so nobody deals again until the cards please them. One tab or window plays a kept match: a
second tab that opens it takes it over, and the first says so ("This match is now played in
another tab…") and takes no more clicks, so no play is lost unseen. In JupyterLab, a reload
before the notebook is saved loses the cell's output, not the match: the table's cell says to
run it again, and the match comes back.

Each seat shows its **running match total** during play (in Contract Bridge, its side's
points below the line). The end of each deal shows the **score sheet** of the match so far;
the end of the match the **places** (1st, 2nd, …; tied totals, compared exactly, share a
place, and the next place is skipped), and the learner's **record** in local storage (played,
won, average points a deal, calls made by the game's own rule), to which each finished match
adds itself once, by its id (:attr:`TableController.match_id`), at every speed and after any
reload; its last review sums up the match's reviews. Every word for a call is the game's own
(a bid in Call Bridge and Judgement).

**Helpers at the table.** "Last trick" (:meth:`TableController.click_peek`, the ``peek_open``
trait) shows the last trick taken, its cards, who played each and who won it, until the next
one is taken (a language switch keeps it open). With ``auto_forced=True`` (a checkbox on the
table, off by default) the learner's only legal card is played for them and the table says
so; never a call. "Hint" (:meth:`TableController.click_hint`) names the coach's best card for
the learner's turn (the analysis the review after the deal makes of the decision, read when
the kernel has done it ahead, else made on the spot with a bounded number of imagined deals,
at most ``hint_samples``) and its margin over the next best, "too close to tell" at that many
imagined deals within two standard errors; it never plays it,
and ``hints=False`` removes it (graded use). In a game the coach does not know (Contract
Bridge) the hint says it is not offered there. At the end of a deal "Play this deal again"
(:meth:`TableController.click_play_again`) deals the same cards from the start as practice,
like a replay, against the bots as they were then (played the same way, the deal comes out the same,
random and coach bots included; after a reload too), and the deal's seed is shown: the match's
seed and the deal's number name it, since a match deals every deal from its seed alone
whatever is played.

CSS classes (for the browser tests): ``cardlib-table`` (with ``data-serial``, the
learner's moves so far, set once the last frame is shown, and ``data-frame``,
"i/n"), ``cl-heading``, ``cl-speed``, ``cl-felt``, ``cl-seat`` (``cl-turn`` on the
seat to act), ``cl-played`` (``cl-winner``), ``cl-trick-note``, ``cl-prompt``,
``cl-guide`` (the guided deal's sentence), ``cl-hand`` with ``cl-card`` buttons
(``cl-legal`` or ``cl-dim``), ``cl-refusal``,
``cl-calls`` with ``cl-call`` buttons, ``cl-continue-button``, ``cl-end`` (its table
and ``cl-next``), ``cl-review`` (its table ``cl-review-table``, the row
``cl-costliest``, ``cl-costliest-reason``, ``cl-replay`` buttons with ``data-number``; a
Contract Bridge review's sentences ``cl-bridge-summary`` and its note ``cl-review-note``),
``cl-practice`` with the ``cl-back`` button (only while replaying), ``cl-live``,
``cl-level`` (the opponents' menu) and ``cl-level-note``, ``cl-bot-level``, ``cl-backs`` and
``cl-seat-total`` (the running match total) on a seat, ``cl-standings`` (the places at the
match's end), ``cl-taken-over`` (another tab took the match over), ``cl-new`` on a card
just played, ``cl-sheet`` (the score sheet and the record, ``cl-record``),
``cl-match-review``, ``cl-tools`` (the ``cl-peek-button``, ``cl-hint-button`` and the
``cl-auto-forced`` checkbox), ``cl-peek`` (``cl-peek-winner`` on
its winner's line), ``cl-hint``, ``cl-forced``, ``cl-again`` and ``cl-seed`` at the end of a
deal, ``cl-restored`` (a match a reload gave back), ``cl-dummy-choice`` (its ``cl-watch`` and
``cl-skip`` buttons), ``cl-swept`` (a finished trick's card on its way to the winner); the
app: ``cardlib-table-app``, ``cardlib-game-picker``, ``cardlib-players-picker``,
``cardlib-switch-question``.
"""

from __future__ import annotations

import asyncio
import html
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from cardlib import games, i18n
from cardlib.coach.review import DEFAULT_SAMPLES
from cardlib.i18n import _
from cardlib.widgets.language import LanguagePicker
from cardlib.widgets.table_controller import (
    HINT_SAMPLES,
    LEARNER,
    LEVELS,
    SPEEDS,
    STRONG_SAMPLES,
    TableController,
    call_name,
    call_text,
    card_json,
    contract_text,
    fresh_seed,
    plain_refusal,
    seat_label,
    seat_places,
)
from cardlib.widgets.table_page import (
    CHOICES,
    browser_choice,
    mid_deal,
    players_choices,
    seats_for,
    shown,
)


class CardTable(anywidget.AnyWidget):
    """The card table: one learner (seat 0) against the bots, any game of the registry.

    The game, the bots, the review and the record are its :attr:`controller`'s (a
    :class:`~cardlib.widgets.table_controller.TableController`, made from the same arguments);
    everything of the controller's that does not start with ``_`` is the table's too
    (``table.click_card("AS")``, ``table.match``, ``table.state``). The table hands it the
    browser's messages and the browser's choices (opponents, speed, language, the checkbox and
    the "Last trick" toggle), and after each of its actions sends the browser what it now
    shows, in the traits below.

    ``review_samples``: imagined deals per decision in the review after each deal
    (``request_review``); a replay from one of its decisions is practice and
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
        guided: bool = False,
    ):
        #: the table's game, bots, review and record (everything but the drawing)
        self.controller = TableController(
            game,
            seed=seed,
            players=players,
            speed=speed,
            review_samples=review_samples,
            level=level,
            strong_samples=strong_samples,
            auto_forced=auto_forced,
            hints=hints,
            hint_samples=hint_samples,
            guided=guided,
        )
        super().__init__(
            game_key=game,
            languages=[[code, name] for code, name in i18n.LANGUAGES.items()],
            **self._shown(),
        )
        self.controller.on_change = self._push
        self._idle_work: asyncio.Handle | None = None  # the next step of the coach's work ahead
        self._in_play = False  # a browser has sent a message: somebody plays at this table
        self.on_msg(self._on_browser_message)
        self.observe(self._picked, names=list(CHOICES))

    def __getattr__(self, name: str) -> Any:
        # Everything else is the controller's (the traits and the widget's own are found first).
        controller = self.__dict__.get("controller")
        if controller is None or name.startswith("_"):
            raise AttributeError(name)
        return getattr(controller, name)

    def __repr__(self) -> str:
        table = self.controller
        players = f", players={table.players}" if table.players != 4 else ""
        guided = ", guided=True" if table.guided else ""
        return f"CardTable({table.game!r}, seed={table.seed}{players}{guided})"

    # ----- Python to the browser -------------------------------------------------------

    def _shown(self) -> dict[str, Any]:
        """What the browser shows of the controller, by trait, in the order it is sent (the
        same as the page without Jupyter sends: :func:`cardlib.widgets.table_page.shown`)."""
        return shown(self.controller)

    def _push(self) -> None:
        """The controller acted: send the browser what changed (a trait left as it was is
        not sent again)."""
        for name, value in self._shown().items():
            setattr(self, name, value)
        if self._in_play:
            self._work_ahead()

    # ----- the coach's work ahead, while the kernel is idle ------------------------------

    def _work_ahead(self) -> None:
        """Have the kernel do the coach's work ahead when it is idle
        (:meth:`TableController.idle_step`): one step a callback on its event loop, so that a
        message from the browser arriving meanwhile is handled after one step at most. Without
        a running event loop (plain Python, a test) there is no idle time: nothing is done
        ahead, and the hint and the review are computed when asked for. Nor before a browser
        has sent a message (a notebook run without one: nobody plays at the table)."""
        if self._idle_work is not None:
            return  # already under way
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            if sys.platform != "emscripten":
                return
            # Pyodide (a JupyterLite kernel): its loop runs the callbacks from the browser's
            # own event loop, whether or not Python is inside it now
            loop = asyncio.get_event_loop()
        self._idle_work = loop.call_soon(self._idle_step)

    def _idle_step(self) -> None:
        self._idle_work = None
        if self.comm is None:  # the widget was closed: its table is gone from the page
            return
        if self.controller.idle_step():
            self._work_ahead()

    # ----- the browser to Python -------------------------------------------------------

    def _on_browser_message(self, _widget: object, content: Any, _buffers: object) -> None:
        """A message from the browser, for the controller (:meth:`TableController.receive`);
        a stale click is answered so that the browser takes clicks again."""
        self._in_play = True
        answer = self.controller.receive(content)
        if answer is not None:
            self.send(answer)
        self._work_ahead()  # a message that changed nothing (a stale click) pushed nothing

    def _picked(self, change: dict) -> None:
        """The learner chose in the browser (a menu, the checkbox, the toggle): the controller
        takes it (:func:`~cardlib.widgets.table_page.browser_choice`, as the page without
        Jupyter does); a value it refuses is put back as the table still has it."""
        browser_choice(self.controller, change["name"], change["new"])
        self._push()


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
            options=[(game.title, key) for key, game in games.GAMES.items()],
            value=game,
            description=_("Game"),
            layout={"width": "auto"},
        )
        self.players_picker = widgets.Dropdown(
            options=players_choices(), value=4, description=_("Players")
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
            self.game_picker.options = [(game.title, key) for key, game in games.GAMES.items()]
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
                    game=_(games.GAMES[self._asked[0]].name)
                )
            )

    def _show_players(self) -> None:
        choice = len(games.GAMES[self.game_picker.value].players) > 1
        self.players_picker.layout.display = None if choice else "none"

    def _picked(self, _change=None) -> None:
        if self._picking:
            return
        wanted = (self.game_picker.value, self.players_picker.value)
        if self._mid_deal():  # ask first; the pickers show the game still played
            self._asked = wanted
            self._set_pickers(self.table.game, self.table.players)
            self.asking.value = html.escape(
                _("This deal is not finished. Switch to {game} anyway?").format(
                    game=_(games.GAMES[wanted[0]].name)
                )
            )
            self.question.layout.display = None
            return
        self.pick(*wanted)

    def _mid_deal(self) -> bool:
        """Whether the learner has acted in a deal that is still being played."""
        return mid_deal(self.table.controller)

    def _answer(self, switch: bool) -> None:
        asked, self._asked = self._asked, None
        self.question.layout.display = "none"
        if switch and asked is not None:
            self.pick(*asked)

    def _set_pickers(self, game: str, players: int) -> None:
        self._picking = True
        try:
            self.game_picker.value = game
            self.players_picker.value = players if len(games.GAMES[game].players) > 1 else 4
        finally:
            self._picking = False

    def pick(self, game: str, players: int = 4) -> CardTable:
        """Start ``game`` at a new table (with ``players`` seats where the game has a choice:
        Judgement, 3 to 7)."""
        chosen = games.GAMES[game]
        players = seats_for(game, players)
        self._asked = None
        self.question.layout.display = "none"
        self._picking = True
        try:
            self.game_picker.value = game
            self.players_picker.value = players if len(chosen.players) > 1 else 4
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


__all__ = [
    "LEARNER",
    "LEVELS",
    "SPEEDS",
    "CardTable",
    "TableApp",
    "TableController",
    "call_name",
    "call_text",
    "card_json",
    "contract_text",
    "fresh_seed",
    "plain_refusal",
    "seat_label",
    "seat_places",
]
