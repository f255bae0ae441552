"""Lesson 00, Start here: the tracks through the lessons, and the four games side by side.

:data:`TRACKS` is the order in which to read the lessons: a Call Break track from the top,
then one track for each other game. :func:`tracks_table` shows it with a time for each lesson,
worked out by :func:`minutes` from what the learner reads in that notebook (its prose and its
visible code, not its collapsed cells), so the times follow the lessons as they change.
:func:`comparison` reads the four games' differences from the engine, so the table
:func:`comparison_table` draws cannot drift from the rules the lessons play by.

>>> on_tracks()[0], on_tracks()[-1]
('01-cards-and-dealing', '41-the-bridge-coach')
>>> comparison()["direction"]
('clockwise', 'anticlockwise', 'clockwise', 'clockwise')
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import ceil
from pathlib import Path

from cardlib import bridge, callbreak, callbridge, i18n, judgement
from cardlib.cards import SUIT_SYMBOLS
from cardlib.draw.svg import Html
from cardlib.draw.tables import places, table_html
from cardlib.errors import CardlibError
from cardlib.i18n import N_, _

NOTEBOOK = "00-start-here"

#: The tracks, in order: (track, ((notebook, what you do there), ...)). Every lesson notebook
#: but this one is on exactly one track (tests/test_lessons_start_here.py holds it so).
TRACKS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    (
        N_("Call Break"),
        (
            ("01-cards-and-dealing", N_("the deck, the deal, the seats")),
            ("02-spades-are-trump", N_("who wins a trick")),
            ("03-what-may-i-play", N_("the ladder of what you may play")),
            ("04-calling-and-scoring", N_("the score and the best call")),
            ("05-a-worked-deal", N_("one deal, card by card")),
            ("06-play-a-match", N_("play a match; the coach reviews it")),
            ("08-puzzles", N_("puzzles: what may you play, what should you play")),
            ("09-call-break-strategy", N_("playing well; the calling drill")),
            ("40-the-coach", N_("the coach: the best card and why")),
            ("07-variations", N_("the house rules, when you meet them")),
        ),
    ),
    (
        N_("then Judgement"),
        (
            ("10-judgement", N_("exact bids, a rotating trump, the hook")),
            ("11-judgement-strategy", N_("playing Judgement well")),
        ),
    ),
    (
        N_("then Call Bridge"),
        (
            ("20-call-bridge", N_("Call Break's ancestor")),
            ("21-call-bridge-strategy", N_("bonus bids and the two-trick window")),
        ),
    ),
    (
        N_("then Contract Bridge"),
        (
            ("30-bridge-auction", N_("partnerships and the auction")),
            ("31-bridge-play-and-score", N_("dummy play and the score sheet")),
            ("32-bridge-strategy", N_("playing Contract Bridge well")),
            ("41-the-bridge-coach", N_("the Bridge coach: a played deal reviewed double dummy")),
        ),
    ),
)

#: How a lesson's time is estimated (00's prose states these figures; a test pins them).
WORDS_PER_MINUTE = 150
CODE_LINES_PER_MINUTE = 10
MINUTES_PER_CODE_CELL = Fraction(1, 4)  # to run it and look at what it shows
QUICK_CHECK_MINUTES = 5


def on_tracks() -> list[str]:
    """Every notebook on a track, in track order (the Call Break track first)."""
    return [name for _track, lessons in TRACKS for name, _what in lessons]


@dataclass(frozen=True)
class Reading:
    """What a learner reads in a lesson: its prose ``words``, the non-blank lines and the
    number of its visible code cells (collapsed cells are not read), and whether it ends in a
    quick check."""

    words: int
    code_lines: int
    code_cells: int
    quick_check: bool

    @property
    def minutes(self) -> Fraction:
        """The time to read it all, exactly: words, code lines and cells at the module's rates,
        and :data:`QUICK_CHECK_MINUTES` for a quick check."""
        return (
            Fraction(self.words, WORDS_PER_MINUTE)
            + Fraction(self.code_lines, CODE_LINES_PER_MINUTE)
            + self.code_cells * MINUTES_PER_CODE_CELL
            + (QUICK_CHECK_MINUTES if self.quick_check else 0)
        )


def reading(path: Path | str) -> Reading:
    """What a learner reads in the notebook at ``path`` (see :class:`Reading`)."""
    if not isinstance(path, Path | str):
        raise CardlibError(
            _("{what} must be one of {choices}, got {value!r}").format(
                what="path", choices="Path, str", value=path
            ),
            "lesson",
        )
    cells = json.loads(Path(path).read_text(encoding="utf-8"))["cells"]
    words = code_lines = code_cells = 0
    quick_check = False
    for cell in cells:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            words += len(source.split())
        elif cell["cell_type"] == "code":
            quick_check = quick_check or "QuickCheck(" in source or "quick_check(" in source
            if cell.get("metadata", {}).get("jupyter", {}).get("source_hidden", False):
                continue
            lines = [line for line in source.splitlines() if line.strip()]
            if lines:
                code_cells += 1
                code_lines += len(lines)
    return Reading(words, code_lines, code_cells, quick_check)


def minutes(path: Path | str) -> int:
    """A lesson's time in minutes: :attr:`Reading.minutes` rounded up to the next 5."""
    return 5 * ceil(reading(path).minutes / 5)


def _english_folder(folder: Path) -> Path:
    """The folder of the English lessons, from the folder a lesson runs in (a translated
    lesson runs in ``notebooks/<language>/``)."""
    return folder.parent if folder.name in i18n.LANGUAGES else folder


def tracks_table(folder: Path | str | None = None) -> Html:
    """The tracks as a table: track, notebook (a link), what you do there, minutes; and each
    track's total in hours under it.

    ``folder`` is where the lesson showing the table runs (the current folder by default): a
    link goes to the notebook there if it exists (a translated lesson), else to the English
    one; the minutes are always the English notebook's.
    """
    here = Path.cwd() if folder is None else Path(folder)
    english = _english_folder(here)
    rows, totals = [], []
    for track, lessons in TRACKS:
        total = 0
        for i, (name, what) in enumerate(lessons):
            time = minutes(english / f"{name}.ipynb")
            total += time
            if here == english or (here / f"{name}.ipynb").exists():
                cell = Html(f'<a href="{name}.ipynb">{name}</a>')
            else:  # not translated yet: the English lesson, and the table says so
                in_english = _("in English")  # outside the f-string, where pybabel reads it
                cell = Html(f'<a href="../{name}.ipynb" lang="en">{name}</a> ({in_english})')
            rows.append((_(track) if i == 0 else "", cell, _(what), time))
        totals.append(
            _("{track}: about {hours} hours").format(
                track=_(track), hours=places(Fraction(total, 60), 1)
            )
        )
    table = table_html([_("track"), _("notebook"), _("what you do there"), _("minutes")], rows)
    return Html(f"{table}<p>{' · '.join(totals)}</p>")


GAMES = (N_("Call Break"), N_("Call Bridge"), N_("Judgement"), N_("Contract Bridge"))

_VOID_RULE = {
    "trump": N_("must trump, and over-trump if you can"),
    "overtrump": N_("must over-trump if you can, else any card"),
    "free": N_("any card"),
}


def _direction(step: int) -> str:
    return _("clockwise") if step == 1 else _("anticlockwise")


def _calls(legal: Sequence[int]) -> str:
    return f"{legal[0]}..{legal[-1]}"


def _following(rules) -> str:
    return (
        _("must follow and beat if you can")
        if rules.must_beat
        else _("must follow, any card of it")
    )


def comparison() -> dict[str, tuple[str, str, str, str]]:
    """The four games side by side, read from the engine: row name → the entry of each game
    of :data:`GAMES` (Call Break, Call Bridge, Judgement, Contract Bridge), in the language in
    use."""
    round_one = judgement.Round(players=4, number=1, seed=1, dealer=0)
    alone, thirteen = _("4, each for themself"), _("13 each (all 52)")
    rules = (
        callbreak.play_rules(),
        callbridge.play_rules(),
        judgement.play_rules("S"),
        bridge.play_rules("S"),
    )
    tricks = _("{calls} tricks")
    return {
        _("players"): (
            alone,
            alone,
            _("{low} to {high}, each for themself").format(
                low=judgement.MIN_PLAYERS, high=judgement.MAX_PLAYERS
            ),
            _("4, in two partnerships"),
        ),
        _("direction"): (
            _direction(callbreak.Deal.direction),
            _direction(callbridge.Deal.direction),
            _direction(((round_one.to_act or 0) - round_one.dealer) % 4),  # the first to bid
            _direction(bridge.Deal.direction),
        ),
        _("deal"): (
            thirteen,
            thirteen,
            _("{sizes} cards a round").format(sizes=", ".join(map(str, judgement.CARDS_PER_ROUND))),
            thirteen,
        ),
        _("calls"): (
            tricks.format(calls=_calls(callbreak.Deal(seed=1, dealer=0).legal_calls())),
            tricks.format(calls=_calls(callbridge.Deal(seed=1, dealer=0).legal_calls())),
            _("0..cards; the dealer is hooked"),
            _("an auction of {bids} bids, 1♣..7NT, pass, double, redouble").format(
                bids=len(bridge.BIDS)
            ),
        ),
        _("trump"): (
            _("always {suit}").format(suit=SUIT_SYMBOLS[callbreak.TRUMP]),
            _("always {suit}").format(suit=SUIT_SYMBOLS.get(callbridge.RULES.trump or "", "")),
            _("rotates {suits}").format(
                suits=" ".join(
                    SUIT_SYMBOLS.get(spec.trump or "", "") for spec in judgement.schedule()[:4]
                )
            ),
            _("named in the contract, or none"),
        ),
        _("holding the led suit"): tuple(_following(r) for r in rules),  # type: ignore[dict-item]
        _("void in the led suit"): tuple(_(_VOID_RULE[r.void_rule]) for r in rules),  # type: ignore[dict-item]
        _("scoring, for example"): (
            _("call 4, take 6: {a}; call 3, take 2: {b}").format(
                a=callbreak.score(4, 6), b=callbreak.score(3, 2)
            ),
            _("bid 4, take 6: {a}; bid 10, take 11: {b}").format(
                a=callbridge.score(4, 6), b=callbridge.score(10, 11)
            ),
            _("bid 4, take 4: {a}; bid 3, take 4: {b}").format(
                a=judgement.score(4, 4), b=judgement.score(3, 4)
            ),
            _("4♠ made: {points} below the line").format(points=bridge.score("4S", 10).below),
        ),
        _("end of the match"): (
            _("after {deals} deals").format(deals=callbreak.DEALS_PER_MATCH),
            _("first to a target score"),
            _("after {rounds} rounds").format(rounds=judgement.ROUNDS),
            _("first side to {points} below the line").format(points=bridge.GAME_POINTS),
        ),
    }


def comparison_table() -> Html:
    """:func:`comparison` as a table: one column a game, one row a difference."""
    rows = [(Html(f"<b>{row}</b>"), *values) for row, values in comparison().items()]
    return table_html(["", *(_(game) for game in GAMES)], rows)
