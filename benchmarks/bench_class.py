"""A class opening the card table app (``make app``) together: N visitors at once.

Voilà is started as ``make app POOL=P`` starts it; once its pool of preheated kernels is
full and they have run the app, N pages (each a fresh browser context, in one headless
Chromium) ask for the page at the same moment. Reported:

- **time to a playable table**: from each page's navigation start to its first allowed call
  or card (the page records it itself, so a slow page does not delay the others' figures),
  median and slowest;
- **memory per visitor**: the resident memory of every kernel under Voilà with all N pages
  open, over N (Voilà's own process counted once, apart);
- **each answers a call and a card**: every visitor clicks a call at once, then a card at
  once; the seconds until every table has answered each;
- where the time went: the median page's first byte, last byte, scripts run, table drawn;
  and the CPU seconds Voilà, its kernels and the browser used while the pages opened;
- **kernels left** once every page has been closed as a tab is closed and the pool has been
  refilled (P are expected, waiting for the next visitors).

The machine's load average is printed with the figures: on a busy machine they are slower.

    python benchmarks/bench_class.py [--visitors 10] [--pool 10]
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
sys.path.insert(0, str(PROJECT / "benchmarks"))

from bench_table import close_tab, cpu_ticks, started, wait_for_kernels, wait_until_warm  # noqa: E402
from jupyter_driver import CHROMIUM, CHROMIUM_ARGS, kernel_processes  # noqa: E402

PLAYABLE = ".cl-calls button.cl-legal, .cl-hand button.cl-legal"
#: Each page notes the moments (ms since its navigation began) its table was first drawn and
#: first became playable.
RECORD_PLAYABLE = f"""
new MutationObserver((_changes, observer) => {{
  if (window.__tableAt === undefined && document.querySelector('.cardlib-table')) {{
    window.__tableAt = performance.now();
  }}
  if (document.querySelector({PLAYABLE!r})) {{
    window.__playableAt = performance.now();
    observer.disconnect();
  }}
}}).observe(document, {{ subtree: true, childList: true }});
"""
#: Where a page's time went, in seconds from its navigation's start: the page's first byte
#: from Voilà, its last byte, its scripts run (DOMContentLoaded), the table drawn, playable.
STAGES = """() => {
  const n = performance.getEntriesByType('navigation')[0];
  return [n.responseStart, n.responseEnd, n.domContentLoadedEventEnd, window.__tableAt,
          window.__playableAt].map(t => t / 1000);
}"""
STAGE_NAMES = ("first byte", "last byte", "scripts run", "table drawn", "playable")
TICKS = os.sysconf("SC_CLK_TCK")


def rss_mb(procs: list[Path]) -> float:
    """The processes' resident memory, in MB."""
    total = 0
    for proc in procs:
        try:
            for line in (proc / "status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


CALL = ".cl-calls button.cl-legal"
CARD = ".cl-hand button.cl-legal"
#: The table has answered the click made at ``serial`` (and, if ``next`` names one, offers
#: the learner's next kind of action).
ANSWERED = """([serial, next]) => {
  const table = document.querySelector('.cardlib-table');
  return table && table.dataset.serial !== serial && (!next || !!document.querySelector(next));
}"""


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


def cpu_by_part(server) -> dict[str, float]:
    """CPU seconds used so far by Voilà itself, its kernels, and the browser (every other
    process this benchmark started: Chromium's and Playwright's driver)."""
    parents = {}
    for proc in Path("/proc").iterdir():
        try:
            parents[int(proc.name)] = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (ValueError, OSError):
            continue

    def descends(pid: int, ancestor: int) -> bool:
        while pid > 1:
            if pid == ancestor:
                return True
            pid = parents.get(pid, 0)
        return False

    voila, me = server.process.pid, os.getpid()
    browser = [p for p in parents if p != me and descends(p, me) and not descends(p, voila)]
    return {
        "Voilà": cpu_ticks([Path(f"/proc/{voila}")]) / TICKS,
        "kernels": cpu_ticks(kernel_processes(server)) / TICKS,
        "browser": cpu_ticks([Path(f"/proc/{p}") for p in browser]) / TICKS,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visitors", type=int, default=10)
    parser.add_argument("--pool", type=int, default=10, help="kernels kept preheated")
    parser.add_argument(
        "--refill-delay", type=float, help="seconds before a taken kernel is replaced"
    )
    parser.add_argument(
        "--give-up", type=float, default=600, help="seconds before a page counts as stuck"
    )
    parser.add_argument("--cull", type=int, default=300, help="idle seconds before culling")
    args = parser.parse_args()
    if not CHROMIUM.exists():
        print(f"{CHROMIUM} is missing: no browser to measure with", file=sys.stderr)
        return 1
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="bench-class-"))
    load_before = os.getloadavg()
    options = {} if args.refill_delay is None else {"refill_delay": args.refill_delay}
    server = started(work, "class", args.pool, args.cull, **options)
    try:
        if args.pool:
            wait_until_warm(server, fills=1, timeout=60 + 30 * args.pool)
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
            kernels = kernel_processes(server)
            per_visitor = rss_mb(kernels) / args.visitors
            own = rss_mb([Path(f"/proc/{server.process.pid}")])
            answers = [answer_together(playing, CALL, CARD), answer_together(playing, CARD, "")]
            for page in pages:
                close_tab(page)
            browser.close()
        # the closed pages' kernels shut down, and the pool refilled for the next visitors
        delays = [a for a in server.argv if a.startswith("--VoilaKernelManager.fill_delay=")]
        refill = float(delays[0].split("=")[1]) if delays else 0.0
        left = wait_for_kernels(server, lambda n: n == args.pool, 120 + refill + 10 * args.pool)
    finally:
        server.stop()
    load_after = os.getloadavg()
    medians = [statistics.median(stage[i] for stage in stages) for i in range(len(STAGE_NAMES))]
    print(
        "median page, s from its start: "
        + ", ".join(f"{name} {t:.1f}" for name, t in zip(STAGE_NAMES, medians, strict=True))
    )
    print(
        "CPU s used while the pages opened: "
        + ", ".join(f"{name} {cpu_after[name] - cpu_before[name]:.0f}" for name in cpu_after)
        + " (kernels: those alive at the end, the refills included)"
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
        f"median "
        f"{statistics.median(seconds):.1f} s, slowest {max(seconds):.1f} s; "
        f"{len(kernels)} kernels, {per_visitor:.0f} MB a visitor (Voilà itself {own:.0f} MB); "
        f"kernels left after they left: {left} ({args.pool} preheated for the next ones); "
        f"load average {load_before[0]:.1f} before, {load_after[0]:.1f} after "
        f"({os.cpu_count()} cores)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
