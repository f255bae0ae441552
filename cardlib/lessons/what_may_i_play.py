"""Lesson 03, What may I play?: Call Break's ladder of what may be played, step by step.

:func:`show` draws a position (the trick so far, the hand with its legal cards outlined, the
rule and its sentence); :func:`compare` gives one position's legal cards in the three games
that share the ladder; :func:`strictest` and :func:`ladder_holds` check a claim of the lesson on
one position, to be run over many; :func:`rule_counts` counts, over seeded bot deals, which
step decided each play; :func:`in_every_language` says one position's rule in every language.

>>> compare("3H KH 2S 5D", "4H QH")
{'Call Break': 'K♥', 'Call Bridge': 'K♥ 3♥', 'Judgement, ♠ trump': 'K♥ 3♥'}
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from html import escape

from cardlib import callbreak, callbridge, i18n, judgement, parse_cards
from cardlib.bots import SensibleBot
from cardlib.callbreak import Variant, explain_play, legal_plays
from cardlib.cards import sort_for_display
from cardlib.draw.svg import Html, explanation_html, hand_svg, trick_svg
from cardlib.draw.tables import table_html
from cardlib.errors import CardlibError, is_count
from cardlib.exercises.checks import check_legal_plays, check_rule
from cardlib.i18n import LANGUAGES, N_, _
from cardlib.widgets.drill import Question, QuickCheck
from cardlib.widgets.play_explorer import Position

NOTEBOOK = "03-what-may-i-play"

#: The captions of the cards already on a trick, in order of play.
ORDER = (N_("led"), N_("2nd"), N_("3rd"))


def show(
    hand_text: str,
    trick_text: str = "",
    variant: Variant = callbreak.STANDARD,
    first_trick: bool = False,
) -> Html:
    """A position drawn: the trick so far, the hand (legal cards outlined, the others faded),
    and the rule that decides with its sentence."""
    hand, trick = parse_cards(hand_text), parse_cards(trick_text)
    why = explain_play(hand, trick, variant, first_trick)
    table = (
        trick_svg(trick, range(len(trick)), None, tuple(_(o) for o in ORDER))
        if trick
        else "<p>" + escape(_("You lead.")) + "</p>"
    )
    illegal = [card for card in hand if card not in why.legal]
    drawn = hand_svg(hand, highlight=why.legal, dim=illegal, label=_("your hand"))
    return Html(f"{table}<br>{drawn}{explanation_html(why)}")


def compare(hand_text: str, trick_text: str) -> dict[str, str]:
    """The legal cards of one position in three games that share the ladder."""
    hand, trick = parse_cards(hand_text), parse_cards(trick_text)
    legal = {
        "Call Break": callbreak.legal_plays(hand, trick),
        "Call Bridge": callbridge.legal_plays(hand, trick),
        "Judgement, ♠ trump": judgement.legal_plays(hand, trick, "S"),
    }
    return {game: " ".join(map(str, sort_for_display(cards))) for game, cards in legal.items()}


def strictest(position: Position) -> bool:
    """Whether Call Break's legal cards at ``position`` (a
    :class:`~cardlib.widgets.play_explorer.Position`) are among Call Bridge's and Judgement's
    (spades trump)."""
    hand, trick = position.hand, position.trick
    call_break = legal_plays(hand, trick)
    return call_break <= callbridge.legal_plays(hand, trick) and call_break <= (
        judgement.legal_plays(hand, trick, "S")
    )


def ladder_holds(position: Position) -> bool:
    """The ladder's promises at ``position``: the legal cards are never none and always held;
    a card of the led suit is required when one is held; else a spade, when one is held
    (standard rules)."""
    legal = legal_plays(position.hand, position.trick)
    if not legal or not legal <= set(position.hand):
        return False
    if position.trick:
        led = position.trick[0].suit
        if any(card.suit == led for card in position.hand):
            return all(card.suit == led for card in legal)
        if any(card.suit == "S" for card in position.hand):
            return all(card.suit == "S" for card in legal)
    return True


@dataclass(frozen=True)
class RuleCounts:
    """Which rule decided each play of seeded bot deals (``rules``, a Counter of rule ids); how
    many plays had one legal card (``forced``), and how many of those were not the hand's
    last card, so that the ladder, not the empty hand, left one (``by_the_rules``)."""

    rules: Counter[str]
    forced: int
    by_the_rules: int

    @property
    def plays(self) -> int:
        """Every play counted."""
        return sum(self.rules.values())

    @property
    def last_cards(self) -> int:
        """The plays of a hand's last card: one legal card because one card is left."""
        return self.forced - self.by_the_rules


def rule_counts(deals: int = 200, seed: int = 3) -> RuleCounts:
    """Play ``deals`` seeded deals with sensible bots and ask, before every card, which rule
    applies and how many cards it allows."""
    if not is_count(deals) or deals < 1:
        raise CardlibError(
            _("{what} must be a whole number {low} or more, got {value!r}").format(
                what="deals", low=1, value=deals
            )
        )
    rng = random.Random(seed)
    bot = SensibleBot()
    rules: Counter[str] = Counter()
    forced = by_the_rules = 0
    for _deal in range(deals):
        deal = callbreak.Deal(seed=rng.getrandbits(64))
        while deal.phase == "calling":
            deal.call(bot.choose_call(deal))
        while deal.phase == "playing":
            why = deal.explain()
            rules[why.rule] += 1
            if len(why.legal) == 1:
                forced += 1
                seat = deal.to_act
                by_the_rules += seat is not None and len(deal.hand(seat)) > 1
            deal.play(bot.choose_play(deal))
    return RuleCounts(rules, forced, by_the_rules)


def in_every_language(hand_text: str, trick_text: str) -> Html:
    """One position's rule and sentence in every language, each sentence marked with its
    language so that a screen reader says it in that voice."""
    position = (parse_cards(hand_text), parse_cards(trick_text))
    said = i18n.in_every_language(lambda: callbreak.explain_play(*position))
    return table_html(
        [_("language"), _("code"), _("rule"), _("why")],
        [
            (
                LANGUAGES[code],
                code,
                why.rule,
                Html(f'<span lang="{code}">{escape(why.text)}</span>'),
            )
            for code, why in said.items()
        ],
    )


def quick_check(record: bool = True) -> QuickCheck:
    """Lesson 03's quick check: following and beating, trumping, the rule's id, a trumped
    trick."""
    return QuickCheck(
        "03",
        [
            Question(
                _("You hold A♥ 7♥ 2♠ K♦ 3♣ and K♥ was led. Which cards may you play?"),
                check_legal_plays,
                {"hand": "AH 7H 2S KD 3C", "trick": "KH"},
                "7H 3C",
                taught="Step 2: follow suit, and beat it if you can",
            ),
            Question(
                _("You hold Q♦ 4♠ 9♠ 5♣ and K♥ was led. Which cards may you play?"),
                check_legal_plays,
                {"hand": "QD 4S 9S 5C", "trick": "KH"},
                "QD",
                taught="Step 3: no card of the led suit? Then a spade",
            ),
            Question(
                _("Same hand and trick: which step of the ladder decides? (a rule id)"),
                check_rule,
                {"hand": "QD 4S 9S 5C", "trick": "KH"},
                "lead",
                taught="Step 3: no card of the led suit? Then a spade",
            ),
            Question(
                _("You hold 7♥ 3♥ A♦; the trick is K♥ 2♠. Which cards may you play?"),
                check_legal_plays,
                {"hand": "7H 3H AD", "trick": "KH 2S"},
                "AD",
                taught="The exception: once the trick is trumped",
            ),
        ],
        record=record,
    )


__all__ = [
    "NOTEBOOK",
    "RuleCounts",
    "compare",
    "in_every_language",
    "ladder_holds",
    "quick_check",
    "rule_counts",
    "show",
    "strictest",
]
