"""A class opening the card table app (``make app``) together: N visitors at once.

The app's server is started as ``make app POOL=P`` starts it (``python -m cardlib.app``: the
table's own page, cardlib.app_server); once its pool of P preheated tables is ready, N pages
(each a fresh browser context, in one headless Chromium) ask for the page at the same moment.
Reported:

- **time to a playable table**: from each page's navigation start until its table shows an
  allowed call or card *and* its websocket to the visitor's process is open (the page is no
  longer marked busy: a click is sent at once, not held), median and slowest; the page records
  it itself, so a slow page does not delay the others' figures. When the table was first drawn
  (from the first screen inline in the page, clicks held until the socket opens) is shown too;
- **memory per visitor**: the proportional set size (PSS: each shared page split between the
  processes that share it) of every table's process with all N pages open, over N; their
  resident size (RSS, shared pages counted in full each time) beside it; the server's own;
- **each answers a call and a card**: every visitor clicks a call at once, then a card at
  once; the seconds until every table has answered each;
- where the time went: the median page's first byte, last byte, scripts run, table drawn,
  playable; and the CPU seconds the server, the tables' processes and the browser used while
  the pages opened;
- **processes left** once every page has been closed as a tab is closed and the cull time
  (``--cull``, 5 s here) has passed: P are expected, waiting for the next visitors.

The machine's load average is printed with the figures: on a busy machine they are slower.

    python benchmarks/bench_class.py [--visitors 30] [--pool 30]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT / "tests" / "ui"))

from jupyter_driver import (  # noqa: E402
    APP_READY,
    CHROMIUM,
    CHROMIUM_ARGS,
    table_app_server,
    table_processes,
)

PLAYABLE = ".cl-calls button.cl-legal, .cl-hand button.cl-legal"
#: Each page notes the moments (ms since its navigation began) its table was first drawn and
#: first became playable: an allowed action shown, and the page's socket open (table_page.js
#: drops aria-busy once its transport is ready).
RECORD_PLAYABLE = f"""
new MutationObserver((_changes, observer) => {{
  if (window.__tableAt === undefined && document.querySelector('.cardlib-table')) {{
    window.__tableAt = performance.now();
  }}
  const page = document.querySelector('.cardlib-table-page');
  if (page && !page.hasAttribute('aria-busy') && document.querySelector({PLAYABLE!r})) {{
    window.__playableAt = performance.now();
    observer.disconnect();
  }}
}}).observe(document, {{ subtree: true, childList: true, attributes: true }});
"""
#: Where a page's time went, in seconds from its navigation's start: the page's first byte
#: from the server, its last byte, its scripts run (DOMContentLoaded), the table drawn, playable.
STAGES = """() => {
  const n = performance.getEntriesByType('navigation')[0];
  return [n.responseStart, n.responseEnd, n.domContentLoadedEventEnd, window.__tableAt,
          window.__playableAt].map(t => t / 1000);
}"""
STAGE_NAMES = ("first byte", "last byte", "scripts run", "table drawn", "playable")
TICKS = os.sysconf("SC_CLK_TCK")
CALL = ".cl-calls button.cl-legal"
CARD = ".cl-hand button.cl-legal"
#: The table has answered the click made at ``serial`` (and, if ``next`` names one, offers
#: the learner's next kind of action).
ANSWERED = """([serial, next]) => {
  const table = document.querySelector('.cardlib-table');
  return table && table.dataset.serial !== serial && (!next || !!document.querySelector(next));
}"""


def memory_mb(procs: list[Path], field: str) -> float:
    """The processes' memory, in MB: ``Pss`` (from smaps_rollup) or ``Rss``."""
    total = 0
    for proc in procs:
        try:
            for line in (proc / "smaps_rollup").read_text().splitlines():
                if line.startswith(f"{field}:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


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


def answer_together(pages, action: str, then: str) -> float:
    """Every visitor clicks their first allowed ``action`` at once; the seconds until every
    table has answered (and offers ``then``, if given)."""
    serials = []
    for page in pages:
        page.locator(action).first.wait_for(timeout=600_000)
        serials.append(page.locator(".cardlib-table").get_attribute("data-serial") or "")
    start = time.perf_counter()
    for page in pages:
        page.locator(action).first.click()
    for page, serial in zip(pages, serials, strict=True):
        page.wait_for_function(ANSWERED, arg=[serial, then], timeout=600_000)
    return time.perf_counter() - start


def parents() -> dict[int, int]:
    found = {}
    for proc in Path("/proc").iterdir():
        try:
            found[int(proc.name)] = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (ValueError, OSError, IndexError):
            continue
    return found


def descends(tree: dict[int, int], pid: int, ancestor: int) -> bool:
    while pid > 1:
        if pid == ancestor:
            return True
        pid = tree.get(pid, 0)
    return False


def cpu_by_part(server) -> dict[str, float]:
    """CPU seconds used so far by the server itself, the tables' processes (and the one they
    are forked from), and the browser (every other process this benchmark started)."""
    tree = parents()
    me, root = os.getpid(), server.process.pid
    browser = [p for p in tree if p != me and descends(tree, p, me) and not descends(tree, p, root)]
    under = [p for p in tree if p != root and descends(tree, p, root)]
    return {
        "server": cpu_ticks([Path(f"/proc/{root}")]) / TICKS,
        "tables": cpu_ticks([Path(f"/proc/{p}") for p in under]) / TICKS,
        "browser": cpu_ticks([Path(f"/proc/{p}") for p in browser]) / TICKS,
    }


def wait_for_tables(server, wanted: int, timeout: float) -> int:
    """Poll until ``wanted`` tables' processes run, or ``timeout`` seconds; the last count."""
    deadline = time.monotonic() + timeout
    while (count := len(table_processes(server))) != wanted and time.monotonic() < deadline:
        time.sleep(0.2)
    return count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visitors", type=int, default=10)
    parser.add_argument("--pool", type=int, default=10, help="tables kept preheated")
    parser.add_argument(
        "--give-up", type=float, default=600, help="seconds before a page counts as stuck"
    )
    parser.add_argument("--cull", type=float, default=5, help="seconds before a closed page's "
                        "table is ended")  # fmt: skip
    args = parser.parse_args()
    if not CHROMIUM.exists():
        print(f"{CHROMIUM} is missing: no browser to measure with", file=sys.stderr)
        return 1
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="bench-class-"))
    load_before = os.getloadavg()
    server = table_app_server(
        work, pool=args.pool, cull=args.cull, max_visitors=max(200, args.visitors)
    )
    server.start(ready_path=APP_READY, timeout=120 + 5 * args.pool)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
            )
            pages = []
            errors: list[str] = []
            for _ in range(args.visitors):
                context = browser.new_context()
                context.add_init_script(RECORD_PLAYABLE)
                page = context.new_page()
                page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
                page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
                pages.append(page)
            cpu_before = cpu_by_part(server)
            for page in pages:  # every visitor asks at once: nobody waits for the page
                page.goto(server.url, wait_until="commit")
            seconds, stages, stuck = [], [], []
            deadline = time.monotonic() + args.give_up
            for page in pages:
                try:
                    page.wait_for_function(
                        "() => window.__playableAt !== undefined",
                        timeout=max(1, deadline - time.monotonic()) * 1000,
                    )
                except PlaywrightTimeout:
                    stuck.append(page)
                    continue
                seconds.append(page.evaluate("() => window.__playableAt") / 1000)
                stages.append(page.evaluate(STAGES))
            playing = [page for page in pages if page not in stuck]
            cpu_after = cpu_by_part(server)
            tables = table_processes(server)
            pss = memory_mb(tables, "Pss") / args.visitors
            rss = memory_mb(tables, "Rss") / args.visitors
            # the server, and what it started that is no table: the process the tables are
            # forked from, multiprocessing's resource tracker
            tree = parents()
            own = memory_mb(
                [Path(f"/proc/{server.process.pid}")]
                + [Path(f"/proc/{p}") for p, up in tree.items() if up == server.process.pid],
                "Pss",
            )
            answers = [answer_together(playing, CALL, CARD), answer_together(playing, CARD, "")]
            for page in pages:
                page.close(run_before_unload=True)
                page.context.close()
            browser.close()
        # the closed pages' tables culled, the pool waiting for the next visitors
        left = wait_for_tables(server, args.pool, args.cull + 60 + args.visitors)
    finally:
        server.stop()
    load_after = os.getloadavg()
    medians = [statistics.median(stage[i] for stage in stages) for i in range(len(STAGE_NAMES))]
    print(
        "median page, s from its start: "
        + ", ".join(f"{name} {t:.2f}" for name, t in zip(STAGE_NAMES, medians, strict=True))
    )
    print(
        "CPU s used while the pages opened: "
        + ", ".join(f"{name} {cpu_after[name] - cpu_before[name]:.1f}" for name in cpu_after)
        + " (tables: their processes, the replacements included)"
    )
    if stuck or errors:
        print(
            f"{len(stuck)} of {args.visitors} pages never playable within {args.give_up:.0f} s; "
            f"{len(errors)} console errors, the first: {errors[:3]}"
        )
    print(
        f"every visitor then answered a call and a card: the class's calls all answered in "
        f"{answers[0]:.1f} s, their cards in {answers[1]:.1f} s"
    )
    print(
        f"{len(seconds)} of {args.visitors} visitors at once, POOL={args.pool}: playable table "
        f"median {statistics.median(seconds):.1f} s, slowest {max(seconds):.1f} s; "
        f"{len(tables)} tables' processes, {pss:.1f} MB a visitor (PSS; RSS {rss:.0f} MB), "
        f"the server and its helpers {own:.0f} MB; processes left after they left: {left} "
        f"({args.pool} preheated for the next ones); load average {load_before[0]:.1f} before, "
        f"{load_after[0]:.1f} after ({os.cpu_count()} cores)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
