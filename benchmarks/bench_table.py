"""The card table notebook served by Voilà (``make app --notebook``, ``make app`` before it
served the table's own page: ``bench_class.py`` measures that): page open → playable table,
and kernels left behind.

Voilà is started as ``python -m cardlib.app --notebook app/card-table.ipynb`` starts it
(:func:`cardlib.app.voila_argv`: one kernel kept preheated, idle kernels of closed pages
culled), in Debian's Chromium:

1. **page open → playable table (preheated)**: from ``page.goto`` to the first allowed call
   or card on screen, for ``--visits`` visits one after another, each a fresh browser context
   (nothing restored from local storage), each once the preheated kernel has run the app;
2. the same **without a preheated kernel** (``preheated=0``: a kernel starts when the page
   asks for one), ``--cold`` visits, for comparison: what a visitor waits for when the
   preheated kernel has just been taken by someone else;
3. **kernels alive after ten pages opened and closed**: ten pages opened one after another
   (each until its table is playable) and closed as a tab is closed (its "beforeunload"
   runs: Voilà's page asks for its kernel to be shut down); the kernels left are counted;
4. **pages lost without closing**: ten more pages dropped without a word (no
   "beforeunload", as when a phone's browser is killed in the background): their kernels are
   counted at once and again after the culling time. The benchmark culls after ``--cull``
   seconds (``make app``: 300 s, see :data:`cardlib.app.CULL_IDLE_SECONDS`), so as not to wait
   five minutes.

What is left in the end is the preheated kernel, waiting for the next visitor.

Run ``python benchmarks/bench_table.py [--visits N] [--cold N] [--pages N]``; ``make bench``
runs it.
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

from jupyter_driver import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    Server,
    free_port,
    kernel_processes,
)

from cardlib.app import (  # noqa: E402
    DEFAULT_NOTEBOOK,
    PREHEATED_KERNELS,
    READY_PATH,
    app_notebook,
    voila_argv,
    voila_env,
)

PLAYABLE = ".cl-calls button.cl-legal, .cl-hand button.cl-legal"
#: What Voilà logs each time its pool of preheated kernels is full again.
POOL_FILLED = "Kernel pool of card-table.ipynb is filled"


def kernels_of(server: Server) -> int:
    """How many kernels run under the Voilà server."""
    return len(kernel_processes(server))


def cpu_ticks(procs: list[Path]) -> int:
    """The CPU time the processes have used so far, in clock ticks (user + system)."""
    ticks = 0
    for proc in procs:
        try:
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime, stime (fields 14, 15)
    return ticks


def wait_for_kernels(server: Server, wanted, timeout: float) -> int:
    """Poll until ``wanted(count)`` or ``timeout`` seconds; the last count."""
    deadline = time.monotonic() + timeout
    while True:
        count = kernels_of(server)
        if wanted(count) or time.monotonic() > deadline:
            return count
        time.sleep(0.5)


def wait_until_warm(server: Server, fills: int, timeout: float = 180) -> None:
    """Until Voilà has filled its pool ``fills`` times and its kernels have stopped working
    (the preheated one has run the whole app): a visitor arriving now finds it ready."""
    deadline = time.monotonic() + timeout
    while server.log_path.read_text(errors="replace").count(POOL_FILLED) < fills:
        if time.monotonic() > deadline:
            raise RuntimeError(f"the pool was not filled {fills} times:\n{server.log_tail()}")
        time.sleep(0.2)
    before = cpu_ticks(kernel_processes(server))
    while time.monotonic() < deadline:
        time.sleep(1.0)
        now = cpu_ticks(kernel_processes(server))
        if now == before:  # a whole second without work: the app has run
            return
        before = now


def open_until_playable(browser, url: str) -> tuple[float, object]:
    """A new visitor's page: the seconds from ``goto`` to a playable table, and the page."""
    page = browser.new_context().new_page()
    start = time.perf_counter()
    page.goto(url)
    page.locator(PLAYABLE).first.wait_for(timeout=120_000)
    return time.perf_counter() - start, page


def close_tab(page) -> None:
    """Close the page as a browser closes a tab: its "beforeunload" handlers run first."""
    page.close(run_before_unload=True)
    page.context.close()


def started(work: Path, name: str, preheated: int, cull: int, **options) -> Server:
    """Voilà serving the app as ``make app`` does, with ``preheated`` kernels, culling after
    ``cull`` idle seconds; waited for without asking for the page (cardlib.app.READY_PATH)."""
    port = free_port()
    argv = voila_argv(
        app_notebook(PROJECT / DEFAULT_NOTEBOOK, work / name),
        port,
        cull_idle=cull,
        cull_interval=max(1, cull // 4),
        preheated=preheated,
        **options,
    )
    server = Server(
        argv=argv, url=f"http://127.0.0.1:{port}/", log_path=work / f"{name}.log", env=voila_env()
    )
    return server.start(ready_path=READY_PATH)


def summary(timings: list[float]) -> str:
    """The visits' timings in one line: median, min and max against the 3 s target."""
    return (
        f"median {statistics.median(timings):.2f} s (min {min(timings):.2f}, "
        f"max {max(timings):.2f}; {len(timings)} visits; target ≤ 3 s)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visits", type=int, default=5, help="timed visits, preheated")
    parser.add_argument("--cold", type=int, default=3, help="timed visits, no preheated kernel")
    parser.add_argument("--pages", type=int, default=10, help="pages opened and closed")
    parser.add_argument("--cull", type=int, default=60, help="idle seconds before culling")
    args = parser.parse_args()
    if not CHROMIUM.exists():
        print(f"{CHROMIUM} is missing: no browser to measure with", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="bench-table-"))
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        if args.cold:
            server = started(work, "cold", 0, args.cull)
            try:
                cold = []
                for _ in range(args.cold):
                    seconds, page = open_until_playable(browser, server.url)
                    cold.append(seconds)
                    close_tab(page)
            finally:
                server.stop()
            print(f"page open → playable table, no preheated kernel: {summary(cold)}")

        server = started(work, "app", PREHEATED_KERNELS, args.cull)
        try:
            timings = []
            for visit in range(args.visits):
                wait_until_warm(server, fills=visit + 1)
                seconds, page = open_until_playable(browser, server.url)
                timings.append(seconds)
                open_kernels = kernels_of(server)  # the page's, and the next one heating
                close_tab(page)
            print(
                f"page open → playable table (preheated): {summary(timings)}; kernels alive "
                f"with one page open: {open_kernels}"
            )
            for _ in range(args.pages):
                _seconds, page = open_until_playable(browser, server.url)
                close_tab(page)
            left = wait_for_kernels(server, lambda n: n <= PREHEATED_KERNELS, 30)
            print(
                f"kernels alive after {args.pages} pages opened and closed: {left} "
                f"({PREHEATED_KERNELS} preheated, waiting for the next visitor)"
            )
            for _ in range(args.pages):
                _seconds, page = open_until_playable(browser, server.url)
                page.context.close()  # no "beforeunload": the page is simply gone
            browser.close()
            at_once = kernels_of(server)
            time.sleep(args.cull)
            later = wait_for_kernels(server, lambda n: n <= PREHEATED_KERNELS, 3 * args.cull)
            print(
                f"kernels alive after {args.pages} pages lost without closing: {at_once} at "
                f"once, {later} after {args.cull} s idle (culled)"
            )
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
