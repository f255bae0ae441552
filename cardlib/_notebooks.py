"""The lessons in other languages, generated from the English notebooks through gettext.

A translated lesson is never a copy kept by hand: it is made from the English notebook and a
catalog of its text, one ``.po`` per language (``notebooks/locale/<catalog>/LC_MESSAGES/
notebooks.po``, template ``notebooks/locale/notebooks.pot``), like the engine's messages:

- every markdown cell is translated block by block (paragraphs, lists, tables, headings:
  whatever blank lines separate), so a changed paragraph asks for its own translation again;
- a code cell that holds words a learner sees (a table's headings built in the cell, a
  label) is translated whole: its translation is the same code with those words in the
  language, and the names and values the code computes with kept as they are. A code cell
  with no words in it is copied;
- the lesson starts with one cell more, which switches the engine to the language, so every
  sentence cardlib builds (refusals, explanations, the widgets) is in it too.

A text of a lesson the language has with no translation in the catalog (a new or changed
paragraph) stops the build with the list of what is missing; nothing is ever shown in English
instead.

    python -m cardlib._notebooks extract          # the template, from the English lessons
    python -m cardlib._notebooks build hi          # notebooks/hi/…, executed
    python -m cardlib._notebooks build             # every language of TRANSLATED

Which lessons each language has is :data:`TRANSLATED`, the one list every other part reads
(the Makefile, the tests, the tutorial's trusted notebooks, the static site): a language's
catalog may hold the other lessons' texts untranslated, and only its own lessons must be
complete.

Babel, nbformat and nbclient are needed only here (they are development dependencies).
"""

from __future__ import annotations

import ast
import io
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardlib import i18n

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LOCALE = NOTEBOOKS / "locale"
DOMAIN = "notebooks"
#: The English lessons that are translated into some language, in order: the template's
#: texts (the rest follow as they are translated).
LESSONS = (
    "00-start-here.ipynb",
    "01-cards-and-dealing.ipynb",
    "02-spades-are-trump.ipynb",
    "03-what-may-i-play.ipynb",
    "04-calling-and-scoring.ipynb",
    "05-a-worked-deal.ipynb",
    "06-play-a-match.ipynb",
    "09-call-break-strategy.ipynb",
    "40-the-coach.ipynb",
)
#: Each language the lessons are translated into, and its lessons (in the order of
#: :data:`LESSONS`), built into ``notebooks/<code>/``.
TRANSLATED: dict[str, tuple[str, ...]] = {
    "hi": LESSONS,
    "ne": LESSONS[:7],  # 00-06, Call Break from the start to a match
}
#: The first cell of a translated lesson: the engine speaks the lesson's language.
SWITCH = 'import cardlib\n\ncardlib.set_language("{code}")\ncardlib.get_language()'
_WORDS = re.compile(r"[A-Za-z]{3,}")


class MissingTranslation(LookupError):
    """Texts of a lesson that the language's catalog does not translate (yet)."""

    def __init__(self, code: str, lesson: str, missing: list[str]):
        self.code, self.lesson, self.missing = code, lesson, missing
        shown = "\n".join(f"  - {text[:70]!r}" for text in missing)
        super().__init__(
            f"{lesson}: {len(missing)} text(s) have no {i18n.LANGUAGES[code]} translation in "
            f"{catalog_path(code)}; translate them (`python -m cardlib._notebooks extract`, "
            f"then `pybabel update`):\n{shown}"
        )


@dataclass(frozen=True)
class Unit:
    """One piece of a lesson to translate: a markdown block, or a code cell with words."""

    lesson: str
    cell: int
    text: str


def folder(code: str) -> Path:
    """Where a language's lessons are: ``notebooks/<code>/``."""
    return NOTEBOOKS / code


def translated_paths() -> list[Path]:
    """Every translated lesson's notebook, language by language (those of :data:`TRANSLATED`)."""
    return [folder(code) / lesson for code, lessons in TRANSLATED.items() for lesson in lessons]


def catalog_path(code: str, suffix: str = ".po") -> Path:
    """Where a language's catalog of the lessons lives."""
    return LOCALE / i18n.CATALOGS[code] / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


def blocks(markdown: str) -> list[str]:
    """A markdown cell's blocks: the pieces blank lines separate."""
    return [block.strip("\n") for block in re.split(r"\n\s*\n", markdown) if block.strip()]


def has_words(code: str) -> bool:
    """Whether a code cell holds a string a learner may read (a word of 3 letters or more)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return False
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return any(
        isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and _WORDS.search(node.value)
        for node in ast.walk(tree)
    )


def units(lesson: str, notebook: Any) -> Iterator[Unit]:
    """Every piece of a lesson to translate, in order."""
    for number, cell in enumerate(notebook.cells):
        if cell.cell_type == "markdown":
            for block in blocks(cell.source):
                yield Unit(lesson, number, block)
        elif cell.cell_type == "code" and has_words(cell.source):
            yield Unit(lesson, number, cell.source)


def read_lesson(lesson: str) -> Any:
    """An English lesson, as nbformat reads it."""
    import nbformat

    return nbformat.read(NOTEBOOKS / lesson, as_version=4)


def extract(lessons: Iterable[str] = LESSONS) -> Any:
    """The template catalog of the lessons' texts (the lesson's file name is the context)."""
    from babel.messages.catalog import Catalog

    template = Catalog(project="cardlib notebooks", copyright_holder="the cardlib authors")
    for lesson in lessons:
        for unit in units(lesson, read_lesson(lesson)):
            template.add(unit.text, context=lesson, locations=[(f"notebooks/{lesson}", unit.cell)])
    return template


def read_catalog(code: str) -> Any:
    """A language's catalog of the lessons."""
    from babel.messages.pofile import read_po

    with catalog_path(code).open("rb") as source:
        return read_po(source)


def translated(code: str, lesson: str, catalog: Any | None = None) -> Any:
    """The lesson in ``code``, not executed; :class:`MissingTranslation` if a text lacks one."""
    import nbformat

    catalog = read_catalog(code) if catalog is None else catalog
    english = read_lesson(lesson)
    missing: list[str] = []

    def translate(text: str) -> str:
        message = catalog.get(text, context=lesson)
        if message is None or not message.string or message.fuzzy:
            missing.append(text)
            return text
        return message.string

    cells = [nbformat.v4.new_code_cell(SWITCH.format(code=code))]
    for cell in english.cells:
        if cell.cell_type == "markdown":
            source = "\n\n".join(translate(block) for block in blocks(cell.source))
            cells.append(nbformat.v4.new_markdown_cell(source))
        elif cell.cell_type == "code":
            source = translate(cell.source) if has_words(cell.source) else cell.source
            cells.append(nbformat.v4.new_code_cell(source, metadata=dict(cell.metadata)))
        else:
            cells.append(cell)
    if missing:
        raise MissingTranslation(code, lesson, missing)
    for number, cell in enumerate(cells):
        cell["id"] = f"{code}-{number}"
    notebook = nbformat.v4.new_notebook(cells=cells, metadata=dict(english.metadata))
    notebook.metadata["language_info"] = english.metadata.get("language_info", {})
    return notebook


def build(code: str, lessons: Iterable[str] | None = None, execute: bool = True) -> list[Path]:
    """Write ``notebooks/<code>/<lesson>`` for each lesson (the language's own, of
    :data:`TRANSLATED`, by default), executed as the English ones are."""
    import os
    import tempfile

    import nbformat

    lessons = TRANSLATED[code] if lessons is None else lessons
    out = folder(code)
    out.mkdir(exist_ok=True)
    written = []
    # Every lesson is written before any runs: a lesson that links the others (00's tracks)
    # links the translated one where it exists.
    notebooks = {lesson: translated(code, lesson) for lesson in lessons}
    for lesson in notebooks:
        nbformat.write(notebooks[lesson], out / lesson)
    for lesson, notebook in notebooks.items():
        if execute:
            from nbclient import NotebookClient

            # Each lesson starts from an empty progress record, as under nbval (conftest.py),
            # so a lesson that shows the record shows the same table every run.
            os.environ["CARDLIB_PROGRESS"] = str(Path(tempfile.mkdtemp()) / "progress.json")
            NotebookClient(
                notebook, resources={"metadata": {"path": str(out)}}, record_timing=False
            ).execute()
        path = out / lesson
        nbformat.write(notebook, path)
        written.append(path)
    return written


def main(argv: list[str]) -> None:
    """``extract`` (write the template) or ``build [<code> …]`` (write the executed lessons of
    those languages, every language of :data:`TRANSLATED` if none is named)."""
    from babel.messages.pofile import write_po

    if argv[:1] == ["extract"]:
        buffer = io.BytesIO()
        write_po(buffer, extract(), width=0, omit_header=False)
        (LOCALE / f"{DOMAIN}.pot").write_bytes(buffer.getvalue())
        print(f"wrote {LOCALE / f'{DOMAIN}.pot'}")
    elif argv[:1] == ["build"] and set(argv[1:]) <= set(TRANSLATED):
        for code in argv[1:] or TRANSLATED:
            for path in build(code):
                print(f"wrote {path.relative_to(ROOT)}")
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
