"""The card table app (``make app``): page open → playable table, and kernels left behind.

Voilà is started as ``make app`` starts it (:func:`cardlib.app.voila_argv`: idle kernels of
closed pages culled; no preheated kernel, see there why), in Debian's Chromium:

1. **page open → playable table**: from ``page.goto`` to the first allowed call or card
   on screen, for ``--visits`` visits one after another (each a fresh browser context,
   so nothing is restored from local storage);
2. **kernels alive after ten pages opened and closed**: ten pages opened one after another
   and closed; the kernels still running are counted at once and again after the culling
   time. The benchmark culls after ``--cull`` seconds (``make app``: 300 s, see
   :data:`cardlib.app.CULL_IDLE_SECONDS`), so as not to wait five minutes.

Run ``python benchmarks/bench_table.py [--visits N] [--pages N]``; ``make bench`` runs it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT / "tests" / "ui"))

from jupyter_driver import CHROMIUM, CHROMIUM_ARGS, Server, free_port  # noqa: E402

from cardlib.app import DEFAULT_NOTEBOOK, app_notebook, voila_argv  # noqa: E402

PLAYABLE = ".cl-calls button.cl-legal, .cl-hand button.cl-legal"


def kernels_of(server: Server) -> int:
    """The kernels (ipykernel processes) running under the Voilà server."""
    count = 0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            stat = (proc / "stat").read_text()
            cmdline = (proc / "cmdline").read_bytes()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])  # the parent's id (field 4)
        if parent == server.process.pid and b"ipykernel" in cmdline:
            count += 1
    return count


def wait_for_kernels(server: Server, wanted, timeout: float) -> int:
    """Poll until ``wanted(count)`` or ``timeout`` seconds; the last count."""
    deadline = time.monotonic() + timeout
    while True:
        count = kernels_of(server)
        if wanted(count) or time.monotonic() > deadline:
            return count
        time.sleep(0.5)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visits", type=int, default=5, help="timed page openings")
    parser.add_argument("--pages", type=int, default=10, help="pages opened and closed")
    parser.add_argument("--cull", type=int, default=60, help="idle seconds before culling")
    args = parser.parse_args()
    if not CHROMIUM.exists():
        print(f"{CHROMIUM} is missing: no browser to measure with", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="bench-table-"))
    port = free_port()
    argv = voila_argv(
        app_notebook(PROJECT / DEFAULT_NOTEBOOK, work / "app"),
        port,
        cull_idle=args.cull,
        cull_interval=max(1, args.cull // 4),
    )
    server = Server(argv=argv, url=f"http://127.0.0.1:{port}/", log_path=work / "voila.log")
    server.start(ready_path="")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
            )
            timings = []
            for _ in range(args.visits):
                context = browser.new_context()
                page = context.new_page()
                start = time.perf_counter()
                page.goto(server.url)
                page.locator(PLAYABLE).first.wait_for(timeout=120_000)
                timings.append(time.perf_counter() - start)
                open_kernels = kernels_of(server)  # the count works: one for the open page
                context.close()
            print(
                f"page open → playable table: median {statistics.median(timings):.2f} s"
                f" (min {min(timings):.2f}, max {max(timings):.2f}; {len(timings)} visits;"
                f" target ≤ 3 s); kernels alive with one page open: {open_kernels}"
            )
            for _ in range(args.pages):
                context = browser.new_context()
                page = context.new_page()
                page.goto(server.url)
                page.locator(PLAYABLE).first.wait_for(timeout=120_000)
                context.close()
            browser.close()
        at_once = kernels_of(server)
        time.sleep(args.cull)
        later = wait_for_kernels(server, lambda n: n == 0, 3 * args.cull)
        print(
            f"kernels alive after {args.pages} pages opened and closed: {at_once} at once, "
            f"{later} after {args.cull} s idle"
        )
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
