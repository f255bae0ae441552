"""Puzzles made from real seeded deals, each with an answer the engine proves.

========================  =============================================================
module                    what it holds
========================  =============================================================
:mod:`.legal_play`        "what must I play here?": the legal cards and the rule that decides
:mod:`.best_play`         "what should I play here?": endings where one card is clearly best
:mod:`.best_answer`       the answer to a best-play puzzle and its proof, read from the exact
                          solver; the puzzle and the exercise check both read it from here
========================  =============================================================

A puzzle draws itself (it imports :mod:`cardlib.draw`); the answers
(:mod:`.best_answer`) draw nothing.
"""

import importlib as _importlib
import warnings as _warnings


def __getattr__(name: str):
    # 0.1's ``cardlib.puzzles`` was the legal-play puzzles' module: its names still work here
    # for one release, with a warning that points at their new home.
    legal = _importlib.import_module("cardlib.puzzles.legal_play")
    if name.startswith("_") or not hasattr(legal, name):
        raise AttributeError(f"module 'cardlib.puzzles' has no attribute {name!r}")
    _warnings.warn(
        f"cardlib.puzzles.{name} moved to cardlib.puzzles.legal_play.{name}; "
        "the old name goes in the next release",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(legal, name)
