"""Write the one-page cheat-sheets, one per game and language, into this folder.

    python docs/cheatsheets/make_cheatsheets.py          # writes docs/cheatsheets/*.html

The pages are built by :mod:`cardlib.draw.cheatsheet`: the basics from the game registry's
facts, every rule sentence from the engine, every other sentence from the catalogs.
tests/test_cheatsheets.py checks that the committed pages are what this script writes, and
tests/ui/test_cheatsheets_print.py that each prints on one A4 page.
"""

from __future__ import annotations

import sys
from pathlib import Path

from cardlib.draw.cheatsheet import GAMES, LANGUAGES, pages, sheet

__all__ = ["GAMES", "LANGUAGES", "main", "pages", "sheet"]

HERE = Path(__file__).resolve().parent


def main(argv: list[str] | None = None) -> int:
    """Write every page into this folder."""
    for name, page in pages().items():
        (HERE / name).write_text(page, encoding="utf-8")
        print(f"wrote docs/cheatsheets/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
