"""The card table's page without Jupyter: :class:`TablePage`.

The page a learner opens to play (the static site's ``table/``, and ``make app``'s) has no code
to show, so it needs no notebook, no kernel and no widget library: the same table front end
(``table.js``, the anywidget's) draws it, and this class stands where the anywidget and the
app's pickers stood, over the same :class:`~cardlib.widgets.table_controller.TableController`.
It imports no widget library, so it runs wherever ``cardlib`` does: in Pyodide in a browser
worker (the site), in a server process behind a websocket (the app), in plain pytest.

Everything between the browser and Python is a plain JSON message, so any transport carries it.
From the browser (:meth:`TablePage.receive`):

- ``{"kind": "set", "changes": {name: value}}``: the table's ``model.save_changes()`` (the
  speed, the opponents, the language, the checkbox, the "Last trick" toggle);
- ``{"kind": "custom", "content": {...}}``: the table's ``model.send()`` (a click, the review
  asked for, a kept match to restore);
- ``{"kind": "pick", "game": g, "players": n}``: the page's game and players pickers;
- ``{"kind": "answer", "switch": bool}``: the answer to "Switch game anyway?".

To the browser (what :meth:`receive` returns, in order): ``{"kind": "traits", "changes":
{...}}`` (the table's synced values that changed: ``model.set`` on the page),
``{"kind": "custom", "content": {...}}`` (``model.send`` from Python: "that click was
stale") and ``{"kind": "page", "page": {...}}`` (the pickers' words and choices, the question).
:meth:`first_screen` is everything at once: what the page draws before Python is ready, and
what the build stores for it.

The traits are the anywidget's (:class:`~cardlib.widgets.table.CardTable` sends the same ones,
from :func:`shown` and :func:`browser_choice` here), so the two hosts cannot drift apart.

>>> page = TablePage("callbreak", seed=7, speed="instant")
>>> screen = page.first_screen()
>>> screen["traits"]["game_key"], screen["page"]["game"], screen["traits"]["frames"][-1]["phase"]
('callbreak', 'callbreak', 'calling')
>>> page.receive({"kind": "set", "changes": {"speed": "warp"}})
[{'kind': 'traits', 'changes': {'speed': 'instant'}}]
"""

from __future__ import annotations

import contextlib
import copy
from typing import Any

from cardlib import games, i18n
from cardlib.errors import CardlibError
from cardlib.i18n import _
from cardlib.widgets.table_controller import MATCH_ID, TableController

#: The table's values the browser draws from, in the order they are sent (the anywidget's
#: synced traits, less the two that never change: ``game_key`` and ``languages``).
SHOWN = (
    "lang",
    "level",
    "speed",
    "auto_forced",
    "peek_open",
    "review",
    "refusal",
    "refusal_count",
    "frames",
    "kept_match",
    "finished_match",
)
#: The values the browser may change (its menus, checkbox and toggle).
CHOICES = ("lang", "level", "speed", "auto_forced", "peek_open")


def shown(table: TableController) -> dict[str, Any]:
    """What the browser shows of ``table``, by name (:data:`SHOWN`)."""
    return {
        "lang": i18n.get_language(),
        "level": table.level,
        "speed": table.speed,
        "auto_forced": table.auto_forced,
        "peek_open": table.peek_open,
        "review": table.review,
        "refusal": table.refusal,
        "refusal_count": table.refusal_count,
        "frames": table.frames,
        "kept_match": table.kept_match,
        "finished_match": table.finished_match,
    }


def browser_choice(table: TableController, name: str, value: object) -> None:
    """The learner chose ``value`` in the browser for ``name`` (one of :data:`CHOICES`):
    apply it. A value the browser cannot offer (a hand-written message) changes nothing: the
    next :func:`shown` says what the table still has, and the browser shows that."""
    if name == "lang":
        if isinstance(value, str) and value in i18n.LANGUAGES and value != i18n.get_language():
            i18n.set_language(value)  # every table switches, this one by its redraw()
    elif name in ("level", "speed"):
        if isinstance(value, str) and value and value != getattr(table, name):
            setter = table.set_level if name == "level" else table.set_speed
            with contextlib.suppress(CardlibError):
                setter(value)
    elif name == "auto_forced" and (value is True or value is False):
        if value != table.auto_forced:
            table.set_auto_forced(value)
    elif name == "peek_open" and (value is True or value is False):
        table.peek_open = value


def players_choices() -> list[int]:
    """Every table size a registered game is played at (the players picker's choices)."""
    return sorted({count for game in games.GAMES.values() for count in game.players})


def seats_for(game: str, players: object) -> int:
    """The seats a new table of ``game`` gets when ``players`` were asked for: those, where
    the game is played by that many, else four."""
    return players if type(players) is int and players in games.GAMES[game].players else 4


def mid_deal(table: TableController) -> bool:
    """Whether the learner has acted in a deal still being played (switching game asks first)."""
    return table.match.phase in ("calling", "bidding", "playing") and bool(table.record)


class TablePage:
    """The page's game and players pickers, its language menu and the table under them, as
    plain messages (see the module's docstring). The speed and opponents chosen at the table
    carry over to the next game; with no ``seed`` each table deals a fresh match and keeps it
    in the browser. ``seed`` given with ``fresh_seeds=True``: the first match is that seed's
    (the one a stored first screen shows) and the next ones are fresh."""

    def __init__(
        self,
        game: str = "callbreak",
        seed: int | None = None,
        speed: str = "normal",
        fresh_seeds: bool | None = None,
        **table_options: Any,
    ):
        self.fresh_seeds = fresh_seeds
        self.table_options = table_options
        self.table = TableController(
            game, seed=seed, speed=speed, fresh_seeds=fresh_seeds, **table_options
        )
        self._asked: tuple[str, int] | None = None  # the game and seats asked for mid-deal
        self._sent: dict[str, Any] = {}
        self._sent_page: dict[str, Any] = {}

    def __repr__(self) -> str:
        return f"TablePage({self.table.game!r}, seed={self.table.seed})"

    # ----- what the browser draws ------------------------------------------------------

    def traits(self) -> dict[str, Any]:
        """Every value the table's front end reads (``model.get``), this moment."""
        return {
            "game_key": self.table.game,
            "languages": [[code, name] for code, name in i18n.LANGUAGES.items()],
            "show_language": False,  # the page has one language menu, above the table
            **copy.deepcopy(shown(self.table)),
        }

    def page(self) -> dict[str, Any]:
        """The pickers, the language menu and the question, in the language in use."""
        game = self.table.game
        asking = ""
        if self._asked is not None:
            asking = _("This deal is not finished. Switch to {game} anyway?").format(
                game=_(games.GAMES[self._asked[0]].name)
            )
        return {
            "games": [[key, facts.title] for key, facts in games.GAMES.items()],
            "game": game,
            "players_choices": players_choices(),
            "players": self.table.players,
            "players_shown": len(games.GAMES[game].players) > 1,
            "lang": i18n.get_language(),
            "languages": [[code, name] for code, name in i18n.LANGUAGES.items()],
            "words": {
                "title": _("Play at the card table"),  # a page's heading, if it shows one
                "game": _("Game"),
                "players": _("Players"),
                "language": _("Language"),
                "switch": _("Switch game"),
                "stay": _("Stay"),
                # shown on the stored first screen until Python has started
                "getting_ready": _(
                    "Getting the table ready… A card or call you choose now is played as soon "
                    "as it is."
                ),
            },
            "asking": asking,
        }

    def first_screen(self) -> dict[str, Any]:
        """Everything the browser draws, at once: ``{"traits": …, "page": …}`` (what a page
        shows before Python is ready, and what it is given when Python is)."""
        self._sent = self.traits()
        self._sent_page = self.page()
        return {"traits": copy.deepcopy(self._sent), "page": copy.deepcopy(self._sent_page)}

    def catch_up(self, screen: object) -> list[dict[str, Any]]:
        """The browser already shows ``screen``, drawn before this page was made (a stored
        first screen: :meth:`first_screen` of a page of the same game and seed, kept by the
        site's build); the messages that bring it to this page, none when it shows this page
        already (nothing is drawn again, nothing jumps).

        A screen of this very match at its start (its kept match the same but for its id)
        gives the match its id: the deal the learner saw is one match, under one id, in this
        browser's keeping and record. Anything but a screen (``{"traits": {…}, "page": {…}}``)
        is answered with the whole page."""
        traits = screen.get("traits") if isinstance(screen, dict) else None
        page = screen.get("page") if isinstance(screen, dict) else None
        if not isinstance(traits, dict) or not isinstance(page, dict):
            whole = self.first_screen()
            return [
                {"kind": "traits", "changes": whole["traits"]},
                {"kind": "page", "page": whole["page"]},
            ]
        kept, table = traits.get("kept_match"), self.table
        if (
            isinstance(kept, dict)
            and not table.match_actions
            and isinstance(kept.get("match_id"), str)
            and MATCH_ID.fullmatch(kept["match_id"]) is not None
            and {**kept, "match_id": table.match_id} == table.kept_match
        ):
            table.match_id = kept["match_id"]
            table.kept_match = table.kept()
        self._sent = copy.deepcopy(traits)
        self._sent_page = copy.deepcopy(page)
        return self._changes()

    def idle_step(self) -> bool:
        """One bounded piece of the table's work done ahead of time
        (:meth:`TableController.idle_step`), for a host with nothing else to do; ``False``
        when none remains. A host calls it once per turn of its event loop, so that a message
        of the learner's is always handled first, and calls it again after each message. What
        the work changed is in :meth:`changes`."""
        return self.table.idle_step()

    # ----- the browser's messages ------------------------------------------------------

    def receive(self, message: object) -> list[dict[str, Any]]:
        """One message from the browser (see the module's docstring); the messages to send
        back. Anything else (not a dict, an unknown kind, wrong types) changes nothing and is
        answered with nothing."""
        answers: list[dict[str, Any]] = []
        if not isinstance(message, dict):
            return answers
        kind = message.get("kind")
        if kind == "set":
            changes = message.get("changes")
            if isinstance(changes, dict):
                for name, value in changes.items():
                    if name in CHOICES:
                        browser_choice(self.table, name, value)
                # what the learner chose and the table took is the browser's already; a choice
                # the table refused is sent back as it still is
                self._sent.update({n: v for n, v in changes.items() if n in CHOICES})
        elif kind == "custom":
            answer = self.table.receive(message.get("content"))
            if answer is not None:
                answers.append({"kind": "custom", "content": answer})
        elif kind == "pick":
            game = message.get("game")
            if isinstance(game, str) and game in games.GAMES:
                self._picked(game, seats_for(game, message.get("players")))
        elif kind == "answer":
            asked, self._asked = self._asked, None
            if message.get("switch") is True and asked is not None:
                self.pick(*asked)
        return self._changes() + answers

    def changes(self) -> list[dict[str, Any]]:
        """What changed since the browser was last told (by idle work, say), as messages."""
        return self._changes()

    def _picked(self, game: str, players: int) -> None:
        if (game, players) == (self.table.game, self.table.players):
            self._asked = None
        elif mid_deal(self.table):  # ask first; the pickers show the game still played
            self._asked = (game, players)
        else:
            self.pick(game, players)

    def pick(self, game: str, players: int = 4) -> TableController:
        """Start ``game`` at a new table (``players`` seats where the game has a choice)."""
        players = seats_for(game, players)
        self._asked = None
        table = self.table
        self.table = TableController(
            game,
            seed=None,
            players=players,
            speed=table.speed,
            level=table.level or "sensible",
            **self.table_options,
        )
        self._sent["game_key"] = None  # a new table: everything is sent again
        return self.table

    def _changes(self) -> list[dict[str, Any]]:
        """What changed since the browser was last told, as messages."""
        out: list[dict[str, Any]] = []
        now = self.traits()
        if now.get("game_key") != self._sent.get("game_key"):
            changed = now  # a new table: all of it
        else:
            changed = {name: value for name, value in now.items() if self._sent.get(name) != value}
        if changed:
            out.append({"kind": "traits", "changes": changed})
        self._sent = now
        page = self.page()
        if page != self._sent_page:
            out.append({"kind": "page", "page": page})
            self._sent_page = page
        return out
