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
in depth and size; so are the numbers it writes (:data:`MAX_DIGITS` digits, exponents within
:data:`MAX_EXPONENT`): a longer number is reported as "a very long number", which no reader takes.

Decoding runs in the grading process on data a student's kernel may have forged, so it is total
and bounded: it reads only what :func:`encode` writes, within the same bounds, and refuses
anything else with :class:`BadReport` before building a value (no ``Fraction("1e99999999")``,
no ``Decimal`` with a billion-digit exponent, no nesting deeper than :data:`MAX_DEPTH`).

>>> encode(["KH", Card("AH")])
{'list': ['KH', {'Card': 'AH'}]}
>>> decode(encode((Decimal("4.2"), Fraction(1, 3), 2)))
(Decimal('4.2'), Fraction(1, 3), 2)
"""

from __future__ import annotations

import json
import math
import re
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
#: Bounds on a number: its digits, and a Decimal's exponent (both ways). Whole numbers and
#: fractions stay below ``10**MAX_DIGITS``; a Decimal has at most MAX_DIGITS digits and an
#: exponent from -MAX_EXPONENT to MAX_EXPONENT. Beyond them a number is "a very long number":
#: ``Decimal("1e999999")`` would take minutes to make exact (int, Fraction), and ``str`` of an
#: int over 4300 digits raises.
MAX_DIGITS, MAX_EXPONENT = 30, 60
_REPR_LENGTH = 80
_LONG = "a very long number"

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


def _type_name(value: object) -> str:
    name = type(value).__name__
    if not isinstance(name, str):
        return "object"
    return name if len(name) <= _REPR_LENGTH else name[: _REPR_LENGTH - 1] + "…"


def _other(value: object, text: str | None = None) -> dict[str, str]:
    return {"other": _type_name(value), "repr": _short_repr(value) if text is None else text}


def encode(answer: object) -> JSON:
    """The answer as JSON data (see the module's docstring); never raises."""
    count = [0]
    try:
        return _encode(answer, 0, count)
    except _TooBig:
        return _other(answer, "an answer too large to read")
    except Exception:  # a student's object whose base type's own methods raise
        return _other(answer)


def _decimal_in_bounds(value: Decimal) -> bool:
    _sign, digits, exponent = Decimal.as_tuple(value)
    if len(digits) > MAX_DIGITS:
        return False
    return not isinstance(exponent, int) or -MAX_EXPONENT <= exponent <= MAX_EXPONENT


def _encode(value: object, depth: int, count: list[int]) -> JSON:
    count[0] += 1
    if count[0] > MAX_ITEMS or depth > MAX_DEPTH:
        raise _TooBig
    # Exact types first: a subclass could pretend to be something it is not.
    kind = type(value)
    if value is None or kind is bool:
        return value
    if isinstance(value, Unreadable):
        return {"other": value.type_name, "repr": value.text}
    if isinstance(value, Card):
        return {"Card": Card(int.__int__(value)).code} if 0 <= int.__int__(value) < 52 else None
    if isinstance(value, str):
        text = str.__str__(value)  # the characters, whatever a subclass says about itself
        if len(text) > MAX_TEXT:
            raise _TooBig
        return text
    if isinstance(value, int):
        number = int.__index__(value)
        return number if abs(number) < 10**MAX_DIGITS else _other(value, _LONG)
    if isinstance(value, float):
        return {"float": float.__repr__(value)}
    if isinstance(value, Decimal):
        if Decimal.is_snan(value):  # it raises when compared or hashed: no reader takes it
            return _other(value)
        if not _decimal_in_bounds(value):
            return _other(value, _LONG)
        return {"Decimal": Decimal.__str__(value)}
    if isinstance(value, Fraction):
        numerator = Fraction.numerator.__get__(value)
        denominator = Fraction.denominator.__get__(value)
        if max(abs(numerator), abs(denominator)) >= 10**MAX_DIGITS:
            return _other(value, _LONG)
        return {"Fraction": str(Fraction(numerator, denominator))}
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


# What encode writes for a number, and no more: decode checks the text before it builds a value.
_FRACTION = re.compile(rf"-?[0-9]{{1,{MAX_DIGITS}}}(/[0-9]{{1,{MAX_DIGITS}}})?")
_DECIMAL = re.compile(r"-?([0-9.]+(E[+-][0-9]{1,4})?|Infinity|NaN[0-9]*)")
_HEX = re.compile(r"([0-9a-f]{2})*")
_DECIMAL_TEXT, _FLOAT_TEXT = 2 * MAX_DIGITS + 20, 32


def decode(data: JSON) -> object:
    """The value :func:`encode` reported; :class:`BadReport` for anything else.

    Total and bounded: any data at all (nested, huge, of any type) gives a value or
    :class:`BadReport` in time proportional to the bounds, and only data :func:`encode` could
    have written gives a value (``encode(decode(data)) == data``).
    """
    try:
        value = _decode(data, 0, [0], hashable=False)
        same = encode(value) == data
    except BadReport:
        raise
    except Exception as error:  # a forged report: wrong shapes, unhashable items, bad numbers
        raise BadReport(f"not an answer: {_glimpse(data)} ({type(error).__name__})") from None
    if not same:
        raise BadReport(f"not an answer as encode writes it: {_glimpse(data)}")
    return value


def _glimpse(data: object) -> str:
    """Forged data, named without reading all of it (a repr could be huge, or raise)."""
    if isinstance(data, dict) and len(data) == 1:
        return "{" + repr(str(next(iter(data)))[:20]) + ": …}"
    return f"<{type(data).__name__}>"


def _refuse(data: object) -> BadReport:
    return BadReport(f"not an answer: {_glimpse(data)}")


def _decode(data: JSON, depth: int, count: list[int], hashable: bool) -> object:
    count[0] += 1
    if count[0] > MAX_ITEMS or depth > MAX_DEPTH:
        raise BadReport("not an answer: nested deeper or holding more than an answer can")
    if data is None or isinstance(data, bool):
        return data
    if isinstance(data, str):
        if len(data) > MAX_TEXT:
            raise _refuse(data)
        return str(data)
    if isinstance(data, int):
        if abs(data) >= 10**MAX_DIGITS:
            raise BadReport("not an answer: a whole number longer than encode writes")
        return int(data)
    if not isinstance(data, dict):
        raise _refuse(data)
    if len(data) == 2 and set(data) == {"other", "repr"}:
        kind, text = data["other"], data["repr"]
        if not isinstance(kind, str) or not isinstance(text, str):
            raise _refuse(data)
        if max(len(kind), len(text)) > _REPR_LENGTH:
            raise _refuse(data)
        return Unreadable(str(kind), str(text))
    if len(data) != 1:
        raise _refuse(data)
    ((tag, inner),) = data.items()
    if tag in ("list", "tuple", "set", "dict"):
        if not isinstance(inner, list) or len(inner) > MAX_ITEMS:
            raise _refuse(data)
        if tag == "dict":
            pairs = []
            for pair in inner:
                if not isinstance(pair, list) or len(pair) != 2:
                    raise _refuse(data)
                key = _decode(pair[0], depth + 1, count, hashable=True)
                pairs.append((key, _decode(pair[1], depth + 1, count, hashable=False)))
            return dict(pairs)
        items = [_decode(item, depth + 1, count, hashable or tag == "set") for item in inner]
        if tag == "list":
            return items
        if tag == "tuple":
            return tuple(items)
        return frozenset(items) if hashable else set(items)
    if not isinstance(inner, str) and tag != "Ellipsis":
        raise _refuse(data)
    if tag == "Card":
        if len(inner) != 2:
            raise _refuse(data)
        return Card(inner)
    if tag == "float":
        if len(inner) > _FLOAT_TEXT:
            raise _refuse(data)
        return float(inner)
    if tag == "Decimal":
        if len(inner) > _DECIMAL_TEXT or not _DECIMAL.fullmatch(inner):
            raise _refuse(data)
        number = Decimal(inner)
        if not _decimal_in_bounds(number):
            raise BadReport("not an answer: a Decimal longer than encode writes")
        return number
    if tag == "Fraction":
        if not _FRACTION.fullmatch(inner):
            raise _refuse(data)
        return Fraction(inner)
    if tag == "Ellipsis":
        if inner is not True:
            raise _refuse(data)
        return ...
    if tag == "bytes":
        if len(inner) > 2 * MAX_TEXT or not _HEX.fullmatch(inner):
            raise _refuse(data)
        return bytes.fromhex(inner)
    raise _refuse(data)


_TENTH = re.compile(r"-?[0-9]{1,16}\.[0-9]")


def exact_tenth(value: float) -> Fraction | None:
    """The exact tenth a binary float was written as, when its shortest form (its ``repr``) has
    at most one decimal: ``4.2`` → 21/5; a whole float is its whole number (``-3.0``, ``1e20``);
    else ``None`` (``4.25``, ``0.1 + 0.2``, ``nan``).

    A learner who writes ``answer = 4.2`` means the score 4.2, and ``repr`` gives back exactly
    what was typed for any float with few digits; a float with more decimals (or the noise of
    float arithmetic) is not read, since which exact number was meant cannot be told. The check
    in the kernel and the grade both read the answer through this one function, on the same
    decoded value.

    >>> exact_tenth(4.2), exact_tenth(-3.0), exact_tenth(4.25), exact_tenth(0.1 + 0.2)
    (Fraction(21, 5), Fraction(-3, 1), None, None)
    """
    if type(value) is not float or not math.isfinite(value):
        return None
    if value.is_integer():
        return Fraction(int(value))
    text = float.__repr__(value)
    return Fraction(text) if _TENTH.fullmatch(text) else None


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
