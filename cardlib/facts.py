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
``options``         ``Variant``     none            none             none
``points``          call + tenths   bid, bonus 13   10 × exact bid   a score sheet
``made``            tricks ≥ call   tricks ≥ bid    tricks = bid     contract made
``exact_calls``     no              no              yes              no
``trump_varies``    no (♠)          no (♠)          yes (round)      yes (contract)
``whole_pack``      yes             yes             no               yes
``counted_calls``   yes             yes             yes              no (an auction)
``deals_to_play``   5               (to 30 points)  8                (to 100 below)
==================  ==============  ==============  ===============  ================

The facts are class attributes and class methods: a game is never instantiated (its deals
and matches are). A game's deal class knows its game (``deal.facts``, set when the game's class
names it), so the engine can ask a deal's facts without the registry. The ``text_`` facts write
and read a deal's part of the position text (:mod:`cardlib.position`): its options, dealer and
calls.
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
    #: its bots by level: the names of their classes in :mod:`cardlib.bots`
    bots: ClassVar[dict[str, str]] = {"beginner": "RandomBot", "sensible": "SensibleBot"}
    #: decimal places of its points (Call Break keeps tenths)
    places: ClassVar[int] = 0
    #: whether the coach (analysis, review, exact solver, best-play puzzles) knows it
    coached: ClassVar[bool] = True
    #: for a game the coach does not know, the module that analyses it instead (Contract
    #: Bridge: ``cardlib.bridge.double_dummy``), which the coach's refusals point to
    analysed_by: ClassVar[str | None] = None
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
        """The game's own opponent of ``level``, one of :attr:`bots` (the classes of
        :mod:`cardlib.bots`): ``"beginner"`` plays random legal moves (seeded), ``"sensible"``
        the policy the lessons describe. ``"strong"`` is the coach
        (:class:`~cardlib.coach.analysis.CoachBot`) in a game it knows: the coach reads the
        registry, so :func:`cardlib.coach.analysis.opponent` makes it; a game it does not know
        plays "strong" as "sensible"."""
        from cardlib import bots  # the bots read deals; the facts never need them to load

        if level == "beginner":
            return getattr(bots, cls.bots["beginner"])(seed)
        return getattr(bots, cls.bots["sensible"])()

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

    # ----- the position text (cardlib.position): writing and reading back ---------------

    @classmethod
    def text_game(cls, deal: Any) -> str:
        """The ``game`` field of ``deal``'s position text: the key, then each option the deal
        was dealt with after a slash (``callbreak/free/cap8``, ``judgement/r3``)."""
        return cls.key

    @classmethod
    def text_dealer(cls, deal: Any) -> str:
        """The ``dealer`` field of ``deal``'s position text: the dealer's seat number."""
        return str(deal.dealer)

    @classmethod
    def text_options(cls, words: Sequence[str]) -> dict[str, Any]:
        """The options the ``game`` field names after the key (its words between the slashes),
        by name, for :meth:`deal_from_text`; words the game does not take are refused (a
        :class:`~cardlib.errors.CardlibError` saying what it takes). Two names are read by
        :meth:`text_first_trick` too: ``options`` (the game's options, as :meth:`options_of`
        gives them) and ``trump`` (where it changes from deal to deal)."""
        if words:
            raise CardlibError(
                _("{game} has no options: its game field is {key}, got {field!r}").format(
                    game=_(cls.name), key=cls.key, field="/".join([cls.key, *words])
                ),
                "position",
            )
        return {}

    @classmethod
    def dealer_from_text(cls, text: str, players: int) -> int:
        """The dealer's seat from the ``dealer`` field (as :meth:`text_dealer` writes it)."""
        if text.isdigit() and text.isascii() and int(text) < players:
            return int(text)
        raise CardlibError(
            _("a seat number 0..{last}, got {text!r}").format(last=players - 1, text=text),
            "position",
        )

    @classmethod
    def text_first_trick(
        cls, options: dict[str, Any], dealer: int, players: int, calls: Sequence[str]
    ) -> tuple[int, int, str | None]:
        """``(leader, direction, trump)`` of the first trick of a deal read back, from its
        ``options`` (:meth:`text_options`), dealer and calls (as text): by default the seat
        after the dealer in the direction of play leads, under the trump of :meth:`rules`."""
        game_options = options.get("options")
        direction = cls.direction(game_options)
        trump = cls.rules(game_options, options.get("trump")).trump
        return (dealer + direction) % players, direction, trump

    @classmethod
    def deal_from_text(
        cls,
        hands: Sequence[Sequence[Any]],
        dealer: int,
        options: dict[str, Any],
        made_up: bool = False,
    ) -> Any:
        """The deal a position text describes, before any call: from ``hands`` as dealt (card
        lists by seat), its ``dealer`` and the ``options`` of :meth:`text_options`.
        ``made_up``: the hands the viewer cannot see were filled with any spare cards (a
        rule that throws some hands in must let them stand: the real ones stood)."""
        return cls.deal.from_hands(hands, dealer)

    @classmethod
    def call_from_text(cls, text: str) -> Any:
        """One call of the ``calls`` field, as the deal's ``call`` takes it: a whole number
        of tricks here (Contract Bridge's calls are text)."""
        if not text.isdigit() or not text.isascii():
            raise CardlibError(
                _("a call or bid here is a whole number, got {text!r}").format(text=text),
                "position",
            )
        return int(text)

    @classmethod
    def match_from_text(cls, first: Any, settings: dict[str, int]) -> Any:
        """The match a match's position text describes, from its first deal and the header's
        ``settings`` (``deals=`` and ``target=`` as numbers); the deals are then put in."""
        return cls.match(seed=0, dealer=first.dealer, **settings)

    # ----- the puzzles (cardlib.puzzles) ------------------------------------------------

    #: the options of the game as the rule book plays it (Call Break's ``STANDARD``
    #: variant); ``None`` for a game without options
    standard_options: ClassVar[Any] = None
    #: whether the trump changes from deal to deal (Judgement's rounds, Contract Bridge's
    #: contract), so that a position names it; else every deal has the trump of :meth:`rules`
    trump_varies: ClassVar[bool] = False
    #: whether a call is made only by taking exactly the tricks called (Judgement): a trick
    #: too many misses it as surely as one too few
    exact_calls: ClassVar[bool] = False
    #: whether every deal deals the whole pack (13 cards a hand at four); Judgement's rounds
    #: deal fewer, so the tricks played so far are counted from the tricks won
    whole_pack: ClassVar[bool] = True

    @classmethod
    def new_deal(
        cls, seed: Seed, dealer: int | None = None, options: Any = None, number: int = 1
    ) -> Any:
        """Deal ``number`` (1 the first) of a match of four from ``seed``, under ``options``
        (as :meth:`check_options` takes them): what a puzzle deals. Only where the deals of a
        match differ (Judgement's rounds: :meth:`deal_numbers`) does ``number`` change it."""
        return cls.deal(seed=seed, dealer=dealer)

    @classmethod
    def deal_numbers(cls, cards: int) -> tuple[int, ...]:
        """The numbers of the deals of a match that differ from one another (Judgement's
        rounds, each with its cards and trump) and deal at least ``cards`` cards a hand;
        empty when every deal of a match is dealt alike."""
        return ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # A game's deal class knows its game's facts (``deal.facts``), so what the engine
        # writes about a deal (its position text) can ask them without the registry, which
        # the engine cannot import. A deal class another game named first keeps its own.
        super().__init_subclass__(**kwargs)
        deal = cls.__dict__.get("deal")
        if isinstance(deal, type) and "facts" not in deal.__dict__:
            setattr(deal, "facts", cls)  # noqa: B010 - a class the game names, not this one

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
    def call_guide(cls, deal: Any, seat: int) -> str:
        """What the rules allow ``seat`` to call (or bid) at its turn, and why, in the game's
        words: what the guided card table says (``CardTable(..., guided=True)``).

        A counted-call game: the counts of tricks the rules of the moment allow, and, for a
        count on the table's pad they refuse (Judgement's hook), the engine's own refusal of
        it, asked of a copy of the deal (a count outside the game's range is said by the range
        alone). "" where the calls are an auction (Contract Bridge:
        the guided table explains its play, not its bidding) or it is not ``seat``'s turn.
        """
        if not cls.counted_calls or deal.phase != cls.deal.calling_phase or deal.to_act != seat:
            return ""
        allowed = list(deal.legal_calls())
        low, high = cls.call_range(cls.options_of(deal))
        # a count outside the game's range is said by the range; one inside it that the rules
        # of the moment refuse (Judgement's hook) needs its reason
        refused = [
            call for call in cls.call_pad(deal, seat) if call not in allowed and low <= call <= high
        ]
        bid = cls.call_word == "bid"
        if not refused:
            sentence = (
                _("You bid the number of tricks you expect to take: the rules allow any whole "
                  "number from {low} to {high}.")
                if bid
                else _("You call the number of tricks you expect to take: the rules allow any "
                       "whole number from {low} to {high}.")
            )  # fmt: skip
            return sentence.format(low=allowed[0], high=allowed[-1])
        try:
            deal.copy().act(refused[0])
        except CardlibError as error:  # the rule that refuses it, in the engine's words
            why = str(error).replace(f" ({error.rule})", "") if error.rule else str(error)
        else:  # pragma: no cover - legal_calls and the engine are one rule
            why = ""
        sentence = (
            _("You bid the number of tricks you expect to take, but not {refused}: {why}")
            if bid
            else _("You call the number of tricks you expect to take, but not {refused}: {why}")
        )
        return sentence.format(refused=", ".join(map(str, refused)), why=why)

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

    # ----- checking what a caller gives (one check at the public edge: cardlib.validate) --

    @classmethod
    def max_cards(cls, players: int = 4) -> int:
        """The most cards a hand holds at a table of ``players``: the whole pack shared out
        (13 at four); a game that deals fewer says so (Judgement: 7)."""
        return 52 // players

    @classmethod
    def check_call(cls, call: object, options: Any = None, cards: int | None = None) -> Any:
        """``call`` as a deal keeps it, if a seat may call it in this game under ``options``
        (holding ``cards`` cards, when given), before any rule of the moment such as
        Judgement's hook: a whole number of tricks in :meth:`call_range`, and no more than the
        cards held. A card (a :class:`~cardlib.cards.Card` is an ``int``), ``True`` or
        ``1.0`` is refused with the project's error in the game's words, not read as a number."""
        from cardlib.validate import check_call  # the engine's validators read no game

        low, high = cls.call_range(options)

        def refusal() -> str:
            message = (
                _("a bid must be a whole number of tricks from {low} to {high} in {game}, "
                  "got {bid!r}")
                if cls.call_word == "bid"
                else _("a call must be a whole number of tricks from {low} to {high} in {game}, "
                       "got {call!r}")
            )  # fmt: skip
            return message.format(low=low, high=high, game=_(cls.name), bid=call, call=call)

        return check_call(call, low, high, refusal, cls.call_word, cards)


__all__ = ["LEVELS", "Game"]
