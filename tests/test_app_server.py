"""``make app``'s own server (cardlib.app_server), without a browser: the page it serves, what
its websocket takes and refuses, the pool refilled, abandoned tables culled, idle work.

Each server is started as ``python -m cardlib.app`` starts it, and spoken to as a page (or a
hostile client) would: over HTTP and a websocket.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import tornado.httpclient
import tornado.websocket

from cardlib import app_server
from cardlib.widgets.table_page import TablePage

sys.path.insert(0, str(Path(__file__).resolve().parent / "ui"))
from jupyter_driver import APP_READY, table_app_server, table_processes

CULL = 1.0  # seconds a closed page's table is kept, here


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    server = table_app_server(tmp_path_factory.mktemp("app"), pool=2, cull=CULL)
    server.start(ready_path=APP_READY)
    yield server
    server.stop()
    assert table_processes(server) == []  # stopped: no table left behind


def get(url: str) -> tuple[int, dict[str, str], str]:
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()


def served_page(server) -> tuple[str, dict]:
    """A visitor's page: their token and their first screen."""
    status, _headers, text = get(server.url)
    assert status == 200
    token = re.search(r'data-token="([^"]+)"', text).group(1)
    data = re.search(r'id="cardlib-first-screen">(.*?)</script>', text, re.S).group(1)
    return token, json.loads(data)


def until(condition, what: str, timeout: float = 60.0):
    """Poll ``condition`` until it is true (its value) or fail after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while not (value := condition()):
        if time.monotonic() > deadline:
            pytest.fail(f"not within {timeout:.0f} s: {what}")
        time.sleep(0.05)
    return value


class Client:
    """A websocket to a visitor's table, as a page or a hand-written client opens it."""

    def __init__(self, server, token: str, origin: str | None = None):
        url = server.url.replace("http://", "ws://") + f"ws?token={token}"
        headers = {"Origin": origin if origin is not None else server.url.rstrip("/")}
        request = tornado.httpclient.HTTPRequest(url, headers=headers)
        # the client's loop runs on a thread of its own: the test process may have another loop
        # running on its main thread (a browser test's Playwright keeps one for the session)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        try:
            self.socket = self.run(
                lambda: tornado.websocket.websocket_connect(request, max_message_size=2**24)
            )
        except BaseException:
            self.stop()
            raise

    def run(self, make, timeout: float = 60.0):
        """Await ``make()`` in this client's loop (tornado makes its futures in the loop
        running when it is called)."""

        async def within():
            return await asyncio.wait_for(make(), timeout)

        return asyncio.run_coroutine_threadsafe(within(), self.loop).result()

    def send(self, message) -> None:
        text = message if isinstance(message, str | bytes) else json.dumps(message)
        self.run(lambda: self.socket.write_message(text, binary=isinstance(text, bytes)))

    def receive(self, timeout: float = 60.0):
        """The next list of messages, or None once the socket has closed."""
        text = self.run(self.socket.read_message, timeout)
        return None if text is None else json.loads(text)

    def quiet(self, seconds: float = 0.5) -> bool:
        """Whether nothing arrives within ``seconds``."""
        try:
            self.run(self.socket.read_message, seconds)
        except TimeoutError:
            return True
        return False

    def close(self) -> None:
        async def closing():  # in this client's loop: no other loop need be current
            self.socket.close()
            await asyncio.sleep(0.05)

        self.run(closing)
        self.stop()

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join()
        self.loop.close()


def first_call(screen: dict) -> dict:
    """The page's message for the first allowed call in ``screen``, at its serial."""
    frame = screen["traits"]["frames"][-1]
    value = next(c["value"] for c in frame["calls"] if c["legal"])
    content = {"type": "call", "value": value, "serial": frame["serial"]}
    return {"kind": "custom", "content": content}


def played(answers: list[dict]) -> bool:
    """Whether the answers are a new position (the click was played)."""
    return any(m["kind"] == "traits" and "frames" in m["changes"] for m in answers)


def test_the_page_carries_its_first_screen_and_loads_only_from_this_server(server):
    status, headers, text = get(server.url)
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"
    screen = json.loads(re.search(r'"cardlib-first-screen">(.*?)</script>', text, re.S).group(1))
    assert screen["traits"]["game_key"] == "callbreak" and screen["traits"]["frames"]
    assert "<title>Play at the card table</title>" in text and '<html lang="en">' in text
    assert re.findall(r'(?:src|href)="([^"]+)"', text) == [
        "data:,",
        "static/table.css",
        "static/table_page.css",
        "static/table_page_socket.js",
    ]
    assert "http" not in text.replace(server.url, "")  # nothing from elsewhere
    for name, kind in [
        ("table.js", "text/javascript"),
        ("table_page.js", "text/javascript"),
        ("table_page_socket.js", "text/javascript"),
        ("table.css", "text/css"),
    ]:
        status, headers, body = get(server.url + "static/" + name)
        assert status == 200 and headers["Content-Type"].startswith(kind) and body
    for name in ("../app.py", "table_page.py", "..%2Fapp_server.py", "missing.js"):
        assert get(server.url + "static/" + name)[0] == 404


def test_a_script_in_the_first_screen_cannot_end_the_pages_script_tag():
    visitor = app_server.Visitor.__new__(app_server.Visitor)
    visitor.token = "t"
    visitor.first_screen = {"page": {"lang": "en"}, "traits": {"x": "</script><script>alert(1)"}}
    page = app_server.page_html(visitor)
    assert "</script><script>" not in page and page.count("</script>") == 2
    data = re.search(r'"cardlib-first-screen">(.*?)</script>', page, re.S).group(1)
    assert json.loads(data)["traits"]["x"] == "</script><script>alert(1)"


def test_a_visitor_plays_over_the_websocket(server):
    token, screen = served_page(server)
    client = Client(server, token)
    try:
        client.send(first_call(screen))
        assert played(client.receive())
        # the same click again (a double click): stale, answered as such, not played
        client.send(first_call(screen))
        (answer,) = client.receive()
        assert answer["kind"] == "custom" and answer["content"]["type"] == "ignored"
    finally:
        client.close()


#: Messages that are not the page's: each is answered with nothing and changes nothing.
NOT_THE_PAGES = [
    # a Jupyter request to run code, as a kernel's websocket would take it
    json.dumps(
        {
            "header": {"msg_type": "execute_request", "msg_id": "1"},
            "channel": "shell",
            "content": {"code": "import os; os.system('touch /tmp/pwned')"},
        }
    ),
    "import os",
    "",
    "{",
    "[" * 100_000 + "]" * 100_000,  # nested past the parser's reach
    "1" * 5000,  # a number past Python's digits limit
    json.dumps([{"kind": "custom", "content": {"type": "call", "value": 3}}]),  # a list
    json.dumps({"kind": "exec", "code": "print(1)"}),
    json.dumps({"kind": "custom", "content": {"type": "card", "code": "ZZ", "serial": 0}}),
    json.dumps({"kind": "custom", "content": "call 3"}),
    json.dumps({"kind": "pick", "game": "__import__('os')"}),
    json.dumps({"kind": "set", "changes": {"frames": [], "__class__": 1}}),
    json.dumps({"kind": "answer", "switch": True}),  # nothing was asked
    b"\x00\x01binary",
]


def test_messages_that_are_not_the_pages_are_refused_with_the_table_unchanged(server):
    token, screen = served_page(server)
    client = Client(server, token)
    try:
        for message in NOT_THE_PAGES:
            client.send(message)
        # a card not held, a forged match to restore, wrong types: refused by the table
        frame = screen["traits"]["frames"][-1]
        serial = frame["serial"]
        held = {c["code"] for c in frame["hand"]}
        not_held = next(f"{r}{s}" for s in "SHDC" for r in "AKQJ" if f"{r}{s}" not in held)
        client.send({"kind": "custom", "content": {"type": "card", "code": not_held, "serial": 0}})
        forged = {**screen["traits"]["kept_match"], "actions": [["call", 13]] * 60}
        client.send({"kind": "custom", "content": {"type": "restore", "saved": forged}})
        client.send({"kind": "custom", "content": {"type": "call", "value": "13", "serial": True}})
        client.send({"kind": "set", "changes": {"speed": ["instant"], "level": 3}})
        # the first call at the first screen's serial is still the table's next move: played
        client.send(first_call(screen))
        heard = [client.receive()]
        while not played(heard[-1]):
            heard.append(client.receive())
        # before it, only refusals and the values the table still has: never a new position
        assert not any(played(answers) for answers in heard[:-1])
        kinds = {name for answers in heard[:-1] for m in answers for name in m.get("changes", {})}
        assert kinds <= {"refusal", "refusal_count", "speed", "level"}, kinds
        assert heard[-1][0]["changes"]["frames"][0]["serial"] > serial
    finally:
        client.close()
    assert not Path("/tmp/pwned").exists()


def test_a_huge_message_closes_the_socket_and_the_table_waits_for_its_page(server):
    token, screen = served_page(server)
    client = Client(server, token)
    client.send(json.dumps({"kind": "set", "changes": {"x": "y" * app_server.MAX_MESSAGE_BYTES}}))
    assert client.receive() is None  # closed by the server
    assert client.socket.close_code == 1009  # "message too big"
    client.close()
    again = Client(server, token)  # its page reconnects within the cull time
    try:
        again.send(first_call(screen))
        assert played(again.receive())  # the table as it was
    finally:
        again.close()


def test_a_page_of_another_site_cannot_connect(server):
    token, _screen = served_page(server)
    for origin in ("http://evil.example", "http://127.0.0.1.evil.example", "null"):
        with pytest.raises(tornado.httpclient.HTTPClientError) as refused:
            Client(server, token, origin=origin)
        assert refused.value.code == 403


def test_an_unknown_token_or_a_second_page_for_one_table_is_refused(server):
    stranger = Client(server, "not-a-token")
    assert stranger.receive() is None and stranger.socket.close_code == 4404
    stranger.close()
    token, _screen = served_page(server)
    first = Client(server, token)
    second = Client(server, token)
    try:
        assert second.receive() is None and second.socket.close_code == 4409
    finally:
        second.close()
        first.close()


def pids(server) -> set[int]:
    return {int(p.name) for p in table_processes(server)}


def test_a_table_taken_is_replaced_and_an_abandoned_one_is_culled(server):
    until(lambda: len(pids(server)) == 2, "the pool of two ready")
    waiting = pids(server)
    token, screen = served_page(server)
    client = Client(server, token)
    client.send(first_call(screen))
    client.receive()
    # the pool is full again: two waiting (one of them new), and this visitor's own
    until(lambda: len(pids(server)) == 3, "two waiting and one taken")
    replacement = pids(server) - waiting
    assert len(replacement) == 1
    client.close()  # the page is gone: its table culled after CULL seconds
    until(lambda: len(pids(server)) == 2, "the abandoned table culled")
    left = pids(server)
    assert replacement <= left and len(left & waiting) == 1
    gone = Client(server, token)  # too late: that table is no more
    assert gone.receive() is None and gone.socket.close_code == 4404
    gone.close()


def test_a_page_served_but_never_connected_is_culled_too(server):
    until(lambda: len(pids(server)) == 2, "the pool of two ready")
    get(server.url)  # a page nobody runs (a crawler, a script that fetches it)
    until(lambda: len(pids(server)) == 3, "its replacement started")
    until(lambda: len(pids(server)) == 2, "the page's table culled")


def test_beyond_the_most_visitors_the_page_says_the_table_is_full(tmp_path):
    server = table_app_server(tmp_path, pool=0, max_visitors=1)
    server.start(ready_path=APP_READY)
    try:
        assert get(server.url)[0] == 200
        status, _headers, text = get(server.url)
        assert status == 503 and "The card table is full" in text
    finally:
        server.stop()


def test_idle_work_waits_for_the_messages_then_runs_until_done(monkeypatch):
    """visitor_main: the messages waiting are handled first; then idle steps while none waits,
    until one says there is nothing left; what each changed is sent."""
    import multiprocessing

    log: list[str] = []
    steps = iter([True, True, False])
    real_receive = TablePage.receive

    def receive(page, message):
        log.append("message")
        return real_receive(page, message)

    def idle_step(page):
        log.append("idle")
        return next(steps)

    monkeypatch.setattr(TablePage, "receive", receive)
    monkeypatch.setattr(TablePage, "idle_step", idle_step)
    monkeypatch.setattr(TablePage, "changes", lambda page: [{"kind": "idle work"}])
    screen = TablePage("callbreak", seed=3).first_screen()
    server_end, visitor_end = multiprocessing.Pipe()
    server_end.send(json.dumps(first_call(screen)))  # waiting before the table is even made
    server_end.send(json.dumps({"kind": "exec", "code": "print(1)"}))  # not the page's
    worker = threading.Thread(target=app_server.visitor_main, args=(visitor_end, {"seed": 3}))
    worker.start()
    try:
        assert server_end.recv()["traits"]["frames"] == screen["traits"]["frames"]
        assert played(server_end.recv())  # the call
        assert [server_end.recv() for _ in range(3)] == [[{"kind": "idle work"}]] * 3
        assert log == ["message", "message", "idle", "idle", "idle"]
        assert not server_end.poll(0.3)  # done: nothing more until a message comes
    finally:
        server_end.send(None)
        worker.join(timeout=60)
    assert not worker.is_alive()


def test_idle_work_ends_and_changes_nothing_the_browser_shows():
    page = TablePage("callbreak", seed=1)
    page.first_screen()
    steps = 0
    while page.idle_step():
        steps += 1
        assert steps < 10_000, "the idle work never ends"
    assert page.changes() == []  # the coach's work ahead is not drawn until asked for


def test_a_flood_of_messages_never_holds_the_server_up():
    """A page's messages wait in a queue of the visitor's own, written by a thread of its own:
    with the process busy (here: not reading at all), sending never waits, and beyond
    MAX_WAITING_MESSAGES more are dropped."""
    import multiprocessing

    class Busy:
        pid = 1

    server_end, visitor_end = multiprocessing.Pipe()
    visitor = app_server.Visitor(Busy(), server_end)
    big = "x" * 100_000  # larger than the pipe holds: the writer thread blocks on the first
    start = time.perf_counter()
    taken = [visitor.send(big) for _ in range(app_server.MAX_WAITING_MESSAGES + 10)]
    assert time.perf_counter() - start < 5  # never blocked on the pipe (it blocks forever)
    # one is being written, MAX_WAITING_MESSAGES wait, the rest are dropped
    assert taken.count(True) in (
        app_server.MAX_WAITING_MESSAGES,
        app_server.MAX_WAITING_MESSAGES + 1,
    )
    assert visitor.dropped == taken.count(False) >= 9
    received = visitor_end.recv()  # the process reads again: the messages come in order
    assert received == big
    visitor_end.close()  # the process ends: the writer stops
    visitor.writer.join(timeout=10)
    assert not visitor.writer.is_alive()
