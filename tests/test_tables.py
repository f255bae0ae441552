"""Exact numbers and tables for the strategy notebooks (cardlib.draw.tables)."""

from decimal import Decimal
from fractions import Fraction

from cardlib.draw.svg import Html, card_html
from cardlib.draw.tables import percent, places, table_html


def test_places_rounds_half_up_with_a_real_minus_sign():
    assert places(Fraction(1, 8)) == "0.13"  # half up, not to even
    assert places(Fraction(-7, 3)) == "−2.33"
    assert places(Decimal("2.5"), 0) == "3"
    assert places(Fraction(-1, 1000)) == "0.00"  # no "−0.00"
    assert places(7) == "7.00"


def test_percent_of_an_exact_share():
    assert percent(Fraction(2, 3)) == "66.7%"
    assert percent(Fraction(1, 3), 2) == "33.33%"
    assert percent(1) == "100.0%"


def test_table_escapes_text_and_keeps_rendered_cells():
    table = table_html(["a<b", "card"], [["x & y", card_html("KS")]], caption="c")
    assert isinstance(table, Html)
    assert '<th scope="col">a&lt;b</th>' in table
    assert "<td>x &amp; y</td>" in table
    assert 'aria-label="king of spades"' in table
    assert "<caption>c</caption>" in table
