"""Trick mechanics shared by all four games: who wins a trick, and what you may play.

The four games differ only in a :class:`PlayRules` value:

============================  ===========  ==================  =======================
game                          trump        following suit      void in the led suit
============================  ===========  ==================  =======================
Call Break                    ♠ always     must beat if able   must trump, over-trump
                                                               if able, else under-trump
Call Break, free discard      ♠ always     must beat if able   must trump; over-trump if
                                                               able, else any card
Call Bridge                   ♠ always     any card of it      over-trump if able (any
                                                               ♠ when none is in the
                                                               trick), else any card
Judgement                     by round     any card of it      any card
Contract Bridge               contract     any card of it      any card
============================  ===========  ==================  =======================

:func:`legal_mask` is the one implementation of the ladder; it works on 52-bit
hand masks so that simulations are fast, and everything else (``legal_plays``,
``explain_play``, bots, puzzles) is built on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from cardlib.cards import DECK, SUIT_MASKS, SUIT_NAMES, SUITS, Card, from_mask

# The vocabulary of rule ids shared by notebooks, exercises and puzzles.
LEAD = "lead"
LEAD_NO_TRUMP = "lead-no-spade"
MUST_BEAT = "must-beat"
FOLLOW_ANY = "follow-any"
FOLLOW_TRUMPED = "follow-trumped"
MUST_TRUMP = "must-trump"
MUST_OVERTRUMP = "must-overtrump"
MUST_UNDERTRUMP = "must-undertrump"
FREE = "free"
RULE_IDS = (
    LEAD,
    LEAD_NO_TRUMP,
    MUST_BEAT,
    FOLLOW_ANY,
    FOLLOW_TRUMPED,
    MUST_TRUMP,
    MUST_OVERTRUMP,
    MUST_UNDERTRUMP,
    FREE,
)

VoidRule = Literal["free", "trump", "overtrump"]


@dataclass(frozen=True)
class PlayRules:
    """What a player may play, as the few switches in which the games differ.

    - ``trump``: suit letter, or ``None`` for no trump.
    - ``must_beat``: following suit, you must play a card of the led suit higher
      than the highest one of that suit so far, if you hold one; the duty lapses
      once a non-trump lead has been trumped.
    - ``void_rule``: holding no card of the led suit,
      ``"free"``: any card;
      ``"trump"``: you must play a trump, higher than the highest trump in the
      trick if you can, a losing one otherwise;
      ``"overtrump"``: you must play a trump when none is in the trick, a higher
      one than the trick's highest trump if you can, otherwise any card.
    - ``no_trump_lead_first_trick``: the first lead of a deal may not be a trump
      unless the hand holds nothing else.
    """

    trump: str | None = "S"
    must_beat: bool = False
    void_rule: VoidRule = "free"
    no_trump_lead_first_trick: bool = False

    def __post_init__(self):
        if self.trump is not None and self.trump not in SUITS:
            raise ValueError(f"trump must be one of S H D C or None, got {self.trump!r}")
        if self.void_rule not in ("free", "trump", "overtrump"):
            raise ValueError(
                f"void_rule must be 'free', 'trump' or 'overtrump', got {self.void_rule!r}"
            )


def _highest_in_suit(trick: Sequence[int], suit_index: int) -> int:
    """Index of the highest card of a suit in the trick, or -1."""
    best = -1
    for card in trick:
        if card // 13 == suit_index and card > best:
            best = card
    return best


# Suit masks by suit index, and suit index by trump letter, for the hot path below.
_SUIT_BITS = tuple(SUIT_MASKS[suit] for suit in SUITS)
_TRUMP_INDEX = {None: -1, **{suit: i for i, suit in enumerate(SUITS)}}


def legal_mask(
    hand: int, trick: Sequence[int], rules: PlayRules, first_trick: bool = False
) -> tuple[int, str]:
    """The ladder: ``(mask of legal cards, rule id that decided)``.

    ``hand`` is a 52-bit mask, ``trick`` the indices of the cards played so far
    in this trick, in order. An empty hand gives an empty mask.
    """
    # Every simulation runs through here: it is written for speed (one pass over
    # the trick, shifts instead of mask arithmetic), not brevity.
    if not trick:
        if first_trick and rules.no_trump_lead_first_trick and rules.trump is not None:
            others = hand & ~SUIT_MASKS[rules.trump]
            if others:
                return others, LEAD_NO_TRUMP
        return hand, LEAD
    lead_card = trick[0]
    led = lead_card // 13
    follow = hand & _SUIT_BITS[led]
    if follow and not rules.must_beat:
        return follow, FOLLOW_ANY
    trump_index = _TRUMP_INDEX[rules.trump]
    # The highest card of the led suit, and the highest trump when trumps were not led.
    top_led = lead_card
    top_trump = -1
    for card in trick:
        suit = card // 13
        if suit == led:
            if card > top_led:
                top_led = card
        elif suit == trump_index and card > top_trump:
            top_trump = card
    if follow:
        if top_trump >= 0:
            return follow, FOLLOW_TRUMPED
        higher = follow >> (top_led + 1) << (top_led + 1)
        if higher:
            return higher, MUST_BEAT
        return follow, FOLLOW_ANY
    if trump_index < 0 or rules.void_rule == "free":
        return hand, FREE
    trumps = hand & _SUIT_BITS[trump_index]
    if not trumps:
        return hand, FREE
    if top_trump < 0:
        return trumps, MUST_TRUMP
    higher = trumps >> (top_trump + 1) << (top_trump + 1)
    if higher:
        return higher, MUST_OVERTRUMP
    if rules.void_rule == "overtrump":
        return hand, FREE
    return trumps, MUST_UNDERTRUMP


def winner_index(trick: Sequence[int], trump_index: int) -> int:
    """Position in play order of the winning card; ``trump_index`` -1 for no trump."""
    best = 0
    best_card = trick[0]
    best_is_trump = best_card // 13 == trump_index
    led = best_card // 13
    for position in range(1, len(trick)):
        card = trick[position]
        suit = card // 13
        if suit == trump_index:
            if not best_is_trump or card > best_card:
                best, best_card, best_is_trump = position, card, True
        elif suit == led and not best_is_trump and card > best_card:
            best, best_card = position, card
    return best


def trick_winner(trick: Sequence[Card | str], trump: str | None = None) -> int:
    """Index, in play order, of the card that wins the trick.

    The highest trump wins; with no trump in the trick, the highest card of the
    led suit. Off-suit cards that are not trumps never win.

    >>> from cardlib import parse_cards
    >>> trick_winner(parse_cards("AH 2S KH 3H"), trump="S")
    1
    """
    cards = [int(Card(c)) for c in trick]
    if not cards:
        raise ValueError("an empty trick has no winner")
    return winner_index(cards, -1 if trump is None else SUITS.index(trump))


def _names(mask: int, conjunction: str = "and") -> str:
    """Cards of a mask for a sentence, low to high: 'K♥', 'K♥ and A♥', '3♥, K♥ or A♥'."""
    cards = [str(c) for c in from_mask(mask)]
    if len(cards) <= 1:
        return "".join(cards)
    return ", ".join(cards[:-1]) + f" {conjunction} " + cards[-1]


def _plural(suit: str) -> str:
    return SUIT_NAMES[suit]


def explain_text(
    hand: int,
    trick: Sequence[int],
    rules: PlayRules,
    legal: int,
    rule: str,
    first_trick: bool = False,
) -> str:
    """One plain sentence saying why ``legal`` is what may be played."""
    trump = rules.trump
    trump_name = _plural(trump) if trump else "trumps"
    if rule == LEAD:
        only_trumps = hand and trump and hand == hand & SUIT_MASKS[trump]
        if only_trumps and rules.no_trump_lead_first_trick and first_trick:
            return f"You lead, and you hold only {trump_name}, so you may lead any of them."
        return "You lead this trick, so you may play any card in your hand."
    if rule == LEAD_NO_TRUMP:
        return (
            f"You lead the first trick, and {trump_name} may not be led to it while you "
            f"hold other suits, so you may play any card except your {trump_name}."
        )
    led_suit = DECK[trick[0]].suit
    led = _plural(led_suit).capitalize()
    high = DECK[_highest_in_suit(trick, SUITS.index(led_suit))]
    n_legal = legal.bit_count()
    if rule == MUST_BEAT:
        if n_legal == 1:
            beats, must = "which beats", f"you must play {_names(legal)}"
        else:
            beats, must = "which beat", f"you must play one of them: {_names(legal, 'or')}"
        return (
            f"{led} were led and {high} is highest; you hold {_names(legal)}, {beats} it, "
            f"so {must}."
        )
    if rule == FOLLOW_ANY:
        if rules.must_beat:
            return (
                f"{led} were led and {high} is highest; you cannot beat it, so you may play "
                f"any of your {_plural(led_suit)}."
            )
        return (
            f"{led} were led and you hold {_plural(led_suit)}, so you must follow suit with "
            "any of them."
        )
    if rule == FOLLOW_TRUMPED:
        top = DECK[_highest_in_suit(trick, SUITS.index(trump))]
        return (
            f"{led} were led but {top} has trumped the trick, so no {DECK[trick[0]].symbol} "
            f"can win and you may play any of your {_plural(led_suit)}."
        )
    if rule == MUST_TRUMP:
        return (
            f"{led} were led and you have none; you hold {trump_name}, so you must "
            f"play one: {_names(legal, 'or')}."
        )
    if rule == MUST_OVERTRUMP:
        top = DECK[_highest_in_suit(trick, SUITS.index(trump))]
        return (
            f"{led} were led and you have none; {top} has trumped, and you hold "
            f"{_names(legal)}, higher, so you must over-trump with "
            f"{'it' if n_legal == 1 else 'one of them'}."
        )
    if rule == MUST_UNDERTRUMP:
        top = DECK[_highest_in_suit(trick, SUITS.index(trump))]
        return (
            f"{led} were led and you have none; {top} has trumped and you cannot beat it, "
            f"but you hold {trump_name}, so you must still play one: {_names(legal, 'or')}."
        )
    if rule == FREE:
        if trump is None or rules.void_rule == "free" or led_suit == trump:
            return f"{led} were led and you have none, so you may play any card."
        if hand & SUIT_MASKS[trump]:
            top = DECK[_highest_in_suit(trick, SUITS.index(trump))]
            return (
                f"{led} were led and you have none; {top} has trumped and you cannot beat "
                f"it, so you may play any card."
            )
        return (
            f"{led} were led and you hold neither {_plural(led_suit)} nor {trump_name}, so you "
            "may play any card."
        )
    raise ValueError(f"unknown rule id {rule!r}")
