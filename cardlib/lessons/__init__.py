"""What the lessons compute, so that a lesson's visible code is short and about the game.

A lesson (``notebooks/NN-….ipynb``) is read by someone learning a card game, not Python: its
prose and widgets carry it, and each visible code cell is a line or a few about the game. The
machinery a lesson needs (its tables, comparisons, drawings, Monte Carlo harnesses and its quick
check) lives here, one module per lesson, named after it, as documented and tested functions:

=============================  ================================
module                         lesson
=============================  ================================
``start_here``                 00 Start here
``cards_and_dealing``          01 Cards and dealing
``spades_are_trump``           02 Spades are trump
``what_may_i_play``            03 What may I play?
``calling_and_scoring``        04 Calling and scoring
``worked_deal``                05 A worked deal
``play_a_match``               06 Play a match
``variations``                 07 Variations
``puzzles``                    08 Puzzles
``call_break_strategy``        09 Call Break strategy
``judgement``                  10 Judgement
``judgement_strategy``         11 Judgement strategy
``call_bridge``                20 Call Bridge
``call_bridge_strategy``       21 Call Bridge strategy
``bridge_auction``             30 The Bridge auction
``bridge_play_and_score``      31 Bridge play and score
``bridge_strategy``            32 Bridge strategy
``the_coach``                  40 The coach
``the_bridge_coach``           41 The Bridge coach
=============================  ================================

Each module names its notebook (``NOTEBOOK``, the file's stem) and, where the lesson ends in
one, builds its quick check (``quick_check(record=True)``, a
:class:`cardlib.widgets.drill.QuickCheck` whose every question's ``taught`` is a heading of
that notebook: ``tests/test_lessons_for_players.py`` holds each check to its own lesson).
Every sentence a learner sees goes through the catalogs (:func:`cardlib.i18n._`).
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType


def modules() -> list[ModuleType]:
    """Every lesson's module, in the order of the lessons (by ``NOTEBOOK``); each is imported
    when asked for, not when this package is."""
    names = [info.name for info in pkgutil.iter_modules(__path__)]
    found = [importlib.import_module(f"{__name__}.{name}") for name in names]
    return sorted(found, key=lambda module: module.NOTEBOOK)


def of(notebook: str) -> ModuleType:
    """The module of the lesson whose notebook is ``notebook`` (its file's stem,
    ``"09-call-break-strategy"``); :class:`LookupError` when no lesson has one."""
    for module in modules():
        if notebook == module.NOTEBOOK:
            return module
    raise LookupError(f"no module of cardlib.lessons is the machinery of {notebook!r}")
