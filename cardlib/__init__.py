"""cardlib: Call Break and its cousins, for learning in Jupyter.

The shared pieces live here: cards and parsing, trick mechanics, errors. Each
game is a module: :mod:`cardlib.callbreak` (the main one), :mod:`cardlib.judgement`,
:mod:`cardlib.bridge` (Contract Bridge).
"""

from cardlib.cards import (
    DECK,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    cards_text,
    parse_card,
    parse_cards,
    sort_for_display,
)
from cardlib.errors import (
    CardlibError,
    CardParseError,
    IllegalCallError,
    IllegalPlayError,
    OutOfTurnError,
    PhaseError,
)
from cardlib.i18n import LANGUAGES, get_language, set_language
from cardlib.tricks import RULE_IDS, PlayRules, trick_winner

__version__ = "0.3.0"

__all__ = [
    "DECK",
    "LANGUAGES",
    "RULE_IDS",
    "SUITS",
    "SUIT_SYMBOLS",
    "Card",
    "CardParseError",
    "CardlibError",
    "IllegalCallError",
    "IllegalPlayError",
    "OutOfTurnError",
    "PhaseError",
    "PlayRules",
    "cards_text",
    "get_language",
    "parse_card",
    "parse_cards",
    "set_language",
    "sort_for_display",
    "trick_winner",
]
