"""Sphinx configuration of the documentation site (``make reference``; built by ``make test``).

The site is docs/ itself: the pages by audience and the rule books (Markdown, read by MyST),
and the API reference in docs/reference/, generated from the docstrings with autodoc; napoleon
reads Google-style "Args:"/"Returns:" sections, and the modules' RST tables render as they are.
The build runs with ``-W --keep-going``: a docstring or a page that warns (a link to a page or
a heading that does not exist too) fails ``make test``.
"""

import sys
from pathlib import Path

from cardlib import __version__

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "cardlib"
author = "the cardlib authors"
copyright = "the cardlib authors"
version = release = __version__

# cardlib_docs (docs/_ext/): GitHub's heading anchors, and the README's links from docs/
extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon", "myst_parser", "cardlib_docs"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
# Links to a heading of a page ("rules.md#the-four-games-side-by-side") use GitHub's anchors.
myst_heading_anchors = 3
myst_heading_slug_func = "cardlib_docs.github_anchor"

# One order for everything: the order of the source, which is the order a module tells its story.
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
# The signatures stay readable: a type is written as the code writes it.
autodoc_typehints = "signature"
napoleon_google_docstring = True
napoleon_numpy_docstring = False

exclude_patterns = ["_build", "_ext"]
html_theme = "alabaster"
html_title = f"cardlib {release}"
html_static_path: list[str] = []
