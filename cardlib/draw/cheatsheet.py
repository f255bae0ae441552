"""The one-page cheat-sheets, one per game and language, from the engine's own values.

:func:`pages` gives every page (``docs/cheatsheets/make_cheatsheets.py`` writes them into
``docs/cheatsheets/``). The basics of each game (players, who calls and leads first, the
trump, the length of a match, Judgement's rounds) are read from the game's facts in the
registry (:mod:`cardlib.games`); every rule sentence is the engine's explanation of a small
position, every number a call to the game's module, and every other sentence a catalog
message: nothing about the rules is typed here, so a sheet cannot drift from the game the
notebooks play, and each language's sheet is as translated as its catalog.
tests/test_cheatsheets.py checks that the committed pages are what this writes, and
tests/ui/test_cheatsheets_print.py that each prints on one A4 page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from cardlib import bridge, callbreak, callbridge, games, i18n, judgement
from cardlib.cards import parse_cards, sort_for_display
from cardlib.draw.svg import SUIT_COLOURS
from cardlib.facts import Game as Facts
from cardlib.game import explain_play
from cardlib.i18n import _, ngettext
from cardlib.tricks import PlayRules

#: English and every language with a catalog: each sheet's every sentence is a catalog message.
LANGUAGES = ("en", *i18n.CATALOGS)


def words() -> dict[str, str]:
    """The sheet's own headings and sentences, in the language now in use (the catalogs)."""
    return {
        "basics": _("The game"),
        "play": _("What you may play"),
        "play_note": _("The first step that fits your hand and the trick decides."),
        "situation": _("When"),
        "rule": _("The rule"),
        "example": _("Example"),
        "score": _("Scoring"),
        "calls": _("Calls"),
        "hook": _("The hook"),
        "auction": _("The auction"),
        "direction": _("Play goes"),
        "clockwise": _("clockwise (to the left)"),
        "anticlockwise": _("anticlockwise (to the right)"),
        "made": _("tricks taken →"),
        "no_hook": _("None: every call in the range is allowed, whatever the others called."),
        "generated": _("Generated from cardlib's engine; the rule book has every detail."),
        "lead": _("You lead"),
        "follow_beat": _("You hold the led suit and can beat the trick"),
        "follow_low": _("You hold the led suit but cannot beat it"),
        "follow_any": _("You hold the led suit"),
        "follow_trumped": _("You hold the led suit; the trick has been trumped"),
        "void_trump": _("You have none of the led suit"),
        "void_over": _("None of the led suit; a trump is already in the trick"),
        "void_under": _("None of the led suit; you cannot beat the trump in it"),
        "void_free": _("None of the led suit and no trump"),
        "hand": _("hand"),
        "trick": _("trick"),
        "may": _("may play"),
        "calls_so_far": _("Calls so far"),
        "tried": _("Tried"),
        "refused": _("Refused because"),
        "callbreak_note": _(
            "{short} when one trick short of a call of 4; only {over} for each trick over."
        ),
        "callbridge_note": _(
            "Bids of {low} or more score {bonus} with the bid or one trick more only."
        ),
        "judgement_note": _(
            "Only an exact bid scores; 0 to the cards in hand, which shrink each round."
        ),
        "bridge_note": _(
            "Declarer's side: below + above the line; one down gives the defenders the points."
        ),
    }


#: The ladder's positions, as triples of a situation, the cards held and the trick so far
#: (spades trump): each shows one step.
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

#: The auctions the Contract Bridge sheet shows, as (calls so far, call tried, dealer North):
#: each is refused by one rule of the auction, in the engine's own words.
AUCTION_REFUSALS = (
    ("1D", "1C"),
    ("1D P", "X"),
    ("1D X P", "X"),
    ("1D", "XX"),
    ("1D X P", "XX"),
)


@dataclass(frozen=True)
class Sheet:
    """What one sheet shows: the game's registry facts, its calls, scoring and hook."""

    slug: str
    calls: Callable[[], str]
    scoring: Callable[[dict[str, str]], tuple[list[str], list[list[str]], str]]
    hook: Callable[[dict[str, str]], tuple[str, str]]
    #: the trump of the ladder's example positions where the trump varies (spades)
    example_trump: str = "S"

    @property
    def facts(self) -> type[Facts]:
        """The game's facts, from the registry (cardlib.games)."""
        return games.lookup(self.slug)

    @property
    def rules(self) -> PlayRules:
        """The game's play rules for the sheet's examples (spades trump where trump varies)."""
        facts = self.facts
        return facts.rules(trump=self.example_trump) if facts.trump_varies else facts.rules()


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


def _no_hook(words: dict[str, str]) -> tuple[str, str]:
    return words["hook"], f"<p>{escape(words['no_hook'])}</p>"


def _judgement_hook(words: dict[str, str]) -> tuple[str, str]:
    return words["hook"], f"<p>{escape(judgement.explain_bids(5, [1, 2, 0], True).text)}</p>"


def _bridge_auction(words: dict[str, str]) -> tuple[str, str]:
    """Contract Bridge has no hook: its auction's rules, each as the engine refuses a call."""
    rows = []
    for calls, call in AUCTION_REFUSALS:
        error = bridge.Auction.from_calls("N", calls).why_illegal(call)
        if error is None:  # every example is a refusal: a change to the engine shows here
            raise AssertionError(f"{call} after {calls} is legal")
        rows.append(
            f"<tr><td>{escape(calls)}</td><td>{escape(call)}</td><td>{escape(str(error))}</td></tr>"
        )
    table = (
        f"<table><thead><tr><th>{escape(words['calls_so_far'])}</th>"
        f"<th>{escape(words['tried'])}</th><th>{escape(words['refused'])}</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
    ending = _("Three passes in a row after a bid end the auction: the last bid is the contract.")
    passed_out = _("All four passed: no contract. The next dealer deals again.")
    return words["auction"], f"{table}<p>{escape(ending)} {escape(passed_out)}</p>"


GAMES = (
    Sheet(
        "callbreak",
        lambda: "{}–{}".format(*games.lookup("callbreak").call_range()),
        _callbreak_scoring,
        _no_hook,
    ),
    Sheet(
        "callbridge",
        lambda: "{}–{}".format(*games.lookup("callbridge").call_range()),
        _callbridge_scoring,
        _no_hook,
    ),
    Sheet(
        "judgement",
        lambda: "{}–{}".format(*games.lookup("judgement").call_range()),
        _judgement_scoring,
        _judgement_hook,
    ),
    Sheet(
        "bridge",
        lambda: f"1♣–7NT ({len(bridge.BIDS)})",
        _bridge_scoring,
        _bridge_auction,
    ),
)


def _side_of_dealer(seat: int, dealer: int, players: int) -> str:
    """``"left"`` or ``"right"``: where ``seat`` sits from the dealer (seat s + 1 sits on seat
    s's left)."""
    if seat == (dealer + 1) % players:
        return "left"
    if seat == (dealer - 1) % players:
        return "right"
    raise AssertionError(f"seat {seat} is not beside the dealer {dealer}")


def _first_trick(facts: type[Facts], seed: int = 1, dealer: int = 0) -> tuple[int, int, Any]:
    """(first caller, first leader, the deal at the first card) of a deal of the game, the
    calls made by its own sensible bot: what the engine does, not what a sheet says."""
    deal = facts.new_deal(seed, dealer)
    caller, calling = deal.to_act, deal.phase
    bot = facts.bot("sensible")
    while deal.phase == calling:
        deal.call(bot.choose_call(deal))
    if deal.phase != "playing":  # a passed-out auction: another seed shows the play
        raise AssertionError(f"seed {seed} deals no play in {facts.key}")
    return caller, deal.to_act, deal


def basics(game: Sheet) -> list[str | list[str]]:
    """The facts a beginner needs first, each one sentence (a list: the lines of a list under
    the sentence before it), from the game's registry facts."""
    facts = game.facts
    players = facts.players
    lines: list[str | list[str]] = []
    if len(players) > 1:
        lines.append(
            _("{low} to {high} players, each scoring for themself.").format(
                low=players[0], high=players[-1]
            )
        )
    elif facts.counted_calls:
        lines.append(_("{players} players, each scoring for themself.").format(players=players[0]))
    else:
        lines.append(
            _("{players} players in two partnerships: partners sit opposite.").format(
                players=players[0]
            )
        )
    dealer = 0
    caller, leader, deal = _first_trick(facts, dealer=dealer)
    if facts.counted_calls:
        if leader != caller:  # every counted-call game of cardlib: the first caller leads
            raise AssertionError(f"{facts.key}: seat {caller} calls first, seat {leader} leads")
        left = _side_of_dealer(caller, dealer, 4) == "left"
        if facts.call_word == "bid":
            lines.append(
                _("The player on the dealer's left bids first and leads the first trick.")
                if left
                else _("The player on the dealer's right bids first and leads the first trick.")
            )
        else:
            lines.append(
                _("The player on the dealer's left calls first and leads the first trick.")
                if left
                else _("The player on the dealer's right calls first and leads the first trick.")
            )
    else:
        declarer = facts.declarer(deal)
        left = _side_of_dealer(caller, dealer, 4) == "left"
        if declarer is None or not left or leader != (declarer + 1) % 4:
            raise AssertionError("the auction starts on the dealer's left, declarer's left leads")
        lines.append(
            _(
                "The player on the dealer's left calls first. The player on declarer's left "
                "leads; then dummy's cards go face up, and declarer plays them."
            )
        )
    if not facts.trump_varies:
        if facts.rules().trump == "S":
            lines.append(_("Spades are always trump."))
    elif facts.deal_numbers(1):
        lines.append(_("The trump and the number of cards change every round:"))
        lines.append(rounds(game))
    else:
        lines.append(_("The auction names the trump suit, or no trump."))
    lines += blind_round(game)
    match = facts.new_match(seed=1)
    deals = facts.deals_to_play(match)
    values = facts.match_values()
    if deals is not None:
        lines.append(
            (
                _("A match is {deals} rounds; the highest total wins.")
                if facts.deal_word == "round"
                else _("A match is {deals} deals; the highest total wins.")
            ).format(deals=deals)
        )
    elif facts.counted_calls:
        lines.append(
            _(
                "A match is played to a target score agreed before it starts (the card table "
                "plays to {points}); the first to reach it wins, the higher total if several "
                "reach it at once."
            ).format(points=values["points"])
        )
    else:
        lines.append(
            _("The first side to {points} points below the line wins the game.").format(
                points=values["points"]
            )
        )
    return lines


def rounds(game: Sheet) -> list[str]:
    """Each round of a match whose rounds differ (Judgement): its cards, trump, blindness."""
    facts = game.facts
    lines = []
    for number in facts.deal_numbers(1):
        round_ = facts.new_deal(1, 0, number=number)
        symbol = bridge.STRAIN_SYMBOLS[round_.trump]
        text = (
            ngettext(
                "round {number}: {cards} card each, {symbol} trump, blind",
                "round {number}: {cards} cards each, {symbol} trump, blind",
                round_.cards,
            )
            if round_.blind
            else ngettext(
                "round {number}: {cards} card each, {symbol} trump",
                "round {number}: {cards} cards each, {symbol} trump",
                round_.cards,
            )
        )
        lines.append(text.format(number=number, cards=round_.cards, symbol=symbol))
    return lines


def blind_round(game: Sheet) -> list[str]:
    """What a blind round is, where the game has one (Judgement's last)."""
    facts = game.facts
    if any(facts.new_deal(1, 0, number=n).blind for n in facts.deal_numbers(1)):
        return [
            _(
                "In the blind round nobody sees their card, its owner included, until every "
                "bid is in; then all the cards turn face up and the one trick is scored."
            )
        ]
    return []


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
ul { margin: 3px 0; padding-left: 18px; }
ul.cols { columns: 2; font-size: 9.5pt; }
li.list { list-style: none; }
/* on paper a little tighter: the Nepali and Hindi sheets, with the basics, still fit one page */
@media print { body { font-size: 9.5pt; line-height: 1.25; } h2 { margin: 7px 0 2px; } }
"""


def ladder_rows(game: Sheet, words: dict[str, str]) -> list[tuple[str, str, str, str]]:
    """One row per step of the game's ladder that a position shows: situation, rule, example."""
    rows, seen = [], set()
    rules = game.rules
    for situation, hand, trick in POSITIONS:
        explained = explain_play(hand, trick, rules)
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
        if explained.rule == "follow-any" and not rules.must_beat:
            label = "follow_any"
        rows.append((words[label], explained.text, explained.rule, example))
    return rows


def sheet(game: Sheet, language: str) -> str:
    """The whole page for ``game`` in ``language`` (``"en"`` or a catalog's code), as HTML:
    every sentence from the catalogs, every fact from the engine."""
    with i18n.language(language):
        sheet_words = words()
        name = _(game.facts.name)
        title = game.facts.title
        ladder = ladder_rows(game, sheet_words)
        head, rows, note = game.scoring(sheet_words)
        hook_title, hook_html = game.hook(sheet_words)
        calls = game.calls()
        facts = basics(game)
    direction = sheet_words["clockwise" if game.facts.direction() == 1 else "anticlockwise"]
    ladder_html = "".join(
        f"<tr><td>{escape(when)}</td><td>{escape(text)}</td><td>{example}</td></tr>"
        for when, text, _rule, example in ladder
    )
    score_head = "".join(f"<th>{escape(h)}</th>" for h in head)
    score_rows = "".join(
        "<tr>" + "".join(f"<td class='n'>{escape(c)}</td>" for c in row) + "</tr>" for row in rows
    )
    basics_html = "".join(
        f"<li>{escape(line)}</li>"
        if isinstance(line, str)
        else "<li class='list'><ul class='cols'>"
        + "".join(f"<li>{escape(item)}</li>" for item in line)
        + "</ul></li>"
        for line in facts
    )
    return f"""<!DOCTYPE html>
<html lang="{language}">
<head>
<meta charset="utf-8">
<title>{escape(name)}</title>
<style>{CSS}</style>
</head>
<body>
<h1>{escape(title)}</h1>
<h2>{escape(sheet_words["basics"])}</h2>
<ul>{basics_html}</ul>
<p>{escape(sheet_words["direction"])}: {escape(direction)}. {escape(sheet_words["calls"])}:
<b>{escape(calls)}</b></p>
<h2>{escape(sheet_words["play"])}</h2>
<p class="small">{escape(sheet_words["play_note"])}</p>
<table><thead><tr><th>{escape(sheet_words["situation"])}</th><th>{escape(sheet_words["rule"])}</th>
<th>{escape(sheet_words["example"])}</th></tr></thead><tbody>{ladder_html}</tbody></table>
<h2>{escape(sheet_words["score"])}</h2>
<p class="small">{escape(sheet_words["made"])}</p>
<table><thead><tr>{score_head}</tr></thead><tbody>{score_rows}</tbody></table>
<p>{escape(note)}</p>
<h2>{escape(hook_title)}</h2>
{hook_html}
<p class="small">{escape(sheet_words["generated"])}</p>
</body>
</html>
"""


def pages() -> dict[str, str]:
    """File name → page, for every game and language."""
    return {f"{g.slug}.{lang}.html": sheet(g, lang) for g in GAMES for lang in LANGUAGES}
