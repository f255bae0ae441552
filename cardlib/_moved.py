"""The modules that moved into subpackages, still importable by their old names for one release.

``import cardlib.analysis`` (or ``from cardlib import svg``) gives the module at its new home,
:mod:`cardlib.coach.analysis`, with a :class:`DeprecationWarning` that names it. The old name
is the same module object, so state, patches and ``isinstance`` checks agree under both names.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import warnings

#: old module name → new module name (``docs/architecture.md`` explains the new layout)
MOVED = {
    "cardlib.analysis": "cardlib.coach.analysis",
    "cardlib.solver": "cardlib.coach.solver",
    "cardlib.review": "cardlib.coach.review",
    "cardlib.estimate": "cardlib.coach.estimate",
    "cardlib.fast": "cardlib.coach.fast",
    "cardlib.best_play": "cardlib.puzzles.best_play",
    "cardlib.best_card": "cardlib.puzzles.best_answer",
    "cardlib.svg": "cardlib.draw.svg",
    "cardlib.charts": "cardlib.draw.charts",
    "cardlib.tables": "cardlib.draw.tables",
    "cardlib.bridge_view": "cardlib.draw.bridge",
    "cardlib.bridge_calls": "cardlib.bridge.calls",
    "cardlib.bridge_auction": "cardlib.bridge.auction",
    "cardlib.bridge_scoring": "cardlib.bridge.scoring",
    "cardlib.bridge_bots": "cardlib.bridge.bots",
    "cardlib.bridge_bidding": "cardlib.bridge.bidding",
    "cardlib.double_dummy": "cardlib.bridge.double_dummy",
}
# ``cardlib.puzzles`` was the legal-play puzzles' module and is now their package: its old
# names are re-exported there (cardlib/puzzles/__init__.py), not aliased here.


class _MovedLoader(importlib.abc.Loader):
    def __init__(self, new: str):
        self.new = new

    def create_module(self, spec):
        module = importlib.import_module(self.new)
        self.own_spec = module.__spec__
        return module

    def exec_module(self, module):
        # The module is already executed; only its own spec, which importlib has just
        # replaced with the old name's, is put back.
        module.__spec__ = self.own_spec


class MovedFinder(importlib.abc.MetaPathFinder):
    """Finds an old module name and hands back the module at its new home, with a warning."""

    def find_spec(self, fullname, path=None, target=None):
        new = MOVED.get(fullname)
        if new is None:
            return None
        warnings.warn(
            f"{fullname} moved to {new}; the old name goes in the next release",
            DeprecationWarning,
            stacklevel=3,
        )
        return importlib.util.spec_from_loader(fullname, _MovedLoader(new))


def install() -> None:
    if not any(isinstance(finder, MovedFinder) for finder in sys.meta_path):
        sys.meta_path.append(MovedFinder())
