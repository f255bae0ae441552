"""cardlib.draw.charts: the pieces the notebooks draw their charts with."""

from __future__ import annotations

from cardlib.draw.charts import line_chart, side_by_side
from cardlib.draw.svg import Html


def test_side_by_side_puts_each_chart_whole_in_one_row():
    left = line_chart({"a": {0: 1, 1: 2}}, "left", "x", "y", width=300)
    right = line_chart({"b": {0: 3, 1: 1}}, "right", "x", "y", width=300)
    row = side_by_side(left, right)
    assert isinstance(row, Html)
    assert row._repr_html_() == str(row)
    assert row.index(str(left)) < row.index(str(right))
    assert row.count("<svg") == 2
    assert row.startswith('<div class="cardlib-charts"') and row.endswith("</div>")
