"""Compile the message catalogs, ``.po`` → ``.mo``, with Babel.

Used at build and install time only (Babel is a build requirement, not a runtime one):

- by ``setup.py``'s ``build_py`` hook, for wheels (into the build directory) and for
  editable installs (beside the ``.po`` files);
- by ``make catalogs`` (``python -m cardlib._catalogs``) after a ``.po`` file changes.

A catalog with an error (a broken plural header, an untranslatable format) stops the
build; fuzzy entries are left out of the ``.mo`` (``tests/test_i18n.py`` refuses them).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

SOURCE = Path(__file__).parent / "locale"
DOMAIN = "cardlib"


def compile_catalog(po_file: Path, mo_file: Path) -> None:
    """Compile one catalog."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    locale = po_file.parent.parent.name
    with po_file.open("rb") as source:
        catalog = read_po(source, locale=locale, domain=DOMAIN)
    problems = [
        f"{po_file}: {message.id!r}: {error}"
        for message, errors in catalog.check()
        for error in errors
    ]
    if problems:
        raise ValueError("cannot compile the message catalog:\n" + "\n".join(problems))
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    mo_file.parent.mkdir(parents=True, exist_ok=True)
    mo_file.write_bytes(buffer.getvalue())


def compile_catalogs(source: Path = SOURCE, target: Path | None = None) -> list[Path]:
    """Compile every ``<lang>/LC_MESSAGES/cardlib.po`` under ``source`` into ``target``
    (default: beside each ``.po``). Returns the ``.mo`` files."""
    target = source if target is None else target
    written = []
    for po_file in sorted(source.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        mo_file = target / po_file.relative_to(source).with_suffix(".mo")
        compile_catalog(po_file, mo_file)
        written.append(mo_file)
    return written


def main(argv: list[str]) -> None:
    """``python -m cardlib._catalogs [file.po …]``: compile the given catalogs, or all."""
    if argv:
        files = [Path(arg) for arg in argv]
        for po_file in files:
            compile_catalog(po_file, po_file.with_suffix(".mo"))
    else:
        files = compile_catalogs()
    for path in files:
        print(f"compiled {path.with_suffix('.mo')}")


if __name__ == "__main__":
    main(sys.argv[1:])
