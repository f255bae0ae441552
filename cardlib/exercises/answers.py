"""An answer as data: what a graded check cell reports, so the grade is worked out outside the
student's kernel.

A check in an exercise notebook turns the student's answer into plain JSON (:func:`encode`) and
shows it as an output of the project's own MIME type, :data:`MIME`. The grading process
(:mod:`cardlib.exercises.grading`) reads that output and runs the same check on
:func:`decode` of it. The check in the kernel judges the decoded answer too, so the ✓/✗ the
student sees and the grade are one computation on one value: no object that behaves one way in
the kernel and another way later (an ``__eq__`` that is always true, a ``str`` subclass) can
make them differ.

Only plain values travel: text, whole numbers, ``True``/``False``/``None``, binary floats,
``Decimal``, ``Fraction``, cards, and lists, tuples, sets and dicts of them. Anything else is
reported by its type and a short ``repr`` and decodes to an :class:`Unreadable` that every reader
refuses. Encoding never raises, never calls a student's ``__eq__`` or ``__hash__``, and is bounded
in depth and size.

>>> encode(["KH", Card("AH")])
{'list': ['KH', {'Card': 'AH'}]}
>>> decode(encode((Decimal("4.2"), Fraction(1, 3), 2)))
(Decimal('4.2'), Fraction(1, 3), 2)
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from cardlib.cards import Card, cards_text, parse_cards
from cardlib.errors import CardParseError

#: The MIME type of a reported answer: ``{"version": 1, "check": name, "answer": data}``.
MIME = "application/vnd.cardlib.answer+json"
VERSION = 1

#: Bounds on what is encoded: deeper or larger answers are reported as unreadable.
MAX_DEPTH, MAX_ITEMS, MAX_TEXT = 4, 1000, 2000
_REPR_LENGTH = 80

JSON = Any  # what json.dumps takes


@dataclass(frozen=True)
class Unreadable:
    """An answer of a type that is not sent (``type_name``), shown by a short ``text``."""

    type_name: str
    text: str

    def __repr__(self) -> str:
        return self.text


class _TooBig(Exception):
    pass


def _short_repr(value: object) -> str:
    try:
        text = repr(value)
    except Exception:  # a student's __repr__ may raise anything
        text = f"<{type(value).__name__} object>"
    if not isinstance(text, str):
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= _REPR_LENGTH else text[: _REPR_LENGTH - 1] + "…"


def _other(value: object) -> dict[str, str]:
    return {"other": type(value).__name__, "repr": _short_repr(value)}


def encode(answer: object) -> JSON:
    """The answer as JSON data (see the module's docstring); never raises."""
    count = [0]
    try:
        return _encode(answer, 0, count)
    except _TooBig:
        return {"other": type(answer).__name__, "repr": "an answer too large to read"}


def _encode(value: object, depth: int, count: list[int]) -> JSON:
    count[0] += 1
    if count[0] > MAX_ITEMS or depth > MAX_DEPTH:
        raise _TooBig
    # Exact types first: a subclass could pretend to be something it is not.
    kind = type(value)
    if value is None or kind is bool:
        return value
    if isinstance(value, Card):
        return {"Card": Card(int.__int__(value)).code} if 0 <= int.__int__(value) < 52 else None
    if isinstance(value, str):
        text = str.__str__(value)  # the characters, whatever a subclass says about itself
        if len(text) > MAX_TEXT:
            raise _TooBig
        return text
    if isinstance(value, int):
        number = int.__index__(value)
        return number if abs(number) < 10**30 else {"other": "int", "repr": "a very long number"}
    if isinstance(value, float):
        return {"float": float.__repr__(value)}
    if isinstance(value, Decimal):
        return {"Decimal": Decimal.__str__(value)}
    if isinstance(value, Fraction):
        fraction = Fraction(value.numerator, value.denominator)
        if max(abs(fraction.numerator), fraction.denominator) >= 10**30:
            return {"other": "Fraction", "repr": "a very long number"}
        return {"Fraction": str(fraction)}
    if value is ...:
        return {"Ellipsis": True}
    if isinstance(value, bytes):
        if len(value) > MAX_TEXT:
            raise _TooBig
        return {"bytes": bytes(value).hex()}
    # The base type's own iterator, whatever a subclass says about itself.
    if isinstance(value, list):
        items = list(list.__iter__(value))
        return {"list": [_encode(item, depth + 1, count) for item in items]}
    if isinstance(value, tuple):
        items = list(tuple.__iter__(value))
        return {"tuple": [_encode(item, depth + 1, count) for item in items]}
    if isinstance(value, set | frozenset):
        items = [_encode(item, depth + 1, count) for item in set.__iter__(set(value))]
        # A set has no order: sort the data so the same set always reports the same bytes.
        return {"set": sorted(items, key=lambda item: json.dumps(item, sort_keys=True))}
    if isinstance(value, dict):
        pairs = [
            [_encode(k, depth + 1, count), _encode(v, depth + 1, count)]
            for k, v in dict.items(value)
        ]
        return {"dict": pairs}
    return _other(value)


class BadReport(ValueError):
    """Reported data that is not what :func:`encode` writes."""


def decode(data: JSON) -> object:
    """The value :func:`encode` reported; :class:`BadReport` for anything else."""
    if data is None or isinstance(data, bool | str):
        return data
    if isinstance(data, int):
        return data
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise BadReport(f"not an answer: {_short_repr(data)}")
    try:
        if len(data) == 2:
            return Unreadable(str(data["other"]), str(data["repr"]))
        ((tag, inner),) = data.items()
        if tag == "Card":
            return Card(inner)
        if tag == "float":
            return float(inner)
        if tag == "Decimal":
            return Decimal(inner)
        if tag == "Fraction":
            return Fraction(inner)
        if tag == "Ellipsis":
            return ...
        if tag == "bytes":
            return bytes.fromhex(inner)
        if tag == "list":
            return [decode(item) for item in inner]
        if tag == "tuple":
            return tuple(decode(item) for item in inner)
        if tag == "set":
            return {decode(item) for item in inner}
        if tag == "dict":
            return {decode(k): decode(v) for k, v in inner}
    except BadReport:
        raise
    except Exception as error:  # a forged report: wrong shapes, unhashable items, bad numbers
        raise BadReport(f"not an answer: {_short_repr(data)} ({error})") from None
    raise BadReport(f"not an answer: {_short_repr(data)}")


def report(check: str, answer: object) -> dict[str, JSON]:
    """What a check cell reports: the check's name and the answer as data."""
    return {"version": VERSION, "check": check, "answer": encode(answer)}


def _as_cards(items: list) -> list[Card]:
    """The items as cards, when each is a card or the text of exactly one; else ``[]``."""
    cards = []
    for item in items:
        if isinstance(item, Card):
            cards.append(item)
            continue
        if not isinstance(item, str):
            return []
        try:
            read = parse_cards(item)
        except (CardParseError, ValueError):
            return []
        if len(read) != 1:
            return []
        cards.extend(read)
    return cards


def recorded_text(value: object) -> str:
    """An answer as the exam's receipt shows it: cards as cards (``K♥ 3♥``), else as written."""
    if isinstance(value, Unreadable):
        return value.text
    if isinstance(value, str):
        text = " ".join(value.split())
        try:
            return cards_text(parse_cards(text)) if text else repr(value)
        except (CardParseError, ValueError):
            return text
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, list | tuple | set | frozenset):
        items = list(value)
        cards = _as_cards(items)
        if cards:
            return cards_text(sorted(cards) if isinstance(value, set | frozenset) else cards)
        if isinstance(value, set | frozenset):
            items = sorted(items, key=repr)
        return "[" + ", ".join(recorded_text(item) for item in items) + "]"
    if isinstance(value, float) and not math.isfinite(value):
        return repr(value)
    if isinstance(value, Decimal | Fraction | int) and not isinstance(value, bool):
        return str(value)
    return repr(value)
