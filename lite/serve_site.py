"""Serve the built site on 127.0.0.1 for a try-out: ``make lite-serve`` (any static host will do).

The site must come over http(s): browsers refuse module scripts from ``file://``.
This server answers like the plainest static host (a school's web server,
``python -m http.server``): the types the site needs (``.mjs`` as JavaScript,
``.wasm`` as WebAssembly), and no caching headers at all, so that browsers cache
the site by their own guesses, as they would from such a host (every build of the
site has its own folder, so a rebuilt site is still seen at once); with
``--prefix /cardlib/``, under a subpath, as a project's pages would be.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from pathlib import Path
from typing import ClassVar

DEFAULT_SITE = Path(__file__).resolve().parents[1] / "build" / "lite"

TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".ipynb": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files from ``directory`` under URL ``prefix`` (which ends with "/")."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **TYPES,
    }

    def __init__(self, *args, prefix: str = "/", log: bool = False, **kwargs):
        self.prefix, self.log = prefix, log
        super().__init__(*args, **kwargs)

    def translate_path(self, path: str) -> str:
        return super().translate_path("/" + path[len(self.prefix) :])

    def send_head(self):
        if self.path == self.prefix.rstrip("/"):  # /cardlib -> /cardlib/
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.end_headers()
            return None
        if not self.path.startswith(self.prefix):
            self.send_error(404, "Not under " + self.prefix)
            return None
        return super().send_head()

    def log_message(self, format, *args):
        if self.log:
            super().log_message(format, *args)


def handler_for(
    site: Path, prefix: str = "/", log: bool = False, handler: type = SiteHandler
) -> functools.partial:
    """The request handler serving ``site`` under ``prefix`` (a server's ``RequestHandlerClass``;
    replacing it makes the server serve another folder, as a host whose files were replaced)."""
    if not (site / "index.html").exists():
        raise FileNotFoundError(f"{site} holds no site: run `make lite` first")
    return functools.partial(handler, directory=str(site), prefix=prefix, log=log)


class SiteServer(http.server.ThreadingHTTPServer):
    """A threading HTTP server that takes a visitor going away mid-file (a page closed or
    reloaded while the Python runtime was still coming) for what it is: no error of the site's,
    so no traceback on the console."""

    def handle_error(self, request, client_address) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):  # a broken pipe, a reset
            return
        super().handle_error(request, client_address)


def make_server(site: Path, port: int = 0, prefix: str = "/", log: bool = False) -> SiteServer:
    """A server for ``site`` on 127.0.0.1 (``port`` 0: a free one); not yet serving."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler = handler_for(site, prefix, log)
    server = SiteServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    server.prefix = prefix
    server.url = f"http://127.0.0.1:{server.server_address[1]}{prefix}"
    return server


def serve_in_background(site: Path, prefix: str = "/", port: int = 0) -> SiteServer:
    """Start serving ``site`` on ``port`` (0: a free one) in a thread; ``.url`` is its address."""
    server = make_server(site, port, prefix)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=DEFAULT_SITE, help="the built site")
    parser.add_argument("--port", type=int, default=8000, help="port on 127.0.0.1 (8000)")
    parser.add_argument("--prefix", default="/", help="serve under a subpath, e.g. /cardlib/")
    args = parser.parse_args(argv)
    try:
        server = make_server(args.site, args.port, args.prefix, log=True)
    except (FileNotFoundError, OSError) as error:
        print(f"make lite-serve: {error}", file=sys.stderr)
        return 1
    print(f"Serving {args.site} at {server.url} (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
