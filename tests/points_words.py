"""Reading a game's reason for its points back as arithmetic (the game tests share it).

Each game's test module lists every English wording of its reasons as a regular
expression and the sum it says; :func:`read_back` finds the one wording that fits.
"""

from __future__ import annotations

import re
from collections.abc import Callable


def read_back(reason: str, wordings: dict[str, Callable]) -> tuple[object, list[int]]:
    """The sum a reason says, and its numbers; fails unless exactly one wording fits."""
    found = [(pattern, match) for pattern in wordings if (match := re.fullmatch(pattern, reason))]
    assert len(found) == 1, f"{len(found)} wordings fit {reason!r}"
    pattern, match = found[0]
    return wordings[pattern](*match.groups()), [int(n) for n in match.groups()]
