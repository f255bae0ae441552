"""A toy fifth game, "Hearts-trump Call Break", written the way docs/architecture.md says a game
is added: one short module of the values that differ, over the shared machinery, and one class
of facts. It is not in cardlib: the tests register it for themselves
(``games.registered(HeartsTrump)``) and check that every feature the games share serves it.

Its rules differ from every real game's where shared code could have assumed one: hearts are
trump, a card need not beat the trick, a void may discard anything, it says *bid*, and a bid
scores only when made exactly, by a multiple the deal's option (``Stakes``) sets. A match is
three deals.

Its class of facts (:class:`HeartsTrump`, at the end) states what the shared machinery asks:
besides the four a game must state (``key``, ``name``, ``deal``, ``match``), the facts where
it differs from a four-player trick game's defaults: its word for a call, its points and when
a bid is made, its option (what it is, its standard value, how a deal was dealt with it, how
the position text writes and reads it) and the length of its match.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any, Self

from cardlib import _api, game
from cardlib.cards import Card
from cardlib.errors import CardlibError, CardlibTypeError
from cardlib.facts import Game
from cardlib.game import CountedCallDeal, Explanation, PointsExplained, Seed
from cardlib.match import CountedCallMatch
from cardlib.tricks import PlayRules


@dataclasses.dataclass(frozen=True)
class Stakes:
    """The toy game's one option: what a bid made exactly is worth per trick."""

    per_trick: int = 10


STANDARD = Stakes()
#: The deals of a match.
DEALS_PER_MATCH = 3
RULES = PlayRules(trump="H", must_beat=False, void_rule="free")


def score(bid: int, tricks: int, stakes: Stakes = STANDARD) -> int:
    """A bid made exactly scores ``per_trick`` × the bid; any other number of tricks, −bid."""
    return stakes.per_trick * bid if tricks == bid else -bid


# ----- the one API every game module answers ------------------------------------------


def play_rules() -> PlayRules:
    """The one set of play rules: hearts trump, follow suit, otherwise anything."""
    return RULES


def as_rules(rules: object = RULES) -> PlayRules:
    """The toy game's rules from any of its forms; another game's are refused."""
    if rules is RULES or rules is None or isinstance(rules, Stakes):
        return RULES
    raise _api.refuse_rules("Hearts-trump Call Break", rules, "its play_rules() or a Stakes")


def legal_plays(
    hand: Iterable[Card | str] | str, trick: Sequence[Card | str] | str = (), rules: object = RULES
) -> frozenset[Card]:
    """The cards you may play from ``hand`` onto ``trick``."""
    return game.legal_plays(hand, trick, as_rules(rules))


def explain_play(
    hand: Iterable[Card | str] | str, trick: Sequence[Card | str] | str = (), rules: object = RULES
) -> Explanation:
    """What you may play and why."""
    return game.explain_play(hand, trick, as_rules(rules))


def trick_winner(trick: Sequence[Card | str] | str, trump: str | None = "H") -> int:
    """The index, in play order, of the card that wins a trick (hearts trump)."""
    return _api.winner(trick, "H", players=4)


class Deal(CountedCallDeal[int]):
    """One deal of Hearts-trump Call Break: 13 cards each, bids 1..13, hearts trump."""

    game_name = "Hearts-trump Call Break"
    rules = RULES
    call_word = "bid"
    min_call = 1
    max_call = 13

    def __init__(self, seed: Seed = None, dealer: int | None = None, stakes: Stakes = STANDARD):
        self._init_options(stakes)
        super().__init__(seed, dealer)

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Iterable[Card | str] | str],
        dealer: int = 0,
        calls: Sequence[int] | None = None,
        **options: Stakes,
    ) -> Self:
        return cls._from_hands(hands, dealer, calls, dict(options))

    def _init_options(self, stakes: Stakes = STANDARD) -> None:
        self.stakes = stakes

    def score_for(self, call: int, tricks: int) -> int:
        return score(call, tricks, self.stakes)

    def explain_score_for(self, call: int, tricks: int) -> PointsExplained:
        points = score(call, tricks, self.stakes)
        verdict = "made" if tricks == call else "missed"
        return PointsExplained(verdict, points, f"{verdict}: {points}", f"bid {call}")


class Match(CountedCallMatch[Deal, int]):
    """Three deals."""

    deal_class = Deal
    zero = 0

    def _finished(self) -> bool:
        return len(self._deals) == DEALS_PER_MATCH and self._deals[-1].phase == "over"


class HeartsTrump(Game):
    """The toy game's facts, as a game module states them."""

    key = "heartstrump"
    name = "Hearts-trump Call Break"
    deal = Deal
    match = Match
    call_word = "bid"
    exact_calls = True
    standard_options = STANDARD
    match_title = "{name} (a match of {deals} deals)"  # Call Break's words: translated already

    @classmethod
    def match_values(cls) -> dict[str, object]:
        return {"deals": DEALS_PER_MATCH}

    @classmethod
    def deals_to_play(cls, match: Match) -> int:
        return DEALS_PER_MATCH

    @classmethod
    def options_of(cls, deal: Deal) -> Stakes:
        return deal.stakes

    @classmethod
    def check_options(cls, options: object) -> Stakes:
        if options is None:
            return STANDARD
        if not isinstance(options, Stakes):
            raise CardlibTypeError(f"options: a Stakes, got {options!r}", "options")
        if isinstance(options.per_trick, bool) or not isinstance(options.per_trick, int):
            raise CardlibTypeError(
                f"options: Stakes(per_trick=...) is a whole number, got {options.per_trick!r}",
                "options",
            )
        if options.per_trick < 1:
            raise CardlibError(f"options: a stake of 1 or more, got {options.per_trick}", "options")
        return options

    @classmethod
    def new_deal(
        cls, seed: object, dealer: int | None = None, options: object = None, number: int = 1
    ) -> Deal:
        return Deal(seed=seed, dealer=dealer, stakes=cls.check_options(options))  # type: ignore[arg-type]

    @classmethod
    def deal_again(cls, deal: Deal, hands: Sequence[Sequence[Card]]) -> Deal:
        calls = [call for call in deal.calls if call is not None]
        made = calls if len(calls) == len(deal.calls) else None
        return Deal.from_hands(hands, deal.dealer, made, stakes=deal.stakes)

    @classmethod
    def points(cls, call: int, tricks: int, options: Stakes | None = None) -> int:
        return score(call, tricks, options or STANDARD)

    @classmethod
    def made(cls, call: int, tricks: int, options: Stakes | None = None) -> bool:
        return tricks == call

    @classmethod
    def rules(cls, options: object = None, trump: str | None = None) -> PlayRules:
        return RULES

    # The position text: the stake after a slash when it is not the standard one
    # (``heartstrump/stake3``), read back into the deal and its match.

    @classmethod
    def text_game(cls, deal: Deal) -> str:
        if deal.stakes == STANDARD:
            return cls.key
        return f"{cls.key}/stake{deal.stakes.per_trick}"

    @classmethod
    def text_options(cls, words: Sequence[str]) -> dict[str, Any]:
        if not words:
            return {"options": STANDARD}
        number = words[0].removeprefix("stake")
        if (
            len(words) > 1
            or not words[0].startswith("stake")
            or not (number.isdigit() and number.isascii())
        ):
            raise CardlibError(
                f"{cls.name}'s one option is its stake (stake3, …), got {'/'.join(words)!r}",
                "position",
            )
        return {"options": cls.check_options(Stakes(int(number)))}

    @classmethod
    def deal_from_text(
        cls,
        hands: Sequence[Sequence[Card]],
        dealer: int,
        options: dict[str, Any],
        made_up: bool = False,
    ) -> Deal:
        return Deal.from_hands(hands, dealer, stakes=options["options"])

    @classmethod
    def match_from_text(cls, first: Deal, settings: dict[str, int]) -> Match:
        return Match(seed=0, dealer=first.dealer, stakes=first.stakes, **settings)
