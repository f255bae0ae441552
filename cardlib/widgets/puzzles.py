"""Puzzles you click: pick the cards you may play, press Check, read right or wrong and why.

:class:`PuzzleWidget` shows one :class:`~cardlib.puzzles.legal_play.Puzzle`;
:class:`PuzzleStream` an endless stream of seeded puzzles with a score counter
(``notebooks/08-puzzles.ipynb``). Results stay in widget state: ``feedback.value`` (HTML),
``result`` (the :class:`~cardlib.exercises.Feedback`), ``score_label.value``; nothing is printed.

>>> from cardlib.puzzles.legal_play import puzzle
>>> w = PuzzleWidget(puzzle("medium", seed=7, number=2))
>>> w.select(w.puzzle.legal); w.check_button.click(); w.result.correct
True

CSS classes (for the browser tests):

- ``cardlib-puzzle-widget``: one puzzle; ``cardlib-puzzle-position``: its trick and situation;
- ``cardlib-card-button`` on every card of the hand, and ``cardlib-card-QH`` (the card's code);
  after a check each also gets ``cardlib-card-right``, ``cardlib-card-missing``,
  ``cardlib-card-wrong`` or nothing (not chosen and not allowed);
- ``cardlib-check-answer``: the Check button; ``cardlib-feedback``: the verdict;
- ``cardlib-puzzle-stream``: the stream; ``cardlib-next-puzzle``: its Next button;
  ``cardlib-score``: its score; ``cardlib-puzzle-level``: its level picker.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING

import ipywidgets as widgets

from cardlib.cards import Card, card_name
from cardlib.draw.svg import SUIT_COLOURS, trick_svg
from cardlib.i18n import _
from cardlib.puzzles.legal_play import LEVELS, Puzzle, puzzle, variant_text
from cardlib.widgets.language import LanguagePicker

if TYPE_CHECKING:  # a puzzle's check makes the feedback; the widget only keeps it
    from cardlib.exercises.feedback import Feedback
    from cardlib.puzzles.best_play import BestPlayPuzzle

# After a check: (CSS class, border colour, icon). A coloured border keeps the card's own
# colours readable, and the icon means colour is never the only cue (Okabe–Ito colours).
_MARKS = {
    "right": ("cardlib-card-right", "#009E73", "check"),
    "missing": ("cardlib-card-missing", "#E69F00", "plus"),
    "wrong": ("cardlib-card-wrong", "#D55E00", "times"),
}


def position_html(puzzle: Puzzle | BestPlayPuzzle) -> str:
    """The situation, the variant and the trick so far (the hand is the row of buttons); for a
    best-play puzzle, the four hands open around the trick."""
    from cardlib.game import SEAT_NAMES
    from cardlib.puzzles.best_play import BestPlayPuzzle

    if isinstance(puzzle, BestPlayPuzzle):
        picture = puzzle._repr_html_()
        return f"{picture}<div>{escape(puzzle.prompt)}</div>"

    names = [_(name) for name in SEAT_NAMES]
    table = trick_svg(puzzle.trick, puzzle.trick_seats, None, names) if puzzle.trick else ""
    ask = _("Click every card you may play, then Check.")
    return (
        f"<div><b>{escape(puzzle.title)}</b> — {escape(variant_text(puzzle.variant))}</div>"
        f"<div>{escape(puzzle.situation)} {escape(ask)}</div>"
        f"<div>{table}</div>"
    )


class PuzzleWidget:
    """One puzzle: a button per card of the hand (toggle to choose), a Check button, feedback.

    State: ``puzzle``; ``selected`` (the chosen cards); ``result`` (the Feedback of the first
    check of a chosen set, ``None`` before); ``feedback.value``. ``on_checked(feedback)``, if
    given, is called once, at the first such check. Check with no card chosen only asks for one.
    """

    def __init__(
        self, puzzle: Puzzle | BestPlayPuzzle, on_checked=None, language_dropdown: bool = True
    ):
        from cardlib.puzzles.best_play import BestPlayPuzzle

        self.puzzle = puzzle
        #: A best-play puzzle asks for one card: choosing one lets go of the others.
        self.single = isinstance(puzzle, BestPlayPuzzle)
        self.result: Feedback | None = None
        self._on_checked = on_checked
        self.position = widgets.HTML(position_html(puzzle))
        self.position.add_class("cardlib-puzzle-position")
        self.buttons: dict[Card, widgets.ToggleButton] = {}
        for card in puzzle.hand:
            button = widgets.ToggleButton(
                value=False,
                description=str(card),
                tooltip=card_name(card),
                layout=widgets.Layout(width="auto", min_width="3.6em"),
            )
            button.style.text_color = SUIT_COLOURS[card.suit]
            button.style.font_weight = "bold"
            button.add_class("cardlib-card-button")
            button.add_class(f"cardlib-card-{card.code}")
            self.buttons[card] = button
            if self.single:
                button.observe(self._only_this, names="value")
        self.check_button = widgets.Button(description=_("Check"), button_style="primary")
        self.check_button.add_class("cardlib-check-answer")
        self.check_button.on_click(self._check)
        self.feedback = widgets.HTML("")
        self.feedback.add_class("cardlib-feedback")
        # A stream shows one dropdown for all its puzzles; each puzzle still redraws itself.
        self.language = LanguagePicker(self.redraw)
        self.widget = widgets.VBox(
            ([self.language.dropdown] if language_dropdown else [])
            + [
                self.position,
                widgets.HBox(list(self.buttons.values())),
                self.check_button,
                self.feedback,
            ]
        )
        self.widget.add_class("cardlib-puzzle-widget")
        # what the feedback says: None, "unanswered" or the cards checked
        self._shown: str | list[Card] | None = None

    def redraw(self) -> None:
        """Say everything again in the language now in use (the same cards chosen and
        checked; nothing counts again in a stream's score)."""
        self.position.value = position_html(self.puzzle)
        self.check_button.description = _("Check")
        for card, button in self.buttons.items():
            button.tooltip = card_name(card)
        if self._shown == "unanswered":
            self.feedback.value = self._unanswered()
        elif self._shown is not None:
            self.feedback.value = self.puzzle.check(self._shown)._repr_html_()

    def _only_this(self, change) -> None:
        if change["new"]:
            for button in self.buttons.values():
                if button is not change["owner"]:
                    button.value = False

    def _unanswered(self) -> str:
        from cardlib.exercises.feedback import unanswered

        ask = (
            _("click the card you would play, then Check.")
            if self.single
            else _("click every card you may play, then Check.")
        )
        return unanswered(ask)._repr_html_()

    @property
    def selected(self) -> frozenset[Card]:
        """The cards chosen now."""
        return frozenset(card for card, button in self.buttons.items() if button.value)

    def select(self, cards: Iterable[Card | str] | str) -> None:
        """Choose exactly these cards (as if clicked); text like ``"KH AH"`` works too."""
        from cardlib.cards import parse_cards

        chosen = set(parse_cards(cards) if isinstance(cards, str) else map(Card, cards))
        for card, button in self.buttons.items():
            button.value = card in chosen

    def _check(self, _button=None) -> None:
        if not self.selected:
            # Nothing chosen is no answer: say so, and never list the cards that were allowed.
            self._shown = "unanswered"
            self.feedback.value = self._unanswered()
            return
        self._shown = sorted(self.selected)
        feedback = self.puzzle.check(self._shown)
        self.feedback.value = feedback._repr_html_()
        for card, button in self.buttons.items():
            mark = _mark(card in self.selected, card in self.puzzle.answer)
            if feedback.correct and card not in self.selected:
                mark = None  # an equally good card left out is no mistake
            for css, _colour, _icon in _MARKS.values():
                button.remove_class(css)
            if mark:
                css, colour, icon = _MARKS[mark]
                button.add_class(css)
                button.layout.border, button.icon = f"3px solid {colour}", icon
            else:
                button.layout.border, button.icon = "", ""
        if self.result is None:
            self.result = feedback
            if self._on_checked is not None:
                self._on_checked(feedback)


def _level_options() -> list[tuple[str, str]]:
    return [(_(level), level) for level in LEVELS]


def _mark(chosen: bool, legal: bool) -> str | None:
    if legal:
        return "right" if chosen else "missing"
    return "wrong" if chosen else None


class PuzzleStream:
    """An endless stream of seeded puzzles with a score: only the first check of each counts.

    State: ``current`` (the :class:`PuzzleWidget` shown), ``number`` (0-based), ``right`` and
    ``tried`` (the score), ``score_label.value``. With ``record=True`` each first check also
    goes into the learner's progress record (:mod:`cardlib.progress`).
    """

    def __init__(self, level: str = "easy", seed: int = 0, record: bool = False):
        self.seed = seed
        self.record = record
        self.right = self.tried = 0
        self.number = 0
        self._relabelling = False
        self.level = widgets.Dropdown(options=_level_options(), value=level)
        self.level.add_class("cardlib-puzzle-level")
        self.level.observe(self._level_changed, names="value")
        self.next_button = widgets.Button()
        self.next_button.add_class("cardlib-next-puzzle")
        self.next_button.on_click(self._next)
        self.score_label = widgets.HTML()
        self.score_label.add_class("cardlib-score")
        self.holder = widgets.VBox()
        self.language = LanguagePicker(self.redraw)
        self.widget = widgets.VBox(
            [
                widgets.HBox(
                    [self.level, self.next_button, self.score_label, self.language.dropdown]
                ),
                self.holder,
            ]
        )
        self.widget.add_class("cardlib-puzzle-stream")
        self._show()

    def redraw(self) -> None:
        """Say the labels and the score again in the language now in use (the puzzle on
        screen redraws itself)."""
        self._relabelling = True
        try:
            value = self.level.value
            self.level.options = _level_options()
            self.level.value = value
        finally:
            self._relabelling = False
        self.level.description = _("Level")
        self.next_button.description = _("Next puzzle")
        self.score_label.value = f"<b>{self.score}</b>"

    @property
    def score(self) -> str:
        """Right answers out of puzzles tried, in the learner's language."""
        return _("Score: {right} of {tried}").format(right=self.right, tried=self.tried)

    def _show(self) -> None:
        self.level.description = _("Level")
        self.next_button.description = _("Next puzzle")
        self.current = PuzzleWidget(
            puzzle(self.level.value, self.seed, self.number),
            on_checked=self._scored,
            language_dropdown=False,
        )
        self.holder.children = (self.current.widget,)
        self.score_label.value = f"<b>{self.score}</b>"

    def _scored(self, feedback) -> None:
        self.tried += 1
        self.right += feedback.correct
        if self.record:
            from cardlib import progress

            shown = f"seed {self.seed} #{self.number}"
            progress.record_puzzle("legal", self.level.value, shown, bool(feedback.correct))
        self.score_label.value = f"<b>{self.score}</b>"

    def _next(self, _button=None) -> None:
        self.number += 1
        self._show()

    def _level_changed(self, _change) -> None:
        if self._relabelling:
            return
        self.number = 0  # a level's stream starts again at its first puzzle
        self._show()
