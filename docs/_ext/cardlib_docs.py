"""The documentation site's own Sphinx extension (docs/conf.py): the pages of docs/ are
written for GitHub first, and this makes the site read them the way GitHub does.

- Heading anchors as GitHub makes them, in any script (:func:`github_anchor`).
- The README, which docs/index.md includes, links from the project's root ("docs/rules.md",
  "notebooks/…"); in the site its links lead from docs/ to the same files.
"""

import os
import re
import unicodedata
from pathlib import Path

from sphinx.application import Sphinx

#: A link to a relative path (not a URL with a scheme, not an anchor of the same page).
RELATIVE_LINK = re.compile(r"\]\((?![a-z][a-z0-9+.-]*:|#)([^)\s]+)\)")


def github_anchor(title: str) -> str:
    """GitHub's anchor for a heading: lower case, spaces to hyphens, and every character but
    letters, combining marks, digits, ``-`` and ``_`` left out. MyST's "github" preset drops
    the marks too, so a Devanagari heading would lose its vowel signs ("चारों" to "चर")."""
    kept = (c for c in title.lower() if c in "-_ " or unicodedata.category(c)[0] in "LMN")
    return "".join(kept).replace(" ", "-")


def links_from_docs(
    app: Sphinx, relative_path: Path, parent_docname: str, content: list[str]
) -> None:
    """Rewrite the README's relative links to lead from docs/ when a page includes it."""
    if relative_path.name == "README.md":
        content[0] = RELATIVE_LINK.sub(
            lambda link: f"]({os.path.relpath(link[1], 'docs')})", content[0]
        )


def setup(app: Sphinx) -> dict[str, bool]:
    """Register the README's rewriting (the anchors are ``myst_heading_slug_func``)."""
    app.connect("include-read", links_from_docs)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
