"""A toy fifth game, "Hearts Call", written the way docs/architecture.md says a game is added:
one short module of the values that differ, over the shared machinery, and one class of facts.

Four players, hearts always trump, a call of 0..13 tricks; follow suit if you can, otherwise
any card (no duty to beat or to trump); play goes clockwise from the dealer's left. Exactly the
call scores 10 a trick called (5 for a call of 0), anything else loses a point a trick off. A
match is three deals.

It is not in cardlib: ``tests/test_new_game.py`` registers it for its tests only
(``games.registered(HeartsCall)``) and checks that every feature shared by the games serves it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Self

from cardlib import game
from cardlib.cards import Card
from cardlib.errors import check_count
from cardlib.facts import Game
from cardlib.game import CountedCallDeal, Explanation, PointsExplained, Seed
from cardlib.match import CountedCallMatch
from cardlib.tricks import PlayRules

TRUMP = "H"
RULES = PlayRules(trump=TRUMP, must_beat=False, void_rule="free")
DEALS_PER_MATCH = 3


def play_rules() -> PlayRules:
    """The one set of play rules: hearts trump, follow suit, otherwise anything."""
    return RULES


def as_rules(rules: PlayRules | None = RULES) -> PlayRules:
    """Hearts Call's rules; the game has no others."""
    return RULES


def legal_plays(
    hand: Iterable[Card | str] | str, trick: Sequence[Card | str] | str = (), rules: object = RULES
) -> frozenset[Card]:
    """The cards you may play from ``hand`` onto ``trick``."""
    return game.legal_plays(hand, trick, RULES)


def explain_play(
    hand: Iterable[Card | str] | str, trick: Sequence[Card | str] | str = (), rules: object = RULES
) -> Explanation:
    """What you may play and why."""
    return game.explain_play(hand, trick, RULES)


def trick_winner(trick: Sequence[Card | str] | str, trump: str | None = TRUMP) -> int:
    """The index, in play order, of the card that wins a trick (hearts trump)."""
    from cardlib import _api

    return _api.winner(trick, TRUMP, players=4)


def score(call: int, tricks: int) -> int:
    """10 a trick called when exactly made (5 for a call of 0); a point a trick off otherwise."""
    check_count(call, "call", 0, 13)
    check_count(tricks, "tricks taken", 0, 13)
    if tricks == call:
        return 10 * call or 5
    return -abs(tricks - call)


class Deal(CountedCallDeal[int]):
    """One deal of Hearts Call."""

    direction = 1
    game_name = "Hearts Call"
    rules = RULES
    min_call = 0
    max_call = 13

    def __init__(self, seed: Seed = None, dealer: int | None = None) -> None:
        super().__init__(seed, dealer)

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Iterable[Card | str] | str],
        dealer: int = 0,
        calls: Sequence[int] | None = None,
        **options: object,
    ) -> Self:
        """A deal from given hands (and, with ``calls``, in the playing phase)."""
        return cls._from_hands(hands, dealer, calls, options)

    def _text_game(self) -> str:
        return "heartscall"

    def score_for(self, call: int, tricks: int) -> int:
        """The points for a call and the tricks taken."""
        return score(call, tricks)

    def explain_score_for(self, call: int, tricks: int) -> PointsExplained:
        """Why a call and a number of tricks score what they do."""
        points = score(call, tricks)
        return PointsExplained("made" if points > 0 else "off", points, f"{points}", "")


class Match(CountedCallMatch[Deal, int]):
    """Three deals of Hearts Call."""

    deal_class = Deal
    zero = 0

    def _finished(self) -> bool:
        return len(self._deals) == DEALS_PER_MATCH and self._deals[-1].phase == "over"


class HeartsCall(Game):
    """Hearts Call's facts."""

    key = "heartscall"
    name = "Hearts Call"
    deal = Deal
    match = Match
    match_title = "{name} (a match of {deals} deals)"

    @classmethod
    def match_values(cls) -> dict[str, object]:
        return {"deals": DEALS_PER_MATCH}

    @classmethod
    def points(cls, call: int, tricks: int, options: object = None) -> int:
        return score(call, tricks)

    @classmethod
    def call_range(cls, options: object = None) -> tuple[int, int]:
        return 0, 13
