"""The static site's card table page, old and new, side by side: how soon the table is on
screen and how soon it answers the learner's first click, and what each visit downloads.

Measured, never asserted. For each page, a cold visit (a fresh browser profile) then a warm
one (the same profile, the page opened again; the match it kept is forgotten first, so both
visits deal a new match), at 1280×900:

- **drawn**: from the visit (the site's address, ``?page=…``) to the table's call pad on
  screen;
- **answered**: to the first call answered (the call pad gone): the learner clicks a call the
  moment the pad is drawn; on the new page that is before Python is ready (the page holds the
  click), on the old one the table only appears once Python has run the notebook;
- **MB**: what the site's server sent from the visit until the call was answered (a warm
  visit's files come from the browser's copies, the service worker's and the HTTP cache), and
  **MB kept**: until the page had also kept its files for a visit offline;
- on the new page, when its worker reached each step (Pyodide started, the wheels unpacked,
  cardlib imported, the table made: seconds from the page's start).

The pages: ``?page=table`` (the build's ``table/``: no Jupyter, its Python in a Web Worker)
and ``?page=table-notebook`` (make app's notebook run by itself in JupyterLite's Notebook
interface, the table page before it). The browser is Debian's Chromium with every host but
127.0.0.1 blocked, as in ``tests/ui/test_lite_site.py``; the machine's load average is printed
(every figure is wall-clock time). Run ``python benchmarks/table_page_start.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT / "tests" / "ui"))

from jupyter_driver import CHROMIUM  # noqa: E402
from lite_driver import OFFLINE_ARGS, Site, built_site, serve_site  # noqa: E402

PAGES = {"new": "table", "old": "table-notebook"}
CALL = "div.cardlib-table .cl-calls button.cl-legal"


class CountingHandler(serve_site.SiteHandler):
    """The site's server, noting the bytes of every file it sends."""

    lock = threading.Lock()
    sent = 0

    def copyfile(self, source, outputfile) -> None:
        data = source.read()
        outputfile.write(data)
        with CountingHandler.lock:
            CountingHandler.sent += len(data)


def visit(page, url: str, new: bool) -> dict:
    """Open ``url``, click a call as soon as the pad is drawn; the figures of the visit."""
    before = CountingHandler.sent
    started = time.monotonic()
    page.goto(url)
    call = page.locator(CALL).first
    call.wait_for(timeout=300_000)
    drawn = time.monotonic() - started
    call.click()
    page.locator("div.cardlib-table .cl-calls button").first.wait_for(
        state="detached", timeout=300_000
    )
    answered = time.monotonic() - started
    figures = {"drawn": drawn, "answered": answered, "MB": CountingHandler.sent - before}
    # and once the page has kept its files for a visit offline (a cold visit fetches through
    # the service worker what the page and its worker loaded before it took over)
    page.evaluate("window.cardlibTable.kept" if new else "window.cardlibKept")
    figures["MB kept"] = CountingHandler.sent - before
    phases = page.evaluate("window.cardlibTable?.phases ?? null")
    if phases:
        figures.update({f"worker {k}": v / 1000 for k, v in phases.items() if k != "start"})
    return figures


def forget_the_match(page) -> None:
    page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('cardlib-table-match'))"
        ".forEach(k => localStorage.removeItem(k))"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="visits of each kind (3)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    print(f"load average before: {os.getloadavg()}")
    results: dict[tuple[str, str], list[dict]] = {}
    # the browser tests' build (the same arguments: no second build)
    site = Site(built_site(graded="homework"), CountingHandler)
    with site, sync_playwright() as playwright:
        for _ in range(args.runs):
            for name, query in PAGES.items():
                # a profile on disk, as a learner's browser has: its HTTP cache is on disk too
                with tempfile.TemporaryDirectory(prefix="cardlib-profile-") as profile:
                    context = playwright.chromium.launch_persistent_context(
                        profile,
                        executable_path=str(CHROMIUM),
                        headless=True,
                        args=OFFLINE_ARGS,
                        viewport={"width": 1280, "height": 900},
                    )
                    # (no Playwright routing: it turns the HTTP cache off; the resolver rule
                    # of OFFLINE_ARGS alone keeps every other host out)
                    page = context.new_page()
                    page.on("dialog", lambda dialog: dialog.accept())
                    url = f"{site.url}?page={query}"
                    results.setdefault((name, "cold"), []).append(visit(page, url, name == "new"))
                    forget_the_match(page)
                    results.setdefault((name, "warm"), []).append(visit(page, url, name == "new"))
                    context.close()
    print(f"load average after: {os.getloadavg()}")
    print(f"medians of {args.runs} visits at 1280×900 (seconds; MB sent by the server):")
    for (name, kind), runs in results.items():
        keys = [k for k in runs[0] if all(k in run for run in runs)]
        shown = []
        for key in keys:
            value = statistics.median(run[key] for run in runs)
            megabytes = key in ("MB", "MB kept")
            shown.append(f"{key} {value / 1e6:.2f}" if megabytes else f"{key} {value:.1f}")
        print(f"  {name:3} {kind}: " + ", ".join(shown))
    return 0


if __name__ == "__main__":
    sys.exit(main())
