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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from cardlib.cards import (
    DECK,
    SUIT_MASKS,
    SUITS,
    Card,
    accepted_forms,
    from_mask,
    parse_cards,
    suit_name,
)
from cardlib.errors import CardlibError, CardlibTypeError, CardTypeError, PositionError
from cardlib.i18n import _, ngettext

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

    def __post_init__(self) -> None:
        check_trump(self.trump)
        for switch in ("must_beat", "no_trump_lead_first_trick"):
            if not isinstance(getattr(self, switch), bool):
                raise CardlibTypeError(
                    _("{name} is a switch, True or False, got {value!r}").format(
                        name=switch, value=getattr(self, switch)
                    )
                )
        if self.void_rule not in ("free", "trump", "overtrump"):
            raise CardlibError(
                _("void_rule must be 'free', 'trump' or 'overtrump', got {value!r}").format(
                    value=self.void_rule
                ),
                "rules",
            )


def check_trump(trump: object) -> str | None:
    """``trump`` itself if it is a suit letter (``"S"``, ``"H"``, ``"D"``, ``"C"``) or ``None``.

    Anything else is refused, naming what was given: ``""`` and ``"SH"`` are not suits
    (``"" in "SHDC"`` would say they are).
    """
    if trump is None or (isinstance(trump, str) and len(trump) == 1 and trump in SUITS):
        return trump
    error = CardlibError if isinstance(trump, str) else CardlibTypeError
    raise error(
        _(
            "trump must be one of S H D C (spades, hearts, diamonds, clubs) or None, got {trump!r}"
        ).format(trump=trump),
        "trump",
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
_TRUMP_INDEX: dict[str | None, int] = {None: -1, **{suit: i for i, suit in enumerate(SUITS)}}


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


#: The most seats at any table of the four games (Judgement: 3 to 7 players).
MAX_PLAYERS = 7


def trick_cards(trick: Sequence[Card | str] | str, players: int = MAX_PLAYERS) -> list[int]:
    """The card indices of a trick (cards or text like ``"AH 2S KH"``), checked: one card to
    ``players`` cards, no card twice."""
    if isinstance(trick, str):
        cards = [int(c) for c in parse_cards(trick)]
    elif isinstance(trick, Iterable) and not isinstance(trick, Card):
        cards = [int(Card(c)) for c in trick]
    else:
        raise CardTypeError(
            _("expected cards as text like 'QH 10S', got {text!r}; write {forms}").format(
                text=trick, forms=accepted_forms()
            )
        )
    if not cards:
        raise PositionError(_("an empty trick has no winner"))
    if len(cards) > players:
        raise PositionError(
            _("a trick holds one card from each player, at most {players}, got {count}").format(
                players=players, count=len(cards)
            )
        )
    if len(set(cards)) != len(cards):
        raise PositionError(_("the same card appears twice in the trick"))
    return cards


def trick_winner(
    trick: Sequence[Card | str] | str, trump: str | None = None, players: int = MAX_PLAYERS
) -> int:
    """Index, in play order, of the card that wins the trick.

    The highest trump wins; with no trump in the trick, the highest card of the
    led suit. Off-suit cards that are not trumps never win. A trick holds one
    card to ``players`` cards (each game passes its own), no card twice.

    >>> from cardlib import parse_cards
    >>> trick_winner(parse_cards("AH 2S KH 3H"), trump="S")
    1
    """
    check_trump(trump)
    cards = trick_cards(trick, players)
    return winner_index(cards, -1 if trump is None else SUITS.index(trump))


def _names(mask: int, conjunction: str = "and") -> str:
    """Cards of a mask for a sentence, low to high: 'K♥', 'K♥ and A♥', '3♥, K♥ or A♥'."""
    cards = [str(c) for c in from_mask(mask)]
    if len(cards) <= 1:
        return "".join(cards)
    # Translators: {cards} is a list of cards such as "3♥, 9♥";
    # {last} is one card such as "K♥".
    template = _("{cards} and {last}") if conjunction == "and" else _("{cards} or {last}")
    return template.format(cards=", ".join(cards[:-1]), last=cards[-1])


def _sentence(text: str) -> str:
    """Upper-case the first letter: a suit name may open the sentence ('Hearts were led')."""
    return text[:1].upper() + text[1:]


def explain_text(
    hand: int,
    trick: Sequence[int],
    rules: PlayRules,
    legal: int,
    rule: str,
    first_trick: bool = False,
) -> str:
    """One plain sentence, in the learner's language, saying why ``legal`` is what may be played.

    Each case is one whole sentence to translate, its cards and suits named
    placeholders filled in afterwards (:mod:`cardlib.i18n`).
    """
    trump = rules.trump
    trumps = suit_name(trump) if trump else _("trumps")
    if rule == LEAD:
        only_trumps = hand and trump and hand == hand & SUIT_MASKS[trump]
        if only_trumps and rules.no_trump_lead_first_trick and first_trick:
            return _("You lead, and you hold only {trumps}, so you may lead any of them.").format(
                trumps=trumps
            )
        return _("You lead this trick, so you may play any card in your hand.")
    if rule == LEAD_NO_TRUMP:
        return _(
            "You lead the first trick, and {trumps} may not be led to it while you hold "
            "other suits, so you may play any card except your {trumps}."
        ).format(trumps=trumps)
    led_suit = DECK[trick[0]].suit
    fields = {
        "led": suit_name(led_suit),
        "symbol": DECK[trick[0]].symbol,
        "high": DECK[_highest_in_suit(trick, SUITS.index(led_suit))],
        "trumps": trumps,
        "cards": _names(legal),
        "choices": _names(legal, "or"),
    }
    if trump is not None:
        top_trump = _highest_in_suit(trick, SUITS.index(trump))
        fields["top"] = DECK[top_trump] if top_trump >= 0 else ""
    n_legal = legal.bit_count()
    if rule == MUST_BEAT:
        # Translators: {led} is the led suit's name (as in "hearts");
        # {high} and {top} are cards such as Q♥;
        # {cards} the legal cards joined with "and", {choices} joined with "or".
        template = ngettext(
            "{led} were led and {high} is highest; you hold {cards}, which beats it, "
            "so you must play {cards}.",
            "{led} were led and {high} is highest; you hold {cards}, which beat it, "
            "so you must play one of them: {choices}.",
            n_legal,
        )
    elif rule == FOLLOW_ANY and rules.must_beat:
        template = _(
            "{led} were led and {high} is highest; you cannot beat it, so you may play "
            "any of your {led}."
        )
    elif rule == FOLLOW_ANY:
        template = _("{led} were led and you hold {led}, so you must follow suit with any of them.")
    elif rule == FOLLOW_TRUMPED:
        template = _(
            "{led} were led but {top} has trumped the trick, so no {symbol} can win and you "
            "may play any of your {led}."
        )
    elif rule == MUST_TRUMP:
        # English says the same for one trump and for several; other languages may not.
        template = ngettext(
            "{led} were led and you have none; you hold {trumps}, so you must play one: {choices}.",
            "{led} were led and you have none; you hold {trumps}, so you must play one: {choices}.",
            n_legal,
        )
    elif rule == MUST_OVERTRUMP:
        template = ngettext(
            "{led} were led and you have none; {top} has trumped, and you hold {cards}, "
            "higher, so you must over-trump with it.",
            "{led} were led and you have none; {top} has trumped, and you hold {cards}, "
            "higher, so you must over-trump with one of them.",
            n_legal,
        )
    elif rule == MUST_UNDERTRUMP:
        template = ngettext(
            "{led} were led and you have none; {top} has trumped and you cannot beat it, "
            "but you hold {trumps}, so you must still play one: {choices}.",
            "{led} were led and you have none; {top} has trumped and you cannot beat it, "
            "but you hold {trumps}, so you must still play one: {choices}.",
            n_legal,
        )
    elif rule == FREE:
        if trump is None or rules.void_rule == "free" or led_suit == trump:
            template = _("{led} were led and you have none, so you may play any card.")
        elif hand & SUIT_MASKS[trump]:
            template = _(
                "{led} were led and you have none; {top} has trumped and you cannot beat it, "
                "so you may play any card."
            )
        else:
            template = _(
                "{led} were led and you hold neither {led} nor {trumps}, so you may play any card."
            )
    else:
        raise CardlibError(
            _("unknown rule id {rule!r}: one of {ids}").format(rule=rule, ids=", ".join(RULE_IDS)),
            "rule-id",
        )
    return _sentence(template.format(**fields))


def rule_masks(
    hand: int, trick: list[int], rules: PlayRules, first_trick: bool = False
) -> dict[str, int]:
    """What each rule id of the ladder would allow in this position, where it can apply at all.

    ``legal_mask`` says which rule decides; this says what a player who applied another rule
    would play. Two rule ids with the same mask are the same answer here, and a puzzle is worth
    setting only when its rule's mask differs from its rivals' (see
    :data:`cardlib.puzzles.legal_play.RIVALS`).
    """
    masks: dict[str, int] = {}
    masks[FREE] = hand  # "any card": what a player who forgot every duty would play
    if not trick:
        masks[LEAD] = hand
        if rules.trump is not None and hand & ~SUIT_MASKS[rules.trump]:
            masks[LEAD_NO_TRUMP] = hand & ~SUIT_MASKS[rules.trump]
        return masks
    led = trick[0] // 13
    follow = hand & SUIT_MASKS[SUITS[led]]
    trump = None if rules.trump is None else SUITS.index(rules.trump)
    top_led = max(c for c in trick if c // 13 == led)
    trumps_played = [c for c in trick if trump is not None and c // 13 == trump and led != trump]
    if follow:
        masks[FOLLOW_ANY] = follow
        masks[FOLLOW_TRUMPED] = follow
        higher = follow >> (top_led + 1) << (top_led + 1)
        if higher:
            masks[MUST_BEAT] = higher
        return masks
    if trump is not None and hand & SUIT_MASKS[SUITS[trump]]:
        trumps = hand & SUIT_MASKS[SUITS[trump]]
        masks[MUST_TRUMP] = trumps
        masks[MUST_UNDERTRUMP] = trumps
        if trumps_played:
            top = max(trumps_played)
            higher = trumps >> (top + 1) << (top + 1)
            if higher:
                masks[MUST_OVERTRUMP] = higher
    return masks
