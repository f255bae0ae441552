"""``make app`` for a class: the page needs nothing but its own server, takes nothing but the
page's own messages, says when that server is gone, and the tables of abandoned tabs are culled.

Each test starts its own server as ``make app`` starts it (``python -m cardlib.app``: the card
table's page, cardlib.app_server), with one table preheated.
"""

from __future__ import annotations

import json
import time
from urllib.parse import urlsplit

import pytest
from jupyter_driver import (
    APP_READY,
    accessibility_violations,
    table_app_server,
    table_position,
    table_processes,
)
from playwright.sync_api import expect

from cardlib import i18n
from cardlib.app_server import MAX_MESSAGE_BYTES
from cardlib.widgets.table import CardTable

pytestmark = pytest.mark.ui

PLAYABLE = ".cl-calls button.cl-legal, .cl-hand button.cl-legal"
SETTLED = "s => document.querySelector('.cardlib-table')?.dataset.serial !== s"


def started_app(tmp_path, **options):
    from conftest import _require_browser

    _require_browser()
    server = table_app_server(tmp_path, **options)
    return server.start(ready_path=APP_READY)


@pytest.fixture
def app(tmp_path):
    server = started_app(tmp_path)
    yield server
    server.stop()


def serial(page) -> str:
    return page.locator(".cardlib-table").get_attribute("data-serial") or ""


def open_playable(page, url: str) -> None:
    page.goto(url)
    page.locator(PLAYABLE).first.wait_for(timeout=60_000)


def click_and_wait(page) -> None:
    before = serial(page)
    page.locator(PLAYABLE).first.click()
    page.wait_for_function(SETTLED, arg=before)


#: The page's own files: all it loads (and its websocket).
PAGE_FILES = {"", "static/table.css", "static/table_page.css", "static/table_page_socket.js"} | {
    "static/table_page.js",
    "static/table.js",
}


def test_the_app_page_loads_only_from_its_own_server_with_no_console_error(browser, app):
    """Offline, or behind a firewall that lets through only the class's server: every request
    off 127.0.0.1 is refused, and the page still plays with nothing in its console; it loads
    the table's own files and nothing else (no lab extension, no notebook, no CDN)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    off_server: list[str] = []
    asked: list[str] = []

    def only_the_server(route):
        url = route.request.url
        if url.startswith(("data:", "blob:")) or urlsplit(url).hostname == "127.0.0.1":
            asked.append(url)
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
        click_and_wait(page)  # a call: the visitor's table answers it
        violations = accessibility_violations(page, "body")  # the whole page is the app
    finally:
        context.close()
    assert off_server == []
    assert errors == []
    assert {url.removeprefix(app.url) for url in asked} == PAGE_FILES
    assert not violations, "make app, axe-core (WCAG 2.1 AA):\n" + "\n".join(violations)


def test_a_click_after_the_server_has_gone_says_so_in_the_players_language(page, app):
    open_playable(page, app.url)
    page.select_option("#cl-pick-language", "hi")
    expect(page.locator(".cl-heading")).to_contain_text("कॉल ब्रेक")
    gone = page.locator(".cl-server-gone")
    expect(gone).to_be_hidden()
    app.stop()
    page.locator(PLAYABLE).first.click()
    expect(gone).to_be_visible()
    with i18n.language("hi"):
        said = CardTable("callbreak").controller._ui_words()["server_gone"]
    assert said != CardTable("callbreak").controller._ui_words()["server_gone"]  # in Hindi
    expect(gone).to_have_text(said)
    expect(gone).to_have_attribute("role", "alert")


def tables_left(server, wanted: int, timeout: float = 60.0) -> int:
    """Poll until ``wanted`` tables' processes run under the server, or ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while (count := len(table_processes(server))) != wanted and time.monotonic() < deadline:
        time.sleep(0.1)
    return count


def test_the_table_of_an_abandoned_tab_is_culled(browser, tmp_path):
    """A tab lost without closing (a phone's browser killed in the background) or closed:
    its table's process is ended once the cull time (here 1 s) has passed; the preheated one
    stays for the next visitor."""
    server = started_app(tmp_path, pool=1, cull=1)
    try:
        assert tables_left(server, 1) == 1
        context = browser.new_context()
        page = context.new_page()
        open_playable(page, server.url)
        assert tables_left(server, 2) == 2  # the visitor's, and its replacement
        context.close()  # no "beforeunload": the page is simply gone
        assert tables_left(server, 1) == 1
    finally:
        server.stop()
    assert table_processes(server) == []


#: Catches the page's websocket, so that a test can send on it what a hostile visitor could.
CATCH_SOCKET_JS = """
window.sockets = [];
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(...args) {
    super(...args);
    window.sockets.push(this);
    this.addEventListener('close', (event) => { this.closedWith = event.code; });
  }
};
"""

#: Sends each text on the page's own socket.
SEND_JS = "texts => { for (const t of texts) window.sockets[0].send(t); }"


def test_messages_that_are_not_the_pages_are_refused_with_the_table_unchanged(page, app, tmp_path):
    """On the page's own websocket, a visitor sends a Jupyter request to run code (which would
    write a file), a forged match to restore, a card they do not hold, wrong types: nothing
    runs, the table is as it was and plays on. A message too big closes the socket: the next
    click says the server is gone, and a reload brings the match back from the browser."""
    page.add_init_script(CATCH_SOCKET_JS)
    open_playable(page, app.url)
    click_and_wait(page)  # the call: now mid-deal, with cards in hand
    before = table_position(page)
    at = int(serial(page))
    target = tmp_path / "written-by-a-visitor.txt"
    code = f"import pathlib; pathlib.Path({str(target)!r}).write_text('ran')"
    held = set(page.locator(".cl-hand button").evaluate_all("bs => bs.map(b => b.dataset.code)"))
    not_held = next(f"{r}{s}" for s in "SHDC" for r in "AKQJT98765432" if f"{r}{s}" not in held)
    kept = page.evaluate(
        "() => Object.entries(localStorage).find(([k]) => k.startsWith('cardlib-table-match'))"
    )
    forged = {**json.loads(kept[1]), "actions": [["call", 13], ["card", "AS"]] * 40}
    hostile = [
        {
            "header": {"msg_type": "execute_request", "msg_id": "x", "session": "s"},
            "channel": "shell",
            "content": {"code": code, "silent": False},
        },
        {"kind": "custom", "content": {"type": "restore", "saved": forged}},
        {"kind": "custom", "content": {"type": "card", "code": not_held, "serial": at}},
        {"kind": "custom", "content": {"type": "card", "code": ["AS"], "serial": str(at)}},
        {"kind": "custom", "content": {"type": "call", "value": True, "serial": at}},
        {"kind": "set", "changes": {"frames": [], "speed": {"x": 1}}},
        {"kind": "pick", "game": {"callbreak": 1}, "players": "4"},
        {"kind": "eval", "code": code},
    ]
    page.evaluate(SEND_JS, [json.dumps(m) for m in hostile] + ["print(1)", "{"])
    click_and_wait(page)  # a card: answered after every message before it
    assert not target.exists()
    after = table_position(page)
    assert after["heading"] == before["heading"]
    assert len(after["hand"]) == len(before["hand"]) - 1  # one card played: the click's
    expect(page.locator(".cl-restored")).to_be_hidden()  # no forged match was restored
    moved_on = table_position(page)

    page.evaluate(SEND_JS, ["x" * (MAX_MESSAGE_BYTES + 1)])
    page.wait_for_function("() => window.sockets[0].closedWith !== undefined")
    # too big: tornado sends its close frame (1009) and drops the connection at once, so the
    # browser may see the drop first (1006); either way the message never reached the table
    assert page.evaluate("() => window.sockets[0].closedWith") in (1006, 1009)
    page.locator(PLAYABLE).first.click()
    expect(page.locator(".cl-server-gone")).to_be_visible()
    page.reload()  # a new table, the match rebuilt from this browser's storage
    expect(page.locator(".cl-restored")).to_contain_text("Your match is back where you")
    page.select_option(".cl-speed", "instant")
    page.wait_for_function(
        "() => { const f = document.querySelector('.cardlib-table')?.dataset.frame?.split('/');"
        " return !!f && f[0] === f[1]; }"
    )
    assert table_position(page) == moved_on


def test_a_page_of_another_site_cannot_reach_a_visitors_table(browser, app):
    """A page of another site (here another port of the same machine), open in the visitor's
    browser, that knows the table's token: the server refuses its websocket, whose Origin is
    not the server's, and the visitor's table plays on as it was."""
    import http.server
    import threading

    class Elsewhere(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(b"<p>Free cards!</p>")

        def log_message(self, *args):
            pass

    # a real server (a page that Playwright made up would be another network's to Chromium,
    # which then blocks its request to this machine before the server can refuse it)
    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Elsewhere)
    threading.Thread(target=site.serve_forever, daemon=True).start()
    elsewhere = f"http://127.0.0.1:{site.server_address[1]}/"
    context = browser.new_context()
    try:
        visitor = context.new_page()
        open_playable(visitor, app.url)
        token = visitor.locator("#cardlib-app").get_attribute("data-token")
        before = table_position(visitor)
        evil = context.new_page()
        evil.goto(elsewhere)
        outcome = evil.evaluate(
            """async (url) => await new Promise((done) => {
                 const ws = new WebSocket(url);
                 ws.onopen = () => { ws.send(JSON.stringify({kind: 'pick', game: 'bridge'}));
                                     done('open'); };
                 ws.onclose = (event) => done(`closed ${event.code}`);
               })""",
            app.url.replace("http://", "ws://") + f"ws?token={token}",
        )
        assert outcome == "closed 1006"  # refused before it opened
        log = app.log_path.read_text()
        assert f"refused a websocket from another origin: {elsewhere.rstrip('/')!r}" in log
        assert " 403 GET /ws?token=" in log
        click_and_wait(visitor)  # the visitor's table plays on, as it was
        assert table_position(visitor)["heading"] == before["heading"]
    finally:
        context.close()
        site.shutdown()


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
        second.locator(PLAYABLE).first.wait_for(timeout=60_000)
        assert second.evaluate(RECORD_JS) is None
        assert first.evaluate(RECORD_JS)["games"]["judgement"]["played"] == 1
    finally:
        for page in (first, second):
            page.context.close()
        server.stop()
    assert not shared.exists()
    assert list(tmp_path.rglob("*progress*")) == []
