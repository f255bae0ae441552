"""The project's scripts (benchmarks, docs builders) loaded as modules, so tests call their
``main`` with flags as the command line would."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def load_script(path: Path) -> ModuleType:
    """The script at ``path`` (relative to the checkout) as a fresh module."""
    spec = importlib.util.spec_from_file_location(path.stem, ROOT / path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def benchmark(name: str) -> ModuleType:
    """``benchmarks/NAME.py`` as a module."""
    return load_script(Path("benchmarks") / f"{name}.py")
