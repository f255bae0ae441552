"""Build hook: compile the message catalogs (.po → .mo) whenever the package is built.

Everything else about the project is in pyproject.toml. Wheels (``pip wheel .``,
``python -m build``, the JupyterLite build) get the ``.mo`` files in their build
directory; an editable install (``pip install -e .``, run by ``make``) gets them
beside the ``.po`` files in the source tree, where the package is imported from.
"""

import importlib.util
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


def _catalogs_module():
    # Loaded from its file: importing the cardlib package needs its runtime dependencies.
    spec = importlib.util.spec_from_file_location("_catalogs", HERE / "cardlib" / "_catalogs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class build_py_with_catalogs(build_py):
    """``build_py`` that also compiles ``cardlib/locale/*/LC_MESSAGES/cardlib.po``."""

    def run(self):
        super().run()
        source = HERE / "cardlib" / "locale"
        editable = getattr(self, "editable_mode", False)
        target = source if editable else Path(self.build_lib) / "cardlib" / "locale"
        for mo_file in _catalogs_module().compile_catalogs(source, target):
            self.announce(f"compiled {mo_file}", level=2)


setup(cmdclass={"build_py": build_py_with_catalogs})
