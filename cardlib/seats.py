"""How seats are named to a learner: one convention for every notebook and widget.

Seats are numbered clockwise from 0, and at a four-player table named like a
bridge table (South 0, West 1, North 2, East 3). The seat the learner plays is
"You (South, seat 0)"; every other seat is its name and number, "West (1)".
At a Judgement table of 3 to 7 players there are no compass names: "You (seat 0)"
and "Seat 1".

>>> seat_label(0, you=0), seat_label(1, you=0), seat_label(2)
('You (South, seat 0)', 'West (1)', 'North (2)')
>>> seat_label(0, you=0, players=5), seat_label(3, you=0, players=5)
('You (seat 0)', 'Seat 3')
"""

from __future__ import annotations

from cardlib.errors import CardlibError, CardlibTypeError, is_count
from cardlib.game import SEAT_NAMES  # the compass names of a four-player table
from cardlib.i18n import N_, _

# The compass names as a learner reads them (SEAT_NAMES stays English: answers use it).
_COMPASS = {"South": N_("South"), "West": N_("West"), "North": N_("North"), "East": N_("East")}

__all__ = ["SEAT_NAMES", "seat_label", "seat_labels"]


def seat_label(seat: int, you: int | None = None, players: int = 4) -> str:
    """A seat as the learner reads it: "You (South, seat 0)", "West (1)", "Seat 3".

    ``you`` is the seat the learner plays (``None`` when the learner only
    watches); ``players`` is the number of seats at the table.
    """
    if not is_count(seat) or not 0 <= seat < players:
        raise (CardlibError if is_count(seat) else CardlibTypeError)(
            _("a seat is a number from 0 to {last}, got {seat!r}").format(
                last=players - 1, seat=seat
            ),
            "seat",
        )
    if players == 4:
        name = _(_COMPASS[SEAT_NAMES[seat]])
        if seat == you:
            return _("You ({name}, seat {seat})").format(name=name, seat=seat)
        return f"{name} ({seat})"
    if seat == you:
        return _("You (seat {seat})").format(seat=seat)
    return _("Seat {seat}").format(seat=seat)


def seat_labels(players: int = 4, you: int | None = None) -> tuple[str, ...]:
    """Every seat's label, by seat number."""
    return tuple(seat_label(seat, you, players) for seat in range(players))
