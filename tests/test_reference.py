"""The API reference (docs/reference/) covers every public module, the documentation site
holds every page of docs/, and its build fails on a warning.

The build itself runs in ``make test`` (``$(REFERENCE)`` in the Makefile), before pytest; these
checks are cheap and keep it honest: a new module or page gets its place, and the build keeps
``-W``.
"""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "cardlib"
REFERENCE = ROOT / "docs" / "reference"


def public_modules() -> set[str]:
    """Every module of the package whose dotted name has no part starting with ``_``."""
    found = set()
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        parts = parts[:-1] if parts[-1] == "__init__" else parts
        if not any(part.startswith("_") for part in parts):
            found.add(".".join(parts))
    return found


def documented_modules() -> list[str]:
    return [
        name
        for page in REFERENCE.glob("*.rst")
        for name in re.findall(r"^\.\. automodule:: (\S+)$", page.read_text(), re.M)
    ]


def test_every_public_module_has_its_place_in_the_reference_once():
    documented = documented_modules()
    assert sorted(set(documented)) == sorted(public_modules())
    assert len(documented) == len(set(documented)), "a module documented twice warns"


def test_every_page_is_in_the_table_of_contents():
    index = (REFERENCE / "index.rst").read_text()
    pages = {page.stem for page in REFERENCE.glob("*.rst")} - {"index"}
    listed = set(re.findall(r"^   (\w+)$", index, re.M))
    assert pages == listed


def test_make_test_builds_the_reference_with_warnings_as_errors():
    makefile = (ROOT / "Makefile").read_text()
    command = re.search(r"^REFERENCE := ((?:[^\n]*\\\n)*[^\n]*)", makefile, re.M)
    assert command is not None
    assert " -W " in command[1] and "--keep-going" in command[1]
    assert "\tdocs build/reference " in command[1], "the site is docs/: the pages and the reference"
    # a build that warned must not leave its environment, or the next build skips the page
    assert "|| { rm -rf build/reference-doctrees; exit 1; }" in command[1]
    recipe = makefile.split("\ntest:", 1)[1].split("\n\n", 1)[0]
    assert "\t$(REFERENCE)\n" in recipe + "\n"


def test_the_readme_links_the_reference():
    assert "](docs/reference/index.rst)" in (ROOT / "README.md").read_text()


def test_the_site_holds_every_page_of_the_docs_and_the_readme():
    """docs/index.md, the site's home, includes the README and lists every other page (Sphinx
    would warn about a page left out, but this says which)."""
    index = (ROOT / "docs" / "index.md").read_text()
    assert "```{include} ../README.md\n" in index
    listed = set(re.findall(r"^([\w./]+)$", index, re.M))
    pages = {page.with_suffix("").name for page in (ROOT / "docs").glob("*.md")} - {"index"}
    assert pages | {"reference/index"} == listed
