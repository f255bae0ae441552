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

Each game's facts (its players, its word for a call, its points, its bots …) are in its
class (:mod:`cardlib.facts`), and :data:`GAMES` is built from the classes:

>>> [game.match.__qualname__ for game in GAMES.values()]
['Match', 'Match', 'Match', 'Match']
>>> [game.module.trick_winner("AH 2S KH 3H") for game in GAMES.values()]
[1, 1, 0, 0]
>>> lookup("Call Break")
games.lookup('callbreak')
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol, runtime_checkable

from cardlib import bridge, callbreak, callbridge, facts, judgement
from cardlib.errors import CardlibError, CardlibTypeError
from cardlib.i18n import _
from cardlib.match import TrickMatch

__all__ = ["GAMES", "Points", "coached", "lookup", "of", "registered"]


@runtime_checkable
class Points(Protocol):
    """What a trick game's ``score`` returns: exact, comparable, printable (``int``, ``Decimal``).

    >>> from decimal import Decimal
    >>> isinstance(Decimal("4.2"), Points), isinstance(40, Points)
    (True, True)
    """

    def __add__(self, other: int, /) -> object: ...

    def __lt__(self, other: int, /) -> bool: ...


#: The games by key, in the order the tutorials teach them: built from each game's class
#: (:class:`cardlib.facts.Game`), which holds its facts.
GAMES: dict[str, type[facts.Game]] = {
    game.key: game
    for game in (
        callbreak.CallBreak,
        callbridge.CallBridge,
        judgement.Judgement,
        bridge.ContractBridge,
    )
}


def _folded(name: str) -> str:
    return "".join(ch for ch in name.casefold() if ch.isalnum())


def lookup(name: str) -> type[facts.Game]:
    """A game by its key or its English name, in any case: ``"callbreak"``,
    ``"Call Break"``, ``"call-break"``, ``"Contract Bridge"``.

    >>> lookup("contract bridge").match
    <class 'cardlib.bridge.Match'>
    """
    if isinstance(name, str):
        for game in GAMES.values():
            if _folded(name) in (_folded(game.key), _folded(game.name)):
                return game
    raise CardlibError(
        _("game: one of {games} (or its name, like 'Call Break'), got {name!r}").format(
            games=", ".join(GAMES), name=name
        ),
        "game",
    )


def of(state: object) -> type[facts.Game]:
    """The game a deal, round or match (or a game's class, or its key) is of.

    >>> of(callbreak.Deal(seed=1)), of(judgement.Match(players=3, seed=1))
    (games.lookup('callbreak'), games.lookup('judgement'))
    """
    if isinstance(state, type) and issubclass(state, facts.Game):
        return state
    if isinstance(state, str):
        return lookup(state)
    deal = getattr(state, "deal", None) if isinstance(state, TrickMatch) else state
    # The most specific game first: a new game's deal may extend another game's.
    for kind in type(deal).__mro__:
        for game in GAMES.values():
            if game.deal is kind:
                return game
    raise CardlibError(
        _("game: a deal, round or match of {games}, got {name}").format(
            games=", ".join(GAMES), name=type(state).__name__
        ),
        "game",
    )


def coached() -> tuple[type[facts.Game], ...]:
    """The games the coach knows (its analysis, review, exact solver and best-play puzzles)."""
    return tuple(game for game in GAMES.values() if game.coached)


@contextmanager
def registered(game: type[facts.Game]) -> Iterator[type[facts.Game]]:
    """``game`` in the registry for the ``with`` block: how a new game is tried out (the toy
    game of ``tests/test_new_game.py``) before it gets its line in :data:`GAMES`."""
    if not (isinstance(game, type) and issubclass(game, facts.Game)):
        raise CardlibTypeError(f"game: a subclass of cardlib.facts.Game, got {game!r}", "game")
    if game.key in GAMES:
        raise CardlibError(f"game: {game.key!r} is in the registry already", "game")
    GAMES[game.key] = game
    try:
        yield game
    finally:
        del GAMES[game.key]
