"""Errors. Every one is a ``ValueError`` whose message names the rule broken.

When an action raises one of these the game state is exactly as it was before
the action: every check runs before anything changes.
"""


class CardlibError(ValueError):
    """Base class of every error cardlib raises on bad input.

    ``rule`` is a short id of the rule broken (``"must-beat"``,
    ``"call-range"``, ``"out-of-turn"`` …); the message says it in words.
    """

    def __init__(self, message: str, rule: str | None = None):
        super().__init__(message)
        self.rule = rule


class CardParseError(CardlibError):
    """Text that is not a card."""

    def __init__(self, message: str, rule: str | None = "card-syntax"):
        super().__init__(message, rule)


class IllegalPlayError(CardlibError):
    """A card the rules do not allow here, or one the player does not hold."""


class IllegalCallError(CardlibError):
    """A call or bid outside the allowed range, or forbidden by a rule such as the hook."""


class OutOfTurnError(CardlibError):
    """An action by a seat whose turn it is not."""


class PhaseError(CardlibError):
    """An action in the wrong phase: playing while calling, anything after the end."""
