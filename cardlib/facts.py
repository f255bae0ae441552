"""What a game is, said once: the facts the shared machinery asks of each game.

Each game module states its facts in one subclass of :class:`Game` (``callbreak.CallBreak``,
``callbridge.CallBridge``, ``judgement.Judgement``, ``bridge.ContractBridge``), and
:mod:`cardlib.games` builds the registry from those classes, as ``chess.variant`` builds its
variants. Everything that serves every game (the card table, the coach, the review, the exact
solver, the position text, the puzzles, the exercises, the learner's record) asks the registry
(``games.of(deal)``, ``games.lookup(key)``) instead of naming a game, so a new game is one
module and one registry entry.

==================  ==============  ==============  ===============  ================
fact                Call Break      Call Bridge     Judgement        Contract Bridge
==================  ==============  ==============  ===============  ================
``key``             ``callbreak``   ``callbridge``  ``judgement``    ``bridge``
``players``         4               4               3 … 7            4
``call_word``       call            bid             bid              call
``deal_word``       deal            deal            round            deal
``places``          1 (tenths)      0               0                0
``coached``         yes             yes             yes              no (double dummy)
``options``         its ``Variant``  none            none             none
``points``          call + tenths   bid, bonus 13   10 × exact bid   a score sheet
``made``            tricks ≥ call   tricks ≥ bid    tricks = bid     contract made
``counted_calls``   yes             yes             yes              no (an auction)
``deals_to_play``   5               (to 30 points)  8                (to 100 below)
==================  ==============  ==============  ===============  ================

The facts are class attributes and class methods: a game is never instantiated (its deals
and matches are).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from decimal import Decimal
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, cast

from cardlib.errors import CardlibError
from cardlib.i18n import _

if TYPE_CHECKING:
    from cardlib.game import Seed
    from cardlib.tricks import PlayRules

#: The opponents' levels, weakest first (the card table's choice).
LEVELS = ("beginner", "sensible", "strong")


class _GameClass(type):
    # A game is its class: shown as the registry's call that gives it back.
    def __repr__(cls) -> str:
        key = cls.__dict__.get("key")
        return f"games.lookup({key!r})" if key else super().__repr__()

    @property
    def module(cls) -> ModuleType:
        """The game's module (``cardlib.callbreak`` …): its rule helpers, the one API table."""
        return sys.modules[cls.__module__]

    @property
    def title(cls) -> str:
        """The game and how long its match is, in the learner's language."""
        game = cast("type[Game]", cls)
        return _(game.match_title).format(name=_(game.name), **game.match_values())


class Game(metaclass=_GameClass):
    """One game's facts. Subclass it in the game's module and register it in :mod:`cardlib.games`.

    Attributes every game sets: ``key`` (its module's name, the id used in the position text,
    the learner's record and the exercises), ``name`` (its English name, a message id:
    ``_(game.name)`` is the name in the learner's language), ``deal`` (the class of one deal),
    ``match`` (the match class). The rest have defaults for a four-player trick game.
    """

    key: ClassVar[str]
    name: ClassVar[str]
    deal: ClassVar[type[Any]]
    match: ClassVar[type[Any]]
    #: the table sizes it is played at
    players: ClassVar[tuple[int, ...]] = (4,)
    #: the game's word for a call: "call" or "bid"
    call_word: ClassVar[str] = "call"
    #: the game's word for one deal: "deal" or "round"
    deal_word: ClassVar[str] = "deal"
    #: decimal places of its points (Call Break keeps tenths)
    places: ClassVar[int] = 0
    #: whether the coach (analysis, review, exact solver, best-play puzzles) knows it
    coached: ClassVar[bool] = True
    #: how the card table names a match of it: a message id with ``{name}`` and the values
    #: of :meth:`match_values`
    match_title: ClassVar[str] = "{name}"

    # ----- who it is -----------------------------------------------------------------

    @classmethod
    def match_values(cls) -> dict[str, object]:
        """The values :attr:`match_title` names (the deals of a match, its target …)."""
        return {}

    # ----- playing it ----------------------------------------------------------------

    @classmethod
    def new_match(cls, seed: Seed, players: int = 4) -> Any:
        """The match the card table plays, from ``seed``, at a table of ``players``."""
        return cls.match(seed=seed)

    @classmethod
    def bot(cls, level: str, seed: Seed = None) -> Any:
        """The game's own opponent of ``level``: ``"beginner"`` plays random legal moves (seeded),
        ``"sensible"`` the policy the lessons describe. ``"strong"`` is the coach
        (:class:`~cardlib.coach.analysis.CoachBot`) in a game it knows: the coach reads the
        registry, so :func:`cardlib.coach.analysis.opponent` makes it; a game it does not know
        plays "strong" as "sensible"."""
        from cardlib import bots  # the bots read deals; the facts never need them to load

        return bots.RandomBot(seed) if level == "beginner" else bots.SensibleBot()

    @classmethod
    def options_of(cls, deal: Any) -> Any:
        """The options a deal was dealt with that change its points or play (Call Break's
        ``Variant``); ``None`` for a game without options."""
        return None

    @classmethod
    def deal_again(cls, deal: Any, hands: Sequence[Sequence[Any]]) -> Any:
        """The same deal from ``hands`` (as dealt), back at its first card with its calls made
        (or, while the calls are not all in, before any call): what a replay starts from."""
        calls = [call for call in deal.calls if call is not None]
        made = calls if len(calls) == len(deal.calls) else None
        return cls.deal.from_hands(hands, deal.dealer, made)

    # ----- points (the counted-call games: a call or bid is a number of tricks) ----------

    @classmethod
    def points(cls, call: int, tricks: int, options: Any = None) -> Decimal | int:
        """A seat's points for a deal it called ``call`` in and took ``tricks``."""
        raise CardlibError(
            _("{game} scores a deal as a whole, not a seat's call").format(game=_(cls.name)),
            "game",
        )

    @classmethod
    def made(cls, call: int, tricks: int, options: Any = None) -> bool:
        """Whether ``tricks`` make the call: the points are more than a miss would give."""
        return cls.points(call, tricks, options) > 0

    @classmethod
    def made_by(cls, deal: Any, seat: int) -> bool | None:
        """Whether ``seat`` made what it undertook in a finished ``deal``; ``None`` when it
        undertook nothing (Contract Bridge: its side did not declare)."""
        call = deal.calls[seat]
        if call is None:
            return None
        return cls.made(call, deal.tricks_won[seat], cls.options_of(deal))

    @classmethod
    def legal_calls(
        cls, dealt: int, earlier: Sequence[int], is_dealer: bool, options: Any = None
    ) -> tuple[int, ...]:
        """The calls a seat holding ``dealt`` cards may make after the ``earlier`` calls."""
        low, high = cls.call_range(options)
        return tuple(range(low, high + 1))

    @classmethod
    def call_range(cls, options: Any = None) -> tuple[int, int]:
        """The lowest and highest call (before any rule of the moment, like Judgement's hook)."""
        return 1, 13

    # ----- endings (the coach's exact solver and the best-play puzzles) -------------------

    @classmethod
    def direction(cls, options: Any = None) -> int:
        """Which way play goes: 1 clockwise, -1 counter-clockwise."""
        return cls.deal.direction

    @classmethod
    def rules(cls, options: Any = None, trump: str | None = None) -> PlayRules:
        """The play rules of a deal with these options (and this trump, where it varies)."""
        return cls.module.as_rules()

    @classmethod
    def check_options(cls, options: Any) -> Any:
        """``options`` if the game takes them, else refused (a game without any takes ``None``)."""
        if options is not None:
            raise CardlibError(
                _("{game} has no options, got {options!r}").format(
                    game=_(cls.name), options=options
                ),
                "options",
            )
        return None

    # ----- at the card table (cardlib.widgets.table_controller) --------------------------

    #: whether each seat calls its own count of tricks and is scored on it (the counted-call
    #: games); ``False``: an auction reaches one contract that a side plays and scores
    #: (Contract Bridge), and the card table shows the auction, the contract and the sides
    counted_calls: ClassVar[bool] = True

    @classmethod
    def call_pad(cls, deal: Any, seat: int) -> tuple[Any, ...]:
        """The calls the card table shows ``seat`` at its turn, allowed now or not (it dims
        those the rules of the moment refuse, like Judgement's hook): every count of tricks
        from the lowest call to the cards in the hand."""
        low, _high = cls.call_range(cls.options_of(deal))
        return tuple(range(low, deal.visible_to(seat).hand_sizes[seat] + 1))

    @classmethod
    def dummy(cls, deal: Any) -> int | None:
        """The seat whose cards its partner plays (face up from the opening lead), once the
        auction names it; ``None`` in a game without a dummy."""
        return None

    @classmethod
    def declarer(cls, deal: Any) -> int | None:
        """The seat that plays the dummy's cards as well as its own (:meth:`dummy`); ``None``
        in a game without a dummy."""
        return None

    @classmethod
    def hand_to_play(cls, deal: Any) -> int | None:
        """The seat whose hand the next card comes from: the seat to act, but the dummy on
        the dummy's turns (its partner, ``deal.to_act``, chooses the card)."""
        return cast("int | None", deal.to_act)

    @classmethod
    def deals_to_play(cls, match: Any) -> int | None:
        """How many deals (rounds) ``match`` is played over; ``None`` when it is played to a
        target of points."""
        return None


__all__ = ["LEVELS", "Game"]
