"""A lesson's quick check in JupyterLab: a wrong answer explained, then all right, then recorded.

Runs on notebook 01 as "Run All Cells" left it, and leaves it open for the interaction tests
that follow (the file's name sorts it before them). The progress record is the test run's own
temporary file (the project's conftest.py sets ``CARDLIB_PROGRESS``; JupyterLab's kernels
inherit it), so this test reads what the browser's click wrote.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from cardlib import progress

pytestmark = pytest.mark.ui

#: Notebook 01's quick check, question by question: a right answer (the engine agrees: the
#: checks are cardlib.exercises').
RIGHT = ("QH", "KC 9C 4C", "13", "3")


def test_01_quick_check_explains_a_wrong_answer_then_records_the_lesson(notebook_runs):
    before = progress.summary()["lessons passed"]
    notebook = notebook_runs.run("01-*")
    quick = notebook.page.locator(".cardlib-quick-check").first
    quick.scroll_into_view_if_needed()
    answers = quick.locator(".cardlib-quick-answer input")
    buttons = quick.locator("button.cardlib-check-answer")
    feedback = quick.locator(".widget-html.cardlib-feedback")
    expect(answers).to_have_count(len(RIGHT))

    answers.nth(0).fill("QS")
    buttons.nth(0).click()
    expect(feedback.nth(0)).to_contain_text("✗ Not yet")
    expect(feedback.nth(0)).to_contain_text("queen of spades")  # explained, not just marked
    for i, answer in enumerate(RIGHT):
        answers.nth(i).fill(answer)
        buttons.nth(i).click()
        expect(feedback.nth(i)).to_contain_text("✓ Correct")
    status = quick.locator(".cardlib-quick-status")
    expect(status).to_contain_text("Lesson 01 passed. It is in your progress record.")
    buttons.nth(0).click()  # a double tap records nothing twice
    expect(feedback.nth(0)).to_contain_text("✓ Correct")
    assert progress.summary()["lessons passed"] == before + 1
