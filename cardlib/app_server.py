"""``make app``'s server: the card table's page (:mod:`cardlib.widgets.table_page`) with no
kernel, no notebook and no code, for a class on one machine.

``GET /`` answers a light page: the table's own front end (``table.css``, ``table.js``,
``table_page.js``, ``table_page.css``) and a few lines that connect it to this server
(``table_page_socket.js``), all from this server,
and the visitor's first screen inline, so the table is drawn before any script has talked to
Python. A websocket (``/ws?token=…``, the token in the page) then carries the page's plain JSON
messages to that visitor's :class:`~cardlib.widgets.table_page.TablePage` and its answers back.

**One process per visitor.** Each visitor's table lives in a process of its own, as a kernel
kept it, taken from a pool of preheated ones (``--pool N``; each has imported cardlib, made its
``TablePage`` and its first screen; a new one is started whenever one is taken). The processes
are forked from one that has imported cardlib already (multiprocessing's ``forkserver``), so a
new one is ready in tens of milliseconds (0.03 s of CPU) and shares the library's memory with
the others: a table's process is about 10 MB (its proportional share, PSS), 16 MB after a whole
match and its reviews, where a kernel was 65 MB; 30 visitors opening the page at once on a
busy 2-core machine had a playable table after a median 2.2 s, the slowest 4.5 s, where Voilà's
kernels took 96 s and 110 s (``benchmarks/bench_class.py``; docs/benchmarks.md). Worker
processes each holding several visitors were considered and not built: they would save little
memory (the library's pages are shared already: a visitor's own part is mostly their table)
and they are not as safe. The language
(:func:`cardlib.i18n.set_language`, which the page's menu calls) and the progress record are
per process, so two visitors in one process would switch each other's language; one visitor's
review of a deal (a CPU-second of the coach) would hold up every other click in that process;
and one visitor's bug or crash would be everyone's in it. Separate processes keep visitors
apart exactly as kernels did, and the operating system spreads them over the cores.

**What a visitor can send.** Only text messages of at most :data:`MAX_MESSAGE_BYTES`, from a
page of this server (the websocket's ``Origin`` must name the host the page came from), go to
the visitor's own process, where :meth:`TablePage.receive` takes the page's messages and
ignores anything else (not JSON, another kind, wrong types, a card not held, a forged match to
restore). Nothing a visitor sends is run: there is no code on either side to run it. A bigger
message closes the connection (websocket code 1009, which the browser may see as the drop,
1006) and never reaches the process.

**Abandoned tables.** A visitor whose socket has closed (a tab closed or lost, a network gone)
keeps their process for :data:`CULL_SECONDS` (``--cull``): a page that reconnects with its
token gets its table back as it was; then the process is ended. A reload gets a new page and a
new process, and the table's front end rebuilds the match from the browser's storage, as it
did with kernels. A page served whose socket never connects is culled the same way; at most
``--max-visitors`` processes run at once, beyond which the page says the table is full.

**Idle work.** A visitor's process runs :meth:`TablePage.idle_step` whenever it has no message
to handle (the page's messages always first), until it says there is nothing left to do, and
sends the page what that work changed.
"""

from __future__ import annotations

import collections
import contextlib
import gc
import html
import json
import logging
import multiprocessing
import multiprocessing.connection
import os
import queue
import secrets
import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import tornado.concurrent
import tornado.ioloop
import tornado.web
import tornado.websocket

from cardlib.i18n import _

log = logging.getLogger("cardlib.app")

#: The table's browser side, served as they are: the table (table.css, table.js), its page
#: (table_page.js, table_page.css) and the few lines that connect the page to this server's
#: websocket (table_page_socket.js). Nothing else is served.
WIDGETS = Path(__file__).resolve().parent / "widgets"
STATIC_FILES = {
    name: WIDGETS / name
    for name in (
        "table.css",
        "table.js",
        "table_page.js",
        "table_page.css",
        "table_page_socket.js",
    )
}
#: The largest message the page may send, in bytes. The largest the page sends is a kept
#: match to restore: a whole match of seven-seat Judgement is about 10 kB.
MAX_MESSAGE_BYTES = 256 * 1024
#: Seconds a visitor's process is kept once their socket has closed (or, for a page served,
#: before it first connects).
CULL_SECONDS = 300
#: Processes kept preheated by default.
DEFAULT_POOL = 2
#: Most visitors' processes at once (the pool's not counted): each is 10 to 20 MB.
MAX_VISITORS = 200
#: Seconds between the websocket's pings: a connection that stops answering (a phone's browser
#: killed in the background) is closed, and its process culled in turn.
PING_SECONDS = 30
#: Messages from a page that may wait for its process (see :class:`Visitor`).
MAX_WAITING_MESSAGES = 32
#: Seconds an ended visitor's process has to end by itself before it is killed.
REAP_SECONDS = 2.0
#: Security headers of every answer. The table sets inline ``style`` attributes (card colours,
#: positions), hence ``'unsafe-inline'`` for styles only; scripts come from this server only.
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
        "frame-ancestors 'none'; form-action 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


# ----- a visitor's process ---------------------------------------------------------------


def visitor_main(conn: multiprocessing.connection.Connection, options: dict[str, Any]) -> None:
    """A visitor's process: make the table and its first screen, send it, then take the page's
    messages (text, as the browser sent it) one at a time and send back what each changed;
    with no message waiting, do the table's idle work. Ends when the server says so (``None``)
    or is gone."""
    from cardlib.widgets.table_page import TablePage

    # what the process was forked with is shared with every other visitor's until written to:
    # the collector would write to all of it on its rounds (about 2 MB a visitor)
    gc.freeze()
    # Ctrl-C in make app's terminal reaches every process of it: the server ends its
    # visitors' processes itself (and each ends when the server is gone)
    with contextlib.suppress(ValueError):  # (not in a thread, as a test runs it)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    page = TablePage(**options)
    conn.send(page.first_screen())
    idle = True
    while True:
        if idle and not conn.poll():
            idle = page.idle_step()
            changes = page.changes()
            if changes:
                conn.send(changes)
            continue
        try:
            text = conn.recv()
        except (EOFError, OSError):
            return  # the server is gone
        if text is None:
            return
        idle = True
        try:
            message = json.loads(text)
        except (ValueError, RecursionError):  # not JSON (or nested beyond reason): not the page's
            continue
        try:
            answers = page.receive(message)
        except Exception:  # a bug in the table: this visitor's page says nothing, the rest go on
            log.exception("the table failed on a message")
            continue
        if answers:
            conn.send(answers)


class Visitor:
    """One visitor's process, as the server sees it: its token, its first screen, its socket.

    The page's messages go to the process through a queue of at most
    :data:`MAX_WAITING_MESSAGES` and a thread of the visitor's own: writing to a process busy
    with a long piece of work (a review) would otherwise hold up the server, and every other
    visitor with it, once the pipe is full. Beyond that many messages waiting, more are dropped:
    the page sends one click at a time and waits for its answer, so only a flood reaches it.
    """

    def __init__(self, process: Any, conn: multiprocessing.connection.Connection):
        self.process = process
        self.conn = conn
        self.token = secrets.token_urlsafe(24)
        self.first_screen: dict[str, Any] | None = None
        self.ready: tornado.concurrent.Future[Visitor] = tornado.concurrent.Future()
        self.socket: TableSocket | None = None
        self.cull: object | None = None  # the timer that ends the process
        self.ended = False
        self.dropped = 0  # messages dropped because too many were waiting
        self.outbox: queue.Queue[str | None] = queue.Queue(MAX_WAITING_MESSAGES)
        self.writer = threading.Thread(target=self._write, daemon=True)
        self.writer.start()

    @property
    def pid(self) -> int:
        """The process's id."""
        return int(self.process.pid)

    def send(self, text: str) -> bool:
        """A message from the page, on to the process (if it is still there, and not too many
        wait for it already); whether it was taken. Never waits."""
        if self.ended:
            return False
        try:
            self.outbox.put_nowait(text)
        except queue.Full:
            self.dropped += 1
            return False
        return True

    def stop(self) -> None:
        """Ask the process to end (after the messages already waiting)."""
        with contextlib.suppress(queue.Full):  # if it cannot be asked, reap() ends it
            self.outbox.put_nowait(None)

    def _write(self) -> None:
        """The writer thread: each message waiting, in order, to the process; ``None`` last."""
        while True:
            text = self.outbox.get()
            try:
                self.conn.send(text)
            except (OSError, ValueError):
                return  # the process has gone (or was ended): the reader notices
            if text is None:
                return


class Pool:
    """The visitors' processes: ``size`` preheated, each taken one replaced at once; those
    taken, by token, each ended :data:`CULL_SECONDS` after its socket closed."""

    def __init__(
        self,
        size: int = DEFAULT_POOL,
        cull_seconds: float = CULL_SECONDS,
        max_visitors: int = MAX_VISITORS,
        options: dict[str, Any] | None = None,
    ):
        self.size = size
        self.cull_seconds = cull_seconds
        self.max_visitors = max_visitors
        self.options = dict(options or {})
        self.waiting: collections.deque[Visitor] = collections.deque()
        self.visitors: dict[str, Visitor] = {}
        self.context = process_context()
        self.closed = False

    # ----- processes -----

    def start_one(self) -> Visitor:
        """Start a visitor's process; it is ready once its first screen has arrived."""
        parent, child = self.context.Pipe()
        process = self.context.Process(target=visitor_main, args=(child, self.options), daemon=True)
        process.start()
        child.close()
        visitor = Visitor(process, parent)
        tornado.ioloop.IOLoop.current().add_handler(
            parent.fileno(), lambda _fd, _events: self._heard(visitor), tornado.ioloop.IOLoop.READ
        )
        return visitor

    def fill(self) -> None:
        """Start processes until ``size`` wait for the next visitors."""
        while not self.closed and len(self.waiting) < self.size:
            self.waiting.append(self.start_one())

    def _heard(self, visitor: Visitor) -> None:
        """The process has written: its first screen, or answers for its page."""
        try:
            while visitor.conn.poll():
                item = visitor.conn.recv()
                if visitor.first_screen is None:
                    visitor.first_screen = item
                    visitor.ready.set_result(visitor)
                elif visitor.socket is not None:
                    visitor.socket.write_message(json.dumps(item))
        except (EOFError, OSError):
            self.end(visitor)  # the process died
        except tornado.websocket.WebSocketClosedError:
            pass  # the page went meanwhile: its answer is not needed

    async def take(self) -> Visitor | None:
        """A ready visitor's process for a new page (None: the table is full)."""
        if len(self.visitors) >= self.max_visitors:
            return None
        for _attempt in range(3):  # a process that died before it was ready: the next one
            visitor = self.waiting.popleft() if self.waiting else self.start_one()
            self.fill()
            try:
                await visitor.ready
            except RuntimeError:
                continue
            break
        else:
            raise tornado.web.HTTPError(500, "no table's process started")
        self.visitors[visitor.token] = visitor
        self.cull_later(visitor)  # until its page connects
        return visitor

    def cull_later(self, visitor: Visitor) -> None:
        """End ``visitor``'s process after the cull time, unless a page connects first."""
        loop = tornado.ioloop.IOLoop.current()
        if visitor.cull is not None:
            loop.remove_timeout(visitor.cull)
        visitor.cull = loop.call_later(self.cull_seconds, self.end, visitor)

    def attach(self, visitor: Visitor, socket: TableSocket) -> None:
        """``socket`` is the page of ``visitor``'s table now: their process is kept."""
        if visitor.cull is not None:
            tornado.ioloop.IOLoop.current().remove_timeout(visitor.cull)
            visitor.cull = None
        visitor.socket = socket

    def detach(self, visitor: Visitor, socket: TableSocket) -> None:
        """``visitor``'s page has closed ``socket``: their process is culled later."""
        if visitor.socket is socket:
            visitor.socket = None
            if not visitor.ended:
                self.cull_later(visitor)

    def end(self, visitor: Visitor) -> None:
        """End a visitor's process and forget it."""
        if visitor.ended:
            return
        visitor.ended = True
        loop = tornado.ioloop.IOLoop.current()
        if visitor.cull is not None:
            loop.remove_timeout(visitor.cull)
        with contextlib.suppress(KeyError, ValueError, OSError):
            loop.remove_handler(visitor.conn.fileno())
        self.visitors.pop(visitor.token, None)
        was_waiting = visitor in self.waiting
        with contextlib.suppress(ValueError):
            self.waiting.remove(visitor)
        visitor.stop()
        if visitor.socket is not None:
            visitor.socket.close()
        if not visitor.ready.done():
            visitor.ready.set_exception(RuntimeError("the visitor's process ended"))
        # it ends at once unless busy with a long piece of work (a review): not waited for here,
        # where every other visitor's messages would wait too
        loop.call_later(REAP_SECONDS, reap, visitor)
        if visitor.first_screen is None and not self.closed:
            log.error("a table's process ended before its table was ready: see above")
        elif was_waiting:
            self.fill()  # a preheated table died: another takes its place (not one that never
            # became ready: the next would most likely die the same way, and the next)

    def close(self) -> None:
        """End every process (the server is stopping)."""
        self.closed = True
        everyone = [*self.waiting, *self.visitors.values()]
        for visitor in everyone:
            self.end(visitor)
        for visitor in everyone:
            reap(visitor, wait=1.0)

    def pids(self) -> dict[str, list[int]]:
        """The processes' ids: waiting for a visitor, and taken."""
        return {
            "waiting": [v.pid for v in self.waiting],
            "visitors": [v.pid for v in self.visitors.values()],
        }


def reap(visitor: Visitor, wait: float = 0.0) -> None:
    """Collect an ended visitor's process, killing it if it has not ended (within ``wait`` s);
    close the pipe once its writer is done."""
    visitor.process.join(timeout=wait)
    if visitor.process.is_alive():
        visitor.process.kill()
    visitor.process.join(timeout=5)
    visitor.writer.join(timeout=1)  # it ends once the process is gone
    with contextlib.suppress(OSError):
        visitor.conn.close()


def process_context() -> Any:
    """Where visitors' processes come from: forked from a process that has imported the table
    already (fast to start, the library's memory shared), where the platform can fork."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["cardlib.widgets.table_page", __name__])
        return context
    return multiprocessing.get_context("spawn")


# ----- the page and the websocket ---------------------------------------------------------


def page_html(visitor: Visitor) -> str:
    """The page for ``visitor``: their first screen inline, their token."""
    screen = visitor.first_screen or {}
    lang = str(screen.get("page", {}).get("lang", "en"))
    title = str(screen.get("page", {}).get("words", {}).get("title", ""))
    # inside <script>, "</" would end it: JSON allows the escaped slash
    data = json.dumps(screen, ensure_ascii=False).replace("</", "<\\/")
    return f"""<!doctype html>
<html lang="{html.escape(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="static/table.css">
<link rel="stylesheet" href="static/table_page.css">
<script type="module" src="static/table_page_socket.js"></script>
</head>
<body>
<main id="cardlib-app" data-token="{html.escape(visitor.token)}">
<h1>{html.escape(title)}</h1>
<div id="cardlib-table-page"></div>
</main>
<script type="application/json" id="cardlib-first-screen">{data}</script>
</body>
</html>
"""


def full_html() -> str:
    """The page when every place at the table is taken."""
    text = _("The card table is full: every place on this server is taken. Try again later.")
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>'
        f"{html.escape(text)}</title></head><body><p>{html.escape(text)}</p></body></html>"
    )


class SecureHandler(tornado.web.RequestHandler):
    """An answer of this server, with its security headers (:data:`HEADERS`)."""

    def set_default_headers(self) -> None:
        """:data:`HEADERS` on every answer."""
        for name, value in HEADERS.items():
            self.set_header(name, value)


class PageHandler(SecureHandler):
    """``GET /``: a new visitor's page, with a table of their own from the pool."""

    def initialize(self, pool: Pool) -> None:
        """The pool the tables come from."""
        self.pool = pool

    async def get(self) -> None:
        """The page (503 and a note when every place is taken)."""
        visitor = await self.pool.take()
        if visitor is None:
            self.set_status(503)
            self.finish(full_html())
            return
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(page_html(visitor))


class StaticHandler(SecureHandler):
    """``GET /static/NAME``: the page's own files (:data:`STATIC_FILES`), no other."""

    TYPES: ClassVar[dict[str, str]] = {".js": "text/javascript", ".css": "text/css"}

    def get(self, name: str) -> None:
        """The file named ``name``, or 404."""
        path = STATIC_FILES.get(name)
        if path is None:
            raise tornado.web.HTTPError(404)
        self.set_header("Content-Type", self.TYPES[path.suffix] + "; charset=utf-8")
        self.finish(path.read_bytes())


class ReadyHandler(SecureHandler):
    """``/ready``: 200 once the pool is full (its processes ready); else 503."""

    def initialize(self, pool: Pool) -> None:
        """The pool whose readiness is told."""
        self.pool = pool

    def get(self) -> None:
        """The pool's state, as JSON."""
        ready = sum(v.first_screen is not None for v in self.pool.waiting)
        self.set_status(200 if ready >= self.pool.size else 503)
        self.finish({"ready": ready, "pool": self.pool.size, "visitors": len(self.pool.visitors)})


class TableSocket(tornado.websocket.WebSocketHandler):
    """One page's connection to its visitor's process."""

    def initialize(self, pool: Pool) -> None:
        """The pool whose tables the sockets reach."""
        self.pool = pool
        self.visitor: Visitor | None = None

    def check_origin(self, origin: str) -> bool:
        """Only a page of this server (the same host) may connect: another site's page,
        open in a visitor's browser, may not play at their table."""
        same = bool(super().check_origin(origin))
        if not same:
            log.warning("refused a websocket from another origin: %r", origin[:200])
        return same

    def open(self, *args: str, **kwargs: str) -> None:
        """Connect to the table of the page's token (4404: none; 4409: another page has it)."""
        visitor = self.pool.visitors.get(self.get_argument("token", ""))
        if visitor is None or visitor.ended:
            self.close(4404, "no such table")  # culled, or never served
            return
        if visitor.socket is not None:
            self.close(4409, "this table is open in another page")
            return
        self.visitor = visitor
        self.pool.attach(visitor, self)

    def on_message(self, message: str | bytes) -> None:
        """A message from the page: text goes on to the visitor's process, as it is."""
        if self.visitor is None or not isinstance(message, str):
            return  # the page sends text only
        if not self.visitor.send(message) and self.visitor.dropped == 1:
            log.warning("a page sent messages faster than its table takes them: dropped")

    def on_close(self) -> None:
        """The page has gone: its table is culled later."""
        if self.visitor is not None:
            self.pool.detach(self.visitor, self)


def application(pool: Pool) -> tornado.web.Application:
    """The server's pages: ``/`` (a visitor's page), ``/ws`` (its socket), ``/ready``,
    ``/static/…``; websocket messages at most :data:`MAX_MESSAGE_BYTES`."""
    return tornado.web.Application(
        [
            (r"/", PageHandler, {"pool": pool}),
            (r"/ws", TableSocket, {"pool": pool}),
            (r"/ready", ReadyHandler, {"pool": pool}),
            (r"/static/([A-Za-z_.]+)", StaticHandler),
        ],
        websocket_max_message_size=MAX_MESSAGE_BYTES,
        websocket_ping_interval=PING_SECONDS,
        websocket_ping_timeout=PING_SECONDS,
    )


def serve(
    port: int,
    host: str = "127.0.0.1",
    pool_size: int = DEFAULT_POOL,
    cull_seconds: float = CULL_SECONDS,
    max_visitors: int = MAX_VISITORS,
    on_ready: Callable[[], None] | None = None,
) -> None:
    """Serve the card table on ``host:port`` until interrupted."""
    from cardlib import progress

    # each visitor's record of matches is kept in their browser (and their process's memory),
    # never in one file on the server that the class would share
    os.environ[progress.ENVIRONMENT_VARIABLE] = progress.IN_MEMORY
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    pool = Pool(pool_size, cull_seconds, max_visitors)
    app = application(pool)
    loop = tornado.ioloop.IOLoop.current()
    server = app.listen(port, address=host, xheaders=False)
    loop.add_callback(pool.fill)
    # stopped (make app's Ctrl-C, a test's SIGTERM): the visitors' processes are ended first
    for number in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):  # Windows: Ctrl-C ends it as it may
            loop.asyncio_loop.add_signal_handler(number, loop.stop)  # type: ignore[attr-defined]
    print(f"The card table: http://{host}:{port}/", file=sys.stderr, flush=True)
    if on_ready is not None:
        loop.add_callback(on_ready)
    try:
        loop.start()
    finally:
        server.stop()
        pool.close()
