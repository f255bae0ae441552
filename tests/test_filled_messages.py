"""Every translated message, filled with real values, reads as a sentence.

A placeholder is filled after translation, so a translation can be right word by word and
still build a bad sentence once filled: "दौर बोली के दौर में है" (the round is in the
round of bidding), "है है", "poora number honi chahiye". Here every message of every
shipped language is filled with the values the program puts there (the suit and phase
words of that language, cards, seats, numbers, for plurals the number of each form) and
the result is checked against the bad patterns translators have met.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterator

import pytest
from babel.messages.pofile import read_po

from cardlib import i18n
from cardlib.cards import suit_name
from cardlib.game import phase_name
from cardlib.i18n import _, pgettext

SHIPPED = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT]
PHASES = ("calling", "bidding", "playing", "over", "round-over", "deal-over")

#: Patterns no filled sentence may contain, in every language and in each one.
BAD_EVERYWHERE = {
    # PBN's comment, "{…}", is shown as written: its message is never formatted
    "a placeholder left unfilled": re.compile(r"\{(?!…\})|(?<!\{…)\}"),
    "two spaces": re.compile(r"\S  +\S"),
    "a space before a full stop or comma": re.compile(r"\s[।,;.](?!\.)"),
}
BAD = {
    "hi": {
        "the round in a round ('राउंड बोली के दौर में है')": re.compile(r"(दौर|राउंड).*के दौर में"),
        "a doubled verb ('है है')": re.compile(r"(हैं?|था|थी) (हैं?|था|थी)[\s।]"),
        "'got' as a bare मिला": re.compile(r"[,;] मिल[ाे] \S"),
        "two postpositions in a row": re.compile(r"\s(का|की|के|को|से|में) (?!से\s)(का|की|के|को|से|में)\s"),
    },
    "hi-Latn": {
        "number is masculine": re.compile(r"\bnumber (honi|hoti|chahiye thi)\b"),
        "a doubled verb ('hai hai')": re.compile(r"\b(hai|hain|tha|thi) (hai|hain|tha|thi)\b"),
        "'lead hue' for a suit led": re.compile(r"\blead hue\b"),
        "the round in a round": re.compile(r"\b(daur|round)\b.*\bke daur mein\b"),
        "two postpositions in a row": re.compile(
            r"\b(ka|ki|ke|ko|se|mein) (?!se\b)(ka|ki|ke|ko|se|mein)\b"
        ),
    },
    "ne": {
        "a doubled verb ('छ छ')": re.compile(r"(छ|छन्|हो|थियो) (छ|छन्|हो|थियो)[\s।]"),
        "two postpositions in a row": re.compile(r"\s(को|का|की|ले|मा|बाट) (को|का|की|ले|मा|बाट)\s"),
    },
}


def values(count: int, phase: str) -> dict[str, object]:
    """What the program puts in each placeholder, in the current language."""
    suit, trump = suit_name("H"), suit_name("S")
    sentence = _("Both games allow the same cards here.")
    return {
        "above": 50,
        "against": "+30",
        "declaring": "North–South",
        "declarer_lost": count,
        "defence_lost": count,
        "declarer_tricks": count,
        "defence_tricks": count,
        "install": "pip install endplay",
        "made": _("made exactly"),
        "par": "4♠ by South +1",
        "par_score": "+450",
        "verdict": _("the best-rated lead"),
        "below": 60,
        "defenders": 0,
        "points": "+3.1",
        "score": "3.4",
        "accepted": "'en' (English), 'hi' (हिन्दी)",
        "action": "next_deal",
        "code": "xx",
        "codepoint": 0x212A,
        "char": "K",
        "decisions": 3,
        "error": "NameError",
        "estimate": "2.80 ± 0.10",
        "fell_back": 3,
        "most": 3,
        "least": 1,
        "length": 4,
        "file": "cardlib-progress.json",
        "problem": "JSONDecodeError",
        "aside": "cardlib-progress.json.unreadable-1",
        "entries": "matches[3].won must be boolean",
        "example": "%env CARDLIB_PROGRESS=~/cardlib-progress.json",
        "kinds": "int, Decimal",
        "what": "lesson",
        "solved": count,
        "played": count,
        "hands": count,
        "boldness": "0.5",
        "lesson": "01",
        "yours": "3.1",
        "levels": "beginner, sensible, strong",
        "allowed": "0, 1, 3",
        "answer": "must-beat",
        "best": "K♥",
        "best_mean": "3.2",
        "bid": count,
        "bids": "2, 1, 0",
        "call": count,
        "calls": "3, 4",
        "cap": 8,
        "card": "Q♥",
        "cards": "K♥",
        "choice": "K♥",
        "choices": "K♥ A♥",
        "chosen": 4,
        "contract": "4♠",
        "count": count,
        "done": count,
        # the lessons' modules and the review's plain words (issue 37)
        "about": _("about half a point"),
        "average": "1.3",
        "best_choice": "K♥",
        "best_stderr": "0.05",
        "bonus": 13,
        "chance": "64%",
        "contracts": count,
        "drop": "58%",
        "earlier": "1, 1",
        "expected": "0.1",
        "finesse": "50%",
        "fit": 9,
        "fraction": "8/11",
        "gained": count,
        "hours": "1.5",
        "items": "A♠, K♥",
        "label": "East (3)",
        "later": 1,
        "limit": 13,
        "lines": "A♠: 1",
        "listing": "3-2, 4-1",
        "lost": count,
        "middle": "2",
        "missing": 5,
        "next": 10,
        "own": 26,
        "possible": count,
        "refused": 3,
        "root": 2,
        "seeds": "1..40",
        "short": "-4.0",
        "split": "3-2",
        "start": "2",
        "threshold": 4,
        "times": 4,
        "took": count,
        "track": _("Call Break"),
        "unclaimed": "1",
        "uses": "import cardlib",
        "counts": "4",
        "credit": "2/3",
        "dealer": "South",
        "deals": 5,
        "decision": 3,
        "declarer": "North",
        "down": count,
        "dummy": "South",
        "extra": count,
        "forbidden": 2,
        "forms": "QH, 10H, Q♥",
        "game": _("Call Break"),
        "games": "'callbreak', 'judgement'",
        "high": 13,
        "hint": 4,
        "ids": "must-beat, lead",
        "in_play": 28,
        "last": "1♥",
        "leader": "West",
        "led": suit,
        "left": count,
        "legal": "3♥ 5♥",
        "level": _("easy"),
        "loss": "0.4",
        "low": 1,
        "margin": "0.3",
        "mean": "2.8",
        "message": sentence,
        "model": pgettext("model of calling", "sensible"),
        "module": "cardlib.bridge.double_dummy",
        "more": count + 1,
        "name": _("Call Break"),
        "names": "South",
        "needed": 10,
        "ns": 40,
        "ew": 0,
        # PBN's reader and writer (cardlib.bridge.pbn)
        "board": 2,
        "deal": "4S",
        "given": "3NT",
        "hand": "AKQ.JT9.876",
        "house": "CardlibDealer",
        "kind": "int",
        "line": '[Event "Club night"',
        "rank": "X",
        "tag": "Deal",
        "tags": "Dealer, CardlibDealer, Vulnerable, Deal, Declarer, Contract, Result, Auction, "
        "Play, Note",
        "…": "{…}",
        "number": count,
        "others": "3♥ +1.2",
        "out": 24,
        "outcome": sentence,
        "over": count,
        "phase": phase_name(phase),
        "place": "2nd",
        "player": "CountsRanks()",
        "players": count + 2,
        "plays": "Q♥ K♥",
        "positions": 3,
        "reason": sentence,
        "result": _("made"),
        "right": count,
        "rounds": 8,
        "rule": "must-beat",
        "samples": 200,
        "scores": "3.1, -4",
        "seat": "2",
        "seats": "South",
        "second": "A♥",
        "options": "Variant(min_call=2)",
        "other": "K♠",
        "seed": 7,
        "side": "North–South",
        "speed": "warp",
        "speeds": "'instant', 'fast'",
        "state": _(" doubled"),
        "stderr": "0.1",
        "step": count,
        "strain": "♠",
        "subject": _("the cards you may play"),
        "where": "below",
        "seconds": 60,
        "rules": "PlayRules()",
        "direction": 2,
        "cell": "setup",
        "b": 2,
        "a": 3,
        "values": "[1, 2]",
        "totals": "(3, 4, 5, 1)",
        "suit": suit,
        "suits": trump,
        "suits_lower": trump,
        "symbol": "♥",
        "taken": count,
        "target": 100,
        "text": sentence,
        "token": "QX",
        "top": "9♠",
        "total": count + 3,
        "trick": count,
        "tricks": count,
        "tolerance": 1,
        "tried": count + 1,
        "trump": trump,
        "trumps": trump,
        "turn": "1",
        "value": 52,
        "why": sentence,
        "won": count,
        "you": "South",
        # the exercises' feedback and the refusals a learner meets (issue 38)
        "attempt": "call(3)",
        "capped": 8,
        "deck": 52,
        "entry": 1,
        "field": "callbreak/fast",
        "fields": "game dealer hands calls play @seat",
        "first": "K♥",
        "header": "callbreak/speed=2",
        "held": 13,
        "higher": "K♣",
        "key": "seed-follow",
        "keys": "['lead', 'seed-follow']",
        "letter": "'S'",
        "lower": "9♣",
        "mode": pgettext("exercise mode", "homework"),
        "moves": count,
        "new": count + 1,
        "numbers": "9, 10",
        "option": "speed=2",
        "part": _("below the line"),
        "parts": _("below the line"),
        "position": "'AS KS'",
        "record": "[1, 2]",
        "sizes": "2, 1, 2, 2",
        "standard": 13,
        "sums": "(3.1) + (-4.0) = -0.9",
        "table": 4,
        "terms": "1×(-3.0) + 3×(3.0)",
        "viewer": 0,
        "wanted": count + 1,
        "who": _("declarer"),
        "word": "fast",
    }


def catalog(code: str):
    with i18n.catalog_file(code, ".po").open("rb") as source:
        return read_po(source)


def filled(code: str) -> Iterator[tuple[str, str]]:
    """``(msgid, sentence)`` for every form of every message, filled in every phase."""
    forms: list[tuple[str, str, int]] = []
    for message in catalog(code):
        if not message.id:
            continue
        if message.pluralizable:
            forms += [(message.id[0], message.string[0], 1), (message.id[1], message.string[1], 2)]
        else:
            forms.append((message.id, message.string, 2))
    with i18n.language(code):
        for msgid, translation, count in forms:
            names = {name for _, name, _, _ in string.Formatter().parse(translation) if name}
            for phase in PHASES if "phase" in names else PHASES[:1]:
                yield msgid, translation.format(**values(count, phase))


def bad_sentences(code: str, sentences: Callable[[str], Iterator[tuple[str, str]]]) -> list:
    patterns = BAD_EVERYWHERE | BAD.get(code, {})
    return [
        (what, sentence, msgid)
        for msgid, sentence in sentences(code)
        for what, pattern in patterns.items()
        if pattern.search(sentence.strip())
    ]


@pytest.mark.parametrize("code", SHIPPED)
def test_every_filled_message_is_free_of_the_known_bad_patterns(code):
    assert bad_sentences(code, filled) == []


def test_the_patterns_catch_the_sentences_they_were_written_for():
    """Not vacuous: the lines that were wrong before fail the check."""

    def old(lines):
        return lambda code: iter([("", line) for line in lines])

    assert bad_sentences("hi", old(["अभी बोली नहीं: दौर बोली के दौर में है"]))
    assert bad_sentences("hi", old(["9 नहीं चल सकता, मिला 9"]))
    assert bad_sentences("hi-Latn", old(["call tricks ka poora number honi chahiye, mila 9"]))
    assert bad_sentences("hi-Latn", old(["Paan lead hue aur sabse bada Q♥ hai"]))
    assert bad_sentences("hi", old(["राउंड {number}"]))
    assert bad_sentences("hi", old(["{…} वाली टिप्पणी {text"]))
    assert not bad_sentences("hi", old(["{…} वाली टिप्पणी बंद नहीं हुई"]))
    assert not bad_sentences("hi", old(["अभी बोली नहीं: खेल चल रहा है"]))
