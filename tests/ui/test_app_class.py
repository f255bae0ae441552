"""``make app`` for a class: the page needs nothing but its own server, says when that server
is gone, and the kernels of abandoned tabs are culled.

Each test starts its own Voilà as ``make app`` starts it (:func:`cardlib.app.voila_argv`),
without a preheated kernel (one page each: a preheated kernel would only be one more to start).
"""

from __future__ import annotations

import time
from urllib.parse import urlsplit

import pytest
from jupyter_driver import VOILA_READY, kernel_processes, voila_server
from playwright.sync_api import expect

from cardlib.app import DEFAULT_NOTEBOOK
from cardlib.widgets.table import CardTable

pytestmark = pytest.mark.ui

PLAYABLE = ".cl-calls button.cl-legal, .cl-hand button.cl-legal"
SETTLED = "s => document.querySelector('.cardlib-table')?.dataset.serial !== s"


def started_app(tmp_path, **options):
    from conftest import BIN, _require_browser

    _require_browser()
    server = voila_server(BIN / "voila", DEFAULT_NOTEBOOK, tmp_path, preheated=0, **options)
    return server.start(ready_path=VOILA_READY)


@pytest.fixture
def app(tmp_path):
    server = started_app(tmp_path)
    yield server
    server.stop()


def serial(page) -> str:
    return page.locator(".cardlib-table").get_attribute("data-serial") or ""


def open_playable(page, url: str) -> None:
    page.goto(url)
    page.locator(PLAYABLE).first.wait_for(timeout=120_000)  # Voilà runs the notebook first


def test_the_app_page_loads_only_from_its_own_server_with_no_console_error(browser, app):
    """Offline, or behind a firewall that lets through only the class's server: every request
    off 127.0.0.1 is refused, and the page still plays with nothing in its console."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    off_server: list[str] = []

    def only_the_server(route):
        url = route.request.url
        if url.startswith(("data:", "blob:")) or urlsplit(url).hostname == "127.0.0.1":
            route.continue_()
        else:
            off_server.append(url)
            route.abort()

    context.route("**/*", only_the_server)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    try:
        open_playable(page, app.url)
        before = serial(page)
        page.locator(PLAYABLE).first.click()  # a call or a card: the kernel answers it
        page.wait_for_function(SETTLED, arg=before)
        loaded = page.evaluate(
            "() => performance.getEntriesByType('resource').map(e => e.name)"
            ".filter(n => /labextensions\\//.test(n))"
        )
    finally:
        context.close()
    assert off_server == []
    assert errors == []
    # only the widgets' lab extensions: not nbgrader's, not JupyterLite's
    extensions = {n.split("labextensions/")[1].split("/static")[0] for n in loaded}
    assert extensions and extensions <= {
        "@jupyter-widgets/jupyterlab-manager",
        "@voila-dashboards/widgets-manager8",
        "anywidget",
    }, extensions


def test_a_click_after_the_server_has_gone_says_so_and_how_to_get_the_match_back(page, app):
    open_playable(page, app.url)
    gone = page.locator(".cl-server-gone")
    expect(gone).to_be_hidden()
    app.stop()
    page.locator(PLAYABLE).first.click()
    expect(gone).to_be_visible()
    said = CardTable("callbreak").controller._ui_words()["server_gone"]
    expect(gone).to_have_text(said)
    assert "reload this page" in said


def kernels_left(server, wanted: int, timeout: float = 60.0) -> int:
    """Poll until ``wanted`` kernels run under the server, or ``timeout`` s; the last count."""
    deadline = time.monotonic() + timeout
    while (count := len(kernel_processes(server))) != wanted and time.monotonic() < deadline:
        time.sleep(0.25)
    return count


def test_the_kernel_of_an_abandoned_tab_is_culled(browser, tmp_path):
    """A tab lost without closing (no "beforeunload": a phone's browser killed in the
    background) leaves its kernel behind; Voilà culls it once idle (here after 2 s)."""
    server = started_app(tmp_path, cull_idle=2, cull_interval=1)
    try:
        context = browser.new_context()
        page = context.new_page()
        open_playable(page, server.url)
        assert len(kernel_processes(server)) == 1
        context.close()  # no "beforeunload": the page is simply gone
        assert kernels_left(server, 0) == 0
    finally:
        server.stop()
