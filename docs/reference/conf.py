"""Sphinx configuration of the API reference (``make reference``; built by ``make test``).

Every page is generated from the docstrings with autodoc; napoleon reads Google-style
"Args:"/"Returns:" sections, and the modules' RST tables render as they are. The build
runs with ``-W --keep-going``: a docstring that warns fails ``make test``.
"""

from cardlib import __version__

project = "cardlib"
author = "the cardlib authors"
copyright = "the cardlib authors"
version = release = __version__

extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon"]

# One order for everything: the order of the source, which is the order a module tells its story.
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
# The signatures stay readable: a type is written as the code writes it.
autodoc_typehints = "signature"
napoleon_google_docstring = True
napoleon_numpy_docstring = False

exclude_patterns = ["_build"]
html_theme = "alabaster"
html_title = f"cardlib {release}: API reference"
html_static_path: list[str] = []
