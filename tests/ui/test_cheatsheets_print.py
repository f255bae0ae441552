"""Each cheat-sheet prints on exactly one A4 page (Chromium's own print to PDF)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.ui

SHEETS = sorted((Path(__file__).resolve().parents[2] / "docs" / "cheatsheets").glob("*.html"))


def pages_in(pdf: bytes) -> int:
    """The number of page objects in a PDF (``/Type /Page``, not the ``/Pages`` tree)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def test_the_page_counter_counts_pages_not_the_page_tree():
    assert pages_in(b"<< /Type /Pages /Count 2 >> << /Type /Page >> << /Type/Page >>") == 2


@pytest.mark.parametrize("sheet", SHEETS, ids=[s.name for s in SHEETS])
def test_each_cheat_sheet_prints_on_one_a4_page(page, sheet):
    page.goto(sheet.as_uri())
    page.wait_for_selector("h2")
    pdf = page.pdf(format="A4", print_background=True)
    assert pages_in(pdf) == 1, f"{sheet.name} prints on {pages_in(pdf)} pages"
