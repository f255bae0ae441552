"""Every example the README and the pages of docs/ show runs, and prints what the page says.

Each ```python block of README.md and docs/*.md is a doctest (``>>>`` lines and the output
the page prints under them); a page's blocks run in order in one namespace, as a reader
typing them one after another would, each page in a fresh one. A ```python block without
``>>>`` would never be checked, so none may be written. Examples switch the language
(``cardlib.set_language``): every page starts and ends in English. The docstrings'
examples run in tests/test_docstrings.py.
"""

import doctest
import re
import textwrap
from pathlib import Path

import pytest

import cardlib

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: A fenced block of Python, possibly indented (inside a list item), up to its closing fence.
PYTHON_BLOCK = re.compile(r"^([ \t]*)```python[ \t]*\n(.*?)^\1```[ \t]*$", re.M | re.S)


def python_blocks(path: Path) -> list[tuple[int, str]]:
    """Each ```python block of a page: the line its code starts on (1-based) and its code."""
    text = path.read_text(encoding="utf-8")
    return [
        (text.count("\n", 0, found.start(2)) + 1, textwrap.dedent(found[2]))
        for found in PYTHON_BLOCK.finditer(text)
    ]


def run_examples(path: Path) -> doctest.TestResults:
    """Run a page's blocks in order in one namespace; the report of a failure names its line."""
    name = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(verbose=False)
    namespace: dict[str, object] = {"__name__": name}
    cardlib.set_language("en")
    try:
        for line, code in python_blocks(path):
            test = parser.get_doctest(code, namespace, f"{name}:{line}", str(path), line - 1)
            runner.run(test, clear_globs=False)
    finally:
        cardlib.set_language("en")
    return runner.summarize(verbose=False)


def test_the_readme_and_docs_have_examples_to_run():
    blocks = {path.name: python_blocks(path) for path in PAGES}
    assert len(blocks["README.md"]) >= 1
    assert sum(len(found) for found in blocks.values()) >= 6
    for page, found in blocks.items():
        for line, code in found:
            assert ">>> " in code, f"{page}:{line}: a ```python block with no >>> runs nowhere"


@pytest.mark.parametrize(
    "path",
    [path for path in PAGES if python_blocks(path)],
    ids=lambda path: path.relative_to(ROOT).as_posix(),
)
def test_every_example_of_the_page_runs_as_shown(path):
    result = run_examples(path)
    assert result.attempted > 0
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed (above)"
    assert cardlib.get_language() == "en"


def test_a_wrong_example_fails(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("Text.\n\n```python\n>>> 1 + 1\n3\n```\n", encoding="utf-8")
    result = run_examples(page)
    assert result == doctest.TestResults(failed=1, attempted=1)
