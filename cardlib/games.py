"""The four games side by side: one API, and where each game says it in its own words.

Every game module answers the same names for the same things. Where a game's own word
differs (Judgement and Call Bridge *bid*, the others *call*; Judgement's deal is a
*round*), the game's word is there too, and the shared one still works:

=================  ==================  ==================  ==================  ==================
the same name      ``callbreak``       ``callbridge``      ``judgement``       ``bridge``
=================  ==================  ==================  ==================  ==================
the match          ``Match`` (seed,    ``Match`` (seed,    ``Match``           ``Match`` (seed,
                   dealer, variant,    dealer, target)     (players, seed,     dealer,
                   deals=5)                                dealer)             first_caller,
                                                                               target=100)
one deal           ``Deal``            ``Deal``            ``Round``           ``Deal``
``rules``          a ``Variant``, or   ``RULES`` (no       the round's trump   the strain (``S``
                   ``play_rules``      variants)           (``"C"`` or         … ``NT``), a
                                                           ``None``), or       ``Contract`` or
                                                           ``play_rules``      ``play_rules``
the trump          ``"S"`` (the        ``"S"`` (the        the round's;        the contract's;
                   only one)           only one)           default ``None``    default ``None``
calling            *call*: ``call``,   *bid*: ``bid``,     *bid*: ``bid``,     *call*:
                   ``legal_calls``,    ``legal_bids``,     ``legal_bids``,     ``call("1H")``,
                   ``calls``           ``bids`` (and       ``bids`` (and       ``legal_calls``,
                                       ``call``)           ``call``)           ``calls``
``score``          ``Decimal``,        ``Decimal``,        ``int``:            a ``Score`` of a
                   tenths:             whole:              ``score(4, 4)``     contract: below
                   ``score(5, 7)``     ``score(10, 11)``   is ``40``           and above the
                   is ``5.2``          is ``13``                               line
=================  ==================  ==================  ==================  ==================

The rows that are the same in all four:

- ``legal_plays(hand, trick, rules)``: the ``frozenset`` of the cards you may play; ``hand``
  and ``trick`` are cards or text (``"3H KH"``), ``rules`` defaults to the standard game
  (no trump in Judgement and Bridge).
- ``explain_play(hand, trick, rules)``: an ``Explanation`` with ``.legal``, ``.rule`` (the step
  of the ladder, :mod:`cardlib.tricks`) and ``.text``.
- ``trick_winner(trick, trump=...)``: the index, in play order, of the winning card; ``trick``
  cards or text, ``trump`` a suit letter, or ``None``/``"NT"`` for none, so
  ``trick_winner("AH 2S KH 3H")`` works in every game.
- ``as_rules(rules)``: the game's ``PlayRules`` from any of the forms in the ``rules`` row;
  rules of another game are refused with a ``CardlibError``.

**Points.** A trick game's ``score`` is a :class:`Points`: an exact number (``int`` or
``Decimal``, never a ``float``), so that ties compare equal (``7.4 == 7.4``), totals add
without rounding and ``str`` prints it as the game writes it. Contract Bridge scores a
contract as a sheet entry (below and above the line, for both sides), so its ``score``
is a :class:`~cardlib.bridge.Score` whose parts are whole numbers; a deal's points for each
seat are, as in every game, ``deal.returns()`` (exact numbers too).

**The deal protocol** (``players``, ``phase``, ``to_act``, ``legal_actions()``,
``act(action)``, ``copy()``, ``visible_to(seat)``, ``returns()`` …) is the same in all four
and documented in :mod:`cardlib.game`; a match answers it through its current deal
(:mod:`cardlib.match`). A position of any of them is written down and read back with
:mod:`cardlib.position`.

**Old names.** Removed in 0.3, after 0.2 kept them with a ``DeprecationWarning``:
``bridge.Game`` (now ``bridge.Match``); the keywords
``callbreak.legal_plays(..., variant=...)``, ``judgement.legal_plays(..., trump=...)``,
``bridge.legal_plays(..., strain=...)`` (and the same for ``explain_play``), now the third
argument ``rules``; ``callbridge.legal_plays(hand, trick, first_trick)``, whose third argument
is now ``rules``.

>>> [info.match.__qualname__ for info in GAMES.values()]
['Match', 'Match', 'Match', 'Match']
>>> [info.module.trick_winner("AH 2S KH 3H") for info in GAMES.values()]
[1, 1, 0, 0]
>>> lookup("Call Break")
games.lookup('callbreak')
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Protocol, runtime_checkable

from cardlib import bridge, callbreak, callbridge, judgement
from cardlib.errors import CardlibError

__all__ = ["GAMES", "GameInfo", "Points", "lookup"]


@runtime_checkable
class Points(Protocol):
    """What a trick game's ``score`` returns: exact, comparable, printable (``int``, ``Decimal``).

    >>> from decimal import Decimal
    >>> isinstance(Decimal("4.2"), Points), isinstance(40, Points)
    (True, True)
    """

    def __add__(self, other: int, /) -> object: ...

    def __lt__(self, other: int, /) -> bool: ...


@dataclass(frozen=True, repr=False)
class GameInfo:
    """One game's entry in :data:`GAMES`: its name, its module and the classes of its API.

    ``key`` is the module's name (``"callbreak"``), ``name`` the game's English name,
    ``deal`` the class of one deal (Judgement's ``Round``), ``match`` the match class,
    ``players`` the table sizes it is played at, ``call_word`` "call" or "bid".
    """

    key: str
    name: str
    module: ModuleType
    deal: type
    match: type
    players: tuple[int, ...]
    call_word: str

    def __repr__(self) -> str:
        return f"games.lookup({self.key!r})"


#: The four games by module name, in the order the tutorials teach them.
GAMES: dict[str, GameInfo] = {
    info.key: info
    for info in (
        GameInfo(
            "callbreak", "Call Break", callbreak, callbreak.Deal, callbreak.Match, (4,), "call"
        ),
        GameInfo(
            "callbridge", "Call Bridge", callbridge, callbridge.Deal, callbridge.Match, (4,), "bid"
        ),
        GameInfo(
            "judgement",
            "Judgement",
            judgement,
            judgement.Round,
            judgement.Match,
            tuple(range(judgement.MIN_PLAYERS, judgement.MAX_PLAYERS + 1)),
            "bid",
        ),
        GameInfo("bridge", "Contract Bridge", bridge, bridge.Deal, bridge.Match, (4,), "call"),
    )
}


def _folded(name: str) -> str:
    return "".join(ch for ch in name.casefold() if ch.isalnum())


# Every way a game may be named: its key, its English name, with or without spaces/hyphens.
_NAMES = {
    **{_folded(info.key): info for info in GAMES.values()},
    **{_folded(info.name): info for info in GAMES.values()},
}


def lookup(name: str) -> GameInfo:
    """A game by its module name or its English name, in any case: ``"callbreak"``,
    ``"Call Break"``, ``"call-break"``, ``"Contract Bridge"``.

    >>> lookup("contract bridge").match
    <class 'cardlib.bridge.Match'>
    """
    info = _NAMES.get(_folded(name)) if isinstance(name, str) else None
    if info is None:
        raise CardlibError(
            f"game: one of {', '.join(GAMES)} (or its name, like 'Call Break'), got {name!r}",
            "game",
        )
    return info
