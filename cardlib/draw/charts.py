"""Small SVG charts for the notebooks: a bar chart and a line chart.

Hand-built like :mod:`cardlib.draw.svg` so that the output is deterministic text
(no dates, ids or random salts) and accessible: every bar and point has a
``<title>`` with its exact value, and colour is never the only cue (bars to be
noticed also carry a text mark, lines are labelled at their end).
Values may be ``int``, ``Fraction`` or ``Decimal``; they are turned into pixels
only, never into the numbers shown, which are formatted by the caller.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping
from html import escape
from typing import Any

from cardlib.draw.svg import Html, Svg
from cardlib.i18n import _

# Okabe–Ito colours, safe for colour-blind readers.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
BAR, BAR_MARKED = "#56B4E9", "#E69F00"
FONT = 'font-family="sans-serif"'


def _fmt(x: float) -> str:
    """A pixel coordinate, rounded so that the text is stable."""
    text = f"{x:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _nice_ticks(low: float, high: float, count: int = 6) -> list[float]:
    """Round tick values covering ``low..high`` (steps of 1, 2 or 5 × a power of ten)."""
    span = max(high - low, 1e-9)
    raw = span / count
    power = 10 ** len(str(int(raw))) / 10 if raw >= 1 else 1.0
    while power > raw:
        power /= 10
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = step * math.floor(low / step)
    last = step * math.ceil(high / step)
    ticks = []
    tick = first
    while tick <= last + step * 1e-9:
        ticks.append(round(tick, 10) + 0.0)  # + 0.0 turns -0.0 into 0.0
        tick += step
    return ticks


class _Frame:
    """Axes: maps data to pixels and draws the grid, ticks and labels."""

    def __init__(self, x_values, y_low, y_high, width, height, title, x_label, y_label):
        self.width, self.height = width, height
        self.left, self.right, self.top, self.bottom = 56, 16, 44, 44  # room for a mark above a bar
        self.x_values = list(x_values)
        ticks = _nice_ticks(min(y_low, 0.0), max(y_high, 0.0))
        self.y_ticks = ticks
        self.y_low, self.y_high = ticks[0], ticks[-1]
        self.title, self.x_label, self.y_label = title, x_label, y_label

    @property
    def plot_width(self) -> float:
        return self.width - self.left - self.right

    def slot(self, i: int) -> float:
        """Centre of the i-th category on the x axis."""
        step = self.plot_width / len(self.x_values)
        return self.left + step * (i + 0.5)

    @property
    def slot_width(self) -> float:
        return self.plot_width / len(self.x_values)

    def y(self, value: float) -> float:
        usable = self.height - self.top - self.bottom
        return self.top + usable * (self.y_high - value) / (self.y_high - self.y_low)

    def axes(self) -> str:
        parts = []
        for tick in self.y_ticks:
            y = _fmt(self.y(tick))
            label = f"{tick:g}"
            stroke = "#000000" if tick == 0 else "#DDDDDD"
            parts.append(
                f'<line x1="{self.left}" y1="{y}" x2="{self.width - self.right}" y2="{y}" '
                f'stroke="{stroke}" stroke-width="1"/>'
                f'<text x="{self.left - 6}" y="{y}" {FONT} font-size="11" text-anchor="end" '
                f'dominant-baseline="middle">{escape(label)}</text>'
            )
        for i, x in enumerate(self.x_values):
            parts.append(
                f'<text x="{_fmt(self.slot(i))}" y="{self.height - self.bottom + 14}" {FONT} '
                f'font-size="11" text-anchor="middle">{escape(str(x))}</text>'
            )
        parts.append(
            f'<text x="{_fmt(self.left + self.plot_width / 2)}" y="{self.height - 8}" {FONT} '
            f'font-size="12" text-anchor="middle">{escape(self.x_label)}</text>'
            f'<text x="14" y="{_fmt(self.y((self.y_low + self.y_high) / 2))}" {FONT} '
            f'font-size="12" text-anchor="middle" transform="rotate(-90 14 '
            f'{_fmt(self.y((self.y_low + self.y_high) / 2))})">{escape(self.y_label)}</text>'
            f'<text x="{_fmt(self.width / 2)}" y="18" {FONT} font-size="14" font-weight="bold" '
            f'text-anchor="middle">{escape(self.title)}</text>'
        )
        return "".join(parts)

    def document(self, body: str) -> Svg:
        w, h = self.width, self.height
        return Svg(
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}" role="img" aria-label="{escape(self.title)}">'
            f"<title>{escape(self.title)}</title>"
            f'<rect width="{w}" height="{h}" fill="#FFFFFF"/>{self.axes()}{body}</svg>'
        )


def bar_chart(
    values: Mapping,
    title: str,
    x_label: str,
    y_label: str,
    marked: Collection = (),
    mark_text: str | None = None,
    value_text: Callable[[Any], str] = str,
    width: int = 640,
    height: int = 300,
) -> Svg:
    """One bar per key of ``values`` (in order); ``marked`` bars are orange with ``mark_text``
    ("best" in the learner's language unless given).

    Each bar's ``<title>`` reads "x_label k: value" with ``value_text(value)``.
    """
    mark_text = _("best") if mark_text is None else mark_text
    keys = list(values)
    numbers = [float(values[k]) for k in keys]
    frame = _Frame(keys, min(numbers), max(numbers), width, height, title, x_label, y_label)
    zero = frame.y(0.0)
    bar_width = frame.slot_width * 0.7
    parts = []
    for i, key in enumerate(keys):
        top = frame.y(numbers[i])
        y, h = min(top, zero), abs(top - zero)
        x = frame.slot(i) - bar_width / 2
        is_marked = key in marked
        label = f"{x_label} {key}: {value_text(values[key])}" + (
            f" ({mark_text})" if is_marked else ""
        )
        parts.append(
            f'<g role="img" aria-label="{escape(label)}"><title>{escape(label)}</title>'
            f'<rect x="{_fmt(x)}" y="{_fmt(y)}" width="{_fmt(bar_width)}" height="{_fmt(h)}" '
            f'fill="{BAR_MARKED if is_marked else BAR}" stroke="#333333" stroke-width="0.5"/></g>'
        )
        if is_marked:
            text_y = _fmt((top if numbers[i] >= 0 else zero) - 5)
            parts.append(
                f'<text x="{_fmt(frame.slot(i))}" y="{text_y}" {FONT} font-size="11" '
                f'font-weight="bold" text-anchor="middle">{escape(mark_text)}</text>'
            )
    return frame.document("".join(parts))


def line_chart(
    series: Mapping[str, Mapping],
    title: str,
    x_label: str,
    y_label: str,
    value_text: Callable[[Any], str] = str,
    width: int = 640,
    height: int = 320,
) -> Svg:
    """One line per entry of ``series`` (name → {x: y}), labelled with its name at its end.

    The x values are the union of every series' keys, in sorted order.
    """
    xs = sorted({x for points in series.values() for x in points})
    numbers = [float(y) for points in series.values() for y in points.values()]
    frame = _Frame(xs, min(numbers), max(numbers), width, height, title, x_label, y_label)
    where = {x: i for i, x in enumerate(xs)}
    parts = []
    for n, (name, points) in enumerate(series.items()):
        colour = PALETTE[n % len(PALETTE)]
        coords = [(frame.slot(where[x]), frame.y(float(y))) for x, y in points.items()]
        path = " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in coords)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for (x, y), (key, value) in zip(coords, points.items(), strict=True):
            label = f"{name}, {x_label} {key}: {value_text(value)}"
            parts.append(
                f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="3" fill="{colour}">'
                f"<title>{escape(label)}</title></circle>"
            )
        last_x, last_y = coords[-1]
        parts.append(
            f'<text x="{_fmt(last_x - 4)}" y="{_fmt(last_y - 7)}" {FONT} font-size="11" '
            f'text-anchor="end" fill="{colour}" font-weight="bold">{escape(name)}</text>'
        )
    return frame.document("".join(parts))


def side_by_side(*charts: Svg) -> Html:
    """Charts in a row (wrapping on a narrow screen), each keeping its own size."""
    return Html(
        '<div class="cardlib-charts" style="display: flex; flex-wrap: wrap; gap: 8px">'
        + "".join(str(chart) for chart in charts)
        + "</div>"
    )
