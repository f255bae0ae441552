"""The guided deal in a real browser (issue 37, item 3): lesson 06's guided table in Voilà.

The learner's wrong try (a dimmed card) reaches Python and is explained beside the hand in the
game's words, the table unchanged; the right card is then played. The same words, worked out by
the controller in this process, are what the page must show.
"""

from __future__ import annotations

import nbformat
import pytest
from jupyter_driver import (
    STDERR_MIME,
    VOILA_READY,
    WIDGET_ERRORS,
    accessibility_violations,
    table_position,
    voila_server,
)
from playwright.sync_api import expect

from cardlib.cards import parse_card
from cardlib.widgets.table_controller import TableController

pytestmark = pytest.mark.ui

TABLE = ".cardlib-table"
SEED = 2052  # lesson 06's table
SETTLED = "s => document.querySelector('.cardlib-table')?.dataset.serial !== s"


@pytest.fixture(scope="module")
def guided_app(browser, tmp_path_factory):
    from conftest import BIN

    folder = tmp_path_factory.mktemp("guided")
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    notebook.cells = [
        nbformat.v4.new_code_cell(
            "from cardlib.widgets.table import CardTable\n"
            f'CardTable("callbreak", seed={SEED}, guided=True)'
        )
    ]
    path = folder / "guided-deal.ipynb"
    nbformat.write(notebook, path)
    server = voila_server(BIN / "voila", path, folder)
    server.start(ready_path=VOILA_READY)
    yield server
    server.stop()


@pytest.fixture
def page(browser):
    from conftest import new_page

    page = new_page(browser)
    yield page
    page.close(run_before_unload=True)  # Voilà shuts the page's kernel down
    page.context.close()


def serial(page) -> str:
    return page.locator(TABLE).get_attribute("data-serial") or ""


def test_a_wrong_try_is_explained_and_the_right_card_played(guided_app, page):
    page.goto(guided_app.url)
    page.locator(TABLE).wait_for(timeout=120_000)
    page.select_option(".cl-speed", "instant")
    guide = page.locator(".cl-guide")
    calls = page.locator(".cl-calls button.cl-legal")
    calls.first.wait_for()
    expect(guide).to_be_visible()
    expect(guide).to_contain_text("You call the number of tricks you expect to take")

    before = serial(page)
    page.locator('.cl-calls button[data-call="3"]').click()
    page.wait_for_function(SETTLED, arg=before)

    # what the controller says for the same table, the same call and the same wrong card
    here = TableController("callbreak", seed=SEED, speed="instant", guided=True)
    here.click_call(3)
    expect(guide).to_have_text(here.state["guide"])
    wrong = page.locator(".cl-hand button.cl-dim").first
    code = wrong.get_attribute("data-code")
    assert code in {c["code"] for c in here.state["hand"] if not c["legal"]}
    here.click_card(code)
    assert here.refusal.startswith(f"Not {parse_card(code)}: Hearts were led")

    position, before = table_position(page), serial(page)
    wrong.click()
    expect(page.locator(".cl-refusal")).to_have_text(here.refusal)
    assert serial(page) == before and table_position(page) == position  # nothing changed
    expect(page.locator(f'.cl-hand button[data-code="{code}"]')).to_have_count(1)
    found = accessibility_violations(page, TABLE)  # the guide and the refusal, audited
    assert not found, "\n".join(found)

    right = page.locator(".cl-hand button.cl-legal").first
    played = right.get_attribute("data-code")
    right.click()
    page.wait_for_function(SETTLED, arg=before)
    expect(page.locator(".cl-refusal")).to_have_text("")
    expect(page.locator(f'.cl-hand button[data-code="{played}"]')).to_have_count(0)
    here.click_card(played)
    expect(guide).to_have_text(here.state["guide"])  # the next turn's rule

    errors = page.locator(f'.jp-OutputArea-output[data-mime-type="{STDERR_MIME}"]')
    assert not errors.count()
    assert not WIDGET_ERRORS.search(page.locator("body").text_content())
