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


#: A visitor's own kernel, spoken to as Voilà's page speaks to it: a second websocket on
#: /api/kernels/<the page's kernel>/channels (the kernel's id is in the page's config), with
#: Jupyter's JSON messages. First an execute request, then a kernel info request on the same
#: shell channel: the kernel answers shell requests in turn, so once the info reply is in, an
#: execute request that had got through would have been answered already.
ATTEMPT_JS = """
async code => {
  const config = JSON.parse(document.getElementById('jupyter-config-data').textContent);
  const ws = new WebSocket(location.origin.replace(/^http/, 'ws') + '/api/kernels/'
                           + config.kernelId + '/channels?session_id=visitor');
  await new Promise((opened, failed) => { ws.onopen = opened; ws.onerror = failed; });
  const message = (type, content) => ({
    channel: 'shell', parent_header: {}, metadata: {}, content, buffers: [],
    header: {msg_id: `${type}-${Math.random()}`, msg_type: type, username: 'visitor',
             session: 'visitor', date: new Date().toISOString(), version: '5.3'},
  });
  const heard = [];
  const answered = new Promise(resolve => {
    ws.onmessage = event => {
      const msg = JSON.parse(event.data);
      heard.push({type: msg.header.msg_type, parent: msg.parent_header.msg_id ?? null,
                  text: JSON.stringify(msg.content)});
      if (msg.header.msg_type === 'kernel_info_reply') resolve();
    };
  });
  const execute = message('execute_request', {code, silent: false, store_history: true,
                          user_expressions: {}, allow_stdin: false, stop_on_error: true});
  const info = message('kernel_info_request', {});
  ws.send(JSON.stringify(execute));
  ws.send(JSON.stringify(info));
  await answered;
  ws.close();
  return {execute: execute.header.msg_id, info: info.header.msg_id, heard};
}
"""


def test_a_visitor_cannot_run_code_in_their_kernel_over_its_websocket(page, app, tmp_path):
    """Voilà passes only the widgets' messages (and kernel info and shutdown requests) to a
    visitor's kernel: an execute request sent over the page's kernel websocket, which would
    write a file and print a secret, is dropped; nothing runs, nothing comes back for it, and
    the table plays on."""
    target = tmp_path / "written-by-a-visitor.txt"
    code = (
        "import os, pathlib\n"
        f"pathlib.Path({str(target)!r}).write_text(os.environ.get('HOME', 'home'))\n"
        "print('the secret is', os.environ.get('HOME'))"
    )
    open_playable(page, app.url)
    attempt = page.evaluate(ATTEMPT_JS, code)
    replies = [m for m in attempt["heard"] if m["parent"] == attempt["info"]]
    assert "kernel_info_reply" in {m["type"] for m in replies}  # the connection was heard
    assert [m for m in attempt["heard"] if m["parent"] == attempt["execute"]] == []
    assert not any("the secret is" in m["text"] for m in attempt["heard"])
    assert not target.exists()
    assert 'message of type "execute_request", which is not allowed' in app.log_path.read_text()
    before = serial(page)
    page.locator(PLAYABLE).first.click()  # the visitor's table is as it was, and plays on
    page.wait_for_function(SETTLED, arg=before)


def test_each_visitors_record_is_their_own_and_no_file_on_the_server(
    browser, tmp_path, monkeypatch
):
    """Two visitors, two browsers (contexts): the one who finishes a match of Judgement sees it
    in their record; the other's browser holds no record of it; and the server keeps no
    progress file that the class would share, even where the teacher's shell names one."""
    from test_table_app import RECORD_JS, finish_match_by_clicking, open_table, record_says

    shared = tmp_path / "teachers-progress.json"
    monkeypatch.setenv("CARDLIB_PROGRESS", str(shared))
    server = started_app(tmp_path)
    first, second = (browser.new_context().new_page() for _ in range(2))
    try:
        open_table(first, server, "judgement")
        open_table(second, server, "judgement")
        finish_match_by_clicking(first, "instant")
        record_says(first, 1)
        assert second.evaluate(RECORD_JS) is None
        second.reload()
        second.locator(PLAYABLE).first.wait_for(timeout=120_000)
        assert second.evaluate(RECORD_JS) is None
        assert first.evaluate(RECORD_JS)["games"]["judgement"]["played"] == 1
    finally:
        for page in (first, second):
            page.context.close()
        server.stop()
    assert not shared.exists()
    assert list(tmp_path.rglob("*progress*")) == []  # nor beside the served notebook
