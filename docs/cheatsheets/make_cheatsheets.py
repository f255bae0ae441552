"""Write the one-page cheat-sheets, one per game and language, from the engine's own values.

    python docs/cheatsheets/make_cheatsheets.py          # writes docs/cheatsheets/*.html

Every rule sentence is the engine's explanation of a small position (in the page's language,
through the message catalogs), every number a call to the game's module: nothing about the
rules is typed here, so a sheet cannot drift from the game the notebooks play.
tests/test_cheatsheets.py checks that the committed pages are what this script writes, and
tests/ui/test_cheatsheets_print.py that each prints on one A4 page.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path

from cardlib import bridge, callbreak, callbridge, i18n, judgement
from cardlib.cards import parse_cards, sort_for_display
from cardlib.draw.svg import SUIT_COLOURS
from cardlib.game import explain_play
from cardlib.tricks import PlayRules

HERE = Path(__file__).resolve().parent
LANGUAGES = ("en", "hi")

#: The sheet's own headings (the rule sentences and game names come from the catalogs).
WORDS = {
    "en": {
        "play": "What you may play",
        "play_note": "The first step that fits your hand and the trick decides.",
        "situation": "When",
        "rule": "The rule",
        "example": "Example",
        "score": "Scoring",
        "calls": "Calls",
        "hook": "The hook",
        "direction": "Play goes",
        "clockwise": "clockwise (to the left)",
        "anticlockwise": "anticlockwise (to the right)",
        "made": "tricks taken →",
        "no_hook": "None: every call in the range is allowed, whatever the others called.",
        "generated": "Generated from cardlib's engine; the rule book has every detail.",
        "lead": "You lead",
        "follow_beat": "You hold the led suit and can beat the trick",
        "follow_low": "You hold the led suit but cannot beat it",
        "follow_any": "You hold the led suit",
        "follow_trumped": "You hold the led suit; the trick has been trumped",
        "void_trump": "You have none of the led suit",
        "void_over": "None of the led suit; a trump is already in the trick",
        "void_under": "None of the led suit; you cannot beat the trump in it",
        "void_free": "None of the led suit and no trump",
        "hand": "hand",
        "trick": "trick",
        "may": "may play",
        "callbreak_note": (
            "{short} when one trick short of a call of 4; only {over} for each trick over."
        ),
        "callbridge_note": (
            "Bids of {low} or more score {bonus} with the bid or one trick more only."
        ),
        "judgement_note": (
            "Only an exact bid scores; 0 to the cards in hand, which shrink each round."
        ),
        "bridge_note": (
            "Declarer's side: below + above the line; one down gives the defenders the points."
        ),
    },
    "hi": {
        "play": "आप क्या डाल सकते हैं",
        "play_note": "जो पहली सीढ़ी आपके हाथ और चाल पर लागू हो, वही तय करती है।",
        "situation": "कब",
        "rule": "नियम",
        "example": "उदाहरण",
        "score": "स्कोर",
        "calls": "कॉल / बोली",
        "hook": "हुक",
        "direction": "खेल की दिशा",
        "clockwise": "घड़ी की दिशा में (बाएँ)",
        "anticlockwise": "घड़ी की उल्टी दिशा में (दाएँ)",
        "made": "जीते हाथ →",
        "no_hook": "कोई नहीं: दायरे की हर कॉल चल सकती है, दूसरों ने कुछ भी कहा हो।",
        "generated": "cardlib के इंजन से बना; हर बारीकी नियम-पुस्तिका में है।",
        "lead": "चाल आप शुरू करते हैं",
        "follow_beat": "चाल वाला सूट आपके पास है और आप चाल से बड़ा डाल सकते हैं",
        "follow_low": "चाल वाला सूट है, पर उससे बड़ा नहीं",
        "follow_any": "चाल वाला सूट आपके पास है",
        "follow_trumped": "चाल वाला सूट है; चाल में तुरुप लग चुका है",
        "void_trump": "चाल वाला सूट आपके पास नहीं है",
        "void_over": "चाल वाला सूट नहीं; चाल में तुरुप पहले से है",
        "void_under": "चाल वाला सूट नहीं; चाल के तुरुप से बड़ा तुरुप नहीं",
        "void_free": "चाल वाला सूट नहीं, और तुरुप भी नहीं",
        "hand": "हाथ",
        "trick": "चाल",
        "may": "डाल सकते हैं",
        "callbreak_note": "4 की कॉल से एक हाथ कम: {short}; हर फ़ालतू हाथ सिर्फ़ {over}।",
        "callbridge_note": "{low} या उससे बड़ी बोली पर ठीक बोली या एक हाथ ज़्यादा ही {bonus} देता है।",
        "judgement_note": "सिर्फ़ ठीक-ठीक बोली पर पॉइंट; 0 से हाथ के पत्तों तक, जो हर राउंड घटते हैं।",
        "bridge_note": "डिक्लेयरर की टीम: लाइन के नीचे + ऊपर; एक कम हो तो पॉइंट बचाने वालों को।",
    },
}

#: The ladder's positions, as (situation, hand, trick), spades trump: each shows one step.
POSITIONS = (
    ("lead", "AS KH 2D", ""),
    ("follow_beat", "AH 7H 2S", "KH"),
    ("follow_low", "7H 3H 2S", "KH"),
    ("follow_trumped", "AH 7H 5D", "KH 2S"),
    ("void_trump", "QD 4S 9S", "KH"),
    ("void_over", "7S QS 3D", "KH 9S"),
    ("void_under", "2S 3S 7D", "KH 9S"),
    ("void_free", "7D 3C", "KH"),
)


#: The situation that names a rule wherever it shows ("free" and "follow-any" vary by game).
RULE_SITUATIONS = {
    "lead": "lead",
    "must-beat": "follow_beat",
    "follow-trumped": "follow_trumped",
    "must-trump": "void_trump",
    "must-overtrump": "void_over",
    "must-undertrump": "void_under",
}


@dataclass(frozen=True)
class Game:
    """What one sheet shows: the game's name, rules, direction, calls, scoring and hook."""

    slug: str
    name: Callable[[], str]
    rules: PlayRules
    direction: int
    calls: Callable[[], str]
    scoring: Callable[[dict[str, str]], tuple[list[str], list[list[str]], str]]
    hook: Callable[[dict[str, str]], str]


def _cards(text: str) -> str:
    cards = parse_cards(text) if text else []
    return " ".join(
        f'<span style="color:{SUIT_COLOURS[c.suit]}" aria-label="{escape(c.name)}">{c}</span>'
        for c in cards
    )


def _points(value) -> str:
    text = str(value)
    return text.replace("-", "−")


def _calls_table(score, calls: Sequence[int], tricks: range) -> tuple[list[str], list[list[str]]]:
    head = [""] + [str(t) for t in tricks]
    rows = [[str(c)] + [_points(score(c, t)) for t in tricks] for c in calls]
    return head, rows


def _callbreak_scoring(words: dict[str, str]):
    head, rows = _calls_table(callbreak.score, (2, 4, 6), range(1, 9))
    short, over = callbreak.score(4, 3), callbreak.score(4, 5) - callbreak.score(4, 4)
    return head, rows, words["callbreak_note"].format(short=_points(short), over=_points(over))


def _callbridge_scoring(words: dict[str, str]):
    head, rows = _calls_table(callbridge.score, (4, 7, 8, 10), range(3, 13))
    note = words["callbridge_note"]
    return head, rows, note.format(low=callbridge.BONUS_MIN, bonus=_points(callbridge.score(8, 8)))


def _judgement_scoring(words: dict[str, str]):
    head, rows = _calls_table(judgement.score, (0, 1, 3), range(0, 6))
    return head, rows, words["judgement_note"]


def _bridge_scoring(words: dict[str, str]):
    contracts = ("2H", "4S", "3NT", "6S")
    head = ["", "−1", "=", "+1"]
    rows = []
    for contract in contracts:
        need = 6 + int(contract[0])
        cells = []
        for tricks in (need - 1, need, need + 1):
            if tricks > 13:
                cells.append("—")
                continue
            s = bridge.score(contract, tricks)
            if s.below or s.above_declarer:
                cells.append(f"{s.below} + {s.above_declarer}")
            else:
                cells.append(f"−{s.above_defenders}")
        rows.append([contract.replace("H", "♥").replace("S", "♠"), *cells])
    return head, rows, words["bridge_note"]


def _judgement_hook(words: dict[str, str]) -> str:
    return judgement.explain_bids(5, [1, 2, 0], is_dealer=True).text


def _judgement_direction() -> int:
    round_ = judgement.Round(players=4, number=1, seed=1, dealer=0)
    return 1 if round_.to_act == (round_.dealer + 1) % 4 else -1


GAMES = (
    Game(
        "callbreak",
        lambda: i18n._("Call Break"),
        callbreak.play_rules(),
        callbreak.Deal.direction,
        lambda: "{}–{}".format(*_range(callbreak.Deal(seed=1, dealer=0).legal_calls())),
        _callbreak_scoring,
        lambda words: words["no_hook"],
    ),
    Game(
        "callbridge",
        lambda: i18n._("Call Bridge"),
        callbridge.play_rules(),
        callbridge.Deal.direction,
        lambda: "{}–{}".format(*_range(callbridge.Deal(seed=1, dealer=0).legal_calls())),
        _callbridge_scoring,
        lambda words: words["no_hook"],
    ),
    Game(
        "judgement",
        lambda: i18n._("Judgement"),
        judgement.play_rules("S"),
        _judgement_direction(),
        lambda: f"0–{judgement.MAX_CARDS}",
        _judgement_scoring,
        _judgement_hook,
    ),
    Game(
        "bridge",
        lambda: i18n._("Contract Bridge"),
        bridge.play_rules("S"),
        bridge.Deal.direction,
        lambda: f"1♣–7NT ({len(bridge.BIDS)})",
        _bridge_scoring,
        lambda words: words["no_hook"],
    ),
)


def _range(calls) -> tuple[int, int]:
    calls = list(calls)
    return calls[0], calls[-1]


CSS = """
@page { size: A4; margin: 12mm; }
body { font-family: system-ui, "Noto Sans", "Noto Sans Devanagari", sans-serif; font-size: 10.5pt;
  color: #1a1a1a; margin: 0 auto; max-width: 186mm; line-height: 1.3; }
h1 { font-size: 17pt; margin: 0 0 4px; }
h2 { font-size: 12pt; margin: 10px 0 3px; border-bottom: 2px solid #0b3d91; }
p { margin: 3px 0; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #595959; padding: 2px 5px; text-align: left; vertical-align: top; }
th { background: #eef2f8; }
td.n { text-align: right; white-space: nowrap; }
.small { font-size: 8.5pt; color: #444; }
"""


def ladder_rows(game: Game, words: dict[str, str]) -> list[tuple[str, str, str, str]]:
    """One row per step of the game's ladder that a position shows: situation, rule, example."""
    rows, seen = [], set()
    for situation, hand, trick in POSITIONS:
        explained = explain_play(hand, trick, game.rules)
        if explained.rule in seen:
            continue
        seen.add(explained.rule)
        legal = " ".join(str(c) for c in sort_for_display(explained.legal))
        example = (
            f"{words['hand']} {_cards(hand)}"
            + (f"; {words['trick']} {_cards(trick)}" if trick else "")
            + f" → {words['may']} {_cards(legal)}"
        )
        # Name the step by its rule where the rule has one meaning; a following card that
        # need not beat anything is "you hold the led suit" in a game without must-beat.
        label = RULE_SITUATIONS.get(explained.rule, situation)
        if explained.rule == "follow-any" and not game.rules.must_beat:
            label = "follow_any"
        rows.append((words[label], explained.text, explained.rule, example))
    return rows


def sheet(game: Game, language: str) -> str:
    """The whole page for ``game`` in ``language`` (``"en"`` or ``"hi"``), as HTML."""
    words = WORDS[language]
    with i18n.language(language):
        name = game.name()
        ladder = ladder_rows(game, words)
        head, rows, note = game.scoring(words)
        hook = game.hook(words)
        calls = game.calls()
    direction = words["clockwise" if game.direction == 1 else "anticlockwise"]
    ladder_html = "".join(
        f"<tr><td>{escape(when)}</td><td>{escape(text)}</td><td>{example}</td></tr>"
        for when, text, _rule, example in ladder
    )
    score_head = "".join(f"<th>{escape(h)}</th>" for h in head)
    score_rows = "".join(
        "<tr>" + "".join(f"<td class='n'>{escape(c)}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"""<!DOCTYPE html>
<html lang="{language}">
<head>
<meta charset="utf-8">
<title>{escape(name)}</title>
<style>{CSS}</style>
</head>
<body>
<h1>{escape(name)}</h1>
<p>{escape(words["direction"])}: {escape(direction)}. {escape(words["calls"])}:
<b>{escape(calls)}</b></p>
<h2>{escape(words["play"])}</h2>
<p class="small">{escape(words["play_note"])}</p>
<table><thead><tr><th>{escape(words["situation"])}</th><th>{escape(words["rule"])}</th>
<th>{escape(words["example"])}</th></tr></thead><tbody>{ladder_html}</tbody></table>
<h2>{escape(words["score"])}</h2>
<p class="small">{escape(words["made"])}</p>
<table><thead><tr>{score_head}</tr></thead><tbody>{score_rows}</tbody></table>
<p>{escape(note)}</p>
<h2>{escape(words["hook"])}</h2>
<p>{escape(hook)}</p>
<p class="small">{escape(words["generated"])}</p>
</body>
</html>
"""


def pages() -> dict[str, str]:
    """File name → page, for every game and language."""
    return {f"{g.slug}.{lang}.html": sheet(g, lang) for g in GAMES for lang in LANGUAGES}


def main(argv: list[str] | None = None) -> int:
    """Write every page into this folder."""
    for name, page in pages().items():
        (HERE / name).write_text(page, encoding="utf-8")
        print(f"wrote docs/cheatsheets/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
