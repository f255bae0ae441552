"""``make app``'s way with any notebook: the play-a-match notebook as a page with no code.

Voilà is started the way ``make app`` starts it (here serving notebook 06); the
learner loads the page, makes a call and plays the first trick against the bots at
the card table by clicking; then axe-core audits the whole page (WCAG 2.1 AA).
"""

from __future__ import annotations

import pytest
from jupyter_driver import (
    STDERR_MIME,
    WIDGET_ERRORS,
    accessibility_violations,
    call_and_play_a_trick,
    whole_page_screenshot,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.ui


def test_make_app_serves_a_playable_match(voila_app, page, screenshot_dir):
    app = voila_app("06-*")
    page.goto(app.url)
    # Voilà runs the whole notebook before it shows it.
    page.locator(".cardlib-table .cl-calls button.cl-legal").first.wait_for(timeout=120_000)
    expect(page.locator(".jp-CodeCell .jp-InputArea")).to_have_count(0)  # no code on the page
    # Only the learner's table: the code-driven demonstration tables (app-hide) are left out.
    expect(page.locator(".cardlib-table")).to_have_count(1)
    assert "What the buttons do" not in page.locator("body").text_content()
    call_and_play_a_trick(page)

    whole_page_screenshot(page, screenshot_dir / "voila" / "06-app-after-trick.png")
    errors = page.locator(f'.jp-OutputArea-output[data-mime-type="{STDERR_MIME}"]')
    assert not errors.count(), errors.first.text_content()
    assert not WIDGET_ERRORS.search(page.locator("body").text_content())
    # The whole page is the app: axe audits all of it, after a trick has been played.
    violations = accessibility_violations(page, "body")
    assert not violations, "make app, axe-core (WCAG 2.1 AA):\n" + "\n".join(violations)
