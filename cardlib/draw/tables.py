"""Tables and exact numbers for the strategy notebooks.

:func:`table_html` draws rows as an HTML table (header cells are ``<th scope="col">``,
so screen readers can name every column); a cell may be text, a number or
already-rendered :class:`~cardlib.draw.svg.Html` (cards, calls). :func:`percent` and
:func:`places` turn exact ``Fraction``/``Decimal`` values into short, stable text,
rounding half up, so that no float noise reaches a learner. :func:`progress_html` is the
learner's record (:class:`cardlib.progress.ProgressTable`) as it shows itself.

>>> from fractions import Fraction
>>> percent(Fraction(2, 3)), places(Fraction(-7, 3)), places(Fraction(5, 2), 0)
('66.7%', '−2.33', '3')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from html import escape
from typing import TYPE_CHECKING

from cardlib.draw.svg import Html
from cardlib.i18n import _

if TYPE_CHECKING:  # what is drawn: the record draws itself through this, when shown
    from cardlib.progress import ProgressTable

MINUS = "\N{MINUS SIGN}"


def _exact(value: Fraction | Decimal | int) -> Fraction:
    return Fraction(value) if not isinstance(value, Fraction) else value


def places(value: Fraction | Decimal | int, digits: int = 2) -> str:
    """An exact number rounded (half up) to ``digits`` decimals, with a real minus sign."""
    exact = _exact(value)
    quantum = Decimal(1).scaleb(-digits)
    rounded = (Decimal(exact.numerator) / Decimal(exact.denominator)).quantize(
        quantum, rounding=ROUND_HALF_UP
    )
    if rounded == 0:
        rounded = abs(rounded)
    return f"{rounded:f}".replace("-", MINUS)


def percent(value: Fraction | Decimal | int, digits: int = 1) -> str:
    """A share (0..1, exact) as a percentage: ``Fraction(2, 3)`` → ``'66.7%'``."""
    return places(_exact(value) * 100, digits) + "%"


def _cell(value, tag: str) -> str:
    text = value if isinstance(value, Html) else escape(str(value))
    scope = ' scope="col"' if tag == "th" else ""
    return f"<{tag}{scope}>{text}</{tag}>"


def table_html(header: Sequence, rows: Iterable[Sequence], caption: str | None = None) -> Html:
    """An HTML table: one header row, then the rows (cells: text, numbers or ``Html``)."""
    head = "<tr>" + "".join(_cell(h, "th") for h in header) + "</tr>"
    body = "".join("<tr>" + "".join(_cell(c, "td") for c in row) + "</tr>" for row in rows)
    cap = f"<caption>{escape(caption)}</caption>" if caption else ""
    return Html(
        f'<table class="cardlib-table">{cap}<thead>{head}</thead><tbody>{body}</tbody></table>'
    )


def progress_html(progress: ProgressTable) -> str:
    """The learner's record: one row per lesson, puzzle level and game."""
    head = (_("What"), _("Which"), _("Done"))
    header = "".join(f"<th scope='col'>{escape(h)}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>"
        for row in progress.rows
    )
    caption = _("Your progress")
    return (
        f"<table class='cardlib-progress'><caption>{escape(caption)}</caption>"
        f"<thead><tr>{header}</tr></thead><tbody>{body}</tbody></table>"
    )


__all__ = ["percent", "places", "progress_html", "table_html"]
